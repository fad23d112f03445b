"""Where a Progressive Badugi pot carried into a hand goes when the hand has side pots.

``002``: "The carried-over pot is added to the money wagered in the new hand. It goes to the
winner of the next pot that is won, whether at showdown or by all other players folding."
(seeds README item 5 says the same.)  A side pot won by folds while the main pot finds no
qualifying hand is such a pot: the carried pot goes to its winner, and only the hand's own
main pot carries on.
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from badugi_ledger.replay.showdown import next_pot_won
from badugi_ledger.reports.hand_view import hand_views, render_hand
from badugi_ledger.text.parse import parse_text

HEADER = "game progressive badugi · fixed limit 2/4 · blinds 1/2\n"

CARRIED = """
hand P1 · button A · A 100 · B 6 · C 100
A calls · B calls · C checks
draw: B pat · C pat · A pat
B checks · C checks · A checks
draw: B pat · C pat · A pat
B checks · C checks · A checks
draw: B pat · C pat · A pat
B checks · C checks · A checks
show: B Kd Qh Js Tc · C Ks Qc Jd Th · A Kc Qd Jh Ts
carry 6
"""

# B is all-in for 4 in the second round: the main pot (B and C, 18 with the carried 6) finds no
# qualifying hand at the showdown, while the side pot (8) is won by C when A folds.
SIDE_POT_WON_BY_FOLDS = """
hand P2 · button B · A · B · C
C bets · A calls · B calls
draw: C pat · A pat · B pat
C bets · A calls · B calls all-in
draw: C pat · A pat · B pat
C bets · A calls
draw: C pat · A pat · B pat
C bets · A folds
show: C Kd Qh Js Tc · B Ks Qc Jd Th
"""


def outcomes(text: str) -> list[HandOutcome]:
    return list(replay_stream(parse_text(HEADER + text, "<carry>")))


def test_a_side_pot_won_by_folds_takes_the_carried_pot_while_the_main_pot_carries() -> None:
    first, second = outcomes(
        CARRIED + SIDE_POT_WON_BY_FOLDS + "C collects 14 from side 1\ncarry 12\n"
    )
    assert first.result is not None and first.result.carry_out == 6
    result = second.result
    assert result is not None and not second.errors
    assert result.carry_in == 6
    main, side = result.pots
    assert (main.name, main.amount, dict(main.shares)) == ("main", 12, {})
    assert (side.name, side.amount, dict(side.shares)) == ("side 1", 14, {"C": 14})
    assert result.carry_out == 12 and dict(result.payouts) == {"C": 14}


def test_the_old_reading_of_the_same_hand_is_a_mismatch() -> None:
    """Recorded as if the carried pot carried on with the main pot: both claims are wrong."""
    _, second = outcomes(CARRIED + SIDE_POT_WON_BY_FOLDS + "C collects 8 from side 1\ncarry 18\n")
    assert [v.rule for v in second.errors] == ["collect", "carry-out"]
    assert "C collects 8 from the side 1 pot, but is owed 14" in second.errors[0].message
    assert second.result is not None and second.result.carry_out == 12


def test_the_hand_view_names_the_pot_the_carried_pot_went_to(tmp_path: Path) -> None:
    path = tmp_path / "carry.bhh"
    path.write_text(
        HEADER + CARRIED + SIDE_POT_WON_BY_FOLDS + "C collects 14 from side 1\ncarry 12\n"
    )
    views = list(hand_views([path]))
    assert "carried in: 6 chips (in the side 1 pot)" in render_hand(views[1])


def test_next_pot_won_is_the_first_pot_that_does_not_carry() -> None:
    assert next_pot_won([False, False]) == 0
    assert next_pot_won([True, False, False]) == 1
    assert next_pot_won([True, True, False]) == 2
    assert next_pot_won([True, True]) == 0  # nothing won: it carries on in the main pot
