"""A top-up or cash-out written before a hand, by a player who missed hands of his table: he
kept his stack through them (the replay checked the change against the stack he carried), so
the sessions export shows the change bought or cashed, not his whole stack cashed out and the
new one bought.  A player who came back with another stack and nothing written still left and
came back.  Invented home games: Anna, Ben and Cara bring 100 each; Cara loses her small blind
in hand 1 (98), is not in hand 2, and wins 3 in hand 3.  Every net is the same whichever way
the parts are read; organisers read ``buy_in`` and ``buy_out`` as the cash that changed hands.
"""

from __future__ import annotations

import csv
import io
import sqlite3
from contextlib import closing
from pathlib import Path

from badugi_ledger.ledger.importing import import_text
from badugi_ledger.ledger.schema import SCHEMA_VERSION
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.ledger.views import VIEWS
from badugi_ledger.reports.export import export_table

HEADER = (
    "game badugi · fixed limit 2/4 · blinds 1/2\n"
    "cash Friday game · date 2024-03-01 · season 2024\ntable Kitchen\n\n"
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna raises · Ben folds · Cara folds\nAnna collects 5\n\n"
)
MISSED = "hand 2 · button Ben · Anna · Ben\nBen raises · Anna folds\nBen collects 4\n\n"


def night(cara: str, written: str = "", *, missed: bool = True) -> str:
    """The night, Cara seated in hand 3 as ``cara`` (``Cara`` carries her stack) after
    ``written`` (a line before the hand, or nothing)."""
    return (
        HEADER
        + (MISSED if missed else "")
        + f"hand 3 · button Cara · Anna · Ben · {cara}\n"
        + (f"{written}\n" if written else "")
        + "Cara raises · Anna folds · Ben folds\nCara collects 5\n"
    )


def sessions(db: sqlite3.Connection) -> dict[str, tuple[str, str, str, str]]:
    """Each player's (buy_in, buy_out, stack, net) in the sessions export of the night."""
    rows = csv.DictReader(io.StringIO(export_table(db, "sessions", "csv").decode()))
    return {r["player_nickname"]: (r["buy_in"], r["buy_out"], r["stack"], r["net"]) for r in rows}


def test_a_top_up_after_missed_hands_is_the_top_up_bought(tmp_path: Path) -> None:
    """Cara tops up 17 before hand 3 (98 + 17 = 115) and wins 3: she bought 100 and 17, and
    cashed nothing out.  The export showed buy_in 215 and buy_out 98, as if she had cashed out
    her 98 when she missed hand 2 and bought 115 when she came back."""
    db = open_ledger(tmp_path / "club.db")
    assert import_text(db, night("Cara", "Cara tops up 17"), "friday.bhh").stored == 3
    assert sessions(db)["Cara"] == ("117", "0", "118", "1")
    changes = db.execute(
        "SELECT h.hand_number, hp.stack_change FROM hand_players hp "
        "JOIN hands h ON h.id = hp.hand_id JOIN aliases a ON a.id = hp.alias_id "
        "WHERE a.name = 'Cara' ORDER BY h.id"
    ).fetchall()
    assert changes == [("1", 0), ("3", 17)]


def test_a_cash_out_after_missed_hands_is_the_cash_out_cashed(tmp_path: Path) -> None:
    """Cara cashes out 30 before hand 3 (98 - 30 = 68) and wins 3: she bought 100, took 30
    away and ends with 71.  The export showed buy_in 168 and buy_out 98."""
    db = open_ledger(tmp_path / "club.db")
    assert import_text(db, night("Cara", "Cara cashes out 30"), "friday.bhh").stored == 3
    assert sessions(db)["Cara"] == ("100", "30", "71", "1")


def test_a_top_up_without_missed_hands_is_the_top_up_bought(tmp_path: Path) -> None:
    """Cara plays every hand and tops up 17 before the last: buy_in 117, nothing cashed (this
    was always read so: she missed nothing)."""
    db = open_ledger(tmp_path / "club.db")
    text = night("Cara", "Cara tops up 17", missed=False)
    assert import_text(db, text, "friday.bhh").stored == 2
    assert sessions(db)["Cara"] == ("117", "0", "118", "1")


def test_coming_back_with_another_stack_and_nothing_written_is_leaving_and_buying_again(
    tmp_path: Path,
) -> None:
    """Cara comes back to hand 3 with 115 stated and nothing written: she left with her 98
    and bought 115 when she came back (buy_in 215, buy_out 98), as before."""
    db = open_ledger(tmp_path / "club.db")
    assert import_text(db, night("Cara 115"), "friday.bhh").stored == 3
    assert sessions(db)["Cara"] == ("215", "98", "118", "1")


def test_hands_stored_before_the_ledger_kept_stack_changes_keep_their_reading(
    tmp_path: Path,
) -> None:
    """A ledger of schema 11 holding the top-up night (its rows as that version wrote them:
    no ``stack_change``) opens with this version: every row and every figure is kept, and its
    hands, which cannot say what they wrote, read as they did (buy_in 215, buy_out 98).  A
    re-import of the night finds every hand stored and changes nothing; the same night
    imported into a new ledger reads the top-up."""
    path = tmp_path / "club.db"
    db = open_ledger(path)
    assert import_text(db, night("Cara", "Cara tops up 17"), "friday.bhh").stored == 3
    db.close()
    with closing(sqlite3.connect(path)) as old:  # as schema 11 left it
        for view in reversed(VIEWS):
            old.execute(f"DROP VIEW {view}")
        old.execute("ALTER TABLE hand_players DROP COLUMN stack_change")
        old.execute("DELETE FROM schema_version WHERE version > 11")
        old.commit()
        players = old.execute("SELECT * FROM hand_players ORDER BY 1, 2").fetchall()
        hands = old.execute("SELECT * FROM hands ORDER BY id").fetchall()
    db = open_ledger(path)
    assert db.execute("SELECT max(version) FROM schema_version").fetchone() == (SCHEMA_VERSION,)
    assert db.execute("SELECT * FROM hands ORDER BY id").fetchall() == hands
    columns = "hand_id, alias_id, seat, starting_stack, final_stack, contributed, collected, "
    columns += "busted, rebuys, add_ons"
    assert db.execute(f"SELECT {columns} FROM hand_players ORDER BY 1, 2").fetchall() == players
    assert db.execute("SELECT count(stack_change) FROM hand_players").fetchone() == (0,)
    old_reading = {
        "Anna": ("100", "0", "100", "0"),
        "Ben": ("100", "0", "99", "-1"),
        "Cara": ("215", "98", "118", "1"),
    }
    assert sessions(db) == old_reading
    again = import_text(db, night("Cara", "Cara tops up 17"), "friday.bhh")
    assert (again.stored, again.duplicate, len(again.conflicts)) == (0, 3, 0)
    assert sessions(db) == old_reading
    fresh = open_ledger(tmp_path / "fresh.db")
    assert import_text(fresh, night("Cara", "Cara tops up 17"), "friday.bhh").stored == 3
    assert sessions(fresh)["Cara"] == ("117", "0", "118", "1")


def test_a_stated_stack_the_written_change_does_not_explain_is_leaving_and_coming_back(
    tmp_path: Path,
) -> None:
    """Cara left with 98 and comes back stated at 60 with ``tops up 17`` written: 60 less 17
    is not the 98 she left with, so the top-up does not say she kept her stack; she left and
    came back (buy_in 100 + 60, buy_out 98).  The export read the top-up as kept, and showed
    38 cashed out that she never took, her top-up nowhere."""
    db = open_ledger(tmp_path / "club.db")
    assert import_text(db, night("Cara 60", "Cara tops up 17"), "friday.bhh").stored == 3
    assert sessions(db)["Cara"] == ("160", "98", "63", "1")


def test_changes_that_cancel_out_after_missed_hands_keep_the_stack(tmp_path: Path) -> None:
    """Cara tops up 10 and cashes out 10 before hand 3: her 98 is kept, nothing is bought or
    cashed (a guard: the stack she came back with is the one she left with)."""
    db = open_ledger(tmp_path / "club.db")
    night_text = night("Cara", "Cara tops up 10 · Cara cashes out 10")
    assert import_text(db, night_text, "friday.bhh").stored == 3
    assert sessions(db)["Cara"] == ("100", "0", "101", "1")
