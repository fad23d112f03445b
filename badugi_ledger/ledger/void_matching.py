"""Which hand of a file is a hand an organiser voided: a void stays on its hand, not its number.

An organiser voids a hand (``badugi-ledger void``: a misdeal found later) by its number, but
what is voided is the hand: who played, what they held and won.  A night's file renumbered
(its hands the same, numbered from 0, or closed up after a hand taken out) and imported again
names other hands by the old numbers; a void that stayed on its number would pass silently to
another player's hand, and the voided hand would count again under its new number.

So a voided hand is met again in a file only as itself: by its **fingerprint** (the same
record: only the stacks carried into it may have changed, when an earlier hand was corrected)
or by its **content** (the same stacks, play and result under another number, or recorded
otherwise; or at its table renamed, in the file that imported it), or as itself with its
players renamed or played from other stacks (:func:`itself_otherwise`), under its number - in
its event, or in the event of another date or name its file puts it in now (the night re-dated
in the same correction: a void belongs to the night, not to its date).
Never by its number alone: a hand of the file that takes a voided hand's number, with another
record and other content, is another hand, and counts.  A voided hand the file
no longer holds stays void (the writer says so, and takes it out of the night's play).

Hands of one table with the same content (the same stacks, the same play: the two are
indistinguishable in every figure) are told apart by number, then by line, then by order in
the file: a voided hand goes to the hand of the file with its number, else at its line, else
the first.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from .hand_content import players_renamed, stacks_carried_otherwise, stored_facts
from .void_reasons import organisers_reason

if TYPE_CHECKING:
    from .rows import HandRows


class VoidedHand(NamedTuple):
    """A hand an organiser voided, as the writer compares it (the first seven fields are the
    writer's ``Stored``), with its number and table."""

    id: int
    fingerprint: str
    content: str
    event_id: int
    source: str | None
    void: str
    line: int | None
    number: str
    table: str


class Candidate(NamedTuple):
    """A hand of the batch being written that no stored hand has the fingerprint of."""

    position: int
    """Its place in the batch."""
    event_id: int
    table: str
    number: str
    content: str
    line: int | None
    rows: HandRows | None = None
    """The hand itself, for :func:`itself_otherwise` (None: met by content only)."""


def itself_otherwise(conn: sqlite3.Connection, row_id: int, rows: HandRows) -> bool:
    """Whether ``rows`` is the stored hand ``row_id`` met as itself in another record: its
    players renamed one to one (a name's spelling corrected through the night:
    :func:`~.hand_content.players_renamed`), or played from other stacks (an earlier hand of
    the night corrected, the ``final:`` lines after it written anew, and the pot carried into
    it from the hand before; a pot its own ``carry in`` states otherwise is its record changed:
    :func:`~.hand_content.stacks_carried_otherwise`)."""
    old, new = stored_facts(conn, row_id), rows.facts()
    return players_renamed(old, new) or stacks_carried_otherwise(
        old, new, carried_in=not rows.carry_stated
    )


_VOIDED = (
    "SELECT id, fingerprint, content, event_id, source, void_reason, line, hand_number, "
    "coalesce(table_name, '') FROM hands WHERE void_reason IS NOT NULL AND "
)


class OrganiserVoids:
    """The hands an organiser voided in the events a file's hands belong to (read once per
    event and file), and those the file itself (or the file it is a new name of) imported
    before, whichever event they are in: a night renamed with its file puts its hands in the
    event of the new name, and a void must follow its hand there.  And which of them the file
    has met."""

    def __init__(self, conn: sqlite3.Connection, sources: Sequence[str] = ()) -> None:
        self.conn = conn
        self.sources = tuple(sources)
        """The file being imported, and the file it is a new name of (if any)."""
        self.by_event: dict[int, list[VoidedHand]] = {}
        self.by_event_near: dict[int, list[VoidedHand]] = {}
        self.own: list[VoidedHand] | None = None
        self.met: set[int] = set()
        """Row ids of voided hands this file holds (by fingerprint or content)."""

    def _read(self, where: str, args: Sequence[object]) -> list[VoidedHand]:
        found = []
        for row in self.conn.execute(_VOIDED + where + " ORDER BY id", args):
            if organisers_reason(row[5]) is not None:
                found.append(VoidedHand._make((*row[:7], str(row[7]), str(row[8]))))
        return found

    def of_event(self, event_id: int) -> list[VoidedHand]:
        """The event's hands voided by an organiser, in play or not."""
        found = self.by_event.get(event_id)
        if found is None:
            found = self.by_event[event_id] = self._read("event_id = ?", [event_id])
        return found

    def near(self, event_id: int) -> list[VoidedHand]:
        """The voided hands a hand of the file in event ``event_id`` may be: the event's, and
        those the file (or its old name) imported before in another event (asked for every
        new hand of the file: made once per event)."""
        found = self.by_event_near.get(event_id)
        if found is None:
            if self.own is None:
                marks = ", ".join("?" * len(self.sources))
                self.own = self._read(f"source IN ({marks})", self.sources) if self.sources else []
            found = self.of_event(event_id) + [v for v in self.own if v.event_id != event_id]
            self.by_event_near[event_id] = found
        return found

    def elsewhere(self, event_id: int, table: str, number: str, content: str) -> VoidedHand | None:
        """The hand this file imported before in another event than ``event_id`` (its night
        re-dated or renamed since), voided by an organiser there and still in that night's
        play, that is the hand of ``table``, ``number`` and ``content`` (the same number
        first): a hand the file brings back to ``event_id`` (the night's date corrected back)
        is that hand, so its void comes with it.  None when there is none."""
        self.near(event_id)
        found = [
            v
            for v in self.own or ()
            if v.event_id != event_id
            and v.id not in self.met
            and organisers_reason(v.void) == v.void
            and (v.table, v.content) == (table, content)
        ]
        found.sort(key=lambda v: (v.number != number, -v.id))
        return found[0] if found else None

    def meet(self, row_id: int) -> None:
        """The file holds the stored hand ``row_id`` (whatever matched it)."""
        self.met.add(row_id)

    def renumbered(self, candidates: Sequence[Candidate], exact: set[int]) -> dict[int, VoidedHand]:
        """The voided hands the batch holds under another record, by the position of the hand
        of the batch that is each one: the same content at the same table of the same event,
        or at a table of another name in the file that imported it, whose old name the batch
        no longer holds (its table renamed: under the same number, or renumbered in the same
        event - never a hand of another night or table that happens to be alike, such as a
        walk from the same stacks); the same table first, then the same number.  ``exact``:
        row ids the batch holds by fingerprint (met as themselves).

        Then, for a voided hand the file imported before in another event that none of the
        batch is by content, the hand of the batch at its table under its number in the event
        the file names now, when it is that hand as :func:`itself_otherwise` tells (the night
        re-dated or renamed in the same correction that corrected a name through it, or an
        earlier hand and the ``final:`` lines after it): each change alone keeps the void, so
        the two together do."""
        best: dict[int, tuple[tuple[bool, bool, bool, int], int, VoidedHand]] = {}
        tables = {hand.table for hand in candidates}
        for hand in candidates:
            for voided in self.near(hand.event_id):
                if voided.id in self.met or voided.id in exact or voided.content != hand.content:
                    continue
                renamed = voided.table != hand.table
                if renamed and not (
                    voided.source in self.sources
                    and (voided.number == hand.number or voided.event_id == hand.event_id)
                    and voided.table not in tables
                ):
                    continue  # the table kept its name in the file, or another night's hand
                rank = (
                    renamed,
                    voided.number != hand.number,
                    voided.line != hand.line,
                    hand.position,
                )
                held = best.get(voided.id)
                if held is None or rank < held[0]:
                    best[voided.id] = (rank, hand.position, voided)
        taken: dict[int, VoidedHand] = {}
        for _, position, voided in sorted(best.values(), key=lambda b: (b[0], b[2].id)):
            taken.setdefault(position, voided)
        for voided in self.own or ():
            if voided.id in self.met or voided.id in exact or voided.id in best:
                continue
            for hand in candidates:
                if (
                    hand.position not in taken
                    and hand.rows is not None
                    and voided.event_id != hand.event_id
                    and (voided.table, voided.number) == (hand.table, hand.number)
                    and itself_otherwise(self.conn, voided.id, hand.rows)
                ):
                    taken[hand.position] = voided
                    break
        return taken

    @staticmethod
    def is_organisers(void: str | None) -> bool:
        """Whether a stored hand's void reason is an organiser's (in play or not)."""
        return organisers_reason(void) is not None
