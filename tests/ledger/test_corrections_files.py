"""Which file a hand belongs to, through corrections: a copy of a night imported (all
duplicates) and deleted, a hand moved to another file.  The ledger ends as a fresh import of
the final files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.ledger.test_corrections_voids import HANDS, figures, fresh, invoke, night, write


def test_a_copy_imported_once_does_not_take_the_nights_hands(tmp_path: Path) -> None:
    """``n (copy).bhh``, the night's file copied, is imported (every hand a duplicate), then
    deleted; hand 3 is deleted from ``n.bhh`` and it is imported again with ``--replace``.  The
    copy had taken the hands (the file a hand was imported from last), so hand 3 was never
    found missing from ``n.bhh`` and went on counting.  ``n.bhh`` still holds the hands it
    held (``hand_copies``), so hand 3 is left out of it, and the report names the copy."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    copy = write(tmp_path / "night" / "n (copy).bhh", night())
    code, out = invoke("import", copy, "--db", db)
    assert code == 0 and "0 stored, 6 duplicate" in out, out
    copy.unlink()
    final = night(HANDS[:2] + HANDS[3:])
    write(path, final)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": final})
    assert (
        "hand 3 at table T of Test night (2024-06-01): replaced: imported from this file "
        f"before, and not in it any more: voided ({copy} held it too" in out
    ), out


def test_a_hand_moved_unchanged_to_another_file_counts_once_its_old_file_drops_it(
    tmp_path: Path,
) -> None:
    """Hand 4, the last of a night whose hands state their stacks, moved as it is to a file of
    its own.  The old file imported again without it leaves it out (voided), and the new file
    imported after holds it again: it counts, and is that file's.  The new file imported first
    holds it as a copy of the old file's (the ledger cannot tell a move from a copy of the
    night): the old file without it still leaves it out, the report names the new file, and
    the new file imported again brings it back."""
    stated = (
        HANDS[0],
        HANDS[1].replace("Anna · Ben · Cara · Dan", "Anna 103 · Ben 99 · Cara 98 · Dan 100"),
        HANDS[2].replace("Anna · Ben · Cara · Dan", "Anna 103 · Ben 102 · Cara 97 · Dan 98"),
        HANDS[3].replace("Anna · Ben · Cara · Dan", "Anna 101 · Ben 102 · Cara 100 · Dan 97"),
    )
    finals = {"n.bhh": night(stated[:3]), "n4.bhh": night(stated[3:])}
    for first in ("old", "new"):
        db = tmp_path / first / "club.db"
        path = write(tmp_path / first / "n.bhh", night(stated))
        assert invoke("import", path, "--db", db)[0] == 0
        write(path, finals["n.bhh"])
        moved = write(tmp_path / first / "n4.bhh", finals["n4.bhh"])
        if first == "new":
            code, out = invoke("import", moved, "--db", db)
            assert code == 0 and "1 duplicate" in out, out
        code, out = invoke("import", path, "--db", db, "--replace")
        assert code == 0 and "voided" in out, out
        assert (f"({moved} held it too" in out) == (first == "new"), out
        code, out = invoke("import", moved, "--db", db)
        assert code == 0 and "counts again" in out, out
        with sqlite3.connect(db) as conn:
            (source,) = conn.execute("SELECT source FROM hands WHERE hand_number = '4'").fetchone()
            assert conn.execute("SELECT * FROM hand_copies").fetchall() == []
        assert source == str(moved)
        assert figures(db) == fresh(tmp_path / first / "fresh", finals), first
