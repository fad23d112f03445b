"""A big season for report tests: many players, cash sessions and tournaments on uneven dates.

Built from :mod:`tests.helpers.ledger_builder` hands and imported into an in-memory ledger, the
way a club of 46 regulars would fill a year (the season that made the report's chart a tangle
of 46 lines).  Seeded, so every run builds the same ledger.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Sequence
from datetime import date, timedelta

from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.events import Session
from badugi_ledger.model.money import ChipValue
from badugi_ledger.model.results import HandOutcome
from tests.helpers.ledger_builder import hand

FIRST_NAMES = tuple(
    " ".join(
        (
            "Anna Ben Cara Dev Eli Fay Gus Hana Ivo Jun Kira Lev Mira Noor Otto Pia Quin Rosa",
            "Sami Tova Uma Vik Wren Xia Yuri Zoe Abel Bea Cyd Dora Emil Fern Gil Hugo Iris Jade",
            "Kai Lina Milo Nia Oren Pax Rhea Saul Tess Vera",
        )
    ).split()
)


def tournament_hands(
    name: str,
    order: Sequence[str],
    *,
    day: str | None = None,
    season: str = "2024",
    buy_in: int = 1000,
) -> list[HandOutcome]:
    """A winner-takes-all freezeout that finishes in ``order``: the winner busts one player
    per hand, last place first (``day`` None: an event without a date)."""
    session = Session(
        kind="tournament", name=name, date=day, season=season, buy_in=buy_in, payouts=(100,)
    )
    stacks = dict.fromkeys(order, 100)
    winner, out = order[0], []
    for i, loser in enumerate(reversed(order[1:])):
        s = stacks[loser]
        out.append(
            hand(
                str(i + 1),
                dict(stacks),
                {winner: s, loser: s},
                {winner: 2 * s},
                session=session,
                source=f"{name}.bhh",
                line=i + 1,
            )
        )
        stacks[winner] += s
        del stacks[loser]
    return out


def cash_hands(
    name: str,
    players: Sequence[str],
    *,
    day: str,
    rng: random.Random,
    hands: int = 6,
    season: str = "2024",
    currency: str = "USD",
) -> list[HandOutcome]:
    """A cash session whose chips are cents of ``currency``: each hand two players put in a
    random amount and one of them takes the pot."""
    session = Session(
        kind="cash", name=name, date=day, season=season, chip_value=ChipValue(1, currency)
    )
    stacks = dict.fromkeys(players, 20_000)
    out = []
    for i in range(hands):
        a, b = rng.sample(list(players), 2)
        bet = rng.randrange(50, 4000)
        out.append(
            hand(
                str(i + 1),
                dict(stacks),
                {a: bet, b: bet},
                {rng.choice((a, b)): 2 * bet},
                session=session,
                source=f"{name}.bhh",
                line=10 * i + 1,
            )
        )
        stacks = dict(out[-1].result.final_stacks)  # type: ignore[union-attr]
    return out


def big_season(
    players: int = 46, cash_nights: int = 24, tournaments: int = 10, seed: int = 7
) -> sqlite3.Connection:
    """An in-memory ledger: ``players`` regulars, ``cash_nights`` USD cash sessions and
    ``tournaments`` freezeouts over 2024, on uneven dates (gaps from 2 to 40 days)."""
    rng = random.Random(seed)
    names = list(FIRST_NAMES[:players])
    db = open_ledger(None)
    day = date(2024, 1, 5)
    for n in range(cash_nights + tournaments):
        day += timedelta(days=rng.choice((2, 5, 7, 14, 40)))
        table = rng.sample(names, rng.randrange(6, 10))
        if n % 3 == 2 and tournaments:
            tournaments -= 1
            outcomes = tournament_hands(f"Cup {n}", table, day=day.isoformat())
        else:
            outcomes = cash_hands(f"Night {n}", table, day=day.isoformat(), rng=rng)
        import_outcomes(db, outcomes, f"{n}.bhh")
    return db
