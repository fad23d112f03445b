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


def _to_full_disk(db: Path, *command: str) -> str:
    """What ``command`` on the ledger ``db`` says on stderr, its output on a full disk."""
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
    return done.stderr


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_an_output_on_a_full_disk_is_one_error_line(tmp_path: Path) -> None:
    """A command that only reads the ledger says nothing of a change to it: ``standings >
    /dev/full`` said "a change the command made to the ledger is stored", of a ledger it had
    not changed."""
    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES / "home_session.bhh"])
    for command in (["events"], ["standings"], ["export", "--table", "hands", "--format", "csv"]):
        said = _to_full_disk(db, *command)
        assert said == "Error: cannot write the output: No space left on device\n", said


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full (Linux)")
def test_a_change_whose_report_cannot_be_written_is_said_to_be_stored(tmp_path: Path) -> None:
    """``void`` commits the void before it says so: a report that cannot be written says the
    change is stored, and it is."""
    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES / "home_session.bhh"])
    said = _to_full_disk(db, "void", "--event", "1", "--reason", "misdeal")
    assert said.startswith(
        "Error: cannot write the output: No space left on device (any change the command made "
        "to the ledger is stored"
    ), said
    done = subprocess.run(
        [str(CLI), "events", "--db", str(db), "--json"], capture_output=True, text=True
    )
    assert '"void": "misdeal"' in done.stdout, done.stdout


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
