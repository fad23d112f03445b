"""Cards as organisers write them: ``As``, ``Td``, ``10d``, ``10♦``, ``a♠``, ``AS``.

A card is a small immutable value (rank 1..13 with the ace as 1, suit one of ``cdhs``) so that
hand evaluation can use plain integer arithmetic.  ``None`` stands for a card nobody saw
(written ``??`` or ``X`` in histories).

>>> parse_card("10♦")
Card(rank=10, suit='d')
>>> str(parse_card("a♠")), str(parse_card("AS")), str(parse_card("Td"))
('As', 'As', 'Td')
>>> parse_cards("Qs 3c ??")
(Card(rank=12, suit='s'), Card(rank=3, suit='c'), None)
>>> parse_card("1s")
Traceback (most recent call last):
...
badugi_ledger.model.errors.CardError: unknown rank '1' in card '1s' (ranks are A 2-9 T/10 J Q K)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from functools import cache
from typing import NamedTuple

from .errors import CardError, Position

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "cdhs"
SUIT_SYMBOLS = {"♣": "c", "♦": "d", "♥": "h", "♠": "s", "♧": "c", "♢": "d", "♡": "h", "♤": "s"}
UNKNOWN_TOKENS = frozenset({"??", "?", "X", "x", "XX", "xx", "#"})

_RANK_OF = {c: i + 1 for i, c in enumerate(RANK_CHARS)}
_RANK_OF["10"] = 10
_ONE_CARD = r"(?:10|[2-9AaTtJjQqKk])[cdhsCDHS♣♦♥♠♧♢♡♤]"

# The patterns below are compiled the first time a card is not written canonically (``As``,
# ``Td``: a dictionary look-up, see CARD_BY_TEXT): our format's reader and most files never
# ask, and compiling them cost more at every start than reading a hand.


@cache
def _card_pattern() -> re.Pattern[str]:
    """A card's rank and the rest of the token (its suit), for :func:`parse_card`."""
    return re.compile(r"^(10|[2-9AaTtJjQqKk1]|.)(.*)$", re.S)


@cache
def _run_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Cards written without spaces between them, as PHH and many sites do (``As2d3h4c``):
    the whole run, and one card of it."""
    one = f"{_ONE_CARD}|\\?\\?"
    return re.compile(f"(?:{one})(?:{one})+"), re.compile(one)


class Card(NamedTuple):
    """One playing card; ``rank`` 1 (ace) .. 13 (king), ``suit`` in ``cdhs``.

    >>> Card(1, "s") < Card(2, "c")
    True
    >>> Card(13, "h").code
    50
    """

    rank: int
    suit: str

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 1] + self.suit

    @property
    def code(self) -> int:
        """0..51, ordered by rank then suit: a dense key for tables and bit masks."""
        return (self.rank - 1) * 4 + SUIT_CHARS.index(self.suit)


DECK: tuple[Card, ...] = tuple(Card(r, s) for r in range(1, 14) for s in SUIT_CHARS)
BY_INDEX: tuple[Card, ...] = DECK
CARD_INDEX: dict[Card, int] = {card: i for i, card in enumerate(DECK)}
"""Every card's index in :data:`DECK` (its :attr:`Card.code`, without computing it): the small
int that tables, bit masks (``1 << index``) and the replay's card tracking use.

>>> CARD_INDEX[parse_card("Kh")] == parse_card("Kh").code == 50
True
"""
CARD_BY_TEXT: dict[str, Card] = {str(card): card for card in DECK}
"""Every card by its canonical two-character text (``As``, ``Td``): importers read thousands
of cards written this way, and a dictionary look-up gives what :func:`parse_card` would.

>>> CARD_BY_TEXT["Td"] == parse_card("Td") == parse_card("10d")
True
"""


def rank_char(rank: int, *, ace_high: bool = False) -> str:
    """The one-character name of a rank (``T`` for ten); ``ace_high`` accepts 14.

    >>> rank_char(10), rank_char(1), rank_char(14, ace_high=True)
    ('T', 'A', 'A')
    """
    if ace_high and rank == 14:
        return "A"
    return RANK_CHARS[rank - 1]


def parse_card(token: str, position: Position | None = None) -> Card:
    """Read one card; raise :class:`CardError` naming the token when it is not one."""
    known = CARD_BY_TEXT.get(token)
    if known is not None:  # the canonical spelling, by far the most common: no parsing
        return known
    text = token.strip()
    m = _card_pattern().match(text)
    if not text or m is None:
        raise CardError(f"empty card token {token!r}", position=position)
    rank_text, suit_text = m.group(1), m.group(2)
    rank = _RANK_OF.get(rank_text.upper())
    if rank is None:
        raise CardError(
            f"unknown rank {rank_text!r} in card {token!r} (ranks are A 2-9 T/10 J Q K)",
            position=position,
        )
    if not suit_text:
        raise CardError(
            f"card {token!r} has no suit (suits are c d h s or ♣ ♦ ♥ ♠)", position=position
        )
    suit = SUIT_SYMBOLS.get(suit_text) or (suit_text.lower() if len(suit_text) == 1 else "")
    if suit not in SUIT_CHARS or not suit:
        raise CardError(
            f"unknown suit {suit_text!r} in card {token!r} (suits are c d h s or ♣ ♦ ♥ ♠)",
            position=position,
        )
    return Card(rank, suit)


def parse_card_or_unknown(token: str, position: Position | None = None) -> Card | None:
    """Like :func:`parse_card`, but ``??``/``X`` give ``None`` (a card nobody saw)."""
    if token.strip() in UNKNOWN_TOKENS:
        return None
    return parse_card(token, position)


def parse_cards(
    text: str | Iterable[str], position: Position | None = None
) -> tuple[Card | None, ...]:
    """Read several cards (space or comma separated, run together, or a list); repeated known
    cards fail.

    >>> parse_cards("As Ad 10♦")
    (Card(rank=1, suit='s'), Card(rank=1, suit='d'), Card(rank=10, suit='d'))
    >>> parse_cards("As2d3h4c") == parse_cards("As 2d 3h 4c")
    True
    >>> parse_cards("As AS")
    Traceback (most recent call last):
    ...
    badugi_ledger.model.errors.CardError: card As appears twice
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    tokens = [part for token in tokens for part in _split_run(token)]
    cards = tuple(parse_card_or_unknown(t, position) for t in tokens)
    ensure_distinct(cards, position)
    return cards


def is_card_run(token: str) -> bool:
    """Whether ``token`` is two cards or more written without spaces between them (``As2d``,
    ``??Kd``), which :func:`parse_cards` splits.

    >>> is_card_run("As2d"), is_card_run("As"), is_card_run("Anna")
    (True, False, False)
    """
    return len(token) > 3 and _run_patterns()[0].fullmatch(token) is not None


def _split_run(token: str) -> list[str]:
    """``As2d`` -> ``["As", "2d"]``; any other token is left whole for :func:`parse_card` to
    read or to name in its error."""
    if is_card_run(token):
        return _run_patterns()[1].findall(token)
    return [token]


def parse_known_cards(
    text: str | Iterable[str], position: Position | None = None
) -> tuple[Card, ...]:
    """Read cards that must all be known (showdown, ``showdown`` command)."""
    cards = parse_cards(text, position)
    known: list[Card] = []
    for card in cards:
        if card is None:
            raise CardError("an unknown card cannot be evaluated here", position=position)
        known.append(card)
    return tuple(known)


def ensure_distinct(cards: Iterable[Card | None], position: Position | None = None) -> None:
    """Raise :class:`CardError` when a known card appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card is None:
            continue
        if card in seen:
            raise CardError(f"card {card} appears twice", position=position)
        seen.add(card)


def format_cards(cards: Sequence[Card | None]) -> str:
    """Cards in canonical text, unknown ones as ``??``.

    >>> format_cards((Card(12, 's'), None, Card(10, 'd')))
    'Qs ?? Td'
    """
    return " ".join("??" if c is None else str(c) for c in cards)
