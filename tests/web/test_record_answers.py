"""The record page in a real browser, against answers that come late, out of order or refused:
what the page shows stays the answer to what the organiser did last, and a refusal says why."""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.web.app import create_app
from tests.helpers.browser import Phone, serving
from tests.web.test_record_browser import TYPED, settled


def test_a_refused_save_shows_why(phone: Phone, fresh_ledger: Path) -> None:
    """Cookies cleared since the page loaded: the save is refused, and the page says it is
    the missing cookie, not just "403 Forbidden"."""
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        page.locator("#record-text").fill(TYPED)
        settled(page)
        page.context.clear_cookies()
        page.click("#record-save")
        page.wait_for_selector("#record-save-result p.error")
        shown = page.inner_text("#record-save-result")
        assert "sent no form cookie" in shown and "reload the page" in shown, shown
