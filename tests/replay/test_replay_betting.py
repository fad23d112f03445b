"""Order of play and betting structures that are legal, and the house rules that change them.

Sources: ``000`` (order of play, heads-up blinds, fixed limit 1/2 with 2/4 bets and a cap of a
bet and three raises), ``001`` (pot limit, no limit, half-pot limit), ``003`` (spread limit),
``004`` (a full raise after draw two is to 24 in 6/12), seeds README item 6 (heads-up cap).
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.settings import GameSettings, HouseRules, Structure
from badugi_ledger.replay import replay_hand
from tests.helpers.replay_builder import assert_balanced, record

FOUR = ["Anna", "Ben", "Cara", "Dan"]


def replay(lines: list[str], settings: GameSettings | None = None, seats=None, button="Dan"):
    """Replay a complete hand; it must be legal and balance."""
    result = replay_hand(record(seats or FOUR, button, lines, settings=settings))
    assert_balanced(result)
    return result


def fails(lines: list[str], settings: GameSettings | None = None, seats=None, button="Dan") -> str:
    """The rule the first illegal event of ``lines`` breaks."""
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(seats or FOUR, button, lines, settings=settings))
    return str(err.value.rule)


def legal_so_far(lines: list[str], settings: GameSettings | None = None, seats=None, button="Dan"):
    """``lines`` are the legal start of a hand: the only complaint is that the record stops."""
    assert fails(lines, settings, seats, button) == "hand-incomplete"


HEADS_UP = ["Anna posts sb", "Ben posts bb", "Anna calls", "Ben checks"]


def test_heads_up_order() -> None:
    """``000``: with two players the button posts the small blind and acts first before the
    draw; after it the other player acts first, in the draws too."""
    lines = HEADS_UP + ["Ben draws 1", "Anna draws 2", "Ben bets", "Anna calls"]
    lines += ["Ben pat", "Anna pat", "Ben checks", "Anna checks", "Ben pat", "Anna pat"]
    lines += ["Ben checks", "Anna checks", "Anna mucks"]
    result = replay(lines, seats=["Anna", "Ben"], button="Anna")
    assert dict(result.payouts) == {"Ben": 8}
    assert fails(["Ben posts sb"], seats=["Anna", "Ben"], button="Anna") == "blind-player"
    assert (
        fails(HEADS_UP[:2] + ["Ben checks"], seats=["Anna", "Ben"], button="Anna") == "turn-order"
    )
    wrong_draw = HEADS_UP + ["Anna draws 1"]
    assert fails(wrong_draw, seats=["Anna", "Ben"], button="Anna") == "turn-order"


def test_big_blind_has_the_option() -> None:
    """``000``: the big blind acts last before the draw and may still raise."""
    lines = ["Anna posts sb", "Ben posts bb", "Cara calls", "Dan calls", "Anna calls"]
    lines += ["Ben raises 4", "Cara calls", "Dan calls", "Anna calls"]
    legal_so_far(lines + ["Anna draws 1", "Ben draws 1", "Cara draws 1", "Dan draws 1"])
    # The round is over once Anna calls the raise; Anna draws first.
    assert fails(lines + ["Ben draws 1"]) == "turn-order"
    assert fails(lines[:5] + ["Ben calls"]) == "call-amount"  # nothing to call: a check


def test_cap_allows_a_bet_and_three_raises() -> None:
    """``000``: at most one bet and three raises per round; the big blind is the bet."""
    lines = ["Anna posts sb", "Ben posts bb", "Cara raises 4", "Dan raises 6", "Anna raises 8"]
    lines += ["Ben calls", "Cara calls", "Dan calls"]
    legal_so_far(lines + ["Anna pat"])
    assert fails(lines[:5] + ["Ben raises 10"]) == "raise-cap"


def test_heads_up_uncapped_house_rule() -> None:
    """Seeds README item 6: the cap always applies by default; a house rule lifts it when only
    two players remain."""
    war = HEADS_UP[:2] + ["Anna raises 4", "Ben raises 6", "Anna raises 8", "Ben raises 10"]
    assert fails(war, seats=["Anna", "Ben"], button="Anna") == "raise-cap"
    uncapped = GameSettings(house=HouseRules(heads_up_uncapped=True))
    legal_so_far(war + ["Anna calls", "Ben pat", "Anna pat"], uncapped, ["Anna", "Ben"], "Anna")
    # With three players still in the cap applies even under the house rule.
    three = ["Anna posts sb", "Ben posts bb", "Cara raises 4", "Anna raises 6", "Ben raises 8"]
    three_seats = ["Anna", "Ben", "Cara"]
    assert fails(three + ["Cara raises 10"], uncapped, three_seats, "Cara") == "raise-cap"


def test_big_bet_from_the_third_round() -> None:
    """``004``: after draw two an opening bet is 12 and a full raise makes it 24 (6/12)."""
    game = GameSettings(structure=Structure("fixed-limit", 6, 12), small_blind=3, big_blind=6)
    lines = ["Anna posts sb", "Ben posts bb", "Anna calls", "Ben checks", "Ben pat", "Anna pat"]
    lines += ["Ben bets 6", "Anna calls", "Ben pat", "Anna pat", "Ben bets 12"]
    legal_so_far(lines + ["Anna raises 24", "Ben calls", "Ben pat"], game, ["Anna", "Ben"], "Anna")
    assert fails(lines + ["Anna raises 18"], game, ["Anna", "Ben"], "Anna") == "bet-size"


def test_half_bet_rule_for_short_all_in_raises() -> None:
    """``HouseRules.half_bet_reopens`` (our documented choice for fixed limit): a short all-in
    raise of at least half a bet reopens the betting, and the next raise completes it to the
    full level; with the rule off it does not reopen.  PokerStars plays it that way
    (corpus ``pokerstars/LBad-USD-MTT8-201011.txt`` hand 52476877655: all-in to 150 over a raise
    to 120, then "raises 30 to 180")."""
    seats = {"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 5}
    # Dan raises all-in to 5 over Cara's 4: one chip, exactly half of the 2-chip bet; Ben
    # calls, so Cara's raise has somebody left to call it.
    before = ["Anna posts sb", "Ben posts bb", "Cara raises 4", "Dan raises 5 allin"]
    before += ["Anna folds", "Ben calls"]
    half = [*before, "Cara raises 6"]
    result = replay(half + ["Ben folds", "Cara pat", "Dan pat", "Cara mucks"], seats=seats)
    assert dict(result.payouts) == {"Dan": 16}  # 1 + 5 + 5 + 5; Cara's extra 1 came back
    assert fails([*before, "Cara raises 8"], seats=seats) == "bet-size"  # 8 is not 4 + 2
    strict = GameSettings(house=HouseRules(half_bet_reopens=False))
    assert fails(half, strict, seats) == "raise-not-reopened"
    # Less than half a bet does not reopen even under the rule.
    small = GameSettings(structure=Structure("fixed-limit", 4, 8), small_blind=2, big_blind=4)
    under = ["Anna posts sb", "Ben posts bb", "Cara raises 8", "Dan raises 9 allin"]
    under += ["Anna folds", "Ben calls", "Cara raises 12"]
    seats["Dan"] = 9
    assert fails(under, small, seats) == "raise-not-reopened"
    # A player who had not acted may complete the raise (to the next full level).
    seats["Dan"] = 5
    complete = ["Anna posts sb", "Ben posts bb", "Cara raises 4", "Dan raises 5 allin"]
    complete += ["Anna raises 6", "Ben folds", "Cara folds", "Dan mucks"]
    assert dict(replay(complete, strict, seats).payouts) == {"Anna": 16}  # 5 + 2 + 4 + 5


NL = GameSettings(structure=Structure("no-limit"), small_blind=1, big_blind=2)
PL = GameSettings(structure=Structure("pot-limit"), small_blind=1, big_blind=2)
HPL = GameSettings(structure=Structure("half-pot-limit"), small_blind=1, big_blind=2)
SPREAD = GameSettings(structure=Structure("spread-limit", spread_min=2, spread_max=6))


@pytest.mark.parametrize(
    "settings,legal,illegal",
    [
        # 001 no limit: min raise = last full raise (2), any size above; bets at least the BB.
        (NL, ["Cara raises 4", "Dan raises 60"], ["Cara raises 4", "Dan raises 5"]),
        # 001 pot limit: Cara may raise to 2 + (3 + 2) = 7; then Dan to 7 + (10 + 7) = 24.
        (PL, ["Cara raises 7", "Dan raises 24"], ["Cara raises 7", "Dan raises 25"]),
        # 001 half-pot: Cara to 2 + 5 // 2 = 4; Dan to 4 + (7 + 4) // 2 = 9.
        (HPL, ["Cara raises 4", "Dan raises 9"], ["Cara raises 4", "Dan raises 10"]),
        # 003 spread limit 2-6: raise by 2..6, and at least the last raise.
        (SPREAD, ["Cara raises 8", "Dan raises 14"], ["Cara raises 8", "Dan raises 11"]),
    ],
    ids=["no-limit", "pot-limit", "half-pot-limit", "spread-limit"],
)
def test_bet_size_limits(settings: GameSettings, legal: list[str], illegal: list[str]) -> None:
    posts = ["Anna posts sb", "Ben posts bb"]
    replay(posts + legal + ["Anna folds", "Ben folds", "Cara folds"], settings)
    assert fails(posts + illegal, settings) == "bet-size"


def test_spread_limit_with_a_big_blind_above_the_spread_lets_the_spread_s_most_raise() -> None:
    """``003`` names spread limit but not its blinds: with ``spread limit 2-6 · blinds
    5/10`` the last raise (the big blind, 10) is above the spread's most (6), and "at least
    the last raise, at most 6" would leave no raise at all.  A raise of 6 is then the full
    raise (and the next one is at least 6); less is refused."""
    wide = GameSettings(
        structure=Structure("spread-limit", spread_min=2, spread_max=6),
        small_blind=5,
        big_blind=10,
    )
    posts = ["Anna posts sb", "Ben posts bb"]
    result = replay(posts + ["Cara raises 16", "Dan raises 22", "Anna folds", "Ben folds",
                             "Cara folds"], wide)  # fmt: skip
    assert dict(result.payouts) == {"Dan": 47}  # 5 + 10 + 16 + 16: his last 6 uncalled
    assert fails(posts + ["Cara raises 15"], wide) == "bet-size"
    assert fails(posts + ["Cara raises 16", "Dan raises 21"], wide) == "bet-size"


def test_spread_limit_raise_over_a_short_all_in_bet_adds_the_spread_s_least() -> None:
    """``003`` names spread limit; grammar/README.md sizes it: "every bet or raise adds MIN to
    MAX; a raise adds at least the last raise of the round".  With ``spread limit 2-6 · blinds
    5/10``, after the draw Cara bets 1 all-in, short of the least bet (2): the round has no
    raise yet, so a raise over her bet adds at least 2 (to 3), not the big blind of the round
    before the draw (10, 6 at most).  Dan's raise to 3 is a full one: Anna, who checked, may
    raise it again."""
    wide = GameSettings(
        structure=Structure("spread-limit", spread_min=2, spread_max=6),
        small_blind=5,
        big_blind=10,
    )
    seats = {"Anna": 100, "Ben": 100, "Cara": 11, "Dan": 100}
    lines = ["Anna posts sb", "Ben posts bb", "Cara calls", "Dan calls", "Anna calls"]
    lines += ["Ben checks", "Anna pat", "Ben pat", "Cara pat", "Dan pat"]
    lines += ["Anna checks", "Ben checks", "Cara bets 1 allin"]
    legal_so_far(lines + ["Dan raises 3", "Anna raises 5"], wide, seats)
    assert fails(lines + ["Dan raises 2"], wide, seats) == "bet-size"
    assert fails(lines + ["Dan raises 8"], wide, seats) == "bet-size"


def test_a_refused_spread_limit_size_cites_the_text_that_names_spread_limit() -> None:
    """Only ``003`` names spread limit ("Fixed Limit, No-Limit, Pot Limit, Half Pot-Limit en
    Spread-Limit"); ``001`` names pot, half-pot and no limit.  The refusal cites ``003``."""
    posts = ["Anna posts sb", "Ben posts bb"]
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(FOUR, "Dan", posts + ["Cara raises 9"], settings=SPREAD))
    assert err.value.message == "Cara raises to 9; the most allowed is 8 (spread-limit, 003)"


def test_no_limit_minimum_bet_is_the_big_blind() -> None:
    """``001``: in no limit the smallest bet is the big blind (2); all-in for less is fine."""
    lines = ["Anna posts sb", "Ben posts bb", "Cara calls", "Dan folds", "Anna folds", "Ben checks"]
    lines += ["Ben pat", "Cara pat"]
    assert fails(lines + ["Ben bets 1"], NL) == "bet-size"
    replay(lines + ["Ben bets 2", "Cara folds"], NL)
    short = {"Anna": 100, "Ben": 3, "Cara": 100, "Dan": 100}
    replay(lines + ["Ben bets 1 allin", "Cara folds"], NL, short)


def test_short_all_in_blind_still_owes_the_full_big_blind() -> None:
    """A big blind all-in for less: the others must still call the full big blind."""
    seats = {"Anna": 100, "Ben": 1, "Cara": 100, "Dan": 100}
    lines = ["Anna posts sb", "Ben posts bb 1 allin", "Cara calls 2", "Dan folds", "Anna calls 1"]
    lines += ["Anna pat", "Ben pat", "Cara pat", "Anna checks", "Cara checks"]
    lines += ["Anna pat", "Ben pat", "Cara pat", "Anna checks", "Cara checks"]
    lines += ["Anna pat", "Ben pat", "Cara pat", "Anna checks", "Cara checks"]
    lines += ["Anna shows 4s 3h 2d Ac", "Ben shows Ks Qh Jd Tc", "Cara mucks"]
    result = replay(lines, seats=seats)
    assert [(p.name, p.amount) for p in result.pots] == [("main", 3), ("side 1", 2)]
    assert dict(result.payouts) == {"Anna": 5}


def test_antes_and_auto_posted_blinds() -> None:
    """Seeds README item 8: antes are an option.  A hand with no posts recorded gets the
    blinds and antes the settings name (documented choice)."""
    game = GameSettings(ante=1)
    lines = ["Cara folds", "Dan folds", "Anna folds"]
    result = replay(lines, game)
    assert dict(result.payouts) == {"Ben": 6}  # 4 antes + Anna's 1 + Ben's 1 called of 2
    assert any("posted as the settings say" in n for n in result.notes)
    assert (
        fails(["Anna posts ante", "Anna posts sb", "Ben posts bb", "Cara folds"], game)
        == "blind-missing"
    )


def test_a_big_blind_the_ante_left_without_chips_is_still_owed() -> None:
    """Ben's ante takes his last chip, so his big blind is posted for nothing: it is still the
    round's first bet, the play starts left of it and (house rule ``short-blind``, default
    ``full-blind``) the others owe the full big blind; ``as-posted`` (PHH, as PokerKit plays)
    they owe the small blind's 1, and the play still starts left of the big blind.  Found by
    converting ``simulate --ante 2 --small-blind 5 --big-blind 10 --seed 23`` hands to PHH:
    PokerKit started the play left of the big blind, where we had started at the small blind."""
    game = GameSettings(ante=1)
    seats = {"Anna": 100, "Ben": 1, "Cara": 100, "Dan": 100}
    end = ["Dan folds", "Anna folds", "Ben shows As 2c 3d 4h", "Cara mucks"]
    result = replay(["Cara calls", *end], game, seats)
    # Ben's ante makes the main pot of 4 antes; Cara's call of 2 is matched by Anna's small
    # blind for 1, and the other 1 comes back.
    assert dict(result.final_stacks) == {"Anna": 98, "Ben": 4, "Cara": 100, "Dan": 99}
    assert fails(["Anna checks"], game, seats) == "turn-order"
    assert fails(["Cara calls 1"], game, seats) == "call-amount"
    posted = GameSettings(ante=1, house=HouseRules(short_blind="as-posted"))
    result = replay(["Cara calls 1", *end], posted, seats)
    assert dict(result.final_stacks) == {"Anna": 98, "Ben": 4, "Cara": 100, "Dan": 99}
    assert fails(["Anna checks"], posted, seats) == "turn-order"


def test_ante_only_game_starts_left_of_the_button() -> None:
    """With no blinds the first round starts like the later ones: left of the button."""
    game = GameSettings(ante=1, small_blind=0, big_blind=0)
    lines = ["Anna checks", "Ben bets 2", "Cara folds", "Dan folds", "Anna folds"]
    result = replay(lines, game)
    assert dict(result.payouts) == {"Ben": 4}
    assert fails(["Cara checks"], game) == "turn-order"


def test_a_dead_small_blind_leaves_the_big_blind_alone() -> None:
    """The texts are silent on players who bust or leave (``000``: "each deal begins with two
    blinds"); the TDA's dead button leaves the small blind on an empty seat after the big
    blind's player busts, and a site's reader puts the button on the player before it
    (docs/importers.md).  So Anna, first left of the button, posts the big blind and nobody the
    small blind: the play starts left of her and she has the option."""
    lines = ["Anna posts bb", "Ben calls", "Cara folds", "Dan folds", "Anna raises 4"]
    lines += ["Ben folds"]
    result = replay(lines)
    assert dict(result.payouts) == {"Anna": 4}  # her 2 and Ben's 2 (her raise is not called)
    assert any("no small blind: Anna" in note for note in result.notes)
    # Ben is first to act; a recorder who meant Anna's small blind is told how to write it
    with pytest.raises(IllegalAction, match="Anna posts sb, then the big blind") as err:
        replay_hand(record(FOUR, "Dan", ["Anna posts bb", "Cara calls"]))
    assert err.value.rule == "turn-order"
    # Not a dead small blind: a small blind written, the big blind's owner posting too, a
    # heads-up hand (the button owes the small blind), the big blind's owner posting alone.
    assert fails(["Anna posts bb", "Ben posts bb", "Cara calls"]) == "blind-missing"
    assert fails(["Anna posts bb", "Ben posts sb"]) == "blind-player"
    assert fails(["Ben posts bb", "Cara calls"]) == "blind-missing"
    heads_up = ["Ben posts bb", "Anna calls"]
    assert fails(heads_up, seats=["Anna", "Ben"], button="Anna") == "blind-missing"


def test_sitting_out_player_is_not_dealt_in() -> None:
    """A player who sits out posts nothing and is skipped in the order of play."""
    lines = ["Ben sits out", "Anna posts sb", "Cara posts bb", "Dan folds", "Anna folds"]
    result = replay(lines)
    assert dict(result.payouts) == {"Cara": 2}  # Anna's 1 and Cara's 1 of 2 that was called
    assert result.final_stacks["Ben"] == 100
    assert fails(["Ben sits out", "Anna posts sb", "Ben posts bb"]) == "sitting-out"


def test_buy_costs_the_house_price() -> None:
    """``002`` with a Buy, as we read it: in a draw a player may buy a replacement for the
    face-up card instead of drawing; the price (``HouseRules.buy_price``) goes into the pot."""
    game = GameSettings(game="progressive-badugi", with_buy=True, house=HouseRules(buy_price=5))
    lines = HEADS_UP[:2] + ["Anna deal Kd 2c 3h 4s"] + HEADS_UP[2:]
    lines += ["Ben pat", "Anna buys Kd > Ad", "Ben checks", "Anna checks"]
    lines += ["Ben pat", "Anna pat", "Ben checks", "Anna checks"]
    lines += ["Ben pat", "Anna pat", "Ben checks", "Anna checks"]
    lines += ["Ben mucks", "Anna shows Ad 2c 3h 4s"]
    result = replay(lines, game, ["Anna", "Ben"], "Anna")
    assert dict(result.payouts) == {"Anna": 9}  # 4 in blinds and calls, 5 for the buy
    assert [p.amount for p in result.postings if p.kind == "buy"] == [-5]
    assert (
        fails(lines[:6] + ["Anna buys Qd > Ad"], game, ["Anna", "Ben"], "Anna")
        == "discard-not-held"
    )


def test_straddle_acts_last_before_the_draw() -> None:
    """A straddle is a live blind raise: the player after it acts first, the straddler last."""
    lines = ["Anna posts sb", "Ben posts bb", "Cara posts straddle"]
    assert fails(lines + ["Anna calls"]) == "turn-order"
    lines += ["Dan calls 4", "Anna calls 3", "Ben calls 2", "Cara checks"]
    legal_so_far(lines + ["Anna pat"])
