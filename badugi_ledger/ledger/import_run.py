"""What the files of one import hold, so that one file cannot undo another.

Each file of an import is its own transaction, compared with the ledger as the files before
it left it.  With ``--replace``, a stale copy of a night (an older version of a corrected
hand, still in another file of the same run) would then be stored over the correction the
file before it made or holds, and the ledger would silently keep whichever file came last.
An :class:`ImportRun` remembers the hands each committed file of the run stored, replaced or
held as the ledger does; a later file of the same run holding one of them with other content
is a conflict, never a replacement: the ledger keeps the first file's version, and the
conflict names that file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .report import FileReport


class ImportRun:
    """The hands the files of one import stored, replaced or held, as each file commits.

    It grows with the run, so it is not a frozen value; a file's new hands get consecutive
    row ids, so they are kept as one range per file."""

    __slots__ = ("_held", "_new", "last_stored")

    def __init__(self) -> None:
        self._new: list[tuple[int, int, str]] = []
        """(first id, id after the last, file) of each file's new hands."""
        self._held: dict[int, str] = {}
        """The first file of the run that replaced or held each hand the ledger had, by id."""
        self.last_stored: FileReport | None = None
        """The report of the file of the run committed last: a Ctrl-C that lands after its
        commit but before the import has taken the report (while a staging file is deleted,
        say) finds it here, so the import says that file is stored."""

    def remember(self, source: str, first_new: int, next_new: int, held: set[int]) -> None:
        """A file of the run committed: its new hands are the ids ``first_new`` ..
        ``next_new - 1``, and it replaced, or held as the ledger does, the hands ``held``."""
        if next_new > first_new:
            self._new.append((first_new, next_new, source))
        for hand_id in held:
            self._held.setdefault(hand_id, source)

    def holder(self, hand_id: int) -> str | None:
        """The file of this run that stored, replaced or held the hand with row id
        ``hand_id``; None when no file of the run did."""
        for first, end, source in self._new:
            if first <= hand_id < end:
                return source
        return self._held.get(hand_id)


__all__ = ["ImportRun"]
