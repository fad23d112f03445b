"""Stacks from one hand of a site table to the next: top-ups, edited stacks, missing hands.

Every site prints each player's stack at the start of every hand, and its own figures say
where a hand leaves each stack (start − chips in + uncalled bets back + collected, plus the
chips the file prints a player buying for the next hand: Full Tilt's ``X adds $5``, a
PokerStars tournament's ``X re-buys and receives 1500 chips``, which the next hand begins
with as a :class:`~badugi_ledger.model.events.StackChange`) - when they add up: a hand whose figures
pay out more or less than went in (a damaged amount, which its replay reports) leaves the
stacks unknown, and the next hand is not held to them.  Between two consecutive hands of one
table in a file (no hand of that table skipped or unreadable in between), a printed stack
that differs from where the previous hand left it is one of three things:

* **a top-up** the file does not print: only raised stacks, in a cash game.  Sites top up
  silently (Full Tilt's automatic top-up, corpus hand 29704563387, brings Sirocko back to
  $100 with no ``adds`` line), so a raised stack cannot be told from a top-up.  Recorded as a
  :class:`~badugi_ledger.model.events.StackChange` (``top-up``) so the replay carries on;
* **a missing hand**: some stacks lower and others higher by as much or a little less (a
  rake), as a hand the file does not hold would leave them.  A :class:`SiteWarning` (rule
  ``missing-hand``) says so, with each change and the time between the two hands, never a
  payout mismatch; for cash tables the changes are recorded as ``StackChange`` events so the
  replay carries on from the printed stacks.  Where the site numbers a table's hands (Merge's
  ``31274465-32``), a jump in the numbers is a missing hand too.  In a tournament the warning
  is all the reader adds;
* **an edited stack**: any other lowered stack.  No site lets a seated player take chips off
  the table, and chips lost in a hand go to someone; so in a cash game the hand is refused
  with rule ``stack-contradicts-previous-hand``, naming both hands (in a tournament the
  replay reports the carried stack that differs).

A hand pasted twice into the file (:mod:`~badugi_ledger.model.copies`) is none of these: its
copy is not the table's next hand, and is not compared (:meth:`CashTables.carried`); a copy
pasted with its number changed is refused (:meth:`CashTables._not_renumbered`).  A copy
of a hand of another game leaves the table where it was too (:meth:`CashTables.skipped`).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from datetime import datetime

from ..model.copies import RECENT_HANDS, RecentHands, content, renumbered_copy
from ..model.errors import BadugiError
from ..model.events import Event, HandRecord, StackChange
from .common import ImportItem, SiteWarning, SkippedHand
from .draft import HandDraft, of_hand
from .files import UNREADABLE, chunk_hands, first_cut, unreadable


@dataclass
class _End:
    """Where a hand left its table: each stack, and which hand that was."""

    stacks: dict[str, int]
    hand_id: str
    line: int
    time: datetime | None
    left: set[str] = field(default_factory=set)
    sequence: int | None = None
    added: list[StackChange] = field(default_factory=list)
    """The chips the hand's file says were bought for the next hand (``HandDraft.added``)."""


class CashTables:
    """The last hand read of each table of one file, to compare the next hand's stacks with."""

    def __init__(self) -> None:
        self.ends: dict[str, _End] = {}
        self.warnings: list[SiteWarning] = []
        self.written: RecentHands[tuple[Event, ...] | None] = RecentHands()
        """The file's recent hands, each with the changes found before it (None: refused)."""
        self.other_games: OrderedDict[tuple[str, str], int] = OrderedDict()
        """The file's recent hands of other games: (table, number) -> what they hold."""
        self.started: dict[str, str | None] = {}
        """The date of each tournament's first hand in the file, by its name (:meth:`date_of`)."""

    def date_of(self, tournament: str, date: str | None) -> str | None:
        """The date a hand of ``tournament`` (its site's name, which holds its number) dated
        ``date`` belongs to: its first hand's in the file.  An event is named by its date too,
        and a tournament played past midnight is one tournament: dated by each hand, its
        players paid its buy-in twice and it had two winners."""
        return self.started.setdefault(tournament, date)

    def carried(
        self, table: str, draft: HandDraft, record: HandRecord, *, cash: bool = True
    ) -> HandRecord:
        """``record`` (read from ``draft``, at ``table``) with the stack changes before its
        hand (:meth:`changes`, which may raise or warn), after which the table is where the
        hand leaves it.

        A copy of a hand read before (:mod:`~badugi_ledger.model.copies`: pasted twice into
        the file) is not the table's next hand: it is not compared with the hand before it,
        the table stays where it was, and it is given the changes its first was given, so
        that it is the same record as the first but for its lines, and the replay reports it
        as a copy (and does not replay it).  A copy of a hand refused here (its stacks
        contradict the hand before it) is refused too, as a copy: read as a fresh hand, it
        would be compared with nothing and stored."""
        written = content(record)
        first = self.written.first(record)
        if first is None:
            self._not_renumbered(draft, record, written)
        if first is not None and first.copied_by(written):
            if first.kept is None:
                raise draft.error(
                    f"hand {record.hand_id} is written twice at this table (first at line "
                    f"{first.line}), and the first was refused: remove the copy",
                    rule="duplicate-hand",
                )
            return with_changes(record, list(first.kept))
        try:
            changes = self.changes(table, draft, cash=cash)
        except BadugiError:
            if first is None:
                self.written.remember(record, written, None)
            raise
        if first is None:
            self.written.remember(record, written, tuple(changes))
        return with_changes(record, changes)

    def _not_renumbered(self, draft: HandDraft, record: HandRecord, written: int) -> None:
        """Raise when ``record`` holds what a recent hand of its table held under another
        number (:meth:`~badugi_ledger.model.copies.RecentHands.renumbered`).  Read as the
        table's next hand, its stacks going back were a hand missing in between (a warning),
        and its money counted twice."""
        earlier = self.written.renumbered(record, written)
        if earlier is not None:
            raise draft.error(renumbered_copy(record, earlier), rule="duplicate-hand")

    def changes(self, table: str, draft: HandDraft, *, cash: bool = True) -> list[Event]:
        """The stack changes before ``draft``'s hand (raising when they contradict the file),
        then remember where it leaves the stacks."""
        before = self.ends.pop(table, None)
        diffs: dict[str, tuple[int, int]] = {}
        found: list[Event] = []
        if before is not None:
            held = {
                seat.name
                for seat in draft.seats
                if seat.name in before.stacks and seat.name not in before.left
            }
            for seat in draft.seats:
                end = before.stacks.get(seat.name)
                if end is not None and seat.name in held and end != seat.stack:
                    diffs[seat.name] = (end, seat.stack)
            # what the previous hand's file says was bought: the stack stated with it
            found = [change for change in before.added if change.player in held]
        skipped = (
            before is not None
            and before.sequence is not None
            and draft.sequence is not None
            and draft.sequence > before.sequence + 1
        )
        if (diffs or skipped) and before is not None:
            found += self._explain(table, draft, before, diffs, cash, skipped)
        if not draft.figures_add_up():
            return found  # where it leaves the stacks is unknown: the next hand is not held to it
        finals = draft.site_final_stacks()
        for change in draft.added:
            if change.player in finals:
                finals[change.player] += change.chips
        self.ends[table] = _End(
            finals,
            draft.hand_id,
            draft.pos.line,
            draft.time,
            draft.left,
            draft.sequence,
            [change for change in draft.added if change.player in finals],
        )
        return found

    def _explain(
        self,
        table: str,
        draft: HandDraft,
        before: _End,
        diffs: dict[str, tuple[int, int]],
        cash: bool,
        skipped: bool,
    ) -> list[Event]:
        lost = sum(end - now for end, now in diffs.values() if now < end)
        won = sum(now - end for end, now in diffs.values() if now > end)
        since = f"hand {before.hand_id} (line {before.line})"
        if skipped or (lost and won and won <= lost <= 2 * won):  # chips moved, less a rake
            numbers = (
                f", the hand numbers jump from {before.sequence} to {draft.sequence}"
                if skipped
                else ""
            )
            self.warnings.append(
                SiteWarning(
                    draft.source,
                    draft.hand_id,
                    table,
                    draft.pos,
                    "missing-hand",
                    f"a hand seems to be missing before this one: since {since}"
                    f"{_gap(before.time, draft.time)}{numbers}, "
                    f"{_changes(diffs) or 'no stack changed'}",
                )
            )
        elif lost and cash:  # tournament chips: the replay compares the carried stacks
            fell = (s.line for s in draft.seats if s.name in diffs and _fell(diffs[s.name]))
            raise draft.error(  # at the seat line of the first stack that fell
                f"the starting stacks contradict {since}, the previous hand of this table: "
                f"{_changes(diffs)}; no site lets a seated player take chips off the table, "
                "and what a hand takes from some players it gives to others, so a stack was "
                "edited (or a missing hand and a silent top-up came together)",
                next(fell, None),
                rule="stack-contradicts-previous-hand",
            )
        if not cash:
            return []
        return [
            StackChange(name, abs(now - end), "top-up" if now > end else "cash-out")
            for name, (end, now) in diffs.items()
        ]

    def skipped(self, hand: SkippedHand, table: str | None, written: int) -> SkippedHand:
        """A hand of another game (not read, ``written`` the hash of what it holds) at
        ``table``: its chips moved as the file does not say, so the table's stacks are
        unknown (:meth:`forget`), and the hand says so to the replay
        (:attr:`~.common.SkippedHand.moved_chips_at`), which then takes the table's next
        stacks as stated too - unless it is a copy of one skipped before (its number at that
        table, what it holds the same): pasted twice, it moved nothing, and the table stays
        where it was, as after a copy of a hand read (:meth:`carried`), so that the next
        hand's stacks are still held to the hand before it.  A hand whose ``table`` cannot
        be told may have been any table's: every table forgets its stacks, here and in the
        replay (:attr:`~.common.SkippedHand.moved_chips_anywhere`)."""
        if table is not None and hand.hand_id is not None:
            key = (table, hand.hand_id)
            if self.other_games.get(key) == written:
                return hand
            if key not in self.other_games:
                if len(self.other_games) >= RECENT_HANDS:
                    self.other_games.popitem(last=False)
                self.other_games[key] = written
        self.forget(table)
        if table is None:
            return replace(hand, moved_chips_anywhere=True)
        return replace(hand, moved_chips_at=table)

    def forget(self, table: str | None) -> None:
        """A hand of this table was skipped or could not be read: its stacks are unknown.

        ``None``: the hand's table cannot be told (its table line is damaged), so it may have
        moved the chips of any table, and every table's stacks are unknown - as the replay
        forgets every stack after a hand whose error names no table."""
        if table is None:
            self.ends.clear()
        else:
            self.ends.pop(table, None)


def lines_held(lines: list[str]) -> int:
    """What a hand's ``lines`` hold, as one number a copy of it shares however it was
    spaced (blank lines, trailing blanks): for a hand not read, whose record is unknown."""
    return hash(tuple([line.rstrip() for line in lines if line.strip()]))


def with_changes(record: HandRecord, changes: list[Event]) -> HandRecord:
    """``record`` with ``changes`` (:meth:`CashTables.changes` of its hand) before its events,
    written where the hand starts."""
    if not changes:
        return record
    return replace(
        record,
        events=(*changes, *record.events),
        positions=(record.pos,) * len(changes) + tuple(record.positions),
    )


def _fell(change: tuple[int, int]) -> bool:
    """A stack that ends one hand at ``change[0]`` and starts the next at ``change[1]`` fell."""
    return change[1] < change[0]


def _changes(diffs: dict[str, tuple[int, int]]) -> str:
    return ", ".join(
        f"{name} {end} → {now} ({now - end:+d})" for name, (end, now) in sorted(diffs.items())
    )


def _gap(earlier: datetime | None, later: datetime | None) -> str:
    if earlier is None or later is None:
        return ""
    seconds = int((later - earlier).total_seconds())
    if seconds < 0:
        return f", which the file dates {-seconds} s later"
    minutes, rest = divmod(seconds, 60)
    return f", {minutes} min {rest} s earlier" if minutes else f", {rest} s earlier"


CashHandReader = Callable[[list[str], int, str, CashTables], HandRecord | SkippedHand]


def read_cash_site(
    lines: Iterable[str],
    starts: re.Pattern[str],
    source: str,
    read_hand: CashHandReader,
    table_of: Callable[[list[str]], str | None],
    between: Callable[[str], object] | None = None,
) -> Iterator[ImportItem]:
    """Every hand of a site file whose stacks carry (:class:`CashTables`), in file order, each
    hand's warnings just before it.

    ``read_hand(lines, start, source, cash)`` reads one hand; a hand it skips (another game)
    or cannot read makes its table (``table_of(lines)``) forget the carried stacks, so the
    next hand of that table is not compared with guesses; the error of a hand it cannot read
    names that table (``BadugiError.table``), so that the replay, too, forgets that table's
    stacks only.  A hand whose table cannot be told (``table_of`` gives None, or the hand's
    first line is damaged so that it does not start a hand: ``between`` and the rest as in
    :func:`~.files.chunk_hands`) makes every table forget its stacks.
    """
    cash = CashTables()
    for start, hand_lines, too_long, hand_id in chunk_hands(lines, starts, source, between):
        problem: BadugiError
        if too_long is not None:
            problem = too_long
        else:
            try:
                item = read_hand(hand_lines, start, source, cash)
                if isinstance(item, SkippedHand) and (cut := first_cut(hand_lines, start, source)):
                    raise cut  # a line too long, in a hand not read: reported all the same
            except (BadugiError, *UNREADABLE) as exc:
                problem = (
                    exc if isinstance(exc, BadugiError) else unreadable(exc, source, start + 1)
                )
            else:
                yield from cash.warnings
                cash.warnings.clear()
                if isinstance(item, SkippedHand):
                    item = cash.skipped(item, table_of(hand_lines), lines_held(hand_lines))
                yield item
                continue
        cash.warnings.clear()
        table = table_of(hand_lines) if hand_lines else None
        cash.forget(table)
        if table is not None:
            problem.table = table  # the replay forgets that table's stacks, not the file's
        yield of_hand(problem, hand_id, source, start)
