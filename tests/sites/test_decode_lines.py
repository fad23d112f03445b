"""A small file read whole (``decode_lines``) gives exactly the lines the line-by-line stream
(``stream_lines``) gives: every encoding, line end, byte-order mark and over-long line."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from badugi_ledger.sites.files import (
    SMALL_FILE,
    CutLine,
    decode_lines,
    iter_lines,
    sniff_encoding,
    stream_lines,
)

SAMPLES = [
    b"",
    b"\n",
    b"\r\n",
    b"\r",
    b"a",
    b"a\n",
    b"a\n\n",
    b"a\r\nb\rc\n\rd\r\r\n",
    b"\xef\xbb\xbfPokerStars Game #1\r\nline\r\n",
    b"\xef\xbb\xbf\xef\xbb\xbfdouble mark\n\xef\xbb\xbfagain\n",
    "Full Tilt\r\nPoker Game #2\r\n".encode("utf-16"),
    "Full Tilt\nno mark\n".encode("utf-16-le"),
    "Full Tilt\nbig end\n".encode("utf-16-be"),
    "Full Tilt\r\nodd".encode("utf-16-le") + b"\x00",
    b"caf\xe9 au lait\nna\xefve\n" * 3,
    b"valid start " * 30 + b"\xff\xfe broken later\n",
    b"\x81\x8d\x8f\x90\x9d undefined in cp1252 " * 20 + b"\n",
    "é".encode() * 150 + b"\xe9",
    b"ten chars!\n" + b"x" * 16 + b"\n" + b"y" * 17 + b"\r\n" + b"z" * 40,
    b"\xef\xbb\xbf" + b"q" * 17 + b"\n" + "\ufeff".encode() * 2 + b"w" * 15 + b"\n",
]


def streamed(path: Path, data: bytes, max_line: int) -> list[str]:
    return list(stream_lines(path, sniff_encoding(data), max_line))


def assert_same(got: list[str], want: list[str]) -> None:
    assert got == want
    assert [type(x) for x in got] == [type(x) for x in want]
    cut = [(x.length, str(x)) for x in got if isinstance(x, CutLine)]
    assert cut == [(x.length, str(x)) for x in want if isinstance(x, CutLine)]


@pytest.mark.parametrize("max_line", [16, 17, 10_000])
@pytest.mark.parametrize("data", SAMPLES)
def test_decoded_whole_as_streamed(data: bytes, max_line: int, tmp_path: Path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(data)
    assert_same(decode_lines(data, max_line), streamed(path, data, max_line))


def test_random_files_decode_as_streamed(tmp_path: Path) -> None:
    rng = random.Random(7)
    pieces = [b"a", b"b", b"\n", b"\r", b"\r\n", b"\xef\xbb\xbf", b"\xe9", b"\x00", b"\xff", b" "]
    path = tmp_path / "f.txt"
    for _ in range(400):
        data = b"".join(rng.choice(pieces) for _ in range(rng.randrange(0, 300)))
        path.write_bytes(data)
        for max_line in (8, 10_000):
            assert_same(decode_lines(data, max_line), streamed(path, data, max_line))


def test_every_corpus_file_decodes_as_streamed(corpus_dir: Path) -> None:
    files = sorted(p for p in corpus_dir.rglob("*.txt"))
    assert len(files) > 20
    for path in files:
        data = path.read_bytes()
        assert_same(decode_lines(data), streamed(path, data, 10_000))


def test_iter_lines_reads_a_small_file_whole_and_streams_a_large_one(tmp_path: Path) -> None:
    small, large = tmp_path / "small.txt", tmp_path / "large.txt"
    small.write_bytes(b"x\r\n" * (SMALL_FILE // 3))
    large.write_bytes(b"x\r\n" * (SMALL_FILE // 3 + 1))
    assert list(iter_lines(small)) == ["x"] * (SMALL_FILE // 3)
    assert list(iter_lines(large)) == ["x"] * (SMALL_FILE // 3 + 1)


def test_a_windows_1252_name_after_an_ascii_start_is_read_as_such(tmp_path: Path) -> None:
    """A Windows-1252 site history begins with ASCII lines; its first non-ASCII byte may come
    after any number of them.  Read as UTF-8 with U+FFFD for what is not, 'Jöhn' and 'Jähn'
    were one name (two players merged in the ledger, or a hand refused as a player seated
    twice).  A small file is sniffed whole; a large one past its head reads each byte that is
    not UTF-8 as Windows-1252."""
    start = b"PokerStars Game #1: Badugi Limit ($0.25/$0.50 USD)\n" * 10
    names = "Seat 1: Jöhn\nSeat 2: Jähn\n".encode("cp1252")
    small = tmp_path / "small.txt"
    small.write_bytes(start + names)
    assert list(iter_lines(small))[-2:] == ["Seat 1: Jöhn", "Seat 2: Jähn"]
    large = tmp_path / "large.txt"
    large.write_bytes(start * (SMALL_FILE // len(start) + 1) + names)
    assert sniff_encoding(large.read_bytes()[: SMALL_FILE + 1]) == "utf-8"
    assert list(iter_lines(large))[-2:] == ["Seat 1: Jöhn", "Seat 2: Jähn"]
