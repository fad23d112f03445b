"""The ledger's own guard on amounts (ledger/rows.py ``amount_problems``): its quick test of a
hand's figures against the largest amount says what the figure-by-figure walk says, whatever
the figures hold (None, a bool, a float, a text, a number beyond the bound either way)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from badugi_ledger.ledger.importing import read_source, replay
from badugi_ledger.ledger.rows import (
    HandRows,
    _first_amount_problem,
    amount_problems,
    prepare_outcomes,
)
from badugi_ledger.model.limits import MAX_AMOUNT
from tests.helpers.paths import EXAMPLES


def _hands(name: str) -> list[HandRows]:
    path = EXAMPLES / name
    items = prepare_outcomes(replay(read_source(path)), str(path))
    return [item for item in items if isinstance(item, HandRows)]


def _walked(rows: HandRows) -> str | None:
    """What naming the figures one by one finds (the definition)."""
    value = rows.event[0].chip_value
    return _first_amount_problem(rows, value.cents if value is not None and value.cents > 1 else 1)


def _variants(rows: HandRows) -> list[HandRows]:
    """The hand with one figure at a time set to something unusual."""
    session = rows.event[0]
    out = []
    for odd in (None, True, 1.5, 1e300, "12", MAX_AMOUNT, MAX_AMOUNT + 1, -MAX_AMOUNT - 1):
        player = rows.players[0]
        players = ((*player[:3], odd, *player[4:]), *rows.players[1:])
        out.append(rows._replace(players=players))
        out.append(rows._replace(hand=(*rows.hand[:7], odd, *rows.hand[8:])))
        if rows.postings:
            account, mine, kind, _ = rows.postings[0]
            out.append(rows._replace(postings=((account, mine, kind, odd), *rows.postings[1:])))
        for field in ("buy_in", "starting_chips"):
            changed = dataclasses.replace(session, **{field: odd})
            out.append(rows._replace(event=(changed, *rows.event[1:])))
    return out


@pytest.mark.parametrize("name", ["home_session.bhh", "tournament.bhh", "progressive_night.bhh"])
def test_the_quick_bound_says_what_the_walk_says(name: str) -> None:
    hands = _hands(name)
    assert hands
    for rows in hands:
        assert amount_problems(rows) is None is _walked(rows)
        for variant in _variants(rows):
            expected: Any = _walked(variant)
            assert amount_problems(variant) == expected, variant
    beyond = [v for rows in hands for v in _variants(rows) if _walked(v) is not None]
    assert beyond  # the variants do reach the bound


def test_figures_each_within_the_bound_pass_whatever_their_total() -> None:
    """The quick test first adds the figures' sizes up (one pass): a hand whose figures are
    each within the bound but together beyond it is still within it, and a float among them
    (whose sum would round an integer beyond the bound down onto it) hides no figure beyond
    it - each as the walk says."""
    rows = _hands("home_session.bhh")[0]
    player = rows.players[0]
    half = MAX_AMOUNT // 2 + 1
    big = rows._replace(players=((*player[:2], half, half, *player[4:]), *rows.players[1:]))
    assert amount_problems(big) is None is _walked(big)
    rounded = rows._replace(
        players=((*player[:2], 0.5, MAX_AMOUNT + 1, *player[4:]), *rows.players[1:])
    )
    problem = amount_problems(rounded)
    assert problem is not None and problem == _walked(rounded)


def test_a_chips_value_bounds_the_chips_never_the_counts(tmp_path: Any) -> None:
    """``chips 1 = …``: a chip's value in cents bounds the chip figures (they become money),
    not the hand's line number, seats or rebuy counts, which are no money: a chip worth a
    tenth of the largest amount leaves a bound of ten chips, and a hand of stacks of eight
    (ten at its end) at line 13 of its file is stored, its line number no amount (the bound:
    2^53 cents, docs/ledger.md)."""
    cents = MAX_AMOUNT // 10
    night = tmp_path / "dear.bhh"
    night.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        f"cash Dear · date 2024-02-01 · season S · chips 1 = {cents // 100}.{cents % 100:02d} EUR\n"
        + "# a comment\n"
        * 10
        + "hand 1 · button Anna · Anna 8 · Ben 8\n"
        "Anna raises to 4 · Ben folds\nAnna collects 4\n",
        encoding="utf-8",
    )
    items = prepare_outcomes(replay(read_source(night)), str(night))
    (rows,) = [item for item in items if isinstance(item, HandRows)]
    assert rows.hand[4] == 13 and rows.event[0].chip_value.cents == cents
    assert amount_problems(rows) is None is _walked(rows)
    player = rows.players[0]
    more = rows._replace(players=((*player[:2], 11, *player[3:]), *rows.players[1:]))
    assert "Anna's starting stack 11 is beyond the largest amount" in str(amount_problems(more))
