"""The writer inserts a batch's rows many to a statement (``writer.insert_rows``): SQLite's
own work per row is the same however the rows come, and a statement per row added its own
round (a step, a reset, the connection's lock, the interpreter's lock) to each of a hand's
about 23 rows.  What is stored must not change: the same rows with the same ids, in the same
order, as one statement a row wrote them (docs/ledger.md: the ids are given in the order the
hands are stored).  The night is simulated (``badugi-ledger simulate``), a batch size that
leaves rows over from every full statement."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger import writer
from badugi_ledger.ledger.importing import import_paths
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path

TABLES = ("hands", "pots", "pot_winners", "hand_players", "postings")


def _night(folder: Path) -> Path:
    path = folder / "night.bhh"
    simulate_to_path(SimulationOptions(hands=45, players=5, seed=11), path)
    return path


def _stored(db: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of the tables the writer fills, in row order, the import's time left out."""
    conn = sqlite3.connect(db)
    try:
        out = {}
        for table in TABLES:
            columns = [row[1] for row in conn.execute(f"PRAGMA table_info({table})")]
            kept = ", ".join(["rowid", *(c for c in columns if c != "imported_at")])
            out[table] = conn.execute(f"SELECT {kept} FROM {table} ORDER BY rowid").fetchall()
        return out
    finally:
        conn.close()


def test_a_batch_is_inserted_many_rows_a_statement(tmp_path: Path) -> None:
    """The ``INSERT`` statements the import runs write many rows each: fewer than half as many
    statements run as rows are stored in every table (one a row before)."""
    night = _night(tmp_path)
    db = tmp_path / "club.db"
    inserts: list[str] = []
    with ledger_at(db) as ledger:
        ledger.set_trace_callback(inserts.append)
        report = import_paths(ledger, [night])
        ledger.set_trace_callback(None)
    assert report.files[0].stored == 45
    stored = _stored(db)
    for table in TABLES:
        ran = [sql for sql in inserts if sql.startswith(f"INSERT INTO {table} ")]
        assert len(stored[table]) >= 45
        assert len(ran) <= len(stored[table]) // 2, (table, len(ran), len(stored[table]))


def test_rows_a_statement_store_what_one_a_statement_stores(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same night imported with one row a statement and with many stores the same rows
    under the same ids: batches of 20 hands leave rows over from every full statement."""
    night = _night(tmp_path)
    stored = {}
    for rows_a_statement in (1, writer.ROWS_A_STATEMENT):
        monkeypatch.setattr(writer, "ROWS_A_STATEMENT", rows_a_statement)
        db = tmp_path / f"club-{rows_a_statement}.db"
        with ledger_at(db) as ledger:
            assert import_paths(ledger, [night], batch_size=20).files[0].stored == 45
        stored[rows_a_statement] = _stored(db)
    assert stored[1] == stored[writer.ROWS_A_STATEMENT]
    assert all(len(rows) % writer.ROWS_A_STATEMENT for rows in stored[1].values())
