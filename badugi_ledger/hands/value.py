"""What every hand value shares, and the card bits the evaluators are keyed by.

A hand value (:class:`~badugi_ledger.hands.badugi.BadugiValue`,
:class:`~badugi_ledger.hands.low.LowValue`) is immutable and totally ordered by one integer
``key``: ``a > b`` means *a beats b*.  The evaluators work on 52-bit card masks
(:data:`CARD_BIT`); the per-game view is :mod:`badugi_ledger.hands.evaluate`.
"""

from __future__ import annotations

from typing import Any, Final, Literal

from ..model.cards import DECK, Card

ValueKind = Literal["badugi", "badugi-ace-high", "ace-five", "deuce-seven"]

__all__ = ["CARD_BIT", "ValueKind"]


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
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "_text", None)

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
            object.__setattr__(self, "_text", text)
        return text

    def _describe(self) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def __str__(self) -> str:
        return self.describe()

    def __repr__(self) -> str:
        shown = " ".join(str(c) for c in self.cards)
        return f"<{type(self).__name__} {self.describe()!r} [{shown}]>"


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
