"""The fast path of the reader: plain lines of a hand read without Lark.

Nearly every line of a real history is plain (``Dan calls · Anna raises to 8``).  Lark's lexer
and LALR parser cost far more per token than splitting such a line at its separators and
spaces, so :class:`PlainLines` reads those shapes itself and builds their events through the
typed constructors of :mod:`badugi_ledger.text.transformer` (``make_action``, …), with the values
Lark's transformer hands them; every line it is unsure of goes to Lark
(:mod:`badugi_ledger.text.parse`), which stays the one definition of the format and the one source
of error messages.  ``tests/text/test_parse_speed.py`` proves both readings equal.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..model.cards import Card
from ..model.errors import Position
from ..model.events import Event, StackChangeKind
from ..model.limits import MAX_DIGITS
from .transformer import (
    CARD_TABLE,
    FormatError,
    RawHand,
    make_action,
    make_carry,
    make_collect,
    make_deal,
    make_draw_cards,
    make_draw_count,
    make_final,
    make_hand,
    make_muck,
    make_pat,
    make_post,
    make_pot_total,
    make_rake,
    make_seat,
    make_show,
    make_sit_out,
    make_stack_change,
)

# ---------------------------------------------------------------- the fast path for plain lines
_KEYWORD_LINE = re.compile(r"[ \t]*(?:(deal|draw|buy|show|final)(?=[ \t:])[ \t]*:?)?")
_SEPARATOR = re.compile(r"[·•;]")
# Quotes, comments, byte-order marks, any white space but spaces and tabs, numbers longer than
# any amount (Lark's reading names them in its error).
_NOT_PLAIN = re.compile(f'["#\\ufeff]|[^\\S \\t\\n]|\\d{{{MAX_DIGITS + 1}}}')
_ARROWS = frozenset({"->", "→"})
_POST_WORDS = frozenset({"sb", "bb", "ante", "dead", "straddle"})  # one-word POST_KINDs


class _Decline(Exception):
    """Raised by the fast path for a shape it leaves to Lark."""


class PlainLines:
    """Reads the plain shapes of hand lines and body lines without Lark, building events
    through the typed constructors Lark's transformer calls, with the same values.

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
      checked by tests/text/test_parse_speed.py);
    * it knows the common entries (actions, one-word posts, collects, shows, mucks, draws,
      deals, finals, pot totals, carries, rake, rebuys, top-ups, add-ons, cash-outs, sitting
      out); ``small blind``/``big blind`` posts, buys and anything unusual go to Lark;
    * a line whose builder method raises :class:`FormatError` goes to Lark too, so errors keep
      their order.  tests/text/test_parse_speed.py proves both readers equal on simulated, mutated
      and real (converted corpus) text.
    """

    def __init__(self, pattern: Any, keywords: frozenset[str]) -> None:
        """``pattern(NAME)`` gives a terminal's regular expression; ``keywords`` are every
        literal word of the grammar."""
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

    def body_line(self, line: str, src: str, lineno: int) -> list[Event] | None:
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

    def _entry(self, t: list[str], entry: str, src: str, lineno: int, column: int) -> Event:
        n = len(t)
        pos = Position(src, lineno, column)
        if n < 2:
            raise _Decline
        word, verb = t[0], t[1]
        if word in _TOTALS and n == 2 and verb.isdecimal():
            return _TOTALS[word](pos, int(verb))
        who = (self._name(word), pos)
        if n == 2 and (verb == "folds" or verb == "checks"):
            return make_action(who, "fold" if verb == "folds" else "check")
        if n == 2 and verb == "mucks":
            return make_muck(who)
        if verb == "calls" or verb == "bets":
            amount, allin = _amount(t, 2)
            return make_action(who, "call" if verb == "calls" else "bet", amount, allin)
        if verb == "raises":
            if n >= 4 and t[2] == "to" and t[3].isdecimal():
                amount, allin = _amount(t, 4, with_number=False)
                return make_action(who, "raise", int(t[3]), allin)
            amount, allin = _amount(t, 2, with_number=False)
            return make_action(who, "raise", None, allin)
        if verb == "shows" and n > 2:
            return make_show(who, _cards(t, 2, n))
        if verb == "collects" and n >= 3 and t[2].isdecimal():
            if n == 3:
                return make_collect(who, int(t[2]), None)
            m = self.text_re.fullmatch(entry) if n > 4 and t[3] == "from" else None
            if m is None:
                raise _Decline
            return make_collect(who, int(t[2]), m.group(1).rstrip())
        if verb == "posts" and n >= 3 and t[2] in _POST_WORDS:
            amount, allin = _amount(t, 3)
            return make_post(who, t[2], amount, allin)
        if verb == "rebuys" and n == 3 and t[2].isdecimal():
            return make_stack_change(who, "rebuy", int(t[2]))
        if n == 4 and (verb, t[2]) in _TWO_WORDS and t[3].isdecimal():
            return make_stack_change(who, _TWO_WORDS[verb, t[2]], int(t[3]))
        if n == 3 and verb == "sits" and t[2] == "out":
            return make_sit_out(who)
        raise _Decline

    def _draw(self, t: list[str], entry: str, src: str, lineno: int, column: int) -> Event:
        n = len(t)
        if n < 2:
            raise _Decline
        who = (self._name(t[0]), Position(src, lineno, column))
        if n == 2 and t[1] == "pat":
            return make_pat(who)
        arrow = next((i for i in range(1, n) if t[i] in _ARROWS), n)
        got = None if arrow == n else _cards(t, arrow + 1, n)
        if arrow == 2 and t[1].isdecimal():
            return make_draw_count(who, int(t[1]), got)
        return make_draw_cards(who, _cards(t, 1, arrow), got)

    def _deal(self, t: list[str], entry: str, src: str, lineno: int, column: int) -> Event:
        who = (self._name(t[0]), Position(src, lineno, column))
        return make_deal(who, _cards(t, 1, len(t)))

    def _show(self, t: list[str], entry: str, src: str, lineno: int, column: int) -> Event:
        who = (self._name(t[0]), Position(src, lineno, column))
        if len(t) == 2 and t[1] == "mucks":
            return make_muck(who)
        return make_show(who, _cards(t, 1, len(t)))

    def _final(self, t: list[str], entry: str, src: str, lineno: int, column: int) -> Event:
        if len(t) != 2 or not t[1].isdecimal():
            raise _Decline
        who = (self._name(t[0]), Position(src, lineno, column))
        return make_final(who, int(t[1]))

    def hand_line(self, line: str, src: str, lineno: int) -> RawHand | None:
        """The hand line read like Lark reads it, or None: Lark reads it."""
        if _NOT_PLAIN.search(line):
            return None
        try:
            pieces = self._pieces(line.rstrip(" \t\n"), 0)
            first = pieces[0][0].split()
            if len(first) != 2 or first[0] != "hand" or len(pieces) < 2:
                return None
            raw = make_hand((first[1], Position(src, lineno, 1)))
            for entry, column in pieces[1:]:
                t = entry.split()
                if t[0] == "button" and len(t) == 2:
                    at = column + len(entry) - len(t[1])
                    raw.add_button((self._name(t[1]), Position(src, lineno, at)))
                else:
                    number = int(t[0]) if t[0].isdecimal() else None
                    i = 0 if number is None else 1
                    stack = int(t[-1]) if len(t) > i + 1 and t[-1].isdecimal() else None
                    if len(t) != i + 1 + (stack is not None):
                        return None
                    at = column if number is None else column + entry.index(t[1], len(t[0]))
                    raw.add_seat(
                        *make_seat(number, (self._name(t[i]), Position(src, lineno, at)), stack)
                    )
        except (FormatError, _Decline):
            return None
        return raw


def _amount(t: list[str], i: int, *, with_number: bool = True) -> tuple[int | None, bool]:
    """``[NUMBER] [all-in]`` from token ``i`` to the end (without the number: ``[all-in]``)."""
    amount = None
    if with_number and len(t) > i and t[i].isdecimal():
        amount, i = int(t[i]), i + 1
    allin = False
    if len(t) > i and t[i] == "all-in":
        allin, i = True, i + 1
    if i != len(t):
        raise _Decline
    return amount, allin


def _cards(t: list[str], start: int, end: int) -> tuple[Card | None, ...]:
    """Tokens ``start:end`` as one run of cards (at least one), or decline."""
    if start >= end:
        raise _Decline
    try:
        return tuple([CARD_TABLE[c] for c in t[start:end]])
    except KeyError:
        raise _Decline from None


_TOTALS: dict[str, Callable[[Position, int], Event]] = {
    "pot": make_pot_total,
    "carry": make_carry,
    "raked": make_rake,
}
_TWO_WORDS: dict[tuple[str, str], StackChangeKind] = {
    ("tops", "up"): "top-up",
    ("adds", "on"): "add-on",
    ("cashes", "out"): "cash-out",
}
