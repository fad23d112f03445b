"""The writer's batched lookup of hands by identity (event, table, hand number) answers what
the one-hand lookup answers: the counting hand, else the latest void one.  ``import`` asks
once per event and batch instead of once per hand (``benchmarks/bench_import_raw.py``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from badugi_ledger.ledger.importing import import_file
from badugi_ledger.ledger.report import FileReport
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.ledger.writer import FileWriter
from tests.helpers.paths import FIXTURES
from tests.ledger.test_ledger_identity import CARA_WINS, NIGHT


def test_batched_identity_lookup_equals_the_one_hand_lookup(tmp_path: Path) -> None:
    db_path = tmp_path / "club.db"
    shutil.copy(FIXTURES / "ledger_schema2.db", db_path)  # hands of several events
    db = open_ledger(db_path)
    night = tmp_path / "night.bhh"
    night.write_text(NIGHT, encoding="utf-8")
    assert import_file(db, night).stored == 3
    night.write_text(CARA_WINS, encoding="utf-8")
    assert len(import_file(db, night, replace=True).replaced) == 3
    # a voided hand beside a counting one of the same identity, and a void one alone
    db.execute(
        "INSERT INTO hands (fingerprint, event_id, hand_number, table_name, origin, source, "
        "line, game, button, pot, rake, carry_in, carry_out, showdown, content, void_reason) "
        "SELECT 'void-' || fingerprint, event_id, hand_number, table_name, origin, source, "
        "line, game, button, pot, rake, carry_in, carry_out, showdown, content, 'misdeal' "
        "FROM hands"
    )
    db.execute("UPDATE hands SET void_reason = 'test' WHERE id = (SELECT min(id) FROM hands)")
    db.commit()
    rows = db.execute(
        "SELECT DISTINCT event_id, coalesce(table_name, ''), hand_number FROM hands"
    ).fetchall()
    assert len(rows) > 3
    writer = FileWriter(db, FileReport("x"))
    wanted: dict[int, set[str]] = {}
    for event_id, _table, number in rows:
        wanted.setdefault(event_id, set()).add(number)
    wanted.setdefault(rows[0][0], set()).add("no such hand")
    batched = writer.by_identities(wanted)
    assert len(batched) == len(rows)
    for event_id, table, number in rows:
        assert batched[(event_id, table, number)] == writer.by_identity(event_id, table, number)
    db.close()
