"""A hand's chunk as the streaming reader (:mod:`.reader`) cuts the lines: which line is which,
what a chunk holds, and what is worked out of a whole chunk without the reader's state.

Why a module of its own: the chunker's only knowledge of the grammar (which lines are header
lines, which start a hand, what a mistyped header line looks like), the chunk and the hands a
bad header line spoils, the merging of the fast path's events with Lark's, and the checks of a
hand's seats and of entries written out of place depend on nothing the reader remembers
between hands; the reader's loop and that state stay one class, in :mod:`.reader`.
"""

from __future__ import annotations

import heapq
import re
from bisect import bisect_left
from collections.abc import Iterable
from functools import cache
from itertools import islice
from typing import Any

from ..model.errors import ParseError, Position
from ..model.events import CarryIn, Event, HandsMissing
from ..model.limits import MAX_LISTED, more_than_listed
from ..model.names import composed
from ..model.positions import pack
from .entry_positions import CARD_LINE_WORDS
from .keywords import HEADER_KEYWORDS, LINE_KIND
from .transformer import POSTS_NONE, FormatError, RawHand, short

# ---------------------------------------------------------------- which line is which

# Which lines are header lines and which start a hand (:data:`.keywords.LINE_KIND`): the
# chunker's only knowledge of the grammar.
_IGNORED = " \t\r\f\ufeff"  # what the grammar skips between tokens
_LINE_KIND = LINE_KIND
_KIND_STARTS = frozenset(word[0] for word in ("hand", *HEADER_KEYWORDS, "pot", "no"))
"""The first characters of the lines _LINE_KIND matches (a player's name seldom has one)."""
_BODY_WORDS = CARD_LINE_WORDS
"""Words that start body lines: no keyword of _LINE_KIND starts with one, nor is one's start,
so a line starting with one is no hand line and no header line (a test holds this; ``buy``,
which also starts body lines, is left out: ``buy-in`` starts a header line)."""
_SPACES = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005"
    "\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
"""Every character ``str.isspace`` says is white space (a test holds this)."""
_NOT_A_NAME = frozenset(_IGNORED + "#" + _SPACES) | _KIND_STARTS
"""The first characters of lines that may be blank, a comment, a hand line or a header line;
a line starting with any other is a body line or no line of the format at all."""


# The patterns below serve the words of a mistake only: each is compiled the first time one
# is needed (a file without a mistake compiles none; tests/test_import_weight.py).


@cache
def _hand_id_pattern() -> re.Pattern[str]:
    """A hand line's number, for the words of a mistake in its hand."""
    return re.compile(r"hand[ \t]+([^\s·•;#]+)")


@cache
def _currency_item() -> re.Pattern[str]:
    """A header line's currency, for the hint of its buy-in written as money."""
    return re.compile(r"\bcurrency[ \t]+([A-Z]{3})\b")


@cache
def _first_word() -> re.Pattern[str]:
    """A line's first word, matched against the words of the format when it is none of them."""
    return re.compile(r"[^\W\d_][\w-]*(?![^\s·•;#])")


# Header items a mistyped first word is matched against: those whose values have a shape (a
# free text follows "cash", "place", …, so "Cash out: Anna 50" would read as one).
_TEXT_ITEMS = frozenset({"cash", "tournament", "place", "season", "table"})
_HEADER_FIRST_WORDS = (*(k for k in HEADER_KEYWORDS if k not in _TEXT_ITEMS), "pot", "no")
# Outside a hand no line is a body line, so those are matched too ("tabel Back room").
_HEADER_FIRST_WORDS_OUTSIDE = (*_HEADER_FIRST_WORDS, *sorted(_TEXT_ITEMS))
_SOME_HAND_LINE = "hand 0 · button a · a · b\n"  # to try a line as a hand's body line


# ---------------------------------------------------------------- a hand's chunk


class _Spoiled:
    """The hands after a bad header line (``header``): not read, and reported once.  A plain
    class, as :class:`_Chunk` is."""

    __slots__ = ("hand", "line", "header", "count", "last_line")

    def __init__(self, hand: str | None, line: int, header: Position) -> None:
        self.hand = hand
        self.line = line
        self.header = header
        self.count = 0
        self.last_line = 0

    def error(self, source: str) -> ParseError:
        at = self.header.line
        more = self.count - 1
        after = f", nor the {more} hand{'s' * (more > 1)} after it (to line {self.last_line})"
        return ParseError(
            f"hand not read{after if more else ''}: the header line {at} has an error",
            position=Position(source, self.line, 1),
            hand=self.hand,
        )


class _Chunk:
    """One hand as it is read: its lines (comments too, for the record's text), the events of
    the body lines the fast path read and where each stands (packed, :mod:`.positions`), and
    the body lines left to Lark.  A plain class with its ``__init__`` written out: a dataclass
    compiles its generated methods at every start, which costs more than reading a hand."""

    __slots__ = (
        "start",
        "lines",
        "broken",
        "events",
        "positions",
        "slow",
        "bad",
        "too_long",
        "skipped",
    )

    def __init__(self, start: int, lines: list[str]) -> None:
        self.start = start
        self.lines = lines
        self.broken: ParseError | None = None
        self.events: list[Event] = []
        self.positions: list[int] = []
        self.slow: list[tuple[int, int]] = []
        """Body lines for Lark: (file line, how many events the fast path had read before it)."""
        self.bad: list[ParseError] = []
        """The errors of its lines found as they came (a misspelt hand line, lines that cannot
        be read as text), in line order, up to ``MAX_LISTED + 1`` of them: :attr:`broken` is
        the first."""
        self.too_long = False
        """It ran on past ``MAX_HAND_LINES`` lines: what was kept of it was let go, and its
        one error is :attr:`broken`."""
        self.skipped: list[tuple[int, int, int]] = []
        """Its lines not kept in :attr:`lines` (blank and comment lines past the bound, lines
        that cannot be read), as runs of consecutive file lines: (first, last, how many lines
        the runs before it hold).  One run per kept line at most: bounded as the lines are."""

    def skip(self, lineno: int) -> None:
        """File line ``lineno`` of the hand is not kept."""
        runs = self.skipped
        if runs and runs[-1][1] == lineno - 1:
            first, _, before = runs[-1]
            runs[-1] = (first, lineno, before)
        else:
            before = runs[-1][2] + runs[-1][1] - runs[-1][0] + 1 if runs else 0
            runs.append((lineno, lineno, before))

    def text(self, lineno: int) -> str:
        """The text of file line ``lineno`` of the hand, one it kept: the lines it did not
        keep before it are counted out, so a line is never taken for another."""
        runs = self.skipped
        at = bisect_left(runs, (lineno,)) - 1  # the last run before the line
        if at < 0:
            return self.lines[lineno - self.start]
        first, last, before = runs[at]
        return self.lines[lineno - self.start - before - (last - first + 1)]


def _listed(chunk: _Chunk, first: ParseError | None, later: Iterable[ParseError]) -> ParseError:
    """The first error of the hand ``chunk`` by line, carrying the others
    (:attr:`~badugi_ledger.model.errors.ParseError.others`): those found as its lines came
    (:attr:`_Chunk.bad`), ``first`` (Lark's, of the hand read as a whole) and ``later`` (its
    lines after that one, read on), each in line order; the first :data:`MAX_LISTED` each
    with its own, and one error at the next such line for the rest (``later`` is read no
    further)."""
    streams = [later, [] if first is None else [first], chunk.bad]
    head, *others = islice(heapq.merge(*streams, key=_line), MAX_LISTED + 1)
    if len(others) == MAX_LISTED:
        at = others.pop().position
        others.append(
            ParseError(
                more_than_listed(
                    f"line {at.line} cannot be read either, nor, it may be, lines after it",
                    "lines of a hand that cannot be read",
                )
                + " (a line that starts the next hand may be missing or misspelt)",
                position=at,
                hand=_hand_id(chunk),
            )
        )
    head.others = tuple(others)
    return head


def _line(error: ParseError) -> int:
    return error.position.line


def _events(
    fast: list[Event], fast_positions: list[int], slow: list[tuple[int, int]], parts: list[Any]
) -> tuple[list[Event], list[int], bool]:
    """The hand's events in line order and where each stands (packed): the fast path's, with
    Lark's parts of the other lines (events with their positions, transformer.Placed) put
    where their lines stand (``slow``: how many fast events came before each)."""
    events: list[Event] = []
    positions: list[int] = []
    posts_none = False
    done = 0
    for (_, before), part in zip(slow, parts, strict=True):
        events += fast[done:before]
        positions += fast_positions[done:before]
        done = before
        if part is POSTS_NONE:
            posts_none = True
        else:
            for event, at in part:
                events.append(event)
                positions.append(pack(at.line, at.column))
    events += fast[done:]
    positions += fast_positions[done:]
    return events, positions, posts_none


def _hand_id(chunk: _Chunk | None) -> str | None:
    if chunk is None:
        return None
    m = _hand_id_pattern().match(chunk.lines[0].lstrip(" \t"))
    return m.group(1) if m else None


# ---------------------------------------------------------------- checks of a whole hand


def _written_otherwise(here: str, meant: str) -> str:
    """For two names that read alike (:func:`~badugi_ledger.model.names.composed`), which a
    message would show as the same word twice: how each is written, so the difference shows."""
    if composed(here) != composed(meant):
        return ""
    return (
        f" (the same name in other Unicode code points: {ascii(here)[1:-1]} here, "
        f"{ascii(meant)[1:-1]} there; write it one way)"
    )


def _seat_mistakes(raw: RawHand) -> list[FormatError]:
    """The error of each seat named twice or numbered out of order, in seat order: a seat
    named again is not held to the numbers, and each number to the one before it (a number
    written wrong is one mistake, not one for every seat after it)."""
    wrong: list[FormatError] = []
    seated: set[str] = set()
    last_number = 0
    for seat, pos in zip(raw.seats, raw.seat_pos, strict=True):
        if seat.name in seated:
            wrong.append(FormatError(f"{short(seat.name)} is seated twice", pos))
            continue
        seated.add(seat.name)
        if seat.number is not None:
            if seat.number < 1:
                wrong.append(FormatError(f"seat {seat.number}: seats are numbered from 1", pos))
            elif seat.number <= last_number:
                wrong.append(
                    FormatError(
                        f"seat numbers must go up clockwise: {seat.number} after {last_number}",
                        pos,
                    )
                )
            last_number = seat.number
    return wrong


def _whole_listed(
    chunk: _Chunk, mistakes: Iterable[Iterable[FormatError]], seats: Iterable[Position]
) -> ParseError:
    """The first mistake of the record of the hand ``chunk`` by line, carrying the others
    (:attr:`~badugi_ledger.model.errors.ParseError.others`): the checks of a hand as a whole
    (who is seated, who is named, what is written where) each find every mistake of theirs,
    so that one run of ``check`` lists each at its own line.  ``mistakes``: each check's,
    in the order it found them, each read up to the bound; a mistake said again at the same
    place is listed once, and a seat (``seats``: where each stands) has one mistake, its
    first (a misspelt seat is found from each line naming the spelling it lacks).  Bounded
    as a hand's unreadable lines are (:data:`MAX_LISTED`): one more error, at the next
    mistake, says that there are more."""
    at_seats = set(seats)
    said: set[object] = set()
    found: list[FormatError] = []
    for check in mistakes:
        kept = 0
        for wrong in check:
            key: object = wrong.pos if wrong.pos in at_seats else (wrong.pos, wrong.message)
            if key in said:
                continue
            said.add(key)
            found.append(wrong)
            kept += 1
            if kept > MAX_LISTED:  # (a check's come in line order: the rest come later)
                break
    found.sort(key=lambda wrong: (wrong.pos.line, wrong.pos.column))
    from .hints import error_at  # (hints are for mistakes: loaded at the first)

    hand = _hand_id(chunk)
    listed = [error_at(w.message, w.pos, chunk.text(w.pos.line), hand) for w in found[:MAX_LISTED]]
    head, *others = listed
    if len(found) > MAX_LISTED:
        at = found[MAX_LISTED].pos
        others.append(
            ParseError(
                more_than_listed(
                    f"line {at.line} has a mistake too, and lines after it may have more",
                    "mistakes of a hand",
                ),
                position=at,
                hand=hand,
            )
        )
    head.others = tuple(others)
    return head


_STACK_CHANGES = (
    "rebuys, top-ups, add-ons, cash-outs and sitting out happen between hands: write them "
    "right after the hand line"
)
_BETWEEN_WORDS: dict[type, str] = {
    CarryIn: "the carried-in pot is stated between hands: write it right after the hand line",
    HandsMissing: "'missing hands' is stated between hands: write it right after the hand line",
}
"""What an entry of :data:`BETWEEN_HANDS` written after the hand's play began is told."""
