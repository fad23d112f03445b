"""Loading the Lark grammar of the hand-history format, and naming its terminals in words.

The grammar lives as a plain file in the top-level ``grammar/`` folder so organisers and other
tools can read it.  A wheel carries the same folder as ``badugi_ledger/_grammar`` (see
``pyproject.toml``), so the loader looks in the package first (by path, or through
:mod:`importlib.resources` for a zipped package) and falls back to the source tree.  Error
messages must say what was expected in words a card player understands, not Lark's terminal
names: :func:`describe_expected` does that translation in one place.

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

**Most files never need Lark.**  The reader's fast path (:mod:`badugi_ledger.text.plainlines`)
reads the plain lines - nearly all of them - with regular expressions made of the grammar's
own terminals.  Those terminals ship too, beside the tables:
``grammar/hand_history.terminals.txt`` (the same command writes it) holds every terminal's
regular expression, as Lark compiles it, and the grammar's literal words, so a file of plain
lines is read without importing Lark (+ ``interegular``) or loading the tables, which cost
more than reading a few hundred hands; it is plain lines, not JSON, so that neither is
``json`` imported.  It is keyed by a checksum of the grammar text: when the grammar was edited
and the file not regenerated, the terminals come from the Lark grammar itself
(:func:`terminals`), as correct and only slower; tests hold the shipped terminals equal to
Lark's, and the file to a fresh writing of it.  This module imports Lark only inside the
functions that build a parser.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model.frozen import fields_eq, fields_hash, fields_repr, frozen_fields

if TYPE_CHECKING:  # Lark is imported where a parser is built: most runs never build one
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
    "DECIMAL": "an amount like 2.50",
    "ODD_CHIP_RULE": "button-left, worst-seat or best-hand",
    "ODD_CHIP_HALF": "badugi or five-card",
    "RESHUFFLE_RULE": "exclude-own, all-discards or discards-first",
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


_HERE = Path(__file__).resolve()


def _packaged(name: str) -> str | None:
    """A file of the grammar folder as installed inside the package (a wheel), or None in a
    source tree.  A package on disk is read by path (``importlib.resources`` alone costs more
    than reading the file); one inside a zip archive through ``importlib.resources``."""
    path = _HERE.parents[1] / "_grammar" / name
    if path.is_file():
        return path.read_text(encoding="utf-8")
    if _HERE.is_file():  # on disk, without _grammar/: a source tree
        return None
    from importlib import resources  # pragma: no cover - a zipped package

    try:  # pragma: no cover
        resource = resources.files("badugi_ledger").joinpath("_grammar").joinpath(name)
        if resource.is_file():
            return resource.read_text(encoding="utf-8")
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):  # pragma: no cover
        return None
    return None  # pragma: no cover


def source_grammar_path() -> Path:
    """Where the grammar sits in a source checkout (``grammar/`` beside the package)."""
    return _HERE.parents[2] / "grammar" / GRAMMAR_FILE


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
    from lark import Lark

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


def tables_key(text: str, lark_version: str | None = None) -> str:
    """What the analysed tables depend on: the grammar text, Lark's version (the running one
    unless told), the options."""
    import hashlib

    if lark_version is None:
        import lark

        lark_version = lark.__version__
    options = repr(sorted(_BUILD_OPTIONS.items()))
    blob = "\0".join((text, lark_version, options))
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:32]


def shipped_tables() -> dict[str, Any]:
    """The shipped tables: ``key``, ``lark`` (the version that made them), ``data``, ``memo``."""
    import json  # (only here and where the tables are written: a file of plain lines never)

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
    from lark import Lark

    return Lark._load_from_dict(tables["data"], tables["memo"], transformer=transformer)


def tables_json(text: str) -> str:
    """The shipped tables for the grammar ``text``: Lark's own serialisation of the analysed
    parser, in JSON (tuples and dictionaries with other keys than strings tagged)."""
    import json

    import lark
    from lark.grammar import Rule
    from lark.lexer import TerminalDef

    data, memo = lark.Lark(text, **_BUILD_OPTIONS).memo_serialize([TerminalDef, Rule])
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


# ---------------------------------------------------------------- the shipped terminals

TERMINALS_FILE = "hand_history.terminals.txt"
"""The grammar's terminals, beside the grammar (``python -m badugi_ledger.text.grammar`` writes
it with the tables).  Lines of plain text, so that reading them needs no module that a file of
plain lines would not load otherwise (``json`` costs more to import than reading a hand): the
grammar's checksum (``grammar 4fb778b6``), then each literal word (``keyword folds``), then
each terminal's name and regular expression (``pattern CALLS calls``), every value written as
Python's ``unicode_escape`` codec writes it (backslashes doubled; tabs, line ends and every
character beyond ASCII as escapes: one line each, exactly the string back)."""

_TERMINALS_HEAD = (
    "# The terminals of hand_history.lark as Lark compiles them, which the reader's fast path",
    "# reads plain lines with.  Written by `python -m badugi_ledger.text.grammar` (with the",
    "# analysed tables): do not edit.  Values are escaped as Python's unicode_escape codec does.",
)


@frozen_fields
class Terminals:
    """What the reader's fast path takes from the grammar: every terminal's regular expression
    as Lark compiles it (``pattern.to_regexp()``), by terminal name, and the grammar's literal
    words (the values of its string terminals: ``folds``, ``pot``, ``limit``, …).  Frozen as
    the model's values are (:mod:`badugi_ledger.model.frozen`): nothing compiled at start."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    patterns: dict[str, str]
    keywords: frozenset[str]

    def __init__(self, patterns: dict[str, str], keywords: frozenset[str]) -> None:
        object.__setattr__(self, "__dict__", {"patterns": patterns, "keywords": keywords})


def grammar_checksum(text: str) -> str:
    """The key of the shipped terminals: a CRC-32 of the grammar text.  It guards against a
    file left stale after an edit of the grammar (no seal against tampering: the package's
    files are the package's); a hashing library would cost more to import than the check."""
    return f"{zlib.crc32(text.encode('utf-8')):08x}"


def lark_terminals(parser: Lark) -> Terminals:
    """The terminals of a Lark parser of the grammar."""
    patterns = {t.name: t.pattern.to_regexp() for t in parser.terminals}
    keywords = frozenset(t.pattern.value for t in parser.terminals if t.pattern.type == "str")
    return Terminals(patterns, keywords)


def shipped_terminals(text: str) -> Terminals | None:
    """The shipped terminals, or None when they are missing, unreadable or not of the grammar
    ``text``."""
    try:
        return _read_terminals(_grammar_file(TERMINALS_FILE), grammar_checksum(text))
    except (OSError, ValueError):  # (a value that is no escaped ASCII: a ValueError)
        return None


def _read_terminals(stored: str, checksum: str) -> Terminals | None:
    """The terminals of :data:`TERMINALS_FILE`'s text ``stored``, None unless its first line
    after the comments names the grammar of ``checksum``."""
    lines = [line for line in stored.split("\n") if line and not line.startswith("#")]
    if not lines or lines[0] != f"grammar {checksum}":
        return None
    patterns: dict[str, str] = {}
    keywords: list[str] = []
    for line in lines[1:]:
        kind, _, rest = line.partition(" ")
        if kind == "keyword":
            keywords.append(_unescaped(rest))
        elif kind == "pattern":
            name, _, pattern = rest.partition(" ")
            patterns[name] = _unescaped(pattern)
        else:
            raise ValueError(f"not a line of the shipped terminals: {line!r}")
    return Terminals(patterns, frozenset(keywords))


def _escaped(value: str) -> str:
    return value.encode("unicode_escape").decode("ascii")


def _unescaped(value: str) -> str:
    """``value`` as :func:`_escaped` wrote it, back (ASCII, or a ValueError); most values hold
    no backslash, and are their own string."""
    if "\\" not in value and value.isascii():
        return value
    return value.encode("ascii").decode("unicode_escape")


def terminals() -> Terminals:
    """The grammar's terminals: the shipped ones, or, when the grammar changed since they were
    written, those of the Lark grammar itself (as correct, only slower)."""
    text = grammar_text()
    shipped = shipped_terminals(text)
    return shipped if shipped is not None else lark_terminals(build_parser())


def terminals_text(text: str) -> str:
    """The shipped terminals of the grammar ``text``: :data:`TERMINALS_FILE`'s lines."""
    from lark import Lark

    found = lark_terminals(Lark(text, **_BUILD_OPTIONS))
    lines = [*_TERMINALS_HEAD, f"grammar {grammar_checksum(text)}"]
    lines += [f"keyword {_escaped(word)}" for word in sorted(found.keywords)]
    lines += [f"pattern {name} {_escaped(found.patterns[name])}" for name in sorted(found.patterns)]
    return "\n".join(lines) + "\n"


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


if __name__ == "__main__":  # regenerate the shipped tables and terminals after changing the grammar
    source = source_grammar_path().read_text("utf-8")
    for name, made in ((TABLES_FILE, tables_json), (TERMINALS_FILE, terminals_text)):
        target = source_grammar_path().with_name(name)
        target.write_text(made(source), encoding="utf-8")
        print(f"wrote {target}", file=sys.stderr)
