"""What one file held when it was imported before, and what it holds now.

A night's file is imported again after an edit: each hand the ledger read from it before (or
holds as a copy of it: ``hand_copies``) is met again in it, as a duplicate, a conflict or a
replacement - or not, and then the file left it out (deleted, renumbered, moved to another
event by a renamed session).  :class:`FileHoldings` keeps, for one file's transaction, the
hands still to be met (:meth:`FileHoldings.load`, :meth:`FileHoldings.meet`), says what
happens to those left out when the file ends (:meth:`FileHoldings.left_out`: voided with
``--replace``, else conflicts that hold the file back), and moves a hand met again to this
file: its line, its copies, and a hand voided because a file left it out counting again
(:meth:`FileHoldings.claim`, :meth:`FileHoldings.restore`).  An organiser's void stays on its
hand (:mod:`.void_matching`).

The writer (:mod:`.writer`) owns the transaction; this object shares its sets of the events
to recompute (``touched``) and the hands whose Progressive Badugi pots to check again
(``carry_rows``), and adds to them.
"""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable
from typing import NamedTuple

from ..model.errors import LedgerError
from ..model.limits import quote
from .advice import Advice, ledger_named, path_word
from .corrections import audit_void, void_hand
from .event_lookup import event_label_of
from .hand_content import players_renamed, stacks_carried_otherwise, stored_facts
from .report import GONE_FROM_FILE, REJECTED_KEPT, Conflict, FileReport
from .rows import HandRows
from .source_paths import another_file_before, other_names, real_path
from .void_matching import OrganiserVoids, VoidedHand, event_arg
from .void_reasons import (
    LEFT_OUT,
    left_out_reason,
    organisers_reason,
    out_of_play_reason,
    renamed_away,
    voided_in_play,
)


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


class FileHoldings:
    """The hands one file held when it was imported before, met again or left out."""

    def __init__(
        self,
        db: sqlite3.Connection,
        report: FileReport,
        *,
        replace: bool,
        was: str | None,
        now: str,
        touched: set[int],
        carry_rows: set[int],
    ) -> None:
        self.conn = db
        self.report = report
        self.replace = replace
        self.was = was
        """The file this one is a new name of (a night renamed, saved under its new name): the
        hands imported from it are this file's too, for what is left out."""
        self.now = now
        self.touched = touched
        """The writer's events to recompute (tournaments), added to here."""
        self.carry_rows = carry_rows
        """The writer's stored hands whose play changed (voided, counted again, moved to
        another line): those of Progressive Badugi change their table's carried pots too."""
        self.earlier: dict[int, tuple[str, str, int, int, str]] = {}
        """The counting hands this file held when it was imported before (``hands.source`` is
        this file, or :attr:`was`, or it is one of the hand's ``hand_copies``): row id ->
        (hand number, table, event id, line, the file).  Each one the file holds now (as a
        duplicate, a conflict or a replacement; or a rejected hand of that number) is taken out
        as it comes; what is left when the file ends is no longer in it (:meth:`left_out`):
        deleted, renumbered, or moved to another event by a new session name.  Empty for a
        file imported the first time."""
        self.rejected_kept: dict[int, tuple[str, str, int, int, str]] = {}
        """Of :attr:`earlier`, the hands the file holds now as rejected hands of their number
        (:meth:`met`): the ledger's version of each counts on; beside the file's new version
        of its other hands it would be two versions of one night (:meth:`kept_beside_new`)."""
        self.earlier_voids: dict[int, tuple[str, str, int, int, str, str]] = {}
        """As :attr:`earlier`, the hands an organiser voided that the file held, still in the
        night's play, with the organiser's reason last: one the file no longer holds stays
        void and leaves the play (:meth:`voids_left_out`)."""
        self.real_path = real_path(report.source)
        """Where the file lies (:func:`.source_paths.real_path`), looked up once a file."""
        refused = another_file_before(db, report.source, self.real_path)
        if refused is not None:
            raise LedgerError(refused)
        self.spellings = other_names(db, report.source, self.real_path)
        """The other paths this file was imported by (:mod:`.source_paths`): the hands read
        from them are this file's."""
        self.voids = OrganiserVoids(db, self.own_names())
        """The voided hands of the events this file's hands belong to, and which it holds
        (:mod:`~badugi_ledger.ledger.void_matching`: a void stays on its hand, not its
        number)."""
        self.back: dict[tuple[str, str], tuple[int, str]] = {}
        """The voided hands this file put back in a night's play (:meth:`back_in_play`), by
        table and content: (event id, the hand as the report names it).  A voided hand the
        file left out that is one of them in another event (its night re-dated, there and
        back) is not lost: its void is on the hand the file holds."""
        self.counting_again: set[int] = set()
        """The hands voided because their file no longer held them that count again because
        this file holds them (:meth:`restore`): stored before, new to the play."""
        self.freed_later: list[tuple[Stored, HandRows, bool]] = []
        """The hands :meth:`restore` left void because a hand of their number counted, one
        this file held before and has not met (with ``replace``; each with its ``say``): this
        file holds them under that number now, so the hand that took it may be one it no
        longer holds (a night's hands renumbered, a hand that took a left-out hand's number,
        and the file's old numbering back), voided at its end; then they count again
        (:meth:`left_out`), as a fresh import of the file counts them."""
        self.loaded = False
        """:attr:`earlier` has been read (:meth:`load`)."""
        self.unsure = False
        """A hand of the file could not be read far enough to know its number: nothing is
        said to be left out of it."""
        self.read_any = False
        """The file held at least one hand that could be stored."""

    def load(self) -> None:
        """:attr:`earlier` and :attr:`earlier_voids`, read once (at the file's first hand):
        the hands it was read from last, and those it holds as copies of another file's."""
        if self.loaded:
            return
        self.loaded = True
        for source in self.own_names():
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

    def own_names(self) -> list[str]:
        """This file's path, the other paths it was imported by (:attr:`spellings`), and the
        one it had before it was renamed (:attr:`was`)."""
        names = [self.report.source, *self.spellings]
        if self.was is not None and self.was not in names:
            names.append(self.was)
        return names

    def renamed_with_its_file(self, stored: Stored) -> bool:
        """Whether the stored hand was read last from the file this one is a new name of: an
        unnamed night's event is named after its file, so it is renamed with it."""
        return self.was is not None and stored.source == self.was != self.report.source

    def meet(self, stored: Stored) -> None:
        """The file holds the stored hand: it is not left out of it (nor is it the version of
        a rejected hand of its number, at another table)."""
        self.earlier.pop(stored.id, None)
        self.rejected_kept.pop(stored.id, None)
        self.earlier_voids.pop(stored.id, None)
        self.voids.meet(stored.id)

    def met(self, number: str | None) -> None:
        """The file holds a rejected hand numbered ``number``: an earlier hand of that number,
        at any table, is not left out (it may be this one)."""
        if number is None:
            self.unsure = True
            return
        self.load()
        for row_id in [i for i, hand in self.earlier.items() if hand[0] == number]:
            self.rejected_kept[row_id] = self.earlier.pop(row_id)
        for row_id in [i for i, hand in self.earlier_voids.items() if hand[0] == number]:
            del self.earlier_voids[row_id]

    def held_by_run(self, holder: Callable[[int], str | None]) -> None:
        """Of the hands this file no longer holds, those another file of the same import has
        just read (``holder``: :meth:`.import_run.ImportRun.holder`) are not left out: that
        file holds them now (a hand moved to it, imported before this one), as a fresh import
        of the two files has them; only this file's claim on them goes.  A file imported
        afterwards cannot be known to hold them still, so only the run can tell."""
        own = self.own_names()
        marks = ", ".join("?" * len(own))
        for held in (self.earlier, self.earlier_voids):
            for row_id in [i for i in held if holder(i) not in (None, *own)]:
                del held[row_id]
                self.conn.execute(
                    f"DELETE FROM hand_copies WHERE hand_id = ? AND source IN ({marks})",
                    [row_id, *own],
                )

    def kept_beside_new(self) -> list[Conflict]:
        """With ``replace``, the hands of :attr:`rejected_kept`, when the file replaced others:
        each a conflict that holds the whole file back, since the ledger's version of it would
        count beside the file's new versions of the others (their stacks go through a hand
        that recorded other ones); none otherwise: the hands the file stores beside it are
        new ones (appended), its others are the ledger's, one version of the night."""
        if not (self.replace and self.rejected_kept and self.report.replaced):
            return []
        said = []
        for row_id in sorted(self.rejected_kept):
            number, table, event_id, line, held_by = self.rejected_kept[row_id]
            said.append(
                Conflict(
                    held_by,
                    line,
                    number,
                    table,
                    event_label_of(self.conn, event_id),
                    (
                        "the file holds it rejected (above), and the ledger's version of it "
                        "would count on beside the hands this file stores over theirs",
                    ),
                    fix=REJECTED_KEPT,
                )
            )
        return said

    def left_out(self) -> bool:
        """Hands this file held when it was imported before (as the file they were read from
        last, or as a copy of another file's) that it no longer holds (deleted, renumbered, or
        put in another event by a renamed session): they would go on counting beside the
        file's new version.  With ``replace``, and every hand of the file read, they are
        voided, audited, later hands first; the carried Progressive Badugi pots are checked
        after the whole file (:mod:`.file_transaction`), so a pot a voided hand carried
        is never taken away from a hand that stays, and the file's new version may carry it;
        a file emptied of its hands is no exception (the night is taken out as hands deleted
        from a file are).  Otherwise each is a conflict and the answer is True: nothing of the file
        may be stored (the caller rolls it back), or the night would count twice.  Hands an
        organiser voided are left out the same way: void already, they only leave the night's
        play (:meth:`voids_left_out`)."""
        if not (self.earlier or self.earlier_voids):
            self._forget_old_name()
            return False
        source = self.report.source
        if self.replace and not (self.unsure or self.report.rejected):
            voided: list[Conflict] = []
            for row_id in sorted(self.earlier, reverse=True):
                number, table, event_id, line, held_by = self.earlier[row_id]
                label = event_label_of(self.conn, event_id)
                why = self._why_left_out(held_by)
                reason = left_out_reason(source, held_by if held_by == self.was else None)
                done = why + ": voided" + self._held_elsewhere(row_id)
                void_hand(self.conn, self.now, event_id, row_id, table, number, reason)
                self.carry_rows.add(row_id)
                self.touched.add(event_id)
                voided.append(Conflict(held_by, line, number, table, label, (done,), left_out=True))
            self._restore_freed()
            self.report.replaced += voided + self.voids_left_out()
            self._forget_old_name()
            return False
        if self.replace:
            hint, advice = ": fix the file's unreadable or rejected hands first", None
        elif not (self.read_any or self.unsure or self.report.rejected):
            hint, advice = (
                ": the file holds no hands now",
                Advice("replace or void the event", ledger=ledger_named(self.conn)),
            )
        else:
            hint, advice = "", Advice("void or replace", ledger=ledger_named(self.conn))
        held = {**self.earlier, **{i: hand[:5] for i, hand in self.earlier_voids.items()}}
        for row_id in sorted(held):
            number, table, event_id, line, held_by = held[row_id]
            label = event_label_of(self.conn, event_id)
            void = self.earlier_voids[row_id][5] if row_id in self.earlier_voids else None
            why = self._why_left_out(held_by, void)
            said, what = hint, advice
            if what is not None and what.action == "replace or void the event":
                what = dataclasses.replace(what, event=event_arg(self.conn, event_id))
            if void is not None and not self.replace:
                said, what = "", Advice("replace to leave out of play")
            self.report.conflicts.append(
                Conflict(
                    held_by,
                    line,
                    number,
                    table,
                    label,
                    (f"{why}{said}",),
                    fix=GONE_FROM_FILE,
                    left_out=True,
                    advice=what,
                )
            )
        return True

    def _restore_freed(self) -> None:
        """The hands of :attr:`freed_later` whose number the hands just left out freed: they
        count again (:meth:`restore`; one counted as a duplicate is a hand counting again,
        and the files that left it out hold it no more, as :meth:`claim` has it)."""
        for stored, rows, say in self.freed_later:
            if self.restore(stored, rows, say=say):
                self.conn.execute("DELETE FROM hand_copies WHERE hand_id = ?", [stored.id])
                if say:  # (met as it is: :meth:`claim` counted it a duplicate)
                    self.report.duplicate -= 1
        self.freed_later.clear()

    def voids_left_out(self) -> list[Conflict]:
        """The hands an organiser voided that this file held and no longer holds (deleted,
        or its number given to another hand): each stays void, and leaves the night's play
        (:func:`~.void_reasons.out_of_play_reason`: the stacks of the file's hands no longer
        go through it), audited; what the report says of them."""
        said: list[Conflict] = []
        for row_id in sorted(self.earlier_voids):
            number, table, event_id, line, held_by, reason = self.earlier_voids[row_id]
            why = self._why_left_out(held_by, reason)
            same, alike = self._maybe_the_voided(row_id, table, number)
            if same is not None and held_by == self.report.source:
                why = (
                    f"imported from this file before, void ({reason}); the file's hand {number} "
                    "is another record than the ledger's (other cards, play or results; or "
                    "the same play from other stacks, with no cards shown that tell one deal "
                    "from another), and counts as a hand of its own"
                )
            text = f"{why}: the voided one stays void, and is no part of the night's play"
            advice: Advice | None = None
            if len(alike) == 1:  # (the same play, from other stacks, under another number)
                same = alike[0]
                text += (
                    f"; the file's hand {same[1]} plays as it did, from other stacks under "
                    "another number (a hand deleted before it), which the ledger cannot tell "
                    "is that hand; if it is"
                )
            elif alike:
                text += (
                    f"; the file's hands {', '.join(n for _, n in alike)} play as it did, from "
                    "other stacks: the ledger cannot tell which of them, if any, is that hand; "
                    f"void that one too, in {event_label_of(self.conn, alike[0][0])}"
                )
            elif same is not None:
                text += f"; if the file's hand {number} is that hand corrected"
            else:
                text += (
                    "; no hand the file holds now plays as it did, so there is nothing to void "
                    "again"
                )
            if same is not None and len(alike) < 2:
                advice = Advice(
                    "void this one too",
                    event=event_arg(self.conn, same[0]),
                    reason=reason,
                    hand=same[1],
                    table=table,
                    joiner=", ",
                    ledger=ledger_named(self.conn),
                )
            (content,) = self.conn.execute(
                "SELECT content FROM hands WHERE id = ?", [row_id]
            ).fetchone()
            held = self.back.get((table, str(content)))
            if held is not None and held[0] != event_id:
                text = f"{why}: it stays void, and so does the file's {held[1]}, which is this hand"
                advice = None
            out = out_of_play_reason(reason, self.report.source)
            self.conn.execute("UPDATE hands SET void_reason = ? WHERE id = ?", [out, row_id])
            audit_void(self.conn, self.now, event_id, row_id, table, number, out, None)
            self._held_elsewhere(row_id)
            self.touched.add(event_id)
            label = event_label_of(self.conn, event_id)
            said.append(
                Conflict(held_by, line, number, table, label, (text,), left_out=True, advice=advice)
            )
        return said

    def _maybe_the_voided(
        self, row_id: int, table: str, number: str
    ) -> tuple[tuple[int, str] | None, list[tuple[int, str]]]:
        """The hands of this file that count at ``table`` (in whichever event it puts them
        now: its night re-dated in the same correction) and may be the voided hand ``row_id``
        it left out, each as (event, number), for the command that voids it: the one numbered
        ``number`` (that hand corrected?), or None; and those under another number that play
        as it did, from other stacks or with its players renamed (a hand deleted before it,
        the numbers closed up), cards shown or not: a walk is named too, as a hand that may
        be it.  What the ledger cannot tell, the organiser can: the report names them, so the
        ``void`` command is one to paste, with the event the hand counts in now."""
        same, alike = None, []
        for other, event_id, other_number in self.conn.execute(
            "SELECT id, event_id, hand_number FROM hands WHERE source = ? AND "
            "coalesce(table_name, '') = ? AND id != ? AND void_reason IS NULL ORDER BY line, id",
            [self.report.source, table, row_id],
        ).fetchall():
            if other_number == number:
                same = (int(event_id), str(number))
            elif self._plays_as(row_id, int(other)):
                alike.append((int(event_id), str(other_number)))
        return same, alike

    def _plays_as(self, row_id: int, other: int) -> bool:
        """Whether the stored hand ``other`` plays as the voided ``row_id`` did: its players
        renamed, or from other stacks, whether or not cards were shown (only named to the
        organiser, never taken for it: :func:`~.hand_content.stacks_carried_otherwise`)."""
        old, new = stored_facts(self.conn, row_id), stored_facts(self.conn, other)
        return players_renamed(old, new) or stacks_carried_otherwise(old, new, unshown=True)

    def _held_elsewhere(self, row_id: int) -> str:
        """This file no longer holds the hand ``row_id``: it is no longer one of its copies.
        What the report adds about the other files that held it (a copy imported since, or a
        file it moved to): imported again, one that still holds it brings it back."""
        own = self.own_names()
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
        if held_by in self.spellings:
            return f"imported from this file before (as {held_by}){state} and not in it any more"
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
        moved = self.voids.elsewhere(stored.event_id, table, number, rows.content)
        if moved is not None:  # voided in the event its night was moved to, and moved back
            return self.back_in_play(stored, rows, moved.void, say=say, moved=moved)
        taken = self.conn.execute(
            "SELECT id FROM hands WHERE event_id = ? AND hand_number = ? "
            "AND coalesce(table_name, '') = ? AND void_reason IS NULL",
            [stored.event_id, number, table],
        ).fetchone()
        if taken is not None:
            if self.replace and int(taken[0]) in self.earlier:
                self.freed_later.append((stored, rows, say))
            return False
        self._not_renamed_since(stored, rows)
        self.conn.execute(
            "UPDATE hands SET void_reason = NULL, voided_at = NULL WHERE id = ?", [stored.id]
        )
        self.counting_again.add(stored.id)
        self._restored(
            stored, rows, f"import {rows.source}: in this file (voided as {stored.void})",
            f"counts again: this file holds it (it was voided as {stored.void})" if say else "",
        )  # fmt: skip
        return True

    def _not_renamed_since(self, stored: Stored, rows: HandRows) -> None:
        """Refuse the file when it is the old name of a night renamed since: the hand it holds
        was left out by the file imported as this one renamed (``import NEW --renamed-from``
        this file), which - or the file it was renamed to in turn, and so on - still counts
        hands (re-dated or not).  Brought back, the hand would count beside its renamed copy:
        the night twice, whether or not a card shows it (a phone that still showed the night
        as it was, saving it).  Unless this import names that file as the one it replaces."""
        renamed = renamed_away(stored.void or "")
        if renamed is None:
            return
        new, old = renamed
        own = self.own_names()  # (the file by any path it was imported by)
        if old not in own or new in own:
            return
        seen = {old}
        while new not in seen:  # the night's file now: the end of the renames
            seen.add(new)
            counts = self.conn.execute(
                "SELECT 1 FROM hands h JOIN events e ON e.id = h.event_id WHERE h.source = ? "
                "AND h.void_reason IS NULL AND e.void_reason IS NULL LIMIT 1",
                [new],
            ).fetchone()
            if counts is not None:
                break
            later = [
                found
                for (reason,) in self.conn.execute(
                    "SELECT DISTINCT void_reason FROM hands WHERE source = ? AND void_reason "
                    "LIKE 'not in %'",
                    [new],
                )
                if (found := renamed_away(reason)) is not None and found[1] == new
            ]
            if not later or later[0][0] == self.was:
                return  # renamed to nothing that counts, or to the file this one replaces
            new = later[0][0]
        else:
            return
        label = event_label_of(self.conn, stored.event_id)
        raise LedgerError(
            f"{old} was renamed {new} (imported with --renamed-from), which the ledger counts "
            f"the night from now: hand {quote(rows.identity[1])} of {label}, left out then, "
            "would count again beside it, the night twice; nothing from this file was "
            f"stored.  Import {new} instead; to make this file the night's again, import it "
            f"with --renamed-from {path_word(new)} --replace"
        )

    def back_in_play(
        self,
        stored: Stored,
        rows: HandRows,
        reason: str,
        *,
        say: bool,
        moved: VoidedHand | None = None,
    ) -> bool:
        """A hand an organiser voided, out of the play because its file no longer held it,
        held by a file again: void by the organiser's reason, in the night's play (audited;
        ``say`` as :meth:`restore`).  ``moved``: the hand was voided as the file's hand of
        another event (its night re-dated, voided there, then re-dated back), whose void it
        takes.  True: it changed."""
        self.conn.execute("UPDATE hands SET void_reason = ? WHERE id = ?", [reason, stored.id])
        label = event_label_of(self.conn, stored.event_id)
        self.back[(rows.identity[0], rows.content)] = (
            stored.event_id, f"hand {rows.identity[1]} of {label}"
        )  # fmt: skip
        was = "void as before"
        if moved is not None:
            was = f"void as its hand {moved.number} of {event_label_of(self.conn, moved.event_id)}"
        self._restored(
            stored, rows,
            f"import {rows.source}: in this file (voided as {stored.void}); {was}",
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
                    event_label_of(self.conn, stored.event_id), (said,),
                )
            )  # fmt: skip
