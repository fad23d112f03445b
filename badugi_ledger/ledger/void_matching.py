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
in the same correction: a void belongs to the night, not to its date).  So too in another file
of the night (its file split in the correction that re-dates it): once a file of the night
has moved its hands to the new event (:func:`moved_here_from`, the proof that
the two events are one night), the old event's voided hands are met there as the event's
own, and a hand of them another file stored there before is voided by the import that
moves the night (:meth:`OrganiserVoids.moved_with_night`); where nothing says the two are one
night, the report names the voided hand (:meth:`OrganiserVoids.alike`).
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

from .advice import Advice, Said, command_word, ledger_named
from .carried_pots import PROGRESSIVE_GAMES
from .event_lookup import event_label_of
from .hand_content import (
    cards_shown,
    content_digest,
    players_renamed,
    stacks_carried_otherwise,
    stored_facts,
)
from .void_reasons import LEFT_OUT, organisers_reason

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


def moved_as_itself(conn: sqlite3.Connection, old_id: int, new_id: int) -> bool:
    """Whether the stored hand ``new_id`` is ``old_id``, a hand of the same file, table and
    number that the file left out of another event (its night's date or name corrected):
    the same content, or itself with its players renamed or played from other stacks (the
    correction that re-dates the night corrected a name through it, or an earlier hand), as
    a voided hand is met (:func:`itself_otherwise`)."""
    old, new = stored_facts(conn, old_id), stored_facts(conn, new_id)
    return (
        content_digest(old) == content_digest(new)
        or players_renamed(old, new)
        or stacks_carried_otherwise(old, new)
    )


def moved_here_from(db: sqlite3.Connection, event_id: int) -> list[int]:
    """The events a night moved to event ``event_id`` from, by any import, as
    :func:`.moved_nights._moves` tells one import's moves: a hand stored again here (the same
    row: an ``audit`` row of its ``replace`` names the event it was in), or one its file left
    out there (voided, :data:`~.void_reasons.LEFT_OUT`, naming that file or the file it was
    renamed to) that is the file's hand here (:func:`moved_as_itself`).  The proof that the
    two events are one night whose date or name was corrected, whichever file of it is
    imported next."""
    found = {
        int(row[0])
        for row in db.execute(
            "SELECT a.event_id FROM audit a JOIN hands h ON h.id = a.hand_row "
            "WHERE a.action = 'replace' AND h.event_id = ?1 AND a.event_id != ?1",
            [event_id],
        )
    }
    for night, old_id, new_id, same in db.execute(
        "SELECT o.event_id, o.id, n.id, o.content = n.content FROM hands o JOIN hands n "
        "ON n.event_id = ?1 AND n.hand_number = o.hand_number "
        "AND coalesce(n.table_name, '') = coalesce(o.table_name, '') "
        "AND n.source IS NOT NULL AND (n.void_reason IS NULL "
        "OR substr(n.void_reason, -?2) != ?3) "
        "WHERE o.event_id != ?1 AND substr(o.void_reason, -?2) = ?3 "
        "AND instr(o.void_reason, 'not in ' || n.source || ' ') > 0 ORDER BY 3",
        [event_id, len(LEFT_OUT), LEFT_OUT],
    ):
        if int(night) not in found and (same or moved_as_itself(db, old_id, new_id)):
            found.add(int(night))
    return sorted(found)


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
        self.every: list[VoidedHand] | None = None
        """Every hand an organiser voided, in any event (read once, for :meth:`alike`)."""

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
        """The voided hands a hand of the file in event ``event_id`` may be: the event's,
        those the file (or its old name) imported before in another event, and those of the
        events the night moved to this one from (:func:`moved_here_from`: its
        date or name corrected, by another file of it) - asked for every new hand of the
        file: made once per event."""
        found = self.by_event_near.get(event_id)
        if found is None:
            if self.own is None:
                marks = ", ".join("?" * len(self.sources))
                self.own = self._read(f"source IN ({marks})", self.sources) if self.sources else []
            found = self.of_event(event_id) + [v for v in self.own if v.event_id != event_id]
            held = {v.id for v in found}
            for night in moved_here_from(self.conn, event_id):
                found += [v for v in self.of_event(night) if v.id not in held]
            self.by_event_near[event_id] = found
        return found

    def moved(self, event_id: int) -> list[VoidedHand]:
        """Of :meth:`near`, the voided hands of other events than ``event_id``: the file's
        own, and those of the nights moved to it."""
        return [v for v in self.near(event_id) if v.event_id != event_id]

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

    def alike(self, event_id: int, rows: HandRows) -> Said | None:
        """What the report says of a hand the file stores new in event ``event_id``, when it
        is, figure for figure, a hand an organiser voided in another event that nothing
        proves its night (:meth:`near`): the night's file split in the correction that
        re-dates it, the file that moves the night not imported yet (or never: another date
        of the night in this file only).  The ledger cannot tell, so the hand counts, and the
        report names the voided hand and the ``void`` that voids the stored one by the
        organiser's reason: its content, or itself otherwise under its number
        (:func:`itself_otherwise`).  None: no such hand, or none whose cards were shown
        (:func:`~.hand_content.cards_shown`: a walk from the same stacks at another night is
        alike and another hand)."""
        if self.every is None:
            self.every = self._read("1", [])
        if not self.every or not cards_shown(rows.cards):  # (most ledgers: no void to meet)
            return None
        (table, number), content = rows.identity, rows.content
        found = [
            v
            for v in self.every
            if v.event_id != event_id
            and v.id not in self.met
            and v.table == table
            and (
                v.content == content
                or (v.number == number and itself_otherwise(self.conn, v.id, rows))
            )
        ]
        if not found:
            return None
        found.sort(key=lambda v: (v.number != number, -v.id))
        voided, reason = found[0], organisers_reason(found[0].void) or ""
        at = f" at table {table}" if table else ""
        return (
            f"hand {number}{at} of {event_label_of(self.conn, event_id)} is, figure for figure, "
            f"hand {voided.number} of {event_label_of(self.conn, voided.event_id)}, which an "
            f"organiser voided ({reason}); the ledger cannot tell it is that hand (no file of "
            "that night puts its hands in this event), so it counts; if it is that hand moved "
            "here, ",
            Advice(
                "void this one too",
                event=event_arg(self.conn, event_id),
                reason=reason,
                hand=number,
                table=table,
                ledger=ledger_named(self.conn),
            ),
        )

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

        Then, for a voided hand the file imported before in another event, or one of a night
        moved to the event of a hand of the batch (:meth:`near`), that none of the batch is by
        content, the hand of the batch at its table under its number in the event
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
        may_be = {e: {v.id for v in self.moved(e)} for e in {hand.event_id for hand in candidates}}
        elsewhere = {v.id: v for hand in candidates for v in self.moved(hand.event_id)}
        for voided in elsewhere.values():
            if voided.id in self.met or voided.id in exact or voided.id in best:
                continue
            for hand in candidates:
                if (
                    hand.position not in taken
                    and hand.rows is not None
                    and voided.id in may_be[hand.event_id]
                    and (voided.table, voided.number) == (hand.table, hand.number)
                    and itself_otherwise(self.conn, voided.id, hand.rows)
                ):
                    taken[hand.position] = voided
                    break
        return taken

    def moved_with_night(
        self, night: int, moved_to: int, source: str
    ) -> list[tuple[VoidedHand, int, str, int]]:
        """The hands of event ``moved_to`` that other files than ``source`` stored before
        ``source`` moved the night ``night`` there (a file of the night split off, its date
        corrected, imported first: nothing then said the two events were one night), each
        with the voided hand of ``night`` it is: (the voided hand, row id, hand number, line).
        One at the voided hand's table, counting and never un-voided (the organiser's word
        on it stands), that is the voided hand as itself: its content, or under its number
        its players renamed or played from other stacks (:func:`moved_as_itself`), as a file
        imported after the move meets it (:meth:`renumbered`); its number first.  Progressive
        Badugi hands are left to the organiser: a void at the end of the import would take a
        carried pot from the hand after it unchecked."""
        found: list[tuple[VoidedHand, int, str, int]] = []
        taken: set[int] = set()
        for voided in self.of_event(night):
            if voided.id in self.met:
                continue
            rows = self.conn.execute(
                "SELECT h.id, h.hand_number, coalesce(h.line, 0), h.content FROM hands h "
                "WHERE h.event_id = ? AND coalesce(h.table_name, '') = ? AND h.source != ? "
                "AND h.void_reason IS NULL AND coalesce(h.game, '') NOT IN "
                f"({', '.join('?' * len(PROGRESSIVE_GAMES))}) AND NOT EXISTS (SELECT 1 FROM "
                "audit a WHERE a.hand_row = h.id AND a.action = 'unvoid') "
                "ORDER BY h.hand_number != ?, h.id",
                [moved_to, voided.table, source, *sorted(PROGRESSIVE_GAMES), voided.number],
            ).fetchall()
            for row_id, number, line, content in rows:
                if row_id in taken or (
                    content != voided.content
                    and (
                        str(number) != voided.number
                        or not moved_as_itself(self.conn, voided.id, int(row_id))
                    )
                ):
                    continue
                taken.add(row_id)
                found.append((voided, int(row_id), str(number), int(line)))
                break
        return found

    @staticmethod
    def is_organisers(void: str | None) -> bool:
        """Whether a stored hand's void reason is an organiser's (in play or not)."""
        return organisers_reason(void) is not None


def event_arg(conn: sqlite3.Connection, event_id: int) -> str:
    """How ``void --event`` names event ``event_id`` in a command to paste: its name, whole,
    as a word of a command (:func:`~.advice.command_word`), or its id when its name is not
    its own (a night re-dated keeps it) or holds a NUL, which no command line can pass."""
    name, count = conn.execute(
        "SELECT e.name, (SELECT count(*) FROM events o WHERE o.name = e.name) "
        "FROM events e WHERE e.id = ?",
        [event_id],
    ).fetchone()
    if count != 1 or "\x00" in name:
        return str(event_id)
    return command_word(str(name))
