"""Random *legal* hands for tests and benchmarks: ``badugi-ledger simulate``.

Why it exists: a club archive is hundreds of thousands of hands, and the examples are a dozen.
The generator plays whole sessions - random but legal betting under every structure, draws
from a real shuffled deck (with the reshuffle of ``001`` when the stub runs out), varied
stacks so all-ins and side pots happen, showdowns with the cards shown, Progressive Badugi
pots that carry, rebuys when a player busts - and writes them in our text format through
:func:`badugi_ledger.text.writer.write_hands`, hand by hand (flat memory for any ``--hands``).

It is also a cross-check: :class:`~badugi_ledger.simulate.hand.SimulatedHand` plays each
hand with turn logic written independently of the replay engine, and every hand records what
the generator computed - ``Collect`` lines, the carried pot, every final stack - so
``badugi-ledger check`` on a simulated file reports zero problems only when both sides agree.

Deterministic for a seed: one :class:`random.Random`, and no decision ever iterates a set.

Not simulated (yet): Progressive Badugi "with a Buy", rake, straddles and dead blinds,
players sitting out or cashing out, tournaments.
"""

from __future__ import annotations

import datetime
import random
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal, Protocol

from ..model.errors import BadugiError, ConfigError
from ..model.events import (
    Event,
    FinalStack,
    HandRecord,
    Seat,
    Session,
    StackChange,
)
from ..model.games import GAME_NAMES, GameName
from ..model.limits import MAX_AMOUNT
from ..model.settings import (
    POKERKIT_HOUSE,
    STRUCTURE_KINDS,
    GameSettings,
    HouseRules,
    Structure,
    StructureKind,
)
from .hand import SimulatedHand, SimulationStats

__all__ = [
    "NAMES",
    "SimulationOptions",
    "simulate_hands",
    "simulate_to_path",
    "write_simulation",
]

NAMES = ("Anna", "Ben", "Cara", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo")
"""Players, clockwise; ``--players K`` seats the first K."""

POKERKIT_PLAY = replace(POKERKIT_HOUSE, reshuffle="exclude-own")
"""House rules for hands played as PokerKit plays (``POKERKIT_HOUSE``) but dealt as the
simulator deals, each player's draw in turn: every such hand of fixed-limit Badugi can be
written as PHH (the writer names the dealing) and PokerKit replays it to our stacks."""

CardsShown = Literal["all", "showdown"]
"""``all``: a dealer's log (every deal, discard and card drawn is written, so the replay tracks
every card).  ``showdown``: what a player at the table sees (draws as counts, cards only when
shown)."""


class _Writer(Protocol):
    def write(self, text: str, /) -> object: ...


@dataclass(frozen=True)
class SimulationOptions:
    """What to simulate.  Stacks are drawn in big blinds between ``min_stack`` and
    ``max_stack`` (small enough that fixed-limit hands often go all-in)."""

    hands: int = 100
    players: int = 6
    game: GameName = "badugi"
    structure: StructureKind = "fixed-limit"
    seed: int = 0
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    session_hands: int = 500
    """Hands per session; each session is a new table whose first hand states the stacks."""
    cards: CardsShown = "all"
    final_stacks: bool = True
    min_stack: int = 3
    max_stack: int = 60
    house: HouseRules = field(default_factory=HouseRules)

    def __post_init__(self) -> None:
        if self.game not in GAME_NAMES:
            raise ConfigError(f"unknown game {self.game!r} (games: {', '.join(GAME_NAMES)})")
        if self.structure not in STRUCTURE_KINDS:
            raise ConfigError(
                f"unknown structure {self.structure!r} (structures: {', '.join(STRUCTURE_KINDS)})"
            )
        if not 2 <= self.players <= min(len(NAMES), self.house.max_seats):
            raise ConfigError(
                f"players must be 2..{min(len(NAMES), self.house.max_seats)}, not {self.players}"
            )
        if not self.house.ante_trimming:
            raise ConfigError("the simulator trims antes: it cannot play ante-trimming no")
        if self.house.reshuffle == "discards-first":
            raise ConfigError(
                "the simulator deals each player's draw in turn: it cannot play the reshuffle "
                "rule discards-first (every player discards before anybody is served)"
            )
        if self.hands < 0 or self.session_hands < 1:
            raise ConfigError("hands must be >= 0 and session hands >= 1")
        if not 0 < self.small_blind <= self.big_blind or self.ante < 0:
            raise ConfigError("blinds must satisfy 0 < small <= big, and the ante >= 0")
        if not 1 <= self.min_stack <= self.max_stack:
            raise ConfigError("stacks must satisfy 1 <= min <= max (in big blinds)")
        if self.cards not in ("all", "showdown"):
            raise ConfigError(f"cards must be 'all' or 'showdown', not {self.cards!r}")
        # Every stack and rebuy of a session (at most a stack a player a hand) must stay an
        # amount the format holds, or ``check`` refuses the hands written.
        most = self.players * (self.session_hands + 1) * self.max_stack * max(self.big_blind, 1)
        if most > MAX_AMOUNT:
            raise ConfigError(
                f"a session of {self.session_hands} hands of {self.players} players with stacks "
                f"up to {self.max_stack} big blinds of {self.big_blind} could hold {most:,} "
                f"chips, more than an amount may be ({MAX_AMOUNT:,}): a smaller big blind, or "
                "fewer hands a session"
            )

    def settings(self) -> GameSettings:
        bb = self.big_blind
        if self.structure == "fixed-limit":
            structure = Structure("fixed-limit", bb, 2 * bb)
        elif self.structure == "spread-limit":
            structure = Structure("spread-limit", spread_min=bb, spread_max=4 * bb)
        else:
            structure = Structure(self.structure)
        return GameSettings(self.game, structure, self.small_blind, bb, self.ante, house=self.house)


def simulate_hands(
    options: SimulationOptions, stats: SimulationStats | None = None
) -> Iterator[HandRecord]:
    """Yield ``options.hands`` legal hands, one at a time (see the module docstring)."""
    stats = stats if stats is not None else SimulationStats()
    rng = random.Random(options.seed)
    settings = options.settings()
    names = list(NAMES[: options.players])
    bb = options.big_blind
    stacks: dict[str, int] = {}
    carry = 0
    button = 0
    session = Session()
    table = ""
    first_day = datetime.date(2024, 1, 1)
    number = started = 0
    for i in range(options.hands):
        # A session ends after ``session_hands`` hands, but never with a pot still carried.
        new_session = i == 0 or (i - started >= options.session_hands and not carry)
        events: list[Event] = []
        if new_session:
            number, started = number + 1, i
            day = first_day + datetime.timedelta(days=number - 1)
            session = Session(
                "cash",
                f"Simulation {options.seed} night {number}",
                day.isoformat(),
                season="simulated",
            )
            table = f"Sim {options.seed}.{number}"
            stacks = {p: bb * rng.randint(options.min_stack, options.max_stack) for p in names}
            carry = 0
            button = rng.randrange(len(names))
        else:
            for p in names:
                if stacks[p] == 0:
                    chips = bb * rng.randint(options.min_stack, options.max_stack)
                    events.append(StackChange(p, chips, "rebuy"))
                    stacks[p] += chips
                    stats.rebuys += 1
        hand = SimulatedHand(
            rng, settings, names, names[button], stacks, carry, options.cards == "all", stats
        )
        hand.events = events
        hand.play()
        final, carry = hand.settle()
        if options.final_stacks:
            hand.events.extend(FinalStack(p, final[p]) for p in names)
        seats = tuple(Seat(p, stacks[p] if new_session else None) for p in names)
        stats.hands += 1
        hand_id = f"{options.seed}-{i + 1}"  # unique across seeds: files can be concatenated
        yield HandRecord(
            hand_id, settings, seats, names[button], tuple(hand.events), session, table
        )
        stacks = final
        button = (button + 1) % len(names)


def write_simulation(options: SimulationOptions, out: _Writer) -> SimulationStats:
    """Simulate and write the hands to ``out`` as they are played; return what happened."""
    from ..text.writer import write_hands

    stats = SimulationStats()
    out.write(
        f"# Simulated by badugi-ledger simulate: {options.hands} hands of {options.game}, "
        f"{options.structure}, {options.players} players, seed {options.seed}\n\n"
    )
    for chunk in write_hands(simulate_hands(options, stats)):
        out.write(chunk)
    return stats


def simulate_to_path(options: SimulationOptions, out: str | Path | None) -> SimulationStats:
    """``badugi-ledger simulate``: write to the file ``out`` (standard output when None)."""
    if out is None:
        return write_simulation(options, sys.stdout)
    try:
        with open(out, "w", encoding="utf-8", newline="\n") as handle:
            return write_simulation(options, handle)
    except OSError as exc:
        raise BadugiError(f"cannot write {str(out)!r}: {exc.strerror or exc}") from exc
