"""Where hands come from: our own text format or a site's history in each file a command
reads, recognised by content.

Which files a command reads (folders walked, pipes and devices never opened, each file once)
is :mod:`badugi_ledger.file_choice` (:func:`~badugi_ledger.file_choice.history_files`);
:func:`parse_paths` reads our own format's files of its choice.

:func:`read_hands` is the one reader ``check``, ``import`` and ``convert`` call: it looks at the
first lines of a file (not its name), picks our text parser
(:func:`badugi_ledger.text.parse.parse_file`)
or a site importer (:mod:`badugi_ledger.sites`), and streams ``HandRecord | BadugiError``.
A ``fmt`` argument (the CLI's ``--from``) overrides the guess.

Hands of other games in a site file (2-7 triple draw, hold'em in a mixed file) are recognised
and left out of the stream: they are not errors.  Pass ``on_skip`` to learn about each one, or
use :func:`iter_source`, which yields them as :class:`~badugi_ledger.sites.common.SkippedHand`.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from importlib import import_module
from itertools import islice
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from .file_choice import PHH_SUFFIXES, TEXT_SUFFIXES, history_files
from .model.errors import (
    NO_FILE,
    UNREADABLE_FILE,
    BadugiError,
    ConfigError,
    ImportFormatError,
    Position,
    cannot_read,
)
from .model.events import HandRecord
from .model.results import TableGap, Violation
from .sites.files import SMALL_FILE, decode_bytes, lines_after, sniff_encoding

if TYPE_CHECKING:  # only a site's reader makes them: imported where one is read
    from .sites.common import ImportItem, SiteWarning, SkippedHand


def parse_paths(paths: Iterable[str | Path]) -> Iterator[HandRecord | BadugiError]:
    """Every hand of our own text format in ``paths``, file after file (``parse``): the files
    :func:`~badugi_ledger.file_choice.history_files` picks, a folder giving its ``.bhh`` files
    (:data:`~badugi_ledger.file_choice.TEXT_SUFFIXES`).
    Each file is read as our format whatever it holds, as ``check --from text`` reads it (a
    file saved as UTF-16 is its text, a compressed file or a ledger is refused as one); the
    files are chosen, and a bad path refused (``BadugiError``), before the first hand is read."""
    files = history_files(paths, TEXT_SUFFIXES)
    return (item for file in files for item in read_hands(file, "text"))


Reader = Callable[[Any, str], Iterator["ImportItem"]]

_WHERE: dict[str, tuple[str, str]] = {
    "pokerstars": ("sites.pokerstars", "read_pokerstars"),
    "fulltilt": ("sites.fulltilt", "read_fulltilt"),
    "merge": ("sites.merge", "read_merge"),
    "kingsclub": ("sites.kingsclub", "read_kingsclub"),
    "phh": ("phh.reader", "read_phh"),
    "winamax": ("sites.winamax", "read_winamax"),
}


class _Readers(Mapping[str, Reader]):
    """Format name -> reader, each reader's module imported the first time it is asked for.

    Why: the site readers compile about a hundred regular expressions between them; a run
    that reads one format (a PHH folder, our own text) should not pay for the others at
    every start."""

    def __init__(self) -> None:
        self._loaded: dict[str, Reader] = {}

    def __getitem__(self, name: str) -> Reader:
        reader = self._loaded.get(name)
        if reader is None:  # once per format: a folder of one-hand files asks once per file
            module, function = _WHERE[name]
            reader = self._loaded[name] = getattr(
                import_module(f"{__package__}.{module}"), function
            )
        return reader

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


READERS: Mapping[str, Reader] = _Readers()
"""Site readers by format name; each takes the file's lines (PHH: its whole text) and a source."""

FORMATS: tuple[str, ...] = ("text", *READERS)
"""Every name ``--from`` accepts: ``text`` is our own format."""

_SNIFF_BYTES = 16384


# The two patterns that tell a format by a line's shape, compiled the first time a line starts
# as they do (``#`` and a digit, ``variant``): our own format never asks.
@cache
def _kingsclub_line() -> re.Pattern[str]:
    return re.compile(r"#\d+: .+ - [\d.,]+/[\d.,]+\s*$")


@cache
def _phh_line() -> re.Pattern[str]:
    return re.compile(r"variant\s*=")


def detect_text(head: str) -> str:
    """The format of a history from its first lines (decoded text).

    >>> detect_text("\\ufeffPokerStars Game #4916: Badugi Limit ($0.25/$0.50 USD)")
    'pokerstars'
    >>> detect_text("#37732805: Limit Badugi - 30/60\\n2020-10-30 19:53:19")
    'kingsclub'
    >>> detect_text('variant = "FB"\\nantes = [0, 0]')
    'phh'
    >>> detect_text("game badugi\\nblinds 1/2\\nhand 1")
    'text'

    The first line that is a site's or ours decides: a hand or header line of our format
    (:func:`~badugi_ledger.text.keywords.own_line`) makes the rest ours, so that a site's line
    pasted into a night, or a player named ``PokerStars``, is a mistake at its own line, never
    a reason to read the night as a site's history (its hands skipped as of another game).
    A comment of ours that reads like a KingsClub hand's first line (``#2: Level 2 - 20/40``)
    is ours when the first line after it that is no comment is ours.

    >>> detect_text("#12: Friday at Anna's - 1/2\\n# stacks carry\\ngame badugi\\nhand 1")
    'text'
    >>> detect_text("game badugi\\nPokerStars Hand #1: Badugi Limit ($1/$2 USD)")
    'text'
    """
    return _sniff(head) or "text"


@cache
def _own_line() -> Callable[[str], bool]:
    """:func:`~badugi_ledger.text.keywords.own_line`, imported once: a folder of one-hand files
    tells each file's format."""
    from .text.keywords import own_line

    return own_line


def _head_lines(head: str) -> Iterator[str]:
    """``head.splitlines()``, a line at a time: the first line tells most files' format, and
    a one-hand file (PHH's) is all head, split again by its reader.  Cut after each ``\\n``,
    each piece holds whole line breaks (``\\r\\n`` too), so its lines are the head's."""
    start, end = 0, len(head)
    while start < end:
        cut = head.find("\n", start) + 1 or end
        yield from head[start:cut].splitlines()
        start = cut


def _sniff(head: str) -> str | None:
    """:func:`detect_text`'s format, None when no line of ``head`` tells one (of its first
    200, each looked at in turn)."""
    own_line = _own_line()
    lines = (
        line for raw in islice(_head_lines(head), 200) if (line := raw.strip().lstrip("\ufeff"))
    )
    for line in lines:
        if own_line(line):
            return "text"
        if line.startswith("PokerStars "):
            return "pokerstars"
        if line.startswith(("Full Tilt Poker Game #", "FullTiltPoker Game #")):
            return "fulltilt"
        if line.startswith(("<description type=", "<game id=")):
            return "merge"
        if line.startswith("Winamax Poker - "):
            return "winamax"
        # The tests before each pattern only spare its match: each is what the pattern asks
        # first (str.isdecimal is what \d matches).
        if line[:1] == "#" and line[1:2].isdecimal() and _kingsclub_line().match(line):
            after = next((line for line in lines if line[:1] != "#"), "")
            return "text" if own_line(after) else "kingsclub"
        if line.startswith("variant") and _phh_line().match(line):
            return "phh"
    return None


class NotAFile(OSError):
    """A path found as a file that is something else when it is opened (a folder, a pipe, a
    device put in its place meanwhile)."""


def open_file(path: str | Path) -> BinaryIO:
    """``path`` opened for reading, refused (:class:`NotAFile`) unless it is a regular file
    when it is opened: a pipe put in a file's place after the folder was listed is never
    waited on (it is opened without waiting, then looked at), a folder never read."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = "a folder" if stat.S_ISDIR(mode) else "a pipe, socket or device"
            raise NotAFile(f"it is {kind} now, not a file")
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def detect_format(path: str | Path) -> str:
    """The format of a file, from its first bytes (any encoding the importers read) and its
    name (:data:`~badugi_ledger.file_choice.PHH_SUFFIXES`)."""
    with open_file(path) as handle:
        return _detect_head(handle.read(_SNIFF_BYTES), path)


def _detect_head(head: bytes, path: str | Path) -> str:
    found = _told(head)
    if found is None:
        return "phh" if Path(path).suffix.lower() in PHH_SUFFIXES else "text"
    return found


def _told(head: bytes) -> str | None:
    """The format a line of ``head`` (a file's first bytes) tells, None when none does."""
    return _sniff(head.decode(sniff_encoding(head), errors="ignore"))


def _check_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise ConfigError(f"unknown history format {fmt!r} (formats: {', '.join(FORMATS)})")
    return fmt


def iter_source(path: str | Path, fmt: str | None = None) -> Iterator[ImportItem]:
    """Every hand of one file in order, skipped hands of other games included.

    Every format streams line by line, so a file may be any size.  A file of at most
    :data:`~badugi_ledger.sites.files.SMALL_FILE` bytes (one hand, one night) is opened once:
    the bytes its format is told from are its lines (:func:`~.sites.files.lines_after`; our
    own format: :func:`~badugi_ledger.text.parse.parse_bytes`).

    A file that changes while it is read (emptied, cut or written again in place by an editor
    or a sync) ends with a ``unreadable-file`` error after the hands read of it: what was read
    may be part of the old text and part of the new, or stop where the file was cut, and an
    import must not store it as the file (a hand cut at a block's end reads as a whole night).
    """
    source = str(path)
    try:
        before = _version(path)
        yield from _read_source(path, fmt, source)
        if _version(path) != before:
            yield ImportFormatError(
                "cannot read the file: it changed while it was read (saved by an editor or a "
                "sync?): read it again once it is saved",
                position=Position(source),
                rule=UNREADABLE_FILE,
            )
    except (FileNotFoundError, NotADirectoryError):
        yield ImportFormatError(_not_there(path), position=Position(source), rule=NO_FILE)
    except NotAFile as exc:
        yield ImportFormatError(
            f"cannot read the file: {exc}", position=Position(source), rule=UNREADABLE_FILE
        )
    except OSError as exc:  # it cannot be opened, or a read failed (a device, a failing disk)
        yield ImportFormatError(cannot_read(exc), position=Position(source), rule=UNREADABLE_FILE)


def _version(path: str | Path) -> tuple[int, ...]:
    """What changes when a file is written: its device and inode, size, time of modification
    and of its inode's change (which a rewrite that sets the old modification time back, as
    ``rsync -t`` or ``touch -r`` do, still moves)."""
    st = os.stat(path)
    return st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns


def _read_source(path: str | Path, fmt: str | None, source: str) -> Iterator[ImportItem]:
    """:func:`iter_source`'s reading, the file's errors raised."""
    with open_file(path) as handle:  # closed before the hands are read
        head = handle.read(SMALL_FILE + 1)
    packed = next((kind for magic, kind in _PACKED.items() if head.startswith(magic)), None)
    if packed is not None:
        yield ImportFormatError(
            f"cannot read the file: it is compressed ({packed}): unpack it first, and "
            "check or import the file it holds",
            position=Position(source),
            rule=UNREADABLE_FILE,
        )
        return
    if head.startswith(SQLITE_HEADER):
        yield ImportFormatError(
            "cannot read the file: it is an SQLite database (a ledger? name it with --db), not "
            "a hand history",
            position=Position(source),
            rule=UNREADABLE_FILE,
        )
        return
    if not fmt:
        yield from _read_as(_detect_head(head[:_SNIFF_BYTES], path), path, head, source)
        return
    chosen = _check_format(fmt)
    read = False
    for item in _read_as(chosen, path, head, source):
        read = read or not isinstance(item, BadugiError)
        yield item
    if not read and (found := _told(head[:_SNIFF_BYTES])) not in (None, chosen):
        # No hand of the format given (nothing, or lines it cannot read), and lines of
        # another: a file imported before would read as emptied of its hands (and --replace
        # void them all).  (A file with no line of any format, empty or comments only, holds
        # no hand whatever its format.)
        yield ImportFormatError(
            f"cannot read the file as {fmt} (--from {fmt}): it holds no hand of that format, "
            f"and reads as the {found!r} format: leave out --from, or give the one it is in",
            position=Position(source),
            rule=UNREADABLE_FILE,
        )


def _read_as(chosen: str, path: str | Path, head: bytes, source: str) -> Iterator[ImportItem]:
    """The items of the file read as the format ``chosen`` (``head``: its first bytes)."""
    if chosen != "text":
        yield from READERS[chosen](lines_after(path, head), source)
        return
    from .text.parse import parse_bytes, parse_file, parse_text

    if sniff_encoding(head).startswith(("utf-16", "utf-32")):  # "Unicode": as the text
        data = head
        if len(head) > SMALL_FILE:
            with open_file(path) as handle:
                data = handle.read()
        yield from parse_text(decode_bytes(data), source)
    else:
        yield from (parse_bytes(head, source) if len(head) <= SMALL_FILE else parse_file(path))


_PACKED = {
    b"\x1f\x8b": "gzip",
    b"PK\x03\x04": "zip",
    b"BZh": "bzip2",
    b"\xfd7zXZ\x00": "xz",
    b"\x28\xb5\x2f\xfd": "zstd",
    b"7z\xbc\xaf\x27\x1c": "7z",
}
"""The first bytes of compressed files: such a file is named as one, not read line by line
as text (a "not UTF-8" error on every line)."""

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first bytes of every SQLite database (a ledger): one given as a hand history is named
as one, as a compressed file is, and a file named as the ledger that does not start so (and
is not empty: a new ledger) is no ledger (``ledger/store.py``)."""


def _not_there(path: str | Path) -> str:
    """Why a file found in a folder cannot be opened: it is gone, or it is a link to nowhere."""
    try:
        target = os.readlink(path)
    except OSError:
        return "no such file"
    return f"a link to nowhere ({target!r} does not exist): mend or remove the link"


def read_hands(
    path: str | Path,
    fmt: str | None = None,
    *,
    on_skip: Callable[[SkippedHand], None] | None = None,
    on_warning: Callable[[SiteWarning], None] | None = None,
) -> Iterator[HandRecord | BadugiError]:
    """The hands of one file as records or errors, in order; other games are left out.

    ``fmt`` is one of :data:`FORMATS` (``None``: detect from the content).  ``on_skip`` is called
    with each hand of another game that was left out, ``on_warning`` with each warning about
    the file (a hand that seems to be missing), just before the hand it concerns.
    """
    for item in iter_source(path, fmt):
        if isinstance(item, HandRecord | BadugiError):
            yield item
            continue
        from .sites.common import SiteWarning, SkippedHand  # what only a site's reader yields

        if isinstance(item, SkippedHand):
            if on_skip is not None:
                on_skip(item)
            continue
        if isinstance(item, SiteWarning):
            if on_warning is not None:
                on_warning(item)
            continue
        yield item


def read_stream(
    path: str | Path,
    fmt: str | None = None,
    *,
    on_skip: Callable[[SkippedHand], None] | None = None,
) -> Iterator[HandRecord | BadugiError | TableGap]:
    """:func:`read_hands` for a replay: each warning of a site file that a hand seems to be
    missing comes as a :class:`~badugi_ledger.model.results.TableGap` just before the hand it
    concerns, so :func:`~badugi_ledger.replay.replay_stream` resyncs that table."""
    gaps: list[TableGap] = []

    def gap(w: SiteWarning) -> None:
        warning = Violation(w.rule, w.message, w.pos, "warning")
        gaps.append(TableGap(w.source, w.table, warning, resync=w.rule == "missing-hand"))

    def skip(hand: SkippedHand) -> None:
        if hand.moved_chips_at is not None or hand.moved_chips_anywhere:
            # the next hand's stacks are as stated: of that table, or of every table
            gaps.append(TableGap(hand.source, hand.moved_chips_at, None))
        if on_skip is not None:
            on_skip(hand)

    for item in read_hands(path, fmt, on_skip=skip, on_warning=gap):
        if gaps:
            yield from gaps
            gaps.clear()
        yield item
