"""``text.night.night_text``: the new night file reads back as written, takes a played hand
that ``check`` passes, and quotes odd names the way the writer does (grammar/README.md)."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.check import run_check
from badugi_ledger.cli import app
from badugi_ledger.model.errors import BadugiError, ConfigError
from badugi_ledger.model.games import GAME_SPELLINGS
from badugi_ledger.model.money import ChipValue
from badugi_ledger.text.night import night_text
from badugi_ledger.text.parse import parse_text

PLAYED = """\
Anna calls · Ben calls · Cara checks
draw: Ben 2 · Cara pat · Anna 1
Ben checks · Cara checks · Anna checks
draw: Ben pat · Cara pat · Anna pat
Ben checks · Cara checks · Anna checks
draw: Ben pat · Cara pat · Anna pat
Ben checks · Cara checks · Anna checks
show: Anna 7h 5d 3s As · Ben mucks · Cara mucks
Anna collects 6
"""


def first_hand(text: str):  # type: ignore[no-untyped-def]
    items = list(parse_text(text, source="night.bhh"))
    assert len(items) == 1 and not isinstance(items[0], BadugiError), items
    return items[0]


def test_headers_seats_and_button_read_back() -> None:
    text = night_text(
        ["Anna", "Ben", "Cara"],
        game="badacey",
        stakes="4/8",
        stacks=250,
        event="Friday game",
        date=datetime.date(2024, 3, 1),
    )
    hand = first_hand(text)
    assert hand.settings.game == "badacey"
    assert (hand.settings.structure.small_bet, hand.settings.structure.big_bet) == (4, 8)
    assert (hand.settings.small_blind, hand.settings.big_blind) == (2, 4)
    assert hand.session.name == "Friday game" and hand.session.date == "2024-03-01"
    assert hand.button == "Anna"
    assert [(s.name, s.stack) for s in hand.seats] == [("Anna", 250), ("Ben", 250), ("Cara", 250)]


def test_new_s_help_says_the_blinds_an_odd_small_bet_gets() -> None:
    """``new --stakes 3/6`` writes blinds 1/3, half of 3 rounded down as card rooms play a 3/6
    game, where the help said only "half of S": the help says the rounding, and its example
    is what ``new`` writes."""
    result = CliRunner().invoke(app, ["new", "--help"])
    said = " ".join(result.output.replace("│", " ").split())
    assert "blinds: half of S rounded down, and S: 3/6 has blinds 1/3" in said, said
    hand = first_hand(night_text(["Anna", "Ben"], stakes="3/6"))
    assert (hand.settings.small_blind, hand.settings.big_blind) == (1, 3)


def test_a_hand_played_into_it_passes_check(tmp_path: Path) -> None:
    night = tmp_path / "night.bhh"
    night.write_text(night_text(["Anna", "Ben", "Cara"]) + PLAYED, encoding="utf-8")
    run = run_check([night], jobs=1)
    lines = list(run.lines())
    assert run.all_ok, lines
    assert run.summaries[0].ok == 1


def test_the_comment_block_shows_the_most_used_lines_with_the_nights_players() -> None:
    text = night_text(["Anna", "Ben", "Cara", "Dan"])
    comments = [line for line in text.splitlines() if line.startswith("#   ")]
    assert len(comments) >= 5
    # 000: the first to act is left of the big blind (Cara), so the example starts with Dan.
    assert "#   Dan calls · Anna folds · Ben calls · Cara checks" in comments
    assert any(line.startswith("#   draw: ") for line in comments)
    assert any(line.startswith("#   show: ") for line in comments)
    assert any(" collects " in line for line in comments)


def test_the_comment_block_says_it_is_a_sheet_of_lines_not_a_hand(tmp_path: Path) -> None:
    """Its lines uncommented are no playable hand: one draw, then the show, where a Badugi
    hand has three draws (``000``), so ``check`` refuses the show as before the showdown.  A
    newcomer who uncommented them took them for a hand: the heading says they are one line
    of each kind, not a whole hand."""
    text = night_text(["Anna", "Ben", "Cara"])
    heading = " ".join(
        line[2:] for line in text.splitlines() if line.startswith("# ") and "#   " not in line
    )
    assert "One line of each kind a hand is written with, not a whole hand" in heading
    uncommented = [line[4:] for line in text.splitlines() if line.startswith("#   ")]
    night = tmp_path / "night.bhh"
    head = text.split("\n#", 1)[0].rstrip("\n")
    night.write_text(head + "\n" + "\n".join(uncommented[:-1]) + "\n", encoding="utf-8")
    run = run_check([night], jobs=1)
    said = list(run.lines())
    assert any("before the showdown" in line for line in said), said  # no hand, as said


@pytest.mark.parametrize("name", ["Anna Maria", "draw", "5x", 'O"Neil', "a·b", "Zoë"])
def test_odd_names_are_quoted_and_read_back(name: str) -> None:
    hand = first_hand(night_text([name, "Ben"]))
    assert hand.button == name
    assert [s.name for s in hand.seats] == [name, "Ben"]


@pytest.mark.parametrize("game", GAME_SPELLINGS)
@pytest.mark.parametrize(
    ("structure", "stakes"),
    [("fixed-limit", "2/4"), ("pot-limit", "1/2"), ("no-limit", "5/10"), ("spread-limit", "2-10")],
)
def test_every_game_spelling_and_structure(game: str, structure: str, stakes: str) -> None:
    hand = first_hand(night_text(["Anna", "Ben"], game=game, structure=structure, stakes=stakes))
    assert hand.settings.game == game.replace(" ", "-")
    assert hand.settings.structure.kind == structure


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"players": ["Anna"]}, "2 to 9 players"),
        ({"players": ["Anna", "Anna"]}, "named twice"),
        # one name in two Unicode spellings, a name of nothing that shows: check refuses both
        ({"players": ["Zo\u00eb", "Zoe\u0308"]}, "named twice \\(the same name, however written"),
        ({"players": ["Anna", "\u200b"]}, "only characters that show nothing"),
        ({"players": ["Anna", "Ben"], "stakes": "2x4"}, "two whole numbers"),
        ({"players": ["Anna", "Ben"], "stakes": "4/2"}, "not above the second"),
        # the figures were whole, and in order: too large was said otherwise
        (
            {"players": ["Anna", "Ben"], "stakes": "1/9007199254740993"},
            "9007199254740993 is above the largest amount, 2\\^53",
        ),
        (
            {"players": ["Anna", "Ben"], "stakes": "2/99999999999999999"},
            "99999999999999999 is above the largest amount",
        ),
        ({"players": ["Anna", "Ben"], "stakes": "2/" + "9" * 5000}, "above the largest amount"),
        ({"players": ["Anna", "Ben"], "game": "holdem"}, "unknown game"),
        ({"players": ["Anna", "Ben"], "structure": "limit"}, "unknown structure"),
        ({"players": ["Anna", "Ben"], "stacks": 0}, "above 0"),
        ({"players": ["Anna", "Ben"], "date": "1 March"}, "YYYY-MM-DD"),
        ({"players": ["Anna", "Ben"], "currency": "euro"}, "not a currency code"),
        (
            {"players": ["Anna", "Ben"], "currency": "EUR", "chip_value": ChipValue(25, "EUR")},
            "not both",
        ),
    ],
)
def test_bad_values_are_refused_with_what_is_expected(kwargs: dict, words: str) -> None:
    players = kwargs.pop("players")
    with pytest.raises(ConfigError, match=words):
        night_text(players, **kwargs)


@pytest.mark.parametrize(
    ("unit", "currency", "chip_value"),
    [({"currency": "USD"}, "USD", None), ({"chip_value": ChipValue(25, "EUR")}, None, "25c EUR")],
)
def test_the_unit_of_the_night_reads_back(
    unit: dict, currency: str | None, chip_value: str | None
) -> None:
    """A night that goes on with an event of the ledger states its unit, which keys the event."""
    hand = first_hand(night_text(["Anna", "Ben"], event="Euro night", **unit))
    assert hand.settings.currency == currency
    value = hand.session.chip_value
    assert (f"{value.cents}c {value.currency}" if value else None) == chip_value


def test_a_name_with_a_line_break_is_refused() -> None:
    with pytest.raises(BadugiError, match="line break"):
        night_text(["Anna\nBen", "Cara"])


def test_stakes_with_any_number_of_leading_zeros_are_their_figures() -> None:
    """``2/0…04`` with 4,001 zeros is 2/4 (it was refused as above the largest amount)."""
    text = night_text(["Anna", "Ben"], stakes="2/" + "0" * 4001 + "4")
    assert "fixed limit 2/4" in text


@pytest.mark.parametrize("name", ["*house*", "*carry*", "*prize pool*", " *House* "])
def test_a_player_named_like_an_account_of_the_ledger_is_a_usage_error(
    tmp_path: Path, name: str
) -> None:
    """The audit's repro (``new night.bhh --players 'Anna,*house*'``): ``new`` wrote the file,
    exit 0, and ``check`` then refused its first hand (rule ``reserved-name``).  It now refuses
    the player list as it refuses a name given twice (exit 2, nothing written), by the rule
    the replay applies (``model.results.reserved_account``), in the replay's words."""
    from typer.testing import CliRunner

    from badugi_ledger.cli import app

    night = tmp_path / "night.bhh"
    result = CliRunner().invoke(app, ["new", str(night), "--players", f"Anna,{name}"])
    assert result.exit_code == 2, result.output
    assert not night.exists()
    with pytest.raises(ConfigError) as refused:
        night_text(["Anna", name])
    assert refused.value.message.startswith(f"a player is called {name.strip()!r}")
    assert "the ledger's own account for" in refused.value.message
    assert "(rule reserved-name)" in refused.value.message
