"""What ``check`` and ``import`` load, and that loading badugi-ledger leaves a library user's own
modules alone.

sqlite-utils imports pandas and numpy whenever they are installed (≈1 s and ≈100 MB per
process, only to map their value types to column types), so the commands a club runs once per
file never import sqlite-utils: the ledger is a plain ``sqlite3`` connection.  Nothing in the
package may reach that by editing ``sys.modules``; a user who imports sqlite-utils and pandas
next to badugi-ledger, in either order, gets both as they are.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import badugi_ledger
from tests.helpers.paths import CORPUS, EXAMPLES, FIXTURES

PACKAGE = Path(badugi_ledger.__file__).resolve().parent
HEAVY = ("pandas", "numpy", "sqlite_utils")

_RUN_COMMAND = """
import atexit, sys
atexit.register(lambda: print(repr(sorted(m for m in {heavy!r} if m in sys.modules)),
                              file=sys.stderr))
sys.argv = ["badugi-ledger", *{args!r}]
from badugi_ledger.cli import main
main()
"""


def loaded_by(*args: str, among: tuple[str, ...] = HEAVY) -> list[str]:
    """Run ``badugi-ledger ARGS`` in a fresh interpreter: the modules of ``among`` (the heavy
    ones unless told) loaded at its exit."""
    script = _RUN_COMMAND.format(heavy=among, args=list(args))
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return list(ast.literal_eval(done.stderr.strip().splitlines()[-1]))


# What only the web app (``serve``) loads, and Lark (a line of our format the fast reader
# leaves to it: tests/text/test_lark_when_needed.py).
WEB_AND_GRAMMAR = ("jinja2", "starlette", "uvicorn", "lark", "badugi_ledger.web")


def test_check_loads_neither_pandas_nor_sqlite_utils() -> None:
    among = HEAVY + WEB_AND_GRAMMAR
    assert loaded_by("check", str(EXAMPLES / "home_session.bhh"), among=among) == []


# What a one-file ``check`` never needs before its first hand: the reports, the ledger's own
# modules (their choices are spelled in cli/common.py), what only a site's reader yields,
# ``decimal`` (only where money is typed in or written out), ``json`` (only ``--json``, and our
# format's analysed grammar, loaded for a line only Lark reads: the fast path's terminals are
# plain lines), ``csv`` (only CSV output),
# the modules of the other commands (their options are made at their import), ``numbers``
# (only a table's cells are told numbers by it).
NOT_AT_START = (
    "badugi_ledger.cli.ledger",
    "badugi_ledger.cli.reports",
    "badugi_ledger.reports.export",
    "badugi_ledger.reports.standings",
    "badugi_ledger.ledger.prizes",
    "badugi_ledger.ledger.report",
    "badugi_ledger.ledger.connection",
    "badugi_ledger.ledger.schema",
    "badugi_ledger.ledger.store",
    "decimal",
    "numbers",
    "sqlite3",
)


@pytest.mark.parametrize(
    ("name", "also_not"),
    [
        # The words of a mistake (text/hints.py) are loaded at the first mistake found.
        ("text", ("badugi_ledger.sites.common", "csv", "badugi_ledger.text.hints", "json")),
        ("phh", ("json", "tomllib")),
        ("kingsclub", ("json",)),
    ],
)
def test_a_one_file_check_loads_only_what_it_uses(name: str, also_not: tuple[str, ...]) -> None:
    path = {
        "text": EXAMPLES / "000_anna_ben.bhh",
        "phh": FIXTURES / "wikipedia_badugi.phh",
        "kingsclub": CORPUS / "kingsclub" / "Badugi-Limit-USD-30-60-202010.txt",
    }[name]
    assert path.exists(), path
    assert loaded_by("check", str(path), among=NOT_AT_START + also_not) == []


def test_a_check_of_two_files_holding_one_night_loads_no_sqlite(tmp_path: Path) -> None:
    """Two files holding Anna's night: ``check`` tells each hand of the second a copy by the
    import's rule (``model/copies.py``, ``one_hand``), from the rows the import would store
    (``ledger/rows.py``) - with no SQLite, whose modules only a ledger needs."""
    night = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    first, second = tmp_path / "a.bhh", tmp_path / "b.bhh"
    first.write_text(night, encoding="utf-8")
    second.write_text(night, encoding="utf-8")
    among = ("sqlite3", "_sqlite3", "badugi_ledger.ledger.rows")
    assert loaded_by("check", "-j", "1", str(first), str(second), among=among) == [
        "badugi_ledger.ledger.rows"
    ]


_PATTERNS_MADE = """
import atexit, sys
GETTERS = {{
    "badugi_ledger.sources": ("_kingsclub_line", "_phh_line"),
    "badugi_ledger.model.cards": ("_card_pattern", "_run_patterns"),
    "badugi_ledger.model.money": ("_money_pattern", "_currency_pattern"),
    "badugi_ledger.model.escaping": ("_number_pattern", "_markdown_pattern", "surrogate_pattern"),
    "badugi_ledger.text.chunks": ("_hand_id_pattern", "_currency_item", "_first_word"),
    "badugi_ledger.text.line_mistakes": ("_button",),
}}
def made():
    found = []
    for module, names in GETTERS.items():
        loaded = sys.modules.get(module)
        for name in names:
            if loaded is not None and getattr(loaded, name).cache_info().currsize:
                found.append(name)
    print(repr(found), file=sys.stderr)
atexit.register(made)
sys.argv = ["badugi-ledger", *{args!r}]
from badugi_ledger.cli import main
main()
"""


def patterns_made(*args: str) -> list[str]:
    """Run ``badugi-ledger ARGS``: which of the patterns compiled on first use (each one's
    ``functools.cache``'d getter) were compiled by the exit."""
    done = subprocess.run(
        [sys.executable, "-c", _PATTERNS_MADE.format(args=list(args))],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in (0, 1), done.stdout + done.stderr
    return list(ast.literal_eval(done.stderr.strip().splitlines()[-1]))


def test_a_check_of_our_format_compiles_no_pattern_of_other_formats_or_of_errors(
    tmp_path: Path,
) -> None:
    """Telling other formats by a line's shape (KingsClub, PHH), cards not written the usual
    way, money typed in, CSV and Markdown cells, a lone surrogate in JSON written, hints for a
    mistake (a hand's number, a line's first word, a hand line's button, a header's currency):
    a file of our format with no mistake compiles none of their patterns at start."""
    assert patterns_made("check", "-j", "1", str(EXAMPLES / "home_session.bhh")) == []
    # JSON written escapes a lone surrogate (a file name's byte that was not UTF-8).
    assert patterns_made("check", "--json", str(EXAMPLES / "000_anna_ben.bhh")) == [
        "surrogate_pattern"
    ]
    # ... and the check sees a pattern compiled where a file needs it.
    kingsclub = CORPUS / "kingsclub" / "Badugi-Limit-USD-30-60-202010.txt"
    assert "_kingsclub_line" in patterns_made("check", "-j", "1", str(kingsclub))
    phh = patterns_made("check", "-j", "1", str(FIXTURES / "wikipedia_badugi.phh"))
    assert "_phh_line" in phh and "_kingsclub_line" not in phh
    # A misspelt hand line ("hadn 000-1 · button Anna ...") compiles what tells one.
    misspelt = tmp_path / "misspelt.bhh"
    text = (EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8")
    misspelt.write_text(text.replace("hand 000-1", "hadn 000-1"), encoding="utf-8")
    assert {"_button", "_first_word"} <= set(patterns_made("check", "-j", "1", str(misspelt)))


_COMPILES_WHILE_CHECKING = """
import os, sys, sysconfig
package = os.path.dirname(os.path.abspath(sys.argv[1]))
stdlib = os.path.abspath(sysconfig.get_paths()["stdlib"])
where = set()
def hook(event, args):
    # A compile is ours when the first frame out of the standard library's functions
    # (dataclasses, typing, collections...) is in the package; a standard module's own
    # body, or another package, compiles for itself.
    # A module compiled from its source file (no cached bytecode: PYTHONDONTWRITEBYTECODE, a
    # fresh clone) is the import system's work, not code made at run time.
    if event != "compile" or str(args[1]).endswith(".py"):
        return
    frame = sys._getframe(1)
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(package):
            where.add(os.path.relpath(name, package).replace(os.sep, "/"))
            return
        in_stdlib = name.startswith(stdlib) or name.startswith("<")
        if not in_stdlib or (frame.f_code.co_name == "<module>" and name.startswith(stdlib)):
            return
        frame = frame.f_back
sys.addaudithook(hook)
import atexit
atexit.register(lambda: print(repr(sorted(where)), file=sys.stderr))
sys.argv = ["badugi-ledger", "check", "-j", "1", sys.argv[2]]
from badugi_ledger.cli import main
main()
"""

# Modules a one-file check imports that make their classes and patterns without compiling
# anything (no dataclass-generated method, no NamedTuple, no pattern compiled at import that
# the file does not use).  model/cards.py is not among them: ``Card`` is a NamedTuple (its
# tuple behaviour is its interface), which compiles its constructor; nor is replay/pools.py
# (``NightBefore``, a NamedTuple; its ``PoolNight`` compiles nothing: tests/model/test_frozen.py).
COMPILE_NOTHING = (
    "__init__.py",
    "check.py",
    "cli/__init__.py",
    "cli/common.py",
    "cli/hands.py",
    "cli/ledger.py",
    "cli/reports.py",
    "sources.py",
    "file_choice.py",
    "model/errors.py",
    "model/escaping.py",
    "model/events.py",
    "model/frozen.py",
    "model/games.py",
    "model/money.py",
    "model/results.py",
    "model/settings.py",
    "replay/carried.py",
    "replay/slot_times.py",
    "text/chunks.py",
    "text/grammar.py",
    "text/headers.py",
    "text/hints.py",
    "text/lines.py",
    "text/transformer.py",
)


def test_a_check_of_our_format_compiles_nothing_in_these_modules() -> None:
    """Python code compiled at run time (a dataclass's generated methods, a NamedTuple's
    constructor and its string annotations) costs more at every start than reading a hand:
    the modules above compile nothing while a file of our format is checked."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            _COMPILES_WHILE_CHECKING,
            str(PACKAGE / "__init__.py"),
            str(EXAMPLES / "home_session.bhh"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    compiled = ast.literal_eval(done.stderr.strip().splitlines()[-1])
    assert "model/cards.py" in compiled  # the hook sees a module of ours compiling
    assert sorted(set(compiled) & set(COMPILE_NOTHING)) == []
    assert all((PACKAGE / name).is_file() for name in COMPILE_NOTHING)


def test_the_check_of_what_loads_sees_a_module() -> None:
    assert loaded_by("check", "--json", str(EXAMPLES / "000_anna_ben.bhh"), among=("json",)) == [
        "json"
    ]


_COMPILES_WHILE_BUILDING = """
import sys
import typer.main
from badugi_ledger.cli import app
compiled = []
sys.addaudithook(lambda event, args: compiled.append(args[1]) if event == "compile" else None)
typer.main.get_command(app)
print(len(compiled))
"""


def test_building_the_commands_compiles_nothing() -> None:
    """Typer reads every command's annotations at each start: objects, not strings to compile
    (no module of ``cli/`` has ``from __future__ import annotations``)."""
    done = subprocess.run(
        [sys.executable, "-c", _COMPILES_WHILE_BUILDING], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0"]


_COMMANDS_BUILT = """
import atexit, sys
import typer.main
built = []
whole = typer.main.get_command
def get_command(typer_instance):
    group = whole(typer_instance)
    built.append(sorted(group.commands))
    return group
typer.main.get_command = get_command
atexit.register(lambda: print(repr(built), file=sys.stderr))
sys.argv = ["badugi-ledger", *{args!r}]
from badugi_ledger.cli import main
main()
"""


def commands_built(*args: str) -> list[list[str]]:
    """Run ``badugi-ledger ARGS`` through the console entry point: the names of the commands
    in each click group typer built for it."""
    done = subprocess.run(
        [sys.executable, "-c", _COMMANDS_BUILT.format(args=list(args))],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode in (0, 2), done.stdout + done.stderr
    return list(ast.literal_eval(done.stderr.strip().splitlines()[-1]))


def test_a_run_naming_its_command_builds_that_command_alone() -> None:
    """Typer makes a click command of every command and option it holds at each start (about
    a tenth of a one-hand check's instructions for all of them); a run that names its command
    builds that one, and a run naming none (the group's help, a misspelt name) builds all."""
    from badugi_ledger.cli import COMMANDS

    assert commands_built("check", "-j", "1", str(EXAMPLES / "000_anna_ben.bhh")) == [["check"]]
    every = sorted(name for name, _ in COMMANDS)
    assert commands_built("--help") == [every]
    assert commands_built("chek") == [every]


def test_a_group_of_one_command_runs_it_as_the_whole_group_does(tmp_path: Path) -> None:
    """Every command's help, and a usage error, read the same from the group of that command
    alone as from the whole group (the group's options and habits are the same)."""
    from typer.testing import CliRunner

    from badugi_ledger.cli import COMMANDS, _to_run, app

    runner = CliRunner()
    for name, _ in COMMANDS:
        for args in ([name, "--help"], [name, "--no-such-option"]):
            alone = runner.invoke(_to_run(args), args, prog_name="badugi-ledger")
            whole = runner.invoke(app, args, prog_name="badugi-ledger")
            assert (alone.exit_code, alone.output) == (whole.exit_code, whole.output), args
            assert whole.exit_code in (0, 2) and whole.output
    assert _to_run(["--help"]) is app and _to_run(["chek"]) is app and _to_run([]) is app


_KEPT_BY_LINES = """
import atexit, os, sys, tracemalloc
tracemalloc.start()
package = os.path.dirname(os.path.abspath(sys.argv[1]))
def kept():
    stats = tracemalloc.take_snapshot().statistics("filename")
    print(repr({os.path.relpath(s.traceback[0].filename, package): s.size for s in stats
                if s.traceback[0].filename.startswith(package)}), file=sys.stderr)
atexit.register(kept)
sys.argv = ["badugi-ledger", "check", "-j", "1", sys.argv[2]]
from badugi_ledger.cli import main
main()
"""

# What only a showdown loads, on its first use: the shipped table of four-card Badugi values
# (about 0.5 MB) and the slots of their shared value objects.
TABLES_OF_A_SHOWDOWN = ("hands/badugi.py",)


def test_a_one_hand_check_keeps_no_table_its_hand_does_not_use() -> None:
    """A table made at import costs every start (the ranks of every five-card low hand, kept
    for a showdown whose cards are partly unknown, were 4% of a one-hand check's
    instructions): at the exit of a check of one hand shown down, no module of the package
    keeps more than 128 KiB that its own lines allocated, but the Badugi values' table."""
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            _KEPT_BY_LINES,
            str(PACKAGE / "__init__.py"),
            str(EXAMPLES / "000_anna_ben.bhh"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    kept = ast.literal_eval(done.stderr.strip().splitlines()[-1])
    assert kept["hands/badugi.py"] > 512 * 1024  # the check sees the table its showdown read
    large = {name: size for name, size in kept.items() if size > 128 * 1024}
    assert sorted(large) == sorted(TABLES_OF_A_SHOWDOWN), large


def test_import_into_a_new_ledger_and_again_loads_neither(tmp_path: Path) -> None:
    """A new ledger (every migration runs) and a second import into it (every hand a
    duplicate): the same light process."""
    db = str(tmp_path / "club.db")
    for _ in range(2):
        assert loaded_by("import", str(EXAMPLES / "tournament.bhh"), "--db", db) == []


_USER_CODE = """
import json, sys
{first}
{second}
import numpy, pandas, sqlite_utils
db = sqlite_utils.Database(memory=True)
db["t"].insert({{"n": numpy.int64(3), "x": numpy.float32(0.5), "at": pandas.Timestamp(0)}})
print(json.dumps({{
    "columns": {{c.name: c.type for c in db["t"].columns}},
    "real": [type(sys.modules[m]).__name__ for m in ("numpy", "pandas")],
    "frame": len(pandas.DataFrame({{"a": [1, 2]}})),
}}))
"""


@pytest.mark.parametrize("ours_first", [True, False])
def test_a_users_own_sqlite_utils_and_pandas_code_behaves_normally(ours_first: bool) -> None:
    """sqlite-utils' pandas- and numpy-aware insert still knows their types, whichever of the
    two packages the user imports first."""
    ours = (
        "import badugi_ledger.ledger.store, badugi_ledger.ledger.importing, "
        "badugi_ledger.reports.export"
    )
    theirs = "import sqlite_utils, pandas"
    first, second = (ours, theirs) if ours_first else (theirs, ours)
    script = _USER_CODE.format(first=first, second=second)
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {
        "columns": {"n": "INTEGER", "x": "REAL", "at": "TEXT"},
        "real": ["module", "module"],
        "frame": 2,
    }


def _edits_sys_modules(tree: ast.AST) -> list[int]:
    """Lines that assign to, delete from or call a mutating method of ``sys.modules``."""
    mutators = {"pop", "popitem", "update", "setdefault", "clear", "__setitem__", "__delitem__"}
    lines = []
    for node in ast.walk(tree):
        stored = isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store | ast.Del)
        called = isinstance(node, ast.Attribute) and node.attr in mutators
        target = node.value if stored or called else None  # type: ignore[attr-defined]
        if (
            isinstance(target, ast.Attribute)
            and target.attr == "modules"
            and isinstance(target.value, ast.Name)
            and target.value.id == "sys"
        ):
            lines.append(node.lineno)
    return lines


def test_no_module_edits_sys_modules() -> None:
    found = {
        str(path.relative_to(PACKAGE)): lines
        for path in sorted(PACKAGE.rglob("*.py"))
        if (lines := _edits_sys_modules(ast.parse(path.read_text(encoding="utf-8"))))
    }
    assert found == {}


def test_the_sys_modules_check_sees_an_edit() -> None:
    tree = ast.parse(
        "import sys\nsys.modules['pandas'] = None\ndel sys.modules['x']\nsys.modules.pop('y')\n"
    )
    assert _edits_sys_modules(tree) == [2, 3, 4]


def test_a_check_of_phh_files_our_writer_wrote_compiles_no_general_reader(tmp_path: Path) -> None:
    """Files as our writer (and PokerKit) print them, comments included, are read by string
    operations alone: the value-by-value reader (``phh.values``) and ``tomllib`` are never
    imported, so a PHH folder does not pay at every start for their compiled expressions."""
    from badugi_ledger.convert import ConvertedHand, convert_hands

    for k, item in enumerate(convert_hands(EXAMPLES / "home_session.bhh", "phh")):
        assert isinstance(item, ConvertedHand)
        (tmp_path / f"h{k}.phh").write_text(item.text, encoding="utf-8")
    assert len(list(tmp_path.glob("*.phh"))) > 1
    among = ("tomllib", "badugi_ledger.phh.values")
    assert loaded_by("check", "-j", "1", str(tmp_path), among=among) == []
    # ... so does one with comments (as PokerKit's own files have them) ...
    (tmp_path / "h0.phh").write_text("# a comment\n\n" + (tmp_path / "h1.phh").read_text())
    assert loaded_by("check", "-j", "1", str(tmp_path), among=among) == []
    # ... and a file of another layout takes the general reader (the check sees the module).
    (tmp_path / "h0.phh").write_text("_note=1\n" + (tmp_path / "h1.phh").read_text())
    assert loaded_by("check", "-j", "1", str(tmp_path), among=among) == ["badugi_ledger.phh.values"]


_FROZEN_AT_EXIT = """
import atexit, gc, sys
atexit.register(lambda: print(gc.get_freeze_count(), file=sys.stderr))
sys.argv = ["badugi-ledger", *{args!r}]
if sys.argv[1] == "library":
    from badugi_ledger.check import run_check
    list(run_check(sys.argv[2:], jobs=1).lines())
else:
    from badugi_ledger.cli import main
    main()
"""


def test_check_keeps_its_start_up_objects_out_of_the_collector() -> None:
    """The ``check`` command freezes what start-up made (it lives until exit: a collection
    walking it again is wasted); ``run_check`` called by a program leaves its collector be."""
    path = str(FIXTURES / "wikipedia_badugi.phh")
    frozen = []
    for args in (["check", "-j", "1", path], ["library", path]):
        done = subprocess.run(
            [sys.executable, "-c", _FROZEN_AT_EXIT.format(args=args)],
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 0, done.stderr
        frozen.append(int(done.stderr.strip().splitlines()[-1]))
    assert frozen[0] > 10_000 and frozen[1] == 0
