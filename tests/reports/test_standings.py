"""Season standings: points formulas, best-N, minimum events, tie-breakers
(wins, then best finish, then events played), cash net standings, and every output format."""

from __future__ import annotations

import csv
import io
import json
import math
import re
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger.importing import import_outcomes, import_paths
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import ConfigError
from badugi_ledger.model.events import Session
from badugi_ledger.model.results import HandOutcome
from badugi_ledger.reports.standings import (
    StandingsOptions,
    describe,
    parse_points_table,
    render,
    standings,
)
from tests.helpers.ledger_builder import hand, session_hands
from tests.helpers.paths import EXAMPLES
from tests.helpers.season_builder import tournament_hands


def tourney(
    name: str, order: Sequence[str], *, season: str = "2024", buy_in: int = 1000, date: str = ""
) -> list[HandOutcome]:
    """Hands of a tournament that finishes in ``order`` (:func:`tournament_hands`)."""
    return tournament_hands(name, order, day=date or None, season=season, buy_in=buy_in)


def ledger_with(*tournaments: list[HandOutcome]) -> sqlite3.Connection:
    db = open_ledger(None)
    for hands in tournaments:
        import_outcomes(db, hands, hands[0].source)
    return db


def rows(db: sqlite3.Connection, **options: object) -> list[tuple[Any, ...]]:
    df = standings(db, StandingsOptions(**options))  # type: ignore[arg-type]
    cols = ["rank", "player", "points", "events", "counted", "wins", "best"]
    return [tuple(r) for r in df[cols].itertuples(index=False, name=None)]


def test_linear_points_add_up_over_the_season() -> None:
    db = ledger_with(
        tourney("T1", "ABCD"),
        tourney("T2", "BAC"),
        tourney("T3", "CDAB"),
    )
    # T1: A4 B3 C2 D1; T2: B3 A2 C1; T3: C4 D3 A2 B1 → A 8, B 7, C 7, D 4
    assert rows(db, kind="tournament") == [
        (1, "A", 8.0, 3, 3, 1, 1),
        (2, "B", 7.0, 3, 3, 1, 1),
        (2, "C", 7.0, 3, 3, 1, 1),
        (4, "D", 4.0, 2, 2, 0, 2),
    ]


def test_players_equal_on_everything_share_the_rank() -> None:
    db = ledger_with(tourney("T1", "XZY"), tourney("T2", "YXZ"), tourney("T3", "ZYX"))
    # X: 3+2+1 = 6, Y: 1+3+2 = 6, Z: 2+1+3 = 6; one win each, best 1st, 3 events each
    assert [(r[0], r[2], r[5], r[6], r[3]) for r in rows(db)] == [(1, 6.0, 1, 1, 3)] * 3


def test_wins_then_best_finish_then_events_played() -> None:
    # wins: P 1st + 3rd (3 + 1 = 4) beats Q 2nd + 2nd (2 + 2 = 4)
    db = ledger_with(tourney("W1", "PQR"), tourney("W2", "RQP"))
    table = {r[1]: r for r in rows(db)}
    assert table["P"][2] == table["Q"][2] == 4 and table["P"][0] < table["Q"][0]
    # best finish: P 2nd + 4th (3 + 1) beats Q 3rd + 3rd (2 + 2), nobody of them won
    db = ledger_with(tourney("B1", "WPQV"), tourney("B2", "XVQP"))
    table = {r[1]: r for r in rows(db)}
    assert table["P"][2] == table["Q"][2] == 4 and table["P"][5] == table["Q"][5] == 0
    assert table["P"][0] < table["Q"][0]
    # events played: P 3rd of 5 (3) + 5th of 5 (1) + 5th of 5 (1) = 5 over 3 events beats
    # Q 3rd of 5 (3) + 4th of 5 (2) = 5 over 2 events
    db = ledger_with(
        tourney("E1", "ABPQC"),
        tourney("E2", "ABQCP"),
        tourney("E3", "ABCDP"),
    )
    table = {r[1]: r for r in rows(db)}
    assert (table["P"][2], table["P"][6], table["P"][3]) == (5.0, 3, 3)
    assert (table["Q"][2], table["Q"][6], table["Q"][3]) == (5.0, 3, 2)
    assert table["P"][0] < table["Q"][0]


def test_best_n_counts_only_the_best_results() -> None:
    db = ledger_with(tourney("T1", "ABCD"), tourney("T2", "DCBA"), tourney("T3", "BACD"))
    # A: 4, 1, 3 → best two 7; B: 3, 2, 4 → 7; C: 2, 3, 2 → 5; D: 1, 4, 1 → 5
    table = {r[1]: r for r in rows(db, best_n=2)}
    assert (table["A"][2], table["A"][4]) == (7.0, 2)
    assert (table["D"][2], table["D"][3], table["D"][4]) == (5.0, 3, 2)


def test_players_below_the_minimum_are_listed_without_a_rank() -> None:
    db = ledger_with(tourney("T1", "ABC"), tourney("T2", "AB"))
    table = rows(db, min_events=2)
    assert [(r[0], r[1]) for r in table] == [(1, "A"), (2, "B"), (None, "C")]
    df = standings(db, StandingsOptions(min_events=2))
    shown = render(df, "table").splitlines()
    assert shown[-1].split()[:2] == ["-", "C"], shown  # not "None"
    assert "None" not in render(df, "markdown")


def test_markdown_points_are_the_points_the_other_formats_give() -> None:
    """docs/ledger.md, *Standings*: points are rounded to 2 decimals.  Markdown's table writer
    wrote them to six significant digits, so a season of big points tables read 12345.7 for
    12345.67 (two players a rank apart shown equal) and 1.23457e+06 for 1234567."""
    db = ledger_with(*(tourney(f"T{i}", "AB") for i in range(5)))
    for table, points in (("2469.13,1000", "12345.65"), ("246913.4,0", "1234567.0")):
        options = StandingsOptions(formula="table", table=parse_points_table(table))
        df = standings(db, options)
        assert str(df["points"].iloc[0]) == points and points in render(df, "table")
        cells = {
            cell.strip() for line in render(df, "markdown").splitlines() for cell in line.split("|")
        }
        assert points in cells, render(df, "markdown")


def test_csv_ranks_stay_whole_numbers_beside_an_unranked_player() -> None:
    """JSON gives ``rank`` 1, 2 and null for a player below ``--min-events``; the CSV of the
    standings and of their export wrote ``1.0, 2.0`` once such a row was there."""
    from badugi_ledger.reports.export import export_table

    db = ledger_with(tourney("T1", "ABC"), tourney("T2", "AB"))
    options = StandingsOptions(min_events=2)
    ranks = [r["rank"] for r in json.loads(render(standings(db, options), "json"))]
    for text in (
        render(standings(db, options), "csv"),
        export_table(db, "standings", "csv", options).decode(),
    ):
        written = [r["rank"] for r in csv.DictReader(io.StringIO(text))]
        assert written == ["" if r is None else str(r) for r in ranks] == ["1", "2", ""]


def test_sqrt_and_table_formulas() -> None:
    db = ledger_with(tourney("T1", "ABCD", buy_in=2000))
    table = {r[1]: r for r in rows(db, formula="sqrt")}
    expected = 10 * math.sqrt(4) / math.sqrt(2) * (1 + math.log(20 + 0.25))
    assert table["B"][2] == pytest.approx(round(expected, 2))
    table = {r[1]: r for r in rows(db, formula="table", table=(10, 6, 3))}
    assert [table[p][2] for p in "ABCD"] == [10.0, 6.0, 3.0, 0.0]
    assert parse_points_table("10, 6,3") == (10.0, 6.0, 3.0)
    with pytest.raises(ConfigError):
        StandingsOptions(formula="table")
    with pytest.raises(ConfigError):
        parse_points_table("10,x")


@pytest.mark.parametrize("text", ["nan,5", "10,inf", "1e400", "-inf"])
def test_a_points_table_of_no_finite_number_is_refused(text: str) -> None:
    """``--points-table nan,5`` or ``1e400`` (infinite once read): refused, saying why.  Read
    as they were, a NaN total ranked the player who won every event last, and an infinite
    one left nothing for the tie-breakers to compare."""
    with pytest.raises(ConfigError, match="finite"):
        StandingsOptions(formula="table", table=parse_points_table(text))


def test_a_points_table_of_no_finite_number_is_refused_on_the_command_line(
    tmp_path: Any,
) -> None:
    from typer.testing import CliRunner

    from badugi_ledger.cli import app
    from tests.helpers.paths import EXAMPLES

    db = tmp_path / "club.db"
    runner = CliRunner()
    done = runner.invoke(app, ["import", str(EXAMPLES / "tournament.bhh"), "--db", str(db)])
    assert done.exit_code == 0, done.output
    args = ["standings", "--db", str(db), "--points", "table", "--points-table", "nan,inf"]
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and result.exception is not None
    assert isinstance(result.exception, SystemExit), result.exception
    assert "finite" in result.output


def test_season_filter_and_auto_kind() -> None:
    db = ledger_with(tourney("T1", "AB", season="2023"), tourney("T2", "BA", season="2024"))
    assert [r[1] for r in rows(db, season="2023")] == ["A", "B"]
    assert [r[1] for r in rows(db, season="2024")] == ["B", "A"]
    assert "season 2024" in describe(db, StandingsOptions(season="2024"))


def test_cash_standings_rank_by_net() -> None:
    db = open_ledger(None)
    import_outcomes(db, session_hands(4, ("Anna", "Ben", "Cara")), "fri.bhh")
    sat = Session(kind="cash", name="Saturday", date="2024-03-02", season="2024")
    h = hand("1", {"Anna": 100, "Dan": 100}, {"Anna": 30, "Dan": 30}, {"Dan": 60}, session=sat)
    import_outcomes(db, [h], "sat.bhh")
    df = standings(db, StandingsOptions())  # auto: no tournaments → cash
    got = [tuple(r) for r in df[["rank", "player", "net", "sessions"]].itertuples(index=False)]
    # Friday: Ben, Cara, Anna, Ben win 6 of which each put in 2: Ben +4, Cara -2, Anna -2;
    # Saturday: Dan +30, Anna -30
    assert [(r[0], r[1], r[2], r[3]) for r in got] == [
        (1, "Dan", 30, 1),
        (2, "Ben", 4, 1),
        (3, "Cara", -2, 1),
        (4, "Anna", -32, 2),
    ]
    assert sum(r[2] for r in got) == 0


def test_formats() -> None:
    db = ledger_with(tourney("T1", ["=HYPERLINK(1)", "<b>Bo</b>", "-12"]))
    df = standings(db, StandingsOptions())
    csv = render(df, "csv")
    assert "'=HYPERLINK(1)" in csv and "\n3,-12," in csv  # a name that is a number stays
    html = render(df, "html")
    assert "&lt;b&gt;Bo&lt;/b&gt;" in html and "<b>Bo" not in html
    records = json.loads(render(df, "json"))
    assert records[0] == {
        "rank": 1,
        "player": "=HYPERLINK(1)",
        "points": 3.0,
        "events": 1,
        "counted": 1,
        "wins": 1,
        "best": 1,
        "winnings": 20.0,
        "unit": "money",
    }
    assert render(df, "markdown").startswith("|")
    assert "Tournament standings" in render(df, "table", describe(db, StandingsOptions()))
    with pytest.raises(ConfigError):
        render(df, "xml")  # type: ignore[arg-type]


def test_a_figure_read_by_a_person_says_its_unit_once() -> None:
    """The text, Markdown and HTML tables write each amount with its unit (``28 chips``), so
    a ``unit`` column beside them only repeats it (``28 chips chips``); money that names no
    currency stands bare (``20.00``) and keeps the column that says it is money.  csv and
    json keep the column whatever the rows (scripts read it)."""
    db = open_ledger(None)
    import_outcomes(db, session_hands(4, ("Anna", "Ben", "Cara")), "fri.bhh")
    cash = standings(db, StandingsOptions(kind="cash"))
    for fmt in ("table", "markdown", "html"):
        text = render(cash, fmt)
        assert "4 chips" in text and "chips chips" not in text, text
        assert not re.search(r"\bunit\b", text), text
    assert json.loads(render(cash, "json"))[0]["unit"] == "chips"
    assert render(cash, "csv").splitlines()[0].split(",")[3] == "unit"
    money = standings(ledger_with(tourney("T1", ["Anna", "Ben"])), StandingsOptions())
    header, first = render(money, "table").splitlines()[:2]
    assert header.split()[-2:] == ["winnings", "unit"] and first.split()[-2:] == ["10.00", "money"]


@pytest.mark.parametrize("table", ["1e-300,0,0", "1e308,1,1", "-5,0", "10.005"])
def test_a_points_table_out_of_bounds_is_refused(table: str) -> None:
    """``1e308`` summed to infinity (every player ``inf`` points, the report's chart a
    traceback) and ``1e-300`` gave the chart no scale (a division by zero)."""
    with pytest.raises(ConfigError, match="points per place are numbers from 0 to 1,000,000"):
        StandingsOptions(formula="table", table=parse_points_table(table))


def test_a_points_table_in_bounds_is_read() -> None:
    table = parse_points_table("1000000, 10.5,0.01,0")
    assert StandingsOptions(formula="table", table=table).table == (1e6, 10.5, 0.01, 0.0)


@pytest.mark.parametrize("table", ["10,,5", ",10,7"])
def test_a_points_table_with_an_empty_place_is_refused(table: str) -> None:
    """``10,,5`` gave the second place 5, the empty item dropped without a word."""
    with pytest.raises(ConfigError, match="points table has an empty place"):
        parse_points_table(table)


def test_points_per_place_without_the_table_formula_are_refused() -> None:
    """``--points-table 10,7`` without ``--points table`` was left unused without a word."""
    with pytest.raises(ConfigError, match="points per place are the 'table' formula's"):
        StandingsOptions(formula="linear", table=(10.0, 7.0))


@pytest.mark.parametrize(
    ("setting", "value"), [("formula", "sqrt"), ("best_n", 2), ("min_events", 3)]
)
def test_tournament_options_with_cash_standings_are_refused(setting: str, value: object) -> None:
    """``standings --kind cash --best 2`` ranked by net result as if ``--best`` were not
    there, without a word (as points per place without their formula were)."""
    with pytest.raises(ConfigError, match="applies to tournament standings") as refused:
        StandingsOptions(kind="cash", **{setting: value})  # type: ignore[arg-type]
    assert refused.value.setting == setting
    StandingsOptions(kind="auto", **{setting: value})  # type: ignore[arg-type]  (tournaments')


@pytest.mark.parametrize("given", [["--points", "sqrt"], ["--best", "2"], ["--min-events", "3"]])
def test_tournament_options_with_kind_cash_are_a_usage_error_naming_them(
    tmp_path: Any, given: list[str]
) -> None:
    """The command line names the refused option and the kind it applies to; ``--kind auto``
    takes it, its help saying it applies to the tournament table only."""
    from typer.testing import CliRunner

    from badugi_ledger.cli import app
    from tests.helpers.paths import EXAMPLES

    db = tmp_path / "club.db"
    runner = CliRunner()
    done = runner.invoke(app, ["import", str(EXAMPLES), "--db", str(db)])
    assert done.exit_code == 0, done.output
    result = runner.invoke(app, ["standings", "--db", str(db), "--kind", "cash", *given])
    assert result.exit_code == 2, result.output
    shown = " ".join(result.output.replace("│", " ").split())
    assert f"Invalid value for {given[0]}:" in shown, shown
    assert "applies to tournament standings" in shown and "--kind tournament" in shown, shown
    both = runner.invoke(app, ["standings", "--db", str(db), "--kind", "auto", *given])
    assert both.exit_code == 0, both.output
    helped = " ".join(runner.invoke(app, ["standings", "--help"]).output.replace("│", " ").split())
    assert "applying to the tournament table only" in helped, helped


def test_each_units_unranked_players_follow_its_own_ranked_rows(tmp_path: Path) -> None:
    """docs/ledger.md, *Standings*: the rows come "in rank order, unit by unit", a player below
    ``--min-events`` "listed after the ranked rows".  The unranked rows of every unit were put
    after the ranked rows of all units, so a USD player below the minimum sat under the
    unstated-money tournaments' table, as if ranked among them.  examples/tournament.bhh
    played twice (the second time with other seats and date) and two USD cups, Ann and Bo
    in both, Cy and Dee in one each."""
    text = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8")

    def cup(name: str, date: str, names: dict[str, str], currency: str = "") -> Path:
        out = text.replace("Spring Freezeout", name).replace("2024-04-12", date)
        out = re.sub(r"\b(Kira|Noor|Bram)\b", lambda m: names.get(m[0], m[0]), out)
        if currency:
            out = out.replace("\ntournament ", f"\ncurrency {currency}\ntournament ", 1)
        path = tmp_path / f"{name}.bhh"
        path.write_text(out, encoding="utf-8")
        return path

    files = [
        EXAMPLES / "tournament.bhh",
        cup("Second", "2024-05-12", {"Kira": "Bram", "Bram": "Kira"}),
        cup("Dollar one", "2024-06-12", {"Kira": "Ann", "Noor": "Bo", "Bram": "Cy"}, "USD"),
        cup("Dollar two", "2024-07-12", {"Kira": "Bo", "Noor": "Ann", "Bram": "Dee"}, "USD"),
    ]
    db = open_ledger(None)
    assert import_paths(db, files).ok
    df = standings(db, StandingsOptions(kind="tournament", min_events=2))
    listed = [(str(r.unit), str(r.player), r.rank) for r in df.itertuples()]
    units = [unit for unit, _, _ in listed]
    assert [u for i, u in enumerate(units) if i == 0 or units[i - 1] != u] == ["USD", "money"]
    assert [(p, r) for u, p, r in listed if u == "USD"] == [
        ("Ann", 1),
        ("Bo", 1),
        ("Cy", None),
        ("Dee", None),
    ]
    shown = render(df, "table").splitlines()[1:]  # (its header first)
    assert [line.split()[-1] for line in shown] == ["USD"] * 4 + ["money"] * 3


def test_a_one_table_output_of_both_kinds_says_which_table_it_gives(tmp_path: Path) -> None:
    """docs/ledger.md, *Standings*: with ``--kind auto`` csv and json give the tournament
    table when the selection holds one, else the cash table.  A script that read a cash
    ledger's json was given the tournament table, unsaid, the night a tournament was first
    imported: the error stream now says which table it gives and how to ask for the other;
    the output is the same."""
    from typer.testing import CliRunner

    from badugi_ledger.cli import app

    examples = Path(__file__).resolve().parents[2] / "examples"
    ledger = tmp_path / "club.db"
    runner = CliRunner()
    cash = runner.invoke(app, ["import", str(examples / "home_session.bhh"), "--db", str(ledger)])
    assert cash.exit_code == 0, cash.output
    alone = runner.invoke(app, ["standings", "--db", str(ledger), "--format", "json"])
    assert alone.exit_code == 0 and alone.stderr == ""
    assert "net" in json.loads(alone.stdout)[0]
    cup = runner.invoke(app, ["import", str(examples / "tournament.bhh"), "--db", str(ledger)])
    assert cup.exit_code == 0, cup.output
    for args in (
        ["standings", "--format", "json"],
        ["export", "--table", "standings", "--format", "csv"],
    ):
        both = runner.invoke(app, [*args, "--db", str(ledger)])
        assert both.exit_code == 0, both.output
        assert "the tournament standings" in both.stderr
        assert "--kind cash" in both.stderr
        assert "points" in both.stdout  # the tournament table, as before
        cash_only = runner.invoke(app, [*args, "--db", str(ledger), "--kind", "cash"])
        assert cash_only.exit_code == 0 and cash_only.stderr == ""
    table = runner.invoke(app, ["standings", "--db", str(ledger)])
    assert table.exit_code == 0 and table.stderr == ""
