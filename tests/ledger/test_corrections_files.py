"""Which file a hand belongs to, through corrections: a copy of a night imported (all
duplicates) and deleted, a hand moved to another file, and a night of an unnamed session (its
event named after its file) renamed with its file.  The ledger ends as a fresh import of the
final files."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger.report import GONE_FROM_FILE, OTHER_TABLE, STALE_COPY, TWICE
from badugi_ledger.model.copies import RECENT_HANDS
from tests.ledger.test_corrections_voids import HANDS, HEAD, figures, fresh, invoke, night, write


def hints(out: str) -> list[str]:
    """The lines an import's report prints under its totals, before the ledger's name."""
    return out.split("\ntotal: ")[1].splitlines()[1:-1]


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


def test_a_hand_moved_unchanged_to_a_file_imported_before_its_old_file_in_one_import(
    tmp_path: Path,
) -> None:
    """Hand 4 moved as it is to a file of its own, and both files imported in one run with
    ``--replace``, the new file first (``import --replace n4.bhh n.bhh``).  The new file holds
    it as a copy of the old file's; the old file without it left it out (voided), though the
    file of the same run before it had just read it: the ledger then lacked hand 4, which a
    fresh import of the two files counts, until the new file was imported again.  A hand
    another file of the run holds is no longer the old file's, and counts on, that file's."""
    stated = (
        HANDS[0],
        HANDS[1].replace("Anna · Ben · Cara · Dan", "Anna 103 · Ben 99 · Cara 98 · Dan 100"),
        HANDS[2].replace("Anna · Ben · Cara · Dan", "Anna 103 · Ben 102 · Cara 97 · Dan 98"),
        HANDS[3].replace("Anna · Ben · Cara · Dan", "Anna 101 · Ben 102 · Cara 100 · Dan 97"),
    )
    finals = {"n.bhh": night(stated[:3]), "n4.bhh": night(stated[3:])}
    db = tmp_path / "club.db"
    path = write(tmp_path / "n.bhh", night(stated))
    assert invoke("import", path, "--db", db)[0] == 0
    write(path, finals["n.bhh"])
    moved = write(tmp_path / "n4.bhh", finals["n4.bhh"])
    code, out = invoke("import", moved, path, "--db", db, "--replace")
    assert code == 0 and "voided" not in out, out
    with sqlite3.connect(db) as conn:
        (source,) = conn.execute(
            "SELECT source FROM hands WHERE hand_number = '4' AND void_reason IS NULL"
        ).fetchone()
        assert conn.execute("SELECT * FROM hand_copies").fetchall() == []
    assert source == str(moved)
    assert figures(db) == fresh(tmp_path / "fresh", finals)


UNNAMED = HEAD.replace("cash Test night ·", "cash ·")
"""The header of a session without a name: its event is named after its file."""


def test_an_unnamed_night_renamed_with_its_file_is_the_new_files_event(tmp_path: Path) -> None:
    """An unnamed night, ``night.bhh``, renamed ``night2.bhh`` and hand 3's winner corrected,
    imported with ``--renamed-from night.bhh --replace``: the night was split, hands 1-2 kept in
    the event ``night`` and hands 3-6 in ``night2``.  Renamed without an edit, it stayed
    ``night``.  Either way a fresh import names it ``night2``: so does the renamed file."""
    corrected = HANDS[2].replace(
        "Ben folds · Cara raises · Dan folds · Anna folds\nCara collects 5",
        "Ben folds · Cara folds · Dan raises · Anna folds\nDan collects 4",
    )
    for edited in (False, True):
        folder = tmp_path / ("edited" if edited else "renamed")
        db = folder / "club.db"
        old = write(folder / "night" / "night.bhh", night(head=UNNAMED))
        assert invoke("import", old, "--db", db)[0] == 0
        old.unlink()
        hands = HANDS[:2] + (corrected,) + HANDS[3:] if edited else HANDS
        final = night(hands, head=UNNAMED)
        new = write(folder / "night" / "night2.bhh", final)
        code, out = invoke("import", new, "--renamed-from", old, "--db", db)
        assert code == 1 and "conflict" in out, out  # as a named night renamed: --replace
        code, out = invoke("import", new, "--renamed-from", old, "--replace", "--db", db)
        assert code == 0, out
        with sqlite3.connect(db) as conn:
            events = conn.execute(
                "SELECT e.name, count(*) FROM counted_hands h JOIN events e ON e.id = h.event_id "
                "GROUP BY e.name"
            ).fetchall()
        assert events == [("night2", 6)], edited
        assert figures(db) == fresh(folder / "fresh", {"night2.bhh": final}), edited


def test_a_void_follows_its_hand_into_the_renamed_nights_event(tmp_path: Path) -> None:
    """An unnamed night with hand 4 voided, renamed with its file and renumbered from 11 in
    one correction: the renamed file's hands go to the event ``night2``, and the voided hand
    (hand 14 now, the same stacks, play and result) stays void there, as a fresh import of the
    final file with hand 14 voided has it."""
    from tests.ledger.test_corrections_voids import numbered

    db = tmp_path / "club.db"
    old = write(tmp_path / "night" / "night.bhh", night(head=UNNAMED))
    assert invoke("import", old, "--db", db)[0] == 0
    code, out = invoke("void", "--event", "night", "--hand", "4", "--reason", "misdeal", "--db", db)
    assert code == 0, out
    old.unlink()
    final = night(numbered(10), head=UNNAMED)
    new = write(tmp_path / "night" / "night2.bhh", final)
    code, out = invoke("import", new, "--renamed-from", old, "--replace", "--db", db)
    assert code == 0, out
    again = tmp_path / "fresh" / "fresh.db"
    path = write(tmp_path / "fresh" / "night2.bhh", final)
    assert invoke("import", path, "--db", again)[0] == 0
    code, out = invoke(
        "void", "--event", "night2", "--hand", "14", "--reason", "misdeal", "--db", again
    )
    assert code == 0, out
    assert figures(db) == figures(again)


CORRECTED = (
    HANDS[0],
    "hand 2 · button Ben · Anna · Ben · Cara · Dan\n"
    "Anna folds · Ben folds · Cara raises · Dan folds\nCara collects 4\n",
    *HANDS[2:],
)
"""The night with hand 2 corrected: Cara, not Ben, raised and won (the hands after it carry
other stacks, so they are corrections too)."""


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_stale_copy_in_the_same_import_does_not_undo_a_correction(
    tmp_path: Path, jobs: str
) -> None:
    """The night and a copy of it are imported; hand 2 is corrected in the night's file only,
    and both files are imported again in one ``--replace`` run.  Each file was compared with
    the ledger as the file before it left it, so the copy's stale hand 2 (and the hands after
    it) were stored over the correction, silently.  Two files of one import that disagree on
    a hand are a conflict: the night keeps its correction, and the report names the file."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    copy = write(tmp_path / "night" / "n (copy).bhh", night())
    assert invoke("import", path, copy, "--db", db)[0] == 0
    write(path, night(CORRECTED))
    code, out = invoke("import", path, copy, "--db", db, "--replace", "--jobs", jobs)
    assert code == 1, out
    assert f"{path}, read earlier in this import, holds the ledger's version" in out, out
    assert hints(out) == [STALE_COPY], out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": night(CORRECTED)})


@pytest.mark.parametrize("replace", [(), ("--replace",)])
def test_a_correction_after_a_stale_copy_in_the_same_import_is_refused(
    tmp_path: Path, replace: tuple[str, ...]
) -> None:
    """The copy named first holds the ledger's version of hand 2, the night's file after it
    the correction: the run cannot tell which is right, so the correction is a conflict (not
    stored) naming the copy, and the ledger keeps what it had.  Without ``--replace`` the
    report's advice under its totals was to import again with ``--replace``, which meets the
    stale copy again: it says what does help, and no more."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    copy = write(tmp_path / "night" / "n (copy).bhh", night())
    assert invoke("import", path, copy, "--db", db)[0] == 0
    write(path, night(CORRECTED))
    code, out = invoke("import", copy, path, "--db", db, *replace)
    assert code == 1, out
    assert "replaced" not in out.split("total:")[0], out
    assert f"{copy}, read earlier in this import, holds the ledger's version" in out, out
    assert hints(out) == [STALE_COPY], out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": night()})


def test_renamed_from_a_path_the_ledger_never_imported_is_refused(tmp_path: Path) -> None:
    """``docs/ledger.md``: a renamed file is imported once with ``--renamed-from OLD-PATH``,
    so that what the old path brought in and the file no longer holds is left out.  An old
    path mistyped (``n.bhhh``) was ignored: the import went on as if no file were renamed, and
    a night renamed with its file counted beside itself.  It is refused, nothing stored, with
    the path meant; a ledger that does not exist is not made for it."""
    db = tmp_path / "club.db"
    old = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", old, "--db", db)[0] == 0
    before = figures(db)
    new = write(tmp_path / "night" / "m.bhh", night(HANDS[:5]))
    code, out = invoke("import", new, "--renamed-from", f"{old}h", "--db", db, "--replace")
    assert code != 0
    assert "the ledger holds no hand imported from that path" in out, out
    assert f"did you mean {str(old)!r}?" in out and "nothing was stored" in out, out
    assert figures(db) == before
    missing = tmp_path / "none.db"
    code, out = invoke("import", new, "--renamed-from", old, "--db", missing)
    assert code != 0 and f"no ledger at {str(missing)!r}" in out, out
    assert not missing.exists()


def test_a_hand_copied_into_a_file_whose_table_is_named_otherwise_is_not_counted_twice(
    tmp_path: Path,
) -> None:
    """Hands 1-2 of the night copied into another file whose ``table`` line names the table
    ``T2``: each hand was stored again (its identity names another table), so standings counted
    it twice.  What the hand records (players, stacks, play, result) is the ledger's hand 1 and
    2 at table ``T``: a conflict naming that table, even with ``--replace`` (and the advice
    under the report's totals says so, not "import again with --replace").  The night's own
    file with its table renamed is a correction, as before: its hands move to ``T2``."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    before = figures(db)
    copy = write(tmp_path / "night" / "c.bhh", night(HANDS[:2]).replace("table T\n", "table T2\n"))
    for replace in ((), ("--replace",)):
        code, out = invoke("import", copy, "--db", db, *replace)
        assert code == 1, out
        assert "0 stored, 0 duplicate, 2 conflict" in out, out
        assert f"the ledger holds this hand as hand 2 at table 'T' (from {path})" in out, out
        assert hints(out) == [OTHER_TABLE], out  # not "import again with --replace"
        assert figures(db) == before
    renamed = night().replace("table T\n", "table T2\n")
    write(path, renamed)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": renamed})


def far_apart(hands: int) -> str:
    """A night whose hand 1 is written again after ``hands`` more hands, without its stated
    stacks: another version of it, further on than the replay's duplicate check reaches."""
    players = ("Anna", "Ben", "Cara", "Dan")

    def hand(number: int, seats: str) -> str:
        button = players[(number - 1) % 4]
        order = players[(number + 2) % 4 :] + players[: (number + 2) % 4]
        play = " · ".join(f"{p} raises" if p == button else f"{p} folds" for p in order)
        return f"hand {number} · button {button} · {seats}\n{play}\n{button} collects 5\n"

    plain = " · ".join(players)
    first = hand(1, " · ".join(f"{p} 100" for p in players))
    return night((first, *(hand(n, plain) for n in range(2, hands + 2)), hand(1, plain)))


@pytest.mark.parametrize("replace", [(), ("--replace",)])
def test_a_file_holding_a_hand_twice_far_apart_is_not_told_to_replace(
    tmp_path: Path, replace: tuple[str, ...]
) -> None:
    """Hand 1 written again 1,001 hands on, its stacks not stated (so carried: other
    content): past the replay's duplicate check, the import meets a hand it stored itself.
    The advice under the totals was to import again with ``--replace``, which cannot choose
    between two versions in one file: it says to keep one version or renumber one."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", far_apart(RECENT_HANDS + 1))
    code, out = invoke("import", path, "--db", db, *replace)
    assert code == 1, out
    assert "this import holds the hand twice, with different content" in out, out
    assert hints(out) == [TWICE], out


def test_replace_never_takes_a_files_second_version_of_a_hand_it_holds(tmp_path: Path) -> None:
    """The same file imported again with ``--replace`` once the ledger holds its first hand 1:
    the first is met as the ledger holds it, the second version 1,001 hands on is the file
    holding the hand twice - a conflict, never stored over the first."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", far_apart(RECENT_HANDS + 1))
    code, out = invoke("import", path, "--db", db)
    assert code == 1 and "1 conflict" in out, out
    before = figures(db)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 1, out
    assert "0 stored, 1002 duplicate, 1 conflict" in out and "replaced" not in out, out
    assert "this import holds the hand twice, with different content" in out, out
    assert hints(out) == [TWICE], out
    assert figures(db) == before


def test_a_hand_gone_from_its_file_is_not_told_to_store_this_version(tmp_path: Path) -> None:
    """The last hand deleted from a night's file imported before: the import is a conflict and
    stores nothing.  The advice under the totals said "a conflict is a hand the ledger already
    holds with other content; import again with --replace to store this version", but the
    file holds no version of that hand: it says what a hand gone from its file needs."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    write(path, night(HANDS[:-1]))
    code, out = invoke("import", path, "--db", db)
    assert code == 1 and "not in it any more: void it" in out, out
    assert hints(out) == [GONE_FROM_FILE], out
