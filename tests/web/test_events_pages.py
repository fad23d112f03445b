"""The Events page comes a page at a time, as an event's hands do (``/events?page=N``,
``browse.EVENTS_PER_PAGE`` events a page, newest first; past the last page: the last): a
club's ledger of 1,000 nights was one page of 200 KB.  Every event is on exactly one page,
each with its link, and the pages link to each other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from badugi_ledger.ledger.corrections import event_list
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path
from badugi_ledger.web.app import create_app
from tests.helpers.ledger_files import import_into
from tests.web.conftest import LOCAL

PER_PAGE = 50
"""``browse.EVENTS_PER_PAGE``, written out: the test fails on a tree without it."""


@pytest.fixture(scope="module")
def nights(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A ledger of 61 nights of 2 hands (one file): the ledger and its event ids, newest
    first as the page lists them."""
    folder = tmp_path_factory.mktemp("nights")
    simulate_to_path(SimulationOptions(hands=122, seed=3, session_hands=2), folder / "nights.bhh")
    db = folder / "club.db"
    assert import_into(db, [folder / "nights.bhh"]).ok
    with ledger_at(db, create=False) as ledger:
        ids = [str(e["id"]) for e in reversed(event_list(ledger).events)]
    assert len(ids) == 61
    return db, ids


def _linked(page: str) -> list[str]:
    return re.findall(r'href="/events/(\d+)"', page)


def test_the_events_come_a_page_at_a_time(nights: tuple[Path, list[str]]) -> None:
    db, ids = nights
    client = TestClient(create_app(db), base_url=LOCAL)
    first, second = client.get("/events").text, client.get("/events?page=2").text
    assert _linked(first) == ids[:PER_PAGE]
    assert _linked(second) == ids[PER_PAGE:]
    assert 'href="/events?page=2"' in first and 'href="/events?page=1"' in second
    assert "page 1 of 2" in first and "page 2 of 2" in second
    assert _linked(client.get("/events?page=99").text) == ids[PER_PAGE:]  # past the last
    assert _linked(client.get("/events?page=x").text) == ids[:PER_PAGE]  # not a number: 1st


def test_an_events_page_leads_back_to_the_events_page_that_lists_it(
    nights: tuple[Path, list[str]],
) -> None:
    db, ids = nights
    client = TestClient(create_app(db), base_url=LOCAL)
    newest, oldest = client.get(f"/events/{ids[0]}").text, client.get(f"/events/{ids[-1]}").text
    assert '<a href="/events">← Events</a>' in newest
    assert '<a href="/events?page=2">← Events</a>' in oldest
