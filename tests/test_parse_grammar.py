"""The grammar file itself: LALR with no conflicts, no colliding terminals, loadable from the
source tree and from an installed wheel, and every terminal has words for error messages."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from badugi_ledger import grammar

ROOT = Path(__file__).resolve().parent.parent


def test_grammar_is_lalr_without_conflicts_or_colliding_terminals() -> None:
    """Strict mode: a shift/reduce conflict, or two terminals one lexer state tries that can
    match the same text, raises while the parser is built (collision checks use
    ``interegular``, a test dependency in pyproject's ``test`` extra)."""
    import interegular  # noqa: F401  - strict mode silently needs it; fail loudly if missing

    parser = grammar.build_parser(strict=True)
    assert parser.options.strict


def test_grammar_loads_from_the_source_tree() -> None:
    assert grammar.source_grammar_path() == ROOT / "grammar" / "hand_history.lark"
    assert grammar.grammar_text() == (ROOT / "grammar" / "hand_history.lark").read_text("utf-8")


def test_grammar_loads_from_an_installed_wheel_layout(tmp_path: Path) -> None:
    """A wheel has no top-level grammar/ but badugi_ledger/_grammar/ (pyproject force-include)."""
    site = tmp_path / "site"
    shutil.copytree(ROOT / "badugi_ledger", site / "badugi_ledger")
    shutil.copytree(ROOT / "grammar", site / "badugi_ledger" / "_grammar")
    code = (
        "from badugi_ledger import grammar, parse\n"
        "assert not grammar.source_grammar_path().exists(), grammar.source_grammar_path()\n"
        "recs = list(parse.parse_text('hand 1 · button A · A 5 · B 5\\nA folds\\n'))\n"
        "print(type(recs[0]).__name__, grammar.__file__)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["PYTHONPATH"] = str(site)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("HandRecord ")
    assert str(site) in out.stdout


def test_every_named_terminal_has_words() -> None:
    parser = grammar.build_parser()
    named = {t.name for t in parser.terminals if not t.name.startswith("__")}
    named -= {"POT", "CARRY", "RAKED"}  # keywords: shown as 'pot', 'carry', 'raked'
    keywords = {t.name for t in parser.terminals if t.pattern.type == "str"}
    missing = sorted(n for n in named - keywords if n not in grammar.TERMINAL_WORDS)
    assert not missing


def test_describe_expected_speaks_words() -> None:
    parser = grammar.build_parser()
    text = grammar.describe_expected({"NAME", "CARDS", "_NL", "CALLS"}, parser)
    assert text == (
        "'calls', a player name, cards like As 10♦ ?? (?? = a card nobody saw) "
        "or the end of the line"
    )
