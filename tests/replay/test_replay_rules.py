"""The bad-history table: one broken history per rule the replay enforces, each naming its
source, the rule id the replay must report and the line of the offending event.

The base hand (fixed limit 2/4, blinds 1/2, ``000``): Anna, Ben, Cara, Dan clockwise, Dan on
the button, so Anna posts the small blind, Ben the big blind and Cara acts first.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.settings import GameSettings, HouseRules, Structure
from badugi_ledger.replay import replay_hand
from tests.helpers.replay_builder import assert_balanced, record

FL = GameSettings()
SEATS = {"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 100}
PREFLOP = ["Anna posts sb", "Ben posts bb"]
LIMPED = PREFLOP + ["Cara calls", "Dan calls", "Anna calls", "Ben checks"]
DRAW1 = ["Anna draws 1", "Ben draws 2", "Cara draws 1", "Dan pat"]
BASE = (
    LIMPED
    + DRAW1
    + [
        "Anna checks",
        "Ben bets 2",
        "Cara calls",
        "Dan folds",
        "Anna folds",
        "Ben draws 1",
        "Cara draws 1",
        "Ben bets 4",
        "Cara raises 8",
        "Ben calls",
        "Ben pat",
        "Cara pat",
        "Ben checks",
        "Cara checks",
        "Ben shows 7s 4h 2c 2d",
        "Cara shows 8s 6h 5c 3d",
    ]
)
NL = GameSettings(structure=Structure("no-limit"), small_blind=1, big_blind=2)
PL = GameSettings(structure=Structure("pot-limit"), small_blind=1, big_blind=2)
HPL = GameSettings(structure=Structure("half-pot-limit"), small_blind=1, big_blind=2)
SPREAD = GameSettings(structure=Structure("spread-limit", spread_min=2, spread_max=6))
BADACEY = GameSettings(game="badacey")
BUY = GameSettings(game="progressive-badugi", with_buy=True, house=HouseRules(buy_price=5))


@dataclass
class Bad:
    source: str
    rule: str
    line: int
    lines: list[str]
    settings: GameSettings = FL
    seats: dict[str, int | None] = field(default_factory=lambda: dict(SEATS))
    button: str = "Dan"


CASES = {
    # --- order of play -------------------------------------------------------------------
    "wrong turn preflop": Bad("000", "turn-order", 3, PREFLOP + ["Dan calls"]),
    "big blind acts first": Bad("000", "turn-order", 3, PREFLOP + ["Ben checks"]),
    "acts after folding": Bad(
        "000", "turn-order", 6, PREFLOP + ["Cara folds", "Dan calls", "Anna calls", "Cara calls"]
    ),
    "wrong turn after the draw": Bad("000", "turn-order", 11, LIMPED + DRAW1 + ["Ben checks"]),
    "draw out of turn": Bad("000", "turn-order", 7, LIMPED + ["Ben draws 2"]),
    "draw before betting ends": Bad(
        "000", "turn-order", 4, PREFLOP + ["Cara calls", "Cara draws 1"]
    ),
    "folded player draws": Bad(
        "000",
        "turn-order",
        7,
        PREFLOP + ["Cara folds", "Dan calls", "Anna calls", "Ben checks", "Cara draws 1"],
    ),
    "all-in player bets": Bad(
        "001",
        "turn-order",
        11,
        PREFLOP
        + ["Cara raises 4 allin", "Dan calls", "Anna calls", "Ben calls"]
        + ["Anna pat", "Ben pat", "Cara pat", "Dan pat", "Cara checks"],
        seats={"Anna": 100, "Ben": 100, "Cara": 4, "Dan": 100},
    ),
    "hand over after folds": Bad(
        "000", "turn-order", 6, PREFLOP + ["Cara folds", "Dan folds", "Anna folds", "Ben checks"]
    ),
    "sitting-out player acts": Bad(
        "000", "sitting-out", 4, ["Cara sits out", "Anna posts sb", "Ben posts bb", "Cara calls"]
    ),
    "unknown player": Bad("000", "unknown-player", 3, PREFLOP + ["Eve calls"]),
    "wrong small blind": Bad("000", "blind-player", 1, ["Ben posts sb"]),
    "missing big blind": Bad("000", "blind-missing", 2, ["Anna posts sb", "Cara calls"]),
    "blind amount": Bad("000", "post-amount", 1, ["Anna posts sb 2"]),
    "post after betting": Bad("000", "event-order", 4, PREFLOP + ["Cara calls", "Dan posts bb"]),
    "record stops mid-round": Bad(
        "000", "hand-incomplete", 4, PREFLOP + ["Cara calls", "Dan calls"]
    ),
    # --- betting --------------------------------------------------------------------------
    "bet out of size (fixed)": Bad("000", "bet-size", 3, PREFLOP + ["Cara raises 5"]),
    "small bet after draw two": Bad("000", "bet-size", 18, BASE[:17] + ["Ben bets 2"]),
    "raise past the cap": Bad(
        "000",
        "raise-cap",
        6,
        PREFLOP + ["Cara raises 4", "Dan raises 6", "Anna raises 8", "Ben raises 10"],
    ),
    "check facing a bet": Bad("000", "check-facing-bet", 3, PREFLOP + ["Cara checks"]),
    "wrong call amount": Bad("000", "call-amount", 3, PREFLOP + ["Cara calls 3"]),
    "bet more than the stack": Bad(
        "000",
        "over-stack",
        3,
        PREFLOP + ["Cara raises 4"],
        seats={"Anna": 100, "Ben": 100, "Cara": 3, "Dan": 100},
    ),
    "call more than the stack": Bad(
        "000",
        "over-stack",
        3,
        PREFLOP + ["Cara calls 5"],
        seats={"Anna": 100, "Ben": 100, "Cara": 3, "Dan": 100},
    ),
    "all-in with chips behind": Bad("000", "all-in-stack", 3, PREFLOP + ["Cara calls 2 allin"]),
    "no-limit bet without amount": Bad("001", "amount-missing", 3, PREFLOP + ["Cara raises"], NL),
    "no-limit raise too small": Bad("001", "bet-size", 3, PREFLOP + ["Cara raises 3"], NL),
    "pot-limit raise past the pot": Bad("001", "bet-size", 3, PREFLOP + ["Cara raises 8"], PL),
    "half-pot raise past half the pot": Bad("001", "bet-size", 3, PREFLOP + ["Cara raises 5"], HPL),
    "spread-limit raise past the max": Bad(
        "003", "bet-size", 3, PREFLOP + ["Cara raises 9"], SPREAD
    ),
    "short all-in does not reopen": Bad(
        "001",
        "raise-not-reopened",
        7,
        PREFLOP
        + ["Cara raises 8", "Dan raises 10 allin", "Anna folds", "Ben calls", "Cara raises 20"],
        NL,
        seats={"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 10},
    ),
    # Everybody else still in is all-in: a raise could not be called (PokerKit refuses it
    # too: "every other player has either folded or gone all-in").
    "raise nobody can call": Bad(
        "001",
        "raise-nobody-left",
        7,
        PREFLOP
        + ["Cara raises 8", "Dan raises 10 allin", "Anna folds", "Ben folds", "Cara raises 20"],
        NL,
        seats={"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 10},
    ),
    # Anna and Ben have chips, but no more than Cara's all-in bet of 4 (PokerKit: "every
    # other player has either folded or gone all-in" counts them so too).
    "raise nobody can call more than the bet": Bad(
        "000",
        "raise-nobody-left",
        4,
        ["Anna posts sb", "Ben posts bb", "Cara raises 4 allin", "Dan raises 6"],
        seats={"Anna": 3, "Ben": 4, "Cara": 4, "Dan": 100},
    ),
    "raise over an all-in heads-up": Bad(
        "000",
        "raise-nobody-left",
        4,
        ["Anna posts sb", "Ben posts bb", "Anna raises 4 allin", "Ben raises 6"],
        seats={"Anna": 4, "Ben": 100},
        button="Anna",
    ),
    # --- draws ----------------------------------------------------------------------------
    "too many cards drawn": Bad("000", "draw-count", 7, LIMPED + ["Anna draws 5"]),
    "too many cards drawn (five-card game)": Bad(
        "004", "draw-count", 7, LIMPED + ["Anna draws 6"], BADACEY
    ),
    "discards and receives differ": Bad(
        "000",
        "draw-count",
        8,
        ["Anna posts sb", "Ben posts bb", "Anna deal As 2c 3d 4h"]
        + ["Cara calls", "Dan calls", "Anna calls", "Ben checks", "Anna draws 4h > 5h 6h"],
    ),
    "duplicate card dealt": Bad(
        "000", "duplicate-card", 4, PREFLOP + ["Anna deal As 2c 3d 4h", "Ben deal Ks Qs As Jd"]
    ),
    "duplicate card drawn": Bad(
        "000",
        "duplicate-card",
        8,
        PREFLOP + ["Ben deal Ks Qs Jc Jd"] + LIMPED[2:] + ["Anna draws ?? > Ks"],
    ),
    "discard of a card not held": Bad(
        "000",
        "discard-not-held",
        8,
        PREFLOP + ["Anna deal As 2c 3d 4h"] + LIMPED[2:] + ["Anna draws Ks > 5h"],
    ),
    "deal of too many cards": Bad("000", "deal-count", 3, PREFLOP + ["Anna deal As 2c 3d 4h 5s"]),
    "shows a card not held": Bad(
        "000",
        "show-not-held",
        18,
        ["Anna posts sb", "Ben posts bb", "Ben deal 8s 6h 5c 3d", "Anna calls", "Ben checks"]
        + ["Ben pat", "Anna draws 1", "Ben checks", "Anna checks", "Ben pat", "Anna draws 1"]
        + ["Ben checks", "Anna checks", "Ben pat", "Anna draws 1", "Ben checks", "Anna checks"]
        + ["Ben shows 9s 6h 5c 3d"],
        seats={"Anna": 100, "Ben": 100},
        button="Anna",
    ),
    "buy in a game without buys": Bad("002", "buy-not-allowed", 7, LIMPED + ["Anna buys > "]),
    "third buy": Bad(
        "002",
        "buy-limit",
        23,
        LIMPED
        + ["Anna buys > ", "Ben pat", "Cara pat", "Dan pat"]
        + ["Anna checks", "Ben checks", "Cara checks", "Dan checks"]
        + ["Anna buys > ", "Ben pat", "Cara pat", "Dan pat"]
        + ["Anna checks", "Ben checks", "Cara checks", "Dan checks", "Anna buys > "],
        BUY,
    ),
}


@pytest.mark.parametrize("case", CASES.values(), ids=list(CASES))
def test_bad_history(case: Bad) -> None:
    hand = record(case.seats, case.button, case.lines, settings=case.settings)
    with pytest.raises(IllegalAction) as err:
        replay_hand(hand)
    exc = err.value
    assert (exc.rule, exc.position.line) == (case.rule, case.line), exc.message
    assert exc.hand == "1"
    assert exc.message


def test_base_hand_is_legal() -> None:
    """The table's base hand replays cleanly, so each case fails for its own reason."""
    result = replay_hand(record(SEATS, "Dan", BASE))
    assert result.ok
    # Pot: 4 x 2 preflop, 2 x 2 after draw one (Ben, Cara), 2 x 8 after draw two = 28.
    assert sum(p.amount for p in result.pots) == 28
    assert dict(result.payouts) == {"Cara": 28}  # her badugi beats Ben's 7-4-2 (000)
    assert_balanced(result)


MISMATCHES = {
    "wrong payout": (["Ben collects 28"], "collect", "Ben collects 28, but wins nothing"),
    "payout missing": (["Ben collects 0"], "collect", "no collection is recorded for Cara"),
    "chips created": (["Cara collects 30"], "chips-balance", "2 chips created"),
    "chips lost": (["Cara collects 20"], "chips-balance", "8 chips lost"),
    "wrong final stack": (
        ["Cara ends 120"],
        "final-stack",
        "Cara ends with 120, but the replay gives 116",
    ),
    "final stacks lose chips": (
        ["Anna ends 98", "Ben ends 88", "Cara ends 108", "Dan ends 98"],
        "chips-balance",
        "8 chips lost",
    ),
    "wrong pot total": (["pot 30"], "pot-total", "recorded as 30, but is 28"),
    "carry in a plain game": (["carry 28"], "carry-out", "computed carry is 0"),
    "rake without a rake": (["Cara collects 28", "rake 2"], "chips-balance", "2 chips created"),
}


@pytest.mark.parametrize("extra,rule,text", MISMATCHES.values(), ids=list(MISMATCHES))
def test_recorded_outcome_mismatch(extra: list[str], rule: str, text: str) -> None:
    """``004`` (chip accounting) and the issue: recorded outcomes are verified, not trusted;
    a disagreement is a mismatch, not an exception, and names the event's line."""
    result = replay_hand(record(SEATS, "Dan", BASE + extra))
    rules = {v.rule for v in result.violations}
    assert rule in rules, result.violations
    found = [v for v in result.violations if v.rule == rule]
    assert any(text in v.message for v in found), found
    assert all(v.kind == "mismatch" and v.pos.line > len(BASE) for v in found)
    assert_balanced(result)
