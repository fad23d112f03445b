"""Files of a folder the ledger counts hands from that the folder no longer holds.

An organiser keeps a season as a folder of night files and imports the folder.  A night file
deleted, renamed without ``--renamed-from``, or emptied into another night's file and removed
leaves its hands counting in standings and settle-ups: the import reads only the files that
are there, so without a word the night counts on (or twice, its hands in another file too).
The ledger never voids such a night itself - a file may be missing for a moment (a sync not
finished, a disk not mounted) - so an import of a folder says it, file by file, with what to
do (:func:`missing_warnings`).

"Under the folder": a hand's file, as the real path the ledger kept when it imported it
(``source_paths``), or else its path as it was imported (a relative one read from the working
folder, as the import reads it), lies in the real path of the folder named, links followed.
Files named one by one are not compared: a command that names one night says nothing of the
others.  One query a folder's import, whatever the ledger holds (no cost per hand).
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterable
from pathlib import Path

from .advice import ledger_named, on_ledger, path_word


def missing_warnings(
    db: sqlite3.Connection, paths: Iterable[str | Path], read: Iterable[str | Path]
) -> list[str]:
    """One line for each file under a folder of ``paths`` (folders only) that the ledger
    counts hands from (not voided) and that no longer lies there, ``read`` being the files
    this import read: its path, its events and hands, and what to do."""
    places = [os.path.realpath(p) for p in paths if os.path.isdir(p)]
    if not places:
        return []
    seen = {os.path.realpath(p) for p in read}
    rows = db.execute(
        "SELECT h.source, sp.path, h.event_id, e.name, count(*) FROM hands h "
        "JOIN events e ON e.id = h.event_id "
        "LEFT JOIN source_paths sp ON sp.source = h.source "
        "WHERE h.source IS NOT NULL AND h.void_reason IS NULL AND e.void_reason IS NULL "
        "GROUP BY h.source, h.event_id ORDER BY h.source, e.name"
    ).fetchall()
    gone: dict[str, list[tuple[int, str, int]]] = {}
    for source, kept, event_id, name, count in rows:
        real = kept or os.path.realpath(source)
        if real in seen or os.path.lexists(real) or os.path.lexists(source):
            continue
        if any(real == place or real.startswith(place.rstrip(os.sep) + os.sep) for place in places):
            gone.setdefault(source, []).append((event_id, name, count))
    return [_line(db, source, events, seen) for source, events in gone.items()]


def _line(
    db: sqlite3.Connection, source: str, events: list[tuple[int, str, int]], seen: set[str]
) -> str:
    """What the import says of one missing file: what to do if it was renamed (the command
    whole when a file this import read holds hands of it: :func:`_renamed_to`), moved, or its
    night cancelled (each event's ``void`` command)."""
    from .void_matching import event_arg

    db_word = on_ledger(ledger_named(db))
    hands = sum(count for _, _, count in events)
    named = ", ".join(
        f"{name} ({count} hand{'s' if count != 1 else ''})" for _, name, count in events
    )
    voids = " and ".join(
        f"badugi-ledger void --event {event_arg(db, event_id)} --reason cancelled{db_word}"
        for event_id, _, _ in events
    )
    old = path_word(source)
    holders = _renamed_to(db, source, seen)
    if len(holders) == 1:
        (new,) = holders
        renamed = (
            f"{new} holds other hands of it: if it is that file renamed, make it the night's "
            "file, the hands it no longer holds left out (badugi-ledger import "
            f"{path_word(new)} --renamed-from {old} --replace{db_word})"
        )
    else:
        held = f" ({' and '.join(holders)} hold other hands of it)" if holders else ""
        renamed = f"if it was renamed, import the file it became with --renamed-from {old}{held}"
    return (
        f"{source}: no longer in its folder, and the ledger still counts its "
        f"{hands} hand{'s' if hands != 1 else ''} ({named}): {renamed}; if it was moved, "
        f"import it from where it is; if the night was cancelled, {voids}; nothing was voided "
        "(a file may be missing for a moment: a sync, a disk not mounted)"
    )


def _renamed_to(db: sqlite3.Connection, source: str, seen: set[str]) -> list[str]:
    """The files this import read (``seen``, real paths) that the ledger now reads hands from
    which ``source`` held as they are: the import met each in one of them, the same
    fingerprint, and kept ``source`` as another file that holds it (``hand_copies``:
    :meth:`~.holdings.FileHoldings.claim`).  The gone file renamed, and its night edited, is
    such a file; found by the proof the import left, with no hand read again."""
    rows = db.execute(
        "SELECT DISTINCT h.source, sp.path FROM hand_copies c JOIN hands h ON h.id = c.hand_id "
        "LEFT JOIN source_paths sp ON sp.source = h.source "
        "WHERE c.source = ? AND h.source IS NOT NULL AND h.source != c.source "
        "AND h.void_reason IS NULL ORDER BY h.source",
        [source],
    ).fetchall()
    return [str(held) for held, kept in rows if (kept or os.path.realpath(held)) in seen]
