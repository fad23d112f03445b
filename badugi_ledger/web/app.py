"""The web app: :func:`create_app` puts the pages, the static files and the guard together.

Every request passes :class:`badugi_ledger.web.security.Guard` first (token, host, CSRF,
read-only, body size, security headers); the pages come from :mod:`.browse` and
:mod:`.record`; ``/static/`` serves ``badugi_ledger/static/`` (the stylesheet and the one
script: nothing is loaded from the internet).
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from ..model.errors import BadugiError
from ..reports.stored_hands import ReplayCache
from . import browse, record
from .advice_words import page_error
from .common import prepare_ledger, render
from .security import MAX_BODY, Guard, Policy, plain_answer, wants_json

STATIC_DIR = Path(__file__).resolve().parent.parent / "static"


async def home(request: Request) -> Response:
    return RedirectResponse("/events", status_code=303)


async def library_error(request: Request, exc: Exception) -> Response:
    """A library error (bad input, an unknown event…) as a page with its message."""
    return render(
        request,
        "web/message.html",
        status_code=400,
        heading="That did not work",
        message=page_error(exc),
    )


async def http_error(request: Request, exc: Exception) -> Response:
    """A refusal as a page, or as ``{"error": why}`` to a script that reads JSON."""
    status = exc.status_code if isinstance(exc, HTTPException) else 500
    detail = exc.detail if isinstance(exc, HTTPException) else "Something went wrong."
    # The refusal's own headers: a 405's Allow names the methods the page takes (RFC 9110).
    headers = dict(exc.headers or {}) if isinstance(exc, HTTPException) else {}
    if wants_json(request.scope):
        return JSONResponse({"error": detail}, status_code=status, headers=headers)
    heading = {403: "Not allowed", 404: "Not found", 405: "Not allowed"}.get(status, "Error")
    page = render(request, "web/message.html", status_code=status, heading=heading, message=detail)
    page.headers.update(headers)
    return page


async def server_error(request: Request, exc: Exception) -> Response:
    """An unexpected failure (a bug): a plain answer saying so, never the traceback, which
    goes to the server's log.  Starlette answers it outside the guard, so it carries the
    guard's security headers itself."""
    return plain_answer(
        request.scope, 500, "Something went wrong on the server; its log says what."
    )


def create_app(
    db_path: str | Path,
    *,
    read_only: bool = False,
    token: str | None = None,
    max_body: int = MAX_BODY,
    hosts: tuple[str, ...] = (),
) -> Starlette:
    """The app serving the ledger at ``db_path``.

    ``token``: the access token every request must carry (``serve`` makes one when bound
    beyond this machine); None serves only requests whose ``Host`` names this machine
    (127.0.0.1, localhost, ::1) or one of ``hosts``.  ``read_only`` refuses every write.
    ``max_body``: the largest request body in bytes.  A missing ledger file is created empty
    (an error when ``read_only``).
    """
    written = prepare_ledger(db_path, read_only=read_only)
    routes: list[BaseRoute] = [
        Route("/", home, name="home"),
        *browse.routes,
        *record.routes,
        Mount("/static", app=StaticFiles(directory=STATIC_DIR), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[
            Middleware(
                Guard,
                policy=Policy(
                    token=token,
                    read_only=read_only,
                    max_body=max_body,
                    hosts=hosts,
                    computing=record.COMPUTING,
                    routes=tuple(routes),
                ),
            )
        ],
        exception_handlers={
            BadugiError: library_error,
            HTTPException: http_error,
            Exception: server_error,
        },
    )
    app.state.db_path = str(db_path)
    app.state.read_only = read_only
    app.state.written = written
    app.state.replays = ReplayCache()  # the event pages' replayed files, while unchanged
    return app
