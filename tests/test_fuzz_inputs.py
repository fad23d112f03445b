"""Bad input at the edges: empty files, binary garbage, a 50 MB single line, wrong
encodings, awkward player names - through the library and the real installed command.

The command must answer with problem lines or one ``Error:`` line and exit status 1 (0 only
when there is nothing wrong), never a traceback.  The 50 MB line runs in a child process with
a watchdog (a hang is reported, not waited for) and a cap on its address space, and its peak
memory is read back.
"""

from __future__ import annotations

import csv
import io
import json
import random
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from badugi_ledger.check import run_check
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.model.errors import BadugiError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.reports.export import export_table
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands
from badugi_ledger.sources import read_hands
from badugi_ledger.text.parse import parse_file, parse_text
from badugi_ledger.text.writer import without_positions, write_hands
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import CORPUS, EXAMPLES

CLI = Path(sys.executable).with_name("badugi-ledger")
STARS = CORPUS / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt"  # 4 hands, UTF-8 with BOM


def cli(*args: object, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CLI), *map(str, args)], capture_output=True, text=True, timeout=timeout
    )


def assert_no_traceback(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    assert "Traceback" not in done.stdout, done.stdout[-3000:]


# --- empty files and garbage ------------------------------------------------------------------


def test_empty_file_has_no_hands(tmp_path: Path) -> None:
    empty = tmp_path / "empty.bhh"
    empty.write_bytes(b"")
    assert list(parse_file(empty)) == []
    assert list(read_hands(empty)) == []
    done = cli("check", empty)
    assert_no_traceback(done)
    assert done.returncode == 0 and "0 hands" in done.stdout
    done = cli("import", empty, "--db", tmp_path / "l.db")
    assert_no_traceback(done)
    assert "0 stored" in done.stdout


def test_binary_garbage_is_rejected_with_positions(tmp_path: Path) -> None:
    garbage = tmp_path / "garbage.bhh"
    garbage.write_bytes(random.Random(7).randbytes(64 * 1024))
    items = list(read_hands(garbage))
    assert items and all(isinstance(i, BadugiError) and i.position.line >= 1 for i in items)
    for command in (["check", garbage], ["import", garbage, "--db", tmp_path / "l.db"]):
        done = cli(*command)
        assert_no_traceback(done)
        assert done.returncode == 1
        assert f"{garbage}:1:" in done.stdout + done.stderr or "rejected" in done.stdout
    with sqlite3.connect(tmp_path / "l.db") as conn:
        assert conn.execute("SELECT count(*) FROM hands").fetchone()[0] == 0


# --- a 50 MB single line ------------------------------------------------------------------------

FIFTY_MB = 50 * 2**20


def _write_line(path: Path, head: str, unit: str, tail: str = "\n") -> None:
    with open(path, "w", encoding="utf-8") as out:
        out.write(head)
        chunk = unit * (2**20 // len(unit))
        written = len(head)
        while written < FIFTY_MB:
            out.write(chunk)
            written += len(chunk)
        out.write(tail)


_WATCH = r"""
import json, os, resource, subprocess, sys, time
limit, cap, out, err, *cmd = sys.argv[1:]
def preexec():
    resource.setrlimit(resource.RLIMIT_AS, (int(cap), int(cap)))
with open(out, "wb") as o, open(err, "wb") as e:
    proc = subprocess.Popen(cmd, stdout=o, stderr=e, stdin=subprocess.DEVNULL, preexec_fn=preexec)
deadline = time.monotonic() + float(limit)
while True:
    pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
    if pid:
        print(json.dumps([os.waitstatus_to_exitcode(status), usage.ru_maxrss]))
        break
    if time.monotonic() > deadline:
        proc.kill()
        _, status, usage = os.wait4(proc.pid, 0)
        print(json.dumps([None, usage.ru_maxrss]))
        break
    time.sleep(0.05)
"""


def _run_watched(cmd: list[str], limit: float, tmp: Path) -> tuple[int | None, float, str, str]:
    """Run ``cmd`` with its address space capped at 2 GB; return (exit status, or None when it
    had to be killed after ``limit`` seconds, its own peak RSS in MB, stdout, stderr).

    The limit is a watchdog against a hang, not a speed requirement.  A small watcher process
    starts the command, so the peak memory read back is the command's own (Linux carries a
    process's peak across ``exec`` from the process it was forked from)."""
    out, err = tmp / "watched.out", tmp / "watched.err"
    watcher = subprocess.run(
        [sys.executable, "-S", "-c", _WATCH, str(limit), str(2 * 2**30), str(out), str(err), *cmd],
        capture_output=True,
        text=True,
        check=True,
    )
    status, maxrss_kb = json.loads(watcher.stdout)
    return (
        status,
        maxrss_kb / 1024,
        out.read_bytes().decode(errors="replace"),
        err.read_bytes().decode(errors="replace"),
    )


@pytest.mark.slow
@pytest.mark.parametrize(
    "shape",
    ["garbage", "hand-line", "body-line"],
)
def test_a_50_mb_single_line_is_rejected_without_hanging(shape: str, tmp_path: Path) -> None:
    """A 50 MB line (a corrupt export, a file that is not a history at all) gets an error
    line and exit status 1, in bounded memory; the command is killed if it runs on."""
    path = tmp_path / "long.bhh"
    if shape == "garbage":
        _write_line(path, "", "x7#§ ", tail="")  # no line end at all
    elif shape == "hand-line":
        _write_line(path, "game badugi\nhand 1 · button A · ", "A 1 · ")
    else:
        _write_line(path, "game badugi\nhand 1 · button A · A 50 · B 50\n", "A folds · ")
    status, peak_mb, out, err = _run_watched([str(CLI), "check", str(path)], 60, tmp_path)
    assert status is not None, f"check on a 50 MB {shape} line was still running after 60 s"
    assert "Traceback" not in err, err[-2000:]
    assert status == 1
    assert f"{path}:" in out + err
    assert len((out + err).splitlines()[0]) < 2000, "the error line repeats the huge input"
    assert peak_mb < 600, f"check took {peak_mb:.0f} MB for a 50 MB line"


def test_a_huge_name_does_not_make_a_huge_error_message() -> None:
    name = "A" * 200_000
    items = list(parse_text(f"game badugi\nhand 1 · button A · A 5 · B 5\n{name} folds\n"))
    assert len(items) == 1 and isinstance(items[0], BadugiError)
    assert len(str(items[0])) < 2000


# --- wrong encodings ----------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["latin-1"])
def test_our_format_in_another_encoding_is_a_clear_error(encoding: str, tmp_path: Path) -> None:
    """Our format is UTF-8; a file saved as Latin-1 is refused line by line with the position,
    never read as something else.  (UTF-16, which its byte-order mark or its NUL bytes tell
    for certain, is read as the text it is: ``tests/test_sources.py``.)"""
    text = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8").replace("Anna", "Jürgen")
    path = tmp_path / f"night-{encoding}.bhh"
    path.write_bytes(text.encode(encoding))
    items = list(read_hands(path))
    assert items
    assert not any(isinstance(i, HandRecord) and "Jürgen" in i.players for i in items)
    errors = [i for i in items if isinstance(i, BadugiError)]
    assert errors and all(e.position.source == str(path) and e.position.line for e in errors)
    assert any("UTF-8" in e.message for e in errors)
    done = cli("check", path)
    assert_no_traceback(done)
    assert done.returncode == 1 and "UTF-8" in done.stdout


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16", "cp1252"])
def test_site_history_in_another_encoding_reads_the_same_hands(
    encoding: str, tmp_path: Path
) -> None:
    """Site exports come in UTF-16 (Full Tilt, with or without BOM) and Windows code pages."""
    original = [without_positions(r) for r in read_hands(STARS) if isinstance(r, HandRecord)]
    path = tmp_path / f"stars-{encoding}.txt"
    path.write_bytes(STARS.read_bytes().decode("utf-8-sig").encode(encoding))
    again = [without_positions(r) for r in read_hands(path) if isinstance(r, HandRecord)]
    assert len(original) == 4
    assert [replace(r, text="") for r in again] == [replace(r, text="") for r in original]


# --- awkward player names -----------------------------------------------------------------------

AWKWARD = [
    "Robert'); DROP TABLE hands;--",
    'Anna "the Shark" Berg',
    "a=b",
    '=HYPERLINK("http://x")',
    "🂡 Ace",
    "李小龍",
    "back\\slash",
    "draw",
    "7even",
]


def _renamed(record: HandRecord, names: dict[str, str]) -> HandRecord:
    events = tuple(
        replace(ev, player=names[ev.player]) if hasattr(ev, "player") else ev  # type: ignore[arg-type]
        for ev in record.events
    )
    seats = tuple(replace(s, name=names[s.name]) for s in record.seats)
    return replace(record, seats=seats, button=names[record.button], events=events)


def _awkward_text(hands: int = 12) -> tuple[str, list[HandRecord]]:
    options = SimulationOptions(hands=hands, players=len(AWKWARD), seed=12, max_stack=20)
    original = list(simulate_hands(options))
    names = dict(zip(original[0].players, AWKWARD, strict=True))
    records = [_renamed(r, names) for r in original]
    return "".join(write_hands(records)), records


def test_awkward_names_survive_parse_check_import_and_export(tmp_path: Path) -> None:
    text, records = _awkward_text()
    path = tmp_path / "awkward.bhh"
    path.write_text(text, encoding="utf-8")
    parsed = [r for r in parse_file(path) if isinstance(r, HandRecord)]
    assert len(parsed) == len(records), [str(e) for e in parse_file(path)][:3]
    assert [without_positions(r).events for r in parsed] == [r.events for r in records]
    run = run_check([path])
    lines = list(run.lines())
    assert run.all_ok, lines[:5]
    db = tmp_path / "ledger.db"
    report = import_into(db, [path])
    assert report.ok and report.stored == len(records)
    with sqlite3.connect(db) as conn:
        stored = {row[0] for row in conn.execute("SELECT name FROM aliases")}
        assert set(AWKWARD) <= stored
        assert conn.execute("SELECT count(*) FROM hands").fetchone()[0] == len(records)
    with ledger_at(db, create=False) as ledger:
        rows = json.loads(export_table(ledger, "postings", "json"))
        as_csv = export_table(ledger, "postings", "csv").decode()
    assert set(AWKWARD) <= {row.get("player") or row.get("account") for row in rows}
    cells = [cell for row in csv.reader(io.StringIO(as_csv)) for cell in row]
    assert '\'=HYPERLINK("http://x")' in cells and '=HYPERLINK("http://x")' not in cells
    assert "Robert'); DROP TABLE hands;--" in cells


def test_awkward_names_through_the_command(tmp_path: Path) -> None:
    text, records = _awkward_text(6)
    path = tmp_path / "awkward.bhh"
    path.write_text(text, encoding="utf-8")
    done = cli("check", path)
    assert_no_traceback(done)
    assert done.returncode == 0 and f"{len(records)} hands: {len(records)} ok" in done.stdout
    db = tmp_path / "ledger.db"
    done = cli("import", path, "--db", db)
    assert_no_traceback(done)
    assert done.returncode == 0, done.stdout + done.stderr
    done = cli("export", "--table", "hands", "--format", "csv", "--db", db)
    assert_no_traceback(done)
    assert done.returncode == 0
    with sqlite3.connect(db) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    assert {"hands", "players", "postings"} <= tables


def test_broken_awkward_file_gives_problem_lines_not_tracebacks(tmp_path: Path) -> None:
    text, _ = _awkward_text(4)
    broken = text.replace(" collects ", " collects 1", 1).replace("raises", "raises to", 1)
    path = tmp_path / "broken.bhh"
    path.write_text(broken, encoding="utf-8")
    for command in (["check", path], ["import", path, "--db", tmp_path / "l.db"]):
        done = cli(*command)
        assert_no_traceback(done)
        assert done.returncode == 1
        assert str(path) in done.stdout + done.stderr


def test_missing_file_is_one_error_line(tmp_path: Path) -> None:
    for command in (
        ["check", tmp_path / "nope.bhh"],
        ["import", tmp_path / "nope.bhh", "--db", tmp_path / "l.db"],
    ):
        done = cli(*command)
        assert_no_traceback(done)
        assert done.returncode == 1
        assert "Error:" in done.stderr and len(done.stderr.strip().splitlines()) == 1
