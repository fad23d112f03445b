"""Habits every well-kept command line has: ``--version`` from the installed package's
metadata, and ``-h`` as well as ``--help`` on the tool and on every command."""

from __future__ import annotations

from importlib.metadata import version

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app

runner = CliRunner()


def test_version_is_the_installed_packages() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"badugi-ledger {version('badugi-ledger')}"


@pytest.mark.parametrize("command", ["check", "import", "standings", "settle", "void"])
def test_dash_h_is_help_on_every_command(command: str) -> None:
    short = runner.invoke(app, [command, "-h"])
    long = runner.invoke(app, [command, "--help"])
    assert short.exit_code == long.exit_code == 0
    assert short.stdout == long.stdout and "Usage: badugi-ledger" in short.stdout
