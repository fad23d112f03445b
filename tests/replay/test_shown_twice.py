"""A card shown twice in one player's hand is a ``duplicate-card`` violation at the show.

Found by hostile-input fuzzing: ``show: Anna 6d 3h 3h 2c`` (her cards not dealt in the record)
was reported at the hand line with no rule of the replay's (line 0 in ``--json``), and
``show: Ben 2c 2c 3d 4h`` for an uncontested pot was ok and stored with its cards.
"""

from __future__ import annotations

from badugi_ledger.replay.stream import replay_stream
from badugi_ledger.text.parse import parse_text

HEAD = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Test · date 2024-01-12\n\n"
SHOWDOWN = """hand 1 · button Anna · Anna 100 · Ben 100
Anna calls · Ben checks
draw: Ben 1 · Anna 2
Ben checks · Anna checks
draw: Ben 1 · Anna 2
Ben checks · Anna checks
draw: Ben 1 · Anna 2
Ben checks · Anna checks
show: Anna 6d 3h 3h 2c · Ben 7c 5h 3s Ad
Ben collects 4
"""
UNCONTESTED = """hand 1 · button Anna · Anna 100 · Ben 100
Anna folds
show: Ben 2c 2c 3d 4h
Ben collects 2
"""


def errors_of(text: str) -> list[tuple[str, int, int, str]]:
    (outcome,) = replay_stream(parse_text(HEAD + text, "f.bhh"))
    return [(e.rule, e.pos.line, e.pos.column, e.message) for e in outcome.errors]


def test_a_card_shown_twice_at_a_showdown_is_reported_at_the_show() -> None:
    assert errors_of(SHOWDOWN) == [("duplicate-card", 12, 7, "Anna shows 3h twice")]


def test_a_card_shown_twice_for_an_uncontested_pot_is_reported_too() -> None:
    assert errors_of(UNCONTESTED) == [("duplicate-card", 6, 7, "Ben shows 2c twice")]


def test_a_showdown_shown_once_each_is_ok() -> None:
    assert errors_of(SHOWDOWN.replace("6d 3h 3h 2c", "6d 3h 4h 2c")) == []
