"""Where each event of a hand was written: the side table beside ``HandRecord.events``.

An event is a fact only (``Dan calls``): it carries no position, so one frozen object can
stand for every occurrence of the same entry, and a reader that meets ``Dan calls`` for the
hundredth time adds the object it made the first time instead of making a new one.  Where each
occurrence stands is kept beside the events, in the same order: ``HandRecord.positions[i]`` is
where ``HandRecord.events[i]`` was written (:meth:`HandRecord.position
<badugi_ledger.model.events.HandRecord.position>` gives :data:`~.errors.NOWHERE` for a record
built without positions).

Positions are made only when something is reported.  The reader of our format keeps a hand's
positions as :class:`LinePositions`: the file's name once and one int per event (its line and
column packed, :func:`pack`), so a hand of fifty entries costs fifty small ints, and a
:class:`~.errors.Position` is built when a message asks for one.  Any other reader may give a
plain tuple of positions; the two compare equal when they hold the same positions.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import overload

from .errors import Position

COLUMN_BITS = 20
"""A packed position is ``line << COLUMN_BITS | column``: a column below 2**20 (no line of any
history is read beyond ``limits.MAX_LINE`` characters)."""
_COLUMNS = (1 << COLUMN_BITS) - 1
_set = object.__setattr__
"""Sets a slot of a new :class:`LinePositions`, whose own ``__setattr__`` refuses."""


def pack(line: int, column: int) -> int:
    """One position of a file as one int (see :data:`COLUMN_BITS`).

    >>> unpacked = LinePositions("night.bhh", (pack(12, 5),))[0]
    >>> (unpacked.line, unpacked.column)
    (12, 5)
    """
    return line << COLUMN_BITS | column


class PositionSequence(Sequence[Position]):
    """A hand's positions kept in some compact way (a reader's own): equal to any sequence of
    the same positions, with the same hash as their tuple.  A subclass gives its length and
    :meth:`_position`, the one position it makes when asked for."""

    __slots__ = ()

    def _position(self, index: int) -> Position:
        """The position of event ``index`` (0 .. ``len(self) - 1``)."""
        raise NotImplementedError

    @overload
    def __getitem__(self, index: int) -> Position: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Position, ...]: ...
    def __getitem__(self, index: int | slice) -> Position | tuple[Position, ...]:
        if isinstance(index, slice):
            return tuple(map(self._position, range(len(self))[index]))
        return self._position(range(len(self))[index])

    def __iter__(self) -> Iterator[Position]:
        return map(self._position, range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence) and not isinstance(other, str):
            return len(other) == len(self) and tuple(self) == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))


class LinePositions(PositionSequence):
    """The positions of a hand's events in one file, as packed ints (see the module docstring).

    Immutable; equal to any sequence of the same positions (a tuple of :class:`Position`
    included), with the same hash as that tuple.
    """

    __slots__ = ("packed", "source")
    packed: tuple[int, ...]
    source: str

    def __init__(self, source: str, packed: tuple[int, ...]) -> None:
        _set(self, "source", source)
        _set(self, "packed", packed)

    def _position(self, index: int) -> Position:
        return self._unpack(self.packed[index])

    def _unpack(self, packed: int) -> Position:
        return Position(self.source, packed >> COLUMN_BITS, packed & _COLUMNS)

    def __len__(self) -> int:
        return len(self.packed)

    def __iter__(self) -> Iterator[Position]:
        return map(self._unpack, self.packed)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LinePositions):
            return self.packed == other.packed and (self.source == other.source or not self.packed)
        return super().__eq__(other)

    __hash__ = PositionSequence.__hash__

    def __repr__(self) -> str:
        return f"LinePositions({self.source!r}, {self.packed!r})"

    def __reduce__(self) -> tuple[type[LinePositions], tuple[str, tuple[int, ...]]]:
        return LinePositions, (self.source, self.packed)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("LinePositions is immutable")
