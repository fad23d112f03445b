"""Units and money: what an amount of the ledger is counted in, and how it is read and shown.

Every amount the ledger stores is an integer in the smallest unit of its event's *unit*:

* ``chips``: a home cash game's chips (no money value stated);
* ``tournament chips``: a tournament's chips, worth nothing outside it;
* a currency code (``USD``, ``EUR``…): cents of that currency (site files, ``currency CODE``).

A tournament's money (buy-ins, prizes, bounties) is cents of its currency, or of an unstated
currency (:data:`UNSTATED`) when the file names none.  A home game may value its chips
(``chips 100 = 10 EUR``): a :class:`ChipValue` turns its chips into cents, exactly, since a
chip must be worth a whole number of cents.

Two units are never added: reports group by unit.  Money is shown as money (``12.34 USD``,
``-4.50 EUR``), never as raw cents; chips as chips (``28 chips``).  The messages about a hand
name its figures so too (:func:`hand_figure`, :func:`hand_amount`).  :func:`parse_money` reads
an amount typed by a person (``12.34``) into exact cents.

>>> format_amount(-450, "EUR")
'-4.50 EUR'
>>> format_amount(28, "chips")
'28 chips'
>>> parse_money("12.34")
1234
"""

from __future__ import annotations

import re
from functools import cache

from .errors import ConfigError
from .frozen import fields_eq, fields_hash, fields_repr, frozen_fields
from .limits import MAX_AMOUNT, MAX_DIGITS, amount_problem, quote

CHIPS = "chips"
"""A home cash game's chips, with no money value stated."""
TOURNAMENT_CHIPS = "tournament chips"
"""A tournament's chips: they count for places, never for money."""
UNSTATED = "money"
"""Cents of a currency the file did not name (a home tournament's buy-in without ``currency``)."""
CHIP_UNITS = (CHIPS, TOURNAMENT_CHIPS)


# Compiled on first use: most runs type in no money and name no currency.
@cache
def _money_pattern() -> re.Pattern[str]:
    """An amount typed by a person, in ASCII digits (as every amount of a hand is)."""
    return re.compile(r"^(?P<sign>[+-]?)(?P<whole>[0-9]*)(?:\.(?P<cents>[0-9]*))?$")


@cache
def _currency_pattern() -> re.Pattern[str]:
    """A currency code."""
    return re.compile(r"^[A-Z]{3}$")


def is_money(unit: str) -> bool:
    """True when amounts in ``unit`` are cents (of a named or an unstated currency)."""
    return unit not in CHIP_UNITS


def format_amount(amount: int, unit: str, *, sign: bool = False) -> str:
    """``amount`` (cents where ``unit`` is money, else chips) as people read it, with its unit.

    >>> format_amount(123456, "USD", sign=True)
    '+1,234.56 USD'
    >>> format_amount(-5, "money")
    '-0.05'
    >>> format_amount(1500, "tournament chips")
    '1,500 tournament chips'
    >>> format_amount(-1, "chips", sign=True), format_amount(1, "chips", sign=True)
    ('-1 chip', '+1 chip')

    A currency of no minor unit (:data:`NO_MINOR_UNIT`: a night in chips valued in yen) is
    shown in whole units, as it is paid, unless an amount holds a fraction of one (an average):

    >>> format_amount(140000, "JPY", sign=True), format_amount(150, "JPY")
    ('+1,400 JPY', '1.50 JPY')
    """
    plus = "+" if sign and amount > 0 else ""
    if not is_money(unit):
        return f"{plus}{amount:,} {unit[:-1] if amount in (1, -1) else unit}"  # 1 chip
    whole, cents = divmod(abs(amount), 100)
    minus = "-" if amount < 0 else plus
    if not cents and unit in NO_MINOR_UNIT:
        return f"{minus}{whole:,} {unit}"
    text = f"{minus}{whole:,}.{cents:02d}"
    return text if unit == UNSTATED else f"{text} {unit}"


def plain_money(cents: int) -> str:
    """Cents as the plain decimal :func:`parse_money` reads back (no separators, no unit).

    >>> plain_money(123456), plain_money(-5)
    ('1234.56', '-0.05')
    """
    whole, rest = divmod(abs(cents), 100)
    return f"{'-' if cents < 0 else ''}{whole}.{rest:02d}"


def hand_figure(amount: int, currency: str | None, *, sign: bool = False) -> str:
    """A figure of a hand as its messages name it, without a unit: what a person reads in the
    file and wrote there.  Chips as they are (``150``); money (``currency``: the code of a
    cash game's cents, :func:`~.events.amounts_currency`) as money (``1.50``), since a site
    file and a PHH hand write dollars and cents, and our format's ``currency USD`` is read so
    everywhere else the ledger shows it.  No thousands separator, as a file writes none.

    >>> hand_figure(150, None), hand_figure(150, "USD"), hand_figure(-5, "EUR", sign=True)
    ('150', '1.50', '-0.05')
    >>> hand_figure(250, None, sign=True), hand_figure(250, "USD", sign=True)
    ('+250', '+2.50')
    """
    if currency is None:
        return f"{amount:+d}" if sign else str(amount)
    return ("+" if sign and amount > 0 else "") + plain_money(amount)


def hand_amount(amount: int, currency: str | None) -> str:
    """An amount of a hand with its unit, as a message names a stack, a difference or what is
    left: ``28 chips`` (``1 chip``) in a game of chips, ``15.00 USD`` in one of money (never
    cents called chips).

    >>> hand_amount(1500, None), hand_amount(1, None), hand_amount(1500, "USD")
    ('1500 chips', '1 chip', '15.00 USD')
    """
    if currency is None:
        return f"{amount} chip" if amount in (1, -1) else f"{amount} chips"
    return f"{plain_money(amount)} {currency}"


def major_units(amount: int, unit: str) -> int | float:
    """``amount`` as a number for JSON, CSV and Parquet: chips as they are, cents as currency
    units (1234 → 12.34).  The float is the shortest decimal that reads back as those cents.

    >>> major_units(1234, "USD"), major_units(28, "chips")
    (12.34, 28)
    """
    if not is_money(unit):
        return int(amount)
    from decimal import Decimal  # only where money is written out or typed in: not at start

    value = float(Decimal(int(amount)) / 100)
    if Decimal(repr(value)) * 100 != int(amount):  # pragma: no cover - beyond 2^53 / 100
        raise ConfigError(f"{amount} cents cannot be written exactly as a number")
    return value


def parse_money(text: str, what: str = "amount", *, negative: bool = False) -> int:
    """A money amount typed by a person (``12.34``, ``12``, ``0.5``) as exact cents.

    Refused with a clear :class:`ConfigError`: anything but digits with at most one point and
    two decimals (no ``NaN``, ``inf``, exponent or thousands separator), a fraction of a cent,
    a negative amount unless ``negative``, more than the largest amount (2^53 cents).

    >>> parse_money("0.5"), parse_money("7")
    (50, 700)
    """
    raw = text.strip()
    match = _money_pattern().match(raw)
    if match is None or not (match["whole"] or match["cents"]):
        raise ConfigError(
            f"{what} {quote(text)!r} is not an amount of money: write it like 12.34 "
            "(digits, a point and at most two decimals)"
        )
    if len(match["whole"]) > MAX_DIGITS:
        raise ConfigError(f"{what} {quote(text)!r} is above the largest amount, 2^53 cents")
    cents_text = match["cents"] or ""
    if len(cents_text) > 2:
        raise ConfigError(
            f"{what} {quote(text)!r} has more than two decimals: amounts are whole cents"
        )
    from decimal import Decimal

    value = int(Decimal(f"{match['whole'] or '0'}.{cents_text or '0'}") * 100)
    if match["sign"] == "-":
        if not negative:
            raise ConfigError(f"{what} {quote(text)!r} cannot be negative")
        value = -value
    problem = amount_problem(value, f"{what} in cents")
    if problem:
        raise ConfigError(problem)
    return value


NO_MINOR_UNIT = frozenset(
    {"BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND"}
    | {"VUV", "XAF", "XOF", "XPF"}
)
"""Currencies of no minor unit (ISO 4217 exponent 0): a game in one is chips of one unit."""
NOT_IN_CENTS = (
    NO_MINOR_UNIT
    | {"BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"}  # thousandths (exponent 3)
    | {"CLF", "UYW"}  # ten-thousandths (exponent 4)
)
"""Currencies whose smallest unit is not a hundredth of the main one (ISO 4217): amounts of
our format in ``currency CODE`` are cents, which they do not have (``currency JPY`` with
blinds of 100 yen would be read as one yen, and every settle-up shown 100 times too small)."""


ISO_4217 = frozenset((
    "AED", "AFN", "ALL", "AMD", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT",
    "BGN", "BHD", "BIF", "BMD", "BND", "BOB", "BOV", "BRL", "BSD", "BTN", "BWP", "BYN",
    "BZD", "CAD", "CDF", "CHE", "CHF", "CHW", "CLF", "CLP", "CNY", "COP", "COU", "CRC",
    "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD", "EGP", "ERN", "ETB", "EUR", "FJD",
    "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ", "GYD", "HKD", "HNL", "HTG",
    "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD", "JPY", "KES", "KGS",
    "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR", "LRD", "LSL",
    "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR", "MWK",
    "MXN", "MXV", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB",
    "PEN", "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR",
    "SBD", "SCR", "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC",
    "SYP", "SZL", "THB", "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH",
    "UGX", "USD", "USN", "UYI", "UYU", "UYW", "UZS", "VED", "VES", "VND", "VUV", "WST",
    "XAD", "XAF", "XAG", "XAU", "XBA", "XBB", "XBC", "XBD", "XCD", "XCG", "XDR", "XOF",
    "XPD", "XPF", "XPT", "XSU", "XTS", "XUA", "XXX", "YER", "ZAR", "ZMW", "ZWG",
))  # fmt: skip
"""The codes of ISO 4217 List One (current currencies and funds, with the precious metals and
the codes for testing and for no currency, XXX), as its maintenance agency (SIX) published it
on 2025-05-12: the codes a ``currency`` or a chip's value may name without a warning
(:func:`not_a_currency`).  Embedded: neither the standard library nor pandas holds the list.
A code withdrawn before then (HRK, ANG, CUC) or added after is warned of, never refused."""


def is_currency(code: str) -> bool:
    """True when ``code`` is a currency's (:data:`ISO_4217`).

    >>> is_currency("EUR"), is_currency("EUS")
    (True, False)
    """
    return code in ISO_4217


def not_a_currency(code: str) -> str:
    """The warning of a header that names ``code``, a code no currency has, as its money: the
    night's amounts would be a unit of their own, apart from every currency's in standings,
    settle-ups and exports, without a word.  Not a refusal: a club may count money of its own.

    >>> not_a_currency("EUS")[:42]
    'EUS: no currency has this code; EUR? USD? '
    """
    near = nearest_currencies(code)
    head = f"{code}: no currency has this code" + (f"; {'? '.join(near)}?" if near else ".")
    return (
        f"{head} Amounts in {code} count as money of their own, kept apart from every "
        f"currency's in the standings, settle-ups and exports (ISO 4217 lists no {code}): "
        f"write the currency's code, or keep {code} if it is the club's own money"
    )


def nearest_currencies(code: str, most: int = 2) -> list[str]:
    """The codes of :data:`ISO_4217` nearest ``code``, at most ``most``: those with two of its
    letters in the same order, fewest changes first (a letter changed, or two swapped, is one:
    ``UDS`` for USD), then a swap before a change (it keeps every letter the writer meant),
    then two letters side by side in both before two apart (``EUS``: USD, shifted, before
    KES), then the most letters in their places, then in alphabetical order.

    >>> nearest_currencies("EUS"), nearest_currencies("UDS"), nearest_currencies("QQQ")
    (['EUR', 'USD'], ['USD', 'UZS'], [])
    """
    near = [c for c in ISO_4217 if _common_in_order(code, c) >= 2]
    near.sort(
        key=lambda c: (
            _changes(code, c),
            sorted(c) != sorted(code),
            not any(code[i : i + 2] in c for i in range(len(code) - 1)),
            -sum(a == b for a, b in zip(code, c, strict=False)),
            c,
        )
    )
    return near[:most]


def _common_in_order(a: str, b: str) -> int:
    """How many letters ``a`` and ``b`` have in common in the same order (the longest common
    subsequence)."""
    row = [0] * (len(b) + 1)
    for x in a:
        diagonal = 0
        for j, y in enumerate(b, 1):
            diagonal, row[j] = row[j], diagonal + 1 if x == y else max(row[j], row[j - 1])
    return row[-1]


def _changes(a: str, b: str) -> int:
    """The fewest letters changed, added, dropped or swapped with the next one that make ``a``
    into ``b`` (the optimal string alignment distance)."""
    d = [[i + j if not i * j else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(
                d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[-1][-1]


def amounts_in_cents(code: str) -> str:
    """``code``, refused (ConfigError) when a game's amounts cannot be its cents
    (:data:`NOT_IN_CENTS`), with the way to record such a game: chips valued in it."""
    if code in NOT_IN_CENTS:
        raise ConfigError(amounts_in_cents_refusal(code))
    return code


def amounts_in_cents_refusal(code: str) -> str:
    """Why a game of money in ``code`` (one of :data:`NOT_IN_CENTS`) is not recorded so."""
    return (
        f"currency {code}: a game of money writes its amounts in cents, and {code} is "
        f"not counted in cents; write a cash night in chips valued in {code} instead, on "
        f"its cash line ('chips 1 = 1 {code}': 200 chips are 200 {code}), and a "
        "tournament without a currency"
    )


def check_currency(code: str) -> str:
    """``code`` if it is a currency code (three capital letters), else ConfigError."""
    if not _currency_pattern().match(code):
        raise ConfigError(
            f"{quote(code)!r} is not a currency code (three capital letters, like EUR)"
        )
    return code


@frozen_fields
class ChipValue:
    """What one chip of a home cash game is worth: ``cents`` of ``currency``."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    cents: int
    currency: str

    def __init__(self, cents: int, currency: str) -> None:
        object.__setattr__(self, "__dict__", {"cents": cents, "currency": currency})

    def to_money(self, chips: int) -> int:
        """``chips`` in cents of :attr:`currency` (exact: a chip is a whole number of cents)."""
        return chips * self.cents


def unit_words(unit: str, worth: ChipValue | str | None = None, money: str | None = None) -> str:
    """An event's unit as every report and page writes it in words: its currency code,
    ``chips`` or ``tournament chips``, and chips valued in money with what one is worth,
    ``chips of 0.25 EUR``.  One spelling for prose (``is saved in chips of 0.25 EUR``) and for
    a table's unit column alike.

    ``worth`` is what one chip is worth: the :class:`ChipValue` of a night read from its text,
    or that value as the ledger's event rows carry it already written (their ``chip_value``,
    ``"0.25 EUR"``); None where the chips are not valued.  ``money`` is what the event's
    figures are in (``events.money``): where neither the unit nor a chip's worth names it (a
    tournament's chips, whose buy-ins and prizes are money), the words say it too, so that a
    tournament played for dollars never reads as chips alone.

    >>> unit_words("EUR"), unit_words(CHIPS, ChipValue(25, "EUR")), unit_words(CHIPS, "0.10 EUR")
    ('EUR', 'chips of 0.25 EUR', 'chips of 0.10 EUR')
    >>> unit_words(CHIPS), unit_words(TOURNAMENT_CHIPS)
    ('chips', 'tournament chips')
    >>> unit_words(TOURNAMENT_CHIPS, None, "USD"), unit_words("USD", None, "USD")
    ('tournament chips, settled in USD', 'USD')
    """
    if isinstance(worth, ChipValue):
        worth = format_amount(worth.cents, worth.currency)
    if worth:
        return f"{unit} of {worth}"
    if money and money != unit:
        return f"{unit}, settled in {unit_name(money)}"
    return unit


def unit_name(unit: str) -> str:
    """A unit as a heading or a caption names it: money of a currency the records did not
    name (:data:`UNSTATED`) says so; any other unit is its own name.  One spelling for the
    season report and the web app.

    >>> unit_name("EUR"), unit_name("money"), unit_name("chips")
    ('EUR', 'money (currency not named)', 'chips')
    """
    return "money (currency not named)" if unit == UNSTATED else unit


def chip_value(chips: int, amount: str, currency: str) -> ChipValue:
    """The value the header ``chips 100 = 10 EUR`` states: ``chips`` chips are worth
    ``amount`` (``10``, ``2.50``) of ``currency``.

    A chip must be worth a whole number of cents, so every result converts exactly, and in a
    currency of no minor unit (:data:`NO_MINOR_UNIT`) a whole number of its units: a night's
    results are paid in chips' worth, and a settle-up in fractions of a yen cannot be paid.
    Anything else is a ConfigError that says what one chip would be worth.  A value of more
    than two decimals in a currency of thousandths (KWD) is refused as what it is: money is
    counted in hundredths, as a game of money in that currency is refused for it.

    >>> chip_value(100, "10", "EUR")
    ChipValue(cents=10, currency='EUR')
    >>> chip_value(1, "100", "JPY")
    ChipValue(cents=10000, currency='JPY')
    """
    check_currency(currency)
    if not 0 < chips <= MAX_AMOUNT:
        raise ConfigError(f"chips {chips} = …: the number of chips must be 1 or more")
    if currency in NOT_IN_CENTS and len(amount.strip().partition(".")[2]) > 2:
        if currency in NO_MINOR_UNIT:
            raise ConfigError(_no_minor_unit(chips, amount, currency, "", 1))
        raise ConfigError(
            f"chips {chips} = {amount} {currency} has more than two decimals: the ledger "
            f"counts money in hundredths, not in {currency}'s smaller units (a game of "
            f"money in {currency} is refused for that); value a chip in whole hundredths "
            f"of {currency}"
        )
    cents = parse_money(amount, "chip value")
    if cents == 0:
        raise ConfigError("chips cannot be worth nothing: leave the chips header out instead")
    per_chip, rest = divmod(cents, chips)
    if currency in NO_MINOR_UNIT and (rest or per_chip % 100):
        worth = f" makes one chip worth about {cents / chips / 100:.2f} {currency}"
        raise ConfigError(_no_minor_unit(chips, amount, currency, worth, max(per_chip // 100, 1)))
    if rest:
        raise ConfigError(
            f"chips {chips} = {amount} {currency} makes one chip worth "
            f"about {cents / chips:.2f} cents: a chip must be worth a whole number of cents "
            f"(e.g. chips {chips} = {format_amount(max(per_chip, 1) * chips, 'money')} {currency})"
        )
    return valued_chip(per_chip, currency)


def valued_chip(cents: int, currency: str) -> ChipValue:
    """A chip worth ``cents`` of ``currency``, as a night's value of its chips may state it
    (:func:`chip_value`, or a PHH hand's ``_chip_cents``): refused (ConfigError) in a currency
    of no minor unit unless it is a whole number of that currency's units."""
    if currency in NO_MINOR_UNIT and cents % 100:
        raise ConfigError(_no_minor_unit(1, plain_money(cents), currency, "", max(cents // 100, 1)))
    return ChipValue(cents, currency)


def _no_minor_unit(chips: int, amount: str, currency: str, worth: str, example: int) -> str:
    """Why ``chips CHIPS = AMOUNT CURRENCY`` is refused in a currency of no minor unit (with
    what one chip would be ``worth``, when said), and a value that would do: ``example`` of
    the currency a chip."""
    return (
        f"chips {chips} = {amount} {currency}{worth}: {currency} has no minor unit, so a chip "
        f"must be worth a whole number of {currency} (e.g. chips {chips} = "
        f"{example * chips} {currency})"
    )
