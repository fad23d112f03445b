"""Events in words, grouped by the part of the hand they belong to: what a hand view
(:mod:`badugi_ledger.reports.hand_view`) lists under ``forced bets``, ``betting round 1``,
``draw 1`` … ``showdown``.

The record says who did what in order, not which round it was in; the rounds follow from the
order of play (``000`` "Playing a hand": forced bets and the deal, betting round 1, draw 1, …,
showdown), which the replay has already held the hand to.  Amounts are written as recorded
(a fixed-limit "Cara calls" has none), money as money.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from ..model.cards import format_cards
from ..model.events import (
    STACK_CHANGE_VERBS,
    Action,
    Buy,
    CarryIn,
    CarryOut,
    Collect,
    Deal,
    Draw,
    Event,
    FinalStack,
    HandRecord,
    HandsMissing,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    Show,
    SitOut,
    StackChange,
)
from ..model.money import format_amount
from ..model.settings import GameSettings

__all__ = ["ActionLine", "RoundView", "amount_text", "rounds"]


@dataclass(frozen=True)
class ActionLine:
    """One event in words (``Anna raises to 8``) with the line of the file it is on."""

    line: int
    text: str
    column: int = 0


@dataclass(frozen=True)
class RoundView:
    """The events of one part of the hand: ``before the hand``, ``forced bets``, ``deal``,
    ``betting round 1``, ``draw 1`` … ``showdown``, ``recorded outcome``."""

    name: str
    actions: tuple[ActionLine, ...]


_POSTS = {
    "small-blind": "the small blind",
    "big-blind": "the big blind",
    "ante": "an ante",
    "dead": "a dead blind",
    "straddle": "a straddle",
}


def amount_text(amount: int | None, unit: str, *, sign: bool = False) -> str:
    """An amount as a player says it, without its unit: a hand's heading (``amounts in USD``)
    or a table's caption names the unit once, so every figure of a hand - an action, a pot, a
    share, the rake, a stack and its change - is written this one way (``2.90``, ``1,500``,
    ``+3.70``), never some with the unit and some without.

    >>> amount_text(290, "USD"), amount_text(1500, "chips"), amount_text(-1, "chips", sign=True)
    ('2.90', '1,500', '-1')

    The figure is :func:`format_amount`'s without the unit (what comes before its first space:
    it names one chip in the singular, which no suffix of ``unit`` matches).
    """
    if amount is None:
        return ""
    return format_amount(amount, unit, sign=sign).split(" ", 1)[0]


def _words(ev: Event, unit: str) -> str:
    """One event in words."""

    def amt(value: int | None, before: str = " ") -> str:
        text = amount_text(value, unit)
        return f"{before}{text}" if text else ""

    if isinstance(ev, Action):
        all_in = " all-in" if ev.all_in else ""
        verb = {"fold": "folds", "check": "checks", "call": "calls", "bet": "bets"}.get(ev.verb)
        if verb is None:
            return f"{ev.player} raises{amt(ev.amount, ' to ')}{all_in}"
        return f"{ev.player} {verb}{amt(ev.amount)}{all_in}"
    if isinstance(ev, Post):
        all_in = " all-in" if ev.all_in else ""
        return f"{ev.player} posts {_POSTS[ev.kind]}{amt(ev.amount)}{all_in}"
    if isinstance(ev, Deal):
        return f"{ev.player} is dealt {format_cards(ev.cards)}"
    if isinstance(ev, Draw):
        if not ev.received and not ev.discards:
            return f"{ev.player} stands pat"
        n = len(ev.received)
        text = f"{ev.player} draws {n}"
        if any(c is not None for c in ev.discards):
            text += f": throws {format_cards(ev.discards)}"
        if any(c is not None for c in ev.received):
            text += f", gets {format_cards(ev.received)}"
        return text
    if isinstance(ev, Buy):
        price = amt(ev.price, " for ")
        return (
            f"{ev.player} buys a card{price}: {format_cards((ev.discard,))} -> "
            f"{format_cards((ev.received,))}"
        )
    if isinstance(ev, Show):
        return f"{ev.player} shows {format_cards(ev.cards)}"
    if isinstance(ev, Muck):
        return f"{ev.player} mucks"
    if isinstance(ev, Collect):
        pot = f" from the {ev.pot} pot" if ev.pot else ""
        return f"{ev.player} collects {amount_text(ev.amount, unit)}{pot}"
    if isinstance(ev, CarryOut):
        return f"{amount_text(ev.amount, unit)} carry to the next hand"
    if isinstance(ev, CarryIn):
        return f"{amount_text(ev.amount, unit)} carried in from the table's last hand"
    if isinstance(ev, HandsMissing):
        return "hands of this table before this one are not in the file"
    if isinstance(ev, RakeTaken):
        return f"the house takes {amount_text(ev.amount, unit)}"
    if isinstance(ev, PotTotal):
        return f"the pot is {amount_text(ev.amount, unit)}"
    if isinstance(ev, FinalStack):
        return f"{ev.player} ends with {amount_text(ev.amount, unit)}"
    if isinstance(ev, StackChange):
        return f"{ev.player} {STACK_CHANGE_VERBS[ev.kind]} {amount_text(ev.amount, unit)}"
    assert isinstance(ev, SitOut)
    return f"{ev.player} sits out"


def _phase(ev: Event) -> str:
    """The kind of part an event belongs to (betting and draws are numbered by :func:`rounds`)."""
    if isinstance(ev, StackChange | SitOut):
        return "before the hand"
    if isinstance(ev, Post):
        return "forced bets"
    if isinstance(ev, Deal):
        return "deal"
    if isinstance(ev, Action):
        return "bet"
    if isinstance(ev, Draw | Buy):
        return "draw"
    if isinstance(ev, Show | Muck):
        return "showdown"
    return "recorded outcome"


def rounds(
    record: HandRecord,
    unit: str,
    *,
    upto: tuple[int, int] | None = None,
    settings: GameSettings | None = None,
    starting: Mapping[str, int] | None = None,
) -> tuple[RoundView, ...]:
    """The record's events grouped by part of the hand, in words; with ``upto`` (line, column;
    column 0: the whole line), only the events up to that place (a hand whose replay stopped
    there).
    Amounts are as recorded, except a blind or ante left out, which ``settings`` fixes: the
    blind as set, or, for a player whose stack at the deal (``starting``, the replay's) is
    shorter, what he has, all-in (grammar/README.md, "Forced bets": a player shorter than the
    blind posts what they have); a player with nothing left to post posts nothing.

    Betting round *n* is followed by draw *n* (``000`` "Playing a hand"); a player drawing a
    second time in one draw starts the next draw (rounds with nobody left to bet are skipped).
    """
    parts: list[tuple[str, list[ActionLine]]] = []
    left = dict(starting) if starting is not None else {}  # what each can still post
    betting = 0
    drawn: set[str] = set()
    current = ""
    for i, ev in enumerate(record.events):
        pos = record.position(i)
        if upto is not None and (pos.line, pos.column if upto[1] else 0) > upto:
            break
        if type(ev) is Deal and all(c is None for c in ev.cards):
            continue  # dealt cards nobody saw say nothing
        if type(ev) is Post:
            if ev.amount is None and not ev.all_in and settings is not None:
                fixed = {"small-blind": settings.small_blind, "big-blind": settings.big_blind}
                fixed["ante"] = settings.ante
                if ev.kind in fixed:
                    has = left.get(ev.player)
                    if has is not None and has <= fixed[ev.kind]:
                        if has <= 0:
                            continue  # all-in already: nothing is posted
                        ev = replace(ev, amount=has, all_in=True)
                    else:
                        ev = replace(ev, amount=fixed[ev.kind])
            if ev.amount is not None and ev.player in left:
                left[ev.player] -= ev.amount
        phase = _phase(ev)
        if phase == "bet":
            if not current.startswith("betting round"):
                betting += 1
                current = f"betting round {betting}"
        elif phase == "draw":
            player = ev.player  # type: ignore[union-attr]
            if not current.startswith("draw") or player in drawn:
                if current.startswith("draw") or not betting:
                    betting += 1  # no betting before this draw: that round was skipped
                current = f"draw {betting}"
                drawn = set()
            drawn.add(player)
        else:
            current = phase
        if not parts or parts[-1][0] != current:
            parts.append((current, []))
        parts[-1][1].append(ActionLine(pos.line, _words(ev, unit), pos.column))
    return tuple(RoundView(name, tuple(lines)) for name, lines in parts)
