"""PokerKit's hands of every shape of forced bets, three players or more, replay to the stacks
PokerKit replays their PHH to.

The features have their own tests (straddles, a lone blind, antes and their trimming, raises,
odd chips); this one mixes them the way a hunt against PokerKit found the last differences (a
lone blind read as a small blind, the odd chips of pots that the same tied winners take):
random blinds (two, one, with a straddle, none but antes), antes of 0-2 with trimming on or
off, bets of 1/2, 2/4 or 4/8, three to nine players with stacks of 1-200, discards of 0-2 cards.
PokerKit's writer says ``ante_trimming_status = false`` even of a hand it played trimming, so
the reference is PokerKit's replay of the file, as ours is (docs/importers.md, "Antes").
"""

from __future__ import annotations

import random
import warnings

import pokerkit

from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand
from tests.helpers.pokerkit_play import play_at_random

HANDS = 400
BLINDS = [(1, 2), (1, 2), (2,), (1, 2, 4), (0, 0)]


def test_pokerkit_hands_of_every_shape_replay_to_pokerkits_stacks() -> None:
    rng = random.Random(20261205)
    random.seed(20261205)  # PokerKit shuffles with the random module
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for number in range(HANDS):
            blinds = rng.choice(BLINDS)
            ante = rng.choice([0, 1, 2] if any(blinds) else [1, 2])
            stacks = [
                rng.choice([1, 2, 3, 5, 9, 14, 30, 60, 200]) for _ in range(rng.randint(3, 9))
            ]
            bets = rng.choice([(1, 2), (2, 4), (4, 8)])
            trimming = rng.random() < 0.5
            _, text = play_at_random(
                rng, blinds, stacks, raises=0.45, ante=ante, trimming=trimming, bets=bets
            )
            expected = list(list(pokerkit.HandHistory.loads(text))[-1].stacks)
            text = "\n".join(t for t in text.splitlines() if not t.startswith("finishing"))
            (record,) = read_phh(text, f"shape-{number}.phh")
            assert isinstance(record, HandRecord), (number, record, text)
            result = replay_hand(record)
            assert result.ok, (number, result.violations, text)
            ours = [result.final_stacks[f"p{i + 1}"] for i in range(len(stacks))]
            assert ours == expected, (number, text)
