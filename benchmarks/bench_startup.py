"""Process start-up of ``badugi-ledger check`` on a small file, and what the shipped grammar
tables save.

    python benchmarks/bench_startup.py [--runs 5] [--reference DIR] [FILE]

Every ``check``/``import``/``parse`` run needs the analysed grammar.  Analysing it costs
0.1-1 s (most of it Lark's terminal-collision check when ``interegular`` is installed); the
package ships the analysed tables (``grammar/hand_history.tables.json``), which load in
milliseconds.  This prints the best and median wall time of the real console script, then,
in this process, the time to load the shipped tables and the time to analyse the grammar.
Figures are wall-clock on a possibly busy machine: compare figures of the same run.

``--reference DIR`` (a source tree of another commit, say a detached worktree of the commit
before a change) times the same console script with that tree first on ``PYTHONPATH`` (and
this tree's runs with this tree there: one more folder to search costs every import) in the
same run, its runs taking turns with this tree's so that the machine's load falls on both;
``--help`` is timed too, and ``python -c pass`` (the interpreter's own start) as the floor.

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
import sys
import time
from pathlib import Path

from benchlib import cli
from lark import Lark

from badugi_ledger.text import grammar

ROOT = Path(__file__).resolve().parent.parent


def run(command: list[str], env: dict[str, str] | None = None) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True, env=env)
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
    parser.add_argument("--reference", type=Path, help="another source tree, timed alike")
    args = parser.parse_args()
    if args.reference is not None:
        compare(args.file, args.reference.resolve(), args.runs)
    command = [cli(), "check", str(args.file)]
    times = [run(command) for _ in range(args.runs)]
    text = grammar.grammar_text()
    shipped = best(lambda: grammar.shipped_parser(None, text), args.runs)
    analysed = best(lambda: Lark(text, **grammar._BUILD_OPTIONS), args.runs)
    print(f"command: badugi-ledger check {args.file.name}  ({args.runs} runs)")
    print(f"start-up and check   best {min(times):.3f} s   median {statistics.median(times):.3f} s")
    print(f"load shipped tables  best {shipped * 1000:.0f} ms")
    print(f"analyse the grammar  best {analysed * 1000:.0f} ms")
    print(f"bytecode cache       {bytecode_cache()}")


def compare(file: Path, reference: Path, runs: int) -> None:
    """Whole-process wall time of ``check FILE -j 1`` and ``--help``, this tree against the
    ``reference`` tree, runs taking turns; and ``python -c pass``."""
    if not (reference / "badugi_ledger" / "__init__.py").is_file():
        raise SystemExit(f"{reference} is no source tree of badugi-ledger")
    # Both trees first on PYTHONPATH: the same search path for every import of either.
    ours_env = {**os.environ, "PYTHONPATH": str(ROOT)}
    theirs = {**os.environ, "PYTHONPATH": str(reference)}
    floor = [run([sys.executable, "-c", "pass"]) for _ in range(runs)]
    print(f"python -c pass: best {min(floor):.3f} s  ({runs} runs)")
    print(f"{'command':32s} {'this tree':>22s} {'reference':>22s}   (best, median)")
    for words in (["check", str(file), "-j", "1"], ["--help"]):
        command = [cli(), *words]
        ours: list[float] = []
        ref: list[float] = []
        for _ in range(runs):
            ours.append(run(command, ours_env))
            ref.append(run(command, theirs))
        shown = " ".join(w if w != str(file) else file.name for w in words)
        print(
            f"{shown:32s} {min(ours):9.3f} s {statistics.median(ours):7.3f} s"
            f"  {min(ref):9.3f} s {statistics.median(ref):7.3f} s"
        )


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
