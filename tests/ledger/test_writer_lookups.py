"""The writer's batched lookup of hands by identity (event, table, hand number) answers what
the one-hand lookup answers: the counting hand, else the latest void one.  ``import`` asks
once per event and batch instead of once per hand (``benchmarks/bench_import_raw.py``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from badugi_ledger.ledger.hand_lookups import by_identities, by_identity
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
    wanted: dict[int, set[str]] = {}
    for event_id, _table, number in rows:
        wanted.setdefault(event_id, set()).add(number)
    wanted.setdefault(rows[0][0], set()).add("no such hand")
    batched, _ = by_identities(db, wanted)
    assert len(batched) == len(rows)
    for event_id, table, number in rows:
        assert batched[(event_id, table, number)] == by_identity(db, event_id, table, number)
    db.close()


def test_hands_of_one_session_object_find_their_event_without_hashing_it(tmp_path: Path) -> None:
    """The writer remembers the previous hand's session object and its event; an equal but
    distinct session object, or another session, goes through the full lookup."""
    import dataclasses

    from badugi_ledger.ledger.importing import read_source, replay
    from badugi_ledger.ledger.rows import HandRows, prepare_outcomes

    night = tmp_path / "night.bhh"
    night.write_text(NIGHT, encoding="utf-8")
    items = [i for i in prepare_outcomes(replay(read_source(night)), str(night))]
    hands = [i for i in items if isinstance(i, HandRows)]
    assert len(hands) == 3 and len({id(h.event[0]) for h in hands}) == 1  # one object
    db = open_ledger(tmp_path / "club.db")
    writer = FileWriter(db, FileReport(str(night)))
    writer.begin()
    events = writer.events
    first = events.event(hands[0])
    assert events.last_event is not None and events.last_event[0] is hands[0].event[0]
    assert events.event(hands[1]) == first  # taken from last_event
    session = hands[0].event[0]
    copy = hands[2]._replace(event=(dataclasses.replace(session), *hands[2].event[1:]))
    assert events.event(copy) == first  # equal session, another object: same event
    other = hands[2]._replace(
        event=(dataclasses.replace(session, name="another night"), *hands[2].event[1:])
    )
    assert events.event(other) != first
    writer.rollback()


def test_a_hand_stored_from_another_file_makes_no_event(tmp_path: Path) -> None:
    """A hand already stored, met again in another file, is a duplicate and adds nothing: not
    even the event its unnamed session would be (named after the new file), which would be an
    event with no hands in every list of events."""
    hand = (
        "hand {number} · button Anna · Anna {a} · Ben {b}\n"
        "Anna folds\n"
        "final: Anna {a1} · Ben {b1}\n\n"
    )
    first = hand.format(number="1", a=100, b=100, a1=99, b1=101)
    second = hand.format(number="2", a=99, b=101, a1=98, b1=102)  # the stacks carried
    game = "game badugi · fixed limit 2/4 · blinds 1/2\n\n"
    db = open_ledger(tmp_path / "club.db")
    one = tmp_path / "one.bhh"
    one.write_text(game + first, encoding="utf-8")
    assert import_file(db, one).stored == 1
    two = tmp_path / "two.bhh"
    two.write_text(game + first + 'cash "Night"\n\n' + second, encoding="utf-8")
    report = import_file(db, two)
    assert (report.stored, report.duplicate) == (1, 1)
    events = db.execute("SELECT id, name FROM events ORDER BY id").fetchall()
    assert events == [(1, "one"), (2, "Night")]
    counts = db.execute(
        "SELECT e.name, count(h.id) FROM events e LEFT JOIN hands h ON h.event_id = e.id "
        "GROUP BY e.id ORDER BY e.id"
    ).fetchall()
    assert counts == [("one", 1), ("Night", 1)]
    db.close()
