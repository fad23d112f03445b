"""All 270,725 four-card Badugi hands, ordered by the fast evaluator and by brute force.

How many distinct values there are, and why (asserted below):

A Badugi value is fixed by the number of counting cards k and their set of k distinct ranks
(suits never rank, ``000``: "no suit is better than another").  Every such set occurs as the
value of some four-card holding: take one card of each of the k ranks in k different suits and,
when k < 4, fill up with further cards of those same ranks (any unused suits).  The holding then
has only k distinct ranks, so no selection has more than k cards, and the k chosen cards form a
k-card badugi whose ranks are the lowest possible set because they are the only set.  E.g. k=1:
four aces; k=2: A♠ A♥ 2♦ 2♣.  So the number of distinct values is

    C(13,4) + C(13,3) + C(13,2) + C(13,1) = 715 + 286 + 78 + 13 = 1092,

for the ace-low and, by the same argument (the ace is just the 14th rank), the ace-high Badugi.

Two counts of hands are derived the same way and asserted too: a four-card badugi needs four
distinct ranks dealt to four suits, 13·12·11·10 = 17,160 hands; a one-card hand needs every
pair of cards to share a rank or a suit, which four cards only do as four cards of one suit,
4·C(13,4) = 2,860, or as four of a kind, 13: 2,873 hands.
"""

from __future__ import annotations

from itertools import combinations
from math import comb

from badugi_ledger.hands.badugi import badugi_value, build_badugi_tables
from badugi_ledger.model.cards import DECK, Card

TOTAL_HANDS = comb(52, 4)
DISTINCT_VALUES = comb(13, 4) + comb(13, 3) + comb(13, 2) + comb(13, 1)


def _all_valid_selections(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Brute force (``000``: only cards of different suits and ranks count): every selection
    with distinct ranks and distinct suits."""
    return [
        selection
        for size in range(1, 5)
        for selection in combinations(hand, size)
        if len({c.rank for c in selection}) == size == len({c.suit for c in selection})
    ]


def _reference(selections: list[tuple[Card, ...]], ace_high: bool) -> tuple[int, tuple[int, ...]]:
    """The most cards, then the lowest from the highest card down (larger key = better)."""
    return max(
        (len(s), tuple(sorted(-(14 if ace_high and c.rank == 1 else c.rank) for c in s)))
        for s in selections
    )


def test_every_four_card_hand_in_both_ace_conventions() -> None:
    """Every four-card hand, ace low (``000``/``001``/``002``) and ace high (``004``'s
    Badeucey Badugi half): 1092 values each, in exactly the brute-force order (see the module
    docstring for where 1092 and the per-size counts come from)."""
    pairs: dict[bool, set[tuple[int, tuple[int, tuple[int, ...]]]]] = {False: set(), True: set()}
    sizes: dict[bool, dict[int, int]] = {h: {1: 0, 2: 0, 3: 0, 4: 0} for h in (False, True)}
    hands = 0
    for hand in combinations(DECK, 4):
        hands += 1
        selections = _all_valid_selections(hand)
        valid = {frozenset(s) for s in selections}
        for ace_high in (False, True):
            value = badugi_value(hand, ace_high=ace_high)
            pairs[ace_high].add((value.key, _reference(selections, ace_high)))
            sizes[ace_high][value.size] += 1
            # the cards it names are one of the valid selections of this hand
            assert frozenset(value.cards) in valid
    assert hands == TOTAL_HANDS == 270_725

    for ace_high in (False, True):
        found = pairs[ace_high]
        our_keys = {k for k, _ in found}
        reference_keys = {r for _, r in found}
        # One reference value per evaluator value and vice versa: the evaluator's ties are
        # exactly the brute-force ties ...
        assert len(found) == len(our_keys) == len(reference_keys) == DISTINCT_VALUES == 1092
        # ... and sorting by the evaluator sorts by brute force too: the same total order.
        assert [r for _, r in sorted(found)] == sorted(reference_keys)
        counts = sizes[ace_high]
        assert counts[4] == 13 * 12 * 11 * 10 == 17_160
        assert counts[1] == 4 * comb(13, 4) + 13 == 2_873
        assert sum(counts.values()) == TOTAL_HANDS
    # Every hand is now tabled: the up-front builder finds nothing left to add.
    assert build_badugi_tables() == 2 * TOTAL_HANDS


def test_best_and_worst_values() -> None:
    """The extremes of the exhaustive order: 4-3-2-A (24 suit assignments) is the best hand;
    a lone king (four kings) is the worst."""
    values = [badugi_value(h) for h in combinations(DECK, 4)]
    best = max(values)
    worst = min(values)
    assert best.describe() == "4-card 4-3-2-A"
    assert worst.describe() == "1-card K"
    assert sum(1 for v in values if v == best) == 24
    assert sum(1 for v in values if v == worst) == 1
