"""Site and standard hand histories → the same :class:`~badugi_ledger.model.events.HandRecord` our
own text format produces, so ``check``, ``import`` and everything downstream work unchanged.

One module per format (:mod:`.pokerstars`, :mod:`.fulltilt`, :mod:`.merge`, :mod:`.kingsclub`,
:mod:`.phh`); what they share (decoding, money as integers, bounds on lines, the hand draft) is
in :mod:`.common`, and how stacks carry from hand to hand of a site table in :mod:`.carry`.
Each reader yields, in file order, a record, a
:class:`~badugi_ledger.model.errors.ImportFormatError`
naming why a hand cannot be read (rules such as ``cancelled-hand``, ``corrupt-hand``,
``partial-hand``, ``unrecognised-line``), a :class:`SkippedHand` for a hand of another game, or
a :class:`SiteWarning` (a hand seems to be missing) just before the hand it concerns.  Format
detection and dispatch live in :mod:`badugi_ledger.sources`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from importlib import import_module
from typing import TYPE_CHECKING, Any

from .common import ImportItem, SiteWarning, SkippedHand, iter_lines, read_text, sniff_encoding

if TYPE_CHECKING:  # imported on first use at run time (see READERS)
    from .fulltilt import read_fulltilt
    from .kingsclub import read_kingsclub
    from .merge import read_merge
    from .phh import read_phh
    from .phh_write import write_phh
    from .pokerstars import read_pokerstars
    from .winamax import read_winamax

Reader = Callable[[Any, str], Iterator[ImportItem]]

_WHERE: dict[str, tuple[str, str]] = {
    "pokerstars": ("pokerstars", "read_pokerstars"),
    "fulltilt": ("fulltilt", "read_fulltilt"),
    "merge": ("merge", "read_merge"),
    "kingsclub": ("kingsclub", "read_kingsclub"),
    "phh": ("phh", "read_phh"),
    "winamax": ("winamax", "read_winamax"),
}
_FUNCTIONS = {function: module for module, function in _WHERE.values()} | {"write_phh": "phh_write"}


class _Readers(Mapping[str, Reader]):
    """Format name -> reader, each reader's module imported the first time it is asked for.

    Why: the site readers compile about a hundred regular expressions between them; a run
    that reads one format (a PHH folder, our own text) should not pay for the others at
    every start."""

    def __getitem__(self, name: str) -> Reader:
        module, function = _WHERE[name]
        reader: Reader = getattr(import_module(f".{module}", __name__), function)
        return reader

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


READERS: Mapping[str, Reader] = _Readers()
"""Site readers by format name; each takes the file's lines (PHH: its whole text) and a source."""


def __getattr__(name: str) -> Any:
    """``from badugi_ledger.importers import read_pokerstars`` imports that reader's module."""
    module = _FUNCTIONS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f".{module}", __name__), name)


__all__ = [
    "READERS",
    "ImportItem",
    "SiteWarning",
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
