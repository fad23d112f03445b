"""Hand values for every game of the Badugi family, each an immutable, totally ordered value.

Every value answers the one question a showdown asks: ``a > b`` means *a beats b*, ``a == b``
means the two hands tie (whatever their suits), and ``describe()`` names the cards that count.

* :func:`badugi_value` - the largest selection of cards with distinct ranks and distinct suits,
  then the lowest one compared from its highest card down (``000`` "Hand ranking", ``002``
  Article 2, ``004``).  ``001``'s example "A♠-2♠-3♥-4♦ keeps 2♠-3♥-4♦" contradicts that rule
  and is overridden (``shared/seeds/README.md`` item 1): the best selection is A♠-3♥-4♦.
  ``ace_high=True`` is the Badugi half of Badeucey (``004``): aces rank above kings and the best
  hand is 5-4-3-2.
* :func:`ace_five_value` - ace-to-five low over five cards: pairs count, straights and flushes
  do not (``004`` "Read the A-5 low").
* :func:`deuce_seven_value` - deuce-to-seven low over five cards: aces are high, straights and
  flushes count against the hand (``004`` Badeucey comparison).
* :func:`qualifies` - the Progressive Badugi qualifier (``002`` 3.1/3.2).
* :func:`meets_qualifier` - whether a hand meets its game's qualifier under the house rules:
  the one question the pot division, the ``showdown`` calculator and the replay ask.
* :func:`evaluate` - one value per half of the pot for a game.

Where each part lives: :mod:`badugi_ledger.hands.badugi` (the Badugi ranking and its memo
tables), :mod:`badugi_ledger.hands.low` (the A-5 and 2-7 lows), :mod:`badugi_ledger.hands.value`
(what every value shares, and the card bits); the facts of each game (hand size, halves) are
:data:`badugi_ledger.model.games.GAMES`.  This module holds the per-game view: the Progressive
qualifier, :data:`HandValue` and :func:`evaluate`.

>>> from ..model.cards import parse_known_cards as cards
>>> badugi_value(cards("A♠ 2♠ 3♥ 4♦")).describe()
'3-card 4-3-A'
>>> badugi_value(cards("8h 7d 5c 4s")) > badugi_value(cards("9s 4c 3h 2d"))
True
>>> badugi_value(cards("Ks Qc Js 8h")).cards      # two spades: K♠ or J♠ must go
(Card(rank=12, suit='c'), Card(rank=11, suit='s'), Card(rank=8, suit='h'))
>>> ace_five_value(cards("5d 4d 3h 2s Ac")).describe()
'5-4-3-2-A low'
>>> deuce_seven_value(cards("As 2h 3d 4c 5c")).describe()
'A-5-4-3-2 low'
>>> badugi_value(cards("As 2h 3d 4c 5c"), ace_high=True).describe()
'4-card A-4-3-2'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model.cards import Card
from ..model.errors import CardError, ConfigError
from ..model.games import GAME_NAMES, GAMES, GameName
from ..model.settings import HouseRules
from . import badugi, low
from .badugi import (
    BadugiValue,
    badugi_value,
)
from .low import LowValue, ace_five_value, deuce_seven_value

__all__ = [
    "HandValue",
    "clear_badugi_tables",
    "evaluate",
    "meets_qualifier",
    "qualifies",
]


def clear_badugi_tables() -> None:
    """Forget every tabled value, Badugi and five-card lows (frees the memory; the benchmark's
    cold runs)."""
    badugi.clear_tables()
    low.clear_tables()


def qualifies(cards: Sequence[Card], *, max_card: int = 9, pair_ok: bool = False) -> bool:
    """Progressive Badugi qualifier (``002`` 3.1 and 3.2).

    Standard (3.1): a four-card badugi with no card higher than ``max_card`` (default nine;
    3.2(a) allows another limit, ace low so an ace is always allowed).

    ``pair_ok`` (3.2(b), "a four-card holding that contains one pair"): our reading is that a
    holding of exactly four cards with exactly three distinct ranks (one pair, not trips or two
    pair) whose best Badugi selection is a three-card hand also qualifies, provided those three
    counting cards are all at most ``max_card``.  A holding whose best selection drops to two
    cards (the pair *and* a repeated suit among the other ranks blocking three) does not.

    >>> from ..model.cards import parse_known_cards as cards
    >>> qualifies(cards("9s 7h 3d 2c")), qualifies(cards("Ts 7h 3d 2c"))
    (True, False)
    >>> qualifies(cards("7s 7h 3d 2c")), qualifies(cards("7s 7h 3d 2c"), pair_ok=True)
    (False, True)
    """
    if not 1 <= max_card <= 13:
        raise ConfigError(f"qualifier max card must be A..K (1..13), not {max_card}")
    value = badugi_value(cards)
    if value.size == 4:
        return value.cards[0].rank <= max_card
    if pair_ok and value.size == 3 and len(cards) == 4:
        distinct_ranks = len({c.rank for c in cards})
        return distinct_ranks == 3 and value.cards[0].rank <= max_card
    return False


def meets_qualifier(game: GameName, cards: Sequence[Card], house: HouseRules) -> bool | None:
    """Whether ``cards`` meet ``game``'s qualifier under ``house`` (``002`` 3.1/3.2, the house
    rules ``qualifier_max`` and ``qualifier_pair_ok``), or ``None`` when the game has no
    qualifier (only the progressive game has one).  A hand may win a pot unless this is False.

    >>> from ..model.cards import parse_known_cards as cards
    >>> pair = cards("7s 7h 3d 2c")
    >>> meets_qualifier("progressive-badugi", pair, HouseRules())
    False
    >>> meets_qualifier("progressive-badugi", pair, HouseRules(qualifier_pair_ok=True))
    True
    >>> meets_qualifier("badugi", cards("Ks Kh 3d 2c"), HouseRules()) is None
    True
    """
    if not GAMES[game].progressive:
        return None
    return qualifies(cards, max_card=house.qualifier_max, pair_ok=house.qualifier_pair_ok)


HandValue = BadugiValue | LowValue


def evaluate(game: GameName, cards: Sequence[Card]) -> tuple[HandValue, ...]:
    """One value per half of the pot, in the order of the game's halves
    (:data:`~badugi_ledger.model.games.GAMES`).

    ``badugi``/``progressive-badugi`` (4 cards) -> ``(badugi,)``; ``badacey`` (5 cards) ->
    ``(A-5 low, badugi)``; ``badeucey`` (5 cards) -> ``(2-7 low, ace-high badugi)``.

    >>> from ..model.cards import parse_known_cards as cards
    >>> [v.describe() for v in evaluate("badacey", cards("8h 4h 3s 2c Ad"))]
    ['8-4-3-2-A low', '4-card 4-3-2-A']
    """
    if game not in GAME_NAMES:
        raise ConfigError(f"unknown game {game!r} (games: {', '.join(GAME_NAMES)})")
    facts = GAMES[game]
    if len(cards) != facts.hand_size:
        raise CardError(f"{game} is played with {facts.hand_size} cards, not {len(cards)}")
    badugi_half = badugi_value(cards, ace_high=facts.ace_high)
    if facts.low == "ace-five":
        return (ace_five_value(cards), badugi_half)
    if facts.low == "deuce-seven":
        return (deuce_seven_value(cards), badugi_half)
    return (badugi_half,)
