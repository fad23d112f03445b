"""A PHH or PHHS file cut into its hands while it is read: linear time, one hand in memory.

A ``.phhs`` file is a TOML document of tables, one hand each (``[1]``, ``[2]``…).  Parsing the
whole document at once holds every hand in memory and, worse, finding each hand's lines again
afterwards rescans the file per hand.  So the lines are read once, in order, and cut at every
top-level table header (``[key]``, ``['key']``, ``["key"]``); each piece is parsed by itself
(:func:`.fast.loads`) and handed on before the next is read.  A one-hand ``.phh`` file is
one piece.  Dotted headers (``[1.meta]``) stay with the hand they belong to.  A hand written
as an item of an array of tables (``[[2]]``, which TOML reads as no table: it was passed over)
is an error of its own, its lines skipped; ``[[_notes]]`` stays a user-defined field of the
hand it is in.  A line inside a multi-line array that looks like a header (a nested ``[1]``,
which no PHH field holds) would cut a hand in two: both halves are then reported as not valid
TOML, never misread.  A header written wrongly (``[2`` its ``]`` lost, ``[]``, ``[2] x``) is no
header to the cut, so its hand's lines run on into the hand before it, which then fails to
parse: such a piece is cut again at each line that starts with ``[`` and is not valid TOML by
itself, the hand before it read alone, and each such header made an error of the hand it heads
(named by its key when one can be read in it), whose lines are not read.

Every way a piece can fail to parse becomes a located :class:`ImportFormatError` of that piece
(rule ``bad-phh``) and the next piece is read: ``tomllib``'s syntax errors (line and column
mapped into the file), an integer of more digits than Python converts, values nested so deep
that ``tomllib`` runs out of stack, a table named twice, a hand larger than
:data:`MAX_HAND_CHARS` (a real one is a few thousand characters; its lines are skipped, not
kept), and a line the file reader cut short (a :class:`~..sites.files.CutLine`, longer than
any line of a hand: ``line-too-long`` at that line, as the site readers say it).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from itertools import chain
from pathlib import PurePath
from typing import Any

from ..model.errors import ImportFormatError, Position
from ..model.frozen import fields_eq, fields_hash, fields_repr, frozen_fields
from ..model.limits import MAX_DIGITS, quote
from ..model.names import one_line
from ..sites.files import CutLine, cut_line_error
from . import fast

MAX_HAND_CHARS = 1_000_000
"""The most characters one hand (one table of a ``.phhs`` file) may have."""

_HEADER = re.compile(
    r"[ \t]*\[(\[)?[ \t]*([A-Za-z0-9_-]+|\"[^\"\\\n]*\"|'[^'\n]*')[ \t]*\](?(1)\])[ \t]*(?:#.*)?"
)
"""A top-level table header: one bare or quoted key (no dots), an optional comment; or, in
double brackets, an item of an array of tables (group 1 then holds the second bracket)."""
_DAMAGED_KEY = re.compile(r"[ \t]*\[+[ \t]*([A-Za-z0-9_-]+|\"[^\"\\\n]*\"|'[^'\n]*')")
"""The key a table header written wrongly still shows (``[2``, ``[2] x``, ``[[2]``)."""
_AT = re.compile(r"\(at line (\d+), column (\d+)\)$")
_LONG_NUMBER = re.compile(rf"\d{{{MAX_DIGITS + 1},}}")


@frozen_fields
class PhhPiece:
    """One parsed piece of the file: a table (``key``) or the document's root (``None``).

    Frozen by the model's shared methods, its constructor written out (one per hand, and
    nothing compiled at start: :mod:`badugi_ledger.model.frozen`)."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    key: str | None
    start: int
    """1-based line of its first line (the table header; 1 for the root)."""
    lines: list[str]
    data: dict[str, Any]

    def __init__(self, key: str | None, start: int, lines: list[str], data: dict[str, Any]) -> None:
        object.__setattr__(
            self, "__dict__", {"key": key, "start": start, "lines": lines, "data": data}
        )

    def hands(self) -> list[tuple[str | None, dict[str, Any]]]:
        """``(table key, fields)`` of each hand here: the root itself when it has a field
        (a one-hand ``.phh``), else every table of it (a ``.phhs`` file's ``[1]``, ``[2]``…).
        Each is a hand, as PokerKit's ``HandHistory.loads_all`` reads every table as one: a
        table without the required ``variant`` is that hand's error (:mod:`.reader`), never
        passed over, so that no hand's chips go missing without a word.  But a table whose key
        starts with ``_`` is a user-defined field (``spec.rst``: user-defined fields are
        prefixed by an underscore; a ``.phh`` hand's ``[_venue]``), no hand."""
        data = self.data
        if self.key is None and any(type(v) is not dict for v in data.values()):
            return [(None, data)]
        return [(str(k), v) for k, v in data.items() if type(v) is dict and str(k)[:1] != "_"]


def iter_pieces(lines: Iterable[str], source: str) -> Iterator[PhhPiece | ImportFormatError]:
    """The pieces of a PHH/PHHS file, parsed, in order; ``lines`` is read once, lazily."""
    key: str | None = None
    start, size, too_big, listed = 1, 0, False, False
    cut: tuple[int, CutLine] | None = None  # the piece's first line too long to be kept
    chunk: list[str] = []
    seen: set[str] = set()
    lines = iter(lines)
    for first in lines:  # the first line, without a byte-order mark, then the others
        lines = chain((first.lstrip("\ufeff"),), lines)
        break
    for number, line in enumerate(lines, 1):
        # a header starts with "[" or a blank ("" is in any string: an empty line has no "[")
        if line[:1] in "[ \t" and "[" in line[:64]:
            header = _HEADER.fullmatch(line)
            if header is not None and header.group(1) and _unquote(header.group(2))[:1] == "_":
                header = None  # ``[[_notes]]``: a user-defined field of the hand, in it
            if header is not None and _in_long_string(chunk):
                header = None  # a line of a multi-line string (a ``_notes`` text), no header
            if header is not None:
                if not listed:
                    yield from _piece(key, start, chunk, too_big, cut, source, seen)
                key, start, chunk, size, too_big = _unquote(header.group(2)), number, [], 0, False
                cut, listed = None, bool(header.group(1))
                if listed:  # ``[[1]]``: no hand of PHH, whatever it holds; its lines skipped
                    yield _listed(key, start, source)
        if too_big or listed:
            continue
        if type(line) is CutLine:
            cut = cut or (number, line)
            continue
        size += len(line) + 1
        if size > MAX_HAND_CHARS:
            too_big, chunk = True, []
            continue
        chunk.append(line)
    if not listed:
        yield from _piece(key, start, chunk, too_big, cut, source, seen)


_LONG_STRING = re.compile(
    r"[ \t]*(?:[A-Za-z0-9_-]+|\"[^\"\n]*\"|'[^'\n]*')[ \t]*=[ \t]*(\"\"\"|''')(.*)"
)
"""A line whose value is a multi-line string (``_notes = \"\"\"``): its opening quotes, and
what follows them on the line."""


def _in_long_string(chunk: list[str]) -> bool:
    """Whether the lines of ``chunk`` leave a multi-line string open (a user-defined field's
    value, ``_notes = \"\"\"``, which TOML allows): the next line is then the string's, even
    one shaped like a table header.  Only a value that opens with the quotes counts (quotes in
    a comment or inside a one-line string open nothing); read once a hand, where a header
    seems to start it."""
    if not any('"""' in line or "'''" in line for line in chunk):
        return False
    open_quote = None
    for line in chunk:
        if open_quote is not None:
            if open_quote in line:
                open_quote = None  # (what follows the closing quotes opens no other)
            continue
        opened = _LONG_STRING.fullmatch(line)
        if opened is not None and opened.group(1) not in opened.group(2):
            open_quote = opened.group(1)
    return open_quote is not None


def _listed(key: str, line: int, source: str) -> ImportFormatError:
    """The error of a hand written as an item of an array of tables (``[[1]]``)."""
    return _bad_piece(
        f"[[{key}]] writes a hand as an item of an array of tables, which PHH does not read: "
        f"each hand of a .phhs file is a table of its own, in single brackets ([{key}])",
        source,
        key,
        line,
        1,
    )


def _named(key: str | None, source: str | None = None) -> str | None:
    """The hand a piece's error names: a ``.phhs`` table's key, known before its lines are
    parsed (a hand that cannot be read has its number, and is counted as a hand), as the reader
    names a hand without ``hand``; for the document's root of a ``.phh`` file (``source``, a
    file of one hand), the file's name, as the reader names it (its ``hand``, if any, is not
    read); else None."""
    if key is None:
        if source is None or not source.lower().endswith(".phh"):
            return None
        key = PurePath(source).stem
    return quote(one_line(key))


def _bad_piece(
    message: str, source: str, key: str | None, line: int, column: int
) -> ImportFormatError:
    """The error of a piece (under table ``key``, or the root) at ``line`` and ``column``."""
    return ImportFormatError(
        message, position=Position(source, line, column), hand=_named(key, source), rule="bad-phh"
    )


def _unquote(key: str) -> str:
    return key[1:-1] if key[:1] in "'\"" else key


def _piece(
    key: str | None,
    start: int,
    chunk: list[str],
    too_big: bool,
    cut: tuple[int, CutLine] | None,
    source: str,
    seen: set[str],
) -> Iterator[PhhPiece | ImportFormatError]:
    if cut is not None:  # a line longer than any line of a hand: not kept
        yield cut_line_error(cut[1], source, cut[0] - 1)
        return
    if too_big:
        yield _bad_piece(
            f"this hand has more than {MAX_HAND_CHARS:,} characters (a PHH hand has a few "
            "thousand); it is not read",
            source,
            key,
            start,
            1,
        )
        return
    if key is not None:
        if key in seen:
            twice = f"the table [{key}] appears twice; each hand needs a key of its own"
            yield _bad_piece(twice, source, key, start, 1)
            return
        seen.add(key)
    if not chunk:
        return
    parsed = _parse(key, start, chunk, source)
    if isinstance(parsed, ImportFormatError):
        damaged = _damaged_headers(chunk, 0 if key is None else 1)
        if damaged:  # the hand before a header written wrongly is read without its lines
            if damaged[0][0]:
                yield _parse(key, start, chunk[: damaged[0][0]], source)
            yield from (_damaged(chunk[at], problem, start + at, source) for at, problem in damaged)
            return
    yield parsed


def _damaged_headers(chunk: list[str], begin: int) -> list[tuple[int, str]]:
    """The indexes, from ``begin``, of the lines of ``chunk`` (a piece that is not valid TOML)
    that are a table header written wrongly (``[2`` its ``]`` lost, ``[]``, ``[2] x``,
    ``[[2]``), each with ``tomllib``'s message for it: a line that starts with ``[`` and is
    not valid TOML by itself.  Such a line is
    no header to :data:`_HEADER`, so the piece runs on over it and the hand under it: the hand
    before it would be refused for another hand's header.  Sought only in a piece that failed
    to parse, so a hand that reads is never cut; a line of a multi-line array of arrays
    (``[1, 2],``, a comma in it) is not taken for one."""
    found = []
    for at in range(begin, len(chunk)):
        line = chunk[at]
        if line.lstrip(" \t")[:1] == "[" and "," not in line:
            problem = _toml_error(line)
            if problem is not None:
                found.append((at, problem))
    return found


def _damaged(line: str, problem: str, number: int, source: str) -> ImportFormatError:
    """The error of a table header written wrongly (:func:`_damaged_headers`: ``problem`` is
    ``tomllib``'s word on it) at file line ``number``: an error of the hand it heads, named by
    its key when one can be read in it (``[2``: hand 2), else of no hand known; that hand's
    lines, to the next header, are not read."""
    at = _AT.search(problem)
    if at is not None:
        column, message = int(at.group(2)), problem[: at.start()].rstrip()
    else:  # "(at end of document)": the line's end
        column, message = len(line) + 1, problem.removesuffix(" (at end of document)")
    named = _DAMAGED_KEY.match(line)
    key = _unquote(named.group(1)) if named is not None else ""
    return ImportFormatError(
        f"not valid TOML: {message}: a hand's table header ([1], ['key']) is written wrongly "
        "here; the hand under it is not read",
        position=Position(source, number, column),
        hand=_named(key or None),
        rule="bad-phh",
    )


def _toml_error(line: str) -> str | None:
    """``tomllib``'s message for ``line`` read as a document by itself, None if it reads."""
    import tomllib  # (loaded already: the piece holding the line failed to parse)

    try:
        tomllib.loads(line)
    except tomllib.TOMLDecodeError as exc:
        return str(exc)
    return None


def _parse(
    key: str | None, start: int, chunk: list[str], source: str
) -> PhhPiece | ImportFormatError:
    """``chunk`` (file lines from ``start``, under table ``key`` or the root) parsed, or the
    located error that says why it cannot be."""

    def error(message: str, line: int = start, column: int = 1) -> ImportFormatError:
        return _bad_piece(message, source, key, line, column)

    plain = fast.plain_lines(chunk if key is None else chunk[1:])  # as our writer writes
    if plain is not None:
        return PhhPiece(key, start, chunk, plain if key is None else {key: plain})
    text = "\n".join(chunk) + "\n"
    body = fast.fast_loads(text[len(chunk[0]) + 1 :]) if key is not None else None
    try:
        data = fast.loads(text) if key is None or body is None else {key: body}
    except ValueError as exc:  # a TOML error, or an integer of thousands of digits
        from tomllib import TOMLDecodeError  # loaded by fast.loads when it raised one

        if isinstance(exc, TOMLDecodeError):
            message = str(exc)
            at = _AT.search(message)
            if at is None:
                return error(f"not valid TOML: {message}")
            line, column = start + int(at.group(1)) - 1, int(at.group(2))
            return error(f"not valid TOML: {message[: at.start()].rstrip()}", line, column)
        # tomllib converts an integer of thousands of digits: Python refuses
        line, column = _long_number(chunk, start)
        return error(
            f"a number of more than {MAX_DIGITS} digits; amounts and counts are at most 2^53",
            line,
            column,
        )
    except RecursionError:
        return error("arrays or tables nested too deep to read (PHH fields nest at most once)")
    return PhhPiece(key, start, chunk, data)


def _long_number(chunk: list[str], start: int) -> tuple[int, int]:
    """Line and column of the first over-long run of digits."""
    for i, line in enumerate(chunk):
        found = _LONG_NUMBER.search(line)
        if found is not None:
            return start + i, found.start() + 1
    return start, 1
