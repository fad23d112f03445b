"""A cash night's parts (bought, cashed, the stack at the end) follow the order the hands were
played, not the order the ledger stored them in: a hand renumbered and imported again, a night
split over two files imported in either order, a hand read again at another line, and a hand
voided in the middle of the night.  Invented home games; every player's net is the same as the
straightforward import of the night gives (the money never moves), only the parts were wrong.

The night: Anna, Ben and Cara each bring 100 and play four hands; nobody buys or cashes
anything, so each ends with buy_in 100, buy_out 0 and the stack the last hand left."""

from __future__ import annotations

import csv
import io
import shutil
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from badugi_ledger.ledger.corrections import void
from badugi_ledger.ledger.importing import import_outcomes, import_text
from badugi_ledger.ledger.schema import SCHEMA_VERSION
from badugi_ledger.ledger.sql import dict_rows
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.ledger.views import VIEWS, number_key
from badugi_ledger.reports.export import export_table
from badugi_ledger.reports.settle import settle_event
from tests.helpers.ledger_builder import hand
from tests.helpers.paths import FIXTURES

SCHEMA6 = FIXTURES / "ledger_schema6.db"

HEADER = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Order night · date 2024-03-08\n\n"
HANDS = (
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna raises · Ben folds · Cara folds\nAnna collects 5\n",
    "hand 2 · button Ben · Anna · Ben · Cara\nBen raises · Cara folds · Anna folds\n"
    "Ben collects 5\n",
    "hand 3 · button Cara · Anna · Ben · Cara\nCara raises · Anna folds · Ben folds\n"
    "Cara collects 5\n",
    "hand 4 · button Anna · Anna · Ben · Cara\nAnna raises · Ben folds · Cara folds\n"
    "Anna collects 5\n",
)
"""Stacks after each hand: Anna 103, 101, 100, 103; Ben 99, 102, 100, 99; Cara 98, 97, 100, 98."""
PLAYED_THROUGH = {
    "Anna": ("100", "0", "103", "3"),
    "Ben": ("100", "0", "99", "-1"),
    "Cara": ("100", "0", "98", "-2"),
}
"""(buy_in, buy_out, stack, net) of each player after the four hands, as the export shows them."""


def night(*hands: str) -> str:
    return HEADER + "\n".join(hands)


def sessions_of(db: sqlite3.Connection) -> dict[tuple[str, str], tuple[str, str, str, str]]:
    """Each player's (buy_in, buy_out, stack, net) per event in the sessions export."""
    rows = csv.DictReader(io.StringIO(export_table(db, "sessions", "csv").decode()))
    return {
        (r["player_nickname"], r["event"]): (r["buy_in"], r["buy_out"], r["stack"], r["net"])
        for r in rows
    }


def sessions(db: sqlite3.Connection) -> dict[str, tuple[str, str, str, str]]:
    """Each player's (buy_in, buy_out, stack, net) in the sessions export of one event."""
    return {player: parts for (player, _), parts in sessions_of(db).items()}


def test_a_hand_renumbered_and_imported_again_keeps_its_place(tmp_path: Path) -> None:
    """The organiser renames ``hand 2`` to ``hand 2b`` and imports the night again with
    ``--replace``: hand 2 is voided (no longer in the file) and 2b stored as a new row, after
    hand 4.  The export showed Anna cashing out 2 and Ben topping up 3 (2b's play, read
    between hands 1 and 3 and again after hand 4); nobody bought or cashed anything."""
    db = open_ledger(tmp_path / "club.db")
    assert import_text(db, night(*HANDS), "night.bhh").stored == 4
    renumbered = HANDS[1].replace("hand 2 ", "hand 2b ")
    edited = night(HANDS[0], renumbered, *HANDS[2:])
    report = import_text(db, edited, "night.bhh", replace=True)
    assert report.stored == 1 and len(report.replaced) == 1
    assert sessions(db) == PLAYED_THROUGH
    order = [r["hand"] for r in dict_rows(db, "SELECT hand FROM play_order ORDER BY seq")]
    assert order == ["1", "2b", "3", "4"]


def test_a_night_split_over_two_files_reads_the_same_in_either_order(tmp_path: Path) -> None:
    """Hands 1-2 in one file and 3-4 (stacks stated) in another, the second imported first:
    the export showed Anna buying 101 and cashing 3, Ben buying 103.  The files follow each
    other by the number of their first hand, whatever order they were imported in."""
    later = HANDS[2].replace("· Anna · Ben · Cara", "· Anna 101 · Ben 102 · Cara 97", 1)
    for order in (("late", "early"), ("early", "late")):
        db = open_ledger(tmp_path / f"{order[0]}.db")
        files = {"early": night(*HANDS[:2]), "late": night(later, HANDS[3])}
        for name in order:
            assert import_text(db, files[name], f"{name}.bhh").stored == 2
        assert sessions(db) == PLAYED_THROUGH, order


def test_a_hand_read_again_at_another_line_moves_there() -> None:
    """A night whose hands state their stacks (as PHH files and sites do) is imported, then
    again with lines added at the top and a forgotten hand put back between hands 1 and 3:
    hands 1 and 3 are the same hands (duplicates) at new lines.  The ledger kept their old
    lines, so hand 3 sat before the hand put back, and the export showed Anna cashing out 2
    and buying 3."""
    db = open_ledger(None)
    h1 = hand("1", {"A": 100, "B": 100}, {"A": 2, "B": 2}, {"A": 4}, line=1)
    h2 = hand("2", {"A": 102, "B": 98}, {"A": 2, "B": 2}, {"B": 4}, line=15)
    h3 = hand("3", {"A": 100, "B": 100}, {"A": 3, "B": 3}, {"A": 6}, line=9)
    import_outcomes(db, [h1, h3], "night.bhh")
    moved_h1 = hand("1", {"A": 100, "B": 100}, {"A": 2, "B": 2}, {"A": 4}, line=11)
    moved_h3 = hand("3", {"A": 100, "B": 100}, {"A": 3, "B": 3}, {"A": 6}, line=19)
    report = import_outcomes(db, [moved_h1, h2, moved_h3], "night.bhh")
    assert (report.stored, report.duplicate) == (1, 2)
    assert sessions(db) == {"A": ("100", "0", "103", "3"), "B": ("100", "0", "97", "-3")}
    lines = [r["line"] for r in dict_rows(db, "SELECT line FROM play_order ORDER BY seq")]
    assert lines == [11, 15, 19]


MISDEAL_NIGHT = (
    "game badugi · fixed limit 2/4 · blinds 1/2\ncash Misdeal night · date 2024-03-29\n\n"
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna raises · Ben folds · Cara folds\nAnna collects 5\n\n"
    "hand 2 · button Ben · Anna · Ben · Cara · Dan 100\nCara tops up 17\n"
    "Anna folds · Ben raises · Cara folds · Dan folds\nBen collects 5\n\n"
    "hand 3 · button Cara · Anna · Ben · Cara\nCara raises · Anna folds · Ben folds\n"
    "Cara collects 5\n"
)
"""Hand 2 is the misdeal: Ben wins 3 in it, Cara (who topped up 17 before it) loses 1, Dan
(who sat down for it alone) loses 2, Anna folds for nothing."""


def test_a_voided_hand_in_the_middle_is_no_top_up_or_cash_out(tmp_path: Path) -> None:
    """The club voids hand 2 of the night.  The export showed Ben topping up 3 and Cara 16
    (her 17 less the 1 the voided hand cost her): the voided hand's play read as money across
    it.  Its play is neither bought nor cashed: Ben brought 100 and took nothing
    away, Cara brought 117 (her top-up before the hand is real money); what the voided hand
    won or lost them (``void_result``) is taken out of the stack they are counted with.  Dan,
    who played only the voided hand, is in no figure; settle-up says the same nets."""
    db = open_ledger(tmp_path / "club.db")
    assert import_text(db, MISDEAL_NIGHT, "misdeal.bhh").stored == 3
    void(db, "Misdeal night", "2", "misdeal: Ben was dealt five cards")
    # stacks at the table after hand 3: Anna 102, Ben 100, Cara 117
    assert sessions(db) == {
        "Anna": ("100", "0", "102", "2"),
        "Ben": ("100", "0", "97", "-3"),
        "Cara": ("117", "0", "118", "1"),
    }
    voided = {
        r["player"]: (r["hands"], r["void_result"])
        for r in dict_rows(db, "SELECT player, hands, void_result FROM player_event_results")
    }
    assert voided == {"Anna": (2, 0), "Ben": (2, 3), "Cara": (2, -1)}
    assert settle_event(db, "Misdeal night").balances == {"Anna": 2, "Ben": -3, "Cara": 1}


def test_a_ledger_of_schema_6_reads_its_nights_in_play_order_once_upgraded(
    tmp_path: Path,
) -> None:
    """``fixtures/ledger_schema6.db``, written by the version before play order (its views in
    the file), holds the three nights above as that version left them: a hand renumbered and
    imported again, a night's two files imported late one first, a hand voided.  Its sessions
    export showed bought and cashed chips nobody bought or cashed; opened by this version
    (migration 7 makes the views again), every row is kept, every net is the same, and the
    parts are those of the nights as played."""
    path = tmp_path / "club.db"
    shutil.copy(SCHEMA6, path)
    with closing(sqlite3.connect(path)) as old:
        before = old.execute("SELECT event, player, net FROM player_event_results").fetchall()
        hands = old.execute("SELECT * FROM hands ORDER BY id").fetchall()
        assert sessions_of(old)[("Anna", "Order night")] == ("100", "2", "101", "3")
    db = open_ledger(path)
    assert db.execute("SELECT max(version) FROM schema_version").fetchone() == (SCHEMA_VERSION,)
    upgraded = db.execute("SELECT * FROM hands ORDER BY id").fetchall()
    assert [row[: len(hands[0])] for row in upgraded] == hands  # and each number's key after
    assert [row[len(hands[0])] for row in upgraded] == [number_key(row[3]) for row in hands]
    after = db.execute("SELECT event, player, net FROM player_event_results").fetchall()
    assert sorted(after) == sorted(before)
    got = sessions_of(db)
    for player, parts in PLAYED_THROUGH.items():
        assert got[(player, "Order night")] == got[(player, "Split night")] == parts
    assert got[("Ben", "Misdeal night")] == ("100", "0", "97", "-3")
    assert got[("Cara", "Misdeal night")] == ("117", "0", "118", "1")


PREFIX_HEADER = (
    "game badugi · fixed limit 2/4 · blinds 1/2\ncash Prefix night · date 2024-03-15\n\n"
)
PREFIX_EARLY = (
    "hand P9 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna raises · Ben folds · Cara folds\nAnna collects 5\n"
)
PREFIX_LATE = (
    "hand P10 · button Ben · Anna 103 · Ben 99 · Dan 100\n"
    "Ben raises · Dan folds · Anna folds\nBen collects 5\n\n"
    "hand P11 · button Cara · Anna · Ben · Cara 120\n"
    "Cara raises · Anna folds · Ben folds\nCara collects 5\n"
)
"""A night whose recorder numbers its hands ``P9``, ``P10``…, in two files: hand P9 (stacks
after it: Anna 103, Ben 99, Cara 98), then P10 and P11.  Cara leaves after P9 with her 98,
misses P10 (Dan plays it alone and leaves with 99) and comes back to P11 with 120."""
PREFIX_PLAYED = {
    "Anna": ("100", "0", "100", "0"),
    "Ben": ("100", "0", "100", "0"),
    "Cara": ("220", "98", "123", "1"),
    "Dan": ("100", "0", "99", "-1"),
}
"""(buy_in, buy_out, stack, net) of each player in the sessions export: Cara cashed out the 98
she left with and bought the 120 she came back with."""


def test_files_numbered_p9_and_p10_follow_each_other_by_their_numbers(tmp_path: Path) -> None:
    """The file whose first hand is P9 was played before the one whose first hand is P10, in
    whichever order they were imported.  Compared as text, P10 came first: the export showed
    Anna buying 103, Cara buying 120 and cashing out 23 (her P9 read after P11)."""
    files = {"early": PREFIX_HEADER + PREFIX_EARLY, "late": PREFIX_HEADER + PREFIX_LATE}
    for order in (("late", "early"), ("early", "late")):
        db = open_ledger(tmp_path / f"{order[0]}.db")
        for name in order:
            assert import_text(db, files[name], f"{name}.bhh").stored
        assert sessions(db) == PREFIX_PLAYED, order
        hands = [r["hand"] for r in dict_rows(db, "SELECT hand FROM play_order ORDER BY seq")]
        assert hands == ["P9", "P10", "P11"], order


@pytest.mark.parametrize(
    ("earlier", "later"),
    [
        ("P9", "P10"),
        ("#99", "#100"),
        ("A7", "A10"),
        ("T2-9", "T10-1"),
        ("7-8", "7-10"),  # ids of badugi-ledger simulate: table 7, hands 8 and 10
        ("33423082-5", "33423082-12"),  # Merge's ids (docs/importers.md)
        ("T1-2-9", "T1-2-10"),
        ("９", "１０"),  # full-width digits: a number as int reads them
        ("٩", "١٠"),  # Arabic-Indic digits
        ("9" * 999, "1" + "0" * 999),  # a run of more digits than three can count
        ("9", "10"),
        ("3", "3b"),
        ("007", "7"),
        ("10", "P1"),
        ("P10", "Q2"),
        ("ten", "two"),
    ],
)
def test_a_tables_files_follow_each_other_by_the_numbers_of_their_first_hands(
    earlier: str, later: str
) -> None:
    """``play_order`` compares the first numbers of a table's files naturally: every run of
    digits as the number it makes, the text between them as text, then the whole text."""
    db = open_ledger(None)
    for number, name in ((later, "later.bhh"), (earlier, "earlier.bhh")):
        played = hand(number, {"A": 100, "B": 100}, {"A": 2, "B": 2}, {"A": 4}, source=name)
        assert import_outcomes(db, [played], name).stored == 1
    seq = {r["hand"]: r["seq"] for r in dict_rows(db, "SELECT hand, seq FROM play_order")}
    assert seq == {earlier: 1, later: 2}


def test_a_ledger_of_schema_12_reads_files_numbered_p9_and_p10_in_order_once_upgraded(
    tmp_path: Path,
) -> None:
    """A ledger whose views were made by the version before the natural order (a table's
    files by ``CAST`` of their first number, then as text) gets them made again when it is
    opened (migration 13): the P9 file comes before the P10 one, every row kept."""
    path = tmp_path / "club.db"
    db = open_ledger(path)
    for name, hands in (("late", PREFIX_LATE), ("early", PREFIX_EARLY)):
        assert import_text(db, PREFIX_HEADER + hands, f"{name}.bhh").stored
    for name in reversed(VIEWS):
        db.execute(f"DROP VIEW {name}")
    for name, select in VIEWS.items():
        old = "CAST(p.file_first AS INTEGER), p.file_first"
        select = select.replace("p.file_key, p.file_first", old)
        # A player's files are sorted by the natural keys of his first hand in each.
        old = "CAST(r.file_first AS INTEGER), r.file_first"
        select = select.replace("r.file_key, r.file_first", old)
        db.execute(f"CREATE VIEW {name} AS {select}")
    db.execute("DELETE FROM schema_version WHERE version >= 13")
    rows = db.execute("SELECT * FROM hand_players ORDER BY hand_id, alias_id").fetchall()
    assert sessions(db)["Cara"] == ("120", "23", "98", "1")
    db.close()
    db = open_ledger(path)
    assert db.execute("SELECT max(version) FROM schema_version").fetchone() == (SCHEMA_VERSION,)
    assert db.execute("SELECT * FROM hand_players ORDER BY hand_id, alias_id").fetchall() == rows
    assert sessions(db) == PREFIX_PLAYED


# A two-file tournament numbered as ``simulate`` numbers its hands (the check/import agreement
# fuzzer's reproducer): hand 7-10 was not written down, Bram busts in 7-11, the last hand.
CUP = "game badugi · no limit · blinds 5/10\n" + (
    "tournament Cup · date 2024-06-01 · buy-in 1000 · payouts 60/40\ntable Final\n\n"
)
CUP_FIRST = (
    CUP
    + """hand 7-8 · button Kira · Kira 200 · Noor 100 · Bram 310
Kira folds · Noor folds
Bram collects 10

hand 7-9 · button Noor · Kira · Noor · Bram
Noor raises to 95 all-in · Bram folds · Kira calls 85
draw: Kira 1 · Noor 1
draw: Kira 1 · Noor 1
draw: Kira 1 · Noor 1
show: Kira 7h 5c 3d 2s · Noor Kh 8s 4d 2c
Kira collects 195
"""
)
CUP_SECOND = (
    CUP
    + """hand 7-11 · button Kira · Kira 320 · Bram 290
Kira raises to 290 · Bram calls 280 all-in
draw: Bram 1 · Kira 1
draw: Bram 1 · Kira 1
draw: Bram 1 · Kira 1
show: Kira 7h 5c 3d 2s · Bram Kh 8s 4d 2c
Kira collects 580
"""
)


def places(db: sqlite3.Connection) -> list[tuple[str, int, int]]:
    return [
        (r["player"], r["place"], r["prize"])
        for r in dict_rows(
            db,
            "SELECT p.name AS player, t.place, t.prize FROM tournament_entries t "
            "JOIN aliases a ON a.id = t.alias_id JOIN players p ON p.id = a.player_id "
            "ORDER BY t.place",
        )
    ]


def test_a_tournament_in_two_files_numbered_7_8_and_7_11_is_placed_in_that_order(
    tmp_path: Path,
) -> None:
    """The second file (7-11) was played after the first (7-8): Bram, out in its last hand,
    is second; Kira, who holds every chip, first.  ``7-11`` once came first (the text after
    the first run of digits decided), and the prizes went the other way."""
    path = tmp_path / "club.db"
    db = open_ledger(path)
    for name, text in (("b.bhh", CUP_SECOND), ("a.bhh", CUP_FIRST)):
        assert import_text(db, text, name).stored
    right = [("Kira", 1, 1800), ("Bram", 2, 1200), ("Noor", 3, 0)]
    assert places(db) == right
    # A ledger stored before the key (migration 17): none, and the places computed in the
    # old order; opened, it gets the keys and the places again.
    db.execute("UPDATE hands SET number_key = NULL")
    db.execute("UPDATE tournament_entries SET place = 4 - place, prize = 1200 WHERE place < 3")
    db.execute("DELETE FROM schema_version WHERE version >= 17")
    db.commit()
    db.close()
    db = open_ledger(path)
    assert db.execute("SELECT count(*) FROM hands WHERE number_key IS NULL").fetchone() == (0,)
    assert places(db) == right
    # Keys of another form (here the numbers' own text, which puts 7-11 first), the places
    # computed by them: migration 18 computes every key again, and the places.
    db.execute("UPDATE hands SET number_key = hand_number")
    db.execute("UPDATE tournament_entries SET place = 4 - place, prize = 1200 WHERE place < 3")
    db.execute("DELETE FROM schema_version WHERE version >= 18")
    db.commit()
    db.close()
    db = open_ledger(path)
    keys = db.execute("SELECT hand_number, number_key FROM hands").fetchall()
    assert all(key == number_key(number) for number, key in keys)
    assert places(db) == right
