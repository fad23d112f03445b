"""Site readers hold bounded memory and quote at most 200 characters of a line in an error.

Real hands from ``shared/corpus`` get one line added: a chat line just under the longest line
a site file may have (read as usual), or far over it (a ``line-too-long`` error of that hand,
the file's other hands read as before).  Memory is measured with ``tracemalloc`` (no timing):
an over-long line is never held whole.  Inputs are bounded by the line limit, so a reader's
cost per line is bounded too; ``benchmarks/bench_sites_scaling.py`` shows the scaling.
"""

from __future__ import annotations

import re
import tracemalloc
from dataclasses import dataclass
from pathlib import Path

import pytest

from badugi_ledger.model.errors import BadugiError, ImportFormatError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.model.limits import MAX_QUOTE
from badugi_ledger.sites.files import MAX_HAND_CHARS, MAX_LINE, CutLine, decode_bytes, iter_lines
from badugi_ledger.sources import read_hands
from tests.helpers.paths import CORPUS


@dataclass(frozen=True)
class Site:
    name: str
    file: str
    copies: int
    start: str
    """Pattern of a hand's first line."""
    chat: str
    """A line the reader ignores, with ``{}`` for its long text."""
    after: str
    """Pattern of the line of the second hand after which the new line goes."""


SITES = (
    Site(
        "pokerstars",
        "pokerstars/Badugi-USD-0.25-0.50-201009.txt",
        1,
        r"PokerStars Game #",
        'Hero said, "{}"',
        r"\*\*\* DEALING HANDS",
    ),
    Site(
        "fulltilt",
        "fulltilt/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt",
        3,
        r"Full Tilt Poker Game #",
        "Hero: {}",
        r"\*\*\* HOLE CARDS",
    ),
    Site(
        "merge",
        "merge/Badugi-PL-USD-0.05-0.10-201101.Sample.txt",
        3,
        r"<game id=",
        '\t\t<event sequence="0" type="CHAT" player="4" text="{}"/>',
        r"\s*<round id=",
    ),
    Site(
        "kingsclub",
        "kingsclub/Badugi-Limit-USD-30-60-202010.txt",
        3,
        r"#\d+: ",
        "",
        r"#\d+: ",
    ),
)


def _lines(site: Site) -> list[str]:
    text = decode_bytes((CORPUS / site.file).read_bytes()).replace("\r\n", "\n").rstrip("\n")
    copies = [  # one table per copy: at one table its stacks would contradict the copy before
        text.replace("Table Clackers", f"Table Clackers {i}").replace(
            "|Kunming (", f"|Kunming {i} ("
        )
        for i in range(site.copies)
    ]
    return ("\n".join(copies) + "\n").split("\n")


def _with_line(site: Site, line: str) -> tuple[str, int]:
    """The site's hands with ``line`` added after the second hand's first line; its number."""
    lines = _lines(site)
    starts = [i for i, x in enumerate(lines) if re.match(site.start, x)]
    at = next(i for i in range(starts[1], len(lines)) if re.match(site.after, lines[i])) + 1
    return "\n".join([*lines[:at], line, *lines[at:]]), at + 1


def _read(site: Site, text: str, tmp: Path) -> list[HandRecord | BadugiError]:
    path = tmp / f"{site.name}.txt"
    path.write_text(text, encoding="utf-8")
    return list(read_hands(path, site.name))


def _clean(site: Site, tmp: Path) -> list[HandRecord | BadugiError]:
    return _read(site, "\n".join(_lines(site)), tmp)


@pytest.mark.parametrize("site", SITES, ids=lambda s: s.name)
def test_a_line_over_the_limit_is_a_located_error_of_its_hand(site: Site, tmp_path: Path) -> None:
    long = (site.chat or "{}").format("x" * (5 * MAX_LINE))
    text, line = _with_line(site, long)
    items = _read(site, text, tmp_path)
    before = _clean(site, tmp_path)
    assert len(items) == len(before)
    (error,) = [i for i in items if isinstance(i, ImportFormatError)]
    assert error.rule == "line-too-long"
    assert error.position.line == line
    assert error.hand is not None and error.hand in text.split("\n")[line - 2] + text
    assert f"{len(long):,} characters" in error.message
    assert len(str(error)) < MAX_QUOTE + 300
    assert [type(i) for i in items if i is not error] == [HandRecord] * (len(items) - 1)


@pytest.mark.parametrize("site", [s for s in SITES if s.chat], ids=lambda s: s.name)
def test_a_long_line_under_the_limit_is_read(site: Site, tmp_path: Path) -> None:
    """A chat line (ignored by the reader) just under the limit: the hand reads as before."""
    long = site.chat.format("ab=" * ((MAX_LINE - 80) // 3))
    assert len(long) <= MAX_LINE
    text, _ = _with_line(site, long)
    items = _read(site, text, tmp_path)
    assert all(isinstance(i, HandRecord) for i in items), items


@pytest.mark.parametrize("site", SITES, ids=lambda s: s.name)
def test_an_unknown_long_line_is_quoted_short(site: Site, tmp_path: Path) -> None:
    long = "Zed " + "is doing something odd " * ((MAX_LINE - 200) // 23)
    if site.name == "merge":
        long = '\t\t<event sequence="0" type="' + "ODD" * ((MAX_LINE - 200) // 3) + '" player="4"/>'
    text, line = _with_line(site, long)
    items = _read(site, text, tmp_path)
    (error,) = [i for i in items if isinstance(i, ImportFormatError)]
    assert error.position.line == line and error.rule == "unrecognised-line", error
    assert len(str(error)) < MAX_QUOTE + 300, str(error)


# --- memory -----------------------------------------------------------------------------------


def _peak(function: object) -> int:
    tracemalloc.start()
    try:
        function()  # type: ignore[operator]
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_one_line_file_is_never_held_whole(tmp_path: Path) -> None:
    path = tmp_path / "one-line.txt"
    size = 4 * 2**20
    with open(path, "w", encoding="utf-8") as out:
        out.write("PokerStars Game #1: ")
        out.write("9" * size)
    got: list[str] = []
    peak = _peak(lambda: got.extend(iter_lines(path)))
    assert len(got) == 1 and isinstance(got[0], CutLine)
    assert got[0].length == size + len("PokerStars Game #1: ")
    assert peak < 8 * MAX_LINE + 2**18, f"reading a {size:,}-character line took {peak:,} bytes"
    (error,) = read_hands(path, "pokerstars")
    assert isinstance(error, ImportFormatError) and error.rule == "line-too-long"
    assert error.hand == "1" and len(str(error)) < MAX_QUOTE + 300


@pytest.mark.parametrize("site", [s for s in SITES if s.chat], ids=lambda s: s.name)
def test_a_hand_longer_than_the_limit_is_an_error_in_bounded_memory(
    site: Site, tmp_path: Path
) -> None:
    chat = site.chat.format("y" * 1000)
    many = "\n".join([chat] * (MAX_HAND_CHARS // len(chat) + 50))
    text, line = _with_line(site, many)
    path = tmp_path / f"{site.name}.txt"
    path.write_text(text, encoding="utf-8")
    items: list[HandRecord | BadugiError] = []
    peak = _peak(lambda: items.extend(read_hands(path, site.name)))
    errors = [i for i in items if isinstance(i, ImportFormatError)]
    assert [e.rule for e in errors] == ["hand-too-long"]
    assert errors[0].position.line > line and errors[0].hand is not None
    assert len(items) == len(_clean(site, tmp_path))
    assert peak < 6 * MAX_HAND_CHARS, f"{peak:,} bytes for a {len(text):,}-character file"


def test_every_over_long_line_before_the_first_hand_is_reported(tmp_path: Path) -> None:
    """Three over-long lines before the corpus hands, a line of text between them: each over-long
    line is a mistake at its own line (only the first was reported, the others dropped with
    the lines after it), the text line is read as part of what the first began, and the hands
    after them are read as before."""
    site = SITES[0]
    long = "x" * (MAX_LINE + 1)
    text = "\n".join([long, long, "garbage", long, *_lines(site)])
    items = _read(site, text, tmp_path)
    errors = [i for i in items if isinstance(i, ImportFormatError)]
    assert [(e.rule, e.position.line) for e in errors] == [("line-too-long", n) for n in (1, 2, 4)]
    read = [i.hand_id for i in items if isinstance(i, HandRecord)]
    assert read == [i.hand_id for i in _clean(site, tmp_path) if isinstance(i, HandRecord)]


def test_over_long_lines_after_a_damaged_first_header_follow_its_error(tmp_path: Path) -> None:
    """A damaged first header, then two over-long lines, then the hands: the header's error
    first, then each over-long line's, in file order."""
    site = SITES[0]
    long = "x" * (MAX_LINE + 1)
    text = "\n".join(["PokerStars Gmae #1: Badugi", long, "Seat 1: A", long, *_lines(site)])
    items = _read(site, text, tmp_path)
    errors = [i for i in items if isinstance(i, ImportFormatError)]
    assert [(e.rule, e.position.line) for e in errors] == [
        ("unrecognised-line", 1),
        ("line-too-long", 2),
        ("line-too-long", 4),
    ]
