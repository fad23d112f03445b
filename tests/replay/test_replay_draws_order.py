"""The order a draw is dealt in: ``001``'s in turn (our default) or PHH's discards first.

Seeds README item 3 and ``001``: each player in turn discards and is served ("excluding those
just discarded by the current player"), so a card still in a later player's hand cannot be
dealt, reshuffle or not.  PHH records a draw as every discard, then every deal, and PokerKit
deals it so (house rule ``reshuffle discards-first``): all discard, one card is burned, then
each is served, and a reshuffle takes in every dead card, the whole draw's discards included.
The same history is legal under the one and refused under the other.
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.errors import IllegalAction, Position
from badugi_ledger.model.settings import GameSettings, HouseRules
from badugi_ledger.replay import replay_hand
from badugi_ledger.replay.draws import CardTracker
from tests.helpers.replay_builder import record

EIGHT = [f"P{i}" for i in range(1, 9)]  # P8 on the button: P1 small blind, P2 big blind
PREFLOP = ["P1 posts sb", "P2 posts bb", "P8 deal Kd ?? ?? ??"]
PREFLOP += [f"P{i} calls" for i in range(3, 9)] + ["P1 calls", "P2 checks"]
# The stub has 20 cards.  P1-P4 draw 16; P5 draws 4 and gets P8's king of diamonds, which P8
# throws after P5 in the same draw.
DRAW = [f"P{i} draws 4" for i in range(1, 5)]
DRAW += ["P5 draws ?? ?? ?? ?? > Kd ?? ?? ??", "P6 pat", "P7 pat"]
DRAW += ["P8 draws Kd ?? ?? ?? > ?? ?? ?? ??"]
PHH_ORDER = GameSettings(house=HouseRules(reshuffle="discards-first"))
POS = Position("t", 1, 1)


def rule(lines: list[str], settings: GameSettings) -> str:
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(EIGHT, "P8", lines, settings=settings))
    return str(err.value.rule)


def test_in_turn_a_card_still_held_cannot_be_dealt() -> None:
    """``001`` (default): when P5 is served, four cards are left and P8 still holds the king."""
    assert rule(PREFLOP + DRAW, GameSettings()) == "duplicate-card"
    assert rule(PREFLOP + DRAW, GameSettings(house=HouseRules(reshuffle="all-discards"))) == (
        "duplicate-card"
    )


def test_discards_first_the_whole_draw_is_reshuffled() -> None:
    """PHH: everyone has discarded before P5 is served; the burn card leaves P5 three cards, so
    the 24 discards and the burn card are reshuffled and the king may come to P5."""
    assert rule(PREFLOP + DRAW, PHH_ORDER) == "hand-incomplete"  # legal so far


def test_discards_first_still_refuses_a_card_in_two_places() -> None:
    """Without a reshuffle nothing changes: a card another player holds cannot be dealt."""
    lines = PREFLOP + ["P1 draws ?? > Kd"] + [f"P{i} pat" for i in range(2, 9)]
    assert rule(lines, PHH_ORDER) == "duplicate-card"


def test_discards_first_the_burn_card_can_empty_the_stub() -> None:
    """The stub is empty when the next draw's card is to be burned: the dead cards (19
    discards and the first burn card) are reshuffled first, the burn card comes from them."""
    tracker = CardTracker(4, EIGHT, "discards-first")
    unknown = (None,) * 4
    notes = [tracker.draw(p, unknown, unknown, POS) for p in EIGHT[:4]]
    notes.append(tracker.draw("P5", unknown[:3], unknown[:3], POS))
    notes += [tracker.draw(p, (), (), POS) for p in EIGHT[5:]]
    assert notes == [""] * 8 and tracker.stub == 0
    notes = [tracker.draw(p, (), (), POS) for p in EIGHT]
    assert notes[:7] == [""] * 7
    assert notes[7] == "the stub ran out when a card was burned: 20 dead cards reshuffled"
    assert (tracker.stub, tracker.pool) == (19, 1)
