"""PokerKit as an independent oracle: random fixed-limit Badugi hands played by PokerKit
(``FixedLimitBadugi``, 2-4 players, short stacks so that all-ins and side pots happen, random
folds, calls, raises and draws of known cards, PokerKit's own showdown) are converted to our
events and replayed; our final stacks must equal PokerKit's, and every hand must balance.

Where the two engines follow different conventions the random players stay clear of them, so
the test compares like with like (each is a documented choice of ours, see ``replay/raises.py``):

* the cap: PokerKit allows four raises before the draw on top of the big blind; ``000`` says a
  bet and three raises, the big blind being the bet, so nobody raises past 4 bets here;
* short all-in raises: PokerKit lets the next raise go one bet above the all-in amount,
  PokerStars (and we) complete it to the full level; so nobody raises after a short all-in, and
  nobody raises without the chips for a full raise (calls all-in for less still happen).
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pokerkit  # a test dependency (pyproject extra "test"): missing it is a failure
import pokerkit.state as state_ops
import pytest

from badugi_ledger.model.cards import Card
from badugi_ledger.model.errors import Position
from badugi_ledger.model.events import Action, Deal, Draw, Event, HandRecord, Muck, Post, Seat, Show
from badugi_ledger.model.settings import GameSettings
from badugi_ledger.replay import replay_hand
from tests.helpers.pokerkit_play import AUTOMATIONS
from tests.helpers.replay_builder import assert_balanced

RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}
POS = Position("pokerkit", 0, 0)


def _card(card: Any) -> Card:
    """A PokerKit card as ours (its rank and suit are enums of one-character strings)."""
    text = card.rank.value
    return Card(RANKS.get(text) or int(text), card.suit.value)


def _raise_ok(state: Any) -> bool:
    """Raise only within the ``000`` cap, with the chips for a full raise, and never after a
    short all-in in the round (see the module docstring)."""
    unit = 2 if state.street_index < 2 else 4
    bets = list(state.bets)
    level = max(bets)
    if level >= 4 * unit or any(b % unit for b in bets):
        return False
    i = state.actor_index
    return state.stacks[i] + bets[i] >= level + unit


def play(rng: random.Random, players: int) -> tuple[list[int], Any]:
    stacks = [rng.choice([3, 5, 9, 15, 30, 60, 100]) for _ in range(players)]
    state = pokerkit.FixedLimitBadugi.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, 4, stacks, players
    )
    while state.status:
        if state.can_stand_pat_or_discard():
            i = state.stand_patter_or_discarder_index
            state.stand_pat_or_discard(list(state.hole_cards[i])[: rng.choice([0, 0, 1, 1, 2])])
        elif state.actor_index is not None:
            r = rng.random()
            if r < 0.15 and state.checking_or_calling_amount:
                state.fold()
            elif r > 0.7 and state.can_complete_bet_or_raise_to() and _raise_ok(state):
                state.complete_bet_or_raise_to()
            else:
                state.check_or_call()
        else:  # pragma: no cover - every automation that could stop the loop is on
            raise AssertionError("PokerKit waits for an operation the test does not make")
    return stacks, state


def to_record(stacks: list[int], state: Any, number: int) -> HandRecord:
    """PokerKit's operations as our events (seat 0.. clockwise, the last seat on the button)."""
    n = len(stacks)
    names = [f"P{i}" for i in range(n)]
    small = n - 1 if n == 2 else 0  # heads-up the button posts the small blind (000)
    events: list[Event] = []
    deal_at: dict[str, int] = {}
    drawing: dict[str, int] = {}
    for op in state.operations:
        kind = type(op)
        if kind is state_ops.BlindOrStraddlePosting:
            blind = "small-blind" if op.player_index == small else "big-blind"
            events.append(Post(names[op.player_index], blind, op.amount))
        elif kind is state_ops.HoleDealing:
            p = names[op.player_index]
            cards = tuple(_card(c) for c in op.cards)
            if p in drawing:
                draw = events[drawing[p]]
                assert isinstance(draw, Draw)
                events[drawing[p]] = Draw(p, draw.discards, draw.received + cards)
                if len(draw.received) + len(cards) == len(draw.discards):
                    del drawing[p]
            elif p in deal_at:
                deal = events[deal_at[p]]
                assert isinstance(deal, Deal)
                events[deal_at[p]] = Deal(p, deal.cards + cards)
            else:
                deal_at[p] = len(events)
                events.append(Deal(p, cards))
        elif kind is state_ops.StandingPatOrDiscarding:
            p = names[op.player_index]
            events.append(Draw(p, tuple(_card(c) for c in op.cards), ()))
            if op.cards:
                drawing[p] = len(events) - 1
        elif kind is state_ops.Folding:
            events.append(Action(names[op.player_index], "fold"))
        elif kind is state_ops.CheckingOrCalling:
            verb = "call" if op.amount else "check"
            events.append(Action(names[op.player_index], verb, op.amount or None))
        elif kind is state_ops.CompletionBettingOrRaisingTo:
            events.append(Action(names[op.player_index], "raise", op.amount))
        elif kind is state_ops.HoleCardsShowingOrMucking:
            p = names[op.player_index]
            if op.hole_cards:
                events.append(Show(p, tuple(_card(c) for c in op.hole_cards)))
            else:
                events.append(Muck(p))
    seats = tuple(Seat(name, stack) for name, stack in zip(names, stacks, strict=True))
    return HandRecord(str(number), GameSettings(), seats, names[-1], tuple(events))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_final_stacks_agree_with_pokerkit(seed: int) -> None:
    rng = random.Random(seed)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns when it recycles mucked cards
        for number in range(60):
            stacks, state = play(rng, rng.choice([2, 3, 4]))
            record = to_record(stacks, state, number)
            result = replay_hand(record)
            assert result.ok, result.violations
            ours = [result.final_stacks[f"P{i}"] for i in range(len(stacks))]
            assert ours == list(state.stacks), (number, stacks, [p for p in result.pots])
            assert_balanced(result)
