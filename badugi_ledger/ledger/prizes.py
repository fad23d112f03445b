"""Tournament rules that need no ledger: finishing places, prizes, chops and points.

They are pure functions of places, stacks and money, tested on their own; the stored
tournament (terms, bounties, entries) is :mod:`badugi_ledger.ledger.tournament_results`.

**Places** (:func:`finishing_places`).  Hands are taken in the order they were played.  A
player is *out* when their stack is 0 at the end of the last hand they appear in (a player who
busts and rebuys appears again, so only the final bust counts).  Later busts finish higher.
Players busting in the same hand are placed by their stack at the start of that hand (bigger
stack, better place); equal stacks share the place.  Players never busted take the top places
by their last stack; equal stacks share.  A shared place covers several places (``place`` ..
``place_to``) and its players split the prizes of all the places covered.

A hand an organiser voided was played (the stacks went through it, so it keeps its place among
the hands) but its own play does not count, as in a cash game, where a voided hand's result is
taken out of the player's stack at the end: a bust in it is no bust (the player is still in,
with the stack he had before it), and a player still in is ranked by his last stack less what
the voided hands won him (more, if they lost him chips).

**Prizes** (:func:`prize_table`).  The payout table is whole percentages of the prize pool,
first place first, and must total 100.  Every place but first gets ``pool * pct / 100`` rounded
*down* to a whole ``unit`` (default 1 cent; a club paying whole euros uses 100), and first place
gets the rest, so the prizes always add up to the pool exactly.  Places the field cannot fill
(more paid places than entrants) pay nothing and their money stays with first place.  Money
shared between tied players is divided evenly in whole units; units left over go one each to
the tied players in name order, and any amount below one unit to the first of them.

**Chops** (recorded with :func:`~.tournament_results.set_terms`, on the command line
``badugi-ledger tournament --chop``): when the players left at the end agree to stop, the
prizes of their places are re-divided: ``even`` splits them equally; ``chip-count`` gives each
the smallest prize of the places in the chop (the lowest place's, in a table that pays better
places more) and the rest in proportion to chips (rounded down to whole units, leftovers to the
chip leader), so no share is below zero. ICM is not offered.

**Points** (:func:`points_for`): ``linear`` = n − k + 1; ``table`` = fixed points per place;
``sqrt`` = 10·√n / √k · (1 + ln(b + 0.25)) with n entrants, k the place and b the buy-in in
currency units (cents / 100), natural logarithm.  Below b ≈ 0.12 that last factor is negative,
so ``sqrt`` refuses such buy-ins (freerolls) rather than hand out negative points.  A shared
place earns the average of the points of the places it covers.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from ..model.errors import ConfigError
from ..model.settings import validate_payouts

ChopMethod = Literal["even", "chip-count"]
CHOP_METHODS: tuple[ChopMethod, ...] = ("even", "chip-count")
PointsFormula = Literal["linear", "table", "sqrt"]
POINTS_FORMULAS: tuple[PointsFormula, ...] = ("linear", "table", "sqrt")


@dataclass(frozen=True)
class Finish:
    """Where a player finished: ``place`` .. ``place_to`` (equal unless the place is shared;
    both None: a place nobody knows, :func:`known_places`)."""

    player: str
    place: int | None
    place_to: int | None
    chips: int = 0
    """Chips at the end for players never busted; 0 for players who went out."""
    out_in_hand: int | None = None
    """Index (in the order played) of the hand the player went out in; None if still in."""


def name_order(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


def finishing_places(
    hands: Sequence[Mapping[str, tuple[int, int]]], void: Collection[int] = ()
) -> list[Finish]:
    """Places from per-hand ``{player: (stack at start, stack at end)}``, hands in the order
    they were played; ``void``: the indexes of the hands an organiser voided (see the module
    docstring).

    >>> hands = [{"A": (100, 150), "B": (100, 50), "C": (100, 100)},
    ...          {"A": (150, 250), "B": (50, 0), "C": (100, 50)}]
    >>> [(f.player, f.place) for f in finishing_places(hands)]
    [('A', 1), ('C', 2), ('B', 3)]
    >>> [(f.player, f.place, f.chips) for f in finishing_places(hands, void={1})]
    [('A', 1, 150), ('C', 2, 100), ('B', 3, 50)]
    """
    last: dict[str, int] = {}
    void_play: dict[str, int] = defaultdict(int)
    for index, hand in enumerate(hands):
        for player, (start, final) in hand.items():
            if start or final:  # a seat with no chips at the deal was not dealt in
                last[player] = index
                if index in void:
                    void_play[player] += final - start
    remaining: list[tuple[str, int]] = []
    out: list[tuple[str, int, int]] = []  # player, hand index, stack at start of that hand
    for player, index in last.items():
        start, final = hands[index][player]
        if final == 0 and index not in void:
            out.append((player, index, start))
        else:
            remaining.append((player, final - void_play[player]))
    finishes: list[Finish] = []
    place = 1
    # Survivors: biggest stack first; equal stacks share.
    by_chips: dict[int, list[str]] = defaultdict(list)
    for player, chips in remaining:
        by_chips[chips].append(player)
    for chips in sorted(by_chips, reverse=True):
        group = sorted(by_chips[chips], key=name_order)
        for player in group:  # ranked by that figure; a stack is never below nothing
            finishes.append(Finish(player, place, place + len(group) - 1, max(chips, 0), None))
        place += len(group)
    # The busted: latest bust first; same hand by starting stack; equal stacks share.
    groups: dict[tuple[int, int], list[str]] = defaultdict(list)
    for player, index, start in out:
        groups[(index, start)].append(player)
    for key in sorted(groups, reverse=True):
        group = sorted(groups[key], key=name_order)
        for player in group:
            finishes.append(Finish(player, place, place + len(group) - 1, 0, key[0]))
        place += len(group)
    return finishes


def known_places(
    finishes: Sequence[Finish], stated: Mapping[str, int], *, chopped: bool = False
) -> list[Finish]:
    """The places of :func:`finishing_places` that are known, and those a site states
    (``stated``: a player's place as the site says it, which stands where the hands alone
    cannot tell it); a place nobody knows is None.

    The hands show the tournament's end when at most one player is still in with chips, or
    the players left agreed to stop (``chopped``: a chop the organiser recorded).  Short of
    it (the night stopped, the file is one table of a bigger field), the players still in have
    no place: their stacks are no finish, and none of them won.  The players out before have
    the places below theirs, unless the site states a place beyond the players the hands hold
    (a field bigger than the file): then the file does not know how many finished below or
    between them, and a place it does not state is unknown too.

    >>> fs = finishing_places([{"A": (100, 150), "B": (100, 50), "C": (100, 100)},
    ...                        {"A": (150, 250), "B": (50, 0), "C": (100, 50)}])
    >>> [(f.player, f.place) for f in known_places(fs, {})]
    [('A', None), ('C', None), ('B', 3)]
    >>> [(f.player, f.place) for f in known_places(fs, {}, chopped=True)]
    [('A', 1), ('C', 2), ('B', 3)]
    >>> [(f.player, f.place) for f in known_places(fs, {"B": 26})]
    [('A', None), ('C', None), ('B', 26)]
    """
    knowable = _knowable(finishes, stated, chopped)
    known: list[Finish] = []
    for f in finishes:
        place = stated.get(f.player)
        if place is not None:
            known.append(replace(f, place=place, place_to=place))
        elif not knowable(f):
            known.append(replace(f, place=None, place_to=None))
        else:
            known.append(f)
    return known


def _knowable(
    finishes: Sequence[Finish], stated: Mapping[str, int], chopped: bool
) -> Callable[[Finish], bool]:
    """Whether the hands alone know a player's place (see :func:`known_places`)."""
    ended = sum(1 for f in finishes if f.out_in_hand is None) <= 1 or chopped
    whole = all(place <= len(finishes) for place in stated.values())
    return lambda f: ended if f.out_in_hand is None else whole


def field_size(finishes: Sequence[Finish], stated: Mapping[str, int]) -> int:
    """How many entered, as far as anyone knows: the players the hands hold, or more where a
    site states a place beyond them (the fewest the field can have held).

    >>> field_size([Finish("A", 1, 1), Finish("B", 2, 2)], {"B": 26})
    26
    """
    return max(len(finishes), max(stated.values(), default=0))


def place_problems(
    finishes: Sequence[Finish], stated: Mapping[str, int], *, chopped: bool = False
) -> list[tuple[str, int, int, int]]:
    """The places a site states that the hands tell otherwise: ``(player, stated place,
    place, place_to)`` for each player of ``finishes`` (:func:`finishing_places`) whose place
    the hands alone know and whose stated place is not among the places it covers.

    >>> fs = finishing_places([{"A": (100, 200), "B": (100, 0)}])
    >>> place_problems(fs, {"B": 1})
    [('B', 1, 2, 2)]
    >>> place_problems(fs, {"B": 2})
    []
    """
    knowable = _knowable(finishes, stated, chopped)
    problems = []
    for f in finishes:
        place = stated.get(f.player)
        if place is None or f.place is None or f.place_to is None or not knowable(f):
            continue
        if not f.place <= place <= f.place_to:
            problems.append((f.player, place, f.place, f.place_to))
    return problems


def prize_pool(paid: Iterable[int], bounty: int) -> int:
    """The prize pool of a tournament whose entrants ``paid`` these amounts (buy-in, rebuys,
    add-ons, each at its price) and whose every buy-in holds ``bounty``: what they paid less
    the bounty part of each buy-in, which goes to whoever knocks the player out.

    >>> prize_pool([1000, 2000, 1000], 200)
    3400
    """
    amounts = list(paid)
    return sum(amounts) - bounty * len(amounts)


def prize_table(
    pool: int, percents: Sequence[int], unit: int = 1, *, entrants: int | None = None
) -> list[int]:
    """Prizes for places 1, 2, …: each but first rounded down to ``unit``; first gets the rest.
    Only the places ``entrants`` players can fill are paid (all when None): the money of the
    others goes to first place, so the prizes always add up to the pool.

    >>> prize_table(1000, [50, 30, 20])
    [500, 300, 200]
    >>> prize_table(1001, [50, 30, 20], unit=100)
    [501, 300, 200]
    >>> prize_table(999, [60, 25, 15], unit=100)
    [699, 200, 100]
    >>> prize_table(2000, [50, 30, 20], entrants=2)
    [1400, 600]
    """
    table = validate_payouts(percents, in_order=False)  # (the readers hold its order)
    if unit < 1:
        raise ConfigError(f"the prize rounding unit must be at least 1, not {unit}")
    if pool < 0:
        raise ConfigError(f"the prize pool cannot be negative ({pool})")
    if entrants is not None:
        table = table[: max(entrants, 0)]
    if not table:
        return []
    rest = [(pool * pct // 100) // unit * unit for pct in table[1:]]
    return [pool - sum(rest), *rest]


def split_evenly(amount: int, players: Sequence[str], unit: int) -> dict[str, int]:
    """``amount`` evenly in whole units; leftover units one each in order, the rest to the first."""
    if not players:
        return {}
    each = amount // (len(players) * unit) * unit
    shares = dict.fromkeys(players, each)
    left = amount - each * len(players)
    for player in players:
        if left < unit:
            break
        shares[player] += unit
        left -= unit
    shares[players[0]] += left
    return shares


def award_prizes(
    finishes: Sequence[Finish], prizes: Sequence[int], unit: int = 1
) -> dict[str, int]:
    """Prize per player; players sharing a place split the prizes of the places covered.

    >>> fs = [Finish("A", 1, 1), Finish("B", 2, 3), Finish("C", 2, 3)]
    >>> award_prizes(fs, [500, 301, 200])
    {'A': 500, 'B': 251, 'C': 250}
    """
    result: dict[str, int] = {}
    groups: dict[tuple[int, int], list[str]] = defaultdict(list)
    for f in finishes:
        if f.place is not None and f.place_to is not None:  # a place nobody knows wins nothing
            groups[(f.place, f.place_to)].append(f.player)
    for (first, last), players in groups.items():
        money = sum(prizes[k - 1] for k in range(first, last + 1) if k <= len(prizes))
        result.update(split_evenly(money, sorted(players, key=name_order), unit))
    return result


def chop(
    finishes: Sequence[Finish], prizes: Sequence[int], method: ChopMethod, unit: int = 1
) -> dict[str, int]:
    """Re-divide the prizes of the players still in (never out: ``out_in_hand`` None) as
    agreed; one whose chips a voided hand's winnings take to nothing is still in, with none
    to count in a chip-count chop.

    >>> fs = [Finish("A", 1, 1, 600), Finish("B", 2, 2, 300), Finish("C", 3, 3, 100)]
    >>> chop(fs, [500, 300, 200], "even")
    {'A': 334, 'B': 333, 'C': 333}
    >>> chop(fs, [500, 300, 200], "chip-count")
    {'A': 440, 'B': 320, 'C': 240}
    >>> chop([*fs[:2], Finish("C", 3, 3, 0)], [500, 300, 200], "even")
    {'A': 334, 'B': 333, 'C': 333}
    """
    if method not in CHOP_METHODS:
        raise ConfigError(f"unknown chop {method!r} (chops: {', '.join(CHOP_METHODS)})")
    live = sorted(
        (f for f in finishes if f.out_in_hand is None),
        key=lambda f: (-f.chips, name_order(f.player)),
    )
    if len(live) < 2:
        return {}
    places = len(live)
    total = sum(prizes[k] for k in range(min(places, len(prizes))))
    players = [f.player for f in live]
    if method == "even":
        return split_evenly(total, players, unit)
    # The smallest prize of the places in the chop: the last place's, unless the table pays a
    # later place more (it may); taken from the last place's instead, a share could go below 0.
    floor = min(prizes[k] if k < len(prizes) else 0 for k in range(places))
    extra = total - floor * places
    chips = sum(f.chips for f in live)
    if not chips:  # (every chip of the players left taken back by voided hands)
        return split_evenly(total, players, unit)
    shares = {f.player: floor + (extra * f.chips // chips) // unit * unit for f in live}
    shares[players[0]] += total - sum(shares.values())
    return shares


def points_for(
    formula: PointsFormula,
    entrants: int,
    place: int,
    place_to: int | None = None,
    *,
    buy_in_units: float = 0.0,
    table: Sequence[float] = (),
) -> float:
    """Points for finishing ``place`` (.. ``place_to`` when shared) of ``entrants``.

    >>> points_for("linear", 10, 1), points_for("linear", 10, 10), points_for("linear", 10, 2, 3)
    (10.0, 1.0, 8.5)
    >>> round(points_for("sqrt", 16, 1, buy_in_units=10), 2)
    133.09
    >>> points_for("table", 8, 2, table=[10, 6, 3])
    6.0
    """
    last = place if place_to is None else place_to
    if not 1 <= place <= last <= entrants:
        raise ConfigError(f"place {place}..{last} is impossible with {entrants} entrants")
    if formula == "linear":
        each = [float(entrants - k + 1) for k in range(place, last + 1)]
    elif formula == "table":
        each = [float(table[k - 1]) if k <= len(table) else 0.0 for k in range(place, last + 1)]
    elif formula == "sqrt":
        factor = 1 + math.log(buy_in_units + 0.25)
        if factor <= 0:
            raise ConfigError(
                f"the sqrt points formula gives negative points for a buy-in of {buy_in_units:g} "
                "(it needs b > 0.118); use --points linear or table for freerolls"
            )
        each = [10 * math.sqrt(entrants) / math.sqrt(k) * factor for k in range(place, last + 1)]
    else:
        raise ConfigError(
            f"unknown points formula {formula!r} (formulas: {', '.join(POINTS_FORMULAS)})"
        )
    return sum(each) / len(each)
