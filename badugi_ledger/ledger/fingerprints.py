"""A hand's fingerprint: its identity in the ledger, independent of the file it was read from.

SHA-256 of a canonical JSON of what makes a hand that hand: the reader (``origin``), hand id,
table, the session's kind, name and date, the button, the seats (names, stated stacks,
numbers), the full game settings (but a PokerStars tournament's currency, a fact of its event:
:data:`TOURNAMENT_CURRENCY_ADDED_LATER`) and a digest of the events with their fields but
*without* file positions.  So the same hand in another file, at another line, or with other
comments and spacing, has the same fingerprint; two hands differing in any recorded fact of
the hand do not.  (Two sessions with neither a name nor a date, a hand id and identical
contents cannot be told apart and count as one.)

The values must never change: ledgers in use hold them, and a re-import recognises its hands
only by them.  The definition is "``json.dumps(obj, sort_keys=True, ensure_ascii=False,
separators=(",", ":"))``, UTF-8, SHA-256" of the objects built below.  The events, ~50 per
hand, are the costly part, so :func:`events_json` writes that same JSON text directly instead
of building a list per event for ``json.dumps`` (about a fifth less time per hand): strings go
through the encoder ``json.dumps`` itself uses, integers, ``None`` and booleans are spelled as
JSON spells them, cards come from a table, and any other value is handed to ``json.dumps``
with the same options.  ``tests/ledger/test_pinned_data.py`` pins fingerprints computed by the
plain implementation and compares the two on many simulated and real hands.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from json.encoder import encode_basestring, encode_basestring_ascii
from operator import attrgetter
from typing import Any

from ..model.cards import DECK, Card
from ..model.events import Collect, FinalStack, HandRecord, Seat
from ..model.settings import POKERKIT_HOUSE, GameSettings, HouseRules

_SEPARATORS = (",", ":")


HOUSE_RULES_ADDED_LATER = frozenset(
    {"short_blind", "fixed_limit_raises", "odd_chip_split", "ante_trimming", "shown_after_muck"}
)
"""House rules added after fingerprints were first stored: part of a hand's canonical settings
only when they differ from what its format implies (:func:`implied_house_rules`), so adding a
rule changes no stored hand's fingerprint, and a hand played under another choice is told
apart."""


def implied_house_rules(origin: str) -> Mapping[str, object]:
    """The choices of :data:`HOUSE_RULES_ADDED_LATER` a hand of ``origin`` has unless it says
    otherwise: PokerKit's play for a PHH hand (its reader's), the defaults for the others."""
    house = POKERKIT_HOUSE if origin == PHH_ORIGIN else _DEFAULT_HOUSE
    return {name: getattr(house, name) for name in HOUSE_RULES_ADDED_LATER}


_DEFAULT_HOUSE = HouseRules()
PHH_ORIGIN = "phh"
"""``HandRecord.origin`` of a hand the PHH reader read."""


def canonical(value: Any) -> Any:
    """JSON-ready form of settings and events: cards as text, dataclasses as dicts (events
    carry no position)."""
    if isinstance(value, Card):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [canonical(v) for v in value]
    if isinstance(value, dict):
        return {str(k): canonical(v) for k, v in value.items()}
    return value


def _encode_with(encoder: json.JSONEncoder) -> Callable[[Any], str]:
    """``encoder.encode``, with the C encoder it runs made ONCE, here.

    ``JSONEncoder.encode`` makes a new C encoder from its options on every call (in CPython
    3.11 about 11,000 instructions, more than encoding a hand's seats), and a hand needs
    several texts (its fingerprint, its content digest, its shown cards, each pot's eligible
    players).  The C encoder is made from the same options in the same way
    (``json.encoder.c_make_encoder``, as ``JSONEncoder.iterencode`` calls it) and joined as
    ``encode`` joins it, so the text is the same.  Only for an encoder without
    ``check_circular`` (its table of open containers would outlive a failed call) and
    without ``indent``; else, or without the C accelerator, ``encoder.encode`` itself."""
    c_make_encoder = getattr(json.encoder, "c_make_encoder", None)  # what iterencode uses
    if c_make_encoder is None or encoder.check_circular or encoder.indent is not None:
        return encoder.encode
    c_encode = c_make_encoder(
        None,
        encoder.default,
        encode_basestring_ascii if encoder.ensure_ascii else encode_basestring,
        None,
        encoder.key_separator,
        encoder.item_separator,
        encoder.sort_keys,
        encoder.skipkeys,
        encoder.allow_nan,
    )

    def encode(obj: Any) -> str:
        return "".join(c_encode(obj, 0))

    return encode


_CANONICAL = json.JSONEncoder(
    sort_keys=True, ensure_ascii=False, separators=_SEPARATORS, check_circular=False
)
"""What ``json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))`` builds
on every call, built once (``json.dumps`` makes a new encoder per call when given options).
``check_circular`` only decides how a value that contains itself fails (our digests never
hold one): off, the encoder writes the same text without registering every list and dict."""

canonical_json: Callable[[Any], str] = _encode_with(_CANONICAL)
"""The one JSON spelling every digest uses (``_CANONICAL.encode``)."""

plain_json: Callable[[Any], str] = _encode_with(json.JSONEncoder(check_circular=False))
"""``json.dumps(obj)`` with no options (what the ledger stores as a pot's eligible players):
the same text, its encoder made once."""


def digest(obj: Any) -> str:
    return hashlib.sha256(canonical_json(obj).encode()).hexdigest()


# --- the events' JSON, written directly ----------------------------------------------------

_ITEM_JSON: dict[Card | None, str] = {card: encode_basestring(str(card)) for card in DECK}
_ITEM_JSON[None] = "null"


def _item_json(item: Any) -> str:
    """One item of a tuple field: ``None`` is null, anything else is written as its text
    (``str``), as the canonical event row did; the 52 cards and None come from a table."""
    if item is None or type(item) is Card:
        text = _ITEM_JSON.get(item)
        if text is not None:
            return text
    return encode_basestring(str(item))


def _value_json(value: Any) -> str:
    """One value as ``json.dumps`` writes it in the canonical texts: an event field that
    :func:`events_json` does not spell inline, or a field of the fingerprint's own object
    (a str, nearly always, through the encoder ``canonical_json`` uses for it)."""
    if type(value) is str:
        return encode_basestring(value)
    if isinstance(value, Card):
        return _item_json(value) if type(value) is Card else encode_basestring(str(value))
    return canonical_json(value)  # anything else: exactly what json.dumps writes


def _field_values(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """A getter of these fields as a tuple (``attrgetter`` of one name returns the bare value)."""
    if len(names) == 1:
        get_one = attrgetter(names[0])
        return lambda event: (get_one(event),)
    return attrgetter(*names)


_EVENT_FIELDS: dict[type, tuple[str, Callable[[Any], tuple[Any, ...]]]] = {}


def _event_spec(cls: type) -> tuple[str, Callable[[Any], tuple[Any, ...]]]:
    """``('["Type"', getter of the fields)`` of an event class, made once."""
    spec = _EVENT_FIELDS.get(cls)
    if spec is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        spec = _EVENT_FIELDS[cls] = ("[" + encode_basestring(cls.__name__), _field_values(names))
    return spec


_ROWS: dict[int, tuple[Any, str]] = {}
"""``id(event)`` -> (that event, its row): the rows of event objects met before that hold no
cards, at most :data:`_ROWS_LIMIT` (emptied when full).  Readers give every occurrence of a
recurring entry (``Ben calls``) one object, so most of a hand's rows were written for an earlier
hand; events with cards (deals, draws, shows) hardly ever recur and are not kept, nor are those
of :data:`_NOT_KEPT`.  Keyed by identity, with the object itself kept, so its id is not reused
while it is here: an id found here is that live object's.  Equal events are not enough, ``1``
and ``True`` are equal but written ``1`` and ``true``."""
_ROWS_LIMIT = 1 << 12

_NOT_KEPT: frozenset[type] = frozenset({FinalStack})
"""Events without cards whose rows are not kept either: a final stack (``Dan 120``) is the
hand's own (six a hand at a six-handed table, each a new object), so keeping it would only
fill :data:`_ROWS` and empty it every few hundred hands, and the rows of the entries that do
recur (``Ben calls``) would be written again after each emptying."""


def events_json(events: Iterable[Any]) -> str:
    """The canonical JSON of a hand's event rows (what ``digest`` of those rows would hash):
    each event ``["Type", field values…]`` (declaration order; events carry no position).

    Every token of the hand goes into ONE list, joined once with commas: an event's first
    token opens its row (``["Type"``), its last closes it (``…]``), and so for the items of a
    tuple field (cards, ``None`` for an unknown one, each written as its text).  Strings,
    integers, ``None`` and booleans - nearly every field - are spelled inline (no call per
    value); the rest goes through :func:`_value_json`.  The row of an event without cards is
    kept (:data:`_ROWS`) and is one token when the same object comes again, in this hand or a
    later one.
    """
    parts: list[str] = []
    append = parts.append
    specs = _EVENT_FIELDS
    card_json = _ITEM_JSON
    rows = _ROWS
    for event in events:
        known = rows.get(id(event))
        if known is not None:  # that very object: it is kept alive here (see _ROWS)
            append(known[1])
            continue
        start = len(parts)
        plain = True
        cls = type(event)
        head, values = specs.get(cls) or _event_spec(cls)
        append(head)
        for value in values(event):
            kind = type(value)
            if kind is str:
                append(encode_basestring(value))
            elif kind is tuple:  # cards, some unknown (None): one token per item
                # (tested second: nearly every row written anew is a deal, draw or show)
                plain = False
                if not value:
                    append("[]")
                    continue
                first = len(parts)
                try:  # a card (exact type): ONE subscript (no call); an unknown one: null
                    for item in value:
                        append(
                            card_json[item]
                            if type(item) is Card
                            else "null"
                            if item is None
                            else _item_json(item)
                        )
                except KeyError:  # a card outside the deck (no reader makes one): its text
                    del parts[first:]
                    parts += map(_item_json, value)
                parts[first] = "[" + parts[first]
                parts[-1] += "]"
            elif kind is int:
                append(f"{value!r}")  # an int's repr, as int.__repr__ writes it: a cheaper call
            elif value is None:
                append("null")
            elif value is True:
                append("true")
            elif value is False:
                append("false")
            else:
                append(_value_json(value))
        parts[-1] += "]"
        if plain and cls not in _NOT_KEPT:
            if len(rows) >= _ROWS_LIMIT:
                rows.clear()
            rows[id(event)] = (event, ",".join(parts[start:]))
    return "[" + ",".join(parts) + "]"


def event_json(event: Any) -> str:
    """One event's row (``["Type", field values…]``) as canonical JSON: :func:`events_json`
    of that event alone, without the list around it."""
    return events_json((event,))[1:-1]


TOURNAMENT_CURRENCY_ADDED_LATER = frozenset({"pokerstars"})
"""Readers whose tournament hands name the currency of the buy-in (``GameSettings.currency``)
only since a later version: before, they named none, and ledgers hold those hands'
fingerprints.  A tournament hand of theirs is fingerprinted with no currency, as before, so it
is still recognised on re-import; the currency is a fact of its event (its money, of which the
event's key holds the unit), as the buy-in is, which no fingerprint holds either."""


@functools.lru_cache(maxsize=256)
def _settings_digest(settings: GameSettings, origin: str, tournament: bool) -> str:
    data = canonical(settings)
    house = data["house"]
    for name, implied in implied_house_rules(origin).items():
        if house[name] == implied:
            del house[name]
    if tournament and origin in TOURNAMENT_CURRENCY_ADDED_LATER:
        data["currency"] = None
    return digest(data)


_last_settings: tuple[GameSettings | None, str, bool, str] = (None, "", False, "")
"""The settings object, origin and kind asked last and their digest: a file's hands share one
settings object, and finding it in the cache hashes every field of it (about 20,000
instructions a hand)."""


def settings_digest(settings: GameSettings, origin: str, tournament: bool = False) -> str:
    """Digest of the canonical settings of a hand of ``origin`` (of a tournament, or not);
    the same object, origin and kind as last time are answered at once."""
    global _last_settings
    last, last_origin, last_tournament, text = _last_settings
    if settings is not last or origin != last_origin or tournament is not last_tournament:
        text = _settings_digest(settings, origin, tournament)
        _last_settings = (settings, origin, tournament, text)
    return text


POT_UNNAMED_ORIGINS = frozenset({"merge", "kingsclub"})
"""Readers of sites that never say which pot a winner's amount came from.  They once recorded
every collection as from the ``main`` pot, and fingerprints in ledgers hold that spelling; a
collection of theirs that names no pot is fingerprinted as ``main``, so those hands are still
recognised on re-import."""


CLAIMS_ADDED_LATER = frozenset({PHH_ORIGIN})
"""Readers that turn a field into claims only since a later version: the PHH reader's
``winnings``, read as collections that name no pot (``phh/reader.py``; its other collections,
``_pot_winnings``, always name their pot).  Such a claim is no part of the fingerprint, so a
hand whose claims the replay confirms (the only hands an import stores) keeps the fingerprint
ledgers hold for it; a claim the replay refutes keeps the hand out of the ledger anyway."""


def _fingerprinted_events(record: HandRecord) -> tuple[Any, ...]:
    if record.origin in CLAIMS_ADDED_LATER:
        events = record.events
        if Collect in map(type, events) and any(
            type(e) is Collect and e.pot is None for e in events
        ):
            return tuple([e for e in events if type(e) is not Collect or e.pot is not None])
        return events
    if record.origin not in POT_UNNAMED_ORIGINS:
        return record.events
    return tuple(
        [
            Collect(e.player, e.amount, "main") if type(e) is Collect and e.pot is None else e
            for e in record.events
        ]
    )


_SEATS: dict[tuple[int, ...], tuple[tuple[Seat, ...], str]] = {}
"""The ids of a hand's seat objects -> (those seats, ``canonical_json`` of their
``[name, stack, number]`` lists), at most :data:`_ROWS_LIMIT`.  A reader gives each distinct
seat entry of a table one object, so a table's hands find their seats here; the seats are
kept, so the ids stay theirs."""


def _seats_json(seats: tuple[Seat, ...]) -> str:
    key = tuple(map(id, seats))
    known = _SEATS.get(key)
    if known is not None:
        return known[1]
    text = canonical_json([[s.name, s.stack, s.number] for s in seats])
    if len(_SEATS) >= _ROWS_LIMIT:
        _SEATS.clear()
    _SEATS[key] = (seats, text)
    return text


def fingerprint(record: HandRecord) -> str:
    """The source-independent identity of a hand (see the module docstring): the digest of

    ``{"v": 1, "origin": …, "hand": hand id, "table": …, "session": [kind, name, date],
    "button": …, "seats": [[name, stack, number], …], "settings": settings digest,
    "events": SHA-256 of events_json}``,

    whose canonical JSON (keys sorted) is written here directly, each value as
    ``canonical_json`` writes it."""
    session = record.session
    events = hashlib.sha256(events_json(_fingerprinted_events(record)).encode()).hexdigest()
    settings = settings_digest(record.settings, record.origin, session.kind == "tournament")
    text = (
        f'{{"button":{_value_json(record.button)},"events":"{events}",'
        f'"hand":{_value_json(record.hand_id)},"origin":{_value_json(record.origin)},'
        f'"seats":{_seats_json(record.seats)},'
        f'"session":{canonical_json([session.kind, session.name, session.date])},'
        f'"settings":"{settings}","table":{_value_json(record.table)},'
        '"v":1}'
    )
    return hashlib.sha256(text.encode()).hexdigest()


__all__ = ["canonical", "canonical_json", "digest", "event_json", "events_json", "fingerprint"]
