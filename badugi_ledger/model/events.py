"""The typed hand record every input format becomes, and the replay consumes.

A :class:`HandRecord` is one hand as written down: its settings, the seats, and a tuple of
frozen events in the order they happened.  Events say only what the recorder knew: a card
nobody saw is ``None``; an amount the structure fixes may be ``None``.  Recorded outcomes
(:class:`Collect`, :class:`CarryOut`, :class:`FinalStack`, :class:`RakeTaken`,
:class:`PotTotal`) are claims the replay verifies, never inputs it trusts.

Amount conventions (one for every format):

* ``Post.amount`` and ``Action.amount`` for ``call`` are chips put in by that action.
* ``Action.amount`` for ``bet`` and ``raise`` is the player's *total* for the current betting
  round after the action ("raises to 8"), never an increment.

Events carry no position.  An event is what was written (``Dan calls``), not where: equal
events are equal wherever they stand, and a reader may give every occurrence of one entry the
same object.  Where each event was written is the record's side table,
:attr:`HandRecord.positions` (:mod:`.positions`), made into :class:`~.errors.Position` objects
only when something is reported (:meth:`HandRecord.position`).

How an event is built: every reader builds dozens of events per hand, and a frozen dataclass's
generated ``__init__`` sets each field through ``object.__setattr__``, one call per field, which
made building an event about twice as dear as it need be.  So each event class (and
:class:`Seat`, :class:`Session`, :class:`HandRecord`) is a frozen dataclass whose ``__init__``
is written out: the dataclass's signature, field for field, filling the new instance's
dictionary with one fresh dict.  The object is the dataclass's own - pickling,
:func:`dataclasses.fields` and :func:`dataclasses.replace` are untouched - and
``tests/model/test_events_init.py`` holds every such ``__init__`` to the fields (names, order,
defaults, values).  Equality, hash and ``repr`` are the model's shared ones
(:mod:`badugi_ledger.model.frozen`): the dataclass would compile its own for each class at every
start.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import PurePath
from typing import Any, Literal

from .cards import Card
from .errors import NOWHERE, Position
from .frozen import fields_eq, fields_hash, fields_repr, frozen_fields
from .money import CHIPS, TOURNAMENT_CHIPS, UNSTATED, ChipValue, format_amount
from .settings import GameSettings

Cards = tuple[Card | None, ...]

_set = object.__setattr__
"""Sets a frozen instance's dictionary in a written-out ``__init__`` (see the module docstring)."""

PostKind = Literal["small-blind", "big-blind", "ante", "dead", "straddle"]
Verb = Literal["fold", "check", "call", "bet", "raise"]
StackChangeKind = Literal["rebuy", "top-up", "add-on", "cash-out"]
EventKind = Literal["cash", "tournament"]
STACK_CHANGE_VERBS: dict[StackChangeKind, str] = {
    "rebuy": "rebuys",
    "top-up": "tops up",
    "add-on": "adds on",
    "cash-out": "cashes out",
}
"""A stack change's kind as our format writes its verb (``Dan tops up 40``)."""


@frozen_fields
class Post:
    """A forced bet: blind, ante, dead blind or straddle.  ``amount`` None = as the settings say."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str
    kind: PostKind
    amount: int | None = None
    all_in: bool = False

    def __init__(
        self,
        player: str,
        kind: PostKind,
        amount: int | None = None,
        all_in: bool = False,
    ) -> None:
        _set(
            self,
            "__dict__",
            {"player": player, "kind": kind, "amount": amount, "all_in": all_in},
        )


@frozen_fields
class Deal:
    """Cards dealt to a player at the start; ``None`` entries are cards nobody saw."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str
    cards: Cards

    def __init__(self, player: str, cards: Cards) -> None:
        _set(self, "__dict__", {"player": player, "cards": cards})


@frozen_fields
class Action:
    """A betting action.  See the module docstring for the amount convention."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str
    verb: Verb
    amount: int | None = None
    all_in: bool = False

    def __init__(
        self,
        player: str,
        verb: Verb,
        amount: int | None = None,
        all_in: bool = False,
    ) -> None:
        _set(
            self,
            "__dict__",
            {"player": player, "verb": verb, "amount": amount, "all_in": all_in},
        )


@frozen_fields
class Draw:
    """A player's draw: ``discards`` thrown and ``received`` dealt, equally many (0 = pat).

    Unknown cards are ``None``: ``Draw("Dan", (None, None), (None, None))`` is "Dan draws 2".
    """

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str
    discards: Cards
    received: Cards

    def __init__(self, player: str, discards: Cards, received: Cards) -> None:
        _set(
            self,
            "__dict__",
            {"player": player, "discards": discards, "received": received},
        )

    @property
    def count(self) -> int:
        return len(self.received)


@frozen_fields
class Buy:
    """Progressive Badugi with a Buy (``002``): a paid replacement of the face-up card."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str
    discard: Card | None
    received: Card | None
    price: int | None = None

    def __init__(
        self,
        player: str,
        discard: Card | None,
        received: Card | None,
        price: int | None = None,
    ) -> None:
        _set(
            self,
            "__dict__",
            {
                "player": player,
                "discard": discard,
                "received": received,
                "price": price,
            },
        )


@frozen_fields
class Show:
    """A player shows these cards at showdown (all the cards they hold)."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str
    cards: Cards

    def __init__(self, player: str, cards: Cards) -> None:
        _set(self, "__dict__", {"player": player, "cards": cards})


@frozen_fields
class Muck:
    """A player gives up at showdown without showing."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str

    def __init__(self, player: str) -> None:
        _set(self, "__dict__", {"player": player})


@frozen_fields
class Collect:
    """Recorded: ``player`` collected ``amount`` (from ``pot``: ``"main"``, ``"side 1"``, …)."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str
    amount: int
    pot: str | None = None

    def __init__(self, player: str, amount: int, pot: str | None = None) -> None:
        _set(self, "__dict__", {"player": player, "amount": amount, "pot": pot})


@frozen_fields
class CarryOut:
    """Recorded: the pot (``amount`` chips) was not won and carries to the next hand."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    amount: int

    def __init__(self, amount: int) -> None:
        _set(self, "__dict__", {"amount": amount})


@frozen_fields
class CarryIn:
    """Between hands: a Progressive Badugi pot of ``amount`` chips carried into this hand, as
    the recorder states it (the first hand of a file after a night, or a file, that ended with
    a carry): the table's own carry when its previous hand is in the stream."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    amount: int

    def __init__(self, amount: int) -> None:
        _set(self, "__dict__", {"amount": amount})


@frozen_fields
class HandsMissing:
    """Between hands: hands of this table before this one are not in the file (not recorded,
    or left out of a site's file): the hand's stated stacks are not held against the table's
    previous hand, and the stacks it does not state are unknown.  ``count``: how many, where
    the source says (None: not known; our format writes none)."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    count: int | None = None

    def __init__(self, count: int | None = None) -> None:
        _set(self, "__dict__", {"count": count})


@frozen_fields
class RakeTaken:
    """Recorded: the house took ``amount``."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    amount: int

    def __init__(self, amount: int) -> None:
        _set(self, "__dict__", {"amount": amount})


@frozen_fields
class PotTotal:
    """Recorded: the total pot, before rake, as a site printed it."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    amount: int

    def __init__(self, amount: int) -> None:
        _set(self, "__dict__", {"amount": amount})


@frozen_fields
class FinalStack:
    """Recorded: a player's stack counted after the hand."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str
    amount: int

    def __init__(self, player: str, amount: int) -> None:
        _set(self, "__dict__", {"player": player, "amount": amount})


@frozen_fields
class StackChange:
    """Between hands: chips bought or taken off the table (applied before the hand's posts)."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str
    amount: int
    kind: StackChangeKind = "rebuy"

    def __init__(self, player: str, amount: int, kind: StackChangeKind = "rebuy") -> None:
        _set(self, "__dict__", {"player": player, "amount": amount, "kind": kind})

    @property
    def chips(self) -> int:
        """What the change adds to the player's stack: a cash-out takes its amount off
        (written ``cashes out 50`` or ``cashes out -50``), anything else adds it."""
        return -abs(self.amount) if self.kind == "cash-out" else self.amount


@frozen_fields
class SitOut:
    """A seated player is not dealt in this hand."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str

    def __init__(self, player: str) -> None:
        _set(self, "__dict__", {"player": player})


Event = (
    Post
    | Deal
    | Action
    | Draw
    | Buy
    | Show
    | Muck
    | Collect
    | CarryOut
    | CarryIn
    | HandsMissing
    | RakeTaken
    | PotTotal
    | FinalStack
    | StackChange
    | SitOut
)


@frozen_fields
class Seat:
    """A player at the table; ``stack`` None = carried from this table's previous hand."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    name: str
    stack: int | None = None
    number: int | None = None

    def __init__(self, name: str, stack: int | None = None, number: int | None = None) -> None:
        _set(self, "__dict__", {"name": name, "stack": stack, "number": number})


SESSION_TERMS = ("season", "place", "buy_in", "starting_chips", "payouts")
"""The :class:`Session` fields that state a term of its event beside what names it (kind,
name, date, unit): one set for all the event's hands (the ledger's ``events`` columns of the
same names; our format's header items of them)."""


@frozen_fields
class Session:
    """What the hand belongs to: a cash session or a tournament, for the ledger."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    kind: EventKind = "cash"
    name: str = ""
    date: str | None = None
    place: str | None = None
    season: str | None = None
    buy_in: int | None = None
    """Tournament buy-in, in cents of the game's currency (of unstated money when it names none)."""
    starting_chips: int | None = None
    payouts: tuple[int, ...] = ()
    """Tournament prize table in percent of the prize pool, first place first; totals 100."""
    chip_value: ChipValue | None = None
    """What a chip of this home cash game is worth (header ``chips 100 = 10 EUR``)."""

    def __init__(
        self,
        kind: EventKind = "cash",
        name: str = "",
        date: str | None = None,
        place: str | None = None,
        season: str | None = None,
        buy_in: int | None = None,
        starting_chips: int | None = None,
        payouts: tuple[int, ...] = (),
        chip_value: ChipValue | None = None,
    ) -> None:
        _set(
            self,
            "__dict__",
            {
                "kind": kind,
                "name": name,
                "date": date,
                "place": place,
                "season": season,
                "buy_in": buy_in,
                "starting_chips": starting_chips,
                "payouts": payouts,
                "chip_value": chip_value,
            },
        )


BETWEEN_HANDS: frozenset[type] = frozenset({StackChange, SitOut, CarryIn, HandsMissing})
"""The events that happen between hands (rebuys, top-ups, add-ons, cash-outs, sitting out, a
carried pot stated, hands missing): a record writes them before its first other event
(``grammar/README.md``, "Between hands")."""


def term_text(term: str, value: Any, currency: str | None) -> str:
    """An event's term (:data:`SESSION_TERMS`) as a message shows it: a buy-in as money of
    ``currency`` (the event's), a prize table as ``50/30/20`` (``value`` its percents; none:
    ``none``, ``tournament --payouts none``), any other as written."""
    if term == "buy_in":
        return format_amount(int(value), currency or UNSTATED)
    if term == "payouts":
        return "/".join(map(str, value)) or "none"
    return str(value)


def hand_unit(record: HandRecord) -> str:
    """What the hand's amounts count, as the ledger's ``events.unit`` says it: a tournament's
    chips, else the currency (amounts in cents), else chips (a home game's valued chips
    too: its amounts are chips)."""
    if record.session.kind == "tournament":
        return TOURNAMENT_CHIPS
    return record.settings.currency or CHIPS


def event_of(session: Session, currency: str | None) -> tuple[str, str, str | None, str]:
    """What names the event a hand belongs to: the session's kind, name and date, and the unit
    its chips count in (the game's ``currency``, a home game's chip value as ``10c EUR``, or
    ``""`` for plain chips).  Hands of one session in another unit are another event, whose
    figures never join the first's.  The ledger keys its events by it, and a table's stacks and
    carried pot go from hand to hand only within one event."""
    return event_key(session.kind, session.name, session.date, currency, session.chip_value)


def ledger_event(
    session: Session, currency: str | None, source: str
) -> tuple[str, str, str | None, str]:
    """:func:`event_of` as the ledger keys its events: a session without a name is named after
    the file that holds it (its name without folder or suffix), so two files' unnamed nights
    are two events, and a hand is the same hand in two files only under a named session (or
    in two files of one name)."""
    kind, name, date, unit = event_of(session, currency)
    return kind, night_name(name, source), date, unit


def event_key_text(event: tuple[str, str, str | None, str]) -> str:
    """An event's key as the ledger stores it and ``--event`` takes it
    (``cash|Friday|2024-05-03|USD``): of :func:`ledger_event`'s kind, name, date and unit."""
    kind, name, date, unit = event
    return f"{kind}|{name}|{date or ''}" + (f"|{unit}" if unit else "")


def night_name(name: str, source: str) -> str:
    """A session's name as the ledger names its event: the file's name without folder or
    suffix when it has none (:func:`ledger_event`)."""
    if name:
        return name
    return PurePath(source).stem


def event_key(
    kind: str, name: str, date: str | None, currency: str | None, chip_value: ChipValue | None
) -> tuple[str, str, str | None, str]:
    """:func:`event_of` from the session's facts one by one (as a reader holds them before it
    makes the session)."""
    value = chip_value
    unit = currency or (f"{value.cents}c {value.currency}" if value is not None else "")
    return kind, name, date, unit


def amounts_currency(session: Session, currency: str | None) -> str | None:
    """The currency whose cents a hand's amounts (stacks, bets, pots) are: the game's
    ``currency`` in a cash game; none (chips) in a tournament, whose currency is its buy-in's
    and whose stacks are tournament chips (``grammar/README.md``, ``currency``)."""
    return currency if session.kind == "cash" else None


NO_SESSION = Session()
"""A record's session when none is named: a cash session without a name (frozen: shared)."""


@frozen_fields
class StatedFinish:
    """A place a site states a player finished a tournament in (``place``: 1 for the winner),
    and the prize it says he received (cents of the tournament's currency; None: it names
    none), written in the hand he finished in."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str
    place: int
    prize: int | None = None

    def __init__(self, player: str, place: int, prize: int | None = None) -> None:
        _set(self, "__dict__", {"player": player, "place": place, "prize": prize})


@frozen_fields
class HandRecord:
    """One hand: settings, seats clockwise, the button, and what happened."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    hand_id: str
    settings: GameSettings
    seats: tuple[Seat, ...]
    button: str
    events: tuple[Event, ...]
    session: Session = NO_SESSION
    table: str = ""
    pos: Position = NOWHERE
    origin: str = "text"
    """Which reader produced it: ``text`` (our format), ``pokerstars``, ``phh``, …"""
    text: str = ""
    """The hand's source text as written, for fingerprints and error context."""
    posts_none: bool = False
    """The record says the hand had no forced bets at all (``posts none``).  A record with no
    ``Post`` event and this False gets the blinds and antes its settings name (a record built
    by hand); the text reader writes them out itself."""
    positions: Sequence[Position] = ()
    """Where each event was written, in the order of ``events`` (:mod:`.positions`): empty for
    a record built without positions (every event then stands nowhere, :meth:`position`)."""
    standalone: bool = False
    """The hand is not one of its table's consecutive hands in its file (a PHH hand without a
    ``table`` field, as PokerKit writes a file of unrelated hands): the replay carries nothing
    into it from the hand before it in the file, nor from it to the next.  Not part of the
    hand's fingerprint: it says how the file is laid out, not what happened."""
    posts_implied: bool = False
    """The ``Post`` events are the ones the reader implied (the text wrote none), for every
    listed player who does not sit out: the reader does not know the stacks.  The replay places
    them again among the players dealt in when one listed has no chips at the deal
    (:mod:`badugi_ledger.model.forced`).  Not part of the hand's fingerprint nor of its
    :func:`~.copies.content`: it says how the posts were written, not who posted them."""
    currency_inherited: bool = False
    """The hand opens a cash session whose header states no currency, after a tournament whose
    header stated one (its buy-in's: the tournament's stacks were chips): the hand's amounts
    are cents of that currency, which the replay warns of (``currency-inherited``).  Not part
    of the hand's fingerprint nor of its content: it says how the header was written."""
    redeal_implied: bool = False
    """The text writes no forced bets, and the reader, taking the hand for a Progressive
    Badugi redeal (its table's previous hand, as read, carried its pot: ``002``), implied none
    (``posts_none``): the text did not say so.  A hand before it may not have been read, so
    the replay, which knows whether a pot came in, places the forced bets of a hand that is
    no redeal (:func:`~badugi_ledger.replay.seating.implied_posts_placed`).  Not part of the
    hand's fingerprint nor of its :func:`~.copies.content`, as ``posts_implied``."""
    unknown_currencies: tuple[tuple[str, Position], ...] = ()
    """The codes of no currency (:func:`~.money.is_currency`: ``currency EUS``) that the header
    lines read since the hand before named as money, each where it is written: the replay warns
    of each on this hand (``currency-unknown``).  Not part of the hand's fingerprint nor of
    its content: it says how the header was written."""
    finishes: tuple[StatedFinish, ...] = ()
    """The places (and prizes) the site states players finished the tournament in, in this
    hand (PokerStars: ``Player5 finished the tournament in 3rd place and received $1.60.``):
    a claim the ledger holds to the places it works out, and uses where the file alone
    cannot know them (:mod:`badugi_ledger.ledger.tournament_results`).  Not part of the
    hand's fingerprint nor of its content: what the site says of the tournament, not what
    happened in the hand."""

    def __init__(
        self,
        hand_id: str,
        settings: GameSettings,
        seats: tuple[Seat, ...],
        button: str,
        events: tuple[Event, ...],
        session: Session = NO_SESSION,
        table: str = "",
        pos: Position = NOWHERE,
        origin: str = "text",
        text: str = "",
        posts_none: bool = False,
        positions: Sequence[Position] = (),
        standalone: bool = False,
        posts_implied: bool = False,
        currency_inherited: bool = False,
        redeal_implied: bool = False,
        unknown_currencies: tuple[tuple[str, Position], ...] = (),
        finishes: tuple[StatedFinish, ...] = (),
    ) -> None:
        _set(
            self,
            "__dict__",
            {
                "hand_id": hand_id,
                "settings": settings,
                "seats": seats,
                "button": button,
                "events": events,
                "session": session,
                "table": table,
                "pos": pos,
                "origin": origin,
                "text": text,
                "posts_none": posts_none,
                "positions": positions,
                "standalone": standalone,
                "posts_implied": posts_implied,
                "currency_inherited": currency_inherited,
                "redeal_implied": redeal_implied,
                "unknown_currencies": unknown_currencies,
                "finishes": finishes,
            },
        )
        if positions:
            self.__post_init__()

    def __post_init__(self) -> None:
        if self.positions and len(self.positions) != len(self.events):
            raise ValueError(f"{len(self.positions)} positions for {len(self.events)} events")

    def position(self, index: int) -> Position:
        """Where ``events[index]`` was written (:data:`~.errors.NOWHERE` when the record keeps no
        positions)."""
        positions = self.positions
        return positions[index] if positions else NOWHERE

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)


def event_label(row: Mapping[str, object]) -> str:
    """``Friday game (2024-03-01)``: an event as messages name it (the ledger's, and ``check``'s
    of a night in its file)."""
    return f"{row['name']}" + (f" ({row['date']})" if row.get("date") else "")
