"""SQL views that explain the ledger to a person opening it in Datasette or a spreadsheet.

The tables keep what each hand recorded (stacks, postings, pots, by alias and in the event's
own unit); a club treasurer wants answers: who won what in each event, each player's net per
season, what each pot was and who took it.  These views give them in plain columns, by player
(aliases merged), each figure next to its unit, and they are also what the reports read, so
the unit rules live here once:

* a cash game's result is in its **money** when it has one (played in a currency, or chips
  valued by a ``chips 100 = 10 EUR`` header: chips × ``chip_cents``), else in ``chips``;
* a tournament's result is money (buy-ins, rebuys, add-ons, prizes, bounties) in its currency,
  ``money`` when the file named none; its chips never count outside it.

Amounts are integers in the smallest unit (cents of money, or chips); ``net_text`` is the net
for reading (``12.34 USD``).  Per event, as a PokerNow ledger has it: ``buy_in`` is what the
player brought (first stack, rebuys, top-ups; a tournament's buy-in, rebuys and add-ons),
``buy_out`` what they took away before the end (cash-outs; a tournament's prize and bounties),
``stack`` what they had at the end (cash), and ``net`` = ``buy_out`` + ``stack`` − ``buy_in``.
A cash result's parts are read from a player's hands in the order they were played (each
table's in ``play_order``; a player's hands at the tables of an event as one run, so moving to
another table with his stack is neither a cash-out nor a buy-in), never from the order the rows
were stored in.
Sign convention: a result won is positive, lost negative; in ``postings`` money into the pot
is negative and money out of it positive.  Every figure counts only the hands and events that
count (``counted_hands``, ``counted_events``: nothing void); ``play_order`` also keeps the
hands an organiser voided in their place, since the stacks of a night went through them.
:func:`create_views` is run by a ledger migration; docs/ledger.md lists every column.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..model.limits import ascii_digits
from .void_reasons import LEFT_OUT, SET_ASIDE_REASON

if TYPE_CHECKING:
    import sqlite3  # (annotations only: a check that asks these rows loads no SQLite)

CASH_UNIT = "coalesce(e.money, 'chips')"
"""The unit a cash event's results are reported in (alias ``e`` = ``events``)."""
CASH_FACTOR = "(CASE WHEN e.currency IS NULL THEN coalesce(e.chip_cents, 1) ELSE 1 END)"
"""What one of the event's chips is in :data:`CASH_UNIT` (cents per chip, or 1)."""
HAND_UNIT = f"(CASE WHEN e.kind = 'cash' THEN {CASH_UNIT} ELSE e.unit END)"
"""A hand's amounts' unit (alias ``e`` = ``events``): a cash game's money when it has one
(its currency, or the currency its chips are valued in), as in the results; else chips, or
tournament chips.  ``hand_summary`` and the exports of hands and postings give it."""
HAND_FACTOR = f"(CASE WHEN e.kind = 'cash' THEN {CASH_FACTOR} ELSE 1 END)"
"""What one of a hand's chips is in :data:`HAND_UNIT`: the cents a valued chip is worth, else 1.
So chips of 0.10 EUR count as euros, never as ``chips`` beside a plain chip game's."""


def shown(amount: str, unit: str) -> str:
    """SQL for ``amount`` (cents or chips, by ``unit``) as text: ``-4.50 EUR``, ``28 chips``,
    ``20.00`` for money of an unstated currency (see
    :func:`badugi_ledger.model.money.format_amount`, without thousands separators)."""
    return (
        f"(CASE WHEN {unit} IN ('chips', 'tournament chips') THEN {amount} || ' ' || {unit} "
        f"ELSE (CASE WHEN {amount} < 0 THEN '-' ELSE '' END) || (abs({amount}) / 100) || '.' "
        f"|| substr('0' || (abs({amount}) % 100), -2, 2) "
        f"|| (CASE WHEN {unit} = 'money' THEN '' ELSE ' ' || {unit} END) END)"
    )


def _text(value: str) -> str:
    """``value`` as an SQL string literal."""
    return "'" + value.replace("'", "''") + "'"


_DIGITS = re.compile(r"\d+")
"""A run of decimal digits, of any script (``１０`` is ten, as ``int`` reads it)."""


def number_key(number: str) -> str:
    """The key that puts hand numbers in their natural order as text, stored with each hand
    (``hands.number_key``): every run of digits is the number it makes, whatever text stands
    between (``P9`` before ``P10``, ``7-8`` before ``7-10``, ``9`` before ``10``, ``3`` before
    ``3b``); a number that starts with a digit comes before one that starts with anything
    else, and numbers without digits follow each other as text.  A run of digits (of any
    script: ``１０`` is ten) becomes a mark below any character of a name, its length in five
    digits and its digits in ASCII without leading zeros, so that SQLite's plain comparison
    of the keys is that order; numbers of one key (``007`` and ``7``) are ordered by their
    text after it.  Computed once, when the hand is stored (and by migrations 17 and 18 for
    hands stored before), so the views read it as a plain column: any SQLite client (Datasette,
    the ``sqlite3`` shell) orders by it.  A change to the key needs a migration that computes
    every stored one again.

    >>> sorted(["7-10", "P10", "7-8", "3b", "P9", "3", "abc", "９"], key=number_key)
    ['3', '3b', '7-8', '7-10', '９', 'P9', 'P10', 'abc']
    """
    return _DIGITS.sub(_run_key, number)


def _run_key(run: re.Match[str]) -> str:
    digits = run[0]
    if not digits.isascii():  # (a call less for the usual run, on every stored hand)
        digits = ascii_digits(digits)
    digits = digits.lstrip("0") or "0"
    return f"\x01{len(digits):05d}{digits}"


def add_number_keys(db: sqlite3.Connection, *, every: bool = False) -> None:
    """``hands.number_key`` (:func:`number_key`), added if the ledger has no such column yet,
    and filled in for every hand stored without it (``every``: for every hand, when the key
    itself changed)."""
    if "number_key" not in {row[1] for row in db.execute("PRAGMA table_info(hands)")}:
        db.execute("ALTER TABLE hands ADD COLUMN number_key TEXT")
    which = "" if every else " WHERE number_key IS NULL"
    numbers = db.execute(f"SELECT id, hand_number FROM hands{which}").fetchall()
    db.executemany(
        "UPDATE hands SET number_key = ? WHERE id = ?",
        [(number_key(str(number or "")), hand_id) for hand_id, number in numbers],
    )


PLAYED = (
    f"(h.void_reason IS NULL OR (h.void_reason != {_text(SET_ASIDE_REASON)} "
    f"AND substr(h.void_reason, -{len(LEFT_OUT)}) != {_text(LEFT_OUT)}))"
)
"""Whether hand ``h`` was played where its file puts it: it counts, or an organiser voided it
(``badugi-ledger void``).  A hand the ledger voided itself (a second copy set aside, a hand
its file no longer holds) is not part of the play (:mod:`badugi_ledger.ledger.void_reasons`)."""


_PLAY_ORDER = f"""
SELECT p.id AS hand_id, p.event_id, p.table_name, p.hand_number AS hand, p.counts,
       row_number() OVER (PARTITION BY p.event_id, coalesce(p.table_name, '')
                          ORDER BY p.file_key, p.file_first,
                                   coalesce(p.source, ''), p.line, p.id) AS seq,
       p.source, p.line, p.number_key AS hand_key
FROM (
    SELECT h.id, h.event_id, h.table_name, h.hand_number, h.number_key, h.source, h.line,
           h.void_reason IS NULL AS counts,
           first_value(h.number_key) OVER file AS file_key,
           first_value(h.hand_number) OVER file AS file_first
    FROM hands h JOIN counted_events e ON e.id = h.event_id
    WHERE {PLAYED}
    WINDOW file AS (PARTITION BY h.event_id, coalesce(h.table_name, ''), coalesce(h.source, '')
                    ORDER BY h.line, h.id)
) p
"""
"""The hands played at each table of each event, in the order they were played (``seq`` 1, 2…).

The hands of one file are in the order of their lines: the file is the record of the night, and
its replay carries the stacks from hand to hand in that order. Where a table's hands of one
event come from several files (a night split in two, a hand moved to another file), each file's
hands stay together, and the files follow one another in the natural order of the number of
their first hand (:func:`number_key`: every run of digits as the number it makes, ``P9`` before
``P10``, ``7-8`` before ``7-10``, ``3`` before ``3b``; then the whole text). Recorders number a
night's hands on from file to file, and sites number theirs in time, while the order files were
imported in, or their row ids, says nothing. Row ids are not play order: a hand renumbered and
imported again with ``--replace`` is a new row at the end. Hands an organiser voided keep their
place (they were played), marked ``counts`` 0."""

_CASH_STINTS = f"""
SELECT s.event_id, s.player_id, s.counts,
       CASE WHEN s.counts THEN 0 ELSE s.final - s.start END AS void_result,
       CASE WHEN s.last THEN s.final ELSE 0 END AS end_stack,
       CASE WHEN s.came_back THEN s.start
            ELSE max(s.start - coalesce(s.prev_final, 0), 0) END AS bought,
       CASE WHEN s.came_back THEN s.prev_final
            ELSE max(coalesce(s.prev_final, 0) - s.start, 0) END AS cashed
FROM (
    SELECT w.event_id, w.player_id, w.counts, w.start, w.final, w.prev_final, w.last,
           coalesce(
               w.prev_tbl = w.tbl AND w.prev_seq != w.seq - 1 AND w.prev_final != w.start
               AND CASE WHEN w.stack_change IS NULL THEN w.rebuys = 0 AND w.add_ons = 0
                        ELSE w.prev_final != w.start - w.stack_change END,
               0
           ) AS came_back
    FROM (
        SELECT r.event_id, r.player_id, r.counts, r.start, r.final, r.tbl, r.seq,
               r.stack_change, r.rebuys, r.add_ons, lag(r.final) OVER run AS prev_final,
               lag(r.tbl) OVER run AS prev_tbl, lag(r.seq) OVER run AS prev_seq,
               lead(1, 1, 0) OVER run = 0 AS last
        FROM (
            SELECT o.event_id, a.player_id, coalesce(o.table_name, '') AS tbl, o.seq, o.counts,
                   coalesce(o.source, '') AS source, o.line, o.hand_id,
                   hp.starting_stack AS start, hp.final_stack AS final, hp.rebuys, hp.add_ons,
                   hp.stack_change,
                   first_value(o.hand) OVER file AS file_first,
                   first_value(o.hand_key) OVER file AS file_key
            FROM hand_players hp JOIN ({_PLAY_ORDER}) o ON o.hand_id = hp.hand_id
            JOIN aliases a ON a.id = hp.alias_id
            WINDOW file AS (PARTITION BY o.event_id, a.player_id, coalesce(o.source, '')
                            ORDER BY o.line, o.hand_id)
        ) r
        WINDOW run AS (PARTITION BY r.event_id, r.player_id
                       ORDER BY r.file_key, r.file_first, r.source, r.line,
                                r.seq, r.hand_id)
    ) w
) s
"""
"""A player's hands at the tables of a cash event, one run in the order he played them: what
he brought and took away between them.  He sits at one table at a time, so his hands follow
one another across the tables: those of one file in the order of its lines (the file is the
record of the night), and the files he played in one after another in the order of the number
of **his** first hand in each (by line; compared as :data:`_PLAY_ORDER` compares a table's
files, equal numbers by the file's name).  That is the order of :data:`_PLAY_ORDER` at each
table, as far as his hands go (a table's files numbered on, as it assumes); across tables it
is known where the numbers run on in time (a site's hand numbers, a recorder who numbers on
from table to table or file to file).  Tables numbered each from 1 in files of their own say
nothing about which came first: his hands are then read by those numbers, maybe not as
played, and only the parts can be wrong, never the net (``buy_out + stack - buy_in`` is what
his counting hands won in any order).

Between two hands of his, a stack that grew is chips bought (a rebuy, a top-up), one that
shrank chips cashed out; but when he missed hands of his table between them and came back to
it with another stack and nothing written before the hand (he left and came back; sitting out
keeps his stack), he took his whole stack away and brought the new one.  The names merged into
one player are that player: his hands under either are one run, read by these rules as if
written under one name.  A top-up, cash-out, rebuy or add-on written before the hand
that takes the stack he left with to the stack he came back with says he kept his stack
through the hands he missed: only the change is bought or cashed.  What was written is
``hand_players.stack_change`` (its net), so he kept his stack when his starting stack less it
is the stack he left with (a stated stack that is not says he left and came back; changes
that cancel out change nothing); a row stored before the ledger kept ``stack_change`` has it
NULL, and there a rebuy or an add-on (the counts ``rebuys`` and ``add_ons``) says so.  A
move to another table (or back to an earlier one) is the former kind: he took his stack
along, and what he sits down with beyond it he bought on the way (less, he cashed); the new
table's earlier hands are none he missed.

A hand an organiser voided was still played: the stacks go through it, so it stays in the
player's run of hands, and what changed his stack before it and after it is bought and cashed
as anywhere else.  Its own play (``void_result``: what it won him, negative when it lost) is
no money in or out, and it does not count: the stack he is counted with at the end is his
last stack less it.  Compared across the voided hand instead, the next counting hand's
starting stack against the previous one's final stack, its play would show as a top-up or a
cash-out that never happened.

One row per hand of his: ``bought`` and ``cashed`` before it, ``void_result`` (its play if
voided, else 0), ``end_stack`` (its final stack if it is his last hand, else 0).  The per-run
figures are sums of these in ``player_event_results`` (one run per event and player, the
group it sums), which leaves out a player none of whose hands count."""

VIEWS: dict[str, str] = {
    "play_order": _PLAY_ORDER,
    "player_event_results": f"""
SELECT e.id AS event_id, e.name AS event, e.kind, e.date, e.season, r.player_id,
       p.name AS player, r.unit, r.hands, r.buy_in, r.buy_out, r.stack,
       r.buy_out + r.stack - r.buy_in AS net,
       {shown("(r.buy_out + r.stack - r.buy_in)", "r.unit")} AS net_text,
       r.void_result, r.place, r.place_to
FROM (
    SELECT s.event_id, s.player_id, {CASH_UNIT} AS unit, sum(s.counts) AS hands,
           sum(s.bought) * {CASH_FACTOR} AS buy_in,
           sum(s.cashed) * {CASH_FACTOR} AS buy_out,
           sum(s.end_stack - s.void_result) * {CASH_FACTOR} AS stack,
           sum(s.void_result) * {CASH_FACTOR} AS void_result,
           NULL AS place, NULL AS place_to
    FROM ({_CASH_STINTS}) s JOIN counted_events e ON e.id = s.event_id
    WHERE e.kind = 'cash'
    GROUP BY s.event_id, s.player_id
    HAVING sum(s.counts) > 0
    UNION ALL
    SELECT t.event_id, a.player_id, e.money AS unit,
           (SELECT count(*) FROM hand_players hp2 JOIN counted_hands h2 ON h2.id = hp2.hand_id
            JOIN aliases a2 ON a2.id = hp2.alias_id
            WHERE h2.event_id = t.event_id AND a2.player_id = a.player_id) AS hands,
           sum(t.buy_in + t.rebuy_cost + coalesce(t.add_on_cost, 0)) AS buy_in,
           sum(t.prize + t.bounty_won) AS buy_out, 0 AS stack, 0 AS void_result,
           min(t.place), max(t.place_to)
    FROM tournament_entries t JOIN counted_events e ON e.id = t.event_id
    JOIN aliases a ON a.id = t.alias_id
    GROUP BY t.event_id, a.player_id
) r JOIN counted_events e ON e.id = r.event_id JOIN players p ON p.id = r.player_id
""",
    "season_player_net": f"""
SELECT season, player_id, player, unit, count(*) AS events, sum(hands) AS hands,
       sum(buy_in) AS buy_in, sum(buy_out) AS buy_out, sum(stack) AS stack, sum(net) AS net,
       {shown("sum(net)", "unit")} AS net_text
FROM player_event_results
GROUP BY season, player_id, unit
""",
    "hand_summary": f"""
SELECT h.id, h.event_id, e.name AS event, e.season, h.hand_number AS hand, h.table_name,
       h.game, {HAND_UNIT} AS unit, h.pot * {HAND_FACTOR} AS pot,
       h.rake * {HAND_FACTOR} AS rake, h.carry_in * {HAND_FACTOR} AS carry_in,
       h.carry_out * {HAND_FACTOR} AS carry_out, h.showdown,
       {shown(f"(h.pot * {HAND_FACTOR})", HAND_UNIT)} AS pot_text,
       (SELECT group_concat(name || ' ' || {shown("share", HAND_UNIT)}, ', ') FROM (
            SELECT coalesce(p.name, a.name) AS name, sum(w.share) * {HAND_FACTOR} AS share
            FROM pots po JOIN pot_winners w ON w.pot_id = po.id
            JOIN aliases a ON a.id = w.alias_id LEFT JOIN players p ON p.id = a.player_id
            WHERE po.hand_id = h.id GROUP BY a.player_id ORDER BY sum(w.share) DESC, name
       )) AS winners,
       h.source, h.line
FROM counted_hands h JOIN counted_events e ON e.id = h.event_id
""",
}
"""Each view's name and its ``SELECT`` (created in this order: later ones read earlier ones)."""

CASH_NETS = f"""
SELECT e.id AS event_id, e.name AS event, e.date, e.season, a.player_id, p.name AS player,
       {CASH_UNIT} AS unit, count(*) AS hands,
       sum(hp.final_stack - hp.starting_stack) * {CASH_FACTOR} AS net
FROM hand_players hp JOIN counted_hands h ON h.id = hp.hand_id
JOIN counted_events e ON e.id = h.event_id JOIN aliases a ON a.id = hp.alias_id
JOIN players p ON p.id = a.player_id
WHERE e.kind = 'cash'
GROUP BY e.id, a.player_id
"""
"""Each player's ``net`` and ``hands`` in each cash event, the rows and figures of
``player_event_results`` for them, without its parts (``buy_in``, ``buy_out``, ``stack``).
The net does not depend on the order of his hands: between two hands, what he bought less
what he cashed is his starting stack less the stack he left the last one with, whichever way
:data:`_CASH_STINTS` reads it, so ``buy_out + stack - buy_in`` adds up to what each of his
counting hands won (a voided hand's play is taken back out as ``void_result``).  So the
standings, which show nets only, read it here, one pass over the players' rows, instead of the
view's runs of hands in play order (a few window passes over every player's every hand: most
of the standings page's time on a ledger of thousands of hands)."""


def create_views(db: sqlite3.Connection) -> None:
    """(Re)create every view of :data:`VIEWS` (run by a migration, inside its transaction),
    with the column they order a table's files by (:func:`add_number_keys`): a migration
    before the one that added it makes the views too, and queries them."""
    add_number_keys(db)
    for name in reversed(VIEWS):
        db.execute(f"DROP VIEW IF EXISTS {name}")
    for name, select in VIEWS.items():
        db.execute(f"CREATE VIEW {name} AS {select}")
