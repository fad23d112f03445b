"""A settle-up that pays one of the ledger's own accounts says what the account is.  A
Progressive Badugi night whose last pot carried (no qualifying hand, ``002``) leaves it in
``*carry*`` for the next hand: the Settle page said "C pays *carry* 6 chips" and listed
``*carry*`` among the balances as if it were a player, with no word of what it holds
(``model/results.py``, ``RESERVED_ACCOUNTS``: the carried pot; ``*house*`` the rake)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from starlette.testclient import TestClient

from badugi_ledger.web.app import create_app
from tests.helpers.ledger_files import import_into
from tests.replay.test_progressive_carry import CARRIED, HEADER
from tests.web.conftest import LOCAL, event_id


def test_a_night_that_ends_with_a_carried_pot_says_what_carry_is(tmp_path: Path) -> None:
    """Hand P1 of ``tests/replay/test_progressive_carry.py``: nobody's hand qualifies and the
    pot of 6 carries (``carry 6``), the night's last hand."""
    night = tmp_path / "carry.bhh"
    night.write_text(HEADER + "cash Carry night · date 2024-05-01\n" + CARRIED, encoding="utf-8")
    db = tmp_path / "club.db"
    assert import_into(db, [night]).ok
    client = TestClient(create_app(db), base_url=LOCAL)
    answer = client.get(f"/settle?event={event_id(db, 'Carry night')}")
    assert answer.status_code == 200
    text = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", answer.text)).split())
    assert "*carry* +6 chips" in text
    assert "*carry* is no player: the ledger's account of a carried pot" in text
