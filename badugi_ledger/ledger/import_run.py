"""What the files of one import hold, so that one file cannot undo another.

Each file of an import is its own transaction, compared with the ledger as the files before
it left it.  With ``--replace``, a stale copy of a night (an older version of a corrected
hand, still in another file of the same run) would then be stored over the correction the
file before it made or holds, and the ledger would silently keep whichever file came last.
An :class:`ImportRun` remembers the hands each committed file of the run stored, replaced or
held as the ledger does; a later file of the same run holding one of them with other content
is a conflict, never a replacement: the ledger keeps the first file's version, and the
conflict names that file.

A file refused for a carried pot (:func:`~.file_transaction.store_file`) may be refused only
because another file of the run had not stored its correction yet: the run notes it
(:meth:`ImportRun.refused_for_carry`), with the pools of carried pots it changes, so that the
import tries it again after the others (:mod:`.run_retries`), stores it together with the files
refused for pots of its pools (:meth:`ImportRun.sharing`), and a refusal names a file of the
run as one (:meth:`ImportRun.of_run`).
A file refused as a copy of a night the ledger counts from files of the run
(:meth:`ImportRun.refused_as_copy`) may hold hands moved to it from one of them, which that
file, corrected, no longer holds once stored: it is tried again after that file too.
The warnings of the run's tournaments are those of the ledger as the run ends
(:attr:`ImportRun.warns_at_end`).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .report import FileReport


Pool = tuple[str, str]
"""A pool of carried Progressive Badugi pots: a table (``''``: the one without a name) and its
:data:`~.carried_pots.CARRY_POOL` (a cash unit, one tournament)."""


class RunMark(NamedTuple):
    """What an :class:`ImportRun` held at one moment (:meth:`ImportRun.mark`)."""

    stored_files: list[str]
    carry_refused: dict[str, int]
    copy_refused: dict[str, tuple[int, frozenset[str]]]
    new: list[tuple[int, int, str]]
    held: dict[int, str]


class ImportRun:
    """The hands the files of one import stored, replaced or held, as each file commits.

    It grows with the run, so it is not a frozen value; a file's new hands get consecutive
    row ids, so they are kept as one range per file."""

    __slots__ = (
        "_held",
        "_new",
        "carry_pools",
        "carry_refused",
        "copy_refused",
        "files",
        "last_stored",
        "stored_files",
    )

    def __init__(self, files: Iterable[str] = ()) -> None:
        self.files = tuple(files)
        """The run's files, as given, in the order given."""
        self.stored_files: list[str] = []
        """The files of the run committed so far, in the order they committed (a file tried
        again may commit after files given after it)."""
        self.carry_refused: dict[str, int] = {}
        """The files of the run whose last try was refused for a carried pot, each with how
        many files of the run had committed then (:meth:`waits`)."""
        self.copy_refused: dict[str, tuple[int, frozenset[str]]] = {}
        """The files of the run whose last try was refused as a copy of hands the ledger
        counts from other files of the run, each with how many files of the run had committed
        then and those files (:meth:`waits`)."""
        self.carry_pools: dict[str, frozenset[Pool]] = {}
        """The pools of carried pots each file refused for one changes, as its last refusal
        found them (:meth:`sharing`)."""
        self._new: list[tuple[int, int, str]] = []
        """(first id, id after the last, file) of each file's new hands."""
        self._held: dict[int, str] = {}
        """The first file of the run that replaced or held each hand the ledger had, by id."""
        self.last_stored: FileReport | None = None
        """The report of the file of the run committed last: a Ctrl-C that lands after its
        commit but before the import has taken the report (while a staging file is deleted,
        say) finds it here, so the import says that file is stored."""

    def remember(
        self, source: str, first_new: int, next_new: int, held: set[int], replaced: bool
    ) -> None:
        """A file of the run committed: its new hands are the ids ``first_new`` ..
        ``next_new - 1``, and it replaced (``replaced``: one or more), or held as the ledger
        does, the hands ``held``.  A file committed again (tried again once another was
        stored: :mod:`.run_retries`) that stores no new hand and replaces none changed nothing,
        so it is no commit the files that wait wait for (:meth:`waits`): two files each holding
        copies of the other's hands at a table named otherwise are not tried in turn for ever."""
        if source not in self.stored_files or next_new > first_new or replaced:
            self.stored_files.append(source)
        self.carry_refused.pop(source, None)
        self.copy_refused.pop(source, None)
        if next_new > first_new:
            self._new.append((first_new, next_new, source))
        for hand_id in held:
            self._held.setdefault(hand_id, source)

    def mark(self) -> RunMark:
        """What the run holds now, for :meth:`back_to`: files stored together
        (:class:`~.file_transaction.StoredTogether`) are remembered as each is stored, so that
        one of them cannot undo another, and forgotten if their group is rolled back."""
        return RunMark(
            list(self.stored_files),
            dict(self.carry_refused),
            dict(self.copy_refused),
            list(self._new),
            dict(self._held),
        )

    def back_to(self, mark: RunMark) -> None:
        """Hold again what the run held at ``mark`` (:meth:`mark`)."""
        self.stored_files, self.carry_refused = list(mark[0]), dict(mark[1])
        self.copy_refused = dict(mark[2])
        self._new, self._held = list(mark[3]), dict(mark[4])

    def holder(self, hand_id: int) -> str | None:
        """The file of this run that stored, replaced or held the hand with row id
        ``hand_id``; None when no file of the run did."""
        for first, end, source in self._new:
            if first <= hand_id < end:
                return source
        return self._held.get(hand_id)

    def refused_for_carry(self, source: str, pools: frozenset[Pool] = frozenset()) -> None:
        """The file ``source`` was refused for a carried pot (nothing of it stored); ``pools``:
        the pools of carried pots it changes (:data:`Pool`)."""
        self.carry_refused[source] = len(self.stored_files)
        self.carry_pools[source] = pools

    def refused_as_copy(self, source: str, files: Iterable[str]) -> None:
        """The file ``source`` was refused as a copy of hands the ledger counts from ``files``
        (as their imports named them; nothing of it stored), or stored with hands of it left
        out as copies of theirs at a table named otherwise (conflicts): noted when one of them
        is a file of the run, which may no longer hold those hands once stored
        (:meth:`waits`)."""
        ours = frozenset(
            path for path in map(self.of_run, files) if path is not None and path != source
        )
        if ours:
            self.copy_refused[source] = (len(self.stored_files), ours)

    def tried_again(self, source: str) -> None:
        """The file ``source`` is tried again: what refused it last is forgotten (a refusal
        again notes it again)."""
        self.carry_refused.pop(source, None)
        self.copy_refused.pop(source, None)

    def sharing(self, source: str) -> list[str]:
        """The other files of the run refused for a carried pot whose pools of carried pots
        share one with those of ``source``, in the order of their refusals: the files whose
        pots may pass to its hands, or its pots to theirs.  A pot never passes between pools,
        so a file refused in another pool is none of its business."""
        own = self.carry_pools.get(source, frozenset())
        return [
            path
            for path in self.carry_refused
            if path != source and own & self.carry_pools.get(path, frozenset())
        ]

    def waits(self, source: str) -> bool:
        """Whether the file ``source`` was refused for a carried pot and another file of the
        run committed since: the pots it was held to may be as it needs them now; or was
        refused as a copy of hands of files of the run one of which committed since: that
        file may hold them no more (a hand moved from it to ``source``)."""
        refused = self.carry_refused.get(source)
        if refused is not None and refused < len(self.stored_files):
            return True
        count, of = self.copy_refused.get(source, (0, frozenset()))
        return any(path in of for path in self.stored_files[count:])

    def of_run(self, source: str | None) -> str | None:
        """The file of this run that ``source`` (a hand's file, as the import that stored it
        named it) is, as the run names it; None when it is none of them.  A path given
        otherwise (relative, absolute) is the same file when it leads to the same place."""
        if source is None:
            return None
        if source in self.files:
            return source
        here = os.path.realpath(source)
        return next((path for path in self.files if os.path.realpath(path) == here), None)

    @property
    def warns_at_end(self) -> bool:
        """Whether the run's warnings of tournaments and of carried pots are found once, as its
        last file leaves the ledger (:func:`~.file_transaction.refresh_warnings`), rather than
        as each file commits: with more than one file, a later file may make a warning untrue
        or true (the table a player came from, or plays on at; the next night at a table,
        taking less of a pot), and a tournament or a table kept in many files would be read
        again at each."""
        return len(self.files) > 1

    def stored(self, source: str) -> bool:
        """Whether the run's file ``source`` committed."""
        return source in self.stored_files


__all__ = ["ImportRun", "Pool", "RunMark"]
