"""A raked Progressive Badugi hand whose showdown cards are not all known, and the record's
collections that no division of the pots gives.

``002``: "If the showdown is reached and no hand qualifies, the cards are thrown in and the pot
stays in the middle", and the carried-over pot "goes to the winner of the next pot that is
won".  The rake (seeds README item 8: an option, ``rake 5% cap 3``) takes a pot when it is won,
so a pot that carries is not raked: with known cards the replay carries it whole.  With unknown
cards the record's carry-outs say which pots carry, and the rake is the same as with known
cards that carry them; a record that collects a pot is raked as before.

Every mistake at its own line: a collection that no hands for the unknown cards pay, in a
record whose figures add up but divide no pots, is a ``collect`` mismatch at the collect
line, not the whole hand refused at its first line.
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text

from .test_unshown_carried_pot import SIDE_POT, UNCONTESTED_SIDE_POT

RAKE = "game progressive badugi · no limit · blinds 1/2 · rake 5% cap 3\nqualifier 9\n"

FOUR_WAY = RAKE + (
    "hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
    "Cara calls 2 · Dan calls 2 · Anna calls 1 · Ben checks\n"
    "draw: Anna 2 · Ben 1 · Cara 1 · Dan 2\n"
    "Anna checks · Ben bets 6 · Cara calls 6 · Dan calls 6 · Anna calls 6\n"
    "draw: Anna 1 · Ben 1 · Cara 1 · Dan 1\n"
    "Anna checks · Ben checks · Cara checks · Dan checks\n"
    "draw: Anna 1 · Ben 1 · Cara 1 · Dan 1\n"
    "Anna checks · Ben checks · Cara checks · Dan checks\n"
    "show: Ben Kh 8s 4d 2c\n"
)
"""A pot of 32 (5% is 1); Ben's K-high badugi does not qualify (``002``: a nine-high badugi),
the others' cards are not written.  The outcome lines start at line 12."""

ALL_SHOWN = "show: Ben Kh 8s 4d 2c · Anna Kd 8c 4h 2s · Cara Kc 8d 5h 2h · Dan Ks 9h 4c 3d\n"
"""The same showdown with every hand shown: none qualifies, the pot carries."""


def outcome(text: str) -> HandOutcome:
    (one,) = replay_stream(parse_text(text, "raked.bhh"))
    return one


def raked(text: str) -> str:
    """A hand of :mod:`.test_unshown_carried_pot` under the rake rule."""
    return text.replace("blinds 1/2\n", "blinds 1/2 · rake 5% cap 3\n", 1)


def figures(one: HandOutcome) -> tuple[int, dict[str, int], int, list[tuple[str, int, dict]]]:
    result = one.result
    assert result is not None, one.errors
    pots = [(p.name, p.amount, dict(p.shares)) for p in result.pots]
    return result.rake, dict(result.payouts), result.carry_out, pots


def test_002_a_raked_pot_the_record_carries_is_carried_whole() -> None:
    """Refused as ``pot-undetermined`` before: the rake was taken from the pot as if it were
    won, so the record's carry of 32 no longer matched the 31 left."""
    one = outcome(FOUR_WAY + "carry 32\n")
    assert one.ok, one.errors
    assert [w.rule for w in one.warnings] == ["payout-on-record"]
    known = outcome(FOUR_WAY.replace("show: Ben Kh 8s 4d 2c\n", ALL_SHOWN) + "carry 32\n")
    assert known.ok, known.errors
    assert figures(one) == figures(known) == (0, {}, 32, [("main", 32, {})])


@pytest.mark.parametrize("carry", [31, 33])
def test_002_a_carry_that_is_not_the_pot_is_a_carry_mismatch_at_its_line(carry: int) -> None:
    """Nobody collects, so the pot carries, all 32 of it.  ``carry 31`` (the pot as if won and
    raked) was accepted without a word before, ``carry 33`` refused as ``pot-undetermined``;
    both are now the mismatch at the carry line that the replay gives with the cards known."""
    one = outcome(FOUR_WAY + f"carry {carry}\n")
    known = outcome(FOUR_WAY.replace("show: Ben Kh 8s 4d 2c\n", ALL_SHOWN) + f"carry {carry}\n")
    assert [(e.rule, e.kind, e.pos.line) for e in one.errors] == [("carry-out", "mismatch", 12)]
    assert [e.message for e in one.errors] == [e.message for e in known.errors]
    assert "the computed carry is 32" in one.errors[0].message


@pytest.mark.parametrize(
    ("tail", "ok"), [("Cara collects 31\n", True), ("Cara collects 32\n", False)]
)
def test_002_a_raked_pot_the_record_collects_is_raked(tail: str, ok: bool) -> None:
    one = outcome(FOUR_WAY + tail)
    assert one.ok is ok, one.errors
    if ok:
        assert figures(one) == (1, {"Cara": 31}, 0, [("main", 32, {"Cara": 31})])


@pytest.mark.parametrize(
    ("tail", "rake", "carry"),
    [
        ("carry 82\n", 0, 82),  # no hand qualifies: nothing is won, nothing raked
        # Anna wins the main pot (42 with the carried 12), side 1 carries: 5% of 42 is 2.
        ("Anna collects 40\ncarry 40\n", 2, 40),
        ("Anna collects 39 · Cy collects 40\n", 3, 0),  # both pots won: 5% of 82, cap 3
        ("Ben collects 79\n", 3, 0),
    ],
)
def test_002_side_pots_are_raked_as_the_record_carries_them(
    tail: str, rake: int, carry: int
) -> None:
    """The main pot of 30 + 12 carried in (Anna, Ben, Cy), side 1 of 40 (Ben, Cy).  The
    record that carries side 1 was refused before (the rake of 82, not 42, was taken)."""
    one = outcome(raked(SIDE_POT) + tail)
    assert one.ok, one.errors
    assert figures(one)[0::2] == (rake, carry)


def test_002_a_carried_side_pot_is_raked_as_with_known_cards() -> None:
    tail = "Anna collects 40\ncarry 40\n"
    shown = raked(SIDE_POT) + "show: Anna 4s 3h 2d Ac · Ben Kh Qd Jc Ts · Cy Kd Qc Js Th\n"
    assert figures(outcome(raked(SIDE_POT) + tail)) == figures(outcome(shown + tail))


def test_002_the_carried_in_pot_taken_by_a_later_pot_is_raked_with_it() -> None:
    """Main pot and side 1 carry (Cy's cards unknown, Anna's and Ben's K-high badugis do not
    qualify); side 2 of 40, Cy's alone, is the first pot won and takes the carried 12 (``002``):
    the rake is 5% of 52, as when Cy's cards are shown."""
    tail = "Cy collects 50\ncarry 70\n"
    one = outcome(raked(UNCONTESTED_SIDE_POT) + tail)
    assert one.ok, one.errors
    shown = raked(UNCONTESTED_SIDE_POT).replace(
        "Ben Kh Qd Jc Ts", "Ben Kh Qd Jc Ts · Cy Kd Qc Js Th"
    )
    assert figures(one) == figures(outcome(shown + tail))
    assert figures(one)[:3] == (2, {"Cy": 50}, 70)


MUCKED = UNCONTESTED_SIDE_POT.replace(
    "show: Anna Ks Qh Jd Tc · Ben Kh Qd Jc Ts", "show: Ben Kh Qd Jc Ts · Cy mucks"
)
"""Cy mucks (in Progressive Badugi not a fold, a house rule, README): he may win side 2, which
he alone contests, and the carried 12 with it, never the main pot; Anna's cards are unknown."""


@pytest.mark.parametrize(
    ("text", "line", "says"),
    [
        # Cy cannot win any of the main pot (52): the record's 62 is 40 + 22 of it.
        (MUCKED + "Cy collects 62 · carry 60\n", 13, "Cy collects 22 of the main pot (52)"),
        # Ben wins the main pot only with a qualifying hand, and then side 1 too: it cannot carry.
        (SIDE_POT + "Ben collects 42\ncarry 40\n", 12, "Ben collects 42 of the main and side 1"),
        (SIDE_POT + "Anna collects 20 · Ben collects 22\ncarry 40\n", 12, "Anna collects 20"),
    ],
)
def test_002_a_collection_no_division_gives_is_a_mismatch_at_its_line(
    text: str, line: int, says: str
) -> None:
    """Each was refused as ``pot-undetermined`` at the hand's first line before."""
    one = outcome(text)
    assert [(e.rule, e.kind, e.pos.line) for e in one.errors] == [("collect", "mismatch", line)]
    assert says in one.errors[0].message
    result = one.result
    assert result is not None  # settled as recorded: no chip made or lost
    paid = sum(result.payouts.values()) + result.carry_out + result.rake
    assert paid == sum(result.contributions.values()) + result.carry_in


@pytest.mark.parametrize(
    ("text", "line", "owed"),
    [
        # The rake forgotten: Anna wins the main pot of 42 (side 1 carries), 40 once raked.
        (raked(SIDE_POT) + "Anna collects 42\ncarry 40\n", 12, "Anna collects 42, but is owed 40"),
        # Side 2, Cy's alone, takes the carried 12: 52, less a rake of 2.
        (raked(UNCONTESTED_SIDE_POT) + "Cy collects 52\ncarry 70\n", 13, "is owed 50"),
        (FOUR_WAY + "Cara collects 32\n", 12, "Cara collects 32, but is owed 31"),
        # Two collectors of the one pot tied for it (one winner a pot: 002 plays Badugi's
        # showdown); the 31 left once raked split, the odd chip to the first from the
        # button's left (seeds README item 4): Anna 16, Cara 15.
        (
            FOUR_WAY + "Anna collects 16 · Cara collects 16\n",
            12,
            "Cara collects 16, but is owed 15",
        ),
        (SIDE_POT + "Ben collects 90\n", 12, "Ben collects 90, but is owed 82"),
    ],
)
def test_002_a_record_whose_figures_do_not_add_up_is_a_mismatch_at_its_line(
    text: str, line: int, owed: str
) -> None:
    """The record names the division (who collects, what carries) but its figures do not add
    up: refused as ``pot-undetermined`` at the hand's first line before; now held to that
    division at the collect line, as with the cards shown."""
    one = outcome(text)
    assert [(e.rule, e.pos.line) for e in one.errors] == [
        ("collect", line),
        ("chips-balance", line),
    ]
    assert owed in one.errors[0].message


@pytest.mark.parametrize(
    "tail",
    [
        "Ben collects 30 · Cy collects 30\n",  # 60 of 82, between two players: no division
        "Anna collects 20 · Ben collects 20\ncarry 50\n",  # two collectors, no pots of 50
    ],
)
def test_002_a_record_that_is_no_division_at_all_stays_undetermined(tail: str) -> None:
    """No division, and figures that do not add up to the pots: not settled, and the chips
    made or lost named at the first collection."""
    one = outcome(SIDE_POT + tail)
    first = (SIDE_POT + tail).count("\n", 0, (SIDE_POT + tail).index("collects")) + 1
    assert [(e.rule, e.pos.line) for e in one.errors] == [
        ("pot-undetermined", 3),
        ("chips-balance", first),
    ]


@pytest.mark.parametrize(
    "tail",
    [
        "Cy collects 52\ncarry 70\n",  # the carried pot goes with side 2 (002)
        "Cy collects 122\n",  # Cy's hand qualifies: every pot is his
    ],
)
def test_002_legal_records_with_a_mucked_player_stay_accepted(tail: str) -> None:
    base = MUCKED if "70" in tail else UNCONTESTED_SIDE_POT
    one = outcome(base + tail)
    assert one.ok, one.errors


RANKS = {"nut": "432A", "nine": "9765", "king": "KQJT"}
"""``002``: A-2-3-4 in four suits is the best hand, a nine-high badugi qualifies, a king-high
one does not."""


def _hand(kind: str, seat: int) -> str:
    """A badugi of ``kind`` for the player in ``seat``: suits turned by the seat, so that no
    two players hold one card."""
    return " ".join(f"{r}{'shdc'[(i + seat) % 4]}" for i, r in enumerate(RANKS[kind]))


def _record(result_text: str) -> str:
    """The outcome lines of a settled hand, as a recorder writes them."""
    one = outcome(result_text)
    assert one.ok, one.errors
    rake, payouts, carry, _ = figures(one)
    lines = " · ".join(f"{p} collects {chips}" for p, chips in payouts.items())
    return (lines + "\n" if lines else "") + (f"carry {carry}\n" if carry else "")


@pytest.mark.parametrize("base", [SIDE_POT, UNCONTESTED_SIDE_POT.split("show:")[0]])
@pytest.mark.parametrize("rake", [True, False])
def test_002_every_real_outcome_is_accepted_with_the_cards_hidden(base: str, rake: bool) -> None:
    """Hands of every kind for Anna, Ben and Cy, any of them mucked (in Progressive Badugi not
    a fold, a house rule, README), each outcome written down as the cards give it (the rake,
    the carried pot to the first pot won, ``002``), then the cards of any of the others left
    out: the record is accepted, and settles as with the cards shown."""
    import itertools

    text = raked(base) if rake else base
    names = ("Anna", "Ben", "Cy")
    for kinds in itertools.product(RANKS, repeat=3):
        hands = {p: _hand(k, i) for i, (p, k) in enumerate(zip(names, kinds, strict=True))}
        for states in itertools.product(("shows", "mucks"), repeat=3):
            mucked = {p for p, state in zip(names, states, strict=True) if state == "mucks"}
            words = {p: "mucks" if p in mucked else hands[p] for p in names}
            shown = "show: " + " · ".join(f"{p} {w}" for p, w in words.items()) + "\n"
            tail = _record(text + shown)
            known = figures(outcome(text + shown + tail))[:3]
            others = [p for p in names if p not in mucked]
            for n in range(len(others)):
                for kept in itertools.combinations(others, n):
                    show = " · ".join(f"{p} {words[p]}" for p in names if p in kept or p in mucked)
                    one = outcome(text + (f"show: {show}\n" if show else "") + tail)
                    assert one.ok, (kinds, states, kept, tail, one.errors)
                    assert figures(one)[:3] == known, (kinds, states, kept, tail)


BADUGI_SIDE_POT = (
    "game badugi · no limit · blinds 1/2\n"
    "hand 1 · button Anna · Anna 10 · Ben 100 · Cy 100\n"
    "Anna calls 2 · Ben calls 1 · Cy checks\ndraw: Ben 1 · Cy 1 · Anna 1\n"
    "Ben bets 8 · Cy calls 8 · Anna calls 8 all-in\ndraw: Ben 1 · Cy 1 · Anna 1\n"
    "Ben bets 20 · Cy calls 20\ndraw: Ben 1 · Cy 1 · Anna 1\nBen checks · Cy checks\n"
)
"""Badugi, no cards shown: the main pot of 30 (Anna, Ben, Cy) and a side pot of 40 (Ben, Cy):
``001``, a player all-in for less wins from each opponent only what his own chips match.  The
collection line is line 10."""


@pytest.mark.parametrize("tail", ["Anna collects 50 · Ben collects 20\n", "Anna collects 70\n"])
def test_001_a_short_all_in_player_collecting_the_side_pot_is_a_mismatch_at_its_line(
    tail: str,
) -> None:
    """Refused as ``pot-undetermined`` before, or (all 70 to Anna) the side pot carried to the
    next hand in a game that carries nothing, with two mismatches for one mistake."""
    one = outcome(BADUGI_SIDE_POT + tail)
    assert [(e.rule, e.kind, e.pos.line) for e in one.errors] == [("collect", "mismatch", 10)]
    assert one.errors[0].message.startswith("Anna collects")
    result = one.result
    assert result is not None and result.carry_out == 0


@pytest.mark.parametrize(
    "tail",
    [
        "Anna collects 30 · Ben collects 40\n",
        "Anna collects 30 · Cy collects 40\n",
        "Ben collects 70\n",
        "Anna collects 15 · Ben collects 55\n",  # Anna and Ben tie for the main pot
    ],
)
def test_001_legal_divisions_of_a_side_pot_stay_accepted(tail: str) -> None:
    one = outcome(BADUGI_SIDE_POT + tail)
    assert one.ok, one.errors


def test_002_a_raked_pot_the_record_carries_beside_a_collection_is_a_carry_mismatch() -> None:
    """``Cara collects 0`` is a collection, so the record's carry alone does not say the pot
    carries; 31 is the pot as if won and raked, which no pot that carries is (``002``: a pot
    that carries is raked only when it is won, as with known cards)."""
    one = outcome(FOUR_WAY + "Cara collects 0\ncarry 31\n")
    assert [(e.rule, e.kind, e.pos.line) for e in one.errors] == [("carry-out", "mismatch", 13)]
    assert one.errors[0].message.endswith("it carries 32")


@pytest.mark.parametrize(
    ("base", "tail"),
    [
        (SIDE_POT, "Anna collects 42\ncarry 41\n"),  # side 1 carries 40, not 41
        (UNCONTESTED_SIDE_POT, "Cy collects 122\ncarry 3\n"),  # Cy wins all: nothing carries
    ],
)
def test_002_a_carry_a_chip_off_beside_one_collector_is_reported_as_with_known_cards(
    base: str, tail: str
) -> None:
    """The one player who collects wins the pots he contests, and a later pot that only
    others contest carries (``002``: no hand there qualifies, or it would beat his in his
    pots): refused as ``pot-undetermined`` before, now the same verdicts as with the cards
    shown, at the same lines."""
    one = outcome(base + tail)
    if base is SIDE_POT:
        shown = base + "show: Anna 4s 3h 2d Ac · Ben Kh Qd Jc Ts · Cy Kd Qc Js Th\n"
    else:  # Cy's 4-3-2-A wins every pot
        shown = base.replace("Ben Kh Qd Jc Ts", "Ben Kh Qd Jc Ts · Cy 4d 3c 2s Ah")
    known = outcome(shown + tail)
    assert [e.rule for e in one.errors] == [e.rule for e in known.errors]
    assert [e.rule for e in one.errors] == ["chips-balance", "carry-out"]
    assert one.errors[-1].pos.line == base.count("\n") + 2


TIED_BADUGI = (
    "game badugi · fixed limit 2/4 · blinds 1/2 · rake 10% cap 3\n"
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna raises to 4 · Ben calls · Cara calls\n"
    "draw: Ben 1 · Cara 1 · Anna 1\n"
    "Ben bets 2 · Cara calls · Anna calls\n"
    "draw: Ben 0 · Cara 0 · Anna 0\n"
    "Ben bets 4 · Cara calls · Anna calls\n"
    "draw: Ben 0 · Cara 0 · Anna 0\n"
    "Ben checks · Cara checks · Anna checks\n"
    "Cara mucks\n"
)
"""A Badugi pot of 30, raked 3; Cara mucks, Anna's and Ben's cards are not written.  The
collect line is line 11."""


@pytest.mark.parametrize(
    ("tail", "mismatches"),
    [
        # the rake forgotten: 27 split, the odd chip to Ben, first from the button's left
        ("Anna collects 15 · Ben collects 15\n", ["Anna collects 15, but is owed 13",
                                                   "Ben collects 15, but is owed 14"]),
        ("Anna collects 13 · Ben collects 13\n", ["Ben collects 13, but is owed 14"]),
    ],
)  # fmt: skip
def test_000_two_collectors_of_one_pot_tied_and_are_held_to_an_even_split(
    tail: str, mismatches: list[str]
) -> None:
    """``000``: the best hand wins the pot, tied hands split it.  A record in which two
    players collect of the one pot says they tied; its figures that do not add up (a rake
    forgotten, a chip off) were the whole hand refused (``pot-undetermined``), and are now
    each a mismatch at its collect line."""
    one = outcome(TIED_BADUGI + tail)
    collects = [e for e in one.errors if e.rule == "collect"]
    assert [e.pos.line for e in collects] == [11] * len(mismatches)
    assert [e.message.split(":")[0] for e in collects] == mismatches
    assert "tied by the players the record names" in collects[0].message
    assert {e.rule for e in one.errors} == {"collect", "chips-balance"}


def test_004_two_collectors_of_a_split_game_stay_undetermined() -> None:
    """``004``: in Badacey each half has its winner, so two players who collect may have
    tied or each won a half: figures that do not add up name no division."""
    text = TIED_BADUGI.replace("game badugi", "game badacey").replace("draw: Ben 1", "draw: Ben 1")
    one = outcome(text + "Anna collects 15 · Ben collects 15\n")
    first = text.count("\n") + 1
    assert [(e.rule, e.pos.line) for e in one.errors] == [
        ("pot-undetermined", 2),
        ("chips-balance", first),
    ]


def test_a_redeal_won_before_its_first_draw_is_not_raked_its_carried_pot_included() -> None:
    """The rake's ``no_flop_no_drop`` (grammar/README.md, ``rake``: no rake from a hand that
    ends before the first draw) holds for a redeal too: the pot carried in is the redeal's
    (``002``: "added to the money wagered in the new hand"), though the hand that carried it
    reached a showdown; with ``always`` it is raked."""
    carried = (
        "game progressive badugi · fixed limit 2/4 · blinds 1/2 · rake 10% cap 5\n"
        "hand P1 · button Cy · Ann 100 · Bo 100 · Cy 100\n"
        "Cy calls · Ann calls · Bo checks\n"
        "draw: Ann 1 · Bo 1 · Cy 1\nAnn bets · Bo calls · Cy calls\n"
        + "draw: Ann 1 · Bo 1 · Cy 1\nAnn checks · Bo checks · Cy checks\n"
        * 2
        + "show: Ann Kh 8s 4d 2c · Bo Jd 7c 5h 3s · Cy Qd Qc 5c 3h\ncarry 12\n\n"
        "hand P2 · button Ann · Ann · Bo · Cy\nBo bets · Cy folds · Ann folds\n"
    )
    first, redeal = replay_stream(parse_text(carried, "redeal.bhh"))
    assert first.ok and first.result is not None and first.result.carry_out == 12
    assert redeal.ok and redeal.result is not None, redeal.errors
    assert (redeal.result.rake, dict(redeal.result.payouts)) == (0, {"Bo": 12})
    always = carried.replace("rake 10% cap 5", "rake 10% cap 5 always")
    _, raked_redeal = replay_stream(parse_text(always, "redeal.bhh"))
    assert raked_redeal.result is not None, raked_redeal.errors
    assert (raked_redeal.result.rake, dict(raked_redeal.result.payouts)) == (1, {"Bo": 11})
