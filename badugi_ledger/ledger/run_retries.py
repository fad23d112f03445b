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

A file still refused is refused as the ledger stands at the end of the run, its message
naming what to run with the run's other files in view.  A file refused before another file of
the run was refused for a carried pot too is tried once more at the end, its last word
(nothing was stored since its refusal, so the ledger is as it was then), so that its message
names that file: two corrections that no order stores one by one (a pot raised that the
next night's stored hand takes in part) each point to the other.

Each file keeps its own transaction, and a file tried again is read again (the one-process
reader, as the workers' rows of a refused file were not kept): the same rows and ids for any
``--jobs``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from .import_run import ImportRun
from .report import FileReport


class RunRetries:
    """The tries again of one import's waiting files; :attr:`current` is the index of the file
    being tried again (None between tries), for a Ctrl-C to name it."""

    __slots__ = ("current", "files", "run")

    def __init__(self, files: Sequence[Path], run: ImportRun) -> None:
        self.files = files
        self.run = run
        self.current: int | None = None

    def try_again(
        self, reports: list[FileReport], import_one: Callable[[Path], FileReport]
    ) -> None:
        """Import again each file of the run that waits for another (module docstring), its
        new report in place of its old one in ``reports`` (one per file, in the order given)."""
        last_word = False
        while True:
            waiting = [i for i, path in enumerate(self.files) if self.run.waits(str(path))]
            if not waiting and not last_word:
                last_word = True
                early = list(self.run.carry_refused)[:-1]  # (in the order of their refusals)
                waiting = [i for i, path in enumerate(self.files) if str(path) in early]
            if not waiting:
                return
            for index in waiting:
                self.current = index
                self.run.carry_refused.pop(str(self.files[index]))  # (refused again: noted again)
                reports[index] = import_one(self.files[index])
                self.current = None


__all__ = ["RunRetries"]
