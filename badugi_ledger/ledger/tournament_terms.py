"""A tournament's terms as stored: what the text format does not record and an organiser sets
(``badugi-ledger tournament --event``): the bounty, the rebuy and add-on prices, the prize unit
and the chop.

:class:`Terms` checks itself; :func:`get_terms` reads a tournament's (the defaults where none
were recorded).  They sit below all that reads them: the results
(:mod:`.tournament_results`, whose :func:`~.tournament_results.set_terms` records terms and
recomputes), the terms following moved hands (:mod:`.moved_terms`) and the tournament report,
so that recording terms and recomputing a tournament need not import each other.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from ..model.errors import ConfigError
from ..model.limits import amount_problem
from .prizes import CHOP_METHODS, ChopMethod
from .sql import dict_rows


@dataclass(frozen=True)
class Terms:
    """How a tournament pays: bounty per head, rebuy/add-on prices, rounding unit, chop."""

    bounty: int = 0
    rebuy_price: int | None = None
    add_on_price: int | None = None
    prize_unit: int = 1
    chop: ChopMethod | None = None

    def __post_init__(self) -> None:
        for value, what in (
            (self.bounty, "the bounty"),
            (self.rebuy_price, "the rebuy price"),
            (self.add_on_price, "the add-on price"),
            (self.prize_unit, "the prize unit"),
        ):
            problem = None if value is None else amount_problem(value, what)
            if problem:
                raise ConfigError(problem)
        if self.bounty < 0:
            raise ConfigError("the bounty cannot be negative")
        if self.prize_unit < 1:
            raise ConfigError(
                "the prize unit must be more than nothing: prizes are rounded down to it "
                "(--prize-unit 0.01 rounds to the cent, 1 to whole money)"
            )
        if self.chop is not None and self.chop not in CHOP_METHODS:
            raise ConfigError(f"unknown chop {self.chop!r} (chops: {', '.join(CHOP_METHODS)})")


def get_terms(db: sqlite3.Connection, event_id: int) -> Terms:
    rows = list(dict_rows(db, "SELECT * FROM tournament_terms WHERE event_id = ?", [event_id]))
    if not rows:
        return Terms()
    r = rows[0]
    return Terms(r["bounty"], r["rebuy_price"], r["add_on_price"], r["prize_unit"], r["chop"])
