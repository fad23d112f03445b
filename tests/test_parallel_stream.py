"""``parallel.worker_stream``: a generator run in a worker process, its items consumed here
in order while it makes the next ones - bounded, with failures arriving at their place and
no process outliving the ``with`` block (``import`` of one big file rests on it)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from badugi_ledger.parallel import WorkerError, worker_stream


def _numbers(n: int) -> Iterator[tuple[int, int]]:
    for i in range(n):
        yield i, os.getpid()


def _fails_after(n: int) -> Iterator[int]:
    yield from range(n)
    raise ValueError(f"bad item after {n}")


class _Unpicklable(Exception):
    def __init__(self, a: int, b: int) -> None:  # pickle rebuilds it with one argument: fails
        super().__init__(f"{a}/{b}")


def _fails_oddly(n: int) -> Iterator[int]:
    yield from range(n)
    raise _Unpicklable(1, 2)


def _unsendable(n: int) -> Iterator[object]:
    yield from range(n)
    yield lambda: None  # a lambda cannot be pickled


def _killed_after(n: int) -> Iterator[int]:
    yield from range(n)
    os.kill(os.getpid(), signal.SIGKILL)
    yield -1  # never reached


def _counted(arg: tuple[str, int]) -> Iterator[bytes]:
    """Big items, the count made so far written down after each one."""
    path, n = arg
    for i in range(n):
        Path(path + ".new").write_text(str(i + 1))
        os.replace(path + ".new", path)  # a reader never sees it half-written
        yield b"x" * 20_000


def test_items_arrive_in_order_from_another_process() -> None:
    with worker_stream(_numbers, 1234, chunk=100) as items:
        got = list(items)
    assert [i for i, _ in got] == list(range(1234))
    assert {pid for _, pid in got} != {os.getpid()} and len({pid for _, pid in got}) == 1
    assert multiprocessing.active_children() == []
    with worker_stream(_numbers, 0) as items:
        assert list(items) == []


def test_an_exception_arrives_after_the_items_made_before_it() -> None:
    got: list[int] = []
    with (
        pytest.raises(ValueError, match="bad item after 250") as raised,
        worker_stream(_fails_after, 250, chunk=100) as items,
    ):
        got.extend(items)
    assert got == list(range(250))
    cause = raised.value.__cause__
    assert isinstance(cause, WorkerError) and "_fails_after" in str(cause)  # the traceback
    assert multiprocessing.active_children() == []


def test_an_exception_that_cannot_travel_arrives_as_a_worker_error() -> None:
    got: list[int] = []
    with (
        pytest.raises(WorkerError, match="_Unpicklable: 1/2"),
        worker_stream(_fails_oddly, 30, chunk=7) as items,
    ):
        got.extend(items)
    assert got == list(range(30))


def test_an_item_that_cannot_travel_is_an_error_in_its_place() -> None:
    got: list[object] = []
    with (
        pytest.raises(Exception, match="pickle") as raised,
        worker_stream(_unsendable, 10, chunk=4) as items,
    ):
        got.extend(items)
    assert got == list(range(8))  # the chunk holding the lambda never arrives
    assert isinstance(raised.value.__cause__, WorkerError)
    assert multiprocessing.active_children() == []


def test_a_killed_worker_is_an_error_not_a_short_stream() -> None:
    got: list[int] = []
    with (
        pytest.raises(WorkerError, match="ended early"),
        worker_stream(_killed_after, 50, chunk=10) as items,
    ):
        got.extend(items)
    assert got == list(range(50))
    assert multiprocessing.active_children() == []


def test_the_worker_stays_at_most_a_few_chunks_ahead(tmp_path: Path) -> None:
    """Memory is bounded: while this side waits, the worker blocks on the full pipe instead
    of making all its items (1,000 items of 20 kB would be 20 MB)."""
    count = tmp_path / "made"
    with worker_stream(_counted, (str(count), 1000), chunk=2) as items:
        next(items)
        time.sleep(1.0)
        made = int(count.read_text())
        assert made < 12, made
        assert sum(1 for _ in items) == 999
    assert int(count.read_text()) == 1000


def test_leaving_the_block_early_ends_the_worker(tmp_path: Path) -> None:
    count = tmp_path / "made"
    with pytest.raises(KeyError), worker_stream(_counted, (str(count), 100_000), chunk=5) as items:
        next(items)
        raise KeyError("the consumer failed")
    assert multiprocessing.active_children() == []
    made = int(count.read_text())
    time.sleep(0.3)
    assert int(count.read_text()) == made < 100  # nothing is still making items
