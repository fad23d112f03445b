"""The record page in a real browser, showing a conflict: a hand cut from the night's saved file
on the laptop while the phone goes on from the file as it is now.  The ledger holds that hand
from the file, which no longer holds it (README.md: "one the text no longer holds is a
conflict, stored only when you choose to replace").  The import words what to do of it for
its command line; the page says it in its own words: its "Replace with this version" button,
and a void done where the server runs, never a command.  Screenshot:
``test-output/screenshots/record-conflict-words.png``."""

from __future__ import annotations

import re
from pathlib import Path

from badugi_ledger.web.app import create_app
from tests.helpers.browser import Phone, serving
from tests.web.test_page_words import HAND_1, HAND_2, HAND_3, HEADER
from tests.web.test_record_browser import no_sideways_scroll, settled
from tests.web.test_record_file_changed import done

COMMAND_WORDS = re.compile(r"(?<![\w-])--[a-z]|\bbadugi-ledger\b")


def test_a_conflict_on_the_page_says_what_to_do_in_the_pages_words(
    phone: Phone, tmp_path: Path
) -> None:
    db = tmp_path / "club.db"
    with serving(create_app(db)) as url:
        page = phone.open(url + "/record")
        editor = page.locator("#record-text")
        editor.fill(HEADER + HAND_1 + HAND_2)
        settled(page)
        page.click("#record-save")
        assert "2 stored" in done(page)
        saved = tmp_path / "recorded" / "2024-08-05-cut.bhh"
        cut = HEADER + HAND_2.lstrip("\n")
        saved.write_text(cut, encoding="utf-8")  # hand 1 cut on the laptop

        editor.fill(cut + HAND_3)
        settled(page)
        page.click("#record-save")
        assert "changed on disk" in done(page)
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#record-load-file")
        settled(page)
        assert page.input_value("#record-text") == cut
        editor.fill(cut + HAND_3)
        settled(page)
        page.click("#record-save")
        page.wait_for_selector("#record-save-result ul.conflicts li")
        (shown,) = page.locator("#record-save-result ul.conflicts li").all_inner_texts()
        result = page.inner_text("#record-save-result")
        no_sideways_scroll(phone)
        phone.shot("record-conflict-words")
        assert shown == (
            "hand 1: imported from this file before, and not in it any more: put it back in the "
            "text and save again; if it was taken out on purpose, void it (a void is done where "
            "the server runs), or “Replace with this version” leaves it out of the night"
        ), shown
        assert not COMMAND_WORDS.search(result), result

        page.click("#record-replace")
        page.wait_for_selector("#record-save-result p.ok")
        assert "1 stored" in page.inner_text("#record-save-result")
    assert saved.read_text(encoding="utf-8") == cut + HAND_3
    assert phone.errors == []
