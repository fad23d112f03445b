"""PHH action strings (``p2 cbr 4``, ``d dh p1 7d3c6h3d``): where each stands in the file and
what each says.

Why a module of its own: the reader (:mod:`.reader`) turns a hand's fields into events, and the
loop of :mod:`.actions` turns its actions into events; what lies under that loop - each string
decoded once into a :data:`Step` (its cards looked up two characters or four at a time, its
events shared between the hands it recurs in), with the bounded caches that make a file's
recurring strings a look-up - and the pass that places each string on its file line for the
positions, depend on nothing of the hand but its draft, so they stand here.
"""

from __future__ import annotations

import re
from typing import Any

from ..model.cards import DECK
from ..model.errors import BadugiError
from ..model.events import Cards, Event
from ..model.limits import MAX_AMOUNT, MAX_DIGITS, quote
from ..sites.common import parse_site_cards
from ..sites.draft import HandDraft
from .fields import decimal_units
from .split import PhhPiece

_ACTIONS_KEY = re.compile(r"[ \t]*(?:actions|\"actions\"|'actions')[ \t]*=")
_STRING_OR_COMMENT = re.compile(r"'[^'\n]*'|\"(?:[^\"\\\n]|\\.)*\"|#")
"""A TOML string on one line (literal or basic), or the start of a comment."""


def _action_lines(piece: PhhPiece, actions: list[str], line: int) -> list[int]:
    """The 0-based file line of each action string: the strings of the ``actions`` array are
    counted line by line from its key, one pass over the hand's lines.  Used for positions
    only; any action not placed (an odd layout) is put on the hand's first line."""
    found: list[int] = []
    want = len(actions)
    inside = False
    for i, text in enumerate(piece.lines):
        start = 0
        if not inside:
            if "actions" not in text or _ACTIONS_KEY.match(text) is None:
                continue
            inside, start = True, text.index("=") + 1
            if _all_on_one_line(text, start, want):
                return [piece.start - 1 + i] * want
        at = piece.start - 1 + i
        strings = _strings_on_line(text, start)
        if strings >= 0:
            found.extend([at] * strings)
        else:
            for token in _STRING_OR_COMMENT.finditer(text, start):
                if token.group() == "#":
                    break
                found.append(at)
        if len(found) >= want:
            return found[:want]
    return found + [line - 1] * (want - len(found))


def _strings_on_line(text: str, start: int) -> int:
    """How many strings the token search of :func:`_action_lines` would find on ``text`` from
    ``start`` when the line is one of an array written one item a line (``  'p3 f',  # Ted``,
    a comment, nothing), found by string operations; else -1 (the search then runs).

    Without an escape, a string runs from its quote to the next one; if nothing after it holds
    a quote, no other string starts on the line (a ``#`` after it starts a comment)."""
    body = text[start:].lstrip(" ")
    first = body[:1]
    if not first or first == "#":
        return 0
    if (first == "'" or first == '"') and "\\" not in body:
        end = body.find(first, 1)
        if end > 0 and body.find("'", end + 1) < 0 and body.find('"', end + 1) < 0:
            return 1
    return -1


def _all_on_one_line(text: str, start: int, want: int) -> bool:
    """Whether the ``actions`` key's line ``text`` holds, after ``start``, exactly ``want``
    strings and nothing that could hide one (as every writer of one-line arrays prints it): no
    comment, no escape, and quotes of one kind only, ``2 * want`` of them.  The token search of
    :func:`_action_lines` would then find those ``want`` strings on this line, one by one."""
    if "#" in text or "\\" in text:
        return False
    if text.find("'", start) < 0:  # (a search for a quote is quicker than counting them)
        return text.count('"', start) == 2 * want
    return text.find('"', start) < 0 and text.count("'", start) == 2 * want


_ONE_CARD: dict[str, tuple[Cards, int]] = {
    **{str(card): ((card,), 1 << card.code) for card in DECK},
    "??": ((None,), 0),
}
"""The two-character cards PHH writers use (``As``, ``??``), each with its bit in a mask of the
cards seen (none for an unknown card)."""
_CHUNKS: dict[str, tuple[Cards, int]] = {}
"""Two- and four-character pieces of card strings already read (at most 53 + 53² of them):
``7d3c6h3d`` is read as ``7d3c`` + ``6h3d``, two look-ups, instead of card by card."""
_PAIRS = re.compile(r"..", re.DOTALL)


def _chunk(code: str) -> tuple[Cards, int] | None:
    """``code`` (one or two cards) from :data:`_ONE_CARD`, or None: not canonical, or repeated."""
    entry = _ONE_CARD.get(code)
    if entry is None and len(code) == 4:
        first, second = _ONE_CARD.get(code[:2]), _ONE_CARD.get(code[2:])
        if first is not None and second is not None and not first[1] & second[1]:
            entry = (first[0] + second[0], first[1] | second[1])
    if entry is not None:
        _CHUNKS[code] = entry
    return entry


def _known_cards(text: str) -> Cards | None:
    """``text``'s cards when they are canonical and none repeats, by :func:`_chunk` (one or two
    look-ups per four characters), else None."""
    if len(text) == 8:  # a Badugi hand: two look-ups, as the loop below makes them
        first = _CHUNKS.get(text[:4]) or _chunk(text[:4])
        second = _CHUNKS.get(text[4:]) or _chunk(text[4:])
        if first is None or second is None or first[1] & second[1]:
            return None
        return first[0] + second[0]
    one_or_two = _CHUNKS.get(text)  # discards and draws: the most common (keys of 2 or 4)
    if one_or_two is not None:
        return one_or_two[0]
    if len(text) > 2 * len(DECK) or len(text) % 2:
        return None
    cards: Cards = ()
    seen = 0
    for at in range(0, len(text), 4):
        code = text[at : at + 4]
        entry = _CHUNKS.get(code) or _chunk(code)
        if entry is None or entry[1] & seen:
            return None
        cards += entry[0]
        seen |= entry[1]
    return cards


def _cards(text: str, draft: HandDraft, line: int) -> Cards:
    """PHH cards (``7d3c6h3d``, ``????``): canonical ones by :func:`_known_cards`, anything else
    (and every error: a repeated card, a rank or suit that is not one) by ``parse_site_cards``."""
    cards = _known_cards(text)
    if cards is not None:
        return cards
    if len(text) > 2 * len(DECK):
        raise draft.error(
            f"{quote(repr(text))} has more cards than a deck holds", line, rule="bad-phh"
        )
    if len(text) % 2:
        raise draft.error(
            f"cannot split {quote(repr(text))} into two-character cards", line, rule="bad-phh"
        )
    try:
        return parse_site_cards(" ".join(_PAIRS.findall(text)), draft.pos)
    except BadugiError as exc:  # a rank or suit that is none, a card twice: at its line
        raise draft.error(exc.message, line, rule=exc.rule or "bad-phh") from None


# Codes of a decoded action string, the most frequent first (the loop tests them in this order);
# the two that name no player last.
DEAL, DISCARD, CALL, BET, FOLD, SHOW, MUCK, SHOW_HIDDEN, MEANINGLESS, NOTE, MALFORMED = range(11)

Step = tuple[int, int, str, Any, str, dict[Any, Event]]
"""An action string decoded once: ``(code, seat, player label, value, argument, events)``.

``code`` is one of :data:`DEAL` (``d dh``), :data:`DISCARD` (``sd``), :data:`CALL` (``cc``),
:data:`BET` (``cbr`` with its amount), :data:`FOLD`, :data:`SHOW` and :data:`MUCK` (``sm``
with cards or without), :data:`SHOW_HIDDEN` (``sm -``), :data:`NOTE` (nothing but a comment),
:data:`MALFORMED` (a deal written wrongly: an error before its player is looked up) or
:data:`MEANINGLESS` (a verb with no meaning in Badugi, ``cbr`` without one whole amount: an
error once its player is known).  ``seat`` is the player's index from the label (``p3``: 2;
:data:`NO_SEAT` when the label is no ``p`` and digits from 1, -1 for no player), checked
against the hand's players at use: an index beyond them is looked up by :func:`_player`.
``value`` is what the hand needs: the cards (canonical ones decoded here, else ``None``: read
at use by :func:`_cards`, which reports them), the ``cbr`` amount, or the error message;
``argument`` the word after the verb (``""`` if none).  ``events`` holds the events the
string has stood for so far, for a string that names no cards (``p2 f``, ``p1 cc``, ``p3 cbr
4``, ``p4 sd``, ``p1 sm``): keyed by what the event also depends on (the player the label names
in this hand, the chips a call puts in...), so each recurrence of the string adds the same
event object (:func:`_shared`).  A string with cards makes its event per occurrence.
"""
NO_SEAT = 1 << 32
"""The seat of a label that names none (``x1``, ``p0``): beyond every hand's players, so the
loop's plain ``names[seat]`` fails and :func:`_player` reports it (or reads an odd label)."""
_CHIPS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")
_DIGITS = r"[0-9]+(?:_[0-9]+)*"
_NUMBER = re.compile(rf"[+-]?(?:{_DIGITS}(?:\.(?:{_DIGITS})?)?|\.{_DIGITS})(?:[eE][+-]?{_DIGITS})?")
"""A ``cbr`` amount written otherwise than in plain digits: with a sign, a point, an exponent
or ``_`` between digits (``cbr 0.50``, ``cbr 4.0``, ``cbr 4e0``, ``cbr +4``), as TOML writes
the numbers of a hand's fields, and as PokerKit reads an action's amount (``Decimal``: leading
zeros, ``cbr 04``, and a point with no digit before or after it, ``cbr .5``, ``cbr 4.``).
Read at use by :func:`_bet_amount`, by the rule that reads a float of those fields."""
_STEPS: dict[str, Step] = {}
_STEPS_LIMIT = 10_000
"""At most this many decoded action strings are kept (then the cache starts again): memory stays
flat however many hands a run reads, while the strings files repeat (``p2 cc``, ``p1 sd``,
``p3 cbr 4``) are decoded once.  Strings with cards are not kept: see :data:`_HEADS`."""
_HEADS: dict[str, tuple[int, int, str]] = {}
"""``(code, seat, label)`` of the words before the cards of an action string that carries them
(``d dh p1``, ``p2 sd``, ``p3 sm``), as :func:`_decode` read them from a string written in the
plain form (single spaces, no comment).  A hand's cards make most of its strings new (``d dh p1
4cQd3hJc`` occurs once in a file), so such a string is read by :func:`_step` as its head, one
look-up here, and its cards, one or two look-ups (:func:`_known_cards`), and is not kept.  Its
size is bounded like :data:`_STEPS` (a hand has at most a few dozen heads)."""
_HEADS_LIMIT = 1_000
_CARD_WORDS = {DEAL: 4, DISCARD: 3, SHOW: 3}
"""How many words a plain action string of each code that carries cards has, its cards last."""
_PER_OCCURRENCE: dict[Any, Event] = {}
"""The ``events`` of a step read by its head (:func:`_step`): its cards make its event, built
per occurrence, so nothing is ever kept here."""
_EVENTS_LIMIT = 64
"""At most this many events are kept per action string (then its table starts again): enough
for the players a label names across a night's file times the few amounts a fixed-limit call
can put in, and memory stays flat whatever a file holds."""


def _shared(events: dict[Any, Event], key: object, event: Event) -> Event:
    """``event``, kept in a step's ``events`` under ``key`` (see :data:`Step`) for the string's
    next occurrences."""
    if len(events) >= _EVENTS_LIMIT:
        events.clear()
    events[key] = event
    return event


def _step(raw: str) -> Step:
    """``raw`` decoded (it is not in :data:`_STEPS`): by its head (:data:`_HEADS`) when it is a
    plain string with canonical cards after a head already read, else by :func:`_decode`.

    Both read the same: a known head is the words, joined by single spaces, that
    :func:`_decode` read before the last word of a string of :data:`_CARD_WORDS` words, and a
    non-empty ``tail`` of canonical cards holds no blank and no ``#``, so :func:`_decode` would
    split ``raw`` into those words and that tail, and decode it to this step."""
    head, _, tail = raw.rpartition(" ")
    known = _HEADS.get(head)
    if known is not None and tail:
        cards = _known_cards(tail)
        if cards is not None:
            code, seat, who = known
            return code, seat, who, cards, tail, _PER_OCCURRENCE
    return _decode(raw)


def _decode(raw: str) -> Step:
    """``raw`` decoded word by word; kept in :data:`_STEPS`, or its head in :data:`_HEADS`."""
    words = (raw.split("#", 1)[0] if "#" in raw else raw).split()
    step: tuple[int, int, str, Any, str]
    if not words:
        step = (NOTE, -1, "", None, "")
    elif words[:2] == ["d", "dh"]:
        if len(words) == 4:
            step = (DEAL, _seat(words[2]), words[2], _known_cards(words[3]), words[3])
        else:
            message = f"cannot read the action {quote(repr(raw))}"
            step = (MALFORMED, -1, "", message, "")
    else:
        who, verb = words[0], words[1] if len(words) > 1 else ""
        arg = words[2] if len(words) > 2 else ""
        seat = _seat(who)
        if verb == "sd":
            step = (DISCARD, seat, who, _known_cards(arg) if arg else (), arg)
        elif verb == "cc":
            step = (CALL, seat, who, None, arg)
        elif verb == "f":
            step = (FOLD, seat, who, None, arg)
        elif verb == "sm" and not arg:
            step = (MUCK, seat, who, None, arg)
        elif verb == "sm" and arg == "-":
            step = (SHOW_HIDDEN, seat, who, None, arg)
        elif verb == "sm":
            step = (SHOW, seat, who, _known_cards(arg), arg)
        elif verb == "cbr" and len(words) == 3 and _whole_chips(words[2]):
            step = (BET, seat, who, int(words[2]), arg)
        elif verb == "cbr" and len(words) == 3 and _NUMBER.fullmatch(words[2]):
            step = (BET, seat, who, words[2], arg)  # read at use, by the hand's scale
        elif verb == "cbr" and len(words) == 3:
            step = (MEANINGLESS, seat, who, _cbr_message(raw), arg)
        else:
            message = f"the action {quote(repr(raw))} has no meaning in Badugi"
            step = (MEANINGLESS, seat, who, message, arg)
    code = step[0]
    if (
        step[3] is not None
        and len(words) == _CARD_WORDS.get(code)
        and step[4]
        and raw == " ".join(words)
    ):
        if len(_HEADS) >= _HEADS_LIMIT:
            _HEADS.clear()
        _HEADS[raw[: -len(step[4]) - 1]] = (code, step[1], step[2])
        return (*step, _PER_OCCURRENCE)
    if len(_STEPS) >= _STEPS_LIMIT:
        _STEPS.clear()
    kept = _STEPS[raw] = (*step, {})
    return kept


def _whole_chips(word: str) -> bool:
    return _CHIPS.fullmatch(word) is not None and int(word) <= MAX_AMOUNT


def _cbr_message(raw: str) -> str:
    return (
        f"{quote(repr(raw))}: cbr takes a whole number of chips from 0 to 2^53 (in a hand with "
        "a currency, an amount of it in whole cents: at most two decimals)"
    )


def _bet_amount(value: int | str, scale: int, draft: HandDraft, line: int, raw: str) -> int:
    """The chips (cents, ``scale`` 100, in a hand with a currency) of a ``cbr`` amount:
    ``value`` is the whole number or the number word (:data:`_NUMBER`) :func:`_decode` read.
    A word is read as a TOML float of a field is (``decimal_units``, by its digits): ``4e0``
    and ``+4`` are 4 chips, as in ``starting_stacks``, and ``0.125`` is no whole number of
    cents wherever it is written."""
    if type(value) is int:
        amount: int | None = value * scale
    else:  # in whole cents of money, or whole chips (``4.0``), exactly
        from decimal import Decimal, InvalidOperation  # (never a binary float)

        try:
            number = Decimal(value)
        except InvalidOperation:  # an exponent beyond any context: no amount
            number = Decimal(-1)
        amount = None if number < 0 else decimal_units(number, 2 if scale != 1 else 0)
    if amount is None or amount > MAX_AMOUNT:
        raise draft.error(_cbr_message(raw), line, rule="bad-phh")
    return amount


def _seat(word: str) -> int:
    """The player index a label names (``p1``: 0), or :data:`NO_SEAT`: :func:`_player` then
    reports it."""
    if word.startswith("p") and word[1:].isdecimal() and word[1:].isascii():
        digits = word[1:].lstrip("0") or "0"  # (``p001`` is ``p1``)
        if len(digits) > MAX_DIGITS:  # (``int`` refuses more than 4,300 digits)
            return NO_SEAT
        seat = int(digits) - 1
        if seat >= 0:
            return seat
    return NO_SEAT
