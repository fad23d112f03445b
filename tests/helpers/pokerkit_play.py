"""PokerKit as the tests drive it: every automation but the players' own decisions, the
fixed-limit Badugi game of ``000`` (blinds 1/2, bets 2/4), and a played hand written as PHH by
PokerKit's own writer."""

from __future__ import annotations

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
