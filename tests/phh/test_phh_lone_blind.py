"""A PHH hand with one blind, ``p1``'s, replays as PokerKit plays it, and our games without a
small blind are written so.

PokerKit (``State._begin_betting``) starts the betting after the largest blind posted and
gives its poster the option: a lone blind of ``p1`` (``blinds_or_straddles = [2, 0, …]``) is
the big blind of a game without a small blind, which our format writes ``blinds 0/2`` and the
replay has the first player left of the button post (``model/forced.blind_players``).  The
reader took it for a small blind and the replay had its poster act first, so every such hand
was refused (``turn-order``), and the writer refused ``blinds 0/2`` hands (a big blind "out of
position").  Every hand PokerKit plays, written by PokerKit's own writer, must replay to
PokerKit's stacks.
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path
from typing import Any

import pokerkit

from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.errors import BadugiError
from badugi_ledger.model.events import HandRecord, Post
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand
from tests.helpers.pokerkit_play import play_at_random

HANDS = 200


def _play(rng: random.Random) -> tuple[Any, str]:
    """One hand PokerKit plays with ``p1``'s blind of 2 and no other."""
    players = rng.choice([3, 4, 6])
    stacks = [rng.choice([1, 2, 3, 5, 9, 14, 30, 60]) for _ in range(players)]
    return play_at_random(rng, (2,), stacks, raises=0.45)


def test_pokerkit_hands_with_p1_s_blind_alone_replay_to_pokerkits_stacks() -> None:
    rng = random.Random(7)
    random.seed(7)  # PokerKit shuffles with the random module
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for number in range(HANDS):
            state, text = _play(rng)
            assert "blinds_or_straddles = [2, 0, 0" in text, text
            (record,) = read_phh(text, f"lone-{number}.phh")
            assert isinstance(record, HandRecord), (number, record, text)
            assert (record.settings.small_blind, record.settings.big_blind) == (0, 2)
            posts = [(e.player, e.kind) for e in record.events if isinstance(e, Post)]
            assert posts == [("p1", "big-blind")], (number, text)
            result = replay_hand(record)
            assert result.ok, (number, result.violations, text)
            ours = [result.final_stacks[f"p{i + 1}"] for i in range(len(state.stacks))]
            assert ours == list(state.stacks), (number, text)


def _written_and_played(path: Path, names: tuple[str, ...]) -> tuple[list[int], list[int]]:
    """The one hand of ``path`` written as PHH with ``p1``'s lone blind of 2: its final stacks
    as PokerKit replays the PHH, and as the replay plays it read back (``blinds 0/2``), both in
    the order of ``names`` (PHH's, from the button's left)."""
    (converted,) = convert_hands(path, "phh")
    assert isinstance(converted, ConvertedHand), converted
    assert "blinds_or_straddles = [2, 0, 0]" in converted.text
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = list(pokerkit.HandHistory.loads(converted.text))[-1]
    (record,) = read_phh(converted.text, path.name)
    assert isinstance(record, HandRecord), record
    assert (record.settings.small_blind, record.settings.big_blind) == (0, 2)
    result = replay_hand(record)
    assert result.ok, result.violations
    return list(state.stacks), [result.final_stacks[n] for n in names]


NIGHT = (
    "game badugi · fixed limit 2/4 · blinds {blinds}\n"
    "house fixed-limit-raises pokerkit · house short-blind as-posted\n"
    "hand 1 · button Cara · Anna 20 · Ben 20 · Cara 20\n"
    "Anna posts {post} · Ben calls · Cara raises to 4 · Anna calls · Ben calls\n"
    "draw: Anna pat · Ben pat · Cara pat\n"
    "Anna checks · Ben checks · Cara checks\n"
    "draw: Anna pat · Ben pat · Cara pat\n"
    "Anna checks · Ben checks · Cara checks\n"
    "draw: Anna pat · Ben pat · Cara pat\n"
    "Anna checks · Ben checks · Cara checks\n"
    "show: Anna As 2h 3d 4c · Ben Ks Qh Jd Tc · Cara Kh Qd Jc Ts\n"
    "Anna collects 12\n"
)


def test_a_game_without_a_small_blind_converts_and_pokerkit_plays_it(tmp_path: Path) -> None:
    """``blinds 0/2``: Anna, left of the button, posts the big blind; written as PHH
    ``[2, 0, 0]``, read back with the same settings and posts, and PokerKit plays it to the
    same stacks."""
    path = tmp_path / "lone.bhh"
    path.write_text(NIGHT.format(blinds="0/2", post="bb 2"), encoding="utf-8")
    pokerkits, ours = _written_and_played(path, ("Anna", "Ben", "Cara"))
    assert pokerkits == ours == [28, 16, 16]  # Anna wins 4 from each


def test_a_game_without_a_big_blind_is_not_written(tmp_path: Path) -> None:
    """``blinds 1/0``: the replay has the small blind's poster act first; PokerKit would start
    after it.  No PHH says that, so the hand is refused, naming why."""
    path = tmp_path / "small.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/0\n"
        "hand 1 · button Cara · Anna 20 · Ben 20 · Cara 20\n"
        "Anna posts sb 1 · Anna checks · Ben folds · Cara folds\n",
        encoding="utf-8",
    )
    (refused,) = convert_hands(path, "phh")
    assert isinstance(refused, BadugiError), refused
    assert "in a game without a big blind" in str(refused)


def _heads_up(blinds: tuple[int, ...]) -> str:
    """A heads-up hand PokerKit plays with these blinds, both players calling it down."""
    random.seed(3)  # PokerKit shuffles with the random module
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return play_at_random(random.Random(3), blinds, [20, 20], raises=0, folds=0)[1]


def test_heads_up_orders_the_replay_does_not_play_are_refused_at_the_blinds() -> None:
    """Heads-up PokerKit has the button post a lone blind, and with two equal blinds takes
    the button's for the big one; either way ``p1`` acts first, where our table has the
    button act first (``000``) and a game's only blind posted left of the button.  Such a
    hand was refused at its first action (``blind-player``, ``turn-order``); it is refused
    at ``blinds_or_straddles``, saying why (the writer refuses the same, writing)."""
    for blinds, says in (
        ((2,), "the button (p2) posts the only blind (2) and PokerKit has p1 act first"),
        ((1, 1), "heads-up blinds of 1 (the button's) and 1: PokerKit (PHH) takes the larger"),
    ):
        (error,) = read_phh(_heads_up(blinds), "hu.phh")
        assert isinstance(error, BadugiError), error
        assert says in str(error)
        assert f"hu.phh:{_line_of(_heads_up(blinds), 'blinds_or_straddles')}:" in str(error)


def _line_of(text: str, key: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(key))


def test_a_dead_small_blind_is_written_as_p1_s_lone_blind(tmp_path: Path) -> None:
    """A hand whose small blind is dead (``replay.betting.dead_small_blind``: Cara, first left
    of the button, posts the big blind alone) is played as a game without a small blind, and
    PokerKit plays p1's lone blind so: written as ``[2, 0, 0]`` (it was refused, a big blind
    "out of position"), replayed by PokerKit to the same stacks, read back as ``blinds 0/2``."""
    path = tmp_path / "dead.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 9 · button Anna · Anna 40 · Cara 40 · Dan 40\n"
        "Cara posts bb · Dan calls · Anna raises to 4 · Cara calls · Dan calls\n"
        "draw: Cara pat · Dan pat · Anna pat\n"
        "Cara checks · Dan bets 2 · Anna calls · Cara folds\n"
        "draw: Dan pat · Anna pat\nDan checks · Anna checks\n"
        "draw: Dan pat · Anna pat\nDan checks · Anna checks\n"
        "show: Dan 2s 3h 4d 5c · Anna Ks Qh Jd Tc\n"
        "Dan collects 16\n",
        encoding="utf-8",
    )
    pokerkits, ours = _written_and_played(path, ("Cara", "Dan", "Anna"))
    assert pokerkits == ours == [36, 50, 34]


def test_a_blind_of_p2_without_one_of_p1_is_refused_at_the_blinds() -> None:
    """``[0, 2, 0, 0]``: PokerKit has p2 post it and p1 act before p2, an order our table has
    for no game (a game's only blind is posted left of the button); refused at the field, where
    the replay said only that p1 had not posted the big blind."""
    text = (
        "variant = 'FB'\nantes = [0, 0, 0, 0]\nblinds_or_straddles = [0, 2, 0, 0]\n"
        "small_bet = 2\nbig_bet = 4\nstarting_stacks = [20, 20, 20, 20]\n"
        "actions = ['d dh p1 ????????', 'd dh p2 ????????', 'd dh p3 ????????', "
        "'d dh p4 ????????', 'p3 f', 'p4 f', 'p1 f']\n"
    )
    (error,) = read_phh(text, "p2.phh")
    assert isinstance(error, BadugiError), error
    assert str(error.position) == "p2.phh:3:23"
    assert "no blind from p1 and 2 from p2: PokerKit has p1 act before p2" in str(error)
