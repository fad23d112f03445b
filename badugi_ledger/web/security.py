"""What keeps the web app safe by default, in one ASGI middleware and one check.

The app serves a club's money, so every request passes :class:`Guard` before any page runs:

* **Who may connect.**  Bound to this machine (127.0.0.1, the default) only requests naming
  this machine in their ``Host`` header are served, which defeats DNS rebinding (a web page
  whose name is made to point at 127.0.0.1).  Bound anywhere else, ``serve`` makes a random
  access token and every request must carry it: the URL it prints (``/?token=…``) sets an
  ``HttpOnly``, ``SameSite=Lax`` cookie and redirects to the same page without the token,
  as Jupyter does; a request with neither is refused (403).
* **Writes.**  Only ``POST`` (and the other unsafe methods) write, and each must come from a
  page of this app: a cross-site ``Origin`` (or ``Sec-Fetch-Site: cross-site``) is refused,
  and the request must repeat the CSRF token of its cookie, in the form field ``csrf_token``
  or the ``X-CSRF-Token`` header (the double-submit pattern: a page of another site can
  neither read the cookie nor set our header).  The cookies are ``SameSite=Lax``: a browser
  sends them when the organiser follows a link to the ledger from another app (a chat, a
  mail), so a signed-in phone stays signed in and its open pages keep their CSRF token, and
  never with another site's ``POST``.  With ``--read-only`` every unsafe request is refused
  (403) before any page runs, but for the paths that only compute an answer from their body
  (``Policy.computing``: the record page's live check), and the ledger itself is opened
  read-only.  A request no page takes by its method (a ``POST`` to a page of ``GET`` only)
  runs no page and writes nothing: it goes on to the router without these checks, which
  answers 405 with the page's ``Allow`` (or 404), cookie or not (:attr:`Policy.routes`).
* **Size.**  A request body above ``max_body`` bytes (1 MB by default) is refused with 413,
  from its ``Content-Length`` or while it streams in.
* **Headers.**  Every response (an unexpected error's too: :func:`plain_answer`) carries a
  Content-Security-Policy without inline scripts (``script-src 'self'``: all JavaScript lives
  in ``badugi_ledger/static/``), no framing (``frame-ancestors 'none'``),
  ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer`` (a token never
  leaks through a link).

Pages that write call :func:`require_write` first: it repeats the read-only refusal and checks
that the guard did verify this request, so a route mounted outside the guard cannot write.
"""

from __future__ import annotations

import errno
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from http import HTTPStatus
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, urlencode

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.responses import Response
    from starlette.routing import BaseRoute
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

TOKEN_COOKIE = "badugi_ledger_token"
"""The access token's cookie (only when the app requires a token)."""
CSRF_COOKIE = "badugi_ledger_csrf"
"""The cookie whose value every write repeats."""
CSRF_FIELD = "csrf_token"
"""The form field of the CSRF token."""
CSRF_HEADER = "x-csrf-token"
"""The header of the CSRF token (for scripts)."""
MAX_BODY = 1_000_000
"""The largest request body, in bytes."""
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
"""The names of this machine a browser on it may use."""
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; "
    "object-src 'none'"
)
SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
)
STATE_KEY = "badugi_ledger"
"""Where the guard leaves its findings in the request's scope (``scope["state"]``)."""


def is_local(host: str) -> bool:
    """True when ``host`` (as ``--host`` names it) is this machine only.

    >>> is_local("127.0.0.1"), is_local("localhost"), is_local("::1"), is_local("127.0.0.2")
    (True, True, True, True)
    >>> is_local("0.0.0.0"), is_local("127.evil.example"), is_local("192.168.1.5")
    (False, False, False)
    """
    import ipaddress

    if host in LOCAL_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    """A random token (access or CSRF): 32 bytes, URL-safe."""
    return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class Policy:
    """What the guard enforces (one per app)."""

    token: str | None = None
    """The access token every request must carry; None: none (a local bind)."""
    read_only: bool = False
    max_body: int = MAX_BODY
    hosts: tuple[str, ...] = ()
    """Names besides this machine's own (:func:`is_local`) that a ``Host`` header may give when
    no token is required."""
    computing: frozenset[str] = frozenset()
    """Paths whose ``POST`` only computes an answer from its body and changes nothing (the
    live check of the record page): served read-only too, with every other check."""
    routes: tuple[BaseRoute, ...] | None = None
    """The app's routes, read to tell a write from a request no page takes by its method (a
    ``POST`` to a page of ``GET`` only): that one runs no page, so it goes on without the
    write checks to the router, which answers 405 with the page's ``Allow`` (or 404), as it
    answers it with the form cookie.  None: every unsafe request is checked as a write."""


@dataclass
class Verdict:
    """What the guard found about one request (read by pages through :func:`csrf_token`)."""

    csrf_token: str
    read_only: bool
    write_checked: bool = False


def _same(offered: str, secret: str) -> bool:
    """``offered`` equals ``secret``, compared in constant time (any text: never an error)."""
    return secrets.compare_digest(offered.encode("utf-8"), secret.encode("utf-8"))


def whole_number(text: str) -> bool:
    """ASCII digits only: what a number sent to the app (an id, a page, a length) is written
    in.  ``str.isdigit`` also says yes to ``²`` (a Latin-1 header byte), which ``int`` cannot
    read, and ``int`` itself reads `` 1``, ``+1``, ``1_0`` (as 10) and other scripts' digits,
    none of which is the number the page sent."""
    return text.isascii() and text.isdigit()


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _cookies(scope: Scope) -> dict[str, str]:
    from starlette.requests import cookie_parser

    raw = _header(scope, b"cookie")
    return cookie_parser(raw) if raw else {}


def _hostname(host_header: str) -> str:
    """``[::1]:8000`` → ``::1``; ``localhost:8000`` → ``localhost``."""
    if host_header.startswith("["):
        return host_header[1 : host_header.find("]")] if "]" in host_header else host_header
    return host_header.rsplit(":", 1)[0] if host_header.count(":") == 1 else host_header


def _cookie(name: str, value: str, max_age: int) -> bytes:
    return f"{name}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax".encode("latin-1")


def wants_json(scope: Scope) -> bool:
    """Whether the request came from a script that reads JSON (the record page's ``fetch``
    sends and accepts ``application/json``): its refusals are JSON too, so the page can show
    why, where an HTML page would leave it only a status code."""
    accept = _header(scope, b"accept") or ""
    kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
    return "application/json" in accept.lower() or kind == "application/json"


async def _refuse(
    scope: Scope,
    send: Send,
    status: int,
    message: str,
    extra: Iterable[tuple[bytes, bytes]] = (),
) -> None:
    """An answer saying why the request was refused: ``{"error": message}`` to a script that
    reads JSON, else a plain page (no template: nothing of the request is echoed)."""
    headers, body = _refusal(scope, status, message, extra)
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def plain_answer(scope: Scope, status: int, message: str) -> Response:
    """:func:`_refuse`'s answer as a response, with the security headers: for an answer
    made outside the guard (Starlette answers an unexpected exception outside every
    middleware)."""
    from starlette.responses import Response

    headers, body = _refusal(scope, status, message)
    answer = Response(body, status_code=status)
    answer.raw_headers = headers
    return answer


def _refusal(
    scope: Scope, status: int, message: str, extra: Iterable[tuple[bytes, bytes]] = ()
) -> tuple[list[tuple[bytes, bytes]], bytes]:
    """The headers and body of :func:`_refuse`'s answer."""
    import html
    import json

    if wants_json(scope):
        body = json.dumps({"error": message}).encode()
        kind = b"application/json"
    else:
        reason = HTTPStatus(status).phrase
        body = (
            '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{status} {reason}</title></head><body><h1>{status} {reason}</h1>"
            f"<p>{html.escape(message)}</p></body></html>"
        ).encode()
        kind = b"text/html; charset=utf-8"
    headers = [
        (b"content-type", kind),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
        *SECURITY_HEADERS,
        *extra,
    ]
    return headers, body


class BodyTooLarge(Exception):
    """A request body above the limit."""


class Guard:
    """The ASGI middleware of the module docstring, in front of the whole app."""

    def __init__(self, app: ASGIApp, policy: Policy) -> None:
        self.app = app
        self.policy = policy

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = self.policy
        cookies = _cookies(scope)
        set_cookies: list[bytes] = []
        if policy.token is None:
            host = _hostname(_header(scope, b"host") or "")
            if not is_local(host) and host not in policy.hosts:
                await _refuse(scope, send, 400, "This ledger is served to this machine only.")
                return
        else:
            query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
            offered = query.get("token")
            if offered is not None and _same(offered, policy.token):
                del query["token"]
                location = _this_site(scope.get("root_path", "") + scope["path"])
                if query:
                    location += "?" + urlencode(query)
                cookie = _cookie(TOKEN_COOKIE, policy.token, 30 * 24 * 3600)
                await _refuse(
                    scope,
                    send,
                    303,
                    "Signed in: continue to the page.",
                    [(b"location", location.encode()), (b"set-cookie", cookie)],
                )
                return
            if not _same(cookies.get(TOKEN_COOKIE, ""), policy.token):
                await _refuse(
                    scope,
                    send,
                    403,
                    "This ledger needs its access link: open the address that "
                    "badugi-ledger serve printed (it ends in ?token=…).",
                )
                return
        length = _header(scope, b"content-length")
        if length is not None and (not whole_number(length) or int(length) > policy.max_body):
            await _refuse(
                scope, send, 413, f"A request may hold at most {policy.max_body:,} bytes."
            )
            return
        csrf = cookies.get(CSRF_COOKIE, "")
        fresh = len(csrf) < 32  # none, or too short to be one of ours: a new one is sent
        if fresh:
            csrf = new_token()
            set_cookies.append(_cookie(CSRF_COOKIE, csrf, 365 * 24 * 3600))
        verdict = Verdict(csrf, policy.read_only)
        scope.setdefault("state", {})[STATE_KEY] = verdict

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += SECURITY_HEADERS
                headers += [(b"set-cookie", c) for c in set_cookies]
                message = {**message, "headers": headers}
            await send(message)

        if scope["method"] not in SAFE_METHODS:
            if policy.read_only and scope["path"] not in policy.computing:
                await _refuse(
                    scope, send, 403, "This ledger is served read-only: nothing can be changed."
                )
                return
            if not _taken(policy.routes, scope):
                await self.app(scope, receive, send_with_headers)
                return
            if not _same_origin(scope):
                await _refuse(scope, send, 403, "A change must come from a page of this ledger.")
                return
            try:
                body = await _read_body(receive, policy.max_body)
            except BodyTooLarge:
                await _refuse(
                    scope, send, 413, f"A request may hold at most {policy.max_body:,} bytes."
                )
                return
            offered = _header(scope, CSRF_HEADER.encode()) or await _form_token(scope, body)
            refused = _csrf_refusal(None if fresh else csrf, offered)
            if refused is not None:
                await _refuse(scope, send, 403, refused)
                return
            verdict.write_checked = True
            receive = _replay(body)

        await self.app(scope, receive, send_with_headers)


def _taken(routes: tuple[BaseRoute, ...] | None, scope: Scope) -> bool:
    """Whether a route of ``routes`` takes the request ``scope`` by its path and method, as
    the router matches it (True when the routes are not known): one that takes its path by
    other methods only (a page of ``GET``, asked with ``POST``), or no route at all, runs no
    page; the router answers it 405 (its ``Allow`` naming the methods) or 404."""
    from starlette.routing import Match

    if routes is None:
        return True
    return any(route.matches(scope)[0] == Match.FULL for route in routes)


def _csrf_refusal(cookie: str | None, offered: str | None) -> str | None:
    """Why a write's CSRF token is refused (None: it is the cookie's): the browser sent no
    cookie (or one shorter than the guard makes, which it replaces), the request no token, or
    a token of another page or an older cookie."""
    if not cookie:
        return (
            "The browser sent no form cookie (cookies blocked, or cleared since the page "
            "loaded): reload the page, allow its cookies, and send it again."
        )
    if not offered:
        return "The request carried no form token: reload the page and send it again."
    if not _same(offered, cookie):
        return (
            "The form's token is out of date (the page was loaded before the browser's "
            "cookie changed) or came from elsewhere: reload the page and send it again."
        )
    return None


def _this_site(path: str) -> str:
    """The address to send a signed-in browser on to: ``path`` (decoded, as the server got it)
    when it is a path of this site, percent-encoded again so that no tab, newline or backslash
    in it is read by the browser as part of another address; else ``/``: a browser reads
    ``//evil.example/`` and ``/\\evil.example/`` as another site's, as it would a scheme."""
    from urllib.parse import quote

    if not path.startswith("/") or path[1:2] in ("/", "\\"):
        return "/"
    return quote(path, safe="/:@!$&'()*+,;=")


def _same_origin(scope: Scope) -> bool:
    """False for a request a page of another site sent (its ``Origin`` names another host,
    or the browser marks it ``Sec-Fetch-Site: cross-site``/``same-site``)."""
    site = _header(scope, b"sec-fetch-site")
    if site is not None and site not in ("same-origin", "none"):
        return False
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    host = _header(scope, b"host") or ""
    scheme = scope.get("scheme", "http")
    return origin == f"{scheme}://{host}"


async def _read_body(receive: Receive, limit: int) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            break
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise BodyTooLarge
        chunks.append(chunk)
        if not message.get("more_body", False):
            break
    return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    """A ``receive`` that gives the app the body the guard already read."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return {"type": "http.disconnect"}

    return receive


async def _form_token(scope: Scope, body: bytes) -> str | None:
    """The ``csrf_token`` field of a form body (urlencoded or multipart), if any."""
    from starlette.requests import Request

    kind = (_header(scope, b"content-type") or "").split(";")[0].strip().lower()
    if kind not in ("application/x-www-form-urlencoded", "multipart/form-data"):
        return None
    try:
        async with Request(scope, _replay(body)).form() as form:
            value = form.get(CSRF_FIELD)
    except Exception:  # a malformed form: no token, so the write is refused
        return None
    return value if isinstance(value, str) else None


def _verdict(request: Request) -> Verdict | None:
    found = request.scope.get("state", {}).get(STATE_KEY)
    return found if isinstance(found, Verdict) else None


def csrf_token(request: Request) -> str:
    """The CSRF token a form of this page must send back (field :data:`CSRF_FIELD`)."""
    verdict = _verdict(request)
    return verdict.csrf_token if verdict else ""


def read_only(request: Request) -> bool:
    """True when the ledger is served read-only."""
    verdict = _verdict(request)
    return verdict is None or verdict.read_only


def require_write(request: Request) -> None:
    """Refuse (403) a write the app may not make: the ledger is read-only, or the request did
    not pass the guard's checks (method, origin, CSRF token)."""
    from starlette.exceptions import HTTPException

    verdict = _verdict(request)
    if verdict is None or verdict.read_only:
        raise HTTPException(403, "This ledger is served read-only: nothing can be changed.")
    if not verdict.write_checked:
        raise HTTPException(403, "A change must be sent as a form of this ledger (POST).")


def public_url(host: str, port: int, token: str | None) -> str:
    """The address ``serve`` prints: the bound host (when bound to every address, this
    machine's address on the local network, which a phone at the table can open), with the
    access token when there is one.

    >>> public_url("127.0.0.1", 8000, None)
    'http://127.0.0.1:8000/'
    >>> public_url("192.168.1.5", 8080, "abc")
    'http://192.168.1.5:8080/?token=abc'
    """
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + (f"?token={token}" if token else "")


def listen_problem(host: str, port: int) -> str | None:
    """Why ``serve`` cannot listen on ``host``:``port`` (another server holds the port, the
    address is not this machine's), tried before the address is printed; None when it can.

    The socket is bound as uvicorn binds it (``SO_REUSEADDR``) and closed at once: uvicorn
    itself would only log the bind error and exit with status 3.
    """
    import socket

    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as exc:
        return f"cannot listen on {host}: {getattr(exc, 'strerror', None) or exc}"
    family, kind, proto, _, address = found[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            hint = {
                errno.EADDRINUSE: ": another program (another badugi-ledger serve?) listens "
                "there; stop it, or pick another --port",
                errno.EACCES: ": a port below 1024 needs root; pick another --port",
            }.get(exc.errno or 0, "")
            return f"cannot listen on {host} port {port}: {exc.strerror or exc}{hint}"
    return None


def lan_address() -> str:
    """This machine's address on its local network (that of the route out), else its name.

    A UDP socket's ``connect`` only picks the route: nothing is sent.
    """
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): never a real host
            return str(probe.getsockname()[0])
        except OSError:
            return socket.gethostname()
