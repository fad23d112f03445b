"""The one rule of who owes which forced bet among the players dealt in (``model/forced.py``).

Seed ``000`` (/work/shared/seeds/000_a72d4d9e46de50ad.txt, "Betting in short"): "the player to
the dealer's left puts in the small blind, the next player to the left the big blind ... With
only two players, the dealer puts in the small blind."  grammar/README.md, "Forced bets":
antes "from every player dealt in, clockwise from the button's left"; a game with one blind
only has the first player left of the button post it; a redeal posts only under
``redeal-posts yes``.
"""

from __future__ import annotations

from dataclasses import replace

from badugi_ledger.model.forced import blind_players, forced_posts
from badugi_ledger.model.settings import GameSettings, HouseRules

SETTINGS = GameSettings()


def test_the_two_players_left_of_the_button_post_the_blinds() -> None:
    assert blind_players(SETTINGS, ("Ben", "Cara", "Anna"), "Anna") == ("Ben", "Cara")


def test_heads_up_the_button_posts_the_small_blind() -> None:
    assert blind_players(SETTINGS, ("Ben", "Anna"), "Anna") == ("Anna", "Ben")


def test_one_blind_only_is_the_first_player_s_left_of_the_button() -> None:
    one = replace(SETTINGS, small_blind=0)
    assert blind_players(one, ("Ben", "Cara", "Anna"), "Anna") == (None, "Ben")
    assert [(p.player, p.kind) for p in forced_posts(one, ("Ben", "Anna"), "Anna")] == [
        ("Ben", "big-blind")
    ]


def test_antes_first_from_every_player_dealt_in_then_the_blinds() -> None:
    ante = replace(SETTINGS, ante=1)
    assert [(p.player, p.kind) for p in forced_posts(ante, ("Ben", "Cara", "Anna"), "Anna")] == [
        ("Ben", "ante"),
        ("Cara", "ante"),
        ("Anna", "ante"),
        ("Ben", "small-blind"),
        ("Cara", "big-blind"),
    ]


def test_a_redeal_posts_only_under_redeal_posts_yes_and_one_player_posts_nothing() -> None:
    """Only a Progressive Badugi hand is a redeal (``002``, seeds README item 5): a hand of
    another game after a carried pot posts its blinds (``000``)."""
    dealt = ("Ben", "Anna")
    progressive = replace(SETTINGS, game="progressive-badugi")
    assert forced_posts(progressive, dealt, "Anna", redeal=True) == ()
    again = replace(progressive, house=replace(HouseRules(), redeal_posts=True))
    assert len(forced_posts(again, dealt, "Anna", redeal=True)) == 2
    assert len(forced_posts(SETTINGS, dealt, "Anna", redeal=True)) == 2
    assert forced_posts(SETTINGS, ("Ben",), "Anna") == ()
    assert blind_players(SETTINGS, ("Ben",), "Anna") == (None, None)
