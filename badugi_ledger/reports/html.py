"""A self-contained HTML season report a club can e-mail around.

One file, no scripts, no external CSS or fonts: the standings tables (tournament points and
cash results, whichever the season has) and, for each, an inline SVG line chart of every
player's cumulative result event by event (tournaments: points; cash: net, one chart per unit,
money in currency units).  Every name and
label is HTML-escaped, so a player called ``<script>`` is shown, never run.
"""

from __future__ import annotations

import dataclasses
import html
import math
import sqlite3
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from ..model.money import major_units
from .standings import (
    StandingsOptions,
    add_points,
    cash_standings,
    entry_frame,
    present,
    session_frame,
    tournament_standings,
)

if TYPE_CHECKING:
    import pandas as pd

PALETTE = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#ff7f0e",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
    "#393b79",
    "#637939",
)
DASHES = ("", "6 3", "2 3", "8 3 2 3")

CSS = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { padding: 0.25em 0.7em; border-bottom: 1px solid #ddd; text-align: right; }
th { background: #f4f4f4; } td:nth-child(2), th:nth-child(2) { text-align: left; }
.note { color: #666; font-size: 0.9em; }
svg text { font-family: system-ui, sans-serif; font-size: 11px; }
"""


def _fmt(value: float) -> str:
    return f"{value:,.0f}" if float(value).is_integer() else f"{value:,.1f}"


def nice_ticks(lo: float, hi: float, most: int = 6) -> list[float]:
    """Round tick values (steps of 1, 2 or 5 × 10^k) covering ``lo``..``hi``, zero included.

    >>> nice_ticks(-77, 84)
    [-100.0, -50.0, 0.0, 50.0, 100.0]
    >>> nice_ticks(0, 8)
    [0.0, 2.0, 4.0, 6.0, 8.0]
    """
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    if hi == lo:
        hi = lo + 1
    raw = (hi - lo) / max(most - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(lo / step) * step
    ticks = [first]
    while ticks[-1] < hi:
        ticks.append(ticks[-1] + step)
    return [float(round(t, 10)) for t in ticks]


def line_chart(
    series: Mapping[str, Sequence[float]],
    labels: Sequence[str],
    *,
    title: str,
    tips: Sequence[str] = (),
    width: int = 760,
) -> str:
    """An SVG line chart: one polyline per series over the x ``labels``, with a legend.

    ``tips`` are the full x labels, shown on hover; the axis shows ``labels`` (keep them short).
    """
    left, right, top, bottom = 60, 170, 30, 60
    height = max(320, top + 14 * len(series) + 20 + bottom)
    plot_w, plot_h = width - left - right, height - top - bottom
    values = [v for vs in series.values() for v in vs] or [0.0]
    ticks = nice_ticks(min(values), max(values))
    lo, hi = ticks[0], ticks[-1]
    n = max(len(labels), 2)

    def x(i: int) -> float:
        return left + plot_w * i / (n - 1)

    def y(v: float) -> float:
        return top + plot_h * (hi - v) / (hi - lo)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" role="img" aria-label="{html.escape(title)}">',
        f'<text x="{left}" y="18" font-weight="bold">{html.escape(title)}</text>',
    ]
    for v in ticks:
        parts.append(
            f'<text x="{left - 6}" y="{y(v) + 4:.1f}" text-anchor="end">{_fmt(v)}</text>'
            f'<line x1="{left}" y1="{y(v):.1f}" x2="{left + plot_w}" y2="{y(v):.1f}" '
            f'stroke="{"#999" if v == 0 else "#eee"}"/>'
        )
    parts.append(f'<line x1="{left}" y1="{top}" x2="{left}" y2="{top + plot_h}" stroke="#999"/>')
    for i, label in enumerate(labels):
        tip = html.escape(tips[i]) if i < len(tips) else html.escape(label)
        parts.append(
            f'<text x="{x(i):.1f}" y="{top + plot_h + 14}" text-anchor="end" '
            f'transform="rotate(-35 {x(i):.1f} {top + plot_h + 14})">'
            f"<title>{tip}</title>{html.escape(label)}</text>"
        )
    for k, (name, vs) in enumerate(series.items()):
        colour, dash = PALETTE[k % len(PALETTE)], DASHES[(k // len(PALETTE)) % len(DASHES)]
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(vs))
        final = _fmt(vs[-1]) if vs else "0"
        parts.append(
            f'<polyline fill="none" stroke="{colour}" stroke-width="2"{dash_attr} '
            f'points="{points}"><title>{html.escape(name)}: {final}</title></polyline>'
        )
        ly = top + 14 * k
        parts.append(
            f'<line x1="{width - right + 12}" y1="{ly}" x2="{width - right + 32}" y2="{ly}" '
            f'stroke="{colour}" stroke-width="2"{dash_attr}/>'
            f'<text x="{width - right + 36}" y="{ly + 4}">{html.escape(name)} ({final})</text>'
        )
    parts.append("</svg>")
    return "\n".join(parts)


def cumulative(
    rows: Sequence[tuple[str, str, float]], events: Sequence[str]
) -> dict[str, list[float]]:
    """(event, player, value) rows → each player's running total after each event (0 first),
    best final total first."""
    players = sorted({p for _, p, _ in rows}, key=str.casefold)
    per_event: dict[tuple[str, str], float] = {}
    for event, player, value in rows:
        per_event[(event, player)] = per_event.get((event, player), 0.0) + value
    series: dict[str, list[float]] = {}
    for player in players:
        total, line = 0.0, [0.0]
        for event in events:
            total += per_event.get((event, player), 0.0)
            line.append(total)
        series[player] = line
    # best final result first, so the legend reads like the standings
    return dict(sorted(series.items(), key=lambda kv: (-kv[1][-1], kv[0].casefold())))


def _event_label(name: str, date: object) -> str:
    return f"{name} {date}" if date and str(date) not in name else name


def _short_label(name: str, date: object) -> str:
    """The x-axis label: the date when there is one, else the name cut to 12 characters."""
    if date:
        return str(date)
    return name if len(name) <= 12 else name[:11] + "…"


def _cash_chart(sessions: pd.DataFrame, unit: str) -> str:
    """The cumulative net chart of the cash sessions of one unit (in currency units for money)."""
    events = list(dict.fromkeys(str(e) for e in sessions["event_id"]))
    firsts = [g.iloc[0] for _, g in sessions.groupby("event_id", sort=False)]
    labels = ["start"] + [_short_label(str(r["event"]), r["date"]) for r in firsts]
    tips = ["before the first event"] + [_event_label(str(r["event"]), r["date"]) for r in firsts]
    series = cumulative(
        [
            (str(r.event_id), str(r.player), float(major_units(int(r.net), unit)))
            for r in sessions.itertuples()
        ],
        events,
    )
    return line_chart(series, labels, tips=tips, title=f"Cumulative net result ({unit})")


def season_report(db: sqlite3.Connection, options: StandingsOptions | None = None) -> str:
    """The whole report as one HTML document (see the module docstring)."""
    options = options or StandingsOptions()
    season = f"season {options.season}" if options.season else "all seasons"
    body = [f"<h1>Badugi ledger — {html.escape(season)}</h1>"]
    entries = entry_frame(db, options.season)
    if len(entries):
        opts = dataclasses.replace(options, kind="tournament")
        entries = add_points(entries, opts)
        table = tournament_standings(db, opts)
        events = list(dict.fromkeys(f"{r.event_id}" for r in entries.itertuples()))
        firsts = [g.iloc[0] for _, g in entries.groupby("event_id", sort=False)]
        labels = ["start"] + [_short_label(str(r["event"]), r["date"]) for r in firsts]
        tips = ["before the first event"] + [
            _event_label(str(r["event"]), r["date"]) for r in firsts
        ]
        series = cumulative(
            [(str(r.event_id), str(r.player), float(r.points)) for r in entries.itertuples()],
            events,
        )
        body += [
            "<h2>Tournament standings</h2>",
            f'<p class="note">Points: {html.escape(options.formula)}'
            + (f"; best {options.best_n} count" if options.best_n else "")
            + (f"; {options.min_events} events needed to rank" if options.min_events else "")
            + ". Ties: wins, then best finish, then events played. Winnings in each "
            "tournament's currency.</p>",
            present(table, "human").to_html(index=False, escape=True, na_rep=""),
            line_chart(series, labels, tips=tips, title="Cumulative points"),
        ]
    sessions = session_frame(db, options.season)
    if len(sessions):
        table = cash_standings(db, dataclasses.replace(options, kind="cash"))
        body += [
            "<h2>Cash standings</h2>",
            '<p class="note">Net result over the cash sessions, in the sessions\' money (a '
            "currency, or chips at their stated value) or else in chips; each unit is ranked "
            "on its own and never added to another.</p>",
            present(table, "human").to_html(index=False, escape=True, na_rep=""),
        ]
        for unit, group in sessions.groupby("unit", sort=True):
            body.append(_cash_chart(group, str(unit)))
    if len(body) == 1:
        body.append("<p>No hands in the ledger for this selection.</p>")
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    body.append(f'<p class="note">Made by badugi-ledger on {stamp}.</p>')
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>Badugi ledger — {html.escape(season)}</title>\n<style>{CSS}</style>\n"
        "</head>\n<body>\n" + "\n".join(body) + "\n</body>\n</html>\n"
    )
