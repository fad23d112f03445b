"""Header lines read without Lark: the items of ``game badugi · blinds 1/2`` as Lark's
transformer gives them (``("blinds", [1, 2])``), for :class:`~.plainlines.PlainLines`, whose
base :class:`PlainHeaders` is.

Why a module of its own: a header line is read by shapes of its own (one pattern per item,
by the item's first word, compiled the first time a file holds one), which share nothing with
a body line's entries but the pieces of the grammar's tokens they are written with - a
number, a TEXT, the white space between two tokens, what ends an item or an entry - which
are here, below the body lines' reader that builds its patterns from them too.  Every line
the shapes are unsure of goes to Lark, as a body line does.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from ..model.limits import MAX_AMOUNT, MAX_DIGITS
from .transformer import unquote

# The pieces of the fast path's patterns: of header items here, and of body and hand lines'
# entries (:mod:`.plainlines`).
# The text of a pot (``from side 1``): the grammar's TEXT with no white space but spaces and
# tabs, and without its trailing spaces (Lark's transformer strips them).
_TEXT_TOKEN = '[^\\s·•;#"\\ufeff](?:[ \\t]*[^\\s·•;#"\\ufeff])*'
_TEXT = f"({_TEXT_TOKEN})"
_S = r"[ \t]+"  # between two tokens of an entry
_DIGITS = f"[0-9]{{1,{MAX_DIGITS}}}"  # a NUMBER token (longer ones are not plain)
_NUMBER = f"({_DIGITS})"
# After an entry: a separator and the next entry, or the end of the line (a comment there is
# part of the grammar's _NL).
_END = r"[ \t]*(?:[·•;][ \t]*(?!\n?\Z)|(?:#[^\n]*)?\n?\Z)"
_ITEM_END = re.compile(_END)  # after a header item


class PlainHeaders:
    """Reads the plain shapes of header lines without Lark, into the items Lark's transformer
    gives (the base of :class:`~.plainlines.PlainLines`, which reads a night's other lines)."""

    def __init__(self, pattern: Any) -> None:
        """``pattern(NAME)`` gives a terminal's regular expression."""
        self._pieces = _Pieces(pattern)
        self._header_items: dict[str, list[tuple[str, re.Pattern[str]]]] = {}

    def header_line(self, line: str) -> list[tuple[str, list[Any]]] | None:
        """The items of a header line as Lark's transformer gives them (``("blinds", [1, 2])``:
        the item's rule and its values, numbers as ints, words and texts as strings), or None:
        Lark reads it."""
        if "\ufeff" in line:
            return None
        at = len(line) - len(line.lstrip(" \t"))
        items: list[tuple[str, list[Any]]] = []
        while at < len(line):
            word = _HEADER_WORD.match(line, at)
            item = _header_item(self._header_shapes(word[0]) if word else (), line, at)
            end = _ITEM_END.match(line, item[2]) if item is not None else None
            if item is None or end is None:
                return None
            items.append(item[:2])
            at = end.end()
        return items or None

    def _header_shapes(self, word: str) -> list[tuple[str, re.Pattern[str]]]:
        """The compiled shapes of the header items starting with ``word``, compiled the first
        time a line holds one (a file uses a few of them, and compiling costs more than
        reading a header line)."""
        shapes = self._header_items.get(word)
        if shapes is None:
            written = _HEADER_SHAPES.get(word, [])
            shapes = [(tag, re.compile(shape.format_map(self._pieces))) for tag, shape in written]
            self._header_items[word] = shapes
        return shapes


def _header_item(
    shapes: Iterable[tuple[str, re.Pattern[str]]], line: str, at: int
) -> tuple[str, list[Any], int] | None:
    """The header item at ``at`` in one of its ``shapes``: its rule, its values, and where the
    next item starts; or None."""
    for tag, shape in shapes:
        m = shape.match(line, at)
        if m is not None:
            values = _item_values(m)
            return None if values is None else (tag, values, m.end())
    return None


def _item_values(m: re.Match[str]) -> list[Any] | None:
    """The values of a header item's match (see _HEADER_SHAPES), or None: Lark reads it."""
    values: list[Any] = []
    for group, value in m.groupdict().items():
        kind = group[0]
        if value is None or kind == "w" or (kind == "d" and "." in value):
            values.append(value)
        elif kind == "t":
            values.append(unquote(value) if value[0] == '"' else value)
        else:  # "n" (or "d" without a point): a number, "p": numbers between slashes
            for digits in value.split("/") if kind == "p" else (value,):
                number = int(digits)
                if number > MAX_AMOUNT:
                    return None  # Lark names it at the number
                values.append(number)
    return values


_HEADER_WORD = re.compile(r"[a-z-]+")
# The shapes of header items, by their first word: (the rule Lark reduces, its pattern), tried
# in order.  Pieces in braces are the grammar's terminals (each an atomic group: the lexer
# matches a token once, never shorter to let what follows match); the groups are the item's
# values in order: n… a NUMBER, p… NUMBERs between slashes, w… a word as written, d… a DECIMAL
# as written or else a NUMBER, t… a TEXT or a "quoted" STRING.  What ends an item (a separator,
# a comment, the end of the line) is matched after it.  Everything else of the grammar's header
# items (no white space between tokens, numbers above the bound, …) is Lark's.
_HEADER_SHAPES: dict[str, list[tuple[str, str]]] = {
    "game": [("game", "game{S}(?P<w1>{GAME_NAME})(?:{S}(?P<w2>{WITH_A_BUY}))?")],
    "fixed": [("fixed_limit", "fixed{S}limit{S}(?P<n1>{N})[ \t]*/[ \t]*(?P<n2>{N})")],
    "pot": [("pot_limit", "pot{S}limit")],
    "half-pot": [("half_pot_limit", "half-pot{S}limit")],
    "no": [("no_limit", "no{S}limit")],
    "spread": [("spread_limit", "spread{S}limit{S}(?P<n1>{N})[ \t]*-[ \t]*(?P<n2>{N})")],
    "cap": [("cap", "cap{S}(?P<n1>{N})")],
    "blinds": [("blinds", "blinds{S}(?P<n1>{N})[ \t]*/[ \t]*(?P<n2>{N})")],
    "ante": [("ante", "ante{S}(?P<n1>{N})")],
    "rake": [
        ("no_rake", "rake{S}none"),
        ("rake", "rake{S}(?P<n1>{N})[ \t]*%(?:{S}cap{S}(?P<n2>{N}))?(?:{S}(?P<w3>{ALWAYS}))?"),
    ],
    "currency": [("currency", "currency{S}(?P<w1>{CURRENCY})")],
    "chips": [
        (
            "chip_value",
            "chips{S}(?P<n1>{N})[ \t]*=[ \t]*(?P<d2>{DECIMAL}|{N}){S}(?P<w3>{CURRENCY})",
        )
    ],
    "odd-chip": [("odd_chip", "odd-chip{S}(?P<w1>{ODD_CHIP_RULE})")],
    "odd-chip-half": [("odd_chip_half", "odd-chip-half{S}(?P<w1>{ODD_CHIP_HALF})")],
    "heads-up-uncapped": [("heads_up_uncapped", "heads-up-uncapped{S}(?P<w1>{YES_NO})")],
    "reshuffle": [("reshuffle", "reshuffle{S}(?P<w1>{RESHUFFLE_RULE})")],
    "qualifier": [("qualifier", "qualifier{S}(?P<w1>{QUALIFIER_RANK})")],
    "qualifier-pair-ok": [("qualifier_pair_ok", "qualifier-pair-ok{S}(?P<w1>{YES_NO})")],
    "redeal-posts": [("redeal_posts", "redeal-posts{S}(?P<w1>{YES_NO})")],
    "buy-price": [("buy_price", "buy-price{S}(?P<n1>{N})")],
    "max-seats": [("max_seats", "max-seats{S}(?P<n1>{N})")],
    "half-bet-reopens": [("half_bet_reopens", "half-bet-reopens{S}(?P<w1>{YES_NO})")],
    "house": [("house", "house{S}(?P<w1>{HOUSE_KEY}){S}(?P<w2>{HOUSE_VALUE})")],
    "cash": [("cash", "cash(?:{S}(?P<t1>{TEXT}))?")],
    "tournament": [("tournament", "tournament(?:{S}(?P<t1>{TEXT}))?")],
    "date": [("date", "date{S}(?P<w1>{DATE})")],
    "place": [("place", "place{S}(?P<t1>{TEXT})")],
    "season": [("season", "season{S}(?P<t1>{TEXT})")],
    "buy-in": [("buy_in", "buy-in{S}(?P<n1>{N})")],
    "starting-chips": [("starting_chips", "starting-chips{S}(?P<n1>{N})")],
    "payouts": [("payouts", "payouts{S}(?P<p1>{N}(?:[ \t]*/[ \t]*{N})*)")],
    "table": [("table", "table{S}(?P<t1>{TEXT})")],
}


class _Pieces(dict[str, str]):
    """The pieces of the header shapes: any terminal of the grammar by its name."""

    def __init__(self, pattern: Any) -> None:
        super().__init__(S=_S, N=f"(?>{_DIGITS})", TEXT=f"(?>{pattern('STRING')}|{_TEXT_TOKEN})")
        self.pattern = pattern

    def __missing__(self, name: str) -> str:
        return f"(?>{self.pattern(name)})"
