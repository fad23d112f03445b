"""Odd chips of PHH hands as PokerKit gives them: the pots in a row that the same tied
winners take are divided as one.

PokerKit kills the losing hands at the showdown and joins consecutive pots whose players still
in are the same (``State.pots``), then gives each joined pot's left-over chips to its first
winner (``State.push_chips``): so the main pot and side pots that the same two players tie for
leave at most one odd chip, where dividing each pot on its own (as card rooms do, our default)
gives one per pot.  Both hands here were played and written by PokerKit (random play of
``FixedLimitBadugi`` with small stacks, found by comparing every hand's stacks with PokerKit's
replay of its file); each came out one chip off before (``final-stack``).
"""

from __future__ import annotations

import warnings
from dataclasses import replace

import pokerkit
import pytest

from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand

STRADDLED = (
    "variant = 'FB'\n"
    "ante_trimming_status = false\n"
    "antes = [2, 2, 2, 2]\n"
    "blinds_or_straddles = [1, 2, 4, 0]\n"
    "small_bet = 2\n"
    "big_bet = 4\n"
    "starting_stacks = [7, 1, 200, 9]\n"
    "actions = ['d dh p1 9h3s6d2h', 'd dh p2 8dJsTh6h', 'd dh p3 3dTd7d9s', 'd dh p4 "
    "Ad5sAs8c', 'p4 cbr 6', 'p1 cc', 'p3 cc', 'p1 sd 9h3s6d', 'p2 sd', 'p3 sd', 'p4 "
    "sd Ad', 'd dh p1 Ts2s8s', 'd dh p4 8h', 'p3 cc', 'p4 cc', 'p1 sd', 'p2 sd', 'p3 "
    "sd', 'p4 sd 5s', 'd dh p4 7h', 'p3 cc', 'p4 cc', 'p1 sd', 'p2 sd 8dJs', 'p3 sd "
    "3dTd7d', 'p4 sd As8c8h', 'd dh p2 7c6c', 'd dh p3 4s4d5d', 'd dh p4 Kc5h4c', 'p3"
    " cbr 4', 'p4 cc', 'p3 sm 9s4s4d5d', 'p4 sm 7hKc5h4c', 'p1 sm 2hTs2s8s', 'p2 sm "
    "Th6h7c6c']\n"
    "finishing_stacks = [0, 0, 204, 13]\n"
)
"""Antes, a straddle; p3 and p4 tie with 5-4 for the main pot (7), side 1 (15) and side 2 (4)."""

LONE_BLIND = (
    "variant = 'FB'\n"
    "ante_trimming_status = false\n"
    "antes = [0, 0, 0, 0, 0, 0, 0, 0]\n"
    "blinds_or_straddles = [2, 0, 0, 0, 0, 0, 0, 0]\n"
    "small_bet = 2\n"
    "big_bet = 4\n"
    "starting_stacks = [7, 4, 3, 30, 200, 60, 4, 200]\n"
    "actions = ['d dh p1 7cJhTcAd', 'd dh p2 AhTd8c7d', 'd dh p3 8dKc2cQs', 'd dh p4 "
    "5d9cTh2s', 'd dh p5 9sAs4h4c', 'd dh p6 9d5cJs4d', 'd dh p7 6c8s6hKs', 'd dh p8 "
    "6d2h5s7s', 'p2 cc', 'p3 cbr 3', 'p4 f', 'p5 cbr 5', 'p6 cc', 'p7 f', 'p8 f', 'p1"
    " cc', 'p2 cc', 'p1 sd 7cJhTcAd', 'p2 sd', 'p3 sd 8dKc2cQs', 'p5 sd', 'p6 sd "
    "9d5c', 'd dh p1 Kh9h5h7h', 'd dh p3 3sTsJc4s', 'd dh p6 8h2d', 'p1 cbr 2', 'p5 "
    "cbr 4', 'p6 cc', 'p1 sd Kh9h', 'p2 sd', 'p3 sd 3sTs', 'p5 sd 9sAs4h4c', 'p6 sd "
    "Js4d8h', 'd dh p1 3hKd', 'd dh p3 QhQd', 'd dh p5 Jd6s3cQc', 'd dh p6 8dJs5d', "
    "'p5 cbr 4', 'p6 cc', 'p1 sd 5h7h', 'p2 sd', 'p3 sd', 'p5 sd Jd6s3cQc', 'p6 sd "
    "2d8dJs5d', 'd dh p1 5cAd', 'd dh p5 9s5sAc3d', 'd dh p6 Th9d6cTs', 'p5 cc', 'p6 "
    "cc', 'p1 sm 3hKd5cAd', 'p2 sm AhTd8c7d', 'p3 sm Jc4sQhQd', 'p5 sm 9s5sAc3d', 'p6"
    " sm Th9d6cTs']\n"
    "finishing_stacks = [14, 0, 0, 30, 213, 47, 4, 200]\n"
)
"""p1's blind alone; p1 and p5 tie with 5-3-A for the main pot (15) and sides 1 (4) and 2 (9)."""


@pytest.mark.parametrize("text", [STRADDLED, LONE_BLIND], ids=["straddled", "lone-blind"])
def test_pots_the_same_winners_tie_for_are_divided_as_one(text: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pokerkit_stacks = list(list(pokerkit.HandHistory.loads(text))[-1].stacks)
    (record,) = read_phh(text, "ties.phh")
    assert isinstance(record, HandRecord), record
    result = replay_hand(record)
    assert result.ok, result.violations
    ours = [result.final_stacks[f"p{i + 1}"] for i in range(len(pokerkit_stacks))]
    assert ours == pokerkit_stacks
    tied = [dict(pot.shares) for pot in result.pots if len(pot.shares) > 1]
    odd = [pot for pot in tied if len(set(pot.values())) > 1]
    assert len(tied) == 3 and len(odd) == 2
    assert len({max(pot, key=pot.__getitem__) for pot in odd}) == 2  # one odd chip each


def test_each_pot_keeps_its_own_odd_chip_under_the_default_rule() -> None:
    """Our default (``odd-chip-split one-each``, card rooms): the same hand with the house
    rule set back divides each pot on its own, p3 taking both odd chips."""
    (record,) = read_phh(STRADDLED, "ties.phh")
    assert isinstance(record, HandRecord)
    house = replace(record.settings.house, odd_chip_split="one-each")
    result = replay_hand(replace(record, settings=replace(record.settings, house=house)))
    odd = [dict(p.shares) for p in result.pots if len(set(p.shares.values())) > 1]
    assert [max(pot, key=pot.__getitem__) for pot in odd] == ["p3", "p3"]
    assert result.final_stacks["p3"] == 205


def test_show_gives_a_joined_pot_its_winners_and_says_why_its_odd_chip_moved() -> None:
    """``show`` re-divides each pot from the cards to show its winners: a pot divided with the
    pots beside it is shown won by its tied winners, with its own shares, and its odd chip's
    reason (it fell back to the replay's bare words)."""
    from badugi_ledger.replay import replay_stream
    from badugi_ledger.reports.hand_text import render_hand
    from badugi_ledger.reports.hand_view import hand_view

    (outcome,) = replay_stream(read_phh(LONE_BLIND, "ties.phh"))
    text = render_hand(hand_view(outcome))
    side = text[text.index("side 2 pot") : text.index("side 3 pot")]
    assert "won tie: p1 4, p5 5 with 3-card 5-3-A (Badugi)" in side
    assert "p5 gets the odd chip (the pots in a row that the same players win are" in side
