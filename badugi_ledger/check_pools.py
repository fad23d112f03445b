"""What a check of several files says of their nights' carried Progressive Badugi pots that an
import of them into an empty ledger says of one file because of another (the ledger's pools:
``ledger/carried_pots.py``, ``ledger/last_week_pots.py``, ``ledger/carry_strangers.py``):

* the import's refusal of a file with which a hand of a pool takes more than the hands before
  it left, or with which a pool's first hand takes a pot at a table whose pots were carried in
  another unit (``carry-carried``, a warning as of one file: a night imported before may carry
  the pot);
* last week's pot taken by one of several first hands of nights whose order is not known
  (``carry-last-week``);
* a pot taken by a night none of whose players sat in the hand of another night that carried
  it (``carry-strangers``);
* a pot the next hand played at its table takes only in part (``carry-left-behind``:
  :func:`left_behind`, said once every file was read, or at the end of one file), or, when
  that hand's file comes before the file of the night that carried the pot, the import's
  refusal of that later file (``carry-carried``, an error).

Each in the import's words, at a hand of the file just read (an earlier file's report is out
already).  Of each file, its nights' tallies only (:class:`~.replay.pools.PoolNight`: a few
numbers and places a night, and the players of the hands that carried and took a pot).

Why a module of its own: :mod:`.check_across` would pass 600 lines with it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .ledger.views import number_key
from .model.errors import NOWHERE, Position
from .model.results import HandOutcome, Violation
from .replay.pools import PoolNight, Pools, refusal


class PoolsOfFiles:
    """The nights of the files so far, by table and pool of carried pots, as an import of them
    holds them (two numbers and a few places a night: :class:`~.replay.pools.PoolNight`)."""

    def __init__(self) -> None:
        self.nights: dict[tuple[str, str, tuple[str | None, ...]], list[Any]] = {}
        self.words: dict[tuple[str | None, ...], str] = {}
        """Each pool the files' nights played in, in words."""
        self.tables: set[str] = set()
        """The tables of those nights."""

    def found(
        self, source: str, pools: Pools, new: Callable[[int], bool] = lambda _: True
    ) -> list[tuple[HandOutcome, Violation]]:
        """What an import of the files so far and this one (``source``, whose ``pools``)
        says of their nights' carried pots that an import of this one alone does not: its
        refusal of this file (a warning, as of one file: a night imported before may carry
        the pot; at the hand it names, or this file's first in a pool when that hand is an
        earlier file's) - first that a pool's first hand takes a pot at a table whose pots
        were carried in another unit, then that a hand is left less than it takes -, else the
        warning that last week's pot is taken by one of several
        first hands of nights of one date (``carry-last-week``).  Nothing when a refusal was
        said already, of this file alone or of one before (a file refused is held to the
        later ones as if stored, as ``check`` holds its hands: a file imported before it may
        carry its pot)."""
        mine = _pooled(pools, new)
        if not any(table in self.tables for _, table, _ in mine):
            return []  # (no table of the files before: none of their pools)
        alone = pools.at_end()
        if any(found.rule == "carry-carried" for _, found in alone):
            return []
        before = Pools()
        before.nights, before.words = self.nights, self.words
        if before.refused(across=source) or before.taken_from_elsewhere():
            return []
        merged = Pools()
        merged.nights = {key: list(nights) for key, nights in self.nights.items()}
        merged.words = {**self.words, **pools.words}
        for key, nights in mine.items():
            merged.nights.setdefault(key, []).extend(nights)
        alone_pooled = Pools()
        alone_pooled.nights, alone_pooled.words = _pooled(pools), pools.words
        elsewhere = merged.taken_from_elsewhere()
        if elsewhere and not alone_pooled.taken_from_elsewhere():
            return [_here(source, pools, _unit_refusal(merged.words, *elsewhere[0]))]
        refused = merged.refused(across=source)
        if refused:
            return [_here(source, pools, _at(source, hand, found)) for hand, found in refused]
        parts = _parts_refused(self.nights, mine, merged.words, source)
        if parts is not None:
            return [_here(source, pools, parts)]
        said = {(found.rule, found.pos.line) for _, found in alone}
        return [
            _at(source, hand, found)
            for hand, found in merged.last_week_unordered(across=True)
            if found.pos.source == source and (found.rule, found.pos.line) not in said
        ] + _strangers(source, merged)

    def remember(self, pools: Pools, new: Callable[[int], bool] = lambda _: True) -> None:
        """The file's nights, once it is stored (those whose first hand it stores new)."""
        for key, nights in _pooled(pools, new).items():
            self.nights.setdefault(key, []).extend(nights)
            self.tables.add(key[1])
        self.words.update(pools.words)


def _parts_refused(
    before: dict[tuple[str, str, tuple[str | None, ...]], list[Any]],
    mine: dict[tuple[str, str, tuple[str | None, ...]], list[Any]],
    words: dict[tuple[str | None, ...], str],
    source: str,
) -> tuple[HandOutcome, Violation] | None:
    """The import's refusal of ``source`` whose part of a night (``mine``) comes after a part
    of the same night in a file before it (``before``), or before it, in the ledger's play
    order - one night at its table, its files in the order of their first hand's number
    (``ledger/views.py``, ``play_order``), whatever order they were imported in - when a
    part's first hand that takes or carries a pot takes more than the hands before it left:
    the nights of earlier dates and the night's parts before it (the pool's first hand alone
    taking last week's pot, on its file's word: ``ledger/carried_pots.py``, ``_walk``).  A
    part of the file before that comes after ``source``'s, its first hand free to take last
    week's pot while it was the night's first, is held to ``source``'s part ahead of it now:
    the import refuses ``source`` then, naming that hand and its file (at this file's first
    hand in a pool: :func:`_here`).  :meth:`~.replay.pools.Pools.refused` holds each
    file's part as a night of its own, nights of one date whose order is not known, held to
    their totals only.  A warning, at that hand, in the import's words, as its other refusals
    of carried pots across files are; None when nothing is refused (nights of an unknown
    order, before or on its date, are held to their totals there)."""

    def place(night: Any) -> tuple[str, str, str]:
        hand, pos = night.first or ("", NOWHERE)
        return number_key(hand), hand, pos.source

    for key, nights in mine.items():
        held = [n for n in before.get(key, []) if n.first_take is not None]
        for part in held + nights:
            move = part.first_move
            if move is None or not move[2] or part.date is None:
                continue
            ahead = sorted(
                (
                    n
                    for n in held + nights
                    if n is not part and (n.name, n.date) == (part.name, part.date)
                ),
                key=place,
            )
            ahead = [n for n in ahead if place(n) < place(part)]
            other_side = held if any(part is n for n in nights) else nights
            if not any(n is m for n in ahead for m in other_side):
                continue  # (one file's parts: its own check holds them)
            played = [n for n in held + nights if n.first_take is not None]
            if not ahead or any(
                n.date is None or (n.date == part.date and n.name != part.name) for n in played
            ):
                continue  # (its place is not known: held to totals, as nights of one date)
            earlier = [n for n in played if (n.date or "") < part.date]
            first = min((n.date or "" for n in earlier), default=None)
            opening = [n for n in earlier if n.date == first] or ahead[:1]
            last_week = max(n.first_take or 0 for n in opening)  # (the pool's first hand's)
            carried = sum(n.carried for n in earlier + ahead)
            taken = sum(n.taken for n in earlier + ahead)
            if move[2] <= carried + last_week - taken:
                continue
            _, violation = refusal(key[1], key[2], (part, move), carried, taken, source)
            return HandOutcome(violation.pos.source, move[0], violation.pos), violation
    return None


def _unit_refusal(
    words: dict[tuple[str | None, ...], str],
    table: str,
    pool: tuple[str | None, ...],
    night: PoolNight,
    others: list[tuple[str | None, ...]],
) -> tuple[HandOutcome, Violation]:
    """The import's refusal of a file with which ``night``'s first hand, the first of its
    ``pool`` at ``table``, takes a pot while the table carried pots in ``others`` (a pot never
    changes unit: :meth:`~.replay.pools.Pools.taken_from_elsewhere`), in its words, as a
    warning (a night of its pool imported before may come first), at that hand."""
    from .ledger.carried_pots import CarryShortfall, unit_fix  # (the import's words)
    from .model.events import event_label

    hand, pos = night.first or ("", NOWHERE)
    short = CarryShortfall(
        table,
        words[pool],
        0,
        hand,
        0,
        event_label({"name": night.name, "date": night.date}),
        pos.source,
        night.first_take or 0,
        0,
        0,
        elsewhere=tuple(words[other] for other in others),
        line=pos.line,
    )
    text = f"{short.text()}; {unit_fix()}; nothing from this file was stored"
    return HandOutcome(pos.source, hand, pos), Violation("carry-carried", text, pos, "warning")


def _strangers(source: str, merged: Pools) -> list[tuple[HandOutcome, Violation]]:
    """The import's ``carry-strangers`` warnings of the nights of the files so far and
    ``source`` (``merged``: :meth:`~.replay.pools.Pools.strangers`) whose night that takes
    the pot and night that carried it are in two files, one of them ``source``: at the hand
    that takes it, or, when that is an earlier file's, at the hand that carried it.  (Both in
    ``source``: the check of the file alone says it.)"""
    from .replay.pool_rules import strangers_text  # (the import's words)

    found = []
    for table, taker, carrier in merged.strangers():
        hand, pos = taker.first or ("", NOWHERE)
        carried = carrier.carrier[0] if carrier.carrier is not None else ""
        carrier_at = carrier.carrier_at or NOWHERE
        if source not in (pos.source, carrier_at.source) or pos.source == carrier_at.source:
            continue
        text = strangers_text(table, hand, _label(taker), carried, _label(carrier))
        here = pos if pos.source == source else carrier_at
        number = hand if here is pos else carried
        found.append(
            (HandOutcome(source, number, here), Violation("carry-strangers", text, here, "warning"))
        )
    return found


def _label(night: PoolNight) -> str:
    """A night as messages name it (``Friday (2024-05-03)``)."""
    from .model.events import event_label

    return event_label({"name": night.name, "date": night.date})


def _pooled(
    pools: Pools, new: Callable[[int], bool] = lambda _: True
) -> dict[tuple[str, str, tuple[str | None, ...]], list[Any]]:
    """A file's nights by table and pool, whatever the file: the ledger's pools.  Only the
    nights that played a Progressive hand (``first_take`` set): the others take and carry
    nothing, and :meth:`~.replay.pools.Pools.refused` and ``last_week_unordered`` pass them
    over - kept, a folder of one-hand files of other games would make every file's end walk
    every earlier file's night.  And only those whose first such hand the import stores new
    (``new`` of its line): a night whose first hand the ledger holds already (a copy of the
    night, a hand of it mistyped) is that file's night, not a second one beside it."""
    found: dict[tuple[str, str, tuple[str | None, ...]], list[Any]] = {}
    for (_, table, pool), nights in pools.nights.items():
        played = [
            n
            for n in nights
            if n.first_take is not None and (n.first is None or new(n.first[1].line))
        ]
        if played:
            found.setdefault(("", table, pool), []).extend(played)
    return found


def _at(source: str, hand: str, found: Violation) -> tuple[HandOutcome, Violation]:
    return HandOutcome(source, hand, found.pos), found


def _here(
    source: str, pools: Pools, found: tuple[HandOutcome, Violation]
) -> tuple[HandOutcome, Violation]:
    """A refusal of this file at the hand it names, or, when that hand is an earlier file's,
    at this file's first hand that plays in a pool of carried pots (its report is the place)."""
    outcome, violation = found
    if violation.pos.source == source:
        return found
    firsts = [n.first for nights in pools.nights.values() for n in nights if n.first is not None]
    if not firsts:
        return found
    hand, pos = min(firsts, key=lambda first: first[1].line)
    moved = Violation(violation.rule, violation.message, pos, violation.kind)
    return HandOutcome(source, hand, pos), moved


LEFT_BEHIND = "carry-left-behind"
"""The rule ``check`` names the import's warning of a pot a hand takes only in part."""


def _refused_for_later_pot(
    pools: Pools,
    table: str,
    night: PoolNight,
    taker: tuple[str, Position, int],
    carrier_at: Position,
    held_at: Callable[[str, int], tuple[str, int]] | None,
) -> tuple[HandOutcome, Violation]:
    """The import's refusal of the file of the hand at ``carrier_at``, which carries a pot
    that ``taker`` (a hand of ``night``, of a file stored before it) takes in part: with it,
    the rest would stay in ``*carry*`` for no hand (``CarryShortfall.surplus``, whose words,
    and the import's way out, ``file_transaction.surplus_hint``, are asked here; the void
    command names the event by its key, the ledger's id not being known before an import).
    An error, at the refused file's first hand in a pool of carried pots: nothing of the
    file is stored."""
    from .ledger.carried_pots import CarryShortfall
    from .ledger.file_transaction import surplus_hint
    from .model.events import event_key_text, event_label

    hand, pos, take = taker
    key, nights = next((k, n) for k, n in pools.nights.items() if night in n)
    pool = key[2]
    date = night.date or ""  # (a night of a date: the order of undated ones is not known)
    before = [n for n in nights if n.first_take is not None and (n.date or "") < date]
    source, line = held_at(pos.source, pos.line) if held_at is not None else (pos.source, pos.line)
    short = CarryShortfall(
        table,
        pools.words.get(pool, ""),
        0,
        hand,
        0,
        event_label({"name": night.name, "date": night.date}),
        source,
        take,
        sum(n.carried for n in before),
        sum(n.taken for n in before),
        surplus=True,
        line=line,
    )
    refused = carrier_at.source
    kind = pool[0] or "cash"
    unit = "" if kind == "tournament" else (pool[1] or "")
    event = event_key_text((kind, night.name, night.date, unit))
    of_run = None if source == refused else source
    text = f"{short.text()}: {surplus_hint(event, hand, of_run, source)}"
    text += "; nothing from this file was stored"
    firsts = [
        n.first
        for (_, _, _), held in pools.nights.items()
        for n in held
        if n.first is not None and n.first[1].source == refused
    ]
    number, at = min(firsts, key=lambda first: first[1].line) if firsts else ("", carrier_at)
    return HandOutcome(refused, number, at), Violation("carry-carried", text, at)


def left_behind(
    pools: Pools,
    order: Callable[[str], int] | None = None,
    held_at: Callable[[str, int], tuple[str, int]] | None = None,
) -> list[tuple[HandOutcome, Violation]]:
    """The import's warnings of the pots ``pools``' nights leave behind
    (:func:`~.replay.pools_left.left_behind`: a hand taking less than is left for it), in
    its words (``ledger/carried_pots.py``, ``left_behind_words``), each at the hand that
    takes the pot, a warning as the import's.  ``order``: of several files, each file's place
    in the import's order; a hand that takes or carries a pot, of a file stored before the
    file of the hand that carried it, is not warned of: the import refuses that later file
    instead (the rest of a pot the ledger holds taken would stay in ``*carry*``), an error
    said at that file (:func:`_refused_for_later_pot`; not of a hand of the carrier's own
    night, a hand of it in two files).  ``held_at``: the file and line the ledger reads a
    hand of a file from (the last file holding it as a copy), which the words name and the
    warning is at."""
    found = []
    from .replay.pools_left import left_behind as walked

    for table, night, (hand, pos, take), left, carrier, (by, at), moved in walked(pools):
        if moved and order is not None and order(pos.source) < order(at.source):
            if night is not carrier:  # (within one night: not said)
                found.append(
                    _refused_for_later_pot(pools, table, night, (hand, pos, take), at, held_at)
                )
            continue
        if held_at is not None:
            pos = Position(*held_at(pos.source, pos.line), pos.column)
            at = Position(*held_at(at.source, at.line), at.column)
        from .ledger.carried_pots import PoolMove, left_behind_words  # (the import's words)

        pool = next(p for (_, _, p), nights in pools.nights.items() if night in nights)
        words = pools.words.get(pool, "")
        taker = PoolMove(
            0, 0, night.date, 0, hand, take, 0, words, night.name, pos.source, pos.line
        )
        carried = PoolMove(0, 0, carrier.date, 0, by, 0, 0, words, carrier.name, at.source, at.line)
        text = left_behind_words(table, taker, left, carried)
        violation = Violation(LEFT_BEHIND, text, pos, "warning")
        found.append((HandOutcome(pos.source, hand, pos), violation))
    return sorted(found, key=lambda item: item[0].pos.line)
