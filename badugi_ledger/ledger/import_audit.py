"""The audit rows one file's import wrote: found by their ids, never by their time.

What an import did to the events it touched (a night whose hands it moved, a tournament it
left with no hand that counts) is read back, before it commits, from the ``audit`` rows it
wrote: a hand replaced, a hand its file no longer holds voided.  Their ``at`` is to the
second, and two imports often share a second (the files of one ``import``, a correction right
after an import), so it cannot tell one import's rows from another's.  Their ids can: the
file's transaction holds the write lock from its start (``BEGIN IMMEDIATE``,
:meth:`.writer.FileWriter.begin`), so the rows above the largest id then are all its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from .void_reasons import LEFT_OUT


@dataclass(frozen=True)
class ImportAudit:
    """One file's import in the audit trail: ``at``, the time its audit rows are stamped with;
    ``after``, the largest audit id when its transaction took the write lock (its rows are
    the ones above)."""

    at: str
    after: int

    def taken_out(self) -> tuple[str, list[object]]:
        """A query of the import's audit rows that took a hand out of an event (voided one its
        file no longer holds, or stored a new version of one, maybe in another event): the
        SQL, with columns ``event_id``, ``action`` (``replace`` or ``void``) and
        ``hand_row``, and its parameters, for the caller to join or filter."""
        return (
            "SELECT event_id, action, hand_row FROM audit WHERE id > ? "
            "AND hand_row IS NOT NULL "
            "AND (action = 'replace' OR (action = 'void' AND substr(reason, -?) = ?))",
            [self.after, len(LEFT_OUT), LEFT_OUT],
        )
