"""A standings table wider than a phone says that it scrolls, and to what.

At 390 px the Standings page's cash table (rank, player, net, sessions, hands, best session,
worst session) showed its columns up to "sessions" and cut "hands" at the edge of its box; the
rest sat off-screen in a box that scrolls sideways, and nothing said so.  A line above the
table names the columns out of view, kept true as the table is scrolled; on a desk, where the
table fits, there is none.  The figures are the table's as the server sent them (the script
only adds the line).  The ledger is every hand of ``examples/``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers.browser import PHONE, Phone

OUT_OF_VIEW = """wrap => {
  const box = wrap.getBoundingClientRect();
  const kept = wrap.querySelector('thead th.report-player').getBoundingClientRect();
  const heads = [...wrap.querySelectorAll('thead th')];
  const player = heads.findIndex(th => th.classList.contains('report-player'));
  return heads.flatMap((th, i) => {
    const at = th.getBoundingClientRect();
    const edge = i > player ? kept.right : box.left;
    return i !== player && (at.right > box.right + 1 || at.left < edge - 1)
      ? [th.textContent.trim()] : [];
  });
}"""
"""The headings of the columns of a table's box that lie, wholly or partly, out of its view:
past its right edge, or scrolled under the player column that stays."""


def _cash_table(page: Any) -> Any:
    return page.locator("#report-cash .report-table-wrap").first


def test_the_cash_table_names_its_columns_out_of_view_on_a_phone(
    phone: Phone, browser: Any, live_server: Any, tmp_path: Path
) -> None:
    page = phone.open(f"{live_server.url}/standings")
    wrap = _cash_table(page)
    hidden = wrap.evaluate(OUT_OF_VIEW)
    assert "hands" in hidden and "worst session" in hidden, hidden
    hint = page.locator("#report-cash .report-scroll-hint").first
    assert hint.is_visible()
    said = hint.inner_text()
    assert said.startswith("The table scrolls sideways: ")
    for column in hidden:
        assert column in said, (column, said)
    hint.scroll_into_view_if_needed()
    phone.shot("standings-scroll-hint-phone")
    right = hint.evaluate("h => h.getBoundingClientRect().right")
    assert right <= PHONE["width"]

    wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; w.dispatchEvent(new Event('scroll')); }")
    page.wait_for_function(
        "() => !document.querySelector('#report-cash .report-scroll-hint')"
        ".textContent.includes('worst session')"
    )
    back = wrap.evaluate(OUT_OF_VIEW)
    assert back and "worst session" not in back
    assert all(column in hint.inner_text() for column in back)
    assert phone.errors == []

    # the figures are the server's: the same table with the page's script off
    bare = browser.new_context(viewport=PHONE, java_script_enabled=False)
    try:
        plain = bare.new_page()
        plain.goto(f"{live_server.url}/standings")
        assert _cash_table(plain).inner_text() == wrap.inner_text()
        assert plain.locator(".report-scroll-hint").count() == 0
    finally:
        bare.close()


def test_a_table_that_fits_says_nothing_of_scrolling(browser: Any, live_server: Any) -> None:
    desk = Phone(browser.new_page(viewport={"width": 1280, "height": 900}))
    try:
        desk.page.goto(f"{live_server.url}/standings")
        wrap = _cash_table(desk.page)
        assert wrap.evaluate(OUT_OF_VIEW) == []
        assert not desk.page.locator("#report-cash .report-scroll-hint").first.is_visible()
        desk.shot("standings-scroll-hint-desk")
    finally:
        desk.page.close()
