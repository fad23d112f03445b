"""The replay's inline paths (speed): taken on real hands, and left with the same verdicts.

:func:`~badugi_ledger.replay.hand.play_events` applies a draw, a deal and a final stack in its
loop, while every chip a call, bet or raise puts in still goes through ``HandState.bet`` and
every bet or raise is sized and allowed by ``raise_size`` and ``raise_refused`` (one owner for
each rule).  Each is checked here on simulated sessions (:mod:`badugi_ledger.simulate.sessions`,
which plays by its own code), and the inline paths to leave by the functions that name a broken
rule with the messages those rules always had (``000``: the deal, the draw of up to four cards,
one card for one card; ``004``: five in Badacey).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from badugi_ledger.model.cards import CARD_INDEX, parse_cards
from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.replay import hand as hand_module
from badugi_ledger.replay import raises as raises_module
from badugi_ledger.replay import replay_hand, replay_stream
from badugi_ledger.replay.draws import MUCK, CardTracker
from badugi_ledger.replay.state import HandState
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands
from tests.helpers.replay_builder import record

SEATS = {"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 100}
OPENING = [
    "Anna posts sb",
    "Ben posts bb",
    "Anna deal As 2c 3d 4h",
    "Ben deal 5s 6c 7d 8h",
    "Cara deal 9s Tc Jd Qh",
    "Dan deal Ks Kc Kd Kh",
    "Cara folds",
    "Dan calls",
    "Anna calls",
    "Ben checks",
]


def _count(monkeypatch: pytest.MonkeyPatch, owner: object, name: str, calls: Counter[str]) -> None:
    original: Callable[..., Any] = getattr(owner, name)

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls[name] += 1
        return original(*args, **kwargs)

    monkeypatch.setattr(owner, name, counted)


def test_the_inline_paths_are_taken_on_simulated_sessions(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: Counter[str] = Counter()
    _count(monkeypatch, HandState, "bet", calls)
    _count(monkeypatch, raises_module, "raise_size", calls)
    _count(monkeypatch, raises_module, "raise_refused", calls)
    for name in ("_refuse_deal", "_refuse_draw_count", "_check_draw_turn"):
        _count(monkeypatch, hand_module, name, calls)
    records = list(simulate_hands(SimulationOptions(hands=150, players=6, seed=7)))
    outcomes = list(replay_stream(records))
    assert all(o.result is not None and not o.errors for o in outcomes)
    events = Counter((type(e).__name__, getattr(e, "verb", "")) for r in records for e in r.events)
    calls_made = events["Action", "call"]
    raises = events["Action", "bet"] + events["Action", "raise"]
    assert calls_made > 1000 and raises > 300 and events["Draw", ""] > 1000
    # Every call, bet and raise puts its chips in through HandState.bet, and every bet and
    # raise is sized by raise_size and allowed by raise_refused.
    assert calls["bet"] == calls_made + raises
    assert calls["raise_size"] == calls["raise_refused"] == raises
    # No deal or draw breaks a rule.
    assert calls["_refuse_deal"] == calls["_refuse_draw_count"] == calls["_check_draw_turn"] == 0


def _illegal(lines: list[str], **kwargs: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        replay_hand(record(SEATS, "Dan", lines), **kwargs)
    return caught.value


def test_a_deal_out_of_place_is_refused_as_before() -> None:
    err = _illegal([*OPENING, "Anna pat", "Ben pat", "Dan pat", "Anna deal 5c 6d 7h 8s"])
    assert (err.rule, err.message) == ("event-order", "Anna is dealt cards after the first draw")
    assert err.position.line == 14
    err = _illegal([*OPENING[:2], "Eve deal 5c 6d 7h 8s"])
    assert (err.rule, err.message) == ("unknown-player", "Eve is not seated at this table")
    err = _illegal([*OPENING[:6], "Cara folds", "Cara deal 5c 6d 7h 8c"])
    assert (err.rule, err.message) == ("event-order", "Cara is dealt cards after the first draw")


def test_a_draw_of_the_wrong_size_is_refused_as_before() -> None:
    err = _illegal([*OPENING, "Anna draws As 2c > 5c"])
    assert (err.rule, err.message) == ("draw-count", "Anna discards 2 cards but receives 1")
    assert err.position.line == 11
    err = _illegal([*OPENING, "Anna draws 5"])
    assert (err.rule, err.message) == (
        "draw-count",
        "Anna draws 5 cards; at most 4 may be exchanged (000)",
    )


def test_a_draw_out_of_turn_is_refused_as_before() -> None:
    err = _illegal([*OPENING, "Ben pat"])
    assert err.rule == "turn-order"
    assert err.message.startswith("Ben draws, but it is Anna's turn to draw")
    err = _illegal([*OPENING[:6], "Cara draws 1"])
    assert err.message == "Cara draws, but betting round 1 is not over: Cara to act"


def test_a_draw_as_the_first_action_opens_the_play() -> None:
    """A draw before any betting action opens betting round 1 (the blinds and the deal are
    over), which is not over: the draw is out of turn (``000``)."""
    err = _illegal(OPENING[:6] + ["Anna draws 1"])
    assert err.rule == "turn-order"
    assert err.message == "Anna draws, but betting round 1 is not over: Cara to act"


def test_shown_cards_must_be_the_holding_even_with_a_card_twice() -> None:
    """The quick show check (every held card among as many shown) relies on a holding having
    no card twice; a show that repeats a held card and leaves another out is still refused
    (``000``: one deck): a card shown twice is a ``duplicate-card``."""
    from dataclasses import replace

    from badugi_ledger.model.cards import parse_cards
    from badugi_ledger.model.events import Show

    lines = [*OPENING[:6], "Cara folds", "Dan folds", "Anna calls", "Ben checks"]
    lines += ["Anna pat", "Ben pat", "Anna checks", "Ben checks"] * 3
    hand = record(SEATS, "Dan", [*lines, "Anna shows 4h 3d 2c As", "Ben shows 5s 6c 7d 8h"])
    assert replay_hand(hand).payouts == {"Anna": 4}
    twice = Show("Anna", parse_cards("As 3d 4h") + parse_cards("As"))
    with pytest.raises(IllegalAction) as caught:
        replay_hand(replace(hand, events=(*hand.events[:-2], twice), positions=hand.positions[:-1]))
    assert (caught.value.rule, caught.value.message) == (
        "duplicate-card",
        "Anna shows As twice",
    )


class _WatchedDeck(list[str | None]):
    """The card tracker's places of the 52 cards, counting the passes made over them."""

    passes = 0

    def __contains__(self, item: object) -> bool:
        self.passes += 1
        return super().__contains__(item)

    def __iter__(self) -> Iterator[str | None]:
        self.passes += 1
        return super().__iter__()


def test_a_fold_makes_no_pass_over_the_deck_unless_cards_were_thrown_unnamed() -> None:
    """A fold (about four a hand) puts the folded cards among the dead ones.  The cards a
    player may have thrown without the record naming them (seeds README item 3: his, or in
    the discards) are looked for over the whole deck only for a player who threw so, not by
    a pass over the 52 places of the cards at every fold."""
    tracker = CardTracker(4, ["Anna", "Ben", "Cara"], "exclude-own")
    for player, cards in (("Anna", "As 2c 3d 4h"), ("Ben", "5s 6c 7d 8h"), ("Cara", "9s Tc Jd Qh")):
        tracker.deal(player, parse_cards(cards), 0)
    deck = tracker._loc = _WatchedDeck(tracker._loc)
    tracker.draw("Ben", (None,), (None,), 0)  # one card the record does not name
    deck.passes = 0
    tracker.fold("Anna", 0)
    assert deck.passes == 0
    tracker.fold("Ben", 0)  # his known cards, maybe thrown: dead now, folded or discarded
    assert deck.passes == 1
    assert [deck[CARD_INDEX[card]] for card in parse_cards("5s 6c 7d 8h")] == [MUCK] * 4
