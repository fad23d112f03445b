"""What an import stores of a tournament but warns about: a player who busted at one table and
plays at another on chips nobody bought (:func:`free_chips`).

Not a refusal: the order of a tournament's files is not the order its tables played in, and a
night's file may miss hands, so the import stores the file and its report says it under the
file (``warnings``; docs/ledger.md, *Tournaments*).  Apart from the results
(:mod:`.tournament_results`), which a warning never changes: the file's checks
(:mod:`.file_transaction`) ask it, the recomputing does not.
"""

from __future__ import annotations

import sqlite3

from ..model.names import composed
from .event_lookup import event_label_of

_TABLE_RUNS = """
SELECT coalesce(o.table_name, ''), a.name, hp.starting_stack, hp.final_stack,
       coalesce(hp.rebuys, 0) + coalesce(hp.add_ons, 0)
FROM play_order o JOIN hand_players hp ON hp.hand_id = o.hand_id
JOIN aliases a ON a.id = hp.alias_id JOIN events e ON e.id = o.event_id
WHERE o.event_id = ? AND e.kind = 'tournament'
ORDER BY coalesce(o.table_name, ''), o.seq, o.hand_id
"""
"""Each player's hands at each table of a tournament, in ``play_order``: his stack as he sat
down and as he left, and his rebuys and add-ons."""


def free_chips(db: sqlite3.Connection, event_id: int) -> list[str]:
    """The players of tournament ``event_id`` who busted at one table (his last hand there
    left him 0) and played at another of its tables, with no rebuy or add-on in any of its
    hands, while the stack he sat down with at the table he busted at is the stack no other
    table left him: he came to it from no other table, so he played the others after he was
    out, on chips nobody bought.  File order is not play order, and a night's file may miss
    hands, so this is for the import's report, not a refusal; each as a sentence."""
    first: dict[tuple[str, str], int] = {}
    last: dict[tuple[str, str], int] = {}
    bought: set[str] = set()
    for table, written, start, final, buys in db.execute(_TABLE_RUNS, [event_id]):
        name = composed(written)  # one name written two ways is one player (tournament_results)
        first.setdefault((name, table), int(start))
        last[(name, table)] = int(final)
        if buys:
            bought.add(name)
    found = []
    for (name, table), final in sorted(last.items()):
        others = sorted(t for (n, t) in last if n == name and t != table)
        if final or name in bought or not others:
            continue
        if any(last[(name, t)] == first[(name, table)] for t in others):
            continue  # he brought his stack to this table from another one
        tables = " and ".join(repr(t) for t in others)
        found.append(
            f"{name} busted at table {table!r} of {event_label_of(db, event_id)}, which he "
            f"did not come to from another table, and plays at table {tables} without a "
            "rebuy: chips nobody bought; write his 'rebuys' line, or correct the stacks or "
            "the table"
        )
    return found
