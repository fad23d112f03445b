"""The ``badugi-ledger`` command line: each command parses options, calls one library
function and renders its result.  No rules and no SQL live here.  Heavy libraries (pandas,
rich's progress bar) are imported inside the commands that need them so ``--help`` starts fast.

Every command keeps the same habits: its docstring is its help; every option with a fixed set
of values is a choice typed by the library's own ``Literal`` (``--help`` lists the values, a
wrong one is a usage error); exit status 0 when all is well, 1 on bad data or a failed check,
2 on bad usage, 130 on Ctrl-C, 141 when the reader of the output went away (``| head``);
files are written through a temporary file renamed into place, so an interrupted or failed
command leaves no half-written file.

Why one module of this size: every command is a thin typer function (its arguments, one library
call, the rendering), and typer builds ``--help`` from the one app; the command list reads best
in one place.

Start-up: typer reads every command's signature and annotations at each start, whichever
command runs.  So this module does not use ``from __future__ import annotations``: its
annotations are objects made once at import, where strings would be compiled and evaluated
again, twice, for every parameter of every command (some 500 compiles at every start).  And it
imports no module a one-file ``check`` does not need.
"""

import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any, Literal, NoReturn, Protocol

import typer
from typer.core import TyperGroup

from .ledger.location import DEFAULT_DB, LEDGER_ENV
from .model.errors import BadugiError
from .model.games import GameSpelling
from .model.limits import MAX_AMOUNT
from .model.settings import OddChipHalf, OddChipRule, QualifierRank, StructureKind

# Choices whose owners (convert, sources, simulate, ledger.players, ledger.prizes,
# reports.export, reports.standings) load the replay, the ledger store or the reports, too much
# for every start; tests/test_cli_habits.py holds each equal to its owner.
ConvertTarget = Literal["phh", "text"]
"""``convert.Target``."""
HistoryFormat = Literal["text", "pokerstars", "fulltilt", "merge", "kingsclub", "phh", "winamax"]
"""``sources.FORMATS``."""
PlayersAction = Literal["list", "merge", "unmerge"]
"""``ledger.players.PlayersAction``."""
CardsShown = Literal["all", "showdown"]
"""``simulate.sessions.CardsShown``."""
ChopMethod = Literal["even", "chip-count"]
"""``ledger.prizes.ChopMethod``."""
PointsFormula = Literal["linear", "table", "sqrt"]
"""``ledger.prizes.PointsFormula``."""
ExportTable = Literal["hands", "postings", "standings", "sessions"]
"""``reports.export.Table``."""
ExportFormat = Literal["csv", "json", "parquet"]
"""``reports.export.ExportFormat``."""
StandingsKind = Literal["auto", "tournament", "cash"]
"""``reports.standings.Kind``."""
StandingsFormat = Literal["table", "csv", "json", "markdown", "html"]
"""``reports.standings.Format``."""

EXIT_INTERRUPTED = 128 + signal.SIGINT
"""Ctrl-C: the shell's status for a process ended by SIGINT (130)."""
EXIT_BROKEN_PIPE = 128 + signal.SIGPIPE
"""The reader of the output went away (``| head``): the status of a process ended by SIGPIPE."""


class _Commands(TyperGroup):
    """The command group: a library error raised by any command (a ``BadugiError``, or SQLite's
    own error from a ledger that cannot be written: read-only, full, locked) becomes one
    ``Error: …`` line on stderr and exit status 1, here once rather than in every command;
    Ctrl-C and a closed output pipe end the command quietly with the shell's usual status.
    Each command's help is its docstring, its paragraphs rewrapped to the terminal's width."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for command in self.commands.values():
            if command.help:
                command.help = _unwrapped(command.help)

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BadugiError as exc:
            fail(str(exc))
        except KeyboardInterrupt:
            raise typer.Exit(EXIT_INTERRUPTED) from None
        except BrokenPipeError:
            _quiet_stdout()
            raise typer.Exit(EXIT_BROKEN_PIPE) from None
        except Exception as exc:
            sqlite3 = sys.modules.get("sqlite3")  # only a command that opened a ledger raises one
            if sqlite3 is None or not isinstance(exc, sqlite3.Error):
                raise
            from .ledger.store import explain_sqlite_error

            fail(explain_sqlite_error(exc))


def _unwrapped(docstring: str) -> str:
    """A docstring's paragraphs each on one line (typer's rich help keeps line breaks)."""
    import inspect

    paragraphs = inspect.cleandoc(docstring).split("\n\n")
    return "\n\n".join(" ".join(line.strip() for line in p.splitlines()) for p in paragraphs)


def _quiet_stdout() -> None:
    """Point standard output at the null device, so the interpreter's last flush of what is
    still buffered cannot fail on the closed pipe (and print a traceback) at exit."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # pragma: no cover - stdout already closed or not a file
        pass
    finally:
        os.close(devnull)


app = typer.Typer(
    cls=_Commands,
    name="badugi-ledger",
    help="Record, check, pay out and keep a chip ledger of Badugi-family poker hands.",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import version

        typer.echo(f"badugi-ledger {version('badugi-ledger')}")
        raise typer.Exit(0)


@app.callback()
def _options(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the version (from the installed package) and exit.",
            is_eager=True,
            callback=_print_version,
        ),
    ] = False,
) -> None:
    """Record, check, pay out and keep a chip ledger of Badugi-family poker hands."""


def fail(message: str) -> NoReturn:
    """Print one ``Error: …`` line on stderr and exit 1 (made safe for a terminal: it may
    quote a line of a hand file)."""
    typer.echo(screen(f"Error: {message}"), err=True)
    raise typer.Exit(1)


def usage(message: str, option: str | None = None) -> NoReturn:
    """A usage error (exit status 2): typer prints the usage line, the option and ``message``."""
    raise typer.BadParameter(screen(message), param_hint=option)


@contextmanager
def output_file(
    path: Path | str, *, overwrite: bool = True, binary: bool = False
) -> Iterator[IO[Any]]:
    """Write ``path`` through a temporary file beside it, renamed into place only when the
    block ends without an exception: Ctrl-C, a full disk or an error leave no half-written file
    (and an existing one as it was).  ``overwrite=False`` refuses an existing ``path`` (exit 1)."""
    import tempfile

    target = Path(path)
    try:
        fd, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".part", dir=target.parent or "."
        )
    except OSError as exc:
        fail(f"cannot write {str(target)!r}: {exc.strerror or exc}")
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temporary, 0o666 & ~mask)
        encoding, newline = (None, None) if binary else ("utf-8", "\n")
        with os.fdopen(fd, "wb" if binary else "w", encoding=encoding, newline=newline) as handle:
            yield handle
        if overwrite:
            os.replace(temporary, target)
        elif target.exists():
            fail(f"{str(target)!r} exists already (--force overwrites it)")
        else:
            try:
                os.link(temporary, target)  # refuses a file that appeared meanwhile
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links
                os.replace(temporary, target)
            else:
                os.unlink(temporary)
    except OSError as exc:
        with suppress(OSError):
            os.unlink(temporary)
        if isinstance(exc, FileExistsError):
            fail(f"{str(target)!r} exists already (--force overwrites it)")
        fail(f"cannot write {str(target)!r}: {exc.strerror or exc}")
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise


def draws_progress() -> bool:
    """Whether to draw a progress bar: only when standard error is a terminal that can show it
    (on a pipe or in a log, commands print their summary and nothing else)."""
    try:
        return sys.stderr.isatty() and os.environ.get("TERM", "") != "dumb"
    except ValueError:  # pragma: no cover - stderr closed
        return False


@contextmanager
def progress_bar(what: str, total: int | None) -> Iterator[Callable[[int], None] | None]:
    """On a terminal, a progress bar on standard error (hands done, the total when known, the
    rate and the time left), gone when the block ends; yields the function that advances it
    by a number of hands.  Elsewhere it yields None and draws nothing."""
    if not draws_progress():
        yield None
        return
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        Task,
        TextColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class HandRate(ProgressColumn):
        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            return Text(f"{speed:,.0f} hands/s" if speed else "", style="progress.data.speed")

    bar = Progress(
        TextColumn(what),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("hands"),
        HandRate(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
        redirect_stdout=sys.stdout.isatty(),  # the report goes above the bar, or to its file
        redirect_stderr=False,
    )
    task = bar.add_task(what, total=total)
    with bar:
        yield lambda hands: bar.advance(task, hands)


def screen(text: str) -> str:
    """``text`` with each line's control characters written visibly (names come from files)."""
    from .model.escaping import for_terminal

    return "\n".join(for_terminal(line) for line in text.split("\n"))


class Rendered(Protocol):
    """A library result the CLI can print: as people read it, or as one JSON object."""

    def as_dict(self) -> Mapping[str, Any]: ...

    def text_lines(self) -> Iterable[str]: ...


def render(result: Rendered, as_json: bool) -> None:
    """Print ``result`` as indented JSON or line by line."""
    if as_json:
        import json

        typer.echo(json.dumps(result.as_dict(), ensure_ascii=False, indent=2))
    else:
        for line in result.text_lines():
            typer.echo(screen(line))


MAX_WAIT = 7 * 24 * 3600
"""The longest ``--wait`` (a week, in seconds)."""
MAX_JOBS = 1024
"""The most worker processes ``--jobs`` asks for."""


# --- showdown -------------------------------------------------------------------------------


@app.command()
def showdown(
    hands: Annotated[
        list[str],
        typer.Argument(
            help='Each player as "NAME: CARDS" (e.g. "Noor: 8h 4h 3s 2c Ad"), in seat order '
            "starting left of the button; that order decides odd chips.",
            show_default=False,
        ),
    ],
    game: Annotated[
        GameSpelling, typer.Option(help="The game, as a hand file names it.")
    ] = "badugi",
    pot: Annotated[
        int,
        typer.Option(
            min=0,
            max=MAX_AMOUNT,
            help="Chips in the pot to divide. 0 (the default) only ranks the hands.",
        ),
    ] = 0,
    qualifier: Annotated[
        QualifierRank,
        typer.Option(
            help="Progressive Badugi: the highest card of a qualifying badugi (002 3.1), "
            "as the qualifier header writes it."
        ),
    ] = "9",
    qualifier_pair_ok: Annotated[
        bool,
        typer.Option(
            "--qualifier-pair-ok",
            help="Progressive Badugi: a four-card holding with one pair may qualify as a "
            "three-card hand (002 3.2(b)).",
        ),
    ] = False,
    odd_chip: Annotated[
        OddChipRule, typer.Option(help="Who gets a chip that does not divide among tied winners.")
    ] = "button-left",
    odd_chip_half: Annotated[
        OddChipHalf, typer.Option(help="Badacey and Badeucey: the half that gets an odd pot chip.")
    ] = "badugi",
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print one JSON object (payouts, hands, halves)."),
    ] = False,
) -> None:
    """Settle a table dispute: rank the shown hands and divide a pot.

    Four cards each in Badugi and Progressive Badugi, five in Badacey and Badeucey. The house
    rules a hand file would set in its header (qualifier, odd chip) are options here.
    """
    from .hands.dispute import run_showdown
    from .model.games import game_named
    from .model.settings import QUALIFIER_RANKS, HouseRules

    house = HouseRules(
        odd_chip=odd_chip,
        odd_chip_half=odd_chip_half,
        qualifier_max=QUALIFIER_RANKS[qualifier],
        qualifier_pair_ok=qualifier_pair_ok,
    )
    result = run_showdown(game_named(game), hands, pot, house)
    render(result, as_json)


# --- end showdown --------------------------------------------------------------------------

# --- parse ----------------------------------------------------------------------------------


@app.command("parse")
def parse_command(
    files: Annotated[
        list[Path],
        typer.Argument(help="Hand-history files (.bhh) or folders of them.", show_default=False),
    ],
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print JSON Lines: one object per hand with its settings, seats and events.",
        ),
    ] = False,
) -> None:
    """Read hand histories and print their events.

    Exit status 1 after listing every hand that does not parse.
    """
    import json

    from .text.parse import parse_paths
    from .text.writer import describe_record, record_to_dict

    errors = 0
    for item in parse_paths(files):
        if isinstance(item, BadugiError):
            errors += 1
            typer.echo(screen(str(item)), err=True)
        elif as_json:
            typer.echo(json.dumps(record_to_dict(item), ensure_ascii=False))
        else:
            typer.echo(screen(describe_record(item)))
    if errors:
        fail(f"{errors} error(s): the hands above could not be read")


# --- end parse -----------------------------------------------------------------------------

# --- new ------------------------------------------------------------------------------------


@app.command("new")
def new_command(
    file: Annotated[
        Path, typer.Argument(help="The night file to write (.bhh).", show_default=False)
    ],
    players: Annotated[
        str,
        typer.Option(
            "--players",
            help="The players clockwise, separated by commas, the first on the button: "
            '"Anna,Ben,Cara".',
            show_default=False,
        ),
    ],
    game: Annotated[GameSpelling, typer.Option(help="The game.")] = "badugi",
    structure: Annotated[
        StructureKind, typer.Option(help="The betting structure.")
    ] = "fixed-limit",
    stakes: Annotated[
        str,
        typer.Option(
            help="Fixed limit: the bets, S/B (blinds: half of S, and S). Spread limit: MIN-MAX. "
            "Pot, half-pot and no limit: the blinds, SB/BB."
        ),
    ] = "2/4",
    stacks: Annotated[
        int, typer.Option(min=1, max=MAX_AMOUNT, help="Every player's chips at the start.")
    ] = 100,
    event: Annotated[
        str | None, typer.Option(help='The cash game\'s name, e.g. "Friday game".')
    ] = None,
    date: Annotated[
        str | None, typer.Option(help="The day, YYYY-MM-DD (default: today).", show_default=False)
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite FILE if it exists.")] = False,
) -> None:
    """Write a ready-to-fill night file: headers, the first hand's seats and button.

    A comment block below shows the lines a hand is written with (a deal, the betting, a draw,
    a show, a collection, the next hand), played by the night's own players. Names that need
    quotes get them. An existing FILE is kept unless --force.
    """
    import datetime

    from .text.night import night_text

    names = [name.strip() for name in players.split(",") if name.strip()]
    try:
        text = night_text(
            names,
            game=game,
            structure=structure,
            stakes=stakes,
            stacks=stacks,
            event=event,
            date=date if date is not None else datetime.date.today(),
        )
    except BadugiError as exc:
        usage(exc.message)
    with output_file(file, overwrite=force) as handle:
        handle.write(text)
    typer.echo(
        f"wrote {screen(str(file))} ({len(names)} players, {game}): write the first hand "
        f"under its hand line, then: badugi-ledger check {screen(str(file))}",
        err=True,
    )


# --- end new -------------------------------------------------------------------------------

# --- check ----------------------------------------------------------------------------------


@app.command("check")
def check_command(
    paths: Annotated[
        list[str],
        typer.Argument(
            help="Hand-history files or folders (folders are searched recursively).",
            show_default=False,
        ),
    ],
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print JSON Lines: one object per hand."),
    ] = False,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=0,
            max=MAX_JOBS,
            help="Processes that check files side by side (0: every core). The report is "
            "the same; --json always streams from one process.",
        ),
    ] = 0,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Count warnings (what the replay had to assume: a draw not written down, "
            "a payout taken on the record, stacks unknown after a bad hand) as errors.",
        ),
    ] = False,
) -> None:
    """Replay every hand and report broken rules, wrong payouts and what it had to assume.

    One summary line per file, files that held only other games summed up in one line, and
    the totals. Warnings say what the replay had to assume (a draw not written down, a payout
    taken on the record, stacks unknown after a bad hand). Exit status 0 only if all is well
    (with --strict: and nothing was assumed), else 1. On a terminal a progress bar shows the
    hands done.
    """
    from .check import count_hands, run_check

    _keep_startup_objects()
    run = run_check(paths, jobs=jobs, strict=strict)
    with progress_bar("checking", count_hands(run.files) if draws_progress() else None) as tick:
        run.progress = tick
        for line in run.lines(as_json=as_json):
            typer.echo(line if as_json else screen(line))
    raise typer.Exit(0 if run.all_ok else 1)


def _keep_startup_objects() -> None:
    """Move every object made so far (modules, classes, the command tree: all of them live
    until the process ends) out of the garbage collector's sight (``gc.freeze``).  A full
    collection during the run would otherwise walk them all once more: about 7% of a one-file
    ``check``'s instructions.  Forked workers (``--jobs``) then share those pages untouched.
    Done by the command, not the library: a program that calls ``run_check`` keeps its
    collector as it is."""
    import gc

    gc.freeze()


# --- end check -----------------------------------------------------------------------------

# --- ledger: import, standings, settle, export, report ---------------------------------------

if TYPE_CHECKING:
    from .reports.standings import StandingsOptions

DbOption = Annotated[
    Path,
    typer.Option(
        "--db",
        envvar=LEDGER_ENV,
        help=f"The SQLite ledger file (default: ${LEDGER_ENV}, else {DEFAULT_DB}).",
        show_default=True,
    ),
]
LEDGER = Path(DEFAULT_DB)
"""The ``--db`` default every command shares."""
SeasonOption = Annotated[
    str | None, typer.Option(help="Only this season (as the hand files name it); default: all.")
]
PointsOption = Annotated[
    PointsFormula,
    typer.Option(
        "--points",
        help="Tournament points per entry. linear: n-k+1 (n entrants, place k). "
        "table: fixed points per place, see --points-table. "
        "sqrt: 10*sqrt(n)/sqrt(k)*(1+ln(b+0.25)), b = buy-in in currency units, natural log "
        "(refused for freerolls). A shared place gets the average of the places it covers.",
    ),
]
PointsTableOption = Annotated[
    str | None,
    typer.Option("--points-table", help="Points per place for --points table, e.g. 10,7,5,3,1."),
]
BestOption = Annotated[
    int | None,
    typer.Option(
        "--best", min=1, max=MAX_AMOUNT, help="Count only each player's N best tournaments."
    ),
]
MinEventsOption = Annotated[
    int,
    typer.Option(
        "--min-events",
        min=0,
        max=MAX_AMOUNT,
        help="Tournaments a player needs to be ranked; others are listed below without a rank.",
    ),
]
KindOption = Annotated[
    StandingsKind,
    typer.Option(
        "--kind",
        help="tournament: points table; cash: net result over cash sessions; "
        "auto: both when the selection has both (csv and json: tournament if any, else cash).",
    ),
]


EventOption = Annotated[
    str | None,
    typer.Option(
        "--event",
        help="The event as `badugi-ledger events` lists it: its name, key or id "
        "(default: the latest event with hands).",
    ),
]


def _standings_options(
    season: str | None,
    kind: StandingsKind,
    points: PointsFormula,
    points_table: str | None,
    best: int | None,
    min_events: int,
) -> "StandingsOptions":
    """The standings options, checked before the ledger is opened (a bad one: exit 2)."""
    from .reports.standings import StandingsOptions, parse_points_table

    try:
        table = parse_points_table(points_table) if points_table else ()
        return StandingsOptions(season, kind, points, table, best, min_events)
    except BadugiError as exc:
        usage(exc.message, "--points-table" if points_table or points == "table" else None)


@app.command("import")
def import_(
    paths: Annotated[
        list[Path],
        typer.Argument(help="Hand files, or folders to import every hand file in (recursively)."),
    ],
    db: DbOption = LEDGER,
    strict: Annotated[
        bool, typer.Option("--strict", help="Refuse a whole file when any hand in it is bad.")
    ] = False,
    replace: Annotated[
        bool,
        typer.Option(
            "--replace",
            help="Store a hand the ledger holds with other content over the stored version "
            "(carried stacks, tournament places and prizes follow; the audit keeps it).",
        ),
    ] = False,
    fmt: Annotated[
        HistoryFormat | None,
        typer.Option("--from", help="Read the files as this format (default: detect)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
    wait: Annotated[
        float,
        typer.Option(
            "--wait",
            min=0,
            max=MAX_WAIT,
            help="Seconds to wait for another import into the same ledger to finish its file.",
        ),
    ] = 600.0,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=0,
            max=MAX_JOBS,
            help="Processes that read and replay files side by side (0: every core); one "
            "writer stores the files in the order given, so the ledger is the same.",
        ),
    ] = 0,
    renamed_from: Annotated[
        Path | None,
        typer.Option(
            "--renamed-from",
            help="The path this one file was imported as before it was renamed: the hands that "
            "path brought in and this file no longer holds are left out (conflicts; voided with "
            "--replace), never counted beside it.",
        ),
    ] = None,
) -> None:
    """Replay every hand and store the valid ones in the ledger, one transaction per file.

    A hand is named by its event, table and hand number. One the ledger holds with the same
    content is a duplicate and changes nothing; with other content it is a conflict, not
    stored, and the report says what differs (--replace stores it instead, and the audit keeps
    the change). Hands that break a rule are rejected with their line and reason. The report
    ends with the totals and the ledger written. Exit status 1 when any hand was rejected or in
    conflict, or any file could not be imported. Ctrl-C stops at once: the file being stored
    is rolled back, the files before it stay stored. On a terminal a progress bar shows the
    hands done.
    """
    from .check import count_hands
    from .ledger.importing import import_paths, import_wait_ms
    from .ledger.store import ledger_at
    from .sources import history_files

    total = count_hands(history_files(paths)) if draws_progress() else None
    with (
        ledger_at(db, busy_timeout_ms=import_wait_ms(wait)) as ledger,
        progress_bar("importing", total) as tick,
    ):
        report = import_paths(
            ledger,
            paths,
            strict=strict,
            replace=replace,
            fmt=fmt,
            progress=None if tick is None else _per_file(tick),
            progress_every=1,
            jobs=jobs,
            renamed_from=renamed_from,
        )
    if str(db) != ":memory:":
        report.ledger = str(db)
    render(report, as_json)
    if not report.ok:
        raise typer.Exit(1)


def _per_file(tick: Callable[[int], None]) -> Callable[[str, int], None]:
    """The import's progress (hands read so far in a file) as the bar's steps."""
    done: dict[str, int] = {}

    def told(source: str, hands: int) -> None:
        tick(hands - done.get(source, 0))
        done[source] = hands

    return told


@app.command("standings")
def standings_cmd(
    db: DbOption = LEDGER,
    season: SeasonOption = None,
    fmt: Annotated[StandingsFormat, typer.Option("--format", help="The output format.")] = "table",
    kind: KindOption = "auto",
    points: PointsOption = "linear",
    points_table: PointsTableOption = None,
    best: BestOption = None,
    min_events: MinEventsOption = 0,
) -> None:
    """Season standings: tournament points or cash net results.

    Tournament ties are broken by wins, then best finish, then events played (more is better);
    players equal on all of these share the rank. Cash standings rank by net result, then
    sessions played. Units are never added: a player has one row per unit (chips, USD,
    EUR...), each unit ranked on its own; money shows as 12.34 USD.
    """
    from .ledger.store import ledger_at
    from .reports.standings import standings_text

    options = _standings_options(season, kind, points, points_table, best, min_events)
    with ledger_at(db, create=False) as ledger:
        text = standings_text(ledger, options, fmt)
    typer.echo(text, nl=False)


@app.command("settle")
def settle_cmd(
    event: EventOption = None,
    season: Annotated[
        str | None, typer.Option("--season", help="Settle every event of this season.")
    ] = None,
    db: DbOption = LEDGER,
    as_json: Annotated[bool, typer.Option("--json", help="Print the settlement as JSON.")] = False,
) -> None:
    """Who pays whom after an event or a whole season, with the fewest transfers.

    The totals net to zero. Without --event or --season, the latest event with hands (it
    says which). A season settles each unit (chips, each currency) on its own. Exact minimum
    (n minus the most zero-sum groups, by subset DP) up to 16 open balances after pairing
    exact opposites; beyond that a greedy settlement with at most n-1 transfers.
    """
    from .ledger.store import ledger_at
    from .reports.settle import Settlement, settle_choice, settlement

    try:
        settle_choice(event, season)
    except BadugiError as exc:
        usage(exc.message, "--event / --season")
    with ledger_at(db, create=False) as ledger:
        result = settlement(ledger, event, season=season)
    if event is None and season is None and isinstance(result, Settlement):
        typer.echo(
            f"the latest event: {screen(result.event)} (another: --event, see "
            "badugi-ledger events)",
            err=True,
        )
    render(result, as_json)


@app.command("export")
def export_cmd(
    table: Annotated[ExportTable, typer.Option("--table", help="What to export.")],
    fmt: Annotated[
        ExportFormat, typer.Option("--format", help="The file format (parquet needs pyarrow).")
    ],
    db: DbOption = LEDGER,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write to this file (default: standard output).")
    ] = None,
    season: SeasonOption = None,
    kind: KindOption = "auto",
    points: PointsOption = "linear",
    points_table: PointsTableOption = None,
    best: BestOption = None,
    min_events: MinEventsOption = 0,
) -> None:
    """Export the hands, postings, standings or sessions as CSV, JSON or Parquet.

    Every row names its unit; money is in currency units (12.34). sessions is a session
    ledger shaped like PokerNow's (player_nickname, player_id, session_start_at,
    session_end_at, buy_in, buy_out, stack, net). CSV text cells that a spreadsheet would run
    as a formula (= + - @ or their full-width forms, also after spaces; tab or CR) get a
    leading apostrophe; numbers stay numbers.
    """
    from .ledger.store import ledger_at
    from .reports.export import export_table

    options = _standings_options(season, kind, points, points_table, best, min_events)
    with ledger_at(db, create=False) as ledger:
        data = export_table(ledger, table, fmt, options)
    if out is None:
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        with output_file(out, binary=True) as handle:
            handle.write(data)


@app.command("report")
def report_cmd(
    out: Annotated[Path, typer.Option("--out", help="The HTML file to write.")],
    db: DbOption = LEDGER,
    season: SeasonOption = None,
    points: PointsOption = "linear",
    points_table: PointsTableOption = None,
    best: BestOption = None,
    min_events: MinEventsOption = 0,
) -> None:
    """Write a self-contained HTML season report with standings and charts.

    The charts show each player's cumulative result event by event. No scripts, no external
    files: e-mail it as it is.
    """
    from .ledger.store import ledger_at
    from .reports.html import season_report

    options = _standings_options(season, "auto", points, points_table, best, min_events)
    with ledger_at(db, create=False) as ledger:
        text = season_report(ledger, options)
    with output_file(out) as handle:
        handle.write(text)
    typer.echo(f"wrote {out}")


@app.command("players")
def players_cmd(
    action: Annotated[PlayersAction, typer.Argument(help="What to do.")] = "list",
    names: Annotated[
        list[str] | None,
        typer.Argument(
            help="merge: the name to keep, then the names to merge into it; "
            "unmerge: one name to split off again."
        ),
    ] = None,
    db: DbOption = LEDGER,
) -> None:
    """List players with their aliases, or merge ("Ben" ben Benjamin) and un-merge them."""
    from .ledger.players import players_action
    from .ledger.store import ledger_at

    with ledger_at(db, create=False) as ledger:
        infos = players_action(ledger, action, names or [])
    for info in infos:
        typer.echo(info.text_line())
    if action != "list":
        typer.echo(f"ledger: {db}")


def _money(text: str) -> int:
    """An option's money amount (``12.34``) as cents; a bad one is a usage error saying why."""
    from .model.money import parse_money

    try:
        return parse_money(text)
    except BadugiError as exc:
        raise typer.BadParameter(str(exc)) from None


@app.command("tournament")
def tournament_cmd(
    event: Annotated[
        str,
        typer.Option("--event", help="The tournament: its name, key or id (see: events)."),
    ],
    db: DbOption = LEDGER,
    chop: Annotated[
        Literal[ChopMethod, "none"] | None,
        typer.Option(help="Record a chop among the players left (none: take it back)."),
    ] = None,
    bounty: Annotated[
        int | None,
        typer.Option(
            help="Bounty per player, like 5 or 2.50 (part of the buy-in).",
            parser=_money,
            metavar="AMOUNT",
        ),
    ] = None,
    rebuy_price: Annotated[
        int | None,
        typer.Option(
            help="Price of a rebuy, like 20.00 (default: the buy-in).",
            parser=_money,
            metavar="AMOUNT",
        ),
    ] = None,
    add_on_price: Annotated[
        int | None,
        typer.Option(
            help="Price of an add-on, like 10 (default: the buy-in).",
            parser=_money,
            metavar="AMOUNT",
        ),
    ] = None,
    prize_unit: Annotated[
        int | None,
        typer.Option(
            help="Round prizes below first down to this amount, like 0.01 or 1; first gets "
            "the rest.",
            parser=_money,
            metavar="AMOUNT",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Show a tournament's places and prizes, or record its chop, bounty and prices.

    Terms given here are kept in the ledger and applied whenever the tournament is recomputed
    (on every import of its hands).
    """
    from .ledger.store import ledger_at
    from .reports.tournament import tournament_result

    changes: dict[str, object] = {
        k: v
        for k, v in {
            "bounty": bounty,
            "rebuy_price": rebuy_price,
            "add_on_price": add_on_price,
            "prize_unit": prize_unit,
        }.items()
        if v is not None
    }
    if chop is not None:
        changes["chop"] = None if chop == "none" else chop
    with ledger_at(db, create=False) as ledger:
        result = tournament_result(ledger, event, changes=changes)
    render(result, as_json)
    if changes:
        typer.echo(f"ledger: {db}", err=as_json)


@app.command("void")
def void_cmd(
    event: Annotated[
        str, typer.Option("--event", help="The event: its name, key or id (see: events).")
    ],
    reason: Annotated[str, typer.Option("--reason", help="Why: the audit keeps it.")],
    hand: Annotated[
        str | None,
        typer.Option("--hand", help="The hand number to void (default: the whole event)."),
    ] = None,
    table: Annotated[
        str | None,
        typer.Option("--table", help="The hand's table, when the event had several."),
    ] = None,
    db: DbOption = LEDGER,
) -> None:
    """Take a hand, or a whole event, out of every figure without deleting it.

    Standings, settle, exports and the report leave it out; the audit keeps when and why.
    """
    from dataclasses import replace

    from .ledger.corrections import void
    from .ledger.store import ledger_at

    with ledger_at(db, create=False) as ledger:
        done = void(ledger, event, hand, reason, table=table)
    render(replace(done, ledger=str(db)), False)


@app.command("audit")
def audit_cmd(
    db: DbOption = LEDGER,
    as_json: Annotated[bool, typer.Option("--json", help="Print the entries as JSON.")] = False,
) -> None:
    """Every hand replaced and every hand or event voided: when, which and why.

    Each entry shows the fingerprints before and after.
    """
    from .ledger.corrections import audit_trail
    from .ledger.store import ledger_at

    with ledger_at(db, create=False) as ledger:
        render(audit_trail(ledger), as_json)


@app.command("events")
def events_cmd(
    db: DbOption = LEDGER,
    as_json: Annotated[bool, typer.Option("--json", help="Print the events as JSON.")] = False,
) -> None:
    """One row per event: id, date, kind, unit, the hands and players that count.

    Each row shows the name that --event accepts.
    """
    from .ledger.corrections import event_list
    from .ledger.store import ledger_at

    with ledger_at(db, create=False) as ledger:
        render(event_list(ledger), as_json)


# --- end ledger ----------------------------------------------------------------------------

# --- show ----------------------------------------------------------------------------------


@app.command("show")
def show_cmd(
    ctx: typer.Context,
    files: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Hand-history files or folders to replay; none: the hands stored in the "
            "ledger (--db).",
            show_default=False,
        ),
    ] = None,
    hand: Annotated[
        list[str] | None,
        typer.Option(
            "--hand",
            help="A hand number or id as the file (or the ledger) names it, e.g. 12 or 004-1; "
            "repeat for several. Default: every hand.",
            show_default=False,
        ),
    ] = None,
    event: Annotated[
        str | None,
        typer.Option(
            "--event",
            help="Stored hands: the event, by its name, key or id (see: events); default: "
            "the latest event with hands.",
        ),
    ] = None,
    table: Annotated[
        str | None,
        typer.Option("--table", help="Stored hands: the table, when the event had several."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print JSON Lines: one object per hand.")
    ] = False,
    db: DbOption = LEDGER,
) -> None:
    """Show hands as people read them: seats, actions by round, pots, winners, final stacks.

    Each pot says who could win it, who won it with what hand (each half of a split pot), the
    shares, odd chip, rake and carried pot; the verdict lists every problem at its line (a hand
    that breaks a rule is shown up to that line).  FILES are replayed as `check` replays them.
    Without FILES, the hands stored in the ledger are shown (--event, --hand and --table choose
    them, as `void` does): in full when the file they were imported from is still there and
    holds them unchanged, else from what the ledger keeps (stacks, chips put in, pots and
    shares, shown cards, rake, carried pot), which does not include the actions."""
    from .reports.hand_view import render_hand

    if files and (event is not None or table is not None):
        usage("--event and --table choose stored hands: give them without FILES", "--event")
    given = ctx.get_parameter_source("db")
    if files and given is not None and given.name == "COMMANDLINE":
        usage("--db shows stored hands: give it without FILES", "--db")
    if files:
        from .reports.hand_view import hand_views

        views: Iterable[Any] = hand_views(files, hand)
    else:
        from .ledger.store import ledger_at
        from .reports.stored_hands import stored_hand_views

        with ledger_at(db, create=False) as ledger:
            views = stored_hand_views(ledger, event, hand, table=table)
    if as_json:
        import json

        for view in views:
            typer.echo(json.dumps(view.to_dict(), ensure_ascii=False))
        return
    for number, view in enumerate(views):
        typer.echo(("\n" if number else "") + render_hand(view))


# --- end show ------------------------------------------------------------------------------


# --- convert ---------------------------------------------------------------------------------


@app.command("convert")
def convert_command(
    file: Annotated[
        str,
        typer.Argument(
            help="A hand history: our text format, PokerStars, Full Tilt, Merge, KingsClub, "
            "Winamax or PHH, recognised from its content.",
            show_default=False,
        ),
    ],
    to: Annotated[
        ConvertTarget,
        typer.Option(
            "--to",
            help="phh: the PHH standard (PokerKit; fixed-limit Badugi only). "
            "text: our own hand-history format.",
        ),
    ],
    out: Annotated[
        str | None,
        typer.Option("--out", help="Write to this file instead of standard output."),
    ] = None,
    source_format: Annotated[
        HistoryFormat | None,
        typer.Option("--from", help="Read FILE as this format instead of detecting it."),
    ] = None,
) -> None:
    """Write every Badugi-family hand of FILE as PHH or in our text format.

    Hands of other games are skipped (and counted). Exit status 1 when a hand could not be
    converted (the others are written) or FILE holds no Badugi-family hand.
    """
    from .convert import convert_file

    if out is None:
        report = convert_file(file, to, sys.stdout, fmt=source_format)
    else:
        with output_file(out) as handle:
            report = convert_file(file, to, handle, fmt=source_format)  # type: ignore[arg-type]
    if report.skipped:
        typer.echo(f"skipped {len(report.skipped)} hand(s) of other games", err=True)
    for problem in report.problems:
        typer.echo(screen(f"not converted: {problem}"), err=True)
    if report.problems:
        fail(f"{len(report.problems)} hand(s) of {file} could not be converted")
    if report.written == 0:
        fail(f"no Badugi-family hands to convert in {file}")


# --- end convert ---------------------------------------------------------------------------

# --- simulate --------------------------------------------------------------------------------


@app.command("simulate")
def simulate_command(
    hands: Annotated[int, typer.Option(max=MAX_AMOUNT, help="How many hands to play.")] = 100,
    players: Annotated[int, typer.Option(min=2, max=9, help="Players at the table.")] = 6,
    game: Annotated[GameSpelling, typer.Option(help="The game.")] = "badugi",
    structure: Annotated[
        StructureKind,
        typer.Option(
            help="fixed-limit (bets of one and two big blinds), pot-limit, half-pot-limit, "
            "no-limit or spread-limit (one to four big blinds)."
        ),
    ] = "fixed-limit",
    seed: Annotated[
        int,
        typer.Option(
            min=-MAX_AMOUNT, max=MAX_AMOUNT, help="Random seed: the same seed, the same hands."
        ),
    ] = 0,
    out: Annotated[
        str | None, typer.Option(help="Write the hands to this file (default: standard output).")
    ] = None,
    small_blind: Annotated[int, typer.Option(max=MAX_AMOUNT, help="The small blind.")] = 1,
    big_blind: Annotated[
        int, typer.Option(max=MAX_AMOUNT, help="The big blind (and the small bet).")
    ] = 2,
    ante: Annotated[
        int, typer.Option(max=MAX_AMOUNT, help="An ante from every player (0: none).")
    ] = 0,
    session_hands: Annotated[
        int,
        typer.Option(
            max=MAX_AMOUNT, help="Hands per session; each session is a new table and date."
        ),
    ] = 500,
    cards: Annotated[
        CardsShown,
        typer.Option(
            help="all: write every card dealt, discarded and drawn (a dealer's log); "
            "showdown: draws as counts, cards only when shown."
        ),
    ] = "all",
    final_stacks: Annotated[
        bool, typer.Option(help="Write every player's final stack after each hand.")
    ] = True,
) -> None:
    """Play random legal hands and write them in the hand-history format.

    Stacks are carried from hand to hand, with rebuys, all-ins and side pots; check reports
    every one of them clean.
    """
    from .model.games import game_named
    from .simulate.sessions import SimulationOptions, write_simulation

    options = SimulationOptions(
        hands=hands,
        players=players,
        game=game_named(game),
        structure=structure,
        seed=seed,
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        session_hands=session_hands,
        cards=cards,
        final_stacks=final_stacks,
    )
    if out is None:
        stats = write_simulation(options, sys.stdout)
    else:
        with output_file(out) as handle:
            stats = write_simulation(options, handle)
    typer.echo(f"simulated {stats.summary()}" + (f" -> {out}" if out else ""), err=True)


# --- end simulate --------------------------------------------------------------------------


# --- serve -----------------------------------------------------------------------------------


@app.command("serve")
def serve_cmd(
    db: DbOption = LEDGER,
    host: Annotated[
        str,
        typer.Option(
            "--host",
            help="The address to listen on. 127.0.0.1 (the default) serves this machine only; "
            "any other (e.g. 0.0.0.0 for phones on the club's Wi-Fi) requires the access "
            "token in the printed link.",
        ),
    ] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", min=1, max=65535, help="The port.")] = 8000,
    read_only: Annotated[
        bool, typer.Option("--read-only", help="Browse only: refuse every change.")
    ] = False,
) -> None:
    """Serve the ledger as a local web app: record hands, browse events, standings, settle-up.

    Open the printed address on a phone or in a browser: it records hands with live checking
    and shows events and hands, standings, settle-up and players.  Stop it with Ctrl-C."""
    import uvicorn

    from .web.app import create_app
    from .web.security import is_local, new_token, public_url

    token = None if is_local(host) else new_token()
    web_app = create_app(db, read_only=read_only, token=token)
    typer.echo(f"ledger: {db}" + (" (read-only)" if read_only else ""))
    typer.echo(f"open {public_url(host, port, token)}")
    uvicorn.run(web_app, host=host, port=port, log_level="warning", server_header=False)


# --- end serve -----------------------------------------------------------------------------


def main() -> None:
    """Console entry point (library errors are turned into ``Error:`` lines by the group)."""
    try:
        app()
    except KeyboardInterrupt:  # before a command began (a command's own is the group's)
        sys.exit(EXIT_INTERRUPTED)


if __name__ == "__main__":  # pragma: no cover
    main()
