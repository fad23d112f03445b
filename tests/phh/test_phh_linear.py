"""Reading a PHHS file is linear in its hands and streams them: no timing, work is counted.

* Work: every Python line executed while reading (``sys.settrace``), for files of N, 2N and 4N
  copies of the same hands.  Linear reading costs the same for every further N hands; the old
  reader, which looked for each hand's header line from the top of the file, cost more for
  each later hand.
* Streaming: the reader is given the file's lines as a generator and must have pulled only
  the first hand's lines (and the next header) when it hands over the first hand; reading a
  file through ``sources.iter_source`` goes through the same generator of lines.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from badugi_ledger import sources
from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.sites import files
from badugi_ledger.sites.files import MAX_LINE, SMALL_FILE, split_lines

HAND = """variant = 'FB'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [40, 40, 40]
actions = [
  'd dh p1 ????????', 'd dh p2 ????????', 'd dh p3 ????????',
  'p3 cc', 'p1 cc', 'p2 cc',
  'p1 sd ????', 'p2 sd ??', 'p3 sd',  # draw 1
  'd dh p1 ????', 'd dh p2 ??',
  'p1 cc', 'p2 cbr 2', 'p3 f', 'p1 cc',
  'p1 sd', 'p2 sd', 'p1 cc', 'p2 cc', 'p1 sd', 'p2 sd', 'p1 cc', 'p2 cc',
  'p1 sm 2s4c6d9h', 'p2 sm 3s5d7c8h',
]
finishing_stacks = [46, 36, 38]
"""


def phhs(hands: int) -> str:
    return "".join(f"[{i}]\n{HAND}\n" for i in range(1, hands + 1))


def traced_lines(text: str) -> tuple[int, int]:
    """(Python lines executed while reading every hand of ``text``, hands read)."""
    count = 0

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal count
        if event == "line":
            count += 1
        return tracer

    sys.settrace(tracer)
    try:
        items = list(read_phh(text, "many.phhs"))
    finally:
        sys.settrace(None)
    assert all(isinstance(i, HandRecord) for i in items), items[:1]
    return count, len(items)


def test_every_further_hand_costs_the_same() -> None:
    list(read_phh(phhs(2), "warm.phhs"))  # caches (settings, action strings, cards) filled
    work = {}
    for hands in (40, 80, 160):
        work[hands], read = traced_lines(phhs(hands))
        assert read == hands
    first, second = work[80] - work[40], work[160] - work[80]
    # 40 more hands, then 80 more: twice the work, to within 1 %.
    assert abs(second - 2 * first) <= 0.01 * second, work


def counting(lines: list[str], pulled: list[int]) -> Iterator[str]:
    for line in lines:
        pulled[0] += 1
        yield line


def test_hands_are_handed_over_as_they_are_read() -> None:
    lines = split_lines(phhs(50))
    per_hand = len(split_lines(f"[1]\n{HAND}\n")) - 1
    pulled = [0]
    reader = read_phh(counting(lines, pulled), "many.phhs")
    first = next(reader)
    assert isinstance(first, HandRecord) and first.hand_id == "1"
    assert pulled[0] == per_hand + 1  # the first hand's lines and the next hand's header
    second = next(reader)
    assert isinstance(second, HandRecord) and second.hand_id == "2"
    assert pulled[0] == 2 * per_hand + 1
    assert sum(1 for _ in reader) == 48


def test_a_file_is_read_through_the_same_stream(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "many.phhs"
    path.write_text(phhs(200), encoding="utf-8")
    assert path.stat().st_size > SMALL_FILE  # streamed, not read whole
    pulled = [0]
    plain = files.stream_lines

    def stream_lines(name: str | Path, encoding: str, max_line: int = MAX_LINE) -> Iterator[str]:
        return counting(list(plain(name, encoding, max_line)), pulled)

    monkeypatch.setattr(files, "stream_lines", stream_lines)
    items = sources.iter_source(path)
    assert isinstance(next(items), HandRecord)
    assert 0 < pulled[0] < 40  # one hand's lines, not the file's 200 hands
    assert sum(1 for _ in items) == 199


def test_a_small_file_is_read_whole_in_one_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of at most SMALL_FILE bytes (a folder of one-hand .phh files) is opened once:
    the bytes read to tell its format are its lines, never streamed."""
    path = tmp_path / "few.phhs"
    path.write_text(phhs(3), encoding="utf-8")
    opened: list[object] = []
    real_open = open

    def counting_open(*args: Any, **kwargs: Any) -> Any:
        opened.append(args[0])
        return real_open(*args, **kwargs)

    def no_stream(name: str | Path, encoding: str, max_line: int = MAX_LINE) -> Iterator[str]:
        raise AssertionError("a small file was streamed")

    real_os_open = os.open

    def counting_os_open(*args: Any, **kwargs: Any) -> Any:
        opened.append(args[0])
        return real_os_open(*args, **kwargs)

    monkeypatch.setattr(files, "stream_lines", no_stream)
    monkeypatch.setattr("builtins.open", counting_open)
    monkeypatch.setattr(os, "open", counting_os_open)  # (sources.open_file)
    items = list(sources.iter_source(path))
    monkeypatch.undo()
    assert [type(i) for i in items] == [HandRecord] * 3
    assert opened == [path]
