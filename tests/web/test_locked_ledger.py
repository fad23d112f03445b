"""A page that waits for a locked ledger waits alone: the ledger is opened, read and closed in a
worker thread (``common.in_ledger``), so the server goes on answering every other request.

Opening the ledger waits up to the busy timeout (ten minutes) while another process holds it
locked: a tool that left the file in rollback-journal mode and keeps a transaction open, as a
long ``badugi-ledger import`` of such a file does.  When the pages opened the ledger on the
server's event loop, that wait stopped the whole server: not even a static file was answered.
"""

from __future__ import annotations

import sqlite3
import threading
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from badugi_ledger.ledger import store
from badugi_ledger.web.app import create_app
from tests.helpers.browser import serving

GUARD_S = 30
"""How long the test waits for an answer before it calls the server stuck (a guard only: an
answering server answers at once; a stuck one would not answer for the busy timeout)."""

LEDGER_PAGES = ("/events", "/events/1", "/standings", "/settle", "/players", "/record")
LEDGER_ANSWERS = ("/record/event?id=1",)


def fetch(url: str) -> int:
    """The status of a GET of ``url`` (an error status too)."""
    try:
        with urllib.request.urlopen(url, timeout=GUARD_S) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


@pytest.mark.parametrize("read_only", [False, True], ids=["writable", "read-only"])
@pytest.mark.parametrize("page", LEDGER_PAGES + LEDGER_ANSWERS)
def test_a_page_waiting_for_a_locked_ledger_leaves_the_server_answering(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, page: str, read_only: bool
) -> None:
    db = tmp_path / "club.db"
    store.open_ledger(db).close()
    app = create_app(db, read_only=read_only)
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("PRAGMA journal_mode = DELETE")
    holder.execute("BEGIN EXCLUSIVE")  # the other process's lock, held
    opening = threading.Event()
    real_connect = store.connect

    def connect(*args: object, **kwargs: object) -> sqlite3.Connection:
        opening.set()  # the page is about to wait for the lock
        return real_connect(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(store, "connect", connect)
    with serving(app) as url, ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(fetch, url + page)
        try:
            assert opening.wait(GUARD_S), f"{page} never opened the ledger"
            assert fetch(url + "/static/style.css") == 200  # answered while the page waits
            assert not waiting.done(), f"{page} did not wait for the locked ledger"
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert waiting.result() < 500  # the page itself, once the lock is released
