"""A pool's carried Progressive Badugi pots that a hand takes only in part: the rest stays in
``*carry*`` for no hand, which the import warns of (``ledger/carried_pots.py``,
``carry_left_behind``) and ``check`` says too (``check_pools.left_behind``), walked here from
the nights' tallies of :class:`~.pools.Pools` as the ledger walks its stored hands.

Why a module of its own: ``pools.py`` would pass 600 lines with it.
"""

from __future__ import annotations

from typing import NamedTuple

from ..model.errors import Position
from .pool_rules import night_order
from .pools import PoolNight, Pools, _steps


class LeftBehind(NamedTuple):
    """A hand that takes less of a pool's carried pots than was left for it
    (:func:`left_behind`)."""

    table: str
    night: PoolNight
    """The hand's night."""
    taker: tuple[str, Position, int]
    """The hand: its number, place and take."""
    left: int
    carrier: PoolNight
    """The night of the last hand that carried a pot before it."""
    carried_by: tuple[str, Position]
    """That hand: its number and place."""
    moved: bool
    """Whether the hand took or carried a pot (else it is the next hand played after it)."""


def left_behind(pools: Pools) -> list[LeftBehind]:
    """Of each pool at each table, read to the end, in play order: the first hand that
    takes less than the pots carried before it left (``carry in`` below it, or none) -
    what the import warns of, the rest staying in ``*carry*`` for no hand
    (``ledger/carried_pots.py``, ``carry_left_behind``, whose walk is followed here from
    the nights' tallies: a night's first hand that takes or carries a pot, after a night
    alone on its date, is held to what the nights before it left, its later such hands
    to what its own hands left (:attr:`PoolNight.short_in`); nights whose order is not
    known to their totals, and nothing after them).  After the pool's last such hand,
    the next Progressive hand played at the table: in its night, else the first of the
    next night by date."""
    found = []
    for (_, table, _), nights in pools.nights.items():
        played = [n for n in nights if n.first_take is not None]
        left, known = 0, True
        carrier: PoolNight | None = None
        carried_by: tuple[str, Position] | None = None
        short = None
        for ordered, step in _steps([n for n in played if n.carried or n.taken]):
            step = sorted(step, key=lambda n: night_order(n.date, n.name))
            night, first = step[0], step[0].first_move
            if ordered and known and carried_by and carrier and first and first[2] < left:
                short = LeftBehind(table, night, first, left, carrier, carried_by, True)
                break
            if ordered and night.short_in is not None:
                taker, was_left, by = night.short_in
                short = LeftBehind(table, night, taker, was_left, night, by, True)
                break
            if ordered:  # (its first hand took what was left, or more: none stays)
                left = night.left_in
            else:
                left = max(0, left - sum(n.taken for n in step)) + sum(n.carried for n in step)
            known = ordered
            carrier = next((n for n in reversed(step) if n.carried), carrier)
            if carrier is not None and carrier.carrier and carrier.carrier_at:
                carried_by = (carrier.carrier[0], carrier.carrier_at)
        if short is None and left and known and carrier is not None and carried_by:
            after = carrier.after_carrier
            at = carrier
            if after is None and carrier.date is not None:
                later = [n for n in played if n.date is not None and n.date > carrier.date]
                if later:
                    at = min(later, key=lambda n: night_order(n.date, n.name))
                    after = at.first
            if after is not None:
                short = LeftBehind(table, at, (*after, 0), left, carrier, carried_by, False)
        if short is not None:
            found.append(short)
    return found
