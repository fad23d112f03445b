"""A hand that could not be read: what its table goes on from.

A hand the reader could not read (a ``BadugiError`` item of the stream, :mod:`.table`) makes
the stacks of its table unknown, and its Progressive Badugi pot; but for what the lines of it
that could be read record (``ParseError.recorded``): its ``final:`` line, when it adds up,
gives the stacks of the players it names; a collection says no pot was carried; a ``carry``
line is the figure the next hand is checked with, not settled (:mod:`.unknown_pot`).

Why a module of its own: these are facts of the table after one kind of hand, apart from the
stream's bookkeeping (:mod:`.table`) that finds the hand and its tables.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from ..model.events import (
    CarryIn,
    CarryOut,
    Collect,
    FinalStack,
    HandRecord,
    HandsMissing,
    StackChange,
)
from ..model.results import Violation
from .button import ButtonBase, passed_on
from .carried import TableState, _final_line_imbalance, _names
from .claims import unreplayed_final_line


def after_unread(state: TableState, unread: Unread, own: bool = True) -> tuple[Violation, ...]:
    """The table ``state`` after ``unread``, a hand of it that could not be read: its stacks
    and pot are forgotten, but for what the hand's readable lines record (:func:`resume`);
    its button is checked and passed on as its hand line names it (:func:`button_after`).
    What it says of the hand: its ``button-order`` warning, and the ``chips-balance``
    mismatch of a ``final:`` line that creates or loses chips, held to the table's stacks
    before it as a hand that could not be replayed is (:func:`_final_line_imbalance`).
    ``own`` off: the table is of another event than the hand (another night or unit at the
    table), which passes no button to it and whose stacks are not the hand's."""
    why = unread.why
    before = dict(state.stacks), state.carry if state.progressive else 0
    said: tuple[Violation, ...] = ()
    if own:
        moved, state.button = button_after(state, unread)
        imbalance = unread_final_line(unread, *before)
        said = tuple(v for v in (moved, imbalance) if v is not None)
    else:
        state.button = None
    state.forget(list(state.stacks), why)
    state.unknown_default = why
    state.resynced = state.counted = None
    state.carry_doubted = None
    if state.carry or state.progressive:
        state.carry, state.carry_recorded = None, None
        state.carry_unknown_since = f"{why} and recorded neither a carry nor a collection"
    resume(state, unread, *before)
    return said


def _final_line_adds_up(
    recorded: tuple[object, ...], before: dict[str, int], carry: int | None
) -> bool:
    """Whether the ``final:`` line of a hand that could not be read gives stacks the table may
    go on from: each player it names had a known stack before the hand, and the line's
    stacks with the recorded rake and carried pot add up to those stacks, what its readable
    lines say was bought or taken off, and the pot carried in (the one they state, else
    ``carry``) - no chips created or lost (:func:`~.claims.unreplayed_final_line`, as a hand
    that could not be replayed is held).  A line that cannot be held to it (the table's first
    hand, a new player) is not gone on from: a stack it gives may be any number (a
    tournament's chips nobody bought)."""
    carried_in = _carried_in(recorded, carry)
    if carry is None or carried_in is None:
        return False
    held, imbalance = unreplayed_final_line(recorded, before, carried_in)
    return held and imbalance is None


def unread_final_line(
    unread: Unread, stacks: dict[str, int], carry: int | None
) -> Violation | None:
    """The ``chips-balance`` mismatch of the ``final:`` line of ``unread`` that creates or
    loses chips, held as a hand that could not be replayed is
    (:func:`~.carried._final_line_imbalance`: to the stacks its hand line states, else the
    table's before it, ``stacks``, and the pot carried into it: the one it states, else
    ``carry``), or None: none, it adds up, or a figure is not known - as where its lines
    give chips bought or taken off to a name nobody sits under (a misspelt name: whose
    chips they are is not known)."""
    seating = unread.seating
    if seating is None:
        return None
    seated = set(seating.players)
    if any(type(e) is StackChange and e.player not in seated for e in seating.events):
        return None
    carry = _carried_in(seating.events, carry)
    return None if carry is None else _final_line_imbalance(seating, stacks, carry)


def _carried_in(events: Iterable[object], carry: int | None) -> int | None:
    """The pot carried into a hand that could not be read: the one its lines state (``carry
    in``), else the table's, ``carry`` (None: not known)."""
    stated = [e.amount for e in events if type(e) is CarryIn]
    return sum(stated) if stated else carry


def button_after(state: TableState, unread: Unread) -> tuple[Violation | None, ButtonBase | None]:
    """The ``button-order`` warning of ``unread`` after the table's previous hand, and the
    button the table's next hand passes on from, as after a hand read
    (:func:`~.button.passed_on`), from what its hand line states (``ParseError.seating``:
    its seats and button, with its lines that read on their own: the posts, who sits out,
    who buys, what shows a player dealt in) and the table's stacks before it (``state``).
    (None, None) where its hand line does not read; no warning where it writes ``missing
    hands`` (the hand before is not its previous one)."""
    seating = unread.seating
    if seating is None:
        return None, None
    missing = any(type(e) is HandsMissing for e in seating.events)
    base = None if missing else state.button
    return passed_on(base, seating, state.stacks, state.unknown)


class Unread(NamedTuple):
    """A hand of a table that could not be read: why its stacks are unknown, and what the
    lines of it that could be read record (``ParseError.recorded``)."""

    why: str
    what: str
    """The hand, as messages name it (``hand 7``; ``the lines at line 24`` outside any hand)."""
    recorded: tuple[object, ...]
    event: tuple[str, str, str | None, str] | None = None
    """Its event, when the reader knew it (``BadugiError.event``)."""
    seating: HandRecord | None = None
    """What its hand line states, with its lines read on their own (``ParseError.seating``)."""


def resume(
    state: TableState,
    unread: Unread,
    before: dict[str, int] | None = None,
    carry: int | None = 0,
    *,
    pot: bool = True,
    fresh: bool = False,
) -> None:
    """The table ``state`` after a hand that could not be read, whose readable lines record
    ``unread.recorded``: the players its ``final:`` line names start the next hand from
    there (said once, ``stacks-resynced``), and a stated stack is held to nothing before it,
    when the line adds up (:func:`_final_line_adds_up`: ``before``, the table's stacks before
    the hand, and ``carry``, the pot carried into it; not checked otherwise); a Progressive
    Badugi pot it awarded (a collection) leaves none.  A pot it carries (``carry N``) stays
    unknown: the ledger never stores the hand that carried it, so the next hand, taking it,
    could not be stored either.  Nothing recorded: nothing known.  ``pot`` off: the table is
    of another event than the hand (a new night, unit or tournament at the table), whose pot
    never passes to it (its first hand states the pot carried into it, or takes none).
    ``fresh``: the table's state is new, the hand may have been its first: with no collection
    read, a pot it may have carried is unknown, as at a Progressive table (:func:`after_unread`)."""
    finals = {e.player: e.amount for e in unread.recorded if type(e) is FinalStack}
    if not _final_line_adds_up(unread.recorded, before or {}, carry):
        finals = {}
    for p, amount in finals.items():
        state.stacks[p] = amount
        state.unknown.pop(p, None)
    if finals:
        state.last_seats = ()
        state.resynced = (
            f"stacks of {_names(finals)} carried from the final: line of {unread.what}, "
            "which could not be read (not checked)",
            frozenset(finals),
        )
    recorded = set(map(type, unread.recorded)) if pot else set()
    if CarryOut in recorded:  # (the table's first hand, it may be: its state is new)
        state.carry = None
        state.carry_recorded = _carry_on_record(unread.recorded)
        state.carry_unknown_since = (
            f"{unread.why}: the pot it carries is known once the hand is (correct it)"
        )
    elif state.carry is None and Collect in recorded:
        state.carry = 0
    elif fresh and pot and Collect not in recorded:
        state.carry, state.carry_recorded = None, None
        state.carry_unknown_since = f"{unread.why} and recorded neither a carry nor a collection"


def _carry_on_record(recorded: tuple[object, ...]) -> int | None:
    """The pot the readable lines of a hand that could not be read say it carried, which the
    next hand is checked with (:mod:`.unknown_pot`): its one ``carry`` line, but for a
    collection after it (the lines of a hand whose hand line is lost follow, and that hand
    may have taken the pot) or a second ``carry`` line (two hands' lines, it may be); None:
    no figure is sure."""
    at = [i for i, e in enumerate(recorded) if type(e) is CarryOut]
    if len(at) != 1 or any(type(e) is Collect for e in recorded[at[0] :]):
        return None
    carry = recorded[at[0]]
    assert type(carry) is CarryOut
    return carry.amount
