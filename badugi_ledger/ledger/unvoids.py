"""An organiser's void taken back: ``badugi-ledger unvoid``, the way back from ``void``.

An organiser who voided the wrong hand, or the wrong night, takes the void back: the hand (or
the event) counts again in every figure, as if it had never been voided, and the audit keeps
when and why (an ``unvoid`` row, naming the void it took back).  Only an organiser's void is
taken back (:func:`~.void_reasons.voided_in_play`): a hand the ledger voided itself (a copy
set aside, a hand its file no longer holds) counts again only when a file that holds it is
imported, or the night would count a hand its file does not hold, or a hand twice.  What the
void recomputed is recomputed the other way (a tournament's places and prizes), and the
pools of carried Progressive Badugi pots are checked as the void checks them
(:mod:`.corrections`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from ..model.errors import LedgerError
from .advice import command_word, ledger_named, on_ledger
from .carried_pots import CarryShortfall, carry_shortfall
from .connection import transaction
from .corrections import (
    audit_void,
    carry_shortfall_at,
    given_reason,
    mend_first,
    one_nights_voids,
    tables_moving_pots,
    void_choice,
)
from .event_lookup import event_label, event_label_of, find_event
from .tournament_results import recompute_tournament
from .void_matching import event_arg
from .void_reasons import SET_ASIDE_REASON, organisers_reason, voided_in_play


@dataclass(frozen=True)
class Unvoided:
    """What ``unvoid`` put back into the figures."""

    event: str
    hand: str | None
    table: str
    reason: str
    was: str
    """The reason of the void taken back."""
    event_void: str | None = None
    """The void of the hand's event, when a hand of a void event was un-voided."""
    also: tuple[str, ...] = ()
    """The other events whose void was the event's, the night's void having followed its hands
    from one to the other (:func:`.corrections.one_nights_voids`), un-voided with it."""
    ledger: str | None = None

    def text_lines(self) -> list[str]:
        table = f" at table {self.table}" if self.table else ""
        what = f"hand {self.hand}{table} of {self.event}" if self.hand else f"event {self.event}"
        lines = [f"un-voided {what}: {self.reason}"]
        if self.event_void is None:
            lines.append(f"it counts again in every figure (it was void: {self.was})")
        else:
            lines.append(
                f"it was void: {self.was}; it counts again once its event is un-voided (the "
                f"event is void: {self.event_void})"
            )
        if self.also:
            lines.append(
                f"taken back with it: the void of {', '.join(self.also)}, the night's void "
                "before its date or name was corrected"
            )
        if self.ledger:
            lines.append(f"ledger: {self.ledger}")
        return lines

    def as_dict(self) -> dict[str, object]:
        return dict(self.__dict__)


def unvoid(
    db: sqlite3.Connection, event: str, hand: str | None, reason: str, *, table: str | None = None
) -> Unvoided:
    """Take back an organiser's void (:func:`.corrections.void`) of one hand (``hand``, and
    ``table``, as the void takes them) or, with ``hand`` None, of the whole event, in one
    transaction with its audit row (``unvoid``, the void's reason in its detail): every
    figure counts it again, as if it had never been voided - a tournament's places and
    prizes recomputed, a pool's carried pots checked as the void checks them.  A void the
    ledger made itself (a copy set aside, a hand its file no longer holds:
    :mod:`.void_reasons`) is refused, with the way that does take it back: an un-void would
    make a night count a hand its file does not hold, or twice.  Once un-voided, the hand is
    no organiser's void any more, so its file imported again keeps it counting
    (:mod:`.void_matching` follows organisers' voids only), and ``void`` voids it again.

    The event is found, and what is void checked, inside the transaction, as the void does:
    a second organiser's un-void of the same waits for the first, then finds it counting,
    and is refused."""
    reason = given_reason(reason, "un-void")
    void_choice(hand, table, undo=True)
    now = datetime.now(UTC).isoformat(timespec="seconds")
    with transaction(db):
        row = find_event(db, event, voided=hand is None)
        event_id, label = int(str(row["id"])), event_label(row)
        event_void = None if row["void_reason"] is None else str(row["void_reason"])
        if hand is None:
            if event_void is None:
                raise LedgerError(
                    f"the event {label} is not void: nothing to un-void (see: badugi-ledger events"
                    f"{on_ledger(ledger_named(db))})"
                )
            nights = one_nights_voids(db, event_id)
            tables = sorted({t for night in nights for t in tables_moving_pots(db, night)})
            before = carry_shortfall(db, tables) if tables else None
            for night in nights:
                db.execute(
                    "UPDATE events SET void_reason = NULL, voided_at = NULL WHERE id = ?", [night]
                )
            _refuse_a_carry_taken_meanwhile(
                db, label, tables, before, lambda s: s.event_id in nights
            )
            for night in nights:
                detail = f"the void taken back: {event_void}"
                if night != event_id:
                    detail += f" (the night's, un-voided in {label}, event {event_id})"
                audit_void(
                    db, now, night, None, None, None, reason, None, action="unvoid", detail=detail
                )
                kind = db.execute("SELECT kind FROM events WHERE id = ?", [night]).fetchone()[0]
                if kind == "tournament":
                    recompute_tournament(db, night)
            also = tuple(event_label_of(db, night) for night in nights[1:])
            return Unvoided(label, None, "", reason, event_void, also=also)
        hand_row, found_table, fingerprint, was = _organisers_void(
            db, row, label, hand, table, event_void, reason
        )
        what = f"hand {hand}{f' at table {found_table}' if found_table else ''} of {label}"
        _refuse_a_number_taken(db, event_id, hand_row, what)
        before = carry_shortfall_at(db, event_id, hand_row)
        db.execute("UPDATE hands SET void_reason = NULL, voided_at = NULL WHERE id = ?", [hand_row])
        tables = [found_table] if _moves_pots(db, hand_row) else []
        _refuse_a_carry_taken_meanwhile(db, what, tables, before, lambda s: s.hand_row == hand_row)
        audit_void(
            db, now, event_id, hand_row, found_table, hand, reason, fingerprint,
            action="unvoid", detail=f"the void taken back: {was}",
        )  # fmt: skip
        if row["kind"] == "tournament":
            recompute_tournament(db, event_id)
    return Unvoided(label, hand, found_table, reason, was, event_void)


def _organisers_void(
    db: sqlite3.Connection,
    event: dict[str, object],
    label: str,
    hand: str,
    table: str | None,
    event_void: str | None,
    reason: str,
) -> tuple[int, str, str, str]:
    """(row id, table, fingerprint, void reason) of the hand ``hand`` of the event an
    organiser voided, in the night's play; refused, saying why and what to do instead, for
    any other hand of that number (of a hand of a void event: the un-void of the event, by
    the organiser's ``reason``)."""
    rows = db.execute(
        "SELECT id, coalesce(table_name, ''), fingerprint, void_reason FROM hands "
        "WHERE event_id = ? AND hand_number = ? ORDER BY id DESC",
        [event["id"], hand],
    ).fetchall()
    if table is not None:
        rows = [r for r in rows if r[1] == table]
    at = f" at table {table!r}" if table is not None else ""
    theirs = [r for r in rows if voided_in_play(r[3])]
    tables = sorted({str(r[1]) for r in theirs})
    if len(tables) > 1:
        listed = ", ".join(map(repr, tables))
        raise LedgerError(f"hand {hand} of {label} was voided at tables {listed}: give --table")
    if theirs:
        return int(theirs[0][0]), str(theirs[0][1]), str(theirs[0][2]), str(theirs[0][3])
    named = f"hand {hand}{at} of {label}"
    if any(r[3] is None for r in rows):
        if event_void is None:
            raise LedgerError(f"{named} is not void: nothing to un-void")
        raise LedgerError(
            f"{named} is not void itself: the whole event is void ({event_void}): un-void the "
            f"event (badugi-ledger unvoid --event {event_arg(db, int(str(event['id'])))} "
            f"--reason {command_word(reason, quoted=True)}{on_ledger(ledger_named(db))})"
        )
    for r in rows:
        if organisers_reason(r[3]) is not None:  # voided by an organiser, then left out
            raise LedgerError(
                f"{named} is no part of the night's play: voided by an organiser, then left out "
                f"by its file ({r[3]}), it counts for nothing either way; import the file that "
                "holds it (it comes back void as it was), then un-void it"
            )
    for r in rows:
        if r[3] == SET_ASIDE_REASON:
            raise LedgerError(
                f"{named} was voided by the ledger, not by an organiser ({r[3]}): an un-void "
                "takes back an organiser's void only"
            )
        raise LedgerError(
            f"{named} was voided by the ledger, not by an organiser ({r[3]}): an un-void "
            "takes back an organiser's void only; import the file that holds it, and it "
            "counts again"
        )
    voided = [
        str(r[0])
        for r in db.execute(
            "SELECT hand_number, void_reason FROM hands WHERE event_id = ? "
            "AND void_reason IS NOT NULL ORDER BY id",
            [event["id"]],
        )
        if voided_in_play(r[1])
    ]
    more = ", …" if len(voided) > 12 else ""
    hint = f" (its hands an organiser voided: {', '.join(voided[:12])}{more})"
    raise LedgerError(
        f"no hand {hand!r}{at} in {label}"
        + (
            hint
            if voided
            else f" (no hand of it is void; see: badugi-ledger audit{on_ledger(ledger_named(db))})"
        )
    )


def _refuse_a_number_taken(db: sqlite3.Connection, event_id: int, hand_row: int, what: str) -> None:
    """A voided hand cannot count again while another hand of its event, table and number
    counts (a night's file corrected since, its hand of that number another record): the
    ledger counts one hand of a number at a table."""
    other = db.execute(
        "SELECT o.source, o.line FROM hands h JOIN hands o ON o.event_id = h.event_id "
        "AND coalesce(o.table_name, '') = coalesce(h.table_name, '') "
        "AND o.hand_number = h.hand_number AND o.id != h.id AND o.void_reason IS NULL "
        "WHERE h.id = ? AND h.event_id = ?",
        [hand_row, event_id],
    ).fetchone()
    if other is None:
        return
    where = f" ({other[0]}:{other[1]})" if other[0] else ""
    raise LedgerError(
        f"{what} cannot count again: another hand of its number counts there{where}, and the "
        "ledger counts one hand of a number at a table; void that one first"
    )


def _moves_pots(db: sqlite3.Connection, hand_row: int) -> bool:
    """Whether the hand carries or takes a Progressive Badugi pot."""
    found = db.execute(
        "SELECT 1 FROM hands WHERE id = ? AND (carry_in > 0 OR carry_out > 0)", [hand_row]
    )
    return found.fetchone() is not None


def _refuse_a_carry_taken_meanwhile(
    db: sqlite3.Connection,
    what: str,
    tables: list[str],
    before: CarryShortfall | None,
    own: Callable[[CarryShortfall], bool],
) -> None:
    """The mirror of the void's checks (:func:`.corrections.refuse_a_carry_taken_on`): a hand
    (or event) counting again takes the pots it took again, and each must be there.  The hand
    that carried one may be void still (hands voided in play order are un-voided the other
    way round: the carrier first), or another hand of the pool took it while this one was
    void (a night imported meanwhile, its first hand taking the pot the void left in
    ``*carry*``): a pot would be taken twice.  Called in the un-void's transaction, after the
    un-void; ``before``: the pool's shortfall before it, which the un-void did not cause;
    ``own``: whether a shortfall is at a hand the un-void counts again."""
    short = carry_shortfall(db, tables) if tables else None
    if short is None:
        return
    if short == before:
        raise LedgerError(mend_first(short))
    carrier = db.execute(_VOID_CARRIER, [short.hand_row]).fetchone()
    if carrier is not None:
        way = (
            f"hand {carrier[0]} before it, which carried a pot, is void: un-void hand "
            f"{carrier[0]} first (hands that pass a pot count again in the order they were "
            "played)"
        )
    elif own(short) and (earlier := _void_carriers_before(db, short.hand_row)):
        way = (
            f"{earlier}, which carried a pot, is void: if it carried this one, un-void it "
            "first (hands that pass a pot count again in the order they were played); else "
            "another hand took the pot while it was void: void that hand first, or correct "
            "its 'carry in' (import its file again with --replace)"
        )
    elif own(short):
        way = (
            "another hand took the pot while it was void: void that hand first, or correct "
            "its 'carry in' (import its file again with --replace)"
        )
    else:
        way = (
            f"{short.later} took the pot while it was void: void {short.later} first, or "
            f"correct its 'carry in' (import {short.source or 'its file'} again with --replace)"
        )
    raise LedgerError(f"with {what} counting again, {short.text()}: {way}")


_VOID_CARRIER = """
SELECT c.hand FROM play_order o JOIN play_order c ON c.event_id = o.event_id
  AND coalesce(c.table_name, '') = coalesce(o.table_name, '') AND c.seq < o.seq AND NOT c.counts
JOIN hands h ON h.id = c.hand_id
WHERE o.hand_id = ? AND h.carry_out > 0 ORDER BY c.seq DESC LIMIT 1
"""
"""The last hand before a hand, at its table in its night, that an organiser voided and that
carried a pot."""


def _void_carriers_before(db: sqlite3.Connection, hand_row: int) -> str:
    """The hands of nights before the hand ``hand_row``'s (an earlier date, or none known), at
    its table in its unit, that an organiser voided and that carried a pot, in words (empty:
    none): the pot the hand takes may be one of theirs.  Which one is the pool's order to say
    (:mod:`.carried_pots`); the refusal names them all, for the organiser to tell."""
    found = db.execute(
        "SELECT c.hand_number, c.table_name, c.event_id, c.void_reason FROM hands h "
        "JOIN events e ON e.id = h.event_id JOIN hands c "
        "ON coalesce(c.table_name, '') = coalesce(h.table_name, '') AND c.carry_out > 0 "
        "AND c.event_id != h.event_id AND c.void_reason IS NOT NULL "
        "JOIN events ce ON ce.id = c.event_id AND ce.money IS e.money "
        "AND (ce.date IS NULL OR e.date IS NULL OR ce.date <= e.date) "
        "WHERE h.id = ? ORDER BY ce.date, c.id",
        [hand_row],
    ).fetchall()
    named = [
        f"hand {number}{f' at table {table}' if table else ''} of {event_label_of(db, event)}"
        for number, table, event, reason in found
        if voided_in_play(reason)
    ]
    return " or ".join(named)
