"""A night being checked is checked alone: the record page's answers read the request on the
server's event loop and do their work (the check of a text of up to a million characters, a
tapped line, the reading of a saved night) in a worker thread, so the server goes on answering
every other request meanwhile.

When that work ran on the event loop, one phone's long night stopped the whole server while it
was checked: not even a static file was answered.  Here the work waits until the test lets it
go on, as a long check does, and a request of another page must be answered in the meantime.
"""

from __future__ import annotations

import json
import threading
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger import store
from badugi_ledger.text.night import night_text
from badugi_ledger.web import record_night, record_view
from badugi_ledger.web.app import create_app
from badugi_ledger.web.security import CSRF_COOKIE, CSRF_HEADER
from tests.helpers.browser import serving
from tests.web.test_locked_ledger import GUARD_S, fetch

TOKEN = "t" * 40
"""The CSRF cookie and token the requests carry (any of 32 characters or more is taken)."""

NIGHT = night_text(["Anna", "Ben", "Cara"], event="Busy night", date="2024-05-05")
"""A night's starting text: a hand waiting for its first action, so a tap has options."""

TAP = {"text": NIGHT, "choice": {"index": 0}}
START = {"name": "Busy night", "date": "2024-05-05", "players": "Anna, Ben"}

BUSY = (
    ("/record/check", {"text": NIGHT}, "checked_view"),
    ("/record/tap", TAP, "append_choice"),
    ("/record/tap", TAP, "checked_view"),
    ("/record/start", START, "saved_night"),
)
"""(answer, what the page sends, the work of :mod:`~badugi_ledger.web.record_view` or
:mod:`~badugi_ledger.web.record_night` that is held up while it is asked for)."""


def post(url: str, body: dict[str, Any]) -> int:
    """The status of a POST of ``body`` as JSON, with the page's CSRF cookie and token."""
    headers = {
        "content-type": "application/json",
        "cookie": f"{CSRF_COOKIE}={TOKEN}",
        CSRF_HEADER: TOKEN,
    }
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=4 * GUARD_S) as answer:
        return int(answer.status)


@pytest.mark.parametrize(("answer", "body", "work"), BUSY, ids=[f"{a}:{w}" for a, _, w in BUSY])
def test_a_record_answer_at_work_leaves_the_server_answering(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, answer: str, body: dict[str, Any], work: str
) -> None:
    db = tmp_path / "club.db"
    store.open_ledger(db).close()
    working = threading.Event()
    done = threading.Event()
    module = record_night if hasattr(record_night, work) else record_view
    real = getattr(module, work)

    def slow(*args: Any) -> Any:
        working.set()  # the answer is at work: a long night being checked
        done.wait(2 * GUARD_S)  # a guard only: the test lets it go on
        return real(*args)

    monkeypatch.setattr(module, work, slow)
    with serving(create_app(db)) as url, ThreadPoolExecutor(1) as pool:
        waiting = pool.submit(post, url + answer, body)
        try:
            assert working.wait(GUARD_S), f"{answer} never did {work}"
            assert fetch(url + "/static/style.css") == 200  # answered while the work goes on
            assert not waiting.done(), f"{answer} did not wait for {work}"
        finally:
            done.set()
        assert waiting.result() == 200  # the answer itself, once its work is done
