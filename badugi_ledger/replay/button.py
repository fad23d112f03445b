"""The button from one hand of a table to the next: "the deal passes to the left after every
hand" (``000``, Setup; ``001``: "a dealer button rotates clockwise"), a Progressive Badugi
redeal included (``002``: "a new hand is dealt", and the game "follows the rules of Badugi,
including … the deal"; ``examples/progressive_night.bhh`` moves it).

The blinds follow the button, so a button recorded on the wrong player charges the blinds to
the wrong players.  Yet the hand itself may be legal as written, and the texts give no rule for
a button when players join, leave, bust or sit out (a dead button, a button that skips or waits
for a player): so a button that does not pass on is a **warning** (``button-order``), given only
where the seat it passes to is certain:

* the two hands are consecutive hands of one table and session (no ``missing hands``, no gap a
  site's file shows, no hand of another game).  A hand that could not be read is one of them
  where its hand line reads, as the reader keeps it (``ParseError.seating``: its seats and
  button, with its lines that read on their own), and none of its lines left unread may write
  a post, a player sitting out or chips bought (:mod:`.unread`);
* the same players sit in the same order in both (nobody joined, left or changed places);
* in both, every player seated was dealt in: nobody sits out, and everyone has chips at the deal
  (nobody busted and still listed, no player with no chips dealt into a redeal).  Where a stack
  is not known (after a hand that could not be replayed), the record itself may show the player
  dealt in: cards dealt, a post written, an action, a draw, a showdown, a pot collected
  (:func:`shown_dealt_in`); a player it shows none of this for leaves the seat uncertain;
* the previous hand's blinds were posted as its button says (:func:`blinds_follow_button`).  A
  site may put the button on a seat nobody sits in (a dead button, after players left), which
  its reader records as the nearest player before that seat (docs/importers.md): with two
  players gone in one hand the button can be dead for two hands running, on one player as
  recorded.  The first of those hands has a dead small blind (the big blind posted left of the
  recorded button, no small blind), so it is no hand to pass on from.

Then the button passes to the next player on the left (clockwise) of the previous hand's
button; heads-up, to the other player.  The table (:mod:`.table`) keeps the
:class:`ButtonBase` of its previous hand and asks :func:`passed_on` of each hand.
"""

from __future__ import annotations

from collections.abc import Container, Mapping, Sequence
from typing import NamedTuple

from ..model.errors import Position
from ..model.events import (
    BETWEEN_HANDS,
    Collect,
    Deal,
    HandRecord,
    Post,
    Seat,
    SitOut,
    StackChange,
)
from ..model.forced import blind_players
from ..model.results import Violation
from .seating import PLAYS
from .state import UNKNOWN_STACK

_BEFORE_ACTION = BETWEEN_HANDS | {Deal}
"""What may stand before a hand's posts, or between them."""

_UNKNOWN_FROM = UNKNOWN_STACK >> 1
"""A stack this large is unknown (:data:`~.state.UNKNOWN_STACK`, give or take its hand)."""

_PLAYS = (*PLAYS, Post, Collect)
"""What only a player dealt in does in a hand (:func:`shown_dealt_in`): what shows a player
with no chips dealt into a redeal (:data:`.seating.PLAYS`), and a post written or a pot
collected, which a player with chips makes only when dealt in."""


class ButtonBase(NamedTuple):
    """A hand's button, which the table's next hand passes on from: recorded only for a hand
    in which every player seated was dealt in (:func:`everyone_dealt_in`)."""

    button: str
    hand: str | None
    """The hand's number, and below the line naming its button, for the warning's words (not
    the hand itself: a table keeps this until its next hand, however long the night)."""
    line: int
    seats: tuple[Seat, ...]
    """Who sat at the table in the hand, in order: the next hand passes the button on among
    the same players only (:func:`button_not_passed`)."""
    instead: str | None = None
    """Where the hand's button should have been, when it was warned (``button-order``): one
    button written wrong is one mistake, so the next hand may pass on from either seat."""


def base_of(record: HandRecord, instead: str | None = None) -> ButtonBase:
    """``record``'s button as the next hand at its table passes on from it (``instead``: see
    :attr:`ButtonBase.instead`)."""
    line = record.pos.line if record.origin == "text" else button_position(record).line
    return ButtonBase(record.button, record.hand_id, line, record.seats, instead)


def passed_on(
    base: ButtonBase | None,
    record: HandRecord,
    stacks: Mapping[str, int],
    unknown: Container[str],
) -> tuple[Violation | None, ButtonBase | None]:
    """The ``button-order`` warning of ``record`` after its table's previous hand (``base``,
    None: none to pass on from), or None, and the button the table's next hand passes on from
    (None: not certain).  ``stacks`` and ``unknown``: the table's before the hand, as
    :func:`everyone_dealt_in` takes them."""
    dealt_in = everyone_dealt_in(record, stacks, unknown)
    moved = button_not_passed(base, record) if dealt_in and base is not None else None
    if not dealt_in or not blinds_follow_button(record):
        return moved, None
    instead = None if moved is None or base is None else left_of(base.button, record.seats)
    return moved, base_of(record, instead)


def everyone_dealt_in(
    record: HandRecord, stacks: Mapping[str, int], unknown: Container[str]
) -> bool:
    """Whether every player ``record`` seats is dealt in, as far as is certain before the
    replay: nobody sits out, and each stack at the deal (stated, or carried from ``stacks``
    with the hand's rebuys, top-ups and cash-outs) is above zero, or, where it is not known
    (after a hand that could not be replayed), the record itself shows the player dealt in
    (:func:`shown_dealt_in`).  ``unknown``: the players whose carried stacks are unknown."""
    changes: dict[str, int] = {}
    for event in record.events:
        kind = type(event)
        if kind not in BETWEEN_HANDS:
            break
        if kind is SitOut:
            return False
        if isinstance(event, StackChange):
            changes[event.player] = changes.get(event.player, 0) + event.chips
    shown: frozenset[str] | None = None
    for seat in record.seats:
        chips = seat.stack
        if chips is None:
            name = seat.name
            carried = stacks.get(name)
            chips = None if carried is None or name in unknown else carried + changes.get(name, 0)
        if chips is None or chips >= _UNKNOWN_FROM:
            if shown is None:
                shown = shown_dealt_in(record)
            if seat.name not in shown:
                return False
        elif chips <= 0:
            return False
    return True


def shown_dealt_in(record: HandRecord) -> frozenset[str]:
    """The players ``record`` shows dealt in whatever their stacks: those who are dealt cards,
    post (as written: posts the reader implied are its guess from the button, not the
    record's), act, draw, buy, show, muck or collect: what a player not dealt in has no
    cards for.
    A player it shows none of this for may still have been dealt in (the big blind everyone
    folds to), or not (busted, and still listed): not certain."""
    implied = record.posts_implied
    return frozenset(
        event.player
        for event in record.events
        if isinstance(event, _PLAYS) and not (implied and isinstance(event, Post))
    )


def blinds_follow_button(record: HandRecord) -> bool:
    """Whether the blinds ``record`` writes are the ones its button implies among its seats
    (``000``: the two players left of the dealer; heads-up the dealer posts the small blind;
    :func:`~badugi_ledger.model.forced.blind_players`): posts the reader implied from the
    button do; a hand that writes none (a redeal, ``posts none``) has nothing against it.
    Asked of a hand in which every player seated is dealt in."""
    if record.posts_implied or record.posts_none:
        return True
    written: list[tuple[str, str]] = []
    for event in record.events:  # the posts stand before the first action
        if isinstance(event, Post):
            if event.kind in ("small-blind", "big-blind"):
                written.append((event.player, event.kind))
        elif type(event) not in _BEFORE_ACTION:
            break
    if not written:
        return True
    names = [seat.name for seat in record.seats]
    if record.button not in names:
        return False
    at = names.index(record.button) + 1
    small, big = blind_players(record.settings, names[at:] + names[:at], record.button)
    owed = [(p, kind) for p, kind in ((small, "small-blind"), (big, "big-blind")) if p]
    return sorted(written) == sorted(owed)


def button_not_passed(base: ButtonBase, record: HandRecord) -> Violation | None:
    """The ``button-order`` warning of a hand whose button is not on the player left of the
    previous hand's (``base``), or None.  Asked only of a hand in which everyone seated is
    dealt in, after a hand (``base``) in which everyone was; None too where the seats are not
    those of that hand (the texts give no rule then)."""
    seats = record.seats
    names = [seat.name for seat in seats]
    if names != [seat.name for seat in base.seats]:
        return None
    if base.button not in names or record.button not in names:
        return None  # a button that is not a seat is the replay's error (rule ``button``)
    expected = names[(names.index(base.button) + 1) % len(names)]  # (left_of, inline)
    if record.button == expected:
        return None
    if base.instead in names and record.button == left_of(base.instead, seats):
        return None  # the previous hand's button was the one written wrong: back on course
    pos = button_position(record)
    moved = (
        f"keeps the button on {record.button}"
        if record.button == base.button
        else f"puts the button on {record.button}"
    )
    return Violation(
        "button-order",
        f"hand {record.hand_id} {moved} (line {pos.line}), but the previous hand of this "
        f"table, hand {base.hand} (line {base.line}), had it on "
        f"{base.button}, and the deal passes to the left after every hand (seed 000, Setup): "
        f"the button should be on {expected}, next on {base.button}'s left.  The blinds "
        "follow the button: check who posted them, and if hands were played that are not "
        "written down, write `missing hands` after this hand's line",
        pos,
        "warning",
    )


def left_of(button: str, seats: Sequence[Seat]) -> str:
    """The player the deal passes to from ``button``: the next seat on its left (clockwise),
    round the table; heads-up, the other player."""
    names = [seat.name for seat in seats]
    return names[(names.index(button) + 1) % len(names)]


def button_position(record: HandRecord) -> Position:
    """Where ``record`` names its button: the column of ``button`` on the hand line of our
    format; in a site's hand, the first of its lines that speaks of the button (``Seat #3 is
    the button``); else the hand's first line."""
    pos, text = record.pos, record.text
    if record.origin == "text":  # our format names the button on the hand line
        end = text.find("\n")
        text = text if end < 0 else text[:end]
    at = text.lower().find("button")
    if at < 0:
        return pos
    start = text.rfind("\n", 0, at) + 1
    return Position(pos.source, pos.line + text.count("\n", 0, at), at - start + 1)
