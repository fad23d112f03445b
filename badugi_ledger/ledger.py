"""Import: hand files → replay (the ``check`` engine) → rows in the SQLite ledger.

:func:`import_paths` walks files and folders; each file is read by ONE reader
(:func:`read_source`, i.e. ``sources.read_hands``, the reader ``check`` uses too), replayed
hand by hand, and its valid hands are written in **one transaction per file**:

* a hand that does not parse or replay cleanly (a rule broken, a recorded payout or stack that
  disagrees) is *rejected* and reported with its line and reasons; the file's other hands are
  stored.  ``strict=True`` refuses the whole file instead (nothing of it is written);
* a hand already in the ledger (same :func:`fingerprint`) is a *duplicate* and changes nothing,
  so importing the same or an overlapping file twice is harmless;
* every hand's rows (hand, players, postings, pots, winners) go in together or not at all; an
  unexpected failure rolls the whole file back.

Memory stays flat: hands stream from the reader, rows are written in batches of
``batch_size`` inside the file's transaction (the write lock is taken at the first batch).

**Fingerprint** (:func:`fingerprint`): SHA-256 of a canonical JSON of what makes a hand that
hand, independent of where it was read: the reader (``origin``), hand id, table, the session's
kind, name and date, the button, the seats (names, stated stacks, numbers), the full game
settings and a digest of the events with their fields but *without* file positions.  So the
same hand in another file, at another line, or with other comments and spacing, has the same
fingerprint; two hands differing in any recorded fact do not.  (Two sessions with neither a
name nor a date, a hand id and identical contents cannot be told apart and count as one.)
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlite_utils import Database

from .cards import Card
from .errors import BadugiError
from .events import HandRecord, StackChange
from .results import CARRY, HOUSE, HandOutcome, HandResult, Violation
from .settings import GameSettings
from .store import DEFAULT_BUSY_TIMEOUT_MS, ledger_at
from .tournaments import recompute_tournament, validate_payouts

ProgressFn = Callable[[str, int], None]
"""Called with (source, hands read so far in that file) every ``progress_every`` hands."""


# --- reading -----------------------------------------------------------------------------------


def read_source(path: Path, fmt: str | None = None) -> Iterator[HandRecord | BadugiError]:
    """The one reader of the import, the same as ``check``'s: :func:`sources.read_hands` (our
    format or a site's, recognised by content; ``fmt`` = the ``--from`` override)."""
    from .sources import read_hands

    return iter(read_hands(path, fmt))


def replay(items: Iterable[HandRecord | BadugiError]) -> Iterator[HandOutcome]:
    """The ``check`` engine's stream replay (stacks carried per table, carried pots)."""
    from .replay import replay_stream

    return iter(replay_stream(items))


def iter_hand_files(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Files named, and history files inside folders named: the same walk as ``check``
    (:func:`badugi_ledger.check.history_files`: recursive, sorted, hidden entries skipped)."""
    from .check import history_files

    yield from history_files(paths)


# --- fingerprint -------------------------------------------------------------------------------


def _canonical(value: Any) -> Any:
    """JSON-ready form of settings and events: cards as text, dataclasses as dicts, no ``pos``."""
    if isinstance(value, Card):
        return str(value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {
            f.name: _canonical(getattr(value, f.name))
            for f in dataclasses.fields(value)
            if f.name != "pos"
        }
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _canonical(v) for k, v in value.items()}
    return value


def _digest(obj: Any) -> str:
    text = json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


_EVENT_FIELDS: dict[type, tuple[str, ...]] = {}


def _event_row(event: Any) -> list[Any]:
    """One event as ``[type, field values…]`` (fields in declaration order, ``pos`` left out).

    The fast path of :func:`_canonical` for the many small events of a hand: a plain tuple
    holds cards (or None), a :class:`Card` (itself a tuple) is written as text.
    """
    cls = type(event)
    names = _EVENT_FIELDS.get(cls)
    if names is None:
        names = _EVENT_FIELDS[cls] = tuple(
            f.name for f in dataclasses.fields(event) if f.name != "pos"
        )
    row: list[Any] = [cls.__name__]
    for name in names:
        value = getattr(event, name)
        if type(value) is tuple:
            value = [None if c is None else str(c) for c in value]
        elif isinstance(value, Card):
            value = str(value)
        row.append(value)
    return row


@functools.lru_cache(maxsize=256)
def _settings_digest(settings: GameSettings) -> str:
    return _digest(_canonical(settings))


def fingerprint(record: HandRecord) -> str:
    """The source-independent identity of a hand (see the module docstring)."""
    session = record.session
    return _digest(
        {
            "v": 1,
            "origin": record.origin,
            "hand": record.hand_id,
            "table": record.table,
            "session": [session.kind, session.name, session.date],
            "button": record.button,
            "seats": [[s.name, s.stack, s.number] for s in record.seats],
            "settings": _settings_digest(record.settings),
            "events": _digest([_event_row(e) for e in record.events]),
        }
    )


# --- reports -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rejected:
    """A hand that was not stored, and why (each reason with its line)."""

    source: str
    line: int
    hand: str | None
    reasons: tuple[str, ...]

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "line": self.line,
            "hand": self.hand,
            "reasons": list(self.reasons),
        }


@dataclass
class FileReport:
    source: str
    stored: int = 0
    duplicate: int = 0
    rejected: list[Rejected] = field(default_factory=list)
    refused: bool = False
    """``strict``: the file had a bad hand, so none of it was written."""
    error: str | None = None
    """The file could not be read or written at all (nothing of it was written)."""

    def as_dict(self) -> dict[str, object]:
        return {
            "source": self.source,
            "stored": self.stored,
            "duplicate": self.duplicate,
            "rejected": len(self.rejected),
            "refused": self.refused,
            "error": self.error,
            "rejections": [r.as_dict() for r in self.rejected],
        }


@dataclass
class ImportReport:
    files: list[FileReport] = field(default_factory=list)

    @property
    def stored(self) -> int:
        return sum(f.stored for f in self.files)

    @property
    def duplicate(self) -> int:
        return sum(f.duplicate for f in self.files)

    @property
    def rejected(self) -> int:
        return sum(len(f.rejected) for f in self.files)

    @property
    def ok(self) -> bool:
        return not any(f.rejected or f.refused or f.error for f in self.files)

    def text_lines(self) -> list[str]:
        """The report as people read it: one line per file, rejected hands under it."""
        lines = []
        for f in self.files:
            if f.error:
                lines.append(f"{f.source}: not imported: {f.error}")
                continue
            state = " (refused by --strict: nothing stored)" if f.refused else ""
            if not (f.stored or f.duplicate or f.rejected):
                state = " (no Badugi-family hands found)"
            lines.append(
                f"{f.source}: {f.stored} stored, {f.duplicate} duplicate, "
                f"{len(f.rejected)} rejected{state}"
            )
            for r in f.rejected:
                hand = f" hand {r.hand}" if r.hand else ""
                lines.append(f"  line {r.line}{hand}: " + "; ".join(r.reasons))
        lines.append(
            f"total: {self.stored} stored, {self.duplicate} duplicate, {self.rejected} rejected "
            f"in {len(self.files)} file{'s' if len(self.files) != 1 else ''}"
        )
        return lines

    def as_dict(self) -> dict[str, object]:
        return {
            "stored": self.stored,
            "duplicate": self.duplicate,
            "rejected": self.rejected,
            "files": [f.as_dict() for f in self.files],
        }


# --- rows --------------------------------------------------------------------------------------


def _reason(v: Violation) -> str:
    where = f"line {v.pos.line}: " if v.pos.line else ""
    return f"{where}{v.message} [{v.rule}]"


def ledger_problems(result: HandResult) -> list[str]:
    """Ledger invariants of one replayed hand: postings sum to zero and match each net."""
    problems = []
    if result.balance() != 0:
        problems.append(f"postings sum to {result.balance()}, not 0 [ledger-balance]")
    by_account: dict[str, int] = {}
    for p in result.postings:
        by_account[p.account] = by_account.get(p.account, 0) + p.amount
    for player, net in result.net.items():
        if by_account.get(player, 0) != net:
            problems.append(
                f"{player}'s postings total {by_account.get(player, 0)} but the stack changed "
                f"by {net} [ledger-net]"
            )
    return problems


def event_identity(record: HandRecord, source: str) -> dict[str, Any]:
    """The ``events`` row a hand belongs to; an unnamed session is named after its file."""
    s = record.session
    name = s.name or Path(source).stem
    return {
        "key": f"{s.kind}|{name}|{s.date or ''}",
        "kind": s.kind,
        "name": name,
        "date": s.date,
        "place": s.place,
        "game": record.settings.game,
        "season": s.season,
        "currency": record.settings.currency,
        "buy_in": s.buy_in,
        "starting_chips": s.starting_chips,
        "payouts": json.dumps(list(validate_payouts(s.payouts))) if s.payouts else None,
    }


@dataclass
class _Pending:
    """One valid hand waiting in the batch."""

    fp: str
    record: HandRecord
    result: HandResult
    source: str
    line: int


class _FileWriter:
    """Writes one file's hands inside one transaction opened at the first batch."""

    def __init__(self, db: Database, report: FileReport) -> None:
        self.db = db
        self.report = report
        self.open = False
        self.aliases: dict[str, int] = {}
        self.events: dict[str, int] = {}
        self.tournaments: set[int] = set()
        self.now = datetime.now(UTC).isoformat(timespec="seconds")

    def begin(self) -> None:
        if not self.open:
            self.db.conn.execute("BEGIN IMMEDIATE")
            self.open = True

    def alias(self, name: str) -> int:
        if name not in self.aliases:
            row = self.db.execute("SELECT id FROM aliases WHERE name = ?", [name]).fetchone()
            if row is None:
                self.db.execute(
                    "INSERT INTO players (name) VALUES (?) ON CONFLICT DO NOTHING", [name]
                )
                pid = self.db.execute("SELECT id FROM players WHERE name = ?", [name]).fetchone()[0]
                cur = self.db.execute(
                    "INSERT INTO aliases (name, player_id, own_player_id) VALUES (?, ?, ?)",
                    [name, pid, pid],
                )
                row = (cur.lastrowid,)
            self.aliases[name] = int(row[0])
        return self.aliases[name]

    def event(self, ident: dict[str, Any]) -> int:
        key = ident["key"]
        if key not in self.events:
            cols = [c for c in ident if c != "key"]
            self.db.execute(
                f"INSERT INTO events (key, {', '.join(cols)}) VALUES (?{', ?' * len(cols)}) "
                "ON CONFLICT(key) DO UPDATE SET "
                + ", ".join(f"{c} = coalesce(events.{c}, excluded.{c})" for c in cols),
                [key, *(ident[c] for c in cols)],
            )
            row = self.db.execute("SELECT id, kind FROM events WHERE key = ?", [key]).fetchone()
            self.events[key] = int(row[0])
            if row[1] == "tournament":
                self.tournaments.add(int(row[0]))
        return self.events[key]

    def write(self, batch: Sequence[_Pending]) -> None:
        self.begin()
        hand_players: list[tuple[object, ...]] = []
        postings: list[tuple[object, ...]] = []
        for item in batch:
            record, result = item.record, item.result
            if self.db.execute("SELECT 1 FROM hands WHERE fingerprint = ?", [item.fp]).fetchone():
                self.report.duplicate += 1
                continue
            event_id = self.event(event_identity(record, item.source))
            cur = self.db.execute(
                "INSERT INTO hands (fingerprint, event_id, hand_id, table_name, origin, source, "
                "line, game, button, pot, rake, carry_in, carry_out, showdown, imported_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) "
                "ON CONFLICT(fingerprint) DO NOTHING RETURNING id",
                [
                    item.fp,
                    event_id,
                    record.hand_id,
                    record.table,
                    record.origin,
                    item.source,
                    item.line,
                    record.settings.game,
                    record.button,
                    sum(p.amount for p in result.pots),
                    result.rake,
                    result.carry_in,
                    result.carry_out,
                    int(result.showdown),
                    self.now,
                ],
            )
            row = cur.fetchone()
            if row is None:
                self.report.duplicate += 1
                continue
            hand_row = int(row[0])
            self.report.stored += 1
            changes = [e for e in record.events if isinstance(e, StackChange)]
            seats = [s.name for s in record.seats if s.name in result.starting_stacks]
            seats += [p for p in result.starting_stacks if p not in seats]
            for seat, player in enumerate(seats):
                if player not in result.contributions:
                    continue  # seated but not dealt in (sitting out, or no chips)
                hand_players.append(
                    (
                        hand_row,
                        self.alias(player),
                        seat,
                        result.starting_stacks[player],
                        result.final_stacks[player],
                        result.contributions.get(player, 0),
                        result.payouts.get(player, 0),
                        int(player in result.busted),
                        sum(1 for c in changes if c.player == player and c.kind == "rebuy"),
                        sum(1 for c in changes if c.player == player and c.kind == "add-on"),
                    )
                )
            for p in result.postings:
                alias_id = None if p.account in (HOUSE, CARRY) else self.alias(p.account)
                postings.append((hand_row, p.account, alias_id, p.kind, p.amount))
            for idx, pot in enumerate(result.pots):
                pot_id = self.db.execute(
                    "INSERT INTO pots (hand_id, idx, name, amount, eligible, detail) "
                    "VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
                    [
                        hand_row,
                        idx,
                        pot.name,
                        pot.amount,
                        json.dumps(list(pot.eligible)),
                        pot.detail,
                    ],
                ).fetchone()[0]
                self.db.conn.executemany(
                    "INSERT INTO pot_winners (pot_id, alias_id, share) VALUES (?, ?, ?)",
                    [(pot_id, self.alias(w), s) for w, s in pot.shares.items() if s],
                )
        self.db.conn.executemany(
            "INSERT INTO hand_players (hand_id, alias_id, seat, starting_stack, final_stack, "
            "contributed, collected, busted, rebuys, add_ons) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            hand_players,
        )
        self.db.conn.executemany(
            "INSERT INTO postings (hand_id, account, alias_id, kind, amount) "
            "VALUES (?, ?, ?, ?, ?)",
            postings,
        )

    def commit(self) -> None:
        if self.open:
            for event_id in sorted(self.tournaments):
                recompute_tournament(self.db, event_id)
            self.db.conn.execute("COMMIT")
            self.open = False

    def rollback(self) -> None:
        if self.open and self.db.conn.in_transaction:
            self.db.conn.execute("ROLLBACK")
        self.open = False


def import_outcomes(
    db: Database,
    outcomes: Iterable[HandOutcome],
    source: str,
    *,
    strict: bool = False,
    batch_size: int = 500,
    progress: ProgressFn | None = None,
    progress_every: int = 1000,
) -> FileReport:
    """Store one file's replayed hands (one transaction); see the module docstring."""
    report = FileReport(source)
    writer = _FileWriter(db, report)
    batch: list[_Pending] = []
    seen = 0
    try:
        for outcome in outcomes:
            seen += 1
            if progress is not None and seen % progress_every == 0:
                progress(source, seen)
            reasons = [_reason(v) for v in outcome.errors]
            if outcome.result is not None and outcome.record is not None:
                reasons += ledger_problems(outcome.result)
            elif not reasons:
                reasons.append("the hand could not be replayed [incomplete]")
            if reasons:
                report.rejected.append(
                    Rejected(
                        outcome.source or source, outcome.pos.line, outcome.hand_id, tuple(reasons)
                    )
                )
                if strict:
                    report.refused = True
                    batch.clear()
                continue
            if report.refused:
                continue
            assert outcome.record is not None and outcome.result is not None
            batch.append(
                _Pending(
                    fingerprint(outcome.record),
                    outcome.record,
                    outcome.result,
                    outcome.source or source,
                    outcome.pos.line or outcome.record.pos.line,
                )
            )
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


def import_file(
    db: Database,
    path: str | Path,
    *,
    strict: bool = False,
    fmt: str | None = None,
    batch_size: int = 500,
    progress: ProgressFn | None = None,
    progress_every: int = 1000,
) -> FileReport:
    """Read, replay and store one file.  A file that cannot be read is reported, not raised."""
    source = str(path)
    try:
        return import_outcomes(
            db,
            replay(read_source(Path(path), fmt)),
            source,
            strict=strict,
            batch_size=batch_size,
            progress=progress,
            progress_every=progress_every,
        )
    except (BadugiError, OSError, UnicodeDecodeError, sqlite3.Error) as exc:
        return FileReport(source, error=_explain(exc))


_SQLITE_HINTS = {
    "database or disk is full": "the disk (or the ledger's size limit) is full",
    "disk i/o error": "the ledger could not be written (disk full or failing?)",
    "attempt to write a readonly database": "the ledger file is read-only",
    "unable to open database file": "the ledger file or its folder cannot be opened for writing",
    "database is locked": "another import held the ledger for longer than --wait",
}


def _explain(exc: BaseException) -> str:
    """The error text, with what it means for an organiser when SQLite's own words are terse;
    the ledger is unchanged in every case (the file's transaction was rolled back)."""
    text = str(exc)
    hint = next((h for key, h in _SQLITE_HINTS.items() if key in text.lower()), None)
    if isinstance(exc, sqlite3.Error):
        return f"{text}: {hint}; nothing from this file was stored" if hint else text
    return text


def import_paths(
    db: Database,
    paths: Iterable[str | Path],
    *,
    strict: bool = False,
    fmt: str | None = None,
    batch_size: int = 500,
    progress: ProgressFn | None = None,
    progress_every: int = 1000,
) -> ImportReport:
    """Import every file named or found in the folders named (each file its own transaction)."""
    report = ImportReport()
    for path in iter_hand_files(paths):
        report.files.append(
            import_file(
                db,
                path,
                strict=strict,
                fmt=fmt,
                batch_size=batch_size,
                progress=progress,
                progress_every=progress_every,
            )
        )
    return report


def run_import(
    db_path: str | Path | None,
    paths: Iterable[str | Path],
    *,
    strict: bool = False,
    fmt: str | None = None,
    progress: ProgressFn | None = None,
    progress_every: int = 1000,
    wait_seconds: float | None = None,
) -> ImportReport:
    """``badugi-ledger import``: open (or create) the ledger at ``db_path`` and import ``paths``.

    Each file is one transaction, so a second importer into the same ledger waits for the
    first one's current file; ``wait_seconds`` bounds that wait (default: the store's).
    """
    timeout = DEFAULT_BUSY_TIMEOUT_MS if wait_seconds is None else int(wait_seconds * 1000)
    with ledger_at(db_path, busy_timeout_ms=timeout) as db:
        return import_paths(
            db, paths, strict=strict, fmt=fmt, progress=progress, progress_every=progress_every
        )


def ledger_totals(db: Database) -> dict[str, int]:
    """Counts of what the ledger holds (for messages and tests)."""
    return {
        table: int(db.execute(f"SELECT count(*) FROM {table}").fetchone()[0])
        for table in ("events", "hands", "postings", "players", "aliases")
    }


__all__ = [
    "FileReport",
    "ImportReport",
    "Rejected",
    "fingerprint",
    "import_file",
    "import_outcomes",
    "import_paths",
    "iter_hand_files",
    "ledger_problems",
    "read_source",
    "run_import",
]
