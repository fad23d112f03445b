"""Forced bets and the turns of a betting round: posts, the opening of round 1, whose turn it
is, calls, folds and checks.

Sources: ``000`` (blinds, order of play), ``001`` (blinds, all-ins).  The sizes of bets and
raises under each structure, and who may bet or raise at all, are :mod:`.raises`, with the
choices made there where the texts are silent; :func:`act` hands every bet and raise to it
(``_raise``), and :func:`open_betting` counts the forced bets toward the first round's cap as its
fixed-limit rule says (the big blind one bet, a straddle two; none under PokerKit's raises).
Choices made here where the texts are silent:

* **Short blinds**: a player without enough chips posts all-in for less; the others still owe the
  full big blind, unless ``HouseRules.short_blind`` is ``as-posted`` (PHH hands, as PokerKit
  plays them): then they owe the largest blind posted.  A player may post a live big blind out
  of position (coming into the game) or a dead blind (``Post(kind="dead")``, default the small
  blind, dead money).
* **Nobody to play against**: a round is over when at most one player still in has chips and
  he has put in at least as much as every player all-in (``000``: a round ends when everyone
  still in has put in the same amount; ``001``: an all-in plays for what his chips match),
  whatever ``short_blind`` says: a small blind facing only a big blind all-in for less owes
  nothing and gets his chips above it back uncalled, as PokerKit plays it and card rooms deal
  it out (:func:`_close_if_nobody_to_bet`; an action written there is refused, saying why).
* **A dead small blind** (the texts are silent on players who bust or leave): when the player
  who owes the small blind, first left of the button with three or more dealt in, posts the
  big blind and nobody posts a small blind, the hand has no small blind and that player's is
  the big blind (:func:`dead_small_blind`).  That is the TDA's dead button: after the big
  blind's player busts or leaves, the next hand's small blind falls on an empty seat, and a
  site's reader puts a button on an empty seat on the player before it
  (docs/importers.md).  Nobody else owes a blind then; a record that writes a small blind, or
  a big blind of the player after, is held to the usual two blinds.
* **A big blind posted for nothing** (an ante took the player's last chip) is still the big
  blind: the first round starts left of it and the others owe what ``short_blind`` says.
* **No posts recorded**: when a hand has no ``Post`` events at all, the blinds and antes the
  settings name are posted automatically (on a Progressive Badugi redeal only if
  ``HouseRules.redeal_posts``), unless the record says the hand had none
  (``HandRecord.posts_none``, the format's ``posts none``).
* **Unknown stacks** (``HandState.unknown``): a post or a call of less than is due, or one marked
  all-in, shows the player's stack as a bet or raise does (``_shows_stack``, in :mod:`.raises`).

Why a module of its own: what every hand goes through under any structure (the forced bets, the
turn order, the one entry point of every betting action, :func:`act`, the replay's hot path),
apart from the structures' sizes and raise rules, which :mod:`.raises` keeps side by side.  What
other modules import from here still is (the names of :mod:`.raises` re-exported).
"""

from __future__ import annotations

from ..model.errors import illegal
from ..model.events import Action, Post, PostKind
from ..model.forced import forced_posts, small_blind_dead
from ..model.settings import GameSettings
from .raises import FIXED as FIXED
from .raises import SPREAD as SPREAD
from .raises import RaiseSize as RaiseSize
from .raises import _raise, _shows_stack, cap_holds
from .raises import bet_unit as bet_unit
from .raises import raise_range as raise_range
from .raises import raise_refused as raise_refused
from .raises import raise_size as raise_size
from .state import BET, PRE, SHOWDOWN, HandState

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
    dead = dead_small_blind(st)
    for p, kind, due in (
        (None if dead else st.sb_player, "small-blind", s.small_blind),
        (dead or st.bb_player, "big-blind", s.big_blind),
    ):
        if p is not None and due and kind not in posted.get(p, ()):
            missing.append((p, kind))  # type: ignore[arg-type]  # a PostKind literal
    return missing


def dead_small_blind(st: HandState) -> str | None:
    """The player who posts the big blind in the small blind's place, when the hand's small
    blind is dead (see the module docstring, :func:`~badugi_ledger.model.forced.small_blind_dead`),
    else None."""
    small = st.sb_player
    return small if small_blind_dead(small, st.bb_player, st.posted, len(st.dealt)) else None


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
        dead = dead_small_blind(st)
        if dead is not None:
            st.sb_player, st.bb_player = None, dead
            st.notes.append(
                f"no small blind: {dead}, first left of the button, posts the big blind "
                "(a dead small blind)"
            )
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


def start_round(
    st: HandState, rnd: int, *, anchor: str | None = None, level: int = 0, bets: int = 0
) -> None:
    """Begin betting round ``rnd`` (0-based).  Round 1 starts left of the big blind (or the
    straddle), every later round with the first active player left of the button."""
    st.phase = BET
    st.round = rnd
    if rnd:
        st.committed = dict.fromkeys(st.committed, 0)
    st.level = level
    st.full_level = level
    st.last_raise = st.first_raise
    st.bets = bets
    st.cap_held = bets >= st.structure.cap and cap_holds(st)  # forced bets as many as the cap
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
    # the order of a set is never used, turns follow ``st.order``), unless nobody can play
    # against anybody.
    st.pending = st.can.copy()
    if len(st.can) < 2:
        _close_if_nobody_to_bet(st)


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
    """With fewer than two players able to bet, the round is over unless the one player with
    chips still in has put in less than a player all-in: nobody can play against him, so he
    has no action left (``000``: a round ends when everyone still in has put in the same
    amount; ``001``: a player all-in for less plays for what his chips match).  So whatever
    ``HouseRules.short_blind`` says: a small blind facing only a big blind all-in for less
    owes nothing, his chips above it go back as an uncalled bet (as PokerKit plays it, and
    card rooms deal it out)."""
    can = st.can
    pending = st.pending
    if not can or not pending:
        st.pending = set()
        return
    committed = st.committed
    most = 0  # the most a player still in and all-in has put in this round
    for q in st.still_in:
        if q not in can and committed[q] > most:
            most = committed[q]
    st.pending = {p for p in pending if p in can and committed[p] < most}


def nobody_against(st: HandState, player: str) -> str | None:
    """Why nobody can play against ``player`` now, as words for a message (``B is all-in for
    3``), or None when somebody can: he is the one player still in with chips, and every other
    player still in is all-in for no more than he has put in this round (the round is over,
    :func:`_close_if_nobody_to_bet`)."""
    if player not in st.can or len(st.can) > 1 or st.phase >= SHOWDOWN:
        return None
    committed = st.committed
    others = [q for q in st.still_in if q != player]
    if not others or any(committed[q] > committed[player] for q in others):
        return None
    return ", ".join(
        f"{q} is all-in for {st.figure(st.contrib[q] + st.bet_chips.get(q, 0))}" for q in others
    )


def act(st: HandState, ev: Action) -> bool:
    """Apply one betting action, raising :class:`IllegalAction` for the first broken rule.
    Returns whether the round may be over (nobody left to act, or one player left in the
    hand): then the hand moves on (:func:`.phases._advance`).

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
            # A short call shows the last chips, unless it is a call to the largest all-in,
            # which a player with more chips makes too (_matches_every_all_in).
            amount = ev.amount
            short = amount is not None and amount < owe
            if amount is not None and short and _matches_every_all_in(st, p, amount):
                short = False
            _shows_stack(st, ev, ev.amount, short)
        pay = call_amount(st, p)
        if (ev.amount is not None and ev.amount != pay) or ev.all_in:
            pay = _check_call(st, ev, pay)
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


def _check_call(st: HandState, ev: Action, pay: int) -> int:
    """A call that writes its amount or is marked all-in: the amount must be ``pay`` (what
    :func:`call_amount` gives), or the chips that match the largest all-in when nobody else
    still in has chips (:func:`_matches_every_all_in`), and an all-in call must leave no chip
    behind.  Returns the chips the call puts in."""
    p = ev.player
    stack = st.stack[p]
    if ev.amount is not None and ev.amount != pay:
        if ev.amount > stack:
            raise illegal(
                "over-stack",
                f"{p} calls {st.figure(ev.amount)} but has only {st.chips(stack)}",
                st.here(),
            )
        if _matches_every_all_in(st, p, ev.amount):
            pay = ev.amount
        else:
            raise illegal(
                "call-amount",
                f"{p} calls {st.figure(ev.amount)}; the call is {st.figure(pay)}",
                st.here(),
            )
    if ev.all_in and pay < stack:
        raise illegal(
            "all-in-stack", f"{p} is marked all-in but keeps {st.chips(stack - pay)}", st.here()
        )
    return pay


def _matches_every_all_in(st: HandState, player: str, amount: int) -> bool:
    """Whether a call of ``amount`` by ``player``, short of what he owes, is ``000``'s call
    ("put in just enough to match the highest bet so far") against players who are all-in: a
    big blind all-in for less under ``HouseRules.short_blind`` ``full-blind`` makes the others
    owe the full big blind, but when everybody else still in is all-in, nobody can call the
    chips above the largest all-in, which come back uncalled (:func:`_close_if_nobody_to_bet`).
    So a call written as matching the largest all-in (``A calls 2`` to C's all-in 7 of a big
    blind of 10) is the same call as the full one, and is not refused (README, house rules)."""
    committed = st.committed
    most = 0
    for q in st.still_in:
        if q != player:
            if q not in st.all_in:
                return False  # somebody can still play against him: he owes the full amount
            most = max(most, committed[q])
    return amount == most - committed[player] and amount > 0


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
    dead = st.bb_player if st.round == 0 and st.sb_player is None else None
    if dead is not None and st.settings.small_blind:  # a dead small blind (open_betting)
        raise illegal(
            "turn-order",
            f"{p} acts, but it is {expected}'s turn (order of play: 000): {dead} posts the big "
            f"blind and nobody the small blind, a dead small blind, so the play starts left of "
            f"{dead}; if {dead} posted the small blind, write {dead} posts sb, then the big "
            "blind",
            st.here(),
        )
    raise illegal(
        "turn-order",
        f"{p} acts, but it is {expected}'s turn (order of play: 000)",
        st.here(),
    )


def call_amount(st: HandState, player: str) -> int:
    """The chips a call by ``player`` puts in now: what they owe, or their whole stack when
    that is less (0: nothing to call)."""
    owe = st.level - st.committed[player]
    stack = st.stack[player]
    return owe if owe < stack else stack
