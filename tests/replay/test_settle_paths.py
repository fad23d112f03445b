"""The settlement's common paths on real hands, and its own check of the chips.

Sources: ``001`` (side pots: a player's payout is his shares of every pot), ``004`` (a pot's
division neither creates nor loses chips), seeds README item 4 (a single winner takes the
whole pot, odd chips only among tied winners).

* A hand of one pot takes that pot's shares as its payouts; a hand of several adds the shares
  of each pot.  Simulated sessions hold both kinds, so both paths are compared here with the
  definition (the sum of the pots' shares, players who win nothing left out).
* The settlement checks the double entry itself: a state whose chips do not add up (a stack
  or a payment changed behind the replay's back) is refused with an internal error, never
  settled into postings that do not balance.
"""

from __future__ import annotations

import pytest

from badugi_ledger.hands.pots import divide_pot, pot_shares
from badugi_ledger.model.cards import parse_known_cards
from badugi_ledger.model.events import HandRecord
from badugi_ledger.replay import hand as hand_module
from badugi_ledger.replay import replay_stream
from badugi_ledger.replay.showdown import settle
from badugi_ledger.replay.state import HandState
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands
from tests.helpers.replay_builder import assert_balanced


def _session(hands: int = 120) -> list[HandRecord]:
    records = simulate_hands(SimulationOptions(hands=hands, players=6, seed=3, max_stack=40))
    return [r for r in records if isinstance(r, HandRecord)]


def test_payouts_are_the_pots_shares_with_one_pot_and_with_several() -> None:
    one = several = 0
    for outcome in replay_stream(_session()):
        result = outcome.result
        assert result is not None and not outcome.errors, (outcome.hand_id, outcome.errors)
        added: dict[str, int] = {}
        for pot in result.pots:
            for player, chips in pot.shares.items():
                added[player] = added.get(player, 0) + chips
        assert dict(result.payouts) == {p: c for p, c in added.items() if c}
        assert_balanced(result)
        if len(result.pots) == 1:
            one += 1
        else:
            several += 1
    assert one > 50 and several > 0  # both paths are taken by real sessions


def _settled_state(record: HandRecord) -> HandState:
    st = hand_module.play_events(record)
    hand_module._finish(st)
    return st


def test_a_state_whose_chips_do_not_add_up_is_refused() -> None:
    record = _session(3)[0]
    settle(_settled_state(record))  # as played, it settles

    st = _settled_state(record)
    player = next(iter(st.stack))
    st.stack[player] += 1  # a chip made out of nothing
    with pytest.raises(AssertionError, match="replay lost chips"):
        settle(st)

    st = _settled_state(record)
    key = next(iter(st.paid))
    st.paid[key] += 1  # a posting that takes a chip nobody lost
    with pytest.raises(AssertionError, match="replay lost chips"):
        settle(st)


def test_a_single_winner_takes_the_pot_and_ties_share_it() -> None:
    winner = [("Ann", parse_known_cards("As 2h 3d 4c")), ("Ben", parse_known_cards("Kh Qh Jh Th"))]
    shares, detail = pot_shares(101, winner, "badugi")
    assert shares == {"Ann": 101}
    assert detail == "pot: Ann 101 with 4-card 4-3-2-A"
    tie = [("Ann", parse_known_cards("As 2h 3d 4c")), ("Ben", parse_known_cards("Ac 2d 3h 4s"))]
    award = divide_pot(101, tie, "badugi")
    assert dict(award.shares) == {"Ann": 51, "Ben": 50}
    assert award.halves[0].winners == ("Ann", "Ben")
    assert award.detail == "pot tied: Ann 51 + Ben 50 with 4-card 4-3-2-A"
