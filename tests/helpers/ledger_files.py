"""A ledger file filled by the library's import, as a test needs it in one call: the library
itself takes an open ledger, and only the CLI opens one by its path."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from badugi_ledger.ledger.importing import import_paths
from badugi_ledger.ledger.report import ImportReport
from badugi_ledger.ledger.store import ledger_at


def import_into(db: Path, paths: Iterable[str | Path], **options: Any) -> ImportReport:
    """Open (or create) the ledger file ``db``, import ``paths`` with ``options`` (those of
    :func:`~badugi_ledger.ledger.importing.import_paths`) and close it."""
    with ledger_at(db) as ledger:
        return import_paths(ledger, paths, **options)


TWIN = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Twin · date 2026-04-01 · chips {chips} = 1 USD
table {table}

hand 1 · button Anna · Anna 100 · Ben 100
Anna raises · Ben folds
Anna collects 4
final: Anna 102 · Ben 98
"""
"""A night called Twin on 2026-04-01 whose chips are worth 1/``chips`` USD."""


def twin_nights(folder: Path) -> list[Path]:
    """Two nights called Twin on 2026-04-01, written in ``folder``: chips of 0.05 USD (table
    A) and of 0.10 USD (table B), so two events of one name and date."""
    paths = []
    for chips, table in ((20, "A"), (10, "B")):
        path = folder / f"twin_{table}.bhh"
        path.write_text(TWIN.format(chips=chips, table=table), encoding="utf-8")
        paths.append(path)
    return paths
