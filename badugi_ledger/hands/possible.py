"""Whether a recorded division of showdown pots is one that the known cards allow, when some
contenders' cards are unknown.

A recorder may leave a contender's cards unwritten (not shown, not all known from the deal and
the draws).  The pot cannot then be computed, but it is not free either: whoever collects, the
collection must be what *some* hands for the unknown contenders would pay.  A pot goes to its
best hand or is split evenly among tied best hands (``000`` "tied hands share it"; ``004`` each
half on its own), a shown hand keeps its place among the other shown hands, no hand beats the
best possible one, and a side pot's winners are the main pot's winners among its players, if
any contest it, else hands below them (``001`` side pots: the same hands are compared again).
A Progressive Badugi pot carried into the hand goes with the first pot won (``002``), which
:func:`next_pot_won` says here and in the settlement alike.

The test is a relaxation that is exact about everything above and generous about the rest: an
unknown hand may take any value a hand of the game can have (:func:`value_keys`), and in a
split game its two halves are taken independently; it does not ask whether the cards left in
the deck can make that value.  Exact about the order of values: an unknown hand that beats one
value and loses to the next one up has no value to take (no hand lies between a 4-3-2-A and a
5-3-2-A Badugi), nor one that loses to the worst value there is (a one-card K).  So a division
refused here is refused rightly (no assignment of hands gives it), and a division accepted
may, in a rare case, still need cards that are not there.  Under
``odd-chip-split all-to-first`` (PHH hands) the pots in a row that the same tied winners take
are paid as one, as the settlement divides them (:func:`.pots.joined_ties`, as PokerKit).

>>> from ..model.cards import Card, parse_known_cards as cards
>>> from .evaluate import evaluate
>>> nut = evaluate("badugi", cards("4s 3h 2d Ac"))
>>> pots = (OpenPot(6, ("Anna", "Ben")),)
>>> division_allowed(pots, {"Anna": nut}, "badugi", {"Ben": 6})   # Ben cannot beat a 4-3-2-A
False
>>> division_allowed(pots, {"Anna": nut}, "badugi", {"Anna": 3, "Ben": 3})   # he can tie it
True
>>> division_allowed(pots, {}, "badugi", {"Anna": 4, "Ben": 2})   # no split pays 4 and 2
False
>>> worst = evaluate("badugi", cards("Ks Kh Kd Kc"))
>>> division_allowed(pots, {"Anna": worst}, "badugi", {"Anna": 6})  # nothing is below it
False
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Collection, Mapping, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any, NamedTuple

from ..model.cards import DECK, Card
from ..model.games import GAMES, GameName
from ..model.settings import HouseRules
from .badugi import badugi_value
from .evaluate import HandValue, evaluate, meets_qualifier
from .pots import half_amounts, next_pot_won, split_evenly

__all__ = ["CarriedIn", "OpenPot", "division_allowed", "known_values", "value_keys"]


class OpenPot(NamedTuple):
    """A pot whose division is not computed: what is left to divide (after the rake) and the
    players who contest it and did not muck, in seat order from the button's left."""

    amount: int
    contenders: tuple[str, ...]


@cache
def value_keys(game: GameName) -> tuple[tuple[int, ...], ...]:
    """Every value a hand of ``game`` can have in each half, as the values' keys in ascending
    order (in the order of the game's halves), made on first use.

    A Badugi half: every set of one to four ranks, each the best selection of a four-card
    holding (the set in four suits, filled up with its lowest rank in the suits left: no rank
    more to count); its 1,092 values, for a five-card game too (a few of them, such as a
    one-card K, need a four-card holding: more values, never fewer).  A low half: one hand for
    every five ranks that five cards can have (a rank at most four times), in two suits or
    more, and for five distinct ranks once more in one suit (a 2-7 flush): every value there
    is, 6,175 and 7,462 of them."""
    facts = GAMES[game]
    badugi = sorted(
        {
            badugi_value(_filled_up(ranks), ace_high=facts.ace_high).key
            for size in range(1, 5)
            for ranks in combinations(range(13), size)
        }
    )
    if facts.low is None:
        return (tuple(badugi),)
    five_ranks = combinations_with_replacement(range(13), 5)  # ascending; not five of a rank
    lows = {
        evaluate(game, _dealt(ranks, False))[0].key for ranks in five_ranks if ranks[0] != ranks[4]
    }
    lows.update(evaluate(game, _dealt(ranks, True))[0].key for ranks in combinations(range(13), 5))
    return tuple(sorted(lows)), tuple(badugi)


def _filled_up(ranks: Sequence[int]) -> list[Card]:
    """Four cards whose best Badugi selection is ``ranks`` (ascending, indices into
    :data:`~badugi_ledger.model.cards.DECK`'s ranks): the ranks in four suits, then the
    lowest rank again in the suits left."""
    cards = [DECK[rank * 4 + suit] for suit, rank in enumerate(ranks)]
    cards += [DECK[ranks[0] * 4 + suit] for suit in range(len(ranks), 4)]
    return cards


def _dealt(ranks: Sequence[int], suited: bool) -> list[Card]:
    """Five cards of these ranks: all in one suit (``suited``), else no flush: five ranks in
    the four suits and the first again, or a rank's cards (a rank twice: no flush) each in a
    suit of its own."""
    if suited:
        return [DECK[rank * 4] for rank in ranks]
    if len(set(ranks)) == len(ranks):
        return [DECK[rank * 4 + k % 4] for k, rank in enumerate(ranks)]
    seen: dict[int, int] = {}
    cards = []
    for rank in ranks:
        copy = seen[rank] = seen.get(rank, -1) + 1
        cards.append(DECK[rank * 4 + copy])
    return cards


class CarriedIn(NamedTuple):
    """A Progressive Badugi pot carried into the hand, when the open pots are divided: its
    chips, held in the first open pot's amount (the main pot, as the settlement builds it),
    and the pots after the open ones, which the cards or the folds settled: each one's amount
    and its winners in seat order, ``()`` for one that carries.  It goes with the first pot
    won (:func:`next_pot_won`), divided with that pot's own chips."""

    amount: int
    later: tuple[tuple[int, tuple[str, ...]], ...] = ()


def known_values(
    game: GameName,
    hands: Mapping[str, Sequence[Card]],
    house: HouseRules = HouseRules(),  # noqa: B008 - frozen, immutable default
) -> dict[str, tuple[HandValue, ...] | None]:
    """The values of the known hands, ``None`` for a hand that cannot win: in Progressive
    Badugi, one that does not meet the qualifier (``002``)."""
    return {
        name: evaluate(game, cards) if meets_qualifier(game, cards, house) is not False else None
        for name, cards in hands.items()
    }


def division_allowed(
    pots: Sequence[OpenPot],
    known: Mapping[str, tuple[HandValue, ...] | None],
    game: GameName,
    payouts: Mapping[str, int],
    carried: int | None = 0,
    house: HouseRules = HouseRules(),  # noqa: B008 - frozen, immutable default
    judged: Collection[str] | None = None,
    carried_in: CarriedIn | None = None,
    best: Mapping[str, tuple[Any, ...]] | None = None,
) -> bool:
    """Whether some hands for the contenders not in ``known`` divide ``pots`` as ``payouts``
    (player -> chips from these pots) with ``carried`` chips left to the next hand (only
    Progressive Badugi carries; ``None``: not asked).  ``known``: the known hands' values
    (:func:`known_values`).  ``judged``: the players whose payout is asked (default: every
    contender and every player in ``payouts``; one missing from ``payouts`` is paid nothing).
    ``carried_in``: a Progressive Badugi pot carried into the hand (the first pot holds it),
    which goes to the winners of the first pot won (``002``), a settled pot after these among
    them; ``payouts`` and ``carried`` then count it where it goes.  ``best``: for a contender
    not in ``known`` whose cards are known in part, the best value key each half can take
    (:func:`.ceilings.ceilings`): no division has him win with a better one.

    The search visits each pot once for each way the pots before it can end that matters to
    it (its previous pot's winners among its own players, the value its winners stay below,
    whether a pot before it was won), so it ends on every hand without a limit of steps."""
    facts = GAMES[game]
    pots = [  # a hand that cannot win is no contender
        OpenPot(pot.amount, tuple([p for p in pot.contenders if known.get(p, ()) is not None]))
        for pot in pots
    ]
    carry = carried_in if carried_in is not None and facts.progressive else CarriedIn(0)
    everyone = {p for pot in pots for p in pot.contenders}
    everyone.update([p for _, winners in carry.later for p in winners])  # may take the carry
    asked = sorted(everyone | set(payouts) if judged is None else set(judged))
    if any(p not in everyone and payouts.get(p, 0) for p in asked):
        return False
    target = tuple([payouts.get(p, 0) for p in asked])
    found: list[frozenset[_Outcome]] = []
    for half in range(len(facts.halves)):
        amounts = [half_amounts(pot.amount, game, house)[half] for pot in pots]
        if carry.amount and amounts:  # a one-half game: the first pot holds the carried pot
            amounts[0] -= carry.amount
        keys = {p: values[half].key for p, values in known.items() if values is not None}
        values = value_keys(game)[half]
        walk = _Walk(pots, amounts, keys, values, facts.progressive, house, asked, target)
        walk.best = {p: tops[half] for p, tops in (best or {}).items()}
        walk.carry, walk.later = carry.amount, carry.later
        walk.count_left = carried is not None
        walk.joined = house.odd_chip_split == "all-to-first" and len(facts.halves) == 1
        found.append(walk.divisions(0, None, None, ()))
    # Every half but the last added up; the last must hold what is still missing.
    sums: set[_Outcome] = {((0,) * len(asked), 0)}
    for divisions in found[:-1]:
        sums = {s for a in sums for b in divisions if (s := _add(a, b, target)) is not None}
    left = carried or 0
    return any(
        (tuple([t - c for t, c in zip(target, paid, strict=True)]), left - chips) in found[-1]
        for paid, chips in sums
    )


_Outcome = tuple[tuple[int, ...], int]
"""A division: what each asked player is paid (in the order of the asked players) and the
chips that carry (0 when the carry is not asked)."""


def _add(a: _Outcome, b: _Outcome, target: tuple[int, ...]) -> _Outcome | None:
    """``a`` and ``b`` together, or None when that pays an asked player more than his
    target (payouts only grow, pot by pot)."""
    paid = tuple([x + y for x, y in zip(a[0], b[0], strict=True)])
    if any(chips > most for chips, most in zip(paid, target, strict=True)):
        return None
    return paid, a[1] + b[1]


class _Walk:
    """Every division of one half of ``pots`` (main first) that a value for each unknown
    contender gives, as seen by the asked players.

    A pot's winners are its best hands.  When some of the previous pot's winners contest it,
    they are its winners (the same hands, fewer opponents); otherwise its winners are below
    that value (``bound``, exclusive).  Its known best hands are among its winners, or none
    is and its winners are unknown hands that beat them, with the best value below the bound
    (the best there is when there is none), which must beat the known ones.  An unknown hand
    that does not win may be as low as needed, down to the lowest value there is: losing to
    that value, it must tie instead (``values``: every value of the half, ascending).

    The divisions of the pots from one on depend only on how the pots before it ended as far
    as it is concerned (:meth:`_state`), so they are found once for each such ending."""

    carry = 0
    later: tuple[tuple[int, tuple[str, ...]], ...] = ()
    best: Mapping[str, Any] = {}
    """The best value an unknown hand known in part can take (absent: any value)."""
    count_left = True
    joined = False
    """Whether the pots in a row that the same tied winners take are paid as one
    (:func:`.pots.joined_ties`): then ``run`` carries the chips of that row so far."""

    def __init__(
        self,
        pots: Sequence[OpenPot],
        amounts: Sequence[int],
        keys: Mapping[str, Any],
        values: Sequence[int],
        may_carry: bool,
        house: HouseRules,
        asked: Sequence[str],
        target: tuple[int, ...],
    ) -> None:
        self.pots, self.amounts, self.keys, self.values = pots, amounts, keys, values
        self.may_carry, self.house, self.target = may_carry, house, target
        self.index = {name: i for i, name in enumerate(asked)}
        self.none: tuple[int, ...] = (0,) * len(asked)
        self.memo: dict[tuple[Any, ...], frozenset[_Outcome]] = {}

    def _highest_below(self, bound: Any) -> Any:
        """The best value below ``bound`` (None: the best there is), or None: there is none."""
        values = self.values
        if bound is None:
            return values[-1]
        at = bisect_left(values, bound)
        return values[at - 1] if at else None

    def _tying(self, unknown: list[str], value: Any) -> list[tuple[str, ...]]:
        """Which of the ``unknown`` hands may tie winners of ``value`` (every set of those
        that can reach it): the others are below it, so all of them when nothing is below it
        (the lowest value)."""
        best = self.best
        able = [p for p in unknown if p not in best or best[p] >= value]
        if value > self.values[0]:
            return _subsets(able)
        return [tuple(unknown)] if len(able) == len(unknown) else []

    def _beating(
        self, unknown: list[str], known_best: Any, highest: Any
    ) -> list[tuple[tuple[str, ...], Any]]:
        """The ways ``unknown`` hands win over the known ones (best ``known_best``, None:
        none): tied winners at the best value below the bound (``highest``) that each of them
        can reach."""
        best = self.best
        if not best:
            return [(extra, highest) for extra in self._tying(unknown, highest) if extra]
        out: list[tuple[tuple[str, ...], Any]] = []
        for extra in _subsets(unknown):
            value = min([highest, *[best[p] for p in extra if p in best]])
            if not extra or (known_best is not None and value <= known_best):
                continue
            if value > self.values[0] or len(extra) == len(unknown):
                out.append((extra, value))
        return out

    def divisions(
        self,
        j: int,
        prev: tuple[str, ...] | None,
        bound: Any,
        carried: tuple[bool, ...],
        run: int = 0,
    ) -> frozenset[_Outcome]:
        """The divisions of pots ``j`` on, after pots whose winners were ``prev`` (None: no
        pot before; ``()``: it carried), their winners below ``bound``; ``carried``: which
        pots before carried; ``run``: the chips of the pots in a row ``prev`` took (``joined``)."""
        key = (j, self._state(j, prev), bound, all(carried), run)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = frozenset(self._divide(j, prev, bound, carried, run))
        return found

    def _state(self, j: int, prev: tuple[str, ...] | None) -> tuple[str, ...] | None:
        """What of ``prev`` pot ``j`` depends on: ``()`` when it carries, the previous
        winners among its players, else None (its winners are chosen afresh)."""
        if j == len(self.pots):
            return None
        contenders = self.pots[j].contenders
        if prev == () or not contenders:
            return ()
        still = tuple([p for p in contenders if prev is not None and p in prev])
        return still or None

    def _divide(
        self,
        j: int,
        prev: tuple[str, ...] | None,
        bound: Any,
        carried: tuple[bool, ...],
        run: int,
    ) -> set[_Outcome]:
        if j == len(self.pots):
            return {self._end(carried)}
        state = self._state(j, prev)
        if state == ():  # carried: nobody here qualifies either (002)
            return self._then(j, (), bound, carried)
        if state is not None:
            return self._then(j, state, bound, carried, run if state == prev else 0)
        contenders, keys = self.pots[j].contenders, self.keys
        known = [p for p in contenders if p in keys]
        unknown = [p for p in contenders if p not in keys]
        best = max([keys[p] for p in known], default=None)
        choices: list[tuple[tuple[str, ...], Any]] = []
        if best is not None and (bound is None or best < bound):
            top = [p for p in known if keys[p] == best]
            choices += [((*top, *extra), best) for extra in self._tying(unknown, best)]
        # Unknown hands that beat the known ones: at most the best value below the bound.
        highest = self._highest_below(bound)
        if highest is not None and (best is None or best < highest):
            choices += self._beating(unknown, best, highest)
        out: set[_Outcome] = set()
        for winners, below in choices:
            order = tuple([p for p in contenders if p in winners])
            out |= self._then(j, order, below, carried)
        if self.may_carry and not known:  # every hand here may fail the qualifier (002)
            out |= self._then(j, (), bound, carried)
        return out

    def _then(
        self,
        j: int,
        winners: tuple[str, ...],
        bound: Any,
        carried: tuple[bool, ...],
        run: int = 0,
    ) -> set[_Outcome]:
        """Pot ``j`` won by ``winners`` (``()``: it carries), then the pots after it; ``run``:
        the chips of the pots just before it that the same winners took (``joined``)."""
        amount = self.amounts[j]
        if winners:
            if self.carry and next_pot_won((*carried, False)) == j:
                amount += self.carry  # the first pot won takes the carried pot (002)
            if self.joined and run and len(winners) > 1:  # this pot's part of the row's
                together, before = self._pay(run + amount, winners), self._pay(run, winners)
                pay = tuple([a - b for a, b in zip(together, before, strict=True)])
                run += amount
            else:
                pay = self._pay(amount, winners)
                run = amount if self.joined and len(winners) > 1 else 0  # (else: no row)
            left = 0
        else:
            pay, left, run = self.none, amount if self.count_left else 0, 0
        rest = self.divisions(j + 1, winners, bound, (*carried, not winners), run)
        out: set[_Outcome] = set()
        for division in rest:
            both = _add((pay, left), division, self.target)
            if both is not None:
                out.add(both)
        return out

    def _end(self, carried: tuple[bool, ...]) -> _Outcome:
        """After the last pot: where the carried pot went, if no pot here took it."""
        if not self.carry or not all(carried):
            return self.none, 0
        later = self.later
        to = next_pot_won((*carried, *[not winners for _, winners in later]))
        if to < len(carried):  # every pot carries: the carried pot carries on
            return self.none, self.carry if self.count_left else 0
        amount, winners = later[to - len(carried)]
        with_it, without = self._pay(amount + self.carry, winners), self._pay(amount, winners)
        return tuple([a - b for a, b in zip(with_it, without, strict=True)]), 0

    def _pay(self, amount: int, winners: Sequence[str]) -> tuple[int, ...]:
        rule, split = self.house.odd_chip, self.house.odd_chip_split
        out = list(self.none)
        index = self.index
        for name, chips in split_evenly(amount, winners, rule, split).items():
            if name in index:
                out[index[name]] += chips
        return tuple(out)


def _subsets(names: Sequence[str]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for name in names:
        out += [(*s, name) for s in out]
    return out
