"""Who posts the blinds is asked of one rule, :mod:`badugi_ledger.model.forced`, by the reader and
the replay and also by the simulator and the night file's template: they must never disagree.

Seed ``000`` (/work/shared/seeds/000_a72d4d9e46de50ad.txt, "Betting in short"): "the player to
the dealer's left puts in the small blind, the next player to the left the big blind ... With
only two players, the dealer puts in the small blind."  grammar/README.md, "Forced bets": a
game with one blind only (``blinds 0/2``) has the first player left of the button post it.

The simulator's tests are guards: its own heads-up rule already agreed with ``blind_players``
for every table it deals (the button is always dealt in).  The night template's one-blind tests
(``stakes 1/2`` in fixed limit is ``blinds 0/1``) with three players or more are regressions: its
example had the player left of the button complete a small blind nobody posts and the first
to act was two seats past the one the replay expects (``turn-order``).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.check import run_check
from badugi_ledger.model.events import CarryOut, HandRecord, Post
from badugi_ledger.model.forced import blind_players, forced_posts
from badugi_ledger.model.settings import HouseRules
from badugi_ledger.simulate.sessions import NAMES, SimulationOptions, simulate_hands
from badugi_ledger.text.night import night_text
from badugi_ledger.text.parse import parse_text

PLAYERS = range(2, 10)


def dealt_in(record: HandRecord) -> list[str]:
    """Every seat, clockwise from the button's left (the simulator rebuys a busted player)."""
    names = [seat.name for seat in record.seats]
    left = names.index(record.button) + 1
    return names[left:] + names[:left]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize(
    "house", [HouseRules(), HouseRules(redeal_posts=True)], ids=["redeal-posts no", "yes"]
)
def test_the_simulator_posts_what_forced_posts_says(players: int, house: HouseRules) -> None:
    options = SimulationOptions(
        hands=80,
        players=players,
        game="progressive-badugi",
        ante=1,
        seed=players,
        min_stack=1,
        max_stack=8,
        house=house,
    )
    redeals = 0
    carried = False
    for record in simulate_hands(options):
        posts = tuple(event for event in record.events if isinstance(event, Post))
        dealt = dealt_in(record)
        assert posts == forced_posts(record.settings, dealt, record.button, redeal=carried)
        redeals += carried
        carried = any(isinstance(event, CarryOut) for event in record.events)
    assert redeals, "no Progressive Badugi redeal was played"


def test_heads_up_the_simulated_button_posts_the_small_blind() -> None:
    for record in simulate_hands(SimulationOptions(hands=30, players=2, seed=3)):
        blinds = {event.kind: event.player for event in record.events if isinstance(event, Post)}
        other = next(seat.name for seat in record.seats if seat.name != record.button)
        assert blinds == {"small-blind": record.button, "big-blind": other}


def comment_block(text: str) -> list[str]:
    """The template's example lines, uncommented: deal, betting, draw, show, collect, next."""
    return [line[4:] for line in text.splitlines() if line.startswith("#   ")]


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("stakes", ["2/4", "1/2"], ids=["two blinds", "one blind"])
def test_the_night_template_s_blinds_are_blind_players(players: int, stakes: str) -> None:
    names = list(NAMES[:players])
    text = night_text(names, stakes=stakes)
    (record,) = parse_text(text, source="night.bhh")
    assert isinstance(record, HandRecord)
    small, big = blind_players(record.settings, [*names[1:], names[0]], names[0])
    assert big is not None
    betting = comment_block(text)[1].split(" · ")
    first = names[(names.index(big) + 1) % players]  # 000: left of the big blind acts first
    assert betting[0] == f"{first} calls"
    assert betting[-1] == f"{big} checks"
    assert (f"{small} calls" in betting) == (small is not None)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("stakes", ["2/4", "1/2"], ids=["two blinds", "one blind"])
def test_the_night_template_played_out_checks_clean(
    tmp_path: Path, players: int, stakes: str
) -> None:
    text = night_text(list(NAMES[:players]), stakes=stakes)
    deal, betting, draw, show, collect = comment_block(text)[:5]
    still_in = [item.split(" ")[0] for item in draw.removeprefix("draw: ").split(" · ")]
    checks = " · ".join(f"{name} checks" for name in still_in)
    pat = "draw: " + " · ".join(f"{name} pat" for name in still_in)
    hand = [deal, betting, draw, checks, pat, checks, pat, checks, show, collect]
    night = tmp_path / "night.bhh"
    night.write_text(text + "\n".join(hand) + "\n", encoding="utf-8")
    run = run_check([night], jobs=1)
    lines = list(run.lines())
    assert run.all_ok, lines
