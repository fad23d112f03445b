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
the whole file.

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
from typing import Any, NamedTuple

from ..model.errors import LedgerError
from ..model.events import Session
from ..model.limits import quote
from ..model.money import UNSTATED, format_amount
from ..model.names import composed
from .carried_pots import PROGRESSIVE, PROGRESSIVE_GAMES, CarryShortfall, carry_shortfall
from .corrections import audit_void, void_hand
from .hand_content import differences, stored_facts
from .report import Conflict, FileReport, Rejected
from .rows import HAND_COLUMNS, HandRows, amount_problems, session_identity
from .tournaments import event_label, follow_moved_hands, recompute_tournament
from .views import PLAYED
from .void_matching import Candidate, OrganiserVoids
from .void_reasons import (
    LEFT_OUT,
    left_out_reason,
    organisers_reason,
    out_of_play_reason,
    voided_in_play,
)

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
    "contributed, collected, busted, rebuys, add_ons) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
_INSERT_POSTING = (
    "INSERT INTO postings (hand_id, account, alias_id, kind, amount) VALUES (?, ?, ?, ?, ?)"
)
EVENT_FACTS = ("season", "place", "buy_in", "starting_chips", "payouts")
"""The ``events`` columns a file states besides what names the event (its ``key``): kind,
name, date and unit.  The game is left out: one night may deal several."""
_LOOKUP_CHUNK = 500
"""Fingerprints per duplicate query (SQLite allows at least 999 parameters)."""


class Stored(NamedTuple):
    """A stored hand as the writer compares it: row id, fingerprint, content, event, the file
    it was last imported from, why it is void (None: it counts) and its line in that file."""

    id: int
    fingerprint: str
    content: str
    event_id: int
    source: str | None = None
    void: str | None = None
    line: int | None = None


class _Aliases(dict[str, int]):
    """Alias ids by name, for one file: a name met before is a plain dictionary look-up (no
    Python step per player of every hand); a new one is found in the ledger, or created with
    its player (rare: once per name per ledger), by :meth:`__missing__`.

    A new name spelled with other Unicode code points than a name the ledger holds, the same
    letters as Unicode composes them (NFC: ``Zoë`` typed as one character, or as ``e`` and a
    combining diaeresis), is made an alias of that name's player, as ``players merge`` would:
    the two look the same on every page, so they are one person, never two rows of the
    standings.  ``players unmerge`` takes it back."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        super().__init__()
        self.conn = conn

    def __missing__(self, name: str) -> int:
        row = self.conn.execute("SELECT id FROM aliases WHERE name = ?", [name]).fetchone()
        if row is None:
            self.conn.execute(
                "INSERT INTO players (name) VALUES (?) ON CONFLICT DO NOTHING", [name]
            )
            own = self.conn.execute("SELECT id FROM players WHERE name = ?", [name]).fetchone()[0]
            cur = self.conn.execute(
                "INSERT INTO aliases (name, player_id, own_player_id) VALUES (?, ?, ?)",
                [name, self._same_letters(name) or own, own],
            )
            row = (cur.lastrowid,)
        alias_id = self[name] = int(row[0])
        return alias_id

    def _same_letters(self, name: str) -> int | None:
        """The player of a name the ledger holds that is ``name`` composed otherwise, if any
        (a name that is plain ASCII has no other composition: nothing is looked up)."""
        if name.isascii():
            return None
        letters = composed(name)
        for other, player_id in self.conn.execute(
            "SELECT name, player_id FROM aliases WHERE name != ?", [name]
        ):
            if not other.isascii() and composed(other) == letters:
                return int(player_id)
        return None


class FileWriter:
    """Writes one file's hands inside one transaction opened at the first batch."""

    def __init__(
        self,
        db: sqlite3.Connection,
        report: FileReport,
        *,
        replace: bool = False,
        was: str | None = None,
    ) -> None:
        self.conn = db
        self.db = db
        self.report = report
        self.replace = replace
        self.was = was
        """The file this one is a new name of (a night renamed, saved under its new name): the
        hands imported from it are this file's too, for what is left out."""
        self.open = False
        self.aliases = _Aliases(db)
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
        self.pending: dict[tuple[int, str, str], Stored] = {}
        """This batch's hands by identity, before they are inserted."""
        self.next_hand = self.next_pot = 0
        self.now = datetime.now(UTC).isoformat(timespec="seconds")
        self.earlier: dict[int, tuple[str, str, int, int, str]] = {}
        """The counting hands this file held when it was imported before (``hands.source`` is
        this file, or :attr:`was`, or it is one of the hand's ``hand_copies``): row id ->
        (hand number, table, event id, line, the file).  Each one the file holds now (as a
        duplicate, a conflict or a replacement; or a rejected hand of that number) is taken out
        as it comes; what is left when the file ends is no longer in it (:meth:`left_out`):
        deleted, renumbered, or moved to another event by a new session name.  Empty for a
        file imported the first time."""
        self.earlier_voids: dict[int, tuple[str, str, int, int, str, str]] = {}
        """As :attr:`earlier`, the hands an organiser voided that the file held, still in the
        night's play, with the organiser's reason last: one the file no longer holds stays
        void and leaves the play (:meth:`voids_left_out`)."""
        self.voids = OrganiserVoids(db, [report.source, *([was] if was else [])])
        """The voided hands of the events this file's hands belong to, and which it holds
        (:mod:`~badugi_ledger.ledger.void_matching`: a void stays on its hand, not its
        number)."""
        self.loaded = False
        """:attr:`earlier` has been read (:meth:`_load_earlier`)."""
        self.unsure = False
        """A hand of the file could not be read far enough to know its number: nothing is
        said to be left out of it."""
        self.read_any = False
        """The file held at least one hand that could be stored."""
        self.carry_tables: set[str] = set()
        """Tables where this file stored a Progressive Badugi hand, or replaced one (its
        carried pots are checked: :meth:`check_carries`)."""
        self.carry_rows: set[int] = set()
        """Stored hands this file voided, counted again or moved in its play (another line):
        those of Progressive Badugi change their table's carried pots too."""

    def begin(self) -> None:
        if not self.open:
            self.conn.execute("BEGIN IMMEDIATE")
            self.open = True
            # Inside the write lock: nobody else adds hands or pots until COMMIT.
            self.next_hand = self.first_new = self._max_id("hands") + 1
            self.next_pot = self._max_id("pots") + 1
            self._load_earlier()

    def _load_earlier(self) -> None:
        """:attr:`earlier` and :attr:`earlier_voids`, read once (at the file's first hand):
        the hands it was read from last, and those it holds as copies of another file's."""
        if self.loaded:
            return
        self.loaded = True
        for source in self._own_names():
            for row_id, number, table, event_id, line, void in self.conn.execute(
                "SELECT id, hand_number, coalesce(table_name, ''), event_id, line, void_reason "
                "FROM hands WHERE source = ? UNION ALL "
                "SELECT h.id, h.hand_number, coalesce(h.table_name, ''), h.event_id, c.line, "
                "h.void_reason FROM hand_copies c JOIN hands h ON h.id = c.hand_id "
                "WHERE c.source = ?",
                [source, source],
            ):
                if void is None:
                    self.earlier[row_id] = (str(number), table, event_id, line, source)
                elif voided_in_play(void):
                    self.earlier_voids[row_id] = (
                        str(number), table, event_id, line, source, str(void)
                    )  # fmt: skip

    def _own_names(self) -> list[str]:
        """This file's path, and the one it had before it was renamed (:attr:`was`)."""
        if self.was is not None and self.was != self.report.source:
            return [self.report.source, self.was]
        return [self.report.source]

    def _meet(self, stored: Stored) -> None:
        """The file holds the stored hand: it is not left out of it."""
        self.earlier.pop(stored.id, None)
        self.earlier_voids.pop(stored.id, None)
        self.voids.meet(stored.id)

    def met(self, number: str | None) -> None:
        """The file holds a rejected hand numbered ``number``: an earlier hand of that number,
        at any table, is not left out (it may be this one)."""
        if number is None:
            self.unsure = True
            return
        self._load_earlier()
        for held in (self.earlier, self.earlier_voids):
            for row_id in [i for i, hand in held.items() if hand[0] == number]:
                del held[row_id]

    def left_out(self) -> bool:
        """Hands this file held when it was imported before (as the file they were read from
        last, or as a copy of another file's) that it no longer holds (deleted, renumbered, or
        put in another event by a renamed session): they would go on counting beside the
        file's new version.  With ``replace``, and every hand of the file read, they are
        voided, audited, later hands first; the carried Progressive Badugi pots are checked
        after the whole file (:meth:`check_carries`), so a pot a voided hand carried is never
        taken away from a hand that stays, and the file's new version may carry it; a file
        emptied of its hands is no exception (the night is taken out as hands deleted from a
        file are).  Otherwise each is a conflict and the answer is True: nothing of the file
        may be stored (the caller rolls it back), or the night would count twice.  Hands an
        organiser voided are left out the same way: void already, they only leave the night's
        play (:meth:`voids_left_out`)."""
        self.begin()  # a file without a hand to store has not taken the write lock yet
        if not (self.earlier or self.earlier_voids):
            self._forget_old_name()
            return False
        source = self.report.source
        if self.replace and not (self.unsure or self.report.rejected):
            voided: list[Conflict] = []
            for row_id in sorted(self.earlier, reverse=True):
                number, table, event_id, line, held_by = self.earlier[row_id]
                label = self.event_label(event_id)
                why = self._why_left_out(held_by)
                reason = left_out_reason(source)
                done = why + ": voided" + self._held_elsewhere(row_id)
                void_hand(self.conn, self.now, event_id, row_id, table, number, reason)
                self.carry_rows.add(row_id)
                self.touched.add(event_id)
                voided.append(Conflict(held_by, line, number, table, label, (done,)))
            self.report.replaced += voided + self.voids_left_out()
            self._forget_old_name()
            return False
        if self.replace:
            hint = "fix the file's unreadable or rejected hands first"
        elif not (self.read_any or self.unsure or self.report.rejected):
            hint = (
                "the file holds no hands now: import it again with --replace to void them, "
                "or void the whole event (badugi-ledger void --event EVENT --reason TEXT)"
            )
        else:
            hint = (
                "void it (badugi-ledger void) if it was taken out on purpose, or import again "
                "with --replace"
            )
        held = {**self.earlier, **{i: hand[:5] for i, hand in self.earlier_voids.items()}}
        for row_id in sorted(held):
            number, table, event_id, line, held_by = held[row_id]
            label = self.event_label(event_id)
            void = self.earlier_voids[row_id][5] if row_id in self.earlier_voids else None
            why = self._why_left_out(held_by, void)
            said = hint
            if void is not None and not self.replace:
                said = "import again with --replace to leave it out of the night's play"
            self.report.conflicts.append(
                Conflict(held_by, line, number, table, label, (f"{why}: {said}",))
            )
        return True

    def voids_left_out(self) -> list[Conflict]:
        """The hands an organiser voided that this file held and no longer holds (deleted,
        or its number given to another hand): each stays void, and leaves the night's play
        (:func:`~.void_reasons.out_of_play_reason`: the stacks of the file's hands no longer
        go through it), audited; what the report says of them."""
        said: list[Conflict] = []
        for row_id in sorted(self.earlier_voids):
            number, table, event_id, line, held_by, reason = self.earlier_voids[row_id]
            why = self._why_left_out(held_by, reason)
            out = out_of_play_reason(reason, self.report.source)
            self.conn.execute("UPDATE hands SET void_reason = ? WHERE id = ?", [out, row_id])
            audit_void(self.conn, self.now, event_id, row_id, table, number, out, None)
            self._held_elsewhere(row_id)
            self.touched.add(event_id)
            said.append(
                Conflict(
                    held_by, line, number, table, self.event_label(event_id),
                    (
                        f"{why}: it stays void, and is no part of the night's play; if a hand "
                        "of the file is that hand with other stacks or another number (a hand "
                        "deleted before it), the ledger cannot tell: void that one too "
                        f"(badugi-ledger void --event {self._event_arg(event_id)} --hand "
                        f"NUMBER --reason {quote(reason)!r})",
                    ),
                )
            )  # fmt: skip
        return said

    def _event_arg(self, event_id: int) -> str:
        """How ``void --event`` names event ``event_id``: its name, quoted for a shell when it
        holds a blank (or its id, when its name is not its own)."""
        name, count = self.conn.execute(
            "SELECT e.name, (SELECT count(*) FROM events o WHERE o.name = e.name) "
            "FROM events e WHERE e.id = ?",
            [event_id],
        ).fetchone()
        if count != 1:
            return str(event_id)
        return repr(name) if not name.replace("-", "").replace("_", "").isalnum() else str(name)

    def _held_elsewhere(self, row_id: int) -> str:
        """This file no longer holds the hand ``row_id``: it is no longer one of its copies.
        What the report adds about the other files that held it (a copy imported since, or a
        file it moved to): imported again, one that still holds it brings it back."""
        own = self._own_names()
        marks = ", ".join("?" * len(own))
        self.conn.execute(
            f"DELETE FROM hand_copies WHERE hand_id = ? AND source IN ({marks})", [row_id, *own]
        )
        others = [
            str(other)
            for (other,) in self.conn.execute(
                "SELECT source FROM hands WHERE id = ? AND source IS NOT NULL UNION "
                "SELECT source FROM hand_copies WHERE hand_id = ? ORDER BY 1",
                [row_id, row_id],
            )
            if other not in own
        ]
        if not others:
            return ""
        return (
            f" ({', '.join(others)} held it too: import that file again if it still holds "
            "this hand)"
        )

    def _forget_old_name(self) -> None:
        """A renamed file's old path (:attr:`was`) holds nothing any more: the hands it held
        are this file's, or left out of it."""
        if self.was is not None and self.was != self.report.source:
            self.conn.execute("DELETE FROM hand_copies WHERE source = ?", [self.was])

    def _why_left_out(self, held_by: str, void: str | None = None) -> str:
        """Why a hand the file held before is a conflict now (``held_by``: the file it was
        imported from, this one or the one this is a new name of; ``void``: the organiser's
        reason, when it is void)."""
        state = f", void ({void})," if void is not None else ","
        if held_by == self.report.source:
            return f"imported from this file before{state} and not in it any more"
        return (
            f"imported from {held_by} before{state.rstrip(',')}, which {self.report.source} "
            "replaces, and not in it"
        )

    def claim(self, stored: Stored, rows: HandRows) -> bool:
        """A hand the ledger holds, met again in this file as it is: it is read from this file
        now, at the line the file puts it (the line orders a table's hands as they were
        played, and an edit above the hand moves it), and if it was voided because another
        file no longer held it (a hand moved from one night file to another), it counts
        again - unless a hand of its name counts already.  Whether it counts again (or, voided
        by an organiser, is in the play again).

        The file it was read from before still holds it (a copy of the night, an overlapping
        export): it is one of the hand's ``hand_copies``, so that file, imported again without
        the hand, leaves it out as well (:meth:`left_out`) - unless this file is that one
        renamed (:attr:`was`), or the hand only counts again because this file holds it."""
        restored = self.restore(stored, rows)
        here = (rows.source, rows.hand[4])
        if (stored.source, stored.line) != here:
            self.conn.execute(
                "UPDATE hands SET source = ?, line = ? WHERE id = ?", [*here, stored.id]
            )
            self.carry_rows.add(stored.id)
            self.touched.add(stored.event_id)  # its place in the play: a tournament's places
            self._copies_after_claim(stored, rows.source, restored)
        return restored

    def _copies_after_claim(self, stored: Stored, source: str, restored: bool) -> None:
        """``hand_copies`` of a hand now read from ``source`` (:meth:`claim`)."""
        if restored:  # brought back by this file: the files that left it out hold it no more
            self.conn.execute("DELETE FROM hand_copies WHERE hand_id = ?", [stored.id])
            return
        if stored.source is not None and stored.source not in (source, self.was):
            self.conn.execute(
                "INSERT OR IGNORE INTO hand_copies (hand_id, source, line) VALUES (?, ?, ?)",
                [stored.id, stored.source, stored.line],
            )
        self.conn.execute(
            "DELETE FROM hand_copies WHERE hand_id = ? AND source = ?", [stored.id, source]
        )

    def restore(self, stored: Stored, rows: HandRows, *, say: bool = True) -> bool:
        """A hand voided because its file no longer held it, held by this file: it counts
        again (audited; ``say``: in the report too, unless its replacement says it), unless
        a hand of its name counts already.  Whether it does.  One an organiser had voided
        before stays void, and is in the night's play again (:meth:`back_in_play`)."""
        if stored.void is None or not stored.void.endswith(LEFT_OUT):
            return False
        reason = organisers_reason(stored.void)
        if reason is not None:
            return self.back_in_play(stored, rows, reason, say=say)
        table, number = rows.identity
        taken = self.conn.execute(
            "SELECT 1 FROM hands WHERE event_id = ? AND hand_number = ? "
            "AND coalesce(table_name, '') = ? AND void_reason IS NULL",
            [stored.event_id, number, table],
        ).fetchone()
        if taken is not None:
            return False
        self.conn.execute(
            "UPDATE hands SET void_reason = NULL, voided_at = NULL WHERE id = ?", [stored.id]
        )
        self._restored(
            stored, rows, f"import {rows.source}: in this file (voided as {stored.void})",
            f"counts again: this file holds it (it was voided as {stored.void})" if say else "",
        )  # fmt: skip
        return True

    def back_in_play(self, stored: Stored, rows: HandRows, reason: str, *, say: bool) -> bool:
        """A hand an organiser voided, out of the play because its file no longer held it,
        held by a file again: void by the organiser's reason, in the night's play (audited;
        ``say`` as :meth:`restore`).  True: it changed."""
        self.conn.execute("UPDATE hands SET void_reason = ? WHERE id = ?", [reason, stored.id])
        self._restored(
            stored, rows,
            f"import {rows.source}: in this file (voided as {stored.void}); void as before",
            f"in this file again: it stays void ({reason})" if say else "",
        )  # fmt: skip
        return True

    def _restored(self, stored: Stored, rows: HandRows, audited: str, said: str) -> None:
        """A hand a file holds again (:meth:`restore`, :meth:`back_in_play`): the audit's
        ``restore`` row with reason ``audited``, its event to recompute and its table's carried
        pots to check (the hand is played again), and ``said`` in the report (nothing when
        empty: its replacement says it)."""
        table, number = rows.identity
        self.conn.execute(
            "INSERT INTO audit (at, action, event_id, hand_row, table_name, hand_number, "
            "reason) VALUES (?, 'restore', ?, ?, ?, ?, ?)",
            [self.now, stored.event_id, stored.id, table, number, audited],
        )
        self.touched.add(stored.event_id)
        self.carry_rows.add(stored.id)
        if said:
            self.report.replaced.append(
                Conflict(
                    rows.source, int(rows.hand[4] or 0), number, table,
                    self.event_label(stored.event_id), (said,),
                )
            )  # fmt: skip

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
        short = carry_shortfall(self.conn, tables) if tables else None
        if short is not None:
            hint = f"; {_UNIT_FIX}" if short.elsewhere else f": {self._carry_hint(short)}"
            raise LedgerError(f"{short.text()}{hint}; nothing from this file was stored")

    def _carry_hint(self, short: CarryShortfall) -> str:
        """What to do about a hand that takes more carried pots than are left for it."""
        if self.wrote(short.hand_row):
            return "its 'carry in' states more than was carried, or takes a pot another hand took"
        held = short.source or "its file"
        return (
            f"with this file, the hands before it leave it less than it takes: correct its "
            f"'carry in' and import {held} again with --replace first, or correct this file"
        )

    def check_one_player_a_seat(self) -> None:
        """Refuse the file when two seats of one of its hands are one player of the ledger:
        names merged as one person (``players merge``), which sat at one table together, so
        they are two people after all.  Stored, the hand would add both seats' chips into
        one player's figures.  Only the hands this file stored or replaced are read (a range
        of row ids, and the replaced ones), never the whole ledger."""
        clash = self._seat_clash(
            "hp.hand_id >= ? AND hp.hand_id < ?", [self.first_new, self.next_hand]
        )
        if clash is None and self.replaced_ids:
            ids = sorted(self.replaced_ids)
            clash = self._seat_clash(f"hp.hand_id IN ({', '.join('?' * len(ids))})", ids)
        if clash is None:
            return
        number, line, player = self.conn.execute(
            "SELECT h.hand_number, h.line, p.name FROM hands h, players p "
            "WHERE h.id = ? AND p.id = ?",
            clash,
        ).fetchone()
        seated = [
            name
            for (name,) in self.conn.execute(
                "SELECT a.name FROM hand_players hp JOIN aliases a ON a.id = hp.alias_id "
                "WHERE hp.hand_id = ? AND a.player_id = ? ORDER BY hp.seat",
                clash,
            )
        ]
        raise LedgerError(
            f"hand {quote(str(number))} (line {line}): {' and '.join(map(repr, seated))} "
            f"both sit in it, but the ledger has them as one player, {player!r} (players "
            f"merge): they are two people, so unmerge them ({_unmerge(seated, player)}) and "
            "import again; nothing from this file was stored"
        )

    def check_one_player_an_entry(self) -> None:
        """Refuse the file when two names of one player of the ledger are in the play of a
        tournament it touched (at two tables, or in two hands of one): names merged as one
        person (``players merge``), or one name written with other Unicode code points, that
        the ledger took for the player of the name it holds (:class:`_Aliases`).  Each name
        has its own seat, its own stack and its own place, so they are two people; stored, one
        player would have two entries, two places and both results.  The whole play of the
        tournament is read (other files' tables too), one query per tournament the file
        touched, by its hands' event index."""
        if not self.touched:
            return
        ids = sorted(self.touched)
        for (event_id,) in self.conn.execute(
            "SELECT id FROM events WHERE kind = 'tournament' AND id IN "
            f"({', '.join('?' * len(ids))}) ORDER BY id",
            ids,
        ).fetchall():
            clash = self.conn.execute(
                "SELECT a.player_id FROM hands h JOIN hand_players hp ON hp.hand_id = h.id "
                f"JOIN aliases a ON a.id = hp.alias_id WHERE h.event_id = ? AND {PLAYED} "
                "GROUP BY a.player_id HAVING count(DISTINCT a.id) > 1 LIMIT 1",
                [event_id],
            ).fetchone()
            if clash is not None:
                raise LedgerError(self._entries_clash(event_id, int(clash[0])))

    def _entries_clash(self, event_id: int, player_id: int) -> str:
        """What :meth:`check_one_player_an_entry` says of two names of player ``player_id``
        in tournament ``event_id``: each with the first hand it sits in (two spellings of one
        name look alike), and what to do."""
        (player,) = self.conn.execute(
            "SELECT name FROM players WHERE id = ?", [player_id]
        ).fetchone()
        # With min(), SQLite reads the other columns of a group from the row holding it.
        entered = self.conn.execute(
            "SELECT a.name, h.hand_number, coalesce(h.table_name, ''), min(h.line) AS first "
            "FROM hands h JOIN hand_players hp ON hp.hand_id = h.id "
            "JOIN aliases a ON a.id = hp.alias_id "
            f"WHERE h.event_id = ? AND a.player_id = ? AND {PLAYED} "
            "GROUP BY a.id ORDER BY first, a.id LIMIT 2",
            [event_id, player_id],
        ).fetchall()
        names = [str(name) for name, _, _, _ in entered]
        where = " and ".join(
            f"{name!r} (hand {quote(str(number))}" + (f", table {quote(table)})" if table else ")")
            for name, number, table, _ in entered
        )
        unmerge = _unmerge(names[::-1], player)
        head = f"tournament {self.event_label(event_id)}: {where} both entered it, but "
        if len({composed(name) for name in names}) == 1:
            return (
                f"{head}they are one name written with other Unicode code points, so the "
                f"ledger takes them for one player, {player!r}: if they are two people, name "
                f"one of them otherwise in the file (and, if the ledger holds both names "
                f"already, unmerge them: {unmerge}), then import again; nothing from this "
                "file was stored"
            )
        return (
            f"{head}the ledger has them as one player, {player!r} (players merge): they are "
            f"two people, so unmerge them ({unmerge}) and import again; nothing from this "
            "file was stored"
        )

    def _seat_clash(self, where: str, args: list[int]) -> tuple[int, int] | None:
        """``(hand row id, player id)`` of the first hand matching ``where`` (on ``hp``,
        ``hand_players``) with two seats of one player, or None."""
        row = self.conn.execute(
            "SELECT hp.hand_id, a.player_id FROM hand_players hp "
            f"JOIN aliases a ON a.id = hp.alias_id WHERE {where} "
            "GROUP BY hp.hand_id, a.player_id HAVING count(*) > 1 ORDER BY hp.hand_id LIMIT 1",
            args,
        ).fetchone()
        return None if row is None else (int(row[0]), int(row[1]))

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

    def by_identities(self, wanted: dict[int, set[str]]) -> dict[tuple[int, str, str], Stored]:
        """:meth:`by_identity` of many hands at once: ``wanted`` maps an event id to hand
        numbers; the answer maps each (event, table, number) the ledger holds to the hand
        :meth:`by_identity` would return for it."""
        found: dict[tuple[int, str, str], tuple[tuple[bool, int], Stored]] = {}
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
                    best = found.get(identity)
                    if best is None or rank < best[0]:
                        found[identity] = (
                            rank,
                            Stored(row[0], row[1], row[2], row[3], row[7], row[8], row[9]),
                        )
        return {identity: stored for identity, (_, stored) in found.items()}

    def write(self, batch: Sequence[HandRows]) -> None:
        self.begin()
        self.read_any = self.read_any or bool(batch)
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
                if self.voids.near(event_id):
                    candidates.append(
                        Candidate(position, event_id, *rows.identity, rows.content, rows.hand[4])
                    )
        identities = self.by_identities(wanted)
        renumbered = self.voids.renumbered(candidates, {s.id for s in known.values()})
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
                self._meet(stored)
                if not self.claim(stored, rows):  # (a hand that counts again is "replaced")
                    self.report.duplicate += 1
                continue
            event_id = self.event(rows)
            identity = (event_id, *rows.identity)
            voided = renumbered.get(position)
            stored = stored or (voided and Stored(*voided[:7])) or self.pending.get(identity)
            if stored is None:
                stored = identities.get(identity) if fresh else self.by_identity(*identity)
                stored = self.same_hand(stored, rows)
            if stored is not None:
                self._meet(stored)
                same = (stored.fingerprint, stored.content) == (rows.fingerprint, rows.content)
                if same and stored.event_id == event_id:
                    if not self.claim(stored, rows):
                        self.report.duplicate += 1
                    continue
                conflict = self.stays_void(self.conflict(rows, stored, event_id), stored)
                if not self.replace or self.wrote(stored.id):
                    self.report.conflicts.append(conflict)
                    continue
                self.restore(stored, rows, say=False)
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
            and self.voids.is_organisers(stored.void)
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
        label = self.event_label(stored.event_id)
        line = int(rows.hand[4] or 0)
        found: tuple[str, ...]
        if self.wrote(stored.id):
            found = ("this import holds the hand twice, with different content",)
        elif (stored.fingerprint, stored.content) == (rows.fingerprint, rows.content):
            found = ()  # the same hand: only its event differs
        else:
            found = tuple(differences(stored_facts(self.conn, stored.id), rows.facts()))
        if stored.event_id != event_id:
            found += (
                f"the ledger holds it in the event {self.event_key(stored.event_id)!r}, the "
                f"file puts it in {self.event_key(event_id)!r}",
            )
        return Conflict(rows.source, line, number, table, label, found)

    def event_label(self, event_id: int) -> str:
        """The event as messages name it (:func:`~.tournaments.event_label`)."""
        name, date = self.conn.execute(
            "SELECT name, date FROM events WHERE id = ?", [event_id]
        ).fetchone()
        return event_label({"name": name, "date": date})

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
            rows.source, int(rows.hand[4] or 0), number, table, self.event_label(event_id), found
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
) -> FileReport:
    """Store one file's prepared hands (one transaction); see the module docstring.
    ``whole``: a conflict holds the whole file back, as hands left out do.  ``was``: the file
    this one is a new name of; the hands imported from it that this file does not hold are
    left out of it, as an edited file's are.

    A hand whose identity (event, table, hand number) or fingerprint the ledger holds with
    the same fingerprint and content is a duplicate; with other content it is a conflict,
    not stored, unless ``replace``: then it is stored over the old version (audited).

    An exception from ``items`` (a file that stops being readable) or from SQLite rolls the
    file back and propagates; the report then counts nothing stored.
    """
    report = FileReport(source)
    writer = FileWriter(db, report, replace=replace, was=was)
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
        writer.check_one_player_a_seat()
        writer.check_one_player_an_entry()
        writer.commit()
    except BaseException:
        writer.rollback()
        _nothing_stored(report)
        raise
    if progress is not None and seen >= progress_every:
        progress(source, seen)
    return report


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


def _unmerge(names: Sequence[str], player: str) -> str:
    """The command that takes apart two names the ledger holds as one ``player``: the first
    of ``names`` that is not the player's own name is unmerged (the last, if all are)."""
    other = next((name for name in names if name != player), names[-1])
    return f"badugi-ledger players unmerge {quote(other)!r}"
