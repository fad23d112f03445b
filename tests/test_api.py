"""The Python API (docs/api.md): the names of ``badugi_ledger``, each the object its own module
defines, found on first use so that ``import badugi_ledger`` stays cheap; the same names for a
type checker; ``py.typed`` shipped.  docs/api.md's examples run as doctests (pyproject)."""

from __future__ import annotations

import ast
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

import badugi_ledger
from tests.helpers.paths import EXAMPLES

PACKAGE = Path(badugi_ledger.__file__).resolve().parent


def test_importing_the_package_loads_nothing_else() -> None:
    script = (
        "import json, sys\nimport badugi_ledger\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('badugi_ledger') "
        "or m in ('pandas', 'numpy', 'sqlite_utils', 'lark', 'typer'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == ["badugi_ledger"]


@pytest.mark.parametrize("name", badugi_ledger.__all__)
def test_each_public_name_is_its_modules_own_object(name: str) -> None:
    module, attribute = badugi_ledger._HOMES[name]
    home = importlib.import_module(f"badugi_ledger.{module}")
    assert getattr(badugi_ledger, name) is getattr(home, attribute)
    assert name in dir(badugi_ledger)


def test_the_public_names() -> None:
    assert (
        sorted(badugi_ledger._HOMES)
        == badugi_ledger.__all__
        == [
            "StandingsOptions",
            "hands_frame",
            "import_paths",
            "ledger_at",
            "open_ledger",
            "postings_frame",
            "run_check",
            "standings_frame",
        ]
    )


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'open_ledgr'"):
        badugi_ledger.open_ledgr  # noqa: B018


def test_a_type_checker_sees_the_same_names_from_the_same_homes() -> None:
    """The ``if TYPE_CHECKING:`` imports of ``__init__`` name exactly the lazy homes."""
    tree = ast.parse((PACKAGE / "__init__.py").read_text(encoding="utf-8"))
    [block] = [
        node
        for node in tree.body
        if isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING"
    ]
    seen = {
        alias.asname or alias.name: (str(node.module), alias.name)
        for node in block.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert seen == dict(badugi_ledger._HOMES)


def test_the_package_ships_its_type_hints() -> None:
    """hatchling puts every file of the package folder in the wheel, ``py.typed`` with them."""
    assert (PACKAGE / "py.typed").is_file()


def test_library_functions_take_an_open_ledger(tmp_path: Path) -> None:
    """A ledger file opened by the caller: check, import and the three frames work on it, and
    the caller's connection stays open and usable."""
    run = badugi_ledger.run_check([EXAMPLES / "tournament.bhh"], jobs=1)
    assert [o.ok for o in run.outcomes()] == [True, True, True]
    with badugi_ledger.ledger_at(tmp_path / "club.db") as ledger:
        report = badugi_ledger.import_paths(ledger, [EXAMPLES / "tournament.bhh"])
        assert (report.stored, report.ok) == (3, True)
        assert len(badugi_ledger.hands_frame(ledger)) == 3
        assert badugi_ledger.postings_frame(ledger)["amount"].sum() == 0
        options = badugi_ledger.StandingsOptions(kind="tournament")
        table = badugi_ledger.standings_frame(ledger, options)
        assert table["player"].tolist() == ["Kira", "Noor", "Bram"]
        assert ledger.execute("SELECT count(*) FROM hands").fetchone() == (3,)


def test_ledger_at_takes_what_open_ledger_takes(tmp_path: Path) -> None:
    """docs/api.md: ``ledger_at`` is "the same as a context manager that always closes it";
    ``read_only=True`` (a ledger only read, as a report script reads the club's) was a
    ``TypeError`` there, though ``open_ledger`` takes it."""
    import inspect
    import sqlite3

    from badugi_ledger.model.errors import LedgerError

    opened = inspect.signature(badugi_ledger.open_ledger).parameters
    assert set(opened) == set(inspect.signature(badugi_ledger.ledger_at).parameters)
    club = tmp_path / "club.db"
    with badugi_ledger.ledger_at(club) as ledger:
        assert badugi_ledger.import_paths(ledger, [EXAMPLES / "home_session.bhh"]).ok
    with badugi_ledger.ledger_at(club, read_only=True) as ledger:
        assert ledger.execute("SELECT count(*) FROM hands").fetchone() == (4,)
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            ledger.execute("DELETE FROM hands")
    with (
        pytest.raises(LedgerError, match="no ledger at"),
        badugi_ledger.ledger_at(tmp_path / "none.db", read_only=True),
    ):
        pass


def _documented_signatures() -> dict[str, list[str]]:
    """docs/api.md's table of names: each name and the parameters its row writes (``…`` and
    the defaults left out), as ``name(a, b, *, c=…)``."""
    text = (PACKAGE.parent / "docs" / "api.md").read_text(encoding="utf-8")
    rows: dict[str, list[str]] = {}
    for line in text.splitlines():
        if not line.startswith("| `") or "(" not in line.split("`")[1]:
            continue
        call = line.split("`")[1]
        name, _, args = call.partition("(")
        params = [a.strip().split("=")[0] for a in args.rstrip(")").split(",")]
        rows[name] = [p for p in params if p and p not in ("*", "…")]
    return rows


@pytest.mark.parametrize("name", badugi_ledger.__all__)
def test_the_documented_parameters_are_the_functions_own(name: str) -> None:
    """A script that passes a parameter by the name docs/api.md gives it must not meet a
    ``TypeError``: every name the table writes is a parameter of that name, in that order."""
    import inspect

    documented = _documented_signatures()
    assert name in documented, f"docs/api.md's table has no row for {name}"
    actual = list(inspect.signature(getattr(badugi_ledger, name)).parameters)
    written = documented[name]
    assert [p for p in actual if p in written] == written, (name, written, actual)
