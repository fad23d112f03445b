"""What the browse pages say of a choice the ledger does not hold: an event's page whose event
is gone (a bookmark, a link of a ledger since rebuilt), a season no event names (last year's
link), an event and a season at once.  A reader of the web app (a club member on a phone)
has no command line (``test_page_words.py``): the page says it in its own words, beside its
picker, and a page of no event is one not found (404), as any path of no page is."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from badugi_ledger.web.app import create_app
from tests.web.conftest import LOCAL
from tests.web.test_page_words import COMMAND_WORDS


@pytest.fixture
def client(club_db: Path) -> TestClient:
    return TestClient(create_app(club_db), base_url=LOCAL)


def text_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_the_page_of_an_event_the_ledger_lacks_is_not_found_in_the_pages_words(
    client: TestClient,
) -> None:
    for path in ("/events/999", "/events/999?page=2", "/events/" + "9" * 400):
        answer = client.get(path)
        shown = text_of(answer.text)
        assert answer.status_code == 404, (path, answer.status_code)
        assert "Not found" in shown and "in the ledger: the Events page lists every event" in (
            shown
        ), shown
        assert not COMMAND_WORDS.search(shown), shown
    assert "No event 999 in the ledger" in text_of(client.get("/events/0999").text)


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/standings?season=1999", "No season '1999' in the ledger: pick one of the list."),
        ("/settle?season=1999", "No season '1999' in the ledger: pick one of the list."),
        ("/settle?event=999", "No event 999 in the ledger: pick one of the list."),
        ("/settle?event=1&season=2024", "Pick an event or a season, not both."),
    ],
)
def test_a_choice_the_ledger_lacks_is_said_beside_the_picker(
    client: TestClient, path: str, said: str
) -> None:
    answer = client.get(path)
    shown = text_of(answer.text)
    assert answer.status_code == 400
    assert said in shown, shown
    assert not COMMAND_WORDS.search(shown), shown
    assert '<select id="season" name="season"' in answer.text  # the picker, to pick again
    assert "Traceback" not in answer.text


def test_a_season_there_is_still_shows_its_standings_and_settle_up(client: TestClient) -> None:
    standings = client.get("/standings?season=2024")
    assert standings.status_code == 200 and "Cash standings" in standings.text
    settle = client.get("/settle?season=2024")
    assert settle.status_code == 200 and "balances net to 0 chips" in text_of(settle.text)


def methods(allow: str | None) -> set[str]:
    """The methods an ``Allow`` header names, in any order (Starlette keeps them in a set)."""
    return {m.strip() for m in (allow or "").split(",") if m.strip()}


@pytest.mark.parametrize(
    ("path", "allowed"),
    [("/settle", "GET, HEAD"), ("/events/1", "GET, HEAD"), ("/record/check", "POST")],
)
def test_a_method_a_page_does_not_take_says_which_it_takes(
    client: TestClient, path: str, allowed: str
) -> None:
    """A 405 names the methods the page takes in its ``Allow`` header (RFC 9110, 15.5.6: a
    405 "MUST generate an Allow header field"); the app's own refusal page dropped it."""
    answer = client.request("OPTIONS", path)
    assert answer.status_code == 405
    assert methods(answer.headers.get("allow")) == methods(allowed), dict(answer.headers)
    refused = client.request(
        "OPTIONS", path, headers={"accept": "application/json"}
    )  # a script's refusal is JSON, with the same header
    assert refused.status_code == 405
    assert methods(refused.headers.get("allow")) == methods(allowed)


def test_a_season_whose_events_are_void_is_one_the_ledger_names(tmp_path: Path) -> None:
    """A season no hand counts in, its one night void, is still a season of the ledger: the
    Settle page says its events are void (the library's words), not that there is none."""
    from badugi_ledger.ledger.corrections import void
    from badugi_ledger.ledger.store import ledger_at
    from tests.helpers.ledger_files import import_into

    night = tmp_path / "n.bhh"
    night.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "cash Old night · date 2023-05-01 · season 2023\n\n"
        "hand 1 · button Ann · Ann 100 · Ben 100\nAnn folds\nBen collects 2\n",
        encoding="utf-8",
    )
    db = tmp_path / "club.db"
    assert import_into(db, [night]).ok
    with ledger_at(db, create=False) as ledger:
        void(ledger, "Old night", None, "dealt with a short deck")
    client = TestClient(create_app(db), base_url=LOCAL)
    settle = text_of(client.get("/settle?season=2023").text)
    assert "No season" not in settle and "void" in settle, settle
    standings = client.get("/standings?season=2023")
    assert standings.status_code == 200
    assert "No hands in the ledger for this selection" in text_of(standings.text)


def test_the_librarys_refusals_say_what_to_do_in_the_pages_words(tmp_path: Path) -> None:
    """The settle-up of an event the ledger lacks, of one whose hands are all void, of a name
    two events share, and of a season whose every hand is void, as the library refuses them
    (``ledger/event_lookup.py``): the page said the command line's ``see: badugi-ledger
    events``, ``see: badugi-ledger audit`` and ``give its id``; it says where on the pages to
    look, and that the audit is read where the server runs."""
    from badugi_ledger.ledger.corrections import void
    from badugi_ledger.ledger.store import ledger_at
    from tests.helpers.ledger_files import import_into, twin_nights

    night = tmp_path / "n.bhh"
    night.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "cash Old night · date 2023-05-01 · season 2023\n\n"
        "hand 1 · button Ann · Ann 100 · Ben 100\nAnn folds\nBen collects 2\n",
        encoding="utf-8",
    )
    db = tmp_path / "club.db"
    assert import_into(db, [night, *twin_nights(tmp_path)]).ok
    client = TestClient(create_app(db), base_url=LOCAL)
    shown = {
        "no such": text_of(client.get("/settle?event=Old%20nite").text),
        "two": text_of(client.get("/settle?event=Twin").text),
    }
    with ledger_at(db, create=False) as ledger:
        void(ledger, "Old night", "1", "dealt with a short deck")
    shown["emptied"] = text_of(client.get("/settle?event=Old%20night").text)
    shown["season"] = text_of(client.get("/settle?season=2023").text)
    for said in shown.values():
        assert not COMMAND_WORDS.search(said), said
    assert (
        "did you mean 'Old night' (id 1, 2023-05-01)? (the Events page lists every event)"
        in (shown["no such"])
    )
    assert "Event 'Twin' is ambiguous; pick it from the list: " in shown["two"], shown["two"]
    assert (
        "No hand of Old night (2023-05-01) counts: its hands are void (dealt with a short "
        "deck; who voided it and when is in the audit (done where the server runs))"
    ) in shown["emptied"]
    assert (
        "No event of season '2023' counts: every hand of Old night (2023-05-01) is void (dealt "
        "with a short deck; who voided it and when is in the audit (done where the server runs))"
    ) in shown["season"]
