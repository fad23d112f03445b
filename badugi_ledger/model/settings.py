"""Game settings: which game, which betting structure, blinds/antes, rake and house rules.

Where the rule texts disagree (``shared/seeds/README.md``) the choice is a field of
:class:`HouseRules` with a documented default, never a constant buried in the engine.
Settings are set once in a file header and may be overridden per hand, so every hand carries
its own complete, immutable :class:`GameSettings`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import pairwise
from types import MappingProxyType
from typing import Literal, get_args

from .errors import ConfigError
from .frozen import fields_eq, fields_hash, fields_repr, frozen_fields
from .games import GAME_NAMES, GAMES, GameName

StructureKind = Literal["fixed-limit", "pot-limit", "half-pot-limit", "no-limit", "spread-limit"]
STRUCTURE_KINDS: tuple[StructureKind, ...] = (
    "fixed-limit",
    "pot-limit",
    "half-pot-limit",
    "no-limit",
    "spread-limit",
)

OddChipRule = Literal["button-left", "worst-seat", "best-hand"]
"""Who gets a chip that does not divide evenly among tied winners.

``button-left`` (default, seeds README item 4): the first tied winner clockwise from the button.
``worst-seat``: the tied winner last to act (the reverse).  ``best-hand`` divides exactly as
``button-left`` (a house rule, README *Rules and house rules*): the odd chip of a whole split pot
goes to the half named by ``odd_chip_half`` whatever this rule says (both halves are lows and no
rule text says which is the better; ``004`` moves no chip between halves), and tied winners of
one half hold equal hands, so inside a half the ``button-left`` order applies
(``tests/replay/test_house_rule_readings.py``).
"""

OddChipSplit = Literal["one-each", "all-to-first"]
"""How the chips left over when tied winners divide a pot are given, in the order ``odd_chip``
names: ``one-each`` (default), a chip to each of the first winners; ``all-to-first`` (PHH, as
PokerKit divides), every left-over chip to the first of them, the pots in a row that the same
tied winners take divided as one (:func:`badugi_ledger.hands.pots.joined_ties`)."""

OddChipHalf = Literal["badugi", "five-card"]
ReshuffleRule = Literal["exclude-own", "all-discards", "discards-first"]
"""``exclude-own`` (default, ``001``): the cards just discarded by the player being served are not
shuffled into the new stub.  ``all-discards``: every discard is (``000``, ``003``).
``discards-first`` (PHH, as PokerKit deals): every player of a draw discards, a card is burned,
then each is served in turn; every dead card, the whole draw's discards included, is."""

ShortBlindRule = Literal["full-blind", "as-posted"]
"""What the others owe when the big blind posts all-in for less than a full big blind.

``full-blind`` (default): the full big blind, as card rooms rule it; the short big blind is
still the first bet.  ``as-posted`` (PHH, as PokerKit plays): the largest blind actually
posted, so with a big blind short to the small blind's size the small blind may check.  The
rule texts say nothing of short blinds (seeds README, house rules)."""

FixedLimitRaises = Literal["card-room", "pokerkit"]
"""How raises are counted and sized in fixed limit.

``card-room`` (default): the big blind is the round's first bet (``000``: a bet and three
raises), a short all-in raise does not count toward the cap, and the next raise completes it to
the last full level plus one bet, as PokerStars does; short all-ins reopen the betting for a
player who has acted when those since they acted add up to a bet, or to half a bet under
``HouseRules.half_bet_reopens`` (the card rooms' rule of every structure, ``replay.raises``).
``pokerkit`` (PHH, as PokerKit plays): the blinds are not bets (the blind and four raises before
the first draw), every raise counts toward the cap, a raise over a short all-in is one full bet
above it, and a raise reopens the betting only when it is as large as any raise of the round
before it, or the short all-ins since the last other raise add up to that
(``replay.raises._pokerkit_reopens``)."""

ShownAfterMuck = Literal["plays", "dead"]
"""A hand shown at the showdown after its player mucked it.

``plays`` (default): it is tabled and plays again, the cards speak (``000``, "Showdown":
everyone still in shows their cards, the best hand wins), with a warning
(``show-after-muck``: the pot then goes by cards the muck had given up).  ``dead``: a muck is a
fold (``000``: "Fold - give up: put your cards away face down"), so the mucked hand is out of
the pot and cannot win either share (``004``: "A folded hand cannot receive either share");
the cards shown are only shown, and the pot goes as the muck left it
(:func:`badugi_ledger.replay.phases._on_show`)."""

QualifierRank = Literal["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "T", "J", "Q", "K"]
"""How the ``qualifier`` house rule (and ``showdown --qualifier``) names the highest card of a
qualifying badugi (``002`` 3.1): ``A``, ``2``…``9``, ``10`` or ``T``, ``J``, ``Q``, ``K``."""
_FACES = {"A": 1, "10": 10, "T": 10, "J": 11, "Q": 12, "K": 13}
QUALIFIER_RANKS: Mapping[str, int] = MappingProxyType(
    {rank: _FACES.get(rank) or int(rank) for rank in get_args(QualifierRank)}
)
"""Each :data:`QualifierRank` as :attr:`HouseRules.qualifier_max` holds it (A = 1 … K = 13)."""


_HOUSE_CHOICES: dict[str, tuple[str, ...]] = {
    "odd_chip": get_args(OddChipRule),
    "odd_chip_half": get_args(OddChipHalf),
    "reshuffle": get_args(ReshuffleRule),
    "short_blind": get_args(ShortBlindRule),
    "fixed_limit_raises": get_args(FixedLimitRaises),
    "odd_chip_split": get_args(OddChipSplit),
    "shown_after_muck": get_args(ShownAfterMuck),
}


@frozen_fields
class HouseRules:
    """Table agreements; every default is the one named in ``shared/seeds/README.md``."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    odd_chip: OddChipRule = "button-left"
    odd_chip_half: OddChipHalf = "badugi"
    """In Badacey/Badeucey an odd pot chip goes to this half before the halves are divided."""
    heads_up_uncapped: bool = False
    """Seeds README item 6: the cap (1 bet + 3 raises) always applies unless this is set; set,
    a round is uncapped when no more than two players can bet as its cap is reached, as the
    card rooms read it (:mod:`badugi_ledger.replay.raises`)."""
    reshuffle: ReshuffleRule = "exclude-own"
    qualifier_max: int = 9
    """Progressive Badugi (``002`` 3.1): highest card allowed in a qualifying badugi."""
    qualifier_pair_ok: bool = False
    """``002`` 3.2(b): a four-card holding with one pair may qualify as a three-card hand."""
    redeal_posts: bool = False
    """Progressive Badugi (``002``, seeds README item 5): blinds/antes posted again on a redeal."""
    buy_price: int = 0
    """Progressive Badugi with a Buy (seeds README item 7): chips paid per bought card."""
    max_seats: int = 9
    """Seeds README item 2: 2-9 seats; a game may set a lower maximum."""
    half_bet_reopens: bool = True
    """Fixed limit only: short all-in raises reopen the betting for a player who has acted when
    those since they acted add up to at least half a bet (the common card-room "half-bet rule";
    the next raise completes them to the full level, as PokerStars does); ``False`` = only a
    full bet does.  Pot-, half-pot-, no- and spread limit always need a full raise
    (``replay.raises``)."""
    short_blind: ShortBlindRule = "full-blind"
    """See :data:`ShortBlindRule`."""
    fixed_limit_raises: FixedLimitRaises = "card-room"
    """See :data:`FixedLimitRaises`."""
    odd_chip_split: OddChipSplit = "one-each"
    """See :data:`OddChipSplit`."""
    ante_trimming: bool = True
    """A player all-in for less than the ante contests only what his chips match of the others'
    antes (the rest is a side pot); ``False`` (a PHH hand that says ``ante_trimming_status =
    false``, as PokerKit plays it): every ante goes into the first pot, which every player
    still in contests."""
    shown_after_muck: ShownAfterMuck = "plays"
    """See :data:`ShownAfterMuck`."""

    def __init__(
        self,
        odd_chip: OddChipRule = "button-left",
        odd_chip_half: OddChipHalf = "badugi",
        heads_up_uncapped: bool = False,
        reshuffle: ReshuffleRule = "exclude-own",
        qualifier_max: int = 9,
        qualifier_pair_ok: bool = False,
        redeal_posts: bool = False,
        buy_price: int = 0,
        max_seats: int = 9,
        half_bet_reopens: bool = True,
        short_blind: ShortBlindRule = "full-blind",
        fixed_limit_raises: FixedLimitRaises = "card-room",
        odd_chip_split: OddChipSplit = "one-each",
        ante_trimming: bool = True,
        shown_after_muck: ShownAfterMuck = "plays",
    ) -> None:
        object.__setattr__(
            self,
            "__dict__",
            {
                "odd_chip": odd_chip,
                "odd_chip_half": odd_chip_half,
                "heads_up_uncapped": heads_up_uncapped,
                "reshuffle": reshuffle,
                "qualifier_max": qualifier_max,
                "qualifier_pair_ok": qualifier_pair_ok,
                "redeal_posts": redeal_posts,
                "buy_price": buy_price,
                "max_seats": max_seats,
                "half_bet_reopens": half_bet_reopens,
                "short_blind": short_blind,
                "fixed_limit_raises": fixed_limit_raises,
                "odd_chip_split": odd_chip_split,
                "ante_trimming": ante_trimming,
                "shown_after_muck": shown_after_muck,
            },
        )
        self.__post_init__()

    def __post_init__(self) -> None:
        for name, choices in _HOUSE_CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                shown = value if len(str(value)) <= 40 else f"{str(value)[:40]}…"
                words = ", ".join(choices[:-1]) + " or " + choices[-1]
                raise ConfigError(
                    f"house rule {name.replace('_', '-')} is {words}, not {shown!r}", setting=name
                )
        if not 2 <= self.max_seats <= 9:
            raise ConfigError(f"max seats must be 2..9, not {self.max_seats}", setting="max_seats")
        if not 1 <= self.qualifier_max <= 13:
            raise ConfigError(
                f"qualifier max card must be A..K (1..13), not {self.qualifier_max}",
                setting="qualifier_max",
            )
        if self.buy_price < 0:
            raise ConfigError("buy price cannot be negative", setting="buy_price")


POKERKIT_HOUSE = HouseRules(
    reshuffle="discards-first",
    short_blind="as-posted",
    fixed_limit_raises="pokerkit",
    odd_chip_split="all-to-first",
)
"""The house rules under which a PHH hand is read: PokerKit's play (a PHH file we write names
our table's dealing rule in a field of its own, ``phh.reader.RESHUFFLE_FIELD``)."""


@frozen_fields
class Structure:
    """A betting structure.

    ``fixed-limit``: ``small_bet`` in rounds 1-2, ``big_bet`` in rounds 3-4, at most ``cap`` bets
    per round (the bet plus ``cap - 1`` raises; ``000``: 4).  ``spread-limit``: any bet or raise
    between ``spread_min`` and ``spread_max``.  Pot-, half-pot- and no-limit need no amounts; the
    minimum bet is the big blind.
    """

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    kind: StructureKind = "fixed-limit"
    small_bet: int = 0
    big_bet: int = 0
    cap: int = 4
    spread_min: int = 0
    spread_max: int = 0

    def __init__(
        self,
        kind: StructureKind = "fixed-limit",
        small_bet: int = 0,
        big_bet: int = 0,
        cap: int = 4,
        spread_min: int = 0,
        spread_max: int = 0,
    ) -> None:
        object.__setattr__(
            self,
            "__dict__",
            {
                "kind": kind,
                "small_bet": small_bet,
                "big_bet": big_bet,
                "cap": cap,
                "spread_min": spread_min,
                "spread_max": spread_max,
            },
        )
        self.__post_init__()

    def __post_init__(self) -> None:
        if self.kind not in STRUCTURE_KINDS:
            raise ConfigError(f"unknown betting structure {self.kind!r}", setting="kind")
        if self.kind == "fixed-limit" and (self.small_bet <= 0 or self.big_bet <= 0):
            raise ConfigError(
                "fixed limit needs a small bet and a big bet above 0, not "
                f"{self.small_bet}/{self.big_bet}",
                setting="small_bet" if self.small_bet <= 0 else "big_bet",
            )
        if self.kind == "fixed-limit" and self.small_bet > self.big_bet:
            raise ConfigError(
                f"fixed limit {self.small_bet}/{self.big_bet}: the small bet (rounds 1 and 2) "
                "cannot be above the big bet (rounds 3 and 4); written the other way round?",
                setting="small_bet",
            )
        if self.kind == "spread-limit" and not 0 < self.spread_min <= self.spread_max:
            raise ConfigError(
                f"spread limit needs 0 < min <= max, not {self.spread_min}-{self.spread_max}",
                setting="spread_min" if self.spread_min <= 0 else "spread_max",
            )
        if self.cap < 1:
            raise ConfigError(
                f"the raise cap must allow at least the bet: cap 1 or more, not {self.cap}",
                setting="cap",
            )


@frozen_fields
class RakeRule:
    """The house's cut: ``percent`` of each pot, rounded down to whole chips, at most ``cap``.

    ``no_flop_no_drop`` has a draw-game meaning: no rake from a hand that ends before the first
    draw.  Histories imported from sites record the rake taken instead (a ``RakeTaken`` event).
    """

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    percent: int = 0
    cap: int = 0
    no_flop_no_drop: bool = True

    def __init__(self, percent: int = 0, cap: int = 0, no_flop_no_drop: bool = True) -> None:
        object.__setattr__(
            self,
            "__dict__",
            {"percent": percent, "cap": cap, "no_flop_no_drop": no_flop_no_drop},
        )
        self.__post_init__()

    def __post_init__(self) -> None:
        if not 0 <= self.percent <= 100 or self.cap < 0:
            raise ConfigError(
                f"rake percent must be 0..100 and the cap >= 0, not {self.percent}% cap {self.cap}"
                if self.cap
                else f"rake percent must be 0..100 and the cap >= 0, not {self.percent}%",
                setting="cap" if 0 <= self.percent <= 100 else "percent",
            )

    def amount(self, pot: int, *, reached_draw: bool) -> int:
        """Rake taken from a pot of ``pot`` chips.

        >>> RakeRule(5, 3).amount(100, reached_draw=True)
        3
        >>> RakeRule(5, 0).amount(90, reached_draw=True)
        4
        >>> RakeRule(5, 3).amount(100, reached_draw=False)
        0
        """
        if self.no_flop_no_drop and not reached_draw:
            return 0
        taken = pot * self.percent // 100
        return min(taken, self.cap) if self.cap else taken

    def may_have_taken(self, short: int, chips: int) -> bool:
        """Whether this rule may have taken ``short`` chips of a hand whose pots held ``chips``
        in all, however they were cut and capped: a bound for a hand that could not be
        settled, whose record states no rake (nothing taken below 0, nor above the rule's
        percent of every chip).

        >>> RakeRule(5, 3).may_have_taken(5, 100), RakeRule(5, 3).may_have_taken(6, 100)
        (True, False)
        """
        return 0 <= short <= chips * self.percent // 100


DEFAULT_STRUCTURE = Structure("fixed-limit", 2, 4)
"""A record's structure when none is named: fixed limit 2/4 (frozen: shared)."""
DEFAULT_HOUSE = HouseRules()
"""A record's house rules when none are named: every default (frozen: shared)."""
_FORCED_BETS = ("small_blind", "big_blind", "ante")
"""The fields of :class:`GameSettings` that cannot be negative, in the order a refusal names
the first that is."""


@frozen_fields
class GameSettings:
    """Everything a hand needs to be replayed besides its events."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    game: GameName = "badugi"
    structure: Structure = DEFAULT_STRUCTURE
    small_blind: int = 1
    big_blind: int = 2
    ante: int = 0
    rake: RakeRule | None = None
    house: HouseRules = DEFAULT_HOUSE
    with_buy: bool = False
    currency: str | None = None
    """``None`` for chips; ``"USD"`` etc. when amounts are cents of real money (imports)."""

    def __init__(
        self,
        game: GameName = "badugi",
        structure: Structure = DEFAULT_STRUCTURE,
        small_blind: int = 1,
        big_blind: int = 2,
        ante: int = 0,
        rake: RakeRule | None = None,
        house: HouseRules = DEFAULT_HOUSE,
        with_buy: bool = False,
        currency: str | None = None,
    ) -> None:
        # Field by field, as the dataclass's own __init__ sets them (not one dict at once, as
        # the events do): a hand's replay reads its settings' fields many times, and an
        # instance whose attributes were set one by one is the faster to read.
        set_field = object.__setattr__
        set_field(self, "game", game)
        set_field(self, "structure", structure)
        set_field(self, "small_blind", small_blind)
        set_field(self, "big_blind", big_blind)
        set_field(self, "ante", ante)
        set_field(self, "rake", rake)
        set_field(self, "house", house)
        set_field(self, "with_buy", with_buy)
        set_field(self, "currency", currency)
        self.__post_init__()

    def __post_init__(self) -> None:
        if self.game not in GAME_NAMES:
            raise ConfigError(
                f"unknown game {self.game!r} (games: {', '.join(GAME_NAMES)})", setting="game"
            )
        if self.small_blind < 0 or self.big_blind < 0 or self.ante < 0:
            negative = [name for name in _FORCED_BETS if getattr(self, name) < 0]
            raise ConfigError("blinds and antes cannot be negative", setting=negative[0])
        if 0 < self.big_blind < self.small_blind:  # one blind only (2/0, 0/2) is a game
            raise ConfigError(
                f"blinds {self.small_blind}/{self.big_blind}: the small blind cannot be above "
                "the big blind (000: the big blind is normally twice as much); written the "
                "other way round?",
                setting="small_blind",
            )
        if self.with_buy and not GAMES[self.game].progressive:
            raise ConfigError(
                "'with a buy' is a Progressive Badugi variant (002)", setting="with_buy"
            )

    @property
    def hand_size(self) -> int:
        return GAMES[self.game].hand_size


def validate_payouts(percents: Sequence[int], *, in_order: bool = True) -> tuple[int, ...]:
    """A tournament's payout table in whole percent of the prize pool, first place first;
    raise :class:`ConfigError` unless every place gets 0..100, they total 100 and, with
    ``in_order``, no place gets more than the one above it (``20/30/50`` is the table written
    backwards, which would pay the winner least).  The readers of a file's table (``payouts
    50/30/20``, PHH) and the ledger's tournament code all ask this function; the ledger reads
    a table it stored before this order was required without ``in_order``, as it stored it.

    >>> validate_payouts([50, 30, 20])
    (50, 30, 20)
    >>> validate_payouts([50, 30, 20, 1, 1, 1, 1, 1])
    Traceback (most recent call last):
    ...
    badugi_ledger.model.errors.ConfigError: payout percentages must total 100, not 105: 50/30/20/1/1/1/1/1
    >>> validate_payouts([20, 30, 50])
    Traceback (most recent call last):
    ...
    badugi_ledger.model.errors.ConfigError: payout percentages go from first place down: 20/30/50 pays place 2 more than place 1 (first place first: 50/30/20)
    """  # noqa: E501 (a doctest shows the full exception name)
    table = tuple(int(p) for p in percents)
    shown = "/".join(map(str, table)) if len(table) <= 40 else f"{len(table)} places"
    if any(p < 0 for p in table):
        raise ConfigError(f"payout percentages cannot be negative: {shown}")
    if table and sum(table) != 100:
        raise ConfigError(f"payout percentages must total 100, not {sum(table)}: {shown}")
    if in_order:
        for place, (above, below) in enumerate(pairwise(table), 1):
            if below > above:
                ordered = "/".join(map(str, sorted(table, reverse=True)))
                raise ConfigError(
                    f"payout percentages go from first place down: {shown} pays place "
                    f"{place + 1} more than place {place}"
                    + (f" (first place first: {ordered})" if len(table) <= 40 else "")
                )
    return table
