"""The streaming reader behind :mod:`.parse`: one class that cuts the lines into header lines
and hand chunks, reads each (plain lines by the fast path, the others by Lark) and checks each
hand as a whole.

Why one class in a module of this size: the per-hand loop, the recovery that resumes at the
next hand and the checks that need a whole hand share the reader's state (the headers'
settings, the tables that carried a pot, the players seen, the hands a bad header line
spoils); split, that state would cross modules on every line.  What needs none of it is
:mod:`.chunks`; the public functions are :mod:`.parse`.
"""

from __future__ import annotations

import re
import threading
from bisect import bisect_right
from collections.abc import Collection, Iterable, Iterator, Sequence
from functools import cache
from itertools import chain, repeat
from typing import TYPE_CHECKING, Any, cast

from ..model.errors import ConfigError, ParseError, Position
from ..model.events import (
    BETWEEN_HANDS,
    CarryIn,
    CarryOut,
    Collect,
    Event,
    FinalStack,
    HandRecord,
    Post,
    RakeTaken,
    Seat,
    SitOut,
    StackChange,
)
from ..model.games import GAMES
from ..model.money import UNSTATED
from ..model.positions import LinePositions, pack
from ..model.settings import GameSettings
from .chunks import (
    _BODY_WORDS,
    _CURRENCY_ITEM,
    _FIRST_WORD,
    _HAND_ID,
    _HEADER_FIRST_WORDS,
    _HEADER_FIRST_WORDS_OUTSIDE,
    _IGNORED,
    _KIND_STARTS,
    _LINE_KIND,
    _NOT_A_NAME,
    _SOME_HAND_LINE,
    MAX_LISTED,
    _Chunk,
    _events,
    _hand_id,
    _listed,
    _seat_mistakes,
    _Spoiled,
    _whole_listed,
)
from .grammar import build_parser, terminals
from .headers import (
    SESSION_ITEMS,
    HeaderItemError,
    SettingsState,
    implied_posts,
    leaves_a_redeal,
    opens_a_redeal,
    refused_items,
)
from .hints import closest, error_at, item_column, items_column, syntax_error
from .lines import Line, Unreadable
from .plainlines import PlainLines
from .record_mistakes import Mistakes, unseated, wrong_events
from .transformer import EventBuilder, FormatError, RawHand, short

if TYPE_CHECKING:
    from lark import Lark

# ---------------------------------------------------------------- the fast path, and Lark


@cache
def _plain() -> PlainLines:
    """The fast path for plain lines, built from the grammar's terminals (shipped beside the
    grammar: no Lark needed).  Threads share it: what it remembers (how each entry text
    reads) is added to a dictionary, never changed."""
    grammar = terminals()
    return PlainLines(grammar.patterns.__getitem__, grammar.keywords)


_local = threading.local()


def _lark() -> tuple[Lark, EventBuilder]:
    """This thread's Lark parser (its transformer holds per-chunk context), loaded the first
    time a line is not plain.  Lark's errors are imported where a parse can raise them."""
    try:
        return _local.parser
    except AttributeError:
        builder = EventBuilder()
        _local.parser = (build_parser(builder), builder)
        return _local.parser


# ---------------------------------------------------------------- the streaming reader


_RECORDED = (FinalStack, CarryOut, Collect, CarryIn, RakeTaken, StackChange)

_BUTTON = re.compile(r"[·•;][ \t]*button[ \t]")
"""A hand line's button item (what tells a misspelt hand line from other lines)."""
"""The events of a hand that cannot be read that its table's next hands go on from, and
those its ``final:`` line is held to adding up with (``replay.unread``)."""


class _Reader:
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
                yield error_at(mistyped, position, line, None)
                continue
            if m is None:
                if chunk is not None:
                    chunk.lines.append(line)
                    chunk.slow.append((lineno, len(chunk.events)))
                    if len(chunk.lines) > MAX_HAND_LINES:
                        self._too_long(chunk)
                elif not stray:  # (a hand whose hand line is misspelt, it may be)
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

    def _mistyped_header(
        self,
        line: str,
        stripped: str,
        lineno: int,
        read_plain: bool = False,
        outside: bool = False,
    ) -> str | None:
        """The error for a line that is a header line but for a typo in its first word
        ("blind 1/2", "Game badugi"), or None.  Only a line that reads as a header once the
        word is corrected, and does not read as a body line, is one.  ``read_plain``: the
        fast path has already declined the line.  ``outside`` a hand, the header items of
        free text are matched too ("tabel Back room": its hands would be stored at another
        table, named by nobody; in a hand, "Cash out: Anna 50" would read as one)."""
        m = _FIRST_WORD.match(stripped)
        if m is None or (not read_plain and _plain().body_line(line, lineno)):
            return None
        word = m.group()
        known = (word, outside)
        keyword = self.near_keyword.get(known, "")
        if keyword == "":  # compared once per word of a file (difflib: the dearest check)
            keyword = closest(word, _HEADER_FIRST_WORDS_OUTSIDE if outside else _HEADER_FIRST_WORDS)
            if len(self.near_keyword) >= _MAX_KNOWN:
                self.near_keyword.clear()
            self.near_keyword[known] = keyword
        if keyword is None:
            return None
        if not self._reads_as(keyword + stripped[m.end() :], "header", lineno):
            return None
        if self._reads_as(_SOME_HAND_LINE + line, "hand", lineno):  # a body line
            return None
        return (
            f"expected a header item, found {short(word)!r} (did you mean {keyword!r}?); "
            "a header line sets the game, limits, blinds, … for the hands after it"
        )

    def _reads_as(self, text: str, start: str, lineno: int) -> bool:
        """Whether Lark reads ``text`` (of file line ``lineno``) as a ``start`` of the grammar:
        what tells a mistyped first word from a line that is fine as it is."""
        from lark.exceptions import UnexpectedInput

        lark, builder = _lark()
        builder.src, builder.line_of = self.source, [0, lineno, lineno]
        try:
            lark.parse(text, start=start)
        except (UnexpectedInput, FormatError):
            return False
        return True

    def _mistyped_hand_line(self, line: str, stripped: str, lineno: int) -> _Chunk | None:
        """The next hand, not read, when ``line`` is its hand line but for a typo in its first
        word ("Hand 2 · button Ben · …" typed on a phone that capitalises, "hnad 2"): else the
        line was read as the hand before it's, which it broke, and the hand it starts was
        lost.  Only a line that reads as a hand line, with its button, once the word is
        corrected, and does not read as a body line (a player named Hand) is one."""
        if not _BUTTON.search(stripped):  # (cheap, first: most lines that come here are not)
            return None
        m = _FIRST_WORD.match(stripped)
        if m is None or m.group() == "hand" or closest(m.group(), ["hand"]) != "hand":
            return None
        corrected = "hand" + stripped[m.end() :]
        named = _HAND_ID.match(corrected)
        if named is None:
            return None
        if self._reads_as(_SOME_HAND_LINE + line, "hand", lineno):  # a body line
            return None
        column = len(line) - len(stripped) + 1
        cased = m.group().lower() == "hand"  # (else a misspelling)
        chunk = _Chunk(lineno, [corrected if corrected.endswith("\n") else corrected + "\n"])
        error = error_at(
            f"expected 'hand', found {short(m.group())!r} (did you mean 'hand'?"
            + (" the words of the format are written in small letters)" if cased else ")"),
            Position(self.source, lineno, column),
            line,
            named.group(1),
        )
        _broken_at(chunk, error)
        return chunk

    def _unreadable(
        self, chunk: _Chunk | None, lineno: int, bad: Unreadable, kind: re.Match[str] | None
    ) -> tuple[_Chunk | None, ParseError | None]:
        """A line that cannot be read (bad bytes, far too long) spoils the hand it belongs to
        (each such line of it is listed with its error), or starts a spoiled hand, or - a
        header line - spoils every hand after it."""
        reason, head = bad.reason, bad.head
        position = Position(self.source, lineno, 1)
        if kind is not None and kind.group(1):
            chunk = _Chunk(lineno, [head.lstrip(_IGNORED) + "\n"])
        error = ParseError(reason, position=position, hand=_hand_id(chunk))
        if chunk is not None:
            if kind is None:  # one of its lines, not kept (a hand line starts the chunk)
                chunk.skip(lineno)
            _broken_at(chunk, error)
            return chunk, None
        if kind is not None:
            self.bad_header = position
        return chunk, error

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
        except ConfigError as exc:
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
            named = _CURRENCY_ITEM.search(line)
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
        recorded = []
        for line in chunk.lines[1:]:
            read = body_line(line, 0) if line.strip() and line[0] != "#" else None
            if read is not None:
                recorded += [e for e in read[0] if type(e) in _RECORDED]
        error.recorded = tuple(recorded)
        kinds = set(map(type, recorded))
        if CarryOut in kinds and leaves_a_redeal(self.state.settings(), True):
            self.carried_tables.add(self._carrying_table())
        elif Collect in kinds:
            self.carried_tables.discard(self._carrying_table())
        return error

    def _carrying_table(self) -> tuple[str, tuple[str, str, str | None, str]]:
        """The table the hands read now are played at, with their event: a table's carried pot
        goes on from hand to hand only within one session and unit, as its stacks do (the
        replay's tables, ``replay/table.py``), so the first hand of another night, another
        unit or a tournament at the same table is no redeal unless it states the pot carried
        into it (``carry in N``)."""
        return self.state.table, self.state.event()

    def _amounts(self) -> dict[str, Any]:
        """What the hands' amounts are under the current headers, for a syntax error's hint
        (:func:`~.hints.money_hint`): cents of a cash game's currency, chips of a value, or
        plain chips (a tournament's stacks are chips whatever its buy-in's currency)."""
        if self.state.session.get("kind") == "tournament":
            return {}
        return {"currency": self.state.currency, "chip": self.state.session.get("chip_value")}

    def _record(
        self,
        raw: RawHand,
        events: list[Event],
        positions: list[int],
        posts_none: bool,
        chunk: _Chunk,
    ) -> HandRecord:
        """The hand's record, checked as a whole; ``positions``: where each event stands,
        packed (:mod:`.positions`).  Raises :class:`~.record_mistakes.Mistakes` with every
        mistake each check finds (:func:`~.chunks._whole_listed` lists them), not only the
        first."""
        state = self.state
        settings = state.settings()
        mistakes: list[Iterable[FormatError]] = []
        on_hand_line: list[FormatError] = []  # the hand line's, in the order they are found
        if raw.button is None:
            on_hand_line.append(
                FormatError("the hand line must name the button, like 'button Anna'", raw.pos)
            )
        seats = raw.seats
        seated = {seat.name for seat in seats}
        numbers = [seat.number for seat in seats]
        if len(seated) < len(seats) or numbers.count(None) < len(seats):
            on_hand_line += _seat_mistakes(raw)  # a name twice, seat numbers: which seats
        if len(seats) < 2:
            on_hand_line.append(FormatError("a hand needs at least two seated players", raw.pos))
        button, button_pos = raw.button or ("", raw.pos)
        if raw.button is not None and button not in seated:
            on_hand_line.append(
                unseated(button, button_pos, raw, events, self._known(), "the button ")
            )
        mistakes.append(on_hand_line)
        # The checks below in C-level passes over the events; the wrong events, if any, are
        # found in order.  Rebuys, top-ups and sitting out (BETWEEN_HANDS) are rare.
        kinds = set(map(type, events))
        between = not BETWEEN_HANDS.isdisjoint(kinds)
        first_play = 0 if events else None  # the first event that is play, not between hands
        if between:
            first_play = next(
                (i for i, e in enumerate(events) if type(e) not in BETWEEN_HANDS), None
            )
        named = map(getattr, events, repeat("player"), repeat(None))  # None: names nobody
        if not (seated | _NOBODY).issuperset(named) or (
            between
            and first_play is not None
            and not BETWEEN_HANDS.isdisjoint(map(type, events[first_play:]))
        ):
            mistakes.append(
                wrong_events(raw, events, self._positions(positions), seated, self._known())
            )
        has_post = Post in kinds
        sitting = []  # who sits out: written before the first play
        if between and SitOut in kinds:
            sitting = [ev.player for ev in events[:first_play] if type(ev) is SitOut]
        if has_post and posts_none:
            mistakes.append([FormatError("'posts none' but the hand also writes posts", raw.pos)])
        if CarryIn in kinds and not GAMES[settings.game].progressive:
            at_positions = self._positions(positions)
            mistakes.append(
                [
                    FormatError(
                        "'carry in' states a Progressive Badugi pot carried into the hand: this "
                        f"game ({settings.game}) carries no pot",
                        at_positions[i],
                    )
                    for i, e in enumerate(events)
                    if type(e) is CarryIn
                ]
            )
        if RakeTaken in kinds and state.rake_none:
            at_positions = self._positions(positions)
            mistakes.append(
                [
                    FormatError(
                        f"'raked {cast(RakeTaken, e).amount}', but the game header says 'rake "
                        "none': no rake is taken; leave the entry out, or state the house's "
                        "rule ('rake 5% cap 3')",
                        at_positions[i],
                    )
                    for i, e in enumerate(events)
                    if type(e) is RakeTaken and e.amount
                ]
            )
        otherwise = state.stated_otherwise()
        if otherwise is not None:
            mistakes.append([FormatError(otherwise, raw.pos)])
        if any(mistakes):  # (lists, and the wrong events, which the guard above found)
            raise Mistakes(mistakes, raw.seat_pos)
        implied = redeal = False
        if not has_post and not posts_none:
            # A redeal: the table's previous hand here carried its pot, or the hand states
            # the pot carried into it (the previous hand is in another file).
            carried = bool(self.carried_tables) and self._carrying_table() in self.carried_tables
            redeal = opens_a_redeal(carried, events if CarryIn in kinds else ())
            posts = self._implied_posts(settings, seats, button, sitting, redeal)
            if posts:  # placed at the hand line
                at = len(events) if first_play is None else first_play
                events[at:at] = posts
                positions[at:at] = [pack(raw.pos.line, raw.pos.column)] * len(posts)
                implied = True
            else:
                # A redeal, or settings without forced bets: none due.  A redeal is the
                # reader's guess (a hand before may not have been read): the record says so.
                posts_none = True
        inherited = state.currency_inherited()
        table = state.table
        known = self.players.get(table)
        if known is None or not seated <= known:
            self._remember(table, seated)
        if leaves_a_redeal(settings, CarryOut in kinds):
            self.carried_tables.add(self._carrying_table())
        elif self.carried_tables:
            self.carried_tables.discard(self._carrying_table())
        return HandRecord(
            raw.hand_id,
            settings,
            tuple(seats),
            button,
            tuple(events),
            state.session_value(),
            table,
            raw.pos,
            "text",
            "".join(chunk.lines).rstrip() + "\n",
            posts_none,
            self._positions(positions),
            posts_implied=implied,
            currency_inherited=inherited,
            redeal_implied=redeal and posts_none,
        )

    def _implied_posts(
        self,
        settings: GameSettings,
        seats: list[Seat],
        button: str,
        sitting: list[str],
        redeal: bool,
    ) -> tuple[Post, ...]:
        """:func:`implied_posts` of a hand that writes none, worked out once per seating,
        button and who sits out under the same settings (a night repeats a few of them); its
        posts are shared by those hands, like the events of an entry that recurs."""
        if settings is not self.posts_settings or len(self.posts) >= _MAX_KNOWN:
            self.posts_settings, self.posts = settings, {}
        key = (button, redeal, tuple(sitting), tuple([seat.name for seat in seats]))
        posts = self.posts.get(key)
        if posts is None:
            posts = implied_posts(settings, seats, button, sitting, redeal=redeal)
            self.posts[key] = posts
        return posts

    def _positions(self, packed: list[int]) -> LinePositions:
        return LinePositions(self.source, tuple(packed))

    def _known(self) -> Collection[str]:
        """Who sat at this table in the file's hands so far (for suggestions)."""
        return self.players.get(self.state.table, ())

    def _remember(self, table: str, seated: set[str]) -> None:
        """Remember who sat at ``table`` (for suggestions), within bounds: a file of strangers
        starts remembering afresh."""
        known = self.players.setdefault(table, set())
        self.remembered += len(seated - known)
        if self.remembered > _MAX_KNOWN:
            self.players, self.remembered = {table: set()}, len(seated)
            known = self.players[table]
        known.update(seated)


def _broken_at(chunk: _Chunk, error: ParseError) -> None:
    """``error``, of one line of ``chunk``, makes the hand one that cannot be read (the first
    such is :attr:`_Chunk.broken`); each is listed, up to a bound (:func:`~.chunks._listed`)."""
    if len(chunk.bad) <= MAX_LISTED:
        chunk.bad.append(error)
    if chunk.broken is None:
        chunk.broken = error


def _header_in_a_hand(chunk: _Chunk, lineno: int, header: str) -> str | None:
    """What to say of lines that read as no header after header line ``lineno``, which ended
    the hand ``chunk``: when it came right after the hand's last line (no blank line or
    comment between), a header line written inside the hand, it may be, and the hand's lines
    after it are those lines."""
    last = chunk.lines[-1].lstrip(_IGNORED)
    if not last.strip() or last.startswith("#"):
        return None
    hand = _hand_id(chunk)
    named = f"hand {hand} (line {chunk.start})" if hand else f"the hand at line {chunk.start}"
    words = " ".join(header.split())
    shown = words if len(words) <= 40 else words[:39] + "…"
    return (
        f"; the header line at line {lineno} ('{shown}') ended {named}: header lines go "
        "between hands, so if this line is that hand's, move the header line before the "
        "hand line or after the hand's last line"
    )


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

_NOBODY: frozenset[str | None] = frozenset({None})
_MAX_KNOWN = 10_000  # names and words remembered for suggestions (a file of strangers is huge)
