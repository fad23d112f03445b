"""A rebuy, top-up, add-on or cash-out counts whoever makes it, also a player sitting the hand
out (grammar/README.md, *Between hands*: the changes come before the hand, and a player who
sits out is seated but not dealt in).

The ledger kept ``hand_players`` rows for the players dealt in only, and a tournament's rebuys
and add-ons live only there: a rebuy written in a hand its player sat out was never charged
(the pool lacked it, she won it with the rebuy's chips), and a cash game's top-up or cash-out
so written never showed in the buy-in figures.  Such a player now has a row with the stack
after the change at both ends and nothing put in or collected (``ledger/rows.py``,
``hand_rows``).
"""

from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger.hand_content import content_digest, stored_facts
from badugi_ledger.ledger.importing import import_text
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.ledger.tournament_results import recompute_tournament
from badugi_ledger.reports.export import export_table
from badugi_ledger.reports.settle import settle_event
from badugi_ledger.reports.tournament import tournament_result

# Invented: Noor folds hand T1, makes a change and sits T2 out, and plays T3 (the big blind,
# walked).  Blinds 5/10, three-handed.
NIGHT = """\
game badugi · fixed limit 10/20 · blinds 5/10
{session}
table Final

hand T1 · button Kira · Kira 100 · Noor 100 · Bram 100
Kira raises to 20 · Noor folds · Bram folds
Kira collects 25
final: Kira 115 · Noor 95 · Bram 90

hand T2 · button Noor · Kira · Noor · Bram
{change}
Noor sits out
Bram calls 5 · Kira checks
draw: Bram 1 · Kira 1
Bram checks · Kira checks
draw: Bram 1 · Kira 1
Bram checks · Kira checks
draw: Bram 1 · Kira 1
Bram checks · Kira checks
show: Kira 7s 5d 4c 2h · Bram 9c 6h 3d 3s
Kira collects 20
{last}"""
T3 = """
hand T3 · button Bram · Kira · Noor · Bram
Bram folds · Kira folds
Noor collects 10
"""
CUP = "tournament SitReb · date 2024-04-12 · season S · buy-in 1000 · payouts 100"
CASH = "cash Friday · date 2024-04-12 · season S"


def night(db: sqlite3.Connection, session: str, change: str, *, t3: bool = True) -> None:
    text = NIGHT.format(session=session, change=change, last=T3 if t3 else "")
    report = import_text(db, text, "night.bhh")
    assert report.stored == (3 if t3 else 2), report


def test_a_rebuy_written_in_a_hand_its_player_sits_out_is_charged() -> None:
    db = open_ledger(None)
    night(db, CUP, "Noor rebuys 1000")
    result = tournament_result(db, "SitReb")
    noor = next(e for e in result.entries if e["player"] == "Noor")
    # the night stops with all three in: no winner yet, the pool waits in *prize pool*
    assert (noor["place"], noor["rebuys"], noor["paid"], noor["prize"]) == (None, 1, 2000, 0)
    assert result.pool == 4000  # three buy-ins and Noor's rebuy
    assert settle_event(db, "SitReb").balances == {
        "Noor": -2000,
        "Kira": -1000,
        "Bram": -1000,
        "*prize pool*": 4000,
    }


def test_an_add_on_written_in_a_hand_its_player_sits_out_is_charged() -> None:
    db = open_ledger(None)
    night(db, CUP, "Noor adds on 500")
    noor = next(e for e in tournament_result(db, "SitReb").entries if e["player"] == "Noor")
    assert (noor["add_ons"], noor["paid"]) == (1, 2000)


def test_a_rebuy_in_the_last_hand_a_player_sits_out_still_places_her_with_its_chips() -> None:
    """Noor busts nothing and plays no more: she ends with the 95 she had and the 1000 bought
    (still in when the night stops: no place, a place is never invented)."""
    db = open_ledger(None)
    night(db, CUP, "Noor rebuys 1000", t3=False)
    result = tournament_result(db, "SitReb")
    noor = next(e for e in result.entries if e["player"] == "Noor")
    assert (noor["place"], noor["chips"], noor["paid"]) == (None, 1095, 2000)
    assert result.pool == 4000


def sessions(db: sqlite3.Connection) -> dict[str, tuple[str, ...]]:
    rows = csv.DictReader(io.StringIO(export_table(db, "sessions", "csv").decode()))
    return {r["player_nickname"]: (r["buy_in"], r["buy_out"], r["stack"], r["net"]) for r in rows}


@pytest.mark.parametrize(
    ("change", "t3", "noor"),
    [
        # 100 + 500 bought, +5 in T3: 600 at the end, the night's -5 and +5
        ("Noor tops up 500", True, ("600", "0", "600", "0")),
        # the top-up before the last hand, which she sits out: 595 in front of her
        ("Noor tops up 500", False, ("600", "0", "595", "-5")),
        # 45 of her 95 taken away before T2, the 50 left played on
        ("Noor cashes out 45", True, ("100", "45", "55", "0")),
    ],
)
def test_a_cash_game_change_written_while_sitting_out_shows_in_the_sessions(
    change: str, t3: bool, noor: tuple[str, ...]
) -> None:
    db = open_ledger(None)
    night(db, CASH, change, t3=t3)
    got = sessions(db)
    assert got["Noor"] == noor
    # every chip is accounted for: the nets add up to nothing (no rake here)
    assert sum(int(row[3]) for row in got.values()) == 0
    assert sum(settle_event(db, "Friday").balances.values()) == 0


def test_a_hand_stored_without_the_row_is_a_conflict_on_reimport(tmp_path: Path) -> None:
    """A ledger that imported such a hand before kept no row for her, and charged nothing:
    the file imported again names what the ledger lacked, and ``--replace`` stores it."""
    db = open_ledger(tmp_path / "club.db")
    night(db, CUP, "Noor rebuys 1000")
    # as the ledger stored it before: no row for Noor in T2, the tournament computed without it
    (t2,) = db.execute("SELECT id FROM hands WHERE hand_number = 'T2'").fetchone()
    with db:
        db.execute(
            "DELETE FROM hand_players WHERE hand_id = ? AND alias_id = "
            "(SELECT id FROM aliases WHERE name = 'Noor')",
            [t2],
        )
        db.execute(
            "UPDATE hands SET content = ? WHERE id = ?",
            [content_digest(stored_facts(db, t2)), t2],
        )
        recompute_tournament(db, int(db.execute("SELECT id FROM events").fetchone()[0]))
    assert tournament_result(db, "SitReb").pool == 3000
    text = NIGHT.format(session=CUP, change="Noor rebuys 1000", last=T3)
    again = import_text(db, text, "night.bhh")
    [conflict] = again.conflicts
    assert "Noor is now in the hand (starting stack 1095, final stack 1095, rebuys 1)" in str(
        conflict
    )
    import_text(db, text, "night.bhh", replace=True)
    assert tournament_result(db, "SitReb").pool == 4000
