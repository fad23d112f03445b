"""A record's positions: the side table of where each event was written (model/positions.py)."""

from __future__ import annotations

import pickle

import pytest

from badugi_ledger.model.errors import NOWHERE, Position
from badugi_ledger.model.events import Action, HandRecord, Seat
from badugi_ledger.model.positions import LinePositions, pack
from badugi_ledger.model.settings import GameSettings


def _record(positions: tuple[Position, ...] | LinePositions = ()) -> HandRecord:
    call = Action("Ben", "call")  # one object for both calls: events carry no position
    return HandRecord(
        "1",
        GameSettings(),
        (Seat("Anna", 10), Seat("Ben", 10)),
        "Anna",
        (call, Action("Anna", "check"), call),
        positions=positions,
    )


def test_packed_positions_unpack_to_the_positions_they_were_made_from() -> None:
    packed = LinePositions("night.bhh", (pack(3, 1), pack(3, 13), pack(9_999_999, 10_000)))
    assert list(packed) == [
        Position("night.bhh", 3, 1),
        Position("night.bhh", 3, 13),
        Position("night.bhh", 9_999_999, 10_000),
    ]
    assert packed[-1] == Position("night.bhh", 9_999_999, 10_000)
    assert packed[1:] == (Position("night.bhh", 3, 13), Position("night.bhh", 9_999_999, 10_000))
    assert len(packed) == 3


def test_packed_positions_equal_a_tuple_of_the_same_positions_and_hash_alike() -> None:
    packed = LinePositions("a.bhh", (pack(2, 5), pack(4, 1)))
    plain = (Position("a.bhh", 2, 5), Position("a.bhh", 4, 1))
    assert packed == plain and plain == packed and hash(packed) == hash(plain)
    assert packed != (Position("a.bhh", 2, 5), Position("a.bhh", 4, 2))
    assert packed != LinePositions("b.bhh", (pack(2, 5), pack(4, 1)))
    assert pickle.loads(pickle.dumps(packed)) == packed
    with pytest.raises(AttributeError):
        packed.source = "b.bhh"  # type: ignore[misc]


def test_a_record_says_where_each_event_stands_even_when_two_share_one_object() -> None:
    where = (Position("t", 2, 1), Position("t", 2, 13), Position("t", 3, 1))
    record = _record(where)
    assert record.events[0] is record.events[2]
    assert [record.position(i) for i in range(3)] == list(where)
    packed = _record(LinePositions("t", tuple(pack(p.line, p.column) for p in where)))
    assert packed == record  # the two forms of the same positions make equal records


def test_a_record_without_positions_places_every_event_nowhere() -> None:
    assert _record().position(1) is NOWHERE


def test_a_record_refuses_positions_that_do_not_match_its_events() -> None:
    with pytest.raises(ValueError, match="2 positions for 3 events"):
        _record((Position("t", 2, 1), Position("t", 3, 1)))
