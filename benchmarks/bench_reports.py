"""The reports on a big ledger: ``standings`` and ``export --table postings``, whole process.

    python benchmarks/bench_reports.py [--hands 3000] [--repeat 3]   # --hands 30000: a season

A ledger of ``--hands`` simulated hands (``badugi-ledger simulate``, cached; 500 hands a night,
so 60 cash nights at 30,000 hands) is imported once into a temporary folder; then each command
runs ``--repeat`` times as a child process, and its best wall time and its own peak memory
(``ru_maxrss``, :mod:`benchlib`) are printed:

* ``standings`` (the cash standings: every player's result in every night, view
  ``player_event_results``), and ``standings --kind cash --format csv``;
* ``export --table postings`` as CSV, JSON and Parquet (``--out`` a file), every posting of
  every hand: the export reads and writes them a chunk at a time.

The work is checked, not only timed: every command must exit 0, the standings must list the
simulated players, and each export must hold one row per posting of the ledger.  To compare
with another tree, run this script with that tree first on ``PYTHONPATH`` (the commands are
the installed console script, which then imports the other tree's package).
"""

from __future__ import annotations

import argparse
import csv
import json
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from benchlib import Run, cli, cores, require_ok, run, simulated_file, startup_seconds  # noqa: E402


def postings(ledger: Path) -> int:
    """The postings of the hands that count: the rows an export of the postings holds."""
    conn = sqlite3.connect(ledger)
    try:
        return int(
            conn.execute(
                "SELECT count(*) FROM postings po JOIN counted_hands h ON h.id = po.hand_id"
            ).fetchone()[0]
        )
    finally:
        conn.close()


def exported_rows(path: Path, fmt: str) -> int:
    if fmt == "csv":
        with path.open(newline="", encoding="utf-8") as handle:
            return sum(1 for _ in csv.reader(handle)) - 1
    if fmt == "json":
        return len(json.loads(path.read_text(encoding="utf-8")))
    import pyarrow.parquet as pq

    return int(pq.ParquetFile(path).metadata.num_rows)


def best(cmd: list[str], repeat: int, what: str) -> Run:
    """The fastest of ``repeat`` runs (each checked)."""
    runs = []
    for _ in range(repeat):
        result = run(cmd)
        require_ok(result, what)
        runs.append(result)
    return min(runs, key=lambda r: r.seconds)


def line(what: str, result: Run) -> None:
    print(f"{what:<42} {result.seconds:7.2f} s {result.maxrss_mb:8.1f} MB peak", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    exe = cli()
    source = simulated_file(args.hands, workers=cores())
    with tempfile.TemporaryDirectory(prefix="bench-reports-") as tmp:
        ledger = Path(tmp) / "ledger.db"
        imported = run([exe, "import", str(source), "--db", str(ledger)])
        require_ok(imported, "import")
        rows = postings(ledger)
        size = ledger.stat().st_size / 1e6
        print(f"ledger: {args.hands:,} hands, {rows:,} postings ({size:.1f} MB)")
        print(f"start-up (badugi-ledger --help): {startup_seconds():.2f} s")
        db = ["--db", str(ledger)]
        for what, extra in (
            ("standings", []),
            ("standings --kind cash --format csv", ["--kind", "cash", "--format", "csv"]),
        ):
            result = best([exe, "standings", *db, *extra], args.repeat, what)
            if "Anna" not in result.stdout:
                raise SystemExit(f"{what}: no simulated player in its output")
            line(what, result)
        for fmt in ("csv", "json", "parquet"):
            out = Path(tmp) / f"postings.{fmt}"
            what = f"export --table postings --format {fmt}"
            cmd = [exe, "export", "--table", "postings", "--format", fmt, *db, "--out", str(out)]
            result = best(cmd, args.repeat, what)
            written = exported_rows(out, fmt)
            if written != rows:
                raise SystemExit(f"{what}: {written:,} rows written, the ledger has {rows:,}")
            line(what, result)


if __name__ == "__main__":
    main()
