"""A hand on its event page names its unit once, in its heading ("amounts in USD"), and
writes every figure without it - stacks, actions, pots, shares, carried pots, rake - as the
``show`` command does (``reports/hand_text.py``: "amounts in USD" under the hand's title,
every figure bare; ``hand_words.amount_text``: never some figures with the unit and some
without).  The page showed the seats' stacks bare under a caption "in USD" and its pots with
the unit on every figure ("Main pot 0.28 USD", "Anna 0.28 USD with …")."""

from __future__ import annotations

import html
import re
from pathlib import Path

from starlette.testclient import TestClient

from badugi_ledger.web.app import create_app
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES
from tests.web.conftest import LOCAL, event_id

DOLLAR_TABLE = (
    (EXAMPLES / "000_anna_ben.bhh")
    .read_text(encoding="utf-8")
    .replace(
        "game badugi · fixed limit 2/4 · blinds 1/2\n",
        "game badugi · fixed limit 2/4 · blinds 1/2 · currency USD\n",
    )
)
"""Seed 000's worked Anna/Ben hand (``examples/000_anna_ben.bhh``) played for US dollars: its
amounts are dollars' cents, Anna's badugi wins the pot of 0.28."""


def hands_of(page: str) -> list[str]:
    """The text of each hand's section of an event page: tags dropped, spaces folded."""
    sections = re.findall(r'<section class="hand[^"]*".*?</section>', page, flags=re.S)
    return [" ".join(html.unescape(re.sub(r"<[^>]+>", " ", s)).split()) for s in sections]


def test_a_cash_night_in_dollars_names_its_money_once_per_hand(tmp_path: Path) -> None:
    night = tmp_path / "dollars.bhh"
    night.write_text(DOLLAR_TABLE, encoding="utf-8")
    db = tmp_path / "club.db"
    assert import_into(db, [night]).stored == 1
    page = TestClient(create_app(db), base_url=LOCAL).get(
        f"/events/{event_id(db, 'Kitchen table')}"
    )
    [hand] = hands_of(page.text)
    assert hand.count("USD") == 1 and "amounts in USD" in hand, hand
    assert "chip" not in hand, hand  # money, never chips
    assert re.search(r"\d Anna( [a-z ,]+)? 1\.00 1\.14 \+0\.14", hand), hand
    assert "Main pot 0.28 Anna 0.28 with 4-card 8-6-5-3" in hand, hand


def test_a_tournament_names_its_chips_once_per_hand(club_db: Path) -> None:
    """``examples/tournament.bhh``, Spring Freezeout: its hands are in tournament chips (its
    buy-ins and prizes are money, which the event's heading says)."""
    client = TestClient(create_app(club_db), base_url=LOCAL)
    hands = hands_of(client.get(f"/events/{event_id(club_db, 'Spring Freezeout')}").text)
    assert len(hands) == 3
    for hand in hands:
        assert hand.count("chips") == 1 and "amounts in tournament chips" in hand, hand
        assert "money" not in hand, hand
    assert "Main pot 360 Kira 360 with 4-card 7-5-4-2" in hands[1], hands[1]
    assert "Main pot 80 Kira wins uncontested" in hands[0], hands[0]
