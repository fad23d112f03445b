"""Who sits and who is dealt in: what a hand's seats may not be, and the seating a hand is
played from.

Before a hand is replayed (:class:`~.state.HandState` sets it up from the record) its seats
are checked (a player seated twice, under one name or two that read alike; a name that shows
nothing; a name of the ledger's own accounts), a tournament's stack changes are held to what
a tournament allows (no top-up, no cash-out), and the players dealt in are worked out: those
who do not sit out and have chips at the deal, and on a Progressive Badugi redeal a player
whose chips are all in the carried pot when the record plays him (``002``,
:func:`redeal_all_in`).  The forced bets a reader implied for every listed player are placed
among those dealt in (:func:`implied_posts_placed`).  The seating of a hand in which everybody
is dealt in is the same for every hand with those seats and that button, so it is made once
and shared (:class:`_Seating`).

Why a module of its own: these are facts of the table before the first card, which the hand's
mutable state (:mod:`.state`) is built from and never changes; they read the record, never the
state.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from dataclasses import replace

from ..model.errors import IllegalAction, Position, illegal
from ..model.events import (
    BETWEEN_HANDS,
    STACK_CHANGE_VERBS,
    Action,
    Buy,
    Deal,
    Draw,
    HandRecord,
    Muck,
    Post,
    Show,
    StackChange,
)
from ..model.forced import forced_posts
from ..model.names import composed
from ..model.results import Violation, reserved_look, reserved_name_refused


def _seating_problems(record: HandRecord, seats: tuple[str, ...]) -> list[IllegalAction]:
    """What is wrong with a hand's seats, each seat's mistake (the first of it): a player
    seated twice, under one name or under two that read alike (``Zoë`` typed as one character
    and as ``e`` and a diaeresis: the ledger would book both as one player); a seat named like
    one of the ledger's own accounts, exactly or but for case and blanks around it (``*House*``
    reads as the rake's); a seat whose name shows nothing (a zero-width space alone); and a
    button not seated.  Facts of the record before the first card: each is listed, so that one
    run of ``check`` shows them all (:func:`seating_refused`)."""
    looks = [composed(name) for name in seats]
    problems: list[IllegalAction] = []
    for i, (name, look) in enumerate(zip(seats, looks, strict=True)):
        first = looks.index(look)
        if first != i:
            if seats[first] == name:
                problems.append(illegal("seats", "a player is seated twice", record.pos))
                continue
            problems.append(
                illegal(
                    "seats",
                    f"{seats[first]!r} and {name!r} are one name written two ways (Unicode: "
                    f"{ascii(seats[first])[1:-1]} and {ascii(name)[1:-1]}): a player is seated "
                    "twice; write the name one way",
                    record.pos,
                )
            )
            continue
        if not look.strip():
            problems.append(
                illegal(
                    "seats",
                    f"the name {ascii(name)} shows nothing (only characters that show nothing, "
                    "or blanks): no one could tell the player; write his name",
                    record.pos,
                )
            )
            continue
        account = reserved_look(look)  # (the name composed above)
        if account is not None:
            problems.append(_reserved_name(record, name, account))
    if record.button not in seats:
        problems.append(
            illegal("button", f"the button {record.button!r} is not one of the seats", record.pos)
        )
    return problems


def seating_refused(problems: list[IllegalAction]) -> IllegalAction:
    """The first of a hand's seating ``problems`` by place, raised, carrying the others as
    :attr:`~badugi_ledger.model.errors.IllegalAction.mismatches` (what the record gets wrong
    beside the rule broken), so that each is listed at its place; the play is not replayed.
    Bounded as a hand's other mistakes are (one a seat, and a hand line holds at most
    ``limits.MAX_LINE`` characters)."""
    first, *others = sorted(problems, key=lambda e: (e.position.line, e.position.column))
    first.mismatches = tuple(
        Violation(other.rule or "seats", other.message, other.position) for other in others
    )
    return first


def _reserved_name(record: HandRecord, name: str, account: str) -> IllegalAction:
    """The error for a seat called ``name``, which is or reads as the reserved ``account``, at
    that seat when the hand's text shows where it is (the hand line of our format, a seat line
    of a site file)."""
    pos = record.pos
    if pos.line and pos.column == 1:
        for offset, line in enumerate(record.text.splitlines()):
            column = line.find(name)
            if column >= 0:
                if line[column - 1 : column] == '"':  # our format quotes such a name
                    column -= 1
                pos = Position(pos.source, pos.line + offset, column + 1)
                break
    return illegal("reserved-name", reserved_name_refused(name, account), pos)


_CASH_ONLY = frozenset({"top-up", "cash-out"})
"""The stack changes of a cash game only: a tournament's chips are bought by the buy-in, a
rebuy or an add-on, which the ledger charges at their price, and are never cashed out (they
count for places, never for money); docs/ledger.md, grammar/README.md."""


def _cash_only(ev: StackChange, pos: Position) -> IllegalAction:
    """The error for a top-up or cash-out written in a tournament hand."""
    verb = STACK_CHANGE_VERBS[ev.kind]
    if ev.kind == "top-up":
        why = (
            "a tournament's chips are bought only by the buy-in, a rebuy or an add-on, which "
            f"the ledger charges: write 'rebuys {ev.amount}' or 'adds on {ev.amount}'"
        )
    else:
        why = (
            "tournament chips are never cashed out (they count for places, never for money); "
            "chips are bought only by the buy-in, 'rebuys' or 'adds on'"
        )
    return illegal(
        "tournament-chips", f"{ev.player} {verb} {ev.amount} in a tournament: {why}", pos
    )


def no_chips(ev: StackChange, pos: Position) -> IllegalAction:
    """The error for a stack change of no chips (``rebuys 0``): it changes nothing, and a
    tournament would charge a rebuy or an add-on at its price for it."""
    verb = STACK_CHANGE_VERBS[ev.kind]
    if ev.kind in _CASH_ONLY:
        why = f"a {ev.kind} of no chips changes nothing: write the chips, or leave it out"
    else:
        why = (
            f"{'an' if ev.kind == 'add-on' else 'a'} {ev.kind} of no chips buys nothing, and a "
            "tournament would charge its price for it: write the chips it bought, or leave it out"
        )
    return illegal("stack-change-zero", f"{ev.player} {verb} 0: {why}", pos)


PLAYS = (Deal, Action, Draw, Buy, Show, Muck)
"""The events that show a player was dealt in: his cards, his draws, his showdown, an action
(which an all-in player may not take, and is refused as such); the button's check adds what
shows it of a player with chips (:func:`~.button.shown_dealt_in`)."""


def redeal_all_in(
    record: HandRecord,
    start: Mapping[str, int],
    sitting_out: AbstractSet[str],
    carry_stakes: AbstractSet[str],
) -> frozenset[str]:
    """The players with no chips whom a Progressive Badugi redeal deals in: ``002`` deals the
    redeal "to every player at the table", and a player all-in in the hand whose pot carried
    has every chip in that pot (``carry_stakes``: whose chips are in the pot carried in), so
    he is still at the table.  The record says whether the table dealt him in: any event that
    plays him (:data:`PLAYS`).  A player who busted otherwise has no chips in the pot and is
    not dealt in; nor is one who sits out."""
    broke = [p for p in carry_stakes if start.get(p) == 0 and p not in sitting_out]
    if not broke:
        return _NOBODY
    return frozenset(
        [ev.player for ev in record.events if isinstance(ev, PLAYS) and ev.player in broke]
    )


def implied_posts_placed(record: HandRecord, dealt: tuple[str, ...], redeal: bool) -> HandRecord:
    """``record``, whose posts the reader implied for every listed player who does not sit
    out (``HandRecord.posts_implied``), or left out taking the hand for a redeal
    (``HandRecord.redeal_implied``), with them placed among the players ``dealt`` in
    instead, as ``redeal`` (a pot came in) says (:func:`~badugi_ledger.model.forced.forced_posts`):
    grammar/README.md, "Forced bets", gives them to the players dealt in, and a player with
    no chips at the deal is not (the reader cannot know the stacks, nor whether a hand before
    it that could not be read carried its pot).  They stand where the reader puts them, at
    the hand line, before the first event of the play.  ``record`` itself when that changes
    nothing (a busted player away from the blinds, no antes), so that the hand is replayed
    from the record as read."""
    events = record.events
    at = [i for i, ev in enumerate(events) if type(ev) is Post]
    placed = forced_posts(record.settings, dealt, record.button, redeal=redeal)
    if not at:
        if not (record.redeal_implied and placed):
            return record
        return _posts_inserted(record, placed)
    if [events[i] for i in at] == list(placed):
        return record
    first, implied = at[0], set(at)
    kept = [i for i in range(len(events)) if i not in implied]
    before = [i for i in kept if i < first]
    after = [i for i in kept if i > first]
    new_events = (
        *[events[i] for i in before],
        *placed,
        *[events[i] for i in after],
    )
    positions: tuple[Position, ...] = ()
    if record.positions:
        where = record.positions
        positions = (
            *[where[i] for i in before],
            *[where[first]] * len(placed),
            *[where[i] for i in after],
        )
    return replace(record, events=new_events, positions=positions)


def _posts_inserted(record: HandRecord, placed: tuple[Post, ...]) -> HandRecord:
    """``record``, which has no posts, with ``placed`` where the reader implies posts: after
    what happens between hands (rebuys, sitting out), at the hand line."""
    events = record.events
    first = next((i for i, ev in enumerate(events) if type(ev) not in BETWEEN_HANDS), len(events))
    new_events = (*events[:first], *placed, *events[first:])
    positions: tuple[Position, ...] = ()
    if record.positions:
        where = tuple(record.positions)
        positions = (*where[:first], *[record.pos] * len(placed), *where[first:])
    return replace(record, events=new_events, positions=positions, posts_none=False)


class _Seating:
    """Who is dealt in, in which order: the same for every hand of a session with the same
    seats and button in which everybody is dealt in, so it is worked out once and shared
    (:data:`_SEATINGS`).  Never changed after it is made.  ``broke_in`` are players dealt in
    with no chips (:func:`redeal_all_in`)."""

    __slots__ = ("dealt", "in_hand", "dealt_pos", "next_seat", "prev_seat", "zeros")

    def __init__(
        self,
        seats: tuple[str, ...],
        button: str,
        out: AbstractSet[str],
        start: Mapping[str, int],
        broke_in: AbstractSet[str],
    ) -> None:
        i = seats.index(button) + 1
        dealt = self.dealt = tuple(
            [p for p in seats[i:] + seats[:i] if p not in out and (start[p] > 0 or p in broke_in)]
        )
        """Players dealt in, clockwise from the button's left."""
        n = len(dealt)
        self.in_hand = frozenset(dealt)
        self.dealt_pos = {p: i for i, p in enumerate(dealt)}
        self.next_seat = {p: dealt[i - n + 1] for i, p in enumerate(dealt)}
        """Player -> the player dealt in after them, clockwise (the same in every round)."""
        self.prev_seat = {p: dealt[i - 1] for i, p in enumerate(dealt)}
        """Player -> the player dealt in before them."""
        self.zeros = dict.fromkeys(dealt, 0)
        """Player -> 0: copied for each hand's chip counts (cheaper than making it anew)."""


_SEATINGS: dict[tuple[tuple[str, ...], str], _Seating] = {}
"""(seat names, button) -> :class:`_Seating` of a hand in which every seat is dealt in."""
_SEATINGS_LIMIT = 1 << 12
_NOBODY: frozenset[str] = frozenset()
