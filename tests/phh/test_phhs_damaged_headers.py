"""A ``.phhs`` table header written wrongly is an error of the hand it heads, never of the hand
before it.

A header that lost its ``]`` (``[2``), or holds no key (``[]``), is no header to the splitter,
so the lines under it ran on into the hand before it, which then failed to parse as a whole:
the valid hand before it was neither checked, counted nor named, and the error had no hand.
Built from ``examples/home_session.bhh`` converted to PHH (four hands of one table, ``[1]`` to
``[4]``), hand 2's header damaged as the audit found it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.check import run_check
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from tests.helpers.phh_hands import home_session_phhs

EXAMPLE = Path(__file__).parents[2] / "examples" / "home_session.bhh"


@pytest.mark.parametrize(
    ("header", "hand", "column"),
    [
        ("[2", "2", 3),
        ("[2]]", "2", 4),
        ("[2] x", "2", 5),
        ("[[2]", "2", 4),
        ("['2'", "2", 5),
        ("[]", None, 2),
        ("[.]", None, 2),
        ("[ ]", None, 3),
        ('["]', None, 4),
    ],
)
def test_a_damaged_header_is_its_own_hands_error(
    header: str, hand: str | None, column: int
) -> None:
    lines = home_session_phhs()
    at = lines.index("[2]")
    lines[at] = header
    items = list(read_phh(lines, "night.phhs"))
    read = [i.hand_id for i in items if isinstance(i, HandRecord)]
    assert read == ["1", "3", "4"]  # hand 1, before the header, read on its own
    (error,) = [i for i in items if isinstance(i, ImportFormatError)]
    assert error.hand == hand
    assert (error.position.line, error.position.column) == (at + 1, column)
    assert error.rule == "bad-phh"
    assert "a hand's table header ([1], ['key']) is written wrongly here" in error.message


def test_check_counts_the_hand_before_a_damaged_header(tmp_path: Path) -> None:
    lines = home_session_phhs()
    lines[lines.index("[2]")] = "[2"
    path = tmp_path / "night.phhs"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    checked = run_check([path], jobs=1)
    assert [(o.hand_id, o.ok) for o in checked.outcomes()] == [
        ("1", True),
        ("2", False),
        ("3", True),
        ("4", True),
    ]
    assert f"{path}: 4 hands: 3 ok, 1 with violations" in "\n".join(checked.lines())


def test_the_first_header_damaged_and_a_broken_hand_before_another() -> None:
    """The file's first header damaged (the lines before any header are the document's root);
    a hand that is itself not valid TOML is still its own error, beside the damaged header."""
    lines = home_session_phhs()
    lines[0] = "[1"
    items = list(read_phh(lines, "night.phhs"))
    assert [i.hand_id for i in items if isinstance(i, HandRecord)] == ["2", "3", "4"]
    (error,) = [i for i in items if isinstance(i, ImportFormatError)]
    assert (error.hand, error.position.line) == ("1", 1)
    lines = home_session_phhs()
    lines[lines.index("[2]") - 3] = "small_bet = = 2"
    lines[lines.index("[2]")] = "[2"
    errors = [i for i in read_phh(lines, "night.phhs") if isinstance(i, ImportFormatError)]
    assert [e.position.line for e in errors] == [lines.index("[2") - 2, lines.index("[2") + 1]
    assert "Invalid value" in errors[0].message


def test_a_hand_with_a_nested_array_of_arrays_is_not_cut() -> None:
    """A user-defined field holding arrays one a line is read whole: only a piece that fails to
    parse is looked at for damaged headers."""
    lines = home_session_phhs()
    at = lines.index("[2]")
    lines[at:at] = ["_grid = [", "  [1, 2],", "  [", "    3", "  ],", "]"]
    items = list(read_phh(lines, "night.phhs"))
    assert [i.hand_id for i in items if isinstance(i, HandRecord)] == ["1", "2", "3", "4"]


@pytest.mark.parametrize("quote", ['"""', "'''"])
def test_a_header_shaped_line_of_a_multi_line_string_is_no_header(quote: str) -> None:
    """A user-defined ``_notes`` written as a multi-line string (TOML allows it; PokerKit reads
    the file) whose text holds a line ``[3]``: the file was cut there, hand 1 refused as an
    unterminated string and hand 3 said to appear twice.  The line is the string's."""
    lines = home_session_phhs()
    at = lines.index("[2]")
    lines[at:at] = [f"_notes = {quote}", "seen at the table:", "[3]", "the end", quote]
    items = list(read_phh(lines, "night.phhs"))
    assert [i.hand_id for i in items if isinstance(i, HandRecord)] == ["1", "2", "3", "4"]
    assert not [i for i in items if isinstance(i, ImportFormatError)]


@pytest.mark.parametrize(
    "line", ['# a note: """', '_seen = \'three quotes: """\'', "_said = \"it's '''\""]
)
def test_quotes_in_a_comment_or_a_one_line_string_open_no_multi_line_string(line: str) -> None:
    """Three quotes in a comment or inside a one-line string open nothing: taken for a
    multi-line string, they made the rest of the file one hand (a file of 2,000 hands lost
    868 of them, unnamed: the verification audit)."""
    lines = home_session_phhs()
    lines.insert(lines.index("[2]"), line)
    lines.insert(lines.index("[4]") + 1, "small_bet = = 2")  # hand 4 is not valid TOML
    items = list(read_phh(lines, "night.phhs"))
    assert [i.hand_id for i in items if isinstance(i, HandRecord)] == ["1", "2", "3"]
    (error,) = [i for i in items if isinstance(i, ImportFormatError)]
    assert error.hand == "4"
