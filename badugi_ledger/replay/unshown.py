"""A showdown whose cards are not all known: the pots settled from the record, and the record
held to what some hands for the unknown cards would pay.

When a contender's cards at showdown are unknown (not shown, not mucked, not all known from
the deal and draws) the replay cannot divide the pot.  Then, and only then, the recorded
collections are accepted if they are consistent (they add up to the unsettled pots, only
eligible players collect) and a note says so; missing information is not a violation
(:func:`settle_from_record`).  A record whose figures do not add up but that names its
division (the pots it carries, one player collecting the others, or in a game of one winner a
pot, the players who collect its one pot tying for it; :func:`_named_winner`) is held to that
division, each wrong figure at its line (a forgotten rake), as with known cards.
Otherwise the hand is reported as ``pot-undetermined``.  In Progressive Badugi the record's
carry-outs say which of those pots carry, before the rake (:func:`carried_on_record`): the
rake is the same as with known cards that carry them.

Accepted collections are still claims: each must be what *some* hands for the unknown
contenders would pay, given the hands that are known (:func:`check_unshown`,
:mod:`badugi_ledger.hands.possible`).  A collection no such hands allow ("Ben collects 6" when
Anna shows 4-3-2-A, which no hand beats; "Anna collects 4 · Ben collects 2" of a pot of 6 that
only a win or an even split can divide) is a ``collect`` mismatch at its line, and a record
that adds up but that no division of the pots gives is then settled as recorded (the mismatch
says what is wrong).

A Progressive Badugi pot carried into the hand goes with the first pot won (``002``: "the
winner of the next pot that is won, whether at showdown or by all other players folding"),
which the search decides as the settlement does
(:func:`~badugi_ledger.hands.possible.next_pot_won`): the main pot, which holds it, when it
is won; when every pot the cards could not divide carries, the first pot after them that is
won (a side pot nobody else contests), else it carries on.

Why a module of its own: the settlement (:mod:`.showdown`) hands over the pots it cannot
divide and takes them back settled; everything that is only about unknown cards (taking the
record's word, and checking it) is here, on the pots of :mod:`.side_pots`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import cast

from ..hands.ceilings import ceilings
from ..hands.possible import CarriedIn, OpenPot, division_allowed, known_values
from ..hands.pots import next_pot_won, split_evenly
from ..model.cards import Card, format_cards
from ..model.errors import CardError, illegal
from ..model.games import GAMES
from ..model.results import Violation
from .claims import SettledPot, carried_detail, collections_imbalance
from .side_pots import Pot, carry_to_next_pot_won, divide
from .state import HandState


def carried_on_record(st: HandState, pots: list[Pot]) -> tuple[tuple[Pot, ...], bool]:
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
        return NONE_CARRIED
    open_pots = [p for p in pots if p.cards is None and p.winner is None and not p.carried]
    if not open_pots:
        return NONE_CARRIED
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
            carry_to_next_pot_won(carry_in, pots, to)
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
    return NONE_CARRIED


NONE_CARRIED: tuple[tuple[Pot, ...], bool] = ((), False)


def settle_from_record(
    st: HandState,
    pots: list[Pot],
    violations: list[Violation],
    carries: tuple[tuple[Pot, ...], bool] = NONE_CARRIED,
) -> None:
    """Unknown showdown cards: accept the recorded collections if they are consistent, and
    report them when no hands for the unknown cards give them (:func:`check_unshown`).
    ``carries``: the open pots the record carries, and whether the carried-in pot passed them
    (:func:`carried_on_record`)."""
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
    if st.carry_in:  # the carried-in pot may go to a pot after them (carried_on_record)
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
            undetermined = illegal(
                "pot-undetermined",
                f"the {' and '.join(p.name for p in open_pots)} pot ({st.figure(total)}) cannot "
                f"be settled: the showdown cards of {names} are not all known and the recorded "
                "collections do not settle it",
                st.record.pos,
            )
            claimed = sum(remainder.values()) + carry_claim
            if claimed != total and st.collects:
                # No cards make or lose chips: the figures are wrong whoever won; said at the
                # first collection, beside the pots left unsettled (their rake on both sides).
                raked = sum(p.amount for p in open_pots) - total
                where = st.record.position(st.collect_at[0])
                imbalance = collections_imbalance(st, claimed + raked, total + raked, where)
                undetermined.mismatches = (imbalance,)
            raise undetermined
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

    def take(pot: Pot, p: str, most: int) -> None:
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
        elif pot.shares and len(pot.shares) > 1:
            pot.detail = "cards not all known: tied by the players the record names"
        else:
            pot.detail = "cards not all known: won by the player the record names"
    if passed:
        for pot in open_pots:
            pot.shares = None
            divide(st, pot)
    contenders = sorted({q for p in open_pots for q in p.eligible if q not in st.mucked})
    unknown = [q for q in contenders if known_cards(st, q) is None] or contenders
    _warn_on_record(st, ", ".join(unknown), open_pots)


def _named_winner(
    st: HandState,
    open_pots: list[Pot],
    carried_pots: tuple[Pot, ...],
    remainder: dict[str, int],
) -> dict[str, int] | None:
    """Recorded figures that do not add up (a collection that forgets the rake, a carry or a
    collection a chip off), read as the division they name: the pots the record carries
    carry (:func:`carried_on_record`), and the one player who collects of the others wins
    them all; or, in a game of one winner a pot, the players who collect of its one pot tied
    for it and share it evenly (the odd chips as the house rule gives them, as with known
    cards).  Their pots as that division pays them (the record's figures are then held to it,
    each at its line), or None when the record names no such division (collectors of several
    pots or of a split game's halves, a player who cannot win them)."""
    won = [pot for pot in open_pots if pot not in carried_pots]
    if not won:
        return {}
    collectors = [p for p, chips in remainder.items() if chips > 0]
    if not collectors or any(p in st.mucked or p not in won[0].eligible for p in collectors):
        return None
    if len(collectors) == 1:
        (p,) = collectors
        if any(p not in pot.eligible for pot in won):
            return None
        return {p: sum(pot.net for pot in won)}
    if len(won) > 1 or len(GAMES[st.settings.game].halves) > 1:
        return None
    tied = [p for p in won[0].eligible if p in collectors]  # from the button's left
    return split_evenly(won[0].net, tied, st.house.odd_chip, st.house.odd_chip_split)


def _raked_carry(st: HandState, pot: Pot, violations: list[Violation]) -> None:
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


def _warn_on_record(st: HandState, names: str, open_pots: list[Pot]) -> None:
    st.warn(
        "payout-on-record",
        f"showdown cards of {names} unknown: the recorded collections settle the "
        f"{' and '.join(p.name for p in open_pots)} pot",
        st.record.position(st.collect_at[0] if st.collects else st.carry_outs[0][1]),
    )


def known_cards(st: HandState, player: str) -> tuple[Card, ...] | None:
    """The player's showdown hand when every card of it is known (shown, or known from the
    deal and the draws), else None."""
    hand = st.shown.get(player)
    if hand is None or None in hand:
        return st.cards.known_hand(player)
    return cast("tuple[Card, ...]", hand)


def check_unshown(
    st: HandState,
    open_pots: Sequence[SettledPot],
    recorded: Mapping[str, int],
    carried: int,
    violations: list[Violation],
    later: Sequence[SettledPot] = (),
    *,
    passed: bool = False,
) -> None:
    """Add a ``collect`` mismatch when ``recorded`` (player -> chips recorded from
    ``open_pots``, the pots the cards could not divide, beyond what the other pots pay) with
    ``carried`` chips carried out is no division that hands for the unknown contenders allow.
    ``later``: the settled pots after the open ones, which may take a carried-in pot;
    ``passed``: the record carries every open pot and the carried-in pot went to a pot after
    them already (the settlement moved it, as with known cards): the open pots hold their own
    chips only."""
    game, house = st.settings.game, st.house
    carry = None if passed else _carried_in(st, open_pots, later)
    pots = [
        OpenPot(pot.net, tuple([p for p in pot.eligible if p not in st.mucked]))
        for pot in open_pots
    ]
    hands = {p: known_cards(st, p) for pot in pots for p in pot.contenders}
    try:
        known = known_values(game, {p: h for p, h in hands.items() if h is not None}, house)
        # (a hand known in part is held to its best only where the record pays it: one paid
        # nothing wins nothing, and may be as low as needed)
        best = _best_of_known_parts(
            st, [p for p, h in hands.items() if h is None and recorded.get(p, 0) > 0]
        )
    except CardError:
        return  # the cards themselves are wrong: reported where they are recorded
    for p, tops in list(best.items()):
        if tops is None:  # no cards for the unknown ones make it win (a qualifier, 002)
            known[p] = None
            del best[p]
    ceilings = cast("dict[str, tuple[object, ...]]", best)
    if division_allowed(
        pots, known, game, recorded, carried, house, carried_in=carry, best=ceilings
    ):
        return
    position = st.record.position
    unknown = ", ".join(sorted({p for p, h in hands.items() if h is None}))
    plural = " pots" if len(open_pots) > 1 else " pot"
    names = " and ".join(pot.name for pot in open_pots) + plural
    total = st.figure(sum(pot.amount for pot in pots))
    what = _known_words(st, known) + "".join(
        f"; {p} is known to hold {format_cards(st.cards.known_part(p)[0])}"
        for p in best
        if p not in known
    )
    for c, at in zip(st.collects, st.collect_at, strict=True):
        p = c.player
        chips = recorded.get(p, 0)
        if not division_allowed(
            pots, known, game, {p: chips}, None, house, judged=[p], carried_in=carry, best=ceilings
        ):
            takes = st.figure(chips) if chips else "nothing"
            message = (
                f"{p} collects {takes} of the {names} ({total}), but no hands "
                f"for the unknown cards of {unknown} pay {p} that{what}"
            )
            violations.append(Violation("collect", message, position(at), "mismatch"))
            return
    words = [f"{p} {st.figure(chips)}" for p, chips in recorded.items() if chips]
    if carried:
        words.append(f"{st.figure(carried)} carried")
    parts = ", ".join(words)
    at = st.collect_at[0] if st.collects else st.carry_outs[0][1]
    message = (
        f"the recorded collections ({parts or 'none'}) are no division of the {names} "
        f"({total}) that any hands for the unknown cards of {unknown} give{what}"
    )
    violations.append(Violation("collect", message, position(at), "mismatch"))


def _best_of_known_parts(
    st: HandState, players: Sequence[str]
) -> dict[str, tuple[object, ...] | None]:
    """For each of ``players`` whose showdown cards are known in part, the best value each
    half can take (:func:`~badugi_ledger.hands.ceilings.ceilings`; None: none can win)."""
    out: dict[str, tuple[object, ...] | None] = {}
    for p in players:
        held, missing, free = st.cards.known_part(p)
        if held and 0 < missing <= len(free):
            out[p] = ceilings(st.settings.game, held, missing, free, st.house)
    return out


def _carried_in(
    st: HandState, open_pots: Sequence[SettledPot], later: Sequence[SettledPot]
) -> CarriedIn | None:
    """The Progressive Badugi pot carried into the hand, when the first open pot, the main
    pot, holds it (the settlement builds it there), with the pots after the open ones."""
    if not st.carry_in or not GAMES[st.settings.game].progressive:
        return None
    if open_pots[0].name != "main":  # pragma: no cover - a pot the cards divide is never before
        return None
    return CarriedIn(
        min(st.carry_in, open_pots[0].net),
        tuple([(pot.net, () if pot.carried else _winners(pot)) for pot in later]),
    )


def _winners(pot: SettledPot) -> tuple[str, ...]:
    """A settled pot's winners, in seat order."""
    shares = pot.shares or {}
    return tuple([p for p in pot.eligible if shares.get(p)])


def _known_words(st: HandState, known: Mapping[str, tuple | None]) -> str:
    """The known hands, as the message names them (``": Anna shows 4-card 4-3-2-A"``)."""
    if not known:
        return " (a pot goes to the best hand or is split evenly among tied best hands)"
    words = [
        f"{p} shows {' / '.join(v.describe() for v in values)}"
        if values is not None
        else f"{p}'s hand does not qualify"
        for p, values in known.items()
    ]
    return ": " + "; ".join(words)
