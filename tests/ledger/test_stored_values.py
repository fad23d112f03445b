"""A ledger edited by hand: a value its STRICT schema lets in but badugi-ledger never writes is
one clear error naming the table, row, column and value, from every command that reads it
(found by editing a ledger of the bundled examples one column at a time and running every
reading command: each of these was a traceback)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.stored_values import (
    STORED_VALUES,
    check_balanced_hands,
    check_stored_values,
)
from badugi_ledger.model.errors import LedgerError
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import CORPUS, EXAMPLES

runner = CliRunner()


@pytest.fixture(scope="module")
def examples_ledger(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("stored") / "club.db"
    assert import_into(db, [EXAMPLES]).ok
    return db


def edited(examples_ledger: Path, tmp_path: Path, sql: str) -> Path:
    """A copy of the examples' ledger with ``sql`` run on it, as a hand at ``sqlite3``."""
    db = tmp_path / "edited.db"
    shutil.copy(examples_ledger, db)
    conn = sqlite3.connect(db)
    with conn:
        assert conn.execute(sql).rowcount > 0
    conn.close()
    return db


def tournament_id(db: Path) -> int:
    conn = sqlite3.connect(db)
    (event_id,) = conn.execute("SELECT min(id) FROM events WHERE kind = 'tournament'").fetchone()
    conn.close()
    return int(event_id)


CASH = "(SELECT min(id) FROM events WHERE kind = 'cash')"
CASH_HANDS = f"(SELECT id FROM hands WHERE event_id = {CASH})"
CASES = [
    ("hands", "game", None, f"UPDATE hands SET game = NULL WHERE event_id = {CASH}", "show"),
    ("hands", "game", "'omaha'", f"UPDATE hands SET game = 'omaha' WHERE event_id = {CASH}",
     "show"),
    ("hands", "cards", "'x'", f"UPDATE hands SET cards = 'x' WHERE event_id = {CASH}", "show"),
    ("hands", "cards", "'-1'", f"UPDATE hands SET cards = '-1' WHERE event_id = {CASH}", "show"),
    ("hand_players", "seat", None,
     f"UPDATE hand_players SET seat = NULL WHERE hand_id IN {CASH_HANDS}", "show"),
    ("pots", "eligible", "'[1'",
     f"UPDATE pots SET eligible = '[1' WHERE hand_id IN {CASH_HANDS}", "show"),
    ("pots", "eligible", "'-1'",
     f"UPDATE pots SET eligible = '-1' WHERE hand_id IN {CASH_HANDS}", "show"),
    # (a place may be NULL: nobody knows it, the tournament's end not shown; ledger/prizes.py)
    ("tournament_entries", "bounty_won", None,
     "UPDATE tournament_entries SET bounty_won = NULL", "settle"),
    ("events", "payouts", "'[50, \"x\", 20]'",
     "UPDATE events SET payouts = '[50, \"x\", 20]' WHERE kind = 'tournament'", "tournament"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("table", "column", "value", "sql", "command"),
    CASES,
    ids=[f"{case[0]}.{case[1]}={case[2]}-{case[4]}" for case in CASES],
)
def test_a_value_badugi_ledger_never_writes_is_one_error_naming_it(
    examples_ledger: Path,
    tmp_path: Path,
    table: str,
    column: str,
    value: str | None,
    sql: str,
    command: str,
) -> None:
    db = edited(examples_ledger, tmp_path, sql)
    args = {
        "show": ["show", "--db", str(db), "--event", "1"],
        "standings": ["standings", "--db", str(db)],
        "tournament": ["tournament", "--db", str(db), "--event", str(tournament_id(db))],
        "settle": ["settle", "--db", str(db), "--event", str(tournament_id(db))],
    }[command]
    if command == "show":
        conn = sqlite3.connect(db)
        (cash,) = conn.execute(f"SELECT {CASH}").fetchone()
        conn.close()
        args[-1] = str(cash)
    result = runner.invoke(app, args)
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: "), result.output
    shown = "NULL" if value is None else value
    assert f"holds what badugi-ledger never writes: {table} row " in lines[0]
    assert f", column {column}, is {shown} where it writes " in lines[0]
    assert "restore it from a backup, or import the hand files again" in lines[0]


def test_the_import_names_the_edited_value_and_stores_nothing(
    examples_ledger: Path, tmp_path: Path
) -> None:
    """Importing the tournament again compares its payouts with the ledger's (edited to what
    is no list): the file is refused with the edited value named, and the ledger is as it was."""
    db = edited(
        examples_ledger, tmp_path, "UPDATE events SET payouts = '-1' WHERE kind = 'tournament'"
    )
    before = sqlite3.connect(db).execute("SELECT count(*) FROM hands").fetchone()
    result = runner.invoke(app, ["import", str(EXAMPLES / "tournament.bhh"), "--db", str(db)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code != 0
    assert (
        "events row " in result.output
        and ", column payouts, is '-1' where it writes a JSON list of whole numbers"
        in result.output
    )  # noqa: E501
    assert sqlite3.connect(db).execute("SELECT count(*) FROM hands").fetchone() == before


def test_a_long_value_is_quoted_cut(examples_ledger: Path, tmp_path: Path) -> None:
    db = edited(examples_ledger, tmp_path, f"UPDATE hands SET cards = '{'x' * 500}'")
    with pytest.raises(LedgerError, match=r"is 'x{58}… where it writes a JSON object;"):
        check_stored_values(sqlite3.connect(db), "hands")


def test_what_badugi_ledger_writes_passes(examples_ledger: Path, tmp_path: Path) -> None:
    """Every table of a ledger holding every bundled example (cash, tournament, Progressive
    carried pots, every game) passes: the check refuses only what the tool never writes."""
    conn = sqlite3.connect(examples_ledger)
    for table in STORED_VALUES:
        (count,) = conn.execute(f'SELECT count(*) FROM "{table}"').fetchone()
        assert count > 0, table  # each table holds rows to check
        check_stored_values(conn, table)
    check_balanced_hands(conn)  # every hand's postings and players' rows tell one story


def test_a_hand_whose_postings_no_longer_balance_is_named_by_settle(
    examples_ledger: Path, tmp_path: Path
) -> None:
    """A posting deleted by hand: the settle-up said only that the balances sum to 2; it names
    the hand whose double entry no longer balances."""
    db = edited(
        examples_ledger,
        tmp_path,
        "DELETE FROM postings WHERE id = (SELECT min(p.id) FROM postings p JOIN hands h "
        f"ON h.id = p.hand_id WHERE h.event_id = {CASH} AND p.kind = 'blind' AND p.amount = -2)",
    )
    conn = sqlite3.connect(db)
    (cash,) = conn.execute(f"SELECT {CASH}").fetchone()
    (number, table) = conn.execute(
        "SELECT h.hand_number, h.table_name FROM hands h JOIN postings p ON p.hand_id = h.id "
        "WHERE h.event_id = ? GROUP BY h.id HAVING sum(p.amount) != 0",
        [cash],
    ).fetchone()
    conn.close()
    result = runner.invoke(app, ["settle", "--db", str(db), "--event", str(cash)])
    assert result.exit_code == 1, result.output
    (line,) = result.output.strip().splitlines()
    at = f" at table {table!r}" if table else ""  # a night of one unnamed table names none
    assert f"the postings of hand {number}{at} (hands row " in line
    assert "sum to 2 chips, not 0" in line and "import the hand files again" in line


def _one_error_line(db: Path, command: list[str]) -> str:
    result = runner.invoke(app, [*command, "--db", str(db)])
    assert isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, result.output
    (line,) = result.output.strip().splitlines()
    assert line.startswith("Error: ") and "import the hand files again" in line
    return line


def _first_cash_hand(db: Path) -> tuple[int, str, str, int]:
    """(hands row, hand number, the first player's name, the cash event) of the first hand of
    the first cash night."""
    conn = sqlite3.connect(db)
    row = conn.execute(
        "SELECT h.id, h.hand_number, a.name, h.event_id FROM hands h "
        "JOIN hand_players hp ON hp.hand_id = h.id JOIN aliases a ON a.id = hp.alias_id "
        f"WHERE h.event_id = {CASH} ORDER BY h.id, hp.seat LIMIT 1"
    ).fetchone()
    conn.close()
    return int(row[0]), str(row[1]), str(row[2]), int(row[3])


@pytest.mark.parametrize(
    "command",
    [["standings"], ["settle"], ["export", "--table", "sessions", "--format", "csv"], ["report"]],
)
def test_a_final_stack_edited_is_named_by_standings_and_settle(
    examples_ledger: Path, tmp_path: Path, command: list[str]
) -> None:
    """A player's final stack raised by hand: ``standings`` (and the sessions export and the
    season report) add up stacks, ``settle`` adds up postings, so they would disagree by those
    chips; each names the hand and the player."""
    hand_row, number, name, cash = _first_cash_hand(examples_ledger)
    db = edited(
        examples_ledger,
        tmp_path,
        f"UPDATE hand_players SET final_stack = final_stack + 10 WHERE hand_id = {hand_row} "
        f"AND alias_id = (SELECT id FROM aliases WHERE name = '{name}')",
    )
    extra = {"settle": ["--event", str(cash)], "report": ["--out", str(tmp_path / "r.html")]}
    line = _one_error_line(db, command + extra.get(command[0], []))
    assert f"hand {number}" in line and f"(hands row {hand_row}) takes {name} from " in line
    assert f"but {name} puts in " in line and " chips and collects " in line  # in its unit


@pytest.mark.parametrize("command", [["standings"], ["settle"]])
def test_chips_moved_between_two_players_postings_are_named(
    examples_ledger: Path, tmp_path: Path, command: list[str]
) -> None:
    """Two postings of one hand edited so that they still balance (10 chips taken from one
    player's collection and given to another's bet): the double entry sums to zero, but the
    players' rows no longer match what their postings move."""
    hand_row, number, _, cash = _first_cash_hand(examples_ledger)
    conn = sqlite3.connect(examples_ledger)
    first, second = (
        row[0]
        for row in conn.execute(
            "SELECT min(id) FROM postings WHERE hand_id = ? AND alias_id IS NOT NULL "
            "GROUP BY alias_id ORDER BY min(id) LIMIT 2",
            [hand_row],
        )
    )
    conn.close()
    db = tmp_path / "moved.db"
    shutil.copy(examples_ledger, db)
    conn = sqlite3.connect(db)
    with conn:
        conn.execute("UPDATE postings SET amount = amount - 10 WHERE id = ?", [first])
        conn.execute("UPDATE postings SET amount = amount + 10 WHERE id = ?", [second])
    (total,) = conn.execute(
        "SELECT sum(amount) FROM postings WHERE hand_id = ?", [hand_row]
    ).fetchone()
    conn.close()
    assert total == 0  # still balanced: only the players' rows tell
    line = _one_error_line(db, command + (["--event", str(cash)] if command == ["settle"] else []))
    assert f"hand {number}" in line and f"(hands row {hand_row}) takes " in line
    assert "has postings that move " in line


def test_an_edited_hand_of_money_is_named_in_its_currency(tmp_path: Path) -> None:
    """A cash game in dollars keeps cents: the error says dollars, never "chips" (two units
    are never mixed up, in a message either).  Real hands: PokerStars' Badugi cash file."""
    db = tmp_path / "stars.db"
    assert import_into(db, [CORPUS / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt"]).ok
    conn = sqlite3.connect(db)
    with conn:
        conn.execute(
            "UPDATE hand_players SET final_stack = final_stack + 5 "
            "WHERE hand_id = (SELECT min(hand_id) FROM hand_players) AND seat = "
            "(SELECT min(seat) FROM hand_players WHERE hand_id = "
            "(SELECT min(hand_id) FROM hand_players))"
        )
    with pytest.raises(LedgerError, match=r"takes \S+ from \d+\.\d\d USD to \d+\.\d\d USD, but"):
        check_balanced_hands(conn)
    conn.close()


@pytest.mark.parametrize("command", [["standings"], ["settle"]])
def test_a_hands_player_rows_deleted_are_named(
    examples_ledger: Path, tmp_path: Path, command: list[str]
) -> None:
    """The rows of a hand's players deleted, its postings kept: settle counted the hand,
    standings left it out (Anna 14 where she won 28), and neither said a word."""
    hand_row, number, name, cash = _first_cash_hand(examples_ledger)
    db = edited(examples_ledger, tmp_path, f"DELETE FROM hand_players WHERE hand_id = {hand_row}")
    extra = {"settle": ["--event", str(cash)]}
    line = _one_error_line(db, command + extra.get(command[0], []))
    assert f"hand {number}" in line and f"(hands row {hand_row}) has postings of " in line
    assert "who is none of its players (no hand_players row)" in line


@pytest.mark.parametrize("command", [["standings"], ["settle"]])
def test_a_name_of_no_player_is_named(
    examples_ledger: Path, tmp_path: Path, command: list[str]
) -> None:
    """A name's player deleted (or its player_id changed): the name vanished from standings
    and players while settle still paid it."""
    _, _, name, cash = _first_cash_hand(examples_ledger)
    db = edited(
        examples_ledger, tmp_path, f"UPDATE aliases SET player_id = 9999 WHERE name = '{name}'"
    )
    extra = {"settle": ["--event", str(cash)]}
    line = _one_error_line(db, command + extra.get(command[0], []))
    assert f"the name {name!r} (aliases row " in line and "belongs to no player" in line
