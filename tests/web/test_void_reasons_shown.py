"""What is void says what it holds and why, on the pages an organiser checks it on.

* The Events page's card of a void event said "0 hands · 0 players" (the ledger's list of
  events counts the hands that count, none of a void event's): it says the hands and players
  the event holds, and that it is void, with the organiser's reason.
* A void hand's box on its event's page said "void" without the reason the ledger keeps
  (``hands.void_reason``), where the page of a void event says the event's.
* The Settle page's refusals from the library began in lower case ("no event 'x' in the
  ledger"), and asked for a void event its picker offered "The latest event", a settle-up it
  does not show: it says the event asked for is void, and offers the others.

The hands are ``examples/home_session.bhh``'s Friday game (4 hands, hand 2 voided as a
misdeal) and ``examples/progressive_with_a_buy.bhh``'s Buy night (voided as no club night).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from badugi_ledger.ledger.corrections import event_list, void
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.web.app import create_app
from tests.helpers.browser import Phone, serving
from tests.web.conftest import LOCAL, event_id


def _words(html: str) -> str:
    """The page's words, tags and bidi isolates taken out, white space made one space."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>|[\u2066-\u2069]", "", html)).strip()


def _card(client: TestClient, name: str) -> str:
    """The words of the Events page's card of the event ``name``."""
    for card in re.findall(r'<li class="card[^"]*">(.*?)</li>', client.get("/events").text, re.S):
        if f">{name}<" in card.replace("\u2068", "").replace("\u2069", ""):
            return _words(card)
    raise AssertionError(f"no card of {name}")


def test_a_void_events_card_says_what_it_holds_and_why(fresh_ledger: Path) -> None:
    client = TestClient(create_app(fresh_ledger), base_url=LOCAL)
    counted = _card(client, "Friday game")
    with ledger_at(fresh_ledger, create=False) as db:
        held = next(e for e in event_list(db).events if e["event"] == "Friday game")
        void(db, "Friday game", None, "played for fun")
    assert f"{held['hands']} hands · {held['players']} players" in counted
    voided = _card(client, "Friday game")
    assert f"{held['hands']} hands · {held['players']} players · void: played for fun" in voided
    assert "0 hands" not in voided


def test_a_void_hand_says_why_it_is_void(fresh_ledger: Path) -> None:
    with ledger_at(fresh_ledger, create=False) as db:
        void(db, "Friday game", "2", "misdeal, dealt again")
    client = TestClient(create_app(fresh_ledger), base_url=LOCAL)
    page = client.get(f"/events/{event_id(fresh_ledger, 'Friday game')}").text
    boxes = re.findall(r'<section class="hand( void)?" id="hand-\d+">(.*?)</section>', page, re.S)
    said = {re.search(r"Hand (\S+)", _words(b)).group(1): (v, _words(b)) for v, b in boxes}  # type: ignore[union-attr]
    assert said["2"][0] == " void"
    assert "void: misdeal, dealt again" in said["2"][1]
    assert all("void" not in words for hand, (_, words) in said.items() if hand != "2")


def test_a_void_events_hands_say_the_events_reason(fresh_ledger: Path) -> None:
    with ledger_at(fresh_ledger, create=False) as db:
        void(db, "Buy night", None, "not a club night")
    client = TestClient(create_app(fresh_ledger), base_url=LOCAL)
    page = _words(client.get(f"/events/{event_id(fresh_ledger, 'Buy night')}").text)
    assert "Hand B1" in page
    assert "void: not a club night" in page.split("Hand B1", 1)[1]


def test_the_settle_pages_refusals_begin_a_sentence(fresh_ledger: Path) -> None:
    with ledger_at(fresh_ledger, create=False) as db:
        void(db, "Buy night", None, "not a club night")
    client = TestClient(create_app(fresh_ledger), base_url=LOCAL)
    voided = event_id(fresh_ledger, "Buy night")
    for asked in ("Buy night", "no such night", str(voided), "99999"):
        answer = client.get("/settle", params={"event": asked})
        assert answer.status_code == 400
        message = re.search(r'<p class="message">(.*?)</p>', answer.text, re.S)
        assert message is not None, asked
        assert message.group(1)[:1].isupper(), (asked, message.group(1))


def test_the_settle_picker_says_the_event_asked_for_is_void(fresh_ledger: Path) -> None:
    with ledger_at(fresh_ledger, create=False) as db:
        void(db, "Buy night", None, "not a club night")
        others = [e for e in event_list(db).events if not e["void"] and e["hands"]]
    client = TestClient(create_app(fresh_ledger), base_url=LOCAL)
    voided = event_id(fresh_ledger, "Buy night")
    page = client.get("/settle", params={"event": str(voided)}).text
    picker = re.search(r'<select id="event".*?</select>', page, re.S)
    assert picker is not None
    first = _words(re.findall(r"<option[^>]*>(.*?)</option>", picker.group(0), re.S)[0])
    assert first == "Pick another event: Buy night (2024-07-05) is void"
    assert "The latest event" not in picker.group(0)
    offered = re.findall(r'<option value="(\d+)"', picker.group(0))
    assert str(voided) not in offered
    assert len(offered) == len(others)
    latest = client.get("/settle").text  # nothing asked: the latest event, as before
    assert "The latest event" in latest


def test_what_is_void_reads_on_a_phone_and_a_desktop(
    phone: Phone, browser: Any, fresh_ledger: Path
) -> None:
    """Seen in a browser: the void event's card, the void hand's box and the Settle picker say
    why, at 390 px and at 1280 px, and no page is wider than its screen."""
    with ledger_at(fresh_ledger, create=False) as db:
        void(db, "Friday game", "2", "misdeal, dealt again")
        void(db, "Buy night", None, "not a club night")
    desktop = Phone(browser.new_page(viewport={"width": 1280, "height": 900}))
    try:
        with serving(create_app(fresh_ledger)) as url:
            friday = event_id(fresh_ledger, "Friday game")
            voided = event_id(fresh_ledger, "Buy night")
            for name, seen in (("phone", phone), ("desktop", desktop)):
                page = seen.page
                page.goto(f"{url}/events")
                card = page.locator(".card.void")
                assert "1 hand · 3 players · void: not a club night" in card.inner_text()
                seen.shot(f"void-card-{name}")
                assert seen.page_width() <= page.viewport_size["width"]
                page.goto(f"{url}/events/{friday}")
                box = page.locator("section.hand.void .meta").first
                assert box.is_visible()
                assert "void: misdeal, dealt again" in box.inner_text()
                seen.shot(f"void-hand-{name}")
                assert seen.page_width() <= page.viewport_size["width"]
                page.goto(f"{url}/settle?event={voided}")
                chosen = page.locator("#event").evaluate("s => s.options[s.selectedIndex].text")
                assert re.sub("[\u2066-\u2069]", "", chosen) == (
                    "Pick another event: Buy night (2024-07-05) is void"
                )
                seen.shot(f"void-settle-{name}")
                assert seen.page_width() <= page.viewport_size["width"]
        # the Settle page's refusal is answered 400, which the browser logs as an error
        assert [e for e in phone.errors if "status of 400" not in e] == []
    finally:
        desktop.page.close()
