"""In a tournament chips are bought only by the buy-in, a rebuy or an add-on, and never cashed
out (docs/ledger.md, *Tournaments* and *Units and money*: tournament chips count for places,
never for money; grammar/README.md, *Between hands*).

A ``tops up`` or ``cashes out`` in a tournament hand checked clean before: the top-up's chips
were free (the ledger charges only rebuys and add-ons) and the cash-out's chips vanished.  The
replay, which applies every between-hands change of every input format, refuses them (rule
``tournament-chips``) at the entry's line; in a cash game they stay what they are.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.events import Session
from badugi_ledger.replay import replay_hand
from tests.helpers.replay_builder import record

runner = CliRunner()

# Invented: a three-handed rebuy tournament; hand T2 states the stack changes of LINE 11.
NIGHT = """\
game badugi · fixed limit 10/20 · blinds 5/10
{kind} · date 2024-04-12 · season S{terms}
table Final

hand T1 · button Kira · Kira 100 · Noor 100 · Bram 100
Kira raises to 20 · Noor folds · Bram folds
Kira collects 25
final: Kira 115 · Noor 95 · Bram 90

hand T2 · button Noor · Kira · Noor · Bram
{change}
Noor folds · Bram folds
Kira collects 10
"""
TOURNAMENT = ("tournament Reb", " · buy-in 1000 · starting-chips 100 · payouts 100")
CASH = ("cash Friday", "")


def check(
    tmp_path: Path, change: str, kind: tuple[str, str] = TOURNAMENT
) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "night.bhh"
    path.write_text(NIGHT.format(kind=kind[0], terms=kind[1], change=change), encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--json", "--jobs", "1"])
    hands = [json.loads(row) for row in result.output.splitlines() if '"hand"' in row]
    return result.exit_code, hands[-1]


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ("Noor tops up 500", "write 'rebuys 500' or 'adds on 500'"),
        ("Bram cashes out 50", "tournament chips are never cashed out"),
    ],
)
def test_a_top_up_or_cash_out_in_a_tournament_is_refused_at_its_line(
    tmp_path: Path, change: str, words: str
) -> None:
    code, hand = check(tmp_path, change)
    assert code == 1
    [error] = hand["errors"]
    assert error["rule"] == "tournament-chips" and (error["line"], error["column"]) == (11, 1)
    assert error["message"].startswith(f"{change} in a tournament: ") and words in error["message"]


@pytest.mark.parametrize("change", ["Noor rebuys 500", "Kira adds on 100"])
def test_rebuys_and_add_ons_in_a_tournament_stay_legal(tmp_path: Path, change: str) -> None:
    code, hand = check(tmp_path, change)
    assert code == 0 and not hand["errors"], hand


@pytest.mark.parametrize("change", ["Noor tops up 500", "Bram cashes out 50"])
def test_top_ups_and_cash_outs_in_a_cash_game_stay_legal(tmp_path: Path, change: str) -> None:
    code, hand = check(tmp_path, change, CASH)
    assert code == 0 and not hand["errors"], hand


def test_the_import_stores_nothing_of_such_a_hand(tmp_path: Path) -> None:
    path = tmp_path / "night.bhh"
    path.write_text(
        NIGHT.format(kind=TOURNAMENT[0], terms=TOURNAMENT[1], change="Noor tops up 500"), "utf-8"
    )
    db = tmp_path / "club.db"
    result = runner.invoke(app, ["import", str(path), "--db", str(db), "--jobs", "1"])
    assert result.exit_code == 1 and "1 stored, 0 duplicate, 1 rejected" in result.output
    assert "line 11: Noor tops up 500 in a tournament" in result.output


@pytest.mark.parametrize("line", ["Anna tops up 50", "Ben cashes out 20"])
def test_every_format_is_held_to_it(line: str) -> None:
    """The rule is the replay's: a record built by any reader (PHH, a site) meets it."""
    hand = record({"Anna": 100, "Ben": 100}, "Anna", [line, "Anna folds"])
    cup = dataclasses.replace(hand, session=Session(kind="tournament", name="Cup", buy_in=500))
    with pytest.raises(IllegalAction) as err:
        replay_hand(cup)
    assert (err.value.rule, err.value.position.line) == ("tournament-chips", 1)
    assert replay_hand(hand).final_stacks  # the same hand in a cash game is legal


@pytest.mark.parametrize(
    ("change", "kind", "words"),
    [
        ("Noor rebuys 0", TOURNAMENT, "a rebuy of no chips buys nothing, and a tournament"),
        ("Kira adds on 0", TOURNAMENT, "an add-on of no chips buys nothing, and a tournament"),
        ("Noor tops up 0", CASH, "a top-up of no chips changes nothing"),
        ("Bram cashes out 0", CASH, "a cash-out of no chips changes nothing"),
    ],
)
def test_a_stack_change_of_no_chips_is_refused_at_its_line(
    tmp_path: Path, change: str, kind: tuple[str, str], words: str
) -> None:
    """``adds on 0`` and ``rebuys 0`` checked clean and were each charged a full add-on or
    rebuy for no chips (three entrants of 10.00, a prize pool of 50.00: tournament fuzzing);
    a top-up or cash-out of 0 says nothing either.  Refused at its line."""
    code, hand = check(tmp_path, change, kind)
    assert code == 1
    [error] = hand["errors"]
    assert error["rule"] == "stack-change-zero" and (error["line"], error["column"]) == (11, 1)
    assert error["message"].startswith(f"{change}: {words}"), error["message"]
