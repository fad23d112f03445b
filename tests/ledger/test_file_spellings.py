"""One night file imported by other paths is one file: a hand it no longer holds never counts on.

The ledger named a file by the path it was imported by, so the same file imported again as
``night.bhh`` from inside its folder, as an absolute path (the record page saves so) or
through a link was another file: the hand its organiser had taken out of it kept counting
beside the new version, exit 0, standings wrong (hostile-input audit).  Now each path keeps
the file's real path (``source_paths``, migration 21), and a hand the file held under any of
its paths is held to it again.
"""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pytest

from tests.ledger.test_ledger_identity import CARA_WINS, CARD_FIXED, NIGHT, invoke, write

WITHOUT_2 = NIGHT.replace("hand 2 · button Ben · Anna · Ben · Cara\nBen folds · Cara folds\n\n", "")


def counting(db: Path) -> list[str]:
    with sqlite3.connect(db) as conn:
        return [
            str(n) for (n,) in conn.execute("SELECT hand_number FROM counted_hands ORDER BY id")
        ]


@pytest.mark.parametrize("spelling", ["inside", "absolute", "link", "dotted", "hard-link"])
def test_a_hand_taken_out_is_held_to_the_file_by_any_of_its_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spelling: str
) -> None:
    nights = tmp_path / "nights"
    nights.mkdir()
    night = write(nights, "night.bhh", NIGHT)
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "club.db"
    assert invoke("import", "nights/night.bhh", "--db", db)[0] == 0
    write(nights, "night.bhh", WITHOUT_2)
    if spelling == "inside":
        monkeypatch.chdir(nights)
        path = "night.bhh"
    elif spelling == "absolute":
        path = str(night.resolve())
    elif spelling == "link":
        os.symlink(night, tmp_path / "friday.bhh")
        path = "friday.bhh"
    elif spelling == "hard-link":  # the same file, though its real path is another
        os.link(night, tmp_path / "friday.bhh")
        path = "friday.bhh"
    else:
        path = "./nights/../nights/night.bhh"
    code, out = invoke("import", path, "--db", db)
    assert code == 1, out
    assert (
        "hand 2 at table Main of Friday Night (2024-03-01): conflict, not stored: imported from "
        "this file before (as nights/night.bhh), and not in it any more" in out
    ), out
    assert counting(db) == ["1", "2", "3"]
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "not in it any more: voided" in out, out
    assert counting(db) == ["1", "3"]
    code, out = invoke("standings", "--db", db, "--kind", "cash", "--format", "json")
    assert {r["player"]: r["hands"] for r in json.loads(out)} == {"Anna": 2, "Ben": 2, "Cara": 2}


def test_another_file_of_the_same_name_is_another_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy in another folder is not the file: its hands are duplicates, and what it lacks
    is none of its business (the night is the first file's)."""
    monkeypatch.chdir(tmp_path)
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
    write(tmp_path / "a", "night.bhh", NIGHT)
    write(tmp_path / "b", "night.bhh", NIGHT[: NIGHT.index("\nhand 3 ")])
    db = tmp_path / "club.db"
    assert invoke("import", "a/night.bhh", "--db", db)[0] == 0
    code, out = invoke("import", "b/night.bhh", "--db", db)
    assert code == 0 and "0 stored, 2 duplicate" in out, out
    assert counting(db) == ["1", "2", "3"]


@pytest.mark.parametrize("spelling", ["inside", "link"])
def test_a_path_that_named_another_file_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spelling: str
) -> None:
    """``night.bhh`` imported from inside ``jan``, then from inside ``feb`` (or a link
    ``tonight.bhh`` pointed at another night since): the second night was taken for the first
    file, January's hands "not in it any more", and the advice, ``--replace``, voided
    January's night (hostile-input audit).  The path is refused for another file, which is
    imported by a path of its own; January's file still reads as itself."""
    for folder in ("jan", "feb"):
        (tmp_path / folder).mkdir()
    jan = write(tmp_path / "jan", "night.bhh", NIGHT)
    feb = write(tmp_path / "feb", "night.bhh", CARD_FIXED.replace("2024-03-01", "2024-03-08"))
    db = tmp_path / "club.db"
    if spelling == "inside":
        monkeypatch.chdir(jan.parent)
        assert invoke("import", "night.bhh", "--db", db)[0] == 0
        monkeypatch.chdir(feb.parent)
        path = "night.bhh"
    else:
        monkeypatch.chdir(tmp_path)
        os.symlink(jan, tmp_path / "tonight.bhh")
        assert invoke("import", "tonight.bhh", "--db", db)[0] == 0
        os.remove(tmp_path / "tonight.bhh")
        os.symlink(feb, tmp_path / "tonight.bhh")
        path = "tonight.bhh"
    before = counting(db)
    for replace in ((), ("--replace",)):
        code, out = invoke("import", path, "--db", db, *replace)
        assert code == 1, out
        assert f"{path} named {jan.resolve()} when it was imported before, and names " in out
        assert f"import this one by a path that names it alone ({feb.resolve()})" in out
        assert counting(db) == before
    code, out = invoke("import", str(feb.resolve()), "--db", db)
    assert code == 0 and "stored" in out, out
    code, out = invoke("import", str(jan.resolve()), "--db", db)
    assert code == 0 and "0 stored, 3 duplicate" in out, out


def test_a_ledger_made_before_guesses_no_relative_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The migration that makes the table knows the absolute paths stored (the record page's
    saves), never a relative one: it says nothing of the folder it was imported from, and the
    ledger's folder may hold another night of that name (the verification audit: read from
    there, that night was taken for the file, and ``--replace`` voided the first night)."""
    (tmp_path / "nights").mkdir()
    write(tmp_path / "nights", "friday.bhh", NIGHT)
    (tmp_path / "ledger").mkdir()
    june = CARA_WINS.replace("2024-03-01", "2024-06-07")
    write(tmp_path / "ledger", "friday.bhh", june)  # another night of the name, by the ledger
    recorded = tmp_path / "recorded"
    recorded.mkdir()
    saved = write(recorded, "saved.bhh", CARD_FIXED.replace("2024-03-01", "2024-05-03"))
    db = tmp_path / "ledger" / "club.db"
    monkeypatch.chdir(tmp_path / "nights")
    assert invoke("import", "friday.bhh", "--db", db)[0] == 0
    assert invoke("import", str(saved), "--db", db)[0] == 0
    with sqlite3.connect(db) as conn:  # as a ledger of the version before it was
        conn.execute("DROP TABLE source_paths")
        conn.execute("DELETE FROM schema_version WHERE version >= 21")
    monkeypatch.chdir(tmp_path)
    code, out = invoke("import", "ledger/friday.bhh", "--db", db)  # the June night
    assert code == 0 and "3 stored" in out, out
    with sqlite3.connect(db) as conn:
        known = conn.execute("SELECT source, path FROM source_paths ORDER BY source").fetchall()
    assert known == [
        (str(saved), os.path.realpath(saved)),
        ("ledger/friday.bhh", os.path.realpath(tmp_path / "ledger" / "friday.bhh")),
    ]


def test_a_text_stored_before_its_file_is_written_is_that_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The record page stores a night's text under the absolute path of the file it then
    writes; the organiser edits that file and imports it as the README does, by a relative
    path: the hand taken out is the file's."""
    from badugi_ledger.ledger.importing import import_text
    from badugi_ledger.ledger.store import open_ledger

    recorded = tmp_path / "recorded"
    recorded.mkdir()
    night = recorded / "2024-03-01-friday-night.bhh"
    db_path = tmp_path / "club.db"
    db = open_ledger(db_path)
    assert import_text(db, NIGHT, str(night)).stored == 3
    db.close()
    write(recorded, night.name, WITHOUT_2)
    monkeypatch.chdir(tmp_path)
    code, out = invoke("import", f"recorded/{night.name}", "--db", db_path)
    assert code == 1 and f"(as {night}), and not in it any more" in out, out
    assert counting(db_path) == ["1", "2", "3"]
