"""What the browse pages tell their reader to do is done on the pages: a reader of the web app
(an organiser on a phone) has no command line.  An empty ledger's events page sends to the
Record page; names that may be one person say that merging them is not a page's to do, and
who can (the one running the server), instead of giving a command as the way."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from badugi_ledger.ledger.advice import path_word
from badugi_ledger.ledger.location import LEDGER_ENV
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


def test_the_commands_a_page_prints_name_the_ledger_it_serves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``serve --db season.db`` where a bare command opens another ledger (docs/ledger.md,
    *Commands in messages*): the import and the merge its pages give whoever runs the server
    name the ledger served, whole; the ledger a bare command opens, they do not name."""
    monkeypatch.setenv(LEDGER_ENV, str(tmp_path / "club.db"))
    night = tmp_path / "near.bhh"
    night.write_text(NEAR_NAMES, encoding="utf-8")
    db = tmp_path / "season.db"
    client = TestClient(create_app(db), base_url=LOCAL)
    named = f"--db {path_word(str(db))}"
    assert f"badugi-ledger import {named}" in text_of(client.get("/events").text)
    assert import_into(db, [night]).ok
    shown = text_of(client.get("/players").text)
    assert f"badugi-ledger players merge {named} NAME OTHER" in shown, shown
    monkeypatch.setenv(LEDGER_ENV, str(db))
    shown = text_of(client.get("/players").text)
    assert "badugi-ledger players merge NAME OTHER" in shown, shown


HEADER = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Cut · date 2024-08-05\n\n"
HAND_1 = "hand 1 · button Ann · Ann 100 · Ben 100\nAnn folds\nBen collects 2\n"
HAND_2 = "\nhand 2 · button Ben · Ann 99 · Ben 101\nBen folds\nAnn collects 2\n"
HAND_3 = "\nhand 3 · button Ann · Ann · Ben\nAnn folds\nBen collects 2\n"


COMMAND_WORDS = re.compile(r"(?<![\w-])--[a-z]|\bbadugi-ledger\b")
"""An option or a command of the command line: never a page's words of what to do."""


def cut_night(tmp_path: Path, *, replace: bool = False) -> Any:
    """Hand 1 cut from the saved file on the laptop, the page goes on from the file as it is
    now (hand 3 typed): the ledger still holds hand 1 from the file, which no longer holds it
    (README.md: "one the text no longer holds is a conflict, stored only when you choose to
    replace")."""
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
        return save_text(
            ledger, folder, typed, replace=replace, was=path.name, stamp=file_stamp(path)
        )
    finally:
        ledger.close()


def test_a_conflict_says_what_to_do_in_the_pages_words_not_the_command_lines(
    tmp_path: Path,
) -> None:
    """The import words what to do of that conflict for its command line ("void it
    (badugi-ledger void) …, or import again with --replace"); the page says it in its own:
    its button, and a void done where the server runs, and what differs as the import says
    it."""
    saved = cut_night(tmp_path)
    assert saved.outcome == "conflict", saved.data
    (conflict,) = saved.data["conflicts"]
    said = "; ".join(conflict["differences"])
    assert not COMMAND_WORDS.search(said), said
    assert said.startswith("imported from this file before, and not in it any more: "), said
    assert "“Replace with this version” leaves it out of the night" in said, said
    assert "void it (a void is done where the server runs)" in said, said
    assert "put it back in the text and save again" in said, said
    assert "conflict_note" not in saved.data  # (no gloss of the command line's words)


def test_a_void_events_note_on_the_page_says_the_audit_is_read_where_the_server_runs(
    tmp_path: Path,
) -> None:
    """docs/ledger.md: a void event's later hands count in no figure, and the import report
    says so ("…that event is void (REASON…)"), and the record page's message too: the page's
    says where its audit is read, not a command."""
    from badugi_ledger.ledger.corrections import void
    from badugi_ledger.ledger.store import open_ledger
    from badugi_ledger.web.record_save import save_text

    folder = tmp_path / "recorded"
    ledger = open_ledger(tmp_path / "club.db")
    try:
        assert save_text(ledger, folder, HEADER + HAND_1, replace=False).outcome == "saved"
        void(ledger, "Cut", None, "a practice")
        saved = save_text(ledger, folder, HEADER + HAND_1 + HAND_2, replace=False)
    finally:
        ledger.close()
    assert saved.outcome == "saved", saved.data
    message = saved.data["message"]
    assert message.endswith(
        "its hands of Cut (2024-08-05) count in no figure: that event is void (a practice); "
        "who voided it and when is in the audit (done where the server runs)"
    ), message


def test_a_night_refused_as_a_copy_says_what_to_do_in_the_pages_words(tmp_path: Path) -> None:
    """A night saved again under another name, the same hands and shown cards (``ledger/
    night_copies.py``: a copy of a night, which stored would count twice): the import's
    refusal names commands (``import FILE --renamed-from OLD --replace``, ``badugi-ledger
    void``); the page's says how to go on from that night on the page, or what is done where
    the server runs."""
    from badugi_ledger.ledger.store import open_ledger
    from badugi_ledger.web.record_save import save_text
    from tests.ledger.test_night_copies import GAME, SHOWDOWN

    folder = tmp_path / "recorded"
    ledger = open_ledger(tmp_path / "club.db")
    try:
        night = f"{GAME}cash Cut · date 2024-08-05\n\n{SHOWDOWN}"
        first = save_text(ledger, folder, night, replace=False)
        assert first.outcome == "saved", first.data
        again = f"{GAME}cash Cut again · date 2024-08-05\n\n{SHOWDOWN}"
        refused = save_text(ledger, folder, again, replace=False)
    finally:
        ledger.close()
    assert refused.outcome == "error", refused.data
    error = refused.data["error"]
    assert "a copy of that night, which stored would count twice" in error, error
    assert not COMMAND_WORDS.search(error), error
    assert "If it is that night corrected, correct that night rather than save another: " in error
    assert error.endswith(
        "if the ledger's night is the copy, void it first (a void is done where the server runs)"
    ), error
