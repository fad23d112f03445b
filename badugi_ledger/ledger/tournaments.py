"""Stored tournaments: terms, bounties, entries and the result table.

:func:`recompute_tournament` reads a tournament's stored hands in the order they were played,
places the players and pays them with the pure rules of :mod:`badugi_ledger.ledger.prizes`
(places, prizes, chops, points), and writes its ``tournament_entries``.  The terms an organiser
records (:func:`set_terms`) belong to the tournament: when a corrected file moves all its hands
to another event, they go along (:func:`follow_moved_hands`).

**Prize pool** (:func:`~.prizes.prize_pool`) = buy-ins + rebuys + add-ons − the bounty part of
every buy-in.  A rebuy or an add-on costs the buy-in unless the tournament's terms set another
price.  A tournament without a payout table pays no prizes (nothing is assumed); settle-up shows
its pool as undistributed.

**Bounties** (terms ``bounty`` = the part of each buy-in that is a bounty).  When a player is
out for good, their bounty goes to the winner(s) of the last pot they were eligible for in the
hand they busted (the pot holding their last chips), split evenly.  Players still in at the end
keep their own bounty.
"""

from __future__ import annotations

import json
import sqlite3
from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from ..model.errors import ConfigError, LedgerError
from ..model.limits import MAX_DIGITS, MAX_QUOTE, amount_problem, quote
from ..model.money import UNSTATED, format_amount
from ..model.settings import validate_payouts
from .import_audit import ImportAudit
from .prizes import (
    CHOP_METHODS,
    ChopMethod,
    award_prizes,
    chop,
    finishing_places,
    name_order,
    points_for,
    prize_pool,
    prize_table,
    split_evenly,
)
from .report import Conflict, FileReport
from .sql import dict_rows
from .views import natural_order

# --- the stored tournament -------------------------------------------------------------------


@dataclass(frozen=True)
class Terms:
    """How a tournament pays: bounty per head, rebuy/add-on prices, rounding unit, chop."""

    bounty: int = 0
    rebuy_price: int | None = None
    add_on_price: int | None = None
    prize_unit: int = 1
    chop: ChopMethod | None = None

    def __post_init__(self) -> None:
        for value, what in (
            (self.bounty, "the bounty"),
            (self.rebuy_price, "the rebuy price"),
            (self.add_on_price, "the add-on price"),
            (self.prize_unit, "the prize unit"),
        ):
            problem = None if value is None else amount_problem(value, what)
            if problem:
                raise ConfigError(problem)
        if self.bounty < 0 or self.prize_unit < 1:
            raise ConfigError("the bounty cannot be negative and the prize unit must be >= 1")
        if self.chop is not None and self.chop not in CHOP_METHODS:
            raise ConfigError(f"unknown chop {self.chop!r} (chops: {', '.join(CHOP_METHODS)})")


def event_label(row: Mapping[str, object]) -> str:
    """``Friday game (2024-03-01)``: an event as messages name it."""
    return f"{row['name']}" + (f" ({row['date']})" if row.get("date") else "")


def find_event(
    db: sqlite3.Connection, ref: str | int | None, *, kind: str | None = None, counted: bool = False
) -> dict[str, object]:
    """An event by id, name or key (exact, then any case), as ``badugi-ledger events`` shows
    them; ``ref`` None = the latest event (by date, then id) with hands.  ``counted`` leaves
    out void events, and refuses an event no hand of which counts (its hands voided, or moved
    to another event by a corrected file): there is nothing to settle.  A name or key several
    events share names the one with hands that count, when only one has: a night whose date
    or name a file corrected (``import --replace``) leaves its old event behind, its hands
    void, for the audit trail, and that namesake is not the night.  LedgerError if none
    (naming close matches, or the event of another kind) or ambiguous."""
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
            raise LedgerError(f"no {what} with hands in the ledger: import some hands first")
        return latest[0]
    text = str(ref).strip()
    rows = _matching(db, table, text, where, extra)
    if len(rows) > 1:
        live = [r for r in rows if _counts(db, int(str(r["id"])))]
        rows = live if len(live) == 1 else rows
    if not rows and counted:
        void = find_event(db, text, kind=kind)
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
        raise LedgerError(f"no {what} {quote(text)!r} in the ledger{_close_matches(db, text)}")
    if len(rows) > 1:
        ids = ", ".join(f"{r['id']} ({r['name']}, {r['date'] or 'no date'})" for r in rows)
        raise LedgerError(f"event {text!r} is ambiguous; give its id: {ids}")
    if counted and not _counts(db, int(str(rows[0]["id"]))):
        raise LedgerError(f"no hand of {event_label(rows[0])} counts{_why_none(db, rows[0])}")
    return rows[0]


def _matching(
    db: sqlite3.Connection, table: str, text: str, where: str, extra: list[object]
) -> list[dict[str, object]]:
    """The events of ``table`` (and ``where``) that ``text`` names: by id, else name, key, then
    the name or key in any case."""
    rows: list[dict[str, object]] = []
    if text.isdigit() and len(text) <= MAX_DIGITS:
        rows = list(
            dict_rows(db, f"SELECT * FROM {table} WHERE id = ?{where}", [int(text), *extra])
        )
    for column in ("name", "key", "lower(name)", "lower(key)"):
        if rows:
            break
        value = "lower(?)" if column.startswith("lower") else "?"
        rows = list(
            dict_rows(db, f"SELECT * FROM {table} WHERE {column} = {value}{where}", [text, *extra])
        )
    return rows


def _why_none(db: sqlite3.Connection, event: Mapping[str, object]) -> str:
    """Why an event has no hand that counts: the void reasons of its hands (a hand its file no
    longer holds says which file)."""
    reasons = [
        str(r[0])
        for r in db.execute(
            "SELECT void_reason FROM hands WHERE event_id = ? AND void_reason IS NOT NULL "
            "GROUP BY void_reason ORDER BY min(id) LIMIT 3",
            [event["id"]],
        )
    ]
    if not reasons:
        return " (see: badugi-ledger events)"
    return f": its hands are void ({'; '.join(reasons)}; see: badugi-ledger audit)"


def _close_matches(db: sqlite3.Connection, text: str) -> str:
    """The end of a "no event" message: events whose name contains ``text`` or is close to
    it ("did you mean …"), and where to see them all."""
    import difflib

    hint = " (see: badugi-ledger events)"
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
    return f"; did you mean {listed}?{hint}"


def get_terms(db: sqlite3.Connection, event_id: int) -> Terms:
    rows = list(dict_rows(db, "SELECT * FROM tournament_terms WHERE event_id = ?", [event_id]))
    if not rows:
        return Terms()
    r = rows[0]
    return Terms(r["bounty"], r["rebuy_price"], r["add_on_price"], r["prize_unit"], r["chop"])


def set_terms(db: sqlite3.Connection, event_id: int, terms: Terms) -> None:
    """Record a tournament's terms (call inside a transaction), then recompute its entries."""
    db.execute(
        "INSERT INTO tournament_terms "
        "(event_id, bounty, rebuy_price, add_on_price, prize_unit, chop) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(event_id) DO UPDATE SET bounty = excluded.bounty, "
        "rebuy_price = excluded.rebuy_price, add_on_price = excluded.add_on_price, "
        "prize_unit = excluded.prize_unit, chop = excluded.chop",
        (
            event_id,
            terms.bounty,
            terms.rebuy_price,
            terms.add_on_price,
            terms.prize_unit,
            terms.chop,
        ),
    )
    recompute_tournament(db, event_id)


def _bounty_takers(db: sqlite3.Connection, hand_row_id: int, alias_id: int) -> list[int]:
    """Alias ids that won the last pot the busted player was eligible for in that hand."""
    pots = list(
        dict_rows(
            db, "SELECT id, eligible FROM pots WHERE hand_id = ? ORDER BY idx DESC", [hand_row_id]
        )
    )
    name = db.execute("SELECT name FROM aliases WHERE id = ?", [alias_id]).fetchone()[0]
    for pot in pots:
        if name in json.loads(str(pot["eligible"] or "[]")):
            rows = db.execute(
                "SELECT alias_id FROM pot_winners WHERE pot_id = ? AND share > 0", [pot["id"]]
            ).fetchall()
            return [int(r[0]) for r in rows]
    return []


_PLAYED_HANDS = f"""
SELECT o.hand_id, o.counts, hp.alias_id, a.name, hp.starting_stack, hp.final_stack, hp.rebuys,
       hp.add_ons, coalesce(o.source, ''), {{stack_change}}
FROM (
    SELECT p.hand_id, p.counts, p.source, p.line, p.seq,
           first_value(p.hand) OVER (PARTITION BY coalesce(p.source, '')
                                     ORDER BY p.line, p.hand_id) AS file_first
    FROM play_order p WHERE p.event_id = ?
) o JOIN hand_players hp ON hp.hand_id = o.hand_id JOIN aliases a ON a.id = hp.alias_id
ORDER BY {natural_order("o.file_first")}, coalesce(o.source, ''), o.line, o.seq,
         o.hand_id, hp.seat
"""
"""A tournament's hands as they were played, each player dealt in (or whose stack changed
while he sat out) a row: the hands of the view ``play_order`` (those that count and those an
organiser voided, never a copy the ledger set aside or a hand its file no longer holds), in its
order.  ``play_order`` numbers each table's hands; a tournament's places need one order over
all its tables, so its rule is taken over the whole event: a file's hands in the order of its
lines (the file is the record of the night, tables breaking into a final table included), the
files in the natural order of the number of their first hand (``P9`` before ``P10``, see
:func:`~.views.natural_order`; :func:`order_files` then puts a file later when the players'
stacks say it was played later).  For a tournament at one table this is
``play_order``'s ``seq``.  Row ids are not play order: a hand renumbered, inserted or imported
from an earlier file later is a new row at the end."""


Row = tuple[int, int, int, str, int, int, int | None, int | None, str, int | None]
"""A row of :data:`_PLAYED_HANDS`: hand id, counts, alias id, name, starting stack, final stack,
rebuys, add-ons, source file, the net stack change written before the hand."""


def order_files(files: Sequence[Sequence[Row]]) -> list[Sequence[Row]]:
    """A tournament's files (each its rows in the order of its lines), first played first.

    They come in the order of the number of their first hand, which says nothing when the
    numbers start again in each file (a final table's file numbered from 1, like the file of
    the tables before it: then the file names decide) or do not run on from file to file.  A
    tournament's chips say more: they are bought only by the buy-in, rebuys and add-ons, so a
    player who sits down in his next file brings the stack his last hand left him, less the
    rebuys and add-ons written before it.  A file whose first stack of a player is the stack
    another file left him with, while his stack in the first is not what the second begins
    with, was played after it.  The files keep their order where the stacks say nothing, and
    wholly when what they say cannot all hold (stacks that match by chance both ways).

    >>> early = [(1, 1, 1, "A", 100, 205, 0, 0, "tables.bhh", 0)]
    >>> final = [(2, 1, 1, "A", 205, 600, 0, 0, "final.bhh", 0)]
    >>> [rows[0][8] for rows in order_files([final, early])]
    ['tables.bhh', 'final.bhh']
    """
    first: list[dict[str, int | None]] = []
    last: list[dict[str, int]] = []
    for rows in files:
        came: dict[str, int | None] = {}
        left: dict[str, int] = {}
        for row in rows:
            name, start, final, change = row[3], row[4], row[5], row[9]
            if name not in came:
                came[name] = None if change is None else start - change
            left[name] = final
        first.append(came)
        last.append(left)
    after: dict[int, set[int]] = defaultdict(set)  # file -> the files played before it
    for a, b in ((a, b) for a in range(len(files)) for b in range(len(files)) if a != b):
        for name, arrived in first[b].items():
            if name not in last[a] or arrived is None or arrived != last[a][name]:
                continue
            back = first[a].get(name)
            if back is not None and back != last[b][name]:
                after[b].add(a)
    order: list[int] = []
    left_over = list(range(len(files)))
    while left_over:
        ready = next((f for f in left_over if not after[f] - set(order)), None)
        if ready is None:  # the stacks contradict each other: keep the files' own order
            return list(files)
        order.append(ready)
        left_over.remove(ready)
    return [files[f] for f in order]


_TABLE_RUNS = """
SELECT coalesce(o.table_name, ''), a.name, hp.starting_stack, hp.final_stack,
       coalesce(hp.rebuys, 0) + coalesce(hp.add_ons, 0)
FROM play_order o JOIN hand_players hp ON hp.hand_id = o.hand_id
JOIN aliases a ON a.id = hp.alias_id JOIN events e ON e.id = o.event_id
WHERE o.event_id = ? AND e.kind = 'tournament'
ORDER BY coalesce(o.table_name, ''), o.seq, o.hand_id
"""
"""Each player's hands at each table of a tournament, in ``play_order``: his stack as he sat
down and as he left, and his rebuys and add-ons."""


def free_chips(db: sqlite3.Connection, event_id: int) -> list[str]:
    """The players of tournament ``event_id`` who busted at one table (his last hand there
    left him 0) and played at another of its tables, with no rebuy or add-on in any of its
    hands, while the stack he sat down with at the table he busted at is the stack no other
    table left him: he came to it from no other table, so he played the others after he was
    out, on chips nobody bought.  File order is not play order, and a night's file may miss
    hands, so this is for the import's report, not a refusal; each as a sentence."""
    first: dict[tuple[str, str], int] = {}
    last: dict[tuple[str, str], int] = {}
    bought: set[str] = set()
    for table, name, start, final, buys in db.execute(_TABLE_RUNS, [event_id]):
        first.setdefault((name, table), int(start))
        last[(name, table)] = int(final)
        if buys:
            bought.add(name)
    found = []
    for (name, table), final in sorted(last.items()):
        others = sorted(t for (n, t) in last if n == name and t != table)
        if final or name in bought or not others:
            continue
        if any(last[(name, t)] == first[(name, table)] for t in others):
            continue  # he brought his stack to this table from another one
        tables = " and ".join(repr(t) for t in others)
        found.append(
            f"{name} busted at table {table!r} of {event_label_of(db, event_id)}, which he "
            f"did not come to from another table, and plays at table {tables} without a "
            "rebuy: chips nobody bought; write his 'rebuys' line, or correct the stacks or "
            "the table"
        )
    return found


def recompute_tournament(db: sqlite3.Connection, event_id: int) -> int:
    """Rewrite ``tournament_entries`` of one tournament from its hands as they were played
    (:data:`_PLAYED_HANDS`); return entrants.

    The hands an organiser voided are among them: the stacks went through them, so a rebuy or
    an add-on made in one is charged (its chips stayed in play), while its own play counts for
    no place (:func:`~.prizes.finishing_places`).

    Call inside a transaction (the import does, per file).
    """
    event = db.execute(
        "SELECT kind, buy_in, payouts FROM events WHERE id = ?", [event_id]
    ).fetchone()
    if event is None or event[0] != "tournament":
        raise LedgerError(f"event {event_id} is not a tournament")
    buy_in = int(event[1] or 0)
    payouts = validate_payouts(json.loads(event[2] or "[]"))
    terms = get_terms(db, event_id)
    if terms.bounty > buy_in:
        raise ConfigError(f"the bounty ({terms.bounty}) cannot exceed the buy-in ({buy_in})")
    columns = {str(c[1]) for c in db.execute("PRAGMA table_info(hand_players)")}
    # a migration before the one that keeps ``stack_change`` recomputes tournaments too
    stack_change = "hp.stack_change" if "stack_change" in columns else "NULL"
    files: dict[str, list[Row]] = {}
    for row in db.execute(_PLAYED_HANDS.format(stack_change=stack_change), [event_id]):
        files.setdefault(row[8], []).append(row)
    rows = [row for rows_of_file in order_files(list(files.values())) for row in rows_of_file]
    hands: list[dict[str, tuple[int, int]]] = []
    hand_ids: list[int] = []
    void: set[int] = set()
    alias_of: dict[str, int] = {}
    rebuys: dict[str, int] = defaultdict(int)
    add_ons: dict[str, int] = defaultdict(int)
    for hand_id, counts, alias_id, name, start, final, n_rebuys, n_add_ons, _, _ in rows:
        if not hand_ids or hand_ids[-1] != hand_id:
            hand_ids.append(hand_id)
            hands.append({})
            if not counts:
                void.add(len(hands) - 1)
        hands[-1][name] = (start, final)
        alias_of[name] = alias_id
        rebuys[name] += n_rebuys or 0
        add_ons[name] += n_add_ons or 0
    finishes = finishing_places(hands, void)
    n = len(finishes)
    rebuy_price = buy_in if terms.rebuy_price is None else terms.rebuy_price
    add_on_price = buy_in if terms.add_on_price is None else terms.add_on_price
    paid_in = {
        f.player: buy_in + rebuys[f.player] * rebuy_price + add_ons[f.player] * add_on_price
        for f in finishes
    }
    pool = prize_pool(paid_in.values(), terms.bounty)
    prizes = prize_table(pool, payouts, terms.prize_unit, entrants=n) if payouts else []
    won = award_prizes(finishes, prizes, terms.prize_unit)
    if terms.chop is not None:
        won.update(chop(finishes, prizes, terms.chop, terms.prize_unit))
    if payouts and sum(won.values()) != pool:  # pragma: no cover - the rules above pay it all
        raise LedgerError(
            f"the prizes of event {event_id} add up to {sum(won.values())}, not to its prize "
            f"pool of {pool}"
        )
    bounty_won: dict[str, int] = defaultdict(int)
    bounty_count: dict[str, int] = defaultdict(int)
    if terms.bounty:
        name_of = {a: p for p, a in alias_of.items()}
        for f in finishes:
            if f.out_in_hand is None:
                bounty_won[f.player] += terms.bounty
                continue
            takers = [
                name_of[a] for a in _bounty_takers(db, hand_ids[f.out_in_hand], alias_of[f.player])
            ]
            if not takers:  # nobody to credit (should not happen): the player keeps it
                takers = [f.player]
            for taker, share in split_evenly(
                terms.bounty, sorted(takers, key=name_order), 1
            ).items():
                bounty_won[taker] += share
                bounty_count[taker] += 1 if taker != f.player else 0
    db.execute("DELETE FROM tournament_entries WHERE event_id = ?", [event_id])
    db.executemany(
        "INSERT INTO tournament_entries (event_id, alias_id, buy_in, rebuys, rebuy_cost, add_ons, "
        "add_on_cost, bounties, bounty_won, place, place_to, chips, prize, points) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                event_id,
                alias_of[f.player],
                buy_in,
                rebuys[f.player],
                rebuys[f.player] * rebuy_price,
                add_ons[f.player],
                add_ons[f.player] * add_on_price,
                bounty_count[f.player],
                bounty_won[f.player],
                f.place,
                f.place_to,
                f.chips,
                won.get(f.player, 0),
                points_for("linear", n, f.place, f.place_to),
            )
            for f in finishes
        ],
    )
    return n


# --- a tournament whose hands moved to another event ------------------------------------------


def follow_moved_hands(
    db: sqlite3.Connection, report: FileReport, events: Collection[int], audit: ImportAudit
) -> None:
    """The terms of each tournament among ``events`` that the import of ``report.source`` (its
    audit rows: ``audit``) left with no hand that counts (its date or name corrected in the
    file, ``import --replace``: its hands are another event's now) go where its hands went, so
    the ledger is the one a fresh import of the file and the same terms would make; each move
    is audited and listed as replaced.  Terms are a fact of the tournament the organiser
    recorded, never of its old key, so they are not left on an event nothing counts in.

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
        terms = get_terms(db, event_id)
        if terms == Terms():
            continue
        label, shown = event_label_of(db, event_id), _terms_text(db, event_id, terms)
        targets = _moved_to(db, event_id, report.source, void)
        if void and not _void_followed(db, row[1], targets):
            continue  # the night counts where it went (its unit corrected): not its terms' move
        why = _why_terms_stay(db, targets, terms)
        if why:
            stay = (
                f"no hand of it counts any more, and its terms stay with it ({shown}): {why}; "
                "record them where they belong (badugi-ledger tournament --event ID)"
            )
            report.replaced.append(_note(db, report.source, event_id, (stay,)))
            continue
        target = targets[0]
        db.execute("DELETE FROM tournament_terms WHERE event_id = ?", [event_id])
        if get_terms(db, target) == terms:
            continue  # recorded there too: nothing moves
        set_terms(db, target, terms)
        detail = (
            f"the terms of {label} (event {event_id}), whose hands are this tournament's "
            f"now: {shown}"
        )
        db.execute(
            "INSERT INTO audit (at, action, event_id, reason, detail) "
            "VALUES (?, 'replace', ?, ?, ?)",
            [audit.at, target, f"import --replace {report.source}", detail],
        )
        report.replaced.append(_note(db, report.source, target, (detail,)))


def _why_terms_stay(db: sqlite3.Connection, targets: list[int], terms: Terms) -> str | None:
    """Why a tournament's terms cannot follow its hands to ``targets`` (None: they can)."""
    if not targets:
        return "no tournament holds its hands now"
    if len(targets) > 1:
        return "its hands went to " + " and ".join(
            f"{event_label_of(db, t)} (id {t})" for t in targets
        )
    target = targets[0]
    theirs = get_terms(db, target)
    if theirs not in (Terms(), terms):
        return (
            f"its hands are {event_label_of(db, target)}'s now, which has terms of its own "
            f"({_terms_text(db, target, theirs)})"
        )
    buy_in = db.execute("SELECT buy_in FROM events WHERE id = ?", [target]).fetchone()[0]
    if terms.bounty > int(buy_in or 0):
        return f"its hands are {event_label_of(db, target)}'s now, whose buy-in is below the bounty"
    return None


def _taken_out(db: sqlite3.Connection, event_id: int, audit: ImportAudit) -> bool:
    """Whether the import whose audit rows ``audit`` finds took a hand out of the event
    (:meth:`.ImportAudit.taken_out`)."""
    rows, params = audit.taken_out()
    found = db.execute(f"SELECT 1 FROM ({rows}) WHERE event_id = ? LIMIT 1", [*params, event_id])
    return found.fetchone() is not None


_LIVE_HANDS = "(SELECT * FROM hands WHERE void_reason IS NULL)"
"""The hands of a voided event that would count but for its void: where a voided night's hands
are is found among them, as a counting night's among ``counted_hands``."""


def _counts(db: sqlite3.Connection, event_id: int, void: bool = False) -> bool:
    """Whether a hand of the event counts (of a voided event: would count but for its void)."""
    hands = _LIVE_HANDS if void else "counted_hands"
    found = db.execute(f"SELECT 1 FROM {hands} WHERE event_id = ? LIMIT 1", [event_id])
    return found.fetchone() is not None


def _void_followed(db: sqlite3.Connection, reason: str, targets: list[int]) -> bool:
    """Whether the void (``reason``) of an event went with its hands to each of ``targets``
    (:func:`.corrections.follow_void`): a voided tournament's terms go where its void went."""
    return all(
        db.execute("SELECT void_reason FROM events WHERE id = ?", [t]).fetchone()[0] == reason
        for t in targets
    )


def event_label_of(db: sqlite3.Connection, event_id: int) -> str:
    """Event ``event_id`` as messages name it (:func:`event_label`)."""
    name, date = db.execute("SELECT name, date FROM events WHERE id = ?", [event_id]).fetchone()
    return event_label({"name": name, "date": date})


def _terms_text(db: sqlite3.Connection, event_id: int, terms: Terms) -> str:
    """``bounty 5.00, chop even``: the terms that differ from the defaults, in the
    tournament's money."""
    unit = db.execute("SELECT money FROM events WHERE id = ?", [event_id]).fetchone()[0]
    unit = str(unit or UNSTATED)
    parts = []
    for value, what in (
        (terms.bounty or None, "bounty"),
        (terms.rebuy_price, "rebuy price"),
        (terms.add_on_price, "add-on price"),
        (terms.prize_unit if terms.prize_unit != 1 else None, "prizes rounded to"),
    ):
        if value is not None:
            parts.append(f"{what} {format_amount(value, unit)}")
    if terms.chop is not None:
        parts.append(f"chop {terms.chop}")
    return ", ".join(parts)


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


def _note(db: sqlite3.Connection, source: str, event_id: int, what: tuple[str, ...]) -> Conflict:
    """A line of the import's report about an event's terms, at the event's first hand."""
    first = db.execute(
        "SELECT line, hand_number, coalesce(table_name, '') FROM hands WHERE event_id = ? "
        "ORDER BY void_reason IS NOT NULL, source IS NOT ?, line, id LIMIT 1",
        [event_id, source],
    ).fetchone()
    line, hand, table = first if first is not None else (0, "", "")
    return Conflict(
        source, int(line or 0), str(hand), str(table), event_label_of(db, event_id), what
    )
