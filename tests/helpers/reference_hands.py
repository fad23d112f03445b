"""Plain, slow reference definitions of every hand value, for property and exhaustive tests.

Each function returns a key where *larger means better*, written straight from the rule
texts with no tables or bit tricks, so that the fast evaluator in ``badugi_ledger.hands.evaluate``
is checked against an independent definition.  PokerKit (a test dependency) gives a second,
third-party opinion: :func:`pokerkit_badugi`, :func:`pokerkit_ace_five`,
:func:`pokerkit_deuce_seven`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

from badugi_ledger.model.cards import Card

BadugiKey = tuple[int, tuple[int, ...]]
LowKey = tuple[int, tuple[int, ...]]


def _rank(card: Card, ace_high: bool) -> int:
    return 14 if ace_high and card.rank == 1 else card.rank


def brute_badugi(
    cards: Sequence[Card], ace_high: bool = False
) -> tuple[BadugiKey, tuple[Card, ...]]:
    """Try every selection (``000``/``002``/``004``): the most cards with distinct ranks and
    distinct suits, then the lowest compared from the highest card down.

    Returns ``((size, negated ranks high->low), one best selection)``.
    """
    best_key: BadugiKey | None = None
    best_sel: tuple[Card, ...] = ()
    for size in range(1, len(cards) + 1):
        for selection in combinations(cards, size):
            if len({c.rank for c in selection}) != size or len({c.suit for c in selection}) != size:
                continue
            ranks = sorted((_rank(c, ace_high) for c in selection), reverse=True)
            key = (size, tuple(-r for r in ranks))
            if best_key is None or key > best_key:
                best_key, best_sel = key, selection
    assert best_key is not None
    return best_key, best_sel


_A5_SHAPES = ([1, 1, 1, 1, 1], [2, 1, 1, 1], [2, 2, 1], [3, 1, 1], [3, 2], [4, 1])


def _grouped(ranks: list[int]) -> tuple[list[int], tuple[int, ...]]:
    counts = Counter(ranks)
    shape = sorted(counts.values(), reverse=True)
    order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    return shape, tuple(order)


def brute_ace_five(cards: Sequence[Card]) -> LowKey:
    """A-5 low (``004``): ace low; no pair < pair < two pair < trips < full house < quads
    (best to worst); straights and flushes mean nothing; then the deciding ranks, lower better."""
    shape, order = _grouped([c.rank for c in cards])
    return (-_A5_SHAPES.index(shape), tuple(-r for r in order))


def brute_deuce_seven(cards: Sequence[Card]) -> LowKey:
    """2-7 low: ace high, A-2-3-4-5 is no straight; best to worst: no pair, pair, two pair,
    trips, straight, flush, full house, quads, straight flush."""
    ranks = [_rank(c, True) for c in cards]
    shape, order = _grouped(ranks)
    distinct = sorted(set(ranks))
    straight = len(distinct) == 5 and distinct[-1] - distinct[0] == 4
    flush = len({c.suit for c in cards}) == 1
    if straight and flush:
        category = 8
    elif shape == [4, 1]:
        category = 7
    elif shape == [3, 2]:
        category = 6
    elif flush:
        category = 5
    elif straight:
        category = 4
    else:
        category = {(3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0}[tuple(shape)]
    return (-category, tuple(-r for r in order))


def _pk_text(cards: Sequence[Card]) -> str:
    return "".join(str(c) for c in cards)


def pokerkit_badugi(cards: Sequence[Card], ace_high: bool = False) -> object:
    """PokerKit's best Badugi hand (``StandardBadugiHand`` is its ace-high, 2-7 flavour)."""
    from pokerkit import BadugiHand, StandardBadugiHand

    cls = StandardBadugiHand if ace_high else BadugiHand
    return cls.from_game(_pk_text(cards))


def pokerkit_ace_five(cards: Sequence[Card]) -> object:
    from pokerkit import RegularLowHand

    return RegularLowHand(_pk_text(cards))


def pokerkit_deuce_seven(cards: Sequence[Card]) -> object:
    from pokerkit import StandardLowHand

    return StandardLowHand(_pk_text(cards))


def sign(a: object, b: object) -> int:
    """-1, 0 or 1 as ``a`` is worse than, ties with or beats ``b`` (larger = better)."""
    return (a > b) - (a < b)  # type: ignore[operator]
