"""The fast path of the reader: plain lines of a hand read without Lark.

Nearly every line of a real history is plain (``Dan calls · Anna raises to 8``).  Lark's lexer
and LALR parser cost far more per token than string work, so :class:`PlainLines` reads those
shapes itself - a line cut into entries, each distinct entry text matched once and its one
event appended wherever the text recurs - and builds their events through the typed
constructors of :mod:`badugi_ledger.text.transformer` (``make_action``, …), with the values
Lark's transformer hands them, keeping where each entry stands beside them (packed ints,
:mod:`badugi_ledger.model.positions`); every line it is unsure of goes to Lark
(:mod:`badugi_ledger.text.parse`), which stays the one definition of the format and the one source
of error messages.  ``tests/text/test_parse_speed.py`` proves both readings equal.  Header lines
(``game badugi · blinds 1/2``) are read the same way, into the items Lark's transformer gives,
so a file of plain lines never imports Lark (:mod:`.plain_headers`).  The patterns are built
from the grammar's own terminals, shipped beside the grammar
(:func:`badugi_ledger.text.grammar.terminals`).  How a line is cut into its entries, and where
each entry stands, is :mod:`.entry_positions`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from sys import intern
from typing import Any

from ..model.cards import Card
from ..model.errors import NOWHERE, Position
from ..model.events import Event, Seat, StackChangeKind, Verb
from ..model.limits import MAX_DIGITS
from ..model.positions import COLUMN_BITS, LinePositions, pack
from .entry_positions import _HEAD, _HEAD_STARTS, ENTRY, _cut, usual_columns
from .plain_headers import _END, _NUMBER, _S, _TEXT, PlainHeaders
from .transformer import (
    CARD_TABLE,
    FormatError,
    Named,
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
)
from .transformer import cards as read_cards

Seating = tuple["str | None", int, "tuple[Seat, ...]", "tuple[int, ...]"]
"""The button's name (None: not named) and its column, then the seats and their names'
columns: in the text after a hand line's id (columns from 1)."""
_match_head = _HEAD.match
"""``_HEAD.match``, bound once: Python 3.11 calls a method of a name an import binds as it
would a module's function, making a bound method at every call, and
:meth:`PlainLines.body_line` matches the head of every card line."""
CardEntry = Callable[[Named, str], "Event | None"]
"""Reads an entry of a card line from its player (name, and NOWHERE: the fast path reports no
error, see :meth:`PlainLines.body_line`) and the rest of its text, its tokens one space apart
(``Ks Qd -> 8s 5c``): its event, or None if it is not plain; a KeyError is a token that is no
card."""


class PlainLines(PlainHeaders):
    """Reads the plain shapes of hand lines, body lines and header lines without Lark,
    building events through the typed constructors Lark's transformer calls, with the same
    values (header items: as Lark's transformer gives them).

    Why: nearly every real line is plain (``Dan calls · Anna raises to 8``), and Lark's lexer
    and parser cost far more per token than plain string work.  A body line is cut into its
    entries first: a line written the usual way (one space between tokens, `` · `` between
    entries, no comment) by ``str.split``, any other by a pattern
    (:func:`~.entry_positions._cut`), which also
    gives each entry's column.  A player-first entry (``Dan raises to 8``) recurs all night,
    so each distinct text is matched once against one expression (its alternatives the entry's
    shapes, its groups the entry's values), its event built once by the typed constructor,
    and that event is the entry's recipe: an event carries no position, so an entry met again
    costs a look-up and no new object - the same event is appended again.  The entries of card
    lines (``draw: Dan Ks Qd -> 8s 5c``) rarely recur; each is cut at its name and the rest
    read directly, each card looked up in the table of the grammar's CARDS (a draw's runs of
    cards, ``Ks Qd``, recur: each distinct run is read once), and each entry builds its event.
    What follows a hand line's id (the button and the seats) is read once per distinct text.
    Where each event stands is kept beside the events as packed ints
    (:func:`badugi_ledger.model.positions.pack`: the line and the entry's column, which the
    cut gives), and the reader gives the hand's record
    :class:`~badugi_ledger.model.positions.LinePositions` of them.  Every line the fast path
    is unsure of goes to Lark, so the grammar stays the one definition of the format and the
    one source of error messages:

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
        super().__init__(pattern)
        self.keywords = keywords
        name, cards, text = f"({pattern('NAME')})", f"({pattern('CARDS')})", _TEXT
        all_in = f"(?:{_S}(all-in))?"
        self._entry = re.compile(  # player-first entries: each shape a group, read in _decode
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
        ).fullmatch
        self._name = re.compile(pattern("NAME")).fullmatch
        self._recipes = _Remembered(self._decode)
        """Entry text -> its event (one object for every occurrence of the text), or None: not
        plain.  At most :data:`ENTRY_LIMIT` texts are kept."""
        self._names = _Remembered(self._plain_name)
        """Name -> the player of its entries (the name, and NOWHERE) if it is a plain name (the
        grammar's NAME, no keyword), else None."""
        self._hand = re.compile(f"[ \\t]*hand{_S}({pattern('HAND_ID')}){_END}")
        self._seat = re.compile(
            f"(button){_S}{name}|(?:{_NUMBER}{_S})?{name}(?:{_S}{_NUMBER})?"
        ).fullmatch
        self._seatings = _Remembered(self._seating)
        """What follows a hand line's id -> its seats and button, or None: not plain."""
        self._seats: dict[str, tuple[Seat | str, int] | None] = {}
        """Seat text -> its seat (or the button's name) and its name's offset, or None."""

    def body_line(self, line: str, lineno: int) -> tuple[list[Event], Sequence[int]] | None:
        """The events of a plain body line and where each stands (packed with line ``lineno``,
        :func:`~badugi_ledger.model.positions.pack`), or None: Lark reads it.

        The fast path reports no error: a line whose constructor raises :class:`FormatError`
        is Lark's, which raises it again at its place (so the constructors are given NOWHERE).
        """
        if '"' in line or "\ufeff" in line:
            return None
        entry = None
        at = 0  # "Ben calls": no keyword, nothing before the first entry (what _HEAD says)
        if line[0] in _HEAD_STARTS:
            head = _match_head(line)
            if head is None:  # (it always matches)
                return None
            if head[1] is not None:
                entry = _CARD_ENTRIES.get(head[1])
                if entry is None:  # a buy: Lark's
                    return None
            at = head.end()
        entries = _cut(line, at, lineno << COLUMN_BITS)
        if entries is None:
            return None
        texts, columns = entries
        try:
            if entry is None:
                events = self._entries(texts)
            else:
                events = self._card_line(entry, texts, columns is None)
        except FormatError:
            return None
        if events is None:
            return None
        if columns is None:  # a usual line: its entries' columns are worked out when asked
            return events, [lineno << COLUMN_BITS | ENTRY] * len(texts)  # (EntryPositions)
        return events, columns

    def _entries(self, texts: list[str]) -> list[Event] | None:
        """The events of player-first entries: each text's one event (see the class
        docstring), or None: an entry is not plain."""
        events = list(map(self._recipes.__getitem__, texts))
        return events if all(events) else None  # (an event is always true: None is not)

    def _decode(self, text: str) -> Event | None:
        """The event of a player-first entry (``Dan raises to 8``), read once per distinct
        text: the entry's match and its event built by the typed constructor (which checks
        what the entry can tell), or None: not plain."""
        m = self._entry(text)
        if m is not None and (m.lastindex == 1 or m[4] not in self.keywords):
            try:
                return _event(m)
            except FormatError:
                return None
        return None

    def _plain_name(self, name: str) -> Named | None:
        """The player of the entries of ``name`` (the name, placed nowhere) if it is the
        grammar's NAME and no keyword, else None."""
        if self._name(name) is not None and name not in self.keywords:
            return (intern(name), NOWHERE)
        return None

    # The entries of draw, deal, show and final lines: a name, then cards, a number, ``pat``,
    # ``mucks`` or cards received after an arrow.  Their tokens are cut at the white space the
    # grammar skips (one space in a usual line; any other spacing is made one space first); a
    # name is checked once, a card looked up in the table of the grammar's CARDS
    # (transformer.CARD_TABLE): a KeyError is no card.  The line is read by :meth:`_card_line`,
    # each entry after its name by the line's own :data:`CardEntry` function (_CARD_ENTRIES).

    def _card_line(self, entry: CardEntry, texts: list[str], spaced: bool) -> list[Event] | None:
        """The events of a card line's entries, each a plain name followed by what ``entry``
        reads (the rest of the entry, its tokens one space apart), or None: an entry is not
        plain."""
        out: list[Event] = []
        names = self._names
        for text in texts:
            name, _, rest = (text if spaced else " ".join(_BLANKS.split(text))).partition(" ")
            who = names[name]
            if who is None or not rest:
                return None
            try:
                event = entry(who, rest)
            except KeyError:  # a token that is no card
                return None
            if event is None:
                return None
            out.append(event)
        return out

    def hand_line(self, line: str, src: str, lineno: int) -> RawHand | None:
        """The hand line read like Lark reads it, or None: Lark reads it.  What follows the
        hand's id (``button Cara · Anna · Ben 40 · Cara``) recurs while a table's seating and
        stacks stay as they were: each distinct text is read once (:meth:`_seating`)."""
        if '"' in line or "\ufeff" in line:
            return None
        head = self._hand.match(line)
        if head is None:
            return None
        at = head.end()
        seating = self._seatings[line[at:]]
        if seating is None:
            return None
        button, button_column, seats, columns = seating
        raw = make_hand((head.group(1), position(src, lineno, 1)))
        if button is not None:
            raw.button = (button, position(src, lineno, at + button_column))
        raw.seats += seats
        # Packed, made into positions only for a message (a seat's own check, a name not
        # seated): the column of each in the line is below 2**COLUMN_BITS, so adding it to the
        # packed start of the seats gives the seat's packed position.
        start = pack(lineno, at)
        raw.seat_pos = LinePositions(src, tuple([start + column for column in columns]))
        return raw

    def _seating(self, text: str) -> Seating | None:
        """The seats and button of a hand line after its id (``text``), each with its name's
        column in ``text``, or None: not plain.  Its seats are cut like a body line's entries
        and each distinct seat text (``Anna``, ``2 Ben 40``, ``button Cara``) is matched once;
        they are added to a hand as Lark's transformer adds them (a second button is
        Lark's to report)."""
        entries = _cut(text, 0, 0)
        if entries is None:
            return None
        texts, columns_of = entries
        if columns_of is None:
            columns_of = usual_columns(texts, 1)
        seats = self._seats
        read_seats = make_hand(("", NOWHERE))
        columns: list[int] = []
        button_column = 0
        try:
            for entry, column in zip(texts, columns_of, strict=False):
                seat = seats[entry] if entry in seats else self._decode_seat(entry)
                if seat is None:
                    return None
                read, offset = seat
                if isinstance(read, str):  # the button's name
                    read_seats.add_button((read, NOWHERE))
                    button_column = column + offset
                else:
                    read_seats.add_seat(read, NOWHERE)
                    columns.append(column + offset)
        except FormatError:
            return None
        button = None if read_seats.button is None else read_seats.button[0]
        return button, button_column, tuple(read_seats.seats), tuple(columns)

    def _decode_seat(self, text: str) -> tuple[Seat | str, int] | None:
        """A seat of the hand line (its :class:`Seat`, or the button's name) and where its name
        starts in ``text``, or None: not plain; remembered like an entry's reading."""
        decoded: tuple[Seat | str, int] | None = None
        m = self._seat(text)
        if m is not None:
            button, button_name, number, name, stack = m.groups()
            if button is not None:
                if button_name not in self.keywords:
                    decoded = (intern(button_name), m.start(2))
            elif name not in self.keywords:
                try:
                    seat, _ = make_seat(
                        None if number is None else int(number),
                        (intern(name), NOWHERE),
                        None if stack is None else int(stack),
                    )
                    decoded = (seat, m.start(4))
                except FormatError:
                    pass
        if len(self._seats) < ENTRY_LIMIT:
            self._seats[text] = decoded
        return decoded


ENTRY_LIMIT = 4096
"""The most entry texts (and names) :class:`PlainLines` remembers how to read; an entry first
met after that is read each time, so memory stays flat however long the input."""


class _Remembered(dict[str, Any]):
    """Text -> its reading: a missing text is read by ``read`` and kept while fewer than
    :data:`ENTRY_LIMIT` are (so a look-up of a known text is one C call, ``map`` included)."""

    def __init__(self, read: Callable[[str], Any]) -> None:
        super().__init__()
        self.read = read

    def __missing__(self, text: str) -> Any:
        value = self.read(text)
        if len(self) < ENTRY_LIMIT:
            self[text] = value
        return value


_BLANKS = re.compile("[ \\t]+")
_CARD = CARD_TABLE.__getitem__


def _draw_entry(who: Named, rest: str) -> Event | None:
    """``Dan pat``, ``Dan 2``, ``Dan Ks Qd`` or either with ``-> 8s 5c``."""
    if rest == "pat":
        return make_pat(who)
    before, arrow, after = rest.partition(" -> ")
    if not arrow:
        before, arrow, after = rest.partition(" → ")
    got = _RUNS[after] if arrow else None
    if before.isascii() and before.isdecimal() and len(before) <= MAX_DIGITS:
        return make_draw_count(who, int(before), got)
    return make_draw_cards(who, _RUNS[before], got)


def _deal_entry(who: Named, rest: str) -> Event:
    """``Dan Ks Qd 8s 5c`` (a hand dealt seldom recurs: its cards are read each time)."""
    return make_deal(who, _cards(rest))


def _show_entry(who: Named, rest: str) -> Event:
    """``Dan Ks Qd 8s 5c`` or ``Dan mucks``."""
    if rest == "mucks":
        return make_muck(who)
    return make_show(who, _cards(rest))


def _final_entry(who: Named, rest: str) -> Event | None:
    """``Dan 120``."""
    if not (rest.isascii() and rest.isdecimal()) or len(rest) > MAX_DIGITS:
        return None
    return make_final(who, int(rest))


def _cards(run: str) -> tuple[Card | None, ...]:
    """The cards of a run of card tokens one space apart (``Ks Qd``, as a deal and a show
    read them); KeyError: a token is no card."""
    return tuple(map(_CARD, run.split(" ")))


_RUNS = _Remembered(_cards)
"""The cards of each run of a draw (``Ks Qd``): one, two or three cards recur all night."""


def _event(m: re.Match[str]) -> Event:
    """The event of a player-first entry's match (see ``PlainLines._entry``): built by the
    typed constructor of its shape, with the values Lark's transformer gives (the position
    they are given, NOWHERE, is only for an error, which sends the line to Lark)."""
    shape = m.lastindex
    if shape == 1:
        return _TOTALS[m[2]](NOWHERE, int(m[3]))
    who = (intern(m[4]), NOWHERE)
    if shape == 6:
        number = m[8]
        verb: Verb = "call" if m[7] == "calls" else "bet"
        return make_action(who, verb, None if number is None else int(number), m[9] is not None)
    if shape == 5:
        word = m[5]
        return make_muck(who) if word == "mucks" else make_action(who, _VERBS[word])
    if shape == 10:
        number = m[11]
        return make_action(who, "raise", None if number is None else int(number), m[12] is not None)
    if shape == 15:
        return make_collect(who, int(m[16]), m[17])
    if shape == 13:
        return make_show(who, read_cards(m[14]))
    if shape == 18:
        number = m[20]
        return make_post(who, m[19], None if number is None else int(number), m[21] is not None)
    if shape == 22:
        return make_stack_change(who, _STACK_CHANGES[m[23][0]], int(m[24]))
    return make_sit_out(who)


_CARD_ENTRIES: dict[str | None, CardEntry] = {
    "draw": _draw_entry,
    "deal": _deal_entry,
    "show": _show_entry,
    "final": _final_entry,
}
"""How each card line reads an entry, by the line's keyword (a ``buy`` line is Lark's)."""

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
