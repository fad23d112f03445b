"""Every table of a ledger file, as comparable data: for tests that prove two imports (fast
path and reference, one process and many) leave identical ledgers."""

from __future__ import annotations

import hashlib
import sqlite3
from pathlib import Path

Row = tuple[object, ...]


def table_rows(db: Path, *, source_names: bool = True) -> dict[str, list[Row]]:
    """Every row of every table (``schema_version`` aside), ordered by all its columns.

    ``imported_at`` (the clock) is blanked; with ``source_names`` the ``source`` and ``path``
    columns keep only the file's name, so ledgers built from copies in other folders compare
    equal.
    """
    with sqlite3.connect(db) as conn:
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' "
                "AND name != 'schema_version' ORDER BY name"
            )
        ]
        out: dict[str, list[Row]] = {}
        for table in tables:
            columns = [row[1] for row in conn.execute(f'PRAGMA table_info("{table}")')]
            order = ", ".join(f'"{c}"' for c in columns)
            rows = conn.execute(f'SELECT * FROM "{table}" ORDER BY {order}').fetchall()
            blank = [i for i, c in enumerate(columns) if c == "imported_at"]
            named = ("source", "path")  # (a file's path as imported, and its real path)
            source = [i for i, c in enumerate(columns) if c in named] if source_names else []
            cleaned = []
            for row in rows:
                values = list(row)
                for i in blank:
                    values[i] = ""
                for i in source:
                    values[i] = Path(str(values[i])).name
                cleaned.append(tuple(values))
            if "path" in columns:  # no id: ordered by the names kept, wherever the files lie
                cleaned.sort()
            out[table] = cleaned
    return out


def table_digests(db: Path) -> dict[str, tuple[int, str]]:
    """Each table's row count and SHA-256 of its rows (see :func:`table_rows`)."""
    return {
        table: (len(rows), hashlib.sha256(repr(rows).encode()).hexdigest())
        for table, rows in table_rows(db).items()
    }
