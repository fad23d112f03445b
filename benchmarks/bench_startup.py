"""Process start-up of ``badugi-ledger check`` on a small file: parser cache warm vs off.

    python benchmarks/bench_startup.py [--runs 5] [FILE]

Every ``check``/``import``/``parse`` run needs the analysed grammar.  Building it costs 0.1-1 s
(most of it Lark's terminal-collision check when ``interegular`` is installed); the per-user
cache (``badugi_ledger.grammar``) loads it in milliseconds.  This runs the real console script,
alternating a warm cache (a fresh folder, filled by one first run) and ``BADUGI_LEDGER_NO_CACHE=1``
(what every run paid before the cache), and prints the best and median wall time of each.
Figures are wall-clock on a possibly busy machine: compare the two columns of the same run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from benchlib import cli

ROOT = Path(__file__).resolve().parent.parent


def run(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr[-500:]}")
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", nargs="?", type=Path, default=ROOT / "examples/home_session.bhh")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    command = [cli(), "check", str(args.file)]
    with tempfile.TemporaryDirectory() as scratch:
        warm = dict(os.environ, BADUGI_LEDGER_CACHE_DIR=str(Path(scratch) / "cache"))
        warm.pop("BADUGI_LEDGER_NO_CACHE", None)
        off = dict(warm, BADUGI_LEDGER_NO_CACHE="1")
        first = run(command, warm)  # builds and saves the cache
        times: dict[str, list[float]] = {"cache warm": [], "cache off": []}
        for _ in range(args.runs):
            times["cache warm"].append(run(command, warm))
            times["cache off"].append(run(command, off))
    print(f"command: badugi-ledger check {args.file.name}  ({args.runs} runs each, alternating)")
    print(f"first run (builds and saves the cache): {first:.2f} s")
    for label, values in times.items():
        print(f"{label:<11} best {min(values):.2f} s   median {statistics.median(values):.2f} s")


if __name__ == "__main__":
    main()
