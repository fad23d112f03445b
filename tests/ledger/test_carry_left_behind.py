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
from pathlib import Path

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
    (warning,) = [line for line in out.splitlines() if "warning:" in line]
    assert "hand R1 of Third (2024-05-10)" in warning
    assert "takes none of it: 12 chips stay in *carry* for no hand" in warning


def test_a_pot_taken_whole_or_still_waiting_gives_no_warning(tmp_path: Path) -> None:
    one = write(tmp_path, "n1.bhh", night_one())
    two = write(tmp_path, "n2.bhh", later_night("Next night", "2024-05-10", "Q"))
    db = tmp_path / "club.db"
    assert "warning" not in _import(db, one)  # the pot waits for the next night
    assert "warning" not in _import(db, two)
    assert season(db).get("*carry*", 0) == 0
