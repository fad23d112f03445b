"""Spreading independent files over the machine's cores, results kept in input order.

A season arrives as many files (one per night, per table, per site session), and the replay
of one file never depends on another: a table's carried stacks are keyed by (file, table),
see :mod:`badugi_ledger.replay.table`.  So ``check`` and ``import`` can read and replay the
files in worker processes and still print or store exactly what one process would, as long
as the results come back in the order the files were given - which :func:`ordered_map`
guarantees.  On Linux the workers are forked, so they start in milliseconds with the package
already imported; elsewhere they are spawned (the safe default there).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the OS tells it)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - macOS, Windows
        return max(1, os.cpu_count() or 1)


def resolve_jobs(jobs: int | None, tasks: int) -> int:
    """How many processes to use: ``jobs`` (0 or None = every available core), never more
    than there are tasks, never fewer than one."""
    wanted = available_cores() if not jobs or jobs < 1 else jobs
    return max(1, min(wanted, tasks))


def ordered_map(func: Callable[[T], R], items: Sequence[T], jobs: int | None) -> Iterator[R]:
    """``map(func, items)`` over ``jobs`` processes (see :func:`resolve_jobs`), yielding the
    results in the order of ``items``.

    With one job (or one item) nothing is forked and results stream one by one.  ``func``
    must be a module-level function and its argument and result picklable; it should turn
    expected failures into values, since an exception it raises ends the whole map.
    """
    workers = resolve_jobs(jobs, len(items))
    if workers == 1:
        yield from map(func, items)
        return
    import multiprocessing  # only when forking: they cost a one-file run ~30 ms to import
    from concurrent.futures import ProcessPoolExecutor

    # Forking is safe and fast on Linux; elsewhere (macOS, Windows) the platform's own
    # default (spawn) is the safe one, and the workers import the package themselves.
    linux = sys.platform.startswith("linux")
    context = multiprocessing.get_context("fork" if linux else None)
    # Several items per message keeps the pipe traffic small when files are tiny (one PHH
    # hand per file); a handful of chunks per worker keeps the load balanced.
    chunksize = max(1, len(items) // (workers * 4))
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        yield from pool.map(func, items, chunksize=chunksize)
