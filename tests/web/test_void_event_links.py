"""A void event's page offers no settle-up: it counts in no figure, and the Settle page refuses
it ("the event … is void").  Its page said so and still offered "Settle-up for this event",
a link to that refusal; a counted event's page keeps the link."""

from __future__ import annotations

from pathlib import Path

from starlette.testclient import TestClient

from badugi_ledger.ledger.corrections import void
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.web.app import create_app
from tests.web.conftest import LOCAL, event_id


def test_a_void_events_page_offers_no_settle_up(fresh_ledger: Path) -> None:
    """``examples/progressive_with_a_buy.bhh``'s ``Buy night`` voided as no club night."""
    with ledger_at(fresh_ledger, create=False) as db:
        void(db, "Buy night", None, "not a club night")
    client = TestClient(create_app(fresh_ledger), base_url=LOCAL)
    voided = event_id(fresh_ledger, "Buy night")
    page = client.get(f"/events/{voided}").text
    assert "This event is void: not a club night." in page
    assert f'href="/settle?event={voided}"' not in page
    assert client.get(f"/settle?event={voided}").status_code == 400  # what the link led to
    counted = event_id(fresh_ledger, "Friday game")
    assert f'href="/settle?event={counted}"' in client.get(f"/events/{counted}").text
