"""A caller of ``replay_hand`` may carry in any stacks; an impossible one (negative) is a
positioned ``IllegalAction``, never a crash.  (It used to raise KeyError
while wording an ``over-stack`` message for a player who took nothing off the table.)"""

from __future__ import annotations

import pytest

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.replay import replay_hand
from tests.helpers.replay_builder import record


def test_a_negative_carried_stack_is_refused_by_name() -> None:
    hand = record(
        {"Anna": None, "Ben": 100, "Cara": 100},
        "Cara",
        ["Anna posts sb", "Ben posts bb", "Cara folds", "Anna folds"],
        hand_id="7",
    )
    with pytest.raises(IllegalAction) as caught:
        replay_hand(hand, stacks={"Anna": -5})
    assert caught.value.rule == "stack-unknown"
    assert "Anna's carried stack -5 is negative" in caught.value.message
    # The same hand with a possible carried stack replays.
    result = replay_hand(hand, stacks={"Anna": 50})
    assert dict(result.starting_stacks)["Anna"] == 50


def test_a_negative_stated_stack_is_refused_by_name() -> None:
    """A site file or a PHH ``starting_stacks`` may state a negative stack (our own format
    cannot); it is a ``negative-stack`` violation naming the player, not "has no chips"."""
    hand = record(
        {"Anna": -108, "Ben": 100, "Cara": 100},
        "Cara",
        ["Anna posts sb", "Ben posts bb", "Cara folds", "Anna folds"],
        hand_id="8",
    )
    with pytest.raises(IllegalAction) as caught:
        replay_hand(hand)
    assert caught.value.rule == "negative-stack"
    assert "Anna starts with -108 chips" in caught.value.message
