"""Replaying a stream of hands table by table, so that one bad hand never stops the others.

:func:`~.stream.replay_stream` replays a stream of hands (from one or many files) lazily,
keeping one :class:`TableState` per (source, table, event): a new session at the same table (a
cash game after a tournament, the chips valued otherwise) starts it afresh, since stacks and a
carried pot never pass from one event to another within a file (a cash night's first hand that
states a carried-in pot is held to what the file's earlier nights of its pool left, a warning
only: :mod:`.pools`).  One bad hand never stops the others, and never stops the hands after it
from being checked in full:

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
  unknown and the next Progressive hand of that table is not settled (``carry-unknown``), but
  replayed even so, as a hand needing an unknown stack is (:mod:`.unknown_pot`): with the
  pot on record (the ``carry 12`` of a hand that could not be read) its payouts are checked
  with it; with none, what it breaks both as if no pot came in and as if any pot did (turn
  order, draws, cards, claims the pot does not decide) is listed, never what the pot could
  explain (a redeal's first player, pot-limit sizes, payouts).  The stacks of the players
  its pots paid are then its ``final:`` line's, else unknown.
* Progressive Badugi: a replayed hand whose record carries another pot than its replay (a
  ``carry`` line where a hand qualifies, a collection where none does) has that mismatch
  (``carry-out``, ``collect``); the pot its table's next hand starts with is in doubt between
  the two figures (:attr:`~.carried.TableState.carry_doubted`).  That hand, stating no pot,
  or the record's (a third: its own ``carry-carried``, and the pot of both replays: see
  :func:`~.carried._carry_doubted_into`), is not settled (``carry-unknown``, naming the hand
  whose carry does not add up: the ledger stores neither), and replayed with each pot, from
  the stacks each leaves (the replay's; the record's, :attr:`~.carried.TableState.recorded`):
  what it breaks both ways is listed (a payout or final stack wrong with each pot too),
  never what one pot explains (a redeal recorded after a wrong ``carry`` is not blamed for
  its turn order, nor a hand with blinds after a pot wrongly paid out).  The table goes on
  from it as from a hand whose carried-in pot is unknown (and from the hand before it as
  after any payout mismatch).
* A hand that cannot be read at all (a ``BadugiError`` item) makes every stack of its table
  unknown in the same way (``error.table``, the table the reader read it at); when the reader
  does not know its table (a header line above it has an error; a site's hand whose table
  line cannot be read), every table of its file.  Its lines that could be read
  (``ParseError.recorded``) still count: a ``final:`` line resyncs the players it names, and
  a collection says no pot was carried; a pot it carries stays unknown, since the ledger
  never stores the hand that carried it (:func:`.unread.resume`), and so does one it may have
  carried (no collection read), though the next hand is checked with the figure of its
  ``carry`` line when it reads.
* A hand whose number its table already had (``duplicate-hand``): a copy of the first is not
  replayed, the table goes on from the first; a hand that records something else (other
  seats, stacks or events; not merely other spacing or comments) is replayed as any hand,
  and the table goes on from it (:func:`~.stream._written_twice`; which hand is a copy is told in
  :mod:`badugi_ledger.model.copies`, which a site's reader asks too).
* A player whose name a later hand writes another way that is one name (Unicode's two ways
  of writing ``Zoë``, a zero-width space pasted in) carries their stack under the new
  spelling (:func:`~.carried._follow_respellings`).
* A :class:`~badugi_ledger.model.results.TableGap` item (a site file that seems to miss a hand)
  makes the table's next hand start from its stated stacks, with the reader's warning.

A result with unknown stacks is a check's only: its ``unknown_stacks`` tell the ledger not to
store it.

Why these modules: what a table carries from hand to hand (stacks, a Progressive Badugi pot,
who busted), and how a hand takes it and gives it back, is :mod:`.carried`, with
:class:`~.carried.TableState` (still imported from here too); what a table goes on from after a
hand that could not be read, :mod:`.unread`; a hand whose carried-in pot is unknown,
:mod:`.unknown_pot`; the stream's bookkeeping around the tables (duplicate and unreadable hands,
the readers' gaps: :func:`~.stream.replay_stream`), :mod:`.stream`; what a hand's outcome says
beside the rules its events break (a raised error as a violation, the warnings and verdicts the
table adds), :mod:`.verdicts`.  This module is the tracker that replays each hand with its
table's state and keeps it after a failure (:class:`TableTracker`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..model.errors import BadugiError
from ..model.events import CarryOut, Collect, HandRecord, event_of
from ..model.games import GAMES
from ..model.results import HandOutcome, HandResult, Violation
from .button import passed_on
from .carried import TableState as TableState
from .carried import (
    _after_replay,
    _carried,
    _carry_doubted_into,
    _carry_in,
    _carry_stakes,
    _carry_unknown,
    _final_line,
    _final_line_imbalance,
    _follow_respellings,
    _hands_missing,
    _names,
    redeal_hint,
)
from .hand import replay_hand
from .pools import NightBefore, Pools
from .unknown_pot import (
    HYPOTHESES,
    UNKNOWN_POT,
    Attempt,
    Way,
    alike,
    pot_in_doubt,
    pot_unknown,
    took_unknown_pot,
)
from .verdicts import INCOMPLETE_RULES as INCOMPLETE_RULES  # (imported from here too)
from .verdicts import (
    _carried_to_strangers,
    _currencies_unknown,
    _currency_inherited,
    _raised,
    _redeal_warnings,
    _unstated_after_missing_hands,
)
from .verdicts import error_violation as error_violation  # (imported from here too)

TableKey = tuple[str, str, tuple[str, str, str | None, str]]
"""(source, table, :func:`~badugi_ledger.model.events.event_of` the hand's session)."""


def table_key(record: HandRecord) -> TableKey:
    """The table a hand is played at, for what it carries to the next hand."""
    return record.pos.source, record.table, event_of(record.session, record.settings.currency)


class TableTracker:
    """Replays hands one at a time, carrying each table's state to its next hand."""

    def __init__(self) -> None:
        self.tables: dict[TableKey, TableState] = {}
        self.pools = Pools()
        """The file's pools of carried pots (:mod:`.pools`): what a night's first hand may take."""

    def table(self, record: HandRecord) -> TableState:
        key = table_key(record)
        state = self.tables.get(key)
        if state is None:
            if record.standalone:  # held to no other hand: no pool's either
                state = self.tables[key] = TableState()
                return state
            source, table, event = key
            night, before, elsewhere = self.pools.open(source, table, event)
            state = self.tables[key] = TableState(
                night_before=before, carried_elsewhere=elsewhere, night=night
            )
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
        moved, button = passed_on(state.button, record, state.stacks, state.unknown)
        outcome = self._replay(state, record)
        if missing is not None and outcome.result is not None and outcome.result.unknown_stacks:
            unstated = _unstated_after_missing_hands(record, outcome.result.unknown_stacks)
            outcome = replace(outcome, errors=(*outcome.errors, unstated))
        state.button = button
        inherited = _currency_inherited(record) if record.currency_inherited else None
        unknown = _currencies_unknown(record) if record.unknown_currencies else ()
        if missing is None and moved is None and inherited is None and not unknown:
            return outcome
        said = (*unknown, *(w for w in (inherited, missing, moved) if w is not None))
        return replace(outcome, warnings=(*said, *outcome.warnings))

    def _replay(self, state: TableState, record: HandRecord) -> HandOutcome:
        source = record.pos.source
        pot_error = None
        if _carry_unknown(state, record):
            if state.carry_recorded is None:
                return self._replay_pot_unknown(state, record)
            pot_error = pot_unknown(state, record, state.carry_recorded)
        elif _carry_doubted_into(state, record):
            return self._replay_pot_in_doubt(state, record)
        carried, unknown = _carried(state, record)
        carry_in, carry_stated = _carry_in(state, record)
        stakes = _carry_stakes(state, record)
        if pot_error is not None:  # checked with the pot on record (.unknown_pot)
            carry_in, stakes = state.carry_recorded or 0, frozenset(record.players)
        before = state.night_before
        state.night_before, state.carried_elsewhere = None, ()  # (the night's first hand's)
        try:
            result = replay_hand(record, stacks=carried, carry_in=carry_in, carry_stakes=stakes)
        except BadugiError as exc:
            counted = self._as_counted(state, record, carried, carry_in, stakes)
            if counted is not None:
                return self._replay_from(
                    state, record, counted, pot_error, carry_stated, before, unknown, stakes
                )
            if exc.hand is None:
                exc.hand = record.hand_id
            if before is not None and before.carry:
                exc.message += redeal_hint(before, record)
            imbalance = _final_line_imbalance(record, carried, carry_in)
            self._after_failure(state, record, trust_final=imbalance is None)
            raised, assumed = _raised(exc)
            errors = (*raised, *([] if imbalance is None else [imbalance]))
            errors = errors if pot_error is None else (pot_error, *errors)
            return HandOutcome(source, record.hand_id, record.pos, record, None, errors, assumed)
        except Exception as exc:  # a bug in the engine: report it on this hand, go on
            self._after_failure(state, record)
            bug = Violation(
                "internal-error",
                f"the replay failed on this hand ({type(exc).__name__}: {exc}); please report it",
                record.pos,
            )
            return HandOutcome(source, record.hand_id, record.pos, record, None, (bug,))
        if result.violations and state.counted is not None:
            result = self._as_counted(state, record, carried, carry_in, stakes) or result
        return self._replay_from(
            state, record, result, pot_error, carry_stated, before, unknown, stakes
        )

    def _replay_from(
        self,
        state: TableState,
        record: HandRecord,
        result: HandResult,
        pot_error: Violation | None,
        carry_stated: Violation | None,
        before: NightBefore | None,
        unknown: dict[str, str],
        stakes: frozenset[str],
    ) -> HandOutcome:
        """The outcome of ``record`` replayed as ``result`` (``stakes``: the players whose
        chips are in the pot carried into it), and what it leaves its table."""
        source = record.pos.source
        stacks_said = self._table_warnings(state, record, result.unknown_stacks, unknown)
        warnings = (*stacks_said, *result.warnings)
        progressive = GAMES[record.settings.game].progressive
        _after_replay(state, record, result, progressive)
        found = result.violations
        if pot_error is not None:
            took_unknown_pot(state, record, [result], assumed=True)
            found = (pot_error, *found)
        if carry_stated is not None:
            if carry_stated.kind == "warning":
                warnings = (carry_stated, *warnings)
            else:
                found = (carry_stated, *found)
        strangers = _carried_to_strangers(before, record, result.carry_in)
        if strangers is not None:
            warnings = (strangers, *warnings)
        warnings = (*_redeal_warnings(record, result.carry_in, stakes), *warnings)
        night = state.night
        if progressive and night is not None and not (found or result.unknown_stacks):
            self.pools.count(record, night, result.carry_in, result.carry_out)  # (stored)
        return HandOutcome(source, record.hand_id, record.pos, record, result, found, warnings)

    def _replay_pot_unknown(self, state: TableState, record: HandRecord) -> HandOutcome:
        """``record``, whose carried-in pot is unknown with no figure on record, replayed as
        if none came in and as if one too large to bind did: what it breaks alike both ways
        is its own (:mod:`.unknown_pot`)."""
        error = pot_unknown(state, record, None)
        carried, unknown = _carried(state, record)
        ways: tuple[Way, Way] = (
            (carried, 0, frozenset()),
            (carried, UNKNOWN_POT, frozenset(record.players)),
        )
        return self._replay_both_ways(state, record, error, ways, unknown, HYPOTHESES)

    def _replay_pot_in_doubt(self, state: TableState, record: HandRecord) -> HandOutcome:
        """``record``, whose table's previous hand carries one pot by its record and another
        by its replay, replayed with each (:func:`~.unknown_pot.pot_in_doubt`)."""
        carried, unknown = _carried(state, record)
        stated, mismatch = _carry_in(state, record)  # (a third figure's mismatch, its own)
        error, ways, words = pot_in_doubt(
            state, record, carried, None if mismatch is None else stated
        )
        outcome = self._replay_both_ways(state, record, error, ways, unknown, words, True)
        if mismatch is None:
            return outcome
        return replace(outcome, errors=(error, mismatch, *outcome.errors[1:]))

    def _replay_both_ways(
        self,
        state: TableState,
        record: HandRecord,
        error: Violation,
        ways: tuple[Way, Way],
        unknown: dict[str, str],
        words: tuple[str, str],
        figures: bool = False,
    ) -> HandOutcome:
        """``record`` replayed each of two ``ways`` (the stacks it starts from, the pot carried
        in, whose chips are in it), not settled (``error``): what it breaks alike both ways is
        listed (:func:`~.unknown_pot.alike`, ``words`` saying which way a mistake found at
        events of their own holds for; with ``figures``, both pots known, the payouts and
        final stacks each computes too), and the table goes on as after a hand whose
        carried-in pot is not known (:func:`~.unknown_pot.took_unknown_pot`)."""
        source = record.pos.source
        state.night_before, state.carried_elsewhere = None, ()
        tries: list[Attempt] = []
        for stacks, pot, stakes in ways:
            try:
                tries.append(replay_hand(record, stacks=stacks, carry_in=pot, carry_stakes=stakes))
            except BadugiError as exc:
                tries.append(_raised(exc))
            except Exception:  # a bug in the engine, which the hand's replay reports
                tries.append(((), ()))
        found, warnings = alike(tries, words, figures)
        results = [t for t in tries if isinstance(t, HandResult)]
        # The table's own word, whatever the replays found: the stacks unknown (those a
        # replay got through with, else every one the hand starts without).
        players = frozenset().union(*(r.unknown_stacks for r in results)) if results else unknown
        warnings = (*self._table_warnings(state, record, players, unknown), *warnings)
        if results:
            _after_replay(state, record, results[0], True)
            took_unknown_pot(state, record, results, assumed=False)
        else:
            self._after_failure(state, record)
        return HandOutcome(
            source, record.hand_id, record.pos, record, None, (error, *found), warnings
        )

    def carry_unknown(self, record: HandRecord) -> bool:
        """Whether the Progressive Badugi pot ``record`` starts with is unknown: its table's
        pot was forgotten (a hand that could not be replayed, missing hands) and the record
        states none (``carry in N``)."""
        return _carry_unknown(self.table(record), record)

    def carry_in_doubt(self, record: HandRecord) -> bool:
        """Whether ``record`` is replayed with each of two pots, not settled: its table's
        previous hand carries one by its record, another by its replay
        (:func:`~.carried._carry_doubted_into`)."""
        return _carry_doubted_into(self.table(record), record)

    def carry_stakes(self, record: HandRecord) -> frozenset[str]:
        """The players whose chips are in the pot ``record`` starts with (:func:`_carry_stakes`)."""
        return _carry_stakes(self.table(record), record)

    def carry_in(self, record: HandRecord) -> tuple[int, Violation | None]:
        """The Progressive Badugi pot ``record`` starts with, and the ``carry-carried``
        mismatch of a stated one (:func:`_carry_in`)."""
        return _carry_in(self.table(record), record)

    @classmethod
    def _table_warnings(
        cls,
        state: TableState,
        record: HandRecord,
        players: Iterable[str],
        unknown: dict[str, str],
    ) -> tuple[Violation, ...]:
        """What the table says of the stacks ``record`` starts from (``players``: those still
        unknown after it; ``unknown``: why each unknown one is): that some came from the
        ``final:`` line of a hand that was not checked (``stacks-resynced``, once), that some
        are unknown (``stacks-unknown``, on the first hand after each failure)."""
        warnings = cls._unknown_warning(state, record, players, unknown) if players else ()
        if state.resynced is not None:
            said, resynced = state.resynced
            if any(s.stack is None and s.name in resynced for s in record.seats):
                warnings = (Violation("stacks-resynced", said, record.pos, "warning"), *warnings)
            state.resynced = None
        return warnings

    @staticmethod
    def _unknown_warning(
        state: TableState, record: HandRecord, players: Iterable[str], unknown: dict[str, str]
    ) -> tuple[Violation, ...]:
        """The ``stacks-unknown`` warning, given on the first hand after each failure."""
        why = unknown[min(players)]
        if state.said == why:
            return ()
        state.said = why
        return (
            Violation(
                "stacks-unknown",
                f"stacks of {_names(players)} unknown ({why}): this hand and "
                "the next are checked without them until a stack is stated or a final: line "
                "gives it; figures that depend on them (more bet than held, final stacks) "
                "are not checked",
                record.pos,
                "warning",
            ),
        )

    @staticmethod
    def _as_counted(
        state: TableState,
        record: HandRecord,
        carried: dict[str, int],
        carry_in: int,
        stakes: frozenset[str],
    ) -> HandResult | None:
        """``record`` replayed from the stacks the ``final:`` line of its table's previous hand
        gives where that line disagreed with the replay and did not add up
        (:attr:`~.carried.TableState.counted`), when the replay's stacks break a rule or a
        figure of the hand and these break none: the previous hand's mistake was a stack it
        started from, not its line, and the table goes on from the recorder's count (said
        once, ``stacks-resynced``).  None: the replay's stacks stand."""
        if state.counted is None:
            return None
        hand, counted = state.counted
        stated = {s.name for s in record.seats if s.stack is not None}
        moved = {p: n for p, n in counted.items() if p in carried and p not in stated}
        if not moved:
            return None
        try:
            result = replay_hand(
                record, stacks={**carried, **moved}, carry_in=carry_in, carry_stakes=stakes
            )
        except Exception:  # (an illegal hand, or a bug the first replay reports)
            return None
        if result.violations or result.unknown_stacks:
            return None
        state.resynced = (
            f"stacks of {_names(moved)} carried from the final: line of hand {hand}, which "
            "disagrees with its replay: this hand adds up from them, not from the replay's",
            frozenset(moved),
        )
        return result

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
        state.resynced = state.counted = None
        state.recorded = {}
        if finals:
            said = (
                f"stacks of {_names(finals)} carried from the final: line of hand "
                f"{record.hand_id}, which could not be replayed (not checked)"
            )
            state.resynced = (said, frozenset(finals))
        state.last_seats = record.seats
        state.progressive = GAMES[record.settings.game].progressive
        stakes = state.carry_stakes
        state.carry_stakes, state.carry_recorded = frozenset(), None
        state.carry_doubted = None
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
            state.carry_unknown_since = f"{why} and recorded neither a carry nor a collection"
