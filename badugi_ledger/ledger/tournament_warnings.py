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
       coalesce(hp.rebuys, 0), coalesce(hp.add_ons, 0), coalesce(o.source, ''), o.line
FROM play_order o JOIN hand_players hp ON hp.hand_id = o.hand_id
JOIN aliases a ON a.id = hp.alias_id JOIN events e ON e.id = o.event_id
WHERE o.event_id = ? AND e.kind = 'tournament'
ORDER BY coalesce(o.table_name, ''), o.seq, o.hand_id
"""
"""Each player's hands at each table of a tournament, in ``play_order``: his stack as he sat
down and as he left, his rebuys and add-ons, and where the hand is written."""


def free_chips(db: sqlite3.Connection, event_id: int) -> list[str]:
    """The players of tournament ``event_id`` who busted at one table (his last hand there
    left him 0) and played at another of its tables, with no rebuy or add-on in his hands
    there, while no stack he sat down with at the table he busted at is one another table
    left him: he came to it from no other table, so he played the others after he was out,
    on chips nobody bought.  A rebuy at the table he busted at says he may have come to it
    from a bust elsewhere (an add-on does not: the players still in take it).  He sits down
    at a table at his first hand there, at a hand whose stack is not the one his hand before
    there left him (bought chips, or came back), and at a hand whose file's line before for
    him was at another table (one file's lines are in the order played, a table's hands
    across files are not: he leaves that other table with that hand's stack, and any table
    with his last there).  A night's file may miss hands, so this is for the import's
    report, not a refusal; each as a sentence."""
    came: dict[tuple[str, str], set[int]] = {}  # the stacks he sat down with at a table
    left: dict[tuple[str, str], set[int]] = {}  # the stacks he left it with
    last: dict[tuple[str, str], int] = {}
    bought: set[tuple[str, str]] = set()
    rebought: set[tuple[str, str]] = set()
    runs = db.execute(_TABLE_RUNS, [event_id])
    rows = [
        (table, composed(written), int(start), int(final), rebuys, add_ons, source, line)
        for table, written, start, final, rebuys, add_ons, source, line in runs
    ]  # (one name written two ways is one player, as for the results)
    for table, name, start, final, rebuys, add_ons, _, _ in rows:  # each table, play order
        key = (name, table)
        if last.get(key) != start:
            came.setdefault(key, set()).add(start)
        last[key] = final
        if rebuys or add_ons:
            bought.add(key)
        if rebuys:
            rebought.add(key)
    for key, final in last.items():
        left.setdefault(key, set()).add(final)
    before: dict[tuple[str, str], tuple[str, int]] = {}  # (name, file): his table, stack
    for table, name, start, final, _, _, source, _ in sorted(rows, key=lambda r: (r[6], r[7])):
        was = before.get((name, source))
        if was is not None and was[0] != table:  # moved within the file's night
            came.setdefault((name, table), set()).add(start)
            left.setdefault((name, was[0]), set()).add(was[1])
        before[(name, source)] = (table, final)
    found = []
    for (name, table), final in sorted(last.items()):
        others = sorted(t for (n, t) in last if n == name and t != table)
        if final or not others or (name, table) in rebought:
            continue  # (a rebuy there: he came to it having busted elsewhere, it may be)
        if any((name, t) in bought for t in others):
            continue
        if any(came[(name, table)] & left[(name, t)] for t in others):
            continue  # he brought his stack to this table from another one
        tables = " and ".join(repr(t) for t in others)
        found.append(
            f"{name} busted at table {table!r} of {event_label_of(db, event_id)}, not having "
            f"come to it from another table, and plays at table {tables} without a rebuy "
            "there: chips nobody bought; write the 'rebuys' line, or correct the stacks or "
            "the table"
        )
    return found
