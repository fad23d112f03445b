"""The copy check's number of a hand (``model/copies.content``) tells apart what equality
tells apart: an event counts as its class and its fields.

An event's own hash is its fields' alone (``fields_hash``), so ``raked 10`` (``RakeTaken``)
and ``pot 10`` (``PotTotal``) hash alike: a hand written twice under one number, the second
time with ``raked 10`` where the first had ``pot 10``, was taken for a copy of the first
("remove the copy"), and its claim was never checked.  (Found by the instruction-count work on
the copy check's hash.)"""

from __future__ import annotations

from badugi_ledger.replay.stream import replay_stream
from badugi_ledger.text.parse import parse_text

HAND = """hand 1 · button Anna · Anna 100 · Ben 100
Anna raises to 4 · Ben calls 2
draw: Ben 1 · Anna 1
Ben checks · Anna bets 2 · Ben folds
Anna collects 8
"""
HEAD = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Twin · date 2024-01-12\n\n"


def duplicate_verdicts(first: str, second: str) -> list[str]:
    text = HEAD + HAND + first + "\n" + HAND + second
    outcomes = list(replay_stream(parse_text(text, "twin.bhh")))
    return [e.message for o in outcomes for e in o.errors if e.rule == "duplicate-hand"]


def test_a_hand_written_again_with_another_claim_of_one_amount_is_another_hand() -> None:
    [said] = duplicate_verdicts("pot 8\n", "raked 8\n")
    assert "as another hand" in said and "remove the copy" not in said, said


def test_a_hand_written_again_as_it_was_is_a_copy() -> None:
    [said] = duplicate_verdicts("pot 8\n", "pot 8\n")
    assert "remove the copy" in said, said
