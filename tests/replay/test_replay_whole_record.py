"""What the replay finds wrong with a hand's record before any play - its seats, its button,
the cards its deals name - is listed whole, not only the first of it.

One run of ``check`` lists every mistake of a file, each at its own place (README, "What check
reports, in one run").  The replay stops at the first broken rule (what follows it is
unknown), but these are facts of the record that no play changes: each seat's name, who has
the button, and the cards dealt, all dealt from one deck before the first draw (seed 000,
"Playing a hand"; a deal after the first draw is itself refused).  The first is the rule the
hand broke; the others ride on it (``IllegalAction.mismatches``), each at its place.
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.limits import MAX_LISTED
from badugi_ledger.model.results import Violation
from badugi_ledger.replay import replay_hand
from tests.helpers.replay_builder import record

THREE = ["Anna", "Ben", "Cara"]


def refused(seats: list[str], button: str, lines: list[str]) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(seats, button, lines))
    return err.value


def listed(error: IllegalAction) -> list[tuple[str, str]]:
    also = [m for m in error.mismatches if isinstance(m, Violation)]
    return [(error.rule or "", error.message), *((v.rule, v.message) for v in also)]


def test_every_card_the_deals_name_twice_is_listed_at_its_deal() -> None:
    error = refused(
        THREE,
        "Anna",
        [
            "Anna deal As 2h 3d 4c",
            "Ben deal As 5h 6d 7c",
            "Cara deal 2h 8h 9d 7c",
            "Ben posts sb",
        ],
    )
    assert listed(error) == [
        ("duplicate-card", "Ben gets As, but As is already in Anna's hand"),
        ("duplicate-card", "Cara gets 2h, but 2h is already in Anna's hand"),
        ("duplicate-card", "Cara gets 7c, but 7c is already in Ben's hand"),
    ]
    lines = [v.pos.line for v in error.mismatches if isinstance(v, Violation)]
    assert error.position.line == 2 and lines == [3, 3]


def test_cards_dealt_twice_after_another_broken_rule_are_listed_too() -> None:
    """Cara acts out of turn before her deal line: that rule stops the replay, and the card
    her deal names that Anna's did is still a mistake of the record."""
    error = refused(
        THREE,
        "Anna",
        ["Anna deal As 2h 3d 4c", "Cara folds", "Cara deal As 8h 9d 7c"],
    )
    assert listed(error)[0][0] == "turn-order"
    assert listed(error)[1:] == [
        ("duplicate-card", "Cara gets As, but As is already in Anna's hand")
    ]


def test_a_player_dealt_twice_is_that_deals_mistake_not_a_card_dealt_twice() -> None:
    error = refused(THREE, "Anna", ["Anna deal As 2h 3d 4c", "Anna deal As 2h 3d 4c"])
    assert listed(error) == [("deal-twice", "Anna's cards are dealt twice")]


def test_the_cards_dealt_twice_are_listed_up_to_the_bound() -> None:
    """Thirteen players dealt one deck's worth of the same four cards: a bounded list, and one
    more error for the rest."""
    players = [f"P{i}" for i in range(1, 14)]
    error = refused(players, "P13", [f"{p} deal As 2h 3d 4c" for p in players])
    also = [v for v in error.mismatches if isinstance(v, Violation)]
    assert len(also) == MAX_LISTED + 1
    assert also[-1].message.startswith("line ") and "only the first" in also[-1].message


def test_every_seat_that_cannot_be_booked_and_a_button_not_seated_are_listed() -> None:
    """A seat named like the ledger's rake account, one name written two ways (README,
    reserved names; a player seated twice) and a button nobody holds: each is listed."""
    error = refused(["Anna", "*House*", "Zoë", "Zoe\u0308"], "Dan", ["Anna folds"])
    assert [rule for rule, _ in listed(error)] == ["reserved-name", "seats", "button"]
    assert "one name written two ways (Unicode: Zo\\xeb and Zoe\\u0308)" in listed(error)[1][1]
    assert listed(error)[2][1] == "the button 'Dan' is not one of the seats"
