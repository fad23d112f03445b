"""Habits every well-kept command line has: ``--version`` from the installed package's
metadata, and ``-h`` as well as ``--help`` on the tool and on every command."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.helpers.paths import EXAMPLES

runner = CliRunner()


def test_version_is_the_installed_packages() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"badugi-ledger {version('badugi-ledger')}"


def test_python_dash_m_runs_the_command(tmp_path: Path) -> None:
    """``python -m badugi_ledger`` is the console script: its output and exit status."""
    night = tmp_path / "night.bhh"
    night.write_text("not a hand\n", encoding="utf-8")
    for args, status in ((["--version"], 0), (["check", str(EXAMPLES / "000_anna_ben.bhh")], 0)):
        done = subprocess.run(
            [sys.executable, "-m", "badugi_ledger", *args], capture_output=True, text=True
        )
        assert done.returncode == status, done.stderr
    assert done.stdout.startswith(f"{EXAMPLES / '000_anna_ben.bhh'}: 1 hand: 1 ok")
    bad = subprocess.run(
        [sys.executable, "-m", "badugi_ledger", "check", str(night)], capture_output=True
    )
    assert bad.returncode == 1 and b"Traceback" not in bad.stderr


@pytest.mark.parametrize("command", ["check", "import", "standings", "settle", "void"])
def test_dash_h_is_help_on_every_command(command: str) -> None:
    short = runner.invoke(app, [command, "-h"])
    long = runner.invoke(app, [command, "--help"])
    assert short.exit_code == long.exit_code == 0
    assert short.stdout == long.stdout and "Usage: badugi-ledger" in short.stdout
