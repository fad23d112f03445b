"""The record page in a real browser the size of a phone (390×844): a whole Badacey hand
recorded by tapping only, saved, and seen in the standings; a typed hand whose mistake is
marked beside its line with ``check``'s words; no console error, no sideways scroll.
Screenshots go to ``test-output/screenshots/record-*.png``."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from badugi_ledger.check import problem_line, problems, run_check
from badugi_ledger.web.app import create_app
from badugi_ledger.web.record_view import SHOWN_PROBLEMS
from tests.helpers.browser import Phone, serving  # fixtures: tests/web/conftest
from tests.helpers.paths import EXAMPLES

PLAYERS = ["Pia", "Quin", "Rolf"]  # names no example uses: the standings show them only after
SHOWN = {  # the cards each shows at the end (Quin: the wheel, a Badugi too: both halves, 004)
    "Quin": "As 2d 3h 4c 5s",
    "Rolf": "Kc Qd Jh 9s 8c",
    "Pia": "7c 6d 5h 4s 2c",
}
SETTLED = "#record-verdict:not([data-state=pending]):not([data-state=empty])"


def settled(page: Any) -> None:
    """Wait for the verdict of the text as it is now."""
    page.wait_for_selector(SETTLED)


def no_sideways_scroll(device: Phone) -> None:
    assert device.page_width() <= 390, f"the page is {device.page_width()} px wide"


def start_night(page: Any, wait_for: str = "#record-options button.tap") -> None:
    page.fill("input[name=name]", "Phone night")
    page.fill("input[name=date]", "2024-03-01")
    page.select_option("select[name=game]", "badacey")
    page.select_option("select[name=structure]", "fixed-limit")
    page.fill("input[name=stakes]", "2/4")
    page.fill("textarea[name=players]", "\n".join(PLAYERS))
    page.fill("input[name=stacks]", "100")
    page.click("button:has-text('Start the night')")
    page.wait_for_selector(wait_for)
    settled(page)


def tap_one(page: Any, raised: bool) -> str:
    """Tap one legal action of the hand: the first player raises once, everyone else calls
    or checks, each draws one card, and everyone shows at the end.  Returns what was tapped."""
    kinds = page.eval_on_selector_all(
        "#record-options button.tap", "buttons => buttons.map(b => b.dataset.kind)"
    )
    options = page.locator("#record-options")
    if not raised and "raise" in kinds:
        options.locator("button[data-kind=raise]").first.click()
        return "raise"
    for kind in ("call", "check"):
        if kind in kinds:
            options.locator(f"button[data-kind={kind}]").first.click()
            return kind
    if "draw" in kinds:
        options.locator("button[data-kind=draw][data-count='1']").first.click()
        return "draw"
    if "show" in kinds:
        player = page.inner_text("#record-turn strong")
        show = options.locator(".with-cards").first
        show.locator("input").fill(SHOWN[player])
        show.locator("button[data-kind=show]").click()
        return "show"
    raise AssertionError(f"nothing to tap: {kinds}, {page.inner_text('#record-turn')}")


def test_a_whole_badacey_hand_by_tapping_then_saved_and_in_the_standings(
    phone: Phone,
    fresh_ledger: Path,
) -> None:
    with serving(create_app(fresh_ledger)) as url:
        before = phone.open(url + "/standings").inner_text("main")
        assert "Quin" not in before
        page = phone.open(url + "/record")
        no_sideways_scroll(phone)
        phone.shot("record-1-empty")
        start_night(page)
        phone.shot("record-2-started")
        tapped: list[str] = []
        for _ in range(60):
            if page.locator("#record-options button[data-kind=next-hand]").count():
                break
            tapped.append(tap_one(page, "raise" in tapped))
            settled(page)
            no_sideways_scroll(phone)
            if len(tapped) == 10:
                phone.shot("record-3-draws")
        else:
            raise AssertionError(f"the hand never ended: {tapped}")
        # blinds are posted as the header says; three betting rounds checked around; 4 rounds,
        # 3 draws of one card each, and the three shows
        assert tapped.count("raise") == 1 and tapped.count("draw") == 9
        assert tapped.count("show") == 3
        text = page.input_value("#record-text")
        assert "Pia raises to 4" in text and "show: Quin As 2d 3h 4c 5s" in text
        assert page.inner_text("#record-verdict").startswith("No problems · 1 hand: 1 correct")
        pots = page.inner_text("#record-pots-body")
        assert "12" in pots and "Quin 12" in pots  # Quin scoops both halves
        phone.shot("record-4-hand-complete")

        page.click("#record-save")
        page.wait_for_selector("#record-save-result p.ok")
        assert "1 stored" in page.inner_text("#record-save-result")
        phone.shot("record-5-saved")
        saved = fresh_ledger.parent / "recorded" / "2024-03-01-phone-night.bhh"
        assert saved.read_text(encoding="utf-8") == text
        run = run_check([saved], jobs=1)
        assert [o.ok for o in run.outcomes()] == [True] and run.all_ok

        after = phone.open(url + "/standings")
        # Quin put 4 in and took the pot of 12; Pia and Rolf lost their 4
        rows = {
            name: after.locator("tr", has=after.locator(f"td:text-is('{name}')")).inner_text()
            for name in PLAYERS
        }
        nets = {name: re.search(r"\t([+-]?\d+) chips\t", row) for name, row in rows.items()}
        assert {name: int(m[1]) for name, m in nets.items() if m} == {
            "Quin": 8,
            "Pia": -4,
            "Rolf": -4,
        }, rows
        no_sideways_scroll(phone)
        phone.shot("record-6-standings")
    assert phone.errors == []


TYPED = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Typed night · date 2024-03-02

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna calls · Ben calls · Cara checks
draw: Ben 2 · Cara 1 · Anna pat
Ben checks · Cara bets 2 · Anna raises to 6 · Ben folds · Cara calls
"""
MISTAKE_LINE = 7  # fixed limit 2/4: before the second draw a raise is to 4


def test_a_typed_mistake_is_marked_beside_its_line_with_checks_words(
    phone: Phone,
    fresh_ledger: Path,
    tmp_path: Path,
) -> None:
    typed = tmp_path / "typed.bhh"
    typed.write_text(TYPED, encoding="utf-8")
    [outcome] = run_check([typed], jobs=1).outcomes()
    [wrong] = [p for p in problems(outcome) if p.kind != "warning" and p.rule != "hand-incomplete"]
    assert wrong.pos.line == MISTAKE_LINE
    expected = problem_line(outcome, wrong).split(": ", 2)[2]  # "hand 1: …[bet-size]"

    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        editor = page.locator("#record-text")
        editor.click()
        page.keyboard.type(TYPED, delay=0)
        settled(page)
        gutter = page.locator(f"#record-gutter .gl[data-line='{MISTAKE_LINE}']")
        assert "error" in (gutter.get_attribute("class") or "")
        mark = page.locator(f"#record-backdrop .bl[data-line='{MISTAKE_LINE}'] .pill")
        assert mark.inner_text() == wrong.message.partition("\n")[0]
        listed = page.locator("#record-problems li.error").all_inner_texts()
        assert any(expected.split(" [")[0] in item for item in listed), listed
        # beside the right line: the mark, the line number and the typed line share one row
        row = page.locator(f"#record-backdrop .bl[data-line='{MISTAKE_LINE}']").bounding_box()
        number = gutter.bounding_box()
        box = editor.bounding_box()
        assert row and number and box
        assert abs(row["y"] - number["y"]) < 1
        line_top = box["y"] + 4 + (MISTAKE_LINE - 1) * 24  # the textarea's padding, line height
        assert abs(row["y"] - line_top) < 1
        no_sideways_scroll(phone)
        # tapping the problem in the list puts the caret on the line: its words right under it,
        # inside the screen even when the line is longer than the screen is wide
        page.locator(f"#record-problems li.error button[data-line='{MISTAKE_LINE}']").click()
        bubble = page.locator("#record-callout")
        bubble.wait_for(state="visible")
        assert bubble.inner_text() == wrong.message.partition("\n")[0]
        under = bubble.bounding_box()
        row = page.locator(f"#record-backdrop .bl[data-line='{MISTAKE_LINE}']").bounding_box()
        assert under and row and abs(under["y"] - (row["y"] + row["height"])) < 2
        assert under["x"] >= 0 and under["x"] + under["width"] <= 390
        phone.shot("record-7-typed-mistake")

        # fixing the line clears the mark
        fixed = TYPED.replace("raises to 6", "raises to 4")
        editor.fill(fixed)
        page.keyboard.press("End")
        settled(page)
        assert page.locator("#record-gutter .gl.error").count() == 0
        assert "hand 1 being recorded" in page.inner_text("#record-verdict")
    assert phone.errors == []


def test_an_edited_hand_saved_again_shows_the_conflict_and_replaces_on_request(
    phone: Phone,
    fresh_ledger: Path,
) -> None:
    night = (EXAMPLES / "004_badacey.bhh").read_text(encoding="utf-8")
    night = night.replace("Badacey practice deal", "Badacey on the phone").replace(
        "date 2024-02-02", "date 2024-02-03"
    )  # its own event
    edited = (
        night.replace(
            "Noor bets 12 · Amara raises to 24 · Noor calls 12", "Noor bets 12 · Amara calls 12"
        )
        .replace("pot 120", "pot 96")
        .replace("Amara collects 90 · Noor collects 30", "Amara collects 72 · Noor collects 24")
        .replace("final: Bram 228 · Kira 228 · Noor 222 · Amara 282\n", "")
    )
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        editor = page.locator("#record-text")
        editor.fill(night)
        settled(page)
        page.click("#record-save")
        page.wait_for_selector("#record-save-result p.ok")

        editor.fill(edited)
        settled(page)
        assert page.inner_text("#record-verdict").startswith("No problems")
        page.click("#record-save")
        page.wait_for_selector("#record-replace")
        result = page.inner_text("#record-save-result")
        assert "this text would change or leave out" in result
        assert "hand 004-1" in result and "pot 120 → 96" in result  # what differs, as import says
        no_sideways_scroll(phone)
        phone.shot("record-8-conflict")
        page.click("#record-replace")
        page.wait_for_selector("#record-save-result p.ok")
        assert "1 replaced" in page.inner_text("#record-save-result")
    assert phone.errors == []


def test_a_night_renamed_after_saving_is_not_counted_twice(
    phone: Phone,
    fresh_ledger: Path,
) -> None:
    """Saved, the page reloaded (the draft and the file it came from kept), the night renamed
    and saved again: the old name's hand is a conflict, replaced on request, and the ledger
    counts the night once, under its new name."""
    import sqlite3

    night = (EXAMPLES / "004_badacey.bhh").read_text(encoding="utf-8")
    night = night.replace("Badacey practice deal", "Badacey on the phone").replace(
        "date 2024-02-02", "date 2024-02-03"
    )
    renamed = night.replace("Badacey on the phone", "Badacey by the window")
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        editor = page.locator("#record-text")
        editor.fill(night)
        settled(page)
        page.click("#record-save")
        page.wait_for_selector("#record-save-result p.ok")
        page.reload()
        settled(page)
        editor = page.locator("#record-text")
        assert page.input_value("#record-text") == night
        editor.fill(renamed)
        settled(page)
        page.click("#record-save")
        page.wait_for_selector("#record-replace")
        result = page.inner_text("#record-save-result")
        assert "which" in result and "replaces, and not in it" in result, result
        phone.shot("record-9-renamed")
        page.click("#record-replace")
        page.wait_for_selector("#record-save-result p.ok")
        assert "window" in page.inner_text("#record-save-result")
    with sqlite3.connect(fresh_ledger) as db:
        counted = db.execute(
            "SELECT e.name, count(*) FROM counted_hands h JOIN events e ON e.id = h.event_id "
            "GROUP BY e.name"
        ).fetchall()
    names = dict(counted)  # the ledger holds the examples too
    assert names["Badacey by the window"] == 1 and "Badacey on the phone" not in names
    assert phone.errors == []


def text_has(page: Any, words: str) -> None:
    """Wait (5 s at most) until the record's text holds ``words``."""
    for _ in range(100):
        if words in page.input_value("#record-text"):
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{words!r} never appeared: {page.input_value('#record-text')}")


def test_no_limit_call_and_fold_beside_a_ranged_raise_are_written_as_tapped(
    phone: Phone,
    fresh_ledger: Path,
) -> None:
    """A plain button shares its parent with the ranged raise's amount box: the page once sent
    that amount with a call (refused: "may call 2 to 2 here, not 4") and with a fold."""
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        page.fill("input[name=name]", "No-limit night")
        page.select_option("select[name=structure]", "no-limit")
        page.fill("input[name=stakes]", "1/2")
        page.fill("textarea[name=players]", "\n".join(PLAYERS))
        page.click("button:has-text('Start the night')")
        page.wait_for_selector("#record-options .ranged input[type=number]")
        settled(page)
        page.locator("#record-options button[data-kind=call]").first.click()
        text_has(page, "\nPia calls 2")  # a line of its own (the comment block says calls)
        settled(page)
        page.locator("#record-options button[data-kind=fold]").first.click()
        text_has(page, "\nQuin folds")
        settled(page)
        text = page.input_value("#record-text")
        assert "Pia raises" not in text, text
        assert "error" not in page.inner_text("#record-verdict")
    assert phone.errors == []


EURO_NIGHT = """\
game badugi · fixed limit 50/100 · blinds 25/50 · currency EUR
cash Euro night · date 2024-03-03

hand 1 · button Anna · Anna 2000 · Ben 2000 · Cara 2000
Anna raises to 100 · Ben calls · Cara folds
"""


def test_the_pots_of_a_night_of_money_are_money(phone: Phone, fresh_ledger: Path) -> None:
    """A night in EUR writes its amounts in cents: the pots were shown as ``250`` under a
    "chips" heading where ``show`` says 2.50 EUR (web audit)."""
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        page.locator("#record-text").fill(EURO_NIGHT)
        page.keyboard.press("End")
        settled(page)
        pots = page.inner_text("#record-pots-body")
        assert "EUR" in pots and "chips" not in pots, pots
        assert re.search(r"main\s+2\.50\b", pots), pots  # 100 + 100 + Cara's big blind 50
        assert "250" not in pots
        no_sideways_scroll(phone)
        phone.shot("record-10-money-pots")
    assert phone.errors == []


def test_a_ranged_raise_of_a_night_of_money_is_typed_in_money(
    phone: Phone, fresh_ledger: Path
) -> None:
    """The buttons and the amount box of a night in EUR said cents (``calls 75``) beside pots
    in euros (web audit).  They say money; the line written stays in cents."""
    night = EURO_NIGHT.replace("fixed limit 50/100", "no limit").replace(
        "Anna raises to 100 · Ben calls · Cara folds\n", ""
    )
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        page.locator("#record-text").fill(night)
        page.keyboard.press("End")
        page.wait_for_selector("#record-options .ranged input[type=number]")
        settled(page)
        calls = page.inner_text("#record-options button[data-kind=call]")
        assert calls == "calls 0.50", calls
        box = page.locator("#record-options .ranged input[type=number]").first
        assert box.get_attribute("step") == "0.01" and box.input_value() == "1.00"
        assert "1.00–20.00" in page.inner_text("#record-options .ranged .range")
        box.fill("2.50")
        page.locator("#record-options .ranged button").first.click()
        text_has(page, "\nAnna raises to 250")
        phone.shot("record-11-money-buttons")
    assert phone.errors == []


REDEAL_NIGHT = """\
game progressive badugi · fixed limit 2/4 · blinds 1/2
cash Redeal night · date 2024-03-04
hand 1 · button Cara · Anna 100 · Ben 2 · Cara 100
Cara calls 2 · Anna calls 1
draw: Anna pat · Ben pat · Cara pat
Anna checks · Cara checks
draw: Anna pat · Ben pat · Cara pat
Anna checks · Cara checks
draw: Anna pat · Ben pat · Cara pat
Anna checks · Cara checks
show: Ben Kc Kd Qs Qh · Cara Kh Ks Jc Jd · Anna Tc Td Th Ts

hand 2 · button Anna · Anna 98 · Ben · Cara 98
Cara checks · Anna checks
"""


def test_each_draw_row_stands_pat_for_its_own_player(phone: Phone, fresh_ledger: Path) -> None:
    """On a Progressive Badugi redeal Ben, with no chips but his 2 in the carried pot, is
    offered his draw beside Cara's (``002``: the redeal "is dealt to every player at the
    table"; README, house rules: a player with no chips on a Progressive redeal).  Each row's
    ``pat`` is its own player's: the page once put Ben's pat in Cara's row, so a tap on
    "Cara draws: pat" wrote ``draw: Ben pat`` and dealt Ben into the carried pot."""
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        page.locator("#record-text").fill(REDEAL_NIGHT)
        page.keyboard.press("End")
        page.wait_for_selector("#record-options .draws")
        settled(page)
        rows = page.locator("#record-options .draws")
        assert rows.count() == 2
        for row in rows.all():
            player = row.locator(".draw-label").inner_text().removesuffix(" draws")
            players = row.locator("button.tap").evaluate_all(
                "buttons => buttons.map(b => b.dataset.player)"
            )
            assert set(players) == {player}, (player, players)
        cara = page.locator("#record-options .draws", has_text="Cara draws")
        cara.locator("button[data-kind='stand pat']").click()
        text_has(page, "\ndraw: Cara pat")
        settled(page)
        assert "draw: Ben" not in page.input_value("#record-text")
        phone.shot("record-12-redeal-draw-rows")
    assert phone.errors == []


def test_a_text_of_many_bad_lines_lists_the_first_problems_and_says_how_many_more(
    phone: Phone,
    fresh_ledger: Path,
) -> None:
    """A pasted text of 600 lines ``hand 1`` (each an unreadable hand, two problems): the list
    under the editor holds the first :data:`SHOWN_PROBLEMS` and a last line saying how many
    more there are and that ``check`` lists them all; the verdict counts every one."""
    lines = 600
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        page.locator("#record-text").fill("hand 1\n" * lines)
        settled(page)
        assert page.inner_text("#record-verdict").startswith(f"{2 * lines} problems")
        assert page.locator("#record-problems li.error").count() == SHOWN_PROBLEMS
        more = page.locator("#record-problems li.more")
        assert more.inner_text() == (
            f"and {2 * lines - SHOWN_PROBLEMS} more problems after these, down to line "
            f"{lines}: run badugi-ledger check on the file for all of them"
        )
        more.scroll_into_view_if_needed()
        phone.shot("record-8-problems-cut")
        no_sideways_scroll(phone)
    assert phone.errors == []
