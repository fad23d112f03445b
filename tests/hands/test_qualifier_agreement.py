"""The Progressive Badugi qualifier (``002`` 3.1 and 3.2) is decided by one function,
:func:`badugi_ledger.hands.evaluate.meets_qualifier`; the pot division, the ``showdown``
calculator and the replay all ask it.  These tests put the same hands through all three and
check that they agree with each other and with the rule, under each house setting."""

from __future__ import annotations

import pytest

from badugi_ledger.hands.dispute import run_showdown
from badugi_ledger.hands.evaluate import meets_qualifier
from badugi_ledger.hands.pots import divide_pot
from badugi_ledger.model.cards import parse_known_cards as cards
from badugi_ledger.model.settings import GameSettings, HouseRules
from badugi_ledger.replay import replay_hand
from tests.helpers.replay_builder import record

# (hand, qualifier_max, qualifier_pair_ok, qualifies): 002 3.1 (a four-card badugi no higher
# than the limit), 3.2(a) (another limit) and 3.2(b) (one pair, three counting cards).
CASES = [
    ("9s 8h 7d 6c", 9, False, True),
    ("As 2h 3d 4c", 9, False, True),
    ("Ts 4h 3d 2c", 9, False, False),
    ("Ts 4h 3d 2c", 10, False, True),
    ("9s 4h 3d 2c", 8, False, False),
    ("7s 7h 3d 2c", 9, False, False),
    ("7s 7h 3d 2c", 9, True, True),
    ("Ts Th 3d 2c", 9, True, False),
    ("Ts Th 3d 2c", 10, True, True),
    ("7s 7h 3d 3c", 9, True, False),
    ("7s 7h 7d 2c", 9, True, False),
    ("7s 6s 3d 2c", 9, True, False),
    ("7s 7h 3s 2h", 9, True, False),
    ("7s 7h 3s 2c", 9, True, True),
]
# The opponent never qualifies (a king-high badugi, above every limit used here).
NEVER = "Kc Qd Jh 8s"

CHECKED_DOWN = ["Anna posts sb", "Ben posts bb", "Anna calls", "Ben checks"]
for _ in range(3):
    CHECKED_DOWN += ["Ben pat", "Anna pat", "Ben checks", "Anna checks"]


def _replay_carries(hand: str, house: HouseRules) -> bool:
    """Replay a checked-down heads-up hand of 4 chips in which Anna shows ``hand``; True when
    the replay carries the pot (it accepts exactly one of the two claims)."""
    settings = GameSettings(game="progressive-badugi", house=house)
    shows = ["Ben shows " + NEVER, "Anna shows " + hand]
    carried = record(
        {"Anna": 50, "Ben": 50}, "Anna", [*CHECKED_DOWN, *shows, "carry 4"], settings=settings
    )
    won = record(
        {"Anna": 50, "Ben": 50},
        "Anna",
        [*CHECKED_DOWN, *shows, "Anna collects 4"],
        settings=settings,
    )
    carry_result, win_result = replay_hand(carried), replay_hand(won)
    assert carry_result.ok != win_result.ok, (carry_result.violations, win_result.violations)
    return carry_result.ok


@pytest.mark.parametrize(("hand", "max_card", "pair_ok", "expected"), CASES)
def test_pots_showdown_and_replay_agree_on_the_002_qualifier(
    hand: str, max_card: int, pair_ok: bool, expected: bool
) -> None:
    """``002`` 3.1/3.2: a hand that qualifies wins the pot against one that does not; when
    neither qualifies the pot carries.  The pot division, the ``showdown`` calculator and the
    replay give the same answer for every case."""
    house = HouseRules(qualifier_max=max_card, qualifier_pair_ok=pair_ok)
    assert meets_qualifier("progressive-badugi", cards(hand), house) is expected

    award = divide_pot(
        4, [("Ben", cards(NEVER)), ("Anna", cards(hand))], "progressive-badugi", house
    )
    assert dict(award.shares) == ({"Anna": 4} if expected else {})

    dispute = run_showdown("progressive-badugi", ["Ben: " + NEVER, "Anna: " + hand], 4, house)
    anna = next(p for p in dispute.players if p.name == "Anna")
    assert anna.qualifies is expected
    assert dispute.award.shares.get("Anna", 0) == (4 if expected else 0)

    assert _replay_carries(hand, house) is (not expected)


def test_games_without_a_qualifier_have_none() -> None:
    """``000``/``004``: only the progressive game has a qualifier; a pair wins plain Badugi."""
    assert meets_qualifier("badugi", cards("Ks Kh 3d 2c"), HouseRules()) is None
    assert meets_qualifier("badacey", cards("Ks Kh 3d 2c 9h"), HouseRules()) is None
    assert (
        run_showdown("badugi", ["Ben: " + NEVER, "Anna: Ks Kh 3d 2c"]).players[1].qualifies is None
    )
