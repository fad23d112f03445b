"""Rules about who sits and pays, each with its source, the rule id and the line reported.

``000`` (two to eight players; the two players left of the button post the blinds, each once),
seeds README item 2 (a table of 2-9 seats; a game may set a lower maximum), ``002`` and seeds
README item 7 (the price of a buy is a house rule), and the project's reading of a seat
without chips (``replay/state.py``: a player with no chips at the deal is not dealt in).
"""

from __future__ import annotations

import dataclasses

import pytest

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.events import Seat
from badugi_ledger.model.settings import GameSettings, HouseRules
from badugi_ledger.replay import replay_hand
from tests.helpers.replay_builder import record

SEATS = {"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 100}
PREFLOP = ["Anna posts sb", "Ben posts bb"]


def _rule(hand: object) -> tuple[str | None, int]:
    with pytest.raises(IllegalAction) as err:
        replay_hand(hand)  # type: ignore[arg-type]
    return err.value.rule, err.value.position.line


def test_a_blind_posted_twice() -> None:
    """``000``: each blind is posted once."""
    assert _rule(record(SEATS, "Dan", [*PREFLOP, "Ben posts bb"])) == ("blind-twice", 3)


def test_a_buy_at_another_price() -> None:
    """``002``, seeds README item 7: a buy costs ``buy-price`` chips, no other amount."""
    game = GameSettings(game="progressive-badugi", with_buy=True, house=HouseRules(buy_price=5))
    lines = [*PREFLOP, "Cara calls", "Dan calls", "Anna calls", "Ben checks", "Anna buys > "]
    hand = record(SEATS, "Dan", lines, settings=game)
    events = list(hand.events)
    events[-1] = dataclasses.replace(events[-1], price=4)  # type: ignore[call-arg]
    assert _rule(dataclasses.replace(hand, events=tuple(events))) == ("buy-price", 7)


def test_a_player_without_chips_is_not_dealt_in() -> None:
    """``replay/state.py``: a seat with no chips at the deal is not dealt in, so it cannot act."""
    seats = {"Anna": 100, "Ben": 100, "Cara": 0, "Dan": 100}
    assert _rule(record(seats, "Dan", [*PREFLOP, "Cara calls"])) == ("not-dealt-in", 3)


def test_a_player_seated_twice() -> None:
    """``000``: one seat per player."""
    hand = record(SEATS, "Dan", PREFLOP)
    hand = dataclasses.replace(hand, seats=(*hand.seats, Seat("Ben", 100)))
    assert _rule(hand) == ("seats", 0)


def test_one_name_written_two_ways_is_a_player_seated_twice() -> None:
    """``000``: one seat per player; ``Zoë`` typed as one character and as ``e`` and a
    combining diaeresis is one name (the ledger books both as one player, NFC), so two seats
    of it are one player seated twice."""
    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    hand = record({"Anna": 100, composed: 100, decomposed: 100}, "Anna", [])
    with pytest.raises(IllegalAction) as err:
        replay_hand(hand)
    assert err.value.rule == "seats"
    assert "one name written two ways (Unicode: Zo\\xeb and Zoe\\u0308)" in err.value.message


def test_the_button_is_a_seat() -> None:
    """``000``: the button sits at the table."""
    assert _rule(record(SEATS, "Zed", PREFLOP)) == ("button", 0)


def test_fewer_than_two_players_dealt_in() -> None:
    """``000``: a game of two players at least."""
    seats = {"Anna": 100, "Ben": 0}
    assert _rule(record(seats, "Ben", [])) == ("players", 0)


def test_more_players_than_the_table_allows() -> None:
    """Seeds README item 2: a game may set a lower maximum than 9 seats."""
    small = GameSettings(house=HouseRules(max_seats=3))
    assert _rule(record(SEATS, "Dan", PREFLOP, settings=small)) == ("players", 0)
