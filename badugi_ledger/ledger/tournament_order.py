"""The order a tournament's hands were played in, over all its tables and files.

A tournament's places follow its busts in the order they happened, so its hands need one order
over all its tables.  One file is the record of a night, its lines in the order played (tables
breaking into a final table included).  A tournament written in several files - one file per
table, a final table of its own - needs the files put together, and their numbers say little:
each table may number its hands from 1.  A tournament's chips say more.  They are bought only
by the buy-in, rebuys and add-ons, so a player who sits down at a table brings the stack he
left his last table with (less the rebuys and add-ons written before his hand there):

* :func:`order_files` puts whole files in order: a file whose first stack of a player is the
  stack another file left him with was played after it.
* :func:`play_order` goes down to the hands.  When a table sends a player to another one
  and later takes players from it (a player moved to balance the tables, then a table broken
  into the other), neither file was played wholly before the other, and its players'
  moves say where they interleave: the hand a player sits down in at one table was played
  after the hand he left the other in with the same stack.  Elsewhere, the hands of files
  numbered on from one another (no number in both: a site's hand ids, a recorder who numbers
  on) come in the natural order of their numbers; files that number from 1 again say nothing
  of which came first, and keep the order :func:`order_files` gives them: a file's hands are
  read until one of them must wait for a hand of another file (a move the ledger cannot read
  then never puts a final table's hands among those of the tables it was drawn from).  A
  file's own hands always come in the order of its lines.

A move is read only where the stacks say it alone: one hand of another file left the player
with that stack (none of his own table did), the stack is not the starting chips (he may be
sitting down for the first time), and he did not come the other way round with the same
stacks.  Where the moves contradict each other, the files are played whole, in the order
:func:`order_files` gives.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import NamedTuple

Row = tuple[int, int, int, str, int, int, int | None, int | None, str, int | None, str | None]
"""A row of a tournament's hands as played (``tournament_results._PLAYED_HANDS``): hand id,
counts, alias id, name, starting stack, final stack, rebuys, add-ons, source file, the net
stack change written before the hand, the natural-order key of the hand's number
(:func:`~.views.number_key`)."""


def order_files(files: Sequence[Sequence[Row]]) -> list[Sequence[Row]]:
    """A tournament's files (each its rows in the order of its lines), first played first.

    They come in the order of the number of their first hand, which says nothing when the
    numbers start again in each file (a final table's file numbered from 1, like the file of
    the tables before it: then the file names decide) or do not run on from file to file.  A
    player who sits down in his next file brings the stack his last hand left him, less the
    rebuys and add-ons written before it.  A file whose first stack of a player is the stack
    another file left him with, while his stack in the first is not what the second begins
    with, was played after it.  The files keep their order where the stacks say nothing, and
    wholly when what they say cannot all hold (stacks that match by chance both ways).

    >>> early = [(1, 1, 1, "A", 100, 205, 0, 0, "tables.bhh", 0, "1")]
    >>> final = [(2, 1, 1, "A", 205, 600, 0, 0, "final.bhh", 0, "1")]
    >>> [rows[0][8] for rows in order_files([final, early])]
    ['tables.bhh', 'final.bhh']
    """
    first: list[dict[str, int | None]] = []
    last: list[dict[str, int]] = []
    for rows in files:
        came: dict[str, int | None] = {}
        left: dict[str, int] = {}
        for row in rows:
            name, start, final, change = row[3], row[4], row[5], row[9]
            if name not in came:
                came[name] = None if change is None else start - change
            left[name] = final
        first.append(came)
        last.append(left)
    after: dict[int, set[int]] = defaultdict(set)  # file -> the files played before it
    for a, b in ((a, b) for a in range(len(files)) for b in range(len(files)) if a != b):
        for name, arrived in first[b].items():
            if name not in last[a] or arrived is None or arrived != last[a][name]:
                continue
            back = first[a].get(name)
            if back is not None and back != last[b][name]:
                after[b].add(a)
    order: list[int] = []
    left_over = list(range(len(files)))
    while left_over:
        ready = next((f for f in left_over if not after[f] - set(order)), None)
        if ready is None:  # the stacks contradict each other: keep the files' own order
            return list(files)
        order.append(ready)
        left_over.remove(ready)
    return [files[f] for f in order]


class _Stay(NamedTuple):
    """A player's hands in a row in one file (a *stay* at its table): where they begin and
    end, the stack he sat down with (None: not known) and the stack he left with."""

    file: int
    first: int
    last: int
    arrived: int | None
    left: int


def play_order(files: Sequence[Sequence[Row]], starting_chips: int | None = None) -> list[Row]:
    """A tournament's rows (each file's in the order of its lines) in the order its hands were
    played, over all its files (see the module docstring).  ``starting_chips``: the stack a
    player sits down with first (a stack of that size is no sign of a move).

    Table A (``a.bhh``) plays hands 1 and 4, table B (``b.bhh``) hands 2 and 3.  Ben leaves A
    after hand 1 with 70 chips and sits down at B in hand 3; Cara leaves B after hand 2 with
    130 and sits down at A in hand 4.  Neither file was played before the other:

    >>> a = [(1, 1, 1, "Ann", 100, 130, 0, 0, "a.bhh", 0, "1"),
    ...      (1, 1, 2, "Ben", 100, 70, 0, 0, "a.bhh", 0, "1"),
    ...      (4, 1, 1, "Ann", 130, 0, 0, 0, "a.bhh", 0, "4"),
    ...      (4, 1, 3, "Cara", 130, 260, 0, 0, "a.bhh", 0, "4")]
    >>> b = [(2, 1, 3, "Cara", 100, 130, 0, 0, "b.bhh", 0, "2"),
    ...      (2, 1, 4, "Dan", 100, 70, 0, 0, "b.bhh", 0, "2"),
    ...      (3, 1, 2, "Ben", 70, 140, 0, 0, "b.bhh", 0, "3"),
    ...      (3, 1, 4, "Dan", 70, 0, 0, 0, "b.bhh", 0, "3")]
    >>> [row[0] for row in order_files([a, b])[0]]  # whole files: A first, as numbered
    [1, 1, 4, 4]
    >>> [row[0] for row in play_order([a, b])]
    [1, 1, 2, 2, 3, 3, 4, 4]

    Numbered from 1 at each table, the numbers say nothing: B's hand comes between A's where
    Cara's move says, and A, the first file, goes on where no move says:

    >>> renumbered = [row[:10] + ({1: "1", 4: "2", 2: "1", 3: "2"}[row[0]],) for row in a + b]
    >>> [row[0] for row in play_order([renumbered[:4], renumbered[4:]])]
    [1, 1, 2, 2, 4, 4, 3, 3]
    """
    ordered = order_files(files)
    hands = [_hands(rows) for rows in ordered]
    if len(hands) < 2:
        return [row for rows in ordered for row in rows]
    after = _moves(hands, starting_chips)
    numbers = [{_number(hand) for hand in file_hands} for file_hands in hands]
    apart = {(f, g): not numbers[f] & numbers[g] for f in range(len(hands)) for g in range(f)}
    done = [0] * len(hands)  # each file's hands played so far
    played: list[Row] = []
    for _ in range(sum(map(len, hands))):
        ready = [
            f
            for f, file_hands in enumerate(hands)
            if done[f] < len(file_hands)
            and all(done[g] > i for g, i in after.get((f, done[f]), ()))
        ]
        if not ready:  # the moves contradict each other: the files whole, in their order
            return [row for rows in ordered for row in rows]
        f = ready[0]
        for g in ready[1:]:  # files numbered on from one another: the lower number first
            if apart[g, f] and _number(hands[g][done[g]]) < _number(hands[f][done[f]]):
                f = g
        played.extend(hands[f][done[f]])
        done[f] += 1
    return played


def _number(hand: list[Row]) -> str:
    """The natural-order key of a hand's number (its rows')."""
    return hand[0][10] or ""


def _hands(rows: Sequence[Row]) -> list[list[Row]]:
    """A file's rows, a list for each hand (its rows come together)."""
    hands: list[list[Row]] = []
    for row in rows:
        if not hands or hands[-1][0][0] != row[0]:
            hands.append([])
        hands[-1].append(row)
    return hands


def _moves(
    hands: list[list[list[Row]]], starting_chips: int | None
) -> dict[tuple[int, int], set[tuple[int, int]]]:
    """(file, hand) -> the hands of other files played before it: the hand each player who
    sits down in it left another table in, where the stacks say so alone (not the starting
    chips: he may be sitting down for the first time)."""
    stays: dict[str, list[_Stay]] = defaultdict(list)
    for f, file_hands in enumerate(hands):
        open_: dict[str, _Stay] = {}
        for h, hand in enumerate(file_hands):
            for row in hand:
                name, start, final, change = row[3], row[4], row[5], row[9]
                stay = open_.get(name)
                if stay is not None and stay.last == h - 1:
                    open_[name] = stay._replace(last=h, left=final)
                    continue
                if stay is not None:
                    stays[name].append(stay)
                arrived = None if change is None else start - change
                open_[name] = _Stay(f, h, h, arrived, final)
        for name, stay in open_.items():
            stays[name].append(stay)
    after: dict[tuple[int, int], set[tuple[int, int]]] = defaultdict(set)
    for of_player in stays.values():
        for stay in of_player:
            if stay.arrived is None or stay.arrived == starting_chips:
                continue
            own = [s for s in of_player if s.file == stay.file and s.last < stay.first]
            if any(s.left == stay.arrived for s in own):  # back at his table
                continue
            came = [s for s in of_player if s.file != stay.file and s.left == stay.arrived]
            if len(came) != 1 or came[0].arrived == stay.left:  # not alone, or either way
                continue
            after[(stay.file, stay.first)].add((came[0].file, came[0].last))
    return after


__all__ = ["Row", "order_files", "play_order"]
