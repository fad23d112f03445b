"""The games of the Badugi family and the facts each one fixes: the one place that knows them.

Every other module asks :data:`GAMES` (``GAMES[settings.game].hand_size``, ``.halves``,
``.progressive``) instead of comparing game names, so a fact about a game is decided once.

* **Badugi** (``000``): four cards, one pot won by the best Badugi.
* **Progressive Badugi** (``002``): Badugi whose pot carries to the next hand when no hand
  qualifies (3.1/3.2); the next hand is a redeal to everyone at the table, blinds and antes
  posted again only under the house rule ``redeal_posts`` (seeds README item 5); ``with a
  buy`` is its variant only.
* **Badacey** (``004``): five cards, the pot split between the best A-5 low and the best Badugi.
* **Badeucey** (``004``): five cards, split between the best 2-7 low and the best Badugi with
  aces high.

>>> GAMES["badacey"].hand_size, GAMES["badacey"].halves
(5, ('five-card', 'badugi'))
>>> GAMES["badeucey"].half_label("badugi")
'ace-high Badugi'
>>> GAMES["progressive-badugi"].progressive
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, cast, get_args

from .frozen import fields_eq, fields_hash, fields_repr, frozen_fields

GameName = Literal["badugi", "progressive-badugi", "badacey", "badeucey"]
GAME_NAMES: tuple[GameName, ...] = ("badugi", "progressive-badugi", "badacey", "badeucey")

GameSpelling = Literal["badugi", "progressive badugi", "progressive-badugi", "badacey", "badeucey"]
"""Every way a game may be named: in a ``game`` header of the format (the grammar's
``GAME_NAME``) and in the ``--game`` option of every command."""
GAME_SPELLINGS: tuple[GameSpelling, ...] = get_args(GameSpelling)


def game_named(text: str) -> GameName:
    """The game a spelling names (``"progressive badugi"`` -> ``"progressive-badugi"``).

    >>> game_named("progressive badugi")
    'progressive-badugi'
    """
    from .errors import ConfigError

    text = " ".join(text.split())  # "progressive  badugi", a tab between the words: one space
    if text not in GAME_SPELLINGS:
        raise ConfigError(f"unknown game {text!r} (games: {', '.join(GAME_SPELLINGS)})")
    return cast(GameName, text.replace(" ", "-"))


HalfName = Literal["badugi", "five-card"]
"""A half of the pot: the Badugi half, or the five-card low half of Badacey and Badeucey."""


@frozen_fields
class Game:
    """What one game fixes: its name and title, hand size, the halves of its pot (in the order
    :func:`badugi_ledger.hands.evaluate.evaluate` returns their values) and their labels, and
    whether it is the progressive game (qualifier, carried pot, re-deal: ``002``).  Whether a
    hand meets the qualifier under a table's house rules is
    :func:`badugi_ledger.hands.evaluate.meets_qualifier`, which every caller asks."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    name: GameName
    title: str
    hand_size: int
    halves: tuple[HalfName, ...]
    labels: tuple[str, ...]
    """The human name of each half, in :attr:`halves` order."""
    low: Literal["ace-five", "deuce-seven"] | None = None
    """How the five-card half ranks (``004``); ``None`` for the four-card games."""
    ace_high: bool = False
    """The Badugi half ranks aces above kings (Badeucey, ``004``)."""
    progressive: bool = False

    def __init__(
        self,
        name: GameName,
        title: str,
        hand_size: int,
        halves: tuple[HalfName, ...],
        labels: tuple[str, ...],
        low: Literal["ace-five", "deuce-seven"] | None = None,
        ace_high: bool = False,
        progressive: bool = False,
    ) -> None:
        object.__setattr__(
            self,
            "__dict__",
            {
                "name": name,
                "title": title,
                "hand_size": hand_size,
                "halves": halves,
                "labels": labels,
                "low": low,
                "ace_high": ace_high,
                "progressive": progressive,
            },
        )

    def half_label(self, half: str) -> str:
        """Human name of a half: ``A-5 low``, ``2-7 low``, ``Badugi``, ``ace-high Badugi``."""
        return self.labels[self.halves.index(half)]


GAMES: Mapping[GameName, Game] = MappingProxyType(
    {
        "badugi": Game("badugi", "Badugi", 4, ("badugi",), ("Badugi",)),
        "progressive-badugi": Game(
            "progressive-badugi",
            "Progressive Badugi",
            4,
            ("badugi",),
            ("Badugi",),
            progressive=True,
        ),
        "badacey": Game(
            "badacey", "Badacey", 5, ("five-card", "badugi"), ("A-5 low", "Badugi"), "ace-five"
        ),
        "badeucey": Game(
            "badeucey",
            "Badeucey",
            5,
            ("five-card", "badugi"),
            ("2-7 low", "ace-high Badugi"),
            "deuce-seven",
            ace_high=True,
        ),
    }
)
"""Every game by name, in :data:`GAME_NAMES` order."""
