"""The best value a showdown hand can have when only some of its cards are known.

A recorder may know part of a contender's hand (``deal: Ben Kh Kd ?? ??``, a draw's cards
served face up) and not the rest.  Whatever the unknown cards are, that hand is no better than
the best hand those known cards and some cards still unseen make: a pair of kings held makes
no four-card badugi (``000``: "Badugi cannot contain a pair") and loses the A-5 half to any
hand of five ranks (``004``: "Five different ranks beat any pair").  :func:`ceilings` finds
that best value for each half of the game, which :mod:`.possible` holds a hand to (no division
pays it a pot only a better hand would win).  In Progressive Badugi a hand wins only when it
qualifies (``002``): the best value is among the cards that qualify, and a hand none of whose
fillings qualifies wins nothing.

The unknown cards come from the cards whose place the record does not know (not held by a
player, not a dead card the stub has not taken back).  Not every such card needs trying: the
search takes, per half, a few cards that hold a best filling (below), so it stays small (a few
thousand values at most) however few cards are known.  A hand with no card known is not
held to anything here (its best is the best there is).

* A Badugi half counts at most one card per suit, the lowest it can (ace low, or high in
  Badeucey), each rank once: in each suit, the lowest free cards, as many as there are cards
  in the hand and one more, hold a best filling (a card of a suit beaten by a lower free card
  of its suit whose rank no other counted card uses).
* An A-5 low counts ranks only: the lowest ranks the known cards do not hold, one card of each.
* A 2-7 low (ace high, straights and flushes count against it): the lowest ranks the known
  cards do not hold, four more than the cards missing (room to step past a straight), each in
  two suits (one of them breaks a flush of the known cards' suit), and a card of each rank
  held (a pair is a better 2-7 low than a straight or a flush, where nothing else is left).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from itertools import combinations
from typing import Any

from ..model.cards import Card
from ..model.games import GAMES, GameName
from ..model.settings import HouseRules
from .badugi import badugi_value
from .evaluate import meets_qualifier
from .low import ace_five_value, deuce_seven_value

__all__ = ["ceilings"]


def _high(card: Card) -> int:
    """A card's rank with the ace above the king."""
    return 14 if card.rank == 1 else card.rank


def _badugi_cards(
    held: Sequence[Card], free: Collection[Card], missing: int, ace_high: bool
) -> list[Card]:
    order = _high if ace_high else (lambda c: c.rank)
    each = len(held) + missing + 1
    picked: list[Card] = []
    for suit in {c.suit for c in free}:
        picked += sorted((c for c in free if c.suit == suit), key=order)[:each]
    return picked


def _low_cards(
    held: Sequence[Card], free: Collection[Card], missing: int, ace_high: bool, suits: int
) -> list[Card]:
    order = _high if ace_high else (lambda c: c.rank)
    ranks_held = {order(c) for c in held}
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(free, key=lambda c: (order(c), c.suit)):
        if order(card) not in ranks_held:
            by_rank.setdefault(order(card), []).append(card)
    flush_suit = held[0].suit if held and len({c.suit for c in held}) == 1 else None
    picked: list[Card] = []
    for rank in sorted(by_rank)[: missing + (4 if ace_high else 0)]:
        cards = by_rank[rank]
        # one card of another suit than the known cards' one, where they share one
        cards = sorted(cards, key=lambda c: c.suit == flush_suit)
        picked += cards[:suits]
    if ace_high:  # a pair is a better 2-7 low than a straight or a flush: one of each rank held
        for rank in sorted(ranks_held):
            picked += [c for c in free if order(c) == rank][:1]
    return picked


def ceilings(
    game: GameName,
    held: Sequence[Card],
    missing: int,
    free: Collection[Card],
    house: HouseRules = HouseRules(),  # noqa: B008 - frozen, immutable default
) -> tuple[Any, ...] | None:
    """The best value key each half of ``game`` can take with the cards ``held`` and
    ``missing`` cards more from ``free`` (the cards whose place is not known), in the order of
    the game's halves; None: no filling can win (Progressive Badugi: none qualifies).

    >>> from ..model.cards import DECK, parse_known_cards as cards
    >>> kings = cards("Kh Kd")
    >>> free = [c for c in DECK if c not in kings]
    >>> from .evaluate import evaluate
    >>> ceilings("badugi", kings, 2, free) == (evaluate("badugi", cards("Kh Kd 2c As"))[0].key,)
    True
    >>> ceilings("progressive-badugi", kings, 2, free) is None   # K K: no 9-high badugi
    True
    """
    facts = GAMES[game]
    halves: list[tuple[Callable[[Sequence[Card]], Any], list[Card]]] = []
    if facts.low == "ace-five":
        halves.append((ace_five_value, _low_cards(held, free, missing, False, 1)))
    elif facts.low == "deuce-seven":
        halves.append((deuce_seven_value, _low_cards(held, free, missing, True, 2)))
    ace_high = facts.ace_high

    def badugi(cards: Sequence[Card]) -> Any:
        return badugi_value(cards, ace_high=ace_high)

    halves.append((badugi, _badugi_cards(held, free, missing, ace_high)))
    found: list[Any] = []
    for value_of, candidates in halves:
        if len(candidates) < missing:  # (a deck all but used up: every card that is left)
            candidates = list(free)
        best = None
        for filling in combinations(candidates, missing):
            cards = [*held, *filling]
            if facts.progressive and meets_qualifier(game, cards, house) is False:
                continue
            key = value_of(cards).key
            if best is None or key > best:
                best = key
        if best is None:
            return None
        found.append(best)
    return tuple(found)
