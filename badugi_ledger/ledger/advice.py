"""What to do of a conflict or of a void, kept apart from the sentence that says what differs.

The import's report is read at a command line, the record page on a phone at the table: the
same advice (store the file's version, void a hand, look at the audit) is a command to one
and a button or a word for the one running the server to the other.  So the ledger says
what differs in its sentences and names what to do as an :class:`Advice`, a small value: the
action and its arguments.  The command line's words of it are here
(:meth:`Advice.command_words`), the report's as they always were; the page says it in its
own (:mod:`badugi_ledger.web.record_save`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ..model.limits import quote

Action = Literal[
    "void or replace",
    "replace or void the event",
    "replace to leave out of play",
    "void this one too",
    "replace the other file",
    "audit",
]
"""What an advice says to do: void a hand or store the file's version (``--replace``), each
as the conflict has it; look at the audit (a void's who and why)."""


@dataclass(frozen=True)
class Advice:
    """What to do, as a value: the :attr:`action`, with the arguments it names."""

    action: Action
    event: str = ""
    """``void this one too``: the event as ``void --event`` takes it (quoted for a shell)."""
    reason: str = ""
    """``void this one too``: the reason to void it by (the organiser's)."""
    source: str = ""
    """``replace the other file``: the file the ledger holds its version from."""
    joiner: str = ": "
    """How the advice follows the sentence it ends (``: ``, ``; ``)."""

    def command_words(self) -> str:
        """The advice in the command line's words: what ``import`` has always said."""
        if self.action == "void or replace":
            return (
                "void it (badugi-ledger void) if it was taken out on purpose, or import again "
                "with --replace"
            )
        if self.action == "replace or void the event":
            return (
                "import it again with --replace to void them, or void the whole event "
                "(badugi-ledger void --event EVENT --reason TEXT)"
            )
        if self.action == "replace to leave out of play":
            return "import again with --replace to leave it out of the night's play"
        if self.action == "void this one too":
            return (
                f"void that one too (badugi-ledger void --event {self.event} --hand NUMBER "
                f"--reason {quote(self.reason)!r})"
            )
        if self.action == "replace the other file":
            return (
                f"name the table as the ledger does, or correct the table's name in "
                f"{self.source} and import it again with --replace"
            )
        return "see: badugi-ledger audit"

    def after(self, sentence: str, words: str) -> str:
        """``sentence`` ended by this advice said in ``words``."""
        return f"{sentence}{self.joiner}{words}"


AUDIT = Advice("audit", joiner="; ")
"""A void event's note: who voided it and why is the audit's to say."""
