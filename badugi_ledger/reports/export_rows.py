"""Exports written as they are read: a query's rows, a chunk at a time, as CSV, JSON or Parquet.

A ledger of a season's hands holds hundreds of thousands of postings; made a pandas frame
whole, then text, then parsed and written again, an export of them took several times the
ledger's size in memory.  Here the rows are read :data:`CHUNK_ROWS` at a time and each chunk
is written before the next is read, so memory stays at a chunk's whatever the ledger's size.

The bytes are those the whole table made a frame gave (:func:`.export.write_export` still
does that for ``standings``), so a file exported before reads the same.  A frame decides a
column's type from all its rows, which one chunk cannot see, so one aggregate query first
reads what decides it (:class:`Profile`): a column of whole numbers with a NULL anywhere is a
column of floats (``6.0``, as pandas wrote it), and an amount column is whole numbers when
every row is in chips, floats when every row is money, and a mix of both otherwise
(:func:`.standings.present`).  CSV cells are neutralised as :func:`csv_text` does.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import IO, TYPE_CHECKING, Literal

from ..ledger.connection import reading
from ..model.escaping import csv_rows, for_csv
from ..model.money import CHIP_UNITS, is_money, major_units, plain_money

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

CHUNK_ROWS = 5_000
"""Rows read from the ledger and written at a time."""

Row = Sequence[object]


@dataclass(frozen=True)
class Profile:
    """What a whole frame of the query's rows would have made of each column."""

    columns: tuple[str, ...]
    floats: frozenset[str]
    """Columns of numbers with a NULL among them (or a fraction): pandas made them floats."""
    empty: frozenset[str]
    """Columns with nothing but NULL (Parquet's ``null`` type)."""
    numbers: frozenset[str]
    """Columns with a number (the others that are not empty hold text)."""
    amounts: frozenset[str]
    """Columns of amounts in the row's ``unit``."""
    money: bool
    """Whether some row's unit is money (cents)."""
    chips: bool
    """Whether some row's unit is chips."""


def _quoted(column: str) -> str:
    return '"' + column.replace('"', '""') + '"'


def profile(
    db: sqlite3.Connection,
    sql: str,
    args: Sequence[object],
    columns: Sequence[str],
    amounts: Sequence[str],
) -> Profile:
    """One pass of the query, aggregated: which columns are floats, empty, and the units."""
    parts = ["count(*)"]
    for column in columns:
        c = _quoted(column)
        parts += [
            f"count({c})",
            f"max(typeof({c}) IN ('integer', 'real'))",
            f"max(typeof({c}) = 'real')",
        ]
    has_unit = "unit" in columns
    chips = ", ".join("'" + u.replace("'", "''") + "'" for u in CHIP_UNITS)
    if has_unit:
        parts += [f"max(unit NOT IN ({chips}))", f"max(unit IN ({chips}))"]
    row = db.execute(f"SELECT {', '.join(parts)} FROM ({sql})", list(args)).fetchone()
    total = row[0]
    floats, empty, numbers = set(), set(), set()
    for i, column in enumerate(columns):
        count, numeric, real = row[1 + 3 * i : 4 + 3 * i]
        if not count:
            empty.add(column)
        if numeric:
            numbers.add(column)
        if numeric and (count < total or real):
            floats.add(column)
    money, chip = (bool(row[-2]), bool(row[-1])) if has_unit else (False, False)
    return Profile(
        tuple(columns),
        frozenset(floats),
        frozenset(empty),
        frozenset(numbers),
        frozenset(c for c in amounts if c in columns and has_unit),
        money,
        chip,
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


def _frame(rows: list[tuple[object, ...]], shape: Profile) -> pd.DataFrame:
    """A chunk as the frame of the whole table had it (column types from ``shape``)."""
    import pandas as pd

    from .standings import present

    df = pd.DataFrame.from_records(rows, columns=list(shape.columns), coerce_float=True)
    for column in shape.columns:
        if column in shape.floats:
            df[column] = df[column].astype("float64")
        elif column in shape.empty or not len(df):
            df[column] = df[column].astype(object)
        elif column not in shape.numbers:  # text, also in a chunk where it is all NULL
            df[column] = df[column].astype(pd.Series(["text"]).dtype)
    df = present(df, "data", sorted(shape.amounts))
    for column in shape.amounts:
        df[column] = df[column].astype("object" if shape.money and shape.chips else "float64")
    return df


def _write_parquet(
    chunks: Iterator[list[tuple[object, ...]]], shape: Profile, out: IO[bytes]
) -> None:
    """One row group a chunk, every chunk of the one schema the whole frame had."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    chunks = iter(chunks)
    df = _frame(next(chunks, []), shape)  # an empty table still has its columns
    schema = _schema(df, shape)
    with pq.ParquetWriter(out, schema) as writer:
        while True:
            writer.write_table(pa.Table.from_pandas(df, schema=schema, preserve_index=False))
            rows = next(chunks, None)
            if rows is None:
                break
            df = _frame(rows, shape)


def _schema(df: pd.DataFrame, shape: Profile) -> pa.Schema:
    """The chunk's schema; every amount column is a float (docs/ledger.md: one schema), whatever
    units the rows count (chips and money mixed are objects in the frame)."""
    import pyarrow as pa

    schema = pa.Schema.from_pandas(df, preserve_index=False)
    if not (shape.money and shape.chips):
        return schema  # (the frame's amounts are float64 already)
    pandas = json.loads(schema.metadata[b"pandas"])
    for column in pandas["columns"]:
        if column["name"] in shape.amounts:
            column["pandas_type"] = "float64"
    fields = [pa.field(f.name, pa.float64()) if f.name in shape.amounts else f for f in schema]
    return pa.schema(fields, metadata={b"pandas": json.dumps(pandas).encode()})


def write_rows(
    db: sqlite3.Connection,
    query: tuple[str, list[object]],
    fmt: Literal["csv", "json", "parquet"],
    out: IO[bytes],
    amounts: Sequence[str],
) -> None:
    """The rows of ``query`` (its ``SELECT`` and parameters) written to ``out`` in ``fmt``.

    The profile and the rows are read in one read transaction, so an import committed
    meanwhile (WAL lets it write while an export reads) is in neither or in both."""
    sql, args = query
    with reading(db):
        cursor = db.execute(sql, args)
        columns = [d[0] for d in cursor.description]
        shape = profile(db, sql, args, columns, amounts)
        unit = columns.index("unit") if "unit" in columns else None
        if fmt == "json":
            _write_json(_chunks(cursor), shape, out, unit)
        elif fmt == "parquet":
            _write_parquet(_chunks(cursor), shape, out)
        else:
            out.write(csv_rows([columns]).encode())
            for rows in _chunks(cursor):
                out.write(_csv_chunk(rows, shape, unit).encode())
