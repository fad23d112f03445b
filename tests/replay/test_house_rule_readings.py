"""Readings of the rule texts where they are open, each a documented house rule (README.md,
*Rules and house rules*; ``grammar/README.md``, *House rules*).  Each test names its seed text
in ``shared/seeds/`` and fails if the reading changes.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from badugi_ledger.hands.pots import divide_pot, half_amounts
from badugi_ledger.model.cards import parse_known_cards
from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.events import Action, HandRecord
from badugi_ledger.model.settings import GameSettings, HouseRules, Structure
from badugi_ledger.replay import replay_hand
from badugi_ledger.replay.hand import play_events
from badugi_ledger.replay.state import UNKNOWN_STACK
from tests.helpers.replay_builder import record

FL = GameSettings(structure=Structure("fixed-limit", 2, 4))
PROGRESSIVE = GameSettings(game="progressive-badugi")


def refusal(rec: HandRecord, ev: Action) -> str | None:
    """The rule that refuses ``ev`` appended to ``rec``, or None when it replays."""
    try:
        play_events(replace(rec, events=(*rec.events, ev), positions=()))
    except IllegalAction as exc:
        return exc.rule
    return None


# --- odd-chip best-hand ------------------------------------------------------------------------


@pytest.mark.parametrize("amount", [121, 122, 123])
def test_odd_chip_best_hand_divides_as_button_left(amount: int) -> None:
    """Seeds README item 4 and ``004`` ("do not ... move a spare chip between halves"): the
    odd chip of a whole split pot goes to the half ``odd-chip-half`` names, whatever
    ``odd-chip`` says, and tied winners of a half hold equal hands, so ``best-hand`` gives
    every chip as ``button-left`` does (Noor and Amara tie the Badugi half, ``004``)."""
    hands = [
        (name, parse_known_cards(text))
        for name, text in (("Noor", "8♥ 4♥ 3♠ 2♣ A♦"), ("Amara", "5♦ 4♦ 3♥ 2♠ A♣"))
    ]
    for half in ("badugi", "five-card"):
        best = HouseRules(odd_chip="best-hand", odd_chip_half=half)  # type: ignore[arg-type]
        left = HouseRules(odd_chip="button-left", odd_chip_half=half)  # type: ignore[arg-type]
        worst = HouseRules(odd_chip="worst-seat", odd_chip_half=half)  # type: ignore[arg-type]
        assert half_amounts(amount, "badacey", best) == half_amounts(amount, "badacey", left)
        assert half_amounts(amount, "badacey", best) == half_amounts(amount, "badacey", worst)
        got = dict(divide_pot(amount, hands, "badacey", best).shares)
        assert got == dict(divide_pot(amount, hands, "badacey", left).shares)
    # The chip tied Badugi winners cannot divide goes to Noor, first from the button's left.
    best = HouseRules(odd_chip="best-hand")
    assert dict(divide_pot(122, hands, "badacey", best).shares) == {"Noor": 31, "Amara": 91}


def test_two_players_tying_both_halves_each_half_is_divided_on_its_own() -> None:
    """``004`` ("divide that half among its tied winners"; "Do not ... move a spare chip
    between halves") and seeds README item 4 (the odd chip to the first tied winner clockwise
    from the button): two players who tie both halves of a pot of 6 (halves of 3) are paid
    each half's odd chip to the same player, 4 and 2, not a chop of 3 and 3 - a house rule of
    ours (grammar/README.md, ``odd-chip``): the texts do not speak of one player's two odd
    chips."""
    hands = [
        (name, parse_known_cards(text))
        for name, text in (("B", "5c 4d 3h 2s Ac"), ("A", "5d 4c 3s 2h Ad"))
    ]
    assert dict(divide_pot(6, hands, "badacey", HouseRules()).shares) == {"B": 4, "A": 2}
    # Every chip a half holds stays in it: 3 and 3, each divided 2 + 1.
    assert half_amounts(6, "badacey", HouseRules()) == (3, 3)


# --- heads-up-uncapped -------------------------------------------------------------------------

UNCAPPED = replace(FL, house=HouseRules(heads_up_uncapped=True))
CAPPED_ROUND = ["Anna raises 4", "Ben raises 6", "Anna raises 8"]  # the bet and three raises


ROBERTS_3 = (
    "In limit poker, for a pot involving three or more players who are not all-in, these "
    "limits on raises apply"
)
"""Robert's Rules of Poker, Betting and Raising, rule 3: the card rooms' reading of a house
that lifts the cap heads-up (seeds README item 6, "when only two players remain")."""
ROBERTS_4 = (
    "Unlimited raising is allowed in heads-up play. This applies any time the action becomes "
    "heads-up before the raising has been capped. Once the raising is capped on a betting "
    "round, it cannot be uncapped by a subsequent fold that leaves two players heads-up."
)
"""Robert's Rules of Poker, Betting and Raising, rule 4."""


def test_heads_up_uncapped_does_not_count_an_all_in_player() -> None:
    """Seeds README item 6 ("when only two players remain"), read as the card rooms read it
    (``ROBERTS_3``: the cap is for "three or more players who are not all-in"): a player
    all-in before the cap is reached cannot raise, so with three left, one of them all-in,
    the round is heads-up and ``heads-up-uncapped`` lifts its cap, as it does once the third
    has folded.  (This test once held the cap there, counting the player all-in as one of
    three still in; the rulebooks a club setting the rule expects count only the players who
    can still bet.)  The default keeps the cap (``000``, a bet and three raises)."""
    seats = {"Anna": 100, "Ben": 100, "Cara": 2}  # button Cara: Anna small blind, Ben big
    posts = ["Anna posts sb", "Ben posts bb"]
    all_in = record(seats, "Cara", [*posts, "Cara calls allin", *CAPPED_ROUND], settings=UNCAPPED)
    assert refusal(all_in, Action("Ben", "raise", 10)) is None
    folded = record(seats, "Cara", [*posts, "Cara folds", *CAPPED_ROUND], settings=UNCAPPED)
    assert refusal(folded, Action("Ben", "raise", 10)) is None
    for lines in ([*posts, "Cara calls allin"], [*posts, "Cara folds"]):
        capped = record(seats, "Cara", [*lines, *CAPPED_ROUND], settings=FL)
        assert refusal(capped, Action("Ben", "raise", 10)) == "raise-cap"  # the default


def test_heads_up_uncapped_an_all_in_during_the_round_before_the_cap() -> None:
    """``ROBERTS_3`` and ``ROBERTS_4`` ("any time the action becomes heads-up before the
    raising has been capped"): a third player who goes all-in in the round before its cap is
    reached, by a full raise or by the raise that reaches it, leaves two who can bet, so the
    round is uncapped under ``heads-up-uncapped``."""
    posts = ["Anna posts sb", "Ben posts bb"]
    # Cara raises all-in to 4 (a full raise); Anna and Ben make it 6 and 8, the fourth bet.
    early = {"Anna": 100, "Ben": 100, "Cara": 4}
    lines = [*posts, "Cara raises 4 allin", "Anna raises 6", "Ben raises 8"]
    assert (
        refusal(record(early, "Cara", lines, settings=UNCAPPED), Action("Anna", "raise", 10))
        is None
    )
    assert (
        refusal(record(early, "Cara", lines, settings=FL), Action("Anna", "raise", 10))
        == "raise-cap"
    )
    # Cara's all-in raise to 8 is itself the fourth bet: after it only Anna and Ben can bet.
    capping = {"Anna": 100, "Ben": 100, "Cara": 8}
    lines = [*posts, "Cara calls", "Anna raises 4", "Ben raises 6", "Cara raises 8 allin"]
    rec = record(capping, "Cara", lines, settings=UNCAPPED)
    assert refusal(rec, Action("Anna", "raise", 10)) is None


def test_heads_up_uncapped_a_cap_reached_three_handed_holds_for_the_round() -> None:
    """``ROBERTS_4``: "Once the raising is capped on a betting round, it cannot be uncapped by
    a subsequent fold that leaves two players heads-up".  Under ``heads-up-uncapped`` a cap
    reached while three players can bet holds for the rest of the round, whether the third
    then folds or calls all-in; the refusal says why.  The next round, played heads-up, is
    uncapped."""
    posts = ["Anna posts sb", "Ben posts bb", "Cara calls"]
    three = ["Anna raises 4", "Ben raises 6", "Cara raises 8"]  # the fourth bet, three can bet
    seats = {"Anna": 100, "Ben": 100, "Cara": 100}
    rec = record(seats, "Cara", [*posts, *three, "Anna folds"], settings=UNCAPPED)
    assert refusal(rec, Action("Ben", "raise", 10)) == "raise-cap"
    with pytest.raises(IllegalAction, match="reached with more than two players able to bet"):
        play_events(replace(rec, events=(*rec.events, Action("Ben", "raise", 10)), positions=()))
    assert refusal(rec, Action("Ben", "call")) is None
    short = {"Anna": 8, "Ben": 100, "Cara": 100}
    called = record(short, "Cara", [*posts, *three, "Anna calls allin"], settings=UNCAPPED)
    assert refusal(called, Action("Ben", "raise", 10)) == "raise-cap"
    # Round 2, Ben and Cara heads-up: uncapped from its first bet.
    lines = [*posts, *three, "Anna folds", "Ben calls", "Ben pat", "Cara pat"]
    lines += ["Ben bets 2", "Cara raises 4", "Ben raises 6", "Cara raises 8"]
    rec = record(seats, "Cara", lines, settings=UNCAPPED)
    assert refusal(rec, Action("Ben", "raise", 10)) is None


# --- straddles and the cap ---------------------------------------------------------------------


def test_a_straddle_is_the_first_raise_of_the_capped_round() -> None:
    """``000`` ("at most one bet and three raises per round"; the big blind is the bet) with a
    straddle read as a live blind raise (the texts do not name straddles): after the blinds
    and a straddle two raises are left, so the cap is reached at 4 bets, 8 chips."""
    lines = ["Anna posts sb", "Ben posts bb", "Cara posts straddle", "Dan raises 6"]
    rec = record(["Anna", "Ben", "Cara", "Dan"], "Dan", [*lines, "Anna raises 8"], settings=FL)
    assert refusal(rec, Action("Ben", "raise", 10)) == "raise-cap"
    assert refusal(rec, Action("Ben", "call")) is None
    short = record(["Anna", "Ben", "Cara", "Dan"], "Dan", lines, settings=FL)
    assert refusal(short, Action("Anna", "raise", 8)) is None


# --- Progressive Badugi: a muck at showdown ----------------------------------------------------

HEADS_UP = ["Anna posts sb", "Ben posts bb", "Anna calls", "Ben checks"]
for _ in range(3):
    HEADS_UP += ["Ben pat", "Anna pat", "Ben checks", "Anna checks"]


@pytest.mark.parametrize(
    "shown,carried",
    [("Kh 8s 4d 2c", True), ("9h 8s 4d 2c", False)],
    ids=["unqualified-carries", "qualified-wins"],
)
def test_a_muck_at_showdown_is_not_a_fold_in_progressive_badugi(shown: str, carried: bool) -> None:
    """``002``: "If all but one player folds ... without needing a qualifying hand", but "at
    showdown ... the best qualifying hand wins" and with none "the pot stays in the middle".
    A muck at showdown is not a fold: the last hand shown must still qualify (a 9-high
    badugi, ``002`` 3.1) or the pot carries."""
    lines = [*HEADS_UP, "Ben mucks", f"Anna shows {shown}"]
    result = replay_hand(record(["Anna", "Ben"], "Anna", lines, settings=PROGRESSIVE))
    assert result.ok, result.violations
    assert result.carry_out == (4 if carried else 0)
    assert dict(result.payouts) == ({} if carried else {"Anna": 4})
    folded = ["Anna posts sb", "Ben posts bb", "Anna calls", "Ben raises 4", "Anna folds"]
    result = replay_hand(record(["Anna", "Ben"], "Anna", folded, settings=PROGRESSIVE))
    assert result.carry_out == 0 and dict(result.payouts) == {"Ben": 4}  # a fold needs none


# --- pot N -------------------------------------------------------------------------------------


def pot_total_problems(rec: HandRecord, carry_in: int = 0) -> list[str]:
    result = replay_hand(rec, carry_in=carry_in)
    return [v.message for v in result.violations if v.rule == "pot-total"]


def test_pot_total_is_the_hands_pot_or_that_plus_the_carried_pot() -> None:
    """``002`` ("the carried-over pot is added to the money wagered in the new hand"): a
    recorded ``pot N`` may be the hand's own pot or that pot plus the carried-in pot; any other
    figure is a ``pot-total`` mismatch.  (The redeal posts its blinds here, ``redeal-posts``.)"""
    settings = replace(PROGRESSIVE, house=HouseRules(redeal_posts=True))
    lines = [*HEADS_UP, "Ben shows 9h 8s 4d 2c", "Anna shows Kh Qs Jd Tc"]
    for total in (4, 16):
        rec = record(["Anna", "Ben"], "Anna", [*lines, f"pot {total}"], settings=settings)
        assert pot_total_problems(rec, carry_in=12) == []
    rec = record(["Anna", "Ben"], "Anna", [*lines, "pot 12"], settings=settings)
    assert pot_total_problems(rec, carry_in=12) == [
        "the pot is recorded as 12, but is 4 (16 with the carried pot)"
    ]


def test_pot_total_leaves_out_the_uncalled_bet() -> None:
    """``001`` (a bet nobody calls is no part of the pot): Anna's raise to 4 that Ben folds to
    gives 2 back, so the pot is 4, not 6."""
    lines = ["Anna posts sb", "Ben posts bb", "Anna raises 4", "Ben folds"]
    assert pot_total_problems(record(["Anna", "Ben"], "Anna", [*lines, "pot 4"], settings=FL)) == []
    wrong = record(["Anna", "Ben"], "Anna", [*lines, "pot 6"], settings=FL)
    assert pot_total_problems(wrong) == ["the pot is recorded as 6, but is 4"]


# --- short-blind full-blind: a call that matches the largest all-in ----------------------------

NL_5_10 = GameSettings(structure=Structure("no-limit"), small_blind=5, big_blind=10)
SHORT_BB = {"Ann": 100, "Cy": 7, "Bea": 100}  # button Bea: Ann small blind, Cy big blind all-in
SHORT_BB_END = ["Ann pat", "Cy pat", "Ann pat", "Cy pat", "Ann pat", "Cy pat"]
SHORT_BB_END += ["Ann shows 8s 6h 4d 2c", "Cy shows 9s 7h 5d 3c"]


@pytest.mark.parametrize("call", ["Ann calls 2", "Ann calls 5", "Ann calls"])
def test_a_call_matching_the_largest_all_in_is_the_full_blind_call(call: str) -> None:
    """House rule ``short-blind full-blind`` (README, house rules): the others owe the full big
    blind of 10 though Cy's big blind is all-in for 7.  But ``000`` defines a call as putting
    in "just enough to match the highest bet so far", and with Bea folded nobody still in has
    chips but Ann: the 3 above Cy's 7 come back uncalled whatever she puts in.  So ``Ann calls
    2`` (to Cy's 7) is the same call as ``Ann calls 5`` (to the full blind, 3 back), and the
    hand is the same: it was refused as a wrong call amount."""
    lines = ["Ann posts sb", "Cy posts bb allin", "Bea folds", call, *SHORT_BB_END]
    result = replay_hand(record(SHORT_BB, "Bea", lines, settings=NL_5_10))
    assert result.ok, result.violations
    assert dict(result.payouts) == {"Ann": 14}
    assert dict(result.final_stacks) == {"Ann": 107, "Cy": 0, "Bea": 100}


def test_the_full_blind_is_owed_while_a_player_with_chips_is_still_in() -> None:
    """The same call is refused while somebody with chips can still play against Ann (Bea
    called the full 10: ``full-blind``, the card rooms' rule), and a call that matches neither
    figure is refused too."""
    posts = ["Ann posts sb", "Cy posts bb allin"]
    called = record(SHORT_BB, "Bea", [*posts, "Bea calls 10"], settings=NL_5_10)
    assert refusal(called, Action("Ann", "call", 2)) == "call-amount"
    assert refusal(called, Action("Ann", "call", 5)) is None
    folded = record(SHORT_BB, "Bea", [*posts, "Bea folds"], settings=NL_5_10)
    assert refusal(folded, Action("Ann", "call", 3)) == "call-amount"


@pytest.mark.parametrize("all_in", [False, True], ids=["call", "call all-in"])
def test_a_call_to_the_largest_all_in_shows_no_unknown_stack(all_in: bool) -> None:
    """Ann's stack is unknown (a hand before could not be replayed,
    :data:`~badugi_ledger.replay.state.UNKNOWN_STACK`).  A call short of what is due shows a
    player's last chips, but ``Ann calls 2`` to Cy's all-in 7 is a call any stack makes
    (``000``'s call, house rule ``short-blind full-blind``): her stack stays unknown, not
    taken as the 7 she put in.  Marked all-in, the call does show it."""
    call = "Ann calls 2 allin" if all_in else "Ann calls 2"
    lines = ["Ann posts sb", "Cy posts bb allin", "Bea folds", call, *SHORT_BB_END]
    rec = record({"Ann": None, "Cy": 7, "Bea": 100}, "Bea", lines, settings=NL_5_10)
    result = replay_hand(rec, stacks={"Ann": UNKNOWN_STACK, "Cy": 7, "Bea": 100})
    assert result.ok, result.violations
    if all_in:
        assert result.unknown_stacks == frozenset() and result.final_stacks["Ann"] == 14
    else:
        assert result.unknown_stacks == {"Ann"} and "Ann" not in result.final_stacks
