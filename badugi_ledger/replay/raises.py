"""Bet and raise sizes under every structure the rule texts name, and who may bet or raise.

Sources: ``000`` (fixed limit with a cap of a bet and three raises), ``001`` (pot limit, no limit,
half-pot limit, side pots), ``003`` (spread limit), seeds README item 6 (heads-up cap).  Choices
made where the texts are silent, each documented here:

* **Amounts** follow ``model/events.py``: a bet or raise is the player's *total* for the round.  The
  verbs ``bet`` and ``raise`` are read as the same thing (put the round total up to X); only the
  amount is checked.  An amount left out (``None``) is what fixed limit fixes, or the player's
  whole stack when that is less (an all-in); other structures need an amount.
* **Fixed limit**: the small bet in rounds 1-2, the big bet in rounds 3-4; the big blind counts as
  the first bet of round 1, a straddle (a live blind raise; no text names straddles) as its
  first raise, so two raises are left after it; at most ``Structure.cap`` bets per round.
  ``HouseRules.heads_up_uncapped`` lifts the cap "when only two players remain" (seeds README
  item 6) as the card rooms' rulebooks say, Robert's Rules of Poker (Betting and Raising,
  rules 3-4): the cap applies "for a pot involving three or more players who are not
  all-in", so a round is uncapped when no more than two players still in can bet (not
  all-in) as its cap is reached, and "Once the raising is capped on a betting round, it
  cannot be uncapped by a subsequent fold that leaves two players heads-up": a cap reached
  with three or more able to bet holds for the round (:func:`cap_holds`, remembered in
  ``HandState.cap_held`` where the round's bets are counted).  Both readings are house rules
  (README).  The TDA's tournament rules are the default's (rule 48: "In limit play, there is
  a limit to raises even when heads-up until the event is down to 2 players").  A
  short all-in raise is not a full raise: it does not count toward the cap, and the next raise
  *completes* it, to the last full level plus one bet.  That is what PokerStars does
  (``corpus/pokerstars/LBad-USD-MTT8-201011.txt``: bet 60, raise to 120, all-in to 150, and
  the player who raised to 120 raises again "30 to 180").
* **Pot limit**: the largest raise is the pot after calling; **half-pot limit**: half of that,
  rounded down.  The pot includes a carried Progressive Badugi pot.  **No limit** (and both pot
  limits): the smallest bet is the big blind, the smallest raise the last full raise (short
  all-ins: below).  Where the pot cap is below that smallest bet or raise (a redeal's small
  carried pot without blinds, blinds posted short ``as-posted``) the smallest is still allowed
  and is then also the largest: ``001`` gives a bet "a minimum equal to the big blind" in every
  round, and a cap that forbade every bet would leave the player no bet at all.  PokerKit sizes
  pot limit so (its largest is ``max(min_to, pot_to)``).
* **Spread limit**: a bet between ``spread_min`` and ``spread_max``; a raise adds between the
  larger of ``spread_min`` and the last raise of the round, and ``spread_max``: the big blind
  before the draw, and after it nothing until a full bet (a raise over a short all-in bet alone
  adds at least ``spread_min``).  The cap applies as in fixed limit.  Where the last raise is
  above ``spread_max`` (a big blind larger than the spread, ``spread limit 2-6 · blinds 5/10``;
  ``003`` names the structure, not its blinds) a raise of ``spread_max`` is the full raise: the
  least is never above the most, which would leave no raise at all.
* **Short all-ins** (every structure; the texts leave them to the room, ``004``): an all-in
  raise short of a full one does not reopen the betting by itself.  A player who has already
  acted since the betting was last opened may raise again only when the raises made since they
  acted add up to a full raise: the last full raise (no limit, pot limits; spread limit, and
  at least ``spread_min``), a bet in fixed limit, or half a bet under
  ``HouseRules.half_bet_reopens`` (default on, the card rooms' half-bet rule).  So two short
  all-ins together can reopen it for the player who bet, and not for one who called the
  first of them.  That is the card rooms' rule (Robert's Rules of Poker; the TDA's
  "re-opening the bet", short all-ins adding up) and PokerKit's in no limit and pot limit,
  but for the first wager of a round: PokerKit takes it for a full one whatever its size (an
  all-in raise over the big blind by less than the big blind, an all-in bet below it after a
  draw), where we take the big blind for the least full bet and raise
  (``tests/replay/test_raise_sizes_pokerkit.py``).
  What the player owes when the action comes back is exactly that sum (their check, call or
  raise left them level with the bet), so no running total is kept: a short all-in puts the
  players who had acted in ``HandState.no_reraise``, and :func:`_not_reopened` weighs what
  they owe when one of them raises.  A full raise reopens the betting for everybody.
* **Nobody left to call**: when everybody else still in the hand is all-in or has no more
  than the bet behind, a player may call or fold but not bet or raise (``raise-nobody-left``):
  nobody could call it.  PokerKit refuses it too.
* **PokerKit's fixed-limit raises** (``HouseRules.fixed_limit_raises`` ``pokerkit``, the PHH
  reading): the blinds and straddles are not bets, so the first round has them and four
  raises (``tests/phh/test_phh_straddles.py``); every
  raise, a short all-in too, counts toward the cap; a raise over a short all-in is one bet
  above it; a raise reopens the betting when it is as large as any raise of the round before
  it (so a short all-in over the blinds does) or short all-ins add up to that, and a player
  who owes less than the round's largest raise may only call or fold (:func:`_pokerkit_reopens`,
  in place of the card rooms' rule under **Short all-ins**);
  the check PokerKit asks of a blind after the first round closed is no warning
  (``phases._pokerkit_closes_first_round``).
* **Unknown stacks** (``HandState.unknown``, after a hand that could not be replayed): a post,
  call, bet or raise of less than is due, or one marked all-in, shows that the player put in
  their last chip, and so their stack (:func:`_shows_stack`); an all-in without an amount
  shows nothing and leaves the hand unsettled (``stack-unknown``).

Why a module of its own: the four betting structures with their raise rules, kept side by side
so that each structure's rule reads against the others.  The forced bets and the turns of a round
are :mod:`.betting`, whose :func:`~.betting.act` calls :func:`_raise`; this module imports
nothing of it (:func:`_shows_stack`, which a post and a call use too, is here for that).
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from ..model.errors import IllegalAction, illegal
from ..model.events import Action, Post
from .state import HandState

FIXED = "fixed-limit"
SPREAD = "spread-limit"


def bet_unit(st: HandState) -> int:
    """Fixed limit: the small bet in rounds 1-2, the big bet in rounds 3-4 (``000``)."""
    return st.structure.small_bet if st.round < 2 else st.structure.big_bet


class RaiseSize(NamedTuple):
    """The sizes a full bet or raise may have now, as round totals (``000``, ``001``,
    ``003``): ``least`` is the smallest full one, ``most`` the largest the structure allows
    (None: only the player's stack limits it, as in no limit).  In fixed limit both are the
    one size the bet must have."""

    least: int
    most: int | None


_sizes = partial(tuple.__new__, RaiseSize)
"""``_sizes((least, most))`` is ``RaiseSize(least, most)`` made in C: a named tuple's own
constructor is a Python function, one call more for every bet and raise of every hand."""


def raise_size(st: HandState, player: str) -> RaiseSize:
    """The full bet or raise ``player`` could make now under the structure (see the module
    docstring); whether they may raise at all is :func:`raise_refused`."""
    s = st.structure
    kind = s.kind
    level = st.level
    if kind == FIXED:
        # A bet above the last full level (card rooms complete a short all-in to it), or
        # above the bet, short or not (PokerKit).
        base = st.level if st.house.fixed_limit_raises == "pokerkit" else st.full_level
        target = base + (s.small_bet if st.round < 2 else s.big_bet)  # bet_unit(st)
        return _sizes((target, target))
    if kind == SPREAD:  # the least raise is never above the most (a big blind above it)
        # The last raise is the round's once it has a full bet (the big blind before the
        # draw); over a short all-in bet alone a raise adds the spread's least, as a bet does.
        least = max(s.spread_min, st.last_raise if level and st.full_level else 0)
        return _sizes((level + min(least, s.spread_max), level + s.spread_max))
    least = level + (st.last_raise if level else st.first_raise)
    if kind == "pot-limit":
        most = level + st.pot_size() + (level - st.committed[player])
    elif kind == "half-pot-limit":
        most = level + (st.pot_size() + (level - st.committed[player])) // 2
    else:
        return _sizes((least, None))
    # A pot smaller than the smallest bet or raise does not forbid it (see the module
    # docstring): the cap is never below the minimum.
    return _sizes((least, most if most > least else least))


_SIZE_TEXTS = {SPREAD: "003"}
"""The rule texts a refused bet size cites, where not ``001/003``: only ``003`` names spread
limit (``001`` names pot, half-pot and no limit, ``003`` all of them)."""

_CAPPED = frozenset({FIXED, SPREAD})
"""The structures with a cap on the bets of a round."""


def raise_refused(st: HandState, player: str) -> IllegalAction | None:
    """Why ``player`` may not bet or raise at all now (nobody left to call it, short all-ins
    since they acted that do not add up to a full raise, or the cap), or None."""
    if not _anybody_to_call_a_raise(st, player):
        return illegal(
            "raise-nobody-left",
            f"{player} raises, but nobody is left to call it: everybody else still in is "
            f"all-in or has no more than the bet, so {player} may only call or fold",
            st.here(),
        )
    if player in st.no_reraise:
        refused = _not_reopened(st, player)
        if refused is not None:
            return refused
    if st.level - st.committed[player] < st.completion:  # only with PokerKit's raises
        return illegal(
            "raise-not-reopened",
            f"{player} raises, but owes less than the round's largest raise: the short all-in "
            "did not reopen the betting (PokerKit)",
            st.here(),
        )
    s = st.structure
    capped = s.kind in _CAPPED and st.bets >= s.cap
    if capped and not (st.house.heads_up_uncapped and not st.cap_held):
        cap = (
            f"{s.cap} bets and raises, the blinds not counted (PokerKit)"
            if st.house.fixed_limit_raises == "pokerkit"
            else f"{s.cap} bets (a bet and {s.cap - 1} raises, 000)"
        )
        if st.house.heads_up_uncapped and len(st.can) <= 2:
            cap += (
                "; it was reached with more than two players able to bet, and a fold or all-in "
                "since does not lift it (heads-up-uncapped)"
            )
        return illegal("raise-cap", f"{player} raises, but the round is capped at {cap}", st.here())
    return None


def cap_holds(st: HandState) -> bool:
    """Whether the round's cap, reached now, holds for the rest of the round under
    ``heads-up-uncapped``: when more than two players still in can bet (Robert's Rules of
    Poker, Betting and Raising 3: the cap is for "three or more players who are not all-in").
    A fold after it leaves it standing (rule 4: it "cannot be uncapped by a subsequent fold
    that leaves two players heads-up"); with two or fewer able to bet the round is uncapped,
    and nobody who folds or goes all-in later can cap it again."""
    return len(st.can) > 2


def _not_reopened(st: HandState, player: str) -> IllegalAction | None:
    """Why the short all-ins since ``player`` acted have not reopened the betting for them, or
    None when they add up to enough (see the module docstring).  What ``player`` owes now is
    the sum of the raises since they acted: their check, call or raise left them level with
    the bet of the time, so no running total is kept."""
    s = st.structure
    owe = st.level - st.committed[player]
    if s.kind == FIXED:
        if st.house.fixed_limit_raises == "pokerkit":  # PokerKit's own rule (_pokerkit_reopens)
            return illegal(
                "raise-not-reopened",
                f"{player} raises, but the short all-in since {player} acted did not reopen "
                "the betting",
                st.here(),
            )
        unit = bet_unit(st)
        if st.house.half_bet_reopens:
            if 2 * owe >= unit:
                return None
            need = f"half a bet of {st.figure(unit)}"
        else:
            if owe >= unit:
                return None
            need = f"a full bet of {st.figure(unit)}"
    else:
        full = raise_size(st, player).least - st.level
        if owe >= full:
            return None
        need = f"a full raise of {st.figure(full)}"
    return illegal(
        "raise-not-reopened",
        f"{player} raises, but the short all-ins since {player} acted raised the bet by "
        f"{st.figure(owe)}, less than {need}: the betting is not reopened for {player}",
        st.here(),
    )


def _anybody_to_call_a_raise(st: HandState, player: str) -> bool:
    """Whether another player still in could put in more than the bet now: else a raise could
    not be called (at most matched all-in), so it is not one and only a call is left
    (PokerKit refuses it too)."""
    level, committed, stack = st.level, st.committed, st.stack
    for q in st.can:  # noqa: SIM110 - a loop: any() of a generator costs a frame per raise
        if q != player and committed[q] + stack[q] > level:
            return True
    return False


def raise_range(st: HandState, player: str) -> tuple[int, int] | None:
    """The totals ``player`` may bet or raise to now, lowest and highest (an all-in for less
    than a full raise is its own one-amount range), or None when they may not raise: what
    :func:`_raise` accepts, from the same :func:`raise_size` and :func:`raise_refused`."""
    if raise_refused(st, player) is not None:
        return None
    level = st.level
    reach = st.committed[player] + st.stack[player]
    if reach <= level:
        return None
    least, most = raise_size(st, player)
    if st.structure.kind == FIXED:
        to = least if least < reach else reach
        return to, to
    high = reach if most is None or most > reach else most
    if least <= high:
        return least, high
    if most is None or reach <= most:
        return reach, reach  # all-in for less than a full raise
    return None


def _puts(player: str, level: int, to: str) -> str:
    """What a player's bet or raise puts the round's bet at, in words: ``Ben bets 11`` when
    nobody has bet (``level`` 0), else ``Ben raises to 11``."""
    return f"{player} bets {to}" if level == 0 else f"{player} raises to {to}"


def _raise(st: HandState, ev: Action, owe: int, stack: int) -> None:
    """A bet or raise: check its size under the structure, then apply it."""
    p = ev.player
    s = st.structure
    kind = s.kind
    level = st.level
    reach = st.committed[p] + stack  # the most this player can have in this round
    refused = raise_refused(st, p)
    if refused is not None:
        raise refused
    least, most = raise_size(st, p)
    to = ev.amount
    if st.unknown and p in st.unknown:
        if to is None:
            _shows_stack(st, ev, None, False)
        else:
            short = kind == FIXED and level < to < least
            if _shows_stack(st, ev, to - st.committed[p], short):
                reach = to
    pokerkit = False  # PokerKit's fixed-limit raises (HouseRules.fixed_limit_raises)
    if kind == FIXED:
        target = least
        pokerkit = st.house.fixed_limit_raises == "pokerkit"
        if to is None:
            to = target if target < reach else reach
        elif to > reach:
            raise illegal(
                "over-stack",
                f"{_puts(p, level, st.figure(to))} but has only {st.chips(reach)}",
                st.here(),
            )
        if to <= level:
            raise illegal(
                "over-stack" if reach <= level else "bet-size",
                f"{p} raises to {st.figure(to)}, not above the bet of {st.figure(level)}",
                st.here(),
            )
        if to != target and not (level < to < target and to == reach):
            should = (
                f"this bet is {st.figure(target)}"
                if level == 0
                else (f"this raise is to {st.figure(target)}")
            )
            raise illegal(
                "bet-size",
                f"{_puts(p, level, st.figure(to))}; in fixed limit {should} (000)",
                st.here(),
            )
        full = to == target
        # Only a full bet reopens the betting for everybody; after a short all-in
        # _not_reopened says who may raise again (PokerKit's raises: _pokerkit_reopens).
        reopens = _pokerkit_reopens(st, to - level, to == reach) if pokerkit else full
        if full:
            st.full_level = target
    else:
        if to is None:
            if not ev.all_in:
                raise illegal("amount-missing", f"{p} {ev.verb}s without an amount", st.here())
            to = reach
        put = _puts(p, level, st.figure(to))  # as the player did, whatever was written
        if to > reach:
            raise illegal("over-stack", f"{put} but has only {st.chips(reach)}", st.here())
        if to <= level:
            raise illegal(
                "bet-size",
                f"{p} raises to {st.figure(to)}, not above the bet of {st.figure(level)}",
                st.here(),
            )
        min_to = least
        min_inc = min_to - level
        max_to = reach if most is None else most
        texts = f"{kind}, {_SIZE_TEXTS.get(kind, '001/003')}"
        if to > max_to:
            raise illegal(
                "bet-size",
                f"{put}; the most allowed is {st.figure(max_to)} ({texts})",
                st.here(),
            )
        if to < min_to and to != reach:
            if not (p in st.unknown and _shows_stack(st, ev, to - st.committed[p], True)):
                raise illegal(
                    "bet-size",
                    f"{put}; the least allowed is {st.figure(min_to)} ({texts})",
                    st.here(),
                )
            reach = to
        full = reopens = to - level >= min_inc
        if full:
            st.last_raise = to - level
            st.full_level = to
    if ev.all_in and to != reach:
        raise illegal(
            "all-in-stack", f"{p} is marked all-in but keeps {st.chips(reach - to)}", st.here()
        )
    st.bet(p, to - st.committed[p])
    st.level = to
    st.aggressor = p
    if full or pokerkit:  # PokerKit counts a short all-in toward the cap too
        bets = st.bets = st.bets + 1
        if bets == s.cap:  # after the bet: a raiser all-in by it can bet no more
            st.cap_held = cap_holds(st)
    if reopens:
        # Everyone else who can still bet acts again.
        pending = st.pending = st.can.copy()
        pending.discard(p)
        if st.no_reraise:
            st.no_reraise = set()
    else:
        # A short all-in: who had acted since the betting was last opened (who can bet and
        # is no longer to act) may raise again only as _not_reopened allows; who had not may
        # still raise.
        pending = st.pending
        for q in st.can_bet():
            if q != p and st.committed[q] < to:
                if q not in pending:
                    st.no_reraise.add(q)
                pending.add(q)
        pending.discard(p)


def _pokerkit_reopens(st: HandState, raised: int, all_in: bool) -> bool:
    """Whether a fixed-limit raise by ``raised`` chips reopens the betting as PokerKit rules
    it (``HouseRules.fixed_limit_raises`` ``pokerkit``): when it is as large as any raise of
    the round before it (the blinds are not raises, so a short all-in over them is), or when
    the short all-ins since the last other raise add up to that.  A player who owes less than
    the largest raise may not raise (:func:`raise_refused`)."""
    reopens = raised >= st.completion
    if raised > st.completion:
        st.completion = raised
    st.shorts = st.shorts + raised if all_in else 0
    if st.shorts >= st.completion:
        st.shorts = 0
        reopens = True  # the short all-ins add up to a raise
    return reopens


def _shows_stack(st: HandState, ev: Action | Post, put_in: int | None, short: bool) -> bool:
    """``ev`` by a player whose stack is unknown, putting in ``put_in`` chips more (None: no
    amount written): if it is ``short`` of what is due or marked all-in, those are the last
    chips, which shows the stack.  Returns whether it did."""
    p = ev.player
    if put_in is None:
        if ev.all_in:
            raise illegal(
                "stack-unknown",
                f"{p} goes all-in without an amount, and {p}'s stack is unknown "
                "(the table's previous hand could not be replayed): write the amount",
                st.here(),
            )
        return False
    if (short or ev.all_in) and 0 < put_in <= st.stack[p]:
        if not ev.all_in and _acts_later(st, p):
            return False  # not the last chips: the amount is held to what is due
        st.learn_stack(p, put_in)
        return True
    return False


def _acts_later(st: HandState, player: str) -> bool:
    """Whether the record has ``player`` act again after the event being replayed: a player
    all-in acts no more, so a short amount of theirs was not all they had (a call of 3 where 4
    is due is a wrong call, reported at its line, not an all-in that makes their next action
    the mistake)."""
    events = st.record.events
    return any(type(e) is Action and e.player == player for e in events[st.at + 1 :])
