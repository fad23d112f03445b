"""Process start-up of ``badugi-ledger check`` on a small file, and what the shipped grammar
tables save.

    python benchmarks/bench_startup.py [--runs 5] [FILE]

Every ``check``/``import``/``parse`` run needs the analysed grammar.  Analysing it costs
0.1-1 s (most of it Lark's terminal-collision check when ``interegular`` is installed); the
package ships the analysed tables (``grammar/hand_history.tables.json``), which load in
milliseconds.  This prints the best and median wall time of the real console script, then,
in this process, the time to load the shipped tables and the time to analyse the grammar.
Figures are wall-clock on a possibly busy machine: compare figures of the same run.

Also printed: whether the package's compiled bytecode is cached.  With
``PYTHONDONTWRITEBYTECODE`` set and no ``__pycache__`` in a source checkout (an editable
install), every start compiles the package's modules from source again: measured with
callgrind, that is about as much work as the rest of a one-file check's start-up together.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
from pathlib import Path

from benchlib import cli
from lark import Lark

from badugi_ledger.text import grammar

ROOT = Path(__file__).resolve().parent.parent


def run(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed: {done.stderr[-500:]}")
    return seconds


def best(action: object, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        action()  # type: ignore[operator]
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", nargs="?", type=Path, default=ROOT / "examples/home_session.bhh")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    command = [cli(), "check", str(args.file)]
    times = [run(command) for _ in range(args.runs)]
    text = grammar.grammar_text()
    shipped = best(lambda: grammar.shipped_parser(None, text), args.runs)
    analysed = best(lambda: Lark(text, **grammar._BUILD_OPTIONS), args.runs)
    print(f"command: badugi-ledger check {args.file.name}  ({args.runs} runs)")
    print(f"start-up and check   best {min(times):.2f} s   median {statistics.median(times):.2f} s")
    print(f"load shipped tables  best {shipped * 1000:.0f} ms")
    print(f"analyse the grammar  best {analysed * 1000:.0f} ms")
    print(f"bytecode cache       {bytecode_cache()}")


def bytecode_cache() -> str:
    """Whether the package's modules start from cached bytecode or are compiled at each start."""
    package = ROOT / "badugi_ledger"
    sources = sum(1 for _ in package.rglob("*.py"))
    cached = sum(1 for _ in package.rglob("__pycache__/*.pyc"))
    off = os.environ.get("PYTHONDONTWRITEBYTECODE")
    note = "PYTHONDONTWRITEBYTECODE is set" if off else "written on first import"
    return f"{cached} .pyc files for {sources} modules ({note})"


if __name__ == "__main__":
    main()
