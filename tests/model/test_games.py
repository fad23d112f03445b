"""Each game's facts, decided once in :mod:`badugi_ledger.model.games` and read by every layer."""

from __future__ import annotations

import pytest

from badugi_ledger.hands.evaluate import evaluate
from badugi_ledger.model.cards import parse_known_cards
from badugi_ledger.model.errors import ConfigError
from badugi_ledger.model.games import GAME_NAMES, GAMES
from badugi_ledger.model.settings import GameSettings


def test_every_game_has_its_facts_in_name_order() -> None:
    assert tuple(GAMES) == GAME_NAMES
    assert all(GAMES[name].name == name for name in GAME_NAMES)


@pytest.mark.parametrize(
    ("game", "size", "halves", "labels"),
    [
        ("badugi", 4, ("badugi",), ("Badugi",)),  # 000: four cards, one pot
        ("progressive-badugi", 4, ("badugi",), ("Badugi",)),  # 002
        ("badacey", 5, ("five-card", "badugi"), ("A-5 low", "Badugi")),  # 004
        ("badeucey", 5, ("five-card", "badugi"), ("2-7 low", "ace-high Badugi")),  # 004
    ],
)
def test_hand_size_and_halves_follow_the_rule_texts(
    game: str, size: int, halves: tuple[str, ...], labels: tuple[str, ...]
) -> None:
    facts = GAMES[game]
    assert (facts.hand_size, facts.halves) == (size, halves)
    assert tuple(facts.half_label(h) for h in halves) == labels
    assert GameSettings(game=facts.name).hand_size == size


def test_only_progressive_badugi_carries_and_takes_a_buy() -> None:
    """``002``: the qualifier, the carried pot and 'with a buy' belong to Progressive Badugi."""
    assert [name for name in GAME_NAMES if GAMES[name].progressive] == ["progressive-badugi"]
    GameSettings(game="progressive-badugi", with_buy=True)
    with pytest.raises(ConfigError, match="Progressive Badugi variant"):
        GameSettings(game="badugi", with_buy=True)


def test_badeucey_ranks_its_badugi_half_with_aces_high() -> None:
    """``004``: in Badeucey the best Badugi is 5-4-3-2, so an ace is the highest card."""
    cards = parse_known_cards("As 2h 3d 4c 5c")
    _, badugi_half = evaluate("badeucey", cards)
    assert GAMES["badeucey"].ace_high and not GAMES["badacey"].ace_high
    assert badugi_half.describe() == "4-card A-4-3-2"
