"""Forced bets and betting rounds under every structure the rule texts name.

Sources: ``000`` (blinds, order of play, fixed limit with a cap of a bet and three raises),
``001`` (pot limit, no limit, half-pot limit, side pots), ``003`` (spread limit), seeds README
item 6 (heads-up cap).  Choices made where the texts are silent, each documented here:

* **Amounts** follow ``model/events.py``: a bet or raise is the player's *total* for the round.  The
  verbs ``bet`` and ``raise`` are read as the same thing (put the round total up to X); only the
  amount is checked.  An amount left out (``None``) is what fixed limit fixes, or the player's
  whole stack when that is less (an all-in); other structures need an amount.
* **Fixed limit**: the small bet in rounds 1-2, the big bet in rounds 3-4; the big blind counts as
  the first bet of round 1, a straddle (a live blind raise; no text names straddles) as its
  first raise, so two raises are left after it; at most ``Structure.cap`` bets per round, lifted
  only when ``HouseRules.heads_up_uncapped`` is set and exactly two players are still in the
  hand, a player all-in counted ("when only two players remain", seeds README item 6: three
  left with one all-in keep the cap).  Both readings are house rules (README).  A
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
  larger of ``spread_min`` and the last raise, and ``spread_max``.  The cap applies as in fixed
  limit.  Where the last raise is above ``spread_max`` (a big blind larger than the spread,
  ``spread limit 2-6 · blinds 5/10``; ``003`` names the structure, not its blinds) a raise of
  ``spread_max`` is the full raise: the least is never above the most, which would leave no
  raise at all.
* **Short all-ins** (every structure; the texts leave them to the room, ``004``): an all-in
  raise short of a full one does not reopen the betting by itself.  A player who has already
  acted since the betting was last opened may raise again only when the raises made since they
  acted add up to a full raise: the last full raise (no limit, pot limits; spread limit, and
  at least ``spread_min``), a bet in fixed limit, or half a bet under
  ``HouseRules.half_bet_reopens`` (default on, the card rooms' half-bet rule).  So two short
  all-ins together can reopen it for the player who bet, and not for one who called the
  first of them.  That is the card rooms' rule (Robert's Rules of Poker; the TDA's
  "re-opening the bet", short all-ins adding up) and PokerKit's in no limit and pot limit.
  What the player owes when the action comes back is exactly that sum (their check, call or
  raise left them level with the bet), so no running total is kept: a short all-in puts the
  players who had acted in ``HandState.no_reraise``, and :func:`_not_reopened` weighs what
  they owe when one of them raises.  A full raise reopens the betting for everybody.
* **Short blinds**: a player without enough chips posts all-in for less; the others still owe the
  full big blind, unless ``HouseRules.short_blind`` is ``as-posted`` (PHH hands, as PokerKit
  plays them): then they owe the largest blind posted.  A player may post a live big blind out
  of position (coming into the game) or a dead blind (``Post(kind="dead")``, default the small
  blind, dead money).
* **A big blind posted for nothing** (an ante took the player's last chip) is still the big
  blind: the first round starts left of it and the others owe what ``short_blind`` says.
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
  (``hand._pokerkit_closes_first_round``).
* **No posts recorded**: when a hand has no ``Post`` events at all, the blinds and antes the
  settings name are posted automatically (on a Progressive Badugi redeal only if
  ``HouseRules.redeal_posts``), unless the record says the hand had none
  (``HandRecord.posts_none``, the format's ``posts none``).
* **Unknown stacks** (``HandState.unknown``, after a hand that could not be replayed): a post,
  call, bet or raise of less than is due, or one marked all-in, shows that the player put in
  their last chip, and so their stack (:func:`_shows_stack`); an all-in without an amount
  shows nothing and leaves the hand unsettled (``stack-unknown``).

Why one module of this size: forced bets and the four betting structures with their raise rules,
kept side by side so that each structure's rule reads against the others.
"""

from __future__ import annotations

from functools import partial
from typing import NamedTuple

from ..model.errors import IllegalAction
from ..model.events import Action, Post, PostKind
from ..model.forced import forced_posts
from ..model.settings import GameSettings
from .state import BET, PRE, HandState, illegal

FIXED = "fixed-limit"
SPREAD = "spread-limit"


# --- forced bets ------------------------------------------------------------------------------


def _post_amount(st: HandState, ev: Post, due: int, what: str) -> int:
    """The chips a post puts in: ``due``, or the player's whole stack when that is less."""
    if st.unknown and ev.player in st.unknown:
        _shows_stack(st, ev, ev.amount, ev.amount is not None and ev.amount < due)
    stack = st.stack[ev.player]
    if ev.amount is None:
        return due if due < stack else stack  # not min(): a builtin call parses its arguments
    if ev.amount > stack:
        raise illegal(
            "over-stack",
            f"{ev.player} posts {st.figure(ev.amount)} but has only {st.chips(stack)}",
            st.here(),
        )
    if ev.amount != due and not (ev.amount < due and ev.amount == stack):
        raise illegal(
            "post-amount",
            f"{ev.player} posts {st.figure(ev.amount)} as {what}; it is {st.figure(due)}",
            st.here(),
        )
    return ev.amount


def post(st: HandState, ev: Post) -> None:
    """One forced bet, checked against the settings and the seats."""
    if st.phase != PRE:
        raise illegal("event-order", f"{ev.player} posts after the betting has started", st.here())
    p = ev.player
    if p not in st.in_hand:
        st.check_player(p)
    s = st.settings
    if st.redeal and not st.house.redeal_posts and ev.kind != "dead":
        # (Posts the reader implied are none on a redeal: HandState took them out.)
        raise illegal(
            "redeal-posts",
            f"{p} posts a {ev.kind} on a Progressive Badugi redeal; the house rule says the "
            "redeal has no blinds or antes (002, seeds README item 5)",
            st.here(),
        )
    kinds = st.posted.get(p)
    if kinds is None:
        kinds = st.posted[p] = set()
    if ev.kind in kinds:
        raise illegal("blind-twice", f"{p} posts a {ev.kind} twice", st.here())
    kinds.add(ev.kind)
    st.posts_seen = True
    if ev.kind == "small-blind":
        if p != st.sb_player:
            owner = st.sb_player or "nobody (the settings have no small blind)"
            raise illegal(
                "blind-player", f"{p} posts the small blind, but it is {owner}'s (000)", st.here()
            )
        due = forced_due(s, "small-blind")
        st.pay(p, _post_amount(st, ev, due, "the small blind"), "blind", live=True)
    elif ev.kind == "big-blind":
        # The big blind's owner, or a live big blind posted out of position by a newcomer.
        if st.bb_player is None:
            raise illegal(
                "blind-player", f"{p} posts a big blind; the settings have none", st.here()
            )
        due = forced_due(s, "big-blind")
        st.pay(p, _post_amount(st, ev, due, "the big blind"), "blind", live=True)
    elif ev.kind == "ante":
        if not s.ante:
            raise illegal("post-amount", f"{p} posts an ante; the settings have none", st.here())
        st.pay(p, _post_amount(st, ev, forced_due(s, "ante"), "the ante"), "ante", live=False)
    elif ev.kind == "dead":
        due = ev.amount if ev.amount is not None else forced_due(s, "dead")
        st.pay(p, _post_amount(st, ev, due, "a dead blind"), "blind", live=False)
    else:  # straddle: a live blind raise, acting last in round 1
        due = ev.amount if ev.amount is not None else forced_due(s, "straddle")
        st.pay(p, _post_amount(st, ev, due, "a straddle"), "blind", live=True)
        st.straddler = p


def auto_post(st: HandState) -> None:
    """No posts recorded: post what the settings name (see the module docstring)."""
    s = st.settings
    if st.redeal and not st.house.redeal_posts:
        st.notes.append("Progressive Badugi redeal: no blinds or antes (house rule)")
        return
    if st.record.posts_none:
        st.notes.append("no blinds or antes (the record says: posts none)")
        return
    for ev in forced_posts(s, st.dealt, st.record.button):
        p, kind = ev.player, ev.kind
        if kind == "ante":
            st.pay(p, post_due(st, p, kind), "ante", live=False)
        else:
            st.pay(p, post_due(st, p, kind), "blind", live=True)
            st.posted.setdefault(p, set()).add(kind)
    st.notes.append("blinds and antes posted as the settings say (none recorded)")


def missing_posts(st: HandState) -> list[tuple[str, PostKind]]:
    """The forced bets the settings still require before the play begins, as (player, kind),
    in the order they are posted: the antes clockwise from the button's left, then the small
    and the big blind.  None on a Progressive Badugi redeal without ``redeal-posts``
    (``002``)."""
    if st.redeal and not st.house.redeal_posts:
        return []
    s = st.settings
    posted = st.posted
    missing: list[tuple[str, PostKind]] = []
    if s.ante:
        missing.extend((p, "ante") for p in st.dealt if "ante" not in posted.get(p, ()))
    for p, kind, due in (
        (st.sb_player, "small-blind", s.small_blind),
        (st.bb_player, "big-blind", s.big_blind),
    ):
        if p is not None and due and kind not in posted.get(p, ()):
            missing.append((p, kind))  # type: ignore[arg-type]  # a PostKind literal
    return missing


def forced_due(s: GameSettings, kind: PostKind) -> int:
    """What a forced bet of ``kind`` is when its amount is left to the settings: the blinds
    and the ante as set, a dead blind the small blind, a straddle twice the big blind."""
    if kind == "small-blind" or kind == "dead":
        return s.small_blind
    if kind == "big-blind":
        return s.big_blind
    if kind == "ante":
        return s.ante
    return 2 * s.big_blind


def post_due(st: HandState, player: str, kind: PostKind) -> int:
    """The chips ``player`` puts in by a forced bet of ``kind`` with no amount written: what
    is due, or the whole stack when that is less (a short all-in post)."""
    return min(forced_due(st.settings, kind), st.stack[player])


def open_betting(st: HandState) -> None:
    """Close the forced bets (checking none is missing) and start betting round 1."""
    s = st.settings
    if not st.posts_seen:
        auto_post(st)
    else:
        missing = missing_posts(st)
        for p, kind in missing:
            if kind != "ante":
                raise illegal(
                    "blind-missing",
                    f"{p} has not posted the {kind.replace('-', ' ')}",
                    st.here(),
                )
        if missing:
            antes = ", ".join(p for p, _ in missing)  # every one an ante
            raise illegal("blind-missing", f"no ante from {antes}", st.here())
    # The big blind is in play once posted, even for nothing (an ante took its last chip).
    bb = st.bb_player
    blinds_live = bb is not None and (st.committed[bb] > 0 or "big-blind" in st.posted.get(bb, ()))
    top = max(st.committed.values())
    full = blinds_live and top < s.big_blind and st.house.short_blind == "full-blind"
    level = s.big_blind if full else top
    anchor: str | None
    if st.straddler is not None:
        anchor = st.straddler
        bets = 2
    elif blinds_live:
        anchor = st.bb_player
        bets = 1
    else:
        anchor = None
        bets = 1 if level else 0
    if st.house.fixed_limit_raises == "pokerkit":
        bets = 0  # no blind or straddle is a bet: the first round has four raises on top
    start_round(st, 0, anchor=anchor, level=level, bets=bets)


# --- betting rounds --------------------------------------------------------------------------


def bet_unit(st: HandState) -> int:
    """Fixed limit: the small bet in rounds 1-2, the big bet in rounds 3-4 (``000``)."""
    return st.structure.small_bet if st.round < 2 else st.structure.big_bet


def start_round(
    st: HandState, rnd: int, *, anchor: str | None = None, level: int = 0, bets: int = 0
) -> None:
    """Begin betting round ``rnd`` (0-based).  Round 1 starts left of the big blind (or the
    straddle), every later round with the first active player left of the button."""
    st.phase = BET
    st.round = rnd
    committed = st.committed
    if rnd:
        st.committed = committed = dict.fromkeys(committed, 0)
    st.level = level
    st.full_level = level
    st.last_raise = st.first_raise
    st.bets = bets
    st.completion = st.shorts = 0
    st.aggressor = None
    if st.no_reraise:
        st.no_reraise = set()
    dealt = st.dealt
    if anchor is None:
        order = st.order = dealt
    else:
        i = st.dealt_pos[anchor] + 1
        order = st.order = dealt[i:] + dealt[:i]
    st.turn = st.next_seat[order[-1]]  # the first player of the order who can still bet
    # Who still has to act: every player who can bet (a copy of the set kept by the state:
    # the order of a set is never used, turns follow ``st.order``).
    pending = st.pending = st.can.copy()
    if len(st.can) < 2:
        st.pending = {p for p in pending if committed[p] < level}


def next_actor(st: HandState) -> str | None:
    """Whose turn it is in the current betting round (None when the round is over)."""
    pending = st.pending
    if not pending:
        return None
    order = st.order
    n = len(order)
    start = order.index(st.turn)
    for k in range(n):
        p = order[(start + k) % n]
        if p in pending:
            return p
    return None  # pragma: no cover - pending only holds players of the order


def _close_if_nobody_to_bet(st: HandState) -> None:
    """With fewer than two players able to bet, a player who owes nothing has no action left."""
    folded, all_in, committed, level = st.folded, st.all_in, st.committed, st.level
    st.pending = {
        p for p in st.pending if p not in folded and p not in all_in and committed[p] < level
    }


def act(st: HandState, ev: Action) -> bool:
    """Apply one betting action, raising :class:`IllegalAction` for the first broken rule.
    Returns whether the round may be over (nobody left to act, or one player left in the
    hand): then the hand moves on (:func:`.hand._advance`).

    The hot path of the replay: a call, fold or check in turn is a few dictionary updates;
    whatever is rare (out of turn, an unknown stack, a wrong amount) is tested once and
    handled out of line, and messages are built only when raising."""
    p = ev.player
    pending = st.pending
    # Usually the actor is the player right after the last one to act (``turn``); otherwise
    # look for whose turn it is.
    if st.turn != p or p not in pending:
        if p not in st.in_hand:
            st.check_player(p)
        expected = next_actor(st)
        if p != expected:
            _out_of_turn(st, ev, expected)
            return not st.pending or len(st.still_in) <= 1
    verb = ev.verb
    # The verbs by how often they come: calls, then folds, checks, bets and raises.
    if verb == "call":
        committed = st.committed
        owe = st.level - committed[p]
        if owe <= 0:
            raise illegal("call-amount", f"{p} calls, but there is nothing to call", st.here())
        if st.unknown and p in st.unknown:
            _shows_stack(st, ev, ev.amount, ev.amount is not None and ev.amount < owe)
        pay = call_amount(st, p)
        if (ev.amount is not None and ev.amount != pay) or ev.all_in:
            _check_call(st, ev, pay)
        st.bet(p, pay)
        pending.discard(p)
    elif verb == "fold":
        st.fold(p)
        pending.discard(p)
    elif verb == "check":
        owe = st.level - st.committed[p]
        if owe > 0:
            raise illegal(
                "check-facing-bet",
                f"{p} checks facing a bet: {st.figure(owe)} to call (000)",
                st.here(),
            )
        pending.discard(p)
    else:
        _raise(st, ev, st.level - st.committed[p], st.stack[p])
        pending = st.pending  # a raise that reopens the betting makes a new one
    st.turn = st.next_seat[p]
    if len(st.can) < 2:
        _close_if_nobody_to_bet(st)
        pending = st.pending
    return not pending or len(st.still_in) <= 1


def _check_call(st: HandState, ev: Action, pay: int) -> None:
    """A call that writes its amount or is marked all-in: the amount must be ``pay`` (what
    :func:`call_amount` gives), and an all-in call must leave no chip behind."""
    p = ev.player
    stack = st.stack[p]
    if ev.amount is not None and ev.amount != pay:
        if ev.amount > stack:
            raise illegal(
                "over-stack",
                f"{p} calls {st.figure(ev.amount)} but has only {st.chips(stack)}",
                st.here(),
            )
        raise illegal(
            "call-amount",
            f"{p} calls {st.figure(ev.amount)}; the call is {st.figure(pay)}",
            st.here(),
        )
    if ev.all_in and pay < stack:
        raise illegal(
            "all-in-stack", f"{p} is marked all-in but keeps {st.chips(stack - pay)}", st.here()
        )


def _out_of_turn(st: HandState, ev: Action, expected: str | None) -> None:
    """An action by someone whose turn it is not: a violation, except the fold of an all-in
    player, which sites record for a sitting-out player (``corpus/pokerstars/
    LBad-USD-SNG8-201011.txt``, hand 52589452703): the chips stay in, the claim is given up."""
    p = ev.player
    if p in st.folded:
        raise illegal("turn-order", f"{p} acts after folding", st.here())
    if p in st.all_in:
        if ev.verb == "fold":
            st.fold(p)
            st.warn("fold-all-in", f"{p} folds while all-in and gives up the pot", st.here())
            return
        if not st.start[p]:
            raise illegal(
                "turn-order",
                f"{p} is all-in and cannot act: dealt into the Progressive Badugi redeal with "
                "no chips (his chips are in the carried pot), he draws and shows down but "
                "takes no part in the betting",
                st.here(),
            )
        raise illegal("turn-order", f"{p} is all-in and cannot act any more", st.here())
    raise illegal(
        "turn-order",
        f"{p} acts, but it is {expected}'s turn (order of play: 000)",
        st.here(),
    )


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
        least = max(s.spread_min, st.last_raise if level else 0)
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
    if capped and not (st.house.heads_up_uncapped and len(st.still_in) == 2):
        cap = (
            f"{s.cap} bets and raises, the blinds not counted (PokerKit)"
            if st.house.fixed_limit_raises == "pokerkit"
            else f"{s.cap} bets (a bet and {s.cap - 1} raises, 000)"
        )
        return illegal("raise-cap", f"{player} raises, but the round is capped at {cap}", st.here())
    return None


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


def call_amount(st: HandState, player: str) -> int:
    """The chips a call by ``player`` puts in now: what they owe, or their whole stack when
    that is less (0: nothing to call)."""
    owe = st.level - st.committed[player]
    stack = st.stack[player]
    return owe if owe < stack else stack


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
                f"{p} bets to {st.figure(to)} but has only {st.chips(reach)}",
                st.here(),
            )
        if to <= level:
            raise illegal(
                "over-stack" if reach <= level else "bet-size",
                f"{p} raises to {st.figure(to)}, not above the bet of {st.figure(level)}",
                st.here(),
            )
        if to != target and not (level < to < target and to == reach):
            what = "bet" if level == 0 else "raise"
            raise illegal(
                "bet-size",
                f"{p} {what}s to {st.figure(to)}; in fixed limit this {what} is to "
                f"{st.figure(target)} (000)",
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
        what = "bets" if level == 0 else "raises"  # as the player did, whatever was written
        if to > reach:
            raise illegal(
                "over-stack",
                f"{p} {what} to {st.figure(to)} but has only {st.chips(reach)}",
                st.here(),
            )
        if to <= level:
            raise illegal(
                "bet-size",
                f"{p} raises to {st.figure(to)}, not above the bet of {st.figure(level)}",
                st.here(),
            )
        min_to = least
        min_inc = min_to - level
        max_to = reach if most is None else most
        if to > max_to:
            raise illegal(
                "bet-size",
                f"{p} {what} to {st.figure(to)}; the most allowed is {st.figure(max_to)} "
                f"({kind}, 001/003)",
                st.here(),
            )
        if to < min_to and to != reach:
            if not (p in st.unknown and _shows_stack(st, ev, to - st.committed[p], True)):
                raise illegal(
                    "bet-size",
                    f"{p} {what} to {st.figure(to)}; the least allowed is "
                    f"{st.figure(min_to)} ({kind}, 001/003)",
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
        st.bets += 1
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
        st.learn_stack(p, put_in)
        return True
    return False
