"""The record page's speed on a 50-hand night, in a real browser, beside the library call it
waits for.

    python benchmarks/bench_web_record.py [--hands 50] [--keystrokes 20] [--repeat 5]

Figures printed, all in the same run:

* *reference*: ``live_check(text)`` of the night's text in this process (best of
  ``--repeat``), and ``checked_view(text)``, the whole answer of ``POST /record/check``
  (``live_check`` plus the shaping and the next hand's line), with its JSON size;
* *page load*: ``/record`` opened in chromium at 390×844 until its ``load`` event, and until the
  first verdict is on the page (empty text: no check asked), then the same page reloaded with
  the night kept as the draft (the load plus the first check of the 50 hands);
* *keystroke to verdict*: a character typed at the end of the night (then erased, and so on)
  to the updated verdict on the page (the script's 250 ms debounce included; the figure less
  the debounce is the server's check, the transfer and the drawing).

Only printed figures, no assertions on speed; the verdict's hand count is checked so a page
that shows nothing cannot look fast.  Needs the ``web`` and ``test`` extras and
``/usr/bin/chromium`` (Playwright never downloads a browser here).
"""

from __future__ import annotations

import argparse
import io
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from badugi_ledger.live import live_check
from badugi_ledger.simulate.sessions import SimulationOptions, write_simulation
from badugi_ledger.web.app import create_app
from badugi_ledger.web.record_view import checked_view

CHROMIUM = "/usr/bin/chromium"
DEBOUNCE_MS = 250  # CHECK_DELAY_MS of static/record.js
SETTLED = "#record-verdict:not([data-state=pending]):not([data-state=empty])"


def night(hands: int) -> str:
    """A simulated cash night of ``hands`` Badugi hands at one table of six, every card shown,
    a header naming the event (as a night recorded on the page has)."""
    out = io.StringIO()
    write_simulation(SimulationOptions(hands=hands, players=6, seed=50, session_hands=hands), out)
    return out.getvalue()


def best_ms(repeat: int, work: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work()
        times.append((time.perf_counter() - start) * 1000)
    return min(times)


SERVER = """
import sys, uvicorn
from badugi_ledger.web.app import create_app
uvicorn.run(create_app(sys.argv[1]), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


@contextmanager
def serving(db: Path) -> Iterator[str]:
    """The app over ``db`` in its own process (as ``serve`` runs it: the browser's driver in
    this process does not share the server's interpreter)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-c", SERVER, str(db), str(port)])
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the record page's server did not start") from None
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=50)
    parser.add_argument("--keystrokes", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    text = night(args.hands)
    hands = len(live_check(text).hands)
    assert hands == args.hands, f"the simulated night holds {hands} hands"
    lines = text.count("\n")
    print(f"night: {hands} hands, {lines} lines, {len(text.encode())} bytes")
    live_ms = best_ms(args.repeat, lambda: live_check(text))
    print(f"reference live_check(text): {live_ms:7.1f} ms (best of {args.repeat})")
    view_ms = best_ms(args.repeat, lambda: checked_view(text))
    size = len(json.dumps(checked_view(text)).encode())
    print(f"checked_view(text), the answer of POST /record/check: {view_ms:7.1f} ms, {size} bytes")

    with tempfile.TemporaryDirectory() as folder:
        db = Path(folder) / "club.db"
        create_app(db)  # makes the ledger
        measure_browser(args, text, hands, db)


WATCH = """() => {
  const text = document.getElementById("record-text");
  const verdict = document.getElementById("record-verdict");
  window.benchDown = 0;
  window.benchDrawn = [];
  text.addEventListener("keydown", () => { window.benchDown = performance.now(); });
  new MutationObserver(() => {
    if (!window.benchDown || verdict.dataset.state === "pending") return;
    requestAnimationFrame(() => window.benchDrawn.push(performance.now() - window.benchDown));
  }).observe(verdict, { attributes: true, attributeFilter: ["data-state"] });
}"""
"""In the page (run through the driver, not as a page script): from each keydown to the frame
after the verdict is drawn, by the page's own clock."""


def measure_browser(args: argparse.Namespace, text: str, hands: int, db: Path) -> None:
    from playwright.sync_api import sync_playwright

    with serving(db) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"]
        )
        context = browser.new_context(viewport={"width": 390, "height": 844})
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))

        loads, firsts = [], []
        for _ in range(args.repeat):
            if page.url.startswith(url):
                page.evaluate("() => localStorage.clear()")  # no draft: an empty page
            start = time.perf_counter()
            page.goto(url + "/record", wait_until="load")
            loads.append((time.perf_counter() - start) * 1000)
            page.wait_for_selector("#record-verdict[data-state=empty]")
            firsts.append((time.perf_counter() - start) * 1000)
        print(
            f"page load (empty):    load event {min(loads):7.1f} ms, "
            f"page ready {min(firsts):7.1f} ms (best of {args.repeat})"
        )

        page.fill("#record-text", text)
        page.wait_for_selector(SETTLED)
        shown = page.inner_text("#record-verdict")
        assert f"{hands} hands" in shown, shown
        reloads = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            page.reload(wait_until="load")
            page.wait_for_selector(SETTLED)
            reloads.append((time.perf_counter() - start) * 1000)
        print(
            f"page load with the {hands}-hand night as the draft, to its verdict: "
            f"{min(reloads):7.1f} ms (best of {args.repeat})"
        )

        page.click("#record-text")
        page.keyboard.press("Control+End")
        page.evaluate("() => performance.clearResourceTimings()")
        page.evaluate(WATCH)
        delays = []
        for stroke in range(args.keystrokes):
            start = time.perf_counter()
            page.keyboard.press("Backspace" if stroke % 2 else "Space")
            page.wait_for_selector(SETTLED)
            delays.append((time.perf_counter() - start) * 1000)
        assert f"{hands} hands" in page.inner_text("#record-verdict")
        fetches = page.evaluate(
            "() => performance.getEntriesByType('resource')"
            ".filter(e => e.name.endsWith('/record/check')).map(e => e.duration)"
        )
        drawn = page.evaluate("() => window.benchDrawn")
        assert len(drawn) == args.keystrokes, drawn
        median, worst = statistics.median(drawn), max(drawn)
        print(
            f"keystroke to verdict drawn, page clock ({args.keystrokes} keystrokes): median "
            f"{median:7.1f} ms, max {worst:7.1f} ms; less the {DEBOUNCE_MS} ms debounce: "
            f"median {median - DEBOUNCE_MS:7.1f} ms, of which the POST /record/check request "
            f"(server and transfer) median {statistics.median(fetches):7.1f} ms"
        )
        print(
            f"keystroke to verdict seen by the driver (wall clock): median "
            f"{statistics.median(delays):7.1f} ms, max {max(delays):7.1f} ms"
        )
        assert not errors, errors
        browser.close()


if __name__ == "__main__":
    main()
