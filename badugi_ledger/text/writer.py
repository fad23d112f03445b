"""The canonical writer of the hand-history format, and plain renderings of hand records.

``write_hands`` turns records (from our parser or any importer) back into text that
:mod:`badugi_ledger.text.parse` reads into the same events: this is what ``convert --to text`` uses
and what the round-trip tests check on every example.  Canonical means: one way to write each
thing — headers only where they change, seats on the hand line, forced bets left out when they
are exactly the ones the settings imply, consecutive events of a kind grouped on one line.

``record_to_dict`` is the JSON shape of ``badugi-ledger parse --json``; ``describe_record`` is
its readable listing.  Both live here so the CLI only renders.

Why one module of this size: it is the grammar's inverse, one writer per header field and event
kind, kept together so every line the reader accepts has its writer beside the others.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import fields, replace
from typing import Any

from ..model.cards import Card, format_cards
from ..model.errors import NOWHERE, BadugiError, Position
from ..model.escaping import surrogate_pattern
from ..model.events import (
    BETWEEN_HANDS,
    STACK_CHANGE_VERBS,
    Action,
    Buy,
    CarryIn,
    CarryOut,
    Collect,
    Deal,
    Draw,
    Event,
    FinalStack,
    HandRecord,
    HandsMissing,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    Seat,
    Session,
    Show,
    SitOut,
    StackChange,
    event_of,
)
from ..model.money import plain_money
from ..model.names import line_break_in
from ..model.settings import GameSettings, HouseRules, Structure
from .headers import HEADER_KEYWORDS, implied_posts, leaves_a_redeal, opens_a_redeal

__all__ = [
    "describe_record",
    "event_line",
    "event_to_dict",
    "hand_line",
    "record_to_dict",
    "without_positions",
    "HandsWriter",
    "write_hand",
    "write_hands",
]

_PLAIN_NAME = re.compile(r"[^\W\d][^\s·•;:#\"]*")
_PLAIN_TEXT = re.compile(r"[^\s·•;#\"\ufeff][^·•;#\n]*")
_HAND_ID = re.compile(r"[^\s·•;#\ufeff]+")
# Words the grammar reserves where a name may also stand: such names are written in quotes.
RESERVED = frozenset(
    [
        *("hand", "button", "deal", "draw", "buy", "buys", "show", "final", "posts", "none"),
        *("pot", "carry", "raked", "no", "missing"),
        *HEADER_KEYWORDS,
    ]
)
_PER_LINE = 8  # entries on one line before the writer starts another
_SEP = " · "
_GAME_TEXT = {
    "badugi": "badugi",
    "progressive-badugi": "progressive badugi",
    "badacey": "badacey",
    "badeucey": "badeucey",
}
_POST_TEXT = {
    "small-blind": "small blind",
    "big-blind": "big blind",
    "ante": "ante",
    "dead": "dead",
    "straddle": "straddle",
}
_RANK_TEXT = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}
# House rules with a keyword of their own (the rest are written ``house name value``).
_HOUSE_KEYWORD = {
    "odd_chip": "odd-chip",
    "odd_chip_half": "odd-chip-half",
    "heads_up_uncapped": "heads-up-uncapped",
    "reshuffle": "reshuffle",
    "qualifier_max": "qualifier",
    "qualifier_pair_ok": "qualifier-pair-ok",
    "redeal_posts": "redeal-posts",
    "buy_price": "buy-price",
    "max_seats": "max-seats",
    "half_bet_reopens": "half-bet-reopens",
}


class WriteError(BadugiError):
    """A record holds something the text format cannot spell (a name with a line break)."""


def _writable(text: str) -> str:
    """``text``, unless a file of the format cannot hold it: a WriteError."""
    if line_break_in(text):
        raise WriteError(f"{text!r} holds a line break, which the text format cannot write")
    if surrogate_pattern().search(text):  # a byte that was not UTF-8, decoded with surrogateescape
        raise WriteError(
            f"{text!r} holds bytes that are not UTF-8 text, which the text format cannot write "
            "(type it again in a UTF-8 terminal)"
        )
    return text


def quote(text: str) -> str:
    """A ``"quoted"`` form of ``text`` (``"`` and ``\\`` escaped)."""
    _writable(text)
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def name_text(name: str) -> str:
    """A player name as written: plain when the grammar reads it back as the same name."""
    if name not in RESERVED and _PLAIN_NAME.fullmatch(name):
        return _writable(name)
    return quote(name)


def free_text(text: str) -> str:
    """A place, season, table or pot name: plain unless it needs quotes to survive."""
    if text and text == text.strip() and _PLAIN_TEXT.fullmatch(text):
        return _writable(text)
    return quote(text)


def _yes(flag: bool) -> str:
    return "yes" if flag else "no"


# ---------------------------------------------------------------- headers


def _structure_text(s: Structure) -> str:
    if s.kind == "fixed-limit":
        return f"fixed limit {s.small_bet}/{s.big_bet}"
    if s.kind == "spread-limit":
        return f"spread limit {s.spread_min}-{s.spread_max}"
    return s.kind.replace("-limit", " limit")


def _house_text(name: str, value: Any) -> str:
    keyword = _HOUSE_KEYWORD.get(name)
    if keyword is None:
        shown = _yes(value) if isinstance(value, bool) else str(value)
        return f"house {name.replace('_', '-')} {shown}"
    if name == "qualifier_max":
        return f"qualifier {_RANK_TEXT.get(value, str(value))}"
    if isinstance(value, bool):
        return f"{keyword} {_yes(value)}"
    return f"{keyword} {value}"


def _settings_items(new: GameSettings, old: GameSettings | None) -> list[list[str]]:
    """Header items, by line, that turn ``old`` settings (None: a fresh file) into ``new``."""
    base = old or GameSettings()
    first = old is None
    game_line: list[str] = []
    if first or (new.game, new.with_buy) != (base.game, base.with_buy):
        game_line.append(f"game {_GAME_TEXT[new.game]}" + (" with a buy" if new.with_buy else ""))
    if first or new.structure != base.structure:
        game_line.append(_structure_text(new.structure))
    if new.structure.cap != base.structure.cap:
        game_line.append(f"cap {new.structure.cap}")
    if first or (new.small_blind, new.big_blind) != (base.small_blind, base.big_blind):
        game_line.append(f"blinds {new.small_blind}/{new.big_blind}")
    if new.ante != base.ante:
        game_line.append(f"ante {new.ante}")
    if new.rake != base.rake:
        rake = new.rake
        if rake is None:
            game_line.append("rake none")
        else:
            text = f"rake {rake.percent}%" + (f" cap {rake.cap}" if rake.cap else "")
            game_line.append(text + ("" if rake.no_flop_no_drop else " always"))
    if new.currency != base.currency:
        game_line.append(f"currency {new.currency or 'chips'}")
    house_line = [
        _house_text(f.name, getattr(new.house, f.name))
        for f in fields(HouseRules)
        if getattr(new.house, f.name) != getattr(base.house, f.name)
    ]
    return [line for line in (game_line, house_line) if line]


def _session_items(new: Session, old: Session | None) -> list[str]:
    base = old or Session()
    items: list[str] = []
    own = ("kind", "name", "date", "place", "buy_in", "starting_chips", "payouts", "chip_value")
    if any(getattr(new, f) != getattr(base, f) for f in own):
        items.append(new.kind + (f" {free_text(new.name)}" if new.name else ""))
        if new.date:
            items.append(f"date {new.date}")
        if new.place:
            items.append(f"place {free_text(new.place)}")
        if new.buy_in is not None:
            items.append(f"buy-in {new.buy_in}")
        if new.starting_chips is not None:
            items.append(f"starting-chips {new.starting_chips}")
        if new.payouts:
            items.append("payouts " + "/".join(str(p) for p in new.payouts))
        if new.chip_value:
            value = new.chip_value
            items.append(f"chips 1 = {plain_money(value.cents)} {value.currency}")
    if new.season != base.season:
        items.append(f"season {free_text(new.season) if new.season else quote('')}")
    return items


# ---------------------------------------------------------------- hands


def _amount(value: int | None) -> str:
    return "" if value is None else f" {value}"


def _cards(cards: Sequence[Card | None]) -> str:
    return format_cards(cards)


def _entry(ev: Event) -> str:
    """One event as a player-first entry (actions, posts, outcomes, between-hand changes)."""
    if isinstance(ev, Action):
        name = name_text(ev.player)
        all_in = " all-in" if ev.all_in else ""
        if ev.verb == "fold":
            return f"{name} folds"
        if ev.verb == "check":
            return f"{name} checks"
        if ev.verb == "call":
            return f"{name} calls{_amount(ev.amount)}{all_in}"
        if ev.verb == "bet":
            return f"{name} bets{_amount(ev.amount)}{all_in}"
        to = "" if ev.amount is None else f" to {ev.amount}"
        return f"{name} raises{to}{all_in}"
    if isinstance(ev, Post):
        all_in = " all-in" if ev.all_in else ""
        return f"{name_text(ev.player)} posts {_POST_TEXT[ev.kind]}{_amount(ev.amount)}{all_in}"
    if isinstance(ev, Collect):
        pot = "" if ev.pot is None else f" from {free_text(ev.pot)}"
        return f"{name_text(ev.player)} collects {ev.amount}{pot}"
    if isinstance(ev, StackChange):
        return f"{name_text(ev.player)} {STACK_CHANGE_VERBS[ev.kind]} {ev.amount}"
    if isinstance(ev, SitOut):
        return f"{name_text(ev.player)} sits out"
    if isinstance(ev, Show):
        return f"{name_text(ev.player)} shows {_cards(ev.cards)}"
    if isinstance(ev, Muck):
        return f"{name_text(ev.player)} mucks"
    if isinstance(ev, PotTotal):
        return f"pot {ev.amount}"
    if isinstance(ev, CarryOut):
        return f"carry {ev.amount}"
    if isinstance(ev, CarryIn):
        return f"carry in {ev.amount}"
    if isinstance(ev, HandsMissing):
        return "missing hands"
    if isinstance(ev, RakeTaken):
        return f"raked {ev.amount}"
    raise WriteError(f"cannot write {type(ev).__name__} as an entry")  # pragma: no cover


def _draw_entry(ev: Draw) -> str:
    name = name_text(ev.player)
    if not ev.received and not ev.discards:
        return f"{name} pat"
    if len(ev.discards) != len(ev.received):
        raise WriteError(f"{ev.player} discards {len(ev.discards)} but receives {len(ev.received)}")
    if all(c is None for c in ev.discards):
        if all(c is None for c in ev.received):
            return f"{name} {len(ev.received)}"
        return f"{name} {len(ev.received)} -> {_cards(ev.received)}"
    if all(c is None for c in ev.received):
        return f"{name} {_cards(ev.discards)}"
    return f"{name} {_cards(ev.discards)} -> {_cards(ev.received)}"


def _grouped_entry(ev: Event) -> tuple[str, str, str]:
    """(group, line keyword, entry): consecutive events of one group share a line.

    Groups keep lines readable: between-hand changes, forced bets, betting, each card line
    kind, and the recorded outcome each start a line of their own.
    """
    if isinstance(ev, Deal):
        return "deal", "deal:", f"{name_text(ev.player)} {_cards(ev.cards)}"
    if isinstance(ev, Draw):
        return "draw", "draw:", _draw_entry(ev)
    if isinstance(ev, Buy):
        price = "" if ev.price is None else f" for {ev.price}"
        cards = f"{_cards((ev.discard,))} -> {_cards((ev.received,))}{price}"
        return "draw", "draw:", f"{name_text(ev.player)} buys {cards}"
    if isinstance(ev, Show):
        return "show", "show:", f"{name_text(ev.player)} {_cards(ev.cards)}"
    if isinstance(ev, Muck):
        return "show", "show:", f"{name_text(ev.player)} mucks"
    if isinstance(ev, FinalStack):
        return "final", "final:", f"{name_text(ev.player)} {ev.amount}"
    if type(ev) in BETWEEN_HANDS:
        return "setup", "", _entry(ev)
    if isinstance(ev, Post):
        return "post", "", _entry(ev)
    if isinstance(ev, Action):
        return "act", "", _entry(ev)
    return "outcome", "", _entry(ev)


def event_line(ev: Event) -> str:
    """One event as the canonical line that holds it alone (``Ben raises to 8``,
    ``draw: Cara 2``, ``show: Anna 8♠ 6♥ 5♣ 3♦``): the line :func:`write_hands` writes for a
    group of one, to append to a hand being recorded."""
    _, keyword, entry = _grouped_entry(ev)
    return f"{keyword} {entry}" if keyword else entry


def _seat_text(seat: Seat) -> str:
    number = "" if seat.number is None else f"{seat.number} "
    return f"{number}{name_text(seat.name)}{_amount(seat.stack)}"


def _posts_to_write(record: HandRecord, redeal: bool) -> tuple[list[Event], bool]:
    """The events to write, and whether to write ``posts none``.

    Posts equal to the ones the parser would imply, at the place it would put them, are left
    out.  A hand that had no forced bets (``HandRecord.posts_none``) although its settings
    imply some gets ``posts none``; a record without posts that does not say so is replayed
    with the implied ones, so it is written without any and read back with them.
    """
    events = list(record.events)
    sitting = [ev.player for ev in events if isinstance(ev, SitOut)]
    implied = list(
        implied_posts(record.settings, record.seats, record.button, sitting, redeal=redeal)
    )
    post_at = [i for i, ev in enumerate(events) if isinstance(ev, Post)]
    if not post_at:
        return events, record.posts_none and bool(implied)
    setup = 0
    while setup < len(events) and type(events[setup]) in BETWEEN_HANDS:
        setup += 1
    written = [events[i] for i in post_at]
    if written == implied and post_at == list(range(setup, setup + len(post_at))):
        del events[setup : setup + len(post_at)]
    return events, False


def hand_line(hand_id: str, button: str, seats: Iterable[Seat]) -> str:
    """The line that starts a hand: ``hand 12 · button Anna · Anna 100 · Ben · 5 Cara 80``."""
    if not _HAND_ID.fullmatch(hand_id):
        raise WriteError(f"hand id {hand_id!r} cannot be written (no spaces, · ; or #)")
    head = [f"hand {hand_id}", f"button {name_text(button)}"]
    head.extend(_seat_text(s) for s in seats)
    return _SEP.join(head)


def _hand_lines(record: HandRecord, redeal: bool) -> list[str]:
    lines = [hand_line(record.hand_id, record.button, record.seats)]
    events, posts_none = _posts_to_write(record, redeal)
    if posts_none:
        lines.append("posts none")
    group = keyword = ""
    entries: list[str] = []

    def flush() -> None:
        if entries:
            lines.append((f"{keyword} " if keyword else "") + _SEP.join(entries))
            entries.clear()

    for ev in events:
        ev_group, kw, entry = _grouped_entry(ev)
        if ev_group != group or len(entries) >= _PER_LINE:
            flush()
            group, keyword = ev_group, kw
        entries.append(entry)
    flush()
    return lines


def write_hands(records: Iterable[HandRecord]) -> Iterator[str]:
    """Canonical text for a stream of hands, one chunk (headers + hand + blank line) per hand.

    Header lines are written only where settings, session or table change, so a file of many
    hands reads like one an organiser would type (:class:`HandsWriter`).
    """
    writer = HandsWriter()
    for record in records:
        yield writer.write(record)


def write_hand(record: HandRecord) -> str:
    """One hand as self-contained canonical text (with the header lines it needs)."""
    return HandsWriter().write(record)


class HandsWriter:
    """Our text for hands written one after another into one file.

    A header item holds until another says otherwise, so each hand's chunk states what changed
    since the hand written before it: a fact back to its default (no ante, ``rake none``) is
    written too, which a hand's text on its own leaves out.  A hand refused (``WriteError``)
    leaves the writer as it was: the next hand follows the last one written."""

    __slots__ = ("_settings", "_session", "_table", "_carried", "_rake_none")

    def __init__(self) -> None:
        self._settings: GameSettings | None = None
        self._session: Session | None = None
        self._table: str | None = None
        self._carried: set[tuple[str, tuple[str, str, str | None, str]]] = set()  # (table, event)
        self._rake_none = False  # "rake none" written: a hand after it may record no rake taken

    def write(self, record: HandRecord) -> str:
        """``record``'s chunk (header lines where they change, the hand, a blank line)."""
        settings = self._settings
        rake_none = self._rake_none
        if record.settings.rake is not None:
            rake_none = False
        elif settings is not None and settings.rake is not None:
            rake_none = True
        if rake_none and any(isinstance(e, RakeTaken) and e.amount for e in record.events):
            raise WriteError(
                f"hand {record.hand_id} records a rake taken with no rake rule, after a hand "
                "with one: the text format says so with 'rake none', under which no rake is "
                "taken"
            )
        base = settings
        if (
            base is not None
            and base.currency is not None
            and record.settings.currency == base.currency
            and record.session.kind == "cash"
            and self._session is not None
            and self._session.kind == "tournament"
        ):
            # A tournament's currency was its buy-in's: a cash game after it states its own,
            # as the reader asks (HandRecord.currency_inherited).
            base = replace(base, currency=None)
        header_lines = [_SEP.join(items) for items in _settings_items(record.settings, base)]
        session_items = _session_items(record.session, self._session)
        if session_items:
            header_lines.append(_SEP.join(session_items))
        if record.table != (self._table or ""):
            header_lines.append(f"table {free_text(record.table) if record.table else quote('')}")
        at = record.table, event_of(record.session, record.settings.currency)  # as the reader
        redeal = opens_a_redeal(at in self._carried, record.events)
        lines = header_lines + _hand_lines(record, redeal)
        self._settings, self._session, self._table = record.settings, record.session, record.table
        self._rake_none = rake_none
        if leaves_a_redeal(record.settings, any(isinstance(e, CarryOut) for e in record.events)):
            self._carried.add(at)
        else:
            self._carried.discard(at)
        return "\n".join(lines) + "\n\n"


# ---------------------------------------------------------------- comparisons and renderings


def without_positions(record: HandRecord) -> HandRecord:
    """The record with its positions (the hand's and its events'), source text and origin
    blanked, and its posts not said to be implied (the text leaves out posts equal to the
    implied ones, and reading it back implies them, a redeal's none too), nor its currency
    inherited (the writer states it): for round trips."""
    return replace(
        record,
        pos=NOWHERE,
        text="",
        origin="",
        positions=(),
        posts_implied=False,
        redeal_implied=False,
        currency_inherited=False,
        unknown_currencies=(),
    )


def _plain(value: Any) -> Any:
    if isinstance(value, Card):
        return str(value)
    if value is None:
        return None
    if isinstance(value, tuple):
        if _is_cards(value):
            return ["??" if v is None else str(v) for v in value]
        return [_plain(v) for v in value]
    if hasattr(value, "__dataclass_fields__"):
        return {f.name: _plain(getattr(value, f.name)) for f in fields(value)}
    return value


def _is_cards(values: tuple[Any, ...]) -> bool:
    if any(isinstance(v, Card) for v in values):
        return True
    return bool(values) and all(v is None for v in values)


def event_to_dict(ev: Event, at: Position = NOWHERE) -> dict[str, Any]:
    """``{"type": "Action", "line": 6, "column": 1, "player": "Dan", "verb": "call", ...}``:
    the event, written at ``at`` (its record's ``position(i)``)."""
    out: dict[str, Any] = {"type": type(ev).__name__, "line": at.line, "column": at.column}
    for f in fields(ev):
        value = getattr(ev, f.name)
        if f.name in ("cards", "discards", "received") and isinstance(value, tuple):
            out[f.name] = ["??" if c is None else str(c) for c in value]
        elif isinstance(ev, Buy) and f.name in ("discard", "received"):
            out[f.name] = "??" if value is None else str(value)
        else:
            out[f.name] = _plain(value)
    return out


def record_to_dict(record: HandRecord) -> dict[str, Any]:
    """The JSON object of one hand for ``parse --json``: settings, seats, events."""
    return {
        "source": record.pos.source,
        "line": record.pos.line,
        "hand": record.hand_id,
        "origin": record.origin,
        "table": record.table,
        "button": record.button,
        "session": _plain(record.session),
        "settings": _plain(record.settings),
        "seats": [_plain(s) for s in record.seats],
        "events": [event_to_dict(ev, record.position(i)) for i, ev in enumerate(record.events)],
    }


def describe_record(record: HandRecord) -> str:
    """A readable listing: the hand's settings in one line, then each event with its line."""
    s = record.settings
    head = [
        f"hand {record.hand_id}",
        _GAME_TEXT[s.game] + (" with a buy" if s.with_buy else ""),
        _structure_text(s.structure),
        f"blinds {s.small_blind}/{s.big_blind}",
    ]
    if s.ante:
        head.append(f"ante {s.ante}")
    if record.table:
        head.append(f"table {record.table}")
    seats = ", ".join(_seat_text(seat).replace('"', "") for seat in record.seats)
    lines = [f"{record.pos}  " + _SEP.join(head), f"  button {record.button}; seats {seats}"]
    for i, ev in enumerate(record.events):
        _, kw, entry = _grouped_entry(ev)
        label = kw.rstrip(":") or type(ev).__name__.lower()
        at = record.position(i)
        lines.append(f"  {at.line:>5}:{at.column:<3} {label:<10} {entry}")
    return "\n".join(lines)
