"""Everyday command-line habits, through the real entry point (typer's runner or the installed
console script in a subprocess): shell completion, fixed choices as real choices, the exit
status convention (0 all well, 1 bad data or a failed check, 2 bad usage, 130 Ctrl-C, 141 a
closed pipe), help only in docstrings, a progress bar on a terminal and silence on a pipe,
summed-up summaries, the ``new`` night file, ``showdown``'s house rules, and no half-written
files or ledgers after an interruption."""

from __future__ import annotations

import inspect
import json
import os
import pty
import re
import select
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import get_args

import pytest
import typer
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.staging import PREFIX as STAGING_PREFIX
from badugi_ledger.model.games import GAME_SPELLINGS
from badugi_ledger.simulate.sessions import SimulationOptions, write_simulation
from tests.helpers.paths import EXAMPLES, REPO
from tests.text.test_night import PLAYED  # a hand played into the night file `new` writes

CLI = Path(sys.executable).with_name("badugi-ledger")
runner = CliRunner()


def words(text: str) -> str:
    """Output with typer's error box and line wrapping taken away."""
    return " ".join(text.replace("│", " ").split())


def cli(*args: str | Path, **kwargs: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(CLI), *map(str, args)],
        capture_output=True,
        text=True,
        timeout=300,
        **kwargs,  # type: ignore[call-overload]
    )


@pytest.fixture(scope="module")
def big_night(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """3,000 simulated hands in one file: long enough to interrupt, more than a pipe holds."""
    path = tmp_path_factory.mktemp("big") / "big.bhh"
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        write_simulation(SimulationOptions(hands=3000, players=6, seed=5), out)
    return path


# --- 1. completion, choices, exit status, help ------------------------------------------------


def test_show_completion_prints_a_bash_script() -> None:
    """``--show-completion`` prints the script of the shell it runs in (typer finds it among the
    parent processes), so it runs here from bash, whatever runs the tests."""
    done = subprocess.run(
        ["bash", "-c", f"{CLI} --show-completion"], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert "_badugi_ledger_completion" in done.stdout and "complete " in done.stdout


def test_the_completion_env_var_completes_commands_and_choices() -> None:
    env = {**os.environ, "_BADUGI_LEDGER_COMPLETE": "complete_bash"}
    done = cli(env={**env, "COMP_WORDS": "badugi-ledger stan", "COMP_CWORD": "1"})
    assert done.returncode == 0 and done.stdout.split() == ["standings"]
    done = cli(env={**env, "COMP_WORDS": "badugi-ledger standings --format ", "COMP_CWORD": "3"})
    assert done.stdout.split() == ["table", "csv", "json", "markdown", "html"]


CHOICES = [
    (["showdown"], "--game", GAME_SPELLINGS),
    (["showdown"], "--qualifier", ("A", "2", "9", "10", "T", "J", "Q", "K")),
    (["showdown"], "--odd-chip", ("button-left", "worst-seat", "best-hand")),
    (["showdown"], "--odd-chip-half", ("badugi", "five-card")),
    (["showdown"], "--odd-chip-split", ("one-each", "all-to-first")),
    (["new"], "--game", GAME_SPELLINGS),
    (["new"], "--structure", ("fixed-limit", "pot-limit", "half-pot-limit", "no-limit")),
    (["import"], "--from", ("text", "pokerstars", "phh")),
    (["check"], "--from", ("text", "pokerstars", "winamax")),
    (["standings"], "--format", ("table", "csv", "json", "markdown", "html")),
    (["standings"], "--kind", ("auto", "tournament", "cash")),
    (["standings"], "--points", ("linear", "table", "sqrt")),
    (["export"], "--table", ("hands", "postings", "standings", "sessions")),
    (["export"], "--format", ("csv", "json", "parquet")),
    (["tournament"], "--chop", ("even", "chip-count", "none")),
    (["convert"], "--to", ("phh", "text")),
    (["convert"], "--from", ("text", "fulltilt", "winamax")),
    (["simulate"], "--game", GAME_SPELLINGS),
    (["simulate"], "--structure", ("fixed-limit", "spread-limit")),
    (["simulate"], "--cards", ("all", "showdown")),
]


@pytest.mark.parametrize(("command", "option", "values"), CHOICES)
def test_fixed_choices_are_listed_in_help_and_refused_with_exit_2(
    command: list[str], option: str, values: tuple[str, ...]
) -> None:
    shown = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "300"}).stdout
    found = re.search(re.escape(option) + r"\s+<([^>]*)>", shown)
    assert found, shown
    assert set(values) <= set(found[1].split("|"))
    result = runner.invoke(app, [*command, option, "nonsense"])
    assert result.exit_code == 2
    assert "'nonsense' is not one of" in words(result.stderr)


def test_no_command_s_help_speaks_of_a_kind_option_it_has_not() -> None:
    """``report --help`` said --points, --best and --min-events were refused "with --kind
    cash", an option report has not (standings' and export's words, as cli/reports.py shared
    the options): a command's help names what the command itself takes."""
    command = typer.main.get_command(app)
    assert isinstance(command, typer.core.TyperGroup)
    for name, sub in command.commands.items():
        shown = words(runner.invoke(app, [name, "--help"], env={"COLUMNS": "300"}).stdout)
        has_kind = any("--kind" in getattr(p, "opts", ()) for p in sub.params)
        assert ("--kind" in shown) == has_kind, (name, shown)


def test_the_choice_lists_kept_in_the_cli_equal_their_owners() -> None:
    """Ten choices are spelled in cli/common.py (their owners are too heavy to load at every start):
    they must stay the owners' own lists."""
    from badugi_ledger.cli import common as cli_module
    from badugi_ledger.convert import Target
    from badugi_ledger.ledger.players import PlayersAction
    from badugi_ledger.ledger.prizes import ChopMethod, PointsFormula
    from badugi_ledger.reports.export import ExportFormat
    from badugi_ledger.reports.export import Table as ExportTable
    from badugi_ledger.reports.standings import Format as StandingsFormat
    from badugi_ledger.reports.standings import Kind as StandingsKind
    from badugi_ledger.simulate.sessions import CardsShown
    from badugi_ledger.sources import FORMATS

    assert get_args(cli_module.ConvertTarget) == get_args(Target)
    assert get_args(cli_module.PlayersAction) == get_args(PlayersAction)
    assert get_args(cli_module.CardsShown) == get_args(CardsShown)
    assert get_args(cli_module.HistoryFormat) == FORMATS
    assert get_args(cli_module.ChopMethod) == get_args(ChopMethod)
    assert get_args(cli_module.PointsFormula) == get_args(PointsFormula)
    assert get_args(cli_module.ExportTable) == get_args(ExportTable)
    assert get_args(cli_module.ExportFormat) == get_args(ExportFormat)
    assert get_args(cli_module.StandingsKind) == get_args(StandingsKind)
    assert get_args(cli_module.StandingsFormat) == get_args(StandingsFormat)


def test_game_names_come_from_one_list() -> None:
    """The grammar's GAME_NAME, the header reader and every --game accept GAME_SPELLINGS."""
    grammar = (REPO / "grammar" / "hand_history.lark").read_text(encoding="utf-8")
    terminal = re.search(r"^GAME_NAME:(.*)$", grammar, re.M)
    assert terminal is not None
    # a spelling of several words is a pattern that takes any spaces between them
    found = re.findall(r'"([^"]+)"|/([^/]+)/', terminal[1])
    spellings = tuple(word or pattern.replace("[ \\t]+", " ") for word, pattern in found)
    assert spellings == GAME_SPELLINGS
    for spelling in GAME_SPELLINGS:
        result = runner.invoke(app, ["showdown", "--game", spelling, "A: As 2c 3d 4h 5s"])
        assert result.exit_code == 1 and "Usage" not in result.stderr  # the hand, not --game


def test_jobs_below_zero_is_bad_usage(tmp_path: Path) -> None:
    for command in ("check", "import"):
        result = runner.invoke(app, [command, str(EXAMPLES), "--jobs", "-1"])
        assert result.exit_code == 2 and "-1 is not in the range" in words(result.stderr)


def exit_status_cases(tmp: Path) -> list[tuple[int, list[str]]]:
    """(expected exit status, arguments) for every command: all well, bad data, bad usage."""
    db, night = str(tmp / "club.db"), str(EXAMPLES / "home_session.bhh")
    bad = tmp / "bad.bhh"
    bad.write_text("hand 1 · button Anna · Anna 100 · Ben 100\nAnna raises 8\n", encoding="utf-8")
    missing = str(tmp / "none.db")
    hands = ["A: As 2c 3d 4h", "B: 6c 7d 8h 9s"]
    return [
        (0, ["showdown", *hands]),
        (1, ["showdown", "A: As 2c 3d 4h", "B: As 7d 8h 9s"]),
        (2, ["showdown", "--pot", "x", *hands]),
        (0, ["parse", night]),
        (1, ["parse", str(bad)]),
        (2, ["parse"]),
        (0, ["new", str(tmp / "new.bhh"), "--players", "Anna,Ben"]),
        (1, ["new", str(tmp / "new.bhh"), "--players", "Anna,Ben"]),  # exists already
        (2, ["new", str(tmp / "other.bhh"), "--players", "Anna"]),
        (0, ["check", night]),
        (1, ["check", str(bad)]),
        (2, ["check", night, "--jobs", "many"]),
        (0, ["import", night, "--db", db]),
        (1, ["import", str(bad), "--db", db]),
        (2, ["import", night, "--db", db, "--wait", "-1"]),
        (0, ["standings", "--db", db]),
        (1, ["standings", "--db", missing]),
        (2, ["standings", "--db", db, "--points", "table"]),
        (0, ["settle", "--db", db]),
        (1, ["settle", "--db", db, "--event", "no such event"]),
        (2, ["settle", "--db", db, "--event", "x", "--season", "y"]),
        (0, ["export", "--db", db, "--table", "hands", "--format", "csv"]),
        (1, ["export", "--db", missing, "--table", "hands", "--format", "csv"]),
        (2, ["export", "--db", db, "--table", "chips", "--format", "csv"]),
        (0, ["report", "--db", db, "--out", str(tmp / "season.html")]),
        (1, ["report", "--db", missing, "--out", str(tmp / "none.html")]),
        (2, ["report", "--db", db]),
        (0, ["players", "--db", db]),
        (1, ["players", "unmerge", "Nobody", "--db", db]),
        (2, ["players", "shuffle", "--db", db]),
        (0, ["events", "--db", db]),
        (1, ["events", "--db", missing]),
        (2, ["events", "--db", db, "--json", "yes"]),
        (0, ["audit", "--db", db]),
        (1, ["audit", "--db", missing]),
        (2, ["audit", "--db", db, "--all"]),
        (1, ["tournament", "--db", db, "--event", "no such event"]),
        (2, ["tournament", "--db", db]),
        (1, ["void", "--db", db, "--event", "no such event", "--reason", "test"]),
        (2, ["void", "--db", db, "--event", "x"]),
        (0, ["void", "--db", db, "--event", "Friday game", "--hand", "1", "--reason", "test"]),
        (1, ["unvoid", "--db", db, "--event", "Friday game", "--hand", "2", "--reason", "test"]),
        (2, ["unvoid", "--db", db, "--event", "x"]),
        (0, ["unvoid", "--db", db, "--event", "Friday game", "--hand", "1", "--reason", "test"]),
        (0, ["convert", night, "--to", "text"]),
        (1, ["convert", str(tmp / "none.bhh"), "--to", "text"]),
        (2, ["convert", night]),
        (0, ["simulate", "--hands", "2"]),
        (1, ["simulate", "--hands", "2", "--out", str(tmp / "no" / "such" / "x.bhh")]),
        (2, ["simulate", "--players", "1"]),
        (0, ["show", night, "--hand", "1"]),
        (1, ["show", str(tmp / "none.bhh")]),
        (2, ["show", night, "--db", db]),
        (1, ["serve", "--db", str(bad)]),  # not a ledger: refused before serving
        (2, ["serve", "--db", db, "--port", "0"]),
    ]


def test_every_command_exits_0_1_or_2_by_the_convention(tmp_path: Path) -> None:
    commands = set(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
    cases = exit_status_cases(tmp_path)
    assert {args[0] for _, args in cases} >= commands
    for expected, args in cases:
        result = runner.invoke(app, args)
        if result.exception and not isinstance(result.exception, SystemExit):
            raise result.exception
        assert result.exit_code == expected, (args, result.output)
        assert "Traceback" not in result.output
        if expected == 2:
            assert result.stderr.startswith("Usage: "), (args, result.stderr)
        elif expected == 1:
            assert "Usage: " not in result.stderr, (args, result.stderr)


def test_each_commands_help_is_its_docstring_and_nowhere_else() -> None:
    from badugi_ledger.cli import _unwrapped

    group = typer.main.get_command(app)
    readme = " ".join((REPO / "README.md").read_text(encoding="utf-8").split())
    sources = sorted((REPO / "badugi_ledger" / "cli").glob("*.py"))
    assert len(sources) >= 4
    for path in sources:
        source = path.read_text(encoding="utf-8")
        assert not re.search(r"app\.command\([^)]*help=", source, re.S), path
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        doc = inspect.getdoc(command.callback)
        assert doc, name
        assert command.help == _unwrapped(doc)
        first, *rest = command.help.split("\n\n")
        assert "\n" not in first and len(first) <= 100, name
        for paragraph in rest:
            assert paragraph not in readme, (name, paragraph)


def test_each_commands_help_says_its_exit_status() -> None:
    """A script calls a command and reads its status (README, *Exit status*: 0 all is well, 1
    bad data or a failed check, 2 bad usage); ``--help`` is what its writer reads first.
    ``check``, ``import``, ``parse``, ``show`` and ``convert`` said when they exit 1; the
    others (``standings``, ``settle``, ``void`` …) said nothing of it."""
    group = typer.main.get_command(app)
    silent = [
        name
        for name, command in group.commands.items()  # type: ignore[attr-defined]
        if "Exit status" not in (command.help or "")
    ]
    assert silent == [], silent


# --- 2. progress on a terminal, silence on a pipe ----------------------------------------------


def on_a_terminal(args: list[str], cwd: Path) -> tuple[int, str, str]:
    """Run the command with standard error on a pseudo-terminal: (status, stdout, terminal)."""
    leader, follower = pty.openpty()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "100"}
    with subprocess.Popen(
        [str(CLI), *args], stdout=subprocess.PIPE, stderr=follower, cwd=cwd, env=env
    ) as proc:
        os.close(follower)
        screen = b""
        while True:
            ready, _, _ = select.select([leader], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(leader, 65536)
                except OSError:  # the terminal closed with the process
                    chunk = b""
                if not chunk and proc.poll() is not None:
                    break
                screen += chunk
            elif proc.poll() is not None:
                break
        assert proc.stdout is not None
        out = proc.stdout.read().decode()
    os.close(leader)
    plain = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", screen.decode(errors="replace"))  # colours
    return proc.returncode, out, plain


@pytest.mark.parametrize("command", ["check", "import"])
def test_a_progress_bar_on_a_terminal_and_none_on_a_pipe(
    command: str, big_night: Path, tmp_path: Path
) -> None:
    extra = ["--db", str(tmp_path / "club.db")] if command == "import" else []
    code, out, screen = on_a_terminal([command, str(big_night), *extra], tmp_path)
    assert code == 0, out + screen
    assert "━" in screen and "/3000 hands" in screen and "hands/s" in screen
    assert "━" not in out  # the report itself stays clean
    piped = cli(command, big_night, *(["--db", str(tmp_path / "again.db")] if extra else []))
    assert piped.returncode == 0
    assert piped.stderr == ""
    assert "━" not in piped.stdout and "hands/s" not in piped.stdout
    assert piped.stdout.splitlines()[-1 if command == "check" else -2].startswith(
        f"{big_night}: 3000 hands" if command == "check" else "total: 3000 stored"
    )


def test_a_pipe_loads_no_progress_bar() -> None:
    """rich's progress bar is imported only by the function that draws it."""
    script = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('rich.progress' in sys.modules, file=sys.stderr))\n"
        f"sys.argv = ['badugi-ledger', 'check', {str(EXAMPLES / 'home_session.bhh')!r}]\n"
        "from badugi_ledger.cli import main\n"
        "main()\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0 and done.stderr.strip() == "False"


def test_run_check_tells_its_progress_in_one_process_and_in_workers(big_night: Path) -> None:
    from badugi_ledger.check import count_hands, run_check

    small = EXAMPLES / "home_session.bhh"
    for jobs in (1, 2):
        told: list[int] = []
        run = run_check([small, big_night], jobs=jobs, progress=told.append)
        list(run.lines())
        assert sum(told) == run.total().hands == count_hands(run.files)
        assert len(told) == (run.total().hands if jobs == 1 else 2)


def test_import_paths_tells_its_progress_in_one_process_and_with_workers(
    big_night: Path, tmp_path: Path
) -> None:
    from badugi_ledger.ledger.importing import import_paths
    from badugi_ledger.ledger.store import ledger_at

    for jobs in (1, 2):
        done: dict[str, int] = {}
        with ledger_at(tmp_path / f"club{jobs}.db") as ledger:
            report = import_paths(
                ledger,
                [EXAMPLES / "home_session.bhh", big_night],
                jobs=jobs,
                progress=done.__setitem__,
                progress_every=1,
            )
        assert report.ok and sum(done.values()) == report.stored == 3004


# --- 3. summaries -----------------------------------------------------------------------------


def test_files_of_other_games_only_are_summed_up_once(corpus_dir: Path, tmp_path: Path) -> None:
    checked = cli("check", corpus_dir, "--jobs", "1")
    lines = checked.stdout.splitlines()
    assert not any(" 0 hands: 0 ok" in line for line in lines)
    (summary,) = [line for line in lines if "held only other games" in line]
    found = re.fullmatch(r"(\d+) files held only other games: (\d+) hands skipped", summary)
    assert found and int(found[1]) > 10
    assert lines[-1].startswith("total (") and lines[-1].endswith("hands of other games skipped")
    db = tmp_path / "club.db"
    imported = cli("import", corpus_dir, "--db", db)
    lines = imported.stdout.splitlines()
    assert not any(": 0 stored, 0 duplicate, 0 rejected" in line for line in lines)
    assert summary in lines  # the same files, the same count, as check found
    assert lines[-2].startswith("total: ") and lines[-1] == f"ledger: {db}"
    report = json.loads(cli("import", corpus_dir, "--db", db, "--json").stdout)
    assert report["skipped"] == sum(f["skipped"] for f in report["files"]) > int(found[2]) - 1


# --- 4. new -----------------------------------------------------------------------------------


def test_new_writes_a_night_file_that_check_passes_once_a_hand_is_played(tmp_path: Path) -> None:
    night = tmp_path / "friday.bhh"
    done = cli("new", night, "--players", "Anna,Ben,Cara", "--event", "Friday game",
               "--date", "2024-03-01", "--stakes", "2/4", "--stacks", "100")  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = night.read_text(encoding="utf-8")
    assert text.startswith("game badugi · fixed limit 2/4 · blinds 1/2\n")
    assert "cash Friday game · date 2024-03-01" in text
    assert "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100" in text
    assert sum(1 for line in text.splitlines() if line.startswith("#   ")) >= 5
    with open(night, "a", encoding="utf-8") as out:
        out.write(PLAYED)
    checked = cli("check", night)
    assert checked.returncode == 0, checked.stdout
    assert "1 hand: 1 ok" in checked.stdout


def test_new_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    night = tmp_path / "night.bhh"
    night.write_text("# my notes\n", encoding="utf-8")
    done = cli("new", night, "--players", "Anna,Ben")
    assert done.returncode == 1 and "exists already (--force overwrites it)" in done.stderr
    assert night.read_text(encoding="utf-8") == "# my notes\n"
    assert cli("new", night, "--players", "Anna,Ben", "--force").returncode == 0
    assert "button Anna" in night.read_text(encoding="utf-8")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.bhh"]


def test_new_quotes_odd_names_as_the_writer_does(tmp_path: Path) -> None:
    night = tmp_path / "odd.bhh"
    done = cli("new", night, "--players", 'Anna Maria,draw,O"Neil', "--game", "progressive badugi")
    assert done.returncode == 0, done.stderr
    text = night.read_text(encoding="utf-8")
    assert 'hand 1 · button "Anna Maria" · "Anna Maria" 100 · "draw" 100 · "O\\"Neil" 100' in text
    parsed = cli("parse", night, "--json")
    hand = json.loads(parsed.stdout)
    assert [s["name"] for s in hand["seats"]] == ["Anna Maria", "draw", 'O"Neil']


def test_new_refuses_bad_values_as_bad_usage(tmp_path: Path) -> None:
    for args in (["--players", "Anna"], ["--players", "A,B", "--stakes", "x"],
                 ["--players", "A,B", "--date", "tomorrow"]):  # fmt: skip
        done = cli("new", tmp_path / "x.bhh", *args)
        assert done.returncode == 2 and done.stderr.startswith("Usage: "), done.stderr
    assert not list(tmp_path.iterdir())


# --- 5. showdown ------------------------------------------------------------------------------


def test_showdown_takes_the_progressive_qualifier_options() -> None:
    """002 3.1: a badugi no higher than the qualifier; T-4-3-2 qualifies only under 10."""
    hands = ["A: Th 4c 3d 2s", "B: Kh 8s 4d 2c"]
    plain = runner.invoke(app, ["showdown", "--game", "progressive badugi", "--pot", "30",
                                "--json", *hands])  # fmt: skip
    assert plain.exit_code == 0 and json.loads(plain.stdout)["payouts"] == {"A": 0, "B": 0}
    ten = runner.invoke(app, ["showdown", "--game", "progressive-badugi", "--pot", "30",
                              "--qualifier", "10", "--json", *hands])  # fmt: skip
    assert ten.exit_code == 0 and json.loads(ten.stdout)["payouts"] == {"A": 30, "B": 0}
    pair = ["A: 9h 4c 3d 3s", "B: Kh Qh 4d 2c"]  # 002 3.2(b): 9-4-3 with a pair
    args = ["showdown", "--game", "progressive badugi", "--pot", "30", "--json", *pair]
    assert json.loads(runner.invoke(app, args).stdout)["payouts"]["A"] == 0
    allowed = runner.invoke(app, [*args, "--qualifier-pair-ok"])
    assert json.loads(allowed.stdout)["payouts"] == {"A": 30, "B": 0}


# --- 6. broken pipes, Ctrl-C, no half-written files ---------------------------------------------


@pytest.mark.parametrize(
    "command",
    [
        ["convert", "{big}", "--to", "text"],
        ["check", "{big}", "--json", "--jobs", "1"],
        # written "to a file" that is the pipe: "Error: cannot write '/dev/stdout'", status 1
        ["simulate", "--hands", "3000", "--out", "/dev/stdout"],
    ],
)
def test_a_closed_pipe_ends_quietly_with_141(command: list[str], big_night: Path) -> None:
    line = " ".join(f"'{a.format(big=big_night)}'" for a in command)
    done = subprocess.run(
        ["bash", "-c", f"'{CLI}' {line} 2>err.txt | head -1; echo ${{PIPESTATUS[0]}}; cat err.txt"],
        capture_output=True,
        text=True,
        cwd=big_night.parent,
        timeout=300,
    )
    first, status, *errors = done.stdout.splitlines()
    assert first and status == "141" and errors == []


def wait_for(condition: object, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def stored_hands(db: Path) -> int:
    if not db.exists():
        return 0
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=30) as con:
        try:
            return int(con.execute("SELECT count(*) FROM hands").fetchone()[0])
        except sqlite3.OperationalError:  # the schema is still being made
            return 0


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_during_an_import_exits_130_and_rolls_the_file_back(
    jobs: str, big_night: Path, tmp_path: Path
) -> None:
    db = tmp_path / "club.db"
    first = EXAMPLES / "home_session.bhh"
    before = runner.invoke(app, ["check", str(first), "--json"]).stdout.count("\n")
    with subprocess.Popen(
        [str(CLI), "import", str(first), str(big_night), "--db", str(db), "--jobs", jobs],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        wait_for(lambda: stored_hands(db) > 0 or proc.poll() is not None)
        time.sleep(0.5)  # well into the big file
        assert proc.poll() is None, "the import ended before it could be interrupted"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and out == ""
    assert stored_hands(db) == before  # the first file stays, the big one rolled back
    # ... and the user is told so, and how to finish
    assert (
        f"interrupted while importing {big_night}: that file was rolled back; the 1 file "
        f"before it stays as imported ({before} hands stored); import the same files again"
    ) in " ".join(err.split())
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


@pytest.mark.parametrize(("sent", "status"), [(signal.SIGTERM, 143), (signal.SIGHUP, 129)])
def test_sigterm_during_an_import_cleans_up_and_exits_143(
    big_night: Path, tmp_path: Path, sent: signal.Signals, status: int
) -> None:
    """``kill`` (SIGTERM) ended the process at once: an import on two cores left its staged
    files (pickles of replayed hands, a megabyte a file) in the temporary folder.  It ends
    the command as Ctrl-C does, through its clean-ups, and says what Ctrl-C says (it said
    nothing).  So does the terminal closing (SIGHUP), which ended it at once too."""
    staging = tmp_path / "tmp"
    staging.mkdir()
    second = tmp_path / "second.bhh"
    second.write_bytes(big_night.read_bytes().replace(b"Simulation", b"Second"))
    db = tmp_path / "club.db"
    with subprocess.Popen(
        [str(CLI), "import", str(big_night), str(second), "--db", str(db), "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(staging)},
    ) as proc:
        # (the import's own staging folder, not the file Python's tempfile writes and removes
        # at once to find a writable folder: a signal between the two leaves it, not ours)
        wait_for(lambda: any(staging.glob(f"{STAGING_PREFIX}*")) or proc.poll() is not None)
        assert proc.poll() is None, "the import ended before it could be stopped"
        proc.send_signal(sent)
        _, err = proc.communicate(timeout=120)
    assert proc.returncode == status and "Traceback" not in err, err
    assert "interrupted while importing " in err and "import the same files again" in err, err
    assert list(staging.iterdir()) == []
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_ctrl_c_leaves_no_half_written_file(tmp_path: Path) -> None:
    out = tmp_path / "many.bhh"
    with subprocess.Popen(
        [str(CLI), "simulate", "--hands", "1000000", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        wait_for(lambda: any(tmp_path.iterdir()) or proc.poll() is not None)
        time.sleep(0.5)
        assert proc.poll() is None
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # neither the file nor its temporary part


def test_a_command_started_ignoring_sighup_goes_on_when_it_comes(
    big_night: Path, tmp_path: Path
) -> None:
    """``nohup badugi-ledger import …``: the terminal closing (SIGHUP) must not end it.  The
    command's own SIGHUP handler replaced the ignoring ``nohup`` set, and the import ended."""
    db = tmp_path / "club.db"

    def ignore_hangups() -> None:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    with subprocess.Popen(
        [str(CLI), "import", str(big_night), "--db", str(db), "--jobs", "1"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ignore_hangups,  # noqa: PLW1509 - as nohup starts it
    ) as proc:
        wait_for(lambda: db.exists() or proc.poll() is not None)
        proc.send_signal(signal.SIGHUP)
        out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err
    assert "3000 stored" in out


@pytest.mark.parametrize(
    ("sent", "status"),
    [
        ((signal.SIGTERM,), 143),
        ((signal.SIGHUP,), 129),
        ((signal.SIGINT,), 130),
        ((signal.SIGINT, signal.SIGINT), 130),
    ],
    ids=["sigterm", "sighup", "ctrl-c", "ctrl-c-twice"],
)
def test_serve_ends_on_sigterm_sighup_and_ctrl_c_with_their_status(
    tmp_path: Path, sent: tuple[signal.Signals, ...], status: int
) -> None:
    """The web server answers SIGTERM itself and raises it again once stopped: the command's
    Ctrl-C-like answer was taken for Ctrl-C (exit 0), and SIGHUP, which the server does not
    answer, came in the middle of a request as its error (a traceback, the server going on).
    Ctrl-C, which the server answers and raises again too, ended it with 0, not 130.  Ctrl-C
    twice, the second while the server stops, stops it at once (the server's own answer): the
    start-up and shutdown protocol, which the app does not use, was cancelled half-way and
    printed its traceback."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = tmp_path / "club.db"
    with subprocess.Popen(
        [str(CLI), "serve", "--db", str(db), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:

        def listening() -> bool:
            if proc.poll() is not None:
                return True
            with socket.socket() as client:
                return client.connect_ex(("127.0.0.1", port)) == 0

        wait_for(listening, 60)
        first, *again = sent
        proc.send_signal(first)
        for signum in again:
            time.sleep(0.05)
            if proc.poll() is None:
                proc.send_signal(signum)
        _, err = proc.communicate(timeout=60)
    assert -proc.returncode == first or proc.returncode == status, (proc.returncode, err)
    assert "Traceback" not in err and "Error" not in err, err


@pytest.mark.parametrize(
    ("args", "option", "said"),
    [
        (["void", "--event", "1", "--table", "T", "--reason", "x"], "--table", "give --hand too"),
        (["unvoid", "--event", "1", "--table", "T", "--reason", "x"], "--table", "give --hand too"),
        (["import", "a.bhh", "b.bhh", "--renamed-from", "old.bhh"], "--renamed-from", "2 files"),
        (["players", "merge", "Ben"], "NAMES", "the name to keep and at least one"),
        (["players", "merge", "Ben", "Ben"], "NAMES", "cannot be merged into itself"),
        (["players", "list", "Ben"], "NAMES", "list takes no names"),
        (["players", "unmerge", "Ben", "Cara"], "NAMES", "exactly one name"),
    ],
)
def test_options_that_do_not_go_together_are_usage_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], option: str, said: str
) -> None:
    """README's exit statuses: 2 for options that do not go together (these exited 1, as a
    failure of the work would; ``settle --event E --season S`` already exited 2), said before
    any ledger is opened or made (the files named are there: the usage is what is wrong)."""
    monkeypatch.chdir(tmp_path)
    for name in ("a.bhh", "b.bhh"):
        (tmp_path / name).write_text("", encoding="utf-8")
    db = tmp_path / "none.db"
    result = runner.invoke(app, [*args, "--db", str(db)])
    assert result.exit_code == 2, result.output
    assert f"Invalid value for {option}:" in words(result.stderr) and said in words(result.stderr)
    assert not db.exists()


def test_ctrl_c_while_the_command_line_loads_ends_the_command_as_ctrl_c_does() -> None:
    """Ctrl-C in the first tenths of a second of a command, while typer and the commands load,
    printed Python's traceback of the console script's own import.  The installed entry point
    (pyproject's ``[project.scripts]``) loads the command line inside its own ``try``: the
    command ends with Ctrl-C's status and no traceback.  The Ctrl-C is made to land there by
    an import hook that raises it when typer is imported."""
    code = (
        "import sys\n"
        "from importlib.metadata import entry_points\n"
        "class CtrlC:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'typer':\n"
        "            raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, CtrlC())\n"
        "(script,) = entry_points(group='console_scripts', name='badugi-ledger')\n"
        "sys.argv = ['badugi-ledger', '--help']\n"
        "script.load()()\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 130, done.stderr
    assert "Traceback" not in done.stderr, done.stderr
