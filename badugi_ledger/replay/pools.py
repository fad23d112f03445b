"""A file's pools of carried Progressive Badugi pots, as the ledger keeps them, so that ``check``
says what the import will refuse of a night's first hand that states ``carry in N``.

The ledger keeps one pool of carried pots per table: a cash unit's hands of every night, or
one tournament's (:data:`~badugi_ledger.ledger.carried_pots.CARRY_POOL`).  In a pool the pots
pass in play order, nights by their date: a hand takes no more than the hands before it
carried and left; the pool's first Progressive hand alone may take last week's pot on its
file's word, unless the table's pots were carried in another pool (a pot never changes unit).
``check`` sees one file, and holds its nights to each other as the ledger will, in date
order whatever the file's order, once the file is read to its end (:meth:`Pools.at_end`) -
not sooner: a night's later hands, a later night of its date, an undated one, or one of an
earlier date further on in the file may carry what its first hand takes.  It says so as a
warning only (a night between them, or an earlier one, may be in another file, which the
ledger sees):

* that a night alone on its date opens by taking more than the nights of earlier dates left
  (what they carried, less what they took, the pool's first take included: last week's pot),
  counting the hands the import stores only (a pot that a rejected or unreadable hand
  carried is none of the ledger's);
* that nights of one date (or undated), whose order the ledger does not know and whose
  totals it holds them to, take more than the nights before them left and they carry;

either way an import of the file alone refuses it, naming the hand
:func:`~.pool_rules.refused_taker` names: the warning is at it, in the refusal's words (not an
error: a file imported before it may carry the pot they take, as a night before the file may,
which a check of the file cannot see);

* that, as the pool's first, two or more first hands of nights whose order is not known take
  a pot while they took more than they carried - some order holds, one of them taking last
  week's pot, but in another that pot came from nowhere, as the import warns too.

As a night's first hand is replayed, only a pot taken when no Progressive hand of its pool
came on an earlier date and the file's hands at the table carried pots in other pools (a pot
never changes unit) is a warning at once.

:class:`Pools` keeps what each night of a pool carried and took (two numbers a night: memory
stays flat in the file's hands); :mod:`.table` asks it when a night's table state is made and
tells it each hand's result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from ..model.errors import NOWHERE, Position
from ..model.events import HandRecord, event_label, event_of, night_name
from ..model.frozen import fields_repr
from ..model.money import CHIPS, hand_amount, unit_words
from ..model.results import Violation
from .pool_rules import (
    TAKES_MORE,
    held_before_hint,
    last_week_text,
    nameless,
    night_order,
    refused_taker,
    taken_more_text,
)

NIGHTS_LIMIT = 512
"""The most nights of one pool at one table of a file that :class:`Pools` keeps (a season of
weekly nights is 52): a night after them is held to nothing, so that making a night's table
state costs at most that much however many sessions a file names."""

EventKey = tuple[str, str, str | None, str]
"""An event as :func:`~badugi_ledger.model.events.event_of` names it: kind, name, date, unit."""


class NightBefore(NamedTuple):
    """What the file's nights of a cash night's pool before it (earlier dates) left at its
    table, the latest of them named: the redeal its first hand may be, the players of the pot
    it takes (``check``'s hints; what it may take is held at the end, :meth:`Pools.at_end`)."""

    name: str
    date: str
    carry: int
    """The pots those nights carried and did not take (0: none)."""
    carrier: tuple[str, str, frozenset[str]] | None = None
    """The last hand of those nights that carried a pot, in play order (its hand, its night's
    name and date as the ledger labels it, its players), when their dates tell that order:
    the pot a night's first hand takes is that hand's (:func:`.pool_rules.strangers_text`)."""


@dataclass(init=False, eq=False, repr=False)
class PoolNight:
    """One event's hands at a table in a pool: what they carried and took (a mutable tally,
    the replay's own: two nights are two, whatever they hold).  Its ``__init__`` written out
    and its ``repr`` the model's (:mod:`badugi_ledger.model.frozen`): the dataclass would
    compile its own at every start."""

    __repr__ = fields_repr

    date: str | None
    name: str
    carried: int = 0
    taken: int = 0
    first_take: int | None = None
    """What its first Progressive hand took (``carry in``): None until one is counted."""
    carrier: tuple[str, frozenset[str]] | None = None
    """Its last hand that carried a pot: the hand and its players (None: none carried)."""
    first: tuple[str, Position] | None = None
    """Its first Progressive hand counted: its number and place (None until one is)."""
    last_take: tuple[str, Position, int] | None = None
    """Its last hand that took a pot: its number, place and take (None: none took one)."""
    carrier_at: Position | None = None
    """The place of :attr:`carrier`."""
    takers: frozenset[str] = frozenset()
    """The players of its first Progressive hand, when that hand took a pot (a night's pot
    passed to it by another night: :meth:`Pools.strangers`)."""
    first_move: tuple[str, Position, int] | None = None
    """Its first hand that took or carried a pot: its number, place and take (None: none)."""
    left_in: int = 0
    """What its hands from :attr:`first_move` on left for the next (a later hand of the night
    is held to it: :func:`~.pools_left.left_behind`)."""
    short_in: tuple[tuple[str, Position, int], int, tuple[str, Position]] | None = None
    """Its first hand after :attr:`first_move` that took or carried a pot while taking less
    than its hands before it left (a hand between them not counted: rejected), with what was
    left and the hand that last carried before it (number, place)."""
    after_carrier: tuple[str, Position] | None = None
    """Its first Progressive hand after its last hand that carried a pot (None: none yet)."""

    def __init__(self, date: str | None, name: str) -> None:
        """A night before its first hand is counted: every field but its date and name its
        default, as declared above, in that order."""
        self.date = date
        self.name = name
        self.carried = 0
        self.taken = 0
        self.first_take = None
        self.carrier = None
        self.first = None
        self.last_take = None
        self.carrier_at = None
        self.takers = frozenset()
        self.first_move = None
        self.left_in = 0
        self.short_in = None
        self.after_carrier = None


def pool_of(event: EventKey) -> tuple[str | None, ...]:
    """The pool an event's hands at a table belong to: a cash unit over every night, or one
    tournament."""
    kind, name, date, unit = event
    return (kind, name, date) if kind == "tournament" else (kind, unit)


def pool_at(record: HandRecord) -> tuple[str, str, tuple[str | None, ...]]:
    """The file and table a hand is played at, and the pool of carried pots it plays in."""
    event = event_of(record.session, record.settings.currency)
    return record.pos.source, record.table, pool_of(event)


def pool_words(record: HandRecord) -> str:
    """The pool of carried pots a hand plays in (a cash unit, a tournament), in words, as the
    ledger's refusal names it (``USD``, ``chips of 0.10 EUR``, ``the tournament Sunday``)."""
    session = record.session
    if session.kind == "tournament":
        return f"the tournament {session.name}" + (f" of {session.date}" if session.date else "")
    return record.settings.currency or unit_words(CHIPS, session.chip_value)


class Pools:
    """The pools of one stream's tables, night by night (see the module docstring)."""

    def __init__(self) -> None:
        self.nights: dict[tuple[str, str, tuple[str | None, ...]], list[PoolNight]] = {}
        """(source, table, pool) -> its nights, in the stream's order."""
        self.carried_in: dict[tuple[str, str], dict[tuple[str | None, ...], str]] = {}
        """(source, table) -> the pools its replayed hands carried a pot in, with their words."""
        self.words: dict[tuple[str | None, ...], str] = {}
        """Each pool a counted hand played in, in words (:func:`pool_words`)."""
        self.not_stored: Callable[[HandRecord, int], bool] | None = None
        """Given (``check``'s: ``ledger/rows.py``, ``UnstoredCarries``), whether a hand that
        replayed cleanly, taking the pot given, is one the import does not store all the
        same (it takes a pot a hand it rejects carried): not counted."""

    def open(
        self, source: str, table: str, event: EventKey
    ) -> tuple[PoolNight, NightBefore | None, tuple[str, ...]]:
        """A new event at a table: its tally; what the nights before it left (None: none, or
        what they left is not known, :class:`NightBefore`); and, when no Progressive
        hand of its pool came on an earlier date, the other pools the table's hands carried
        pots in (their words)."""
        _, name, date, _ = event
        name = night_name(name, source)  # (the ledger's: a night without a name, its file's)
        pool = pool_of(event)
        nights = self.nights.setdefault((source, table, pool), [])
        if len(nights) >= NIGHTS_LIMIT:  # (far more than a file holds: nothing more is held)
            return PoolNight(date, name), None, ()
        played = [n for n in nights if n.first_take is not None]  # a Progressive hand counted
        earlier = [n for n in played if date is not None and n.date is not None and n.date < date]
        same_date = date is not None and any(n.date == date for n in played)
        night = PoolNight(date, name)
        nights.append(night)
        elsewhere: tuple[str, ...] = ()
        if not earlier:
            carried = self.carried_in.get((source, table), {})
            elsewhere = tuple(w for p, w in carried.items() if p != pool)
        if not earlier or same_date or None in [n.date for n in played]:
            # Undated nights, and nights of this one's own date, whose order the ledger does
            # not know and whose totals it holds them to: the carries of this night's later
            # hands, and of the date's later nights, may cover what its first hand takes.
            return night, None, elsewhere
        latest = max(earlier, key=_date)
        before = NightBefore(latest.name, latest.date or "", _left(earlier), _carrier(earlier))
        return night, before, elsewhere

    def count(self, record: HandRecord, night: PoolNight, carry_in: int, out: int) -> None:
        """A Progressive hand of ``night`` that the import stores (replayed as recorded, every
        stack known, :attr:`not_stored` aside): it took ``carry_in`` of its pool and carried
        ``out``."""
        if self.not_stored is not None and self.not_stored(record, carry_in):
            return
        if night.first_take is None:
            night.first_take = carry_in
            night.first = (record.hand_id or "", record.pos)
            if carry_in:
                night.takers = frozenset(record.players)
            _, _, pool = pool_at(record)
            if pool not in self.words:
                self.words[pool] = pool_words(record)
        night.taken += carry_in
        night.carried += out
        hand = (record.hand_id or "", record.pos)
        if night.first_move is not None and (carry_in or out):
            if carry_in < night.left_in and night.short_in is None and night.carrier_at:
                carrier = (night.carrier[0] if night.carrier else "", night.carrier_at)
                night.short_in = ((*hand, carry_in), night.left_in, carrier)
            night.left_in = max(0, night.left_in - carry_in) + out
        elif carry_in or out:
            night.first_move, night.left_in = (*hand, carry_in), out
        if night.carrier is not None and not out and night.after_carrier is None:
            night.after_carrier = hand
        if carry_in:
            night.last_take = (record.hand_id or "", record.pos, carry_in)
        if out:
            night.carrier = (record.hand_id or "", frozenset(record.players))
            night.carrier_at = record.pos
            night.after_carrier = None
            source, table, pool = pool_at(record)
            self.carried_in.setdefault((source, table), {}).setdefault(pool, pool_words(record))

    def at_end(self) -> list[tuple[str, Violation]]:
        """What the file, read to its end, tells of its pools (the module docstring), each
        with the number of its hand, in the order of their lines: the warnings of
        :meth:`refused`; and those of :meth:`last_week_unordered`, unless the import refuses
        the file (then it stores nothing on any hand's word).  Both look only at nights that
        played a Progressive hand: a file of none (a one-hand file of another game, each of a
        folder of PHH files) is passed over at once."""
        if all(night.first_take is None for nights in self.nights.values() for night in nights):
            return []
        found = self.refused()
        if not found:
            found = self.last_week_unordered()
        return sorted(found, key=lambda item: item[1].pos.line)

    def refused(self, across: str | None = None) -> list[tuple[str, Violation]]:
        """Of each pool at each table, read to the end, its nights in play order as the ledger
        walks them (``ledger/carried_pots.py``, from the same totals: a night's first hand
        may take last week's pot when no hand of the pool came before it): each step that
        takes more than the nights before it left - a night alone on its date, by its first
        hand (its later hands take what its own hands carried, or are held to them as they
        are replayed); nights whose order the ledger does not know (of one date, or, when one
        has no date, all of them), by their totals, with what they carry - the refusal of an
        import of this file alone, at the hand it names (:func:`~.pool_rules.refused_taker`), a
        warning (``across``: of several files' nights, the last of them this one, each hand
        named with its file, the import's refusal of that last file)."""
        found = []
        for (_, table, pool), nights in self.nights.items():
            played = [n for n in nights if n.first_take is not None]
            moving = [n for n in played if n.carried or n.taken]
            carried = taken = 0
            last_week: int | None = None
            for ordered, step in _steps(moving):
                if last_week is None:  # (the pool's first step: last week's pot, once)
                    opening = [n for n in step if n.first_take and not _played_before(n, played)]
                    last_week = max((n.first_take or 0 for n in opening), default=0)
                takes, carries = sum(n.taken for n in step), sum(n.carried for n in step)
                left = carried + last_week - taken
                if ordered:
                    (night,) = step
                    hand, pos = night.first or ("", NOWHERE)
                    if refused_taker([night], night.first_take or 0, left, 0) is not None:
                        move = (hand, pos, night.first_take or 0)
                        refused_move = (night, move)
                        found.append(refusal(table, pool, refused_move, carried, taken, across))
                else:
                    in_order = sorted(step, key=lambda n: night_order(n.date, n.name))
                    takers = [(n, n.last_take) for n in in_order if n.last_take is not None]
                    refused = refused_taker(takers, takes, left, carries)
                    if refused is not None:
                        _, (_, _, take) = refused
                        carried_in, taken_in = carried + carries, taken + takes - take
                        found.append(
                            refusal(table, pool, refused, carried_in, taken_in, across, True)
                        )
                carried, taken = carried + carries, taken + takes
        return found

    def taken_from_elsewhere(
        self,
    ) -> list[tuple[str, tuple[str | None, ...], PoolNight, list[tuple[str | None, ...]]]]:
        """Of each pool at each table, read to the end: the night whose first hand, the pool's
        first (no Progressive hand of the pool on an earlier date), takes a pot - the largest
        of such nights' takes in the pool's first step - while the table's nights carried pots
        in other pools (any date: a pot never changes unit), with those pools; what the
        ledger refuses (``ledger/carried_pots.py``, ``_walk``), whatever the pots' figures.
        Each as (table, pool, night, the other pools), in the ledger's order: by table, then
        by pool (as the ledger names it), of nights whose order is not known by name."""
        carried: dict[str, set[tuple[str | None, ...]]] = {}
        for (_, table, pool), nights in self.nights.items():
            if any(n.carried for n in nights):
                carried.setdefault(table, set()).add(pool)
        found = []
        pools = sorted(self.nights.items(), key=lambda item: (item[0][1], self.words[item[0][2]]))
        for (_, table, pool), nights in pools:
            others = sorted(carried.get(table, set()) - {pool}, key=lambda p: self.words[p])
            played = [n for n in nights if n.first_take is not None]
            steps = _steps([n for n in played if n.carried or n.taken])
            if not others or not steps:
                continue
            step = sorted(steps[0][1], key=lambda n: night_order(n.date, n.name))
            opening = [n for n in step if n.first_take and not _played_before(n, played)]
            if opening:
                first = max(opening, key=lambda n: n.first_take or 0)
                found.append((table, pool, first, others))
        return found

    def strangers(self) -> list[tuple[str, PoolNight, PoolNight]]:
        """Of each pool at each table, read to the end, in play order: each night alone on
        its date whose first hand takes the pot that the last hand to carry one before it,
        of another night, carried, while none of that hand's players sits in it - what the
        import warns of (``ledger/carry_strangers.py``: two games at one table name, it may
        be).  Nights whose order is not known take in no such warning; of them, the last in
        the ledger's order of such nights (by name) that carried passes its pot on.  Each as
        (table, the night that takes, the night that carried)."""
        found = []
        for (_, table, _), nights in self.nights.items():
            played = [n for n in nights if n.first_take is not None]
            carrier: PoolNight | None = None
            for ordered, step in _steps([n for n in played if n.carried or n.taken]):
                if not ordered:
                    step = sorted(step, key=lambda n: night_order(n.date, n.name))
                for night in step:
                    if (
                        ordered
                        and night.first_take
                        and carrier is not None
                        and carrier.carrier is not None
                        and (carrier.name, carrier.date) != (night.name, night.date)
                        and not carrier.carrier[1] & night.takers
                    ):
                        found.append((table, night, carrier))
                    if night.carrier is not None:
                        carrier = night
        return found

    def last_week_unordered(self, across: bool = False) -> list[tuple[str, Violation]]:
        """Of each pool at each table, read to the end: when its first nights (by date) are
        nights whose order the ledger does not know (of one date, or, when one has no date,
        all of them), two or more of whose first hands take a pot while those nights took
        more than they carried, the ``carry-last-week`` warning of the last of those hands in
        the file, which an import of the file alone gives too (``ledger/last_week_pots.py``;
        one of those nights in another file, or one before them, the ledger holds them
        otherwise).  Only at the end: a night's later hands, and the date's later nights, may
        carry what its first hand takes.  Each with the number of its hand.  ``across``: of
        several files' nights, each hand named with its file, as the import names them, and
        stored on the files' word."""
        found = []
        for (_, table, pool), nights in self.nights.items():
            played = [n for n in nights if n.first_take is not None]
            moving = [n for n in played if n.carried or n.taken]
            if None not in [n.date for n in moving]:
                first = min((_date(n) for n in moving), default=None)
                moving = [n for n in moving if n.date == first]
            if len(moving) < 2:
                continue  # (one night alone: its order is known)
            opening = [n for n in moving if n.first_take and not _played_before(n, played)]
            takes, carries = sum(n.taken for n in moving), sum(n.carried for n in moving)
            largest = max((n.first_take or 0 for n in opening), default=0)
            if len(opening) < 2 or not carries < takes <= carries + largest:
                continue  # (more than that: the import refuses the file)
            currency = _currency(pool)
            last = opening[-1]
            hand, pos = last.first or ("", NOWHERE)
            named = [_opener(n, last, across) for n in opening]
            amounts = [hand_amount(n.first_take or 0, currency) for n in opening]
            text = last_week_text(
                table,
                named,
                amounts,
                hand_amount(carries, currency),
                hand_amount(takes - carries, currency),
                stored="stored on the files' word"
                if across
                else "an import of this file alone stores them on its word",
            ) + (nameless(table) if across else "")
            found.append((hand, Violation("carry-last-week", text, pos, "warning")))
        return found


def _opener(night: PoolNight, last: PoolNight, across: bool) -> str:
    """A night's first hand as :meth:`Pools.last_week_unordered` names it: its number and
    night, and its line (the last one's said by the place of the warning), or (``across``)
    its file and line."""
    hand, pos = night.first or ("", NOWHERE)
    if across:
        return f"hand {hand} of {_label(night)} ({pos.source}:{pos.line})"
    return f"hand {hand} of {_label(night)}" + ("" if night is last else f" (line {pos.line})")


def _steps(moving: list[PoolNight]) -> list[tuple[bool, list[PoolNight]]]:
    """A pool's nights that carried or took a pot, in play order, as steps: a night alone on
    its date (True), or nights whose order is not known together (False) - those of one date,
    or all of them when one has no date (as ``ledger/carried_pots.py`` walks them)."""
    if None in [n.date for n in moving]:
        return [(False, moving)] if moving else []
    dates: dict[str, list[PoolNight]] = {}
    for night in moving:
        dates.setdefault(_date(night), []).append(night)
    return [(len(dates[d]) == 1, dates[d]) for d in sorted(dates)]


def refusal(
    table: str,
    pool: tuple[str | None, ...],
    refused: tuple[PoolNight, tuple[str, Position, int]],
    carried: int,
    taken: int,
    across: str | None = None,
    unordered: bool = False,
) -> tuple[str, Violation]:
    """The warning of the hand an import of the file alone refuses (a file imported before it
    may carry the pot: not an error): ``refused`` (its night, and its number, place and take);
    ``carried`` and ``taken`` what the hands before it carried and took, as the ledger's
    refusal counts them (``unordered``: of nights whose order is not known, with those before
    them, its own take left out; ``across``: of several files, the last of them this one, the
    hand named with its file, and the import's refusal of that file, the hand its own or
    another's)."""
    night, (hand, pos, take) = refused
    currency = _currency(pool)
    text = taken_more_text(
        table,
        f"hand {hand} of {_label(night)}" + (f" ({pos.source}:{pos.line})" if across else ""),
        take,
        carried,
        taken,
        lambda amount: hand_amount(amount, currency),
        unordered=unordered,
    )
    if across is None:
        text += f": {TAKES_MORE}; an import of this file alone is refused (nothing of it stored)"
    else:
        hint = TAKES_MORE if pos.source == across else held_before_hint(pos.source)
        text += f": {hint}; nothing from this file was stored"
    return hand, Violation("carry-carried", text, pos, "warning")


def _played_before(night: PoolNight, played: list[PoolNight]) -> bool:
    """Whether a Progressive hand of the pool came on a date before ``night``'s."""
    return night.date is not None and any(
        n.date is not None and n.date < night.date for n in played
    )


def _currency(pool: tuple[str | None, ...]) -> str | None:
    """The currency a pool's amounts are cents of (None: chips)."""
    return pool[1] if pool[0] == "cash" and _is_code(pool[1]) else None


def _is_code(unit: str | None) -> bool:
    """Whether a cash pool's unit is a currency (amounts in its cents), not chips."""
    return unit is not None and len(unit) == 3 and unit.isascii() and unit.isupper()


def _label(night: PoolNight) -> str:
    return event_label({"name": night.name, "date": night.date})


def _date(night: PoolNight) -> str:
    return night.date or ""


def _carrier(earlier: list[PoolNight]) -> tuple[str, str, frozenset[str]] | None:
    """The last hand of ``earlier`` that carried a pot, in play order (see
    :attr:`NightBefore.carrier`): None when none carried, or two of them share a date (the
    ledger does not order those)."""
    if len({n.date for n in earlier}) < len(earlier):
        return None
    carriers = [n for n in earlier if n.carrier is not None]
    if not carriers:
        return None
    night = max(carriers, key=_date)
    hand, players = night.carrier or ("", frozenset())
    return hand, event_label({"name": night.name, "date": night.date}), players


def _left(earlier: list[PoolNight]) -> int:
    """What dated nights of a pool played before a night left it: what they carried less what
    they took, with last week's pot that one of the first date's nights took on its file's
    word (nights of one date are held to their totals, as the ledger holds them); ``earlier``
    holds one night at least."""
    first = min(_date(n) for n in earlier)
    last_week = max(n.first_take or 0 for n in earlier if _date(n) == first)
    return sum(n.carried - n.taken for n in earlier) + last_week
