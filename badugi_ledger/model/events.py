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
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from .cards import Card
from .errors import NOWHERE, Position
from .money import ChipValue
from .settings import GameSettings

Cards = tuple[Card | None, ...]

_T = TypeVar("_T")

GENERATED_INIT: dict[type, Any] = {}
"""The ``__init__`` :func:`dataclasses.dataclass` wrote for each event class (for the tests)."""


def _quick(cls: type[_T]) -> type[_T]:
    """Give a frozen event dataclass a constructor that fills the instance ``__dict__`` at once.

    Why: a frozen dataclass's generated ``__init__`` sets every field through
    ``object.__setattr__``, one call per field, and every reader builds dozens of events per
    hand - about half of the cost of building one.  The replacement has the same signature
    (every field by position or keyword, the same defaults) and makes the same object:
    equality, hash, ``repr``, pickling and :func:`dataclasses.replace` are the dataclass's own.
    Only for classes without ``__post_init__`` or default factories (checked here), and
    ``tests/model/test_events_init.py`` checks it against the generated ``__init__``.
    """
    fields = dataclasses.fields(cls)  # type: ignore[arg-type]
    if hasattr(cls, "__post_init__") or any(
        f.default_factory is not dataclasses.MISSING or not f.init for f in fields
    ):
        raise TypeError(f"{cls.__name__}: _quick needs plain fields")
    names = [f.name for f in fields]
    defaults = {f"_d_{f.name}": f.default for f in fields if f.default is not dataclasses.MISSING}
    params = ", ".join(f"{n}=_d_{n}" if f"_d_{n}" in defaults else n for n in names)
    state = ", ".join(f"{n!r}: {n}" for n in names)
    namespace: dict[str, Any] = {"_set": object.__setattr__, **defaults}
    exec(f"def __init__(self, {params}):\n    _set(self, '__dict__', {{{state}}})\n", namespace)
    init = namespace["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    GENERATED_INIT[cls] = cls.__init__
    cls.__init__ = init  # type: ignore[method-assign]
    return cls


PostKind = Literal["small-blind", "big-blind", "ante", "dead", "straddle"]
Verb = Literal["fold", "check", "call", "bet", "raise"]
StackChangeKind = Literal["rebuy", "top-up", "add-on", "cash-out"]
EventKind = Literal["cash", "tournament"]


@_quick
@dataclass(frozen=True)
class Post:
    """A forced bet: blind, ante, dead blind or straddle.  ``amount`` None = as the settings say."""

    player: str
    kind: PostKind
    amount: int | None = None
    all_in: bool = False
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class Deal:
    """Cards dealt to a player at the start; ``None`` entries are cards nobody saw."""

    player: str
    cards: Cards
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class Action:
    """A betting action.  See the module docstring for the amount convention."""

    player: str
    verb: Verb
    amount: int | None = None
    all_in: bool = False
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class Draw:
    """A player's draw: ``discards`` thrown and ``received`` dealt, equally many (0 = pat).

    Unknown cards are ``None``: ``Draw("Dan", (None, None), (None, None))`` is "Dan draws 2".
    """

    player: str
    discards: Cards
    received: Cards
    pos: Position = NOWHERE

    @property
    def count(self) -> int:
        return len(self.received)


@_quick
@dataclass(frozen=True)
class Buy:
    """Progressive Badugi with a Buy (``002``): a paid replacement of the face-up card."""

    player: str
    discard: Card | None
    received: Card | None
    price: int | None = None
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class Show:
    """A player shows these cards at showdown (all the cards they hold)."""

    player: str
    cards: Cards
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class Muck:
    """A player gives up at showdown without showing."""

    player: str
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class Collect:
    """Recorded: ``player`` collected ``amount`` (from ``pot``: ``"main"``, ``"side 1"``, …)."""

    player: str
    amount: int
    pot: str | None = None
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class CarryOut:
    """Recorded: the pot (``amount`` chips) was not won and carries to the next hand."""

    amount: int
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class RakeTaken:
    """Recorded: the house took ``amount``."""

    amount: int
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class PotTotal:
    """Recorded: the total pot, before rake, as a site printed it."""

    amount: int
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class FinalStack:
    """Recorded: a player's stack counted after the hand."""

    player: str
    amount: int
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class StackChange:
    """Between hands: chips bought or taken off the table (applied before the hand's posts)."""

    player: str
    amount: int
    kind: StackChangeKind = "rebuy"
    pos: Position = NOWHERE


@_quick
@dataclass(frozen=True)
class SitOut:
    """A seated player is not dealt in this hand."""

    player: str
    pos: Position = NOWHERE


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
    | RakeTaken
    | PotTotal
    | FinalStack
    | StackChange
    | SitOut
)


@_quick
@dataclass(frozen=True)
class Seat:
    """A player at the table; ``stack`` None = carried from this table's previous hand."""

    name: str
    stack: int | None = None
    number: int | None = None


@_quick
@dataclass(frozen=True)
class Session:
    """What the hand belongs to: a cash session or a tournament, for the ledger."""

    kind: EventKind = "cash"
    name: str = ""
    date: str | None = None
    place: str | None = None
    season: str | None = None
    buy_in: int | None = None
    """Tournament buy-in, in cents of money (or chips in a free game)."""
    starting_chips: int | None = None
    payouts: tuple[int, ...] = ()
    """Tournament prize table in percent of the prize pool, first place first; totals 100."""
    chip_value: ChipValue | None = None
    """What a chip of this home cash game is worth (header ``chips 100 = 10 EUR``)."""


@dataclass(frozen=True)
class HandRecord:
    """One hand: settings, seats clockwise, the button, and what happened."""

    hand_id: str
    settings: GameSettings
    seats: tuple[Seat, ...]
    button: str
    events: tuple[Event, ...]
    session: Session = field(default_factory=Session)
    table: str = ""
    pos: Position = NOWHERE
    origin: str = "text"
    """Which reader produced it: ``text`` (our format), ``pokerstars``, ``phh``, …"""
    text: str = ""
    """The hand's source text as written, for fingerprints and error context."""

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.seats)
