"""The ledger file: schema, migrations (old files upgrade), STRICT integer columns, WAL."""

from __future__ import annotations

import sqlite3
import threading
from pathlib import Path

import pytest
from sqlite_utils import Database

from badugi_ledger.ledger.connection import connect
from badugi_ledger.ledger.schema import MIGRATIONS, SCHEMA_VERSION
from badugi_ledger.ledger.sql import dict_rows
from badugi_ledger.ledger.store import migrate, open_ledger, schema_version
from badugi_ledger.model.errors import LedgerError

TABLES = {
    "players",
    "aliases",
    "events",
    "hands",
    "hand_players",
    "postings",
    "pots",
    "pot_winners",
    "tournament_entries",
    "tournament_terms",
    "schema_version",
}


def test_fresh_in_memory_ledger_has_every_table() -> None:
    db = open_ledger(None)
    assert schema_version(db) == SCHEMA_VERSION
    assert set(Database(db).table_names()) >= TABLES
    versions = [
        r["version"] for r in dict_rows(db, "SELECT version FROM schema_version ORDER BY 1")
    ]
    assert versions == [m[0] for m in MIGRATIONS]


def test_money_columns_are_strict_integers() -> None:
    db = open_ledger(None)
    db.execute("INSERT INTO events (key, kind, name) VALUES ('k', 'cash', 'n')")
    db.execute(
        "INSERT INTO hands (fingerprint, event_id, pot, rake, carry_in, carry_out) "
        "VALUES ('f', 1, 0, 0, 0, 0)"
    )
    with pytest.raises(sqlite3.IntegrityError):
        db.execute(
            "INSERT INTO postings (hand_id, account, kind, amount) VALUES (1, 'A', 'bet', 1.5)"
        )
    with pytest.raises(sqlite3.IntegrityError):
        db.execute(
            "INSERT INTO postings (hand_id, account, kind, amount) VALUES (1, 'A', 'bet', 'x')"
        )


def test_fingerprint_is_unique() -> None:
    db = open_ledger(None)
    db.execute("INSERT INTO events (key, kind, name) VALUES ('k', 'cash', 'n')")
    row = (
        "INSERT INTO hands (fingerprint, event_id, pot, rake, carry_in, carry_out) "
        "VALUES ('f', 1, 0, 0, 0, 0)"
    )
    db.execute(row)
    with pytest.raises(sqlite3.IntegrityError):
        db.execute(row)


def test_on_disk_ledger_uses_wal_and_a_busy_timeout(tmp_path: Path) -> None:
    db = open_ledger(tmp_path / "club.db", busy_timeout_ms=1234)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA busy_timeout").fetchone()[0] == 1234
    assert db.execute("PRAGMA foreign_keys").fetchone()[0] == 1


def test_an_old_file_is_upgraded_in_order_keeping_its_data(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    old = connect(path)
    assert migrate(old, target=1) == 1
    assert "tournament_entries" not in Database(old).table_names()
    old.execute("INSERT INTO players (name) VALUES ('Ben')")
    old.close()
    db = open_ledger(path)
    assert schema_version(db) == SCHEMA_VERSION
    assert "tournament_entries" in Database(db).table_names()
    assert [r["name"] for r in dict_rows(db, "SELECT name FROM players")] == ["Ben"]


def test_a_file_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    db = open_ledger(path)
    db.execute("INSERT INTO schema_version VALUES (99, 'future', 'then')")
    db.close()
    with pytest.raises(LedgerError, match="newer"):
        open_ledger(path)


def test_a_file_that_is_not_sqlite_is_a_ledger_error(tmp_path: Path) -> None:
    path = tmp_path / "notes.db"
    path.write_text("these are my notes, not a database\n" * 100)
    with pytest.raises(LedgerError):
        open_ledger(path)


def test_read_only_commands_do_not_create_a_ledger(tmp_path: Path) -> None:
    with pytest.raises(LedgerError, match="no ledger"):
        open_ledger(tmp_path / "missing.db", create=False)
    assert not (tmp_path / "missing.db").exists()


def test_two_openers_of_a_fresh_file_apply_each_migration_once(tmp_path: Path) -> None:
    path = tmp_path / "race.db"
    errors: list[BaseException] = []

    def opener() -> None:
        try:
            open_ledger(path).close()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=opener) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    db = open_ledger(path)
    rows = [r["version"] for r in dict_rows(db, "SELECT version FROM schema_version ORDER BY 1")]
    assert rows == [m[0] for m in MIGRATIONS]
