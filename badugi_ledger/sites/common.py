"""What every site reader shares: the items a reader yields, and money as integers.

Amounts are printed as ``$0.25``, ``1,285.50`` or ``1500``; the ledger only ever sees integers,
so money becomes cents (``GameSettings.currency`` names the currency) and tournament chips stay
whole chips.  A money amount that is not a whole number of cents, or a chip amount with a
fraction, is an error, never rounded; so is an amount whose symbol or code names another
currency than the hand's (``€2`` at a ``$`` table, ``$2`` at a table of chips).  Reading a
file's lines is :mod:`.files`; one hand being read is :mod:`.draft`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime

from ..model.cards import Card, parse_card_or_unknown
from ..model.errors import BadugiError, CardError, ImportFormatError, Position
from ..model.events import (
    HandRecord,
)
from ..model.limits import MAX_AMOUNT, MAX_DIGITS, amount_problem, quote


@dataclass(frozen=True)
class SkippedHand:
    """A hand a reader recognised but does not import: another game (2-7 triple draw, hold'em…).

    Readers yield these so callers can count them; :func:`badugi_ledger.sources.read_hands`
    leaves them out of the stream (they are not errors).
    """

    source: str
    hand_id: str | None
    game: str
    pos: Position
    reason: str = "other game"
    moved_chips_at: str | None = None
    """The table whose stacks the hand moved as the file does not say (a hand of another game
    played there, not a copy of one), or None: the replay takes that table's next hand's
    stated stacks as they are, as after a missing hand, but with nothing to warn about
    (:func:`badugi_ledger.sources.read_stream`)."""
    moved_chips_anywhere: bool = False
    """The hand's table could not be read (its table line is damaged): it may have moved the
    chips of any table of the file, so every table's next hand is taken as stated."""

    def __str__(self) -> str:
        return f"{self.pos}: hand {self.hand_id}: skipped ({self.reason}: {quote(self.game)})"


@dataclass(frozen=True)
class SiteWarning:
    """What a site file suggests but cannot prove (a hand that seems to be missing before this
    one): not an error, the hand is read as usual.  ``table`` lets a caller resync that
    table's carried stacks."""

    source: str
    hand_id: str | None
    table: str
    pos: Position
    rule: str
    message: str

    def __str__(self) -> str:
        return f"{self.pos}: hand {self.hand_id}: warning: {self.message} [{self.rule}]"


ImportItem = HandRecord | BadugiError | SkippedHand | SiteWarning
"""What a site reader yields for each hand in a file, in file order (a hand's warnings just
before it)."""


# --- currencies -------------------------------------------------------------------------------

CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
"""The currency a site's symbol stands for where no code after the amounts says otherwise."""


def site_currency(
    symbols: Iterable[str], code: str | None, what: str, position: Position | None = None
) -> str | None:
    """The currency of amounts a site writes with ``symbols`` (each amount's symbol, ``""``
    for none) and an optional code after them (``USD``): the code when written, else the
    symbol's currency; None when neither is written, which the sites write for play money
    (chips worth nothing).  Two symbols, or a symbol that stands for another currency than the
    code (``€1+€0.10 USD``), cannot be told apart and are a ``bad-header`` error naming
    ``what``; ``$`` goes with any dollar (``USD``, ``CAD``…).

    >>> site_currency(["€", "€"], "EUR", "the buy-in"), site_currency(["£"], None, "the stakes")
    ('EUR', 'GBP')
    >>> site_currency(["", ""], None, "the buy-in") is None  # 100+9: play money
    True
    """
    found = set(symbols)
    written = found - {""}
    if len(found) > 1:
        mixed = " and ".join(sorted(written) + (["no symbol"] if "" in found else []))
        raise ImportFormatError(
            f"{what} mixes its amounts' currencies ({mixed}): which is it?",
            position=position,
            rule="bad-header",
        )
    symbol = next(iter(written), None)
    if code is None:
        return CURRENCY_SYMBOLS[symbol] if symbol is not None else None
    if symbol is not None and not _stands_for(symbol, code):
        raise ImportFormatError(
            f"{what} is written in {symbol} but says {code}: which is it?",
            position=position,
            rule="bad-header",
        )
    return code


def _stands_for(symbol: str, currency: str) -> bool:
    """Whether a site's ``symbol`` can be written for amounts in ``currency``: the currency it
    stands for, and ``$`` any dollar (``USD``, ``CAD``…)."""
    return CURRENCY_SYMBOLS[symbol] == currency or (symbol == "$" and currency.endswith("D"))


def _other_currency(symbol: str, code: str | None, currency: str | None) -> str | None:
    """The currency an amount's ``symbol`` or ``code`` names when it is not ``currency`` (every
    one is another where ``currency`` is None: chips have none); None when the amount names no
    currency or that one."""
    if symbol and (currency is None or not _stands_for(symbol, currency)):
        return CURRENCY_SYMBOLS[symbol]
    if code is not None and code != currency:
        return code
    return None


# --- amounts ----------------------------------------------------------------------------------

_AMOUNT = re.compile(
    r"(?P<sign>[+-]?)(?P<symbol>[$€£]?)(?P<whole>[0-9,]*+)(?:\.(?P<fraction>[0-9]*+))?"
    r"(?:\s*+(?P<code>USD|EUR|GBP))?"
)


_THOUSANDS = re.compile(r"[0-9]{1,3}(?:,[0-9]{3})+")
"""The whole part of an amount written with commas: every comma groups thousands.  A comma
anywhere else (``$0,25``, a decimal comma of an edited file) is no amount: its commas dropped,
``$0,25`` read as $25, a hand's money would be a hundred times what was played, and a hand
whose every amount is so written replays clean."""


_DOTTED_THOUSANDS = re.compile(
    r"[+-]?[$€£]?[1-9][0-9]{0,2}(?:\.[0-9]{3})+(?:,[0-9]+)?(?:\s*[$€£])?"
)
"""An amount shaped as thousands grouped with points (``10.000``, ``1.500.000``, ``1.500,00€``),
as some European sites and editors write them.  Read with a decimal point, ``10.000`` chips
were 10 and ``20.000/40.000`` blinds 20/40: a hand whose every amount is so written replayed
clean at a thousandth of what was played.  One point before three digits may as well be a
decimal point with three decimals, and no site these readers read writes either (each groups
thousands with a comma, or not at all; Winamax writes ``2047.50€``): no hand says which it
is, so such an amount is refused, never read either way."""

_DOTTED_FIX = (
    "write the file's amounts with no point between thousands (10000 or 10,000) and read it again"
)


def _dotted_why(text: str) -> str:
    """Why an amount shaped as :data:`_DOTTED_THOUSANDS` is refused, and what to do."""
    if text.count(".") == 1 and "," not in text:
        return (
            "may group thousands with a point (10.000 as ten thousand) or have a decimal "
            "point and three decimals (10.000 as ten): nothing in the hand says which, and "
            f"the two differ a thousandfold; {_DOTTED_FIX}"
        )
    return f"groups thousands with points, which this reader does not read; {_DOTTED_FIX}"


def parse_amount(
    text: str, *, currency: str | None, position: Position | None = None, signed: bool = False
) -> int:
    """An amount as printed, as an integer: cents of money where the hand's amounts are in
    ``currency``, whole chips where it is None (a tournament's chips, play money).

    Only plain decimal figures are amounts: a comma only between groups of three digits
    (:data:`_THOUSANDS`), no point that may group thousands (:data:`_DOTTED_THOUSANDS`:
    ``10.000``, refused as ``bad-amount`` saying why), no exponent, no ``inf`` or ``NaN``, at most
    :data:`~badugi_ledger.model.limits.MAX_DIGITS` digits, within ±2^53 once in cents; a sign only
    where ``signed`` (a KingsClub net result); no symbol or code of another currency (``€2`` in
    a hand played in USD, ``$2`` in a hand of chips): a site writes one currency on every amount
    of a hand, so such an amount is damaged or edited, and read as the hand's currency its money
    would be wrong without a word (every reader reads its amounts here, so each is checked as it
    is read).  Anything else is a ``bad-amount`` error.

    >>> parse_amount("$0.25", currency="USD"), parse_amount("$5", currency="USD")
    (25, 500)
    >>> parse_amount("2,666.24", currency="USD"), parse_amount("1,500", currency=None)
    (266624, 1500)
    >>> parse_amount("0.125", currency="USD")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    badugi_ledger.model.errors.ImportFormatError: amount '0.125' is not a whole number of cents ...
    >>> parse_amount("€2", currency="USD")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    badugi_ledger.model.errors.ImportFormatError: amount '€2' is in EUR in a hand played in USD...
    """
    cents = currency is not None
    if text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS:  # whole chips or dollars
        value = int(text) * 100 if cents else int(text)
        if value <= MAX_AMOUNT:
            return value

    def bad(why: str) -> ImportFormatError:
        return ImportFormatError(
            f"amount {quote(text)!r} {why}", position=position, rule="bad-amount"
        )

    if _DOTTED_THOUSANDS.fullmatch(text.strip()):
        raise bad(_dotted_why(text))
    m = _AMOUNT.fullmatch(text.strip())
    whole = m["whole"].replace(",", "") if m is not None else ""
    fraction = (m["fraction"] or "").rstrip("0") if m is not None else ""
    if m is None or not (whole or m["fraction"]):
        return _not_a_number(text, bad)
    if "," in m["whole"] and not _THOUSANDS.fullmatch(m["whole"]):
        raise bad(
            "is not a number as sites write them: a comma only groups thousands (1,500), "
            "and cents follow a point ($0.25)"
        )
    other = _other_currency(m["symbol"], m["code"], currency)
    if other is not None:
        raise bad(f"is in {other} in a hand played {f'in {currency}' if cents else 'for chips'}")
    if m["sign"] == "-" and not signed:
        raise bad("is negative, which this amount cannot be")
    if len(whole.lstrip("0")) > MAX_DIGITS:
        raise bad(f"has more digits than the largest amount, 2^53 ({MAX_AMOUNT:,})")
    if len(fraction) > (2 if cents else 0):
        raise bad(f"is not a whole number of {'cents' if cents else 'chips'}")
    value = int(whole or "0")
    if cents:
        value = value * 100 + int(fraction.ljust(2, "0"))
    problem = amount_problem(value, "the amount in cents" if cents else "the amount")
    if problem is not None:
        raise bad(f"is too large: {problem}")
    return -value if m["sign"] == "-" else value


def _not_a_number(text: str, bad: Callable[[str], ImportFormatError]) -> int:
    """Why ``text`` is no amount at all (raised, never returned)."""
    lowered = text.lower()
    if "inf" in lowered or "nan" in lowered:
        raise bad("is not a finite number: expected digits such as 1,500 or $0.25")
    if "e" in lowered.lstrip("$€£"):
        raise bad("is written with an exponent: expected digits such as 1,500 or $0.25")
    raise bad("is not a number: expected digits such as 1,500 or $0.25")


def parse_count(text: str, what: str, position: Position | None = None) -> int:
    """A small whole number a site writes (a seat, a button, a number of cards or seats).

    >>> parse_count("6", "seat")
    6
    """
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        raise ImportFormatError(
            f"{what} {quote(text)!r} is not a whole number of at most {MAX_DIGITS} digits",
            position=position,
            rule="bad-number",
        )
    value = int(text)
    problem = amount_problem(value, what)
    if problem is not None:
        raise ImportFormatError(problem, position=position, rule="bad-number")
    return value


def hand_number(text: str, position: Position | None = None) -> str:
    """A site's hand number as written, once checked to be a number within 2^53.

    >>> hand_number("49164202872")
    '49164202872'
    """
    parse_count(text, "hand number", position)
    return text


def header_time(*parts: str) -> datetime | None:
    """The start of a hand from the header's year, month, day, hour, minute and second (None
    when they make no date).

    >>> header_time("2010", "09", "05", "10", "32", "15")
    datetime.datetime(2010, 9, 5, 10, 32, 15)
    """
    try:
        year, month, day, hour, minute, second = (int(p) for p in parts)
        return datetime(year, month, day, hour, minute, second)
    except (ValueError, OverflowError, TypeError):
        return None


def parse_site_cards(text: str, position: Position | None = None) -> tuple[Card | None, ...]:
    """Cards as sites print them: ``As 3h``, ``Qs,2s``, ``X X X X``; no repeats allowed."""
    tokens = text.replace(",", " ").split()
    try:
        cards = tuple(parse_card_or_unknown(t, position) for t in tokens)
    except CardError as exc:
        raise ImportFormatError(str(exc.message), position=position, rule="bad-card") from None
    known = [c for c in cards if c is not None]
    if len(set(known)) != len(known):
        raise ImportFormatError(
            f"the site lists a card twice in [{text}]", position=position, rule="corrupt-hand"
        )
    return cards
