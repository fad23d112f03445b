"""Storing one file's prepared hands in the ledger: one transaction per file.

:func:`store_file` consumes the items :func:`badugi_ledger.ledger.rows.prepare_outcomes` yields
(rejections and :class:`~badugi_ledger.ledger.rows.HandRows`), counts them, and writes the
valid hands ``batch_size`` at a time inside ONE transaction, opened (``BEGIN IMMEDIATE``: the
write lock) at the first batch and committed after the last; ``strict`` refuses the file at its
first bad hand, and any failure rolls the whole file back.

Each hand is looked up by fingerprint, else (a hand an organiser voided, renumbered) by
content (:mod:`~badugi_ledger.ledger.void_matching`), else by identity (event, table, hand
number): the same fingerprint and content is a duplicate; anything else a :class:`Conflict`
with what differs (:func:`badugi_ledger.ledger.hand_content.differences`), not stored - unless
``replace``, which stores the new version over the old row (same id, so hands keep their
order), writes an ``audit`` row and recomputes the tournaments touched, all in the file's
transaction.  A hand with a figure beyond :data:`badugi_ledger.model.limits.MAX_AMOUNT` fails
the whole file.  What the file held when it was imported before, and no longer holds, is
:mod:`.holdings`'s; how its names become players, and the refusal of two names of one player
at one table or in one tournament, :mod:`.players`'s.

Why it is fast: per batch, one query finds the hands already stored (duplicates), one per event
the hands named by identity (conflicts), and each table gets ONE ``executemany`` on the plain
``sqlite3`` connection (statements prepared once, no per-row sqlite-utils call). The ids are
assigned here, in the order the one-row-at-a-time writer got them from SQLite: a table whose
key is an ``INTEGER PRIMARY KEY`` without ``AUTOINCREMENT`` gives each new row the largest id
so far plus one, and nobody else can insert while this file's transaction holds the write lock,
so ``max(id) + 1, + 2, …`` are exactly the ids SQLite would have chosen. New players and
aliases are still created one at a time (rare: once per name per ledger) in the order the hands
name them.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from ..model.errors import LedgerError
from ..model.events import Session
from ..model.limits import quote
from ..model.money import UNSTATED, format_amount
from .carried_pots import PROGRESSIVE, PROGRESSIVE_GAMES, CarryShortfall, carry_shortfall
from .hand_content import differences, stored_facts
from .holdings import FileHoldings, Stored
from .import_run import ImportRun
from .moved_nights import follow_moved_nights
from .players import Aliases, refuse_one_player_a_seat, refuse_one_player_an_entry
from .report import OTHER_TABLE, STALE_COPY, Conflict, FileReport, Rejected
from .rows import HAND_COLUMNS, HandRows, amount_problems, session_identity
from .tournaments import event_label, event_label_of, follow_moved_hands, recompute_tournament
from .void_matching import Candidate
from .void_reasons import organisers_reason

ProgressFn = Callable[[str, int], None]
"""Called with (source, hands read so far in that file) every ``progress_every`` hands."""

_INSERT_HAND = (
    f"INSERT INTO hands (id, fingerprint, event_id, {', '.join(HAND_COLUMNS)}, content, cards, "
    f"imported_at) VALUES ({', '.join('?' * (len(HAND_COLUMNS) + 6))})"
)
_UPDATE_HAND = (
    f"UPDATE hands SET fingerprint = ?, {', '.join(f'{c} = ?' for c in HAND_COLUMNS)}, "
    "content = ?, cards = ?, imported_at = ? WHERE id = ?"
)
_INSERT_POT = (
    "INSERT INTO pots (id, hand_id, idx, name, amount, eligible, detail) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_WINNER = "INSERT INTO pot_winners (pot_id, alias_id, share) VALUES (?, ?, ?)"
_INSERT_PLAYER = (
    "INSERT INTO hand_players (hand_id, alias_id, seat, starting_stack, final_stack, "
    "contributed, collected, busted, rebuys, add_ons, stack_change) "
    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_POSTING = (
    "INSERT INTO postings (hand_id, account, alias_id, kind, amount) VALUES (?, ?, ?, ?, ?)"
)
EVENT_FACTS = ("season", "place", "buy_in", "starting_chips", "payouts")
"""The ``events`` columns a file states besides what names the event (its ``key``): kind,
name, date and unit.  The game is left out: one night may deal several."""
_LOOKUP_CHUNK = 500
"""Fingerprints per duplicate query (SQLite allows at least 999 parameters)."""


class FileWriter:
    """Writes one file's hands inside one transaction opened at the first batch."""

    def __init__(
        self,
        db: sqlite3.Connection,
        report: FileReport,
        *,
        replace: bool = False,
        was: str | None = None,
        run: ImportRun | None = None,
    ) -> None:
        self.conn = db
        self.db = db
        self.report = report
        self.replace = replace
        self.was = was
        """The file this one is a new name of (:attr:`.FileHoldings.was`)."""
        self.run = run or ImportRun()
        """What the files before this one in the same import stored: never replaced."""
        self.open = False
        self.aliases = Aliases(db)
        self.events: dict[str, int] = {}
        self.identities: dict[tuple[Session, str, str | None, str], dict[str, Any]] = {}
        self.keys: dict[int, str] = {}
        """``events.key`` by event id, as asked by :meth:`moved`."""
        self.facts_checked: set[int] = set()
        """Events whose stored facts this file was compared with (:meth:`event_facts`)."""
        self.last_event: tuple[Session, str, str | None, str, int] | None = None
        """The previous hand's (session, game, currency, source, event id): hands of one
        file share their session object, so most hands find their event without hashing it."""
        self.touched: set[int] = set()
        """Events this file added hands to or replaced hands of (tournaments get recomputed)."""
        self.first_new = 0
        """The row id of this file's first new hand: it stores new hands as the ids
        ``first_new`` .. ``next_hand - 1``, so that range is all it keeps of them, and memory
        stays flat however many hands a file holds."""
        self.replaced_ids: set[int] = set()
        """Row ids of the stored hands this file replaced (one per conflict it overrode)."""
        self.held_ids: set[int] = set()
        """Row ids of the stored hands this file holds as the ledger does (duplicates)."""
        self.pending: dict[tuple[int, str, str], Stored] = {}
        """This batch's hands by identity, before they are inserted."""
        self.next_hand = self.next_pot = 0
        self.now = datetime.now(UTC).isoformat(timespec="seconds")
        self.carry_tables: set[str] = set()
        """Tables where this file stored a Progressive Badugi hand, or replaced one (its
        carried pots are checked: :meth:`check_carries`)."""
        self.carry_rows: set[int] = set()
        """Stored hands this file voided, counted again or moved in its play (another line):
        those of Progressive Badugi change their table's carried pots too."""
        self.holdings = FileHoldings(
            db, report, replace=replace, was=was, now=self.now, touched=self.touched,
            carry_rows=self.carry_rows,
        )  # fmt: skip
        """The hands this file held when it was imported before: met again, or left out."""

    def begin(self) -> None:
        if not self.open:
            self.conn.execute("BEGIN IMMEDIATE")
            self.open = True
            # Inside the write lock: nobody else adds hands or pots until COMMIT.
            self.next_hand = self.first_new = self._max_id("hands") + 1
            self.next_pot = self._max_id("pots") + 1
            self.holdings.load()

    def met(self, number: str | None) -> None:
        """The file holds a rejected hand numbered ``number`` (:meth:`.FileHoldings.met`)."""
        self.holdings.met(number)

    def left_out(self) -> bool:
        """Deal with the hands this file no longer holds (:meth:`.FileHoldings.left_out`);
        True: nothing of the file may be stored."""
        self.begin()  # a file without a hand to store has not taken the write lock yet
        return self.holdings.left_out()

    def check_carries(self) -> None:
        """Refuse the file when, with it, a hand takes more carried Progressive Badugi pots
        than the hands before it at its table carried and left (the ``*carry*`` account below
        zero: chips from nowhere; :mod:`.carried_pots`): a ``carry in`` of this file stating
        more than was carried, or taking a pot another hand took - or a hand of another file
        whose pot this one no longer carries (a corrected night carrying less, a hand deleted),
        takes first, or comes after hands now (last week's pot, taken on the file's word only
        by a table's first hand).  Every pool at a table where the file changed a Progressive
        Badugi hand is checked as the file leaves it, as a whole: a file that renumbers the
        hand that carried a pot and holds the hand that took it is as consistent as before."""
        tables = set(self.carry_tables)
        rows = sorted(self.carry_rows)
        for start in range(0, len(rows), _LOOKUP_CHUNK):
            chunk = rows[start : start + _LOOKUP_CHUNK]
            tables.update(
                str(row[0])
                for row in self.conn.execute(
                    f"SELECT coalesce(table_name, '') FROM hands WHERE game IN ({PROGRESSIVE}) "
                    f"AND id IN ({', '.join('?' * len(chunk))})",
                    chunk,
                )
            )
        short = carry_shortfall(self.conn, tables, self.wrote) if tables else None
        if short is not None:
            hint = f"; {_UNIT_FIX}" if short.elsewhere else f": {self._carry_hint(short)}"
            raise LedgerError(f"{short.text()}{hint}; nothing from this file was stored")

    def _carry_hint(self, short: CarryShortfall) -> str:
        """What to do about a hand that takes more carried pots than are left for it, or
        less than this file leaves for it."""
        if short.surplus:
            held = short.source or "its file"
            return (
                f"void that hand first (badugi-ledger void --event {short.event_id} --hand "
                f"{short.hand} --reason TEXT; the pot then waits in *carry*), import this file, "
                f"then correct its 'carry in' and import {held} again with --replace"
            )
        if self.wrote(short.hand_row):
            return "its 'carry in' states more than was carried, or takes a pot another hand took"
        held = short.source or "its file"
        return (
            f"with this file, the hands before it leave it less than it takes: correct its "
            f"'carry in' and import {held} again with --replace first, or correct this file"
        )

    def wrote(self, hand_id: int) -> bool:
        """Whether this file has stored or replaced the hand with row id ``hand_id``."""
        return self.first_new <= hand_id < self.next_hand or hand_id in self.replaced_ids

    def _max_id(self, table: str) -> int:
        return int(self.conn.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0])

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
        if event_id is None:
            held = self.conn.execute("SELECT id FROM events WHERE key = ?", [key]).fetchone()
            if held is not None:
                self.event_facts(int(held[0]), ident, rows)
            cols = [c for c in ident if c != "key"]
            self.conn.execute(
                f"INSERT INTO events (key, {', '.join(cols)}) VALUES (?{', ?' * len(cols)}) "
                "ON CONFLICT(key) DO UPDATE SET "
                + ", ".join(f"{c} = coalesce(events.{c}, excluded.{c})" for c in cols),
                [key, *(ident[c] for c in cols)],
            )
            row = self.conn.execute("SELECT id FROM events WHERE key = ?", [key]).fetchone()
            event_id = self.events[key] = int(row[0])
        self.last_event = (session, game, currency, rows.source, event_id)
        return event_id

    def by_fingerprint(self, fingerprints: Sequence[str]) -> dict[str, Stored]:
        """The stored hands with these fingerprints (this file's earlier batches included)."""
        found: dict[str, Stored] = {}
        for start in range(0, len(fingerprints), _LOOKUP_CHUNK):
            chunk = fingerprints[start : start + _LOOKUP_CHUNK]
            for row in self.conn.execute(
                "SELECT id, fingerprint, content, event_id, source, void_reason, line "
                "FROM hands WHERE fingerprint IN "
                f"({', '.join('?' * len(chunk))})",
                chunk,
            ):
                found[row[1]] = Stored(*row)
        return found

    def by_identity(self, event_id: int, table: str, number: str) -> Stored | None:
        """The stored hand named (event, table, hand number): the counting one, else the
        latest void one."""
        row = self.conn.execute(
            "SELECT id, fingerprint, content, event_id, source, void_reason, line FROM hands "
            "WHERE event_id = ? AND hand_number = ? AND coalesce(table_name, '') = ? "
            "ORDER BY void_reason IS NOT NULL, id DESC LIMIT 1",
            [event_id, number, table],
        ).fetchone()
        return None if row is None else Stored(*row)

    def by_identities(
        self, wanted: dict[int, set[str]]
    ) -> tuple[dict[tuple[int, str, str], Stored], dict[tuple[int, str, str], tuple[Stored, str]]]:
        """:meth:`by_identity` of many hands at once: ``wanted`` maps an event id to hand
        numbers; the answer maps each (event, table, number) the ledger holds to the hand
        :meth:`by_identity` would return for it - and, for :meth:`copy_elsewhere`, each
        (event, number, content) of a counting hand to that hand and its table."""
        found: dict[tuple[int, str, str], tuple[tuple[bool, int], Stored]] = {}
        by_content: dict[tuple[int, str, str], tuple[Stored, str]] = {}
        for event_id, numbers in wanted.items():
            listed = sorted(numbers)
            for start in range(0, len(listed), _LOOKUP_CHUNK):
                chunk = listed[start : start + _LOOKUP_CHUNK]
                for row in self.conn.execute(
                    "SELECT id, fingerprint, content, event_id, hand_number, "
                    "coalesce(table_name, ''), void_reason IS NOT NULL, source, void_reason, "
                    "line FROM hands "
                    f"WHERE event_id = ? AND hand_number IN ({', '.join('?' * len(chunk))})",
                    [event_id, *chunk],
                ):
                    identity = (event_id, row[5], row[4])
                    rank = (bool(row[6]), -row[0])  # the counting one, else the latest void
                    stored = Stored(row[0], row[1], row[2], row[3], row[7], row[8], row[9])
                    best = found.get(identity)
                    if best is None or rank < best[0]:
                        found[identity] = (rank, stored)
                    if not row[6]:
                        by_content.setdefault((event_id, row[4], row[2]), (stored, row[5]))
        return {identity: stored for identity, (_, stored) in found.items()}, by_content

    def copy_elsewhere(
        self, rows: HandRows, event_id: int, held: tuple[Stored, str] | None
    ) -> Conflict | None:
        """A new hand that a counting hand of its event, numbered alike at another table,
        records in every figure (``held``: the players, stacks, play and result the same): a
        copy of that hand in a file whose table is named otherwise, which stored would count
        the hand twice.  A conflict, even with ``replace`` (which table is right is the
        organiser's to say) - unless the hand is one this file held before at that table: the
        file's own table renamed, which :attr:`holdings` deals with."""
        if held is None:
            return None
        stored, table = held
        if stored.id in self.holdings.earlier or self.wrote(stored.id):
            return None
        number = rows.identity[1]
        return Conflict(
            rows.source,
            int(rows.hand[4] or 0),
            number,
            rows.identity[0],
            event_label_of(self.conn, event_id),
            (
                f"the ledger holds this hand as hand {number} at table {table!r} (from "
                f"{stored.source}), the same in every figure: a copy whose table is named "
                f"otherwise; name the table as the ledger does, or correct the table's name in "
                f"{stored.source} and import it again with --replace",
            ),
            fix=OTHER_TABLE,
        )

    def write(self, batch: Sequence[HandRows]) -> None:
        self.begin()
        self.holdings.read_any = self.holdings.read_any or bool(batch)
        known = self.by_fingerprint([rows.fingerprint for rows in batch])
        # One query per event for the hands not found by fingerprint (else one per hand);
        # a hand replaced in this batch may change what an identity names, so after a
        # replacement the rest of the batch asks one hand at a time.
        wanted: dict[int, set[str]] = {}
        candidates: list[Candidate] = []
        for position, rows in enumerate(batch):
            problem = amount_problems(rows)
            if problem:
                raise LedgerError(
                    f"hand {quote(str(rows.hand[0]))} (line {rows.hand[4]}): {problem}, so the "
                    "ledger cannot hold it; nothing from this file was stored"
                )
            if rows.fingerprint not in known:
                event_id = self.event(rows)
                wanted.setdefault(event_id, set()).add(rows.identity[1])
                if self.holdings.voids.near(event_id):
                    candidates.append(
                        Candidate(position, event_id, *rows.identity, rows.content, rows.hand[4])
                    )
        identities, by_content = self.by_identities(wanted)
        renumbered = self.holdings.voids.renumbered(candidates, {s.id for s in known.values()})
        fresh = True
        hands: list[tuple[Any, ...]] = []
        pots: list[tuple[Any, ...]] = []
        winners: list[tuple[int, int, int]] = []
        players: list[tuple[Any, ...]] = []
        postings: list[tuple[Any, ...]] = []
        alias = self.aliases
        for position, rows in enumerate(batch):
            stored = known.get(rows.fingerprint)
            if (
                stored is not None
                and stored.content == rows.content
                and not self.moved(rows, stored)
            ):
                # The same hand, already stored (maybe from another file): nothing to write,
                # and no event to make for it (an unnamed session is named after its file).
                self.holdings.meet(stored)
                self.held_ids.add(stored.id)
                if not self.holdings.claim(
                    stored, rows
                ):  # (a hand that counts again is "replaced")
                    self.report.duplicate += 1
                continue
            event_id = self.event(rows)
            identity = (event_id, *rows.identity)
            voided = renumbered.get(position)
            stored = stored or (voided and Stored(*voided[:7])) or self.pending.get(identity)
            if stored is None:
                stored = identities.get(identity) if fresh else self.by_identity(*identity)
                stored = self.same_hand(stored, rows)
                if stored is None:
                    copy = self.copy_elsewhere(
                        rows, event_id, by_content.get((event_id, rows.identity[1], rows.content))
                    )
                    if copy is not None:
                        self.report.conflicts.append(copy)
                        continue
            if stored is not None:
                self.holdings.meet(stored)
                same = (stored.fingerprint, stored.content) == (rows.fingerprint, rows.content)
                if same and stored.event_id == event_id:
                    self.held_ids.add(stored.id)
                    if not self.holdings.claim(stored, rows):
                        self.report.duplicate += 1
                    continue
                conflict = self.stays_void(self.conflict(rows, stored, event_id), stored)
                if not self.replace or self.wrote(stored.id) or self.run.holder(stored.id):
                    self.report.conflicts.append(conflict)
                    continue
                self.holdings.restore(stored, rows, say=False)
                self.replace_hand(stored, rows, conflict, event_id)
                self.replaced_ids.add(stored.id)
                fresh = False
                hand_id = stored.id
            else:
                hand_id = self.next_hand
                self.next_hand += 1
                hands.append(
                    (hand_id, rows.fingerprint, event_id, *rows.hand, rows.content, rows.cards,
                     self.now)
                )  # fmt: skip
                self.report.stored += 1
            self.touched.add(event_id)
            if rows.hand[5] in PROGRESSIVE_GAMES:
                self.carry_tables.add(rows.identity[0])
            known[rows.fingerprint] = self.pending[identity] = Stored(
                hand_id, rows.fingerprint, rows.content, event_id
            )
            for player in rows.players:
                players.append((hand_id, alias[player[0]], *player[1:]))
            for account, is_player, kind, amount in rows.postings:
                postings.append(
                    (hand_id, account, alias[account] if is_player else None, kind, amount)
                )
            for idx, (name, amount, eligible, detail, shares) in enumerate(rows.pots):
                pot_id = self.next_pot
                self.next_pot += 1
                pots.append((pot_id, hand_id, idx, name, amount, eligible, detail))
                for winner, share in shares:
                    winners.append((pot_id, alias[winner], share))
        # Parents before children: the foreign keys are checked per statement.
        self.conn.executemany(_INSERT_HAND, hands)
        self.conn.executemany(_INSERT_POT, pots)
        self.conn.executemany(_INSERT_WINNER, winners)
        self.conn.executemany(_INSERT_PLAYER, players)
        self.conn.executemany(_INSERT_POSTING, postings)
        self.pending.clear()

    def moved(self, rows: HandRows, stored: Stored) -> bool:
        """Whether the file puts a hand the ledger holds into another event than the ledger
        does: its session named the same but in another unit (currency, chip value), or
        renamed.  An unnamed session is named after its file, so its hands may be copied to
        another file and stay the same hand, of the same event; but a file renamed
        (:attr:`was`) names its unnamed night anew, as a fresh import of it would."""
        ident = self.identity_of(rows)
        if self.event_key(stored.event_id) != ident["key"]:
            return bool(rows.event[0].name) or self.renamed_with_its_file(stored)
        self.event_facts(stored.event_id, ident, rows)
        return False

    def renamed_with_its_file(self, stored: Stored) -> bool:
        """Whether the stored hand was read last from the file this one is a new name of: an
        unnamed night's event is named after its file, so it is renamed with it."""
        return self.was is not None and stored.source == self.was != self.report.source

    def same_hand(self, stored: Stored | None, rows: HandRows) -> Stored | None:
        """The stored hand that names the same event, table and number as ``rows``, if it is
        that hand: a hand an organiser voided is met only as itself, by fingerprint or content
        (:mod:`~.void_matching`); another hand given its number is a hand of its own, and the
        void stays where it was (the voided hand, left out of the file, :meth:`left_out`)."""
        if (
            stored is not None
            and self.holdings.voids.is_organisers(stored.void)
            and stored.fingerprint != rows.fingerprint
            and stored.content != rows.content
        ):
            return None
        return stored

    def stays_void(self, conflict: Conflict, stored: Stored) -> Conflict:
        """The conflict, saying that a hand an organiser voided stays void as its new version,
        renumbered or not (its number in the ledger said when the file gives another)."""
        reason = organisers_reason(stored.void)
        if reason is None:
            return conflict
        (number,) = self.conn.execute(
            "SELECT hand_number FROM hands WHERE id = ?", [stored.id]
        ).fetchone()
        said = f"it stays void ({reason})"
        if str(number) != conflict.hand:
            said = f"the ledger's hand {number}, renumbered: {said}"
        return dataclasses.replace(conflict, differences=(*conflict.differences, said))

    def event_key(self, event_id: int) -> str:
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

    def conflict(self, rows: HandRows, stored: Stored, event_id: int) -> Conflict:
        """What differs between the stored hand and this version of it."""
        table, number = rows.identity
        label = event_label_of(self.conn, stored.event_id)
        line = int(rows.hand[4] or 0)
        found: tuple[str, ...]
        if self.wrote(stored.id):
            found = ("this import holds the hand twice, with different content",)
        elif (stored.fingerprint, stored.content) == (rows.fingerprint, rows.content):
            found = ()  # the same hand: only its event differs
        else:
            found = tuple(differences(stored_facts(self.conn, stored.id), rows.facts()))
        earlier = self.run.holder(stored.id)
        if earlier is not None:
            found += (
                f"{earlier}, read earlier in this import, holds the ledger's version: two "
                f"files of one import disagree on this hand, so the ledger keeps it; correct "
                f"or delete the stale copy, or import the corrected file on its own",
            )
        if stored.event_id != event_id:
            found += (
                f"the ledger holds it in the event {self.event_key(stored.event_id)!r}, the "
                f"file puts it in {self.event_key(event_id)!r}",
            )
        fix = STALE_COPY if earlier is not None else None
        return Conflict(rows.source, line, number, table, label, found, fix=fix)

    def event_facts(self, event_id: int, ident: dict[str, Any], rows: HandRows) -> None:
        """An event the ledger holds, named again by this file: facts the file states
        otherwise (season, place, buy-in, starting chips, payouts) are a conflict, or with
        ``replace`` the file's (audited).  A fact the file leaves out keeps the ledger's.
        Asked once per event and file."""
        if event_id in self.facts_checked:
            return
        self.facts_checked.add(event_id)
        row = self.conn.execute(
            f"SELECT {', '.join(EVENT_FACTS)} FROM events WHERE id = ?", [event_id]
        ).fetchone()
        stated = [
            (column, held, ident[column]) for column, held in zip(EVENT_FACTS, row, strict=True)
        ]
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
        table, number = rows.identity
        found = tuple(
            f"the event's {column.replace('_', '-')} is {_fact(column, held, ident)} in the "
            f"ledger, {_fact(column, new, ident)} in the file"
            for column, (held, new) in changed.items()
        )
        conflict = Conflict(
            rows.source,
            int(rows.hand[4] or 0),
            number,
            table,
            event_label_of(self.conn, event_id),
            found,
            event_fact=True,
        )
        if not self.replace:
            self.report.conflicts.append(conflict)
            return
        self.conn.execute(
            f"UPDATE events SET {', '.join(f'{c} = ?' for c in changed)} WHERE id = ?",
            [*(new for _, new in changed.values()), event_id],
        )
        self.conn.execute(
            "INSERT INTO audit (at, action, event_id, reason, detail) "
            "VALUES (?, 'replace', ?, ?, ?)",
            [self.now, event_id, f"import --replace {rows.source}", "; ".join(found)],
        )
        self.touched.add(event_id)
        self.report.replaced.append(conflict)

    def replace_hand(
        self, stored: Stored, rows: HandRows, conflict: Conflict, event_id: int
    ) -> None:
        """Store ``rows`` over the stored hand (same row id, so the hands keep their order),
        in the event the file names; its children are written with the batch, the old ones
        deleted here.  The files that held the old version as a copy do not hold this one."""
        hand_id = stored.id
        if self.conn.execute(
            f"SELECT game IN ({PROGRESSIVE}) FROM hands WHERE id = ?", [hand_id]
        ).fetchone()[0]:
            self.carry_tables.add(conflict.table)
        if event_id != stored.event_id:
            self.conn.execute("UPDATE hands SET event_id = ? WHERE id = ?", [event_id, hand_id])
            self.touched.add(event_id)
        self.conn.execute(
            "DELETE FROM pot_winners WHERE pot_id IN (SELECT id FROM pots WHERE hand_id = ?)",
            [hand_id],
        )
        for table in ("pots", "hand_players", "postings", "hand_copies"):
            self.conn.execute(f"DELETE FROM {table} WHERE hand_id = ?", [hand_id])
        self.conn.execute(_UPDATE_HAND, [rows.fingerprint, *rows.hand, rows.content, rows.cards,
                                         self.now, hand_id])  # fmt: skip
        self.conn.execute(
            "INSERT INTO audit (at, action, event_id, hand_row, table_name, hand_number, "
            "reason, old_fingerprint, new_fingerprint, detail) "
            "VALUES (?, 'replace', ?, ?, ?, ?, ?, ?, ?, ?)",
            [self.now, stored.event_id, hand_id, conflict.table, conflict.hand,
             f"import --replace {rows.source}", stored.fingerprint, rows.fingerprint,
             "; ".join(conflict.differences)],
        )  # fmt: skip
        self.touched.add(stored.event_id)
        self.report.replaced.append(conflict)

    def commit(self) -> None:
        if self.open:
            if self.replace:  # only a replace moves hands to another event
                follow_moved_nights(self.db, self.report, self.touched, self.now)
            follow_moved_hands(self.db, self.report, self.touched, self.now)
            for (event_id,) in self.conn.execute(
                "SELECT id FROM events WHERE kind = 'tournament' AND id IN "
                f"({', '.join('?' * len(self.touched))}) ORDER BY id",
                sorted(self.touched),
            ).fetchall():
                recompute_tournament(self.db, event_id)
            self.conn.execute("COMMIT")
            self.open = False

    def rollback(self) -> None:
        if self.open and self.conn.in_transaction:
            self.conn.execute("ROLLBACK")
        self.open = False


def _fact(column: str, value: Any, ident: dict[str, Any]) -> str:
    """An event fact as the file's header writes it: a buy-in as money, payouts as
    ``50/30/20``."""
    if column == "buy_in":
        return format_amount(int(value), ident["currency"] or UNSTATED)
    if column == "payouts":
        return "/".join(str(p) for p in json.loads(value))
    return str(value)


def store_file(
    db: sqlite3.Connection,
    items: Iterable[Rejected | HandRows | None],
    source: str,
    *,
    strict: bool = False,
    replace: bool = False,
    batch_size: int = 500,
    progress: ProgressFn | None = None,
    progress_every: int = 1000,
    whole: bool = False,
    was: str | None = None,
    run: ImportRun | None = None,
) -> FileReport:
    """Store one file's prepared hands (one transaction); see the module docstring.
    ``whole``: a conflict holds the whole file back, as hands left out do.  ``was``: the file
    this one is a new name of; the hands imported from it that this file does not hold are
    left out of it, as an edited file's are.  ``run``: what the files before this one in the
    same import stored (:class:`.ImportRun`): a hand of theirs this file holds with other
    content is a conflict even with ``replace``, and this file's hands join it.

    A hand whose identity (event, table, hand number) or fingerprint the ledger holds with
    the same fingerprint and content is a duplicate; with other content it is a conflict,
    not stored, unless ``replace``: then it is stored over the old version (audited).

    An exception from ``items`` (a file that stops being readable) or from SQLite rolls the
    file back and propagates; the report then counts nothing stored.
    """
    report = FileReport(source)
    writer = FileWriter(db, report, replace=replace, was=was, run=run)
    batch: list[HandRows] = []
    seen = 0
    try:
        for item in items:
            seen += 1
            if progress is not None and seen % progress_every == 0:
                progress(source, seen)
            if type(item) is Rejected:
                report.rejected.append(item)
                writer.met(item.hand)
                if strict:
                    report.refused = True
                    batch.clear()
                continue
            if report.refused or item is None:
                continue
            batch.append(item)  # type: ignore[arg-type]
            if len(batch) >= batch_size:
                writer.write(batch)
                batch.clear()
        if report.refused:
            writer.rollback()
            _nothing_stored(report)
            return report
        if batch:
            writer.write(batch)
        if writer.left_out() or (whole and report.conflicts):
            writer.rollback()
            _nothing_stored(report)
            report.held_back = True
            return report
        writer.check_carries()
        refuse_one_player_a_seat(db, writer.first_new, writer.next_hand, writer.replaced_ids)
        refuse_one_player_an_entry(db, writer.touched)
        report.void_events = _void_events(db, writer.touched)
        writer.commit()
        writer.run.remember(
            source, writer.first_new, writer.next_hand, writer.replaced_ids | writer.held_ids
        )
    except BaseException:
        writer.rollback()
        _nothing_stored(report)
        raise
    if progress is not None and seen >= progress_every:
        progress(source, seen)
    return report


def _void_events(db: sqlite3.Connection, events: set[int]) -> list[tuple[str, str]]:
    """Each void event among ``events`` (those a file stored or replaced hands of) as messages
    name it, and why it is void: a voided event stays void, so the hands a file adds to it
    count for nothing, and the report must say so."""
    if not events:
        return []
    ids = sorted(events)
    void = []
    for start in range(0, len(ids), _LOOKUP_CHUNK):
        chunk = ids[start : start + _LOOKUP_CHUNK]
        void += db.execute(
            "SELECT name, date, void_reason FROM events WHERE void_reason IS NOT NULL "
            f"AND id IN ({', '.join('?' * len(chunk))}) ORDER BY id",
            chunk,
        ).fetchall()
    return [(event_label({"name": n, "date": d}), str(why)) for n, d, why in void]


def _nothing_stored(report: FileReport) -> None:
    """The file was rolled back: nothing of it counts as stored or replaced."""
    report.stored = report.duplicate = 0
    report.replaced.clear()


_UNIT_FIX = (
    "to correct the unit of nights that pass a pot between them, void each night that takes "
    "a carried pot first (badugi-ledger void --event EVENT --reason TEXT), then import the "
    "nights' files again with --replace, the earliest night first"
)
"""The way out of a unit corrected night by night: each night's new unit refuses the pot the
other's old unit carried, in either order, until the nights that take a pot are out of the
way (a voided night's hands go to the corrected night's event when its file comes again)."""
