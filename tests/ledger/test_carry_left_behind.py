"""A carried Progressive Badugi pot taken only in part across files is imported, with a warning.

Night one (``n1.bhh``, from ``examples/progressive_night.bhh``) ends with hand P1 carrying 12
(``carry 12``; rule ``002``: the pot "is added to the money wagered in the new hand", whole).
A later night at the same table that opens with ``carry in 8``, or with no ``carry in`` at
all, leaves chips in the ledger's ``*carry*`` account that no hand takes.  File order is not
play order (a night may be recorded in several files), so the import never refuses it; its
report names the table, the hand and file that carried, the hand and file that took less,
and the chips left (``badugi_ledger/ledger/carried_pots.py``, :func:`carry_left_behind`).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger import carried_pots, carry_strangers, importing, last_week_pots
from badugi_ledger.ledger.carried_pots import PoolMove
from badugi_ledger.ledger.location import LEDGER_ENV
from tests.ledger.test_carried_pot_corrections import (
    CASH,
    HEAD,
    P1,
    later_night,
    night_one,
    season,
    write,
)
from tests.ledger.test_ledger_identity import invoke


def _import(db: Path, *files: Path) -> str:
    code, out = invoke("import", *files, "--db", db)
    assert code == 0, out
    return out


def test_a_later_night_taking_less_than_was_carried_is_stored_with_a_warning(
    tmp_path: Path,
) -> None:
    one = write(tmp_path, "n1.bhh", night_one())
    two = write(tmp_path, "n2.bhh", later_night("Next night", "2024-05-10", "Q", carried=8))
    db = tmp_path / "club.db"
    _import(db, one)
    out = _import(db, two)
    assert "2 stored" in out
    warning = " ".join(line for line in out.splitlines() if "warning:" in line)
    assert "table 'Back room'" in warning
    assert f"hand P1 of Progressive night (2024-05-03) ({one})" in warning
    assert f"hand Q2 of Next night (2024-05-10) ({two})" in warning
    assert "takes 8 chips: 4 chips stay in *carry* for no hand" in warning
    assert season(db)["*carry*"] == 4  # what settle shows, and the warning says

    code, out = invoke("import", two, "--db", db, "--json")
    assert code == 0, out
    (report,) = json.loads(out)["files"]
    assert len(report["warnings"]) == 1
    assert "4 chips stay in *carry*" in report["warnings"][0]


def test_a_later_night_taking_no_carried_pot_is_stored_with_a_warning(tmp_path: Path) -> None:
    one = write(tmp_path, "n1.bhh", night_one())
    third = HEAD.replace(CASH, "cash Third · date 2024-05-10 · season 2024")
    three = write(tmp_path, "n3.bhh", third + P1.replace("hand P", "hand R"))
    db = tmp_path / "club.db"
    out = _import(db, one, three)
    assert "n3.bhh: 1 stored" in out
    first, second = [line for line in out.splitlines() if "warning:" in line]
    assert first == second  # under n1.bhh, whose pot is left, and n3.bhh, that leaves it
    assert "hand R1 of Third (2024-05-10)" in first
    assert "takes none of it: 12 chips stay in *carry* for no hand" in first


def _warnings(db: Path, *files: Path) -> dict[str, list[str]]:
    """Each file's warnings (by file name) in the JSON report of one import of ``files``."""
    code, out = invoke("import", *files, "--db", db, "--json")
    assert code == 0, out
    return {Path(f["source"]).name: f["warnings"] for f in json.loads(out)["files"]}


def test_a_pot_left_behind_that_only_a_later_file_of_the_run_shows_is_under_both_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One import of ``n1.bhh n3.bhh``: n1.bhh, stored first, leaves its pot waiting for the
    next night (no warning then); n3.bhh, the next night, takes none of it.  The pot of
    n1.bhh is left behind as the import ends, so the report says so under both files, as a
    second import of the same files does, and one of them in the other order into a fresh
    ledger (docs/ledger.md, *Carried pots*: what the report says is what the ledger holds
    when the import ends)."""
    one = write(tmp_path, "n1.bhh", night_one())
    third = HEAD.replace(CASH, "cash Third · date 2024-05-10 · season 2024")
    three = write(tmp_path, "n3.bhh", third + P1.replace("hand P", "hand R"))
    db = tmp_path / "club.db"
    # (each ledger the one a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(db))
    once = _warnings(db, one, three)
    (warning,) = once["n1.bhh"]
    assert once["n3.bhh"] == [warning]
    assert "takes none of it: 12 chips stay in *carry* for no hand" in warning
    assert _warnings(db, one, three) == once  # a second run: every hand a duplicate
    monkeypatch.setenv(LEDGER_ENV, str(tmp_path / "fresh.db"))
    assert _warnings(tmp_path / "fresh.db", three, one) == once


def test_a_pot_taken_whole_or_still_waiting_gives_no_warning(tmp_path: Path) -> None:
    one = write(tmp_path, "n1.bhh", night_one())
    two = write(tmp_path, "n2.bhh", later_night("Next night", "2024-05-10", "Q"))
    db = tmp_path / "club.db"
    assert "warning" not in _import(db, one)  # the pot waits for the next night
    assert "warning" not in _import(db, two)
    assert season(db).get("*carry*", 0) == 0


def test_a_run_reads_each_tables_carried_pots_once_at_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The carried pots' warnings of a run of several files are read once its last file is
    stored, each table's pots once for all its files (``refresh_warnings``): a run of many
    nights at one table is not slowed by reading the table again for each of them."""
    one = write(tmp_path, "n1.bhh", night_one())
    two = write(tmp_path, "n2.bhh", later_night("Next night", "2024-05-10", "Q", carried=8))
    real, real_refresh = carried_pots.pool_moves, importing.refresh_warnings
    read: list[str] = []
    ending: list[bool] = []

    def counted(
        db: sqlite3.Connection, table: str, known: object = None
    ) -> list[tuple[str, list[PoolMove]]]:
        if ending and known is None:  # (a table read from the ledger, not one read already)
            read.append(table)
        return real(db, table, known) if known is not None else real(db, table)

    def refresh(*args: object) -> None:
        ending.append(True)
        real_refresh(*args)  # type: ignore[arg-type]

    for module in (carried_pots, carry_strangers, last_week_pots):
        monkeypatch.setattr(module, "pool_moves", counted)
    monkeypatch.setattr(importing, "refresh_warnings", refresh)
    found = _warnings(tmp_path / "club.db", one, two)
    assert found["n1.bhh"] == found["n2.bhh"] and len(found["n1.bhh"]) == 1
    assert read == ["Back room"]
