"""Where the replay's time goes, per hand: set-up, the events, settlement, the table.

Run:  python benchmarks/bench_replay_phases.py [--hands N] [--repeat R] [--file F.bhh]

Replays simulated 6-handed fixed-limit Badugi sessions (:mod:`badugi_ledger.simulate.sessions`,
every card known, about 50 events a hand) - or the hands of ``--file``, parsed once up front so that
parsing is not timed - and prints microseconds per hand (CPU time of this process, best of
``--repeat`` runs, Badugi tables warm) for:

* ``set-up``: :class:`badugi_ledger.replay.state.HandState` alone (seats, stacks, blinds);
* ``events``: set-up plus every event (:func:`~badugi_ledger.replay.hand.play_events`) and the
  end-of-hand check, minus set-up;
* ``settle``: :func:`~badugi_ledger.replay.replay_hand` minus the two above (pots, showdown,
  verification of the recorded outcome, the frozen result);
* ``table``: :func:`~badugi_ledger.replay.replay_stream` minus ``replay_hand`` (carrying
  stacks and pots from hand to hand, the outcome objects).

Every phase replays the same hands with the stacks and carried pots the stream gives them.  On
a shared machine the absolute figures move from run to run; compare phases within one run.  For
figures that do not move, count instructions instead, e.g.
``valgrind --tool=cachegrind --cache-sim=no python benchmarks/bench_replay_phases.py --repeat 1``
with and without a change.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from badugi_ledger.model.events import HandRecord  # noqa: E402
from badugi_ledger.replay import hand as hand_module  # noqa: E402
from badugi_ledger.replay import replay_hand, replay_stream, table  # noqa: E402
from badugi_ledger.replay.state import HandState  # noqa: E402

Call = tuple[HandRecord, dict[str, int] | None, int, frozenset[str]]


def stream_calls(records: list[HandRecord]) -> list[Call]:
    """The (record, carried stacks, carried pot, its stakes) each hand of the stream is replayed
    with; the stream's hands must all replay (a spy that stopped matching ``replay_hand`` would
    otherwise be reported on each hand and time nothing)."""
    calls: list[Call] = []
    original = table.replay_hand

    def spy(  # type: ignore[no-untyped-def]
        record: HandRecord,
        *,
        stacks: dict[str, int] | None = None,
        carry_in: int = 0,
        carry_stakes: frozenset[str] = frozenset(),
    ):
        # A copy: the table may hand over its own stacks, which the next hands change.
        calls.append((record, None if stacks is None else dict(stacks), carry_in, carry_stakes))
        return original(record, stacks=stacks, carry_in=carry_in, carry_stakes=carry_stakes)

    table.replay_hand = spy  # type: ignore[assignment]
    try:
        for outcome in replay_stream(records):
            if outcome.result is None:
                raise SystemExit(f"hand {outcome.hand_id} did not replay: {outcome.errors}")
    finally:
        table.replay_hand = original
    return calls


def best(run: Callable[[], object], repeat: int, hands: int) -> float:
    """Best CPU microseconds per hand of ``repeat`` runs."""
    spent = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        spent = min(spent, time.process_time() - start)
    return spent / hands * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="simulated hands")
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (the best)")
    parser.add_argument("--file", type=Path, help="replay this file's hands instead")
    args = parser.parse_args()

    if args.file:
        from badugi_ledger.sources import read_hands

        records = [r for r in read_hands(args.file) if isinstance(r, HandRecord)]
        what = f"{args.file.name}"
    else:
        from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands

        records = list(simulate_hands(SimulationOptions(hands=args.hands, players=6, seed=1)))
        what = "simulated 6-handed fixed-limit Badugi"
    calls = stream_calls(records)  # also warms the Badugi tables
    play = hand_module.play_events
    finish = hand_module._finish

    def set_up() -> None:
        for record, stacks, carry, stakes in calls:
            HandState(record, stacks, carry, stakes)

    def events() -> None:
        for record, stacks, carry, stakes in calls:
            finish(play(record, stacks=stacks, carry_in=carry, carry_stakes=stakes))

    def whole() -> None:
        for record, stacks, carry, stakes in calls:
            replay_hand(record, stacks=stacks, carry_in=carry, carry_stakes=stakes)

    def stream() -> None:
        for _ in replay_stream(records):
            pass

    n = len(calls)
    per_event = sum(len(r.events) for r in records) / max(1, len(records))
    a = best(set_up, args.repeat, n)
    b = best(events, args.repeat, n)
    c = best(whole, args.repeat, n)
    d = best(stream, args.repeat, n)
    print(f"{what}: {n} hands, {per_event:.0f} events each, best of {args.repeat}")
    for label, value in (
        ("set-up", a),
        ("events", b - a),
        ("settle", c - b),
        ("table", d - c),
        ("replay_stream, all", d),
    ):
        print(f"  {label:<20} {value:8.1f} us/hand")


if __name__ == "__main__":
    main()
