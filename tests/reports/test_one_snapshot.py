"""A report reads one state of the ledger: a change committed by another command between two of
its queries (an ``import --replace`` moving a night to another event, a merge of players) is in
all of its answer or in none of it, never counted twice or half.

Each test commits the change from a second connection right after one of the report's queries
(a hook on the function that makes it), and compares the answer with the report made before
and after the change."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import pytest

from badugi_ledger.ledger.importing import import_files
from badugi_ledger.ledger.players import merge_players
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.reports import html, settle, standings
from badugi_ledger.reports.standings import StandingsOptions
from tests.helpers.paths import EXAMPLES
from tests.ledger.test_corrections_voids import HEAD, invoke, night, write

LATER = HEAD.replace("2024-06-01", "2024-06-02")


def _after_first_call(
    monkeypatch: pytest.MonkeyPatch, module: ModuleType, name: str, change: Callable[[], None]
) -> None:
    """``module.name`` made to run ``change`` once its first call has returned."""
    real = getattr(module, name)
    done: list[bool] = []

    def hooked(*args: object, **kwargs: object) -> object:
        result = real(*args, **kwargs)
        if not done:
            done.append(True)
            change()
        return result

    monkeypatch.setattr(module, name, hooked)


def _moving_night(tmp_path: Path) -> tuple[Path, Callable[[], None]]:
    """A season of two nights, the first (table T, 2024-06-01) to be re-dated into the second's
    event (table U, 2024-06-02), and the ``import --replace`` that does it."""
    db = tmp_path / "club.db"
    first = write(tmp_path / "a.bhh", night())
    second = night(head=LATER).replace("table T", "table U").replace("Anna", "Eve")
    assert invoke("import", first, write(tmp_path / "b.bhh", second), "--db", db)[0] == 0

    def move() -> None:
        with ledger_at(db) as conn:
            report = import_files(conn, [write(first, night(head=LATER))], replace=True)
        assert report.ok

    return db, move


def test_a_season_settle_up_counts_a_night_moved_meanwhile_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The night is moved after the season's first event is added up: it is counted once."""
    db, move = _moving_night(tmp_path)
    with ledger_at(db) as conn:
        before = settle.settle_season(conn, "S1")
    _after_first_call(monkeypatch, settle, "event_balances", move)
    with ledger_at(db) as conn:
        during = settle.settle_season(conn, "S1")
    monkeypatch.undo()
    with ledger_at(db) as conn:
        after = settle.settle_season(conn, "S1")
    assert during in (before, after)


def _merging(tmp_path: Path) -> tuple[Path, Callable[[], None]]:
    """Kira in a tournament and a cash night, Kay in another cash night, and the merge of Kira
    into Kay, which renames her in both."""
    db = tmp_path / "club.db"
    kira = write(tmp_path / "kira.bhh", night().replace("Anna", "Kira"))
    kay = (
        night().replace("Anna", "Kay").replace("Test night", "Other night").replace(" 100", " 200")
    )
    tournament = EXAMPLES / "tournament.bhh"
    assert invoke("import", tournament, kira, write(tmp_path / "kay.bhh", kay), "--db", db)[0] == 0

    def merge() -> None:
        with ledger_at(db) as conn:
            merge_players(conn, "Kay", ["Kira"])

    return db, merge


def test_standings_of_both_kinds_show_a_merge_made_meanwhile_in_both_or_neither(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, merge = _merging(tmp_path)
    options = StandingsOptions()
    with ledger_at(db) as conn:
        before = standings.standings_text(conn, options)
    _after_first_call(monkeypatch, standings, "tournament_standings", merge)
    with ledger_at(db) as conn:
        during = standings.standings_text(conn, options)
    monkeypatch.undo()
    with ledger_at(db) as conn:
        after = standings.standings_text(conn, options)
    assert before != after  # the merge shows
    assert during in (before, after), during


def test_the_season_report_shows_a_merge_made_meanwhile_in_both_or_neither(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db, merge = _merging(tmp_path)

    def report(conn: sqlite3.Connection) -> object:
        return html.season_report_context(conn)["report_sections"]

    with ledger_at(db) as conn:
        before = report(conn)
    _after_first_call(monkeypatch, html, "entry_frame", merge)
    with ledger_at(db) as conn:
        during = report(conn)
    monkeypatch.undo()
    with ledger_at(db) as conn:
        after = report(conn)
    assert before != after
    assert during in (before, after)
