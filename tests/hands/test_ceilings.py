"""The best value a hand known in part can take (``badugi_ledger.hands.ceilings``), against a
brute force over every filling of its unknown cards, and its use by ``check``.

Sources: ``000`` ("Badugi cannot contain a pair"; more cards always win), ``004`` ("Five
different ranks beat any pair"; Badeucey's 2-7 half counts straights and flushes), ``002``
(a Progressive Badugi pot goes to a qualifying hand, else it carries).
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_ledger.hands.ceilings import ceilings
from badugi_ledger.hands.evaluate import evaluate, meets_qualifier
from badugi_ledger.model.cards import DECK, parse_known_cards
from badugi_ledger.model.games import GAMES
from badugi_ledger.model.settings import HouseRules
from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text

GAMES_PLAYED = ("badugi", "progressive-badugi", "badacey", "badeucey")


def _brute(game: str, held: list, missing: int, free: list, house: HouseRules) -> tuple | None:
    best: list | None = None
    for filling in itertools.combinations(free, missing):
        cards = [*held, *filling]
        if GAMES[game].progressive and meets_qualifier(game, cards, house) is False:
            continue
        keys = [v.key for v in evaluate(game, cards)]
        best = keys if best is None else [max(a, b) for a, b in zip(best, keys, strict=True)]
    return None if best is None else tuple(best)


@settings(max_examples=60, deadline=None)
@given(
    game=st.sampled_from(GAMES_PLAYED),
    deal=st.permutations(range(len(DECK))),
    known=st.integers(1, 4),
    qualifier=st.integers(5, 13),
    pair_ok=st.booleans(),
)
def test_a_hands_true_value_is_never_above_its_ceiling(
    game: str, deal: list[int], known: int, qualifier: int, pair_ok: bool
) -> None:
    """Whatever a hand holds, the best its known cards allow is at least what it is worth in
    each half (so ``check`` never refuses a right record), and a Progressive hand that
    qualifies is never said to be unable to."""
    size = GAMES[game].hand_size
    hand = [DECK[i] for i in deal[:size]]
    shown = [DECK[i] for i in deal[size : size + 4]]  # another player's cards: dead
    held = hand[: min(known, size - 1)]
    free = [c for c in DECK if c not in held and c not in shown]
    house = HouseRules(qualifier_max=qualifier, qualifier_pair_ok=pair_ok)
    tops = ceilings(game, held, size - len(held), free, house)  # type: ignore[arg-type]
    values = [v.key for v in evaluate(game, hand)]  # type: ignore[arg-type]
    if GAMES[game].progressive and meets_qualifier(game, hand, house) is False:  # type: ignore[arg-type]
        return
    assert tops is not None, (hand, held)
    assert all(top >= value for top, value in zip(tops, values, strict=True)), (hand, held)


@pytest.mark.parametrize("game", GAMES_PLAYED)
def test_the_ceiling_is_the_best_filling(game: str) -> None:
    """With all but two cards known, the ceiling is exactly the best of every filling."""
    rng = random.Random(f"ceilings-{game}")
    size = GAMES[game].hand_size
    house = HouseRules(qualifier_max=rng.choice([8, 9, 13]))
    for _ in range(4):
        deck = list(DECK)
        rng.shuffle(deck)
        held, shown = deck[: size - 2], deck[size : size + 4]
        free = [c for c in DECK if c not in held and c not in shown]
        got = ceilings(game, held, 2, free, house)  # type: ignore[arg-type]
        assert got == _brute(game, held, 2, free, house), held


def test_000_a_pair_held_makes_no_four_card_badugi() -> None:
    kings = list(parse_known_cards("Kh Kd"))
    free = [c for c in DECK if c not in kings]
    best = evaluate("badugi", parse_known_cards("Kh Kd 2c As"))[0].key  # 3-card K-2-A
    assert ceilings("badugi", kings, 2, free) == (best,)
    assert ceilings("progressive-badugi", kings, 2, free, HouseRules(qualifier_max=9)) is None


NIGHT = """\
game {game} · fixed limit 2/4 · blinds 1/2
cash Repro · date 2024-01-01
hand 1 · button Cara · Anna 100 · Ben 100 · Cara 100
deal: Ben {ben} ?? ??{more}
Cara calls · Anna calls · Ben checks
draw: Anna pat · Ben pat · Cara pat
Anna checks · Ben checks · Cara checks
draw: Anna pat · Ben pat · Cara pat
Anna checks · Ben checks · Cara checks
draw: Anna pat · Ben pat · Cara pat
Anna checks · Ben checks · Cara checks
show: Anna {anna} · Cara {cara}
{outcome}
"""


def _verdict(**fields: str) -> list[str]:
    text = NIGHT.format(**fields)
    (outcome,) = replay_stream(parse_text(text, "night.bhh"))
    return [e.rule for e in outcome.errors]


@pytest.mark.parametrize(
    ("game", "ben", "more", "anna", "cara", "outcome", "rules"),
    [
        # 000: Ben holds Kh Kd: no badugi; Anna's four-card badugi takes the pot.
        ("badugi", "Kh Kd", "", "Ks Qh Jd Tc", "Qs Qc Qd 2h", "Ben collects 6", ["collect"]),
        ("badugi", "Kh Kd", "", "Ks Qh Jd Tc", "Qs Qc Qd 2h", "Anna collects 6", []),
        # ... but with a K and a 2 of other suits known he may hold K-3-2-A, which beats it.
        ("badugi", "Kh 2d", "", "Ks Qh Jd Tc", "Qs Qc Qd 2h", "Ben collects 6", []),
        # 004: a pair held loses the A-5 half to five ranks, and its four-card badugi holds
        # a K, which loses to 8-7-6-5; with 3-2 held he may win both.
        (
            "badacey",
            "Kh Kd",
            " ??",
            "9c 8h 7d 6s 5c",
            "Qs Qc Qd Jh Js",
            "Ben collects 6",
            ["collect"],
        ),
        ("badacey", "Kh Kd", " ??", "9c 8h 7d 6s 5c", "Qs Qc Qd Jh Js", "Anna collects 6", []),
        ("badacey", "3h 2d", " ??", "9c 8h 7d 6s 5c", "Qs Qc Qd Jh Js", "Ben collects 6", []),
        # 002: K K never qualifies: nobody does, so the pot carries, never to Ben.
        (
            "progressive badugi",
            "Kh Kd",
            "",
            "Ks Qh Jd Tc",
            "Qs Qc Qd 2h",
            "Ben collects 6",
            ["collect"],
        ),
        ("progressive badugi", "Kh Kd", "", "Ks Qh Jd Tc", "Qs Qc Qd 2h", "carry 6", []),
    ],
)
def test_a_collection_the_known_cards_cannot_win_is_a_mismatch(
    game: str, ben: str, more: str, anna: str, cara: str, outcome: str, rules: list[str]
) -> None:
    got = _verdict(game=game, ben=ben, more=more, anna=anna, cara=cara, outcome=outcome)
    assert got == rules


def test_a_card_thrown_unnamed_leaves_nothing_known_for_certain() -> None:
    """``draw: Cara 2`` throws two cards the record does not name: her face-up Qh may be one
    of them (the tracker counts them as unknown ones), so her hand is held to nothing and her
    true win stands.  Before, the Qh held her below Anna's 9-high badugi: a true record refused.
    Source: ``002`` with a Buy (a face-up card)."""
    text = """\
game progressive badugi with a buy · fixed limit 2/4 · blinds 1/2 · buy-price 2

hand B1 · button Anna · Anna 50 · Ben 50 · Cara 50
deal: Anna 9c 6d 4s Kh · Ben 5s ?? ?? ?? · Cara Qh ?? ?? ??
Anna calls · Ben calls · Cara checks
draw: Ben 1 · Cara 2 · Anna Kh -> 3h
Ben checks · Cara checks · Anna checks
draw: Ben pat · Cara pat · Anna pat
Ben checks · Cara checks · Anna checks
draw: Ben pat · Cara pat · Anna pat
Ben checks · Cara checks · Anna checks
show: Anna 9c 6d 4s 3h · Ben mucks
Cara collects 6
"""
    (outcome,) = replay_stream(parse_text(text, "night.bhh"))
    assert outcome.ok and not outcome.errors, outcome.errors


def test_a_hand_whose_unnamed_discards_may_have_been_known_cards_is_not_known() -> None:
    """Anna is dealt 2d As and two cards unseen, throws two cards the record does not name and
    is served Kh 5c: she may have thrown the 2d and the As and kept two unseen cards that make
    a four-card badugi beating Ben's K-Q-J-T (3d 2s: K-5-3-2).  Her hand was taken for 2d As
    Kh 5c less the unseen ones."""
    text = """\
game badugi · fixed limit 2/4 · blinds 1/2

hand 1 · button Anna · Anna 100 · Ben 100
deal: Anna 2d As ?? ?? · Ben Kd Qs Jc Th
Anna calls · Ben checks
draw: Ben pat · Anna 2 -> Kh 5c
Ben checks · Anna checks
draw: Ben pat · Anna pat
Ben checks · Anna checks
draw: Ben pat · Anna pat
Ben checks · Anna checks
show: Ben Kd Qs Jc Th
Anna collects 4
"""
    (outcome,) = replay_stream(parse_text(text, "night.bhh"))
    assert outcome.ok and not outcome.errors, outcome.errors
    assert [w.rule for w in outcome.warnings] == ["payout-on-record"]
    # Her discards named (the 2d and the As), she holds 9c 9d Kh 5c: no four-card badugi.
    named = text.replace("deal: Anna 2d As ?? ??", "deal: Anna 2d As 9c 9d").replace(
        "Anna 2 -> Kh 5c", "Anna 2d As -> Kh 5c"
    )
    (outcome,) = replay_stream(parse_text(named, "night.bhh"))
    assert {e.rule for e in outcome.errors} == {"collect"}, outcome.errors


def test_a_known_card_that_may_have_been_thrown_unnamed_is_no_duplicate_elsewhere() -> None:
    """Dan, his cards known, throws two unnamed cards twice (served 6h Qh, then 9c 4s): the 6h
    may be among the second two, reshuffled into the stub (``001``: the discards make the new
    stub) and served to Ben.  The tracker kept the 6h as Dan's, and Ben's draw was a card
    dealt twice: a true record refused (98 of 6,000 simulated true hands with such draws)."""
    from badugi_ledger.replay.draws import CardTracker

    cards = parse_known_cards
    tracker = CardTracker(4, ["Dan", "Ben"], "exclude-own")
    tracker.deal("Dan", cards("Tc 4h 3c 8c"), 0)
    tracker.deal("Ben", cards("7h Js 8h 3d"), 0)
    tracker.draw("Dan", [None, None], cards("6h Qh"), 1)
    tracker.draw("Dan", [None, None], cards("9c 4s"), 2)
    tracker.stub = 0  # the stub used up: Ben's draw reshuffles the discards
    tracker.draw("Ben", cards("Js"), cards("6h"), 3)
    assert tracker.known_hand("Dan") is None
    assert tracker.known_part("Dan")[0] == list(cards("9c 4s"))


def test_a_2_7_low_may_be_a_pair_when_the_cards_left_make_a_straight() -> None:
    """A 2-7 hand of 3-4-5-6 missing one card, the only cards left 2c, 7c and 3d: a pair of
    threes beats both straights (``004``: straights count against a 2-7 low)."""
    held = list(parse_known_cards("3h 4s 5d 6c"))
    free = list(parse_known_cards("2c 7c 3d"))
    got = ceilings("badeucey", held, 1, free)
    assert got is not None
    assert got[0] == evaluate("badeucey", [*held, *parse_known_cards("3d")])[0].key


def test_the_partial_hand_night_reads(tmp_path: Path) -> None:
    """The template is a legal night: with Ben's cards all shown, check settles it."""
    text = NIGHT.format(
        game="badugi",
        ben="Kh Kd",
        more="",
        anna="Ks Qh Jd Tc",
        cara="Qs Qc Qd 2h",
        outcome="Anna collects 6",
    ).replace("show: Anna", "show: Ben Kh Kd 9s 8c · Anna")
    (outcome,) = replay_stream(parse_text(text, "night.bhh"))
    assert outcome.ok and not outcome.errors and not outcome.warnings
