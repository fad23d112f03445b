"""The one exception hierarchy of badugi-ledger.

Every error a user can cause carries where it happened (file, line, column, hand id) and, for
rule violations, the name of the rule that broke, so the CLI can print one actionable line
instead of a traceback.
"""

from __future__ import annotations

import errno

from .frozen import fields_eq, fields_hash, fields_repr, frozen_fields


@frozen_fields
class Position:
    """Where something sits in an input file (1-based line and column)."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    source: str = "<input>"
    line: int = 0
    column: int = 0

    def __init__(self, source: str = "<input>", line: int = 0, column: int = 0) -> None:
        object.__setattr__(self, "__dict__", {"source": source, "line": line, "column": column})

    def __str__(self) -> str:
        if self.line:
            return f"{self.source}:{self.line}:{self.column}"
        return self.source


NOWHERE = Position()


class BadugiError(Exception):
    """Base of every error badugi-ledger raises on purpose."""

    event: tuple[str, str, str | None, str] | None = None
    """The event (:func:`~badugi_ledger.model.events.event_of`) of the hand that could not be
    read, when the reader knows it, beside :attr:`table`: a pot it carried passes to that
    event's next hand at the table only."""

    def __init__(
        self,
        message: str,
        *,
        position: Position | None = None,
        hand: str | None = None,
        rule: str | None = None,
        table: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.position = position or NOWHERE
        self.hand = hand
        self.rule = rule
        self.table = table
        """The table of the hand that could not be read, when the reader knows it: the replay
        then forgets that table's stacks only, not those of every table of the file."""

    def __str__(self) -> str:
        parts = []
        pos = self.position
        if pos is not NOWHERE and (pos.line or pos.source != "<input>"):
            parts.append(str(self.position))
        if self.hand is not None:
            parts.append(f"hand {self.hand}")
        prefix = ": ".join(parts)
        rule = f" [{self.rule}]" if self.rule else ""
        return f"{prefix}: {self.message}{rule}" if prefix else f"{self.message}{rule}"

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.position.source,
            "line": self.position.line,
            "column": self.position.column,
            "hand": self.hand,
            "rule": self.rule,
            "message": self.message,
        }


class CardError(BadugiError, ValueError):
    """A card or set of cards is written wrongly or is impossible (a repeated card)."""


class ConfigError(BadugiError, ValueError):
    """A game, betting structure or house rule is unknown or inconsistent.

    ``setting`` names the field of the refused settings object whose value is at fault
    (``small_blind``, ``small_bet``, ``ante``...), or None when no one field is: a reader that
    knows which of its own keys set that field can then point at that key rather than guess.
    """

    def __init__(
        self,
        message: str,
        *,
        setting: str | None = None,
        position: Position | None = None,
        hand: str | None = None,
        rule: str | None = None,
        table: str | None = None,
    ) -> None:
        super().__init__(message, position=position, hand=hand, rule=rule, table=table)
        self.setting = setting


class ParseError(BadugiError):
    """Hand-history text does not follow the format."""

    recorded: tuple[object, ...] = ()
    """Of a hand that cannot be read as a whole, the events of its lines that could be read
    and that its table's next hands go on from (its ``final:`` line, a carried pot, its
    collections: :mod:`.events`, ``replay.unread``); empty for any other error."""
    seating: object = None
    """Of a hand that cannot be read, what its hand line states (its number, seats, stated
    stacks and button) with the events of its lines that read on their own, as a
    ``HandRecord`` (:mod:`.events`, above this module) that is no hand to replay: the table's
    next hand passes the button on from it (``replay.unread``).  None for any other error,
    a hand line that does not read or has a mistake of its own, or a line not read that may
    write a post, someone sitting out or chips bought (the hand's blinds and who was dealt
    in are then not known)."""
    others: tuple[ParseError, ...] = ()
    """Of a hand that cannot be read, the errors of its other lines that cannot be read, in
    line order, after this one (the first): one run of ``check`` lists every mistake of a
    file, each at its own line, and the hand is still one hand (``replay.stream`` makes them
    the errors of its one outcome).  Bounded: after ``limits.MAX_LISTED`` of them, one
    more error says that more may follow."""


class IllegalAction(BadugiError):
    """The replay found an action, draw or payout that breaks a rule; ``rule`` names it."""

    mismatches: tuple[object, ...] = ()
    """What the hand's record still gets wrong that the replay could judge after the broken
    rule (its collections, when the play was over: every chip was in), each at its line: the
    replay's :class:`~badugi_ledger.model.results.Violation` values (this module is below the
    one that defines them)."""
    warnings: tuple[object, ...] = ()
    """What the replay had assumed before the broken rule (a draw not written down, a fold
    while all-in, a muck after a hand shown...), each at its line, as a hand that replays
    reports them: a hand broken, or still being recorded, loses none of them."""


def illegal(rule: str, message: str, pos: Position | None) -> IllegalAction:
    """An :class:`IllegalAction` for ``rule`` at ``pos`` (the hand id is filled in later)."""
    return IllegalAction(message, position=pos, rule=rule)


class ImportFormatError(BadugiError):
    """A site or PHH history cannot be read (corrupt, cancelled, unknown format)."""

    others: tuple[BadugiError, ...] = ()
    """Of a hand that cannot be read, the errors of its other parts that are wrong whatever
    came before them (a PHH action string with no meaning), after this one, in order: listed
    as :attr:`ParseError.others` are (``replay.stream``)."""


class LedgerError(BadugiError):
    """The SQLite ledger cannot be read or written as asked."""


NO_FILE, UNREADABLE_FILE = "no-file", "unreadable-file"
FILE_NOT_READ = frozenset({NO_FILE, UNREADABLE_FILE})
"""The rules of an error that is a whole file's, at no line: it is gone (``no-file``) or could
not be opened or read (``unreadable-file``, :func:`cannot_read`).  ``check`` counts such a file
as not read; ``import`` stores nothing of it (the file is not imported)."""


def cannot_read(exc: OSError) -> str:
    """The message of a file that could not be opened or read (rule ``unreadable-file``)."""
    return f"cannot read the file: {os_reason(exc)}"


SYMLINK_LOOP = "a symlink loop (its links lead back to one another, never to a file or folder)"


def os_reason(exc: OSError) -> str:
    """Why a file could not be opened or read, in words for the user: a symlink loop is said
    to be one (the system's "Too many levels of symbolic links" names no loop), anything else
    as the system says it."""
    if exc.errno == errno.ELOOP:
        return f"it is {SYMLINK_LOOP}"
    return exc.strerror or type(exc).__name__
