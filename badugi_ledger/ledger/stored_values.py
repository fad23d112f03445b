"""What badugi-ledger writes where the ledger's schema lets in more, checked before it is read.

The ledger's tables are STRICT: an INTEGER column holds an integer or NULL, a TEXT column
text or NULL, and SQLite refuses anything else.  What STRICT cannot say is listed here, once
(:data:`STORED_VALUES`): the columns the schema leaves nullable that every row has filled,
the text columns that hold JSON of one shape, and those that hold one of a few names.  A
ledger edited by hand (or by another program) can hold anything there; a command that reads
such rows first asks :func:`check_stored_values`, one query per table over the rows it will
read, so that a value badugi-ledger never writes is one clear error naming the table, the
row, the column and the value, never a traceback half-way through a report or an import.
Rows that are each what it writes can still disagree: a posting deleted leaves its hand's
double entry unbalanced, a stack changed leaves a player's row at odds with the chips the
hand's postings move; :func:`check_balanced_hands` finds both before money is added up.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Literal

from ..model.errors import LedgerError
from ..model.games import GAMES
from ..model.money import format_amount
from .connection import db_label

Kind = Literal["filled", "json object", "json list", "percentages", "game"]

EXPECTED: dict[Kind, str] = {
    "filled": "a whole number",
    "json object": "a JSON object",
    "json list": "a JSON list",
    "percentages": "a JSON list of whole numbers (percentages)",
    "game": "the name of a game (" + ", ".join(GAMES) + ")",
}
"""How each kind of value is described to the user."""

STORED_VALUES: dict[str, tuple[tuple[str, Kind], ...]] = {
    "events": (("payouts", "percentages"),),
    "hands": (("game", "game"), ("cards", "json object")),
    "hand_players": (("seat", "filled"), ("rebuys", "filled"), ("add_ons", "filled")),
    "pots": (("eligible", "json list"),),
    "tournament_entries": (
        ("bounties", "filled"),
        ("bounty_won", "filled"),
        ("chips", "filled"),
        ("prize", "filled"),
    ),
}
"""Per table, its columns whose values the schema does not pin down, and what they hold.  A
JSON column may be NULL (nothing to list); a ``filled`` or ``game`` column never is."""


_SHOWN = 60
"""The longest value an error quotes whole (a longer one is cut, with an ellipsis)."""


def _wrong(column: str, kind: Kind) -> str:
    """SQL that is true where ``column`` holds what badugi-ledger never writes there.  A CASE,
    since SQLite does not promise to stop at the first true term of an OR, and ``json_type``
    of text that is no JSON is an error."""
    if kind == "filled":
        return f'"{column}" IS NULL'
    if kind == "game":
        names = ", ".join(f"'{name}'" for name in GAMES)
        return f'"{column}" IS NULL OR "{column}" NOT IN ({names})'
    shape = "object" if kind == "json object" else "array"
    items = (
        f" OR EXISTS (SELECT 1 FROM json_each(\"{column}\") WHERE type != 'integer')"
        if kind == "percentages"
        else ""
    )
    return (
        f'CASE WHEN "{column}" IS NULL THEN 0 WHEN json_valid("{column}") '
        f"THEN json_type(\"{column}\") != '{shape}'{items} ELSE 1 END"
    )


def check_balanced_hands(
    db: sqlite3.Connection, where: str = "", args: Sequence[object] = ()
) -> None:
    """Raise :class:`LedgerError` naming the first counted hand (of those ``where`` picks, an
    SQL condition on ``counted_hands h`` and ``counted_events e``, with ``args``) whose
    postings and players' rows no longer tell one story.  badugi-ledger stores a hand only
    when they do: its postings balance (the double entry of every chip put in and taken out),
    and each player's final stack is the starting stack less what the player put in plus what
    the player collected, which is what the player's postings move.  A hand that breaks either
    was edited after it was stored (a posting deleted, an amount or a stack changed), and the
    reports that add up its postings (``settle``) and its stacks (``standings``) would disagree.
    """
    picked = f"WHERE {where}" if where else ""
    hands = "counted_hands h JOIN counted_events e ON e.id = h.event_id"
    row = db.execute(
        f"SELECT h.id, h.hand_number, h.table_name, sum(p.amount), e.unit FROM {hands} "
        f"JOIN postings p ON p.hand_id = h.id {picked} "
        "GROUP BY h.id HAVING sum(p.amount) != 0 ORDER BY h.id LIMIT 1",
        [*args],
    ).fetchone()
    if row is not None:
        hand_row, number, table, total, unit = row
        raise _edited(
            db,
            f"the postings of hand {number}{_at_table(table)} (hands row {hand_row}) sum to "
            f"{format_amount(total, unit)}, not 0 (every chip put in is taken out)",
        )
    # Each row's postings are found by their hand (a few rows), not by their player (every
    # posting of the player's nights: SQLite picks that index otherwise); ``+`` keeps the
    # player's term off any index.
    postings_moved = (
        "(SELECT coalesce(sum(p.amount), 0) FROM postings p "
        "WHERE p.hand_id = hp.hand_id AND +p.alias_id = hp.alias_id)"
    )
    agrees = (
        "hp.final_stack - hp.starting_stack = hp.collected - hp.contributed "
        f"AND hp.final_stack - hp.starting_stack = {postings_moved}"
    )
    row = db.execute(
        f"SELECT h.id, h.hand_number, h.table_name, a.name FROM {hands} "
        "JOIN postings p ON p.hand_id = h.id JOIN aliases a ON a.id = p.alias_id "
        f"WHERE {f'({where}) AND ' if where else ''}NOT EXISTS (SELECT 1 FROM hand_players hp "
        "WHERE hp.hand_id = p.hand_id AND hp.alias_id = p.alias_id) ORDER BY h.id LIMIT 1",
        [*args],
    ).fetchone()
    if row is not None:
        hand_row, number, table, name = row
        raise _edited(
            db,
            f"hand {number}{_at_table(table)} (hands row {hand_row}) has postings of {name}, "
            f"who is none of its players (no hand_players row): the standings leave {name}'s "
            "play there out, the settle-up counts it",
        )
    row = db.execute(
        "SELECT a.id, a.name FROM aliases a WHERE NOT EXISTS "
        "(SELECT 1 FROM players pl WHERE pl.id = a.player_id) ORDER BY a.id LIMIT 1"
    ).fetchone()
    if row is not None:
        raise _edited(
            db,
            f"the name {row[1]!r} (aliases row {row[0]}) belongs to no player (players has no "
            "row of its player_id): every report would leave that name out",
        )
    row = db.execute(
        "SELECT h.id, h.hand_number, h.table_name, a.name, e.unit, hp.starting_stack, "
        f"hp.final_stack, hp.contributed, hp.collected, {postings_moved} FROM {hands} "
        "JOIN hand_players hp ON hp.hand_id = h.id JOIN aliases a ON a.id = hp.alias_id "
        f"WHERE {f'({where}) AND ' if where else ''}NOT ({agrees}) "
        "ORDER BY h.id, hp.seat LIMIT 1",
        [*args],
    ).fetchone()
    if row is None:
        return
    hand_row, number, table, name, unit, start, final, put_in, collected, moved = row
    if final - start != collected - put_in:
        story = (
            f"puts in {format_amount(put_in, unit)} and collects {format_amount(collected, unit)}"
        )
    else:
        story = f"has postings that move {format_amount(moved, unit, sign=True)}"
    raise _edited(
        db,
        f"hand {number}{_at_table(table)} (hands row {hand_row}) takes {name} from "
        f"{format_amount(start, unit)} to {format_amount(final, unit)}, but {name} {story} "
        "(the final stack is the starting stack less what is put in plus what is collected, "
        "as the postings move it)",
    )


def _at_table(table: str | None) -> str:
    return f" at table {table!r}" if table else ""


def check_stored_values(
    db: sqlite3.Connection, table: str, where: str = "", args: Sequence[object] = ()
) -> None:
    """Raise :class:`LedgerError` naming the first row of ``table`` (of those ``where`` picks,
    an SQL condition with ``args``) that holds in one of its :data:`STORED_VALUES` columns
    what badugi-ledger never writes there; nothing to check is one query that finds nothing."""
    columns = STORED_VALUES[table]
    found = " ".join(f"WHEN {_wrong(c, kind)} THEN {i}" for i, (c, kind) in enumerate(columns))
    picked = f"WHERE {where}" if where else ""
    row = db.execute(
        f'SELECT rowid, which FROM (SELECT rowid, CASE {found} END AS which FROM "{table}" '
        f"{picked}) WHERE which IS NOT NULL LIMIT 1",
        [*args],
    ).fetchone()
    if row is None:
        return
    rowid, which = row
    column, kind = columns[which]
    (value,) = db.execute(f'SELECT quote("{column}") FROM "{table}" WHERE rowid = ?', [rowid])
    shown = value[0] if len(value[0]) <= _SHOWN else value[0][: _SHOWN - 1] + "…"
    raise _edited(
        db, f"{table} row {rowid}, column {column}, is {shown} where it writes {EXPECTED[kind]}"
    )


def _edited(db: sqlite3.Connection, what: str) -> LedgerError:
    """The refusal of a ledger that holds ``what`` badugi-ledger never writes, and the way out."""
    return LedgerError(
        f"the ledger {db_label(db)} holds what badugi-ledger never writes: {what}; the file "
        "was edited by hand or by another program: restore it from a backup, or import the "
        "hand files again into a new ledger"
    )
