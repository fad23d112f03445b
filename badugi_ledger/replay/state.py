"""The mutable state of one hand while it is replayed, and how the hand is set up.

A :class:`HandState` lives only inside :func:`badugi_ledger.replay.replay_hand`: it is mutated
event by event (no copies per event, so the replay stays fast) and turned into a frozen
:class:`~badugi_ledger.model.results.HandResult` at the end.  This module also decides what
everyone's starting stack is (stated, carried from the previous hand, changed by rebuys) and
who posts which blind; who is dealt in, and what the seats may not be, is :mod:`.seating`'s.

Starting stacks (documented reading of ``Seat.stack`` and ``StackChange``): a stated seat stack
is the stack *at the deal*, after any rebuy/top-up/cash-out written for this hand.  A carried
stack (``stacks=`` argument) is the stack at the end of the table's previous hand; rebuys are
added to it.  When both are known and disagree, the stated stack is used and the difference is
reported as a ``stack-carried`` mismatch.  With neither, a player who buys chips is a
newcomer buying in from nothing; one who cashes out had chips nobody knows (``stack-unknown``,
not ``over-stack``, which is for a cash-out above a known stack).  A player with no chips at
the deal, or who sits out, is not dealt in, but for one case (``002``: a redeal "is dealt to
every player at the table"): on a Progressive Badugi redeal a player whose chips are all in the
carried pot (all-in in a hand whose pot carried) is dealt in when the record plays him (deals,
draws, shows or mucks his cards), all-in from the start (:func:`~.seating.redeal_all_in`).  A
record that leaves him out is the table not dealing him in, as before.

A carried stack may be :data:`UNKNOWN_STACK` (the table's previous hand could not be
replayed): such a player is in :attr:`HandState.unknown` and plays with a stack too large to
bind, until the record itself shows the stack (an all-in or a short bet,
:meth:`HandState.learn_stack`).

Why one module of this size: the hand's mutable state and its set-up from the record, which
every phase module reads and changes (a class, kept whole).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from typing import Any

from ..model.cards import Card
from ..model.errors import Position, illegal
from ..model.events import (
    BETWEEN_HANDS,
    Collect,
    FinalStack,
    HandRecord,
    SitOut,
    StackChange,
    amounts_currency,
)
from ..model.forced import blind_players
from ..model.games import GAMES
from ..model.money import hand_amount, hand_figure
from ..model.results import Violation
from .draws import CardTracker
from .seating import (
    _CASH_ONLY,
    _NOBODY,
    _SEATINGS,
    _SEATINGS_LIMIT,
    _cash_only,
    _Seating,
    _seating_problems,
    implied_posts_placed,
    no_chips,
    redeal_all_in,
    seating_refused,
)

# Phases of a hand, in the order they come (so ``phase >= SHOWDOWN`` means the play is over).
PRE, BET, DRAW, SHOWDOWN, DONE = range(5)
PHASE_NAMES = ("the deal", "a betting round", "a draw", "the showdown", "the end of the hand")


UNKNOWN_STACK = 1 << 62
"""A carried stack nobody knows: large enough never to bind (see the module docstring).  Any
amount is below ``limits.MAX_AMOUNT`` (2^53), so a stack of half this or more is an unknown one,
whatever rebuys or cash-outs changed it by."""
_UNKNOWN_FROM = UNKNOWN_STACK >> 1


class HandState:
    """Everything that changes while one hand is replayed (see the module docstring)."""

    __slots__ = (
        "_sitting_out",
        "aggressor",
        "all_in",
        "assumed_draw",
        "at",
        "bb_player",
        "bet_chips",
        "between",
        "bets",
        "buys",
        "can",
        "cap_held",
        "cards",
        "carry_in",
        "carry_outs",
        "carry_stakes",
        "collect_at",
        "collects",
        "committed",
        "completion",
        "contrib",
        "dealt",
        "dealt_pos",
        "draw_idx",
        "draw_no",
        "draw_order",
        "final_at",
        "final_claims",
        "first_raise",
        "folded",
        "full_level",
        "hand_size",
        "house",
        "in_hand",
        "last_raise",
        "level",
        "live",
        "mucked",
        "no_reraise",
        "notes",
        "next_seat",
        "order",
        "paid",
        "pending",
        "phase",
        "posted",
        "prev_seat",
        "posts_seen",
        "pot_totals",
        "rakes",
        "reached_draw",
        "record",
        "redeal",
        "round",
        "sb_player",
        "seats",
        "settings",
        "shorts",
        "shown",
        "sitting_out",
        "stack",
        "start",
        "turn",
        "still_in",
        "straddler",
        "structure",
        "unknown",
        "violations",
        "warnings",
    )

    def __init__(
        self,
        record: HandRecord,
        stacks: Mapping[str, int] | None,
        carry_in: int,
        carry_stakes: AbstractSet[str] = _NOBODY,
    ) -> None:
        self.record = record
        self.at = -1
        """The index in ``record.events`` of the event being applied; -1 outside the events
        (the set-up, the end of the record).  Events carry no position: :meth:`here` asks the
        record where the event stands, only when a message needs it."""
        settings = record.settings
        self.settings = settings
        self.structure = settings.structure
        self.house = settings.house
        game = GAMES[settings.game]
        self.hand_size = game.hand_size  # settings.hand_size, without its property's call
        self.carry_in = carry_in
        self.redeal = game.progressive and carry_in > 0
        """A Progressive Badugi redeal: the hand after one whose pot carried (``002``)."""
        self.carry_stakes = carry_stakes
        """The players whose chips are in the pot carried in (``HandResult.carry_stakes`` of
        the hand that carried it)."""
        self.violations: list[Violation] = []
        self.notes: list[str] = []
        self.warnings: list[Violation] = []

        # Comprehensions, not map(attrgetter): an attribute read in bytecode is specialised,
        # attrgetter's is not.
        seats = self.seats = tuple([seat.name for seat in record.seats])
        key = (seats, record.button)
        seating = _SEATINGS.get(key)
        if seating is None:
            problems = _seating_problems(record, seats)
            if problems:
                raise seating_refused(problems)
        start = self.start = self._starting_stacks(stacks or {})
        self.stack: dict[str, int] = start.copy()
        # Usually every stack is known and above 0 (one loop, not min() and max(): each of
        # those parses its arguments, which costs more than looking at six stacks).
        for chips in start.values():
            if chips <= 0 or chips >= _UNKNOWN_FROM:
                ordinary = False
                break
        else:
            ordinary = True
        self.unknown: set[str] = (
            set() if ordinary else {p for p, chips in start.items() if chips >= _UNKNOWN_FROM}
        )
        """Players whose stacks are unknown (:data:`UNKNOWN_STACK`) and not yet learned."""

        sitting_out = self._sitting_out
        broke_in = (
            redeal_all_in(record, start, sitting_out, carry_stakes)
            if self.redeal and carry_stakes and not ordinary
            else _NOBODY
        )
        if seating is None or sitting_out or not (ordinary or min(start.values()) > 0):
            seating = _Seating(seats, record.button, sitting_out, start, broke_in)
            if not sitting_out and len(seating.dealt) == len(seats):
                if len(_SEATINGS) >= _SEATINGS_LIMIT:
                    _SEATINGS.clear()
                _SEATINGS[key] = seating
        dealt = self.dealt = seating.dealt
        n = len(dealt)
        self.in_hand = seating.in_hand
        self.dealt_pos = seating.dealt_pos
        self.next_seat = seating.next_seat.copy()
        """Player -> the next player clockwise who can still bet: a ring of the dealt players
        (with ``prev_seat``) from which each player who folds or goes all-in is taken out
        (:meth:`_leave_turns`), so that the player after the last one to act is usually the
        next to act.  A player taken out keeps the successor they had then: a hint only."""
        self.prev_seat = seating.prev_seat.copy()
        self.sitting_out = frozenset(sitting_out)  # itself when it is the shared empty one
        broke = (
            [p for p in seats if start[p] <= 0 and p not in sitting_out and p not in broke_in]
            if n < len(seats)
            else None
        )
        if broke:
            self.notes.append(f"not dealt in (no chips): {', '.join(broke)}")
        if (record.posts_implied and (broke or (self.redeal and not self.house.redeal_posts))) or (
            record.redeal_implied and not self.redeal
        ):
            # The reader implied the posts for every listed player, not knowing the stacks
            # nor whether a pot came in (a hand before it may not have been read): a redeal
            # posts none, another hand the blinds.
            self.record = record = implied_posts_placed(record, dealt, self.redeal)
        if broke_in:
            self.notes.append(
                "dealt into the redeal with no chips, all-in for the carried pot: "
                + ", ".join([p for p in dealt if p in broke_in])
            )
        if n < 2:
            raise illegal("players", "fewer than two players are dealt in", record.pos)
        if n > self.house.max_seats:
            raise illegal(
                "players",
                f"{n} players are dealt in, the table allows {self.house.max_seats}",
                record.pos,
            )

        zeros = seating.zeros
        self.contrib: dict[str, int] = zeros.copy()
        """Chips each player put in; during the play without the betting rounds' chips,
        which are counted in ``bet_chips`` (see :meth:`bet`, :meth:`close_bets`)."""
        self.bet_chips: dict[str, int] = {}
        """Player -> chips put in by calls, bets and raises, in the order of first bets."""
        self.live: dict[str, int] = zeros.copy()
        """Chips put in as live bets (blinds, bets, calls): what decides an uncalled bet;
        during the play without the betting rounds' chips, as ``contrib``."""
        self.paid: dict[tuple[str, str], int] = {}
        """(player, posting kind) -> chips put in that way (blind, ante, bet, buy), in the
        order first put in; the ``bet`` entries are filled in by :meth:`close_bets`."""
        self.committed: dict[str, int] = zeros.copy()
        self.folded: set[str] = set()
        self.all_in: set[str] = set()
        self.still_in: list[str] = list(dealt)
        """Players still in the hand (not folded), clockwise from the button's left: kept as
        players fold, given out by :meth:`active`; ``len(still_in)`` is how many are left."""
        self.can: set[str] = set(seating.in_hand)
        """Players still in the hand with chips behind (the dealt players but ``folded`` and
        ``all_in``, kept by :meth:`_leave_turns`): who acts again when the betting opens;
        ``len(can)`` is how many can still bet."""
        for p in broke_in:  # all-in from the start: no betting round is theirs
            self.all_in.add(p)
            self._leave_turns(p)

        self.phase = PRE
        self.round = 0
        self.draw_no = 0
        self.assumed_draw: tuple[int, int, str] | None = None
        """The draw an action took for one nobody wrote down (its index, the action's index in
        the events and its player), to blame that action if the draw comes after all."""
        self.reached_draw = False
        # betting round state (see betting.py and raises.py)
        self.level = 0
        self.full_level = 0
        self.last_raise = 0
        big = settings.big_blind
        self.first_raise = big if big > 1 else 1
        """The smallest raise at the start of a round: the big blind, at least one chip."""
        self.bets = 0
        self.cap_held = False
        """Whether the round's cap was reached while more than two players could still bet:
        then it holds for the rest of the round under ``heads-up-uncapped``, whoever folds
        after (:func:`~.raises.cap_holds`, set where the round's bets are counted)."""
        self.completion = 0
        """PokerKit's fixed-limit raises only: the largest raise of the round so far (a short
        all-in as large reopens the betting), and ``shorts`` the short all-in raises since the
        last other one, added (as large as ``completion``, they reopen it too)."""
        self.shorts = 0
        self.pending: set[str] = set()
        self.no_reraise: set[str] = set()
        """Who had acted when a short all-in raised the bet since the betting was last opened:
        they may raise again only when what they owe comes to a full raise
        (``raises._not_reopened``)."""
        self.order: tuple[str, ...] = ()
        self.turn = ""
        """Whose turn it usually is next: the player after the last one to act."""
        self.aggressor: str | None = None
        # posts
        self.posts_seen = False
        self.sb_player, self.bb_player = self._blind_players()
        self.posted: dict[str, set[str]] = {}
        self.straddler: str | None = None
        # draws
        self.cards = CardTracker(self.hand_size, self.dealt, self.house.reshuffle, record.position)
        self.draw_order: list[str] = []
        self.draw_idx = 0
        self.buys: dict[str, int] = {}
        # showdown
        self.shown: dict[str, tuple[Card | None, ...]] = {}
        self.mucked: set[str] = set()
        # recorded claims, verified at the end
        self.collects: list[Collect] = []
        self.collect_at: list[int] = []
        """The index of each of ``collects`` in the record's events (one object may stand for
        several equal lines)."""
        self.carry_outs: list[tuple[int, int]] = []
        """(amount, index of the event); so ``rakes`` and ``pot_totals``."""
        self.rakes: list[tuple[int, int]] = []
        self.pot_totals: list[tuple[int, int]] = []
        self.final_claims: list[FinalStack] = []
        self.final_at: list[int] = []
        """The index of each of ``final_claims`` in the record's events."""

    # --- seats and stacks ---------------------------------------------------------------

    def _starting_stacks(self, carried: Mapping[str, int]) -> dict[str, int]:
        changes: dict[str, int] = {}
        change_at: dict[str, int] = {}
        cashed: dict[str, tuple[int, StackChange]] = {}  # each player's first cash-out
        self._sitting_out: AbstractSet[str] = _NOBODY  # a set of its own once somebody does
        # Rebuys, top-ups, add-ons, cash-outs and sitting out stand before the hand's first
        # other event (every reader writes them there; after it the replay refuses them,
        # ``phases._on_between_hands``): the usual hand has none, which its first event shows.
        events = self.record.events
        between = 0
        for ev in events:
            if type(ev) not in BETWEEN_HANDS:
                break
            between += 1
        self.between = between
        """How many of the record's first events are between hands (applied here)."""
        for i, ev in enumerate(events[:between]) if between else ():
            if isinstance(ev, SitOut):
                self._sitting_out = self._sitting_out | {ev.player}
            elif isinstance(ev, StackChange):
                if ev.player not in self.seats:
                    raise illegal(
                        "unknown-player", f"{ev.player} is not seated", self.record.position(i)
                    )
                if ev.kind in _CASH_ONLY and self.record.session.kind == "tournament":
                    raise _cash_only(ev, self.record.position(i))
                if not ev.amount:
                    raise no_chips(ev, self.record.position(i))
                changes[ev.player] = changes.get(ev.player, 0) + ev.chips
                change_at[ev.player] = i
                if ev.chips < 0:
                    cashed.setdefault(ev.player, (i, ev))
        seats = self.seats
        stated: list[Any] = [seat.stack for seat in self.record.seats]
        unstated = stated.count(None)
        if unstated < len(stated) and min([x for x in stated if x is not None]) < 0:
            for seat in self.record.seats:
                if seat.stack is not None and seat.stack < 0:  # a site file or PHH may say so
                    raise illegal(
                        "negative-stack",
                        f"{seat.name} starts with {self.chips(seat.stack)}: a stack cannot be "
                        "negative",
                        self.record.pos,
                    )
        if not changes:
            if not carried:
                # Every stack stated (a first hand, or a hand replayed on its own): nothing
                # to carry or compare.
                if not unstated:
                    return dict(zip(seats, stated, strict=True))  # no None in it
            elif unstated == len(stated):
                # Every stack carried and none stated (a later hand of a session): take them,
                # unless one is unknown or impossible (the general case below).
                # The table carries the stacks of these very seats, in this order (usually):
                # a copy, cheaper than looking up every seat.
                taken: dict[str, Any] = (
                    carried.copy()
                    if type(carried) is dict and tuple(carried) == seats
                    else dict(zip(seats, map(carried.get, seats)))  # noqa: B905
                )
                for chips in taken.values():  # a loop: cheaper than None-in and min()
                    if chips is None or chips < 0:
                        break
                else:
                    return taken  # no None in it
        start: dict[str, int] = {}
        for seat in self.record.seats:
            name = seat.name
            before = carried.get(name)
            if before is None and name in changes and name not in cashed:
                before = 0  # a newcomer buying in (one who takes chips off had some before)
            after = None if before is None else before + changes.get(name, 0)
            if seat.stack is not None:
                self._refuse_bought_above_stated(name, seat.stack, changes.get(name, 0))
                if after is not None and after != seat.stack and name in carried:
                    self.violations.append(
                        Violation(
                            "stack-carried",
                            f"{name} starts with {self.figure(seat.stack)}, but the previous "
                            f"hand left {name} with {self.figure(carried[name])}"
                            + (
                                f" and rebuys/cash-outs of "
                                f"{self.figure(changes[name], sign=True)} make "
                                f"{self.figure(after)}"
                                if name in changes
                                else ""
                            ),
                            self.record.pos,
                            "mismatch",
                        )
                    )
                start[name] = seat.stack
            elif after is None:
                if name in cashed:  # he had chips, left with what nobody knows: not settled
                    at, change = cashed[name]
                    raise illegal(
                        "stack-unknown",
                        f"{name} cashes out {self.figure(-change.chips)}, but {name}'s stack "
                        "before it is unknown: it is not stated and no previous hand of the "
                        f"table carries it (state the stack {name} is dealt in with)",
                        self.record.position(at),
                    )
                raise illegal(
                    "stack-unknown",
                    f"{name}'s stack is not stated and no previous hand of the table carries "
                    f"it (state the stack {name} is dealt in with)",
                    self.record.pos,
                )
            else:
                if after < 0:
                    assert before is not None  # as ``after`` is
                    if name not in changes:  # only a caller can carry that in
                        raise illegal(
                            "stack-unknown",
                            f"{name}'s carried stack {self.figure(before)} is negative",
                            self.record.pos,
                        )
                    raise illegal(
                        "over-stack",
                        f"{name} takes {self.figure(-changes[name])} off the table but has "
                        f"only {self.figure(before)}",
                        self.record.position(change_at[name]),
                    )
                start[name] = after
        return start

    def _refuse_bought_above_stated(self, name: str, stated: int, bought: int) -> None:
        """A stated stack is the stack at the deal, after the rebuys, top-ups and add-ons
        written for the hand (``grammar/README.md``, "Between hands"): one below the chips
        bought means the player had a negative stack before buying, which no table allows -
        most often the stack written is the one before the rebuy."""
        if bought > stated:
            raise illegal(
                "negative-stack",
                f"{name} starts with {self.chips(stated)} at the deal but bought "
                f"{self.chips(bought)} before it, so had {self.figure(stated - bought)} before "
                f"buying: a stack cannot be negative; the stated stack is the one after the "
                f"rebuys (if {name} had {self.figure(stated)} before buying, write "
                f"'{name} {self.figure(stated + bought)}')",
                self.record.pos,
            )

    def _blind_players(self) -> tuple[str | None, str | None]:
        """Who owes the small and the big blind among the players dealt in
        (:func:`~badugi_ledger.model.forced.blind_players`)."""
        return blind_players(self.settings, self.dealt, self.record.button)

    def here(self) -> Position:
        """Where the event being applied was written (the hand's own position outside the
        events, see :attr:`at`)."""
        return self.record.position(self.at) if self.at >= 0 else self.record.pos

    def currency(self) -> str | None:
        """The currency whose cents the hand's amounts are, or None for chips: asked only by a
        message being built, never while the hand is replayed."""
        return amounts_currency(self.record.session, self.settings.currency)

    def figure(self, amount: int, *, sign: bool = False) -> str:
        """``amount`` as a message names a figure of the file: ``150`` in chips, ``1.50`` in
        money (:func:`~badugi_ledger.model.money.hand_figure`)."""
        return hand_figure(amount, self.currency(), sign=sign)

    def chips(self, amount: int) -> str:
        """``amount`` with its unit, as a message names a stack or a difference: ``150
        chips``, ``1 chip``, ``1.50 USD`` (:func:`~badugi_ledger.model.money.hand_amount`)."""
        return hand_amount(amount, self.currency())

    def warn(self, rule: str, message: str, pos: Position) -> None:
        """An assumption the replay makes to go on: a note, and a located warning."""
        self.notes.append(message)
        self.warnings.append(Violation(rule, message, pos, "warning"))

    def learn_stack(self, player: str, left: int) -> None:
        """An unknown stack shown by the record: ``player`` has exactly ``left`` chips behind
        now (they go all-in with them), so they started with what they have put in plus that."""
        drop = self.stack[player] - left
        self.stack[player] = left
        self.start[player] -= drop
        self.unknown.discard(player)

    # --- chips ----------------------------------------------------------------------------

    def pay(self, player: str, amount: int, kind: str, *, live: bool) -> None:
        """Move ``amount`` chips from ``player``'s stack into the pot (a forced bet, dead
        money or a buy; the betting rounds' chips go through :meth:`bet`)."""
        stack = self.stack
        left = stack[player] = stack[player] - amount
        self.contrib[player] += amount
        paid = self.paid
        key = (player, kind)
        if key not in paid and self.bet_chips:
            # Keep ``paid`` in the order chips were first put in each way (the postings'
            # order): the players who have bet so far come before this new kind.
            for bettor in self.bet_chips:
                paid.setdefault((bettor, "bet"), 0)
        paid[key] = paid.get(key, 0) + amount
        if live:
            self.live[player] += amount
            self.committed[player] += amount
        if left == 0 and player not in self.all_in:
            self.all_in.add(player)
            self._leave_turns(player)

    def bet(self, player: str, amount: int) -> None:
        """A live ``bet`` (a call, bet or raise): the betting rounds' hot path.  The chips are
        counted in ``bet_chips`` only; :meth:`close_bets` adds them to ``contrib``, ``live``
        and ``paid`` when the play is over (three dictionary updates fewer per bet)."""
        stack = self.stack
        left = stack[player] = stack[player] - amount
        self.committed[player] += amount
        chips = self.bet_chips
        chips[player] = chips.get(player, 0) + amount
        if left == 0 and player not in self.all_in:
            self.all_in.add(player)
            self._leave_turns(player)

    def close_bets(self) -> None:
        """The play is over: add the chips of :meth:`bet` to ``contrib``, ``live`` and
        ``paid``."""
        contrib, live, paid = self.contrib, self.live, self.paid
        for player, chips in self.bet_chips.items():
            contrib[player] += chips
            live[player] += chips
            paid[(player, "bet")] = chips

    def fold(self, player: str) -> None:
        """``player`` gives up the hand (their chips stay in the pot)."""
        self.folded.add(player)
        self.still_in.remove(player)
        if player not in self.all_in:
            self._leave_turns(player)
        self.cards.fold(player, self.at)

    def _leave_turns(self, player: str) -> None:
        """``player`` can no longer bet (folded or all-in): out of ``can``, and turns pass over
        them."""
        self.can.discard(player)
        after = self.next_seat[player]
        before = self.prev_seat[player]
        self.next_seat[before] = after
        self.prev_seat[after] = before

    def pot_size(self) -> int:
        """Every chip in the middle, the carried pot included (for pot-limit sizing)."""
        return sum(self.contrib.values()) + sum(self.bet_chips.values()) + self.carry_in

    def active(self) -> list[str]:
        """Players still in the hand, clockwise from the button's left."""
        return self.still_in.copy()

    def can_bet(self) -> list[str]:
        """Players still in the hand who have chips behind, clockwise from the button's left."""
        return list(filter(self.can.__contains__, self.dealt))

    def check_player(self, player: str) -> None:
        """Raise unless ``player`` (of the event being applied) is dealt in."""
        if player not in self.in_hand:
            pos = self.here()
            if player in self.sitting_out:
                raise illegal("sitting-out", f"{player} sits out this hand", pos)
            if player in self.start:
                why = (
                    " (on a Progressive Badugi redeal a player with no chips is dealt in only "
                    "when his chips are in the carried pot, 002)"
                    if self.redeal
                    else ""
                )
                raise illegal(
                    "not-dealt-in", f"{player} has no chips and is not dealt in{why}", pos
                )
            raise illegal("unknown-player", f"{player} is not seated at this table", pos)
