"""A night of the record page: its starting text from the event form, the night saved before
(found again by the page), an event of the ledger as the form shows it, and the file a night is
saved in (its name, stamp, hands and problems).

Why a module of its own: these read and name files and the ledger's events for the page; what
the page shows of a text as it is typed (the verdict, the options, the tapped line) is
:mod:`.record_view`'s.  Nothing here decides a rule either.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path
from typing import Any

from ..model.events import HandRecord, Session
from ..model.limits import MAX_DIGITS
from ..model.money import (
    CHIPS,
    NOT_IN_CENTS,
    ChipValue,
    check_currency,
    chip_value,
    unit_words,
)
from .record_view import RecordError
from .security import whole_number

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
    structure, stakes, players one a line or separated by commas, one starting stack, and
    ``event_id``, the event of the ledger picked to go on with, if any).  When the ledger
    already holds hands of a cash event of that name and date, the first hand is numbered
    after them, so the night's hands join the event instead of clashing with it; the event
    picked, still named as the ledger names it, lends the text its unit
    (:func:`_continued_unit`)."""
    from ..text.night import night_text

    players = [p.strip() for p in _SPLIT.split(_field(body, "players")) if p.strip()]
    stacks_text = _field(body, "stacks", "100")
    if not (whole_number(stacks_text) and len(stacks_text) <= 20):
        raise RecordError(f"the starting stack must be a number of chips, not {stacks_text!r}")
    name = _field(body, "name")
    if not name:
        raise RecordError("the event needs a name (it names the file and the standings row)")
    date = _field(body, "date") or None
    currency, value = _unit(body, ledger, name, date)
    text = night_text(
        players,
        game=_field(body, "game", "badugi"),
        structure=_field(body, "structure", "fixed-limit"),
        stakes=_field(body, "stakes", "2/4"),
        stacks=int(stacks_text),
        event=name,
        date=date,
        currency=currency,
        chip_value=value,
    )
    first = _next_hand_number(ledger, name, date)
    return _FIRST_HAND.sub(f"hand {first} ·", text, count=1) if first != "1" else text


def saved_night(
    body: dict[str, Any], folder: Path, ledger: sqlite3.Connection
) -> dict[str, str] | None:
    """The night of the event form ``body`` as this page saved it into ``ledger``, when it
    did: its text, its file's name and a note.  Started again (the same name and date), a
    saved night goes on from its file; a new starting text in its place would leave its hands
    out of the next save.  A currency typed in the form must be the one the night is saved in
    (:func:`_same_currency`)."""
    from ..text.night import date_text

    name = _field(body, "name")
    if not name:
        return None
    date = date_text(_field(body, "date") or None)  # (a file name is made of it)
    path = event_file(folder, "cash", name, date, ledger)
    if not path.is_file():
        return None
    text = saved_text(path)
    if not text.strip():  # emptied on disk: nothing to go on with; its save replaces it
        return None
    _same_currency(_field(body, "currency").upper() or None, text, path, name, date)
    return {
        "text": text,
        "file": path.name,
        "file_stamp": file_stamp(path),
        "note": f"Going on with {path.name}, the file this page saved for the night.",
    }


def _same_currency(typed: str | None, text: str, path: Path, name: str, date: str | None) -> None:
    """Refuse a currency typed for a night already saved in another unit (plain chips, chips
    valued in money, or another currency).  The page goes on from the saved file, whose header
    says what its amounts are; taking the form's currency would make every amount written
    cents of it, and leaving it out would ignore what the organiser typed.  The way to change
    a night's unit is the file's: its header corrected, its hands saved again over the old
    ones (a conflict, replaced, as ``import --replace`` moves a night whose unit is corrected:
    ``docs/ledger.md``, *Units and money*).  Blank, the night goes on as saved."""
    if typed is None:
        return
    held = _text_unit(text)
    if held == _typed_unit(typed):
        return
    currency, value = held
    when = f" ({date})" if date else ""
    # chips valued in the currency typed already: only the game's currency changes them
    chips = "" if value and value.currency == typed else f" or chips 1 = … {typed} on its cash line"
    way = (
        f"chips 1 = 1 {typed} on its cash line"
        if typed in NOT_IN_CENTS
        else f"currency {typed} on its game line{chips}"
    )
    raise RecordError(
        f"{name}{when} is saved in {unit_words(currency or CHIPS, value)} ({path.name}), not "
        f"{typed}: leave the currency blank to go on with it, or give the night a name of its "
        f"own. To change its unit, go on with it, write {way}, then save and replace its hands"
    )


def _typed_unit(typed: str) -> tuple[str | None, ChipValue | None]:
    """The unit of a night whose form names the currency ``typed``: amounts in its cents, or,
    for a currency not counted in cents (JPY, KWD…), chips worth one of its units each, as
    the format writes a night in yen (``chips 1 = 1 JPY`` on its cash line: its ``currency``
    header refuses such a currency).  Either way the stakes and stacks typed are the
    currency's: cents of EUR, whole yen."""
    check_currency(typed)
    if typed in NOT_IN_CENTS:
        return None, chip_value(1, "1", typed)
    return typed, None


def _text_unit(text: str) -> tuple[str | None, ChipValue | None]:
    """The unit of the last hand of a saved text (the one the night goes on from): its
    game's currency, or what its chips are worth; (None, None) for plain chips."""
    from ..text.parse import parse_text

    unit: tuple[str | None, ChipValue | None] = (None, None)
    for item in parse_text(text, "record"):
        if isinstance(item, HandRecord):
            unit = (item.settings.currency, item.session.chip_value)
    return unit


def _unit(
    body: dict[str, Any], ledger: sqlite3.Connection, name: str, date: str | None
) -> tuple[str | None, ChipValue | None]:
    """The night's unit: the form's ``currency`` (three letters, :func:`_typed_unit`; blank:
    chips), else that of the event it goes on with (:func:`_continued_unit`).  A currency
    other than the continued event's is refused: the night would be another event."""
    typed = _field(body, "currency").upper() or None
    continued = _continued_unit(ledger, body.get("event_id"), name, date)
    if typed is None:
        return continued
    unit = _typed_unit(typed)
    if continued != (None, None) and continued != unit:
        raise RecordError(
            f"the event picked is in {unit_words(continued[0] or CHIPS, continued[1])}, not "
            f"{typed}: leave its currency as it is, or give the night a name of its own"
        )
    return unit


def _continued_unit(
    ledger: sqlite3.Connection, picked: object, name: str, date: str | None
) -> tuple[str | None, ChipValue | None]:
    """The unit of the cash event the form goes on with: its game's currency or what its
    chips are worth.  The ledger keys an event by its unit: a night of a EUR game written in
    plain chips would be another event of the same name, whose results never join the picked
    one's money.  Only the event ``picked`` (``event_id``) still named as the ledger names it
    (``name`` and ``date``) is gone on with; an event named anew is a new one, in chips.  A
    tournament picked is refused: the night text is a cash session's, and its hands would make
    a cash event of the tournament's name, whose chips count as money won and lost."""
    if picked is None or picked == "":
        return None, None
    text = picked if isinstance(picked, str) else str(picked) if type(picked) is int else ""
    if not (whole_number(text) and len(text) <= MAX_DIGITS):
        raise RecordError(f"the event picked ({str(picked)[:40]!r}) is not an event of the ledger")
    row = ledger.execute(
        "SELECT kind, name, date, currency, chip_cents, chip_currency FROM events WHERE id = ?",
        [int(text)],
    ).fetchone()
    if row is None:
        raise RecordError(f"the event picked ({text}) is not an event of the ledger")
    kind, event_name, event_date, currency, cents, chip_currency = row
    if (event_name, event_date or None) != (name, date):
        return None, None
    if kind != "cash":
        raise RecordError(
            f"{event_name} is a {kind}: this form starts cash nights only (a {kind} started "
            f"here would be a cash game of its name); write its hands in its own file and "
            "import it, or give the night a name of its own"
        )
    value = ChipValue(cents, chip_currency) if cents and chip_currency else None
    return currency, value


def _next_hand_number(ledger: sqlite3.Connection, name: str, date: str | None) -> str:
    """The number after the largest plain number (ASCII digits) of the event's hands, ``1``
    for none; of any length (:func:`~badugi_ledger.live.next_number`)."""
    from ..ledger.views import number_key
    from ..live import next_number

    numbers = [
        str(n)
        for (n,) in ledger.execute(
            "SELECT h.hand_number FROM counted_hands h JOIN events e ON e.id = h.event_id "
            "WHERE e.kind = 'cash' AND e.name = ? AND coalesce(e.date, '') = ?",
            [name, date or ""],
        )
        if whole_number(str(n))
    ]
    return next_number(max(numbers, key=number_key, default="0").lstrip("0") or "0")


# --- an event of the ledger, for the form -------------------------------------------------------


def event_form(ledger: sqlite3.Connection, event_id: int, folder: Path) -> dict[str, Any] | None:
    """The form's fields for an event of the ledger (name, date, game, the players of its last
    hand) and, when this page recorded it, the text of its file to go on with."""
    row = ledger.execute(
        "SELECT name, date, game, kind, currency FROM events WHERE id = ?", [event_id]
    ).fetchone()
    if row is None:
        return None
    name, date, game, kind, currency = row
    last = ledger.execute(
        "SELECT id, source, hand_number FROM counted_hands WHERE event_id = ? "
        "ORDER BY id DESC LIMIT 1",
        [event_id],
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
        "currency": currency or "",
        "players": "\n".join(players),
        "stacks": str(max(stacks)) if stacks else "100",
        **(_betting_fields(Path(last[1]), last[2]) if last is not None and last[1] else {}),
    }
    path = event_file(folder, kind, name, date, ledger)
    emptied = path.is_file() and not saved_text(path).strip()
    if path.is_file() and not emptied:
        return {
            "fields": fields,
            "file": path.name,
            "file_stamp": file_stamp(path),
            "text": saved_text(path),
            "note": f"Going on with {path.name}, the file this page saved for the event.",
        }
    note = (
        "Filled in from the ledger: check the betting and the stacks, then start; the new "
        "hands are numbered after the event's and join it."
        if kind == "cash"
        else f"A {kind} is recorded in its own file and imported: this form starts cash nights."
    )
    if emptied:  # (its save replaces the empty file, and says which of its hands it leaves out)
        note = f"{path.name}, the event's file, is empty now (emptied outside this page). {note}"
    return {"fields": fields, "text": None, "note": note}


def saved_text(path: Path) -> str:
    """The text of a file this page saved.  The organiser may have changed it since (an editor
    that wrote Latin-1, a file made unreadable): the page can neither go on with such a file
    nor tell which hands it holds, so a :class:`RecordError` names the file and what is wrong
    with it instead of guessing."""
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(
            f"{path.name} (in {path.parent}) is not UTF-8 text at byte {exc.start + 1}: it was "
            "changed outside this page; save it as UTF-8 or move it away, then try again"
        ) from None
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None


def file_stamp(path: Path) -> str:
    """What a saved file holds, in short (its bytes' SHA-256): the page sends back the stamp
    of the file it loaded, and a save refuses to overwrite a file changed since."""
    import hashlib

    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:32]
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None


def slug(text: str) -> str:
    """A file name part from an event name: ``"Anna's Friday · 2"`` → ``annas-friday-2``."""
    words = re.findall(r"[a-z0-9]+", text.lower().replace("'", ""))
    return "-".join(words)[:60].strip("-") or "event"


def recorded_name(name: str, date: str | None, number: int = 1) -> str:
    """The file of an event: ``2024-03-01-friday-game.bhh``, and ``…-friday-game-2.bhh`` for
    the ``number`` 2 (another event of that date whose name makes the same file name)."""
    suffix = f"-{number}" if number > 1 else ""
    return f"{date or 'undated'}-{slug(name)}{suffix}.bhh"


def event_file(
    folder: Path, kind: str, name: str, date: str | None, ledger: sqlite3.Connection
) -> Path:
    """The file of ``folder`` that holds the event for ``ledger`` (its first hand's event is
    the one named, and the ledger holds hands read from it), else the one it is to be saved
    as: the first of its names (:func:`recorded_name`, numbered on) that no file takes.  Names
    that make one file name ("Kitchen Game", "Kitchen game!", or any two without a Latin letter
    or digit) never share a file, and a file saved before there were numbers is still the
    event's first name.  Two ledgers served from one folder share ``recorded/``: a file the
    ledger holds no hand of is another's (or no ledger's), never gone on from nor written
    over, so each ledger's night of a name and date has a file of its own."""
    from ..ledger.source_paths import holds_hands_of

    number = 1
    while True:
        path = folder / recorded_name(name, date, number)
        if not path.exists() or (
            holds_hands_of(ledger, str(path)) and _event_of(path, ledger) == (kind, name, date)
        ):
            return path
        number += 1


def _event_of(path: Path, ledger: sqlite3.Connection) -> tuple[str, str, str | None] | None:
    """(kind, name, date) of the event of the file ``path``, a file ``ledger`` holds hands
    of: its first hand's (:func:`_first_event`), or, when no hand of it reads (emptied on
    disk, its first lines cut by an editor), that of the first hand the ledger read from it.
    Read as no event's, an emptied file's night went on in a second file (``…-2.bhh``) and
    the organiser's save replacing the emptied file was saved under that other name."""
    found = _first_event(path)
    if found is not None:
        return found
    row = ledger.execute(
        "SELECT e.kind, e.name, e.date FROM hands h JOIN events e ON e.id = h.event_id "
        "WHERE h.source = ? ORDER BY h.id LIMIT 1",
        [str(path)],
    ).fetchone()
    return None if row is None else (row[0], row[1], row[2] or None)


def _first_event(path: Path) -> tuple[str, str, str | None] | None:
    """(kind, name, date) of the file's first hand; None when it holds no hand that reads.
    A file that is not UTF-8 (re-saved by an editor as Latin-1) is a :class:`RecordError`
    naming it (:func:`saved_text`): read as no hand, its event's next save went silently to a
    second file of the same event."""
    from ..text.parse import parse_text

    for item in parse_text(saved_text(path), str(path)):
        if isinstance(item, HandRecord):
            session = item.session
            return session.kind, session.name, session.date
    return None


def _betting_fields(source: Path, hand_number: str) -> dict[str, str]:
    """The structure and stakes of a stored hand, read back from the file it came from (the
    ledger keeps neither); nothing when that file is gone or is not in our format."""
    from ..text.parse import parse_file

    if source.suffix.lower() != ".bhh" or not source.is_file():
        return {}
    for item in parse_file(source):
        if isinstance(item, HandRecord) and item.hand_id == hand_number:
            settings = item.settings
            bets = settings.structure
            if bets.kind == "fixed-limit":
                stakes = f"{bets.small_bet}/{bets.big_bet}"
            elif bets.kind == "spread-limit":
                stakes = f"{bets.spread_min}-{bets.spread_max}"
            else:
                stakes = f"{settings.small_blind}/{settings.big_blind}"
            return {"structure": bets.kind, "stakes": stakes}
    return {}


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
    return set(hand_contents(text))


def hand_contents(text: str) -> dict[str, int]:
    """The hands a text holds (:func:`file_hands`), each with what it records
    (:func:`~badugi_ledger.model.copies.content`: seats, stacks, button, cards and play, not
    its event): a night renamed holds the same hands under the new name, a new night typed
    over an old one's text other hands under the same numbers."""
    from ..model.copies import content
    from ..text.parse import parse_text

    found: dict[str, int] = {}
    for item in parse_text(text, "record"):
        if isinstance(item, HandRecord):
            table = f" at table {item.table}" if item.table else ""
            found[f"hand {item.hand_id}{table}"] = content(item)
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
