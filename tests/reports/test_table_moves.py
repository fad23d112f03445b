"""A player who changes tables within one cash event (her table breaks, she asks for another
seat) takes her stack with her: the move is neither a cash-out nor a buy-in.  She is at one
table at a time, so her hands at the tables of an event are one run, in the order she played
them (one file: its lines; several files: the file of her earliest hand number first), and a
stack that is not the one she left her last table with is bought or cashed, as between two
hands at one table.  Invented home games; every net is the one the hands give, only the parts
(buy_in, buy_out, stack) were wrong."""

from __future__ import annotations

import csv
import io
import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger.importing import import_text
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.reports.export import export_table
from badugi_ledger.reports.settle import settle_event
from tests.helpers.paths import FIXTURES

TWO_TABLES = FIXTURES / "two_tables.bhh"
HEADER = (
    "game badugi · fixed limit 2/4 · blinds 1/2\ncash Two tables · date 2024-03-01 · season S\n"
)
TABLE_A = (
    "table A\nhand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna raises to 4 · Ben folds · Cara folds\nAnna collects 5\n"
)
"""Table A's first hand: Anna wins 3 (103), Ben loses 1 (99), Cara 2 (98)."""


def sessions(db: sqlite3.Connection) -> dict[str, tuple[str, str, str, str]]:
    """Each player's (buy_in, buy_out, stack, net) in the sessions export of one event."""
    rows = csv.DictReader(io.StringIO(export_table(db, "sessions", "csv").decode()))
    return {r["player_nickname"]: (r["buy_in"], r["buy_out"], r["stack"], r["net"]) for r in rows}


def hand_results(db: sqlite3.Connection) -> dict[str, int]:
    """What each player's counting hands won (negative: lost), hand by hand from the stacks."""
    rows = db.execute(
        "SELECT p.name, sum(hp.final_stack - hp.starting_stack) FROM hand_players hp "
        "JOIN counted_hands h ON h.id = hp.hand_id JOIN aliases a ON a.id = hp.alias_id "
        "JOIN players p ON p.id = a.player_id GROUP BY p.id"
    )
    return {name: result for name, result in rows}


def test_a_player_who_moves_to_another_table_takes_her_stack_along(tmp_path: Path) -> None:
    """``fixtures/two_tables.bhh``: Anna wins 3 at table A and moves to table B with her 103,
    where she wins 2.  The export showed her buying in 203 and ending with 208 (one buy-in
    and one end stack per table); she brought 100 and left with 105."""
    db = open_ledger(tmp_path / "club.db")
    assert import_text(db, TWO_TABLES.read_text(encoding="utf-8"), "two_tables.bhh").stored == 2
    assert sessions(db) == {
        "Anna": ("100", "0", "105", "5"),
        "Ben": ("100", "0", "99", "-1"),
        "Cara": ("100", "0", "98", "-2"),
        "Dan": ("100", "0", "98", "-2"),
    }
    assert settle_event(db, "Two tables").balances == {"Anna": 5, "Ben": -1, "Cara": -2, "Dan": -2}


@pytest.mark.parametrize(
    ("at_table_b", "parts"),
    [
        ("Anna 150 · Dan 100\n", ("147", "0", "152", "5")),
        ("Anna 150 · Dan 100\nAnna tops up 47\n", ("147", "0", "152", "5")),
        ("Anna 80 · Dan 100\n", ("100", "23", "82", "5")),
    ],
    ids=["stated-150", "tops-up-47", "stated-80"],
)
def test_a_move_with_another_stack_buys_or_cashes_the_difference(
    tmp_path: Path, at_table_b: str, parts: tuple[str, str, str, str]
) -> None:
    """Anna leaves table A with 103 and sits down at table B with 150 (written as it is, or
    with the top-up of 47 that made it): she topped up 47 on the way.  With 80 she put 23 in
    her pocket.  The export showed a second buy-in of her whole stack at table B (250 or 180
    in all) and the end stacks of both tables added up."""
    night = (
        HEADER
        + TABLE_A
        + "\ntable B\nhand 1 · button Anna · "
        + at_table_b
        + "Anna raises to 4 · Dan folds\nAnna collects 4\n"
    )
    db = open_ledger(tmp_path / "club.db")
    assert import_text(db, night, "night.bhh").stored == 2
    assert sessions(db)["Anna"] == parts
    assert settle_event(db, "Two tables").balances["Anna"] == 5


def test_a_player_who_moves_away_and_back_carries_her_stack_both_ways(tmp_path: Path) -> None:
    """Anna plays table A's hand 1 (103), moves to table B for its hand 1 (105), and is back
    at table A for its hand 3 with her 105, after Ben and Cara played hand 2 without her.
    The export read her return to table A as leaving it with 103 and coming back with 105
    (cashed 103, bought 105) and table B as a buy-in of its own: 308 bought, 103 cashed.  She
    brought 100, never cashed anything and ended with the 104 that hand 3 left her."""
    night = (
        HEADER + TABLE_A + "\ntable B\nhand 1 · button Anna · Anna 103 · Dan 100\n"
        "Anna raises to 4 · Dan folds\nAnna collects 4\n"
        "\ntable A\nhand 2 · button Ben · Ben 99 · Cara 98\n"
        "Ben raises to 4 · Cara folds\nBen collects 4\n"
        "\nhand 3 · button Cara · Anna 105 · Ben 101 · Cara 96\n"
        "Cara raises to 4 · Anna folds · Ben folds\nCara collects 5\n"
    )
    db = open_ledger(tmp_path / "club.db")
    assert import_text(db, night, "night.bhh").stored == 4
    assert sessions(db)["Anna"] == ("100", "0", "104", "4")
    assert hand_results(db)["Anna"] == 4


NIGHT_AT_TWO_TABLES = {
    "kitchen.bhh": HEADER + "table Kitchen\n"
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna raises to 4 · Ben folds · Cara folds\nAnna collects 5\n\n"
    "hand 2 · button Ben · Anna · Ben · Cara\nBen raises to 4 · Cara folds · Anna folds\n"
    "Ben collects 5\n",
    "den.bhh": HEADER + "table Den\n"
    "hand 1 · button Dan · Dan 100 · Eve 100\nDan raises to 4 · Eve folds\nDan collects 4\n\n"
    "hand 2 · button Eve · Dan · Eve\nEve raises to 4 · Dan folds\nEve collects 4\n\n"
    "hand 3 · button Anna · Anna 101 · Dan · Eve\n"
    "Anna raises to 4 · Dan folds · Eve folds\nAnna collects 5\n",
}
"""One night, one file per table, each table numbering its hands from 1: Anna plays the
kitchen's hands 1-2 (103, then 101), the kitchen breaks and she takes her 101 to the den,
where Dan and Eve have played two hands; she wins 3 in its hand 3 (104)."""


@pytest.mark.parametrize("first", ["kitchen.bhh", "den.bhh"])
def test_a_night_at_two_tables_in_two_files_follows_her_hand_numbers(
    tmp_path: Path, first: str
) -> None:
    """The night of two tables, each in its own file, imported in either order.  The export
    showed Anna buying in 201 and ending with 205.  Her hands in the two files follow each
    other by the number of the first hand she played in each (kitchen 1, den 3), not by the
    files' names or the order they were imported in: she brought 100 and ended with 104.
    (Two tables numbering their hands from 1 do not say which hand came first; when the
    numbers run on in time, as a site's or a recorder's who numbers on do, they do.)"""
    db = open_ledger(tmp_path / "club.db")
    for name in sorted(NIGHT_AT_TWO_TABLES, key=lambda n: n != first):
        assert import_text(db, NIGHT_AT_TWO_TABLES[name], name).stored in (2, 3)
    assert sessions(db) == {
        "Anna": ("100", "0", "104", "4"),
        "Ben": ("100", "0", "102", "2"),
        "Cara": ("100", "0", "97", "-3"),
        "Dan": ("100", "0", "99", "-1"),
        "Eve": ("100", "0", "98", "-2"),
    }


def test_a_player_at_two_tables_at_once_still_nets_her_hands(tmp_path: Path) -> None:
    """A file that seats Anna at two tables whose hands alternate (table A, table B, table A,
    table B), each table carrying her own stack there: not possible at once (two players
    written alike?).  The ledger reads her hands in the file's order, so each change of table
    buys or cashes the difference between the two tables' stacks; her net is still exactly
    what her hands won (+3 +2 -2 -2 = 1), as settle-up says, and nothing fails.  The export
    showed two whole buy-ins (200) and both tables' end stacks."""
    night = (
        HEADER + TABLE_A + "\ntable B\nhand 1 · button Anna · Anna 100 · Dan 100\n"
        "Anna raises to 4 · Dan folds\nAnna collects 4\n"
        "\ntable A\nhand 2 · button Ben · Anna · Ben · Cara\n"
        "Ben raises to 4 · Cara folds · Anna folds\nBen collects 5\n"
        "\ntable B\nhand 2 · button Dan · Anna · Dan\nDan raises to 4 · Anna folds\n"
        "Dan collects 4\n"
    )
    db = open_ledger(tmp_path / "club.db")
    assert import_text(db, night, "night.bhh").stored == 4
    # her stacks in the file's order: A 100 -> 103, B 100 -> 102, A 103 -> 101, B 102 -> 100;
    # bought 100, cashed 3 (103 -> 100), bought 1 (102 -> 103), bought 1 (101 -> 102)
    assert sessions(db)["Anna"] == ("102", "3", "100", "1")
    assert hand_results(db)["Anna"] == 1
    assert settle_event(db, "Two tables").balances["Anna"] == 1


def test_a_ledger_opened_again_makes_its_views_with_table_moves(tmp_path: Path) -> None:
    """A ledger last opened by the version before this rule (its schema stops at migration 8,
    its views in the file) gets the views made again when it is opened: Anna's move to table
    B is read as one run, every row of the ledger kept."""
    path = tmp_path / "club.db"
    db = open_ledger(path)
    import_text(db, TWO_TABLES.read_text(encoding="utf-8"), "two_tables.bhh")
    hands = db.execute("SELECT * FROM hand_players ORDER BY hand_id, alias_id").fetchall()
    for view in ("season_player_net", "player_event_results"):
        db.execute(f"DROP VIEW {view}")
    db.execute("DELETE FROM schema_version WHERE version >= 9")
    db.close()
    db = open_ledger(path)
    assert db.execute("SELECT * FROM hand_players ORDER BY hand_id, alias_id").fetchall() == hands
    assert sessions(db)["Anna"] == ("100", "0", "105", "5")


def test_a_move_under_a_name_merged_later_is_a_move(tmp_path: Path) -> None:
    """Ben leaves table A with 99 and sits at table B with 60, written ``Benjamin`` there;
    ``players merge Ben Benjamin``: the parts are those of the night written under one name
    (100 in, 39 out, 59 left).  They were the whole 99 cashed and 60 bought again (160 in, 99
    out): the same net, but a merge changed the treasurer's figures (season audit)."""
    from badugi_ledger.ledger.players import merge_players

    table_b = (
        "table B\nhand 2 · button Dan · Dan 100 · {ben} 60 · Eve 100\n"
        "Dan raises · {ben} folds · Eve folds\nDan collects 5\n"
    )
    results = {}
    for ben in ("Ben", "Benjamin"):
        db = open_ledger(tmp_path / f"{ben}.db")
        text = HEADER + TABLE_A + "\n" + table_b.format(ben=ben)
        assert import_text(db, text, "night.bhh").stored == 2
        if ben == "Benjamin":
            merge_players(db, "Ben", ["Benjamin"])
        results[ben] = sessions(db)["Ben"]
    assert results["Ben"] == results["Benjamin"] == ("100", "39", "59", "-2")
