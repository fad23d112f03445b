"""What the browse pages tell their reader to do is done on the pages: a reader of the web app
(an organiser on a phone) has no command line.  An empty ledger's events page sends to the
Record page; names that may be one person say that merging them is not a page's to do, and
who can (the one running the server), instead of giving a command as the way."""

from __future__ import annotations

import html
import re
from pathlib import Path

from starlette.testclient import TestClient

from badugi_ledger.web.app import create_app
from tests.helpers.ledger_files import import_into
from tests.web.conftest import LOCAL

NEAR_NAMES = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Near names · date 2024-08-04

hand 1 · button Ann · Ann 100 · Ben 100
Ann folds

hand 2 · button ben · Ann · ben 100
ben folds
"""


def text_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_an_empty_ledgers_events_page_says_to_record_a_night_on_the_record_page(
    tmp_path: Path,
) -> None:
    client = TestClient(create_app(tmp_path / "new.db"), base_url=LOCAL)
    page = client.get("/events").text
    assert 'href="/record"' in page
    shown = text_of(page)
    assert shown.index("Record page") < shown.index("badugi-ledger import"), shown


def test_names_that_may_be_one_player_say_the_page_cannot_merge_them(tmp_path: Path) -> None:
    night = tmp_path / "near.bhh"
    night.write_text(NEAR_NAMES, encoding="utf-8")
    db = tmp_path / "club.db"
    assert import_into(db, [night]).ok
    shown = text_of(TestClient(create_app(db), base_url=LOCAL).get("/players").text)
    assert "Perhaps the same person" in shown and "Ben · ben" in shown, shown
    assert "this page cannot merge them" in shown, shown


HEADER = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Cut · date 2024-08-05\n\n"
HAND_1 = "hand 1 · button Ann · Ann 100 · Ben 100\nAnn folds\nBen collects 2\n"
HAND_2 = "\nhand 2 · button Ben · Ann 99 · Ben 101\nBen folds\nAnn collects 2\n"
HAND_3 = "\nhand 3 · button Ann · Ann · Ben\nAnn folds\nBen collects 2\n"


def test_a_conflict_in_the_command_lines_words_says_what_the_page_does_of_it(
    tmp_path: Path,
) -> None:
    """Hand 1 cut from the saved file on the laptop, the page goes on from the file as it is
    now: the ledger still holds hand 1 from it, a conflict the import words for its command
    line ("void it (badugi-ledger void) …, or import again with --replace"); the page says
    what its own button does of it."""
    from badugi_ledger.ledger.store import open_ledger
    from badugi_ledger.web.record_night import file_stamp
    from badugi_ledger.web.record_save import save_text

    folder = tmp_path / "recorded"
    path = folder / "2024-08-05-cut.bhh"
    ledger = open_ledger(tmp_path / "club.db")
    try:
        assert save_text(ledger, folder, HEADER + HAND_1 + HAND_2, replace=False).outcome == (
            "saved"
        )
        cut = HEADER + HAND_2.lstrip("\n")
        path.write_text(cut, encoding="utf-8")
        typed = cut + HAND_3
        saved = save_text(
            ledger, folder, typed, replace=False, was=path.name, stamp=file_stamp(path)
        )
    finally:
        ledger.close()
    assert saved.outcome == "conflict", saved.data
    assert "--replace" in " ".join(saved.data["conflicts"][0]["differences"])
    note = saved.data["conflict_note"]
    assert "“Replace with this version” does what they say of --replace" in note, note
