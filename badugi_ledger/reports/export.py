"""Exports of the ledger: hands, postings, standings or sessions as CSV, JSON or Parquet.

Every row carries its ``unit`` (:mod:`badugi_ledger.model.money`) and its amounts are numbers in
that unit: currency units (12.34) for money, whole chips for chips; no column adds two units.

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
``parquet`` extra) and says so when it is missing.
"""

from __future__ import annotations

import io
import json
import sqlite3
from typing import TYPE_CHECKING, Literal

from ..model.errors import ConfigError, LedgerError
from ..model.escaping import csv_text
from .standings import (
    AMOUNT_COLUMNS,
    StandingsOptions,
    present,
    records,
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


def hands_frame(db: sqlite3.Connection, season: str | None = None) -> pd.DataFrame:
    import pandas as pd

    where, args = season_clause(season, "WHERE")
    return pd.read_sql_query(
        "SELECT h.id, h.fingerprint, e.name AS event, e.kind, e.date, e.season, "
        "h.hand_number AS hand, "
        "h.table_name AS 'table', h.game, h.button, e.unit, h.pot, h.rake, h.carry_in, "
        "h.carry_out, h.showdown, h.source, h.line, h.origin "
        f"FROM counted_hands h JOIN events e ON e.id = h.event_id {where} ORDER BY h.id",
        db,
        params=args,
    )


def postings_frame(db: sqlite3.Connection, season: str | None = None) -> pd.DataFrame:
    import pandas as pd

    where, args = season_clause(season, "WHERE")
    return pd.read_sql_query(
        "SELECT po.id, po.hand_id AS hand_row, h.hand_number AS hand, e.name AS event, e.season, "
        "coalesce(p.name, po.account) AS player, po.account, po.kind, e.unit, po.amount "
        "FROM postings po JOIN counted_hands h ON h.id = po.hand_id "
        "JOIN events e ON e.id = h.event_id "
        "LEFT JOIN aliases a ON a.id = po.alias_id LEFT JOIN players p ON p.id = a.player_id "
        f"{where} ORDER BY po.id",
        db,
        params=args,
    )


def sessions_frame(db: sqlite3.Connection, season: str | None = None) -> pd.DataFrame:
    """The PokerNow-shaped session ledger (see the module docstring)."""
    import pandas as pd

    where, args = season_clause(season, "WHERE")
    return pd.read_sql_query(
        "SELECT r.player AS player_nickname, r.player_id, r.date AS session_start_at, "
        "NULL AS session_end_at, r.buy_in, r.buy_out, r.stack, r.net, r.event, r.kind, "
        "r.season, r.unit FROM player_event_results r JOIN events e ON e.id = r.event_id "
        f"{where} ORDER BY coalesce(r.date, ''), r.event_id, r.player",
        db,
        params=args,
    )


def table_frame(db: sqlite3.Connection, table: Table, options: StandingsOptions) -> pd.DataFrame:
    if table == "hands":
        return hands_frame(db, options.season)
    if table == "postings":
        return postings_frame(db, options.season)
    if table == "standings":
        return standings(db, options)
    if table == "sessions":
        return sessions_frame(db, options.season)
    raise ConfigError(f"unknown table {table!r} (tables: {', '.join(TABLES)})")


def export_table(
    db: sqlite3.Connection, table: Table, fmt: ExportFormat, options: StandingsOptions | None = None
) -> bytes:
    """One table of the ledger in ``fmt``, as bytes (UTF-8 for CSV and JSON)."""
    if fmt not in EXPORT_FORMATS:
        raise ConfigError(f"unknown export format {fmt!r} (formats: {', '.join(EXPORT_FORMATS)})")
    if fmt == "parquet":
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            raise LedgerError(
                "Parquet export needs pyarrow: pip install 'badugi-ledger[parquet]'"
            ) from None
    df = table_frame(db, table, options or StandingsOptions())
    if fmt == "csv":
        return csv_text(present(df, "csv", AMOUNTS)).encode()
    df = present(df, "data", AMOUNTS)
    if fmt == "json":
        return json.dumps(records(df), ensure_ascii=False, indent=2).encode() + b"\n"
    buffer = io.BytesIO()
    df.to_parquet(buffer, index=False)
    return buffer.getvalue()
