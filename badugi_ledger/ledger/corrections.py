"""Correcting a ledger without losing its history: void a hand or an event, list the audit
trail, list the events.

A **void** takes a hand, or a whole event, out of every figure (standings, settle-up, exports,
the season report, ``events``) without deleting it: ``hands.void_reason`` /
``events.void_reason`` are set, and every figure reads the views ``counted_hands`` and
``counted_events`` of :mod:`badugi_ledger.ledger.schema`.  A tournament's places and prizes are
recomputed from the hands that still count.  Each void, and each hand an import replaced
(``import --replace``, :mod:`badugi_ledger.ledger.writer`), is an ``audit`` row: when, what,
which event and hand, why, and the fingerprints before and after, so what the ledger shows can
always be explained.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import cast

from ..model.errors import ConfigError, LedgerError
from ..model.escaping import for_terminal
from ..model.money import unit_words
from ..model.names import character_words, shows_nothing
from .carried_pots import CarryShortfall, carry_shortfall, carry_taker
from .connection import transaction
from .event_lookup import chip_value, event_label, event_label_of, find_event
from .sql import dict_rows
from .tournament_results import recompute_tournament


@dataclass(frozen=True)
class Voided:
    """What ``void`` took out of the figures."""

    event: str
    hand: str | None
    table: str
    reason: str
    ledger: str | None = None

    def text_lines(self) -> list[str]:
        table = f" at table {self.table}" if self.table else ""
        what = f"hand {self.hand}{table} of {self.event}" if self.hand else f"event {self.event}"
        lines = [f"voided {what}: {self.reason}", "it stays in the ledger but counts for nothing"]
        if self.ledger:
            lines.append(f"ledger: {self.ledger}")
        return lines

    def as_dict(self) -> dict[str, object]:
        return dict(self.__dict__)


def void_choice(hand: str | None, table: str | None, *, undo: bool = False) -> None:
    """Refuse a table without a hand: it names where the hand to void (``undo``: to un-void)
    was played; without a hand, the void would be of the whole event, every table of it,
    which a table given was never meant to ask."""
    if hand is None and table is not None:
        if undo:
            raise ConfigError(
                f"--table {table!r} names the table of the hand to un-void: give --hand too "
                "(an un-void takes back the void of one hand or of the whole event, never "
                "of a table), or leave --table out to un-void the whole event"
            )
        raise ConfigError(
            f"--table {table!r} names the table of the hand to void: give --hand too (a "
            "void takes one hand or the whole event, never a table), or leave --table out "
            "to void the whole event"
        )


def given_reason(reason: str, what: str) -> str:
    """``reason`` for a ``what`` (a void, an un-void) as the audit keeps it, its ends
    stripped; refused (ConfigError) when it shows nothing (:func:`~..model.names.shows_nothing`:
    empty, spaces, a lone zero-width space), which the audit would keep as no reason at all."""
    kept = reason.strip()
    if not kept:
        raise ConfigError(f"give the reason for the {what} (--reason TEXT): the audit keeps it")
    if shows_nothing(kept):
        shown = ", ".join(map(character_words, dict.fromkeys(kept)))
        raise ConfigError(
            f"the reason for the {what} shows nothing (it holds only {shown}): give it in "
            "words (--reason TEXT), the audit keeps it"
        )
    return kept


def void(
    db: sqlite3.Connection, event: str, hand: str | None, reason: str, *, table: str | None = None
) -> Voided:
    """Void one hand (``hand`` = its number, ``table`` when several tables used it) or, with
    ``hand`` None (and no ``table``), the whole event; in one transaction with its audit row.

    The event is found, and what is void checked, inside that transaction: a void that waited
    for another command's lock (an import moving the night to its corrected date, another
    organiser's void) acts on the ledger as that command left it."""
    reason = given_reason(reason, "void")
    void_choice(hand, table)
    now = datetime.now(UTC).isoformat(timespec="seconds")
    with transaction(db):
        row = find_event(db, event)
        event_id, label = int(str(row["id"])), event_label(row)
        if hand is None:
            if row["void_reason"] is not None:
                raise LedgerError(f"the event {label} is void already: {row['void_reason']}")
            before = carry_shortfall_at(db, event_id)
            db.execute(
                "UPDATE events SET void_reason = ?, voided_at = ? WHERE id = ?",
                [reason, now, event_id],
            )
            refuse_a_carry_taken_out_of(db, event_id, label, before)
            audit_void(db, now, event_id, None, None, None, reason, None)
            return Voided(label, None, "", reason)
        hand_row, found_table, fingerprint = _counted_hand(db, event_id, label, hand, table)
        before = carry_shortfall_at(db, event_id, hand_row)
        void_hand(db, now, event_id, hand_row, found_table, hand, reason, fingerprint)
        refuse_a_carry_taken_on(db, event_id, label, hand, hand_row, found_table, before=before)
        if row["kind"] == "tournament":
            recompute_tournament(db, event_id)
    return Voided(label, hand, found_table, reason)


def _counted_hand(
    db: sqlite3.Connection, event_id: int, label: str, hand: str, table: str | None
) -> tuple[int, str, str]:
    """(row id, table, fingerprint) of the counting hand ``hand`` of the event."""
    rows = db.execute(
        "SELECT id, coalesce(table_name, ''), fingerprint, void_reason FROM hands "
        "WHERE event_id = ? AND hand_number = ? ORDER BY void_reason IS NOT NULL, id",
        [event_id, hand],
    ).fetchall()
    if table is not None:
        rows = [r for r in rows if r[1] == table]
    counting = [r for r in rows if r[3] is None]
    if len(counting) == 1:
        return int(counting[0][0]), str(counting[0][1]), str(counting[0][2])
    if len(counting) > 1:
        tables = ", ".join(repr(r[1]) for r in counting)
        raise LedgerError(f"hand {hand} of {label} was played at tables {tables}: give --table")
    if rows:
        raise LedgerError(f"hand {hand} of {label} is void already: {rows[0][3]}")
    numbers = [
        str(r[0])
        for r in db.execute(
            "SELECT hand_number FROM counted_hands WHERE event_id = ? ORDER BY id LIMIT 12",
            [event_id],
        )
    ]
    at = f" at table {table!r}" if table is not None else ""
    hint = f" (its hands: {', '.join(numbers)}{', …' if len(numbers) == 12 else ''})"
    raise LedgerError(f"no hand {hand!r}{at} counts in {label}" + (hint if numbers else ""))


def refuse_a_carry_taken_on(
    db: sqlite3.Connection,
    event_id: int,
    label: str,
    hand: str,
    hand_row: int,
    table: str,
    *,
    before: CarryShortfall | None = None,
) -> None:
    """A Progressive Badugi hand that carried its pot into a later counting hand of its table
    (in play order, of its event or another of the same pool: :mod:`.carried_pots`) cannot be
    voided alone: that hand's carried-in pot would come from nowhere (the ledger's ``*carry*``
    account would pay chips nobody put in).  The later hand is voided first (the pot then waits
    in ``*carry*``), or the whole event.  Called in the void's transaction, after the hand is
    voided, so that the pool is checked as it would be left; ``before``: the pool's shortfall
    before the void (:func:`carry_shortfall_at`), which the void did not cause."""
    carried, takes = db.execute(
        "SELECT carry_out, carry_in FROM hands WHERE id = ?", [hand_row]
    ).fetchone()
    short = carry_taker(db, table, hand_row) if carried else None
    if short is None:
        short = carry_shortfall(db, [table]) if carried or takes else None
    if short is None:
        return
    if short == before:
        raise LedgerError(mend_first(short))
    later = short.later if short.event_id != event_id else f"hand {short.hand}"
    whole = ", or void the whole event" if short.event_id == event_id else ""
    what = (
        f"hand {hand} of {label} carried its pot of {short.amount(carried)} into {later}"
        if carried
        else f"without hand {hand} of {label}, {short.text()}"
    )
    raise LedgerError(
        f"{what}, which counts: void {later} first (its carried pot then waits for the next "
        f"hand){whole}"
    )


def refuse_a_carry_taken_out_of(
    db: sqlite3.Connection, event_id: int, label: str, before: CarryShortfall | None = None
) -> None:
    """The whole event cannot be voided while a hand of another event took a pot one of its
    hands carried (:func:`refuse_a_carry_taken_on`); called after the event is voided."""
    short = carry_shortfall(db, tables_moving_pots(db, event_id))
    if short is None:
        return
    if short == before:
        raise LedgerError(mend_first(short))
    raise LedgerError(
        f"{label} carried a pot into {short.later}, which counts: void {short.later} first "
        "(its carried pot then waits for the next hand)"
    )


def carry_shortfall_at(
    db: sqlite3.Connection, event_id: int, hand_row: int | None = None
) -> CarryShortfall | None:
    """The shortfall of the pools a void of the hand (or, ``hand_row`` None, of the whole
    event) changes, before it: one the void did not cause is named as such."""
    if hand_row is None:
        tables = tables_moving_pots(db, event_id)
    else:
        tables = [
            str(row[0])
            for row in db.execute(
                "SELECT coalesce(table_name, '') FROM hands "
                "WHERE id = ? AND (carry_in > 0 OR carry_out > 0)",
                [hand_row],
            )
        ]
    return carry_shortfall(db, tables) if tables else None


def tables_moving_pots(db: sqlite3.Connection, event_id: int) -> list[str]:
    """The tables where a hand of the event carries or takes a pot."""
    return [
        str(row[0])
        for row in db.execute(
            "SELECT DISTINCT coalesce(table_name, '') FROM hands "
            "WHERE event_id = ? AND (carry_in > 0 OR carry_out > 0)",
            [event_id],
        )
    ]


def mend_first(short: CarryShortfall) -> str:
    """The refusal of a change to a pool that was short before it (a ledger written before the
    check held it whole): what to mend first."""
    return (
        f"{short.text()}, and the ledger held it so before: correct that hand's 'carry in' "
        f"(import {short.source or 'its file'} again with --replace) or void it first"
    )


def follow_void(db: sqlite3.Connection, at: str, night: int, moved_to: int) -> str | None:
    """A void belongs to the night, not to its date or name: an import that moved hands of
    the void event ``night`` to event ``moved_to`` (its file's date or session name corrected,
    ``import --replace``) voids ``moved_to`` too, by the same reason (audited, in the
    caller's transaction), so that correcting a voided night's date never makes it count.
    The old event stays void.  Not when the night's unit changed (kind, currency, chip
    value): voiding a night and importing its file again in its new unit is how a unit is
    corrected on nights that pass a carried pot between them, and the void was for that.
    The reason, when ``moved_to`` was voided so (None: it was not).  Its audit row names
    ``night`` in ``followed_from``, which an un-void follows back (:func:`one_nights_voids`),
    and in its ``detail``, in words, for whoever reads the audit."""
    facts = "SELECT void_reason, kind, currency, chip_cents, chip_currency FROM events WHERE id = ?"
    old = db.execute(facts, [night]).fetchone()
    new = db.execute(facts, [moved_to]).fetchone()
    if old[0] is None or new[0] is not None or old[1:] != new[1:]:
        return None
    db.execute(
        "UPDATE events SET void_reason = ?, voided_at = ? WHERE id = ?", [old[0], at, moved_to]
    )
    db.execute(
        "INSERT INTO audit (at, action, event_id, reason, detail, followed_from) "
        "VALUES (?, 'void', ?, ?, ?, ?)",
        [at, moved_to, old[0], f"the void of {event_label_of(db, night)} (event {night}), "
         "whose hands are this event's now", night],
    )  # fmt: skip
    return str(old[0])


def one_nights_voids(db: sqlite3.Connection, event_id: int) -> list[int]:
    """The void events whose void is the void event ``event_id``'s, followed from one to the
    next as its night's date or name was corrected (:func:`follow_void`), it first: one
    night's void, which an un-void takes back from all of them, or the night's file, corrected
    back, would bring the void back with its hands."""
    reason = db.execute("SELECT void_reason FROM events WHERE id = ?", [event_id]).fetchone()[0]
    edges = [
        (int(night), int(voided))
        for night, voided in db.execute(
            "SELECT a.followed_from, a.event_id FROM audit a JOIN events e ON e.id = a.event_id "
            "WHERE a.action = 'void' AND a.hand_row IS NULL AND e.void_reason = ? "
            "AND a.followed_from IS NOT NULL AND a.id = (SELECT max(id) FROM audit l "
            "WHERE l.event_id = a.event_id AND l.action = 'void' AND l.hand_row IS NULL)",
            [reason],
        )
    ]
    void = {int(r[0]) for r in db.execute("SELECT id FROM events WHERE void_reason = ?", [reason])}
    found = [event_id]
    for event in found:  # (grows as it goes: each event's neighbours, once)
        for one, other in edges:
            for near in (other,) if one == event else (one,) if other == event else ():
                if near in void and near not in found:
                    found.append(near)
    return found


def void_hand(
    db: sqlite3.Connection,
    at: str,
    event_id: int,
    hand_row: int,
    table: str,
    hand: str,
    reason: str,
    fingerprint: str | None = None,
) -> None:
    """Take one hand out of every figure, with its audit row, in the caller's transaction
    (``void``; an import that no longer finds the hand in its file)."""
    db.execute(
        "UPDATE hands SET void_reason = ?, voided_at = ? WHERE id = ?", [reason, at, hand_row]
    )
    audit_void(db, at, event_id, hand_row, table, hand, reason, fingerprint)


def audit_void(
    db: sqlite3.Connection,
    at: str,
    event_id: int,
    hand_row: int | None,
    table: str | None,
    hand: str | None,
    reason: str,
    fingerprint: str | None,
    *,
    action: str = "void",
    detail: str | None = None,
) -> None:
    """The ``audit`` row of a void (``action`` ``unvoid``: of an un-void, ``detail`` naming the
    void it took back): of a hand (``hand_row``), or of a whole event (None)."""
    db.execute(
        "INSERT INTO audit (at, action, event_id, hand_row, table_name, hand_number, reason, "
        "old_fingerprint, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [at, action, event_id, hand_row, table, hand, reason, fingerprint, detail],
    )


# --- the audit trail ---------------------------------------------------------------------------


@dataclass(frozen=True)
class AuditTrail:
    """Every replace and void, oldest first; and every merge and un-merge of players."""

    entries: tuple[dict[str, object], ...]
    players: tuple[dict[str, object], ...] = ()
    """``player_audit``'s rows: time, action (``merge``, ``unmerge``), the name given, the
    player merged into or taken out of, and the names that moved with it."""

    def text_lines(self) -> list[str]:
        if not self.entries and not self.players:
            return ["nothing replaced or voided: the ledger holds every hand as imported"]
        lines = []
        for e in self.entries:
            table = f" table {e['table']}" if e["table"] else ""
            hand = f"{table} hand {e['hand']}" if e["hand"] else " (the whole event)"
            old, new = e["old_fingerprint"], e["new_fingerprint"]
            prints = f"; fingerprint {str(old)[:12]}…" if old else ""
            prints += f" → {str(new)[:12]}…" if new else ""
            detail = f"; {e['detail']}" if e["detail"] else ""
            lines.append(
                f"{e['time']}  {e['action']}  {e['event']}{hand}: {e['reason']}{detail}{prints}"
            )
        for p in self.players:
            names = [for_terminal(n) for n in cast("list[str]", p["names"])]
            into = "into" if p["action"] == "merge" else "out of"
            lines.append(
                f"{p['time']}  {p['action']}  {for_terminal(str(p['name']))}: "
                f"{', '.join(names)} {into} {for_terminal(str(p['player']))}"
            )
        return lines

    def as_dict(self) -> dict[str, object]:
        return {"entries": list(self.entries), "players": list(self.players)}


def audit_trail(db: sqlite3.Connection) -> AuditTrail:
    """The ledger's ``audit`` rows with their events' names, and its ``player_audit`` rows."""
    rows = dict_rows(
        db,
        "SELECT a.at AS time, a.action, e.name || coalesce(' (' || e.date || ')', '') AS event, "
        "e.id AS event_id, a.table_name AS 'table', a.hand_number AS hand, a.reason, "
        "a.old_fingerprint, a.new_fingerprint, a.detail "
        "FROM audit a JOIN events e ON e.id = a.event_id ORDER BY a.id",
    )
    players = [
        {"time": at, "action": action, "name": name, "player": player, "names": json.loads(moved)}
        for at, action, name, player, moved in db.execute(
            "SELECT at, action, name, player, names FROM player_audit ORDER BY id"
        )
    ]
    return AuditTrail(tuple(rows), tuple(players))


# --- the events ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class EventList:
    """One row per event: what ``--event`` accepts (its name, key or id) and its size."""

    events: tuple[dict[str, object], ...]

    def text_lines(self) -> list[str]:
        if not self.events:
            return ["no events yet: import some hands first (badugi-ledger import FILES)"]
        units = [
            unit_words(
                str(e["unit"]),
                cast("str | None", e["chip_value"]),
                cast("str | None", e["money"]),
            )
            for e in self.events
        ]
        width = max(16, *map(len, units))
        lines = [f"{'id':>4}  {'date':<10}  {'kind':<10}  {'unit':<{width}}  hands  players  event"]
        for e, unit in zip(self.events, units, strict=True):
            void = f"  [void: {e['void']}]" if e["void"] else ""
            lines.append(
                f"{e['id']:>4}  {e['date'] or '-':<10}  {e['kind']:<10}  {unit:<{width}}  "
                f"{e['hands']:>5}  {e['players']:>7}  {e['event']}{void}"
            )
        return lines

    def as_dict(self) -> dict[str, object]:
        return {"events": list(self.events)}


def event_list(db: sqlite3.Connection) -> EventList:
    """Every event, oldest first, with the hands and players that count."""
    rows = dict_rows(
        db,
        "SELECT e.id, e.name AS event, e.key, e.kind, e.date, e.unit, e.money, "
        "e.chip_cents, e.chip_currency, "
        "(SELECT count(*) FROM counted_hands h WHERE h.event_id = e.id) AS hands, "
        "(SELECT count(DISTINCT a.player_id) FROM counted_hands h JOIN hand_players hp "
        "ON hp.hand_id = h.id JOIN aliases a ON a.id = hp.alias_id WHERE h.event_id = e.id) "
        "AS players, e.void_reason AS void FROM events e ORDER BY coalesce(e.date, ''), e.id",
    )
    return EventList(tuple(_with_chip_value(row) for row in rows))


def _with_chip_value(row: dict[str, object]) -> dict[str, object]:
    """``row`` with ``chip_value`` (:func:`chip_value`) in place of the stored cents and
    currency, so that a home game's chips read as what they are worth."""
    value = chip_value(row)
    del row["chip_cents"], row["chip_currency"]
    return {**row, "chip_value": value}
