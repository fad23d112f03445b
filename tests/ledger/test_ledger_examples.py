"""A season of the bundled examples in a fresh on-disk ledger: every hand stored, chips
conserved per hand and per event, re-import idempotent, and the known season table.

The expected figures are worked out by hand from the examples' own recorded stacks (each
file's ``final:`` lines), not taken from the program's output:

* ``000_anna_ben.bhh`` (seed ``000``): Anna 100 → 114 (+14), Ben 100 → 86 (−14).
* ``004_badacey.bhh`` (seed ``004``): 240 each → Bram 228, Kira 228, Noor 222, Amara 282.
* ``home_session.bhh``: 100 each (Eve joins with 100, Cara tops up 17) → Anna 107, Ben 100,
  Cara 106, Dan 112, Eve 92: Anna +7, Ben 0, Cara −11, Dan +12, Eve −8.
* ``progressive_night.bhh`` (seed ``002``): 100 each → Anna 101, Ben 94, Cara 83, Dan 122.
* ``tournament.bhh``: three buy-ins of 2000 cents, payouts 70/30: Kira wins (4200), Noor
  second (1800), Bram third; linear points 3, 2, 1.
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.ledger.importing import import_paths
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.reports.standings import StandingsOptions, standings
from tests.helpers.paths import REPO

EXAMPLES = REPO / "examples"
SEASON_FILES = [
    "000_anna_ben.bhh",
    "004_badacey.bhh",
    "home_session.bhh",
    "progressive_night.bhh",
    "tournament.bhh",
]

# player: (net, sessions, hands dealt in)
CASH = {
    "Amara": (42, 1, 1),
    "Dan": (12 + 22, 2, 4 + 3),
    "Anna": (14 + 7 + 1, 3, 1 + 4 + 3),
    "Eve": (-8, 1, 2),
    "Bram": (-12, 1, 1),
    "Kira": (-12, 1, 1),
    "Noor": (-18, 1, 1),
    "Ben": (-14 + 0 - 6, 3, 1 + 3 + 3),  # Ben sits out hand 3 of the home session
    "Cara": (-11 - 17, 2, 4 + 3),
}


def test_the_bundled_season_gives_the_known_tables(tmp_path: Path) -> None:
    db = open_ledger(tmp_path / "club.db")
    report = import_paths(db, [EXAMPLES / name for name in SEASON_FILES])
    assert report.rejected == 0 and report.duplicate == 0, report.text_lines()
    cash = standings(db, StandingsOptions(season="2024", kind="cash"))
    got = {r.player: (r.net, r.sessions, r.hands) for r in cash.itertuples()}
    assert got == CASH
    assert list(cash["rank"]) == [1, 2, 3, 4, 5, 5, 7, 8, 9]
    assert list(cash["player"][:4]) == ["Amara", "Dan", "Anna", "Eve"]
    cup = standings(db, StandingsOptions(season="2024", kind="tournament"))
    assert [(r.rank, r.player, r.points, r.winnings) for r in cup.itertuples()] == [
        (1, "Kira", 3.0, 4200 - 2000),
        (2, "Noor", 2.0, 1800 - 2000),
        (3, "Bram", 1.0, -2000),
    ]


def test_every_example_is_stored_conserved_and_idempotent(tmp_path: Path) -> None:
    db = open_ledger(tmp_path / "club.db")
    first = import_paths(db, [EXAMPLES])
    assert first.rejected == 0 and first.stored > 0, first.text_lines()
    assert {Path(f.source).name for f in first.files} >= set(SEASON_FILES)
    unbalanced = db.execute(
        "SELECT hand_id FROM postings GROUP BY hand_id HAVING sum(amount) != 0"
    ).fetchall()
    assert unbalanced == []
    # per event: the players' nets add up to minus the rake (and minus any pot still carried)
    for event_id, nets, rake, carried in db.execute(
        "SELECT h.event_id, "
        "(SELECT sum(p.amount) FROM postings p JOIN hands x ON x.id = p.hand_id "
        " WHERE x.event_id = h.event_id AND p.alias_id IS NOT NULL), "
        "sum(h.rake), "
        "(SELECT coalesce(sum(p.amount), 0) FROM postings p JOIN hands x ON x.id = p.hand_id "
        " WHERE x.event_id = h.event_id AND p.account = '*carry*') "
        "FROM hands h GROUP BY h.event_id"
    ).fetchall():
        assert nets == -rake - carried, event_id
    before = db.execute("SELECT count(*), sum(amount) FROM postings").fetchone()
    again = import_paths(db, [EXAMPLES])
    assert again.stored == 0 and again.duplicate == first.stored
    assert db.execute("SELECT count(*), sum(amount) FROM postings").fetchone() == before
