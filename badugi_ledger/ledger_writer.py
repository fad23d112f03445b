"""Storing one file's prepared hands in the ledger: one transaction per file.

:func:`store_file` consumes the items :func:`badugi_ledger.ledger_rows.prepare_outcomes` yields
(rejections and :class:`~badugi_ledger.ledger_rows.HandRows`), counts them, and writes the
valid hands ``batch_size`` at a time inside ONE transaction, opened (``BEGIN IMMEDIATE``: the
write lock) at the first batch and committed after the last; ``strict`` refuses the file at its
first bad hand, and any failure rolls the whole file back.

Why it is fast (issue 7): per batch, one query finds the hands already stored (duplicates), and
each table gets ONE ``executemany`` on the plain ``sqlite3`` connection (statements prepared
once, no per-row sqlite-utils call).  The ids are assigned here, in the order the
one-row-at-a-time writer got them from SQLite: a table whose key is an ``INTEGER PRIMARY KEY``
without ``AUTOINCREMENT`` gives each new row the largest id so far plus one, and nobody else
can insert while this file's transaction holds the write lock, so ``max(id) + 1, + 2, …`` are
exactly the ids SQLite would have chosen.  New players and aliases are still created one at a
time (rare: once per name per ledger) in the order the hands name them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from datetime import UTC, datetime
from typing import Any

from .events import Session
from .import_report import FileReport, Rejected
from .ledger_rows import HAND_COLUMNS, HandRows, session_identity
from .store import Database
from .tournaments import recompute_tournament

ProgressFn = Callable[[str, int], None]
"""Called with (source, hands read so far in that file) every ``progress_every`` hands."""

_INSERT_HAND = (
    f"INSERT INTO hands (id, fingerprint, event_id, {', '.join(HAND_COLUMNS)}, imported_at) "
    f"VALUES ({', '.join('?' * (len(HAND_COLUMNS) + 4))})"
)
_INSERT_POT = (
    "INSERT INTO pots (id, hand_id, idx, name, amount, eligible, detail) "
    "VALUES (?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_WINNER = "INSERT INTO pot_winners (pot_id, alias_id, share) VALUES (?, ?, ?)"
_INSERT_PLAYER = (
    "INSERT INTO hand_players (hand_id, alias_id, seat, starting_stack, final_stack, "
    "contributed, collected, busted, rebuys, add_ons) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_POSTING = (
    "INSERT INTO postings (hand_id, account, alias_id, kind, amount) VALUES (?, ?, ?, ?, ?)"
)
_LOOKUP_CHUNK = 500
"""Fingerprints per duplicate query (SQLite allows at least 999 parameters)."""


class FileWriter:
    """Writes one file's hands inside one transaction opened at the first batch."""

    def __init__(self, db: Database, report: FileReport) -> None:
        self.conn = db.conn
        self.db = db
        self.report = report
        self.open = False
        self.aliases: dict[str, int] = {}
        self.events: dict[str, int] = {}
        self.identities: dict[tuple[Session, str, str | None, str], dict[str, Any]] = {}
        self.tournaments: set[int] = set()
        self.next_hand = self.next_pot = 0
        self.now = datetime.now(UTC).isoformat(timespec="seconds")

    def begin(self) -> None:
        if not self.open:
            self.conn.execute("BEGIN IMMEDIATE")
            self.open = True
            # Inside the write lock: nobody else adds hands or pots until COMMIT.
            self.next_hand = self._max_id("hands") + 1
            self.next_pot = self._max_id("pots") + 1

    def _max_id(self, table: str) -> int:
        return int(self.conn.execute(f"SELECT coalesce(max(id), 0) FROM {table}").fetchone()[0])

    def alias(self, name: str) -> int:
        alias_id = self.aliases.get(name)
        if alias_id is None:
            row = self.conn.execute("SELECT id FROM aliases WHERE name = ?", [name]).fetchone()
            if row is None:
                self.conn.execute(
                    "INSERT INTO players (name) VALUES (?) ON CONFLICT DO NOTHING", [name]
                )
                pid = self.conn.execute("SELECT id FROM players WHERE name = ?", [name]).fetchone()[
                    0
                ]
                cur = self.conn.execute(
                    "INSERT INTO aliases (name, player_id, own_player_id) VALUES (?, ?, ?)",
                    [name, pid, pid],
                )
                row = (cur.lastrowid,)
            alias_id = self.aliases[name] = int(row[0])
        return alias_id

    def event(self, rows: HandRows) -> int:
        """The id of the hand's ``events`` row, created (or its blanks filled) at the file's
        first hand of that event."""
        session, game, currency = rows.event
        ident_key = (session, game, currency, rows.source)
        ident = self.identities.get(ident_key)
        if ident is None:
            ident = self.identities[ident_key] = session_identity(
                session, game, currency, rows.source
            )
        key = ident["key"]
        event_id = self.events.get(key)
        if event_id is None:
            cols = [c for c in ident if c != "key"]
            self.conn.execute(
                f"INSERT INTO events (key, {', '.join(cols)}) VALUES (?{', ?' * len(cols)}) "
                "ON CONFLICT(key) DO UPDATE SET "
                + ", ".join(f"{c} = coalesce(events.{c}, excluded.{c})" for c in cols),
                [key, *(ident[c] for c in cols)],
            )
            row = self.conn.execute("SELECT id, kind FROM events WHERE key = ?", [key]).fetchone()
            event_id = self.events[key] = int(row[0])
            if row[1] == "tournament":
                self.tournaments.add(event_id)
        return event_id

    def stored_already(self, fingerprints: Sequence[str]) -> set[str]:
        """Which of these fingerprints the ledger holds (this file's earlier batches included)."""
        found: set[str] = set()
        for start in range(0, len(fingerprints), _LOOKUP_CHUNK):
            chunk = fingerprints[start : start + _LOOKUP_CHUNK]
            found.update(
                row[0]
                for row in self.conn.execute(
                    "SELECT fingerprint FROM hands WHERE fingerprint IN "
                    f"({', '.join('?' * len(chunk))})",
                    chunk,
                )
            )
        return found

    def write(self, batch: Sequence[HandRows]) -> None:
        self.begin()
        seen = self.stored_already([rows.fingerprint for rows in batch])
        hands: list[tuple[Any, ...]] = []
        pots: list[tuple[Any, ...]] = []
        winners: list[tuple[int, int, int]] = []
        players: list[tuple[Any, ...]] = []
        postings: list[tuple[Any, ...]] = []
        alias = self.alias
        for rows in batch:
            if rows.fingerprint in seen:
                self.report.duplicate += 1
                continue
            seen.add(rows.fingerprint)
            event_id = self.event(rows)
            hand_id = self.next_hand
            self.next_hand += 1
            hands.append((hand_id, rows.fingerprint, event_id, *rows.hand, self.now))
            self.report.stored += 1
            for name, *figures in rows.players:
                players.append((hand_id, alias(name), *figures))
            for account, is_player, kind, amount in rows.postings:
                postings.append(
                    (hand_id, account, alias(account) if is_player else None, kind, amount)
                )
            for idx, (name, amount, eligible, detail, shares) in enumerate(rows.pots):
                pot_id = self.next_pot
                self.next_pot += 1
                pots.append((pot_id, hand_id, idx, name, amount, eligible, detail))
                winners.extend((pot_id, alias(w), share) for w, share in shares)
        # Parents before children: the foreign keys are checked per statement.
        self.conn.executemany(_INSERT_HAND, hands)
        self.conn.executemany(_INSERT_POT, pots)
        self.conn.executemany(_INSERT_WINNER, winners)
        self.conn.executemany(_INSERT_PLAYER, players)
        self.conn.executemany(_INSERT_POSTING, postings)

    def commit(self) -> None:
        if self.open:
            for event_id in sorted(self.tournaments):
                recompute_tournament(self.db, event_id)
            self.conn.execute("COMMIT")
            self.open = False

    def rollback(self) -> None:
        if self.open and self.conn.in_transaction:
            self.conn.execute("ROLLBACK")
        self.open = False


def store_file(
    db: Database,
    items: Iterable[Rejected | HandRows | None],
    source: str,
    *,
    strict: bool = False,
    batch_size: int = 500,
    progress: ProgressFn | None = None,
    progress_every: int = 1000,
) -> FileReport:
    """Store one file's prepared hands (one transaction); see the module docstring.

    An exception from ``items`` (a file that stops being readable) or from SQLite rolls the
    file back and propagates; the report then counts nothing stored.
    """
    report = FileReport(source)
    writer = FileWriter(db, report)
    batch: list[HandRows] = []
    seen = 0
    try:
        for item in items:
            seen += 1
            if progress is not None and seen % progress_every == 0:
                progress(source, seen)
            if type(item) is Rejected:
                report.rejected.append(item)
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
            report.stored = report.duplicate = 0
            return report
        if batch:
            writer.write(batch)
        writer.commit()
    except BaseException:
        writer.rollback()
        report.stored = report.duplicate = 0
        raise
    if progress is not None and seen >= progress_every:
        progress(source, seen)
    return report
