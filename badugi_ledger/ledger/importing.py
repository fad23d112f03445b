"""Import: hand files → replay (the ``check`` engine) → rows in the SQLite ledger.

:func:`import_paths` walks files and folders, :func:`import_files` imports the files found; each
file is read by ONE reader
(:func:`read_source`, i.e. ``sources.read_stream``, the reader ``check`` uses too), replayed
hand by hand, turned into rows (:mod:`badugi_ledger.ledger.rows`, with each hand's
:func:`~badugi_ledger.ledger.fingerprints.fingerprint`) and its valid hands are written in **one
transaction per file** (:mod:`badugi_ledger.ledger.file_transaction`):

* a hand that does not parse or replay cleanly (a rule broken, a recorded payout or stack that
  disagrees) is *rejected* and reported with its line and reasons; the file's other hands are
  stored.  ``strict=True`` refuses the whole file instead (nothing of it is written);
* a hand already in the ledger (same fingerprint and content) is a *duplicate* and changes
  nothing, so importing the same or an overlapping file twice is harmless; a hand whose
  identity (event, table, hand number) the ledger holds with other content is a *conflict*,
  not stored unless ``replace`` (see :mod:`badugi_ledger.ledger.writer`, and
  :mod:`badugi_ledger.ledger.conflicts` for what the report says differs); with ``strict``,
  a conflict refuses the whole file as a rejected hand does;
* a file refused for a carried Progressive Badugi pot while another file of the same import
  was not stored yet is tried again after it, and files that can be stored only together
  are stored in one transaction, a group for the files that pass pots between them
  (:mod:`badugi_ledger.ledger.run_retries`); each
  file's warnings of carried pots and of tournaments are those of the ledger as the import
  ends (:func:`~badugi_ledger.ledger.file_transaction.refresh_warnings`);
* every hand's rows (hand, players, postings, pots, winners) go in together or not at all; an
  unexpected failure rolls the whole file back.

Memory stays flat: hands stream from the reader, rows are written in batches of
``batch_size`` inside the file's transaction (the write lock is taken at the first batch).

**Many files, many cores** (``jobs``): reading, replaying and row building need no
ledger, so with more than one job and more than one file, worker processes
(:func:`badugi_ledger.parallel.ordered_map`) prepare the files while this process, the ONE
writer, stores them in the order given, each in its own transaction - the same rows with the
same ids as a one-process import.  A worker does not send a file's rows back in one message
(a 100,000-hand file would sit in memory twice): it *stages* them in a temporary file, a few
hundred hands per pickle, which the writer then streams from and deletes.  A file that stops
being readable part way is staged up to that point plus the error, so the writer fails it
exactly where one process would.  Staging happens in ``tempfile``'s folder (``TMPDIR``); if
it cannot be written the file is simply imported in this process.

**One big file, two cores**: when a single file (from :data:`_STREAM_MIN_BYTES` on) is the
whole input and ``jobs`` allows more than one process, ONE worker reads, replays and builds
its rows while this process stores them as they come
(:func:`badugi_ledger.parallel.worker_stream`: a hundred hands per message through a
bounded pipe), so the two overlap.  The worker sends exactly what a staging file would hold,
so the store is the same code, in the same one transaction, with the same ids.  An error in
the worker arrives at its place in the stream; a failure or Ctrl-C here ends the worker and
rolls the file back (nothing staged on disk, no process left).
"""

from __future__ import annotations

import dataclasses
import os
import pickle
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, ExitStack
from dataclasses import dataclass
from pathlib import Path

from ..model.errors import FILE_NOT_READ, BadugiError, ConfigError
from ..model.events import HandRecord
from ..model.limits import MAX_AMOUNT
from ..model.results import HandOutcome, TableGap
from .connection import DEFAULT_BUSY_TIMEOUT_MS, explain_sqlite_error
from .file_transaction import (
    ProgressFn,
    StoredTogether,
    StoreOptions,
    refresh_warnings,
    store_file,
)
from .import_run import ImportRun
from .renamed_files import refuse_unknown_old_path, renamed_choice
from .report import FileReport, ImportReport, Rejected
from .rows import HandRows, prepare_outcomes
from .run_retries import RunRetries
from .source_paths import name_not_storable
from .staging import staging_folder
from .stopped_report import ImportInterrupted, StoredThenInterrupted

# --- reading -----------------------------------------------------------------------------------


def read_source(
    path: Path, fmt: str | None = None, skipped: _Skipped | None = None
) -> Iterator[HandRecord | BadugiError | TableGap]:
    """The one reader of the import, the same as ``check``'s: :func:`sources.read_stream` (our
    format or a site's, recognised by content; ``fmt`` = the ``--from`` override; a site
    file's missing hand resyncs its table, as in ``check``); ``skipped`` counts the hands of
    other games left out."""
    from ..sources import read_stream

    return _raising_file_errors(
        read_stream(path, fmt, on_skip=None if skipped is None else skipped.add)
    )


def _raising_file_errors(
    items: Iterable[HandRecord | BadugiError | TableGap],
) -> Iterator[HandRecord | BadugiError | TableGap]:
    """``items``, but an error of the whole file (gone, unreadable, a read that failed midway:
    :data:`~..model.errors.FILE_NOT_READ`) is raised, not passed on as a rejected hand: the
    file is not imported, and what its transaction stored of it before is rolled back."""
    for item in items:
        if isinstance(item, BadugiError) and item.rule in FILE_NOT_READ:
            raise item
        yield item


@dataclass
class _Skipped:
    """Hands of other games a file held (the report's ``skipped``)."""

    count: int = 0

    def add(self, _hand: object) -> None:
        self.count += 1


def replay(items: Iterable[HandRecord | BadugiError | TableGap]) -> Iterator[HandOutcome]:
    """The ``check`` engine's stream replay (stacks carried per table, carried pots)."""
    from ..replay import replay_stream

    return iter(replay_stream(items))


# --- one file, one process ---------------------------------------------------------------------

_FILE_ERRORS = (BadugiError, OSError, UnicodeDecodeError, sqlite3.Error, OverflowError)
"""What makes a file "not imported" (reported) rather than a crash (OverflowError: a number
SQLite cannot hold that got past :func:`~badugi_ledger.ledger.rows.amount_problems`)."""


def import_outcomes(
    db: sqlite3.Connection,
    outcomes: Iterable[HandOutcome],
    source: str,
    *,
    strict: bool = False,
    replace: bool = False,
    batch_size: int = 500,
    progress: ProgressFn | None = None,
    progress_every: int = 1000,
    whole: bool = False,
    was: str | None = None,
    run: ImportRun | None = None,
) -> FileReport:
    """Store one file's replayed hands (one transaction); see the module docstring.
    ``whole``: a conflict holds the whole file back (nothing stored), as a save of a text
    that must be the ledger's in full or not at all needs.  ``was``: the file this one is a new
    name of; ``run``: what the files before it in the same import stored
    (:class:`~badugi_ledger.ledger.file_transaction.StoreOptions`)."""
    options = StoreOptions(
        strict=strict, replace=replace, batch_size=batch_size, progress=progress,
        progress_every=progress_every, whole=whole, was=was, run=run,
    )  # fmt: skip
    return _store_outcomes(db, outcomes, source, options)


def _store_outcomes(
    db: sqlite3.Connection, outcomes: Iterable[HandOutcome], source: str, options: StoreOptions
) -> FileReport:
    """:func:`import_outcomes` with its options built."""
    return store_file(
        db, prepare_outcomes(outcomes, source, strict=options.strict), source, options
    )


def import_file(
    db: sqlite3.Connection,
    path: str | Path,
    *,
    strict: bool = False,
    replace: bool = False,
    fmt: str | None = None,
    batch_size: int = 500,
    progress: ProgressFn | None = None,
    progress_every: int = 1000,
    was: str | None = None,
    run: ImportRun | None = None,
) -> FileReport:
    """Read, replay and store one file.  A file that cannot be read is reported, not raised.
    ``was``: the path this file was imported as before it was renamed; ``run``: what the
    files before it in the same import stored
    (:class:`~badugi_ledger.ledger.file_transaction.StoreOptions`)."""
    options = StoreOptions(
        strict=strict, replace=replace, batch_size=batch_size, progress=progress,
        progress_every=progress_every, was=was, run=run,
    )  # fmt: skip
    return _import_file(db, path, fmt, options)


def _import_file(
    db: sqlite3.Connection, path: str | Path, fmt: str | None, options: StoreOptions
) -> FileReport:
    """:func:`import_file` with its options built."""
    source = str(path)
    unnamed = name_not_storable(source)
    if unnamed is not None:
        return FileReport(source, error=unnamed)
    skipped = _Skipped()
    try:
        report = _store_outcomes(db, replay(read_source(Path(path), fmt, skipped)), source, options)
    except _FILE_ERRORS as exc:
        return _not_imported(source, exc)
    report.skipped = skipped.count
    return report


def import_text(
    db: sqlite3.Connection,
    text: str,
    source: str,
    *,
    strict: bool = False,
    replace: bool = False,
    was: str | None = None,
    committing: Callable[[FileReport], AbstractContextManager[None]] | None = None,
) -> FileReport:
    """Replay and store a text in our format as the file ``source`` holding it would be (its
    hands name ``source``), so that a file can be written as the ledger takes its text (the
    record page's save): all of it, or with a conflict nothing (``whole``), so that the file
    and the ledger never hold different nights.  ``was``: the file the text was saved as
    before, when it is to be saved under a new name (a renamed night): what that file held
    and the text does not is left out, as an edited file's hands are.  ``committing``: the
    step the text's ``COMMIT`` runs inside, writing its file
    (:attr:`~badugi_ledger.ledger.file_transaction.StoreOptions.committing`).  An error is
    reported, not raised (but one the step raises that is not an error of a file's)."""
    from ..text.parse import parse_text

    try:
        options = StoreOptions(
            strict=strict, replace=replace, whole=True, was=was, committing=committing
        )
        return _store_outcomes(db, replay(parse_text(text, source)), source, options)
    except _FILE_ERRORS as exc:
        return _not_imported(source, exc)


def _not_imported(source: str, exc: BaseException) -> FileReport:
    """The report of a file ``exc`` stopped: its error (:func:`_explain`), and its advice apart
    when the error carries it (a night's copy refused: ``said``)."""
    said = getattr(exc, "said", None)
    return FileReport(source, error=_explain(exc), error_said=said)


def _explain(exc: BaseException) -> str:
    """The error text, with what it means for an organiser when SQLite's own words are terse;
    the ledger is unchanged in every case (the file's transaction was rolled back)."""
    if isinstance(exc, sqlite3.Error):
        return explain_sqlite_error(exc, "nothing from this file was stored")
    if isinstance(exc, BadugiError) and exc.rule in FILE_NOT_READ:
        return exc.message  # the file's own error: the report names the file already
    return str(exc)


# --- many files, worker processes, one writer ----------------------------------------------------

_STAGE_CHUNK = 500
"""Prepared hands per pickle in a staging file (the most either side holds at once)."""
_STREAM_CHUNK = 100
"""Prepared hands per message from the worker that reads one big file."""
_STREAM_MIN_BYTES = 256 * 1024
"""The size from which a lone file is read by a worker (about 300 hands of our format, a
third of a second of work): below it, starting the worker costs more than it saves."""


@dataclass(frozen=True)
class _StageTask:
    path: str
    fmt: str | None
    strict: bool
    folder: str = ""
    """Where :func:`_stage_file` writes (unused by the streaming worker)."""


@dataclass(frozen=True)
class _Unreadable:
    """Staged where the file stopped being readable: the error one process would report."""

    message: str


class _StagedFailure(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


_Staged = Rejected | HandRows | None | _Unreadable | _Skipped
"""What a worker sends for a file: the prepared items, an :class:`_Unreadable` where reading
failed, and a :class:`_Skipped` last when hands of other games were left out."""


def _prepared(task: _StageTask, skipped: _Skipped) -> Iterator[Rejected | HandRows | None]:
    """What :func:`import_file` stores, lazily: opening the file fails at the first item."""
    yield from prepare_outcomes(
        replay(read_source(Path(task.path), task.fmt, skipped)), task.path, strict=task.strict
    )


def _staged(task: _StageTask) -> Iterator[_Staged]:
    """In a worker: everything the writer needs of one file, errors as values."""
    skipped = _Skipped()
    try:
        yield from _prepared(task, skipped)
    except _FILE_ERRORS as exc:
        yield _Unreadable(_explain(exc))
    if skipped.count:
        yield skipped


def _stage_file(task: _StageTask) -> str | None:
    """In a worker: read, replay and prepare one file into a staging file; its path, or None
    when staging is impossible (the writer then imports the file itself)."""
    try:
        fd, stage = tempfile.mkstemp(prefix="stage-", suffix=".pickle", dir=task.folder)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "wb") as out:
            chunk: list[_Staged] = []
            for item in _staged(task):
                chunk.append(item)
                if len(chunk) >= _STAGE_CHUNK:
                    pickle.dump(chunk, out, protocol=pickle.HIGHEST_PROTOCOL)
                    chunk = []
            pickle.dump(chunk, out, protocol=pickle.HIGHEST_PROTOCOL)
    except OSError:
        os.unlink(stage)
        return None
    return stage


def _read_stage(stage: str) -> Iterator[_Staged]:
    """The items of a staging file, in order."""
    with open(stage, "rb") as staged:
        while True:
            try:
                chunk = pickle.load(staged)
            except EOFError:
                return
            yield from chunk


def _unstaged(items: Iterable[_Staged], skipped: _Skipped) -> Iterator[Rejected | HandRows | None]:
    """The prepared items a worker sent, in order; raises where the file stopped being
    readable; ``skipped`` learns the count of hands of other games at the end."""
    for item in items:
        if type(item) is _Unreadable:
            raise _StagedFailure(item.message)
        if type(item) is _Skipped:
            skipped.count = item.count
            continue
        yield item  # type: ignore[misc]


def _store_prepared(
    db: sqlite3.Connection,
    source: str,
    items: Iterable[_Staged],
    options: StoreOptions,
) -> FileReport:
    """:func:`import_file`, with the reading done by a worker."""
    skipped = _Skipped()
    try:
        report = store_file(db, _unstaged(items, skipped), source, options)
    except _StagedFailure as exc:
        return FileReport(source, error=exc.message)
    except _FILE_ERRORS as exc:
        return _not_imported(source, exc)
    report.skipped = skipped.count
    return report


def _store_staged(
    db: sqlite3.Connection, source: str, stage: str, options: StoreOptions
) -> FileReport:
    """:func:`import_file` of a file a worker staged (the staging file is deleted)."""
    try:
        return _store_prepared(db, source, _read_stage(stage), options)
    finally:
        os.unlink(stage)


def _worth_a_worker(path: Path) -> bool:
    """Whether a lone file is big enough to be read by a worker (see :data:`_STREAM_MIN_BYTES`)."""
    try:
        return path.stat().st_size >= _STREAM_MIN_BYTES
    except OSError:
        return False  # the one-process import reports it


def import_paths(
    db: sqlite3.Connection,
    paths: Iterable[str | Path],
    *,
    strict: bool = False,
    replace: bool = False,
    fmt: str | None = None,
    batch_size: int = 500,
    progress: ProgressFn | None = None,
    progress_every: int = 1000,
    jobs: int | None = 1,
    renamed_from: str | Path | None = None,
    files: Sequence[Path] | None = None,
) -> ImportReport:
    """Import every file named or found in the folders named
    (:func:`~badugi_ledger.file_choice.history_files`), as :func:`import_files` does; first, a
    file of these paths the ledger holds the hands of and the folder lacks (a record page's
    save of a renamed night, stopped before it wrote the file) is written from the ledger
    (:mod:`.unwritten_files`), so that the night is read from it and not from its old name;
    last, each file under a folder named that the ledger counts hands from and the folder no
    longer holds is said (:mod:`.missing_files`), never voided.
    ``files``: the files ``paths`` name, found already (the command line refuses a wrong path
    before it opens a ledger), walked again only when a file was written among them."""
    from ..file_choice import history_files
    from .missing_files import missing_warnings
    from .unwritten_files import write_unwritten

    paths = list(paths)
    written = write_unwritten(db, within=paths)  # (before the folders are read: it holds them)
    if files is None or written:
        files = history_files(paths)
    report = import_files(
        db,
        files,
        strict=strict,
        replace=replace,
        fmt=fmt,
        batch_size=batch_size,
        progress=progress,
        progress_every=progress_every,
        jobs=jobs,
        renamed_from=renamed_from,
    )
    report.written = tuple(written)
    report.missing = tuple(missing_warnings(db, paths, files))
    return report


def import_files(
    db: sqlite3.Connection,
    files: Sequence[Path],
    *,
    strict: bool = False,
    replace: bool = False,
    fmt: str | None = None,
    batch_size: int = 500,
    progress: ProgressFn | None = None,
    progress_every: int = 1000,
    jobs: int | None = 1,
    renamed_from: str | Path | None = None,
) -> ImportReport:
    """Import ``files`` (as :func:`~badugi_ledger.file_choice.history_files` finds them: a file of
    a folder that cannot be read is that file's error), each file its own transaction, in
    that order; ``jobs`` processes read them (0 or None = every core; see the module
    docstring), the ledger ends the same for any ``jobs``.  ``renamed_from``: the path the one
    file was imported as before it was renamed: the hands that path brought in and the file
    no longer holds are left out of it, as an edited file's are (a night renamed with its
    file is never counted beside itself).  The files share one :class:`.ImportRun`: with
    ``replace``, a hand one file stored is never stored over by a later file's other version
    of it (a stale copy undoing a correction); that is a conflict.  A file refused for a carried
    pot is tried again once another file of the run is stored (:class:`.RunRetries`), its
    report in its place, and the files still refused for carried pots are then stored
    together, group by group (the files that pass pots between them), each group in one
    transaction, all of it or none; the warnings of carried pots and of tournaments are found
    again as the ledger ends (a later file may make one untrue or true)."""
    from ..parallel import ordered_map, resolve_jobs, worker_stream

    renamed_choice(files, renamed_from)
    if renamed_from is not None:
        refuse_unknown_old_path(db, str(renamed_from), str(files[0]))
    report = ImportReport(replace=replace)
    run = ImportRun(str(path) for path in files)
    retries = RunRetries(files, run, db)
    options = StoreOptions(
        strict=strict, replace=replace, batch_size=batch_size, progress=progress,
        progress_every=progress_every, was=None if renamed_from is None else str(renamed_from),
        run=run,
    )  # fmt: skip

    def here(path: Path) -> FileReport:
        return _import_file(db, path, fmt, options)

    def together(path: Path, group: StoredTogether) -> FileReport:
        return _import_file(db, path, fmt, dataclasses.replace(options, together=group))

    def streamed(path: Path) -> FileReport:
        with ExitStack() as stack:
            try:
                items = stack.enter_context(
                    worker_stream(_staged, _StageTask(str(path), fmt, strict), chunk=_STREAM_CHUNK)
                )
            except OSError:  # no process can be started: this one reads the file
                return here(path)
            return _store_prepared(db, str(path), items, options)

    try:
        if (
            len(files) == 1
            and resolve_jobs(jobs, 2) > 1
            and _worth_a_worker(files[0])
            and name_not_storable(str(files[0])) is None
        ):
            report.files.append(streamed(files[0]))
            return report
        if resolve_jobs(jobs, len(files)) == 1:
            report.files.extend(here(path) for path in files)
        else:
            folder = staging_folder()
            try:
                tasks = [_StageTask(str(path), fmt, strict, folder) for path in files]
                for path, stage in zip(files, ordered_map(_stage_file, tasks, jobs), strict=True):
                    if stage is None or name_not_storable(str(path)) is not None:
                        report.files.append(here(path))
                    else:
                        report.files.append(_store_staged(db, str(path), stage, options))
            finally:
                shutil.rmtree(folder, ignore_errors=True)
        retries.try_again(report.files, here, together)
        report.stored_groups = tuple(retries.stored_groups)
        report.refused_groups = tuple(retries.refused_groups)
        if run.warns_at_end:
            refresh_warnings(db, report.files)
    except KeyboardInterrupt as stopped:
        # a file committed before the interrupt reached the report: that file is stored
        report.stored_groups = tuple(retries.stored_groups)
        group = retries.together
        if group is not None:  # files being stored together, rolled back: all of them
            others = [f for i, f in enumerate(report.files) if i not in group]
            names = tuple(str(files[i]) for i in group)
            raise ImportInterrupted(
                dataclasses.replace(report, files=others), None, 0, together=names
            ) from None
        stored = stopped.report if isinstance(stopped, StoredThenInterrupted) else run.last_stored
        again = retries.interrupted(report, stored)
        if again is not None:  # a file tried again: its report, stored or rolled back, in place
            raise again from None
        if stored is not None and all(f is not stored for f in report.files):
            report.files.append(stored)
        done = len(report.files)
        current = str(files[done]) if done < len(files) else None
        raise ImportInterrupted(report, current, max(0, len(files) - done - 1)) from None
    return report


def import_wait_ms(wait_seconds: float | None) -> int:
    """The busy timeout of an importing connection, in milliseconds: how long a second importer
    into the same ledger waits for the first one's current file (each file is one transaction).
    ``None`` is the store's default; a wait below 0 or beyond the largest exact amount is refused.
    """
    if wait_seconds is not None and not 0 <= wait_seconds <= MAX_AMOUNT / 1000:
        raise ConfigError(f"the wait must be a number of seconds from 0, not {wait_seconds}")
    return DEFAULT_BUSY_TIMEOUT_MS if wait_seconds is None else int(wait_seconds * 1000)


def ledger_totals(db: sqlite3.Connection) -> dict[str, int]:
    """Counts of what the ledger holds (for messages and tests)."""
    return {
        table: int(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
        for table in ("events", "hands", "postings", "players", "aliases")
    }


__all__ = [
    "import_file",
    "import_outcomes",
    "import_files",
    "import_paths",
    "import_wait_ms",
    "read_source",
    "replay",
]
