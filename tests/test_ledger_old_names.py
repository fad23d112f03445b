"""A name an older version stored with a line break (the ledger file is edited here to hold one,
as such a version would have written it) is shown on one line by every terminal report: the
line break written visibly (``\\x0a``), as every other control character is; the JSON output
keeps the exact value."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from tests.test_ledger_cli import CUP, NIGHT, invoke, write


def old_ledger(tmp_path: Path, text: str = NIGHT, player: str = "Ben", event: str = "Fri") -> Path:
    """A ledger of ``text`` whose ``player`` and every event are named with a line break
    (``Ben\\nX``, ``Fri\\nY``), as an older version could have stored them."""
    db = tmp_path / "l.db"
    invoke("import", write(tmp_path, "night.bhh", text), "--db", db)
    with sqlite3.connect(db) as con:
        for table in ("players", "aliases"):
            con.execute(
                f"UPDATE {table} SET name = ? || char(10) || 'X' WHERE name = ?", [player, player]
            )
        con.execute("UPDATE events SET name = ? || char(10) || 'Y'", [event])
    con.close()
    return db


def lines_starting_with_a_name_part(out: str) -> list[str]:
    return [line for line in out.splitlines() if line.startswith(("X", "Y"))]


def test_reports_show_a_stored_name_with_a_line_break_on_one_line(tmp_path: Path) -> None:
    db = old_ledger(tmp_path)
    for command in ("standings", "settle", "events", "players"):
        code, out = invoke(command, "--db", db)
        assert code == 0, out
        assert not lines_starting_with_a_name_part(out), (command, out)
    code, out = invoke("settle", "--db", db)
    assert "the latest event: Fri\\x0aY" in out
    assert "Ben\\x0aX pays Cara 3 chips" in out
    code, out = invoke("events", "--db", db)
    assert "Fri\\x0aY" in out
    code, out = invoke("void", "--db", db, "--event", "1", "--hand", "1", "--reason", "typo")
    assert code == 0 and "voided hand 1 of Fri\\x0aY" in out, out
    code, out = invoke("audit", "--db", db)
    assert code == 0 and "Fri\\x0aY" in out and not lines_starting_with_a_name_part(out), out


def test_json_keeps_the_stored_name_exactly(tmp_path: Path) -> None:
    db = old_ledger(tmp_path)
    code, out = invoke("events", "--db", db, "--json")
    assert code == 0
    assert "Fri\\nY" in json.dumps(json.loads(out))


def test_tournament_shows_a_stored_name_with_a_line_break_on_one_line(tmp_path: Path) -> None:
    db = old_ledger(tmp_path, CUP, "B", "Cup")
    code, out = invoke("tournament", "--db", db, "--event", "1")
    assert code == 0 and not lines_starting_with_a_name_part(out), out
    assert out.startswith("Cup\\x0aY (2024-04-06)") and "2  B\\x0aX: prize 12.00" in out, out


def test_a_ledger_error_naming_a_stored_name_is_one_line(tmp_path: Path) -> None:
    """A command refused by the ledger prints one ``Error:`` line, even when the refusal
    names an event stored with a line break (merging two players of one hand names it)."""
    db = old_ledger(tmp_path)
    code, out = invoke("players", "merge", "Anna", "Cara", "--db", db)
    assert code == 1, out
    error = [line for line in out.splitlines() if "Error" in line or line.startswith("Y")]
    assert len(error) == 1 and "Fri\\x0aY" in error[0], out


def test_an_imports_conflict_naming_a_stored_name_is_one_line(tmp_path: Path) -> None:
    """The import's report names the ledger's event of a conflict as the ledger holds it: a
    name stored with a line break is written visibly there too, each conflict one line."""
    db = old_ledger(tmp_path)
    night = write(tmp_path, "night.bhh", NIGHT.replace("Anna 100 · Ben 100", "Anna 90 · Ben 110"))
    code, out = invoke("import", night, "--db", db)
    assert code == 1 and "conflict" in out, out
    assert "of Fri\\x0aY" in out and not lines_starting_with_a_name_part(out), out
