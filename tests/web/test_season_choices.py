"""The seasons the Standings and Settle pages offer, read event by event.

The pickers' list was read from the frames of every counting hand and every tournament entry
of the ledger (``hands_frame``, ``entry_frame``) at each page: 0.05 s of a season of 2,500
hands, growing with every hand stored.  The list is the seasons of the events that count with
a hand that counts or tournament entries, read from the ledger's views ``counted_events`` and
``counted_hands``: its work does not grow with a night's hands, and on random ledgers
(seasons named or not, nights and hands voided, tournaments whose every hand was voided) it is
the list the frames gave.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Iterator

import pytest

from badugi_ledger.ledger.corrections import void
from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.reports.export import hands_frame
from badugi_ledger.reports.standings import entry_frame
from badugi_ledger.web.browse import _seasons
from tests.helpers.season_builder import FIRST_NAMES, cash_hands, tournament_hands


def _from_frames(db: sqlite3.Connection) -> list[str]:
    """The list as the frames of every hand and every tournament entry give it."""
    found = {str(s) for s in hands_frame(db)["season"].dropna()}
    found |= {str(s) for s in entry_frame(db)["season"].dropna()}
    return sorted(found, reverse=True)


def _random_ledger(seed: int) -> sqlite3.Connection:
    """Up to 12 cash nights and tournaments of random seasons (some none), some voided
    whole, some with hands voided (a tournament's every hand, its entries kept)."""
    rng = random.Random(seed)
    db = open_ledger(None)
    seasons = [None, "2023", "2024", "2024 spring", "Été 2025", ""]
    for n in range(rng.randrange(1, 13)):
        players = rng.sample(FIRST_NAMES[:12], rng.randrange(2, 6))
        season = rng.choice(seasons)
        day = f"2024-{rng.randrange(1, 13):02d}-{rng.randrange(1, 28):02d}"
        name = f"Night {n}"
        if rng.random() < 0.4:
            outcomes = tournament_hands(name, players, day=day, season=season)  # type: ignore[arg-type]
        else:
            hands = rng.randrange(1, 5)
            outcomes = cash_hands(name, players, day=day, rng=rng, hands=hands, season=season)  # type: ignore[arg-type]
        import_outcomes(db, outcomes, f"{n}.bhh")
        numbers = [o.record.hand_id for o in outcomes if o.record is not None]
        what = rng.random()
        if what < 0.2:
            void(db, name, None, "not a club night")
        elif what < 0.4:
            for number in numbers:
                void(db, name, number, "misdeal")
        elif what < 0.6:
            void(db, name, rng.choice(numbers), "misdeal")
    return db


@pytest.mark.parametrize("seed", range(40))
def test_the_seasons_are_those_the_frames_gave(seed: int) -> None:
    db = _random_ledger(seed)
    try:
        assert _seasons(db) == _from_frames(db)
    finally:
        db.close()


def _work(db: sqlite3.Connection) -> int:
    """SQLite's work in reading the seasons list: its virtual machine's steps, by 100."""
    steps = [0]

    def step() -> int:
        steps[0] += 1
        return 0

    db.set_progress_handler(step, 100)
    try:
        _seasons(db)
    finally:
        db.set_progress_handler(None, 100)
    return steps[0]


@pytest.fixture
def nights() -> Iterator[tuple[sqlite3.Connection, sqlite3.Connection]]:
    """Two ledgers of the same six cash nights and two tournaments: 3 hands a night, and 300."""
    ledgers = []
    for hands in (3, 300):
        rng = random.Random(5)
        db = open_ledger(None)
        for n in range(8):
            players = list(FIRST_NAMES[n : n + 4])
            day = f"2024-0{n + 1}-10"
            if n in (2, 5):
                outcomes = tournament_hands(f"Cup {n}", players, day=day)
            else:
                outcomes = cash_hands(f"Night {n}", players, day=day, rng=rng, hands=hands)
            import_outcomes(db, outcomes, f"{n}.bhh")
        ledgers.append(db)
    yield ledgers[0], ledgers[1]
    for db in ledgers:
        db.close()


def test_the_seasons_list_does_not_grow_with_the_hands(
    nights: tuple[sqlite3.Connection, sqlite3.Connection],
) -> None:
    few, many = nights
    assert _seasons(few) == _seasons(many) == ["2024"]
    assert _work(many) <= 2 * _work(few) + 10, (_work(few), _work(many))
