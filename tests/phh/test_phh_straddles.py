"""PHH Badugi hands with straddles replay as PokerKit plays them.

PHH's ``blinds_or_straddles`` gives ``p3`` on a blind too: a straddle (``pk_straddle.phh`` of
the audit: ``[5, 10, 20, 0, …]``, which PokerKit plays and our own format writes as ``posts
straddle``).  It was refused ("straddles are not Badugi blinds").  PokerKit
(``pokerkit/state.py``, ``State._begin_betting``) starts the betting after the largest
``(blind posted, index)`` and counts no blind or straddle toward the four raises of a round;
the reader posts the straddles so that the replay starts after that one, and the replay's
``fixed-limit-raises pokerkit`` counts no straddle either.  PokerKit plays hands with one or
two straddles, short stacks (a straddle all-in) and raises whenever it may; every hand, written
by PokerKit's own writer, must replay to PokerKit's stacks.
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import pokerkit
import pytest

from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import HandRecord, Post
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand
from tests.helpers.pokerkit_play import AUTOMATIONS, play_at_random

HANDS = 300
BLINDS = [(1, 2, 4), (1, 2, 4, 8), (1, 2, 3), (1, 2, 4, 4)]


def _play(rng: random.Random, blinds: tuple[int, ...]) -> tuple[Any, str]:
    """One hand PokerKit plays with these blinds and straddles, and its PHH."""
    players = rng.choice([len(blinds), len(blinds) + 1, 6])
    stacks = [rng.choice([2, 3, 5, 9, 14, 30, 60]) for _ in range(players)]
    return play_at_random(rng, blinds, stacks)


@pytest.mark.parametrize("blinds", BLINDS, ids=["-".join(map(str, b)) for b in BLINDS])
def test_pokerkit_hands_with_straddles_replay_to_pokerkits_stacks(blinds: tuple[int, ...]) -> None:
    rng = random.Random(sum(blinds))
    random.seed(sum(blinds))  # PokerKit shuffles with the random module
    straddled = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for number in range(HANDS):
            state, text = _play(rng, blinds)
            (record,) = read_phh(text, f"straddle-{number}.phh")
            assert isinstance(record, HandRecord), (number, record, text)
            straddled += any(isinstance(e, Post) and e.kind == "straddle" for e in record.events)
            result = replay_hand(record)
            assert result.ok, (number, result.violations, text)
            ours = [result.final_stacks[f"p{i + 1}"] for i in range(len(state.stacks))]
            assert ours == list(state.stacks), (number, text)
    assert straddled == HANDS


def test_the_audits_straddle_hand_reads() -> None:
    text = (
        "variant = 'FB'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [5, 10, 20, 0]\n"
        "small_bet = 10\nbig_bet = 20\nstarting_stacks = [100, 100, 100, 100]\n"
        "actions = ['d dh p1 ????????', 'd dh p2 ????????', 'd dh p3 ????????', "
        "'d dh p4 ????????', 'p4 cbr 30', 'p1 f', 'p2 f', 'p3 f']\n"
        "finishing_stacks = [95, 90, 80, 135]\n"
    )
    (record,) = read_phh(text, "straddle.phh")
    assert isinstance(record, HandRecord), record
    posts = [(e.player, e.kind, e.amount) for e in record.events if isinstance(e, Post)]
    assert posts == [("p1", "small-blind", 5), ("p2", "big-blind", 10), ("p3", "straddle", 20)]
    result = replay_hand(record)
    assert result.ok, result.violations


def test_a_straddle_smaller_than_a_small_blind_that_is_the_largest_says_so() -> None:
    """A PokerKit hand (``blinds_or_straddles = [4, 0, 8, 0]``, the straddler all-in for 3
    after his ante): the small blind of 4 is the largest, PokerKit starts after it and the
    big blind of 0 acts first, no order the replay plays.  It was refused as "smaller than
    the big blind (0)"; the refusal names the small blind it is smaller than."""
    text = (
        "variant = 'FB'\nante_trimming_status = true\nantes = [1, 1, 1, 1]\n"
        "blinds_or_straddles = [4, 0, 8, 0]\nsmall_bet = 4\nbig_bet = 12\n"
        "starting_stacks = [26, 56, 4, 4]\n"
        "actions = ['d dh p1 ????????', 'd dh p2 ????????', 'd dh p3 ????????', "
        "'d dh p4 ????????', 'p2 f', 'p4 f']\n"
    )
    (error,) = read_phh(text, "lone.phh")
    assert isinstance(error, ImportFormatError) and error.rule == "bad-phh"
    assert "a straddle of 3 is smaller than the small blind (4): PokerKit starts the " in (
        error.message
    )


def test_a_straddle_smaller_than_the_big_blind_is_refused() -> None:
    """PokerKit would start the betting after the big blind, and the straddler act first: no
    order our replay plays (a straddle acts last in the first round).  All-in for less, the
    straddler cannot act, and the order is the same."""
    text = (
        "variant = 'FB'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [5, 10, 8, 0]\n"
        "small_bet = 10\nbig_bet = 20\nstarting_stacks = [100, 100, 100, 100]\n"
        "actions = ['d dh p1 ????????', 'd dh p2 ????????', 'd dh p3 ????????', "
        "'d dh p4 ????????', 'p3 f', 'p4 f', 'p1 f']\n"
    )
    (error,) = read_phh(text, "small.phh")
    assert isinstance(error, ImportFormatError) and error.rule == "bad-phh"
    assert "a straddle of 8 is smaller than the big blind (10)" in error.message
    state = pokerkit.FixedLimitBadugi.create_state(
        AUTOMATIONS, True, 0, (5, 10, 8), 10, 20, [100, 100, 8, 100], 4
    )
    while state.status:
        if state.can_stand_pat_or_discard():
            state.stand_pat_or_discard()
        else:
            state.check_or_call()
    game = pokerkit.FixedLimitBadugi((), True, 0, (5, 10, 8), 10, 20)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        all_in = str(pokerkit.HandHistory.from_game_state(game, state).dumps())
    (record,) = read_phh(all_in, "all-in.phh")
    assert isinstance(record, HandRecord), record
    result = replay_hand(record)
    assert result.ok, result.violations
    assert [result.final_stacks[f"p{i}"] for i in range(1, 5)] == list(state.stacks)


def test_a_straddle_of_ours_converts_and_replays_in_pokerkit(tmp_path: Path) -> None:
    """Our format's ``posts straddle`` is PHH's blind of ``p3``: written (it was refused as
    a blind PHH cannot say), read back, and replayed by PokerKit to the finishing stacks."""
    path = tmp_path / "straddle.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "house fixed-limit-raises pokerkit · house short-blind as-posted\n"
        "hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
        "Anna posts sb 1 · Ben posts bb 2 · Cara posts straddle 4\n"
        "Dan raises to 6 · Anna folds · Ben folds · Cara calls\n"
        "draw: Cara pat · Dan pat\nCara checks · Dan bets 2 · Cara folds\nDan collects 15\n",
        encoding="utf-8",
    )
    (item,) = convert_hands(path, "phh")
    assert isinstance(item, ConvertedHand), item
    assert "\nblinds_or_straddles = [1, 2, 4, 0]\n" in item.text
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = pokerkit.HandHistory.loads(item.text)
        final = list(history)[-1].stacks
    assert list(final) == history.finishing_stacks == [99, 98, 94, 109]
