"""A tournament written one file per table: its hands are put together as they were played, so
its places and prizes are those of the same night written in one file.

Places follow the busts in the order they happened (``docs/ledger.md``, *Tournaments*).  When a
table sends a player to the other one and later takes players from it, neither file was played
wholly before the other: read file after file, the players who came over were still in with
the stacks their old table left them, and shared the top places with the winner (chips that
do not exist: 130 of a tournament's 120).  The hands written for this test run on in number
across the two tables, as a recorder who numbers on writes them.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger.importing import import_files
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.ledger.tournament_order import Row, play_order

HEAD = (
    "game badugi · fixed limit 10/20 · blinds 5/10\n"
    "tournament Cup · date 2024-07-01 · season 2024 · buy-in 1000 · starting-chips 30 · "
    "payouts 50/30/20\n"
)
HANDS = {
    1: "table T1\n\nhand 1 · button Ann · Ann 30 · Bob 30 · Cat 30\nAnn folds · Bob folds\n"
    "Cat collects 10\nfinal: Ann 30 · Bob 25 · Cat 35\n",
    # Cat moves to T2 with the 35 chips T1 left her
    2: "table T2\n\nhand 2 · button Dan · Dan 30 · Cat 35\nDan folds\nCat collects 10\n"
    "final: Dan 25 · Cat 40\n",
    3: "table T1\n\nhand 3 · button Bob · Ann · Bob\n"
    "Bob raises to 20 · Ann raises to 30 · Bob calls 5 all-in\n"
    "draw: Ann 1 · Bob 1\ndraw: Ann 1 · Bob 1\ndraw: Ann 1 · Bob 1\n"
    "show: Ann 7s 5d 4c 2h · Bob 9c 6h 3d 3s\nAnn collects 50\nfinal: Ann 55 · Bob 0\n",
    4: "table T2\n\nhand 4 · button Cat · Dan · Cat\n"
    "Cat raises to 20 · Dan raises to 25 all-in · Cat calls 5\n"
    "draw: Dan 1 · Cat 1\ndraw: Dan 1 · Cat 1\ndraw: Dan 1 · Cat 1\n"
    "show: Cat 7s 5d 4c 2h · Dan 9c 6h 3d 3s\nCat collects 50\nfinal: Dan 0 · Cat 65\n",
    # T2 breaks: Cat goes back to T1 with 65
    5: "table T1\n\nhand 5 · button Ann · Ann 55 · Cat 65\nAnn raises to 20 · Cat folds\n"
    "Ann collects 20\nfinal: Ann 65 · Cat 55\n",
}
PLACES = [
    # player, place, place to, prize (cents), chips: the night stops with Ann and Cat still
    # in, so neither has a place yet (a place is never invented) and the top prizes wait
    ("Ann", None, None, 0, 65),
    ("Cat", None, None, 0, 55),
    ("Dan", 3, 3, 800, 0),
    ("Bob", 4, 4, 0, 0),
]


def _night(*hands: int) -> str:
    return HEAD + "".join("\n" + HANDS[h] for h in hands)


def _places(db: sqlite3.Connection) -> list[tuple[object, ...]]:
    return db.execute(
        "SELECT a.name, t.place, t.place_to, t.prize, t.chips FROM tournament_entries t "
        "JOIN aliases a ON a.id = t.alias_id ORDER BY t.place, a.name"
    ).fetchall()


def _imported(tmp_path: Path, files: dict[str, str], order: list[str]) -> sqlite3.Connection:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    db = open_ledger(tmp_path / "club.db")
    report = import_files(db, [tmp_path / name for name in order], jobs=1)
    assert report.ok and report.stored == 5, report.text_lines()
    return db


def test_the_night_in_one_file(tmp_path: Path) -> None:
    db = _imported(tmp_path, {"cup.bhh": _night(1, 2, 3, 4, 5)}, ["cup.bhh"])
    assert _places(db) == PLACES


@pytest.mark.parametrize(
    "names",
    [("t1.bhh", "t2.bhh"), ("t2.bhh", "t1.bhh"), ("b.bhh", "a.bhh")],
    ids=["T1-first", "T2-first", "T2-named-first"],
)
def test_one_file_per_table_places_as_the_night_in_one_file(
    tmp_path: Path, names: tuple[str, str]
) -> None:
    """Cat plays T1's hand 1, T2's hands 2 and 4, and T1's hand 5: T1's file holds hands
    played before and after T2's.  Read file after file, Cat was still in with 65 beside Ann's
    65: 130 chips of a tournament's 120."""
    first, second = names
    files = {first: _night(1, 3, 5), second: _night(2, 4)}
    for order in ([first, second], [second, first]):
        folder = tmp_path / "-".join(order)
        folder.mkdir()
        db = _imported(folder, files, order)
        assert _places(db) == PLACES


def _row(hand: int, name: str, start: int, final: int, source: str) -> Row:
    return (hand, 1, 0, name, start, final, 0, 0, source, 0, str(hand))


def test_moves_that_contradict_each_other_keep_the_files_whole() -> None:
    """Pia leaves A after hand 3 with 50 and sits down at B in its hand 5; Quinn leaves B after
    hand 6 with 70 and sits down at A in its hand 2.  Both cannot be so (A's hand 2 before B's
    hand 6, which follows B's hand 5, after A's hand 3): the files are played whole, as
    numbered."""
    a = [
        _row(1, "Pia", 30, 40, "a.bhh"),
        _row(2, "Quinn", 70, 80, "a.bhh"),
        _row(3, "Pia", 40, 50, "a.bhh"),
    ]
    b = [
        _row(4, "Quinn", 30, 60, "b.bhh"),
        _row(5, "Pia", 50, 20, "b.bhh"),
        _row(6, "Quinn", 60, 70, "b.bhh"),
    ]
    assert [row[0] for row in play_order([a, b])] == [1, 2, 3, 4, 5, 6]


def test_where_no_move_says_hands_numbered_on_follow_their_numbers() -> None:
    """Hands numbered on across the tables (no number twice) come in the order of their
    numbers where no move says which came first."""
    a = [_row(1, "Ann", 30, 30, "a.bhh"), _row(3, "Ann", 30, 30, "a.bhh")]
    b = [_row(2, "Ben", 30, 30, "b.bhh"), _row(4, "Ben", 30, 30, "b.bhh")]
    assert [row[0] for row in play_order([a, b])] == [1, 2, 3, 4]
    assert [row[0] for row in play_order([b, a])] == [1, 2, 3, 4]


def test_where_no_move_says_tables_numbered_from_1_keep_their_files_order() -> None:
    """Each table numbering its hands from 1: the numbers say nothing, the files keep their
    order (the number of their first hand, then the file names), each read until a hand of
    it must wait for another file's."""
    a = [_row(1, "Ann", 30, 30, "a.bhh"), _row(2, "Ann", 30, 30, "a.bhh")]
    b = [_row(3, "Ben", 30, 30, "b.bhh"), _row(4, "Ben", 30, 30, "b.bhh")]
    a = [row[:10] + (key,) for row, key in zip(a, ["1", "2"], strict=True)]
    b = [row[:10] + (key,) for row, key in zip(b, ["1", "2"], strict=True)]
    assert [row[0] for row in play_order([a, b])] == [1, 2, 3, 4]
    assert [row[0] for row in play_order([b, a])] == [3, 4, 1, 2]


def test_a_ledger_opened_again_places_its_tournaments_in_files_again(tmp_path: Path) -> None:
    """A ledger whose tournaments in several files were placed file after file (its schema
    stops before migration 19) gets them recomputed when it is opened."""
    files = {"t1.bhh": _night(1, 3, 5), "t2.bhh": _night(2, 4)}
    db = _imported(tmp_path, files, ["t1.bhh", "t2.bhh"])
    db.execute("UPDATE tournament_entries SET place = 1, place_to = 2, prize = 1600")
    db.execute("DELETE FROM schema_version WHERE version >= 19")
    db.commit()
    db.close()
    db = open_ledger(tmp_path / "club.db")
    assert _places(db) == PLACES


def _keyed(hand: int, key: str, name: str, start: int, final: int, source: str) -> Row:
    return (hand, 1, 0, name, start, final, 0, 0, source, 0, key)


def test_a_stack_equal_to_the_starting_chips_is_no_move() -> None:
    """Pia sits down at T2 with the starting 100 (her first hand); T3 happened to leave her
    with 100 later.  Read as a move, T2 came after T3, which her real moves contradict, and
    the files were read whole: the numbers, which run on across the tables, lost."""
    t1 = [_keyed(3, "3", "Pia", 95, 90, "t1"), _keyed(5, "5", "Ann", 100, 0, "t1")]
    t2 = [_keyed(1, "1", "Pia", 100, 95, "t2"), _keyed(6, "6", "Ben", 100, 0, "t2")]
    t3 = [_keyed(4, "4", "Pia", 90, 100, "t3"), _keyed(7, "7", "Cy", 100, 0, "t3")]
    order = [row[0] for row in play_order([t1, t2, t3], starting_chips=100)]
    assert order == [1, 3, 4, 5, 6, 7]


def test_tables_numbered_on_keep_their_numbers_beside_a_final_table_numbered_from_1() -> None:
    """T1 plays hands 1 and 3, T2 hands 2 and 4, the final table numbers from 1 again: T1's
    and T2's numbers still say which of their hands came first."""
    t1 = [_keyed(1, "1", "Ann", 30, 30, "t1"), _keyed(3, "3", "Ann", 30, 60, "t1")]
    t2 = [_keyed(2, "2", "Ben", 30, 30, "t2"), _keyed(4, "4", "Ben", 30, 60, "t2")]
    final = [_keyed(9, "1", "Ann", 60, 120, "final"), _keyed(9, "1", "Ben", 60, 0, "final")]
    order = [row[0] for row in play_order([final, t1, t2], starting_chips=30)]
    assert order == [1, 2, 3, 4, 9, 9]
