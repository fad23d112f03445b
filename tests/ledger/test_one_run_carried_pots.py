"""Corrected nights that pass a Progressive Badugi pot between them, imported in ONE run
(``import --replace n1.bhh n2.bhh``): the run ends with the ledger a fresh import of the
final files gives, in any order given, or says what to run.

Each file is its own transaction, checked against the ledger as the run has left it; a file
refused only because another file of the run had not stored its correction yet is tried again
after it, and the files none of which can be stored alone are stored together, in one
transaction (``badugi_ledger/ledger/run_retries.py``).  The nights are those of
``test_carried_pot_corrections`` (``examples/progressive_night.bhh``, seed 002: the carried
pot goes to the winner of the next pot): night one's P1 carries 12 (corrected: 8), night
two's Q2 takes it with ``carry in``.
"""

from __future__ import annotations

import csv
import io
import itertools
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger import file_transaction
from badugi_ledger.ledger.file_transaction import StoredTogether
from badugi_ledger.ledger.import_run import ImportRun
from badugi_ledger.ledger.importing import import_files
from badugi_ledger.ledger.location import LEDGER_ENV
from badugi_ledger.ledger.run_retries import RunRetries
from badugi_ledger.ledger.stopped_report import ImportInterrupted
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import LedgerError
from tests.helpers.ledger_dump import table_rows
from tests.helpers.ledger_files import import_into
from tests.ledger.test_carried_pot_corrections import (
    CASH,
    HEAD,
    assert_as_fresh,
    later_night,
    night_one,
    raised_night_one,
    season,
    write,
)
from tests.ledger.test_ledger_identity import invoke


def postings(db: Path) -> list[list[str]]:
    """The postings export, each row without its row ids (a corrected ledger's rows are
    numbered otherwise than a fresh one's), sorted."""
    code, out = invoke("export", "--table", "postings", "--format", "csv", "--db", db)
    assert code == 0, out
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:2] == ["id", "hand_row"], rows[0]
    return sorted(row[2:] for row in rows[1:])


def as_fresh(db: Path, files: list[Path], folder: Path) -> None:
    """:func:`assert_as_fresh` (settle-up, standings), and the postings too."""
    assert_as_fresh(db, files, folder)
    assert postings(db) == postings(folder / "fresh.db")


def nights(folder: Path, carried: int) -> list[Path]:
    """``n1.bhh`` (P1 carries ``carried``) and ``n2.bhh`` (Q2 takes it), written anew."""
    return [
        write(folder, "n1.bhh", night_one(carried)),
        write(folder, "n2.bhh", later_night("Night two", "2024-05-10", "Q", carried)),
    ]


def chain(folder: Path, carried: int) -> list[Path]:
    """Three nights in a chain: night two takes night one's pot (Q2) and its last hand, Q4
    (night one's P1 played again), carries ``carried`` into night three's R2."""
    p1 = night_one(carried)
    q4 = p1[p1.index("hand P1 ·") :].replace(
        "hand P1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100",
        "hand Q4 · button Dan · Anna · Ben · Cara · Dan",
    )
    two = later_night("Night two", "2024-05-10", "Q", carried).rstrip("\n") + "\n\n" + q4
    return [
        write(folder, "n1.bhh", p1),
        write(folder, "n2.bhh", two),
        write(folder, "n3.bhh", later_night("Night three", "2024-05-17", "R", carried)),
    ]


@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_a_lowered_pot_and_the_night_that_takes_it_in_one_run(
    tmp_path: Path, order: tuple[int, int], jobs: int
) -> None:
    """Night one lowered to carry 8 and night two's ``carry in 8``, both in one run, in
    either order and with workers or not: both stored (night one, given first, is tried again
    after night two), and the ledger is the fresh import's.  Night two stored while the ledger
    held night one's old pot of 12 found 4 chips left behind; night one's correction, stored
    after it, made that untrue, and the report says what is true at the end: no warning."""
    db = tmp_path / "club.db"
    assert import_into(db, nights(tmp_path, 12)).stored == 3
    files = nights(tmp_path, 8)
    report = import_into(db, [files[i] for i in order], replace=True, jobs=jobs)
    assert [f.source for f in report.files] == [str(files[i]) for i in order]
    assert all(f.error is None for f in report.files), report.files
    assert report.ok, report.files
    assert [f.warnings for f in report.files] == [[], []]
    as_fresh(db, files, tmp_path)


def untaken(folder: Path) -> list[Path]:
    """``n1.bhh`` carrying 8 and ``n2.bhh`` whose Q2 takes none of it (a hand of its own:
    everyone folds to Cara's big blind; the 8 chips wait in ``*carry*``, with a warning)."""
    head = HEAD.replace(CASH, "cash Night two · date 2024-05-10 · season 2024")
    q2 = "hand Q2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98\n"
    return [
        write(folder, "n1.bhh", night_one(8)),
        write(folder, "n2.bhh", head + q2 + "Dan folds · Anna folds · Ben folds\n"),
    ]


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_a_raised_pot_and_the_night_that_now_takes_it_in_one_run(
    tmp_path: Path, order: tuple[int, int]
) -> None:
    """Night one corrected to carry 12, not 8, and night two's Q2 to take it (``carry in
    12``) where it took none: given night two first, it is refused while the ledger holds
    night one's 8, then tried again once night one is stored; in either order the ledger is
    the fresh import's.  Night one stored while the ledger held night two's Q2 taking none
    found 12 chips left behind; night two, stored after it, took them, and the report says
    what is true at the end: no warning."""
    db = tmp_path / "club.db"
    assert import_into(db, untaken(tmp_path)).stored == 2
    files = nights(tmp_path, 12)
    report = import_into(db, [files[i] for i in order], replace=True)
    assert all(f.error is None for f in report.files), [f.error for f in report.files]
    assert report.ok, report.files
    assert [f.warnings for f in report.files] == [[], []]
    as_fresh(db, files, tmp_path)


def test_three_nights_in_a_chain_in_one_run(tmp_path: Path) -> None:
    """Every pot of a chain of three nights lowered from 12 to 8, the files given earliest
    first: night one waits for night two, which waits for night three; the run tries them
    again until each is stored, and the ledger is the fresh import's, row for row the same
    with worker processes (``--jobs 2``) as with one."""
    ledgers = []
    for jobs in (1, 2):
        folder = tmp_path / f"jobs{jobs}"
        folder.mkdir()
        db = folder / "club.db"
        assert import_into(db, chain(folder, 12)).stored == 6
        files = chain(folder, 8)
        report = import_into(db, files, replace=True, jobs=jobs)
        assert all(f.error is None for f in report.files), [f.error for f in report.files]
        assert report.ok, report.files
        as_fresh(db, files, folder)
        ledgers.append(same_rows(db, folder))
    assert ledgers[0] == ledgers[1] and "'replace', 1, 1, 'Back room', 'P1'" in ledgers[0]


def same_rows(db: Path, folder: Path) -> str:
    """Every table of the ledger, the audit's clock left out and the folder named ``FOLDER``
    (the audit names files): equal for two ledgers that hold the same rows with the same ids."""
    rows = table_rows(db)
    rows["audit"] = [(row[0], *row[2:]) for row in rows["audit"]]
    return repr(rows).replace(str(folder), "FOLDER")


def raised(folder: Path, takes: int = 20) -> tuple[Path, list[Path]]:
    """The ledger of night one carrying 12 into night two's Q2, and both files corrected:
    night one's P1 raised to carry 20 (Ben bets, Cara calls), night two's Q2 to take
    ``takes`` (its stacks as night one now leaves them)."""
    one = write(folder, "n1.bhh", night_one())
    two = write(folder, "n2.bhh", later_night("Night two", "2024-05-10", "Q"))
    db = folder / "club.db"
    assert import_into(db, [one, two]).stored == 3
    write(folder, "n1.bhh", raised_night_one())
    corrected = (
        later_night("Night two", "2024-05-10", "Q", takes)
        .replace("Ben 96 · Cara 96", "Ben 92 · Cara 92")
        .replace("Ben 94", "Ben 90")
        .replace("Cara 84", "Cara 80")
        .replace("Cara 83", "Cara 79")
    )
    write(folder, "n2.bhh", corrected)
    return db, [one, two]


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_a_raised_pot_the_next_night_takes_whole_is_stored_together(
    tmp_path: Path, order: tuple[int, int]
) -> None:
    """Night one raised to carry 20 and night two's Q2 to take 20, in one run: in no order
    can one file be stored before the other (night one would leave 8 chips for no hand
    beside the stored Q2 taking 12; night two would take 20 of the 12 stored), so, both
    refused for their carried pots only, they are stored together, in one transaction, its
    pots checked with both in (the documented house rule: docs/ledger.md, "Several corrected
    files in one import"; seed 002, the carried pot goes to the winner of the next pot).
    The report lists each file stored and says why they were stored together; the ledger is
    the fresh import's, row for row the same with worker processes (``--jobs 2``)."""
    ledgers = []
    for jobs in (1, 2):
        folder = tmp_path / f"jobs{jobs}"
        folder.mkdir()
        db, files = raised(folder)
        given = [files[i] for i in order]
        report = import_into(db, given, replace=True, jobs=jobs)
        assert [f.source for f in report.files] == [str(path) for path in given]
        assert all(f.error is None for f in report.files), [f.error for f in report.files]
        assert report.ok and report.replaced == 3, report.files
        assert report.stored_together == tuple(str(path) for path in given)
        assert (
            f"{given[0]} and {given[1]} were stored together, in one transaction: none of them "
            "could be stored alone"
        ) in report.text_lines()[-2]
        assert report.as_dict()["stored_together"] == [str(path) for path in given]
        as_fresh(db, files, folder)
        assert "*carry*" not in season(db)
        ledgers.append(same_rows(db, folder))
    assert ledgers[0] == ledgers[1]


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_a_group_whose_pots_do_not_balance_is_refused_whole(
    tmp_path: Path, order: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Night one raised to carry 20, and night two's Q2 taking 24, more than any night
    carries: each file alone is refused for its carried pot, and the two together too
    (chips from nowhere: docs/ledger.md, Carried pots).  Nothing of either is stored; each
    file keeps the refusal it has alone (night one's says to void Q2 and correct night two's
    ``carry in``; night two's that night one, refused too, may carry it), and the report
    says what refused them together: Q2 takes 24 where 20 were carried."""
    db, (one, two) = raised(tmp_path, takes=24)
    # (the ledger a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(db))
    before = season(db)
    given = [(one, two)[i] for i in order]
    report = import_into(db, given, replace=True)
    first, second = (report.files[order.index(i)] for i in (0, 1))
    assert first.error is not None and second.error is not None, (first, second)
    assert (
        "void that hand first (badugi-ledger void --event 2 --hand Q2 --reason TEXT; the pot "
        f"then waits in *carry*), then run this import again, the 'carry in' of {two} "
        "corrected if it is not yet"
    ) in first.error
    assert f"{one} of this import, refused for a carried pot too, carries it" in second.error
    assert report.stored_together == () and season(db) == before
    names = tuple(str(path) for path in given)
    assert report.refused_together is not None and report.refused_together[0] == names
    line = report.text_lines()[-2]
    assert line.startswith(
        f"{names[0]} and {names[1]}, each refused for a carried pot, were tried together too, "
        "in one transaction, and refused (nothing of them stored): at table 'Back room' hand Q2"
    ), line
    assert line.endswith("takes 24 chips of carried Progressive Badugi pots, but the hands "
                         "before it carried 20 chips"), line  # fmt: skip
    assert report.as_dict()["refused_together"] == {
        "files": list(names),
        "error": report.refused_together[1],
    }


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_the_unit_of_two_nights_sharing_a_pot_corrected_in_one_run(
    tmp_path: Path, order: tuple[int, int]
) -> None:
    """Night one carries 12 chips into night two; both files corrected to chips worth money
    (``chips 10 = 1 EUR``).  Each alone is refused, in either order (its new unit would take,
    or leave, a pot of the other's old unit: ``test_carried_pot_corrections``); given in one
    run, they are stored together, and the ledger is the fresh import's (docs/ledger.md,
    Carried pots: a pot stays in its unit)."""
    db = tmp_path / "club.db"
    files = nights(tmp_path, 12)
    assert import_into(db, files).stored == 3
    valued = "\nchips 10 = 1 EUR\ntable Back room"
    for path in files:
        write(tmp_path, path.name, path.read_text("utf-8").replace("\ntable Back room", valued, 1))
    given = [files[i] for i in order]
    report = import_into(db, given, replace=True)
    assert all(f.error is None for f in report.files), [f.error for f in report.files]
    assert report.stored_together == tuple(str(path) for path in given)
    as_fresh(db, files, tmp_path)


def test_a_file_of_the_run_that_is_not_stored_is_named_so(tmp_path: Path) -> None:
    """Night one lowered to carry 8 while night two's file, in the same run, was overwritten
    by mistake (no hand in it: held back, nothing stored): night one's refusal says that file
    was not stored, not to import it again first."""
    db = tmp_path / "club.db"
    assert import_into(db, nights(tmp_path, 12)).stored == 3
    one, two = nights(tmp_path, 8)
    two.write_bytes(b"\xff\xfe not a hand file")
    first, second = import_into(db, [one, two], replace=True).files
    assert second.held_back and not second.stored  # (its hands, all gone, held it back)
    assert (
        first.error is not None
        and (
            f"{two}, of this import, was not stored (its report says why): correct it, then run "
            "this import again"
        )
        in first.error
    ), first.error


def _lowered_run(tmp_path: Path) -> tuple[Path, list[Path]]:
    """The ledger of night one carrying 12 into night two, and both files lowered to 8."""
    db = tmp_path / "club.db"
    assert import_into(db, nights(tmp_path, 12)).stored == 3
    return db, nights(tmp_path, 8)


@pytest.mark.parametrize("committed", [True, False], ids=["after-its-commit", "before-it"])
def test_ctrl_c_while_a_file_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, committed: bool
) -> None:
    """Ctrl-C while night one is tried again after night two: after its commit, the report
    holds its new report in its place and says every file is stored; before it, night one
    was rolled back and the report says so, night two staying as imported."""
    db, (one, two) = _lowered_run(tmp_path)
    seats = file_transaction.refuse_one_player_a_seat
    calls = []

    def stop(*args: Any) -> None:  # night two, then night one tried again, reach the check
        calls.append(args)
        seats(*args)
        if len(calls) == 2 and not committed:
            raise KeyboardInterrupt

    remember = ImportRun.remember

    def stop_after(self: ImportRun, source: str, *args: Any) -> None:
        remember(self, source, *args)
        if source == str(one) and committed:
            raise KeyboardInterrupt

    monkeypatch.setattr(file_transaction, "refuse_one_player_a_seat", stop)
    monkeypatch.setattr(ImportRun, "remember", stop_after)
    conn = open_ledger(db)
    with pytest.raises(ImportInterrupted) as stopped:
        import_files(conn, [one, two], replace=True, jobs=1)
    conn.close()
    report = stopped.value.report
    if committed:
        assert [f.source for f in report.files] == [str(one), str(two)]
        assert all(f.error is None for f in report.files)
        assert stopped.value.text().startswith("interrupted after the last file was stored")
        as_fresh(db, [one, two], tmp_path)
    else:
        assert [f.source for f in report.files] == [str(two)]
        assert stopped.value.text().startswith(
            f"interrupted while importing {one}: that file was rolled back; the 1 file "
            "before it stays as imported"
        )


@pytest.mark.parametrize("given", [(0, 1, 2), (2, 0, 1)])
def test_a_chain_of_raised_pots_is_stored_together(
    tmp_path: Path, given: tuple[int, int, int]
) -> None:
    """Every pot of a chain of three nights raised from 8 to 12, each night's first hand
    taking it in part: no file can be stored alone, in any order (each leaves a pot taken in
    part, or takes more than the ledger's old pot), so the three are stored together, in one
    transaction (docs/ledger.md, "Several corrected files in one import"); the ledger is the
    fresh import's, row for row the same with worker processes."""
    ledgers = []
    for jobs in (1, 2):
        folder = tmp_path / f"jobs{jobs}"
        folder.mkdir()
        db = folder / "club.db"
        assert import_into(db, chain(folder, 8)).stored == 6
        files = chain(folder, 12)
        report = import_into(db, [files[i] for i in given], replace=True, jobs=jobs)
        assert all(f.error is None for f in report.files), [f.error for f in report.files]
        assert report.stored_together == tuple(str(files[i]) for i in given)
        as_fresh(db, files, folder)
        ledgers.append(same_rows(db, folder))
    assert ledgers[0] == ledgers[1]


def test_a_chain_of_raised_pots_with_a_hand_voided_is_stored_together(tmp_path: Path) -> None:
    """The chain raised from 8 to 12 after the organiser voided night two's Q2: night three
    is stored alone (R2 takes 12 of the 16 the ledger then carries, a hand it wrote), nights
    one and two only together, in one transaction - not sent to void night three's R2, which
    its file, imported again, would hold as voided.  The voided Q2 stays void and the file's
    Q2 counts as a hand of its own, as a fresh import of the final files has it."""
    db = tmp_path / "club.db"
    assert import_into(db, chain(tmp_path, 8)).stored == 6
    one, two, three = chain(tmp_path, 12)
    code, out = invoke("void", "--event", "2", "--hand", "Q2", "--reason", "x", "--db", db)
    assert code == 0, out
    report = import_into(db, [one, two, three], replace=True)
    assert all(f.error is None for f in report.files), [f.error for f in report.files]
    assert report.stored_together == (str(one), str(two))
    as_fresh(db, [one, two, three], tmp_path)


@pytest.mark.parametrize("committed", [True, False], ids=["after-its-commit", "before-it"])
def test_ctrl_c_while_files_are_stored_together(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, committed: bool
) -> None:
    """Ctrl-C while nights one and two (a pot raised, the next night taking it whole) are
    stored together: after the group's commit, both are stored and the report says so;
    before it, both are rolled back - nothing of either stored - and the message says so."""
    db, files = raised(tmp_path)
    before = season(db)
    commit = StoredTogether.commit

    def stop(self: StoredTogether) -> None:
        if committed:
            commit(self)
        raise KeyboardInterrupt

    monkeypatch.setattr(StoredTogether, "commit", stop)
    conn = open_ledger(db)
    with pytest.raises(ImportInterrupted) as stopped:
        import_files(conn, files, replace=True, jobs=1)
    conn.close()
    report = stopped.value.report
    if committed:
        assert [f.source for f in report.files] == [str(path) for path in files]
        assert all(f.error is None for f in report.files)
        assert report.stored_together == tuple(str(path) for path in files)
        assert stopped.value.text().startswith("interrupted after the last file was stored")
        as_fresh(db, files, tmp_path)
    else:
        assert report.files == [] and season(db) == before
        assert stopped.value.text() == (
            f"interrupted while storing {files[0]} and {files[1]} together: those files were "
            "rolled back; nothing was stored; import the same files again to finish (what is "
            "stored counts once)"
        )


def test_a_file_refused_for_another_reason_leaves_the_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The chain raised from 8 to 12, night three refused, once stored with the others, for
    another reason than its pots (its players' seats, which a file refused for a pot was not
    checked for: here a stand-in refusal of that check): it keeps that refusal and leaves the
    group (docs/ledger.md, "Several corrected files in one import"); nights one and two are
    tried together again without it and refused whole (night three's old R2 would take 8 of
    the 12 night two now carries), nothing of any of them stored."""
    db = tmp_path / "club.db"
    assert import_into(db, chain(tmp_path, 8)).stored == 6
    before = season(db)
    files = chain(tmp_path, 12)
    seats = file_transaction.refuse_one_player_a_seat

    def night_three_refused(
        conn: Any, first: int, end: int, replaced: set[int], aliases: Any
    ) -> None:
        numbers = conn.execute(
            f"SELECT hand_number FROM hands WHERE id IN ({', '.join('?' * len(replaced))})",
            sorted(replaced),
        ).fetchall()
        if any(str(number).startswith("R") for (number,) in numbers):
            raise LedgerError(
                "a stand-in for a player seated twice; nothing from this file was stored"
            )
        seats(conn, first, end, replaced, aliases)

    monkeypatch.setattr(file_transaction, "refuse_one_player_a_seat", night_three_refused)
    report = import_into(db, files, replace=True)
    one, two, three = report.files
    assert three.error is not None and three.error.startswith("a stand-in for a player")
    assert one.error is not None and two.error is not None, (one, two)
    assert "carried Progressive Badugi pots" in one.error + two.error
    assert report.stored_together == ()
    assert report.refused_together is not None
    assert report.refused_together[0] == (str(files[0]), str(files[1]))
    assert "hand R2 of Night three" in report.refused_together[1]
    assert season(db) == before


FRONT = {
    CASH: "cash Front night · date 2024-05-04 · season 2024",
    "table Back room": "table Front room",
    "Anna": "Ella",
    "Ben": "Finn",
    "Cara": "Gina",
    "Dan": "Hugo",
}
"""The same nights a day later at another table of the club, other players at it (not
copies of the Back room's: ``badugi_ledger/ledger/night_copies.py``)."""


def front(text: str) -> str:
    """``text`` played at the Front room (:data:`FRONT`): its pots pass in a pool of their own
    (docs/ledger.md, Carried pots: one table's hands of one unit)."""
    for old, new in FRONT.items():
        text = text.replace(old, new)
    return text


def front_room(
    folder: Path, db: Path, takes: int, raised_one: bool = False
) -> tuple[Path, Path, Path]:
    """The Front room's nights one (P1 carries 12) and two (Q2 takes it) stored in ``db``,
    then ``f2.bhh`` corrected to take ``takes`` (and ``f1.bhh`` to carry 20, ``raised_one``);
    the files, and ``kept/f2.bhh``: night two as the ledger holds it."""
    kept = folder / "kept"
    kept.mkdir()
    one = write(folder, "f1.bhh", front(night_one()))
    stored = write(kept, "f2.bhh", front(later_night("Front night two", "2024-05-11", "Q")))
    two = write(folder, "f2.bhh", stored.read_text("utf-8"))
    assert import_into(db, [one, two]).stored == 3
    write(folder, "f2.bhh", front(later_night("Front night two", "2024-05-11", "Q", takes)))
    if raised_one:
        write(folder, "f1.bhh", front(raised_night_one()))
    return one, two, stored


@pytest.mark.parametrize("order", list(itertools.permutations(range(3))))
def test_a_pair_stored_together_beside_a_bad_file_at_another_table(
    tmp_path: Path, order: tuple[int, ...]
) -> None:
    """Night one raised to carry 20 and night two's Q2 to take it whole (a pair no order
    stores one file at a time) and, in the same run, the Front room's night two corrected to
    take 24 where 12 were carried (chips from nowhere: docs/ledger.md, Carried pots; seed 002,
    the carried pot goes to the winner of the next pot).  The Front room's pots never pass to
    the Back room's (another pool), so the pair is stored together and the bad file refused
    alone, its message naming no file of the pair: in every order given, the ledger is a
    fresh import of the good files with the Front room's night two as stored, row for row the
    same with worker processes (docs/ledger.md, "Several corrected files in one import")."""
    ledgers = []
    for jobs in (1, 2):
        folder = tmp_path / f"jobs{jobs}"
        folder.mkdir()
        db, (one, two) = raised(folder)
        first, bad, stored = front_room(folder, db, takes=24)
        given = [(one, two, bad)[i] for i in order]
        report = import_into(db, given, replace=True, jobs=jobs)
        refused = {f.source: f.error for f in report.files}
        assert refused[str(one)] is None and refused[str(two)] is None, refused
        error = refused[str(bad)]
        assert error is not None and "takes 24 chips of carried Progressive Badugi pots" in error
        assert str(one) not in error and str(two) not in error, error
        pair = tuple(str(path) for path in given if path != bad)
        assert report.stored_together == pair and report.refused_together is None
        assert report.as_dict()["stored_together"] == list(pair)
        assert report.as_dict()["stored_groups"] == [list(pair)]
        assert report.as_dict()["refused_together"] is None
        said = [line for line in report.text_lines() if "together, in one transaction" in line]
        assert said == [f"{pair[0]} and {pair[1]} were stored together, in one transaction: "
                        "none of them could be stored alone (corrected nights that pass carried "
                        "Progressive Badugi pots between them), and with all of them in, every "
                        "pot balances"], said  # fmt: skip
        as_fresh(db, [one, two, first, stored], folder)
        ledgers.append(same_rows(db, folder))
    assert ledgers[0] == ledgers[1]


@pytest.mark.parametrize("order", [(0, 1, 2, 3), (3, 2, 1, 0), (2, 0, 3, 1)])
def test_groups_of_two_tables_are_stored_or_refused_each_on_its_own(
    tmp_path: Path, order: tuple[int, ...]
) -> None:
    """The Back room's pair (night one raised to carry 20, night two's Q2 taking it whole)
    and the Front room's (its night one raised to 20, its night two's Q2 taking 24, more than
    any night carries), all four in one run: each pair is a group of its own (their pots never
    pass between the tables: docs/ledger.md, "Several corrected files in one import"), the
    Back room's stored together, the Front room's refused whole, nothing of it stored.  The
    report and ``--json`` say each: ``stored_together`` and ``refused_together`` as for one
    group, ``stored_groups`` and ``refused_groups`` group by group."""
    db, (one, two) = raised(tmp_path)
    first, bad, _ = front_room(tmp_path, db, takes=24, raised_one=True)
    front_before = {p: n for p, n in season(db).items() if p in ("Ella", "Finn", "Gina", "Hugo")}
    given = [(one, two, first, bad)[i] for i in order]
    report = import_into(db, given, replace=True)
    errors = {f.source: f.error for f in report.files}
    assert errors[str(one)] is None and errors[str(two)] is None, errors
    assert errors[str(first)] is not None and errors[str(bad)] is not None, errors
    back = tuple(str(path) for path in given if path in (one, two))
    front_pair = tuple(str(path) for path in given if path in (first, bad))
    assert report.stored_groups == (back,) and report.stored_together == back
    assert [files for files, _ in report.refused_groups] == [front_pair]
    why = report.refused_groups[0][1]
    assert "at table 'Front room' hand Q2" in why and "takes 24 chips" in why, why
    assert report.refused_together == (front_pair, why)
    data = report.as_dict()
    assert data["stored_groups"] == [list(back)] and data["stored_together"] == list(back)
    assert data["refused_groups"] == [{"files": list(front_pair), "error": why}]
    assert data["refused_together"] == {"files": list(front_pair), "error": why}
    lines = [line for line in report.text_lines() if "in one transaction" in line]
    assert len(lines) == 2 and lines[0].startswith(f"{back[0]} and {back[1]} were stored")
    assert lines[1].startswith(f"{front_pair[0]} and {front_pair[1]}, each refused"), lines
    after = season(db)
    assert {p: after[p] for p in front_before} == front_before and "*carry*" not in after


def test_files_linked_by_a_file_of_two_tables_are_one_group() -> None:
    """Night one at the Back room, night three at the Front room, and night two played at
    both, all refused for carried pots: nights one and three change no pool of each other, but
    night two shares one with each, so the three are one group (a chain n1-n2-n3:
    docs/ledger.md, "Several corrected files in one import"); a file of a third table alone
    is a group of its own, and the groups come in the order of their first file given."""
    names = ["n1.bhh", "side.bhh", "n2.bhh", "n3.bhh"]
    run = ImportRun(names)
    back, front_pool, side = ("Back room", "chips"), ("Front room", "chips"), ("Side", "USD")
    for name, pools in zip(names, [{back}, {side}, {back, front_pool}, {front_pool}], strict=True):
        run.refused_for_carry(name, frozenset(pools))
    retries = RunRetries([Path(name) for name in names], run, None)  # type: ignore[arg-type]
    assert retries._groups([0, 1, 2, 3]) == [[0, 2, 3], [1]]
    assert retries._groups([0, 1, 3]) == [[0], [1], [3]]  # (night two left the group)
    assert run.sharing("n2.bhh") == ["n1.bhh", "n3.bhh"] and run.sharing("side.bhh") == []
