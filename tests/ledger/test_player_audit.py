"""A merge moves every figure of the names merged to one player, and an un-merge moves them
back: both are audited (``player_audit``, shown by ``badugi-ledger audit``), as a void or a
replacement is; a refused merge writes nothing.  The hands are built for these tests."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.store import open_ledger
from tests.helpers.ledger_builder import hand


def _ledger(path: Path) -> None:
    """Anna and Ben at one table, Benjamin and Cara at another: Ben and Benjamin can be one."""
    db = open_ledger(path)
    import_outcomes(
        db,
        [
            hand("1", {"Anna": 50, "Ben": 50}, {"Anna": 5, "Ben": 5}, {"Anna": 10}),
            hand(
                "2", {"Benjamin": 50, "Cara": 50}, {"Benjamin": 5, "Cara": 5}, {"Cara": 10}, line=5
            ),
        ],
        "night.bhh",
    )
    db.close()


def _cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args))
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def test_a_merge_and_an_unmerge_are_in_the_audit(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    _ledger(tmp_path / "club.db")
    assert _cli("players", "merge", "Benjamin", "Ben", "--db", db)[0] == 0
    assert _cli("players", "unmerge", "Ben", "--db", db)[0] == 0
    code, out = _cli("audit", "--db", db, "--json")
    assert code == 0
    entries = json.loads(out)
    assert entries["entries"] == []
    assert [(p["action"], p["name"], p["player"], p["names"]) for p in entries["players"]] == [
        ("merge", "Ben", "Benjamin", ["Ben"]),
        ("unmerge", "Ben", "Benjamin", ["Ben"]),
    ]
    code, out = _cli("audit", "--db", db)
    lines = [line.split("  ", 1)[1] for line in out.splitlines() if "  " in line]
    assert lines == ["merge  Ben: Ben into Benjamin", "unmerge  Ben: Ben out of Benjamin"]


def test_a_refused_merge_writes_nothing_to_the_audit(tmp_path: Path) -> None:
    """Anna and Ben sat in one hand: two people, not merged, nothing audited."""
    db = str(tmp_path / "club.db")
    _ledger(tmp_path / "club.db")
    code, out = _cli("players", "merge", "Anna", "Ben", "--db", db)
    assert code == 1 and "not one person" in out
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM player_audit").fetchone() == (0,)


@pytest.mark.parametrize("target", [False, True])
def test_an_unmerge_of_the_name_merged_into_names_every_name_taken_out(
    tmp_path: Path, target: bool
) -> None:
    db = str(tmp_path / "club.db")
    _ledger(tmp_path / "club.db")
    _cli("players", "merge", "Benjamin", "Ben", "--db", db)
    _cli("players", "unmerge", "Benjamin" if target else "Ben", "--db", db)
    code, out = _cli("audit", "--db", db, "--json")
    last = json.loads(out)["players"][-1]
    assert (last["action"], last["player"], last["names"]) == ("unmerge", "Benjamin", ["Ben"])
