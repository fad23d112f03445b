"""A player with no known place beside one whose place earns no points: the tournament
standings rank them, in every format, and never stop on the place nobody knows.

docs/ledger.md, *Tournaments*: the players still in when a file stops with two or more in
have no place, "no points and no win in the standings … their best place `-`"; *Standings*:
the tie-breakers are points, then wins, then best finish, then events played, and `--points
table` pays fixed points per place (a place beyond the table earns none).  So a fourth place
under `--points-table 10,7,5` and a player still in an unfinished tournament are equal on
points and wins, and the best finish (4th against none) puts the fourth place first.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.events import Session
from badugi_ledger.reports.standings import StandingsOptions, standings
from tests.helpers.ledger_builder import hand
from tests.helpers.season_builder import tournament_hands

runner = CliRunner()

UNFINISHED = Session(kind="tournament", name="Late", date="2024-06-02", season="2024", buy_in=1000)


def _ledger(path: Path | None = None) -> sqlite3.Connection:
    db = open_ledger(path)
    import_outcomes(db, tournament_hands("Full", "ABCD", day="2024-06-01"), "Full.bhh")
    # Eve and Finn both still in when the file stops: neither has a place
    stacks, put_in = {"Eve": 100, "Finn": 100}, {"Eve": 10, "Finn": 10}
    still_in = hand("1", stacks, put_in, {"Eve": 20}, session=UNFINISHED, source="late.bhh")
    import_outcomes(db, [still_in], "late.bhh")
    return db


def test_a_place_nobody_knows_ranks_after_a_place_of_no_points() -> None:
    db = _ledger()
    df = standings(db, StandingsOptions(kind="tournament", formula="table", table=(10, 7, 5)))
    got = [(r.rank, r.player, r.points) for r in df.itertuples()]
    assert got == [
        (1, "A", 10.0),
        (2, "B", 7.0),
        (3, "C", 5.0),
        (4, "D", 0.0),
        (5, "Eve", 0.0),
        (5, "Finn", 0.0),
    ]
    assert df["best"].isna().tolist() == [False] * 4 + [True] * 2


@pytest.mark.parametrize("fmt", ["table", "csv", "json", "markdown", "html"])
def test_every_format_gives_the_standings(tmp_path: Path, fmt: str) -> None:
    path = tmp_path / "club.db"
    _ledger(path).close()
    result = runner.invoke(
        app,
        ["standings", "--db", str(path), "--kind", "tournament", "--points", "table",
         "--points-table", "10,7,5", "--format", fmt],
    )  # fmt: skip
    assert result.exit_code == 0, (result.output, result.exception)
    if fmt == "json":
        ranks = {r["player"]: r["rank"] for r in json.loads(result.stdout)}
        assert ranks == {"A": 1, "B": 2, "C": 3, "D": 4, "Eve": 5, "Finn": 5}


def test_the_season_report_ranks_them_too(tmp_path: Path) -> None:
    """The report's tournament table is these standings (docs/ledger.md, *Exports and the
    season report*: tournament points as `standings` counts them)."""
    path = tmp_path / "club.db"
    _ledger(path).close()
    out = tmp_path / "season.html"
    result = runner.invoke(
        app,
        ["report", "--db", str(path), "--out", str(out), "--points", "table"]
        + ["--points-table", "10,7,5"],
    )
    assert result.exit_code == 0, (result.output, result.exception)
    assert "Finn" in out.read_text(encoding="utf-8")
