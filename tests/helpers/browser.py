"""Browser tests of the web app: the system's chromium driven by Playwright, and the app served
by uvicorn in a thread over a temporary ledger.

Nothing is downloaded: Playwright launches ``/usr/bin/chromium`` (Debian's ``chromium``
package; ``.ci/run`` installs it when it is missing), headless, without sandbox, GPU or any of
chromium's own network traffic.  ``browser`` and ``phone`` are registered for every test
folder by ``tests/conftest.py``; a folder that wants the ledger and server fixtures imports
them in its own ``conftest.py`` (``tests/web/conftest.py`` does)::

    # conftest.py of the folder
    from tests.helpers.browser import examples_ledger, live_server  # noqa: F401

    # test_….py
    def test_events(phone, live_server):
        page = phone.open(live_server.url + "/events")
        ...
        assert phone.errors == []

* ``browser``: one chromium for the session.
* ``examples_ledger``: a ledger file (session-wide, do not write to it) with every hand of
  ``examples/`` imported; ``fresh_ledger``: the same, new for each test (for tests that write).
* ``live_server``: the app over ``examples_ledger`` on a free port of 127.0.0.1 (``.url``);
  :func:`serving` serves any app the same way (``with serving(create_app(db)) as url:``).
* ``phone``: a fresh browser page of 390×844 (a phone) that records console errors and page
  errors in ``.errors``; ``phone.shot(name)`` saves a screenshot to ``test-output/screenshots/``.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES, REPO

CHROMIUM = Path("/usr/bin/chromium")
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
SCREENSHOTS = REPO / "test-output" / "screenshots"
_PLAYWRIGHT: dict[str, Any] = {}
"""The process's one Playwright driver while a ``browser`` fixture is alive."""
PHONE = {"width": 390, "height": 844}
"""The viewport of a phone (an iPhone 12 to 15, in CSS pixels)."""


def free_port() -> int:
    """A TCP port of 127.0.0.1 nobody listens on (now)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def serving(app: Any, host: str = "127.0.0.1", port: int | None = None) -> Iterator[str]:
    """Serve the ASGI ``app`` with uvicorn in a thread (on ``port``, else a free one); yields
    its base URL, stops it after."""
    import uvicorn

    port = port or free_port()
    server = uvicorn.Server(uvicorn.Config(app, host=host, port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, name=f"uvicorn:{port}", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError(f"the test server on port {port} did not start")
        time.sleep(0.02)
    try:
        yield f"http://{host}:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


@dataclass(frozen=True)
class LiveServer:
    url: str
    db: Path


def _examples_into(db: Path) -> Path:
    report = import_into(db, [EXAMPLES])
    assert report.ok, report.text_lines()
    return db


@pytest.fixture(scope="session")
def examples_ledger(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A ledger with every example imported, shared by the session (read it only)."""
    return _examples_into(tmp_path_factory.mktemp("web") / "club.db")


@pytest.fixture
def fresh_ledger(tmp_path: Path, examples_ledger: Path) -> Path:
    """A ledger with every example imported, this test's own (it may write)."""
    db = tmp_path / "club.db"
    from badugi_ledger.ledger.store import ledger_at

    with ledger_at(examples_ledger, create=False) as source, ledger_at(db) as target:
        source.backup(target)
    return db


@pytest.fixture(scope="session")
def live_server(examples_ledger: Path) -> Iterator[LiveServer]:
    """The web app over :func:`examples_ledger`, served on a free port of 127.0.0.1."""
    from badugi_ledger.web.app import create_app

    with serving(create_app(examples_ledger)) as url:
        yield LiveServer(url, examples_ledger)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """The system's chromium, headless, through Playwright (one for the session)."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium (apt-get install -y chromium); "
            "the browser tests never download a browser"
        )
    from playwright.sync_api import sync_playwright

    # One Playwright per process: a test module that imports this fixture itself defines a
    # second ``browser`` fixture, and a second Playwright in the same thread cannot start.
    playwright, owner = _PLAYWRIGHT.get("driver"), False
    if playwright is None:
        playwright, owner = sync_playwright().start(), True
        _PLAYWRIGHT["driver"] = playwright
    chromium = playwright.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
    )
    try:
        yield chromium
    finally:
        chromium.close()
        if owner:  # set up first, so torn down last
            del _PLAYWRIGHT["driver"]
            playwright.stop()


@dataclass
class Phone:
    """A browser page the size of a phone that keeps every console error and page error."""

    page: Any
    errors: list[str] = field(default_factory=list)

    def open(self, url: str) -> Any:
        """Go to ``url``; fail on an HTTP error status.  Returns the Playwright page."""
        response = self.page.goto(url, wait_until="load")
        assert response is not None and response.ok, f"{url}: {response and response.status}"
        return self.page

    def shot(self, name: str) -> Path:
        """A full-page screenshot ``test-output/screenshots/NAME.png``."""
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def page_width(self) -> int:
        """How wide the document is (more than the viewport: it scrolls sideways)."""
        return int(self.page.evaluate("document.documentElement.scrollWidth"))


@pytest.fixture
def phone(browser: Any) -> Iterator[Phone]:
    """A fresh page of 390×844 in its own context (own cookies), errors recorded."""
    context = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    phone = Phone(page)
    page.on(
        "console",
        lambda msg: (
            phone.errors.append(f"console {msg.type}: {msg.text}")
            if msg.type in ("error", "warning")
            else None
        ),
    )
    page.on("pageerror", lambda exc: phone.errors.append(f"page error: {exc}"))
    try:
        yield phone
    finally:
        context.close()
