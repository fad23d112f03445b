"""Four-card Badugi hands by *shape*, and the table lookup against the recursion.

:func:`four_card_shape` says which neighbours share a rank, which cards share a suit and
whether the lowest card is an ace; the shape alone decides which card positions count, ties
included (the sub-hand recursion ``four_miss`` keeps the first of equal selections).  Checked
here on every hand of a 20-card deck (every shape occurs there, with aces, low and high cards)
and on a random sample of the full deck, in both ace conventions (``000`` ace low, ``004``
Badeucey ace high).  The ranking itself is checked against brute force in
``test_hands_exhaustive.py``.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from badugi_ledger.hands.badugi import _BadugiTables, badugi_value, four_card_shape
from badugi_ledger.hands.evaluate import clear_badugi_tables
from badugi_ledger.model.cards import DECK, parse_known_cards

# Card indices are (rank - 1) * 4 + suit: the ranks A, 2, 3, 9, K in all four suits.
SMALL_DECK = [r * 4 + s for r in (0, 1, 2, 8, 12) for s in range(4)]


def _bits(hand: tuple[int, ...]) -> list[int]:
    return [1 << i for i in sorted(hand)]


@pytest.mark.parametrize("ace_high", [False, True])
def test_shape_decides_which_cards_count(ace_high: bool) -> None:
    """Every four-card hand of A,2,3,9,K: all hands of one shape count the same positions."""
    reference = _BadugiTables(ace_high)
    positions: dict[int, int] = {}
    for hand in combinations(SMALL_DECK, 4):
        bits = _bits(hand)
        used = _BadugiTables.selection_mask(reference.four_miss(sum(bits), *bits))
        keep = sum(1 << k for k, b in enumerate(bits) if used & b)
        i0, i1, i2, i3 = sorted(hand)
        shape = four_card_shape(i0, i1, i2, i3, ace_high)
        assert positions.setdefault(shape, keep) == keep, [str(DECK[i]) for i in hand]
    # Every shape a real hand can have occurs in this deck (the full-deck count, found by an
    # exhaustive run over all 270,725 hands).
    assert len(positions) == (120 if ace_high else 60)


@pytest.mark.parametrize("ace_high", [False, True])
def test_table_lookup_equals_recursion_on_sampled_hands(ace_high: bool) -> None:
    """40,000 random hands of the full deck, in random order, looked up by card bits: the
    same counting cards (so the same value and the same tie-break) as the recursion.  Every
    hand is checked in ``test_badugi_table.py``."""
    rng = random.Random(20240 + ace_high)
    fast = _BadugiTables(ace_high)
    reference = _BadugiTables(ace_high)
    for _ in range(40_000):
        hand = tuple(rng.sample(range(52), 4))
        bits = _bits(hand)
        mask = sum(bits)
        got = fast.value(mask, 4)
        want = reference.four_miss(mask, *bits)
        assert (got.key, got.cards) == (want.key, want.cards), [str(DECK[i]) for i in hand]


def test_public_evaluation_ignores_card_order_and_history() -> None:
    """A tie between two selections (9♠8♦5♥ and 9♣8♦5♥) is broken the same way whatever order
    the cards are given in and whatever was evaluated before (it once depended on both)."""
    nine_s, nine_c, eight_d, five_h = parse_known_cards("9s 9c 8d 5h")
    clear_badugi_tables()
    first = badugi_value((nine_s, nine_c, eight_d, five_h)).cards
    clear_badugi_tables()
    second = badugi_value((nine_c, eight_d, nine_s, five_h)).cards
    third = badugi_value((five_h, nine_s, eight_d, nine_c)).cards
    assert first == second == third
    assert [str(c) for c in first] == ["9s", "8d", "5h"]  # the recursion keeps the first found
