"""A carried Progressive Badugi pot in a hand its rule text does not foresee: said, not refused.

``002``: "If the showdown is reached and no hand qualifies, the cards are thrown in and the pot
stays in the middle. A new hand is dealt to every player at the table, not only to those who
reached the showdown. The carried-over pot is added to the money wagered in the new hand. It
goes to the winner of the next pot that is won".  A player whose chips are in the pot sitting
the new hand out (``carry-sit-out``), and the next hand played in another game
(``carry-other-game``), are a table's choice no text names: the pot still goes to that hand's
winners, with a warning at the line that does it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.check import run_check

CARRIED = (
    "game progressive badugi · fixed limit 2/4 · blinds 1/2\n"
    "hand P1 · button Dan · Ann 100 · Bo 100 · Cy 100 · Dan 100\n"
    "Cy calls · Dan calls · Ann folds · Bo checks\n"
    + "draw: Bo 1 · Cy 1 · Dan 1\nBo checks · Cy checks · Dan checks\n"
    * 3
    + "show: Bo Kh 8s 4d 2c · Cy Jd 7c 5h 3s · Dan Qd Qc 5c 3h\n"
    "carry 7\n"
    "final: Ann 99 · Bo 98 · Cy 98 · Dan 98\n\n"
)
"""No hand qualifies (002's default qualifier, a nine-high badugi): Bo, Cy and Dan's chips and
Ann's small blind are carried."""


def _check(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "night.bhh"
    path.write_text(text, encoding="utf-8")
    run = run_check([path], jobs=1)
    lines = list(run.lines())
    assert run.all_ok, lines
    return lines


def test_a_player_whose_chips_are_carried_sitting_out_the_redeal_is_warned(
    tmp_path: Path,
) -> None:
    text = CARRIED + (
        "hand P2 · button Ann · Ann · Bo · Cy · Dan · Eve 50\n"
        "Dan sits out\n"
        "Bo bets · Cy folds · Eve calls · Ann folds\n"
        "draw: Bo 1 · Eve 1\n"
        "Bo bets · Eve folds\n"
        "Bo collects 11\n"
        "final: Ann 99 · Bo 107 · Cy 98 · Dan 98 · Eve 48\n"
    )
    lines = _check(tmp_path, text)
    (said,) = [line for line in lines if "[carry-sit-out]" in line]
    assert said.startswith(f"{tmp_path / 'night.bhh'}:15:1: hand P2: warning: Dan sits out")
    assert "002 deals the new hand to every player at the table" in said


def test_a_redeal_to_every_player_says_nothing(tmp_path: Path) -> None:
    text = CARRIED + (
        "hand P2 · button Ann · Ann · Bo · Cy · Dan\n"
        "Bo bets · Cy folds · Dan folds · Ann folds\n"
        "Bo collects 7\n"
        "final: Ann 99 · Bo 105 · Cy 98 · Dan 98\n"
    )
    assert not [line for line in _check(tmp_path, text) if "warning" in line]


@pytest.mark.parametrize("game", ["badacey", "badugi"])
def test_a_carried_pot_taken_in_another_game_is_warned(tmp_path: Path, game: str) -> None:
    text = CARRIED + (
        f"game {game}\n"
        "hand P2 · button Ann · Ann · Bo · Cy · Dan\n"
        "Dan folds · Ann folds · Bo folds\n"
        "Cy collects 9\n"
        "final: Ann 99 · Bo 97 · Cy 106 · Dan 98\n"
    )
    lines = _check(tmp_path, text)
    (said,) = [line for line in lines if "[carry-other-game]" in line]
    assert ":15:1: hand P2: warning: a " in said
    assert "takes the pot of 7 the table carried in Progressive Badugi" in said
