"""Whether a recorded division of showdown pots is one that the known cards allow, when some
contenders' cards are unknown.

A recorder may leave a contender's cards unwritten (not shown, not all known from the deal and
the draws).  The pot cannot then be computed, but it is not free either: whoever collects, the
collection must be what *some* hands for the unknown contenders would pay.  A pot goes to its
best hand or is split evenly among tied best hands (``000`` "tied hands share it"; ``004`` each
half on its own), a shown hand keeps its place among the other shown hands, no hand beats the
best possible one, and a side pot's winners are the main pot's winners among its players, if
any contest it, else hands below them (``001`` side pots: the same hands are compared again).

The test is a relaxation that is exact about everything above and generous about the rest: an
unknown hand may take any value up to the best possible one, and in a split game its two halves
are taken independently; it does not ask whether the cards left in the deck can make that
value.  So a division refused here is refused rightly (no assignment of hands gives it), and a
division accepted may, in a rare case, still need cards that are not there.

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
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any, NamedTuple

from ..model.cards import Card, parse_known_cards
from ..model.games import GAMES, GameName
from ..model.settings import HouseRules
from .evaluate import HandValue, evaluate, meets_qualifier
from .pots import half_amounts, split_evenly

__all__ = ["OpenPot", "division_allowed", "known_values"]


class OpenPot(NamedTuple):
    """A pot whose division is not computed: what is left to divide (after the rake) and the
    players who contest it and did not muck, in seat order from the button's left."""

    amount: int
    contenders: tuple[str, ...]


_NUTS: Mapping[GameName, str] = {
    "badugi": "As 2h 3d 4c",
    "progressive-badugi": "As 2h 3d 4c",
    "badacey": "As 2h 3d 4c 5c",  # a wheel, and a 4-3-2-A Badugi (004)
    "badeucey": "2s 3h 4d 5c 7s",  # 7-5-4-3-2 (2-7), and the ace-high Badugi's 5-4-3-2 (004)
}
"""A hand that is the best possible in every half of each game: no unknown hand beats it."""

_BUDGET = 200_000
"""Steps the search may take; past it the division is accepted (it was not shown impossible)."""


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
) -> bool:
    """Whether some hands for the contenders not in ``known`` divide ``pots`` as ``payouts``
    (player -> chips from these pots) with ``carried`` chips left to the next hand (only
    Progressive Badugi carries; ``None``: not asked).  ``known``: the known hands' values
    (:func:`known_values`).  ``judged``: the players whose payout is asked (default: every
    contender and every player in ``payouts``; one missing from ``payouts`` is paid nothing)."""
    facts = GAMES[game]
    nut = evaluate(game, parse_known_cards(_NUTS[game]))
    pots = [  # a hand that cannot win is no contender
        OpenPot(pot.amount, tuple([p for p in pot.contenders if known.get(p, ()) is not None]))
        for pot in pots
    ]
    everyone = {p for pot in pots for p in pot.contenders}
    asked = everyone | set(payouts) if judged is None else set(judged)
    target = {p: payouts.get(p, 0) for p in asked}
    if any(p not in everyone and chips for p, chips in target.items()):
        return False
    outcomes: set[_Outcome] = {((), 0)}
    budget = [_BUDGET]
    for half in range(len(facts.halves)):
        amounts = [half_amounts(pot.amount, game, house)[half] for pot in pots]
        keys = {p: values[half].key for p, values in known.items() if values is not None}
        found: set[_Outcome] = set()
        walk = _Walk(pots, amounts, keys, nut[half].key, facts.progressive, house, target)
        walk.step(0, None, None, {}, 0, found, budget)
        if budget[0] <= 0:
            return True  # too many to try: not shown impossible
        outcomes = {_add(a, b) for a in outcomes for b in found}
        outcomes = {o for o in outcomes if _within(dict(o[0]), target)}
    return any(
        all(dict(paid).get(p, 0) == chips for p, chips in target.items())
        and (carried is None or left == carried)
        for paid, left in outcomes
    )


_Outcome = tuple[tuple[tuple[str, int], ...], int]
"""A division: the payouts (sorted ``(player, chips)`` pairs) and the chips that carry."""


def _add(a: _Outcome, b: _Outcome) -> _Outcome:
    total = dict(a[0])
    for name, chips in b[0]:
        total[name] = total.get(name, 0) + chips
    return tuple(sorted(total.items())), a[1] + b[1]


def _within(paid: Mapping[str, int], target: Mapping[str, int]) -> bool:
    """No judged player is paid more than his target (payouts only grow, pot by pot)."""
    return all(chips <= target[name] for name, chips in paid.items() if name in target)


class _Walk(NamedTuple):
    """Every division of one half of ``pots`` (main first) that a value for each unknown
    contender gives.

    A pot's winners are its best hands.  When some of the previous pot's winners contest it,
    they are its winners (the same hands, fewer opponents); otherwise its winners are below
    that value (``bound``, exclusive).  Its known best hands are among its winners, or none
    is and its winners are unknown hands that beat them (possible only below the bound, or up
    to the nut when there is none).  An unknown hand that does not win may be as low as
    needed, so it never stands in the way."""

    pots: Sequence[OpenPot]
    amounts: Sequence[int]
    keys: Mapping[str, Any]
    nut: Any
    may_carry: bool
    house: HouseRules
    target: Mapping[str, int]

    def step(
        self,
        j: int,
        prev: tuple[str, ...] | None,
        bound: Any,
        paid: dict[str, int],
        left: int,
        found: set[_Outcome],
        budget: list[int],
    ) -> None:
        budget[0] -= 1
        if budget[0] <= 0 or not _within(paid, self.target):
            return
        if j == len(self.pots):
            found.add((tuple(sorted(paid.items())), left))
            return
        contenders, amount = self.pots[j].contenders, self.amounts[j]
        if prev == () or not contenders:  # carried: nobody here qualifies either (002)
            self.step(j + 1, (), bound, paid, left + amount, found, budget)
            return
        still = tuple([p for p in contenders if prev is not None and p in prev])
        if still:
            self.step(j + 1, still, bound, self._pay(paid, amount, still), left, found, budget)
            return
        keys = self.keys
        known = [p for p in contenders if p in keys]
        unknown = [p for p in contenders if p not in keys]
        best = max([keys[p] for p in known], default=None)
        choices: list[tuple[tuple[str, ...], Any]] = []
        if best is not None and (bound is None or best < bound):
            top = [p for p in known if keys[p] == best]
            choices += [((*top, *extra), best) for extra in _subsets(unknown)]
        ceiling = self.nut if bound is None else bound
        if best is None or best < ceiling:
            choices += [(extra, ceiling) for extra in _subsets(unknown) if extra]
        for winners, below in choices:
            order = tuple([p for p in contenders if p in winners])
            self.step(j + 1, order, below, self._pay(paid, amount, order), left, found, budget)
        if self.may_carry and not known:  # every hand here may fail the qualifier (002)
            self.step(j + 1, (), bound, paid, left + amount, found, budget)

    def _pay(self, paid: dict[str, int], amount: int, winners: Sequence[str]) -> dict[str, int]:
        rule, split = self.house.odd_chip, self.house.odd_chip_split
        out = dict(paid)
        for name, chips in split_evenly(amount, winners, rule, split).items():
            out[name] = out.get(name, 0) + chips
        return out


def _subsets(names: Sequence[str]) -> list[tuple[str, ...]]:
    out: list[tuple[str, ...]] = [()]
    for name in names:
        out += [(*s, name) for s in out]
    return out
