"""The sets the hand state keeps as chips go in and players fold, against their definitions.

:class:`~badugi_ledger.replay.state.HandState` keeps ``can`` (the players still in with chips
behind, copied when a betting round starts or a full raise reopens the betting, ``000``/``001``)
and ``still_in`` (the players not folded, clockwise from the button's left: the order of each
draw and of the showdown, ``000``) up to date as players fold or go all-in, instead of working
them out from ``folded`` and ``all_in`` each time.  Checked here after every betting action of
simulated sessions (:mod:`badugi_ledger.simulate.sessions`, which plays by its own code), which
hold folds, all-ins and side pots.
"""

from __future__ import annotations

from typing import Any

import pytest

from badugi_ledger.hands.pots import pot_shares
from badugi_ledger.model.cards import parse_known_cards
from badugi_ledger.model.errors import CardError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.replay import betting, replay_stream
from badugi_ledger.replay.state import HandState
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands


def _check(st: HandState) -> None:
    assert st.can == set(st.in_hand) - st.folded - st.all_in
    assert st.still_in == [p for p in st.dealt if p not in st.folded]
    assert st.active() == st.still_in and st.active() is not st.still_in  # a copy


def test_kept_sets_are_their_definitions_after_every_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seen = {"folds": 0, "all_in": 0, "actions": 0}
    original = betting.act

    def checked(st: HandState, ev: Any) -> bool:
        over = original(st, ev)
        _check(st)
        seen["actions"] += 1
        seen["folds"] += ev.verb == "fold"
        seen["all_in"] += bool(st.all_in)
        return over

    monkeypatch.setattr(betting, "act", checked)
    options = SimulationOptions(hands=80, players=6, seed=11, max_stack=40)
    records = [r for r in simulate_hands(options) if isinstance(r, HandRecord)]
    outcomes = list(replay_stream(records))
    assert all(o.result is not None and not o.errors for o in outcomes)
    assert seen["actions"] > 1000 and seen["folds"] > 100 and seen["all_in"] > 50
    # Side pots and showdowns among the players still in (their order is the kept list's).
    assert any(len(o.result.pots) > 1 for o in outcomes if o.result is not None)


def test_pot_division_of_cards_that_are_not_a_showdown_is_refused_as_before() -> None:
    """The quick valuation (four known, distinct cards each) leaves every other holding to the
    checked path, which names the problem (``000``: one deck, four cards in Badugi)."""
    ace = parse_known_cards("As 2h 3d 4c")
    kings = parse_known_cards("Kh Qh Jh Th")
    unseen: list[Any] = [None, *kings[1:]]  # a card nobody saw
    with pytest.raises(CardError, match="B: cannot evaluate None: not a known card"):
        pot_shares(10, [("A", ace), ("B", unseen)], "badugi")
    with pytest.raises(CardError, match="card As appears twice"):
        pot_shares(10, [("A", ace), ("B", (*kings[:3], ace[0]))], "badugi")
    with pytest.raises(CardError, match="B: badugi is played with 4 cards, not 3"):
        pot_shares(10, [("A", ace), ("B", kings[:3])], "badugi")
    with pytest.raises(ValueError, match="listed twice"):
        pot_shares(10, [("A", ace), ("A", kings)], "badugi")
    assert pot_shares(10, [("A", ace), ("B", kings)], "badugi")[0] == {"A": 10}
