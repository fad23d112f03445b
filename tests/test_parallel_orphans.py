"""A pool worker of ``check --jobs`` or ``import --jobs`` ends when its parent is killed
outright (``kill -9``): it must not wait for work for ever, holding the ledger's file.  (A
parent that exits normally, or is interrupted, ends its pool itself.)  Linux only: the test
reads ``/proc`` to tell a live worker from one that has ended."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from badugi_ledger.parallel import PARENT_POLL_SECONDS

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
