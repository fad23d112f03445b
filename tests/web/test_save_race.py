"""A record-page save racing a write to its file from outside this server (an editor on the
laptop saving the night's file): the save looks at the file when it checks the text (changed
since the page loaded it?) and moves its own file into place a moment later, once the ledger
took the text.  A write that lands between the two must not be overwritten unseen: the save
compares the file again just before it replaces it, as an editor does before it writes over a
file changed on disk, and refuses, the ledger rolled back (``record_save.save_text``).  The
lock of the page's saves (``record._ONE_SAVE_AT_A_TIME``) covers only this server's saves."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger import importing
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.web.record_night import file_stamp
from badugi_ledger.web.record_save import save_text

HEADER = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Race · date 2024-08-02\n\n"
HAND_1 = "hand 1 · button Ann · Ann 100 · Ben 100\nAnn folds\nBen collects 2\n"
HAND_2 = "\nhand 2 · button Ben · Ann · Ben\nBen folds\nAnn collects 2\n"
NIGHT = HEADER + HAND_1
TYPED = NIGHT + HAND_2
FILE = "2024-08-02-race.bhh"
EDITOR = "# the laptop's note, saved while the phone was saving\n"


def counted(db_path: Path) -> list[str]:
    with sqlite3.connect(db_path) as db:
        rows = db.execute("SELECT hand_number FROM counted_hands ORDER BY hand_number")
        return [str(number) for (number,) in rows]


def _editor_writes_during_the_import(
    monkeypatch: pytest.MonkeyPatch, path: Path, text: str
) -> None:
    """The editor saves ``text`` to ``path`` once the save has checked the file and while the
    ledger takes the text (before the file is moved into place)."""
    take = importing.import_text

    def then_the_editor(*args: Any, **kwargs: Any) -> Any:
        path.write_text(text, encoding="utf-8")
        return take(*args, **kwargs)

    monkeypatch.setattr(importing, "import_text", then_the_editor)


@pytest.mark.parametrize("replace", [False, True], ids=["save", "replace"])
def test_an_editors_write_during_a_save_is_never_overwritten_unseen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, replace: bool
) -> None:
    """Saved, then hand 2 typed on the phone and saved while the laptop's editor writes the
    file: the editor's text stays, the ledger keeps hand 1 only, and the page is told the file
    changed meanwhile, in words of the page (save again, or pick the event again).  A replace
    chose to overwrite what the page was shown, not a write made after."""
    db_path, folder = tmp_path / "club.db", tmp_path / "recorded"
    path = folder / FILE
    ledger = open_ledger(db_path)
    try:
        assert save_text(ledger, folder, NIGHT, replace=False).outcome == "saved"
        stamp = file_stamp(path)
        _editor_writes_during_the_import(monkeypatch, path, NIGHT + EDITOR)
        saved = save_text(ledger, folder, TYPED, replace=replace, was=FILE, stamp=stamp)
    finally:
        ledger.close()
    assert path.read_text(encoding="utf-8") == NIGHT + EDITOR
    assert counted(db_path) == ["1"]
    assert saved.outcome == "changed", saved.data
    error = saved.data["error"]
    assert error.startswith(f"not saved: {FILE} was changed on disk while"), error
    assert "save again" in error.lower() and "--" not in error and "badugi-ledger" not in error
    assert sorted(p.name for p in folder.iterdir()) == [FILE]


def test_a_file_made_by_an_editor_during_a_new_nights_save_is_never_overwritten_unseen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The night's first save, while the editor creates the very file it is saved as."""
    db_path, folder = tmp_path / "club.db", tmp_path / "recorded"
    path = folder / FILE
    _editor_writes_during_the_import(monkeypatch, path, EDITOR)
    ledger = open_ledger(db_path)
    try:
        saved = save_text(ledger, folder, NIGHT, replace=False)
    finally:
        ledger.close()
    assert path.read_text(encoding="utf-8") == EDITOR
    assert counted(db_path) == []
    assert saved.outcome == "changed", saved.data
