"""A night whose hands an import moved to another event: its date or session name corrected
in its file (``import --replace``), each hand is another hand to the ledger (its fingerprint
names the session), so the old rows are left out and new ones stored in the event the file
names now.  What belongs to the night goes with it:

* its **void** (:func:`~.corrections.follow_void`): a voided night re-dated stays void;
* the **voids of its hands** another file of it holds now (:func:`_follow_hand_voids`): a
  file split off the night in the correction that re-dates it, imported before this one,
  stored the voided hand counting in the new event (nothing then said the two events were
  one night); this move proves it, so the void follows the hand there;
* and when the night was split over several files, and only this one moved, the night is
  now two events: the report says so, naming both events and the files that still hold the
  old one, so the organiser corrects them too.  Not refused: each file is imported in its
  own transaction, so refusing would leave no order in which the files could be corrected.

The terms of a tournament follow their hands in :func:`~.moved_terms.follow_moved_hands`.

What a move proves stays in the ledger after its import: the hands a file left out of the
old event are there beside its hands in the new one, and a row moved has its audit
(:func:`~.void_matching.moved_here_from`).  So a file of the night imported later (the
night's file split in the same correction) meets the night's voided hands in the event it
is in now (:mod:`.void_matching`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Collection

from .advice import Advice, Said, ledger_named
from .corrections import follow_void, void_hand
from .event_lookup import event_label_of
from .hand_content import cards_shown
from .import_audit import ImportAudit
from .report import Conflict, FileReport
from .void_matching import OrganiserVoids, event_arg, moved_as_itself
from .void_reasons import LEFT_OUT, organisers_reason


def follow_moved_nights(
    db: sqlite3.Connection, report: FileReport, events: Collection[int], audit: ImportAudit
) -> None:
    """For each event among ``events`` that the import of ``report.source`` (its audit rows:
    ``audit``) moved hands out of, the events those hands are in now: a void follows the
    night there, and a night left split is reported.  Call inside the import's transaction."""
    for night, moved_to in _moves(db, report.source, events, audit):
        why = follow_void(db, audit.at, night, moved_to)
        if why is not None:
            _say(db, report, moved_to, f"the night's void follows it here: {why}")
        _follow_hand_voids(db, report, night, moved_to, audit.at)
        others = _other_files(db, night, report.source)
        if others:
            split = _split(db, report.source, night, moved_to, others)
            _say(db, report, moved_to, split, Advice("correct the other files", others=others))


def _follow_hand_voids(
    db: sqlite3.Connection, report: FileReport, night: int, moved_to: int, at: str
) -> None:
    """The hands voided in ``night`` that another file of it holds in ``moved_to``, stored
    before this move (:meth:`.OrganiserVoids.moved_with_night`): each voided there by the
    organiser's reason (audited), and said in the report at that hand, naming the voided one
    (a note: not this file's hand replaced, :attr:`.Conflict.note`).
    A voided hand this file moved itself is its row, moved with its void."""
    voids = OrganiserVoids(db)
    for voided, row_id, number, line in voids.moved_with_night(night, moved_to, report.source):
        reason = organisers_reason(voided.void) or voided.void
        void_hand(db, at, moved_to, row_id, voided.table, number, reason)
        (source,) = db.execute("SELECT source FROM hands WHERE id = ?", [row_id]).fetchone()
        report.replaced.append(
            Conflict(
                str(source), line, number, voided.table, event_label_of(db, moved_to),
                (f"hand {voided.number} of {event_label_of(db, night)}, which an organiser "
                 f"voided, moved to {source} with its night; {report.source} puts the night "
                 f"in this event now, so the void follows it: voided ({reason})",),
                note=True,
            )
        )  # fmt: skip


def _moves(
    db: sqlite3.Connection, source: str, events: Collection[int], audit: ImportAudit
) -> list[tuple[int, int]]:
    """(old event, new event) of each move the import whose audit rows ``audit`` finds made
    (:meth:`.ImportAudit.taken_out`): a hand stored again in another event (the same row),
    or one left out of its file (voided) that the file holds in another event now - the same
    table and number, and the same content or the hand itself otherwise
    (:func:`~.void_matching.moved_as_itself`: a name corrected through the night in the same
    correction), under another fingerprint (a corrected date or name makes it another hand to
    the ledger)."""
    if not events:
        return []
    moves = set()
    left: dict[tuple[str, str], list[tuple[int, int, str]]] = {}
    taken, params = audit.taken_out()
    for night, action, moved_to, row_id, table, number, content in db.execute(
        "SELECT a.event_id, a.action, h.event_id, h.id, coalesce(h.table_name, ''), "
        f"h.hand_number, h.content FROM ({taken}) a JOIN hands h ON h.id = a.hand_row",
        params,
    ):
        if night not in events:
            continue
        if action == "void":
            left.setdefault((str(table), str(number)), []).append(
                (int(night), int(row_id), str(content))
            )
        elif moved_to != night:
            moves.add((int(night), int(moved_to)))
    if left:  # one pass over the file's hands, however many it left out
        for event_id, new_id, table, number, content in db.execute(
            "SELECT event_id, id, coalesce(table_name, ''), hand_number, content FROM hands "
            "WHERE source = ? AND (void_reason IS NULL OR substr(void_reason, -?) != ?)",
            [source, len(LEFT_OUT), LEFT_OUT],
        ):
            for night, old_id, was in left.get((str(table), str(number)), ()):
                if night != event_id and (
                    was == content or moved_as_itself(db, old_id, int(new_id))
                ):
                    moves.add((night, int(event_id)))
    return sorted(moves)


def _other_files(db: sqlite3.Connection, night: int, source: str) -> tuple[str, ...]:
    """The files other than ``source`` that still hold hands of ``night`` in its play."""
    return tuple(
        str(row[0])
        for row in db.execute(
            "SELECT DISTINCT source FROM hands WHERE event_id = ? AND source IS NOT NULL "
            "AND source != ? AND (void_reason IS NULL OR substr(void_reason, -?) != ?) "
            "ORDER BY 1",
            [night, source, len(LEFT_OUT), LEFT_OUT],
        )
    )


def _split(
    db: sqlite3.Connection, source: str, night: int, moved_to: int, others: tuple[str, ...]
) -> str:
    """The warning for a night split in two by correcting one of its files, without what to
    do of it (correct the other files too: :class:`~.advice.Advice`)."""
    files, one = ", ".join(others), len(others) == 1
    return (
        f"the night is split: {source} puts its hands in {event_label_of(db, moved_to)}, but "
        f"{files} still hold{'s' if one else ''} hands of {event_label_of(db, night)}"
    )


def _say(
    db: sqlite3.Connection,
    report: FileReport,
    event_id: int,
    what: str,
    advice: Advice | None = None,
) -> None:
    """A line of the import's report about event ``event_id``, at the file's first hand of it,
    and what to do of it (``advice``): a note of the night (:attr:`.Conflict.note`), which no
    total counts as a hand replaced."""
    first = db.execute(
        "SELECT line, hand_number, coalesce(table_name, '') FROM hands WHERE event_id = ? "
        "AND source = ? ORDER BY line, id LIMIT 1",
        [event_id, report.source],
    ).fetchone()
    line, hand, table = first if first is not None else (0, "", "")
    report.replaced.append(
        Conflict(report.source, int(line or 0), str(hand), str(table),
                 event_label_of(db, event_id), (what,), note=True, advice=advice)
    )  # fmt: skip


def void_nights_alike(
    db: sqlite3.Connection,
    source: str,
    counting: Collection[tuple[int, str]],
    warned: Collection[int],
) -> list[Said]:
    """A warning for each hand the file ``source`` stored in a counting event (``counting``:
    id and name) that is, figure for figure, with cards shown (a walk alike is no proof of a
    deal), a hand at the same table of a void event: a hand of the void night moved to a file
    that never held it, which nothing proves is that night (:func:`_moves` finds a file's
    own moves only), so the void did not follow and the hand counts.

    * Of an event of the void night's name (the night's file split, the old file emptied,
      and the night re-dated): the event may be that night, so the command voids the event,
      said once for each void event and event the hands count in, naming the first such
      hand.
    * Of an event of another name (the night's hands merged into another night's file):
      that event is another night, which counts, so voiding it would void that night too;
      the command voids the hand, said of each such hand.

    ``warned``: void events said already (:func:`~.file_events.void_events`)."""
    names = {event_id: name for event_id, name in counting}
    if not names:
        return []
    voided: dict[tuple[str, str], list[tuple[int, str, str, str]]] = {}
    for event_id, name, why, content, table, number, cards in db.execute(
        "SELECT e.id, e.name, e.void_reason, h.content, coalesce(h.table_name, ''), "
        "h.hand_number, h.cards FROM events e JOIN hands h ON h.event_id = e.id "
        "WHERE e.void_reason IS NOT NULL ORDER BY e.id, h.line, h.id"
    ):
        if int(event_id) not in warned and cards_shown(cards):
            voided.setdefault((str(table), str(content)), []).append(
                (int(event_id), str(name), str(number), str(why))
            )
    if not voided:
        return []
    said: dict[tuple[int, int, str, str], Said] = {}
    marks = ", ".join("?" * len(names))
    for event_id, content, table, number in db.execute(
        "SELECT event_id, content, coalesce(table_name, ''), hand_number FROM hands WHERE "
        f"source = ? AND void_reason IS NULL AND event_id IN ({marks}) ORDER BY line, id",
        [source, *names],
    ):
        here = int(event_id)
        for night, name, was, why in voided.get((str(table), str(content)), ()):
            alike = names[here] == name
            key = (night, here, "", "") if alike else (night, here, str(table), str(number))
            if key in said:
                continue
            at = f" at table {table}" if table else ""
            found = (
                f"hand {number}{at} of {event_label_of(db, here)} is, figure for figure, hand "
                f"{was} of {event_label_of(db, night)}, which is void ({why}); "
            )
            if alike:
                said[key] = (
                    f"{found}the ledger cannot tell this event is that night (no file of it "
                    "puts its hands here), so it counts: ",
                    Advice(
                        "void that event too",
                        event=str(here),
                        ledger=ledger_named(db),
                        reason=why,
                    ),
                )
            else:
                said[key] = (
                    f"{found}it counts in this event, another night, which counts (voiding "
                    "the event would void that night's own hands too); if it is that hand moved "
                    "here, ",
                    Advice(
                        "void this one too",
                        event=event_arg(db, here),
                        reason=why,
                        hand=str(number),
                        table=str(table),
                        ledger=ledger_named(db),
                    ),
                )
    return list(said.values())
