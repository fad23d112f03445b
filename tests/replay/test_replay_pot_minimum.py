"""Pot limit and half-pot limit when the pot is smaller than the smallest bet.

``001`` gives a bet "a minimum equal to the big blind" in every round and, in pot limit, "bets up
to the current pot size" (half-pot limit: half of it).  When the pot is below the big blind (a
Progressive Badugi redeal with a small carried pot and no blinds, ``002``; blinds posted short
under ``house short-blind as-posted``) the two bounds cross.  The engine lets the minimum stand:
a bet or raise of the smallest full size is always allowed, and the largest allowed is the pot
cap or that minimum, whichever is more.  PokerKit sizes pot limit so (its largest bet or raise
is ``max(min_to, pot_to)``); the tests run the same hands through PokerKit where it can play
them (it has no carried pot and no half-pot limit).
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.settings import GameSettings, HouseRules, Structure, StructureKind
from badugi_ledger.replay import replay_hand
from badugi_ledger.replay.legal import next_actions
from tests.helpers.pokerkit_play import raise_range_after
from tests.helpers.replay_builder import assert_balanced, record

FOUR = {"Anna": 1, "Ben": 1, "Cara": 200, "Dan": 200}
AS_POSTED = GameSettings(
    structure=Structure("pot-limit"),
    small_blind=5,
    big_blind=10,
    house=HouseRules(short_blind="as-posted"),
)
# Anna and Ben post their last chip as the blinds; as posted, the others owe 1.
POSTS = ["Anna posts sb", "Ben posts bb"]
ROUND_2 = [*POSTS, "Cara calls", "Dan calls", "Anna pat", "Ben pat", "Cara pat", "Dan pat"]


def rule(
    lines: list[str], settings: GameSettings, seats: dict[str, int], button: str, carry_in: int = 0
) -> str:
    """The rule the first illegal event of ``lines`` breaks ("hand-incomplete": none)."""
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(seats, button, lines, settings=settings), carry_in=carry_in)
    return str(err.value.rule)


def bet_span(
    lines: list[str], settings: GameSettings, seats: dict[str, int], button: str, carry_in: int = 0
) -> tuple[int | None, int | None]:
    """The totals the player to act may bet or raise to, as the legal next actions give them."""
    rec = record(seats, button, lines, settings=settings)
    na = next_actions(rec, carry_in=carry_in)
    [span] = [(o.amount, o.max_amount) for o in na.options if o.kind in ("bet", "raise")]
    return span


def test_pot_limit_bet_of_the_big_blind_above_a_smaller_pot() -> None:
    """Round 2 with a pot of 4 (four players in for 1): Cara may bet the big blind, 10, though
    the pot is 4; not 11, nor 9.  PokerKit: from 10 to 10."""
    assert bet_span(ROUND_2, AS_POSTED, FOUR, "Dan") == (10, 10)
    assert raise_range_after("pot-limit", (5, 10), FOUR, ROUND_2) == (10, 10)
    assert rule([*ROUND_2, "Cara bets 10", "Dan calls"], AS_POSTED, FOUR, "Dan") == (
        "hand-incomplete"
    )
    assert rule([*ROUND_2, "Cara bets 11"], AS_POSTED, FOUR, "Dan") == "bet-size"
    assert rule([*ROUND_2, "Cara bets 9"], AS_POSTED, FOUR, "Dan") == "bet-size"


def test_pot_limit_minimum_raise_above_the_pot() -> None:
    """Round 1: the blinds were posted as 1 and 1, so Cara faces 1 in a pot of 2; the pot cap is
    1 + 2 + 1 = 4, the smallest raise the big blind more, to 11: Cara may raise to 11 and no
    further.  PokerKit: from 11 to 11."""
    assert bet_span(POSTS, AS_POSTED, FOUR, "Dan") == (11, 11)
    assert raise_range_after("pot-limit", (5, 10), FOUR, POSTS) == (11, 11)
    assert rule([*POSTS, "Cara raises 11", "Dan calls"], AS_POSTED, FOUR, "Dan") == (
        "hand-incomplete"
    )
    assert rule([*POSTS, "Cara raises 12"], AS_POSTED, FOUR, "Dan") == "bet-size"


THREE = {"Anna": 200, "Ben": 200, "Cara": 200}


def progressive(kind: StructureKind, small: int, big: int) -> GameSettings:
    return GameSettings(
        game="progressive-badugi", structure=Structure(kind), small_blind=small, big_blind=big
    )


@pytest.mark.parametrize(
    ("kind", "blinds", "carry", "most"),
    [
        # pot limit, blinds 5/10, a carried pot of 8: the pot cap 8 is below the minimum 10.
        pytest.param("pot-limit", (5, 10), 8, 10, id="pot-limit"),
        # half-pot limit, blinds 10/20, 20 carried: half the pot, 10, is below the minimum 20.
        pytest.param("half-pot-limit", (10, 20), 20, 20, id="half-pot-limit"),
        # the control: a carried pot of 30 is above the minimum 10, and the pot is the cap.
        pytest.param("pot-limit", (5, 10), 30, 30, id="pot-above-the-minimum"),
        pytest.param("half-pot-limit", (5, 10), 30, 15, id="half-pot-above-the-minimum"),
    ],
)
def test_progressive_redeal_without_blinds_may_bet_the_minimum(
    kind: StructureKind, blinds: tuple[int, int], carry: int, most: int
) -> None:
    """``002`` (and seeds README item 5): a redeal posts no blinds, so the first bet faces only
    the carried pot.  The big blind is the smallest bet (``001``) even where the pot cap is
    less; a bet above the larger of the two is still refused, and below the minimum only an
    all-in may go."""
    settings = progressive(kind, *blinds)
    big = blinds[1]
    assert bet_span([], settings, THREE, "Anna", carry) == (big, most)
    for to in (big, most):
        result = replay_hand(
            record(
                THREE, "Anna", [f"Ben bets {to}", "Cara folds", "Anna folds"], settings=settings
            ),
            carry_in=carry,
        )
        assert_balanced(result)
        assert dict(result.payouts) == {"Ben": carry}
    assert rule([f"Ben bets {most + 1}"], settings, THREE, "Anna", carry) == "bet-size"
    assert rule([f"Ben bets {big - 1}"], settings, THREE, "Anna", carry) == "bet-size"
    short = {**THREE, "Ben": big - 1}
    assert rule([f"Ben bets {big - 1} allin", "Cara calls"], settings, short, "Anna", carry) == (
        "hand-incomplete"
    )


def test_the_refusal_names_one_bound() -> None:
    """Above the minimum over a small pot the message names the minimum as the most allowed,
    not a pot cap below the least allowed."""
    with pytest.raises(IllegalAction) as err:
        replay_hand(
            record(THREE, "Anna", ["Ben bets 11"], settings=progressive("pot-limit", 5, 10)),
            carry_in=8,
        )
    assert err.value.message == "Ben bets 11; the most allowed is 10 (pot-limit, 001/003)"
