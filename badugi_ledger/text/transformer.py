"""What each body line of the hand-history format becomes: typed constructors, and the Lark
transformer that calls them.

The typed constructors (``make_action``, ``make_post``, … ``make_seat``) take what an entry
says - a name with its position, numbers, cards - and build one frozen event, checking only
what one entry can tell (an amount within the bound on numbers, a draw receiving as many cards
as it discards, a buy of one card); everything that needs the whole hand is the reader's
(:mod:`badugi_ledger.text.parse`) or the replay's.  The position they are given is for their
:class:`FormatError` only: an event carries none (:mod:`badugi_ledger.model.positions`), so
whoever calls a constructor keeps where the entry stands.  Both readings of a line build events
through them: :class:`EventBuilder`, run inside the LALR parser (Lark's ``transformer=`` option,
so no parse tree is ever built), turns each grammar alternative's children into one call and
gives the event with its position (:data:`Placed`), and the fast path for plain lines
(:mod:`badugi_ledger.text.plainlines`) calls them directly, keeping the positions itself.

Why one module of about 500 lines: an entry's typed constructor and the transformer callback
that feeds it are read together - splitting them would put the one definition of what a line
means in two places.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, overload

from ..model.cards import CARD_INDEX, DECK, SUIT_SYMBOLS, Card
from ..model.errors import NOWHERE, Position
from ..model.events import (
    Action,
    Buy,
    CarryIn,
    CarryOut,
    Collect,
    Deal,
    Draw,
    FinalStack,
    HandsMissing,
    Muck,
    Post,
    PostKind,
    PotTotal,
    RakeTaken,
    Seat,
    Show,
    SitOut,
    StackChange,
    StackChangeKind,
    Verb,
)
from ..model.frozen import fields_eq, fields_hash, fields_repr, frozen_fields
from ..model.limits import MAX_AMOUNT, MAX_DIGITS, amount_problem
from ..model.positions import LinePositions

if TYPE_CHECKING:  # the fast path (text.plainlines) reads plain lines without importing Lark
    from lark import Token

__all__ = [
    "POSTS_NONE",
    "EventBuilder",
    "FormatError",
    "Named",
    "Placed",
    "RawHand",
    "TooLarge",
    "make_action",
    "make_carry",
    "make_collect",
    "make_deal",
    "make_draw_cards",
    "make_draw_count",
    "make_final",
    "make_hand",
    "make_muck",
    "make_pat",
    "make_post",
    "make_pot_total",
    "make_rake",
    "make_seat",
    "make_show",
    "make_sit_out",
    "make_stack_change",
    "position",
    "short",
    "unquote",
]

# ---------------------------------------------------------------- cards as one table lookup


def _card_table() -> dict[str, Card | None]:
    ranks = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
    ranks.update({str(r): r for r in range(2, 10)})
    ranks.update({k.lower(): v for k, v in ranks.items()})
    suits = {s: s for s in "cdhs"} | {s.upper(): s for s in "cdhs"} | dict(SUIT_SYMBOLS)
    table: dict[str, Card | None] = {}
    for rank_text, rank in ranks.items():
        for suit_text, suit in suits.items():
            card = DECK[CARD_INDEX[Card(rank, suit)]]  # the deck's own object: one per card
            table[rank_text + suit_text] = table[rank_text + suit_text + "\ufe0f"] = card
    for unknown in ("??", "?", "X", "x"):
        table[unknown] = None
    return table


CARD_TABLE = _card_table()
"""Every way the format writes one card (``As``, ``10♦``, ``??``) -> the card (None: unknown)."""


_CARD = CARD_TABLE.__getitem__


def cards(text: str) -> tuple[Card | None, ...]:
    """A run of cards as the CARDS terminal matches it ("Qs 6h ??") -> cards (None: unknown)."""
    return tuple(map(_CARD, text.split()))


_POST_KIND: dict[str, PostKind] = {
    "small blind": "small-blind",
    "sb": "small-blind",
    "big blind": "big-blind",
    "bb": "big-blind",
    "ante": "ante",
    "dead": "dead",
    "straddle": "straddle",
}
_UNESCAPE = re.compile(r"\\(.)")
_HEADER_WORDS = {"fixed_limit": "bet", "spread_limit": "bet", "blinds": "blind", "rake": "rake"}
MAX_DRAW = 1000
"""A draw of more unknown cards than this is a parse error; below it, the replay judges any
count no hand can make (as it always did: the limit only stops a huge allocation)."""


def too_large(value: int | str, what: str) -> str:
    """Why ``value`` (an int, or the digits of a number too long to convert) cannot be
    ``what``: limits.amount_problem's words, without converting a number of more digits than
    limits.MAX_DIGITS.

    >>> too_large("1" * 30, "stack")
    'stack 111111111111111111111111111111 is above the largest amount, 2^53'
    """
    digits = str(value).lstrip("0") or "0"
    if len(digits) > MAX_DIGITS:
        shown = digits if len(digits) <= 40 else f"{digits[:40]}… ({len(digits):,} digits)"
        return f"{what} {shown} is above the largest amount, 2^53"
    return amount_problem(int(digits), what) or f"{what} {digits} is not an amount"


def short(name: str, limit: int = 40) -> str:
    """A name as shown in an error message: a huge name must not make a huge message."""
    return name if len(name) <= limit else name[:limit] + "…"


def unquote(text: str) -> str:
    """The value of a ``"quoted"`` name or text (``\\"`` and ``\\\\`` are escapes)."""
    return _UNESCAPE.sub(r"\1", text[1:-1])


class FormatError(Exception):
    """Raised inside the transformer for a well-formed line that means nothing sensible."""

    def __init__(self, message: str, pos: Position) -> None:
        super().__init__(message)
        self.message = message
        self.pos = pos


class _PostsNone:
    """Marker for a ``posts none`` line."""


POSTS_NONE = _PostsNone()

Named = tuple[str, Position]
"""A player's name as written, and where it stands."""
_E = TypeVar("_E")
Placed = tuple[_E, Position]
"""An event of a line Lark read, and where its entry is written (the event carries none)."""


@frozen_fields
class TooLarge:
    """A number above limits.MAX_AMOUNT as written (never converted when it has more digits
    than limits.MAX_DIGITS), for the entry that took it to name it: ``call 9007… is above``.
    Frozen as the model's values are (:mod:`badugi_ledger.model.frozen`): nothing compiled."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    digits: str
    pos: Position

    def __init__(self, digits: str, pos: Position) -> None:
        object.__setattr__(self, "__dict__", {"digits": digits, "pos": pos})


Number = int | TooLarge


@overload
def checked(value: Number, what: str, pos: Position) -> int: ...
@overload
def checked(value: None, what: str, pos: Position) -> None: ...
@overload
def checked(value: Number | None, what: str, pos: Position) -> int | None: ...
def checked(value: Number | None, what: str, pos: Position) -> int | None:
    """``value`` as an amount, count or id named ``what``; FormatError for one above
    limits.MAX_AMOUNT, at the number (``pos`` for an int the fast path converted)."""
    if value is None or (type(value) is int and value <= MAX_AMOUNT):
        return value
    if isinstance(value, TooLarge):
        raise FormatError(too_large(value.digits, what), value.pos)
    raise FormatError(too_large(value, what), pos)


# ---------------------------------------------------------------- the typed constructors

_new = object.__new__


def position(source: str, line: int, column: int) -> Position:
    """``Position(source, line, column)``, built without the frozen dataclass's generated
    ``__init__``, which sets each field through ``object.__setattr__`` (one call per field):
    a reader makes one position per entry, and filling the new instance's dictionary costs
    a fifth less.  The object is the
    dataclass's own (equality, hash, ``repr``; tests/text/test_parse_speed.py holds it equal
    to the constructor's)."""
    at = _new(Position)
    fields = at.__dict__
    fields["source"] = source
    fields["line"] = line
    fields["column"] = column
    return at


def make_action(
    who: Named, verb: Verb, amount: Number | None = None, all_in: bool = False
) -> Action:
    """``Dan folds``, ``Dan calls 4``, ``Dan raises to 8 all-in``, …"""
    return Action(who[0], verb, checked(amount, verb, who[1]), all_in)


def make_post(who: Named, kind: str, amount: Number | None, all_in: bool) -> Post:
    """``Dan posts sb``, ``Dan posts big blind 2 all-in``: ``kind`` as written."""
    post_kind = _POST_KIND[" ".join(kind.split())]  # ("small  blind": one space)
    amount = checked(amount, post_kind.replace("-", " "), who[1])
    return Post(who[0], post_kind, amount, all_in)


def make_show(who: Named, cards: tuple[Card | None, ...]) -> Show:
    return Show(who[0], cards)


def make_muck(who: Named) -> Muck:
    return Muck(who[0])


def make_collect(who: Named, amount: Number, pot: str | None) -> Collect:
    """``Dan collects 20`` or ``Dan collects 20 from side 1``."""
    return Collect(who[0], checked(amount, "collected amount", who[1]), pot)


def make_stack_change(who: Named, kind: StackChangeKind, amount: Number) -> StackChange:
    """``Dan rebuys 40``, ``tops up``, ``adds on``, ``cashes out``."""
    return StackChange(who[0], checked(amount, kind, who[1]), kind)


def make_sit_out(who: Named) -> SitOut:
    return SitOut(who[0])


def make_pot_total(at: Position, amount: Number) -> PotTotal:
    return PotTotal(checked(amount, "pot", at))


def make_carry(at: Position, amount: Number) -> CarryOut:
    return CarryOut(checked(amount, "carry", at))


def make_carry_in(at: Position, amount: Number) -> CarryIn:
    return CarryIn(checked(amount, "carried-in pot", at))


def make_rake(at: Position, amount: Number) -> RakeTaken:
    return RakeTaken(checked(amount, "rake", at))


def make_deal(who: Named, cards: tuple[Card | None, ...]) -> Deal:
    return Deal(who[0], cards)


def make_pat(who: Named) -> Draw:
    return Draw(who[0], (), ())


def make_draw_count(who: Named, count: Number, received: tuple[Card | None, ...] | None) -> Draw:
    """``Dan 2`` (two unknown cards) or ``Dan 2 -> 8s 5c``."""
    name, pos = who
    if type(count) is not int or (received is None and count > MAX_DRAW):
        # (None,) * count would exhaust memory or overflow
        written = count.digits if isinstance(count, TooLarge) else str(count)
        message = f"{short(name)} draws {short(written)} cards: far more than a deck"
        raise FormatError(message, pos)
    if received is None:
        unknown = (None,) * count
        return Draw(name, unknown, unknown)
    if len(received) != count:  # before the unknown cards are made: a count may be huge
        raise FormatError(
            f"{short(name)} draws {count} but receives {len(received)} card(s): "
            "a draw receives as many cards as it discards",
            pos,
        )
    return Draw(name, (None,) * count, received)


def make_draw_cards(
    who: Named, discards: tuple[Card | None, ...], received: tuple[Card | None, ...] | None
) -> Draw:
    """``Dan Ks Qd`` (receiving unknown cards) or ``Dan Ks Qd -> 8s 5c``."""
    name, pos = who
    if received is None:
        return Draw(name, discards, (None,) * len(discards))
    if len(received) != len(discards):
        raise FormatError(
            f"{short(name)} discards {len(discards)} but receives {len(received)} card(s): "
            "a draw receives as many cards as it discards",
            pos,
        )
    return Draw(name, discards, received)


def make_buy(
    who: Named,
    discard: tuple[Card | None, ...],
    received: tuple[Card | None, ...],
    price: Number | None,
) -> Buy:
    """``buy: Dan Kd -> 2c for 1`` (Progressive Badugi with a Buy, ``002``)."""
    name, pos = who
    if len(discard) != 1 or len(received) != 1:
        raise FormatError(f"{short(name)}: a buy replaces exactly one card (Kd -> 2c)", pos)
    return Buy(name, discard[0], received[0], checked(price, "buy price", pos))


def make_final(who: Named, amount: Number) -> FinalStack:
    """``final: Dan 120``: an entry of every hand's last line."""
    return FinalStack(who[0], checked(amount, "final stack", who[1]))


def make_seat(number: Number | None, who: Named, stack: Number | None) -> tuple[Seat, Position]:
    """A seat of the hand line (``2 Ben 40``), and where its name stands."""
    name, pos = who
    return Seat(name, checked(stack, "stack", pos), checked(number, "seat number", pos)), pos


def make_hand(hand_id: Named) -> RawHand:
    """The hand line's ``hand 7``; its seats and button are added in order."""
    return RawHand(hand_id[0], hand_id[1], None, [], [], [])


@dataclass(init=False, eq=False, repr=False)
class RawHand:
    """A hand as read, before the reader checks it as a whole and makes its record.  Its
    ``__init__`` written out, equality and ``repr`` the model's (:mod:`badugi_ledger.model.frozen`):
    a class made at every start compiles no method."""

    __eq__, __repr__ = fields_eq, fields_repr
    __hash__ = None  # type: ignore[assignment]  # mutable: unhashable, as the dataclass's

    hand_id: str
    pos: Position
    button: Named | None
    seats: list[Seat]
    seat_pos: list[Position] | LinePositions
    """Where each seat is written: a list Lark's transformer fills (:meth:`add_seat`), or the
    fast path's packed positions (:meth:`.plainlines.PlainLines.hand_line`)."""
    parts: list[Any]
    """One item per body line Lark read: its list of events with their positions
    (:data:`Placed`), or POSTS_NONE."""

    def __init__(
        self,
        hand_id: str,
        pos: Position,
        button: Named | None,
        seats: list[Seat],
        seat_pos: list[Position] | LinePositions,
        parts: list[Any],
    ) -> None:
        self.hand_id = hand_id
        self.pos = pos
        self.button = button
        self.seats = seats
        self.seat_pos = seat_pos
        self.parts = parts

    def add_button(self, who: Named) -> None:
        if self.button is not None:
            raise FormatError("the button is named twice", who[1])
        self.button = who

    def add_seat(self, seat: Seat, pos: Position) -> None:
        assert isinstance(self.seat_pos, list)  # (a hand Lark reads, or the fast path's seats)
        self.seats.append(seat)
        self.seat_pos.append(pos)


# ---------------------------------------------------------------- the Lark transformer


class EventBuilder:
    """The transformer run inside the LALR parser: each grammar alternative's children become
    one call of a typed constructor, given with where its entry is written (:data:`Placed`:
    the entry's name, or its ``pot``/``carry``/``raked`` word); no tree is built.

    ``src`` and ``line_of`` (the file line of each line Lark sees, by Lark's line number) are
    set before each chunk.  Terminal callbacks (NAME, NUMBER, CARDS, TEXT, STRING) run once per
    token.
    """

    def __init__(self) -> None:
        self.src = "<text>"
        self.line_of: list[int] = [0, 1]

    # terminals -------------------------------------------------------------
    def NAME(self, tok: Token) -> Named:  # noqa: N802 - Lark terminal callback
        value = tok.value
        if value[0] == '"':
            value = unquote(value)
        return value, Position(self.src, self.line_of[tok.line], tok.column)  # type: ignore

    def NUMBER(self, tok: Token) -> Number:  # noqa: N802
        """The number's value; a number above MAX_AMOUNT stays :class:`TooLarge` (never
        converted when it has more digits than MAX_AMOUNT), for the entry to name it."""
        digits = tok.value.lstrip("0") or "0"  # int() refuses 4,300 characters, zeros too
        if len(digits) <= MAX_DIGITS:
            value = int(digits)
            if value <= MAX_AMOUNT:
                return value
        at = Position(self.src, self.line_of[tok.line], tok.column)  # type: ignore
        return TooLarge(tok.value, at)

    def CARDS(self, tok: Token) -> tuple[Card | None, ...]:  # noqa: N802
        return cards(tok.value)

    def TEXT(self, tok: Token) -> str:  # noqa: N802
        return tok.value.rstrip()

    def STRING(self, tok: Token) -> str:  # noqa: N802
        return unquote(tok.value)

    def POST_KIND(self, tok: Token) -> str:  # noqa: N802
        return tok.value

    # the words of header items, as plain text (what the fast path reads too)
    GAME_NAME = WITH_A_BUY = ALWAYS = CURRENCY = DECIMAL = ODD_CHIP_RULE = POST_KIND
    ODD_CHIP_HALF = RESHUFFLE_RULE = YES_NO = QUALIFIER_RANK = DATE = POST_KIND
    HOUSE_KEY = HOUSE_VALUE = POST_KIND

    def HAND_ID(self, tok: Token) -> Named:  # noqa: N802
        return tok.value, Position(self.src, self.line_of[tok.line], 1)  # type: ignore

    def POT(self, tok: Token) -> Position:  # noqa: N802 - the position of 'pot', 'carry', 'raked'
        return Position(self.src, self.line_of[tok.line], tok.column)  # type: ignore

    CARRY = RAKED = MISSING = POT

    # player entries: ``c`` holds the alternative's children, [ALL_IN] is None when absent
    def fold(self, c: list[Any]) -> Placed[Action]:
        return make_action(c[0], "fold"), c[0][1]

    def check(self, c: list[Any]) -> Placed[Action]:
        return make_action(c[0], "check"), c[0][1]

    def call(self, c: list[Any]) -> Placed[Action]:
        return make_action(c[0], "call", c[1], c[2] is not None), c[0][1]

    def bet(self, c: list[Any]) -> Placed[Action]:
        return make_action(c[0], "bet", c[1], c[2] is not None), c[0][1]

    def raise_(self, c: list[Any]) -> Placed[Action]:
        return make_action(c[0], "raise", c[1], c[2] is not None), c[0][1]

    def post(self, c: list[Any]) -> Placed[Post]:
        return make_post(c[0], c[1], c[2], c[3] is not None), c[0][1]

    def show(self, c: list[Any]) -> Placed[Show]:
        return make_show(c[0], c[1]), c[0][1]

    def muck(self, c: list[Any]) -> Placed[Muck]:
        return make_muck(c[0]), c[0][1]

    def collect(self, c: list[Any]) -> Placed[Collect]:
        return make_collect(c[0], c[1], c[2]), c[0][1]

    def rebuy(self, c: list[Any]) -> Placed[StackChange]:
        return make_stack_change(c[0], "rebuy", c[1]), c[0][1]

    def top_up(self, c: list[Any]) -> Placed[StackChange]:
        return make_stack_change(c[0], "top-up", c[1]), c[0][1]

    def add_on(self, c: list[Any]) -> Placed[StackChange]:
        return make_stack_change(c[0], "add-on", c[1]), c[0][1]

    def cash_out(self, c: list[Any]) -> Placed[StackChange]:
        return make_stack_change(c[0], "cash-out", c[1]), c[0][1]

    def sit_out(self, c: list[Any]) -> Placed[SitOut]:
        return make_sit_out(c[0]), c[0][1]

    def pot_total(self, c: list[Any]) -> Placed[PotTotal]:
        return make_pot_total(c[0], c[1]), c[0]

    def carry(self, c: list[Any]) -> Placed[CarryOut]:
        return make_carry(c[0], c[1]), c[0]

    def carry_in(self, c: list[Any]) -> Placed[CarryIn]:
        return make_carry_in(c[0], c[1]), c[0]

    def missing_hands(self, c: list[Any]) -> Placed[HandsMissing]:
        return HandsMissing(), c[0]

    def raked(self, c: list[Any]) -> Placed[RakeTaken]:
        return make_rake(c[0], c[1]), c[0]

    def entries(self, c: list[Any]) -> list[Any]:
        """``entries: entry | entries _SEP entry`` (and the card lines): a growing list."""
        if len(c) == 1:
            return c
        c[0].append(c[1])
        return c[0]

    # card lines --------------------------------------------------------------
    def deal_entry(self, c: list[Any]) -> Placed[Deal]:
        return make_deal(c[0], c[1]), c[0][1]

    def draw_pat(self, c: list[Any]) -> Placed[Draw]:
        return make_pat(c[0]), c[0][1]

    def draw_count(self, c: list[Any]) -> Placed[Draw]:
        return make_draw_count(c[0], c[1], c[2]), c[0][1]

    def draw_cards(self, c: list[Any]) -> Placed[Draw]:
        return make_draw_cards(c[0], c[1], c[2]), c[0][1]

    def buy_entry(self, c: list[Any]) -> Placed[Buy]:
        return make_buy(c[0], c[1], c[2], c[3]), c[0][1]

    def final_entry(self, c: list[Any]) -> Placed[FinalStack]:
        return make_final(c[0], c[1]), c[0][1]

    deal_line = draw_line = buy_line = show_line = final_line = header_items = entries

    def posts_none(self, c: list[Any]) -> _PostsNone:
        return POSTS_NONE

    # the hand line and the hand ----------------------------------------------
    def button(self, c: list[Any]) -> tuple[str, Named]:
        return ("button", c[0])

    def seat(self, c: list[Any]) -> tuple[Seat, Position]:
        return make_seat(c[0], c[1], c[2])

    def hand_line(self, c: list[Any]) -> RawHand:
        """``hand_line: "hand" HAND_ID | hand_line _SEP hand_item``."""
        if len(c) == 1:
            return make_hand(c[0])
        raw: RawHand = c[0]
        item = c[1]
        if item[0] == "button":
            raw.add_button(item[1])
        else:
            raw.add_seat(*item)
        return raw

    def hand(self, c: list[Any]) -> RawHand:
        """``hand: hand_line _NL | hand body_line _NL``: one part per body line."""
        raw: RawHand = c[0]
        if len(c) == 2:
            raw.parts.append(c[1])
        return raw

    def header(self, c: list[Any]) -> list[tuple[str, list[Any]]]:
        return c[0]

    def __default__(self, data: str, children: list[Any], meta: Any) -> Any:
        if data.startswith("_"):  # Lark's helper rules for repetitions: expanded by the parent
            from lark import Tree  # only Lark calls this: Lark is loaded

            return Tree(data, children)
        for child in children:  # a header item's numbers: amounts, counts, percentages
            if isinstance(child, TooLarge):
                checked(child, _HEADER_WORDS.get(data, data.replace("_", "-")), NOWHERE)
        return (data, children)  # a header item, applied by textheaders.SettingsState.apply
