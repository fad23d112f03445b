"""A muck written after a hand shown in full: the hand is tabled, and the cards speak.

``000`` ("Playing a hand", 5. Showdown): "everyone still in shows their cards ... The best
Badugi hand wins the pot".  ``show: Ben 7d 5c 3h As`` then ``Ben mucks`` took Ben out of the
showdown with no word, and the pot his best hand won went to another (a recording slip that
moved money silently; found by the next-actions audit).  Now the muck is a warning
(``muck-after-show``) and Ben's hand plays; a muck after only some of his cards were shown
still gives the pot up.
"""

from __future__ import annotations

from badugi_ledger.replay.stream import replay_stream
from badugi_ledger.text.parse import parse_text

HEAD = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Test · date 2024-01-12\n\n"
HAND = """hand 1 · button Cara · Anna 100 · Ben 100 · Cara 100
Cara calls · Anna calls · Ben checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
show: Anna Kh 8s 4d 2c · Ben SHOWN · Cara Qh 9s 6d Ac
Ben mucks
WINNER collects 6
"""


def verdict(shown: str, winner: str) -> tuple[list[tuple[str, int]], list[tuple[str, int]]]:
    text = HAND.replace("SHOWN", shown).replace("WINNER", winner)
    (outcome,) = replay_stream(parse_text(HEAD + text, "f.bhh"))
    return (
        [(e.rule, e.pos.line) for e in outcome.errors],
        [(w.rule, w.pos.line) for w in outcome.warnings],
    )


def test_a_hand_shown_in_full_still_plays_after_a_muck_with_a_warning() -> None:
    assert verdict("7d 5c 3h As", "Ben") == ([], [("muck-after-show", 13)])
    errors, _ = verdict("7d 5c 3h As", "Cara")
    assert ("collect", 14) in errors


def test_a_muck_after_some_cards_shown_gives_the_pot_up() -> None:
    assert verdict("7d ?? ?? ??", "Cara") == ([], [])


SHOWN_AFTER_MUCK = HAND.replace(
    "Ben SHOWN · Cara Qh 9s 6d Ac\nBen mucks\n",
    "Ben mucks · Cara Qh 9s 6d Ac\nBen shows 7d 5c 3h As\n",
)
assert SHOWN_AFTER_MUCK != HAND


def test_a_hand_shown_after_its_muck_plays_with_a_warning() -> None:
    """The other order: ``Ben mucks``, then his four cards shown.  A hand tabled at the
    showdown plays, the cards speak (``000``: everyone still in shows their cards, the best
    hand wins; the seeds name no muck at the showdown, and this reading is the house rule
    grammar/README.md states); but
    the pot moved from Cara to Ben with no word, where a slip of the pen (the show of a hand
    that gave the pot up) reads the same.  Now a warning (``show-after-muck``) says so."""
    (outcome,) = replay_stream(
        parse_text(HEAD + SHOWN_AFTER_MUCK.replace("WINNER", "Ben"), "f.bhh")
    )
    assert [(e.rule, e.pos.line) for e in outcome.errors] == []
    assert [(w.rule, w.pos.line) for w in outcome.warnings] == [("show-after-muck", 13)]
    assert "Ben shows 7d 5c 3h As after mucking" in outcome.warnings[0].message
    (outcome,) = replay_stream(
        parse_text(HEAD + SHOWN_AFTER_MUCK.replace("WINNER", "Cara"), "f.bhh")
    )
    assert ("collect", 14) in [(e.rule, e.pos.line) for e in outcome.errors]
