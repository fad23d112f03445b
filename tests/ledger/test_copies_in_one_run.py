"""Corrected files imported in ONE run (``import --replace A.bhh B.bhh``) whose hands a first
try takes for a copy of a night the ledger counts from another file
(``badugi_ledger/ledger/night_copies.py``): the run ends with the ledger a fresh import of the
final files gives, in any order given, or says what to run.

A hand moved unchanged from one night's file to a new one is a copy of that night as long as
the ledger counts it from the old file; the old file, corrected in the same run, holds it no
more once stored, so the new file is tried again after it, as a file refused for a carried pot
is (``badugi_ledger/ledger/run_retries.py``).  A copy still refused names the file the ledger
counts the night from, so that the command it gives can be typed as it is.  The nights are
``examples/progressive_night.bhh`` (seed 002: the carried pot goes to the winner of the next
pot), P1 carrying 12 into P2.  Found by seeded correction fuzzing (a night renamed, its last
hand moved to a new file; two files merged back into one, a hand renumbered).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger import file_transaction, importing
from badugi_ledger.ledger.import_run import ImportRun
from badugi_ledger.ledger.importing import import_files
from badugi_ledger.ledger.location import LEDGER_ENV
from badugi_ledger.ledger.stopped_report import ImportInterrupted
from badugi_ledger.ledger.store import open_ledger
from tests.helpers.ledger_files import import_into
from tests.ledger.test_carried_pot_corrections import CASH, HEAD, P1, REST, TEXT, write
from tests.ledger.test_night_copies import imported
from tests.ledger.test_one_run_carried_pots import as_fresh

runner = CliRunner()

STATED = "hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98\ncarry in 12"
"""Hand P2 as the first hand of a file: the stacks P1 left, and the pot it carried."""
LATER = REST.replace("hand P2 · button Anna · Anna · Ben · Cara · Dan", STATED, 1)
"""Hands P2 and P3 as a file of their own (the night's second file)."""


def renamed_and_moved(folder: Path) -> list[Path]:
    """The night's session renamed (``Alpha night``) in ``n.bhh``, which keeps hand P1, and
    its hands P2 and P3 moved unchanged to ``m.bhh`` of the same session."""
    head = HEAD.replace(CASH, CASH.replace("Progressive night", "Alpha night"))
    return [write(folder, "m.bhh", head + LATER), write(folder, "n.bhh", head + P1)]


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_hands_moved_to_a_new_file_of_a_renamed_night_are_stored_in_one_run(
    tmp_path: Path, order: tuple[int, int], jobs: int
) -> None:
    """``n.bhh`` imported whole, then renamed with its hands P2 and P3 moved to ``m.bhh``,
    both in one run: ``m.bhh`` given first was refused as a copy of the night the ledger
    still counted from ``n.bhh`` (P2 shows the same cards), then ``n.bhh`` voided those
    hands as no longer its own: the night's last two hands gone, exit 1, where a fresh import
    of the two files holds all three.  ``m.bhh`` is tried again once ``n.bhh`` is stored; in
    either order, with workers or not, both are stored and the ledger is the fresh import's."""
    db = tmp_path / "club.db"
    assert import_into(db, [write(tmp_path, "n.bhh", TEXT)]).stored == 3
    files = renamed_and_moved(tmp_path)
    report = import_into(db, [files[i] for i in order], replace=True, jobs=jobs)
    assert [f.source for f in report.files] == [str(files[i]) for i in order]
    assert [f.error for f in report.files] == [None, None]
    assert report.ok, report.files
    as_fresh(db, files, tmp_path)


def test_a_copy_given_before_its_night_in_one_run_is_still_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file that is a copy of a night (its session's name retyped) given before that
    night's own file in one run: tried again once that file is stored, it is a copy all the
    same, refused, exit 1, and the night counts once."""
    db = tmp_path / "club.db"
    # (the ledger a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(db))
    night = write(tmp_path, "night.bhh", TEXT)
    assert import_into(db, [night]).stored == 3
    copy = write(tmp_path, "copy.bhh", TEXT.replace("Progressive night", "Progressive Night"))
    code, out = imported(db, copy, str(night), "--replace")
    flat = " ".join(out.split())
    assert code == 1, out
    assert f"(import {copy} --renamed-from {night} --replace)" in flat, out
    assert "night.bhh: 0 stored, 3 duplicate" in flat, out
    as_fresh(db, [night], tmp_path)


def test_a_merged_file_refused_as_a_copy_names_the_file_it_replaces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The night in two files (``a.bhh`` P1, ``b.bhh`` P2 and P3), merged back into
    ``a.bhh`` with P2 renumbered P2b, ``b.bhh`` deleted: ``import --replace a.bhh`` is
    refused as a copy of the hands the ledger counts from ``b.bhh``, and the refusal said
    ``--renamed-from OLD`` without naming OLD.  It names ``b.bhh``, in a command typed as it
    is; that command stores the merged file, the ledger then the fresh import's."""
    db = tmp_path / "club.db"
    # (the ledger a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(db))
    one, two = write(tmp_path, "a.bhh", HEAD + P1), write(tmp_path, "b.bhh", HEAD + LATER)
    assert import_into(db, [one, two]).stored == 3
    two.unlink()
    write(tmp_path, "a.bhh", HEAD + P1 + REST.replace("hand P2 ", "hand P2b ", 1))
    code, out = imported(db, one, "--replace")
    flat = " ".join(out.split())
    assert code == 1 and "a copy of that night" in flat, out
    assert f"(import {one} --renamed-from {two} --replace)" in flat, out
    code, out = imported(db, one, "--renamed-from", str(two), "--replace")
    assert code == 0, out
    as_fresh(db, [one], tmp_path)


def test_a_copy_of_a_night_kept_in_two_files_offers_no_renamed_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The night in two files (``a.bhh`` P1, ``b.bhh`` P2 and P3) and saved whole as a third
    file, its session's name retyped: refused as a copy of both files' hands.  One
    ``--renamed-from`` names one old file, and the other's hands would still be copied, so
    the refusal offers the run that holds the three files, each naming its file."""
    db = tmp_path / "club.db"
    # (the ledger a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(db))
    one, two = write(tmp_path, "a.bhh", HEAD + P1), write(tmp_path, "b.bhh", HEAD + LATER)
    assert import_into(db, [one, two]).stored == 3
    copy = write(tmp_path, "c.bhh", TEXT.replace("Progressive night", "Progressive Night"))
    code, out = imported(db, copy)
    flat = " ".join(out.split())
    assert code == 1 and "a copy of that night" in flat, out
    assert f"moved here from {one} and {two}" in flat, out
    assert f"(import --replace {copy} {one} {two})" in flat, out
    assert "--renamed-from" not in flat, out


def counted(db: Path) -> list[tuple[str, str, str]]:
    """The ledger's counting hands as (table, number, file name), sorted: a hand at a table
    named otherwise is a hand of another identity."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT table_name, hand_number, source FROM counted_hands")
        return sorted(
            (str(table), str(number), Path(source).name) for table, number, source in rows
        )


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_a_night_split_with_its_table_renamed_is_stored_in_one_run(
    tmp_path: Path, order: tuple[int, int], jobs: int
) -> None:
    """``n.bhh`` imported whole, then its table renamed (``Back room`` made ``Kitchen``) and
    its hands P2 and P3 moved to ``m.bhh`` at the renamed table, both in one run.  A hand the
    ledger counts at another table of its event, the same in every figure, is a copy whose
    table is named otherwise, a conflict with ``--replace`` too (docs/ledger.md: which name is
    right is the organiser's to say): so ``m.bhh`` given first kept a conflict for each hand,
    then ``n.bhh``, renamed, voided P2 and P3 at ``Back room`` as no longer its own: the
    night's last two hands gone, exit 1, where a fresh import of the two files holds all
    three.  The files agree on the name; ``m.bhh`` is tried again once ``n.bhh`` is stored,
    in either order, with workers or not, and the ledger is the fresh import's."""
    db = tmp_path / "club.db"
    assert import_into(db, [write(tmp_path, "n.bhh", TEXT)]).stored == 3
    head = HEAD.replace("table Back room", "table Kitchen")
    assert head != HEAD
    files = [write(tmp_path, "m.bhh", head + LATER), write(tmp_path, "n.bhh", head + P1)]
    report = import_into(db, [files[i] for i in order], replace=True, jobs=jobs)
    assert [f.conflicts for f in report.files] == [[], []]
    assert report.ok, report.files
    assert {Path(f.source).name: f.stored for f in report.files} == {"m.bhh": 2, "n.bhh": 1}
    as_fresh(db, files, tmp_path)
    assert counted(db) == counted(tmp_path / "fresh.db")
    assert {table for table, _, _ in counted(db)} == {"Kitchen"}


def test_a_file_stored_in_part_then_tried_again_reports_what_both_tries_stored(
    tmp_path: Path,
) -> None:
    """``n.bhh`` (P1 and P2 at ``Back room``) imported; then its table renamed, P2 moved to
    ``m.bhh`` with P3, a hand the ledger never held: ``m.bhh`` given first stores P3, keeps
    P2 a copy of the ledger's ``Back room`` P2 and is tried again once ``n.bhh`` is stored.
    Its report says both hands stored, as a fresh import's does: P3 is not a duplicate of
    itself."""
    db = tmp_path / "club.db"
    first = P1 + REST[: REST.index("\nhand P3 ·") + 1]
    assert import_into(db, [write(tmp_path, "n.bhh", HEAD + first)]).stored == 2
    head = HEAD.replace("table Back room", "table Kitchen")
    files = [write(tmp_path, "m.bhh", head + LATER), write(tmp_path, "n.bhh", head + P1)]
    report = import_into(db, files, replace=True, jobs=1)
    assert report.ok, report.files
    assert [(f.stored, f.duplicate) for f in report.files] == [(2, 0), (1, 0)]
    as_fresh(db, files, tmp_path)
    assert counted(db) == counted(tmp_path / "fresh.db")


TWO = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Copies · date 2024-05-04\n"
HAND = """hand {number} · button Anna · Anna {stack} · Ben 100
Anna raises · Ben calls
draw: Ben 1 · Anna 1
Ben checks · Anna bets · Ben folds
Anna collects 8
"""


@pytest.mark.timeout(60)
def test_two_files_each_holding_a_copy_of_the_others_hand_end_the_run(tmp_path: Path) -> None:
    """``x.bhh`` (hand 1 at ``T1``) and ``y.bhh`` (hand 2 at ``T2``) imported; then each
    holds a copy of the other's hand at a table named otherwise too (``x.bhh`` hand 2 at
    ``T3``, ``y.bhh`` hand 1 at ``T4``): each is a conflict (docs/ledger.md), each file
    waits for the other, and a file tried again that stores nothing new wakes no file, so
    the run ends, exit 1, each file with its conflict naming the other, as a fresh import of
    the two files keeps one."""
    one, two = HAND.format(number=1, stack=100), HAND.format(number=2, stack=90)
    db = tmp_path / "club.db"
    x = write(tmp_path, "x.bhh", f"{TWO}table T1\n\n{one}")
    y = write(tmp_path, "y.bhh", f"{TWO}table T2\n\n{two}")
    assert import_into(db, [x, y]).stored == 2
    write(tmp_path, "x.bhh", f"{TWO}table T1\n\n{one}\ntable T3\n\n{two}")
    write(tmp_path, "y.bhh", f"{TWO}table T2\n\n{two}\ntable T4\n\n{one}")
    report = import_into(db, [x, y], replace=True, jobs=1)
    assert not report.ok
    assert [(f.stored, f.duplicate, len(f.conflicts)) for f in report.files] == [(0, 1, 1)] * 2
    assert f"from {y}" in report.files[0].conflicts[0].differences[0]
    assert f"from {x}" in report.files[1].conflicts[0].differences[0]


def split_with_table_renamed(folder: Path) -> tuple[Path, list[Path]]:
    """The ledger of ``n.bhh`` (P1 and P2 at ``Back room``); then its table renamed
    (``Kitchen``), P2 moved to ``m.bhh`` with P3, a hand the ledger never held: ``m.bhh``
    given first stores P3 and keeps P2 a conflict (a copy of the ledger's ``Back room`` P2)
    until ``n.bhh`` is stored, then is tried again.  The ledger and the files, in that order."""
    db = folder / "club.db"
    first = P1 + REST[: REST.index("\nhand P3 ·") + 1]
    assert import_into(db, [write(folder, "n.bhh", HEAD + first)]).stored == 2
    head = HEAD.replace("table Back room", "table Kitchen")
    return db, [write(folder, "m.bhh", head + LATER), write(folder, "n.bhh", head + P1)]


def assert_whole(db: Path) -> None:
    """No half-written hand (each has its seats, postings and pots) and the audit as the
    hands are: a void row for each hand voided, and none for a hand that is not there."""
    with sqlite3.connect(db) as conn:
        bare = conn.execute(
            "SELECT h.id FROM hands h WHERE "
            + " OR ".join(
                f"NOT EXISTS (SELECT 1 FROM {rows} r WHERE r.hand_id = h.id)"
                for rows in ("hand_players", "postings", "pots")
            )
        ).fetchall()
        assert bare == []
        voided = conn.execute("SELECT id FROM hands WHERE void_reason IS NOT NULL").fetchall()
        audited = conn.execute("SELECT hand_row FROM audit WHERE action = 'void'").fetchall()
        assert sorted(voided) == sorted(audited)
        assert conn.execute(
            "SELECT count(*) FROM audit WHERE hand_row NOT IN (SELECT id FROM hands)"
        ).fetchone() == (0,)


@pytest.mark.parametrize("committed", [False, True], ids=["before-its-commit", "after-it"])
def test_ctrl_c_while_a_file_stored_in_part_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, committed: bool
) -> None:
    """Ctrl-C while ``m.bhh``, stored in part (P3; P2 a copy at ``Back room``), is tried
    again once ``n.bhh`` is stored.  Before that try commits, it is rolled back, but P3, of
    its first commit, stays: the words said "that file was rolled back" and counted it
    nowhere.  They say which of its hands the ledger counts and which not, its report is its
    first try's, the ledger is whole, and the same import again finishes it as a fresh
    import of the two files.  After the commit, its report counts what both tries stored,
    each hand once (P3 is no duplicate of itself)."""
    db, (m, n) = split_with_table_renamed(tmp_path)
    seats, remember = file_transaction.refuse_one_player_a_seat, ImportRun.remember
    calls: list[object] = []

    def stop(*args: Any) -> None:  # m, n, then m tried again (its hands written) reach it
        calls.append(args)
        seats(*args)
        if len(calls) == 3 and not committed:
            raise KeyboardInterrupt

    def stop_after(self: ImportRun, source: str, *args: Any) -> None:
        remember(self, source, *args)
        if len(calls) == 3 and committed:
            raise KeyboardInterrupt

    monkeypatch.setattr(file_transaction, "refuse_one_player_a_seat", stop)
    monkeypatch.setattr(ImportRun, "remember", stop_after)
    conn = open_ledger(db)
    with pytest.raises(ImportInterrupted) as stopped:
        import_files(conn, [m, n], replace=True, jobs=1)
    conn.close()
    monkeypatch.undo()
    report = stopped.value.report
    assert [f.source for f in report.files] == [str(m), str(n)]
    assert_whole(db)
    if committed:
        assert [(f.stored, f.duplicate) for f in report.files] == [(2, 0), (1, 0)]
        assert stopped.value.text() == (
            "interrupted after the last file was stored; the 2 files stay as imported (3 hands "
            "stored)"
        )
    else:
        assert [(f.stored, len(f.conflicts)) for f in report.files] == [(1, 1), (1, 0)]
        assert stopped.value.text() == (
            f"interrupted while importing {m} again: that try was rolled back, and what its "
            "first try stored stays: the ledger counts its hand P3 at table Kitchen, not its "
            "hand P2 at table Kitchen; the 2 files stay as imported (2 hands stored); import "
            "the same files again to finish (what is stored counts once)"
        )
        assert counted(db) == [("Kitchen", "P1", "n.bhh"), ("Kitchen", "P3", "m.bhh")]
        assert import_into(db, [m, n], replace=True, jobs=1).ok
    as_fresh(db, [m, n], tmp_path)
    assert counted(db) == counted(tmp_path / "fresh.db")


def test_ctrl_c_as_the_warnings_are_read_after_a_file_stored_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C as the run's warnings are read at its end, ``m.bhh`` stored in part then in
    full: each file is named once, with what both its tries stored (the report of its last
    commit was taken for a file not yet in the report: 3 files, 4 hands, for 2 files and 3)."""
    db, (m, n) = split_with_table_renamed(tmp_path)

    def stop(*_args: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(importing, "refresh_warnings", stop)
    conn = open_ledger(db)
    with pytest.raises(ImportInterrupted) as stopped:
        import_files(conn, [m, n], replace=True, jobs=1)
    conn.close()
    assert [f.source for f in stopped.value.report.files] == [str(m), str(n)]
    assert stopped.value.text() == (
        "interrupted after the last file was stored; the 2 files stay as imported (3 hands stored)"
    )


def test_a_file_tried_again_counts_a_hand_it_replaced_once(tmp_path: Path) -> None:
    """``m.bhh`` corrects its hand 5 (``--replace`` stores it over the ledger's) and holds
    hand 2, moved from ``n.bhh``'s table ``T3`` to ``T9``: a copy at a table named otherwise
    while the ledger counts it from ``n.bhh`` (a conflict), so ``m.bhh`` is tried again once
    ``n.bhh``, which no longer holds it, is stored.  Its report counted hand 5 replaced and a
    duplicate too, in the text and in ``--json``: 1 stored, 1 duplicate, 1 replaced for a
    file of two hands.  Each hand is counted once, as an import of the file alone counts
    them: hand 2 stored, hand 5 replaced."""
    one, two = HAND.format(number=1, stack=100), HAND.format(number=2, stack=90)
    db = tmp_path / "club.db"
    n = write(tmp_path, "n.bhh", f"{TWO}table T1\n\n{one}\ntable T3\n\n{two}")
    m = write(tmp_path, "m.bhh", f"{TWO}table T2\n\n{HAND.format(number=5, stack=80)}")
    assert import_into(db, [n, m]).stored == 3
    write(tmp_path, "n.bhh", f"{TWO}table T1\n\n{one}")
    corrected = HAND.format(number=5, stack=70)
    write(tmp_path, "m.bhh", f"{TWO}table T2\n\n{corrected}\ntable T9\n\n{two}")
    for as_json in (False, True):
        folder = tmp_path / f"json{as_json}"
        folder.mkdir()
        copy = folder / "club.db"
        copy.write_bytes(db.read_bytes())
        result = runner.invoke(
            app,
            ["import", str(m), str(n), "--db", str(copy), "-j", "1", "--replace"]
            + (["--json"] if as_json else []),
        )
        assert result.exit_code == 0, result.output
        if as_json:
            files = json.loads(result.output)["files"]
            assert [(f["stored"], f["duplicate"], f["replaced"]) for f in files] == [
                (1, 0, 1),
                (0, 1, 1),  # (n.bhh: hand 1 held, hand 2 voided as no longer its own)
            ]
        else:
            assert f"{m}: 1 stored, 0 duplicate, 1 replaced, 0 rejected" in result.output
            assert "total: 1 stored, 1 duplicate, 2 replaced" in result.output
        assert counted(copy) == [("T1", "1", "n.bhh"), ("T2", "5", "m.bhh"), ("T9", "2", "m.bhh")]
