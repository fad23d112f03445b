"""Replay one hand: walk its events in order, enforcing whose turn it is in every phase.

The phases of a Badugi-family hand (``000`` "Playing a hand"): forced bets and the deal, betting
round 1, draw 1, round 2, draw 2, round 3, draw 3, round 4, showdown.  A round in which fewer
than two players can bet is skipped (all-in players still draw, ``001``); when all but one
player have folded the hand is over.

Missing information is not a violation: a draw nobody wrote down (no ``Draw`` event at all in
that draw) makes the stub and the holdings unknown and is noted; unknown cards never fail a
rule.  Contradictory information is: an event out of turn or in the wrong phase raises
:class:`IllegalAction` naming the rule.  Recorded outcomes are collected here and verified in
:mod:`.showdown`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from collections.abc import Set as AbstractSet
from itertools import islice
from typing import Any

from ..model.cards import format_cards
from ..model.errors import IllegalAction, illegal
from ..model.events import (
    STACK_CHANGE_VERBS,
    Action,
    Buy,
    CarryIn,
    CarryOut,
    Collect,
    Deal,
    Draw,
    FinalStack,
    HandRecord,
    HandsMissing,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    Show,
    SitOut,
    StackChange,
)
from ..model.limits import MAX_LISTED, more_than_listed
from ..model.results import HandResult, Violation
from . import betting
from .draws import dealt_twice
from .showdown import collections_after_a_broken_rule, settle
from .state import BET, DONE, DRAW, PHASE_NAMES, PRE, SHOWDOWN, HandState

MAX_BUYS = 2
"""``002`` "with a Buy": two chances to buy a replacement card."""


def replay_hand(
    record: HandRecord,
    *,
    stacks: Mapping[str, int] | None = None,
    carry_in: int = 0,
    carry_stakes: AbstractSet[str] = frozenset(),
) -> HandResult:
    """Replay ``record`` under the rules of its game and settle it.

    ``stacks`` are the starting stacks of seats whose ``Seat.stack`` is ``None`` (carried from
    the table's previous hand); ``carry_in`` is a Progressive Badugi pot carried into this hand,
    and ``carry_stakes`` the players whose chips are in it (one of them with no chips may be
    dealt into the redeal, :func:`~.seating.redeal_all_in`).
    Raises :class:`IllegalAction` for the first rule the hand breaks; recorded figures that
    disagree with the computed ones are returned as ``HandResult.violations``.  A carried
    stack may be :data:`~.state.UNKNOWN_STACK`; see :func:`_unknown_stack_verdict`.
    """
    st = play_events(record, stacks=stacks, carry_in=carry_in, carry_stakes=carry_stakes)
    try:
        _finish(st)
        return settle(st)
    except IllegalAction as exc:
        exc.warnings = tuple(st.warnings)
        _locate(st, exc, None, record)
        raise


def play_events(
    record: HandRecord,
    *,
    stacks: Mapping[str, int] | None = None,
    carry_in: int = 0,
    carry_stakes: AbstractSet[str] = frozenset(),
) -> HandState:
    """Walk ``record``'s events through the handlers of :func:`replay_hand` and return the
    hand's state where the record stops, without requiring the hand to be over (the walk
    :func:`replay_hand` finishes and settles; :mod:`.legal` asks it what may come next).
    Raises the same :class:`IllegalAction` as :func:`replay_hand` for a broken rule."""
    st: HandState | None = None
    ev: Any = None  # the event being applied (dispatched by its type, not narrowed)
    at = -1
    try:
        st = HandState(record, stacks, carry_in, carry_stakes)
        handlers = _HANDLERS
        act, cards, in_hand = betting.act, st.cards, st.in_hand
        # Locals: looked up for every event.
        action, draw, deal, final, bet, drawing = Action, Draw, Deal, FinalStack, BET, DRAW
        for at, ev in enumerate(st.record.events):  # (the posts placed, if need be)
            # The common events inline, by how often they come (one call each fewer): an
            # action in a betting round goes straight to the betting core, a draw or a deal
            # in turn to the card tracker, a final stack to the claims.  Every other event,
            # and every rule a common one breaks, goes to its handler.  ``st.at`` (where the
            # event stands, asked only for a message: HandState.here) is set before anything
            # that may ask it; the card tracker and the claims are given ``at`` itself.
            kind = type(ev)
            if kind is action and st.phase == bet:
                st.at = at
                if act(st, ev):
                    _advance(st)
            elif kind is draw:
                p = ev.player
                if st.phase != drawing or st.draw_order[st.draw_idx] != p:
                    st.at = at
                    _check_draw_turn(st, p, "draws")
                discards, received = ev.discards, ev.received
                n = len(received)
                if len(discards) != n or n > st.hand_size:
                    st.at = at
                    _refuse_draw_count(st, p, len(discards), n)
                note = cards.draw(p, discards, received, at)
                if note:
                    st.notes.append(note)
                drawn = st.draw_idx = st.draw_idx + 1
                if drawn == len(st.draw_order):
                    _advance(st)
            elif kind is deal:
                p = ev.player
                if st.phase > bet or st.round or p not in in_hand or p in st.folded:
                    st.at = at
                    _refuse_deal(st, p)
                cards.deal(p, ev.cards, at)
            elif kind is final:
                st.final_claims.append(ev)
                st.final_at.append(at)
            else:
                st.at = at
                handlers[kind](st, ev)
        st.at = -1  # past the events: what comes next (the end, a legal option) is the hand's
        return st
    except IllegalAction as exc:
        if st is not None:
            st.at = at  # the event that broke a rule (a card tracker's error, too)
            # A stated stack that disagrees with the carried one (found at the deal) may be why
            # the rule broke: it is reported with the broken rule, never lost with the hand.
            exc.mismatches = (*st.violations, *exc.mismatches)
            exc.warnings = tuple(st.warnings)
            collected = collections_after_a_broken_rule(st)
            if collected is not None:
                exc.mismatches = (*exc.mismatches, collected)
        exc.mismatches = (*exc.mismatches, *_dealt_twice(st.record if st else record, exc))
        _locate(st, exc, ev, record)
        raise


def _dealt_twice(record: HandRecord, broken: IllegalAction) -> list[Violation]:
    """The cards the record's deals name twice (:func:`.draws.dealt_twice`) beyond the rule
    the hand broke (``broken``, which may be the first of them): not a verdict of the play
    after it, which is unknown, but mistakes of the record itself, each at its deal."""
    events = record.events
    deals = [(i, ev.player, ev.cards) for i, ev in enumerate(events) if type(ev) is Deal]
    if not deals:
        return []
    said = (broken.rule, broken.message, broken.position)
    found = [
        Violation(wrong.rule or "duplicate-card", wrong.message, wrong.position)
        for wrong in islice(dealt_twice(deals, record.position), MAX_LISTED + 2)
        if (wrong.rule, wrong.message, wrong.position) != said
    ][: MAX_LISTED + 1]
    if len(found) > MAX_LISTED:  # bounded as a hand's other mistakes are
        at = found[MAX_LISTED].pos
        found[MAX_LISTED] = Violation(
            "duplicate-card",
            more_than_listed(
                f"line {at.line} names a card dealt before too, and deals after it may name more",
                "cards dealt twice",
                None,
            ),
            at,
        )
    return found


def _locate(st: HandState | None, exc: IllegalAction, ev: object, record: HandRecord) -> None:
    """Give a broken rule its hand and position (and the unknown-stack verdict)."""
    if st is not None and st.unknown:
        _unknown_stack_verdict(st, exc, ev)
    if exc.hand is None:
        exc.hand = record.hand_id
    if exc.position.source == "<input>" and record.pos.source != "<input>":
        exc.position = record.pos


_ORDER_RULES = frozenset({"turn-order", "event-order", "hand-incomplete"})


def _unknown_stack_verdict(st: HandState, exc: IllegalAction, failed: object) -> None:
    """An order-of-play verdict in a betting round where a player whose stack is unknown could
    have been all-in (then they no longer act, and a round may not happen at all) depends on
    that stack: it becomes ``stack-unknown`` (not settled) instead of a false violation.

    Not so when the record rules the all-in out: a player known to be all-in who bets again,
    or who has folded and acts again (the ``failed`` event), is wrong whatever the others
    hold (an all-in changes whose turn it is, it never brings a folded player back); a player
    who checks, calls, bets or raises now or later in the hand was not all-in (or that action
    is wrong), nor was one who acts at all having put in nothing yet."""
    if exc.rule not in _ORDER_RULES or st.phase != BET:
        return
    if type(failed) is Action and (failed.player in st.all_in or failed.player in st.folded):
        return
    can = st.can_bet()
    unknown = [p for p in can if p in st.unknown]
    if not unknown:
        return
    events = st.record.events
    later = events[st.at :] if failed is not None else ()
    acts = {e.player for e in later if type(e) is Action and e.verb != "fold"}
    # A player who has put nothing in yet is all-in only with no chips at all, that is not
    # dealt in; then they would not act at all, a fold included.
    dealt = {e.player for e in later if type(e) is Action}
    chips = st.bet_chips
    unknown = [
        p
        for p in unknown
        if p not in acts and (p not in dealt or st.contrib[p] + chips.get(p, 0) > 0)
    ]
    nxt = betting.next_actor(st)
    if unknown and (nxt in unknown or len(can) - len(unknown) < 2):
        who = nxt if nxt in unknown else unknown[0]
        exc.rule = "stack-unknown"
        exc.message += (
            f", unless {who} was all-in: {who}'s stack is unknown (the table's previous hand "
            "could not be replayed)"
        )


# --- phase control --------------------------------------------------------------------------


DRAWS = 3
"""The draws of a hand (``000``: three draws, four betting rounds): the last betting round,
after the third draw, goes to the showdown."""


def start_play(st: HandState) -> None:
    """The first event after the forced bets and the deal: open betting round 1."""
    betting.open_betting(st)
    _advance(st)


def _advance(st: HandState) -> None:
    """Move past every phase that needs no more events (finished rounds and draws)."""
    while True:
        if len(st.still_in) <= 1:
            st.phase = DONE
            return
        if st.phase == BET:
            if st.pending:
                return
            if st.round == DRAWS:
                st.phase = SHOWDOWN
                return
            st.phase = DRAW
            st.draw_no = st.round
            st.reached_draw = True
            st.draw_order = st.active()
            st.draw_idx = 0
            return
        if st.phase == DRAW:
            if st.draw_idx < len(st.draw_order):
                return
            betting.start_round(st, st.draw_no + 1)
            continue
        return


def _skip_unrecorded_draw(st: HandState) -> bool:
    """A draw with no ``Draw`` event at all was not written down: its cards become unknown.
    Returns False when the draw is only partly recorded (that is a turn-order problem)."""
    if st.phase != DRAW or st.draw_idx != 0:
        return False
    st.cards.forget(st.draw_order)
    st.warn(
        "draw-not-recorded",
        f"draw {st.draw_no + 1} not recorded: cards and stub size unknown from there",
        st.here(),
    )
    st.draw_idx = len(st.draw_order)
    _advance(st)
    return True


def _where(st: HandState) -> str:
    """Words for what the hand is waiting for, for turn-order messages."""
    if st.phase == BET:
        return f"betting round {st.round + 1} is not over: {betting.next_actor(st)} to act"
    if st.phase == DRAW:
        return f"draw {st.draw_no + 1} is not over: {st.draw_order[st.draw_idx]} to draw"
    if st.phase == DONE:
        return "the hand is over"
    return f"the hand is at {PHASE_NAMES[st.phase]}"


# --- event handlers ---------------------------------------------------------------------------


def _refuse_deal(st: HandState, p: str) -> None:
    """Raise for cards dealt to ``p`` now: after the first draw, or to a player who is not
    dealt in (:func:`play_events` deals them otherwise)."""
    if st.phase not in (PRE, BET) or st.round != 0 or p in st.folded:
        raise illegal("event-order", f"{p} is dealt cards after the first draw", st.here())
    st.check_player(p)
    raise AssertionError(f"{p} is dealt in")  # pragma: no cover - check_player raised


def _on_action(st: HandState, ev: Action) -> None:
    """An action outside a betting round (:func:`play_events` gives the others to
    :func:`.betting.act` directly): the first one opens the play, others are out of turn."""
    if st.phase == BET:
        if betting.act(st, ev):
            _advance(st)
        return
    if st.phase == PRE:
        start_play(st)
    st.check_player(ev.player)
    if st.phase != BET:
        can = st.can_bet()
        if ev.verb == "check" and ev.player in can and len(can) < 2 and st.phase != DONE:
            # A check nobody could bet against (the others are all-in): harmless, but an
            # event the rules do not have, so not passed over silently - unless it closes the
            # first round as PokerKit asks it to (a PHH hand).
            if not _pokerkit_closes_first_round(st):
                st.warn(
                    "check-nobody",
                    f"{ev.player} checks with nobody left to bet against",
                    st.here(),
                )
            return
        if ev.player in st.all_in and st.phase == DRAW:  # (no betting round waits for him)
            raise illegal("turn-order", f"{ev.player} is all-in and cannot act any more", st.here())
        draw = st.draw_no
        if not (_skip_unrecorded_draw(st) and st.phase == BET):
            raise illegal("turn-order", f"{ev.player} acts, but {_where(st)}", st.here())
        st.assumed_draw = (draw, st.at, ev.player)
    betting.act(st, ev)
    _advance(st)


def _pokerkit_closes_first_round(st: HandState) -> bool:
    """Whether a check now, after the first betting round closed and before anybody drew, is
    the action PokerKit asks for (``HouseRules.fixed_limit_raises`` ``pokerkit``): it asks a
    blind who has not acted yet (the big blind's option, or the small blind matching a big
    blind all-in for no more) to act even when everybody else folded or is all-in."""
    return (
        st.house.fixed_limit_raises == "pokerkit"
        and st.draw_no == 0
        and st.phase == DRAW
        and st.draw_idx == 0
    )


def _check_draw_turn(st: HandState, player: str, what: str) -> None:
    if st.phase == PRE:
        start_play(st)
    st.check_player(player)
    if st.phase != DRAW:
        _drawn_after_all(st)
        raise illegal("turn-order", f"{player} {what}, but {_where(st)}", st.here())
    expected = st.draw_order[st.draw_idx]
    if player != expected:
        if player in st.folded:
            raise illegal("turn-order", f"{player} {what} after folding", st.here())
        raise illegal(
            "turn-order",
            f"{player} {what}, but it is {expected}'s turn to draw (000: every draw starts with "
            "the first active player left of the button)",
            st.here(),
        )


def _drawn_after_all(st: HandState) -> None:
    """Raise at the action that opened the betting round still going when a draw comes, if it
    opened it by taking the draw before it for one nobody wrote down: the draw was written
    after all, below that action, which came when the round before was over (an action too
    many, or out of its place).  Reported there, not at the draw as a round not over."""
    assumed = st.assumed_draw
    if st.phase == BET and assumed is not None and st.round == assumed[0] + 1:
        draw, at, actor = assumed
        record = st.record
        lines = {
            record.position(i).line
            for i in range(st.at, len(record.events))
            if type(record.events[i]) is Draw
        }
        if len(lines) < DRAWS - draw:
            return  # fewer draw lines than draws left: that draw was not written after all
        raise illegal(
            "turn-order",
            f"{actor} acts, but betting round {draw + 1} is over: draw {draw + 1} comes next",
            st.record.position(at),
        )


def _refuse_draw_count(st: HandState, p: str, thrown: int, n: int) -> None:
    """Raise for a draw of ``n`` cards that throws ``thrown``: the counts must agree, and no
    more than the hand may be exchanged."""
    if thrown != n:
        raise illegal(
            "draw-count",
            f"{p} discards {thrown} card{'' if thrown == 1 else 's'} but receives {n}",
            st.here(),
        )
    raise illegal(
        "draw-count",
        f"{p} draws {n} cards; at most {st.hand_size} may be exchanged "
        f"({'004' if st.hand_size == 5 else '000'})",
        st.here(),
    )


def _on_buy(st: HandState, ev: Buy) -> None:
    """``002`` "with a Buy", as we read it: in a draw, instead of drawing, a player may pay
    ``HouseRules.buy_price`` (dead money, into the pot) to replace one card (the face-up card);
    at most two buys per player per hand."""
    p = ev.player
    if not st.settings.with_buy:
        raise illegal(
            "buy-not-allowed", f"{p} buys a card, but this game has no buys (002)", st.here()
        )
    _check_draw_turn(st, p, "buys")
    count = st.buys.get(p, 0) + 1
    if count > MAX_BUYS:
        raise illegal(
            "buy-limit", f"{p} buys a third card; a player may buy twice (002)", st.here()
        )
    price = st.house.buy_price
    if ev.price is not None and ev.price != price:
        raise illegal(
            "buy-price",
            f"{p} pays {st.figure(ev.price)} for a buy; the price is {st.figure(price)}",
            st.here(),
        )
    if price > st.stack[p]:
        raise illegal(
            "over-stack",
            f"{p} buys for {st.figure(price)} but has only {st.chips(st.stack[p])}",
            st.here(),
        )
    st.buys[p] = count
    if price:
        st.pay(p, price, "buy", live=False)
    note = st.cards.draw(p, (ev.discard,), (ev.received,), st.at)
    if note:
        st.notes.append(note)
    st.draw_idx += 1
    _advance(st)


def _betting_closed(st: HandState) -> bool:
    return len(st.can) < 2 and not st.pending


def _reach_showdown(st: HandState, player: str, verb: str) -> None:
    """A showdown event (``player`` ``verb``): the hand must be at the showdown (or over).
    Draws that were not written down after the betting closed are skipped as unknown."""
    if st.phase >= SHOWDOWN:  # SHOWDOWN or DONE: where showdown events belong
        return
    what = f"{player} {verb}"
    if st.phase == PRE:
        start_play(st)
    while st.phase == DRAW and _betting_closed(st) and _skip_unrecorded_draw(st):
        pass
    if st.phase not in (SHOWDOWN, DONE):
        raise illegal("event-order", f"{what} before the showdown: {_where(st)}", st.here())


def _on_show(st: HandState, ev: Show) -> None:
    _reach_showdown(st, ev.player, "shows")
    if ev.player not in st.in_hand:
        st.check_player(ev.player)
    if ev.player in st.folded:  # his own cards: a warning; cards he did not hold: illegal
        st.cards.show_folded(ev.player, ev.cards, st.at)
        st.warn("show-after-fold", f"{ev.player} shows after folding", st.here())
        return
    shown = st.cards.show(ev.player, ev.cards, st.at)
    st.shown[ev.player] = ev.cards if shown is None else shown
    st.mucked.discard(ev.player)


def _on_muck(st: HandState, ev: Muck) -> None:
    """A muck at the showdown gives the pot up; but a hand shown in full is tabled, and the
    cards speak (``000``, "Showdown": everyone still in shows their cards, the best hand
    wins): a muck written after it is a warning, and the hand still plays.  (A muck after
    some of the cards were shown gives it up.)"""
    p = ev.player
    _reach_showdown(st, p, "mucks")
    if p not in st.in_hand:
        st.check_player(p)
    if p in st.folded:
        return
    shown = st.shown.get(p)
    if shown and None not in shown:
        st.warn(
            "muck-after-show",
            f"{p} mucks after showing {format_cards(shown)}: a hand shown in full is in the "
            "showdown and still plays, the cards speak (000: everyone still in shows their "
            "cards, the best hand wins)",
            st.here(),
        )
        return
    st.mucked.add(p)


def _on_collect(st: HandState, ev: Collect) -> None:
    st.collects.append(ev)
    st.collect_at.append(st.at)


def _on_carry_out(st: HandState, ev: CarryOut) -> None:
    st.carry_outs.append((ev.amount, st.at))


def _on_rake(st: HandState, ev: RakeTaken) -> None:
    st.rakes.append((ev.amount, st.at))


def _on_pot_total(st: HandState, ev: PotTotal) -> None:
    st.pot_totals.append((ev.amount, st.at))


def _on_between_hands(st: HandState, ev: StackChange | SitOut | CarryIn | HandsMissing) -> None:
    """Applied when the hand was set up (see :mod:`.state`) or by its table (the carried-in
    pot and missing hands, :mod:`.table`), when written before the hand's first other event:
    a stack changes, a player sits out, a pot is carried in, between hands only."""
    if st.at < st.between:
        return
    if type(ev) is StackChange or type(ev) is SitOut:
        what = STACK_CHANGE_VERBS[ev.kind] if type(ev) is StackChange else "sits out"
        raise illegal(
            "event-order",
            f"{ev.player} {what} in the middle of the hand: rebuys, top-ups, add-ons, "
            "cash-outs and sitting out happen between hands, before its first post or deal",
            st.here(),
        )
    what = "the carried-in pot" if type(ev) is CarryIn else "'missing hands'"
    raise illegal(
        "event-order",
        f"{what} is written in the middle of the hand: it comes between hands, before the "
        "hand's first post or deal",
        st.here(),
    )


def _finish(st: HandState) -> None:
    """No more events: the hand must have reached its end."""
    if st.phase == PRE:
        start_play(st)
    while st.phase == DRAW and _betting_closed(st) and _skip_unrecorded_draw(st):
        pass
    if st.phase not in (SHOWDOWN, DONE):
        events = st.record.events
        last = st.record.position(len(events) - 1) if events else st.record.pos
        raise illegal("hand-incomplete", f"the record stops, but {_where(st)}", last)
    if st.phase == DONE and st.redeal and st.carry_stakes and not st.reached_draw:
        _warn_left_out_of_redeal(st)


def _warn_left_out_of_redeal(st: HandState) -> None:
    """A Progressive Badugi redeal won before its first draw, when players with no chips whose
    chips are in the carried pot were not dealt in: the record played no card of theirs,
    so the winner takes the carried pot uncontested (:func:`~.seating.redeal_all_in`).  But
    ``002`` deals the redeal "to every player at the table", and such a player never had a
    turn in which the record could deal him in (he cannot bet): the winner's pot is said, and
    how to give them their showdown."""
    left = [
        p
        for p in st.seats
        if p in st.carry_stakes
        and st.start.get(p) == 0
        and p not in st.dealt
        and p not in st.sitting_out
    ]
    if not left:
        return
    names = " and ".join(left) if len(left) < 3 else ", ".join(left[:-1]) + " and " + left[-1]
    (winner,) = st.still_in
    st.warn(
        "redeal-not-dealt-in",
        f"{names}, with no chips and chips in the carried pot, {'is' if len(left) == 1 else 'are'}"
        f" not dealt in: the record plays no card of theirs before the hand ends, so {winner} "
        "takes the carried pot uncontested; a redeal is dealt to every player at the table "
        "(002): if they were dealt in, write the cards shown (a show: line) and the carried "
        "pot goes to the showdown",
        st.record.pos,
    )


_HANDLERS: dict[type, Callable[[HandState, Any], None]] = {
    Post: betting.post,
    Action: _on_action,
    Buy: _on_buy,
    Show: _on_show,
    Muck: _on_muck,
    Collect: _on_collect,
    CarryOut: _on_carry_out,
    RakeTaken: _on_rake,
    PotTotal: _on_pot_total,
    StackChange: _on_between_hands,
    SitOut: _on_between_hands,
    CarryIn: _on_between_hands,
    HandsMissing: _on_between_hands,
}
