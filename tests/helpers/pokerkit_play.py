"""PokerKit as the tests drive it: every automation but the players' own decisions, the
fixed-limit Badugi game of ``000`` (blinds 1/2, bets 2/4), and a played hand written as PHH by
PokerKit's own writer."""

from __future__ import annotations

import random
from decimal import Decimal
from typing import Any

import pokerkit

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_DEALING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
GAME = pokerkit.FixedLimitBadugi((), True, 0, (1, 2), 2, 4)


def new_state(stacks: list[int]) -> Any:
    """A hand of :data:`GAME` for ``stacks``, one player each, p1 the small blind."""
    return pokerkit.FixedLimitBadugi.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, 4, stacks, len(stacks)
    )


def pokerkit_phh(state: Any) -> str:
    """The finished hand ``state`` as PokerKit writes PHH, with its final stacks."""
    history = pokerkit.HandHistory.from_game_state(GAME, state)
    history.finishing_stacks = list(state.stacks)
    return str(history.dumps())


def play_at_random(
    rng: random.Random,
    blinds: tuple[int, ...],
    stacks: list[int],
    *,
    raises: float = 0.5,
    folds: float = 0.15,
    ante: int = 0,
    trimming: bool = True,
    bets: tuple[int, int] = (2, 4),
) -> tuple[Any, str]:
    """A hand PokerKit plays with these blinds (and straddles), ``ante`` from each player
    (``trimming``: PokerKit's ``ante_trimming_status``) and ``bets`` for ``stacks``, its
    players deciding at random: each draw discards the first 0-2 cards, a bet or raise
    ``raises`` of the time one may be made, a fold ``folds`` of the time there is something to
    call, else a check or call; and the hand as PokerKit writes PHH, with its final stacks."""
    state = pokerkit.FixedLimitBadugi.create_state(
        AUTOMATIONS, trimming, ante, blinds, *bets, stacks, len(stacks)
    )
    while state.status:
        if state.can_stand_pat_or_discard():
            i = state.stand_patter_or_discarder_index
            state.stand_pat_or_discard(list(state.hole_cards[i])[: rng.choice([0, 1, 2])])
        elif state.actor_index is not None:
            roll = rng.random()
            if roll < raises and state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to()
            elif roll < raises + folds and state.checking_or_calling_amount:
                state.fold()
            else:
                state.check_or_call()
        else:  # pragma: no cover - every automation that could stop the loop is on
            raise AssertionError("PokerKit waits for an operation the test does not make")
    game = pokerkit.FixedLimitBadugi((), trimming, ante, blinds, *bets)
    history = pokerkit.HandHistory.from_game_state(game, state)
    history.finishing_stacks = list(state.stacks)
    return state, str(history.dumps())


def money_divmod(dividend: Any, divisor: int) -> tuple[Decimal, Decimal]:
    """PokerKit's ``divmod`` hook for a hand of money: a pot divided at the cent, the cents left
    over to the first winner, as PokerKit divides chips.  (Its default divides a ``Decimal``
    exactly, into fractions of a cent: the "granularity of the currency" the PHH specification
    leaves to ``finishing_stacks``.)  Amounts of a PHH hand of ours are whole cents."""
    quotient, remainder = divmod(int(Decimal(dividend) * 100), divisor)
    return Decimal(quotient).scaleb(-2), Decimal(remainder).scaleb(-2)


def in_ours(amounts: Any, currency: str | None) -> list[int]:
    """PokerKit's amounts (chips, or currency units as ``int`` or ``Decimal``) in our units:
    chips, or cents."""
    if not currency:
        return [int(a) for a in amounts]
    cents = [Decimal(a) * 100 for a in amounts]
    assert all(c == int(c) for c in cents), amounts  # never a fraction of a cent
    return [int(c) for c in cents]


_STRUCTURES = {
    "no-limit": pokerkit.BettingStructure.NO_LIMIT,
    "pot-limit": pokerkit.BettingStructure.POT_LIMIT,
}


def raise_range_after(
    kind: str, blinds: tuple[int, int], stacks: dict[str, int], lines: list[str]
) -> tuple[int, int] | None:
    """The totals PokerKit lets the player to act bet or raise to after ``lines`` (the short
    lines of :mod:`tests.helpers.replay_builder`, the seats in ``stacks`` clockwise from the
    small blind), or None when it lets them only call or fold.  The game is Badugi under
    ``kind`` (``no-limit`` or ``pot-limit``, PokerKit has no other), the smallest bet the big
    blind in every round; posts are PokerKit's own and every draw stands pat.  Each action
    must come from the player PokerKit has to act, so the order of play is checked too."""
    big = max(blinds)
    streets = [
        pokerkit.Street(False, (False,) * 4, 0, False, pokerkit.Opening.POSITION, big, None),
        *(pokerkit.Street(True, (), 0, True, pokerkit.Opening.POSITION, big, None),) * 3,
    ]
    names = list(stacks)
    state = pokerkit.State(
        AUTOMATIONS,
        pokerkit.Deck.REGULAR,
        (pokerkit.BadugiHand,),
        tuple(streets),
        _STRUCTURES[kind],
        True,
        0,
        blinds,
        0,
        tuple(stacks.values()),
        len(stacks),
        mode=pokerkit.Mode.CASH_GAME,
    )
    for line in lines:
        player, verb, *rest = line.split()
        if verb == "posts":
            continue
        if verb == "pat":
            assert state.stand_patter_or_discarder_index == names.index(player), line
            state.stand_pat_or_discard()
            continue
        assert state.actor_index == names.index(player), line
        if verb in ("calls", "checks"):
            state.check_or_call()
        elif verb == "folds":
            state.fold()
        else:
            state.complete_bet_or_raise_to(int(rest[0]))
    if not state.can_complete_bet_or_raise_to():
        return None
    least = state.min_completion_betting_or_raising_to_amount
    most = state.max_completion_betting_or_raising_to_amount
    assert least is not None and most is not None
    return int(least), int(most)
