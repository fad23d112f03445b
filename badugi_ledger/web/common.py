"""What every page of the web app shares: the ledger opened per request, and rendering a
template of ``badugi_ledger/templates/`` inside ``base.html``.

This is the one module of the web app that opens a ledger by its path (the app's, given to
``create_app``), as ``cli.py`` is for the commands (tests/test_ledger_opening.py); pages call
:func:`in_ledger` with their request and the work to do with the ledger.

The templates come from the package's one Jinja2 environment
(:func:`badugi_ledger.reports.templating.template_env`, shared with the season report): HTML
autoescaped, undefined names an error, and the ``money`` filter that shows an amount of the
ledger as money (``12.34 USD``) or chips, never as raw cents.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from starlette.concurrency import run_in_threadpool

from ..ledger import store
from ..reports.templating import money, template_env
from .security import csrf_token, read_only

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import HTMLResponse

__all__ = ["money", "in_ledger", "render", "template_env", "ledger_path"]

NAV = (
    ("events", "Events", "/events"),
    ("record", "Record", "/record"),
    ("standings", "Standings", "/standings"),
    ("settle", "Settle", "/settle"),
    ("players", "Players", "/players"),
)
"""The navigation of every page: (key, label, path)."""


def ledger_path(request: Request) -> Path:
    """The ledger file the app serves (``create_app``'s ``db_path``)."""
    return Path(request.app.state.db_path)


def prepare_ledger(path: str | Path, *, read_only: bool) -> list[str]:
    """Make sure the ledger at ``path`` can be served before serving it: create it (an empty
    ledger) when missing, or bring its schema up to date; when ``read_only``, a missing ledger
    or one of an older schema is a :class:`~badugi_ledger.model.errors.LedgerError` instead.
    A file the ledger holds the hands of and its folder lacks (a record page's save of a
    renamed night, stopped before it wrote the file) is written first
    (:mod:`badugi_ledger.ledger.unwritten_files`): what was written, one line a file."""
    from ..ledger.unwritten_files import write_unwritten

    ledger = store.open_ledger(path, create=not read_only, read_only=read_only)
    try:
        return [] if read_only else write_unwritten(ledger)
    finally:
        ledger.close()


T = TypeVar("T")


async def in_ledger(request: Request, work: Callable[[sqlite3.Connection], T]) -> T:
    """``await in_ledger(request, work)``: ``work(db)`` over the app's ledger, in a worker
    thread, and what it returns.

    Opening the ledger waits up to the busy timeout while another process holds it locked
    (a long ``badugi-ledger import``, a tool that took the file), and a query of a large
    ledger takes its time: on the server's event loop either would stop every other page
    from being answered meanwhile.  ``db`` is a plain ``sqlite3`` connection of
    :func:`badugi_ledger.ledger.store.open_ledger` (read-only, so that SQLite itself refuses
    writes, when the app is), opened, used and closed in the worker thread, since a
    connection stays in the thread that opened it: ``work`` returns finished values, nothing
    that reads the ledger later.
    """
    path = ledger_path(request)
    return await run_in_threadpool(_use_ledger, path, bool(request.app.state.read_only), work)


def _use_ledger(path: Path, read_only: bool, work: Callable[[sqlite3.Connection], T]) -> T:
    """``work`` over the ledger at ``path``, opened for it only and always closed."""
    db = store.open_ledger(path, create=False, read_only=read_only)
    try:
        return work(db)
    finally:
        db.close()


def render(request: Request, name: str, *, status_code: int = 200, **context: Any) -> HTMLResponse:
    """The template ``name`` (e.g. ``"web/events.html"``) as an HTML response.

    Every template gets ``request``, ``csrf_token`` (the value a form sends back in its
    ``csrf_token`` field), ``read_only`` (True when writes are refused) and ``nav`` (the
    navigation of ``base.html``), besides ``context``.
    """
    from starlette.responses import HTMLResponse

    page = (
        template_env()
        .get_template(name)
        .render(
            request=request,
            csrf_token=csrf_token(request),
            read_only=read_only(request),
            nav=NAV,
            **context,
        )
    )
    return HTMLResponse(page, status_code=status_code, headers={"cache-control": "no-store"})
