"""Replay one hand: walk its events in order, enforcing whose turn it is in every phase.

The phases of a Badugi-family hand (``000`` "Playing a hand"): forced bets and the deal, betting
round 1, draw 1, round 2, draw 2, round 3, draw 3, round 4, showdown.  A round in which fewer
than two players can bet is skipped (all-in players still draw, ``001``); when all but one
player have folded the hand is over.

Missing information is not a violation: a draw nobody wrote down (no ``Draw`` event at all in
that draw) makes the stub and the holdings unknown and is noted; unknown cards never fail a
rule.  Contradictory information is: an event out of turn or in the wrong phase raises
:class:`IllegalAction` naming the rule.  Recorded outcomes are collected on the way
(:mod:`.phases`) and verified in :mod:`.showdown`.

Why these modules: the phases of a hand and the handler of each event in them are
:mod:`.phases`.  This module is the walk itself (:func:`play_events`, which applies the common
events inline: it is the hot path of every check) and where a rule a hand breaks is reported:
its hand and position, the cards its deals name twice beyond it, and the verdict a stack that
is unknown could explain (:func:`_unknown_stack_verdict`).
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Set as AbstractSet
from itertools import islice
from typing import Any

from ..model.errors import IllegalAction
from ..model.events import Action, Deal, Draw, FinalStack, HandRecord
from ..model.limits import MAX_LISTED, more_than_listed
from ..model.results import HandResult, Violation
from . import betting
from .draws import dealt_twice
from .phases import (
    _HANDLERS,
    _advance,
    _check_draw_turn,
    _finish,
    _refuse_deal,
    _refuse_draw_count,
)
from .phases import MAX_BUYS as MAX_BUYS  # (imported from here too: .legal)
from .phases import start_play as start_play  # (imported from here too: .legal)
from .showdown import collections_after_a_broken_rule, settle
from .state import BET, DRAW, HandState


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
