"""A fast reader for the plain subset of TOML that PHH files use, with ``tomllib`` behind it.

Profiling ``badugi-ledger check`` on PHH files showed ``tomllib`` taking about a
third of the time: it is a general TOML parser written in Python.  PHH files written by
:func:`~badugi_ledger.phh.writer.write_phh`, and most PHH files in the wild, are only
``key = value`` lines whose values are integers, basic strings without escapes, literal
(single-quoted, as PokerKit writes them) strings, booleans, or (possibly multi-line,
commented) arrays of those.  :func:`fast_loads` reads exactly that
subset with a few compiled regular expressions and returns ``None`` for anything else (tables,
inline tables, dotted keys, escapes, floats, dates, multi-line strings, nested
arrays, duplicate keys, control characters, ``\\r``), so :func:`loads` hands such documents to
``tomllib`` and correctness never depends on the fast path: whatever it accepts, it reads
exactly as ``tomllib`` does (``tests/phh/test_phh_fast.py`` checks this).

Reading value by value with regular expressions still cost about a quarter
of reading a PHH hand, so :func:`fast_loads` first tries :func:`_lines_fast`, which takes
only lines exactly as our writer prints them, with string operations; a document with any
other line (a comment, a multi-line array...) is read value by value by :mod:`.values`,
imported only then: its regular expressions are compiled only by a run that needs them
(``tests/phh/test_phh_speed.py`` checks that every way gives what ``tomllib`` gives).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

_KEY_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_PLAIN_INT = re.compile(r"0|[1-9][0-9]{0,17}")
_PLAIN_INTS = re.compile(r"(?:0|[1-9][0-9]{0,17})(?:, (?:0|[1-9][0-9]{0,17}))*")
"""Integers as our writer prints them: no sign, at most 18 digits; arrays joined by ``", "``."""


def loads(text: str) -> dict[str, Any]:
    """``tomllib.loads(text)``, read by :func:`fast_loads` when it can; raises as ``tomllib``."""
    data = fast_loads(text)
    if data is not None:
        return data
    import tomllib  # only for what the fast reader leaves: its import costs every start ~3%

    return tomllib.loads(text)


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
    """The document of ``lines`` (without their ends) if every line is exactly as
    :func:`~.phh.write_phh` writes it, else ``None``.  :mod:`.split` passes a hand's lines as
    it cut them, not joined into a text to be split again.

    Each line is read by :func:`_line` (string operations, no regular expression walking the
    long ``actions`` line), once per distinct line up to :data:`_LINES_LIMIT` of them.  Any
    other line, even one TOML allows (a comment, other spacing, a multi-line array, a control
    character), makes this return ``None`` and :func:`fast_loads` reads the document value by
    value instead.  A list value is copied out of the cache (the caller may change it); a long
    line's value is read afresh, never kept, so it is the caller's own.
    """
    data: dict[str, Any] = {}
    known = _LINES
    for line in lines:
        if len(line) > _LINE_CHARS:  # never kept: not hashed to be looked up, nor copied
            entry = _line(line)
            if entry is None or entry[0] in data:
                return None
            data[entry[0]] = entry[1]
            continue
        entry = known.get(line)
        if entry is None:
            if not line:
                continue  # an empty line
            entry = _line(line)
            if entry is None:
                return None
            if len(known) >= _LINES_LIMIT:
                known.clear()
            known[line] = entry
        key, value = entry
        if key in data:
            return None
        data[key] = value.copy() if type(value) is list else value
    return data


def _line(line: str) -> tuple[str, Any] | None:
    """``(key, value)`` of one ``key = value`` line as our writer prints it, else ``None``.

    One space each side of ``=``, the value a basic string without escapes, a literal string, an
    integer, a boolean, or a one-line array of such strings or of such integers, items separated
    by ``", "``; only printable characters (no tab, no control character).
    """
    key, equals, value = line.partition(" = ")
    if not equals or not key or key.strip(_KEY_CHARS) or not _printable(line):
        return None
    first = value[:1]
    if first == '"' or first == "'":
        inner = value[1:-1]
        if len(value) < 2 or value[-1] != first or first in inner:
            return None
        if first == '"' and "\\" in inner:
            return None  # an escape: for the general readers
        return key, inner
    if first == "[":
        mark = value[1:2]
        if (mark == '"' or mark == "'") and value.endswith(mark + "]"):
            inner = value[2:-2]
            items = inner.split(_ITEM_SEPARATORS[mark])
            if len(value) < 4 or inner.count(mark) != 2 * len(items) - 2:
                return None
            if mark == '"' and "\\" in inner:
                return None
            return key, items
        if _PLAIN_INTS.fullmatch(value, 1, len(value) - 1) and value[-1] == "]":
            return key, list(map(int, value[1:-1].split(", ")))
        return None
    if value == "true" or value == "false":
        return key, value == "true"
    if _PLAIN_INT.fullmatch(value):
        return key, int(value)
    return None


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
