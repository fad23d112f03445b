"""The pots of a replayed hand: uncalled bets, side pots, a carried pot, and their division.

* **Uncalled bets** are the chips a player bet live beyond what anyone else put in live
  (antes, dead blinds and buys do not call bets); they go back before any pot is built, and
  so does the ante of a player who folded above every other player's ante and live chips
  (under ``ante-trimming``: nobody matched it).
* **Side pots** (``001``): one pot per all-in level of the players still in, a level counting
  antes and live chips; each pot is contested by the players still in who put in at least that
  level, so a player all-in for the ante (or part of it, or part of a blind) contests the pot
  his chips match and no more.  Other dead money (dead blinds, buys) goes to the main pot, and
  so does a Progressive Badugi carried pot (``002``: it goes to the winner of the next pot
  won); when the main pot carries (no qualifying hand among its players) but a side pot is
  won, at showdown or by folds, the carried pot goes to that side pot (:func:`next_pot_won`).
  A player dealt into a redeal with no chips (``seating.redeal_all_in``) is all-in at level 0:
  the main pot is then the carried pot (and any dead money), the only one he contests, and
  the redeal's bets are side pots among the others.  Whose chips are in the pot a hand
  carries out is ``HandResult.carry_stakes`` (:func:`carry_out_stakes`).
* **Dividing** a pot whose outcome is known (:func:`divide`) uses
  :func:`badugi_ledger.hands.pots.pot_shares`; a pot whose showdown cards are unknown is left
  to :mod:`.unshown`.  Under ``odd-chip-split all-to-first`` (PHH hands) the pots in a row
  that the same tied winners take are then divided as one, as PokerKit divides them
  (:func:`join_ties`).

Why a module of its own: the pot value and the pots built from a hand's chips are what both
the settlement (:mod:`.showdown`) and the settlement of a showdown with unknown cards
(:mod:`.unshown`) work on, and :func:`standing_pots` builds them for a hand not over
(:mod:`.legal`); it imports none of those modules, so each of them may import it.
"""

from __future__ import annotations

from types import MappingProxyType

from ..hands.pots import joined_ties, next_pot_won, pot_shares
from ..model.results import PotResult
from .claims import carried_detail
from .state import SHOWDOWN, HandState


class Pot:
    """A pot while it is being settled."""

    __slots__ = (
        "name",
        "amount",
        "eligible",
        "net",
        "shares",
        "detail",
        "carried",
        "cards",
        "winner",
        "floor",
    )

    def __init__(self, name: str, amount: int, eligible: list[str], floor: int = 0) -> None:
        self.name = name
        self.amount = amount
        self.eligible = eligible
        self.floor = floor
        """The stake below this pot's layer: a player whose stake (:func:`_stakes`) is above it
        has chips in the pot."""
        self.net = amount
        self.shares: dict[str, int] | None = None
        self.detail = ""
        self.carried = False
        self.cards: list[tuple[str, tuple]] | None = None
        self.winner: str | None = None
        """Set when the pot is won without a comparison of hands."""


def return_uncalled(st: HandState) -> tuple[str, int] | None:
    """Give the uncalled bet back (the live chips of the player who put in most beyond the
    next one), and trim the ante nobody matched of a player who folded
    (:func:`_trim_unmatched_ante`); returns the uncalled bet, if any."""
    live = st.live
    amounts = sorted(live.values())
    top, second = amounts[-1], amounts[-2]
    returned = None
    if top > second:
        top_player = max(live, key=live.__getitem__)
        back = top - second
        live[top_player] -= back
        st.contrib[top_player] -= back
        st.stack[top_player] += back
        returned = top_player, back
    if st.folded and st.settings.ante and st.house.ante_trimming:
        _trim_unmatched_ante(st)
    return returned


def _trim_unmatched_ante(st: HandState) -> None:
    """A player who folded with more ante and live chips in than any other player gets the
    ante chips nobody matched back: a player all-in for the ante contests only what his chips
    match of the others' antes (grammar/README.md, house rule ``ante-trimming``; ``001``: a
    player wins from each opponent only what his own chips match), so nobody can win them:
    left in the pots they would go to the last one, to a player who matched none of them.
    Only a player every other of whom is all-in for less than his ante has such chips, and
    such a player has no action (:mod:`.betting`: nobody can play against him): he folds
    only in a site's record of a player folding all-in (``fold-all-in``, a warning).  His
    live chips above the others' went back as an uncalled bet, so what is left above them is
    ante.  Chips that folded players match among themselves stay in the pots."""
    stakes = _with_antes(st)
    top_player = max(stakes, key=stakes.__getitem__)
    if top_player not in st.folded:
        return  # a player still in above the others wins his own layer, a pot of his
    top = stakes.pop(top_player)
    back = top - max(stakes.values())
    if back <= 0:
        return
    st.paid[(top_player, "ante")] -= back
    st.contrib[top_player] -= back
    st.stack[top_player] += back
    st.notes.append(
        f"{top_player}'s ante: {st.chips(back)} that no other player matched "
        f"{'goes' if back == 1 else 'go'} back to {top_player} (house rule ante-trimming)"
    )


def _with_antes(st: HandState) -> dict[str, int]:
    """Each player's chips that an opponent's must match in a game with antes: antes (posted
    first) and live bets.  Other dead money (dead blinds, buys) is no stake: it goes to the
    main pot.  Without antes the live bets are the stakes."""
    paid = st.paid
    return {p: chips + paid.get((p, "ante"), 0) for p, chips in st.live.items()}


def _stakes(st: HandState) -> dict[str, int]:
    """Each player's chips that cut the pots' layers: antes and live chips, unless the antes
    all go to the first pot (``HouseRules.ante_trimming`` off); what else a player put in is
    dead money, in the main pot."""
    return _with_antes(st) if st.settings.ante and st.house.ante_trimming else st.live


def build_pots(
    st: HandState, active: list[str], still_open: frozenset[str] = frozenset()
) -> list[Pot]:
    """Pots by the all-in levels of the players still in, each level counting antes and live
    chips (``001``: a player can win from each opponent only what his own chips match, so a
    player all-in for the ante, or for part of it or of a blind, contests the pot his chips
    make).  Dead blinds, buys and a carried pot go to the main pot, which every player still in
    contests.  ``active`` are the players still in, clockwise from the button's left.

    ``still_open`` (a hand not over, :func:`standing_pots`): players who may still put chips
    in; their stakes cut no pot and they contest every pot, the top level included."""
    matched = _stakes(st)
    total = sum(st.contrib.values())
    if still_open:
        top = max(matched.values())
        cut = {matched[p] for p in active if p not in still_open and matched[p] < top}
        if not cut:
            return [Pot("main", total + st.carry_in, active)]
        levels = sorted(cut | {top})
    else:
        stakes = set(map(matched.__getitem__, active))
        if len(stakes) == 1:
            # Nobody still in is all-in for less: one pot, every chip in it.
            return [Pot("main", total + st.carry_in, active)]
        levels = sorted(stakes)
    prev = 0
    chips = matched.values()
    layers: list[tuple[int, list[str], int]] = []
    for level in levels:
        # Each player's chips between the last level and this one (conditional expressions,
        # not min(): a builtin call parses its arguments, which costs more than comparing).
        amount = sum([(c if c < level else level) - (c if c < prev else prev) for c in chips])
        eligible = [p for p in active if matched[p] >= level or p in still_open]
        layers.append((amount, eligible, prev))
        prev = level
    leftover = sum([c - prev for c in chips if c > prev])  # folded players above every level
    dead = total - sum(chips)
    amount, eligible, floor = layers[-1]
    layers[-1] = (amount + leftover, eligible, floor)
    amount, eligible, floor = layers[0]
    layers[0] = (amount + dead + st.carry_in, eligible, floor)
    if not layers[0][0]:  # a level of 0 chips (all-in for dead money only) with no dead money
        del layers[0]
    return [
        Pot("main" if not i else f"side {i}", amount, eligible, floor)
        for i, (amount, eligible, floor) in enumerate(layers)
    ]


def carry_out_stakes(st: HandState, pots: list[Pot]) -> frozenset[str]:
    """Whose chips are in the pot the hand carries out (``HandResult.carry_stakes``): those
    with chips in a pot that carries (a stake above its floor; the main pot's dead money too),
    and, when every pot carries, the carried-in pot carries on with its own stakes.  When a
    pot is won, the carried-in pot goes with it (:func:`next_pot_won`): its stakes are no
    longer anybody's."""
    stakes = _stakes(st)
    contrib = st.contrib
    held = set(st.carry_stakes) if all(pot.carried for pot in pots) else set()
    for pot in pots:
        if pot.carried:
            held.update([p for p, chips in stakes.items() if chips > pot.floor])
            if pot is pots[0]:
                held.update([p for p, chips in contrib.items() if chips > stakes[p]])
    return frozenset(held)


def carry_to_next_pot_won(carry_in: int, pots: list[Pot], to: Pot | None = None) -> None:
    """The main pot carries (no qualifying hand among its players) but a side pot is won: the
    carried-in pot, built into the main pot, moves to that side pot (:func:`next_pot_won`;
    ``to``, when the record decides it), before the rake, which takes a carried pot when it
    is won."""
    if to is None:
        to = pots[next_pot_won([pot.carried for pot in pots])]
    if to is not pots[0]:
        for pot, chips in ((pots[0], -carry_in), (to, carry_in)):
            pot.amount += chips
            pot.net += chips


def divide(st: HandState, pot: Pot) -> None:
    """Divide a pot whose outcome is known; leave an unknown one (``shares`` None) alone."""
    if pot.carried:
        pot.shares = {}
        pot.detail = carried_detail(str(pot.net))
        return
    if pot.winner is not None:
        pot.shares = {pot.winner: pot.net}
        return
    if pot.cards is None:
        return
    shares, pot.detail = pot_shares(pot.net, pot.cards, st.settings.game, st.house)
    pot.shares = shares
    if not shares:  # pragma: no cover - the qualifier was checked before the rake
        pot.carried = True


def join_ties(st: HandState, pots: list[Pot]) -> None:
    """Under ``odd-chip-split all-to-first``, the divided pots in a row that the same tied
    winners take, divided as one (:func:`~badugi_ledger.hands.pots.joined_ties`): a pot
    whose shares that changes says so in its detail."""
    house = st.house
    if house.odd_chip_split != "all-to-first" or len(pots) < 2:
        return
    divided = [None if pot.carried or pot.cards is None else pot.shares for pot in pots]
    game = st.settings.game
    joined = joined_ties([pot.net for pot in pots], divided, game, house)
    for pot, shares, before in zip(pots, joined, divided, strict=True):
        if shares != before and pot.cards is not None:
            pot.shares, detail = pot_shares(pot.net, pot.cards, game, house, tie=shares)
            pot.detail = (
                f"{detail}; the pots in a row that the same players win divided as one, its "
                "odd chips to the first of them (house odd-chip-split all-to-first, as "
                "PokerKit divides)"
            )


def pot_result(pot: Pot) -> PotResult:
    return PotResult(
        pot.name,
        pot.amount,
        tuple(pot.eligible),
        MappingProxyType(pot.shares or {}),  # shares
        pot.detail,
    )


def standing_pots(st: HandState) -> tuple[tuple[str, int] | None, tuple[PotResult, ...]]:
    """The pots of a hand that is not over, as they stand: every chip put in so far, built by
    the same :func:`build_pots` as :func:`.showdown.settle`.  While betting is still to come, the
    players who can still bet contest every pot (only the all-in players' stakes cut side
    pots); once it is over, the part of a bet nobody matched is taken apart first, as the
    settlement returns it (``(player, chips)``, else None).  It closes the bets: the state
    serves nothing after it."""
    still_open: frozenset[str] = frozenset()
    if st.phase < SHOWDOWN and (len(st.can) >= 2 or st.pending):
        still_open = frozenset(st.can_bet() if len(st.can) >= 2 else st.pending)
    st.close_bets()
    uncalled = None if still_open else return_uncalled(st)
    pots = build_pots(st, st.active(), still_open)
    return uncalled, tuple([pot_result(p) for p in pots])
