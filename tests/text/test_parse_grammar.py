"""The grammar file itself: LALR with no conflicts, no colliding terminals, loadable from the
source tree and from an installed wheel, and every terminal has words for error messages.  Its
analysed tables ship with it (grammar/hand_history.tables.json): fresh, equal to a new
analysis, used in an installed wheel, and nothing is unpickled from a cache folder."""

from __future__ import annotations

import hashlib
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import lark
import pytest
from lark import Lark

from badugi_ledger.text import chunks, grammar
from tests.helpers.paths import REPO

ROOT = REPO


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
        "from badugi_ledger.text import grammar, parse\n"
        "assert not grammar.source_grammar_path().exists(), grammar.source_grammar_path()\n"
        "recs = list(parse.parse_text('hand 1 · button A · A 5 · B 5\\nA folds\\n'))\n"
        "assert grammar.shipped_parser(None, grammar.grammar_text()) is not None\n"
        "assert grammar.shipped_terminals(grammar.grammar_text()) is not None\n"
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


# ------------------------------------------------------------------ the shipped tables


def _hand_trees(parser: Lark) -> list[object]:
    """Trees of every hand of the examples (no transformer: trees compare by value)."""
    trees: list[object] = []
    for path in sorted((ROOT / "examples").glob("*.bhh")):
        for chunk in path.read_text(encoding="utf-8").split("\nhand ")[1:]:
            body = "hand " + chunk.split("\n\n")[0].rstrip("\n") + "\n"
            lines = [ln for ln in body.splitlines(keepends=True) if not ln.startswith("#")]
            if not any(chunks._LINE_KIND.match(ln) and not ln.startswith("hand") for ln in lines):
                trees.append(parser.parse("".join(lines), start="hand"))
    assert len(trees) > 10
    return trees


def test_the_shipped_tables_are_this_grammars() -> None:
    """hand_history.tables.json must be regenerated (python -m badugi_ledger.text.grammar) whenever
    grammar/hand_history.lark changes; until then every run would analyse the grammar."""
    tables = grammar.shipped_tables()
    assert grammar.tables_key(grammar.grammar_text()) == tables["key"], (
        "grammar/hand_history.lark changed: run python -m badugi_ledger.text.grammar"
    )
    assert lark.__version__ == tables["lark"]
    assert grammar.tables_key(grammar.grammar_text() + "\n") != tables["key"]
    assert grammar.tables_key(grammar.grammar_text(), lark_version="0.0") != tables["key"]


def test_the_shipped_parser_reads_like_a_freshly_analysed_grammar() -> None:
    shipped = grammar.shipped_parser(None, grammar.grammar_text())
    assert shipped is not None
    fresh = Lark(grammar.grammar_text(), **grammar._BUILD_OPTIONS)
    assert _hand_trees(shipped) == _hand_trees(fresh)
    # A grammar the tables were not made from is analysed, never read from them.
    assert grammar.shipped_parser(None, grammar.grammar_text() + "// changed\n") is None


def test_the_shipped_terminals_are_the_grammars() -> None:
    """grammar/hand_history.terminals.txt (the fast path's regular expressions and keywords)
    must be what Lark makes of the grammar; regenerate it with python -m
    badugi_ledger.text.grammar.  Another grammar's terminals are never used."""
    text = grammar.grammar_text()
    shipped = grammar.shipped_terminals(text)
    assert shipped is not None, "grammar changed: run python -m badugi_ledger.text.grammar"
    assert shipped == grammar.lark_terminals(Lark(text, **grammar._BUILD_OPTIONS))
    assert grammar.terminals() == shipped
    assert {"NAME", "CARDS", "HAND_ID", "STRING", "GAME_NAME"} <= set(shipped.patterns)
    assert {"folds", "pot", "limit", "blinds", "all-in"} <= shipped.keywords
    assert grammar.shipped_terminals(text + "// changed\n") is None


def test_the_shipped_terminals_file_is_a_fresh_writing_of_it() -> None:
    """The file is what ``python -m badugi_ledger.text.grammar`` writes now, byte for byte, and
    plain lines that read back as the terminals without ``json``: every value, tabs, line ends,
    backslashes and cards' suit signs included, comes back as Lark's string."""
    text = grammar.grammar_text()
    shipped = (ROOT / "grammar" / grammar.TERMINALS_FILE).read_text("utf-8")
    assert shipped == grammar.terminals_text(text), (
        "stale: run python -m badugi_ledger.text.grammar"
    )
    assert grammar.TERMINALS_FILE.endswith(".txt") and not shipped.lstrip().startswith("{")
    found = grammar.lark_terminals(Lark(text, **grammar._BUILD_OPTIONS))
    assert any("\t" in p for p in found.patterns.values())
    assert any("\n" in p for p in found.patterns.values())
    assert any("\u2663" in p for p in found.patterns.values())
    assert grammar.shipped_terminals(text) == found
    # A line the reader does not know, or a value that is no escaped ASCII, is no terminals.
    checksum = grammar.grammar_checksum(text)
    for spoilt in (shipped + "other line\n", shipped + "keyword \u2663\n"):
        with pytest.raises(ValueError):
            grammar._read_terminals(spoilt, checksum)
    assert grammar._read_terminals(shipped, "00000000") is None


def test_the_terminals_of_an_edited_grammar_come_from_lark(monkeypatch: pytest.MonkeyPatch) -> None:
    """A grammar edited without regenerating the shipped files is read as written: its
    terminals come from Lark (slower, as correct)."""
    edited = grammar.grammar_text().replace('ALWAYS: "always"', 'ALWAYS: "always" | "forever"')
    assert "forever" in edited
    monkeypatch.setattr(grammar, "grammar_text", lambda: edited)
    found = grammar.terminals()
    assert "forever" in found.patterns["ALWAYS"]
    assert found != grammar.shipped_terminals(
        ROOT.joinpath("grammar", "hand_history.lark").read_text("utf-8")
    )


def test_the_strict_build_analyses_the_grammar() -> None:
    assert grammar.build_parser(strict=True).options.strict


def _planted_pickle(marker: Path) -> bytes:
    """A Lark cache file whose pickle, once loaded, writes ``marker``: what another user could
    swap into a cache folder (or link from it) between a safety check and the open."""

    class Payload:
        def __reduce__(self) -> tuple[object, tuple[str, str]]:
            return (open, (str(marker), "w"))

    return b"0" * 64 + b"\n" + pickle.dumps(Payload())


def test_no_run_reads_a_pickle_from_a_cache_folder(tmp_path: Path) -> None:
    """The per-user cache of the analysed grammar was read with pickle.  With XDG_CACHE_HOME
    under a folder others can write, another user could swap the cache folder between the
    safety checks and Lark's open, and the run unpickled their file: the state after such a
    swap (their file at the name the cache used, passing every check on mode and owner, or a
    symbolic link to it) is set up here, and nothing is loaded from it, nor written there."""
    marker = tmp_path / "planted-code-ran"
    theirs = tmp_path / "theirs.lark"
    theirs.write_bytes(_planted_pickle(marker))
    theirs.chmod(0o600)
    text = grammar.grammar_text()
    options = repr(sorted(grammar._BUILD_OPTIONS.items()))
    blob = "\0".join((text, lark.__version__, sys.version, sys.implementation.cache_tag, options))
    name = f"parser-{hashlib.sha256(blob.encode()).hexdigest()[:32]}.lark"
    shared = tmp_path / "shared"  # others may write here: they could swap shared/cache
    home = tmp_path / "home"
    for folder in (shared / "cache" / "badugi-ledger", home / ".cache" / "badugi-ledger"):
        folder.mkdir(parents=True, mode=0o700)
        folder.parent.chmod(0o700)
        (folder / name).write_bytes(_planted_pickle(marker))
        (folder / name).chmod(0o600)
        (folder / "parser-link.lark").symlink_to(theirs)
    shared.chmod(0o777)
    before = sorted(str(p) for p in tmp_path.rglob("*"))
    cli = Path(sys.executable).with_name("badugi-ledger")
    base = {k: v for k, v in os.environ.items() if not k.startswith("BADUGI_LEDGER_")}
    no_xdg = {k: v for k, v in base.items() if k != "XDG_CACHE_HOME"}
    for env in (dict(base, XDG_CACHE_HOME=str(shared / "cache")), dict(no_xdg, HOME=str(home))):
        done = subprocess.run(
            [cli, "check", ROOT / "examples" / "home_session.bhh"],
            env=env,
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        assert not marker.exists()
    assert sorted(str(p) for p in tmp_path.rglob("*")) == before


def test_reading_hands_loads_no_pickle(tmp_path: Path) -> None:
    """Whatever folder the environment names, reading hands unpickles nothing (Lark would
    catch an exception from pickle.load and go on, so the attempt itself is recorded)."""
    code = (
        "import pickle\n"
        "loaded = []\n"
        "def record(*args, **kwargs):\n"
        "    loaded.append(1)\n"
        "    raise EOFError\n"
        "pickle.load = pickle.loads = record\n"
        "from badugi_ledger.text import parse\n"
        "recs = list(parse.parse_text('hand 1 · button A · A 5 · B 5\\nA folds\\n'))\n"
        "print(type(recs[0]).__name__, len(loaded))\n"
    )
    env = {k: v for k, v in os.environ.items() if not k.startswith("BADUGI_LEDGER_")}
    cache = tmp_path / "cache"
    for _ in range(2):  # a first run could have written a cache the second would read
        done = subprocess.run(
            [sys.executable, "-c", code],
            env=dict(env, XDG_CACHE_HOME=str(cache)),
            capture_output=True,
            text=True,
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout == "HandRecord 0\n"


def test_the_words_of_a_terminal_of_choices_name_every_choice() -> None:
    """A mistake at a house rule's value says what may stand there (``TERMINAL_WORDS``): every
    value the grammar takes, so ``reshuffle discards-first`` (grammar/README.md, *House
    rules*) is among them."""
    import re

    text = grammar.grammar_text()
    for terminal in ("ODD_CHIP_RULE", "ODD_CHIP_HALF", "RESHUFFLE_RULE", "YES_NO"):
        (line,) = [row for row in text.splitlines() if row.startswith(f"{terminal}:")]
        choices = re.findall(r'"([^"]+)"', line)
        words = grammar.TERMINAL_WORDS[terminal]
        assert choices and all(choice in words for choice in choices), (terminal, words)
