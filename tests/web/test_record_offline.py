"""The record page on a phone that loses the connection at the table (the Wi-Fi drops): a
line typed meanwhile cannot be checked, and the page says so and what becomes of the text (it
is kept in the browser); once the connection is back, the text is checked again without a
keystroke, and saving works.  Nothing typed is lost.  Screenshots:
``test-output/screenshots/record-offline-*.png``."""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.web.app import create_app
from tests.helpers.browser import Phone, serving
from tests.web.test_record_browser import settled


def test_a_phone_offline_keeps_its_text_and_checks_it_again_once_back(
    phone: Phone, tmp_path: Path
) -> None:
    with serving(create_app(tmp_path / "club.db")) as url:
        page = phone.open(url + "/record")
        page.fill("input[name=name]", "Wifi night")
        page.fill("textarea[name=players]", "Pia\nQuin")
        page.click("button:has-text('Start the night')")
        page.wait_for_selector("#record-options button.tap")
        settled(page)
        page.context.set_offline(True)
        page.focus("#record-text")
        page.keyboard.press("Control+End")
        page.keyboard.type("# typed offline\n")
        page.wait_for_selector("#record-verdict[data-state=error]")
        said = page.inner_text("#record-verdict")
        assert said.startswith("could not reach the server") and "kept" in said, said
        phone.shot("record-offline-1")
        page.context.set_offline(False)
        page.wait_for_selector("#record-verdict[data-state=ok]")
        assert page.inner_text("#record-verdict").startswith("No problems")
        page.click("#record-options button[data-kind=fold]")
        page.wait_for_selector("#record-options button[data-kind=next-hand]")
        page.click("#record-save")
        page.wait_for_selector("#record-save-result p.ok")
        saved = next((tmp_path / "recorded").glob("*-wifi-night.bhh"))
        assert "# typed offline" in saved.read_text(encoding="utf-8")
        phone.shot("record-offline-2")
    assert [e for e in phone.errors if "ERR_INTERNET_DISCONNECTED" not in e] == []
