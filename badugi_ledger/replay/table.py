"""What a table carries from hand to hand: stacks, a Progressive Badugi pot, who busted.

:func:`replay_stream` replays a stream of hands (from one or many files) lazily, keeping one
:class:`TableState` per (source, table, event): a new session at the same table (a cash game
after a tournament, the chips valued otherwise) starts it afresh, since stacks and a carried
pot never pass from one event to another within a file.  One bad hand never stops the others,
and never stops the hands after it from being checked in full:

* A hand that could not be replayed leaves its players' stacks **unknown**, except where the
  recorder wrote them down: a ``final:`` entry of the failed hand, or a stack stated on a later
  hand line, *resyncs* that player.  Players who did not sit in the failed hand keep theirs.
* A later hand that needs an unknown stack is replayed with it unknown
  (:data:`~.state.UNKNOWN_STACK`): turn order, bet sizes, draws, cards, pots and every recorded
  payout are checked; what depends on the stack (whether a bet was more than the player had,
  their final stack) is not, and the first such hand says so once, as a warning
  (``stacks-unknown``).  An all-in in the record shows the stack; an order-of-play verdict that
  an all-in could explain is ``stack-unknown`` (not settled) rather than a violation.
* Progressive Badugi: the failed hand's recorded ``carry`` (or, with none, its recorded
  collections: nothing carried) gives the pot the next hand starts with; with neither it is
  unknown and the next Progressive hand of that table is not settled (``carry-unknown``).
* A hand that cannot be read at all (a ``BadugiError`` item) makes every stack of its table
  unknown in the same way (``error.table``, the table the reader read it at); when the reader
  does not know its table (a header line above it has an error; a site's hand whose table
  line cannot be read), every table of its file.
* A hand whose number its table already had (``duplicate-hand``): a copy of the first is not
  replayed, the table goes on from the first; a hand that records something else (other
  seats, stacks or events; not merely other spacing or comments) is replayed as any hand,
  and the table goes on from it (:func:`_written_twice`; which hand is a copy is told in
  :mod:`badugi_ledger.model.copies`, which a site's reader asks too).
* A player whose name a later hand writes another way that is one name (Unicode's two ways
  of writing ``Zoë``, a zero-width space pasted in) carries their stack under the new
  spelling (:func:`_follow_respellings`).
* A :class:`~badugi_ledger.model.results.TableGap` item (a site file that seems to miss a hand)
  makes the table's next hand start from its stated stacks, with the reader's warning.

A result with unknown stacks is a check's only: its ``unknown_stacks`` tell the ledger not to
store it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from operator import attrgetter

from ..model.copies import RecentHands, content
from ..model.errors import BadugiError
from ..model.events import (
    BETWEEN_HANDS,
    CarryIn,
    CarryOut,
    Collect,
    Event,
    FinalStack,
    HandRecord,
    HandsMissing,
    RakeTaken,
    Seat,
    SitOut,
    amounts_currency,
    event_of,
)
from ..model.games import GAMES
from ..model.money import hand_figure
from ..model.names import composed
from ..model.results import HandOutcome, HandResult, TableGap, Violation
from .button import (
    ButtonBase,
    base_of,
    blinds_follow_button,
    button_not_passed,
    everyone_dealt_in,
    left_of,
)
from .claims import final_line_imbalance
from .hand import replay_hand
from .state import UNKNOWN_STACK

INCOMPLETE_RULES = frozenset(
    {"stack-unknown", "carry-unknown", "pot-undetermined", "hand-incomplete"}
)
"""Rules that mean "not enough information to settle the hand" rather than "broken"."""


@dataclass
class TableState:
    """The state one table carries between hands."""

    stacks: dict[str, int] = field(default_factory=dict)
    """Known stacks at the end of the table's last hand."""
    unknown: dict[str, str] = field(default_factory=dict)
    """Player -> why their stack is unknown (the hand that could not be replayed)."""
    unknown_default: str | None = None
    """Why the stack of a player this table has not seen yet may be unknown (an earlier hand
    of the file could not be read), or None: such a player must state a stack."""
    carry: int | None = 0
    """The Progressive Badugi pot carried into the next hand; None when unknown."""
    carry_unknown_since: str = ""
    carry_stakes: frozenset[str] = frozenset()
    """The players whose chips are in ``carry`` (``HandResult.carry_stakes``): one of them
    with no chips may be dealt into the redeal (``002``)."""
    progressive: bool = False
    """Whether the table's last hand was Progressive Badugi."""
    resynced: tuple[str, frozenset[str]] | None = None
    """Stacks just taken from the ``final:`` line of a hand that could not be replayed (what
    to say, whose): the next hand that carries one of them says so (a warning), once."""
    said: str | None = None
    """The reason a ``stacks-unknown`` warning was last given for (said once per failure)."""
    busted: dict[str, str] = field(default_factory=dict)
    """Player -> id of the hand in which their stack reached zero."""
    last_seats: tuple[Seat, ...] = ()
    """Who sat at the table in its previous hand: that hand's seats, kept as they are (their
    names are looked up only for a hand that states a stack, see :func:`_carried_each`)."""
    button: ButtonBase | None = None
    """The previous hand's button, which the next hand passes on from (:mod:`.button`); None
    when that hand did not deal every player seated in or its blinds are not the ones its
    button says, or the table lost track of its hands (an unreadable hand)."""

    def forget(self, players: Iterable[str], why: str) -> None:
        """These players' stacks are unknown from now on, because of ``why``."""
        for p in players:
            self.stacks.pop(p, None)
            self.unknown[p] = why


def error_violation(exc: BadugiError) -> Violation:
    """A raised error as a :class:`Violation` for a :class:`HandOutcome`."""
    rule = exc.rule or type(exc).__name__.replace("Error", "").lower() or "error"
    if rule in INCOMPLETE_RULES:
        return Violation(rule, exc.message, exc.position, "incomplete")
    return Violation(rule, exc.message, exc.position, "illegal")


def _carry_unknown(state: TableState, record: HandRecord) -> bool:
    """:meth:`TableTracker.carry_unknown` at the record's table ``state``."""
    return (
        GAMES[record.settings.game].progressive
        and state.carry is None
        and not _states_carry_in(record)
    )


def _carry_in(state: TableState, record: HandRecord) -> tuple[int, Violation | None]:
    """The Progressive Badugi pot ``record`` starts with at its table ``state``: the one the
    table's previous hand carried, or the one the record states (``carry in N``; its table's
    previous hand is not in the stream, or could not be replayed), and the ``carry-carried``
    mismatch of a stated pot that is not the previous hand's (the stated one counts, as a
    stated stack does)."""
    stated = [(i, e.amount) for i, e in _between_hands(record) if type(e) is CarryIn]
    if not stated:
        return state.carry or 0, None
    amount = sum([chips for _, chips in stated])
    if state.carry is None or not state.last_seats or amount == state.carry:
        return amount, None
    first = stated[0][0]
    currency = amounts_currency(record.session, record.settings.currency)
    return amount, Violation(
        "carry-carried",
        f"the hand states a carried-in pot of {hand_figure(amount, currency)}, but the "
        f"table's previous hand carried {hand_figure(state.carry, currency)}",
        record.position(first),
        "mismatch",
    )


def _carry_stakes(state: TableState, record: HandRecord) -> frozenset[str]:
    """Whose chips are in the pot ``record`` starts with: those of the pot its table's
    previous hand carried.  A pot the record states (``carry in N``) and the replay takes on
    its word, for want of that hand (a night recorded in two files), may hold the chips of any
    player of the record, as a recorded carry of a hand that could not be replayed may
    (:meth:`TableTracker._after_failure`): ``002`` deals the redeal "to every player at the
    table", so a player the record lists with no chips and plays is dealt in on the file's
    word rather than the legal hand refused.  Nobody's when the pot is unknown."""
    if _states_carry_in(record) and (state.carry is None or not state.last_seats):
        return frozenset(record.players)
    return state.carry_stakes if state.carry else frozenset()


def _names(players: Iterable[str]) -> str:
    names = sorted(players)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


TableKey = tuple[str, str, tuple[str, str, str | None, str]]
"""(source, table, :func:`~badugi_ledger.model.events.event_of` the hand's session)."""


def table_key(record: HandRecord) -> TableKey:
    """The table a hand is played at, for what it carries to the next hand."""
    return record.pos.source, record.table, event_of(record.session, record.settings.currency)


class TableTracker:
    """Replays hands one at a time, carrying each table's state to its next hand."""

    def __init__(self) -> None:
        self.tables: dict[TableKey, TableState] = {}

    def table(self, record: HandRecord) -> TableState:
        key = table_key(record)
        state = self.tables.get(key)
        if state is None:
            state = self.tables[key] = TableState()
        return state

    def carried(self, record: HandRecord) -> tuple[dict[str, int], dict[str, str]]:
        """The stacks ``record`` starts from at its table (``stacks=`` of
        :func:`~.hand.replay_hand`: a new dict, which may hold players of the table who do
        not sit in this hand), and why those that are unknown are unknown."""
        carried, unknown = _carried(self.table(record), record)
        return dict(carried), unknown

    def replay(self, record: HandRecord) -> HandOutcome:
        """Replay one hand with its table's carried stacks and pot (a ``standalone`` hand
        with none: it is held to no other hand, and leaves nothing to the next)."""
        if record.standalone:
            key = table_key(record)
            self.tables.pop(key, None)
            try:
                return self._replay_with_gap(record)
            finally:
                self.tables.pop(key, None)
        return self._replay_with_gap(record)

    def _replay_with_gap(self, record: HandRecord) -> HandOutcome:
        state = self.table(record)  # looked up once: the rest of the hand is given it
        missing = _hands_missing(state, record)
        _follow_respellings(state, record)
        dealt_in = everyone_dealt_in(record, state.stacks, state.unknown)
        base = state.button
        moved = (
            button_not_passed(base, state.last_seats, record)
            if dealt_in and base is not None and state.last_seats
            else None
        )
        outcome = self._replay(state, record)
        certain = dealt_in and blinds_follow_button(record)
        instead = None if moved is None or base is None else left_of(base.button, record.seats)
        state.button = base_of(record, instead) if certain else None
        if missing is None and moved is None:
            return outcome
        said = tuple(w for w in (missing, moved) if w is not None)
        return replace(outcome, warnings=(*said, *outcome.warnings))

    def _replay(self, state: TableState, record: HandRecord) -> HandOutcome:
        source = record.pos.source
        if _carry_unknown(state, record):
            error = Violation(
                "carry-unknown",
                "cannot carry the Progressive Badugi pot into this hand: "
                f"{state.carry_unknown_since} and recorded neither a carry nor a collection",
                record.pos,
                "incomplete",
            )
            self._after_failure(state, record)
            return HandOutcome(source, record.hand_id, record.pos, record, None, (error,))
        carried, unknown = _carried(state, record)
        carry_in, carry_stated = _carry_in(state, record)
        try:
            result = replay_hand(
                record, stacks=carried, carry_in=carry_in, carry_stakes=_carry_stakes(state, record)
            )
        except BadugiError as exc:
            if exc.hand is None:
                exc.hand = record.hand_id
            imbalance = _final_line_imbalance(record, carried, carry_in)
            self._after_failure(state, record, trust_final=imbalance is None)
            errors = (
                (error_violation(exc),) if imbalance is None else (error_violation(exc), imbalance)
            )
            return HandOutcome(source, record.hand_id, record.pos, record, None, errors)
        except Exception as exc:  # a bug in the engine: report it on this hand, go on
            self._after_failure(state, record)
            bug = Violation(
                "internal-error",
                f"the replay failed on this hand ({type(exc).__name__}: {exc}); please report it",
                record.pos,
            )
            return HandOutcome(source, record.hand_id, record.pos, record, None, (bug,))
        warnings = result.warnings
        if result.unknown_stacks:
            warnings = (*self._unknown_warning(state, record, result, unknown), *warnings)
        if state.resynced is not None:
            said, players = state.resynced
            if any(s.stack is None and s.name in players for s in record.seats):
                resync = Violation("stacks-resynced", said, record.pos, "warning")
                warnings = (resync, *warnings)
            state.resynced = None
        _after_replay(state, record, result, GAMES[record.settings.game].progressive)
        return HandOutcome(
            source,
            record.hand_id,
            record.pos,
            record,
            result,
            result.violations if carry_stated is None else (carry_stated, *result.violations),
            warnings,
        )

    def carry_unknown(self, record: HandRecord) -> bool:
        """Whether the Progressive Badugi pot ``record`` starts with is unknown: its table's
        pot was forgotten (a hand that could not be replayed, missing hands) and the record
        states none (``carry in N``)."""
        return _carry_unknown(self.table(record), record)

    def carry_stakes(self, record: HandRecord) -> frozenset[str]:
        """The players whose chips are in the pot ``record`` starts with (:func:`_carry_stakes`)."""
        return _carry_stakes(self.table(record), record)

    def carry_in(self, record: HandRecord) -> tuple[int, Violation | None]:
        """The Progressive Badugi pot ``record`` starts with, and the ``carry-carried``
        mismatch of a stated one (:func:`_carry_in`)."""
        return _carry_in(self.table(record), record)

    @staticmethod
    def _unknown_warning(
        state: TableState, record: HandRecord, result: HandResult, unknown: dict[str, str]
    ) -> tuple[Violation, ...]:
        """The ``stacks-unknown`` warning, given on the first hand after each failure."""
        why = unknown[min(result.unknown_stacks)]
        if state.said == why:
            return ()
        state.said = why
        return (
            Violation(
                "stacks-unknown",
                f"stacks of {_names(result.unknown_stacks)} unknown ({why}): this hand and "
                "the next are checked without them until a stack is stated or a final: line "
                "gives it; figures that depend on them (more bet than held, final stacks) "
                "are not checked",
                record.pos,
                "warning",
            ),
        )

    @staticmethod
    def _after_failure(state: TableState, record: HandRecord, trust_final: bool = True) -> None:
        """A hand that could not be replayed: what it carries is what its record says (its
        ``final:`` line, unless ``trust_final`` is off: the line creates or loses chips)."""
        why = f"hand {record.hand_id} could not be replayed"
        finals = _final_line(record)
        if not trust_final:
            why += " and its final: line does not add up"
            finals = {}
        state.forget([p for p in record.players if p not in finals], why)
        for p, amount in finals.items():
            state.stacks[p] = amount
            state.unknown.pop(p, None)
        state.resynced = None
        if finals:
            said = (
                f"stacks of {_names(finals)} carried from the final: line of hand "
                f"{record.hand_id}, which could not be replayed (not checked)"
            )
            state.resynced = (said, frozenset(finals))
        state.last_seats = record.seats
        state.progressive = GAMES[record.settings.game].progressive
        stakes = state.carry_stakes
        state.carry_stakes = frozenset()
        if not state.progressive:
            state.carry = 0
            return
        carries = [e.amount for e in record.events if type(e) is CarryOut]
        if carries:
            state.carry = sum(carries)
            # Whose chips the recorded pot holds is not known: any player of the hand's, or
            # of the pot it may have carried on.
            state.carry_stakes = stakes | frozenset(record.players)
        elif any(type(e) is Collect for e in record.events):
            state.carry = 0
        else:
            state.carry = None
            state.carry_unknown_since = why


_NAME = attrgetter("name")


def _final_line(record: HandRecord) -> dict[str, int]:
    """Each player's stack as the record's ``final:`` line counts it (none: no line)."""
    return {e.player: e.amount for e in record.events if type(e) is FinalStack}


def _between_hands(record: HandRecord) -> list[tuple[int, Event]]:
    """The record's first events that happen between hands (``BETWEEN_HANDS``), with their
    indexes: where a carried-in pot and missing hands are written.  The usual hand has none,
    which its first event shows at once."""
    events = record.events
    if not events or type(events[0]) not in BETWEEN_HANDS:
        return []
    found = []
    for i, e in enumerate(events):
        if type(e) not in BETWEEN_HANDS:
            break
        found.append((i, e))
    return found


def _states_carry_in(record: HandRecord) -> bool:
    return any(type(e) is CarryIn for _, e in _between_hands(record))


def _hands_missing(state: TableState, record: HandRecord) -> Violation | None:
    """The ``missing-hand`` warning of a record that begins by saying hands of its table
    before it are not in the file (``missing hands``), or None; its table then forgets the
    stacks and the pot it carried (what the missing hands did to them is unknown): the
    record's stated stacks are taken as written, the others are unknown."""
    at = next((i for i, e in _between_hands(record) if type(e) is HandsMissing), None)
    if at is None:
        return None
    why = f"hands before hand {record.hand_id} are not in the file"
    state.forget(list(state.stacks), why)
    state.last_seats = ()
    if state.progressive:
        state.carry = None
        state.carry_unknown_since = why
    return Violation(
        "missing-hand",
        "hands of this table before this one are not in the file (missing hands): its "
        "starting stacks are taken as written",
        record.position(at),
        "warning",
    )


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
        written.remember(record, content(record), None)
        return None
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


def _final_line_imbalance(
    record: HandRecord, carried: dict[str, int], carry_in: int
) -> Violation | None:
    """The ``chips-balance`` mismatch of a hand that could not be replayed whose ``final:``
    line creates or loses chips, or None.  The stacks such a line gives are what the table's
    next hands start from (:meth:`TableTracker._after_failure`), so it is held to the one
    thing still known without the replay: every player's stack and the recorded rake and
    carried pot add up to what the players started with (as a replayed hand's claims are,
    :mod:`.claims`).  Checked when the line names every player dealt in and each of their
    starting stacks is known."""
    finals: dict[str, int] = {}
    first = -1
    out = rake = 0
    sitting: set[str] = set()
    for i, e in enumerate(record.events):
        if isinstance(e, FinalStack):
            finals[e.player] = e.amount
            first = i if first < 0 else first
        elif isinstance(e, RakeTaken):
            rake += e.amount
        elif isinstance(e, CarryOut):
            out += e.amount
        elif isinstance(e, SitOut):
            sitting.add(e.player)
    if not finals:
        return None
    starts: dict[str, int] = {}
    for seat in record.seats:
        start = seat.stack if seat.stack is not None else carried.get(seat.name)
        if start is None or start == UNKNOWN_STACK:
            return None
        starts[seat.name] = start
    if not finals.keys() >= starts.keys() - sitting or not finals.keys() <= starts.keys():
        return None
    currency = amounts_currency(record.session, record.settings.currency)
    return final_line_imbalance(
        finals, starts, carry_in, rake, out, record.position(first), currency
    )


def _carried(state: TableState, record: HandRecord) -> tuple[dict[str, int], dict[str, str]]:
    """:meth:`TableTracker.carried` of ``record`` at its table ``state``, without a copy: the
    replay only reads the stacks of the hand's seats, and nothing changes the table's stacks
    until the hand is replayed (but a player's spelling, :func:`_follow_respellings`)."""
    _follow_respellings(state, record)
    if state.unknown or state.unknown_default is not None:
        return _carried_each(state, record)
    for seat in record.seats:
        if seat.stack is not None:
            return _carried_each(state, record)
    # The usual later hand of a table: no stack stated and none unknown, so each seat's stack
    # is the table's (a player the table has not seen has none, as seat by seat).
    return state.stacks, {}


def _follow_respellings(state: TableState, record: HandRecord) -> None:
    """A seat whose name the table knows in another spelling of one name
    (:func:`~badugi_ledger.model.names.composed`: ``Zoë`` typed as one character, then as
    ``e`` and a combining mark; a zero-width space pasted in) is that player, as the ledger
    books them: the table's entries for the player take the spelling this hand uses, so the
    stack carries.  The usual seat is a name the table knows as written (one lookup)."""
    for seat in record.seats:
        name = seat.name
        if name in state.stacks or name in state.unknown:
            continue
        names = [*state.stacks, *state.unknown]
        if name.isascii() and all(map(str.isascii, names)):
            continue  # two ASCII names are one only as written
        letters = composed(name)
        other = next((n for n in names if n != name and composed(n) == letters), None)
        if other is None or any(s.name == other for s in record.seats):
            continue  # a new player; or both spellings sit, which the replay refuses
        if other in state.stacks:
            state.stacks[name] = state.stacks.pop(other)
        for why in (state.unknown, state.busted):
            if other in why:
                why[name] = why.pop(other)
        state.last_seats = tuple(
            replace(s, name=name) if s.name == other else s for s in state.last_seats
        )
        if state.button is not None and state.button.button == other:
            state.button = state.button._replace(button=name)


def _carried_each(state: TableState, record: HandRecord) -> tuple[dict[str, int], dict[str, str]]:
    """:func:`_carried` seat by seat: stated stacks, carried ones, unknown ones."""
    known = state.stacks
    carried: dict[str, int] = {}
    unknown: dict[str, str] = {}
    last = set(map(_NAME, state.last_seats))
    for s in record.seats:
        name = s.name
        if s.stack is None:
            if name in known:
                carried[name] = known[name]
            elif name in state.unknown or state.unknown_default is not None:
                carried[name] = UNKNOWN_STACK
                unknown[name] = state.unknown.get(name) or state.unknown_default or ""
        elif name in known and name in last:
            # A stated stack is checked against the previous hand only for players who
            # sat in it: one who was away (another table) may come back with any stack.
            carried[name] = known[name]
    return carried, unknown


def _after_replay(
    state: TableState, record: HandRecord, result: HandResult, progressive: bool
) -> None:
    """What a replayed hand leaves its table: final stacks, the carried pot, who busted."""
    final = result.final_stacks
    state.stacks.update(final.items())  # a view: its items are quickest
    unknown = state.unknown
    if unknown:
        for p in final:
            unknown.pop(p, None)
    if result.unknown_stacks:
        # Still unknown, unless the recorder counted them after the hand.
        finals = _final_line(record)
        for p in result.unknown_stacks:
            if p in finals:
                state.stacks[p] = finals[p]
                unknown.pop(p, None)
    elif result.violations:
        _stacks_the_recorder_counted(state, record, final)
    state.last_seats = record.seats
    state.carry = result.carry_out
    state.carry_stakes = result.carry_stakes
    state.progressive = progressive
    for p in result.busted:
        state.busted[p] = record.hand_id


def _stacks_the_recorder_counted(
    state: TableState, record: HandRecord, final: Mapping[str, int]
) -> None:
    """A replayed hand whose ``final:`` line disagrees with the replay (a payout mismatch) but
    adds up as the replay's stacks do: the table goes on from the recorder's stacks, as after
    a hand that could not be replayed.  The recorder counted the chips at the table, and the
    hands after were played from those; a mistyped action in this hand (a call written for a
    fold) would otherwise make every later hand of the table wrong.  The next hand says so
    (``stacks-resynced``).  A line that does not add up is itself the mistake: the replay's
    stacks go on."""
    finals = _final_line(record)
    if not finals or not finals.keys() >= final.keys() or finals == final:
        return
    if sum(finals[p] for p in final) != sum(final.values()):
        return
    moved = {p for p in final if finals[p] != final[p]}
    for p in final:
        state.stacks[p] = finals[p]
    state.resynced = (
        f"stacks of {_names(moved)} carried from the final: line of hand {record.hand_id}, "
        "which disagrees with its replay (not checked)",
        frozenset(moved),
    )


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
    unread: dict[tuple[str, str | None], str] = {}
    gaps: dict[tuple[str, str], list[TableGap]] = {}
    written: RecentHands[None] = RecentHands()
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
                why = unread.get((source, item.table)) or unread.get((source, None))
                if why is not None:
                    tracker.table(item).unknown_default = why
            said = gaps.pop((source, item.table), None) if gaps else None
            if said is None:
                outcome = tracker.replay(item)
            else:
                if any(gap.resync for gap in said):
                    # The stated stacks are not held against a hand that is not the previous one.
                    tracker.table(item).last_seats = ()
                outcome = tracker.replay(item)
                said_warnings = tuple(g.warning for g in said if g.warning is not None)
                if said_warnings:
                    outcome = replace(outcome, warnings=(*said_warnings, *outcome.warnings))
            yield outcome if again is None else replace(outcome, errors=(again, *outcome.errors))
            continue
        if isinstance(item, TableGap):
            gaps.setdefault((item.source, item.table), []).append(item)
            continue
        yield _unreadable(tracker, item, unread)


def _unreadable(
    tracker: TableTracker, error: BadugiError, unread: dict[tuple[str, str | None], str]
) -> HandOutcome:
    """The outcome of a hand that could not be read, whose table forgets its stacks and pot:
    the table the reader says it was read at (``error.table``), or, when the reader does not
    know it, every table of its file."""
    pos, table = error.position, error.table
    why = f"hand {error.hand or '?'} at line {pos.line} of this file could not be read"
    unread[pos.source, table] = why
    for (src, name, _), state in tracker.tables.items():
        if src == pos.source and (table is None or name == table):
            state.forget(list(state.stacks), why)
            state.unknown_default = why
            state.resynced = None
            state.button = None  # the unreadable hand may have been the table's last
            if state.carry or state.progressive:
                state.carry = None
                state.carry_unknown_since = why
    return HandOutcome(pos.source, error.hand, pos, None, None, (error_violation(error),))
