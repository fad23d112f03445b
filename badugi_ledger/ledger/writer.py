"""Storing a file's hands in the ledger a batch at a time, inside the file's one transaction.

:class:`FileWriter` holds what one file's import knows while it stores: the write lock
(``BEGIN IMMEDIATE``, taken at the first batch; :func:`.file_transaction.store_file` commits
or rolls back), the ids it gives new rows, the events its hands name
(:class:`.file_events.FileEvents`) and the hands the file held before
(:class:`.holdings.FileHoldings`).  Each hand is looked up by fingerprint, else (a hand an
organiser voided, renumbered) by content (:mod:`~badugi_ledger.ledger.void_matching`), else by
identity (event, table, hand number; :mod:`.hand_lookups`): the same fingerprint and content is
a duplicate (:func:`~badugi_ledger.model.copies.one_hand`, the rule ``check`` asks too);
anything else a conflict (:mod:`.conflicts`), not stored - unless ``replace``, which stores the
new version over the old row (same id, so hands keep their order), writes an ``audit`` row and
recomputes the tournaments touched, all in the file's transaction.  A hand
with a figure beyond :data:`badugi_ledger.model.limits.MAX_AMOUNT` fails the whole file.

Why it is fast: per batch, one query finds the hands already stored (duplicates), one per event
the hands named by identity (conflicts), and each table gets its rows in ``INSERT`` statements
of :data:`ROWS_A_STATEMENT` rows each (:func:`insert_rows`: statements prepared once, no round of
a statement per row) on the plain ``sqlite3`` connection. The ids are
assigned here, in the order the one-row-at-a-time writer got them from SQLite: a table whose
key is an ``INTEGER PRIMARY KEY`` without ``AUTOINCREMENT`` gives each new row the largest id
so far plus one, and nobody else can insert while this file's transaction holds the write lock,
so ``max(id) + 1, + 2, …`` are exactly the ids SQLite would have chosen. New players and
aliases are still created one at a time (rare: once per name per ledger) in the order the hands
name them.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from itertools import chain
from typing import Any

from ..model.copies import one_hand
from ..model.errors import LedgerError
from ..model.limits import quote
from .carried_pots import PROGRESSIVE, PROGRESSIVE_GAMES
from .conflicts import copy_elsewhere, hand_conflict, same_hand, stays_void
from .connection import patiently
from .file_events import FileEvents
from .hand_lookups import by_fingerprint, by_identities, by_identity
from .holdings import FileHoldings, Stored
from .import_audit import ImportAudit
from .import_run import ImportRun
from .moved_nights import follow_moved_nights
from .moved_terms import follow_moved_hands
from .players import Aliases
from .report import Conflict, FileReport
from .rows import HAND_COLUMNS, HandRows, amount_problems
from .tournament_results import recompute_tournament
from .void_matching import Candidate

_INSERT_HAND = (
    f"INSERT INTO hands (id, fingerprint, event_id, {', '.join(HAND_COLUMNS)}, content, cards, "
    "imported_at) VALUES "
)
_UPDATE_HAND = (
    f"UPDATE hands SET fingerprint = ?, {', '.join(f'{c} = ?' for c in HAND_COLUMNS)}, "
    "content = ?, cards = ?, imported_at = ? WHERE id = ?"
)
_INSERT_POT = "INSERT INTO pots (id, hand_id, idx, name, amount, eligible, detail) VALUES "
_INSERT_WINNER = "INSERT INTO pot_winners (pot_id, alias_id, share) VALUES "
_INSERT_PLAYER = (
    "INSERT INTO hand_players (hand_id, alias_id, seat, starting_stack, final_stack, "
    "contributed, collected, busted, rebuys, add_ons, stack_change) VALUES "
)
_INSERT_POSTING = "INSERT INTO postings (hand_id, account, alias_id, kind, amount) VALUES "

ROWS_A_STATEMENT = 32
"""How many rows one ``INSERT`` of :func:`insert_rows` writes: 32 of the widest table
(``hands``, 19 columns) are 608 parameters, within the 999 of SQLite before 3.32."""


def insert_rows(conn: sqlite3.Connection, insert: str, rows: list[tuple[Any, ...]]) -> None:
    """Insert ``rows`` (tuples of one length) with ``insert``, an ``INSERT ... VALUES`` without
    its rows, :data:`ROWS_A_STATEMENT` rows a statement and the rest one a statement, in the
    order given (the same rows and row ids as one statement a row).

    Why: SQLite's inserting itself (the b-trees, the indexes, the foreign keys) is the same
    however the rows come; what a statement a row adds is its own round - a step, a reset, the
    connection's lock, the interpreter's lock let go and taken back - about 6,500 instructions
    a row, nearly a third of what the row cost (a hand writes about 17 rows)."""
    if not rows:
        return
    width = len(rows[0])
    one = "(" + ", ".join("?" * width) + ")"
    full = len(rows) - len(rows) % ROWS_A_STATEMENT
    if full:
        flat = list(chain.from_iterable(rows[:full]))
        step = ROWS_A_STATEMENT * width
        conn.executemany(
            insert + ", ".join([one] * ROWS_A_STATEMENT),
            [flat[start : start + step] for start in range(0, len(flat), step)],
        )
    if full < len(rows):
        conn.executemany(insert + one, rows[full:])


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
        together: bool = False,
        committing: Callable[[FileReport], AbstractContextManager[None]] | None = None,
    ) -> None:
        self.conn = db
        self.db = db
        self.report = report
        self.replace = replace
        self.run = run or ImportRun()
        """What the files before this one in the same import stored: never replaced."""
        self.together = together
        """The file is one of several stored in ONE transaction, which their group opened and
        commits (:class:`.file_transaction.StoredTogether`): the file's own is a savepoint in
        it, released where a file alone commits."""
        self.committing = committing
        """The caller's step that ``COMMIT`` runs inside (:attr:`.StoreOptions.committing`)."""
        self.open = False
        self._committing = False
        self.aliases = Aliases(db)
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
        self.copied_from: set[str] = set()
        """The files (as their imports named them) of the ledger's hands that hands of this
        file are copies of at a table named otherwise (:func:`.conflicts.copy_elsewhere`): an
        import of several files tries this one again once one of them is stored anew
        (:meth:`.ImportRun.refused_as_copy`)."""
        self.pending: dict[tuple[int, str, str], Stored] = {}
        """This batch's hands by identity, before they are inserted."""
        self.next_hand = self.next_pot = 0
        self.now = datetime.now(UTC).isoformat(timespec="seconds")
        """The time this file's rows are stamped with (``audit.at``, ``imported_at``,
        ``voided_at``): to the second, so another import's may be the same."""
        self.audit_after = 0
        """The largest ``audit`` id when this file took the write lock: the audit rows above it
        are this file's own (:class:`.import_audit.ImportAudit`)."""
        self.carry_tables: set[str] = set()
        """Tables where this file stored a Progressive Badugi hand, or replaced one (its
        carried pots are checked before the file commits: :mod:`.file_transaction`)."""
        self.carry_rows: set[int] = set()
        """Stored hands this file voided, counted again or moved in its play (another line):
        those of Progressive Badugi change their table's carried pots too."""
        self.holdings = FileHoldings(
            db, report, replace=replace, was=was, now=self.now, touched=self.touched,
            carry_rows=self.carry_rows,
        )  # fmt: skip
        """The hands this file held when it was imported before: met again, or left out."""
        self.events = FileEvents(db, report, replace, self.now, self.touched)
        """The events this file's hands name."""

    def begin(self) -> None:
        """Open the file's one transaction, once (later calls do nothing): ``BEGIN IMMEDIATE``
        takes the write lock at once, so no other writer adds hands or pots until this file
        commits or rolls back, and the ids this file gives its new hands and pots, the largest
        stored plus one onwards, are the ones SQLite would give, and the audit rows above the
        largest id now are this file's own.  The hands the file held when it was imported
        before are read inside the lock (:meth:`.FileHoldings.load`)."""
        if not self.open:
            if self.together:  # (the group holds the write lock already)
                self.conn.execute("SAVEPOINT file")
            else:
                patiently(self.conn, lambda: self.conn.execute("BEGIN IMMEDIATE"), "to write it")
            self.open = True
            # Inside the write lock: nobody else adds hands or pots until COMMIT.
            self.next_hand = self.first_new = self._max_id("hands") + 1
            self.next_pot = self._max_id("pots") + 1
            self.audit_after = self._max_id("audit")
            self.holdings.load()

    def met(self, number: str | None) -> None:
        """The file holds a rejected hand numbered ``number`` (:meth:`.FileHoldings.met`)."""
        self.holdings.met(number)

    def left_out(self) -> bool:
        """Deal with the hands this file no longer holds (:meth:`.FileHoldings.left_out`);
        True: nothing of the file may be stored."""
        self.begin()  # a file without a hand to store has not taken the write lock yet
        self.holdings.held_by_run(self.run.holder)
        return self.holdings.left_out()

    def wrote(self, hand_id: int) -> bool:
        """Whether this file has stored or replaced the hand with row id ``hand_id``."""
        return self.first_new <= hand_id < self.next_hand or hand_id in self.replaced_ids

    def holds_already(self, hand_id: int) -> bool:
        """Whether this file has met the hand with row id ``hand_id`` before: stored it,
        replaced it, or held it as the ledger does.  Another version of it further on is the
        file holding the hand twice, which ``replace`` cannot choose between."""
        return self.wrote(hand_id) or hand_id in self.held_ids

    def _max_id(self, table: str) -> int:
        return int(self.conn.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0])

    def write(self, batch: Sequence[HandRows]) -> None:
        self.begin()
        events = self.events
        self.holdings.read_any = self.holdings.read_any or bool(batch)
        known = by_fingerprint(self.conn, [rows.fingerprint for rows in batch])
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
                event_id = events.event(rows)
                wanted.setdefault(event_id, set()).add(rows.identity[1])
                if self.holdings.voids.near(event_id):
                    candidates.append(
                        Candidate(
                            position, event_id, *rows.identity, rows.content, rows.hand[4], rows
                        )
                    )
        identities, by_content = by_identities(self.conn, wanted)
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
                and one_hand(stored, rows)
                and not events.moved(rows, stored, self.holdings)
            ):
                # The same hand, already stored (maybe from another file): nothing to write,
                # and no event to make for it (an unnamed session is named after its file).
                self.holdings.meet(stored)
                self.held_ids.add(stored.id)
                self.stated_finishes(stored, rows)
                if not self.holdings.claim(
                    stored, rows
                ):  # (a hand that counts again is "replaced")
                    self.report.duplicate += 1
                continue
            event_id = events.event(rows)
            identity = (event_id, *rows.identity)
            voided = renumbered.get(position)
            stored = stored or (voided and Stored(*voided[:7])) or self.pending.get(identity)
            if stored is None:
                stored = identities.get(identity) if fresh else by_identity(self.conn, *identity)
                stored = same_hand(self.conn, stored, rows)
                if stored is None:
                    held = by_content.get((event_id, rows.identity[1], rows.content))
                    copy = copy_elsewhere(
                        self.conn, rows, event_id, held, self.holdings.earlier, self.wrote
                    )
                    if copy is not None and held is not None:
                        self.report.conflicts.append(copy)
                        if held[0].source is not None:
                            self.copied_from.add(held[0].source)
                        continue
            if stored is not None:
                self.holdings.meet(stored)
                if one_hand(stored, rows) and stored.event_id == event_id:
                    self.held_ids.add(stored.id)
                    self.stated_finishes(stored, rows)
                    if not self.holdings.claim(stored, rows):
                        self.report.duplicate += 1
                    continue
                conflict = stays_void(self.conn, self.conflict(rows, stored, event_id), stored)
                if not self.replace or self.holds_already(stored.id) or self.run.holder(stored.id):
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
                alike = self.holdings.voids.alike(event_id, rows)
                if alike is not None:  # (a voided hand of another night, maybe this one)
                    self.report.warn(alike)
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
        insert_rows(self.conn, _INSERT_HAND, hands)
        insert_rows(self.conn, _INSERT_POT, pots)
        insert_rows(self.conn, _INSERT_WINNER, winners)
        insert_rows(self.conn, _INSERT_PLAYER, players)
        insert_rows(self.conn, _INSERT_POSTING, postings)
        self.pending.clear()

    def stated_finishes(self, stored: Stored, rows: HandRows) -> None:
        """A duplicate's places a site states (``hands.finishes``, no part of its content)
        written where the stored hand holds others (stored before the ledger kept them), and
        its tournament recomputed."""
        finishes = rows.finishes
        if finishes is None and rows.event[0].kind != "tournament":
            return
        changed = self.conn.execute(
            "UPDATE hands SET finishes = ? WHERE id = ? AND finishes IS NOT ?",
            [finishes, stored.id, finishes],
        ).rowcount
        if changed:
            self.touched.add(stored.event_id)

    def conflict(self, rows: HandRows, stored: Stored, event_id: int) -> Conflict:
        """What differs between the stored hand and this version of it
        (:func:`~.conflicts.hand_conflict`)."""
        return hand_conflict(
            self.conn,
            rows,
            stored,
            event_id,
            twice=self.holds_already(stored.id),
            earlier=self.run.holder(stored.id),
            event_key=self.events.key,
        )

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
             "; ".join(conflict.said)],
        )  # fmt: skip
        self.touched.add(stored.event_id)
        self.report.replaced.append(conflict)

    def commit(self) -> None:
        """Finish the file and end its transaction with ``COMMIT``: the voids of nights whose
        hands the file moved to another date or name follow them (:mod:`.moved_nights`; only
        a ``replace`` moves hands), so do the terms of a tournament left with no hand
        (:func:`.moved_terms.follow_moved_hands`), and every tournament whose hands the file
        added or replaced is recomputed, all inside the same transaction, so the ledger holds
        all of the file with its consequences or none of it.
        :func:`.file_transaction.store_file` calls it after its checks of the whole file;
        nothing to do when no transaction was opened.  A file stored together with others
        releases its savepoint instead: their group commits them all, or none.  The caller's
        step (:attr:`committing`) is entered last, just before ``COMMIT``, and left after it."""
        if self.open:
            audit = ImportAudit(self.now, self.audit_after)
            if self.replace:  # only a replace moves hands to another event
                follow_moved_nights(self.db, self.report, self.touched, audit)
            follow_moved_hands(
                self.db, self.report, self.touched, audit, self.events.payouts_before
            )
            for (event_id,) in self.conn.execute(
                "SELECT id FROM events WHERE kind = 'tournament' AND id IN "
                f"({', '.join('?' * len(self.touched))}) ORDER BY id",
                sorted(self.touched),
            ).fetchall():
                recompute_tournament(self.db, event_id)
            if self.together:  # (its group commits, or rolls it back with the others)
                self.conn.execute("RELEASE file")
                self.open = False
                return
            if self.committing is None:
                self._commit()
            else:  # (raising as it is entered, the step refuses the file: rolled back)
                with self.committing(self.report):
                    self._commit()
            self.open = False

    def _commit(self) -> None:
        """``COMMIT``, noted first, so that :attr:`committed` knows the file stored once SQLite
        ended the transaction."""
        self._committing = True
        self.conn.execute("COMMIT")

    @property
    def committed(self) -> bool:
        """Whether ``COMMIT`` ended the file's transaction: the file is stored, also when
        Ctrl-C came at the next step, before :meth:`commit` returned."""
        return self._committing and not self.conn.in_transaction

    def rollback(self) -> None:
        """Undo everything this file wrote (``ROLLBACK``): nothing of it stays in the ledger.
        Safe to call at any point and more than once, also when no transaction was opened or
        SQLite already ended it after an error."""
        if self.open and self.conn.in_transaction:
            if self.together:  # (the files before it in the group stay, until the group ends)
                self.conn.execute("ROLLBACK TO file")
                self.conn.execute("RELEASE file")
            else:
                self.conn.execute("ROLLBACK")
        self.open = False
