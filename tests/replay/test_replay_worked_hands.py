"""The fully recorded hands of the rule texts, replayed event by event.

* ``004`` (Badacey lesson): the Bram/Kira/Noor/Amara hand, fixed limit 6/12, blinds 3/6.
* ``000`` (Badugi home rules): the Anna/Ben example of the draws (betting not given in the text,
  so a plain check-down is used; Ben's first cards are not given, so they are unknown).
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.settings import GameSettings, Structure
from badugi_ledger.replay import replay_hand
from tests.helpers.replay_builder import assert_balanced, record

BADACEY_6_12 = GameSettings(
    game="badacey", structure=Structure("fixed-limit", 6, 12), small_blind=3, big_blind=6
)
SEATS_004 = {"Amara": 240, "Bram": 240, "Kira": 240, "Noor": 240}  # clockwise, Amara on the button

HAND_004 = [
    "Bram posts sb",
    "Kira posts bb",
    "Bram deal As 3c 6h Js Qd",
    "Kira deal Ah 4c 7d Ts Qc",
    "Noor deal Ad 2c 3s Kh Ks",
    "Amara deal Ac 2s 3h 9d Jc",
    "Noor calls",
    "Amara calls",
    "Bram calls 3",
    "Kira checks",
    "Bram draws Js Qd > 2h 8s",
    "Kira draws Ts Qc > 5s 9c",
    "Noor draws Kh Ks > 4h Qh",
    "Amara draws 9d Jc > 4d 8d",
    "Bram checks",
    "Kira checks",
    "Noor bets 6",
    "Amara calls",
    "Bram calls",
    "Kira calls",
    "Bram draws 6h 8s > 5h Td",
    "Kira draws 7d 9c > 6c Jd",
    "Noor draws Qh > 7h",
    "Amara draws 8d > 6d",
    "Bram checks",
    "Kira checks",
    "Noor bets 12",
    "Amara calls",
    "Bram folds",
    "Kira folds",
    "Noor draws 7h > 8h",
    "Amara draws 6d > 5d",
    "Noor bets 12",
    "Amara raises 24",
    "Noor calls 12",
    "Noor shows 8h 4h 3s 2c Ad",
    "Amara shows 5d 4d 3h 2s Ac",
]


def test_004_worked_hand_pot_and_final_stacks() -> None:
    """``004``: pot 120; Bram 228, Kira 228, Noor 222, Amara 282; Amara 90, Noor 30."""
    result = replay_hand(record(SEATS_004, "Amara", HAND_004, settings=BADACEY_6_12))
    assert sum(p.amount for p in result.pots) == 120
    assert dict(result.final_stacks) == {"Bram": 228, "Kira": 228, "Noor": 222, "Amara": 282}
    assert dict(result.payouts) == {"Noor": 30, "Amara": 90}
    assert dict(result.contributions) == {"Bram": 12, "Kira": 12, "Noor": 48, "Amara": 48}
    assert result.net == {"Amara": 42, "Bram": -12, "Kira": -12, "Noor": -18}
    assert result.showdown and result.ok
    # 004: "Amara wins the five-card half ... they divide the other 60 and receive 30 each".
    assert "Badugi half tied: Noor 30 + Amara 30" in result.pots[0].detail
    # Amara made the last raise of the final round, so she shows first (000).
    assert "showdown order: Amara, Noor" in result.notes
    assert_balanced(result)


def test_004_recorded_collections_are_verified() -> None:
    """Recording the lesson's 90/30 is accepted; a 60/60 split is reported as a mismatch."""
    right = HAND_004 + ["Amara collects 90", "Noor collects 30", "pot 120", "Noor ends 222"]
    assert replay_hand(record(SEATS_004, "Amara", right, settings=BADACEY_6_12)).ok
    wrong = HAND_004 + ["Amara collects 60", "Noor collects 60"]
    result = replay_hand(record(SEATS_004, "Amara", wrong, settings=BADACEY_6_12))
    assert [(v.rule, v.kind, v.pos.line) for v in result.violations] == [
        ("collect", "mismatch", 38),
        ("collect", "mismatch", 39),
    ]
    message = result.violations[1].message
    assert message.startswith("Noor collects 60, but is owed 30")
    assert "Badugi half tied: Noor 30 + Amara 30" in message
    assert_balanced(result)


def test_004_every_card_is_distinct() -> None:
    """``004``: "36 distinct physical cards ... None of the discards reappears": a record in
    which Noor's third-draw card is one Amara already holds is rejected."""
    bad = [line.replace("Noor draws 7h > 8h", "Noor draws 7h > 4d") for line in HAND_004]
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(SEATS_004, "Amara", bad, settings=BADACEY_6_12))
    assert err.value.rule == "duplicate-card" and err.value.position.line == 31
    assert "Amara" in err.value.message
    discarded = [line.replace("Noor draws 7h > 8h", "Noor draws 7h > Qh") for line in HAND_004]
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(SEATS_004, "Amara", discarded, settings=BADACEY_6_12))
    assert err.value.rule == "duplicate-card" and "already discarded" in err.value.message


def test_000_anna_ben_example() -> None:
    """``000``: Anna (Q♠ 6♥ 3♦ 3♣) exchanges Q♠ and a 3 for 8♠ 5♣ and stands pat; Ben draws
    one card three times and ends with 7♠ 4♥ 2♣ 2♦; Anna's badugi wins."""
    lines = [
        "Anna posts sb",
        "Ben posts bb",
        "Anna deal Qs 6h 3d 3c",
        "Anna calls",
        "Ben checks",
        "Ben draws 1",
        "Anna draws Qs 3c > 8s 5c",
        "Ben checks",
        "Anna checks",
        "Ben draws 1",
        "Anna pat",
        "Ben checks",
        "Anna checks",
        "Ben draws 1",
        "Anna pat",
        "Ben checks",
        "Anna checks",
        "Anna shows 8s 6h 5c 3d",
        "Ben shows 7s 4h 2c 2d",
    ]
    result = replay_hand(record({"Anna": 100, "Ben": 100}, "Anna", lines))
    assert dict(result.payouts) == {"Anna": 4}
    assert dict(result.final_stacks) == {"Anna": 102, "Ben": 98}
    assert "4-card 8-6-5-3" in result.pots[0].detail
    assert_balanced(result)
