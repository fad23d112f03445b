"""The streaming reader behind :mod:`.parse`: one class that cuts the lines into header lines
and hand chunks, reads each (plain lines by the fast path, the others by Lark) and checks each
hand as a whole.

Why one class: the per-hand loop, the recovery that resumes at the next hand and the checks
that need a whole hand share the reader's state (the headers' settings, the tables that
carried a pot, the players seen, the hands a bad header line spoils); split, that state would
cross modules on every line.  It stays one object; the steps that use a part of it only are
written beside this module, as classes the reader's class takes them from, each declaring the
part it uses: a hand's record checked as a whole (:mod:`.record_assembly`) and the second
looks at a line the loop could not place (:mod:`.line_mistakes`).  The two parsers of a line
are :mod:`.parsers`; what needs none of the state is :mod:`.chunks`; the public functions are
:mod:`.parse`.  The words of a mistake (:mod:`.hints`) are imported where one is found:
a file without one never loads them.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Iterator, Sequence
from itertools import chain
from typing import Any

from ..model.errors import ConfigError, ParseError, Position
from ..model.events import (
    CarryIn,
    CarryOut,
    Collect,
    Event,
    FinalStack,
    HandRecord,
    Post,
    RakeTaken,
    StackChange,
)
from ..model.money import UNSTATED
from ..model.settings import GameSettings
from .chunks import (
    _BODY_WORDS,
    _IGNORED,
    _KIND_STARTS,
    _LINE_KIND,
    _NOT_A_NAME,
    _Chunk,
    _currency_item,
    _events,
    _hand_id,
    _listed,
    _Spoiled,
    _whole_listed,
)
from .entry_positions import _HEAD, _HEAD_STARTS
from .headers import (
    SESSION_ITEMS,
    HeaderItemError,
    SettingsState,
    leaves_a_redeal,
    refused_items,
    unknown_currencies,
)
from .line_mistakes import MistypedLines, _header_in_a_hand
from .lines import Line, Unreadable
from .parsers import _lark, _plain
from .record_assembly import RecordAssembly
from .record_mistakes import Mistakes
from .transformer import FormatError

# ---------------------------------------------------------------- the streaming reader


def _card_line(line: str) -> str | None:
    """The keyword of a card line (``deal``, ``draw``, ``buy``, ``show``, ``final``), which
    holds no post, sitting out or chips bought or taken off; None: another line."""
    head = _HEAD.match(line) if line[0] in _HEAD_STARTS else None
    return None if head is None else head[1]


_RECORDED = (FinalStack, CarryOut, Collect, CarryIn, RakeTaken, StackChange)
"""The events of a hand that cannot be read that its table's next hands go on from, and
those its ``final:`` line is held to adding up with (``replay.unread``)."""


class _Reader(MistypedLines, RecordAssembly):
    """Cuts a stream of lines into header lines and hand chunks and parses each on its own."""

    def __init__(self, source: str, fast: bool = True) -> None:
        self.source = source
        self.fast = fast
        """Read plain lines with the fast path (see :func:`parse_text`)."""
        self.state = SettingsState()
        self.bad_header: Position | None = None
        self.bad_settings = False
        """The header values do not fit together (``spread limit 6-2``): a later header line
        that changes none of them (``cash Friday``) is not reported again for it."""
        self.carried_tables: set[tuple[str, tuple[str, str, str | None, str]]] = set()
        """The tables of an event (:meth:`_carrying_table`) whose last hand read carried its
        pot: their next hand is a redeal."""
        self.players: dict[str, set[str]] = {}  # who was seated at each table so far
        self.remembered = 0  # names in self.players, at most _MAX_KNOWN
        self.spoiled: _Spoiled | None = None
        self.near_keyword: dict[tuple[str, bool], str | None] = {}  # words near a keyword
        self.posts_settings: GameSettings | None = None
        self.posts: dict[tuple[str, bool, tuple[str, ...], tuple[str, ...]], tuple[Post, ...]] = {}
        """The forced bets implied under ``posts_settings``, by seating (_implied_posts)."""
        self.unknown_currencies: list[tuple[str, Position]] = []
        """Codes of no currency the header lines since the last hand read named as money, each
        where it is written: the next hand read carries them to the replay's warning."""

    def read(self, blocks: Iterable[Sequence[Line]]) -> Iterator[HandRecord | ParseError]:
        """The records and errors of the lines of ``blocks`` (:mod:`.lines`), in order."""
        chunk: _Chunk | None = None
        stray = False
        cut: str | None = None  # how a header line right after a hand's last line ended it
        body_line = _plain().body_line if self.fast else None
        for lineno, line in enumerate(chain.from_iterable(blocks), 1):
            if type(line) is not str:  # it cannot be read (bad bytes, far too long)
                assert isinstance(line, Unreadable)
                kind = _LINE_KIND.match(line.head.lstrip(_IGNORED))
                if chunk is not None and kind is not None:  # it would have ended the hand
                    yield from self._finish(chunk)
                    chunk = None
                chunk, error = self._unreadable(chunk, lineno, line, kind)
                if error is not None:
                    yield from self._spoiled_before()
                    yield error
                continue
            m = None
            if line[0] in _NOT_A_NAME and not line.startswith(_BODY_WORDS):
                # (else: a body line, "draw: …" too, or no line of the format)
                stripped = line.lstrip(_IGNORED)
                first = stripped[0]  # (the line ends with a newline)
                if first in "#\n" or (first.isspace() and not stripped.strip()):
                    # Kept for the record's text, up to the bound: blank and comment lines
                    # may stand anywhere, any number of them, and read as nothing.
                    cut = None
                    if chunk is not None:
                        if len(chunk.lines) < MAX_HAND_LINES // 2:
                            chunk.lines.append(line)
                        else:
                            chunk.skip(lineno)
                    continue
                if first in _KIND_STARTS and not stripped.startswith(_BODY_WORDS):
                    m = _LINE_KIND.match(stripped)
            else:
                stripped = line
            if m is None and chunk is not None:  # a body line
                read = None if body_line is None else body_line(line, lineno)
                if read is not None:  # plain: read now (and so no mistyped header line)
                    chunk.lines.append(line)
                    events, packed = read
                    chunk.events += events
                    chunk.positions += packed
                    if len(chunk.lines) > MAX_HAND_LINES:
                        self._too_long(chunk)
                    continue
            mistyped = None
            if m is None:
                declined = chunk is not None and body_line is not None  # the fast path said no
                mistyped = self._mistyped_header(line, stripped, lineno, declined, chunk is None)
                hand_line = None if mistyped else self._mistyped_hand_line(line, stripped, lineno)
                if hand_line is not None:  # "Hand 2 · button Ben · …": a hand, misspelt
                    if chunk is not None:
                        yield from self._finish(chunk)
                    stray, cut = False, None
                    chunk = hand_line
                    continue
            if mistyped is not None:  # "blind 1/2": a header line, and a bad one
                if chunk is not None:
                    yield from self._finish(chunk)
                    chunk = None
                stray = False
                position = Position(self.source, lineno, len(line) - len(stripped) + 1)
                self.bad_header = position
                yield from self._spoiled_before()
                from .hints import error_at  # (hints are for mistakes: loaded at the first)

                yield error_at(mistyped, position, line, None)
                continue
            if m is None:
                if chunk is not None:
                    chunk.lines.append(line)
                    chunk.slow.append((lineno, len(chunk.events)))
                    if len(chunk.lines) > MAX_HAND_LINES:
                        self._too_long(chunk)
                elif not stray:  # (a hand whose hand line is misspelt, it may be)
                    from .hints import error_at

                    stray = True
                    yield self._at_table(
                        error_at(
                            "expected a header line (game, fixed limit, blinds, …) or a "
                            "'hand' line" + (cut or ""),
                            Position(self.source, lineno, len(line) - len(stripped) + 1),
                            line,
                            None,
                        )
                    )
                continue
            stray = False
            cut = None
            if m.group(1):  # a hand line
                if chunk is not None:
                    yield from self._finish(chunk)
                chunk = _Chunk(lineno, [line])
            else:  # a header line: ends the hand before it, holds for every hand after it
                if chunk is not None:
                    cut = _header_in_a_hand(chunk, lineno, stripped)
                    yield from self._finish(chunk)
                    chunk = None
                error = self._header(line, lineno)
                if error is not None:
                    yield from self._spoiled_before()
                    yield error
        if chunk is not None:
            yield from self._finish(chunk)
        if self.spoiled is not None:
            yield self.spoiled.error(self.source)

    def _too_long(self, chunk: _Chunk) -> None:
        """A hand of more than :data:`MAX_HAND_LINES` lines (a corrupt file, or lines that
        belong to no hand): it is spoiled, and what was kept of it is let go, so that memory
        stays bounded however long it runs; its lines are read on to the next hand."""
        if chunk.broken is None:
            chunk.broken = ParseError(
                f"the hand that starts at line {chunk.start} has more than "
                f"{MAX_HAND_LINES:,} lines: a hand is not that long (a line that starts the "
                "next hand may be missing or misspelt)",
                position=Position(self.source, chunk.start, 1),
                hand=_hand_id(chunk),
                rule="hand-too-long",
            )
        chunk.too_long = True  # its errors are that one (its lines are let go)
        del chunk.lines[1:]  # the hand line stays: it names the hand
        chunk.skipped.clear()
        chunk.events.clear()
        chunk.positions.clear()
        chunk.slow.clear()

    def _spoiled_before(self) -> Iterator[ParseError]:
        """The error of the hands an earlier bad header line spoiled, once a header line with
        another error is met: said before it, so that errors come in the file's order."""
        spoiled = self.spoiled
        if spoiled is not None and spoiled.header != self.bad_header:
            self.spoiled = None
            yield spoiled.error(self.source)

    def _finish(self, chunk: _Chunk) -> Iterator[HandRecord | ParseError]:
        """The hand's record or error; nothing for a hand after a bad header line, which one
        error counts (rather than one error for every hand): at the end of the file, or when
        another bad header line spoils the hands after it (each line is named with its own)."""
        if chunk.broken is None and self.bad_header is not None:
            yield from self._spoiled_before()
            spoiled = self.spoiled
            if spoiled is None:
                spoiled = self.spoiled = _Spoiled(_hand_id(chunk), chunk.start, self.bad_header)
            spoiled.count += 1
            spoiled.last_line = chunk.start
            return
        item = self._hand(chunk)
        yield self._at_table(item) if isinstance(item, ParseError) else item

    def _at_table(self, error: ParseError) -> ParseError:
        """``error``, of a hand that cannot be read, naming the table the header lines above
        it set, so that the replay forgets that table's stacks only; after a header line
        with an error (the ``table`` line, it may be) the table is not known."""
        if self.bad_header is None:
            error.table = self.state.table
            error.event = self.state.event()
        return error

    def _header(self, line: str, lineno: int) -> ParseError | None:
        items: Any = _plain().header_line(line) if self.fast else None
        try:
            if items is None:  # not plain: Lark reads it
                items = self._lark_header(line, lineno)
                if isinstance(items, ParseError):
                    self.bad_header = Position(self.source, lineno, 1)
                    return items
            self.state.apply(items)
            self.state.settings()
            self.bad_settings = False
            if any(tag in ("currency", "chip_value") for tag, _ in items):
                self.unknown_currencies += unknown_currencies(items, line, self.source, lineno)
        except ConfigError as exc:
            from .hints import error_at, item_column, items_column

            unchanged = all(tag in SESSION_ITEMS for tag, _ in items)
            if self.bad_settings and unchanged and not isinstance(exc, HeaderItemError):
                return None  # the values an earlier header line set still do not fit
            self.bad_settings = not isinstance(exc, HeaderItemError)
            self.bad_header = Position(self.source, lineno, 1)
            column = (
                item_column(line, exc.keyword)
                if isinstance(exc, HeaderItemError)
                else items_column(line, refused_items(exc.setting))
            )
            return error_at(exc.message, Position(self.source, lineno, column), line, None)
        except FormatError as exc:  # a number above any amount
            from .hints import error_at

            self.bad_header = Position(self.source, lineno, 1)
            return error_at(exc.message, exc.pos, line, None)
        return None

    def _lark_header(self, line: str, lineno: int) -> Any:
        """Lark's reading of a header line: its items, or the syntax error."""
        from lark.exceptions import UnexpectedInput

        lark, builder = _lark()
        builder.src, builder.line_of = self.source, [0, lineno]
        try:
            return lark.parse(line, start="header")
        except UnexpectedInput as exc:
            from .hints import syntax_error

            named = _currency_item().search(line)
            buy_in = named[1] if named else self.state.currency
            return syntax_error(
                exc, lark, [line], self.source, [0, lineno], None, buy_in=buy_in or UNSTATED
            )

    def _hand(self, chunk: _Chunk) -> HandRecord | ParseError:
        if chunk.broken is not None:
            if chunk.too_long:  # its lines were let go
                return chunk.broken
            return _listed(chunk, None, self._bad_lines(chunk, chunk.start))
        # Plain body lines were read by the fast path (plainlines.PlainLines) as they came; the
        # others go to Lark as one chunk with the hand line.  Lines are independent in the
        # grammar (``hand: hand body_line _NL``), so leaving out lines that read cleanly
        # changes nothing else.
        lines, start, slow = chunk.lines, chunk.start, chunk.slow
        source = self.source
        events, positions = chunk.events, chunk.positions
        raw: Any = _plain().hand_line(lines[0], source, start) if self.fast and not slow else None
        if raw is None:
            from lark.exceptions import UnexpectedInput

            from .hints import error_at, syntax_error

            lark, builder = _lark()
            line_of = [0, start, *(lineno for lineno, _ in slow)]
            builder.src, builder.line_of = source, line_of
            todo = [lines[0], *(chunk.text(lineno) for lineno, _ in slow)]
            unread: ParseError | None = None
            try:
                raw = lark.parse("".join(todo), start="hand")
            except UnexpectedInput as exc:
                unread = syntax_error(
                    exc, lark, todo, source, line_of, _hand_id(chunk), **self._amounts()
                )
            except FormatError as exc:
                unread = error_at(exc.message, exc.pos, chunk.text(exc.pos.line), _hand_id(chunk))
            if unread is not None:  # the lines after it may have mistakes of their own
                later = self._bad_lines(chunk, unread.position.line)
                return self._recording(_listed(chunk, unread, later), chunk)
        posts_none = False
        if slow:
            events, positions, posts_none = _events(events, positions, slow, raw.parts)
        try:
            return self._record(raw, events, positions, posts_none, chunk)
        except Mistakes as found:
            return self._recording(_whole_listed(chunk, found.mistakes, found.seats), chunk)
        except FormatError as exc:
            from .hints import error_at

            error = error_at(exc.message, exc.pos, chunk.text(exc.pos.line), _hand_id(chunk))
            return self._recording(error, chunk)

    def _bad_lines(self, chunk: _Chunk, after: int) -> Iterator[ParseError]:
        """The errors of the hand's lines left to Lark after file line ``after``, in order, so
        that one run of ``check`` lists every line of a hand that cannot be read, each with
        its own error; read lazily (:func:`~.chunks._listed` stops when it has listed
        enough).  Lines are independent in the grammar: they are read after a hand line,
        some at a time (:data:`_AT_A_TIME`), each time from the line after the last error,
        so that the good lines of a hand cost about one reading of them."""
        from lark.exceptions import UnexpectedInput

        from .hints import error_at, syntax_error

        lark, builder = _lark()
        hand, start, amounts = _hand_id(chunk), chunk.start, self._amounts()
        pending = [lineno for lineno, _ in chunk.slow if lineno > after]
        i = 0
        while i < len(pending):
            block = pending[i : i + _AT_A_TIME]
            todo = [_STAND_IN, *map(chunk.text, block)]
            line_of = [0, start, *block]
            builder.src, builder.line_of = self.source, line_of
            try:
                lark.parse("".join(todo), start="hand")
            except UnexpectedInput as exc:
                error = syntax_error(exc, lark, todo, self.source, line_of, hand, **amounts)
            except FormatError as exc:
                error = error_at(exc.message, exc.pos, chunk.text(exc.pos.line), hand)
            else:
                i += len(block)
                continue
            yield error
            i = max(bisect_right(pending, error.position.line, i), i + 1)

    def _recording(self, error: ParseError, chunk: _Chunk) -> ParseError:
        """``error``, of a hand that cannot be read, with the events of its lines that read on
        their own as plain lines (:attr:`~badugi_ledger.model.errors.ParseError.recorded`;
        read again here, so that the fast path and Lark alone say the same); a pot it
        carries makes the table's next hand a redeal, as a hand read does, and a collection
        ends one."""
        body_line = _plain().body_line
        recorded: list[Event] = []
        events: list[Event] = []
        positions: list[int] = []
        unsure = bool(chunk.skipped)  # (lines not kept: where each stands is not known)
        for lineno, line in enumerate(chunk.lines[1:], chunk.start + 1):
            if not line.strip() or line.lstrip()[0] == "#":
                continue
            read = body_line(line, lineno)
            if read is not None:
                recorded += [e for e in read[0] if type(e) in _RECORDED]
                events += read[0]
                positions += read[1]
            elif _card_line(line) is None:
                unsure = True  # (its posts, who sits out, buys or cashes out: not known)
        error.recorded = tuple(recorded)
        if not unsure:
            error.seating = self._seating(chunk, events, positions)
        kinds = set(map(type, recorded))
        if CarryOut in kinds and leaves_a_redeal(self.state.settings(), True):
            self.carried_tables.add(self._carrying_table())
        elif Collect in kinds:
            self.carried_tables.discard(self._carrying_table())
        return error

    def _amounts(self) -> dict[str, Any]:
        """What the hands' amounts are under the current headers, for a syntax error's hint
        (:func:`~.hints.money_hint`): cents of a cash game's currency, chips of a value, or
        plain chips (a tournament's stacks are chips whatever its buy-in's currency)."""
        if self.state.session.get("kind") == "tournament":
            return {}
        return {"currency": self.state.currency, "chip": self.state.session.get("chip_value")}


MAX_HAND_LINES = 10_000
"""The most lines one hand may have: a real hand has a few dozen; a file whose hand runs on for
more is corrupt or lacks a ``hand`` line, and its reading must not hold it whole (a line holds
at most ``MAX_LINE`` characters).  Blank and comment lines are kept up to half of it and let
go unread beyond (they may stand anywhere); a line of the hand's play beyond it spoils the
hand."""

_STAND_IN = "hand 0\n"
"""A hand line that Lark reads, before a hand's lines read on their own (what a hand line
must hold beyond it is checked of the hand as a whole, not by the grammar)."""

_AT_A_TIME = 64
"""How many of a hand's lines after one that cannot be read are read by one parse
(:meth:`_Reader._bad_lines`): enough that a hand of good lines is read in a few parses, few
enough that a hand of bad ones is not joined again and again whole."""
