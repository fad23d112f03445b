"""The files of one import that wait for another: tried again once the others are stored.

Each file of an import is its own transaction, checked against the ledger as the files before
it left it.  Corrected nights that pass a Progressive Badugi pot between them depend on each
other: night one corrected to carry less is refused while the ledger still holds night two's
hand taking the old pot, though night two's corrected file, later in the same import, takes
only the new one; and a file whose own ``carry in`` is more than the ledger's version of the
night before carries is refused though that night's corrected file comes after it.  The order
that works depends on the correction (a pot lowered: the taking night first; raised: the
carrying night first), so no order given is the right one for every run.

So a file refused for a carried pot (:meth:`.ImportRun.refused_for_carry`) is tried again,
in the order given, after the run's other files, whenever a file of the run committed after
its refusal (:meth:`.ImportRun.waits`); and again while any such try stores a file.  A try
that stores nothing changes nothing, so the run ends: at most one more pass than there are
such files, and a last word (below).  The ledger then holds what importing the files one by
one in a working order holds, which is what a fresh ledger of the final files holds.

A file refused as a copy of a night the ledger counts from other files of the run
(:meth:`.ImportRun.refused_as_copy`; :mod:`.night_copies`) waits too, for one of those files:
a hand moved unchanged from a night's file to a new one (the night renamed, say) is a copy
only while the ledger counts it from the old file, which, corrected, holds it no more once
stored.  So it is tried again, in the same passes, once one of those files committed after its
refusal; a file that is a copy is refused again, on the ledger as the run leaves it.  So is a
file stored with hands of it conflicts as copies at a table named otherwise
(:func:`.conflicts.copy_elsewhere`) of hands of such files: a night split in two with its
table renamed, the new file's hands are the ledger's at the old name until the night's own
file, renamed, is stored.  Tried again, its report counts what both its commits stored
(:func:`_as_stored`); a file stored again that stores nothing new wakes no other file
(:meth:`.ImportRun.remember`), so files each holding copies of the other's hands end the run.

A file still refused is refused as the ledger stands at the end of the run, its message
naming what to run with the run's other files in view.  A file refused before another file of
the run was refused for a carried pot too is tried once more at the end, its last word
(nothing was stored since its refusal, so the ledger is as it was then), so that its message
names that file: two corrections that no order stores one by one (a pot raised that the
next night's stored hand takes in part) each point to the other.

Each file keeps its own transaction, and a file tried again is read again (the one-process
reader, as the workers' rows of a refused file were not kept): the same rows and ids for any
``--jobs``.

Some corrections can be stored in no order one file at a time, though a fresh ledger of the
final files holds them: a pot raised whose next night's hand now takes all of it (each file
alone leaves the other's old pot taken in part, or takes more than the other's old pot), a pot
raised across a chain of nights.  So the files still refused for carried pots when the tries
stop storing anything are stored **together**, in groups: the files that pass pots between
them.  A pot passes only within its pool (one table's hands of one cash unit, or of one
tournament: :mod:`.carried_pots`), so two files are of one group when the pools of carried
pots they change share one (:meth:`.ImportRun.sharing`), or are linked by files that do (a
chain of nights n1-n2-n3 is one group); a file refused for a pot of another table, or of
another unit, is no part of it, and its mistake never refuses the group.  Each group of two
files or more is stored in ONE transaction (:class:`~.file_transaction.StoredTogether`), in
the order given, each file checked as a file alone is but for its carried pots, which are
checked once with all of the group in; all of the group is stored, or none of it, whatever
becomes of the other groups (their pools are not its).  A group of one file is a file refused
as any is.  A file of a group refused for another reason (its players' seats, say, which a
file refused for a pot was not checked for) keeps that refusal and leaves the group, whose
other files are grouped again without it.  A group whose pots do not balance even so is
refused whole, each file keeping the refusal its last try gave, and the report says what the
group was refused for.  Groups are tried in the order of their first file given, so the
ledger and the report are the same for any ``--jobs``.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

from ..model.errors import LedgerError
from .file_transaction import StoredTogether
from .import_run import ImportRun
from .report import FileReport, ImportReport
from .stopped_report import ImportInterrupted, KeptInPart


class RunRetries:
    """The tries again of one import's waiting files; :attr:`current` is the index of the file
    being tried again (None between tries), :attr:`together` the indices of the files being
    stored together, for a Ctrl-C to name them (:meth:`interrupted`)."""

    __slots__ = (
        "current",
        "db",
        "files",
        "kept",
        "refused_groups",
        "run",
        "stored_groups",
        "together",
    )

    def __init__(self, files: Sequence[Path], run: ImportRun, db: sqlite3.Connection) -> None:
        self.files = files
        self.run = run
        self.db = db
        self.current: int | None = None
        self.kept: FileReport | None = None
        """The report of the file being tried again as its commit before left it (stored in
        part: its copies at a table named otherwise left out); None when nothing of it was
        stored before."""
        self.together: tuple[int, ...] | None = None
        self.stored_groups: list[tuple[str, ...]] = []
        """The groups of files stored together (module docstring), each in the order given."""
        self.refused_groups: list[tuple[tuple[str, ...], str]] = []
        """The groups of files tried together and refused whole, each with what refused it."""

    def try_again(
        self,
        reports: list[FileReport],
        import_one: Callable[[Path], FileReport],
        import_with: Callable[[Path, StoredTogether], FileReport],
    ) -> None:
        """Import again each file of the run that waits for another (module docstring), its
        new report in place of its old one in ``reports`` (one per file, in the order given);
        then store together those still refused for carried pots (``import_with``: a file
        stored as one of a group), group by group (module docstring)."""
        last_word = False
        while True:
            waiting = [i for i, path in enumerate(self.files) if self.run.waits(str(path))]
            if not waiting and not last_word:
                last_word = True
                early = list(self.run.carry_refused)[:-1]  # (in the order of their refusals)
                waiting = [i for i, path in enumerate(self.files) if str(path) in early]
            if not waiting:
                break
            for index in waiting:
                source = str(self.files[index])
                committed = self.run.stored(source)  # (in part: copies at another table)
                self.kept = reports[index] if committed else None
                self.current = index
                self.run.last_stored = None  # (set again once this try commits)
                self.run.tried_again(source)  # (refused again: noted again)
                report = import_one(self.files[index])
                reports[index] = _as_stored(reports[index], report) if committed else report
                self.run.last_stored = None  # (its report is in place)
                self.current = self.kept = None
        groups = self._groups(
            [i for i, path in enumerate(self.files) if str(path) in self.run.carry_refused]
        )
        while groups:
            group = groups.pop(0)
            if len(group) >= 2:  # (the files left of it, once one left: grouped again)
                groups[:0] = self._groups(self._store_together(group, reports, import_with))

    def interrupted(
        self, report: ImportReport, stored: FileReport | None
    ) -> ImportInterrupted | None:
        """What a Ctrl-C that came while a file was tried again says (None when none was),
        ``report`` holding the run's reports so far and ``stored`` the report of that try if
        it committed.  Committed, the file's report is what both its commits stored.  Rolled
        back, a file that was not stored before is as it was, not begun; one stored in part
        before keeps its first try's report, and the words say which of its hands the ledger
        counts, and which it does not, so that "rolled back" is never read as none of it."""
        index = self.current
        if index is None:
            return None
        source = str(self.files[index])
        if stored is not None:  # (the run forgot what was stored before this try began)
            first = self.kept
            report.files[index] = stored if first is None else _as_stored(first, stored)
            return ImportInterrupted(report, None, 0)
        if self.kept is None:
            others = [f for i, f in enumerate(report.files) if i != index]
            return ImportInterrupted(dataclasses.replace(report, files=others), source, 0)
        try:
            counted: tuple[tuple[str, str], ...] | None = tuple(
                (str(table), str(number))
                for table, number in self.db.execute(
                    "SELECT coalesce(table_name, ''), hand_number FROM counted_hands "
                    "WHERE source = ? ORDER BY id",
                    [source],
                )
            )
        except sqlite3.Error:  # (the words say what stays all the same, by its report)
            counted = None
        left = tuple((c.table, c.hand) for c in self.kept.conflicts if not c.event_fact)
        return ImportInterrupted(report, source, 0, kept=KeptInPart(counted, left))

    def _groups(self, refused: list[int]) -> list[list[int]]:
        """The files ``refused`` (indices, in the order given) in groups of the files that pass
        pots between them (module docstring): those whose pools of carried pots share one, or
        are linked by files that do; each group in the order given, the groups in the order of
        their first file."""
        pools = {i: self.run.carry_pools.get(str(self.files[i]), frozenset()) for i in refused}
        groups: list[list[int]] = []
        for index in refused:
            joined = [g for g in groups if any(pools[index] & pools[i] for i in g)]
            rest = [g for g in groups if all(g is not j for j in joined)]
            groups = [*rest, sorted([index, *(i for g in joined for i in g)])]
        return sorted(groups)

    def _store_together(
        self,
        group: list[int],
        reports: list[FileReport],
        import_with: Callable[[Path, StoredTogether], FileReport],
    ) -> list[int]:
        """Store the files ``group`` (indices) in one transaction, all or none (module
        docstring); their reports in place of their refusals once they are stored.  The files
        to try together again: those of ``group`` but one refused for another reason, or none
        (stored, or refused whole)."""
        mark = self.run.mark()
        together = StoredTogether(self.db)
        names = tuple(str(self.files[i]) for i in group)
        tried: dict[int, FileReport] = {}
        self.together = tuple(group)
        try:
            together.begin()
            for index in group:
                tried[index] = report = import_with(self.files[index], together)
                if report.error is not None or report.refused or report.held_back:
                    together.rollback()
                    self.run.back_to(mark)
                    self.run.carry_refused.pop(str(self.files[index]), None)
                    reports[index] = report  # (its refusal: not a carried pot's)
                    self.together = None
                    return [i for i in group if i != index]
            short = together.short()
            refused = None if short is None else short.text()
            if refused is None:
                together.commit()
        except (LedgerError, sqlite3.Error) as exc:  # (the ledger busy, or not writable)
            refused = str(exc)
        except BaseException:  # Ctrl-C: all of them stored, or none (:attr:`together` says)
            if together.committed:
                self._stored(names, tried, reports)
            else:
                together.rollback()
                self.run.back_to(mark)
            raise
        if refused is not None:
            together.rollback()
            self.run.back_to(mark)
            self.refused_groups.append((names, refused))
            self.together = None
            return []
        self._stored(names, tried, reports)
        return []

    def _stored(
        self, names: tuple[str, ...], tried: dict[int, FileReport], reports: list[FileReport]
    ) -> None:
        """The files ``names`` were stored together: their reports in place of their
        refusals."""
        reports[:] = [tried.get(i, report) for i, report in enumerate(reports)]
        self.stored_groups.append(names)
        self.together = None


def _as_stored(first: FileReport, again: FileReport) -> FileReport:
    """The report of a file that committed in the run (``first``: its hands copies at a table
    named otherwise of another file's left out) and was tried again (``again``): what its
    commits stored together, each hand once, as an import of the file alone counts it - the
    hands the first stored, or stored over their old versions (``--replace``), are its own,
    met again, not duplicates; a try again refused, nothing of it stored, leaves the first's
    report: the ledger holds what the first stored."""
    if again.error is not None or again.refused or again.held_back:
        return first
    # Its own hands met again: those the first stored, and those it stored over their old
    # versions (hands it no longer holds, voided, an event's facts and what the report says
    # of a night it moved are not met again).
    own = first.stored + sum(1 for c in first.replaced_hands if not c.left_out)
    return dataclasses.replace(
        again,
        stored=first.stored + again.stored,
        duplicate=max(0, again.duplicate - own),
        replaced=first.replaced + again.replaced,
        void_events=[
            *first.void_events,
            *(v for v in again.void_events if v not in first.void_events),
        ],
    )


__all__ = ["RunRetries"]
