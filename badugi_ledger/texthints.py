"""What a mistake in the hand-history text most likely was, said the way the user made it.

The grammar can only say which words it expected; an organiser who typed ``Tomas`` for
``Tamás``, ``1d`` for a card, a comma between entries or ``blind 1/2`` for ``blinds 1/2``
needs to hear *that*.  The reader (:mod:`badugi_ledger.parse`) asks this module for a
suggestion once it has found an error; nothing here ever turns a readable line into an
error, so a legal hand is never refused for looking like a typo.

* :func:`closest` finds the name or keyword a word was probably meant to be (same letters
  but for case and accents, or a near spelling);
* :func:`card_problem` names what is wrong with a written card in :mod:`badugi_ledger.cards`'
  own words (one place for them: the ``showdown`` command says the same);
* :func:`syntax_hint` adds the likely fix to a syntax error: the keyword meant, ``raises to``
  with the figure written, ``·`` or ``;`` for a comma, spaces between cards.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable

from .cards import parse_card, parse_cards
from .errors import CardError

__all__ = ["card_problem", "closest", "fold", "syntax_hint"]

_LONGEST = 60  # no word this long is a typo of a name or keyword worth comparing
_CUTOFF = 0.75  # difflib ratio: "Tomas"/"Tamás" 0.8, "blind"/"blinds" 0.91, "Ben"/"Dan" 0.33


def fold(word: str) -> str:
    """``word`` without case and accents: ``Tamás`` and ``tamas`` fold alike.

    >>> fold("Tamás") == fold("tamas")
    True
    """
    decomposed = unicodedata.normalize("NFKD", word)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def closest(word: str, candidates: Iterable[str]) -> str | None:
    """The candidate ``word`` most likely misspells, or None when none is close.

    >>> closest("Tomas", ["Lena", "Tamás", "Priya"]), closest("lena", ["Lena", "Ben"])
    ('Tamás', 'Lena')
    >>> closest("Priay", ["Priya"]), closest("Ben", ["Dan"])
    ('Priya', None)
    """
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
        ratio = difflib.SequenceMatcher(None, folded, other).ratio()
        if ratio >= best_ratio and (best is None or ratio > best_ratio):
            best, best_ratio = candidate, ratio
    return best


_RUN_OF_CARDS = re.compile(r"(?:(?:10|[2-9AaTtJjQqKk])[cdhsCDHS♣♦♥♠♧♢♡♤]|\?\?){2,}")


def card_problem(word: str) -> str | None:
    """What is wrong with ``word`` written where a card belongs (None: it is a card, or looks
    nothing like one), in the words of :func:`badugi_ledger.cards.parse_card`.

    >>> card_problem("1d")
    "unknown rank '1' in card '1d' (ranks are A 2-9 T/10 J Q K)"
    >>> card_problem("2")
    "card '2' has no suit (suits are c d h s or ♣ ♦ ♥ ♠)"
    >>> card_problem("As2c")
    "cards are written with spaces between them: 'As 2c'"
    >>> card_problem("As") is None and card_problem("Annabel") is None
    True
    """
    if _RUN_OF_CARDS.fullmatch(word):
        spaced = " ".join(str(c) if c else "??" for c in parse_cards(word))
        return f"cards are written with spaces between them: {spaced!r}"
    if not (2 <= len(word) <= 3 or (len(word) == 1 and word in "A23456789TJQKatjqk")):
        return None
    try:
        parse_card(word)
    except CardError as exc:
        return exc.message
    return None


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
    """
    if "TO" in expected and found.isdecimal() and len(found) <= _LONGEST:
        return (
            f"a raise names its total for the round: if {found} is the total, "
            f"write 'raises to {found}'"
        )
    if found == "all-in" and "RAISES" in expected:
        return "all-in goes with the action: 'calls all-in', 'bets all-in', 'raises all-in'"
    if "," in found or before.endswith(","):
        return "write '·' or ';' between entries and spaces between cards, not a comma"
    keyword = closest(found, expected_keywords) if found[:1].isalpha() else None
    if keyword is not None:
        return f"did you mean {keyword!r}?"
    return None
