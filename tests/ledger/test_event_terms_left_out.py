"""An event's term left out of the corrected file that holds it: the ledger is a fresh import.

The organiser's loop is record, check, fix, ``import --replace``, standings, and the ledger
must then be what a fresh import of the final files makes.  A term stated otherwise in the
corrected file is a conflict that ``--replace`` takes (docs/ledger.md, "Identity, conflicts
and ``--replace``"); a term deleted from it (``season 2024`` struck from the ``cash`` line, or
``season ""``, which grammar/README.md says clears it) is stated otherwise as well: a fresh
import of the file has none.  The ledger kept the old season, so ``standings --season 2024``
went on counting the night.  A term left out of one file of an event that another file
states is kept (a fresh import of both keeps it); one struck from every file of the event,
and the payouts, are tests/ledger/test_event_terms_sources.py's.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.helpers.paths import EXAMPLES

runner = CliRunner()

HOME = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
"""``examples/home_session.bhh``: one night, ``cash Friday game · date 2024-03-01 · place
Anna's kitchen · season 2024``."""
TOURNAMENT = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8")
"""``examples/tournament.bhh``: ``tournament Spring Freezeout · date 2024-04-12 · place Kira's
· season 2024 · buy-in 2000 · starting-chips 200 · payouts 70/30``."""


def invoke(*args: object) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.output


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def events_of(db: Path) -> list[tuple[object, ...]]:
    """Each event's name, date and terms as the ledger holds them."""
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT name, date, season, place, buy_in, starting_chips, payouts FROM events "
            "ORDER BY key"
        ).fetchall()


def entries_of(db: Path) -> list[tuple[object, ...]]:
    """Each tournament entry's place, prize and what it paid."""
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT a.name, t.place, t.buy_in, t.prize FROM tournament_entries t "
            "JOIN aliases a ON a.id = t.alias_id ORDER BY a.name"
        ).fetchall()


def fresh(tmp_path: Path, *files: Path) -> Path:
    """A fresh import of ``files``: the ledger a corrected ledger must equal."""
    db = tmp_path / "fresh.db"
    code, out = invoke("import", *files, "--db", db)
    assert code == 0, out
    return db


def test_a_season_struck_from_the_nights_file_is_cleared_by_replace(tmp_path: Path) -> None:
    """The brief's night: ``season 2024`` struck from ``examples/home_session.bhh``'s ``cash``
    line.  Imported again, the import says the file states it otherwise (a conflict, the
    night's hands duplicates); with ``--replace`` the season is left out of the event,
    audited, and the 2024 standings no longer count the night - as a fresh import."""
    ledger = tmp_path / "club.db"
    night = write(tmp_path / "night.bhh", HOME)
    assert invoke("import", night, "--db", ledger)[0] == 0
    write(night, HOME.replace(" · season 2024", "", 1))
    said = "the event's season is 2024 in the ledger, none in the file"
    code, out = invoke("import", night, "--db", ledger)
    assert code == 1 and "4 duplicate, 0 rejected; 1 event in conflict" in out
    assert f"conflict, the event keeps the ledger's: {said}" in out
    code, out = invoke("standings", "--db", ledger, "--season", "2024", "--format", "json")
    assert {r["player"] for r in json.loads(out)} == {"Anna", "Ben", "Cara", "Dan", "Eve"}
    code, out = invoke("import", night, "--db", ledger, "--replace")
    assert code == 0 and "1 event replaced" in out and f"replaced: {said}" in out
    assert events_of(ledger) == events_of(fresh(tmp_path, night))
    code, out = invoke("standings", "--db", ledger, "--season", "2024", "--format", "json")
    assert code != 0 and "no season '2024' in the ledger" in out
    code, out = invoke("audit", "--db", ledger, "--json")
    assert said in out
    code, out = invoke("import", night, "--db", ledger)  # the ledger and the file agree now
    assert code == 0 and "4 duplicate, 0 rejected\n" in out


@pytest.mark.parametrize(
    ("item", "words"),
    [
        (" · place Kira's", "place is Kira's"),
        (" · season 2024", "season is 2024"),
        (" · buy-in 2000", "buy-in is 20.00"),
        (" · starting-chips 200", "starting-chips is 200"),
    ],
)
def test_each_term_struck_from_a_tournaments_file_is_left_out_by_replace(
    tmp_path: Path, item: str, words: str
) -> None:
    """Each term of ``examples/tournament.bhh``'s ``tournament`` line but its payouts, struck:
    ``--replace`` leaves it out of the event, and the tournament is recomputed (no buy-in:
    nobody paid, no prize pool), as a fresh import of the corrected file has it."""
    ledger = tmp_path / "club.db"
    cup = write(tmp_path / "cup.bhh", TOURNAMENT)
    assert invoke("import", cup, "--db", ledger)[0] == 0
    assert item in TOURNAMENT
    write(cup, TOURNAMENT.replace(item, "", 1))
    code, out = invoke("import", cup, "--db", ledger, "--replace")
    assert code == 0 and f"replaced: the event's {words} in the ledger, none in the file" in out
    expected = fresh(tmp_path, cup)
    assert events_of(ledger) == events_of(expected)
    assert entries_of(ledger) == entries_of(expected)


def test_a_term_changed_and_one_struck_are_one_line_of_the_event(tmp_path: Path) -> None:
    """The season corrected and the place struck in one edit: the event's one line of the
    report says both, as a conflict and then replaced, counted as one event."""
    ledger = tmp_path / "club.db"
    night = write(tmp_path / "night.bhh", HOME)
    assert invoke("import", night, "--db", ledger)[0] == 0
    write(night, HOME.replace(" · place Anna's kitchen · season 2024", " · season 2025", 1))
    both = (
        "the event's season is 2024 in the ledger, 2025 in the file; the event's place is "
        "Anna's kitchen in the ledger, none in the file"
    )
    code, out = invoke("import", night, "--db", ledger)
    assert code == 1 and "; 1 event in conflict" in out and both in out
    code, out = invoke("import", night, "--db", ledger, "--replace")
    assert code == 0 and "; 1 event replaced" in out and both in out
    assert events_of(ledger) == events_of(fresh(tmp_path, night))


TABLE_2 = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Friday game · date 2024-03-01
table Porch

hand 1 · button Fay · Fay 100 · Gus 100
Fay folds
"""
"""A second table of the night of ``examples/home_session.bhh``, in a file of its own that
states neither its place nor its season."""


def test_a_term_another_file_of_the_event_states_is_kept(tmp_path: Path) -> None:
    """The night in two files, only the first stating its place and season: a fresh import of
    both keeps them, so the second imported again (with ``--replace`` or not) is no conflict
    and leaves them be."""
    ledger = tmp_path / "club.db"
    kitchen = write(tmp_path / "kitchen.bhh", HOME)
    porch = write(tmp_path / "porch.bhh", TABLE_2)
    assert invoke("import", kitchen, porch, "--db", ledger)[0] == 0
    for again in ([], ["--replace"]):
        code, out = invoke("import", porch, "--db", ledger, *again)
        assert code == 0 and "conflict" not in out and "replaced" not in out, out
    assert events_of(ledger) == events_of(fresh(tmp_path, kitchen, porch))
    assert events_of(ledger)[0][2:4] == ("2024", "Anna's kitchen")


def test_a_term_a_later_hand_states_first_is_the_files(tmp_path: Path) -> None:
    """grammar/README.md, *Headers*: a term may be "stated for the first time" between a
    session's hands.  The season struck from the ``cash`` line and ``season 2025`` written
    before hand 3: the file states 2025 (a fresh import of it has 2025), so the import says
    so at hand 3 and ``--replace`` takes it - the ledger kept 2024 before, the hands
    duplicates and their later session never compared."""
    ledger = tmp_path / "club.db"
    night = write(tmp_path / "night.bhh", HOME)
    assert invoke("import", night, "--db", ledger)[0] == 0
    later = HOME.replace(" · season 2024", "", 1).replace(
        "\nhand 3 ·", "\nseason 2025\n\nhand 3 ·", 1
    )
    write(night, later)
    said = "the event's season is 2024 in the ledger, 2025 in the file"
    code, out = invoke("import", night, "--db", ledger)
    assert code == 1 and "; 1 event in conflict" in out and "hand 3 at table Kitchen" in out
    assert said in out and "none in the file" not in out
    code, out = invoke("import", night, "--db", ledger, "--replace")
    assert code == 0 and f"replaced: {said}" in out
    assert events_of(ledger) == events_of(fresh(tmp_path, night))
