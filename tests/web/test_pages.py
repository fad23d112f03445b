"""What the browse pages show is what the ledger and report libraries compute: every event, each
hand's pots and players, standings and settle-up in their units (money as ``12.34 EUR``, never
raw cents), players with their aliases; voids, paging, empty ledgers and unknown events."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from badugi_ledger.ledger.corrections import event_list, void
from badugi_ledger.ledger.hand_content import stored_facts
from badugi_ledger.ledger.players import merge_players
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.reports.export import hands_frame
from badugi_ledger.reports.settle import settle_event
from badugi_ledger.web import browse
from badugi_ledger.web.app import create_app
from tests.web.conftest import LOCAL, event_id


@pytest.fixture
def client(club_db: Path) -> TestClient:
    return TestClient(create_app(club_db), base_url=LOCAL)


def text_of(page: str) -> str:
    """The page's text: tags dropped, entities decoded, spaces folded."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def test_events_page_lists_every_event_with_its_link(client: TestClient, club_db: Path) -> None:
    page = client.get("/events").text
    shown = text_of(page)
    with ledger_at(club_db, create=False) as db:
        events = event_list(db).events
    assert len(events) == 12  # the ten examples and the two web fixtures
    for e in events:
        assert f'href="/events/{e["id"]}"' in page
        assert str(e["event"]) in shown


def test_event_page_shows_each_hand_with_its_pots_and_players(
    client: TestClient, club_db: Path
) -> None:
    friday = event_id(club_db, "Friday game")
    shown = text_of(client.get(f"/events/{friday}").text)
    with ledger_at(club_db, create=False) as db:
        rows = hands_frame(db)
        hands = rows[rows["event"] == "Friday game"]
        assert len(hands) == 4
        assert "4 hands" in shown
        for hand in hands.itertuples():
            facts = stored_facts(db, int(hand.id))
            assert f"Hand {hand.hand}" in shown
            for pot in facts.pots:
                assert pot[3] in shown  # the pot's own description: who won it and how
            for name, _seat, start, final, *_ in facts.players:
                assert f"{name} {start} {final} " in shown


def test_a_players_net_in_a_hand_is_collected_minus_put_in(
    client: TestClient, club_db: Path
) -> None:
    """Friday game's first hand: Dan puts 16 in and collects 34 (examples/home_session.bhh)."""
    shown = text_of(client.get(f"/events/{event_id(club_db, 'Friday game')}").text)
    assert "Dan 100 118 +18 7h 5c 3d 2s" in shown
    assert "Cara 100 84 -16 8s 6d 4c Ah" in shown


def test_money_is_shown_as_money(client: TestClient, club_db: Path) -> None:
    euro = event_id(club_db, "Euro night")
    settle = text_of(client.get(f"/settle?event={euro}").text)
    with ledger_at(club_db, create=False) as db:
        expected = settle_event(db, euro)
    assert expected.unit == "EUR"
    assert [(t.payer, t.payee, t.amount) for t in expected.transfers] == [
        ("Eve", "Cara", 50),
        ("Dan", "Cara", 25),
    ]
    assert "Eve pays Cara 0.50 EUR" in settle
    assert "Dan pays Cara 0.25 EUR" in settle
    assert "Cara +0.75 EUR" in settle
    standings = text_of(client.get("/standings?season=2024").text)
    assert "In EUR" in standings
    assert "1 Cara +0.75 EUR 1 1" in standings
    assert " 75 " not in standings and " 50 " not in standings  # never cents


def test_standings_rank_each_unit_on_its_own(client: TestClient) -> None:
    shown = text_of(client.get("/standings").text)
    assert "Tournament standings" in shown and "Cash standings" in shown
    assert "1 Kira 3.0 1 1 1 1" in shown  # examples/tournament.bhh: Kira wins
    chips = shown[shown.index("In chips") :]
    assert chips.index("Siv +84 chips") < chips.index("Ola -77 chips")


def test_settle_without_a_choice_is_the_latest_event(client: TestClient) -> None:
    shown = text_of(client.get("/settle").text)
    assert "Euro night (2024-08-01)" in shown  # the latest event with hands


def test_settle_a_season_settles_each_unit(client: TestClient) -> None:
    shown = text_of(client.get("/settle?season=2024").text)
    assert "in EUR" in shown and "in chips" in shown
    assert "balances net to 0 chips" in shown and "balances net to 0.00 EUR" in shown


def test_an_unknown_event_is_a_message_not_a_traceback(client: TestClient) -> None:
    page = client.get("/settle?event=Nonesuch")
    assert page.status_code == 400
    assert "no event &#39;Nonesuch&#39; in the ledger" in page.text
    missing = client.get("/events/999")
    assert missing.status_code == 400 and "no event" in missing.text
    assert client.get("/no/such/page").status_code == 404


def test_players_page_shows_aliases_after_a_merge(fresh_ledger: Path) -> None:
    with ledger_at(fresh_ledger, create=False) as db:
        merge_players(db, "Anna", ["Abe"])
    shown = text_of(TestClient(create_app(fresh_ledger), base_url=LOCAL).get("/players").text)
    assert "Anna 10 hands · also played as Abe" in shown
    assert " Abe 1 hand" not in shown


def test_a_void_event_is_marked(fresh_ledger: Path) -> None:
    with ledger_at(fresh_ledger, create=False) as db:
        void(db, "Kitchen table", None, "dealt with a short deck")
    client = TestClient(create_app(fresh_ledger), base_url=LOCAL)
    assert "void: dealt with a short deck" in text_of(client.get("/events").text)
    kitchen = text_of(client.get(f"/events/{event_id(fresh_ledger, 'Kitchen table')}").text)
    assert "This event is void: dealt with a short deck" in kitchen
    assert "0 hands" in kitchen


def test_an_events_hands_come_a_page_at_a_time(
    client: TestClient, club_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(browse, "HANDS_PER_PAGE", 3)
    friday = event_id(club_db, "Friday game")
    first = text_of(client.get(f"/events/{friday}").text)
    assert "Hand 3 " in first and "Hand 4 " not in first and "page 1 of 2" in first
    second = text_of(client.get(f"/events/{friday}?page=2").text)
    assert "Hand 4 " in second and "Hand 1 " not in second and "page 2 of 2" in second
    assert "Hand 4 " in text_of(client.get(f"/events/{friday}?page=99").text)


def test_a_new_ledger_shows_what_to_do(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path / "new.db"), base_url=LOCAL)
    assert "No events yet" in client.get("/events").text
    assert "No results for this selection yet" in client.get("/standings").text
    assert "Nothing to settle yet" in client.get("/settle").text
    assert "No players yet" in client.get("/players").text
    assert (tmp_path / "new.db").exists()


def test_read_only_needs_an_existing_ledger(tmp_path: Path) -> None:
    from badugi_ledger.model.errors import LedgerError

    with pytest.raises(LedgerError, match="no ledger at"):
        create_app(tmp_path / "missing.db", read_only=True)
    assert not (tmp_path / "missing.db").exists()
