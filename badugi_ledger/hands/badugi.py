"""Badugi ranking: the best selection of cards with distinct ranks and distinct suits.

:func:`badugi_value` (``000`` "Hand ranking", ``002`` Article 2, ``004``): the largest
selection of cards with distinct ranks and distinct suits, then the lowest one compared from
its highest card down.  ``001``'s example "A♠-2♠-3♥-4♦ keeps 2♠-3♥-4♦" contradicts that rule
and is overridden (``shared/seeds/README.md`` item 1): the best selection is A♠-3♥-4♦.
``ace_high=True`` is the Badugi half of Badeucey (``004``): aces rank above kings and the best
hand is 5-4-3-2.

Badugi evaluation is the hot path (replays, simulations, the benchmark).  Every four-card hand
is read from a table shipped with the package (``badugi_four_ace_low.bin`` and
``badugi_four_ace_high.bin`` beside this module, 270,725 two-byte entries each, about 0.5 MB):
the hand's ascending card indices i0 < i1 < i2 < i3 give a perfect index, their colex rank
``i0 + C(i1,2) + C(i2,3) + C(i3,4)``, and the entry is the *selection id* of the counting
cards, which decodes to the cards without any other table (:func:`selection_id`).  A table is
read on the first four-card evaluation of its ace convention (under 2 ms), never at import;
value objects are interned per selection of counting cards (26,208 selections per ace
convention) and made on first use, at most :data:`INTERNED_LIMIT` of them, so a long run's
memory stays flat.  A five-card hand is the best of its five four-card hands; hands of one
to three cards are memoised in dictionaries filled on demand: a hand is either a badugi itself
or worth the best of its sub-hands with one card fewer (its best selection lies in one of
them).  Ties between equal selections (9♠8♦5♥ or 9♣8♦5♥ from 9♠9♣8♦5♥) are broken by card
order, never by the order the cards were given in or by what was evaluated before: the table
holds what the sub-hand recursion (:meth:`_BadugiTables.four_miss`, which keeps the first of
equal selections) gives; ``python -m badugi_ledger.hands.badugi`` regenerates it, and
``tests/hands/test_badugi_table.py`` checks it against the recursion for every hand.
:func:`badugi_mask_value` is one lookup for callers that already hold the card mask.
``benchmarks/bench_hands.py`` measures it against brute force and PokerKit.

>>> from ..model.cards import parse_known_cards as cards
>>> badugi_value(cards("A♠ 2♠ 3♥ 4♦")).describe()
'3-card 4-3-A'
>>> badugi_value(cards("Ks Qc Js 8h")).cards      # two spades: K♠ or J♠ must go
(Card(rank=12, suit='c'), Card(rank=11, suit='s'), Card(rank=8, suit='h'))
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from itertools import combinations, permutations
from math import comb
from pathlib import Path
from typing import Final

from ..model.cards import CARD_INDEX, DECK, Card, rank_char
from ..model.errors import CardError
from .value import (
    _BIT,
    _RANK_OF_INDEX,
    _SUIT_OF_INDEX,
    ValueKind,
    _eff_rank,
    _indices,
    _Value,
    make_value,
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


_RANK_BIT: Final = tuple(
    tuple(1 << _eff_rank(card.rank, ace_high) for card in DECK) for ace_high in (False, True)
)
"""Per ace convention, card index -> the bit of its rank in a value's key."""


class _BadugiTables:
    """Lazily filled tables for one ace convention (see the module docstring).

    ``small`` maps hands of one to three cards and ``five`` (bounded) five-card hands to their
    value; ``by_id`` maps a selection of counting cards, by its selection id (what the shipped
    four-card table holds), to its one shared value object.
    Nothing is computed before it is first asked for, so a single showdown costs
    microseconds, and a long run converges to pure lookups.
    """

    def __init__(self, ace_high: bool) -> None:
        self.ace_high = ace_high
        self.kind: ValueKind = "badugi-ace-high" if ace_high else "badugi"
        self.small: dict[int, BadugiValue] = {}
        self.five: dict[int, BadugiValue] = {}
        self.by_id: list[BadugiValue | None] = [None] * _SELECTION_IDS
        """Selection id (see :func:`selection_id`) -> its interned value, filled on demand."""
        self.interned = 0
        """How many values ``by_id`` holds (at most :data:`INTERNED_LIMIT`)."""

    def selection(self, used: int) -> BadugiValue:
        """The interned value whose counting cards are exactly ``used`` (a valid badugi)."""
        vid = selection_id(used)
        return self.by_id[vid] or self.value_of_id(vid)

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
            return _four_from_mask(mask, self.ace_high)
        if n == 5:
            value = self.five.get(mask)
            if value is None:
                value = self._best_of_five(mask)
                if len(self.five) >= _FIVE_CACHE_LIMIT:
                    self.five.clear()
                self.five[mask] = value
            return value
        return self._best_of_parts_n(mask)

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
        three-card sub-hands.  This is what :func:`four_card_ids` tabulates; lookups read
        the shipped table instead.
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
        return value

    def _best_of_five(self, mask: int) -> BadugiValue:
        """Five cards: the best of their five four-card hands, read from the table in the
        order :meth:`_best_of_parts_n` tries them (the lowest card left out first; the first
        of equal values is kept)."""
        c0, c1, c2, c3, c4 = _indices(mask)
        ace_high = self.ace_high
        ids = _IDS[ace_high] or load_four_card_ids(ace_high)
        by_id = self.by_id
        best: BadugiValue | None = None
        for vid in (
            ids[c1 + _C2[c2] + _C3[c3] + _C4[c4]],
            ids[c0 + _C2[c2] + _C3[c3] + _C4[c4]],
            ids[c0 + _C2[c1] + _C3[c3] + _C4[c4]],
            ids[c0 + _C2[c1] + _C3[c2] + _C4[c4]],
            ids[c0 + _C2[c1] + _C3[c2] + _C4[c3]],
        ):
            candidate = by_id[vid] or self.value_of_id(vid)
            if best is None or candidate.key > best.key:
                best = candidate
        assert best is not None
        return best

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

    def value_of_id(self, vid: int) -> BadugiValue:
        """The value of selection id ``vid``: the interned one, made on first use (past
        :data:`INTERNED_LIMIT` interned values, made anew each time; a cold run makes thousands:
        one pass over the cards, no intermediate lists)."""
        ranks = _RANK_SETS[vid // 24]
        rank_bit = _RANK_BIT[self.ace_high]
        cards = []
        bits = 0
        suits = _SUIT_ORDERS[len(ranks)][vid % 24]
        for k, rank in enumerate(ranks):  # not zip(strict=True): keywords cost a slow call
            index = rank << 2 | suits[k]
            cards.append(DECK[index])
            bits |= rank_bit[index]
        # Ascending ranks (ace first): reversed for high-first, and with aces high a leading
        # ace moves to the front.
        cards.reverse()
        if self.ace_high and ranks[0] == 0:
            cards.insert(0, cards.pop())
        value = make_value(BadugiValue, len(cards) << 16 | (0xFFFF - bits), self.kind, tuple(cards))
        if self.interned < INTERNED_LIMIT:
            self.interned += 1
            self.by_id[vid] = value
        return value

    def forget_values(self) -> None:
        """Empty ``by_id`` in place (the module's ``_BY_ID`` shares the list), and ``small``
        and ``five``, which hold its values."""
        self.by_id[:] = [None] * _SELECTION_IDS
        self.small.clear()
        self.five.clear()
        self.interned = 0


INTERNED_LIMIT: Final = 8_192
"""Most value objects one ace convention interns.  A long run meets most of the 26,208
selections sooner or later, the common ones early; past this many, a selection met for the
first time gets a value made anew each time (equal, not shared) instead of a slot, so memory
stops growing (about 140 bytes a value) while the values a night repeats stay interned."""
_FIVE_CACHE_LIMIT: Final = 4096
"""Most five-card hands (Badacey, Badeucey) memoised at once (then the memo starts afresh): a
five-card hand is five table lookups, and hands rarely repeat except within one showdown."""

# ------------------------------------------------------------ the shipped four-card table
#
# A four-card hand is indexed by the colex rank of its ascending card indices
# i0 < i1 < i2 < i3: i0 + C(i1, 2) + C(i2, 3) + C(i3, 4), a perfect index onto 0..270,724.
# The table holds, per hand, the *selection id* of its counting cards: ids are small
# (< 26,208, two bytes) and decode without any other table (see :func:`selection_id`).

FOUR_CARD_HANDS: Final = comb(52, 4)
_C2: Final[tuple[int, ...]] = tuple(comb(i, 2) for i in range(52))
_C3: Final[tuple[int, ...]] = tuple(comb(i, 3) for i in range(52))
_C4: Final[tuple[int, ...]] = tuple(comb(i, 4) for i in range(52))
_RANK_SETS: Final[tuple[tuple[int, ...], ...]] = tuple(
    ranks for k in range(1, 5) for ranks in combinations(range(13), k)
)
_RANK_SET_NUMBER: Final[dict[tuple[int, ...], int]] = {r: n for n, r in enumerate(_RANK_SETS)}
_SUIT_ORDERS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(permutations(range(4), k)) for k in range(5)
)
_SUIT_ORDER_NUMBER: Final[dict[tuple[int, ...], int]] = {
    order: n for orders in _SUIT_ORDERS for n, order in enumerate(orders)
}
_SELECTION_IDS: Final = len(_RANK_SETS) * 24
_IDS: list[array[int] | None] = [None, None]
"""Per ace convention, the loaded table (None until the first four-card evaluation)."""
_TABLES: Final = (_BadugiTables(False), _BadugiTables(True))
_BY_ID: Final = (_TABLES[0].by_id, _TABLES[1].by_id)
_CARD_INDEX: Final = CARD_INDEX
TABLE_FILES: Final = ("badugi_four_ace_low.bin", "badugi_four_ace_high.bin")
"""The shipped tables, beside this module: 270,725 little-endian unsigned 16-bit ids."""


def four_card_index(i0: int, i1: int, i2: int, i3: int) -> int:
    """The table index (0..270,724) of four cards given by ascending indices."""
    return i0 + _C2[i1] + _C3[i2] + _C4[i3]


def selection_id(used: int) -> int:
    """The id of a selection (a valid badugi of 1-4 cards, as card bits): the number of its
    rank set times 24 plus the number of its suits, in rank order, among that many suits'
    orders."""
    indices = _indices(used)
    ranks = tuple(i >> 2 for i in indices)
    suits = tuple(i & 3 for i in indices)
    return _RANK_SET_NUMBER[ranks] * 24 + _SUIT_ORDER_NUMBER[suits]


def selection_mask(vid: int) -> int:
    """The card bits of selection id ``vid`` (the inverse of :func:`selection_id`)."""
    ranks = _RANK_SETS[vid // 24]
    suits = _SUIT_ORDERS[len(ranks)][vid % 24]
    used = 0
    for rank, suit in zip(ranks, suits, strict=True):
        used |= 1 << (rank * 4 + suit)
    return used


def four_card_ids(ace_high: bool) -> array[int]:
    """The table, computed: every four-card hand's selection id by the sub-hand recursion
    (:meth:`_BadugiTables.four_miss`, about half a second).  What the shipped file holds."""
    tables = _BadugiTables(ace_high)
    ids = array("H", bytes(2 * FOUR_CARD_HANDS))
    for i0, i1, i2, i3 in combinations(range(52), 4):
        bits = (1 << i0, 1 << i1, 1 << i2, 1 << i3)
        used = tables.selection_mask(tables.four_miss(sum(bits), *bits))
        ids[four_card_index(i0, i1, i2, i3)] = selection_id(used)
    return ids


def _table_path(ace_high: bool) -> Path:
    return Path(__file__).with_name(TABLE_FILES[ace_high])


def load_four_card_ids(ace_high: bool) -> array[int]:
    """The shipped table of one ace convention (about 0.5 MB, read once, on first use)."""
    ids = _IDS[ace_high]
    if ids is None:
        ids = array("H")
        ids.frombytes(_table_path(ace_high).read_bytes())
        if sys.byteorder != "little":  # pragma: no cover - the file is little-endian
            ids.byteswap()
        if len(ids) != FOUR_CARD_HANDS:
            raise RuntimeError(
                f"{_table_path(ace_high)} holds {len(ids)} hands, not {FOUR_CARD_HANDS}: "
                "regenerate it with python -m badugi_ledger.hands.badugi"
            )
        _IDS[ace_high] = ids
    return ids


def write_four_card_tables() -> list[Path]:
    """Regenerate the shipped tables (``python -m badugi_ledger.hands.badugi``)."""
    written = []
    for ace_high in (False, True):
        ids = four_card_ids(ace_high)
        if sys.byteorder != "little":  # pragma: no cover
            ids.byteswap()
        path = _table_path(ace_high)
        path.write_bytes(ids.tobytes())
        written.append(path)
    return written


def _four_from_mask(mask: int, ace_high: bool) -> BadugiValue:
    """The value of four distinct cards given as card bits (lowest bit first, inline)."""
    low = mask & -mask
    i0 = low.bit_length() - 1
    mask ^= low
    low = mask & -mask
    i1 = low.bit_length() - 1
    mask ^= low
    low = mask & -mask
    i2 = low.bit_length() - 1
    i3 = (mask ^ low).bit_length() - 1
    ids = _IDS[ace_high] or load_four_card_ids(ace_high)
    vid = ids[i0 + _C2[i1] + _C3[i2] + _C4[i3]]
    return _BY_ID[ace_high][vid] or _TABLES[ace_high].value_of_id(vid)


def build_badugi_tables(*, ace_high: bool | None = None) -> int:
    """Load the four-card table(s) up front; returns the number of hands tabled.

    Optional: the first four-card lookup loads its table.  ``ace_high=None`` loads both
    conventions.
    """
    flavours = (False, True) if ace_high is None else (ace_high,)
    return sum(len(load_four_card_ids(h)) for h in flavours)


def clear_tables() -> None:
    """Forget every tabled Badugi value and unload the four-card tables (see
    :func:`badugi_ledger.hands.evaluate.clear_badugi_tables`)."""
    for tables in _TABLES:
        tables.forget_values()
    _IDS[:] = [None, None]


def badugi_value(cards: Sequence[Card], *, ace_high: bool = False) -> BadugiValue:
    """Best Badugi selection of up to four cards from a holding of 1-5 distinct cards.

    >>> from ..model.cards import parse_known_cards as cards
    >>> badugi_value(cards("A♠ 2♠ A♥ 3♦ 4♣")).describe()   # 004 exercise 2
    '4-card 4-3-2-A'
    """
    if len(cards) == 4:
        try:
            c0, c1, c2, c3 = cards
            i0 = _CARD_INDEX[c0]
            i1 = _CARD_INDEX[c1]
            i2 = _CARD_INDEX[c2]
            i3 = _CARD_INDEX[c3]
        except (KeyError, TypeError, ValueError):
            pass  # not four known cards: the checked path names the problem
        else:
            # Ascending card indices, never the order given, so a tie between selections
            # (9♠8♦5♥ or 9♣8♦5♥ from 9♠9♣8♦5♥) always keeps the same cards.  Five
            # compare-exchanges sort four (a sorting network; far cheaper than sorted()).
            if i0 > i1:
                i0, i1 = i1, i0
            if i2 > i3:
                i2, i3 = i3, i2
            if i0 > i2:
                i0, i2 = i2, i0
            if i1 > i3:
                i1, i3 = i3, i1
            if i1 > i2:
                i1, i2 = i2, i1
            if i0 < i1 < i2 < i3:  # else a card given twice: the checked path says so
                ids = _IDS[ace_high] or load_four_card_ids(ace_high)
                vid = ids[i0 + _C2[i1] + _C3[i2] + _C4[i3]]
                return _BY_ID[ace_high][vid] or _TABLES[ace_high].value_of_id(vid)
    return _badugi_value_checked(cards, ace_high)


def badugi_mask_value(mask: int) -> BadugiValue:
    """The ace-low Badugi value of four distinct cards given as their :data:`CARD_BIT` mask
    (the caller has checked there are four): the showdown's path, one table lookup."""
    return _four_from_mask(mask, False)


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


if __name__ == "__main__":  # regenerate the shipped four-card tables
    for written in write_four_card_tables():
        print(written)
