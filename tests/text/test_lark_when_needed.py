"""Our text format is read without Lark unless a line needs it.

Importing Lark (and ``interegular``, which it imports when installed) and loading the analysed
grammar cost more than reading a few hundred hands, so the reader's fast path takes the
grammar's terminals from the file shipped beside the grammar, reads every plain header, hand
and body line itself, and imports Lark only for a line it leaves to Lark.  Each case runs
``badugi-ledger check`` in a fresh interpreter and looks at what it loaded.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from badugi_ledger.simulate.sessions import SimulationOptions, write_simulation
from tests.helpers.paths import EXAMPLES, FIXTURES

LARK = ("lark", "interegular")

_CHECK = """
import atexit, sys
atexit.register(lambda: print(repr(sorted(m for m in {among!r} if m in sys.modules)),
                              file=sys.stderr))
sys.argv = ["badugi-ledger", "check", "-j", "1", *{paths!r}]
from badugi_ledger.cli import main
main()
"""


def check_loads(*paths: Path) -> tuple[str, list[str]]:
    """``badugi-ledger check PATHS`` in a fresh interpreter: what it printed, and which of
    Lark's modules it loaded."""
    script = _CHECK.format(among=LARK, paths=[str(p) for p in paths])
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout, list(ast.literal_eval(done.stderr.strip().splitlines()[-1]))


def _simulated(tmp_path: Path) -> Path:
    path = tmp_path / "night.bhh"
    with path.open("w", encoding="utf-8") as out:
        write_simulation(SimulationOptions(hands=30, players=6, seed=7, ante=1), out)
    return path


def test_checking_a_simulated_text_file_never_imports_lark(tmp_path: Path) -> None:
    path = _simulated(tmp_path)
    assert path.read_text(encoding="utf-8").count("blinds") >= 1  # header lines too
    printed, loaded = check_loads(path)
    assert "30 hands: 30 ok" in printed
    assert loaded == []


def test_checking_the_examples_never_imports_lark_but_for_a_buy() -> None:
    """Real hands and every kind of header line the examples hold (quoted texts, a tournament,
    pot, spread and no limit); only Progressive Badugi with a Buy has a line for Lark."""
    paths = sorted(p for p in EXAMPLES.glob("*.bhh") if p.name != "progressive_with_a_buy.bhh")
    assert len(paths) > 5
    assert check_loads(*paths)[1] == []


def test_checking_a_phh_file_never_imports_lark() -> None:
    printed, loaded = check_loads(FIXTURES / "wikipedia_badugi.phh")
    assert "1 hand: 1 ok" in printed
    assert loaded == []


def test_a_line_only_lark_reads_still_reads(tmp_path: Path) -> None:
    """A line the fast path leaves to Lark (a two-word post kind, "posts none" elsewhere, a
    buy) is read by Lark, loaded then; the check sees the module (the test can fail)."""
    path = tmp_path / "blinds.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 50 · Ben 50\n"
        "Anna posts small blind · Ben posts big blind\n"
        "Anna folds\n"
        "Ben collects 2\n",
        encoding="utf-8",
    )
    printed, loaded = check_loads(path)
    assert "1 hand: 1 ok" in printed
    assert loaded == ["lark"] or loaded == ["interegular", "lark"]


def test_a_syntax_error_is_still_lark_s(tmp_path: Path) -> None:
    """A bad line goes to Lark, which explains it as it always did."""
    path = tmp_path / "bad.bhh"
    path.write_text(
        "blinds 1/2\nhand 1 · button Anna · Anna 50 · Ben 50\nAnna rasies to 4\n",
        encoding="utf-8",
    )
    script = _CHECK.format(among=LARK, paths=[str(path)])
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=300
    )
    assert done.returncode != 0
    assert "bad.bhh:3:6" in done.stdout + done.stderr
    assert "did you mean 'raises'?" in done.stdout + done.stderr
