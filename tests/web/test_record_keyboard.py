"""The record page used with the keyboard only (a laptop at the table, a phone with a
keyboard, a screen reader): the night started with Enter and each action tapped with Enter.
The control used is redrawn by each answer; the focus goes to who is to act now, above the
new options, never lost to the page's top (where a screen reader starts reading again) and
never to an option (a second Enter would add a line).  Screenshot:
``test-output/screenshots/record-keyboard.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from badugi_ledger.web.app import create_app
from tests.helpers.browser import Phone, serving
from tests.web.test_record_browser import settled


def focused(page: Any) -> str:
    return str(page.evaluate("document.activeElement.id || document.activeElement.tagName"))


def test_a_night_started_and_tapped_with_the_keyboard_keeps_the_focus_by_the_options(
    phone: Phone, tmp_path: Path
) -> None:
    with serving(create_app(tmp_path / "club.db")) as url:
        page = phone.open(url + "/record")
        page.focus("input[name=name]")
        page.keyboard.type("Keys night")
        page.focus("textarea[name=players]")
        page.keyboard.type("Pia\nQuin\nRolf")
        page.focus("input[name=stacks]")
        page.keyboard.press("Enter")
        page.wait_for_selector("#record-options button.tap")
        settled(page)
        assert focused(page) == "record-turn"
        for _ in range(2):  # Pia folds, then Quin's first option
            page.keyboard.press("Tab")
            assert page.evaluate("document.activeElement.classList.contains('tap')")
            page.keyboard.press("Enter")
            page.wait_for_selector("#record-verdict[data-state=pending]", state="detached")
            settled(page)
            assert focused(page) == "record-turn", focused(page)
        assert "Pia folds" in page.input_value("#record-text")
        phone.shot("record-keyboard")
    assert phone.errors == []
