"""Which source states each term of an event: the ``event_terms`` table.

An event's terms (season, place, buy-in, starting chips, payouts: :data:`TERMS`) are stated
by the files that hold its hands (a night in two files, a tournament's tables), and a
tournament's payouts by ``badugi-ledger tournament --payouts`` too.  The ledger must be what a
fresh import of the final files makes: a term struck from every file that stated it (or
stated by a file emptied since) is a term the event no longer has.  Holding only the event's
row, the ledger cannot tell whether another file states a term one file leaves out, so each
source's terms are kept here, one row per (event, source, term): a file's import writes its
own rows anew (:meth:`.FileEvents.settle_terms`), the command its ``payouts`` row
(:func:`command_payouts`), and a term no row states any longer is left out of the event.
The command's word stands over the files': a file imported again that states the table it
stated before (its own row) does not contest it; one that states another does
(:meth:`.FileEvents.settle_terms`).  ``none`` is a word too (:data:`NO_PRIZES`); only
``--payouts clear`` takes the command's row out, and the files' table counts again.
The command's row is the tournament's, not its key's: it follows the tournament's hands to
its corrected date or name with the other terms the organiser recorded (:mod:`.moved_terms`).

``source`` is the path a file was imported by (as ``hands.source``), or :data:`COMMAND` for
the command, which no path can be.  A row holds a term as the ``events`` column does (a
buy-in in cents, payouts as JSON; the command's ``none`` as :data:`NO_PRIZES`, which the
event holds as no table, :func:`event_payouts`), and only a term stated: a source that leaves
it out has no row.
"""

from __future__ import annotations

import sqlite3
from typing import Any

from ..model.events import SESSION_TERMS
from .void_reasons import LEFT_OUT

TERMS = SESSION_TERMS
"""The ``events`` columns a source states besides what names the event (kind, name, date,
unit); the game is left out: one night may deal several."""

COMMAND = ""
"""The ``source`` of a term ``badugi-ledger tournament --payouts`` set: no file's path is
empty."""

COMMAND_NAME = "tournament --payouts"
"""How a report names :data:`COMMAND`."""

NO_PRIZES = "[]"
"""The command's row of ``tournament --payouts none``: its word that the tournament pays no
prizes, which a file imported again stating the table it stated before does not undo.  No row
at all is the command saying nothing (never set, or ``--payouts clear``): the files' table
counts."""


def stated_terms(db: sqlite3.Connection, event_id: int) -> dict[str, dict[Any, str]]:
    """The terms the event's sources state: term -> each value stated -> a source stating
    it (the first by name)."""
    found: dict[str, dict[Any, str]] = {}
    for term, value, source in db.execute(
        "SELECT term, value, source FROM event_terms WHERE event_id = ? ORDER BY source",
        [event_id],
    ):
        found.setdefault(str(term), {}).setdefault(value, str(source))
    return found


def command_payouts(db: sqlite3.Connection, event_id: int, payouts: str | None) -> None:
    """The tournament's payouts as ``tournament --payouts`` sets them (JSON; :data:`NO_PRIZES`:
    ``none``, which is a word too): the command's row, which stands until the command sets
    another; None takes it out (``clear``: the command says nothing)."""
    db.execute(
        "DELETE FROM event_terms WHERE event_id = ? AND source = ? AND term = 'payouts'",
        [event_id, COMMAND],
    )
    if payouts is not None:
        db.execute(
            "INSERT INTO event_terms (event_id, source, term, value) VALUES (?, ?, 'payouts', ?)",
            [event_id, COMMAND, payouts],
        )


def event_payouts(payouts: str | None) -> str | None:
    """A source's payouts (JSON) as ``events.payouts`` holds them: :data:`NO_PRIZES` as no
    table (NULL), as a file that states none has it, so every reader of the event pays none."""
    return None if payouts == NO_PRIZES else payouts


def payouts_by(db: sqlite3.Connection, event_id: int, source: str) -> str | None:
    """The payouts ``source`` (a file's path, or :data:`COMMAND`) states for the event, as
    JSON; None: it states none."""
    row = db.execute(
        "SELECT value FROM event_terms WHERE event_id = ? AND source = ? AND term = 'payouts'",
        [event_id, source],
    ).fetchone()
    return None if row is None else str(row[0])


def files_payouts(db: sqlite3.Connection, event_id: int) -> dict[str, str]:
    """The prize tables the event's files state (JSON -> the first file stating it, by
    path), the first file's first: what the event pays once the command says nothing."""
    found: dict[str, str] = {}
    for value, source in db.execute(
        "SELECT value, source FROM event_terms WHERE event_id = ? AND term = 'payouts' "
        "AND source != ? ORDER BY source",
        [event_id, COMMAND],
    ):
        found.setdefault(str(value), str(source))
    return found


EVENT_HOLDERS = (
    "SELECT event_id, source FROM hands WHERE void_reason IS NULL "
    "OR void_reason NOT LIKE '%' || ? UNION ALL SELECT h.event_id, c.source "
    "FROM hand_copies c JOIN hands h ON h.id = c.hand_id"
)
"""Each event and a file that holds a hand of it, as rows (``event_id``, ``source``): the
file each hand was read from last, unless that file left it out (``source`` None: a hand read
from no file), and each file holding a copy of it (``hand_copies``).  Its one parameter is
:data:`~.void_reasons.LEFT_OUT`."""


def create_event_terms(db: sqlite3.Connection) -> None:
    """The table, filled for a ledger made before it as conservatively as it can be: each term
    an event holds is taken as stated by every file that holds a hand of it (read from it
    last and not left out of it, or a copy: ``hand_copies``), and its payouts by the command
    too (the ledger did not tell the command's table from a file's).  Nothing changes until a
    file is imported again: a term leaves the event only once every file of it has been
    imported again without it, and payouts only once the command sets other ones.
    (``IF NOT EXISTS``: a ledger whose later version rows were taken back runs it again.)"""
    db.execute(
        "CREATE TABLE IF NOT EXISTS event_terms (event_id INTEGER NOT NULL REFERENCES "
        "events(id), source TEXT NOT NULL, term TEXT NOT NULL, value ANY NOT NULL, "
        "PRIMARY KEY (event_id, source, term)) STRICT"
    )
    db.execute("CREATE INDEX IF NOT EXISTS event_terms_source ON event_terms (source)")
    for term in TERMS:
        db.execute(
            f"INSERT OR IGNORE INTO event_terms (event_id, source, term, value) "
            f"SELECT e.id, s.source, '{term}', e.{term} FROM events e "
            f"JOIN ({EVENT_HOLDERS}) s ON s.event_id = e.id "
            f"WHERE s.source IS NOT NULL AND e.{term} IS NOT NULL",
            [LEFT_OUT],
        )
    db.execute(
        "INSERT OR IGNORE INTO event_terms (event_id, source, term, value) "
        "SELECT id, ?, 'payouts', payouts FROM events WHERE payouts IS NOT NULL",
        [COMMAND],
    )


__all__ = [
    "COMMAND",
    "COMMAND_NAME",
    "EVENT_HOLDERS",
    "TERMS",
    "NO_PRIZES",
    "command_payouts",
    "create_event_terms",
    "event_payouts",
    "files_payouts",
    "payouts_by",
    "record_no_prizes",
]


def record_no_prizes(db: sqlite3.Connection) -> None:
    """A ledger whose ``tournament --payouts none`` took the command's row out and left the
    event no table: a tournament holding no payouts while a file states a table, and no row
    of the command's, can come from nothing else (an import fills a table the event lacks,
    and a term leaves an event only once no source states it).  That ``none`` is recorded as
    the command's word (:data:`NO_PRIZES`), so that importing the unchanged file again does
    not pay its table."""
    db.execute(
        "INSERT OR IGNORE INTO event_terms (event_id, source, term, value) "
        "SELECT e.id, ?1, 'payouts', ?2 FROM events e WHERE e.kind = 'tournament' "
        "AND e.payouts IS NULL AND EXISTS (SELECT 1 FROM event_terms t WHERE t.event_id = e.id "
        "AND t.term = 'payouts' AND t.source != ?1)",
        [COMMAND, NO_PRIZES],
    )
