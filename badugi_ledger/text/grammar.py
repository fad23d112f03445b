"""Loading the Lark grammar of the hand-history format, and naming its terminals in words.

The grammar lives as a plain file in the top-level ``grammar/`` folder so organisers and other
tools can read it.  A wheel carries the same folder as ``badugi_ledger/_grammar`` (see
``pyproject.toml``), so the loader asks :mod:`importlib.resources` first and falls back to the
source tree.  Error messages must say what was expected in words a card player understands, not
Lark's terminal names: :func:`describe_expected` does that translation in one place.

**The analysed grammar ships with the package.**  Analysing the grammar (LALR tables, and
Lark's terminal-collision check when ``interegular`` is installed) costs 0.1-1 s, which every
``check``/``import``/``parse`` run would pay.  ``grammar/hand_history.tables.json`` holds the
result, Lark's own serialisation of the analysed parser written as JSON, generated from
``grammar/hand_history.lark`` by ``python -m badugi_ledger.text.grammar`` and installed with the
grammar: it loads in milliseconds, is plain data (nothing is ever unpickled), and is read only
from the package itself (never from a folder another user could write).  Its key is a hash of
the grammar text, Lark's version and the build options: when they differ from the running ones
(a grammar edited in a source tree, another Lark release) the parser is built from the grammar
instead, as correct and only slower.  A test (``tests/text/test_parse_grammar.py``) keeps the
shipped tables fresh.  The strict build (``strict=True``, the test suite's check of the
grammar) always analyses the grammar.
"""

from __future__ import annotations

import hashlib
import json
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
    "DECIMAL": "an amount like 2.50",
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


def _packaged(name: str) -> str | None:
    """A file of the grammar folder as installed inside the package (a wheel), or None in a
    source tree."""
    try:
        resource = resources.files("badugi_ledger").joinpath("_grammar").joinpath(name)
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):  # pragma: no cover
        return None
    return None


def source_grammar_path() -> Path:
    """Where the grammar sits in a source checkout (``grammar/`` beside the package)."""
    return Path(__file__).resolve().parents[2] / "grammar" / GRAMMAR_FILE


def _grammar_file(name: str) -> str:
    """A file of the grammar folder: from the installed package if there, else the source."""
    text = _packaged(name)
    if text is not None:
        return text
    return source_grammar_path().with_name(name).read_text(encoding="utf-8")


def grammar_text() -> str:
    """The grammar's text: from the installed package if there, else from the source tree."""
    return _grammar_file(GRAMMAR_FILE)


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
    (tests/text/test_parse_grammar.py) and the reader skips the check.  A non-strict parser is
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

TABLES_FILE = "hand_history.tables.json"
"""The analysed grammar, beside the grammar (``python -m badugi_ledger.text.grammar`` writes it)."""


def tables_key(text: str, lark_version: str = lark.__version__) -> str:
    """What the analysed tables depend on: the grammar text, Lark's version, the options."""
    options = repr(sorted(_BUILD_OPTIONS.items()))
    blob = "\0".join((text, lark_version, options))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]


def shipped_tables() -> dict[str, Any]:
    """The shipped tables: ``key``, ``lark`` (the version that made them), ``data``, ``memo``."""
    tables: dict[str, Any] = json.loads(_grammar_file(TABLES_FILE), object_hook=_from_json)
    return tables


def shipped_parser(transformer: Any, text: str) -> Lark | None:
    """The parser loaded from the shipped tables, or None when they are missing or not of
    this grammar, this Lark and these options."""
    try:
        tables = shipped_tables()
    except (OSError, ValueError):
        return None
    if tables.get("key") != tables_key(text):
        return None
    return Lark._load_from_dict(tables["data"], tables["memo"], transformer=transformer)


def tables_json(text: str) -> str:
    """The shipped tables for the grammar ``text``: Lark's own serialisation of the analysed
    parser, in JSON (tuples and dictionaries with other keys than strings tagged)."""
    data, memo = Lark(text, **_BUILD_OPTIONS).memo_serialize([TerminalDef, Rule])
    tables = {"key": tables_key(text), "lark": lark.__version__, "data": data, "memo": memo}
    return json.dumps(_to_json(tables), ensure_ascii=False, separators=(",", ":")) + "\n"


def _to_json(value: Any) -> Any:
    if isinstance(value, dict):
        if all(isinstance(k, str) for k in value):
            return {k: _to_json(v) for k, v in value.items()}
        return {"<items>": [[_to_json(k), _to_json(v)] for k, v in value.items()]}
    if isinstance(value, tuple):
        return {"<tuple>": [_to_json(v) for v in value]}
    if isinstance(value, list):
        return [_to_json(v) for v in value]
    return value


def _from_json(obj: dict[str, Any]) -> Any:
    if len(obj) == 1 and "<items>" in obj:
        return {k: v for k, v in obj["<items>"]}
    if len(obj) == 1 and "<tuple>" in obj:
        return tuple(obj["<tuple>"])
    return obj


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
    target = source_grammar_path().with_name(TABLES_FILE)
    target.write_text(tables_json(source_grammar_path().read_text("utf-8")), encoding="utf-8")
    print(f"wrote {target}", file=sys.stderr)
