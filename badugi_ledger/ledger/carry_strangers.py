"""A carried Progressive Badugi pot taken by a night none of whose players sat in the hand
that carried it: most likely two games the ledger holds at one table.

A pot carries from hand to hand at a table (``002``), night to night in its pool
(:mod:`.carried_pots`); the nights that write no ``table`` line are one table.  Two home games
kept in one ledger that name no table (or name it alike) pass their pots to each other: one
group's night takes the other's pot, and the settle-up moves chips between players who never
sat together.  The ledger cannot know it is two games (a weekly game's players change), so it
is not refused; but when the hand that takes a pot of another night shares no player with the
hand that carried it, the import says so, with the way to keep the games apart.

Why a module of its own: it reads what :mod:`.carried_pots` walks (a table's pools in play
order), but asks another question of it, for the import's report only.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable

from ..replay.pool_rules import strangers_text
from .carried_pots import PoolMove, TableMoves, play_steps, pool_moves
from .event_lookup import event_label_of

_SHARED = """
SELECT 1 FROM hand_players p JOIN aliases a ON a.id = p.alias_id
WHERE p.hand_id = ? AND a.player_id IN (
    SELECT b.player_id FROM hand_players q JOIN aliases b ON b.id = q.alias_id
    WHERE q.hand_id = ?)
LIMIT 1
"""
"""Whether two hands share a player (one name written two ways and merged is one)."""


def carried_to_strangers(
    db: sqlite3.Connection, tables: Iterable[str], source: str, known: TableMoves | None = None
) -> list[str]:
    """For each pool at one of ``tables`` (those where ``source``'s hands carry or take a pot:
    a file that moves none at a table says nothing of it): a hand that takes a pot carried by
    a hand of another night, in play order, where the two hands share no player and one of
    them is ``source``'s (the file just imported, or one an import of several files stored),
    as the import's report says it.  Nights whose order the ledger does not know are passed
    over (``known``: :data:`~.carried_pots.TableMoves`)."""
    found = []
    for table in sorted(set(tables)):
        for _, hands in pool_moves(db, table, known):
            carrier: PoolMove | None = None
            for ordered, step in play_steps(hands):
                for hand in step:
                    if (
                        ordered
                        and hand.carry_in
                        and carrier is not None
                        and carrier.event_id != hand.event_id
                        and source in (hand.source, carrier.source)
                        and db.execute(_SHARED, [hand.hand_id, carrier.hand_id]).fetchone() is None
                    ):
                        found.append(_stranger_text(db, table, hand, carrier))
                    if hand.carry_out:
                        carrier = hand
    return found


def _stranger_text(db: sqlite3.Connection, table: str, hand: PoolMove, carrier: PoolMove) -> str:
    taker, carried = event_label_of(db, hand.event_id), event_label_of(db, carrier.event_id)
    return strangers_text(table, hand.hand, taker, carrier.hand, carried)
