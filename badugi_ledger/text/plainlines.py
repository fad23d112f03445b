"""The fast path of the reader: plain lines of a hand read without Lark.

Nearly every line of a real history is plain (``Dan calls · Anna raises to 8``).  Lark's lexer
and LALR parser cost far more per token than one regular expression per kind of line, so
:class:`PlainLines` reads those shapes itself - each entry one match, its values the match's
groups - and builds their events through the typed constructors of
:mod:`badugi_ledger.text.transformer` (``make_action``, …), with the values Lark's transformer
hands them; every line it is unsure of goes to Lark
(:mod:`badugi_ledger.text.parse`), which stays the one definition of the format and the one source
of error messages.  ``tests/text/test_parse_speed.py`` proves both readings equal.  Header lines
(``game badugi · blinds 1/2``) are read the same way, into the items Lark's transformer gives,
so a file of plain lines never imports Lark.  The patterns are built from the grammar's own
terminals, shipped beside the grammar (:func:`badugi_ledger.text.grammar.terminals`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..model.errors import Position
from ..model.events import Event, StackChangeKind, Verb
from ..model.limits import MAX_AMOUNT, MAX_DIGITS
from .transformer import (
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
    position,
    unquote,
)
from .transformer import cards as read_cards

# ---------------------------------------------------------------- the fast path for plain lines
# The start of a body line: its keyword (``draw:``), and the white space before its first entry.
_LINE_KEYWORDS = ("deal", "draw", "buy", "show", "final")
_HEAD = re.compile(f"[ \\t]*(?:({'|'.join(_LINE_KEYWORDS)})(?=[ \\t:])[ \\t]*:?[ \\t]*)?")
_HEAD_STARTS = frozenset(" \t" + "".join(word[0] for word in _LINE_KEYWORDS))
"""The first characters of a line _HEAD matches more of than nothing."""
# The text of a pot (``from side 1``): the grammar's TEXT with no white space but spaces and
# tabs, and without its trailing spaces (Lark's transformer strips them).
_TEXT_TOKEN = '[^\\s·•;#"\\ufeff](?:[ \\t]*[^\\s·•;#"\\ufeff])*'
_TEXT = f"({_TEXT_TOKEN})"
_S = r"[ \t]+"  # between two tokens of an entry
_DIGITS = f"\\d{{1,{MAX_DIGITS}}}"  # a NUMBER token (longer ones are not plain)
_NUMBER = f"({_DIGITS})"
# After an entry: a separator and the next entry, or the end of the line (a comment there is
# part of the grammar's _NL).
_END = r"[ \t]*(?:[·•;][ \t]*(?!\n?\Z)|(?:#[^\n]*)?\n?\Z)"
_ITEM_END = re.compile(_END)  # after a header item

Reader = Callable[[str, int, str, int], "list[Event] | None"]


class PlainLines:
    """Reads the plain shapes of hand lines, body lines and header lines without Lark,
    building events through the typed constructors Lark's transformer calls, with the same
    values (header items: as Lark's transformer gives them).

    Why: nearly every real line is plain (``Dan calls · Anna raises to 8``), and Lark's lexer
    and parser cost far more per token than one regular expression per kind of line.  Each
    entry of a line is one match of that expression (its alternatives are the entry's shapes,
    its groups the entry's values), so an entry costs one match and one constructor call.
    Every line the fast path is unsure of goes to Lark, so the grammar stays the one
    definition of the format and the one source of error messages:

    * it reads only lines without quotes or byte-order marks, whose only white space is spaces
      and tabs (exactly what the grammar skips between tokens there), so tokens are cut where
      Lark's lexer cuts them; a comment at the end of a line is passed over as Lark does;
    * names, cards and the text of a pot are the grammar's own NAME, CARDS and TEXT patterns
      (a name must be no keyword of the grammar: Lark's contextual lexer decides what ``pot``
      or ``draw`` is), a number is up to limits.MAX_DIGITS decimal digits like NUMBER;
    * it knows the common entries (actions, one-word posts, collects, shows, mucks, draws,
      deals, finals, pot totals, carries, rake, rebuys, top-ups, add-ons, cash-outs, sitting
      out); ``small blind``/``big blind`` posts, buys and anything unusual go to Lark;
    * a line whose constructor raises :class:`FormatError` goes to Lark too, so errors keep
      their order.  tests/text/test_parse_speed.py proves both readers equal on simulated,
      mutated and real (converted corpus) text.
    """

    def __init__(self, pattern: Any, keywords: frozenset[str]) -> None:
        """``pattern(NAME)`` gives a terminal's regular expression; ``keywords`` are every
        literal word of the grammar."""
        self.keywords = keywords
        name, cards, text = f"({pattern('NAME')})", f"({pattern('CARDS')})", _TEXT
        all_in = f"(?:{_S}(all-in))?"
        self._entry = _scanner(  # player-first entries: each shape a group, read in _entries
            f"(?P<total>(pot|carry|raked){_S}{_NUMBER})"  # 1: 2 3
            f"|{name}{_S}(?:"  # 4
            f"(?P<simple>folds|checks|mucks)"  # 5
            f"|(?P<call>(calls|bets)(?:{_S}{_NUMBER})?{all_in})"  # 6: 7 8 9
            f"|(?P<raise>raises(?:{_S}to{_S}{_NUMBER})?{all_in})"  # 10: 11 12
            f"|(?P<show>shows{_S}{cards})"  # 13: 14
            f"|(?P<collect>collects{_S}{_NUMBER}(?:{_S}from{_S}{text})?)"  # 15: 16 17
            f"|(?P<post>posts{_S}(sb|bb|ante|dead|straddle)(?:{_S}{_NUMBER})?{all_in})"  # 18: 19-21
            f"|(?P<change>(rebuys|tops{_S}up|adds{_S}on|cashes{_S}out){_S}{_NUMBER})"  # 22: 23 24
            f"|(?P<sit_out>sits{_S}out))"  # 25
        )
        arrow = f"{_S}(?:->|→){_S}"
        # The entries of draw, deal, show and final lines, in one pattern (each reader takes
        # its own shapes): name, pat, mucks, a number, cards, and the cards received.
        self._card_entry = _scanner(
            f"{name}{_S}(?:(pat)|(mucks)|(?:{_NUMBER}|{cards})(?:{arrow}{cards})?)"
        )
        self._hand = re.compile(f"[ \\t]*hand{_S}({pattern('HAND_ID')}){_END}")
        self._seat = _scanner(f"(button){_S}{name}|(?:{_NUMBER}{_S})?{name}(?:{_S}{_NUMBER})?")
        self._pieces = _Pieces(pattern)
        self._header_items: dict[str, list[tuple[str, re.Pattern[str]]]] = {}
        self.readers: dict[str | None, Reader] = {
            None: self._entries,
            "draw": self._draws,
            "deal": self._deals,
            "show": self._shows,
            "final": self._finals,
        }

    def body_line(self, line: str, src: str, lineno: int) -> list[Event] | None:
        """The events of a plain body line, or None: Lark reads it."""
        if '"' in line or "\ufeff" in line:
            return None
        if line[0] in _HEAD_STARTS:
            head = _HEAD.match(line)
            read = self.readers.get(head[1]) if head is not None else None  # it always matches
            if read is None or head is None:
                return None
            at = head.end()
        else:  # "Ben calls": no keyword, nothing before the first entry (what _HEAD says)
            read, at = self._entries, 0
        try:
            return read(line, at, src, lineno)
        except FormatError:
            return None

    def _entries(self, line: str, at: int, src: str, lineno: int) -> list[Event] | None:
        out: list[Event] = []
        keywords = self.keywords
        for m in self._entry(line, at):
            start, end = m.span()
            if start != at:
                return None
            at = end
            pos = position(src, lineno, start + 1)
            shape = m.lastindex
            if shape == 1:
                out.append(_TOTALS[m[2]](pos, int(m[3])))
                continue
            name = m[4]
            if name in keywords:
                return None
            who = (name, pos)
            if shape == 6:
                number = m[8]
                verb: Verb = "call" if m[7] == "calls" else "bet"
                amount = None if number is None else int(number)
                out.append(make_action(who, verb, amount, m[9] is not None))
            elif shape == 5:
                word = m[5]
                out.append(make_muck(who) if word == "mucks" else make_action(who, _VERBS[word]))
            elif shape == 10:
                number = m[11]
                amount = None if number is None else int(number)
                out.append(make_action(who, "raise", amount, m[12] is not None))
            elif shape == 15:
                out.append(make_collect(who, int(m[16]), m[17]))
            elif shape == 13:
                out.append(make_show(who, read_cards(m[14])))
            elif shape == 18:
                number = m[20]
                amount = None if number is None else int(number)
                out.append(make_post(who, m[19], amount, m[21] is not None))
            elif shape == 22:
                out.append(make_stack_change(who, _STACK_CHANGES[m[23][0]], int(m[24])))
            else:
                out.append(make_sit_out(who))
        return out if at == len(line) else None

    def _draws(self, line: str, at: int, src: str, lineno: int) -> list[Event] | None:
        out: list[Event] = []
        keywords = self.keywords
        for m in self._card_entry(line, at):
            start, end = m.span()
            if start != at:
                return None
            at = end
            name, pat, mucks, count, discards, received = m.groups()
            if name in keywords or mucks is not None:
                return None
            who = (name, position(src, lineno, start + 1))
            got = None if received is None else read_cards(received)
            if pat is not None:
                out.append(make_pat(who))
            elif count is not None:
                out.append(make_draw_count(who, int(count), got))
            else:
                out.append(make_draw_cards(who, read_cards(discards), got))
        return out if at == len(line) else None

    def _deals(self, line: str, at: int, src: str, lineno: int) -> list[Event] | None:
        out: list[Event] = []
        keywords = self.keywords
        for m in self._card_entry(line, at):
            start, end = m.span()
            if start != at:
                return None
            at = end
            name, _, _, _, dealt, received = m.groups()
            if name in keywords or dealt is None or received is not None:
                return None
            out.append(make_deal((name, position(src, lineno, start + 1)), read_cards(dealt)))
        return out if at == len(line) else None

    def _shows(self, line: str, at: int, src: str, lineno: int) -> list[Event] | None:
        out: list[Event] = []
        keywords = self.keywords
        for m in self._card_entry(line, at):
            start, end = m.span()
            if start != at:
                return None
            at = end
            name, pat, mucks, count, shown, received = m.groups()
            if name in keywords or pat or count or received:  # not a show's shape
                return None
            who = (name, position(src, lineno, start + 1))
            out.append(make_muck(who) if mucks is not None else make_show(who, read_cards(shown)))
        return out if at == len(line) else None

    def _finals(self, line: str, at: int, src: str, lineno: int) -> list[Event] | None:
        out: list[Event] = []
        keywords = self.keywords
        for m in self._card_entry(line, at):
            start, end = m.span()
            if start != at:
                return None
            at = end
            name, _, _, amount, _, received = m.groups()
            if name in keywords or amount is None or received is not None:
                return None
            out.append(make_final((name, position(src, lineno, start + 1)), int(amount)))
        return out if at == len(line) else None

    def hand_line(self, line: str, src: str, lineno: int) -> RawHand | None:
        """The hand line read like Lark reads it, or None: Lark reads it."""
        if '"' in line or "\ufeff" in line:
            return None
        head = self._hand.match(line)
        if head is None:
            return None
        at = head.end()
        keywords = self.keywords
        try:
            raw = make_hand((head.group(1), position(src, lineno, 1)))
            for m in self._seat(line, at):
                if m.start() != at:
                    return None
                at = m.end()
                button, button_name, number, name, stack = m.groups()
                if button is not None:
                    if button_name in keywords:
                        return None
                    raw.add_button((button_name, position(src, lineno, m.start(2) + 1)))
                    continue
                if name in keywords:
                    return None
                who = (name, position(src, lineno, m.start(4) + 1))
                raw.add_seat(
                    *make_seat(
                        None if number is None else int(number),
                        who,
                        None if stack is None else int(stack),
                    )
                )
        except FormatError:
            return None
        if at != len(line) or not raw.seat_pos and raw.button is None:
            return None
        return raw

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


def _scanner(entry: str) -> Callable[[str, int], Iterator[re.Match[str]]]:
    """Every match of one ``entry`` and what ends it, from a position of a line: the caller
    takes them only while each starts where the one before ended."""
    return re.compile(f"(?:{entry}){_END}").finditer


_SHAPES = {  # the group of each shape of entry in PlainLines._entry: a match's last group
    # is its shape's, which closes after the groups inside it (a test holds these numbers)
    **{"total": 1, "simple": 5, "call": 6, "raise": 10, "show": 13, "collect": 15},
    **{"post": 18, "change": 22, "sit_out": 25},
}
_VERBS: dict[str, Verb] = {"folds": "fold", "checks": "check"}
_TOTALS: dict[str, Callable[[Position, int], Event]] = {
    "pot": make_pot_total,
    "carry": make_carry,
    "raked": make_rake,
}
_STACK_CHANGES: dict[str, StackChangeKind] = {  # by the first letter of the words
    "r": "rebuy",
    "t": "top-up",
    "a": "add-on",
    "c": "cash-out",
}
