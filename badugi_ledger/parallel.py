"""Spreading independent files over the machine's cores, results kept in input order.

A season arrives as many files (one per night, per table, per site session), and the replay
of one file never depends on another: a table's carried stacks are keyed by (file, table),
see :mod:`badugi_ledger.replay.table`.  So ``check`` and ``import`` can read and replay the
files in worker processes and still print or store exactly what one process would, as long
as the results come back in the order the files were given - which :func:`ordered_map`
guarantees.  On Linux the workers are forked, so they start in milliseconds with the package
already imported; elsewhere they are spawned (the safe default there).

One big file cannot be split that way (its hands are replayed in order), but the work done
*with* its items can overlap the work of making them: :func:`worker_stream` runs a generator
in one worker process and hands its items to this process in pickled chunks through a pipe,
so a producer (reading, replaying, row building) and a consumer (the ledger's one writer)
run on two cores at once.  The pipe is bounded (the producer blocks while a chunk waits), an
exception in the producer arrives at its place in the stream, and leaving the ``with`` block
early (an error, Ctrl-C) ends the worker; the worker ignores Ctrl-C itself and exits on its
own when the reading side goes away.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing.connection import Connection

A = TypeVar("A")
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
    expected failures into values, since an exception it raises ends the whole map.  The
    workers ignore Ctrl-C, which is this process's to handle: an exception here (Ctrl-C, an
    error) or the caller closing the iterator ends them at once, the work not done dropped.
    """
    workers = resolve_jobs(jobs, len(items))
    if workers == 1:
        yield from map(func, items)
        return
    from concurrent.futures import ProcessPoolExecutor  # only when forking (~30 ms to import)

    context = _context()
    # Several items per message keeps the pipe traffic small when files are tiny (one PHH
    # hand per file); a handful of chunks per worker keeps the load balanced.
    chunksize = max(1, len(items) // (workers * 4))
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_start_pool_worker,
        initargs=(os.getpid(),),
    )
    from concurrent.futures.process import BrokenProcessPool

    try:
        with _signals_held_while_forking():  # (the pool forks its workers as work is given)
            results = pool.map(func, items, chunksize=chunksize)
        yield from results
    except BrokenProcessPool:  # a worker was killed (the system out of memory, kill -9)
        _stop_pool(pool)
        raise WorkerError("a worker process ended early (killed?)") from None
    except BaseException:  # Ctrl-C, an error, or the caller stopped reading (GeneratorExit)
        _stop_pool(pool)
        raise
    pool.shutdown(wait=True)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """End ``pool`` now, its results no longer wanted, and wait until its workers have ended.

    Its workers ignore Ctrl-C (see :func:`_start_pool_worker`), and the pool's own ending
    would let each finish its chunk first, which may be minutes of big files: so the work not
    begun is cancelled and the workers are terminated.  In that order: Python 3.11's pool,
    once it sees a worker die, fails every future it still holds, and failing one already
    cancelled raises in the pool's thread, which prints a traceback."""
    # The pool has no public way to end or even name its workers (``terminate_workers``
    # comes with Python 3.14): its own table of them, read before the shutdown empties it.
    workers = list((getattr(pool, "_processes", None) or {}).values())
    pool.shutdown(wait=False, cancel_futures=True)
    for worker in workers:
        worker.terminate()
    for worker in workers:
        worker.join()


PARENT_POLL_SECONDS = 0.5
"""How often a pool worker looks whether the process that started it is still there."""


def _start_pool_worker(parent: int) -> None:
    """Run in each pool worker of :func:`ordered_map` as it starts: the worker ignores Ctrl-C
    and ends when its parent does.

    Ctrl-C at a terminal interrupts every process of the foreground group, the workers too:
    one waiting for work would die of it with a traceback on the user's screen.  The parent
    alone handles Ctrl-C (its message, its exit status) and ends the pool itself.  SIGTERM is
    put back to its default: the command's own handler (ending it through its clean-ups, as
    Ctrl-C does) came with the fork, and the parent ending its pool (``terminate``: SIGTERM)
    made a worker still starting print "Exception in initializer" and a traceback."""
    _answer_signals_as_a_worker()
    _end_with_parent(parent)


_HELD = ("SIGINT", "SIGTERM", "SIGHUP")
"""The signals a command answers with its clean-ups (Ctrl-C, ``kill``, the terminal closed),
held while it forks."""


@contextmanager
def _signals_held_while_forking() -> Iterator[None]:
    """A signal of :data:`_HELD` arriving while this process forks is answered once the fork
    is done.

    Python runs the fork's own handlers (``os.register_at_fork``: the logging module's, for
    one) as the fork returns, and an exception raised in one of them is printed as "Exception
    ignored" and dropped: the command's handler, raising there to end the command as Ctrl-C
    does, printed a traceback and the import went on.  So these signals are blocked while a
    worker is forked (the signal waits) and unblocked after, in this process; the worker
    unblocks them once it answers them as a worker (:func:`_answer_signals_as_a_worker`)."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):  # (not on Windows, which does not fork)
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _held(signal))
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _held(signal: Any) -> list[Any]:
    """The signals of :data:`_HELD` this system has (``signal``: the module)."""
    return [getattr(signal, name) for name in _HELD if hasattr(signal, name)]


def _answer_signals_as_a_worker() -> None:
    """In a worker as it starts: Ctrl-C and the terminal closing are ignored (the parent's to
    handle, and it ends its workers), SIGTERM ends it at once (the parent's ``terminate``),
    and all are unblocked (the fork held them, :func:`_signals_held_while_forking`)."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _held(signal))


def _end_with_parent(parent: int) -> None:
    """The calling pool worker ends when its parent does.

    A parent that exits normally ends its pool, but one killed outright (``kill -9``, the
    machine's out-of-memory killer) cannot: its workers, waiting for work on a queue whose
    other end they hold themselves, would wait for ever, each holding the ledger's file and
    memory.  So a daemon thread looks every :data:`PARENT_POLL_SECONDS` whether the worker has
    been handed to another parent, and then ends the worker (``os._exit``: nothing of the
    dead parent's work is left to finish)."""
    import threading
    import time

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_POLL_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="end-with-parent", daemon=True).start()


def _context() -> Any:
    """The multiprocessing context: forking is safe and fast on Linux; elsewhere (macOS,
    Windows) the platform's own default (spawn) is the safe one, and the workers import the
    package themselves."""
    import multiprocessing

    return multiprocessing.get_context("fork" if sys.platform.startswith("linux") else None)


class WorkerError(Exception):
    """A worker process failed in a way that cannot travel as its own exception (it was
    killed, or its exception cannot be pickled); or, as the ``__cause__`` of one that can,
    the worker's traceback as text."""


_ITEMS, _RAISE, _END = "items", "raise", "end"


@contextmanager
def worker_stream(
    produce: Callable[[A], Iterable[T]], arg: A, *, chunk: int = 100
) -> Iterator[Iterator[T]]:
    """``with worker_stream(produce, arg) as items:`` - the items of ``produce(arg)``, made in
    a worker process while this one consumes them (see the module docstring).

    ``produce`` must be a module-level function, ``arg`` and the items picklable.  Items
    travel ``chunk`` at a time; the pipe holds at most about one chunk, so neither side gets
    more than a chunk or two ahead.  An exception ``produce`` raises is raised here after the
    items made before it (from a :class:`WorkerError` holding the worker's traceback); a
    worker that dies raises :class:`WorkerError`.  Leaving the block, however it is left,
    ends the worker and waits for it: no process outlives the block.
    """
    import pickle  # here, not for every ``check``

    context = _context()
    receiving, sending = context.Pipe(duplex=False)
    worker = context.Process(
        target=_produce_into, args=(produce, arg, chunk, sending, receiving), daemon=True
    )
    finished = False

    def items() -> Iterator[T]:
        nonlocal finished
        while True:
            try:
                tag, payload, text = pickle.loads(receiving.recv_bytes())
            except EOFError:
                worker.join(5)
                died = f"the worker process ended early (exit status {worker.exitcode})"
                raise WorkerError(died) from None
            if tag == _ITEMS:
                yield from payload
            elif tag == _RAISE:
                finished = True
                raise payload from WorkerError(text)
            else:
                finished = True
                return

    try:
        with _signals_held_while_forking():  # (a signal held is answered as this block ends)
            worker.start()
        sending.close()  # the worker's end: the pipe then reports the worker's death (EOF)
        yield items()
    finally:
        sending.close()
        receiving.close()  # a worker still sending gets a broken pipe and exits
        if worker.pid is not None:  # (started)
            if not finished:
                worker.terminate()
            worker.join()


def _produce_into(
    produce: Callable[[A], Iterable[T]],
    arg: A,
    chunk: int,
    sending: Connection,
    receiving: Connection,
) -> None:
    """The worker of :func:`worker_stream`: sends ``(tag, payload, text)`` messages -
    ``items`` (a list), then ``end``, or ``raise`` (the exception, the traceback as text)."""
    import pickle

    receiving.close()  # only the parent reads: its exit then breaks this side's pipe
    _answer_signals_as_a_worker()

    def send(tag: str, payload: object, text: str = "") -> None:
        sending.send_bytes(pickle.dumps((tag, payload, text), protocol=pickle.HIGHEST_PROTOCOL))

    batch: list[T] = []
    ending: tuple[str, object, str] = (_END, None, "")
    try:
        items = iter(produce(arg))
        while True:
            try:
                item = next(items)
            except StopIteration:
                break
            except Exception as exc:  # the producer's failure travels, to its place
                ending = (_RAISE, *_portable(exc))
                break
            batch.append(item)
            if len(batch) >= chunk:
                send(_ITEMS, batch)
                batch = []
        if batch:
            send(_ITEMS, batch)
        send(*ending)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the parent stopped reading (an error, Ctrl-C): nobody wants the rest
    except Exception as exc:  # an item that cannot be sent (not picklable): say so
        with suppress(OSError):
            send(_RAISE, *_portable(exc))
    finally:
        sending.close()


def _portable(exc: Exception) -> tuple[Exception, str]:
    """``exc`` as it can travel to the parent, with the worker's traceback as text: itself
    when it survives pickling, else a :class:`WorkerError` saying what it was."""
    import pickle
    import traceback

    text = "".join(traceback.format_exception(exc))
    try:
        pickle.loads(pickle.dumps(exc, protocol=pickle.HIGHEST_PROTOCOL))
    except Exception:  # noqa: BLE001 - an exception type that cannot be rebuilt
        return WorkerError(f"{type(exc).__name__}: {exc}"), text
    return exc, text
