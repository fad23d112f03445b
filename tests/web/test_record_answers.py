"""The record page in a real browser, against answers that come late, out of order or refused:
what the page shows stays the answer to what the organiser did last, and a refusal says why."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from badugi_ledger.web.app import create_app
from tests.helpers.browser import Phone, free_port, serving
from tests.helpers.paths import EXAMPLES
from tests.web.test_record_browser import TYPED, settled, start_night


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


HOLD = """() => {
  // answers to the URLs whose names are in window.held.names wait until window.release()
  const real = window.fetch;
  window.held = { names: [], waiting: [], done: 0 };
  window.fetch = (url, init) => {
    const answer = real(url, init);
    const name = String(url).split("/").pop();
    if (!window.held.names.includes(name)) return answer;
    return new Promise((resolve) => window.held.waiting.push(async () => {
      const response = await answer;
      const json = response.json.bind(response);
      // done once the page has read the answer and acted on it (a task after its reading)
      response.json = async () => {
        const data = await json();
        setTimeout(() => { window.held.done += 1; }, 0);
        return data;
      };
      resolve(response);
    }));
  };
  window.release = () => { window.held.waiting.splice(0).forEach((go) => go()); };
}"""


def wait_until(page: Any, condition: str) -> None:
    """Wait (10 s at most) until the JavaScript ``condition`` holds in the page (polled from
    here: the page's Content-Security-Policy refuses Playwright's own waiting, an eval)."""
    for _ in range(200):
        if page.evaluate(f"() => Boolean({condition})"):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"never true: {condition}")


def test_a_late_answer_to_an_earlier_save_does_not_replace_the_newer_one(
    phone: Phone, fresh_ledger: Path
) -> None:
    """A save of a text with a mistake answers late, after the fixed text was saved: the
    page once showed the old "not saved: check finds problems" over the new "saved"."""
    night = (EXAMPLES / "004_badacey.bhh").read_text(encoding="utf-8")
    night = night.replace("Badacey practice deal", "Badacey held up").replace(
        "date 2024-02-02", "date 2024-02-03"
    )
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        page.evaluate(HOLD)
        editor = page.locator("#record-text")
        editor.fill(TYPED)
        settled(page)
        page.evaluate("window.held.names.push('save')")
        page.click("#record-save")
        wait_until(page, "window.held.waiting.length === 1")
        page.evaluate("window.held.names.pop()")
        editor.fill(night)
        settled(page)
        page.click("#record-save")
        page.wait_for_selector("#record-save-result p.ok")
        page.evaluate("window.release()")
        wait_until(page, "window.held.done === 1")
        shown = page.inner_text("#record-save-result")
        assert "saved 2024-02-03-badacey-held-up.bhh" in shown and "problems" not in shown, shown
    assert phone.errors == []


def test_a_tap_for_a_player_whose_turn_has_passed_is_refused(
    phone: Phone, fresh_ledger: Path
) -> None:
    """A line typed, its check not back yet, the old buttons still on the page: a tap of the
    first player's fold once wrote the fold of the player now to act."""
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        start_night(page)
        first = page.inner_text("#record-turn strong")
        page.evaluate(HOLD)
        page.evaluate("window.held.names.push('check')")
        text = page.input_value("#record-text")
        hand = next(line for line in text.splitlines() if line.startswith("hand 1 "))
        page.locator("#record-text").fill(text.replace(hand, f"{hand}\n{first} calls 2"))
        wait_until(page, "window.held.waiting.length === 1")  # its check is held
        page.locator("#record-options button[data-kind=fold]").first.click()
        settled(page)
        assert "the hand has moved on" in page.inner_text("#record-verdict")
        after = page.input_value("#record-text")
        assert "folds" not in after and f"{first} calls 2" in after
        page.evaluate("window.release()")


def test_a_saved_night_started_again_loads_its_saved_text(phone: Phone, fresh_ledger: Path) -> None:
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        page.on("dialog", lambda dialog: dialog.accept())
        start_night(page)
        for _ in range(2):  # two fold: the big blind's walk, the hand is over
            page.locator("#record-options button[data-kind=fold]").first.click()
            settled(page)
        page.wait_for_selector("#record-options button[data-kind=next-hand]")
        page.click("#record-save")
        page.wait_for_selector("#record-save-result p.ok")
        saved = fresh_ledger.parent / "recorded" / "2024-03-01-phone-night.bhh"
        page = phone.open(url + "/record")  # the draft is the saved text: edit it away
        settled(page)
        page.locator("#record-text").fill("")
        page.click("#record-setup summary")
        start_night(page, wait_for="#record-verdict:not([data-state=empty])")
        assert page.input_value("#record-text") == saved.read_text(encoding="utf-8")
        assert saved.name in (page.text_content("#record-event-note") or "")
        page.click("#record-save")
        page.wait_for_selector("#record-save-result p.ok")
        assert "0 stored, 1 duplicate" in page.inner_text("#record-save-result")
    assert phone.errors == []


def test_the_draft_is_the_served_ledgers_own(
    phone: Phone, fresh_ledger: Path, tmp_path: Path
) -> None:
    """Two ledgers served one after the other at the same address share the browser's
    storage: the second once opened with the first one's unsaved text."""
    other = tmp_path / "other" / "club.db"
    other.parent.mkdir()
    port = free_port()
    with serving(create_app(fresh_ledger), port=port) as url:
        page = phone.open(url + "/record")
        page.locator("#record-text").fill(TYPED)
        settled(page)
    with serving(create_app(other), port=port) as url:
        page = phone.open(url + "/record")
        page.wait_for_selector("#record-verdict:not([data-state=pending])")
        assert page.input_value("#record-text") == ""
    with serving(create_app(fresh_ledger), port=port) as url:
        page = phone.open(url + "/record")
        settled(page)
        assert page.input_value("#record-text") == TYPED


def test_a_save_over_a_file_changed_on_disk_meanwhile_is_refused(
    phone: Phone, fresh_ledger: Path
) -> None:
    """Saved, then the file edited by hand, then the page's text saved again (after a reload:
    the stamp is kept with the draft): the page says the file changed and offers to replace
    it, and the hand-made edit is still there."""
    night = (EXAMPLES / "004_badacey.bhh").read_text(encoding="utf-8")
    night = night.replace("Badacey practice deal", "Badacey by hand").replace(
        "date 2024-02-02", "date 2024-02-03"
    )
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        page.locator("#record-text").fill(night)
        settled(page)
        page.click("#record-save")
        page.wait_for_selector("#record-save-result p.ok")
        saved = fresh_ledger.parent / "recorded" / "2024-02-03-badacey-by-hand.bhh"
        by_hand = night + "# a note typed into the file\n"
        saved.write_text(by_hand, encoding="utf-8")
        page = phone.open(url + "/record")
        settled(page)
        page.locator("#record-text").fill(night + "# a note typed on the phone\n")
        settled(page)
        page.click("#record-save")
        page.wait_for_selector("#record-replace")
        shown = page.inner_text("#record-save-result")
        assert f"{saved.name} was changed on disk since this page loaded it" in shown, shown
        assert saved.read_text(encoding="utf-8") == by_hand
        page.click("#record-replace")
        page.wait_for_selector("#record-save-result p.ok")
        assert saved.read_text(encoding="utf-8").endswith("# a note typed on the phone\n")
    assert phone.errors == []


def test_a_reload_keeps_each_tabs_text_with_the_file_it_came_from(
    phone: Phone, fresh_ledger: Path
) -> None:
    """Two tabs: A picks a saved night, B records a new one and reloads (a phone does when it
    brings a tab back).  The page kept the text and its file as two items all tabs share,
    each written at other moments, so B came back with its own text and A's file: its save
    was taken for A's night renamed, and replacing it voided A's hands and removed A's file
    (web audit).  Each tab keeps its text and file together: B saves a night of its own."""
    import sqlite3

    friday = (EXAMPLES / "004_badacey.bhh").read_text(encoding="utf-8")
    friday = friday.replace("Badacey practice deal", "Friday tab").replace(
        "date 2024-02-02", "date 2024-02-03"
    )
    friday_file = fresh_ledger.parent / "recorded" / "2024-02-03-friday-tab.bhh"
    with serving(create_app(fresh_ledger)) as url:
        a = phone.open(url + "/record")
        a.on("dialog", lambda dialog: dialog.accept())
        a.locator("#record-text").fill(friday)
        settled(a)
        a.click("#record-save")
        a.wait_for_selector("#record-save-result p.ok")
        b = a.context.new_page()
        b.on("dialog", lambda dialog: dialog.accept())
        b.goto(url + "/record")
        settled(b)
        if not b.is_visible("input[name=name]"):
            b.click("#record-setup summary")
        start_night(b)
        a.reload()
        settled(a)
        if not a.is_visible("#record-event-select"):
            a.click("#record-setup summary")
        label = next(
            text
            for text in a.eval_on_selector_all(
                "#record-event-select option", "options => options.map(o => o.textContent)"
            )
            if "Friday tab" in text
        )
        a.select_option("#record-event-select", label=label)
        wait_until(a, "document.querySelector('#record-event-note').textContent.includes('.bhh')")
        for _ in range(2):  # two fold: the big blind's walk, the hand is over
            b.locator("#record-options button[data-kind=fold]").first.click()
            settled(b)
        b.reload()
        settled(b)
        assert "Phone night" in b.input_value("#record-text")
        b.click("#record-save")
        b.wait_for_selector("#record-save-result p.ok, #record-save-result p.error")
        shown = b.inner_text("#record-save-result")
        assert "saved 2024-03-01-phone-night.bhh: 1 stored" in shown, shown
        b.close()
    assert friday_file.read_text(encoding="utf-8") == friday
    with sqlite3.connect(fresh_ledger) as db:
        counted = dict(
            db.execute(
                "SELECT e.name, count(*) FROM counted_hands h JOIN events e "
                "ON e.id = h.event_id GROUP BY e.name"
            ).fetchall()
        )
    assert counted["Friday tab"] == 1 and counted["Phone night"] == 1, counted
    assert phone.errors == []


def test_a_save_or_tap_that_cannot_reach_the_server_says_so(
    phone: Phone, fresh_ledger: Path
) -> None:
    """The network gone: a save stayed on "saving…" and a tap on "checking…" for good, the
    failure only in the console (web audit).  Each says the server could not be reached,
    and the page is ready to try again."""
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        start_night(page)
        page.route("**/record/tap", lambda route: route.abort("internetdisconnected"))
        page.locator("#record-options button[data-kind=fold]").first.click()
        page.wait_for_selector("#record-verdict[data-state=error]")
        assert "could not reach the server" in page.inner_text("#record-verdict")
        assert "folds" not in page.input_value("#record-text")
        page.route("**/record/save", lambda route: route.abort("internetdisconnected"))
        page.click("#record-save")
        page.wait_for_selector("#record-save-result p.error")
        shown = page.inner_text("#record-save-result")
        assert "could not reach the server" in shown and "save again" in shown, shown
        page.unroute("**/record/save")
        page.unroute("**/record/tap")
        page.locator("#record-options button[data-kind=fold]").first.click()
        settled(page)
        assert "folds" in page.input_value("#record-text")
    assert not [e for e in phone.errors if "net::ERR" not in e], phone.errors
