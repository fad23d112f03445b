"""No-limit and pot-limit bet and raise sizes against PokerKit, in random short-stacked hands.

PokerKit plays no-limit and pot-limit Badugi (``tests.helpers.pokerkit_play.raise_range_after``
builds it); at every turn of random hands (three to six players, stacks of 2-200 so that
all-ins short of a full raise are common, random folds, calls and raises from the least to the
most allowed), whose turn it is and the totals the player may bet or raise to must be the ones
PokerKit gives: ``001`` (a bet at least the big blind; pot limit up to the pot), the card rooms'
short all-in rule (README, house rules; ``replay/raises.py``).

Where the two differ by a documented convention the hand stops being compared:

* PokerKit counts the first wager of a round as a full one whatever its size (the blinds are
  no bet to it), so an all-in raise over the big blind by less than the big blind, or an
  all-in bet after a draw below the big blind, reopens the betting there; the card rooms (and
  we) take the big blind for the least full bet and raise (README, "short all-in raises");
* PokerKit asks the one player still in with chips to act when everybody else is all-in and
  no bet is to be called; our round is over then (grammar/README.md, ``house short-blind``).
"""

from __future__ import annotations

import random
import warnings
from typing import Any

import pokerkit

from badugi_ledger.model.settings import GameSettings, Structure
from badugi_ledger.replay.legal import next_actions
from tests.helpers.pokerkit_play import AUTOMATIONS
from tests.helpers.replay_builder import record

STRUCTURES = {
    "no-limit": pokerkit.BettingStructure.NO_LIMIT,
    "pot-limit": pokerkit.BettingStructure.POT_LIMIT,
}


def _state(kind: str, blinds: tuple[int, int], stacks: list[int]) -> Any:
    big = blinds[1]
    streets = [
        pokerkit.Street(False, (False,) * 4, 0, False, pokerkit.Opening.POSITION, big, None),
        *(pokerkit.Street(True, (), 0, True, pokerkit.Opening.POSITION, big, None),) * 3,
    ]
    return pokerkit.State(
        AUTOMATIONS,
        pokerkit.Deck.REGULAR,
        (pokerkit.BadugiHand,),
        tuple(streets),
        STRUCTURES[kind],
        True,
        0,
        blinds,
        0,
        tuple(stacks),
        len(stacks),
        mode=pokerkit.Mode.CASH_GAME,
    )


def compare_one_hand(rng: random.Random) -> int:
    """Play one random hand in both engines; returns how many turns were compared."""
    kind = rng.choice(list(STRUCTURES))
    blinds = rng.choice([(1, 2), (2, 4), (1, 3)])
    n = rng.randint(3, 6)
    names = [f"P{i}" for i in range(n)]  # clockwise from the small blind; the last the button
    stacks = {p: rng.choice([2, 3, 5, 7, 10, 15, 25, 40, 80, 200]) for p in names}
    stacks[names[0]] = max(stacks[names[0]], blinds[0])
    stacks[names[1]] = max(stacks[names[1]], blinds[1])
    state = _state(kind, blinds, list(stacks.values()))
    settings = GameSettings(structure=Structure(kind), small_blind=blinds[0], big_blind=blinds[1])
    lines = [f"{names[0]} posts sb", f"{names[1]} posts bb"]
    compared = 0
    while state.status:
        if state.stand_patter_or_discarder_index is not None:
            lines.append(f"{names[state.stand_patter_or_discarder_index]} pat")
            state.stand_pat_or_discard()
            continue
        i = state.actor_index
        assert i is not None
        p = names[i]
        ours = next_actions(record(stacks, names[-1], lines, settings=settings))
        if ours.player != p:
            with_chips = [k for k in range(n) if state.statuses[k] and state.stacks[k]]
            assert state.checking_or_calling_amount == 0 and with_chips == [i], (lines, p)
            return compared  # PokerKit's lone player with chips (module docstring)
        span = next(
            ((o.amount, o.max_amount) for o in ours.options if o.kind in ("bet", "raise")), None
        )
        theirs = None
        if state.can_complete_bet_or_raise_to():
            least = state.min_completion_betting_or_raising_to_amount
            most = state.max_completion_betting_or_raising_to_amount
            theirs = (int(least), int(most))
        assert span == theirs, (kind, blinds, stacks, lines, p)
        compared += 1
        moves = ["call", "call"] + (["fold"] if state.checking_or_calling_amount else [])
        moves += ["least", "most", "between"] if theirs else []
        move = rng.choice(moves)
        if move == "fold":
            state.fold()
            lines.append(f"{p} folds")
        elif move == "call":
            owed = int(state.checking_or_calling_amount)
            state.check_or_call()
            all_in = " allin" if state.stacks[i] == 0 else ""
            lines.append(f"{p} calls {owed}{all_in}" if owed else f"{p} checks")
        else:
            assert theirs is not None
            low, high = theirs
            to = {"least": low, "most": high}.get(move) or rng.randint(low, high)
            level = max(state.bets)
            opening = level == 0 or (state.street_index == 0 and level == blinds[1])
            state.complete_bet_or_raise_to(to)
            all_in = state.stacks[i] == 0
            lines.append(f"{p} {'raises' if level else 'bets'} {to}" + (" allin" if all_in else ""))
            if opening and to - level < blinds[1]:
                return compared  # PokerKit's full first wager (module docstring)
    return compared


def test_bet_and_raise_sizes_agree_with_pokerkit() -> None:
    rng = random.Random(20261207)
    random.seed(20261207)  # PokerKit shuffles with the random module
    compared = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for _ in range(600):
            compared += compare_one_hand(rng)
    assert compared > 2500  # the hands are compared, not all cut short
