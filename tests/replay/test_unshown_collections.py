"""Recorded collections of a showdown whose cards are not all known.

The replay cannot divide such a pot and takes the recorded collections, but each must be what
*some* hands for the unknown cards would pay (``badugi_ledger.replay.unshown``).  Before this
check every collection that added up to the pot and named a contender passed: an uneven split,
a shown loser collecting, an unknown hand beating the best possible hand.  Rule sources: ``000``
("The best Badugi hand wins the pot; tied hands share it"; the best of all is A-2-3-4 in four
suits), ``001`` (side pots), ``002`` (the qualifier, the carried pot), ``004`` (each half on its
own, divided among its tied winners).
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text

BADUGI_3 = (
    "game badugi · fixed limit 2/4 · blinds 1/2\n"
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cy 100\n"
    "Anna calls · Ben calls · Cy checks\n"
    + "draw: Ben 1 · Cy 1 · Anna 1\nBen checks · Cy checks · Anna checks\n"
    * 3
)
"""A checked-down pot of 6; the show and collection lines start at line 10."""


def outcome(text: str) -> HandOutcome:
    (one,) = replay_stream(parse_text(text, "unshown.bhh"))
    return one


def errors(text: str) -> list[tuple[str, int]]:
    return [(e.rule, e.pos.line) for e in outcome(text).errors]


@pytest.mark.parametrize(
    "tail",
    [
        "Anna collects 6\n",  # nothing shown: anyone may win
        "Anna collects 3 · Cy collects 3\n",  # two tie
        "Anna collects 2 · Ben collects 2 · Cy collects 2\n",  # three tie
        "show: Anna Ks Qh Jd Tc\nCy collects 6\n",  # Cy's unknown hand beats K-Q-J-T
        "show: Anna 5s 3h 2d Ac · Ben Ks Qh Jd Tc\nAnna collects 6\n",  # Cy's hand is worse
        "show: Anna 4s 3h 2d Ac\nAnna collects 3 · Cy collects 3\n",  # the nut can be tied
        "show: Anna Ks Qh Jd Tc · Ben Kh Qd Jc Ts\nAnna collects 3 · Ben collects 3\n",  # a tie
    ],
)
def test_a_collection_some_hands_allow_is_accepted(tail: str) -> None:
    one = outcome(BADUGI_3 + tail)
    assert one.ok, one.errors
    assert [w.rule for w in one.warnings] == ["payout-on-record"]


@pytest.mark.parametrize(
    ("tail", "unknown"),
    [
        ("Anna collects 6\n", "Anna, Ben, Cy"),
        ("show: Anna 5s 3h 2d Ac · Ben Ks Qh Jd Tc\nAnna collects 6\n", "Cy"),
        ("show: Anna 4s 3h 2d Ac\nAnna collects 3 · Cy collects 3\n", "Ben, Cy"),
    ],
)
def test_the_warning_names_the_players_whose_cards_are_unknown(tail: str, unknown: str) -> None:
    """A player who showed is no unknown: "showdown cards of Anna, Ben, Cy unknown" was said
    of a pot where Anna and Ben showed."""
    (warning,) = outcome(BADUGI_3 + tail).warnings
    assert warning.message.startswith(f"showdown cards of {unknown} unknown: ")


@pytest.mark.parametrize(
    ("tail", "line", "says"),
    [
        # 6 goes to one hand, or 3 + 3, or 2 + 2 + 2: never 4 + 2 (000 "tied hands share it").
        ("Anna collects 4 · Ben collects 2\n", 10, "Anna collects 4 of the main pot (6)"),
        # No hand beats 4-3-2-A in four suits (000): Cy may tie Anna, not beat her.
        ("show: Anna 4s 3h 2d Ac\nCy collects 6\n", 11, "Anna shows 4-card 4-3-2-A"),
        # Both shown: Ben's K-Q-J-T loses to Anna's hand whatever Cy holds.
        ("show: Anna 5s 3h 2d Ac · Ben Ks Qh Jd Tc\nBen collects 6\n", 11, "Ben collects 6"),
        ("show: Anna 5s 3h 2d Ac · Ben Ks Qh Jd Tc\nCy collects 3 · Ben collects 3\n", 11, "Ben"),
        # Ben's 1 is no share of 6 at all.
        ("Anna collects 2 · Cy collects 3 · Ben collects 1\n", 10, "Ben collects 1"),
    ],
)
def test_a_collection_no_hands_allow_is_a_mismatch_at_its_line(
    tail: str, line: int, says: str
) -> None:
    one = outcome(BADUGI_3 + tail)
    assert [(e.rule, e.kind, e.pos.line) for e in one.errors] == [("collect", "mismatch", line)]
    assert says in one.errors[0].message


def test_shares_possible_alone_but_not_together_are_reported_at_the_first_collection() -> None:
    """Anna 3 (a two-way tie) and Ben 2 (a three-way tie) are each possible, not together."""
    one = outcome(BADUGI_3 + "Anna collects 3 · Ben collects 2 · Cy collects 1\n")
    assert [(e.rule, e.pos.line) for e in one.errors] == [("collect", 10)]
    one = outcome(BADUGI_3 + "Anna collects 3 · Ben collects 3\nCy collects 0\n")
    assert one.ok


SIDE_POT = (
    "game badugi · no limit · blinds 1/2\n"
    "hand 1 · button Anna · Anna 10 · Ben 100 · Cy 100\n"
    "Anna raises to 10 all-in · Ben calls 9 · Cy calls 8\n"
    "draw: Ben 1 · Cy 1 · Anna 1\n"
    "Ben bets 20 · Cy calls 20\n"
    "draw: Ben 1 · Cy 1 · Anna 1\nBen checks · Cy checks\n"
    "draw: Ben 1 · Cy 1 · Anna 1\nBen checks · Cy checks\n"
)
"""A main pot of 30 (Anna, Ben, Cy) and a side pot of 40 (Ben, Cy)."""


@pytest.mark.parametrize(
    ("tail", "ok"),
    [
        # Anna's nut wins the main pot whatever Cy holds; Ben and Cy fight for the side pot.
        ("show: Anna 4s 3h 2d Ac · Ben Ks Qh Jd Tc\nAnna collects 30 · Cy collects 40\n", True),
        ("show: Anna 4s 3h 2d Ac · Ben 9s 7h 5d 3c\nAnna collects 30 · Ben collects 40\n", True),
        # Cy cannot beat the nut for the main pot (000).
        ("show: Anna 4s 3h 2d Ac · Ben Ks Qh Jd Tc\nCy collects 70\n", False),
        # Cy beating Anna and Ben for the main pot beats Ben for the side pot too (001: the
        # same hands are compared again), so Ben cannot collect the side pot.
        ("show: Anna 9s 8h 7d 6c · Ben Ks Qh Jd Tc\nCy collects 30 · Ben collects 40\n", False),
        ("show: Anna 9s 8h 7d 6c · Ben Ks Qh Jd Tc\nCy collects 70\n", True),
    ],
)
def test_side_pots_with_unknown_cards_keep_one_order_of_hands(tail: str, ok: bool) -> None:
    one = outcome(SIDE_POT + tail)
    assert one.ok is ok, one.errors
    if not ok:
        assert [(e.rule, e.pos.line) for e in one.errors] == [("collect", 11)]


def test_collections_of_side_pots_that_make_chips_are_named_at_their_line() -> None:
    """Collections of a main and a side pot, no card shown, that add up to a chip more than the
    pots: no cards make chips, so beside the pots left unsettled the mismatch is said at the
    first collection (the organiser is not told only that cards are missing)."""
    one = outcome(SIDE_POT + "Cy collects 30 from main\nBen collects 41 from side 1\n")
    assert ("chips-balance", 10) in [(e.rule, e.pos.line) for e in one.errors], one.errors
    assert "add up to 71, but the pot is 70: 1 chip created" in " ".join(
        e.message for e in one.errors
    )


BADACEY_004 = (
    "game badacey · fixed limit 6/12 · blinds 3/6\n"
    "hand 004-1 · button Amara · Amara 240 · Bram 240 · Kira 240 · Noor 240\n"
    "Noor calls 6 · Amara calls 6 · Bram calls 3 · Kira checks\n"
    "draw: Bram 2 · Kira 2 · Noor 2 · Amara 2\n"
    "Bram checks · Kira checks · Noor bets 6 · Amara calls 6 · Bram calls 6 · Kira calls 6\n"
    "draw: Bram 2 · Kira 2 · Noor 1 · Amara 1\n"
    "Bram checks · Kira checks · Noor bets 12 · Amara calls 12 · Bram folds · Kira folds\n"
    "draw: Noor 1 · Amara 1\n"
    "Noor bets 12 · Amara raises to 24 · Noor calls 12\n"
    "show: Amara 5♦ 4♦ 3♥ 2♠ A♣\n"
)
"""``004``'s worked hand with Noor's cards not written: a pot of 120, Amara's wheel and
4-3-2-A are the best hands of both halves."""


@pytest.mark.parametrize(
    ("collections", "ok"),
    [
        ("Amara collects 90 · Noor collects 30", True),  # 004's outcome: Noor ties one half
        ("Amara collects 120", True),
        ("Amara collects 60 · Noor collects 60", True),  # Noor ties both halves
        ("Noor collects 90 · Amara collects 30", False),  # Noor cannot win a half outright
        ("Amara collects 80 · Noor collects 40", False),  # no half divides so
    ],
)
def test_004_badacey_halves_with_an_unknown_hand(collections: str, ok: bool) -> None:
    """``004`` "Award each half, then split any ties": Noor can tie a half, not win one."""
    one = outcome(BADACEY_004 + collections + "\n")
    assert one.ok is ok, one.errors
    if not ok:
        assert [(e.rule, e.pos.line) for e in one.errors] == [("collect", 11)]


PROGRESSIVE = (
    "game progressive badugi · fixed limit 2/4 · blinds 1/2\nqualifier 9\n"
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cy 100\n"
    "Anna calls · Ben calls · Cy checks\n"
    + "draw: Ben 1 · Cy 1 · Anna 1\nBen checks · Cy checks · Anna checks\n"
    * 3
)


@pytest.mark.parametrize(
    ("tail", "ok"),
    [
        # Anna's 8-high badugi qualifies: the pot cannot carry (002).
        ("show: Anna 8s 6h 4d 2c\ncarry 6\n", False),
        ("show: Anna 8s 6h 4d 2c\nCy collects 6\n", True),
        # Anna's K-high badugi does not qualify and wins nothing; the unknown hands may fail too.
        ("show: Anna Ks 6h 4d 2c\ncarry 6\n", True),
        ("show: Anna Ks 6h 4d 2c\nBen collects 6\n", True),
        ("show: Anna Ks 6h 4d 2c\nAnna collects 3 · Ben collects 3\n", False),
    ],
)
def test_002_progressive_qualifier_with_unknown_hands(tail: str, ok: bool) -> None:
    one = outcome(PROGRESSIVE + tail)
    assert one.ok is ok, one.errors
