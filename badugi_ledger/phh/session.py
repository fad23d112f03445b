"""What PHH cannot say about a hand's event, kept in user-defined fields both ways.

PHH names a hand's ``event``, ``venue`` and date, and nothing else of it: not whether it was a
tournament, its season, buy-in, starting chips and payouts, nor what a home game's chip is
worth.  Without them a night written to PHH and read back is another event: a tournament read
as a cash game (its chips counted as a cash game's), a ``chips 100 = 10 EUR`` night as plain
chips, either stored beside the night itself.  So :func:`session_fields` writes them in
user-defined fields (PHH's ``_`` prefix, which other readers ignore), and :func:`read_session`
reads them back, each checked as the header of our format checks it.  A file without them
(PokerKit's, any other writer's) is a cash game of plain chips, as before.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ..model.errors import ConfigError
from ..model.events import Session
from ..model.money import check_currency, valued_chip
from ..model.settings import validate_payouts
from .fields import KIND_FIELD, HandFields

SEASON, BUY_IN, STARTING_CHIPS, PAYOUTS = (
    "_season",
    "_buy_in",
    "_starting_chips",
    "_payouts",
)
CHIP_CENTS, CHIP_CURRENCY = "_chip_cents", "_chip_currency"
FIELDS = frozenset({KIND_FIELD, SEASON, BUY_IN, STARTING_CHIPS, PAYOUTS, CHIP_CENTS, CHIP_CURRENCY})
"""The user-defined fields of a hand's event (``_buy_in`` in cents of money, as our format's
``buy-in`` header holds it; ``_chip_cents`` of ``_chip_currency``: what one chip is worth)."""


def session_fields(session: Session) -> list[tuple[str, Any]]:
    """The fields of ``session`` that PHH has no field for (none for a plain cash game)."""
    fields: list[tuple[str, Any]] = []
    if session.kind != "cash":
        fields.append((KIND_FIELD, session.kind))
    if session.season is not None:
        fields.append((SEASON, session.season))
    if session.buy_in is not None:
        fields.append((BUY_IN, session.buy_in))
    if session.starting_chips is not None:
        fields.append((STARTING_CHIPS, session.starting_chips))
    if session.payouts:
        fields.append((PAYOUTS, list(session.payouts)))
    if session.chip_value is not None:
        fields += [
            (CHIP_CENTS, session.chip_value.cents),
            (CHIP_CURRENCY, session.chip_value.currency),
        ]
    return fields


def read_session(hand: dict[str, Any], fields: HandFields) -> Session:
    """The hand's event: ``event``, ``venue``, the date and :data:`FIELDS`."""
    name, date, place = fields.label("event"), fields.date(), fields.text("venue")
    if FIELDS.isdisjoint(hand) and fields.valued is None:
        return _session(name, date, place)
    kind = fields.text(KIND_FIELD) or "cash"
    if kind not in ("cash", "tournament"):
        fields.fail(KIND_FIELD, f"{KIND_FIELD} must be 'cash' or 'tournament', not {kind!r}")
    buy_in = fields.whole(BUY_IN, hand[BUY_IN], BUY_IN) if BUY_IN in hand else None
    starting = (
        fields.whole(STARTING_CHIPS, hand[STARTING_CHIPS], STARTING_CHIPS, 1)
        if STARTING_CHIPS in hand
        else None
    )
    payouts: tuple[int, ...] = ()
    if PAYOUTS in hand:
        try:
            payouts = validate_payouts(fields.amounts(PAYOUTS))
        except ConfigError as exc:
            fields.fail(PAYOUTS, exc.message)
    chips = fields.valued  # (a currency of no minor unit: chips of one unit of it)
    if CHIP_CENTS in hand or CHIP_CURRENCY in hand:
        if fields.currency is not None or chips is not None:  # as ``chips`` beside currency
            what = f"cents of {fields.currency}" if chips is None else f"units of {chips.currency}"
            fields.fail(
                CHIP_CENTS,
                f"amounts are already {what} (currency): chips need no value; leave out "
                f"{CHIP_CENTS} and {CHIP_CURRENCY}, or currency",
            )
        cents = fields.whole(CHIP_CENTS, hand.get(CHIP_CENTS), CHIP_CENTS, 1)
        currency = fields.text(CHIP_CURRENCY)
        try:
            code = check_currency(currency or "")
        except ConfigError as exc:
            fields.fail(CHIP_CURRENCY, exc.message)
        try:  # (a chip in yen is worth whole yen)
            chips = valued_chip(cents, code)
        except ConfigError as exc:
            fields.fail(CHIP_CENTS, exc.message)
    return Session(
        kind=kind,  # type: ignore[arg-type]  # checked above
        name=name,
        date=date,
        place=place,
        season=fields.text(SEASON) or None,  # an empty ``_season = ""``: none
        buy_in=buy_in,
        starting_chips=starting,
        payouts=payouts,
        chip_value=chips,
    )


@lru_cache(maxsize=256)
def _session(name: str, date: str | None, place: str | None) -> Session:
    """A cash session of plain chips; the few distinct ones of a run are built once (they are
    frozen)."""
    return Session(kind="cash", name=name, date=date, place=place)
