"""Import throughput: hands per second into an on-disk SQLite ledger.

    python benchmarks/bench_import.py [--hands 20000] [--batch 500]

Writes a synthetic home session (three players, stacks carried, a short betting hand repeated
with the button moving) to a temporary file, then times, in the same run:

* *parse + replay*: reading and replaying the hands only (the ``check`` engine);
* *import*: the same plus fingerprints and the ledger writes (one transaction for the file);
* *re-import*: the same file again, every hand a duplicate;
* the ledger's own share, on hands already replayed (held in memory): *rows* (fingerprints and
  row building, :func:`badugi_ledger.ledger.rows.prepare_outcomes`) and *store* (the SQLite
  writes, :func:`badugi_ledger.ledger.file_transaction.store_file`), each the best of three,
  CPU time.

Only printed figures, no assertions; the hand counts are checked so a broken import cannot
look fast.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from badugi_ledger.ledger.file_transaction import StoreOptions, store_file
from badugi_ledger.ledger.importing import import_file, read_source, replay
from badugi_ledger.ledger.rows import prepare_outcomes
from badugi_ledger.ledger.store import open_ledger

PLAYERS = ("Anna", "Ben", "Cara")


def session_text(hands: int) -> str:
    lines = [
        "game badugi · fixed limit 2/4 · blinds 1/2",
        "cash Benchmark night · season bench",
        "",
    ]
    for i in range(hands):
        button = PLAYERS[i % 3]
        seats = " · ".join(f"{p} 1000" if i == 0 else p for p in PLAYERS)
        first = PLAYERS[(i + 3) % 3]  # three-handed, the button acts first before the draw
        sb, bb = PLAYERS[(i + 1) % 3], PLAYERS[(i + 2) % 3]
        lines += [
            f"hand {i + 1} · button {button} · {seats}",
            f"{first} calls · {sb} calls · {bb} checks",
            f"draw: {sb} 1 · {bb} 2 · {first} 1",
            f"{sb} checks · {bb} bets · {first} folds · {sb} folds",
            "",
        ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=20_000)
    parser.add_argument("--batch", type=int, default=500)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "night.bhh"
        path.write_text(session_text(args.hands), encoding="utf-8")
        start = time.perf_counter()
        outcomes = sum(1 for o in replay(read_source(path)) if o.ok)
        replay_s = time.perf_counter() - start
        assert outcomes == args.hands, f"only {outcomes} of {args.hands} hands replayed cleanly"
        db = open_ledger(Path(tmp) / "bench.db")
        start = time.perf_counter()
        first = import_file(db, path, batch_size=args.batch)
        import_s = time.perf_counter() - start
        assert first.stored == args.hands, first
        start = time.perf_counter()
        again = import_file(db, path, batch_size=args.batch)
        again_s = time.perf_counter() - start
        assert again.duplicate == args.hands, again
        db.close()  # the last connection: SQLite checkpoints the WAL into the file
        size = (Path(tmp) / "bench.db").stat().st_size
        replayed = list(replay(read_source(path)))
        rows_s = store_s = float("inf")
        for attempt in range(3):
            start = time.process_time()
            items = list(prepare_outcomes(replayed, str(path)))
            rows_s = min(rows_s, time.process_time() - start)
            fresh = open_ledger(Path(tmp) / f"ledger-only-{attempt}.db")
            start = time.process_time()
            assert (
                store_file(fresh, items, str(path), StoreOptions(batch_size=args.batch)).stored
                == args.hands
            )
            store_s = min(store_s, time.process_time() - start)
            fresh.close()
    n = args.hands
    print(f"hands:            {n}")
    print(f"parse + replay:   {n / replay_s:10,.0f} hands/s  ({replay_s:.2f} s)")
    print(f"import (SQLite):  {n / import_s:10,.0f} hands/s  ({import_s:.2f} s)")
    print(f"re-import (dups): {n / again_s:10,.0f} hands/s  ({again_s:.2f} s)")
    print(f"ledger overhead:  {import_s / replay_s:10.2f}x the replay time")
    print(f"ledger size:      {size / n:10,.0f} bytes per hand")
    print(
        f"ledger share:     {(rows_s + store_s) / n * 1e6:10,.0f} us/hand CPU "
        f"(rows {rows_s / n * 1e6:,.0f} + store {store_s / n * 1e6:,.0f})"
    )


if __name__ == "__main__":
    main()
