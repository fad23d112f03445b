"""``check`` and ``import`` at scale: hands/s and peak memory, one process and all cores.

    python benchmarks/bench_scale.py [--sizes 1000,10000] [--big] [--players 6]

For each size N (``--big`` adds 100,000) a file of N simulated fixed-limit Badugi hands is
generated (cached between runs), then each of these runs as its own process, timed from start
to exit (interpreter start-up included) with its own peak resident memory (``ru_maxrss``):

* ``parse``: our reader only (``parse_file`` consumed), the streaming baseline;
* ``check FILE``: read, replay, verify every recorded figure, print the report;
* ``import FILE --db NEW.db``: the same plus fingerprints and the SQLite ledger writes.

All cores: N hands are split into one file per core and measured as ``check`` x cores,
``import`` x cores into separate ledgers, ``import`` x cores into ONE ledger (WAL journal and a
busy timeout: writers take turns, one file's transaction at a time), and ONE ``import`` of all
the files with ``--jobs 1`` and ``--jobs cores`` (worker processes read and replay, one writer
stores the files in order).  Every import's hand count is read back from its ledger, so nothing
lost can look fast.

Memory should be flat: the peak of each command at the largest size is printed beside its peak
at the smallest size >= 10,000 (target: within 20%).
"""

from __future__ import annotations

import argparse
import sqlite3
import sys
import tempfile
from pathlib import Path

from benchlib import (
    DEFAULT_CACHE,
    Run,
    cli,
    cores,
    rate,
    require_ok,
    run,
    run_parallel,
    simulated_file,
    startup_seconds,
)

PARSE_SCRIPT = (
    "import sys\n"
    "from badugi_ledger.text.parse import parse_file\n"
    "n = sum(1 for item in parse_file(sys.argv[1]) if not isinstance(item, Exception))\n"
    "print(f'{n} hands parsed')\n"
)


def ledger_hands(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM hands").fetchone()[0])


def expect_check(result: Run, hands: int) -> None:
    require_ok(result, "check")
    if f"{hands} hands: {hands} ok" not in result.stdout:
        raise SystemExit(f"check did not pass all {hands} hands: {result.tail()}")


def single(path: Path, hands: int, tmp: Path) -> dict[str, Run]:
    parse = run([sys.executable, "-c", PARSE_SCRIPT, str(path)])
    require_ok(parse, "parse")
    if f"{hands} hands parsed" not in parse.stdout:
        raise SystemExit(f"parse read {parse.stdout.strip()}, not {hands} hands")
    check = run([cli(), "check", str(path)])
    expect_check(check, hands)
    db = tmp / f"single-{hands}.db"
    imported = run([cli(), "import", str(path), "--db", str(db)])
    require_ok(imported, "import")
    if ledger_hands(db) != hands:
        raise SystemExit(f"the ledger holds {ledger_hands(db)} hands, not {hands}")
    return {"parse": parse, "check": check, "import": imported}


def all_cores(hands: int, args: argparse.Namespace, tmp: Path) -> None:
    """The same work split into one file per core, measured as parallel processes (printed
    as soon as each figure is known)."""
    k = cores()
    sizes = [hands // k + (1 if i < hands % k else 0) for i in range(k)]
    parts = [
        simulated_file(size, cache=args.cache, players=args.players, seed=100 + i)
        for i, size in enumerate(sizes)
    ]

    def show(label: str, wall: float, runs: list[Run]) -> None:
        peak = max(r.maxrss_mb for r in runs)
        print(f"  {label:<28} {rate(hands, wall)}  peak {peak:6.1f} MB each", flush=True)

    wall, runs = run_parallel([[cli(), "check", str(p)] for p in parts])
    for r, size in zip(runs, sizes, strict=True):
        expect_check(r, size)
    show(f"check  x{k} processes:", wall, runs)
    dbs = [tmp / f"part{i}-{hands}.db" for i in range(k)]
    wall, runs = run_parallel(
        [[cli(), "import", str(p), "--db", str(db)] for p, db in zip(parts, dbs, strict=True)]
    )
    for r, db, size in zip(runs, dbs, sizes, strict=True):
        require_ok(r, "import")
        if ledger_hands(db) != size:
            raise SystemExit(f"{db} holds {ledger_hands(db)} hands, not {size}")
    show(f"import x{k} into {k} ledgers:", wall, runs)
    one = tmp / f"shared-{hands}.db"
    wall, runs = run_parallel([[cli(), "import", str(p), "--db", str(one)] for p in parts])
    failed = [r for r in runs if r.returncode != 0]
    stored = ledger_hands(one)
    if failed:
        # Reported, not hidden: a writer that waits longer than the ledger's busy timeout
        # for the other file's transaction gives up.
        print(
            f"  import x{k} into one ledger:   FAILED after {wall:.0f} s: "
            f"{len(failed)} of {k} imports: {failed[0].tail()} ({stored} of {hands} hands "
            "stored)",
            flush=True,
        )
        return
    if stored != hands:
        raise SystemExit(f"the shared ledger holds {stored} hands, not {hands}")
    show(f"import x{k} into one ledger:", wall, runs)
    # One command, all the files: --jobs 1 reads them one by one; --jobs k reads them in k
    # worker processes while one writer stores them in order (the same ledger).
    for jobs in (1, k):
        db = tmp / f"jobs{jobs}-{hands}.db"
        result = run([cli(), "import", *map(str, parts), "--db", str(db), "--jobs", str(jobs)])
        require_ok(result, "import --jobs")
        if ledger_hands(db) != hands:
            raise SystemExit(f"{db} holds {ledger_hands(db)} hands, not {hands}")
        show(f"import {k} files --jobs {jobs}:", result.seconds, [result])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--big", action="store_true", help="also 100,000 hands")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    parser.add_argument("--cores-only", action="store_true", help="only the parallel runs")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s]
    if args.big and 100_000 not in sizes:
        sizes.append(100_000)

    print(f"cores: {cores()}; start-up of badugi-ledger: {startup_seconds():.2f} s per process")
    peaks: dict[int, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        for hands in sizes:
            path = simulated_file(hands, cache=args.cache, players=args.players, workers=cores())
            size_mb = path.stat().st_size / 2**20
            print(f"{hands:,} hands ({size_mb:.1f} MB of text):", flush=True)
            if not args.cores_only:
                runs = single(path, hands, tmp)
                for name, r in runs.items():
                    print(
                        f"  {name:<6} 1 process:          {rate(hands, r.seconds)}  "
                        f"peak {r.maxrss_mb:6.1f} MB",
                        flush=True,
                    )
                peaks[hands] = {name: r.maxrss_mb for name, r in runs.items()}
            all_cores(hands, args, tmp)
    big = max(sizes)
    base = min((s for s in sizes if s >= 10_000), default=None)
    if base is not None and big > base and base in peaks and big in peaks:
        print(f"peak memory, {big:,} vs {base:,} hands (target: within 20%):")
        for name in ("parse", "check", "import"):
            a, b = peaks[base][name], peaks[big][name]
            print(f"  {name:<6} {a:6.1f} MB -> {b:6.1f} MB  ({b / a - 1:+.0%})")


if __name__ == "__main__":
    main()
