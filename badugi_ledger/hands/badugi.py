"""Badugi ranking: the best selection of cards with distinct ranks and distinct suits.

:func:`badugi_value` (``000`` "Hand ranking", ``002`` Article 2, ``004``): the largest
selection of cards with distinct ranks and distinct suits, then the lowest one compared from
its highest card down.  ``001``'s example "A♠-2♠-3♥-4♦ keeps 2♠-3♥-4♦" contradicts that rule
and is overridden (``shared/seeds/README.md`` item 1): the best selection is A♠-3♥-4♦.
``ace_high=True`` is the Badugi half of Badeucey (``004``): aces rank above kings and the best
hand is 5-4-3-2.

Badugi evaluation is the hot path (replays, simulations, the benchmark), so it is memoised in
dictionaries keyed by a 52-bit card mask, filled on demand: a hand of four cards is either a
badugi itself or worth the best of its four three-card sub-hands (its best selection lies in
one of them), and so on down to one card; a five-card hand is the best of its five four-card
sub-hands.  A four-card hand not seen before is resolved by its *shape* (which cards share a
rank or a suit): the recursion runs once per shape (at most 120 occur) and later hands of that
shape reuse which card positions counted.  Nothing is built up front (a single showdown costs
microseconds); after warm-up a four-card evaluation is four dictionary reads and one lookup
(:func:`badugi_mask_value`: one lookup, for callers that already hold the card mask).  The
on-demand four-card table holds at most :data:`_FOUR_CACHE_LIMIT` hands, then starts over, so
memory does not grow with the number of hands replayed.  Ties
between equal selections (9♠8♦5♥ or 9♣8♦5♥ from 9♠9♣8♦5♥) are broken by card order, never by
the order the cards were given in or by what was evaluated before.  :func:`build_badugi_tables`
fills the whole four-card table (270,725 hands, about half a second) for long runs.  Value
objects are interned per selection of counting cards (about 25,000 per ace convention).
``benchmarks/bench_hands.py`` measures it against brute force and PokerKit.

>>> from ..model.cards import parse_known_cards as cards
>>> badugi_value(cards("A♠ 2♠ 3♥ 4♦")).describe()
'3-card 4-3-A'
>>> badugi_value(cards("Ks Qc Js 8h")).cards      # two spades: K♠ or J♠ must go
(Card(rank=12, suit='c'), Card(rank=11, suit='s'), Card(rank=8, suit='h'))
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Final

from ..model.cards import DECK, Card, rank_char
from ..model.errors import CardError
from .value import (
    _BIT,
    _RANK_OF_INDEX,
    _SUIT_OF_INDEX,
    ValueKind,
    _eff_rank,
    _indices,
    _Value,
)

__all__ = [
    "BadugiValue",
    "badugi_mask_value",
    "badugi_value",
    "build_badugi_tables",
    "four_card_shape",
]


class BadugiValue(_Value):
    """The best Badugi selection of a holding.

    ``size`` is the number of counting cards (4 = a badugi), ``ranks`` their ranks from the
    highest down (ace 1, or 14 when ``ace_high``).  Within one size, comparing the descending
    rank tuples lexicographically is the same as comparing the sums of ``2**rank`` (the ranks
    are distinct), so the key is ``size << 16 | (0xFFFF - rank_bits)``.
    """

    __slots__ = ()

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def ace_high(self) -> bool:
        return self.kind == "badugi-ace-high"

    @property
    def ranks(self) -> tuple[int, ...]:
        high = self.ace_high
        return tuple(_eff_rank(c.rank, high) for c in self.cards)

    def _describe(self) -> str:
        """``4-card 8-6-5-3``, ``3-card 7-4-2``, ``1-card A``."""
        high = self.ace_high
        return f"{self.size}-card " + "-".join(rank_char(r, ace_high=high) for r in self.ranks)


def _is_badugi(mask: int) -> bool:
    """Distinct ranks and distinct suits among the cards of ``mask``."""
    ranks = 0
    suits = 0
    for i in _indices(mask):
        rbit = 1 << _RANK_OF_INDEX[i]
        sbit = 1 << _SUIT_OF_INDEX[i]
        if ranks & rbit or suits & sbit:
            return False
        ranks |= rbit
        suits |= sbit
    return True


def four_card_shape(i0: int, i1: int, i2: int, i3: int, ace_high: bool) -> int:
    """The shape (0..1023) of four cards given by ascending indices: which neighbours share a
    rank, which pairs share a suit, and (ace-high) whether the lowest card is an ace."""
    r0, r1, r2, r3 = i0 >> 2, i1 >> 2, i2 >> 2, i3 >> 2
    s0, s1, s2, s3 = i0 & 3, i1 & 3, i2 & 3, i3 & 3
    return (
        (r0 == r1)
        | (r1 == r2) << 1
        | (r2 == r3) << 2
        | (s0 == s1) << 3
        | (s0 == s2) << 4
        | (s0 == s3) << 5
        | (s1 == s2) << 6
        | (s1 == s3) << 7
        | (s2 == s3) << 8
        | (ace_high and r0 == 0) << 9
    )


class _BadugiTables:
    """Lazily filled tables for one ace convention (see the module docstring).

    ``small`` maps hands of one to three cards, ``four`` four-card hands and ``five`` (bounded)
    five-card hands to their value; ``interned`` maps a selection of counting cards to its one
    shared value object.  Nothing is computed before it is first asked for, so a single
    showdown costs microseconds, and a long run converges to pure dictionary lookups.
    """

    def __init__(self, ace_high: bool) -> None:
        self.ace_high = ace_high
        self.kind: ValueKind = "badugi-ace-high" if ace_high else "badugi"
        self.interned: dict[int, BadugiValue] = {}
        self.small: dict[int, BadugiValue] = {}
        self.four: dict[int, BadugiValue] = {}
        self.five: dict[int, BadugiValue] = {}
        self.shapes: list[int] = [-1] * _SHAPES
        """Shape of a four-card hand -> which of its four cards count (bit i = the i-th lowest
        card), or -1 while no hand of that shape has been evaluated (see :meth:`four_cold`)."""

    def selection(self, used: int) -> BadugiValue:
        """The interned value whose counting cards are exactly ``used`` (a valid badugi)."""
        value = self.interned.get(used)
        if value is None:
            # Ascending card indices are ascending ranks (ace first): reverse for high-first,
            # and with aces high move a leading-low ace to the front.
            cards = [DECK[i] for i in reversed(_indices(used))]
            if self.ace_high and cards[-1].rank == 1:
                cards.insert(0, cards.pop())
            bits = 0
            for card in cards:
                bits |= 1 << _eff_rank(card.rank, self.ace_high)
            key = len(cards) << 16 | (0xFFFF - bits)
            value = BadugiValue(key, self.kind, tuple(cards))
            self.interned[used] = value
        return value

    def small_value(self, mask: int) -> BadugiValue:
        """Value of a hand of one to three cards: itself if it is a badugi, else the best of
        its hands with one card fewer (its best selection lies inside one of them)."""
        value = self.small.get(mask)
        if value is None:
            if _is_badugi(mask):
                value = self.selection(mask)
            else:
                rest = mask
                while rest:
                    low = rest & -rest
                    rest ^= low
                    candidate = self.small_value(mask ^ low)
                    if value is None or candidate.key > value.key:
                        value = candidate
            assert value is not None
            self.small[mask] = value
        return value

    def value(self, mask: int, n: int) -> BadugiValue:
        """Value of the ``n`` distinct cards in ``mask`` (1 <= n)."""
        if n <= 3:
            return self.small_value(mask)
        if n == 4:
            value = self.four.get(mask)
            if value is None:
                value = self.four_cold(mask)
            return value
        if n == 5:
            value = self.five.get(mask)
            if value is None:
                value = self._best_of_parts_n(mask)
                if len(self.five) >= _FIVE_CACHE_LIMIT:
                    self.five.clear()
                self.five[mask] = value
            return value
        return self._best_of_parts_n(mask)

    def four_cold(self, mask: int) -> BadugiValue:
        """Evaluate and table a four-card hand not tabled yet, by its *shape*.

        Which cards of a four-card hand count depends only on its shape: with the cards in
        ascending index order (rank, then suit), which neighbours share a rank, which pairs
        share a suit and (ace-high only) whether the lowest card is an ace.  The comparisons
        of :meth:`four_miss` look at nothing else, and it breaks ties by card position, so
        the first hand of each shape is evaluated by :meth:`four_miss` and every later one
        by taking the cards at the same positions (at most 1,024 shapes; the equivalence is
        checked exhaustively in ``tests/hands/test_hands_shapes.py``).  A cold evaluation then
        costs a few integer operations instead of up to sixteen sub-hand lookups.
        """
        b0 = mask & -mask
        rest = mask ^ b0
        b1 = rest & -rest
        rest ^= b1
        b2 = rest & -rest
        b3 = rest ^ b2
        # four_card_shape() of the card indices, inline: this runs once per new hand
        i0 = b0.bit_length() - 1
        i1 = b1.bit_length() - 1
        i2 = b2.bit_length() - 1
        i3 = b3.bit_length() - 1
        s0, s1, s2, s3 = i0 & 3, i1 & 3, i2 & 3, i3 & 3
        shape = (
            (i0 >> 2 == i1 >> 2)
            | (i1 >> 2 == i2 >> 2) << 1
            | (i2 >> 2 == i3 >> 2) << 2
            | (s0 == s1) << 3
            | (s0 == s2) << 4
            | (s0 == s3) << 5
            | (s1 == s2) << 6
            | (s1 == s3) << 7
            | (s2 == s3) << 8
            | (self.ace_high and i0 < 4) << 9
        )
        keep = self.shapes[shape]
        if keep < 0:
            value = self.four_miss(mask, b0, b1, b2, b3)
            used = self.selection_mask(value)
            self.shapes[shape] = (
                bool(used & b0) | bool(used & b1) << 1 | bool(used & b2) << 2 | bool(used & b3) << 3
            )
            return value
        used = (
            (b0 if keep & 1 else 0)
            | (b1 if keep & 2 else 0)
            | (b2 if keep & 4 else 0)
            | (b3 if keep & 8 else 0)
        )
        value = self.interned.get(used) or self.selection(used)
        four = self.four
        if len(four) >= _FOUR_CACHE_LIMIT:
            # Bounded, so a long run's memory stays flat: a hand evaluated again after this
            # costs one more shape lookup.  (A full build never gets here: it has no misses.)
            four.clear()
        four[mask] = value
        return value

    @staticmethod
    def selection_mask(value: BadugiValue) -> int:
        """The card bits of a value's counting cards."""
        used = 0
        for card in value.cards:
            used |= _BIT[card]
        return used

    def four_miss(self, mask: int, b0: int, b1: int, b2: int, b3: int) -> BadugiValue:
        """Evaluate and table the four-card hand ``mask`` made of the card bits ``b0``..``b3``.

        Either the four cards form a badugi, or the hand is worth the best of its four
        three-card sub-hands.
        """
        i0 = b0.bit_length() - 1
        i1 = b1.bit_length() - 1
        i2 = b2.bit_length() - 1
        i3 = b3.bit_length() - 1
        # Card index = (rank - 1) * 4 + suit: distinct ranks and distinct suits?
        ranks = 1 << (i0 >> 2) | 1 << (i1 >> 2) | 1 << (i2 >> 2) | 1 << (i3 >> 2)
        suits = 1 << (i0 & 3) | 1 << (i1 & 3) | 1 << (i2 & 3) | 1 << (i3 & 3)
        if suits == 15 and ranks.bit_count() == 4:
            value = self.selection(mask)
        else:
            small = self.small
            value = small.get(mask ^ b0) or self.small_value(mask ^ b0)
            candidate = small.get(mask ^ b1) or self.small_value(mask ^ b1)
            if candidate.key > value.key:
                value = candidate
            candidate = small.get(mask ^ b2) or self.small_value(mask ^ b2)
            if candidate.key > value.key:
                value = candidate
            candidate = small.get(mask ^ b3) or self.small_value(mask ^ b3)
            if candidate.key > value.key:
                value = candidate
        self.four[mask] = value
        return value

    def _best_of_parts_n(self, mask: int) -> BadugiValue:
        """More than four cards never form a badugi: the best of the one-card-fewer hands."""
        n = mask.bit_count()
        best: BadugiValue | None = None
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            candidate = self.value(mask ^ low, n - 1)
            if best is None or candidate.key > best.key:
                best = candidate
        assert best is not None
        return best

    def build_four(self) -> int:
        four = self.four
        miss = self.four_miss
        for a, b, c, d in combinations(range(52), 4):
            ba, bb, bc, bd = 1 << a, 1 << b, 1 << c, 1 << d
            mask = ba | bb | bc | bd
            if mask not in four:
                miss(mask, ba, bb, bc, bd)
        return len(four)


_FIVE_CACHE_LIMIT: Final = 1 << 18
_FOUR_CACHE_LIMIT: Final = 1 << 15
"""Four-card hands tabled on demand before the table starts over (about 2.5 MB); a long
``check`` or ``import`` meets tens of thousands of distinct holdings, and without a bound
their table grew with the input (83,020 entries after 100,000 hands)."""
_SHAPES: Final = 1 << 10
_TABLES: Final = (_BadugiTables(False), _BadugiTables(True))
_FOUR: Final = (_TABLES[0].four, _TABLES[1].four)


def build_badugi_tables(*, ace_high: bool | None = None) -> int:
    """Fill the four-card table(s) up front; returns the number of hands tabled.

    Optional: lookups fill the tables on demand.  ``ace_high=None`` builds both conventions.
    """
    flavours = (False, True) if ace_high is None else (ace_high,)
    return sum(_TABLES[int(h)].build_four() for h in flavours)


def clear_tables() -> None:
    """Forget every tabled Badugi value (see
    :func:`badugi_ledger.hands.evaluate.clear_badugi_tables`)."""
    for tables in _TABLES:
        for table in (tables.interned, tables.small, tables.four, tables.five):
            table.clear()
        tables.shapes[:] = [-1] * _SHAPES


def badugi_value(cards: Sequence[Card], *, ace_high: bool = False) -> BadugiValue:
    """Best Badugi selection of up to four cards from a holding of 1-5 distinct cards.

    >>> from ..model.cards import parse_known_cards as cards
    >>> badugi_value(cards("A♠ 2♠ A♥ 3♦ 4♣")).describe()   # 004 exercise 2
    '4-card 4-3-2-A'
    """
    if len(cards) == 4:
        try:
            a, b, c, d = cards
            ba = _BIT[a]
            bb = _BIT[b]
            bc = _BIT[c]
            bd = _BIT[d]
        except (KeyError, TypeError, ValueError):
            pass  # not four known cards: the checked path names the problem
        else:
            mask = ba | bb | bc | bd
            value = _FOUR[ace_high].get(mask)
            if value is not None:
                return value
            if mask.bit_count() == 4:
                # Tabled from the card bits in ascending order, never in the order given, so
                # a tie between selections (9♠8♦5♥ or 9♣8♦5♥ from 9♠9♣8♦5♥) always keeps the
                # same cards whatever hand was looked up first.
                return _TABLES[ace_high].four_cold(mask)
    return _badugi_value_checked(cards, ace_high)


def badugi_mask_value(mask: int) -> BadugiValue:
    """The ace-low Badugi value of four distinct cards given as their :data:`CARD_BIT` mask
    (the caller has checked there are four): the showdown's path, one table lookup."""
    value = _FOUR[0].get(mask)
    if value is None:
        value = _TABLES[0].four_cold(mask)
    return value


def _badugi_value_checked(cards: Sequence[Card], ace_high: bool) -> BadugiValue:
    n = len(cards)
    if not 1 <= n <= 5:
        raise CardError(f"a Badugi hand is evaluated from 1 to 5 cards, not {n}")
    mask = 0
    for card in cards:
        try:
            bit = _BIT.get(card)
        except TypeError:
            bit = None
        if bit is None:
            raise CardError(f"cannot evaluate {card!r}: not a known card")
        if mask & bit:
            raise CardError(f"card {card} appears twice")
        mask |= bit
    return _TABLES[int(ace_high)].value(mask, n)
