"""What the ledger and ``check`` hold a table's pools of carried Progressive Badugi pots to
alike: where a night stands among nights whose order is not known (:func:`night_order`), which
hand of a pool's step is refused when it takes more than was left (:func:`refused_taker`),
the words of that refusal (``carry-carried``), of the warning of last week's pot taken by
several first hands (``carry-last-week``) and of a pot taken by a hand none of whose players
sat in the hand that carried it (``carry-strangers``, :func:`strangers_text`), so that both
name the same hand the same way.

Why a module of its own: ``check``'s pools of one file (:mod:`.pools`) and the ledger's walk
of every stored night (``ledger/carried_pots.py``, ``ledger/last_week_pots.py``,
``ledger/file_transaction.py``) each keep their own tallies, and share only these rules and
words: here, beside neither tally.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar


def last_week_text(
    table: str, named: list[str], takes: list[str], carried: str, before: str, *, stored: str
) -> str:
    """Two or more first hands of nights whose order is not known (``named``) that each take a
    carried pot (``takes``) while those nights carried less (``carried``): some order holds,
    one of them taking ``before`` of last week's pot, never carried in the ledger - the
    import's warning, and ``check``'s (``stored``: on whose word the ledger takes it)."""
    return (
        f"{at_table(table)} {_listed(named)} each open their night by taking a carried "
        f"Progressive Badugi pot ({_listed(takes)}), but those nights, whose order is not "
        f"known (of one date, or without a date), carried {carried}: {stored} that one of "
        f"these hands was the first played at the table and took {before} of last week's "
        f"pot, which the ledger never saw carried; played in another order, {before} came "
        "from nowhere: correct the 'carry in' of the hand that takes a pot no hand carried "
        "and import its file again with --replace"
    )


def _listed(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


H = TypeVar("H")


def night_order(date: str | None, name: str) -> tuple[str, str]:
    """Where a night stands among nights whose order the ledger does not know (of one date,
    or, when one has no date, all of its pool's): by date, an undated one first, then by the
    ledger's name of it.  Not play order, which is not known, but one that holds whatever
    order the files came in, so that the ledger and ``check`` name the same hand
    (:func:`refused_taker`)."""
    return (date or "", name)


def refused_taker(takers: Sequence[H], takes: int, left: int, carries: int) -> H | None:
    """The hand refused of hands of a pool that take ``takes`` of carried pots together (a
    hand whose place is known, or nights whose order is not known, held to their totals),
    when that is more than the hands before them ``left`` and, nights whose order is not
    known, what they ``carries`` (a hand's own carry comes after its take: 0); None when it is
    not more.  The last of ``takers`` - the hands that take a pot, in play order, nights whose
    order is not known in :func:`night_order` - since no order of the nights is known in which
    an earlier one is wrong: the ledger's refusal names it (``ledger/carried_pots.py``), and
    ``check`` says it at that hand (:meth:`.pools.Pools.at_end`)."""
    if not takers or takes <= left + carries:
        return None
    return takers[-1]


def taken_more_text(
    table: str,
    placed: str,
    takes: int,
    carried: int,
    taken: int,
    amount: Callable[[int], str],
    *,
    unordered: bool,
) -> str:
    """A hand (``placed``: ``hand Q1 of Friday (2024-05-10)``, and where it is) that takes
    ``takes`` of carried pots while the hands before it (``unordered``: of the nights whose
    order is not known, with those before them, its own take left out) carried ``carried``
    and took ``taken``, in words (``amount`` in the pool's unit): the ledger's refusal, and
    ``check``'s error of nights whose order is not known."""
    took = f" and took {amount(taken)}" if taken else ""
    hands = (
        "the hands of the nights whose order is not known (of one date, or without a "
        "date), with those before them,"
        if unordered
        else "the hands before it"
    )
    first = (
        " (only a table's first hand takes a pot from before the ledger, on its file's word)"
        if not carried and not taken
        else ""
    )
    return (
        f"{at_table(table)} {placed} takes {amount(takes)} of carried Progressive Badugi "
        f"pots, but {hands} carried {amount(carried)}{took}{first}{nameless(table)}"
    )


TAKES_MORE = "its 'carry in' states more than was carried, or takes a pot another hand took"
"""What to correct in the file of a hand :func:`taken_more_text` names."""


def held_before_hint(source: str) -> str:
    """What to do of a file whose hands leave a hand of ``source``, stored before it by the
    same import, less than that hand takes (the import's refusal of the file, and ``check``'s
    of several files)."""
    return (
        "with this file, the hands before it leave it less than it takes, and "
        f"{source}, stored by this import, holds that hand: correct its 'carry in' in "
        f"{source}, or this file, then run this import again"
    )


def nameless(table: str) -> str:
    """What a message about the table without a name adds: which hands it holds."""
    if table:
        return ""
    return (
        " (the nights that write no 'table' line are one table, whose carried pots pass "
        "from each night to the next: name each game's table, 'table NAME', to keep two "
        "games apart)"
    )


def at_table(table: str) -> str:
    """``at table 'Back'``; a table without a name is every night's that names none."""
    return f"at table {table!r}" if table else "at the table without a name"


def strangers_text(table: str, hand: str, taker: str, carrier: str, carried: str) -> str:
    """A hand that takes the pot a hand of another night carried while no player of that hand
    sits in it, in words (``check``'s warning, the import's): most likely two games kept at
    one table, whose pots pass from one to the other."""
    return (
        f"{at_table(table)} hand {hand} of {taker} takes the Progressive Badugi pot hand "
        f"{carrier} of {carried} carried, but no player of that hand sits in it: if they "
        "are two games, name each game's table ('table NAME', and import both files again "
        "with --replace), or their pots pass from one game to the other"
    )
