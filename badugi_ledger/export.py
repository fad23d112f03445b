"""Exports of the ledger: hands, postings or standings as CSV, JSON or Parquet.

CSV cells are *neutralised*: a text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a
carriage return would be run as a formula by a spreadsheet (a player called ``=HYPERLINK(…)``),
so it gets a leading ``'``.  Numbers are left alone, and so is text that is just a number
(``-12``): it cannot run anything.  JSON is an array of objects; Parquet needs pyarrow (the
``parquet`` extra) and says so when it is missing.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from sqlite_utils import Database

from .errors import ConfigError, LedgerError
from .standings import StandingsOptions, season_clause, standings
from .store import ledger_at

if TYPE_CHECKING:
    import pandas as pd

Table = Literal["hands", "postings", "standings"]
TABLES: tuple[Table, ...] = ("hands", "postings", "standings")
ExportFormat = Literal["csv", "json", "parquet"]
EXPORT_FORMATS: tuple[ExportFormat, ...] = ("csv", "json", "parquet")

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


def neutralise_cell(value: Any) -> Any:
    """Prefix ``'`` to text a spreadsheet would treat as a formula.

    >>> [neutralise_cell(v) for v in ("=1+1", "@Ben", "-12", -12, "Ben")]
    ["'=1+1", "'@Ben", '-12', -12, 'Ben']
    """
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.match(value):
        return "'" + value
    return value


def neutralise_frame(df: pd.DataFrame) -> pd.DataFrame:
    """A copy of ``df`` with every text cell neutralised (numeric columns untouched)."""
    out = df.copy()
    for column in out.columns:
        if out[column].dtype.kind not in "iufb":
            out[column] = out[column].map(neutralise_cell)
    return out


def hands_frame(db: Database, season: str | None = None) -> pd.DataFrame:
    import pandas as pd

    where, args = season_clause(season, "WHERE")
    return pd.read_sql_query(
        "SELECT h.id, h.fingerprint, e.name AS event, e.kind, e.date, e.season, "
        "h.hand_number AS hand, "
        "h.table_name AS 'table', h.game, h.button, h.pot, h.rake, h.carry_in, h.carry_out, "
        "h.showdown, h.source, h.line, h.origin "
        f"FROM counted_hands h JOIN events e ON e.id = h.event_id {where} ORDER BY h.id",
        db.conn,
        params=args,
    )


def postings_frame(db: Database, season: str | None = None) -> pd.DataFrame:
    import pandas as pd

    where, args = season_clause(season, "WHERE")
    return pd.read_sql_query(
        "SELECT po.id, po.hand_id AS hand_row, h.hand_number AS hand, e.name AS event, e.season, "
        "coalesce(p.name, po.account) AS player, po.account, po.kind, po.amount "
        "FROM postings po JOIN counted_hands h ON h.id = po.hand_id "
        "JOIN events e ON e.id = h.event_id "
        "LEFT JOIN aliases a ON a.id = po.alias_id LEFT JOIN players p ON p.id = a.player_id "
        f"{where} ORDER BY po.id",
        db.conn,
        params=args,
    )


def table_frame(db: Database, table: Table, options: StandingsOptions) -> pd.DataFrame:
    if table == "hands":
        return hands_frame(db, options.season)
    if table == "postings":
        return postings_frame(db, options.season)
    if table == "standings":
        return standings(db, options)
    raise ConfigError(f"unknown table {table!r} (tables: {', '.join(TABLES)})")


def export_table(
    db: Database, table: Table, fmt: ExportFormat, options: StandingsOptions | None = None
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
        return str(neutralise_frame(df).to_csv(index=False)).encode()
    if fmt == "json":
        return str(df.to_json(orient="records", force_ascii=False, indent=2)).encode() + b"\n"
    buffer = io.BytesIO()
    df.to_parquet(buffer, index=False)
    return buffer.getvalue()


def export(
    db_path: str | Path, table: Table, fmt: ExportFormat, options: StandingsOptions | None = None
) -> bytes:
    """``badugi-ledger export``: one table of the ledger at ``db_path``."""
    with ledger_at(db_path, create=False) as db:
        return export_table(db, table, fmt, options)
