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
"""

from __future__ import annotations

import io
import json
import sqlite3
from collections.abc import Callable
from typing import IO, TYPE_CHECKING, Literal

from ..ledger.views import HAND_FACTOR, HAND_UNIT
from ..model.errors import ConfigError, LedgerError
from ..model.escaping import csv_text
from .export_rows import write_rows
from .standings import (
    AMOUNT_COLUMNS,
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

POKERNOW_LEDGER_COLUMNS = (
    *("player_nickname", "player_id", "session_start_at", "session_end_at"),
    *("buy_in", "buy_out", "stack", "net"),
)
"""The columns of PokerNow's ledger CSV, in its order (``sessions`` starts with them)."""
AMOUNTS = (
    *("pot", "rake", "carry_in", "carry_out", "amount", "buy_in", "buy_out", "stack"),
    *AMOUNT_COLUMNS,
)
"""Columns of the exports that hold amounts in their row's ``unit``."""


Query = tuple[str, list[object]]
"""An export's ``SELECT`` and its parameters."""


def hands_query(season: str | None = None) -> Query:
    where, args = season_clause(season, "WHERE")
    return (
        "SELECT h.id, h.fingerprint, e.name AS event, e.kind, e.date, e.season, "
        "h.hand_number AS hand, h.table_name AS 'table', h.game, h.button, "
        f"{HAND_UNIT} AS unit, h.pot * {HAND_FACTOR} AS pot, "
        f"h.rake * {HAND_FACTOR} AS rake, h.carry_in * {HAND_FACTOR} AS carry_in, "
        f"h.carry_out * {HAND_FACTOR} AS carry_out, h.showdown, h.source, h.line, h.origin "
        f"FROM counted_hands h JOIN events e ON e.id = h.event_id {where} ORDER BY h.id",
        args,
    )


def postings_query(season: str | None = None) -> Query:
    where, args = season_clause(season, "WHERE")
    return (
        "SELECT po.id, po.hand_id AS hand_row, h.hand_number AS hand, e.name AS event, e.season, "
        f"coalesce(p.name, po.account) AS player, po.account, po.kind, {HAND_UNIT} AS unit, "
        f"po.amount * {HAND_FACTOR} AS amount "
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
        "SELECT r.player AS player_nickname, r.player_id, r.date AS session_start_at, "
        "NULL AS session_end_at, r.buy_in, r.buy_out, r.stack, r.net, r.event, r.kind, "
        "r.season, r.unit FROM player_event_results r JOIN events e ON e.id = r.event_id "
        f"{where} ORDER BY coalesce(r.date, ''), r.event_id, r.player",
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
        write_rows(db, QUERIES[table](options.season), fmt, out, AMOUNTS)
        return
    df = table_frame(db, table, options)
    if fmt == "csv":
        out.write(csv_text(present(df, "csv", AMOUNTS)).encode())
        return
    df = present(df, "data", AMOUNTS)
    if fmt == "json":
        out.write(json.dumps(records(df), ensure_ascii=False, indent=2).encode() + b"\n")
        return
    for column in AMOUNTS:  # one schema whatever the units: chips too are floats
        if column in df.columns:
            df[column] = df[column].astype("float64")
    df.to_parquet(out, index=False)


def export_table(
    db: sqlite3.Connection, table: Table, fmt: ExportFormat, options: StandingsOptions | None = None
) -> bytes:
    """One table of the ledger in ``fmt``, as bytes (UTF-8 for CSV and JSON)."""
    buffer = io.BytesIO()
    write_export(db, table, fmt, buffer, options)
    return buffer.getvalue()
