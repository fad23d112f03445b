"""A stored hand read back (:func:`stored_facts`, which turns SQLite's values into the rows'
types) has the facts and content digest its rows had when imported: ``facts`` only orders
rows, so the types must match on both sides (ledger/hand_content.py)."""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.ledger.file_transaction import store_file
from badugi_ledger.ledger.hand_content import content_digest, stored_facts
from badugi_ledger.ledger.importing import read_source, replay
from badugi_ledger.ledger.rows import HandRows, prepare_outcomes
from badugi_ledger.ledger.store import open_ledger
from tests.helpers.paths import EXAMPLES


def test_stored_facts_equal_the_imported_rows_facts(corpus_dir: Path, tmp_path: Path) -> None:
    db = open_ledger(tmp_path / "club.db")
    paths = [*sorted(EXAMPLES.glob("*.bhh")), *sorted(corpus_dir.rglob("*.txt"))[:6]]
    checked = 0
    for path in paths:
        rows = [r for r in prepare_outcomes(replay(read_source(path)), str(path))]
        store_file(db, iter(rows), str(path))
        for item in rows:
            if type(item) is not HandRows:
                continue
            (hand_row,) = db.execute(
                "SELECT id FROM hands WHERE fingerprint = ?", [item.fingerprint]
            ).fetchone()
            stored = stored_facts(db, hand_row)
            assert stored == item.facts()
            assert type(stored.postings[0][1]) is bool  # SQLite gives 0/1
            assert content_digest(stored) == item.content
            checked += 1
    assert checked > 20
    db.close()
