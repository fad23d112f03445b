"""The ``badugi-ledger`` command line: each command parses options, calls one library
function and renders its result.  No rules and no SQL live here.  Heavy libraries (pandas,
rich's progress bar) are imported inside the commands that need them so ``--help`` starts fast.

Every command keeps the same habits: its docstring is its help; every option with a fixed set
of values is a choice typed by the library's own ``Literal`` (``--help`` lists the values, a
wrong one is a usage error); exit status 0 when all is well, 1 on bad data or a failed check,
2 on bad usage, 130 on Ctrl-C (143 on SIGTERM, through the same clean-ups), 141 when the
reader of the output went away (``| head``);
files are written through a temporary file renamed into place, so an interrupted or failed
command leaves no half-written file.

The package: this module holds the command group (errors become exit statuses once, here)
and the list of commands, in the order ``--help`` shows them (:data:`COMMANDS`); the commands
themselves are in :mod:`.hands` (hand files: showdown, parse, new, check, show, convert,
simulate), :mod:`.ledger` (the ledger: import, players, tournament, void, unvoid, audit,
events, serve) and :mod:`.reports` (a season's figures from the ledger: standings, settle, export,
report); what they share is :mod:`.common`.

Start-up: typer reads the signature and annotations of every command a group holds at each
start; the console script's group holds only the command its arguments name (:func:`_to_run`),
and only that command's module is imported (:data:`COMMANDS` names each command's module and
function: the options of the ledger's and the reports' commands are objects made at their
module's import, which a ``check`` never reads).  The group of every command, :data:`app` (the
group's help, a misspelt name, a program or test running any command), is made the first time
it is asked for.  These modules do not use ``from __future__ import annotations``: their
annotations are objects made once at import, where strings would be compiled and evaluated
again, twice, for every parameter of every command (some 500 compiles at every start).  And
they import no module a one-file ``check`` does not need.
"""

import os
import signal
import sys
from collections.abc import Callable, Iterable
from contextlib import suppress
from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

from ..model.errors import BadugiError, LedgerError
from .common import (
    EXIT_INTERRUPTED,
    EXIT_TERMINATED,
    Stopped,
    _terminated,
    exit_status,
    fail,
    stop_as_ctrl_c,
)

__all__ = [
    "EXIT_INTERRUPTED",
    "EXIT_TERMINATED",
    "Stopped",
    "_terminated",
    "app",
    "exit_status",
    "main",
]

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
        _undecodable_written_visibly()
        try:
            return super().invoke(ctx)
        except LedgerError as exc:  # one line: a name it quotes may hold a line break
            fail(str(exc), one_line=True)
        except BadugiError as exc:
            fail(str(exc))
        except KeyboardInterrupt as stopped:
            raise typer.Exit(exit_status(stopped)) from None
        except BrokenPipeError:
            _quiet_stdout()
            raise typer.Exit(EXIT_BROKEN_PIPE) from None
        except Exception as exc:
            parallel = sys.modules.get("badugi_ledger.parallel")  # only when working on cores
            if parallel is not None and isinstance(exc, parallel.WorkerError):
                fail(
                    f"{exc}: the command stopped; run it again (an import keeps the files it "
                    "stored before, and nothing of the file it was storing)"
                )
            sqlite3 = sys.modules.get("sqlite3")  # only a command that opened a ledger raises one
            if sqlite3 is None or not isinstance(exc, sqlite3.Error):
                raise
            from ..ledger.connection import explain_sqlite_error

            fail(explain_sqlite_error(exc))


def _undecodable_written_visibly() -> None:
    """Make standard output and error write a lone surrogate as ``\\udce9`` where they would
    refuse it.  A file name (or an argument) that is not UTF-8 reaches Python as text with a
    lone surrogate for each such byte; in a UTF-8 locale the streams refuse to write one, so
    a report naming such a file ended in a traceback.  Written as its escape it is readable,
    and in JSON it is the string's own escape (a reader gets the same text back).  Streams
    that already write it some way (the C locale writes the byte itself) are left as they are."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)  # a text stream's (TextIOWrapper)
        if reconfigure is not None and getattr(stream, "errors", None) == "strict":
            with suppress(ValueError, OSError):  # closed, or its buffer cannot say
                reconfigure(errors="backslashreplace")


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


def _print_version(wanted: bool) -> None:
    if wanted:
        from importlib.metadata import version

        typer.echo(f"badugi-ledger {version('badugi-ledger')}")
        raise typer.Exit(0)


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


COMMANDS: tuple[tuple[str, str], ...] = (
    ("showdown", "hands.showdown"),
    ("parse", "hands.parse_command"),
    ("new", "hands.new_command"),
    ("check", "hands.check_command"),
    ("import", "ledger.import_"),
    ("standings", "reports.standings_cmd"),
    ("settle", "reports.settle_cmd"),
    ("export", "reports.export_cmd"),
    ("report", "reports.report_cmd"),
    ("players", "ledger.players_cmd"),
    ("tournament", "ledger.tournament_cmd"),
    ("void", "ledger.void_cmd"),
    ("unvoid", "ledger.unvoid_cmd"),
    ("audit", "ledger.audit_cmd"),
    ("events", "ledger.events_cmd"),
    ("show", "hands.show_cmd"),
    ("convert", "hands.convert_command"),
    ("simulate", "hands.simulate_command"),
    ("serve", "ledger.serve_cmd"),
)
"""Every command by its name, in the order ``--help`` lists them: the night's work (settle a
pot at the table, read, start and check a file), the ledger's, then showing, converting and
simulating hands, and the web app; each with its module of this package and its function
there (:func:`command`)."""

_WHERE = dict(COMMANDS)


def command(name: str) -> Callable[..., None]:
    """The function of the command ``name``, its module imported the first time."""
    module, function = _WHERE[name].split(".")
    found: Callable[..., None] = getattr(import_module(f".{module}", __name__), function)
    return found


CHANGING = frozenset({"import", "players", "tournament", "void", "unvoid", "serve"})
"""The commands that can change the ledger (``players`` by a merge, ``tournament`` by its
terms): an output they cannot write comes after their change is committed, which the error
says (:func:`_os_error_words`); the others only read it, or read no ledger at all."""


def _group(names: Iterable[str]) -> typer.Typer:
    """The command group holding the commands ``names``: its options, its callback and its
    habits are the same whichever commands it holds."""
    group = typer.Typer(
        cls=_Commands,
        name="badugi-ledger",
        help="Record, check, pay out and keep a chip ledger of Badugi-family poker hands.",
        no_args_is_help=True,
        add_completion=True,
        pretty_exceptions_enable=False,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    group.callback()(_options)
    for name in names:
        group.command(name)(command(name))
    return group


@cache
def _whole() -> typer.Typer:
    """The group of every command (:data:`app`), made once."""
    return _group(name for name, _ in COMMANDS)


if TYPE_CHECKING:
    app: typer.Typer
    """The ``badugi-ledger`` command group, every command in it (what a program or a test
    runs), made the first time it is asked for (:func:`__getattr__`)."""


def __getattr__(name: str) -> Any:
    """:data:`app`, made the first time it is asked for: the group of every command imports
    every command's module, which a run naming its command never needs."""
    if name == "app":
        return _whole()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _to_run(arguments: list[str]) -> typer.Typer:
    """The group a run of the console script with these ``arguments`` needs: when the first
    names a command, a group of that command alone, else :data:`app`.

    Typer makes a click command of every command it holds, and of each one's options, at each
    start: all of them cost a one-hand ``check`` about a tenth of its instructions, and a run
    that names its command can reach no other (the group's own options come before the name;
    ``--help`` of the group, a misspelt name and shell completion, which calls the script with
    no argument, name none and get them all)."""
    if arguments and arguments[0] in _WHERE:
        return _group((arguments[0],))
    return _whole()


def main() -> None:
    """Console entry point (library errors are turned into ``Error:`` lines by the group)."""
    stop_as_ctrl_c()
    arguments = sys.argv[1:]
    try:
        _to_run(arguments)()
    except KeyboardInterrupt as stopped:  # before a command began (its own is the group's)
        sys.exit(exit_status(stopped))
    except OSError as exc:  # the output cannot be written (a full disk), or no file said why
        _quiet_stdout()
        changing = bool(arguments) and arguments[0] in CHANGING
        with suppress(OSError):
            typer.echo(f"Error: {_os_error_words(exc, changing)}", err=True)
        sys.exit(1)


def _os_error_words(exc: OSError, changing: bool) -> str:
    """An error of the system that no command turned into words: writing the output to a full
    disk (``export … > /mnt/full/x.csv``), or a file no reader named.  A change a ``changing``
    command (:data:`CHANGING`) made to the ledger was committed before its report was
    written, which is said of it only: a command that only reads the ledger changed
    nothing, and an organiser told otherwise would look for a change that is not there."""
    reason = exc.strerror or str(exc)
    if exc.filename is not None:
        return f"{reason}: {str(exc.filename)!r}"
    if not changing:
        return f"cannot write the output: {reason}"
    return (
        f"cannot write the output: {reason} (any change the command made to the ledger is "
        "stored: it is committed before the report is written)"
    )
