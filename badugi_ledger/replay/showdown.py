"""Settling a replayed hand: the showdown, the rake, the payouts, and the check of everything
the recorder wrote down about the outcome.

* **Pots**: the uncalled bet goes back and the side pots are built by :mod:`.side_pots`
  (``001``; a Progressive Badugi carried pot in the main pot, moved to the next pot won,
  ``002``).
* **Showdown order** (``000``): the last bettor or raiser of the final round shows first, else
  the first active player left of the button; recorded in the notes, not enforced.
* **Awarding**: each pot is divided with :func:`badugi_ledger.hands.pots.pot_shares` (the shares
  and detail of :func:`~badugi_ledger.hands.pots.divide_pot`) among its eligible
  players who did not muck.  A pot nobody else contests needs no cards and, won by folds, no
  Progressive Badugi qualifier (``002``).  A Progressive Badugi pot with no qualifying hand at
  showdown carries (``carry_out``).
* **Rake**: ``GameSettings.rake`` computes it from the pots that are won (a carried pot is
  raked when it is finally won; with unknown showdown cards the record's carry-outs say which
  pots carry, :func:`.unshown.carried_on_record`, and the rake is the same as with known cards
  that carry them); a recorded ``RakeTaken`` is checked against it.  Without a rake
  rule a recorded ``RakeTaken`` is accepted as what the house took (site imports).  It comes out
  of the main pot first, then the side pots in order (a house rule of ours, no rule text
  covers it: README's house rules, grammar/README.md ``rake``), except that a site's
  rake (no rake rule) is split among the pots as the site's per-pot collections show, when
  they name every pot and add up (PokerStars rakes each pot: ``corpus/pokerstars/
  Badugi-USD-0.25-0.50-201009.txt``, hand 49164202872).
* **Unknown cards**: a pot whose contenders' cards at showdown are not all known is settled
  from the record, when it can be, by :mod:`.unshown` (:func:`.unshown.settle_from_record`).
* **Recorded outcomes** (``Collect``, ``CarryOut``, ``RakeTaken``, ``PotTotal``, ``FinalStack``)
  that disagree with the computed ones become ``Violation(kind="mismatch")``, and recorded totals
  that create or lose chips are reported as ``chips-balance``.

Why this module: the one pass from a finished hand to its frozen result (:func:`settle`), in
which every recorded figure is checked right where the replay computes it; the pots it works
on are built in :mod:`.side_pots`, and a showdown with unknown cards is settled in :mod:`.unshown`.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from types import MappingProxyType
from typing import TypeVar

from ..hands.evaluate import meets_qualifier
from ..model.errors import illegal
from ..model.events import CarryOut, Collect, RakeTaken
from ..model.games import GAMES
from ..model.results import CARRY, HOUSE, HandResult, Posting, Violation
from .claims import collections_imbalance, verify_claims
from .side_pots import (
    Pot,
    build_pots,
    carry_out_stakes,
    carry_to_next_pot_won,
    divide,
    join_ties,
    pot_result,
    return_uncalled,
)
from .state import SHOWDOWN, HandState
from .unshown import NONE_CARRIED, carried_on_record, known_cards, settle_from_record


def _showdown_cards(st: HandState, pot: Pot, folded_win: bool) -> None:
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


def _take_rake(
    st: HandState,
    pots: list[Pot],
    violations: list[Violation],
    carries: Sequence[Pot] = (),
) -> int:
    """The rake of a hand with a rake rule or a recorded rake, taken out of the pots won.
    ``carries``: the pots the cards could not divide that the record carries
    (:func:`.unshown.carried_on_record`), raked no more than a pot the cards carry."""
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


def _rake_by_claims(st: HandState, won: list[Pot], rake: int) -> list[int] | None:
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


def collections_after_a_broken_rule(st: HandState) -> Violation | None:
    """What a hand that broke a rule once its play was over (a card shown twice, a show out of
    turn: ``st`` where it broke it) still says of its recorded collections: with every chip
    in, the collections, rake and carried pot must add up to the pot whoever won it
    (:func:`collections_imbalance`, at the first collection).  None when they do, when the
    record has no collection, or when the play was not over (more chips could have come).
    A rake the house rule takes and no ``raked`` line states: the collections may fall short
    of the pot by as much as the rule could take (:meth:`RakeRule.may_have_taken`), never exceed
    it."""
    if st.phase < SHOWDOWN:
        return None
    events = st.record.events
    taken = [i for i, e in enumerate(events) if type(e) is Collect]
    if not taken:
        return None
    claimed = sum([e.amount for e in events if isinstance(e, Collect | RakeTaken | CarryOut)])
    st.close_bets()  # (the hand is over, broken: its state is read one last time)
    return_uncalled(st)
    pot = sum(st.contrib.values()) + st.carry_in
    rule = st.settings.rake
    # A rake the house rule takes is known once the hand is settled: short of the pot by no
    # more than the rule could take is not held against the record.
    stated = any(type(e) is RakeTaken for e in events)
    if claimed == pot or (rule and not stated and rule.may_have_taken(pot - claimed, pot)):
        return None
    return collections_imbalance(st, claimed, pot, st.record.position(taken[0]))


def settle(st: HandState) -> HandResult:
    """Turn the finished hand into its frozen result (see the module docstring)."""
    violations = st.violations  # the hand is over: its lists become the result's
    notes = st.notes
    st.close_bets()
    returned = return_uncalled(st)
    active = st.active()
    pots = build_pots(st, active)
    showdown = len(st.still_in) > 1
    for pot in pots:
        _showdown_cards(st, pot, not showdown)
    if st.carry_in and pots[0].carried and len(pots) > 1:
        carry_to_next_pot_won(st.carry_in, pots)
    carries = carried_on_record(st, pots) if st.carry_outs else NONE_CARRIED
    # No rake rule and none recorded: the house takes nothing.
    if st.settings.rake is not None or st.rakes:
        rake = _take_rake(st, pots, violations, carries[0])
    else:
        rake = 0
    unsettled = False
    for pot in pots:
        divide(st, pot)
        if pot.shares is None:
            unsettled = True
    join_ties(st, pots)
    if unsettled:
        settle_from_record(st, pots, violations, carries)
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
    carry_stakes = carry_out_stakes(st, pots) if carry_out else _NOBODY
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
        (pot_result(pots[0]),) if len(pots) == 1 else tuple(map(pot_result, pots)),
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


def _left_in_middle(pot: Pot) -> int:
    """What a carried pot carries: all of it, but for what a wrong record with unknown cards
    collects of it (reported as a ``collect`` mismatch, :func:`.unshown.settle_from_record`)."""
    return pot.net - sum(pot.shares.values()) if pot.shares else pot.net


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
