"""The Badugi evaluator's tables stay within their bounds however many hands it values, so a
long run's memory is flat (the value objects are interned per selection of counting cards, at
most ``INTERNED_LIMIT`` at once)."""

from __future__ import annotations

import random

from badugi_ledger.hands import badugi
from badugi_ledger.hands.badugi import INTERNED_LIMIT, badugi_value
from badugi_ledger.model.cards import DECK


def _held() -> list[int]:
    return [sum(v is not None for v in t.by_id) for t in badugi._TABLES]


def test_values_held_never_pass_the_limit_and_stay_shared() -> None:
    badugi.clear_tables()
    rng = random.Random(5)
    hands = [tuple(rng.sample(DECK, 4)) for _ in range(40_000)]
    seen_most = 0
    for n, hand in enumerate(hands):
        badugi_value(hand)
        badugi_value(hand, ace_high=True)
        if n % 1000 == 999:
            seen_most = max(seen_most, *_held())
    # past the limit, not below it: thousands more distinct selections than it were valued
    assert INTERNED_LIMIT - 1000 < seen_most <= INTERNED_LIMIT
    last = hands[-1]
    assert badugi_value(last) is badugi_value(tuple(reversed(last)))


def test_a_reset_changes_no_value() -> None:
    """Values made before and after the tables start afresh compare equal, card for card."""
    rng = random.Random(11)
    hands = [tuple(rng.sample(DECK, 4)) for _ in range(200)]
    badugi.clear_tables()
    before = [(badugi_value(h).key, badugi_value(h).cards) for h in hands]
    for _ in range(3 * INTERNED_LIMIT // 100):
        for h in (tuple(rng.sample(DECK, 4)) for _ in range(100)):
            badugi_value(h)
    after = [(badugi_value(h).key, badugi_value(h).cards) for h in hands]
    assert before == after
