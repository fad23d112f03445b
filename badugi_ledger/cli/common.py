"""What every command shares: the choices typed by the library's own ``Literal``s, the
``--db`` option, the exit on an error (``fail``) or a usage error (``usage``), the signals that
end a command as Ctrl-C does (``stop_as_ctrl_c``), files written through a temporary file
(``output_file``), the progress bar, and printing a result as text or JSON (``render``).

No ``from __future__ import annotations`` (see the package docstring): typer reads these
annotations at every start.
"""

import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from functools import cache
from pathlib import Path
from typing import IO, Annotated, Any, Literal, NoReturn, Protocol

import typer

from ..ledger.location import DEFAULT_DB, LEDGER_ENV

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


def _ledger_named(value: str | Path) -> Path:
    """``--db``'s parser, given the text as typed, where typer's own reads ``""`` as ``.``, this
    folder: a script's ``--db "$LEDGER"`` with the variable unset named a folder the user never
    typed.  An empty one is a usage error (:func:`~..ledger.location.ledger_path_refused`)."""
    if isinstance(value, str) and not value:  # typed: an empty variable is taken for unset
        from ..ledger.location import ledger_path_refused

        raise typer.BadParameter(ledger_path_refused(value, new=False) or "", param_hint=_DB_TYPED)
    return Path(value)


_DB_TYPED = "'--db'"
_DB_FROM_ENV = f"'--db' (from the environment variable {LEDGER_ENV})"
"""Where a refused ``--db`` came from, for the usage error's "Invalid value for …": click adds
"(env var: …)" to every error of an option that has one, so ``--db :memory:`` typed on the
command line read as though the variable held it, and a user looked for it there."""


def _db_came_from(ctx: typer.Context, param: typer.CallbackParam) -> str:
    """:data:`_DB_TYPED` or :data:`_DB_FROM_ENV`, as click says where the value came from."""
    source = ctx.get_parameter_source(param.name or "db")
    return _DB_TYPED if source is not None and source.name == "COMMANDLINE" else _DB_FROM_ENV


def a_ledger_file(ctx: typer.Context, param: typer.CallbackParam, value: Path) -> Path:
    """``--db``'s callback: :data:`LEDGER_ENV` set but empty is a usage error, as ``--db ""``
    is (:func:`_ledger_named`); typer takes an empty variable for an unset one, and a script
    whose variable was left unset wrote its night into ``club.db`` of the folder it ran in,
    a ledger nobody meant.  And SQLite's name for a database in memory (``:memory:``) is a
    usage error: such a ledger is dropped when the command ends, so an import would report
    every hand stored and keep none, and every other command would find it empty."""
    source = ctx.get_parameter_source(param.name or "db")
    if source is not None and source.name == "DEFAULT" and os.environ.get(LEDGER_ENV) == "":
        from ..ledger.location import ledger_path_refused

        refused = ledger_path_refused("", new=False)
        raise typer.BadParameter(
            f"it is set but empty: {refused}, or leave {LEDGER_ENV} unset for "
            f"{DEFAULT_DB} in the current folder",
            param_hint=_DB_FROM_ENV,
        )
    if str(value) == ":memory:":
        raise typer.BadParameter(
            "a ledger in memory is dropped when the command ends, so nothing would be kept: "
            "name a file (--db club.db); to check hands without storing them, use "
            "`badugi-ledger check`",
            param_hint=_db_came_from(ctx, param),
        )
    return value


DbOption = Annotated[
    Path,
    typer.Option(
        "--db",
        envvar=LEDGER_ENV,
        help=f"The SQLite ledger file (default: ${LEDGER_ENV}, else {DEFAULT_DB}).",
        show_default=True,
        parser=_ledger_named,
        metavar="<path>",  # as typer shows a path (its parser's name otherwise)
        callback=a_ledger_file,
    ),
]
LEDGER = Path(DEFAULT_DB)
"""The ``--db`` default every command shares."""


def _no_ledger(ctx: typer.Context, param: typer.CallbackParam, value: str | None) -> None:
    """``--db`` given to a command that reads hand files and keeps no ledger: a usage error
    saying so and which commands take one (click's own words named the option nearest in
    spelling, ``--jobs``, as though it were meant)."""
    if value is not None:
        usage(
            f"{ctx.info_name} reads hand files and keeps no ledger, so it takes no --db: to "
            "store the files' hands in a ledger, badugi-ledger import FILES --db LEDGER; to "
            "see the hands a ledger holds, badugi-ledger show --db LEDGER",
            "--db",
        )


NoLedgerOption = Annotated[
    str | None, typer.Option("--db", hidden=True, callback=_no_ledger, show_default=False)
]
"""``--db`` of a command without a ledger (``check``): refused, saying which commands take one."""


EXIT_INTERRUPTED = 128 + signal.SIGINT
"""Ctrl-C: the shell's status for a process ended by SIGINT (130)."""
EXIT_TERMINATED = 128 + signal.SIGTERM
"""Ended by SIGTERM (``kill``, a service stopping): the shell's status for it (143)."""
STOPPING_SIGNALS = ("SIGTERM", "SIGHUP")
"""The signals that end a command as Ctrl-C does (:func:`_terminated`); SIGHUP: the terminal
closed."""


class Stopped(KeyboardInterrupt):
    """A signal that ends the command as Ctrl-C does (:data:`STOPPING_SIGNALS`): raised where
    Ctrl-C's ``KeyboardInterrupt`` is, so the same clean-ups run and the same words are said
    (a transaction rolled back, the import's staged files removed, "interrupted while
    importing …: that file was rolled back"); the command ends with the shell's status for
    the signal (:func:`exit_status`)."""

    def __init__(self, signum: int) -> None:
        super().__init__()
        self.status = 128 + signum


def _terminated(signum: int, _frame: object) -> None:
    """SIGTERM (or SIGHUP) ends the command as Ctrl-C does, through its clean-ups, not at
    once, leaving them behind (:class:`Stopped`)."""
    raise Stopped(signum)


def exit_status(stopped: BaseException) -> int:
    """The status of a command ended by ``stopped`` (a ``KeyboardInterrupt``, or what a
    command raised in its place): the signal's (:class:`Stopped`), found where the command
    raised its own, else Ctrl-C's (130)."""
    seen: BaseException | None = stopped
    while seen is not None:
        if isinstance(seen, Stopped):
            return seen.status
        seen = seen.__context__
    return EXIT_INTERRUPTED


def stop_as_ctrl_c() -> None:
    """Make :data:`STOPPING_SIGNALS` end the command as Ctrl-C does (:func:`_terminated`), but a
    signal this process was started ignoring: ``nohup badugi-ledger import …`` goes on when its
    terminal closes."""
    with suppress(ValueError):  # (not the main thread: no handler)
        for name in STOPPING_SIGNALS:
            number = _answered(name)
            if number is not None:
                signal.signal(number, _terminated)


@contextmanager
def signals_for_a_server() -> Iterator[None]:
    """``with signals_for_a_server(): uvicorn.run(…)`` - for ``serve``: the web server answers
    Ctrl-C and SIGTERM itself (it stops serving, then raises the signal again), and the
    command then ends with the signal's status: 130 for Ctrl-C, 143 for SIGTERM (as
    :class:`SystemExit`, which ``uvicorn.run`` lets pass, where it takes a
    ``KeyboardInterrupt`` for its own and returns: the command ended with 0).  The terminal
    closing ends it as it ends any process (129), unless ignored (``nohup``).
    :class:`Stopped`, raised in the middle of a request, would be taken for the request's
    error and the server would go on.  The handlers are put back after the block."""
    before: dict[int, Any] = {}
    with suppress(ValueError):
        number = _answered("SIGHUP")
        if number is not None:
            before[number] = signal.signal(number, signal.SIG_DFL)
        if signal.getsignal(signal.SIGTERM) is _terminated:
            before[signal.SIGTERM] = signal.signal(signal.SIGTERM, _ended)
        if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
            before[signal.SIGINT] = signal.signal(signal.SIGINT, _ended)
    try:
        yield
    finally:
        for number, handler in before.items():
            signal.signal(number, handler)


def _answered(name: str) -> int | None:
    """The number of the signal ``name`` if this system has it (no SIGHUP on Windows) and this
    process was not started ignoring it (``nohup``), else None: leave it as it is."""
    number = getattr(signal, name, None)
    if number is None or signal.getsignal(number) == signal.SIG_IGN:
        return None
    return int(number)


def _ended(signum: int, _frame: object) -> None:
    """Ctrl-C or SIGTERM raised again by the web server once it stopped serving: its status
    (130, 143)."""
    raise SystemExit(128 + signum)


def utf8_text(value: Any) -> Any:
    """An option's callback for text the ledger is searched for or keeps (an event, season,
    hand, table, player's name, a reason): a byte that was not UTF-8 in the argument (Python
    gives it as a lone surrogate) is a usage error naming the option.  The ledger holds UTF-8
    text only, so such a value could never match, and SQLite refuses to be given one (before,
    a traceback)."""
    for text in value if isinstance(value, list | tuple) else [value]:
        if isinstance(text, str):
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                raise typer.BadParameter(
                    f"{text!r} holds bytes that are not UTF-8 text (is the terminal set to "
                    "another encoding?)"
                ) from None
    return value


def a_number(value: float | None) -> float | None:
    """An option's callback for a number of seconds: ``nan`` is a usage error, as ``inf`` and
    a number out of the option's range are (the range check lets ``nan`` through, since it
    compares false with every bound)."""
    if value is not None and value != value:
        raise typer.BadParameter(f"{value} is not a number")
    return value


def fail(message: str, one_line: bool = False) -> NoReturn:
    """Print one ``Error: …`` line on stderr and exit 1 (made safe for a terminal: it may
    quote a line of a hand file).  ``one_line``: a line break in ``message`` is a name's
    (:func:`screen_row`), not a parse error's lines with their caret."""
    typer.echo((screen_row if one_line else screen)(f"Error: {message}"), err=True)
    raise typer.Exit(1)


def usage(message: str, option: str | None = None) -> NoReturn:
    """A usage error (exit status 2): typer prints the usage line, the option and ``message``."""
    raise typer.BadParameter(screen(message), param_hint=option)


STANDARD_OUTPUT = "-"
"""The file name ``--out`` and ``new`` read as standard output, as most command-line tools do
(a file named ``-`` is ``./-``)."""


def is_standard_output(path: Path | str | None) -> bool:
    """Whether ``path`` is :data:`STANDARD_OUTPUT`."""
    return path is not None and str(path) == STANDARD_OUTPUT


def dash_is_standard_output(value: Any) -> Any:
    """The callback of an ``--out`` option whose command writes to standard output without it:
    ``--out -`` is that (None), not a file named ``-``."""
    return None if is_standard_output(value) else value


STANDARD_INPUT = "-"
"""The path ``check``, ``parse``, ``show`` and ``convert`` read as standard input, as most
command-line tools do (``cat night.bhh | badugi-ledger check -``; a file named ``-`` is
``./-``)."""


@contextmanager
def standard_input_read(paths: list[str]) -> Iterator[list[Any]]:
    """``paths`` with :data:`STANDARD_INPUT` standing for what standard input gives: read
    whole, once, into a file of a folder of its own (removed when the block ends), named
    ``<stdin>`` wherever it is reported (:class:`~..file_choice.StandardInput`), and then
    read as any file is (its format told from its content).  Paths without it are as they
    are, and standard input is not read."""
    if STANDARD_INPUT not in paths:
        yield paths
        return
    import tempfile

    from ..file_choice import StandardInput

    with tempfile.TemporaryDirectory(prefix="badugi-ledger-stdin-") as folder:
        saved = os.path.join(folder, "stdin")
        with open(saved, "wb") as handle:
            try:
                given = sys.stdin.buffer.read() if sys.stdin is not None else None
            except (OSError, ValueError) as exc:  # closed, or a folder given as input
                fail(f"cannot read standard input (-): {getattr(exc, 'strerror', None) or exc}")
            if given is None:
                fail("cannot read standard input (-): the command was started without one")
            handle.write(given)
        read = StandardInput(saved)
        yield [read if path == STANDARD_INPUT else path for path in paths]


@contextmanager
def output_file(
    path: Path | str, *, overwrite: bool = True, binary: bool = False
) -> Iterator[IO[Any]]:
    """Write ``path`` through a temporary file beside it, renamed into place only when the
    block ends without an exception: Ctrl-C, a full disk or an error leave no half-written file
    (and an existing one as it was).  ``overwrite=False`` refuses an existing ``path`` (exit 1).
    A device or a pipe is written to as it stands, and a link's file replaced, not the link
    (:func:`_where_written`); ``-`` is standard output (:data:`STANDARD_OUTPUT`)."""
    import tempfile

    if is_standard_output(path):
        handle = sys.stdout.buffer if binary else sys.stdout
        yield handle
        handle.flush()
        return
    given = Path(path)
    straight, target = _where_written(given)
    if straight:
        if not overwrite:
            fail(f"{str(given)!r} exists already (--force overwrites it)")
        with _straight_to(given, binary) as handle:
            yield handle
        return
    try:
        fd, temporary = tempfile.mkstemp(
            prefix=f".{target.name}.", suffix=".part", dir=target.parent or "."
        )
    except OSError as exc:
        fail(f"cannot write {str(given)!r}: {exc.strerror or exc}")
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
            fail(f"{str(given)!r} exists already (--force overwrites it)")
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
            fail(f"{str(given)!r} exists already (--force overwrites it)")
        fail(f"cannot write {str(given)!r}: {exc.strerror or exc}")
    except BaseException:
        with suppress(OSError):
            os.unlink(temporary)
        raise


def _where_written(given: Path) -> tuple[bool, Path]:
    """Whether ``given`` is written to directly, and the file a temporary file is otherwise
    renamed over.  A device or a pipe (``/dev/null``, ``/dev/stdout``, a FIFO, the shell's
    ``>(gzip > x)``: anything in ``/dev`` or ``/proc``) is written to directly: a temporary
    file renamed over it would put a plain file in place of the device or the pipe (where
    the folder may be written: a FIFO of one's own, or ``/dev`` for root), or fail where it
    may not.  A link is followed: the file it leads to is replaced, not the link.  A block
    device or a socket is refused: neither is an output to write a report to; nor is an
    SQLite database (``--out club.db`` would have replaced the ledger with a report)."""
    import stat

    try:
        mode = os.stat(given).st_mode
    except OSError:  # missing (the usual case), or a link to nowhere: a file is made
        mode = None
    if mode is not None:
        if stat.S_ISBLK(mode) or stat.S_ISSOCK(mode):
            fail(f"cannot write {str(given)!r}: it is a block device or a socket, not a file")
        if stat.S_ISDIR(mode):  # (an empty name too, which a path reads as ".")
            fail(f"cannot write {str(given)!r}: it is a folder; name a file (in it)")
        if stat.S_ISREG(mode) and _is_sqlite(given):
            fail(
                f"{str(given)!r} is an SQLite database (a ledger?): an output is never written "
                "over one; choose another file name"
            )
        special = os.path.abspath(given).startswith(("/dev/", "/proc/"))
        if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode) or special:
            return True, given
    return False, Path(os.path.realpath(given)) if os.path.islink(given) else given


_SQLITE_HEADER = b"SQLite format 3\x00"


def _is_sqlite(path: Path) -> bool:
    """Whether the file at ``path`` begins as every SQLite database does (a ledger is one); a
    file that cannot be read is refused too: it may be one."""
    try:
        with open(path, "rb") as handle:
            return handle.read(len(_SQLITE_HEADER)) == _SQLITE_HEADER
    except OSError as exc:
        fail(
            f"cannot tell whether {str(path)!r} is a ledger, an output is never written over "
            f"one: it cannot be read ({exc.strerror or exc}); choose another file name"
        )


@contextmanager
def _straight_to(target: Path, binary: bool) -> Iterator[IO[Any]]:
    """``target``, a device or a pipe, opened for writing; an error writing it (``/dev/full``:
    the device is full) is one ``Error:`` line."""
    try:
        if binary:
            with open(target, "wb") as handle:
                yield handle
        else:
            with open(target, "w", encoding="utf-8", newline="\n") as handle:
                yield handle
    except BrokenPipeError:  # the reader went away (``--out /dev/stdout | head``): 141
        raise
    except OSError as exc:
        fail(f"cannot write {str(target)!r}: {exc.strerror or exc}")


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
    for_terminal = _for_terminal()
    if "\n" not in text:  # (a report's usual line)
        return for_terminal(text)
    return "\n".join(for_terminal(line) for line in text.split("\n"))


def screen_row(text: str) -> str:
    """``text``, one row of a report from the ledger, on one line: every control character,
    a line break too, written visibly.  A name the ledger holds was read by a version that may
    have let a line break in (:mod:`..model.names`: a name is one line); shown, it must not
    start a line that is not the program's."""
    return _for_terminal()(text)


@cache
def _for_terminal() -> Callable[[object], str]:
    """:func:`~badugi_ledger.model.escaping.for_terminal`, imported the first time a line is
    screened (not at every start of a command), once (a report screens every line)."""
    from ..model.escaping import for_terminal

    return for_terminal


class Rendered(Protocol):
    """A library result the CLI can print: as people read it, or as one JSON object."""

    def as_dict(self) -> Mapping[str, Any]: ...

    def text_lines(self) -> Iterable[str]: ...


def render(result: Rendered, as_json: bool, rows: bool = False) -> None:
    """Print ``result`` as indented JSON or line by line; ``rows``: each of its lines is one
    row of a ledger report, shown on one line whatever a name in it holds (:func:`screen_row`);
    otherwise a line may hold a message of several lines (a parse error's)."""
    if as_json:
        from ..model.escaping import json_text

        typer.echo(json_text(result.as_dict(), indent=2))
    else:
        shown = screen_row if rows else screen
        for line in result.text_lines():
            typer.echo(shown(line))


MAX_WAIT = 7 * 24 * 3600
"""The longest ``--wait`` (a week, in seconds)."""
MAX_JOBS = 1024
"""The most worker processes ``--jobs`` asks for."""
