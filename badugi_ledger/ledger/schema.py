"""The ledger's schema, as the ordered migrations that make and upgrade it.

:data:`MIGRATIONS` lists every step, each a function that receives the connection;
:func:`badugi_ledger.ledger.store.migrate` applies the ones a file lacks, in order, each in a
transaction of its own.  A new ledger is made by the same steps as an old one was, so every
ledger's schema is the same text.

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
* ``hand_players``: each player dealt in: starting/final stack, contribution, collection,
  rebuys/add-ons before the hand and ``stack_change``, the net of the top-ups, rebuys, add-ons
  and cash-outs written before it (NULL in a row stored before migration 12); and each player
  sitting the hand out whose stack changed before it
  (:func:`badugi_ledger.ledger.rows.hand_rows`).
* ``postings``: the double entry per hand (blind, ante, bet, returned, collect, rake,
  carry-in/out, buy), player accounts plus ``*house*`` and ``*carry*``; they sum to zero per hand.
* ``pots`` and ``pot_winners``: each pot, its eligible players and who got what.
* ``tournament_entries``: buy-in, rebuys, add-ons, bounties, finishing place, prize, points;
  ``tournament_terms``: how a tournament pays out (bounty size, chop, rounding unit).
* ``audit``: every hand replaced and every hand or event voided
  (:mod:`badugi_ledger.ledger.corrections`; ``followed_from``: the event a night's void
  followed from, :func:`~.corrections.follow_void`); ``player_audit``: every merge and un-merge of
  players (:mod:`badugi_ledger.ledger.players`; ``names``: the JSON list of the names moved).
* ``hand_copies``: the other files that hold a hand as stored, besides ``hands.source``.
* ``source_paths``: the real path of the file each path imported led to
  (:mod:`badugi_ledger.ledger.source_paths`).
* ``event_terms``: which source (a file, or ``tournament --payouts``) states each term of an
  event (:mod:`badugi_ledger.ledger.event_terms`).
* ``unwritten_files``: the text of a night renamed on the record page, stored in the
  transaction that stores its hands, until its file is written
  (:mod:`badugi_ledger.ledger.unwritten_files`).
* Views ``counted_hands`` and ``counted_events``: what every figure reads (not void).

Why one module of this size: the schema and its ordered migrations live together, since a
migration is only read against the schema it upgrades.  Opening a file and running the steps
(:mod:`.store`) and the connection (:mod:`.connection`) know none of the tables.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from datetime import UTC, datetime

from .event_terms import create_event_terms, record_no_prizes
from .hand_content import content_digest, stored_facts
from .source_paths import create_source_paths
from .unwritten_files import create_unwritten_files
from .views import create_views
from .void_reasons import SET_ASIDE_REASON

Migration = Callable[[sqlite3.Connection], None]


CORE_TABLES = (
    """CREATE TABLE "players" (
   "id" INTEGER PRIMARY KEY,
   "name" TEXT NOT NULL
) STRICT""",
    """CREATE UNIQUE INDEX "idx_players_name"
    ON "players" ("name")""",
    """CREATE TABLE "aliases" (
   "id" INTEGER PRIMARY KEY,
   "name" TEXT NOT NULL,
   "player_id" INTEGER NOT NULL REFERENCES "players"("id"),
   "own_player_id" INTEGER NOT NULL REFERENCES "players"("id")
) STRICT""",
    """CREATE UNIQUE INDEX "idx_aliases_name"
    ON "aliases" ("name")""",
    """CREATE INDEX "idx_aliases_player_id"
    ON "aliases" ("player_id")""",
    """CREATE TABLE "events" (
   "id" INTEGER PRIMARY KEY,
   "key" TEXT NOT NULL,
   "kind" TEXT NOT NULL,
   "name" TEXT NOT NULL,
   "date" TEXT,
   "place" TEXT,
   "game" TEXT,
   "season" TEXT,
   "currency" TEXT,
   "buy_in" INTEGER,
   "starting_chips" INTEGER,
   "payouts" TEXT
) STRICT""",
    """CREATE UNIQUE INDEX "idx_events_key"
    ON "events" ("key")""",
    """CREATE INDEX "idx_events_season"
    ON "events" ("season")""",
    """CREATE TABLE "hands" (
   "id" INTEGER PRIMARY KEY,
   "fingerprint" TEXT NOT NULL,
   "event_id" INTEGER NOT NULL REFERENCES "events"("id"),
   "hand_id" TEXT,
   "table_name" TEXT,
   "origin" TEXT,
   "source" TEXT,
   "line" INTEGER,
   "game" TEXT,
   "button" TEXT,
   "pot" INTEGER NOT NULL,
   "rake" INTEGER NOT NULL,
   "carry_in" INTEGER NOT NULL,
   "carry_out" INTEGER NOT NULL,
   "showdown" INTEGER,
   "imported_at" TEXT
) STRICT""",
    """CREATE UNIQUE INDEX "idx_hands_fingerprint"
    ON "hands" ("fingerprint")""",
    """CREATE INDEX "idx_hands_event_id"
    ON "hands" ("event_id")""",
    """CREATE TABLE "hand_players" (
   "hand_id" INTEGER REFERENCES "hands"("id"),
   "alias_id" INTEGER REFERENCES "aliases"("id"),
   "seat" INTEGER,
   "starting_stack" INTEGER NOT NULL,
   "final_stack" INTEGER NOT NULL,
   "contributed" INTEGER NOT NULL,
   "collected" INTEGER NOT NULL,
   "busted" INTEGER NOT NULL,
   "rebuys" INTEGER DEFAULT 0,
   "add_ons" INTEGER DEFAULT 0,
   PRIMARY KEY ("hand_id", "alias_id")
) STRICT""",
    """CREATE INDEX "idx_hand_players_alias_id"
    ON "hand_players" ("alias_id")""",
    """CREATE TABLE "postings" (
   "id" INTEGER PRIMARY KEY,
   "hand_id" INTEGER NOT NULL REFERENCES "hands"("id"),
   "account" TEXT NOT NULL,
   "alias_id" INTEGER REFERENCES "aliases"("id"),
   "kind" TEXT NOT NULL,
   "amount" INTEGER NOT NULL
) STRICT""",
    """CREATE INDEX "idx_postings_hand_id"
    ON "postings" ("hand_id")""",
    """CREATE INDEX "idx_postings_alias_id"
    ON "postings" ("alias_id")""",
    """CREATE TABLE "pots" (
   "id" INTEGER PRIMARY KEY,
   "hand_id" INTEGER NOT NULL REFERENCES "hands"("id"),
   "idx" INTEGER NOT NULL,
   "name" TEXT,
   "amount" INTEGER NOT NULL,
   "eligible" TEXT,
   "detail" TEXT
) STRICT""",
    """CREATE INDEX "idx_pots_hand_id"
    ON "pots" ("hand_id")""",
    """CREATE TABLE "pot_winners" (
   "pot_id" INTEGER REFERENCES "pots"("id"),
   "alias_id" INTEGER REFERENCES "aliases"("id"),
   "share" INTEGER NOT NULL,
   PRIMARY KEY ("pot_id", "alias_id")
) STRICT""",
)
"""Migration 1, as written: players and aliases, events, hands, per-hand players, postings,
pots and winners (the SQL sqlite-utils generated when this step was made, kept verbatim so a
new ledger's schema is the same text as every older one's)."""

TOURNAMENT_TABLES = (
    """CREATE TABLE "tournament_entries" (
   "id" INTEGER PRIMARY KEY,
   "event_id" INTEGER NOT NULL REFERENCES "events"("id"),
   "alias_id" INTEGER NOT NULL REFERENCES "aliases"("id"),
   "buy_in" INTEGER NOT NULL,
   "rebuys" INTEGER NOT NULL,
   "rebuy_cost" INTEGER NOT NULL,
   "add_ons" INTEGER NOT NULL,
   "add_on_cost" INTEGER,
   "bounties" INTEGER DEFAULT 0,
   "bounty_won" INTEGER DEFAULT 0,
   "place" INTEGER,
   "place_to" INTEGER,
   "chips" INTEGER DEFAULT 0,
   "prize" INTEGER DEFAULT 0,
   "points" REAL
) STRICT""",
    """CREATE UNIQUE INDEX "idx_tournament_entries_event_id_alias_id"
    ON "tournament_entries" ("event_id", "alias_id")""",
    """CREATE TABLE "tournament_terms" (
   "event_id" INTEGER PRIMARY KEY REFERENCES "events"("id"),
   "bounty" INTEGER NOT NULL,
   "rebuy_price" INTEGER,
   "add_on_price" INTEGER,
   "prize_unit" INTEGER NOT NULL,
   "chop" TEXT
) STRICT""",
)
"""Migration 2, as written: tournament entries (places, prizes, bounties, points) and each
tournament's terms."""


def _m001_core(db: sqlite3.Connection) -> None:
    """Players and aliases, events, hands, per-hand players, postings, pots and winners."""
    for statement in CORE_TABLES:
        db.execute(statement)


def _m002_tournaments(db: sqlite3.Connection) -> None:
    """Tournament entries (places, prizes, bounties, points) and each tournament's terms."""
    for statement in TOURNAMENT_TABLES:
        db.execute(statement)


COUNTED_VIEWS = (
    "CREATE VIEW counted_events AS SELECT * FROM events WHERE void_reason IS NULL",
    "CREATE VIEW counted_hands AS SELECT h.* FROM hands h "
    "JOIN events e ON e.id = h.event_id WHERE h.void_reason IS NULL AND e.void_reason IS NULL",
)
"""The one predicate of "what counts": every figure (standings, settle-up, exports, the season
report, ``events``) reads ``counted_events`` / ``counted_hands`` instead of the tables, so a
voided hand or event drops out of all of them at once while its rows stay in the ledger."""


def _m003_identity(db: sqlite3.Connection) -> None:
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
    conn = db
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
    # The tournaments holding a copy set aside here get their places from the hands that
    # count again in migration 10, which recomputes every tournament from the view of the
    # play (``play_order``) that the places are read from and that migration 5 creates.


def _m004_units(db: sqlite3.Connection) -> None:
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


def _recreate_views(db: sqlite3.Connection) -> None:
    """Views that explain the ledger (results per event and season, hand summaries): made by
    migration 5, made again by every migration that changes one (also when only how they
    compute changes, as in migration 15: a ledger keeps the views it was made with)."""
    create_views(db)


def _m008_short_fields(db: sqlite3.Connection) -> None:
    """Tournaments with fewer entrants than paid places get their prizes again: such a field's
    unfilled places paid nobody (their money was left in the settle-up's ``*prize pool*``);
    they now go to first place, so the whole pool is paid out
    (:func:`badugi_ledger.ledger.prizes.prize_table`)."""
    from .tournament_results import recompute_tournament

    for (event_id,) in db.execute(
        "SELECT e.id FROM counted_events e WHERE e.kind = 'tournament' AND e.payouts IS NOT NULL "
        "AND (SELECT count(*) FROM tournament_entries t WHERE t.event_id = e.id) "
        "BETWEEN 1 AND json_array_length(e.payouts) - 1 ORDER BY e.id"
    ).fetchall():
        recompute_tournament(db, event_id)


def _m010_play_order_places(db: sqlite3.Connection) -> None:
    """Every tournament gets its places, prizes and bounties again, from its hands in the
    order they were played (:func:`~.tournament_results.recompute_tournament`), with the
    rebuys and add-ons of the hands an organiser voided charged: the places were read in the
    order the hands were stored (a hand renumbered or inserted by ``import --replace``, or a
    night's later file imported first, came last), and a voided hand's rebuy was not charged
    while its chips stayed in play."""
    from .tournament_results import recompute_tournament

    for (event_id,) in db.execute(
        "SELECT id FROM counted_events WHERE kind = 'tournament' ORDER BY id"
    ).fetchall():
        recompute_tournament(db, event_id)


def _m011_hand_copies(db: sqlite3.Connection) -> None:
    """``hand_copies``: the other files that hold a hand as the ledger has it, besides
    ``hands.source`` (the file it was read from last): a copy of a night's file, an export that
    overlaps another, imported as duplicates.  A hand is left out of every file that held it
    and no longer does, not only of the file that read it last (the writer's ``left_out``), so
    a hand deleted from a night's file does not go on counting because a copy of the file was
    imported once.  A ledger upgraded knows of no copies: each hand is its last file's.
    (``IF NOT EXISTS``: a ledger whose later version rows were taken back runs it again.)"""
    db.execute(
        "CREATE TABLE IF NOT EXISTS hand_copies (hand_id INTEGER NOT NULL REFERENCES hands(id), "
        "source TEXT NOT NULL, line INTEGER, PRIMARY KEY (hand_id, source)) STRICT"
    )
    db.execute("CREATE INDEX IF NOT EXISTS hand_copies_source ON hand_copies (source)")


def _m012_stack_changes(db: sqlite3.Connection) -> None:
    """``hand_players.stack_change``: the net of the top-ups, rebuys, add-ons and cash-outs a
    hand wrote for the player before it, and the views made again to read it: a player who
    missed hands of his table and came back with a change written kept his stack, so only
    the change is bought or cashed.  The ledger keeps what a hand derived, not the file's
    text, so a row stored before this migration cannot learn what its hand wrote: it stays
    NULL, and that hand is read as before (only a rebuy or an add-on, which the rows did
    count, says the player kept his stack).  (The column is added only where missing: a
    ledger whose later version rows were taken back runs this again.)"""
    columns = {row[1] for row in db.execute("PRAGMA table_info(hand_players)")}
    if "stack_change" not in columns:
        db.execute("ALTER TABLE hand_players ADD COLUMN stack_change INTEGER")
    create_views(db)


def _file_order_again(db: sqlite3.Connection) -> None:
    """The views made again, and the tournaments played in several files recomputed
    (:func:`~.tournament_results.recompute_tournament`), after a change to the order a table's
    files follow one another in (the natural order of the number of their first hand).  Only
    the order of files changes: a tournament recorded in one file keeps its places.

    Migration 13: a file numbered ``P9``… comes before one numbered ``P10``…, which the text
    put first.  Migration 17: every run of digits is a number, not the first alone: a file
    numbered ``7-10``… came before one numbered ``7-8``… (the ids ``simulate`` and Merge
    write), so a night's second file was played first and its places paid the wrong players;
    each hand's key is stored (``hands.number_key``, :func:`~.views.number_key`), filled in
    for the hands stored before by :func:`~.views.add_number_keys`, which every making of the
    views runs (an older ledger's earlier migrations query them)."""
    create_views(db)
    _m019_tournaments_in_files(db)


def _m014_player_audit(db: sqlite3.Connection) -> None:
    """``player_audit``: every merge and un-merge of players (:mod:`.players`), when and which
    names.  A merge moves every figure of the names merged to one player, so it is audited as
    a void or a replacement is; the merges made before this migration are not known."""
    db.execute(
        "CREATE TABLE IF NOT EXISTS player_audit (id INTEGER PRIMARY KEY, at TEXT NOT NULL, "
        "action TEXT NOT NULL, name TEXT NOT NULL, player TEXT NOT NULL, "
        "names TEXT NOT NULL) STRICT"
    )


def _m016_hands_source(db: sqlite3.Connection) -> None:
    """An index on ``hands.source``: each file imported reads the hands it was read from last
    (:meth:`.FileHoldings.load`, the nights it moved), which scanned every hand of the ledger
    once a file.  (``IF NOT EXISTS``: a ledger whose later version rows were taken back runs
    it again.)"""
    db.execute("CREATE INDEX IF NOT EXISTS hands_source ON hands (source)")


def _number_keys_again(db: sqlite3.Connection) -> None:
    """Every ``hands.number_key`` computed again (:func:`~.views.add_number_keys`), then the
    file order made again (:func:`_file_order_again`): the key's first form (a run's length in
    three digits, ASCII digits only) put ``１０`` before ``９`` and a run of a thousand digits
    before a shorter one, and a ledger that holds keys of both forms would compare them."""
    from .views import add_number_keys

    add_number_keys(db, every=True)
    _file_order_again(db)


def _m019_tournaments_in_files(db: sqlite3.Connection) -> None:
    """The tournaments played in several files recomputed
    (:func:`~.tournament_results.recompute_tournament`): their hands are put together as the
    players' moves between the tables say they were played
    (:func:`~.tournament_order.play_order`), not file after file, so a table that sent a player
    to another one and later took players from it no longer leaves them in with the stacks
    their old table left them.  A tournament recorded in one file keeps its places."""
    from .tournament_results import recompute_tournament

    for (event_id,) in db.execute(
        "SELECT o.event_id FROM play_order o JOIN counted_events e ON e.id = o.event_id "
        "WHERE e.kind = 'tournament' GROUP BY o.event_id "
        "HAVING count(DISTINCT coalesce(o.source, '')) > 1 ORDER BY o.event_id"
    ).fetchall():
        recompute_tournament(db, event_id)


def _m022_voided_tournament_hands(db: sqlite3.Connection) -> None:
    """The tournaments with a hand an organiser voided recomputed
    (:func:`~.tournament_results.recompute_tournament`): a player whose chips a voided hand
    won is still in with none (his chips were below nothing, and a chop left him out), and a
    tournament every hand of which is voided has no entrants (it counted in standings)."""
    from .tournament_results import recompute_tournament

    for (event_id,) in db.execute(
        "SELECT DISTINCT e.id FROM counted_events e JOIN hands h ON h.event_id = e.id "
        "WHERE e.kind = 'tournament' AND h.void_reason IS NOT NULL ORDER BY e.id"
    ).fetchall():
        recompute_tournament(db, event_id)


def _m027_stated_finishes(db: sqlite3.Connection) -> None:
    """``hands.finishes``: the places (and prizes) a site states players finished a tournament
    in (:func:`~.rows.stated_finishes`; a hand stored before holds none until its file is
    imported again).  Every tournament recomputed: one whose hands do not show its end (two
    players or more still in with chips, and no chop recorded) gives the players still in no
    place, rather than places by their stacks (:func:`~.prizes.known_places`)."""
    from .tournament_results import recompute_tournament

    if "finishes" not in {str(c[1]) for c in db.execute("PRAGMA table_info(hands)")}:
        db.execute("ALTER TABLE hands ADD COLUMN finishes TEXT")
    for (event_id,) in db.execute(
        "SELECT id FROM counted_events WHERE kind = 'tournament' ORDER BY id"
    ).fetchall():
        recompute_tournament(db, event_id)


_FOLLOWED_WORDS = ", whose hands are this event's now"
"""How the ``detail`` of the audit row of a void that followed its night
(:func:`~.corrections.follow_void`) ended in a ledger before migration 28, after ``(event N)``,
the event it followed from: kept as written then, whatever the audit says now."""


def _m028_followed_from(db: sqlite3.Connection) -> None:
    """``audit.followed_from``: the event the void of a night followed from to the event of its
    corrected date or name (:func:`~.corrections.follow_void`), which an un-void of the night
    follows back (:func:`~.corrections.one_nights_voids`); before, only the row's ``detail``
    named it, in words (:data:`_FOLLOWED_WORDS`), read here once.  A number that names no event
    is no event followed from.  (The column is added only where missing: a ledger whose later
    version rows were taken back runs this again.)"""
    if "followed_from" not in {str(c[1]) for c in db.execute("PRAGMA table_info(audit)")}:
        db.execute("ALTER TABLE audit ADD COLUMN followed_from INTEGER REFERENCES events(id)")
    for row, detail in db.execute(
        "SELECT id, detail FROM audit WHERE action = 'void' AND hand_row IS NULL "
        "AND followed_from IS NULL AND detail IS NOT NULL"
    ).fetchall():
        if not detail.endswith(_FOLLOWED_WORDS):
            continue
        _, event, night = detail[: -len(_FOLLOWED_WORDS)].rpartition("(event ")
        night = night.removesuffix(")")
        if event and night.isascii() and night.isdigit():
            db.execute(
                "UPDATE audit SET followed_from = ?1 WHERE id = ?2 "
                "AND EXISTS (SELECT 1 FROM events WHERE id = ?1)",
                [int(night), row],
            )


MIGRATIONS: tuple[tuple[int, str, Migration], ...] = (
    (1, "core ledger: players, aliases, events, hands, postings, pots", _m001_core),
    (2, "tournaments: entries and terms", _m002_tournaments),
    (3, "hand identity, content digests, void, audit, counted views", _m003_identity),
    (4, "units: each event's unit, money and chip value", _m004_units),
    (5, "views: player_event_results, season_player_net, hand_summary", _recreate_views),
    (
        6,
        "views: a player who left a cash table and came back cashed out and bought in",
        _recreate_views,
    ),
    (
        7,
        "views: play_order; cash results read each table's hands in the order they were "
        "played, a voided hand's play is neither bought nor cashed",
        _recreate_views,
    ),
    (8, "tournaments: places a short field cannot fill pay first place", _m008_short_fields),
    (
        9,
        "views: a player's hands at the tables of a cash event are one run; moving to another "
        "table with the stack is neither a cash-out nor a buy-in",
        _recreate_views,
    ),
    (
        10,
        "tournaments: places follow the order the hands were played; a voided hand's rebuys "
        "and add-ons are charged",
        _m010_play_order_places,
    ),
    (
        11,
        "hand copies: every file that holds a hand, for what a file leaves out",
        _m011_hand_copies,
    ),
    (
        12,
        "hand players: the stack change written before each hand; views: a top-up or "
        "cash-out written after missed hands is the change bought or cashed, not the whole "
        "stack",
        _m012_stack_changes,
    ),
    (
        13,
        "views and tournaments: a table's files follow the natural order of their first hand "
        "numbers (P9 before P10)",
        _file_order_again,
    ),
    (14, "player audit: every merge and un-merge of players", _m014_player_audit),
    (
        15,
        "views: cash results sort a player's hands by keys computed once a hand, each "
        "previous hand's figures read once (standings of a big ledger in less time, same rows)",
        _recreate_views,
    ),
    (16, "hands: an index on the file each hand was read from last", _m016_hands_source),
    (
        17,
        "hands: the natural order of each hand's number, every run of digits a number (7-8 "
        "before 7-10); views and tournaments: a table's files follow it",
        _file_order_again,
    ),
    (
        18,
        "hands: each number's natural-order key computed again (digits of any script, runs "
        "of any length)",
        _number_keys_again,
    ),
    (
        19,
        "tournaments: the hands of a tournament's files put together as the players' moves "
        "between its tables say they were played",
        _m019_tournaments_in_files,
    ),
    (
        20,
        "views: a merged player's hands under his names are one run (a move to another "
        "table under another name is a move, not a cash-out and a buy-in)",
        _recreate_views,
    ),
    (
        21,
        "source paths: the real path of each file imported, so that a file imported by "
        "another path is the same file",
        create_source_paths,
    ),
    (
        22,
        "tournaments with voided hands: a player's chips never below none, every player "
        "still in in a chop, a tournament of voided hands only counts for nothing",
        _m022_voided_tournament_hands,
    ),
    (
        23,
        "views: hand_summary gives a valued chip game's hands in its money, as the exports "
        "do, never as chips beside a plain chip game's",
        _recreate_views,
    ),
    (
        24,
        "event terms: which file (or tournament --payouts) states each term of an event, so "
        "that a term struck from every file that stated it leaves the event",
        create_event_terms,
    ),
    (
        25,
        "unwritten files: the text of a night renamed on the record page, stored with its "
        "hands, until its file is written",
        create_unwritten_files,
    ),
    (
        26,
        "event terms: a tournament's tournament --payouts none kept as the command's word (no "
        "prizes), so that importing its unchanged file again does not pay the file's table",
        record_no_prizes,
    ),
    (
        27,
        "tournaments: the places and prizes a site states are kept with the hand they are "
        "written in; a tournament whose hands do not show its end names no winner",
        _m027_stated_finishes,
    ),
    (
        28,
        "audit: the event a night's void followed from, in a column of its own (read from "
        "the words of its row's detail before)",
        _m028_followed_from,
    ),
)
SCHEMA_VERSION = MIGRATIONS[-1][0]
