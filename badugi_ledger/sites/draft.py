"""One hand being read: :class:`HandDraft` collects it while a reader walks its lines and
turns it into the same :class:`~badugi_ledger.model.events.HandRecord` our own text format
produces.

It keeps the rules the sites share in one place: who was dealt in (a seated player who did
nothing at all in the hand was not dealt in and becomes a
:class:`~badugi_ledger.model.events.SitOut`), the hero's known cards through the draws, and the
recorded outcome events (``Collect``, ``PotTotal``, ``RakeTaken``) that the replay verifies.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from operator import attrgetter

from ..model.cards import Card
from ..model.errors import NOWHERE, BadugiError, ConfigError, ImportFormatError, Position
from ..model.events import (
    Action,
    Cards,
    Collect,
    Deal,
    Draw,
    Event,
    HandRecord,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    Seat,
    Session,
    SitOut,
    StackChange,
    StatedFinish,
    amounts_currency,
)
from ..model.limits import quote
from ..model.money import hand_figure
from ..model.names import line_break_refused
from ..model.settings import GameSettings
from .common import parse_amount, parse_count

# --- the hand draft ---------------------------------------------------------------------------


class Landmarks:
    """Lines of a hand that an error about the hand as a whole points at (0-based indexes in
    the file), noted as the reader walks the hand; only an error reads them."""

    __slots__ = ("button_after", "button_line", "summary")

    def __init__(self) -> None:
        self.button_after: int | None = None
        """The line after which the site names the button, for the error when it does not."""
        self.button_line: int | None = None
        """The line that should name the button, where the site gives it one of its own
        (Merge's ``<players dealer=…>``): the error when it names none is there."""
        self.summary: dict[str, int] = {}
        """The first summary line of each player the summary says won something."""


_POSTED_AS = {"small_blind": "small-blind", "big_blind": "big-blind", "ante": "ante"}
"""The post that gives each forced bet of a site hand's settings."""


@dataclass
class SeatLine:
    number: int
    name: str
    stack: int
    out_of_hand: bool = False
    line: int | None = None
    """The 0-based index of the line that seats the player (None: no line of its own), so an
    error about the starting stack points at the line that states it."""


Placed = Callable[[tuple[Position, ...], int, int, int], Sequence[Position]]
""":attr:`HandDraft.placed`: a reader's maker of the positions a record keeps."""


@dataclass(slots=True)
class HandDraft:
    """One hand being read.  Readers append events in order; :meth:`finish` builds the record.

    Slotted: a reader reads and writes a draft's attributes for every line, and an instance
    dict holding more than 29 of them no longer shares its keys in CPython, which slows every
    one of those accesses (some 4% of reading a site file).

    ``events`` and ``positions`` are parallel lists: ``positions[i]`` is where ``events[i]`` was
    written.  A reader adds an event with its position (:meth:`add`, :meth:`put`) and may
    replace ``events[i]`` in place (a draw's cards read later), which keeps its position; a
    reader that inserts an event inserts its position at the same index.

    Deals are inserted at ``deal_index`` when the hand is finished, because who was dealt in
    is only known at the end (everyone who did something in the hand).
    """

    source: str
    hand_id: str
    pos: Position
    origin: str
    text: str = ""
    seats: list[SeatLine] = field(default_factory=list)
    button_seat: int | None = None
    button_name: str | None = None
    events: list[Event] = field(default_factory=list)
    positions: list[Position] = field(default_factory=list, repr=False, compare=False)
    """Where each of ``events`` was written, index for index."""
    deal_index: int | None = None
    deal_pos: Position | None = None
    hand_size: int = 4
    hero: str | None = None
    hero_cards: list[Card | None] = field(default_factory=list)
    known_deals: dict[str, Cards] = field(default_factory=dict)
    collected: dict[str, int] = field(default_factory=dict)
    summary_won: dict[str, int] = field(default_factory=dict)
    summary_pots: dict[str, tuple[str, int, int]] = field(default_factory=dict)
    """Each pot the summary states a figure of (``"main"``, ``"side 1"``, ...): the site's words
    for it, the figure and the line that states it."""
    active: set[str] = field(default_factory=set)
    summary_played: set[str] = field(default_factory=set)
    """Players the summary says played the hand (folded, showed, mucked, won): they were dealt
    in, whatever the lines before the summary show of them."""
    summary_seats: set[int] = field(default_factory=set)
    """The seats the summary has a line of (:func:`.summary.check_summary` asks for each)."""
    round_committed: dict[str, int] = field(default_factory=dict)
    total_committed: dict[str, int] = field(default_factory=dict)
    big_blind_hint: int = 0
    returned: dict[str, int] = field(default_factory=dict)
    added: list[StackChange] = field(default_factory=list)
    """Chips the file says a player bought during the hand, for the next hand (Full Tilt's
    ``X adds $5``, a PokerStars tournament's ``X re-buys and receives 1500 chips``): each the
    change it makes before the table's next hand, which states the stack with them."""
    finishes: list[StatedFinish] = field(default_factory=list)
    """The places the site states players finished the tournament in, in this hand."""
    left: set[str] = field(default_factory=set)
    """Players the file shows leaving or sitting down again during the hand."""
    all_in: set[str] = field(default_factory=set)
    """Players a post or action of the file calls all-in."""
    time: datetime | None = None
    """When the hand started, as the header says (for the time between two hands)."""
    sequence: int | None = None
    """The hand's number among its table's hands, where the site numbers them (Merge)."""
    line_positions: dict[int, Position] = field(default_factory=dict, repr=False, compare=False)
    """:meth:`at`'s positions by line: events on one line share one (immutable) ``Position``."""
    landmarks: Landmarks = field(default_factory=Landmarks, repr=False, compare=False)
    """The lines an error about the hand as a whole points at (see :class:`Landmarks`)."""
    placed: Placed | None = field(default=None, repr=False, compare=False)
    """The positions the record keeps, made by a reader that places some events more closely
    than their lines when asked (PHH: an action at its string on the line): given those
    :meth:`finish` built and how it spliced the events in (sit-outs before them, deals before
    the draft's event ``deal index``, how many).  None: the positions built."""

    # -- positions and errors --
    def at(self, line_index: int) -> Position:
        """The position of a line of the file (0-based index → 1-based line)."""
        pos = self.line_positions.get(line_index)
        if pos is None:
            pos = self.line_positions[line_index] = Position(self.source, line_index + 1, 1)
        return pos

    def error(
        self, message: str, line_index: int | None = None, rule: str = "corrupt-hand"
    ) -> ImportFormatError:
        """The error ``message`` at line ``line_index`` (None: the hand's first line)."""
        pos = self.at(line_index) if line_index is not None else self.pos
        return ImportFormatError(message, position=pos, hand=self.hand_id, rule=rule)

    def one_line(self, what: str, text: str, line_index: int) -> str:
        """``text``, read as ``what`` at line ``line_index``, refused (rule ``bad-name``) if it
        holds a line break: a name is one line (:mod:`badugi_ledger.model.names`).  A line
        cannot hold one, but a site's format may decode one into it (Merge's XML ``&#10;``)."""
        refused = line_break_refused(what, text)
        if refused is not None:
            raise self.error(refused, line_index, rule="bad-name")
        return text

    def whole_error(
        self, message: str, line_index: int | None = None, rule: str = "corrupt-hand"
    ) -> ImportFormatError:
        """An error about the hand as a whole (what it adds up to, what it lacks), at the line
        that best shows it (``line_index``; None: the hand's first line).  (A line a reader
        cannot read is an error of its own, so no such error is ever about a line lost.)"""
        return self.error(message, line_index, rule)

    def missing(self, message: str, after: int | None, rule: str) -> ImportFormatError:
        """An error for a part the hand lacks: there is no line of it to point at, so it is at
        the line after which the site writes that part (``after``; None: the hand's first
        line), and the message says so."""
        if after is None:
            return self.whole_error(message, rule=rule)
        return self.error(f"{message}: expected after this line", after, rule)

    def first_line_of(self, players: set[str]) -> int | None:
        """The line of the first event of any of ``players``: where the file first names one."""
        for event, pos in zip(self.events, self.positions, strict=True):
            if getattr(event, "player", None) in players and pos.line:
                return pos.line - 1
        return None

    def add_seat(self, seat: SeatLine) -> None:
        """A seat line of the hand: a seat holds one player, so a seat named again is the file
        contradicting itself, refused at that line (the first would otherwise be dealt in
        beside the second, and the button seat found for either); and seats are numbered from
        1, so a seat 0 is an edited seat line, refused there before any line after it."""
        if seat.number < 1:  # no site numbers a seat 0: an edited seat line
            raise self.whole_error(
                f"seat {seat.number}: a table's seats are numbered from 1", seat.line
            )
        first = next((s for s in self.seats if s.number == seat.number), None)
        if first is not None:
            where = f" (line {first.line + 1})" if first.line is not None else ""
            raise self.error(
                f"seat {seat.number} is named twice: {quote(first.name)} sits there{where}, and "
                f"this line seats {quote(seat.name)}",
                seat.line,
            )
        self.seats.append(seat)

    def add_seat_line(
        self, seat: re.Match[str], currency: str | None, index: int, *, out_of_hand: bool = False
    ) -> str:
        """A seat line read by a reader's pattern, whose groups ``num``, ``name`` and ``stack``
        are the seat, the player and his stack (in ``currency``; None: chips), at line
        ``index``: added as :meth:`add_seat` adds it.  The player's name."""
        at = self.at(index)
        number = parse_count(seat["num"], "seat", at)
        stack = parse_amount(seat["stack"], currency=currency, position=at)
        self.add_seat(SeatLine(number, seat["name"], stack, out_of_hand, line=index))
        return seat["name"]

    # -- betting bookkeeping (used to turn "calls to 44" into chips put in, and for checks) --
    def new_round(self) -> None:
        self.round_committed = {}

    def commit(self, player: str, chips: int) -> None:
        self.round_committed[player] = self.round_committed.get(player, 0) + chips
        self.total_committed[player] = self.total_committed.get(player, 0) + chips

    def committed(self, player: str) -> int:
        return self.round_committed.get(player, 0)

    def highest(self) -> int:
        return max(self.round_committed.values(), default=0)

    # -- events --
    def put(self, event: Event, pos: Position) -> None:
        """Append ``event``, written at ``pos``."""
        self.events.append(event)
        self.positions.append(pos)

    def add(self, event: Event, pos: Position) -> None:
        """Append ``event``, written at ``pos``; its player (if any) did something in the hand."""
        self.events.append(event)
        self.positions.append(pos)
        player = getattr(event, "player", None)
        if player is not None:
            self.active.add(player)

    def post(
        self, player: str, kind: str, amount: int, all_in: bool, line: int, live: bool = True
    ) -> None:
        self.add(Post(player, kind, amount, all_in), self.at(line))  # type: ignore[arg-type]
        if all_in:
            self.all_in.add(player)
        self.total_committed[player] = self.total_committed.get(player, 0) + amount
        if live:
            self.round_committed[player] = self.round_committed.get(player, 0) + amount

    def action(self, player: str, verb: str, amount: int | None, all_in: bool, line: int) -> None:
        """Record a betting action; ``amount`` follows model/events.py (call: chips in; bet/raise:
        to)."""
        if verb == "call" and amount is not None:
            self.commit(player, amount)
        elif verb in ("bet", "raise") and amount is not None:
            self.commit(player, amount - self.committed(player))
        self.add(Action(player, verb, amount, all_in), self.at(line))  # type: ignore[arg-type]
        if all_in:
            self.all_in.add(player)

    def posted(self, kind: str) -> int | None:
        """The amount of the first complete (not all-in) post of ``kind``, if any."""
        first = self._first_post(kind)
        return None if first is None else first[0].amount

    def _first_post(self, kind: str) -> tuple[Post, Position] | None:
        """The first complete (not all-in) post of ``kind`` and where it is written, if any."""
        for event, pos in zip(self.events, self.positions, strict=True):
            if isinstance(event, Post) and event.kind == kind and not event.all_in:
                return event, pos
        return None

    @contextmanager
    def settings_from_posts(self) -> Iterator[None]:
        """Around the making of the hand's :class:`GameSettings` from its figures: a refusal
        (``ConfigError``: a small blind posted above the big blind, stakes in the header the
        other way round) is the file's figures at fault, not a house rule, so it is this hand's
        error (``corrupt-hand``) at the post that gave the refused blind or ante
        (:attr:`ConfigError.setting`), else at the hand's first line, which gives its stakes."""
        try:
            yield
        except ConfigError as exc:
            first = self._first_post(_POSTED_AS.get(exc.setting or "", ""))
            at = self.pos if first is None else first[1]
            raise ImportFormatError(
                exc.message, position=at, hand=self.hand_id, rule="corrupt-hand"
            ) from None

    def mark_deal(self, line: int) -> None:
        if self.deal_index is None:
            self.deal_index = len(self.events)
            self.deal_pos = self.at(line)

    def hero_deal(self, name: str, cards: tuple[Card | None, ...], line: int) -> None:
        """The hero's first hand (``Dealt to Hero [..]``)."""
        self.mark_deal(line)
        self.hero = name
        self.known_deals[name] = cards
        self.hero_cards = list(cards)
        self.active.add(name)

    def draw(self, player: str, count: int, discards: Cards | None, line: int) -> None:
        """A draw of ``count`` cards; ``discards`` are known only for the hero."""
        if discards is None or player != self.hero:
            unknown: Cards = (None,) * count
            self.add(Draw(player, unknown, unknown), self.at(line))
            return
        if len(discards) != count:
            raise self.error(
                f"{player} discards {count} card(s) but the site lists [{format_list(discards)}]",
                line,
            )
        for card in discards:
            if card is not None and card not in self.hero_cards:
                raise self.error(
                    f"{player} discards {card}, a card the site never dealt them", line
                )
        self.add(Draw(player, discards, (None,) * count), self.at(line))

    def hero_receives(self, kept: Cards, new: Cards, line: int) -> None:
        """``Dealt to Hero [kept] [new]``: fill in the received cards of the hero's last draw."""
        index = len(self.events) - 1
        while index >= 0:
            event = self.events[index]
            if isinstance(event, Draw) and event.player == self.hero:
                break
            index -= 1
        if index < 0:
            raise self.error("the site deals the hero new cards without a discard", line)
        draw = self.events[index]
        assert isinstance(draw, Draw)
        expected_kept = [c for c in self.hero_cards if c not in draw.discards]
        if sorted(map(str, expected_kept)) != sorted(map(str, kept)) or len(new) != draw.count:
            raise self.error(
                f"the site says {self.hero} kept [{format_list(kept)}] and got "
                f"[{format_list(new)}] after discarding [{format_list(draw.discards)}] from "
                f"[{format_list(self.hero_cards)}]",
                line,
            )
        self.events[index] = Draw(draw.player, draw.discards, new)  # its position stays
        self.hero_cards = list(kept) + list(new)

    def hero_pat(self, cards: Cards, line: int) -> None:
        if self.hero_cards and sorted(map(str, cards)) != sorted(map(str, self.hero_cards)):
            raise self.error(
                f"the site says {self.hero} stands pat on [{format_list(cards)}] but holds "
                f"[{format_list(self.hero_cards)}]",
                line,
            )

    def collect(self, player: str, amount: int, pot: str | None, line: int) -> None:
        self.add(Collect(player, amount, pot), self.at(line))
        self.collected[player] = self.collected.get(player, 0) + amount

    def uncalled(
        self, player: str, amount: int, line: int | None = None, currency: str | None = None
    ) -> None:
        """``Uncalled bet (x) returned to P``: kept only for the site's own stack arithmetic.
        Given its ``line`` (0-based), the figure is held to the round's bets: what ``player``
        put in beyond anyone else this round (the replay gives back that much, whatever the
        line says; a figure that differs is text that contradicts itself).  ``currency``: the
        hand's amounts are its cents (None: chips), for the message."""
        if line is not None:
            top, excess = self.uncalled_bet()
            if player != top:
                excess = 0  # not the top bettor: nothing of his is uncalled
            if amount != excess:
                raise self.error(
                    f"the site returns {hand_figure(amount, currency)} of {player}'s bet as "
                    f"uncalled, but the round's bets leave {hand_figure(excess, currency)} of "
                    "it uncalled",
                    line,
                )
        self.returned[player] = self.returned.get(player, 0) + amount

    def uncalled_bet(self) -> tuple[str | None, int]:
        """The bet nobody called in the betting round so far: the player who put the most into
        it and what he put in beyond anyone else (everyone else folded, or called all-in for
        less); 0 when the round's bets are matched, (None, 0) when nobody put chips in."""
        committed = self.round_committed
        if not committed:
            return None, 0
        ranked = sorted(committed.values(), reverse=True)
        top = max(committed, key=committed.__getitem__)
        return top, ranked[0] - (ranked[1] if len(ranked) > 1 else 0)

    def site_final_stacks(self) -> dict[str, int]:
        """Each seat's stack after the hand by the site's own figures (start − in + back + won)."""
        return {
            s.name: s.stack
            - self.total_committed.get(s.name, 0)
            + self.returned.get(s.name, 0)
            + self.collected.get(s.name, 0)
            for s in self.seats
        }

    def figures_add_up(self) -> bool:
        """Whether the site's own figures of the hand pay out what went in: the chips put in,
        less what came back, are what was collected and raked.  A hand whose figures do not
        (a damaged amount) says nothing sure of where it left the stacks."""
        put_in = sum(self.total_committed.values()) - sum(self.returned.values())
        raked = sum([e.amount for e in self.events if type(e) is RakeTaken])
        return put_in == sum(self.collected.values()) + raked

    def show(self, event: Event, line: int) -> None:
        self.add(event, self.at(line))

    def muck(self, player: str, line: int) -> None:
        self.add(Muck(player), self.at(line))

    def totals(self, pot: int | None, rake: int | None, line: int) -> None:
        if pot is not None:
            self.put(PotTotal(pot), self.at(line))
        if rake is not None:
            self.put(RakeTaken(rake), self.at(line))

    # -- finishing --
    def _button_from_seat(self) -> str:
        """The player on the button seat; on an empty seat (a dead button after a player left or
        busted) the nearest player before it, which leaves the order of play unchanged."""
        if self.button_seat is None:
            marks = self.landmarks
            if marks.button_line is not None:
                raise self.whole_error("the hand names no button", marks.button_line, "bad-header")
            raise self.missing("the hand names no button", marks.button_after, "bad-header")
        by_number = sorted(self.seats, key=lambda s: s.number)
        before = [s for s in by_number if s.number <= self.button_seat]
        return (before or by_number)[-1].name

    def check_stacks(self, currency: str | None) -> None:
        """Each starting stack against the chips its player then puts in: no more than the
        stack, and all of it for a player the file calls all-in (an edited stack shows here).
        The error is at the seat line, which states the stack the message holds the chips to,
        in the figures the file writes (``currency``: the hand's amounts are its cents)."""
        for seat in self.seats:
            put_in = self.total_committed.get(seat.name, 0)
            if put_in > seat.stack or (seat.name in self.all_in and put_in != seat.stack):
                put, stack = hand_figure(put_in, currency), hand_figure(seat.stack, currency)
                said = (
                    f"{seat.name} puts {put} in"
                    if put_in > seat.stack
                    else f"the site calls {seat.name} all-in after putting {put} in"
                )
                raise self.whole_error(
                    f"{said}, but the hand starts them with {stack}: the starting stack or an "
                    "amount is wrong",
                    seat.line,
                    rule="stack-contradicts-hand",
                )

    def check_unraked(self) -> None:
        """A tournament hand's rake must be 0: a site takes a tournament's fee with the buy-in
        and never rakes its pots (every one of the corpus's 319 tournament hands says ``Rake
        0``).  A rake there is an edited amount, and the chips it took would leave the
        tournament without a word; the error is at the line that states it."""
        for event, pos in zip(self.events, self.positions, strict=True):
            if type(event) is RakeTaken and event.amount:
                raise ImportFormatError(
                    f"the hand says {event.amount} chips were raked, but a tournament's pots "
                    "are never raked (its fee comes with the buy-in): an amount is wrong",
                    position=pos,
                    hand=self.hand_id,
                    rule="corrupt-hand",
                )

    def finish(
        self,
        settings: GameSettings,
        session: Session,
        table: str,
        *,
        dealt_in: Iterable[str] | None = None,
    ) -> HandRecord:
        """Build the record: seats clockwise from seat 1, sit-outs, deals, then the events, and
        beside them their positions (sit-outs where the hand starts, deals where the deal is)."""
        if not self.seats:
            raise self.whole_error("the hand lists no seats")
        self.check_stacks(amounts_currency(session, settings.currency))
        if session.kind == "tournament":
            self.check_unraked()
        names = [s.name for s in self.seats]
        if len(set(names)) != len(names):
            again = next(s for i, s in enumerate(self.seats) if s.name in names[:i])
            raise self.whole_error(f"{quote(again.name)} is seated twice", again.line)
        played = self.active | self.summary_played  # did something, or the summary says so
        players_in = set(dealt_in) if dealt_in is not None else played
        unknown = {p for p in players_in if p not in names}
        if unknown:
            raise self.whole_error(
                f"not seated but acting: {', '.join(sorted(unknown))}", self.first_line_of(unknown)
            )
        button = self.button_name or self._button_from_seat()
        ordered = sorted(self.seats, key=_NUMBER)
        seats = tuple([Seat(s.name, s.stack, s.number) for s in ordered])
        sit_outs: list[Event] = [
            SitOut(s.name) for s in ordered if s.out_of_hand or s.name not in players_in
        ]
        deals: list[Event] = []
        for s in _from_button(ordered, button):
            if s.name not in players_in or s.out_of_hand:
                continue
            if s.name in self.known_deals:
                deals.append(Deal(s.name, self.known_deals[s.name]))
            else:
                deals.append(Deal(s.name, (None,) * self.hand_size))
        index = self.deal_index if self.deal_index is not None else _first_non_post(self.events)
        events = tuple(sit_outs + self.events[:index] + deals + self.events[index:])
        at = self.positions
        built = (
            (self.pos,) * len(sit_outs)
            + tuple(at[:index])
            + (self.deal_pos or self.pos,) * len(deals)
            + tuple(at[index:])
        )
        positions: Sequence[Position] = built
        if self.placed is not None:
            positions = self.placed(built, len(sit_outs), index, len(deals))
        return HandRecord(
            hand_id=self.hand_id,
            settings=settings,
            seats=seats,
            button=button,
            events=events,
            session=session,
            table=table,
            pos=self.pos,
            origin=self.origin,
            text=self.text,
            positions=positions,
            finishes=tuple(self.finishes),
        )


_NUMBER = attrgetter("number")
"""A seat line's number, the key seats are sorted by (in C: no Python call per seat)."""


def of_hand(error: BadugiError, hand_id: str | None, source: str, start: int) -> BadugiError:
    """``error`` naming the hand it happened in (a number's error does not know it), and
    located at least at the hand's first line (0-based ``start``) of ``source``: an error raised
    with no position would otherwise name no file and no line.  It is yielded as an item, a
    value: its traceback (the reader's frames, which hold the hand's lines) is dropped, so a
    caller that keeps the errors of a file keeps no hand with them."""
    error.__traceback__ = None
    if error.hand is None:
        error.hand = hand_id
    if error.position is NOWHERE:
        error.position = Position(source, start + 1, 1)
    return error


def _first_non_post(events: list[Event]) -> int:
    for i, event in enumerate(events):
        if not isinstance(event, Post):
            return i
    return len(events)


def _from_button(seats: list[SeatLine], button: str) -> list[SeatLine]:
    """Seats in dealing order: first left of the button, the button last."""
    at = next(i for i, s in enumerate(seats) if s.name == button)
    return seats[at + 1 :] + seats[: at + 1]


def format_list(cards: Iterable[Card | None]) -> str:
    return " ".join("??" if c is None else str(c) for c in cards)
