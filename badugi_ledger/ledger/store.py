"""Opening a ledger: a connection (:mod:`.connection`) whose schema is brought up to date by the
migrations of :mod:`.schema`.

:func:`open_ledger` opens (or creates) a ledger file and upgrades it; :func:`ledger_at` does the
same and always closes it.  These two are the library's way in (``badugi_ledger.open_ledger``);
only the command line and the web app open a ledger by its path.

Migrations: the table ``schema_version`` lists every migration applied (``version``, ``name``,
``applied_at``).  Each migration runs in its own ``BEGIN IMMEDIATE`` transaction together with
its ``schema_version`` row, so a file written by an older version of badugi-ledger is upgraded
step by step on open, and two processes opening a fresh file at once cannot both apply the
same step.  A file whose version is *newer* than this program knows is refused rather than
written to; a ledger opened read-only is never upgraded.
"""

from __future__ import annotations

import errno
import os
import sqlite3
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path

from ..model.errors import LedgerError, os_reason
from ..model.limits import quote
from .connection import DAMAGED_LEDGER, DEFAULT_BUSY_TIMEOUT_MS, connect, db_label, transaction
from .location import DEFAULT_DB, LEDGER_ENV, ledger_path_refused
from .schema import MIGRATIONS, SCHEMA_VERSION


def schema_version(db: sqlite3.Connection) -> int:
    """The highest migration applied to this file (0 for an empty file)."""
    if not db.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'"
    ).fetchone():
        return 0
    row = db.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def _newer_than_known(label: str, version: int) -> LedgerError:
    """A ledger written by a later badugi-ledger: only upgrading the program opens it (a
    read-only one was told to be made writable, which then met this same refusal)."""
    return LedgerError(
        f"the ledger {label} has schema version {version}, newer than this "
        f"badugi-ledger knows ({SCHEMA_VERSION}); upgrade badugi-ledger"
    )


def migrate(db: sqlite3.Connection, *, target: int | None = None) -> int:
    """Apply pending migrations in order, up to ``target`` (default: all); return the version.

    Each step re-reads the version inside its own write transaction, so concurrent openers
    never apply a step twice.
    """
    goal = SCHEMA_VERSION if target is None else target
    current = schema_version(db)
    if current > SCHEMA_VERSION:
        raise _newer_than_known(db_label(db), current)
    while current < goal:
        with transaction(db):
            db.execute(
                "CREATE TABLE IF NOT EXISTS schema_version "
                "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT"
            )
            current = schema_version(db)
            pending = [m for m in MIGRATIONS if current < m[0] <= goal]
            if not pending:
                break
            version, name, step = pending[0]
            step(db)
            db.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                (version, name, datetime.now(UTC).isoformat(timespec="seconds")),
            )
            current = version
    return current


def open_ledger(
    path: str | Path | None = DEFAULT_DB,
    *,
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    create: bool = True,
    read_only: bool = False,
) -> sqlite3.Connection:
    """Open (or create) a ledger and bring its schema up to date.

    ``path`` None or ``":memory:"`` gives an in-memory ledger (tests).  With ``create=False`` a
    missing file is an error instead of a new empty ledger (for read-only commands).  With
    ``read_only`` nothing is ever written, not even a schema upgrade: SQLite refuses writes,
    and a ledger of an older schema is an error that says how to upgrade it.  An empty
    ``path`` names no ledger, and a new one is not made under a name holding a line break
    (:func:`~.location.ledger_path_refused`).
    """
    refused = None if path is None else ledger_path_refused(path, new=False)
    if refused is not None:
        raise LedgerError(refused)
    missing, mode = _looked_up(path)
    if mode is not None and stat.S_ISDIR(mode.st_mode):
        raise LedgerError(
            f"{quote(str(path))!r} is a folder, not a ledger: name the ledger's file "
            f"(--db {quote(str(Path(str(path)) / DEFAULT_DB))})"
        )
    if mode is not None and not stat.S_ISREG(mode.st_mode):
        # SQLite would wait on a pipe nobody writes, or call it a failing disk
        raise LedgerError(
            f"{quote(str(path))!r} is not a file (a pipe, socket or device), not a ledger: "
            "name the ledger's file with --db"
        )
    if mode is not None and not _sqlite_or_empty(Path(str(path))):
        raise LedgerError(
            f"{quote(str(path))!r} is not a ledger: it is no SQLite database (a ledger's file "
            "starts with 'SQLite format 3'); nothing was changed in it; name a ledger, or a new "
            "file, with --db"
        )
    hint = _not_found_hint(path) if missing and path is not None else ""
    if missing and (read_only or not create):
        if hint:
            raise LedgerError(f"no ledger at {str(path)!r}{hint}")
        raise LedgerError(
            f"no ledger at {str(path)!r}: make one with `badugi-ledger import HAND_FILES "
            f"--db {path}`, or name another with --db or {LEDGER_ENV}"
        )
    folder = os.path.dirname(str(path)) or "."
    if missing and not os.path.isdir(folder):  # SQLite said "unable to open database file"
        why = (
            f"its folder does not exist{hint}"
            if hint
            else f"{quote(folder)!r} is a file, not a folder: name another ledger file with --db"
            if os.path.exists(folder)
            else f"its folder {quote(folder)!r} does not exist: make it first, or name another "
            "file with --db"
        )
        raise LedgerError(f"cannot make the ledger {str(path)!r}: {why}")
    refused = ledger_path_refused(path, new=True) if missing and path is not None else None
    if refused is not None:
        raise LedgerError(refused)
    kept = not read_only and path is not None and not missing and _not_writable(Path(path))
    db = connect(path, busy_timeout_ms=busy_timeout_ms, read_only=read_only or kept, not_ours=kept)
    try:
        if read_only or kept:
            version = schema_version(db)
            if version > SCHEMA_VERSION:
                raise _newer_than_known(db_label(db), version)
            if version != SCHEMA_VERSION:
                how = (
                    "to upgrade it, make the file and its folder writable and open it once"
                    if kept
                    else "open it once without --read-only (any command) to upgrade it"
                )
                raise LedgerError(
                    f"the ledger {str(path)!r} has schema version {version}, this "
                    f"badugi-ledger reads version {SCHEMA_VERSION}: {how}"
                )
            return db
        migrate(db)
    except sqlite3.DatabaseError as exc:
        db.close()
        raise LedgerError(f"cannot use {str(path)!r} as a ledger: {exc}") from exc
    except UnicodeDecodeError as exc:  # SQLite's message quotes bytes of a damaged schema
        db.close()
        raise LedgerError(DAMAGED_LEDGER.format(target=str(path))) from exc
    except BaseException:
        db.close()
        raise
    return db


def _not_found_hint(path: str | Path) -> str:
    """:func:`badugi_ledger.file_choice.not_found_hint`, the rule for every path a command is
    given (imported here, as :mod:`.location` imports the others: the ledger needs it only
    for a ledger that is missing)."""
    from ..file_choice import not_found_hint

    return not_found_hint(path)


def _looked_up(path: str | Path | None) -> tuple[bool, os.stat_result | None]:
    """Whether the ledger file at ``path`` is missing (a new ledger is made there, or a read
    refused), and what it is when it is not (None in memory).  A link to nowhere is missing:
    the ledger is made where it leads.  A symlink loop is said to be one, as a hand file's
    path is (it read as missing: "no ledger at", then "cannot open the ledger" when an
    import made one), and so is a name the system cannot look up (too long, in a folder that
    may not be entered)."""
    if path is None or str(path) == ":memory:":
        return False, None
    try:
        return False, os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return True, None
    except OSError as exc:
        advice = ": mend or remove the link" if exc.errno == errno.ELOOP else ""
        raise LedgerError(
            f"cannot open the ledger {quote(str(path))!r}: {os_reason(exc)}{advice}"
        ) from exc
    except ValueError as exc:  # a NUL in the name: no file has it
        raise LedgerError(f"cannot open the ledger {quote(str(path))!r}: {exc}") from exc


def _sqlite_or_empty(path: Path) -> bool:
    """Whether the file at ``path`` starts as an SQLite database does, or is empty (a new
    ledger, made in it).  SQLite called any other file a ledger of schema version 0 when it
    was opened read-only (``/proc/self/status``: "to upgrade it, make the file writable").
    A file that cannot be read is left to SQLite, whose error says why."""
    from ..sources import SQLITE_HEADER

    try:
        with path.open("rb") as handle:
            head = handle.read(len(SQLITE_HEADER))
    except OSError:
        return True
    return not head or head == SQLITE_HEADER


def _not_writable(path: Path) -> bool:
    """Whether the ledger file at ``path``, or its folder (where SQLite writes its journal
    beside it), may not be written by this user: then it is opened read-only, so that the
    commands that only read it work (a change is refused by SQLite, in words,
    :func:`~.connection.explain_sqlite_error`).  Opened to be written, every command failed
    with "attempt to write a readonly database", reading ones included."""
    if str(path) == ":memory:":
        return False
    folder = path.parent if str(path.parent) else Path(".")
    return not (os.access(path, os.W_OK) and os.access(folder, os.W_OK))


@contextmanager
def ledger_at(
    path: str | Path | None,
    *,
    create: bool = True,
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    read_only: bool = False,
) -> Iterator[sqlite3.Connection]:
    """``with ledger_at("club.db") as db:`` — :func:`open_ledger` (its parameters, its
    ``read_only`` too), and always close."""
    db = open_ledger(path, create=create, busy_timeout_ms=busy_timeout_ms, read_only=read_only)
    try:
        yield db
    finally:
        db.close()
