"""Dividing one pot among the players who showed down for it.

``004`` ("Award each half, then split any ties"): in Badacey and Badeucey half the pot goes to
the best five-card low and half to the best Badugi selection; each half is divided among its
own tied winners, so a player can scoop, win three quarters, and so on.  A partial Badugi hand
still competes, so a split-game half always has a winner.  In Badugi the whole pot is one
"half".  Progressive Badugi (``002``): only hands that meet the qualifier can win; when none
does the pot is not won (empty shares) and the caller carries it to the next hand.

Odd chips are a house rule (seeds README item 4, :class:`~badugi_ledger.model.settings.HouseRules`):
an odd chip of the whole pot goes to the half named by ``odd_chip_half``; chips that do not
divide among the tied winners of one half go by ``odd_chip`` (:func:`split_evenly`).  Shares
always add up to the pot exactly: no chip is created or lost.

>>> from ..model.cards import parse_known_cards as cards
>>> award = divide_pot(120, [("Noor", cards("8h 4h 3s 2c Ad")),
...                          ("Amara", cards("5d 4d 3h 2s Ac"))], "badacey")
>>> dict(award.shares)
{'Noor': 30, 'Amara': 90}
>>> for half in award.halves:
...     print(half.name, dict(half.shares), half.values[0])
five-card {'Amara': 60} 5-4-3-2-A low
badugi {'Noor': 30, 'Amara': 30} 4-card 4-3-2-A
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..model.cards import DECK, Card, ensure_distinct
from ..model.errors import CardError, ConfigError
from ..model.frozen import fields_eq, fields_hash, fields_repr, frozen_fields
from ..model.games import GAME_NAMES, GAMES, GameName
from ..model.settings import HouseRules, OddChipRule, OddChipSplit
from .badugi import badugi_value
from .evaluate import HandValue, evaluate, meets_qualifier

__all__ = [
    "Award",
    "HalfAward",
    "divide_pot",
    "half_amounts",
    "next_pot_won",
    "pot_shares",
    "split_evenly",
]


@frozen_fields
class HalfAward:
    """One half of a pot (or the whole pot in Badugi) and who won it.

    ``name`` is ``"badugi"`` or ``"five-card"``; ``winners`` are in the given seat order;
    ``values`` are their hand descriptions (tied winners describe the same value).
    (A frozen dataclass that compiles nothing when the module loads: see
    :mod:`badugi_ledger.model.frozen`.)
    """

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    name: str
    amount: int
    winners: tuple[str, ...]
    values: tuple[str, ...]
    shares: Mapping[str, int]

    def __init__(
        self,
        name: str,
        amount: int,
        winners: tuple[str, ...],
        values: tuple[str, ...],
        shares: Mapping[str, int],
    ) -> None:
        object.__setattr__(
            self,
            "__dict__",
            {
                "name": name,
                "amount": amount,
                "winners": winners,
                "values": values,
                "shares": shares,
            },
        )


@frozen_fields
class Award:
    """Who gets what from one pot; ``shares`` sums to the pot, or is empty when nobody
    qualified (Progressive Badugi: the pot carries).  (Frozen as :class:`HalfAward` is.)"""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    shares: Mapping[str, int]
    detail: str
    halves: tuple[HalfAward, ...]

    def __init__(
        self, shares: Mapping[str, int], detail: str, halves: tuple[HalfAward, ...]
    ) -> None:
        object.__setattr__(self, "__dict__", {"shares": shares, "detail": detail, "halves": halves})

    @property
    def carried(self) -> bool:
        """True when nobody won the pot (no qualifying hand)."""
        return not self.shares


_DECK_SET = frozenset(DECK)

_ODD_CHIP_RULES = frozenset({"button-left", "worst-seat", "best-hand"})


def split_evenly(
    amount: int,
    winners_in_order: Sequence[str],
    rule: OddChipRule,
    split: OddChipSplit = "one-each",
) -> dict[str, int]:
    """Divide ``amount`` among tied winners given in seat order from the button's left.

    Every winner gets ``amount // n``; the ``amount % n`` chips left over go one each to the
    first winners in that order (``button-left``, the default of seeds README item 4), or to
    the last ones (``worst-seat``); with ``split`` ``all-to-first`` (PokerKit's division) all
    of them go to the first of that order.  ``best-hand`` concerns which *half* of a split pot
    takes an odd chip; tied winners of one half hold equal hands, so inside a half it falls
    back to the ``button-left`` order.

    >>> split_evenly(100, ["Ann", "Ben", "Cy"], "button-left")
    {'Ann': 34, 'Ben': 33, 'Cy': 33}
    >>> split_evenly(101, ["Ann", "Ben", "Cy"], "worst-seat")
    {'Ann': 33, 'Ben': 34, 'Cy': 34}
    >>> split_evenly(101, ["Ann", "Ben", "Cy"], "button-left", "all-to-first")
    {'Ann': 35, 'Ben': 33, 'Cy': 33}
    """
    if amount < 0:
        raise ValueError(f"cannot divide a negative amount ({amount})")
    n = len(winners_in_order)
    if not n:
        raise ValueError("nobody to divide the chips among")
    if n > 1 and len(set(winners_in_order)) != n:
        raise ValueError(f"a winner is listed twice: {list(winners_in_order)}")
    if rule not in _ODD_CHIP_RULES:
        raise ConfigError(f"unknown odd-chip rule {rule!r}")
    if n == 1:  # the usual showdown: one winner takes it all
        return {winners_in_order[0]: amount}
    base, extra = divmod(amount, n)
    order = list(winners_in_order)
    if rule == "worst-seat":
        order.reverse()
    if split == "all-to-first":
        return {name: base + (extra if name == order[0] else 0) for name in winners_in_order}
    lucky = set(order[:extra])
    return {name: base + (1 if name in lucky else 0) for name in winners_in_order}


def half_amounts(
    amount: int,
    game: GameName,
    house: HouseRules = HouseRules(),  # noqa: B008 - frozen, immutable default
) -> tuple[int, ...]:
    """What each half of a pot of ``amount`` holds, in the order of the game's halves: the
    whole pot in Badugi; in a split game half each, an odd chip of the whole pot going to the
    half that ``house.odd_chip_half`` names (seeds README item 4; ``004`` moves no chip),
    whatever ``house.odd_chip`` says: ``best-hand`` is ``button-left`` here (README, house rules).

    >>> half_amounts(121, "badacey")
    (60, 61)
    >>> half_amounts(121, "badacey", HouseRules(odd_chip_half="five-card"))
    (61, 60)
    """
    halves = GAMES[game].halves
    if len(halves) == 1:
        return (amount,)
    base, extra = divmod(amount, 2)
    odd = house.odd_chip_half
    return tuple([base + (extra if h == odd else 0) for h in halves])


Figure = Callable[[int], str]
"""How a detail names an amount; none: as the integer it is (a hand of money passes its own
wording, :meth:`badugi_ledger.replay.state.HandState.figure`)."""


def _describe_half(
    name: str,
    winners: tuple[str, ...],
    values: tuple[str, ...],
    amount: int,
    shares: Mapping[str, int],
    whole: bool,
    figure: Figure | None,
) -> str:
    label = "pot" if whole else ("Badugi half" if name == "badugi" else f"{name} half")
    if not winners:
        return f"{label}: no qualifying hand"
    if len(winners) == 1:
        shown = amount if figure is None else figure(amount)  # no call in the usual hand
        return f"{label}: {winners[0]} {shown} with {values[0]}"
    parts = " + ".join(f"{w} {shares[w] if figure is None else figure(shares[w])}" for w in winners)
    return f"{label} tied: {parts} with {values[0]}"


def _fast_values(
    contenders: Sequence[tuple[str, Sequence[Card]]], game: GameName, size: int
) -> dict[str, tuple[HandValue, ...]] | None:
    """The hand values when every holding is the game's ``size`` of known cards, no card
    appears twice and no player is named twice (the usual showdown); ``None`` otherwise, and
    :func:`_award` then names the problem.  Four cards are valued by :func:`badugi_value`
    (card indices, a table look-up), five by :func:`evaluate`."""
    seen: set[Card] = set()
    values: dict[str, tuple[HandValue, ...]] = {}
    try:
        for name, cards in contenders:
            if len(cards) != size:
                return None
            seen.update(cards)
            values[name] = ()
    except TypeError:  # not a sequence of cards (an unhashable item, no length)
        return None
    # A repeated card (in one hand or two), an unknown one (None) or a name given twice
    # leaves fewer distinct items than cards; anything but a card is not in the deck.
    if len(seen) != size * len(contenders) or len(values) != len(contenders):
        return None
    if not seen <= _DECK_SET:
        return None
    for name, cards in contenders:
        values[name] = (badugi_value(cards),) if size == 4 else evaluate(game, cards)
    return values


def _checked_values(
    contenders: Sequence[tuple[str, Sequence[Card]]], game: GameName
) -> dict[str, tuple[HandValue, ...]]:
    """The hand values, raising :class:`CardError` for a repeated or unusable card."""
    ensure_distinct(card for _, cards in contenders for card in cards)
    values: dict[str, tuple[HandValue, ...]] = {}
    for name, cards in contenders:
        try:
            values[name] = evaluate(game, cards)
        except CardError as exc:
            raise CardError(f"{name}: {exc.message}") from exc
    return values


_Half = tuple[str, int, tuple[str, ...], tuple[str, ...], dict[str, int]]
"""One half as :func:`_award` gives it: the fields of a :class:`HalfAward`, in order."""


def divide_pot(
    amount: int,
    contenders: Sequence[tuple[str, Sequence[Card]]],
    game: GameName,
    house: HouseRules = HouseRules(),  # noqa: B008 - frozen, immutable default
) -> Award:
    """Who gets what from a pot of ``amount`` chips.

    ``contenders`` are the players eligible for this pot who showed, in seat order starting
    left of the button (that order drives the odd-chip rule).  Each holds the full hand for
    the game (4 cards in Badugi, 5 in Badacey/Badeucey).  A pot won because everyone else
    folded is not a showdown and does not come here.
    """
    shares, detail, halves = _award(amount, contenders, game, house)
    return Award(dict(shares), detail, tuple([HalfAward(*half) for half in halves]))


def pot_shares(
    amount: int,
    contenders: Sequence[tuple[str, Sequence[Card]]],
    game: GameName,
    house: HouseRules = HouseRules(),  # noqa: B008 - frozen, immutable default
    figure: Figure | None = None,
    tie: Mapping[str, int] | None = None,
) -> tuple[dict[str, int], str]:
    """:func:`divide_pot`'s ``shares`` (a new dict, empty when the pot carries) and
    ``detail``, without building the per-half records: what the replay keeps of a showdown,
    once per pot of every hand.  ``figure`` words the detail's amounts: the detail the replay
    keeps names chips and cents alike as plain integers (ledgers store it, and compare a
    re-imported hand by it); a message about a hand of money asks again, with money.
    ``tie``: the shares of tied winners of a one-half game decided with other pots
    (:func:`joined_ties`), in place of the pot's own division."""
    shares, detail, _ = _award(amount, contenders, game, house, figure, tie)
    return shares, detail


def joined_ties(
    amounts: Sequence[int],
    shares: Sequence[dict[str, int] | None],
    game: GameName,
    house: HouseRules,
) -> list[dict[str, int] | None]:
    """The shares of a hand's pots (main first; None: not divided here) with the odd chips of
    ``odd_chip_split`` ``all-to-first`` as PokerKit gives them: PokerKit joins consecutive
    pots whose players still in (the losing hands killed) are the same, so the pots in a row
    that the same tied winners take are divided as one, its left-over chips all to the first
    winner (``State.pots``, ``State.push_chips``).  Each pot still holds its own chips: every
    winner gets each pot's even part, and each pot's left-over chips go, in the odd-chip
    rule's order, to the winners still owed some of the joined division.  One-half games
    only (PokerKit plays no split game); any other house rule divides each pot on its own.

    >>> pokerkit = HouseRules(odd_chip_split="all-to-first")
    >>> joined_ties([15, 9], [{"Ann": 8, "Ben": 7}, {"Ann": 5, "Ben": 4}], "badugi", pokerkit)
    [{'Ann': 8, 'Ben': 7}, {'Ann': 4, 'Ben': 5}]
    """
    out = list(shares)
    if house.odd_chip_split != "all-to-first" or len(GAMES[game].halves) != 1:
        return out
    start = 0
    while start < len(out):
        first = out[start]
        end = start + 1
        if first is not None and len(first) > 1:
            while end < len(out) and (other := out[end]) is not None and list(other) == list(first):
                end += 1
        if end - start > 1 and first is not None:
            winners = list(first)
            run = amounts[start:end]
            owed = split_evenly(sum(run), winners, house.odd_chip, "all-to-first")
            order = winners[::-1] if house.odd_chip == "worst-seat" else winners
            joined: list[dict[str, int] | None] = []
            for amount in run:
                base = amount // len(winners)
                joined.append(dict.fromkeys(winners, base))
                for name in winners:
                    owed[name] -= base
            for amount, pot in zip(run, joined, strict=True):
                assert pot is not None
                left = amount - sum(pot.values())
                for name in order:
                    chips = min(left, owed[name])
                    pot[name] += chips
                    owed[name] -= chips
                    left -= chips
            out[start:end] = joined
        start = end
    return out


def _award(
    amount: int,
    contenders: Sequence[tuple[str, Sequence[Card]]],
    game: GameName,
    house: HouseRules,
    figure: Figure | None = None,
    tie: Mapping[str, int] | None = None,
) -> tuple[dict[str, int], str, list[_Half]]:
    """The division of :func:`divide_pot`: shares in seat order, the detail, the halves
    (``tie``: see :func:`pot_shares`)."""
    try:
        facts = GAMES[game]
    except (KeyError, TypeError):  # not a game's name (TypeError: not even hashable)
        raise ConfigError(f"unknown game {game!r} (games: {', '.join(GAME_NAMES)})") from None
    half_names = facts.halves
    if amount < 0:
        raise ValueError(f"a pot cannot hold a negative amount ({amount})")
    if not contenders:
        raise ValueError("a pot needs at least one player at showdown")
    values = _fast_values(contenders, game, facts.hand_size)
    if values is None:
        names = [name for name, _ in contenders]
        if len(set(names)) != len(names):
            raise ValueError(f"a player is listed twice: {names}")
        values = _checked_values(contenders, game)
    else:
        names = list(values)  # the contenders' names, in their order

    if meets_qualifier(game, contenders[0][1], house) is None:  # the game has no qualifier
        eligible = names
    else:
        eligible = [
            name for name, cards in contenders if meets_qualifier(game, cards, house) is not False
        ]

    if not eligible:
        return (
            {},
            f"no hand qualifies: the pot of {amount if figure is None else figure(amount)} carries",
            [(half_names[0], amount, (), (), {})],
        )

    whole = len(half_names) == 1
    amounts = (amount,) if whole else half_amounts(amount, game, house)
    first = eligible[0]
    shares: dict[str, int] = {}
    halves: list[_Half] = []
    for index, half_name in enumerate(half_names):
        winner = first
        tied: list[str] | None = None
        best = values[first][index].key
        for name in eligible[1:]:  # the best hand of this half, ties in seat order
            key = values[name][index].key
            if key > best:
                best = key
                winner = name
                tied = None
            elif key == best:
                tied = [winner, name] if tied is None else [*tied, name]
        half_amount = amounts[index]
        if tied is None:  # the usual showdown: one winner takes the half
            winners: tuple[str, ...] = (winner,)
            half_shares = {winner: half_amount}
            described: tuple[str, ...] = (values[winner][index].describe(),)
        else:
            winners = tuple(tied)
            if tie is not None and whole and list(tie) == list(winners):
                half_shares = dict(tie)
            else:
                half_shares = split_evenly(
                    half_amount, winners, house.odd_chip, house.odd_chip_split
                )
            described = tuple([values[name][index].describe() for name in winners])
        if whole:
            shares = half_shares  # the pot is one half (divide_pot gives the award a copy)
        else:
            for name, chips in half_shares.items():
                shares[name] = shares.get(name, 0) + chips
        halves.append((half_name, half_amount, winners, described, half_shares))

    # Shares in the given seat order; one half's shares already are (winners keep that order).
    if whole:
        detail = _describe_half(half_names[0], winners, described, amount, shares, True, figure)
        # One winner takes the amount itself; tied winners' shares are added up.
        assert tied is None or sum(shares.values()) == amount, (
            "pot division must neither create nor lose chips"
        )
        return shares, detail, halves
    ordered = {name: shares[name] for name in names if name in shares}
    assert sum(ordered.values()) == amount, "pot division must neither create nor lose chips"
    detail = "; ".join([_describe_half(n, w, d, a, h, False, figure) for n, a, w, d, h in halves])
    return ordered, detail, halves


def next_pot_won(carried: Sequence[bool]) -> int:
    """Which of a hand's pots (main, then the side pots in order; ``carried``: whether each
    carries, no hand qualifying) a Progressive Badugi pot carried into the hand goes to: the
    first that does not carry, since ``002`` gives the carried pot to "the winner of the next
    pot that is won, whether at showdown or by all other players folding"; the main pot
    when every pot carries (the carried pot then carries on with it).

    >>> next_pot_won([True, True, False])
    2
    """
    return next((i for i, carries in enumerate(carried) if not carries), 0)
