"""One event has one set of terms: a file may not state its buy-in, starting chips, payouts,
place or season one way for some of its hands and otherwise for others.

A level-change header line that also typed the buy-in and payouts again, differently
(``buy-in 2500 · payouts 50/30/20`` against the tournament line's ``buy-in 1000 · payouts
70/30``), read its later hands with the new terms; ``check`` and ``import`` said nothing and
the ledger kept the first (tournament fuzzing), where two files disagreeing so are a
conflict.  Our format's reader refuses a hand read after header lines that state a term of
its event otherwise than its hands before were read with (in its session, or in an earlier
session line of the same name, date and unit); the ledger refuses a file whose hands state
one event otherwise, whatever reader made them.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import LedgerError
from badugi_ledger.model.events import Session
from tests.helpers.ledger_builder import hand

runner = CliRunner()

HEAD = (
    "game badugi · no limit · blinds 10/20\n"
    "tournament Fact Cup · date 2024-11-01 · buy-in 1000 · starting-chips 300 · payouts 70/30\n"
    "table T1\n\n"
)
FIRST = (
    "hand 1 · button Anna · Anna 300 · Ben 300 · Cara 300\n"
    "Anna folds · Ben folds\nCara collects 20\n\n"
)
SECOND = "hand 2 · button Ben · Anna 300 · Ben 290 · Cara 310\nBen folds · Cara folds\n"
SECOND += "Anna collects 20\n"


def checked(tmp_path: Path, text: str) -> tuple[int, str]:
    path = tmp_path / "cup.bhh"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "-j", "1"])
    return result.exit_code, result.output


@pytest.mark.parametrize(
    "again",
    [
        # a header line changing the buy-in after a hand
        "fixed limit 20/40 · blinds 10/20 · buy-in 2500 · payouts 50/30/20\n",
        # a second tournament line of the event with another buy-in
        HEAD.split("\n")[1].replace("buy-in 1000", "buy-in 2500") + "\n",
    ],
)
def test_another_buy_in_stated_after_a_hand_is_refused_at_the_next_hand(
    tmp_path: Path, again: str
) -> None:
    code, out = checked(tmp_path, HEAD + FIRST + again + SECOND)
    assert code == 1
    assert (
        "cup.bhh:10:1: hand 2: this hand's tournament Fact Cup (2024-11-01) was read before "
        "with buy-in 1000, and the header lines before this hand state buy-in 2500: one "
        "tournament has one buy-in; state it before its first hand"
    ) in " ".join(out.split()), out


def test_a_new_nights_terms_may_come_before_its_date(tmp_path: Path) -> None:
    """Header items apply in the order written: the next night's season (or place) on a line
    before its date was held against the night before and refused (probe of this rule)."""
    night = (
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "cash Friday · date 2024-12-27 · season 2024 · place Anna's\n\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\nBen collects 2\n\n"
    )
    later = "hand 1 · button Ben · Anna 100 · Ben 100\nBen folds\nAnna collects 2\n"
    for header in ("season 2025\ndate 2025-01-03\n", "place Ben's · date 2025-01-03\n"):
        code, out = checked(tmp_path, night + header + later)
        assert code == 0, out


@pytest.mark.parametrize(
    "again",
    [
        "blinds 10/20 · buy-in 1000 · payouts 70/30\n",  # the same terms, stated again
        "season 2025\n",  # a term the hands before left out: filled in, as the ledger does
    ],
)
def test_the_same_terms_stated_again_or_one_left_out_before_are_read(
    tmp_path: Path, again: str
) -> None:
    code, out = checked(tmp_path, HEAD + FIRST + again + SECOND)
    assert code == 0, out


def test_the_ledger_refuses_a_file_stating_one_event_otherwise_from_any_reader() -> None:
    """A record of any format: the ledger holds one row of terms per event, so a file whose
    hands name one event with two buy-ins is refused whole, nothing stored."""
    cup = Session(kind="tournament", name="Cup", date="2024-11-01", buy_in=1000)
    first = hand("1", {"Anna": 300, "Ben": 300}, {"Anna": 10}, {"Anna": 10}, session=cup)
    other = dataclasses.replace(cup, buy_in=2500, payouts=(100,))
    second = hand("2", {"Anna": 300, "Ben": 300}, {"Ben": 10}, {"Ben": 10}, session=other)
    db = open_ledger(None)
    with pytest.raises(LedgerError) as refused:
        import_outcomes(db, [first, second], "cup.bhh")
    assert (
        "this file states Cup (2024-11-01) twice, with other terms: buy-in 10.00 then 25.00 "
        "(its hand 1 at line 1, then hand 2 at line 1)"
    ) in str(refused.value)
    assert db.execute("SELECT count(*) FROM hands").fetchone()[0] == 0
    later = dataclasses.replace(cup, buy_in=None)  # a term left out is no disagreement
    third = hand("2", {"Anna": 300, "Ben": 300}, {"Ben": 10}, {"Ben": 10}, session=later)
    assert import_outcomes(db, [first, third], "cup.bhh").stored == 2


def test_a_term_stated_after_the_first_hand_is_held_from_the_next_hand_on(
    tmp_path: Path,
) -> None:
    """A season stated only after hand 1 (no disagreement: hand 1 left it out) holds for the
    hands read with it: changed after hand 2, or stated otherwise by a second session line of
    the event, it is refused as a term stated from the start is."""
    third = "\nhand 3 · button Cara · Anna · Ben · Cara\nCara folds · Anna folds\nBen collects 20\n"
    changed = HEAD + FIRST + "season 2024\n" + SECOND + "season 2025\n" + third
    code, out = checked(tmp_path, changed)
    assert code == 1 and "was read before with season 2024" in out, out
    again = HEAD.split("\n")[1] + " · season 2025\n"
    code, out = checked(tmp_path, HEAD + FIRST + "season 2024\n" + SECOND + again + third)
    assert code == 1, out
    assert "with season 2024, and the header lines before this hand state season 2025" in out


def test_a_term_stated_after_the_first_hand_is_filled_in_by_the_ledger(tmp_path: Path) -> None:
    """The event made at the file's first hand kept the terms of that hand only: a buy-in,
    payouts and season stated after it were dropped, and nobody was charged an entry (probe
    of this rule).  Filled in, as a later file's are."""
    head = HEAD.replace(" · buy-in 1000", "").replace(" · payouts 70/30", "")
    path = tmp_path / "cup.bhh"
    path.write_text(
        head + FIRST + "buy-in 2000 · payouts 70/30 · season 2024\n" + SECOND, encoding="utf-8"
    )
    db = tmp_path / "club.db"
    result = runner.invoke(app, ["import", str(path), "--db", str(db), "-j", "1"])
    assert result.exit_code == 0, result.output
    with open_ledger(db) as ledger:
        terms = ledger.execute("SELECT buy_in, payouts, season FROM events").fetchall()
    assert terms == [(2000, "[70, 30]", "2024")]
