"""Loading the Lark grammar of the hand-history format, and naming its terminals in words.

The grammar lives as a plain file in the top-level ``grammar/`` folder so organisers and other
tools can read it.  A wheel carries the same folder as ``badugi_ledger/_grammar`` (see
``pyproject.toml``), so the loader asks :mod:`importlib.resources` first and falls back to the
source tree.  Error messages must say what was expected in words a card player understands, not
Lark's terminal names: :func:`describe_expected` does that translation in one place.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from lark import Lark

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


def build_parser(transformer: Any = None, *, strict: bool = False) -> Lark:
    """A Lark LALR parser for the format; with ``transformer`` it builds values, not trees.

    ``strict=True`` makes Lark refuse any shift/reduce conflict or terminal collision (it needs
    ``interegular``).  The grammar is a fixed file, so the test suite builds it strict once
    (tests/test_parse_grammar.py) and the reader skips the check, which halves start-up time.
    """
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer="contextual",
        start=list(START_RULES),
        strict=strict,
        maybe_placeholders=True,
        propagate_positions=False,  # positions come from the tokens, which is cheaper
        transformer=transformer,
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
