"""Pots at the end of a replay: side pots, uncalled bets, rake, mucks, unknown cards, splits.

Sources: ``001`` (side pots when a player is all-in), ``000`` (showdown order; the last player
left wins without showing; ties share), ``004`` (split halves, no chip created or lost),
seeds README items 4 (odd chips) and 8 (rake), ``002`` (qualifier).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.settings import GameSettings, RakeRule, Structure
from badugi_ledger.replay import replay_hand
from tests.helpers.replay_builder import assert_balanced, record

NL = GameSettings(structure=Structure("no-limit"), small_blind=1, big_blind=2)
SHORT = {"Anna": 20, "Ben": 50, "Cara": 100, "Dan": 100}
ALL_IN_PREFLOP = [
    "Anna posts sb",
    "Ben posts bb",
    "Anna deal As 2h 3d 4c",
    "Ben deal Ac 2d 3h 5s",
    "Cara deal Ks Qh Jd Tc",
]
THREE_WAY = ALL_IN_PREFLOP + [
    "Cara raises 10",
    "Dan folds",
    "Anna raises 20 allin",
    "Ben raises 50 allin",
    "Cara calls 40",
    "Anna pat",
    "Ben pat",
    "Cara pat",
    "Anna pat",
    "Ben pat",
    "Cara pat",
    "Anna pat",
    "Ben pat",
    "Cara pat",
    "Anna shows As 2h 3d 4c",
    "Ben shows Ac 2d 3h 5s",
    "Cara shows Ks Qh Jd Tc",
]


def test_three_way_all_in_builds_side_pots() -> None:
    """``001``: a player all-in can win only what each opponent matched; the rest is a side pot
    among the others.  Anna (20) and Ben (50) are all-in against Cara."""
    result = replay_hand(record(SHORT, "Dan", THREE_WAY, settings=NL))
    pots = [(p.name, p.amount, p.eligible, dict(p.shares)) for p in result.pots]
    assert pots == [
        ("main", 60, ("Anna", "Ben", "Cara"), {"Anna": 60}),
        ("side 1", 60, ("Ben", "Cara"), {"Ben": 60}),
    ]
    assert dict(result.final_stacks) == {"Anna": 60, "Ben": 60, "Cara": 50, "Dan": 100}
    assert result.busted == ()
    assert_balanced(result)


def test_all_in_players_draw_and_unrecorded_draws_are_unknown() -> None:
    """``001``: all-in players still draw.  Draws nobody wrote down are missing information,
    not a violation: the replay notes them and settles on the shown cards."""
    lines = [line for line in THREE_WAY if not line.endswith(" pat")]
    result = replay_hand(record(SHORT, "Dan", lines, settings=NL))
    assert dict(result.payouts) == {"Anna": 60, "Ben": 60}
    assert sum("not recorded" in note for note in result.notes) == 3
    assert_balanced(result)


def test_cards_cannot_be_shown_twice_across_players() -> None:
    """No known card may appear twice in a hand, even between a deal and another's show."""
    lines = THREE_WAY[:-1] + ["Cara shows Ks Qh Jd 4c"]
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(SHORT, "Dan", lines, settings=NL))
    assert err.value.rule == "show-not-held"  # Cara's known cards are Ks Qh Jd Tc


def test_busted_player_is_reported() -> None:
    """A player whose stack reaches zero is busted (tournaments: eliminated)."""
    lines = THREE_WAY[:-3] + [
        "Anna shows As 2h 3d 4c",
        "Ben shows Ac 2d 3h 5s",
        "Cara shows 5d 6h 7c 8s",
    ]
    lines[4] = "Cara deal 5d 6h 7c 8s"
    result = replay_hand(record(SHORT, "Dan", lines, settings=NL))
    assert dict(result.payouts) == {"Anna": 60, "Ben": 60}
    lines[-1], lines[4] = "Cara shows As 2s 3s 4s", "Cara deal As 2s 3s 4s"
    lines[2], lines[-3] = "Anna deal Kc Qc Jc Tc", "Anna shows Kc Qc Jc Tc"
    result = replay_hand(record(SHORT, "Dan", lines, settings=NL))
    # Ben's 5-3-2-A beats Cara's one-card ace and Anna's one-card ten.
    assert dict(result.payouts) == {"Ben": 120}
    assert result.busted == ("Anna",)
    assert_balanced(result)


FOLD_TO_BET = [
    "Anna posts sb",
    "Ben posts bb",
    "Cara calls",
    "Dan folds",
    "Anna folds",
    "Ben raises",
    "Cara folds",
]


def test_uncalled_bet_is_returned() -> None:
    """The raise nobody called goes back to Ben before the pot is awarded (no showdown)."""
    result = replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", FOLD_TO_BET))
    assert dict(result.payouts) == {"Ben": 5}  # Anna 1 + Ben 2 + Cara 2
    assert dict(result.contributions) == {"Anna": 1, "Ben": 2, "Cara": 2, "Dan": 0}
    assert not result.showdown
    returned = [p for p in result.postings if p.kind == "returned"]
    assert [(p.account, p.amount) for p in returned] == [("Ben", 2)]
    assert dict(result.final_stacks) == {"Anna": 99, "Ben": 103, "Cara": 98, "Dan": 100}
    assert_balanced(result)


def test_dead_money_does_not_call_a_bet() -> None:
    """A dead blind is not a call: Dan's raise to 4 is matched only by live chips, so 2 of it
    comes back; the dead chip stays in the pot."""
    lines = ["Anna posts sb", "Ben posts bb", "Dan posts dead 1", "Cara folds", "Dan raises 4"]
    lines += ["Anna folds", "Ben folds"]
    result = replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", lines))
    assert dict(result.payouts) == {"Dan": 6}  # 1 + 2 + dead 1 + Dan's 2 that Ben matched
    assert dict(result.final_stacks)["Dan"] == 103  # paid 1 + 4, got 2 back, won 6
    assert_balanced(result)


SHOWDOWN_4 = [
    "Anna posts sb",
    "Ben posts bb",
    "Cara calls",
    "Dan calls",
    "Anna calls",
    "Ben checks",
]
for _ in range(3):
    SHOWDOWN_4 += ["Anna pat", "Ben pat", "Cara pat", "Dan pat"]
    SHOWDOWN_4 += ["Anna checks", "Ben checks", "Cara checks", "Dan checks"]


def test_tie_shares_and_odd_chip_goes_left_of_button() -> None:
    """``000``: tied hands share; seeds README item 4: the odd chip goes to the first tied
    winner clockwise from the button (``HouseRules.odd_chip`` default).  A dead chip makes
    the pot odd."""
    lines = (
        ["Dan posts dead 1"]
        + SHOWDOWN_4
        + [
            "Anna shows Ks Qh Jd Tc",
            "Ben shows 4s 3h 2d Ac",
            "Cara shows 4h 3d 2c As",
            "Dan mucks",
        ]
    )
    result = replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", lines))
    assert dict(result.payouts) == {"Ben": 5, "Cara": 4}
    assert "showdown order: Anna, Ben, Cara, Dan" in result.notes
    assert_balanced(result)


def test_muck_forfeits_and_last_contender_needs_no_cards() -> None:
    """A player who mucks gives up the pot; the one left takes it without a comparison."""
    lines = SHOWDOWN_4 + ["Anna mucks", "Ben mucks", "Cara mucks"]
    result = replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", lines))
    assert dict(result.payouts) == {"Dan": 8}
    assert result.showdown


def test_unknown_showdown_cards_accept_a_consistent_collection() -> None:
    """Missing information is not a violation: with Cara's cards unknown the pot cannot be
    computed, so a consistent recorded collection settles it (and a note says so)."""
    lines = SHOWDOWN_4 + ["Anna mucks", "Ben mucks", "Dan shows 5s 3h 2d Ac", "Cara collects 8"]
    result = replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", lines))
    assert result.ok and dict(result.payouts) == {"Cara": 8}
    assert any("unknown" in note for note in result.notes)
    assert_balanced(result)


def test_unknown_showdown_cards_cannot_beat_the_best_hand() -> None:
    """Cara's cards are unknown, but no hand beats Dan's 4-3-2-A (``000`` "the best of all is
    A-2-3-4 in four suits"): she may tie it (4 each), never take the whole pot."""
    shown = SHOWDOWN_4 + ["Anna mucks", "Ben mucks", "Dan shows 4s 3h 2d Ac"]
    result = replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", shown + ["Cara collects 8"]))
    assert [(v.rule, v.kind) for v in result.violations] == [("collect", "mismatch")]
    assert "Dan shows 4-card 4-3-2-A" in result.violations[0].message
    tied = shown + ["Cara collects 4", "Dan collects 4"]
    assert replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", tied)).ok


def test_unknown_showdown_cards_without_collection_cannot_settle() -> None:
    lines = SHOWDOWN_4 + ["Anna mucks", "Ben mucks", "Dan shows 4s 3h 2d Ac"]
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", lines))
    assert err.value.rule == "pot-undetermined"
    lines.append("Anna collects 8")  # Anna mucked: she cannot be paid
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", lines))
    assert err.value.rule == "pot-undetermined"


def test_known_cards_settle_without_a_show() -> None:
    """Cards known from the deal (and pat draws) settle the pot even if no show is written."""
    lines = ["Anna deal Ks Qh Jd Tc", "Ben deal 4s 3h 2d Ac"] + SHOWDOWN_4
    lines += ["Cara mucks", "Dan mucks"]
    result = replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", lines))
    assert dict(result.payouts) == {"Ben": 8}


RAKED = GameSettings(rake=RakeRule(percent=10, cap=2))


def test_rake_rule_is_applied_and_recorded_rake_checked() -> None:
    """Seeds README item 8: rake is an option; 10% (rounded down), at most 2 chips."""
    lines = SHOWDOWN_4 + ["Anna mucks", "Ben mucks", "Cara mucks", "Dan collects 8"]
    result = replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", lines, settings=RAKED))
    assert result.rake == 0 and result.ok  # 10% of 8 rounds down to 0
    big = list(SHOWDOWN_4)
    big[-4:] = ["Anna bets 4", "Ben calls", "Cara calls", "Dan calls"]
    lines = big + ["Anna mucks", "Ben mucks", "Cara mucks", "rake 3", "Dan collects 21"]
    result = replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", lines, settings=RAKED))
    assert result.rake == 2  # 10% of 24, capped at 2
    assert dict(result.payouts) == {"Dan": 22}
    assert {v.rule for v in result.violations} == {"rake", "collect"}
    assert_balanced(result)


def test_no_flop_no_drop() -> None:
    """``RakeRule.no_flop_no_drop``: no rake from a hand that ends before the first draw."""
    result = replay_hand(record(["Anna", "Ben", "Cara", "Dan"], "Dan", FOLD_TO_BET, settings=RAKED))
    assert result.rake == 0


def test_recorded_rake_is_taken_when_no_rule() -> None:
    """Site imports (no rake rule): the recorded rake is what the house took, main pot first."""
    lines = THREE_WAY + ["rake 3", "Anna collects 57", "Ben collects 60"]
    result = replay_hand(record(SHORT, "Dan", lines, settings=NL))
    assert result.ok, result.violations
    assert result.rake == 3
    assert [dict(p.shares) for p in result.pots] == [{"Anna": 57}, {"Ben": 60}]
    assert [p.kind for p in result.postings if p.account == "*house*"] == ["rake"]
    assert_balanced(result)


def test_house_rule_the_rake_comes_out_of_the_main_pot_first() -> None:
    """A house rule of ours (README's house rules, grammar/README.md ``rake``): no rule text says
    how a rake meets side pots (seeds README item 8 asks only for a rake), and a ``rake`` rule's
    cut comes out of the main pot first, then the side pots in order.  Anna, all-in for 20, wins
    the main pot of 60 and Ben the side pot of 60; ``rake 10% cap 5`` takes 5, all of it from
    Anna's pot, not some from each (as a site raking each pot by its size would)."""
    raked = replace(NL, rake=RakeRule(percent=10, cap=5))
    lines = THREE_WAY + ["Anna collects 55", "Ben collects 60"]
    result = replay_hand(record(SHORT, "Dan", lines, settings=raked))
    assert result.ok, result.violations
    assert result.rake == 5
    assert [(p.name, p.amount, dict(p.shares)) for p in result.pots] == [
        ("main", 60, {"Anna": 55}),
        ("side 1", 60, {"Ben": 60}),
    ]
    assert_balanced(result)
    each = THREE_WAY + ["Anna collects 57", "Ben collects 58"]  # 3 and 2: raked pot by pot
    result = replay_hand(record(SHORT, "Dan", each, settings=raked))
    assert {v.rule for v in result.violations} == {"collect"}


def test_split_halves_in_badeucey() -> None:
    """``004`` exercise 1 (Badeucey profile): B scoops with the 2-7 seven-low and 5-4-3-2."""
    game = GameSettings(game="badeucey")
    lines = [
        "Anna posts sb",
        "Ben posts bb",
        "Anna calls",
        "Ben checks",
    ]
    for _ in range(3):
        lines += ["Ben pat", "Anna pat", "Ben checks", "Anna checks"]
    lines += ["Anna shows As 2h 3d 4c 5c", "Ben shows 2c 3h 4s 5d 7c"]
    result = replay_hand(record(["Anna", "Ben"], "Anna", lines, settings=game))
    assert dict(result.payouts) == {"Ben": 4}


def test_unknown_cards_collections_fill_the_side_pot_first() -> None:
    """``001`` side pots: Anna, all-in for 2 chips, can take only the main pot (6); Cara's
    cards are unknown and she collects the side pot (12), which only Ben and she contest.  The
    recorded collections settle both pots (they were refused as not dividing the side pot when
    Cara, seated before Anna, was given the main pot first)."""
    lines = ["Ben posts sb", "Cara posts bb", "Anna calls 2 allin", "Ben calls", "Cara checks"]
    bets = ["Ben bets 2", "Cara calls"]
    for _ in range(3):
        lines += ["Ben pat", "Cara pat", "Anna pat", *bets]
        bets = ["Ben bets 4", "Cara calls"]
    lines[-2:] = ["Ben checks", "Cara checks"]
    lines += ["Anna shows 4s 3h 2d Ac", "Ben shows Ks Qh Jd Tc", "Cara collects 12"]
    lines.append("Anna collects 6")
    stacks = {"Ben": 100, "Cara": 100, "Anna": 2}
    result = replay_hand(record(stacks, "Anna", lines))
    assert result.ok, result.violations
    assert [(p.name, p.amount, dict(p.shares)) for p in result.pots] == [
        ("main", 6, {"Anna": 6}),
        ("side 1", 12, {"Cara": 12}),
    ]
