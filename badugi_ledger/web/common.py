"""What every page of the web app shares: the ledger opened per request, and rendering a
template of ``badugi_ledger/templates/`` inside ``base.html``.

This is the one module of the web app that opens a ledger by its path (the app's, given to
``create_app``), as ``cli.py`` is for the commands (tests/test_ledger_opening.py); pages call
:func:`open_ledger` with their request.

The templates come from the package's one Jinja2 environment
(:func:`badugi_ledger.reports.templating.template_env`, shared with the season report): HTML
autoescaped, undefined names an error, and the ``money`` filter that shows an amount of the
ledger as money (``12.34 USD``) or chips, never as raw cents.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..ledger import store
from ..reports.templating import money, template_env
from .security import csrf_token, read_only

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import HTMLResponse

__all__ = ["money", "open_ledger", "render", "template_env", "ledger_path"]

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


def prepare_ledger(path: str | Path, *, read_only: bool) -> None:
    """Make sure the ledger at ``path`` can be served before serving it: create it (an empty
    ledger) when missing, or bring its schema up to date; when ``read_only``, a missing ledger
    or one of an older schema is a :class:`~badugi_ledger.model.errors.LedgerError` instead."""
    store.open_ledger(path, create=not read_only, read_only=read_only).close()


@contextmanager
def open_ledger(request: Request) -> Iterator[sqlite3.Connection]:
    """``with open_ledger(request) as db:`` the app's ledger, a plain ``sqlite3`` connection of
    :func:`badugi_ledger.ledger.store.open_ledger` for this request only, always closed
    (opened read-only, so that SQLite itself refuses writes, when the app is read-only)."""
    db = store.open_ledger(
        ledger_path(request), create=False, read_only=bool(request.app.state.read_only)
    )
    try:
        yield db
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
