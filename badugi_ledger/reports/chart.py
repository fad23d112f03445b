"""The season report's line chart as geometry: where every line, tick and legend entry goes.

The report's charts are inline SVG (no scripts, nothing fetched), drawn by the template
``templates/report_chart.html`` from a :class:`Chart` built here, so the markup is escaped by
the one Jinja2 environment and the arithmetic is tested without a browser.

The chart is laid out in a box :data:`WIDTH` units wide that the page scales to its width
(``viewBox``, ``width: 100%``): at 400 units its 14-unit text stays above 12 px on a 390 px
phone.  Events sit on the x axis by date (two events a month apart are twice as far apart as
two a fortnight apart), labelled with round dates; when an event has no date the axis falls
back to the events' order.  The legend sits under the plot and wraps onto as many rows as its
entries need, so none is cut off.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import MAXYEAR, date, timedelta

from ..model.escaping import for_page

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
"""One colour per charted line (eight: the report charts at most :data:`TOP` players)."""
DASHES = ("", "6 3", "2 3", "8 3 2 3")
TOP = 8
"""How many players a chart shows: the best by final result; the table lists everyone."""
WIDTH = 400
FONT = 14
"""Text size in chart units (the title is one unit larger)."""
MARK_GAP = 2.0
"""The least distance, in chart units, between two events' marks on the x axis: events closer
than this share one mark, whose tip names how many and the first and last (a season of 1,000
nights drew 1,000 marks, a grey band of 140 KB)."""
COLUMN = 1.0
"""The width, in chart units, within which a line keeps at most four points (its first, its
lowest, its highest and its last): a step of each of 1,000 events, 2,000 points a line,
drew nothing a screen shows apart from those four (a unit is about a pixel on a phone)."""
MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


@dataclass(frozen=True)
class Tick:
    at: float
    """x or y of the tick, in chart units."""
    label: str
    zero: bool = False
    anchor: str = "middle"
    """The label's ``text-anchor``: ``start`` or ``end`` keeps a label at an edge in the box."""


@dataclass(frozen=True)
class Mark:
    """One event on the x axis (a short tick with the event's name and date as its tip)."""

    x: float
    tip: str


@dataclass(frozen=True)
class Line:
    name: str
    colour: str
    dash: str
    points: str
    """SVG polyline points, ``x,y x,y …``."""
    final: str
    """The final result as shown (``12.34 USD``, ``42``)."""


@dataclass(frozen=True)
class LegendEntry:
    x: float
    y: float
    label: str
    """``name (final)``, the name cut to fit."""
    tip: str
    colour: str
    dash: str
    width: float
    """Its estimated width in chart units (text included), used to wrap the legend."""


@dataclass(frozen=True)
class Chart:
    """Everything ``templates/report_chart.html`` draws (chart units; y grows downwards)."""

    title: str
    width: int
    height: int
    left: float
    top: float
    plot_w: float
    plot_h: float
    y_ticks: tuple[Tick, ...]
    x_ticks: tuple[Tick, ...]
    marks: tuple[Mark, ...]
    lines: tuple[Line, ...]
    legend: tuple[LegendEntry, ...]
    caption: str
    """Under the chart: who is charted, and that the table has the rest."""
    x_label: str
    font: int = FONT


def fmt_number(value: float) -> str:
    """A number as an axis shows it: ``1,250``, ``2.5``, ``-0.25``.

    >>> fmt_number(1250.0), fmt_number(2.5), fmt_number(-0.25)
    ('1,250', '2.5', '-0.25')
    """
    if float(value).is_integer():
        return f"{value:,.0f}"
    return f"{value:,.2f}".rstrip("0")


def nice_ticks(lo: float, hi: float, most: int = 6) -> list[float]:
    """Round tick values (steps of 1, 2 or 5 × 10^k) covering ``lo``..``hi``, zero included.

    >>> nice_ticks(-77, 84)
    [-100.0, -50.0, 0.0, 50.0, 100.0]
    >>> nice_ticks(0, 8)
    [0.0, 2.0, 4.0, 6.0, 8.0]

    Each tick is a whole number of steps (never a sum of steps, whose rounding errors made a
    ``-0`` label and a stray tick past the top):

    >>> nice_ticks(-0.5, 0.5)
    [-0.6, -0.4, -0.2, 0.0, 0.2, 0.4, 0.6]
    >>> nice_ticks(-0.3, 0.1)
    [-0.3, -0.2, -0.1, 0.0, 0.1]
    """
    lo, hi = min(lo, 0.0), max(hi, 0.0)
    if hi == lo:
        hi = lo + 1
    raw = (hi - lo) / max(most - 1, 1)
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(round(lo / step, 9))
    last = math.ceil(round(hi / step, 9))
    return [round(i * step, 10) + 0.0 for i in range(first, last + 1)]


def text_width(text: str, size: float = FONT) -> float:
    """A generous estimate of ``text``'s width at ``size`` in a sans-serif font: wide (East
    Asian) characters count one em, capitals and digits 0.7, the rest 0.6."""
    total = 0.0
    for char in text:
        if unicodedata.east_asian_width(char) in "WF":
            total += 1.0
        elif char.isupper() or char.isdigit() or char in "mw@%&":
            total += 0.7
        else:
            total += 0.6
    return total * size


def parse_date(value: object) -> date | None:
    """An event's date (``2024-03-01``, or a timestamp that starts with one), else None."""
    if value is None:
        return None
    text = str(value).strip()[:10]
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _add_months(day: date, months: int) -> date | None:
    """The first of the month ``months`` after ``day``'s; None past the last year a date can
    hold (9999: a night's file may date it so, and its chart must still be drawn)."""
    index = day.year * 12 + day.month - 1 + months
    if index // 12 > MAXYEAR:
        return None
    return date(index // 12, index % 12 + 1, 1)


def date_ticks(first: date, last: date, most: int = 5) -> list[tuple[date, str]]:
    """Round dates between ``first`` and ``last`` (at most ``most``), each with its label:
    days (``3 Mar``), weeks, months (``Mar 2024``; the year only on the first and on January)
    or years.

    >>> [label for _, label in date_ticks(date(2024, 1, 5), date(2024, 11, 20))]
    ['Feb 2024', 'Apr', 'Jun', 'Aug', 'Oct']
    >>> [label for _, label in date_ticks(date(2024, 3, 1), date(2024, 3, 9))]
    ['1 Mar', '3 Mar', '5 Mar', '7 Mar', '9 Mar']
    """
    span = (last - first).days
    for step in (1, 2, 7, 14):
        if span // step + 1 <= most:
            days = [first + timedelta(days=step * i) for i in range(span // step + 1)]
            cross = first.year != last.year
            return [
                (d, f"{d.day} {MONTHS[d.month - 1]}" + (f" {d.year}" if cross else ""))
                for d in days
            ]
    for step in (1, 2, 3, 6):
        months: list[date] = []
        at = _add_months(first, 0 if first.day == 1 else 1)
        while at is not None and at <= last and len(months) <= most:
            months.append(at)
            at = _add_months(at, step)
        if len(months) <= most:
            out, shown_year = [], None
            for d in months:
                label = MONTHS[d.month - 1]
                if shown_year != d.year:
                    label, shown_year = f"{label} {d.year}", d.year
                out.append((d, label))
            return out
    years = list(range(first.year + (first > date(first.year, 1, 1)), last.year + 1))
    step = max(1, math.ceil(len(years) / most))
    return [(date(y, 1, 1), str(y)) for y in years[::step]]


def _cut(name: str, most: int = 16) -> str:
    return name if len(name) <= most else name[: most - 1] + "…"


def _x_tick(x: float, label: str) -> Tick:
    half = text_width(label) / 2
    anchor = "start" if x - half < 0 else "end" if x + half > WIDTH else "middle"
    return Tick(x, label, anchor=anchor)


def _extent(tick: Tick) -> tuple[float, float]:
    width = text_width(tick.label)
    if tick.anchor == "start":
        return tick.at, tick.at + width
    if tick.anchor == "end":
        return tick.at - width, tick.at
    return tick.at - width / 2, tick.at + width / 2


def apart(ticks: Sequence[Tick], gap: float = 6) -> list[Tick]:
    """``ticks`` less any whose label would touch the label kept before it."""
    kept: list[Tick] = []
    for tick in ticks:
        if not kept or _extent(tick)[0] >= _extent(kept[-1])[1] + gap:
            kept.append(tick)
    return kept


def legend_rows(
    labels: Sequence[str], width: float, size: float = FONT
) -> list[list[tuple[int, float]]]:
    """Pack legend entries (a 22-unit swatch, then the label) left to right into rows no
    wider than ``width``: each row a list of (entry index, x offset)."""
    rows: list[list[tuple[int, float]]] = [[]]
    x = 0.0
    for i, label in enumerate(labels):
        entry = 22 + text_width(label, size)
        if rows[-1] and x + entry > width:
            rows.append([])
            x = 0.0
        rows[-1].append((i, x))
        x += entry + 14
    return rows


def marks(xs: Sequence[float], tips: Sequence[str]) -> tuple[Mark, ...]:
    """One mark per event at ``xs``, tipped with its label, except that events closer than
    :data:`MARK_GAP` to a group's first share its mark; the shared mark's tip counts them.

    >>> [m.tip for m in marks([10.0, 11.0, 12.5, 20.0], ["a", "b", "c", "d"])]
    ['2 events: a … b', 'c', 'd']
    """
    groups: list[list[int]] = []
    for i, x in enumerate(xs):
        if groups and abs(x - xs[groups[-1][0]]) < MARK_GAP:
            groups[-1].append(i)
        else:
            groups.append([i])

    def tip(i: int) -> str:
        return tips[i] if i < len(tips) else ""

    return tuple(
        Mark(xs[g[0]], tip(g[0]) if len(g) == 1 else f"{len(g)} events: {tip(g[0])} … {tip(g[-1])}")
        for g in groups
    )


def thinned(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
    """``points`` of a line with at most four kept in each :data:`COLUMN` of x (the first,
    the lowest, the highest and the last of the column, in their order): the dropped ones lie
    within the column between those, so the line covers the same band of each column.  A
    column of four points or fewer keeps them all.

    >>> thinned([(0.0, 1.0), (0.2, 5.0), (0.4, 0.0), (0.6, 3.0), (0.8, 2.0), (3.0, 2.0)])
    [(0.0, 1.0), (0.2, 5.0), (0.4, 0.0), (0.8, 2.0), (3.0, 2.0)]
    """
    out: list[tuple[float, float]] = []
    run: list[tuple[float, float]] = []
    column = None
    for point in [*points, (math.inf, 0.0)]:
        at = math.floor(point[0] / COLUMN) if point[0] != math.inf else None
        if run and at != column:
            ys = [v for _, v in run]
            keep = {0, ys.index(min(ys)), ys.index(max(ys)), len(run) - 1}
            out += [run[i] for i in sorted(keep)] if len(run) > 4 else run
            run = []
        column = at
        run.append(point)
    return out


def line_chart(
    series: Mapping[str, Sequence[float]],
    when: Sequence[object],
    *,
    title: str,
    finals: Mapping[str, str],
    tips: Sequence[str] = (),
    total: int | None = None,
    what: str = "result",
) -> Chart:
    """A chart of ``series`` (each player's running total before the first event and after
    each event, best first; the first :data:`TOP` are drawn, as steps) over the events' dates
    ``when`` (one per event; any missing date puts the events in order instead).  ``finals``
    is each player's final result as shown, ``tips`` each event's full label, ``total`` how
    many players the table has."""
    shown = dict(list(series.items())[:TOP])
    count = len(series) if total is None else total
    dates = [parse_date(w) for w in when]
    dated = bool(dates) and all(d is not None for d in dates)

    values = [v for vs in shown.values() for v in vs] or [0.0]
    ticks = nice_ticks(min(values), max(values))
    lo, hi = ticks[0], ticks[-1]
    labels = [fmt_number(t) for t in ticks]
    left = 8 + max(text_width(label) for label in labels)
    top, plot_h, right = 2 * FONT + 12, 200.0, 14.0
    plot_w = WIDTH - left - right

    def y(v: float) -> float:
        return top + plot_h * (hi - v) / (hi - lo)

    xs: list[float]
    x_ticks: list[Tick]
    if dated:
        days = [d.toordinal() for d in dates if d is not None]
        first, last = min(days), max(days)
        scale: Callable[[float], float] = (
            (lambda d: left + plot_w * (d - first) / (last - first))
            if last > first
            else (lambda d: left + plot_w / 2)  # one day: in the middle, held to either side
        )
        xs = [scale(d) for d in days]
        for most in range(6, 0, -1):  # the most round dates whose labels do not touch
            x_ticks = [
                _x_tick(scale(d.toordinal()), label)
                for d, label in date_ticks(date.fromordinal(first), date.fromordinal(last), most)
            ]
            if len(apart(x_ticks)) == len(x_ticks):
                break
        x_label = ""
    else:
        n = len(dates)
        xs = [left + plot_w * (i + 1) / n for i in range(n)]
        every = max(1, math.ceil(n / 6))
        x_ticks = [_x_tick(xs[i], str(i + 1)) for i in range(0, n, every)]
        x_label = "the events in order (not every event has a date)"
    start = xs[0] if dated and xs and xs[0] < xs[-1] else left

    lines: list[Line] = []
    for k, (name, vs) in enumerate(shown.items()):
        colour, dash = PALETTE[k % len(PALETTE)], DASHES[(k // len(PALETTE)) % len(DASHES)]
        # a step: a total holds until the next event, then moves at that event's date
        steps = [(start, vs[0])]
        for i, x in enumerate(xs):
            steps += [(x, vs[i]), (x, vs[i + 1])]
        if steps[-1][0] < left + plot_w - 0.5:  # held to the right edge
            steps.append((left + plot_w, vs[-1]))
        points = " ".join(f"{sx:.1f},{y(v):.1f}" for sx, v in thinned(steps))
        lines.append(Line(name, colour, dash, points, finals.get(name, fmt_number(vs[-1]))))

    legend_top = top + plot_h + FONT + 30
    # a name beside its figure: written visibly, an override in it would reverse the figure
    texts = [f"{_cut(for_page(line.name))} ({line.final})" for line in lines]
    rows = legend_rows(texts, WIDTH - 16)
    legend = [
        LegendEntry(
            8 + x,
            legend_top + r * (FONT + 8),
            texts[i],
            f"{for_page(lines[i].name)}: {lines[i].final}",
            lines[i].colour,
            lines[i].dash,
            22 + text_width(texts[i]),
        )
        for r, row in enumerate(rows)
        for i, x in row
    ]
    height = math.ceil(legend_top + len(rows) * (FONT + 8) + 4) if lines else int(legend_top)
    if count > len(shown):
        caption = (
            f"The top {len(shown)} of {count} players by {what}; the table below lists everyone."
        )
    else:
        caption = f"Every player's cumulative {what}, event by event."
    return Chart(
        title=title,
        width=WIDTH,
        height=height,
        left=left,
        top=top,
        plot_w=plot_w,
        plot_h=plot_h,
        y_ticks=tuple(Tick(y(t), label, t == 0) for t, label in zip(ticks, labels, strict=True)),
        x_ticks=tuple(apart(x_ticks)),
        marks=marks(xs, tips),
        lines=tuple(lines),
        legend=tuple(legend),
        caption=caption,
        x_label=x_label,
    )
