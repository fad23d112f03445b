"""The lines the reader reads: a file's bytes or a string cut into lines, a block at a time.

Every line comes out as the reader wants it: a ``str`` ending in exactly one ``"\\n"`` (a CR
before it dropped, the last line given one, the byte-order mark of line 1 dropped), or, for a
line that cannot be read, an :class:`Unreadable` saying why.  The reader
(:mod:`badugi_ledger.text.parse`) then only reads lines, never looks at bytes, line ends or
lengths.

Why blocks: reading a file line by line cost a ``readline``, a decode and a generator step for
every line, more than the reader's own work on it.  Here a block of :data:`BLOCK` bytes is
decoded once and cut into lines by one ``splitlines`` in C; the reader walks the lists.  Memory
stays flat: at most a block and one line are held, and a line longer than :data:`MAX_LINE` is
never held whole.

What a line is, is said once, line by line, by :func:`file_line` and :func:`text_line`; a block
takes the fast way (:func:`_plain_block`) only when that gives the same lines - no byte that is
not UTF-8, no line near the length bound, no character other than ``"\\n"`` that
``splitlines`` would cut at - and otherwise is read line by line.
``tests/text/test_lines.py`` holds the two ways equal, and shows real files take the fast one.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator, Sequence
from typing import AnyStr

from ..model.frozen import fields_eq, fields_hash, fields_repr, frozen_fields
from ..model.limits import MAX_LINE

__all__ = ["BLOCK", "MAX_LINE", "Unreadable", "file_blocks", "text_blocks"]


BLOCK = 1 << 16
"""Bytes (characters of a string) cut into lines at a time."""

_OTHER_BREAKS = ("\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029")
"""What ``str.splitlines`` cuts at besides ``"\\n"``: a block holding one is cut by ``"\\n"``."""


@frozen_fields
class Unreadable:
    """A line that cannot be read: why (the error's message), and its first characters (what
    kind of line it would have been).  A frozen dataclass made as the model's are
    (:mod:`badugi_ledger.model.frozen`): nothing compiled at start."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    reason: str
    head: str

    def __init__(self, reason: str, head: str) -> None:
        object.__setattr__(self, "__dict__", {"reason": reason, "head": head})


Line = str | Unreadable


def _too_long(size: int, unit: str, head: str) -> Unreadable:
    return Unreadable(
        f"this line is {size:,} {unit} long; a line holds at most {MAX_LINE:,} {unit}", head
    )


_BOM = b"\xef\xbb\xbf"
"""The byte-order mark a file's first line may start with: no character of it."""


def _length(raw: str | bytes) -> int:
    """A line's length without its end (LF, CRLF, or the CRs a file's last line ends in)."""
    cr, lf = ("\r", "\n") if isinstance(raw, str) else (b"\r", b"\n")
    size = len(raw) - raw.endswith(lf)  # type: ignore[arg-type]
    while size and raw[size - 1 : size] == cr:
        size -= 1
    return size


def file_line(raw: bytes, first: bool) -> Line:
    """One line of a file as read: ``raw`` holds its bytes and its ``"\\n"`` (none at the end
    of the file); ``first``: it is the file's first line.  This is what a line is; blocks
    are cut into the same lines faster when they can be."""
    if first and raw.startswith(_BOM):
        raw = raw[3:]  # (no character of the line)
    if len(raw) > MAX_LINE and (size := _length(raw)) > MAX_LINE:
        return _too_long(size, "bytes", raw[:200].decode("utf-8", errors="replace"))
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return Unreadable(
            f"this line is not UTF-8 text ({exc.reason} at byte {exc.start + 1})"
            + _saved_otherwise(raw, exc.start),
            raw[:200].decode("latin-1"),
        )
    return _ended(line)


def _saved_otherwise(raw: bytes, at: int) -> str:
    """Why a line is likely not UTF-8, when it can be told: the file was saved as Windows-1252
    or Latin-1 ("ANSI" in Notepad, the default of older editors), where ``ö`` and ``·`` are
    the single bytes ``F6`` and ``B7`` that UTF-8 cannot read.  Read so, the line is shown, up
    to the bad byte at ``at`` and a little past it.

    >>> _saved_otherwise(b"hand 1 \\xb7 button J\\xf6hn \\xb7 J\\xf6hn 100", 7)
    " (read as Windows-1252 it says 'hand 1 · button Jöhn · Jöhn 100': save the file as UTF-8)"
    """
    if any(c > "\x7f" and c != "\ufffd" for c in raw.decode("utf-8", errors="replace")):
        return ""  # UTF-8 but for a stray byte: saved as Windows-1252, the rest would be spoilt
    try:
        text = raw.decode("cp1252").rstrip("\r\n")  # one character a byte
    except UnicodeDecodeError:
        return ""
    shown = text[: max(at + 20, 60)]
    if not shown.isprintable():
        return ""
    cut = "…" if len(shown) < len(text) else ""
    return f" (read as Windows-1252 it says {shown + cut!r}: save the file as UTF-8)"


def text_line(raw: str, first: bool) -> Line:
    """One line of a string (its line end already made ``"\\n"``), as :func:`file_line`."""
    if first and raw.startswith("\ufeff"):
        raw = raw[1:]
    if len(raw) > MAX_LINE and (size := _length(raw)) > MAX_LINE:
        return _too_long(size, "characters", raw[:200])
    return _ended(raw)


def _ended(line: str) -> str:
    """The line ending in one ``"\\n"``: CRLF as LF, and a last line's CRs dropped."""
    if line.endswith("\n"):
        return line[:-2] + "\n" if line.endswith("\r\n") else line
    return line.rstrip("\r") + "\n"


def _plain_block(text: str, first: bool, bound: int) -> list[str] | None:
    """The lines of a block of text (whole lines; the last may lack its ``"\\n"``) cut by
    ``splitlines``, or None when that could cut differently from the line-by-line reading: a
    character ``splitlines`` also cuts at, or a line longer than ``bound`` characters."""
    for mark in _OTHER_BREAKS:
        if mark in text:
            return None
    lines = text.splitlines(True)
    if max(map(len, lines)) > bound:
        return None
    if first and text.startswith("\ufeff"):
        lines[0] = lines[0][1:]
    if not text.endswith("\n"):
        lines[-1] += "\n"
    return lines


def _lines_of(
    raws: list[AnyStr], end: AnyStr, first: bool, line: Callable[[AnyStr, bool], Line]
) -> list[Line]:
    """Each of ``raws`` (pieces cut at ``end``, the newline; the last is what follows the last
    one) read by ``line`` (:func:`file_line` or :func:`text_line`)."""
    last = raws.pop()
    out = [line(raw + end, first and i == 0) for i, raw in enumerate(raws)]
    if last:
        out.append(line(last, first and not raws))
    return out


def _file_block(data: bytes, first: bool) -> Sequence[Line]:
    """The lines of ``data``: whole lines of a file (at the end of the file, the last one may
    lack its end).  CRLF and a lone CR (an old Mac file) end a line as LF does, as
    :func:`text_blocks` reads a string."""
    if b"\r" in data:  # (a CR byte is never part of a UTF-8 character)
        data = _LONE_CR.sub(b"\n", data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return _lines_of(data.split(b"\n"), b"\n", first, file_line)
    if "\r" in text:  # every CRLF ends a line: LF, as line by line
        text = text.replace("\r\n", "\n")
    # A line of n characters has at most 4n bytes: one of at most MAX_LINE // 4 characters
    # (its end included) is never too long.
    lines = _plain_block(text, first, MAX_LINE // 4)
    return _lines_of(data.split(b"\n"), b"\n", first, file_line) if lines is None else lines


_LONE_CR = re.compile(rb"\r(?!\n)")
"""A CR that no LF follows: a line end of an old Mac file, read as LF (same length)."""


def file_blocks(handle: io.BufferedIOBase, size: int = BLOCK) -> Iterator[Sequence[Line]]:
    """The lines of a binary file, a block at a time: memory holds a block and at most
    MAX_LINE + 1 bytes of a line whose end is not read yet; a longer line is skipped."""
    pending = b""  # the start of a line whose end is not read yet
    first = True
    while True:
        data = handle.read(size)
        if not data:
            if pending:
                yield _file_block(pending, first)
            return
        if pending:
            data = pending + data
        # A line ends at LF, or at a CR (old Mac files) unless the CR is the block's last byte:
        # an LF may follow it in the next block (CRLF, one line end).
        end = max(data.rfind(b"\n"), data.rfind(b"\r", 0, len(data) - 1)) + 1
        pending = data[end:]
        if end:
            yield _file_block(data[:end] if pending else data, first)
            first = False
        mark = 3 if first and pending.startswith(_BOM) else 0
        if len(pending) - pending.endswith(b"\r") - mark > MAX_LINE:  # too long already (a
            # CR last may be its end; a byte-order mark is none of it): read to its end
            bad, pending = _skip_line(handle, pending, size, mark)
            yield [bad]
            first = False


def _skip_line(
    handle: io.BufferedIOBase, start: bytes, size: int, mark: int = 0
) -> tuple[Unreadable, bytes]:
    """The error for the overlong line that begins with ``start`` (after ``mark`` bytes of a
    byte-order mark), read to its end (LF, CRLF or a lone CR) without keeping it, and the
    bytes after it."""
    data = b"\r" if start.endswith(b"\r") else b""  # a CR read last: an LF may follow it
    length = len(start) - len(data) - mark
    while True:
        more = handle.read(size)
        data += more
        end = _LINE_END.search(data)
        if end is not None and (end.end() < len(data) or end.group() != b"\r" or not more):
            length += end.start()
            break
        if not more:
            end = None
            break
        if end is None:  # no line end yet: count the bytes, keep none
            length += len(data)
            data = b""
        # else: a CR ends the bytes read; an LF may follow it (CRLF): read on
    head = start[mark : mark + 200].decode("utf-8", errors="replace")
    return _too_long(length, "bytes", head), data[end.end() :] if end is not None else b""


_LINE_END = re.compile(rb"\r\n|\r|\n")


def text_blocks(text: str, size: int = BLOCK) -> Iterator[Sequence[Line]]:
    """The lines of a string, a block of about ``size`` characters at a time (CR and CRLF end
    a line, as LF does)."""
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    start, first = 0, True
    while start < len(text):
        end = text.find("\n", start + size) + 1 or len(text)
        piece = text[start:end]
        lines = _plain_block(piece, first, MAX_LINE)
        yield _lines_of(piece.split("\n"), "\n", first, text_line) if lines is None else lines
        start, first = end, False
