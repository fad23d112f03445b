"""A ledger written by badugi-ledger at schema version 2 (``fixtures/ledger_schema2.db``, the
examples imported by main before hand identity existed) opens with today's code: every row
survives, ``hands.hand_id`` is ``hands.hand_number``, content digests match a re-import, and
a ledger that already holds a hand twice keeps the first copy and sets the later one aside."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger.importing import import_paths
from badugi_ledger.ledger.schema import SCHEMA_VERSION
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.ledger.void_reasons import SET_ASIDE_REASON
from tests.helpers.paths import EXAMPLES, FIXTURES

FIXTURE = FIXTURES / "ledger_schema2.db"
KEPT = {
    # every column schema 2 had; ``stack_change`` (migration 12) is NULL in rows stored before
    "hand_players": "hand_id, alias_id, seat, starting_stack, final_stack, contributed, "
    "collected, busted, rebuys, add_ons",
    "postings": "*",
    "pots": "*",
    "pot_winners": "*",
    "tournament_entries": "*",
    "tournament_terms": "*",
    "players": "*",
    "aliases": "*",
}


def rows(db: Path, table: str, columns: str = "*") -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(f"SELECT {columns} FROM {table} ORDER BY 1, 2").fetchall()


@pytest.fixture
def old(tmp_path: Path) -> Path:
    path = tmp_path / "club.db"
    shutil.copy(FIXTURE, path)
    assert rows(path, "schema_version", "max(version), 1") == [(2, 1)]
    return path


def test_every_row_survives_the_upgrade(old: Path) -> None:
    before = {table: rows(old, table, columns) for table, columns in KEPT.items()}
    hands = rows(old, "hands", "id, fingerprint, event_id, hand_id, table_name, pot, rake")
    events = rows(old, "events", "id, key, kind, name, date, buy_in")
    assert len(hands) == 17 and len(before["postings"]) == 108
    open_ledger(old).close()
    assert rows(old, "schema_version", "max(version), 1") == [(SCHEMA_VERSION, 1)]
    assert {table: rows(old, table, columns) for table, columns in KEPT.items()} == before
    assert rows(old, "hands", "id, fingerprint, event_id, hand_number, table_name, pot, rake") == (
        hands
    )
    assert rows(old, "events", "id, key, kind, name, date, buy_in") == events
    assert rows(old, "hands", "count(*), count(content)") == [(17, 17)]
    assert rows(old, "counted_hands", "count(*), 1") == [(17, 1)]
    assert rows(old, "audit", "count(*), 1") == [(0, 1)]
    assert rows(old, "hand_players", "count(*), count(stack_change)") == [(58, 0)]


def test_a_reimport_into_the_upgraded_ledger_finds_every_hand_stored(old: Path) -> None:
    db = open_ledger(old)
    report = import_paths(db, [EXAMPLES], jobs=1)
    db.close()
    assert (report.stored, report.duplicate, report.conflict, report.rejected) == (0, 17, 0, 0)


def test_one_identity_counts_once(old: Path) -> None:
    open_ledger(old).close()
    with sqlite3.connect(old) as conn, pytest.raises(sqlite3.IntegrityError):
        conn.execute(
            "INSERT INTO hands (fingerprint, event_id, hand_number, table_name, pot, rake, "
            "carry_in, carry_out) SELECT 'other', event_id, hand_number, table_name, 0, 0, 0, 0 "
            "FROM hands WHERE id = 8"
        )


def test_a_hand_stored_twice_before_the_upgrade_is_set_aside(old: Path) -> None:
    """The bug this schema ends: hand T2 of the tournament imported again after an edit."""
    with sqlite3.connect(old) as conn:
        (t2,) = conn.execute("SELECT id FROM hands WHERE hand_id = 'T2'").fetchone()
        conn.execute(
            "INSERT INTO hands (id, fingerprint, event_id, hand_id, table_name, origin, source, "
            "line, game, button, pot, rake, carry_in, carry_out, showdown, imported_at) "
            "SELECT 18, 'edited', event_id, hand_id, table_name, origin, source, line, game, "
            "button, pot, rake, carry_in, carry_out, showdown, imported_at FROM hands "
            "WHERE id = ?",
            [t2],
        )
        conn.execute(
            "INSERT INTO hand_players SELECT 18, alias_id, seat, starting_stack, final_stack, "
            "contributed, collected, busted, rebuys, add_ons FROM hand_players WHERE hand_id = ?",
            [t2],
        )
        conn.execute(
            "INSERT INTO postings (hand_id, account, alias_id, kind, amount) "
            "SELECT 18, account, alias_id, kind, amount FROM postings WHERE hand_id = ?",
            [t2],
        )
    entries = rows(old, "tournament_entries")
    open_ledger(old).close()
    assert rows(old, "hands", "id, void_reason") [t2 - 1 :] == [
        (t2, None), (t2 + 1, None), (18, SET_ASIDE_REASON)
    ]  # fmt: skip
    audit = rows(old, "audit", "action, hand_number, old_fingerprint, reason")
    assert audit == [("void", "T2", "edited", SET_ASIDE_REASON)]
    assert rows(old, "counted_hands", "count(*), 1") == [(17, 1)]
    assert rows(old, "tournament_entries") == entries  # recomputed from the first copy: same


def test_a_short_field_stored_before_migration_7_pays_its_whole_pool(tmp_path: Path) -> None:
    """A ledger stored when the places a short field could not fill paid nobody (their money
    left in the settle-up's ``*prize pool*``) gets the field's prizes again on opening."""
    from badugi_ledger.reports.settle import settle_event

    path = tmp_path / "club.db"
    night = tmp_path / "two.bhh"
    night.write_text(
        "game badugi · no limit · blinds 5/10\n"
        "tournament Two Up · buy-in 1000 · payouts 50/30/20\n"
        "hand 1 · button Kira · Kira 200 · Noor 200\n"
        "Kira raises to 200 all-in · Noor calls 190\n"
        "draw: Noor 1 · Kira 1\ndraw: Noor 1 · Kira 1\ndraw: Noor 1 · Kira 1\n"
        "show: Kira 7s 5d 4c 2h · Noor 9c 6h 3d 2s\n",
        encoding="utf-8",
    )
    db = open_ledger(path)
    import_paths(db, [night])
    # as the code before migration 8 stored it: 50 % and 30 % of 2000, nothing more
    db.execute("UPDATE tournament_entries SET prize = CASE place WHEN 1 THEN 1000 ELSE 600 END")
    db.execute("DELETE FROM schema_version WHERE version >= 8")
    assert settle_event(db, "Two Up").balances["*prize pool*"] == 400
    db.close()
    db = open_ledger(path)
    assert rows(path, "tournament_entries", "place, prize") == [(1, 1400), (2, 600)]
    assert settle_event(db, "Two Up").balances == {"Kira": 400, "Noor": -400}


def test_the_upgraded_ledger_reads_a_files_hands_by_an_index(old: Path) -> None:
    """Each file imported reads the hands it was read from last (``FileHoldings.load``, the
    nights it moved): without an index on ``hands.source`` every import scanned every hand
    of the ledger once a file.  An old ledger opened gets the index (migration 16), and the
    query searches it."""
    open_ledger(old).close()
    with sqlite3.connect(old) as conn:
        plan = conn.execute(
            "EXPLAIN QUERY PLAN SELECT id, hand_number FROM hands WHERE source = ?", ["n.bhh"]
        ).fetchall()
    assert [step[3] for step in plan] == ["SEARCH hands USING INDEX hands_source (source=?)"]
