"""Where the entries of a plain body line stand: the line cut after its keyword into its
entries, their columns, and a hand's positions that work a usual line's columns out when a
message asks.

Why a module of its own: the fast path (:class:`~.plainlines.PlainLines`) reads a line
written the usual way (one space between tokens, `` · `` between entries, no comment) by
``str.split`` and keeps no column for its entries - each is a sum over the entries before it,
which every line of every hand would pay for and only a message needs - so the one cut of a
line is here, beside the rule that works those columns out again from the line
(:func:`entry_column`) and the positions that ask it (:class:`EntryPositions`): they cannot
drift apart.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache

from ..model.errors import Position
from ..model.positions import COLUMN_BITS, LinePositions, pack

# The start of a body line: its keyword (``draw:``), and the white space before its first entry.
CARD_LINE_WORDS = ("deal", "draw", "show", "final")
"""The words that start the body lines whose entries are a name and cards or a number (``draw:
Dan 2 · Eve pat``), each read by its own :data:`~.plainlines.CardEntry` function."""
_LINE_KEYWORDS = (*CARD_LINE_WORDS, "buy")  # (buy lines: Lark reads them)
_HEAD = re.compile(f"[ \\t]*(?:({'|'.join(_LINE_KEYWORDS)})(?=[ \\t:])[ \\t]*:?[ \\t]*)?")
_HEAD_STARTS = frozenset(" \t" + "".join(word[0] for word in _LINE_KEYWORDS))
"""The first characters of a line _HEAD matches more of than nothing."""


@cache
def _separator() -> re.Pattern[str]:
    """An entry separator with any spacing around it, for a line not spaced the usual way
    (compiled the first time one is read)."""
    return re.compile("[ \\t]*[·•;][ \\t]*")


def _cut(line: str, at: int, base: int) -> tuple[list[str], list[int] | None] | None:
    """The entries of a line from ``at`` (its keyword read): their texts, and their columns
    plus ``base`` (``line << COLUMN_BITS``: packed positions; 0: columns), or None for a line
    written the usual way (``Dan calls · Anna folds``: one space between tokens, `` · ``
    between entries, no comment), whose entries split at single spaces and whose columns
    follow from their lengths (:func:`usual_columns`, worked out only when asked); or None:
    an entry is missing (``Dan calls ·``), Lark explains it."""
    body = line[at:-1] if line.endswith("\n") else line[at:]
    texts = body.split(" · ")
    usual = (
        not ("\t" in body or "  " in body or "#" in body or "•" in body or ";" in body)
        and body.count("·") == len(texts) - 1
    )
    if usual and not body.endswith(" "):  # each entry starts 3 after the one before ends
        if not body:  # (the only way a usual line has an empty entry)
            return None
        return texts, None
    else:  # any spacing the grammar allows, a comment at the end
        body = body.split("#", 1)[0].rstrip(" \t")
        columns: list[int] = []
        texts, start = [], 0
        first = base + at + 1
        for m in _separator().finditer(body):
            texts.append(body[start : m.start()])
            columns.append(first + start)
            start = m.end()
        texts.append(body[start:])
        columns.append(first + start)
        if "" in texts:
            return None
    return texts, columns


def usual_columns(texts: list[str], first: int) -> list[int]:
    """The columns of the entries ``texts`` of a line written the usual way (see :func:`_cut`),
    the first at column ``first``: each starts 3 after the one before ends."""
    columns = []
    column = first
    for text in texts:  # (a loop: cheaper than accumulate over a few entries)
        columns.append(column)
        column += len(text) + 3  # the length of " · "
    return columns


ENTRY = 1 << (COLUMN_BITS - 1)
"""The packed position (:func:`~badugi_ledger.model.positions.pack`) of every entry of a body
line written the usual way is its line and this bit in place of a column (no line is read
beyond ``limits.MAX_LINE`` characters, far below it): :class:`EntryPositions` works each
column out from the line when a message asks for it."""


def entry_column(line: str, index: int) -> int:
    """The column of entry ``index`` of a body line written the usual way, read as
    :meth:`~.plainlines.PlainLines.body_line` reads it (after its keyword, if any)."""
    at = _HEAD.match(line).end() if line[0] in _HEAD_STARTS else 0  # type: ignore[union-attr]
    cut = _cut(line, at, 0)
    assert cut is not None and cut[1] is None  # (the fast path read it so)
    return usual_columns(cut[0], at + 1)[index]


def resolved_at(packed: Sequence[int], index: int, line_text: Callable[[int], str]) -> int:
    """``packed[index]`` with its column (:data:`ENTRY`: worked out from its line, the text
    ``line_text`` gives for its number, as the how many-th of that line's events it is)."""
    at = packed[index]
    if not at & ENTRY:
        return at
    line = at >> COLUMN_BITS
    return pack(line, entry_column(line_text(line), packed[:index].count(at)))


def resolved(packed: Sequence[int], line_text: Callable[[int], str]) -> tuple[int, ...]:
    """Every one of ``packed`` with its column (:func:`resolved_at`)."""
    return tuple([resolved_at(packed, i, line_text) for i in range(len(packed))])


class EntryPositions(LinePositions):
    """A hand's positions (:class:`~badugi_ledger.model.positions.LinePositions`) where each
    entry of a line written the usual way stands at its line and :data:`ENTRY`, one int for
    all of the line's entries: its column is a sum over the entries before it (the how
    many-th it is of its line's events), which every line of every hand would pay for and
    only a message needs, so it is worked out from the line, in the hand's text, when one
    asks.  Equal to any sequence of the same positions; pickled as the plain packed
    positions."""

    __slots__ = ("start", "text")
    start: int
    text: str

    def __init__(self, source: str, packed: tuple[int, ...], start: int, text: str) -> None:
        """``text``: the hand's lines, every one kept, the first (its hand line) file line
        ``start``."""
        _set(self, "source", source)  # (not through LinePositions.__init__: one call less)
        _set(self, "packed", packed)
        _set(self, "start", start)
        _set(self, "text", text)

    def _position(self, index: int) -> Position:
        return self._unpack(resolved_at(self.packed, index, self._line))

    def __iter__(self) -> Iterator[Position]:
        return map(self._position, range(len(self.packed)))

    def _line(self, line: int) -> str:
        return self.text.split("\n")[line - self.start] + "\n"

    def resolved(self) -> LinePositions:
        """The same positions, every column worked out."""
        return LinePositions(self.source, resolved(self.packed, self._line))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LinePositions):
            return self.resolved().packed == (
                other.resolved() if isinstance(other, EntryPositions) else other
            ).packed and (self.source == other.source or not self.packed)
        return super().__eq__(other)

    __hash__ = LinePositions.__hash__

    def __reduce__(self) -> tuple[type[LinePositions], tuple[str, tuple[int, ...]]]:
        return LinePositions, (self.source, self.resolved().packed)


_set = object.__setattr__
