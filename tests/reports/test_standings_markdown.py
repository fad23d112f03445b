"""``standings --format markdown`` from the package as ``pip install .`` installs it.

README.md's first line installs the tool with its declared dependencies only and lists
``standings --format table|csv|json|markdown|html``; a command ends with an ``Error:`` line,
never a traceback (README, *Exit status*).  pandas' own Markdown writer needs ``tabulate``,
which no dependency brings in (a test extra's dependency did, hiding it), so the markdown
format was a traceback on a plain install."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.helpers.paths import EXAMPLES

runner = CliRunner()


@pytest.fixture
def club(tmp_path: Path) -> Path:
    db = tmp_path / "club.db"
    done = runner.invoke(app, ["import", str(EXAMPLES), "--db", str(db), "--jobs", "1"])
    assert done.exit_code == 0, done.output
    return db


def test_markdown_standings_need_no_package_the_install_lacks(
    club: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "tabulate", None)  # not installed: import fails
    done = runner.invoke(app, ["standings", "--db", str(club), "--format", "markdown"])
    assert done.exception is None, repr(done.exception)
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    header = next(line for line in lines if line.startswith("| ") and "player" in line)
    rule = lines[lines.index(header) + 1]
    assert [c.strip() for c in header.strip("|").split("|")][:3] == ["rank", "player", "points"]
    assert rule.startswith("|") and set(rule) <= set("|-:"), rule
    kira = next(line for line in lines if "| Kira " in line)
    cells = [c.strip() for c in kira.strip("|").split("|")]
    assert cells[:3] == ["1", "Kira", "3.0"] and "22.00" in cells, kira


def test_markdown_columns_line_up_and_numbers_sit_right(club: Path) -> None:
    """Every row as wide as the header and its rule; a number column (rank) aligned right
    (``---:``), a name column left (``:---``), as Markdown readers show them."""
    done = runner.invoke(
        app, ["standings", "--db", str(club), "--format", "markdown", "--kind", "cash"]
    )
    table = [line for line in done.stdout.splitlines() if line.startswith("|")]
    assert len({len(line) for line in table}) == 1, table
    rule = [c for c in table[1].strip("|").split("|")]
    assert rule[0].endswith(":") and not rule[0].startswith(":"), rule
    assert rule[1].startswith(":") and not rule[1].endswith(":"), rule


def test_a_table_of_no_rows_is_written_as_before_without_alignment(tmp_path: Path) -> None:
    """A cash night's ledger asked for its tournament table: no rows.  The table is written
    as pandas' writer wrote it, which scripts and pages that hold the output may compare:
    the header and a rule of dashes, no alignment marks (a column of no values is neither
    numbers nor text)."""
    db = tmp_path / "cash.db"
    done = runner.invoke(app, ["import", str(EXAMPLES / "home_session.bhh"), "--db", str(db)])
    assert done.exit_code == 0, done.output
    shown = runner.invoke(
        app, ["standings", "--db", str(db), "--kind", "tournament", "--format", "markdown"]
    )
    assert shown.exit_code == 0, shown.output
    assert shown.stdout.splitlines() == [
        "| rank   | player   | points   | events   | counted   | wins   | best   | winnings   "
        "| unit   |",
        "|--------|----------|----------|----------|-----------|--------|--------|------------"
        "|--------|",
    ]
