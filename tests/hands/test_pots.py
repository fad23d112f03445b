"""Pot division: ``004``'s worked hand and exercises, odd chips (seeds README item 4), the
Progressive Badugi qualifier (``002``), and the invariant that shares add up to the pot."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_ledger.hands.evaluate import evaluate
from badugi_ledger.hands.pots import Award, divide_pot, split_evenly
from badugi_ledger.model.cards import DECK, Card, parse_known_cards
from badugi_ledger.model.errors import CardError, ConfigError
from badugi_ledger.model.games import GameName
from badugi_ledger.model.settings import HouseRules


def pot(amount: int, game: GameName, *players: tuple[str, str], **house: object) -> Award:
    contenders = [(name, parse_known_cards(text)) for name, text in players]
    return divide_pot(amount, contenders, game, HouseRules(**house))  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# 004: the worked hand and the six exercises
# ---------------------------------------------------------------------------------------------


def test_004_worked_hand_90_30() -> None:
    """004 worked hand: pot 120; Amara 5♦4♦3♥2♠A♣ wins the A-5 half (60) and ties the
    Badugi half with Noor 8♥4♥3♠2♣A♦ (30 each): Amara 90, Noor 30."""
    award = pot(120, "badacey", ("Noor", "8♥ 4♥ 3♠ 2♣ A♦"), ("Amara", "5♦ 4♦ 3♥ 2♠ A♣"))
    assert dict(award.shares) == {"Noor": 30, "Amara": 90}
    five, badugi = award.halves
    assert (five.name, five.amount, five.winners) == ("five-card", 60, ("Amara",))
    assert (badugi.name, badugi.amount, badugi.winners) == ("badugi", 60, ("Noor", "Amara"))
    assert dict(badugi.shares) == {"Noor": 30, "Amara": 30}
    assert badugi.values == ("4-card 4-3-2-A", "4-card 4-3-2-A")
    assert "Badugi half tied: Noor 30 + Amara 30" in award.detail
    assert award.detail.startswith("five-card half: Amara 60")


EXERCISE_HANDS = {
    1: {"A": "A♠ 2♥ 3♦ 4♣ 5♣", "B": "2♣ 3♥ 4♠ 5♦ 7♣"},
    2: {"A": "A♠ 2♠ A♥ 3♦ 4♣", "B": "5♠ 4♥ 3♣ 2♦ A♣"},
    3: {"A": "A♠ 2♥ 3♣ 7♣ 9♥", "B": "A♦ 2♣ 4♥ 6♥ 8♣"},
    4: {"A": "A♠ 2♥ 3♦ 4♣ 5♣", "B": "A♥ 2♦ 3♣ 4♠ 7♠"},
    5: {"A": "A♠ 2♥ 3♦ 4♣ 5♣", "B": "A♥ 2♦ 3♣ 4♠ 5♠", "C": "A♣ 2♣ 3♠ 4♥ 5♥"},
    6: {"A": "K♠ Q♥ J♦ 10♣ 10♥", "B": "A♦ 2♥ 3♣ 4♣ 5♥"},
}
EXERCISE_PAYOUTS: dict[tuple[int, str], tuple[int, dict[str, int]]] = {
    # 004 answer panels: (exercise, game) -> (pot, payouts)
    (1, "badacey"): (80, {"A": 80}),
    (1, "badeucey"): (80, {"B": 80}),
    (2, "badacey"): (80, {"A": 40, "B": 40}),
    (3, "badacey"): (96, {"A": 48, "B": 48}),
    (4, "badacey"): (120, {"A": 90, "B": 30}),
    (5, "badacey"): (180, {"A": 75, "B": 75, "C": 30}),
    (6, "badacey"): (64, {"A": 32, "B": 32}),
}


@pytest.mark.parametrize(("number", "game"), sorted(EXERCISE_PAYOUTS))
def test_004_exercise_payouts(number: int, game: GameName) -> None:
    """004 exercises 1-6 (exercise 1 in both Badacey and Badeucey): the stated payouts."""
    amount, expected = EXERCISE_PAYOUTS[(number, game)]
    award = pot(amount, game, *EXERCISE_HANDS[number].items())
    assert dict(award.shares) == expected
    assert sum(award.shares.values()) == amount


def test_004_exercise_5_different_divisors_per_half() -> None:
    """004 exercise 5: three share the A-5 half (30 each), two the Badugi half (45 each);
    dividing the whole pot by three would be wrong."""
    award = pot(180, "badacey", *EXERCISE_HANDS[5].items())
    five, badugi = award.halves
    assert dict(five.shares) == {"A": 30, "B": 30, "C": 30}
    assert dict(badugi.shares) == {"A": 45, "B": 45}


def test_004_scoop_and_three_quarters() -> None:
    """004: winning both halves is a scoop; one half outright and a tie of the other with one
    opponent is three quarters."""
    scoop = pot(80, "badacey", *EXERCISE_HANDS[1].items())
    assert dict(scoop.shares) == {"A": 80}
    three_quarters = pot(120, "badacey", *EXERCISE_HANDS[4].items())
    assert three_quarters.shares["A"] == 120 * 3 // 4


def test_partial_badugi_hands_still_win_their_half() -> None:
    """004 exercise 3: nobody has four cards, the Badugi half is still awarded."""
    award = pot(96, "badacey", *EXERCISE_HANDS[3].items())
    assert award.halves[1].winners == ("A",)
    assert award.halves[1].values == ("3-card 3-2-A",)


# ---------------------------------------------------------------------------------------------
# Badugi and Progressive Badugi
# ---------------------------------------------------------------------------------------------


def test_badugi_single_winner_and_tie() -> None:
    """000: the best Badugi hand wins the pot; tied hands share it."""
    won = pot(40, "badugi", ("Anna", "8♠ 6♥ 5♣ 3♦"), ("Ben", "7♠ 4♥ 2♣ 2♦"))
    assert dict(won.shares) == {"Anna": 40}
    assert won.detail == "pot: Anna 40 with 4-card 8-6-5-3"
    tied = pot(41, "badugi", ("Anna", "8♠ 6♥ 5♣ 3♦"), ("Ben", "8♣ 6♦ 5♥ 3♠"), ("Cy", "K♠ 2♥ 2♣ 3♣"))
    assert dict(tied.shares) == {"Anna": 21, "Ben": 20}


def test_002_no_qualifier_means_no_winner() -> None:
    """002: if the showdown is reached and no hand qualifies, the pot stays in the middle."""
    award = pot(60, "progressive-badugi", ("A", "T♠ 4♥ 3♦ 2♣"), ("B", "A♠ 2♥ 3♥ 3♣"))
    assert dict(award.shares) == {}
    assert award.carried
    assert "carries" in award.detail


def test_002_only_qualifying_hands_win() -> None:
    """002: "The best qualifying hand wins the pot"; with 3.2(b) a paired three-card 7-3-2
    qualifies and beats a non-qualifying ten-high badugi that would otherwise rank higher."""
    hands = (("A", "T♠ 4♥ 3♦ 2♣"), ("B", "7♠ 7♥ 3♦ 2♣"))
    with pytest.raises(CardError):  # 3♦ 2♣ in both hands: impossible
        pot(60, "progressive-badugi", *hands, qualifier_pair_ok=True)
    hands = (("A", "T♠ 4♥ 3♦ 2♣"), ("B", "7♠ 7♥ 3♣ 2♦"))
    assert dict(pot(60, "progressive-badugi", *hands, qualifier_pair_ok=True).shares) == {"B": 60}
    assert dict(pot(60, "progressive-badugi", *hands, qualifier_max=10).shares) == {"A": 60}
    assert pot(60, "progressive-badugi", *hands).carried


def test_002_qualifying_ties_split() -> None:
    """002: "Qualifying hands that tie split the pot equally"."""
    award = pot(
        61, "progressive-badugi", ("A", "9♠ 4♥ 3♦ 2♣"), ("B", "9♣ 4♦ 3♥ 2♠"), ("C", "K♠ Q♥ J♦ T♣")
    )
    assert dict(award.shares) == {"A": 31, "B": 30}


# ---------------------------------------------------------------------------------------------
# Odd chips (seeds README item 4; settings.HouseRules.odd_chip / odd_chip_half)
# ---------------------------------------------------------------------------------------------


def test_odd_pot_chip_goes_to_the_named_half() -> None:
    """An odd pot: the Badugi half gets the extra chip by default, the five-card half if the
    house says so."""
    hands = EXERCISE_HANDS[2].items()  # B wins the low, A the Badugi
    assert dict(pot(81, "badacey", *hands).shares) == {"A": 41, "B": 40}
    assert dict(pot(81, "badacey", *hands, odd_chip_half="five-card").shares) == {"A": 40, "B": 41}


def test_odd_chip_inside_a_half_by_seat() -> None:
    """Tied winners of a half: the odd chip goes to the first clockwise from the button
    (button-left, the default) or to the last (worst-seat)."""
    hands = (("Noor", "8♥ 4♥ 3♠ 2♣ A♦"), ("Amara", "5♦ 4♦ 3♥ 2♠ A♣"))
    default = pot(122, "badacey", *hands)  # halves of 61: Badugi tied 31 + 30
    assert dict(default.shares) == {"Noor": 31, "Amara": 91}
    worst = pot(122, "badacey", *hands, odd_chip="worst-seat")
    assert dict(worst.shares) == {"Noor": 30, "Amara": 92}


def test_split_evenly_rules() -> None:
    assert split_evenly(10, ["A", "B", "C"], "button-left") == {"A": 4, "B": 3, "C": 3}
    assert split_evenly(11, ["A", "B", "C"], "button-left") == {"A": 4, "B": 4, "C": 3}
    assert split_evenly(10, ["A", "B", "C"], "worst-seat") == {"A": 3, "B": 3, "C": 4}
    assert split_evenly(10, ["A", "B", "C"], "best-hand") == {"A": 4, "B": 3, "C": 3}
    assert split_evenly(0, ["A", "B"], "button-left") == {"A": 0, "B": 0}
    with pytest.raises(ValueError):
        split_evenly(10, [], "button-left")
    with pytest.raises(ValueError):
        split_evenly(-1, ["A"], "button-left")
    with pytest.raises(ValueError):
        split_evenly(10, ["A", "A"], "button-left")
    with pytest.raises(ConfigError):
        split_evenly(10, ["A"], "coin-flip")  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, 10_000),
    st.lists(st.text("abcdefgh", min_size=1, max_size=3), min_size=1, max_size=9, unique=True),
    st.sampled_from(["button-left", "worst-seat", "best-hand"]),
)
def test_split_evenly_never_creates_or_loses_chips(
    amount: int, names: list[str], rule: str
) -> None:
    shares = split_evenly(amount, names, rule)  # type: ignore[arg-type]
    assert sum(shares.values()) == amount
    assert list(shares) == names
    assert max(shares.values()) - min(shares.values()) <= 1


# ---------------------------------------------------------------------------------------------
# Errors and the invariant on random showdowns
# ---------------------------------------------------------------------------------------------


def test_bad_input_is_refused() -> None:
    with pytest.raises(CardError, match="twice"):
        pot(10, "badugi", ("A", "A♠ 2♥ 3♦ 4♣"), ("B", "A♠ 5♥ 6♦ 7♣"))
    with pytest.raises(CardError, match="B: badugi is played with 4 cards"):
        pot(10, "badugi", ("A", "A♠ 2♥ 3♦ 4♣"), ("B", "5♥ 6♦ 7♣"))
    with pytest.raises(ConfigError):
        pot(10, "razz", ("A", "A♠ 2♥ 3♦ 4♣"))  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        pot(-1, "badugi", ("A", "A♠ 2♥ 3♦ 4♣"))
    with pytest.raises(ValueError):
        pot(10, "badugi")
    with pytest.raises(ValueError, match="twice"):
        pot(10, "badugi", ("A", "A♠ 2♥ 3♦ 4♣"), ("A", "5♥ 6♦ 7♣ 8♠"))


@st.composite
def showdowns(draw: st.DrawFn) -> tuple[GameName, int, list[tuple[str, tuple[Card, ...]]], str]:
    game: GameName = draw(st.sampled_from(["badugi", "progressive-badugi", "badacey", "badeucey"]))
    size = 4 if game in ("badugi", "progressive-badugi") else 5
    players = draw(st.integers(1, 6))
    deck = draw(st.permutations(DECK))
    contenders = [(f"P{i}", tuple(deck[i * size : (i + 1) * size])) for i in range(players)]
    amount = draw(st.integers(0, 5_000))
    rule = draw(st.sampled_from(["button-left", "worst-seat", "best-hand"]))
    return game, amount, contenders, rule


@settings(max_examples=200, deadline=None)
@given(showdowns(), st.sampled_from(["badugi", "five-card"]), st.booleans())
def test_shares_always_add_up(
    case: tuple[GameName, int, list[tuple[str, tuple[Card, ...]]], str], odd_half: str, pair: bool
) -> None:
    game, amount, contenders, rule = case
    house = HouseRules(odd_chip=rule, odd_chip_half=odd_half, qualifier_pair_ok=pair)  # type: ignore[arg-type]
    award = divide_pot(amount, contenders, game, house)
    if award.carried:
        assert game == "progressive-badugi"
        return
    assert sum(award.shares.values()) == amount
    assert sum(h.amount for h in award.halves) == amount
    values = {name: evaluate(game, cards) for name, cards in contenders}
    for index, half in enumerate(award.halves):
        assert sum(half.shares.values()) == half.amount
        winners = set(half.winners)
        best = values[half.winners[0]][index]
        for name, v in values.items():
            if name in winners:
                assert v[index] == best
            elif game != "progressive-badugi":
                assert v[index] < best
    if len(award.halves) == 2:
        assert abs(award.halves[0].amount - award.halves[1].amount) <= 1


# ---------------------------------------------------------------------------------------------
# PokerKit's odd chips: the pots in a row the same tied winners take, divided as one
# ---------------------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    amounts=st.lists(st.integers(0, 60), min_size=1, max_size=5),
    tied=st.integers(2, 4),
    rule=st.sampled_from(["button-left", "worst-seat"]),
)
def test_pots_joined_as_pokerkit_joins_them_keep_their_chips(
    amounts: list[int], tied: int, rule: str
) -> None:
    """``odd-chip-split all-to-first`` (PHH, PokerKit: ``State.pots`` joins the pots whose
    players still in are the same): every pot still holds its own chips, and the winners get
    together what one pot of all of them gives (tests/phh/test_phh_odd_chips.py has two hands
    PokerKit played)."""
    from badugi_ledger.hands.pots import joined_ties

    house = HouseRules(odd_chip=rule, odd_chip_split="all-to-first")  # type: ignore[arg-type]
    winners = ["Ann", "Ben", "Cy", "Dee"][:tied]
    alone = [split_evenly(a, winners, house.odd_chip, "all-to-first") for a in amounts]
    joined = joined_ties(amounts, list(alone), "badugi", house)
    assert [sum(s.values()) for s in joined if s is not None] == amounts
    together = split_evenly(sum(amounts), winners, house.odd_chip, "all-to-first")
    for name in winners:
        assert sum(s[name] for s in joined if s is not None) == together[name]
    # A pot between that others win, a split game, or another rule: each pot on its own.
    apart = [*alone[:1], {"Eve": 7}, *alone[1:]]
    mixed = joined_ties([amounts[0], 7, *amounts[1:]], apart, "badugi", house)
    assert mixed[:2] == apart[:2]
    assert joined_ties([amounts[0], 7, *amounts[1:]], apart, "badacey", house) == apart
    one_each = HouseRules(odd_chip=rule)  # type: ignore[arg-type]
    assert joined_ties(amounts, list(alone), "badugi", one_each) == alone
