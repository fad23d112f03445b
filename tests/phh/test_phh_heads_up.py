"""Every heads-up hand ``convert`` writes as PHH, PokerKit replays to the finishing stacks written.

``convert``'s promise is PHH that PokerKit loads and replays to our stacks; it reads every hand
it writes back with our own reader, which cannot see where PokerKit plays otherwise.  Heads-up
is where it did: with equal blinds (``blinds 2/2``) PokerKit takes the button's blind for the big
blind (``pokerkit/state.py``, ``State._begin_betting``: the player after the largest ``(bet,
index)`` acts first) and has ``p1`` act first before the first draw, where our table has the
button act first (``000``); it could not replay such a hand ("Unable to repair the hand
history").  The writer refuses such a hand (``phh-cannot-express``, saying why), so here every
hand of simulated heads-up nights, blinds equal or not, antes or not, short stacks, is written
and replayed by PokerKit or refused for that reason.
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pokerkit
import pytest

from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.simulate.sessions import POKERKIT_PLAY, SimulationOptions, simulate_to_path

NIGHTS = [(1, 2, 0), (2, 2, 0), (2, 2, 1), (1, 1, 0), (2, 4, 1)]
"""Small blind, big blind, ante."""
TIED = "takes the larger blind for the big blind, the button's when they are the same"


@pytest.mark.parametrize(("small", "big", "ante"), NIGHTS)
def test_every_heads_up_hand_written_replays_in_pokerkit(
    small: int, big: int, ante: int, tmp_path: Path
) -> None:
    night = tmp_path / "night.bhh"
    options = SimulationOptions(
        hands=80,
        players=2,
        seed=small * 100 + big * 10 + ante,
        small_blind=small,
        big_blind=big,
        ante=ante,
        min_stack=1,
        max_stack=12,
        session_hands=20,
        house=POKERKIT_PLAY,
    )
    simulate_to_path(options, night)
    written = refused = 0
    for item in convert_hands(night, "phh"):
        if isinstance(item, ImportFormatError):
            assert item.rule == "phh-cannot-express" and small == big, item
            assert TIED in item.message, item
            refused += 1
            continue
        assert isinstance(item, ConvertedHand), item
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = pokerkit.HandHistory.loads(item.text)
            final = list(history)[-1].stacks
        assert list(final) == history.finishing_stacks, (item.hand_id, item.text)
        written += 1
    assert written + refused == 80
    assert written > 0
    assert (refused > 0) == (small == big)
