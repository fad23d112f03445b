"""Importing one file as one transaction: all of its valid hands stored, or none of them.

:func:`store_file` consumes the items :func:`badugi_ledger.ledger.rows.prepare_outcomes` yields
(rejections and :class:`~badugi_ledger.ledger.rows.HandRows`), counts them, and has the
:class:`~.writer.FileWriter` store the valid hands ``batch_size`` at a time inside ONE
transaction, opened (``BEGIN IMMEDIATE``: the write lock) at the first batch and committed
after the last; ``strict`` refuses the file at its first bad hand, and any failure rolls the
whole file back, so the ledger never holds half a file.  Before it commits, the file is
checked as a whole, as no single hand can be: what it held when it was imported before and no
longer holds (:mod:`.holdings`), the carried Progressive Badugi pots of the tables it changed
(:mod:`.carried_pots`), and one player in two seats or two entries (:mod:`.players`).
Files of one import that can be stored only together, their carried pots balancing with all
of them in, are stored in one transaction, all or none (:class:`StoredTogether`).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from ..model.errors import LedgerError
from ..replay.pool_rules import TAKES_MORE, held_before_hint
from .advice import Said, command_text, command_word, ledger_named, on_ledger
from .carried_pots import (
    CARRY_POOL,
    PROGRESSIVE,
    CarryShortfall,
    TableMoves,
    carry_left_behind,
    carry_shortfall,
    unit_fix,
)
from .carry_strangers import carried_to_strangers
from .connection import committed_view, patiently
from .file_events import void_events
from .hand_lookups import LOOKUP_CHUNK
from .import_run import ImportRun, Pool
from .last_week_pots import last_week_unordered
from .night_copies import CopyRefused, copied_nights
from .players import (
    look_alike_said,
    refuse_one_player_a_seat,
    refuse_one_player_an_entry,
)
from .report import FileReport, Rejected
from .rows import HandRows
from .source_paths import remember as remember_path
from .stopped_report import StoredThenInterrupted
from .tournament_warnings import tournament_warnings
from .writer import FileWriter

ProgressFn = Callable[[str, int], None]
"""Called with (source, hands read so far in that file) every ``progress_every`` hands."""


@dataclass(frozen=True)
class StoreOptions:
    """How one file is stored, chosen once per import and passed down unchanged to each file.

    ``strict``: the first bad hand refuses the whole file, and so does a conflict.
    ``replace``: a conflicting hand is stored over the old version (audited).  ``batch_size``:
    hands written per batch inside the file's one transaction.  ``progress``: called every
    ``progress_every`` hands read.
    ``whole``: a conflict holds the whole file back, as hands left out do.  ``was``: the file
    this one is a new name of; the hands imported from it that this file does not hold are
    left out of it, as an edited file's are.  ``run``: what the files before this one in the
    same import stored (:class:`.ImportRun`): a hand of theirs this file holds with other
    content is a conflict even with ``replace``, and this file's hands join it.
    ``together``: the group of files this one is stored with (:class:`StoredTogether`)."""

    strict: bool = False
    replace: bool = False
    batch_size: int = 500
    progress: ProgressFn | None = None
    progress_every: int = 1000
    whole: bool = False
    was: str | None = None
    run: ImportRun | None = None
    together: StoredTogether | None = None
    """The files of the run this one is stored with in ONE transaction (:class:`StoredTogether`):
    its carried pots are checked with theirs once all are in, and their group commits."""
    committing: Callable[[FileReport], AbstractContextManager[None]] | None = None
    """A step of the caller's that the file's ``COMMIT`` runs inside: entered with the file's
    report once every check of the file passed, just before ``COMMIT``, and left after it -
    with the exception when ``COMMIT`` failed, the transaction still open, for the step to be
    undone.  Raising as it is entered, it refuses the file: rolled back, the exception passed
    on.  The record page's save moves its file into place there, so that the ledger never
    holds a text its file does not (:mod:`badugi_ledger.web.record_save`).  Not for a file
    stored ``together`` (its group commits)."""


DEFAULT_OPTIONS = StoreOptions()
"""A lone file stored as ``import`` stores it without options."""


def store_file(
    db: sqlite3.Connection,
    items: Iterable[Rejected | HandRows | None],
    source: str,
    options: StoreOptions = DEFAULT_OPTIONS,
) -> FileReport:
    """Store one file's prepared hands (one transaction) as ``options`` say
    (:class:`StoreOptions`); see the module docstring.

    A hand whose identity (event, table, hand number) or fingerprint the ledger holds with
    the same fingerprint and content is a duplicate; with other content it is a conflict,
    not stored, unless ``replace``: then it is stored over the old version (audited).

    An exception from ``items`` (a file that stops being readable) or from SQLite rolls the
    file back and propagates; the report then counts nothing stored.
    """
    strict, progress, progress_every = options.strict, options.progress, options.progress_every
    report = FileReport(source)
    together = options.together
    writer = FileWriter(
        db, report, replace=options.replace, was=options.was, run=options.run,
        together=together is not None, committing=options.committing,
    )  # fmt: skip
    batch: list[HandRows] = []
    seen = 0
    try:
        for item in items:
            seen += 1
            if progress is not None and seen % progress_every == 0:
                progress(source, seen)
            if item is not None and item.warnings:  # (a strict import says them as reasons)
                report.warnings += item.warnings
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
            if len(batch) >= options.batch_size:
                writer.write(batch)
                batch.clear()
        if report.refused:
            writer.rollback()
            _nothing_stored(report)
            return report
        if batch:
            writer.write(batch)
        writer.begin()  # (a file without a hand to store has not taken the write lock yet)
        writer.events.settle_terms(writer.holdings)  # (the whole file read)
        left_out = writer.left_out()
        kept = [] if left_out else writer.holdings.kept_beside_new()
        if left_out or kept or (options.whole and report.conflicts):
            report.conflicts += kept
            writer.rollback()
            _nothing_stored(report)
            report.held_back = True
            writer.run.refused_as_copy(source, writer.copied_from)
            return report
        if strict and report.conflicts:  # a hand not stored: the file is not stored whole
            writer.rollback()
            _nothing_stored(report)
            report.refused = True
            writer.run.refused_as_copy(source, writer.copied_from)
            return report
        # A copy of a night first: what is wrong then with its carried pots or its players'
        # seats is that it is a copy, and the way out another (not to void or rename).
        try:
            copies = copied_nights(
                db,
                writer.first_new,
                writer.next_hand,
                source,
                writer.touched,
                writer.holdings.counting_again,
            )
        except CopyRefused as refused:  # (tried again once one of those files is stored)
            writer.run.refused_as_copy(source, refused.files)
            raise
        if together is None:  # (a group's carried pots are checked once all its files are in)
            _check_carries(writer)
        refuse_one_player_a_seat(
            db, writer.first_new, writer.next_hand, writer.replaced_ids, writer.aliases.values()
        )
        refuse_one_player_an_entry(db, writer.touched)
        remember_path(db, source, writer.holdings.real_path)
        writer.commit()
        if together is None:
            writer.run.last_stored = report
        else:
            together.writers.append(writer)
        report.void_events, left = void_events(db, writer.touched, source)  # (voids followed)
        report.warn(*left)
        writer.run.remember(
            source,
            writer.first_new,
            writer.next_hand,
            writer.replaced_ids | writer.held_ids,
            bool(writer.replaced_ids),  # (replaced: a commit again changes the ledger)
        )
        # Hands of it copies at a table named otherwise, of files of the run: tried again once
        # one of them is stored anew, which may hold them no more (a night's hands moved here).
        writer.run.refused_as_copy(source, writer.copied_from)
    except BaseException as exc:
        if not writer.committed:
            writer.rollback()
            _nothing_stored(report)
        elif isinstance(exc, KeyboardInterrupt):  # stored: say so, not that it rolled back
            raise StoredThenInterrupted(report) from None
        raise
    try:  # the file is stored: nothing from here on may report it otherwise
        if progress is not None and seen >= progress_every:
            progress(source, seen)
        if report.stored or report.duplicate or report.replaced:
            names = [
                look_alike_said(*alike, ledger_named(db)) for alike in writer.aliases.look_alikes
            ]
            at_end = options.run is not None and options.run.warns_at_end  # (read then)
            carried = [] if at_end else _carry_warnings(db, source)
            tournaments = [] if at_end else _tournament_warnings(db, source)
            report.warn(*copies, *names, *carried, *tournaments)
            report.carry_warnings = tuple(map(command_text, carried))
            report.tournament_warnings = tuple(map(command_text, tournaments))
    except KeyboardInterrupt:
        raise StoredThenInterrupted(report) from None
    except sqlite3.Error as exc:
        report.warnings.append(_unread(exc))
    return report


def _unread(exc: sqlite3.Error) -> str:
    """The warning of a stored file whose warnings could not be read."""
    return (
        "the file is stored, but the ledger could not be read for its warnings "
        f"(carried pots left behind, tournament entries): {exc}; run the import again "
        "to see them (what is stored counts once)"
    )


def _carry_warnings(
    db: sqlite3.Connection, source: str, known: TableMoves | None = None
) -> list[str | Said]:
    """What the ledger, with the file ``source`` committed, holds of its carried pots that no
    refusal can say, since file order is not play order: a Progressive Badugi pot carried at
    one of its tables that the next hand played there takes only in part
    (:func:`~.carried_pots.carry_left_behind`), or that a night none of whose players sat in
    the hand that carried it takes (:func:`~.carry_strangers.carried_to_strangers`); and
    last week's pot, taken by one of two or more first hands of nights whose order is not
    known (:func:`~.last_week_pots.last_week_unordered`).  ``known``: each table's carried
    pots read already with the ledger as it is (:data:`~.carried_pots.TableMoves`)."""
    tables = dict(  # the file's Progressive Badugi tables: whether its hands there move a pot
        db.execute(
            "SELECT coalesce(table_name, ''), max(carry_in > 0 OR carry_out > 0) FROM hands "
            f"WHERE source = ? AND game IN ({PROGRESSIVE}) GROUP BY 1",
            [source],
        ).fetchall()
    )
    carried: list[str | Said] = [
        short.left_behind_said(ledger_named(db)) for short in carry_left_behind(db, tables, known)
    ]
    carried += last_week_unordered(db, tables, source, known)
    moving = [table for table, moves in tables.items() if moves]
    carried += carried_to_strangers(db, moving, source, known)
    return carried


def _tournament_warnings(
    db: sqlite3.Connection, source: str, known: dict[int, list[str | Said]] | None = None
) -> list[str | Said]:
    """Of the tournaments the file ``source`` holds hands of, as the ledger holds them now: a
    player who plays on after busting without a rebuy (:func:`~.tournament_warnings.free_chips`),
    or who never sat down with the starting chips (:func:`~.tournament_warnings.second_entries`).
    ``known``: each tournament's warnings found already with the ledger as it is, by event id
    (filled in), so that the files of one run holding one tournament read its hands once."""
    found: list[str | Said] = []
    for (event_id,) in db.execute(
        "SELECT DISTINCT h.event_id FROM hands h JOIN events e ON e.id = h.event_id "
        "WHERE h.source = ? AND e.kind = 'tournament' ORDER BY 1",
        [source],
    ).fetchall():
        if known is None:
            found += tournament_warnings(db, int(event_id))
        else:
            if event_id not in known:
                known[event_id] = tournament_warnings(db, int(event_id))
            found += known[event_id]
    return found


def refresh_warnings(db: sqlite3.Connection, reports: Iterable[FileReport]) -> None:
    """Make each report of one import's files say the warnings of the ledger as the import
    ends, as a second run of the same files would: each file was checked as the files before
    it left the ledger, and a file stored after it may make a warning untrue or true - of a
    carried pot (:func:`_carry_warnings`: a night's corrected ``carry in``, or the next night
    at the table, taking less of the file's pot, in a later file) or of a tournament
    (:func:`_tournament_warnings`: the table a busted player came from, or plays on at).  So
    a run of several files reads them here, not as each file commits
    (:attr:`.ImportRun.warns_at_end`): once per stored file, each table's carried pots and
    each tournament read once.  Should the ledger not be readable, each stored file's report
    says that its warnings could not be read."""
    known: dict[int, list[str | Said]] = {}
    moves: TableMoves = {}
    for report in reports:
        if report.tournament_warnings is None:
            continue  # (the file was not stored, or its warnings could not be read)
        try:
            carried = _carry_warnings(db, report.source, moves)
            tournaments = _tournament_warnings(db, report.source, known)
        except sqlite3.Error as exc:
            carried, tournaments = [], [_unread(exc)]
        was = set(report.carry_warnings) | set(report.tournament_warnings)
        report.warnings = [w for w in report.warnings if w not in was]
        report.warn(*carried, *tournaments)
        report.carry_warnings = tuple(map(command_text, carried))
        report.tournament_warnings = tuple(map(command_text, tournaments))


def _nothing_stored(report: FileReport) -> None:
    """The file was rolled back: nothing of it counts as stored or replaced."""
    report.stored = report.duplicate = 0
    report.replaced.clear()


def _check_carries(writer: FileWriter) -> None:
    """Refuse the file when, with it, a hand takes more carried Progressive Badugi pots
    than the hands before it at its table carried and left (the ``*carry*`` account below
    zero: chips from nowhere; :mod:`.carried_pots`): a ``carry in`` of this file stating
    more than was carried, or taking a pot another hand took - or a hand of another file
    whose pot this one no longer carries (a corrected night carrying less, a hand deleted),
    takes first, or comes after hands now (last week's pot, taken on the file's word only
    by a table's first hand).  Every pool at a table where the file changed a Progressive
    Badugi hand is checked as the file leaves it, as a whole: a file that renumbers the
    hand that carried a pot and holds the hand that took it is as consistent as before."""
    short = _carry_short([writer])
    if short is not None:
        writer.run.refused_for_carry(writer.report.source, _file_pools(writer))
        hint = (
            f"; {unit_fix(ledger_named(writer.conn))}"
            if short.elsewhere
            else f": {_carry_hint(short, writer)}"
        )
        raise LedgerError(f"{short.text()}{hint}; nothing from this file was stored")


def _carry_short(writers: list[FileWriter]) -> CarryShortfall | None:
    """What :func:`_check_carries` refuses, of the tables where the files of ``writers``
    (one file, or the files stored together: :class:`StoredTogether`) changed a Progressive
    Badugi hand, with all of them in; None when every pool there holds.  A hand any of them
    wrote may take less than is left for it; the ledger as committed is the one before all
    of them."""
    tables: set[str] = set()
    for writer in writers:
        tables.update(writer.carry_tables)
        rows = sorted(writer.carry_rows)
        for start in range(0, len(rows), LOOKUP_CHUNK):
            chunk = rows[start : start + LOOKUP_CHUNK]
            tables.update(
                str(row[0])
                for row in writer.conn.execute(
                    "SELECT coalesce(table_name, '') FROM hands WHERE game IN "
                    f"({PROGRESSIVE}) AND id IN ({', '.join('?' * len(chunk))})",
                    chunk,
                )
            )
    if not tables:
        return None

    def wrote(hand_id: int) -> bool:
        return any(writer.wrote(hand_id) for writer in writers)

    conn = writers[0].conn
    with committed_view(conn) as committed:
        return carry_shortfall(conn, tables, wrote, committed)


_POOLS_OF = f"""
SELECT DISTINCT coalesce(h.table_name, ''), {CARRY_POOL} FROM hands h
JOIN events e ON e.id = h.event_id WHERE h.game IN ({PROGRESSIVE}) AND {{which}}
"""
"""The pools of carried pots (:data:`~.import_run.Pool`) of some hands."""


def _file_pools(writer: FileWriter) -> frozenset[Pool]:
    """The pools of carried pots (:data:`~.import_run.Pool`) the file of ``writer`` changes,
    for the files of its run refused for carried pots to be stored together only with those
    whose pots may pass to theirs (:mod:`.run_retries`): the pools of the Progressive Badugi
    hands it stored, replaced, or whose play it changed (voided, counted again, moved), as it
    leaves them and as the ledger held them before it (a night corrected to another unit
    changes both).  Where the ledger as committed cannot be read beside the file's
    transaction (a ledger in memory), every pool of the file's tables stands for the pools
    its hands left."""
    conn = writer.conn
    pools = set(_pools_of(conn, "h.id >= ? AND h.id < ?", [writer.first_new, writer.next_hand]))
    held = sorted(writer.replaced_ids | writer.carry_rows)
    known = True
    with committed_view(conn) as committed:
        for start in range(0, len(held), LOOKUP_CHUNK):
            chunk = held[start : start + LOOKUP_CHUNK]
            which = f"h.id IN ({', '.join('?' * len(chunk))})"
            pools.update(_pools_of(conn, which, chunk))
            before = committed()
            try:
                pools.update(() if before is None else _pools_of(before, which, chunk))
            except sqlite3.Error:  # (not readable beside the file's transaction)
                before = None
            known = known and before is not None
    if not known:
        tables = sorted({table for table, _ in pools} | writer.carry_tables)
        which = f"coalesce(h.table_name, '') IN ({', '.join('?' * len(tables))})"
        pools.update(_pools_of(conn, which, tables))
    return frozenset(pools)


def _pools_of(db: sqlite3.Connection, which: str, values: list[Any]) -> list[Pool]:
    """The pools of carried pots of the Progressive Badugi hands ``which`` (SQL of ``h`` =
    ``hands``, with ``values``) picks."""
    return [(str(t), str(p)) for t, p in db.execute(_POOLS_OF.format(which=which), values)]


class StoredTogether:
    """Files of one import stored in ONE transaction, all of them or none: corrected nights
    that pass a carried Progressive Badugi pot between them where no file can be stored
    alone, in any order (a pot raised, and the next night's hand taking all of it; a chain of
    nights), though the ledger holds them all (:mod:`.run_retries`).  :meth:`begin` takes
    the write lock; each file is then stored as :func:`store_file` stores a file alone (its
    hands, conflicts, players' seats checked as the files before it in the group left the
    ledger), in a savepoint, but for its carried pots: those are checked once, with all the
    group's files in (:meth:`short`), before :meth:`commit`."""

    __slots__ = ("_committing", "db", "writers")

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db
        self.writers: list[FileWriter] = []
        """The writers of the group's files stored so far (each released its savepoint)."""
        self._committing = False

    def begin(self) -> None:
        """``BEGIN IMMEDIATE``: the write lock, for all of the group's files."""
        patiently(self.db, lambda: self.db.execute("BEGIN IMMEDIATE"), "to write it")

    def short(self) -> CarryShortfall | None:
        """What refuses the group's files, with all of them in (:func:`_check_carries`, of the
        tables each changed, a hand any of them wrote taking less than is left for it as it
        may); None when every pool holds."""
        return _carry_short(self.writers)

    def commit(self) -> None:
        """``COMMIT``: every file of the group is stored."""
        self._committing = True
        self.db.execute("COMMIT")

    @property
    def committed(self) -> bool:
        """Whether ``COMMIT`` ended the group's transaction, also when Ctrl-C came next."""
        return self._committing and not self.db.in_transaction

    def rollback(self) -> None:
        """``ROLLBACK``: nothing of any file of the group stays (safe at any point)."""
        if self.db.in_transaction:
            self.db.execute("ROLLBACK")


def surplus_hint(event: str, hand: str, of_run: str | None, held: str, ledger: str = "") -> str:
    """The way out of the refusal of a file with which a hand of another file takes less of
    a carried pot than is left for it (:attr:`~.carried_pots.CarryShortfall.surplus`): void
    ``hand`` first (of ``event``, as ``void --event`` takes it: the ledger's id, or, said by
    ``check`` before any import, its key), then run the import again, the ``carry in`` of
    ``of_run`` (the file of the import holding the hand) corrected; or, the hand held from
    no other file of the import, import this one and then ``held`` (the file the ledger
    reads the hand from) corrected; the ``void`` of the ``ledger`` it names
    (:func:`~.advice.on_ledger`; ``check``'s names none)."""
    void = (
        f"void that hand first (badugi-ledger void --event {command_word(event)} --hand "
        f"{command_word(hand)} --reason "
        f"TEXT{on_ledger(ledger)}; the pot then waits in *carry*)"
    )
    if of_run is not None:
        return (
            f"{void}, then run this import again, the 'carry in' of {of_run} corrected if "
            "it is not yet"
        )
    return (
        f"{void}, import this file, then correct its 'carry in' and import {held} again "
        "with --replace"
    )


def _carry_hint(short: CarryShortfall, writer: FileWriter) -> str:
    """What to do about a hand that takes more carried pots than are left for it, or
    less than this file leaves for it."""
    source, run = writer.report.source, writer.run
    of_run = run.of_run(short.source)
    if of_run == source:  # a hand this file holds as the ledger does: this file's to correct
        of_run = None
    others = run.sharing(source)  # (refused for pots too, of a pool this file changes)
    if short.surplus:
        if of_run is not None and run.stored(of_run) and others:
            # Voided, that hand would stay void: its file, imported again, holds it as voided.
            return (
                f"{of_run}, stored by this import, holds that hand as corrected, and "
                f"{' and '.join(others)} of this import, refused for a carried pot too, "
                "stands between them: these corrections cannot be stored one file at a time "
                "(a pot raised in a chain of nights; docs/ledger.md, Carried pots)"
            )
        held = short.source or "its file"
        return surplus_hint(
            str(short.event_id), short.hand, of_run, held, ledger_named(writer.conn)
        )
    if writer.wrote(short.hand_row):
        own = TAKES_MORE
        if not others:
            return own
        if len(others) == 1:
            return (
                f"{own}; or {others[0]} of this import, refused for a carried pot too, "
                "carries it: see its report"
            )
        return (
            f"{own}; or one of {' and '.join(others)} of this import, refused for carried pots "
            "too, carries it: see their reports"
        )
    before = "with this file, the hands before it leave it less than it takes"
    if of_run is not None and run.stored(of_run):
        return held_before_hint(of_run)
    if of_run is not None:
        return (
            f"{before}: {of_run}, of this import, was not stored (its report says why): "
            "correct it, then run this import again"
        )
    held = short.source or "its file"
    return (
        f"{before}: correct its 'carry in' and import {held} again with --replace first, or "
        "correct this file"
    )
