"""Hostile input at every route of ``badugi-ledger serve``: JSON that is not an object, nested
too deeply, half a UTF-16 pair, wrong types in every field, a tapped option with an amount it
does not take, ids SQLite cannot hold, odd path and query parameters.  Every answer is a 2xx or
4xx with a message; the test client re-raises any exception of the app, so a crash fails here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from badugi_ledger.check import problems, run_check
from badugi_ledger.web.app import create_app
from badugi_ledger.web.record_view import SHOWN_PROBLEMS
from badugi_ledger.web.security import CSRF_COOKIE
from tests.helpers.paths import EXAMPLES
from tests.web.conftest import LOCAL

HOSTILE = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
_DRAW_TEXT: dict[str, tuple[str, int]] = {}
"""A text at a draw, made once."""
POSTS = ("/record/check", "/record/tap", "/record/start", "/record/save")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """A fresh ledger, its app (exceptions re-raised), the CSRF cookie set."""
    db = tmp_path_factory.mktemp("hostile") / "club.db"
    with TestClient(create_app(db), base_url=LOCAL, raise_server_exceptions=True) as test_client:
        assert test_client.get("/record").status_code == 200
        yield test_client


def send(client: TestClient, url: str, body: object = None, raw: bytes | None = None) -> Any:
    """POST ``body`` as JSON (or ``raw`` bytes); the answer, checked to be a 2xx/4xx JSON."""
    headers = {"X-CSRF-Token": client.cookies.get(CSRF_COOKIE, "")}
    if raw is not None:
        headers["content-type"] = "application/json"
        response = client.post(url, content=raw, headers=headers)
    else:
        response = client.post(url, json=body, headers=headers)
    assert 200 <= response.status_code < 500, (url, response.status_code, response.text[:300])
    return response


def error_of(response: Any) -> str:
    data = response.json()
    assert isinstance(data.get("error"), str) and data["error"], data
    return str(data["error"])


def recorded(client: TestClient) -> list[Path]:
    folder = Path(client.app.state.db_path).parent / "recorded"  # type: ignore[attr-defined]
    return sorted(folder.iterdir()) if folder.is_dir() else []


def start_text(client: TestClient, players: str = "Anna,Ben,Cara") -> str:
    body = {"name": "Hostile night", "date": "2024-05-05", "players": players}
    return str(send(client, "/record/start", body).json()["text"])


def tap(client: TestClient, text: str, choice: dict[str, object]) -> Any:
    return send(client, "/record/tap", {"text": text, "choice": choice}).json()


def text_at(client: TestClient, kind: str) -> tuple[str, int]:
    """A text whose next options include ``kind`` (calling through the betting), and its
    index."""
    text = start_text(client)
    for _ in range(30):
        nxt = send(client, "/record/check", {"text": text}).json()["next"]
        assert nxt is not None
        kinds = [o["kind"] for o in nxt["options"]]
        if kind in kinds:
            return text, kinds.index(kind)
        calm = next(k for k in ("check", "call", "stand pat") if k in kinds)
        text = tap(client, text, {"index": kinds.index(calm)})["text"]
    raise AssertionError(f"no {kind} offered")


# --- the body: not JSON, not an object, too deep, half a surrogate pair -------------------------


@pytest.mark.parametrize("url", POSTS)
def test_json_nested_too_deeply_is_refused_with_a_message(client: TestClient, url: str) -> None:
    for raw in (
        b"[" * 100_000 + b"]" * 100_000,
        b'{"text": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
    ):
        assert "nested too deeply" in error_of(send(client, url, raw=raw))


@pytest.mark.parametrize("url", POSTS)
@pytest.mark.parametrize("raw", [b"", b"null", b"[]", b"1", b'"text"', b"{", b"\xff\xfe"])
def test_a_body_that_is_no_json_object_is_refused(client: TestClient, url: str, raw: bytes) -> None:
    assert "JSON" in error_of(send(client, url, raw=raw))


@pytest.mark.parametrize("url", POSTS)
def test_half_a_surrogate_pair_is_refused_and_nothing_is_written(
    client: TestClient, url: str
) -> None:
    """JSON may escape a lone surrogate; no UTF-8 answer or file can hold it (before the fix,
    the check answer and the save crashed encoding it)."""
    for raw in (b'{"text": "hand 1 \\ud800"}', b'{"name": "\\udfff", "players": "A,B"}',
                b'{"text": "x", "choice": {"index": 0, "cards": "\\ud800"}}'):  # fmt: skip
        assert "not valid Unicode" in error_of(send(client, url, raw=raw))
    assert recorded(client) == []


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=8,
)
FIELDS = ("text", "choice", "replace", "name", "date", "game", "structure", "stakes", "stacks",
          "players")  # fmt: skip


@HOSTILE
@given(url=st.sampled_from(POSTS), body=st.dictionaries(st.sampled_from(FIELDS), json_values))
def test_any_types_in_any_field_get_an_answer(client: TestClient, url: str, body: dict) -> None:
    answer = send(client, url, body).json()
    assert isinstance(answer, dict)


def test_a_text_of_one_megabyte_line_gets_a_verdict(client: TestClient) -> None:
    answer = send(client, "/record/check", {"text": "hand 1 · " + "x" * 999_000}).json()
    assert answer["verdict"]["errors"] >= 1
    too_long = send(client, "/record/check", {"text": "x" * 1_000_001})
    assert too_long.status_code == 413 and "at most 1,000,000 bytes" in too_long.text


def test_many_unreadable_lines_get_the_first_problems_and_a_count_of_the_rest(
    client: TestClient, tmp_path: Path
) -> None:
    """Each line ``hand 1`` alone is an unreadable hand with two problems: the page is sent
    the first :data:`SHOWN_PROBLEMS` by line and one line saying how many more, not every
    one after every keystroke; ``check`` of the same file still lists every one (README: "One
    run of check lists every mistake in a file")."""
    lines = 3000
    text = "hand 1\n" * lines
    response = send(client, "/record/check", {"text": text})
    answer = response.json()
    path = tmp_path / "lines.bhh"
    path.write_text(text, encoding="utf-8")
    every = [p for o in run_check([path], jobs=1).outcomes() for p in problems(o)]
    assert len(every) == 2 * lines  # check: each line's two problems
    assert answer["verdict"]["errors"] == len(every)  # the verdict counts every one
    listed = answer["problems"]
    assert len(listed) == SHOWN_PROBLEMS
    assert [p["line"] for p in listed] == sorted(p.pos.line for p in every)[:SHOWN_PROBLEMS]
    assert answer["more_problems"] == len(every) - SHOWN_PROBLEMS
    assert answer["more_text"] == (
        f"and {len(every) - SHOWN_PROBLEMS} more problems after these, down to line {lines}: "
        "run badugi-ledger check on the file for all of them"
    )
    assert len(response.content) < 500 * SHOWN_PROBLEMS  # not ~350 bytes for each problem
    few = send(client, "/record/check", {"text": "hand 1\n"}).json()
    assert len(few["problems"]) == 2 and few["more_problems"] == 0 and few["more_text"] is None


@pytest.mark.parametrize("stacks", ["²", "١٠٠", "1" * 5000, "-5", "1e3", ""])
def test_a_starting_stack_that_is_no_number_of_chips_is_refused(
    client: TestClient, stacks: str
) -> None:
    """Before the fix, "²" (a digit to str.isdigit, not to int) and 5,000 digits crashed."""
    body = {"name": "Night", "players": "Anna,Ben", "stacks": stacks}
    assert "starting stack must be a number" in error_of(send(client, "/record/start", body))


# --- a tapped option ----------------------------------------------------------------------------


def test_a_pat_with_a_huge_amount_is_refused_at_once(client: TestClient) -> None:
    """Before the fix, an amount sent with "stand pat" built a draw of that many unknown cards
    (10**9 of them: gigabytes)."""
    text, pat = text_at(client, "stand pat")
    for amount in (10**9, 3, 10**30):
        assert "only as offered" in tap(client, text, {"index": pat, "amount": amount})["error"]
    assert tap(client, text, {"index": pat})["text"].count("pat") > text.count("pat")


def test_a_fold_or_call_with_another_amount_is_refused(client: TestClient) -> None:
    text, call = text_at(client, "call")
    assert "only as offered" in tap(client, text, {"index": call, "amount": 999})["error"]
    assert "only as offered" in tap(client, text, {"index": 0, "amount": 1})["error"]  # fold


@pytest.mark.parametrize(
    "choice",
    [
        {"index": -1}, {"index": 10**20}, {"index": "0"}, {"index": True}, {"index": 1.0},
        {"index": 2, "amount": "5"}, {"index": 2, "amount": -5}, {"index": 2, "amount": 1.5},
        {"index": 2, "amount": 10**30}, {"index": 1, "cards": "As Ks"}, {"next_hand": "yes"},
        {"player": "Nobody", "index": 99},
    ],
)  # fmt: skip
def test_odd_choices_are_refused_with_a_message(client: TestClient, choice: dict) -> None:
    text = start_text(client)
    answer = tap(client, text, choice)
    assert answer.get("error"), answer


@HOSTILE
@given(choice=st.dictionaries(st.sampled_from(("index", "amount", "count", "cards", "next_hand")),
                              json_values))  # fmt: skip
def test_any_choice_at_a_draw_gets_an_answer(client: TestClient, choice: dict) -> None:
    text, _ = _DRAW_TEXT.setdefault("draw", text_at(client, "draw"))
    answer = tap(client, text, choice)
    assert answer.get("error") or len(answer["text"]) > len(text)


# --- query and path parameters --------------------------------------------------------------------


@pytest.mark.parametrize(
    "query", ["99999999999999999999999", str(2**63), "-1", "0", "abc", "", "%00", "١", "9" * 5000]
)
def test_an_odd_event_id_of_the_form_is_a_message(client: TestClient, query: str) -> None:
    response = client.get(f"/record/event?id={query}")
    assert response.status_code in (400, 404), response.text
    assert response.json()["error"]


@pytest.mark.parametrize(
    "url",
    [
        "/events/abc", "/events/-1", "/events/0", "/events/99999999999999999999999",
        "/events/1?page=-1", "/events/1?page=abc", "/events/1?page=99999999", "/events/%00",
        "/events/1?page=%C2%B2", "/events/1?page=%D9%A3",  # ² (a digit to isdigit, not int), ٣
        "/standings?season=%00", "/standings?season=" + "x" * 10_000, "/standings?season=nope",
        "/settle?event=nope", "/settle?event=%00", "/settle?event=99999999999999999999999",
        "/settle?season=nope", "/players?x=%00", "/static/../app.py", "/static/%00",
        "/events/" + "1" * 4300, "/events/" + "1" * 4301, "/events/00", "/events/%D9%A3",
    ],
)  # fmt: skip
def test_odd_pages_are_answered(client: TestClient, url: str) -> None:
    assert client.get(url).status_code < 500


def test_an_event_id_longer_than_int_reads_is_answered_as_a_shorter_one(
    client: TestClient,
) -> None:
    """The path's id was read by Starlette's ``int`` before the page ran: 4,301 digits were a
    ValueError, a server error with a traceback in the log and without the security headers.
    It is the page of an event the ledger does not hold, as 4,300 digits are."""
    shorter, longer = (client.get("/events/" + "1" * digits) for digits in (4300, 4301))
    assert longer.status_code == shorter.status_code == 404, longer.text
    assert "Not found" in longer.text and "No event 1111" in longer.text
    assert longer.headers["content-security-policy"] == shorter.headers["content-security-policy"]


def test_a_ledger_in_a_folder_whose_name_is_not_utf8(tmp_path: Path) -> None:
    """A ledger served from a folder named in Latin-1 (``café`` with the byte 0xe9): the
    record page showed the folder's path and could not be encoded (a server error).  It shows
    the byte as ``\\udce9``; a save, whose file the ledger would have to name, is refused with
    the reason, nothing written; the other pages and the live check work."""
    folder = tmp_path / "caf\udce9"
    try:
        folder.mkdir()
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system refuses a file name that is not UTF-8")
    with TestClient(create_app(folder / "club.db"), base_url=LOCAL) as client:
        page = client.get("/record")
        assert page.status_code == 200 and "caf\\udce9" in page.text
        night = start_text(client)
        answer = send(client, "/record/save", {"text": night}).json()
        assert "the path of" in answer["error"] and "is not UTF-8 text" in answer["error"]
        assert not (folder / "recorded").exists() or not any((folder / "recorded").iterdir())
        assert send(client, "/record/check", {"text": night}).json()
        for url in ("/events", "/standings", "/settle", "/players"):
            assert client.get(url).status_code == 200


def test_a_saved_night_that_is_a_link_is_saved_through_the_link(tmp_path: Path) -> None:
    """A night's file in ``recorded/`` that links to the club's shared folder (found by the
    hostile-input round): a save renamed its new text over the link, so the link became a
    plain file and the shared night stayed as it was.  The shared file gets the text; the
    link stays a link; nothing else is left in either folder."""
    recorded, shared = tmp_path / "recorded", tmp_path / "shared"
    recorded.mkdir()
    shared.mkdir()
    with TestClient(create_app(tmp_path / "club.db"), base_url=LOCAL) as client:
        client.get("/record")
        night = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
        first = send(client, "/record/save", {"text": night}).json()
        assert first["outcome"] == "saved", first
        saved = recorded / first["file_name"]
        (shared / saved.name).write_bytes(saved.read_bytes())
        saved.unlink()
        saved.symlink_to(shared / saved.name)
        again = send(client, "/record/save", {"text": night + "# the night goes on\n"}).json()
        assert again["outcome"] == "saved", again
    assert saved.is_symlink()
    assert "# the night goes on" in (shared / saved.name).read_text(encoding="utf-8")
    assert [p.name for p in shared.iterdir()] == [saved.name]
    assert [p.name for p in recorded.iterdir()] == [saved.name]


@pytest.mark.parametrize("date", ["../outside/2024-05-05", "2024-05-05/" + "x" * 300, "x" * 300])
def test_a_date_that_is_no_date_is_refused_before_a_file_is_looked_for(
    client: TestClient, date: str
) -> None:
    """The event form's date is part of the night's file name: a date that walks out of
    ``recorded/`` made the page look for (and read) a file there, and a long one was a server
    error (the file name too long).  It is refused as no date, as the night's text refuses it."""
    folder = Path(client.app.state.db_path).parent / "recorded"  # type: ignore[attr-defined]
    folder.mkdir(exist_ok=True)  # (the page has saved a night: the folder is there)
    body = {"name": "Hostile night", "date": date, "players": "Anna,Ben"}
    assert "is not a date written YYYY-MM-DD" in error_of(send(client, "/record/start", body))
