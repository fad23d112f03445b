"""What the record page shows and sends, built from the library's answers: the verdict of a
text (:func:`badugi_ledger.live.live_check`) in the shape ``static/record.js`` draws, the line a
tapped option appends (:func:`badugi_ledger.replay.legal.option_line`), a night's starting text
(:func:`badugi_ledger.text.night.night_text`) and an event of the ledger as the form shows it.

Nothing here decides a rule: every message, pot, option and line comes from the library; this
module only picks, orders and names them for the page.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

from ..model.errors import BadugiError
from ..model.events import HandRecord, Session


class RecordError(BadugiError):
    """What the organiser sent cannot be used (shown on the page, status 400)."""


# --- a night's starting text ------------------------------------------------------------------

_SPLIT = re.compile(r"[\n,;·]+")
_FIRST_HAND = re.compile(r"^hand 1 ·", re.MULTILINE)


def _field(body: dict[str, Any], name: str, default: str = "") -> str:
    value = body.get(name, default)
    if not isinstance(value, str):
        raise RecordError(f"the field {name} must be text")
    return value.strip()


def starting_text(body: dict[str, Any], ledger: sqlite3.Connection) -> str:
    """The text :func:`night_text` writes for the event form ``body`` (name, date, game,
    structure, stakes, players one a line or separated by commas, one starting stack).  When
    the ledger already holds hands of a cash event of that name and date, the first hand is
    numbered after them, so the night's hands join the event instead of clashing with it."""
    from ..text.night import night_text

    players = [p.strip() for p in _SPLIT.split(_field(body, "players")) if p.strip()]
    stacks_text = _field(body, "stacks", "100")
    if not stacks_text.isdigit():
        raise RecordError(f"the starting stack must be a number of chips, not {stacks_text!r}")
    name = _field(body, "name")
    if not name:
        raise RecordError("the event needs a name (it names the file and the standings row)")
    date = _field(body, "date") or None
    text = night_text(
        players,
        game=_field(body, "game", "badugi"),
        structure=_field(body, "structure", "fixed-limit"),
        stakes=_field(body, "stakes", "2/4"),
        stacks=int(stacks_text),
        event=name,
        date=date,
    )
    first = _next_hand_number(ledger, name, date)
    return _FIRST_HAND.sub(f"hand {first} ·", text, count=1) if first != 1 else text


def _next_hand_number(ledger: sqlite3.Connection, name: str, date: str | None) -> int:
    numbers = ledger.execute(
        "SELECT h.hand_number FROM counted_hands h JOIN events e ON e.id = h.event_id "
        "WHERE e.kind = 'cash' AND e.name = ? AND coalesce(e.date, '') = ?",
        [name, date or ""],
    ).fetchall()
    return 1 + max((int(n) for (n,) in numbers if str(n).isdigit()), default=0)


# --- an event of the ledger, for the form -------------------------------------------------------


def event_form(ledger: sqlite3.Connection, event_id: int, folder: Path) -> dict[str, Any] | None:
    """The form's fields for an event of the ledger (name, date, game, the players of its last
    hand) and, when this page recorded it, the text of its file to go on with."""
    row = ledger.execute(
        "SELECT name, date, game, kind FROM events WHERE id = ?", [event_id]
    ).fetchone()
    if row is None:
        return None
    name, date, game, kind = row
    last = ledger.execute(
        "SELECT id FROM counted_hands WHERE event_id = ? ORDER BY id DESC LIMIT 1", [event_id]
    ).fetchone()
    players: list[str] = []
    stacks: list[int] = []
    if last is not None:
        for player, final in ledger.execute(
            "SELECT a.name, hp.final_stack FROM hand_players hp JOIN aliases a ON a.id = "
            "hp.alias_id WHERE hp.hand_id = ? ORDER BY hp.seat",
            [last[0]],
        ):
            players.append(player)
            stacks.append(final)
    fields = {
        "name": name,
        "date": date or "",
        "game": game or "badugi",
        "players": "\n".join(players),
        "stacks": str(max(stacks)) if stacks else "100",
    }
    path = folder / recorded_name(name, date)
    if path.is_file():
        return {
            "fields": fields,
            "text": path.read_text(encoding="utf-8"),
            "note": f"Going on with {path.name}, the file this page saved for the event.",
        }
    note = (
        "Filled in from the ledger: check the betting and the stacks, then start; the new "
        "hands are numbered after the event's and join it."
        if kind == "cash"
        else "A tournament is recorded in its own file: the form is filled in from the ledger."
    )
    return {"fields": fields, "text": None, "note": note}


def slug(text: str) -> str:
    """A file name part from an event name: ``"Anna's Friday · 2"`` → ``annas-friday-2``."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))
    return "-".join(words)[:60].strip("-") or "event"


def recorded_name(name: str, date: str | None) -> str:
    """The file of an event: ``2024-03-01-friday-game.bhh``."""
    return f"{date or 'undated'}-{slug(name)}.bhh"


# --- saving: what a file holds and whether check passes it ---------------------------------------


def first_session(text: str) -> Session:
    """The event of the text's first hand (the one its file is named after)."""
    from ..text.parse import parse_text

    for item in parse_text(text, "record"):
        if isinstance(item, HandRecord):
            return item.session
    raise RecordError("there is no hand to save yet")


def file_hands(text: str) -> set[str]:
    """The hands a text holds, as ``hand 3`` (``hand 3 at table Kitchen``)."""
    from ..text.parse import parse_text

    found = set()
    for item in parse_text(text, "record"):
        if isinstance(item, HandRecord):
            table = f" at table {item.table}" if item.table else ""
            found.add(f"hand {item.hand_id}{table}")
    return found


def problems_of_file(path: Path, shown_as: Path) -> list[str]:
    """What ``badugi-ledger check`` reports wrong in ``path`` (warnings left out: they pass),
    each line as check prints it but naming ``shown_as``; empty when check passes the file."""
    from ..check import problem_line, problems, run_check

    run = run_check([path], jobs=1)
    found = [
        problem_line(outcome, problem).replace(str(path), str(shown_as), 1)
        for outcome in run.outcomes()
        for problem in problems(outcome)
        if problem.kind != "warning"
    ]
    if not found and not run.all_ok:
        found = [s.line().replace(str(path), str(shown_as), 1) for s in run.summaries]
    return found
