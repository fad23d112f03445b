"""The hand generator against the replay engine: every simulated hand must check clean.

The generator's turn logic, draws from a shuffled deck and side pots are written independently
of :mod:`badugi_ledger.replay`; each hand records the collections, carried pots and final
stacks the generator computed.  So a clean ``check`` means the two agree on the order of play
and the betting structures (``000``, ``001``, ``003``), the reshuffle (``001``, seeds README
item 3), the Progressive Badugi qualifier and carried pot (``002``), the split halves of
Badacey/Badeucey (``004``), side pots and uncalled bets (``001``).
"""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from badugi_ledger.check import run_check
from badugi_ledger.model.errors import BadugiError, ConfigError
from badugi_ledger.model.events import CarryOut, Collect, Draw, FinalStack, Muck, Show, StackChange
from badugi_ledger.model.games import GAME_NAMES
from badugi_ledger.model.settings import STRUCTURE_KINDS, HouseRules
from badugi_ledger.replay import replay_stream
from badugi_ledger.simulate.hand import SimulationStats
from badugi_ledger.simulate.sessions import (
    SimulationOptions,
    simulate_hands,
    simulate_to_path,
    write_simulation,
)
from badugi_ledger.text.parse import parse_text

CLI = Path(sys.executable).with_name("badugi-ledger")


def simulated_text(**kwargs: object) -> tuple[str, SimulationStats]:
    buf = io.StringIO()
    stats = write_simulation(SimulationOptions(**kwargs), buf)  # type: ignore[arg-type]
    return buf.getvalue(), stats


def problems(text: str) -> list[str]:
    """Every problem the replay finds in ``text`` (parse errors included), as strings."""
    found = []
    for outcome in replay_stream(parse_text(text, "sim.bhh")):
        found += [f"hand {outcome.hand_id}: {e.message} [{e.rule}]" for e in outcome.errors]
    return found


@pytest.mark.parametrize("structure", STRUCTURE_KINDS)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_every_game_and_structure_checks_clean(game: str, structure: str, tmp_path: Path) -> None:
    """000/001/002/003/004: simulated hands of every game and structure replay with zero
    violations and zero payout mismatches through the real ``check``."""
    players = 2 + (GAME_NAMES.index(game) * 5 + STRUCTURE_KINDS.index(structure)) % 8
    path = tmp_path / "sim.bhh"
    options = SimulationOptions(
        hands=40,
        players=players,
        game=game,
        structure=structure,
        seed=11,  # type: ignore[arg-type]
    )
    stats = simulate_to_path(options, path)
    run = run_check([path])
    lines = list(run.lines())
    assert run.all_ok, "\n".join(lines[:10])
    assert run.summaries[0].hands == stats.hands == 40


@pytest.mark.parametrize("game", GAME_NAMES)
def test_showdown_only_records_check_clean(game: str) -> None:
    """A player's-eye record (draws as counts, cards only when shown) settles from the shown
    cards alone."""
    text, stats = simulated_text(hands=60, players=5, game=game, seed=5, cards="showdown")
    assert "deal:" not in text
    assert stats.showdowns > 0
    assert problems(text) == []


@pytest.mark.parametrize(
    "house",
    [
        HouseRules(heads_up_uncapped=True),
        HouseRules(half_bet_reopens=False),
        HouseRules(reshuffle="all-discards"),
        HouseRules(odd_chip="worst-seat", odd_chip_half="five-card"),
    ],
    ids=["heads-up-uncapped", "no-half-bet-rule", "all-discards", "worst-seat"],
)
@pytest.mark.parametrize("game", ["badugi", "badacey"])
def test_house_rules_check_clean(game: str, house: HouseRules) -> None:
    """Seeds README items 3, 4 and 6 and the half-bet rule, written as header lines."""
    text, _ = simulated_text(hands=60, players=3, game=game, seed=8, house=house, max_stack=30)
    assert problems(text) == []


def test_progressive_redeal_posts_and_antes_check_clean() -> None:
    """002 and seeds README item 5: a redeal with blinds posted again (house rule), antes."""
    text, stats = simulated_text(
        hands=120,
        players=4,
        game="progressive-badugi",
        seed=3,
        ante=1,
        house=HouseRules(redeal_posts=True, qualifier_max=10),
    )
    assert stats.carried > 0
    assert problems(text) == []


def test_interesting_cases_happen() -> None:
    """Varied stacks give all-ins, side pots and rebuys; 9 players force reshuffles (001);
    Progressive Badugi pots carry (002); tied hands split pots."""
    total = SimulationStats()
    for game in GAME_NAMES:
        for structure in ("fixed-limit", "no-limit"):
            _, stats = simulated_text(hands=100, players=9, game=game, structure=structure, seed=2)
            for name, value in vars(stats).items():
                setattr(total, name, getattr(total, name) + value)
    assert total.hands == 800
    for name in (
        "showdowns",
        "all_ins",
        "side_pots",
        "split_pots",
        "carried",
        "rebuys",
        "reshuffles",
        "mucks",
    ):
        assert getattr(total, name) > 0, name


def test_records_hold_what_check_verifies() -> None:
    """Every hand records its outcome: collections (or a carried pot) and every final stack;
    stacks are stated only in a session's first hand and carried afterwards."""
    records = list(
        simulate_hands(
            SimulationOptions(hands=30, game="progressive-badugi", seed=4, session_hands=10)
        )
    )
    assert len(records) == 30
    for record in records:
        kinds = {type(e) for e in record.events}
        assert Collect in kinds or CarryOut in kinds
        assert sum(isinstance(e, FinalStack) for e in record.events) == len(record.seats)
    firsts = [r for r in records if all(s.stack is not None for s in r.seats)]
    assert [r.hand_id for r in firsts][0] == "4-1" and len(firsts) >= 3
    assert all(all(s.stack is None for s in r.seats) for r in records if r not in firsts)
    assert len({r.table for r in records}) == len(firsts)
    assert all(r.positions == () for r in records)  # simulated events stand nowhere


def test_same_seed_same_hands_other_seed_other_hands() -> None:
    a, _ = simulated_text(hands=25, seed=42, structure="pot-limit")
    b, _ = simulated_text(hands=25, seed=42, structure="pot-limit")
    c, _ = simulated_text(hands=25, seed=43, structure="pot-limit")
    assert a == b
    assert a != c


def test_same_seed_same_hands_across_processes(tmp_path: Path) -> None:
    """No decision depends on set order (string hashes differ between processes)."""
    outs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"sim{hash_seed}.bhh"
        subprocess.run(
            [
                str(CLI),
                "simulate",
                "--hands",
                "30",
                "--players",
                "7",
                "--seed",
                "9",
                "--structure",
                "no-limit",
                "--out",
                str(out),
            ],
            check=True,
            capture_output=True,
            env={"PYTHONHASHSEED": hash_seed, "PATH": "/usr/bin:/bin"},
        )
        outs.append(out.read_text(encoding="utf-8"))
    assert outs[0] == outs[1]


class _StopWriting(Exception):
    pass


class _Sink(io.TextIOBase):
    """Accepts ``limit`` writes, then stops the simulation."""

    def __init__(self, limit: int) -> None:
        self.writes = 0
        self.limit = limit

    def write(self, text: str) -> int:
        self.writes += 1
        if self.writes > self.limit:
            raise _StopWriting
        return len(text)


def test_hands_are_written_as_they_are_played() -> None:
    """Streaming: a simulation of a billion hands writes its first hands at once (it would
    never finish if the hands were collected first)."""
    sink = _Sink(limit=6)
    with pytest.raises(_StopWriting):
        write_simulation(SimulationOptions(hands=10**9, seed=1), sink)
    first = next(simulate_hands(SimulationOptions(hands=10**9, seed=1)))
    assert first.hand_id == "1-1"


def test_a_corrupted_record_is_caught() -> None:
    """The cross-check can fail: change one recorded collection and check reports it."""
    text, _ = simulated_text(hands=20, seed=6)
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if " collects " in line)
    name, _, rest = lines[at].partition(" collects ")
    amount = rest.split()[0]
    lines[at] = lines[at].replace(f"collects {amount}", f"collects {int(amount) + 1}", 1)
    found = problems("".join(lines))
    assert any("[collect]" in p for p in found), found


def test_draws_and_rebuys_are_recorded() -> None:
    records = list(simulate_hands(SimulationOptions(hands=200, structure="no-limit", seed=1)))
    events = [e for r in records for e in r.events]
    assert any(isinstance(e, StackChange) and e.kind == "rebuy" for e in events)
    draws = [e for e in events if isinstance(e, Draw)]
    assert {d.count for d in draws} >= {0, 1, 2}
    assert any(isinstance(e, Muck) for e in events) and any(isinstance(e, Show) for e in events)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"players": 1},
        {"players": 10},
        {"game": "holdem"},
        {"structure": "table-stakes"},
        {"hands": -1},
        {"small_blind": 0},
        {"small_blind": 3, "big_blind": 2},
        {"cards": "some"},
        {"min_stack": 10, "max_stack": 5},
    ],
)
def test_bad_options_are_config_errors(kwargs: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        SimulationOptions(**kwargs)  # type: ignore[arg-type]


def test_cli_simulate_then_check(tmp_path: Path) -> None:
    out = tmp_path / "night.bhh"
    done = subprocess.run(
        [
            str(CLI),
            "simulate",
            "--hands",
            "50",
            "--players",
            "4",
            "--game",
            "badeucey",
            "--seed",
            "3",
            "--structure",
            "half-pot-limit",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "simulated 50 hands" in done.stderr
    checked = subprocess.run([str(CLI), "check", str(out)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "50 hands: 50 ok" in checked.stdout


def test_cli_simulate_errors_are_one_line(tmp_path: Path) -> None:
    done = subprocess.run(
        [str(CLI), "simulate", "--hands", "3", "--out", str(tmp_path / "no/x")],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("Error: ") and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    for args in (["--players", "12"], ["--game", "chess"]):  # bad usage: exit status 2
        done = subprocess.run(
            [str(CLI), "simulate", "--hands", "3", *args], capture_output=True, text=True
        )
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith("Usage: ") and "Traceback" not in done.stderr


def test_simulate_to_path_reports_unwritable_file(tmp_path: Path) -> None:
    with pytest.raises(BadugiError, match="cannot write"):
        simulate_to_path(SimulationOptions(hands=1), tmp_path / "missing" / "x.bhh")


def test_blinds_a_session_cannot_hold_are_refused() -> None:
    """``simulate --big-blind 4503599627370496`` wrote hands that ``check`` refused (stacks
    and rebuys beyond the largest amount), against its own help ("check reports every one of
    them clean")."""
    from badugi_ledger.simulate.sessions import SimulationOptions

    with pytest.raises(ConfigError, match="more than an amount may be"):
        SimulationOptions(big_blind=2**52, small_blind=1)
    assert SimulationOptions(big_blind=10**9, small_blind=1).big_blind == 10**9


@pytest.mark.parametrize(
    "seed,players,structure",
    [
        (8, 4, "spread-limit"),
        (17, 3, "fixed-limit"),
        (25, 4, "fixed-limit"),
        (27, 4, "fixed-limit"),
        (31, 3, "fixed-limit"),
    ],
)
def test_heads_up_uncapped_as_the_card_rooms_read_it(
    seed: int, players: int, structure: str
) -> None:
    """Seeds README item 6 read as Robert's Rules of Poker, Betting and Raising 3-4 (the cap is
    for "three or more players who are not all-in", and once reached "cannot be uncapped by a
    subsequent fold that leaves two players heads-up"), in the generator as in the replay.
    These sessions have rounds of both kinds: raised past the cap with a third player all-in
    by the time it was reached (hand 25-1: Ben's all-in raise to 6 before Dan's to 8; hand
    31-38: Cara's all-in raise is the fourth bet), refused where the house keeps the cap; and
    capped while three could bet before a fold left two, where a generator raising on is
    refused."""
    house = HouseRules(heads_up_uncapped=True)
    text, _ = simulated_text(
        hands=60, players=players, structure=structure, seed=seed, house=house, max_stack=40
    )
    assert problems(text) == []
    if seed in (25, 31):  # hands 25-1 and 31-38
        capped = problems(text.replace("heads-up-uncapped yes", "heads-up-uncapped no"))
        assert any(p.endswith("[raise-cap]") for p in capped)
