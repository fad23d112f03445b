"""The season report as a person sees it: the written file opened in a real browser (Debian's
chromium through Playwright, nothing downloaded) as a 390 × 844 phone and as a desktop.

On the phone: the page is laid out at the phone's width (the viewport meta), never scrolls
sideways, its text is at least 12 px, every legend entry and date label of a chart lies inside
the chart, nothing is fetched and the console stays clean.  Screenshots go to
``test-output/screenshots/`` for a person to look at.  The browser and the phone are the
shared fixtures of :mod:`tests.helpers.browser` (registered by ``tests/conftest.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.events import Session
from badugi_ledger.model.money import ChipValue
from badugi_ledger.reports.html import season_report
from tests.helpers.browser import PHONE, SCREENSHOTS, Phone
from tests.helpers.ledger_builder import hand
from tests.helpers.season_builder import big_season, tournament_hands

DESKTOP = {"width": 1280, "height": 900}
HOSTILE = "<script>alert(1)</script>"
LONG = "Maximilian Wolfgang Amadeus Oppenheimer-Featherstonehaugh"


@pytest.fixture(scope="module")
def report_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The report of a 46-player season, with a hostile and a long name among the leaders."""
    db = big_season()
    night = Session(
        kind="cash",
        name="Late night",
        date="2024-12-30",
        season="2024",
        chip_value=ChipValue(1, "USD"),
    )
    stacks = {HOSTILE: 90_000, LONG: 90_000, "Ann": 90_000}
    big_pot = hand(
        "1",
        stacks,
        dict.fromkeys(stacks, 30_000),
        {HOSTILE: 45_000, LONG: 45_000},
        session=night,
        source="late.bhh",
    )
    import_outcomes(db, [big_pot], "late.bhh")
    path = tmp_path_factory.mktemp("report") / "season.html"
    path.write_text(season_report(db), encoding="utf-8")
    return path


GEOMETRY = """() => {
  const doc = document.documentElement;
  const inside = (b, o) => b.left >= o.left - 0.5 && b.right <= o.right + 0.5
                        && b.top >= o.top - 0.5 && b.bottom <= o.bottom + 0.5;
  const charts = [...document.querySelectorAll('figure.report-chart svg')].map(svg => {
    const box = svg.getBoundingClientRect();
    const scale = box.width / svg.viewBox.baseVal.width;
    const texts = [...svg.querySelectorAll('text')];
    const out = sel => [...svg.querySelectorAll(sel)]
        .filter(e => !inside(e.getBoundingClientRect(), box))
        .map(e => e.textContent.trim());
    return {
      width: box.width,
      legend: svg.querySelectorAll('.report-legend-entry').length,
      legendOutside: out('.report-legend-entry'),
      labelsOutside: out('text'),
      smallestText: Math.min(...texts.map(t => parseFloat(getComputedStyle(t).fontSize) * scale)),
    };
  });
  const textSizes = [...document.querySelectorAll('p, td, th, h1, h2, figcaption')]
      .map(e => parseFloat(getComputedStyle(e).fontSize));
  return {
    innerWidth: window.innerWidth,
    scrollWidth: doc.scrollWidth,
    clientWidth: doc.clientWidth,
    bodyFont: parseFloat(getComputedStyle(document.body).fontSize),
    smallestText: Math.min(...textSizes),
    charts,
  };
}"""


def visit(page: Any, path: Path) -> list[str]:
    """Open the report file in ``page``; the URLs the page asked for."""
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(path.as_uri(), wait_until="load")
    return requests


def screenshot(target: Any, path: Path, **options: Any) -> None:
    """A screenshot for a person to look at; chromium on a busy machine now and then answers
    "Unable to capture screenshot", so it is tried up to three times."""
    from playwright.sync_api import Error

    path.parent.mkdir(parents=True, exist_ok=True)
    for attempt in range(3):
        try:
            target.screenshot(path=str(path), **options)
            return
        except Error:
            if attempt == 2:
                raise


def check_layout(page: Any, errors: list[str], requests: list[str], width: int) -> dict[str, Any]:
    got: dict[str, Any] = page.evaluate(GEOMETRY)
    assert got["innerWidth"] == width, f"laid out at {got['innerWidth']} px, not {width} px"
    assert got["scrollWidth"] <= got["clientWidth"], "the page scrolls sideways"
    assert got["bodyFont"] >= 12 and got["smallestText"] >= 12
    assert got["charts"], "no chart drawn"
    for chart in got["charts"]:
        assert chart["legend"] >= 1
        assert chart["legendOutside"] == [], "legend entries cut off"
        assert chart["labelsOutside"] == [], "chart text outside the chart"
        assert chart["width"] <= got["clientWidth"]
    assert errors == []
    assert all(url.startswith("file:") for url in requests), requests
    return got


def test_the_report_on_a_phone(phone: Phone, report_file: Path) -> None:
    requests = visit(phone.page, report_file)
    got = check_layout(phone.page, phone.errors, requests, PHONE["width"])
    for chart in got["charts"]:
        assert chart["smallestText"] >= 12, "chart text too small to read on a phone"
    screenshot(phone.page, SCREENSHOTS / "report-390.png", full_page=True)
    for i, figure in enumerate(phone.page.locator("figure.report-chart").all()):
        screenshot(figure, SCREENSHOTS / f"report-390-chart{i}.png")


def test_the_report_on_a_desktop(browser: Any, report_file: Path) -> None:
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        errors: list[str] = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        requests = visit(page, report_file)
        check_layout(page, errors, requests, DESKTOP["width"])
        screenshot(page, SCREENSHOTS / "report-1280.png", full_page=True)
        screenshot(page, SCREENSHOTS / "report-1280-top.png")
    finally:
        context.close()


def test_a_page_without_the_viewport_meta_is_caught(phone: Phone, tmp_path: Path) -> None:
    """The phone check is real: the same report without its viewport meta is laid out at
    980 px, which the check refuses."""
    db = open_ledger(None)
    import_outcomes(db, tournament_hands("Cup", ["Ann", "Bob", "Cy"], day="2024-05-01"), "c")
    page = season_report(db).replace('<meta name="viewport"', '<meta name="no-viewport"')
    path = tmp_path / "old.html"
    path.write_text(page, encoding="utf-8")
    requests = visit(phone.page, path)
    with pytest.raises(AssertionError, match="laid out at 980 px"):
        check_layout(phone.page, phone.errors, requests, PHONE["width"])
