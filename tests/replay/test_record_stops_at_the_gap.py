"""A hand whose play stops short is reported where the gap is, not at its last line.

The standard: one run of ``check`` lists every mistake in a file, each at its own line.  A
betting line left out before a hand's collections (``benchmarks/bench_text_damage.py``, a
line deleted: the night below is the one it shrank a miss to) leaves the record's play short;
``hand-incomplete`` was placed at the hand's last event - its ``final:`` line, two lines
below the gap - and is now placed at the first outcome the record states after its last play
(the collection right after the gap).  With no outcome after the play it stays at the last
event.
"""

from __future__ import annotations

from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text

HAND = """\
game badugi · fixed limit 2/4 · blinds 1/2
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna folds · Ben calls · Cara checks
draw: Ben 1 · Cara 1
Ben bets · Cara folds
Ben collects 4
final: Anna 100 · Ben 102 · Cara 98
"""


def incomplete_at(text: str) -> list[tuple[str, int]]:
    (outcome,) = replay_stream(parse_text(text, "night.bhh"))
    return [(e.rule, e.pos.line) for e in outcome.errors]


def test_the_whole_hand_is_legal() -> None:
    assert incomplete_at(HAND) == []


def test_a_betting_line_left_out_is_reported_at_the_collection_after_it() -> None:
    gap = HAND.replace("Ben bets · Cara folds\n", "")
    assert incomplete_at(gap) == [("hand-incomplete", 5)]  # "Ben collects 4", after the gap


def test_with_no_outcome_after_the_play_the_last_line_it_is() -> None:
    short = HAND.replace("Ben bets · Cara folds\n", "").replace("Ben collects 4\n", "")
    short = short.replace("final: Anna 100 · Ben 102 · Cara 98\n", "")
    assert incomplete_at(short) == [("hand-incomplete", 4)]  # the draw, the record's last
