"""Finding the stored hands a batch of an import names, a query per batch rather than per hand.

The writer (:mod:`.writer`) meets each hand of a file either by fingerprint (the same hand,
stored before, perhaps from another file) or by identity (event, table, hand number: another
version of it, a conflict).  Asking SQLite once per hand was most of an import's time, so a
batch asks once for all its fingerprints and once per event for the hand numbers it names;
:func:`by_identity` (one hand) stays for a batch in which a replacement has changed what an
identity names, and is what :func:`by_identities` must agree with.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from .holdings import Stored

LOOKUP_CHUNK = 500
"""Values per ``IN (...)`` query (SQLite allows at least 999 parameters)."""


def by_fingerprint(conn: sqlite3.Connection, fingerprints: Sequence[str]) -> dict[str, Stored]:
    """The stored hands with these fingerprints (this file's earlier batches included)."""
    found: dict[str, Stored] = {}
    for start in range(0, len(fingerprints), LOOKUP_CHUNK):
        chunk = fingerprints[start : start + LOOKUP_CHUNK]
        for row in conn.execute(
            "SELECT id, fingerprint, content, event_id, source, void_reason, line "
            "FROM hands WHERE fingerprint IN "
            f"({', '.join('?' * len(chunk))})",
            chunk,
        ):
            found[row[1]] = Stored(*row)
    return found


def by_identity(conn: sqlite3.Connection, event_id: int, table: str, number: str) -> Stored | None:
    """The stored hand named (event, table, hand number): the counting one, else the latest
    void one."""
    row = conn.execute(
        "SELECT id, fingerprint, content, event_id, source, void_reason, line FROM hands "
        "WHERE event_id = ? AND hand_number = ? AND coalesce(table_name, '') = ? "
        "ORDER BY void_reason IS NOT NULL, id DESC LIMIT 1",
        [event_id, number, table],
    ).fetchone()
    return None if row is None else Stored(*row)


def by_identities(
    conn: sqlite3.Connection, wanted: dict[int, set[str]]
) -> tuple[dict[tuple[int, str, str], Stored], dict[tuple[int, str, str], tuple[Stored, str]]]:
    """:func:`by_identity` of many hands at once: ``wanted`` maps an event id to hand
    numbers; the answer maps each (event, table, number) the ledger holds to the hand
    :func:`by_identity` would return for it - and, for
    :func:`~badugi_ledger.ledger.conflicts.copy_elsewhere`, each (event, number, content) of a
    counting hand to that hand and its table."""
    found: dict[tuple[int, str, str], tuple[tuple[bool, int], Stored]] = {}
    by_content: dict[tuple[int, str, str], tuple[Stored, str]] = {}
    for event_id, numbers in wanted.items():
        listed = sorted(numbers)
        for start in range(0, len(listed), LOOKUP_CHUNK):
            chunk = listed[start : start + LOOKUP_CHUNK]
            for row in conn.execute(
                "SELECT id, fingerprint, content, event_id, hand_number, "
                "coalesce(table_name, ''), void_reason IS NOT NULL, source, void_reason, "
                "line FROM hands "
                f"WHERE event_id = ? AND hand_number IN ({', '.join('?' * len(chunk))})",
                [event_id, *chunk],
            ):
                identity = (event_id, row[5], row[4])
                rank = (bool(row[6]), -row[0])  # the counting one, else the latest void
                stored = Stored(row[0], row[1], row[2], row[3], row[7], row[8], row[9])
                best = found.get(identity)
                if best is None or rank < best[0]:
                    found[identity] = (rank, stored)
                if not row[6]:
                    by_content.setdefault((event_id, row[4], row[2]), (stored, row[5]))
    return {identity: stored for identity, (_, stored) in found.items()}, by_content
