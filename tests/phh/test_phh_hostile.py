"""Hostile PHH: every number PHH allows but no hand can hold is a located error of that file.

Huge, negative, fractional, infinite and NaN numbers, numbers of thousands of digits, floats
where an integer is read (an amount may be a float that is a whole number, as PHH allows),
values of the wrong type and arrays or inline tables nested thousands deep, in every numeric
field of a hand: each becomes an :class:`ImportFormatError` (rule ``bad-phh``) at the field's
line and column saying what was expected (``limits.MAX_AMOUNT`` = 2^53 is the bound), never a
traceback, the same with the fast TOML reader as with ``tomllib`` alone, and the other files of
a run are read on.
"""

from __future__ import annotations

import math
from decimal import Decimal
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_ledger.check import run_check
from badugi_ledger.model.errors import BadugiError, ImportFormatError
from badugi_ledger.model.events import Action, HandRecord
from badugi_ledger.model.limits import MAX_AMOUNT, MAX_QUOTE
from badugi_ledger.phh import fast as phh_fast
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.sites.common import SkippedHand

FIELDS = {
    "antes": "[0, 0]",
    "blinds_or_straddles": "[1, 2]",
    "small_bet": "2",
    "big_bet": "4",
    "starting_stacks": "[20, 20]",
    "seats": "[1, 2]",
    "year": "2024",
    "month": "3",
    "day": "1",
    "finishing_stacks": "[18, 22]",
    "_rake": "0",
}
ACTIONS = "actions = ['d dh p1 ????????', 'd dh p2 ????????', 'p2 cbr 4', 'p1 f']"
NUMERIC = [*FIELDS, "cbr"]


def hand(**changed: str) -> str:
    """A heads-up hand (p2 raises, p1 folds) with some fields written otherwise."""
    lines = ["variant = 'FB'"]
    lines += [f"{key} = {changed.get(key, value)}" for key, value in FIELDS.items()]
    lines.append(ACTIONS.replace("cbr 4", f"cbr {changed.get('cbr', '4')}"))
    return "\n".join(lines) + "\n"


def line_of(text: str, key: str) -> int:
    prefix = "actions =" if key == "cbr" else f"{key} ="
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(prefix))


def read_both(text: str, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """``read_phh`` with the fast TOML reader and without it: the same items."""
    fast = list(read_phh(text, "h.phh"))
    with monkeypatch.context() as patch:
        patch.setattr(phh_fast, "fast_loads", lambda _text: None)
        slow = list(read_phh(text, "h.phh"))
    assert [_comparable(i) for i in fast] == [_comparable(i) for i in slow]
    return fast


def _comparable(item: object) -> object:
    if isinstance(item, BadugiError):
        return (str(item), item.rule, item.position)
    return item


def the_error(text: str, monkeypatch: pytest.MonkeyPatch) -> ImportFormatError:
    (item,) = read_both(text, monkeypatch)
    assert isinstance(item, ImportFormatError), item
    assert item.rule == "bad-phh"
    assert len(item.message) < 2 * MAX_QUOTE
    return item


def test_the_hand_itself_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    (record,) = read_both(hand(), monkeypatch)
    assert isinstance(record, HandRecord)


def test_a_starting_stack_beyond_any_float(monkeypatch: pytest.MonkeyPatch) -> None:
    error = the_error(hand(starting_stacks="[1e400, 100]"), monkeypatch)
    assert str(error.position) == "h.phh:6:19"
    assert "starting_stacks[0] must be a whole number from 0 to 2^53, not 1E+400" in str(error)


def test_an_integer_of_5001_digits(monkeypatch: pytest.MonkeyPatch) -> None:
    text = hand(small_bet="7" * 5001)
    error = the_error(text, monkeypatch)
    assert str(error.position) == "h.phh:4:13"
    assert "a number of more than 16 digits" in error.message


@pytest.mark.parametrize(
    "value",
    [
        "[" * 2000 + "]" * 2000,
        "{a = " * 2000 + "1" + "}" * 2000,
        "[{a = " * 1000 + "1" + "}]" * 1000,
    ],
    ids=["arrays", "inline tables", "both"],
)
def test_values_nested_2000_deep(value: str, monkeypatch: pytest.MonkeyPatch) -> None:
    error = the_error(hand(antes=value), monkeypatch)
    assert "nested too deep" in error.message
    assert error.position.line == 1


BAD_NUMBERS = {
    "1.5": "1.5 (not a whole number)",
    "nan": "nan (not a number)",
    "-nan": "nan (not a number)",
    "inf": "inf (not a whole number)",
    "-inf": "-inf (not a whole number)",
    "2E400": "2E+400 (more digits than any amount)",  # a TOML float, quoted as written
    "-5": "not -5",
    str(MAX_AMOUNT + 1): "above the largest amount, 2^53",
    "99999999999999999999": "above the largest amount, 2^53",
    "'7'": "'7' (text)",
    "true": "true (true or false)",
    "1979-05-27": "1979-05-27 (a date)",  # TOML's words, not Python's datetime.date(...)
    "1979-05-27T07:32:00": "1979-05-27T07:32:00 (a date and time)",
    "07:32:00": "07:32:00 (a time)",
    # TOML's other integers: a hexadecimal one of 4,000 digits is more than ``str`` writes in
    # decimal (4,300 digits), an octal or grouped one hundreds of digits long
    "0x" + "f" * 4000: "(a number of more than 4,000 digits) is above the largest amount, 2^53",
    "0o" + "7" * 400: "is above the largest amount, 2^53",
    "9_" * 300 + "9": "is above the largest amount, 2^53",
}


@pytest.mark.parametrize(
    ("key", "bad"),
    [(k, b) for k in NUMERIC for b in BAD_NUMBERS if (k, b) != ("cbr", "'7'")],  # a quote in
)  # an action string would end it
def test_every_numeric_field_refuses_every_bad_number(
    key: str, bad: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    if key == "cbr":
        value = bad
    elif FIELDS[key].startswith("["):
        value = f"[{bad}, 20]"
    else:
        value = bad
    text = hand(**{key: value})
    error = the_error(text, monkeypatch)
    assert error.position.source == "h.phh"
    assert error.position.line == line_of(text, key), error
    if key == "cbr":
        assert "cbr takes a whole number of chips from 0 to 2^53" in error.message
    else:
        assert key in error.message and BAD_NUMBERS[bad] in error.message, error
        assert error.position.column > len(key) + 2  # the value's column, not the key's


@pytest.mark.parametrize("digits", ["9" * 5000, "٩" * 5000, "0" * 5000 + "3"])
def test_an_action_naming_a_player_of_thousands_of_digits_is_refused_at_its_line(
    digits: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``p99…9 f``: ``int`` refuses a text of more than 4,300 digits, and its ``ValueError``
    made the hand "damaged and cannot be read" at line 1, in Python's words."""
    text = hand().replace("'p1 f'", f"'p{digits} f'")
    error = the_error(text, monkeypatch)
    assert error.position.line == line_of(text, "actions")
    assert "is not a player p1..p2" in error.message
    assert "ValueError" not in error.message


@pytest.mark.parametrize("digits", ["0" * 5000 + "1", "٠" * 5000 + "١"])
def test_a_player_label_of_many_zeros_before_its_number_is_that_player(
    digits: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``p00…01`` is ``p1`` as PokerKit reads a label (``p(\\d+)``, its digits read by
    ``int``): zeros before the number make it no larger."""
    (record,) = read_both(hand().replace("'p1 f'", f"'p{digits} f'"), monkeypatch)
    (plain,) = read_both(hand(), monkeypatch)
    assert isinstance(record, HandRecord) and isinstance(plain, HandRecord)
    assert record.events == plain.events


AMOUNTS = {
    "antes",
    "blinds_or_straddles",
    "small_bet",
    "big_bet",
    "starting_stacks",
    "finishing_stacks",
    "_rake",
    "cbr",
}
"""The fields PHH gives as integers or floats (``required.rst``: ``antes``, an "array of
integers or floats", its example ``antes = [0.0, 3.0]``; ``cbr``, "a positive integral or real
amount"); the others (seats, the date) are integers."""


@pytest.mark.parametrize("key", sorted(set(NUMERIC) - AMOUNTS))
def test_a_float_where_an_integer_is_read_says_so(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    value = "[1e0, 2]" if FIELDS[key].startswith("[") else "1e3"
    error = the_error(hand(**{key: value}), monkeypatch)
    assert "(a float: write the whole number without a point or exponent)" in error.message


def test_an_amount_written_as_a_whole_float_is_that_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PHH's spec writes a chip game's antes as floats (``antes = [0.0, 3.0]``): each field and
    ``cbr`` amount written as a float that is a whole number reads as the hand of integers."""
    floats = hand(
        antes="[0.0, 0e0]",
        blinds_or_straddles="[1.0, 2]",
        small_bet="2.0",
        big_bet="4E0",
        starting_stacks="[2e1, 20.000]",
        finishing_stacks="[18.0, 22]",
        _rake="0.0",
        cbr="4.0",
    )
    ((read,), (plain,)) = (read_both(text, monkeypatch) for text in (floats, hand()))
    assert isinstance(read, HandRecord) and isinstance(plain, HandRecord)
    kept = ("settings", "seats", "button", "events", "session")  # (not where each stands)
    assert [getattr(read, f) for f in kept] == [getattr(plain, f) for f in kept]
    error = the_error(hand(small_bet="2.5"), monkeypatch)
    assert (
        error.message
        == "small_bet must be a whole number from 0 to 2^53, not 2.5 (not a whole number)"
    )


@pytest.mark.parametrize(
    "written", ["4e0", "0.4e1", "40e-1", "+4", "4E+0", "0_4", "4.", ".4e1", "4.e0"]
)
def test_a_cbr_amount_is_read_as_the_numbers_of_the_fields_are(
    written: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ``cbr`` amount in exponent form or with a sign (PokerKit reads it, ``Decimal``, and
    ``starting_stacks = [2e1, +20]`` reads) is that number; repro of the audit, built from
    ``examples/000_anna_ben.bhh`` converted to PHH with ``p2 cbr 4`` rewritten.  A fraction of a
    chip is still refused, saying so, and so is a fraction of a cent in a hand of money."""
    ((read,), (plain,)) = (read_both(text, monkeypatch) for text in (hand(cbr=written), hand()))
    assert isinstance(read, HandRecord) and isinstance(plain, HandRecord)
    assert read.events == plain.events
    for fraction in ("45e-1", "4.5", "-4e0", "1e999999999999999999"):
        error = the_error(hand(cbr=fraction), monkeypatch)
        assert "cbr takes a whole number of chips from 0 to 2^53" in error.message


def test_a_cbr_amount_of_money_in_exponent_form_is_read_in_cents(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    money = hand(cbr="4e0").replace("variant = 'FB'", "variant = 'FB'\ncurrency = 'USD'")
    (read,) = read_both(money, monkeypatch)
    assert isinstance(read, HandRecord)
    assert [e.amount for e in read.events if isinstance(e, Action)] == [400, None]
    error = the_error(money.replace("cbr 4e0", "cbr 4005e-3"), monkeypatch)
    assert "whole cents: at most two decimals" in error.message
    # PokerKit reads an amount with Decimal: ".5" is half a dollar (the audit's 66 hands)
    (half,) = read_both(money.replace("cbr 4e0", "cbr .5"), monkeypatch)
    assert isinstance(half, HandRecord)
    assert [e.amount for e in half.events if isinstance(e, Action)] == [50, None]


@pytest.mark.parametrize("key", [k for k in FIELDS if FIELDS[k].startswith("[")])
def test_a_list_field_that_is_not_a_list(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if key in ("antes", "blinds_or_straddles"):  # one number for every player is PHH
        value = "{a = 1}"
        expected = "a table"
    else:
        value = "7"
        expected = "must be a list of whole numbers, not 7"
    error = the_error(hand(**{key: value}), monkeypatch)
    assert expected in error.message


def test_a_long_action_is_quoted_short(monkeypatch: pytest.MonkeyPatch) -> None:
    text = hand().replace("'p1 f'", "'p1 " + "x" * 100_000 + "'")
    error = the_error(text, monkeypatch)
    assert "has no meaning in Badugi" in error.message
    assert len(error.message) < 2 * MAX_QUOTE


def test_a_hostile_file_does_not_stop_the_run(tmp_path: Path) -> None:
    (tmp_path / "a_hostile.phh").write_text(hand(starting_stacks="[1e400, 100]"))
    (tmp_path / "b_deep.phh").write_text(hand(antes="[" * 2000 + "]" * 2000))
    (tmp_path / "c_digits.phh").write_text(hand(big_bet="9" * 5001))
    (tmp_path / "d_good.phh").write_text(hand())
    checked = run_check([tmp_path], jobs=1)
    text = "\n".join(checked.lines())
    assert "a_hostile.phh:6:19" in text
    assert "b_deep.phh:1:1" in text
    assert "c_digits.phh:5:11" in text
    assert "Traceback" not in text
    assert "d_good.phh: 1 hand: 1 ok" in text, text
    assert "total (4 files)" in text, text


# --- random numbers in random fields ------------------------------------------------------------

_HUGE = st.integers(MAX_AMOUNT + 1, 10**40).map(str)
_NEGATIVE = st.integers(-(10**20), -1).map(str)
_FLOATS = st.floats(allow_nan=True, allow_infinity=True).map(
    lambda f: "nan" if math.isnan(f) else repr(f)
)
_EXPONENTS = st.tuples(st.integers(0, 99), st.sampled_from("eE"), st.integers(-500, 500)).map(
    lambda p: f"{p[0]}{p[1]}{p[2]}"
)
_GOOD = st.integers(0, 10**6).map(str)
_NUMBERS = st.one_of(_HUGE, _NEGATIVE, _FLOATS, _EXPONENTS, _GOOD)


def _whole(key: str, number: str) -> bool:
    """Whether ``key = number`` states a whole number of 0 to 2^53 as PHH writes one there: an
    integer, or in an amount a float whose value is one (a ``cbr`` amount too, ``4e0``)."""
    if number.lstrip("-").isdigit():
        return 0 <= int(number) <= MAX_AMOUNT
    if key not in AMOUNTS or number.lower() in ("nan", "inf", "-inf"):
        return False
    value = Decimal(number)
    return value == value.to_integral_value() and 0 <= value <= MAX_AMOUNT


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(NUMERIC), _NUMBERS)
def test_random_numbers_are_read_or_refused_where_they_stand(key: str, number: str) -> None:
    value = number if key == "cbr" or not FIELDS[key].startswith("[") else f"[20, {number}]"
    text = hand(**{key: value})
    with pytest.MonkeyPatch.context() as patch:
        items = read_both(text, patch)
    assert len(items) == 1
    (item,) = items
    whole = _whole(key, number)
    if isinstance(item, HandRecord):
        assert whole, f"{key} = {number} was read"
        return
    assert isinstance(item, ImportFormatError)
    if not whole:
        assert item.rule == "bad-phh", item
        assert item.position.line == line_of(text, key), item


def test_a_card_string_longer_than_a_deck_is_quoted_short(monkeypatch: pytest.MonkeyPatch) -> None:
    text = hand().replace("'d dh p1 ????????'", "'d dh p1 " + "As" * 50_000 + "'")
    error = the_error(text, monkeypatch)
    assert "has more cards than a deck holds" in error.message
    assert str(error.position) == "h.phh:13:12"  # at the string: actions = ['d dh p1 AsAs…


@pytest.mark.parametrize(
    ("key", "expected"),
    [("year", "from 1 to 9999"), ("month", "from 1 to 12"), ("day", "from 1 to 31")],
)
def test_a_date_field_too_large_for_any_date(
    key: str, expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A whole number within 2^53 but beyond what a date holds (datetime raises OverflowError,
    not ValueError) is the field's error, at its line, saying the range: never "damaged"."""
    text = hand(**{key: str(MAX_AMOUNT)})
    error = the_error(text, monkeypatch)
    assert error.position.line == line_of(text, key)
    assert error.position.column == len(f"{key} = ") + 1
    assert error.hand == "h"
    assert f"is not a date ({key} must be {expected})" in error.message


def test_a_day_not_of_its_month_is_still_said_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    error = the_error(hand(day="30", month="2"), monkeypatch)
    assert error.message == "year 2024, month 2, day 30 is not a date"
    assert error.position.line == line_of(hand(), "year")


@pytest.mark.parametrize(
    ("cards", "rule", "says"),
    [
        ("AsAs2d3c", "corrupt-hand", "a card twice"),
        ("As2d3cZz", "bad-card", "unknown rank 'Z'"),
    ],
)
def test_a_bad_card_is_the_hands_error_at_its_line(
    cards: str, rule: str, says: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card repeated or not a card names the hand and the actions' line (it was reported at
    the file's first line with no hand, and counted as outside any hand)."""
    text = hand().replace("'d dh p1 ????????'", f"'d dh p1 {cards}'")
    (error,) = read_both(text, monkeypatch)
    assert isinstance(error, ImportFormatError) and error.rule == rule
    assert error.hand == "h" and says in error.message
    assert error.position.line == line_of(text, "actions")


def test_a_line_longer_than_any_line_of_a_hand_is_that_lines_error(tmp_path: Path) -> None:
    """A file's line of 20,000 characters is not kept (the reader holds at most 10,000 of a
    line): its error says so at that line, as the site readers do, not that the TOML it could
    not see is not valid."""
    text = hand().replace("year = 2024", "event = '" + "x" * 20_000 + "'\nyear = 2024")
    path = tmp_path / "long.phh"
    path.write_text(text, encoding="utf-8")
    lines = list(run_check([path], jobs=1).lines())
    number = line_of(text, "event")
    assert lines[0].startswith(f"{path}:{number}:1: line {number} has 20,010 characters, more ")
    assert lines[0].endswith("[line-too-long]")


@pytest.mark.parametrize("value", ["'yes'", "1", "0", "[true]"])
def test_ante_trimming_status_that_is_no_boolean_is_refused(
    value: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``ante_trimming_status`` is a boolean (the specification's "Boolean", PokerKit's
    ``bool``): anything else is the hand's error at the field, antes or none (a hand without
    antes read ``"yes"`` as nothing and was stored)."""
    text = hand().replace("variant = 'FB'", f"variant = 'FB'\nante_trimming_status = {value}")
    error = the_error(text, monkeypatch)
    assert str(error.position) == f"h.phh:{line_of(text, 'ante_trimming_status')}:24"
    assert "ante_trimming_status must be a boolean, true or false, not " in error.message


@pytest.mark.parametrize(
    "cards", ["??????", "??????????", "??", "As2c??", "As2c3d", "As2c3d4h5s", "As????????"]
)
def test_a_first_deal_of_other_than_four_cards_is_refused_at_its_line(
    cards: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first ``d dh`` deals a player's whole hand, "some or all of which may be unknown"
    (PHH specification, hole dealing; PokerKit writes ``d dh p1 ????????`` for four unseen
    cards): three or five unknown cards were read as a hand of four, and three known ones too;
    each count but Badugi's four is refused at the action's line, as five known ones were."""
    text = hand().replace("'d dh p1 ????????'", f"'d dh p1 {cards}'")
    (error,) = read_both(text, monkeypatch)
    assert isinstance(error, ImportFormatError) and error.rule == "deal-count"
    assert error.position.line == line_of(text, "actions")
    count = len(cards) // 2
    assert f"p1 is dealt {count} cards ('{cards}') in the first deal: Badugi deals 4" in str(error)


def test_a_draws_cards_miscounted_are_refused_at_their_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Cards for a draw other than the discards' count: the error is at the deal's line (it was
    at the hand's first line)."""
    actions = "'d dh p1 ????????', 'd dh p2 ????????', 'p2 cc', 'p1 cc'"
    text = hand().replace(ACTIONS[len("actions = [") : -1], actions)
    text = text.replace(
        "'p1 cc']", "'p1 cc',\n  'p1 sd ????', 'p2 sd',\n  'd dh p1 ??????', 'p1 cc', 'p2 cc']"
    )
    (error,) = read_both(text, monkeypatch)
    assert isinstance(error, ImportFormatError) and error.rule == "bad-phh"
    assert "p1 discards 2 but is dealt 3" in error.message
    assert error.position.line == line_of(text, "actions") + 2


@pytest.mark.parametrize("name", ["Bo\\nhand 2", "Bo\\rb", "Bo\\r\\nb"])
def test_a_player_name_with_a_line_break_is_refused(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name is one line (``model/names.py``): our text format cannot hold a line break in one
    and its writer refuses it; PHH, whose TOML strings can, read it, and ``check`` printed the
    rest of the name as a line of its own report.  Refused at ``players``."""
    text = hand().replace("variant = 'FB'", f'variant = "FB"\nplayers = ["{name}", "Ann"]')
    error = the_error(text, monkeypatch)
    assert str(error.position) == f"h.phh:{line_of(text, 'players')}:11"
    assert error.message.startswith("players[0] ") and "holds a line break" in error.message


@pytest.mark.parametrize("key", ["table", "event", "hand", "venue", "_season"])
def test_a_table_event_or_hand_name_with_a_line_break_is_refused(
    key: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every name is one line, not a player's only: ``check`` and ``import`` print a hand's
    name, table and event at the start of their lines, and the rest of a name after its line
    break printed as a line of their own (a forged ``ok`` summary).  Our format cannot hold
    one in a header (a line break ends the header line); refused at the field, as ``players``."""
    name = "T1\\nh.phh: 1 hand: 1 ok \\u001b[2J"
    text = hand().replace("variant = 'FB'", f'variant = "FB"\n{key} = "{name}"')
    error = the_error(text, monkeypatch)
    assert str(error.position) == f"h.phh:{line_of(text, key)}:{len(key) + 4}"
    assert error.message.startswith(f"{key} 'T1\\nh.phh") and "holds a line break" in error.message
    assert "\n" not in str(error) and "\n" not in (error.hand or "")


def test_a_hand_key_with_a_line_break_is_refused_and_named_visibly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A ``.phhs`` hand without ``hand`` is named by its key, which TOML lets hold a line
    break: the hand is refused at its key's line, and the error names it by its ``repr``."""
    text = '["k1\\rforged"]\n' + hand()
    error = the_error(text, monkeypatch)
    assert str(error.position) == "h.phh:1:1" and error.hand == "'k1\\rforged'"
    assert error.message.startswith("the hand's key 'k1\\rforged' holds a line break")


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        (
            hand().replace("'FB'", "'F2L3D'\nhand = \"h1\\nh.phh: 1 hand: 1 ok\""),
            "'h1\\nh.phh: 1 hand: 1 ok'",
        ),
        ('["k1\\rforged"]\n' + hand().replace("'FB'", "'F2L3D'"), "'k1\\rforged'"),
    ],
)
def test_a_skipped_hand_named_with_a_line_break_is_named_on_one_line(
    text: str, shown: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand of another variant is skipped unread, named by its ``hand`` or its key in a
    ``.phhs`` file, which TOML lets hold a line break: the skipped hand's line was cut at it,
    the rest a line of its own.  Named by its ``repr``, as a hand refused for its name is."""
    (skipped,) = read_both(text, monkeypatch)
    assert isinstance(skipped, SkippedHand) and skipped.hand_id == shown
    assert "\n" not in str(skipped) and "\r" not in str(skipped)


def test_control_characters_in_a_name_are_kept_and_shown_escaped_as_in_our_format(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every other character a name holds is kept as written, by the PHH reader as by our
    text format's (the same hand read from both holds the same name), and every output writes
    it visibly (``model/escaping.py``): ``check`` and ``show`` print no escape sequence."""
    from typer.testing import CliRunner

    from badugi_ledger.cli import app
    from badugi_ledger.text.parse import parse_text

    evil = "Bo\x1b[2J\x07b"
    escaped = "Bo\\u001b[2J\\u0007b"
    text = hand().replace("variant = 'FB'", f'variant = "FB"\nplayers = ["{escaped}", "Ann"]')
    text = text.replace("finishing_stacks = [18, 22]", "finishing_stacks = [17, 22]")
    (record,) = read_both(text, monkeypatch)
    assert isinstance(record, HandRecord) and record.seats[0].name == evil
    ours = "game badugi · fixed limit 2/4 · blinds 1/2\n\n"
    ours += f'hand 1 · button Ann · "{evil}" 20 · Ann 20\n'
    (from_text,) = parse_text(ours + f'"{evil}" posts sb · Ann posts bb\n')
    assert isinstance(from_text, HandRecord) and from_text.seats[0].name == evil
    path = tmp_path / "h.phh"
    path.write_text(text, encoding="utf-8")
    runner = CliRunner()
    for args in (["check", str(path)], ["show", str(path)]):
        out = runner.invoke(app, args).output
        assert "Bo\\x1b[2J\\x07b" in out and not any(c in out for c in "\x1b\x07"), out


@pytest.mark.parametrize(
    ("key", "value", "extra"),
    [("antes", "[0, 0, 1]", "1"), ("blinds_or_straddles", "[1, 2, 0, 4]", "0, 4")],
)
def test_forced_bets_beyond_the_players_are_refused(
    key: str, value: str, extra: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``antes`` and ``blinds_or_straddles`` are one amount per player (the specification:
    "of length equal to the number of players"); a list longer than ``starting_stacks`` whose
    extra amounts are not 0 names forced bets nobody posts, and was read with them dropped.
    Zeros beyond the players change nothing and stay readable."""
    text = hand(**{key: value})
    error = the_error(text, monkeypatch)
    assert str(error.position).startswith(f"h.phh:{line_of(text, key)}:")
    assert f"{key} has {value.count(',') + 1} amounts for 2 players" in error.message
    assert f"not 0 ({extra})" in error.message
    (record,) = read_both(hand(**{key: value.replace("1]", "0]").replace("4]", "0]")}), monkeypatch)
    assert isinstance(record, HandRecord)


@pytest.mark.parametrize("seats", ["[1, 1]", "[3, 3]"])
def test_two_players_in_one_seat_are_refused(seats: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat numbers go up clockwise, each seat once: a repeated one was read, and ``convert
    --to text`` wrote a hand our format refuses ("seat numbers must go up")."""
    text = hand(seats=seats)
    error = the_error(text, monkeypatch)
    assert str(error.position) == f"h.phh:{line_of(text, 'seats')}:9"
    assert error.message.startswith(f"seats {seats} must go up clockwise from p1")


def test_seats_against_the_order_of_play_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """Players listed from p1 (left of the button) to the button sit in seats numbered up round
    the table, passing the highest to the lowest at most once (``[5, 6, 1, 2]``); seats
    ``[4, 3, 2, 1]`` were read in their numbers' order, another order of play than the file's,
    and reported as a blind posted by the wrong player."""
    base = hand().replace("starting_stacks = [20, 20]", "starting_stacks = [20, 20, 20, 20]")
    base = base.replace("finishing_stacks = [18, 22]", "finishing_stacks = [19, 18, 20, 23]")
    base = base.replace("blinds_or_straddles = [1, 2]", "blinds_or_straddles = [1, 2, 0, 0]")
    base = base.replace("antes = [0, 0]", "antes = [0, 0, 0, 0]")
    base = base.replace(
        ACTIONS,
        "actions = ['d dh p1 ????????', 'd dh p2 ????????', 'd dh p3 ????????', "
        "'d dh p4 ????????', 'p3 f', 'p4 cbr 4', 'p1 f', 'p2 f']",
    )
    for good in ("[1, 2, 3, 4]", "[5, 6, 1, 2]", "[2, 5, 7, 9]", "[9, 1, 2, 3]"):
        (record,) = read_both(base.replace("seats = [1, 2]", f"seats = {good}"), monkeypatch)
        assert isinstance(record, HandRecord), (good, record)
    text = base.replace("seats = [1, 2]", "seats = [4, 3, 2, 1]")
    error = the_error(text, monkeypatch)
    assert error.message.startswith("seats [4, 3, 2, 1] must go up clockwise from p1")


@pytest.mark.parametrize(
    ("changed", "key", "words"),
    [
        ({"seats": "[1, 2, 3]"}, "seats", "seats has 3 values for 2 players (starting_stacks)"),
        ({"seats": "[1]"}, "seats", "seats has 1 value for 2 players (starting_stacks)"),
        ({"players": "['Anna']"}, "players", "players has 1 value for 2 players"),
        ({"players": "['A', 'B', 'C']"}, "players", "players has 3 values for 2 players"),
    ],
)
def test_players_or_seats_not_one_per_starting_stack_are_refused_at_their_field(
    changed: dict[str, str], key: str, words: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The PHH specification gives ``players`` and ``seats`` one value per player, as
    ``starting_stacks`` counts them.  The refusal was at the hand's first line and named no
    count ("players/seats do not match starting_stacks"); it is at the field that has too
    many or too few, with both counts, as ``finishing_stacks`` of the wrong length is."""
    text = hand(**{k: v for k, v in changed.items() if k in FIELDS})
    if "players" in changed:
        text += f"players = {changed['players']}\n"
    error = the_error(text, monkeypatch)
    assert words in error.message, error
    assert error.position.line == line_of(text, key)
    assert error.position.column == len(f"{key} = ") + 1


@pytest.mark.parametrize(
    ("seats", "seat_count", "what"),
    [("[1, 2]", "1", None), ("[1, 2]", "0", None), ("[3, 7]", "6", "seat 7"), ("[1, 2]", "2", "")],
)
def test_seat_count_is_a_claim_the_seats_are_held_to(
    seats: str, seat_count: str, what: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The PHH standard's ``seat_count`` ("the number of seats", which our writer writes from
    the table's ``max-seats``) was never read: ``seat_count = 0``, or a seat 7 at a table of 6,
    checked clean.  A table has at least as many seats as it seats players, each in a seat it
    has; a count below 2 is no table.  A hand within it reads as before."""
    text = hand(seats=seats) + f"seat_count = {seat_count}\n"
    if what == "":
        assert not any(isinstance(i, BadugiError) for i in read_both(text, monkeypatch))
        return
    error = the_error(text, monkeypatch)
    assert error.position.line == len(text.splitlines()), error  # (its line, the last)
    if what is None:
        assert "seat_count must be a whole number from 2" in error.message, error
    else:
        assert f"seat_count 6 is fewer seats than the hand's {what}" in error.message, error
