"""The event pages keep the files they replayed while each is unchanged
(:class:`badugi_ledger.reports.stored_hands.ReplayCache`): a night's pages replay its file
once, its next page goes on where the last stopped, and a file changed since is replayed
anew, so a hand it no longer holds is shown from the ledger's rows (the module docstring of
:mod:`badugi_ledger.reports.stored_hands`: a stored hand is shown replayed only while its
file holds it)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from badugi_ledger.ledger.corrections import event_list
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.reports import stored_hands
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path
from badugi_ledger.web.app import create_app
from tests.helpers.ledger_files import import_into
from tests.web.conftest import LOCAL

ROWS_ALONE = "chips put in (the ledger keeps no actions)"
"""The first round of a hand an event page shows from the ledger's rows alone; a hand replayed
from its file shows its rounds instead."""


def _night(tmp_path: Path, hands: int) -> tuple[Path, Path, str]:
    """A file of one night of ``hands`` simulated hands, imported: (file, ledger, event id)."""
    night = tmp_path / "night.bhh"
    simulate_to_path(SimulationOptions(hands=hands, seed=11, session_hands=hands), night)
    db = tmp_path / "club.db"
    assert import_into(db, [night]).ok
    with ledger_at(db, create=False) as ledger:
        (event,) = event_list(ledger).events
    return night, db, str(event["id"])


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Every hand the event pages replay from here on."""
    replayed: list[object] = []
    real = stored_hands.replayed_outcomes

    def counted(paths: list[str]) -> Iterator[object]:
        for outcome in real(paths):
            replayed.append(outcome)
            yield outcome

    monkeypatch.setattr(stored_hands, "replayed_outcomes", counted)
    return replayed


def test_a_nights_pages_replay_its_file_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A night of 40 hands, 25 a page: its first page asked twice, then its second, replay
    each hand once (before, every page replayed the night from its start: 26 + 26 + 40)."""
    _, db, event = _night(tmp_path, 40)
    replayed = _counted(monkeypatch)
    client = TestClient(create_app(db), base_url=LOCAL)
    first = client.get(f"/events/{event}").text
    again = client.get(f"/events/{event}").text
    second = client.get(f"/events/{event}?page=2").text
    assert first.count("Hand ") == again.count("Hand ") == 25
    assert second.count("Hand ") == 15
    assert ROWS_ALONE not in first + again + second  # every hand replayed
    assert len(replayed) <= 40, f"{len(replayed)} hands replayed for three pages of 40"


def test_a_file_changed_since_is_replayed_anew(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The night's file rewritten with another night (the same hand numbers, other cards):
    the page no longer shows the kept replay, and the stored hands stand alone."""
    night, db, event = _night(tmp_path, 6)
    replayed = _counted(monkeypatch)
    client = TestClient(create_app(db), base_url=LOCAL)
    assert ROWS_ALONE not in client.get(f"/events/{event}").text
    before = len(replayed)
    stamp = night.stat().st_mtime_ns
    simulate_to_path(SimulationOptions(hands=6, seed=12, session_hands=6), night)
    os.utime(night, ns=(stamp + 2_000_000_000, stamp + 2_000_000_000))
    shown = client.get(f"/events/{event}").text
    assert len(replayed) > before, "the changed file was not replayed again"
    assert shown.count(ROWS_ALONE) == 6
