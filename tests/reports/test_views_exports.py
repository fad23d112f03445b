"""The self-explaining database (views, Datasette metadata) and the PokerNow-shaped session
ledger export.  Invented home games; the column list of PokerNow's ledger CSV is
``player_nickname,player_id,session_start_at,session_end_at,buy_in,buy_out,stack,net``."""

from __future__ import annotations

import csv
import io
import json
import sqlite3
from pathlib import Path

from sqlite_utils import Database

from badugi_ledger.ledger.importing import import_outcomes, import_text
from badugi_ledger.ledger.players import merge_players
from badugi_ledger.ledger.sql import dict_rows
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.ledger.views import VIEWS
from badugi_ledger.model.events import Session, StackChange
from badugi_ledger.model.settings import GameSettings
from badugi_ledger.reports.export import POKERNOW_LEDGER_COLUMNS, export_table
from tests.helpers.ledger_builder import hand
from tests.helpers.paths import REPO

METADATA = REPO / "datasette" / "metadata.json"
FRI = Session(kind="cash", name="Fri", date="2024-03-01", season="2024")
SAT = Session(kind="cash", name="Sat", date="2024-03-02", season="2024")


def rebuy_night() -> sqlite3.Connection:
    """Fri: A loses 30 of 50, rebuys 40, wins 20 back, cashes out 25 of her 80 before the last
    hand; B the other side.  Sat: the same B as "b" in USD cents."""
    db = open_ledger(None)
    h1 = hand("1", {"A": 50, "B": 50}, {"A": 30, "B": 30}, {"B": 60}, session=FRI)
    h2 = hand(
        "2",
        {"A": 60, "B": 80},
        {"A": 20, "B": 20},
        {"A": 40},
        session=FRI,
        changes=(StackChange("A", 40, "rebuy"),),
    )
    h3 = hand(
        "3",
        {"A": 55, "B": 60},
        {"A": 5, "B": 5},
        {"B": 10},
        session=FRI,
        changes=(StackChange("A", 25, "cash-out"),),
    )
    import_outcomes(db, [h1, h2, h3], "fri.bhh")
    usd = GameSettings(currency="USD")
    h = hand("1", {"b": 500, "C": 500}, {"b": 125, "C": 125}, {"b": 250}, session=SAT, settings=usd)
    import_outcomes(db, [h], "sat.txt")
    return db


def test_sessions_export_is_shaped_like_a_pokernow_ledger() -> None:
    db = rebuy_night()
    rows = list(csv.DictReader(io.StringIO(export_table(db, "sessions", "csv").decode())))
    assert tuple(rows[0])[: len(POKERNOW_LEDGER_COLUMNS)] == POKERNOW_LEDGER_COLUMNS
    got = {
        (r["player_nickname"], r["event"]): (
            r["buy_in"],
            r["buy_out"],
            r["stack"],
            r["net"],
            r["unit"],
        )
        for r in rows
    }
    # A: brought 50 + 40, took 25 away before the end, had 50 at the end: net -15
    assert got[("A", "Fri")] == ("90", "25", "50", "-15", "chips")
    assert got[("B", "Fri")] == ("50", "0", "65", "15", "chips")
    assert got[("b", "Sat")] == ("5.00", "0.00", "6.25", "1.25", "USD")
    data = json.loads(export_table(db, "sessions", "json"))
    assert {(d["player_nickname"], d["net"]) for d in data} >= {("A", -15), ("b", 1.25)}


def test_views_answer_a_treasurer_per_unit() -> None:
    db = rebuy_night()
    merge_players(db, "B", ["b"])
    season = {
        (r["player"], r["unit"]): r["net_text"]
        for r in dict_rows(db, "SELECT * FROM season_player_net WHERE season = '2024'")
    }
    assert season == {
        ("A", "chips"): "-15 chips",
        ("B", "chips"): "15 chips",
        ("B", "USD"): "1.25 USD",
        ("C", "USD"): "-1.25 USD",
    }
    hands = list(dict_rows(db, "SELECT hand, pot, pot_text, winners FROM hand_summary ORDER BY id"))
    assert hands[0] == {"hand": "1", "pot": 60, "pot_text": "60 chips", "winners": "B 60 chips"}
    assert hands[-1]["pot_text"] == "2.50 USD" and hands[-1]["winners"] == "B 2.50 USD"
    for view in VIEWS:
        assert view in Database(db).view_names()


def _columns(db: sqlite3.Connection, name: str) -> set[str]:
    return {row[1] for row in db.execute(f"PRAGMA table_xinfo({name})")}


def test_datasette_metadata_names_only_what_exists_and_describes_everything() -> None:
    db = open_ledger(None)
    metadata = json.loads(METADATA.read_text(encoding="utf-8"))
    tables = metadata["databases"]["badugi"]["tables"]
    existing = set(Database(db).table_names()) | set(Database(db).view_names())
    assert set(tables) == existing  # every table and view is explained, nothing else
    for name, table in tables.items():
        columns = _columns(db, name)
        assert set(table["columns"]) == columns, name
        if "label_column" in table:
            assert table["label_column"] in columns, name
    # foreign keys show names: every table a foreign key points at has a label column
    for name in Database(db).table_names():
        for fk in Database(db)[name].foreign_keys:
            assert "label_column" in tables[fk.other_table], (name, fk.other_table)


def test_docs_list_every_column_of_the_views() -> None:
    docs = (REPO / "docs" / "ledger.md").read_text("utf-8")
    db = open_ledger(None)
    for view in VIEWS:
        assert f"`{view}`" in docs
        for column in _columns(db, view):
            assert f"`{column}`" in docs, (view, column)


def test_view_results_equal_the_stack_changes_of_simulated_sessions(tmp_path: Path) -> None:
    """buy_in / buy_out / stack are derived from stacks between hands (rebuys, top-ups); their
    net must equal the sum of each hand's stack change, for every player and event."""
    from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path
    from tests.helpers.ledger_files import import_into

    path = tmp_path / "sim.bhh"
    simulate_to_path(SimulationOptions(hands=300, players=5, seed=12, session_hands=100), str(path))
    db_path = tmp_path / "sim.db"
    assert import_into(db_path, [path], jobs=1).ok
    db = open_ledger(db_path)
    expected = {
        (r[0], r[1]): r[2]
        for r in db.execute(
            "SELECT h.event_id, a.player_id, sum(hp.final_stack - hp.starting_stack) "
            "FROM hand_players hp JOIN hands h ON h.id = hp.hand_id "
            "JOIN aliases a ON a.id = hp.alias_id GROUP BY 1, 2"
        )
    }
    got = {
        (r[0], r[1]): r[2]
        for r in db.execute("SELECT event_id, player_id, net FROM player_event_results")
    }
    assert got == expected and len(got) >= 15
    rebought = db.execute("SELECT count(*) FROM hand_players WHERE rebuys > 0").fetchone()[0]
    assert rebought > 0  # the simulation's rebuys are in buy_in


def test_a_player_who_left_the_table_and_came_back_cashed_out_and_bought_in(
    tmp_path: Path,
) -> None:
    """Anna plays hand 1 (ends with 103), sits the table's hand 2 out of it, and comes back to
    hand 3 with 50: she cashed out 103 and bought in 150 in all, not "cashed out 53"; the net
    is the same either way (+3 then -2)."""
    from badugi_ledger.ledger.importing import import_text

    night = (
        "game badugi · fixed limit 2/4 · blinds 1/2\ncash Leave · date 2024-03-05\n"
        "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
        "Anna raises · Ben folds · Cara folds\nAnna collects 5\n\n"
        "hand 2 · button Ben · Ben 99 · Cara 98 · Dan 100\n"
        "Ben raises · Cara folds · Dan folds\nBen collects 5\n\n"
        "hand 3 · button Cara · Anna 50 · Ben 102 · Cara 97 · Dan 98\n"
        "Ben folds · Cara raises · Dan folds · Anna folds\nCara collects 5\n"
    )
    db = open_ledger(tmp_path / "club.db")
    assert import_text(db, night, "leave.bhh").stored == 3
    rows = {
        r["player_nickname"]: r
        for r in csv.DictReader(io.StringIO(export_table(db, "sessions", "csv").decode()))
    }
    anna = rows["Anna"]
    assert (anna["buy_in"], anna["buy_out"], anna["stack"], anna["net"]) == (
        "150",
        "103",
        "48",
        "1",
    )
    dan = rows["Dan"]  # joined at hand 2: his first stack is his buy-in
    assert (dan["buy_in"], dan["buy_out"], dan["net"]) == ("100", "0", "-3")


def test_sitting_out_keeps_the_stack_and_a_merged_alias_is_the_player(
    tmp_path: Path,
) -> None:
    """``examples/home_session.bhh``: Ben sits out a hand and plays on with his stack - no
    cash-out, no new buy-in.  And Anna, who plays hands 1-2, merged with Annie, who sits in
    hand 3 with 50: one player, whose hands are one run read as any player's (the 101 she
    ended hand 2 with, then 50 in the next hand at her table: 51 cashed out).  They were the
    whole stack cashed and the new one bought (season audit: a merge changed the parts;
    ``test_table_moves.py`` holds a merged alias's move to the same name's)."""
    from badugi_ledger.ledger.importing import import_text

    db = open_ledger(tmp_path / "club.db")
    home = REPO / "examples" / "home_session.bhh"
    assert import_text(db, home.read_text(encoding="utf-8"), "home.bhh").stored == 4

    def sessions() -> dict[str, dict[str, str]]:
        rows = csv.DictReader(io.StringIO(export_table(db, "sessions", "csv").decode()))
        return {(r["player_nickname"], r["event"]): r for r in rows}  # type: ignore[misc]

    ben = sessions()[("Ben", "Friday game")]
    assert (ben["buy_in"], ben["buy_out"], ben["stack"], ben["net"]) == ("100", "0", "100", "0")
    night = (
        "game badugi · fixed limit 2/4 · blinds 1/2\ncash Aliases · date 2024-03-06\n"
        "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
        "Anna raises · Ben folds · Cara folds\nAnna collects 5\n\n"
        "hand 2 · button Ben · Anna · Ben · Cara\nBen raises · Cara folds · Anna folds\n"
        "Ben collects 5\n\n"
        "hand 3 · button Cara · Annie 50 · Ben · Cara\nCara raises · Annie folds · Ben folds\n"
        "Cara collects 5\n"
    )
    assert import_text(db, night, "aliases.bhh").stored == 3
    merge_players(db, "Anna", ["Annie"])
    anna = sessions()[("Anna", "Aliases")]
    # Anna: 100 in, +3 then -2 = 101; 50 in hand 3, so 51 cashed; -1 (her big blind) = 49.
    assert (anna["buy_in"], anna["buy_out"], anna["stack"], anna["net"]) == (
        "100",
        "51",
        "49",
        "0",
    )


VALUED_NIGHTS = {
    name: f"game badugi · fixed limit 2/4 · blinds 1/2\ncash {name} · date 2026-06-01{value}\n"
    "table T\nhand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna raises · Ben folds · Cara folds\nAnna collects 5\n"
    "final: Anna 103 · Ben 99 · Cara 98\n"
    for name, value in (
        ("Plain", ""),
        ("Dime", " · chips 20 = 1 USD"),
        ("Yen", " · chips 1 = 1 JPY"),
    )
}
"""One hand, a pot of 5 chips won by Anna, on three nights: plain chips, chips of 0.05 USD and
chips of 1 JPY."""


def test_hand_summary_gives_a_valued_chip_games_hands_in_its_money() -> None:
    """The pot of 5 chips is 5 chips, 0.25 USD and 5 JPY: the view names each night's unit and
    counts in it, as the hands export does, so grouping by ``unit`` adds no two units (the
    three were all ``chips``, summed to 15)."""
    db = open_ledger(None)
    for name, text in VALUED_NIGHTS.items():
        assert import_text(db, text, f"{name}.bhh").stored == 1
    summary = {
        r["event"]: (r["unit"], r["pot_text"], r["winners"])
        for r in dict_rows(db, "SELECT event, unit, pot_text, winners FROM hand_summary")
    }
    assert summary == {
        "Plain": ("chips", "5 chips", "Anna 5 chips"),
        "Dime": ("USD", "0.25 USD", "Anna 0.25 USD"),
        "Yen": ("JPY", "5.00 JPY", "Anna 5.00 JPY"),
    }
    exported = {
        r["event"]: (r["unit"], r["pot"])
        for r in csv.DictReader(io.StringIO(export_table(db, "hands", "csv").decode()))
    }
    viewed = {
        event: (unit, f"{pot / 100:.2f}" if unit != "chips" else str(pot))
        for event, unit, pot in db.execute("SELECT event, unit, pot FROM hand_summary")
    }
    assert viewed == exported
    per_unit = db.execute("SELECT unit, sum(pot) FROM hand_summary GROUP BY unit ORDER BY unit")
    assert per_unit.fetchall() == [("JPY", 500), ("USD", 25), ("chips", 5)]


def test_a_ledger_opened_again_makes_hand_summary_in_money(tmp_path: Path) -> None:
    """A ledger whose schema stops before this rule gets the view made again when it is opened."""
    path = tmp_path / "club.db"
    db = open_ledger(path)
    import_text(db, VALUED_NIGHTS["Dime"], "dime.bhh")
    db.execute("DROP VIEW hand_summary")
    db.execute("DELETE FROM schema_version WHERE version >= 23")
    db.commit()
    db.close()
    db = open_ledger(path)
    assert db.execute("SELECT unit, pot_text FROM hand_summary").fetchall() == [("USD", "0.25 USD")]
