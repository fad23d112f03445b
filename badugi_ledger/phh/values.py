"""The value-by-value reader behind :func:`.fast.fast_loads`, for a plain PHH document whose
lines are not laid out as our writer or PokerKit lays them out (other spacing, a comment
after a value, several items a line in a multi-line array).

It reads the subset :mod:`.fast` describes with a few compiled regular expressions and returns
``None`` for anything else, which then goes to ``tomllib``.  It is a module of its own so that
its expressions are compiled only by a run that meets such a file: files written by our writer
or by PokerKit never need it, and compiling them cost every start about 1% of a one-file check.
"""

from __future__ import annotations

import re
from typing import Any

_ODD = re.compile(r"[\x00-\x08\x0b-\x1f\x7f\r]")
"""Characters TOML forbids or treats specially outside strings: left to ``tomllib``."""
_BLANK = re.compile(r"[ \t]*(?:#[^\n]*)?\n")
_KEY = re.compile(r"[ \t]*([A-Za-z0-9_-]+)[ \t]*=[ \t]*")
_SCALAR = re.compile(
    r'"([^"\\\n]*)"'
    r"|'([^'\n]*)'(?!')"
    r"|([+-]?(?:0|[1-9][0-9]{0,17}))(?=[ \t,\]\n#]|\Z)"
    r"|(true|false)(?=[ \t,\]\n#]|\Z)"
)
"""A basic string without escapes, a literal (single-quoted) string, a decimal integer of
at most 18 digits, or a boolean.  ``'''`` (multi-line literal) is left to ``tomllib``."""
_GAP = re.compile(r"(?:[ \t\n]+|#[^\n]*)*")
"""What may separate array items: spaces, newlines and comments."""
_COMMA = re.compile(r",")
_INT = r"[+-]?(?:0|[1-9][0-9]{0,17})"
_STR = r"(?:\"[^\"\\\n]*\"|'[^'\n]*'(?!'))"
_STRINGS = re.compile(rf"\[[ \t]*((?:{_STR}[ \t]*,[ \t]*)*{_STR})[ \t]*,?[ \t]*\]")
_INTS = re.compile(rf"\[[ \t]*((?:{_INT}[ \t]*,[ \t]*)*{_INT})[ \t]*,?[ \t]*\]")
"""One-line arrays of plain strings or of integers, the common case, read in one match."""
_STRING = re.compile(r"\"([^\"]*)\"|'([^']*)'")
_END = re.compile(r"[ \t]*(?:#[^\n]*)?(?:\n|\Z)")
"""The rest of a ``key = value`` line: an optional comment."""


def read_values(text: str) -> dict[str, Any] | None:
    """The document as ``tomllib`` reads it, or ``None`` if it is not in the plain subset."""
    plain = text.replace("\n", "").replace("\t", "")
    if not (plain.isascii() and plain.isprintable()) and _ODD.search(text):
        return None  # (printable ASCII besides newlines and tabs: nothing _ODD could find)
    data: dict[str, Any] = {}
    pos, size = 0, len(text)
    while pos < size:
        blank = _BLANK.match(text, pos)
        if blank is not None:
            pos = blank.end()
            continue
        key = _KEY.match(text, pos)
        if key is None or key.group(1) in data:
            return None
        parsed = _value(text, key.end())
        if parsed is None:
            return None
        value, pos = parsed
        end = _END.match(text, pos)
        if end is None:
            return None
        data[key.group(1)] = value
        pos = end.end()
    return data


def _scalar(text: str, pos: int) -> tuple[Any, int] | None:
    match = _SCALAR.match(text, pos)
    if match is None:
        return None
    string, literal, number, boolean = match.groups()
    if string is not None:
        return string, match.end()
    if literal is not None:
        return literal, match.end()
    if number is not None:
        return int(number), match.end()
    return boolean == "true", match.end()


def _value(text: str, pos: int) -> tuple[Any, int] | None:
    if not text.startswith("[", pos):
        return _scalar(text, pos)
    strings = _STRINGS.match(text, pos)
    if strings is not None:
        found = _STRING.findall(strings.group(1))
        return [basic or literal for basic, literal in found], strings.end()
    ints = _INTS.match(text, pos)
    if ints is not None:
        return [int(item) for item in ints.group(1).split(",")], ints.end()
    items: list[Any] = []
    pos = _GAP.match(text, pos + 1).end()  # type: ignore[union-attr]  # always matches
    while not text.startswith("]", pos):
        item = _scalar(text, pos)
        if item is None:
            return None
        items.append(item[0])
        pos = _GAP.match(text, item[1]).end()  # type: ignore[union-attr]
        if _COMMA.match(text, pos) is None:
            if not text.startswith("]", pos):
                return None
            break
        pos = _GAP.match(text, pos + 1).end()  # type: ignore[union-attr]
    return items, pos + 1
