"""Where a table's carried Progressive Badugi pots go, and the check that none comes from nowhere.

A Progressive Badugi hand in which no hand qualifies carries its pot (``carry N``) to the next
hand at its table, whose winner takes it (``carry in N``); the ledger holds the pot meanwhile in
its ``*carry*`` account.  The hands a pot may pass between form a **pool**
(:data:`CARRY_POOL`): one table's hands of one tournament, or of one cash unit over every
night.  In a pool, the hands pass their pots in **play order**:

* nights (events) by their date;
* one night's hands at the table as the view ``play_order`` has them (a file's hands in the
  order of its lines, a night's files by the number of their first hand);
* nights whose order the ledger cannot know - two of the pool's nights on one date, or, when
  one of the pool's nights has no date, all of them - are one step, held to its totals: what
  its hands take together at most what was left before it and what they carry.  Any order of
  such nights could be the one played, so the ledger gives them the benefit of the doubt
  rather than guess one (by name, or by row id, which would make the check depend on the
  order of the imports again); it still holds each hand to the running balance wherever the
  order is known, because a total alone lets a night take a pot that a later night carries
  (``*carry*`` below zero in between, and the later pot then waiting for ever).

Row ids are not play order (a night imported after the next one, a hand renumbered and
stored again), nor is the order the files were imported in.

The invariant, checked by :func:`carry_shortfall` after every change to a pool (an import, a
``--replace``, a hand the file no longer holds, a void) and before it is committed: at each hand
of the pool in play order, what the hands up to it took is at most what they carried - a pot is
taken once, and never more than was carried.  The one exception is the pool's first hand: the
first night recorded may start by taking last week's pot, which the ledger never saw carried,
on the file's word (but not a pot its table carried in another unit); in a step of nights
whose order is not known, the first hand of any of them may be that one.  "First" counts every
Progressive Badugi hand played at the table in the pool, those voided included: voiding the
hand that carried a pot never makes the hand that took it the first, so the pot it took never
becomes last week's.

The other way round, a pot taken only in part (``carry 12``, and the next hand at the table,
of another file, ``carry in 11`` or no ``carry in``) leaves chips in ``*carry*`` that no hand
will take: a night may be recorded in several files, and file order is not play order, so an
import is not refused for it; :func:`carry_left_behind` names it, for the import's report.
"""

from __future__ import annotations

import dataclasses
import re
import sqlite3
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from ..model.games import GAMES
from ..model.money import CHIPS, format_amount, hand_amount, unit_words
from ..replay.pool_rules import (  # (at_table, nameless re-exported: the ledger's messages)
    at_table,
    nameless,
    night_order,
    refused_taker,
    taken_more_text,
)
from .advice import Advice, Said, command_text, on_ledger
from .event_lookup import event_label
from .views import PLAYED

CARRY_POOL = (
    "(CASE WHEN e.kind = 'tournament' THEN 'the tournament ' || e.name "
    "|| coalesce(' of ' || e.date, '') "
    "ELSE coalesce(e.currency, 'chips' || coalesce(' at ' || e.chip_cents || ' ' "
    "|| e.chip_currency || ' cents each', '')) END)"
)
"""SQL naming the hands a carried Progressive Badugi pot may pass between at one table (alias
``e`` = ``events``): a tournament's own hands (its name and date, as its event is known: last
week's tournament of the same name is another), since its chips never count outside it; a cash
game's hands of one unit, of any event (last week's pot, a night recorded in two files), never
from chips into money or into chips of another value.  It reads as a phrase after "played in"
("the tournament Cup of 2024-05-03", "USD", "chips at 10 EUR cents each", "chips"), a
message naming it through :func:`pool_words`."""

_VALUED_POOL = re.compile(r"chips at ([0-9]+) ([A-Z]{3}) cents each")


def pool_words(pool: str) -> str:
    """A :data:`CARRY_POOL` as a message names it: valued chips as every report writes their
    unit (:func:`~badugi_ledger.model.money.unit_words`, ``chips of 0.10 EUR``), the rest as
    they are.

    >>> pool_words("chips at 10 EUR cents each"), pool_words("USD"), pool_words("chips")
    ('chips of 0.10 EUR', 'USD', 'chips')
    """
    valued = _VALUED_POOL.fullmatch(pool)
    if valued is None:
        return pool
    return unit_words(CHIPS, format_amount(int(valued[1]), valued[2]))


PROGRESSIVE_GAMES = frozenset(name for name, game in GAMES.items() if game.progressive)
"""The games whose hands carry pots (``hands.game``): a change to any of their hands may change
a pool, even one that carries nothing (it may come before a hand that takes last week's pot)."""
PROGRESSIVE = ", ".join(f"'{name}'" for name in sorted(PROGRESSIVE_GAMES))
""":data:`PROGRESSIVE_GAMES` as an SQL list."""

_MOVES = "(h.carry_in > 0 OR h.carry_out > 0)"

_NIGHTS_MOVING = f"""
SELECT DISTINCT h.event_id FROM counted_hands h WHERE coalesce(h.table_name, '') = ? AND {_MOVES}
"""
"""The nights (counting) in which a hand of one table carries or takes a pot."""

_POOL_HANDS = f"""
SELECT o.hand_id, o.event_id, e.date, o.seq, o.hand, h.carry_in, h.carry_out,
       {CARRY_POOL}, e.name, h.source, h.line
FROM play_order o JOIN hands h ON h.id = o.hand_id JOIN events e ON e.id = o.event_id
WHERE o.counts AND coalesce(o.table_name, '') = ? AND {_MOVES} AND o.event_id IN ({{nights}})
"""
"""The counting hands of one table that carry or take a pot, with their place in their night:
``play_order`` is read for the nights listed only (each night's order is computed on its own,
and SQLite narrows the view to the nights of a list of values, not of a subquery)."""

_PLAYED_EARLIER_NIGHT = f"""
SELECT 1 FROM events e CROSS JOIN hands h ON h.event_id = e.id
WHERE e.date < ? AND {CARRY_POOL} = ? AND coalesce(h.table_name, '') = ?
  AND h.game IN ({PROGRESSIVE}) AND {PLAYED}
LIMIT 1
"""
_PLAYED_EARLIER_IN_NIGHT = f"""
SELECT 1 FROM play_order o JOIN hands h ON h.id = o.hand_id
WHERE o.event_id = ? AND coalesce(o.table_name, '') = ? AND o.seq < ?
  AND h.game IN ({PROGRESSIVE})
LIMIT 1
"""
"""Whether a Progressive Badugi hand of the pool was played at the table before a hand: in a
night of an earlier date (voided or not, in a night voided or not), or earlier in its night."""

_CARRIED_ELSEWHERE = f"""
SELECT DISTINCT {CARRY_POOL} FROM counted_hands h JOIN counted_events e ON e.id = h.event_id
WHERE coalesce(h.table_name, '') = ? AND h.carry_out > 0 AND {CARRY_POOL} != ?
ORDER BY 1
"""


def unit_fix(ledger: str = "") -> str:
    """The ways out: a ``carry in`` written where no pot of the hand's unit was carried; or a
    unit corrected night by night, where each night's new unit refuses the pot the other's old
    unit carried, in either order, until the nights that take a pot are out of the way (a
    voided night's hands go to the corrected night's event when its file comes again).  Which
    nights those are is the organiser's to say (the ledger's, or the files' about to be
    corrected): the ``void`` names them ``EVENT``, and what to put there, and the reason the
    correction is (of the ``ledger`` it names, :func:`~.advice.on_ledger`; ``check``'s none)."""
    return (
        "correct its 'carry in' if no pot of its unit was carried for it; or, to correct the "
        "unit of nights that pass a pot between them, void each night that takes a carried pot "
        f"first (badugi-ledger void --event EVENT --reason 'unit corrected'{on_ledger(ledger)}, "
        "EVENT each such night's name or id), then import the nights' files again with "
        "--replace, the earliest night first"
    )


@dataclass(frozen=True)
class CarryShortfall:
    """The first hand of a pool, in play order, that takes more carried pots than the hands
    before it carried and left for it (:func:`carry_shortfall`)."""

    table: str
    pool: str
    hand_row: int
    hand: str
    event_id: int
    event: str
    """The hand's event as messages name it."""
    source: str | None
    """The file that imported the hand last."""
    takes: int
    carried: int
    """What the pool's hands before it carried."""
    taken: int
    """What the pool's hands before it took (a first hand's pot from before the ledger
    included)."""
    unordered: bool = False
    """The hand is of nights whose order the ledger does not know (of one date, or without a
    date): ``carried`` and ``taken`` are theirs all together with what came before them, the
    hand's own take left out."""
    elsewhere: tuple[str, ...] = ()
    """The pools this table's hands carried pots in, when the hand is the pool's first and its
    pot can only have come from one of them: a pot never changes unit."""
    surplus: bool = False
    """The hand takes *less* than is left for it, after a change to the hands before it (a
    pot raised, a night that carries imported before it): a carried pot is taken whole, so
    the rest would stay in ``*carry*`` for no hand."""
    carrier: str | None = None
    """The last hand before it that carried a pot, with its file (:func:`carry_left_behind`)."""
    line: int | None = None
    """The line of ``source`` the hand starts at."""

    def amount(self, amount: int) -> str:
        """``amount`` in the pool's unit."""
        return pool_amount(amount, self.pool)

    @property
    def left(self) -> int:
        """What stays in ``*carry*`` after the hand (below zero: what it takes from nowhere)."""
        return self.carried - self.taken - self.takes

    @property
    def later(self) -> str:
        """``hand Q1 of Friday (2024-05-10)``."""
        return f"hand {self.hand} of {self.event}"

    @property
    def at_table(self) -> str:
        """:func:`at_table` of this table."""
        return at_table(self.table)

    def _nameless(self) -> str:
        return nameless(self.table)

    @property
    def placed(self) -> str:
        """``hand Q1 of Friday (2024-05-10) (friday.bhh:12)``: :attr:`later` and where it is."""
        where = f" ({self.source}:{self.line})" if self.source and self.line else ""
        return f"{self.later}{where}"

    def text(self) -> str:
        """What is wrong, as the first part of a message."""
        if self.elsewhere:
            return (
                f"{self.at_table} {self.placed}, played in {pool_words(self.pool)}, "
                f"takes {self.amount(self.takes)} of carried Progressive Badugi pots, but the "
                "pots carried at this table were played in "
                f"{' and in '.join(map(pool_words, self.elsewhere))}: a "
                "carried pot stays in its unit, and a tournament's in the tournament"
                f"{self._nameless()}"
            )
        if self.surplus:
            took = f" and took {self.amount(self.taken)}" if self.taken else ""
            return (
                f"{self.at_table} {self.placed} takes {self.amount(self.takes)} of "
                f"carried Progressive Badugi pots, but the hands before it carried "
                f"{self.amount(self.carried)}{took}: a carried pot is taken whole, and "
                f"{self.amount(self.left)} would stay in *carry* for no hand{self._nameless()}"
            )
        return taken_more_text(
            self.table,
            self.placed,
            self.takes,
            self.carried,
            self.taken,
            self.amount,
            unordered=self.unordered,
        )

    def left_behind_text(self) -> str:
        """What :func:`carry_left_behind` found, as the import's report says it."""
        return command_text(self.left_behind_said())

    def left_behind_said(self, ledger: str = "") -> Said:
        """:meth:`left_behind_text` with what to do apart: where the chips left are seen (the
        settle-up of the ``ledger`` it names: :func:`~.advice.ledger_named`), and the
        ``carry in`` to correct."""
        takes = f"takes {self.amount(self.takes)}" if self.takes else "takes none of it"
        carrier = f"{self.carrier} carried a Progressive Badugi pot" if self.carrier else ""
        held = f" ({self.source})" if self.source else ""
        return (
            f"{self.at_table} {carrier or 'a pot was carried'} and left "
            f"{self.amount(self.carried - self.taken)} for the next hand, but {self.later}"
            f"{held}, the next played there, {takes}: {self.amount(self.left)} stay in *carry* for "
            "no hand ",
            Advice("see the carry", ledger=ledger),
            "; ",
            Advice("correct the carry in"),
            self._nameless(),
        )


def placed(table: str, hand: PoolMove) -> str:
    """:attr:`CarryShortfall.placed` of a hand of a pool: ``hand Q1 of Friday (2024-05-10)
    (friday.bhh:12)``."""
    return _shortfall(table, hand, 0, 0).placed


def pool_amount(amount: int, pool: str) -> str:
    """An amount of carried pots in the unit of their :data:`CARRY_POOL`: cents of a cash
    game's currency (the pool is its code), else chips (a tournament's, or a home game's,
    valued or not)."""
    currency = pool if len(pool) == 3 and pool.isascii() and pool.isupper() else None
    return hand_amount(amount, currency)


class PoolMove(NamedTuple):
    """A counting hand of a pool that carries or takes a pot (:data:`_POOL_HANDS`)."""

    hand_id: int
    event_id: int
    date: str | None
    seq: int
    hand: str
    carry_in: int
    carry_out: int
    pool: str
    name: str
    source: str | None
    line: int | None


def carry_shortfall(
    db: sqlite3.Connection,
    tables: Iterable[str],
    changed: Callable[[int], bool] | None = None,
    committed: Callable[[], sqlite3.Connection | None] | None = None,
) -> CarryShortfall | None:
    """The first hand, in play order (module docstring), of a pool at one of ``tables`` that
    takes more than the hands before it carried and left; None when every pool holds.  Read
    inside the transaction of the change, before it is committed.

    ``changed``: whether the change wrote the hand with a row id.  Given, a hand the change
    did not write that takes less than is left for it, where the order is known, is reported
    too (:attr:`CarryShortfall.surplus`): the change raised what the hands before it carried
    (or put a night that carries before it), and the rest of the pot would wait in
    ``*carry*`` for no hand.  A hand the change wrote may take less (a correction that
    lowers a pot starts with the hand that takes it).  Not when as much was left behind it
    before the change, in the ledger as ``committed`` opens it (outside the change's
    transaction; None: not known): the change did not raise it (an organiser voided the hand
    that took the pot: it waits in ``*carry*``, and an import of the night that leaves the
    pots as they were is not refused for it; the import's report names it)."""
    before: dict[str, dict[int, int]] = {}
    for table in sorted(set(tables)):
        for pool, hands in pool_moves(db, table):
            for short in _walk(db, table, pool, hands, changed):
                if short.surplus and committed is not None:
                    if table not in before:
                        before[table] = _surpluses(committed(), table)
                    if before[table].get(short.hand_row, 0) >= short.left:
                        continue
                return short
    return None


def _surpluses(db: sqlite3.Connection | None, table: str) -> dict[int, int]:
    """Row id -> what stays in ``*carry*`` after it, for each hand of ``table`` that takes less
    than is left for it in ``db`` (None: nothing known)."""
    if db is None:
        return {}
    return {
        short.hand_row: short.left
        for pool, hands in pool_moves(db, table)
        for short in _walk(db, table, pool, hands, lambda _: False)
        if short.surplus
    }


TableMoves = dict[str, list[tuple[str, list[PoolMove]]]]
"""Each table's :func:`pool_moves` read so far, by table name: passed to the readers of the
ledger's carried pots while it does not change (every file of an import's run stored), so
that the files of one table read its hands once."""


def pool_moves(
    db: sqlite3.Connection, table: str, known: TableMoves | None = None
) -> list[tuple[str, list[PoolMove]]]:
    """The counting hands of ``table`` that carry or take a pot, by pool (``known``: the
    tables read already, filled in)."""
    if known is not None:
        if table not in known:
            known[table] = pool_moves(db, table)
        return known[table]
    nights = [int(row[0]) for row in db.execute(_NIGHTS_MOVING, [table])]
    if not nights:
        return []
    pools: dict[str, list[PoolMove]] = defaultdict(list)
    query = _POOL_HANDS.format(nights=", ".join("?" * len(nights)))
    for row in db.execute(query, [table, *nights]):
        move = PoolMove(*row)
        pools[move.pool].append(move)
    return sorted(pools.items())


def carry_left_behind(
    db: sqlite3.Connection, tables: Iterable[str], known: TableMoves | None = None
) -> list[CarryShortfall]:
    """Each pool at one of ``tables`` whose carried pot the next hand played at the table, in
    play order (module docstring), takes only in part (:attr:`CarryShortfall.takes` below what
    was left; ``carry in`` less than was carried, or none): the rest stays in ``*carry*`` for
    no hand.  The first such hand of each pool, with :attr:`CarryShortfall.carrier`.  Nights
    whose order the ledger does not know are given the benefit of the doubt, and a pot that
    no hand was played after yet waits for the next night (``known``: :data:`TableMoves`)."""
    found = []
    for table in sorted(set(tables)):
        for pool, hands in pool_moves(db, table, known):
            short = _left_walk(db, table, pool, hands)
            if short is not None:
                found.append(short)
    return found


def _left_walk(
    db: sqlite3.Connection, table: str, pool: str, hands: list[PoolMove]
) -> CarryShortfall | None:
    """:func:`carry_left_behind` of one pool."""
    left = 0
    carrier: PoolMove | None = None
    known = True
    for ordered, step in play_steps(hands):
        takes = sum(hand.carry_in for hand in step)
        if ordered and known and carrier is not None and takes < left:
            return _left(table, step[0], left, carrier)
        left = max(0, left - takes) + _carries(step)
        known = ordered
        carrier = next((h for h in reversed(step) if h.carry_out), carrier)
    if not left or not known or carrier is None:
        return None
    after = _played_after(db, table, pool, carrier)
    if after is None:
        return None
    return _left(table, after, left, carrier)


_PLAYED_AFTER_IN_NIGHT = f"""
SELECT o.hand_id, o.event_id, e.date, o.seq, o.hand, h.carry_in, h.carry_out,
       {CARRY_POOL}, e.name, h.source, h.line
FROM play_order o JOIN hands h ON h.id = o.hand_id JOIN events e ON e.id = o.event_id
WHERE o.counts AND o.event_id = ? AND coalesce(o.table_name, '') = ? AND o.seq > ?
  AND h.game IN ({PROGRESSIVE})
ORDER BY o.seq LIMIT 1
"""
_NEXT_NIGHT = f"""
SELECT e.id FROM counted_events e JOIN counted_hands h ON h.event_id = e.id
WHERE e.date > ? AND {CARRY_POOL} = ? AND coalesce(h.table_name, '') = ?
  AND h.game IN ({PROGRESSIVE})
ORDER BY e.date, e.id LIMIT 1
"""
"""The counting Progressive Badugi hand played at a table after a hand: later in its night,
else the first of the pool's next night (by date) at the table."""


_MOVE_OF = f"""
SELECT o.hand_id, o.event_id, e.date, o.seq, o.hand, h.carry_in, h.carry_out,
       {CARRY_POOL}, e.name, h.source, h.line
FROM play_order o JOIN hands h ON h.id = o.hand_id JOIN events e ON e.id = o.event_id
WHERE o.hand_id = ?
"""


def carry_taker(db: sqlite3.Connection, table: str, hand_row: int) -> CarryShortfall | None:
    """The counting Progressive Badugi hand played at ``table`` right after the hand of row id
    ``hand_row`` (voided or not), when that hand carried more than it took (chips of its own
    players in the pot) and the next one takes a carried pot: it took the one that hand
    carried (``002``: the next hand's winner takes it), whatever else ``*carry*`` holds (a pot
    an organiser's void left there).  As a :class:`CarryShortfall` naming it; None when that
    hand only passed on what it took, the next takes none, or no hand came after it yet."""
    row = db.execute(_MOVE_OF, [hand_row]).fetchone()
    if row is None:
        return None
    hand = PoolMove(*row)
    if hand.carry_out <= hand.carry_in:
        return None
    after = _played_after(db, table, hand.pool, hand)
    if after is None or not after.carry_in:
        return None
    return _shortfall(table, after, hand.carry_out, 0)


def _played_after(db: sqlite3.Connection, table: str, pool: str, hand: PoolMove) -> PoolMove | None:
    """The next counting Progressive Badugi hand of the pool played at ``table`` after
    ``hand``, or None (none yet, or the order is not known: a night without a date)."""
    row = db.execute(_PLAYED_AFTER_IN_NIGHT, [hand.event_id, table, hand.seq]).fetchone()
    if row is None and hand.date is not None:
        night = db.execute(_NEXT_NIGHT, [hand.date, pool, table]).fetchone()
        if night is not None:
            row = db.execute(_PLAYED_AFTER_IN_NIGHT, [night[0], table, -1]).fetchone()
    return None if row is None else PoolMove(*row)


def _left(table: str, hand: PoolMove, left: int, carrier: PoolMove) -> CarryShortfall:
    """A pot taken only in part by ``hand`` (:func:`carry_left_behind`): ``left`` for it, as
    :attr:`CarryShortfall.carried`."""
    held = f" ({carrier.source})" if carrier.source else ""
    named = event_label({"name": carrier.name, "date": carrier.date})
    return dataclasses.replace(
        _shortfall(table, hand, left, 0),
        surplus=True,
        carrier=f"hand {carrier.hand} of {named}{held}",
    )


def left_behind_words(table: str, hand: PoolMove, left: int, carrier: PoolMove) -> str:
    """The import's warning of a pot ``hand`` takes only in part (:func:`carry_left_behind`),
    which ``check`` says too (``check_pools``), of the hands as it knows them."""
    return _left(table, hand, left, carrier).left_behind_text()


def play_steps(hands: list[PoolMove]) -> list[tuple[bool, list[PoolMove]]]:
    """The pool's hands in play order (module docstring), as steps: each hand of a night whose
    place is known is a step of its own (True); nights whose order is not known - of one date,
    or all of them when one has no date - are one step together (False), in which each night
    keeps its hands' order."""
    nights: dict[int, list[PoolMove]] = defaultdict(list)
    for hand in sorted(hands, key=lambda h: (h.seq, h.hand_id)):
        nights[hand.event_id].append(hand)
    firsts = sorted(
        ((*night_order(night[0].date, night[0].name), event_id), night)
        for event_id, night in nights.items()
    )
    if any(hand.date is None for hand in hands):
        return [(False, [hand for _, night in firsts for hand in night])]
    dates: dict[str, list[list[PoolMove]]] = defaultdict(list)
    for (date, _, _), night in firsts:
        dates[date].append(night)
    steps: list[tuple[bool, list[PoolMove]]] = []
    for date in sorted(dates):
        if len(dates[date]) == 1:
            steps += [(True, [hand]) for hand in dates[date][0]]
        else:
            steps.append((False, [hand for night in dates[date] for hand in night]))
    return steps


def _walk(
    db: sqlite3.Connection,
    table: str,
    pool: str,
    hands: list[PoolMove],
    changed: Callable[[int], bool] | None = None,
) -> Iterator[CarryShortfall]:
    """The pool's pots passed in play order: each hand that takes more than is left (or, with
    ``changed``, less: :func:`carry_shortfall`), in that order; the walk goes on past each as
    the hands have it.  A step of nights whose order is not known is held to its totals: what
    its hands take at most what was left before it and what they carry."""
    carried = taken = last_week = 0
    moved = False
    for ordered, step in play_steps(hands):
        if not moved:
            # The pool's first hands: one of them may take last week's pot (the first of
            # each night whose order is not known may be the first played).
            opening = openers(db, table, pool, ordered, step)
            if opening:
                first = max(opening, key=lambda h: h.carry_in)
                elsewhere = tuple(
                    str(r[0]) for r in db.execute(_CARRIED_ELSEWHERE, [table, pool]) if r[0]
                )
                if elsewhere:
                    yield _shortfall(table, first, 0, 0, elsewhere=elsewhere)
                last_week = first.carry_in  # on the file's word
        takes = sum(hand.carry_in for hand in step)
        takers = [hand for hand in step if hand.carry_in]
        covers = 0 if ordered else _carries(step)  # (a hand's own carry comes after its take)
        hand = refused_taker(takers, takes, carried + last_week - taken, covers)
        if hand is not None:
            if ordered:
                yield _shortfall(table, hand, carried, taken)
            else:
                yield _shortfall(table, hand, carried + covers, taken + takes - hand.carry_in, True)
        elif (
            ordered
            and changed is not None
            and 0 < takes < carried + last_week - taken
            and not changed(step[0].hand_id)
        ):
            yield dataclasses.replace(_shortfall(table, step[0], carried, taken), surplus=True)
        taken += takes
        carried += _carries(step)
        moved = moved or bool(takes or _carries(step))


def openers(
    db: sqlite3.Connection, table: str, pool: str, ordered: bool, step: list[PoolMove]
) -> list[PoolMove]:
    """The hands of the pool's first step that may take last week's pot: its first hand, or,
    of nights whose order is not known, each night's first - those that take a pot, with no
    Progressive Badugi hand of the pool played at the table before them (:func:`_walk`, and
    :mod:`.last_week_pots`)."""
    heads = [step[0]] if ordered else [h for h in step if h is _first_of_night(step, h)]
    return [h for h in heads if h.carry_in and not _played_before(db, table, pool, h)]


def _first_of_night(step: list[PoolMove], hand: PoolMove) -> PoolMove:
    """The first hand of ``hand``'s night in the step."""
    return next(h for h in step if h.event_id == hand.event_id)


def _carries(step: list[PoolMove]) -> int:
    return sum(hand.carry_out for hand in step)


def _played_before(db: sqlite3.Connection, table: str, pool: str, hand: PoolMove) -> bool:
    """Whether a Progressive Badugi hand of the pool was played at the table before ``hand``."""
    if (
        hand.date is not None
        and db.execute(_PLAYED_EARLIER_NIGHT, [hand.date, pool, table]).fetchone()
    ):
        return True
    found = db.execute(_PLAYED_EARLIER_IN_NIGHT, [hand.event_id, table, hand.seq]).fetchone()
    return found is not None


def _shortfall(
    table: str,
    hand: PoolMove,
    carried: int,
    taken: int,
    unordered: bool = False,
    *,
    elsewhere: tuple[str, ...] = (),
) -> CarryShortfall:
    return CarryShortfall(
        table,
        hand.pool,
        hand.hand_id,
        hand.hand,
        hand.event_id,
        event_label({"name": hand.name, "date": hand.date}),
        hand.source,
        hand.carry_in,
        carried,
        taken,
        unordered,
        elsewhere,
        line=hand.line,
    )
