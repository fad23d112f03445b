"""What every hand value shares, and the card bits the evaluators are keyed by.

A hand value (:class:`~badugi_ledger.hands.badugi.BadugiValue`,
:class:`~badugi_ledger.hands.low.LowValue`) is immutable and totally ordered by one integer
``key``: ``a > b`` means *a beats b*.  The evaluators work on 52-bit card masks
(:data:`CARD_BIT`); the per-game view is :mod:`badugi_ledger.hands.evaluate`.
"""

from __future__ import annotations

from typing import Any, Final, Literal, TypeVar

from ..model.cards import DECK, Card

ValueKind = Literal["badugi", "badugi-ace-high", "ace-five", "deuce-seven"]

__all__ = ["CARD_BIT", "ValueKind"]

_V = TypeVar("_V", bound="_Value")


class _Value:
    """Shared behaviour: immutable, ordered by an integer ``key`` (larger key = better hand).

    Values of different kinds (say an A-5 low and a Badugi) cannot be ordered against each
    other; comparing them raises ``TypeError`` and they are never equal.
    """

    __slots__ = ("key", "kind", "cards", "_text")
    key: int
    kind: ValueKind
    cards: tuple[Card, ...]
    _text: str | None

    def __init__(self, key: int, kind: ValueKind, cards: tuple[Card, ...]) -> None:
        _SET_KEY(self, key)
        _SET_KIND(self, kind)
        _SET_CARDS(self, cards)
        _SET_TEXT(self, None)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.key, self.kind, self.cards))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Value):
            return NotImplemented
        return other.kind == self.kind and other.key == self.key

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, _Value):
            return NotImplemented
        return other.kind != self.kind or other.key != self.key

    def __hash__(self) -> int:
        return hash((self.kind, self.key))

    def __lt__(self, other: object) -> bool:
        if isinstance(other, _Value) and other.kind == self.kind:
            return self.key < other.key
        return NotImplemented

    def __le__(self, other: object) -> bool:
        if isinstance(other, _Value) and other.kind == self.kind:
            return self.key <= other.key
        return NotImplemented

    def __gt__(self, other: object) -> bool:
        if isinstance(other, _Value) and other.kind == self.kind:
            return self.key > other.key
        return NotImplemented

    def __ge__(self, other: object) -> bool:
        if isinstance(other, _Value) and other.kind == self.kind:
            return self.key >= other.key
        return NotImplemented

    def describe(self) -> str:
        """The counting cards in words; computed once per value object (Badugi values are
        shared, so a showdown usually finds the text ready)."""
        text = self._text
        if text is None:
            text = self._describe()
            _SET_TEXT(self, text)
        return text

    def _describe(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        shown = " ".join(str(c) for c in self.cards)
        return f"<{type(self).__name__} {self.describe()!r} [{shown}]>"


# The slots are written through their descriptors: ``__setattr__`` refuses every change, and
# a descriptor's ``__set__`` costs about half of ``object.__setattr__`` (which looks the name
# up first).  Values are made by the ten thousand in a cold run of the evaluator.
_SET_KEY: Final = _Value.__dict__["key"].__set__
_SET_KIND: Final = _Value.__dict__["kind"].__set__
_SET_CARDS: Final = _Value.__dict__["cards"].__set__
_SET_TEXT: Final = _Value.__dict__["_text"].__set__
_NEW: Final = object.__new__


def make_value(cls: type[_V], key: int, kind: ValueKind, cards: tuple[Card, ...]) -> _V:
    """``cls(key, kind, cards)`` without the call to ``__init__`` (the same object; used
    where values are made by the thousand)."""
    value = _NEW(cls)
    _SET_KEY(value, key)
    _SET_KIND(value, kind)
    _SET_CARDS(value, cards)
    _SET_TEXT(value, None)
    return value


def _eff_rank(rank: int, ace_high: bool) -> int:
    return 14 if ace_high and rank == 1 else rank


_BIT: Final[dict[Card, int]] = {card: 1 << i for i, card in enumerate(DECK)}
CARD_BIT: Final = _BIT
"""Card -> its bit (``1 << card.index``) in the 52-bit masks the tables are keyed by."""
_RANK_OF_INDEX: Final[tuple[int, ...]] = tuple(c.rank for c in DECK)
_SUIT_OF_INDEX: Final[tuple[int, ...]] = tuple(i & 3 for i in range(52))


def _indices(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
