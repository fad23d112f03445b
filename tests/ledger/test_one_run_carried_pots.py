"""Corrected nights that pass a Progressive Badugi pot between them, imported in ONE run
(``import --replace n1.bhh n2.bhh``): the run ends with the ledger a fresh import of the
final files gives, in any order given, or says what to run.

Each file is its own transaction, checked against the ledger as the run has left it; a file
refused only because another file of the run had not stored its correction yet is tried again
after it (``badugi_ledger/ledger/run_retries.py``).  The nights are those of
``test_carried_pot_corrections`` (``examples/progressive_night.bhh``, seed 002: the carried
pot goes to the winner of the next pot): night one's P1 carries 12 (corrected: 8), night
two's Q2 takes it with ``carry in``.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger import file_transaction
from badugi_ledger.ledger.import_run import ImportRun
from badugi_ledger.ledger.importing import import_files
from badugi_ledger.ledger.report import ImportInterrupted
from badugi_ledger.ledger.store import open_ledger
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
        rows = table_rows(db)
        rows["audit"] = [(row[0], *row[2:]) for row in rows["audit"]]  # (its clock)
        ledgers.append(repr(rows).replace(str(folder), "FOLDER"))  # (the audit names files)
    assert ledgers[0] == ledgers[1] and "'replace', 1, 1, 'Back room', 'P1'" in ledgers[0]


@pytest.mark.parametrize("order", [(0, 1), (1, 0)])
def test_a_run_that_cannot_store_its_files_says_what_to_run(
    tmp_path: Path, order: tuple[int, int]
) -> None:
    """Night one raised to carry 20 and night two's Q2 to take 20, in one run: in no order
    can one file be stored before the other (night one would leave 8 chips for no hand
    beside the stored Q2 taking 12; night two would take 20 of the 12 stored), so both are
    refused, nothing stored, in either order given, and night one's refusal says the way,
    with night two in the run: void Q2, then this import again; night two's names night one
    (given first, it was refused before night one was: it has the last word).  Done, the
    ledger is the fresh import's."""
    one = write(tmp_path, "n1.bhh", night_one())
    two = write(tmp_path, "n2.bhh", later_night("Night two", "2024-05-10", "Q"))
    db = tmp_path / "club.db"
    assert import_into(db, [one, two]).stored == 3
    before = season(db)
    write(tmp_path, "n1.bhh", raised_night_one())
    corrected = (
        later_night("Night two", "2024-05-10", "Q", 20)
        .replace("Ben 96 · Cara 96", "Ben 92 · Cara 92")
        .replace("Ben 94", "Ben 90")
        .replace("Cara 84", "Cara 80")
        .replace("Cara 83", "Cara 79")
    )
    write(tmp_path, "n2.bhh", corrected)
    reports = import_into(db, [(one, two)[i] for i in order], replace=True).files
    first, second = (reports[order.index(i)] for i in (0, 1))
    assert first.source == str(one) and second.source == str(two)
    assert first.error is not None and second.error is not None, (first, second)
    assert (
        "void that hand first (badugi-ledger void --event 2 --hand Q2 --reason TEXT; the pot "
        f"then waits in *carry*), then run this import again, the 'carry in' of {two} "
        "corrected if it is not yet"
    ) in first.error
    assert f"or {one} of this import, refused for a carried pot too, carries it" in (second.error)
    assert season(db) == before
    code, out = invoke("void", "--event", "2", "--hand", "Q2", "--reason", "x", "--db", db)
    assert code == 0, out
    report = import_into(db, [one, two], replace=True)
    assert all(f.error is None for f in report.files), [f.error for f in report.files]
    as_fresh(db, [one, two], tmp_path)


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


def test_a_chain_of_raised_pots_is_not_sent_to_a_void_that_would_stay(tmp_path: Path) -> None:
    """Every pot of the chain raised from 8 to 12 (each night's first hand took it in part):
    night one's refusal, once night three is stored as corrected, does not say to void night
    three's R2 - its file, imported again, would hold it as voided, and 12 chips would wait in
    ``*carry*`` for no hand - but that these files cannot be stored one at a time, naming
    night two, refused between them; nothing of nights one and two is stored."""
    db = tmp_path / "club.db"
    assert import_into(db, chain(tmp_path, 8)).stored == 6
    one, two, three = chain(tmp_path, 12)
    code, out = invoke("void", "--event", "2", "--hand", "Q2", "--reason", "x", "--db", db)
    assert code == 0, out
    first, second, third = import_into(db, [one, two, three], replace=True).files
    assert third.error is None and second.error is not None and first.error is not None
    assert "hand R2 of Night three" in first.error and "badugi-ledger void" not in first.error
    assert (
        f"{three}, stored by this import, holds that hand as corrected, and {two} of this "
        "import, refused for a carried pot too, stands between them: these corrections cannot "
        "be stored one file at a time"
    ) in first.error
