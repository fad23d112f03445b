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
from typing import TYPE_CHECKING, Any

from ..model.errors import BadugiError
from ..model.events import HandRecord, Session
from ..model.limits import MAX_AMOUNT, MAX_DIGITS
from ..model.money import CHIPS, ChipValue, check_currency, unit_words

if TYPE_CHECKING:
    from ..replay.legal import LegalOption


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
    structure, stakes, players one a line or separated by commas, one starting stack, and
    ``event_id``, the event of the ledger picked to go on with, if any).  When the ledger
    already holds hands of a cash event of that name and date, the first hand is numbered
    after them, so the night's hands join the event instead of clashing with it; the event
    picked, still named as the ledger names it, lends the text its unit
    (:func:`_continued_unit`)."""
    from ..text.night import night_text

    players = [p.strip() for p in _SPLIT.split(_field(body, "players")) if p.strip()]
    stacks_text = _field(body, "stacks", "100")
    if not (stacks_text.isascii() and stacks_text.isdigit() and len(stacks_text) <= 20):
        raise RecordError(f"the starting stack must be a number of chips, not {stacks_text!r}")
    name = _field(body, "name")
    if not name:
        raise RecordError("the event needs a name (it names the file and the standings row)")
    date = _field(body, "date") or None
    currency, chip_value = _unit(body, ledger, name, date)
    text = night_text(
        players,
        game=_field(body, "game", "badugi"),
        structure=_field(body, "structure", "fixed-limit"),
        stakes=_field(body, "stakes", "2/4"),
        stacks=int(stacks_text),
        event=name,
        date=date,
        currency=currency,
        chip_value=chip_value,
    )
    first = _next_hand_number(ledger, name, date)
    return _FIRST_HAND.sub(f"hand {first} ·", text, count=1) if first != 1 else text


def saved_night(body: dict[str, Any], folder: Path) -> dict[str, str] | None:
    """The night of the event form ``body`` as this page saved it, when it did: its text, its
    file's name and a note.  Started again (the same name and date), a saved night goes on
    from its file; a new starting text in its place would leave its hands out of the next save.
    A currency typed in the form must be the one the night is saved in
    (:func:`_same_currency`)."""
    from ..text.night import date_text

    name = _field(body, "name")
    if not name:
        return None
    date = date_text(_field(body, "date") or None)  # (a file name is made of it)
    path = event_file(folder, "cash", name, date)
    if not path.is_file():
        return None
    text = saved_text(path)
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
    check_currency(typed)
    held = _text_unit(text)
    if held == (typed, None):
        return
    currency, value = held
    when = f" ({date})" if date else ""
    # chips valued in the currency typed already: only the game's currency changes them
    chips = "" if value and value.currency == typed else f" or chips 1 = … {typed} on its cash line"
    raise RecordError(
        f"{name}{when} is saved in {unit_words(currency or CHIPS, value)} ({path.name}), not "
        f"{typed}: leave the currency blank to go on with it, or give the night a name of its "
        f"own. To change its unit, go on with it, write currency {typed} on its game "
        f"line{chips}, then save and replace its hands"
    )


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
    """The night's unit: the form's ``currency`` (three letters, amounts in its cents; blank:
    chips), else that of the event it goes on with (:func:`_continued_unit`).  A currency
    other than the continued event's is refused: the night would be another event."""
    typed = _field(body, "currency").upper() or None
    continued = _continued_unit(ledger, body.get("event_id"), name, date)
    if typed is None:
        return continued
    check_currency(typed)
    if continued != (None, None) and continued != (typed, None):
        raise RecordError(
            f"the event picked is in {unit_words(continued[0] or CHIPS, continued[1])}, not "
            f"{typed}: leave its currency as it is, or give the night a name of its own"
        )
    return typed, None


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
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS):
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


def _next_hand_number(ledger: sqlite3.Connection, name: str, date: str | None) -> int:
    numbers = ledger.execute(
        "SELECT h.hand_number FROM counted_hands h JOIN events e ON e.id = h.event_id "
        "WHERE e.kind = 'cash' AND e.name = ? AND coalesce(e.date, '') = ?",
        [name, date or ""],
    ).fetchall()
    return 1 + max((int(n) for (n,) in numbers if str(n).isascii() and str(n).isdigit()), default=0)


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
    path = event_file(folder, kind, name, date)
    if path.is_file():
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


def event_file(folder: Path, kind: str, name: str, date: str | None) -> Path:
    """The file of ``folder`` that holds the event (its first hand's event is the one named),
    else the one it is to be saved as: the first of its names (:func:`recorded_name`, numbered
    on) that no file takes.  Names that make one file name ("Kitchen Game", "Kitchen game!",
    or any two without a Latin letter or digit) never share a file, and a file saved before
    there were numbers is still the event's first name."""
    number = 1
    while True:
        path = folder / recorded_name(name, date, number)
        if not path.exists() or _first_event(path) == (kind, name, date):
            return path
        number += 1


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


# --- the verdict of a text, as the page draws it -------------------------------------------------

SOURCE = "record"
"""The name the live check gives the text (check's lines start ``record:LINE:COLUMN:``)."""


def checked_view(text: str) -> dict[str, Any]:
    """:func:`live_check` of ``text``, shaped for ``record.js``: ``problems`` (every problem
    with its line, column, rule and check's words, warnings marked), ``hands`` (each hand's
    lines, verdict and pots; the pots of a hand in progress as they stand), ``next`` (who acts
    and the options to tap, each with its canonical line), ``next_hand`` (whether
    the next hand can start: the last one is over and correct, and two players have chips)
    and ``verdict`` (a one-line summary)."""
    from ..live import live_check

    live = live_check(text, source=SOURCE)
    data = live.to_dict()
    problems = [_problem_view(p, None) for p in data["problems"]]
    hands = []
    for hand in data["hands"]:
        problems += [_problem_view(p, hand["hand"]) for p in hand["problems"]]
        hands.append(
            {
                "hand": hand["hand"],
                "line": hand["first_line"],
                "last_line": hand["last_line"],
                "verdict": hand["verdict"],
                "complete": hand["verdict"] != "in progress",
                "pots": hand["pots"],
            }
        )
    problems.sort(key=lambda p: p["line"])  # as check orders them: by line, then as found
    nxt = data["next"]
    if nxt is not None and hands:
        hands[-1]["pots"] = [
            {**pot, "winners": [], "shares": {}, "detail": ""} for pot in nxt["pots"]
        ]
        hands[-1]["uncalled"] = nxt["uncalled"]
    return {
        "verdict": _verdict(hands, problems),
        "problems": problems,
        "hands": hands,
        "next": _next_view(nxt, hands[-1]["hand"] if hands else None),
        # the next hand's line is written when tapped (next_hand_lines replays the text again)
        "next_hand": data["next_hand"],
    }


def _problem_view(problem: dict[str, Any], hand: str | None) -> dict[str, Any]:
    where = f"{SOURCE}:{problem['line']}:{problem['column']}: "
    shown = problem["text"]
    if shown.startswith(where):
        shown = shown[len(where) :]
    return {
        "line": problem["line"],
        "column": problem["column"],
        "rule": problem["rule"],
        "kind": problem["kind"],
        "severity": "warning" if problem["kind"] == "warning" else "error",
        "message": problem["message"],
        "text": shown,
        "check": problem["text"],
        "hand": hand,
    }


def _verdict(hands: list[dict[str, Any]], problems: list[dict[str, Any]]) -> dict[str, Any]:
    """One line: ``2 problems · 8 hands: 6 correct, 2 with problems`` or ``No problems · 3
    hands: 2 correct, hand 3 being recorded``."""
    errors = sum(1 for p in problems if p["severity"] == "error")
    warnings = len(problems) - errors
    bad = sum(1 for h in hands if h["verdict"] in ("violations", "error"))
    going = [h["hand"] for h in hands if h["verdict"] == "in progress"]
    count = len(hands)
    head = f"{errors} problem{'s' if errors != 1 else ''}" if errors else "No problems"
    correct = count - bad - len(going)
    parts = [f"{correct} correct"] if correct or not (bad or going) else []
    if bad:
        parts.append(f"{bad} with problems")
    parts += [f"hand {hand} being recorded" for hand in going]
    text = f"{head} · {count} hand{'s' if count != 1 else ''}: " + ", ".join(parts)
    if warnings:
        text += f" · {warnings} warning{'s' if warnings != 1 else ''}"
    return {"text": text, "errors": errors, "warnings": warnings, "hands": count}


_LABELS = {"stand pat": "pat", "fold": "fold", "check": "check", "muck": "muck", "show": "show"}


def _next_view(nxt: dict[str, Any] | None, hand: str | None) -> dict[str, Any] | None:
    if nxt is None:
        return None
    options = []
    for index, option in enumerate(nxt["options"]):
        kind, low, high = option["kind"], option["amount"], option["max_amount"]
        ranged = kind in ("bet", "raise") and low is not None and high is not None and high > low
        label = _label(option, ranged)
        if option["player"] != nxt["player"]:
            label = f"{option['player']}: {label}"
        options.append(
            {
                "index": index,
                "kind": kind,
                "player": option["player"],
                "label": label,
                "line": option["line"],
                "min": low if ranged else None,
                "max": high if ranged else (option["cards"] if kind == "draw" else None),
                "all_in": option["all_in_amount"],
                "takes_cards": kind in ("show", "buy"),
            }
        )
    return {"hand": hand, "phase": nxt["phase"], "player": nxt["player"], "options": options}


def _label(option: dict[str, Any], ranged: bool) -> str:
    """A button's words: ``fold``, ``calls 2``, ``raises to 8``; ``raise to`` and ``bet``
    beside the amount of a ranged one (the player's name is said once, above the buttons)."""
    from ..text.writer import name_text

    kind = option["kind"]
    if kind in _LABELS:
        return _LABELS[kind]
    if ranged:
        return "raise to" if kind == "raise" else "bet"
    if kind in ("draw", "buy"):
        return kind
    return str(option["line"]).removeprefix(name_text(option["player"]) + " ")


# --- a tapped option, as a line of the text -------------------------------------------------


def append_choice(text: str, choice: dict[str, Any]) -> tuple[str, int]:
    """``text`` with the canonical line of the tapped ``choice`` added after the last hand's
    last line (so a comment block below it stays below): ``index`` of an option of
    :func:`live_check`'s next actions, with ``amount`` for a ranged bet or raise, ``count`` for
    a draw and optional ``cards`` for a draw, a show or a buy; or ``next_hand`` (true), the
    line of :func:`next_hand_lines` once the last hand is over.  Also the number of the
    line added."""
    from ..live import live_check, next_hand_lines
    from ..model.events import Draw
    from ..replay.legal import event_at
    from ..text.writer import event_line

    live = live_check(text, source=SOURCE)
    if not live.hands:
        raise RecordError("there is no hand yet: start an event, or type a hand line")
    after = live.hands[-1].last_line
    if choice.get("next_hand") is True:
        new = next_hand_lines(text, source=SOURCE).splitlines()
        return _insert(text, after, ["", *new]), after + 1 + len(new)
    if live.next is None:
        raise RecordError("the last hand is not waiting for an action: type the next line")
    index = choice.get("index")
    if (
        not isinstance(index, int)
        or isinstance(index, bool)
        or not 0 <= index < len(live.next.options)
    ):
        raise RecordError("that option is no longer offered: the text changed meanwhile")
    option = live.next.options[index]
    _same_option(choice, option, live.next.player)
    amount = _number(choice, "count" if option.kind == "draw" else "amount")
    low, high = (1, option.cards) if option.kind == "draw" else (option.amount, option.max_amount)
    if amount is not None and option.kind not in ("bet", "raise", "draw") and amount != low:
        # an option of no amount or a fixed one (a fold, a pat, a call of 2) takes no other
        raise RecordError(f"{option.player} may {option.kind} only as offered here, not {amount}")
    if amount is not None and not (low or 0) <= amount <= (MAX_AMOUNT if high is None else high):
        shown = f"{low} to {high}" if high is not None else f"at least {low}"
        raise RecordError(f"{option.player} may {option.kind} {shown} here, not {amount}")
    event = event_at(option, amount)
    typed = choice.get("cards")
    if isinstance(typed, str) and typed.strip():
        event = _with_cards(event, typed, amount)
        if isinstance(event, Draw) and not (low or 0) <= event.count <= (high or 0):
            # the typed cards give the count when none was sent: still the option's range
            shown = f"draw 1 to {high}" if option.kind == "draw" else "stand pat with no cards"
            raise RecordError(f"{option.player} may {shown} here, not {event.count}")
    return _insert(text, after, [event_line(event)]), after + 1


def tapped_view(text: str, choice: dict[str, Any]) -> dict[str, Any]:
    """The answer to a tap: the ``text`` with the ``choice``'s line added
    (:func:`append_choice`), the number of that line and the new text's :func:`checked_view`."""
    new_text, line = append_choice(text, choice)
    return {"text": new_text, "line": line, "check": checked_view(new_text)}


def _same_option(choice: dict[str, Any], option: LegalOption, to_act: str | None) -> None:
    """Refuse a tap made for another moment of the hand: the ``player`` and ``kind`` the
    button was made for (the page sends both) are not the option's now, because the text
    changed meanwhile (a line typed, another tap).  Its index alone would give the action to
    whoever acts now."""
    player, kind = choice.get("player"), choice.get("kind")
    if player is None and kind is None:
        return
    if not isinstance(player, str) or not isinstance(kind, str):
        raise RecordError("the tapped option must name its player and its action")
    if (player, kind) != (option.player, option.kind):
        now = f"{to_act} is to act now" if to_act else "the options changed"
        raise RecordError(
            f"not added: the hand has moved on since {player}'s {kind} was offered ({now}); "
            "tap again"
        )


def _insert(text: str, after: int, new: list[str]) -> str:
    """``text`` with ``new`` lines after its line ``after`` (1-based), ending in a newline."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines[after:after] = new
    return "\n".join(lines) + "\n"


def _number(choice: dict[str, Any], key: str) -> int | None:
    value = choice.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RecordError(f"the {key} must be a whole number")
    return value


def _cards_of(text: str) -> tuple[Any, ...]:
    from ..text.hints import card_problem
    from ..text.transformer import cards

    try:
        return cards(text)
    except KeyError as exc:
        word = str(exc.args[0])
        problem = card_problem(word) or f"{word!r} is not a card (As, Td, 7h, ??)"
        raise RecordError(problem) from None


def _with_cards(event: Any, typed: str, count: int | None) -> Any:
    """The option's event with the cards the organiser typed: a draw ``Qs 3c -> 8s 5c`` (or
    either side alone), a show's or a buy's cards."""
    from dataclasses import replace

    from ..model.events import Buy, Draw, Show

    if isinstance(event, Show):
        return replace(event, cards=_cards_of(typed))
    left, arrow, right = typed.replace("→", "->").partition("->")
    if isinstance(event, Buy):
        thrown, got = _cards_of(left), _cards_of(right)
        if len(thrown) > 1 or len(got) > 1:
            raise RecordError("a buy replaces one card: write it as Kd -> 4d")
        return replace(
            event, discard=thrown[0] if thrown else None, received=got[0] if got else None
        )
    if isinstance(event, Draw):
        thrown = _cards_of(left)
        got = _cards_of(right) if arrow else ()
        n = len(thrown) or len(got) or (count or 0)
        if count is not None and n != count:
            raise RecordError(f"the draw is of {count} cards, but {n} are written")
        if (thrown and len(thrown) != n) or (got and len(got) != n):
            raise RecordError("a draw receives as many cards as it throws")
        return Draw(event.player, thrown or (None,) * n, got or (None,) * n)
    raise RecordError("cards go with a draw, a show or a buy")
