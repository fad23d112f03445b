"""``badugi-ledger check``: replay every hand of every file and report what is wrong.

An organiser points it at files or folders (searched recursively) after a game night and
learns, per file, how many hands are fine, how many break a rule and how many were paid out
differently from what the replay computes, with every problem at ``file:line:column``.  The
input is streamed: hands are read, replayed and reported one at a time, so a long history is
never held in memory (:func:`badugi_ledger.replay.replay_stream`).

Nothing passes silently: where the replay had to assume something to go on (a draw nobody
wrote down, a payout taken on the recorder's word because the cards are unknown, stacks
unknown after a hand that failed) the hand carries a located *warning*.  Warnings are shown
and counted but do not fail the check, unless ``strict``.  A hand the import does not store
though it replays (dealt from stacks nobody knows, taking a pot a rejected hand carried) has
the import's reason as an error at its line (:mod:`.check_import`).

Hands are read by :func:`~badugi_ledger.sources.read_stream` - the single place that picks
the reader, so imports from sites come in through the same door as our own text format.

Files are independent (a table's carried stacks are keyed by file and table), so the text
report checks them on every core (:mod:`badugi_ledger.parallel`) and prints exactly what one
process would, file by file in the order given.  The ``--json`` report writes one line per
hand from one process, a file's lines once the file is read to its end (what only the whole
file tells is at its hands: :meth:`CheckRun._json_lines`), held on disk meanwhile, so a long
file never waits in memory.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING

from .check_import import (
    Carries,
    HeldLines,
    NamesOfFiles,
    NewNames,
    left_behind_alone,
    stacks_unknown,
)
from .check_summary import FileSummary as FileSummary  # (imported from here too)
from .check_summary import problem_line as problem_line
from .check_summary import problems as problems
from .check_tournaments import Tournaments
from .file_choice import history_files  # the one walk
from .model.errors import BadugiError
from .model.events import HandRecord
from .model.frozen import fields_eq, fields_hash, fields_repr, frozen_fields
from .model.results import HandOutcome, TableGap, Violation
from .parallel import ordered_map, resolve_jobs
from .replay import TableTracker, replay_stream
from .sources import detect_format, open_file, read_stream  # the one reader, by content

if TYPE_CHECKING:
    from array import array

    from .check_across import FileFacts
    from .check_files import Keys
    from .check_import import NewNames
    from .check_tournaments import TournamentHands
    from .sites.common import SkippedHand

Progress = Callable[[int], None]
"""Told how many more hands have been replayed: 1 per hand in this process, a file's count when
a worker process finishes the file (``check`` draws its progress bar with it)."""


@frozen_fields
class CheckedFile:
    """One file checked on its own (possibly in a worker process): its problem lines, in
    hand order, and its summary (none when the file held no hand).  Frozen by the model's
    shared methods, its constructor written out: nothing compiled at start."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    problems: list[str]
    summaries: list[FileSummary]
    starts: list[int] | None = None
    """The line of the hand each problem line is of (with ``keys``): where a problem found
    with another file goes among them."""
    keys: dict[int, array[int]] | None = None
    """For a check of several files: the file's hands that replayed without a problem from
    known stacks (one dealt from stacks a broken hand left unknown is not stored either), by
    the table of their event (:func:`~.model.copies.file_key`): each one's number and line, in
    turn.  16 bytes a hand, not the hands (:class:`~.check_files.HandsOfFiles`)."""
    facts: FileFacts | None = None
    """With ``keys``: the event of each table and each event's terms
    (:class:`~.check_across.FileFacts`)."""
    tournaments: TournamentHands | None = None
    """With ``keys``: the file's hands of tournaments, which the warnings of a tournament
    are found of once every file was read (:mod:`.check_tournaments`)."""
    names: NewNames | None = None
    """With ``keys``: the players' names its stored hands make (:mod:`.check_import`)."""

    def __init__(
        self,
        problems: list[str],
        summaries: list[FileSummary],
        starts: list[int] | None = None,
        keys: dict[int, array[int]] | None = None,
        facts: FileFacts | None = None,
        tournaments: TournamentHands | None = None,
        names: NewNames | None = None,
    ) -> None:
        object.__setattr__(
            self,
            "__dict__",
            {
                "problems": problems,
                "summaries": summaries,
                "starts": starts,
                "keys": keys,
                "facts": facts,
                "tournaments": tournaments,
                "names": names,
            },
        )


def check_file(
    path: Path, progress: Progress | None = None, fmt: str | None = None, keyed: bool = False
) -> CheckedFile:
    """Replay every hand of one file (read as ``fmt``, None: detected); what the text report
    prints for it, and (``keyed``: a check of several files) the keys of its hands.  What
    only the whole file tells (:meth:`~.replay.pools.Pools.at_end`) is a warning at its
    hand's line among the others, and so, of one file, are its tournaments' warnings
    (:mod:`.check_tournaments`)."""
    run = CheckRun([path], jobs=1, progress=progress, fmt=fmt)
    tracker = TableTracker()
    lines: list[str] = []
    starts: list[int] = []
    kept = _keys_kind()() if keyed else None
    tournaments = Tournaments()
    names = NewNames()
    for outcome in run.outcomes(tracker):
        for error in problems(outcome):
            lines.append(problem_line(outcome, error))
            starts.append(outcome.pos.line)
        if kept is not None:
            kept.keep(outcome)
        tournaments.keep(outcome)
        names.keep(outcome)
    at_end = tracker.pools.at_end()
    if not keyed:
        said = NamesOfFiles().found(names, again=partial(run.replayed, path))
        said += left_behind_alone(tracker.pools, at_end)
        if tournaments.hands is not None:
            said += tournaments.found()
        at_end += [(str(outcome.hand_id), found) for outcome, found in said]
    for hand, found in at_end:
        pos = found.pos
        at = bisect_left(starts, pos.line)
        lines.insert(at, problem_line(HandOutcome(pos.source, hand, pos), found))
        starts.insert(at, pos.line)
    _count_at_end(run.summaries, [found for _, found in at_end])
    keys, facts = (None, None) if kept is None else (kept.held, kept.facts)
    if facts is not None:
        facts.pools = tracker.pools
    if not keyed:
        return CheckedFile(lines, run.summaries)
    return CheckedFile(lines, run.summaries, starts, keys, facts, tournaments.hands, names)


@cache
def _keys_kind() -> type[Keys]:
    """:class:`~.check_files.Keys`, imported the first time a check of several files keeps a
    file's keys: a check of one file loads none of it, and a folder of one-hand files (PHH)
    would otherwise run the import statement once per file."""
    from .check_files import Keys

    return Keys


def _count_at_end(summaries: list[FileSummary], found: Iterable[Violation]) -> None:
    """The summaries count the problems found of hands once their file was read, or with
    another file (:meth:`~.replay.pools.Pools.at_end`, :class:`~.check_files.HandsOfFiles`),
    at each one's hand: a warning as one more, an error as a hand with a violation (it
    replayed without one; a hand once however many it has)."""
    wrong: set[tuple[str, int]] = set()
    for violation in found:
        pos = violation.pos
        summary = next((s for s in summaries if s.source == pos.source), None)
        if summary is None:
            continue
        if violation.kind == "warning":
            summary.warnings += 1
        elif (pos.source, pos.line) not in wrong:
            wrong.add((pos.source, pos.line))
            summary.ok -= 1
            summary.violations += 1


@dataclass(init=False, eq=False, repr=False)
class CheckRun:
    """One ``check`` over some files; iterate :meth:`lines` to run it.  (Its constructor is
    written out and its equality and ``repr`` are the model's shared ones, as for
    :class:`FileSummary`.)"""

    __eq__, __repr__ = fields_eq, fields_repr
    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as the dataclass makes it

    files: Sequence[Path]
    summaries: list[FileSummary] = field(default_factory=list)
    jobs: int | None = None
    """Processes for the text report (None or 0: every core; 1: this process only)."""
    strict: bool = False
    """Count warnings as problems (:attr:`all_ok`)."""
    progress: Progress | None = None
    """Told of the hands replayed as the run goes on (see :data:`Progress`)."""
    finished: bool = False
    """Whether :meth:`lines` or :meth:`outcomes` has been read to its end (:attr:`all_ok`
    answers for the whole run only then)."""
    fmt: str | None = None
    """The format every file is read as (one of :data:`~badugi_ledger.sources.FORMATS`, the
    CLI's ``--from``); None: each file's is detected from its content."""

    def __init__(
        self,
        files: Sequence[Path],
        summaries: list[FileSummary] | None = None,
        jobs: int | None = None,
        strict: bool = False,
        progress: Progress | None = None,
        finished: bool = False,
        fmt: str | None = None,
    ) -> None:
        self.files = files
        self.summaries = [] if summaries is None else summaries
        self.jobs = jobs
        self.strict = strict
        self.progress = progress
        self.finished = finished
        self.fmt = fmt

    def outcomes(self, tracker: TableTracker | None = None) -> Iterator[HandOutcome]:
        """Every hand of every file, replayed, in order (lazily, in this process), with
        ``tracker``'s tables (default: a new one).  A file's summary counts its skipped hands
        of other games once the file has been read."""
        yield from self._outcomes(self.files, tracker)
        self.finished = True

    def _outcomes(
        self, files: Sequence[Path], tracker: TableTracker | None
    ) -> Iterator[HandOutcome]:
        """:meth:`outcomes` of ``files``, their summaries added to the run's."""
        skipped: Counter[str] = Counter()

        def skip(hand: SkippedHand) -> None:
            skipped[hand.source] += 1

        def summary(source: str) -> FileSummary:
            if not self.summaries or self.summaries[-1].source != source:
                self.summaries.append(FileSummary(source))
            return self.summaries[-1]

        def items() -> Iterator[HandRecord | BadugiError | TableGap]:
            for path in files:
                yield from read_stream(path, self.fmt, on_skip=skip)
                if skipped[str(path)]:
                    summary(str(path)).skipped = skipped.pop(str(path))

        progress = self.progress
        carries = Carries()
        if tracker is not None:
            tracker.pools.not_stored = carries.not_stored
        for outcome in replay_stream(items(), tracker=tracker):
            outcome = carries.held(stacks_unknown(outcome))
            summary(outcome.source).add(outcome)
            if progress is not None:
                progress(1)
            yield outcome

    def replayed(self, path: Path) -> Iterator[HandOutcome]:
        """``path``'s hands replayed again, read as this run reads its files: what a check of
        several files compares of two files' hands (:mod:`.check_files`)."""
        return CheckRun([path], jobs=1, fmt=self.fmt).outcomes()

    def lines(self, *, as_json: bool = False) -> Iterator[str]:
        """The report, line by line: each file's problems then its summary, files in the
        order given (or, with ``as_json``, one JSON object per hand)."""
        if as_json:
            yield from self._json_lines()
            self.finished = True
            return
        self.finished = False
        here = resolve_jobs(self.jobs, len(self.files)) == 1
        several = len(self.files) > 1
        check = partial(
            check_file, progress=self.progress if here else None, fmt=self.fmt, keyed=several
        )
        others: list[FileSummary] = []  # files of other games only: one line for them all
        if several:
            from .check_files import HandsOfFiles
        hands = HandsOfFiles(self.replayed) if several else None
        tournaments = Tournaments()
        names = NamesOfFiles()
        held: HeldLines | None = None  # from the first file holding a tournament's hands on
        for path, report in zip(self.files, ordered_map(check, self.files, self.jobs), strict=True):
            found, refused = [], False
            if hands is not None and report.keys:
                found, refused = hands.found(path, report.keys, report.facts), hands.refused
            found += names.found(report.names, found, refused, partial(self.replayed, path))
            found.sort(key=lambda f: f[0].pos.line)
            placed = _with_other_files(report, found)
            mine = None if refused else report.tournaments  # (refused whole: none stored)
            if tournaments.add(mine, report.facts.pools if report.facts else None):
                held = held or HeldLines()  # (from the first such file on: said at the end)
            if held is not None:
                held.file(str(path), placed)
            else:
                yield from (text for _, text in placed)
            for summary in report.summaries:
                self.summaries.append(summary)
                if summary.only_other_games and len(self.files) > 1:
                    others.append(summary)
                elif held is not None:
                    held.summary(len(self.summaries) - 1)
                else:
                    yield summary.line()
            if self.progress is not None and not here:
                self.progress(sum(s.hands for s in report.summaries))
        if held is not None:
            found = tournaments.found(hands, self.files)
            _count_at_end(self.summaries, [warning for _, warning in found])
            yield from held.lines(
                [(o.source, o.pos.line, problem_line(o, w)) for o, w in found], self.summaries
            )
        read = {s.source for s in self.summaries}
        for path in self.files:
            if str(path) not in read:
                yield FileSummary(str(path)).line()
        if others:
            from .ledger.report import other_games_line  # with the import report: not at start

            yield other_games_line(len(others), sum(s.skipped for s in others))
        if len(self.files) > 1:
            yield self.total().line()
        self.finished = True

    def _json_lines(self) -> Iterator[str]:
        """The ``--json`` report: each file's hands, one JSON object each, once the file is
        read to its end - what only the whole file tells (:meth:`~.replay.pools.Pools.at_end`)
        and, of several files, what an earlier one tells of its hands
        (:class:`~.check_files.HandsOfFiles`) are in the ``errors`` or ``warnings`` of the
        hand they are found at, after its own (its ``ok`` false for an error), as the text
        report has them at its line.  Meanwhile the
        file's objects wait in a spooled file, on disk past a megabyte: memory stays
        flat however long the file.  One process, whatever ``jobs``."""
        import json
        from tempfile import SpooledTemporaryFile

        from .check_json import JSON_SPOOL, outcome_dict, with_found  # only for this report
        from .model.escaping import json_text

        if len(self.files) > 1:
            from .check_files import HandsOfFiles, Keys
        hands = HandsOfFiles(self.replayed) if len(self.files) > 1 else None
        tournaments = Tournaments()
        names = NamesOfFiles()
        held: SpooledTemporaryFile[str] | None = None  # from the first tournament's file on
        held_found: list[tuple[int, list[Violation]]] = []  # each held file's objects, found
        for path in self.files:
            tracker = TableTracker()
            kept = Keys() if hands is not None else None
            mine = Tournaments()
            new = NewNames()
            with SpooledTemporaryFile(JSON_SPOOL, "w+", encoding="utf-8", newline="\n") as spool:
                count = 0
                for outcome in self._outcomes([path], tracker):
                    spool.write(json_text(outcome_dict(outcome)) + "\n")
                    count += 1
                    if kept is not None:
                        kept.keep(outcome)
                    mine.keep(outcome)
                    new.keep(outcome)
                at_end = tracker.pools.at_end()
                found = [violation for _, violation in at_end]
                refused = False
                if hands is not None and kept is not None and kept.held:
                    kept.facts.pools = tracker.pools
                    said = hands.found(path, kept.held, kept.facts)
                    found += [error for _, error in said]
                    refused, again = hands.refused, partial(self.replayed, path)
                    found += [w for _, w in names.found(new, said, refused, again)]
                else:
                    again = partial(self.replayed, path)
                    found += [warning for _, warning in names.found(new, again=again)]
                if hands is None:  # (of several files, at the end: Tournaments.found)
                    found += [w for _, w in left_behind_alone(tracker.pools, at_end)]
                _count_at_end(self.summaries, found)
                spool.seek(0)
                stored = None if refused else mine.hands  # (refused whole: none stored)
                if tournaments.add(stored, tracker.pools) and held is None:
                    held = SpooledTemporaryFile(  # noqa: SIM115 - closed below, once read
                        JSON_SPOOL, "w+", encoding="utf-8", newline="\n"
                    )
                if held is None:
                    yield from with_found(spool, found)
                    continue
                for text in spool:  # (a tournament's warnings are found once all is read)
                    held.write(text)
                held_found.append((count, found))
        if held is None:
            return
        warnings = [warning for _, warning in tournaments.found(hands, self.files)]
        _count_at_end(self.summaries, warnings)
        with held:
            held.seek(0)
            for count, found in held_found:
                objects = [held.readline() for _ in range(count)]
                source = json.loads(objects[0])["source"] if objects else None
                found += [w for w in warnings if w.pos.source == source]
                yield from with_found(objects, found)

    def total(self) -> FileSummary:
        total = FileSummary(f"total ({len(self.files)} files)", _total=True)
        for s in self.summaries:
            total.hands += s.hands
            total.ok += s.ok
            total.violations += s.violations
            total.mismatches += s.mismatches
            total.incomplete += s.incomplete
            total.outside += s.outside
            total.unread += s.unread
            total.skipped += s.skipped
            total.warnings += s.warnings
        return total

    @property
    def all_ok(self) -> bool:
        """True when every hand of every file replayed with no problem (and, when ``strict``,
        without a warning).  A run not read yet is read first (its report unseen); one whose
        reading was left half way is no answer (:class:`RuntimeError`): the hands not read
        cannot count as ok."""
        if not self.finished:
            if self.summaries:
                raise RuntimeError("the check was not read to its end: read the rest first")
            for _ in self.lines():
                pass
        return all(s.all_ok and not (self.strict and s.warnings) for s in self.summaries)


def _with_other_files(
    report: CheckedFile, found: list[tuple[HandOutcome, Violation]]
) -> Iterator[tuple[int, str]]:
    """``report``'s problem lines with those ``found`` with other files
    (:class:`~.check_files.HandsOfFiles`) among them, each before the problems of its hand;
    the file's summary counts them (:func:`_count_at_end`).  Each with its hand's line."""
    starts = report.starts or [0] * len(report.problems)
    if not found:
        yield from zip(starts, report.problems, strict=True)
        return
    _count_at_end(report.summaries, [error for _, error in found])
    done = 0
    for outcome, error in found:
        while done < len(starts) and starts[done] < outcome.pos.line:
            yield starts[done], report.problems[done]
            done += 1
        yield outcome.pos.line, problem_line(outcome, error)
    yield from zip(starts[done:], report.problems[done:], strict=True)


def count_hands(files: Sequence[Path], fmt: str | None = None) -> int | None:
    """How many hands ``files`` hold, counted cheaply (the ``hand`` lines of our own format,
    read as bytes, nothing parsed); None when a file is a site's history, whose hands are only
    known by reading them (or cannot be read).  A progress bar's total, not a figure to trust."""
    total = 0
    for path in files:
        try:
            if (fmt or detect_format(path)) != "text":
                return None
            with open_file(path) as handle:
                total += sum(1 for line in handle if line.startswith((b"hand ", b"hand\t")))
        except OSError:
            return None
    return total


def run_check(
    paths: Iterable[str | Path],
    *,
    jobs: int | None = None,
    strict: bool = False,
    progress: Progress | None = None,
    fmt: str | None = None,
) -> CheckRun:
    """Prepare a check of ``paths`` (files, or folders searched recursively) on ``jobs``
    processes (None: every core); ``strict`` makes a warning fail the check; ``progress`` is
    told of the hands replayed as the run goes on (see :data:`Progress`); ``fmt`` reads every
    file as that format (see :data:`~badugi_ledger.sources.FORMATS`; None: detected)."""
    return CheckRun(history_files(paths), jobs=jobs, strict=strict, progress=progress, fmt=fmt)
