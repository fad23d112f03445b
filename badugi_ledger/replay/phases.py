"""The phases of a hand and the handler of each event in them, for the walk of :mod:`.hand`.

Phase control (:func:`start_play`; :func:`_advance` past the rounds and draws that need no more
events, ``000``), the handlers of the events :func:`.hand.play_events` does not apply inline and
the refusals of those it does (a deal, a draw out of turn or of the wrong count), and the end of
the record (:func:`_finish`).  Each handler holds its event to the hand's phase and to whose
turn it is, raising :class:`IllegalAction` naming the rule otherwise; the outcomes the record
states (collections, a carried pot, the rake, a pot total) are collected for :mod:`.showdown`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..model.cards import format_cards
from ..model.errors import illegal
from ..model.events import (
    STACK_CHANGE_VERBS,
    Action,
    Buy,
    CarryIn,
    CarryOut,
    Collect,
    Draw,
    FinalStack,
    HandsMissing,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    Show,
    SitOut,
    StackChange,
)
from . import betting
from .state import BET, DONE, DRAW, PHASE_NAMES, PRE, SHOWDOWN, HandState

MAX_BUYS = 2
"""``002`` "with a Buy": two chances to buy a replacement card."""


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
        alone = betting.nobody_against(st, ev.player)
        if alone is not None:
            raise illegal(
                "turn-order",
                f"{ev.player} {ev.verb}s, but nobody can play against {ev.player}: {alone}, so "
                "the betting is over (000, 001: a player all-in for less plays for what his "
                f"chips match, the rest goes back uncalled); {_where(st)}",
                st.here(),
            )
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
    """A show at the showdown.  Whether a hand shown after its player mucked it contests the
    showdown is the house rule ``shown_after_muck``
    (:data:`~badugi_ledger.model.settings.ShownAfterMuck`), decided here and nowhere else.
    ``plays`` (default): it plays again, as a hand shown in full before a muck does
    (:func:`_on_muck`): the cards speak (``000``, "Showdown": everyone still in shows their
    cards, the best hand wins).  But the pot then goes by cards the muck had given up, as a
    slip of the pen would send it, so it is a warning (``show-after-muck``), not passed over.
    ``dead``: the muck stands, as a fold would (``004``: "A folded hand cannot receive either
    share"), and the pot goes as after any muck; the cards are checked against the hand and
    only shown, and a note says so."""
    p = ev.player
    _reach_showdown(st, p, "shows")
    if p not in st.in_hand:
        st.check_player(p)
    if p in st.folded:  # his own cards: a warning; cards he did not hold: illegal
        st.cards.show_folded(p, ev.cards, st.at)
        st.warn("show-after-fold", f"{p} shows after folding", st.here())
        return
    shown = st.cards.show(p, ev.cards, st.at)
    st.shown[p] = ev.cards if shown is None else shown
    if p in st.mucked:
        if st.house.shown_after_muck == "dead":
            st.notes.append(
                f"{p} shows {format_cards(st.shown[p])} after mucking: the mucked hand is dead "
                "and cannot win (house shown-after-muck dead)"
            )
            return
        st.mucked.discard(p)
        st.warn(
            "show-after-muck",
            f"{p} shows {format_cards(st.shown[p])} after mucking: a hand tabled at the "
            "showdown still plays, the cards speak (000: everyone still in shows their cards, "
            f"the best hand wins); if {p}'s muck gave the pot up, leave this show out (or, "
            "where a mucked hand is dead, set the house rule: house shown-after-muck dead)",
            st.here(),
        )


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
        last = st.record.position(_play_stops(events)) if events else st.record.pos
        raise illegal("hand-incomplete", f"the record stops, but {_where(st)}", last)
    if st.phase == DONE and st.redeal and st.carry_stakes and not st.reached_draw:
        _warn_left_out_of_redeal(st)


_OUTCOMES = frozenset({Collect, CarryOut, RakeTaken, PotTotal, FinalStack})
"""The events that state a hand's outcome rather than play it."""


def _play_stops(events: Sequence[object]) -> int:
    """Where a record whose play stops short says so: the first of the outcomes it states
    after its last play (a collection right after a betting line left out, where the gap
    is), else its last event."""
    at = len(events)
    while at and type(events[at - 1]) in _OUTCOMES:
        at -= 1
    return min(at, len(events) - 1)


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
