"""The Events page comes a page at a time, as an event's hands do (``/events?page=N``,
``browse.EVENTS_PER_PAGE`` events a page, newest first; past the last page: the last): a
club's ledger of 1,000 nights was one page of 200 KB.  Every event is on exactly one page,
each with its link, and the pages link to each other."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

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


def _offered(page: str) -> list[str]:
    """The event ids the Settle page's event picker offers, in its order."""
    picker = page.split('<select id="event"', 1)[1].split("</select>", 1)[0]
    return re.findall(r'<option value="(\d+)"', picker)


def _picked(page: str) -> list[str]:
    return re.findall(r'<option value="(\d+)" selected>', page)


def test_the_settle_picker_offers_a_page_of_events_newest_first(
    nights: tuple[Path, list[str]],
) -> None:
    """The Settle page's event picker listed every event: a ``<select>`` of 1,000 options for
    a club's 1,000 nights.  It offers a page of them, newest first, as the Events page does,
    and plain links (no script) to the older and newer ones."""
    db, ids = nights
    client = TestClient(create_app(db), base_url=LOCAL)
    first = client.get("/settle").text
    assert _offered(first) == ids[:PER_PAGE]
    assert 'href="/settle?page=2">Older events' in first and "Newer events" not in first
    assert f"events 1–{PER_PAGE} of 61" in first
    second = client.get("/settle?page=2").text
    assert _offered(second) == ids[PER_PAGE:]
    assert 'href="/settle">← Newer events' in second and "Older events" not in second
    assert _offered(client.get("/settle?page=99").text) == ids[PER_PAGE:]  # past the last


def test_the_settle_picker_shows_the_page_of_the_event_picked(
    nights: tuple[Path, list[str]],
) -> None:
    """An event picked (the event page's "Settle-up for this event" link) is shown selected,
    on the picker's page that holds it; its pager keeps it picked; an older page of the
    picker keeps it offered, selected; an id of no event still says so."""
    db, ids = nights
    client = TestClient(create_app(db), base_url=LOCAL)
    oldest = client.get(f"/settle?event={ids[-1]}")
    assert oldest.status_code == 200
    assert _offered(oldest.text) == ids[PER_PAGE:] and _picked(oldest.text) == [ids[-1]]
    assert f'href="/settle?event={ids[-1]}&amp;page=1">← Newer events' in oldest.text
    back = client.get(f"/settle?event={ids[-1]}&page=1").text  # the link: the newer ones
    assert _offered(back) == [ids[-1], *ids[:PER_PAGE]] and _picked(back) == [ids[-1]]
    newest_elsewhere = client.get(f"/settle?event={ids[0]}&page=2").text
    assert _offered(newest_elsewhere) == [ids[0], *ids[PER_PAGE:]]
    assert _picked(newest_elsewhere) == [ids[0]]
    missing = client.get("/settle?event=99999")
    assert missing.status_code == 400
    assert "No event 99999 in the ledger: pick one of the list." in missing.text
    assert _offered(missing.text) == ids[:PER_PAGE]


def _luminance(css: str) -> float:
    """The relative luminance of a CSS ``rgb(…)`` colour (WCAG 2.1, its definition)."""
    values = [int(v) / 255 for v in re.findall(r"\d+", css)[:3]]
    lin = [v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4 for v in values]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


@pytest.mark.parametrize("path", ["/events", "/settle"])
def test_the_pager_links_can_be_read_and_tapped(
    phone: Any, nights: tuple[Path, list[str]], path: str
) -> None:
    """The pager's links took the header's light-on-dark colour (a rule of every ``nav``):
    on the page's light ground their contrast was 1.1:1, below WCAG 2.1 SC 1.4.3's 4.5:1, and
    the older events all but unseen.  They read as the page's links, a thumb's height tall."""
    from badugi_ledger.web.app import create_app as app_of
    from tests.helpers.browser import serving

    db, _ = nights
    with serving(app_of(db)) as url:
        page = phone.open(url + path)
        link = page.locator(".pager a").first
        colour = link.evaluate("a => getComputedStyle(a).color")
        ground = page.evaluate("getComputedStyle(document.body).backgroundColor")
        light, dark = sorted((_luminance(colour), _luminance(ground)), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, (colour, ground)
        box = link.bounding_box()
        assert box is not None and box["height"] >= 44
        phone.shot(f"pager{path.replace('/', '-')}")
    assert phone.errors == []
