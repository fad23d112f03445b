"""Loading the Lark grammar of the hand-history format, and naming its terminals in words.

The grammar lives as a plain file in the top-level ``grammar/`` folder so organisers and other
tools can read it.  A wheel carries the same folder as ``badugi_ledger/_grammar`` (see
``pyproject.toml``), so the loader asks :mod:`importlib.resources` first and falls back to the
source tree.  Error messages must say what was expected in words a card player understands, not
Lark's terminal names: :func:`describe_expected` does that translation in one place.

**Start-up cache.**  Analysing the grammar (LALR tables, and Lark's terminal-collision check
when ``interegular`` is installed) costs 0.1-1 s, paid by every ``check``/``import``/``parse``
run.  :func:`build_parser` therefore keeps the analysed parser in a per-user cache (Lark's own
``cache=`` mechanism) and later runs load it in milliseconds.  Where, and how to turn it off:

* ``$BADUGI_LEDGER_CACHE_DIR`` if set, else ``$XDG_CACHE_HOME/badugi-ledger``, else
  ``~/.cache/badugi-ledger``; ``BADUGI_LEDGER_NO_CACHE=1`` turns the cache off.
* The file name holds a key of the grammar text, Lark's version, Python's version and the
  build options, so a changed grammar or an upgrade never loads a stale parser.
* A cache file is a pickle, and loading a pickle runs code: it is read only from a folder and
  a file owned by the current user that nobody else may write (so never from ``/tmp`` or any
  shared folder), in a parent folder strangers cannot swap it in (world-writable only with the
  sticky bit); a symbolic link or a file others may write found there is removed, never
  followed or loaded.
* Runs take the folder's lock (``fcntl.flock``) around reading or writing the file, so no run
  loads a file another is still writing, and concurrent first runs build it once.  Any
  failure (unwritable folder, corrupt or truncated file, a stranger's file, a lock held too
  long, no ``fcntl``) silently means building the parser as without a cache.
* The strict build (``strict=True``, the test suite's check of the grammar) never uses it: a
  parser loaded from a cache skips Lark's validation.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import stat
import sys
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import lark
from lark import Lark

GRAMMAR_FILE = "hand_history.lark"
START_RULES = ("hand", "header")

# Words for the named terminals of grammar/hand_history.lark.
TERMINAL_WORDS: dict[str, str] = {
    "NAME": "a player name",
    "NUMBER": "a number",
    "CARDS": "cards like As 10♦ ?? (?? = a card nobody saw)",
    "HAND_ID": "a hand id",
    "TEXT": "some text",
    "STRING": 'a "quoted text"',
    "GAME_NAME": "a game (badugi, progressive badugi, badacey or badeucey)",
    "WITH_A_BUY": "'with a buy'",
    "ALWAYS": "'always'",
    "CURRENCY": "a currency code like USD, or 'chips'",
    "DECIMAL": "an amount like 2.50",
    "ODD_CHIP_RULE": "button-left, worst-seat or best-hand",
    "ODD_CHIP_HALF": "badugi or five-card",
    "RESHUFFLE_RULE": "exclude-own or all-discards",
    "YES_NO": "yes or no",
    "QUALIFIER_RANK": "a highest card like 9, 10 or J",
    "DATE": "a date like 2024-03-01",
    "HOUSE_KEY": "a house rule name like odd-chip",
    "HOUSE_VALUE": "a house rule value",
    "ALL_IN": "'all-in'",
    "POST_KIND": "small blind, big blind, sb, bb, ante, dead or straddle",
    "POT": "'pot'",
    "CARRY": "'carry'",
    "RAKED": "'raked'",
    "_ARROW": "'->'",
    "_SEP": "'·' or ';'",
    "_NL": "the end of the line",
    "$END": "the end of the hand",
}


def _packaged_grammar() -> str | None:
    """The grammar as installed inside the package (a wheel), or None in a source tree."""
    try:
        resource = resources.files("badugi_ledger").joinpath("_grammar").joinpath(GRAMMAR_FILE)
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):  # pragma: no cover
        return None
    return None


def source_grammar_path() -> Path:
    """Where the grammar sits in a source checkout (``grammar/`` beside the package)."""
    return Path(__file__).resolve().parent.parent / "grammar" / GRAMMAR_FILE


def grammar_text() -> str:
    """The grammar's text: from the installed package if there, else from the source tree."""
    text = _packaged_grammar()
    if text is not None:
        return text
    return source_grammar_path().read_text(encoding="utf-8")


_BUILD_OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "contextual",
    "start": list(START_RULES),
    "maybe_placeholders": True,
    "propagate_positions": False,  # positions come from the tokens, which is cheaper
}


def build_parser(transformer: Any = None, *, strict: bool = False) -> Lark:
    """A Lark LALR parser for the format; with ``transformer`` it builds values, not trees.

    ``strict=True`` makes Lark refuse any shift/reduce conflict or terminal collision (it needs
    ``interegular``).  The grammar is a fixed file, so the test suite builds it strict once
    (tests/test_parse_grammar.py) and the reader skips the check.  A non-strict parser comes
    from the per-user cache when it can (see the module docstring); a strict one never does.
    """
    if strict:
        return Lark(grammar_text(), strict=True, transformer=transformer, **_BUILD_OPTIONS)
    return cached_build(transformer, cache_dir())[0]


# ---------------------------------------------------------------- the start-up cache

CACHE_DIR_ENV = "BADUGI_LEDGER_CACHE_DIR"
NO_CACHE_ENV = "BADUGI_LEDGER_NO_CACHE"
_MAX_CACHE_BYTES = 8 << 20  # the analysed parser is about 50 KB; a huge file is not ours
_LOCK_WAIT = 10.0  # seconds to wait for another run to finish writing the cache


def cache_dir() -> Path | None:
    """The per-user cache folder, or None when the cache is turned off.

    ``$BADUGI_LEDGER_CACHE_DIR``, else ``$XDG_CACHE_HOME/badugi-ledger``, else
    ``~/.cache/badugi-ledger``.  Empty or relative ``XDG_CACHE_HOME`` is ignored (XDG spec).
    """
    if os.environ.get(NO_CACHE_ENV, "") not in ("", "0"):
        return None
    override = os.environ.get(CACHE_DIR_ENV, "")
    if override:
        return Path(override)
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg) / "badugi-ledger"
    try:
        return Path.home() / ".cache" / "badugi-ledger"
    except RuntimeError:  # no home directory known
        return None


def cache_key(text: str, lark_version: str = lark.__version__, python: str = sys.version) -> str:
    """What a cached parser depends on: grammar text, Lark's and Python's versions, options."""
    options = repr(sorted(_BUILD_OPTIONS.items()))
    blob = "\0".join((text, lark_version, python, sys.implementation.cache_tag or "", options))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]


def _private(st: os.stat_result) -> bool:
    """Owned by this user and writable by nobody else: safe to trust a pickle from it."""
    geteuid = getattr(os, "geteuid", None)
    if geteuid is not None and st.st_uid != geteuid():
        return False
    return not st.st_mode & (stat.S_IWGRP | stat.S_IWOTH)


def _usable_dir(folder: Path) -> bool:
    """The folder exists (made if need be), is ours and private, and sits in a folder where
    strangers cannot swap it for another (world-writable only with the sticky bit, as /tmp)."""
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
        st = os.stat(folder)
        parent = os.stat(Path(os.path.realpath(folder)).parent)
    except OSError:
        return False
    swappable = parent.st_mode & stat.S_IWOTH and not parent.st_mode & stat.S_ISVTX
    return stat.S_ISDIR(st.st_mode) and _private(st) and not swappable


def _safe_file(path: Path) -> os.stat_result | None:
    """The state of the cache file if it may be loaded: a regular file (not a symbolic link)
    owned by us that nobody else may write; None when there is none.  Raises OSError for a
    file that must not be trusted and cannot be removed."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    if stat.S_ISREG(st.st_mode) and _private(st) and st.st_size <= _MAX_CACHE_BYTES:
        return st
    path.unlink()  # not trustworthy: remove it (the folder is ours) and build afresh
    return None


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold the cache folder's lock: one process at a time reads or writes the cache file, so
    no run ever loads a file another run is still writing.  Raises OSError when the lock
    cannot be had (no ``fcntl`` on this system, or held by another run for _LOCK_WAIT s)."""
    import fcntl  # POSIX only: elsewhere the ImportError means no cache

    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0)
    fd = os.open(folder / "parser.lock", flags, 0o600)
    try:
        deadline = time.monotonic() + _LOCK_WAIT
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.02)
        yield
    finally:
        os.close(fd)  # closing releases the lock


def cached_build(transformer: Any, folder: Path | None) -> tuple[Lark, str]:
    """The parser, from the cache in ``folder`` when possible; also says what happened:
    ``"loaded"``, ``"saved"`` (built and stored), ``"built"`` (cache off or unusable).

    Lark's own cache (``cache=`` a file name) does the work: it loads the file when it holds
    this grammar's analysed parser, and otherwise (missing, corrupt, truncated, another
    grammar) builds the parser and writes the file.  Around it, the folder's lock keeps
    concurrent runs apart, and a file we may not trust is removed first.
    """
    text = grammar_text()
    if folder is None or not _usable_dir(folder):
        return Lark(text, transformer=transformer, **_BUILD_OPTIONS), "built"
    target = folder / f"parser-{cache_key(text)}.lark"
    try:
        with _locked(folder):
            before = _safe_file(target)
            parser = Lark(text, transformer=transformer, cache=str(target), **_BUILD_OPTIONS)
            after = _safe_file(target)
            if before is not None and after is not None and _same(before, after):
                return parser, "loaded"
            if after is None:  # Lark could not write it
                return parser, "built"
            os.chmod(target, 0o600)
            return parser, "saved"
    except (OSError, ImportError):
        return Lark(text, transformer=transformer, **_BUILD_OPTIONS), "built"


def _same(a: os.stat_result, b: os.stat_result) -> bool:
    return (a.st_ino, a.st_size, a.st_mtime_ns) == (b.st_ino, b.st_size, b.st_mtime_ns)


def describe_expected(names: set[str] | frozenset[str], parser: Lark) -> str:
    """Turn Lark terminal names into words: ``{"NAME", "CALLS"}`` -> "a player name or 'calls'"."""
    words: list[str] = []
    keywords: list[str] = []
    for name in names:
        if name in TERMINAL_WORDS:
            words.append(TERMINAL_WORDS[name])
            continue
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            words.append(name.lower())
            continue
        if pattern.type == "str":
            keywords.append(f"'{pattern.value}'")
        else:
            words.append(name.lower().replace("_", " "))
    items = sorted(set(keywords)) + sorted(set(words))
    if not items:
        return "nothing more"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]
