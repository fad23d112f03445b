"""Hostile numbers in our text format: one bound (``limits.MAX_AMOUNT``, 2^53) on every
amount, count and id, named at the number; never a traceback, on either reading path
(Lark's and the fast path's); ``check`` and ``import`` agree on every number.

A stack of 2^63 used to pass ``check`` and then make ``import`` die with "OverflowError:
Python int too large to convert to SQLite INTEGER".
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_ledger.check import run_check
from badugi_ledger.model.errors import ParseError
from badugi_ledger.model.events import Draw, HandRecord
from badugi_ledger.model.limits import MAX_AMOUNT
from badugi_ledger.text import parse
from tests.helpers.ledger_files import import_into

# A legal hand (check: 1 ok; import: 1 stored) with every kind of number our format writes.
# Each {n} is one number position; its value in the legal hand is in LEGAL.
TEMPLATE = (
    "game badugi · fixed limit {0}/{1} · blinds {2}/{3} · cap {4}\n"
    "tournament Cup · buy-in {5} · starting-chips {6} · payouts {7}/{8}\n"
    "hand 1 · button Anna · {9} Anna {10} · Ben {11}\n"
    "Anna calls {12} · Ben checks\n"
    "draw: Ben pat · Anna {13}\n"
    "Ben bets {14} · Anna raises to {15} · Ben folds\n"
    "Anna collects {16} · pot {17}\n"
    "final: Anna {18} · Ben {19}\n"
)
LEGAL = ["2", "4", "1", "2", "4", "2000", "100", "70", "30", "1", "100", "100"]
LEGAL += ["1", "2", "2", "4", "8", "8", "104", "96"]
DRAW = 13  # the position of the number of cards Anna draws


def hand_with(position: int, number: str) -> str:
    values = list(LEGAL)
    values[position] = number
    return TEMPLATE.format(*values)


def both(text: str) -> list[HandRecord | tuple[str, int, int, str | None]]:
    """The reading with the fast path, asserted equal to Lark's reading of every line."""

    def plain(items: Iterator[HandRecord | ParseError]) -> list[object]:
        return [
            item if isinstance(item, HandRecord) else (str(item), item.position.line)
            for item in items
        ]

    fast = list(parse.parse_text(text, "n.bhh"))
    slow = list(parse.parse_text(text, "n.bhh", fast=False))
    assert plain(iter(fast)) == plain(iter(slow))
    return [
        item
        if isinstance(item, HandRecord)
        else (item.message, item.position.line, item.position.column, item.hand)
        for item in fast
    ]


def numbers_in(value: object) -> Iterator[int]:
    """Every int inside a record (events, seats, settings, session)."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, tuple | list):
        for item in value:
            yield from numbers_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from numbers_in(getattr(value, f.name))


def test_the_legal_hand_is_legal(tmp_path: Path) -> None:
    (record,) = both(TEMPLATE.format(*LEGAL))
    assert isinstance(record, HandRecord)
    path = tmp_path / "legal.bhh"
    path.write_text(TEMPLATE.format(*LEGAL), encoding="utf-8")
    run = run_check([path], jobs=1)
    list(run.lines())
    assert run.all_ok
    assert import_into(tmp_path / "l.db", [path]).stored == 1


@pytest.mark.parametrize(
    ("position", "what", "line"),
    [
        (10, "stack", 3),
        (11, "stack", 3),
        (9, "seat number", 3),
        (5, "buy-in", 2),
        (6, "starting-chips", 2),
        (2, "blind", 1),
        (0, "bet", 1),
        (12, "call", 4),
        (15, "raise", 6),
        (16, "collected amount", 7),
        (17, "pot", 7),
        (18, "final stack", 8),
    ],
)
def test_a_number_above_the_bound_is_named_at_the_number(
    position: int, what: str, line: int
) -> None:
    for number in ("9223372036854775808", str(MAX_AMOUNT + 1), "9" * 5000):
        text = hand_with(position, number)
        first = both(text)[0]
        assert isinstance(first, tuple), first
        message, at_line, at_column, _ = first
        shown = number if len(number) <= 40 else number[:40] + "… (5,000 digits)"
        assert message.startswith(f"{what} {shown} is above the largest amount, 2^53"), message
        assert (at_line, at_column) == (line, text.splitlines()[line - 1].index(number) + 1)
    # the bound itself is an amount
    items = both(hand_with(position, str(MAX_AMOUNT)))
    assert not any(isinstance(i, tuple) and "largest amount" in i[0] for i in items)


def test_a_huge_stack_is_a_check_error_and_the_import_goes_on(tmp_path: Path) -> None:
    bad = tmp_path / "a_bad.bhh"
    bad.write_text(hand_with(10, str(2**63)), encoding="utf-8")
    good = tmp_path / "b_good.bhh"
    good.write_text(TEMPLATE.format(*LEGAL), encoding="utf-8")
    run = run_check([bad, good], jobs=1)
    lines = list(run.lines())
    assert not run.all_ok
    assert f"{bad}:3:31: hand 1: stack {2**63} is above the largest amount, 2^53" in lines[0]
    report = import_into(tmp_path / "l.db", [bad, good])  # no OverflowError
    assert [f.stored for f in report.files] == [0, 1]
    assert "stack 9223372036854775808 is above" in " ".join(report.text_lines())


def test_payouts_that_do_not_total_100_are_refused_by_check(tmp_path: Path) -> None:
    path = tmp_path / "cup.bhh"
    path.write_text(
        TEMPLATE.format(*LEGAL).replace("payouts 70/30", "payouts 50/30/20/1/1/1/1/1/1/1/1"),
        encoding="utf-8",
    )
    run = run_check([path], jobs=1)
    lines = list(run.lines())
    assert not run.all_ok
    assert lines[0].startswith(
        f"{path}:2:53: payout percentages must total 100, not 108: 50/30/20/1/1/1/1/1/1/1/1"
    )
    report = import_into(tmp_path / "l.db", [path])
    assert report.stored == 0 and not report.ok


# Numbers as people (or hostile files) write them: huge, negative, decimal, exponent, NaN …
NUMBER_FORMS = st.one_of(
    st.integers(0, 1000).map(str),
    st.integers(MAX_AMOUNT - 2, MAX_AMOUNT + 2).map(str),
    st.integers(MAX_AMOUNT, 2**80).map(str),
    st.integers(17, 5000).map(lambda n: "9" * n),
    st.integers(1, 10**20).map(lambda n: f"-{n}"),
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(["NaN", "nan", "inf", "-inf", "Infinity", "1e5", "1E5", "2.5", "2,5"]),
    st.sampled_from(["1_000", "0x10", "+5", "007", "1.", ".5", "٣", "²", "1/2", "5%", "0"]),
    st.tuples(st.sampled_from([30, 5000]), st.integers(0, 10**6)).map(
        lambda zn: "0" * zn[0] + str(zn[1])  # leading zeros: still a small number
    ),
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(LEGAL) - 1), NUMBER_FORMS)
def test_any_number_anywhere_reads_or_is_a_located_error(position: int, number: str) -> None:
    text = hand_with(position, number)
    items = both(text)
    assert items
    for item in items:
        if isinstance(item, HandRecord):
            assert all(abs(n) <= MAX_AMOUNT for n in numbers_in(item))
        else:
            _, line, column, _ = item
            assert 1 <= line <= text.count("\n") and column >= 1
    if re.fullmatch(r"0*[0-9]{1,20}", number) and int(number.lstrip("0") or 0) <= MAX_AMOUNT:
        assert not any(isinstance(i, tuple) and "largest amount" in i[0] for i in items)
        records = [i for i in items if isinstance(i, HandRecord)]
        for record in records:  # the value written, where it was written
            if position == DRAW:  # a count of cards drawn: as many unknown discards
                draws = [e for e in record.events if isinstance(e, Draw) and e.player == "Anna"]
                assert len(draws[0].discards) == int(number.lstrip("0") or 0)
            else:
                assert int(number.lstrip("0") or 0) in set(numbers_in(record))


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(position=st.integers(0, len(LEGAL) - 1), number=NUMBER_FORMS)
def test_check_and_import_agree_on_any_number(
    position: int, number: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("numbers")
    path = folder / "hand.bhh"
    path.write_text(hand_with(position, number), encoding="utf-8")
    run = run_check([path], jobs=1)
    list(run.lines())
    report = import_into(folder / "l.db", [path])
    assert report.ok == run.all_ok, (number, report.text_lines())
    assert report.stored == (1 if run.all_ok else 0)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("9" * 5000, f"house rule buy-price {'9' * 40}… (5,000 digits) is above the largest"),
        (str(MAX_AMOUNT + 1), f"house rule buy-price {MAX_AMOUNT + 1} is above the largest"),
        ("²", "house rule buy-price is a number, not '²'"),
        ("-3", "house rule buy-price is a number, not '-3'"),
        ("2.5", "house rule buy-price is a number, not '2.5'"),
    ],
)
def test_a_house_rule_number_is_bounded_too(value: str, message: str) -> None:
    """``house NAME VALUE`` takes any word as the value: a number field converts it only when
    it is a number within the bound (5,000 digits used to raise ValueError from int())."""
    text = f"game badugi · house buy-price {value}\n" + TEMPLATE.format(*LEGAL).split("\n", 1)[1]
    first = both(text)[0]
    assert isinstance(first, tuple) and first[0].startswith(message), first
    assert first[1:3] == (1, 15)


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("house odd-chip sideways", "house rule odd-chip is button-left, worst-seat or best-hand"),
        (
            "house reshuffle never",
            "house rule reshuffle is exclude-own, all-discards or discards-first, not",
        ),
        (f"house {'x' * 3000} 1", f"unknown house rule '{'x' * 40}…' (house rules: ante-trimming"),
        (f"house heads-up-uncapped {'y' * 3000}", f"is yes or no, not '{'y' * 40}…'"),
    ],
)
def test_a_house_rule_value_is_one_the_rule_knows(header: str, message: str) -> None:
    """``house NAME VALUE`` sets any rule: a value the rule does not know is refused, and a
    huge name or value is cut in the message."""
    text = header + "\n" + TEMPLATE.format(*LEGAL).split("\n", 2)[2]
    first = both(text)[0]
    assert isinstance(first, tuple) and message in first[0], first
    said, shown, caret = first[0].splitlines()
    # the line says the name or value cut to 40 characters, and for a name the rules known
    assert len(said) < 400 and len(shown.strip(" …")) <= 200


@pytest.mark.parametrize("digits", ["٠١٢٣٤٥٦٧٨٩", "０１２３４５６７８９", "߀߁߂߃߄߅߆߇߈߉"])
@pytest.mark.parametrize("position", range(len(LEGAL)))
def test_a_number_in_other_digits_than_0_to_9_is_refused_at_it(position: int, digits: str) -> None:
    """``Anna ١٠٠ · Ben １００``, ``raises to ٤``: Arabic-Indic or full-width digits (an input
    method, a pasted text) were read as the stacks and bets, silently (check audit: the
    format's amounts are "written in digits, like 25").  Refused at the number, on either
    reading path, the fix in 0-9 suggested."""
    written = LEGAL[position].translate(str.maketrans("0123456789", digits))
    first = both(hand_with(position, written))[0]
    assert isinstance(first, tuple), first
    message, line, column, _ = first
    text = hand_with(position, written).split("\n")[line - 1]
    assert text[column - 1 :].startswith(written), (text, column)
    assert f"write amounts in the digits 0-9: {LEGAL[position]}" in message, message
