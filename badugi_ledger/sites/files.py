"""Reading a site file: decoding, bounds on lines and hands, and cutting the lines into hands.

Site histories come as UTF-8 (with or without a byte-order mark), UTF-16 (Full Tilt) or plain
ASCII, with CRLF or LF line ends.  Every line and hand is bounded (:data:`MAX_LINE`,
:data:`MAX_HAND_CHARS`), so a hostile file costs bounded memory and an error quotes at most
200 characters.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

from ..model.errors import ImportFormatError, Position
from ..model.limits import MAX_LINE, MAX_QUOTE, quote

# --- decoding ---------------------------------------------------------------------------------


UNREADABLE = (
    KeyError,
    IndexError,
    ValueError,
    AssertionError,
    TypeError,
    AttributeError,
    ArithmeticError,
)
"""What a reader's hand-level code raises when a site file is damaged in a way no rule names
(``ArithmeticError`` covers the decimal module's and integer conversion's failures)."""


_DAMAGE: dict[type, str] = {
    KeyError: "nothing for {} where the site writes one: a part missing, or a seat or name the "
    "hand does not have",
    IndexError: "a line or a list of it ends before what the site writes there",
    AssertionError: "a line of it is not as the site writes it",
    AttributeError: "a part the site writes in every hand is missing",
    TypeError: "a value of it is not of the kind the site writes",
}
"""What each kind of failure of a reader's hand-level code says about the hand, in words."""


def unreadable(exc: BaseException, source: str, line: int) -> ImportFormatError:
    """A damaged hand becomes an error with its position, so one bad hand never stops a file;
    what was wrong is said in words where the kind of failure says it (a missing attribute of
    a Merge ``<player>``: "nothing for 'balance'"), else with the failure's own message."""
    words = next((w for kind, w in _DAMAGE.items() if isinstance(exc, kind)), None)
    if words is not None:
        name = quote(str(exc.args[0])) if exc.args else "a part"
        detail = words.format(repr(name) if isinstance(exc, KeyError) and exc.args else name)
    else:
        detail = f"{type(exc).__name__}: {quote(str(exc))}" if str(exc) else type(exc).__name__
    return ImportFormatError(
        f"this hand is damaged and cannot be read ({detail})",
        position=Position(source, line, 1),
        rule="corrupt-hand",
    )


# --- bounds on a site file (a line's: model.limits.MAX_LINE) -------------------------------------

MAX_HAND_CHARS = 1_000_000
"""Characters one hand of a site history may have (the corpus's longest hand has about 6,000):
beyond it the hand is reported with rule ``hand-too-long`` and its further lines are not kept,
so memory stays bounded whatever the file holds."""

MAX_NAME = 100
"""Characters of a player name the site readers accept (sites allow a few dozen at most).  The
readers' patterns look for a name of at most this length, so a line costs time in proportion
to its length, and every error message that names a player stays short."""


NAME = rf"(?P<name>.{{1,{MAX_NAME}}}?)"
"""A player name in a reader's pattern: at most :data:`MAX_NAME` characters, shortest first."""


_PLAYED = ("fold", "showed", "mucked", "collected", "won")
"""Words of a summary seat line that say what its player did in the hand (PokerStars: ``folded
before the Draw``, ``showed [..] and lost``, ``mucked [..]``, ``collected ($1)``; Full Tilt:
``didn't bet (folded)``, ``folded before the draw``).  A seat that sat the hand out is written
otherwise (``is sitting out``) or not at all."""


def played_in_summary(text: str) -> bool:
    """Whether a summary seat line's text after the player's name says he played the hand.

    >>> played_in_summary(" (button) folded before the Draw (didn't bet)")
    True
    >>> played_in_summary(" is sitting out")
    False
    """
    return any(word in text for word in _PLAYED)


def won_amount(text: str) -> str | None:
    """The figure of ``and won (x)`` or ``collected (x)`` in a summary seat line, if any.

    >>> won_amount("Hero (button) collected ($1.25)"), won_amount("Hero folded")
    ('$1.25', None)
    """
    found = [
        (at, marker) for marker in ("and won (", "collected (") if (at := text.find(marker)) >= 0
    ]
    if not found:
        return None
    at, marker = min(found)
    begin = at + len(marker)
    end = text.find(")", begin)
    return text[begin:end] if end > begin else None


def last_written(lines: list[str], start: int, end: int | None = None) -> int:
    """The index in the file of the last line that is not blank among a hand's ``lines[:end]``
    (``start``: the index of its first line), found from the end: the line after which a part
    the site writes next is expected, for an error when that part is missing.

    >>> last_written(["#1: header", "a", "", "b", "  "], 10)
    13
    """
    for offset in range((len(lines) if end is None else end) - 1, 0, -1):
        if lines[offset].strip():
            return start + offset
    return start


class CutLine(str):
    """A line longer than :data:`MAX_LINE`: only its first characters are kept (for the error
    message); ``length`` is how long it was."""

    length: int

    def __new__(cls, start: str, length: int) -> CutLine:
        line = super().__new__(cls, start)
        line.length = length
        return line


def cut_line_error(line: CutLine, source: str, index: int) -> ImportFormatError:
    """The located error for an over-long line (0-based ``index``)."""
    return ImportFormatError(
        f"line {index + 1} has {line.length:,} characters, more than the {MAX_LINE:,} a line "
        f"of a history may have: {quote(str(line))!r}",
        position=Position(source, index + 1, 1),
        rule="line-too-long",
    )


def refuse_cut(line: str, source: str, index: int) -> None:
    """Raise the error of a hand's line (0-based ``index``) when it is a :class:`CutLine`:
    what is held of it is only its start, which may read as a whole line (``Hero: folds``
    and 10,000 blanks), so a reader refuses it before reading it."""
    if type(line) is CutLine:
        raise cut_line_error(line, source, index)


def cut_lines(lines: list[str], start: int) -> frozenset[int]:
    """The 0-based lines of a hand (its ``lines``, the first at ``start``) that are
    :class:`CutLine`: lost whatever the others say, each listed wherever it is
    (:class:`~.listing.Unread`'s ``lost``)."""
    return frozenset([start + offset for offset, line in enumerate(lines) if type(line) is CutLine])


def first_cut(lines: list[str], start: int, source: str) -> ImportFormatError | None:
    """The error of the first :class:`CutLine` of a hand (its ``lines``, the first at 0-based
    ``start``) that a reader does not read (another game, skipped): the line is reported as it
    is in a hand read, never dropped."""
    for offset, line in enumerate(lines):
        if type(line) is CutLine:
            return cut_line_error(line, source, start + offset)
    return None


CP1252_BYTES = "badugi-cp1252-bytes"
"""The decoding error handler under which a byte that is not UTF-8, in a file read as UTF-8,
is read as Windows-1252 (the sites' other encoding) rather than as U+FFFD: a file whose first
part is ASCII is read as UTF-8, and ``Jöhn`` and ``Jähn`` further on must stay two names."""


def _cp1252_bytes(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeDecodeError):
        raise exc
    return exc.object[exc.start : exc.end].decode("cp1252", errors="replace"), exc.end


codecs.register_error(CP1252_BYTES, _cp1252_bytes)


def _utf_32(head: bytes) -> str | None:
    """The UTF-32 encoding of a file from its first bytes, else None: its byte-order mark
    (which begins as UTF-16's does, so it is looked for first), or the NUL bytes of a text
    mostly of ASCII without one (three of every four bytes, where UTF-16 has one of two).

    >>> _utf_32("ab".encode("utf-32")), _utf_32("abcd".encode("utf-32-be"))
    ('utf-32', 'utf-32-be')
    >>> _utf_32("abcd".encode("utf-16-le")) is None
    True
    """
    if head.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return "utf-32"
    sample = head[: len(head[:200]) // 4 * 4]
    if len(sample) < 8:
        return None
    many = len(sample) // 8  # more than half of the characters
    if sample[2::4].count(0) > many and sample[3::4].count(0) > many:
        return "utf-32-le"
    if sample[0::4].count(0) > many and sample[1::4].count(0) > many:
        return "utf-32-be"
    return None


def decode_bytes(data: bytes) -> str:
    """Text of a history file whatever its encoding; the byte-order mark is dropped.

    >>> decode_bytes(b"\\xef\\xbb\\xbfPokerStars")
    'PokerStars'
    >>> decode_bytes("Full Tilt".encode("utf-16"))
    'Full Tilt'
    >>> decode_bytes("Full".encode("utf-16-le"))
    'Full'
    """
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    wide = _utf_32(data)
    if wide is not None:
        return data.decode(wide, errors="replace")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    head = data[:200]
    if len(head) >= 4 and head[1::2].count(0) > len(head) // 4:
        return data.decode("utf-16-le", errors="replace")
    if len(head) >= 4 and head[0::2].count(0) > len(head) // 4:
        return data.decode("utf-16-be", errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def read_text(path: str | Path) -> str:
    """Read and decode a whole history file (see :func:`decode_bytes`)."""
    with open(path, "rb") as handle:  # not Path.read_bytes: no Path object per file
        return decode_bytes(handle.read())


def sniff_encoding(head: bytes) -> str:
    """The encoding of a file from its first bytes (a BOM, or the NUL pattern of UTF-16): UTF-8
    when ``head`` is (a character may be cut at its end), else Windows-1252.

    >>> sniff_encoding(b"\\xff\\xfeF\\x00"), sniff_encoding(b"\\xef\\xbb\\xbfP")
    ('utf-16', 'utf-8-sig')
    >>> sniff_encoding(b"abc"), sniff_encoding("Full".encode("utf-16-le"))
    ('utf-8', 'utf-16-le')
    """
    if head.startswith(b"\xef\xbb\xbf"):
        return "utf-8-sig"
    wide = _utf_32(head)
    if wide is not None:
        return wide
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "utf-16"
    sample = head[:200]
    if len(sample) >= 4 and sample[1::2].count(0) > len(sample) // 4:
        return "utf-16-le"
    if len(sample) >= 4 and sample[0::2].count(0) > len(sample) // 4:
        return "utf-16-be"
    try:
        head.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.start < len(head) - 4:  # not just a character cut at the head's end
            return "cp1252"
    return "utf-8"


SMALL_FILE = 1 << 16
"""Bytes up to which a history file is read whole, in one read, and cut into lines in memory
(:func:`decode_lines`); a larger file is streamed.  A folder of one-hand files (a PHH folder
holds one file per hand) then costs one open and one read per file, where a stream costs a
text decoder and a read per line."""


def iter_lines(path: str | Path, max_line: int = MAX_LINE) -> Iterator[str]:
    """The lines of a history file without their ends, read lazily (memory stays flat).

    CRLF, LF and lone CR all end a line; the byte-order mark is dropped.  A line longer than
    ``max_line`` characters is never held whole: it comes as a :class:`CutLine` (its start and
    its length), which the readers report as an error.  A file of at most :data:`SMALL_FILE`
    bytes is read at once (:func:`decode_lines`: the same lines).
    """
    with open(path, "rb") as raw:
        head = raw.read(SMALL_FILE + 1)
    yield from lines_after(path, head, max_line)


def lines_after(path: str | Path, head: bytes, max_line: int = MAX_LINE) -> Iterable[str]:
    """:func:`iter_lines` of the file at ``path`` given its first ``SMALL_FILE + 1`` bytes
    ``head`` (already read, to tell its format): a small file's lines come from ``head``
    itself, a larger one is streamed."""
    if len(head) <= SMALL_FILE:
        return decode_lines(head, max_line)
    return stream_lines(path, sniff_encoding(head), max_line)


def stream_lines(path: str | Path, encoding: str, max_line: int = MAX_LINE) -> Iterator[str]:
    """:func:`iter_lines` of a file of any size, decoded as ``encoding``, read line by line."""
    errors = CP1252_BYTES if encoding == "utf-8" else "replace"
    with open(path, encoding=encoding, errors=errors, newline=None) as handle:
        while True:
            line = handle.readline(max_line + 1)
            if not line:
                return
            if len(line) > max_line and not line.endswith("\n"):
                length = len(line)
                while True:  # skip the rest of the line, a bounded piece at a time
                    more = handle.readline(max_line + 1)
                    length += len(more)
                    if not more or more.endswith("\n"):
                        length -= more.endswith("\n")
                        break
                yield CutLine(line[: MAX_QUOTE + 1].lstrip("\ufeff"), length)
                continue
            yield line.rstrip("\n").lstrip("\ufeff")


def decode_lines(data: bytes, max_line: int = MAX_LINE) -> list[str]:
    """The lines :func:`stream_lines` yields for a file whose bytes are ``data`` (decoded as
    :func:`sniff_encoding` says), cut in memory: for a small file, whose lines are few.

    >>> decode_lines(b"\\xef\\xbb\\xbfa\\r\\nb\\rc\\n\\n")
    ['a', 'b', 'c', '']
    """
    encoding = sniff_encoding(data)
    text = data.decode(encoding, errors=CP1252_BYTES if encoding == "utf-8" else "replace")
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if not lines[-1]:
        lines.pop()  # the end of the last line (or an empty file), not a line of its own
    if len(text) > max_line:  # (no line is longer than the text)
        kept = min(max_line, MAX_QUOTE) + 1  # the stream's start of a cut line
        lines = [
            CutLine(line[:kept].lstrip("\ufeff"), len(line)) if len(line) > max_line else line
            for line in lines
        ]
    if "\ufeff" in text:  # as the stream does, line by line (a cut line's start already is)
        lines = [line if type(line) is CutLine else line.lstrip("\ufeff") for line in lines]
    return lines


def split_lines(text: str) -> list[str]:
    """Lines without their ends; CRLF, LF and lone CR all end a line (a BOM is removed).

    >>> split_lines("\\ufeffa\\r\\nb\\rc\\n")
    ['a', 'b', 'c', '']
    """
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


SUMMARY = "*** SUMMARY ***"
"""The line that begins a hand's summary, its last part, in every site file split into hands
by its first line."""


class Chunk(NamedTuple):
    """One hand's lines (``start`` is the 0-based index of its first line), or its problem."""

    start: int
    lines: list[str]
    problem: ImportFormatError | None = None
    """An over-long line or hand: the hand is not read, and only its first lines are kept."""
    hand_id: str | None = None
    """The hand's number from its first line (``starts``' ``id`` group), for errors."""


def chunk_hands(
    lines: Iterable[str],
    starts: re.Pattern[str],
    source: str,
    between: Callable[[str], object] | None = None,
) -> Iterator[Chunk]:
    """Split a file's lines into hands, lazily: each hand begins at a line ``starts`` matches
    (its ``id`` group, if any, names the hand in errors).

    Blank lines stay (readers ignore them), and so do the lines the site writes between hands
    (``between``, such as Full Tilt's archive separator) before the first hand.  Any other line
    before the first hand is the first hand's own, damaged so that it no longer starts a hand
    (its header garbled): it comes as a chunk of no lines with its error
    (:func:`before_first_hand`), and the lines after it up to the next hand are not read - as
    a hand whose header is garbled later in the file is refused with the hand before it, which
    such a line ends.  Only in a file where a hand follows, though: a file with no hand of the
    format at all (a site's tournament summary beside its hand histories) is no damaged
    history, and its lines are dropped - unless they hold a hand's summary (a file of one hand,
    its header damaged).  A :class:`CutLine` outside a hand is an error of its own at its
    line, each one (several before the first hand are several mistakes: only the first used
    to be reported), and the lines after it up to the next hand are not read.  Every site that
    splits so writes a hand's summary
    once, last (:data:`SUMMARY`): a hand that holds two summaries is two hands, the second's
    header damaged, from the first line after the blank lines that end the first hand.  That
    line is reported (:func:`after_hand`) and the second hand not read, so that the hand before
    it is read whole and a damaged hand is never read as part of a hand of another game, which
    is skipped unread.  A :class:`CutLine` inside a hand is kept as one of its lines (its start
    only): the reader lists it as a line it cannot read (:func:`refuse_cut`) and reads on, as
    past any other.  A hand whose first line is a :class:`CutLine`, or of more than
    :data:`MAX_HAND_CHARS` characters (a cut line counting what is held of it), comes with its
    problem and keeps no further lines, so memory stays bounded and nothing is dropped
    silently.
    """
    begin = 0
    chunk: list[str] | None = None
    problem: ImportFormatError | None = None
    hand_id: str | None = None
    size = 0
    refused = False  # a line outside a hand has been reported: skip to the next hand
    damaged: Chunk | None = None  # a line before the first hand, reported when a hand follows
    cut_after: list[Chunk] = []  # over-long lines after it, reported after it, in file order
    hand_like = False  # the lines after it hold a hand's summary: it began a hand
    summary = False  # the hand's summary has come
    after = 0  # then: where in the chunk the line after its latest blank line is
    for i, line in enumerate(lines):
        start = starts.match(line.lstrip("\ufeff"))
        if start is not None:
            if chunk is not None:
                yield Chunk(begin, chunk, problem, hand_id)
            elif damaged is not None:
                yield damaged
                yield from cut_after
                damaged, cut_after = None, []
            begin, chunk, problem, size = i, [], None, 0
            summary, after = False, 0
            found = start.groupdict().get("id")
            hand_id = quote(found) if found is not None else None
        if chunk is None:
            if isinstance(line, CutLine):  # a mistake of its own, wherever it is
                refused = True
                cut = Chunk(i, [], cut_line_error(line, source, i))
                if damaged is None:
                    yield cut
                else:
                    cut_after.append(cut)
                continue
            if refused:
                if damaged is not None and line.startswith(SUMMARY):
                    hand_like = True  # what the damaged line began is a hand
                continue
            text = line.lstrip("\ufeff").strip()
            if text and not (between is not None and between(text)):
                refused = True
                damaged = Chunk(i, [], before_first_hand(line, source, i))
            continue
        if problem is not None:
            continue
        if line.startswith(SUMMARY):
            if summary and after:  # a second hand, whose header is at chunk[after]
                # (or is this very line, a summary right after the blank line: no header)
                header = chunk[after] if after < len(chunk) else line
                yield Chunk(begin, chunk[:after], problem, hand_id)
                yield Chunk(begin + after, [], after_hand(header, source, begin + after, hand_id))
                chunk, refused = None, True
                continue
            summary = True
        elif summary and not line.strip():
            after = len(chunk) + 1
        size += len(line) + 1  # (of a cut line, what is held of it)
        if isinstance(line, CutLine) and not chunk:  # the header: no hand to read
            problem = cut_line_error(line, source, i)
        elif size > MAX_HAND_CHARS:
            problem = ImportFormatError(
                f"the hand that starts at line {begin + 1} has more than {MAX_HAND_CHARS:,} "
                "characters; no site writes such a hand",
                position=Position(source, i + 1, 1),
                rule="hand-too-long",
            )
        else:
            chunk.append(line)
            continue
        problem.hand = hand_id
    if chunk is not None:
        yield Chunk(begin, chunk, problem, hand_id)
    elif damaged is not None and hand_like:
        yield damaged
    yield from cut_after


def after_hand(line: str, source: str, index: int, hand: str | None) -> ImportFormatError:
    """The error of a line after a hand's summary (0-based ``index``) that starts no hand:
    the first line of a hand whose header is damaged.  Like :func:`before_first_hand`'s, it
    names no hand, so the replay forgets every table's stacks."""
    after = f"hand {hand}" if hand is not None else "the hand before it"
    return ImportFormatError(
        f"unrecognised line {quote(line.strip())!r} after the summary of {after}: no hand of "
        "this format starts so (a damaged hand header?); the lines up to the next hand are not "
        "read",
        position=Position(source, index + 1, 1),
        rule="unrecognised-line",
    )


def before_first_hand(line: str, source: str, index: int) -> ImportFormatError:
    """The error of a line before a site file's first hand (0-based ``index``) that is not
    one the site writes there: the first line of a hand whose header is damaged, or of text
    that is no hand.  It names no hand (its number is in the damaged line, if anywhere), so
    the replay takes it as a hand of no known table."""
    return ImportFormatError(
        f"unrecognised line {quote(line.strip())!r} before the first hand: no hand of this "
        "format starts so (a damaged hand header?); the lines up to the next hand are not read",
        position=Position(source, index + 1, 1),
        rule="unrecognised-line",
    )
