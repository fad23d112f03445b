"""The record page's server side (Starlette TestClient): the live check says what ``check``
says, a tap appends the canonical line, saving goes through ``import``'s rules (stored,
duplicate, conflict, replace) and writes a file ``check`` passes; CSRF and read-only refuse."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from badugi_ledger.check import run_check
from badugi_ledger.ledger.schema import SCHEMA_VERSION
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import LedgerError
from badugi_ledger.web.app import create_app
from badugi_ledger.web.security import CSRF_COOKIE
from tests.helpers.paths import EXAMPLES, FIXTURES  # noqa: F401
from tests.web.conftest import WEB_FIXTURES

BADACEY = (EXAMPLES / "004_badacey.bhh").read_text(encoding="utf-8")
BADACEY_FILE = "recorded/2024-02-02-badacey-practice-deal.bhh"
# the same hand with the last raise left out: still legal and chip-correct, other figures
BADACEY_EDITED = (
    BADACEY.replace(
        "Noor bets 12 · Amara raises to 24 · Noor calls 12", "Noor bets 12 · Amara calls 12"
    )
    .replace("pot 120", "pot 96")
    .replace("Amara collects 90 · Noor collects 30", "Amara collects 72 · Noor collects 24")
    .replace("final: Bram 228 · Kira 228 · Noor 222 · Amara 282\n", "")
)


@pytest.fixture
def ledger_dir(tmp_path: Path) -> Path:
    return tmp_path


@pytest.fixture
def client(ledger_dir: Path) -> Iterator[TestClient]:
    app = create_app(ledger_dir / "club.db")
    with TestClient(app, base_url="http://127.0.0.1") as test_client:
        assert test_client.get("/record").status_code == 200  # sets the CSRF cookie
        yield test_client


def post(client: TestClient, url: str, body: dict[str, object]) -> tuple[int, dict]:
    token = client.cookies.get(CSRF_COOKIE, "")
    response = client.post(url, json=body, headers={"X-CSRF-Token": token})
    return response.status_code, response.json()


def hands_stored(ledger_dir: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(ledger_dir / "club.db") as db:
        return db.execute(
            "SELECT hand_number, pot FROM counted_hands ORDER BY hand_number"
        ).fetchall()


# --- the page --------------------------------------------------------------------------------


def test_page_offers_every_game_and_structure_without_inline_script(client: TestClient) -> None:
    page = client.get("/record")
    html = page.text
    for game in ("badugi", "progressive-badugi", "badacey", "badeucey"):
        assert f'<option value="{game}">' in html
    for structure in ("fixed-limit", "pot-limit", "half-pot-limit", "no-limit", "spread-limit"):
        assert f'<option value="{structure}">' in html
    assert "<script>" not in html and " onclick=" not in html and " style=" not in html
    assert '<script src="/static/record.js" defer></script>' in html
    assert "script-src 'self'" in page.headers["content-security-policy"]
    assert client.get("/static/record.js").status_code == 200
    assert client.get("/static/record.css").status_code == 200


# --- saving ---------------------------------------------------------------------------------------


def test_save_writes_a_file_check_passes_and_stores_its_hands(
    client: TestClient, ledger_dir: Path
) -> None:
    status, body = post(client, "/record/save", {"text": BADACEY})
    assert (status, body["outcome"]) == (200, "saved"), body
    assert body["stored"] == 1 and body["duplicate"] == 0
    saved = ledger_dir / BADACEY_FILE
    assert body["file"] == str(saved)
    assert saved.read_text(encoding="utf-8") == BADACEY
    run = run_check([saved], jobs=1)
    assert all(outcome.ok for outcome in run.outcomes()) and run.all_ok
    assert hands_stored(ledger_dir) == [("004-1", 120)]


def test_saving_again_is_a_duplicate(client: TestClient, ledger_dir: Path) -> None:
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    status, body = post(client, "/record/save", {"text": BADACEY})
    assert body["outcome"] == "saved", body
    assert (body["stored"], body["duplicate"]) == (0, 1)
    assert hands_stored(ledger_dir) == [("004-1", 120)]


def test_an_edited_hand_is_a_conflict_until_replaced(client: TestClient, ledger_dir: Path) -> None:
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    status, body = post(client, "/record/save", {"text": BADACEY_EDITED})
    assert body["outcome"] == "conflict", body
    assert body["can_replace"] is True and body["stored"] == 0
    [conflict] = body["conflicts"]
    assert conflict["hand"] == "004-1"
    assert "pot 120 → 96" in "; ".join(conflict["differences"])  # what differs, as import says
    assert hands_stored(ledger_dir) == [("004-1", 120)]  # the ledger keeps its version

    status, body = post(client, "/record/save", {"text": BADACEY_EDITED, "replace": True})
    assert body["outcome"] == "saved", body
    assert [c["hand"] for c in body["replaced"]] == ["004-1"]
    assert hands_stored(ledger_dir) == [("004-1", 96)]
    assert (ledger_dir / BADACEY_FILE).read_text(encoding="utf-8") == BADACEY_EDITED


def test_a_text_that_check_refuses_is_not_saved(client: TestClient, ledger_dir: Path) -> None:
    wrong = BADACEY.replace("Amara collects 90", "Amara collects 95")
    status, body = post(client, "/record/save", {"text": wrong})
    assert body["outcome"] == "problems", body
    assert any("Amara collects 95, but is owed 90" in line for line in body["problems"])
    assert not (ledger_dir / BADACEY_FILE).exists()
    assert not list((ledger_dir / "recorded").iterdir())  # no temporary file left behind
    assert hands_stored(ledger_dir) == []


def test_a_shorter_text_never_overwrites_the_event_file_silently(
    client: TestClient, ledger_dir: Path
) -> None:
    second = BADACEY.split("\n\n", 1)[1].replace("hand 004-1", "table Two\nhand 004-2")
    two = BADACEY + "\n" + second  # the same deal again at another table
    status, body = post(client, "/record/save", {"text": two})
    assert body["outcome"] == "saved", body
    assert body["stored"] == 2
    status, body = post(client, "/record/save", {"text": BADACEY})
    assert body["outcome"] == "dropped", body
    assert body["dropped"] == ["hand 004-2 at table Two"] and body["can_replace"] is True
    assert (ledger_dir / BADACEY_FILE).read_text(encoding="utf-8") == two
    status, body = post(client, "/record/save", {"text": BADACEY, "replace": True})
    assert body["outcome"] == "saved", body
    assert (ledger_dir / BADACEY_FILE).read_text(encoding="utf-8") == BADACEY
    # The ledger follows the file: the hand the text no longer holds is voided, not counted.
    assert [number for number, _ in hands_stored(ledger_dir)] == ["004-1"]
    assert "not in it any more: voided" in " ".join(body["report"])


def test_a_save_without_the_csrf_token_is_refused(client: TestClient, ledger_dir: Path) -> None:
    response = client.post("/record/save", json={"text": BADACEY})
    assert response.status_code == 403
    assert not (ledger_dir / "recorded").exists()
    assert hands_stored(ledger_dir) == []


def test_a_read_only_ledger_refuses_to_save(ledger_dir: Path) -> None:
    create_app(ledger_dir / "club.db")  # makes the ledger
    app = create_app(ledger_dir / "club.db", read_only=True)
    with TestClient(app, base_url="http://127.0.0.1") as client:
        page = client.get("/record")
        assert page.status_code == 200 and "read-only" in page.text
        response = client.post(
            "/record/save",
            json={"text": BADACEY},
            headers={"X-CSRF-Token": client.cookies.get(CSRF_COOKIE, "")},
        )
        assert response.status_code == 403
        # the live check and a tap only compute: a read-only ledger still checks as you type
        status, body = post(client, "/record/check", {"text": BADACEY})
        assert status == 200 and "error" not in body, body
    assert not (ledger_dir / "recorded").exists()


def test_a_read_only_ledger_is_opened_so_that_sqlite_refuses_writes(ledger_dir: Path) -> None:
    open_ledger(ledger_dir / "club.db").close()
    db = open_ledger(ledger_dir / "club.db", read_only=True)
    try:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            db.execute("DELETE FROM schema_version")
    finally:
        db.close()


def test_a_read_only_ledger_of_an_older_schema_is_not_upgraded(ledger_dir: Path) -> None:
    path = ledger_dir / "club.db"
    open_ledger(path).close()
    with sqlite3.connect(path) as db:
        db.execute("DELETE FROM schema_version WHERE version = ?", (SCHEMA_VERSION,))
    db.close()
    with pytest.raises(LedgerError, match="without --read-only"):
        create_app(path, read_only=True)
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT max(version) FROM schema_version").fetchone()[0] < SCHEMA_VERSION
    db.close()


# --- starting a night --------------------------------------------------------------------------

NEW_NIGHT = {
    "name": "Friday game",
    "date": "2024-03-01",
    "game": "badacey",
    "structure": "fixed-limit",
    "stakes": "2/4",
    "players": "Anna\nBen, Cara",
    "stacks": "100",
}


def test_start_writes_the_night_text_of_the_form(client: TestClient) -> None:
    from badugi_ledger.text.night import night_text

    status, body = post(client, "/record/start", NEW_NIGHT)
    assert status == 200, body
    assert body["text"] == night_text(
        ["Anna", "Ben", "Cara"], game="badacey", event="Friday game", date="2024-03-01"
    )


def test_start_refuses_a_bad_form_with_the_reason(client: TestClient) -> None:
    status, body = post(client, "/record/start", {**NEW_NIGHT, "players": "Anna"})
    assert status == 200 and "2 to 9 players" in body["error"]  # no console error in a browser
    status, body = post(client, "/record/start", {**NEW_NIGHT, "stakes": "two/four"})
    assert "stakes" in body["error"] and "text" not in body


@pytest.mark.parametrize(
    ("last", "following"),
    [("7", "8"), ("0099", "100"), ("9" * 5000, "1" + "0" * 5000)],
    ids=["seven", "zeros", "5000-digits"],
)
def test_a_new_night_of_an_event_the_ledger_holds_numbers_its_hands_after(
    client: TestClient, last: str, following: str
) -> None:
    """A hand number of any length (5,000 digits answered 500: ``int`` refuses a text of more
    than 4,300 digits)."""
    status, body = post(client, "/record/start", NEW_NIGHT)
    first = body["text"].replace("\nhand 1 ·", f"\nhand {last} ·")  # as if hands came before
    ended = first + "Anna folds · Ben folds\n"  # the big blind's walk: nothing else to record
    status, saved = post(client, "/record/save", {"text": ended})
    assert saved["outcome"] == "saved"
    Path(saved["file"]).unlink()  # the ledger's hands, of a file not this page's
    status, body = post(client, "/record/start", NEW_NIGHT)
    assert status == 200, body
    assert f"\nhand {following} · button Anna" in body["text"]


def test_a_saved_night_started_again_goes_on_from_its_file(client: TestClient) -> None:
    """The same name and date again: the saved text, not a new first hand (whose save would
    have left the saved hands out)."""
    status, body = post(client, "/record/start", NEW_NIGHT)
    ended = body["text"] + "Anna folds · Ben folds\n"
    status, saved = post(client, "/record/save", {"text": ended})
    assert saved["outcome"] == "saved", saved
    status, again = post(client, "/record/start", NEW_NIGHT)
    assert status == 200, again
    assert again["text"] == ended and again["file"] == saved["file_name"]
    assert saved["file_name"] in again["note"]
    status, other = post(client, "/record/start", {**NEW_NIGHT, "date": "2024-03-08"})
    assert "file" not in other and "\nhand 1 · button Anna" in other["text"]


# --- the live check and tapping ------------------------------------------------------------------

PLANTED = FIXTURES / "planted_mistakes_night.bhh"


def test_the_check_of_a_night_lists_every_line_of_a_hand_that_cannot_be_read(
    client: TestClient,
) -> None:
    """One run lists every mistake, each at its own line (README, "What check reports, in one
    run"): examples/progressive_night.bhh with two verbs of hand P1 mistyped shows both on the
    page, and the verdict counts hand P1 once."""
    text = (
        (EXAMPLES / "progressive_night.bhh")
        .read_text(encoding="utf-8")
        .replace("Anna checks · Ben bets · Cara calls", "Anna checks · Ben betz · Cara calls")
        .replace("draw: Ben 1 · Cara 1\nBen checks", "draw: Ben 1 · Cara 1\nBen chekcs", 1)
    )
    status, body = post(client, "/record/check", {"text": text})
    assert status == 200
    parse = [p for p in body["problems"] if p["rule"] == "parse"]
    assert [(p["line"], p["column"], p["hand"]) for p in parse] == [(15, 19, "P1"), (17, 5, "P1")]
    assert parse[1]["check"].startswith("record:17:5: hand P1: expected ")
    assert parse[1]["check"].endswith("\n    Ben chekcs · Cara checks\n        ^")
    assert [h["verdict"] for h in body["hands"]] == ["error", "violations", "ok"]


def test_check_reports_what_check_reports_for_a_file_with_planted_mistakes(
    client: TestClient,
) -> None:
    from badugi_ledger.check import problem_line, problems

    expected = []
    pots = {}
    for outcome in run_check([PLANTED], jobs=1).outcomes():
        if outcome.result is not None:
            pots[outcome.hand_id] = [
                (p.name, p.amount, dict(p.shares)) for p in outcome.result.pots
            ]
        for problem in problems(outcome):
            line = problem_line(outcome, problem)
            expected.append(line.removeprefix(f"{PLANTED}:"))
    assert len(expected) >= 7  # one mistake in each hand but hand 5, and what follows from them

    status, body = post(client, "/record/check", {"text": PLANTED.read_text(encoding="utf-8")})
    assert status == 200
    got = [p["check"].removeprefix("record:") for p in body["problems"]]
    assert got == expected
    assert body["verdict"]["errors"] == sum(1 for p in body["problems"] if p["kind"] != "warning")
    planted_raise = next(p for p in body["problems"] if p["rule"] == "bet-size")
    assert (planted_raise["line"], planted_raise["hand"]) == (37, "3")
    assert planted_raise["message"] == "Dan raises to 12; in fixed limit this raise is to 8 (000)"
    # the pots of the hands that replayed, with winners and shares, as check computes them
    assert pots["5"]  # the hand without a mistake
    assert {
        h["hand"]: [(p["name"], p["amount"], p["shares"]) for p in h["pots"]]
        for h in body["hands"]
        if h["pots"]
    } == pots


def test_tapping_appends_the_canonical_lines_until_the_hand_is_over(client: TestClient) -> None:
    status, body = post(client, "/record/start", {**NEW_NIGHT, "game": "badugi"})
    text = body["text"]
    status, body = post(client, "/record/check", {"text": text})
    assert body["next"]["player"] == "Anna" and body["next"]["phase"] == "betting round 1"
    labels = [o["label"] for o in body["next"]["options"]]
    assert labels == ["fold", "calls 2", "raises to 4"]

    def tap(kind: str, **more: object) -> dict:
        nonlocal text
        status, checked = post(client, "/record/check", {"text": text})
        index = next(o["index"] for o in checked["next"]["options"] if o["kind"] == kind)
        status, tapped = post(
            client, "/record/tap", {"text": text, "choice": {"index": index, **more}}
        )
        assert status == 200, tapped
        text = tapped["text"]
        assert tapped["check"]["verdict"]["errors"] == 0, tapped["check"]["problems"]
        return tapped

    first = tap("raise")
    assert text.splitlines()[first["line"] - 1] == "Anna raises to 4"
    assert first["line"] == 4  # right under the hand line, above the night's comment block
    tap("fold")  # Ben
    tap("call")  # Cara
    tap("draw", count=2, cards="Qs 3c -> 8s 5c")  # Cara draws first: left of the button
    tap("stand pat")  # Anna
    for _ in range(3):  # three more betting rounds checked, two more draws
        tap("check")
        tap("check")
        if "draw" in text.splitlines()[-1] or _ == 2:
            continue
        tap("stand pat")
        tap("stand pat")
    assert "draw: Cara Q♠ 3♣ -> 8♠ 5♣" in text or "draw: Cara Qs 3c -> 8s 5c" in text
    tap("show", cards="8s 5c 4d 2h")
    last = tap("show", cards="Kd Qc Jh 9s")
    assert last["check"]["next"] is None
    [hand] = last["check"]["hands"]
    assert hand["verdict"] == "ok"
    assert [(p["amount"], p["winners"]) for p in hand["pots"]] == [(9, ["Cara"])]
    assert last["check"]["next_hand"] is True
    status, body = post(client, "/record/tap", {"text": text, "choice": {"next_hand": True}})
    assert status == 200
    assert body["text"].splitlines()[body["line"] - 1].startswith("hand 2 · button Ben · Anna ")
    assert body["check"]["next"]["player"] == "Ben"  # three-handed the button acts first (000)


def test_a_stale_or_impossible_tap_is_refused_with_a_reason(client: TestClient) -> None:
    status, body = post(client, "/record/start", NEW_NIGHT)
    text = body["text"]
    status, body = post(client, "/record/tap", {"text": text, "choice": {"index": 9}})
    assert "no longer offered" in body["error"] and "text" not in body
    status, body = post(client, "/record/tap", {"text": text, "choice": {"next_hand": True}})
    assert "finish it before the next hand" in body["error"]
    status, body = post(
        client, "/record/tap", {"text": text, "choice": {"index": 1, "cards": "As"}}
    )
    assert body["error"] == "cards go with a draw, a show or a buy"  # a call


def test_an_event_this_page_saved_is_picked_up_with_its_text(
    client: TestClient, ledger_dir: Path
) -> None:
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    with sqlite3.connect(ledger_dir / "club.db") as db:
        [(event_id,)] = db.execute("SELECT id FROM events").fetchall()
    page = client.get("/record")
    assert "2024-02-02 · \u2068Badacey practice deal\u2069 (cash, 1 hand)" in page.text
    found = client.get(f"/record/event?id={event_id}").json()
    assert found["text"] == BADACEY
    assert (found["fields"]["structure"], found["fields"]["stakes"]) == ("fixed-limit", "6/12")
    assert found["fields"]["players"].split("\n") == ["Amara", "Bram", "Kira", "Noor"]
    assert client.get("/record/event?id=999").status_code == 404


@pytest.mark.parametrize("typed", ["%201", "1%20", "+1", "1_0", "01_0", "%D9%A1", "%EF%BC%91"])
def test_an_event_id_is_ascii_digits(client: TestClient, ledger_dir: Path, typed: str) -> None:
    """The picker sends an event's id as the ledger numbers it, ASCII digits (as ``_event_id``
    reads a page's path): Python's ``int`` also read `` 1``, ``+1``, ``1_0`` (as 10) and an
    Arabic-Indic or full-width ``1``, so a typed or altered address loaded another event than
    the one it names."""
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    with sqlite3.connect(ledger_dir / "club.db") as db:
        [(event_id,)] = db.execute("SELECT id FROM events").fetchall()
    assert event_id == 1 and client.get("/record/event?id=1").status_code == 200
    response = client.get(f"/record/event?id={typed}")
    assert response.status_code == 404, response.text
    said = response.json()
    assert "text" not in said and "no event 10" not in said["error"], said


def test_a_ranged_bet_is_tapped_at_the_amount_chosen_within_its_range(client: TestClient) -> None:
    night = {**NEW_NIGHT, "game": "badeucey", "structure": "no-limit", "stakes": "1/2"}
    status, body = post(client, "/record/start", night)
    text = body["text"]
    status, checked = post(client, "/record/check", {"text": text})
    [raise_to] = [o for o in checked["next"]["options"] if o["kind"] == "raise"]
    assert (raise_to["label"], raise_to["min"], raise_to["max"]) == ("raise to", 4, 100)
    choice = {"index": raise_to["index"], "amount": 10}
    status, tapped = post(client, "/record/tap", {"text": text, "choice": choice})
    assert tapped["text"].splitlines()[tapped["line"] - 1] == "Anna raises to 10"
    assert tapped["check"]["verdict"]["errors"] == 0
    assert tapped["check"]["next"]["player"] == "Ben"
    too_much = {"index": raise_to["index"], "amount": 101}
    status, refused = post(client, "/record/tap", {"text": text, "choice": too_much})
    assert refused["error"] == "not added: Anna raises to 101 but has only 100 chips"


def test_an_event_imported_from_elsewhere_fills_the_form_from_the_ledger_and_its_file(
    client: TestClient, ledger_dir: Path
) -> None:
    from badugi_ledger.ledger.importing import import_paths
    from badugi_ledger.ledger.store import ledger_at

    with ledger_at(ledger_dir / "club.db") as ledger:
        assert import_paths(ledger, [EXAMPLES / "badugi_spread_limit.bhh"]).ok
        [(event_id, name)] = ledger.execute("SELECT id, name FROM events").fetchall()
    found = client.get(f"/record/event?id={event_id}").json()
    assert found["text"] is None and found["fields"]["name"] == name
    assert found["fields"]["structure"] == "spread-limit"
    stakes = found["fields"]["stakes"]
    status, body = post(
        client, "/record/start", {**NEW_NIGHT, **found["fields"], "players": "Anna\nBen"}
    )
    assert f"spread limit {stakes}" in body["text"]


EURO_NIGHT = (
    "game badugi · fixed limit 2/4 · blinds 1/2\n"
    'cash "Euro night" · chips 1 = 0.25 EUR · date 2024-08-01 · season 2024\n\n'
    "hand 1 · button Cara · Cara 100 · Dan 100 · Eve 100\n"
    "Cara raises to 4 · Dan folds · Eve folds\nCara collects 5\n"
)
USD_NIGHT = (
    "game badugi · fixed limit 25/50 · blinds 10/25 · currency USD\n"
    "cash Dollar night · date 2024-08-02\n\n"
    "hand 1 · button Cara · Cara 1000 · Dan 1000\nCara folds\nDan collects 20\n"
)


@pytest.mark.parametrize(
    ("night", "event_key", "header"),
    [
        (EURO_NIGHT, "cash|Euro night|2024-08-01|25c EUR", "chips 1 = 0.25 EUR"),
        (USD_NIGHT, "cash|Dollar night|2024-08-02|USD", "currency USD"),
    ],
)
def test_a_cash_event_continued_from_the_ledger_keeps_its_money(
    client: TestClient, ledger_dir: Path, night: str, event_key: str, header: str
) -> None:
    """The form has no field for a chip value, and its currency is left blank: a night of the
    ledger's EUR game picked and started was written in plain chips, so its hands went to
    another event of the same name whose results were never money (settle-up showed the night
    in two parts, the new hands in chips).  Before the fix the new hand's event was
    ``cash|Euro night|2024-08-01``."""
    from badugi_ledger.ledger.importing import import_text
    from badugi_ledger.ledger.store import ledger_at

    with ledger_at(ledger_dir / "club.db") as ledger:
        assert import_text(ledger, night, str(ledger_dir / "night.bhh")).stored == 1
        [(event_id,)] = ledger.execute("SELECT id FROM events").fetchall()
    fields = client.get(f"/record/event?id={event_id}").json()["fields"]
    status, body = post(client, "/record/start", {**fields, "event_id": str(event_id)})
    text = body["text"]
    for _ in range(9):  # everyone folds to the last player
        status, checked = post(client, "/record/check", {"text": text})
        if checked["next"] is None or checked["hands"][-1]["verdict"] != "in progress":
            break
        fold = [o["index"] for o in checked["next"]["options"] if o["kind"] == "fold"][0]
        text = post(client, "/record/tap", {"text": text, "choice": {"index": fold}})[1]["text"]
    status, saved = post(client, "/record/save", {"text": text})
    assert saved["outcome"] == "saved" and saved["stored"] == 1, saved
    with sqlite3.connect(ledger_dir / "club.db") as db:
        events = db.execute(
            "SELECT e.key, count(h.id) FROM events e JOIN hands h ON h.event_id = e.id "
            "GROUP BY e.id"
        ).fetchall()
    assert events == [(event_key, 2)]
    assert header in body["text"] and "\nhand 2 ·" in body["text"]


def test_a_new_event_named_in_the_form_after_picking_one_is_in_chips(
    client: TestClient, ledger_dir: Path
) -> None:
    """Only the event picked, still named as the ledger names it, is continued in its money;
    an event the organiser names anew is a new one, in chips (the form's currency blank); an
    id that is no event of the ledger is refused."""
    from badugi_ledger.ledger.importing import import_text
    from badugi_ledger.ledger.store import ledger_at

    with ledger_at(ledger_dir / "club.db") as ledger:
        assert import_text(ledger, EURO_NIGHT, str(ledger_dir / "night.bhh")).stored == 1
        [(event_id,)] = ledger.execute("SELECT id FROM events").fetchall()
    fields = client.get(f"/record/event?id={event_id}").json()["fields"]
    renamed = {**fields, "name": "Kitchen night", "event_id": str(event_id)}
    status, body = post(client, "/record/start", renamed)
    assert "EUR" not in body["text"] and "\nhand 1 ·" in body["text"]
    for odd in ("999", "-1", "x", "1" * 40, 1.5, ["1"]):
        status, body = post(client, "/record/start", {**fields, "event_id": odd})
        assert status == 200 and "not an event of the ledger" in body["error"], (odd, body)


# --- a save that stores nothing leaves the saved file as it was -----------------------------

NIGHT_HEADER = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Conf2 · date 2024-08-01\n\n"
FOLDED = NIGHT_HEADER + "hand 1 · button Ann · Ann 100 · Ben 100\nAnn folds\nBen collects 2\n"
CHECKED_DOWN = NIGHT_HEADER + (
    "hand 1 · button Ann · Ann 100 · Ben 100\n"
    "Ann calls · Ben checks\n"
    + "draw: Ben pat\ndraw: Ann pat\nBen checks · Ann checks\n" * 2
    + "draw: Ben pat\ndraw: Ann pat\nBen checks · Ann folds\nBen collects 4\n"
)
CONF2_FILE = "recorded/2024-08-01-conf2.bhh"


def event_text(client: TestClient, ledger_dir: Path) -> str | None:
    with sqlite3.connect(ledger_dir / "club.db") as db:
        [(event_id,)] = db.execute("SELECT id FROM events").fetchall()
    text = client.get(f"/record/event?id={event_id}").json()["text"]
    return text if text is None else str(text)


def test_a_conflicting_save_stores_none_of_its_hands(client: TestClient, ledger_dir: Path) -> None:
    """A save whose hand 1 conflicts and whose hand 2 is new stores neither: the file stays as
    it was, so the ledger and the file never hold different nights."""
    assert post(client, "/record/save", {"text": FOLDED})[1]["outcome"] == "saved"
    second = "\nhand 2 · button Ben · Ann · Ben\nBen folds\nAnn collects 2\n"
    status, body = post(client, "/record/save", {"text": CHECKED_DOWN + second})
    assert body["outcome"] == "conflict", body
    assert body["stored"] == 0
    assert hands_stored(ledger_dir) == [("1", 2)]
    assert (ledger_dir / CONF2_FILE).read_text(encoding="utf-8") == FOLDED


def test_a_conflicting_save_leaves_the_saved_file_as_the_ledger_holds_it(
    client: TestClient, ledger_dir: Path
) -> None:
    assert post(client, "/record/save", {"text": FOLDED})[1]["outcome"] == "saved"
    status, body = post(client, "/record/save", {"text": CHECKED_DOWN})
    assert body["outcome"] == "conflict", body
    assert (ledger_dir / CONF2_FILE).read_text(encoding="utf-8") == FOLDED
    assert event_text(client, ledger_dir) == FOLDED
    assert hands_stored(ledger_dir) == [("1", 2)]
    assert [p.name for p in (ledger_dir / "recorded").iterdir()] == ["2024-08-01-conf2.bhh"]

    status, body = post(client, "/record/save", {"text": CHECKED_DOWN, "replace": True})
    assert body["outcome"] == "saved", body
    assert (ledger_dir / CONF2_FILE).read_text(encoding="utf-8") == CHECKED_DOWN
    assert hands_stored(ledger_dir) == [("1", 4)]
    with sqlite3.connect(ledger_dir / "club.db") as db:  # the ledger names the file, not the
        [(source,)] = db.execute("SELECT DISTINCT source FROM hands").fetchall()  # temporary
    assert source == str(ledger_dir / CONF2_FILE)


def test_a_save_whose_import_fails_midway_leaves_the_file_and_the_ledger(
    client: TestClient, ledger_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from badugi_ledger.ledger import importing

    assert post(client, "/record/save", {"text": FOLDED})[1]["outcome"] == "saved"
    store_file = importing.store_file

    def failing(db: sqlite3.Connection, items: object, *args: object, **kwargs: object) -> object:
        def then_fail() -> Iterator[object]:
            yield from items  # type: ignore[misc]  # every hand is written, then the disk fails
            raise sqlite3.OperationalError("disk I/O error")

        return store_file(db, then_fail(), *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(importing, "store_file", failing)
    status, body = post(client, "/record/save", {"text": CHECKED_DOWN, "replace": True})
    assert body["outcome"] == "error" and "disk I/O error" in body["error"], body
    assert (ledger_dir / CONF2_FILE).read_text(encoding="utf-8") == FOLDED
    assert hands_stored(ledger_dir) == [("1", 2)]  # the file's one transaction rolled back
    assert [p.name for p in (ledger_dir / "recorded").iterdir()] == ["2024-08-01-conf2.bhh"]


def test_a_saved_file_edited_elsewhere_into_other_bytes_is_named_not_a_crash(
    client: TestClient, ledger_dir: Path
) -> None:
    """The night's file, re-saved by an editor as Latin-1 (an accent in a comment): picking the
    event and saving again both read it.  Before the fix both were HTTP 500 (a
    UnicodeDecodeError); now each names the file and the byte, and nothing changes."""
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    saved = ledger_dir / BADACEY_FILE
    latin1 = BADACEY.encode("utf-8").replace(b"# The fully", b"# The caf\xe9 fully")
    saved.write_bytes(latin1)
    with sqlite3.connect(ledger_dir / "club.db") as db:
        [(event_id,)] = db.execute("SELECT id FROM events").fetchall()

    picked = client.get(f"/record/event?id={event_id}")
    assert picked.status_code == 400, picked.text
    assert saved.name in picked.json()["error"] and "not UTF-8" in picked.json()["error"]

    status, body = post(client, "/record/save", {"text": BADACEY_EDITED, "replace": True})
    assert saved.name in body["error"] and "not UTF-8" in body["error"], body
    assert saved.read_bytes() == latin1
    assert hands_stored(ledger_dir) == [("004-1", 120)]


def test_a_recorded_folder_that_cannot_be_written_is_a_message(
    client: TestClient, ledger_dir: Path
) -> None:
    """``recorded`` beside the ledger is a file (or a folder the server may not write): the save
    says where it cannot write and stores nothing (before the fix: HTTP 500)."""
    (ledger_dir / "recorded").write_text("not a folder\n", encoding="utf-8")
    status, body = post(client, "/record/save", {"text": BADACEY})
    assert status == 200 and "cannot write" in body["error"], body
    assert str(ledger_dir / "recorded") in body["error"]
    assert hands_stored(ledger_dir) == []


# --- one file per event -------------------------------------------------------------------------


def night(header: str, button: str, other: str, stack: int) -> str:
    return (
        f"game badugi · fixed limit 2/4 · blinds 1/2\n{header}\n\n"
        f"hand 1 · button {button} · {button} {stack} · {other} {stack}\n"
        f"{button} folds\n{other} collects 2\n"
    )


@pytest.mark.parametrize(
    ("first", "second", "name"),
    [
        ('cash "Kitchen Game"', 'cash "Kitchen game!"', "2024-08-02-kitchen-game"),
        ('cash "Пятница"', 'cash "Суббота"', "2024-08-02-event"),
    ],
)
def test_events_whose_names_make_one_file_name_are_saved_to_their_own_files(
    client: TestClient, ledger_dir: Path, first: str, second: str, name: str
) -> None:
    one = night(f"{first} · date 2024-08-02", "Ann", "Ben", 100)
    two = night(f"{second} · date 2024-08-02", "Cara", "Dan", 50)
    status, body = post(client, "/record/save", {"text": one})
    assert body["outcome"] == "saved" and body["file"] == str(ledger_dir / f"recorded/{name}.bhh")
    status, body = post(client, "/record/save", {"text": two})
    assert body["outcome"] == "saved" and body["file"] == str(ledger_dir / f"recorded/{name}-2.bhh")
    assert (ledger_dir / f"recorded/{name}.bhh").read_text(encoding="utf-8") == one
    assert (ledger_dir / f"recorded/{name}-2.bhh").read_text(encoding="utf-8") == two
    # saved again, each night goes back to its own file
    assert post(client, "/record/save", {"text": one})[1]["file"].endswith(f"{name}.bhh")
    assert post(client, "/record/save", {"text": two})[1]["file"].endswith(f"{name}-2.bhh")
    with sqlite3.connect(ledger_dir / "club.db") as db:
        ids = db.execute("SELECT id FROM events ORDER BY id").fetchall()
    texts = [client.get(f"/record/event?id={event_id}").json()["text"] for (event_id,) in ids]
    assert texts == [one, two]
    assert sorted(p.name for p in (ledger_dir / "recorded").iterdir()) == [
        f"{name}-2.bhh",
        f"{name}.bhh",
    ]


def test_a_file_saved_before_under_the_event_name_is_still_the_events(
    client: TestClient, ledger_dir: Path
) -> None:
    from badugi_ledger.ledger.importing import import_paths
    from badugi_ledger.ledger.store import ledger_at

    one = night("cash Conf2 · date 2024-08-01", "Ann", "Ben", 100)
    path = ledger_dir / CONF2_FILE
    path.parent.mkdir()
    path.write_text(one, encoding="utf-8")
    with ledger_at(ledger_dir / "club.db") as ledger:
        assert import_paths(ledger, [path]).ok
    assert event_text(client, ledger_dir) == one
    more = one + "\nhand 2 · button Ben · Ann 99 · Ben 101\nBen folds\nAnn collects 2\n"
    status, body = post(client, "/record/save", {"text": more})
    assert (body["outcome"], body["file"], body["stored"]) == ("saved", str(path), 1), body
    assert [p.name for p in path.parent.iterdir()] == [path.name]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        (
            FOLDED.replace("date 2024-08-01", "date 2024-13-01"),
            "record:2:14: 2024-13-01 is not a date",
        ),
        (
            FOLDED.replace("Ann 100 · Ben 100", "Ann 100 · Ben 100 · Ann 5"),
            "Ann is seated twice",
        ),
    ],
)
def test_a_text_whose_header_or_first_hand_does_not_read_is_refused_with_checks_lines(
    client: TestClient, ledger_dir: Path, text: str, problem: str
) -> None:
    from badugi_ledger.check import problem_line, problems

    status, body = post(client, "/record/save", {"text": text})
    assert body["outcome"] == "problems", body
    assert any(problem in line for line in body["problems"]), body["problems"]
    path = ledger_dir / "check.bhh"
    path.write_text(text, encoding="utf-8")
    expected = [  # check's own lines, naming the text as the live check does
        problem_line(outcome, p).replace(str(path), "record", 1)
        for outcome in run_check([path], jobs=1).outcomes()
        for p in problems(outcome)
    ]
    assert body["problems"] == expected
    assert not list((ledger_dir / "recorded").iterdir())
    assert hands_stored(ledger_dir) == []


# --- tapping through nights until a player busts --------------------------------------------------

BUSTED_HEADS_UP = """game badeucey · no limit · blinds 2/4
cash Probe 3-1 · date 2024-07-01
hand 1 · button Ann · Ann 10 · Ben 10
Ann raises to 10 all-in
Ben calls 6 all-in
draw: Ben pat
draw: Ann pat
draw: Ben 3
draw: Ann pat
draw: Ben 3
draw: Ann pat
show: Ann mucks
"""

DECK = [rank + suit for rank in "A23456789TJQK" for suit in "cdhs"]
WEIGHTS = {"fold": 1, "call": 4, "raise": 4, "bet": 4, "muck": 0}
"""How often a tapped night picks each kind of option against another (2)."""


def check_says_ok(text: str, folder: Path) -> None:
    """``check`` (what the command runs) passes ``text`` as a file: no problem but warnings."""
    from badugi_ledger.check import problem_line, problems

    path = folder / "tapped.bhh"
    path.write_text(text, encoding="utf-8")
    run = run_check([path], jobs=1)
    found = [
        problem_line(outcome, problem)
        for outcome in run.outcomes()
        for problem in problems(outcome)
        if problem.kind != "warning"
    ]
    assert found == [] and run.all_ok, (found, text)


def test_the_next_hand_is_not_offered_once_fewer_than_two_players_have_chips(
    client: TestClient,
) -> None:
    status, body = post(client, "/record/check", {"text": BUSTED_HEADS_UP})
    assert body["verdict"]["errors"] == 0 and body["next"] is None, body["problems"]
    assert body["next_hand"] is False  # Ann mucked her last chips to Ben
    status, body = post(
        client, "/record/tap", {"text": BUSTED_HEADS_UP, "choice": {"next_hand": True}}
    )
    assert "fewer than two players have chips" in body["error"] and "text" not in body


@pytest.mark.parametrize(
    ("game", "structure", "stakes", "players", "seed"),
    [
        ("badeucey", "no-limit", "2/4", "Ann, Ben", 1),
        ("badugi", "no-limit", "1/2", "Ann, Ben, Cara", 1),
        ("badacey", "pot-limit", "1/2", "Ann, Ben, Cara, Dan", 3),
        ("badugi", "fixed-limit", "2/4", "Ann, Ben, Cara", 4),
        ("badeucey", "half-pot-limit", "1/2", "Ann, Ben, Cara", 1),
        ("badugi", "spread-limit", "1-4", "Ann, Ben, Cara", 1),
    ],
)
def test_tapping_through_a_night_until_players_bust_writes_what_check_passes(
    client: TestClient,
    tmp_path: Path,
    game: str,
    structure: str,
    stakes: str,
    players: str,
    seed: int,
) -> None:
    import random

    rng = random.Random(seed)
    night = {**NEW_NIGHT, "game": game, "structure": structure, "stakes": stakes}
    status, body = post(client, "/record/start", {**night, "players": players, "stacks": "20"})
    text = body["text"]
    seated = len(players.split(", "))
    hands = shown = 0
    used: set[str] = set()
    for _ in range(2000):
        status, checked = post(client, "/record/check", {"text": text})
        assert checked["verdict"]["errors"] == 0, (checked["problems"], text)
        if checked["next"] is not None:
            options = checked["next"]["options"]
            # every hand is shown down (a muck may leave a side pot nobody can win)
            weights = [WEIGHTS.get(o["kind"], 2) for o in options]
            option = rng.choices(options, weights)[0]
            choice: dict[str, object] = {"index": option["index"]}
            if option["min"] is not None:  # a ranged bet or raise: at times all in
                choice["amount"] = rng.choice([option["min"]] * 3 + [option["max"]])
            elif option["kind"] == "draw":
                choice["count"] = rng.randint(1, option["max"])
            elif option["kind"] == "show":
                cards = rng.sample([c for c in DECK if c not in used], 4 if game == "badugi" else 5)
                used.update(cards)
                choice["cards"] = " ".join(cards)
                shown += 1
        elif checked["next_hand"]:
            check_says_ok(text, tmp_path)  # every hand over: the file check passes
            choice = {"next_hand": True}
            hands += 1
            used.clear()
        else:
            break
        status, tapped = post(client, "/record/tap", {"text": text, "choice": choice})
        assert status == 200 and "error" not in tapped, (tapped, choice, text)
        text = tapped["text"]
        assert tapped["check"]["verdict"]["errors"] == 0, (tapped["check"]["problems"], text)
    else:
        pytest.fail("nobody busted in 2000 taps")
    check_says_ok(text, tmp_path)
    assert checked["hands"][-1]["verdict"] == "ok" and checked["next_hand"] is False
    status, body = post(client, "/record/tap", {"text": text, "choice": {"next_hand": True}})
    assert "fewer than two players have chips" in body["error"]
    # play went on after a bust: a hand line lists fewer players than sat down
    listed = [line.count(" · ") - 1 for line in text.splitlines() if line.startswith("hand ")]
    assert len(listed) == hands + 1 and listed[0] == seated
    assert seated == 2 or min(listed) < seated, listed


def counted_by_event(ledger_dir: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(ledger_dir / "club.db") as db:
        return db.execute(
            "SELECT e.name, count(*) FROM counted_hands h JOIN events e ON e.id = h.event_id "
            "GROUP BY e.name ORDER BY e.name"
        ).fetchall()


def test_a_renamed_night_is_never_saved_beside_its_old_name(
    client: TestClient, ledger_dir: Path
) -> None:
    """The night picked up from its file, renamed on the page and saved: its file name follows
    the new name, so the new file's hands would be another event's beside the old file's (the
    night counted twice).  The page says which file the text came from; the old file's hands
    are then left out of the save, conflicts until replaced, as ``import`` treats an edited
    file, and once saved the old file is gone."""
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    loaded = client.get("/record/event?id=1").json()
    assert loaded["file"] == Path(BADACEY_FILE).name
    renamed = loaded["text"].replace("Badacey practice deal", "Badacey practice night")
    assert renamed != loaded["text"]
    status, body = post(client, "/record/save", {"text": renamed, "file": loaded["file"]})
    assert body["outcome"] == "conflict", body
    assert body["stored"] == 0
    [conflict] = body["conflicts"]
    assert "replaces, and not in it" in conflict["differences"][0], conflict
    assert counted_by_event(ledger_dir) == [("Badacey practice deal", 1)]
    assert (ledger_dir / BADACEY_FILE).read_text(encoding="utf-8") == BADACEY

    status, body = post(
        client, "/record/save", {"text": renamed, "file": loaded["file"], "replace": True}
    )
    assert body["outcome"] == "saved", body
    assert counted_by_event(ledger_dir) == [("Badacey practice night", 1)]
    new_file = ledger_dir / "recorded" / body["file_name"]
    assert new_file.read_text(encoding="utf-8") == renamed
    assert [p.name for p in (ledger_dir / "recorded").iterdir()] == [new_file.name]
    # Saved again under its new name: a duplicate, nothing left out.
    status, body = post(client, "/record/save", {"text": renamed, "file": new_file.name})
    assert body["outcome"] == "saved" and body["duplicate"] == 1, body


def test_a_new_night_typed_over_a_saved_nights_text_is_asked_about_before_anything_goes(
    client: TestClient, ledger_dir: Path
) -> None:
    """Last week's night picked up, its name and date changed and its hands typed anew under
    the same numbers: a rename by the page's file, but none of last week's hands is in it as
    it was.  Before, the numbers matched, so no question came first and "replace" voided last
    week's night and removed its file; now the save asks (``dropped``) and leaves both as
    they were."""
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    loaded = client.get("/record/event?id=1").json()
    new_night = BADACEY_EDITED.replace("Badacey practice deal", "Badacey practice night").replace(
        "2024-02-02", "2024-02-09"
    )
    assert new_night != BADACEY_EDITED
    status, body = post(client, "/record/save", {"text": new_night, "file": loaded["file"]})
    assert body["outcome"] == "dropped", body
    assert "start it from the form instead" in body["error"], body
    assert counted_by_event(ledger_dir) == [("Badacey practice deal", 1)]
    assert (ledger_dir / BADACEY_FILE).read_text(encoding="utf-8") == BADACEY


def test_a_renamed_night_saved_again_under_its_old_name_is_refused(
    client: TestClient, ledger_dir: Path
) -> None:
    """A second phone still showing the night as it was, after the first renamed it, saves
    it under its old file name: its hands, voided by the rename, counted again beside the
    renamed night's (twice in the standings), and its old file came back (web-app fuzzing).
    The ledger knows the rename: refused, nothing written."""
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    stale = client.get("/record/event?id=1").json()
    renamed = stale["text"].replace("Badacey practice deal", "Badacey practice night")
    body = post(client, "/record/save", {"text": renamed, "file": stale["file"], "replace": True})[
        1
    ]
    assert body["outcome"] == "saved", body
    saved = sorted(p.name for p in (ledger_dir / "recorded").iterdir())
    status, body = post(
        client,
        "/record/save",
        {"text": stale["text"], "file": stale["file"], "file_stamp": stale.get("file_stamp")},
    )
    assert "outcome" not in body or body["outcome"] != "saved", body
    assert "was renamed" in body.get("error", "") and "the night twice" in body["error"], body
    assert counted_by_event(ledger_dir) == [("Badacey practice night", 1)]
    assert sorted(p.name for p in (ledger_dir / "recorded").iterdir()) == saved


def test_a_phone_saving_a_night_renamed_on_another_is_told_what_to_do_on_the_page(
    client: TestClient, ledger_dir: Path
) -> None:
    """Phone P renames the night (a save of its text under a new name, replaced); phone Q,
    which loaded the night before, saves it under its old name with a hand more.  Refused
    (the night twice otherwise), but in the words of the command line: "import it with
    --renamed-from … --replace", which the page cannot do, and not a word of picking the
    renamed night.  The refusal says the page's way: load the renamed night's file (its
    button), or pick its event, and type there the hands it lacks, which it names."""
    night = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    two, three = (night[: night.index(f"\nhand {n} ")] for n in (3, 4))
    status, first = post(client, "/record/save", {"text": two, "saver": "phone-p"})
    assert first["outcome"] == "saved", first
    loaded = {"file": first["file_name"], "file_stamp": first["file_stamp"]}
    renamed = two.replace("cash Friday game", "cash Friday night")
    assert renamed != two
    body = post(client, "/record/save", {"text": renamed, **loaded, "replace": True})[1]
    assert body["outcome"] == "saved", body
    on_disk = sorted(p.name for p in (ledger_dir / "recorded").iterdir())
    for replace in (False, True):
        sent = {"text": three, **loaded, "saver": "phone-q", "replace": replace}
        status, body = post(client, "/record/save", sent)
        assert body["outcome"] == "renamed" and "can_replace" not in body, body
        assert body["error"] == (
            f"not saved: {first['file_name']} was renamed {on_disk[0]} since this page loaded "
            "it (its night renamed or re-dated on another phone or tab), and the ledger counts "
            "the night from that file now: saved under its old name, this text would count the "
            f"night twice. Load {on_disk[0]} in place of this text (or pick Friday night "
            "(2024-03-01)) to go on with it, and type there what this text adds: hand 3 at "
            "table Kitchen"
        )
        # the page's button loads it: a page served before the rename lists no such event
        assert body["disk_file"] == on_disk[0] and body["disk_text"] == renamed, body
    assert counted_by_event(ledger_dir) == [("Friday night", 2)]
    assert sorted(p.name for p in (ledger_dir / "recorded").iterdir()) == on_disk


def test_two_phones_saving_one_night_at_once_do_not_both_pass_the_file_check(
    ledger_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Both loaded the night's file (one stamp); the first save (a hand added) is held
    between its import and its file's move into place.  The second (two hands added) looked
    at the file meanwhile, found it as loaded and was saved too, and then the first moved its
    file over the second's: the file without a hand the ledger counts from it (web-app
    fuzzing).  One save at a time: the second finds the file changed, and says so."""
    import threading

    from badugi_ledger.web import record_save

    inside, release = threading.Event(), threading.Event()
    first_saved = record_save._saved

    def held(done: object, final: Path) -> object:
        if not inside.is_set():
            inside.set()
            assert release.wait(10)
        return first_saved(done, final)  # type: ignore[arg-type]

    app = create_app(ledger_dir / "club.db")
    night = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Race · date 2026-12-04\n"
    night += "hand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\nBen collects 2\n"
    second_hand = "\nhand 2 · button Ben · Anna · Ben\nBen folds\nAnna collects 2\n"
    third_hand = "\nhand 3 · button Anna · Anna · Ben\nAnna folds\nBen collects 2\n"
    with (
        TestClient(app, base_url="http://127.0.0.1") as one,
        TestClient(app, base_url="http://127.0.0.1") as two,
    ):
        for phone in (one, two):
            assert phone.get("/record").status_code == 200
        body = post(one, "/record/save", {"text": night})[1]
        loaded = {"file": body["file_name"], "file_stamp": body["file_stamp"]}
        monkeypatch.setattr(record_save, "_saved", held)
        answers: dict[str, dict] = {}

        def save(phone: TestClient, name: str, text: str) -> None:
            answers[name] = post(phone, "/record/save", {"text": text, **loaded})[1]

        first = threading.Thread(target=save, args=(one, "one", night + second_hand))
        first.start()
        assert inside.wait(10)
        text = night + second_hand + third_hand
        second = threading.Thread(target=save, args=(two, "two", text))
        second.start()
        second.join(0.5)  # it waits for the first, or (before) went on past the file check
        release.set()
        first.join(10)
        second.join(10)
    assert answers["one"]["outcome"] == "saved", answers
    assert answers["two"]["outcome"] == "changed", answers
    saved = (ledger_dir / "recorded" / loaded["file"]).read_text(encoding="utf-8")
    held = {line.split(" · ")[0] for line in saved.splitlines() if line.startswith("hand ")}
    assert (
        held
        == {f"hand {number}" for number, _ in hands_stored(ledger_dir)}
        == {
            "hand 1",
            "hand 2",
        }
    )


def test_a_renamed_night_is_not_saved_over_another_events_file(
    client: TestClient, ledger_dir: Path
) -> None:
    """Renamed to the name of another night this page saved: that night's file is not
    overwritten (its hands would be left out); the answer says why."""
    other = BADACEY.replace("Badacey practice deal", "Other night")
    other = other.replace("date 2024-02-02", "date 2024-02-09")  # another night, not a copy
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    assert post(client, "/record/save", {"text": other})[1]["outcome"] == "saved"
    status, body = post(client, "/record/save", {"text": other, "file": Path(BADACEY_FILE).name})
    assert "holds this event already" in body["error"], body
    assert counted_by_event(ledger_dir) == [("Badacey practice deal", 1), ("Other night", 1)]
    assert (ledger_dir / BADACEY_FILE).read_text(encoding="utf-8") == BADACEY


@pytest.mark.parametrize("name", ["../club.db", "/etc/passwd", ".saving-x.bhh", "notes.txt", 7])
def test_a_save_names_only_a_file_this_page_saves(client: TestClient, name: object) -> None:
    status, body = post(client, "/record/save", {"text": BADACEY, "file": name})
    assert status == 200 and "error" in body and "outcome" not in body, body


def test_a_save_into_a_void_event_says_its_hands_count_for_nothing(
    client: TestClient, ledger_dir: Path
) -> None:
    from typer.testing import CliRunner

    from badugi_ledger.cli import app

    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    event = "Badacey practice deal"
    voided = CliRunner().invoke(
        app,
        ["void", "--event", event, "--reason", "a practice", "--db", str(ledger_dir / "club.db")],
    )
    assert voided.exit_code == 0, voided.output
    status, body = post(client, "/record/save", {"text": BADACEY_EDITED, "replace": True})
    assert (status, body["outcome"]) == (200, "saved"), body
    assert body["message"].endswith(
        f"its hands of {event} (2024-02-02) count in no figure: that event is void (a practice); "
        "who voided it and when is in the audit (done where the server runs)"
    ), body["message"]
    assert hands_stored(ledger_dir) == []


def test_a_draw_tapped_with_more_cards_than_offered_is_refused(client: TestClient) -> None:
    """``000`` (a Badugi hand is four cards, and at most four may be exchanged): a draw option
    of 1 to 4 cards tapped with five cards typed, and no count, is refused like a count of
    five, not appended as a line ``check`` refuses (``draw-count``); the stand-pat option
    takes no cards."""
    status, body = post(client, "/record/start", {**NEW_NIGHT, "game": "badugi"})
    text = body["text"]
    for kind in ("call", "call", "check"):
        status, checked = post(client, "/record/check", {"text": text})
        index = next(o["index"] for o in checked["next"]["options"] if o["kind"] == kind)
        text = post(client, "/record/tap", {"text": text, "choice": {"index": index}})[1]["text"]
    status, checked = post(client, "/record/check", {"text": text})
    assert checked["next"]["phase"] == "draw 1"
    options = {o["kind"]: o for o in checked["next"]["options"]}
    assert options["draw"]["max"] == 4
    five = "As 2c 3d 4h 5s -> 6s 7s 8s 9s Ts"
    for kind, cards in (("draw", five), ("stand pat", "As 2c -> 6s 7s")):
        choice = {"index": options[kind]["index"], "cards": cards}
        status, body = post(client, "/record/tap", {"text": text, "choice": choice})
        assert status == 200 and "text" not in body, body
        assert body["error"].startswith(f"{options[kind]['player']} may "), body["error"]
    choice = {"index": options["draw"]["index"], "cards": "As 2c -> 6s 7s"}
    status, body = post(client, "/record/tap", {"text": text, "choice": choice})
    assert body["check"]["verdict"]["errors"] == 0, body["check"]["problems"]


def test_a_save_waits_for_the_ledger_outside_the_event_loop(
    client: TestClient, ledger_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A save waits for the ledger's write lock (another import, a second phone) up to the busy
    timeout: in the event loop's thread that wait froze every other page of the server."""
    import asyncio

    from badugi_ledger.web import record

    seen: list[bool] = []
    real = record.save_text

    def save_text(*args: object, **kwargs: object) -> record.Saved:
        try:
            asyncio.get_running_loop()
            seen.append(True)
        except RuntimeError:  # no loop runs in this thread: a worker thread
            seen.append(False)
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(record, "save_text", save_text)
    status, body = post(client, "/record/save", {"text": BADACEY})
    assert body["outcome"] == "saved", body
    assert seen == [False]


def test_a_saved_file_re_saved_as_latin_1_is_named_not_saved_beside(
    client: TestClient, ledger_dir: Path
) -> None:
    """An accent in a comment after the hands, the file re-saved as Latin-1: saving the night
    again once went to a second file of the event (``…-2.bhh``), the first one unreadable."""
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    saved = ledger_dir / BADACEY_FILE
    latin1 = BADACEY.encode("utf-8") + "\n# café au lait\n".encode("latin-1")
    saved.write_bytes(latin1)
    status, body = post(client, "/record/save", {"text": BADACEY})
    assert status == 200 and body.get("outcome") != "saved", body
    assert saved.name in body["error"] and "not UTF-8" in body["error"], body
    assert sorted(p.name for p in saved.parent.iterdir()) == [saved.name]
    assert saved.read_bytes() == latin1


def test_a_tap_made_for_another_player_is_refused_once_the_hand_moved_on(
    client: TestClient,
) -> None:
    """The page sends the player and the action a button was made for: a tap whose text moved
    on meanwhile (a line typed) once gave that option's index to whoever acted now."""
    status, body = post(client, "/record/start", NEW_NIGHT)
    text = body["text"]
    status, checked = post(client, "/record/check", {"text": text})
    first = checked["next"]["player"]
    fold = next(o for o in checked["next"]["options"] if o["kind"] == "fold")
    tapped = {"index": fold["index"], "player": first, "kind": "fold"}
    status, done = post(client, "/record/tap", {"text": text, "choice": tapped})
    assert f"{first} folds" in done["text"], done
    status, late = post(client, "/record/tap", {"text": done["text"], "choice": tapped})
    assert status == 200 and "text" not in late, late
    now = done["check"]["next"]["player"]
    assert late["error"] == (
        f"not added: the hand has moved on since {first}'s fold was offered "
        f"({now} is to act now); tap again"
    )
    status, bad = post(client, "/record/tap", {"text": text, "choice": {**tapped, "player": 3}})
    assert "must name its player" in bad["error"]


def test_a_saved_file_changed_on_disk_since_it_was_loaded_is_not_overwritten(
    client: TestClient, ledger_dir: Path
) -> None:
    """The page sends the stamp of the file it loaded or last saved: a hand typed into the
    file by an editor meanwhile was once overwritten by the page's next save, unseen."""
    status, first = post(client, "/record/save", {"text": BADACEY})
    assert first["outcome"] == "saved" and first["file_stamp"], first
    saved = ledger_dir / BADACEY_FILE
    edited_on_disk = BADACEY + "# a note typed into the file by hand\n"
    saved.write_text(edited_on_disk, encoding="utf-8")
    sent = {"text": BADACEY_EDITED, "file": saved.name, "file_stamp": first["file_stamp"]}
    status, body = post(client, "/record/save", sent)
    assert body["outcome"] == "changed" and body["can_replace"] is True, body
    assert body["error"].startswith(f"not saved: {saved.name} was changed on disk since")
    assert saved.read_text(encoding="utf-8") == edited_on_disk
    assert hands_stored(ledger_dir) == [("004-1", 120)]

    status, body = post(client, "/record/save", {**sent, "replace": True})
    assert body["outcome"] == "saved", body
    assert saved.read_text(encoding="utf-8") == BADACEY_EDITED
    assert hands_stored(ledger_dir) == [("004-1", 96)]
    # unchanged since: the stamp of the last save lets the next one through
    again = {"text": BADACEY_EDITED, "file": saved.name, "file_stamp": body["file_stamp"]}
    assert post(client, "/record/save", again)[1]["outcome"] == "saved"


def test_the_start_form_names_the_nights_currency(client: TestClient, ledger_dir: Path) -> None:
    """A night in money: the form's currency (its amounts in cents) goes into the text; a
    continued event fills it in, and another currency than that event's is refused."""
    from badugi_ledger.ledger.importing import import_text
    from badugi_ledger.ledger.store import ledger_at

    page = client.get("/record").text
    assert '<input name="currency"' in page
    status, body = post(client, "/record/start", {**NEW_NIGHT, "currency": "eur"})
    assert "currency EUR" in body["text"].splitlines()[0], body
    status, body = post(client, "/record/start", {**NEW_NIGHT, "currency": "euro"})
    assert "not a currency code" in body["error"]
    with ledger_at(ledger_dir / "club.db") as ledger:
        assert import_text(ledger, USD_NIGHT, str(ledger_dir / "night.bhh")).stored == 1
        [(event_id,)] = ledger.execute("SELECT id FROM events").fetchall()
    fields = client.get(f"/record/event?id={event_id}").json()["fields"]
    assert fields["currency"] == "USD"
    picked = {**fields, "event_id": str(event_id)}
    status, body = post(client, "/record/start", picked)
    assert "currency USD" in body["text"]
    status, body = post(client, "/record/start", {**picked, "currency": "EUR"})
    assert body["error"].startswith("the event picked is in USD, not EUR"), body


@pytest.mark.parametrize("code", ["JPY", "KWD", "CLF"])
def test_a_currency_not_counted_in_cents_starts_a_night_of_chips_worth_one_unit(
    client: TestClient, ledger_dir: Path, code: str
) -> None:
    """A game of money writes its amounts in cents, which JPY (KWD, CLF…) does not have: the
    form started ``currency JPY``, a text ``check`` refused at line 1.  The night is written as
    the format writes a night in yen (grammar/README.md, ``currency CODE``): chips worth one
    of its units each, so the stakes and stacks typed are in its units; saved and started
    again with the same currency, it goes on."""
    from badugi_ledger.model.errors import ConfigError
    from badugi_ledger.model.money import amounts_in_cents_refusal
    from badugi_ledger.text.night import night_text

    status, body = post(client, "/record/start", {**NEW_NIGHT, "currency": code.lower()})
    text = body["text"]
    game_line, cash_line = text.splitlines()[:2]
    assert "currency" not in game_line, text
    assert cash_line.endswith((f" · chips 1 = 1 {code}", f" · chips 1 = 1.00 {code}")), text
    checked = post(client, "/record/check", {"text": text})[1]
    assert checked["verdict"]["errors"] == 0, checked["problems"]
    ended = text + "Anna folds · Ben folds\n"
    assert post(client, "/record/save", {"text": ended})[1]["outcome"] == "saved"
    with sqlite3.connect(ledger_dir / "club.db") as db:
        events = db.execute("SELECT unit, chip_cents, chip_currency FROM events").fetchall()
    assert events == [("chips", 100, code)]  # settled in the currency, a chip for a unit
    again = post(client, "/record/start", {**NEW_NIGHT, "currency": code})[1]
    assert again.get("text") == ended, again
    with pytest.raises(ConfigError) as refused:
        night_text(["Anna", "Ben"], currency=code)
    assert str(refused.value) == amounts_in_cents_refusal(code)


def test_a_currency_typed_for_a_saved_night_in_another_unit_is_refused_with_the_way(
    client: TestClient, ledger_dir: Path
) -> None:
    """A night this page saved goes on from its file, whose header says what its amounts are.
    A currency typed for it was silently dropped; it is refused now, naming the night's unit
    and the way ``import`` corrects a night's unit (docs/ledger.md, *Units and money*): the
    header corrected, the hands saved again over the old ones.  Blank or the same currency,
    the night goes on; the way the message gives stores the night in its new unit."""
    status, body = post(client, "/record/start", NEW_NIGHT)
    ended = body["text"] + "Anna folds · Ben folds\n"
    assert post(client, "/record/save", {"text": ended})[1]["outcome"] == "saved"
    status, refused = post(client, "/record/start", {**NEW_NIGHT, "currency": "eur"})
    assert status == 200 and "text" not in refused, refused
    assert refused["error"].startswith(
        "Friday game (2024-03-01) is saved in chips (2024-03-01-friday-game.bhh), not EUR: "
        "leave the currency blank to go on with it, or give the night a name of its own."
    ), refused
    way = "write currency EUR on its game line or chips 1 = … EUR on its cash line"
    assert way in refused["error"], refused
    assert refused["error"].endswith("save and replace its hands"), refused
    status, bad = post(client, "/record/start", {**NEW_NIGHT, "currency": "euro"})
    assert "not a currency code" in bad["error"], bad
    status, again = post(client, "/record/start", {**NEW_NIGHT, "currency": ""})
    assert again["text"] == ended, again
    # the way the message gives: the header corrected, saved, the hands replaced
    game_line, rest = again["text"].split("\n", 1)
    in_euros = f"{game_line} · currency EUR\n{rest}"
    saving = {"text": in_euros, "file": again["file"], "file_stamp": again["file_stamp"]}
    status, answer = post(client, "/record/save", saving)
    assert answer["outcome"] == "conflict", answer
    status, answer = post(client, "/record/save", {**saving, "replace": True})
    assert answer["outcome"] == "saved", answer
    with sqlite3.connect(ledger_dir / "club.db") as db:
        units = db.execute(
            "SELECT e.unit FROM counted_hands h JOIN events e ON e.id = h.event_id"
        ).fetchall()
    assert units == [("EUR",)]
    status, now = post(client, "/record/start", {**NEW_NIGHT, "currency": "EUR"})
    assert now["text"] == in_euros and "error" not in now, now
    status, refused = post(client, "/record/start", {**NEW_NIGHT, "currency": "USD"})
    assert refused["error"].startswith("Friday game (2024-03-01) is saved in EUR ("), refused


def test_a_currency_typed_for_a_saved_night_of_valued_chips_is_refused(tmp_path: Path) -> None:
    """Chips valued in EUR (tests/web/fixtures/euro_night.bhh, ``chips 1 = 0.25 EUR``) are not
    amounts in EUR cents: typing EUR for that saved night is refused too, naming its unit as
    the events page does; blank, it goes on."""
    from badugi_ledger.ledger.importing import import_paths
    from badugi_ledger.ledger.store import ledger_at
    from badugi_ledger.web.record_night import event_file, saved_night
    from badugi_ledger.web.record_view import RecordError

    night = {"name": "Euro night", "date": "2024-08-01"}
    with ledger_at(tmp_path / "club.db") as ledger:
        path = event_file(tmp_path, "cash", night["name"], night["date"], ledger)
        path.write_text((WEB_FIXTURES / "euro_night.bhh").read_text("utf-8"), encoding="utf-8")
        assert import_paths(ledger, [path]).ok
        with pytest.raises(RecordError) as refused:
            saved_night({**night, "currency": "EUR"}, tmp_path, ledger)
        assert str(refused.value).startswith(
            "Euro night (2024-08-01) is saved in chips of 0.25 EUR (2024-08-01-euro-night.bhh), "
            "not EUR: leave the currency blank to go on with it, or give the night a name of "
            "its own."
        ), refused.value
        going_on = saved_night(night, tmp_path, ledger)
    assert going_on is not None and going_on["file"] == path.name


def test_a_tournament_picked_in_the_form_is_not_started_as_a_cash_night(
    client: TestClient, ledger_dir: Path
) -> None:
    """The night text is a cash session's: a tournament of the ledger picked and started once
    gave a cash night of the tournament's name, its chips counted as money."""
    from badugi_ledger.ledger.importing import import_text
    from badugi_ledger.ledger.store import ledger_at

    tournament = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8")
    with ledger_at(ledger_dir / "club.db") as ledger:
        assert import_text(ledger, tournament, str(ledger_dir / "t.bhh")).stored > 0
        [(event_id,)] = ledger.execute("SELECT id FROM events").fetchall()
    found = client.get(f"/record/event?id={event_id}").json()
    assert found["note"].endswith("this form starts cash nights.")
    picked = {**NEW_NIGHT, **found["fields"], "event_id": str(event_id)}
    status, body = post(client, "/record/start", picked)
    assert status == 200 and "text" not in body, body
    assert body["error"].startswith("Spring Freezeout is a tournament: this form starts cash")
    status, body = post(client, "/record/start", {**picked, "name": "After the freezeout"})
    assert "\ncash After the freezeout" in body["text"]


def test_a_saved_nights_import_warnings_are_in_the_save_message(tmp_path: Path) -> None:
    """A night saved with something the import only warns of (a carried pot the next night
    takes only in part, a tournament player playing on after busting) says it where the
    organiser reads that the night was saved, not only in the report lines below."""
    from badugi_ledger.ledger.report import FileReport
    from badugi_ledger.web.record_save import _saved

    done = FileReport("n.bhh", 2, 0)
    done.warnings = ["at table 'Back room' hand P1 … 4 chips stay in *carry* for no hand"]
    answer = _saved(done, tmp_path / "n.bhh")
    assert answer.outcome == "saved"
    assert "warning: at table 'Back room'" in answer.data["message"], answer


def test_a_save_whose_answer_was_lost_is_not_taken_for_a_change_on_disk(
    client: TestClient, ledger_dir: Path
) -> None:
    """A save reached the server (the file and the ledger took it) and its answer was lost on
    the way, so the page kept the stamp before it: its next save, the same text and a hand
    more, was refused as "changed on disk since this page loaded it", after every reload
    and restart (web audit).  The change is the page's own last save (the page names itself,
    ``saver``): it is saved.  A change made elsewhere still refuses: an editor's, or another
    page's save - even one that only took a hand out, which the stale page would put back."""
    night = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    one, two, three = (night[: night.index(f"\nhand {n} ")] for n in (2, 3, 4))
    status, first = post(client, "/record/save", {"text": one, "saver": "phone-p"})
    assert first["outcome"] == "saved", first
    saved = ledger_dir / "recorded" / first["file_name"]
    stamp = first["file_stamp"]
    page = {"file": saved.name, "file_stamp": stamp, "saver": "phone-p"}
    lost = post(client, "/record/save", {"text": two, **page})
    assert lost[1]["outcome"] == "saved", lost  # its answer never reached the page
    status, body = post(client, "/record/save", {"text": three, **page})
    assert body["outcome"] == "saved" and body["stored"] == 1 and body["duplicate"] == 2, body
    assert saved.read_text(encoding="utf-8") == three
    # Another page, or the same page unnamed, with the stamp before and a text of its own:
    # refused (the same text as the file's is saved: it changes nothing there).
    for other in ({**page, "saver": "phone-q"}, {**page, "saver": None}):
        own = {"text": three + "\n# a note\n", **other}
        assert post(client, "/record/save", own)[1]["outcome"] == "changed"
    # Phone Q takes hand 3 out (confirmed); phone P, whose answer was lost, saves again.
    last = {"file": saved.name, "file_stamp": body["file_stamp"], "saver": "phone-p"}
    q = {"file": saved.name, "file_stamp": body["file_stamp"], "saver": "phone-q"}
    removed = post(client, "/record/save", {"text": two, "replace": True, **q})[1]
    assert removed["outcome"] == "saved", removed
    assert post(client, "/record/save", {"text": three, **last})[1]["outcome"] == "changed"
    # An editor takes a hand out of the file after P's own save: refused too.
    mine = post(client, "/record/save", {"text": three, "replace": True, **last})[1]
    assert mine["outcome"] == "saved", mine
    saved.write_text(two, encoding="utf-8")
    again = {
        "text": three,
        "file": saved.name,
        "file_stamp": body["file_stamp"],
        "saver": "phone-p",
    }
    assert post(client, "/record/save", again)[1]["outcome"] == "changed"


def test_a_save_of_the_text_the_file_holds_already_is_not_taken_for_a_change_on_disk(
    client: TestClient, ledger_dir: Path
) -> None:
    """Two phones record one night (README.md, the record page: a file changed on disk since
    the page loaded it is not overwritten unless you choose to replace it).  Phone P saves
    hand 3; phone Q, which loaded the night before, typed the same hand 3 and saves: its save
    was refused as "changed on disk", with a red "Replace with this version", although the
    file holds that very text and saving it changes and loses nothing.  It is saved (hand 3
    once, a duplicate), and answers the file's stamp to go on from."""
    night = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    two, three = (night[: night.index(f"\nhand {n} ")] for n in (3, 4))
    status, first = post(client, "/record/save", {"text": two, "saver": "phone-p"})
    assert first["outcome"] == "saved", first
    saved = ledger_dir / "recorded" / first["file_name"]
    loaded = {"file": saved.name, "file_stamp": first["file_stamp"]}
    status, p = post(client, "/record/save", {"text": three, **loaded, "saver": "phone-p"})
    assert p["outcome"] == "saved" and p["stored"] == 1, p
    status, q = post(client, "/record/save", {"text": three, **loaded, "saver": "phone-q"})
    assert q["outcome"] == "saved" and q["stored"] == 0 and q["duplicate"] == 3, q
    assert q["file_stamp"] == p["file_stamp"]
    assert saved.read_text(encoding="utf-8") == three
    assert [n for n, _ in hands_stored(ledger_dir)] == ["1", "2", "3"]
    # a text that differs from the file, even by what it adds, is still refused
    more = {"text": three + "\n# phone Q's note\n", **loaded, "saver": "phone-q"}
    assert post(client, "/record/save", more)[1]["outcome"] == "changed"


def test_a_text_loaded_from_another_nights_file_says_that_night_would_be_left_out(
    client: TestClient, ledger_dir: Path
) -> None:
    """The page sends the file its text came from.  Sent with another night's text (a tab's
    text paired with another tab's file, as the page once kept them), the refusal said the
    new night's file, which did not exist, "already holds hands", and replacing it took the
    other night's hands out of the ledger and removed its file.  It names that night's file
    and what saving would do to it."""
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    friday = Path(BADACEY_FILE).name
    other = BADACEY.replace("Badacey practice deal", "Saturday game").replace(
        "hand 004-1", "hand 7"
    )
    status, body = post(client, "/record/save", {"text": other, "file": friday})
    assert body["outcome"] == "dropped", body
    assert body["error"].startswith(f"not saved: this text was loaded from {friday}"), body
    assert f"takes {friday}'s hands out of the ledger and removes that file" in body["error"]
    assert (ledger_dir / BADACEY_FILE).read_text(encoding="utf-8") == BADACEY


def test_a_saved_file_has_the_mode_of_the_users_files(client: TestClient, ledger_dir: Path) -> None:
    """The page saved every night owner-only (``mkstemp``'s 0600) where the command line
    writes 0644 under the usual umask: a backup or a treasurer's account sharing the folder
    could not read them.  A save over a file keeps that file's mode."""
    import os
    import stat

    mask = os.umask(0o022)
    try:
        assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
        saved = ledger_dir / BADACEY_FILE
        assert stat.S_IMODE(saved.stat().st_mode) == 0o644
        saved.chmod(0o640)
        body = post(client, "/record/save", {"text": BADACEY_EDITED, "replace": True})[1]
        assert body["outcome"] == "saved", body
        assert stat.S_IMODE(saved.stat().st_mode) == 0o640
    finally:
        os.umask(mask)


def test_a_saves_file_left_by_a_killed_server_is_removed_by_a_later_save(
    client: TestClient, ledger_dir: Path
) -> None:
    """A server killed while saving left its hidden temporary file in ``recorded/`` for
    good (web audit: 12 of 15 ``kill -9``).  The next save removes one older than a save can
    take, and leaves a recent one (another server's save going on)."""
    import os
    import time

    from badugi_ledger.ledger.hidden_files import ABANDONED_AFTER

    folder = ledger_dir / "recorded"
    folder.mkdir()
    old, recent = folder / ".saving-0123456789abcdef.bhh", folder / ".saving-fedcba9876543210.bhh"
    for path in (old, recent):
        path.write_text(BADACEY, encoding="utf-8")
    then = time.time() - ABANDONED_AFTER - 60
    os.utime(old, (then, then))
    assert post(client, "/record/save", {"text": BADACEY})[1]["outcome"] == "saved"
    assert sorted(p.name for p in folder.iterdir()) == sorted(
        [recent.name, Path(BADACEY_FILE).name]
    )


def test_a_night_of_money_shows_its_buttons_in_money() -> None:
    """A night in EUR writes its lines in cents (``Cara raises to 100``); its buttons said
    ``calls 75`` beside pots shown as ``1.75`` (web audit: every money night).  A button shows
    its amount as money; the line it adds stays in cents; a range comes in cents with the
    currency, which the page shows as money."""
    from badugi_ledger.web.record_view import checked_view

    text = (
        "game badugi · fixed limit 50/100 · blinds 25/50 · currency EUR\n"
        "cash Euro night · date 2024-08-03\n\n"
        "hand 1 · button Cara · Anna 10000 · Ben 10000 · Cara 10000\n"
        "Cara raises to 100\n"
    )
    view = checked_view(text)["next"]
    assert view["currency"] == "EUR" and view["player"] == "Anna"
    labels = {o["kind"]: o["label"] for o in view["options"]}
    assert labels["call"] == "calls 0.75" and labels["raise"] == "raises to 1.50", labels
    assert [o["line"] for o in view["options"] if o["kind"] == "call"] == ["Anna calls 75"]
    chips = checked_view(text.replace(" · currency EUR", ""))["next"]
    assert chips["currency"] is None
    assert {o["kind"]: o["label"] for o in chips["options"]}["call"] == "calls 75"
