"""What a table carries from hand to hand: stacks, a Progressive Badugi pot, who busted.

:func:`replay_stream` replays a stream of hands (from one or many files) lazily, keeping one
:class:`TableState` per (source, table).  One bad hand never stops the others, but it does
make what it would have carried unknown: if the failed hand recorded every player's final
stack those are carried, otherwise the next hand of that table that relies on carried stacks
is reported as ``stack-unknown`` (kind ``incomplete``) instead of being replayed with stacks
that might be wrong.  A hand that cannot be read at all (a ``ParseError`` item) makes every
table of its file unknown in the same way, since it is not known which table it belonged to.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from ..errors import BadugiError
from ..events import FinalStack, HandRecord
from ..results import HandOutcome, Violation
from .build import build, buildable
from .hand import replay_hand

buildable(HandOutcome)

INCOMPLETE_RULES = frozenset({"stack-unknown", "pot-undetermined", "hand-incomplete"})
"""Rules that mean "not enough information to settle the hand" rather than "broken"."""


@dataclass
class TableState:
    """The state one table carries between hands."""

    stacks: dict[str, int] = field(default_factory=dict)
    carry: int = 0
    busted: dict[str, str] = field(default_factory=dict)
    """Player -> id of the hand in which their stack reached zero."""
    unknown_since: str | None = None
    """Why the carried state is unknown (a hand that failed), or None."""
    last_seated: frozenset[str] = frozenset()
    """Who sat at the table in its previous hand."""


def error_violation(exc: BadugiError) -> Violation:
    """A raised error as a :class:`Violation` for a :class:`HandOutcome`."""
    rule = exc.rule or type(exc).__name__.replace("Error", "").lower() or "error"
    if rule in INCOMPLETE_RULES:
        return Violation(rule, exc.message, exc.position, "incomplete")
    return Violation(rule, exc.message, exc.position, "illegal")


class TableTracker:
    """Replays hands one at a time, carrying each table's state to its next hand."""

    def __init__(self) -> None:
        self.tables: dict[tuple[str, str], TableState] = {}

    def table(self, record: HandRecord) -> TableState:
        key = (record.pos.source, record.table)
        state = self.tables.get(key)
        if state is None:
            state = self.tables[key] = TableState()
        return state

    def replay(self, record: HandRecord) -> HandOutcome:
        """Replay one hand with its table's carried stacks and pot."""
        state = self.table(record)
        source = record.pos.source
        if state.unknown_since is not None and (
            any(s.stack is None for s in record.seats)  # it needs carried stacks
            or record.settings.game == "progressive-badugi"
        ):
            error = Violation(
                "stack-unknown",
                f"cannot carry stacks into this hand: {state.unknown_since}",
                record.pos,
                "incomplete",
            )
            self._after_failure(state, record)
            return HandOutcome(source, record.hand_id, record.pos, record, None, (error,))
        carried: dict[str, int] = {}
        if state.unknown_since is None:
            # Stated stacks are checked against the previous hand only for players who sat in
            # it: one who was away (another table in a tournament) may come back with any stack.
            carried = {
                s.name: state.stacks[s.name]
                for s in record.seats
                if s.name in state.stacks and (s.stack is None or s.name in state.last_seated)
            }
        try:
            result = replay_hand(record, stacks=carried, carry_in=state.carry)
        except BadugiError as exc:
            if exc.hand is None:
                exc.hand = record.hand_id
            self._after_failure(state, record)
            return HandOutcome(
                source, record.hand_id, record.pos, record, None, (error_violation(exc),)
            )
        except Exception as exc:  # a bug in the engine: report it on this hand, go on
            self._after_failure(state, record)
            bug = Violation(
                "internal-error",
                f"the replay failed on this hand ({type(exc).__name__}: {exc}); please report it",
                record.pos,
            )
            return HandOutcome(source, record.hand_id, record.pos, record, None, (bug,))
        state.stacks.update(result.final_stacks)
        state.last_seated = frozenset(result.starting_stacks)  # one entry per seat
        state.carry = result.carry_out
        state.unknown_since = None
        for p in result.busted:
            state.busted[p] = record.hand_id
        return build(
            HandOutcome,
            {
                "source": source,
                "hand_id": record.hand_id,
                "pos": record.pos,
                "record": record,
                "result": result,
                "errors": result.violations,
            },
        )

    def _after_failure(self, state: TableState, record: HandRecord) -> None:
        finals = {e.player: e.amount for e in record.events if type(e) is FinalStack}
        if finals and set(finals) >= set(record.players):
            state.stacks.update(finals)
            state.last_seated = frozenset(record.players)
            state.carry = 0
            if record.settings.game != "progressive-badugi":
                state.unknown_since = None
                return
        state.unknown_since = f"hand {record.hand_id} could not be replayed"


def replay_stream(items: Iterable[HandRecord | BadugiError]) -> Iterator[HandOutcome]:
    """Replay hands as they come (never holding the whole input), one outcome per item.

    A ``BadugiError`` item (a hand that did not parse) becomes an outcome with that error.
    """
    tracker = TableTracker()
    unread: dict[str, str] = {}
    for item in items:
        if isinstance(item, HandRecord):
            source = item.pos.source
            if source in unread:
                state = tracker.table(item)
                if not state.stacks and any(s.stack is None for s in item.seats):
                    # The table's earlier hands may be the unreadable ones.
                    state.unknown_since = unread[source]
            yield tracker.replay(item)
            continue
        pos = item.position
        why = f"hand {item.hand or '?'} at line {pos.line} of this file could not be read"
        unread[pos.source] = why
        for (src, _), state in tracker.tables.items():
            if src == pos.source:
                state.unknown_since = why
        yield HandOutcome(pos.source, item.hand, pos, None, None, (error_violation(item),))
