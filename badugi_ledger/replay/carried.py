"""What a table carries from hand to hand: stacks, a Progressive Badugi pot, who busted.

:class:`TableState` is what one table keeps between its hands.  The functions here read from it
what a hand starts with (its stacks, :func:`_carried`; the pot carried in, :func:`_carry_in`,
and whose chips are in it, :func:`_carry_stakes`), follow a player whose name a later hand
spells another way (:func:`_follow_respellings`), forget what missing hands may have changed
(:func:`_hands_missing`), and put back what a replayed hand leaves (:func:`_after_replay`),
taking the stacks of the record's ``final:`` line where the recorder's count is the one to go on
(:func:`_stacks_the_recorder_counted`, :func:`_final_line_imbalance`).  The rules that decide
when each applies (a hand that could not be replayed, unknown stacks, duplicates, unreadable
hands) are told in :mod:`.table`, which calls these for every hand.

Why a module of its own: the table's state and the rules of carrying it, apart from the stream's
bookkeeping (:mod:`.table`); it imports nothing of that module.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from operator import attrgetter

from ..model.events import (
    BETWEEN_HANDS,
    CarryIn,
    CarryOut,
    Collect,
    Event,
    FinalStack,
    HandRecord,
    HandsMissing,
    Seat,
    StackChange,
    amounts_currency,
)
from ..model.frozen import fields_repr
from ..model.games import GAMES
from ..model.money import hand_figure
from ..model.names import composed
from ..model.results import HandResult, Violation
from .button import ButtonBase
from .claims import unreplayed_final_line
from .pools import NightBefore, PoolNight, pool_words
from .state import UNKNOWN_STACK


@dataclass(init=False, eq=False, repr=False)
class TableState:
    """The state one table carries between hands (mutable: two tables are two, whatever they
    hold, so no ``__eq__``).  Its ``__init__`` written out and its ``repr`` the model's
    (:mod:`badugi_ledger.model.frozen`): the dataclass would compile its own at every start."""

    __repr__ = fields_repr

    stacks: dict[str, int] = field(default_factory=dict)
    """Known stacks at the end of the table's last hand."""
    unknown: dict[str, str] = field(default_factory=dict)
    """Player -> why their stack is unknown (the hand that could not be replayed)."""
    unknown_default: str | None = None
    """Why the stack of a player this table has not seen yet may be unknown (an earlier hand
    of the file could not be read), or None: such a player must state a stack."""
    carry: int | None = 0
    """The Progressive Badugi pot carried into the next hand; None when unknown."""
    carry_recorded: int | None = None
    """While ``carry`` is unknown: the pot the record of the hand that carried it states
    (``carry 12`` of a hand that could not be read), which the next hand is checked with,
    not settled (:mod:`.unknown_pot`); None: no figure on record."""
    carry_doubted: tuple[str, int] | None = None
    """After a replayed Progressive Badugi hand whose record carries another pot than its
    replay does (a ``carry`` line the replay does not carry, or a collection where it does:
    the mismatch is said there): that hand and the pot its record carries, beside the
    replay's in ``carry``.  The table's next hand starts with one of the two, and is replayed
    with each (:mod:`.unknown_pot`); None: the record agrees, or says nothing of the pot."""
    carry_unknown_since: str = ""
    """Why ``carry`` is unknown, as the table's next hand says it (``carry-unknown``)."""
    carry_stakes: frozenset[str] = frozenset()
    """The players whose chips are in ``carry`` (``HandResult.carry_stakes``): one of them
    with no chips may be dealt into the redeal (``002``)."""
    progressive: bool = False
    """Whether the table's last hand was Progressive Badugi."""
    resynced: tuple[str, frozenset[str]] | None = None
    """Stacks just taken from the ``final:`` line of a hand that could not be replayed (what
    to say, whose): the next hand that carries one of them says so (a warning), once."""
    counted: tuple[str, dict[str, int]] | None = None
    """After a replayed hand whose ``final:`` line disagrees with its replay and does not add
    up as the replay's stacks do: that hand, and the stacks its line gives the players it
    disagrees for.  Either figure may be the mistyped one (a stated stack, or the line); the
    next hand tells which: one the replay's stacks make wrong and these make right goes on
    from these (:meth:`~.table.TableTracker.replay`), else the replay's go on."""
    recorded: dict[str, int] = field(default_factory=dict)
    """After a replayed hand whose recorded collections disagree with its replay (a payout
    mismatch, reported there): each player's stack as its record has it, where that is not
    the replay's (:func:`_recorded_stacks`).  A next hand stating that stack repeats the
    record's figure, which is no mistake of its own (the site, or the recorder, counted the
    chips as collected)."""
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
    night_before: NightBefore | None = None
    """Until the table's first hand of a cash night is replayed: what the same file's nights
    of its pool at the table before it (earlier dates) left, the latest named (:mod:`.pools`):
    the redeal its first hand may be (:func:`redeal_hint`), the players of the pot it takes;
    None when there are none, or what they left is not known."""
    night: PoolNight | None = None
    """The tally of the table's event in its pool of carried pots (:mod:`.pools`)."""
    carried_elsewhere: tuple[str, ...] = ()
    """Until the table's first hand of its pool in the file is replayed (a unit's first cash
    night, a tournament): the other pools, in words, in which the file's hands at the table
    carried pots (:meth:`.pools.Pools.open`)."""

    def __init__(
        self,
        *,
        night_before: NightBefore | None = None,
        night: PoolNight | None = None,
        carried_elsewhere: tuple[str, ...] = (),
    ) -> None:
        """A table's state before its first hand: every field its default (as declared
        above, in that order), but what :meth:`.pools.Pools.open` tells of its pool."""
        self.stacks = {}
        self.unknown = {}
        self.unknown_default = None
        self.carry = 0
        self.carry_recorded = None
        self.carry_doubted = None
        self.carry_unknown_since = ""
        self.carry_stakes = frozenset()
        self.progressive = False
        self.resynced = None
        self.counted = None
        self.recorded = {}
        self.said = None
        self.busted = {}
        self.last_seats = ()
        self.button = None
        self.night_before = night_before
        self.night = night
        self.carried_elsewhere = carried_elsewhere

    def forget(self, players: Iterable[str], why: str) -> None:
        """These players' stacks are unknown from now on, because of ``why``."""
        for p in players:
            self.stacks.pop(p, None)
            self.unknown[p] = why


def _carry_unknown(state: TableState, record: HandRecord) -> bool:
    """:meth:`TableTracker.carry_unknown` at the record's table ``state``."""
    return (
        GAMES[record.settings.game].progressive
        and state.carry is None
        and not _states_carry_in(record)
    )


def _carry_doubted_into(state: TableState, record: HandRecord) -> bool:
    """Whether ``record``, at a table ``state`` whose previous hand's record carries another
    pot than its replay (:attr:`TableState.carry_doubted`; else no), is replayed with each of
    the two (:mod:`.unknown_pot`): a Progressive Badugi hand that states no pot, or states
    the record's figure (repeating that hand's mistake, said there, as a stated stack that is
    the record's does: :func:`_carried_each`), or a third figure (its own mismatch whichever
    pot came in, :func:`_carry_in`; its stacks are still the two readings').  One that states
    the replay's figure agrees with the replay, and is replayed with it alone, as is one
    whose table lost track of its previous hand (a site file's gap: a stated pot is taken on
    its word, as a stated stack is)."""
    if state.carry_doubted is None or not GAMES[record.settings.game].progressive:
        return False
    stated = _stated_carry_in(record)
    return stated is None or (bool(state.last_seats) and stated != state.carry)


def _carry_in(state: TableState, record: HandRecord) -> tuple[int, Violation | None]:
    """The Progressive Badugi pot ``record`` starts with at its table ``state``: the one the
    table's previous hand carried, or the one the record states (``carry in N``; its table's
    previous hand is not in the stream, or could not be replayed), and the ``carry-carried``
    mismatch of a stated pot that is not the previous hand's (the stated one counts, as a
    stated stack does; after a hand whose record carries another pot than its replay,
    :attr:`TableState.carry_doubted`, one that is neither figure, the mismatch naming both:
    the record's repeats that hand's mistake, said there).  A cash night's first hand is held
    to the nights of its pool by :meth:`.pools.Pools.at_end`, once the file is read to its
    end, not here: a later night of its date, or an undated one, or one of an earlier date
    further on in the file, may carry what it takes.  Any pot taken by a night's first hand
    is a ``carry-carried`` *warning* here when no Progressive hand of its pool came on an
    earlier date in the file and the file's hands at the table carried pots in other pools
    before it (:attr:`TableState.carried_elsewhere`): a pot never passes between units, and
    the ledger refuses such a hand unless another file holds a hand of its pool played there
    before it (a pool that carries only later in the file is the ledger's to see)."""
    stated = [(i, e.amount) for i, e in _between_hands(record) if type(e) is CarryIn]
    if not stated:
        return state.carry or 0, None
    amount = sum([chips for _, chips in stated])
    currency = amounts_currency(record.session, record.settings.currency)
    at = record.position(stated[0][0])
    if state.carried_elsewhere and amount:
        return amount, Violation(
            "carry-carried",
            f"the hand, played in {pool_words(record)}, states a carried-in pot of "
            f"{hand_figure(amount, currency)}, but this file's hands at the table carried pots "
            f"in {' and in '.join(state.carried_elsewhere)} only, none in "
            f"{pool_words(record)} before it: a carried pot stays in its unit, and a "
            "tournament's in the tournament; the ledger refuses it unless a hand played here "
            "before it in this unit is recorded in another file",
            at,
            "warning",
        )
    if state.carry is None or not state.last_seats or amount == state.carry:
        return amount, None
    said = f"the hand states a carried-in pot of {hand_figure(amount, currency)}, but the "
    doubted = state.carry_doubted
    if doubted is None:
        said += f"table's previous hand carried {hand_figure(state.carry, currency)}"
        return amount, Violation("carry-carried", said, at, "mismatch")
    hand, recorded = doubted
    if amount == recorded:  # the record's figure: that hand's mistake, said there
        return amount, None
    said += (
        f"table's previous hand, {hand}, carried {hand_figure(state.carry, currency)} as "
        f"replayed and {hand_figure(recorded, currency)} as recorded: neither is the "
        "hand's"
    )
    return amount, Violation("carry-carried", said, at, "mismatch")


def redeal_hint(before: NightBefore, record: HandRecord) -> str:
    """What to add to the verdict on a night's first hand that states no pot carried into it
    (so it is no redeal: its blinds are due) when the table's night before in the file carried
    one: the hand may be that pot's redeal, written without its ``carry in`` (empty when it
    states one, or is not Progressive Badugi)."""
    if _states_carry_in(record) or not GAMES[record.settings.game].progressive:
        return ""
    currency = amounts_currency(record.session, record.settings.currency)
    return (
        f"; if the hand is the redeal of the pot of {hand_figure(before.carry, currency)} the "
        f"table's nights before it in this file (the last {before.name}, {before.date}) "
        "left carried, write "
        f"'carry in {before.carry}' on the line after its hand line (a carried pot goes on to the "
        "next night only when the hand says so)"
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


def _stated_carry_in(record: HandRecord) -> int | None:
    """The pot ``record`` states carried into it (its ``carry in`` lines), None: none stated."""
    stated = [e.amount for _, e in _between_hands(record) if type(e) is CarryIn]
    return sum(stated) if stated else None


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
    state.last_seats, state.button = (), None
    state.carry_doubted = None
    if state.progressive:
        state.carry, state.carry_recorded = None, None
        state.carry_unknown_since = f"{why} and recorded neither a carry nor a collection"
    return Violation(
        "missing-hand",
        "hands of this table before this one are not in the file (missing hands): its "
        "starting stacks are taken as written",
        record.position(at),
        "warning",
    )


def _final_line_imbalance(
    record: HandRecord, carried: dict[str, int], carry_in: int
) -> Violation | None:
    """The ``chips-balance`` mismatch of a hand that could not be replayed whose ``final:``
    line creates or loses chips, or None.  The stacks such a line gives are what the table's
    next hands start from (:meth:`TableTracker._after_failure`), so it is held to the one
    thing still known without the replay (:func:`~.claims.unreplayed_final_line`: the
    record's seats, its house rake rule, the table's stacks ``carried`` and the pot carried
    in).  Checked when the line names every player dealt in and each of their starting
    stacks is known."""
    currency = amounts_currency(record.session, record.settings.currency)
    return unreplayed_final_line(
        record.events,
        carried,
        carry_in,
        record.seats,
        record.settings.rake,
        record.position,
        currency,
    )[1]


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
        base = state.button
        if base is not None and any(s.name == other for s in base.seats):
            state.button = base._replace(
                button=name if base.button == other else base.button,
                seats=tuple(replace(s, name=name) if s.name == other else s for s in base.seats),
            )


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
            recorded = state.recorded.get(name)
            if recorded is not None and s.stack == recorded + _bought(record, name):
                carried[name] = recorded  # the previous hand's record, mismatch said there
    return carried, unknown


def _after_replay(
    state: TableState, record: HandRecord, result: HandResult, progressive: bool
) -> None:
    """What a replayed hand leaves its table: final stacks, the carried pot, who busted."""
    final = result.final_stacks
    shift = _stated_over_carried(state, record) if result.violations else 0
    state.counted = _still_counted(state, record, result)
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
        _stacks_the_recorder_counted(state, record, final, shift)
    state.recorded = _recorded_stacks(record, result) if result.violations else {}
    state.last_seats = record.seats
    state.carry = result.carry_out
    state.carry_recorded = None
    # (a record carrying another pot than the replay is a mismatch: none, the usual hand)
    state.carry_doubted = _carry_doubted(record, result) if result.violations else None
    state.carry_stakes = result.carry_stakes
    state.progressive = progressive
    for p in result.busted:
        state.busted[p] = record.hand_id


def _recorded_carry(record: HandRecord) -> int | None:
    """The Progressive Badugi pot ``record`` says it carries to the next hand: its ``carry``
    lines, else none when it records a collection (the pot was won); None when it records
    neither (it says nothing of the pot)."""
    carries = [e.amount for e in record.events if type(e) is CarryOut]
    if carries:
        return sum(carries)
    return 0 if any(type(e) is Collect for e in record.events) else None


def _carry_doubted(record: HandRecord, result: HandResult) -> tuple[str, int] | None:
    """:attr:`TableState.carry_doubted` after ``record``, replayed as ``result``: the hand and
    the pot its record carries when that is not the replay's, else None."""
    if not GAMES[record.settings.game].progressive:
        return None
    recorded = _recorded_carry(record)
    if recorded is None or recorded == result.carry_out:
        return None
    return record.hand_id or "", recorded


def _recorded_stacks(record: HandRecord, result: HandResult) -> dict[str, int]:
    """Each player's stack after ``record`` as its collections have it, where that is not the
    replay's: the replay's, with what the record says he collected in place of what the
    replay pays him (none when the record's collections are the replay's; a record that
    carries the pot and collects nothing pays nobody)."""
    collected: dict[str, int] = {}
    carries = False
    for e in record.events:
        if type(e) is Collect:
            collected[e.player] = collected.get(e.player, 0) + e.amount
        elif type(e) is CarryOut:
            carries = True
    if not collected and not carries:
        return {}
    payouts, out = result.payouts, {}
    for p, chips in result.final_stacks.items():
        recorded = chips - payouts.get(p, 0) + collected.get(p, 0)
        if recorded != chips and recorded >= 0:
            out[p] = recorded
    return out


def _bought(record: HandRecord, player: str) -> int:
    """The chips ``player`` buys (or takes off, below 0) before ``record``'s deal."""
    return sum(e.chips for e in record.events if type(e) is StackChange and e.player == player)


def _stated_over_carried(state: TableState, record: HandRecord) -> int:
    """The chips the record's stated stacks hold more than the previous hand left those
    players (with what they bought or took off before the deal): the ``stack-carried``
    mismatches' sum (0: none; the state's stacks are still the ones before the hand)."""
    known = state.stacks
    last = set(map(_NAME, state.last_seats))
    return sum(
        s.stack - known[s.name] - _bought(record, s.name)
        for s in record.seats
        if s.stack is not None and s.name in known and s.name in last
    )


def _still_counted(
    state: TableState, record: HandRecord, result: HandResult
) -> tuple[str, dict[str, int]] | None:
    """:attr:`TableState.counted` after ``record``: kept, moved on by what the hand won or
    lost each player (and what he bought before it), while a hand says nothing to tell it
    (replayed as recorded, with no ``final:`` entry for the players counted: a home game
    writes no line every hand), else None."""
    if state.counted is None or result.violations:
        return None
    hand, counted = state.counted
    if _final_line(record).keys() & counted.keys():
        return None
    start, final = result.starting_stacks, result.final_stacks
    moved = {
        p: n + _bought(record, p) + final[p] - start[p] if p in start and p in final else n
        for p, n in counted.items()
    }
    return (hand, moved) if all(n >= 0 for n in moved.values()) else None


def _stacks_the_recorder_counted(
    state: TableState, record: HandRecord, final: Mapping[str, int], shift: int = 0
) -> None:
    """A replayed hand whose ``final:`` line disagrees with the replay (a payout mismatch) but
    adds up as the replay's stacks do: the table goes on from the recorder's stacks, as after
    a hand that could not be replayed.  The recorder counted the chips at the table, and the
    hands after were played from those; a mistyped action in this hand (a call written for a
    fold) would otherwise make every later hand of the table wrong.  So does a line that adds
    up from the stacks the previous hand left, where the hand states others (``shift``: the
    chips its stated stacks hold more, :func:`_stated_over_carried`): the stated stack is the
    mistyped one (``stack-carried``), and the chips it made up must not follow the table.
    The next hand says so (``stacks-resynced``).  A line that does not add up is the mistake,
    or a stack the hand started from is (one stated a chip off where nothing before it says
    otherwise): the replay's stacks go on, the line's kept beside them for the next hand to
    tell (:attr:`TableState.counted`)."""
    finals = _final_line(record)
    if not finals or not finals.keys() >= final.keys() or finals == final:
        return
    total = sum(finals[p] for p in final)
    moved = {p for p in final if finals[p] != final[p]}
    if total != sum(final.values()) and not (shift and total == sum(final.values()) - shift):
        state.counted = (record.hand_id or "", {p: finals[p] for p in moved})
        return
    for p in final:
        state.stacks[p] = finals[p]
    state.resynced = (
        f"stacks of {_names(moved)} carried from the final: line of hand {record.hand_id}, "
        "which disagrees with its replay (not checked)",
        frozenset(moved),
    )
