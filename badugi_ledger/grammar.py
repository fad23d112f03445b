"""Loading the Lark grammar of the hand-history format, and naming its terminals in words.

The grammar lives as a plain file in the top-level ``grammar/`` folder so organisers and other
tools can read it.  A wheel carries the same folder as ``badugi_ledger/_grammar`` (see
``pyproject.toml``), so the loader asks :mod:`importlib.resources` first and falls back to the
source tree.  Error messages must say what was expected in words a card player understands, not
Lark's terminal names: :func:`describe_expected` does that translation in one place.

**The analysed grammar ships with the package.**  Analysing the grammar (LALR tables, and
Lark's terminal-collision check when ``interegular`` is installed) costs 0.1-1 s, which every
``check``/``import``/``parse`` run would pay.  :mod:`badugi_ledger.grammar_tables` holds the
result as plain Python literals (Lark's own serialisation, as its standalone tool writes it),
generated from ``grammar/hand_history.lark`` by ``python -m badugi_ledger.grammar`` and
installed with the code, so nothing is ever unpickled and nothing is read from a folder another
user could write.  Its key is a hash of the grammar text, Lark's version and the build options:
when they differ from the running ones (a grammar edited in a source tree, another Lark
release) the parser is built from the grammar instead, as correct and only slower.  A test
(``tests/test_parse_grammar.py``) keeps the shipped tables fresh.  The strict build
(``strict=True``, the test suite's check of the grammar) always analyses the grammar.
"""

from __future__ import annotations

import hashlib
import pprint
import sys
from importlib import resources
from pathlib import Path
from typing import Any

import lark
from lark import Lark
from lark.grammar import Rule
from lark.lexer import TerminalDef

GRAMMAR_FILE = "hand_history.lark"
START_RULES = ("hand", "header")

# Words for the named terminals of grammar/hand_history.lark.
TERMINAL_WORDS: dict[str, str] = {
    "NAME": "a player name",
    "NUMBER": "a number",
    "CARDS": "cards like As 10♦ ?? (?? = a card nobody saw)",
    "HAND_ID": "a hand id",
    "TEXT": "some text",
    "STRING": 'a "quoted text"',
    "GAME_NAME": "a game (badugi, progressive badugi, badacey or badeucey)",
    "WITH_A_BUY": "'with a buy'",
    "ALWAYS": "'always'",
    "CURRENCY": "a currency code like USD, or 'chips'",
    "ODD_CHIP_RULE": "button-left, worst-seat or best-hand",
    "ODD_CHIP_HALF": "badugi or five-card",
    "RESHUFFLE_RULE": "exclude-own or all-discards",
    "YES_NO": "yes or no",
    "QUALIFIER_RANK": "a highest card like 9, 10 or J",
    "DATE": "a date like 2024-03-01",
    "HOUSE_KEY": "a house rule name like odd-chip",
    "HOUSE_VALUE": "a house rule value",
    "ALL_IN": "'all-in'",
    "POST_KIND": "small blind, big blind, sb, bb, ante, dead or straddle",
    "POT": "'pot'",
    "CARRY": "'carry'",
    "RAKED": "'raked'",
    "_ARROW": "'->'",
    "_SEP": "'·' or ';'",
    "_NL": "the end of the line",
    "$END": "the end of the hand",
}


def _packaged_grammar() -> str | None:
    """The grammar as installed inside the package (a wheel), or None in a source tree."""
    try:
        resource = resources.files("badugi_ledger").joinpath("_grammar").joinpath(GRAMMAR_FILE)
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):  # pragma: no cover
        return None
    return None


def source_grammar_path() -> Path:
    """Where the grammar sits in a source checkout (``grammar/`` beside the package)."""
    return Path(__file__).resolve().parent.parent / "grammar" / GRAMMAR_FILE


def grammar_text() -> str:
    """The grammar's text: from the installed package if there, else from the source tree."""
    text = _packaged_grammar()
    if text is not None:
        return text
    return source_grammar_path().read_text(encoding="utf-8")


_BUILD_OPTIONS: dict[str, Any] = {
    "parser": "lalr",
    "lexer": "contextual",
    "start": list(START_RULES),
    "maybe_placeholders": True,
    "propagate_positions": False,  # positions come from the tokens, which is cheaper
}


def build_parser(transformer: Any = None, *, strict: bool = False) -> Lark:
    """A Lark LALR parser for the format; with ``transformer`` it builds values, not trees.

    ``strict=True`` makes Lark refuse any shift/reduce conflict or terminal collision (it needs
    ``interegular``).  The grammar is a fixed file, so the test suite builds it strict once
    (tests/test_parse_grammar.py) and the reader skips the check.  A non-strict parser is
    loaded from the shipped tables when they are this grammar's (see the module docstring).
    """
    text = grammar_text()
    if strict:
        return Lark(text, strict=True, transformer=transformer, **_BUILD_OPTIONS)
    shipped = shipped_parser(transformer, text)
    if shipped is not None:
        return shipped
    return Lark(text, transformer=transformer, **_BUILD_OPTIONS)


# ---------------------------------------------------------------- the shipped tables

TABLES_MODULE = Path(__file__).resolve().parent / "grammar_tables.py"


def tables_key(text: str, lark_version: str = lark.__version__) -> str:
    """What the analysed tables depend on: the grammar text, Lark's version, the options."""
    options = repr(sorted(_BUILD_OPTIONS.items()))
    blob = "\0".join((text, lark_version, options))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]


def shipped_parser(transformer: Any, text: str) -> Lark | None:
    """The parser loaded from :mod:`badugi_ledger.grammar_tables`, or None when those tables
    are not of this grammar, this Lark and these options."""
    from . import grammar_tables

    if tables_key(text) != grammar_tables.KEY:
        return None
    return Lark._load_from_dict(grammar_tables.DATA, grammar_tables.MEMO, transformer=transformer)


def tables_source(text: str) -> str:
    """The source of :mod:`badugi_ledger.grammar_tables` for the grammar ``text``."""
    parser = Lark(text, **_BUILD_OPTIONS)
    data, memo = parser.memo_serialize([TerminalDef, Rule])
    return (
        '"""The analysed hand-history grammar: Lark\'s LALR tables for\n'
        "grammar/hand_history.lark, generated by ``python -m badugi_ledger.grammar`` (see\n"
        ":mod:`badugi_ledger.grammar`); do not edit.  Plain literals, loaded with the code:\n"
        'nothing is unpickled or read from anywhere else."""\n'
        "# ruff: noqa\n"
        "# fmt: off\n"
        "from typing import Any\n\n"
        f"KEY = {tables_key(text)!r}\n"
        f"LARK_VERSION = {lark.__version__!r}\n"
        f"DATA: dict[str, Any] = {pprint.pformat(data, width=100, sort_dicts=False)}\n"
        f"MEMO: dict[Any, Any] = {pprint.pformat(memo, width=100, sort_dicts=False)}\n"
    )


def describe_expected(names: set[str] | frozenset[str], parser: Lark) -> str:
    """Turn Lark terminal names into words: ``{"NAME", "CALLS"}`` -> "a player name or 'calls'"."""
    words: list[str] = []
    keywords: list[str] = []
    for name in names:
        if name in TERMINAL_WORDS:
            words.append(TERMINAL_WORDS[name])
            continue
        try:
            pattern = parser.get_terminal(name).pattern
        except KeyError:
            words.append(name.lower())
            continue
        if pattern.type == "str":
            keywords.append(f"'{pattern.value}'")
        else:
            words.append(name.lower().replace("_", " "))
    items = sorted(set(keywords)) + sorted(set(words))
    if not items:
        return "nothing more"
    if len(items) == 1:
        return items[0]
    return ", ".join(items[:-1]) + " or " + items[-1]


if __name__ == "__main__":  # regenerate the shipped tables after changing the grammar
    TABLES_MODULE.write_text(tables_source(grammar_text()), encoding="utf-8")
    print(f"wrote {TABLES_MODULE}", file=sys.stderr)
