"""A tournament whose hands an import moved to another event: its terms go with them.

A tournament's date or name corrected in its file (``import --replace``), each hand is another
hand to the ledger (its fingerprint names the event), so the old event is left with no hand
that counts.  Its terms are a fact of the tournament the organiser recorded, never of its old
key: :func:`follow_moved_hands` moves them to the tournament its hands are in now (audited,
listed as replaced), or, when that is not one tournament or it has terms of its own, leaves
them and says so.  They are what ``badugi-ledger tournament`` records: the bounty, prices,
prize unit and chop, and the prize table ``--payouts`` set.  A night's void follows it
likewise in :mod:`.moved_nights`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Mapping
from dataclasses import dataclass

from ..model.events import term_text
from ..model.money import UNSTATED, format_amount, plain_money
from .advice import Advice, command_word, ledger_named
from .event_lookup import _LIVE_HANDS, _counts, event_label_of
from .event_terms import COMMAND, command_payouts, event_payouts, payouts_by
from .import_audit import ImportAudit
from .report import Conflict, FileReport
from .tournament_results import recompute_tournament, set_terms
from .tournament_terms import Terms, get_terms


@dataclass(frozen=True)
class Recorded:
    """What the organiser recorded of a tournament by ``badugi-ledger tournament``: its
    :class:`Terms`, and the prize table ``--payouts`` set (its row of ``event_terms``, JSON:
    ``none`` too, :data:`.event_terms.NO_PRIZES`; None: the command set none)."""

    terms: Terms = Terms()
    payouts: str | None = None


def _recorded(db: sqlite3.Connection, event_id: int) -> Recorded:
    return Recorded(get_terms(db, event_id), payouts_by(db, event_id, COMMAND))


def follow_moved_hands(
    db: sqlite3.Connection,
    report: FileReport,
    events: Collection[int],
    audit: ImportAudit,
    stated_before: Mapping[int, str] | None = None,
) -> None:
    """The terms of each tournament among ``events`` that the import of ``report.source`` (its
    audit rows: ``audit``) left with no hand that counts (its date or name corrected in the
    file, ``import --replace``: its hands are another event's now) go where its hands went, so
    the ledger is the one a fresh import of the file and the same terms would make; each move
    is audited and listed as replaced.  Terms are a fact of the tournament the organiser
    recorded, never of its old key, so they are not left on an event nothing counts in.  The
    prize table ``tournament --payouts`` set is one of them (:func:`_move`; ``stated_before``:
    by event id, the payouts the file stated of it before this import).

    When that is not one tournament (the night split into several, or made a cash night), or
    it has other terms of its own, or a bounty above its buy-in, the terms stay where they are
    and the report says so, naming them: which tournament they belong to is the organiser's
    call.  Not a conflict: the file's hands are stored all the same (and a save that must be
    stored whole, the record page's, is).  Call inside the import's transaction, before its
    tournaments are recomputed."""
    for event_id in sorted(events):
        row = db.execute("SELECT kind, void_reason FROM events WHERE id = ?", [event_id]).fetchone()
        void = row is not None and row[1] is not None
        if row is None or row[0] != "tournament" or _counts(db, event_id, void):
            continue
        if not _taken_out(db, event_id, audit):
            continue
        recorded = _recorded(db, event_id)
        if recorded == Recorded():
            continue
        label, shown = event_label_of(db, event_id), _terms_text(db, event_id, recorded)
        targets = _moved_to(db, event_id, report.source, void)
        if void and not _void_followed(db, row[1], targets):
            continue  # the night counts where it went (its unit corrected): not its terms' move
        why = _why_terms_stay(db, targets, recorded)
        if why:
            stay = f"no hand of it counts any more, and its terms stay with it ({shown}): {why}"
            options = _terms_options(recorded)
            where = Advice(
                "record the terms", options=options, joiner="; ", ledger=ledger_named(db)
            )
            report.replaced.append(_note(db, report.source, event_id, (stay,), where))
            continue
        target = targets[0]
        db.execute("DELETE FROM tournament_terms WHERE event_id = ?", [event_id])
        command_payouts(db, event_id, None)
        db.execute(
            "UPDATE events SET payouts = NULL WHERE id = ?1 AND NOT EXISTS (SELECT 1 FROM "
            "event_terms WHERE event_id = ?1 AND term = 'payouts')",
            [event_id],
        )  # (a term no source states leaves the event: :mod:`.event_terms`)
        if _recorded(db, target) == recorded:
            continue  # recorded there too: nothing moves
        detail = (
            f"the terms of {label} (event {event_id}), whose hands are this tournament's "
            f"now: {shown}"
            + _move(db, target, recorded, report.source, (stated_before or {}).get(event_id))
        )
        db.execute(
            "INSERT INTO audit (at, action, event_id, reason, detail) "
            "VALUES (?, 'replace', ?, ?, ?)",
            [audit.at, target, f"import --replace {report.source}", detail],
        )
        report.replaced.append(_note(db, report.source, target, (detail,)))


def _move(
    db: sqlite3.Connection, target: int, recorded: Recorded, source: str, before: str | None
) -> str:
    """Record ``recorded`` for ``target`` (the tournament the hands went to, which recorded
    none of its own) and recompute it; what the report adds to the move (empty: nothing).

    The command's prize table goes as the command sets one on the tournament
    (:func:`.tournament_results.set_payouts`): it is the event's table, and stands whatever
    its files leave out, and over a file stating the table it stated before (``before``, of
    the tournament it moved from), as on a tournament whose date did not change.  Only a file
    imported with ``--replace`` moves hands, and such a file stating another table takes the
    file's over the command's, as there too: ``source`` stating one of its own, its table
    stays the event's, the command's kept beside it (struck from the file, the command's is
    the event's again)."""
    said = ""
    if recorded.payouts is not None:
        command_payouts(db, target, recorded.payouts)
        stated = payouts_by(db, target, source)
        if stated is None or stated in (recorded.payouts, before):
            db.execute(
                "UPDATE events SET payouts = ? WHERE id = ?",
                [event_payouts(recorded.payouts), target],
            )
        else:
            said = (
                f"; the event pays {_table(stated)} in the file, which --replace takes over "
                f"the command's {_table(recorded.payouts)}, the event's again once the file "
                "states none"
            )
    if recorded.terms != get_terms(db, target):
        set_terms(db, target, recorded.terms, carried=True)  # (recomputed)
    else:
        recompute_tournament(db, target)
    return said


def _why_terms_stay(db: sqlite3.Connection, targets: list[int], recorded: Recorded) -> str | None:
    """Why a tournament's terms cannot follow its hands to ``targets`` (None: they can)."""
    if not targets:
        return "no tournament holds its hands now"
    if len(targets) > 1:
        return "its hands went to " + " and ".join(
            f"{event_label_of(db, t)} (id {t})" for t in targets
        )
    target = targets[0]
    theirs = _recorded(db, target)
    if theirs not in (Recorded(), recorded):
        return (
            f"its hands are {event_label_of(db, target)}'s now, which has terms of its own "
            f"({_terms_text(db, target, theirs)})"
        )
    buy_in = db.execute("SELECT buy_in FROM events WHERE id = ?", [target]).fetchone()[0]
    if recorded.terms.bounty > int(buy_in or 0):
        return f"its hands are {event_label_of(db, target)}'s now, whose buy-in is below the bounty"
    return None


def _taken_out(db: sqlite3.Connection, event_id: int, audit: ImportAudit) -> bool:
    """Whether the import whose audit rows ``audit`` finds took a hand out of the event
    (:meth:`.ImportAudit.taken_out`)."""
    rows, params = audit.taken_out()
    found = db.execute(f"SELECT 1 FROM ({rows}) WHERE event_id = ? LIMIT 1", [*params, event_id])
    return found.fetchone() is not None


def _void_followed(db: sqlite3.Connection, reason: str, targets: list[int]) -> bool:
    """Whether the void (``reason``) of an event went with its hands to each of ``targets``
    (:func:`.corrections.follow_void`): a voided tournament's terms go where its void went."""
    return all(
        db.execute("SELECT void_reason FROM events WHERE id = ?", [t]).fetchone()[0] == reason
        for t in targets
    )


def _terms_text(db: sqlite3.Connection, event_id: int, recorded: Recorded) -> str:
    """``bounty 5.00, chop even, payouts 60/40``: the terms that differ from the defaults, in
    the tournament's money, and the command's prize table."""
    unit = db.execute("SELECT money FROM events WHERE id = ?", [event_id]).fetchone()[0]
    unit = str(unit or UNSTATED)
    terms = recorded.terms
    parts = [f"{what} {format_amount(value, unit)}" for what, _, value in _money_terms(recorded)]
    if terms.chop is not None:
        parts.append(f"chop {terms.chop}")
    if recorded.payouts is not None:
        parts.append(f"payouts {_table(recorded.payouts)}")
    return ", ".join(parts)


def _terms_options(recorded: Recorded) -> str:
    """``--bounty 5.00 --chop even --payouts 60/40``: the terms :func:`_terms_text` names, as
    the options of ``badugi-ledger tournament`` that record them (its amounts in cents, as
    its options read them), each value a word of a command (:func:`~.advice.command_word`)."""
    terms = recorded.terms
    options = [f"{option} {plain_money(value)}" for _, option, value in _money_terms(recorded)]
    if terms.chop is not None:
        options.append(f"--chop {command_word(terms.chop)}")
    if recorded.payouts is not None:
        options.append(f"--payouts {command_word(_table(recorded.payouts))}")
    return " ".join(options)


def _money_terms(recorded: Recorded) -> list[tuple[str, str, int]]:
    """The terms in money that differ from the defaults, each as (its words, the option of
    ``badugi-ledger tournament`` that records it, cents): what :func:`_terms_text` says and
    :func:`_terms_options` writes."""
    terms = recorded.terms
    return [
        (what, option, value)
        for value, what, option in (
            (terms.bounty or None, "bounty", "--bounty"),
            (terms.rebuy_price, "rebuy price", "--rebuy-price"),
            (terms.add_on_price, "add-on price", "--add-on-price"),
            (
                terms.prize_unit if terms.prize_unit != 1 else None,
                "prizes rounded to",
                "--prize-unit",
            ),
        )
        if value is not None
    ]


def _table(payouts: str) -> str:
    """A prize table as ``events.payouts`` holds it (JSON), as a file's header writes it."""
    return term_text("payouts", json.loads(payouts), None)


def _moved_to(db: sqlite3.Connection, event_id: int, source: str, void: bool = False) -> list[int]:
    """The tournaments the hands of an event now without counting hands went to, hand by hand:
    where its rows were moved (a hand replaced in another event keeps its row id), and where
    ``source`` (the file just imported) holds a counting hand in its place - a corrected date
    or name makes each hand another hand to the ledger (its fingerprint), so the old row is
    left out and a new one stored.  Its place is the table and number, and when several of
    the file's tournaments have a hand of that table and number (two tournaments at table
    Final, each with hands R1-R3), the same line too: each old hand is paired with its own,
    never with every namesake.  Failing both (the hands renumbered as well), any tournament
    holding counting hands of ``source``.  Of a voided event (``void``), the hands that would
    count but for the void, there and where they went."""
    hands = _LIVE_HANDS if void else "counted_hands"
    named = [
        int(r[0])
        for r in db.execute(
            f"WITH here AS (SELECT h.id, h.event_id, h.hand_number, "
            f"coalesce(h.table_name, '') AS table_name, h.line FROM {hands} h "
            "JOIN events e ON e.id = h.event_id WHERE e.kind = 'tournament' "
            "AND h.event_id != ?1 AND h.source = ?2) "
            "SELECT h.event_id FROM hands o JOIN here h ON h.hand_number = o.hand_number "
            "AND h.table_name = coalesce(o.table_name, '') WHERE o.event_id = ?1 "
            "AND (h.line IS o.line OR NOT EXISTS (SELECT 1 FROM here s "
            "WHERE s.hand_number = o.hand_number AND s.table_name = coalesce(o.table_name, '') "
            "AND s.line IS o.line)) "
            f"UNION SELECT h.event_id FROM audit a JOIN {hands} h ON h.id = a.hand_row "
            "JOIN events e ON e.id = h.event_id WHERE a.event_id = ?1 AND a.action = 'replace' "
            "AND h.event_id != ?1 AND e.kind = 'tournament' ORDER BY 1",
            [event_id, source],
        )
    ]
    if named:
        return named
    return [
        int(r[0])
        for r in db.execute(
            f"SELECT DISTINCT h.event_id FROM {hands} h JOIN events e ON e.id = h.event_id "
            "WHERE e.kind = 'tournament' AND h.event_id != ? AND h.source = ? ORDER BY 1",
            [event_id, source],
        )
    ]


def _note(
    db: sqlite3.Connection,
    source: str,
    event_id: int,
    what: tuple[str, ...],
    advice: Advice | None = None,
) -> Conflict:
    """A line of the import's report about an event's terms, at the event's first hand: a
    fact of the event, counted as an event, not as a hand (:attr:`Conflict.event_fact`), and
    what to do of it (``advice``: record terms that stayed behind where they belong)."""
    first = db.execute(
        "SELECT line, hand_number, coalesce(table_name, '') FROM hands WHERE event_id = ? "
        "ORDER BY void_reason IS NOT NULL, source IS NOT ?, line, id LIMIT 1",
        [event_id, source],
    ).fetchone()
    line, hand, table = first if first is not None else (0, "", "")
    return Conflict(
        source,
        int(line or 0),
        str(hand),
        str(table),
        event_label_of(db, event_id),
        what,
        event_fact=True,
        advice=advice,
    )
