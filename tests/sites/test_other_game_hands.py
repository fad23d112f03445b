"""A mixed game's file: a hand of another game played at a table between two Badugi hands
moved chips the file does not say how (it is not read), so the next Badugi hand's stated
stacks are taken as they are - no payout mismatch held against the Badugi hand before, and
nothing to warn about (a mixed file's usual hand).  ``convert`` writes the gap (``missing
hands``), so its output reads back clean too.

Built from the corpus's Full Tilt 10-game file (``fulltilt/10Game-6max-USD-2.50-5.201104.Sample
.txt``, SOURCES.md): its 2-7 hand 29704377787 moved between Badugi hands 29704471106 and
29704488693 of the same table, two stacks of the second then moved as a hand would move them."""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.check import CheckRun
from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.sites.files import decode_bytes
from tests.helpers.paths import CORPUS

MIXED = CORPUS / "fulltilt" / "10Game-6max-USD-2.50-5.201104.Sample.txt"
START = "Full Tilt Poker Game #"


def _hand(lines: list[str], number: str) -> list[str]:
    begin = next(i for i, line in enumerate(lines) if line.startswith(f"{START}{number}:"))
    end = next((i for i in range(begin + 1, len(lines)) if lines[i].startswith(START)), len(lines))
    return lines[begin:end]


def _night(tmp_path: Path, *, other_game: bool) -> Path:
    lines = decode_bytes(MIXED.read_bytes()).replace("\r\n", "\n").split("\n")
    before, after = _hand(lines, "29704471106"), _hand(lines, "29704488693")
    moved = "\n".join(after)
    moved = moved.replace("Seat 1: 1Incubator1 ($73.75)", "Seat 1: 1Incubator1 ($80)", 1)
    moved = moved.replace("Seat 2: grimyreaper1 ($95.60)", "Seat 2: grimyreaper1 ($89.35)", 1)
    between = _hand(lines, "29704377787") if other_game else []
    path = tmp_path / "rotation.txt"
    path.write_text("\n".join([*before, *between, moved]) + "\n", encoding="utf-8")
    return path


def test_stacks_moved_by_a_hand_of_another_game_are_taken_as_stated(tmp_path: Path) -> None:
    outcomes = list(CheckRun([_night(tmp_path, other_game=True)], jobs=1).outcomes())
    assert [o.hand_id for o in outcomes] == ["29704471106", "29704488693"]
    assert [(o.errors, o.warnings) for o in outcomes] == [((), ()), ((), ())]


def test_without_the_other_game_the_jump_is_a_hand_missing(tmp_path: Path) -> None:
    """The guard: nothing played between the two Badugi hands, the same jump in the stacks is
    the reader's ``missing-hand`` warning (a hand seems to be missing), still no mismatch."""
    outcomes = list(CheckRun([_night(tmp_path, other_game=False)], jobs=1).outcomes())
    assert [o.errors for o in outcomes] == [(), ()]
    assert [w.rule for w in outcomes[1].warnings] == ["missing-hand"]


def test_converted_to_our_text_the_night_reads_back_clean(tmp_path: Path) -> None:
    written = [h for h in convert_hands(_night(tmp_path, other_game=True), "text")]
    assert all(isinstance(h, ConvertedHand) for h in written)
    text = "\n".join(h.text for h in written if isinstance(h, ConvertedHand))
    assert "missing hands" in text
    back = tmp_path / "rotation.bhh"
    back.write_text(text, encoding="utf-8")
    outcomes = list(CheckRun([back], jobs=1).outcomes())
    assert [o.errors for o in outcomes] == [(), ()]


def _damaged_table(tmp_path: Path) -> Path:
    """The night with the 2-7 hand's table unreadable: ``Table Jackrabbit`` misspelt."""
    path = _night(tmp_path, other_game=True)
    text = path.read_text(encoding="utf-8")
    header = f"{START}29704377787: Table Jackrabbit (6 max)"
    assert text.count(header) == 1
    path.write_text(
        text.replace(header, f"{START}29704377787: Tabel Jackrabbit (6 max)"), encoding="utf-8"
    )
    return path


def test_a_hand_of_another_game_whose_table_cannot_be_read_may_have_moved_any_table(
    tmp_path: Path,
) -> None:
    """Its chips may have moved at any table, so every table takes its next hand's stacks as
    stated: the Badugi hand after it is not held to the one before (which was reported as
    two wrong stacks, on a legal hand)."""
    outcomes = list(CheckRun([_damaged_table(tmp_path)], jobs=1).outcomes())
    assert [o.hand_id for o in outcomes] == ["29704471106", "29704488693"]
    assert [(o.errors, o.warnings) for o in outcomes] == [((), ()), ((), ())]


def test_converted_after_a_hand_of_no_known_table_the_night_reads_back_clean(
    tmp_path: Path,
) -> None:
    written = [h for h in convert_hands(_damaged_table(tmp_path), "text")]
    text = "\n".join(h.text for h in written if isinstance(h, ConvertedHand))
    assert len(written) == 2 and "missing hands" in text
    back = tmp_path / "rotation.bhh"
    back.write_text(text, encoding="utf-8")
    assert [o.errors for o in CheckRun([back], jobs=1).outcomes()] == [(), ()]
