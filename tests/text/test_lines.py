"""The reader's lines (badugi_ledger.text.lines): cut a block at a time, they are exactly the
lines of the line-by-line reading (one ``readline`` and one decode a line, as the reader read
files before), bad bytes, overlong lines, BOMs and CRs included; and real files take the fast
way through a block."""

from __future__ import annotations

import io
import re
from itertools import chain
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_ledger.simulate.sessions import SimulationOptions, write_simulation
from badugi_ledger.text import lines
from badugi_ledger.text.lines import MAX_LINE, Unreadable, file_blocks, text_blocks

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def readline_lines(data: bytes) -> list[lines.Line]:
    """The definition: a file read line by line, at most MAX_LINE + 2 bytes at a time (and the
    first line's byte-order mark); a CR that no LF follows (an old Mac file) ends a line as LF
    does.  A line's length is its bytes but its end (LF or CRLF) and a byte-order mark."""
    handle, first = io.BytesIO(re.sub(rb"\r(?!\n)", b"\n", data)), True
    out: list[lines.Line] = []
    while raw := handle.readline(MAX_LINE + 2 + 3 * first):
        mark = 3 if first and raw.startswith(b"\xef\xbb\xbf") else 0
        if len(raw) - mark > MAX_LINE + 1 and not raw.endswith(b"\n"):
            head = raw[mark : mark + 200].decode("utf-8", errors="replace")
            size, tail = len(raw) - mark, raw[-2:]
            while not raw.endswith(b"\n"):
                raw = handle.readline(1 << 20)
                if not raw:
                    break
                size, tail = size + len(raw), (tail + raw)[-2:]
            size -= 2 if tail == b"\r\n" else tail.endswith(b"\n")
            out.append(
                Unreadable(
                    f"this line is {size:,} bytes long; a line holds at most {MAX_LINE:,} bytes",
                    head,
                )
            )
        else:
            out.append(lines.file_line(raw, first))
        first = False
    return out


def text_lines(text: str) -> list[lines.Line]:
    """The definition for a string: its lines as universal newlines cut them, one by one."""
    return [lines.text_line(raw, i == 0) for i, raw in enumerate(io.StringIO(text, newline=None))]


def blocks_of(data: bytes, size: int) -> list[lines.Line]:
    return list(chain.from_iterable(file_blocks(io.BytesIO(data), size)))


PIECES = [
    b"hand 1 \xc2\xb7 button Anna \xc2\xb7 Anna 5 \xc2\xb7 Ben 5",
    b"Anna folds",
    b" \t# a comment",
    b"\n",
    b"\r\n",
    b"\r",
    b"\r\r\n",
    b"\xef\xbb\xbf",
    b"\xff",
    b"\xc2",  # a character cut short
    b"\x0c",
    b"\x0b",
    "\u2028".encode(),
    "\x85".encode(),  # NEL: splitlines cuts there, a line does not
    "\u2660".encode(),
    b"\x1c",
]


@st.composite
def files(draw: st.DrawFn) -> bytes:
    out = []
    for _ in range(draw(st.integers(0, 12))):
        if draw(st.integers(0, 9)) == 0:  # a line near or over the bound, in bytes
            size = draw(st.integers(MAX_LINE - 3, MAX_LINE + 4))
            wide = "\u2660".encode()  # three bytes, one character
            out.append(draw(st.sampled_from([b"x" * size, wide * (size // 3) + b"x" * (size % 3)])))
        else:
            out.append(draw(st.sampled_from(PIECES)))
    return b"".join(out)


@settings(max_examples=300, deadline=None)
@given(files(), st.sampled_from([1, 2, 7, 64, 4096, MAX_LINE + 1, MAX_LINE + 3, lines.BLOCK]))
def test_blocks_of_a_file_are_its_lines_read_one_by_one(data: bytes, size: int) -> None:
    assert blocks_of(data, size) == readline_lines(data)


@settings(max_examples=300, deadline=None)
@given(files(), st.sampled_from([1, 7, 64, 4096, lines.BLOCK]))
def test_blocks_of_a_string_are_its_lines_read_one_by_one(data: bytes, size: int) -> None:
    text = data.decode("utf-8", errors="replace")
    assert list(chain.from_iterable(text_blocks(text, size))) == text_lines(text)


def test_an_overlong_line_is_measured_whole_and_never_held() -> None:
    data = b"game badugi\n" + b"y" * 700_000 + b"\nhand 1\n"
    got = blocks_of(data, 4096)
    assert got == readline_lines(data)
    assert isinstance(got[1], Unreadable) and "700,000 bytes long" in got[1].reason
    assert got[2] == "hand 1\n" and len(got[1].head) == 200


def test_a_byte_order_mark_is_no_byte_of_the_first_line() -> None:
    """A first line of 10,000 bytes after a byte-order mark was refused as 10,003 bytes long."""
    for size in (MAX_LINE, MAX_LINE + 1):
        data = b"\xef\xbb\xbf" + b"x" * size + b"\nAnna folds\n"
        for got in (blocks_of(data, lines.BLOCK), blocks_of(data, 4096), readline_lines(data)):
            if size == MAX_LINE:
                assert got == ["x" * size + "\n", "Anna folds\n"]
            else:
                assert isinstance(got[0], Unreadable) and got[1:] == ["Anna folds\n"]
                assert f"this line is {MAX_LINE + 1:,} bytes" in got[0].reason
        text = list(chain.from_iterable(text_blocks(data.decode())))
        assert isinstance(text[0], Unreadable) == (size > MAX_LINE)


@pytest.mark.parametrize("end", [b"\n", b"\r\n", b"\r", b""])
def test_a_line_holds_max_line_bytes_its_end_not_counted(end: bytes) -> None:
    """A line of 10,000 bytes is read whatever its end; one of 10,001 is too long, and said
    to be 10,001 bytes long (its end not counted), as a string of as many characters."""
    for size in (MAX_LINE, MAX_LINE + 1):
        data = b"Anna folds\n" + b"x" * size + end
        for got in (
            blocks_of(data, lines.BLOCK),
            blocks_of(data, 4096),
            list(chain.from_iterable(text_blocks(data.decode()))),
        ):
            assert got[0] == "Anna folds\n"
            if size == MAX_LINE:
                assert got[1:] == ["x" * size + "\n"]
            else:
                assert isinstance(got[1], Unreadable) and len(got) == 2
                assert f"this line is {MAX_LINE + 1:,} " in got[1].reason


def test_a_line_of_wide_characters_is_too_long_by_its_bytes() -> None:
    """3,334 three-byte characters are 10,002 bytes: too long, though few characters."""
    for wide in (3333, 3334):
        data = b"Anna folds\n" + "\u2660".encode() * wide + b"\nBen folds\n"
        got = blocks_of(data, lines.BLOCK)
        assert got == readline_lines(data)
        assert isinstance(got[1], Unreadable) == (wide == 3334)


def test_real_files_take_the_fast_way_through_a_block(monkeypatch: pytest.MonkeyPatch) -> None:
    """A simulated night and the examples (LF and CRLF, a BOM in front) are cut by one
    ``splitlines`` a block (no line is read on its own), and those lines are the line-by-line
    ones."""
    night = io.StringIO()
    write_simulation(SimulationOptions(hands=80, seed=3), night)
    texts = [night.getvalue(), *(p.read_text() for p in sorted(EXAMPLES.glob("*.bhh")))]
    for text in texts:
        for data in (text.encode(), b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode()):
            expected, expected_text = readline_lines(data), text_lines(text)
            with monkeypatch.context() as patch:
                patch.setattr(lines, "file_line", None)  # the line-by-line way: not taken
                patch.setattr(lines, "text_line", None)
                assert blocks_of(data, lines.BLOCK) == expected
                assert list(chain.from_iterable(text_blocks(text))) == expected_text


def test_a_file_with_old_mac_line_ends_reads_as_its_lf_version() -> None:
    """A file whose lines end in a lone CR (old Mac files) is read line for line as the same
    file with LF ends: every example, at every block size (a CR at a block's end may be the
    first half of a CRLF)."""
    for path in sorted(EXAMPLES.glob("*.bhh")):
        data = path.read_bytes()
        for size in (1, 7, 4096, lines.BLOCK):
            assert blocks_of(data.replace(b"\n", b"\r"), size) == blocks_of(data, size)
