"""PHH antes, as PokerKit plays them, and the antes the replay cannot play.

PokerKit, with ``ante_trimming_status`` false (PHH's default), puts every ante in the first pot
even when a player could not pay the whole of it; with it true, what that player could not
match is a side pot, as our tables play antes (house rule ``ante-trimming``).  A PHH hand is
read as it says.  PokerKit's own writer (``HandHistory.from_game_state``) writes false even for
a hand it played trimming (PokerKit 0.7), so PokerKit itself replays such a file to other stacks
than it played; we replay it as PokerKit replays it.  Antes of different sizes (a big-blind ante)
have no place in our settings, which have one ante for every player: refused.
"""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pokerkit

from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand
from tests.helpers.pokerkit_play import AUTOMATIONS

GAME = pokerkit.FixedLimitBadugi((), True, 2, (1, 2), 2, 4)


def _played() -> tuple[list[int], str]:
    """Heads-up, ante 2, p2 has 1 chip: all of it goes in as the ante; p2 wins (the deal of
    ``random.seed(3)``, PokerKit shuffles with the random module), so the trimming decides."""
    before = random.getstate()
    random.seed(3)
    state = pokerkit.FixedLimitBadugi.create_state(AUTOMATIONS, True, 2, (1, 2), 2, 4, [7, 1], 2)
    random.setstate(before)  # the deal is made: leave the other tests' random as it was
    while state.status:
        if state.can_stand_pat_or_discard():
            state.stand_pat_or_discard()
        else:
            state.check_or_call()
    history = pokerkit.HandHistory.from_game_state(GAME, state)
    history.finishing_stacks = list(state.stacks)
    return list(state.stacks), str(history.dumps())


def _replayed_by_pokerkit(text: str) -> list[int]:
    return list(list(pokerkit.HandHistory.loads(text))[-1].stacks)


def test_a_short_ante_is_played_as_the_file_says_trimmed_or_not() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        played, text = _played()
        assert "ante_trimming_status = false" in text  # though the hand was played trimming
        trimmed = text.replace("ante_trimming_status = false", "ante_trimming_status = true")
        untrimmed_stacks = _replayed_by_pokerkit(text)
        assert _replayed_by_pokerkit(trimmed) == played != untrimmed_stacks
    for phh, stacks, trimming in ((text, untrimmed_stacks, False), (trimmed, played, True)):
        (record,) = read_phh(phh.replace("finishing_stacks", "_finishing"), "kit.phh")
        assert isinstance(record, HandRecord), record
        assert record.settings.house.ante_trimming is trimming
        result = replay_hand(record)
        assert result.ok, result.violations
        assert [result.final_stacks["p1"], result.final_stacks["p2"]] == stacks


def test_antes_of_different_sizes_are_refused() -> None:
    text = (
        "variant = 'FB'\nantes = [0, 2, 0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\n"
        "big_bet = 4\nstarting_stacks = [20, 20, 20]\nactions = ['p3 f', 'p1 f']\n"
    )
    (refused,) = read_phh(text, "bb-ante.phh")
    assert isinstance(refused, ImportFormatError) and refused.rule == "bad-phh"
    assert "antes of different sizes ([0, 2, 0]) are not supported" in refused.message
    assert refused.position.line == 2
    # written as floats (read since PHH amounts may be), they are listed as written
    (refused,) = read_phh(text.replace("[0, 2, 0]", "[0.0, 2, 0]"), "bb-ante.phh")
    assert isinstance(refused, ImportFormatError)
    assert "antes of different sizes ([0.0, 2, 0]) are not supported" in refused.message


def test_a_short_ante_converts_to_phh_as_the_ante_due(tmp_path: Path) -> None:
    """PHH's ``antes`` are what is due; a player short of it posts all he has.  The writer wrote
    what was posted (``antes = [2, 1]``), which the reader refuses as antes of different sizes:
    ``convert`` refused a legal PokerKit hand ("it cannot be read").  It writes the ante due."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _, text = _played()
    source = tmp_path / "kit.phh"
    source.write_text(text.replace("ante_trimming_status = false", "ante_trimming_status = true"))
    (item,) = convert_hands(source, "phh")
    assert isinstance(item, ConvertedHand), item
    assert "\nantes = [2, 2]\n" in item.text
    (record,) = read_phh(item.text, "again.phh")
    assert isinstance(record, HandRecord), record
    assert replay_hand(record).ok


def test_antes_shorter_than_the_players_say_so() -> None:
    """PokerKit pads ``antes`` with 0 (``HandHistory``'s list of one amount per player): a list
    shorter than the players gives the last ones no ante, which the error says, rather than
    calling the antes written of different sizes."""
    from badugi_ledger.model.errors import ImportFormatError
    from badugi_ledger.phh.reader import read_phh

    text = (
        'variant = "FB"\nantes = [1, 1]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\n'
        'big_bet = 4\nstarting_stacks = [20, 20, 20]\nactions = ["d dh p1 ????????"]\n'
    )
    (error,) = read_phh(text, "a.phh")
    assert isinstance(error, ImportFormatError) and error.rule == "bad-phh"
    assert (error.position.line, error.position.column) == (2, 9)
    assert "antes has 2 amounts for 3 players" in str(error)
