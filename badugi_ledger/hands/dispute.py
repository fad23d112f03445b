"""Settle a table dispute without recording a whole hand: the ``showdown`` command's library.

The players are given as ``"NAME: CARDS"`` texts in seat order starting left of the button
(the order that decides odd chips).  Each hand is evaluated for every half of the game
(:func:`badugi_ledger.hands.evaluate.evaluate`) and the pot, if one is given, is divided by
:func:`badugi_ledger.hands.pots.divide_pot` under the house rules.

>>> result = run_showdown("badacey", ["Noor: 8h 4h 3s 2c Ad", "Amara: 5d 4d 3h 2s Ac"], pot=120)
>>> result.payouts
{'Noor': 30, 'Amara': 90}
>>> result.as_dict()["players"][1]["hands"]
{'low': '5-4-3-2-A low', 'badugi': '4-card 4-3-2-A'}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from ..model.cards import Card, format_cards, parse_known_cards
from ..model.errors import CardError, ConfigError, ParseError
from ..model.games import GAME_NAMES, GAMES, GameName
from ..model.settings import HouseRules
from .evaluate import HandValue, evaluate, meets_qualifier
from .pots import Award, divide_pot

__all__ = ["PlayerShowdown", "ShowdownResult", "parse_player_hand", "run_showdown"]


@dataclass(frozen=True)
class PlayerShowdown:
    """One player's hand: the value for each half (in the order of the game's halves) and the
    share."""

    name: str
    cards: tuple[Card, ...]
    values: tuple[HandValue, ...]
    share: int
    qualifies: bool | None = None
    """Progressive Badugi only: whether the hand meets the qualifier."""


@dataclass(frozen=True)
class ShowdownResult:
    """Everything the command shows; :meth:`as_dict` is the ``--json`` document."""

    game: GameName
    pot: int
    players: tuple[PlayerShowdown, ...]
    award: Award

    @property
    def payouts(self) -> dict[str, int]:
        """Every player's chips from the pot (0 for those who win nothing)."""
        return {p.name: p.share for p in self.players}

    @property
    def carried(self) -> int:
        """Chips that carry to the next hand (Progressive Badugi with no qualifying hand)."""
        return self.pot if self.award.carried else 0

    def _hand_key(self, half: str) -> str:
        return "badugi" if half == "badugi" else "low"

    def as_dict(self) -> dict[str, object]:
        halves = GAMES[self.game].halves
        players: list[dict[str, object]] = []
        for p in self.players:
            described = zip(halves, p.values, strict=True)
            entry: dict[str, object] = {
                "name": p.name,
                "cards": format_cards(p.cards),
                "hands": {self._hand_key(h): v.describe() for h, v in described},
                "share": p.share,
            }
            if p.qualifies is not None:
                entry["qualifies"] = p.qualifies
            players.append(entry)
        return {
            "game": self.game,
            "pot": self.pot,
            "players": players,
            "halves": [
                {
                    "half": h.name,
                    "label": GAMES[self.game].half_label(h.name),
                    "amount": h.amount,
                    "winners": list(h.winners),
                    "hand": h.values[0] if h.values else None,
                    "shares": dict(h.shares),
                }
                for h in self.award.halves
            ],
            "payouts": self.payouts,
            "carried": self.carried,
            "detail": self.award.detail,
        }

    def text_lines(self) -> list[str]:
        """The plain-text report: one line per player, then one per half."""
        halves = GAMES[self.game].halves
        title = GAMES[self.game].title
        pot = f"pot {self.pot}" if self.pot else "no pot given: ranking only"
        lines = [f"{title} showdown, {pot} (seat order from the button's left)"]
        width = max(len(p.name) for p in self.players)
        for p in self.players:
            parts = [f"{p.name:<{width}}  {format_cards(p.cards)}"]
            for half, value in zip(halves, p.values, strict=True):
                parts.append(f"{GAMES[self.game].half_label(half)}: {value.describe()}")
            if p.qualifies is not None:
                parts.append("qualifies" if p.qualifies else "does not qualify")
            if self.pot:
                parts.append(f"gets {p.share}")
            lines.append("  " + "   ".join(parts))
        for h in self.award.halves:
            label = GAMES[self.game].half_label(h.name)
            if len(halves) > 1:
                label += f" half ({h.amount})" if self.pot else " half"
            if not h.winners:
                lines.append(f"{label}: no hand qualifies; the pot of {self.pot} carries")
            elif len(h.winners) == 1:
                lines.append(f"{label}: {h.winners[0]} wins with {h.values[0]}")
            else:
                tied = " + ".join(f"{w} {h.shares[w]}" if self.pot else w for w in h.winners)
                lines.append(f"{label}: tie, {tied} with {h.values[0]}")
        return lines


def parse_player_hand(text: str) -> tuple[str, tuple[Card, ...]]:
    """Read ``"NAME: CARDS"``; the name is everything before the first colon.

    >>> parse_player_hand("Noor: 8♥ 4♥ 3♠ 2♣ A♦")[1][0]
    Card(rank=8, suit='h')
    >>> parse_player_hand("As 2c 3d 4h")
    Traceback (most recent call last):
    ...
    badugi_ledger.model.errors.ParseError: missing player name in 'As 2c 3d 4h' (write "NAME: CARDS")
    """  # noqa: E501 (a doctest shows the full exception name)
    name, colon, cards_text = text.partition(":")
    name = name.strip()
    if not colon or not name:
        raise ParseError(f'missing player name in {text!r} (write "NAME: CARDS")')
    if not name.isprintable():  # a line break would write a line of its own in the result
        raise ParseError(
            f"the player name {name!r} holds a line break or another character that does not "
            'print: write "NAME: CARDS" with the name alone'
        )
    try:
        cards = parse_known_cards(cards_text)
    except CardError as exc:
        raise CardError(f"{name}: {exc.message}") from exc
    if not cards:
        raise CardError(f"{name}: no cards given")
    return name, cards


def run_showdown(
    game: str,
    hands: Sequence[str],
    pot: int = 0,
    house: HouseRules = HouseRules(),  # noqa: B008 - frozen, immutable default
) -> ShowdownResult:
    """Evaluate ``hands`` (``"NAME: CARDS"``, seat order from the button's left) and divide
    ``pot`` (0: only rank the hands)."""
    if game not in GAME_NAMES:
        raise ConfigError(f"unknown game {game!r} (games: {', '.join(GAME_NAMES)})")
    game_name = cast(GameName, game)
    if pot < 0:
        raise ConfigError(f"the pot cannot be negative ({pot})")
    if len(hands) < 2:
        raise ParseError('a showdown needs at least two hands, each written "NAME: CARDS"')
    if len(hands) > house.max_seats:
        raise ParseError(
            f"a showdown of {len(hands)} hands: a table seats at most {house.max_seats} "
            "(seeds README item 2; the house rule max-seats)"
        )
    size = GAMES[game_name].hand_size
    parsed: list[tuple[str, tuple[Card, ...]]] = []
    holder: dict[Card, str] = {}
    for text in hands:
        name, cards = parse_player_hand(text)
        if any(name == other for other, _ in parsed):
            raise ParseError(f"player {name} is listed twice")
        if len(cards) != size:
            raise CardError(f"{name}: {game} is played with {size} cards, not {len(cards)}")
        for card in cards:
            if card in holder:
                raise CardError(f"card {card} is held by both {holder[card]} and {name}")
            holder[card] = name
        parsed.append((name, cards))

    award = divide_pot(pot, parsed, game_name, house)
    players = tuple(
        PlayerShowdown(
            name,
            cards,
            evaluate(game_name, cards),
            award.shares.get(name, 0),
            meets_qualifier(game_name, cards, house),
        )
        for name, cards in parsed
    )
    return ShowdownResult(game_name, pot, players, award)
