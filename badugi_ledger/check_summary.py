"""What ``check`` says of a file: each problem of a hand as a line (``file:line:column: hand
12: message [rule]``), in the order of the hand's lines, and the file's summary line counting
how its hands fared.  The words alone, shared by the check's text and the record page and
the live check (:mod:`badugi_ledger.live`), apart from the run that finds them
(:mod:`badugi_ledger.check`)."""

from __future__ import annotations

from dataclasses import dataclass

from .model.errors import FILE_NOT_READ
from .model.frozen import fields_eq, fields_repr
from .model.results import HandOutcome, Violation


@dataclass(init=False, eq=False, repr=False)
class FileSummary:
    """How the hands of one file fared.

    A dataclass whose constructor is written out and whose equality and ``repr`` are the
    model's shared ones (:mod:`badugi_ledger.model.frozen`): the dataclass would compile its
    own three at every start of ``check``."""

    __eq__, __repr__ = fields_eq, fields_repr
    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as the dataclass makes it

    source: str
    hands: int = 0
    ok: int = 0
    violations: int = 0
    """Hands that break a rule (or could not be read)."""
    mismatches: int = 0
    """Legal hands whose recorded outcome disagrees with the computed one."""
    incomplete: int = 0
    """Hands that could not be settled for lack of information."""
    outside: int = 0
    """Unreadable lines that belong to no hand (a bad header line, say)."""
    skipped: int = 0
    """Hands of other games (2-7 triple draw, hold'em…) a site file holds; not checked."""
    warnings: int = 0
    """Assumptions the replay made (each one located); errors only under ``--strict``."""
    unread: int = 0
    """Files that could not be opened or read (gone, a link to nowhere, a failing read): their
    error is the file's (:data:`~.model.errors.FILE_NOT_READ`)."""
    _unread_hand: str | None = None
    _total: bool = False

    def __init__(
        self,
        source: str,
        hands: int = 0,
        ok: int = 0,
        violations: int = 0,
        mismatches: int = 0,
        incomplete: int = 0,
        outside: int = 0,
        skipped: int = 0,
        warnings: int = 0,
        unread: int = 0,
        _unread_hand: str | None = None,
        _total: bool = False,
    ) -> None:
        self.source = source
        self.hands = hands
        self.ok = ok
        self.violations = violations
        self.mismatches = mismatches
        self.incomplete = incomplete
        self.outside = outside
        self.skipped = skipped
        self.warnings = warnings
        self.unread = unread
        self._unread_hand = _unread_hand
        self._total = _total

    def add(self, outcome: HandOutcome) -> None:
        if outcome.record is None:
            # The reader reports every unreadable line; one hand is still one hand.
            if outcome.hand_id is None:
                if outcome.errors and outcome.errors[0].rule in FILE_NOT_READ:
                    self.unread += 1  # the file itself: gone, or it could not be read
                else:
                    self.outside += 1
                return
            if outcome.hand_id == self._unread_hand:
                return
            self._unread_hand = outcome.hand_id
        else:
            self._unread_hand = None
        self.hands += 1
        self.warnings += len(outcome.warnings)
        kinds = {e.kind for e in outcome.errors}
        if outcome.ok:
            self.ok += 1
        elif "illegal" in kinds:
            self.violations += 1
        elif "incomplete" in kinds:
            self.incomplete += 1
        else:
            self.mismatches += 1

    @property
    def all_ok(self) -> bool:
        return self.ok == self.hands and not self.outside and not self.unread

    @property
    def only_other_games(self) -> bool:
        """The file held hands, but none of a Badugi-family game (nothing to check)."""
        return bool(self.skipped) and not self.hands and not self.outside and not self.unread

    def line(self) -> str:
        """The summary line, e.g. ``night.bhh: 8 hands: 3 ok, …, 2 warnings``."""
        if self.unread == 1 and not (self.hands or self.outside or self.skipped or self._total):
            return f"{self.source}: not read (the file could not be read)"
        text = (
            f"{self.source}: {self.hands} hand{'s' if self.hands != 1 else ''}: {self.ok} ok, "
            f"{self.violations} with violations, {self.mismatches} with payout mismatches"
        )
        if self.incomplete:
            text += f", {self.incomplete} not settled (information missing)"
        if self.warnings:
            text += f", {self.warnings} warning{'s' if self.warnings != 1 else ''}"
        if self.outside:
            plural = "s" if self.outside != 1 else ""
            text += f"; {self.outside} unreadable line{plural} outside hands"
        if self.unread:
            plural = "s" if self.unread != 1 else ""
            text += f"; {self.unread} file{plural} not read"
        if self.skipped:
            plural = "s" if self.skipped != 1 else ""
            text += f"; {self.skipped} hand{plural} of other games skipped"
        elif not self.hands and not self.outside and not self.unread:
            text += "; no Badugi-family hand found"
        return text


_LABELS = {"mismatch": "payout mismatch: ", "incomplete": "not settled: ", "warning": "warning: "}


def problems(outcome: HandOutcome) -> list[Violation]:
    """A hand's errors and warnings in the order of its lines (as found within a line)."""
    found = [*outcome.errors, *outcome.warnings]
    if len(found) < 2:
        return found
    return sorted(found, key=lambda v: v.pos.line)


def problem_line(outcome: HandOutcome, error: Violation) -> str:
    """``file:line:column: hand 12: message [rule]`` for one problem."""
    pos = error.pos if error.pos.line else outcome.pos
    where = f"{outcome.source}:{pos.line}:{pos.column}" if pos.line else outcome.source
    hand = f" hand {outcome.hand_id}:" if outcome.hand_id is not None else ""
    label = _LABELS.get(error.kind, "")
    first, newline, rest = error.message.partition("\n")  # parse errors show the line and a caret
    return f"{where}:{hand} {label}{first} [{error.rule}]{newline}{rest}"
