"""Run every benchmark with its default sizes and print each command and its figures.

    python benchmarks/run_all.py [--big] [--only NAME]

Defaults finish in well under ten minutes on two cores (simulated input files are cached in
the system temp folder, so a second run skips the generation).  ``--big`` adds the 100,000-hand
runs of ``bench_scale.py`` (several more minutes, mostly generating and importing).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent

BENCHMARKS: dict[str, list[str]] = {
    # Badugi evaluations/s against PokerKit's BadugiHand.
    "hands": ["bench_hands.py", "--hands", "100000", "--brute", "10000", "--pokerkit", "3000"],
    # check on PHH files, whole process, against PokerKit's replay (target >= 20x).
    "phh": ["bench_phh_pokerkit.py", "--hands", "1000"],
    # parse-only against Lark's bare lexer over the same text (target >= 75%).
    "parse": ["bench_parse_lexer.py", "--hands", "2000"],
    # import beside raw executemany of the same rows (target >= 30% of raw).
    "import": ["bench_import_raw.py", "--hands", "3000"],
    # check and import at 1k and 10k hands, one process and all cores, peak memory.
    "scale": ["bench_scale.py", "--sizes", "1000,10000"],
    # standings and export of the postings on a ledger of 3,000 hands: seconds, peak memory.
    "reports": ["bench_reports.py", "--hands", "3000"],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--big", action="store_true", help="add the 100,000-hand scale runs")
    parser.add_argument("--only", choices=sorted(BENCHMARKS), action="append")
    args = parser.parse_args()
    failed = []
    for name, cmd in BENCHMARKS.items():
        if args.only and name not in args.only:
            continue
        full = [sys.executable, str(HERE / cmd[0]), *cmd[1:]]
        if name == "scale" and args.big:
            full.append("--big")
        shown = " ".join(["python", f"benchmarks/{cmd[0]}", *full[2:]])
        print(f"$ {shown}", flush=True)
        start = time.perf_counter()
        done = subprocess.run(full)
        print(f"({time.perf_counter() - start:.0f} s, exit {done.returncode})\n", flush=True)
        if done.returncode:
            failed.append(name)
    if failed:
        raise SystemExit(f"benchmarks that failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
