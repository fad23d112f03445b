"""What each body line of the hand-history format becomes: the Lark transformer.

:class:`EventBuilder` runs inside the LALR parser (Lark's ``transformer=`` option), so no parse
tree is ever built: terminal callbacks turn tokens into names with positions, numbers and card
tuples, and each grammar alternative builds one frozen event.  It checks only what one entry
can tell (a draw receiving as many cards as it discards, a buy of one card); everything that
needs the whole hand is the reader's (:mod:`badugi_ledger.text.parse`) or the replay's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lark import Token, Tree

from ..model.cards import SUIT_SYMBOLS, Card
from ..model.errors import NOWHERE, Position
from ..model.events import (
    Action,
    Buy,
    CarryOut,
    Collect,
    Deal,
    Draw,
    FinalStack,
    Muck,
    Post,
    PostKind,
    PotTotal,
    RakeTaken,
    Seat,
    Show,
    SitOut,
    StackChange,
)
from ..model.limits import MAX_AMOUNT, MAX_DIGITS, amount_problem

__all__ = ["POSTS_NONE", "EventBuilder", "FormatError", "RawHand", "short", "unquote"]

# ---------------------------------------------------------------- cards as one table lookup


def _card_table() -> dict[str, Card | None]:
    ranks = {"A": 1, "T": 10, "10": 10, "J": 11, "Q": 12, "K": 13}
    ranks.update({str(r): r for r in range(2, 10)})
    ranks.update({k.lower(): v for k, v in ranks.items()})
    suits = {s: s for s in "cdhs"} | {s.upper(): s for s in "cdhs"} | dict(SUIT_SYMBOLS)
    table: dict[str, Card | None] = {}
    for rank_text, rank in ranks.items():
        for suit_text, suit in suits.items():
            card = Card(rank, suit)
            table[rank_text + suit_text] = table[rank_text + suit_text + "\ufe0f"] = card
    for unknown in ("??", "?", "X", "x"):
        table[unknown] = None
    return table


CARD_TABLE = _card_table()
"""Every way the format writes one card (``As``, ``10♦``, ``??``) -> the card (None: unknown)."""


def cards(text: str) -> tuple[Card | None, ...]:
    """A run of cards as the CARDS terminal matches it ("Qs 6h ??") -> cards (None: unknown)."""
    return tuple([CARD_TABLE[t] for t in text.split()])


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


@dataclass
class RawHand:
    hand_id: str
    pos: Position
    button: tuple[str, Position] | None
    seats: list[Seat]
    seat_pos: list[Position]
    parts: list[Any]
    """One item per body line: its list of events, or POSTS_NONE."""


class EventBuilder:
    """The transformer run inside the LALR parser: builds events, never a tree.

    ``src`` and ``line_of`` (the file line of each line Lark sees, by Lark's line number) are
    set before each chunk.  Terminal callbacks (NAME, NUMBER, CARDS, TEXT, STRING) run once per
    token.
    """

    def __init__(self) -> None:
        self.src = "<text>"
        self.line_of: list[int] = [0, 1]

    # terminals -------------------------------------------------------------
    def NAME(self, tok: Token) -> tuple[str, Position]:  # noqa: N802 - Lark terminal callback
        value = tok.value
        if value[0] == '"':
            value = unquote(value)
        return value, Position(self.src, self.line_of[tok.line], tok.column)  # type: ignore

    def NUMBER(self, tok: Token) -> int | Token:  # noqa: N802
        """The number's value; a number above MAX_AMOUNT stays a token (never converted when
        it has more digits than MAX_AMOUNT), for the rule that took it to name it (:meth:`_n`)."""
        digits = tok.value.lstrip("0") or "0"  # int() refuses 4,300 characters, zeros too
        if len(digits) <= MAX_DIGITS:
            value = int(digits)
            if value <= MAX_AMOUNT:
                return value
        return tok

    def _n(self, value: Any, what: str, pos: Position) -> Any:
        """``value`` (an int, a too-large NUMBER token or None) as an amount, count or id named
        ``what``: raises FormatError, at the number, for one above limits.MAX_AMOUNT."""
        if value is None or (type(value) is int and value <= MAX_AMOUNT):
            return value
        raise FormatError(too_large(value, what), self._at(value, pos))

    def _at(self, value: Any, pos: Position) -> Position:
        """Where a NUMBER token stands; ``pos`` for a value the fast path converted."""
        if isinstance(value, Token):
            return Position(self.src, self.line_of[value.line], value.column)  # type: ignore
        return pos

    def CARDS(self, tok: Token) -> tuple[Card | None, ...]:  # noqa: N802
        return cards(tok.value)

    def TEXT(self, tok: Token) -> str:  # noqa: N802
        return tok.value.rstrip()

    def STRING(self, tok: Token) -> str:  # noqa: N802
        return unquote(tok.value)

    def POST_KIND(self, tok: Token) -> str:  # noqa: N802
        return tok.value

    def HAND_ID(self, tok: Token) -> tuple[str, Position]:  # noqa: N802
        return tok.value, Position(self.src, self.line_of[tok.line], 1)  # type: ignore

    def POT(self, tok: Token) -> Position:  # noqa: N802 - the position of 'pot', 'carry', 'raked'
        return Position(self.src, self.line_of[tok.line], tok.column)  # type: ignore

    CARRY = RAKED = POT

    # player entries ----------------------------------------------------------
    def fold(self, c: list[Any]) -> Action:
        return Action(c[0][0], "fold", None, False, c[0][1])

    def check(self, c: list[Any]) -> Action:
        return Action(c[0][0], "check", None, False, c[0][1])

    def call(self, c: list[Any]) -> Action:
        return Action(c[0][0], "call", self._n(c[1], "call", c[0][1]), c[2] is not None, c[0][1])

    def bet(self, c: list[Any]) -> Action:
        return Action(c[0][0], "bet", self._n(c[1], "bet", c[0][1]), c[2] is not None, c[0][1])

    def raise_(self, c: list[Any]) -> Action:
        amount = self._n(c[1], "raise", c[0][1])
        return Action(c[0][0], "raise", amount, c[2] is not None, c[0][1])

    def post(self, c: list[Any]) -> Post:
        kind = _POST_KIND[c[1]]
        amount = self._n(c[2], kind.replace("-", " "), c[0][1])
        return Post(c[0][0], kind, amount, c[3] is not None, c[0][1])

    def show(self, c: list[Any]) -> Show:
        return Show(c[0][0], c[1], c[0][1])

    def muck(self, c: list[Any]) -> Muck:
        return Muck(c[0][0], c[0][1])

    def collect(self, c: list[Any]) -> Collect:
        return Collect(c[0][0], self._n(c[1], "collected amount", c[0][1]), c[2], c[0][1])

    def rebuy(self, c: list[Any]) -> StackChange:
        return StackChange(c[0][0], self._n(c[1], "rebuy", c[0][1]), "rebuy", c[0][1])

    def top_up(self, c: list[Any]) -> StackChange:
        return StackChange(c[0][0], self._n(c[1], "top-up", c[0][1]), "top-up", c[0][1])

    def add_on(self, c: list[Any]) -> StackChange:
        return StackChange(c[0][0], self._n(c[1], "add-on", c[0][1]), "add-on", c[0][1])

    def cash_out(self, c: list[Any]) -> StackChange:
        return StackChange(c[0][0], self._n(c[1], "cash-out", c[0][1]), "cash-out", c[0][1])

    def sit_out(self, c: list[Any]) -> SitOut:
        return SitOut(c[0][0], c[0][1])

    def pot_total(self, c: list[Any]) -> PotTotal:
        return PotTotal(self._n(c[1], "pot", c[0]), c[0])

    def carry(self, c: list[Any]) -> CarryOut:
        return CarryOut(self._n(c[1], "carry", c[0]), c[0])

    def raked(self, c: list[Any]) -> RakeTaken:
        return RakeTaken(self._n(c[1], "rake", c[0]), c[0])

    def entries(self, c: list[Any]) -> list[Any]:
        """``entries: entry | entries _SEP entry`` (and the card lines): a growing list."""
        if len(c) == 1:
            return c
        c[0].append(c[1])
        return c[0]

    # card lines --------------------------------------------------------------
    def deal_entry(self, c: list[Any]) -> Deal:
        return Deal(c[0][0], c[1], c[0][1])

    def draw_pat(self, c: list[Any]) -> Draw:
        return Draw(c[0][0], (), (), c[0][1])

    def draw_count(self, c: list[Any]) -> Draw:
        (name, pos), count, received = c
        if type(count) is not int or (received is None and count > MAX_DRAW):
            # (None,) * count would exhaust memory or overflow
            message = f"{short(name)} draws {short(str(count))} cards: far more than a deck"
            raise FormatError(message, pos)
        if received is None:
            unknown = (None,) * count
            return Draw(name, unknown, unknown, pos)
        unknown = (None,) * count
        if len(received) != count:
            raise FormatError(
                f"{short(name)} draws {count} but receives {len(received)} card(s): "
                "a draw receives as many cards as it discards",
                pos,
            )
        return Draw(name, unknown, received, pos)

    def draw_cards(self, c: list[Any]) -> Draw:
        (name, pos), discards, received = c
        if received is None:
            return Draw(name, discards, (None,) * len(discards), pos)
        if len(received) != len(discards):
            raise FormatError(
                f"{short(name)} discards {len(discards)} but receives {len(received)} card(s): "
                "a draw receives as many cards as it discards",
                pos,
            )
        return Draw(name, discards, received, pos)

    def buy_entry(self, c: list[Any]) -> Buy:
        (name, pos), discard, received, price = c
        if len(discard) != 1 or len(received) != 1:
            raise FormatError(f"{short(name)}: a buy replaces exactly one card (Kd -> 2c)", pos)
        return Buy(name, discard[0], received[0], self._n(price, "buy price", pos), pos)

    def final_entry(self, c: list[Any]) -> FinalStack:
        return FinalStack(c[0][0], self._n(c[1], "final stack", c[0][1]), c[0][1])

    deal_line = draw_line = buy_line = show_line = final_line = header_items = entries

    def posts_none(self, c: list[Any]) -> _PostsNone:
        return POSTS_NONE

    # the hand line and the hand ----------------------------------------------
    def button(self, c: list[Any]) -> tuple[str, str, Position]:
        return ("button", c[0][0], c[0][1])

    def seat(self, c: list[Any]) -> tuple[Seat, Position]:
        number, (name, pos), stack = c
        number, stack = self._n(number, "seat number", pos), self._n(stack, "stack", pos)
        return Seat(name, stack, number), pos

    def hand_line(self, c: list[Any]) -> RawHand:
        """``hand_line: "hand" HAND_ID | hand_line _SEP hand_item``."""
        if len(c) == 1:
            hand_id, pos = c[0]
            return RawHand(hand_id, pos, None, [], [], [])
        raw: RawHand = c[0]
        item = c[1]
        if item[0] == "button":
            if raw.button is not None:
                raise FormatError("the button is named twice", item[2])
            raw.button = (item[1], item[2])
        else:
            raw.seats.append(item[0])
            raw.seat_pos.append(item[1])
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
            return Tree(data, children)
        for child in children:  # a header item's numbers: amounts, counts, percentages
            if isinstance(child, Token) and child.type == "NUMBER":
                self._n(child, _HEADER_WORDS.get(data, data.replace("_", "-")), NOWHERE)
        return (data, children)  # a header item, applied by textheaders.SettingsState.apply
