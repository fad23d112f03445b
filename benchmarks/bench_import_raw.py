"""``import`` beside raw ``executemany`` of the same rows into the same schema, same run.

    python benchmarks/bench_import_raw.py [--hands 3000] [--repeat 3]

The reference is what SQLite alone costs: the rows an import stored (every table it wrote:
events, players, aliases, hands, pots, pot_winners, hand_players, postings) read back and
inserted into a fresh ledger of the same schema (:func:`open_ledger`), one ``executemany`` per
table in one transaction - no reading, no replay, no fingerprints, no duplicate lookups.
Printed beside it, for the same simulated file (``badugi-ledger simulate``, cached):

* *import, whole process*: ``badugi-ledger import FILE --db NEW.db --jobs 1`` from start to
  exit, and the same with the start-up (``badugi-ledger --help``) taken out; then the default
  ``--jobs 0`` (every core: one worker reads, replays and builds the rows of the one file
  while the main process stores them), wall time, and its hands per CPU second (all its
  processes' user + system time: the rate per core);
* *ledger part, in process*: the rows built from hands already replayed
  (:func:`~badugi_ledger.ledger.rows.prepare_outcomes`: fingerprints, content digests) and
  stored (:func:`~badugi_ledger.ledger.file_transaction.store_file`), wall time like the reference;
* each as hands/s and as a fraction of the raw rate (the issue's target: import >= 30%).

Each figure is the best of ``--repeat`` runs; only printed figures, no assertions on speed.
The hand counts are checked, and the raw copy must hold exactly the rows the import stored.
"""

from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import cli, cores, require_ok, run, simulated_file, startup_seconds  # noqa: E402

from badugi_ledger.ledger.file_transaction import store_file  # noqa: E402
from badugi_ledger.ledger.importing import read_source, replay  # noqa: E402
from badugi_ledger.ledger.rows import prepare_outcomes  # noqa: E402
from badugi_ledger.ledger.store import open_ledger  # noqa: E402

TABLES = (
    "events", "players", "aliases", "hands", "pots", "pot_winners", "hand_players", "postings",
)  # fmt: skip
"""Parents before children (the foreign keys are checked per statement)."""


def stored_rows(db_path: Path) -> dict[str, tuple[list[str], list[tuple[object, ...]]]]:
    """Every row of every table an import writes: {table: (columns, rows)}."""
    conn = sqlite3.connect(db_path)
    try:
        out = {}
        for table in TABLES:  # generated columns (hidden 2, 3) are SQLite's to fill
            info = conn.execute(f"PRAGMA table_xinfo({table})").fetchall()
            columns = [row[1] for row in info if row[6] == 0]
            out[table] = (
                columns,
                conn.execute(f"SELECT {', '.join(columns)} FROM {table}").fetchall(),
            )
        return out
    finally:
        conn.close()


def _without_clock(
    rows: dict[str, tuple[list[str], list[tuple[object, ...]]]],
) -> dict[str, list[tuple[object, ...]]]:
    """``rows`` without ``hands.imported_at`` (two imports differ only there)."""
    out = {}
    for table, (columns, values) in rows.items():
        keep = [i for i, c in enumerate(columns) if c != "imported_at"]
        out[table] = [tuple(row[i] for i in keep) for row in values]
    return out


def raw_insert(rows: dict[str, tuple[list[str], list[tuple[object, ...]]]], path: Path) -> float:
    """Seconds to insert ``rows`` into a fresh ledger: one executemany per table, one
    transaction (the schema is created before the clock starts)."""
    conn = open_ledger(path)
    try:
        start = time.perf_counter()
        conn.execute("BEGIN IMMEDIATE")
        for table in TABLES:
            columns, values = rows[table]
            marks = ", ".join("?" * len(columns))
            conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", values)
        conn.execute("COMMIT")
        seconds = time.perf_counter() - start
        for table in TABLES:
            count = conn.execute(f"SELECT count(*) FROM {table}").fetchone()[0]
            assert count == len(rows[table][1]), (table, count)
        return seconds
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    path = simulated_file(args.hands)
    n = args.hands
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        whole = streamed = streamed_cpu = float("inf")
        for attempt in range(args.repeat):
            db = folder / f"import-{attempt}.db"
            result = run([cli(), "import", str(path), "--db", str(db), "--jobs", "1"])
            require_ok(result, "import")
            whole = min(whole, result.seconds)
            db = folder / f"streamed-{attempt}.db"
            result = run([cli(), "import", str(path), "--db", str(db), "--jobs", "0"])
            require_ok(result, "import --jobs 0")
            streamed = min(streamed, result.seconds)
            streamed_cpu = min(streamed_cpu, result.cpu_seconds)
        startup = startup_seconds()
        rows = stored_rows(folder / "import-0.db")
        assert len(rows["hands"][1]) == n, f"the import stored {len(rows['hands'][1])} of {n}"
        assert _without_clock(stored_rows(folder / "streamed-0.db")) == _without_clock(rows)
        raw = min(raw_insert(rows, folder / f"raw-{k}.db") for k in range(args.repeat))

        replayed = list(replay(read_source(path)))
        prepare_s = store_s = float("inf")
        for attempt in range(args.repeat):
            start = time.perf_counter()
            items = list(prepare_outcomes(replayed, str(path)))
            prepare_s = min(prepare_s, time.perf_counter() - start)
            fresh = open_ledger(folder / f"ledger-only-{attempt}.db")
            start = time.perf_counter()
            assert store_file(fresh, items, str(path)).stored == n
            store_s = min(store_s, time.perf_counter() - start)
            fresh.close()

    def line(what: str, seconds: float) -> str:
        return (
            f"{what:<44}{n / seconds:10,.0f} hands/s  {seconds / n * 1e6:7,.0f} us/hand  "
            f"{raw / seconds:6.1%} of raw"
        )

    print(f"{n:,} simulated hands ({path.name}), best of {args.repeat}; load average "
          f"{os.getloadavg()[0]:.1f}")  # fmt: skip
    print(line("raw executemany of the stored rows", raw))
    print(line("import, whole process (--jobs 1)", whole))
    print(line("import, start-up taken out", max(whole - startup, 1e-9)))
    print(line(f"import, whole process (--jobs 0: {cores()} cores)", streamed))
    print(line("  the same per CPU second (per core)", streamed_cpu))
    print(line("ledger part in process: rows + store", prepare_s + store_s))
    print(line("  of which rows (fingerprints, digests)", prepare_s))
    print(line("  of which store (lookups, executemany)", store_s))
    print(f"start-up (badugi-ledger --help): {startup:.2f} s")


if __name__ == "__main__":
    main()
