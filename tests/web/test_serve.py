"""``badugi-ledger serve``: prints its address, binds 127.0.0.1 unless told otherwise, makes and
requires an access token on any other address, passes ``--read-only`` on; and no other command
loads the web stack."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.web.security import CSRF_COOKIE
from tests.helpers.paths import EXAMPLES


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """What ``serve`` handed to uvicorn (uvicorn.run replaced: the test starts no server)."""
    import uvicorn

    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda web, **kw: calls.append({"app": web, **kw}))
    return calls


def test_serve_binds_this_machine_by_default(tmp_path: Path, served: list[dict[str, Any]]) -> None:
    db = tmp_path / "club.db"
    done = CliRunner().invoke(app, ["serve", "--db", str(db)])
    assert done.exit_code == 0, done.output
    assert "open http://127.0.0.1:8000/\n" in done.output
    assert "token" not in done.output
    (call,) = served
    assert (call["host"], call["port"]) == ("127.0.0.1", 8000)
    assert TestClient(call["app"], base_url="http://127.0.0.1:8000").get("/events").is_success


def test_serve_on_another_address_prints_and_requires_a_token(
    tmp_path: Path, served: list[dict[str, Any]]
) -> None:
    db = tmp_path / "club.db"
    done = CliRunner().invoke(
        app, ["serve", "--db", str(db), "--host", "0.0.0.0", "--port", "8123"]
    )
    assert done.exit_code == 0, done.output
    found = re.search(r"open http://[^/\s]+:8123/\?token=([A-Za-z0-9_-]{40,})\n", done.output)
    assert found is not None, done.output
    (call,) = served
    assert call["host"] == "0.0.0.0"
    client = TestClient(call["app"], base_url="http://192.168.1.5:8123", follow_redirects=False)
    assert client.get("/events").status_code == 403
    assert client.get(f"/?token={found[1]}").status_code == 303
    assert client.get("/events").status_code == 200
    again = CliRunner().invoke(app, ["serve", "--db", str(db), "--host", "0.0.0.0"])
    assert found[1] not in again.output  # a new token for each run


def test_serve_read_only_refuses_writes(tmp_path: Path, served: list[dict[str, Any]]) -> None:
    db = tmp_path / "club.db"
    CliRunner().invoke(app, ["import", str(EXAMPLES / "000_anna_ben.bhh"), "--db", str(db)])
    done = CliRunner().invoke(app, ["serve", "--db", str(db), "--read-only"])
    assert done.exit_code == 0 and "(read-only)" in done.output
    client = TestClient(served[0]["app"], base_url="http://127.0.0.1")
    client.get("/events")
    sent = client.post("/record", data={"csrf_token": client.cookies[CSRF_COOKIE]})
    assert sent.status_code == 403


def test_serve_read_only_without_a_ledger_is_an_error(
    tmp_path: Path, served: list[dict[str, Any]]
) -> None:
    done = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "none.db"), "--read-only"])
    assert done.exit_code == 1 and "Error: no ledger at" in done.output
    assert served == []


WEB_STACK = ("starlette", "uvicorn", "jinja2", "multipart", "python_multipart", "httpx")


def test_other_commands_do_not_load_the_web_stack(tmp_path: Path) -> None:
    script = (
        "import json, sys\n"
        "from badugi_ledger.cli import main\n"
        f"sys.argv = ['badugi-ledger', 'import', {str(EXAMPLES / 'tournament.bhh')!r}, "
        f"'--db', {str(tmp_path / 'club.db')!r}]\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"print(json.dumps(sorted(m for m in {WEB_STACK!r} if m in sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.strip().splitlines()[-1]) == []


def test_serve_on_a_busy_port_is_a_clear_error(
    tmp_path: Path, served: list[dict[str, Any]]
) -> None:
    """uvicorn itself logs the bind error after the address is printed and exits 3."""
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = CliRunner().invoke(
            app, ["serve", "--db", str(tmp_path / "club.db"), "--port", str(port)]
        )
    assert done.exit_code == 1, done.output
    assert f"Error: cannot listen on 127.0.0.1 port {port}: " in done.output
    assert "another --port" in done.output and "open http" not in done.output
    assert done.exception is None or isinstance(done.exception, SystemExit)
    assert served == []


def test_serve_on_a_busy_port_exits_1_without_a_traceback(tmp_path: Path) -> None:
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "badugi_ledger", "serve", "--db", str(tmp_path / "c.db")]
            + ["--port", str(port)],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and "cannot listen on" in done.stderr
