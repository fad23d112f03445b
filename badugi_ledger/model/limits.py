"""The bounds every reader, the replay and the ledger share: on numbers, and on a line.

A chip or money amount (a stack, a bet, a buy-in, a price in cents), a count (rebuys, seats,
cards drawn) or an id that a user or a site file writes must fit what the whole pipeline can
hold without loss: SQLite's INTEGER (64-bit), JSON read by a browser (exact only up to 2^53),
and the sums of a season's figures.  One maximum, :data:`MAX_AMOUNT` = 2^53, serves them all;
anything larger, negative where a count is meant, or not a finite integer is a located error
of the reader that met it, and the other files of the run go on.

>>> amount_problem(9223372036854775808, "stack")
'stack 9223372036854775808 is above the largest amount, 2^53'
>>> amount_problem(100, "stack") is None
True
"""

from __future__ import annotations

MAX_AMOUNT = 2**53
"""The largest amount, count or id anywhere in badugi-ledger (9,007,199,254,740,992)."""

MAX_DIGITS = len(str(MAX_AMOUNT))
"""Digits of :data:`MAX_AMOUNT` (16): a number written with more digits is too large, which a
reader can tell before converting the text (so a 5,000-digit number costs nothing)."""

MAX_LINE = 10_000
"""Characters a line of any hand history may have, ours or a site's (bytes of a file in our
format, which is UTF-8).  Real lines are a few hundred characters (the site corpus's longest
is 181); a longer one is a damaged or hostile file, refused without being held in memory whole.
"""

MAX_QUOTE = 200
"""Characters of an offending input line an error message quotes at most."""

MAX_LISTED = 20
"""The most mistakes of one hand that are listed, each with its own error: its lines that
cannot be read (``text.chunks``), the mistakes of its record found by the checks of a hand as
a whole (who is seated and named, by the reader; the cards its deals name twice, by the
replay); one more error, at the next one, says that there are more, and a hand's lines after
it are not read.  A hand is a few dozen lines: a hand with more mistakes than this is no hand
of the format (a file pasted in, a hand line lost), and listing each would bury the report
and take long (as the hands after a bad header line are one error)."""


def more_than_listed(here: str, things: str, each_at: str | None = "its line") -> str:
    """The words of the one error that stands for a hand's mistakes past :data:`MAX_LISTED`:
    ``here`` says where the next one is and that more may follow, ``things`` what is listed
    (each at ``each_at``, when said)."""
    at = f", each at {each_at}" if each_at else ""
    return (
        f"{here}: only the first {MAX_LISTED} {things} are listed{at}; correct them and check again"
    )


def amount_problem(value: int, what: str) -> str | None:
    """Why ``value`` cannot be ``what`` (an amount or count), or None when it can."""
    if value > MAX_AMOUNT:
        return f"{what} {number_shown(value)} is above the largest amount, 2^53"
    if value < -MAX_AMOUNT:
        return f"{what} {number_shown(value)} is below the smallest amount, -2^53"
    return None


def number_shown(value: int) -> str:
    """``value`` as a message shows it: its digits, cut as :func:`quote` cuts a line; a number
    too long for ``str`` (more than 4,300 digits: a TOML ``0x`` or ``0o`` number of a few
    thousand characters is one) is said by its size.

    >>> number_shown(2**64), number_shown(16**4000)
    ('18446744073709551616', '(a number of more than 4,000 digits)')
    """
    if value.bit_length() > 13_000:  # (2^13000 has 3,914 digits)
        return "(a number of more than 4,000 digits)"
    return quote(str(value))


def quote(line: str) -> str:
    """``line`` cut to :data:`MAX_QUOTE` characters for an error message.

    >>> len(quote("x" * 10_000))
    201
    """
    return line if len(line) <= MAX_QUOTE else line[:MAX_QUOTE] + "…"


def ascii_digits(digits: str) -> str:
    """Decimal digits of any script (``１０``, ``٣``, as ``int`` reads them) in ASCII.

    >>> ascii_digits("１０"), ascii_digits("42")
    ('10', '42')
    """
    if digits.isascii():
        return digits
    import unicodedata

    return "".join([str(unicodedata.decimal(digit)) for digit in digits])
