"""Fixtures of the web app's tests: a ledger of the examples plus the web fixtures (names that
are HTML, a cash game valued in EUR), and Starlette test clients over it."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.ledger.corrections import event_list
from badugi_ledger.ledger.store import ledger_at
from tests.helpers.browser import (  # noqa: F401  (the web fixtures, by name)
    examples_ledger,
    fresh_ledger,
    live_server,
)
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

WEB_FIXTURES = Path(__file__).resolve().parent / "fixtures"
SCRIPT_EVENT = "<script>alert('event')</script>"
"""The event name of ``fixtures/script_names.bhh``."""
SCRIPT_PLAYER = "<img src=x onerror=alert(1)>"
"""A player name of ``fixtures/script_names.bhh``."""
LOCAL = "http://127.0.0.1"
"""The base URL of a test client: a name of this machine, as the guard wants."""


@pytest.fixture(scope="session")
def club_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every example and every web fixture imported (read it only)."""
    db = tmp_path_factory.mktemp("club") / "club.db"
    report = import_into(db, [EXAMPLES, WEB_FIXTURES])
    assert report.ok, report.text_lines()
    return db


def event_id(db: Path, name: str) -> int:
    """The id of the event called ``name`` in the ledger ``db``."""
    with ledger_at(db, create=False) as ledger:
        return next(int(str(e["id"])) for e in event_list(ledger).events if e["event"] == name)
