"""How fast the replay engine checks hands, next to PokerKit on the same kind of hand.

Run:  python benchmarks/bench_replay.py [--hands N]

Prints hands per second (CPU time of this process, so other load on the machine matters less;
each figure is the best of ``--repeat`` runs) for four inputs:

1. real histories: every Badugi-family hand of ``shared/corpus`` (if present) and of
   ``examples/``, replayed again and again through :func:`replay_stream`;
2. a synthetic 4-handed fixed-limit Badugi hand with every card known (blinds, everyone calls,
   one-card draws, checks, showdown), built once per deal as a ``HandRecord`` (every deal is
   new, so the Badugi tables start cold: the first run is the cold figure);
3. simulated 6-handed fixed-limit sessions (:mod:`badugi_ledger.simulate.sessions`: raises, all-ins,
   side pots, recorded collections and final stacks to verify), through :func:`replay_stream`;
4. PokerKit (if installed) playing hand 2's shape with its own automations; the ratio is
   printed.  PokerKit deals and evaluates the cards itself, so the comparison is rough: it
   says how the two compare for "one hand of this shape", not a line-by-line race.

Whole-process figures against PokerKit on the same PHH files are
``benchmarks/bench_phh_pokerkit.py``'s.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from badugi_ledger.hands.evaluate import clear_badugi_tables  # noqa: E402
from badugi_ledger.model.cards import DECK, Card  # noqa: E402
from badugi_ledger.model.errors import Position  # noqa: E402
from badugi_ledger.model.events import Action, Deal, Draw, Event, HandRecord, Post, Seat, Show  # noqa: E402
from badugi_ledger.model.settings import GameSettings  # noqa: E402
from badugi_ledger.replay import replay_hand, replay_stream  # noqa: E402
from badugi_ledger.sources import read_hands  # noqa: E402

PLAYERS = ("Anna", "Ben", "Cara", "Dan")


def rate(label: str, hands: int, run: Callable[[], object], repeat: int = 1) -> float:
    """Best hands/s of ``repeat`` runs (the first run of a cold input is the cold figure)."""
    spent = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        spent = min(spent, time.process_time() - start)
    per_second = hands / spent if spent else float("inf")
    print(f"{label:<66} {hands:>8} hands {per_second:>10,.0f} hands/s")
    return per_second


def simulated_records(hands: int) -> list[HandRecord]:
    """Simulated 6-handed fixed-limit Badugi (empty if the generator is not installed)."""
    try:
        from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands
    except ImportError:  # pragma: no cover - simulate/sessions.py ships with the package
        return []
    return list(simulate_hands(SimulationOptions(hands=hands, players=6, seed=1)))


def real_records() -> list[HandRecord]:
    shared = Path(os.environ.get("BADUGI_SHARED", ROOT.parent / "shared"))
    files = sorted((shared / "corpus").glob("*/*.txt")) + sorted((ROOT / "examples").glob("*.bhh"))
    records: list[HandRecord] = []
    for path in files:
        records.extend(r for r in read_hands(path) if isinstance(r, HandRecord))
    return records


def synthetic_hand(rng: random.Random, number: int) -> HandRecord:
    """Blinds 1/2, everyone calls, each player draws one card three times, all check, show."""
    deck: list[Card] = list(DECK)
    rng.shuffle(deck)
    pos = Position("bench", number, 1)
    hands = {p: [deck.pop() for _ in range(4)] for p in PLAYERS}
    events: list[Event] = [Post("Anna", "small-blind"), Post("Ben", "big-blind")]
    events += [Deal(p, tuple(hands[p])) for p in PLAYERS]
    events += [
        Action("Cara", "call"),
        Action("Dan", "call"),
        Action("Anna", "call"),
        Action("Ben", "check"),
    ]
    for _ in range(3):
        for p in PLAYERS:
            out, new = hands[p][0], deck.pop()
            hands[p] = hands[p][1:] + [new]
            events.append(Draw(p, (out,), (new,)))
        events += [Action(p, "check") for p in PLAYERS]
    events += [Show(p, tuple(hands[p])) for p in PLAYERS]
    return HandRecord(
        str(number),
        GameSettings(),
        tuple(Seat(p, 1000) for p in PLAYERS),
        "Dan",
        tuple(events),
        pos=pos,
    )


def pokerkit_hands(count: int) -> Callable[[], object] | None:
    try:
        from pokerkit import Automation, FixedLimitBadugi
    except ImportError:
        return None
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )

    def run() -> None:
        import warnings

        warnings.simplefilter("ignore")
        for _ in range(count):
            state = FixedLimitBadugi.create_state(
                automations, True, 0, (1, 2), 2, 4, (1000,) * 4, 4
            )
            while state.status:
                if state.can_stand_pat_or_discard():
                    index = state.stand_patter_or_discarder_index
                    assert index is not None
                    state.stand_pat_or_discard(state.hole_cards[index][:1])
                elif state.can_check_or_call():
                    state.check_or_call()
                else:  # pragma: no cover - the loop above covers a check-down hand
                    break

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=20_000, help="synthetic hands to replay")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the best)")
    args = parser.parse_args()
    repeat = max(1, args.repeat)

    records = real_records()
    if records:
        rounds = max(1, args.hands // len(records))
        events = sum(len(r.events) for r in records) / len(records)
        rate(
            f"real histories ({len(records)} hands, {events:.0f} events each) x{rounds}",
            rounds * len(records),
            lambda: [None for _ in range(rounds) for _ in replay_stream(records)],
            repeat,
        )
    rng = random.Random(7)
    synthetic = [synthetic_hand(rng, i) for i in range(args.hands)]

    def replay_synthetic() -> None:
        for r in synthetic:
            replay_hand(r)

    clear_badugi_tables()
    rate("synthetic 4-handed check-down, replay_hand, cold", len(synthetic), replay_synthetic)
    ours = rate(
        "synthetic 4-handed check-down, replay_hand", len(synthetic), replay_synthetic, repeat
    )
    simulated = simulated_records(max(1000, args.hands // 4))
    if simulated:
        events = sum(len(r.events) for r in simulated) / len(simulated)
        rate(
            f"simulated 6-handed fixed limit ({events:.0f} events each), replay_stream",
            len(simulated),
            lambda: [None for _ in replay_stream(simulated)],
            repeat,
        )
    pk_count = max(50, args.hands // 100)
    pk = pokerkit_hands(pk_count)
    if pk is None:
        print("pokerkit not installed: no comparison")
        return
    theirs = rate("PokerKit FixedLimitBadugi, same shape of hand", pk_count, pk)
    print(f"ratio: {ours / theirs:,.0f}x PokerKit")


if __name__ == "__main__":
    main()
