"""Where each event of a PHH hand was written, down to the column of the array item it was
read from.

PHH writes a hand's actions as one TOML array, nearly always on one line of a thousand
characters, and its finishing stacks as another: a message at such a line's first column, or at
the hand's first line, leaves the reader searching for the item.  Finding each item's column
costs more than reading the hand (a scan of the line and a ``Position`` per event), so nothing
is done per event: the reader keeps what it has anyway (the hand's lines, its action strings
and the line of each) and which draft events were read from the actions and from a field's
items (``finishing_stacks``), and :class:`ItemPositions` works out which string an event
stands for and finds its column when a position is asked for, that is when something is
reported.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ..model.errors import Position
from ..model.positions import PositionSequence
from .action_strings import _STEPS, DEAL, NOTE, _step
from .fields import value_place
from .split import PhhPiece

_ARRAY_OPENS = r"[ \t]*(?:[A-Za-z0-9_-]+|\"[^\"\n]*\"|'[^'\n]*')[ \t]*=[ \t]*\["
"""A line that opens an array after its key (``actions = [``): its items follow the ``[``
(compiled when a position is asked for, not at every start)."""


def item_column(text: str, nth: int) -> int | None:
    """The 1-based column of the ``nth`` item (from 0) of an array on the line ``text``: of
    the array its key opens on the line (``actions = ['p1 cc', 'p2 f']``), else of the items
    the line continues an array with (one item a line); None when the line holds fewer items.

    Items are TOML strings (basic, with escapes, or literal) or bare words (numbers, booleans),
    separated by commas and blanks; a ``]`` or a comment ends the search."""
    opened = re.match(_ARRAY_OPENS, text)
    i = opened.end() if opened is not None else 0
    end_of_line = len(text)
    count = 0
    while i < end_of_line:
        char = text[i]
        if char in " \t,":
            i += 1
            continue
        if char in "]#":
            return None
        if count == nth:
            return i + 1
        if char == "'":
            i = text.find("'", i + 1)
        elif char == '"':
            i += 1
            while i < end_of_line and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        else:  # a bare word: up to the next separator
            while i + 1 < end_of_line and text[i + 1] not in " \t,]#":
                i += 1
        if i < 0 or i >= end_of_line:
            return None
        i += 1
        count += 1
    return None


FieldItems = tuple[str, int, tuple[int, ...]]
"""``(key, first, items)``: the draft events from ``first`` on stand for the items of the field
``key`` numbered ``items``, one each in order (``finishing_stacks``: a ``FinalStack`` per
player, every item; ``winnings``: a ``Collect`` per amount that is not 0)."""


class ItemPlaces:
    """What a PHH reader keeps of a hand to place its events by their items when asked: the
    hand's piece of the file, its ``actions`` and the 0-based file line of each
    (``lines_of``), the draft events read from them (``actions_from`` up to ``actions_to``)
    and the field items (``fields``).  (A plain class: a named tuple's class is compiled at
    every start.)"""

    __slots__ = ("piece", "actions", "lines_of", "actions_from", "actions_to", "fields")

    def __init__(
        self,
        piece: PhhPiece,
        actions: Sequence[str],
        lines_of: Sequence[int],
        actions_from: int,
        actions_to: int,
        fields: tuple[FieldItems, ...],
    ) -> None:
        self.piece = piece
        self.actions = actions
        self.lines_of = lines_of
        self.actions_from = actions_from
        self.actions_to = actions_to
        self.fields = fields

    def positions(
        self, at: tuple[Position, ...], sit_outs: int, deals_at: int, deals: int
    ) -> ItemPositions:
        """The record's positions (:attr:`~badugi_ledger.sites.draft.HandDraft.placed`), given
        how :meth:`~badugi_ledger.sites.draft.HandDraft.finish` placed the draft's events in
        the record: ``sit_outs`` events before them, ``deals`` before its event ``deals_at``."""
        return ItemPositions(at, self, sit_outs, deals_at, deals)

    def position(self, at: Position, draft_index: int) -> Position:
        """Where the draft's event ``draft_index``, written on the line of ``at``, stands."""
        if self.actions_from <= draft_index < self.actions_to:
            k = self._action_of(draft_index - self.actions_from)
            if k is not None:
                line = self.lines_of[k]
                nth = k - self.lines_of.index(line)  # the strings before it on its line
                return self._item(at.source, line + 1, nth) or at
        for key, first, items in self.fields:
            if first <= draft_index < first + len(items):
                found = value_place(self.piece.lines, key)
                if found is not None:
                    set_at = self.piece.start + found[0]
                    nth = items[draft_index - first]
                    return self._item(at.source, set_at, nth) or Position(at.source, set_at, 1)
        return at

    def _action_of(self, event: int) -> int | None:
        """The number of the action the ``event``-th event read from the actions stands for:
        every action adds one event but a deal and a note
        (:func:`~badugi_ledger.phh.actions._replay_actions`)."""
        for k, raw in enumerate(self.actions):
            if (_STEPS.get(raw) or _step(raw))[0] not in _NO_EVENT:
                if not event:
                    return k
                event -= 1
        return None

    def _item(self, source: str, line: int, nth: int) -> Position | None:
        index = line - self.piece.start
        if not 0 <= index < len(self.piece.lines):
            return None
        column = item_column(self.piece.lines[index], nth)
        return None if column is None else Position(source, line, column)


_NO_EVENT = frozenset({DEAL, NOTE})
"""The action codes that add no event of their own."""


class ItemPositions(PositionSequence):
    """The positions of a PHH hand's events: the line positions the reader gave (``at``),
    each event that is an item of an array moved to that item's column when asked for
    (:class:`ItemPlaces`).  Immutable; equal to any sequence of the same positions, with the
    same hash as their tuple; pickled as that tuple."""

    __slots__ = ("_at", "_places", "_sit_outs", "_deals_at", "_deals")

    def __init__(
        self,
        at: tuple[Position, ...],
        places: ItemPlaces,
        sit_outs: int,
        deals_at: int,
        deals: int,
    ) -> None:
        self._at = at
        self._places = places
        self._sit_outs = sit_outs
        self._deals_at = deals_at
        self._deals = deals

    def _position(self, index: int) -> Position:
        at = self._at[index]
        draft_index = self._draft_index(index)
        return at if draft_index is None else self._places.position(at, draft_index)

    def _draft_index(self, index: int) -> int | None:
        """The draft's index of the record's event ``index`` (None: a sit-out or a deal that
        :meth:`~badugi_ledger.sites.draft.HandDraft.finish` added)."""
        index -= self._sit_outs
        if index < 0:
            return None
        if index < self._deals_at:
            return index
        if index < self._deals_at + self._deals:
            return None
        return index - self._deals

    def __len__(self) -> int:
        return len(self._at)

    def __repr__(self) -> str:
        return f"ItemPositions({tuple(self)!r})"

    def __reduce__(self) -> tuple[type[tuple[Position, ...]], tuple[tuple[Position, ...]]]:
        return tuple, (tuple(self),)
