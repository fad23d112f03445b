"""The commands that read a season's figures out of the ledger: ``standings``, ``settle``,
``export`` and ``report``, and the options they share (the season, the kind, the points
formula and its table, ``--best``, ``--min-events``), checked before the ledger is opened.
The other commands on the ledger are in :mod:`.ledger`.

No ``from __future__ import annotations`` (see the package docstring).
"""

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..model.errors import BadugiError
from ..model.limits import MAX_AMOUNT
from .common import (
    LEDGER,
    DbOption,
    ExportFormat,
    ExportTable,
    PointsFormula,
    StandingsFormat,
    StandingsKind,
    dash_is_standard_output,
    is_standard_output,
    output_file,
    render,
    screen_row,
    usage,
    utf8_text,
)

if TYPE_CHECKING:
    from ..reports.standings import StandingsOptions

SeasonOption = Annotated[
    str | None,
    typer.Option(
        help="Only this season (as the hand files name it); default: all.", callback=utf8_text
    ),
]
_CASH_REFUSES = "standings and export refuse it with --kind cash"
"""Where a tournament-table option is refused: standings and export have ``--kind``, the
season report has not (its tournament table is the one these options shape)."""


def _aside(refused: str, before: str = " (") -> str:
    """Where an option is ``refused``, as an aside of its help ("" when nowhere)."""
    if not refused:
        return ""
    return f"{before}{refused}{')' if before == ' (' else ''}"


def _points(refused: str) -> Any:
    """``--points``, its help saying where it is ``refused`` ("": nowhere)."""
    return typer.Option(
        "--points",
        help=f"Tournament points per entry, for the tournament table{_aside(refused)}. "
        "linear: n-k+1 "
        "(n entrants, place k). table: fixed points per place, see --points-table. "
        "sqrt: 10*sqrt(n)/sqrt(k)*(1+ln(b+0.25)), b = buy-in in currency units, natural log "
        "(refused for freerolls). A shared place gets the average of the places it covers.",
    )


def _best(refused: str) -> Any:
    """``--best``, its help saying where it is ``refused`` ("": nowhere)."""
    return typer.Option(
        "--best",
        min=1,
        max=MAX_AMOUNT,
        help="Count only each player's N best tournaments, in the tournament table"
        f"{_aside(refused)}.",
    )


def _min_events(refused: str) -> Any:
    """``--min-events``, its help saying where it is ``refused`` ("": nowhere)."""
    return typer.Option(
        "--min-events",
        min=0,
        max=MAX_AMOUNT,
        help="Tournaments a player needs to be ranked; others are listed below without a rank "
        f"(the tournament table{_aside(refused, '; ')}).",
    )


PointsOption = Annotated[PointsFormula, _points(_CASH_REFUSES)]
PointsTableOption = Annotated[
    str | None,
    typer.Option("--points-table", help="Points per place for --points table, e.g. 10,7,5,3,1."),
]
BestOption = Annotated[int | None, _best(_CASH_REFUSES)]
MinEventsOption = Annotated[int, _min_events(_CASH_REFUSES)]
ReportPointsOption = Annotated[PointsFormula, _points("")]
ReportBestOption = Annotated[int | None, _best("")]
ReportMinEventsOption = Annotated[int, _min_events("")]
"""The season report's: it has no --kind, so no --kind cash to be refused with."""
KindOption = Annotated[
    StandingsKind,
    typer.Option(
        "--kind",
        help="tournament: points table; cash: net result over cash sessions (--points, "
        "--best and --min-events refused); auto: both when the selection has both (csv and "
        "json: tournament if any, else cash), --points, --best and --min-events applying to "
        "the tournament table only.",
    ),
]


EventOption = Annotated[
    str | None,
    typer.Option(
        "--event",
        help="The event as `badugi-ledger events` lists it: its name, key or id "
        "(default: the latest event with hands).",
        callback=utf8_text,
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
    from ..reports.standings import StandingsOptions, parse_points_table

    try:
        table = parse_points_table(points_table) if points_table else ()
        return StandingsOptions(season, kind, points, table, best, min_events)
    except BadugiError as exc:
        option = _OPTION_OF.get(getattr(exc, "setting", None) or "")
        given = "--points-table" if points_table or points == "table" else None
        usage(exc.message, option or given)


_OPTION_OF = {"formula": "--points", "best_n": "--best", "min_events": "--min-events"}
"""The option that set a standings setting a refusal names (:class:`StandingsOptions`)."""


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

    Exit status 1 when the ledger is missing or cannot be read, or no event names the season; 2
    for options that do not go together.
    """
    from ..ledger.store import ledger_at
    from ..reports.standings import HUMAN_FORMATS, one_table_note, standings_text

    options = _standings_options(season, kind, points, points_table, best, min_events)
    with ledger_at(db, create=False) as ledger:
        text = standings_text(ledger, options, fmt)
        note = None if fmt in HUMAN_FORMATS else one_table_note(ledger, options)
    if note is not None:
        typer.echo(note, err=True)
    typer.echo(text, nl=False)


def settle_cmd(
    event: EventOption = None,
    season: Annotated[
        str | None,
        typer.Option("--season", help="Settle every event of this season.", callback=utf8_text),
    ] = None,
    db: DbOption = LEDGER,
    as_json: Annotated[bool, typer.Option("--json", help="Print the settlement as JSON.")] = False,
) -> None:
    """Who pays whom after an event or a whole season, with the fewest transfers.

    The totals net to zero. Without --event or --season, the latest event with hands (it
    says which). A season settles each unit (chips, each currency) on its own. Exact minimum
    (n minus the most zero-sum groups, by subset DP) up to 16 open balances after pairing
    exact opposites; beyond that a greedy settlement with at most n-1 transfers.

    Exit status 1 when the ledger is missing or cannot be read, or holds no such event or
    season; 2 for --event with --season.
    """
    from ..ledger.advice import ledger_named, on_ledger
    from ..ledger.store import ledger_at
    from ..reports.settle import Settlement, settle_choice, settlement

    try:
        settle_choice(event, season)
    except BadugiError as exc:
        usage(exc.message, "--event / --season")
    with ledger_at(db, create=False) as ledger:
        result = settlement(ledger, event, season=season)
        named = on_ledger(ledger_named(ledger))
    if event is None and season is None and isinstance(result, Settlement):
        typer.echo(
            f"the latest event: {screen_row(result.event)} (another: --event, see "
            f"badugi-ledger events{named})",
            err=True,
        )
    render(result, as_json, rows=True)


def export_cmd(
    table: Annotated[ExportTable, typer.Option("--table", help="What to export.")],
    fmt: Annotated[
        ExportFormat, typer.Option("--format", help="The file format (parquet needs pyarrow).")
    ],
    db: DbOption = LEDGER,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Write to this file (default, or -: standard output).",
            callback=dash_is_standard_output,
        ),
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

    Exit status 1 when the ledger is missing or cannot be read, no event names the season, or
    --out cannot be written (Parquet without pyarrow too); 2 for options that do not go
    together.
    """
    from ..ledger.store import ledger_at
    from ..reports.export import check_format, write_export
    from ..reports.standings import one_table_note

    options = _standings_options(season, kind, points, points_table, best, min_events)
    check_format(fmt)
    with ledger_at(db, create=False) as ledger:
        note = one_table_note(ledger, options) if table == "standings" else None
        if note is not None:
            typer.echo(note, err=True)
        if out is None:
            write_export(ledger, table, fmt, sys.stdout.buffer, options)
            sys.stdout.flush()
        else:
            with output_file(out, binary=True) as handle:
                write_export(ledger, table, fmt, handle, options)


def report_cmd(
    out: Annotated[
        Path, typer.Option("--out", help="The HTML file to write (-: standard output).")
    ],
    db: DbOption = LEDGER,
    season: SeasonOption = None,
    points: ReportPointsOption = "linear",
    points_table: PointsTableOption = None,
    best: ReportBestOption = None,
    min_events: ReportMinEventsOption = 0,
) -> None:
    """Write a self-contained HTML season report with standings and charts.

    The charts show each player's cumulative result event by event. No scripts, no external
    files: e-mail it as it is.

    Exit status 1 when the ledger is missing or cannot be read, no event names the season, or
    --out cannot be written; 2 for options that do not go together.
    """
    from ..ledger.store import ledger_at
    from ..reports.html import season_report

    options = _standings_options(season, "auto", points, points_table, best, min_events)
    with ledger_at(db, create=False) as ledger:
        text = season_report(ledger, options)
    with output_file(out) as handle:
        handle.write(text)
    if is_standard_output(out):
        return
    # on standard error, as the other commands that write a file say it: with ``--out
    # /dev/stdout > season.html`` a line on standard output overwrote the report's start
    typer.echo(f"wrote {screen_row(str(out))}", err=True)
