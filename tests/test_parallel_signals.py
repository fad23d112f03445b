"""Ctrl-C or ``kill`` (SIGTERM) arriving while a command forks its workers ends the command
through its clean-ups, as at any other moment.

Python runs the fork's own handlers (``os.register_at_fork``: the logging module's) as the fork
returns, and an exception raised inside one is printed as "Exception ignored" and dropped: the
command's SIGTERM handler raised ``SystemExit(143)`` there, a traceback was printed and the
import went on (seen as a test of ``import --jobs 2`` failing now and then).  Here a handler of
the fork sends the signal itself, with Python code after it where a handler would run, so the
moment is met every time."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from badugi_ledger.cli import EXIT_TERMINATED

pytestmark = pytest.mark.skipif(not hasattr(os, "register_at_fork"), reason="forks")

SCRIPT = """
import os, signal, sys
from badugi_ledger.cli import _terminated, exit_status
from badugi_ledger.parallel import ordered_map, worker_stream

sent = []

def kill_once():
    if not sent:
        sent.append(1)
        os.kill(os.getpid(), signal.SIGTERM)
        for _ in range(1000):  # Python code after it: a handler runs here if it may
            pass

def numbers(n):
    return range(n)

if __name__ == "__main__":
    signal.signal(signal.SIGTERM, _terminated)
    os.register_at_fork(after_in_parent=kill_once)
    try:  # (as the command line ends a command)
        if sys.argv[1] == "pool":
            print(list(ordered_map(abs, [-1, -2, -3, -4], 2)), flush=True)
        else:
            with worker_stream(numbers, 5) as items:
                print(list(items), flush=True)
    except KeyboardInterrupt as stopped:
        sys.exit(exit_status(stopped))
"""


@pytest.mark.parametrize("forking", ["pool", "stream"])
def test_sigterm_while_forking_ends_the_command(tmp_path: Path, forking: str) -> None:
    script = tmp_path / "parent.py"
    script.write_text(SCRIPT, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}
    done = subprocess.run(
        [sys.executable, str(script), forking],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == EXIT_TERMINATED, done.stderr
    assert done.stdout == "" and "Exception ignored" not in done.stderr, done.stderr
