"""A worker process that dies, and an output that cannot be written, end a command with one
``Error:`` line and exit status 1, never a traceback."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from badugi_ledger.parallel import WorkerError, ordered_map
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

CLI = Path(sys.executable).with_name("badugi-ledger")


def _killed(item: int) -> int:
    """A worker killed as the system kills one out of memory."""
    if item == 3:
        os.kill(os.getpid(), signal.SIGKILL)
    return item


def test_a_worker_killed_is_a_worker_error() -> None:
    """Python's pool raised ``BrokenProcessPool``, which no command turned into words."""
    with pytest.raises(WorkerError, match="a worker process ended early"):
        list(ordered_map(_killed, [1, 2, 3, 4, 5, 6], jobs=2))


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_an_output_on_a_full_disk_is_one_error_line(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES / "home_session.bhh"])
    for command in (["events"], ["export", "--table", "hands", "--format", "csv"]):
        with open("/dev/full", "w") as full:
            done = subprocess.run(
                [str(CLI), *command, "--db", str(db)],
                stdout=full,
                stderr=subprocess.PIPE,
                text=True,
                timeout=120,
            )
        assert done.returncode == 1, done.stderr
        assert "Traceback" not in done.stderr
        assert done.stderr.startswith(
            "Error: cannot write the output: No space left on device (a change the command "
            "made to the ledger is stored"
        )


def test_a_worker_error_ends_a_command_with_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from badugi_ledger.cli import app
    from badugi_ledger.ledger import corrections

    def dies(*_args: object) -> None:
        raise WorkerError("the worker process ended early (exit status -9)")

    monkeypatch.setattr(corrections, "event_list", dies)
    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES / "home_session.bhh"])
    result = CliRunner().invoke(app, ["events", "--db", str(db)])
    assert result.exit_code == 1
    assert result.output.startswith(
        "Error: the worker process ended early (exit status -9): the command stopped; run it again"
    )
