"""The season report (reports/html.py, reports/chart.py, templates/report*.html) without a
browser: events placed by date, at most eight players charted with everyone in the table,
money shown as money, names escaped, one self-contained page whose content a web page can
include with the same context."""

from __future__ import annotations

import dataclasses
import re
from datetime import date
from pathlib import Path

import pytest

from badugi_ledger.ledger.importing import import_outcomes, import_paths
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import LedgerError
from badugi_ledger.model.events import Session
from badugi_ledger.model.money import UNSTATED, ChipValue
from badugi_ledger.reports.chart import TOP, WIDTH, date_ticks, line_chart, text_width
from badugi_ledger.reports.html import Section, season_report, season_report_context
from badugi_ledger.reports.standings import (
    StandingsOptions,
    cash_standings,
    describe,
    tournament_standings,
)
from badugi_ledger.reports.templating import template_env
from tests.helpers.ledger_builder import hand
from tests.helpers.paths import EXAMPLES
from tests.helpers.season_builder import big_season, tournament_hands

HOSTILE = '<script>alert("x")</script>'


def usd_night(name: str, day: str | None, winner: str, loser: str, cents: int):  # type: ignore[no-untyped-def]
    session = Session(
        kind="cash", name=name, date=day, season="2024", chip_value=ChipValue(1, "USD")
    )
    stacks = {winner: 100_000, loser: 100_000}
    return [
        hand(
            "1",
            stacks,
            {winner: cents, loser: cents},
            {winner: 2 * cents},
            session=session,
            source=f"{name}.bhh",
        )
    ]


def sections(db: object, options: StandingsOptions | None = None) -> dict[str, Section]:
    context = season_report_context(db, options)  # type: ignore[arg-type]
    return {s.key: s for s in context["report_sections"]}  # type: ignore[attr-defined]


# ------------------------------------------------------------------ x axis by date


def test_events_sit_on_the_x_axis_by_date_not_evenly() -> None:
    db = open_ledger(None)
    # 10 days, then 50 days: evenly spaced, the middle event would sit half-way
    for name, day in (("A", "2024-01-01"), ("B", "2024-01-11"), ("C", "2024-03-01")):
        import_outcomes(db, usd_night(name, day, "Ann", "Bob", 500), f"{name}.bhh")
    (chart,) = sections(db)["cash"].charts
    x = [m.x for m in chart.marks]
    assert x[0] == pytest.approx(chart.left) and x[2] == pytest.approx(chart.left + chart.plot_w)
    assert (x[1] - x[0]) / (x[2] - x[0]) == pytest.approx(10 / 60, abs=1e-3)
    # the rendered SVG carries the same positions
    page = season_report(db)
    drawn = [float(v) for v in re.findall(r'class="report-event" x1="([\d.]+)"', page)]
    assert drawn == pytest.approx(x, abs=0.06)
    # round date labels, in order, inside the plot
    ticks = [t.at for t in chart.x_ticks]
    assert ticks == sorted(ticks) and all(x[0] <= t <= x[2] for t in ticks)
    assert [t.label for t in chart.x_ticks][0] == "1 Jan"


def test_a_step_holds_each_total_until_the_next_event() -> None:
    chart = line_chart({"Ann": [0.0, 5.0, 2.0]}, ["2024-01-01", "2024-01-31"], title="t", finals={})
    points = [tuple(map(float, p.split(","))) for p in chart.lines[0].points.split()]
    xs = [m.x for m in chart.marks]
    # start at 0, up to 5 at the first event, flat at 5 until the second, down to 2 there
    assert [p[0] for p in points] == pytest.approx([xs[0], xs[0], xs[0], xs[1], xs[1]], abs=0.06)
    ys = [p[1] for p in points]
    assert ys[0] == ys[1] and ys[2] == ys[3] and ys[2] < ys[0] and ys[3] < ys[4] < ys[0]


def test_without_a_date_on_every_event_the_axis_says_it_is_the_order() -> None:
    db = open_ledger(None)
    import_outcomes(db, usd_night("A", "2024-01-01", "Ann", "Bob", 500), "a.bhh")
    import_outcomes(db, usd_night("B", None, "Bob", "Ann", 200), "b.bhh")
    (chart,) = sections(db)["cash"].charts
    assert [t.label for t in chart.x_ticks] == ["1", "2"]
    assert "in order" in chart.x_label and "in order" in season_report(db)


@pytest.mark.parametrize(
    ("first", "last", "labels"),
    [
        (date(2024, 3, 1), date(2024, 3, 1), ["1 Mar"]),
        (date(2024, 12, 20), date(2025, 1, 3), ["20 Dec 2024", "27 Dec 2024", "3 Jan 2025"]),
        (date(2024, 1, 10), date(2024, 4, 2), ["Feb 2024", "Mar", "Apr"]),
        (date(2024, 11, 10), date(2025, 2, 2), ["Dec 2024", "Jan 2025", "Feb"]),
        (date(2019, 6, 1), date(2024, 6, 1), ["2020", "2021", "2022", "2023", "2024"]),
    ],
)
def test_date_labels_are_round_and_readable(first: date, last: date, labels: list[str]) -> None:
    ticks = date_ticks(first, last)
    assert [label for _, label in ticks] == labels
    assert all(first <= d <= last for d, _ in ticks)


# ------------------------------------------------------ top players, the rest in the table


def test_a_big_season_charts_the_top_eight_and_tables_everyone() -> None:
    db = big_season()
    found = sections(db)
    cash, cup = found["cash"], found["tournament"]
    table = cash_standings(db, StandingsOptions(kind="cash"))
    assert len(table) > 40  # the season that made 46-line charts
    (group,) = cash.groups
    assert group.heading == "" and len(group.table.rows) == len(table)
    (chart,) = cash.charts
    assert len(chart.lines) == TOP and len(chart.legend) == TOP
    # the charted players are the table's first eight, in its order, with their line colour
    assert [line.name for line in chart.lines] == list(table["player"][:TOP])
    coloured = [(r.cells["player"], r.colour) for r in group.table.rows if r.colour]
    assert coloured == [(line.name, line.colour) for line in chart.lines]
    assert f"top {TOP} of {len(table)} players" in chart.caption
    points = tournament_standings(db, StandingsOptions(kind="tournament"))
    assert [line.name for line in cup.charts[0].lines] == list(points["player"][:TOP])
    page = season_report(db)
    assert page.count("<polyline") == 2 * TOP
    assert page.count('<tr class="report-charted">') == 2 * TOP


def test_a_small_season_charts_everyone() -> None:
    db = open_ledger(None)
    import_outcomes(db, tournament_hands("Cup", ["Ann", "Bob", "Cy"], day="2024-05-01"), "c")
    (chart,) = sections(db)["tournament"].charts
    assert [line.name for line in chart.lines] == ["Ann", "Bob", "Cy"]
    assert "Every player" in chart.caption


def test_the_legend_wraps_inside_the_chart() -> None:
    names = [f"Player with a long name {i}" for i in range(8)]
    series = {n: [0.0, float(100 - i)] for i, n in enumerate(names)}
    chart = line_chart(series, ["2024-01-01"], title="t", finals={})
    rows = sorted({e.y for e in chart.legend})
    assert len(rows) >= 4  # wrapped, not cut off at the right
    assert all(e.x >= 0 and e.x + e.width <= WIDTH for e in chart.legend)
    assert all(e.y <= chart.height for e in chart.legend)
    assert all(e.label.startswith("Player with a l") and "…" in e.label for e in chart.legend)


def test_text_width_is_generous_for_wide_characters() -> None:
    assert text_width("王王") > text_width("WW") > text_width("ii")


# ------------------------------------------------------------------ money, escaping, the page


def test_money_is_shown_as_money_in_table_and_legend() -> None:
    db = open_ledger(None)
    import_outcomes(db, usd_night("A", "2024-01-01", "Ann", "Bob", 1234), "a.bhh")
    page = season_report(db)
    assert ">12.34 USD</td>" in page and ">-12.34 USD</td>" in page
    assert ">Ann (12.34 USD)</text>" in page and ">Bob (-12.34 USD)</text>" in page
    assert not re.search(r">-?1234</td>", page)  # never raw cents
    (chart,) = sections(db)["cash"].charts
    assert chart.title == "Cumulative net result (USD)"
    assert "12.5" in [t.label for t in chart.y_ticks] or "15" in [t.label for t in chart.y_ticks]


def test_tournament_winnings_are_money_and_points_are_numbers() -> None:
    db = open_ledger(None)
    import_outcomes(db, tournament_hands("Cup", ["Ann", "Bob", "Cy"], day="2024-05-01"), "c")
    page = season_report(db)
    # winner takes 30.00 for a 10.00 buy-in: +20.00 in the unstated currency
    assert ">20.00</td>" in page and ">-10.00</td>" in page
    assert ">Ann (3)</text>" in page  # linear points: 3 entrants, first place


def test_names_are_escaped_everywhere() -> None:
    db = open_ledger(None)
    import_outcomes(db, usd_night("A & <b>", "2024-01-01", HOSTILE, "Bob", 300), "a.bhh")
    import_outcomes(db, tournament_hands("<i>Cup</i>", [HOSTILE, "Bob"], day="2024-02-01"), "c")
    page = season_report(db)
    assert "<script" not in page and "<b>" not in page and "<i>" not in page
    escaped = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;"
    assert page.count(escaped) >= 6  # two tables, two legends, two line titles
    assert "A &amp; &lt;b&gt; 2024-01-01" in page  # the event's tip


def test_the_page_is_self_contained_and_made_for_phones() -> None:
    db = open_ledger(None)
    import_outcomes(db, usd_night("A", "2024-01-01", "Ann", "Bob", 500), "a.bhh")
    page = season_report(db, StandingsOptions(season="2024"))
    assert page.startswith("<!DOCTYPE html>")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "<script" not in page and "<link" not in page and "@import" not in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert ".report-table-wrap" in page  # the stylesheet is inlined
    assert "<title>Badugi ledger — season 2024</title>" in page
    assert 'viewBox="0 0 400 ' in page and 'width="100%"' in page


def test_an_empty_selection_says_so() -> None:
    page = season_report(open_ledger(None), StandingsOptions())
    assert "No hands in the ledger for this selection." in page


def test_a_season_the_ledger_has_not_is_refused() -> None:
    """A report of ``--season 2025`` for ``2024`` said "No hands" as if nobody had played."""
    db = big_season(players=12, cash_nights=1, tournaments=1)
    with pytest.raises(LedgerError, match="no season '1999' in the ledger"):
        season_report(db, StandingsOptions(season="1999"))


def test_a_web_page_includes_the_same_content_with_the_same_context() -> None:
    db = big_season(players=12, cash_nights=4, tournaments=2)
    context = season_report_context(db)
    page = (
        template_env()
        .from_string('<main><h1>Standings</h1>{% include "report.html" %}</main>')
        .render(**context, sections="the page's own")
    )
    standalone = season_report(db)
    content = re.search(r'<div class="report">.*?\n</div>\n', page, re.S)
    assert content is not None and content.group(0) in standalone
    assert "<style" not in page and "<script" not in page


def test_date_labels_never_touch() -> None:
    db = big_season()
    for section in sections(db).values():
        for chart in section.charts:
            spans = []
            for tick in chart.x_ticks:
                width = text_width(tick.label)
                left = {"start": 0, "middle": width / 2, "end": width}[tick.anchor]
                spans.append((tick.at - left, tick.at - left + width))
            assert len(spans) >= 3
            assert all(a[1] < b[0] for a, b in zip(spans, spans[1:], strict=False))
            assert spans[0][0] >= 0 and spans[-1][1] <= WIDTH


def test_a_season_of_one_day_steps_in_the_middle() -> None:
    db = open_ledger(None)
    import_outcomes(db, tournament_hands("Cup", ["Ann", "Bob", "Cy"], day="2024-05-01"), "c")
    (chart,) = sections(db)["tournament"].charts
    (mark,) = chart.marks
    assert mark.x == pytest.approx(chart.left + chart.plot_w / 2)
    points = chart.lines[0].points.split()
    assert float(points[0].split(",")[0]) == pytest.approx(chart.left, abs=0.06)
    assert float(points[-1].split(",")[0]) == pytest.approx(chart.left + chart.plot_w, abs=0.06)
    assert [t.label for t in chart.x_ticks] == ["1 May"]


def test_best_n_and_minimum_events_keep_the_unranked_in_the_table() -> None:
    db = big_season()
    options = StandingsOptions(best_n=2, min_events=3)
    cup = sections(db, options)["tournament"]
    ranks = [r.cells["rank"] for r in cup.groups[0].table.rows]
    assert "" in ranks and ranks[0] == "1"  # unranked players listed without a rank, last
    assert ranks.index("") > max(i for i, r in enumerate(ranks) if r != "")
    table = tournament_standings(db, dataclasses.replace(options, kind="tournament"))
    assert [line.name for line in cup.charts[0].lines] == list(table["player"][:TOP])
    assert "best 2 count" in cup.note and "counts the best" in cup.note


def test_two_currencies_are_ranked_apart_and_never_added() -> None:
    db = open_ledger(None)
    import_outcomes(db, usd_night("A", "2024-01-01", "Ann", "Bob", 1234), "a.bhh")
    eur = Session(
        kind="cash", name="E", date="2024-02-01", season="2024", chip_value=ChipValue(1, "EUR")
    )
    stacks = {"Ann": 10_000, "Cy": 10_000}
    import_outcomes(
        db, [hand("1", stacks, {"Ann": 450, "Cy": 450}, {"Cy": 900}, session=eur, source="e")], "e"
    )
    cash = sections(db)["cash"]
    assert [c.title for c in cash.charts] == [
        "Cumulative net result (EUR)",
        "Cumulative net result (USD)",
    ]
    assert [g.heading for g in cash.groups] == ["In EUR", "In USD"]
    assert all("unit" not in [c.key for c in g.table.columns] for g in cash.groups)
    # each unit ranked on its own: Ann is first in USD and second in EUR
    assert [r.cells["player"] for r in cash.groups[0].table.rows] == ["Cy", "Ann"]
    assert [r.cells["player"] for r in cash.groups[1].table.rows] == ["Ann", "Bob"]
    page = season_report(db)
    for shown in ("12.34 USD", "-12.34 USD", "4.50 EUR", "-4.50 EUR"):
        assert f">{shown}</td>" in page
    assert ">Ann (-4.50 EUR)</text>" in page and ">Ann (12.34 USD)</text>" in page


def test_money_of_no_named_currency_is_headed_as_the_web_app_heads_it() -> None:
    """A night whose chips are worth money of no named currency beside one in USD: the report
    heads its group as the web app captions its hands, from one spelling (``unit_name``)."""
    db = open_ledger(None)
    import_outcomes(db, usd_night("A", "2024-01-01", "Ann", "Bob", 1234), "a.bhh")
    unnamed = Session(
        kind="cash", name="M", date="2024-02-01", season="2024", chip_value=ChipValue(1, UNSTATED)
    )
    stacks = {"Ann": 10_000, "Cy": 10_000}
    import_outcomes(
        db,
        [hand("1", stacks, {"Ann": 450, "Cy": 450}, {"Cy": 900}, session=unnamed, source="m")],
        "m",
    )
    cash = sections(db)["cash"]
    assert [g.heading for g in cash.groups] == ["In USD", "In money (currency not named)"]


def test_money_of_no_named_currency_alone_is_headed_all_the_same() -> None:
    """The only unit of a section named only when there are others: but money of a currency
    no file named stands bare (``format_amount``: "22.00"), so a season of such nights alone
    showed its figures with no unit anywhere on the page; its heading now says what they are
    (``unit_name``), a named unit alone stays unheaded (its figures carry it)."""
    db = open_ledger(None)
    unnamed = Session(
        kind="cash", name="M", date="2024-02-01", season="2024", chip_value=ChipValue(1, UNSTATED)
    )
    stacks = {"Ann": 10_000, "Cy": 10_000}
    import_outcomes(
        db,
        [hand("1", stacks, {"Ann": 450, "Cy": 450}, {"Cy": 900}, session=unnamed, source="m")],
        "m",
    )
    assert [g.heading for g in sections(db)["cash"].groups] == ["In money (currency not named)"]
    usd = open_ledger(None)
    import_outcomes(usd, usd_night("A", "2024-01-01", "Ann", "Bob", 1234), "a.bhh")
    assert [g.heading for g in sections(usd)["cash"].groups] == [""]


def test_an_unfinished_tournament_is_named_in_the_note_as_the_standings_title_names_it(
    tmp_path: Path,
) -> None:
    """docs/ledger.md, *Tournaments*: the players still in when a file stops have no place, "no
    points and no win in the standings, whose title counts the unfinished tournaments".  The
    report, e-mailed round the club, showed them with 0 points and an empty best place and
    never said why; its note says it as ``standings`` does.  examples/tournament.bhh without
    its last hand: Kira and Noor still in."""
    text = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8")
    stopped = tmp_path / "stopped.bhh"
    stopped.write_text(text[: text.index("hand T3")], encoding="utf-8")
    db = open_ledger(None)
    assert import_paths(db, [stopped]).ok
    said = "1 unfinished tournament: no place and no points for the players still in"
    assert said in describe(db, StandingsOptions(kind="tournament"))
    cup = sections(db)["tournament"]
    assert said in cup.note, cup.note
    assert said in season_report(db)
    finished = open_ledger(None)
    assert import_paths(finished, [EXAMPLES / "tournament.bhh"]).ok
    assert "unfinished" not in sections(finished)["tournament"].note
