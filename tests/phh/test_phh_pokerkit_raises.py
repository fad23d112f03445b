"""PHH hands with PokerKit's raises replay to PokerKit's final stacks.

A PHH hand is read as PokerKit plays (``model.settings.POKERKIT_HOUSE``): in fixed limit the
blinds are not bets (the blinds and four raises before the first draw), a raise over a short
all-in is one full bet above it, and every raise counts toward the cap.  PokerKit plays
4-handed fixed-limit Badugi with short stacks and raises whenever it may
(``State.can_complete_bet_or_raise_to``), so those situations come often; every hand, written
by PokerKit's own writer, must replay to PokerKit's stacks.  Which situations came is counted
from PokerKit's operations, not from our replay.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pokerkit
import pytest

from badugi_ledger.model.events import HandRecord
from badugi_ledger.model.settings import POKERKIT_HOUSE
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand
from tests.helpers.pokerkit_play import new_state, pokerkit_phh

HANDS = 1000


def _play(rng: random.Random) -> tuple[Any, set[str]]:
    """One hand, and which of PokerKit's raises it had, as PokerKit's state showed them."""
    stacks = [rng.choice([3, 5, 7, 9, 14, 30]) for _ in range(4)]
    state = new_state(stacks)
    found: set[str] = set()
    street, raises, short = -1, 0, False
    while state.status:
        if state.street_index != street:
            street, raises, short = state.street_index, 0, False
        if state.can_stand_pat_or_discard():
            i = state.stand_patter_or_discarder_index
            count = rng.choice([0, 1, 2])
            state.stand_pat_or_discard(list(state.hole_cards[i])[:count])
        elif state.actor_index is not None:
            roll = rng.random()
            if roll < 0.6 and state.can_complete_bet_or_raise_to():
                i = state.actor_index
                full = max(state.bets) + (2 if street < 2 else 4)
                to = state.min_completion_betting_or_raising_to_amount
                if short:
                    found.add("raise over a short all-in")
                state.complete_bet_or_raise_to()
                raises += 1
                short = state.stacks[i] == 0 and to < full
                if street == 0 and raises == 4:
                    found.add("four raises before the first draw")
            elif roll < 0.7 and state.checking_or_calling_amount:
                state.fold()
            else:
                state.check_or_call()
        else:  # pragma: no cover - every automation that could stop the loop is on
            raise AssertionError("PokerKit waits for an operation the test does not make")
    return state, found


def test_pokerkit_hands_with_every_kind_of_raise_replay_to_pokerkits_stacks() -> None:
    rng = random.Random(20261202)
    random.seed(20261202)  # PokerKit shuffles with the random module
    seen: dict[str, int] = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for number in range(HANDS):
            state, situations = _play(rng)
            text = pokerkit_phh(state)
            (record,) = read_phh(text, f"pokerkit-{number}.phh")
            assert isinstance(record, HandRecord), (number, record, text)
            assert record.settings.house == POKERKIT_HOUSE
            result = replay_hand(record)
            assert result.ok, (number, result.violations, text)
            ours = [result.final_stacks[f"p{i + 1}"] for i in range(4)]
            assert ours == list(state.stacks), (number, text)
            for situation in situations:
                seen[situation] = seen.get(situation, 0) + 1
    assert seen.keys() == {"four raises before the first draw", "raise over a short all-in"}
    assert min(seen.values()) >= 10, seen


THREE_WAY_TIE = """variant = 'FB'
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100, 100]
actions = ['d dh p1 4h3s2dAc', 'd dh p2 4s3d2cAh', 'd dh p3 4d3c2hAs', 'd dh p4 KhQsJdTc',
  'p3 cc', 'p4 cc', 'p1 cc', 'p2 cc', 'p1 sd', 'p2 sd', 'p3 sd', 'p4 sd',
  'p1 cbr 2', 'p2 cc', 'p3 cc', 'p4 f', 'p1 sd', 'p2 sd', 'p3 sd', 'p1 cc', 'p2 cc', 'p3 cc',
  'p1 sd', 'p2 sd', 'p3 sd', 'p1 cc', 'p2 cc', 'p3 cc',
  'p1 sm 4h3s2dAc', 'p2 sm 4s3d2cAh', 'p3 sm 4d3c2hAs']
"""
"""Three wheels tie for a pot of 14 (p4 folded 2): 4 each and 2 left over."""


def test_odd_chips_of_a_three_way_tie_go_as_pokerkit_gives_them() -> None:
    """PokerKit gives every left-over chip to the first tied winner (``odd_chip_split``
    ``all-to-first``), where our tables give one each: 6/4/4, not 5/5/4."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = list(pokerkit.HandHistory.loads(THREE_WAY_TIE))[-1]
    assert list(state.stacks) == [102, 100, 100, 98]
    (record,) = read_phh(THREE_WAY_TIE, "tie.phh")
    assert isinstance(record, HandRecord)
    result = replay_hand(record)
    assert [result.final_stacks[f"p{i}"] for i in range(1, 5)] == [102, 100, 100, 98]


@pytest.mark.parametrize(
    ("stacks", "folds", "blind"),
    [
        # p1's small blind is all it has; p3 folds: the big blind is asked to act.
        ([1, 114, 437], 1, 1),
        # p2's big blind is 1 chip, no more than the small blind; p3 and p4 fold: the small
        # blind is asked to act, with nothing to call.
        ([30, 1, 7, 9], 2, 0),
    ],
)
def test_the_blinds_action_pokerkit_asks_for_is_no_warning(
    stacks: list[int], folds: int, blind: int
) -> None:
    """PokerKit asks a blind who has not acted yet to act even when everybody else folded or
    is all-in (it checks).  Read from PHH that check is PokerKit's play, not a check with nobody
    to bet against (``check-nobody``, a warning that fails ``check --strict``)."""
    state = new_state(stacks)
    for _ in range(folds):
        state.fold()
    assert state.actor_index == blind and state.checking_or_calling_amount == 0
    while state.status:
        if state.can_stand_pat_or_discard():
            state.stand_pat_or_discard()
        else:
            state.check_or_call()
    text = pokerkit_phh(state)
    assert f"'p{blind + 1} cc'" in text
    (record,) = read_phh(text, "option.phh")
    assert isinstance(record, HandRecord)
    result = replay_hand(record)
    assert result.ok and not result.warnings, result.warnings
    assert [result.final_stacks[f"p{i + 1}"] for i in range(len(stacks))] == list(state.stacks)
