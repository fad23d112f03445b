"""Lines that are not what they first read as, for the streaming reader (:mod:`.reader`): a
header line or a hand line whose first word is mistyped ("blind 1/2", "Hand 2 · button Ben"),
a line that cannot be read (bad bytes, far too long), a header line written inside a hand.

Why a module of its own: these are the reader's second looks at a line its loop could not
place, each a question put to the parsers (:mod:`.parsers`) and an error worded for it; they
use no more of the reader's state than its source and the words already compared, declared
on :class:`MistypedLines`, which the reader's class takes them from.
"""

from __future__ import annotations

import re
from functools import cache

from ..model.errors import ParseError, Position
from .chunks import (
    _HEADER_FIRST_WORDS,
    _HEADER_FIRST_WORDS_OUTSIDE,
    _IGNORED,
    _SOME_HAND_LINE,
    MAX_LISTED,
    _Chunk,
    _first_word,
    _hand_id,
    _hand_id_pattern,
)
from .lines import Unreadable
from .parsers import _lark, _plain
from .record_assembly import _MAX_KNOWN
from .transformer import FormatError, short


@cache
def _button() -> re.Pattern[str]:
    """A hand line's button item (what tells a misspelt hand line from other lines), compiled
    the first time a line is looked at as a misspelt one."""
    return re.compile(r"[·•;][ \t]*button[ \t]")


class MistypedLines:
    """The reader's looks at a line that is not what it first reads as (:class:`.reader._Reader`
    holds the state these use)."""

    source: str
    bad_header: Position | None
    near_keyword: dict[tuple[str, bool], str | None]

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
        m = _first_word().match(stripped)
        if m is None or (not read_plain and _plain().body_line(line, lineno)):
            return None
        word = m.group()
        known = (word, outside)
        keyword = self.near_keyword.get(known, "")
        if keyword == "":  # compared once per word of a file (difflib: the dearest check)
            from .hints import closest  # (hints are for mistakes: loaded at the first)

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
        if not _button().search(stripped):  # (cheap, first: most lines that come here are not)
            return None
        m = _first_word().match(stripped)
        if m is None or m.group() == "hand":
            return None
        from .hints import closest, error_at  # (hints are for mistakes: loaded at the first)

        if closest(m.group(), ["hand"]) != "hand":
            return None
        corrected = "hand" + stripped[m.end() :]
        named = _hand_id_pattern().match(corrected)
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
