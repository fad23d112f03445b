"""``import --jobs N``: worker processes read and
replay the files, ONE writer stores them in the order given, each in its own transaction, so
the ledger ends identical - same rows, same ids - to a one-process import, and so does the
report.  The folder mixes clean files, a file with a rule-breaking hand, duplicates, an
overlap, an empty file, a file that stops being readable part way, a tournament, a PHH hand
and a corpus file (PokerStars cash Badugi, fpdb regression files, see
``shared/corpus/SOURCES.md``)."""

from __future__ import annotations

import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from badugi_ledger.ledger import importing as ledger
from badugi_ledger.ledger.file_transaction import StoreOptions
from badugi_ledger.ledger.importing import import_file
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path
from tests.helpers.ledger_dump import table_rows
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES, FIXTURES

CLI = Path(sys.executable).with_name("badugi-ledger")


def simulated(path: Path, hands: int, seed: int, **options: object) -> Path:
    simulate_to_path(SimulationOptions(hands=hands, players=5, seed=seed, **options), path)  # type: ignore[arg-type]
    return path


@pytest.fixture(scope="module")
def mixed_folder(tmp_path_factory: pytest.TempPathFactory, corpus_dir: Path) -> Path:
    folder = tmp_path_factory.mktemp("season")
    a = simulated(folder / "a_clean.bhh", 120, seed=1)
    simulated(folder / "b_clean.bhh", 90, seed=2, game="badacey", structure="pot-limit")
    # One collection changed: that hand is rejected (its payout disagrees), the rest stored.
    text = simulated(folder / "c_broken.bhh", 60, seed=3).read_text(encoding="utf-8")
    at = text.index(" collects ", len(text) // 2)
    end = text.index(" from", at)
    text = text[:at] + " collects 99999" + text[end:]
    (folder / "c_broken.bhh").write_text(text, encoding="utf-8")
    shutil.copy(a, folder / "d_copy_of_a.bhh")  # every hand a duplicate
    (folder / "e_empty.bhh").write_text("", encoding="utf-8")
    # Half of a's hands again after new ones: an overlap.
    overlap = simulated(folder / "f_overlap.bhh", 40, seed=4).read_text(encoding="utf-8")
    (folder / "f_overlap.bhh").write_text(
        overlap + "\n" + a.read_text(encoding="utf-8"), encoding="utf-8"
    )
    # Lines that are not UTF-8 after 30 good hands: rejected hands, the rest stored.
    good = simulated(folder / "g_not_utf8.bhh", 30, seed=5).read_bytes()
    (folder / "g_not_utf8.bhh").write_bytes(good + b"\n\xff\xfe\x00 garbage \xc3\x28\n" * 3)
    # A payout table that does not total 100: the reader refuses the header and its hands.
    (folder / "g_bad_payouts.bhh").write_text(
        (EXAMPLES / "tournament.bhh")
        .read_text(encoding="utf-8")
        .replace("payouts 70/30", "payouts 70/20"),
        encoding="utf-8",
    )
    shutil.copy(EXAMPLES / "tournament.bhh", folder / "h_tournament.bhh")
    shutil.copy(EXAMPLES / "progressive_night.bhh", folder / "i_progressive.bhh")
    shutil.copy(FIXTURES / "wikipedia_badugi.phh", folder / "j_hand.phh")
    shutil.copy(
        corpus_dir / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt", folder / "k_stars.txt"
    )
    return folder


def cli_import(folder: Path, db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CLI), "import", str(folder), "--db", str(db), *args],
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.mark.parametrize("strict", [False, True])
def test_jobs_2_leaves_the_ledger_and_report_of_jobs_1(
    mixed_folder: Path, tmp_path: Path, strict: bool
) -> None:
    flags = ["--strict"] if strict else []
    one = cli_import(mixed_folder, tmp_path / "one.db", "--jobs", "1", *flags)
    two = cli_import(mixed_folder, tmp_path / "two.db", "--jobs", "2", *flags)
    assert "Traceback" not in one.stderr + two.stderr, two.stderr
    assert one.returncode == two.returncode == 1  # rejected hands, a file not imported
    assert two.stdout.replace("two.db", "one.db") == one.stdout  # but the ledger named
    rows = table_rows(tmp_path / "one.db", source_names=False)
    assert table_rows(tmp_path / "two.db", source_names=False) == rows
    # The mix really was mixed: every kind of outcome happened.
    out = one.stdout
    assert "d_copy_of_a.bhh: 0 stored, 120 duplicate, 0 rejected" in out
    assert "e_empty.bhh: 0 stored, 0 duplicate, 0 rejected (no Badugi-family hands found)" in out
    assert "g_bad_payouts.bhh: 0 stored, 0 duplicate, 2 rejected" in out
    assert "payout percentages must total 100" in out
    if strict:
        assert "g_not_utf8.bhh: 0 stored, 0 duplicate, 1 rejected (refused" in out
        # The broken hand, and the hand after it, warned of its button (--strict refuses a
        # warning too).
        assert "c_broken.bhh: 0 stored, 0 duplicate, 2 rejected (refused by --strict" in out
    else:
        # The edit swallowed the lines up to a later hand's " from": the hand it cut breaks,
        # its final: line a later hand's (chips created, said there); the hands after it add up
        # from that line's stacks (stacks-resynced, a warning) and are stored, each mistake
        # said once rather than again in every later hand.
        assert "c_broken.bhh: 45 stored, 0 duplicate, 1 rejected" in out
        assert "f_overlap.bhh: 40 stored, 120 duplicate, 0 rejected" in out
        assert "g_not_utf8.bhh: 29 stored, 0 duplicate, 1 rejected" in out
    assert len(rows["hands"]) > 250 and rows["tournament_entries"]

    # Importing everything again with two jobs changes nothing, in either ledger.
    again = cli_import(mixed_folder, tmp_path / "two.db", "--jobs", "2", *flags)
    assert "Traceback" not in again.stderr
    assert table_rows(tmp_path / "two.db", source_names=False) == rows


def test_the_library_reports_progress_and_json_alike(mixed_folder: Path, tmp_path: Path) -> None:
    calls: dict[int, list[tuple[str, int]]] = {1: [], 2: []}
    reports = {}
    for jobs in (1, 2):
        reports[jobs] = import_into(
            tmp_path / f"{jobs}.db",
            [mixed_folder],
            jobs=jobs,
            progress_every=50,
            progress=lambda source, n, jobs=jobs: calls[jobs].append((source, n)),  # type: ignore[misc]
        ).as_dict()
    assert reports[2] == reports[1]
    assert calls[2] == calls[1] and len(calls[1]) > 5


def test_a_worker_stages_rows_in_bounded_chunks(tmp_path: Path) -> None:
    """A big file's rows never travel in one message: they are staged a few hundred hands per
    pickle, and the writer streams them back in order."""
    path = simulated(tmp_path / "big.bhh", 1200, seed=6)
    stage = ledger._stage_file(ledger._StageTask(str(path), None, False, str(tmp_path)))
    assert stage is not None
    chunks = []
    with open(stage, "rb") as staged:
        while True:
            try:
                chunks.append(pickle.load(staged))
            except EOFError:
                break
    assert [len(c) for c in chunks] == [500, 500, 200]
    db = open_ledger(tmp_path / "staged.db")
    staged_report = ledger._store_staged(db, str(path), stage, StoreOptions())
    assert not Path(stage).exists()
    assert staged_report.stored == 1200
    db.close()
    direct = open_ledger(tmp_path / "direct.db")
    assert import_file(direct, path).stored == 1200
    direct.close()
    assert table_rows(tmp_path / "staged.db") == table_rows(tmp_path / "direct.db")


def test_a_file_that_cannot_be_staged_is_imported_by_the_writer(
    mixed_folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No room for staging files (here: a folder that does not exist): same ledger."""
    import_into(tmp_path / "one.db", [mixed_folder], jobs=1)
    missing = str(tmp_path / "missing" / "folder")
    monkeypatch.setattr(ledger.tempfile, "mkdtemp", lambda prefix: missing)
    report = import_into(tmp_path / "two.db", [mixed_folder], jobs=2)
    assert report.stored > 250
    assert table_rows(tmp_path / "two.db") == table_rows(tmp_path / "one.db")


def test_a_file_that_stops_being_readable_fails_alike(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read error part way through a file (a disk or network failure, simulated by a reader
    that raises after 700 hands): not imported, nothing of it stored, the other files stored -
    with one process or two (the workers are forked, so they read through the same reader)."""
    from badugi_ledger.sources import read_hands

    files = [
        simulated(tmp_path / f"{name}.bhh", 900, seed=seed)
        for name, seed in (("a", 7), ("b", 8), ("c", 9))
    ]

    def failing(path: Path, fmt: str | None = None, skipped: object = None):  # type: ignore[no-untyped-def]
        for n, item in enumerate(read_hands(path, fmt)):
            if path.name == "b.bhh" and n == 700:
                raise OSError(5, "Input/output error")
            yield item

    monkeypatch.setattr(ledger, "read_source", failing)
    reports = {jobs: import_into(tmp_path / f"{jobs}.db", files, jobs=jobs) for jobs in (1, 2)}
    assert reports[2].as_dict() == reports[1].as_dict()
    assert [f.stored for f in reports[1].files] == [900, 0, 900]
    assert reports[1].files[1].error == "[Errno 5] Input/output error"
    assert table_rows(tmp_path / "2.db") == table_rows(tmp_path / "1.db")
