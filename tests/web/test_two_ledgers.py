"""Two ledgers served from one folder (the club's ledger and a second game's beside it) share
its ``recorded/``: each ledger's record page goes on from, writes over and removes only the
night files whose hands that ledger holds.  A night of the same name and date saved by the
other ledger's page gets a file of its own (``…-2.bhh``), as two events whose names make one
file name do."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from starlette.testclient import TestClient

from badugi_ledger.web.app import create_app
from tests.web.conftest import LOCAL
from tests.web.test_record import night, post

FORM = {"name": "Friday", "date": "2024-09-06", "players": "Cara,Dan", "stacks": "120"}
A_NIGHT = night("cash Friday · date 2024-09-06", "Ann", "Ben", 100)
B_NIGHT = night("cash Friday · date 2024-09-06", "Cara", "Dan", 120)


@contextmanager
def page_of(db: Path) -> Iterator[TestClient]:
    """A record page of the ledger ``db``, its CSRF cookie set."""
    with TestClient(create_app(db), base_url=LOCAL) as client:
        assert client.get("/record").status_code == 200
        yield client


def friday_of(db: Path) -> int:
    with sqlite3.connect(db) as ledger:
        return int(ledger.execute("SELECT id FROM events WHERE name = 'Friday'").fetchone()[0])


def test_a_night_another_ledger_saved_in_the_folder_is_neither_gone_on_from_nor_written_over(
    tmp_path: Path,
) -> None:
    with page_of(tmp_path / "a.db") as a, page_of(tmp_path / "b.db") as b:
        saved_a = post(a, "/record/save", {"text": A_NIGHT})[1]
        assert saved_a["outcome"] == "saved", saved_a
        a_file = Path(saved_a["file"])

        started = post(b, "/record/start", FORM)[1]
        assert "file" not in started and "button Cara" in started["text"], started
        saved_b = post(b, "/record/save", {"text": B_NIGHT})[1]
        assert saved_b["outcome"] == "saved", saved_b
        assert saved_b["file"] == str(a_file.with_name(f"{a_file.stem}-2.bhh"))
        assert a_file.read_text(encoding="utf-8") == A_NIGHT

        # each page goes on from its own ledger's file
        assert post(b, "/record/start", FORM)[1]["text"] == B_NIGHT
        assert post(a, "/record/start", FORM)[1]["text"] == A_NIGHT
        picked = a.get(f"/record/event?id={friday_of(tmp_path / 'a.db')}").json()
        assert (picked["file"], picked["text"]) == (a_file.name, A_NIGHT), picked


def test_a_page_never_removes_another_ledgers_file_named_as_the_file_it_came_from(
    tmp_path: Path,
) -> None:
    """A text saved under another name is a night renamed, whose old file a save removes:
    only when the old file is this ledger's."""
    with page_of(tmp_path / "a.db") as a, page_of(tmp_path / "b.db") as b:
        a_file = Path(post(a, "/record/save", {"text": A_NIGHT})[1]["file"])
        renamed = B_NIGHT.replace("cash Friday", "cash Saturday")
        saved_b = post(b, "/record/save", {"text": renamed, "file": a_file.name})[1]
        assert saved_b["outcome"] == "saved", saved_b
    assert a_file.read_text(encoding="utf-8") == A_NIGHT
    assert sorted(p.name for p in a_file.parent.iterdir()) == [
        a_file.name,
        "2024-09-06-saturday.bhh",
    ]
