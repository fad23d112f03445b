"""A KingsClub hand that ends with a bet nobody called (a walk, a fold to a bet) is read.

KingsClub prints no line for the uncalled bet it hands back.  What its summary says is known
from the corpus (``kingsclub/*.txt``, fpdb regression files): each seat's final stack and net,
the rake, and ``wins pot (X)``, X being the pot less the rake (Badugi hand 37732805: 570 in,
rake 1.75, ``wins pot (568.25)``).  No corpus hand has an uncalled bet, so whether X then
counts the bet handed back is not known: the reader takes whichever reading accounts for the
nets the summary prints (``kingsclub.py``, ``_settle_nets``).  Both readings were refused
before, one as ``corrupt-hand``, the other as a payout mismatch.

Sources: invented variants of corpus hand 37732805 (``tests/fixtures/sites``, its
``SOURCES.md``): each reading of a walk, of a fold to a bet, and of a bet called all-in for
less by a player who came in with a hidden dead blind.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.check import check_file
from badugi_ledger.model.events import Collect, FinalStack, HandRecord, Post
from badugi_ledger.replay import replay_hand
from badugi_ledger.sites.files import iter_lines
from badugi_ledger.sites.kingsclub import read_kingsclub
from tests.helpers.paths import FIXTURES

SITES = FIXTURES / "sites"


def _record(items: list) -> HandRecord:
    (record,) = items
    assert isinstance(record, HandRecord), record
    return record


@pytest.mark.parametrize(
    ("name", "collected", "nets"),
    [
        # everyone folds to the big blind: his 15 nobody called goes back; pot 30 either way
        ("kingsclub-walk-37732806.txt", 3000, {"Player0": 1500, "Player1": 0, "Hero": -1500}),
        ("kingsclub-walk-with-return-37732806.txt", 3000, {"Player0": 1500, "Hero": -1500}),
        # Player1 bets 60 on the last round and Player0 folds: 60 back, 328.25 after the rake
        ("kingsclub-fold-37732805.txt", 32825, {"Player0": -15000, "Player1": 17825}),
        ("kingsclub-fold-with-return-37732805.txt", 32825, {"Player0": -15000, "Player1": 17825}),
    ],
)
def test_an_uncalled_bet_goes_back_whichever_way_the_pot_is_written(
    tmp_path: Path, name: str, collected: int, nets: dict[str, int]
) -> None:
    record = _record(list(read_kingsclub(iter_lines(SITES / name), name)))
    winner = [(c.player, c.amount) for c in record.events if isinstance(c, Collect)]
    assert [amount for _, amount in winner] == [collected]  # the pot, without the bet back
    assert not [p for p in record.events if isinstance(p, Post) and p.kind == "dead"]
    result = replay_hand(record)
    assert result.violations == ()
    assert {p: result.net[p] for p in nets} == nets
    finals = {f.player: f.amount for f in record.events if isinstance(f, FinalStack)}
    assert finals == result.final_stacks  # the summary's final stacks, to the chip
    path = tmp_path / name
    path.write_bytes((SITES / name).read_bytes())
    assert check_file(path).problems == []


@pytest.mark.parametrize(
    "name", ["kingsclub-came-in-37732806.txt", "kingsclub-came-in-with-return-37732806.txt"]
)
def test_a_bettor_who_came_in_is_read_with_his_dead_blind_the_small_blind(name: str) -> None:
    """Both readings can account for the nets when the bettor also posted ``blind`` to come
    in, whose dead small blind KingsClub does not print: ``wins pot (120)`` is the pot with a
    dead 15 (without the 15 handed back) or a pot of 105 with the 15 and no dead blind;
    ``(135)`` a dead 30 and the 15 not counted, or a dead 15 and the 15 counted.  The reading
    whose dead blind is the table's small blind (15) is taken: the same figures either way.
    The 15 nobody called is in the second round, after which Player0 is all-in: the later
    rounds have no bets (so the bet nobody called is looked for in every round)."""
    record = _record(list(read_kingsclub(iter_lines(SITES / name), name)))
    posts = [(p.player, p.kind, p.amount) for p in record.events if isinstance(p, Post)]
    assert posts == [
        ("Hero", "small-blind", 1500),
        ("Player0", "big-blind", 3000),
        ("Player1", "dead", 1500),
        ("Player1", "big-blind", 3000),
    ]
    assert [c.amount for c in record.events if isinstance(c, Collect)] == [12000]
    result = replay_hand(record)
    assert result.violations == ()
    nets = (result.net["Player1"], result.net["Player0"], result.net["Hero"])
    assert nets == (6000, -4500, -1500)


def test_a_hidden_dead_blind_is_the_small_blind_or_the_hand_is_refused(tmp_path: Path) -> None:
    """KingsClub prints ``posts blind 30`` for a player coming in and never the dead small
    blind it also costs (docs/importers.md, *Dead blinds*).  That is the table's small blind
    (15), no other amount: the same hand's summary saying ``wins pot (125)`` needs a dead 20,
    chips no line explains (any amount up to a small bet was taken before, so a consistent
    edit of a summary moved money between players and passed)."""
    text = (SITES / "kingsclub-came-in-37732806.txt").read_text(encoding="utf-8")
    assert "Player1 wins pot (120)" in text
    path = tmp_path / "dead-20.txt"
    path.write_text(text.replace("Player1 wins pot (120)", "Player1 wins pot (125)"))
    (problem,) = check_file(path).problems
    assert "[corrupt-hand]" in problem and "Player1 netted +60.00" in problem, problem
