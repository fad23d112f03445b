"""One Parquet schema per exported table, whatever its rows (docs/ledger.md, *Exports and the
season report*).

A frame decides a column's type from its rows: a column no row fills was Parquet's ``null``,
a column of whole numbers with a NULL among them became doubles, an empty export had ``null``
columns only.  A club's script reading the Parquet files of two nights (or of a night and an
empty export) met two schemas.  Each table's types are now declared with its columns
(``reports.export.COLUMNS``, ``reports.standings.TOURNAMENT_TYPES`` / ``CASH_TYPES``)."""

from __future__ import annotations

import datetime
import io
import sqlite3
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from badugi_ledger.ledger.importing import import_outcomes, import_paths
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import LedgerError
from badugi_ledger.model.events import Session
from badugi_ledger.reports import export_rows
from badugi_ledger.reports.export import TABLES, Table, export_table
from badugi_ledger.reports.standings import StandingsOptions
from tests.helpers.ledger_builder import hand
from tests.helpers.paths import EXAMPLES
from tests.reports.test_export import mixed_ledger, nasty_ledger

VARIANTS: list[tuple[Table, StandingsOptions]] = [
    *((table, StandingsOptions()) for table in TABLES if table != "standings"),
    ("standings", StandingsOptions(kind="cash")),
    ("standings", StandingsOptions(kind="tournament")),
    ("standings", StandingsOptions(kind="tournament", formula="sqrt")),
    ("standings", StandingsOptions(kind="tournament", formula="table", table=(10, 7, 5))),
    ("standings", StandingsOptions(kind="tournament", best_n=1, min_events=2)),
]
"""Every table, and the standings under each ``--points`` formula (and with a player left
unranked by ``--min-events``: an empty rank)."""


def nulls_ledger() -> sqlite3.Connection:
    """Chips and USD nights, a night with no date and no season, a tournament, and a hand whose
    every nullable column is NULL (a hand stored without a line, a button, a table, a
    source, an origin or a showdown flag)."""
    db = mixed_ledger()
    loose = Session(kind="cash", name="Loose", date=None, season=None)
    import_outcomes(
        db, [hand("1", {"Ann": 50, "Bo": 50}, {"Ann": 5, "Bo": 5}, {"Ann": 10}, session=loose)], "l"
    )
    assert import_paths(db, [EXAMPLES / "tournament.bhh"]).ok
    db.execute(
        "UPDATE hands SET line = NULL, button = NULL, table_name = NULL, source = NULL, "
        "origin = NULL, showdown = NULL WHERE id = (SELECT min(id) FROM hands)"
    )
    return db


def schema(db: sqlite3.Connection, table: Table, options: StandingsOptions) -> pa.Schema:
    return pq.read_table(io.BytesIO(export_table(db, table, "parquet", options))).schema


@pytest.mark.parametrize(("table", "options"), VARIANTS)
def test_every_export_of_a_table_has_one_schema(table: Table, options: StandingsOptions) -> None:
    """Empty, one kind of night, NULLs in every nullable column: the same Arrow types, none of
    them ``null``; whole numbers stay int64, amounts and points are doubles, text is string,
    dates are dates."""
    empty = schema(open_ledger(None), table, options)
    assert len(empty) and all(field.type != pa.null() for field in empty), empty
    for db in (nasty_ledger(), nulls_ledger()):
        assert schema(db, table, options).equals(empty, check_metadata=True)
    kinds = {field.name: field.type for field in empty}
    assert {kinds[c] for c in ("unit", "player" if table == "standings" else "event")} == {
        pa.string()
    }
    whole = {"hands": "line", "postings": "hand_row", "sessions": "player_id"}
    assert kinds[whole.get(table, "rank")] == pa.int64()
    if table in ("hands", "sessions"):
        assert kinds["date" if table == "hands" else "session_start_at"] == pa.date32()


def test_the_nulls_ledger_has_its_nulls() -> None:
    """The ledger above gives the exports what the schema must hold without: empty cells."""
    db = nulls_ledger()
    hands = pq.read_table(io.BytesIO(export_table(db, "hands", "parquet"))).to_pylist()
    assert {c for row in hands for c, v in row.items() if v is None} >= {
        *("line", "button", "table", "source", "origin", "showdown", "date", "season")
    }
    ranks = pq.read_table(io.BytesIO(export_table(db, "standings", "parquet", VARIANTS[-1][1])))
    assert ranks.column("rank").null_count == ranks.num_rows > 0
    assert {r["date"] for r in hands} >= {datetime.date(2024, 3, 1), None}


def test_a_schema_does_not_depend_on_the_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    """A chunk of rows whose ``line`` is all NULL is written with the table's one schema."""
    db = nulls_ledger()
    whole = export_table(db, "hands", "parquet")
    monkeypatch.setattr(export_rows, "CHUNK_ROWS", 1)
    chunked = pq.read_table(io.BytesIO(export_table(db, "hands", "parquet")))
    assert chunked.equals(pq.read_table(io.BytesIO(whole)))
    assert pq.ParquetFile(io.BytesIO(export_table(db, "hands", "parquet"))).num_row_groups > 1


def test_a_date_the_ledger_cannot_read_is_a_clear_error() -> None:
    """A ledger edited to hold no date in ``events.date``: Parquet holds dates as dates, so the
    export names the value and the event rather than guess one or leave it out."""
    db = nasty_ledger()
    db.execute("UPDATE events SET date = 'first Friday' WHERE name = 'Saturday'")
    with pytest.raises(LedgerError, match=r"'first Friday' of event 'Saturday' is not a date"):
        export_table(db, "hands", "parquet")
    assert b"first Friday" in export_table(db, "hands", "csv")


def test_an_unfinished_tournament_exports_its_players_still_in_with_no_best_place(
    tmp_path: Path,
) -> None:
    """docs/ledger.md, *Tournaments*: a file that stops with two players still in names no
    winner, and they have no place, their best place `-`.  The standings frame holds that
    `best` as pandas' missing value; Parquet writes it as an empty cell (CSV and JSON do),
    never a traceback.  examples/tournament.bhh without its last hand: Kira and Noor still in."""
    text = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8")
    stopped = tmp_path / "stopped.bhh"
    stopped.write_text(text[: text.index("hand T3")], encoding="utf-8")
    db = open_ledger(None)
    assert import_paths(db, [stopped]).ok
    options = StandingsOptions(kind="tournament")
    rows = pq.read_table(io.BytesIO(export_table(db, "standings", "parquet", options))).to_pylist()
    best = {row["player"]: row["best"] for row in rows}
    assert best == {"Kira": None, "Noor": None, "Bram": 3}
