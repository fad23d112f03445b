"""Text from hand files made harmless for where it is shown: a terminal, Markdown, a spreadsheet.

Player names, event names and places come from files anyone can write, so each output
neutralises them for its reader:

* **terminal**: control characters (ESC starting a sequence that clears the screen or sets the
  window title, carriage returns, bidirectional overrides that reorder a line) are written as
  visible escapes (``\\x1b``), so a name prints as text and nothing else;
* **Markdown**: ``|`` would add table columns, ``<…>`` stays live HTML in most renderers,
  backticks and brackets start code and links: they are escaped, line breaks become spaces;
* **CSV**: a cell a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, also after
  leading spaces, and their full-width forms ``＝＋－＠``, or a leading tab or carriage return)
  gets a leading ``'``; text that is only a number (``-12``) cannot run anything and stays;
  a cell holding a line break of either kind (``\n``, or a carriage return alone) is quoted
  (:func:`csv_text`), so that it stays one cell of one row.

* **HTML** (the season report, the web pages): markup is escaped where it is written
  (autoescape); a name is also written through :func:`for_page`, since a bidirectional
  override in it reverses the text after it to the end of its line, the figure beside it.
* **JSON** (:func:`json_text`): UTF-8 whatever a file's name holds: a byte that was not UTF-8
  (a lone surrogate in Python's text) is written as the string's escape, ``\\udce9``.
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Callable, Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pandas as pd

FORMULA_SIGNS = ("=", "+", "-", "@", "＝", "＋", "－", "＠")
_LEADING_BLANKS = " \u3000\u00a0"
_MARKDOWN_SPECIAL = {
    "\\": "\\\\",
    "|": "\\|",
    "`": "\\`",
    "*": "\\*",
    "_": "\\_",
    "[": "\\[",
    "]": "\\]",
    "&": "&amp;",
    "<": "&lt;",
    ">": "&gt;",
}


# Compiled on first use: only the CSV and Markdown outputs ask, never a check.
@cache
def _number_pattern() -> re.Pattern[str]:
    """A number as a spreadsheet reads one (never a formula)."""
    return re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$")


@cache
def _markdown_pattern() -> re.Pattern[str]:
    """A character Markdown would read as markup."""
    return re.compile("[" + re.escape("".join(_MARKDOWN_SPECIAL)) + "]")


@cache
def _flag_pattern() -> re.Pattern[str]:
    """A region's flag: a black flag, tag letters, a cancel tag (Unicode's emoji tag sequence).
    Its tags are format characters, but there they make the flag and nothing else."""
    return re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")


def _unsafe(char: str) -> bool:
    """A control or format character, or the line and paragraph separators (U+2028, U+2029:
    a line end to some terminals and to every ``str.splitlines``)."""
    category = unicodedata.category(char)
    return category in ("Cc", "Zl", "Zp") or (category == "Cf" and char not in "\u200d\ufe0f")


def _escape(char: str) -> str:
    """``char`` written as Python writes it in a string: ``\\x1b``, ``\\u202e``,
    ``\\U000e0067``."""
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def for_terminal(text: object) -> str:
    """``text`` with every control and format character written as a visible escape (the
    tags of a region's flag excepted, :func:`_flag_pattern`).

    >>> for_terminal("Ben\\x1b[2J\\x1b]0;pwned\\x07")
    'Ben\\\\x1b[2J\\\\x1b]0;pwned\\\\x07'
    >>> for_terminal("Zoë ♠")
    'Zoë ♠'
    >>> for_terminal("Anna\\U000e0041")
    'Anna\\\\U000e0041'
    """
    value = str(text)
    if value.isprintable():
        return value
    flags = [m.span() for m in _flag_pattern().finditer(value)] if "\U0001f3f4" in value else []
    out = []
    for i, char in enumerate(value):
        inside_flag = any(start < i < end for start, end in flags)
        out.append(_escape(char) if _unsafe(char) and not inside_flag else char)
    return "".join(out)


def for_page(text: object) -> str:
    """``text`` (a name, or a line holding one) for an HTML page or its SVG chart: control and
    format characters written visibly, as :func:`for_terminal` writes them.  A page runs no
    escape sequence, but a right-to-left override (U+202E) reorders everything after it to the
    end of its paragraph: ``Zed``, the override, ``evil (+5 chips)`` shows the amount reversed,
    and ``X pays Y 5.00`` no longer says who pays.  Written as the terminal and Markdown write
    it, the name reads the same in every output.

    >>> for_page("Zed\\u202eevil")
    'Zed\\\\u202eevil'
    """
    return for_terminal(text)


def for_markdown(text: object) -> str:
    """``text`` safe inside a Markdown table cell.

    >>> for_markdown("a|b <img onerror=x> `c`")
    'a\\\\|b &lt;img onerror=x&gt; \\\\`c\\\\`'
    """
    value = for_terminal(str(text).replace("\r\n", " ").replace("\n", " ").replace("\r", " "))
    return _markdown_pattern().sub(lambda m: _MARKDOWN_SPECIAL[m.group()], value)


@cache
def surrogate_pattern() -> re.Pattern[str]:
    """A lone surrogate: a byte that was not UTF-8 (Python decodes a file's name or an argument
    with ``surrogateescape``: 0xe9 as U+DCE9), or half a UTF-16 pair (JSON may escape one).  No
    UTF-8 text holds one.  Compiled on first use (JSON written, a record written as text, the
    web app's input): its range makes ``re`` build a map of 64 K entries, dearer than reading
    a hand, which a check of a file pays for nothing."""
    return re.compile("[\ud800-\udfff]")


def json_text(value: Any, indent: int | None = None) -> str:
    """``value`` as JSON text, characters as they are (not ``\\u`` escapes) but a lone
    surrogate: the byte of a file's name that was not UTF-8 (``soir\\xe9e.bhh`` reaches
    Python as ``soir\\udce9e.bhh``) was written to the output as that byte, and the JSON was no
    longer UTF-8 (RFC 8259: a reader may refuse it).  Written as the escape ``json.dumps``
    gives it with ``ensure_ascii``, a reader gets the same string back.

    >>> json_text({"source": "soir\\udce9e.bhh", "player": "Jörg"})
    '{"source": "soir\\\\udce9e.bhh", "player": "Jörg"}'
    """
    text = _dumps()(value, ensure_ascii=False, indent=indent)
    return surrogate_pattern().sub(lambda m: f"\\u{ord(m[0]):04x}", text)


@cache
def _dumps() -> Callable[..., str]:
    """``json.dumps``, ``json`` imported the first time JSON is written (a command that
    writes none does not load it), once (``check --json`` writes a line a hand)."""
    import json

    return json.dumps


@cache
def _csv_unsafe() -> re.Pattern[str]:
    """What a CSV cell writes visibly: control characters but a tab and line ends (a NUL
    stops many CSV readers), and the bidirectional controls (a right-to-left override
    reverses the figures after it in a viewer) - not the joiners and the soft hyphen a name
    is spelt with (Persian's zero-width non-joiner: ``علی‌رضا``)."""
    return re.compile(
        "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]"
    )


def for_csv(value: Any) -> Any:
    """Prefix ``'`` to text a spreadsheet would treat as a formula, and write its control and
    bidirectional characters visibly (:func:`_csv_unsafe`), as :func:`for_terminal` does;
    anything else as it is.

    >>> [for_csv(v) for v in ("=1+1", " =1", "＝1", "@Ben", "-12", -12, "Ben")]
    ["'=1+1", "' =1", "'＝1", "'@Ben", '-12', -12, 'Ben']
    >>> for_csv("Nul\\x00Byte"), for_csv("\\u202eCara"), for_csv("Tab\\tName")
    ('Nul\\\\x00Byte', '\\\\u202eCara', 'Tab\\tName')
    """
    if not isinstance(value, str) or not value or _number_pattern().match(value):
        return value
    if not value.isprintable():
        value = _csv_unsafe().sub(lambda m: _escape(m[0]), value)
    if value[0] in "\t\r\n" or value.lstrip(_LEADING_BLANKS).startswith(FORMULA_SIGNS):
        return "'" + value
    return value


def frame_cells(df: pd.DataFrame, neutralise: Any) -> pd.DataFrame:
    """A copy of ``df`` with ``neutralise`` applied to every text cell (numbers untouched).

    A column of mixed cells stays one of Python objects: pandas would make whole numbers
    beside an empty cell floats (a ``rank`` of 1, 2 and none for a player below
    ``--min-events`` was written ``1.0, 2.0``)."""
    import pandas as pd

    out = df.copy()
    for column in out.columns:
        if out[column].dtype.kind not in "iufb":
            cells = [neutralise(v) if isinstance(v, str) else v for v in out[column]]
            out[column] = pd.Series(cells, index=out.index, dtype=object)
    return out


def csv_text(df: pd.DataFrame) -> str:
    """``df`` as CSV text, every text cell neutralised by :func:`for_csv`, rows ended by ``\n``.

    Python's CSV writer quotes a cell only for the characters of its own line end, so with
    ``\n`` it leaves a carriage return bare, and every CSV reader (Python's, a spreadsheet's)
    takes a bare one for the end of the row: a name holding one (``"Ted\r"`` in a PHH file)
    cut its row in two, the player's figures in the second half.  So the frame is written with
    ``\r\n`` (both characters quoted wherever a cell holds them) and each row's own end then
    made ``\n`` again, the quoting of every other cell as pandas writes it."""
    import csv  # only CSV output needs it, not every start of a command

    written = str(frame_cells(df, for_csv).to_csv(index=False, lineterminator="\r\n"))
    return csv_rows(csv.reader(io.StringIO(written, newline="")))


def markdown_text(df: pd.DataFrame) -> str:
    """``df`` as a Markdown pipe table, its cells written as they are (neutralise them first:
    :func:`frame_cells` with :func:`for_markdown`).

    Written here, not by pandas' ``to_markdown``: that needs the ``tabulate`` package, which
    a plain install of the tool does not bring, and it reads text cells as numbers again (an
    amount ``20.50`` written ``20.5``, a name ``007`` as ``7``).  Here a cell is text unless it
    holds a number: a column of numbers (an empty cell beside them too) is aligned right, any
    other left; an empty cell (None, NaN) is blank; a number is written as Python writes it
    (``12345.67``, ``3.0``)."""
    columns = [str(c) for c in df.columns]
    cells = [[_markdown_cell(v) for v in row] for row in df.itertuples(index=False, name=None)]
    numeric = [_numbers_only(df[c]) for c in df.columns]
    widths = [
        max([len(name) + 2, *(len(row[i]) for row in cells)]) for i, name in enumerate(columns)
    ]

    def line(values: list[str]) -> str:
        padded = (
            v.rjust(w) if right else v.ljust(w)
            for v, w, right in zip(values, widths, numeric, strict=True)
        )
        return "| " + " | ".join(padded) + " |"

    rule = (
        "|"
        + "|".join(
            "-" * (w + 2)  # a table of no rows: no alignment
            if not cells
            else "-" * (w + 1) + ":"
            if right
            else ":" + "-" * (w + 1)
            for w, right in zip(widths, numeric, strict=True)
        )
        + "|"
    )
    return "\n".join([line(columns), rule, *(line(row) for row in cells)])


def _is_number(value: object) -> bool:
    from numbers import Number  # (only tables load it: a check writes none)

    return isinstance(value, Number) and not isinstance(value, bool)


def _is_empty(value: object) -> bool:
    return value is None or (isinstance(value, float) and value != value)


def _numbers_only(column: pd.Series) -> bool:
    values = [v for v in column if not _is_empty(v)]
    return bool(values) and all(_is_number(v) for v in values)


def _markdown_cell(value: object) -> str:
    if _is_empty(value):
        return ""
    if _is_number(value):
        return str(value.item() if hasattr(value, "item") else value)
    return str(value)


def csv_rows(rows: Iterable[Iterable[Any]]) -> str:
    """``rows`` as CSV lines ended by ``\n``, a carriage return or line feed in a cell quoted
    (see :func:`csv_text`); cells are written as they are (neutralise them first)."""
    import csv  # only CSV output needs it, not every start of a command

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    for row in rows:
        writer.writerow(row)
        out.seek(out.tell() - 2)
        out.write("\n")
        out.truncate()
    return out.getvalue()
