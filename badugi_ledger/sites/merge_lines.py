"""A line of a Merge history: one XML element, its attributes, or a line that is none.

Merge writes one element a line, so its files are read line by line (keeping line numbers for
errors) rather than as one XML document (:mod:`.merge`).  A line that is not one whole element
was cut short or damaged: what it said is lost, and it is an error at its line, as the other
readers refuse a line they cannot read.  Attributes are read with plain patterns that cannot
backtrack (possessive repeats), so a line costs time in proportion to its length.
"""

from __future__ import annotations

import html
import re

from ..model.errors import ImportFormatError, Position
from ..model.limits import quote

_TAG = re.compile(r"<(?P<close>/?)(?P<tag>\w++)")
_ATTR = re.compile(r'(?<!\w)(\w++)="([^"]*+)"')


def element(line: str) -> tuple[bool, str, str] | None:
    """``(closing, tag, attributes text)`` of a line holding one XML element, else None.

    >>> element('  <player seat="0" nickname="Hero"/>')
    (False, 'player', ' seat="0" nickname="Hero"')
    """
    text = line.strip().lstrip("\ufeff")
    if not text.endswith(">"):
        return None
    m = _TAG.match(text)
    if m is None:
        return None
    body = text[m.end() : -1]
    if ">" in body:
        return None
    return bool(m["close"]), m["tag"], body[:-1] if body.endswith("/") else body


def tag_of(text: str) -> str:
    """The tag a line that is not one whole element begins with (``<event …`` cut short:
    ``event``), "" when it begins with none: what the line lost was.

    >>> tag_of('<event sequence="4" ty'), tag_of("</round"), tag_of("zzz")
    ('event', '', '')
    """
    m = _TAG.match(text)
    return m["tag"] if m is not None and not m["close"] else ""


def attributes(body: str) -> dict[str, str]:
    """An element's attributes (``name="value"``, references decoded: :func:`decoded`)."""
    return {k: decoded(v) if "&" in v else v for k, v in _ATTR.findall(body)}


_REFERENCE = re.compile(r"&(?:#([0-9]{1,8})|#[xX]([0-9a-fA-F]{1,8})|([A-Za-z][A-Za-z0-9]*));")


def decoded(value: str) -> str:
    """An attribute's value with its references decoded in one pass, a character reference
    as XML defines it: the character of that code point (``&#27;`` is ESC, ``&#128;`` is
    U+0080).  HTML's decoding, which named entities go through, drops some code points and
    reads 128-159 as Windows-1252 (``&#27;`` nothing, ``&#128;`` a euro sign): a name would
    change with no word, and two players be one.  A reference to no character (0, a
    surrogate, beyond U+10FFFF) is kept as written."""

    def character(match: re.Match[str]) -> str:
        decimal, hexadecimal, name = match.groups()
        if name is not None:
            return html.unescape(match[0])
        code = int(decimal) if decimal is not None else int(hexadecimal, 16)
        if code == 0 or 0xD800 <= code <= 0xDFFF or code > 0x10FFFF:
            return match[0]
        return chr(code)

    return _REFERENCE.sub(character, value)


def unreadable_line(text: str, source: str, index: int) -> ImportFormatError:
    """A line (0-based ``index``) that is not one whole element: Merge writes one a line, so
    it was cut short or damaged, and what it said is lost (as the other readers refuse a line
    they cannot read)."""
    return ImportFormatError(
        f"unrecognised line {quote(text)!r}: not one whole XML element (cut short?)",
        position=Position(source, index + 1, 1),
        rule="unrecognised-line",
    )
