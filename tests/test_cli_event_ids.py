"""An ``--event`` of digits that is one event's id and another event's name (docs/ledger.md,
*Events*): the command line refuses it as ambiguous, naming each event by id and key, and does
nothing; the key names one event; the web app, whose links and forms carry ids it took from the
ledger, reads the digits as the id.

The oracle: two invented nights (not from the seeds), ``Numbers`` (imported first: id 1) and a
night named ``1`` (id 2); ``void --event 1`` voided ``Numbers`` without a word."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from badugi_ledger.web.app import create_app
from tests.test_ledger_cli import invoke, write
from tests.web.conftest import LOCAL

HEAD = "game badugi · fixed limit 2/4 · blinds 1/2\n"
HAND = "\nhand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\nAnna folds · Ben folds\n"
NUMBERS = f"{HEAD}cash Numbers · date 2024-03-01 · season 2024\n{HAND}"
ONE = f"{HEAD}cash 1 · date 2024-03-02 · season 2024\n{HAND}"
NUMBERS_KEY, ONE_KEY = "cash|Numbers|2024-03-01", "cash|1|2024-03-02"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A ledger of ``Numbers`` (id 1) and the night named ``1`` (id 2)."""
    ledger = tmp_path / "club.db"
    for name, text in (("numbers.bhh", NUMBERS), ("one.bhh", ONE)):
        code, out = invoke("import", write(tmp_path, name, text), "--db", ledger)
        assert code == 0, out
    return ledger


def events(db: Path) -> dict[str, dict[str, object]]:
    code, out = invoke("events", "--db", db, "--json")
    assert code == 0, out
    return {str(e["event"]): e for e in json.loads(out)["events"]}


def test_digits_that_are_an_id_and_a_name_are_refused_naming_both(db: Path) -> None:
    listed = events(db)
    assert (listed["Numbers"]["id"], listed["1"]["id"]) == (1, 2)
    for command in (
        ["void", "--event", "1", "--reason", "wrong night"],
        ["settle", "--event", "1"],
        ["show", "--event", "1"],
    ):
        code, out = invoke(*command, "--db", db)
        assert code != 0, (command, out)
        assert "ambiguous" in out, out
        for ident, key in ((1, NUMBERS_KEY), (2, ONE_KEY)):
            assert f"id {ident}, key '{key}'" in out, out
        assert "give the key" in out, out
    assert events(db) == listed  # nothing voided


def test_the_key_names_one_event(db: Path) -> None:
    code, out = invoke("void", "--event", ONE_KEY, "--reason", "wrong night", "--db", db)
    assert code == 0, out
    listed = events(db)
    assert listed["1"]["void"] == "wrong night" and listed["Numbers"]["void"] is None


def test_digits_that_name_one_event_only_still_find_it(db: Path) -> None:
    """``2`` is the id of the night named ``1`` and no event's name: not ambiguous."""
    code, out = invoke("settle", "--event", "2", "--db", db)
    assert code == 0 and "Settle-up for 1 (2024-03-02)" in out, out


def test_the_web_app_reads_digits_as_the_id(db: Path) -> None:
    client = TestClient(create_app(db), base_url=LOCAL)
    assert "Numbers" in client.get("/events/1").text
    settled = client.get("/settle", params={"event": "1"})
    assert settled.status_code == 200 and "Numbers" in settled.text, settled.text
