"""An organiser's change that starts while another command writes the ledger waits for it, and
then acts on the ledger as that command left it: which event a name names, whether it is void
already, a tournament's terms, who is merged with whom.  The other command is held just before
its commit until this one has asked for the lock
(:func:`tests.helpers.ledger_race.second_waits_for_first`)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from badugi_ledger.ledger.corrections import void
from badugi_ledger.ledger.importing import import_files, import_outcomes
from badugi_ledger.ledger.players import merge_players, players_action
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.model.errors import LedgerError
from badugi_ledger.reports.tournament import tournament_result
from tests.helpers.ledger_builder import hand
from tests.helpers.ledger_race import second_waits_for_first
from tests.helpers.paths import EXAMPLES
from tests.ledger.test_corrections_voids import EVENT, HEAD, invoke, night, write

LATER = HEAD.replace("2024-06-01", "2024-06-02")


def _imported(tmp_path: Path) -> tuple[Path, Path]:
    """A ledger holding the night ``n.bhh``, and the night's file."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    return db, path


def _events(db: Path) -> dict[str, tuple[int, str | None]]:
    """Each event's date: its hands not voided one by one (moved away, or voided alone), and
    its void reason."""
    with sqlite3.connect(db) as conn:
        return {
            str(date): (int(hands), reason)
            for date, hands, reason in conn.execute(
                "SELECT e.date, (SELECT count(*) FROM hands h WHERE h.event_id = e.id "
                "AND h.void_reason IS NULL), "
                "e.void_reason FROM events e"
            )
        }


def _event_voids(db: Path) -> list[str]:
    """The reasons of the audit's voids of a whole event."""
    with sqlite3.connect(db) as conn:
        return [
            str(row[0])
            for row in conn.execute(
                "SELECT reason FROM audit WHERE action = 'void' AND hand_row IS NULL ORDER BY id"
            )
        ]


def _redated(path: Path) -> Path:
    """The night's file with its date corrected (an import with --replace moves its hands)."""
    return write(path, night(head=LATER))


def test_a_second_void_of_an_event_waiting_for_the_first_is_refused(tmp_path: Path) -> None:
    db, _ = _imported(tmp_path)
    first, second = second_waits_for_first(
        db,
        lambda conn: void(conn, EVENT, None, "first organiser"),
        lambda conn: void(conn, EVENT, None, "second organiser"),
    )
    assert not isinstance(first, BaseException), first
    assert isinstance(second, LedgerError), second
    assert "void already: first organiser" in str(second)
    assert _event_voids(db) == ["first organiser"]
    assert _events(db)["2024-06-01"][1] == "first organiser"


def test_a_void_of_an_event_waiting_for_its_nights_move_voids_the_night(tmp_path: Path) -> None:
    """The night's date corrected (``import --replace``) while the void waits: the night,
    now in the event of its new date, is voided, not the old event its hands left."""
    db, path = _imported(tmp_path)
    moved, voided = second_waits_for_first(
        db,
        lambda conn: import_files(conn, [_redated(path)], replace=True),
        lambda conn: void(conn, EVENT, None, "misdeal"),
    )
    assert not isinstance(moved, BaseException), moved
    assert not isinstance(voided, BaseException), voided
    events = _events(db)
    assert events["2024-06-02"] == (6, "misdeal")
    assert events["2024-06-01"][1] is None


def test_a_void_of_a_hand_waiting_for_its_nights_move_voids_the_hand(tmp_path: Path) -> None:
    db, path = _imported(tmp_path)
    moved, voided = second_waits_for_first(
        db,
        lambda conn: import_files(conn, [_redated(path)], replace=True),
        lambda conn: void(conn, EVENT, "4", "misdeal"),
    )
    assert not isinstance(moved, BaseException), moved
    assert not isinstance(voided, BaseException), voided
    assert _events(db)["2024-06-02"] == (5, None)
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT e.date, h.void_reason FROM hands h JOIN events e ON e.id = h.event_id "
            "WHERE h.hand_number = '4' ORDER BY h.id"
        ).fetchall()
    assert ("2024-06-02", "misdeal") in rows, rows


TOURNAMENT = "Spring Freezeout"


def _tournament(folder: Path, text: str | None = None) -> tuple[Path, Path]:
    """A ledger holding ``examples/tournament.bhh`` (or ``text``), and the tournament's file."""
    db = folder / "club.db"
    path = write(
        folder / "night" / "t.bhh",
        text or (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8"),
    )
    assert invoke("import", path, "--db", db)[0] == 0
    return db, path


def _table(db: Path) -> dict[str, object]:
    """The tournament's terms and entries as ``tournament --json`` gives them."""
    code, out = invoke("tournament", "--event", TOURNAMENT, "--db", db, "--json")
    assert code == 0, out
    shown = json.loads(out)
    return {"terms": shown["terms"], "entries": shown["entries"]}


def test_a_term_recorded_while_another_is_recorded_keeps_both(tmp_path: Path) -> None:
    """The bounty recorded while the prize unit is being recorded: the ledger keeps both, as
    when the two commands run one after the other."""
    bounty, unit = {"bounty": 500}, {"prize_unit": 500}
    db, _ = _tournament(tmp_path / "race")
    first, second = second_waits_for_first(
        db,
        lambda conn: tournament_result(conn, TOURNAMENT, changes=unit),
        lambda conn: tournament_result(conn, TOURNAMENT, changes=bounty),
    )
    assert not isinstance(first, BaseException), first
    assert not isinstance(second, BaseException), second
    in_turn, _ = _tournament(tmp_path / "in_turn")
    for changes in (unit, bounty):
        with ledger_at(in_turn) as conn:
            tournament_result(conn, TOURNAMENT, changes=changes)
    assert _table(db) == _table(in_turn)
    with ledger_at(in_turn) as conn:  # and the command said so
        assert second == tournament_result(conn, TOURNAMENT)


def test_terms_recorded_while_the_tournament_moves_go_with_it(tmp_path: Path) -> None:
    """The bounty recorded while ``import --replace`` corrects the tournament's date: the
    bounty is the moved tournament's, as when the two run one after the other."""
    text = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8")
    moved = text.replace("2024-04-12", "2024-04-13")
    db, path = _tournament(tmp_path / "race", text)
    first, second = second_waits_for_first(
        db,
        lambda conn: import_files(conn, [write(path, moved)], replace=True),
        lambda conn: tournament_result(conn, TOURNAMENT, changes={"bounty": 500}),
    )
    assert not isinstance(first, BaseException), first
    assert not isinstance(second, BaseException), second
    in_turn, _ = _tournament(tmp_path / "in_turn", moved)
    with ledger_at(in_turn) as conn:
        tournament_result(conn, TOURNAMENT, changes={"bounty": 500})
    assert _table(db) == _table(in_turn)


def _players(path: Path) -> Path:
    """Ben, Benjamin and Bennie, each at a table of his own, Ben merged into Benjamin."""
    with ledger_at(path) as db:
        import_outcomes(
            db,
            [
                hand("1", {"Anna": 50, "Ben": 50}, {"Anna": 5, "Ben": 5}, {"Anna": 10}),
                hand(
                    "2",
                    {"Benjamin": 50, "Cara": 50},
                    {"Benjamin": 5, "Cara": 5},
                    {"Cara": 10},
                    line=5,
                ),
                hand("3", {"Bennie": 50, "Dan": 50}, {"Bennie": 5, "Dan": 5}, {"Dan": 10}, line=9),
            ],
            "night.bhh",
        )
        merge_players(db, "Benjamin", ["Ben"])
    return path


def test_an_unmerge_waiting_for_a_merge_names_every_player_it_split(tmp_path: Path) -> None:
    """Bennie merged into Benjamin while ``players unmerge Benjamin`` waits: the un-merge gives
    Ben and Bennie back their own players, and its answer names all three, as when the two
    run one after the other."""
    db = _players(tmp_path / "race.db")
    merged, split = second_waits_for_first(
        db,
        lambda conn: merge_players(conn, "Benjamin", ["Bennie"]),
        lambda conn: players_action(conn, "unmerge", ["Benjamin"]),
    )
    assert not isinstance(merged, BaseException), merged
    assert not isinstance(split, BaseException), split
    with ledger_at(_players(tmp_path / "in_turn.db")) as conn:
        merge_players(conn, "Benjamin", ["Bennie"])
        assert split == players_action(conn, "unmerge", ["Benjamin"])
