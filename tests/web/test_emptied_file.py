"""A night's file emptied on disk (an editor's select-all and delete, a sync that cut it) is
still its event's file: the page's next save of the night goes to it, never to a second file
of the same event (``…-2.bhh``) that would split the night in two, one of them empty.  Read as
no event's because no hand of it reads, the file's night went on under another name, the save
that replaced it said "saved …-2.bhh", and a night started again from the form left the
ledger's hands in the empty file (``record_night.event_file``)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.web.record_night import event_form, file_stamp, saved_night
from badugi_ledger.web.record_save import save_text

HEADER = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Emptied · date 2024-08-03\n\n"
HAND_1 = "hand 1 · button Ann · Ann 100 · Ben 100\nAnn folds\nBen collects 2\n"
HAND_2 = "\nhand 2 · button Ben · Ann · Ben\nBen folds\nAnn collects 2\n"
FILE = "2024-08-03-emptied.bhh"


def counted(db_path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(db_path) as db:
        rows = db.execute("SELECT hand_number, source FROM counted_hands ORDER BY hand_number")
        return [(str(number), Path(source).name) for number, source in rows]


def saved_then_emptied(tmp_path: Path) -> tuple[Path, Path, str]:
    """The night's first hand saved by the page, then its file emptied on the laptop; the
    stamp the page holds of it."""
    db_path, folder = tmp_path / "club.db", tmp_path / "recorded"
    ledger = open_ledger(db_path)
    try:
        assert save_text(ledger, folder, HEADER + HAND_1, replace=False).outcome == "saved"
    finally:
        ledger.close()
    stamp = file_stamp(folder / FILE)
    (folder / FILE).write_text("", encoding="utf-8")
    return db_path, folder, stamp


def test_the_page_replacing_its_emptied_file_saves_it_under_its_own_name(
    tmp_path: Path,
) -> None:
    db_path, folder, stamp = saved_then_emptied(tmp_path)
    ledger = open_ledger(db_path)
    try:
        typed = HEADER + HAND_1 + HAND_2
        refused = save_text(ledger, folder, typed, replace=False, was=FILE, stamp=stamp)
        assert refused.outcome == "changed" and FILE in refused.data["error"], refused.data
        saved = save_text(ledger, folder, typed, replace=True, was=FILE, stamp=stamp)
    finally:
        ledger.close()
    assert saved.outcome == "saved" and saved.data["file_name"] == FILE, saved.data
    assert sorted(p.name for p in folder.iterdir()) == [FILE]
    assert (folder / FILE).read_text(encoding="utf-8") == typed
    assert counted(db_path) == [("1", FILE), ("2", FILE)]


def test_a_night_started_again_over_its_emptied_file_goes_to_that_file(tmp_path: Path) -> None:
    """Started again from the form, the night has nothing to go on from (a new starting text,
    numbered after the ledger's hands); picked from the list, the form says the file is
    empty.  Its save is the event's file's: the ledger's hand 1 that the file no longer holds
    is a conflict the page shows (replace leaves it out), and no second file is made."""
    db_path, folder, _ = saved_then_emptied(tmp_path)
    ledger = open_ledger(db_path)
    try:
        form = {"name": "Emptied", "date": "2024-08-03"}
        assert saved_night(form, folder, ledger) is None
        (event_id,) = ledger.execute("SELECT id FROM events WHERE name = 'Emptied'").fetchone()
        picked = event_form(ledger, event_id, folder)
        assert picked is not None and picked["text"] is None
        assert picked["note"].startswith(f"{FILE}, the event's file, is empty now"), picked
        night = HEADER + HAND_2.lstrip("\n").replace(" · Ann · Ben", " · Ann 99 · Ben 101")
        conflict = save_text(ledger, folder, night, replace=False)
        assert conflict.outcome == "conflict", conflict.data
        assert [c["hand"] for c in conflict.data["conflicts"]] == ["1"]
        assert sorted(p.name for p in folder.iterdir()) == [FILE]
        assert (folder / FILE).read_text(encoding="utf-8") == ""
        assert counted(db_path) == [("1", FILE)]
        saved = save_text(ledger, folder, night, replace=True)
    finally:
        ledger.close()
    assert saved.outcome == "saved" and saved.data["file_name"] == FILE, saved.data
    assert sorted(p.name for p in folder.iterdir()) == [FILE]
    assert counted(db_path) == [("2", FILE)]
