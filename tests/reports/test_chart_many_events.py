"""A season of 1,000 nights on the report's chart (``reports/chart.py``: a chart 400 units
wide that a phone shows at about a pixel a unit): its events' marks drew a grey band of
1,000 ticks and each line 2,000 points, most of the standings page's 290 KB.  Events closer
than two units share a mark whose tip counts them; a line keeps at most four points a unit
(its first, lowest, highest and last there), so it still reaches every total it reached."""

from __future__ import annotations

import math
import random
import re
from datetime import date, timedelta

import pytest

from badugi_ledger.reports.chart import Chart, line_chart, nice_ticks

EVENTS = 1000


def _chart() -> tuple[Chart, dict[str, list[float]]]:
    rng = random.Random(7)
    series: dict[str, list[float]] = {}
    for player in "ABCDEFGH":
        total, line = 0.0, [0.0]
        for _ in range(EVENTS):
            total += rng.randint(-50, 50)
            line.append(total)
        series[player] = line
    days = [(date(2021, 1, 1) + timedelta(days=i)).isoformat() for i in range(EVENTS)]
    tips = [f"night {i + 1}" for i in range(EVENTS)]
    return line_chart(series, days, title="t", finals={}, tips=tips), series


def _count(tip: str) -> int:
    shared = re.match(r"(\d+) events: ", tip)
    return int(shared.group(1)) if shared else 1


def test_events_close_together_share_a_mark_that_counts_them() -> None:
    chart, _ = _chart()
    marks = chart.marks
    assert len(marks) <= chart.plot_w / 2 + 1
    assert all(b.x - a.x >= 2 - 1e-9 for a, b in zip(marks, marks[1:], strict=False))
    assert sum(_count(m.tip) for m in marks) == EVENTS
    assert marks[0].tip.startswith(f"{_count(marks[0].tip)} events: night 1 … night ")


def test_a_line_keeps_four_points_a_unit_and_every_extreme() -> None:
    chart, series = _chart()
    every = [v for vs in series.values() for v in vs]
    ticks = nice_ticks(min(every), max(every))
    lo, hi = ticks[0], ticks[-1]

    def y(v: float) -> float:
        return chart.top + chart.plot_h * (hi - v) / (hi - lo)

    for line in chart.lines:
        points = [tuple(map(float, p.split(","))) for p in line.points.split()]
        columns: dict[int, int] = {}
        for x, _ in points:
            columns[math.floor(x)] = columns.get(math.floor(x), 0) + 1
        assert max(columns.values()) <= 4 + 1  # a point shown at .1 may round over the edge
        assert len(points) < 2 * EVENTS / 2
        ys = [y for _, y in points]
        values = series[line.name]
        assert min(ys) == pytest.approx(y(max(values)), abs=0.06)  # its best total
        assert max(ys) == pytest.approx(y(min(values)), abs=0.06)  # its worst
        assert ys[-1] == pytest.approx(y(values[-1]), abs=0.06)  # where it ends
