"""A caller of ``replay_hand`` may carry in any stacks; an impossible one (negative) is a
positioned ``IllegalAction``, never a crash.  (It used to raise KeyError
while wording an ``over-stack`` message for a player who took nothing off the table.)"""

from __future__ import annotations

import pytest

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.replay import replay_hand
from badugi_ledger.replay.state import UNKNOWN_STACK
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


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Cara rebuys 50", "Cara rebuys"),
        ("Cara tops 50", "Cara tops up"),
        ("Cara cashes 50", "Cara cashes out"),
        ("Cara sits out", "Cara sits out"),
    ],
)
def test_a_stack_change_or_sitting_out_in_the_middle_of_a_hand_is_refused(
    line: str, words: str
) -> None:
    """``grammar/README.md`` "Between hands": a rebuy, top-up, add-on or cash-out changes a
    stack before the hand's forced bets, and sitting out is for a whole hand.  Written after
    play began, it is refused where it stands (the replay neither applies it early nor passes
    over it); written first, it applies."""
    play = ["Anna posts sb", "Ben posts bb", "Cara folds", "Anna folds"]
    with pytest.raises(IllegalAction) as caught:
        replay_hand(record({"Anna": 100, "Ben": 100, "Cara": 100}, "Cara", [*play[:3], line]))
    assert caught.value.rule == "event-order"
    assert caught.value.message.startswith(f"{words} in the middle of the hand")
    assert caught.value.position.line == 4
    if line != "Cara sits out":
        result = replay_hand(
            record({"Anna": 100, "Ben": 100, "Cara": None}, "Cara", [line, *play]),
            stacks={"Cara": 100},
        )
        assert dict(result.starting_stacks)["Cara"] == (150 if "cashes" not in line else 50)


@pytest.mark.parametrize("carried", [None, {"Cara": 100}])
def test_a_stated_stack_below_the_chips_bought_for_the_hand_is_negative_stack(
    carried: dict[str, int] | None,
) -> None:
    """``grammar/README.md`` "Between hands": a stated stack is the stack at the deal, after
    the rebuys written for the hand.  Cara stated at 50 after rebuying 100 had -50 before
    buying: a ``negative-stack`` violation saying what to write, never a stack taken as it is
    (a table's first hand took it silently)."""
    hand = record(
        {"Anna": 100, "Ben": 100, "Cara": 50},
        "Cara",
        ["Cara rebuys 100", "Anna posts sb", "Ben posts bb", "Cara folds", "Anna folds"],
        hand_id="9",
    )
    with pytest.raises(IllegalAction) as caught:
        replay_hand(hand, stacks=carried)
    assert caught.value.rule == "negative-stack"
    assert "Cara starts with 50 chips at the deal but bought 100 chips" in caught.value.message
    assert "write 'Cara 150'" in caught.value.message
    # Stated at 100 (nothing before the rebuy), the hand replays.
    enough = record(
        {"Anna": 100, "Ben": 100, "Cara": 100},
        "Cara",
        ["Cara rebuys 100", "Anna posts sb", "Ben posts bb", "Cara folds", "Anna folds"],
    )
    assert dict(replay_hand(enough).starting_stacks)["Cara"] == 100


@pytest.mark.parametrize(
    "carried",
    [None, {"Anna": 50, "Cara": 50}],
    ids=["first hand", "later hand Ben was not in"],
)
@pytest.mark.parametrize(
    "changes",
    [["Ben cashes 40"], ["Ben rebuys 100", "Ben cashes 40"]],
    ids=["cash-out", "rebuy and cash-out"],
)
def test_a_cash_out_of_a_stack_nobody_knows_is_not_settled_not_over_stack(
    carried: dict[str, int] | None, changes: list[str]
) -> None:
    """``grammar/README.md`` "Between hands": ``cashes out N`` changes a stack before the hand's
    forced bets.  Ben, whose stack the hand line does not state and no hand of the table before
    carries, cashes out 40: he had chips (a newcomer has none to take off), how many nobody
    knows, so neither does anyone what he is dealt in with.  The hand cannot be settled
    (``stack-unknown``, at the cash-out's line), which is no rule broken: it is not a
    cash-out larger than his stack (``over-stack``), as if he had had none."""
    play = ["Ben posts sb", "Cara posts bb", "Anna folds", "Ben folds"]
    hand = record({"Anna": 50, "Ben": None, "Cara": 50}, "Anna", [*changes, *play])
    with pytest.raises(IllegalAction) as caught:
        replay_hand(hand, stacks=carried)
    assert caught.value.rule == "stack-unknown"
    assert caught.value.message.startswith("Ben cashes out 40, but Ben's stack before it is")
    assert caught.value.position.line == len(changes)


def test_a_cash_out_larger_than_a_known_stack_is_still_over_stack() -> None:
    """``grammar/README.md`` "Between hands": ``cashes out N`` changes a stack before the hand's
    forced bets: a cash-out of 40 from a stack carried as 30 takes chips the player does
    not have, an impossible hand (``over-stack`` at the cash-out's line)."""
    play = ["Ben posts sb", "Cara posts bb", "Anna folds", "Ben folds"]
    hand = record({"Anna": 50, "Ben": None, "Cara": 50}, "Anna", ["Ben cashes 40", *play])
    with pytest.raises(IllegalAction) as caught:
        replay_hand(hand, stacks={"Anna": 50, "Ben": 30, "Cara": 50})
    assert caught.value.rule == "over-stack"
    assert caught.value.message == "Ben takes 40 off the table but has only 30"
    assert caught.value.position.line == 1


def test_a_newcomer_buying_in_starts_with_the_chips_bought() -> None:
    """``grammar/README.md``: "a player **joins** by appearing with a stack", and "Between
    hands": ``rebuys N``, ``tops up N`` change a stack before the hand's forced bets.  A player
    nobody has seen at the table who buys chips buys in from nothing: he is dealt in with what
    he bought."""
    play = ["Ben posts sb", "Cara posts bb", "Anna folds", "Ben folds"]
    for buy in ("Ben rebuys 100", "Ben tops 100"):
        for carried in (None, {"Anna": 50, "Cara": 50}):
            hand = record({"Anna": 50, "Ben": None, "Cara": 50}, "Anna", [buy, *play])
            result = replay_hand(hand, stacks=carried)
            assert dict(result.starting_stacks)["Ben"] == 100


@pytest.mark.parametrize("change", ["Ben cashes 40", "Ben rebuys 100"])
def test_a_stack_change_of_a_stack_unknown_since_a_hand_before_leaves_it_unknown(
    change: str,
) -> None:
    """``grammar/README.md`` "Between hands": ``cashes out N`` changes a stack before the hand's
    forced bets: Ben, seen at the table, whose stack became unknown (a hand before could not be
    replayed: :data:`~badugi_ledger.replay.state.UNKNOWN_STACK` carried), cashes out or buys:
    what he is left with is unknown still, and the hand is replayed without it, no
    ``over-stack`` and no newcomer's stack."""
    play = ["Ben posts sb", "Cara posts bb", "Anna folds", "Ben folds"]
    hand = record({"Anna": 50, "Ben": None, "Cara": 50}, "Anna", [change, *play])
    result = replay_hand(hand, stacks={"Anna": 50, "Ben": UNKNOWN_STACK, "Cara": 50})
    assert result.unknown_stacks == {"Ben"}
    assert "Ben" not in dict(result.starting_stacks)
