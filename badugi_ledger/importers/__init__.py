"""Site and standard hand histories → the same :class:`~badugi_ledger.events.HandRecord` our own
text format produces, so ``check``, ``import`` and everything downstream work unchanged.

One module per format (:mod:`.pokerstars`, :mod:`.fulltilt`, :mod:`.merge`, :mod:`.kingsclub`,
:mod:`.phh`); what they share (decoding, money as integers, the hand draft) is in
:mod:`.common`.  Each reader yields, in file order, a record, a
:class:`~badugi_ledger.errors.ImportFormatError` naming why a hand cannot be read (rules such
as ``cancelled-hand``, ``corrupt-hand``, ``partial-hand``, ``unrecognised-line``), or a
:class:`SkippedHand` for a hand of another game.  Format detection and dispatch live in
:mod:`badugi_ledger.sources`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .common import ImportItem, SkippedHand, iter_lines, read_text, sniff_encoding
from .fulltilt import read_fulltilt
from .kingsclub import read_kingsclub
from .merge import read_merge
from .phh import read_phh, write_phh
from .pokerstars import read_pokerstars
from .winamax import read_winamax

READERS: dict[str, Callable[[Any, str], Iterator[ImportItem]]] = {
    "pokerstars": read_pokerstars,
    "fulltilt": read_fulltilt,
    "merge": read_merge,
    "kingsclub": read_kingsclub,
    "phh": read_phh,
    "winamax": read_winamax,
}
"""Site readers by format name; each takes the file's lines (PHH: its whole text) and a source."""

__all__ = [
    "READERS",
    "ImportItem",
    "SkippedHand",
    "iter_lines",
    "read_fulltilt",
    "read_kingsclub",
    "read_merge",
    "read_phh",
    "read_pokerstars",
    "read_text",
    "read_winamax",
    "sniff_encoding",
    "write_phh",
]
