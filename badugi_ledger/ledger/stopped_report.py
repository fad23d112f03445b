"""What an import stopped by Ctrl-C (or SIGTERM) says: which files are stored, which file was
rolled back, which were never started, and what the ledger holds of a file stored in part
before it was tried again; apart from what a finished import reports (:mod:`.report`)."""

from __future__ import annotations

from dataclasses import dataclass

from .report import FileReport, ImportReport, and_list


class StoredThenInterrupted(KeyboardInterrupt):
    """Ctrl-C after a file's transaction was committed, while what follows it ran (the
    warnings of the ledger with it, the run's memory of it): the file is stored, and
    ``report`` says what it stored (its warnings may be missing)."""

    def __init__(self, report: FileReport) -> None:
        super().__init__()
        self.report = report


@dataclass(frozen=True)
class KeptInPart:
    """What the ledger holds of a file of the run that was stored in part (its hands copies
    at a table named otherwise of another file's left out: :mod:`.run_retries`) and was being
    tried again when Ctrl-C came: that try is rolled back, its first commit stays."""

    counted: tuple[tuple[str, str], ...] | None
    """The file's hands the ledger counts, as (table, hand number), in the ledger's order;
    None when the ledger could not be read for them."""
    not_stored: tuple[tuple[str, str], ...]
    """The hands its try again would have stored: its first try's conflicts, (table,
    number)."""

    def text(self) -> str:
        """What stays of the file, by hand.

        >>> KeptInPart((("Kitchen", "P3"),), (("Kitchen", "P2"),)).text()
        'the ledger counts its hand P3 at table Kitchen, not its hand P2 at table Kitchen'
        >>> KeptInPart(None, (("Kitchen", "P2"),)).text()
        'the ledger counts the hands its first try stored, not its hand P2 at table Kitchen'
        """
        counted = f"its {_hands(self.counted)}" if self.counted else "none of its hands"
        if self.counted is None:
            counted = "the hands its first try stored"
        if not self.not_stored:
            return f"the ledger counts {counted}"
        return f"the ledger counts {counted}, not its {_hands(self.not_stored)}"


_NAMED_HANDS = 5
"""How many hands a Ctrl-C's words name by number, the others counted."""


def _hands(hands: tuple[tuple[str, str], ...]) -> str:
    """``hand P3 at table Kitchen``, ``hands P1 and P2 at table A, and 4 more``: the first
    :data:`_NAMED_HANDS` named, table by table, in their order.

    >>> _hands((("A", "1"), ("A", "2"), ("", "7")))
    'hands 1 and 2 at table A, and 7'
    """
    named, more = hands[:_NAMED_HANDS], len(hands) - _NAMED_HANDS
    tables: dict[str, list[str]] = {}
    for table, number in named:
        tables.setdefault(table, []).append(number)
    words = [
        and_list(numbers) + (f" at table {table}" if table else "")
        for table, numbers in tables.items()
    ]
    if more > 0:
        words.append(f"{more} more")
    return f"hand{'s' if len(hands) != 1 else ''} " + _and_listed(words)


def _and_listed(words: list[str]) -> str:
    """``a``, ``a, and b``, ``a, b, and c``: each of ``words`` may hold an ``and`` itself."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + ", and " + words[-1]


class ImportInterrupted(KeyboardInterrupt):
    """Ctrl-C during an import.  Each file is stored in one transaction, so the files done
    before it (``report``) stay stored and the one being imported (``current``) is rolled back:
    what the user is told (:meth:`text`) before the command ends with the shell's status."""

    def __init__(
        self,
        report: ImportReport,
        current: str | None,
        left: int,
        together: tuple[str, ...] = (),
        kept: KeptInPart | None = None,
    ) -> None:
        super().__init__()
        self.report = report
        self.current = current
        self.together = together
        """The files being stored together (one transaction) when it came: rolled back, all."""
        self.left = left
        """Files after ``current`` that were not begun."""
        self.kept = kept
        """``current`` was being tried again, and its first try's commit stays (what of it
        the ledger holds): its report, in ``report``, is that first try's."""

    def text(self) -> str:
        """``interrupted …``: what was rolled back, what is stored, and how to finish."""
        done, stored = len(self.report.files), self.report.stored
        parts = [
            f"interrupted while importing {self.current}: that file was rolled back"
            if self.current
            else "interrupted after the last file was stored"
        ]
        if self.kept is not None:
            parts = [
                f"interrupted while importing {self.current} again: that try was rolled back, "
                f"and what its first try stored stays: {self.kept.text()}"
            ]
        if self.together:
            parts = [
                f"interrupted while storing {and_list(self.together)} together: those files were "
                "rolled back"
            ]
        if done:
            files = f"{done} file{'s' if done != 1 else ''}"
            stay = "stay" if done != 1 else "stays"
            before = "before it " if self.current else "besides them " if self.together else ""
            if self.kept is not None:  # (the file itself among them, as its first try left it)
                before = ""
            parts.append(f"the {files} {before}{stay} as imported ({stored} hands stored)")
        else:
            parts.append("nothing was stored")
        if self.left:
            parts.append(f"{self.left} more file{'s' if self.left != 1 else ''} not begun")
        if self.current or self.left or self.together:
            parts.append("import the same files again to finish (what is stored counts once)")
        return "; ".join(parts)
