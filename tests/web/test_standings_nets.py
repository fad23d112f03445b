"""The standings page's cash nets (:func:`~badugi_ledger.reports.standings.session_frame`)
are read without the parts of ``player_event_results``
(:data:`~badugi_ledger.ledger.views.CASH_NETS`): the view's window passes over every player's
every hand were most of the page's time on a ledger of thousands of hands.  Its rows must stay
the view's rows: same events, players, nets, hands and units, on random ledgers of cash nights
with what makes the view's parts hard (tables, a night in two files imported in either order,
players who leave and come back with another stack, top-ups and cash-outs, voided hands and
nights, merged names, chips valued in money, stakes in cents)."""

from __future__ import annotations

import contextlib
import random
import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger.corrections import void
from badugi_ledger.ledger.importing import import_text
from badugi_ledger.ledger.players import merge_players
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import LedgerError
from badugi_ledger.reports.standings import session_frame

VIEW_ROWS = (
    "SELECT r.event_id, r.event, r.date, r.player, r.net, r.hands, r.unit "
    "FROM player_event_results r JOIN events e ON e.id = r.event_id "
    "WHERE r.kind = 'cash' {clause} ORDER BY coalesce(r.date, ''), r.event_id, r.player"
)
"""The standings' query over the view, as it was: the rows the page must keep showing."""

NAMES = ["Anna", "Ben", "Cara", "Dan", "Eve", "Finn"]
OTHER_NAMES = {"Ben": "Benny", "Cara": "Carla"}
"""A name a player goes by on another night, merged into the first afterwards."""

UNITS = ["", " · chips 100 = 10 EUR", " · chips 1 = 0.25 USD"]


def _hand(number: int, seats: list[tuple[str, int]], extra: list[str]) -> tuple[str, list[int]]:
    """One hand of three: the button raises, the blinds fold (+3, -1, -2)."""
    (a, sa), (b, sb), (c, sc) = seats
    text = f"hand {number} · button {a} · {a} {sa} · {b} {sb} · {c} {sc}\n"
    text += "".join(f"{line}\n" for line in extra)
    text += f"{a} raises to 4 · {b} folds · {c} folds\n{a} collects 5\n"
    return text, [3, -1, -2]


def _night(rng: random.Random, index: int) -> list[tuple[str, str]]:
    """One cash night's files (name, text): one or two tables, each maybe in two files."""
    unit = rng.choice(UNITS)
    currency = "currency USD\n" if not unit and rng.random() < 0.3 else ""
    names = [OTHER_NAMES.get(n, n) if index % 2 else n for n in rng.sample(NAMES, 5)]
    header = (
        f"{currency}game badugi · fixed limit 2/4 · blinds 1/2\n"
        f"cash Night {index} · date 2024-03-{index + 1:02d} · season S{index % 2}{unit}\n"
    )
    files: list[tuple[str, str]] = []
    for table in rng.sample(["A", "B"], rng.randint(1, 2)):
        stacks: dict[str, int] = {}
        last: set[str] = set()
        hands: list[str] = []
        for number in range(1, rng.randint(2, 9)):
            players = rng.sample(names, 3)
            seats, extra = [], []
            for name in players:
                if name in stacks and name in last:
                    stack = stacks[name]
                    change = rng.choice([0, 0, 0, 10, -1])
                    if change > 0 or stack < 6:
                        extra.append(f"{name} tops up {max(change, 10)}")
                        stack += max(change, 10)
                    elif change < 0 and stack > 20:
                        extra.append(f"{name} cashes out 5")
                        stack -= 5
                else:
                    stack = stacks[name] if name in stacks and rng.random() < 0.5 else 0
                    stack = stack if stack >= 6 else rng.randint(6, 120)
                seats.append((name, stack))
            text, changes = _hand(number, seats, extra)
            hands.append(text)
            stacks.update({n: s + c for (n, s), c in zip(seats, changes, strict=True)})
            last = set(players)
        cut = rng.randint(1, len(hands))
        parts = [hands[:cut], hands[cut:]] if cut < len(hands) else [hands]
        for i, part in enumerate(parts):
            files.append(
                (f"night{index}-{table}-{i}.bhh", header + f"table {table}\n" + "".join(part))
            )
    return files


def random_ledger(path: Path, seed: int) -> sqlite3.Connection:
    """A ledger of a few random cash nights, some hands and a night voided, names merged."""
    rng = random.Random(seed)
    db = open_ledger(path)
    for index in range(rng.randint(2, 5)):
        files = _night(rng, index)
        if rng.random() < 0.5:
            files.reverse()
        for name, text in files:
            import_text(db, text, name)
    hands = db.execute(
        "SELECT e.name, h.hand_number, h.table_name FROM hands h JOIN events e "
        "ON e.id = h.event_id WHERE h.void_reason IS NULL ORDER BY h.id"
    ).fetchall()
    for event, number, table in rng.sample(hands, min(len(hands), rng.randint(0, 3))):
        void(db, event, number, "misdeal", table=table)
    events = [r[0] for r in db.execute("SELECT name FROM events ORDER BY id")]
    if len(events) > 2 and rng.random() < 0.3:
        void(db, rng.choice(events), None, "not a club night")
    for into, name in OTHER_NAMES.items():
        # (refused when one of the names never played, or both played one night)
        with contextlib.suppress(LedgerError):
            merge_players(db, into, [name])
    return db


@pytest.mark.parametrize("seed", range(12))
def test_the_standings_nets_are_the_views_rows(tmp_path: Path, seed: int) -> None:
    db = random_ledger(tmp_path / "club.db", seed)
    assert db.execute("SELECT count(*) FROM counted_hands").fetchone()[0] > 0
    for season in (None, "S0", "S1"):
        clause, args = ("AND e.season = ?", [season]) if season else ("", [])
        expected = [tuple(r) for r in db.execute(VIEW_ROWS.format(clause=clause), args)]
        got = [tuple(r) for r in session_frame(db, season).itertuples(index=False)]
        assert got == expected, (seed, season)


def test_the_standings_read_each_players_hand_once_not_in_window_passes(tmp_path: Path) -> None:
    """The work SQLite does for the standings' nets (its virtual machine's steps, counted by a
    progress handler: the same on any machine, however loaded), per player's hand of a club's
    simulated nights.  Read through the view's runs of hands in play order it was some 650
    steps a player's hand (0.25 s of the page on 3,000 hands of six); read as sums, some 200
    (the cash hands' check, ``check_cash_hands``, included)."""
    from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path

    night = tmp_path / "nights.bhh"
    simulate_to_path(SimulationOptions(hands=300, players=6, seed=48, session_hands=30), night)
    db = open_ledger(tmp_path / "club.db")
    import_text(db, night.read_text(encoding="utf-8"), str(night))
    rows = db.execute("SELECT count(*) FROM hand_players").fetchone()[0]
    assert rows > 1000
    steps = [0]

    def count() -> int:
        steps[0] += 100
        return 0

    db.set_progress_handler(count, 100)
    session_frame(db)
    db.set_progress_handler(None, 0)
    assert steps[0] / rows < 350
