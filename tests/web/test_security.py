"""The web app is safe by default (badugi_ledger/web/security.py): names are shown, never run;
a write must come from a page of the app with its CSRF token; ``--read-only`` refuses writes; a
non-local bind needs the access token; bodies are bounded; every response carries the security
headers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route
from starlette.testclient import TestClient

from badugi_ledger.web.app import create_app
from badugi_ledger.web.security import (
    CSRF_COOKIE,
    MAX_BODY,
    SECURITY_HEADERS,
    TOKEN_COOKIE,
    Guard,
    Policy,
    csrf_token,
    require_write,
)
from tests.web.conftest import LOCAL, SCRIPT_EVENT, SCRIPT_PLAYER, event_id


@pytest.fixture
def client(club_db: Path) -> TestClient:
    return TestClient(create_app(club_db), base_url=LOCAL)


# --- names are text ------------------------------------------------------------------------------


def pages_naming_them(club_db: Path) -> list[str]:
    evil = event_id(club_db, SCRIPT_EVENT)
    return [
        "/events",
        f"/events/{evil}",
        "/players",
        "/standings",
        f"/settle?event={evil}",
        "/settle?season=2024",
    ]


def test_script_in_player_and_event_names_is_shown_escaped(
    client: TestClient, club_db: Path
) -> None:
    escaped_event = "&lt;script&gt;alert(&#39;event&#39;)&lt;/script&gt;"
    escaped_player = "&lt;img src=x onerror=alert(1)&gt;"
    for path in pages_naming_them(club_db):
        page = client.get(path)
        assert page.status_code == 200, path
        assert SCRIPT_PLAYER not in page.text, path
        assert "<script>alert" not in page.text, path
        assert escaped_player in page.text or escaped_event in page.text, path
    assert escaped_event in client.get("/events").text
    assert escaped_player in client.get("/players").text
    # the event page names both: the event as its heading, the player in its hand
    evil = client.get(f"/events/{event_id(club_db, SCRIPT_EVENT)}").text
    assert escaped_event in evil and escaped_player in evil


def test_a_name_in_an_error_message_is_escaped(client: TestClient) -> None:
    page = client.get("/settle", params={"event": "<b>nobody</b>"})
    assert page.status_code == 400
    assert "&lt;b&gt;nobody&lt;/b&gt;" in page.text and "<b>nobody" not in page.text


# --- writes: same origin, CSRF token, read-only --------------------------------------------------


def writer_app(read_only: bool = False) -> Starlette:
    """A bare app behind the guard with one write, to see what reaches a write."""

    async def form(request: Request) -> Response:
        return PlainTextResponse(csrf_token(request))

    async def write(request: Request) -> Response:
        require_write(request)
        async with request.form() as data:
            return PlainTextResponse(f"written {data.get('what')}")

    inner = Starlette(routes=[Route("/form", form), Route("/write", write, methods=["POST"])])
    return Guard(inner, Policy(read_only=read_only))  # type: ignore[return-value]


def test_a_write_with_the_pages_csrf_token_passes() -> None:
    client = TestClient(writer_app(), base_url=LOCAL)
    token = client.get("/form").text
    assert len(token) >= 32 and client.cookies[CSRF_COOKIE] == token
    sent = client.post("/write", data={"csrf_token": token, "what": "a hand"})
    assert sent.status_code == 200 and sent.text == "written a hand"
    by_header = client.post("/write", data={"what": "x"}, headers={"X-CSRF-Token": token})
    assert by_header.status_code == 200
    same_origin = client.post(
        "/write", data={"csrf_token": token, "what": "y"}, headers={"Origin": LOCAL}
    )
    assert same_origin.status_code == 200


@pytest.mark.parametrize(
    ("headers", "field"),
    [
        ({}, None),  # no token at all
        ({}, "wrong-token-wrong-token-wrong-token"),
        ({"Origin": "https://evil.example"}, "GOOD"),  # a page of another site
        ({"Origin": "null"}, "GOOD"),
        ({"Sec-Fetch-Site": "cross-site"}, "GOOD"),
    ],
)
def test_a_cross_site_or_tokenless_post_is_refused(
    headers: dict[str, str], field: str | None
) -> None:
    client = TestClient(writer_app(), base_url=LOCAL)
    token = client.get("/form").text
    data = {"what": "a hand"}
    if field is not None:
        data["csrf_token"] = token if field == "GOOD" else field
    sent = client.post("/write", data=data, headers=headers)
    assert sent.status_code == 403
    assert "written" not in sent.text


def test_a_post_without_the_csrf_cookie_is_refused_even_with_a_token_field() -> None:
    client = TestClient(writer_app(), base_url=LOCAL)
    token = client.get("/form").text
    client.cookies.clear()
    assert client.post("/write", data={"csrf_token": token}).status_code == 403


@pytest.mark.parametrize("short", ["a", "x" * 31])
def test_a_post_with_a_csrf_cookie_too_short_to_be_ours_is_refused_as_without_one(
    short: str,
) -> None:
    """The guard replaces a cookie shorter than the tokens it makes, and checked the write
    against it all the same: a cookie and token of one character were a write it took."""
    client = TestClient(writer_app(), base_url=LOCAL)
    client.cookies.set(CSRF_COOKIE, short)
    sent = client.post("/write", data={"csrf_token": short}, headers={"X-CSRF-Token": short})
    assert sent.status_code == 403 and "written" not in sent.text
    assert "sent no form cookie" in sent.text
    client.cookies.set(CSRF_COOKIE, "x" * 32)
    taken = client.post("/write", data={"csrf_token": "x" * 32})
    assert taken.status_code == 200 and "written" in taken.text


def test_the_real_app_refuses_a_cross_site_post(client: TestClient) -> None:
    token = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/events").text)
    assert token is not None
    sent = client.post(
        "/record/save", data={"csrf_token": token[1]}, headers={"Origin": "https://evil.example"}
    )
    assert sent.status_code == 403
    assert client.post("/record/save", data={}).status_code == 403


def test_read_only_refuses_every_post() -> None:
    client = TestClient(writer_app(read_only=True), base_url=LOCAL)
    token = client.get("/form").text
    sent = client.post("/write", data={"csrf_token": token, "what": "a hand"})
    assert sent.status_code == 403 and "read-only" in sent.text


def test_read_only_app_refuses_a_post_with_a_good_token(club_db: Path) -> None:
    client = TestClient(create_app(club_db, read_only=True), base_url=LOCAL)
    page = client.get("/events")
    assert "read-only" in page.text
    token = client.cookies[CSRF_COOKIE]
    sent = client.post("/record", data={"csrf_token": token})
    assert sent.status_code == 403 and "read-only" in sent.text


GET_ONLY_PAGES = ("/events", "/events/1", "/standings", "/settle", "/players", "/record")
"""Pages of the app that take ``GET`` (and ``HEAD``) only."""


def _allowed(answer: Response | Any) -> set[str]:
    return {m.strip() for m in answer.headers.get("allow", "").split(",") if m.strip()}


@pytest.mark.parametrize("path", GET_ONLY_PAGES)
def test_a_post_to_a_page_of_get_only_is_405_with_allow_whatever_the_cookie(
    client: TestClient, path: str
) -> None:
    """RFC 9110, 15.5.6: a method the target does not take is 405, whose ``Allow`` names the
    ones it does.  The guard refused it 403 ("no form cookie") before the router could say
    so: the answer hung on the cookie, not on the page."""
    without = client.post(path, data={"what": "x"})
    assert without.status_code == 405, without.text
    assert _allowed(without) == {"GET", "HEAD"}
    assert without.headers["x-frame-options"] == "DENY"  # the guard's headers all the same
    client.get("/events")
    token = client.cookies[CSRF_COOKIE]
    with_cookie = client.post(path, data={"csrf_token": token})
    assert (with_cookie.status_code, _allowed(with_cookie)) == (405, {"GET", "HEAD"})
    cross_site = client.post(path, headers={"Origin": "https://evil.example"})
    assert (cross_site.status_code, _allowed(cross_site)) == (405, {"GET", "HEAD"})
    as_json = client.delete(path, headers={"accept": "application/json"})
    assert as_json.status_code == 405 and _allowed(as_json) == {"GET", "HEAD"}
    assert as_json.json() == {"error": "Method Not Allowed"}


@pytest.mark.parametrize("path", ["/record/save", "/record/start", "/record/tap", "/record/check"])
def test_a_page_that_takes_post_still_wants_the_form_cookie_and_token(
    club_db: Path, path: str
) -> None:
    """The 405 of a page of ``GET`` only leaves the guard of every page that takes ``POST``
    as it was: without the cookie, without the token, or from another site, 403."""
    client = TestClient(create_app(club_db), base_url=LOCAL)
    no_cookie = client.post(path, data={"text": ""})
    assert no_cookie.status_code == 403 and "no form cookie" in no_cookie.text
    client.get("/record")
    token = client.cookies[CSRF_COOKIE]
    no_token = client.post(path, data={"text": ""})
    assert no_token.status_code == 403 and "no form token" in no_token.text
    wrong = client.post(path, data={"csrf_token": "x" * 43})
    assert wrong.status_code == 403 and "out of date" in wrong.text
    cross = client.post(
        path, data={"csrf_token": token}, headers={"Origin": "https://evil.example"}
    )
    assert cross.status_code == 403


def test_the_guard_knowing_the_routes_still_checks_a_write_and_its_method() -> None:
    """The bare app behind a guard that knows its routes: its write wants the cookie and the
    token as ever; its page of ``GET`` answers a ``POST`` 405; a path of no page, 404."""

    async def form(request: Request) -> Response:
        return PlainTextResponse(csrf_token(request))

    async def write(request: Request) -> Response:
        require_write(request)
        return PlainTextResponse("written")

    routes = [Route("/form", form), Route("/write", write, methods=["POST"])]
    guarded = Guard(Starlette(routes=routes), Policy(routes=tuple(routes)))
    client = TestClient(guarded, base_url=LOCAL)  # type: ignore[arg-type]
    assert client.post("/write").status_code == 403
    assert client.post("/form").status_code == 405
    assert client.post("/nowhere").status_code == 404
    token = client.get("/form").text
    assert client.post("/write", data={"csrf_token": "y" * 43}).status_code == 403
    assert client.post("/write", data={"csrf_token": token}).text == "written"


def test_require_write_refuses_a_request_the_guard_did_not_check() -> None:
    async def write(request: Request) -> Response:
        require_write(request)
        return PlainTextResponse("written")

    unguarded = TestClient(Starlette(routes=[Route("/w", write, methods=["POST"])]))
    assert unguarded.post("/w").status_code == 403


# --- size ------------------------------------------------------------------------------------


def test_an_oversized_body_gets_413() -> None:
    client = TestClient(writer_app(), base_url=LOCAL)
    token = client.get("/form").text
    big = {"csrf_token": token, "what": "x" * (MAX_BODY + 1)}
    assert client.post("/write", data=big).status_code == 413
    streamed = client.post(
        "/write",
        content=iter([b"what=" + b"x" * MAX_BODY, b"x"]),
        headers={"X-CSRF-Token": token, "Content-Type": "application/x-www-form-urlencoded"},
    )
    assert streamed.status_code == 413
    fits = client.post("/write", data={"csrf_token": token, "what": "x" * 1000})
    assert fits.status_code == 200


def test_the_real_app_bounds_bodies(client: TestClient) -> None:
    assert client.post("/record", content=b"x" * (MAX_BODY + 1)).status_code == 413


# --- who may connect -----------------------------------------------------------------------------


def test_a_non_local_bind_needs_the_token(club_db: Path) -> None:
    token = "s3cret-" + "x" * 30
    app = create_app(club_db, token=token)
    client = TestClient(app, base_url="http://192.168.1.5:8000", follow_redirects=False)
    refused = client.get("/events")
    assert refused.status_code == 403 and "access link" in refused.text
    assert client.get("/events", params={"token": "wrong"}).status_code == 403
    assert client.get("/events", params={"token": "é" * 40}).status_code == 403
    assert client.get("/static/style.css").status_code == 403
    signed = client.get("/events", params={"token": token, "page": "2"})
    assert signed.status_code == 303
    assert signed.headers["location"] == "/events?page=2"  # the token leaves the address bar
    cookie = next(c for c in signed.headers.get_list("set-cookie") if c.startswith(TOKEN_COOKIE))
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert client.get("/events").status_code == 200  # the cookie now carries the token
    other = TestClient(app, base_url="http://192.168.1.5:8000")
    other.cookies.set(TOKEN_COOKIE, "forged")
    assert other.get("/events").status_code == 403


def test_a_local_bind_serves_only_this_machines_names(club_db: Path) -> None:
    app = create_app(club_db)
    for base in (
        "http://127.0.0.1:8000",
        "http://localhost:8000",
        "http://[::1]:8000",
        "http://127.0.0.2:8000",
    ):
        assert TestClient(app, base_url=base).get("/events").status_code == 200, base
    # DNS rebinding: a site's name made to point at 127.0.0.1
    for rebound in ("http://evil.example:8000", "http://127.evil.example:8000"):
        assert TestClient(app, base_url=rebound).get("/events").status_code == 400, rebound
    named = create_app(club_db, hosts=("club.local",))
    assert TestClient(named, base_url="http://club.local:8000").get("/events").is_success


def test_every_response_has_the_security_headers(client: TestClient) -> None:
    for path in ("/events", "/static/style.css", "/no-such-page"):
        headers = client.get(path).headers
        csp = headers["content-security-policy"]
        assert "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert "frame-ancestors 'none'" in csp
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


@pytest.mark.parametrize("accept", ["text/html", "application/json"])
def test_an_unexpected_error_is_answered_with_the_security_headers_and_no_traceback(
    club_db: Path, monkeypatch: pytest.MonkeyPatch, accept: str
) -> None:
    """Starlette answers an exception no handler takes outside every middleware, so its
    plain 500 lacked the guard's headers."""
    from badugi_ledger.web import browse

    def broken(*args: object) -> None:
        raise RuntimeError("a bug's secret detail")

    monkeypatch.setattr(browse, "event_list", broken)
    client = TestClient(create_app(club_db), base_url=LOCAL, raise_server_exceptions=False)
    answer = client.get("/events", headers={"accept": accept})
    assert answer.status_code == 500
    assert "secret detail" not in answer.text and "Traceback" not in answer.text
    assert "Something went wrong" in answer.text
    assert answer.headers["content-type"].startswith(accept)
    assert answer.headers["cache-control"] == "no-store"
    for name, value in SECURITY_HEADERS:
        assert answer.headers[name.decode()] == value.decode()


def test_the_csrf_cookie_is_httponly_and_lax(club_db: Path) -> None:
    first = TestClient(create_app(club_db), base_url=LOCAL).get("/events")
    cookie = first.headers["set-cookie"]
    assert cookie.startswith(CSRF_COOKIE + "=")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie


@pytest.mark.parametrize(
    ("path", "location"),
    [
        ("//evil.example/", "/"),
        ("//evil.example/events", "/"),
        ("/\\evil.example/", "/"),
        ("/%5Cevil.example/", "/"),
        ("/%2F/evil.example/", "/"),
        ("/%09/evil.example/", "/%09/evil.example/"),  # a browser drops a bare tab: //evil…
        ("/events/%0A/x", "/events/%0A/x"),
        ("/http://evil.example/", "/http://evil.example/"),  # a path of this site
        ("/players/Ann%20B", "/players/Ann%20B"),
    ],
)
def test_signing_in_sends_the_browser_on_to_this_site_only(
    club_db: Path, path: str, location: str
) -> None:
    token = "s3cret-" + "x" * 30
    app = create_app(club_db, token=token)
    client = TestClient(app, follow_redirects=False)
    signed = client.get(f"http://192.168.1.5:8000{path}?token={token}")
    assert signed.status_code == 303
    assert signed.headers["location"] == location


@pytest.mark.parametrize(
    ("cookie", "headers", "why"),
    [
        (False, {"X-CSRF-Token": "x" * 43}, "sent no form cookie"),
        (True, {}, "carried no form token"),
        (True, {"X-CSRF-Token": "x" * 43}, "token is out of date"),
        (True, {"X-CSRF-Token": "GOOD", "Origin": "https://evil.example"}, "a page of this"),
    ],
)
def test_a_refused_json_write_says_why_in_json(
    club_db: Path, cookie: bool, headers: dict[str, str], why: str
) -> None:
    """The record page reads its answers as JSON: a refusal in HTML left it only "the server
    answered 403 Forbidden" to show."""
    client = TestClient(create_app(club_db), base_url=LOCAL)
    client.get("/record")
    token = client.cookies[CSRF_COOKIE]
    if not cookie:
        client.cookies.clear()
    sent = client.post(
        "/record/save",
        json={"text": ""},
        headers={k: token if v == "GOOD" else v for k, v in headers.items()},
    )
    assert sent.status_code == 403
    assert sent.headers["content-type"].startswith("application/json")
    assert why in sent.json()["error"]


def test_a_read_only_json_write_says_why_in_json(club_db: Path) -> None:
    client = TestClient(create_app(club_db, read_only=True), base_url=LOCAL)
    client.get("/record")
    sent = client.post(
        "/record/save", json={}, headers={"X-CSRF-Token": client.cookies[CSRF_COOKIE]}
    )
    assert sent.status_code == 403 and "read-only" in sent.json()["error"]


@pytest.mark.parametrize("length", [b"\xb2", b"\xb9\xb9", b"-1", b"1e3", b" 5"])
def test_a_content_length_that_is_no_number_gets_413(length: bytes) -> None:
    """``Content-Length: ²`` (the Latin-1 byte 0xb2, found by fuzzing the app): ``str.isdigit``
    took it for a number and ``int`` raised, a server error instead of an answer.  Sent
    straight to the app (a client library would not send it)."""
    import asyncio
    import threading

    sent: list[dict[str, object]] = []
    scope = {
        "type": "http", "method": "POST", "path": "/write", "query_string": b"",
        "headers": [(b"host", b"127.0.0.1"), (b"content-length", length)],
        "scheme": "http", "server": ("127.0.0.1", 8000), "client": ("127.0.0.1", 1),
        "http_version": "1.1", "root_path": "",
    }  # fmt: skip

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, object]) -> None:
        sent.append(message)

    # a thread of its own: the browser tests may leave an event loop running in this one
    worker = threading.Thread(target=asyncio.run, args=(writer_app()(scope, receive, send),))
    worker.start()
    worker.join()
    assert sent and sent[0]["status"] == 413
