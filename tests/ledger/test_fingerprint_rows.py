"""The events' JSON keeps the row of an event object it met before (ledger/fingerprints.py):
the same text as writing it afresh, found by identity only, bounded."""

from __future__ import annotations

import json

import pytest

from badugi_ledger.ledger import fingerprints
from badugi_ledger.model.cards import parse_cards
from badugi_ledger.model.events import Action, Deal, Post


def _plain(events: tuple[object, ...]) -> str:
    """The rows as ``json.dumps`` of the canonical rows writes them (the definition)."""
    rows = [[type(e).__name__, *fingerprints.canonical(e).values()] for e in events]
    return json.dumps(rows, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def test_a_recurring_event_object_is_written_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fingerprints, "_ROWS", {})
    call, deal = Action("Ben", "call"), Deal("Ben", parse_cards("As 2c 3d 4h"))
    hand = (Post("Anna", "small-blind"), deal, call, call)
    assert fingerprints.events_json(hand) == _plain(hand)
    # The post and the call are kept, by identity; the deal (cards: it hardly ever recurs) not.
    kept = fingerprints._ROWS
    assert sorted(kept) == sorted([id(hand[0]), id(call)])
    assert kept[id(call)] == (call, '["Action","Ben","call",null,false]')
    assert fingerprints.events_json(hand) == _plain(hand)
    # A kept row is what is written for its object: the object is not written again.
    kept[id(call)] = (call, '["kept"]')
    assert fingerprints.events_json((call,)) == '[["kept"]]'
    assert fingerprints.events_json((Action("Ben", "call"),)) == _plain((call,))


def test_equal_events_that_are_written_differently_keep_their_own_rows() -> None:
    """``1`` and ``True`` are equal (and hash alike) but JSON writes ``1`` and ``true``."""
    one, true = Action("Ben", "call", 1), Action("Ben", "call", True)  # type: ignore[arg-type]
    assert one == true
    assert fingerprints.events_json((one, true)) == _plain((one, true))
    assert fingerprints.events_json((true, one)) == _plain((true, one))
    assert '"call",1,' in fingerprints.event_json(one)
    assert '"call",true,' in fingerprints.event_json(true)


def test_the_kept_rows_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fingerprints, "_ROWS", {})
    monkeypatch.setattr(fingerprints, "_ROWS_LIMIT", 8)
    events = tuple(Action(f"P{i}", "fold") for i in range(20))
    assert fingerprints.events_json(events) == _plain(events)
    assert 0 < len(fingerprints._ROWS) <= 8
