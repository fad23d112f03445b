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
