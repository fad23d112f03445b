"""The pages that only read the ledger: events, one event's hands, standings, settle-up and
players.  Each page calls the ledger and report libraries and renders their results; the rules,
the figures and the SQL stay in those libraries.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any, NamedTuple

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute, Route

from ..ledger.corrections import event_list
from ..ledger.hand_content import FIGURES, PLAYER_FIGURES, stored_facts
from ..ledger.players import list_players, similar_names
from ..ledger.tournaments import event_label, find_event
from ..model.errors import LedgerError
from ..model.money import UNSTATED, format_amount
from ..reports.export import hands_frame
from ..reports.settle import SeasonSettlement, Settlement, settlement
from ..reports.standings import (
    AMOUNT_COLUMNS,
    StandingsOptions,
    cash_standings,
    describe,
    entry_frame,
    kinds_present,
    tournament_standings,
)
from .common import open_ledger, render

HANDS_PER_PAGE = 25
"""Hands shown on one page of an event."""


def bare_amount(amount: int, unit: str, sign: bool = False) -> str:
    """An amount as :func:`format_amount` shows it, without its unit (for a table whose
    heading names the unit): ``1,500``, ``12.34``, ``+3``.

    >>> bare_amount(150000, "tournament chips"), bare_amount(-1234, "USD", sign=True)
    ('150,000', '-12.34')
    """
    text = format_amount(int(amount), unit, sign=sign)
    return text.removesuffix(f" {unit}")


def unit_name(unit: str) -> str:
    """A unit as a heading names it (``money``: a currency the records did not name).

    >>> unit_name("EUR"), unit_name("money")
    ('EUR', 'money (currency not named)')
    """
    return "money (currency not named)" if unit == UNSTATED else unit


def _page_number(request: Request) -> int:
    text = request.query_params.get("page", "1")
    return int(text) if text.isdigit() and 0 < len(text) < 7 else 1


def _choice(request: Request, name: str) -> str | None:
    """A query parameter, None when absent or empty."""
    value = request.query_params.get(name, "").strip()
    return value or None


async def events_page(request: Request) -> Response:
    """Every event, newest first, with its hands and players."""
    with open_ledger(request) as db:
        events = list(reversed(event_list(db).events))
    return render(request, "web/events.html", active="events", events=events)


class PotView(NamedTuple):
    name: str
    amount: int
    detail: str
    winners: tuple[tuple[str, int], ...]


class PlayerView(NamedTuple):
    name: str
    seat: int
    starting: int
    final: int
    net: int
    cards: str


class HandView(NamedTuple):
    """One stored hand as the event page shows it (from :func:`stored_facts`)."""

    row: int
    number: str
    table: str
    game: str
    button: str
    pot: int
    rake: int
    carry_in: int
    carry_out: int
    players: tuple[PlayerView, ...]
    pots: tuple[PotView, ...]


def _hand_view(db: Any, hand: Mapping[str, Any]) -> HandView:
    facts = stored_facts(db, int(hand["id"]))
    figures = dict(zip(FIGURES, facts.figures, strict=True))
    shown: dict[str, str] = json.loads(facts.cards) if facts.cards else {}
    at = {name: i + 1 for i, name in enumerate(PLAYER_FIGURES)}
    players = tuple(
        PlayerView(
            str(p[0]),
            int(p[at["seat"]]),
            int(p[at["starting stack"]]),
            int(p[at["final stack"]]),
            int(p[at["collected"]]) - int(p[at["contributed"]]),
            shown.get(str(p[0]), ""),
        )
        for p in facts.players
    )
    pots = tuple(
        PotView(str(name), int(amount), str(detail or ""), tuple(winners))
        for name, amount, _eligible, detail, winners in facts.pots
    )
    return HandView(
        int(hand["id"]),
        str(hand["hand"]),
        str(hand["table"] or ""),
        str(figures["game"]),
        str(figures["button"] or ""),
        int(figures["pot"] or 0),
        int(figures["rake"] or 0),
        int(figures["carry_in"] or 0),
        int(figures["carry_out"] or 0),
        players,
        pots,
    )


async def event_page(request: Request) -> Response:
    """One event: its facts and its hands (a page at a time), each with its players, pots
    and who won what."""
    event_id = int(request.path_params["event_id"])
    page = _page_number(request)
    with open_ledger(request) as db:
        event = find_event(db, event_id)
        frame = hands_frame(db, str(event["season"]) if event["season"] is not None else None)
        mine = frame[
            (frame["event"] == event["name"])
            & (frame["kind"] == event["kind"])
            & (frame["date"].fillna("") == (event["date"] or ""))
        ]
        total = len(mine)
        pages = max(1, -(-total // HANDS_PER_PAGE))
        page = min(page, pages)
        start = (page - 1) * HANDS_PER_PAGE
        chosen = mine.iloc[start : start + HANDS_PER_PAGE].to_dict("records")
        hands = [_hand_view(db, h) for h in chosen]
    return render(
        request,
        "web/event.html",
        active="events",
        event=event,
        label=event_label(event),
        unit=str(event["unit"]),
        unit_name=unit_name,
        bare=bare_amount,
        hands=hands,
        total=total,
        page=page,
        pages=pages,
    )


def _seasons(db: Any) -> list[str]:
    """The seasons the ledger's hands and tournaments name, newest first."""
    found = {str(s) for s in hands_frame(db)["season"].dropna()}
    found |= {str(s) for s in entry_frame(db)["season"].dropna()}
    return sorted(found, reverse=True)


class Table(NamedTuple):
    """One standings table of one unit: its heading, columns and rows of cells."""

    unit: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Any, ...], ...]
    amounts: frozenset[str]


def _tables(frame: Any) -> list[Table]:
    """A standings frame split by unit (each unit is ranked on its own), unit column left out."""
    columns = tuple(c for c in frame.columns if c != "unit")
    tables = []
    for unit, group in frame.groupby("unit", sort=True):
        rows = tuple(
            tuple(None if _missing(v) else v for v in row)
            for row in group[list(columns)].itertuples(index=False, name=None)
        )
        tables.append(Table(str(unit), columns, rows, frozenset(AMOUNT_COLUMNS)))
    return tables


def _missing(value: object) -> bool:
    return value is None or (isinstance(value, float) and value != value)


async def standings_page(request: Request) -> Response:
    """Season standings: tournament points and cash results, one table per unit."""
    season = _choice(request, "season")
    with open_ledger(request) as db:
        seasons = _seasons(db)
        options = StandingsOptions(season=season)
        sections = []
        for kind in kinds_present(db, season):
            chosen = dataclasses.replace(options, kind=kind)
            frame = (tournament_standings if kind == "tournament" else cash_standings)(db, chosen)
            sections.append((kind, describe(db, chosen), _tables(frame)))
    return render(
        request,
        "web/standings.html",
        active="standings",
        season=season,
        seasons=seasons,
        sections=sections,
        labels=COLUMN_LABELS,
        unit_name=unit_name,
    )


COLUMN_LABELS = {
    "rank": "#",
    "player": "Player",
    "points": "Points",
    "events": "Events",
    "counted": "Counted",
    "wins": "Wins",
    "best": "Best",
    "winnings": "Winnings",
    "net": "Net",
    "sessions": "Sessions",
    "hands": "Hands",
    "best_session": "Best session",
    "worst_session": "Worst session",
}


async def settle_page(request: Request) -> Response:
    """Who pays whom: after one event (the latest by default) or a whole season."""
    event = _choice(request, "event")
    season = _choice(request, "season")
    with open_ledger(request) as db:
        events = [e for e in reversed(event_list(db).events) if not e["void"] and e["hands"]]
        seasons = _seasons(db)
        try:
            result = settlement(db, event, season=season) if events or season else None
        except LedgerError as exc:
            return render(
                request,
                "web/settle.html",
                status_code=400,
                active="settle",
                events=events,
                seasons=seasons,
                event=event,
                season=season,
                settlements=[],
                unit_name=unit_name,
                problem=str(exc),
            )
    settlements: list[Settlement] = []
    if isinstance(result, SeasonSettlement):
        settlements = list(result.settlements)
    elif isinstance(result, Settlement):
        settlements = [result]
    return render(
        request,
        "web/settle.html",
        active="settle",
        events=events,
        seasons=seasons,
        event=event,
        season=season,
        settlements=settlements,
        unit_name=unit_name,
        problem=None,
    )


async def players_page(request: Request) -> Response:
    """Every player with the names they played under and their hands."""
    with open_ledger(request) as db:
        players = list_players(db)
        similar = similar_names(db)
    return render(request, "web/players.html", active="players", players=players, similar=similar)


routes: list[BaseRoute] = [
    Route("/events", events_page, name="events"),
    Route("/events/{event_id:int}", event_page, name="event"),
    Route("/standings", standings_page, name="standings"),
    Route("/settle", settle_page, name="settle"),
    Route("/players", players_page, name="players"),
]
