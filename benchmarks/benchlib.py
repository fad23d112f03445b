"""Shared pieces of the issue-7 benchmarks: simulated input files (cached), and running a
command as a separate process while measuring its wall time and its own peak memory.

Peak memory is the child's ``ru_maxrss`` from :func:`os.wait4` (per process, not the maximum
over every child the benchmark ever started), so one figure belongs to one command.

Nothing here asserts on speed: the scripts print figures.  They do check that the work was
done (hand counts, exit status), so a broken command cannot look fast.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from badugi_ledger.model.games import GameName
from badugi_ledger.model.settings import HouseRules, StructureKind
from badugi_ledger.simulate.sessions import (
    POKERKIT_PLAY,
    CardsShown,
    SimulationOptions,
    simulate_to_path,
)

HERE = Path(__file__).resolve().parent
DEFAULT_CACHE = Path(tempfile.gettempdir()) / "badugi-ledger-bench"
CACHE_VERSION = 3
"""Part of every cached file name: raise it when the generator's output changes."""


def cli() -> str:
    """The installed ``badugi-ledger`` next to this Python (the real console script), its
    package's bytecode written first (:func:`write_bytecode`)."""
    write_bytecode()
    beside = Path(sys.executable).with_name("badugi-ledger")
    if beside.exists():
        return str(beside)
    found = shutil.which("badugi-ledger")
    if found is None:  # pragma: no cover - the package is installed in every benchmark venv
        raise SystemExit("badugi-ledger is not installed next to this Python")
    return found


_BYTECODE_WRITTEN = False


def write_bytecode() -> None:
    """Write the package's out-of-date ``.pyc`` files, once per benchmark run.

    ``pip install .`` writes them at install time, so a user's every start loads bytecode.  A
    source checkout installed in editable mode and run with ``PYTHONDONTWRITEBYTECODE`` set (as
    CI machines and this one do) would instead compile every module changed since its ``.pyc``
    at every start of every child process - about 3 ms per module - and count that in
    whole-process figures."""
    global _BYTECODE_WRITTEN
    if not _BYTECODE_WRITTEN:
        import compileall

        import badugi_ledger

        compileall.compile_dir(Path(badugi_ledger.__file__).parent, quiet=1)
        _BYTECODE_WRITTEN = True


def cores() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def _write_part(args: tuple[Path, SimulationOptions]) -> int:
    path, options = args
    return simulate_to_path(options, path).hands


def simulated_file(
    hands: int,
    *,
    cache: Path = DEFAULT_CACHE,
    players: int = 6,
    game: GameName = "badugi",
    structure: StructureKind = "fixed-limit",
    seed: int = 1,
    cards: CardsShown = "all",
    workers: int = 1,
    pokerkit_play: bool = False,
) -> Path:
    """A file of ``hands`` simulated hands, generated once and kept in ``cache``.

    ``pokerkit_play``: played as PokerKit plays (``simulate.sessions.POKERKIT_PLAY``), so that
    every hand can be written as PHH and PokerKit replays it.

    With ``workers`` > 1 the hands are generated in parts (seeds ``seed*1000 + k``, tables
    and hand ids unique per seed) in parallel processes and concatenated: still one valid file.
    """
    cache.mkdir(parents=True, exist_ok=True)
    play = "-pokerkit" if pokerkit_play else ""
    name = f"sim{CACHE_VERSION}-{game}-{structure}-{players}p-{cards}{play}-{hands}-s{seed}.bhh"
    path = cache / name
    if path.exists():
        return path
    parts = max(1, min(workers, hands // 1000))
    sizes = [hands // parts + (1 if k < hands % parts else 0) for k in range(parts)]
    jobs = []
    for k, size in enumerate(sizes):
        options = SimulationOptions(
            hands=size,
            players=players,
            game=game,
            structure=structure,
            seed=seed if parts == 1 else seed * 1000 + k,
            cards=cards,
            house=POKERKIT_PLAY if pokerkit_play else HouseRules(),
        )
        jobs.append((cache / f"{name}.part{k}", options))
    if parts == 1:
        done = [_write_part(jobs[0])]
    else:
        with ProcessPoolExecutor(parts) as pool:
            done = list(pool.map(_write_part, jobs))
    assert sum(done) == hands, (done, hands)
    tmp = cache / f"{name}.tmp"
    with open(tmp, "wb") as out:
        for part, _ in jobs:
            with open(part, "rb") as handle:
                shutil.copyfileobj(handle, out)
            part.unlink()
    tmp.replace(path)
    return path


@dataclass
class Run:
    """One finished process: its wall time, peak resident memory and output."""

    cmd: Sequence[str]
    seconds: float
    maxrss_mb: float
    returncode: int
    stdout: str
    stderr: str
    cpu_seconds: float = 0.0
    """User + system CPU of the process and the workers it waited for (``os.wait4``)."""

    def tail(self) -> str:
        text = (self.stdout + self.stderr).strip().splitlines()
        return text[-1] if text else ""


_LAUNCHER = r"""
import json, os, subprocess, sys, time
for line in sys.stdin:
    jobs = json.loads(line)
    start = time.perf_counter()
    procs = []
    for cmd, out, err in jobs:
        with open(out, "wb") as o, open(err, "wb") as e:
            procs.append((subprocess.Popen(cmd, stdout=o, stderr=e), time.perf_counter()))
    results = []
    for proc, began in procs:
        _, status, usage = os.wait4(proc.pid, 0)
        results.append([time.perf_counter() - began, usage.ru_maxrss,
                        os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime])
    print(json.dumps([time.perf_counter() - start, results]), flush=True)
"""


class _Launcher:
    """A small process that starts the measured commands.

    Linux carries a process's peak memory across ``exec`` from the process image it was forked
    from, so a command started directly by a benchmark holding 200 MB would report at least
    200 MB.  Commands are therefore started by this launcher (a bare Python of ~10 MB, less
    than any measured command), whose own children report only their own peak.
    """

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-S", "-c", _LAUNCHER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def run(self, cmds: Sequence[Sequence[str]]) -> tuple[float, list[Run]]:
        with tempfile.TemporaryDirectory() as tmp:
            jobs: list[tuple[list[str], str, str]] = [
                (list(cmd), f"{tmp}/{i}.out", f"{tmp}/{i}.err") for i, cmd in enumerate(cmds)
            ]
            assert self.proc.stdin is not None and self.proc.stdout is not None
            self.proc.stdin.write(json.dumps(jobs) + "\n")
            self.proc.stdin.flush()
            wall, results = json.loads(self.proc.stdout.readline())
            runs = []
            for (cmd, out, err), (seconds, maxrss_kb, code, cpu) in zip(jobs, results, strict=True):
                stdout, stderr = (_text(f) for f in (out, err))
                # Linux reports ru_maxrss in KiB.
                runs.append(Run(cmd, seconds, maxrss_kb / 1024, code, stdout, stderr, cpu))
        return wall, runs


def _text(path: str) -> str:
    """A child's output file as text (undecodable bytes replaced)."""
    return Path(path).read_bytes().decode("utf-8", "replace")


_launcher: _Launcher | None = None


def run_parallel(cmds: Sequence[Sequence[str]]) -> tuple[float, list[Run]]:
    """Start every command at once; return the wall time until the last ends, and each run."""
    global _launcher
    if _launcher is None or _launcher.proc.poll() is not None:
        _launcher = _Launcher()
    return _launcher.run(cmds)


def run(cmd: Sequence[str]) -> Run:
    """Run one command to the end, measuring its wall time and its own peak memory."""
    return run_parallel([cmd])[1][0]


def require_ok(result: Run, what: str) -> None:
    """Stop the benchmark when a command failed: a failure must never be timed as a result."""
    if result.returncode != 0:
        raise SystemExit(
            f"{what} failed (exit {result.returncode}): {' '.join(result.cmd)}\n"
            f"{result.stdout[-2000:]}\n{result.stderr[-2000:]}"
        )


def rate(hands: int, seconds: float) -> str:
    return f"{hands / seconds:10,.0f} hands/s ({seconds:7.2f} s)"


def startup_seconds(repeat: int = 3) -> float:
    """How long ``badugi-ledger --help`` takes: the fixed cost inside whole-process figures."""
    return min(run([cli(), "--help"]).seconds for _ in range(repeat))
