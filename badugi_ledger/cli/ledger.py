"""The commands that change the ledger or look into its records: ``import``, ``players``,
``tournament``, ``void``, ``unvoid``, ``audit``, ``events`` and ``serve`` (the web app).  The
commands that read a season's figures out of it (standings, settle, export, report) are in
:mod:`.reports`.

No ``from __future__ import annotations`` (see the package docstring).
"""

from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Literal

import typer

from ..model.errors import BadugiError
from .common import (
    LEDGER,
    MAX_JOBS,
    MAX_WAIT,
    STANDARD_INPUT,
    ChopMethod,
    DbOption,
    HistoryFormat,
    PlayersAction,
    a_number,
    draws_progress,
    fail,
    progress_bar,
    render,
    screen,
    screen_row,
    signals_for_a_server,
    usage,
    utf8_text,
)


def import_(
    paths: Annotated[
        list[str],
        typer.Argument(help="Hand files, or folders to import every hand file in (recursively)."),
    ],
    db: DbOption = LEDGER,
    strict: Annotated[
        bool,
        typer.Option(
            "--strict",
            help="Refuse a whole file when any hand in it is bad, in conflict, or has a warning "
            "(what the replay had to assume, as check --strict counts it).",
        ),
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
            callback=a_number,
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
    is rolled back, the files before it stay stored, and a line says which. On a terminal a
    progress bar shows the hands done.
    """
    from ..check import count_hands
    from ..file_choice import history_files
    from ..ledger.importing import import_paths, import_wait_ms
    from ..ledger.renamed_files import renamed_choice
    from ..ledger.stopped_report import ImportInterrupted
    from ..ledger.store import ledger_at

    if STANDARD_INPUT in paths:
        usage(
            "standard input (-) has no file name, and the ledger keeps every hand's file: "
            "import --replace and --renamed-from find a night by it, and the record page its "
            "file; save it to a file (cat > night.bhh) and import that",
            "PATHS",
        )
    files = history_files(paths)  # a wrong path is refused before a ledger is made for it
    try:
        renamed_choice(files, renamed_from)
    except BadugiError as exc:
        usage(exc.message, "--renamed-from")
    total = count_hands(files) if draws_progress() else None
    report = None
    try:
        with (
            # --renamed-from names a file of a ledger that exists: none is made for it
            ledger_at(
                db, create=renamed_from is None, busy_timeout_ms=import_wait_ms(wait)
            ) as ledger,
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
                files=files,
            )
    except KeyboardInterrupt as cut:  # after the bar is gone
        # with a report, every file was imported: only the ledger's closing was cut
        stopped = cut if report is None else ImportInterrupted(report, None, 0)
        if isinstance(stopped, ImportInterrupted):
            typer.echo(screen(stopped.text()), err=True)
        raise stopped from None
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


def players_cmd(
    action: Annotated[PlayersAction, typer.Argument(help="What to do.")] = "list",
    names: Annotated[
        list[str] | None,
        typer.Argument(
            help="merge: the name to keep, then the names to merge into it; "
            "unmerge: one name to split off again.",
            callback=utf8_text,
        ),
    ] = None,
    db: DbOption = LEDGER,
) -> None:
    """List players with their aliases, or merge ("Ben" ben Benjamin) and un-merge them.

    Exit status 1 when a name is not in the ledger, or the names cannot be merged (they sat in
    one hand) or un-merged.
    """
    from ..ledger.players import players_action, players_choice
    from ..ledger.store import ledger_at

    try:
        players_choice(action, names or [])
    except BadugiError as exc:
        usage(exc.message, "NAMES")
    with ledger_at(db, create=False) as ledger:
        infos = players_action(ledger, action, names or [])
    for info in infos:
        typer.echo(info.text_line())
    if not infos:  # (only a list can be empty) as `events` says of an empty ledger
        typer.echo("no players yet: import some hands first (badugi-ledger import FILES)")
    if action != "list":
        typer.echo(screen_row(f"ledger: {db}"))


def _money(text: str) -> int:
    """An option's money amount (``12.34``) as cents; a bad one is a usage error saying why."""
    from ..model.money import parse_money

    try:
        return parse_money(text)
    except BadugiError as exc:
        raise typer.BadParameter(str(exc)) from None


def _payouts(text: str) -> tuple[int, ...] | Literal["clear"]:
    """An option's prize table (``50/30/20``, percent of the pool, first place first; ``none``:
    no prizes; ``clear``: the table the command set taken back, the files' counting again);
    a bad one is a usage error saying why."""
    from ..model.limits import MAX_DIGITS, quote
    from ..model.settings import validate_payouts
    from ..text.transformer import too_large

    word = text.strip().lower()
    if word == "none":
        return ()
    if word == "clear":
        return "clear"
    parts = [p.strip() for p in text.split("/")]
    if not all(p.isascii() and p.isdigit() for p in parts):
        raise typer.BadParameter(
            f"{quote(text)!r} is not a prize table: whole percentages first place first, like "
            "50/30/20"
        )
    long = next((p for p in parts if len(p.lstrip("0")) > MAX_DIGITS), None)
    if long is not None:  # never converted: far above any percentage
        raise typer.BadParameter(too_large(long, "payouts"))
    try:
        return validate_payouts([int(p) for p in parts])
    except BadugiError as exc:
        raise typer.BadParameter(str(exc)) from None


def _checked_payouts(text: str | None) -> str | None:
    """``--payouts`` refused as a usage error before the ledger is opened (:func:`_payouts`)."""
    if text is not None:
        _payouts(text)
    return text


def tournament_cmd(
    event: Annotated[
        str,
        typer.Option(
            "--event",
            help="The tournament: its name, key or id (see: events).",
            callback=utf8_text,
        ),
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
    payouts: Annotated[
        str | None,
        typer.Option(
            help="The prize table, percent of the pool first place first, like 50/30/20 "
            "(none: no prizes), over the one its files state; for a tournament whose files "
            "state none, such as a site's.  clear: take back the table this command set; the "
            "files' table counts again.",
            callback=_checked_payouts,
            metavar="TABLE",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
) -> None:
    """Show a tournament's places and prizes, or record its chop, bounty, prices and prizes.

    Terms given here are kept in the ledger and applied whenever the tournament is recomputed
    (on every import of its hands).

    Exit status 1 when the ledger holds no such tournament (a cash event is none), or for a
    chop of one whose hands play down to one player (nothing to chop); 2 for a term that does
    not read (an amount, a prize table).
    """
    from ..ledger.store import ledger_at
    from ..reports.tournament import tournament_result

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
        table = None if payouts is None else _payouts(payouts)
        result = tournament_result(ledger, event, changes=changes, payouts=table)
    render(result, as_json, rows=True)
    if changes or payouts is not None:
        typer.echo(screen_row(f"ledger: {db}"), err=as_json)


VoidEventOption = Annotated[
    str,
    typer.Option(
        "--event", help="The event: its name, key or id (see: events).", callback=utf8_text
    ),
]
ReasonOption = Annotated[
    str, typer.Option("--reason", help="Why: the audit keeps it.", callback=utf8_text)
]
HandTableOption = Annotated[
    str | None,
    typer.Option(
        "--table", help="The hand's table, when the event had several.", callback=utf8_text
    ),
]
"""The options ``void`` and ``unvoid`` share: the one they act on, and why."""


def void_cmd(
    event: VoidEventOption,
    reason: ReasonOption,
    hand: Annotated[
        str | None,
        typer.Option(
            "--hand",
            help="The hand number to void (default: the whole event).",
            callback=utf8_text,
        ),
    ] = None,
    table: HandTableOption = None,
    db: DbOption = LEDGER,
) -> None:
    """Take a hand, or a whole event, out of every figure without deleting it.

    Standings, settle, exports and the report leave it out; the audit keeps when and why.

    Exit status 1 when the ledger holds no such event, table or hand, or it is void already.
    """
    from dataclasses import replace

    from ..ledger.corrections import void, void_choice
    from ..ledger.store import ledger_at

    try:
        void_choice(hand, table)
    except BadugiError as exc:
        usage(exc.message, "--table")
    with ledger_at(db, create=False) as ledger:
        done = void(ledger, event, hand, reason, table=table)
    render(replace(done, ledger=str(db)), False, rows=True)


def unvoid_cmd(
    event: VoidEventOption,
    reason: ReasonOption,
    hand: Annotated[
        str | None,
        typer.Option(
            "--hand",
            help="The hand number to un-void (default: the whole event).",
            callback=utf8_text,
        ),
    ] = None,
    table: HandTableOption = None,
    db: DbOption = LEDGER,
) -> None:
    """Take back an organiser's void of a hand, or of a whole event: it counts again.

    Every figure counts it as if it had never been voided (a tournament's places and prizes
    are recomputed); its file imported again keeps it counting.  A hand the ledger voided
    itself (its file no longer holds it, a copy set aside) is refused: import the file that
    holds it.  The audit keeps when and why.

    Exit status 1 when the ledger holds no such event, table or hand, or no void of it to take
    back.
    """
    from dataclasses import replace

    from ..ledger.corrections import void_choice
    from ..ledger.store import ledger_at
    from ..ledger.unvoids import unvoid

    try:
        void_choice(hand, table, undo=True)
    except BadugiError as exc:
        usage(exc.message, "--table")
    with ledger_at(db, create=False) as ledger:
        done = unvoid(ledger, event, hand, reason, table=table)
    render(replace(done, ledger=str(db)), False, rows=True)


def audit_cmd(
    db: DbOption = LEDGER,
    as_json: Annotated[bool, typer.Option("--json", help="Print the entries as JSON.")] = False,
) -> None:
    """Every hand replaced and every hand or event voided or un-voided: when, which and why.

    Each entry shows the fingerprints before and after; then every merge and un-merge of
    players, with the names that moved.

    Exit status 1 when the ledger is missing or cannot be read.
    """
    from ..ledger.corrections import audit_trail
    from ..ledger.store import ledger_at

    with ledger_at(db, create=False) as ledger:
        render(audit_trail(ledger), as_json, rows=True)


def events_cmd(
    db: DbOption = LEDGER,
    as_json: Annotated[bool, typer.Option("--json", help="Print the events as JSON.")] = False,
) -> None:
    """One row per event: id, date, kind, unit, the hands and players that count.

    Each row shows the name that --event accepts.

    Exit status 1 when the ledger is missing or cannot be read.
    """
    from ..ledger.corrections import event_list
    from ..ledger.store import ledger_at

    with ledger_at(db, create=False) as ledger:
        render(event_list(ledger), as_json, rows=True)


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
    and shows events and hands, standings, settle-up and players.  Stop it with Ctrl-C.

    Exit status 1 when the ledger cannot be opened or the port is taken.
    """
    import uvicorn

    from ..web.app import create_app
    from ..web.security import is_local, listen_problem, new_token, public_url

    token = None if is_local(host) else new_token()
    web_app = create_app(db, read_only=read_only, token=token)
    problem = listen_problem(host, port)
    if problem is not None:
        fail(problem)
    typer.echo(screen_row(f"ledger: {db}" + (" (read-only)" if read_only else "")))
    for line in web_app.state.written:  # (a record page's save the last server never ended)
        typer.echo(screen_row(line))
    typer.echo(f"open {public_url(host, port, token)}")
    with signals_for_a_server():
        # The app has nothing to start or stop: without the lifespan protocol a second
        # Ctrl-C, which stops the server at once, cancels nothing half-way (its traceback).
        uvicorn.run(
            web_app,
            host=host,
            port=port,
            log_level="warning",
            server_header=False,
            lifespan="off",
        )
