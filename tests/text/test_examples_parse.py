"""The bundled examples: every file parses, together they cover every
game and betting structure, and each one replays legally with the recorded payouts and stacks
right (the replay engine is the judge; see tests/test_replay_* for its own rules)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.model.errors import ParseError
from badugi_ledger.model.events import CarryOut, Collect, FinalStack, HandRecord, StackChange
from badugi_ledger.sources import parse_paths
from badugi_ledger.text.parse import parse_file
from tests.helpers.paths import REPO

EXAMPLES_DIR = REPO / "examples"
EXAMPLES = sorted(EXAMPLES_DIR.glob("*.bhh"))


def hands(path: Path) -> list[HandRecord]:
    items = list(parse_file(path))
    errors = [str(i) for i in items if isinstance(i, ParseError)]
    assert not errors, errors
    return [i for i in items if isinstance(i, HandRecord)]


ALL = {p.name: hands(p) for p in EXAMPLES}


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_parses_and_names_its_season(path: Path) -> None:
    records = ALL[path.name]
    assert records
    assert all(r.session.season == "2024" for r in records)
    assert all(r.session.date for r in records)


def test_examples_cover_every_game_and_structure() -> None:
    records = [r for rs in ALL.values() for r in rs]
    assert {r.settings.game for r in records} == {
        "badugi",
        "progressive-badugi",
        "badacey",
        "badeucey",
    }
    assert {r.settings.structure.kind for r in records} == {
        "fixed-limit",
        "pot-limit",
        "half-pot-limit",
        "no-limit",
        "spread-limit",
    }
    assert any(r.settings.with_buy for r in records)


def test_home_session_carries_stacks_and_has_joins_and_changes() -> None:
    records = ALL["home_session.bhh"]
    assert len(records) >= 4
    assert all(s.stack is not None for s in records[0].seats)
    assert all(s.stack is None for s in records[1].seats)
    assert any(isinstance(ev, StackChange) for r in records for ev in r.events)
    assert len(records[2].seats) > len(records[1].seats)  # Eve joins


def test_tournament_has_level_change_payouts_and_eliminations() -> None:
    records = ALL["tournament.bhh"]
    session = records[0].session
    assert session.kind == "tournament" and session.buy_in and session.payouts == (70, 30)
    assert session.starting_chips == 200
    assert len({r.settings.structure.small_bet for r in records}) == 2  # a level change
    assert len(records[-1].seats) < len(records[0].seats)  # players were eliminated
    finals = [ev for ev in records[-1].events if isinstance(ev, FinalStack)]
    assert sorted(ev.amount for ev in finals) == [0, 600]


def test_progressive_night_carries_a_pot_to_the_next_winner() -> None:
    """002: no qualifying hand at showdown -> the pot carries; the next pot's winner takes it."""
    first, second, *_ = ALL["progressive_night.bhh"]
    assert [ev.amount for ev in first.events if isinstance(ev, CarryOut)] == [12]
    assert [(ev.player, ev.amount) for ev in second.events if isinstance(ev, Collect)] == [
        ("Dan", 38)
    ]


def test_the_anna_ben_hand_of_000_and_the_badacey_hand_of_004() -> None:
    (anna_ben,) = ALL["000_anna_ben.bhh"]
    assert anna_ben.players == ("Anna", "Ben")
    (badacey,) = ALL["004_badacey.bhh"]
    assert badacey.players == ("Amara", "Bram", "Kira", "Noor")
    assert all(s.stack == 240 for s in badacey.seats)


def test_every_example_replays_without_a_violation() -> None:
    """The examples are legal and chip-correct: the replay finds nothing wrong with any hand,
    every hand balances to zero, and the 004 hand ends as 004 says."""
    from badugi_ledger.replay import replay_stream

    outcomes = list(replay_stream(parse_paths(EXAMPLES)))
    assert len(outcomes) == sum(len(r) for r in ALL.values())
    problems = [
        f"{o.source}:{e.pos.line} hand {o.hand_id}: {e.message}" for o in outcomes for e in o.errors
    ]
    assert not problems, problems
    for o in outcomes:
        assert o.result is not None and o.result.balance() == 0
    badacey = next(o for o in outcomes if o.hand_id == "004-1")
    assert badacey.result is not None
    expected = {"Bram": 228, "Kira": 228, "Noor": 222, "Amara": 282}
    assert dict(badacey.result.final_stacks) == expected


def test_parse_command_lists_the_examples_and_exits_0() -> None:
    result = CliRunner().invoke(app, ["parse", str(EXAMPLES_DIR)])
    assert result.exit_code == 0, result.output
    assert "hand 004-1 · badacey · fixed limit 6/12" in result.output
    assert "Amara raises to 24" in result.output


def test_parse_command_json_lines_one_object_per_hand() -> None:
    import json

    result = CliRunner().invoke(app, ["parse", "--json", str(EXAMPLES_DIR / "tournament.bhh")])
    assert result.exit_code == 0
    objects = [json.loads(line) for line in result.output.splitlines()]
    assert [o["hand"] for o in objects] == ["T1", "T2", "T3"]
    assert objects[1]["settings"]["big_blind"] == 20
    assert objects[0]["events"][0] == {
        "type": "Post",
        "line": 9,
        "column": 1,
        "player": "Noor",
        "kind": "small-blind",
        "amount": None,
        "all_in": False,
    }


def test_parse_command_exits_1_listing_every_bad_hand(tmp_path: Path) -> None:
    bad = tmp_path / "bad.bhh"
    bad.write_text(
        "hand 1 · button A · A 5 · B 5\nA raises 8\n"
        "hand 2 · button A · A · B\nA folds\n"
        "hand 3 · button A · A · B\nA Zz\n",
        encoding="utf-8",
    )
    result = CliRunner().invoke(app, ["parse", str(bad)])
    assert result.exit_code == 1
    err = result.stderr
    assert f"{bad}:2:10: hand 1: expected" in err
    assert f"{bad}:6:3: hand 3: expected" in err
    assert err.strip().splitlines()[-1] == "Error: 2 error(s): the hands above could not be read"
    assert "Traceback" not in result.output + err
