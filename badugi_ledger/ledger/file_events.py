"""The ``events`` rows (nights, tournaments) one file's hands name, as an import meets them.

A file names its events by its session headers (:func:`.rows.session_identity`): the writer
(:mod:`.writer`) makes each event at the file's first hand of it, or fills in the blanks of
one the ledger holds; a fact the file states otherwise than the ledger is a conflict, or with
``replace`` the file's (audited), and so is one no source of the event states any longer
(:meth:`FileEvents.settle_terms`, :mod:`.event_terms`); a tournament's table
``tournament --payouts`` set stands over a file stating what it stated before.  A
hand the ledger holds in another event than the file puts it in has moved (a session renamed,
or in another unit).  Kept apart from the per-hand storing because every hand asks for its
event, and the answer is cached per file: the previous hand's session object, then each
session's identity and each event's key.
:func:`void_events` says which events a file added hands to are void, so count nothing.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from typing import Any

from ..model.errors import LedgerError
from ..model.events import Session
from .advice import Advice, Said, ledger_named
from .conflicts import event_fact_conflict, fact_text
from .event_lookup import event_label, event_label_of
from .event_terms import (
    COMMAND,
    COMMAND_NAME,
    EVENT_HOLDERS,
    TERMS,
    event_payouts,
    payouts_by,
    stated_terms,
)
from .hand_lookups import LOOKUP_CHUNK
from .holdings import FileHoldings, Stored
from .moved_nights import void_nights_alike
from .report import Conflict, FileReport
from .rows import HandRows, session_identity
from .void_reasons import LEFT_OUT

EVENT_FACTS = TERMS
"""The ``events`` columns a file states besides what names the event (its ``key``): kind,
name, date and unit.  The game is left out: one night may deal several."""

At = tuple[str, int, str, str, bool]
"""Where the report says an event's conflict: the file, the line, number and table of its
hand that names the event, and whether the file held that hand formerly only."""

_INSERT_TERM = "INSERT INTO event_terms (event_id, source, term, value) VALUES (?, ?, ?, ?)"


class FileEvents:
    """The events one file's hands name, found or made inside the file's transaction."""

    def __init__(
        self, db: sqlite3.Connection, report: FileReport, replace: bool, now: str, touched: set[int]
    ) -> None:
        self.conn = db
        self.report = report
        """Where an event's facts stated otherwise go: conflicts, or with :attr:`replace`
        replaced."""
        self.replace = replace
        self.now = now
        self.touched = touched
        """The writer's events to recompute (tournaments), added to here."""
        self.events: dict[str, int] = {}
        """Event ids by ``events.key``, as this file made or found them."""
        self.identities: dict[tuple[Session, str, str | None, str], dict[str, Any]] = {}
        self.keys: dict[int, str] = {}
        """``events.key`` by event id, as asked by :meth:`moved`."""
        self.facts_checked: set[tuple[int, int]] = set()
        """(event id, ``id`` of a session's identity, kept in :attr:`identities`): the
        sessions of the file whose facts were compared with the event's (:meth:`facts`)."""
        self.first_stated: dict[str, tuple[dict[str, Any], HandRows]] = {}
        """By ``events.key``: the facts the file's first hand of the event states, and that
        hand (:meth:`_stated_alike`)."""
        self.last_event: tuple[Session, str, str | None, str, int] | None = None
        """The previous hand's (session, game, currency, source, event id): hands of one
        file share their session object, so most hands find their event without hashing it."""
        self.stated: dict[int, tuple[dict[str, Any], HandRows, dict[str, Any]]] = {}
        """By event id, of the events the file's hands are in: the facts (:data:`EVENT_FACTS`)
        any of them states and what they state, the file's first hand of the event and its
        ``events`` row (:meth:`facts`, :meth:`settle_terms`)."""
        self.said: dict[int, tuple[list[Conflict], int]] = {}
        """By event id: where :meth:`facts` put the event's conflict (the report's conflicts
        or replacements, at that index), so that the facts left out join it."""
        self.words: dict[int, str | None] = {}
        """By event id: the prize table ``tournament --payouts`` set (its row; None: it set
        none), read once per file (:meth:`commanded`)."""
        self.payouts_before: dict[int, str] = {}
        """By event id: the payouts the file stated of the event before this import (its own
        row of ``event_terms``), as :meth:`settle_terms` found them: a tournament whose hands
        it moved keeps the command's table when the file states what it stated before
        (:func:`.moved_terms.follow_moved_hands`)."""

    def event(self, rows: HandRows) -> int:
        """The id of the hand's ``events`` row, created (or its blanks filled) at the file's
        first hand of that event."""
        session, game, currency = rows.event
        last = self.last_event
        if (
            last is not None
            and last[0] is session
            and (last[1], last[2], last[3]) == (game, currency, rows.source)
        ):
            return last[4]  # the same session object as the hand before: its event
        ident = self.identity_of(rows)
        key = ident["key"]
        event_id = self.events.get(key)
        if event_id is not None:
            self._stated_alike(event_id, ident, rows)
            self.facts(event_id, ident, rows)  # (a fact stated for the first time)
        else:
            self.first_stated[key] = (ident, rows)
            held = self.conn.execute("SELECT id FROM events WHERE key = ?", [key]).fetchone()
            if held is not None:
                self.facts(int(held[0]), ident, rows)
            cols = [c for c in ident if c != "key"]
            fill = [c for c in cols if held is None or c not in self._unfilled(int(held[0]))]
            self.conn.execute(
                f"INSERT INTO events (key, {', '.join(cols)}) VALUES (?{', ?' * len(cols)}) "
                "ON CONFLICT(key) DO UPDATE SET "
                + ", ".join(f"{c} = coalesce(events.{c}, excluded.{c})" for c in fill),
                [key, *(ident[c] for c in cols)],
            )
            row = self.conn.execute("SELECT id FROM events WHERE key = ?", [key]).fetchone()
            event_id = self.events[key] = int(row[0])
            if held is None:  # the file's own event: nothing to compare, what it states noted
                self.facts(event_id, ident, rows)
        self.last_event = (session, game, currency, rows.source, event_id)
        return event_id

    def _stated_alike(self, event_id: int, ident: dict[str, Any], rows: HandRows) -> None:
        """Refuse the file when it states one event's facts (:data:`EVENT_FACTS`) one way at
        its first hand of it and otherwise at a later one (a second ``tournament`` line of the
        same name and date with another buy-in): the ledger would keep the first, and the
        hands after it say otherwise.  A fact a later hand leaves out is no disagreement."""
        first, hand = self.first_stated[ident["key"]]
        differ = [
            f"{column.replace('_', '-')} {fact_text(column, first[column], first)} then "
            f"{fact_text(column, ident[column], ident)}"
            for column in EVENT_FACTS
            if ident[column] is not None
            and first[column] is not None
            and ident[column] != first[column]
        ]
        if not differ:
            for column in EVENT_FACTS:  # a fact stated for the first time: held from here on
                if first[column] is None and ident[column] is not None:
                    first = {**first, column: ident[column]}
                    self.first_stated[ident["key"]] = (first, hand)
                    if column in self._unfilled(event_id):
                        continue  # (the command's table: :meth:`settle_terms` asks)
                    self.conn.execute(  # and the event's, as a new event's blanks are filled
                        f"UPDATE events SET {column} = ? WHERE id = ? AND {column} IS NULL",
                        [ident[column], event_id],
                    )
                    self.touched.add(event_id)
            return
        raise LedgerError(
            f"this file states {event_label_of(self.conn, event_id)} twice, with other terms: "
            f"{'; '.join(differ)} (its hand {hand.identity[1]} at line {hand.hand[4]}, then "
            f"hand {rows.identity[1]} at line {rows.hand[4]}): one event has one of each; make "
            "them agree, or name the other event otherwise; nothing from this file was stored"
        )

    def moved(self, rows: HandRows, stored: Stored, holdings: FileHoldings) -> bool:
        """Whether the file puts a hand the ledger holds into another event than the ledger
        does: its session named the same but in another unit (currency, chip value), or
        renamed.  An unnamed session is named after its file, so its hands may be copied to
        another file and stay the same hand, of the same event; but a file renamed
        (:attr:`.FileHoldings.was`) names its unnamed night anew, as a fresh import of it
        would."""
        ident = self.identity_of(rows)
        if self.key(stored.event_id) != ident["key"]:
            return bool(rows.event[0].name) or holdings.renamed_with_its_file(stored)
        self.facts(stored.event_id, ident, rows)
        return False

    def key(self, event_id: int) -> str:
        """The event's ``events.key``, read once per file."""
        key = self.keys.get(event_id)
        if key is None:
            row = self.conn.execute("SELECT key FROM events WHERE id = ?", [event_id]).fetchone()
            key = self.keys[event_id] = str(row[0])
        return key

    def identity_of(self, rows: HandRows) -> dict[str, Any]:
        """The ``events`` row the hand's session names (:func:`session_identity`), made once
        per session of the file."""
        session, game, currency = rows.event
        ident_key = (session, game, currency, rows.source)
        ident = self.identities.get(ident_key)
        if ident is None:
            ident = self.identities[ident_key] = session_identity(
                session, game, currency, rows.source
            )
        return ident

    def facts(self, event_id: int, ident: dict[str, Any], rows: HandRows) -> None:
        """An event the ledger holds, named by a session of this file (``ident``, at its hand
        ``rows``): facts the file states otherwise (season, place, buy-in, starting chips,
        payouts) are a conflict, or with ``replace`` the file's (audited); a fact the ledger
        lacks is filled in.  Asked once per session of the file, of the facts no session of
        it before stated for the event: a later session may state one for the first time
        (grammar/README.md, *Headers*), and a fresh import of the file has it.  A fact the
        file leaves out is asked once the file is read (:meth:`settle_terms`), and so are
        payouts ``tournament --payouts`` set (``none`` too), which are no blank to fill
        (:meth:`_against_command`)."""
        seen = (event_id, id(ident))
        if seen in self.facts_checked:
            return
        self.facts_checked.add(seen)
        said = self.stated.get(event_id)
        if said is None:
            said = self.stated[event_id] = ({}, rows, ident)
        columns = [c for c in EVENT_FACTS if ident[c] is not None and c not in said[0]]
        said[0].update((column, ident[column]) for column in columns)
        unfilled = self._unfilled(event_id)  # (the command's table: :meth:`settle_terms` asks)
        columns = [c for c in columns if c not in unfilled]
        if not columns:
            return
        row = self.conn.execute(
            f"SELECT {', '.join(columns)} FROM events WHERE id = ?", [event_id]
        ).fetchone()
        stated = [(column, held, ident[column]) for column, held in zip(columns, row, strict=True)]
        blanks = {column: new for column, held, new in stated if held is None and new is not None}
        if blanks:  # a fact the ledger lacks, the file gives: filled in, as a new event's are
            self.conn.execute(
                f"UPDATE events SET {', '.join(f'{c} = ?' for c in blanks)} WHERE id = ?",
                [*blanks.values(), event_id],
            )
            self.touched.add(event_id)
        changed = {
            column: (held, new)
            for column, held, new in stated
            if new is not None and held is not None and held != new
        }
        if not changed:
            return
        self._differ(event_id, ident, _at(rows), changed)

    def commanded(self, event_id: int) -> str | None:
        """The prize table ``tournament --payouts`` set for the event (its row, JSON; ``none``
        too: :data:`.event_terms.NO_PRIZES`), None when it set none."""
        if event_id not in self.words:
            self.words[event_id] = payouts_by(self.conn, event_id, COMMAND)
        return self.words[event_id]

    def _unfilled(self, event_id: int) -> tuple[str, ...]:
        """The facts of the event a file never fills in as a blank: its payouts, once the
        command set them (its ``none``, no table, is its word, not a blank)."""
        return ("payouts",) if self.commanded(event_id) is not None else ()

    def _differ(
        self,
        event_id: int,
        ident: dict[str, Any],
        at: At,
        changed: dict[str, tuple[Any, Any]],
        elsewhere: dict[str, str] | None = None,
        commanded: frozenset[str] = frozenset(),
    ) -> None:
        """The file states the event's facts ``changed`` (column: the ledger's value, the
        file's; None: left out) otherwise than the ledger: a conflict, or with ``replace`` the
        file's (audited).  Said in one line of the report per event and file.  ``elsewhere``:
        of a fact the file leaves out, what another source states, which the event takes;
        ``commanded``: the facts whose ledger's value is ``tournament --payouts``'s word."""
        conflict = event_fact_conflict(
            self.conn, at, event_id, changed, ident, elsewhere, commanded
        )
        if self.replace:
            self.conn.execute(
                f"UPDATE events SET {', '.join(f'{c} = ?' for c in changed)} WHERE id = ?",
                [*(new for _, new in changed.values()), event_id],
            )
            self.conn.execute(
                "INSERT INTO audit (at, action, event_id, reason, detail) "
                "VALUES (?, 'replace', ?, ?, ?)",
                [self.now, event_id, f"import --replace {self.report.source}",
                 "; ".join(conflict.said)],
            )  # fmt: skip
            self.touched.add(event_id)
        said = self.report.replaced if self.replace else self.report.conflicts
        earlier = self.said.get(event_id)
        if earlier is None:
            self.said[event_id] = (said, len(said))
            said.append(conflict)
            return
        where, index = earlier
        where[index] = replace(
            where[index], differences=(*where[index].differences, *conflict.differences)
        )

    def settle_terms(self, holdings: FileHoldings) -> None:
        """Once the file is read: its own rows of ``event_terms`` (:mod:`.event_terms`)
        written anew (under its path, those of the other paths it was imported by or had
        before it was renamed taken out), for the events its hands are in and for those it
        stated terms of before and names no more (emptied, or its session renamed), and then
        each such event's terms that no source states any longer: a term a fresh import of
        the event's files would not have (:meth:`_unstated`).  The payouts of an event whose
        table ``tournament --payouts`` set are compared with what the file stated before,
        read first (:meth:`_against_command`)."""
        own = holdings.own_names()
        marks = ", ".join("?" * len(own))
        before = {
            int(event_id)
            for (event_id,) in self.conn.execute(
                f"SELECT DISTINCT event_id FROM event_terms WHERE source IN ({marks})", own
            )
        }
        for event_id in sorted(before | set(self.stated)):
            if event_id not in self.stated and (self.report.rejected or holdings.unsure):
                continue  # (its hands may be the file's rejected ones: it may state them)
            said = self.stated.get(event_id)
            recorded = said[0] if said is not None else {}
            if event_id in before:
                found = self.conn.execute(
                    "SELECT value FROM event_terms WHERE event_id = ? AND term = 'payouts' "
                    f"AND source IN ({marks}) ORDER BY source != ? LIMIT 1",
                    [event_id, *own, self.report.source],
                ).fetchone()
                if found is not None:
                    self.payouts_before[event_id] = str(found[0])
                if said is not None:
                    recorded = self._against_command(event_id, said)
                self.conn.execute(
                    f"DELETE FROM event_terms WHERE event_id = ? AND source IN ({marks})",
                    [event_id, *own],
                )
            elif said is not None:
                recorded = self._against_command(event_id, said)
            if said is not None:
                terms, rows, ident = said
                self.conn.executemany(
                    _INSERT_TERM,
                    [(event_id, self.report.source, t, v) for t, v in recorded.items()],
                )
                self._unstated(event_id, terms, _at(rows), ident)
            elif self._held_elsewhere(event_id, own):  # (else nothing of the event counts on)
                self._unstated(event_id, {}, self._formerly(event_id, own), None)

    def _against_command(
        self, event_id: int, said: tuple[dict[str, Any], HandRows, dict[str, Any]]
    ) -> dict[str, Any]:
        """The payouts the file states (``said``: :attr:`stated`) of an event whose table
        ``tournament --payouts`` set: the command's word stands over a file stating what it
        stated before (its own row, :attr:`payouts_before`), or what the event pays already;
        another table is a change made since, a conflict, or with ``replace`` the file's
        (audited), the report saying whose table it replaces.  What the file's rows record
        (call before they are written anew): what it states, but of a table that contests the
        command's without ``replace`` what it stated before, so that it is a conflict again at
        each import until it is taken or the file states its table as before."""
        terms, rows, ident = said
        word, new = self.commanded(event_id), terms.get("payouts")
        if word is None or new is None:
            return terms
        before = self.payouts_before.get(event_id)
        held = self.conn.execute("SELECT payouts FROM events WHERE id = ?", [event_id]).fetchone()
        if new in (before, held[0]):
            return terms
        by_command = frozenset({"payouts"} if held[0] == event_payouts(word) else ())
        self._differ(event_id, ident, _at(rows), {"payouts": (held[0], new)}, None, by_command)
        if self.replace:
            return terms
        kept = {term: value for term, value in terms.items() if term != "payouts"}
        return kept if before is None else {**kept, "payouts": before}

    def _unstated(
        self, event_id: int, stating: dict[str, Any], at: At, ident: dict[str, Any] | None
    ) -> None:
        """The event's terms the ledger holds and no source states (this file, ``stating``,
        said its own in :meth:`facts`): a conflict, or with ``replace`` left out of the
        event (audited), as ``season ""`` leaves it out of a file's next hands; a term the
        event's other sources state alike otherwise (a file that took it over theirs with
        ``--replace`` struck it since) is theirs.  Said as a fact the file states otherwise
        ("the event's season is 2024 in the ledger, none in the file").  Terms the sources
        state in two ways are left as they are: each import said so.  Payouts
        ``tournament --payouts`` set are the event's once no file's table taken over them is
        stated, whatever the other files state ("…, none in tournament --payouts")."""
        row = self.conn.execute(
            f"SELECT {', '.join(EVENT_FACTS)}, currency FROM events WHERE id = ?", [event_id]
        ).fetchone()
        facts = ident if ident is not None else {"currency": row[-1]}
        stated = stated_terms(self.conn, event_id)
        changed: dict[str, tuple[Any, Any]] = {}
        elsewhere: dict[str, str] = {}
        word = self.commanded(event_id)
        for column, held in zip(EVENT_FACTS, row, strict=False):
            values = stated.get(column, {})
            if word is not None and column in self._unfilled(event_id):
                values = {word: COMMAND}  # the command's table, whatever the files state
            if held is None or column in stating or held in values or len(values) > 1:
                continue
            for value, source in values.items():
                where = COMMAND_NAME if source == COMMAND else source
                elsewhere[column] = f"{fact_text(column, value, facts)} in {where}"
                changed[column] = (held, event_payouts(value))
            changed.setdefault(column, (held, None))
        if changed:
            self._differ(event_id, facts, at, changed, elsewhere)

    def _formerly(self, event_id: int, own_names: list[str]) -> At:
        """Where the report says the terms of an event the file names no more: the first
        hand of it the file held."""
        marks = ", ".join("?" * len(own_names))
        found = self.conn.execute(
            "SELECT source, line, hand_number, coalesce(table_name, '') FROM hands "
            f"WHERE event_id = ? AND source IN ({marks}) UNION ALL "
            "SELECT c.source, c.line, h.hand_number, coalesce(h.table_name, '') FROM "
            f"hand_copies c JOIN hands h ON h.id = c.hand_id WHERE h.event_id = ? AND "
            f"c.source IN ({marks}) ORDER BY 2 LIMIT 1",
            [event_id, *own_names, event_id, *own_names],
        ).fetchone()
        if found is None:
            return (self.report.source, 0, "", "", True)
        source, line, number, table = found
        return (str(source), int(line or 0), str(number), str(table), True)

    def _held_elsewhere(self, event_id: int, own_names: list[str]) -> bool:
        """Whether a file other than ``own_names`` holds a hand of the event: a hand read
        from it last that it did not leave out, or a copy of one (``hand_copies``)."""
        marks = ", ".join("?" * len(own_names))
        found = self.conn.execute(
            f"SELECT 1 FROM ({EVENT_HOLDERS}) WHERE event_id = ? "
            f"AND (source IS NULL OR source NOT IN ({marks})) LIMIT 1",
            [LEFT_OUT, event_id, *own_names],
        )
        return found.fetchone() is not None


def _at(rows: HandRows) -> At:
    """Where the report says an event's conflict the file's hand ``rows`` names."""
    return (rows.source, int(rows.hand[4] or 0), rows.identity[1], rows.identity[0], False)


def void_events(
    db: sqlite3.Connection, events: set[int], source: str
) -> tuple[list[tuple[str, str]], list[Said]]:
    """The void events among ``events`` (those a file stored, replaced or moved hands of) that
    hold hands of the file ``source`` (its own, not those it left out), each as messages name
    it and why it is void: a voided event stays void, so the hands a file adds to it count for
    nothing, and the report must say so.  Then a warning for each void event the file's hands
    left for an event of the same name that counts (the night's unit or kind corrected, with
    its date or not: its void does not follow, see docs/ledger.md; those of the same date
    first, if any), or, with none of that name, for the events of another name that the
    file's hands count in now (its session renamed with its unit, or every hand of it deleted
    and others written: nothing shows those are the night, so its void stays where it was):
    the night counts again, unless it is voided again (what to do of it an
    :class:`~.advice.Advice`: void that event too).  And, of the void nights whose hands the
    file holds though it never held them (:func:`~.moved_nights.void_nights_alike`): the
    event of the same name they count in, or each such hand of another night."""
    ids = sorted(events)
    touched = []
    for start in range(0, len(ids), LOOKUP_CHUNK):
        chunk = ids[start : start + LOOKUP_CHUNK]
        touched += db.execute(
            "SELECT id, name, date, void_reason, EXISTS (SELECT 1 FROM hands h WHERE "
            "h.event_id = e.id AND h.source = ? AND h.void_reason IS NULL) FROM events e "
            f"WHERE id IN ({', '.join('?' * len(chunk))}) ORDER BY id",
            [source, *chunk],
        ).fetchall()
    void = [
        (event_label({"name": n, "date": d}), str(why))
        for _, n, d, why, holds in touched
        if why is not None and holds
    ]
    counting = [(i, n, d) for i, n, d, why, holds in touched if why is None and holds]
    warnings: list[Said] = []
    warned = set()
    for event_id, name, date, why, holds in touched:
        if why is None or holds:
            continue
        named = [(i, d) for i, n, d in counting if n == name]
        heirs = [i for i, d in named if d == date] or [i for i, _ in named]
        label = event_label({"name": name, "date": date})
        if heirs or counting:
            warned.add(int(event_id))
        if heirs:
            where = " and ".join(map(str, heirs))
            warnings.append((
                f"{label} is void ({why}), and this file's hands of it are now in event {where} "
                "of that name, which counts: ",
                Advice(
                    "void that event too", event=str(heirs[0]), reason=why, ledger=ledger_named(db)
                ),
            ))  # fmt: skip
        elif counting:  # (its session renamed, or its hands written anew under another name)
            where = " and ".join(f"{event_label({'name': n, 'date': d})} (event {i})"
                                 for i, n, d in counting)  # fmt: skip
            warnings.append((
                f"{label} is void ({why}), and none of this file's hands are in it now: they "
                f"are in {where}, which counts; a night's void follows its hands only when the "
                "file holds them as themselves, in the night's unit: ",
                Advice(
                    "void that event too",
                    event=str(counting[0][0]),
                    reason=why,
                    ledger=ledger_named(db),
                ),
            ))  # fmt: skip
    warnings += void_nights_alike(db, source, [(i, n) for i, n, _ in counting], warned)
    return void, warnings
