"""Badugi evaluations per second: ``badugi_ledger.hands.badugi.badugi_value`` against a plain
brute-force evaluator (every selection of the holding) on the same random hands in the same
run, and against PokerKit's ``BadugiHand`` when PokerKit is installed.

    python benchmarks/bench_hands.py [--hands 200000] [--brute 20000] [--pokerkit 5000]

Figures printed:

* *cold*: a pass after ``clear_badugi_tables()`` (as in a fresh process: the shipped
  four-card table is read again on the first hand, every value object is made on first use);
* *warm*: a second pass over the same hands (the table loaded, the values made);
* *after a full build*: new random hands once ``build_badugi_tables()`` loaded the table
  (the load time, from an unloaded table, is printed too).

Each figure is the best of ``--repeat`` runs (the machine may be shared); the cold and
PokerKit runs take turns, so their ratio compares runs made at about the same time.  Only printed
figures, no assertions on speed; the agreement of the three evaluators on the
brute-force sample is checked, so a fast wrong evaluator cannot look good.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Sequence
from itertools import combinations

from badugi_ledger.hands.badugi import badugi_value, build_badugi_tables
from badugi_ledger.hands.evaluate import clear_badugi_tables
from badugi_ledger.model.cards import DECK, Card


def brute_force_badugi(cards: Sequence[Card]) -> tuple[int, tuple[int, ...]]:
    """The plain definition: try every selection, keep the most cards, then the lowest from
    the highest card down.  Larger key = better."""
    best: tuple[int, tuple[int, ...]] | None = None
    for size in range(len(cards), 0, -1):
        for selection in combinations(cards, size):
            if len({c.rank for c in selection}) == size == len({c.suit for c in selection}):
                key = (size, tuple(sorted(-c.rank for c in selection)))
                if best is None or key > best:
                    best = key
        if best is not None:
            return best
    raise ValueError("no cards")


def per_second(
    evaluate: Callable[[Sequence[Card]], object], hands: list[tuple[Card, ...]]
) -> float:
    start = time.perf_counter()
    for hand in hands:
        evaluate(hand)
    return len(hands) / (time.perf_counter() - start)


def best_of(repeat: int, measure: Callable[[], float]) -> float:
    """The fastest of ``repeat`` runs: other processes only ever slow a run down."""
    return max(measure() for _ in range(repeat))


def cold_rate(hands: list[tuple[Card, ...]]) -> float:
    clear_badugi_tables()
    return per_second(badugi_value, hands)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000, help="random 4-card hands")
    parser.add_argument("--brute", type=int, default=20_000, help="hands for brute force")
    parser.add_argument("--pokerkit", type=int, default=3_000, help="hands for PokerKit")
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure; best kept")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    hands = [tuple(rng.sample(DECK, 4)) for _ in range(args.hands)]
    fives = [tuple(rng.sample(DECK, 5)) for _ in range(args.hands // 2)]
    sample = hands[: args.brute]
    r = args.repeat

    try:
        from pokerkit import BadugiHand

        have_pokerkit = True
    except ImportError:
        have_pokerkit = False
    texts = ["".join(str(c) for c in hand) for hand in hands[: args.pokerkit]]

    def pokerkit_rate() -> float:
        start = time.perf_counter()
        for text in texts:
            BadugiHand.from_game(text)
        return len(texts) / (time.perf_counter() - start)

    colds, pokerkits = [], []
    for _ in range(r):  # in turns: a busy spell of the machine slows both alike
        colds.append(cold_rate(hands))
        if have_pokerkit:
            pokerkits.append(pokerkit_rate())
    cold = max(colds)
    warm = best_of(r, lambda: per_second(badugi_value, hands))
    five_cold = best_of(r, lambda: cold_rate(fives))
    five_warm = best_of(r, lambda: per_second(badugi_value, fives))
    clear_badugi_tables()
    start = time.perf_counter()
    build_badugi_tables(ace_high=False)
    load_ms = (time.perf_counter() - start) * 1000
    fresh = [tuple(rng.sample(DECK, 4)) for _ in range(args.hands)]
    prebuilt = best_of(r, lambda: per_second(badugi_value, fresh))
    brute = best_of(r, lambda: per_second(brute_force_badugi, sample))

    for hand in sample:  # same answers, or the figures mean nothing
        ours = badugi_value(hand)
        size, negated = brute_force_badugi(hand)
        assert (ours.size, ours.ranks) == (size, tuple(-r for r in negated)), hand

    print(f"random 4-card hands: {args.hands:,} (brute force on {len(sample):,}), best of {r}")
    print(f"badugi_value cold (table read, values made): {cold:12,.0f} /s")
    print(f"badugi_value warm (same hands again):        {warm:12,.0f} /s")
    print(f"badugi_value new hands after a full build:   {prebuilt:12,.0f} /s")
    print(f"  table load, build_badugi_tables(False):    {load_ms:12.1f} ms")
    print(f"badugi_value 5-card hands, cold:             {five_cold:12,.0f} /s")
    print(f"badugi_value 5-card hands, warm:             {five_warm:12,.0f} /s")
    print(f"brute force (every selection):               {brute:12,.0f} /s")
    print(f"ratio to brute force: cold {cold / brute:.1f}x, warm {warm / brute:.1f}x")

    if not have_pokerkit:
        print("pokerkit not installed: no PokerKit figure")
        return
    for text, hand in zip(texts[:1_000], hands, strict=False):  # agreement on a sample
        assert len(BadugiHand.from_game(text).cards) == badugi_value(hand).size, text
    pokerkit = max(pokerkits)
    print(f"PokerKit BadugiHand.from_game:               {pokerkit:12,.0f} /s")
    print(f"ratio to PokerKit: cold {cold / pokerkit:.1f}x, warm {warm / pokerkit:.1f}x")


if __name__ == "__main__":
    main()
