"""The record page in a real browser, its night's file changed on the laptop (an editor saving
a note into it) while a phone goes on typing: the phone's save is refused, and the page offers
what to do ON THE PAGE: replace the file with its text, or load what the file holds now.  The
page cannot always be told to "pick the event again": a page served before the night was first
saved lists no such event (its picker is the one it was served with), and a picker showing the
event already does not load it again when the same event is picked (no change).  Screenshots:
``test-output/screenshots/record-changed-*.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from badugi_ledger.web.app import create_app
from tests.helpers.browser import Phone, serving
from tests.web.test_record_browser import settled

LAPTOP = "# a note typed on the laptop\n"
PHONE_NOTE = "# typed on the phone since\n"


def done(page: Any) -> str:
    """The save's answer, once there."""
    page.wait_for_selector("#record-save-result p:not(:text('saving…'))")
    return str(page.inner_text("#record-save-result"))


def test_a_save_refused_for_a_file_changed_on_disk_offers_to_load_the_file_as_it_is_now(
    phone: Phone, tmp_path: Path
) -> None:
    db = tmp_path / "club.db"
    with serving(create_app(db)) as url:
        page = phone.open(url + "/record")
        page.fill("input[name=name]", "Laptop night")
        page.fill("input[name=date]", "2024-03-02")
        page.fill("textarea[name=players]", "Pia\nQuin")
        page.click("button:has-text('Start the night')")
        page.wait_for_selector("#record-options button[data-kind=fold]")
        settled(page)
        page.click("#record-options button[data-kind=fold]")
        page.wait_for_selector("#record-options button[data-kind=next-hand]")
        settled(page)
        page.click("#record-save")
        assert "1 stored" in done(page)
        saved = tmp_path / "recorded" / "2024-03-02-laptop-night.bhh"
        night = saved.read_text(encoding="utf-8")
        # the picker is the one the page was served with: this night is not in it
        assert page.locator("#record-event-select option:text('Laptop night')").count() == 0

        saved.write_text(night + LAPTOP, encoding="utf-8")  # the editor on the laptop
        page.focus("#record-text")
        page.keyboard.press("Control+End")
        page.keyboard.type(PHONE_NOTE)
        settled(page)
        page.click("#record-save")
        refused = done(page)
        assert "changed on disk" in refused and "load what the file holds now" in refused
        assert "pick the event" not in refused
        phone.shot("record-changed-1-refused")
        assert saved.read_text(encoding="utf-8") == night + LAPTOP

        asked: list[str] = []
        page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
        page.click("#record-load-file")
        settled(page)
        assert asked and "2024-03-02-laptop-night.bhh" in asked[0]
        assert page.input_value("#record-text") == night + LAPTOP
        phone.shot("record-changed-2-loaded")

        page.focus("#record-text")
        page.keyboard.press("Control+End")
        page.keyboard.type(PHONE_NOTE)
        settled(page)
        page.click("#record-save")
        assert "saved 2024-03-02-laptop-night.bhh" in done(page)
        assert saved.read_text(encoding="utf-8") == night + LAPTOP + PHONE_NOTE
        phone.shot("record-changed-3-saved")
    assert phone.errors == []
