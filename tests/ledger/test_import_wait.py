"""A second import into a ledger whose write lock is held waits for it (``--wait``) and then
succeeds, or, past the wait, says so in one line and changes nothing."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from badugi_ledger.ledger.connection import WAIT_NOTICE_MS
from tests.helpers.paths import EXAMPLES

CLI = Path(sys.executable).with_name("badugi-ledger")
HOME = EXAMPLES / "home_session.bhh"
WAIT_NOTICE_S = WAIT_NOTICE_MS / 1000


def _hold_write_lock(db: Path, seconds: float, taken: threading.Event) -> None:
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    taken.set()
    time.sleep(seconds)
    conn.execute("ROLLBACK")
    conn.close()


def _hands(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM hands").fetchone()[0])


def _ledger(tmp_path: Path) -> Path:
    db = tmp_path / "club.db"
    done = subprocess.run(
        [str(CLI), "import", str(EXAMPLES / "004_badacey.bhh"), "--db", str(db)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return db


def _while_held(
    db: Path, hold: Callable[[Path, float, threading.Event], None], seconds: float, *args: str
) -> subprocess.CompletedProcess[str]:
    """``badugi-ledger ARGS`` run while ``hold`` keeps the ledger ``db`` locked ``seconds``."""
    taken = threading.Event()
    holder = threading.Thread(target=hold, args=(db, seconds, taken))
    holder.start()
    taken.wait(10)
    try:
        return subprocess.run([str(CLI), *args], capture_output=True, text=True)
    finally:
        holder.join()


def test_a_second_importer_waits_for_the_lock_and_then_stores_everything(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    started = time.monotonic()
    done = _while_held(
        db, _hold_write_lock, 3.0, "import", str(HOME), "--db", str(db), "--wait", "60"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert time.monotonic() - started >= 2.0  # it really waited for the lock holder
    assert "4 stored" in done.stdout
    assert _hands(db) == 1 + 4


def test_past_the_wait_the_import_fails_cleanly_and_changes_nothing(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    done = _while_held(
        db, _hold_write_lock, 4.0, "import", str(HOME), "--db", str(db), "--wait", "0.5"
    )
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert "locked" in (done.stdout + done.stderr)
    assert _hands(db) == 1


def _hold_exclusively(db: Path, seconds: float, taken: threading.Event) -> None:
    """Another program holding the whole file: readers wait too (SQLite's exclusive locking
    mode, as a database browser with an unsaved change may hold it)."""
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute("PRAGMA locking_mode = EXCLUSIVE")
    conn.execute("BEGIN EXCLUSIVE")
    conn.execute("CREATE TABLE IF NOT EXISTS held (a)")
    taken.set()
    time.sleep(seconds)
    conn.execute("ROLLBACK")
    conn.close()


def test_a_reader_kept_waiting_by_another_program_says_so_then_answers(tmp_path: Path) -> None:
    """``standings`` of a ledger another program held sat silent for up to ten minutes."""
    db = _ledger(tmp_path)
    done = _while_held(db, _hold_exclusively, 4.0, "standings", "--db", str(db))
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("waiting for the ledger") == 1, done.stderr
    assert f"{str(db)!r} to read it: another command or program is using it" in done.stderr
    assert "up to 10 min more; Ctrl-C stops" in done.stderr
    assert "rank" in done.stdout


def test_a_second_importer_says_it_waits(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    done = _while_held(
        db, _hold_write_lock, 4.0, "import", str(HOME), "--db", str(db), "--wait", "60"
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "to write it: another command or program is using it (up to 58 s more" in done.stderr
    assert _hands(db) == 1 + 4


def test_a_short_wait_is_not_announced(tmp_path: Path) -> None:
    db = _ledger(tmp_path)
    done = _while_held(
        db, _hold_write_lock, 2.0, "import", str(HOME), "--db", str(db), "--wait", "3"
    )
    assert "waiting for the ledger" not in done.stderr
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_ledger_held_past_the_wait_is_refused_in_words(tmp_path: Path) -> None:
    from badugi_ledger.ledger.store import open_ledger
    from badugi_ledger.model.errors import LedgerError

    db = _ledger(tmp_path)
    taken = threading.Event()
    holder = threading.Thread(target=_hold_exclusively, args=(db, 2.0, taken))
    holder.start()
    taken.wait(10)
    try:
        with pytest.raises(LedgerError) as refused:
            open_ledger(db, busy_timeout_ms=200)
    finally:
        holder.join()
    assert "database is locked: another command held the ledger for longer than it waits" in str(
        refused.value
    )


def _hold_until(db: Path, exclusive: bool, taken: threading.Event, done: threading.Event) -> None:
    """Hold the ledger's write lock (or, ``exclusive``, the whole file, as another program
    may) until ``done``."""
    conn = sqlite3.connect(db, isolation_level=None)
    if exclusive:
        conn.execute("PRAGMA locking_mode = EXCLUSIVE")
    conn.execute("BEGIN EXCLUSIVE" if exclusive else "BEGIN IMMEDIATE")
    conn.execute("CREATE TABLE IF NOT EXISTS held (a)")
    taken.set()
    done.wait(120)
    conn.execute("ROLLBACK")
    conn.close()


@pytest.mark.parametrize(
    ("command", "exclusive"),
    [
        (["import", str(HOME)], False),
        (["void", "--event", "1", "--reason", "misdeal"], False),
        (["standings"], True),
    ],
    ids=["import", "void", "standings"],
)
def test_ctrl_c_stops_a_command_waiting_for_the_ledger(
    command: list[str], exclusive: bool, tmp_path: Path
) -> None:
    """The notice of a wait says "Ctrl-C stops"; it did not: SQLite waits inside one call, for
    the whole busy timeout (10 minutes), and Python acts on Ctrl-C only when that call returns.
    A command kept waiting by another's lock stops at Ctrl-C within a moment, with the
    status of Ctrl-C, and the ledger as it was."""
    import os
    import signal

    db = _ledger(tmp_path)
    taken, done = threading.Event(), threading.Event()
    holder = threading.Thread(target=_hold_until, args=(db, exclusive, taken, done))
    holder.start()
    try:
        assert taken.wait(10)
        waiting = subprocess.Popen(
            [str(CLI), *command, "--db", str(db)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )
        time.sleep(WAIT_NOTICE_S + 1.5)  # past the notice: the long wait
        interrupted = time.monotonic()
        os.kill(waiting.pid, signal.SIGINT)
        try:
            _, err = waiting.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            waiting.kill()
            waiting.communicate()
            pytest.fail("Ctrl-C did not stop a command waiting for the ledger")
        assert time.monotonic() - interrupted < 5
    finally:
        done.set()
        holder.join()
    assert "waiting for the ledger" in err and "Ctrl-C stops" in err, err
    assert "Traceback" not in err, err
    assert waiting.returncode == 130, err
    assert _hands(db) == 1  # the ledger's one hand, and no other
