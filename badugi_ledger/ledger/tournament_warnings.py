"""What an import stores of a tournament but warns about: a player who busted at one table and
plays at another on chips nobody bought (:func:`free_chips`), and a player who never sat down
with the starting chips, an entrant counted twice it may be (:func:`second_entries`), a
tournament of the same name the day before or after sharing its players (:func:`past_midnight`),
and one of the same name and date in other money sharing them (:func:`other_money`).

Not a refusal: the order of a tournament's files is not the order its tables played in, and a
night's file may miss hands, so the import stores the file and its report says it under the
file (``warnings``; docs/ledger.md, *Tournaments*), as the ledger stands once the import's
last file is stored (a later file may make a warning untrue or true:
:func:`~.file_transaction.refresh_warnings`).  Apart from the results
(:mod:`.tournament_results`), which a warning never changes: the file's checks
(:mod:`.file_transaction`) ask it, the recomputing does not.

A warning that ends in what to do says it as an :class:`~.advice.Advice` apart
(:data:`~.advice.Said`: the import's report keeps it so, and the record page says it in its own
words); ``check`` asks their words (:func:`warnings_of`, :func:`past_midnight_words`,
:func:`other_money_words`), the command line's, as the import's report prints them.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Iterable
from typing import NamedTuple

from ..model.names import composed
from .advice import Advice, Said, command_text, ledger_named
from .event_lookup import event_label_of
from .tournament_results import stated_finish_warnings

_TABLE_RUNS = """
SELECT coalesce(o.table_name, ''), a.name, hp.starting_stack, hp.final_stack,
       coalesce(hp.rebuys, 0), coalesce(hp.add_ons, 0), coalesce(o.source, ''), o.line,
       o.hand_id, o.hand
FROM play_order o JOIN hand_players hp ON hp.hand_id = o.hand_id
JOIN aliases a ON a.id = hp.alias_id JOIN events e ON e.id = o.event_id
WHERE o.event_id = ? AND e.kind = 'tournament'
ORDER BY coalesce(o.table_name, ''), o.seq, o.hand_id
"""
"""Each player's hands at each table of a tournament, in ``play_order``: his stack as he sat
down and as he left, his rebuys and add-ons, where the hand is written, and which it is."""


class _Sittings(NamedTuple):
    """Where each player of a tournament sat down and got up, table by table: (name, table)
    -> the stacks he sat down with there, the stacks he left it with, his last stack there;
    the (name, table) where he bought chips (a rebuy or an add-on), or rebought; and the
    hands each played (two who sat in one hand are two players)."""

    came: dict[tuple[str, str], set[int]]
    left: dict[tuple[str, str], set[int]]
    last: dict[tuple[str, str], int]
    bought: set[tuple[str, str]]
    rebought: set[tuple[str, str]]
    hands: dict[str, set[int]]
    unbought: set[int]
    """The stacks anyone sat down with in a hand where he bought nothing (a rebuy up to the
    starting chips is no entry)."""
    back: list[tuple[str, str, int, str, str]]
    """(name, table, stack, hand, source) of each hand in which a player sits down with chips
    at the table whose hand before for him, in play order, left him 0, buying none: one
    file's replay refuses it, but two files of one table are replayed apart."""


class Seat(NamedTuple):
    """One player's row of one hand of a tournament, as the warnings read it: the ledger's
    ``play_order`` and ``hand_players`` (:data:`_TABLE_RUNS`), or ``check``'s replay of the
    hands an import would store (:mod:`badugi_ledger.check_tournaments`)."""

    table: str
    name: str
    """As written (one name written two ways is one player: :func:`sittings` composes it)."""
    start: int
    final: int
    rebuys: int
    add_ons: int
    source: str
    line: int | None
    hand: int
    """What tells the tournament's hands apart (the ledger's row id)."""
    number: str
    """The hand's number, as its file writes it."""


def sittings(rows: Iterable[Seat]) -> _Sittings:
    """The :class:`_Sittings` of a tournament's hands, ``rows`` each table's in play order
    (tables one after another).  He sits down at a
    table at his first hand there, at a hand whose stack is not the one his hand before there
    left him (bought chips, or came back), and at a hand whose file's line before for him was
    at another table (one file's lines are in the order played, a table's hands across files
    are not: he leaves that other table with that hand's stack, and any table with his last
    there).  One name written two ways is one player, as for the results."""
    sat = _Sittings({}, {}, {}, set(), set(), {}, set(), [])
    came, left, last = sat.came, sat.left, sat.last
    seen = []
    for table, written, start, final, rebuys, add_ons, source, line, hand, number in rows:
        name = composed(written)
        if last.get((name, table)) == 0 and start and not (rebuys or add_ons):
            sat.back.append((name, table, start, str(number), str(source)))
        seen.append((table, name, start, final, source, line))
        sat.hands.setdefault(name, set()).add(hand)
        key = (name, table)
        if last.get(key) != start:
            came.setdefault(key, set()).add(start)
            if not (rebuys or add_ons):
                sat.unbought.add(start)
        last[key] = final
        if rebuys or add_ons:
            sat.bought.add(key)
        if rebuys:
            sat.rebought.add(key)
    for key, final in last.items():
        left.setdefault(key, set()).add(final)
    before: dict[tuple[str, str], tuple[str, int]] = {}  # (name, file): his table, stack
    for table, name, start, final, source, _ in sorted(seen, key=lambda r: (r[4], r[5] or 0)):
        was = before.get((name, source))
        if was is not None and was[0] != table:  # moved within the file's night
            came.setdefault((name, table), set()).add(start)
            sat.unbought.add(start)
            left.setdefault((name, was[0]), set()).add(was[1])
        before[(name, source)] = (table, final)
    return sat


def _sittings(db: sqlite3.Connection, event_id: int) -> _Sittings:
    """The :class:`_Sittings` of tournament ``event_id``'s stored hands (:func:`sittings`)."""
    return sittings(
        Seat(str(table), str(name), int(start), int(final), int(rebuys), int(add_ons), *rest)
        for table, name, start, final, rebuys, add_ons, *rest in db.execute(_TABLE_RUNS, [event_id])
    )


def tournament_warnings(db: sqlite3.Connection, event_id: int) -> list[str | Said]:
    """What the import's report says of tournament ``event_id`` as the ledger holds it now
    (:func:`warnings_said`, :func:`past_midnight`, :func:`other_money`), its hands read once;
    each with what to do apart where it says it (:data:`~.advice.Said`)."""
    row = db.execute("SELECT starting_chips FROM events WHERE id = ?", [event_id]).fetchone()
    starting = None if row is None or row[0] is None else int(row[0])
    label = event_label_of(db, event_id)
    found = warnings_said(_sittings(db, event_id), label, starting)
    stated = stated_finish_warnings(db, event_id, label)
    return (
        [text for _, text in found]
        + stated
        + past_midnight(db, event_id)
        + other_money(db, event_id)
    )


def warnings_of(sat: _Sittings, label: str, starting: int | None) -> list[tuple[str, str]]:
    """What the import says of a tournament's hands (``sat``: its :func:`sittings`), named
    ``label`` (``event_label``), whose starting chips are ``starting``: each warning's rule
    (what ``check``, which says them too, names it) and sentence, in the import's order
    (:func:`back_at_the_table`, :func:`free_chips`, :func:`second_entries`), in the command
    line's words (:func:`warnings_said`)."""
    return [(rule, command_text(said)) for rule, said in warnings_said(sat, label, starting)]


def warnings_said(sat: _Sittings, label: str, starting: int | None) -> list[tuple[str, str | Said]]:
    """:func:`warnings_of` with what to do apart, where a warning says it."""
    found: list[tuple[str, str | Said]] = [
        (BACK_AT_THE_TABLE, text) for text in back_at_the_table(label, sat)
    ]
    found += [(FREE_CHIPS, text) for text in free_chips(label, sat)]
    return found + [(SECOND_ENTRY, said) for said in second_entries_said(label, starting, sat)]


BACK_AT_THE_TABLE = "tournament-back-at-table"
FREE_CHIPS = "tournament-free-chips"
SECOND_ENTRY = "tournament-second-entry"
"""The rules of the warnings of :func:`warnings_of`, as ``check`` names them."""


def back_at_the_table(label: str, sat: _Sittings) -> list[str]:
    """The players of tournament ``event_id`` who sit down again, with chips and no rebuy or
    add-on, at the table where their hand before, in play order, left them 0
    (:attr:`_Sittings.back`): a night kept in two files of one table, the second stating a
    busted player's stack, which neither file's replay sees (``check`` refuses it within one
    file: ``stack-carried``).  His chips were bought by nobody, and the results would place
    him above the players who busted after him; for the import's report, as
    :func:`free_chips` is; each as a sentence."""
    return [
        f"{name} busted at table {table!r} of {label} and sits down "
        f"there again in hand {hand} ({source}) with {stack} chips, without a rebuy: chips "
        "nobody bought; write the 'rebuys' line, or correct the stacks"
        for name, table, stack, hand, source in sat.back
    ]


def past_midnight(db: sqlite3.Connection, event_id: int) -> list[Said]:
    """Tournament ``event_id`` and another of its name and money dated the day before or
    after (:func:`a_day_apart`), with a player in both: one tournament, it may be, whose
    hands came in two files cut at midnight (each file dates its hands by its first:
    ``sites/carry.date_of``), so its players pay a buy-in in each.  A club's weekly
    tournament of one name is a week apart, and a site's tournament number is in its name."""
    rows = db.execute(
        "SELECT o.id, e.date, o.date FROM events e JOIN events o ON o.kind = e.kind "
        "AND o.name = e.name AND o.money IS e.money AND o.id != e.id AND o.void_reason IS NULL "
        "WHERE e.id = ? AND e.kind = 'tournament' AND e.name != '' AND EXISTS ("
        "SELECT 1 FROM tournament_entries a JOIN tournament_entries b "
        "ON b.alias_id = a.alias_id WHERE a.event_id = e.id AND b.event_id = o.id) ORDER BY o.id",
        [event_id],
    ).fetchall()
    said: list[Said] = []
    for other, date, other_date in rows:
        if a_day_apart(date, other_date):
            label, other_label = event_label_of(db, event_id), event_label_of(db, int(other))
            # (the two events share a name: ``void`` takes the later's id)
            later = int(other) if other_is_later(date, other_date) else event_id
            earlier = label if later != event_id else other_label
            said.append(past_midnight_said(label, other_label, str(later), earlier, db))
    return said


def a_day_apart(date: str | None, other: str | None) -> bool:
    """Whether two tournaments of one name and money dated ``date`` and ``other`` (ISO
    dates; None: undated) may be one played past midnight (:func:`past_midnight`; ``check``
    asks it of the tournaments of its files)."""
    if not date or not other:
        return False
    try:
        return abs((dt.date.fromisoformat(date) - dt.date.fromisoformat(other)).days) == 1
    except ValueError:
        return False


def other_is_later(date: str | None, other: str | None) -> bool:
    """Of two tournaments :func:`a_day_apart`, whether the one dated ``other`` is the later:
    the one whose ``void`` joins them (both dated, ISO dates compare as text)."""
    return (other or "") > (date or "")


def past_midnight_words(label: str, other: str, later: str, earlier: str) -> str:
    """The import's warning of tournament ``label`` and ``other`` (``event_label``), a day
    apart and sharing players (:func:`past_midnight`), in the command line's words: ``later``
    the later one as ``void --event`` takes it (a word of a command), ``earlier`` the
    earlier one's label."""
    return command_text(past_midnight_said(label, other, later, earlier))


def past_midnight_said(
    label: str, other: str, later: str, earlier: str, db: sqlite3.Connection | None = None
) -> Said:
    """:func:`past_midnight_words` with what to do apart: void the later (``later``), by the
    reason that it is one tournament with the ``earlier``, and join the two files into one;
    of the ledger ``db`` (:func:`~.advice.ledger_named`; ``check``'s names none)."""
    return (
        f"{label} and {other}, a day apart, share players: one tournament played past "
        "midnight, in two files? Each counts its buy-ins and prizes; to make them one, ",
        Advice(
            "join the nights",
            event=later,
            reason=f"one tournament with {earlier}",
            ledger="" if db is None else ledger_named(db),
        ),
    )


PAST_MIDNIGHT = "tournament-past-midnight"
"""The rule ``check`` names the warning of :func:`past_midnight`."""


def other_money(db: sqlite3.Connection, event_id: int) -> list[Said]:
    """Tournament ``event_id`` and another of its name and date in other money (``currency``:
    one file of it states EUR, another none, or a misspelt code), with a player in both: one
    tournament, it may be, kept in a file per table whose files name its currency otherwise.
    Its money names the event, so each is a tournament of its own and its players pay a
    buy-in in each, into two prize pools."""
    rows = db.execute(
        "SELECT o.id, e.money, o.money FROM events e JOIN events o ON o.kind = e.kind "
        "AND o.name = e.name AND o.date IS e.date AND o.money IS NOT e.money AND o.id != e.id "
        "AND o.void_reason IS NULL "
        "WHERE e.id = ? AND e.kind = 'tournament' AND e.name != '' AND EXISTS ("
        "SELECT 1 FROM tournament_entries a JOIN tournament_entries b "
        "ON b.alias_id = a.alias_id WHERE a.event_id = e.id AND b.event_id = o.id) ORDER BY o.id",
        [event_id],
    ).fetchall()
    label = event_label_of(db, event_id)
    return [
        other_money_said(label, mine, event_label_of(db, int(other)), theirs)
        for other, mine, theirs in rows
    ]


def other_money_words(label: str, money: object, other: str, other_money: object) -> str:
    """The import's warning of tournament ``label`` in ``money`` and ``other`` of its name and
    date in ``other_money`` (``events.money``: a currency's code, or ``money`` when none is
    named), sharing players (:func:`other_money`; ``check`` says it too), in the command
    line's words."""
    return command_text(other_money_said(label, money, other, other_money))


def other_money_said(label: str, money: object, other: str, other_money: object) -> Said:
    """:func:`other_money_words` with what to do apart: one currency in every file."""
    return (
        f"{label} in {_money(money)} and {other} in {_money(other_money)} share players: one "
        "tournament whose files name its money otherwise? Each counts its buy-ins and prizes; ",
        Advice("state one currency"),
    )


OTHER_MONEY = "tournament-other-money"
"""The rule ``check`` names the warning of :func:`other_money`."""


def _money(money: object) -> str:
    """A tournament's money as :func:`other_money` names it (``events.money``)."""
    return "money of no currency named" if money in (None, "money") else str(money)


def free_chips(label: str, sat: _Sittings) -> list[str]:
    """The players of tournament ``event_id`` who busted at one table (his last hand there
    left him 0) and played at another of its tables, with no rebuy or add-on in his hands
    there, while no stack he sat down with at the table he busted at is one another table
    left him (:func:`_sittings`): he came to it from no other table, so he played the others
    after he was out, on chips nobody bought.  A rebuy at the table he busted at says he may
    have come to it from a bust elsewhere (an add-on does not: the players still in take it).
    A night's file may miss hands, so this is for the import's report, not a refusal; each
    as a sentence; ``sat``: its :func:`_sittings`."""
    came, left, last, bought, rebought, _, _, _ = sat
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
            f"{name} busted at table {table!r} of {label}, not having "
            f"come to it from another table, and plays at table {tables} without a rebuy "
            "there: chips nobody bought; write the 'rebuys' line, or correct the stacks or "
            "the table"
        )
    return found


def second_entries(label: str, starting: int | None, sat: _Sittings) -> list[str]:
    """:func:`second_entries_said` in the command line's words."""
    return [command_text(said) for said in second_entries_said(label, starting, sat)]


def second_entries_said(label: str, starting: int | None, sat: _Sittings) -> list[str | Said]:
    """The players of tournament ``event_id`` who never sat down with its starting chips and
    bought none, while others sat down with them (:func:`_sittings`): an entrant starts with
    the starting chips, so such a player is one already in, moved from another table under
    another name (``Ben`` at one table, ``ben`` at the next: two entrants, one buy-in charged
    twice and a prize pool too big), or his first hands are at a table the ledger does not
    hold.  Named with the player another table left with a stack he sat down with, if any
    (not one who sat in a hand with him: they are two players).
    A tournament whose start the ledger does not hold (nobody sat down with the starting
    chips: its final table only) says nothing.  For the import's report, each as a
    sentence, with what to do apart when it names the player another table left (write one
    name); ``sat``: its :func:`_sittings`."""
    if starting is None:
        return []
    came: dict[str, set[int]] = {}
    for (name, _), stacks in sat.came.items():
        came.setdefault(name, set()).update(stacks)
    if starting not in sat.unbought:
        return []
    buyers = {name for name, _ in sat.bought}
    found: list[str | Said] = []
    for name, stacks in sorted(came.items()):
        if starting in stacks or name in buyers:
            continue
        shown = " or ".join(map(str, sorted(stacks)))
        text = (
            f"{name!r} sits down in {label} with {shown} chips, never "
            f"with its starting {starting}, and bought none: "
        )
        moved = sorted(
            (other, table)
            for (other, table), left in sat.left.items()
            if other != name and left & stacks and not sat.hands[other] & sat.hands[name]
        )
        if moved:
            other, table = moved[0]
            text += (
                f"{other!r} left table {table!r} with that stack; if {name!r} is {other!r}, "
                "the ledger counts one player as two entrants, one buy-in charged twice: "
            )
            found.append((text, Advice("write one name")))
            continue
        text += (
            "a player entered twice under two names (one buy-in charged twice), or hands "
            "of a table the ledger does not hold: correct the names or the stacks"
        )
        found.append(text)
    return found
