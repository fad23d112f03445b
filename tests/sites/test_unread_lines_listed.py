"""Every line of a site hand that cannot be read is listed, each at its own line.

One run of ``check`` lists every mistake of a file, each at its own line (README, "What check
reports, in one run"): a site hand with three damaged lines is refused once, with an error at
each of them, not only at the first.  A line whose reading depends on a line lost before it (a
seat or section line) cannot be told from a damaged one, so the listing stops there: no line
that is right is ever reported.

Each case is a real corpus hand copied into ``tests/fixtures/sites`` (sources in its
``SOURCES.md``), damaged at test time:

* ``pokerstars-52588201462.txt``: hand 52588201462 of
  ``corpus/pokerstars/LBad-USD-SNG8-201011.txt``;
* ``fulltilt-32617272179.txt``:
  ``corpus/fulltilt/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt``;
* ``kingsclub-37732805.txt``: ``corpus/kingsclub/Badugi-Limit-USD-30-60-202010.txt``;
* ``merge-33227759-34.txt``: ``corpus/merge/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from badugi_ledger.check import check_file, run_check
from badugi_ledger.ledger.importing import import_file
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.limits import MAX_LISTED
from badugi_ledger.sites.files import decode_bytes
from badugi_ledger.sources import read_hands
from tests.helpers.paths import FIXTURES

STARS = "pokerstars-52588201462.txt"
FULL_TILT = "fulltilt-32617272179.txt"
KINGS = "kingsclub-37732805.txt"
MERGE = "merge-33227759-34.txt"

Edit = Callable[[list[str]], None]


def _lines(name: str) -> list[str]:
    text = decode_bytes((FIXTURES / "sites" / name).read_bytes())
    return text.replace("\r\n", "\n").removesuffix("\n").split("\n")


def _damaged(tmp_path: Path, name: str, edits: dict[int, tuple[str, str]]) -> Path:
    """The fixture ``name`` with each line (1-based) of ``edits`` holding ``old`` changed to
    ``new`` (``old`` must be on it)."""
    lines = _lines(name)
    for number, (old, new) in edits.items():
        assert old in lines[number - 1], lines[number - 1]
        lines[number - 1] = lines[number - 1].replace(old, new, 1)
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _errors(path: Path) -> list[tuple[int, str, str | None]]:
    """Line, words and rule of every error of the file's hands as the reader reports them."""
    found: list[tuple[int, str, str | None]] = []
    for item in read_hands(path):
        if isinstance(item, ImportFormatError):
            for error in (item, *item.others):
                assert error.hand == item.hand
                found.append((error.position.line, error.message, error.rule))
    return found


# --- PokerStars ---------------------------------------------------------------------------

STARS_THREE = {
    15: ("calls 20", "calls x0"),  # "Player6: calls 20"
    31: ("bets 20", "betz 20"),  # "Player5: bets 20"
    55: ("and won (100)", "won (100)"),  # the summary line of the winner
}


def test_pokerstars_lists_each_unreadable_line_at_its_line(tmp_path: Path) -> None:
    path = _damaged(tmp_path, STARS, STARS_THREE)
    assert _errors(path) == [
        (15, "unrecognised line 'Player6: calls x0'", "unrecognised-line"),
        (31, "unrecognised line 'Player5: betz 20'", "unrecognised-line"),
        (
            55,
            "the summary's line of seat 4 states a figure in words the reader does not know (a "
            "winner's line says `and won ($x)` or `collected ($x)`), so what Player6 won cannot "
            "be checked: 'Player6 showed [3s 4d 8c Kc] won (100) with a 3-card: 8,4,3'",
            "unrecognised-line",
        ),
    ]


def test_check_text_and_json_list_each_line_and_count_one_hand(tmp_path: Path) -> None:
    path = _damaged(tmp_path, STARS, STARS_THREE)
    problems = check_file(path).problems
    assert [p.split(": hand")[0] for p in problems] == [f"{path}:{n}:1" for n in (15, 31, 55)]
    assert problems[1] == (
        f"{path}:31:1: hand 52588201462: unrecognised line 'Player5: betz 20' [unrecognised-line]"
    )
    lines = list(run_check([path], jobs=1).lines())
    assert f"{path}: 1 hand: 0 ok, 1 with violations, 0 with payout mismatches" in lines
    (hand,) = [json.loads(line) for line in run_check([path], jobs=1).lines(as_json=True)]
    listed = [(v["line"], v["rule"]) for v in hand["errors"]]
    assert listed == [
        (15, "unrecognised-line"),
        (31, "unrecognised-line"),
        (55, "unrecognised-line"),
    ]


def test_import_report_gives_each_line(tmp_path: Path) -> None:
    path = _damaged(tmp_path, STARS, STARS_THREE)
    db = open_ledger(tmp_path / "ledger.db")
    report = import_file(db, path)
    (rejected,) = report.rejected
    assert [reason.split(":")[0] for reason in rejected.reasons] == [
        "line 15",
        "line 31",
        "line 55",
    ]


def test_an_amount_that_cannot_be_read_is_listed_too(tmp_path: Path) -> None:
    """An action line the reader recognises but whose amount it cannot read (bad-amount)."""
    path = _damaged(
        tmp_path, STARS, {15: ("calls 20", "calls x0"), 32: ("calls 20", "calls 2.0.0")}
    )
    assert [(line, rule) for line, _, rule in _errors(path)] == [
        (15, "unrecognised-line"),
        (32, "bad-amount"),
    ]


def test_the_play_lost_with_a_line_breaks_no_rule_of_a_later_line(tmp_path: Path) -> None:
    """Full Tilt's ``Player2 raises to $0.20`` lost: the pot the first draw's line states
    ($0.45) is then more than the lines before it put in, which says nothing of that line (not
    reported); the line damaged after it is listed."""
    path = _damaged(
        tmp_path,
        FULL_TILT,
        {20: ("raises to $0.20", "raises to $x.20"), 38: ("bets $0.20", "betz $0.20")},
    )
    assert [line for line, _, _ in _errors(path)] == [20, 38]
    assert [p.split(": hand")[0] for p in check_file(path).problems] == [
        f"{path}:20:1",
        f"{path}:38:1",
    ]


def test_a_damaged_seat_line_stops_the_listing(tmp_path: Path) -> None:
    """``Seat 4: Player6`` cannot be read: Player6's lines after it cannot be told from
    damaged ones, so only the seat line is reported (as before)."""
    path = _damaged(
        tmp_path, STARS, {6: ("(1500 in chips)", "(1500 in chipz)"), 31: ("bets", "betz")}
    )
    assert [line for line, _, _ in _errors(path)] == [6]


def test_a_damaged_table_line_seats_no_one_and_is_listed(tmp_path: Path) -> None:
    path = _damaged(tmp_path, STARS, {2: ("Seat #1", "Seat #x"), 31: ("bets", "betz")})
    assert [(line, rule) for line, _, rule in _errors(path)] == [
        (2, "bad-line"),
        (31, "unrecognised-line"),
    ]


def test_a_renamed_seat_lists_no_line_of_its_player(tmp_path: Path) -> None:
    """``Seat 4: Stranger``: the first line of Player6 is reported (as before), not each."""
    path = _damaged(tmp_path, STARS, {6: ("Player6", "Stranger")})
    assert [line for line, _, _ in _errors(path)] == [15]


def test_a_damaged_section_line_is_listed_and_ends_the_listing(tmp_path: Path) -> None:
    """``*** SUMMARY ***`` damaged: it is listed, but what follows it is in no known section,
    so the listing stops there (the summary line damaged after it is not listed)."""
    path = _damaged(
        tmp_path,
        STARS,
        {31: ("bets", "betz"), 50: ("SUMMARY", "SUMARY"), 55: ("and won (100)", "won (100)")},
    )
    assert [(line, rule) for line, _, rule in _errors(path)] == [
        (31, "unrecognised-line"),
        (50, "bad-line"),
    ]


def test_a_hand_of_many_unreadable_lines_lists_a_bounded_number(tmp_path: Path) -> None:
    lines = _lines(STARS)
    at = lines.index("Player6: shows [3s 4d 8c Kc] (3-card: 8,4,3)")
    lines[at:at] = [f"Player6: sayz {n}" for n in range(MAX_LISTED + 5)]
    path = tmp_path / STARS
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = _errors(path)
    assert len(found) == MAX_LISTED + 1
    assert [line for line, _, _ in found[:MAX_LISTED]] == list(range(at + 1, at + MAX_LISTED + 1))
    assert found[-1][0] == at + MAX_LISTED + 1
    assert found[-1][1].startswith(
        f"line {at + MAX_LISTED + 1} cannot be read either, nor, it may be, lines after it: "
        f"only the first {MAX_LISTED} lines of a hand that cannot be read are listed"
    )


def test_the_next_hand_is_read_as_before(tmp_path: Path) -> None:
    """The damaged hand, then the same hand undamaged under another number and table."""
    damaged = _lines(STARS)
    for number, (old, new) in STARS_THREE.items():
        damaged[number - 1] = damaged[number - 1].replace(old, new, 1)
    whole = [
        line.replace("52588201462", "52588201463").replace("330855877 1'", "330855877 2'")
        for line in _lines(STARS)
    ]
    path = tmp_path / "two.txt"
    path.write_text("\n".join([*damaged, "", "", *whole]) + "\n", encoding="utf-8")
    items = list(read_hands(path))
    assert [type(item).__name__ for item in items] == ["ImportFormatError", "HandRecord"]
    assert len(check_file(path).problems) == 3


# --- Full Tilt, KingsClub, Merge ------------------------------------------------------------


def test_fulltilt_lists_each_unreadable_line(tmp_path: Path) -> None:
    path = _damaged(
        tmp_path,
        FULL_TILT,
        {
            20: ("raises to $0.20", "raises to $x.20"),  # "Player2 raises to $0.20"
            38: ("bets $0.20", "betz $0.20"),  # "Player2 bets $0.20"
            48: ("shows [7d 2c Ah Jd]", "shows [7d 2c Ah Jx]"),  # a card that cannot be read
        },
    )
    assert [(line, rule) for line, _, rule in _errors(path)] == [
        (20, "unrecognised-line"),
        (38, "unrecognised-line"),
        (48, "bad-card"),
    ]


def test_kingsclub_lists_each_unreadable_line(tmp_path: Path) -> None:
    path = _damaged(
        tmp_path,
        KINGS,
        {
            14: ("raises to 90", "raises to x0"),  # "Player1 raises to 90"
            27: ("bets 60", "betz 60"),  # "Player1 bets 60"
            40: ("+298.25", "+29x.25"),  # the summary line of seat 2
        },
    )
    assert [(line, rule) for line, _, rule in _errors(path)] == [
        (14, "unrecognised-line"),
        (27, "unrecognised-line"),
        (40, "unrecognised-line"),
    ]


def test_merge_lists_each_line_that_is_not_one_element(tmp_path: Path) -> None:
    lines = _lines(MERGE)
    for number in (14, 28):  # a CHECK and the BET: cut short
        lines[number - 1] = lines[number - 1][: len(lines[number - 1]) // 2]
    path = tmp_path / MERGE
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = _errors(path)
    assert [(line, rule) for line, _, rule in found] == [
        (14, "unrecognised-line"),
        (28, "unrecognised-line"),
    ]
    assert found[1][1].endswith("not one whole XML element (cut short?)")


def test_merge_lists_each_element_it_cannot_read(tmp_path: Path) -> None:
    """Whole elements whose amount or event cannot be read: each listed at its line."""
    lines = _lines(MERGE)
    lines[27] = lines[27].replace('amount="0.75"', 'amount="x.75"')  # the BET
    lines[29] = lines[29].replace('type="CALL"', 'type="CAL"')  # its CALL
    path = tmp_path / MERGE
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert [(line, rule) for line, _, rule in _errors(path)] == [
        (28, "bad-amount"),
        (30, "unrecognised-line"),
    ]
