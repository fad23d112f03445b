"""The one choice of files every command that reads paths makes (``check``, ``import``,
``show``, ``parse``; ``convert``'s one file: :func:`history_file`): folders walked the same way,
a pipe, socket or device never opened, each file read once; and the rules for every path a
command is given, a hand file's or the ledger's (:func:`empty_path`, :func:`split_name`).

Why a module of its own: which files a command reads is decided from their names and what
they are on disk, before any is opened; what a file holds, and the reader of its format, is
:mod:`badugi_ledger.sources`.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Collection, Iterable, Iterator
from pathlib import Path

from .model.errors import SYMLINK_LOOP, BadugiError, os_reason
from .model.limits import quote
from .model.names import line_break_in

PHH_SUFFIXES = frozenset({".phh", ".phhs"})
"""The names PHH gives its files (one hand, several): a file so named whose first lines say no
other format is read as PHH, so that a hand missing its required ``variant`` (or naming it
after the lines looked at) is that hand's error, not our format's."""
HISTORY_SUFFIXES = frozenset({".bhh", ".txt", *PHH_SUFFIXES})
"""Files picked up when a folder is given (a file named on the command line is always read):
our format, site histories, PHH hands and PHH files of several hands (``.phhs``, as ``convert``
writes them)."""
TEXT_SUFFIXES = frozenset({".bhh"})
"""Files picked up from a folder when only our own format is read (``parse``): a folder of
site histories beside the nights would otherwise be a screen of errors."""


STANDARD_INPUT_NAME = "<stdin>"
"""How every report names the hands a command read from standard input (``check -``), at the
start of each line as a file's name is (``<stdin>:17:18: …``)."""


class StandardInput(type(Path())):  # type: ignore[misc]
    """The file holding what standard input gave (the command line's ``-``, read whole into a
    file of its own before the command reads anything), named :data:`STANDARD_INPUT_NAME`.

    Why a path: every reader opens, looks at and names a file by its path (a check reads a
    file again to compare two of its hands, a worker process reads its files by path), so
    standard input saved as a file is read as any file is, and only its name differs: the
    file is opened where it is (``os.fspath``), its name shown as ``<stdin>`` (``str``).
    The class, not the instance, holds the name: a worker process given the path makes
    one of the same class."""

    def __str__(self) -> str:
        return STANDARD_INPUT_NAME

    def __fspath__(self) -> str:
        return super().__str__()


def history_files(
    paths: Iterable[str | Path], suffixes: Collection[str] = HISTORY_SUFFIXES
) -> list[Path]:
    """The files ``check``, ``import``, ``show`` and ``parse`` read: files as given, folders
    walked recursively (sorted, hidden entries and files without one of ``suffixes`` left out).
    A path that does not exist, or is a pipe, socket or device, is an error, and so is a folder
    that gives no file, alone or among other paths: a folder of nothing to read is a wrong
    folder more often than an empty night, and a command that read nothing must not look like
    one that read a clean night - nor one that read part of the night like one that read it
    all (the folder's hands are missing, as a missing path's would be, which is an error).

    A file whose name holds a line break is refused too: every report names a file at the
    start of its lines, and such a name would make a line of its own.

    Each file comes once, where it first comes, in the spelling it came with: a folder named
    twice, or a folder and a file in it, must not report or import its files twice.  Files
    are the same when they are the same file on disk (a link, ``./``, a second name)."""
    looked = ", ".join(sorted(suffixes))
    files: list[Path] = []
    seen: set[tuple[int, int] | str] = set()
    for raw in paths:
        path = _named(raw)
        found = _in_path_order(_walk(path, suffixes)) if _is_folder(raw, path) else [path]
        if not found:
            raise BadugiError(
                f"{raw}: no hand-history files found (looked for {looked} files): name the "
                "folder that holds the night, or leave this one out"
            )
        for file in found:
            split = split_name(file)
            if split is not None:
                raise BadugiError(f"{split}: rename it")
            key = _identity(file)
            if key not in seen:
                seen.add(key)
                files.append(file)
    if not files:  # no path at all
        raise BadugiError(f"no hand-history files found (looked for {looked} files)")
    return files


def history_file(raw: str | Path) -> Path:
    """The one file a command reads whole (``convert``'s FILE), refused as
    :func:`history_files` refuses a path that is missing or is a pipe, socket or device; a
    folder is refused too (one file is converted into one output)."""
    path = _named(raw)
    if _is_folder(raw, path):
        raise BadugiError(f"{raw} is a folder: name one of its files")
    return path


def empty_path(raw: str | Path) -> str | None:
    """Why ``raw`` names nothing when it is empty, else None: the rule for every path a
    command is given, a hand file's or the ledger's.  ``Path("")`` is this folder, so a
    script's ``import "$NIGHT"`` with the variable unset imported every hand file below it,
    and ``--db "$LEDGER"`` opened ``.`` (or the environment variable, set but empty, made the
    default ledger of the current folder the one written)."""
    if isinstance(raw, str) and not raw:
        return "an empty path names no file or folder (a script's variable left unset?)"
    return None


def split_name(path: str | Path) -> str | None:
    """Why ``path`` may not be reported when its name holds a line break, else None: the rule
    for every path a report names, a hand file's or the ledger's.  Every report names a file
    at the start of its lines, and such a name would make a line of its own (one that may
    read as a clean file's summary, or the ledger written)."""
    if line_break_in(str(path)):
        return (
            f"{str(path)!r}: a file whose name holds a line break cannot be reported on one "
            "line (its name would start a line of the report)"
        )
    return None


_WINDOWS_PATH = re.compile(r"[A-Za-z]:[\\/]|\\\\")
"""How a Windows path starts: a drive letter (``C:\\``, ``C:/``) or a share (``\\\\server``)."""


def not_found_hint(raw: str | Path) -> str:
    """Words for a path that names nothing when it was probably meant otherwise, to follow the
    error that says so ("" when there are none): the rule for every path a command is given,
    a hand file's or the ledger's.  A path starting with ``~`` holds the character itself: the
    shell makes ``~`` the home folder only at the start of a word, not after ``=``
    (``--db=~/club.db``) nor in quotes, and badugi-ledger does not expand it either (a file
    or folder may be named ``~``).  A Windows path (``C:\\club\\x.bhh``) names nothing on a
    system whose folders are separated by ``/``.

    >>> not_found_hint("~/club.db").startswith(" (it starts with a literal '~': ")
    True
    >>> "Windows path" in not_found_hint(r"C:\\club\\x.bhh"), not_found_hint("club.db")
    (True, '')
    """
    text = str(raw)
    if text.startswith("~"):
        meant = os.path.expanduser(text)
        probably = f"{quote(meant)!r} was probably meant: " if meant != text else ""
        return (
            f" (it starts with a literal '~': {probably}the shell makes '~' the home folder "
            "only at the start of a word, not after '=' as in --db=~/club.db, nor in quotes; "
            "write it unquoted as a word of its own (--db ~/club.db), or $HOME in its place)"
        )
    if os.sep == "/" and _WINDOWS_PATH.match(text):
        drive = text[0].lower() if text[1:2] == ":" else None
        wsl = f"; under WSL the drive {text[0]}: is /mnt/{drive}" if drive else ""
        return (
            f" ({quote(text)!r} is a Windows path, which names nothing on this system: write "
            f"the path as it is named here, its folders separated by '/'{wsl})"
        )
    return ""


def _named(raw: str | Path) -> Path:
    """The path ``raw`` names; an empty one is refused (:func:`empty_path`)."""
    if isinstance(raw, StandardInput):
        return raw
    empty = empty_path(raw)
    if empty is not None:
        raise BadugiError(f"{empty}: name one, or . for this folder")
    return Path(raw)


def _is_folder(raw: str | Path, path: Path) -> bool:
    """Whether ``path`` is a folder (else it is a file), looked at once, following links; any
    other path is refused: missing, a link to nowhere or in a loop, a name the system cannot
    look up (too long, in a folder that may not be entered), or a pipe, socket or device -
    opening a pipe nobody writes to would wait for ever, so it is refused before anything is
    opened."""
    try:
        mode = os.stat(path).st_mode
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise BadugiError(f"{raw} is {SYMLINK_LOOP}: mend or remove the link") from None
        if exc.errno in (errno.ENOENT, errno.ENOTDIR):
            raise BadugiError(f"no such file or folder: {raw}{not_found_hint(raw)}") from None
        raise BadugiError(f"cannot read {quote(str(raw))}: {os_reason(exc)}") from None
    if stat.S_ISDIR(mode):
        return True
    if stat.S_ISREG(mode):
        return False
    raise BadugiError(
        f"{raw} is not a file or folder (a pipe, socket or device): save what it "
        "gives to a file, then read that"
    )


def _identity(file: Path) -> tuple[int, int] | str:
    """What makes two paths the same file: its device and inode (one ``stat``), or, for a
    link to nowhere, where the link leads."""
    try:
        info = os.stat(file)
    except OSError:
        return os.path.realpath(file)
    return (info.st_dev, info.st_ino)


def _walk(folder: Path, suffixes: Collection[str] = HISTORY_SUFFIXES) -> Iterator[tuple[str, str]]:
    """Files (each its folder and name) with one of ``suffixes`` under ``folder``, hidden
    folders and files left out (``os.walk`` reads each folder once, where a glob would look at
    every file again).  A pipe, socket or device with a history's name is left out too: opening
    a pipe nobody writes to waits for ever.  A link to nowhere is kept, so that the reader says
    it cannot be read.

    A link to a folder is followed, after the folders themselves: each folder is read once,
    under its own path where the walk meets it (however many links lead to it: no loop), so
    the path that names a file does not depend on the order a folder lists its entries.  A
    folder that cannot be read is an error, not left out: its hands would be missing from a
    check or an import that looks complete."""

    def unreadable(exc: OSError) -> None:
        where = exc.filename if exc.filename is not None else folder
        raise BadugiError(
            f"cannot read the folder {quote(str(where))}: {os_reason(exc)}; its hand files "
            "would be left out: make it readable, or name the files and folders to read"
        )

    visited: set[tuple[int, int]] = set()
    links: list[str] = []
    tops = [str(folder)]
    while tops:
        for root, dirs, names in os.walk(tops.pop(0), onerror=unreadable):
            try:
                info = os.stat(root)
            except OSError as exc:
                unreadable(exc)
            if (info.st_dev, info.st_ino) in visited:
                dirs[:] = []
                continue
            visited.add((info.st_dev, info.st_ino))
            dirs[:] = sorted(d for d in dirs if not d.startswith("."))
            links += [os.path.join(root, d) for d in dirs if os.path.islink(os.path.join(root, d))]
            yield from _history_files_in(root, names, suffixes)
        if not tops:
            tops, links = links, []


def _history_files_in(
    root: str, names: list[str], suffixes: Collection[str]
) -> Iterator[tuple[str, str]]:
    """The files of a folder with one of ``suffixes`` (not hidden; a link to nowhere kept),
    each as the folder and its name."""
    for name in names:
        if not name.startswith(".") and os.path.splitext(name)[1].lower() in suffixes:
            path = os.path.join(root, name)
            try:
                mode = os.stat(path).st_mode
            except OSError:  # a link to nowhere, or gone meanwhile: the reader says so
                mode = stat.S_IFREG
            if stat.S_ISREG(mode):
                yield root, name


def _in_path_order(found: Iterable[tuple[str, str]]) -> list[Path]:
    """The files ``found`` (each its folder and name, as :func:`_walk` finds them) as paths, in
    the order ``sorted`` gives their ``Path``s: part after part.  A folder of one-hand files
    (PHH's) sorted as ``Path``s paid a comparison in Python (``PurePath.__lt__``) about eight
    times a file, and a ``Path`` parsed whole from its text a file; here each file's text is
    sorted with its separators made NUL, the least character, which no name holds (so the
    texts compare as their parts do), and each ``Path`` is its folder's joined to its name.
    Another system's paths (Windows': case, drives) are sorted as ``Path``s."""
    if os.sep != "/":
        return sorted(Path(root, name) for root, name in found)
    folders: dict[str, Path] = {}
    files: list[Path] = []
    for root, name in sorted(found, key=_parts_order):
        folder = folders.get(root)
        if folder is None:
            folder = folders[root] = Path(root)
        files.append(folder / name)
    return files


def _parts_order(file: tuple[str, str]) -> str:
    """What a file (its folder and name) is sorted by: its path, each ``/`` made NUL."""
    return os.path.join(*file).replace("/", "\0")
