"""Reading rows from the ledger's plain :class:`sqlite3.Connection` as dicts.

The ledger is a plain ``sqlite3`` connection (see :mod:`.connection`); the reports and messages
that want column names use :func:`dict_rows`.  It sits below every other ledger module, so
the store and the tournaments can both use it without importing each other.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any


def dict_rows(
    db: sqlite3.Connection, sql: str, params: Sequence[object] = ()
) -> list[dict[str, Any]]:
    """The rows of a query as dicts keyed by column name (for reports and messages)."""
    cursor = db.execute(sql, params)
    cursor.row_factory = sqlite3.Row
    return [dict(row) for row in cursor]
