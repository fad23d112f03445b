"""The Badugi evaluator's tables stay within their bounds however many hands it values, so a
long run's memory is flat: value objects are interned per selection of counting cards, at most
``INTERNED_LIMIT`` of them; past that a value is made anew, equal to what it would have been."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from badugi_ledger.hands import badugi
from badugi_ledger.hands.badugi import badugi_value
from badugi_ledger.model.cards import DECK

LIMIT = 2_000
"""A limit random hands pass quickly (the real one, 8,192, takes more hands than a test
should value)."""


@pytest.fixture(autouse=True)
def _small_limit(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(badugi, "INTERNED_LIMIT", LIMIT)
    badugi.clear_tables()
    yield
    badugi.clear_tables()  # no test after this one finds values made under the small limit


def _held() -> list[int]:
    return [sum(v is not None for v in t.by_id) for t in badugi._TABLES]


def test_values_held_stop_at_the_limit() -> None:
    rng = random.Random(5)
    hands = [tuple(rng.sample(DECK, 4)) for _ in range(20_000)]
    for hand in hands:
        badugi_value(hand)
        badugi_value(hand, ace_high=True)
    # 20,000 random hands meet far more selections than the limit: both tables are full
    assert _held() == [LIMIT, LIMIT]
    assert [t.interned for t in badugi._TABLES] == [LIMIT, LIMIT]
    # the first hand's selection was interned early: still shared
    assert badugi_value(hands[0]) is badugi_value(tuple(reversed(hands[0])))


def test_values_past_the_limit_equal_the_interned_ones() -> None:
    """The same hands valued with empty tables and with full ones: equal, card for card."""
    rng = random.Random(11)
    hands = [tuple(rng.sample(DECK, 4)) for _ in range(3_000)]
    badugi.clear_tables()
    fresh = [(badugi_value(h).key, badugi_value(h).cards) for h in hands]
    badugi.clear_tables()
    for _ in range(20_000):
        badugi_value(tuple(rng.sample(DECK, 4)))
    assert badugi._TABLES[0].interned == LIMIT
    full = [(badugi_value(h).key, badugi_value(h).cards) for h in hands]
    assert full == fresh
