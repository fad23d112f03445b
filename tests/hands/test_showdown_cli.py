"""``badugi-ledger showdown``: through typer's CliRunner and as the installed console script.

The hands are ``004``'s worked hand (Amara/Noor, pot 120 -> 90/30) and exercises 1 and 5.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app

runner = CliRunner()

NOOR = "Noor: 8♥ 4♥ 3♠ 2♣ A♦"
AMARA = "Amara: 5♦ 4♦ 3♥ 2♠ A♣"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["showdown", *args])
    return result.exit_code, result.stdout, result.stderr


def test_worked_hand_text() -> None:
    """004 worked hand: Amara 90, Noor 30; each hand's two values are printed."""
    code, out, err = run("--game", "badacey", "--pot", "120", NOOR, AMARA)
    assert code == 0, err
    lines = out.splitlines()
    noor = next(line for line in lines if line.strip().startswith("Noor"))
    amara = next(line for line in lines if line.strip().startswith("Amara"))
    assert "A-5 low: 8-4-3-2-A low" in noor and "Badugi: 4-card 4-3-2-A" in noor
    assert noor.endswith("gets 30")
    assert amara.endswith("gets 90")
    assert "A-5 low half (60): Amara wins with 5-4-3-2-A low" in lines
    assert "Badugi half (60): tie, Noor 30 + Amara 30 with 4-card 4-3-2-A" in lines


def test_worked_hand_json() -> None:
    code, out, _ = run("--game", "badacey", "--pot", "120", "--json", NOOR, AMARA)
    assert code == 0
    doc = json.loads(out)
    assert doc["payouts"] == {"Noor": 30, "Amara": 90}
    assert [p["name"] for p in doc["players"]] == ["Noor", "Amara"]
    assert doc["players"][1]["hands"] == {"low": "5-4-3-2-A low", "badugi": "4-card 4-3-2-A"}
    assert doc["players"][0]["cards"] == "8h 4h 3s 2c Ad"
    assert [h["half"] for h in doc["halves"]] == ["five-card", "badugi"]
    assert doc["halves"][1]["winners"] == ["Noor", "Amara"]
    assert doc["carried"] == 0


def test_exercise_1_badeucey_json() -> None:
    """004 exercise 1 under Badeucey: B scoops 80."""
    code, out, _ = run(
        "--game", "badeucey", "--pot", "80", "--json", "A: A♠ 2♥ 3♦ 4♣ 5♣", "B: 2♣ 3♥ 4♠ 5♦ 7♣"
    )
    assert code == 0
    doc = json.loads(out)
    assert doc["payouts"] == {"A": 0, "B": 80}
    assert doc["players"][0]["hands"] == {"low": "A-5-4-3-2 low", "badugi": "4-card A-4-3-2"}


def test_exercise_5_three_players() -> None:
    code, out, _ = run(
        "--game", "badacey", "--pot", "180", "--json",
        "A: A♠ 2♥ 3♦ 4♣ 5♣", "B: A♥ 2♦ 3♣ 4♠ 5♠", "C: A♣ 2♣ 3♠ 4♥ 5♥",
    )  # fmt: skip
    assert code == 0
    assert json.loads(out)["payouts"] == {"A": 75, "B": 75, "C": 30}


@pytest.mark.parametrize(
    ("split", "shares"), [("one-each", (2, 2, 1)), ("all-to-first", (3, 1, 1))]
)
def test_odd_chip_split_is_an_option_as_a_night_file_sets_it(
    split: str, shares: tuple[int, int, int]
) -> None:
    """Seeds README item 4 (odd chips a documented house rule) and grammar/README.md's
    ``house odd-chip-split``: three tied winners of a pot of 5 get the two chips that do not
    divide one each (the first two from the button's left) or both to the first, as a night
    file under that rule pays them."""
    hands = ["A: 2c 3d 4h 5s", "B: 2d 3h 4s 5c", "C: 2h 3s 4c 5d"]
    code, out, err = run("--pot", "5", "--odd-chip-split", split, "--json", *hands)
    assert code == 0, err
    payouts = json.loads(out)["payouts"]
    assert (payouts["A"], payouts["B"], payouts["C"]) == shares


def test_badugi_is_the_default_game_and_pot_defaults_to_ranking_only() -> None:
    code, out, _ = run("Anna: 8♠ 6♥ 5♣ 3♦", "Ben: 7♠ 4♥ 2♣ 2♦")
    assert code == 0
    assert "no pot given: ranking only" in out
    assert "Badugi: Anna wins with 4-card 8-6-5-3" in out
    assert "gets" not in out
    code, out, _ = run("--json", "Anna: 8♠ 6♥ 5♣ 3♦", "Ben: 7♠ 4♥ 2♣ 2♦")
    assert json.loads(out)["payouts"] == {"Anna": 0, "Ben": 0}


def test_progressive_badugi_without_a_qualifier_carries() -> None:
    """002: no qualifying hand at showdown -> the pot stays in the middle."""
    code, out, _ = run(
        "--game", "progressive-badugi", "--pot", "30", "A: T♠ 4♥ 3♦ 2♣", "B: 9♠ 8♥ 7♦ 7♣"
    )
    assert code == 0
    assert "no hand qualifies; the pot of 30 carries" in out
    assert "does not qualify" in out
    code, out, _ = run(
        "--game", "progressive-badugi", "--pot", "30", "--json", "A: T♠ 4♥ 3♦ 2♣", "B: 9♠ 8♥ 7♦ 6♣"
    )
    doc = json.loads(out)
    assert doc["payouts"] == {"A": 0, "B": 30}
    assert [p["qualifies"] for p in doc["players"]] == [False, True]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["A: As 2c 3d 4h 5s", "B: 6c 7d 8h 9s"], "A: badugi is played with 4 cards, not 5"),
        (["--game", "badacey", "A: As 2c 3d 4h", "B: 6c 7d 8h 9s Ts"], "5 cards, not 4"),
        (["A: As 2c 3d 4h", "B: As 7d 8h 9s"], "card As is held by both A and B"),
        (["A: As 2c 3d as", "B: 6c 7d 8h 9s"], "A: card As appears twice"),
        (["As 2c 3d 4h", "B: 6c 7d 8h 9s"], "missing player name in 'As 2c 3d 4h'"),
        ([": As 2c 3d 4h", "B: 6c 7d 8h 9s"], "missing player name"),
        (["A: As 2c 3d 4x", "B: 6c 7d 8h 9s"], "A: unknown suit 'x' in card '4x'"),
        (["A: As 2c 3d 1h", "B: 6c 7d 8h 9s"], "unknown rank '1'"),
        (["A: As 2c 3d ??", "B: 6c 7d 8h 9s"], "unknown card"),
        (["A: As 2c 3d 4h", "A: 6c 7d 8h 9s"], "player A is listed twice"),
        (["A: As 2c 3d 4h"], "at least two hands"),
        # seeds README item 2: a table of 2-9 seats; ten hands is no table's showdown
        (
            [f"P{i}: " + " ".join(r + s for s in "shdc") for i, r in enumerate("A23456789T")],
            "a showdown of 10 hands: a table seats at most 9",
        ),
        # a name with a line break forged a line of the result ("Ann⏎Ben 3 + Ben 2")
        (["Ann\nBen: As 2c 3d 4h", "B: 6c 7d 8h 9s"], "the player name 'Ann\\nBen' holds a line"),
        (["A\x1b[2J: As 2c 3d 4h", "B: 6c 7d 8h 9s"], "does not print"),
    ],
)
def test_errors_are_one_line(args: list[str], message: str) -> None:
    code, out, err = run(*args)
    assert code == 1
    assert out == ""
    assert err.startswith("Error: ")
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--game", "razz"], "'razz' is not one of 'badugi', 'progressive badugi'"),
        (["--pot", "-5"], "-5 is not in the range 0<=x<="),
        (["--qualifier", "1"], "'1' is not one of 'A', '2'"),
    ],
)
def test_bad_options_are_usage_errors(args: list[str], words: str) -> None:
    """A wrong option value is bad usage: exit status 2 and typer's usage error, which lists
    the choices."""
    code, out, err = run(*args, "A: As 2c 3d 4h", "B: 6c 7d 8h 9s")
    assert code == 2 and out == ""
    assert err.startswith("Usage: ") and words in " ".join(err.replace("│", " ").split())


def _installed_command() -> list[str]:
    """The console script next to this interpreter (``/tmp/venv/bin/badugi-ledger`` here, the
    fresh venv's in ``.ci/run``)."""
    script = Path(sys.executable).with_name("badugi-ledger")
    if not script.exists():
        pytest.fail(f"console script not installed next to {sys.executable}: pip install . first")
    return [str(script)]


def test_installed_console_script_worked_hand() -> None:
    done = subprocess.run(
        [
            *_installed_command(),
            "showdown",
            "--game",
            "badacey",
            "--pot",
            "120",
            "--json",
            NOOR,
            AMARA,
        ],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["payouts"] == {"Noor": 30, "Amara": 90}


def test_installed_console_script_error() -> None:
    done = subprocess.run(
        [
            *_installed_command(),
            "showdown",
            "--game",
            "badeucey",
            "As 2c 3d 4h 5s",
            "B: 6c 7d 8h 9s Ts",
        ],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "Error: missing player name in 'As 2c 3d 4h 5s' (write \"NAME: CARDS\")"
    ]


def test_cards_may_be_written_without_spaces() -> None:
    """``004`` worked hand again, cards run together as PHH and sites write them
    (``8h4h3s2cAd``): the same payouts as with spaces."""
    code, out, err = run(
        "--game", "badacey", "--pot", "120", "--json", "Noor: 8h4h3s2cAd", "Amara: 5d 4d 3h2sAc"
    )
    assert code == 0, err
    assert json.loads(out)["payouts"] == {"Noor": 30, "Amara": 90}
    code, _, err = run("--game", "badugi", "Noor: 8h4h3s2", "Amara: 5d 4d 3h 2s")
    assert code == 1 and "Error: " in err and "8h4h3s2" in err
