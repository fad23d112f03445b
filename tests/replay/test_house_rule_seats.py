"""Readings of who posts and who acts first where the rule texts are silent, and of antes a
player cannot pay, each a documented house rule (README.md, *Rules and house rules*;
``grammar/README.md``, *Forced bets*).  Each test plays a night in our format and fails if the
reading changes; where a site's real hand shows the reading, the test names it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.model.events import HandRecord, Post
from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_hand
from badugi_ledger.replay.stream import replay_stream
from badugi_ledger.sources import read_hands
from badugi_ledger.text.parse import parse_text

HEAD = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Test · date 2024-01-12\n\n"


def night(text: str, head: str = HEAD) -> list[HandOutcome]:
    return list(replay_stream(parse_text(head + text, "night.bhh")))


def problems(outcome: HandOutcome) -> list[tuple[str, int]]:
    return [(e.rule, e.pos.line) for e in outcome.errors]


def pots(outcome: HandOutcome) -> list[tuple[int, tuple[str, ...]]]:
    assert outcome.result is not None
    return [(p.amount, tuple(sorted(dict(p.shares)))) for p in outcome.result.pots]


# --- a returning player's big blind beside the big blind's --------------------------------------

TWO_BIG_BLINDS = """hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100 · Dan 100 · Eve 100
Ben posts sb · Cara posts bb · Eve posts bb
ROUND
"""
"""Line 5 of the night: Eve, coming back to the game, posts a big blind beside Cara's."""

PAT = "draw: Ben pat · Cara pat · Dan pat · Eve pat\n"
CHECKS = "Ben checks · Cara checks · Dan checks · Eve checks\n"


def test_a_second_big_blind_is_live_and_the_play_starts_left_of_the_big_blinds() -> None:
    """House rule "two big blinds": the play starts left of the big blind's owner (``000``: "it
    starts with the player left of the big blind"), the returning player's post is live (``000``:
    "The blinds count as bets"), so in her turn she checks or raises, and the big blind's owner
    acts last with his option ("The big blind acts last and may still raise")."""
    # Dan first, Eve checks her live 2; Cara raises on her option and Eve may raise again.
    (ok,) = night(
        TWO_BIG_BLINDS.replace(
            "ROUND",
            "Dan calls · Eve checks · Anna folds · Ben calls · Cara raises · Dan calls · Eve "
            "raises · Ben folds · Cara calls · Dan calls\n"
            + "draw: Cara pat · Dan pat · Eve pat\nCara checks · Dan checks · Eve checks\n" * 3
            + "Cara collects 20",
        )
    )
    assert problems(ok) == []
    assert ok.result is not None
    assert ok.result.contributions == {"Anna": 0, "Ben": 2, "Cara": 6, "Dan": 6, "Eve": 6}
    # Nobody raises: Eve's post was her call, the pot holds 2 from each of the four.
    (limped,) = night(
        TWO_BIG_BLINDS.replace(
            "ROUND",
            "Dan calls · Eve checks · Anna folds · Ben calls · Cara checks\n"
            + (PAT + CHECKS) * 3
            + "Dan collects 8",
        )
    )
    assert problems(limped) == []
    # Eve is not first: the play does not start after the last big blind posted (as a straddle).
    (early,) = night(TWO_BIG_BLINDS.replace("ROUND", "Eve checks · Dan calls"))
    assert [(e.rule, e.message) for e in early.errors] == [
        ("turn-order", "Eve acts, but it is Dan's turn (order of play: 000)")
    ]


STARS_CASH = "pokerstars/Badugi-USD-0.25-0.50-201009.txt"


@pytest.mark.parametrize(
    ("hand_id", "returning"),
    [
        # Lines 115-130: kallexx1 (seat 8) posts a big blind beside buddyboy3399's (seat 5);
        # JDANIELDC, left of buddyboy3399, acts first, kallexx1 checks in his turn, and
        # buddyboy3399 raises last, on his option.
        pytest.param("49164255772", "kallexx1", id="after-the-big-blind"),
        # Lines 172-184: oooDestroyoo (seat 3) posts one beside JDANIELDC's (seat 6); kallexx1,
        # left of JDANIELDC, acts first, oooDestroyoo checks in his turn, JDANIELDC checks last.
        pytest.param("49164287914", "oooDestroyoo", id="before-the-button"),
    ],
)
def test_pokerstars_plays_a_second_big_blind_so(
    corpus_dir: Path, hand_id: str, returning: str
) -> None:
    """Two real PokerStars Badugi hands with a second big blind replay under the house rule:
    their returning player checks his live blind in his turn, which a dead post or a play
    starting after him would refuse."""
    (rec,) = (
        r
        for r in read_hands(corpus_dir / STARS_CASH)
        if isinstance(r, HandRecord) and r.hand_id == hand_id
    )
    result = replay_hand(rec)
    assert result.violations == ()
    assert result.contributions[returning] >= 25  # his blind, live, and his calls after it


# --- heads-up with the button on a player sitting out -------------------------------------------

BUTTON_SITS_OUT = """hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna sits out
ROUNDS
"""
BEN_FIRST = "Ben checks · Cara checks\n"


def test_heads_up_with_the_button_sitting_out_its_left_posts_the_small_blind() -> None:
    """House rule "heads-up with the button sitting out": ``000``'s heads-up rule ("With only
    two players, the dealer puts in the small blind") is the dealer's, who is not dealt in, so
    the blinds go as ``000`` says for every table: "the player to the dealer's left puts in the
    small blind, the next player to the left the big blind".  Ben, left of the button, posts
    the small blind and acts first before the first draw (left of the big blind) and after
    every draw (``000``: "starting with the first player still in to the dealer's left")."""
    rounds = (
        "Ben calls · Cara checks\n"
        + ("draw: Ben pat · Cara pat\n" + BEN_FIRST) * 3
        + "Ben shows As 2d 3h 4c · Cara shows 5s 6d 7h 8c\nBen collects 4"
    )
    (ok,) = night(BUTTON_SITS_OUT.replace("ROUNDS", rounds))
    assert problems(ok) == []
    assert ok.result is not None
    assert ok.record is not None
    assert [(e.player, e.kind) for e in ok.record.events if isinstance(e, Post)] == [
        ("Ben", "small-blind"),
        ("Cara", "big-blind"),
    ]
    assert dict(ok.result.contributions) == {"Ben": 2, "Cara": 2}
    # Cara does not post the small blind, nor act first.
    (swapped,) = night(BUTTON_SITS_OUT.replace("ROUNDS", "Cara posts sb · Ben posts bb"))
    assert [e.rule for e in swapped.errors] == ["blind-player"]
    (cara_first,) = night(
        BUTTON_SITS_OUT.replace("ROUNDS", "Ben calls · Cara checks\ndraw: Cara pat · Ben pat")
    )
    assert [e.rule for e in cara_first.errors] == ["turn-order"]


# --- the first player of a Progressive Badugi redeal --------------------------------------------

PROGRESSIVE = (
    "game progressive badugi · fixed limit 2/4 · blinds 1/2\ncash Test · date 2024-01-12\n"
)
CARRIED = (
    """
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna calls · Ben calls · Cara checks
"""
    + ("draw: Ben pat · Cara pat · Anna pat\nBen checks · Cara checks · Anna checks\n" * 3)
    + """Ben shows Ks Qd Jh Ts · Cara shows Kd Qh Js 9c · Anna shows Kc Qc Jc Tc
carry 6
hand 2 · button Ben · Anna · Ben · Cara
FIRST
"""
)


@pytest.mark.parametrize(
    ("posts", "first", "other"),
    [
        # No blinds (redeal-posts no): the round opens as every later round does.
        pytest.param("", "Cara bets · Anna folds · Ben folds", "Anna bets", id="no-blinds"),
        # redeal-posts yes: Cara and Anna post the blinds, Ben (left of Anna) opens.
        pytest.param(
            "redeal-posts yes\n",
            "Ben folds · Cara folds",
            "Cara calls",
            id="blinds-posted",
        ),
    ],
)
def test_a_redeals_first_betting_round_opens_left_of_the_big_blind_or_of_the_button(
    posts: str, first: str, other: str
) -> None:
    """House rule "the first player of a redeal": ``002`` opens the first betting round "with
    the player to the left of the big blind" and every round after a draw with "the first
    active player to the dealer's left"; a redeal without blinds (``002``: the table agrees
    whether they are posted again) has no big blind, so its first round opens as the later
    rounds do, left of the button (which has passed on: a new hand is dealt)."""
    head = PROGRESSIVE + posts
    first_hand, redeal = night(CARRIED.replace("FIRST", first), head)
    assert problems(first_hand) == []
    assert [e.rule for e in redeal.errors] == []
    _, wrong = night(CARRIED.replace("FIRST", other), head)
    assert [(e.rule, e.pos.line) for e in wrong.errors] == [("turn-order", 15 + posts.count("\n"))]


# --- an ante a player cannot pay -----------------------------------------------------------------

ANTES = "game badugi · fixed limit 2/4 · blinds 1/2 · ante 2\ncash Test · date 2024-01-12\n"
SHORT_ANTE = (
    """
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100 · Dan 1
Anna calls · Ben calls · Cara checks
"""
    + (
        "draw: Ben pat · Cara pat · Dan pat · Anna pat\nBen checks · Cara checks · Anna checks\n"
        * 3
    )
    + "Ben shows Ks Qd Jh Ts · Cara shows Kd Qh Js 9c · Anna shows Kc Qc Jc Tc\n"
    + "Dan shows As 2d 3h 4c\n"
)


@pytest.mark.parametrize(
    ("trimming", "main", "side"),
    [
        # Dan's 1 matches 1 of each ante: a main pot of 4; the antes' other 3 and the calls' 6
        # are the others' side pot.
        pytest.param("", 4, 9, id="trimmed"),
        # house ante-trimming no (PokerKit's ante_trimming_status false): every ante whole.
        pytest.param("house ante-trimming no\n", 7, 6, id="not-trimmed"),
    ],
)
def test_a_player_all_in_for_less_than_the_ante_contests_what_his_chips_match(
    trimming: str, main: int, side: int
) -> None:
    """House rule "an ante a player cannot pay" (``ante-trimming yes``, the default; the texts
    have no antes, seeds README item 8): Dan, all-in for 1 of an ante of 2, wins only what his
    chip matches of each ante.  The antes are dead: the others' calls of the big blind are the
    whole 2 beside their antes (the ante is no part of a call)."""
    (outcome,) = night(SHORT_ANTE, ANTES + trimming)
    assert problems(outcome) == []
    assert pots(outcome) == [(main, ("Dan",)), (side, ("Cara",))]
    assert outcome.result is not None
    assert outcome.result.contributions == {"Anna": 4, "Ben": 4, "Cara": 4, "Dan": 1}
