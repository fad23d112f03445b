"""A Progressive Badugi pot carried into a hand with side pots, when showdown cards are unknown.

``002``: "The carried-over pot is added to the money wagered in the new hand. It goes to the
winner of the next pot that is won, whether at showdown or by all other players folding."
and "If the showdown is reached and no hand qualifies, the cards are thrown in and the pot
stays in the middle" (seeds README item 5 says the same).  With known cards the settlement
gives the carried pot to the first pot won (``replay.side_pots``, ``next_pot_won``); with unknown
cards the recorded collections are held to the divisions that hands for the unknown cards
allow under that same rule (``replay.unshown``): a wrong one is a ``collect`` mismatch at its
line, a right one is accepted.
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text

HEADER = "game progressive badugi · no limit · blinds 1/2\nqualifier 9\n"

SIDE_POT = HEADER + (
    "hand 1 · button Anna · Anna 10 · Ben 100 · Cy 100\n"
    "carry in 12\n"
    "Ben bets 10 · Cy calls 10 · Anna calls 10 all-in\n"
    "draw: Ben 1 · Cy 1 · Anna 1\n"
    "Ben bets 20 · Cy calls 20\n"
    "draw: Ben 1 · Cy 1 · Anna 1\nBen checks · Cy checks\n"
    "draw: Ben 1 · Cy 1 · Anna 1\nBen checks · Cy checks\n"
)
"""A redeal carrying 12 in: the main pot 30 + 12 (Anna, Ben, Cy) and a side pot of 40 (Ben,
Cy); the show and collection lines start at line 12."""

NUT = "show: Anna 4s 3h 2d Ac\n"
"""``002`` Article 2: "The best hand is A-2-3-4 in four different suits": no hand beats it."""


def outcome(text: str) -> HandOutcome:
    (one,) = replay_stream(parse_text(text, "carried.bhh"))
    return one


@pytest.mark.parametrize(
    "tail",
    [
        # The main pot is the first pot won: it takes the carried pot with it (002).
        "Anna collects 42 · Cy collects 40\n",
        "Ben collects 82\n",
        "Cy collects 82\n",
        NUT + "Anna collects 21 · Cy collects 61\n",  # Cy ties the nut for the main pot
        NUT + "Anna collects 42 · Ben collects 20 · Cy collects 20\n",
        # No hand qualifies: every pot stays in the middle, the carried pot with them (002).
        "carry 82\n",
        "show: Anna Ks Qh Jd Tc\ncarry 82\n",
    ],
)
def test_002_divisions_some_hands_give_are_accepted(tail: str) -> None:
    one = outcome(SIDE_POT + tail)
    assert one.ok, one.errors
    assert [w.rule for w in one.warnings] == ["payout-on-record"]


@pytest.mark.parametrize(
    ("tail", "line", "says"),
    [
        # Nobody beats Anna's 4-3-2-A for the main pot: Cy may tie it, not take it all.
        (NUT + "Cy collects 82\n", 13, "Anna shows 4-card 4-3-2-A"),
        # The main pot with its carried 12 (42) is one hand's, or split evenly: never 20 + 22.
        ("Ben collects 20 · Cy collects 62\n", 12, "Cy collects 62"),
        # Anna's hand does not qualify (002): she wins nothing, whatever the others hold.
        ("show: Anna Ks Qh Jd Tc\nAnna collects 42 · Cy collects 40\n", 13, "Anna collects 42"),
        # The side pot is won, so the main pot is won first: nothing carries (002).
        ("Cy collects 40\ncarry 42\n", 12, "no division of the main and side 1 pots"),
    ],
)
def test_002_divisions_no_hands_give_are_a_mismatch_at_their_line(
    tail: str, line: int, says: str
) -> None:
    """Each of these was accepted without a word before the search knew the carried pot."""
    one = outcome(SIDE_POT + tail)
    assert [(e.rule, e.kind, e.pos.line) for e in one.errors] == [("collect", "mismatch", line)]
    assert says in one.errors[0].message


UNCONTESTED_SIDE_POT = HEADER + (
    "hand 1 · button Anna · Anna 10 · Ben 20 · Cy 100 · Dan 100\n"
    "carry in 12\n"
    "Ben bets 10 · Cy calls 10 · Dan calls 10 · Anna calls 10 all-in\n"
    "draw: Ben 1 · Cy 1 · Dan 1 · Anna 1\n"
    "Ben bets 10 all-in · Cy calls 10 · Dan calls 10\n"
    "draw: Ben 1 · Cy 1 · Dan 1 · Anna 1\nCy bets 20 · Dan calls 20\n"
    "draw: Ben 1 · Cy 1 · Dan 1 · Anna 1\nCy bets 10 · Dan folds\n"
    "show: Anna Ks Qh Jd Tc · Ben Kh Qd Jc Ts\n"
)
"""A redeal carrying 12 in: the main pot 40 + 12 (Anna, Ben, Cy), side 1 of 30 (Ben, Cy) and
side 2 of 40 that Cy alone contests (Dan folded after matching his bets).  Anna's and Ben's
K-high badugis do not qualify (``002``: a nine-high badugi); Cy's cards are not written.  The
collection lines start at line 13."""


@pytest.mark.parametrize(
    "tail",
    [
        # Cy's hand qualifies: he wins the main pot, the first pot won, with the carried 12.
        "Cy collects 122\n",
        # Cy's hand does not qualify either: the main pot and side 1 stay in the middle and the
        # carried pot goes to the next pot won, side 2, which Cy wins uncontested (002).
        "Cy collects 52\ncarry 70\n",
    ],
)
def test_002_the_carried_pot_goes_to_the_first_pot_won(tail: str) -> None:
    one = outcome(UNCONTESTED_SIDE_POT + tail)
    assert one.ok, one.errors
    assert [w.rule for w in one.warnings] == ["payout-on-record"]


def test_002_the_carried_pot_passes_carrying_pots_as_with_known_cards() -> None:
    """The record with Cy's cards unknown is settled as the same hand with his cards shown."""
    unknown = outcome(UNCONTESTED_SIDE_POT + "Cy collects 52\ncarry 70\n").result
    shown = UNCONTESTED_SIDE_POT.replace("Ben Kh Qd Jc Ts", "Ben Kh Qd Jc Ts · Cy Kd Qc Js Th")
    known = outcome(shown + "Cy collects 52\ncarry 70\n").result
    assert unknown is not None and known is not None
    assert (unknown.carry_out, dict(unknown.payouts)) == (70, {"Cy": 52})
    assert [(p.name, p.amount, dict(p.shares)) for p in unknown.pots] == [
        (p.name, p.amount, dict(p.shares)) for p in known.pots
    ]


@pytest.mark.parametrize(
    ("tail", "line"),
    [
        # Side 2 is won, so the carried pot cannot carry on: it is Cy's (002).
        ("Cy collects 40\ncarry 82\n", 13),
        # Ben's hand does not qualify: he wins nothing.
        ("Ben collects 12 · Cy collects 40\ncarry 70\n", 13),
    ],
)
def test_002_a_carried_pot_recorded_in_the_wrong_place_is_a_mismatch(tail: str, line: int) -> None:
    one = outcome(UNCONTESTED_SIDE_POT + tail)
    assert one.errors and {(e.rule, e.pos.line) for e in one.errors} == {("collect", line)}


def test_002_the_carried_pot_a_player_is_owed_from_the_open_pots_is_named() -> None:
    """Cy's 40 is side 2, which he alone contests: of the pots the cards could not divide he
    collects nothing, which no hands give (002: the carried pot is his if they all carry)."""
    one = outcome(UNCONTESTED_SIDE_POT + "Cy collects 40\ncarry 82\n")
    assert one.errors[0].message.startswith(
        "Cy collects nothing of the main and side 1 pots (82), but no hands for the unknown "
        "cards of Cy pay Cy that"
    )


CY_SHOWN = UNCONTESTED_SIDE_POT.replace(
    "show: Anna Ks Qh Jd Tc · Ben Kh Qd Jc Ts", "show: Ben Kh Qd Jc Ts · Cy Kd Qc Js Th"
)
"""The same hand with Anna's cards unknown: Ben's and Cy's K-high badugis do not qualify, so
side 1 carries on the cards, and the main pot is won only if Anna's hand qualifies (``002``)."""


@pytest.mark.parametrize(
    "tail",
    [
        "Anna collects 52 · Cy collects 40\ncarry 30\n",  # Anna qualifies: the main pot is hers
        # Anna's hand fails too: side 2, which Cy wins uncontested, is the first pot won.
        "Cy collects 52\ncarry 70\n",
    ],
)
def test_002_a_player_whose_hand_does_not_qualify_takes_the_carried_pot_uncontested(
    tail: str,
) -> None:
    one = outcome(CY_SHOWN + tail)
    assert one.ok, one.errors


def test_002_the_carried_pot_left_in_the_middle_is_named_in_the_mismatch() -> None:
    one = outcome(CY_SHOWN + "Cy collects 40\ncarry 82\n")
    assert [(e.rule, e.pos.line) for e in one.errors] == [("collect", 13)]
    assert "the recorded collections (52 carried) are no division of the main pot" in (
        one.errors[0].message
    )


def test_002_a_player_who_mucks_takes_the_carried_pot_with_the_side_pot_he_alone_contests() -> None:
    """Cy mucks (in Progressive Badugi not a fold: a house rule, README): he cannot win the main
    pot or side 1, but side 2 is his alone; if Anna's unknown hand fails too, every other pot
    carries and the carried pot goes with side 2 (``002``)."""
    mucked = UNCONTESTED_SIDE_POT.replace(
        "show: Anna Ks Qh Jd Tc · Ben Kh Qd Jc Ts", "show: Ben Kh Qd Jc Ts · Cy mucks"
    )
    one = outcome(mucked + "Cy collects 52\ncarry 70\n")
    assert one.ok, one.errors
    assert one.result is not None and dict(one.result.payouts) == {"Cy": 52}
    one = outcome(mucked + "Cy collects 40\ncarry 82\n")
    assert [(e.rule, e.pos.line) for e in one.errors] == [("collect", 13)]
