"""Settling a replayed hand: uncalled bets, side pots, rake, the showdown, the carried pot,
and the check of everything the recorder wrote down about the outcome.

* **Uncalled bets** are the chips a player bet live beyond what anyone else put in live
  (antes, dead blinds and buys do not call bets); they go back before any pot is built.
* **Side pots** (``001``): one pot per all-in level of the players still in, a level counting
  antes and live chips; each pot is contested by the players still in who put in at least that
  level, so a player all-in for the ante (or part of it, or part of a blind) contests the pot
  his chips match and no more.  Other dead money (dead blinds, buys) goes to the main pot, and
  so does a Progressive Badugi carried pot (``002``: it goes to the winner of the next pot
  won); when the main pot carries (no qualifying hand among its players) but a side pot is
  won, at showdown or by folds, the carried pot goes to that side pot (:func:`next_pot_won`).
  A player dealt into a redeal with no chips (``state.redeal_all_in``) is all-in at level 0:
  the main pot is then the carried pot (and any dead money), the only one he contests, and
  the redeal's bets are side pots among the others.  Whose chips are in the pot a hand
  carries out is ``HandResult.carry_stakes`` (:func:`_carry_stakes`).
* **Showdown order** (``000``): the last bettor or raiser of the final round shows first, else
  the first active player left of the button; recorded in the notes, not enforced.
* **Awarding**: each pot is divided with :func:`badugi_ledger.hands.pots.pot_shares` (the shares
  and detail of :func:`~badugi_ledger.hands.pots.divide_pot`) among its eligible
  players who did not muck.  A pot nobody else contests needs no cards and, won by folds, no
  Progressive Badugi qualifier (``002``).  A Progressive Badugi pot with no qualifying hand at
  showdown carries (``carry_out``).
* **Rake**: ``GameSettings.rake`` computes it from the pots that are won (a carried pot is
  raked when it is finally won; with unknown showdown cards the record's carry-outs say which
  pots carry, :func:`_carried_on_record`, and the rake is the same as with known cards that
  carry them); a recorded ``RakeTaken`` is checked against it.  Without a rake
  rule a recorded ``RakeTaken`` is accepted as what the house took (site imports).  It comes out
  of the main pot first, then the side pots in order (our convention), except that a site's
  rake (no rake rule) is split among the pots as the site's per-pot collections show, when
  they name every pot and add up (PokerStars rakes each pot: ``corpus/pokerstars/
  Badugi-USD-0.25-0.50-201009.txt``, hand 49164202872).
* **Unknown cards**: when a contender's cards at showdown are unknown (not shown, not mucked,
  not all known from the deal and draws) the pot cannot be computed.  Then, and only then, the
  recorded collections are accepted if they are consistent (they add up to the unsettled pots,
  only eligible players collect) and a note says so; missing information is not a violation.
  A record whose figures do not add up but that names its division (the pots it carries, one
  player collecting the others; :func:`_named_winner`) is held to that division, each wrong
  figure at its line (a forgotten rake), as with known cards.  Otherwise the hand is reported
  as ``pot-undetermined``.  Accepted collections are still
  held to what some hands for the unknown cards would pay (:mod:`.unshown`); one that none
  would is a ``collect`` mismatch at its line, and a record that adds up but that no division
  of the pots gives is then settled as recorded (the mismatch says what is wrong).
* **Recorded outcomes** (``Collect``, ``CarryOut``, ``RakeTaken``, ``PotTotal``, ``FinalStack``)
  that disagree with the computed ones become ``Violation(kind="mismatch")``, and recorded totals
  that create or lose chips are reported as ``chips-balance``.

Why one module of this size: pots, rake, awarding and the verification of the record; every
recorded figure is checked right where the replay computes it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from types import MappingProxyType
from typing import TypeVar

from ..hands.evaluate import meets_qualifier
from ..hands.pots import next_pot_won, pot_shares
from ..model.games import GAMES
from ..model.results import CARRY, HOUSE, HandResult, Posting, PotResult, Violation
from .claims import carried_detail, verify_claims
from .state import SHOWDOWN, HandState, illegal
from .unshown import check_unshown, known_cards


class _Pot:
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


def _return_uncalled(st: HandState) -> tuple[str, int] | None:
    live = st.live
    amounts = sorted(live.values())
    top, second = amounts[-1], amounts[-2]
    if top <= second:
        return None
    top_player = max(live, key=live.__getitem__)
    back = top - second
    live[top_player] -= back
    st.contrib[top_player] -= back
    st.stack[top_player] += back
    return top_player, back


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


def _build_pots(
    st: HandState, active: list[str], still_open: frozenset[str] = frozenset()
) -> list[_Pot]:
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
            return [_Pot("main", total + st.carry_in, active)]
        levels = sorted(cut | {top})
    else:
        stakes = set(map(matched.__getitem__, active))
        if len(stakes) == 1:
            # Nobody still in is all-in for less: one pot, every chip in it.
            return [_Pot("main", total + st.carry_in, active)]
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
        _Pot("main" if not i else f"side {i}", amount, eligible, floor)
        for i, (amount, eligible, floor) in enumerate(layers)
    ]


def _showdown_cards(st: HandState, pot: _Pot, folded_win: bool) -> None:
    """Decide what is known about ``pot`` before rake: uncontested, carried, or its cards.

    In Progressive Badugi a muck at showdown is not a fold (a house rule, README): the last
    hand shown must still qualify or the pot carries, since ``002`` waives the qualifier only
    when "all but one player folds"."""
    if folded_win or len(pot.eligible) == 1:
        winner = pot.eligible[0]
        pot.winner = winner
        pot.detail = (
            f"{winner} wins uncontested (everyone else folded)"
            if folded_win
            else f"{winner} wins uncontested"
        )
        return
    mucked = st.mucked
    contenders = [p for p in pot.eligible if p not in mucked] if mucked else pot.eligible
    progressive = GAMES[st.settings.game].progressive
    if not contenders:
        if progressive:  # no hand shown, none qualifies: "the pot stays in the middle" (002)
            pot.carried = True
            return
        raise illegal(
            "pot-undetermined",
            f"every player in the {pot.name} pot mucks: nobody can win it",
            st.record.pos,
        )
    if len(contenders) == 1 and not progressive:
        pot.winner = contenders[0]
        pot.detail = f"{contenders[0]} wins: the others muck"
        return
    cards: list[tuple[str, tuple]] = []
    for p in contenders:
        hand = known_cards(st, p)
        if hand is None:
            return  # unknown: settled from the record, if it can be
        cards.append((p, hand))
    pot.cards = cards
    if not progressive:
        return  # only the progressive game has a qualifier
    game, house = st.settings.game, st.house
    for _, c in cards:  # carried when no hand meets the qualifier (None: the game has none)
        if meets_qualifier(game, c, house) is not False:
            return
    pot.carried = True


def _carry_stakes(st: HandState, pots: list[_Pot]) -> frozenset[str]:
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


def _carry_to_next_pot_won(carry_in: int, pots: list[_Pot], to: _Pot | None = None) -> None:
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


def _take_rake(
    st: HandState,
    pots: list[_Pot],
    violations: list[Violation],
    carries: Sequence[_Pot] = (),
) -> int:
    """The rake of a hand with a rake rule or a recorded rake, taken out of the pots won.
    ``carries``: the pots the cards could not divide that the record carries
    (:func:`_carried_on_record`), raked no more than a pot the cards carry."""
    won = [p for p in pots if not p.carried and p not in carries]
    base = sum(p.amount for p in won)
    recorded = sum(a for a, _ in st.rakes)
    rule = st.settings.rake
    if rule is not None:
        rake = rule.amount(base, reached_draw=st.reached_draw)
        if st.rakes and recorded != rake:
            violations.append(
                Violation(
                    "rake",
                    f"the house takes {st.figure(recorded)}, but the rake of a "
                    f"{st.figure(base)} pot is {st.figure(rake)} "
                    f"({rule.percent}%, cap {st.figure(rule.cap) if rule.cap else 'none'})",
                    st.record.position(st.rakes[0][1]),
                    "mismatch",
                )
            )
    else:
        rake = recorded
    if rake > base:
        raise illegal(
            "rake",
            f"the house takes {st.figure(rake)}, more than the {st.chips(base)} won",
            st.record.position(st.rakes[0][1]),
        )
    cuts = _rake_by_claims(st, won, rake) if rule is None and len(won) > 1 else None
    if cuts is None:
        left = rake
        cuts = []
        for pot in won:
            cut = min(left, pot.net)
            cuts.append(cut)
            left -= cut
    for pot, cut in zip(won, cuts, strict=True):
        pot.net -= cut
    return rake


def _rake_by_claims(st: HandState, won: list[_Pot], rake: int) -> list[int] | None:
    """A site's rake (no rake rule) split among several won pots as the site's own per-pot
    collections show it (each site has its own way); ``None`` when they do not show it: every
    collection names a won pot, every won pot is collected from, and what the pots keep back
    is the rake."""
    claimed: dict[str, int] = {}
    for c in st.collects:
        if c.pot is None:
            return None
        claimed[c.pot] = claimed.get(c.pot, 0) + c.amount
    if claimed.keys() != {pot.name for pot in won}:
        return None
    cuts = [pot.amount - claimed[pot.name] for pot in won]
    if sum(cuts) != rake or min(cuts) < 0:
        return None
    return cuts


def _carried_on_record(st: HandState, pots: list[_Pot]) -> tuple[tuple[_Pot, ...], bool]:
    """Unknown showdown cards in Progressive Badugi: the pots the cards could not divide that
    the record carries, decided before the rake, and whether the carried-in pot passes them.

    A pot that carries carries all its chips: the rake takes a carried pot only when it is
    won, as when the cards are known.  So the recorded carry-outs, beyond the pots the cards
    carry, are the whole of the last of those pots (when a pot carries, no player of a pot
    after it qualifies either, ``002``), or of all of them but the carried-in pot, which then
    goes to a pot after them that is won (:func:`next_pot_won`, moved there now, as with known
    cards).  A record that collects nothing carries them all, whatever its figures say (they
    are then held to that, each at its line).  ``((), False)`` when the record carries none of
    them, or no such pots."""
    if not GAMES[st.settings.game].progressive:
        return _NONE_CARRIED
    open_pots = [p for p in pots if p.cards is None and p.winner is None and not p.carried]
    if not open_pots:
        return _NONE_CARRIED
    claim = sum(a for a, _ in st.carry_outs) - sum(p.net for p in pots if p.carried)
    total = sum(p.net for p in open_pots)
    carry_in = st.carry_in
    everything = not st.collects  # nobody collects: they all carry, whatever the figures
    if carry_in and open_pots[0] is pots[0] and (everything or claim == total - carry_in >= 0):
        to = pots[next_pot_won([pot.carried or pot in open_pots for pot in pots])]
        won_later = {
            p for pot in pots if not (pot.carried or pot in open_pots) for p in pot.eligible
        }
        # Nobody collects of the open pots: they all carry.
        if not (to.carried or to in open_pots) and all(c.player in won_later for c in st.collects):
            _carry_to_next_pot_won(carry_in, pots, to)
            return tuple(open_pots), True
    if everything:
        return tuple(open_pots), False
    for i, pot in enumerate(open_pots):
        if claim == total:
            return tuple(open_pots[i:]), False
        total -= pot.net
    # The carry is no pots' chips: one player who collects wins the pots he contests (a
    # better hand in a later one would beat him in his), and the others carry.
    collectors = {c.player for c in st.collects}
    if len(collectors) == 1:
        (p,) = collectors
        if p not in st.mucked and p in open_pots[0].eligible:
            return tuple([pot for pot in open_pots if p not in pot.eligible]), False
    return _NONE_CARRIED


_NONE_CARRIED: tuple[tuple[_Pot, ...], bool] = ((), False)


def _settle_from_record(
    st: HandState,
    pots: list[_Pot],
    violations: list[Violation],
    carries: tuple[tuple[_Pot, ...], bool] = _NONE_CARRIED,
) -> None:
    """Unknown showdown cards: accept the recorded collections if they are consistent, and
    report them when no hands for the unknown cards give them (:func:`check_unshown`).
    ``carries``: the open pots the record carries, and whether the carried-in pot passed them
    (:func:`_carried_on_record`)."""
    open_pots = [p for p in pots if p.shares is None and not p.carried]
    if not open_pots:
        return
    carried_pots, passed = carries
    names = ", ".join(sorted({q for p in open_pots for q in p.eligible if q not in st.mucked}))
    total = sum(p.net for p in open_pots)
    recorded: dict[str, int] = {}
    for c in st.collects:
        recorded[c.player] = recorded.get(c.player, 0) + c.amount
    for pot in pots:
        for p, chips in (pot.shares or {}).items():
            recorded[p] = recorded.get(p, 0) - chips
    remainder = {p: v for p, v in recorded.items() if v}
    carry_claim = sum(a for a, _ in st.carry_outs) - sum(p.net for p in pots if p.carried)
    eligible = {q for p in open_pots for q in p.eligible if q not in st.mucked}
    if st.carry_in:  # the carried-in pot may go to a pot after them (_carried_on_record)
        eligible.update([q for p in pots[len(open_pots) :] for q in (p.shares or {})])
    consistent = (st.collects or st.carry_outs) and (
        all(v > 0 and p in eligible for p, v in remainder.items())
        and sum(remainder.values()) + carry_claim == total
        and (carry_claim == 0 or GAMES[st.settings.game].progressive)
    )
    before = len(violations)
    later = pots[len(open_pots) :]
    if consistent:
        check_unshown(st, open_pots, remainder, carry_claim, violations, later, passed=passed)
    else:
        winner = _named_winner(st, open_pots, carried_pots, remainder)
        if winner is None:
            raise illegal(
                "pot-undetermined",
                f"the {' and '.join(p.name for p in open_pots)} pot ({st.figure(total)}) cannot "
                f"be settled: the showdown cards of {names} are not all known and the recorded "
                "collections do not settle it",
                st.record.pos,
            )
        # The record's figures are judged against it, each at its line (verify_claims); when
        # every pot carries, whether they all may (the one who collects does not say).
        remainder, carry_claim = winner, sum(pot.net for pot in carried_pots)
        if not winner:
            check_unshown(st, open_pots, {}, carry_claim, violations, later, passed=passed)
    reported = len(violations) > before
    left = {pot.name: pot.net for pot in open_pots}
    by_name = {pot.name: pot for pot in open_pots}
    won = [pot for pot in open_pots if pot not in carried_pots]
    for pot in open_pots:
        pot.shares = {}

    def take(pot: _Pot, p: str, most: int) -> None:
        chips = min(left[pot.name], remainder.get(p, 0), most)
        if chips > 0 and pot.shares is not None:
            pot.shares[p] = pot.shares.get(p, 0) + chips
            remainder[p] -= chips
            left[pot.name] -= chips

    for c in st.collects:  # a collection that names its pot goes to that pot first
        named = by_name.get(c.pot) if c.pot is not None else None
        if named in won and c.player in named.eligible and c.player not in st.mucked:
            take(named, c.player, c.amount)
    # The last side pot first: its players may collect from every pot before it, while a
    # player all-in for less can collect only from the earlier ones (pots are nested).
    for pot in reversed(won):
        for p in pot.eligible:
            take(pot, p, total)
    undivided = [pot for pot in won if left[pot.name] and pot.shares]
    if undivided or any(v > 0 for v in remainder.values()):
        if not reported:
            pot = undivided[0] if undivided else (won or open_pots)[0]
            raise illegal(
                "pot-undetermined",
                f"the recorded collections do not divide the {pot.name} pot ({st.figure(pot.net)})",
                st.record.pos,
            )
        # A wrong record, reported at its line: settled as recorded, whatever the pots.
        for pot in won:
            shares = pot.shares = pot.shares or {}
            for p in remainder:
                chips = min(left[pot.name], remainder[p])
                if chips > 0:
                    shares[p] = shares.get(p, 0) + chips
                    remainder[p] -= chips
                    left[pot.name] -= chips
    for pot in open_pots:
        if left[pot.name]:
            pot.carried = True  # a recorded carry-out of a Progressive Badugi pot
            if pot.net < pot.amount and not reported:
                _raked_carry(st, pot, violations)
        if consistent:
            pot.detail = "cards not all known: the recorded collection is accepted"
        elif pot.carried:
            pot.detail = carried_detail(str(pot.net))
        else:
            pot.detail = "cards not all known: won by the player the record names"
    if passed:
        for pot in open_pots:
            pot.shares = None
            _divide(st, pot)
    _warn_on_record(st, names, open_pots)


def _named_winner(
    st: HandState,
    open_pots: list[_Pot],
    carried_pots: tuple[_Pot, ...],
    remainder: dict[str, int],
) -> dict[str, int] | None:
    """Recorded figures that do not add up (a collection that forgets the rake, a carry or a
    collection a chip off), read as the division they name: the pots the record carries
    carry (:func:`_carried_on_record`), and the one player who collects of the others wins
    them all.  His pots as that division pays them (the record's figures are then held to it,
    each at its line), or None when the record names no such division (two collectors, a
    player who cannot win them)."""
    won = [pot for pot in open_pots if pot not in carried_pots]
    if not won:
        return {}
    collectors = [p for p, chips in remainder.items() if chips > 0]
    if len(collectors) != 1:
        return None
    (p,) = collectors
    if p in st.mucked or any(p not in pot.eligible for pot in won):
        return None
    return {p: sum(pot.net for pot in won)}


def _raked_carry(st: HandState, pot: _Pot, violations: list[Violation]) -> None:
    """The record carries ``pot`` in part: what is left of it once the rake is taken, as if
    it were won.  A pot that carries is raked only when it is won (as with known cards)."""
    violations.append(
        Violation(
            "carry-out",
            f"the record carries the {pot.name} pot as {st.figure(pot.net)}, what is left of it "
            f"once raked, but a pot that carries is raked only when it is won: it carries "
            f"{st.figure(pot.amount)}",
            st.record.position(st.carry_outs[0][1]),
            "mismatch",
        )
    )


def _warn_on_record(st: HandState, names: str, open_pots: list[_Pot]) -> None:
    st.warn(
        "payout-on-record",
        f"showdown cards of {names} unknown: the recorded collections settle the "
        f"{' and '.join(p.name for p in open_pots)} pot",
        st.record.position(st.collect_at[0] if st.collects else st.carry_outs[0][1]),
    )


def _divide(st: HandState, pot: _Pot) -> None:
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


def settle(st: HandState) -> HandResult:
    """Turn the finished hand into its frozen result (see the module docstring)."""
    violations = st.violations  # the hand is over: its lists become the result's
    notes = st.notes
    st.close_bets()
    returned = _return_uncalled(st)
    active = st.active()
    pots = _build_pots(st, active)
    showdown = len(st.still_in) > 1
    for pot in pots:
        _showdown_cards(st, pot, not showdown)
    if st.carry_in and pots[0].carried and len(pots) > 1:
        _carry_to_next_pot_won(st.carry_in, pots)
    carries = _carried_on_record(st, pots) if st.carry_outs else _NONE_CARRIED
    # No rake rule and none recorded: the house takes nothing.
    if st.settings.rake is not None or st.rakes:
        rake = _take_rake(st, pots, violations, carries[0])
    else:
        rake = 0
    unsettled = False
    for pot in pots:
        _divide(st, pot)
        if pot.shares is None:
            unsettled = True
    if unsettled:
        _settle_from_record(st, pots, violations, carries)
    carry_out = 0
    if len(pots) == 1:
        # The usual hand: the one pot's shares are the payouts (a dict nothing changes any
        # more, behind both read-only views).
        pot = pots[0]
        if pot.carried:
            carry_out = _left_in_middle(pot)
        payouts = pot.shares or {}
    else:
        payouts = {}
        for pot in pots:
            if pot.carried:
                carry_out += _left_in_middle(pot)
            shares = pot.shares
            if shares:
                for p, chips in shares.items():
                    payouts[p] = payouts.get(p, 0) + chips
    final = st.stack  # the hand is over: the stacks become the final ones
    for p, chips in payouts.items():
        final[p] += chips
    if showdown:
        notes.append("showdown order: " + ", ".join(showdown_order(st, active)))

    verify_claims(st, pots, payouts, final, rake, carry_out, violations)
    start = st.start
    carry_in = st.carry_in
    # Every chip is where it was or accounted for, and the postings the ledger stores balance.
    postings = _postings(st, returned, payouts, rake, carry_out)
    total_start = sum(start.values()) + carry_in
    total_end = sum(final.values()) + rake + carry_out
    if total_start != total_end or sum([p.amount for p in postings]) != 0:
        raise AssertionError(
            f"hand {st.record.hand_id}: replay lost chips ({total_start} != {total_end})"
        )
    carry_stakes = _carry_stakes(st, pots) if carry_out else _NOBODY
    won = {p: c for p, c in payouts.items() if c} if 0 in payouts.values() else payouts
    busted = tuple([p for p in st.dealt if final[p] == 0]) if 0 in final.values() else ()
    unknown = st.unknown
    if unknown:  # stacks nobody knows are left out, not shown as made-up figures
        start = {p: c for p, c in start.items() if p not in unknown}
        final = {p: c for p, c in final.items() if p not in unknown}
    # Fields by position (a class called with keywords first builds a dict of them), the
    # mappings as read-only views of dicts nothing changes any more (the result copies none).
    view = MappingProxyType
    return HandResult(
        st.record,
        view(start),  # starting_stacks
        view(st.contrib),  # contributions
        (_pot_result(pots[0]),) if len(pots) == 1 else tuple(map(_pot_result, pots)),
        view(won),  # payouts
        view(final),  # final_stacks
        postings,
        rake,
        carry_in,
        carry_out,
        busted,
        showdown,
        tuple(violations),
        tuple(notes),
        tuple(st.warnings),
        frozenset(unknown) if unknown else _NOBODY,  # unknown_stacks
        carry_stakes,
    )


_NOBODY: frozenset[str] = frozenset()


def _left_in_middle(pot: _Pot) -> int:
    """What a carried pot carries: all of it, but for what a wrong record with unknown cards
    collects of it (reported as a ``collect`` mismatch, :func:`_settle_from_record`)."""
    return pot.net - sum(pot.shares.values()) if pot.shares else pot.net


def _pot_result(pot: _Pot) -> PotResult:
    return PotResult(
        pot.name,
        pot.amount,
        tuple(pot.eligible),
        MappingProxyType(pot.shares or {}),  # shares
        pot.detail,
    )


def standing_pots(st: HandState) -> tuple[tuple[str, int] | None, tuple[PotResult, ...]]:
    """The pots of a hand that is not over, as they stand: every chip put in so far, built by
    the same :func:`_build_pots` as :func:`settle`.  While betting is still to come, the
    players who can still bet contest every pot (only the all-in players' stakes cut side
    pots); once it is over, the part of a bet nobody matched is taken apart first, as the
    settlement returns it (``(player, chips)``, else None).  It closes the bets: the state
    serves nothing after it."""
    still_open: frozenset[str] = frozenset()
    if st.phase < SHOWDOWN and (len(st.can) >= 2 or st.pending):
        still_open = frozenset(st.can_bet() if len(st.can) >= 2 else st.pending)
    st.close_bets()
    uncalled = None if still_open else _return_uncalled(st)
    pots = _build_pots(st, st.active(), still_open)
    return uncalled, tuple([_pot_result(p) for p in pots])


def showdown_order(st: HandState, active: list[str]) -> list[str]:
    """Who shows first (``000``): the last bettor or raiser of the final round, else the
    first active player left of the button; then clockwise."""
    aggressor = st.aggressor
    if aggressor is None or aggressor not in active or aggressor == active[0]:
        return active
    i = active.index(aggressor)
    return active[i:] + active[:i]


def _postings(
    st: HandState,
    returned: tuple[str, int] | None,
    payouts: dict[str, int],
    rake: int,
    carry_out: int,
) -> tuple[Posting, ...]:
    paid = st.paid.items()
    if 0 in st.paid.values():
        out = [_PAID_POSTINGS[item] for item in paid if item[1]]
    else:
        out = list(map(_PAID_POSTINGS.__getitem__, paid))
    if returned is not None:
        out.append(Posting(returned[0], "returned", returned[1]))
    if 0 in payouts.values():
        out.extend([_COLLECT_POSTINGS[item] for item in payouts.items() if item[1]])
    else:
        out.extend(map(_COLLECT_POSTINGS.__getitem__, payouts.items()))
    if rake:
        out.append(Posting(HOUSE, "rake", rake))
    if st.carry_in:
        out.append(Posting(CARRY, "carry-in", -st.carry_in))
    if carry_out:
        out.append(Posting(CARRY, "carry-out", carry_out))
    return tuple(out)


_POSTINGS_LIMIT = 1 << 14
_K = TypeVar("_K", bound=Hashable)


class _SharedPostings(dict[_K, Posting]):
    """Key -> its posting, shared: postings are immutable values and the same ones (a blind, a
    fixed-limit bet, a collection) recur hand after hand, so a bounded table of them, looked
    up with an item of ``HandState.paid`` or of the payouts itself, saves building a frozen
    dataclass (and a key) for most.  ``make`` builds the posting of a key met first."""

    def __init__(self, make: Callable[[_K], Posting]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, key: _K) -> Posting:
        if len(self) >= _POSTINGS_LIMIT:
            self.clear()
        found = self[key] = self.make(key)
        return found


_PAID_POSTINGS: _SharedPostings[tuple[tuple[str, str], int]] = _SharedPostings(
    lambda item: Posting(item[0][0], item[0][1], -item[1])  # type: ignore[arg-type]
)
"""``((player, kind), chips)`` -> the posting of those chips leaving the player."""
_COLLECT_POSTINGS: _SharedPostings[tuple[str, int]] = _SharedPostings(
    lambda item: Posting(item[0], "collect", item[1])
)
"""``(player, chips)`` -> the posting of that collection."""
