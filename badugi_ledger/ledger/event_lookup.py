"""Events found by what a user types, and named as messages name them.

Every command that takes an event (settle-up, a tournament's table and terms, ``show --db``,
the voids, the web pages) finds it with :func:`find_event`: by id, name or key (digits that
are one event's id and another's name refused as ambiguous, but for the web app's ids), the latest
event with hands when none is given, the close matches named when nothing matches.  Every
message that names an event names it by :func:`event_label` (by its id: :func:`event_label_of`),
and its unit, where that tells it from another, by :func:`event_unit`.
Whether any hand of an event counts (:func:`_counts`) is asked by the lookup and by the terms
that follow a tournament's moved hands (:mod:`.moved_terms`).  Cash nights and tournaments
alike: nothing here is a tournament's, so the many modules that name events import it without
the tournaments' results.  A refusal that says where to look (the events listed, the audit)
is a :class:`~.advice.Refusal`: the command line's words, and the page's of the same advice.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping, Sequence

from ..model.errors import LedgerError
from ..model.events import event_label  # (the one label: check's messages name events too)
from ..model.limits import MAX_DIGITS, MAX_QUOTE, quote
from ..model.money import format_amount, unit_words
from .advice import Advice, Refusal, Said, ledger_named
from .sql import dict_rows


def chip_value(event: Mapping[str, object]) -> str | None:
    """What one chip of ``event`` (a row of ``events``) is worth, ``"0.10 EUR"``; None when
    its chips are not valued in money."""
    cents, currency = event.get("chip_cents"), event.get("chip_currency")
    return format_amount(cents, str(currency)) if isinstance(cents, int) else None


def event_unit(event: Mapping[str, object]) -> str:
    """What ``event`` (a row of ``events``) counts in, as ``badugi-ledger events`` writes it
    (``chips of 0.05 USD``, ``tournament chips, settled in USD``): events of one name and date
    differ by it, so a message that lists them to choose from names it."""
    money = event.get("money")
    return unit_words(str(event["unit"]), chip_value(event), str(money) if money else None)


def find_event(
    db: sqlite3.Connection,
    ref: str | int | None,
    *,
    kind: str | None = None,
    counted: bool = False,
    voided: bool = False,
    by_id: bool = False,
) -> dict[str, object]:
    """An event by id, name or key (exact, then any case), as ``badugi-ledger events`` shows
    them; ``ref`` None = the latest event (by date, then id) with hands.  ``counted`` leaves
    out void events, and refuses an event no hand of which counts (its hands voided, or moved
    to another event by a corrected file): there is nothing to settle.  A name or key several
    events share names the one with hands that count, when only one has: a night whose date
    or name a file corrected (``import --replace``) leaves its old event behind, its hands
    void, for the audit trail, and that namesake is not the night (``voided``: the void event
    with hands that would count but for its void, for an un-void).  Digits that are one
    event's id and another's name or key are refused as ambiguous (:func:`_refuse_either`):
    a user typing ``1`` may mean either, and the wrong night voided or settled would say
    nothing; ``by_id`` reads them as the id, for a caller that took the id from the ledger
    itself (the web app's links and forms).  LedgerError if none (naming close matches, or
    the event of another kind) or ambiguous."""
    table = "counted_events" if counted else "events"
    where = " AND kind = ?" if kind else ""
    extra: list[object] = [kind] if kind else []
    what = f"{kind} event" if kind else "event"
    if ref is None:
        latest = list(
            dict_rows(
                db,
                f"SELECT * FROM {table} WHERE EXISTS (SELECT 1 FROM counted_hands h "
                f"WHERE h.event_id = {table}.id){where} "
                "ORDER BY coalesce(date, '') DESC, id DESC LIMIT 1",
                extra,
            )
        )
        if not latest:
            note = void_events_note(db, f"{what} of the ledger", where, extra)
            raise Refusal(
                note or (f"no {what} with hands in the ledger: ", Advice("import some hands"))
            )
        return latest[0]
    text = str(ref).strip()
    if not by_id:
        _refuse_either(db, text, where, extra)
    rows = _matching(db, table, text, where, extra)
    if len(rows) > 1:
        live = [
            r
            for r in rows
            if (r["void_reason"] is not None or not voided)
            and _counts(db, int(str(r["id"])), voided)
        ]
        rows = live if len(live) == 1 else rows
    if not rows and counted:
        void = find_event(db, text, kind=kind, by_id=by_id)
        raise LedgerError(f"the event {event_label(void)} is void: {void['void_reason']}")
    if not rows and kind:
        others = _matching(db, "events", text, "", [])
        if others:
            found = ", ".join(
                f"{quote(str(r['name']))!r} (id {r['id']}, {r['date'] or 'no date'}) is a "
                f"{r['kind']} event"
                for r in others[:5]
            )
            raise LedgerError(f"{found}, not a {kind}")
    if not rows:
        raise Refusal((f"no {what} {quote(text)!r} in the ledger", *_close_matches(db, text)))
    if len(rows) > 1:
        ids = ", ".join(
            f"{r['id']} ({r['name']}, {r['date'] or 'no date'}, {event_unit(r)})" for r in rows
        )
        raise Refusal((f"event {text!r} is ambiguous; ", Advice("give its id"), f": {ids}"))
    if counted and not _counts(db, int(str(rows[0]["id"]))):
        raise Refusal((f"no hand of {event_label(rows[0])} counts", *_why_none(db, rows[0])))
    return rows[0]


def void_events_note(
    db: sqlite3.Connection, of: str, where: str = "", args: Sequence[object] = ()
) -> Said | None:
    """What a command that found no event that counts among the events ``where`` keeps
    (``AND …`` on ``events e``) says when some of them are void: ``no event of season '2024'
    counts: its 2 events are void (see: …)``, not "import some hands first" of a ledger whose
    nights were voided, nor "no events" of a season ``events`` lists; and so when each hand
    of them was voided, the events themselves not (``every hand of Friday (2024-03-01) is
    void (misdeal; …)``), with where to look as an :class:`~.advice.Advice` (a
    :class:`~.advice.Refusal` says it).  None when none is."""
    void, total = db.execute(
        "SELECT count(*) FILTER (WHERE e.void_reason IS NOT NULL), count(*) "
        f"FROM events e WHERE 1 {where}",
        list(args),
    ).fetchone()
    if not void:
        return _void_hands_note(db, of, where, args)
    if void == total:
        which = "its one event is void" if void == 1 else f"its {void} events are void"
    else:
        some = "one" if void == 1 else str(void)
        which = f"{some} of its {total} events {'is' if void == 1 else 'are'} void, and no "
        which += "hand of the others counts"
    return (
        f"no {of} counts: {which} (",
        Advice("see the events and the audit", ledger=ledger_named(db)),
        ")",
    )


def _matching(
    db: sqlite3.Connection, table: str, text: str, where: str, extra: list[object]
) -> list[dict[str, object]]:
    """The events of ``table`` (and ``where``) that ``text`` names: by id, else name, key, then
    the name or key in any case."""
    return _by_id(db, table, text, where, extra) or _by_name(db, table, text, where, extra)


def _by_id(
    db: sqlite3.Connection, table: str, text: str, where: str, extra: list[object]
) -> list[dict[str, object]]:
    """The event of ``table`` (and ``where``) whose id ``text`` is, when it is ASCII digits."""
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS):  # (not "³", "٣")
        return []
    return list(dict_rows(db, f"SELECT * FROM {table} WHERE id = ?{where}", [int(text), *extra]))


def _by_name(
    db: sqlite3.Connection, table: str, text: str, where: str, extra: list[object]
) -> list[dict[str, object]]:
    """The events of ``table`` (and ``where``) named ``text``: by name, key, then the name or
    key in any case."""
    rows: list[dict[str, object]] = []
    for column in ("name", "key", "lower(name)", "lower(key)"):
        if rows:
            break
        value = "lower(?)" if column.startswith("lower") else "?"
        rows = list(
            dict_rows(db, f"SELECT * FROM {table} WHERE {column} = {value}{where}", [text, *extra])
        )
    return rows


def _refuse_either(db: sqlite3.Connection, text: str, where: str, extra: list[object]) -> None:
    """LedgerError when ``text`` is one event's id and another's name or key (among every
    event of ``where``, void ones too: which event a user means does not depend on whether
    it counts), naming each by id and key, the key being what names one event only."""
    numbered = _by_id(db, "events", text, where, extra)
    if not numbered:
        return
    others = [r for r in _by_name(db, "events", text, where, extra) if r["id"] != numbered[0]["id"]]
    if not others:
        return
    each = "; ".join(
        f"{event_label(r)}: id {r['id']}, key {quote(str(r['key']))!r}"
        for r in [*numbered, *others[:5]]
    )
    raise Refusal(
        (
            f"event {quote(text)!r} is ambiguous: it is one event's id and another's name or "
            f"key ({each}); ",
            Advice("give the key", ledger=ledger_named(db)),
        )
    )


def _void_reasons(db: sqlite3.Connection, event_id: object) -> list[str]:
    """The first few reasons the hands of an event were voided for, in the order first given."""
    return [
        str(r[0])
        for r in db.execute(
            "SELECT void_reason FROM hands WHERE event_id = ? AND void_reason IS NOT NULL "
            "GROUP BY void_reason ORDER BY min(id) LIMIT 3",
            [event_id],
        )
    ]


def _why_none(db: sqlite3.Connection, event: Mapping[str, object]) -> Said:
    """Why an event has no hand that counts: the void reasons of its hands (a hand its file no
    longer holds says which file)."""
    reasons = _void_reasons(db, event["id"])
    if not reasons:
        return (" (", Advice("see the events", ledger=ledger_named(db)), ")")
    return (
        f": its hands are void ({'; '.join(reasons)}; ",
        Advice("audit", ledger=ledger_named(db)),
        ")",
    )


def _void_hands_note(
    db: sqlite3.Connection, of: str, where: str, args: Sequence[object]
) -> Said | None:
    """:func:`void_events_note` of events none of which is void: those among them with hands,
    every one voided, said so; None when there are none (nothing was imported)."""
    emptied = list(
        dict_rows(
            db,
            "SELECT e.id, e.name, e.date FROM events e WHERE e.void_reason IS NULL "
            "AND EXISTS (SELECT 1 FROM hands h WHERE h.event_id = e.id) "
            "AND NOT EXISTS (SELECT 1 FROM counted_hands h WHERE h.event_id = e.id)"
            f"{where} ORDER BY e.id",
            list(args),
        )
    )
    if not emptied:
        return None
    if len(emptied) == 1:
        reasons = "; ".join(_void_reasons(db, emptied[0]["id"]))
        label = event_label(emptied[0])
        return (
            f"no {of} counts: every hand of {label} is void ({reasons}; ",
            Advice("audit", ledger=ledger_named(db)),
            ")",
        )
    return (
        f"no {of} counts: every hand of its {len(emptied)} events is void (",
        Advice("see the events and the audit", ledger=ledger_named(db)),
        ")",
    )


def _close_matches(db: sqlite3.Connection, text: str) -> Said:
    """The end of a "no event" message: events whose name contains ``text`` or is close to
    it ("did you mean …"), and where to see them all."""
    import difflib

    hint: Said = (" (", Advice("see the events", ledger=ledger_named(db)), ")")
    if len(text) > MAX_QUOTE:
        return hint  # no event is named like that: not worth comparing
    events = list(dict_rows(db, "SELECT id, name, date FROM events ORDER BY id"))
    names = [str(e["name"]) for e in events]
    wanted = text.lower()
    close = set(difflib.get_close_matches(wanted, [n.lower() for n in names], n=5, cutoff=0.5))
    found = [
        e for e in events if wanted in str(e["name"]).lower() or str(e["name"]).lower() in close
    ]
    if not found:
        return hint
    listed = ", ".join(
        f"{quote(str(e['name']))!r} (id {e['id']}, {e['date'] or 'no date'})" for e in found[:5]
    )
    return (f"; did you mean {listed}?", *hint)


_LIVE_HANDS = "(SELECT * FROM hands WHERE void_reason IS NULL)"
"""The hands of a voided event that would count but for its void: where a voided night's hands
are is found among them, as a counting night's among ``counted_hands``."""


def _counts(db: sqlite3.Connection, event_id: int, void: bool = False) -> bool:
    """Whether a hand of the event counts (of a voided event: would count but for its void)."""
    hands = _LIVE_HANDS if void else "counted_hands"
    found = db.execute(f"SELECT 1 FROM {hands} WHERE event_id = ? LIMIT 1", [event_id])
    return found.fetchone() is not None


def event_label_of(db: sqlite3.Connection, event_id: int) -> str:
    """Event ``event_id`` as messages name it (:func:`event_label`)."""
    name, date = db.execute("SELECT name, date FROM events WHERE id = ?", [event_id]).fetchone()
    return event_label({"name": name, "date": date})
