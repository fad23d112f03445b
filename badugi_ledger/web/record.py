"""The "Record a hand" page of ``badugi-ledger serve``: an organiser records hands at the table,
often on a phone, by tapping the legal next actions or by typing, into one text that the
server checks as it changes and saves through the same import as ``badugi-ledger import``.

The page holds no game knowledge of its own: the starting text is
:func:`badugi_ledger.text.night.night_text`'s, the verdict and pots are
:func:`badugi_ledger.live.live_check`'s (the messages ``check`` prints), the tappable actions
and their canonical lines are :mod:`badugi_ledger.replay.legal`'s, and saving is
:func:`badugi_ledger.ledger.importing.import_text` (``import``'s replay and store, one
transaction) of the text of a ``.bhh`` file beside the ledger (``recorded/<date>-<event>.bhh``),
with its duplicate, conflict and ``--replace`` rules (a save itself is :mod:`.record_save`).
The rules added here: a file is saved only when ``check`` passes it, so the folder of recorded
nights always checks clean, and only once the ledger took it, so a file holds what the ledger
holds of it.

Every answer reads what the request carries on the server's event loop and does its work in a
worker thread: the check of a text (up to :data:`MAX_TEXT` characters) with
``run_in_threadpool``, the reading of a saved file (is it the ledger's?) and the ledger's with
:func:`~.common.in_ledger`.  On the
loop, one phone's long night being checked would hold up every other request meanwhile.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
import threading
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute, Route

from ..model.errors import BadugiError
from ..model.escaping import surrogate_pattern
from ..model.games import GAMES
from ..model.limits import quote
from ..model.settings import STRUCTURE_KINDS
from .common import in_ledger
from .record_save import Saved, _savable_folder, save_text, shown_path
from .record_view import RecordError
from .security import whole_number

MAX_ROW_ID = 2**63 - 1
"""The largest id SQLite stores (an INTEGER is 64 bits)."""

MAX_TEXT = 1_000_000
"""The most characters of text the page sends (the guard refuses a larger body anyway)."""

GAME_CHOICES: tuple[tuple[str, str], ...] = tuple((name, g.title) for name, g in GAMES.items())
"""Every game the format's ``game`` header accepts."""

STRUCTURE_TITLES = {
    "fixed-limit": "fixed limit",
    "pot-limit": "pot limit",
    "half-pot-limit": "half-pot limit",
    "no-limit": "no limit",
    "spread-limit": "spread limit",
}
STRUCTURE_CHOICES = tuple((kind, STRUCTURE_TITLES[kind]) for kind in STRUCTURE_KINDS)


# --- the page ---------------------------------------------------------------------------------


async def record_page(request: Request) -> Response:
    from .common import render

    events = await in_ledger(request, event_choices)
    urls = {name: request.app.url_path_for(f"record_{name}") for name in URL_NAMES}
    return render(
        request,
        "web/record.html",
        active="record",
        urls=urls,
        events=events,
        games=GAME_CHOICES,
        structures=STRUCTURE_CHOICES,
        today=dt.date.today().isoformat(),
        setup_open=True,
        text="",
        folder=shown_path(recorded_folder(request)),
        ledger_key=ledger_key(request),
    )


def ledger_key(request: Request) -> str:
    """A short name of the served ledger file for the page's draft: the browser keeps the
    unsaved text per address, and another ledger served there later must not find it."""
    import hashlib

    from .common import ledger_path

    path = str(Path(ledger_path(request)).resolve())
    return hashlib.sha256(path.encode("utf-8", "surrogatepass")).hexdigest()[:16]


URL_NAMES = ("check", "tap", "start", "event", "save")


def event_choices(ledger: sqlite3.Connection) -> list[dict[str, Any]]:
    """The ledger's events, newest first, as the picker lists them."""
    rows = ledger.execute(
        "SELECT e.id, e.kind, e.name, e.date, e.game, count(h.id) FROM counted_events e "
        "LEFT JOIN counted_hands h ON h.event_id = e.id GROUP BY e.id "
        "ORDER BY coalesce(e.date, '') DESC, e.id DESC"
    ).fetchall()
    return [
        {"id": row[0], "kind": row[1], "name": row[2], "date": row[3], "hands": row[5]}
        for row in rows
    ]


# --- JSON in, JSON out --------------------------------------------------------------------------


async def _json_body(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError as exc:
        raise RecordError("the page sent something that is not JSON") from exc
    except RecursionError:
        raise RecordError("the page sent JSON nested too deeply") from None
    if not isinstance(body, dict):
        raise RecordError("the page sent something that is not a JSON object")
    if _has_surrogate(body):
        # JSON may escape half a UTF-16 pair (\ud800): no UTF-8 text, file or answer holds it
        raise RecordError("the page sent text that is not valid Unicode (half a UTF-16 pair)")
    return body


def _has_surrogate(value: object) -> bool:
    """Whether a string of the parsed JSON ``value`` (keys too) holds a lone surrogate."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if surrogate_pattern().search(item):
                return True
        elif isinstance(item, dict):
            stack += [*item.keys(), *item.values()]
        elif isinstance(item, list):
            stack += item
    return False


def _text_of(body: dict[str, Any]) -> str:
    text = body.get("text", "")
    if not isinstance(text, str):
        raise RecordError("the text must be a string")
    if len(text) > MAX_TEXT:
        raise RecordError(f"the text is longer than {MAX_TEXT} characters")
    return text


def _refused(exc: Exception, status: int = 200) -> JSONResponse:
    """What the organiser sent cannot be used: the reason, to show.  Status 200 for what the
    page itself may send (a browser logs every 4xx answer as a console error); 400 and 404 for
    requests the page never makes."""
    return JSONResponse({"error": str(exc)}, status_code=status)


async def record_check(request: Request) -> Response:
    """The verdict of a text: problems beside their lines, pots, and what can be tapped next."""
    try:
        text = _text_of(await _json_body(request))
    except RecordError as exc:
        return _refused(exc, 400)
    from .record_view import checked_view

    return JSONResponse(await run_in_threadpool(checked_view, text))


async def record_tap(request: Request) -> Response:
    """Append the canonical line of a tapped option to the text; the new text and its verdict."""
    try:
        body = await _json_body(request)
        text = _text_of(body)
        choice = body.get("choice")
        if not isinstance(choice, dict):
            raise RecordError("no option was chosen")
        from .record_view import tapped_view

        tapped = await run_in_threadpool(tapped_view, text, choice)
    except BadugiError as exc:
        return _refused(exc)
    return JSONResponse(tapped)


async def record_start(request: Request) -> Response:
    """The starting text of a night from the event form (:func:`night_text`), or the saved
    text of that night when this page saved it already (with ``file`` and ``note``)."""
    from .record_night import saved_night, starting_text

    def start(ledger: sqlite3.Connection) -> dict[str, str]:
        saved = saved_night(body, folder, ledger)
        return saved if saved is not None else {"text": starting_text(body, ledger)}

    folder = recorded_folder(request)
    try:
        body = await _json_body(request)
        return JSONResponse(await in_ledger(request, start))
    except BadugiError as exc:
        return _refused(exc)


async def record_event(request: Request) -> Response:
    """An event of the ledger as the form shows it, and its recorded text when there is one."""
    from .record_night import event_form

    typed = request.query_params.get("id", "")
    if not typed:
        return _refused(RecordError("no event was named"), 400)
    if not whole_number(typed) or len(typed) > len(str(MAX_ROW_ID)):  # the picker sends digits
        return _refused(RecordError(f"the ledger holds no event {quote(typed)}"), 404)
    event_id = int(typed)
    if not 0 < event_id <= MAX_ROW_ID:  # SQLite cannot even look up a larger one
        return _refused(RecordError(f"the ledger holds no event {event_id}"), 404)
    folder = recorded_folder(request)
    try:
        found = await in_ledger(request, lambda ledger: event_form(ledger, event_id, folder))
    except RecordError as exc:  # its saved file cannot be read: the page shows why
        return _refused(exc, 400)
    if found is None:
        return _refused(RecordError(f"the ledger holds no event {event_id}"), 404)
    return JSONResponse(found)


# --- saving ---------------------------------------------------------------------------------------


def recorded_folder(request: Request) -> Path:
    """``<the ledger's folder>/recorded``: where the page's files go."""
    from .common import ledger_path

    return Path(ledger_path(request)).resolve().parent / "recorded"


_ONE_SAVE_AT_A_TIME = threading.Lock()
"""Held by a save from its look at the file it replaces (changed since the page loaded it?)
to the file's move into place: two phones saving one night at once would both find the file
as they loaded it, and the second would write over the first's save unseen.  Saves come at
the speed of people; one at a time costs nothing."""


def _save_alone(
    ledger: sqlite3.Connection,
    folder: Path,
    text: str,
    *,
    replace: bool,
    was: str | None,
    stamp: str | None,
    saver: str | None,
) -> Saved:
    """:func:`save_text`, no other save of this server running meanwhile."""
    with _ONE_SAVE_AT_A_TIME:
        return save_text(ledger, folder, text, replace=replace, was=was, stamp=stamp, saver=saver)


async def record_save(request: Request) -> Response:
    from .security import require_write

    require_write(request)  # read-only mode refuses (its own response or exception)
    try:
        body = await _json_body(request)
        text = _text_of(body)
        replace = body.get("replace") is True
        was = _short_string(body, "file", 255)
        stamp = _short_string(body, "file_stamp", 64)
        saver = _short_string(body, "saver", 64)
        folder = _savable_folder(recorded_folder(request))
        saved = await in_ledger(
            request,
            lambda ledger: _save_alone(
                ledger, folder, text, replace=replace, was=was, stamp=stamp, saver=saver
            ),
        )
    except BadugiError as exc:
        return _refused(exc)
    return saved.response()


def _short_string(body: dict[str, Any], key: str, longest: int) -> str | None:
    """The string ``key`` of the body (None when missing or empty); longer than ``longest``
    or not a string is a :class:`RecordError`.  ``file``: the saved file the page goes on
    with (the event it loaded or its last save); ``file_stamp``: that file's stamp as loaded;
    ``saver``: the page's own name for itself, to know its saves again."""
    value = body.get(key)
    if value is None or value == "":
        return None
    if not isinstance(value, str) or len(value) > longest:
        raise RecordError(f"the page's {key} must be a string of {longest} characters at most")
    return value


COMPUTING = frozenset({"/record/check", "/record/tap", "/record/start"})
"""The record page's POSTs that only compute an answer (the live check, a tapped line, a
night's starting text) and change nothing: served by a read-only ledger too."""

routes: list[BaseRoute] = [
    Route("/record", record_page, name="record"),
    Route("/record/check", record_check, methods=["POST"], name="record_check"),
    Route("/record/tap", record_tap, methods=["POST"], name="record_tap"),
    Route("/record/start", record_start, methods=["POST"], name="record_start"),
    Route("/record/event", record_event, name="record_event"),
    Route("/record/save", record_save, methods=["POST"], name="record_save"),
]
