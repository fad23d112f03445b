"""Every hand of simulated tables of three to nine players that ``convert`` writes as PHH,
PokerKit replays to the finishing stacks written.

The heads-up promise has its own test (``test_phh_heads_up.py``); here the tables a hunt
against PokerKit ran (``convert`` of simulated nights played as PokerKit plays): antes of 0-2,
equal blinds or not, stacks from one chip (short blinds, all-ins for the ante, side pots),
reshuffles at full tables.  Every hand must be written, and replay in PokerKit to our stacks.
(The odd chips of pots that the same tied winners take, the hunt's rare find, have their own
test: ``test_phh_odd_chips.py``.)
"""

from __future__ import annotations

import warnings
from pathlib import Path

import pokerkit
import pytest

from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.simulate.sessions import POKERKIT_PLAY, SimulationOptions, simulate_to_path

TABLES = [(3, 1, 2, 0), (4, 1, 1, 1), (6, 2, 4, 2), (8, 1, 2, 1), (9, 2, 2, 0)]
"""Players, small blind, big blind, ante."""


@pytest.mark.parametrize(("players", "small", "big", "ante"), TABLES)
def test_every_hand_written_replays_in_pokerkit(
    players: int, small: int, big: int, ante: int, tmp_path: Path
) -> None:
    night = tmp_path / "night.bhh"
    options = SimulationOptions(
        hands=60,
        players=players,
        seed=players * 1000 + small * 100 + big * 10 + ante,
        small_blind=small,
        big_blind=big,
        ante=ante,
        min_stack=1,
        max_stack=20,
        session_hands=30,
        house=POKERKIT_PLAY,
    )
    simulate_to_path(options, night)
    written = 0
    for item in convert_hands(night, "phh"):
        assert isinstance(item, ConvertedHand), item
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            final = list(list(pokerkit.HandHistory.loads(item.text))[-1].stacks)
        stated = next(t for t in item.text.splitlines() if t.startswith("finishing_stacks"))
        assert f"finishing_stacks = {final}" == stated, item.text
        written += 1
    assert written == 60
