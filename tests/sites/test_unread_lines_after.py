"""What no longer ends the listing of a site hand's unreadable lines: a line over the length
limit, a Merge line that is not one whole element, a first error whose figures do not add up.

One run of ``check`` lists every mistake of a file, each at its own line (README, "What check
reports, in one run").  A line longer than any a site writes (``MAX_LINE``) is read only as
its start (memory stays bounded), so it is a line that cannot be read, listed at its line like
any other, and the lines after it are read on; a Merge line cut short is one too, and the
elements after it are read on for their own mistakes; a first error of the figures (the pot a
draw's line states) loses its line to the later ones as an unreadable line does.

The hands are the real corpus hands copied into ``tests/fixtures/sites`` (sources in its
``SOURCES.md``), damaged at test time:

* ``pokerstars-52588201462.txt``: hand 52588201462 of
  ``corpus/pokerstars/LBad-USD-SNG8-201011.txt``;
* ``fulltilt-32617272179.txt``:
  ``corpus/fulltilt/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt``;
* ``kingsclub-37732805.txt``: ``corpus/kingsclub/Badugi-Limit-USD-30-60-202010.txt``;
* ``merge-33227759-34.txt``: ``corpus/merge/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt``.
"""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path

from badugi_ledger.check import check_file
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.model.limits import MAX_LINE, MAX_LISTED
from badugi_ledger.sites.files import decode_bytes
from badugi_ledger.sources import read_hands
from tests.helpers.paths import FIXTURES

STARS = "pokerstars-52588201462.txt"
FULL_TILT = "fulltilt-32617272179.txt"
KINGS = "kingsclub-37732805.txt"
MERGE = "merge-33227759-34.txt"

TOO_LONG = "z" * (MAX_LINE + 1)
"""What makes a line longer than a line of a history may have."""


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
    return _written(tmp_path, name, lines)


def _written(tmp_path: Path, name: str, lines: list[str]) -> Path:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def _errors(path: Path) -> list[tuple[int, str | None]]:
    """Line and rule of every error of the file's hands as the reader reports them."""
    found: list[tuple[int, str | None]] = []
    for item in read_hands(path):
        if isinstance(item, ImportFormatError):
            found.extend((error.position.line, error.rule) for error in (item, *item.others))
    return found


# --- a line over the length limit ------------------------------------------------------------


def test_pokerstars_reads_on_past_a_line_too_long(tmp_path: Path) -> None:
    """``Player6: calls 20`` made too long, ``Player5: bets 20`` and the winner's summary line
    damaged after it: each at its line, and ``check`` says so."""
    path = _damaged(
        tmp_path,
        STARS,
        {
            15: ("calls 20", "calls 20" + TOO_LONG),
            31: ("bets 20", "betz 20"),
            55: ("and won (100)", "won (100)"),
        },
    )
    assert _errors(path) == [
        (15, "line-too-long"),
        (31, "unrecognised-line"),
        (55, "unrecognised-line"),
    ]
    assert [p.split(": hand")[0] for p in check_file(path).problems] == [
        f"{path}:{n}:1" for n in (15, 31, 55)
    ]


def test_a_line_too_long_after_an_unreadable_one_keeps_it(tmp_path: Path) -> None:
    """The line too long is the second mistake: the first stays the hand's first error (it was
    dropped, the hand reported at the long line only)."""
    path = _damaged(
        tmp_path, STARS, {15: ("calls 20", "calls x0"), 31: ("bets 20", "bets 20" + TOO_LONG)}
    )
    assert _errors(path) == [(15, "unrecognised-line"), (31, "line-too-long")]


def test_a_line_too_long_is_refused_though_its_start_reads_as_a_line(tmp_path: Path) -> None:
    """``Player6: folds`` and then blanks past the limit: what is held of it reads as a fold,
    but the line is not what the site wrote, and it is reported, not read."""
    path = _damaged(tmp_path, STARS, {16: ("folds ", "folds" + " " * (MAX_LINE + 1))})
    assert _errors(path) == [(16, "line-too-long")]


def test_a_seat_line_too_long_ends_the_listing(tmp_path: Path) -> None:
    """``Seat 4: Player6`` too long: Player6's lines after it cannot be told from damaged
    ones, so only the seat line is reported (as for any seat line that cannot be read)."""
    path = _damaged(
        tmp_path,
        STARS,
        {6: ("(1500 in chips)", "(1500 in chips)" + TOO_LONG), 31: ("bets", "betz")},
    )
    assert _errors(path) == [(6, "line-too-long")]


def test_a_line_too_long_is_listed_after_a_seat_line_that_ends_the_listing(
    tmp_path: Path,
) -> None:
    """``Seat 4: Player6`` renumbered ``Seat 3`` (the seat is named twice: it ends the listing
    of the lines after it), and ``Player5: bets 20`` too long: a line too long cannot be read
    whatever the lines before it say, so it is listed all the same (only it was, before)."""
    path = _damaged(
        tmp_path,
        STARS,
        {6: ("Seat 4: Player6", "Seat 3: Player6"), 31: ("bets 20", "bets 20" + TOO_LONG)},
    )
    assert _errors(path) == [(6, "corrupt-hand"), (31, "line-too-long")]


def test_a_hand_of_another_game_with_a_line_too_long_is_still_reported(tmp_path: Path) -> None:
    """The hand as a 2-7 Triple Draw hand (skipped, not read): its line too long is reported
    as before, never dropped."""
    path = _damaged(
        tmp_path,
        STARS,
        {
            1: ("Badugi Limit", "Triple Draw 2-7 Lowball Limit"),
            31: ("bets 20", "bets 20" + TOO_LONG),
        },
    )
    assert _errors(path) == [(31, "line-too-long")]


def test_fulltilt_reads_on_past_a_line_too_long(tmp_path: Path) -> None:
    path = _damaged(
        tmp_path,
        FULL_TILT,
        {20: ("raises to $0.20", "raises to $0.20" + TOO_LONG), 38: ("bets $0.20", "betz $0.20")},
    )
    assert _errors(path) == [(20, "line-too-long"), (38, "unrecognised-line")]


def test_fulltilt_draw_line_too_long_is_listed_and_ends_the_listing(tmp_path: Path) -> None:
    """``*** FIRST DRAW *** (Total Pot: …)`` too long: its section is not begun, so what
    follows it is in no known section and the listing stops there."""
    path = _damaged(
        tmp_path,
        FULL_TILT,
        {
            20: ("raises to $0.20", "raises to $x.20"),
            24: ("2 Players)", "2 Players)" + TOO_LONG),
            38: ("bets $0.20", "betz $0.20"),
        },
    )
    assert _errors(path) == [(20, "unrecognised-line"), (24, "line-too-long")]


def test_kingsclub_reads_on_past_a_line_too_long(tmp_path: Path) -> None:
    path = _damaged(
        tmp_path,
        KINGS,
        {14: ("raises to 90", "raises to 90" + TOO_LONG), 27: ("bets 60", "betz 60")},
    )
    assert _errors(path) == [(14, "line-too-long"), (27, "unrecognised-line")]


def test_many_lines_too_long_are_listed_in_bounded_memory(tmp_path: Path) -> None:
    """200 lines of Player6's, each of 50,000 characters (10 MB): the first ``MAX_LISTED`` are
    listed and one error more for the rest, and no line is held whole."""
    lines = _lines(STARS)
    at = lines.index("Player6: shows [3s 4d 8c Kc] (3-card: 8,4,3)")
    lines[at:at] = [f"Player6: sayz {n} " + "z" * 50_000 for n in range(200)]
    path = _written(tmp_path, STARS, lines)
    _errors(path)  # (what is imported on first use is not the hand's)
    tracemalloc.start()
    try:
        found = _errors(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found == [(at + 1 + n, "line-too-long") for n in range(MAX_LISTED + 1)]
    assert peak < 40 * MAX_LINE, f"{peak:,} bytes for a 10 MB hand"


def test_refused_hands_with_lines_too_long_are_not_held_after_they_are_read(
    tmp_path: Path,
) -> None:
    """30 hands, each with 200 lines too long (60 MB), read one by one with the cyclic
    garbage collector off: what a refused hand held (its lines, kept as their starts) is freed
    as soon as its error has been read, so memory stays that of one hand."""
    lines = _lines(STARS)
    at = lines.index("Player6: shows [3s 4d 8c Kc] (3-card: 8,4,3)")
    hands: list[str] = []
    for n in range(30):
        hand = [line.replace("52588201462", f"5258820{n:04d}") for line in lines]
        hand[at:at] = [f"Player6: sayz {k} " + "z" * MAX_LINE for k in range(200)]
        hands.extend([*hand, ""])
    path = _written(tmp_path, STARS, hands)
    _errors(_written(tmp_path, "one.txt", lines))  # (what is imported on first use)
    gc.disable()
    tracemalloc.start()
    try:
        refused = sum(isinstance(item, ImportFormatError) for item in read_hands(path))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        gc.enable()
    assert refused == 30
    assert peak < 100 * MAX_LINE, f"{peak:,} bytes for 30 hands read one by one"


# --- a Merge line that is not one whole element ----------------------------------------------


def _merge(
    tmp_path: Path, cut: tuple[int, ...] = (), edits: dict[int, tuple[str, str]] | None = None
) -> Path:
    """The Merge hand with the lines ``cut`` cut in half and ``edits`` done."""
    lines = _lines(MERGE)
    for number, (old, new) in (edits or {}).items():
        assert old in lines[number - 1], lines[number - 1]
        lines[number - 1] = lines[number - 1].replace(old, new, 1)
    for number in cut:
        lines[number - 1] = lines[number - 1][: len(lines[number - 1]) // 2]
    return _written(tmp_path, MERGE, lines)


def test_merge_reads_on_past_a_cut_element(tmp_path: Path) -> None:
    """The first CHECK cut short, the BET's amount garbled and its CALL of an unknown type:
    each at its line (only the cut line was)."""
    path = _merge(
        tmp_path,
        cut=(14,),
        edits={28: ('amount="0.75"', 'amount="x.75"'), 30: ('type="CALL"', 'type="CAL"')},
    )
    assert _errors(path) == [
        (14, "unrecognised-line"),
        (28, "bad-amount"),
        (30, "unrecognised-line"),
    ]


def test_merge_reads_on_past_an_element_too_long(tmp_path: Path) -> None:
    path = _merge(
        tmp_path,
        edits={
            14: ('player="0"/>', 'player="0"/>' + TOO_LONG),
            28: ('amount="0.75"', 'amount="x.75"'),
        },
    )
    assert _errors(path) == [(14, "line-too-long"), (28, "bad-amount")]


def test_merge_cut_player_lists_only_the_cut_lines_after_it(tmp_path: Path) -> None:
    """``<player seat="2" …`` cut short: what the elements after it say of seat 2 cannot be
    told from damage, so the garbled amount is not listed; a line cut short after it is."""
    path = _merge(tmp_path, cut=(5, 30), edits={28: ('amount="0.75"', 'amount="x.75"')})
    assert _errors(path) == [(5, "unrecognised-line"), (30, "unrecognised-line")]


def test_merge_a_player_that_cannot_be_read_then_a_cut_line(tmp_path: Path) -> None:
    """Player2's balance garbled (the hand's first error, at a ``<player>``), then the CALL
    cut short: both are reported (only the cut line was: the hand was not read)."""
    path = _merge(tmp_path, cut=(30,), edits={5: ('balance="$80.53"', 'balance="$x0.53"')})
    assert _errors(path) == [(5, "bad-amount"), (30, "unrecognised-line")]


def test_merge_description_too_long_reads_no_hand_under_the_one_before(tmp_path: Path) -> None:
    """A second hand under a ``<description>`` over the length limit: it is not read as the
    first hand's game and stakes (as for a description cut short), but refused."""
    lines = _lines(MERGE)
    second = [line.replace("33227759-34", "33227759-35") for line in lines[1:]]
    description = '<description type="2-7 Lowball" stakes="No Limit ($5/$10)"' + TOO_LONG + "/>"
    path = _written(tmp_path, MERGE, [*lines, description, *second])
    items = list(read_hands(path))
    assert isinstance(items[0], HandRecord)
    assert [(e.position.line, e.rule) for e in items[1:] if isinstance(e, ImportFormatError)] == [
        (len(lines) + 1, "line-too-long"),
        (len(lines) + 1, "bad-header"),  # no description says its game: that one is lost
    ]


# --- a first error of the figures ------------------------------------------------------------


def test_a_first_error_of_the_figures_lists_the_lines_after_it(tmp_path: Path) -> None:
    """Full Tilt's first draw states a pot of $0.55 where the lines before it put $0.45 in
    (its figures do not add up), and ``Player2 bets $0.20`` is damaged after it: both."""
    path = _damaged(
        tmp_path,
        FULL_TILT,
        {24: ("Total Pot: $0.45", "Total Pot: $0.55"), 38: ("bets $0.20", "betz $0.20")},
    )
    assert _errors(path) == [(24, "corrupt-hand"), (38, "unrecognised-line")]
