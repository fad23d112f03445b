"""``import`` of ONE big file with more than one job: a worker process reads, replays and
builds the rows while this process stores them (``importing.py``'s docstring).  The ledger -
same rows, same ids - and the report must be those of a one-process import, whatever the
file holds: rejected hands, ``--strict``, duplicates, conflicts, ``--replace``, a file that
stops being readable; and a failure or Ctrl-C leaves nothing of the file stored, no process
and no temporary file behind."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger import importing
from badugi_ledger.parallel import WorkerError
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path
from tests.helpers.ledger_dump import table_rows
from tests.helpers.ledger_files import import_into

CLI = Path(sys.executable).with_name("badugi-ledger")


def simulated(path: Path, hands: int, seed: int, **options: object) -> Path:
    simulate_to_path(SimulationOptions(hands=hands, players=5, seed=seed, **options), path)  # type: ignore[arg-type]
    return path


@pytest.fixture(scope="module")
def night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A file above the size from which a worker reads a lone file, one hand rejected."""
    path = simulated(tmp_path_factory.mktemp("night") / "night.bhh", 420, seed=11)
    text = path.read_text(encoding="utf-8")
    at = text.index(" collects ", len(text) // 2)
    text = text[:at] + " collects 99999" + text[text.index(" from", at) :]
    path.write_text(text, encoding="utf-8")
    assert path.stat().st_size >= importing._STREAM_MIN_BYTES
    return path


def corrected(night: Path, folder: Path) -> Path:
    """The night with the first two cards dealt swapped in every 40th hand: the same cards,
    the same money, but other recorded actions - each such hand a conflict (same identity,
    other fingerprint)."""
    lines = night.read_text(encoding="utf-8").split("\n")
    deals = [i for i, line in enumerate(lines) if line.startswith("deal: ")]
    for i in deals[::40]:
        head, name, first, second, *rest = lines[i].split(" ")
        lines[i] = " ".join([head, name, second, first, *rest])
    path = folder / night.name
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


@pytest.fixture
def preparers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[[], list[int]]:
    """The processes that prepared files so far (the workers are forked: they see the patch)."""
    log = tmp_path / "pids"
    log.write_text("")
    prepare = importing.prepare_outcomes

    def noted(*args: Any, **options: Any) -> Any:
        with log.open("a") as out:
            out.write(f"{os.getpid()}\n")
        return prepare(*args, **options)

    monkeypatch.setattr(importing, "prepare_outcomes", noted)
    return lambda: [int(p) for p in log.read_text().split()]


def both(paths: list[Path], folder: Path, **options: Any) -> list[dict[str, Any]]:
    """Import ``paths`` in turn into ledgers ``one.db`` (one process) and ``two.db`` (two
    jobs); the reports of each step, checked equal, and the ledgers, checked equal."""
    steps = []
    for path in paths:
        one = import_into(folder / "one.db", [path], jobs=1, **options).as_dict()
        two = import_into(folder / "two.db", [path], jobs=2, **options).as_dict()
        assert two == one
        steps.append(one)
    assert ledger_rows(folder / "two.db") == ledger_rows(folder / "one.db")
    return steps


def ledger_rows(db: Path) -> dict[str, list[tuple[object, ...]]]:
    """:func:`table_rows`, the clock of each audit row (``at``, column 2) blanked too."""
    rows = table_rows(db)
    rows["audit"] = [(row[0], "", *row[2:]) for row in rows["audit"]]
    return rows


def test_a_big_file_is_read_by_a_worker_and_stored_alike(
    night: Path, tmp_path: Path, preparers: Callable[[], list[int]]
) -> None:
    first, again = both([night, night], tmp_path)
    hands = night.read_text(encoding="utf-8").count("\nhand ")
    assert first["rejected"] >= 1 and first["stored"] + first["rejected"] == hands
    assert (again["stored"], again["duplicate"]) == (0, first["stored"])
    pids = preparers()
    assert len(pids) == 4 and pids.count(os.getpid()) == 2  # jobs=2: in a worker
    assert multiprocessing.active_children() == []


def test_a_small_lone_file_stays_in_this_process(
    tmp_path: Path, preparers: Callable[[], list[int]]
) -> None:
    small = simulated(tmp_path / "small.bhh", 20, seed=3)
    assert import_into(tmp_path / "x.db", [small], jobs=2).stored == 20
    assert import_into(tmp_path / "y.db", [small], jobs=0).duplicate == 0
    assert preparers() == [os.getpid()] * 2


@pytest.mark.parametrize(
    "name",
    ["tournament.bhh", "progressive_night.bhh", "wikipedia_badugi.phh", "empty", "not_utf8",
     "pokerstars", "winamax"],
)  # fmt: skip
def test_any_file_streamed_is_stored_alike(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, corpus_dir: Path
) -> None:
    """Below the size limit too (lowered to 0 here): tournaments, PHH, an empty file, lines
    that are not UTF-8, a site file, a file of other games only (the skipped count)."""
    from tests.helpers.paths import EXAMPLES, FIXTURES

    monkeypatch.setattr(importing, "_STREAM_MIN_BYTES", 0)
    paths = {
        "empty": tmp_path / "empty.bhh",
        "not_utf8": tmp_path / "not_utf8.bhh",
        "pokerstars": corpus_dir / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt",
        "winamax": sorted((corpus_dir / "winamax").glob("*.txt"))[0],
        "wikipedia_badugi.phh": FIXTURES / "wikipedia_badugi.phh",
    }
    paths["empty"].write_text("")
    good = simulated(tmp_path / "good.bhh", 30, seed=5).read_bytes()
    paths["not_utf8"].write_bytes(good + b"\n\xff\xfe\x00 garbage \xc3\x28\n" * 3)
    path = paths.get(name, EXAMPLES / name)
    (report,) = both([path], tmp_path)
    assert report["stored"] or report["rejected"] or report["skipped"] or name == "empty"
    assert bool(report["skipped"]) is (name == "winamax")


def test_strict_alike(night: Path, tmp_path: Path) -> None:
    (report,) = both([night], tmp_path, strict=True)
    assert report["stored"] == 0 and report["files"][0]["refused"]


def test_duplicates_conflicts_and_replace_alike(night: Path, tmp_path: Path) -> None:
    (tmp_path / "fixed").mkdir()
    fixed = corrected(night, tmp_path / "fixed")
    stored, conflicts = both([night, fixed], tmp_path)
    (replaced,) = both([fixed], tmp_path, replace=True)
    assert stored["stored"] > 400
    assert conflicts["conflict"] > 5 and conflicts["stored"] == 0
    assert replaced["replaced"] == conflicts["conflict"] and replaced["conflict"] == 0


def _failing_reader(after: int, error: BaseException) -> Any:
    from badugi_ledger.sources import read_hands

    def failing(path: Path, fmt: str | None = None, skipped: object = None) -> Iterator[Any]:
        for n, item in enumerate(read_hands(path, fmt)):
            if n == after:
                raise error
            yield item

    return failing


def test_a_file_that_stops_being_readable_fails_alike(
    night: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importing, "read_source", _failing_reader(300, OSError(5, "I/O error")))
    (report,) = both([night], tmp_path)
    assert report["stored"] == 0
    assert report["files"][0]["error"] == "[Errno 5] I/O error"
    assert table_rows(tmp_path / "two.db")["hands"] == []


def test_a_failure_in_the_worker_arrives_in_its_place_and_stores_nothing(
    night: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unexpected error (a bug) in the worker is raised here, as one process would raise
    it, with the worker's traceback as its cause; the file's transaction is rolled back."""
    import_into(tmp_path / "two.db", [simulated(tmp_path / "other.bhh", 5, seed=9)])
    before = table_rows(tmp_path / "two.db")
    monkeypatch.setattr(importing, "read_source", _failing_reader(350, RuntimeError("a bug")))
    with pytest.raises(RuntimeError, match="a bug") as raised:
        import_into(tmp_path / "two.db", [night], jobs=2)
    assert isinstance(raised.value.__cause__, WorkerError)
    assert "failing" in str(raised.value.__cause__)  # the worker's traceback
    assert table_rows(tmp_path / "two.db") == before
    assert multiprocessing.active_children() == []


def _killer(path: Path, fmt: str | None = None, skipped: object = None) -> Iterator[Any]:
    from badugi_ledger.sources import read_hands

    for n, item in enumerate(read_hands(path, fmt)):
        if n == 200:
            os.kill(os.getpid(), signal.SIGKILL)
        yield item


def test_a_killed_worker_stores_nothing(
    night: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importing, "read_source", _killer)
    with pytest.raises(WorkerError, match="ended early"):
        import_into(tmp_path / "two.db", [night], jobs=2)
    assert table_rows(tmp_path / "two.db")["hands"] == []
    assert multiprocessing.active_children() == []


def _children(pid: int) -> set[int]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.add(int(entry.name))
    return found


def _write_locked(db: Path) -> bool:
    """Whether another connection holds the ledger's write lock (a file's transaction)."""
    if not db.exists():
        return False
    conn = sqlite3.connect(db, timeout=0, isolation_level=None)
    try:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError as exc:
        return "locked" in str(exc)
    finally:
        conn.close()


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_ctrl_c_leaves_no_hand_no_process_and_no_temporary_file(tmp_path: Path) -> None:
    big = simulated(tmp_path / "big.bhh", 3000, seed=12)
    temp = tmp_path / "temp"
    temp.mkdir()
    db = tmp_path / "club.db"  # made beforehand: the only write lock is then the big file's
    import_into(db, [simulated(tmp_path / "other.bhh", 5, seed=13)])
    before = table_rows(db)
    process = subprocess.Popen(
        [str(CLI), "import", str(big), "--db", str(db), "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(temp)},
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    deadline = time.monotonic() + 60
    workers: set[int] = set()
    while not workers and time.monotonic() < deadline and process.poll() is None:
        workers = _children(process.pid)
        time.sleep(0.05)
    assert workers, "no worker process was started"
    while not _write_locked(db) and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    assert _write_locked(db), "the import never began writing"  # hands written, uncommitted
    os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C sends: every process of the group
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, out + err
    assert "Traceback" not in err, err
    for pid in workers:  # gone, not even a zombie waiting for its parent
        assert not Path(f"/proc/{pid}").exists()
    assert list(temp.iterdir()) == []
    assert table_rows(db) == before
