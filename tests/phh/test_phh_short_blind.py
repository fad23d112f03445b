"""A big blind posted all-in for less than a full big blind: what the others owe.

Our table default (house rule ``short-blind full-blind``, ``replay/betting.py``) is the card
rooms' rule: the others still owe the full big blind.  PokerKit, whose play a PHH file records,
makes them owe the largest blind posted (``State.checking_or_calling_amount`` is
``max(bets) - bets[player]``), so a PHH hand whose big blind is short is read under
``short-blind as-posted``.  Found by a round trip: ``simulate --hands 3000 --seed 7``, hand
7-275 (Eve's big blind of 1 chip, four callers), converted to PHH and checked back, was refused
("Finn calls 1; the call is 2"), and PokerKit replayed it to other stacks than ours.
"""

from __future__ import annotations

import io
import warnings
from typing import Any

import pokerkit
import pytest

from badugi_ledger.check import run_check
from badugi_ledger.convert import convert_file
from badugi_ledger.ledger.fingerprints import fingerprint
from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.events import HandRecord
from badugi_ledger.model.settings import POKERKIT_HOUSE
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand
from badugi_ledger.text.parse import parse_text
from badugi_ledger.text.writer import write_hand
from tests.helpers.pokerkit_play import new_state, pokerkit_phh

HEADER = "game badugi · fixed limit 2/4 · blinds 1/2\n"
SEATS = "hand 1 · button Dan · Anna 50 · Ben 1 · Cara 50 · Dan 50\n"
DEAL = "deal: Anna Kc Kd Ks Kh · Ben Ac 2d 3h 4s · Cara 5c 6d 7h 8s · Dan 9c Td Jh Qs\n"
TO_SHOWDOWN = (
    "draw: Ben pat · Cara pat · Dan pat\nCara checks · Dan checks\n" * 3
    + "show: Ben Ac 2d 3h 4s · Cara 5c 6d 7h 8s · Dan 9c Td Jh Qs\n"
)
"""Ben's big blind is 1 chip of 2; Cara and Dan call it and check to the showdown."""
AS_POSTED = (
    HEADER
    + "house short-blind as-posted\n"
    + SEATS
    + DEAL
    + "Cara calls · Dan calls · Anna checks\n"
    + "draw: Anna pat · Ben pat · Cara pat · Dan pat\nAnna checks · Cara checks · Dan checks\n" * 3
    + "show: Anna Kc Kd Ks Kh · Ben Ac 2d 3h 4s · Cara 5c 6d 7h 8s · Dan 9c Td Jh Qs\n"
)
"""The same, under PokerKit's rule: Cara and Dan call 1, and Anna, the small blind, checks."""


def _hand(text: str) -> HandRecord:
    (record,) = parse_text(text)
    assert isinstance(record, HandRecord), record
    return record


def test_our_default_the_others_owe_the_full_big_blind() -> None:
    record = _hand(HEADER + SEATS + DEAL + "Cara calls · Dan calls · Anna folds\n" + TO_SHOWDOWN)
    assert record.settings.house.short_blind == "full-blind"
    result = replay_hand(record)
    assert result.ok, result.violations
    # Main pot 4 (a chip of each) to Ben's wheel; the side pot of Cara's and Dan's second
    # chips to Cara's 8-7-6-5.
    assert dict(result.final_stacks) == {"Anna": 49, "Ben": 4, "Cara": 50, "Dan": 48}
    with pytest.raises(IllegalAction) as caught:
        replay_hand(_hand(HEADER + SEATS + DEAL + "Cara calls · Dan calls · Anna checks\n"))
    assert caught.value.rule == "check-facing-bet"
    assert "Anna checks facing a bet: 1 to call" in caught.value.message


def test_house_rule_as_posted_the_others_owe_the_blind_posted() -> None:
    text = AS_POSTED
    record = _hand(text)
    assert record.settings.house.short_blind == "as-posted"
    result = replay_hand(record)
    assert result.ok, result.violations
    assert dict(result.final_stacks) == {"Anna": 49, "Ben": 4, "Cara": 49, "Dan": 49}
    assert "house short-blind as-posted" in write_hand(record)
    assert _hand(write_hand(record)).settings == record.settings
    # The rule is part of the hand's settings, so of its fingerprint; a hand at the default
    # is fingerprinted as before the rule existed (tests/ledger/test_pinned_data.py).
    default = _hand(text.replace("house short-blind as-posted\n", ""))
    assert fingerprint(record) != fingerprint(default)


def test_pokerkit_hand_with_a_short_big_blind_replays_to_pokerkits_stacks() -> None:
    """PokerKit plays it: p2's big blind is 1 chip; p3 and p4 call 1, p1 (the small blind)
    checks, everybody stands pat to the showdown."""
    state = new_state([50, 1, 50, 50])
    assert state.checking_or_calling_amount == 1  # p3, facing the short big blind
    while state.status:
        if state.can_stand_pat_or_discard():
            state.stand_pat_or_discard()
        else:
            state.check_or_call()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = pokerkit_phh(state)
    (record,) = read_phh(text, "pokerkit-short-blind.phh")
    assert isinstance(record, HandRecord), record
    assert record.settings.house.short_blind == "as-posted"
    result = replay_hand(record)
    assert result.ok, (result.violations, text)
    assert [result.final_stacks[f"p{i}"] for i in range(1, 5)] == list(state.stacks)


def test_every_phh_hand_is_read_as_pokerkit_plays() -> None:
    """A PHH hand with a full big blind too: the rule decides nothing in it, and a PHH hand's
    fingerprint leaves out the rules its format implies, so it is the one it had before the
    rule existed (``tests/ledger/test_pinned_data.py`` pins PHH fingerprints)."""
    state = new_state([50, 50, 50, 50])
    while state.status:
        if state.can_stand_pat_or_discard():
            state.stand_pat_or_discard()
        else:
            state.check_or_call()
    (record,) = read_phh(pokerkit_phh(state), "pokerkit.phh")
    assert isinstance(record, HandRecord)
    assert record.settings.house == POKERKIT_HOUSE


def _convert(text: str, tmp_path: Any) -> tuple[Any, str]:
    path = tmp_path / "night.bhh"
    path.write_text(text, encoding="utf-8")
    out = io.StringIO()
    return convert_file(path, "phh", out), out.getvalue()


def test_convert_refuses_a_hand_the_short_blind_rule_changes(tmp_path: Any) -> None:
    text = HEADER + SEATS + DEAL + "Cara calls · Dan calls · Anna folds\n" + TO_SHOWDOWN
    report, written = _convert(text, tmp_path)
    assert report.written == 0 and written == ""
    (problem,) = report.problems
    assert problem.rule == "phh-cannot-express"
    assert "Ben's big blind is short (1 of 2)" in problem.message


def test_convert_writes_a_hand_played_as_posted(tmp_path: Any) -> None:
    report, written = _convert(AS_POSTED, tmp_path)
    assert report.ok and report.written == 1, report.problems
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = pokerkit.HandHistory.loads(written)
        state = list(history)[-1]
    assert list(state.stacks) == list(history.finishing_stacks) == [49, 4, 49, 49]


def test_a_night_with_a_refused_hand_reads_back_with_the_gap_said(tmp_path: Any) -> None:
    """Hand 2 cannot be written (Ben's short big blind at a full-blind table); hand 3 says a
    hand of its table is missing before it, so the converted file checks clean, with that
    warning, instead of reporting stacks that do not follow from hand 1."""
    text = (
        HEADER
        + "hand 1 · button Cara · Anna 50 · Ben 1 · Cara 50 · Dan 50\n"
        + "Ben folds · Cara folds · Dan folds\n\n"
        + "hand 2 · button Dan · Anna · Ben · Cara · Dan\n"
        + DEAL
        + "Cara calls · Dan calls · Anna folds\n"
        + TO_SHOWDOWN
        + "\nhand 3 · button Anna · Anna · Ben · Cara · Dan\n"
        + "Dan folds · Anna folds · Ben folds\n"
    )
    report, written = _convert(text, tmp_path)
    assert report.written == 2 and [p.rule for p in report.problems] == ["phh-cannot-express"]
    assert written.count("_missing_before = 1") == 1
    path = tmp_path / "night.phhs"
    path.write_text(written, encoding="utf-8")
    run = run_check([path], jobs=1)
    lines = list(run.lines())
    assert run.all_ok, lines
    assert "[missing-hand]" in lines[0] and "hand 3" in lines[0], lines
    assert "2 hands: 2 ok" in lines[-1] and "stack-carried" not in "".join(lines)


def test_a_big_blind_the_ante_left_short_is_named_with_what_it_posts(tmp_path: Any) -> None:
    text = (
        "game badugi · fixed limit 2/4 · blinds 1/2 · ante 2\n"
        "hand 1 · button Dan · Anna 50 · Ben 1 · Cara 50 · Dan 50\n"
        "Cara calls · Dan folds · Anna folds\n"
        + "draw: Ben pat · Cara pat\n" * 3
        + "show: Ben Ac 2d 3h 4s · Cara 5c 6d 7h 8s\n"
    )
    report, _ = _convert(text, tmp_path)
    (problem,) = report.problems
    assert "Ben's big blind is short (0 of 2)" in problem.message, problem


@pytest.mark.parametrize(
    ("header", "seats", "first_round", "drawing"),
    [
        # Everybody folds to Ben's big blind of 2 chips of 4: PokerKit owes nothing more of
        # anybody either.
        (
            "game badugi · fixed limit 4/8 · blinds 1/4\n",
            "Anna 50 · Ben 2 · Cara 50 · Dan 50",
            "Cara folds · Dan folds · Anna folds\n",
            "",
        ),
        # Ben is all-in for his ante and the others fold to Anna, the small blind: nobody can
        # play against her (replay.betting), so nobody acts, under either rule.
        (
            "game badugi · fixed limit 2/4 · blinds 1/2 · ante 2\n",
            "Anna 50 · Ben 2 · Cara 50 · Dan 50",
            "Cara folds · Dan folds\n",
            "Anna pat · Ben pat",
        ),
    ],
)
def test_a_short_big_blind_nobody_plays_against_is_written(
    tmp_path: Any, header: str, seats: str, first_round: str, drawing: str
) -> None:
    """The short big blind's rule decides what a caller owes: with no call, bet or raise before
    the first draw, the hand plays alike under ours and PokerKit's, and is written; PokerKit
    replays the file to the stacks our replay settles."""
    text = header + f"hand 1 · button Dan · {seats}\n" + first_round
    if drawing:
        text += f"draw: {drawing}\n" * 3 + "show: Anna Kc Kd Ks Kh · Ben Ac 2d 3h 4s\n"
    ours = replay_hand(_hand(text))
    assert ours.ok, ours.violations
    report, written = _convert(text, tmp_path)
    assert report.ok and report.written == 1, report.problems
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = pokerkit.HandHistory.loads(written)
        state = list(history)[-1]
    # The file lists the players from the one left of the button (Dan): Anna first.
    names = [seat.split()[0] for seat in seats.split(" · ")]
    assert [ours.final_stacks[name] for name in names] == list(state.stacks)
