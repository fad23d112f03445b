"""Faults: an import killed with ``kill -9`` half way, two imports into one ledger at
once, a disk that fills up, a ledger that cannot be written.

Each runs the real installed ``badugi-ledger`` in child processes.  "The ledger is exactly as
before" is checked by row counts and a SHA-256 of every table's rows.  Full and read-only
media are simulated in ways that also work as root (CI): the child's ``RLIMIT_FSIZE`` (with
SIGXFSZ ignored, a write past the limit fails with EFBIG, like a full disk), and for a
non-root user also plain file permissions.
"""

from __future__ import annotations

import hashlib
import os
import resource
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path

CLI = Path(sys.executable).with_name("badugi-ledger")


def simulated(path: Path, hands: int, seed: int) -> Path:
    simulate_to_path(SimulationOptions(hands=hands, players=6, seed=seed), path)
    return path


def snapshot(db: Path) -> dict[str, tuple[int, str]]:
    """Every table: (row count, SHA-256 of its rows in a fixed order)."""
    with sqlite3.connect(db) as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name"
            )
        ]
        out = {}
        for table in tables:
            columns = [row[1] for row in conn.execute(f'PRAGMA table_info("{table}")')]
            order = ", ".join(f'"{c}"' for c in columns)
            rows = conn.execute(f'SELECT * FROM "{table}" ORDER BY {order}').fetchall()
            digest = hashlib.sha256(repr(rows).encode()).hexdigest()
            out[table] = (len(rows), digest)
    return out


def hands_in(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM hands").fetchone()[0])


def postings_balance(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT coalesce(sum(amount), 0) FROM postings").fetchone()[0])


def cli(
    *args: str | Path,
    preexec: Callable[[], None] | None = None,
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CLI), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=preexec,
    )


def assert_clean_failure(done: subprocess.CompletedProcess[str], path: Path) -> None:
    """Exit status 1, one clear line about the problem, no traceback."""
    assert "Traceback" not in done.stderr + done.stdout, done.stderr[-3000:]
    assert done.returncode == 1, done.stdout + done.stderr
    lines = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    clear = [
        line
        for line in lines
        if line.startswith("Error: ") or (str(path) in line and "not imported" in line)
    ]
    assert clear, lines


def test_import_killed_midway_leaves_the_ledger_as_before(tmp_path: Path) -> None:
    """kill -9 in the middle of a file's transaction: the ledger afterwards is exactly the
    ledger before that file, and it still takes new imports."""
    db = tmp_path / "club.db"
    first = simulated(tmp_path / "first.bhh", 40, seed=1)
    big = simulated(tmp_path / "big.bhh", 4000, seed=2)
    assert cli("import", first, "--db", db).returncode == 0
    before = snapshot(db)
    wal = db.with_name(db.name + "-wal")

    proc = subprocess.Popen(
        [str(CLI), "import", str(big), "--db", str(db)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # Wait until the file's transaction is under way: its pages spill into the WAL while the
    # hands table still shows only the committed rows.
    while proc.poll() is None and not (wal.exists() and wal.stat().st_size > 0):
        time.sleep(0.01)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the import finished before it could be killed"

    assert snapshot(db) == before
    second = simulated(tmp_path / "second.bhh", 30, seed=3)
    done = cli("import", second, "--db", db)
    assert done.returncode == 0, done.stdout + done.stderr
    assert hands_in(db) == before["hands"][0] + 30
    assert postings_balance(db) == 0


def test_two_imports_at_once_into_one_ledger_lose_nothing(tmp_path: Path) -> None:
    """Both succeed (the second waits for the first's write lock); every hand is stored once."""
    db = tmp_path / "club.db"
    a = simulated(tmp_path / "a.bhh", 250, seed=4)
    b = simulated(tmp_path / "b.bhh", 250, seed=5)
    procs = [
        subprocess.Popen(
            [str(CLI), "import", str(p), "--db", str(db)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for p in (a, b)
    ]
    results = [p.communicate(timeout=300) for p in procs]
    for proc, (out, err) in zip(procs, results, strict=True):
        assert proc.returncode == 0, out + err
        assert "250 stored" in out
    assert hands_in(db) == 500
    assert postings_balance(db) == 0


def test_the_same_file_imported_twice_at_once_is_stored_once(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    a = simulated(tmp_path / "a.bhh", 200, seed=6)
    procs = [
        subprocess.Popen(
            [str(CLI), "import", str(a), "--db", str(db)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    outs = [p.communicate(timeout=300)[0] for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outs
    assert sorted(outs) == sorted(
        [
            f"{a}: 200 stored, 0 duplicate, 0 rejected\ntotal: 200 stored, 0 duplicate, 0 rejected"
            f" in 1 file\nledger: {db}\n",
            f"{a}: 0 stored, 200 duplicate, 0 rejected\ntotal: 0 stored, 200 duplicate, 0 rejected"
            f" in 1 file\nledger: {db}\n",
        ]
    ), outs
    assert hands_in(db) == 200


def _file_size_limit(limit: int) -> Callable[[], None]:
    def apply() -> None:  # in the child, before exec
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    return apply


def test_a_full_disk_is_a_clear_error_and_changes_nothing(tmp_path: Path) -> None:
    """The disk fills up during the import (writes past a size limit fail): one clear line,
    exit status 1, the ledger as before."""
    db = tmp_path / "club.db"
    assert cli("import", simulated(tmp_path / "first.bhh", 30, seed=7), "--db", db).returncode == 0
    before = snapshot(db)
    big = simulated(tmp_path / "big.bhh", 600, seed=8)
    done = cli("import", big, "--db", db, preexec=_file_size_limit(db.stat().st_size + 64 * 1024))
    assert_clean_failure(done, big)
    assert snapshot(db) == before


@pytest.mark.parametrize("how", ["unwritable", "missing-folder", "folder-not-file"])
def test_a_ledger_that_cannot_be_written_is_one_error_line(how: str, tmp_path: Path) -> None:
    """A read-only ledger (file permissions for a normal user; as root, whom permissions do not
    stop, a medium where no byte can be written), or a path that is no ledger file at all."""
    db = tmp_path / "club.db"
    small = simulated(tmp_path / "small.bhh", 20, seed=9)
    preexec = None
    if how == "unwritable":
        assert (
            cli("import", simulated(tmp_path / "first.bhh", 20, seed=10), "--db", db).returncode
            == 0
        )
        before = snapshot(db)
        if os.geteuid() == 0:
            preexec = _file_size_limit(0)
        else:
            db.chmod(0o444)
            tmp_path.chmod(0o555)
    elif how == "missing-folder":
        db = tmp_path / "no" / "such" / "club.db"
    else:
        db.mkdir()
    try:
        done = cli("import", small, "--db", db, preexec=preexec)
    finally:
        tmp_path.chmod(0o755)
        if db.is_file():
            db.chmod(0o644)
    assert_clean_failure(done, small)
    if how == "unwritable":
        assert snapshot(db) == before
    elif how == "missing-folder":
        said = f"Error: cannot make the ledger '{db}': its folder '{db.parent}' does not exist"
        assert done.stderr.startswith(said), done.stderr
    else:
        assert done.stderr.startswith(f"Error: '{db}' is a folder, not a ledger"), done.stderr
