"""A betting round is over when nobody still in can play against another: at most one player
still in has chips, and he has put in at least as much as every player all-in.

``000``: "A betting round ends when everyone still in has put in the same amount"; ``001``: a
player all-in for less plays for what his chips match, the rest of a bet is returned uncalled.
A small blind facing only a big blind all-in for less has nobody to call and nobody to fold
to, whatever ``house short-blind`` says: PokerKit asks him nothing (driven below as
``tests/replay/test_replay_pokerkit.py`` drives it), and PokerStars deals the hand out,
returning his excess as an uncalled bet with no action line.  An action written there is an
action after the round is over, and says why.
"""

from __future__ import annotations

import random

import pokerkit
import pytest

from badugi_ledger.model.events import Action
from badugi_ledger.model.results import HandOutcome
from badugi_ledger.model.settings import GameSettings, HouseRules, Structure
from badugi_ledger.replay import replay_hand, replay_stream
from badugi_ledger.simulate.hand import SimulatedHand, SimulationStats
from badugi_ledger.text.parse import parse_text
from tests.helpers.pokerkit_play import AUTOMATIONS
from tests.replay.test_replay_pokerkit import to_record

STRUCTURES = (
    "fixed limit 10/20",
    "pot limit",
    "half-pot limit",
    "no limit",
    "spread limit 10-20",
)

BIG_BLIND_SHORT = """\
game badugi · {structure} · blinds 5/10{house}

hand 1 · button A · A 100 · B 3
{action}draw: B pat · A pat
draw: B pat · A pat
draw: B pat · A pat
show: B As 2d 3c 4h · A Ks Qd Jc Th
B collects 6
final: A 97 · B 6
"""


def _outcome(text: str) -> HandOutcome:
    (hand,) = replay_stream(parse_text(text, "night.bhh"))
    return hand


@pytest.mark.parametrize("house", ["", " · house short-blind as-posted"])
@pytest.mark.parametrize("structure", STRUCTURES)
def test_000_001_the_small_blind_has_nobody_to_play_against(structure: str, house: str) -> None:
    """Heads-up, B is all-in for 3 as the big blind, A (the button) posted the small blind of
    5: nobody can call or fold to A, so betting round 1 is over at once, under every structure
    and either short-blind rule; A's 2 above B's 3 go back uncalled, B's badugi wins 6."""
    hand = _outcome(BIG_BLIND_SHORT.format(structure=structure, house=house, action=""))
    assert hand.ok, hand.errors
    assert hand.result is not None
    assert dict(hand.result.final_stacks) == {"A": 97, "B": 6}


@pytest.mark.parametrize("action", ["A calls", "A calls 5", "A folds", "A raises to 30"])
def test_an_action_when_nobody_can_play_against_him_says_why(action: str) -> None:
    """Once nobody can play against A (``000``, ``001``), a call, a fold or a raise of his is
    an action after the round is over: refused, saying why (a fold would hand A's chips to a
    player all-in for less)."""
    hand = _outcome(BIG_BLIND_SHORT.format(structure="no limit", house="", action=action + "\n"))
    (error,) = hand.errors
    assert error.rule == "turn-order"
    assert error.pos.line == 4
    assert "nobody can play against A: B is all-in for 3, so the betting is over" in error.message


THREE_HANDED = """\
game badugi · fixed limit 10/20 · blinds 5/10

hand 1 · button C · A 100 · B 3 · C 100
C folds
draw: A pat · B pat
draw: A pat · B pat
draw: A pat · B pat
show: A Ks Qd Jc Th · B As 2d 3c 4h
B collects 6
final: A 97 · B 6 · C 100
"""


def test_000_001_a_fold_leaves_nobody_to_play_against() -> None:
    """Three-handed, C folds to A's small blind of 5, B all-in for 3 as the big blind: the
    round is over after the fold (no action of A's: PokerKit would ask a check at most)."""
    hand = _outcome(THREE_HANDED)
    assert hand.ok, hand.errors
    assert hand.result is not None
    assert dict(hand.result.final_stacks) == {"A": 97, "B": 6, "C": 100}


def test_000_the_small_blind_still_owes_a_player_all_in_for_more() -> None:
    """C calls all-in for 7, more than A's small blind of 5: A can still call or fold against
    C, so the round waits for him (the full big blind is owed as ``house short-blind`` says)."""
    text = THREE_HANDED.replace("A 100 · B 3 · C 100", "A 100 · B 3 · C 7").replace(
        "C folds", "C calls 7 all-in"
    )
    hand = _outcome(text)
    (error, *_) = hand.errors
    assert error.rule == "turn-order"
    assert "betting round 1 is not over: A to act" in error.message


ANTES = """\
game badugi · {structure} · blinds 1/2 · ante 2

hand 1 · button Al · Al 1 · Bo 5 · Cy 1
deal: Al 6h 7s 6c 4h · Bo Kd Qd Jd Td · Cy Kc 9s Ad 7h
draw: Bo pat · Cy pat · Al pat
draw: Bo pat · Cy pat · Al pat
draw: Bo pat · Cy pat · Al pat
show: Cy Kc 9s Ad 7h · Al 6h 7s 6c 4h · Bo Kd Qd Jd Td
Cy collects 3 · Bo collects 1
final: Al 0 · Bo 4 · Cy 3
"""


@pytest.mark.parametrize("structure", STRUCTURES)
def test_001_antes_leave_nobody_to_play_against(structure: str) -> None:
    """Al and Cy are all-in for an ante of 1 (Cy's big blind is posted for nothing), Bo antes 2
    and posts the small blind: nobody can play against Bo, so no betting round has an action.
    Cy wins what his chip matches from each (3), Bo's small blind goes back uncalled and his
    ante chip nobody matched is a pot of his own."""
    structure = structure.replace("10", "2").replace("20", "4")
    hand = _outcome(ANTES.format(structure=structure))
    assert hand.ok, hand.errors
    assert hand.result is not None
    assert dict(hand.result.final_stacks) == {"Al": 0, "Bo": 4, "Cy": 3}


@pytest.mark.parametrize(
    ("stacks", "actions"),
    [
        ([1, 50], []),  # heads-up: P0's big blind all-in for 1, P1 (button) the small blind 1
        ([50, 1, 50], ["fold", "check"]),  # P2 folds; PokerKit asks P0 a check, nothing more
    ],
)
def test_pokerkit_asks_no_call_of_a_small_blind_nobody_plays_against(
    stacks: list[int], actions: list[str]
) -> None:
    """PokerKit (fixed-limit Badugi, blinds 1/2) lets the small blind neither call nor fold
    when the big blind is all-in for no more than the small blind and nobody else is in; the
    hand PokerKit plays replays with its final stacks."""
    state = pokerkit.FixedLimitBadugi.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, 4, stacks, len(stacks)
    )
    for verb in actions:
        if verb == "fold":
            state.fold()
        else:
            assert state.checking_or_calling_amount == 0  # a check: nothing to call
            state.check_or_call()
    assert state.actor_index is None
    assert not state.can_fold()
    while state.status:
        state.stand_pat_or_discard(())
    result = replay_hand(to_record(stacks, state, 1))
    assert result.ok, result.violations
    assert [result.final_stacks[f"P{i}"] for i in range(len(stacks))] == list(state.stacks)


@pytest.mark.parametrize("short_blind", ["full-blind", "as-posted"])
def test_the_simulator_asks_no_action_of_a_player_nobody_plays_against(short_blind: str) -> None:
    """The simulator plays the same way (its hands are the replay's cross-check): A's small
    blind facing B's big blind all-in for 3 gets no action in any round."""
    settings = GameSettings(
        structure=Structure("no-limit"),
        small_blind=5,
        big_blind=10,
        house=HouseRules(short_blind=short_blind),  # type: ignore[arg-type]
    )
    for seed in range(20):
        hand = SimulatedHand(
            random.Random(seed),
            settings,
            ["A", "B"],
            "A",
            {"A": 100, "B": 3},
            0,
            True,
            SimulationStats(),
        )
        hand.play()
        assert [e for e in hand.events if isinstance(e, Action)] == []
