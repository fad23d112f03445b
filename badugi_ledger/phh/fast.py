"""A fast reader for the plain subset of TOML that PHH files use, with ``tomllib`` behind it.

Profiling ``badugi-ledger check`` on PHH files showed ``tomllib`` taking about a
third of the time: it is a general TOML parser written in Python.  PHH files written by
:func:`~badugi_ledger.phh.writer.write_phh`, and most PHH files in the wild, are only
``key = value`` lines whose values are integers, basic strings without escapes, literal
(single-quoted, as PokerKit writes them) strings, booleans, or (possibly multi-line,
commented) arrays of those, and our writer's amounts of money, plain decimals (``0.25``).
:func:`fast_loads` reads exactly that
subset with a few compiled regular expressions and returns ``None`` for anything else (tables,
inline tables, dotted keys, escapes, other floats, dates, multi-line strings, nested
arrays, duplicate keys, control characters, ``\\r``), so :func:`loads` hands such documents to
``tomllib`` and correctness never depends on the fast path: whatever it accepts, it reads
exactly as ``tomllib`` does (``tests/phh/test_phh_fast.py`` checks this).

A TOML float is read as a ``Decimal`` of the digits written (``tomllib``'s ``parse_float``,
as PokerKit reads PHH too): an amount of money (``0.10`` dollars) is then exact, never a binary
fraction, and ``phh.fields`` turns it into cents or refuses it.

Reading value by value with regular expressions still cost about a quarter
of reading a PHH hand, so :func:`fast_loads` first tries :func:`_lines_fast`, which takes,
with string operations, only lines as our writer prints them and as PokerKit's own files are
laid out (comment lines, arrays written one item a line with a comment after each item); a
document with any other line (other spacing, a comment after a value...) is read value by
value by :mod:`.values`, imported only then: its regular expressions are compiled only by a
run that needs them (``tests/phh/test_phh_speed.py`` and ``tests/phh/test_phh_fast.py`` check
that every way gives what ``tomllib`` gives).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from decimal import Decimal  # imported where a float is read: money, written out

_KEY_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_NUMBER = r"(?:0|[1-9][0-9]{0,17})(?:\.[0-9]{1,18})?"
_PLAIN_NUMBER = re.compile(_NUMBER)
_PLAIN_NUMBERS = re.compile(rf"{_NUMBER}(?:, {_NUMBER})*")
"""Numbers as our writer prints them: an integer without sign of at most 18 digits, or such an
integer, a point and at most 18 digits (an amount of money, ``9.80``); arrays joined by
``", "``."""


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads(text, parse_float=Decimal)``, read by :func:`fast_loads` when it can;
    raises as ``tomllib``."""
    data = fast_loads(text)
    if data is not None:
        return data
    import tomllib  # only for what the fast reader leaves: its import costs every start ~3%
    from decimal import Decimal

    return tomllib.loads(text, parse_float=Decimal)


def _number(text: str) -> int | Decimal:
    """A number :data:`_PLAIN_NUMBER` matched, as ``tomllib`` reads it (``parse_float=Decimal``)."""
    if "." not in text:
        return int(text)
    from decimal import Decimal  # a float: an amount of money

    return Decimal(text)


def fast_loads(text: str) -> dict[str, Any] | None:
    """The document as ``tomllib`` reads it, or ``None`` if it is not in the plain subset."""
    quick = _lines_fast(text)
    if quick is not None:
        return quick
    from .values import read_values  # the general path: compiled only when a file needs it

    return read_values(text)


_LINES: dict[str, tuple[str, Any]] = {}
"""Lines already read by :func:`_line` (``variant = "FB"``, ``antes = [0, 0, 0]``, ``year =
2024``...: most lines of a file of hands repeat from hand to hand), each read once."""
_LINES_LIMIT = 2048
"""At most this many lines are kept (then the cache starts again): memory stays flat however
many hands a run reads."""
_LINE_CHARS = 256
"""Longer lines (``actions``: one hand's own) are read every time, never kept."""


def _lines_fast(text: str) -> dict[str, Any] | None:
    """The document if every line is exactly as :func:`~.phh.write_phh` writes it, else ``None``:
    :func:`plain_lines` of its lines."""
    return plain_lines(text.split("\n"))


def plain_lines(lines: Iterable[str]) -> dict[str, Any] | None:
    """The document of ``lines`` (without their ends) if every line is one of the plain forms
    below, else ``None``.  :mod:`.split` passes a hand's lines as it cut them, not joined into
    a text to be split again.

    Those forms are the lines our writer prints and those of PokerKit's own files (its tests'
    ``wikipedia_badugi.phh``): ``key = value`` lines (:func:`_line`), empty and comment lines
    (:func:`_blank`), and arrays written one item a line (``actions = [``, then
    :func:`_items`: ``  'p3 f',  # Ted``..., ``]``).  Each line is read with string operations
    (no regular expression walking the long ``actions`` line), a ``key = value`` line once per
    distinct line up to :data:`_LINES_LIMIT` of them: the lines most files are made of cost a
    look-up.  Any other line, even one TOML allows (other spacing, a comment after a value, a
    control character), makes this return ``None`` and :func:`fast_loads` reads the document
    value by value instead.  A list value is copied out of the cache (the caller may change
    it); a long line's value, and an array's read from its lines, are read afresh, never kept,
    so they are the caller's own.
    """
    data: dict[str, Any] = {}
    known = _LINES
    lines = iter(lines)  # an array's lines are read from it by _items
    for line in lines:
        if len(line) > _LINE_CHARS or (entry := known.get(line)) is None:
            entry = _line(line)  # a long line is never kept: not hashed, nor copied
            if entry is None:
                if _blank(line):
                    continue  # (not kept: a key's line is found at once)
                return None
            key, value = entry
            if value is _OPEN:  # its items are on the next lines
                value = _items(lines)
                if value is None:
                    return None
            elif _keep(known, line, entry) and type(value) is list:
                value = value.copy()
        else:
            key, value = entry
            if type(value) is list:
                value = value.copy()
        if key in data:
            return None
        data[key] = value
    return data


def _keep(known: dict[str, Any], line: str, entry: Any) -> bool:
    """Keep what ``line`` was read as in the bounded cache ``known`` (emptied when full), unless
    the line is longer than :data:`_LINE_CHARS`; returns whether it was kept."""
    if len(line) > _LINE_CHARS:
        return False
    if len(known) >= _LINES_LIMIT:
        known.clear()
    known[line] = entry
    return True


_OPEN = object()
"""The value of a ``key = [`` line: its items are on the lines below."""
_ITEM, _LAST_ITEM, _CLOSE, _NOTE = "item", "last item", "close", "note"
"""The kinds of an array's lines written one item a line (:func:`_item_line`): an item and
its comma, an item without one (the last), the closing ``]``, an empty or comment line."""


def _items(lines: Iterator[str]) -> list[Any] | None:
    """The items of an array written one item a line, read from ``lines`` up to its closing
    ``]`` (:func:`_item_line` each, once per distinct line as :func:`plain_lines` keeps a key's
    line: ``  'p3 f',  # Ted`` recurs); ``None`` if a line is none of those, an item follows one
    without its comma, or the lines end first."""
    items: list[Any] = []
    last = None
    known = _ITEM_LINES
    for line in lines:
        entry = known.get(line)
        if entry is None:
            entry = _item_line(line)
            if entry is None:
                return None
            _keep(known, line, entry)
        kind, value = entry
        if kind is _NOTE:
            continue
        if kind is _CLOSE:
            return items
        if last is _LAST_ITEM:
            return None  # an item after one without its comma
        items.append(value)
        last = kind
    return None  # an array left open: not TOML


_ITEM_LINES: dict[str, tuple[str, Any]] = {}
"""Lines of arrays written one item a line already read by :func:`_item_line`, bounded as
:data:`_LINES` is (their values are strings, numbers and booleans: shared safely)."""


def _line(line: str) -> tuple[str, Any] | None:
    """``(key, value)`` of one ``key = value`` line as our writer prints it, else ``None``.

    One space each side of ``=``, the value a basic string without escapes, a literal string, a
    number, a boolean (:func:`_scalar`), or a one-line array of such strings or of such
    numbers, items separated by ``", "``; or ``key = [`` (value :data:`_OPEN`), its items on
    the lines below.  Only printable characters (no tab, no control character).
    """
    key, equals, value = line.partition(" = ")
    if not equals or not key or key.strip(_KEY_CHARS) or not _printable(line):
        return None
    if value == "[":
        return key, _OPEN
    if value[:1] == "[":
        mark = value[1:2]
        if (mark == '"' or mark == "'") and value.endswith(mark + "]"):
            inner = value[2:-2]
            items = inner.split(_ITEM_SEPARATORS[mark])
            if len(value) < 4 or inner.count(mark) != 2 * len(items) - 2:
                return None
            if mark == '"' and "\\" in inner:
                return None
            return key, items
        if _PLAIN_NUMBERS.fullmatch(value, 1, len(value) - 1) and value[-1] == "]":
            inner = value[1:-1]
            if "." in inner:
                return key, list(map(_number, inner.split(", ")))
            return key, list(map(int, inner.split(", ")))
        return None
    scalar = _scalar(value)
    return None if scalar is None else (key, scalar[0])


def _scalar(value: str) -> tuple[Any] | None:
    """``(value,)`` of a basic string without escapes, a literal string, a number without
    sign (:data:`_PLAIN_NUMBER`) or a boolean, else ``None``."""
    first = value[:1]
    if first == '"' or first == "'":
        inner = value[1:-1]
        if len(value) < 2 or value[-1] != first or first in inner:
            return None
        if first == '"' and "\\" in inner:
            return None  # an escape: for the general readers
        return (inner,)
    if value == "true" or value == "false":
        return (value == "true",)
    if _PLAIN_NUMBER.fullmatch(value):
        return (_number(value),)
    return None


def _blank(line: str) -> bool:
    """Whether ``line`` is empty, blank (spaces) or a comment, printable characters only."""
    body = line.lstrip(" ")
    return not body or (body[0] == "#" and _printable(body))


def _item_line(line: str) -> tuple[str, Any] | None:
    """A line of an array written one item a line: empty or a comment (:data:`_NOTE`), ``]``
    (:data:`_CLOSE`) or one item (:func:`_scalar`) with its comma (:data:`_ITEM`) or without
    (:data:`_LAST_ITEM`), each indented by spaces or not and followed by spaces and a comment
    or not; printable characters only; else ``None``."""
    if _blank(line):
        return _NOTE, None
    body = line.lstrip(" ")
    first = body[:1]
    if first == "]":
        kind, end = _CLOSE, 1
    else:
        if first == '"' or first == "'":
            end = body.find(first, 1) + 1  # no escapes: the next quote ends the string
            if not end:
                return None
        else:  # a number or a boolean: its characters
            end = len(body) - len(body.lstrip(_WORD_CHARS))
        kind = _ITEM if body[end : end + 1] == "," else _LAST_ITEM
    rest = body[end + 1 if kind is _ITEM else end :].lstrip(" ")
    if (rest and rest[0] != "#") or not _printable(body):
        return None
    if kind is _CLOSE:
        return _CLOSE, None
    scalar = _scalar(body[:end])
    return None if scalar is None else (kind, scalar[0])


_WORD_CHARS = "0123456789.truefals"
"""The characters of a number or boolean item: where such an item ends."""


_ITEM_SEPARATORS = {'"': '", "', "'": "', '"}


def _printable(line: str) -> bool:
    """``line.isprintable()``; an ASCII line (every line of a plain file) is checked by
    deleting its control bytes, in C, instead of looking each character up in Unicode's
    tables: a third of the cost on the long ``actions`` line.  (ASCII's printable characters
    are exactly those from space to ``~``.)"""
    if line.isascii():
        return b"\0" not in line.encode().translate(_CONTROLS_TO_NUL)
    return line.isprintable()


_CONTROLS_TO_NUL = bytes(0 if byte < 0x20 or byte == 0x7F else byte for byte in range(256))
"""A ``bytes.translate`` table that maps the ASCII characters ``str.isprintable`` refuses to
NUL (itself one of them) and every other byte to itself: a line holds one of them if and only
if its translation holds a NUL."""
