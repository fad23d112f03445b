"""Recording hands from the web app (placeholder until the record page lands).

See the contract in :mod:`badugi_ledger.web`: this module's ``routes`` are mounted by
:func:`badugi_ledger.web.app.create_app`.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from .common import render


async def record_page(request: Request) -> Response:
    """The Record page: not yet written."""
    return render(
        request,
        "web/message.html",
        active="record",
        heading="Record a hand",
        message="Not yet: recording hands from this page is coming. Until then, write the "
        "hands in a file and run badugi-ledger import.",
    )


routes: list[BaseRoute] = [Route("/record", record_page, methods=["GET"], name="record")]
