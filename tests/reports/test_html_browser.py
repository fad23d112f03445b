"""The season report as a person sees it: the written file opened in a real browser (Debian's
chromium through Playwright, nothing downloaded) as a 390 × 844 phone and as a desktop.

On the phone: the page is laid out at the phone's width (the viewport meta), never scrolls
sideways, its text is at least 12 px, every legend entry and date label of a chart lies inside
the chart, nothing is fetched and the console stays clean.  Screenshots go to
``test-output/screenshots/`` for a person to look at.

The browser fixture is here because no shared one existed when this was written (the web
app's tests may bring ``tests/helpers/browser.py``; this file should then use it).
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.events import Session
from badugi_ledger.model.money import ChipValue
from badugi_ledger.reports.html import season_report
from tests.helpers.ledger_builder import hand
from tests.helpers.season_builder import big_season, tournament_hands

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "test-output" / "screenshots"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
HOSTILE = "<script>alert(1)</script>"
LONG = "Maximilian Wolfgang Amadeus Oppenheimer-Featherstonehaugh"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's chromium, headless, driven by Playwright (fails, not skips, without it)."""
    if not Path(CHROMIUM).exists() or shutil.which("chromium") is None:
        pytest.fail(f"{CHROMIUM} not found: install Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


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


class Opened:
    """A page of the report and what the browser said while loading it."""

    def __init__(self, page: Any, errors: list[str], requests: list[str]) -> None:
        self.page, self.errors, self.requests = page, errors, requests


def open_report(browser: Any, path: Path, viewport: dict[str, int], *, phone: bool) -> Opened:
    context = browser.new_context(
        viewport=viewport, is_mobile=phone, has_touch=phone, device_scale_factor=2 if phone else 1
    )
    page = context.new_page()
    errors: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return Opened(page, errors, requests)


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


def check_layout(opened: Opened, width: int) -> dict[str, Any]:
    got: dict[str, Any] = opened.page.evaluate(GEOMETRY)
    assert got["innerWidth"] == width  # laid out at the device's width, not at 980 px
    assert got["scrollWidth"] <= got["clientWidth"], "the page scrolls sideways"
    assert got["bodyFont"] >= 12 and got["smallestText"] >= 12
    assert got["charts"], "no chart drawn"
    for chart in got["charts"]:
        assert chart["legend"] >= 1
        assert chart["legendOutside"] == [], "legend entries cut off"
        assert chart["labelsOutside"] == [], "chart text outside the chart"
        assert chart["width"] <= got["clientWidth"]
    assert opened.errors == []
    assert all(url.startswith("file:") for url in opened.requests), opened.requests
    return got


def test_the_report_on_a_phone(browser: Any, report_file: Path) -> None:
    opened = open_report(browser, report_file, PHONE, phone=True)
    got = check_layout(opened, PHONE["width"])
    for chart in got["charts"]:
        assert chart["smallestText"] >= 12, "chart text too small to read on a phone"
    screenshot(opened.page, SCREENSHOTS / "report-390.png", full_page=True)
    for i, figure in enumerate(opened.page.locator("figure.report-chart").all()):
        screenshot(figure, SCREENSHOTS / f"report-390-chart{i}.png")
    opened.page.context.close()


def test_the_report_on_a_desktop(browser: Any, report_file: Path) -> None:
    opened = open_report(browser, report_file, DESKTOP, phone=False)
    check_layout(opened, DESKTOP["width"])
    screenshot(opened.page, SCREENSHOTS / "report-1280.png", full_page=True)
    screenshot(opened.page, SCREENSHOTS / "report-1280-top.png")
    opened.page.context.close()


def test_a_page_without_the_viewport_meta_is_caught(browser: Any, tmp_path: Path) -> None:
    """The phone check is real: the same report without its viewport meta is laid out at
    980 px, which the check refuses."""
    db = open_ledger(None)
    import_outcomes(db, tournament_hands("Cup", ["Ann", "Bob", "Cy"], day="2024-05-01"), "c")
    page = season_report(db).replace('<meta name="viewport"', '<meta name="no-viewport"')
    path = tmp_path / "old.html"
    path.write_text(page, encoding="utf-8")
    opened = open_report(browser, path, PHONE, phone=True)
    with pytest.raises(AssertionError):
        check_layout(opened, PHONE["width"])
    opened.page.context.close()
