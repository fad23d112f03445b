"""The event and season pickers of the Settle and Standings pages with a keyboard, in a real
browser the size of a laptop (1280×800).

A picker sends its form when an option is picked (static/app.js).  A keyboard's arrow keys
change a closed select option by option, each a change: the first press sent the form, the
page reloaded with the focus on nothing, and an organiser at a laptop never reached the
fifth event down.  Keys move through the options; Enter, or the form's Show button, sends
the one reached.  A pick with a finger or a mouse still sends it at once
(``test_browser.py::test_the_season_picker_changes_the_page``).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.web.app import create_app
from tests.helpers.browser import serving

LAPTOP = {"width": 1280, "height": 800}


@pytest.fixture(scope="module")
def club_url(club_db: Path) -> Iterator[str]:
    with serving(create_app(club_db)) as url:
        yield url


@pytest.fixture
def laptop(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport=LAPTOP)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        yield page
    finally:
        context.close()
        assert errors == []


def focused(page: Any) -> str:
    return str(page.evaluate("document.activeElement.id || document.activeElement.tagName"))


@pytest.mark.parametrize(("path", "picker"), [("/settle", "event"), ("/standings", "season")])
def test_arrow_keys_move_through_a_picker_without_leaving_the_page(
    laptop: Any, club_url: str, path: str, picker: str
) -> None:
    laptop.goto(club_url + path)
    options = laptop.eval_on_selector_all(f"#{picker} option", "all => all.map(o => o.value)")
    steps = min(2, len(options) - 1)  # every event; the one season, 2024
    assert steps >= 1, options
    laptop.focus(f"#{picker}")
    for _ in range(steps):
        laptop.keyboard.press("ArrowDown")
        laptop.wait_for_timeout(300)  # what a submit would need to leave the page
    assert laptop.url == club_url + path, "an arrow key sent the form"
    assert focused(laptop) == picker
    assert laptop.input_value(f"#{picker}") == options[steps]
    with laptop.expect_navigation():
        laptop.keyboard.press("Enter")
    assert laptop.url == f"{club_url}{path}?{picker}={options[steps]}"


def test_the_show_button_sends_what_the_keys_picked(laptop: Any, club_url: str) -> None:
    laptop.goto(club_url + "/settle")
    laptop.focus("#event")
    laptop.keyboard.press("ArrowDown")
    laptop.wait_for_timeout(300)
    chosen = laptop.input_value("#event")
    laptop.keyboard.press("Tab")
    assert laptop.evaluate("document.activeElement.textContent") == "Show"
    with laptop.expect_navigation():
        laptop.keyboard.press("Enter")
    assert laptop.url == f"{club_url}/settle?event={chosen}"
