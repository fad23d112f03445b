"""Hand values: every ranking example and exercise of the seed texts, plus property tests.

Sources (``shared/seeds/``): ``000`` Badugi home rules, ``001`` encyclopedia article (its
example of item 1 in the seeds README is overridden), ``002`` Progressive Badugi, ``004``
Badacey lesson (A-5 half, Badugi half, Badeucey comparison, worked hand, six exercises).
"""

from __future__ import annotations

import pickle
from itertools import combinations, pairwise

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_ledger.hands.badugi import BadugiValue, badugi_value
from badugi_ledger.hands.evaluate import evaluate, qualifies
from badugi_ledger.hands.low import LowValue, ace_five_value, deuce_seven_value
from badugi_ledger.model.cards import DECK, Card, parse_known_cards
from badugi_ledger.model.errors import CardError, ConfigError
from tests.helpers.reference_hands import (
    brute_ace_five,
    brute_badugi,
    brute_deuce_seven,
    pokerkit_ace_five,
    pokerkit_badugi,
    pokerkit_deuce_seven,
    sign,
)


def cards(text: str) -> tuple[Card, ...]:
    return parse_known_cards(text)


def bv(text: str, ace_high: bool = False) -> BadugiValue:
    return badugi_value(cards(text), ace_high=ace_high)


def a5(text: str) -> LowValue:
    return ace_five_value(cards(text))


def d27(text: str) -> LowValue:
    return deuce_seven_value(cards(text))


# ---------------------------------------------------------------------------------------------
# 000: Badugi full home rules, "Hand ranking" and the Anna/Ben example
# ---------------------------------------------------------------------------------------------


def test_000_same_suit_or_rank_counts_once() -> None:
    """000: "If two cards have the same suit/rank, only one of them counts"."""
    assert bv("K♠ Q♠ 2♥ 3♦").describe() == "3-card Q-3-2"
    assert bv("3♦ 3♣ 6♥ Q♠").describe() == "3-card Q-6-3"
    assert bv("A♠ 3♠ 5♠ 7♠").describe() == "1-card A"


def test_000_example_lower_highest_card_wins() -> None:
    """000: "8♥ 7♦ 5♣ 4♠ beats 9♠ 4♣ 3♥ 2♦, because 8 is lower than 9"."""
    assert bv("8♥ 7♦ 5♣ 4♠") > bv("9♠ 4♣ 3♥ 2♦")
    assert bv("8♥ 7♦ 5♣ 4♠").describe() == "4-card 8-7-5-4"


def test_000_example_any_badugi_beats_three_cards() -> None:
    """000: "K♦ Q♣ J♠ 8♥ (a badugi) beats 3♠ 2♣ A♥ (only three cards)"."""
    king_badugi = bv("K♦ Q♣ J♠ 8♥")
    assert king_badugi.size == 4
    assert king_badugi.describe() == "4-card K-Q-J-8"
    assert bv("3♠ 2♣ A♥").describe() == "3-card 3-2-A"
    assert king_badugi > bv("3♠ 2♣ A♥")


def test_000_more_cards_always_win() -> None:
    """000 comparing rule 1: four beats three beats two beats one card."""
    four = bv("K♦ Q♣ J♠ T♥")
    three = bv("A♠ 2♥ 3♦ 3♣")
    two = bv("A♠ A♥ 2♠ 2♥")
    one = bv("A♠ 2♠ 3♠ 4♠")
    assert four > three > two > one
    assert [v.size for v in (four, three, two, one)] == [4, 3, 2, 1]


def test_000_equal_ranks_tie() -> None:
    """000 comparing rule 3: "If all cards are equal in rank, the hands tie"."""
    assert bv("8♥ 7♦ 5♣ 4♠") == bv("8♠ 7♥ 5♦ 4♣")
    assert not bv("8♥ 7♦ 5♣ 4♠") > bv("8♠ 7♥ 5♦ 4♣")
    assert hash(bv("8♥ 7♦ 5♣ 4♠")) == hash(bv("8♠ 7♥ 5♦ 4♣"))


def test_000_worked_example_anna_and_ben() -> None:
    """000 "Playing a hand" example: Anna Q♠ 6♥ 3♦ 3♣ (two threes: three cards count), then
    8♠ 6♥ 5♣ 3♦ is a badugi; Ben 7♠ 4♥ 2♣ 2♦ is only 7-4-2; Anna's badugi wins."""
    assert bv("Q♠ 6♥ 3♦ 3♣").size == 3
    anna = bv("8♠ 6♥ 5♣ 3♦")
    ben = bv("7♠ 4♥ 2♣ 2♦")
    assert anna.describe() == "4-card 8-6-5-3"
    assert ben.describe() == "3-card 7-4-2"
    assert anna > ben


def test_000_tips_hands() -> None:
    """000 tips: K-4-3-2 is a (high) badugi; 3-2-A is a small three-card hand."""
    assert bv("K♠ 4♥ 3♦ 2♣").describe() == "4-card K-4-3-2"
    assert bv("3♠ 2♥ A♦ A♣").describe() == "3-card 3-2-A"


# ---------------------------------------------------------------------------------------------
# 001: encyclopedia article, "Ranking System" and "Sample Hand Rankings"
# ---------------------------------------------------------------------------------------------


def test_001_ranking_examples() -> None:
    """001 Ranking System: A♠-2♥-3♦-4♣ is the best hand and beats A♠-2♥-3♦-5♣;
    2♠-4♥-6♦-8♣ beats 2♠-5♥-6♦-8♣ at the second card; 2♠-3♥-5♦-7♣ ranks below A-2-3-4."""
    best = bv("A♠ 2♥ 3♦ 4♣")
    assert best.describe() == "4-card 4-3-2-A"
    assert best > bv("A♠ 2♥ 3♦ 5♣")
    assert bv("2♠ 4♥ 6♦ 8♣") > bv("2♠ 5♥ 6♦ 8♣")
    assert bv("2♠ 3♥ 5♦ 7♣").describe() == "4-card 7-5-3-2"
    assert best > bv("2♠ 3♥ 5♦ 7♣")
    assert all(best >= badugi_value(h) for h in combinations(DECK[::3], 4))


def test_001_sample_hands() -> None:
    """001 Sample Hand Rankings prose: A♠-2♥-2♦-K♣ keeps A♠-2♥-K♣; A♠-3♠-5♠-7♠ is a one-card
    A; A♠-A♥-3♦-3♣ is a two-card 3-A."""
    assert bv("A♠ 2♥ 2♦ K♣").describe() == "3-card K-2-A"
    assert bv("A♠ 3♠ 5♠ 7♠").describe() == "1-card A"
    assert bv("A♠ A♥ 3♦ 3♣").describe() == "2-card 3-A"


def test_001_sample_table_in_order_with_row_5_corrected() -> None:
    """001's table, rows 1-7 from best to worst.  Row 5 ("2♠-3♥-4♦ from A♠-2♠-3♥-4♦") is wrong
    (seeds README item 1); its holding is worth 4-3-A, which still sits between rows 4 and 6."""
    rows = [
        ("A♠ 2♥ 3♦ 4♣", "4-card 4-3-2-A"),
        ("2♠ 3♥ 4♦ 5♣", "4-card 5-4-3-2"),
        ("5♠ 6♥ 7♦ 8♣", "4-card 8-7-6-5"),
        ("A♠ 2♥ 3♦ 3♣", "3-card 3-2-A"),
        ("A♠ 2♠ 3♥ 4♦", "3-card 4-3-A"),
        ("A♠ 2♥ 2♦ 5♠", "2-card 2-A"),
        ("A♠ 3♠ 5♠ 7♠", "1-card A"),
    ]
    values = [bv(holding) for holding, _ in rows]
    assert [v.describe() for v in values] == [expected for _, expected in rows]
    assert all(a > b for a, b in pairwise(values))


def test_001_example_overridden_by_seeds_readme_item_1() -> None:
    """seeds README item 1: 001 says A♠-2♠-3♥-4♦ discards A♠ and keeps 2♠-3♥-4♦.  That
    contradicts its own (and 000/002/004's) rule; the rule wins: keep A♠-3♥-4♦ (4-3-A), which
    beats 4-3-2."""
    value = bv("A♠ 2♠ 3♥ 4♦")
    assert value.cards == cards("4♦ 3♥ A♠")
    assert value.describe() == "3-card 4-3-A"
    assert value > bv("2♠ 3♥ 4♦")  # 001's claimed selection is worse
    assert value != bv("2♠ 3♥ 4♦")


# ---------------------------------------------------------------------------------------------
# 002: Progressive Badugi ranking and qualifier
# ---------------------------------------------------------------------------------------------


def test_002_best_hand_and_more_cards_win() -> None:
    """002 Article 2: "The best hand is A-2-3-4 in four different suits"; more counting
    cards beat fewer."""
    best = bv("A♣ 2♦ 3♥ 4♠")
    assert all(best >= badugi_value(h) for h in combinations(DECK[1::3], 4))
    assert bv("K♣ Q♦ J♥ T♠") > bv("A♣ 2♦ 3♥ 3♠")


def test_002_standard_qualifier_is_nine_high_badugi() -> None:
    """002 3.1: a four-card badugi in which no card is higher than a nine."""
    assert qualifies(cards("9♠ 8♥ 7♦ 6♣"))
    assert qualifies(cards("A♠ 2♥ 3♦ 4♣"))
    assert not qualifies(cards("T♠ 4♥ 3♦ 2♣"))
    assert not qualifies(cards("A♠ 2♥ 3♦ 3♣"))  # three cards only


def test_002_other_limit() -> None:
    """002 3.2(a): "a badugi with no card higher than a ten"."""
    assert qualifies(cards("T♠ 4♥ 3♦ 2♣"), max_card=10)
    assert not qualifies(cards("J♠ 4♥ 3♦ 2♣"), max_card=10)
    assert not qualifies(cards("9♠ 4♥ 3♦ 2♣"), max_card=8)
    with pytest.raises(ConfigError):
        qualifies(cards("9♠ 4♥ 3♦ 2♣"), max_card=0)


def test_002_pair_option() -> None:
    """002 3.2(b): a four-card holding with one pair may qualify as a three-card hand.  Our
    reading (hands.qualifies): exactly one pair, the best selection is three cards, all within
    the limit."""
    one_pair = cards("7♠ 7♥ 3♦ 2♣")
    assert not qualifies(one_pair)
    assert qualifies(one_pair, pair_ok=True)
    assert not qualifies(cards("T♠ T♥ 3♦ 2♣"), pair_ok=True)  # counting T above the nine
    assert qualifies(cards("T♠ T♥ 3♦ 2♣"), pair_ok=True, max_card=10)
    assert not qualifies(cards("7♠ 7♥ 3♦ 3♣"), pair_ok=True)  # two pair
    assert not qualifies(cards("7♠ 7♥ 7♦ 2♣"), pair_ok=True)  # trips
    assert not qualifies(cards("7♠ 6♠ 3♦ 2♣"), pair_ok=True)  # no pair, two spades
    assert not qualifies(cards("7♠ 7♥ 3♠ 2♥"), pair_ok=True)  # the pair and suits block three
    assert qualifies(cards("7♠ 7♥ 3♠ 2♣"), pair_ok=True)  # 7♥ 3♠ 2♣ counts


# ---------------------------------------------------------------------------------------------
# 004: Badacey lesson
# ---------------------------------------------------------------------------------------------


def test_004_a5_read_from_the_top_down() -> None:
    """004: "A 7-6-4-2-A beats 7-6-5-3-2"; the wheel 5-4-3-2-A is best; suits and consecutive
    ranks carry no penalty."""
    assert a5("7♠ 6♥ 4♦ 2♣ A♥") > a5("7♦ 6♣ 5♠ 3♥ 2♦")
    wheel = a5("5♣ 4♣ 3♣ 2♣ A♣")
    assert wheel == a5("5♦ 4♠ 3♥ 2♣ A♦")
    assert wheel.describe() == "5-4-3-2-A low"
    assert all(wheel >= ace_five_value(h) for h in combinations(DECK[::5], 5))


def test_004_a5_pairs_and_categories() -> None:
    """004: five different ranks beat any pair; a pair of aces beats a pair of deuces; equal
    pairs compare the rest from the top; then two pair, trips, full house, quads, worse and
    worse."""
    assert a5("K♠ Q♥ J♦ 9♣ 8♥") > a5("A♠ A♥ 2♦ 3♣ 4♥")
    assert a5("A♠ A♥ 7♦ 5♣ 3♥") > a5("2♠ 2♥ 7♦ 5♣ 3♥")
    assert a5("4♠ 4♥ 8♦ 3♣ A♥") > a5("4♦ 4♣ 8♥ 5♣ A♠")
    ladder = [
        a5("K♠ Q♥ J♦ 9♣ 8♥"),
        a5("K♠ K♥ Q♦ J♣ T♥"),
        a5("2♠ 2♥ A♦ A♣ 3♥"),
        a5("A♠ A♥ A♦ 2♣ 3♥"),
        a5("A♠ A♥ A♦ 2♣ 2♥"),
        a5("A♠ A♥ A♦ A♣ 2♥"),
    ]
    assert all(a > b for a, b in pairwise(ladder))
    assert [v.category for v in ladder] == [
        "high",
        "pair",
        "two-pair",
        "trips",
        "full-house",
        "quads",
    ]
    assert a5("A♠ A♥ 7♦ 5♣ 3♥").describe() == "pair of aces, 7-5-3"
    assert a5("2♠ 2♥ A♦ A♣ 3♥").describe() == "two pair, 2s and aces, 3"


def test_004_badugi_selection_rules() -> None:
    """004: a three-card 7-4-2 beats 7-5-A at the second comparison; a high four-card Badugi
    beats a very low three-card one; suits and an unselected fifth card do not break ties."""
    assert bv("7♠ 4♥ 2♦") > bv("7♠ 5♥ A♦")
    assert bv("K♠ Q♥ J♦ T♣ T♥") > bv("A♦ 2♥ 3♣ 4♣ 5♥")
    assert bv("A♠ 2♥ 3♦ 4♣ 5♣") == bv("A♥ 2♦ 3♣ 4♠ 7♠")
    assert bv("A♠ 2♥ 3♦ 4♣ 5♣").cards == cards("4♣ 3♦ 2♥ A♠")


def test_004_badeucey_ace_is_high_in_both_halves() -> None:
    """004 Badeucey comparison: 2-7 low with the ace high; Badugi half with the ace high, best
    ranks 5-4-3-2 in four suits; straights and flushes count against the low."""
    best = bv("5♣ 4♦ 3♥ 2♠", ace_high=True)
    assert best.describe() == "4-card 5-4-3-2"
    assert best > bv("A♣ 2♦ 3♥ 4♠", ace_high=True)
    assert bv("A♣ 2♦ 3♥ 4♠", ace_high=True).describe() == "4-card A-4-3-2"
    assert bv("A♣ K♦ 3♥ 4♠", ace_high=True) < bv("K♣ Q♦ 3♥ 4♠", ace_high=True)
    assert d27("7♣ 5♦ 4♥ 3♠ 2♣") > d27("A♣ 5♦ 4♥ 3♠ 2♣")
    assert d27("A♣ 5♦ 4♥ 3♠ 2♣").category == "high"  # A-2-3-4-5 is no straight in 2-7
    assert d27("8♣ 6♦ 5♥ 4♠ 2♣") > d27("7♣ 6♦ 5♥ 4♠ 3♣")  # 7-6-5-4-3 is a straight
    assert d27("8♣ 6♣ 5♥ 4♠ 2♣") > d27("8♣ 6♣ 5♣ 4♣ 2♣")  # flush counts against


def test_2_7_category_ladder() -> None:
    """Standard 2-7: no pair < pair < two pair < trips < straight < flush < full
    house < quads < straight flush, from best to worst."""
    ladder = [
        d27("7♣ 5♦ 4♥ 3♠ 2♣"),
        d27("2♣ 2♦ 4♥ 3♠ 5♣"),
        d27("2♣ 2♦ 3♥ 3♠ 4♣"),
        d27("2♣ 2♦ 2♥ 3♠ 4♣"),
        d27("6♣ 5♦ 4♥ 3♠ 2♣"),
        d27("7♣ 5♣ 4♣ 3♣ 2♣"),
        d27("2♣ 2♦ 2♥ 3♠ 3♣"),
        d27("2♣ 2♦ 2♥ 2♠ 3♣"),
        d27("6♣ 5♣ 4♣ 3♣ 2♣"),
    ]
    assert all(a > b for a, b in pairwise(ladder))
    assert ladder[4].describe() == "straight, 6-5-4-3-2"
    assert ladder[5].describe() == "flush, 7-5-4-3-2"
    assert ladder[8].describe() == "straight flush, 6-5-4-3-2"
    assert d27("A♣ K♦ Q♥ J♠ T♣").category == "straight"


def test_004_worked_hand_final_values() -> None:
    """004 worked hand, final table: Amara 5♦ 4♦ 3♥ 2♠ A♣ = 5-4-3-2-A and 4♦ 3♥ 2♠ A♣;
    Noor 8♥ 4♥ 3♠ 2♣ A♦ = 8-4-3-2-A and 4♥ 3♠ 2♣ A♦.  Amara wins the low, the Badugi ties."""
    amara_low, amara_badugi = evaluate("badacey", cards("5♦ 4♦ 3♥ 2♠ A♣"))
    noor_low, noor_badugi = evaluate("badacey", cards("8♥ 4♥ 3♠ 2♣ A♦"))
    assert amara_low.describe() == "5-4-3-2-A low"
    assert noor_low.describe() == "8-4-3-2-A low"
    assert amara_badugi.cards == cards("4♦ 3♥ 2♠ A♣")
    assert noor_badugi.cards == cards("4♥ 3♠ 2♣ A♦")
    assert amara_low > noor_low
    assert amara_badugi == noor_badugi


def test_004_worked_hand_one_draw_two_effects() -> None:
    """004: Noor's last draw (7♥ -> 8♥) made the low worse but left the Badugi unchanged."""
    before = evaluate("badacey", cards("7♥ 4♥ 3♠ 2♣ A♦"))
    after = evaluate("badacey", cards("8♥ 4♥ 3♠ 2♣ A♦"))
    assert before[0] > after[0]
    assert before[1] == after[1]


EXERCISES = {
    # exercise: {player: (five cards, A-5 low, Badugi selection, Badugi description)}
    1: {
        "A": ("A♠ 2♥ 3♦ 4♣ 5♣", "5-4-3-2-A low", "4♣ 3♦ 2♥ A♠", "4-card 4-3-2-A"),
        "B": ("2♣ 3♥ 4♠ 5♦ 7♣", "7-5-4-3-2 low", "5♦ 4♠ 3♥ 2♣", "4-card 5-4-3-2"),
    },
    2: {
        "A": ("A♠ 2♠ A♥ 3♦ 4♣", "pair of aces, 4-3-2", "4♣ 3♦ 2♠ A♥", "4-card 4-3-2-A"),
        "B": ("5♠ 4♥ 3♣ 2♦ A♣", "5-4-3-2-A low", "5♠ 4♥ 2♦ A♣", "4-card 5-4-2-A"),
    },
    3: {
        "A": ("A♠ 2♥ 3♣ 7♣ 9♥", "9-7-3-2-A low", "3♣ 2♥ A♠", "3-card 3-2-A"),
        "B": ("A♦ 2♣ 4♥ 6♥ 8♣", "8-6-4-2-A low", "4♥ 2♣ A♦", "3-card 4-2-A"),
    },
    4: {
        "A": ("A♠ 2♥ 3♦ 4♣ 5♣", "5-4-3-2-A low", "4♣ 3♦ 2♥ A♠", "4-card 4-3-2-A"),
        "B": ("A♥ 2♦ 3♣ 4♠ 7♠", "7-4-3-2-A low", "4♠ 3♣ 2♦ A♥", "4-card 4-3-2-A"),
    },
    5: {
        "A": ("A♠ 2♥ 3♦ 4♣ 5♣", "5-4-3-2-A low", "4♣ 3♦ 2♥ A♠", "4-card 4-3-2-A"),
        "B": ("A♥ 2♦ 3♣ 4♠ 5♠", "5-4-3-2-A low", "4♠ 3♣ 2♦ A♥", "4-card 4-3-2-A"),
        "C": ("A♣ 2♣ 3♠ 4♥ 5♥", "5-4-3-2-A low", "4♥ 3♠ A♣", "3-card 4-3-A"),
    },
    6: {
        "A": ("K♠ Q♥ J♦ 10♣ 10♥", "pair of tens, K-Q-J", "K♠ Q♥ J♦ 10♣", "4-card K-Q-J-T"),
        "B": ("A♦ 2♥ 3♣ 4♣ 5♥", "5-4-3-2-A low", "3♣ 2♥ A♦", "3-card 3-2-A"),
    },
}
"""004 "Six checks": each player's Badacey results as the answer panels state them."""

EXERCISE_WINNERS = {  # 004 answer panels: (A-5 half winners, Badugi half winners)
    1: ({"A"}, {"A"}),
    2: ({"B"}, {"A"}),
    3: ({"B"}, {"A"}),
    4: ({"A"}, {"A", "B"}),
    5: ({"A", "B", "C"}, {"A", "B"}),
    6: ({"B"}, {"A"}),
}


@pytest.mark.parametrize("number", sorted(EXERCISES))
def test_004_exercise_values_badacey(number: int) -> None:
    """004 exercises 1-6 (Badacey): each hand's A-5 low and best Badugi selection."""
    values = {}
    for player, (holding, low, selection, badugi) in EXERCISES[number].items():
        low_value, badugi_val = evaluate("badacey", cards(holding))
        assert low_value.describe() == low
        assert badugi_val.cards == cards(selection)
        assert badugi_val.describe() == badugi
        values[player] = (low_value, badugi_val)
    for half, expected in enumerate(EXERCISE_WINNERS[number]):
        best = max(v[half] for v in values.values())
        assert {p for p, v in values.items() if v[half] == best} == expected


def test_004_exercise_1_badeucey_reverses_both_winners() -> None:
    """004 exercise 1 under the Badeucey profile: B scoops.  A's 2-7 hand is ace-high and its
    four-card Badugi needs A♠, so it is ace-high too."""
    a_low, a_badugi = evaluate("badeucey", cards("A♠ 2♥ 3♦ 4♣ 5♣"))
    b_low, b_badugi = evaluate("badeucey", cards("2♣ 3♥ 4♠ 5♦ 7♣"))
    assert a_low.describe() == "A-5-4-3-2 low"
    assert b_low.describe() == "7-5-4-3-2 low"
    assert a_badugi.describe() == "4-card A-4-3-2"
    assert cards("A♠")[0] in a_badugi.cards
    assert b_badugi.describe() == "4-card 5-4-3-2"
    assert b_low > a_low
    assert b_badugi > a_badugi


def _lowest_of_each_suit(hand: tuple[Card, ...]) -> tuple[Card, ...]:
    """The folk method 004 warns about: keep the lowest card of each suit, drop repeats."""
    kept: list[Card] = []
    for suit in "cdhs":
        suited = [c for c in hand if c.suit == suit]
        if suited:
            kept.append(min(suited, key=lambda c: c.rank))
    out: list[Card] = []
    for c in sorted(kept, key=lambda c: c.rank):
        if all(c.rank != o.rank for o in out):
            out.append(c)
    return tuple(out)


def test_004_exercise_2_lowest_card_per_suit_is_not_an_algorithm() -> None:
    """004 exercise 2 / seeds README item 1: keeping A♠ (the lowest spade) blocks A♥, leaving
    three cards; trying the selections finds the four-card A♥ 2♠ 3♦ 4♣."""
    hand = cards("A♠ 2♠ A♥ 3♦ 4♣")
    folk = _lowest_of_each_suit(hand)
    assert len(folk) == 3
    best = badugi_value(hand)
    assert best.size == 4
    assert best > badugi_value(folk)
    assert cards("A♠")[0] not in best.cards


# ---------------------------------------------------------------------------------------------
# Value objects: immutability, order, errors
# ---------------------------------------------------------------------------------------------


def test_values_are_immutable_and_picklable() -> None:
    value = bv("A♠ 2♥ 3♦ 4♣")
    with pytest.raises(AttributeError):
        value.key = 0
    with pytest.raises(AttributeError):
        value.cards = ()
    low = a5("5♦ 4♦ 3♥ 2♠ A♣")
    with pytest.raises(AttributeError):
        low.category = "pair"
    assert pickle.loads(pickle.dumps(value)) == value
    assert pickle.loads(pickle.dumps(low)).describe() == low.describe()


def test_values_of_different_kinds_do_not_compare() -> None:
    ace_low = bv("A♠ 2♥ 3♦ 4♣")
    ace_high = bv("A♠ 2♥ 3♦ 4♣", ace_high=True)
    low = a5("5♦ 4♦ 3♥ 2♠ A♣")
    assert ace_low != ace_high
    assert ace_low != low
    with pytest.raises(TypeError):
        _ = ace_low < ace_high
    with pytest.raises(TypeError):
        _ = low > ace_low
    assert a5("7♣ 5♦ 4♥ 3♠ 2♣") != d27("7♣ 5♦ 4♥ 3♠ 2♣")


def test_badugi_value_accepts_lists_and_five_cards() -> None:
    assert badugi_value(list(cards("A♠ 2♥ 3♦ 4♣"))) is bv("4♣ 3♦ 2♥ A♠")
    assert bv("A♠ 2♥ 3♦ 4♣ K♠").describe() == "4-card 4-3-2-A"


@pytest.mark.parametrize(
    "text",
    ["A♠ A♠ 3♦ 4♣", "A♠ 2♥ 3♦ 4♣ 5♣ 6♣", "A♠ 2♥ 3♦ 4♣ 4♣"],
)
def test_badugi_value_rejects_bad_holdings(text: str) -> None:
    with pytest.raises(CardError):
        badugi_value(_loose(text))


def _loose(text: str) -> list[Card]:
    """Parse cards one by one (parse_cards itself refuses repeats)."""
    from badugi_ledger.model.cards import parse_card

    return [parse_card(t) for t in text.split()]


def test_badugi_value_rejects_unknown_and_empty() -> None:
    with pytest.raises(CardError):
        badugi_value([Card(1, "s"), None, Card(3, "d"), Card(4, "c")])  # type: ignore[list-item]
    with pytest.raises(CardError):
        badugi_value([])
    with pytest.raises(CardError, match="twice"):
        badugi_value(_loose("A♠ A♠ 3♦ 4♣"))


def test_lows_need_exactly_five_distinct_cards() -> None:
    with pytest.raises(CardError, match="5 cards"):
        ace_five_value(cards("A♠ 2♥ 3♦ 4♣"))
    with pytest.raises(CardError, match="5 cards"):
        deuce_seven_value(cards("A♠ 2♥ 3♦ 4♣ 5♣ 6♣"))
    with pytest.raises(CardError, match="twice"):
        ace_five_value(_loose("A♠ 2♥ 3♦ 4♣ 4♣"))


def test_evaluate_per_game() -> None:
    four = cards("A♠ 2♥ 3♦ 4♣")
    five = cards("A♠ 2♥ 3♦ 4♣ 5♣")
    assert [v.kind for v in evaluate("badugi", four)] == ["badugi"]
    assert [v.kind for v in evaluate("progressive-badugi", four)] == ["badugi"]
    assert [v.kind for v in evaluate("badacey", five)] == ["ace-five", "badugi"]
    assert [v.kind for v in evaluate("badeucey", five)] == ["deuce-seven", "badugi-ace-high"]
    with pytest.raises(CardError, match="4 cards"):
        evaluate("badugi", five)
    with pytest.raises(CardError, match="5 cards"):
        evaluate("badacey", four)
    with pytest.raises(ConfigError):
        evaluate("razz", four)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------------------------
# Properties against brute force (reference_hands) and PokerKit
# ---------------------------------------------------------------------------------------------

holding4 = st.lists(st.sampled_from(DECK), min_size=4, max_size=4, unique=True)
holding5 = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)
holding_any = st.lists(st.sampled_from(DECK), min_size=1, max_size=5, unique=True)


def _check_selection(value: BadugiValue, hand: list[Card], ace_high: bool) -> None:
    key, _ = brute_badugi(hand, ace_high)
    assert value.size == key[0]
    assert value.ranks == tuple(-r for r in key[1])
    assert set(value.cards) <= set(hand)
    assert len({c.rank for c in value.cards}) == len({c.suit for c in value.cards}) == value.size
    assert list(value.ranks) == sorted(value.ranks, reverse=True)


@settings(max_examples=300, deadline=None)
@given(holding_any, holding_any, st.booleans())
def test_badugi_matches_brute_force(h1: list[Card], h2: list[Card], ace_high: bool) -> None:
    v1 = badugi_value(h1, ace_high=ace_high)
    v2 = badugi_value(h2, ace_high=ace_high)
    _check_selection(v1, h1, ace_high)
    _check_selection(v2, h2, ace_high)
    assert sign(v1, v2) == sign(brute_badugi(h1, ace_high)[0], brute_badugi(h2, ace_high)[0])


@settings(max_examples=150, deadline=None)
@given(st.one_of(holding4, holding5), st.one_of(holding4, holding5), st.booleans())
def test_badugi_agrees_with_pokerkit(h1: list[Card], h2: list[Card], ace_high: bool) -> None:
    ours = sign(badugi_value(h1, ace_high=ace_high), badugi_value(h2, ace_high=ace_high))
    theirs = sign(pokerkit_badugi(h1, ace_high), pokerkit_badugi(h2, ace_high))
    assert ours == theirs


@settings(max_examples=300, deadline=None)
@given(holding5, holding5)
def test_ace_five_matches_brute_force_and_pokerkit(h1: list[Card], h2: list[Card]) -> None:
    ours = sign(ace_five_value(h1), ace_five_value(h2))
    assert ours == sign(brute_ace_five(h1), brute_ace_five(h2))
    assert ours == sign(pokerkit_ace_five(h1), pokerkit_ace_five(h2))
    assert sorted(ace_five_value(h1).cards) == sorted(h1)


@settings(max_examples=300, deadline=None)
@given(holding5, holding5)
def test_deuce_seven_matches_brute_force_and_pokerkit(h1: list[Card], h2: list[Card]) -> None:
    ours = sign(deuce_seven_value(h1), deuce_seven_value(h2))
    assert ours == sign(brute_deuce_seven(h1), brute_deuce_seven(h2))
    assert ours == sign(pokerkit_deuce_seven(h1), pokerkit_deuce_seven(h2))


same_rank_low_hands = st.lists(
    st.sampled_from([Card(r, s) for r in (1, 2, 3, 4, 5, 6, 7) for s in "cdhs"]),
    min_size=5,
    max_size=5,
    unique=True,
)


@settings(max_examples=200, deadline=None)
@given(same_rank_low_hands, same_rank_low_hands)
def test_lows_on_crowded_ranks(h1: list[Card], h2: list[Card]) -> None:
    """Few ranks make pairs, trips, straights and flushes common: the interesting cases."""
    assert sign(ace_five_value(h1), ace_five_value(h2)) == sign(
        brute_ace_five(h1), brute_ace_five(h2)
    )
    assert sign(deuce_seven_value(h1), deuce_seven_value(h2)) == sign(
        brute_deuce_seven(h1), brute_deuce_seven(h2)
    )


@settings(max_examples=200, deadline=None)
@given(holding5, st.booleans())
def test_five_cards_worth_best_four_card_subhand(hand: list[Card], ace_high: bool) -> None:
    best = max(badugi_value(sub, ace_high=ace_high) for sub in combinations(hand, 4))
    assert badugi_value(hand, ace_high=ace_high) == best


@settings(max_examples=200, deadline=None)
@given(holding4, st.integers(1, 13), st.booleans())
def test_qualifier_definition(hand: list[Card], max_card: int, pair_ok: bool) -> None:
    """002 3.1/3.2 as read in hands.qualifies, restated from brute force."""
    key, selection = brute_badugi(hand)
    top = max(c.rank for c in selection)
    expected = key[0] == 4 and top <= max_card
    if pair_ok and key[0] == 3 and len({c.rank for c in hand}) == 3:
        expected = top <= max_card
    assert qualifies(hand, max_card=max_card, pair_ok=pair_ok) == expected


@settings(max_examples=100, deadline=None)
@given(holding_any)
def test_order_of_cards_does_not_matter(hand: list[Card]) -> None:
    """The same value, made of the same cards (a tie between selections keeps one), whatever
    the order given.  Equal, not always the same object: past ``INTERNED_LIMIT`` values a
    value is made anew each time (as a whole test run reaches)."""
    forward, backward = badugi_value(hand), badugi_value(list(reversed(hand)))
    assert forward == backward and forward.cards == backward.cards
