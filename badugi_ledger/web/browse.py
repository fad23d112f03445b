"""The pages that only read the ledger: events, one event's hands, standings, settle-up and
players.  Each page calls the ledger and report libraries and renders their results; the rules,
the figures and the SQL stay in those libraries.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..ledger.advice import ledger_named, on_ledger
from ..ledger.corrections import event_list
from ..ledger.event_lookup import chip_value, event_label, find_event
from ..ledger.players import list_players, similar_names
from ..model.errors import LedgerError
from ..model.limits import quote
from ..model.money import unit_name, unit_words
from ..model.results import RESERVED_ACCOUNTS
from ..reports.hand_words import amount_text
from ..reports.html import season_choices, season_report_context
from ..reports.settle import SeasonSettlement, Settlement, settlement
from ..reports.standings import StandingsOptions, require_season
from ..reports.stored_hands import (
    HandPage,
    ReplayCache,
    page_at,
    stored_hand_page,
    void_event_contents,
)
from .advice_words import EVENTS_PAGE, page_error
from .common import in_ledger, render
from .security import whole_number

HANDS_PER_PAGE = 25
"""Hands shown on one page of an event."""

EVENTS_PER_PAGE = 50
"""Events shown on one page of the Events page (a club's ledger of 1,000 nights was one page
of 200 KB)."""


def bare_amount(amount: int, unit: str, sign: bool = False) -> str:
    """An amount without its unit, for a hand or a table whose heading names the unit
    (``1,500``, ``12.34``, ``+3``): a hand's own way
    (:func:`~badugi_ledger.reports.hand_words.amount_text`), so a table's figures and the
    words of the hand beside it are written alike.

    >>> bare_amount(150000, "tournament chips"), bare_amount(-1234, "USD", sign=True)
    ('150,000', '-12.34')
    >>> bare_amount(-1, "chips", sign=True)
    '-1'
    """
    return amount_text(int(amount), unit, sign=sign)


def _page_number(request: Request) -> int:
    """The ``page`` asked for, else the first: only ASCII digits are a number here
    (``str.isdigit`` says yes to ``²``, which ``int`` cannot read)."""
    text = request.query_params.get("page", "1")
    return int(text) if whole_number(text) and 0 < len(text) < 7 else 1


def _event_id(request: Request) -> str:
    """The event id of the path, as :func:`find_event` reads an id: ASCII digits, without
    leading zeros; anything else is no page (404).  Kept as text: a number of more than 4,300
    digits is one ``int`` refuses to read, and an id of any length is refused in words."""
    text = str(request.path_params["event_id"])
    if not whole_number(text):
        raise HTTPException(404)
    return text.lstrip("0") or "0"


def _events_on_page(events: list[Any], page: int) -> tuple[list[Any], int, int]:
    """The events of ``page`` (from 1; past the last: the last), :data:`EVENTS_PER_PAGE` a
    page, with that page's number and how many there are (:func:`page_at`, as an event's
    hands are paged): the Events page's pages, and the Settle page's event picker's."""
    page, pages, start = page_at(len(events), EVENTS_PER_PAGE, page)
    return events[start : start + EVENTS_PER_PAGE], page, pages


def _choice(request: Request, name: str) -> str | None:
    """A query parameter, None when absent or empty."""
    value = request.query_params.get(name, "").strip()
    return value or None


async def events_page(request: Request) -> Response:
    """Every event, newest first, with its hands and players: a page of
    :data:`EVENTS_PER_PAGE` at a time (``?page=N``, from 1; past the last: the last), as an
    event's hands are.  A void event's are those it holds (:func:`void_event_contents`): none
    of them counts, and its card says so."""
    events, held, on_db = await in_ledger(
        request,
        lambda db: (
            list(reversed(event_list(db).events)),
            void_event_contents(db),
            on_ledger(ledger_named(db)),
        ),
    )
    shown, page, pages = _events_on_page(events, _page_number(request))
    return render(
        request,
        "web/events.html",
        active="events",
        on_db=on_db,
        events=shown,
        held=held,
        total=len(events),
        page=page,
        pages=pages,
        unit_name=unit_name,
        unit_words=unit_words,
    )


async def event_page(request: Request) -> Response:
    """One event: its facts and its hands (a page at a time), each as
    :mod:`badugi_ledger.reports.hand_view` shows it: seats, the rounds when the hand's file
    still holds it, each pot and who won it with what, final stacks.  The files replayed for
    it are kept by the app while unchanged (:class:`ReplayCache`): a night's next page goes
    on from where the last one stopped."""
    event_id = _event_id(request)
    number = _page_number(request)
    replays: ReplayCache = request.app.state.replays

    def look_up(db: sqlite3.Connection) -> tuple[dict[str, object], HandPage, int] | None:
        """The event, its page of hands and the Events page that lists it; None when the
        ledger has no event of that id."""
        newest_first = [str(e["id"]) for e in reversed(event_list(db).events)]
        if event_id not in newest_first:
            return None
        return (
            find_event(db, event_id, by_id=True),
            stored_hand_page(db, event_id, number, HANDS_PER_PAGE, replays),
            newest_first.index(event_id) // EVENTS_PER_PAGE + 1,
        )

    found = await in_ledger(request, look_up)
    if found is None:
        raise HTTPException(404, f"No event {quote(event_id)} in the ledger: {EVERY_EVENT}")
    event, page, listed_on = found
    return render(
        request,
        "web/event.html",
        active="events",
        event=event,
        unit=str(event["unit"]),
        chip_value=chip_value(event),
        unit_name=unit_name,
        unit_words=unit_words,
        bare=bare_amount,
        hands=page.views,
        total=page.total,
        counted=page.counted,
        page=page.number,
        pages=page.pages,
        per_page=HANDS_PER_PAGE,
        events_page="/events" if listed_on == 1 else f"/events?page={listed_on}",
    )


EVERY_EVENT = f"{EVENTS_PAGE}."


def _no_such_id(text: str, every: Iterable[dict[str, object]]) -> bool:
    """Whether ``text`` is an id (ASCII digits, as the picker sends) of none of the events
    ``every`` (the ledger's, void ones too: ``event_list``); a name is the library's to look
    up."""
    if not whole_number(text):
        return False
    return (text.lstrip("0") or "0") not in {str(e["id"]) for e in every}


def _no_season(db: sqlite3.Connection, season: str | None) -> str | None:
    """Why ``season`` shows nothing when no event of the ledger names it, in the page's
    words: its picker offers the seasons there are, when there are any (the library's
    message, :func:`require_season`, ends with the command line's ``leave --season out``).
    None when an event names it (its events void, the library says so)."""
    try:
        require_season(db, season)
    except LedgerError:
        then = "pick one of the list" if _seasons(db) else "no event names a season yet"
        return f"No season {quote(str(season))!r} in the ledger: {then}."
    return None


def _seasons(db: sqlite3.Connection) -> list[str]:
    """The seasons the ledger's hands and tournaments name, newest first: the Standings and
    Settle pages' season pickers (:func:`season_choices`, read event by event, not hand by
    hand)."""
    return season_choices(db)


async def standings_page(request: Request) -> Response:
    """Season standings: the season report's tables and charts (``templates/report.html``)
    inside the app's page."""
    season = _choice(request, "season")

    def look_up(db: sqlite3.Connection) -> tuple[list[str], str | None, dict[str, Any]]:
        """The seasons to pick from, why the one asked for shows nothing, and its report."""
        problem = _no_season(db, season)
        if problem is not None:
            return _seasons(db), problem, {"report_sections": []}
        return _seasons(db), None, season_report_context(db, StandingsOptions(season=season))

    seasons, problem, report = await in_ledger(request, look_up)
    return render(
        request,
        "web/standings.html",
        status_code=200 if problem is None else 400,
        active="standings",
        season=season,
        seasons=seasons,
        problem=problem,
        **report,
    )


def _picker_page(request: Request, events: list[Any], event: str | None) -> int:
    """The page of the Settle page's event picker to show (from 1), :data:`EVENTS_PER_PAGE`
    events a page, newest first, as the Events page has them (a club's 1,000 nights were one
    list of 1,000) (:func:`_events_on_page`): the ``page`` asked for, else the one that holds
    the event picked, else the first."""
    if "page" in request.query_params:
        return _page_number(request)
    ids = [str(e["id"]) for e in events]
    picked = None if event is None or not whole_number(event) else event.lstrip("0") or "0"
    at = ids.index(picked) if picked in ids else 0
    return at // EVENTS_PER_PAGE + 1


def _settle_link(event: str | None, season: str | None, page: int) -> str:
    """The Settle page's address showing what was picked, its event picker at ``page`` (said
    when an event is picked: without it, the picker shows the page that holds the event)."""
    from urllib.parse import urlencode

    said = page > 1 or event is not None
    asked = {"event": event, "season": season, "page": str(page) if said else None}
    query = urlencode({k: v for k, v in asked.items() if v is not None})
    return f"/settle?{query}" if query else "/settle"


def _void_label(db: sqlite3.Connection, event: str | None) -> str:
    """The event ``event`` (an id, as the picker sends it) as messages name it, when it is
    void: its picker then says so, not "The latest event" of a settle-up it does not show."""
    if event is None:
        return ""
    try:
        row = find_event(db, event, by_id=True)
    except LedgerError:
        return ""
    return event_label(row) if row["void_reason"] is not None else ""


def sentence(text: str) -> str:
    """``text`` begun with a capital, as a page's message is (the library's refusals are
    said inside a command's line, ``error: no event 'x' in the ledger``).

    >>> sentence("no event 'x' in the ledger"), sentence("'x' is void")
    ("No event 'x' in the ledger", "'x' is void")
    """
    return text[:1].upper() + text[1:] if text[:1].isascii() else text


async def settle_page(request: Request) -> Response:
    """Who pays whom: after one event (the latest by default) or a whole season.  The event
    picker offers a page of events at a time (:func:`_picker_page`), with links to the newer
    and older ones: plain links, that work without the page's script."""
    event = _choice(request, "event")
    season = _choice(request, "season")

    def look_up(
        db: sqlite3.Connection,
    ) -> tuple[list[Any], list[str], Settlement | SeasonSettlement | LedgerError | None, str]:
        """The events and seasons to pick from, the settlement asked for (or why not), and
        the event asked for by its label when it is void (else "")."""
        every = event_list(db).events
        events = [e for e in reversed(every) if not e["void"] and e["hands"]]
        seasons = _seasons(db)
        if event is not None and season is not None:
            return events, seasons, LedgerError("Pick an event or a season, not both."), ""
        no_season = _no_season(db, season)
        if no_season is not None:
            return events, seasons, LedgerError(no_season), ""
        if event is not None and _no_such_id(event, every):
            then = "pick one of the list" if events else "nothing to settle yet, no event has hands"
            message = f"No event {quote(event)} in the ledger: {then}."
            return events, seasons, LedgerError(message), ""
        try:
            result = settlement(db, event, season=season, by_id=True) if events or season else None
        except LedgerError as exc:
            return events, seasons, exc, _void_label(db, event)
        return events, seasons, result, ""

    events, seasons, result, void_asked = await in_ledger(request, look_up)
    settlements: list[Settlement] = []
    if isinstance(result, SeasonSettlement):
        settlements = list(result.settlements)
    elif isinstance(result, Settlement):
        settlements = [result]
    problem = sentence(page_error(result)) if isinstance(result, LedgerError) else None
    offered, page, pages = _events_on_page(events, _picker_page(request, events, event))
    picked = [e for e in events if event == str(e["id"]) and e not in offered]
    return render(
        request,
        "web/settle.html",
        status_code=200 if problem is None else 400,
        active="settle",
        events=picked + offered,  # the event shown stays the one picked on any page
        total=len(events),
        page=page,
        pages=pages,
        newer=_settle_link(event, season, page - 1) if page > 1 else None,
        older=_settle_link(event, season, page + 1) if page < pages else None,
        per_page=EVENTS_PER_PAGE,
        seasons=seasons,
        event=event,
        void_asked=void_asked,
        season=season,
        settlements=settlements,
        # each settlement's event by name and date (its label joins them), so the page
        # isolates the name alone: a right-to-left name took the date after it into its line
        parts={
            event_label({"name": e["event"], "date": e["date"]}): (e["event"], e["date"])
            for e in events
        },
        unit_name=unit_name,
        unit_words=unit_words,
        accounts=RESERVED_ACCOUNTS,  # the ledger's own accounts, said to be no players
        problem=problem,
    )


async def players_page(request: Request) -> Response:
    """Every player with the names they played under and their hands; ``on_db``: how the
    commands the page prints name the ledger it serves (:func:`~..ledger.advice.on_ledger`)."""
    players, similar, on_db = await in_ledger(
        request,
        lambda db: (list_players(db), similar_names(db), on_ledger(ledger_named(db))),
    )
    return render(
        request,
        "web/players.html",
        active="players",
        players=players,
        similar=similar,
        on_db=on_db,
    )


routes: list[BaseRoute] = [
    Route("/events", events_page, name="events"),
    Route("/events/{event_id}", event_page, name="event"),
    Route("/standings", standings_page, name="standings"),
    Route("/settle", settle_page, name="settle"),
    Route("/players", players_page, name="players"),
]
