"""A pool worker of ``check --jobs`` or ``import --jobs`` ends when its parent is killed
outright (``kill -9``): it must not wait for work for ever, holding the ledger's file.  A
parent that exits normally, or is interrupted, ends its pool itself; and Ctrl-C, which a
terminal sends to the workers too, is the parent's alone to answer: no worker prints a
traceback of its own.  Linux only: the tests read ``/proc`` to tell a live worker from one
that has ended."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from contextlib import suppress
from pathlib import Path

import pytest

from badugi_ledger.cli import EXIT_INTERRUPTED
from badugi_ledger.parallel import PARENT_POLL_SECONDS
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path
from tests.helpers.paths import EXAMPLES

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")

PARENT = """
import os, sys, time
from badugi_ledger.parallel import ordered_map

def work(n):
    if n < 2:  # one item each (a chunk of one: 8 items, 2 workers)
        time.sleep(0.5)
        return os.getpid()
    time.sleep(60)
    return 0

if __name__ == "__main__":
    results = ordered_map(work, list(range(8)), 2)
    print(next(results), next(results), flush=True)
    for _ in results:
        pass
"""


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def test_pool_workers_end_when_their_parent_is_killed(tmp_path: Path) -> None:
    script = tmp_path / "parent.py"
    script.write_text(PARENT, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    parent = subprocess.Popen(
        [sys.executable, str(script)], stdout=subprocess.PIPE, text=True, env=env
    )
    try:
        assert parent.stdout is not None
        workers = sorted({int(pid) for pid in parent.stdout.readline().split()})
        assert workers and parent.pid not in workers
        assert all(_alive(pid) for pid in workers)
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 20 * PARENT_POLL_SECONDS + 5
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [pid for pid in workers if _alive(pid)]
    finally:
        parent.kill()
        for pid in workers if "workers" in locals() else []:
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def _in_group(group: int) -> list[int]:
    """Every process of the process group ``group`` (zombies too: a worker nobody waited for)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # ended while looked at
                continue
            if int(stat.rsplit(")", 1)[1].split()[2]) == group:
                found.append(int(entry.name))
    return found


def test_ctrl_c_on_a_parallel_check_prints_no_worker_traceback(tmp_path: Path) -> None:
    """Ctrl-C while one worker checks a big file and the other, out of work, waits for more:
    the moment a worker interrupted too would die printing its traceback."""
    folder = tmp_path / "season"
    folder.mkdir()
    small = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    for n in range(200):
        (folder / f"night{n:03}.bhh").write_text(small, encoding="utf-8")
    last_small = folder / "night199.bhh"
    # Named to come last, so it is the last work given out: once every small file is
    # reported, one worker checks it and the other has nothing left to do but wait.
    simulate_to_path(SimulationOptions(hands=5000, players=4, seed=3), folder / "zz-big.bhh")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "badugi_ledger", "check", str(folder), "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    try:
        assert proc.stdout is not None
        while line := proc.stdout.readline():  # until every small file is reported
            if line.startswith(f"{last_small}:"):
                break
        assert proc.poll() is None, "the check ended before it could be interrupted"
        assert len(_in_group(proc.pid)) == 3  # the command and its two workers
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C sends: every process of the group
        out, err = proc.communicate(timeout=120)
        left = _in_group(proc.pid)
    finally:
        with suppress(ProcessLookupError):  # whatever is left of the group, if a check failed
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    assert proc.returncode == EXIT_INTERRUPTED, out + err
    assert "Traceback" not in err, err
    assert "zz-big.bhh" not in out  # interrupted, not finished
    assert left == []  # the workers have ended, and were waited for


def test_a_pool_worker_ends_on_sigterm_without_the_commands_handler() -> None:
    """The command's SIGTERM handler (end through the clean-ups, exit 143) came with the fork:
    the parent ending its pool (``terminate``: SIGTERM) made a worker still in its initializer
    print "Exception in initializer" and a traceback under the command's own message."""
    code = (
        "import os, signal\n"
        "from badugi_ledger.cli import _terminated\n"
        "from badugi_ledger.parallel import _start_pool_worker\n"
        "signal.signal(signal.SIGTERM, _terminated)\n"
        "_start_pool_worker(os.getppid())\n"
        "print(signal.getsignal(signal.SIGTERM) == signal.SIG_DFL)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "True", done.stdout + done.stderr
