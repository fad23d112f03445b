"""What the replay assumed before a hand broke a rule, or before a record that stops, is
reported with the hand, as a hand that replays reports it: one run of ``check`` lists every
problem, and the record page shows the warning of a hand still being recorded as the play
reaches it, not once the hand is over.

The hands: a Progressive Badugi redeal (``002``) whose broke player, his chips in the carried
pot, folds (``fold-all-in``: he gives up his share of it), then acts again (``turn-order``), or
the record stops (the hand in progress).  Found by the record page's next-actions audit.
"""

from __future__ import annotations

from badugi_ledger.live import live_check
from badugi_ledger.replay.stream import replay_stream
from badugi_ledger.text.parse import parse_text

NIGHT = """game progressive badugi · fixed limit 2/4 · blinds 1/2
qualifier 9 · redeal-posts no
cash Test · date 2024-05-03

hand 1 · button Cara · Anna 100 · Ben 2 · Cara 100
Cara calls · Anna calls
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Cara checks
show: Anna Kh 8s 4d 2c · Ben Jd 7c 5h 3s · Cara Qh 9s 6d Ac
carry 6

hand 2 · button Anna · Anna · Ben · Cara
Ben folds
"""


def test_a_warning_before_a_broken_rule_is_reported_with_it() -> None:
    _, second = replay_stream(parse_text(NIGHT + "Ben folds\n", "night.bhh"))
    assert [(e.rule, e.pos.line) for e in second.errors] == [("turn-order", 18)]
    assert [(w.rule, w.pos.line) for w in second.warnings] == [("fold-all-in", 17)]


def test_a_hand_being_recorded_shows_its_warning_as_the_play_reaches_it() -> None:
    checked = live_check(NIGHT, source="night.bhh")
    last = checked.hands[-1]
    assert last.verdict == "in progress"
    assert ("fold-all-in", 17) in [(p.rule, p.line) for p in last.problems]
