"""A ledger you can correct: one identity per hand (event, table, hand number), conflicts,
``import --replace``, ``void``, ``audit``, ``events`` - through the real parser and replay,
on a fresh ledger and on one written by badugi-ledger at schema version 2."""

from __future__ import annotations

import json
import re
import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import Result
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.location import LEDGER_ENV
from badugi_ledger.model.events import Session
from tests.helpers.ledger_builder import hand
from tests.helpers.paths import FIXTURES

runner = CliRunner()
FIXTURE = FIXTURES / "ledger_schema2.db"

# An invented night (not from the seeds): hand 1 goes to showdown, Ben's 7-5-3-2 beating
# Cara's 8-6-4-A and Anna's K-Q-J-T; hand 2's stacks are carried from hand 1.
NIGHT = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Friday Night · date 2024-03-01 · season 2024
table Main

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna calls · Ben calls · Cara checks
draw: Ben 1 · Cara 1 · Anna 1
Ben checks · Cara checks · Anna checks
draw: Ben pat · Cara pat · Anna pat
Ben checks · Cara checks · Anna checks
draw: Ben pat · Cara pat · Anna pat
Ben checks · Cara checks · Anna checks
show: Ben 7h 5c 3d 2s · Cara 8s 6d 4c Ah · Anna Kh Qd Js Tc

hand 2 · button Ben · Anna · Ben · Cara
Ben folds · Cara folds

hand 3 · button Cara · Anna · Ben · Cara
Cara folds · Anna folds
"""
CARD_FIXED = NIGHT.replace("show: Ben 7h 5c 3d 2s", "show: Ben 7h 5c 4d 2s")  # Ben still wins
CARA_WINS = NIGHT.replace("show: Ben 7h 5c 3d 2s", "show: Ben 9h 5c 3d 2s")  # 9-high loses

# An invented sit-and-go (as in test_ledger_cli): D, then C, then B are out; A wins.
CUP = """\
game badugi · no limit · blinds 10/20
tournament Spring Cup · date 2024-04-06 · season 2024 · buy-in 1000 · payouts 70/30

hand 1 · button A · A 500 · B 500 · C 500 · D 500
D raises to 500 all-in · A calls · B folds · C folds
show: A As 2d 3h 4c · D Ks Qd Jh Tc

hand 2 · button B · A · B · C
B folds · C raises to 480 all-in · A calls
show: A As 2d 3h 4c · C Ks Qd Jh Tc

hand 3 · button A · A · B
A raises to 40 · B raises to 490 all-in · A calls
show: A As 2d 3h 4c · B Ks Qd Jh Tc
"""
C_WINS_HAND_2 = CUP.replace(  # C doubles up and is still in at the end: second on chips
    "show: A As 2d 3h 4c · C Ks Qd Jh Tc", "show: A Ks Qd Jh Tc · C As 2d 3h 4c"
)


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def invoke(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def standings_nets(db: Path) -> dict[str, int]:
    code, out = invoke("standings", "--db", db, "--kind", "cash", "--format", "json")
    assert code == 0, out
    return {row["player"]: row["net"] for row in json.loads(out)}


def cash_nets(db: Path) -> dict[str, int]:
    """The night's nets (settle-up's balances), checked against the season standings: what the
    night adds to them (the schema-2 ledger holds other nights of the same players)."""
    code, out = invoke("settle", "--event", "Friday Night", "--db", db, "--json")
    assert code == 0, out
    nets: dict[str, int] = json.loads(out)["balances"]
    season = standings_nets(db)
    with sqlite3.connect(db) as conn:
        others = dict(
            conn.execute(
                "SELECT p.name, sum(hp.final_stack - hp.starting_stack) FROM hand_players hp "
                "JOIN counted_hands h ON h.id = hp.hand_id JOIN events e ON e.id = h.event_id "
                "JOIN aliases a ON a.id = hp.alias_id JOIN players p ON p.id = a.player_id "
                "WHERE e.kind = 'cash' AND e.name != 'Friday Night' GROUP BY p.id"
            ).fetchall()
        )
    for player, net in nets.items():
        assert season[player] == net + others.get(player, 0), player
    return nets


def hands_stored(db: Path, event: str) -> list[tuple[str, str]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT h.hand_number, h.fingerprint FROM hands h JOIN events e ON e.id = h.event_id "
            "WHERE e.name = ? ORDER BY h.id",
            [event],
        ).fetchall()


@pytest.fixture(params=["fresh", "schema 2"])
def ledger(request: pytest.FixtureRequest, tmp_path: Path) -> Path:
    """An empty ledger file, or a copy of one written by badugi-ledger at schema version 2."""
    db = tmp_path / "club.db"
    if request.param == "schema 2":
        shutil.copy(FIXTURE, db)
    return db


def test_the_correction_loop(ledger: Path, tmp_path: Path) -> None:
    night = write(tmp_path, "night.bhh", NIGHT)
    # (1) import a night
    code, out = invoke("import", night, "--db", ledger)
    assert code == 0 and "3 stored, 0 duplicate, 0 rejected" in out, out
    assert f"ledger: {ledger}" in out
    first = hands_stored(ledger, "Friday Night")
    before = cash_nets(ledger)
    assert (before["Ben"], before["Cara"]) == (4 + 1, -2 - 1)  # wins 6, posts the bb in hand 3

    # (2) the same night with one card fixed: a conflict, nothing stored twice, exit 1
    write(tmp_path, "night.bhh", CARD_FIXED)
    code, out = invoke("import", night, "--db", ledger)
    assert code == 1, out
    assert "0 stored, 2 duplicate, 1 conflict, 0 rejected" in out
    assert "hand 1 at table Main of Friday Night (2024-03-01): conflict" in out
    assert "Ben's shown cards 7h 5c 3d 2s → 7h 5c 4d 2s" in out
    assert hands_stored(ledger, "Friday Night") == first
    assert cash_nets(ledger) == before

    # (3) a money-changing edit with --replace: hand 1 and hand 2 (its carried stacks) follow
    write(tmp_path, "night.bhh", CARA_WINS)
    code, out = invoke("import", night, "--db", ledger, "--json")
    assert code == 1
    report = json.loads(out)
    # hand 1 changed; hands 2 and 3 carry its stacks, so their rows would change too
    assert (report["conflict"], report["stored"], report["duplicate"]) == (3, 0, 0)
    differences = report["files"][0]["conflicts"][0]["differences"]
    assert "Ben: final stack 104 → 98, collected 6 → 0" in differences, differences
    assert "Ben's shown cards 7h 5c 3d 2s → 9h 5c 3d 2s" in differences
    assert cash_nets(ledger) == before  # a conflict changes nothing
    code, out = invoke("import", night, "--db", ledger, "--replace")
    assert code == 0, out
    assert "0 stored, 0 duplicate, 3 replaced, 0 rejected" in out
    after = cash_nets(ledger)
    assert (after["Ben"], after["Cara"]) == (-2 + 1, 4 - 1)
    assert sum(after.values()) == 0
    replaced = hands_stored(ledger, "Friday Night")
    assert [n for n, _ in replaced] == ["1", "2", "3"]  # still one of each, in order
    assert replaced[0][1] != first[0][1] and replaced[1:] == first[1:]  # hand 2: same record
    with sqlite3.connect(ledger) as conn:
        ben_in_hand_2 = conn.execute(
            "SELECT hp.starting_stack FROM hand_players hp JOIN hands h ON h.id = hp.hand_id "
            "JOIN aliases a ON a.id = hp.alias_id JOIN events e ON e.id = h.event_id "
            "WHERE e.name = 'Friday Night' AND h.hand_number = '2' AND a.name = 'Ben'"
        ).fetchone()[0]
    assert ben_in_hand_2 == 98  # carried from the replaced hand 1

    # (4) the replace shows in the audit, with both fingerprints
    code, out = invoke("audit", "--db", ledger, "--json")
    entries = [e for e in json.loads(out)["entries"] if e["event"].startswith("Friday Night")]
    assert [(e["action"], e["hand"]) for e in entries] == [
        ("replace", "1"), ("replace", "2"), ("replace", "3")
    ]  # fmt: skip
    assert entries[0]["old_fingerprint"] == first[0][1]
    assert entries[0]["new_fingerprint"] == replaced[0][1]
    assert entries[1]["old_fingerprint"] == entries[1]["new_fingerprint"] == first[1][1]
    assert "night.bhh" in entries[0]["reason"] and entries[0]["time"]

    # (5) void a hand: standings drop it; the hand stays in the ledger
    code, out = invoke(
        "void", "--event", "Friday Night", "--hand", "1", "--reason", "misdeal", "--db", ledger
    )
    assert code == 0 and f"ledger: {ledger}" in out, out
    voided = cash_nets(ledger)
    assert (voided["Ben"], voided["Cara"]) == (1, -1)  # hand 3's blinds only
    assert len(hands_stored(ledger, "Friday Night")) == 3
    code, out = invoke("audit", "--db", ledger, "--json")
    last = json.loads(out)["entries"][-1]
    assert (last["action"], last["hand"], last["reason"]) == ("void", "1", "misdeal")
    code, out = invoke("events", "--db", ledger, "--json")
    row = next(e for e in json.loads(out)["events"] if e["event"] == "Friday Night")
    assert (row["hands"], row["players"], row["kind"], row["unit"]) == (2, 3, "cash", "chips")
    code, out = invoke("export", "--table", "hands", "--format", "json", "--db", ledger)
    exported = [h for h in json.loads(out) if h["event"] == "Friday Night"]
    assert [h["hand"] for h in exported] == ["2", "3"]


def test_replace_recomputes_tournament_places_and_prizes(ledger: Path, tmp_path: Path) -> None:
    cup = write(tmp_path, "cup.bhh", CUP)
    assert invoke("import", cup, "--db", ledger)[0] == 0
    code, out = invoke("tournament", "--event", "Spring Cup", "--db", ledger, "--json")
    places = {e["player"]: (e["place"], e["prize"]) for e in json.loads(out)["entries"]}
    assert places["A"] == (1, 28.0) and places["B"] == (2, 12.0)
    write(tmp_path, "cup.bhh", C_WINS_HAND_2)
    assert invoke("import", cup, "--db", ledger)[0] == 1
    code, out = invoke("import", cup, "--db", ledger, "--replace")
    assert code == 0 and "2 replaced" in out, out  # hand 2, and hand 3's carried stacks
    code, out = invoke("tournament", "--event", "Spring Cup", "--db", ledger, "--json")
    places = {e["player"]: (e["place"], e["prize"]) for e in json.loads(out)["entries"]}
    # the corrected night stops with A and C still in: no winner, the top prizes wait
    assert places == {"A": (None, 0), "C": (None, 0), "B": (3, 0), "D": (4, 0)}
    # Voiding hand 3, where B went out: B is still in, with no place (the night unfinished).
    code, out = invoke(
        "void", "--event", "Spring Cup", "--hand", "3", "--reason", "wrong", "--db", ledger
    )
    assert code == 0, out
    code, out = invoke("tournament", "--event", "Spring Cup", "--db", ledger, "--json")
    places = {e["player"]: (e["place"], e["prize"]) for e in json.loads(out)["entries"]}
    assert places["B"][0] is None and places["D"] == (4, 0)


def test_void_a_whole_event_and_settle_the_latest(tmp_path: Path) -> None:
    ledger = tmp_path / "club.db"
    invoke("import", write(tmp_path, "night.bhh", NIGHT), "--db", ledger)
    invoke("import", write(tmp_path, "cup.bhh", CUP), "--db", ledger)
    result = runner.invoke(app, ["settle", "--db", str(ledger), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout)["event"] == "Spring Cup (2024-04-06)"
    assert "the latest event: Spring Cup (2024-04-06)" in result.stderr
    code, out = invoke(
        "void", "--event", "Spring Cup", "--reason", "not a club game", "--db", ledger
    )
    assert code == 0, out
    code, out = invoke("standings", "--db", ledger, "--format", "json")
    assert all("points" not in row for row in json.loads(out))  # no tournament counts now
    result = runner.invoke(app, ["settle", "--db", str(ledger), "--json"])
    assert json.loads(result.stdout)["event"] == "Friday Night (2024-03-01)"
    code, out = invoke("settle", "--event", "Spring Cup", "--db", ledger)
    assert code == 1 and "is void: not a club game" in out
    code, out = invoke("void", "--event", "Spring Cup", "--reason", "again", "--db", ledger)
    assert code == 1 and "void already" in out


def test_a_hand_whose_carried_pot_a_later_hand_took_is_not_voided_alone(tmp_path: Path) -> None:
    """``examples/progressive_night.bhh``: hand P1 carries its 12 chips (``002``) into P2,
    whose winner collects them.  Voiding P1 alone would leave P2's carried-in pot coming from
    nowhere (the carry account paying out 12 chips nobody put in); P2 first, then P1, keeps
    every balance summing to zero."""
    from tests.helpers.paths import EXAMPLES

    ledger = tmp_path / "club.db"
    invoke("import", EXAMPLES / "progressive_night.bhh", "--db", ledger)
    event = ["--event", "Progressive night", "--db", ledger, "--reason", "misdeal"]
    code, out = invoke("void", "--hand", "P1", *event)
    assert code == 1
    carried = "hand P1 of Progressive night (2024-05-03) carried its pot of 12 chips into hand P2"
    assert carried in out
    assert "void hand P2 first" in out
    assert invoke("void", "--hand", "P2", *event)[0] == 0  # the pot then waits in *carry*
    assert invoke("void", "--hand", "P1", *event)[0] == 0
    code, out = invoke("settle", "--event", "Progressive night", "--db", ledger, "--json")
    balances = json.loads(out)["balances"]
    assert sum(balances.values()) == 0 and "*carry*" not in balances


FRIDAY = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Fri · date 2024-03-01 · season 2024
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna raises · Ben folds · Cara folds
Anna collects 5
"""


def test_a_night_given_another_unit_is_a_conflict_and_replace_moves_it(tmp_path: Path) -> None:
    """The unit names the event (docs/ledger.md: hands in another currency or chip value make
    an event of their own), and a hand is one event's: the same hand read again with its
    night's chips now worth 10 euro cents is a conflict, not a duplicate left in chips, and
    ``--replace`` moves it; its figures are then in euros, never added to the chips'."""
    ledger = tmp_path / "club.db"
    invoke("import", write(tmp_path, "fri.bhh", FRIDAY), "--db", ledger)
    euros = write(
        tmp_path, "fri.bhh", FRIDAY.replace("season 2024", "season 2024 · chips 1 = 0.10 EUR")
    )
    code, out = invoke("import", euros, "--db", ledger)
    assert code == 1 and "0 stored, 0 duplicate, 1 conflict" in out
    assert (
        "the ledger holds it in the event 'cash|Fri|2024-03-01', the file puts it in "
        "'cash|Fri|2024-03-01|10c EUR'" in out
    )
    code, out = invoke("import", euros, "--db", ledger, "--replace")
    assert code == 0 and "1 replaced" in out
    code, out = invoke("standings", "--db", ledger, "--format", "json")
    rows = json.loads(out)
    assert {(r["player"], r["net"], r["unit"]) for r in rows} == {
        ("Anna", 0.3, "EUR"),
        ("Ben", -0.1, "EUR"),
        ("Cara", -0.2, "EUR"),
    }


def test_an_event_fact_stated_otherwise_is_a_conflict_and_replace_takes_it(
    tmp_path: Path,
) -> None:
    """The season (and place, buy-in, starting chips, payouts) the file states for an event
    the ledger holds with another: a conflict, not a silent duplicate; ``--replace`` takes the
    file's (audited).  Left out of the only file of the event, the fact is stated otherwise
    too: a fresh import of the file has none (tests/ledger/test_event_terms_left_out.py)."""
    ledger = tmp_path / "club.db"
    invoke(
        "import", write(tmp_path, "fri.bhh", FRIDAY.replace("2024\n", "2025\n", 1)), "--db", ledger
    )
    fixed = write(tmp_path, "fri.bhh", FRIDAY)
    code, out = invoke("import", fixed, "--db", ledger)
    assert code == 1 and "the event's season is 2025 in the ledger, 2024 in the file" in out
    assert "0 stored, 1 duplicate, 0 rejected; 1 event in conflict" in out  # not a hand
    code, out = invoke("import", fixed, "--db", ledger, "--replace")
    assert code == 0 and "0 stored, 1 duplicate, 0 rejected; 1 event replaced" in out
    code, out = invoke("standings", "--db", ledger, "--season", "2024", "--format", "json")
    assert {r["player"] for r in json.loads(out)} == {"Anna", "Ben", "Cara"}
    code, out = invoke("audit", "--db", ledger, "--json")
    assert "the event's season is 2025 in the ledger, 2024 in the file" in out
    unstated = write(tmp_path, "fri.bhh", FRIDAY.replace(" · season 2024", ""))
    code, out = invoke("import", unstated, "--db", ledger)
    assert code == 1 and "0 stored, 1 duplicate, 0 rejected; 1 event in conflict" in out
    assert "the event's season is 2024 in the ledger, none in the file" in out


def test_terms_that_move_with_a_redated_tournament_are_counted_as_an_event(
    tmp_path: Path,
) -> None:
    """A tournament with a bounty, its date corrected: its 3 hands move to the new event and so
    do its terms.  The report said "3 stored, 0 duplicate, 4 replaced" of a 3-hand file."""
    ledger = tmp_path / "club.db"
    path = write(tmp_path, "cup.bhh", CUP)
    assert invoke("import", path, "--db", ledger)[0] == 0
    code, out = invoke("tournament", "--db", ledger, "--event", "Spring Cup", "--bounty", "1")
    assert code == 0, out
    write(tmp_path, "cup.bhh", CUP.replace("2024-04-06", "2024-04-07"))
    code, out = invoke("import", path, "--db", ledger, "--replace")
    assert code == 0, out
    assert "3 stored, 0 duplicate, 3 replaced, 0 rejected; 1 event replaced" in out, out
    assert "the terms of Spring Cup (2024-04-06) (event 1)" in out, out


def test_an_event_fact_in_conflict_is_said_as_the_header_writes_it(tmp_path: Path) -> None:
    """A buy-in is money (``10.00``, not the cents the ledger keeps) and payouts a table
    (``70/30``, not JSON), so the organiser recognises the header line to fix."""
    ledger = tmp_path / "club.db"
    cup = (
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "tournament Cup · date 2024-01-01 · buy-in {buy_in} · starting-chips 100 · payouts {pay}\n"
        "hand 1 · button A · A 100 · B 100\nA folds\nB collects 2\n"
    )
    invoke("import", write(tmp_path, "cup.bhh", cup.format(buy_in=1000, pay=100)), "--db", ledger)
    edited = write(tmp_path, "cup.bhh", cup.format(buy_in=2000, pay="70/30"))
    code, out = invoke("import", edited, "--db", ledger)
    assert code == 1
    assert "the event's buy-in is 10.00 in the ledger, 20.00 in the file" in out, out
    assert "the event's payouts is 100 in the ledger, 70/30 in the file" in out, out


def test_an_event_fact_the_ledger_lacks_is_taken_from_the_file(tmp_path: Path) -> None:
    """A tournament imported before its payouts were written, then again with them: its
    prizes are paid (a fact the ledger lacks is filled in, as a new event's are), though
    every hand is a duplicate."""
    from tests.helpers.paths import EXAMPLES

    ledger = tmp_path / "club.db"
    text = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8")
    assert " · payouts 70/30" in text
    cup = write(tmp_path, "cup.bhh", text.replace(" · payouts 70/30", ""))
    invoke("import", cup, "--db", ledger)
    event = ("--event", "Spring Freezeout")
    before = json.loads(invoke("settle", *event, "--db", ledger, "--json")[1])["balances"]
    assert "*prize pool*" in before
    write(tmp_path, "cup.bhh", text)
    code, out = invoke("import", cup, "--db", ledger)
    assert code == 0 and "3 duplicate" in out, out
    after = json.loads(invoke("settle", *event, "--db", ledger, "--json")[1])["balances"]
    assert "*prize pool*" not in after and sum(after.values()) == 0


def counting(db: Path) -> list[str]:
    """The hand numbers that count, in the order stored."""
    with sqlite3.connect(db) as conn:
        return [n for (n,) in conn.execute("SELECT hand_number FROM counted_hands ORDER BY id")]


def test_a_hand_left_out_is_named_at_the_line_it_held_before(tmp_path: Path) -> None:
    """Hand 2 stood at line 15 of the night file; deleted, hand 3 stands there now (and is a
    conflict of its own: its stacks changed): the report names hand 2 at the line it held
    (``formerly line 15``), in a conflict and when ``--replace`` voids it, so two hands are
    not named at one line; the JSON report's ``line`` stays that line."""
    ledger = tmp_path / "club.db"
    night = write(tmp_path, "night.bhh", NIGHT)
    assert NIGHT.splitlines()[14].startswith("hand 2 ·")
    invoke("import", night, "--db", ledger)
    without_2 = NIGHT.replace(
        "hand 2 · button Ben · Anna · Ben · Cara\nBen folds · Cara folds\n\n", ""
    )
    assert without_2.splitlines()[14].startswith("hand 3 ·")
    write(tmp_path, "night.bhh", without_2)
    code, out = invoke("import", night, "--db", ledger)
    assert code == 1
    assert "\n  formerly line 15 hand 2 at table Main of Friday Night (2024-03-01): " in out, out
    out_text = out  # hand 3, which stands at line 15 now, is a conflict too (its stacks)
    code, out = invoke("import", night, "--db", ledger, "--json")
    conflicts = json.loads(out)["files"][0]["conflicts"]
    assert [(c["hand"], c["line"]) for c in conflicts] == [("3", 15), ("2", 15)]
    assert "\n  line 15 hand 3 at table Main of Friday Night (2024-03-01): " in out_text
    code, out = invoke("import", night, "--db", ledger, "--replace")
    assert code == 0
    assert "\n  formerly line 15 hand 2 at table Main of Friday Night (2024-03-01): " in out, out


def test_a_hand_deleted_or_renumbered_in_the_file_does_not_go_on_counting(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand taken out of a night file (or given another number) and the file imported again:
    the hand the earlier import stored is no longer in the file, so it is a conflict (it would
    count beside the file's new version), and ``--replace`` voids it, audited; the night then
    counts exactly the file's hands."""
    ledger = tmp_path / "club.db"
    # (the ledger a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(ledger))
    night = write(tmp_path, "night.bhh", NIGHT)
    invoke("import", night, "--db", ledger)
    without_2 = NIGHT.replace(
        "hand 2 · button Ben · Anna · Ben · Cara\nBen folds · Cara folds\n\n", ""
    )
    assert without_2 != NIGHT
    write(tmp_path, "night.bhh", without_2)
    code, out = invoke("import", night, "--db", ledger)
    assert code == 1
    assert (
        "hand 2 at table Main of Friday Night (2024-03-01): conflict, not stored: imported "
        "from this file before, and not in it any more: void it (badugi-ledger void) if it "
        "was taken out on purpose, or import again with --replace" in out
    )
    assert "(nothing stored: see the conflicts)" in out
    assert counting(ledger) == ["1", "2", "3"]  # nothing of the edited file was stored
    code, out = invoke("import", night, "--db", ledger, "--replace")
    assert code == 0 and "not in it any more: voided" in out, out
    assert counting(ledger) == ["1", "3"]
    code, out = invoke("audit", "--db", ledger)
    assert f"hand 2: not in {night} any more (import --replace)" in out
    # Renumbered: the new number is a new hand, the old one is left out and voided.
    write(tmp_path, "night.bhh", without_2.replace("hand 3 ·", "hand 3b ·"))
    code, out = invoke("import", night, "--db", ledger, "--replace")
    assert code == 0 and "1 stored" in out and "not in it any more: voided" in out, out
    assert counting(ledger) == ["1", "3b"]
    # The session renamed (its case corrected): a new event's hands; the old ones voided.
    write(tmp_path, "night.bhh", without_2.replace("Friday Night", "Friday night"))
    code, out = invoke("import", night, "--db", ledger, "--replace")
    assert code == 0 and "2 stored" in out and out.count("not in it any more: voided") == 2
    with sqlite3.connect(ledger) as conn:
        events = conn.execute(
            "SELECT e.name, count(h.id) FROM counted_hands h JOIN events e ON e.id = h.event_id "
            "GROUP BY e.name"
        ).fetchall()
    assert events == [("Friday night", 2)]


def test_a_left_out_hand_is_not_voided_while_a_hand_of_the_file_cannot_be_read(
    tmp_path: Path,
) -> None:
    """Hand 1 taken out, and hand 2 (still there) cannot be read: a hand of the file that
    cannot be read is not taken for one left out, and while one cannot be read nothing is
    voided or stored, even with ``--replace``; the conflict says why."""
    ledger = tmp_path / "club.db"
    night = write(tmp_path, "night.bhh", NIGHT)
    invoke("import", night, "--db", ledger)
    edited = NIGHT.replace("hand 2 · button Ben", "hand 2 · buton Ben")
    edited = edited[: edited.index("hand 1 ·")] + edited[edited.index("hand 2 ·") :]
    write(tmp_path, "night.bhh", edited)
    code, out = invoke("import", night, "--db", ledger, "--replace")
    assert code == 1
    assert "hand 1 at table Main" in out and "hand 2 at table Main" not in out
    assert "fix the file's unreadable or rejected hands first" in out, out
    assert "import again with --replace to store this version" not in out  # it was used
    assert "again with --replace, which voids it once every hand of the file reads" in out
    assert counting(ledger) == ["1", "2", "3"]


def test_a_renamed_session_is_never_stored_beside_the_old_one(tmp_path: Path) -> None:
    """The session renamed and the file imported again without ``--replace``: its hands would
    be a new event's beside the old one's (the night counted twice): nothing is stored, each
    old hand is a conflict."""
    ledger = tmp_path / "club.db"
    night = write(tmp_path, "night.bhh", NIGHT)
    invoke("import", night, "--db", ledger)
    write(tmp_path, "night.bhh", NIGHT.replace("Friday Night", "Friday Nite"))
    code, out = invoke("import", night, "--db", ledger)
    assert code == 1 and "0 stored, 0 duplicate, 3 conflict" in out, out
    assert counting(ledger) == ["1", "2", "3"]
    with sqlite3.connect(ledger) as conn:
        assert conn.execute("SELECT count(*) FROM events").fetchone()[0] == 1


def test_a_hand_moved_to_another_file_counts_in_either_order(tmp_path: Path) -> None:
    """Hand 3 cut out of the night's file into a file of its own: whichever file is imported
    again first, the hand ends counting once - it is the file's that imported it last, and
    a hand voided because its file no longer held it counts again when a file holds it."""
    hand_3 = NIGHT[NIGHT.index("hand 3 ·") :]
    head = NIGHT[: NIGHT.index("hand 1 ·")]
    stated = hand_3.replace("Anna · Ben · Cara", "Anna 99 · Ben 104 · Cara 97", 1)
    for first in ("night", "moved"):
        ledger = tmp_path / f"{first}.db"
        night = write(tmp_path, "night.bhh", NIGHT)
        invoke("import", night, "--db", ledger)
        write(tmp_path, "night.bhh", NIGHT.replace(hand_3, ""))
        moved = write(tmp_path, "moved.bhh", head + stated)
        for path in (night, moved) if first == "night" else (moved, night):
            code, out = invoke("import", path, "--db", ledger, "--replace")
            assert code == 0, out
        assert counting(ledger) == ["1", "2", "3"], first


def test_a_rejected_hand_is_not_taken_for_a_hand_left_out(tmp_path: Path) -> None:
    """A hand still in the file but now rejected (a wrong payout) is not "not in it any more":
    only its rejection is reported."""
    ledger = tmp_path / "club.db"
    night = write(tmp_path, "night.bhh", NIGHT)
    invoke("import", night, "--db", ledger)
    write(
        tmp_path,
        "night.bhh",
        NIGHT.replace("Cara folds · Anna folds\n", "Cara folds · Anna folds\nBen collects 9\n"),
    )
    code, out = invoke("import", night, "--db", ledger)
    assert code == 1 and "not in it any more" not in out and "1 rejected" in out, out


def test_event_names_keys_and_ids_and_close_matches(ledger: Path, tmp_path: Path) -> None:
    invoke("import", write(tmp_path, "night.bhh", NIGHT), "--db", ledger)
    code, out = invoke("events", "--db", ledger, "--json")
    row = next(e for e in json.loads(out)["events"] if e["event"] == "Friday Night")
    for ref in ("Friday Night", "friday night", row["key"], str(row["id"])):
        code, out = invoke("settle", "--event", ref, "--db", ledger, "--json")
        assert code == 0 and json.loads(out)["event"] == "Friday Night (2024-03-01)", ref
    code, out = invoke("settle", "--event", "friday", "--db", ledger)
    assert code == 1 and "no event 'friday'" in out and "did you mean " in out
    assert "'Friday Night' (id " in out
    assert "Traceback" not in out
    code, out = invoke("settle", "--event", "99999999999999999999999", "--db", ledger)
    assert code == 1 and "no event '99999999999999999999999'" in out
    code, out = invoke("events", "--db", ledger)
    assert "Friday Night" in out and "cash" in out


def test_numeric_options_are_bounded(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    invoke("import", write(tmp_path, "cup.bhh", CUP), "--db", db)
    for option in ("--bounty", "--rebuy-price", "--add-on-price", "--prize-unit"):
        result = runner.invoke(
            app, ["tournament", "--event", "Spring Cup", "--db", str(db), option, "9" * 20]
        )
        assert result.exit_code == 2 and result.exception is not None, option
        assert isinstance(result.exception, SystemExit)
        assert "is above the largest amount, 2^53 cents" in flat(result)  # money: 12.34
    result = runner.invoke(
        app, ["tournament", "--event", "Spring Cup", "--db", str(db), "--prize-unit", "0"]
    )
    # (it named the bounty, and a unit in cents, for the prize unit the option takes as money)
    assert result.exit_code == 1 and "bounty" not in flat(result), flat(result)
    assert "the prize unit must be more than nothing" in flat(result), flat(result)
    result = runner.invoke(app, ["standings", "--db", str(db), "--best", "9" * 30])
    assert result.exit_code == 2 and "not in the range" in flat(result)
    result = runner.invoke(app, ["import", str(db), "--db", str(db), "--wait", "1e300"])
    assert result.exit_code == 2 and "not in the range" in flat(result)
    for wait in ("nan", "-nan", "NaN"):  # a usage error, as "inf" is
        result = runner.invoke(app, ["import", str(db), "--db", str(db), "--wait", wait])
        assert result.exit_code == 2 and "'--wait': nan is not a number" in flat(result)
    for args in (
        ["showdown", "--pot", "9" * 25, "A: 8h 4h 3s 2c", "B: 5d 4d 3h 2s"],
        ["simulate", "--hands", "9" * 25],
        ["simulate", "--big-blind", "9" * 25],
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "not in the range" in flat(result), args
    code, out = invoke("settle", "--event", "x" * 100_000, "--db", db)
    assert code == 1 and len(out) < 400 and "see: badugi-ledger events" in out


def flat(result: Result) -> str:
    """A usage error's text without the box and line breaks it is drawn with."""
    return re.sub(r"[│╭╮╰╯─\s]+", " ", result.output)


def test_a_hand_stored_twice_in_one_file_is_a_conflict(tmp_path: Path) -> None:
    twice = NIGHT + "\nhand 1 · button Anna · Anna · Ben · Cara\nAnna folds · Ben folds\n"
    code, out = invoke("import", write(tmp_path, "twice.bhh", twice), "--db", tmp_path / "c.db")
    # The replay finds the copy first (check says so too); the ledger would refuse it as well.
    assert code == 1 and "hand 1 is written twice at this table" in out, out
    assert "[duplicate-hand]" in out
    assert len(hands_stored(tmp_path / "c.db", "Friday Night")) == 3


def test_an_amount_the_ledger_cannot_hold_fails_its_file_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The store's own guard (the readers refuse such numbers first): a stack of 2^63 in
    hand 2 of a file: that file is not imported (its hand 1 neither), named with the hand; the
    next file is imported; no traceback."""
    from badugi_ledger.ledger import importing as ledger

    other = Session(kind="cash", name="Saturday", date="2024-03-02")
    outcomes = {
        "a_huge.bhh": [
            hand("1", {"Anna": 100, "Ben": 100}, {"Anna": 1, "Ben": 2}, {"Ben": 3}),
            hand("2", {"Anna": 2**63, "Ben": 100}, {"Anna": 1, "Ben": 2}, {"Ben": 3}, line=9),
        ],
        "b_ok.bhh": [
            hand("1", {"Anna": 100, "Ben": 100}, {"Anna": 1, "Ben": 2}, {"Ben": 3}, session=other)
        ],
    }
    for name in outcomes:
        write(tmp_path, name, "placeholder\n")
    monkeypatch.setattr(
        ledger, "read_source", lambda path, fmt=None, skipped=None: outcomes[path.name]
    )
    monkeypatch.setattr(ledger, "replay", lambda items: iter(items))
    db = tmp_path / "club.db"
    code, out = invoke("import", tmp_path / "a_huge.bhh", tmp_path / "b_ok.bhh", "--db", db,
                       "--jobs", "1")  # fmt: skip
    assert code == 1
    assert (
        f"{tmp_path / 'a_huge.bhh'}: not imported: hand 2 (line 9): Anna's starting stack "
        "9223372036854775808 is above the largest amount, 2^53"
    ) in out, out
    assert "nothing from this file was stored" in out
    assert f"{tmp_path / 'b_ok.bhh'}: 1 stored" in out
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM hands").fetchone()[0] == 1


def test_one_ledger_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """club.db (as the README says) unless BADUGI_LEDGER_DB names another; --db wins."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("BADUGI_LEDGER_DB", raising=False)
    code, out = invoke("events")
    assert code == 1 and "no ledger at 'club.db'" in out and "badugi-ledger import" in out
    night = write(tmp_path, "night.bhh", NIGHT)
    code, out = invoke("import", night, "--jobs", "1")
    assert code == 0 and out.endswith("ledger: club.db\n") and (tmp_path / "club.db").exists()
    elsewhere = tmp_path / "elsewhere.db"
    result = runner.invoke(app, ["import", str(night)], env={"BADUGI_LEDGER_DB": str(elsewhere)})
    assert result.exit_code == 0 and f"ledger: {elsewhere}" in result.output
    result = runner.invoke(
        app,
        ["void", "--event", "Friday Night", "--hand", "1", "--reason", "misdeal"],
        env={"BADUGI_LEDGER_DB": str(elsewhere)},
    )
    assert result.output.endswith(f"ledger: {elsewhere}\n"), result.output
    result = runner.invoke(app, ["events", "--json"], env={"BADUGI_LEDGER_DB": str(elsewhere)})
    assert [e["event"] for e in json.loads(result.output)["events"]] == ["Friday Night"]
    result = runner.invoke(
        app, ["events", "--db", str(tmp_path / "none.db")], env={"BADUGI_LEDGER_DB": "x.db"}
    )
    assert result.exit_code == 1 and "none.db" in result.output


def test_events_name_each_events_unit_and_money(tmp_path: Path) -> None:
    """Home chips, tournament chips, a currency: what ``events`` lists is the unit every other
    figure of the event is in."""
    db = tmp_path / "club.db"
    invoke("import", write(tmp_path, "cup.bhh", CUP), "--db", db)
    valued = NIGHT.replace("cash Friday Night", "cash Euro Night · chips 100 = 10 EUR")
    invoke("import", write(tmp_path, "home.bhh", valued), "--db", db)
    code, out = invoke("events", "--db", db, "--json")
    rows = {e["event"]: e for e in json.loads(out)["events"]}
    assert code == 0
    assert (rows["Spring Cup"]["unit"], rows["Euro Night"]["unit"]) == ("tournament chips", "chips")
    assert rows["Euro Night"]["money"] == "EUR"
    code, out = invoke("events", "--db", db)
    assert "tournament chips" in out


def test_events_text_says_what_a_tournament_settles_in(tmp_path: Path) -> None:
    """A tournament's chips are played for its money: the text table says so in the unit
    column, as it says what a valued chip is worth and as ``--json`` gives ``money`` (a USD
    tournament beside a plain chip night read as if it involved no money)."""
    lines = {}
    for currency, money in ((" · currency USD", "USD"), ("", "money")):
        db = tmp_path / f"{money}.db"
        cup = CUP.replace("blinds 10/20", f"blinds 10/20{currency}")
        invoke("import", write(tmp_path, "cup.bhh", cup), "--db", db)
        invoke("import", write(tmp_path, "night.bhh", NIGHT), "--db", db)
        code, out = invoke("events", "--db", db, "--json")
        assert {e["event"]: e["money"] for e in json.loads(out)["events"]}["Spring Cup"] == money
        code, out = invoke("events", "--db", db)
        assert code == 0
        rows = {line.rsplit("  ", 1)[-1]: line for line in out.splitlines()[1:]}
        assert " chips " in rows["Friday Night"] and "settled" not in rows["Friday Night"]
        lines[money] = rows["Spring Cup"]
    assert "tournament chips, settled in USD " in lines["USD"]
    assert "tournament chips, settled in money (currency not named) " in lines["money"]


def test_players_count_the_hands_that_count(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    invoke("import", write(tmp_path, "night.bhh", NIGHT), "--db", db)
    code, before = invoke("players", "--db", db)
    invoke("void", "--event", "Friday Night", "--hand", "1", "--reason", "misdeal", "--db", db)
    code, after = invoke("players", "--db", db)
    assert "Anna: 3 hands" in before and "Anna: 2 hands" in after, (before, after)


def test_a_replaced_hand_met_again_in_the_same_file_is_a_conflict(tmp_path: Path) -> None:
    """``--replace`` stores a file's first new version of a stored hand; a second version of
    it later in the same file is a conflict, not a second replacement."""
    db = tmp_path / "r.db"
    assert invoke("import", write(tmp_path, "night.bhh", NIGHT), "--db", db)[0] == 0
    hand_3 = "hand 3 · button Cara · Anna · Ben · Cara\nCara folds · Anna folds\n"
    calls = (
        "hand 3 · button Cara · Anna · Ben · Cara\n"
        "Cara calls · Anna calls · Ben checks\n"
        "draw: Anna pat · Ben pat · Cara pat\nAnna checks · Ben checks · Cara checks\n"
        "draw: Anna pat · Ben pat · Cara pat\nAnna checks · Ben checks · Cara checks\n"
        "draw: Anna pat · Ben pat · Cara pat\nAnna checks · Ben checks · Cara checks\n"
        "show: Anna Kh Qd Js Tc · Ben 7h 5c 3d 2s · Cara 8s 6d 4c Ah\n"
    )
    folds = "hand 3 · button Cara · Anna · Ben · Cara\nCara calls · Anna folds · Ben folds\n"
    edited = NIGHT.replace(hand_3, calls + "\n" + folds)
    assert edited != NIGHT
    code, out = invoke("import", write(tmp_path, "edited.bhh", edited), "--db", db, "--replace")
    assert code == 1 and "hand 3 is written twice at this table" in out, out
    assert "replaced 1" in out or "1 replaced" in out, out
    with sqlite3.connect(db) as conn:
        (pot,) = conn.execute("SELECT h.pot FROM hands h WHERE h.hand_number = '3'").fetchone()
    assert pot == 6  # the showdown version (three calls of 2) is the one stored


def test_a_night_renamed_with_its_file_is_not_counted_beside_itself(tmp_path: Path) -> None:
    """``night.bhh`` renamed ``friday.bhh`` and its session renamed too: imported as it is, its
    hands are a new event's, stored beside the old night's (nothing can tell it from another
    night).  ``--renamed-from night.bhh`` says what it was: the old hands are left out of it,
    conflicts until ``--replace`` voids them, and the night counts once, under its new name.
    It names one file's past only."""
    ledger = tmp_path / "club.db"
    night = write(tmp_path, "night.bhh", NIGHT)
    assert invoke("import", night, "--db", ledger)[0] == 0
    night.unlink()
    friday = write(tmp_path, "friday.bhh", NIGHT.replace("Friday Night", "Friday at Anna's"))
    code, out = invoke("import", friday, "--db", ledger, "--renamed-from", night)
    assert code == 1 and "3 conflict" in out, out
    assert f"which {friday} replaces, and not in it" in out, out
    code, out = invoke("import", friday, "--db", ledger, "--renamed-from", night, "--replace")
    assert code == 0 and out.count("voided") == 3, out
    with sqlite3.connect(ledger) as conn:
        events = conn.execute(
            "SELECT e.name, count(*) FROM counted_hands h JOIN events e ON e.id = h.event_id "
            "GROUP BY e.name"
        ).fetchall()
    assert events == [("Friday at Anna's", 3)]
    other = write(tmp_path, "saturday.bhh", NIGHT.replace("2024-03-01", "2024-03-02"))
    code, out = invoke("import", friday, other, "--db", ledger, "--renamed-from", night)
    assert code == 2 and "import that file alone (2 files to import)" in out, out
    folder = tmp_path / "week"
    folder.mkdir()
    write(folder, "friday.bhh", NIGHT)
    write(folder, "saturday.bhh", NIGHT.replace("2024-03-01", "2024-03-02"))
    code, out = invoke("import", folder, "--db", ledger, "--renamed-from", night)
    assert code == 2 and "import that file alone (2 files to import)" in out, out
    code, out = invoke("import", friday, "--db", ledger, "--renamed-from", "")
    assert code == 2 and "--renamed-from '.' is a folder" in out, out


def test_a_hand_stored_with_an_event_fact_in_conflict_is_not_said_to_be_unstored(
    tmp_path: Path,
) -> None:
    """A night's second file that states the tournament's payouts otherwise: its new hand is
    stored (a hand the ledger did not hold), the event keeps the ledger's payouts, and the
    report says both, not "conflict, not stored" of a hand it counts as stored."""
    ledger = tmp_path / "club.db"
    head = (
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "tournament Cup · date 2024-01-01 · buy-in 1000 · starting-chips 100 · payouts {pay}\n"
    )
    first = "hand 1 · button A · A 100 · B 100\nA folds\nB collects 2\n"
    second = "hand 2 · button B · A 99 · B 101\nB folds\nA collects 2\n"
    invoke("import", write(tmp_path, "one.bhh", head.format(pay=100) + first), "--db", ledger)
    code, out = invoke(
        "import",
        write(tmp_path, "two.bhh", head.format(pay="70/30") + second),
        "--db",
        ledger,
        "--json",
    )
    assert code == 1
    (report,) = json.loads(out)["files"]
    # (the hands in conflict, as the text counts them: the event's is listed, not counted)
    assert (report["stored"], report["conflict"], len(report["conflicts"])) == (1, 0, 1)
    assert report["conflicts"][0]["event_fact"] is True
    code, out = invoke("import", tmp_path / "two.bhh", "--db", ledger)
    assert "not stored" not in out, out
    assert (
        "line 3 hand 2 of Cup (2024-01-01): conflict, the event keeps the ledger's: the event's "
        "payouts is 100 in the ledger, 70/30 in the file"
    ) in out, out
    assert "a conflict is a hand the ledger already holds" not in out
    with sqlite3.connect(ledger) as db:
        assert db.execute("SELECT hand_number FROM counted_hands ORDER BY 1").fetchall() == [
            ("1",),
            ("2",),
        ]
