"""A tournament's ``currency`` names its buy-in's currency (its stacks are chips); in a cash game
the same item makes every amount cents of it (grammar/README.md, the header table).  A side
game after a tournament that states no currency of its own would be read in that currency's
cents without a word: 100-chip stacks become 1.00 EUR in the standings and the settle-up.
The reader marks such a hand, the replay warns (``currency-inherited``), and the writer states
the currency again where it writes a cash game after a tournament."""

from __future__ import annotations

import pytest

from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text
from badugi_ledger.text.writer import write_hands

TOURNAMENT = """\
game badugi · no limit · blinds 5/10 · currency EUR
tournament Sat Cup · date 2026-05-02 · buy-in 2000 · starting-chips 100
table F

hand E1 · button Anna · Anna 100 · Ben 100
Anna raises to 100 all-in · Ben calls 90 all-in
draw: Ben 1 · Anna 1
draw: Ben 1 · Anna 1
draw: Ben pat · Anna pat
show: Ben 7s 5d 4c 2h · Anna 9c 6h 3d Ks
Ben collects 200
final: Anna 0 · Ben 200
"""

SIDE_GAME = """
game badugi · fixed limit 2/4 · blinds 1/2{currency}
cash Side game · date 2026-05-02
table S

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna raises · Ben folds · Cara folds
Anna collects 5
final: Anna 103 · Ben 99 · Cara 98

hand 2 · button Ben · Anna · Ben · Cara
Ben raises · Cara folds · Anna folds
Ben collects 5
final: Anna 101 · Ben 102 · Cara 97
"""


def _warnings(text: str) -> list[tuple[str, int]]:
    return [
        (w.rule, w.pos.line)
        for outcome in replay_stream(parse_text(text, "night.bhh"))
        for w in outcome.warnings
    ]


def test_a_side_game_after_a_tournament_in_euros_is_warned_once() -> None:
    """The side game's first hand says its amounts are read as cents of EUR, and how to say
    otherwise; its second hand says nothing more."""
    text = TOURNAMENT + SIDE_GAME.format(currency="")
    outcomes = list(replay_stream(parse_text(text, "night.bhh")))
    assert [o.record.currency_inherited for o in outcomes] == [False, True, False]
    assert _warnings(text) == [("currency-inherited", 18)]
    warning = outcomes[1].warnings[0]
    assert "cents of EUR" in warning.message and "'currency chips'" in warning.message
    assert outcomes[1].record.settings.currency == "EUR"  # the meaning is kept: warned only


@pytest.mark.parametrize("currency", [" · currency EUR", " · currency chips", " · currency USD"])
def test_a_side_game_stating_its_currency_is_not_warned(currency: str) -> None:
    assert _warnings(TOURNAMENT + SIDE_GAME.format(currency=currency)) == []


def test_a_currency_stated_for_cash_games_is_not_warned_after_a_tournament() -> None:
    """A club whose nights are in euros (stated before its first cash game) plays a
    tournament, then cash again: the currency was the cash games' all along."""
    cash_first = SIDE_GAME.format(currency=" · currency EUR").replace("Side game", "Early")
    later = SIDE_GAME.format(currency="").replace("hand 1 ", "hand 3 ").replace("hand 2", "hand 4")
    assert _warnings(cash_first + "\n" + TOURNAMENT + later) == []


def test_the_writer_states_the_currency_of_a_cash_game_after_a_tournament() -> None:
    """A converted night (a site's tournament, then a cash game, both in EUR) reads back as it
    was, without the warning: the writer states the side game's currency again."""
    text = TOURNAMENT + SIDE_GAME.format(currency=" · currency EUR")
    written = "".join(write_hands(parse_text(text, "night.bhh")))  # type: ignore[arg-type]
    assert written.count("currency EUR") == 2
    assert _warnings(written) == []


def test_a_currency_a_side_game_stated_again_holds_for_the_cash_games_after_it() -> None:
    """Once a cash game states the tournament's currency as its own, later cash sessions that
    go on in it are not warned."""
    side = SIDE_GAME.format(currency=" · currency EUR")
    later = SIDE_GAME.format(currency="").replace("Side game", "Late game")
    later = later.replace("hand 1 ", "hand 3 ").replace("hand 2", "hand 4")
    assert _warnings(TOURNAMENT + side + later) == []


def test_chips_valued_after_a_tournaments_currency_say_where_the_currency_came_from() -> None:
    """A side game of chips valued in money after a tournament that stated a currency is
    refused (amounts cannot be cents and chips at once); the error says the currency is the
    tournament's and how to write the side game."""
    side = SIDE_GAME.format(currency="").replace(
        "cash Side game · date", "cash Side game · chips 1 = 0.05 EUR · date"
    )
    errors = [e for e in parse_text(TOURNAMENT + side, "night.bhh") if not hasattr(e, "seats")]
    assert errors, "the side game was read"
    message = str(errors[0])
    assert "currency EUR was stated for the tournament before" in message, message
    assert "'currency chips'" in message
