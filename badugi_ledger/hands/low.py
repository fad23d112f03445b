"""Five-card lows for the other half of Badacey and Badeucey (``004``).

* :func:`ace_five_value` - ace-to-five low over five cards: pairs count, straights and flushes
  do not (``004`` "Read the A-5 low").
* :func:`deuce_seven_value` - deuce-to-seven low over five cards: aces are high, straights and
  flushes count against the hand (``004`` Badeucey comparison).

A low depends only on the set of cards: values are memoised by card mask (bounded).

>>> from ..model.cards import parse_known_cards as cards
>>> ace_five_value(cards("5d 4d 3h 2s Ac")).describe()
'5-4-3-2-A low'
>>> deuce_seven_value(cards("As 2h 3d 4c 5c")).describe()
'A-5-4-3-2 low'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from ..model.cards import DECK, Card, rank_char
from ..model.errors import CardError
from .value import _BIT, ValueKind, _eff_rank, _indices, _Value

__all__ = ["LowValue", "ace_five_value", "deuce_seven_value"]

_PLURAL = {1: "aces", 14: "aces", 6: "sixes", 10: "tens", 11: "jacks", 12: "queens", 13: "kings"}


def _plural(rank: int) -> str:
    return _PLURAL.get(rank, f"{rank}s")


_PATTERNS: Final[dict[tuple[int, ...], str]] = {
    (1, 1, 1, 1, 1): "high",
    (2, 1, 1, 1): "pair",
    (2, 2, 1): "two-pair",
    (3, 1, 1): "trips",
    (3, 2): "full-house",
    (4, 1): "quads",
}
_A5_ORDER: Final = ("high", "pair", "two-pair", "trips", "full-house", "quads")
"""A-5 categories from best to worst (``004``): straights and flushes do not exist."""
_27_ORDER: Final = (
    "high",
    "pair",
    "two-pair",
    "trips",
    "straight",
    "flush",
    "full-house",
    "quads",
    "straight-flush",
)
"""2-7 categories from best to worst: the reverse of high poker."""


class LowValue(_Value):
    """A five-card low (``kind`` ``ace-five`` or ``deuce-seven``).

    ``category`` is ``high`` (no pair), ``pair``, ``two-pair``, ``trips``, ``straight``,
    ``flush``, ``full-house``, ``quads`` or ``straight-flush``; ``groups`` are the ranks that
    decide within the category, most important first (the pair before its kickers).
    """

    __slots__ = ("category", "groups")
    category: str
    groups: tuple[int, ...]

    def __init__(
        self,
        key: int,
        kind: ValueKind,
        cards: tuple[Card, ...],
        category: str = "high",
        groups: tuple[int, ...] = (),
    ) -> None:
        super().__init__(key, kind, cards)
        _SET_CATEGORY(self, category)
        _SET_GROUPS(self, groups)

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.key, self.kind, self.cards, self.category, self.groups))

    def _describe(self) -> str:
        """``7-5-4-3-2 low``, ``pair of 4s, 8-3-A``, ``full house, 4s over 2s``, ..."""
        high = self.kind == "deuce-seven"

        def name(ranks: Sequence[int]) -> str:
            return "-".join(rank_char(r, ace_high=high) for r in ranks)

        g = self.groups
        match self.category:
            case "high":
                return f"{name(g)} low"
            case "pair":
                return f"pair of {_plural(g[0])}, {name(g[1:])}"
            case "two-pair":
                return f"two pair, {_plural(g[0])} and {_plural(g[1])}, {name(g[2:])}"
            case "trips":
                return f"three {_plural(g[0])}, {name(g[1:])}"
            case "full-house":
                return f"full house, {_plural(g[0])} over {_plural(g[1])}"
            case "quads":
                return f"four {_plural(g[0])}, {name(g[1:])}"
            case "straight":
                return f"straight, {name(g)}"
            case "flush":
                return f"flush, {name(g)}"
            case _:
                return f"straight flush, {name(g)}"


_SET_CATEGORY: Final = LowValue.__dict__["category"].__set__
_SET_GROUPS: Final = LowValue.__dict__["groups"].__set__
_LOW_CACHE_LIMIT: Final = 1 << 16
_LOW_TABLES: Final[dict[ValueKind, dict[int, LowValue]]] = {"ace-five": {}, "deuce-seven": {}}
"""Five-card lows already computed, by kind and card mask (bounded; a low depends only on the
set of cards, so a repeated holding - the same hand in several pots - is computed once)."""


def _five_known(cards: Sequence[Card], what: str) -> int:
    """The card mask of exactly five distinct known cards (raises :class:`CardError`)."""
    if len(cards) != 5:
        raise CardError(f"{what} is evaluated over exactly 5 cards, not {len(cards)}")
    mask = 0
    for card in cards:
        if not isinstance(card, tuple) or card not in _BIT:
            raise CardError(f"cannot evaluate {card!r}: not a known card")
        bit = _BIT[card]
        if mask & bit:
            raise CardError(f"card {card} appears twice")
        mask |= bit
    return mask


def _low(
    cards: Sequence[Card], what: str, kind: ValueKind, ace_high: bool, order: tuple[str, ...]
) -> LowValue:
    mask = _five_known(cards, what)
    table = _LOW_TABLES[kind]
    value = table.get(mask)
    if value is None:
        value = _low_value(tuple(DECK[i] for i in _indices(mask)), kind, ace_high, order)
        if len(table) >= _LOW_CACHE_LIMIT:
            table.clear()
        table[mask] = value
    return value


def _low_value(
    cards: tuple[Card, ...], kind: ValueKind, ace_high: bool, order: tuple[str, ...]
) -> LowValue:
    ranks = [_eff_rank(c.rank, ace_high) for c in cards]
    counts = Counter(ranks)
    groups = tuple(sorted(counts, key=lambda r: (-counts[r], -r)))
    pattern = tuple(counts[r] for r in groups)
    category = _PATTERNS[pattern]
    if kind == "deuce-seven" and category == "high":
        straight = groups[0] - groups[4] == 4
        flush = len({c.suit for c in cards}) == 1
        if straight and flush:
            category = "straight-flush"
        elif straight:
            category = "straight"
        elif flush:
            category = "flush"
    code = order.index(category)
    for i in range(5):
        code = code << 4 | (groups[i] if i < len(groups) else 0)
    ordered = tuple(
        sorted(cards, key=lambda c: (_eff_rank(c.rank, ace_high), c.suit), reverse=True)
    )
    return LowValue((1 << 28) - 1 - code, kind, ordered, category, groups)


def ace_five_value(cards: Sequence[Card]) -> LowValue:
    """Ace-to-five low over exactly five cards: ace low, pairs count, no straights or flushes.

    >>> from ..model.cards import parse_known_cards as cards
    >>> ace_five_value(cards("7s 6h 4d 2c Ah")) > ace_five_value(cards("7d 6c 5s 3h 2d"))
    True
    """
    return _low(cards, "an A-5 low", "ace-five", False, _A5_ORDER)


def deuce_seven_value(cards: Sequence[Card]) -> LowValue:
    """Deuce-to-seven low over exactly five cards: ace high, straights and flushes count.

    >>> from ..model.cards import parse_known_cards as cards
    >>> deuce_seven_value(cards("7c 5h 4s 3d 2c")).describe()
    '7-5-4-3-2 low'
    >>> deuce_seven_value(cards("7c 6h 5s 4d 3c")).describe()
    'straight, 7-6-5-4-3'
    """
    return _low(cards, "a 2-7 low", "deuce-seven", True, _27_ORDER)


def clear_tables() -> None:
    """Forget every memoised low (see :func:`badugi_ledger.hands.evaluate.clear_badugi_tables`)."""
    for lows in _LOW_TABLES.values():
        lows.clear()
