"""What a mistake in the hand-history text most likely was, said the way the user made it.

The grammar can only say which words it expected; an organiser who typed ``Tomas`` for
``Tamás``, ``1d`` for a card, a comma between entries or ``blind 1/2`` for ``blinds 1/2``
needs to hear *that*.  The reader (:mod:`badugi_ledger.text.parse`) asks this module for a
suggestion once it has found an error; nothing here ever turns a readable line into an
error, so a legal hand is never refused for looking like a typo.

* :func:`closest` finds the name or keyword a word was probably meant to be (same letters
  but for case and accents, or a near spelling);
* :func:`card_problem` names what is wrong with a written card in :mod:`badugi_ledger.model.cards`'
  own words (one place for them: the ``showdown`` command says the same);
* :func:`syntax_hint` adds the likely fix to a syntax error: the keyword meant, ``raises to``
  with the figure written, ``·`` or ``;`` for a comma, spaces between cards;
* :func:`money_hint` says how an amount written as money where the file's amounts are chips
  (or as chips where they are cents of a currency) is written in this file;
* :func:`syntax_error` turns what Lark reports into that message, in words a card player
  understands, with the offending line (at most ``limits.MAX_QUOTE`` characters of it) and a
  caret under the column.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from ..model.cards import is_card_run, parse_card, parse_cards
from ..model.errors import CardError, ParseError, Position
from ..model.limits import MAX_QUOTE
from ..model.money import UNSTATED, ChipValue, format_amount, hand_amount
from ..model.names import (
    BEFORE_A_NAME,
    character_words,
    fold,
    refused_before_a_name,
    shows_nothing,
)
from .entry_positions import CARD_LINE_WORDS
from .grammar import describe_expected
from .headers import HEADER_KEYWORDS

if TYPE_CHECKING:  # Lark's errors are imported where one is explained: a file of plain lines
    # is read without Lark (text.plainlines)
    from lark import Lark
    from lark.exceptions import UnexpectedInput

__all__ = [
    "card_problem",
    "closest",
    "error_at",
    "fold",
    "item_column",
    "items_column",
    "money_hint",
    "show_line",
    "syntax_error",
    "syntax_hint",
]

_LONGEST = 60  # no word this long is a typo of a name or keyword worth comparing
_CUTOFF = 0.75  # difflib ratio: "Tomas"/"Tamás" 0.8, "blind"/"blinds" 0.91, "Ben"/"Dan" 0.33


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate ``word`` most likely misspells, or None when none is close.

    >>> closest("Tomas", ["Lena", "Tamás", "Priya"]), closest("lena", ["Lena", "Ben"])
    ('Tamás', 'Lena')
    >>> closest("Priay", ["Priya"]), closest("Ben", ["Dan"])
    ('Priya', None)

    Two neighbouring letters swapped, the commonest slip in a short name, is close however
    low the ratio scores it ("Ben"/"Bne": 0.67):

    >>> closest("Ben", ["Bne", "Bob"])
    'Bne'
    """
    import difflib  # only when a word is compared: a valid file seldom asks

    if len(word) > _LONGEST:
        return None
    folded = fold(word)
    best, best_ratio = None, _CUTOFF
    for candidate in candidates:
        if candidate == word:
            continue
        other = fold(candidate)
        if other == folded:
            return candidate
        ratio = (
            _SWAPPED
            if _one_swap(folded, other)
            else difflib.SequenceMatcher(None, folded, other).ratio()
        )
        if ratio >= best_ratio and (best is None or ratio > best_ratio):
            best, best_ratio = candidate, ratio
    return best


_SWAPPED = 0.95
"""The ratio :func:`closest` gives a word with two neighbouring letters swapped: below a
word that differs only in case or accents, above most other slips."""


def _one_swap(a: str, b: str) -> bool:
    """Whether ``b`` is ``a`` with two neighbouring letters swapped (``Ben``, ``Bne``)."""
    if len(a) != len(b) or a == b:
        return False
    diff = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y]
    return (
        len(diff) == 2
        and diff[1] == diff[0] + 1
        and a[diff[0]] == b[diff[1]]
        and a[diff[1]] == b[diff[0]]
    )


def card_problem(word: str) -> str | None:
    """What is wrong with ``word`` written where a card belongs (None: it is a card, or looks
    nothing like one), in the words of :func:`badugi_ledger.model.cards.parse_card`.

    >>> card_problem("1d")
    "unknown rank '1' in card '1d' (ranks are A 2-9 T/10 J Q K)"
    >>> card_problem("2")
    "card '2' has no suit (suits are c d h s or ♣ ♦ ♥ ♠)"
    >>> card_problem("As2c")
    "cards are written with spaces between them: 'As 2c'"
    >>> card_problem("KdKd")
    'cards are written with spaces between them, and card Kd appears twice'

    >>> card_problem("As") is None and card_problem("Annabel") is None
    True
    """
    if is_card_run(word):
        try:
            spaced = " ".join(str(c) if c else "??" for c in parse_cards(word))
        except CardError as exc:  # a run that repeats a card, "KdKd"
            return f"cards are written with spaces between them, and {exc.message}"
        return f"cards are written with spaces between them: {spaced!r}"
    if not (2 <= len(word) <= 3 or (len(word) == 1 and word in "A23456789TJQKatjqk")):
        return None
    try:
        parse_card(word)
    except CardError as exc:
        return exc.message
    return None


_OTHER_SEPARATORS = frozenset({"-", "–", "—", "|", "/", "⋅", "∙", "\\", "+"})
"""Characters typed between entries that the format does not take there ('·', ';' or '•')."""
_MONEY_SIGNS = "$€£¥"
_HAND_WORD = re.compile(r"(?:^|\s)hand\s*$")
"""A hand line up to its id: ``hand #2`` there is a comment from the ``#`` on."""


def syntax_hint(
    found: str, expected_keywords: Iterable[str], expected: set[str], before: str = ""
) -> str | None:
    """The likely fix for a syntax error at the word ``found`` (as written), given the
    keywords and terminal names the grammar expected there and the token read ``before`` it
    (a name may end in a comma: "button Anna, Ben 50"), or None.

    >>> syntax_hint("8", ["to", "all-in"], {"TO", "ALL_IN", "_SEP", "_NL"})
    "a raise names its total for the round: if 8 is the total, write 'raises to 8'"
    >>> syntax_hint("rasies", ["calls", "raises"], {"CALLS", "RAISES"})
    "did you mean 'raises'?"
    >>> syntax_hint(":", ["calls", "raises"], {"CALLS", "RAISES"}, "Draw")
    "did you mean 'draw:'? the words of the format are written in small letters"
    """
    if "NUMBER" in expected and (digits := _other_digits(found)) is not None:
        return digits
    if "TO" in expected and found.isdecimal() and len(found) <= _LONGEST:
        return (
            f"a raise names its total for the round: if {found} is the total, "
            f"write 'raises to {found}'"
        )
    if found == "all-in" and "RAISES" in expected:
        return "all-in goes with the action: 'calls all-in', 'bets all-in', 'raises all-in'"
    if "," in found or before.endswith(","):
        return "write '·' or ';' between entries and spaces between cards, not a comma"
    if found in _OTHER_SEPARATORS and "_SEP" in expected:
        return f"write '·' or ';' between entries, not {found!r}"
    if found.lower() in ("draws", "discards", "draw") and "FOLDS" in expected:
        return "a draw is written on its own line, every player's at once: 'draw: Ben 2 · Cara 1'"
    if found.lower() in _STANDING_PAT and "PAT" in expected:
        fix = f"write '{before} pat'" if before else "write it after the name"
        return f"a player who draws no card is written 'pat': {fix}"
    if found[:1] in "“”„‘’«»":
        return 'write a name with a space in straight quotes ("Anna Maria"), not curly ones'
    if before.lower() == "button" and before != "button" and "FOLDS" not in expected:
        return "did you mean 'button'? the words of the format are written in small letters"
    if found == ":" and before != before.lower() and before.lower() in CARD_LINE_WORDS:
        return (
            f"did you mean '{before.lower()}:'? the words of the format are written in small "
            "letters"
        )
    keyword = closest(found, expected_keywords) if found[:1].isalpha() else None
    if keyword is not None:
        return f"did you mean {keyword!r}?"
    return None


_STANDING_PAT = frozenset({"stands", "stand", "stood", "stays", "stay", "stayed"})
"""How people say a player drew no card ("Cara stands pat", "stays pat"): the format's word is
``pat`` alone after the name, which no near spelling of these finds."""


# ---------------------------------------------------------------- money where chips belong

_MONEY = re.compile(r"(\d{1,15})(?:\.(\d{1,2}))?")
_CHIP_WORDS = frozenset({"chip", "chips"})


def money_hint(
    number: str,
    unit: str | None,
    currency: str | None,
    chip: ChipValue | None,
    subject: str = "amounts in this file are",
) -> str | None:
    """How the amount written ``number`` followed by ``unit`` (``10 EUR``, ``0.50``, ``5
    chips``; ``unit`` None when nothing followed) is written where amounts are cents of
    ``currency`` (``currency EUR``; :data:`~badugi_ledger.model.money.UNSTATED` for money of no
    named currency) or chips worth ``chip`` (``chips 100 = 10 EUR``); None where amounts are
    plain chips, or the words are no amount.  ``subject`` names what is so written.

    >>> money_hint("0.50", "EUR", None, ChipValue(10, "EUR")).split(": ")[-1]
    '0.50 EUR is 5 chips, write 5'
    >>> money_hint("1.50", None, "EUR", None).split(": ")[-1]
    'for 1.50 EUR write 150'
    >>> money_hint("100", None, "EUR", None) is None
    True
    """
    match = _MONEY.fullmatch(number)
    if match is None or (currency is None and chip is None):
        return None
    named = currency or (chip.currency if chip is not None else "")
    cents_of = "cents" if named == UNSTATED else f"cents of {named} (currency {named})"
    if unit in _CHIP_WORDS:
        if chip is not None:
            return f"{subject} chips, written without a unit: write {number}"
        if match[2] is not None:
            return None
        return (
            f"{subject} {cents_of}, not chips: write the money in cents, without a unit "
            f"({number} is {format_amount(int(number), named)})"
        )
    if (unit is not None and unit != named) or (unit is None and match[2] is None):
        return None  # not money, or money of another currency
    cents = int(match[1]) * 100 + int((match[2] or "0").ljust(2, "0"))
    written = format_amount(cents, named)
    if chip is None:
        return f"{subject} {cents_of}, written without a unit: for {written} write {cents}"
    chips, rest = divmod(cents, chip.cents)
    said = f"{written} is {hand_amount(chips, None)}, write {chips}"
    if rest:
        said = f"{written} is not a whole number of chips"
    each = format_amount(chip.cents, chip.currency)
    return f"{subject} chips, each worth {each}, written without a unit: {said}"


# ---------------------------------------------------------------- syntax errors in words


def show_line(text: str, column: int) -> str:
    """The offending line and a caret under ``column``; a line longer than limits.MAX_QUOTE
    characters is cut to that many around the column."""
    text = text.rstrip("\r\n").replace("\t", " ")
    if len(text) > MAX_QUOTE:
        start = min(max(0, column - 1 - MAX_QUOTE // 2), len(text) - MAX_QUOTE)
        end = start + MAX_QUOTE
        text = ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")
        column = column - start + (1 if start else 0)
    return f"\n    {text}\n    {' ' * max(column - 1, 0)}^"


def _found(exc: UnexpectedInput, lines: Sequence[str]) -> str | None:
    """The word the parser stopped at, as written (None: the end of the line or hand)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedToken

    if isinstance(exc, UnexpectedToken):
        tok = exc.token
        if tok.type in ("_NL", "$END"):
            return None
        words = str(tok.value).split()
        return words[0] if words else str(tok.value)
    if isinstance(exc, UnexpectedCharacters):
        line = lines[exc.line - 1] if 0 < exc.line <= len(lines) else ""
        rest = line[exc.column - 1 :]
        return rest.split()[0] if rest.split() else rest[:1]
    return None


def _invisible(text: str, column: int) -> str | None:
    """Words for the character at ``column`` when it shows as a space or as nothing (a
    no-break space, an em space, a vertical tab, a zero-width joiner...): the message would
    otherwise quote the word after it, as if that word were wrong."""

    char = text[column - 1 : column]
    if not char or char in " \t\n" or not shows_nothing(char):
        return None
    return f"an invisible character, {character_words(char)} (write a plain space, or nothing)"


def _before_a_name(text: str, column: int) -> str | None:
    """Words for the character at ``column`` where a name may start when it shows nothing but
    may not stand there (a joiner, a bidirectional override: :func:`.names.refused_before_a_name`
    says why); the message would otherwise quote a name that looks right on screen."""
    char = text[column - 1 : column]
    return refused_before_a_name(char) if char else None


_MARKED_WORD = re.compile(f"[ \t]*([{re.escape(BEFORE_A_NAME)}]+)([^\\s:·•;#]+)")
_LINE_WORDS = frozenset(("hand", "carry", "buy", *CARD_LINE_WORDS, *HEADER_KEYWORDS))
"""The words a line starts with (a hand line, a body line, a header line)."""


def _marked_keyword(text: str) -> tuple[int, str] | None:
    """The column of an invisible character before the keyword a line starts with
    (``\u200bdraw: …``), and words for it: it may start a name, so the line reads as a
    name's, and the error would blame the keyword's colon or what follows it."""
    m = _MARKED_WORD.match(text)
    if m is None or m.group(2) not in _LINE_WORDS:
        return None
    char = m.group(1)[0]
    name = unicodedata.name(char, "a format character")
    return m.start(1) + 1, (
        f"an invisible character, U+{ord(char):04X} {name}, stands before {m.group(2)!r}: "
        "the line reads as a player's; delete it"
    )


def _describe_found(exc: UnexpectedInput, word: str | None) -> str:
    from lark.exceptions import UnexpectedToken

    if word is None:
        end_of_line = isinstance(exc, UnexpectedToken) and exc.token.type == "_NL"
        return "the end of the line" if end_of_line else "the end of the hand"
    return repr(word if len(word) <= 30 else word[:30] + "…")


_HEADER_WORDS = frozenset(HEADER_KEYWORDS)


def syntax_error(
    exc: UnexpectedInput,
    lark: Lark,
    lines: Sequence[str],
    source: str,
    line_of: Sequence[int],
    hand: str | None,
    *,
    currency: str | None = None,
    chip: ChipValue | None = None,
    buy_in: str | None = None,
) -> ParseError:
    """A ParseError for what Lark reports on ``lines`` (file line of Lark line n: line_of[n]),
    with the likely fix where there is one (:mod:`badugi_ledger.text.hints`).  ``currency`` /
    ``chip``: the hand's amounts are cents of that currency / chips of that value; ``buy_in``:
    the currency of a header line's buy-in (:func:`money_hint`)."""
    from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedToken

    if isinstance(exc, UnexpectedCharacters):
        expected = set(exc.allowed)
    elif isinstance(exc, UnexpectedToken | UnexpectedEOF):
        expected = set(exc.expected)
    else:  # pragma: no cover
        expected = set()
    if len(expected) > 1:
        expected.discard("$END")
    history = getattr(exc, "token_history", None) or []
    if history and history[-1] is not None and history[-1].type == "CARDS":
        expected.add("CARDS")  # a bad card inside a run of cards: more cards were possible
    line = exc.line if isinstance(exc.line, int) and exc.line > 0 else len(lines)
    column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
    text = lines[line - 1] if 0 < line <= len(lines) else ""
    word = _found(exc, lines)
    keywords = _keywords(expected, lark)
    if len(_HEADER_WORDS.intersection(keywords)) > 5:  # any header item could follow
        what = "a header item (game, fixed limit, blinds, … as in grammar/README.md)"
        keywords = [*HEADER_KEYWORDS, "pot limit", "no limit"]
    else:
        what = describe_expected(expected, lark)
    odd = _before_a_name(text, column) if "NAME" in expected else None
    if odd is None and (isinstance(exc, UnexpectedCharacters) or (word and shows_nothing(word))):
        odd = _invisible(text, column)  # (a word of nothing that shows: a zero-width space)
    marked = _marked_keyword(text) if odd is None else None
    if marked is not None:  # said where the character is, at the line's start; not what the
        # line was read as (a name and its verb), what it would be without it
        column, message = marked
        word = None
    elif odd is not None:  # a character that looks like a space, or like nothing at all
        word = None
        message = f"expected {what}, found {odd}"
    else:
        message = f"expected {what}, found {_describe_found(exc, word)}"
    if "_SEP" in expected and text[: column - 1].rstrip(" ").endswith("\t"):
        message += " (a tab is no separator between entries: write '·' or ';')"
    elif (
        word is None and text[column - 1 : column] == "#" and _HAND_WORD.search(text[: column - 1])
    ):
        message += " ('#' starts a comment: the rest of the line is not read; leave it out)"
    last = history[-1] if history else None
    if (
        word is not None
        and word[:1].isalpha()
        and last is not None
        and last.type == "GAME_NAME"
        and last.line == line
        and last.column + len(str(last.value)) == column
    ):
        # "badugii": a game's name and more letters, read as the game and a stray letter
        rest = re.match(r"\w*", text[column - 1 :])
        word = str(last.value) + (rest.group() if rest is not None else "")
        column = last.column
        message = f"expected {describe_expected({'GAME_NAME'}, lark)}, found {word[:30]!r}"
        word = None
    if word is not None:
        start = column
        if history and history[-1] is not None and _glued(history[-1], line, column):
            # "1d" read as the number 1 and then a stray "d": the word began at the number
            start = history[-1].column
            word = text[start - 1 :].split()[0]
        problem = None
        if _cards_possible(expected, history, word):
            problem = card_problem(word.rstrip(","))
        number_here = "NUMBER" in expected or (start != column and history[-1].type == "NUMBER")
        after_number = bool(history) and history[-1] is not None and history[-1].type == "NUMBER"
        slip = _header_slip(word, text[: start - 1])
        if problem is not None:
            message, column = problem, start
        elif slip is not None:
            message = f"{message} ({slip})"
        elif number_here and word[:1] in _MONEY_SIGNS and word[1:].isdecimal():  # "$34"
            money = (currency, chip, buy_in, text[: start - 1])
            sign = _amount_hint(word[1:], word[0], *money) or (
                f"write the amount without {word[0]!r}: {word[1:]}; a header line's currency or "
                "chips says what every amount is"
            )
            message = f"expected a number, found {word[:30]!r} ({sign})"
        elif number_here and _malformed_number(word):
            unit = text[start - 1 + len(word) :].split()[:1]
            money = (currency, chip, buy_in, text[: start - 1])
            hint = (
                _other_digits(word)
                or _amount_hint(word, unit[0] if unit else None, *money)
                or _amount_hint(word, None, *money)
            )
            message = f"expected a number, found {word[:30]!r} ({hint or _WHOLE_NUMBER})"
            column = start
        elif after_number and (
            hint := _amount_hint(
                str(history[-1].value),
                word,
                currency,
                chip,
                buy_in,
                text[: history[-1].column - 1],
            )  # fmt: skip
        ):
            message = f"{message} ({hint})"
            column = history[-1].column
        else:
            before = str(history[-1].value) if history and history[-1] is not None else ""
            hint = syntax_hint(word, keywords, expected, before)
            if hint is not None:
                message += f" ({hint})"
    return ParseError(
        message + show_line(text, column),
        position=Position(source, line_of[line], column),
        hand=hand,
    )


_TWO_AMOUNTS = re.compile(r"(\d+)[-–](\d+)")
_TWO_AMOUNTS_ITEM = re.compile(r"(?:^|[·•;])\s*(blinds|fixed\s+limit)\s+$")


def _header_slip(word: str, before: str) -> str | None:
    """The fix of a header item written as people say it rather than as the format writes it
    (``word`` as found, after the line's text ``before``), or None.

    >>> _header_slip("limit", "game badugi · ")
    "a limit names its kind: 'fixed limit 2/4', 'spread limit 2-10', 'pot limit', 'half-pot limit' or 'no limit'"
    >>> _header_slip("1-2", "game badugi · blinds ")
    "write 'blinds 1/2': two amounts with a slash"
    >>> _header_slip("30%", "payouts 70/")
    'percentages are written without %: payouts 70/30'
    >>> _header_slip("-limit", "game badugi · fixed")
    "write 'fixed limit', with a space"
    """  # noqa: E501
    if word == "limit":
        return (
            "a limit names its kind: 'fixed limit 2/4', 'spread limit 2-10', 'pot limit', "
            "'half-pot limit' or 'no limit'"
        )
    if word.startswith("-limit") and before.rstrip().endswith(("fixed", "spread", "pot", "no")):
        return f"write '{before.split()[-1]} limit', with a space"
    two = _TWO_AMOUNTS.fullmatch(word)
    item = _TWO_AMOUNTS_ITEM.search(before)
    if two is not None and item is not None:
        return f"write '{' '.join(item[1].split())} {two[1]}/{two[2]}': two amounts with a slash"
    if word.endswith("%") and word[:-1].isdecimal() and "payouts" in before:
        written = before[before.rindex("payouts") :].rstrip("% ") + word[:-1]
        return f"percentages are written without %: {' '.join(written.replace('%', '').split())}"
    return None


_BUY_IN = re.compile(r"\bbuy-in\s+$")


def _amount_hint(
    number: str,
    unit: str | None,
    currency: str | None,
    chip: ChipValue | None,
    buy_in: str | None,
    before: str,
) -> str | None:
    """:func:`money_hint` for the amount ``number`` written after the text ``before``: a
    header's buy-in is money (cents of ``buy_in``), a hand's amounts as ``currency`` and
    ``chip`` say."""
    if buy_in is not None and _BUY_IN.search(before):
        return money_hint(number, unit, buy_in, None, "a buy-in is")
    return money_hint(number, unit, currency, chip)


_WHOLE_NUMBER = (
    "an amount is a whole number written in digits, like 25: no sign, decimal point, comma "
    "or exponent"
)
_NOT_FINITE = frozenset({"nan", "inf", "+inf", "-inf", "infinity", "+infinity", "-infinity"})


def _other_digits(word: str) -> str | None:
    """The fix of a number written in other digits than 0-9 (``١٠٠``, ``１００``: an input
    method, a pasted text), which the format does not read as a number; else None."""
    run = re.match(r"\d+", word)
    if run is None or run[0].isascii():
        return None
    return f"write amounts in the digits 0-9: {''.join(str(int(c)) for c in run[0])}"


def _malformed_number(word: str) -> bool:
    """``word`` is a number as no amount of ours is written: -5, 2.5, 1e5, 1,000, NaN."""
    if word.lower() in _NOT_FINITE:
        return True
    whole = word.rstrip(",")  # "2," is a number and a comma meant as a separator
    return re.match(r"[-+]?\.?\d", whole) is not None and not whole.isdecimal()


def _keywords(expected: set[str], lark: Lark) -> list[str]:
    """The literal words among the terminals Lark expected ("raises", "blinds", …)."""
    out = []
    for name in expected:
        try:
            pattern = lark.get_terminal(name).pattern
        except KeyError:
            continue
        if pattern.type == "str":
            out.append(pattern.value)
    return sorted(out)


def _glued(token: Any, line: int, column: int) -> bool:
    """The token just read ends right where the error is, with no space between."""
    end = token.column + len(str(token.value))
    return token.type in ("NUMBER", "CARDS") and token.line == line and end == column


def _cards_possible(expected: set[str], history: Sequence[Any], word: str) -> bool:
    """A card could stand where the error is, or the word is a number glued to a suit, as
    "1d" in "draw: Anna 1d" (read as the number 1 and a stray "d")."""
    if "CARDS" in expected:
        return True
    glued_suit = word.rstrip(",")[-1:] in _SUITS
    return glued_suit and bool(history) and history[-1] is not None and history[-1].type == "NUMBER"


_SUITS = frozenset("cdhsCDHS♣♦♥♠♧♢♡♤")


def error_at(message: str, pos: Position, line_text: str, hand: str | None) -> ParseError:
    return ParseError(message + show_line(line_text, pos.column), position=pos, hand=hand)


def item_column(line: str, keyword: str) -> int:
    """The column of the header item starting with ``keyword`` (1 if it cannot be found)."""
    return items_column(line, (re.escape(keyword),))


def items_column(line: str, patterns: Iterable[str]) -> int:
    """The column of the first header item of ``line`` whose first words one of ``patterns``
    (regular expressions, tried in turn) matches; 1 if none does."""
    for pattern in patterns:
        m = re.search(f"(?:^|[·•;])[ \t\ufeff]*({pattern})(?![^\\s·•;#])", line)
        if m:
            return m.start(1) + 1
    return 1
