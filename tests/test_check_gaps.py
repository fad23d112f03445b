"""A hand missing from a site file: ``check`` warns at the hand after the gap and takes its
stated stacks as they are, instead of reporting the gap as a wrong stack or payout."""

from __future__ import annotations

from badugi_ledger.check import CheckRun
from badugi_ledger.model.results import TableGap
from badugi_ledger.sources import read_stream
from tests.helpers.paths import CORPUS

STARS_SNG = CORPUS / "pokerstars/LBad-USD-SNG8-201011.txt"
GAP_HAND = "52589367975"
"""The SNG's button jumps two seats and two minutes before this hand (corpus/SOURCES.md)."""


def test_the_reader_stream_carries_the_gap_before_its_hand() -> None:
    items = list(read_stream(STARS_SNG))
    at = next(i for i, x in enumerate(items) if isinstance(x, TableGap))
    gap, hand = items[at], items[at + 1]
    assert isinstance(gap, TableGap) and gap.warning.kind == "warning"
    assert gap.warning.rule == "missing-hand"
    assert getattr(hand, "hand_id", None) == GAP_HAND


def test_the_hand_after_a_gap_is_ok_with_the_warning() -> None:
    run = CheckRun([STARS_SNG], jobs=1)
    outcome = next(o for o in run.outcomes() if o.hand_id == GAP_HAND)
    assert outcome.ok, outcome.errors  # no stack-carried mismatch for the gap
    assert [w.rule for w in outcome.warnings][:1] == ["missing-hand"]
    assert outcome.warnings[0].pos.line == 1204
    lines = [line for line in run.lines() if GAP_HAND in line]
    assert lines and "warning: a hand seems to be missing before this one" in lines[0]
