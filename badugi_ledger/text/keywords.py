"""The words our format's hand and header lines begin with, apart from the reader.

What tells a file of our format from a site's history (:func:`badugi_ledger.sources.detect_text`)
and what cuts a file into hands (:mod:`.chunks`) are the same words; they are kept here, in a
module that imports nothing, so that telling a file's format does not load the reader.
"""

from __future__ import annotations

import re

# First words of header lines: the reader cuts the input into chunks with them, the writer
# quotes player names equal to them.  ``pot limit`` and ``no limit`` are header lines too.
HEADER_KEYWORDS = [
    *("game", "fixed", "half-pot", "spread", "cap", "blinds", "ante", "rake", "currency"),
    *("odd-chip", "odd-chip-half", "heads-up-uncapped", "reshuffle", "qualifier"),
    *("qualifier-pair-ok", "redeal-posts", "buy-price", "max-seats", "half-bet-reopens"),
    *("house", "cash", "tournament", "date", "place", "season", "buy-in", "starting-chips"),
    *("payouts", "table", "chips"),
]

BOUNDARY = r"(?![^\s·•;#])"
"""Where a keyword ends: at a space, a separator, a comment or the end of the line."""

LINE_KIND = re.compile(
    r"(?:(hand)|("
    + "|".join(re.escape(k) for k in HEADER_KEYWORDS)
    + r"|pot[ \t]+limit|no[ \t]+limit))"
    + BOUNDARY
)
"""A hand line (group 1) or a header line (group 2), matched at the line's first word.
``pot limit`` and ``no limit`` are headers; ``pot 120`` inside a hand is a pot total."""

_ASSIGNED = re.compile(r"[ \t]*[=:]")


def own_line(line: str) -> bool:
    """Whether ``line`` (stripped) is one of our format's hand or header lines: it begins with
    one of their words (in the lower case the format writes them), and not as a key given a
    value (``hand = 3`` is PHH's, ``table: 2`` no line of ours).

    >>> own_line("game badugi · fixed limit 2/4"), own_line("hand 12 · button Anna · Anna 100")
    (True, True)
    >>> own_line("hand = 3"), own_line("Table '8 Game Mix' Seat 1 is the button")
    (False, False)
    """
    found = LINE_KIND.match(line)
    return found is not None and not _ASSIGNED.match(line, found.end())
