"""PHH hands that PokerKit dealt with a reshuffle replay to PokerKit's final stacks.

PokerKit plays 8-handed fixed-limit Badugi (``FixedLimitBadugi``, deep stacks, many draws, so
the 20-card stub runs out) and writes each hand as PHH (``HandHistory.from_game_state``, its
own writer: single-quoted strings).  PokerKit deals a draw as PHH records it: every player
discards, one card is burned, then each is served; when the deck runs short every card out of
play (burns, folded hands, every discard of the hand, the whole current draw's included) is
shuffled in, so a player may get back a card thrown in the same draw, even one thrown by a
player after them.  Our reader gives PHH hands that dealing (``phh.POKERKIT_DEALING``), and the
replay must agree with PokerKit on every one of them.

Which hands had a reshuffle is decided from PokerKit's own operations, not from our replay:
more cards left PokerKit's deck (the deal, the burn cards and every draw) than it holds.
"""

from __future__ import annotations

import random
import warnings
from dataclasses import replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import pokerkit
import pokerkit.state as state_ops
import pytest

from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand
from tests.helpers.pokerkit_play import AUTOMATIONS, GAME, pokerkit_phh

HANDS = 120
RESHUFFLED = 90
"""Hands of the seeded sample in which PokerKit's deck ran out (counted by the test)."""


def _play(rng: random.Random) -> Any:
    """One 8-handed hand: few folds, checks and calls (raises within the 000 cap), draws of
    0-3 of the player's own cards."""
    stacks = [rng.choice([40, 60, 100]) for _ in range(8)]
    state = pokerkit.FixedLimitBadugi.create_state(AUTOMATIONS, True, 0, (1, 2), 2, 4, stacks, 8)
    while state.status:
        if state.can_stand_pat_or_discard():
            i = state.stand_patter_or_discarder_index
            count = rng.choice([0, 0, 0, 1, 1, 2, 3])
            state.stand_pat_or_discard(list(state.hole_cards[i])[:count])
        elif state.actor_index is not None:
            unit = 2 if state.street_index < 2 else 4
            if rng.random() < 0.05 and state.checking_or_calling_amount:
                state.fold()
            elif (
                rng.random() < 0.1
                and max(state.bets) < 2 * unit
                and all(stack >= 3 * unit for stack in state.stacks)
            ):
                state.complete_bet_or_raise_to()
            else:
                state.check_or_call()
        else:  # pragma: no cover - every automation that could stop the loop is on
            raise AssertionError("PokerKit waits for an operation the test does not make")
    return state


def _deck_ran_out(state: Any) -> bool:
    """More cards left PokerKit's deck than it has: it reshuffled."""
    taken = 0
    for op in state.operations:
        if isinstance(op, state_ops.HoleDealing):
            taken += len(op.cards)
        elif isinstance(op, state_ops.CardBurning):
            taken += 1
    return taken > 52


def test_pokerkit_hands_with_reshuffles_replay_to_pokerkits_stacks() -> None:
    rng = random.Random(20240601)
    random.seed(20240601)  # PokerKit shuffles with the random module
    reshuffled = replayed = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns when it deals reshuffled cards
        for number in range(HANDS):
            state = _play(rng)
            text = pokerkit_phh(state)
            (item,) = read_phh(text, f"pokerkit-{number}.phh")
            assert isinstance(item, HandRecord), item
            result = replay_hand(item)  # raises IllegalAction (duplicate-card) if we disagree
            assert result.ok, (number, result.violations, text)
            ours = [result.final_stacks[f"p{i + 1}"] for i in range(8)]
            assert ours == list(state.stacks), (number, text)
            replayed += 1
            if _deck_ran_out(state):
                reshuffled += 1
                assert any("stub ran out" in note for note in result.notes), (number, text)
    assert replayed == HANDS
    assert reshuffled == RESHUFFLED, f"{reshuffled} of {HANDS} hands reshuffled"


def test_a_reshuffled_card_from_a_later_discard_of_the_same_draw() -> None:
    """PokerKit's order, written by hand: p1..p8 all discard four in draw 2; the stub (20 - 1
    burn in draw 1 - 4 drawn = 15, minus draw 2's burn = 14) serves p1..p3 (12) and runs out
    at p4, who gets back p8's king of clubs, thrown after p4's own discard.  Dealt in turn
    (our text format's rule) that card would still be in p8's hand."""
    deals = [f"'d dh p{i} ????????'" for i in range(1, 9)]
    deals[7] = "'d dh p8 Kc??????'"
    calls = [f"'p{i} cc'" for i in (3, 4, 5, 6, 7, 8, 1, 2)]
    draw1 = ["'p1 sd ????????'"] + [f"'p{i} sd'" for i in range(2, 9)] + ["'d dh p1 ????????'"]
    checks = [f"'p{i} cc'" for i in range(1, 9)]
    draw2 = [f"'p{i} sd ????????'" for i in range(1, 8)] + ["'p8 sd Kc??????'"]
    draw2 += [f"'d dh p{i} ????????'" for i in (1, 2, 3)] + ["'d dh p4 Kc??????'"]
    draw2 += [f"'d dh p{i} ????????'" for i in range(5, 9)]
    actions = deals + calls + draw1 + checks + draw2 + checks
    text = (
        "variant = 'FB'\nantes = [0, 0, 0, 0, 0, 0, 0, 0]\n"
        "blinds_or_straddles = [1, 2, 0, 0, 0, 0, 0, 0]\nsmall_bet = 2\nbig_bet = 4\n"
        "starting_stacks = [50, 50, 50, 50, 50, 50, 50, 50]\n"
        f"actions = [{', '.join(actions)}]\n"
    )
    (item,) = read_phh(text, "later-discard.phh")
    assert isinstance(item, HandRecord), item
    with pytest.raises(Exception) as err:  # the hand stops before its last draw: incomplete
        replay_hand(item)
    assert getattr(err.value, "rule", None) == "hand-incomplete", err.value


def test_our_own_phh_names_how_our_table_dealt() -> None:
    """A hand of ours (dealt in turn, ``001``'s reshuffle, no burn card) written as PHH says so
    in a user-defined field and is read back with that dealing, not PokerKit's; its play is
    PokerKit's, as of every PHH hand (``POKERKIT_HOUSE``)."""
    from badugi_ledger.model.settings import POKERKIT_HOUSE, HouseRules
    from badugi_ledger.phh.reader import POKERKIT_DEALING
    from badugi_ledger.phh.writer import write_phh

    text = (
        "variant = 'FB'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\n"
        "big_bet = 4\nstarting_stacks = [20, 20]\n"
        "actions = ['d dh p1 ????????', 'd dh p2 ????????', 'p2 f']\n"
    )
    (pokerkit_hand,) = read_phh(text, "pk.phh")
    assert isinstance(pokerkit_hand, HandRecord)
    assert pokerkit_hand.settings.house.reshuffle == POKERKIT_DEALING == "discards-first"
    ours = replace(pokerkit_hand, settings=replace(pokerkit_hand.settings, house=HouseRules()))
    written = write_phh(ours)
    assert '_reshuffle = "exclude-own"' in written
    (again,) = read_phh(written, "ours.phh")
    assert isinstance(again, HandRecord)
    assert again.settings.house == replace(POKERKIT_HOUSE, reshuffle="exclude-own")


@pytest.mark.parametrize(
    ("field", "expected"),
    [
        ("_reshuffle = 'sideways'", "'sideways' (text)"),
        ("_reshuffle = true", "true (true or false)"),
        ("_reshuffle = ['exclude-own']", "a list"),
    ],
)
def test_a_wrong_reshuffle_field_is_a_located_error(field: str, expected: str) -> None:
    text = (
        "variant = 'FB'\nantes = [0, 0]\nblinds_or_straddles = [2, 1]\nsmall_bet = 2\n"
        f"big_bet = 4\nstarting_stacks = [20, 20]\nactions = ['p2 f']\n{field}\n"
    )
    (error,) = read_phh(text, "bad.phh")
    assert isinstance(error, ImportFormatError)
    assert str(error.position) == "bad.phh:8:14"
    assert "_reshuffle must be one of 'exclude-own', 'all-discards', 'discards-first'" in str(error)
    assert expected in str(error)


def test_pokerkits_own_phh_takes_the_fast_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """PokerKit writes single-quoted (literal) strings, one field per line: its files, one
    hand each or a ``.phhs`` of several, are read by the fast reader's string-operations path
    (``_lines_fast``) exactly as ``tomllib`` reads them, and never reach ``tomllib``."""
    import tomllib

    from badugi_ledger.phh import fast as phh_fast

    rng = random.Random(7)
    random.seed(7)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        histories = []
        for _ in range(6):
            state = _play(rng)
            history = pokerkit.HandHistory.from_game_state(GAME, state)
            history.finishing_stacks = list(state.stacks)
            histories.append(history)
    for history in histories:
        text = history.dumps()
        assert "actions = ['d dh p1 " in text  # PokerKit's own quoting
        assert phh_fast._lines_fast(text) == tomllib.loads(text, parse_float=Decimal)
    many = pokerkit.HandHistory.dumps_all(histories)

    def no_tomllib(text: str, **_options: object) -> object:
        raise AssertionError(f"tomllib was asked to read {text[:80]!r}")

    monkeypatch.setattr(tomllib, "loads", no_tomllib)  # imported where it is needed
    records = list(read_phh(many, "pokerkit.phhs"))
    assert [type(r) for r in records] == [HandRecord] * 6
    assert [r.hand_id for r in records] == [str(i) for i in range(1, 7)]  # type: ignore[union-attr]


def test_pokerkit_reshuffle_hands_convert_to_our_format_and_back(tmp_path: Path) -> None:
    """``convert --to text`` writes the rule as ``reshuffle discards-first``; our parser reads it
    and the hands replay to PokerKit's stacks again."""
    from badugi_ledger.convert import ConvertedHand, convert_hands
    from badugi_ledger.sources import read_hands

    rng = random.Random(11)
    random.seed(11)
    expected = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        while len(expected) < 4:
            state = _play(rng)
            if not _deck_ran_out(state):
                continue
            name = f"h{len(expected)}"
            (tmp_path / f"{name}.phh").write_text(pokerkit_phh(state), encoding="utf-8")
            expected.append(list(state.stacks))
    for i, stacks in enumerate(expected):
        (converted,) = convert_hands(tmp_path / f"h{i}.phh", "text")
        assert isinstance(converted, ConvertedHand), converted
        assert "reshuffle discards-first" in converted.text
        (tmp_path / f"h{i}.bhh").write_text(converted.text, encoding="utf-8")
        (record,) = read_hands(tmp_path / f"h{i}.bhh")
        assert isinstance(record, HandRecord), record
        result = replay_hand(record)
        assert [result.final_stacks[f"p{j + 1}"] for j in range(8)] == stacks
        assert any("stub ran out" in note for note in result.notes)
