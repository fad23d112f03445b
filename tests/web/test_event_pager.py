"""A night of many hands is shown a page of hands at a time (``browse.HANDS_PER_PAGE``), and on
a phone one page is some fifteen screens long.  Its pager was only under the last hand: an
organiser looking for a hand of a 120-hand night opened a page with no word of which page it
was, and scrolled to its end to turn it.  The first screen says the page and leads on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path
from badugi_ledger.web.app import create_app
from tests.helpers.browser import PHONE, serving
from tests.helpers.ledger_files import import_into
from tests.web.conftest import event_id


def test_a_page_of_hands_says_which_page_it_is_on_its_first_screen(
    phone: Any, tmp_path: Path
) -> None:
    """60 simulated hands of one night: three pages; the second, on a phone."""
    night = tmp_path / "night.bhh"
    simulate_to_path(SimulationOptions(hands=60, players=6, seed=5, session_hands=60), night)
    db = tmp_path / "club.db"
    assert import_into(db, [night]).ok
    with serving(create_app(db)) as url:
        page = phone.open(f"{url}/events/{event_id(db, 'Simulation 5 night 1')}?page=2")
        pager = page.locator("nav.pager").first
        box = pager.bounding_box()
        assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
        assert "page 2 of 3" in pager.inner_text()
        first_hand = page.locator("section.hand").first.bounding_box()
        assert first_hand is not None and box["y"] < first_hand["y"]
        phone.shot("event-pager-top")
        pager.get_by_role("link", name="Later hands →").click()
        page.wait_for_url("**?page=3")
        assert "page 3 of 3" in page.locator("nav.pager").first.inner_text()
    assert phone.errors == []
