"""The fields of one PHH hand, each read as the type PHH gives it, or a located error.

TOML hands a reader whatever the file says: ``starting_stacks = [1e400, 100]`` is a float
(infinity), ``small_bet = nan`` is not a number, ``big_bet = "4"`` a string, ``antes = -1`` a
negative number, ``_rake = 99999999999999999999`` an integer beyond any real amount.  Every
numeric field of a hand is read here: a whole number from 0 to
:data:`~badugi_ledger.model.limits.MAX_AMOUNT` (the one bound on amounts and counts), or an
:class:`ImportFormatError` (rule ``bad-phh``) at the field's line and column saying what was
expected, and the file's other hands are read on.  The field's line is looked up only when
there is an error to locate.
"""

from __future__ import annotations

import datetime
import math
import re
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NoReturn

from ..model.errors import ConfigError, ImportFormatError, Position
from ..model.limits import MAX_AMOUNT, MAX_DIGITS, amount_problem, quote
from ..model.money import (
    NO_MINOR_UNIT,
    NOT_IN_CENTS,
    ChipValue,
    amounts_in_cents_refusal,
    check_currency,
    is_currency,
)
from ..model.names import line_break_refused, one_line

if TYPE_CHECKING:
    from decimal import Decimal  # imported where money is read (a TOML float is one)

    from ..model.errors import ConfigError

WHOLE = "a whole number from 0 to 2^53"


def describe(value: Any) -> str:
    """``value`` as an error message shows it: what it is, at most a line of it."""
    if isinstance(value, bool):
        return f"{str(value).lower()} (true or false)"
    if isinstance(value, float):
        return "nan (not a number)" if math.isnan(value) else f"{value!r} (not a whole number)"
    from decimal import Decimal  # (only an error is described: its import costs nothing else)

    if isinstance(value, Decimal):  # a TOML float, as written (:func:`.fast.loads`)
        if value.is_nan():
            return "nan (not a number)"
        if value.is_infinite():
            return f"{'-' if value < 0 else ''}inf (not a whole number)"
        shown = quote(str(value))
        if value.adjusted() > MAX_DIGITS:  # (said before any arithmetic beyond the context)
            return f"{shown} (more digits than any amount)"
        if value == value.to_integral_value():  # 1e3, 2.0 where only an integer is read
            return f"{shown} (a float: write the whole number without a point or exponent)"
        return f"{shown} (not a whole number)"
    if isinstance(value, str):
        return f"{quote(repr(value))} (text)"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    from datetime import date, datetime, time

    if isinstance(value, date | time):  # a TOML date or time: as TOML writes it
        kind = (
            "a date and time"
            if isinstance(value, datetime)
            else "a date"
            if isinstance(value, date)
            else "a time"
        )
        return f"{quote(value.isoformat())} ({kind})"
    return quote(repr(value))


def whole_float(value: Any) -> Any:
    """A TOML float that is a whole number (``200.0``, ``2e2``: a ``Decimal`` as written, or a
    ``float``) as that ``int``; any other value as it is, for :meth:`HandFields.whole` to
    refuse."""
    if isinstance(value, float):
        return int(value) if value.is_integer() and abs(value) <= MAX_AMOUNT else value
    from decimal import Decimal  # (a float was read, so the module is loaded)

    if (
        isinstance(value, Decimal)
        and value.is_finite()
        and value.adjusted() <= MAX_DIGITS  # (no arithmetic on a number beyond any context)
        and value == value.to_integral_value()
    ):
        return int(value)
    return value


BUY_IN_CURRENCY = "_buy_in_currency"
"""The user-defined field of a tournament's currency, its buy-in's
(:meth:`HandFields.read_currency`)."""

KIND_FIELD = "_kind"
"""The user-defined field of a hand's kind of event (``"tournament"``; none: a cash game),
:mod:`.session`."""


class HandFields:
    """Typed access to one hand's fields; ``lines`` (from file line ``start``) locate errors."""

    __slots__ = (
        "hand",
        "hand_id",
        "source",
        "lines",
        "start",
        "currency",
        "valued",
        "unknown_currency",
    )

    def __init__(
        self, hand: dict[str, Any], hand_id: str, source: str, lines: Sequence[str], start: int
    ) -> None:
        self.hand = hand
        self.hand_id = hand_id
        self.source = source
        self.lines = lines
        self.start = start
        self.currency: str | None = None
        """The hand's ``currency`` once read (:meth:`read_currency`): amounts are then its units,
        read into cents (:meth:`money`); None: chips."""
        self.valued: ChipValue | None = None
        """A cash game in a currency of no minor unit (:meth:`read_currency`): its amounts
        are chips of one unit of it."""
        self.unknown_currency: tuple[tuple[str, Position], ...] = ()
        """The code :meth:`read_currency` read that no currency has (``EUS``), where the field
        writes it: the replay warns of it (``HandRecord.unknown_currencies``)."""

    def read_currency(self) -> str | None:
        """The optional ``currency`` field; from now on amounts are read in its units - but a
        tournament's (:data:`KIND_FIELD`) currency is its buy-in's, and its stacks and bets
        stay chips: our writer puts it in :data:`BUY_IN_CURRENCY` (``currency`` would tell
        any other reader that the chips are money), which is read so too."""
        tournament = self.hand.get(KIND_FIELD) == "tournament"
        key = BUY_IN_CURRENCY if tournament and BUY_IN_CURRENCY in self.hand else "currency"
        currency = self.text(key)
        if currency:  # an ISO 4217 code; written in small letters, it is the same code
            code = currency.upper() if currency.isascii() else currency
            try:
                currency = check_currency(code)
            except ConfigError:
                self.fail(
                    key,
                    f"{key} {quote(repr(currency))} is not a currency code: three letters, "
                    "like USD or EUR (ISO 4217)",
                )
            if not is_currency(currency):  # (kept apart from every currency's: warned)
                self.unknown_currency = ((currency, self.where(key)),)
        currency = currency or None  # an empty ``currency = ""``: none, the amounts are chips
        if currency in NOT_IN_CENTS:
            if tournament or currency not in NO_MINOR_UNIT:  # a buy-in is money in cents too
                self.fail(key, amounts_in_cents_refusal(currency))
            # Yen have no cents: a game in them is chips of one yen, as ours writes it
            # (``chips 1 = 1 JPY``), and no game of money in cents (``currency JPY``).
            self.valued = ChipValue(100, currency)
            return None
        self.currency = None if tournament else currency
        return currency

    def where(self, key: str) -> Position:
        """The position of ``key``'s value in the file (the first line that sets it, its key
        bare or quoted either way)."""
        found = value_place(self.lines, key)
        if found is None:
            return Position(self.source, self.start, 1)
        index, column = found
        return Position(self.source, self.start + index, column)

    def fail(self, key: str, message: str) -> NoReturn:
        raise ImportFormatError(
            message, position=self.where(key), hand=self.hand_id, rule="bad-phh"
        )

    def required(self, key: str) -> Any:
        if key not in self.hand:
            raise ImportFormatError(
                f"the PHH field {key} is missing",
                position=Position(self.source, self.start, 1),
                hand=self.hand_id,
                rule="bad-phh",
            )
        return self.hand[key]

    def whole(self, key: str, value: Any, what: str, least: int = 0) -> int:
        """``value`` (read from ``key``) as a whole number from ``least`` to 2^53."""
        if type(value) is not int:
            self.fail(key, f"{what} must be {_range(least)}, not {describe(value)}")
        if value < least:
            self.fail(key, f"{what} must be {_range(least)}, not {value}")
        problem = amount_problem(value, what)
        if problem is not None:
            self.fail(key, problem)
        return value

    def money(self, key: str, value: Any, what: str) -> int:
        """``value`` (read from ``key``) as an amount: chips, a whole number from 0 to 2^53
        (:meth:`whole`), or, in a hand with a ``currency``, an amount of its units (an
        integer, or a decimal with at most two places) in exact cents, at most 2^53 of them.
        PHH's amounts are integers or floats: a float that is a whole number of chips
        (``200.0``, ``2e2``) is that number."""
        currency = self.currency
        if currency is None:
            return self.whole(key, value if type(value) is int else whole_float(value), what)
        from decimal import Decimal  # a hand of money

        if type(value) is int:
            cents: int | None = value * 100 if value >= 0 else None
        elif isinstance(value, Decimal) and value.is_finite() and value >= 0:
            cents = decimal_cents(value)
        else:
            cents = None
        if cents is None:
            shown = value if type(value) is int else describe(value).split(" (")[0]
            self.fail(
                key,
                f"{what} must be an amount of {currency} from 0 to 2^53 cents, in whole cents "
                f"(at most two decimals), not {shown}",
            )
        problem = amount_problem(cents, f"{what} (in cents)")
        if problem is not None:
            self.fail(key, problem)
        return cents

    def amount(self, key: str, *, money: bool = False) -> int:
        """A required whole-number field, or with ``money`` an amount (``small_bet``)."""
        if money:
            return self.money(key, self.required(key), key)
        return self.whole(key, self.required(key), key)

    def amounts(self, key: str, *, least: int = 0, money: bool = False) -> list[int]:
        """A required list of whole numbers, or with ``money`` of amounts (``starting_stacks``)."""
        values = self.required(key)
        if money and self.currency is not None:
            if not isinstance(values, list):
                self.fail(key, f"{key} must be a list of amounts, not {describe(values)}")
            return [self.money(key, v, f"{key}[{i}]") for i, v in enumerate(values)]
        if _all_whole(values, least):
            return values  # checked: a list of ints in range
        if not isinstance(values, list):
            self.fail(key, f"{key} must be a list of whole numbers, not {describe(values)}")
        if money:  # chips
            return [self.money(key, v, f"{key}[{i}]") for i, v in enumerate(values)]
        return [self.whole(key, v, f"{key}[{i}]", least) for i, v in enumerate(values)]

    def per_player(self, key: str, count: int) -> list[int]:
        """``antes``/``blinds_or_straddles``: one amount for all, or a list (padded with 0, as
        PokerKit pads it).  PokerKit also drops what a list has beyond the players; an amount
        there other than 0 is a forced bet nobody posts (a player left out of
        ``starting_stacks``?), refused rather than dropped unseen."""
        value = self.hand.get(key, 0)
        if not isinstance(value, list):
            return [self.money(key, value, key)] * count
        if self.currency is None and _all_whole(value, 0):
            values = value
        else:
            values = [self.money(key, v, f"{key}[{i}]") for i, v in enumerate(value)]
        if any(values[count:]):
            self.fail(
                key,
                f"{key} has {len(values)} amounts for {count} players (starting_stacks), and "
                f"those beyond them are not 0 ({', '.join(map(str, value[count:]))}): nobody "
                "would post them",
            )
        return (values + [0] * count)[:count]

    def optional_amounts(self, key: str, count: int) -> list[int] | None:
        """``finishing_stacks``: absent, or one amount per player."""
        if self.hand.get(key) is None:
            return None
        values = self.amounts(key, money=True)
        if len(values) != count:
            self.fail(key, f"{key} has {len(values)} values for {count} players")
        return values

    def strings(self, key: str, default: list[str]) -> list[str]:
        """A list of strings (``players``, ``actions``)."""
        values = self.hand.get(key, default)
        if type(values) is list:
            try:
                "".join(values)  # checks, in C, that every item is a string
                return values
            except TypeError:
                pass  # an item that is not: found and reported below
        if not isinstance(values, list):
            self.fail(key, f"{key} must be a list of strings, not {describe(values)}")
        for i, value in enumerate(values):
            if not isinstance(value, str):
                self.fail(key, f"{key}[{i}] must be a string, not {describe(value)}")
        return values

    def text(self, key: str) -> str | None:
        """An optional string field (``currency``, ``venue``), one line (:meth:`one_line`)."""
        value = self.hand.get(key)
        if value is not None and not isinstance(value, str):
            self.fail(key, f"{key} must be a string, not {describe(value)}")
        return value if value is None else self.one_line(key, value)

    def label(self, key: str) -> str:
        """An optional name (``hand``, ``table``, ``event``): a string or a whole number, one
        line (:meth:`one_line`)."""
        value = self.hand.get(key, "")
        if type(value) is int:
            return str(self.whole(key, value, key))
        if not isinstance(value, str):
            self.fail(key, f"{key} must be a string or a whole number, not {describe(value)}")
        return self.one_line(key, value)

    def one_line(self, key: str, value: str, what: str | None = None) -> str:
        """``value``, read at ``key`` (``what``: which item of it, else ``key``), refused if it
        holds a line break: a name is one line (:mod:`badugi_ledger.model.names`), as our
        text format (where a line break ends a header) and every site history write it.  TOML
        strings can hold one, and ``check``'s and ``import``'s lines, which name the hand, its
        table and its event, would be cut at it, the rest printed as a line of their own.
        Every other character is kept, and written visibly where it is shown.  When the name
        refused is the hand's own (its ``hand``, or its key in a ``.phhs`` file), the error
        names the hand by that name's ``repr``, one line."""
        refused = line_break_refused(what or key, value)
        if refused is not None:
            self.hand_id = one_line(self.hand_id)
            self.fail(key, refused)
        return value

    def date(self) -> str | None:
        """``year``/``month``/``day`` as ``YYYY-MM-DD`` when all three are there."""
        hand = self.hand
        date: list[Any] = [hand.get("year"), hand.get("month"), hand.get("day")]
        if not _all_whole(date, 0):  # else each is read as whole() reads it, or reported
            if not all(k in hand for k in ("year", "month", "day")):
                return None
            date = [self.whole(k, hand[k], k) for k in ("year", "month", "day")]
        year, month, day = date
        try:
            return _iso_date(year, month, day)
        except ValueError:
            self.fail("year", f"year {year}, month {month}, day {day} is not a date")
        except OverflowError:  # a number beyond any the date type holds: said at its field
            key, expected = _date_field(year, month, day)
            self.fail(
                key,
                f"year {year}, month {month}, day {day} is not a date ({key} must be {expected})",
            )


SETTING_KEYS: dict[str, str] = {
    "small_bet": "small_bet",
    "big_bet": "big_bet",
    "small_blind": "blinds_or_straddles",
    "big_blind": "blinds_or_straddles",
    "ante": "antes",
}
"""The PHH field that gives each value of a hand's settings that the settings can refuse
(:attr:`ConfigError.setting`): its error is located at that field."""


def value_place(lines: Sequence[str], key: str) -> tuple[int, int] | None:
    """Where ``key``'s value starts among ``lines`` (the first line that sets it, its key bare
    or quoted either way): the line's index and the 1-based column after ``=``; None if no line
    sets it."""
    name = re.escape(key)
    pattern = re.compile(rf"[ \t]*(?:{name}|\"{name}\"|'{name}')[ \t]*=[ \t]*")
    for index, line in enumerate(lines):
        found = pattern.match(line)
        if found is not None:
            return index, found.end() + 1
    return None


def settings_refused(
    fields: HandFields, exc: ConfigError, small_bet: int, big_bet: int
) -> NoReturn:
    """The settings' refusal ``exc`` at the PHH field whose value it refuses (blinds out of
    order at ``blinds_or_straddles``, a bet of 0 at that bet), where a user would look to
    mend it.  A refusal that names no setting a PHH field gives is at ``small_bet``, with
    both bets: the bets are the settings a PHH hand gives most directly."""
    key = SETTING_KEYS.get(exc.setting or "", "small_bet")
    if key == "blinds_or_straddles":
        said = "blinds_or_straddles lists the small blind first, then the big blind"
    elif key in ("small_bet", "big_bet"):
        said = f"small_bet {small_bet}, big_bet {big_bet}"
    else:
        said = key
    fields.fail(key, f"{exc.message} ({said})")


def table_named(hand: dict[str, Any]) -> str | None:
    """The ``table`` of a hand that could not be read, as :meth:`HandFields.label` reads it
    (the replay then forgets that table's stacks only), or None: the hand names no table, or
    names it wrongly, and it is not known which table's stacks it changed."""
    value = hand.get("table")
    if isinstance(value, str):
        return value
    if type(value) is int and value >= 0 and amount_problem(value, "table") is None:
        return str(value)
    return None


def decimal_cents(value: Decimal) -> int | None:
    """A finite, non-negative ``value`` of currency units in cents, exactly, or None when it is
    not a whole number of cents or has more than 2^53 of them (:func:`decimal_units`)."""
    return decimal_units(value, 2)


def decimal_units(value: Decimal, places: int) -> int | None:
    """A finite, non-negative ``value`` times ``10 ** places`` (2: currency units in cents; 0:
    a float that is a whole number of chips), exactly, or None when that is no whole number or
    above 2^53.  Read from its digits, never by ``Decimal`` arithmetic, which rounds to 28
    digits (``1.000…0001`` would become 1)."""
    _sign, digits, exponent = value.as_tuple()
    assert isinstance(exponent, int)  # finite
    shift = exponent + places  # the power of ten of the last digit, in the units wanted
    if shift < 0:
        if any(digits[shift:]):
            return None  # a fraction of the unit
        digits = digits[:shift]
        shift = 0
    if len(digits) + shift > MAX_DIGITS + 1:
        return None  # far beyond 2^53: not built
    units = int("".join(map(str, digits)) or "0") * 10**shift
    return units if units <= MAX_AMOUNT else None


def _all_whole(values: Any, least: int) -> bool:
    """Whether ``values`` is a non-empty list of ints (not bools) from ``least`` to 2^53: what
    :meth:`HandFields.whole` accepts item by item, checked at once for the common case."""
    if type(values) is not list or not values:
        return False
    # the types first, in C (a bool's type is not int), then the bounds of what are ints
    if set(map(type, values)) != _INT_ONLY:
        return False
    return least <= min(values) and max(values) <= MAX_AMOUNT


_INT_ONLY = {int}


def _date_field(year: int, month: int, day: int) -> tuple[str, str]:
    """The first of ``year``, ``month``, ``day`` outside its range, and the range."""
    if not datetime.MINYEAR <= year <= datetime.MAXYEAR:
        return "year", f"from {datetime.MINYEAR} to {datetime.MAXYEAR}"
    if not 1 <= month <= 12:
        return "month", "from 1 to 12"
    import calendar  # only for this error

    return "day", f"from 1 to {calendar.monthrange(year, month)[1]}"


@lru_cache(maxsize=1024)
def _iso_date(year: int, month: int, day: int) -> str:
    """``YYYY-MM-DD``; the few dates of a run are formatted once (a wrong one raises each time)."""
    return datetime.date(year, month, day).isoformat()


def _range(least: int) -> str:
    return WHOLE if least == 0 else f"a whole number from {least} to 2^53"
