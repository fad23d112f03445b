"""What the browse pages show is what the ledger and report libraries compute: every event, each
hand's pots and players, standings and settle-up in their units (money as ``12.34 EUR``, never
raw cents), players with their aliases; voids, paging, empty ledgers and unknown events."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from badugi_ledger.ledger.corrections import event_list, void
from badugi_ledger.ledger.players import merge_players
from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.reports.settle import settle_event
from badugi_ledger.reports.stored_hands import stored_hand_views
from badugi_ledger.web import browse
from badugi_ledger.web.app import create_app
from tests.helpers.ledger_files import import_into, twin_nights
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


def test_event_page_shows_each_hand_as_the_hand_view_has_it(
    client: TestClient, club_db: Path
) -> None:
    friday = event_id(club_db, "Friday game")
    shown = text_of(client.get(f"/events/{friday}").text)
    with ledger_at(club_db, create=False) as db:
        views = stored_hand_views(db, str(friday))
    assert len(views) == 4 and "4 hands" in shown
    for view in views:
        assert f"Hand {view.hand} · table Kitchen" in shown
        for seat in view.seats:
            assert f"{seat.seat} {seat.name}" in shown
        for pot in view.pots:
            assert f"{pot.name.capitalize()} pot {pot.amount} " in shown  # (in chips)
            for half in pot.halves:
                assert f"with {half.hand}" in shown


def test_an_event_page_views_only_its_own_hands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page of a long night shows 25 hands: it made a view of every hand of the event and
    showed 25 of them (2 s a page at 2,000 hands).  Its views are those of the event's hands
    in the order ``show --db`` gives them, from the page's first, and only they are made."""
    from badugi_ledger.reports import stored_hands
    from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path
    from tests.helpers.ledger_files import import_into

    night = tmp_path / "long.bhh"
    simulate_to_path(SimulationOptions(hands=60, seed=3), night)
    db = tmp_path / "club.db"
    assert import_into(db, [night]).ok
    with ledger_at(db, create=False) as ledger:
        [event] = event_list(ledger).events
        every = stored_hand_views(ledger, str(event["id"]))
    assert len(every) == 60
    made: list[str] = []
    real = stored_hands.hand_view

    def counted(outcome: object) -> object:
        view = real(outcome)  # type: ignore[arg-type]
        made.append(view.hand)
        return view

    monkeypatch.setattr(stored_hands, "hand_view", counted)
    client = TestClient(create_app(db), base_url=LOCAL)
    for page, shown in ((1, every[:25]), (2, every[25:50]), (3, every[50:]), (9, every[50:])):
        made.clear()
        text = text_of(client.get(f"/events/{event['id']}?page={page}").text)
        assert sorted(made) == sorted(view.hand for view in shown), page
        assert [v.hand for v in shown] == re.findall(r"Hand (3-\d+) ·", text), page
        with ledger_at(db, create=False) as ledger:
            assert stored_hands.stored_hand_page(ledger, str(event["id"]), page, 25).views == shown


def test_a_hand_shows_its_seats_stacks_and_winners(client: TestClient, club_db: Path) -> None:
    """Friday game's first hand (examples/home_session.bhh): Dan puts 16 in and wins the
    34-chip pot with 7-5-3-2; Cara loses 16."""
    shown = text_of(client.get(f"/events/{event_id(club_db, 'Friday game')}").text)
    first = shown[shown.index("Hand 1 ") : shown.index("Hand 2 ")]
    assert re.search(r"\d Dan( [a-z ,]+)? 100 118 \+18", first), first
    assert re.search(r"\d Cara( [a-z ,]+)? 100 84 -16", first), first
    assert "Main pot 34 Dan 34 with 4-card 7-5-3-2" in first  # (its heading: "amounts in chips")
    assert "The play, round by round" in first  # its file still holds it: replayed


def test_a_net_of_one_chip_is_a_bare_number_like_every_other(
    client: TestClient, club_db: Path
) -> None:
    """The seat table names its unit once ("in chips") and shows bare numbers; Dan's net of -1
    in Euro night read "-1 chip" (the singular escaped the suffix taken off) before the fix."""
    shown = text_of(client.get(f"/events/{event_id(club_db, 'Euro night')}").text)
    assert re.search(r"\d Dan( [a-z ,]+)? 100 99 -1 \d", shown), shown
    assert "chip " not in shown.replace("chips", "")
    assert browse.bare_amount(1, "tournament chips", sign=True) == "+1"
    assert browse.bare_amount(-1, "chips") == "-1"


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
    assert "Cumulative net result (EUR)" in standings
    assert re.search(r"1 Cara \+?0\.75 EUR", standings), standings
    assert " 75 " not in standings and " 50 " not in standings  # never cents


def test_an_events_money_is_named_where_it_is_picked(client: TestClient, club_db: Path) -> None:
    """Two nights of one name and date in EUR and in plain chips are two events; the events
    list, the event page and the settle-up picker all read "chips" alike before the fix, so an
    organiser could not tell which one settles in money."""
    euro = event_id(club_db, "Euro night")
    events = text_of(client.get("/events").text)
    assert "Euro night 2024-08-01 · cash · chips of 0.25 EUR · settled in EUR" in events
    assert "Kitchen table 2024-01-12 · cash · chips 1 hand" in events  # plain chips: no money
    event_page = text_of(client.get(f"/events/{euro}").text)
    assert "amounts in chips of 0.25 EUR · settled in EUR" in event_page
    assert (
        f'<option value="{euro}">\u2068Euro night\u2069 (2024-08-01) · chips of 0.25 EUR</option>'
        in (client.get("/settle?season=2024").text)
    )


def test_the_settle_picker_tells_apart_events_of_one_name_and_date(tmp_path: Path) -> None:
    """Two nights called Twin on one date, their chips valued at 0.05 and 0.10 USD, are two
    events: the settle-up picker names each one's unit as ``events`` does (both read ``Twin
    (2026-04-01) · USD``)."""
    assert import_into(tmp_path / "twin.db", twin_nights(tmp_path)).ok
    page = TestClient(create_app(tmp_path / "twin.db"), base_url=LOCAL).get("/settle").text
    options = [html.unescape(o) for o in re.findall(r'<option value="\d+"[^>]*>([^<]*)<', page)]
    assert sorted(options) == [
        "\u2068Twin\u2069 (2026-04-01) · chips of 0.05 USD",
        "\u2068Twin\u2069 (2026-04-01) · chips of 0.10 USD",
    ]


def test_standings_rank_each_unit_on_its_own(client: TestClient) -> None:
    shown = text_of(client.get("/standings").text)
    assert "Tournament standings" in shown and "Cash standings" in shown
    assert "1 Kira 3 1 1 1 1 22.00 " in shown  # examples/tournament.bhh: Kira wins
    chips = shown[shown.index("Cumulative net result (chips)") :]
    assert re.search(r"1 Siv \+?84 chips", chips) and re.search(r"22 Ola -77 chips", chips)


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
    assert "No event &#39;Nonesuch&#39; in the ledger" in page.text
    missing = client.get("/events/999")
    assert missing.status_code == 404 and "No event 999" in missing.text
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
    assert "0 hands and 1 void" in kitchen


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


def test_an_event_page_replays_its_file_no_further_than_the_event(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of many nights (``simulate --session-hands``): the page of one of its first
    nights replayed the whole file, every night after it too (ten seconds for a night of 3
    hands in a file of 3,000).  Stacks carry, so the file is replayed from its start, and
    no further than the last hand the page shows; the hands shown are the same, replayed."""
    from badugi_ledger.reports import stored_hands
    from badugi_ledger.simulate.sessions import SimulationOptions, simulate_to_path

    nights = tmp_path / "nights.bhh"
    simulate_to_path(SimulationOptions(hands=40, seed=5, session_hands=4), nights)
    db = tmp_path / "club.db"
    assert import_into(db, [nights]).ok
    with ledger_at(db, create=False) as ledger:
        events = event_list(ledger).events
        assert [e["hands"] for e in events] == [4] * 10
        second = str(events[1]["id"])
        views = stored_hand_views(ledger, second)
    assert all(view.replayed for view in views)
    replayed: list[object] = []
    real = stored_hands.replayed_outcomes

    def counted(paths: list[str]) -> Iterator[object]:
        for outcome in real(paths):
            replayed.append(outcome)
            yield outcome

    monkeypatch.setattr(stored_hands, "replayed_outcomes", counted)
    client = TestClient(create_app(db), base_url=LOCAL)
    shown = text_of(client.get(f"/events/{second}").text)
    assert len(replayed) <= 8 + 1, f"{len(replayed)} hands replayed for the second night of 4"
    assert [v.hand for v in views] == re.findall(r"Hand (\S+) ·", shown)
    assert shown.count("The play, round by round") == 4  # replayed: its rounds are shown


def test_a_new_ledger_shows_what_to_do(tmp_path: Path) -> None:
    client = TestClient(create_app(tmp_path / "new.db"), base_url=LOCAL)
    assert "No events yet" in client.get("/events").text
    assert "No hands in the ledger for this selection" in client.get("/standings").text
    assert "Nothing to settle yet" in client.get("/settle").text
    assert "No players yet" in client.get("/players").text
    assert (tmp_path / "new.db").exists()


def test_read_only_needs_an_existing_ledger(tmp_path: Path) -> None:
    from badugi_ledger.model.errors import LedgerError

    with pytest.raises(LedgerError, match="no ledger at"):
        create_app(tmp_path / "missing.db", read_only=True)
    assert not (tmp_path / "missing.db").exists()


def test_a_carried_pot_of_money_reads_as_money_on_its_event_page(tmp_path: Path) -> None:
    """The event page shows a stored hand's pots: a Progressive Badugi pot of a EUR night that
    nobody qualifies for (``002``) said "the pot of 6 carries" under "Main pot 0.06 EUR", the
    cents its stored detail keeps; it says 0.06, as ``show`` does (the hand's heading names
    the unit: "amounts in EUR")."""
    from tests.test_show_cli import CARRIED_IN_EUR

    night = tmp_path / "euro.bhh"
    night.write_text(CARRIED_IN_EUR, encoding="utf-8")
    db = tmp_path / "club.db"
    assert import_into(db, [night]).stored == 1
    page = TestClient(create_app(db), base_url=LOCAL).get(f"/events/{event_id(db, 'Euro night')}")
    shown = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page.text)).split())
    assert "amounts in EUR" in shown
    assert "Main pot 0.06 no hand qualifies: the pot of 0.06 carries" in shown, shown


def test_settle_and_standings_titles_name_what_was_picked(
    client: TestClient, club_db: Path
) -> None:
    """A browser's tab and history name the page: the settle-up of ``examples/`` Euro night
    and the standings of season 2024 said only "Settle-up" and "Standings"."""
    euro = event_id(club_db, "Euro night")
    title = re.compile(r"<title>([^<]*)</title>")
    settle = title.findall(client.get(f"/settle?event={euro}").text)[0]  # the page's own
    assert html.unescape(settle) == "Settle-up: \u2068Euro night\u2069 (2024-08-01) · Badugi ledger"
    season = title.findall(client.get("/settle?season=2024").text)[0]
    assert html.unescape(season) == "Settle-up: season \u20682024\u2069 · Badugi ledger"
    standings = title.findall(client.get("/standings?season=2024").text)[0]  # (charts too)
    assert html.unescape(standings) == "Standings: season \u20682024\u2069 · Badugi ledger"
    every = title.findall(client.get("/standings").text)[0]
    assert html.unescape(every) == "Standings: all seasons · Badugi ledger"


def test_an_empty_ledger_has_nothing_to_settle_and_no_list_to_pick_from(tmp_path: Path) -> None:
    """A ledger of no hands asked for event 12 or season 2024 said "pick one of the list"
    above an empty picker: it says there is nothing to pick yet."""
    empty = TestClient(create_app(tmp_path / "empty.db"), base_url=LOCAL)
    event = text_of(empty.get("/settle?event=12").text)
    assert "No event 12 in the ledger: nothing to settle yet, no event has hands." in event
    season = text_of(empty.get("/standings?season=2024").text)
    assert "No season '2024' in the ledger: no event names a season yet." in season
    assert "pick one of the list" not in event + season
