"""A damaged site hand is reported at the damaged line, so the organiser can jump to it.

Each case is one real corpus hand (``tests/fixtures/sites``, sources in its ``SOURCES.md``)
with one line damaged at test time: deleted, cut, garbled, or naming a player or seat the hand
does not have.  ``check``'s report must put the error at the line that is wrong or, where the
damage is something missing, at the line after which the site writes it (the message then
says "expected after this line").  The words of each error are otherwise the reader's own.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from badugi_ledger.check import check_file
from badugi_ledger.sites.files import decode_bytes
from tests.helpers.paths import FIXTURES

STARS = "pokerstars-52588201462.txt"
FULL_TILT = "fulltilt-32617272179.txt"
KINGS = "kingsclub-37732805.txt"
MERGE = "merge-33227759-34.txt"

Edit = Callable[[list[str]], None]


def _lines(name: str) -> list[str]:
    text = decode_bytes((FIXTURES / "sites" / name).read_bytes())
    return text.replace("\r\n", "\n").removesuffix("\n").split("\n")


def delete(*numbers: int) -> Edit:
    """Delete lines (1-based)."""

    def edit(lines: list[str]) -> None:
        for number in sorted(numbers, reverse=True):
            del lines[number - 1]

    return edit


def replace(number: int, old: str, new: str) -> Edit:
    """Change ``old`` to ``new`` on a line (1-based), which must hold it."""

    def edit(lines: list[str]) -> None:
        assert old in lines[number - 1], lines[number - 1]
        lines[number - 1] = lines[number - 1].replace(old, new, 1)

    return edit


def cut(number: int) -> Edit:
    """Cut a line (1-based) in half: its second half is lost."""

    def edit(lines: list[str]) -> None:
        lines[number - 1] = lines[number - 1][: len(lines[number - 1]) // 2]

    return edit


def end_after(number: int) -> Edit:
    """The hand stops after a line (1-based): the rest of the file is lost."""

    def edit(lines: list[str]) -> None:
        del lines[number:]

    return edit


def again_with(old: str, new: str) -> Edit:
    """The hand twice, the second copy's first line changed (its error must be at that copy's
    line, not at the file's first)."""

    def edit(lines: list[str]) -> None:
        copy = list(lines)
        assert old in copy[0]
        copy[0] = copy[0].replace(old, new, 1)
        lines += ["", *copy]

    return edit


def _reported(tmp_path: Path, name: str, edit: Edit) -> list[str]:
    """``check``'s problem lines for the fixture ``name`` once ``edit`` is made."""
    lines = _lines(name)
    edit(lines)
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return check_file(path).problems


CASES = [
    # --- PokerStars (SNG hand 52588201462) ---
    pytest.param(
        STARS,
        again_with("$1.00+", "$1.0.0+"),
        62,
        "amount '$1.0.0' is not a number: expected digits such as 1,500 or $0.25 [bad-amount]",
        id="stars-buy-in-garbled",
    ),
    pytest.param(
        STARS,
        again_with("Level I (20/40)", "Level I"),
        62,
        "no stakes or level in the header [bad-header]",
        id="stars-level-cut",
    ),
    # --- Full Tilt (hand 32617272179) ---
    pytest.param(
        FULL_TILT,
        again_with("- FL Badugi", "(partial) - FL Badugi"),
        62,
        "a partial hand: the site kept only its summary [partial-hand]",
        id="fulltilt-partial-second-hand",
    ),
]


@pytest.mark.parametrize(("name", "edit", "line", "words"), CASES)
def test_a_damaged_hand_is_reported_at_the_damaged_line(
    tmp_path: Path, name: str, edit: Edit, line: int, words: str
) -> None:
    problems = _reported(tmp_path, name, edit)
    assert problems, "the damage went unnoticed"
    where, _, rest = problems[0].partition(": hand ")
    assert where == f"{tmp_path / name}:{line}:1", problems[0]
    assert rest.partition(": ")[2] == words
