"""A connection to a ledger file: set up for several writers, its write transactions, and
SQLite's errors in an organiser's words.

One file, no server.  :func:`connect` opens a file (or an in-memory database) and sets it up for
several writers at once (WAL journal, a busy timeout so a second importer waits instead of
failing, foreign keys on); :func:`transaction` is the one way a write takes the lock, and
:func:`reading` the way a report reads one state of the ledger.
:func:`badugi_ledger.ledger.store.open_ledger` brings the schema of such a connection up to date.

An open ledger is a plain :class:`sqlite3.Connection` (autocommit: every write names its own
transaction).  The ledger is written and read with SQL, so opening, checking and importing
load neither sqlite-utils nor what it imports at start-up (pandas and numpy, ≈1 s and ≈100 MB
when installed); a caller who wants sqlite-utils' helpers wraps the connection:
``sqlite_utils.Database(ledger)``.

Journal and durability: ``journal_mode = WAL`` with ``synchronous = NORMAL``.  WAL lets
readers (standings, export) work while an import writes, and a commit appends to the log
instead of rewriting pages; NORMAL syncs the log at checkpoints rather than at every commit,
which in WAL mode still never corrupts the ledger or tears a transaction: a power cut can at
worst lose the last files' commits, which a re-import restores (it skips the hands already
stored).  ``FULL`` would fsync at every file's commit for that last guarantee; an import
commits once per file, so either choice costs little, and NORMAL is SQLite's own
recommendation for WAL.  The page cache stays at SQLite's default (2 MB), so memory does
not grow with the ledger.

Waiting for a lock: a command that finds the ledger locked by another (an import writing a
file, another program holding it) waits for it up to the busy timeout.  Past
:data:`WAIT_NOTICE_MS` it says so once, as a warning on the ``badugi_ledger`` logger (on stderr
when nothing else is set up: Python's last-resort handler), so that a wait of minutes is never
silent (:func:`patiently`).

Why a module of its own: it knows nothing of the tables.  The modules that write in one
transaction (corrections, players, a tournament's new terms) or word an error of SQLite (the
import, the command line) use it without loading the schema and its migrations
(:mod:`.schema`).
"""

from __future__ import annotations

import logging
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TypeVar

from ..model.errors import LedgerError

T = TypeVar("T")

DEFAULT_BUSY_TIMEOUT_MS = 600_000
"""How long a writer waits for another one's transaction (a whole file's import) to finish."""

WAIT_NOTICE_MS = 2_000
"""How long a command waits for another's lock on the ledger before it says it is waiting."""

WAIT_SLICE_MS = 250
"""The longest SQLite waits for a lock in one call (:func:`patiently`): Ctrl-C acts within it."""

log = logging.getLogger("badugi_ledger")


_SQLITE_HINTS = {
    "database or disk is full": "the disk (or the ledger's size limit) is full",
    "disk i/o error": (
        "the ledger, or a temporary file SQLite writes for a large sort (in $SQLITE_TMPDIR or "
        "$TMPDIR, else /var/tmp), could not be written (disk full or failing?)"
    ),
    "attempt to write a readonly database": (
        "the ledger file is read-only, or its folder is (SQLite writes its journal there)"
    ),
    "unable to open database file": "the ledger file or its folder cannot be opened for writing",
    "database is locked": "another command held the ledger for longer than it waits",
}


def explain_sqlite_error(exc: sqlite3.Error, unchanged: str = "nothing was changed") -> str:
    """SQLite's error text, with what it means for an organiser when its own words are terse
    (a read-only, full or locked ledger).  Every change a command makes is one transaction,
    rolled back on such an error: ``unchanged`` says so in the command's words."""
    text = str(exc)
    hint = next((h for key, h in _SQLITE_HINTS.items() if key in text.lower()), None)
    return f"{text}: {hint}; {unchanged}" if hint else text


@contextmanager
def transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` on any exception.

    ``IMMEDIATE`` takes the write lock at the start, so a concurrent writer waits (busy timeout)
    at ``BEGIN`` instead of failing half way with ``database is locked``.
    """
    if db.in_transaction:
        raise LedgerError("a ledger transaction is already open")
    try:
        patiently(db, lambda: db.execute("BEGIN IMMEDIATE"), "to write it")
    except sqlite3.OperationalError as exc:
        raise LedgerError(f"cannot lock the ledger for writing: {exc}") from exc
    try:
        yield db
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise
    else:
        db.execute("COMMIT")


@contextmanager
def reading(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN`` … ``COMMIT`` around the queries of one answer (standings, a settle-up, the
    season report, an export): they read one state of the ledger, as committed at the first
    of them, though an import commits meanwhile (WAL lets it write while they read), so that
    a night the import moves to another event is counted once, never twice or not at all.
    Inside a transaction the caller holds, they read in that one."""
    if db.in_transaction:
        yield db
        return
    db.execute("BEGIN")
    try:
        yield db
    finally:
        if db.in_transaction:  # (a failed query may have ended it)
            db.execute("COMMIT")


def db_file(db: sqlite3.Connection) -> str:
    """The file of the ledger ``db`` (its main database), or ``""`` for one in memory."""
    return next((str(row[2]) for row in db.execute("PRAGMA database_list") if row[1] == "main"), "")


def db_label(db: sqlite3.Connection) -> str:
    """A human name for the ledger file (for messages)."""
    path = db_file(db)
    return repr(path) if path else "(in memory)"


@contextmanager
def committed_view(
    db: sqlite3.Connection,
) -> Iterator[Callable[[], sqlite3.Connection | None]]:
    """``with committed_view(db) as committed:`` - ``committed()`` is the ledger of ``db`` as
    committed, outside the transaction ``db`` is in: a second connection, read-only, to its
    file (a WAL journal lets it read while ``db`` writes), opened on the first call and closed
    when the block ends.  None for a ledger in memory, or one it cannot open at once."""
    opened: list[sqlite3.Connection | None] = []

    def committed() -> sqlite3.Connection | None:
        if not opened:
            path = db_file(db)
            try:
                opened.append(connect(path, read_only=True, busy_timeout_ms=500) if path else None)
            except LedgerError:
                opened.append(None)
        return opened[0]

    try:
        yield committed
    finally:
        for conn in opened:
            if conn is not None:
                conn.close()


def patiently(db: sqlite3.Connection, step: Callable[[], T], why: str) -> T:
    """``step()``, which may wait for another connection's lock on the ledger: if it is still
    waiting after :data:`WAIT_NOTICE_MS`, say so once (a warning on :data:`log`: which ledger,
    for how long at most, how to stop) and wait on for the rest of the busy timeout.  SQLite
    waits inside its own call and tells nobody, and Python acts on Ctrl-C (or SIGTERM) only
    once that call returns: one call for the whole timeout kept the command deaf to them for
    ten minutes.  So the wait is SQLite's in slices of :data:`WAIT_SLICE_MS`, ``step`` tried
    again after each until the timeout is spent; between two, a signal stops the command."""
    full = int(db.execute("PRAGMA busy_timeout").fetchone()[0])
    if full < 2 * WAIT_NOTICE_MS:  # a short wait: not worth a word
        return step()
    started = time.monotonic()
    deadline = started + full / 1000
    told = False
    try:
        while True:
            left_ms = int((deadline - time.monotonic()) * 1000)
            db.execute(f"PRAGMA busy_timeout = {max(1, min(WAIT_SLICE_MS, left_ms))}")
            try:
                return step()
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() >= deadline:
                    raise
            if not told and time.monotonic() - started >= WAIT_NOTICE_MS / 1000:
                told = True
                log.warning(
                    "waiting for the ledger %s %s: another command or program is using it (up "
                    "to %s more; Ctrl-C stops)",
                    db_label(db),
                    why,
                    _duration(deadline - time.monotonic()),
                )
    finally:
        with suppress(sqlite3.ProgrammingError):  # (a step that refused the file closed it)
            db.execute(f"PRAGMA busy_timeout = {full}")


def _duration(seconds: float) -> str:
    """``8 s``, ``10 min``: how long a wait may last, in words."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    return f"{seconds / 60:.0f} min"


def _use_wal(conn: sqlite3.Connection, timeout_s: float) -> None:
    """Switch the file to WAL, waiting while another process holds it.

    Two importers opening a new ledger at once both ask for WAL; SQLite answers the one that
    loses the race "database is locked" at once, without its busy handler, so the wait is
    here (up to the busy timeout, like every other lock).
    """
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(0.02)


def connect(
    path: str | Path | None = None,
    *,
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    read_only: bool = False,
    not_ours: bool = False,
) -> sqlite3.Connection:
    """A configured connection without migrating; ``path`` None or ``":memory:"`` = in memory.

    ``read_only`` opens the file so that SQLite itself refuses every write (``mode=ro``).
    ``not_ours``: the file is another user's, who may not find files of ours beside it
    (:func:`_read_only`)."""
    target = ":memory:" if path is None else str(path)
    try:
        if read_only and target != ":memory:":
            conn = _read_only(target, busy_timeout_ms / 1000, not_ours)
        elif target.startswith("file:"):  # a file's name, not an URI SQLite would read
            uri = Path(target).absolute().as_uri()
            conn = sqlite3.connect(
                uri, timeout=busy_timeout_ms / 1000, isolation_level=None, uri=True
            )
        else:
            conn = sqlite3.connect(target, timeout=busy_timeout_ms / 1000, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        conn.execute("PRAGMA foreign_keys = ON")
        if target != ":memory:":
            patiently(conn, lambda: _refuse_another_application(conn, target), "to read it")
            _refuse_a_schema_that_is_no_text(conn, target)
        if target != ":memory:" and not read_only:
            _use_wal(conn, busy_timeout_ms / 1000)
            conn.execute("PRAGMA synchronous = NORMAL")
    except sqlite3.DatabaseError as exc:
        raise LedgerError(
            f"cannot open the ledger {target!r}: {explain_sqlite_error(exc)}"
        ) from exc
    except UnicodeDecodeError as exc:  # SQLite's message quotes bytes of a damaged schema
        raise LedgerError(DAMAGED_LEDGER.format(target=target)) from exc
    return conn


def _read_only(target: str, timeout_s: float, not_ours: bool = False) -> sqlite3.Connection:
    """A connection to the file ``target`` that SQLite itself keeps from writing (``mode=ro``).

    A ledger in WAL mode read by a user who may not write its folder: SQLite must make its
    ``-shm`` file beside it to read, and refuses ("attempt to write a readonly database")
    unless a writer has it open (then the file is there).  With no writer, nothing changes the
    file while it is read: it is read as it stands (``immutable``).  So is a ledger that is
    ``not_ours`` and that no writer has open: the ``-wal`` and ``-shm`` files SQLite would make
    beside it would be this user's, and its owner could not write his ledger after them."""
    uri = Path(target).resolve().as_uri() + "?mode=ro"

    def opened(as_it_stands: bool) -> sqlite3.Connection:
        at = uri + "&immutable=1" if as_it_stands else uri
        return sqlite3.connect(at, timeout=timeout_s, isolation_level=None, uri=True)

    if not_ours and not os.path.exists(target + "-wal"):
        return opened(True)
    conn = opened(False)
    try:
        patiently(
            conn,
            lambda: conn.execute("SELECT count(*) FROM sqlite_master").fetchone(),
            "to read it",
        )
    except sqlite3.OperationalError as exc:
        if "readonly" not in str(exc):
            raise
        conn.close()
        conn = opened(True)
    return conn


def _refuse_another_application(conn: sqlite3.Connection, target: str) -> None:
    """Refuse an SQLite database that is not a ledger, before anything is written to it: a
    ledger is made only in an empty file, and every ledger holds its ``schema_version`` (of
    its own three columns) and its ``hands``, made together in one transaction.  Opened as a
    ledger, another application's database got the ledger's tables and another journal mode,
    by any command."""
    tables = [str(row[0]) for row in conn.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' "
        "ORDER BY name"
    )]  # fmt: skip
    ours = {"schema_version", "hands"} <= set(tables) and {
        str(row[1]) for row in conn.execute("PRAGMA table_info(schema_version)")
    } == {"version", "name", "applied_at"}
    if tables and not ours:
        conn.close()
        shown = ", ".join(tables[:5]) + (", …" if len(tables) > 5 else "")
        raise LedgerError(
            f"{target!r} is an SQLite database of another application (tables: {shown}), not "
            "a ledger: nothing was changed in it; name a ledger, or a new file, with --db"
        )


def _refuse_a_schema_that_is_no_text(conn: sqlite3.Connection, target: str) -> None:
    """Refuse a ledger whose tables' or views' definitions hold a byte that is no UTF-8
    (damaged on disk).  SQLite opens such a file, and the damage showed only in the query
    that read the damaged view or table, as a ``UnicodeDecodeError`` of SQLite's message
    quoting the byte (or of a column's name), in whichever command ran it; read here once,
    the schema is a few kilobytes."""
    conn.text_factory = bytes
    try:
        texts = conn.execute("SELECT name, sql FROM sqlite_master").fetchall()
    finally:
        conn.text_factory = str
    try:
        for name, sql in texts:
            name.decode("utf-8")
            if sql is not None:
                sql.decode("utf-8")
    except UnicodeDecodeError as exc:
        conn.close()
        raise LedgerError(DAMAGED_LEDGER.format(target=target)) from exc


DAMAGED_LEDGER = (
    "cannot open the ledger {target!r}: the file is damaged (the definition of its tables "
    "holds bytes that are not text); restore it from a backup, or import the hand files "
    "again into a new ledger"
)
"""The refusal of a ledger so damaged that its schema (and SQLite's error quoting it) holds
bytes that are no text."""
