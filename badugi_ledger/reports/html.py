"""The season report a club can e-mail around, and the same content for the web app.

:func:`season_report_context` gathers what the report shows, from the standings library: for
tournaments and for cash games (whichever the selection has) the standings table and a chart of
the leading players' cumulative result, event by event (tournaments: points; cash: net, one
chart per unit).  The template ``templates/report.html`` draws it; :func:`season_report` puts it
in ``templates/report_page.html``, one self-contained file (viewport set for phones, the
stylesheet inlined, no scripts, nothing external), and the web app's Standings page includes
``report.html`` with the same context.

Amounts stay integers of their unit until the template's ``money`` filter shows them
(``12.34 USD``); charts plot money in currency units.  Every name is escaped by the template
environment (:mod:`.templating`), so a player called ``<script>`` is shown, never run.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from ..ledger.connection import reading
from ..model.money import UNSTATED, format_amount, major_units, unit_name
from .chart import Chart, fmt_number, line_chart, nice_ticks
from .standings import (
    AMOUNT_COLUMNS,
    StandingsOptions,
    add_points,
    cash_table,
    entry_frame,
    require_season,
    session_frame,
    tournament_standings,
    unfinished_note,
)
from .templating import static_text, template_env

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["nice_ticks", "season_choices", "season_report", "season_report_context", "cumulative"]

TEXT_COLUMNS = ("player", "unit")
LABELS = {"best_session": "best session", "worst_session": "worst session"}


@dataclass(frozen=True)
class Column:
    key: str
    label: str
    money: bool = False
    """An amount in the row's unit: the template shows it with the ``money`` filter."""
    text: bool = False


@dataclass(frozen=True)
class Row:
    cells: Mapping[str, object]
    """Column key → value: amounts as integers of :attr:`unit`, the rest as shown."""
    unit: str
    colour: str = ""
    """The player's line colour when the chart shows the player, else empty."""
    dash: str = ""


@dataclass(frozen=True)
class Table:
    columns: tuple[Column, ...]
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class Group:
    """The standings of one unit: its chart (None without an event) and its table; the
    heading names the unit when the section has more than one, or the unit is money of a
    currency no file named (its figures stand bare)."""

    unit: str
    heading: str
    chart: Chart | None
    table: Table


@dataclass(frozen=True)
class Section:
    """One kind of standings: its heading, a note on how it is counted, and a :class:`Group`
    per unit (each unit is ranked on its own, never added to another)."""

    key: str
    heading: str
    note: str
    groups: tuple[Group, ...]

    @property
    def charts(self) -> tuple[Chart, ...]:
        return tuple(g.chart for g in self.groups if g.chart is not None)


def cumulative(
    rows: Iterable[tuple[str, str, float]], events: Sequence[str]
) -> dict[str, list[float]]:
    """(event, player, value) rows → each player's running total after each event (0 first),
    best final total first.

    >>> cumulative([("e1", "A", 3), ("e2", "B", 5), ("e2", "A", -1)], ["e1", "e2"])
    {'B': [0.0, 0.0, 5.0], 'A': [0.0, 3.0, 2.0]}
    """
    per_event: dict[tuple[str, str], float] = {}
    for event, player, value in rows:
        per_event[(event, player)] = per_event.get((event, player), 0.0) + value
    players = sorted({p for _, p in per_event}, key=str.casefold)
    series: dict[str, list[float]] = {}
    for player in players:
        total, line = 0.0, [0.0]
        for event in events:
            total += per_event.get((event, player), 0.0)
            line.append(total)
        series[player] = line
    return dict(sorted(series.items(), key=lambda kv: (-kv[1][-1], kv[0].casefold())))


def leaders(series: Mapping[str, Sequence[float]], ranked: Sequence[str]) -> dict[str, list[float]]:
    """``series`` in the standings' order (``ranked``: players best first), the players the
    table does not rank after them in ``series``' own order."""
    first = [p for p in dict.fromkeys(ranked) if p in series]
    rest = [p for p in series if p not in set(first)]
    return {p: list(series[p]) for p in [*first, *rest]}


def _event_label(name: str, date: object) -> str:
    return f"{name} {date}" if date and str(date) not in name else name


def _events(frame: pd.DataFrame) -> tuple[list[str], list[str | None], list[str]]:
    """The frame's events in order of their first row: ids, dates and full labels.  One
    pass over the first rows (a frame's rows taken one by one cost a second at 1,000 events)."""
    firsts = frame[frame["event_id"].notna()].drop_duplicates("event_id")
    ids = [str(i) for i in firsts["event_id"].tolist()]
    dates = [d if isinstance(d, str) and d else None for d in firsts["date"].tolist()]
    tips = [
        _event_label(str(name), date)
        for name, date in zip(firsts["event"].tolist(), dates, strict=True)
    ]
    return ids, dates, tips


def _values(frame: pd.DataFrame, column: str) -> zip[tuple[str, str, Any]]:
    """(event id, player, ``column``) of every row, for :func:`cumulative`."""
    return zip(
        [str(i) for i in frame["event_id"].tolist()],
        [str(p) for p in frame["player"].tolist()],
        frame[column].tolist(),
        strict=True,
    )


def _cell(value: object) -> object:
    if value is None or (isinstance(value, float) and value != value):
        return ""
    if isinstance(value, float):
        return fmt_number(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}"
    return value


def standings_table(
    frame: pd.DataFrame, colours: Mapping[tuple[str, str], tuple[str, str]]
) -> Table:
    """A standings frame as the template's table: amounts kept as integers of the row's unit
    (shown with it by the ``money`` filter, so the table needs no unit column), the other
    cells as shown; ``colours`` marks the charted players ((player, unit) → (colour, dash))."""
    columns = tuple(
        Column(
            str(c),
            LABELS.get(str(c), str(c)),
            money=c in AMOUNT_COLUMNS,
            text=c in TEXT_COLUMNS,
        )
        for c in frame.columns
        if c != "unit"  # every amount shows its unit (12.34 USD, 28 chips)
    )
    rows = []
    for record in frame.to_dict("records"):
        unit, player = str(record["unit"]), str(record["player"])
        cells = {
            str(k): int(v) if k in AMOUNT_COLUMNS else _cell(v.item() if hasattr(v, "item") else v)
            for k, v in record.items()
        }
        colour, dash = colours.get((player, unit), ("", ""))
        rows.append(Row(cells, unit, colour, dash))
    return Table(columns, tuple(rows))


def _group(unit: str, table: pd.DataFrame, chart: Chart | None, several: bool) -> Group:
    drawn = {line.name: (line.colour, line.dash) for line in chart.lines} if chart else {}
    colours = {(p, unit): drawn[p] for p in (str(p) for p in table["player"]) if p in drawn}
    # Named when the section has others, and always for money of a currency no file named,
    # whose figures stand bare (``format_amount``): the heading is then all that says so.
    heading = f"In {unit_name(unit)}" if several or unit == UNSTATED else ""
    return Group(unit, heading, chart, standings_table(table, colours))


def _tournament_section(
    db: sqlite3.Connection, options: StandingsOptions, entries: pd.DataFrame
) -> Section:
    opts = dataclasses.replace(options, kind="tournament")
    entries = add_points(entries, opts)
    table = tournament_standings(db, opts)
    units = sorted({str(u) for u in table["unit"]})
    groups = []
    for unit in units:
        mine = table[table["unit"] == unit]
        played = entries[entries["unit"] == unit]
        ids, dates, tips = _events(played)
        series = cumulative(((e, p, float(v)) for e, p, v in _values(played, "points")), ids)
        ordered = leaders(series, [str(p) for p in mine["player"]])
        chart = line_chart(
            ordered,
            dates,
            title="Cumulative points" + (f" ({unit_name(unit)})" if len(units) > 1 else ""),
            finals={p: fmt_number(round(vs[-1], 2)) for p, vs in ordered.items()},
            tips=tips,
            total=len(ordered),
            what="points",
        )
        groups.append(_group(unit, mine, chart, len(units) > 1))
    note = (
        f"Points: {options.formula}"
        + (f"; best {options.best_n} count" if options.best_n else "")
        + (f"; {options.min_events} events needed to rank" if options.min_events else "")
        + ". Ties: wins, then best finish, then events played. Winnings in each tournament's "
        "currency; tournaments of each currency are ranked on their own."
        + (" The chart adds every result; the table counts the best." if options.best_n else "")
    )
    unfinished = unfinished_note(db, options.season)
    if unfinished:
        note += f" {unfinished} (their best place is empty)."
    return Section("tournament", "Tournament standings", note, tuple(groups))


def _cash_chart(sessions: pd.DataFrame, unit: str, ranked: Sequence[str]) -> Chart:
    """The cumulative net chart of the cash sessions of one unit (money in currency units)."""
    ids, dates, tips = _events(sessions)
    cents = cumulative(((e, p, int(v)) for e, p, v in _values(sessions, "net")), ids)
    ordered = leaders(cents, ranked)
    return line_chart(
        {p: [float(major_units(int(v), unit)) for v in vs] for p, vs in ordered.items()},
        dates,
        title=f"Cumulative net result ({unit})",
        finals={p: format_amount(int(vs[-1]), unit) for p, vs in ordered.items()},
        tips=tips,
        total=len(ordered),
        what="net result",
    )


def _cash_section(sessions: pd.DataFrame) -> Section:
    table = cash_table(sessions)
    units = sorted({str(u) for u in table["unit"]})
    groups = []
    for unit in units:
        mine = table[table["unit"] == unit]
        played = sessions[sessions["unit"] == unit]
        chart = _cash_chart(played, unit, [str(p) for p in mine["player"]]) if len(played) else None
        groups.append(_group(unit, mine, chart, len(units) > 1))
    note = (
        "Net result over the cash sessions, in the sessions' money (a currency, or chips at "
        "their stated value) or else in chips; each unit is ranked on its own and never added "
        "to another."
    )
    return Section("cash", "Cash standings", note, tuple(groups))


SEASONS_WITH_FIGURES = """
SELECT DISTINCT e.season FROM counted_events e
WHERE e.season IS NOT NULL
  AND (EXISTS (SELECT 1 FROM counted_hands h WHERE h.event_id = e.id)
       OR (e.kind = 'tournament'
           AND EXISTS (SELECT 1 FROM tournament_entries t WHERE t.event_id = e.id)))
"""
"""The seasons of the events that count (the ledger's views ``counted_events`` and
``counted_hands``) with a hand that counts, or tournament entries: those a season report
shows figures of (its hands, :func:`~.export.hands_frame`; its tournaments,
:func:`~.standings.entry_frame`)."""


def season_choices(db: sqlite3.Connection) -> list[str]:
    """The seasons a page offers to pick, newest first: those with figures
    (:data:`SEASONS_WITH_FIGURES`), read event by event.  Read from the frames of every hand
    and every tournament entry, the list took 0.05 s of each Standings and Settle page of a
    season of 2,500 hands, and grew with the ledger."""
    return sorted((str(s) for (s,) in db.execute(SEASONS_WITH_FIGURES)), reverse=True)


def season_report_context(
    db: sqlite3.Connection, options: StandingsOptions | None = None
) -> dict[str, object]:
    """What ``templates/report.html`` needs (``report_sections``: tournament, then cash, each
    a :class:`Section`, each chart showing at most :data:`~.chart.TOP` players) and what
    ``report_page.html`` adds (``report_title``, ``report_season``, ``report_made``).  A web
    page includes ``report.html`` with this context merged into its own."""
    options = options or StandingsOptions()
    season = f"season {options.season}" if options.season else "all seasons"
    sections = []
    with reading(db):  # the tournaments and the cash games of one state of the ledger
        require_season(db, options.season)
        entries = entry_frame(db, options.season)
        if len(entries):
            sections.append(_tournament_section(db, options, entries))
        sessions = session_frame(db, options.season)
    if len(sessions):
        sections.append(_cash_section(sessions))
    return {
        "report_title": f"Badugi ledger — {season}",
        "report_season": season,
        "report_sections": sections,
        "report_made": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def season_report(db: sqlite3.Connection, options: StandingsOptions | None = None) -> str:
    """The whole report as one self-contained HTML document (see the module docstring)."""
    context = season_report_context(db, options)
    page = template_env().get_template("report_page.html")
    return page.render(**context, css=static_text("report.css"))
