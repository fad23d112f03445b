"""What an import did, file by file: hands stored, duplicates, conflicts and replacements with
what differs, rejections with their reasons."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from ..model.escaping import for_terminal
from .advice import AUDIT, Advice, Said, command_text


def other_games_line(files: int, skipped: int) -> str:
    """The one summary line of the files that held only other games (``check`` and ``import``).

    >>> other_games_line(22, 242)
    '22 files held only other games: 242 hands skipped'
    """
    hands = f"{skipped} hand{'s' if skipped != 1 else ''}"
    return f"{files} file{'s' if files != 1 else ''} held only other games: {hands} skipped"


def event_fact_words(column: str, held: str, new: str) -> str:
    """What an import says of an event's fact a file states otherwise than the ledger holds it
    (``held`` and ``new`` as the file's header writes them): the import's conflict, and
    ``check``'s of a file stating it otherwise than a file before it in the same run."""
    return f"the event's {column.replace('_', '-')} is {held} in the ledger, {new} in the file"


def other_table_copy(number: str, table: str, source: str, line: int | None = None) -> str:
    """What an import says of a new hand that a counting hand of its event, numbered alike at
    another table (``table``, from ``source``, at ``line`` when a check names it), records in
    every figure: a copy whose table is named otherwise, a conflict (the import's, and
    ``check``'s of a file holding such a copy of a hand a file before it holds), with what
    to do in the command line's words."""
    advice = other_table_advice(source)
    return advice.after(other_table_words(number, table, source, line), advice.command_words())


def other_table_words(number: str, table: str, source: str, line: int | None = None) -> str:
    """What differs of :func:`other_table_copy`'s hand, without what to do of it."""
    at = f"{source}, line {line}" if line is not None else source
    return (
        f"the ledger holds this hand as hand {number} at table {table!r} (from {at}), the "
        "same in every figure: a copy whose table is named otherwise"
    )


def other_table_advice(source: str) -> Advice:
    """What to do of :func:`other_table_copy`'s hand: name the table as the ledger does, or
    correct it in ``source``, the file the ledger holds it from, and store that file again."""
    return Advice("replace the other file", source=source, joiner="; ")


@dataclass(frozen=True)
class Rejected:
    """A hand that was not stored, and why (each reason with its line)."""

    source: str
    line: int
    hand: str | None
    reasons: tuple[str, ...]
    warnings: tuple[str, ...] = ()
    """What the report says under the file though the hand is not stored (:class:`HandRows`'s
    ``warnings``): the money its header names holds for the file's other hands too."""

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "line": self.line,
            "hand": self.hand,
            "reasons": list(self.reasons),
        }


def rejected_lines(rejected: Rejected) -> list[str]:
    """A rejected hand's report lines: ``line N hand X:`` and its reasons, joined by ``;``.  A
    reason that shows its line with a caret (a line that cannot be read) ends the report line:
    the reasons after it start one of their own, at the line of the first of them, so that a
    hand with several lines that cannot be read shows each as ``check`` does."""
    hand = f" hand {rejected.hand}" if rejected.hand else ""
    groups: list[list[str]] = [[]]
    for why in rejected.reasons:
        groups[-1].append(why)
        if "\n" in why:
            groups.append([])
    found = []
    for number, reasons in enumerate(groups):
        if not reasons and number:
            continue
        at = _LINE_AT.match(reasons[0]) if number else None
        line = int(at[1]) if at is not None else rejected.line
        here = f"line {line}: "  # said once, before the hand: not again in a reason
        found.append(f"  line {line}{hand}: " + "; ".join(r.removeprefix(here) for r in reasons))
    return found


_LINE_AT = re.compile(r"line (\d+): ")
"""The line a reason is at (``ledger.rows.violation_reason``)."""


@dataclass(frozen=True)
class Conflict:
    """A hand whose identity (event, table, hand number) the ledger holds with other content:
    not stored (a conflict) or, with ``--replace``, stored over the old version."""

    source: str
    line: int
    hand: str
    table: str
    event: str
    differences: tuple[str, ...]
    event_fact: bool = False
    """The file states a fact of the hand's event (payouts, buy-in, season…) otherwise than
    the ledger holds it, not another hand: the hand is stored as any other, and the event
    keeps the ledger's fact (``--replace`` takes the file's)."""
    fix: str | None = None
    """What to do of a conflict that ``--replace`` does not store (:data:`STALE_COPY`,
    :data:`OTHER_TABLE`, :data:`TWICE`) or that holds no version of a hand to store
    (:data:`GONE_FROM_FILE`), said once under the conflicts instead of the ``--replace``
    hint; None: importing again with ``--replace`` stores the file's version.
    Not in the JSON report, whose ``differences`` say it of each hand."""
    left_out: bool = False
    """The file no longer holds the hand: :attr:`line` is where the version imported before
    held it (the report says ``formerly line N``: another hand may stand there now)."""
    note: bool = False
    """A line the report says of the night the file moved to another event
    (:mod:`.moved_nights`: its void followed it there, a voided hand another file holds was
    voided with it, the night is left split), at a hand of it: not a hand stored over its
    old version nor a fact of an event, so counted in no total (the JSON report lists it
    among ``replacements``, ``"note": true``, beside those it counts)."""
    advice: Advice | None = None
    """What to do of this hand (void it, store the file's version…), which ends the last of
    :attr:`differences` (those say only what differs): each front end says it its own way,
    the import's report in the command line's words (:attr:`said`)."""

    @property
    def said(self) -> tuple[str, ...]:
        """:attr:`differences` as the import's report says them: the last one ended by the
        :attr:`advice` in the command line's words (the text report, the JSON's
        ``differences``, the audit's detail)."""
        if self.advice is None or not self.differences:
            return self.differences
        *first, last = self.differences
        return (*first, self.advice.after(last, self.advice.command_words()))

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "line": self.line,
            "hand": self.hand,
            "table": self.table,
            "event": self.event,
            "differences": list(self.said),
            "event_fact": self.event_fact,
            "note": self.note,
        }

    def text(self, what: str) -> str:
        """The conflict as one line of the report: the names in it are the ledger's, which
        an older version may have stored with a line break, so every control character is
        written visibly (``for_terminal``)."""
        table = f" at table {self.table}" if self.table else ""
        differences = "; ".join(self.said)
        where = f"formerly line {self.line}" if self.left_out else f"line {self.line}"
        line = f"  {where} hand {self.hand}{table} of {self.event}: {what}: {differences}"
        return for_terminal(line)


MOVED_NIGHT = "night moved here"
"""What the report says a :attr:`Conflict.note` is, before its words: a line of the night the
file moved into the event it names (its void followed it there, a voided hand of another file
was voided with it, the night is left split), which replaces nothing; "replaced" is said of
what the totals count."""

NOT_STORED = "conflict, not stored"
"""What the report says of a hand the ledger holds with other content (and ``check`` of a
hand two files of an import hold as two versions of it)."""

STALE_COPY = (
    "two files of one import that disagree on a hand leave the ledger's version, with "
    "--replace too: correct or delete the stale copy, or import the corrected file on its own"
)
"""The :attr:`Conflict.fix` of a hand an earlier file of the import holds as the ledger does:
``--replace`` would meet the two versions again."""
TWICE = (
    "a file that holds a hand (one table, one number) twice with different content is a "
    "conflict: keep one version of the hand in the file, or renumber one, then import the "
    "file again"
)
"""The :attr:`Conflict.fix` of a hand the import stored itself, met again further on than
the replay's duplicate check reaches (:data:`~badugi_ledger.model.copies.RECENT_HANDS`):
which version is right is the organiser's to say, in the file."""
OTHER_TABLE = (
    "a hand the ledger holds at another table of its event, the same in every figure, is a "
    "copy whose table is named otherwise, a conflict with --replace too: name the table as the "
    "ledger does, or correct the table's name in the ledger's file and import that file again "
    "with --replace"
)
"""The :attr:`Conflict.fix` of a copy of a hand under another table's name: which table is
right is the organiser's to say, so ``--replace`` does not store it."""
GONE_FROM_FILE = (
    "a hand the ledger holds from a file that no longer holds it is a conflict too, and none "
    "of that file is stored (its night would count twice): void the hand if it was taken out "
    "on purpose, or import the file again with --replace, which voids it once every hand of "
    "the file reads and is valid (see each line above)"
)
"""The :attr:`Conflict.fix` of a hand imported from a file before and not in it any more: no
version of it is stored, so the general advice (``--replace`` stores the file's version)
does not fit it."""
REJECTED_KEPT = (
    "with --replace, a hand the file holds rejected whose version the ledger counts from it "
    "holds the whole file back when other hands of it would be stored over theirs: they would "
    "count beside that old one, two versions of one night; fix the rejected hands, then "
    "import the file again with --replace"
)
"""The :attr:`Conflict.fix` of a hand rejected in the file whose stored version counts, when
the file's other hands would replace theirs (:meth:`.FileHoldings.kept_beside_new`)."""
_REPLACE = (
    "a conflict is a hand the ledger already holds with other content; import again with "
    "--replace to store this version instead (see: badugi-ledger audit)"
)
_REPLACE_AGAIN = (
    "a conflict is a hand the ledger already holds with other content; --replace stores a "
    "file's version once every hand of the file reads and is valid and no other file of the "
    "import holds another version of it (the reasons are above): fix those hands, then import "
    "again with --replace"
)
_EVENT_FACT = (
    "an event's fact the file states otherwise than the ledger holds it is a conflict too: the "
    "file's hands of the event are stored, and the event keeps the ledger's fact; import again "
    "with --replace to take the file's (see: badugi-ledger audit)"
)


class VoidNote(NamedTuple):
    """What an import says of a void event a file went on with (:meth:`FileReport.voids`)."""

    said: str
    why: str
    """The event's void reason."""
    advice: Advice


@dataclass
class FileReport:
    source: str
    stored: int = 0
    duplicate: int = 0
    rejected: list[Rejected] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    """Hands stored already with other content: not stored (``--replace`` replaces them)."""
    replaced: list[Conflict] = field(default_factory=list)
    """Hands stored over their old version (``--replace``)."""
    refused: bool = False
    """``strict``: the file had a bad hand, a conflict or a warning, so none of it was written."""
    held_back: bool = False
    """None of the file was written because of its conflicts: hands the ledger holds of it
    that it no longer has (or the night would count twice), or, for a save that must be
    stored whole, any conflict."""
    error: str | None = None
    """The file could not be read or written at all (nothing of it was written)."""
    error_said: Said | None = None
    """:attr:`error` with what to do apart (a file refused as a copy of a night), for a front
    end that says it its own way; None: the error gives no advice apart.  Not in the JSON
    report, whose ``error`` says it in the command line's words."""
    skipped: int = 0
    """Hands of other games (2-7 triple draw, hold'em…) a site file holds; not imported."""
    void_events: list[tuple[str, str]] = field(default_factory=list)
    """The void events this file stored or replaced hands of, each as messages name it
    (``Friday (2024-03-01)``) and why it is void: those hands count in no figure, as the
    event's other hands, and the report says so rather than count them stored and no more."""
    warnings: list[str] = field(default_factory=list)
    """What the file was stored with that the ledger cannot hold against it alone (the order
    of files is not the order of play), but that leaves money where no hand takes it; each
    in the command line's words (those with what to do apart: :attr:`warnings_said`)."""
    warnings_said: dict[str, Said] = field(default_factory=dict)
    """Of :attr:`warnings`, those that say what to do, by their words: said with the
    :class:`~.advice.Advice` apart (:meth:`warn`), for a front end that says it its own way.
    Not in the JSON report, whose ``warnings`` say it in the command line's words."""
    carry_warnings: tuple[str, ...] = ()
    """Those of :attr:`warnings` that say what the ledger held of carried Progressive Badugi
    pots once the file was stored (a pot left behind, taken by strangers) or, in an import of
    several files, once the last was (:func:`~.file_transaction.refresh_warnings`: a later
    file may make one untrue or true); not in the JSON report, whose ``warnings`` hold them."""
    tournament_warnings: tuple[str, ...] | None = None
    """Those of :attr:`warnings` that say what the ledger holds of the file's tournaments
    (free chips, a second entry), as it stood once the file was stored or, in an import of
    several files, once the last was (:func:`~.file_transaction.refresh_warnings`: a later
    file may make one untrue or true); None when they are not read (the file was not
    stored); not in the JSON report, whose ``warnings`` hold them."""

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "stored": self.stored,
            "duplicate": self.duplicate,
            "rejected": len(self.rejected),
            "conflict": len(self.conflict_hands),
            "replaced": len(self.replaced_hands),
            "refused": self.refused,
            "held_back": self.held_back,
            "error": self.error,
            "skipped": self.skipped,
            "void_events": [{"event": e, "reason": why} for e, why in self.void_events],
            "warnings": list(self.warnings),
            "rejections": [r.as_dict() for r in self.rejected],
            "conflicts": [c.as_dict() for c in self.conflicts],
            "replacements": [c.as_dict() for c in self.replaced],
        }

    @property
    def conflict_hands(self) -> list[Conflict]:
        """Of :attr:`conflicts`, the hands: not an event's fact the file states otherwise
        (:attr:`Conflict.event_fact`, said apart as an event in conflict).  What the report
        counts ``conflict``, in its text and its JSON."""
        return [c for c in self.conflicts if not c.event_fact]

    @property
    def replaced_hands(self) -> list[Conflict]:
        """Of :attr:`replaced`, the hands: stored over their old version, or left out of the
        file (voided, or out of the night's play); not an event's fact the file states
        otherwise, nor a :attr:`Conflict.note` of the night the file moved.  What the report
        counts ``replaced``, in its text and its JSON."""
        return [c for c in self.replaced if not (c.event_fact or c.note)]

    @property
    def only_other_games(self) -> bool:
        """The file held hands, but none of a Badugi-family game (nothing to import)."""
        empty = not (self.stored or self.duplicate or self.rejected or self.conflicts)
        return bool(self.skipped) and empty and not (self.replaced or self.error)

    def void_notes(self) -> list[str]:
        """What the report says of each void event the file went on with (:attr:`void_events`),
        with where to see more in the command line's words.

        >>> FileReport("x.bhh", void_events=[("Fri (2026-12-04)", "test night")]).void_notes()
        ['its hands of Fri (2026-12-04) count in no figure: that event is void (test night; see: badugi-ledger audit)']
        """  # noqa: E501
        return [f"{note.said} ({note.why}; {note.advice.command_words()})" for note in self.voids()]

    def voids(self) -> list[VoidNote]:
        """Each of :attr:`void_events` as a note: what it says, why the event is void, and
        what to do of it (see who voided it: :data:`~.advice.AUDIT`)."""
        return [
            VoidNote(f"its hands of {event} count in no figure: that event is void", why, AUDIT)
            for event, why in self.void_events
        ]

    def warn(self, *warnings: str | Said) -> None:
        """Add ``warnings`` to :attr:`warnings`: each in the command line's words, and one
        with advice apart kept as it is said in :attr:`warnings_said`."""
        for warning in warnings:
            words = command_text(warning)
            self.warnings.append(words)
            if not isinstance(warning, str):
                self.warnings_said[words] = warning

    def warning_notes(self) -> list[str]:
        """What the report says of each of the file's :attr:`warnings`."""
        return [f"warning: {warning}" for warning in self.warnings]

    def counts(self) -> str:
        """ "3 stored, 1 duplicate, 0 rejected" (conflicts and replacements when there are):
        hands, and after them the events whose facts the file states otherwise (an event is
        not a hand: "4 duplicate; 1 event replaced" for a file of 4 hands).

        >>> moved = Conflict("x.bhh", 3, "1", "T", "Fri", ("place",), event_fact=True)
        >>> FileReport("x.bhh", duplicate=4, replaced=[moved]).counts()
        '0 stored, 4 duplicate, 0 rejected; 1 event replaced'
        """
        text = f"{self.stored} stored, {self.duplicate} duplicate"
        hands = self.conflict_hands
        kept = len(self.conflicts) - len(hands)
        replaced = self.replaced_hands
        events = sum(1 for c in self.replaced if c.event_fact)
        if hands:
            text += f", {len(hands)} conflict"
        if replaced:
            text += f", {len(replaced)} replaced"
        text += f", {len(self.rejected)} rejected"
        if kept:
            text += f"; {kept} event{'s' if kept != 1 else ''} in conflict"
        if events:
            text += f"; {events} event{'s' if events != 1 else ''} replaced"
        return text


@dataclass
class ImportReport:
    files: list[FileReport] = field(default_factory=list)
    ledger: str | None = None
    """The ledger file written (None: in memory)."""
    replace: bool = False
    """The files were imported with ``--replace``: a conflict left is one it could not store."""
    stored_groups: tuple[tuple[str, ...], ...] = ()
    """Groups of files, each stored together, in one transaction, because none of its files
    could be stored alone (corrected nights that pass carried pots between them:
    :mod:`.run_retries`)."""
    refused_groups: tuple[tuple[tuple[str, ...], str], ...] = ()
    """Groups of files, each file refused for a carried pot, that were refused together too,
    each with what refused it."""
    written: tuple[str, ...] = ()
    """What the import wrote before reading the files: each file the ledger held the hands of
    and the folder lacked (:mod:`.unwritten_files`), one line a file."""
    missing: tuple[str, ...] = ()
    """Each file under a folder imported that the ledger counts hands from and the folder no
    longer holds, with what to do (:mod:`.missing_files`), one line a file."""

    @property
    def stored_together(self) -> tuple[str, ...]:
        """Every file stored as one of a group (:attr:`stored_groups`), group after group."""
        return tuple(name for group in self.stored_groups for name in group)

    @property
    def refused_together(self) -> tuple[tuple[str, ...], str] | None:
        """Every file of a group refused together (:attr:`refused_groups`), and what refused
        them: a group's refusal, or, of several, each group's after its files; None when no
        group was refused.

        >>> groups = ((("a", "b"), "why"), (("c", "d"), "else"))
        >>> ImportReport(refused_groups=groups).refused_together
        (('a', 'b', 'c', 'd'), 'a and b: why; c and d: else')
        """
        if not self.refused_groups:
            return None
        files = tuple(name for group, _ in self.refused_groups for name in group)
        if len(self.refused_groups) == 1:
            return files, self.refused_groups[0][1]
        return files, "; ".join(f"{and_list(group)}: {why}" for group, why in self.refused_groups)

    @property
    def stored(self) -> int:
        return sum(f.stored for f in self.files)

    @property
    def duplicate(self) -> int:
        return sum(f.duplicate for f in self.files)

    @property
    def rejected(self) -> int:
        return sum(len(f.rejected) for f in self.files)

    @property
    def conflict(self) -> int:
        """The hands in conflict (:attr:`FileReport.conflict_hands`), as the report's last
        line counts them."""
        return sum(len(f.conflict_hands) for f in self.files)

    @property
    def replaced(self) -> int:
        """The hands replaced (:attr:`FileReport.replaced_hands`), as the report's last line
        counts them."""
        return sum(len(f.replaced_hands) for f in self.files)

    @property
    def skipped(self) -> int:
        return sum(f.skipped for f in self.files)

    @property
    def ok(self) -> bool:
        return not any(
            f.rejected or f.refused or f.held_back or f.error or f.conflicts for f in self.files
        )

    def text_lines(self) -> list[str]:
        """The report as people read it: one line per file, rejected hands under it."""
        lines = [for_terminal(line) for line in self.written]
        others = [f for f in self.files if f.only_other_games] if len(self.files) > 1 else []
        for f in self.files:
            if f in others:
                continue
            if f.error:
                lines.append(f"{f.source}: not imported: {f.error}")
                continue
            state = " (refused by --strict: nothing stored)" if f.refused else ""
            if f.held_back:
                state = " (nothing stored: see the conflicts)"
            if f.skipped:
                plural = "s" if f.skipped != 1 else ""
                state += f"; {f.skipped} hand{plural} of other games skipped"
            elif not (f.stored or f.duplicate or f.rejected or f.conflicts or f.replaced):
                state = " (no Badugi-family hands found)"
            lines.append(f"{f.source}: {f.counts()}{state}")
            lines += [line for r in f.rejected for line in rejected_lines(r)]
            lines += [
                c.text("conflict, the event keeps the ledger's" if c.event_fact else NOT_STORED)
                for c in f.conflicts
            ]
            lines += [c.text(MOVED_NIGHT if c.note else "replaced") for c in f.replaced]
            lines += [for_terminal(f"  {note}") for note in f.void_notes() + f.warning_notes()]
        lines += self.together_lines()
        lines += [for_terminal(f"warning: {line}") for line in self.missing]
        total = FileReport("total", self.stored, self.duplicate)
        total.rejected = [r for f in self.files for r in f.rejected]
        total.conflicts = [c for f in self.files for c in f.conflicts]
        total.replaced = [c for f in self.files for c in f.replaced]
        if others:
            lines.append(other_games_line(len(others), sum(f.skipped for f in others)))
        files = f"{len(self.files)} file{'s' if len(self.files) != 1 else ''}"
        plural = "s" if self.skipped != 1 else ""
        skipped = f"; {self.skipped} hand{plural} of other games skipped" if self.skipped else ""
        lines.append(f"total: {total.counts()} in {files}{skipped}")
        lines += self.conflict_hints()
        if self.ledger is not None:
            # one line whatever the name holds (an existing ledger's may hold a line break)
            lines.append(f"ledger: {for_terminal(self.ledger)}")
        return lines

    def together_lines(self) -> list[str]:
        """The lines that say which files were stored together, or refused together, and why:
        one a group (:mod:`.run_retries`).

        >>> ImportReport(stored_groups=(("n1.bhh", "n2.bhh"),)).together_lines()[0][:72]
        'n1.bhh and n2.bhh were stored together, in one transaction: none of them'
        """
        lines = []
        for group in self.stored_groups:
            lines.append(
                f"{and_list(group)} were stored together, in one transaction: none "
                "of them could be stored alone (corrected nights that pass carried Progressive "
                "Badugi pots between them), and with all of them in, every pot balances"
            )
        for files, why in self.refused_groups:
            lines.append(
                f"{and_list(files)}, each refused for a carried pot, were tried together too, in "
                f"one transaction, and refused (nothing of them stored): {why}"
            )
        return [for_terminal(line) for line in lines]

    def conflict_hints(self) -> list[str]:
        """What to do of the conflicts, once each under the report: import again with
        ``--replace`` (after fixing the hands it could not store, if it was given), or, for
        conflicts it does not store, their :attr:`Conflict.fix`."""
        conflicts = [c for f in self.files for c in f.conflicts]
        facts = [c.event_fact for c in conflicts if c.fix is None]  # of those it stores
        hints = []
        if facts and self.replace:
            hints.append(_REPLACE_AGAIN)
        elif facts:
            if not all(facts):
                hints.append(_REPLACE)
            if any(facts):
                hints.append(_EVENT_FACT)
        return hints + list(dict.fromkeys(c.fix for c in conflicts if c.fix is not None))

    def as_dict(self) -> dict[str, object]:
        return {
            "stored": self.stored,
            "duplicate": self.duplicate,
            "rejected": self.rejected,
            "conflict": self.conflict,
            "replaced": self.replaced,
            "skipped": self.skipped,
            "ledger": self.ledger,
            "written": list(self.written),
            "warnings": list(self.missing),
            "files": [f.as_dict() for f in self.files],
            "stored_together": list(self.stored_together),
            "refused_together": None
            if self.refused_together is None
            else {"files": list(self.refused_together[0]), "error": self.refused_together[1]},
            "stored_groups": [list(group) for group in self.stored_groups],
            "refused_groups": [
                {"files": list(group), "error": why} for group, why in self.refused_groups
            ],
        }


def and_list(names: Sequence[str]) -> str:
    """``a, b and c``."""
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else "".join(names)
