"""Every page of the web app in a real browser the size of a phone (390×844): it loads, the
console stays clean (a script or style the Content-Security-Policy blocks is a console error),
nothing scrolls sideways, and a screenshot lands in ``test-output/screenshots/``."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger.corrections import event_list
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.web.app import create_app
from tests.helpers.browser import PHONE, Phone, serving
from tests.web.conftest import SCRIPT_EVENT, SCRIPT_PLAYER, event_id


@pytest.fixture(scope="module")
def club_url(club_db: Path) -> Iterator[str]:
    """The app over the examples and the web fixtures (names that are HTML, a EUR game)."""
    with serving(create_app(club_db)) as url:
        yield url


def browse_pages(db: Path) -> dict[str, str]:
    """Screenshot name → path of every page that only reads."""
    return {
        "events": "/events",
        "event-friday-game": f"/events/{event_id(db, 'Friday game')}",
        "event-tournament": f"/events/{event_id(db, 'Spring Freezeout')}",
        "event-script-names": f"/events/{event_id(db, SCRIPT_EVENT)}",
        "standings": "/standings",
        "standings-2024": "/standings?season=2024",
        "settle": "/settle",
        "settle-euro-night": f"/settle?event={event_id(db, 'Euro night')}",
        "settle-season-2024": "/settle?season=2024",
        "players": "/players",
        "record": "/record",
    }


def check_phone_page(phone: Phone, url: str, name: str) -> Any:
    page = phone.open(url)
    phone.shot(name)
    width = phone.page_width()
    assert width <= PHONE["width"], f"{name}: the page is {width} px wide, it scrolls sideways"
    assert phone.errors == [], f"{name}: {phone.errors}"
    return page


@pytest.mark.parametrize(
    "name",
    [
        "events",
        "event-friday-game",
        "event-tournament",
        "event-script-names",
        "standings",
        "standings-2024",
        "settle",
        "settle-euro-night",
        "settle-season-2024",
        "players",
        "record",
    ],
)
def test_page_fits_a_phone_with_a_clean_console(
    phone: Phone, club_url: str, club_db: Path, name: str
) -> None:
    page = check_phone_page(phone, club_url + browse_pages(club_db)[name], name)
    assert page.locator("nav a").count() == 5
    assert page.locator("h1").count() == 1
    # the stylesheet is the package's, loaded and applied
    header = page.eval_on_selector("header.top", "e => getComputedStyle(e).backgroundColor")
    assert header == "rgb(29, 79, 58)"


def test_the_pages_list_is_the_routes_list(club_db: Path) -> None:
    """Every browse route has a page in the phone test (a new page needs its screenshot)."""
    from badugi_ledger.web import browse

    paths = {getattr(r, "path", "") for r in browse.routes}
    tested = {p.split("?")[0] for p in browse_pages(club_db).values()}
    tested = {"/events/{event_id}" if p.startswith("/events/") else p for p in tested}
    assert paths <= tested


def test_names_that_are_html_do_not_run(phone: Phone, club_url: str, club_db: Path) -> None:
    dialogs: list[str] = []
    phone.page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page = phone.open(f"{club_url}/events/{event_id(club_db, SCRIPT_EVENT)}")
    assert page.locator("h1").inner_text() == SCRIPT_EVENT
    assert SCRIPT_PLAYER in page.locator(".hand").first.inner_text()
    assert page.locator("img[src=x]").count() == 0
    phone.open(f"{club_url}/players")
    assert dialogs == []


def test_the_events_page_shows_what_a_valued_chip_is_worth(
    phone: Phone, club_url: str, club_db: Path
) -> None:
    """``chips 1 = 0.25 EUR`` (fixtures/euro_night.bhh): the card says what one chip is worth,
    in the words ``badugi-ledger events`` writes (``chips of 0.25 EUR``: ``model.money.
    unit_words``), from the same event list; plain chips say nothing more."""
    with ledger_at(club_db, create=False) as db:
        worth = {str(e["event"]): e["chip_value"] for e in event_list(db).events}
    assert worth["Euro night"] == "0.25 EUR" and worth["Kitchen table"] is None
    page = phone.open(club_url + "/events")
    euro = page.locator(".card", has_text="Euro night").locator(".meta").first
    assert "· chips of 0.25 EUR · settled in EUR" in euro.inner_text()
    kitchen = page.locator(".card", has_text="Kitchen table").locator(".meta").first
    assert " of " not in kitchen.inner_text()
    euro.scroll_into_view_if_needed()
    phone.shot("events-chip-value")
    assert phone.page_width() <= PHONE["width"]
    assert phone.errors == []


def test_the_season_picker_changes_the_page(phone: Phone, club_url: str) -> None:
    """The script of static/app.js runs (no inline script): picking a season sends the form."""
    page = phone.open(club_url + "/standings")
    with page.expect_navigation():
        page.select_option("select#season", "2024")
    assert page.url.endswith("/standings?season=2024")
    assert phone.errors == []


def test_live_server_helper_serves_the_examples(phone: Phone, live_server: Any) -> None:
    page = phone.open(live_server.url + "/events")
    assert page.locator(".card").count() == 10  # the ten events of examples/
    assert phone.errors == []


def test_the_play_of_a_hand_opens_on_a_tap(phone: Phone, club_url: str, club_db: Path) -> None:
    page = phone.open(f"{club_url}/events/{event_id(club_db, 'Kitchen table')}")
    rounds = page.locator(".hand details.rounds").first
    assert not rounds.locator(".round").first.is_visible()
    rounds.locator("summary").tap()
    assert rounds.locator(".round").first.is_visible()
    assert "Anna raises to 4" in rounds.inner_text()  # examples/000_anna_ben.bhh, line 16
    assert phone.page_width() <= PHONE["width"]


def test_the_content_security_policy_blocks_an_inline_script(phone: Phone, club_url: str) -> None:
    """Were a name ever to reach the page as markup, its script would still not run."""
    page = phone.open(club_url + "/events")
    page.evaluate(
        "() => { const s = document.createElement('script');"
        " s.textContent = 'window.ran = true'; document.body.appendChild(s); }"
    )
    assert page.evaluate("() => window.ran === undefined")
    assert any("Content Security Policy" in e for e in phone.errors), phone.errors


LONG_NAME = "Zoë-" + "x" * 70
"""A name of no spaces longer than a phone's screen is wide (web audit's)."""


def test_a_long_name_does_not_push_the_settle_up_off_a_phone(phone: Phone, tmp_path: Path) -> None:
    """With one unbroken long name, /settle ran to 801 px on a 390 px phone: the transfers
    off its edge and no balance's amount in sight."""
    from badugi_ledger.ledger.importing import import_text

    night = (
        "game badugi · fixed limit 2/4 · blinds 1/2\ncash Long names · date 2024-10-01\n\n"
        f"hand 1 · button Anna · Anna 100 · {LONG_NAME} 100\n"
        f"Anna raises · {LONG_NAME} folds\n"
    )
    db = tmp_path / "club.db"
    with ledger_at(db) as ledger:
        assert import_text(ledger, night, "long.bhh").stored == 1
    with serving(create_app(db)) as url:
        page = check_phone_page(phone, url + "/settle", "settle-long-name")
        assert LONG_NAME in page.inner_text("ul.transfers").replace("\n", "")
        amount = page.locator("table td.num").first.bounding_box()
        assert amount is not None and amount["x"] + amount["width"] <= PHONE["width"]
