"""Two changes to one ledger file, the second asked for while the first holds the write lock.

:func:`second_waits_for_first` runs each on its own connection, in its own thread.  The first is
held just before its ``COMMIT`` (its write lock taken, its change not yet visible) until the
second has asked for the lock (its ``BEGIN IMMEDIATE`` begins), so the second always waits for
the first and goes on once it has committed: what an organiser's command meets when it starts
while an import, or another organiser's command, is writing.  The order is fixed by the
connections' own statements (SQLite's trace callback), not by sleeps.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable
from pathlib import Path

from badugi_ledger.ledger.store import open_ledger

Change = Callable[[sqlite3.Connection], object]

PATIENCE_S = 60.0
"""How long a step waits for the other thread before the test gives up (a stuck run)."""


def _statement(sql: str, *starts: str) -> bool:
    return sql.lstrip().upper().startswith(starts)


def second_waits_for_first(db: Path, first: Change, second: Change) -> tuple[object, object]:
    """What ``first(connection)`` and ``second(connection)`` returned, or the exception each
    raised, ``second`` having waited for ``first``'s lock (see the module docstring)."""
    committing, asked = threading.Event(), threading.Event()
    results: dict[str, object] = {}

    def hold_the_commit(sql: str) -> None:
        if _statement(sql, "COMMIT", "END") and not asked.is_set():
            committing.set()
            asked.wait(PATIENCE_S)

    def ask(sql: str) -> None:
        if _statement(sql, "BEGIN IMMEDIATE"):
            asked.set()

    def run(name: str, change: Change, trace: Callable[[str], None]) -> None:
        try:
            conn = open_ledger(db, create=False)
            try:
                conn.set_trace_callback(trace)
                results[name] = change(conn)
            finally:
                conn.close()
        except BaseException as exc:  # handed to the test to look at
            results[name] = exc
        finally:
            committing.set()  # a first change that failed before its commit frees the second
            asked.set()

    one = threading.Thread(target=run, args=("first", first, hold_the_commit))
    one.start()
    assert committing.wait(PATIENCE_S), "the first change never came to its commit"
    two = threading.Thread(target=run, args=("second", second, ask))
    two.start()
    one.join(PATIENCE_S)
    two.join(PATIENCE_S)
    assert not one.is_alive() and not two.is_alive(), "a change never ended"
    return results["first"], results["second"]
