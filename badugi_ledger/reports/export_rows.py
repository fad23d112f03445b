"""Exports written as they are read: a query's rows, a chunk at a time, as CSV, JSON or Parquet.

A ledger of a season's hands holds hundreds of thousands of postings; made a pandas frame
whole, then text, then parsed and written again, an export of them took several times the
ledger's size in memory.  Here the rows are read :data:`CHUNK_ROWS` at a time and each chunk
is written before the next is read, so memory stays at a chunk's whatever the ledger's size.

CSV and JSON are the bytes the whole table made a frame gave (:func:`.export.write_export`
still does that for ``standings``), so a file exported before reads the same.  A frame decides
a column's type from all its rows, which one chunk cannot see, so one aggregate query first
reads what decides it (:class:`Profile`): a column of whole numbers with a NULL anywhere is a
column of floats (``6.0``, as pandas wrote it); amounts are in their row's unit
(:func:`.standings.present`).  CSV cells are neutralised as :func:`csv_text` does.

Parquet's schema is not the rows' but the table's: each column's Arrow type follows from what
it holds (:data:`.standings.ColumnType`, declared with the columns: :data:`.export.COLUMNS`,
:data:`.standings.TOURNAMENT_TYPES`, :data:`.standings.CASH_TYPES`), so every export of a table
has one schema, empty or not, whatever its rows hold (:func:`arrow_schema`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import IO, TYPE_CHECKING, Literal

from ..ledger.connection import reading
from ..model.errors import LedgerError
from ..model.escaping import csv_rows, for_csv
from ..model.money import is_money, major_units, plain_money
from .standings import ColumnType

if TYPE_CHECKING:
    import pyarrow as pa

CHUNK_ROWS = 5_000
"""Rows read from the ledger and written at a time."""

Row = Sequence[object]


@dataclass(frozen=True)
class Profile:
    """What a whole frame of the query's rows would have made of each column in CSV and JSON."""

    columns: tuple[str, ...]
    floats: frozenset[str]
    """Columns of numbers with a NULL among them (or a fraction): pandas made them floats."""
    amounts: frozenset[str]
    """Columns of amounts in the row's ``unit``."""


def _quoted(column: str) -> str:
    return '"' + column.replace('"', '""') + '"'


def profile(
    db: sqlite3.Connection,
    sql: str,
    args: Sequence[object],
    columns: Sequence[str],
    amounts: Sequence[str],
) -> Profile:
    """One pass of the query, aggregated: which columns are floats."""
    parts = ["count(*)"]
    for column in columns:
        c = _quoted(column)
        parts += [
            f"count({c})",
            f"max(typeof({c}) IN ('integer', 'real'))",
            f"max(typeof({c}) = 'real')",
        ]
    row = db.execute(f"SELECT {', '.join(parts)} FROM ({sql})", list(args)).fetchone()
    total = row[0]
    floats = set()
    for i, column in enumerate(columns):
        count, numeric, real = row[1 + 3 * i : 4 + 3 * i]
        if numeric and (count < total or real):
            floats.add(column)
    has_unit = "unit" in columns
    return Profile(
        tuple(columns),
        frozenset(floats),
        frozenset(c for c in amounts if c in columns and has_unit),
    )


def _chunks(cursor: sqlite3.Cursor) -> Iterator[list[tuple[object, ...]]]:
    while rows := cursor.fetchmany(CHUNK_ROWS):
        yield rows


def _csv_chunk(rows: list[tuple[object, ...]], shape: Profile, unit: int | None) -> str:
    """A chunk's rows as CSV lines, each cell as pandas wrote it: NULL empty, floats as
    floats, amounts in their unit (:func:`.standings.present`, style ``csv``), text
    neutralised (once a chunk for each text: names, events and units repeat on every row)."""
    money = [column in shape.amounts and unit is not None for column in shape.columns]
    floats = [column in shape.floats for column in shape.columns]
    neutral: dict[object, object] = {}

    def cells(row: Row) -> list[object]:
        out: list[object] = []
        for i, value in enumerate(row):
            if value is None:
                out.append("")
            elif money[i] and is_money(str(row[unit])):  # type: ignore[index]
                out.append(plain_money(int(value)))  # type: ignore[call-overload]
            elif floats[i]:
                out.append(repr(float(value)))  # type: ignore[arg-type]
            elif isinstance(value, str):
                if value not in neutral:
                    neutral[value] = for_csv(value)
                out.append(neutral[value])
            else:
                out.append(value)
        return out

    return csv_rows(cells(row) for row in rows)


def _json_value(column: str, value: object, row: Row, shape: Profile, unit: int | None) -> object:
    if value is None:
        return None
    if column in shape.amounts and unit is not None:
        return major_units(int(value), str(row[unit]))  # type: ignore[call-overload]
    if column in shape.floats:
        return float(value)  # type: ignore[arg-type]
    return value


def _write_json(
    chunks: Iterator[list[tuple[object, ...]]], shape: Profile, out: IO[bytes], unit: int | None
) -> None:
    """``json.dumps(rows, ensure_ascii=False, indent=2)`` and a newline, a row at a time.

    Each value is encoded on its own and the lines laid out as ``indent=2`` lays them out:
    with an indent, ``json`` encodes in Python instead of C, several times slower."""
    encode = json.JSONEncoder(ensure_ascii=False).encode
    keys = [f"    {encode(column)}: " for column in shape.columns]
    first = True
    for rows in chunks:
        text = []
        for row in rows:
            values = (
                key + encode(_json_value(c, v, row, shape, unit))
                for key, c, v in zip(keys, shape.columns, row, strict=True)
            )
            text.append(("[\n  {\n" if first else ",\n  {\n") + ",\n".join(values) + "\n  }")
            first = False
        out.write("".join(text).encode())
    out.write(b"[]\n" if first else b"\n]\n")


ARROW_TYPES: dict[ColumnType, str] = {
    "integer": "int64",
    "number": "float64",
    "amount": "float64",
    "text": "string",
    "date": "date32",
}
"""Each kind of column's Arrow type: an amount is a double whatever its row's unit (chips are
``24.0``: docs/ledger.md), a column of whole numbers stays int64 with a NULL among them."""


def arrow_schema(types: Mapping[str, ColumnType]) -> pa.Schema:
    """The Parquet schema of a table whose columns hold ``types``: nothing of the rows."""
    import pyarrow as pa

    return pa.schema([pa.field(name, ARROW_TYPES[kind]) for name, kind in types.items()])


def _whole(value: object) -> int | None:
    """A whole number, or None (a frame's rank of a player below ``min_events`` is NaN)."""
    return None if value is None or value != value else int(value)  # type: ignore[call-overload]


def _real(value: object) -> float | None:
    return None if value is None or value != value else float(value)  # type: ignore[arg-type]


def _dates(values: Sequence[object], events: Sequence[object] | None) -> list[date | None]:
    """The ledger's dates (``2024-03-01``) as dates; one it cannot read is a clear error, not a
    date guessed or left out."""
    seen: dict[object, date | None] = {None: None}
    out: list[date | None] = []
    for i, value in enumerate(values):
        if value not in seen:
            try:
                seen[value] = date.fromisoformat(str(value))
            except ValueError:
                event = f" of event {str(events[i])!r}" if events is not None else ""
                raise LedgerError(
                    f"the date {str(value)!r}{event} is not a date (like 2024-03-01): Parquet "
                    "holds dates as dates; CSV and JSON write it as the ledger has it"
                ) from None
        out.append(seen[value])
    return out


def _arrow_table(
    rows: Sequence[Row], types: Mapping[str, ColumnType], schema: pa.Schema
) -> pa.Table:
    """A chunk's rows as a table of ``schema``: amounts in their row's unit (12.34 or 24.0)."""
    import pyarrow as pa

    names = list(types)
    cells: list[Sequence[object]] = list(zip(*rows, strict=True)) if rows else [()] * len(names)
    by_name = dict(zip(names, cells, strict=True))
    arrays = []
    for name, kind in types.items():
        values = by_name[name]
        if kind == "amount":
            values = [
                None if v is None else float(major_units(int(v), str(u)))  # type: ignore[call-overload]
                for v, u in zip(values, by_name["unit"], strict=True)
            ]
        elif kind == "integer":
            values = [_whole(v) for v in values]
        elif kind == "number":
            values = [_real(v) for v in values]
        elif kind == "date":
            values = _dates(values, by_name.get("event"))
        arrays.append(pa.array(values, schema.field(name).type))
    return pa.Table.from_arrays(arrays, schema=schema)


def write_parquet(
    chunks: Iterator[Sequence[Row]], types: Mapping[str, ColumnType], out: IO[bytes]
) -> None:
    """One row group a chunk, all of the one schema the columns' kinds make
    (:func:`arrow_schema`), so every export of a table has it, empty or not."""
    import pyarrow.parquet as pq

    schema = arrow_schema(types)
    with pq.ParquetWriter(out, schema) as writer:
        for rows in chunks:
            writer.write_table(_arrow_table(rows, types, schema))


def write_rows(
    db: sqlite3.Connection,
    query: tuple[str, list[object]],
    fmt: Literal["csv", "json", "parquet"],
    out: IO[bytes],
    types: Mapping[str, ColumnType],
) -> None:
    """The rows of ``query`` (its ``SELECT`` and parameters, whose columns hold ``types``)
    written to ``out`` in ``fmt``.

    The profile and the rows are read in one read transaction, so an import committed
    meanwhile (WAL lets it write while an export reads) is in neither or in both."""
    sql, args = query
    with reading(db):
        cursor = db.execute(sql, args)
        columns = [d[0] for d in cursor.description]
        if fmt == "parquet":
            write_parquet(_chunks(cursor), types, out)
            return
        amounts = [name for name, kind in types.items() if kind == "amount"]
        shape = profile(db, sql, args, columns, amounts)
        unit = columns.index("unit") if "unit" in columns else None
        if fmt == "json":
            _write_json(_chunks(cursor), shape, out, unit)
        else:
            out.write(csv_rows([columns]).encode())
            for rows in _chunks(cursor):
                out.write(_csv_chunk(rows, shape, unit).encode())
