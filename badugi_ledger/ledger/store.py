"""The SQLite ledger file: connection setup, schema and its migrations.

One file, no server.  :func:`open_ledger` opens (or creates) a ledger, sets it up for several
writers at once (WAL journal, a busy timeout so a second importer waits instead of failing,
foreign keys on) and upgrades the schema with the ordered migrations in :data:`MIGRATIONS`.

Journal and durability: ``journal_mode = WAL`` with ``synchronous = NORMAL``.  WAL lets
readers (standings, export) work while an import writes, and a commit appends to the log
instead of rewriting pages; NORMAL syncs the log at checkpoints rather than at every commit,
which in WAL mode still never corrupts the ledger or tears a transaction: a power cut can at
worst lose the last files' commits, which a re-import restores (it skips the hands already
stored).  ``FULL`` would fsync at every file's commit for that last guarantee; an import
commits once per file, so either choice costs little, and NORMAL is SQLite's own
recommendation for WAL.  The page cache stays at SQLite's default (2 MB), so memory does
not grow with the ledger.

Migrations: the table ``schema_version`` lists every migration applied (``version``, ``name``,
``applied_at``).  Each migration is a function that receives a sqlite-utils ``Database`` and
runs in its own ``BEGIN IMMEDIATE`` transaction together with its ``schema_version`` row, so a
file written by an older version of badugi-ledger is upgraded step by step on open, and two
processes opening a fresh file at once cannot both apply the same step.  A file whose version
is *newer* than this program knows is refused rather than written to.

All money and chip columns are INTEGER (chips, or cents where money) and the tables are
``STRICT``, so SQLite itself refuses a float or a string in them.  The schema:

* ``players`` (canonical people) and ``aliases`` (every name as written in a hand; each points
  at a player; ``own_player_id`` remembers the player it was created for, so a merge can be
  undone, see :mod:`badugi_ledger.ledger.players`).
* ``events``: a cash session or a tournament (kind, name, date, place, game, season, buy-in,
  payout table); ``key`` identifies it across imports.  ``unit`` (what its chip amounts
  count) and ``money`` (the currency of its money) are derived from the kind, the currency
  and a home game's chip value (``chip_cents`` of ``chip_currency``), see
  :mod:`badugi_ledger.model.money`.
* ``hands``: one row per stored hand, with its source file and line, a unique
  ``fingerprint`` (see :func:`badugi_ledger.ledger.fingerprints.fingerprint`), its identity
  (``event_id``, ``table_name``, ``hand_number``: unique among hands that count), its
  ``content`` digest and shown ``cards`` (:mod:`badugi_ledger.ledger.hand_content`) and, when
  voided, ``void_reason`` and ``voided_at`` (events have these two as well).
* ``hand_players``: each player dealt in: starting/final stack, contribution, collection, and
  rebuys/add-ons before the hand.
* ``postings``: the double entry per hand (blind, ante, bet, returned, collect, rake,
  carry-in/out, buy), player accounts plus ``*house*`` and ``*carry*``; they sum to zero per hand.
* ``pots`` and ``pot_winners``: each pot, its eligible players and who got what.
* ``tournament_entries``: buy-in, rebuys, add-ons, bounties, finishing place, prize, points;
  ``tournament_terms``: how a tournament pays out (bounty size, chop, rounding unit).
* ``audit``: every hand replaced and every hand or event voided
  (:mod:`badugi_ledger.ledger.corrections`).
* Views ``counted_hands`` and ``counted_events``: what every figure reads (not void).

Why one module of this size: the schema and its ordered migrations live together, since a
migration is only read against the schema it upgrades.
"""

from __future__ import annotations

import sqlite3
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path


def _import_sqlite_utils_without_pandas() -> None:
    """Import sqlite-utils without letting it import pandas and numpy.

    When they are installed, ``sqlite_utils.db`` imports both at import time, only to map
    numpy scalar types and ``pandas.Timestamp`` to SQL column types for its ``insert`` helpers:
    ≈1 s and ≈95 MB for every process, more than the whole ledger work of a thousand hands.
    badugi-ledger never hands numpy or pandas values to sqlite-utils (it writes with SQL, and
    the reports that use pandas read with SQL), so while sqlite-utils is first imported those
    two are hidden (``sys.modules[name] = None`` makes ``import name`` raise ImportError) and
    then restored: a later ``import pandas`` (standings, export) works as usual.  Nothing is
    hidden when sqlite-utils or pandas is already imported.
    """
    if "sqlite_utils" in sys.modules or "pandas" in sys.modules:
        return
    hidden = [name for name in ("pandas", "numpy") if name not in sys.modules]
    for name in hidden:
        sys.modules[name] = None  # type: ignore[assignment]
    try:
        import sqlite_utils  # noqa: F401
    finally:
        for name in hidden:
            if sys.modules.get(name, 0) is None:
                del sys.modules[name]


_import_sqlite_utils_without_pandas()

from sqlite_utils import Database  # noqa: E402  (after the light import above)

from ..model.errors import LedgerError  # noqa: E402
from .hand_content import content_digest, stored_facts  # noqa: E402
from .location import DEFAULT_DB, LEDGER_ENV  # noqa: E402
from .views import create_views  # noqa: E402

DEFAULT_BUSY_TIMEOUT_MS = 600_000
"""How long a writer waits for another one's transaction (a whole file's import) to finish."""

Migration = Callable[[Database], None]


def _m001_core(db: Database) -> None:
    """Players and aliases, events, hands, per-hand players, postings, pots and winners."""
    db.table("players").create({"id": int, "name": str}, pk="id", not_null=["name"], strict=True)
    db.table("players").create_index(["name"], unique=True)
    db.table("aliases").create(
        {"id": int, "name": str, "player_id": int, "own_player_id": int},
        pk="id",
        not_null=["name", "player_id", "own_player_id"],
        foreign_keys=[("player_id", "players", "id"), ("own_player_id", "players", "id")],
        strict=True,
    )
    db.table("aliases").create_index(["name"], unique=True)
    db.table("aliases").create_index(["player_id"])
    db.table("events").create(
        {
            "id": int,
            "key": str,
            "kind": str,
            "name": str,
            "date": str,
            "place": str,
            "game": str,
            "season": str,
            "currency": str,
            "buy_in": int,
            "starting_chips": int,
            "payouts": str,
        },
        pk="id",
        not_null=["key", "kind", "name"],
        strict=True,
    )
    db.table("events").create_index(["key"], unique=True)
    db.table("events").create_index(["season"])
    db.table("hands").create(
        {
            "id": int,
            "fingerprint": str,
            "event_id": int,
            "hand_id": str,
            "table_name": str,
            "origin": str,
            "source": str,
            "line": int,
            "game": str,
            "button": str,
            "pot": int,
            "rake": int,
            "carry_in": int,
            "carry_out": int,
            "showdown": int,
            "imported_at": str,
        },
        pk="id",
        not_null=["fingerprint", "event_id", "pot", "rake", "carry_in", "carry_out"],
        foreign_keys=[("event_id", "events", "id")],
        strict=True,
    )
    db.table("hands").create_index(["fingerprint"], unique=True)
    db.table("hands").create_index(["event_id"])
    db.table("hand_players").create(
        {
            "hand_id": int,
            "alias_id": int,
            "seat": int,
            "starting_stack": int,
            "final_stack": int,
            "contributed": int,
            "collected": int,
            "busted": int,
            "rebuys": int,
            "add_ons": int,
        },
        pk=("hand_id", "alias_id"),
        not_null=["starting_stack", "final_stack", "contributed", "collected", "busted"],
        defaults={"rebuys": 0, "add_ons": 0},
        foreign_keys=[("hand_id", "hands", "id"), ("alias_id", "aliases", "id")],
        strict=True,
    )
    db.table("hand_players").create_index(["alias_id"])
    db.table("postings").create(
        {"id": int, "hand_id": int, "account": str, "alias_id": int, "kind": str, "amount": int},
        pk="id",
        not_null=["hand_id", "account", "kind", "amount"],
        foreign_keys=[("hand_id", "hands", "id"), ("alias_id", "aliases", "id")],
        strict=True,
    )
    db.table("postings").create_index(["hand_id"])
    db.table("postings").create_index(["alias_id"])
    db.table("pots").create(
        {
            "id": int,
            "hand_id": int,
            "idx": int,
            "name": str,
            "amount": int,
            "eligible": str,
            "detail": str,
        },
        pk="id",
        not_null=["hand_id", "idx", "amount"],
        foreign_keys=[("hand_id", "hands", "id")],
        strict=True,
    )
    db.table("pots").create_index(["hand_id"])
    db.table("pot_winners").create(
        {"pot_id": int, "alias_id": int, "share": int},
        pk=("pot_id", "alias_id"),
        not_null=["share"],
        foreign_keys=[("pot_id", "pots", "id"), ("alias_id", "aliases", "id")],
        strict=True,
    )


def _m002_tournaments(db: Database) -> None:
    """Tournament entries (places, prizes, bounties, points) and each tournament's terms."""
    db.table("tournament_entries").create(
        {
            "id": int,
            "event_id": int,
            "alias_id": int,
            "buy_in": int,
            "rebuys": int,
            "rebuy_cost": int,
            "add_ons": int,
            "add_on_cost": int,
            "bounties": int,
            "bounty_won": int,
            "place": int,
            "place_to": int,
            "chips": int,
            "prize": int,
            "points": float,
        },
        pk="id",
        not_null=["event_id", "alias_id", "buy_in", "rebuys", "rebuy_cost", "add_ons"],
        defaults={"bounties": 0, "bounty_won": 0, "prize": 0, "chips": 0},
        foreign_keys=[("event_id", "events", "id"), ("alias_id", "aliases", "id")],
        strict=True,
    )
    db.table("tournament_entries").create_index(["event_id", "alias_id"], unique=True)
    db.table("tournament_terms").create(
        {
            "event_id": int,
            "bounty": int,
            "rebuy_price": int,
            "add_on_price": int,
            "prize_unit": int,
            "chop": str,
        },
        pk="event_id",
        not_null=["bounty", "prize_unit"],
        foreign_keys=[("event_id", "events", "id")],
        strict=True,
    )


COUNTED_VIEWS = (
    "CREATE VIEW counted_events AS SELECT * FROM events WHERE void_reason IS NULL",
    "CREATE VIEW counted_hands AS SELECT h.* FROM hands h "
    "JOIN events e ON e.id = h.event_id WHERE h.void_reason IS NULL AND e.void_reason IS NULL",
)
"""The one predicate of "what counts": every figure (standings, settle-up, exports, the season
report, ``events``) reads ``counted_events`` / ``counted_hands`` instead of the tables, so a
voided hand or event drops out of all of them at once while its rows stay in the ledger."""

SET_ASIDE_REASON = (
    "stored twice before badugi-ledger checked hand identity; the first copy counts, this "
    "later one is set aside (import the right file with --replace to choose its content)"
)


def _m003_identity(db: Database) -> None:
    """Hand identity (event, table, hand number), content digests, void and the audit log.

    ``hands.hand_id`` (the site's or recorder's hand number, text) becomes ``hand_number`` so
    that ``hand_id`` everywhere means a ``hands.id``.  Every stored hand gets its
    ``content`` digest from its own rows.  A ledger that already holds one identity twice
    (the same hand imported again after an edit) keeps the first copy counting and voids the
    later ones, each with an ``audit`` row, so the unique index can hold from now on.
    """
    db.execute("ALTER TABLE hands RENAME COLUMN hand_id TO hand_number")
    for column in ("content", "cards", "void_reason", "voided_at"):
        db.execute(f"ALTER TABLE hands ADD COLUMN {column} TEXT")
    for column in ("void_reason", "voided_at"):
        db.execute(f"ALTER TABLE events ADD COLUMN {column} TEXT")
    db.execute(
        "CREATE TABLE audit (id INTEGER PRIMARY KEY, at TEXT NOT NULL, action TEXT NOT NULL, "
        "event_id INTEGER NOT NULL REFERENCES events(id), hand_row INTEGER REFERENCES hands(id), "
        "table_name TEXT, hand_number TEXT, reason TEXT NOT NULL, old_fingerprint TEXT, "
        "new_fingerprint TEXT, detail TEXT) STRICT"
    )
    conn = db.conn
    for (hand_row,) in conn.execute("SELECT id FROM hands ORDER BY id").fetchall():
        conn.execute(
            "UPDATE hands SET content = ? WHERE id = ?",
            [content_digest(stored_facts(conn, hand_row)), hand_row],
        )
    now = datetime.now(UTC).isoformat(timespec="seconds")
    twice = conn.execute(
        "SELECT h.id, h.event_id, h.table_name, h.hand_number, h.fingerprint FROM hands h "
        "WHERE EXISTS (SELECT 1 FROM hands f WHERE f.event_id = h.event_id AND "
        "coalesce(f.table_name, '') = coalesce(h.table_name, '') AND "
        "f.hand_number = h.hand_number AND f.id < h.id) ORDER BY h.id"
    ).fetchall()
    for hand_row, event_id, table, number, fp in twice:
        conn.execute(
            "UPDATE hands SET void_reason = ?, voided_at = ? WHERE id = ?",
            [SET_ASIDE_REASON, now, hand_row],
        )
        conn.execute(
            "INSERT INTO audit (at, action, event_id, hand_row, table_name, hand_number, reason, "
            "old_fingerprint) VALUES (?, 'void', ?, ?, ?, ?, ?, ?)",
            [now, event_id, hand_row, table, number, SET_ASIDE_REASON, fp],
        )
    db.execute(
        "CREATE UNIQUE INDEX hands_identity ON hands "
        "(event_id, coalesce(table_name, ''), hand_number) WHERE void_reason IS NULL"
    )
    db.execute("CREATE INDEX hands_number ON hands (event_id, hand_number)")
    for view in COUNTED_VIEWS:
        db.execute(view)
    from .tournaments import recompute_tournament  # the places follow the hands that count

    for (event_id,) in conn.execute(
        "SELECT DISTINCT h.event_id FROM hands h JOIN events e ON e.id = h.event_id "
        "WHERE h.void_reason IS NOT NULL AND e.kind = 'tournament'"
    ).fetchall():
        recompute_tournament(db, event_id)


def _m004_units(db: Database) -> None:
    """Each event's unit and money: a home game's chip value, and ``unit``/``money`` derived
    from the kind and currency (see :mod:`badugi_ledger.model.money`), so existing ledgers get them.
    An event's key ends in its currency (or chip value), so hands of one session name in
    another unit make an event of their own instead of joining its figures."""
    db.execute("UPDATE events SET key = key || '|' || currency WHERE currency IS NOT NULL")
    db.execute("ALTER TABLE events ADD COLUMN chip_cents INTEGER")
    db.execute("ALTER TABLE events ADD COLUMN chip_currency TEXT")
    db.execute(
        "ALTER TABLE events ADD COLUMN unit TEXT GENERATED ALWAYS AS (CASE "
        "WHEN kind = 'tournament' THEN 'tournament chips' "
        "ELSE coalesce(currency, 'chips') END) VIRTUAL"
    )
    db.execute(
        "ALTER TABLE events ADD COLUMN money TEXT GENERATED ALWAYS AS (CASE "
        "WHEN kind = 'tournament' THEN coalesce(currency, 'money') "
        "ELSE coalesce(currency, chip_currency) END) VIRTUAL"
    )


def _m005_views(db: Database) -> None:
    """Views that explain the ledger (results per event and season, hand summaries)."""
    create_views(db)


MIGRATIONS: tuple[tuple[int, str, Migration], ...] = (
    (1, "core ledger: players, aliases, events, hands, postings, pots", _m001_core),
    (2, "tournaments: entries and terms", _m002_tournaments),
    (3, "hand identity, content digests, void, audit, counted views", _m003_identity),
    (4, "units: each event's unit, money and chip value", _m004_units),
    (5, "views: player_event_results, season_player_net, hand_summary", _m005_views),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]


@contextmanager
def transaction(db: Database) -> Iterator[Database]:
    """``BEGIN IMMEDIATE`` … ``COMMIT``, or ``ROLLBACK`` on any exception.

    ``IMMEDIATE`` takes the write lock at the start, so a concurrent writer waits (busy timeout)
    at ``BEGIN`` instead of failing half way with ``database is locked``.
    """
    if db.conn.in_transaction:
        raise LedgerError("a ledger transaction is already open")
    try:
        db.conn.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as exc:
        raise LedgerError(f"cannot lock the ledger for writing: {exc}") from exc
    try:
        yield db
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise
    else:
        db.conn.execute("COMMIT")


def schema_version(db: Database) -> int:
    """The highest migration applied to this file (0 for an empty file)."""
    if not db.table("schema_version").exists():
        return 0
    row = db.execute("SELECT max(version) FROM schema_version").fetchone()
    return int(row[0] or 0)


def migrate(db: Database, *, target: int | None = None) -> int:
    """Apply pending migrations in order, up to ``target`` (default: all); return the version.

    Each step re-reads the version inside its own write transaction, so concurrent openers
    never apply a step twice.
    """
    goal = SCHEMA_VERSION if target is None else target
    current = schema_version(db)
    if current > SCHEMA_VERSION:
        raise LedgerError(
            f"the ledger {db_label(db)} has schema version {current}, newer than this "
            f"badugi-ledger knows ({SCHEMA_VERSION}); upgrade badugi-ledger"
        )
    while current < goal:
        with transaction(db):
            db.execute(
                "CREATE TABLE IF NOT EXISTS schema_version "
                "(version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL) STRICT"
            )
            current = schema_version(db)
            pending = [m for m in MIGRATIONS if current < m[0] <= goal]
            if not pending:
                break
            version, name, step = pending[0]
            step(db)
            db.execute(
                "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                (version, name, datetime.now(UTC).isoformat(timespec="seconds")),
            )
            current = version
    return current


def db_label(db: Database) -> str:
    """A human name for the ledger file (for messages)."""
    row = db.execute("PRAGMA database_list").fetchone()
    return repr(row[2]) if row and row[2] else "(in memory)"


def connect(
    path: str | Path | None = None, *, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS
) -> Database:
    """A configured connection without migrating; ``path`` None or ``":memory:"`` = in memory."""
    target = ":memory:" if path is None else str(path)
    try:
        conn = sqlite3.connect(target, timeout=busy_timeout_ms / 1000, isolation_level=None)
        conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
        conn.execute("PRAGMA foreign_keys = ON")
        if target != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
            conn.execute("PRAGMA synchronous = NORMAL")
    except sqlite3.DatabaseError as exc:
        raise LedgerError(f"cannot open the ledger {target!r}: {exc}") from exc
    return Database(conn)


def open_ledger(
    path: str | Path | None = DEFAULT_DB,
    *,
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    create: bool = True,
) -> Database:
    """Open (or create) a ledger and bring its schema up to date.

    ``path`` None or ``":memory:"`` gives an in-memory ledger (tests).  With ``create=False`` a
    missing file is an error instead of a new empty ledger (for read-only commands).
    """
    if path is not None and str(path) != ":memory:" and not create and not Path(path).exists():
        raise LedgerError(
            f"no ledger at {str(path)!r}: make one with `badugi-ledger import HAND_FILES "
            f"--db {path}`, or name another with --db or {LEDGER_ENV}"
        )
    db = connect(path, busy_timeout_ms=busy_timeout_ms)
    try:
        migrate(db)
    except sqlite3.DatabaseError as exc:
        db.close()
        raise LedgerError(f"cannot use {str(path)!r} as a ledger: {exc}") from exc
    except BaseException:
        db.close()
        raise
    return db


@contextmanager
def ledger_at(
    path: str | Path | None,
    *,
    create: bool = True,
    busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
) -> Iterator[Database]:
    """``with ledger_at("club.db") as db:`` — open, migrate, and always close."""
    db = open_ledger(path, create=create, busy_timeout_ms=busy_timeout_ms)
    try:
        yield db
    finally:
        db.close()
