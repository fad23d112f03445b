"""Only the command line opens a ledger by its path: every library function takes an open ledger
(a ``sqlite3.Connection``), so a library user decides where the ledger lives, how long it waits
for another writer and when it closes.

The package's modules are read with :mod:`ast`; a call of ``ledger_at`` or ``open_ledger`` (by
name or as an attribute) is allowed only in the command line (``cli/``) and in
``ledger/store.py``, which defines them, and in ``web/common.py``, which opens the ledger the
web app serves (``serve``'s ``--db``).  The web app's pages use that ledger through
``in_ledger(request, work)`` (of ``web/common.py``): no path of their own.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "badugi_ledger"
OPENERS = {"ledger_at", "open_ledger"}
ALLOWED = {
    *(PACKAGE / "cli").glob("*.py"),
    PACKAGE / "ledger" / "store.py",
    PACKAGE / "web" / "common.py",
}


def ledger_openings(source: str, filename: str) -> list[str]:
    """``file:line name`` for each call of a ledger opener in ``source``."""
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
        if name in OPENERS:
            found.append(f"{filename}:{node.lineno} {name}")
    return found


def test_the_scan_finds_an_opening_by_name_and_by_attribute() -> None:
    source = (
        "from .store import ledger_at\n"
        "from . import store\n"
        "def report(path):\n"
        "    with ledger_at(path, create=False) as db:\n"
        "        return store.open_ledger(path)\n"
    )
    assert ledger_openings(source, "m.py") == ["m.py:4 ledger_at", "m.py:5 open_ledger"]
    assert ledger_openings("def f(db):\n    return db.execute('x')\n", "m.py") == []


def test_only_the_cli_opens_a_ledger_by_its_path() -> None:
    found = [
        hit
        for path in sorted(PACKAGE.rglob("*.py"))
        if path not in ALLOWED
        for hit in ledger_openings(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    ]
    assert found == [], "open the ledger in the CLI command and pass it in:\n" + "\n".join(found)
