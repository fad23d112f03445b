"""What an import finds a file to disagree with the ledger on, and the words it says it in.

A hand the ledger holds, met again in a file with other content, is a :class:`Conflict`:
not stored (unless ``replace``), and the report must say exactly what differs so that the
organiser can tell which version is right - the figures (:func:`.hand_content.differences`),
the event the file puts it in, another file of the same import holding the ledger's version,
a void that stays.  An event's facts stated otherwise (season, place, buy-in, starting chips,
payouts) and a copy of a hand at a table named otherwise are conflicts too.  The writer
(:mod:`.writer`) decides what to do with each; this module only finds them and words them,
so that every conflict message is written in one place.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Callable, Collection, Container
from typing import Any

from ..model.copies import one_hand
from ..model.events import term_text
from .event_lookup import event_label_of
from .event_terms import COMMAND_NAME
from .fingerprints import PHH_ORIGIN
from .hand_content import (
    HandFacts,
    differences,
    stored_facts,
)
from .holdings import Stored
from .report import (
    OTHER_TABLE,
    STALE_COPY,
    TWICE,
    Conflict,
    event_fact_words,
    other_table_advice,
    other_table_words,
)
from .rows import HandRows
from .stored_values import check_stored_values
from .void_matching import OrganiserVoids, itself_otherwise
from .void_reasons import organisers_reason


def same_hand(conn: sqlite3.Connection, stored: Stored | None, rows: HandRows) -> Stored | None:
    """The stored hand that names the same event, table and number as ``rows``, if it is
    that hand: a hand an organiser voided is met only as itself, by fingerprint or content
    (:mod:`~.void_matching`), or as itself with its players renamed or played from other
    stacks (:func:`~.void_matching.itself_otherwise`); another hand given its number is a
    hand of its own, and the void stays where it was (the voided hand, left out of the file,
    :meth:`.FileHoldings.left_out`)."""
    if (
        stored is None
        or not OrganiserVoids.is_organisers(stored.void)
        or stored.fingerprint == rows.fingerprint
        or stored.content == rows.content
    ):
        return stored
    return stored if itself_otherwise(conn, stored.id, rows) else None


def hand_conflict(
    conn: sqlite3.Connection,
    rows: HandRows,
    stored: Stored,
    event_id: int,
    *,
    twice: bool,
    earlier: str | None,
    event_key: Callable[[int], str],
) -> Conflict:
    """What differs between the stored hand and this version of it (in the event
    ``event_id``).  ``twice``: this import stored that hand itself; ``earlier``: the file of
    the same import, read before this one, that holds the ledger's version."""
    table, number = rows.identity
    label = event_label_of(conn, stored.event_id)
    line = int(rows.hand[4] or 0)
    found: tuple[str, ...]
    if twice:
        found = ("this import holds the hand twice, with different content",)
    elif one_hand(stored, rows):
        found = ()  # the same hand: only its event differs
    else:
        was, read_from = conn.execute(
            "SELECT coalesce(table_name, ''), origin FROM hands WHERE id = ?", [stored.id]
        ).fetchone()
        found = version_words(
            stored_facts(conn, stored.id),
            rows.facts(),
            (was, table),
            (read_from, rows.hand[2]),
            number,
            (stored.source, rows.source),
        )
    if earlier is not None:
        found += (earlier_words(earlier),)
    if stored.event_id != event_id:
        found += (
            f"the ledger holds it in the event {event_key(stored.event_id)!r}, the "
            f"file puts it in {event_key(event_id)!r}",
        )
    fix = TWICE if twice else STALE_COPY if earlier is not None else None
    return Conflict(rows.source, line, number, table, label, found, fix=fix)


def version_words(
    old: HandFacts,
    new: HandFacts,
    tables: tuple[str, str],
    origins: tuple[str | None, str],
    number: str,
    sources: tuple[str | None, str],
) -> tuple[str, ...]:
    """What differs between the ledger's version ``old`` of hand ``number`` and ``new``, one
    of its table and number: the figures (:func:`.hand_content.differences`), after the
    table's name (``tables``: the ledger's, the file's) or the format each was read from
    (``origins``: the ledger's reader, None in a ledger of before it was kept, and the file's)
    when they differ.  A hand's fingerprint names its reader, so the same hand converted to
    another format is another version of it, a conflict: said so, as it differs in no figure.
    Of two PHH files (``sources``: the file the ledger reads its hand from, and this one),
    that a PHH hand's number may be its place in its file, so the two may be two hands.  The
    import's words, and ``check``'s of a hand two files of it hold in two versions."""
    (was, table), (read_from, origin) = tables, origins
    written = None if was == table else f"its table {was!r} → {table!r}"
    if written is None and read_from and read_from != origin:
        written = (
            f"the ledger holds it as read from a {read_from!r} file, this file is "
            f"{origin!r} (the same hand converted to another format?): import a hand "
            "from one file and leave the other out"
        )
    found = tuple(differences(old, new, written))
    held_in, source = sources
    if origin == read_from == PHH_ORIGIN and held_in not in (None, source):
        found += (
            f"the ledger's hand {number} is {held_in}'s: a PHH hand without a "
            "'hand' field is numbered by its table's key in its file ([1], [2] …) or by "
            "the file's name, so two files' hands may share a number; if they are two "
            "hands, give each its 'hand' (or a 'table') in the files - --replace would "
            "put this one in the other's place",
        )
    return found


def earlier_words(earlier: str) -> str:
    """What an import says of a conflict whose ledger's version the file ``earlier``, read
    before in the same import, holds (``--replace`` would meet the two versions again)."""
    return (
        f"{earlier}, read earlier in this import, holds the ledger's version: two "
        f"files of one import disagree on this hand, so the ledger keeps it; correct "
        f"or delete the stale copy, or import the corrected file on its own"
    )


def stays_void(conn: sqlite3.Connection, conflict: Conflict, stored: Stored) -> Conflict:
    """The conflict, saying that a hand an organiser voided stays void as its new version,
    renumbered or not (its number in the ledger said when the file gives another)."""
    reason = organisers_reason(stored.void)
    if reason is None:
        return conflict
    (number,) = conn.execute("SELECT hand_number FROM hands WHERE id = ?", [stored.id]).fetchone()
    said = f"it stays void ({reason})"
    if str(number) != conflict.hand:
        said = f"the ledger's hand {number}, renumbered: {said}"
    return dataclasses.replace(conflict, differences=(*conflict.differences, said))


def copy_elsewhere(
    conn: sqlite3.Connection,
    rows: HandRows,
    event_id: int,
    held: tuple[Stored, str] | None,
    earlier: Container[int],
    wrote: Callable[[int], bool],
) -> Conflict | None:
    """A new hand that a counting hand of its event, numbered alike at another table,
    records in every figure (``held``: the players, stacks, play and result the same): a
    copy of that hand in a file whose table is named otherwise, which stored would count
    the hand twice.  A conflict, even with ``replace`` (which table is right is the
    organiser's to say) - unless the hand is one this file held before at that table
    (``earlier``, :attr:`.FileHoldings.earlier`) or stored itself (``wrote``): the file's own
    table renamed, which :class:`.FileHoldings` deals with."""
    if held is None:
        return None
    stored, table = held
    if stored.id in earlier or wrote(stored.id):
        return None
    number = rows.identity[1]
    return Conflict(
        rows.source,
        int(rows.hand[4] or 0),
        number,
        rows.identity[0],
        event_label_of(conn, event_id),
        (other_table_words(number, table, str(stored.source)),),
        fix=OTHER_TABLE,
        advice=other_table_advice(str(stored.source)),
    )


def event_fact_conflict(
    conn: sqlite3.Connection,
    at: tuple[str, int, str, str, bool],
    event_id: int,
    changed: dict[str, tuple[Any, Any]],
    ident: dict[str, Any],
    elsewhere: dict[str, str] | None = None,
    commanded: Collection[str] = (),
) -> Conflict:
    """The event's facts the file (whose ``events`` row is ``ident``, its currency at least)
    states otherwise than the ledger: ``changed`` maps a column to (the ledger's value, the
    file's); ``at`` is the file's hand that says it (source, line, number, table, and whether
    the file held it formerly only).  ``elsewhere``: of a fact the file leaves out that
    another source states, what it states and where (the event takes it).  ``commanded``:
    the facts whose ledger's value ``tournament --payouts`` set, said so ("none (tournament
    --payouts) in the ledger")."""
    check_stored_values(conn, "events", "id = ?", [event_id])
    source, line, number, table, left_out = at
    others = elsewhere or {}

    def held_text(column: str, held: Any) -> str:
        said = fact_text(column, held, ident)
        return f"{said} ({COMMAND_NAME})" if column in commanded else said

    found = tuple(
        event_fact_words(column, held_text(column, held), "none") + f", {others[column]}"
        if column in others
        else event_fact_words(column, held_text(column, held), fact_text(column, new, ident))
        for column, (held, new) in changed.items()
    )
    return Conflict(
        source, line, number, table, event_label_of(conn, event_id), found,
        event_fact=True, left_out=left_out,
    )  # fmt: skip


def fact_text(column: str, value: Any, ident: dict[str, Any]) -> str:
    """An event fact as the file's header writes it: a buy-in as money, payouts as
    ``50/30/20``; ``none`` when the file leaves it out."""
    if value is None:
        return "none"
    stored = json.loads(value) if column == "payouts" else value  # (percents as JSON)
    return term_text(column, stored, ident["currency"])
