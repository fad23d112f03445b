"""The stream of hands: each hand replayed at its table as it comes, never holding the input.

:func:`replay_stream` gives each hand to a :class:`~.table.TableTracker` (what a table carries
from hand to hand, and what a hand that could not be replayed leaves it, is told in
:mod:`.table`) and keeps what only the stream sees: a hand whose number its table already had
(``duplicate-hand``: :func:`_written_twice`), a hand that could not be read at all, whose table
(or every table of its file) forgets its stacks and pot (:func:`_unreadable`), the readers' gaps
(:class:`~badugi_ledger.model.results.TableGap`), and an event's terms stated otherwise
(:class:`~.event_terms.EventTerms`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import replace

from ..model.copies import RecentHands, content, renumbered_copy
from ..model.errors import BadugiError
from ..model.events import HandRecord
from ..model.games import GAMES
from ..model.results import HandOutcome, TableGap, Violation
from .event_terms import EventTerms
from .table import TableTracker, table_key
from .unread import Unread, after_unread, button_after, resume, unread_final_line
from .verdicts import error_violation


def _written_twice(written: RecentHands[None], record: HandRecord) -> tuple[Violation, bool] | None:
    """The ``duplicate-hand`` violation of a hand whose number its table (in the same file
    and session) already had, among the last
    :data:`~badugi_ledger.model.copies.RECENT_HANDS` hands, and whether the hand is still to
    be replayed; else None, and the hand is remembered.

    A copy of the first hand (:meth:`~badugi_ledger.model.copies.FirstWritten.copied_by`) is
    not replayed: the table goes on from the first, as if the copy were not there.  A hand
    that records something else is another hand under a wrong number: it is replayed like any
    hand, so that its own mistakes are found and the table goes on from it (without its
    chips, the table's next hands would be false mismatches)."""
    first = written.first(record)
    if first is None:
        recorded = content(record)
        written.remember(record, recorded, None)
        earlier = written.renumbered(record, recorded)
        if earlier is None:
            return None
        return Violation("duplicate-hand", renumbered_copy(record, earlier), record.pos), False
    if first.copied_by(content(record)):
        return Violation(
            "duplicate-hand",
            f"hand {record.hand_id} is written twice at this table (first at line {first.line}): "
            "a hand number names one hand; remove the copy or renumber the hand",
            record.pos,
        ), False
    return Violation(
        "duplicate-hand",
        f"hand {record.hand_id} is written twice at this table (first at line {first.line}), "
        "as another hand: a hand number names one hand; renumber one of them",
        record.pos,
    ), True


def replay_stream(
    items: Iterable[HandRecord | BadugiError | TableGap],
    *,
    tracker: TableTracker | None = None,
) -> Iterator[HandOutcome]:
    """Replay hands as they come (never holding the whole input), one outcome per hand.

    A ``BadugiError`` item (a hand that did not parse) becomes an outcome with that error; a
    ``TableGap`` item gives no outcome of its own: its warning goes with the table's next hand.
    ``tracker`` (default: a new one) carries the tables; pass one to look at them afterwards.
    """
    tracker = TableTracker() if tracker is None else tracker
    # Why a table's earlier hands may be unknown: (source, table) -> an unreadable hand of that
    # table; (source, None) -> one of the file whose table the reader did not know.
    unread: dict[tuple[str, str | None], Unread] = {}
    gaps: dict[tuple[str, str], list[TableGap]] = {}
    written: RecentHands[None] = RecentHands()
    terms = EventTerms()
    for item in items:
        if isinstance(item, HandRecord):
            source = item.pos.source
            twice = _written_twice(written, item)
            again = None
            if twice is not None:
                again, replayed = twice
                if not replayed:
                    if gaps:  # the reader's word about the copy: the first had its own
                        gaps.pop((source, item.table), None)
                    yield HandOutcome(source, item.hand_id, item.pos, item, None, (again,))
                    continue
            if unread and table_key(item) not in tracker.tables:
                # The table's earlier hands may be the unreadable ones.
                lost = unread.get((source, item.table)) or unread.get((source, None))
                if lost is not None:
                    state = tracker.table(item)
                    state.unknown_default = lost.why
                    own = lost.event in (None, table_key(item)[2])
                    resume(state, lost, pot=own, fresh=True)
                    if own and lost.seating is not None:  # (its button passes on once)
                        state.button = button_after(state, lost)[1]
                        unread[source, item.table] = lost._replace(seating=None)
            said = gaps.pop((source, item.table), None) if gaps else None
            if said is None:
                outcome = tracker.replay(item)
            else:
                if any(gap.resync for gap in said):
                    # The stated stacks are not held against a hand that is not the previous
                    # one, nor is the button passed on from it.
                    state = tracker.table(item)
                    state.last_seats, state.button = (), None
                outcome = tracker.replay(item)
                said_warnings = tuple(g.warning for g in said if g.warning is not None)
                if said_warnings:
                    outcome = replace(outcome, warnings=(*said_warnings, *outcome.warnings))
            found = tuple(v for v in (again, terms.differ(item)) if v is not None)
            yield replace(outcome, errors=(*found, *outcome.errors)) if found else outcome
            continue
        if isinstance(item, TableGap):
            if item.table is None:  # any table's: each takes its next stacks as stated
                for (src, _, _), state in tracker.tables.items():
                    if src == item.source:
                        state.last_seats, state.button = (), None
                continue
            gaps.setdefault((item.source, item.table), []).append(item)
            continue
        yield _unreadable(tracker, item, unread)


def _unreadable(
    tracker: TableTracker, error: BadugiError, unread: dict[tuple[str, str | None], Unread]
) -> HandOutcome:
    """The outcome of a hand that could not be read, whose table forgets its stacks and pot:
    the table the reader says it was read at (``error.table``), or, when the reader does not
    know it, every table of its file.  What the lines of it that could be read record (its
    ``final:`` line, a carried pot, its collections: ``ParseError.recorded``) the table goes
    on from, as from a hand that could not be replayed (:func:`.unread.after_unread`); what
    its hand line states (``ParseError.seating``) checks its button and passes it on, and
    holds its ``final:`` line to adding up (with its stated stacks alone when it is its
    table's first hand)."""
    pos, table = error.position, error.table
    if error.hand:
        what = f"hand {error.hand}"
        why = f"{what} at line {pos.line} of this file could not be read"
    else:  # lines outside any hand: a hand's, it may be, whose hand line is lost
        what = f"the lines at line {pos.line}"
        why = (
            f"line {pos.line} of this file, outside any hand, could not be read: a hand's, it "
            "may be, whose hand line is lost"
        )
    recorded = getattr(error, "recorded", ()) if table is not None else ()
    seating = getattr(error, "seating", None) if table is not None else None
    if not isinstance(seating, HandRecord):
        seating = None
    unread[pos.source, table] = Unread(why, what, recorded, error.event, seating)
    said: tuple[Violation, ...] = ()
    own = False
    for (src, name, event), state in tracker.tables.items():
        if src == pos.source and (table is None or name == table):
            said += after_unread(state, unread[pos.source, table], event == error.event)
            own = own or event == error.event
    if seating is not None and not own:  # the table's first hand: its stated stacks only
        carry = None if GAMES[seating.settings.game].progressive else 0
        imbalance = unread_final_line(unread[pos.source, table], {}, carry)
        said += (imbalance,) if imbalance is not None else ()
    errors = tuple(map(error_violation, (error, *getattr(error, "others", ()))))
    warnings = tuple(v for v in said if v.kind == "warning")
    errors += tuple(v for v in said if v.kind != "warning")
    return HandOutcome(pos.source, error.hand, pos, None, None, errors, warnings)
