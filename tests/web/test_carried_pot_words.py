"""A hand's section of an event page says which pot a Progressive Badugi pot carried into the
hand went to, as ``show`` does (``reports/hand_text.py``): ``002`` gives it to "the winner of
the next pot that is won, whether at showdown or by all other players folding", so when the
main pot finds no qualifying hand and a side pot is won, it is in that side pot
(:func:`~badugi_ledger.hands.pots.next_pot_won`; the replay moves it there,
``replay/side_pots.py``).  The page said "(in the main pot)" of every carried pot, beside a
main pot that shows carrying on without it and a side pot that holds it."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from badugi_ledger.web.app import create_app
from tests.helpers.ledger_files import import_into
from tests.replay.test_progressive_carry import CARRIED, HEADER, SIDE_POT_WON_BY_FOLDS
from tests.web.conftest import LOCAL, event_id
from tests.web.test_hand_units import hands_of

SESSION = "cash Carry night · date 2024-05-01\n"


def event_page(tmp_path: Path, hands: str) -> list[str]:
    night = tmp_path / "carry.bhh"
    night.write_text(HEADER + SESSION + hands, encoding="utf-8")
    db = tmp_path / "club.db"
    report = import_into(db, [night])
    assert report.ok, report.text_lines()
    client = TestClient(create_app(db), base_url=LOCAL)
    answer = client.get(f"/events/{event_id(db, 'Carry night')}")
    assert answer.status_code == 200
    return hands_of(answer.text)


def test_a_carried_pot_won_with_a_side_pot_is_said_to_be_in_it(tmp_path: Path) -> None:
    """The hand after P1 (``carry 6``): B is all-in, the main pot (B and C, 18 with the
    carried 6) has no qualifying hand, C wins the side pot when A folds and collects 14 (8 and
    the carried 6); the main pot's 12 carries on.  Each figure of the line is set apart: "(in
    the side 1 pot) carried to the next hand 12" read as if the side pot carried."""
    hands = event_page(
        tmp_path, CARRIED + SIDE_POT_WON_BY_FOLDS + "C collects 14 from side 1\ncarry 12\n"
    )
    assert "carried in 6 (in the side 1 pot) · carried to the next hand 12" in hands[1]
    assert "in the main pot" not in hands[1]


def test_a_carried_pot_won_with_the_main_pot_is_said_to_be_in_it(tmp_path: Path) -> None:
    """The main pot won (at the showdown, here by folds): the carried pot is in it."""
    won = "hand P2 · button B · A · B · C\nC bets · A folds · B folds\nC collects 6\n"
    hands = event_page(tmp_path, CARRIED + won)
    assert "carried in 6 (in the main pot)" in hands[1]
