"""Reading the hand-history format: text or file -> a stream of ``HandRecord | ParseError``.

Why it is built this way:

* **Streaming.**  The input is read line by line and cut into chunks (one header line, or one
  hand: its ``hand`` line up to the next ``hand`` line or header line).  Each chunk is parsed on
  its own with the Lark grammar in ``grammar/hand_history.lark``, so a 100 MB file is never one
  parse tree, memory stays flat, and records are yielded as soon as a hand is read.
* **Errors people can act on.**  A syntax error becomes a :class:`ParseError` with
  file:line:column, the hand id, what was expected in words, the likely fix (a misspelt name
  or keyword, a bad card, a comma: :mod:`badugi_ledger.text.hints`) and the offending line
  with a caret; the reader then resumes at the next hand, so one call reports every bad hand.
* **Speed.**  Plain lines ("Ben folds · Cara calls 4", "blinds 1/2") skip Lark altogether
  (:class:`badugi_ledger.text.plainlines.PlainLines`, proven equal to Lark's reading), and Lark
  itself is imported and its parser loaded only when a line needs it (``parsers._lark``): a file
  the simulator or a site converter wrote never does.  Where Lark reads, the transformer runs
  inside the LALR parser (no tree is built, see :mod:`badugi_ledger.text.transformer`),
  positions come from tokens, cards are looked up in a table, and a run of cards is a single
  token.  Events carry no position: a record keeps where each was written beside its events,
  one packed int per event (:class:`~badugi_ledger.model.positions.LinePositions`), so the fast
  path can append the one event it made for an entry text every time the text recurs.
* **Headers are sticky.**  A header line sets its items for every hand after it (a level
  change is a header line between two hands); it also ends the hand before it.  Every record
  carries its complete, effective :class:`GameSettings`.
* **Forced bets are explicit in the record.**  When a hand writes no ``posts`` entries, the
  reader inserts the ``Post`` events the settings imply (:func:`implied_posts`), at the hand
  line's position, so the replay always sees explicit posts.  A hand that writes any ``posts``
  entry gets exactly what it writes (dead blinds, short all-in blinds); ``posts none`` means no
  forced bets at all.  A record without posts says so (``HandRecord.posts_none``), so that the
  replay never adds any.  The reader does not know the stacks, so it counts every listed player
  who does not sit out as dealt in; a record with implied posts says so
  (``HandRecord.posts_implied``), and the replay places them again among the players dealt in
  when one listed has no chips at the deal.  A Progressive Badugi redeal (the previous hand of
  the same table recorded ``carry``) implies posts only when the house rule ``redeal-posts
  yes`` says so (``002``); a record it left without them says so too
  (``HandRecord.redeal_implied``): the previous hand may be one that could not be read, and the
  replay, which knows whether a pot came in, posts the blinds of a hand that is no redeal.

Where each part is: the public functions are here; the per-hand loop, the recovery that resumes
at the next hand and the checks that need a whole hand share the reader's state, and are one
class (:mod:`badugi_ledger.text.reader`); what needs none of that state (which line is which, a
hand's chunk, the checks of its seats) is :mod:`badugi_ledger.text.chunks`.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

from ..model.errors import UNREADABLE_FILE, ParseError, Position, cannot_read
from ..model.events import HandRecord
from .lines import MAX_LINE as MAX_LINE  # (where the night file and tests look for it)
from .lines import file_blocks, text_blocks
from .reader import MAX_HAND_LINES as MAX_HAND_LINES
from .reader import _Reader

__all__ = ["parse_bytes", "parse_file", "parse_text"]


def parse_text(
    text: str, source: str = "<text>", *, fast: bool = True
) -> Iterator[HandRecord | ParseError]:
    """Read hands from a string; yields records and errors in input order.

    ``fast`` reads plain lines ("Ben folds · Cara calls 4") without Lark
    (:class:`~badugi_ledger.plainlines.PlainLines`), which reads exactly what Lark reads;
    ``fast=False`` sends every line through Lark (the tests compare the two readings, the
    benchmarks time them).
    """
    return _Reader(source, fast).read(text_blocks(text))


def parse_file(path: str | Path, *, fast: bool = True) -> Iterator[HandRecord | ParseError]:
    """Read hands from a file, streaming: the file is never held in memory as a whole.

    Errors are yielded, never raised, except when the file cannot be opened at all
    (then a single :class:`ParseError` is yielded naming the OS error).  ``fast``: as for
    :func:`parse_text`.
    """
    source = str(path)
    try:
        handle = open(path, "rb")  # noqa: SIM115 - closed in the generator below
    except OSError as exc:
        error = ParseError(cannot_read(exc), position=Position(source), rule=UNREADABLE_FILE)
        return iter([error])
    return _read_and_close(handle, source, fast)


def parse_bytes(
    data: bytes, source: str, *, fast: bool = True
) -> Iterator[HandRecord | ParseError]:
    """Read hands from the bytes of a whole file, already read (a small file: the bytes its
    format was told from), exactly as :func:`parse_file` reads that file."""
    return _Reader(source, fast).read(file_blocks(io.BytesIO(data)))


def _read_and_close(
    handle: io.BufferedReader, source: str, fast: bool
) -> Iterator[HandRecord | ParseError]:
    with handle:
        try:
            yield from _Reader(source, fast).read(file_blocks(handle))
        except OSError as exc:  # it opened, but a read failed (a device, a failing disk)
            yield ParseError(cannot_read(exc), position=Position(source), rule=UNREADABLE_FILE)
