"""Which divisions of a pot the known cards allow when some hands are unknown
(``badugi_ledger.hands.possible``), against a brute force over real hands.

The brute force deals every unknown contender real cards (from a small stub, so that it stays
quick) and divides the pot with :func:`~badugi_ledger.hands.pots.divide_pot`: every division it
finds must be allowed (the check never refuses a right record).  Sources: ``000`` (the best
hand wins, ties share), ``004`` (each half divided among its own tied winners).
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_ledger.hands.evaluate import (
    ace_five_value,
    badugi_value,
    deuce_seven_value,
    evaluate,
)
from badugi_ledger.hands.possible import (
    CarriedIn,
    OpenPot,
    division_allowed,
    known_values,
    value_keys,
)
from badugi_ledger.hands.pots import divide_pot
from badugi_ledger.model.cards import DECK, parse_known_cards

NAMES = ("Anna", "Ben", "Cy")


def test_the_nut_cannot_be_beaten_only_tied() -> None:
    """``000``: the best of all is A-2-3-4 in four suits."""
    nut = {"Anna": evaluate("badugi", parse_known_cards("As 2h 3d 4c"))}
    pots = [OpenPot(8, ("Anna", "Ben"))]
    assert not division_allowed(pots, nut, "badugi", {"Ben": 8})
    assert division_allowed(pots, nut, "badugi", {"Anna": 4, "Ben": 4})
    assert division_allowed(pots, nut, "badugi", {"Anna": 8})


def test_an_odd_chip_goes_by_the_house_rule() -> None:
    """Seeds README item 4: the odd chip of a tie goes to the first winner left of the button."""
    pots = [OpenPot(7, ("Anna", "Ben"))]
    assert division_allowed(pots, {}, "badugi", {"Anna": 4, "Ben": 3})
    assert not division_allowed(pots, {}, "badugi", {"Anna": 3, "Ben": 4})


def test_a_known_hand_that_does_not_qualify_wins_nothing() -> None:
    """``002``: a hand that does not meet the qualifier cannot win; unknown ones may all fail."""
    known = known_values("progressive-badugi", {"Anna": parse_known_cards("Ks 6h 4d 2c")})
    assert known == {"Anna": None}
    pots = [OpenPot(6, ("Anna", "Ben"))]
    assert not division_allowed(pots, known, "progressive-badugi", {"Anna": 6})
    assert division_allowed(pots, known, "progressive-badugi", {}, carried=6)
    assert division_allowed(pots, known, "progressive-badugi", {"Ben": 6})


def test_002_a_carried_pot_goes_with_the_first_pot_won() -> None:
    """``002``: the carried pot "is added to the money wagered in the new hand" and "goes to the
    winner of the next pot that is won, whether at showdown or by all other players folding".
    The main pot (30 of its own and the carried 12) holds it; a side pot of 40 follows."""
    pots = [OpenPot(42, NAMES), OpenPot(40, ("Ben", "Cy"))]
    game = "progressive-badugi"
    carry = CarriedIn(12)
    assert division_allowed(pots, {}, game, {"Anna": 42, "Cy": 40}, carried_in=carry)
    assert division_allowed(pots, {}, game, {}, carried=82, carried_in=carry)
    # The side pot cannot be won while the main pot carries: nobody in it qualifies either.
    assert not division_allowed(pots, {}, game, {"Cy": 52}, carried=30, carried_in=carry)
    # Both pots carry and a pot after them that Dan alone contests is won: it takes the
    # carried pot, and nothing else is paid from these pots.
    later = CarriedIn(12, ((40, ("Dan",)),))
    assert division_allowed(pots, {}, game, {"Dan": 12}, carried=70, carried_in=later)
    assert not division_allowed(pots, {}, game, {}, carried=82, carried_in=later)
    assert division_allowed(pots, {}, game, {"Anna": 42, "Cy": 40}, carried_in=later)


def test_002_a_carried_pot_is_divided_with_the_pot_it_joins() -> None:
    """The carried 5 is part of the main pot of 10 (``002``: "added to the money wagered"): a
    tie splits the 10 evenly, not 5 and 5 each with its own odd chip (seeds README item 4)."""
    pots = [OpenPot(10, ("Anna", "Ben"))]
    carry = CarriedIn(5)
    game = "progressive-badugi"
    assert division_allowed(pots, {}, game, {"Anna": 5, "Ben": 5}, carried_in=carry)
    assert not division_allowed(pots, {}, game, {"Anna": 6, "Ben": 4}, carried_in=carry)


STUB = DECK[:9] + DECK[-9:]


@settings(max_examples=30, deadline=None)
@given(
    shown=st.lists(st.integers(0, len(DECK) - 1), min_size=4, max_size=4, unique=True),
    amounts=st.tuples(st.integers(0, 40), st.integers(0, 40)),
    side=st.booleans(),
)
def test_every_real_division_is_allowed(
    shown: list[int], amounts: tuple[int, int], side: bool
) -> None:
    """Anna's cards are known, Ben's and Cy's are dealt every way from a small stub."""
    anna = tuple(DECK[i] for i in shown)
    stub = [c for c in STUB if c not in anna]
    known = {"Anna": evaluate("badugi", anna)}
    pots = [OpenPot(amounts[0], NAMES)] + ([OpenPot(amounts[1], ("Ben", "Cy"))] if side else [])
    seen: set[tuple[tuple[str, int], ...]] = set()
    for ben in itertools.combinations(stub[:8], 4):
        rest = [c for c in stub if c not in ben]
        for cy in itertools.combinations(rest[:7], 4):
            hands = {"Anna": anna, "Ben": ben, "Cy": cy}
            paid: dict[str, int] = {}
            for pot in pots:
                award = divide_pot(pot.amount, [(p, hands[p]) for p in pot.contenders], "badugi")
                for p, chips in award.shares.items():
                    paid[p] = paid.get(p, 0) + chips
            key = tuple(sorted((p, c) for p, c in paid.items() if c))
            if key not in seen:
                seen.add(key)
                assert division_allowed(pots, known, "badugi", dict(key)), (anna, ben, cy)


def test_the_values_each_half_can_take_are_every_value_there_is() -> None:
    """``000`` rules 1-3 and ``004``: values are a strict order, so an unknown hand may take
    only the values there are.  Every four-card hand's Badugi value is one of the 1,092 (ace
    low for Badugi and Badacey, ace high for Badeucey), and each of them is some hand's; the
    lows are every five-card value there is (A-5: the 6,175 sets of five ranks with a rank at
    most four times; 2-7: 7,462 with straights and flushes), the best of each the wheel and
    7-5-4-3-2 (``004``), the worst four kings and a queen, and the royal flush."""
    for ace_high, game, half in ((False, "badugi", 0), (True, "badeucey", 1)):
        every = {badugi_value(c, ace_high=ace_high).key for c in itertools.combinations(DECK, 4)}
        assert every == set(value_keys(game)[half])
    assert (
        value_keys("badacey")[1] == value_keys("progressive-badugi")[0] == value_keys("badugi")[0]
    )
    a5, d27 = value_keys("badacey")[0], value_keys("badeucey")[0]
    assert (len(a5), len(d27)) == (6175, 7462)
    assert a5 == tuple(sorted(a5)) and d27 == tuple(sorted(d27))
    ends = {
        "badacey": ("Ks Kh Kd Kc Qs", "5s 4h 3d 2c Ah"),
        "badeucey": ("As Ks Qs Js Ts", "7s 5h 4d 3c 2h"),
    }
    for game, (worst, best) in ends.items():
        low = value_keys(game)[0]
        assert (low[0], low[-1]) == tuple(
            evaluate(game, parse_known_cards(hand))[0].key for hand in (worst, best)
        )
    rng = random.Random(4)
    for _ in range(3000):
        cards = rng.sample(DECK, 5)
        assert ace_five_value(cards).key in set(a5)
        assert deuce_seven_value(cards).key in set(d27)


def test_an_unknown_hand_beats_one_value_and_loses_to_the_next_nowhere() -> None:
    """``000`` rules 2-3: no value lies between a 4-3-2-A and a 5-3-2-A (or a 9-5-3-A and a
    9-5-3-2).  Eve (all-in) shows the first, Dan the second, Anna's cards are unknown: Anna
    cannot lose the main pot to Eve outright and win the side pot from Dan outright.  Before,
    that record was allowed (an unknown winner was taken to lie anywhere below the bound)."""
    for eve, dan in (("As 2h 3d 4c", "Ad 2s 3h 5c"), ("As 3h 5d 9c", "2s 3d 5h 9c")):
        known = {
            p: evaluate("badugi", parse_known_cards(c)) for p, c in (("Eve", eve), ("Dan", dan))
        }
        pots = [OpenPot(30, ("Eve", "Anna", "Dan")), OpenPot(80, ("Anna", "Dan"))]
        assert not division_allowed(pots, known, "badugi", {"Eve": 30, "Anna": 80})
        assert division_allowed(pots, known, "badugi", {"Eve": 30, "Dan": 80})
        assert division_allowed(pots, known, "badugi", {"Eve": 15, "Anna": 95})  # Anna ties Eve
        assert division_allowed(pots, known, "badugi", {"Eve": 30, "Anna": 40, "Dan": 40})


def test_nothing_is_below_the_worst_hand() -> None:
    """``000`` rule 3: a one-card K is the worst Badugi hand; an unknown hand at worst ties it
    (four kings and, here, any four cards, the check being generous about the deck), so Dan
    showing four kings cannot take the pot alone."""
    known = {"Dan": evaluate("badugi", parse_known_cards("Ks Kh Kd Kc"))}
    pots = [OpenPot(16, ("Anna", "Dan"))]
    assert not division_allowed(pots, known, "badugi", {"Dan": 16})
    assert division_allowed(pots, known, "badugi", {"Anna": 16})
    assert division_allowed(pots, known, "badugi", {"Anna": 8, "Dan": 8})


NINE = tuple(f"P{i}" for i in range(9))
DEEPEST = [OpenPot(100 * (9 - i), NINE[i:]) for i in range(8)]
"""The most pots nine players make (seeds README item 2: 2-9 seats; ``001`` a side pot for each
all-in): each player all-in at his own level but the two at the top, who are in every pot."""


def test_nine_players_in_eight_pots_are_searched_without_a_limit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The worst case of the search: the most pots of the most players, every hand unknown,
    a split game (``004``: two halves, each searched), every player asked and nothing pruned.
    The search used to stop after a budget of steps and accept what it had not shown
    impossible, and then added every division of one half to every division of the other
    (minutes of work here); it now finds each pot's divisions once per way the pots before
    it can end, so it needs no budget: a few tens of thousands of additions at most."""
    import badugi_ledger.hands.possible as possible

    added = [0]
    add = possible._add

    def counted(*args: object) -> object:
        added[0] += 1
        assert added[0] <= 40_000, "the search adds more divisions than its worst case needs"
        return add(*args)

    monkeypatch.setattr(possible, "_add", counted)
    everything = {p: 10**6 for p in NINE}
    for game in ("badeucey", "badacey", "badugi", "progressive-badugi"):
        added[0] = 0
        assert not division_allowed(DEEPEST, {}, game, everything, None)
    # Each player wins the pot of his level outright (the two at the top share the last): a
    # division these hands give, and a chip moved from one to the next is none.
    each = {NINE[i]: DEEPEST[i].amount for i in range(7)} | {"P7": 100, "P8": 100}
    assert division_allowed(DEEPEST, {}, "badeucey", each)
    wrong = each | {"P0": 899, "P1": 801}
    assert not division_allowed(DEEPEST, {}, "badeucey", wrong)
    assert not division_allowed(DEEPEST, {}, "badeucey", {"P8": 1}, None, judged=["P8"])


QUALIFY_STUB = list(parse_known_cards("As 3h 5d 7c Ks Qh Jd Tc 2s 4h 6d 8c 9s 9h Kd Qc"))
"""Cards from which some hands meet the nine-high qualifier (``002``) and some do not."""


@settings(max_examples=25, deadline=None)
@given(
    shown=st.lists(st.integers(0, len(DECK) - 1), min_size=4, max_size=4, unique=True),
    amounts=st.tuples(st.integers(0, 30), st.integers(1, 30), st.integers(1, 30)),
    carry=st.integers(1, 15),
    uncontested=st.booleans(),
)
def test_002_every_real_division_of_a_carried_pot_is_allowed(
    shown: list[int], amounts: tuple[int, int, int], carry: int, uncontested: bool
) -> None:
    """Progressive Badugi with a carried pot: Anna's cards known, Ben's and Cy's dealt every way
    from a small stub; each pot goes to its best qualifying hand or carries, and the carried pot
    to the first pot won (``next_pot_won``, as the settlement gives it), a side pot Cy alone
    contests after the others included.  Every such division must be allowed."""
    from badugi_ledger.hands.pots import next_pot_won

    game = "progressive-badugi"
    anna = tuple(DECK[i] for i in shown)
    stub = [c for c in QUALIFY_STUB if c not in anna]  # Ben from the first 8, Cy the next 7
    known = known_values(game, {"Anna": anna})
    own = [OpenPot(amounts[0], NAMES), OpenPot(amounts[1], ("Ben", "Cy"))]
    later = ((amounts[2], ("Cy",)),) if uncontested else ()
    pots = [OpenPot(own[0].amount + carry, NAMES), own[1]]
    seen: set[tuple[tuple[tuple[str, int], ...], int]] = set()
    for ben in itertools.combinations(stub[:8], 4):
        rest = [c for c in stub if c not in ben]
        for cy in itertools.combinations(rest[:7], 4):
            hands = {"Anna": anna, "Ben": ben, "Cy": cy}
            awards = [
                divide_pot(pot.amount, [(p, hands[p]) for p in pot.contenders], game).shares
                for pot in own
            ]
            flags = [not shares for shares in awards] + [False] * len(later)
            to = next_pot_won(flags)
            paid: dict[str, int] = {}
            left = sum(pot.amount for pot, shares in zip(own, awards, strict=True) if not shares)
            for i, shares in enumerate(awards):
                if to == i and shares:
                    shares = divide_pot(
                        own[i].amount + carry, [(p, hands[p]) for p in own[i].contenders], game
                    ).shares
                for p, chips in shares.items():
                    paid[p] = paid.get(p, 0) + chips
            if to >= len(own):
                paid["Cy"] = paid.get("Cy", 0) + carry
            elif flags[to]:
                left += carry
            key = (tuple(sorted((p, c) for p, c in paid.items() if c)), left)
            if key not in seen:
                seen.add(key)
                allowed = division_allowed(
                    pots, known, game, dict(key[0]), left, carried_in=CarriedIn(carry, later)
                )
                assert allowed, (anna, ben, cy, key)


def test_pots_the_same_winners_tie_for_are_paid_as_one_under_all_to_first() -> None:
    """``odd-chip-split all-to-first`` (PHH, PokerKit): the pots in a row that the same tied
    winners take are divided as one (``hands.pots.joined_ties``), so Anna's nut tied by Ben in
    the main pot of 15 and the side pot of 9 pays 12 each, not 8 + 5 and 7 + 4 as two pots
    divided on their own (the default, ``one-each``) would."""
    from badugi_ledger.model.settings import HouseRules

    known = {
        "Anna": evaluate("badugi", parse_known_cards("As 2h 3d 4c")),
        "Cy": evaluate("badugi", parse_known_cards("Ks Kh Kd Kc")),
    }
    pots = [OpenPot(15, ("Anna", "Ben", "Cy")), OpenPot(9, ("Anna", "Ben"))]
    pokerkit = HouseRules(odd_chip_split="all-to-first")
    joined, apart = {"Anna": 12, "Ben": 12}, {"Anna": 13, "Ben": 11}
    assert division_allowed(pots, known, "badugi", joined, house=pokerkit)
    assert not division_allowed(pots, known, "badugi", apart, house=pokerkit)
    assert division_allowed(pots, known, "badugi", apart)
    assert not division_allowed(pots, known, "badugi", joined)
