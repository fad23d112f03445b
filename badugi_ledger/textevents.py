"""What each body line of the hand-history format becomes: the Lark transformer.

:class:`EventBuilder` runs inside the LALR parser (Lark's ``transformer=`` option), so no parse
tree is ever built: terminal callbacks turn tokens into names with positions, numbers and card
tuples, and each grammar alternative builds one frozen event.  It checks only what one entry
can tell (a draw receiving as many cards as it discards, a buy of one card); everything that
needs the whole hand is the reader's (:mod:`badugi_ledger.parse`) or the replay's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from lark import Token, Tree

from .cards import SUIT_SYMBOLS, Card
from .errors import Position
from .events import (
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


_CARD = _card_table()


def cards(text: str) -> tuple[Card | None, ...]:
    """A run of cards as the CARDS terminal matches it ("Qs 6h ??") -> cards (None: unknown)."""
    return tuple([_CARD[t] for t in text.split()])


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
MAX_DIGITS = 100
"""Longest number the reader takes (Python refuses to convert more than 4,300 digits)."""
MAX_DRAW = 1000
"""A draw of more unknown cards than this is a parse error; below it, the replay judges any
count no hand can make (as it always did: the limit only stops a huge allocation)."""


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

    def NUMBER(self, tok: Token) -> int:  # noqa: N802
        if len(tok.value) > MAX_DIGITS:
            pos = Position(self.src, self.line_of[tok.line], tok.column)  # type: ignore
            raise FormatError(f"a number has at most {MAX_DIGITS} digits", pos)
        return int(tok.value)

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
        return Action(c[0][0], "call", c[1], c[2] is not None, c[0][1])

    def bet(self, c: list[Any]) -> Action:
        return Action(c[0][0], "bet", c[1], c[2] is not None, c[0][1])

    def raise_(self, c: list[Any]) -> Action:
        return Action(c[0][0], "raise", c[1], c[2] is not None, c[0][1])

    def post(self, c: list[Any]) -> Post:
        return Post(c[0][0], _POST_KIND[c[1]], c[2], c[3] is not None, c[0][1])

    def show(self, c: list[Any]) -> Show:
        return Show(c[0][0], c[1], c[0][1])

    def muck(self, c: list[Any]) -> Muck:
        return Muck(c[0][0], c[0][1])

    def collect(self, c: list[Any]) -> Collect:
        return Collect(c[0][0], c[1], c[2], c[0][1])

    def rebuy(self, c: list[Any]) -> StackChange:
        return StackChange(c[0][0], c[1], "rebuy", c[0][1])

    def top_up(self, c: list[Any]) -> StackChange:
        return StackChange(c[0][0], c[1], "top-up", c[0][1])

    def add_on(self, c: list[Any]) -> StackChange:
        return StackChange(c[0][0], c[1], "add-on", c[0][1])

    def cash_out(self, c: list[Any]) -> StackChange:
        return StackChange(c[0][0], c[1], "cash-out", c[0][1])

    def sit_out(self, c: list[Any]) -> SitOut:
        return SitOut(c[0][0], c[0][1])

    def pot_total(self, c: list[Any]) -> PotTotal:
        return PotTotal(c[1], c[0])

    def carry(self, c: list[Any]) -> CarryOut:
        return CarryOut(c[1], c[0])

    def raked(self, c: list[Any]) -> RakeTaken:
        return RakeTaken(c[1], c[0])

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
        if received is None:
            if count > MAX_DRAW:  # (None,) * count would exhaust memory or overflow
                raise FormatError(f"{short(name)} draws {count} cards: far more than a deck", pos)
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
        return Buy(name, discard[0], received[0], price, pos)

    def final_entry(self, c: list[Any]) -> FinalStack:
        return FinalStack(c[0][0], c[1], c[0][1])

    deal_line = draw_line = buy_line = show_line = final_line = header_items = entries

    def posts_none(self, c: list[Any]) -> _PostsNone:
        return POSTS_NONE

    # the hand line and the hand ----------------------------------------------
    def button(self, c: list[Any]) -> tuple[str, str, Position]:
        return ("button", c[0][0], c[0][1])

    def seat(self, c: list[Any]) -> tuple[Seat, Position]:
        number, (name, pos), stack = c
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
        return (data, children)  # a header item, applied by textheaders.SettingsState.apply


# ---------------------------------------------------------------- the fast path for plain lines

_KEYWORD_LINE = re.compile(r"[ \t]*(?:(deal|draw|buy|show|final)(?=[ \t:])[ \t]*:?)?")
_SEPARATOR = re.compile(r"[·•;]")
# Quotes, comments, byte-order marks, any white space but spaces and tabs, too long numbers.
_NOT_PLAIN = re.compile(f'["#\\ufeff]|[^\\S \\t\\n]|\\d{{{MAX_DIGITS + 1}}}')
_ARROWS = frozenset({"->", "→"})
_POST_WORDS = {"sb": "sb", "bb": "bb", "ante": "ante", "dead": "dead", "straddle": "straddle"}


class _Decline(Exception):
    """Raised by the fast path for a shape it leaves to Lark."""


class PlainLines:
    """Reads the plain shapes of hand lines and body lines without Lark, calling the same
    :class:`EventBuilder` methods with the same values Lark would hand them.

    Why: nearly every real line is plain (``Dan calls · Anna raises to 8``), and Lark's lexer
    and parser cost far more per token than splitting a line at its separators and spaces.
    Every line the fast path is unsure of goes to Lark, so the grammar stays the one
    definition of the format and the one source of error messages:

    * it reads only lines without quotes, comments or byte-order marks, whose only white space
      is spaces and tabs (exactly what the grammar skips between tokens there), so splitting
      at white space cuts the tokens Lark's lexer cuts;
    * a name must match the grammar's NAME pattern and be no keyword of the grammar (Lark's
      contextual lexer decides what ``pot`` or ``draw`` is), a number is decimal digits like
      the NUMBER pattern, a card is a key of the card table (the CARDS pattern's cards,
      checked by tests/test_parse_speed.py);
    * it knows the common entries (actions, one-word posts, collects, shows, mucks, draws,
      deals, finals, pot totals, carries, rake, rebuys, top-ups, add-ons, cash-outs, sitting
      out); ``small blind``/``big blind`` posts, buys and anything unusual go to Lark;
    * a line whose builder method raises :class:`FormatError` goes to Lark too, so errors keep
      their order.  tests/test_parse_speed.py proves both readers equal on simulated, mutated
      and real (converted corpus) text.
    """

    def __init__(self, builder: EventBuilder, pattern: Any, keywords: frozenset[str]) -> None:
        """``pattern(NAME)`` gives a terminal's regular expression; ``keywords`` are every
        literal word of the grammar."""
        self.b = builder
        self.keywords = keywords
        self.name_re = re.compile(pattern("NAME"))
        self.text_re = re.compile(  # the pot an amount comes from: the grammar's TEXT
            f"\\S+[ \\t]+collects[ \\t]+\\d+[ \\t]+from[ \\t]+({pattern('TEXT')})"
        )
        self.names: dict[str, bool] = {}
        self.entry = {
            "": self._entry,
            "draw": self._draw,
            "deal": self._deal,
            "show": self._show,
            "final": self._final,
        }

    def _name(self, word: str) -> str:
        """``word`` if Lark would read it as a plain NAME token, else decline."""
        ok = self.names.get(word)
        if ok is None:
            ok = self.name_re.fullmatch(word) is not None and word not in self.keywords
            if len(self.names) > 10_000:
                self.names.clear()
            self.names[word] = ok
        if not ok:
            raise _Decline
        return word

    @staticmethod
    def _pieces(text: str, offset: int) -> list[tuple[str, int]]:
        """The entries of ``text`` (from ``offset`` of its line) with their 1-based columns."""
        out = []
        for piece in _SEPARATOR.split(text):
            entry = piece.strip(" \t")
            if not entry:
                raise _Decline
            out.append((entry, offset + len(piece) - len(piece.lstrip(" \t")) + 1))
            offset += len(piece) + 1
        return out

    def body_line(self, line: str, src: str, lineno: int) -> list[Any] | None:
        """The events of a plain body line, or None: Lark reads it."""
        if _NOT_PLAIN.search(line):
            return None
        head = _KEYWORD_LINE.match(line)
        kind = head.group(1) or "" if head else ""
        offset = head.end() if head else 0
        read = self.entry.get(kind)
        if read is None:
            return None
        try:
            return [
                read(entry.split(), entry, src, lineno, column)
                for entry, column in self._pieces(line[offset:].rstrip(" \t\n"), offset)
            ]
        except (FormatError, _Decline):
            return None

    def _entry(self, t: list[str], entry: str, src: str, lineno: int, column: int) -> Any:
        b, n = self.b, len(t)
        pos = Position(src, lineno, column)
        if n < 2:
            raise _Decline
        word, verb = t[0], t[1]
        if word in _TOTALS and n == 2 and verb.isdecimal():
            return getattr(b, _TOTALS[word])([pos, int(verb)])
        who = (self._name(word), pos)
        if n == 2 and verb in _NO_AMOUNT:
            return getattr(b, _NO_AMOUNT[verb])([who])
        if verb == "calls" or verb == "bets":
            amount, allin = _amount(t, 2)
            return (b.call if verb == "calls" else b.bet)([who, amount, allin])
        if verb == "raises":
            if n >= 4 and t[2] == "to" and t[3].isdecimal():
                amount, allin = _amount(t, 4, with_number=False)
                return b.raise_([who, int(t[3]), allin])
            amount, allin = _amount(t, 2, with_number=False)
            return b.raise_([who, None, allin])
        if verb == "shows" and n > 2:
            return b.show([who, _cards(t, 2, n)])
        if verb == "collects" and n >= 3 and t[2].isdecimal():
            if n == 3:
                return b.collect([who, int(t[2]), None])
            m = self.text_re.fullmatch(entry) if n > 4 and t[3] == "from" else None
            if m is None:
                raise _Decline
            return b.collect([who, int(t[2]), m.group(1).rstrip()])
        if verb == "posts" and n >= 3 and t[2] in _POST_WORDS:
            amount, allin = _amount(t, 3)
            return b.post([who, _POST_WORDS[t[2]], amount, allin])
        if verb in _AMOUNT and n == 3 and t[2].isdecimal():
            return getattr(b, _AMOUNT[verb])([who, int(t[2])])
        if n == 4 and (verb, t[2]) in _TWO_WORDS and t[3].isdecimal():
            return getattr(b, _TWO_WORDS[verb, t[2]])([who, int(t[3])])
        if n == 3 and verb == "sits" and t[2] == "out":
            return b.sit_out([who])
        raise _Decline

    def _draw(self, t: list[str], entry: str, src: str, lineno: int, column: int) -> Any:
        b, n = self.b, len(t)
        if n < 2:
            raise _Decline
        who = (self._name(t[0]), Position(src, lineno, column))
        if n == 2 and t[1] == "pat":
            return b.draw_pat([who])
        arrow = next((i for i in range(1, n) if t[i] in _ARROWS), n)
        got = None if arrow == n else _cards(t, arrow + 1, n)
        if arrow == 2 and t[1].isdecimal():
            return b.draw_count([who, int(t[1]), got])
        return b.draw_cards([who, _cards(t, 1, arrow), got])

    def _deal(self, t: list[str], entry: str, src: str, lineno: int, column: int) -> Any:
        who = (self._name(t[0]), Position(src, lineno, column))
        return self.b.deal_entry([who, _cards(t, 1, len(t))])

    def _show(self, t: list[str], entry: str, src: str, lineno: int, column: int) -> Any:
        who = (self._name(t[0]), Position(src, lineno, column))
        if len(t) == 2 and t[1] == "mucks":
            return self.b.muck([who])
        return self.b.show([who, _cards(t, 1, len(t))])

    def _final(self, t: list[str], entry: str, src: str, lineno: int, column: int) -> Any:
        if len(t) != 2 or not t[1].isdecimal():
            raise _Decline
        who = (self._name(t[0]), Position(src, lineno, column))
        return self.b.final_entry([who, int(t[1])])

    def hand_line(self, line: str, src: str, lineno: int) -> RawHand | None:
        """The hand line read like Lark reads it, or None: Lark reads it."""
        if _NOT_PLAIN.search(line):
            return None
        b = self.b
        try:
            pieces = self._pieces(line.rstrip(" \t\n"), 0)
            first = pieces[0][0].split()
            if len(first) != 2 or first[0] != "hand" or len(pieces) < 2:
                return None
            raw = b.hand_line([(first[1], Position(src, lineno, 1))])
            for entry, column in pieces[1:]:
                t = entry.split()
                item: Any
                if t[0] == "button" and len(t) == 2:
                    at = column + len(entry) - len(t[1])
                    item = b.button([(self._name(t[1]), Position(src, lineno, at))])
                else:
                    number = int(t[0]) if t[0].isdecimal() else None
                    i = 0 if number is None else 1
                    stack = int(t[-1]) if len(t) > i + 1 and t[-1].isdecimal() else None
                    if len(t) != i + 1 + (stack is not None):
                        return None
                    at = column if number is None else column + entry.index(t[1], len(t[0]))
                    item = b.seat([number, (self._name(t[i]), Position(src, lineno, at)), stack])
                raw = b.hand_line([raw, item])
        except (FormatError, _Decline):
            return None
        return raw


def _amount(t: list[str], i: int, *, with_number: bool = True) -> tuple[int | None, Any]:
    """``[NUMBER] [all-in]`` from token ``i`` to the end (without the number: ``[all-in]``)."""
    amount = None
    if with_number and len(t) > i and t[i].isdecimal():
        amount, i = int(t[i]), i + 1
    allin = None
    if len(t) > i and t[i] == "all-in":
        allin, i = "all-in", i + 1
    if i != len(t):
        raise _Decline
    return amount, allin


def _cards(t: list[str], start: int, end: int) -> tuple[Card | None, ...]:
    """Tokens ``start:end`` as one run of cards (at least one), or decline."""
    if start >= end:
        raise _Decline
    try:
        return tuple([_CARD[c] for c in t[start:end]])
    except KeyError:
        raise _Decline from None


_TOTALS = {"pot": "pot_total", "carry": "carry", "raked": "raked"}
_NO_AMOUNT = {"folds": "fold", "checks": "check", "mucks": "muck"}
_AMOUNT = {"rebuys": "rebuy"}
_TWO_WORDS = {("tops", "up"): "top_up", ("adds", "on"): "add_on", ("cashes", "out"): "cash_out"}
