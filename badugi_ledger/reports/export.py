"""Exports of the ledger: hands, postings, standings or sessions as CSV, JSON or Parquet.

Every row carries its ``unit`` (:mod:`badugi_ledger.model.money`) and its amounts are numbers in
that unit: currency units (12.34) for money, whole chips for chips; no column adds two units.
A cash game's amounts are in its money when it has one - chips valued by a ``chips 100 = 10
EUR`` header are exported as euros, as the standings and the sessions report them - so chips of
two values never share the unit ``chips``.

``sessions`` is a session ledger shaped like PokerNow's ledger CSV (``player_nickname,
player_id, session_start_at, session_end_at, buy_in, buy_out, stack, net``), one row per player
and event, followed by our own ``event``, ``kind``, ``season`` and ``unit`` columns.  The
event's date goes in ``session_start_at`` (the ledger keeps no times; ``session_end_at`` is
empty).  ``buy_in`` is the first stack plus rebuys and top-ups (a tournament's buy-in, rebuys
and add-ons), ``buy_out`` what was cashed out before the end (a tournament's prize and
bounties), ``stack`` the chips at the end, ``net`` = ``buy_out`` + ``stack`` − ``buy_in``
(view ``player_event_results``).

CSV cells are neutralised (:func:`badugi_ledger.model.escaping.for_csv`): a text cell a spreadsheet
would run as a formula (a player called ``=HYPERLINK(…)``, also after spaces or in full-width
``＝``) gets a leading ``'``.  JSON is an array of objects; Parquet needs pyarrow (the
``parquet`` extra) and says so when it is missing.  Hands, postings and sessions are written as
they are read, a chunk of rows at a time (:mod:`.export_rows`), so an export of a big ledger
holds one chunk in memory, not the whole table.

Each column is declared once, with what it holds (:data:`COLUMNS`; the standings' in
:mod:`.standings`): the queries are made of the declarations, and Parquet's schema too, so a
club's script reading the files of two nights, or an empty export, meets one schema.
"""

from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Callable, Sequence
from typing import IO, TYPE_CHECKING, Literal

from ..ledger.views import HAND_FACTOR, HAND_UNIT
from ..model.errors import ConfigError, LedgerError
from ..model.escaping import csv_text
from .export_rows import write_parquet, write_rows
from .standings import (
    AMOUNT_COLUMNS,
    CASH_TYPES,
    TOURNAMENT_TYPES,
    ColumnType,
    StandingsOptions,
    check_cash_hands,
    present,
    read_frame,
    records,
    require_season,
    season_clause,
    standings,
)

if TYPE_CHECKING:
    import pandas as pd

Table = Literal["hands", "postings", "standings", "sessions"]
TABLES: tuple[Table, ...] = ("hands", "postings", "standings", "sessions")
ExportFormat = Literal["csv", "json", "parquet"]
EXPORT_FORMATS: tuple[ExportFormat, ...] = ("csv", "json", "parquet")

Column = tuple[str, str, ColumnType]
"""A column of an export read straight from the ledger: its name, the SQL that reads it (alias
``h`` = ``counted_hands``, ``e`` = ``events``, ``po`` = ``postings``, ``p`` = ``players``, ``r``
= ``player_event_results``) and what it holds, whatever its rows (:data:`.standings.ColumnType`,
which Parquet's schema is made of)."""

HANDS: tuple[Column, ...] = (
    ("id", "h.id", "integer"),
    ("fingerprint", "h.fingerprint", "text"),
    ("event", "e.name", "text"),
    ("kind", "e.kind", "text"),
    ("date", "e.date", "date"),
    ("season", "e.season", "text"),
    ("hand", "h.hand_number", "text"),
    ("table", "h.table_name", "text"),
    ("game", "h.game", "text"),
    ("button", "h.button", "text"),
    ("unit", HAND_UNIT, "text"),
    ("pot", f"h.pot * {HAND_FACTOR}", "amount"),
    ("rake", f"h.rake * {HAND_FACTOR}", "amount"),
    ("carry_in", f"h.carry_in * {HAND_FACTOR}", "amount"),
    ("carry_out", f"h.carry_out * {HAND_FACTOR}", "amount"),
    ("showdown", "h.showdown", "integer"),
    ("source", "h.source", "text"),
    ("line", "h.line", "integer"),
    ("origin", "h.origin", "text"),
)
POSTINGS: tuple[Column, ...] = (
    ("id", "po.id", "integer"),
    ("hand_row", "po.hand_id", "integer"),
    ("hand", "h.hand_number", "text"),
    ("event", "e.name", "text"),
    ("season", "e.season", "text"),
    ("player", "coalesce(p.name, po.account)", "text"),
    ("account", "po.account", "text"),
    ("kind", "po.kind", "text"),
    ("unit", HAND_UNIT, "text"),
    ("amount", f"po.amount * {HAND_FACTOR}", "amount"),
)
SESSIONS: tuple[Column, ...] = (
    ("player_nickname", "r.player", "text"),
    ("player_id", "r.player_id", "integer"),
    ("session_start_at", "r.date", "date"),
    ("session_end_at", "NULL", "date"),
    ("buy_in", "r.buy_in", "amount"),
    ("buy_out", "r.buy_out", "amount"),
    ("stack", "r.stack", "amount"),
    ("net", "r.net", "amount"),
    ("event", "r.event", "text"),
    ("kind", "r.kind", "text"),
    ("season", "r.season", "text"),
    ("unit", "r.unit", "text"),
)
"""The PokerNow-shaped session ledger (see the module docstring): PokerNow's columns first."""

POKERNOW_LEDGER_COLUMNS = tuple(name for name, _, _ in SESSIONS[:8])
"""The columns of PokerNow's ledger CSV, in its order (``sessions`` starts with them)."""
COLUMNS: dict[Table, tuple[Column, ...]] = {
    "hands": HANDS,
    "postings": POSTINGS,
    "sessions": SESSIONS,
}
"""The tables exported straight from a query, row by row (``standings`` is ranked in pandas:
its columns are :data:`.standings.TOURNAMENT_TYPES` or :data:`.standings.CASH_TYPES`)."""
AMOUNTS = tuple(
    dict.fromkeys(
        [name for columns in COLUMNS.values() for name, _, kind in columns if kind == "amount"]
        + list(AMOUNT_COLUMNS)
    )
)
"""Columns of the exports that hold amounts in their row's ``unit``."""


Query = tuple[str, list[object]]
"""An export's ``SELECT`` and its parameters."""


def _select(columns: tuple[Column, ...]) -> str:
    return ", ".join(f'{sql} AS "{name}"' for name, sql, _ in columns)


def column_types(table: Table, columns: Sequence[str] = ()) -> dict[str, ColumnType]:
    """What each column of ``table`` holds, in order; for ``standings`` the kind whose columns
    are ``columns`` (a tournament's or a cash game's)."""
    if table in COLUMNS:
        return {name: kind for name, _, kind in COLUMNS[table]}
    for types in (TOURNAMENT_TYPES, CASH_TYPES):
        if list(types) == list(columns):
            return types
    raise ConfigError(f"unknown table {table!r} (tables: {', '.join(TABLES)})")


def hands_query(season: str | None = None) -> Query:
    where, args = season_clause(season, "WHERE")
    return (
        f"SELECT {_select(HANDS)} "
        f"FROM counted_hands h JOIN events e ON e.id = h.event_id {where} ORDER BY h.id",
        args,
    )


def postings_query(season: str | None = None) -> Query:
    where, args = season_clause(season, "WHERE")
    return (
        f"SELECT {_select(POSTINGS)} "
        "FROM postings po JOIN counted_hands h ON h.id = po.hand_id "
        "JOIN events e ON e.id = h.event_id "
        "LEFT JOIN aliases a ON a.id = po.alias_id LEFT JOIN players p ON p.id = a.player_id "
        f"{where} ORDER BY po.id",
        args,
    )


def sessions_query(season: str | None = None) -> Query:
    """The PokerNow-shaped session ledger (see the module docstring)."""
    where, args = season_clause(season, "WHERE")
    return (
        f"SELECT {_select(SESSIONS)} FROM player_event_results r JOIN events e ON e.id = "
        f"r.event_id {where} ORDER BY coalesce(r.date, ''), r.event_id, r.player",
        args,
    )


QUERIES: dict[Table, Callable[[str | None], Query]] = {
    "hands": hands_query,
    "postings": postings_query,
    "sessions": sessions_query,
}
"""The tables exported straight from a query, row by row (``standings`` is ranked in pandas)."""


def _frame(db: sqlite3.Connection, query: Query) -> pd.DataFrame:
    sql, args = query
    return read_frame(db, sql, args)


def hands_frame(db: sqlite3.Connection, season: str | None = None) -> pd.DataFrame:
    return _frame(db, hands_query(season))


def postings_frame(db: sqlite3.Connection, season: str | None = None) -> pd.DataFrame:
    return _frame(db, postings_query(season))


def sessions_frame(db: sqlite3.Connection, season: str | None = None) -> pd.DataFrame:
    """The PokerNow-shaped session ledger (see the module docstring)."""
    check_cash_hands(db, season)
    return _frame(db, sessions_query(season))


def table_frame(db: sqlite3.Connection, table: Table, options: StandingsOptions) -> pd.DataFrame:
    if table == "sessions":
        return sessions_frame(db, options.season)
    if table == "standings":
        return standings(db, options)
    if table in QUERIES:
        return _frame(db, QUERIES[table](options.season))
    raise ConfigError(f"unknown table {table!r} (tables: {', '.join(TABLES)})")


def check_format(fmt: ExportFormat) -> None:
    """Refuse an unknown format, or Parquet without pyarrow, before anything is written."""
    if fmt not in EXPORT_FORMATS:
        raise ConfigError(f"unknown export format {fmt!r} (formats: {', '.join(EXPORT_FORMATS)})")
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise LedgerError(
                "Parquet export needs pyarrow: pip install 'badugi-ledger[parquet]'"
            ) from None


def write_export(
    db: sqlite3.Connection,
    table: Table,
    fmt: ExportFormat,
    out: IO[bytes],
    options: StandingsOptions | None = None,
) -> None:
    """Write one table of the ledger to ``out`` in ``fmt`` (UTF-8 for CSV and JSON).

    ``hands``, ``postings`` and ``sessions`` are read and written a chunk of rows at a time
    (:mod:`.export_rows`), so memory does not grow with the ledger; their bytes are
    those of the whole table made a pandas frame, as ``standings`` still is."""
    check_format(fmt)
    options = options or StandingsOptions()
    require_season(db, options.season)
    if table == "sessions":
        check_cash_hands(db, options.season)
    if table in QUERIES:
        write_rows(db, QUERIES[table](options.season), fmt, out, column_types(table))
        return
    df = table_frame(db, table, options)
    if fmt == "csv":
        out.write(csv_text(present(df, "csv", AMOUNTS)).encode())
        return
    if fmt == "json":
        data = records(present(df, "data", AMOUNTS))
        out.write(json.dumps(data, ensure_ascii=False, indent=2).encode() + b"\n")
        return
    # A missing value is None in a row, whichever the frame holds: NaN (a rank below
    # ``min_events``) or pandas' NA (the best place of a player still in, an Int64 column).
    rows = list(df.astype(object).where(df.notna(), None).itertuples(index=False, name=None))
    write_parquet(iter([rows]), column_types(table, list(df.columns)), out)


def export_table(
    db: sqlite3.Connection, table: Table, fmt: ExportFormat, options: StandingsOptions | None = None
) -> bytes:
    """One table of the ledger in ``fmt``, as bytes (UTF-8 for CSV and JSON)."""
    buffer = io.BytesIO()
    write_export(db, table, fmt, buffer, options)
    return buffer.getvalue()
