"""Last week's pot taken by one of several nights whose order the ledger does not know.

The pool's first hand alone may take a Progressive Badugi pot the ledger never saw carried
(the first night recorded starts with last week's pot), on its file's word; nights of one date
(or without a date) are one step of the pool, held to their totals, and the first hand of any
of them may be that one (:mod:`.carried_pots`).  When two or more of those first hands take a
pot and the nights took more than they carried, some order of them holds - one took last
week's pot, the others what the nights carried - and the file is stored, since any order may
be the one played and a legal night is never refused.  But which hand took last week's pot
the ledger cannot know, and in another order (the files' own, say: the night that carries
first) the pot came from nowhere: the import says so.

Why a module of its own: it reads what :mod:`.carried_pots` walks (a table's pools in play
order), but asks another question of it, for the import's report only.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from ..replay.pool_rules import last_week_text
from .carried_pots import (
    PoolMove,
    TableMoves,
    nameless,
    openers,
    placed,
    play_steps,
    pool_amount,
    pool_moves,
)


def last_week_unordered(
    db: sqlite3.Connection, tables: Iterable[str], source: str, known: TableMoves | None = None
) -> list[str]:
    """For each pool at one of ``tables`` whose first step is of nights whose order is not
    known, two or more of whose first hands take a pot while the nights took more than they
    carried (see the module docstring): the warning, when one of those nights' hands is
    ``source``'s (said under each of those files, as the ledger holds them: by each import of
    one of them, and under each of them an import of several files stored; ``known``:
    :data:`~.carried_pots.TableMoves`)."""
    found = []
    for table in sorted(set(tables)):
        for pool, hands in pool_moves(db, table, known):
            ordered, step = play_steps(hands)[0]  # (only the pool's first takes last week's)
            if ordered or not any(hand.source == source for hand in step):
                continue
            opening = openers(db, table, pool, ordered, step)
            takes = sum(hand.carry_in for hand in step)
            carries = sum(hand.carry_out for hand in step)
            if len(opening) >= 2 and takes > carries:
                found.append(_text(table, pool, opening, carries, takes - carries))
    return found


def _text(table: str, pool: str, opening: list[PoolMove], carries: int, before: int) -> str:
    """The warning: ``opening`` the first hands that take a pot, ``carries`` what the nights
    carried, ``before`` what of last week's pot one of them took."""
    return last_week_text(
        table,
        [placed(table, hand) for hand in opening],
        [pool_amount(hand.carry_in, pool) for hand in opening],
        pool_amount(carries, pool),
        pool_amount(before, pool),
        stored="stored on the files' word",
    ) + nameless(table)
