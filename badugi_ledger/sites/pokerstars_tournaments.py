"""What a PokerStars hand history says of a tournament, beside the hand itself: the header's
tournament number, club and buy-in (the tournament's session), a rebuy or an add-on bought in
the hand (``X re-buys and receives 1500 chips for $1.00``), and the place and prize the site
states a player finished in (``X finished the tournament in 3rd place and received $1.60.``,
``X wins the tournament and receives $4.00 - congratulations!``: a claim the ledger holds to
its own places, :class:`~..model.events.StatedFinish`).

The hand's own lines, cash and tournament alike, are read by :mod:`.pokerstars`, which asks
this module for these; apart so that each module holds one kind of wording.
"""

from __future__ import annotations

import re

from ..model.errors import ImportFormatError, Position
from ..model.events import Session, StatedFinish
from ..model.limits import amount_problem
from .carry import CashTables
from .common import parse_amount, parse_count, site_currency
from .draft import HandDraft
from .files import NAME

TOURNAMENT = re.compile(
    r"(?:\{(?P<club>[^}]*)\}\s+)?Tournament #(?P<tid>\d+),\s+"
    r"(?P<buyin>Freeroll|(?:[$€£]?[\d.,]++\+)*+[$€£]?[\d.,]++(?: [A-Z]{3})?)\s+(?P<game>.*)$"
)
"""The header after the hand number, of a tournament's hand: its club, number, buy-in, game."""
IS_TOURNAMENT = re.compile(r"(?:\{[^}]*\}\s+)?Tournament #")
_BUY_IN_PART = re.compile(r"(?P<symbol>[$€£]?)[\d.,]++")

FIGURE = r"[$€£]?[\d,]++(?:\.\d++)?"
"""A figure of money the site writes before a full stop (a pot's in the summary, a prize): its
digits, not the stop."""

BOUGHT = re.compile(
    NAME + r" (?P<what>re-buys|takes the add-on) and receives (?P<chips>[\d,]++) chips for \S.*+$"
)
"""A tournament's rebuy or add-on, written in the hand it was bought in (after its collect
lines): the chips are for the next hand, whose seat line states the stack with them."""

_FINISHED = re.compile(
    NAME + r" finished the tournament in (?P<place>\d++)(?:st|nd|rd|th) place"
    r"(?: and received (?P<prize>" + FIGURE + r")\.)?$"
)
_WINS = re.compile(
    NAME + r" wins the tournament(?: and receives (?P<prize>" + FIGURE + r"))?"
    r" - congratulations!$"
)
"""The place (and prize) the site says a player finished the tournament in, written in the
hand he busted in (the winner's in the last hand): the ledger's claim of it
(:class:`~..model.events.StatedFinish`)."""

PLAY_MONEY_NOTE = " (play money)"
"""What the name of a play-money tournament ends in: its buy-in, in play chips, is no money and
is recorded as 0, like a freeroll's (the name says why)."""


def buy_in_of(text: str, pos: Position) -> tuple[int | None, str | None]:
    """A tournament's buy-in as the header writes it, in cents of its currency, and the
    currency (:func:`~.common.site_currency`: the code, else the symbol).  The buy-in is every
    part but the last, the fee: ``$2.00+$0.20 USD`` is 200, ``$10+$5+$1 USD`` (a bounty) 1500,
    ``$5 USD`` 500.  ``Freeroll`` is ``(None, None)``.  A play-money buy-in (``100+9``: play
    chips, neither symbol nor code) is ``(0, None)``: a play-money tournament has no money.

    >>> at = Position("f", 1, 1)
    >>> buy_in_of("€1.50+€0.15 EUR", at), buy_in_of("£5+£0.50", at)
    ((150, 'EUR'), (500, 'GBP'))
    >>> buy_in_of("100+9", at)
    (0, None)
    """
    if text == "Freeroll":
        return None, None
    amounts, _, code = text.partition(" ")
    parts = [m for m in map(_BUY_IN_PART.fullmatch, amounts.split("+")) if m is not None]
    currency = site_currency([m["symbol"] for m in parts], code or None, "the buy-in", pos)
    if currency is None:
        return 0, None
    paid = parts[:-1] or parts
    cents = sum([parse_amount(m[0], currency=currency, position=pos) for m in paid])
    problem = amount_problem(cents, "the buy-in in cents")
    if problem is not None:
        raise ImportFormatError(problem, position=pos, rule="bad-amount")
    return cents, currency


def tournament_session(
    tournament: re.Match[str],
    buy_in: int | None,
    currency: str | None,
    date: str | None,
    cash: CashTables,
    pos: Position,
) -> Session:
    """The session of a tournament's hand (``tournament``: its :data:`TOURNAMENT` header):
    named by the site's number (and club), dated as the file's tables date it
    (:meth:`~.carry.CashTables.date_of`), a play-money one's name saying so
    (:data:`PLAY_MONEY_NOTE`)."""
    name = f"PokerStars tournament #{parse_count(tournament['tid'], 'tournament number', pos)}"
    if tournament["club"]:
        name = f"{tournament['club']} {name}"
    if buy_in == 0 and currency is None:
        name += PLAY_MONEY_NOTE
    return Session(
        kind="tournament",
        name=name,
        date=cash.date_of(name, date),
        place="PokerStars",
        buy_in=buy_in,
    )


def stated_finish(
    draft: HandDraft, line: str, index: int, names: set[str], prizes: str | None
) -> bool:
    """A tournament's ``X finished the tournament in 3rd place [and received $1.60.]`` or ``X
    wins the tournament [and receives $4.00] - congratulations!``: the place and prize the
    site states, kept on the draft (a play-money tournament's prize, no money, is left out).
    True when the line is one of them about a seated player."""
    m = _FINISHED.match(line)
    won = _WINS.match(line) if m is None else None
    found = m or won
    if found is None or found["name"] not in names:
        return False
    place = 1 if m is None else parse_count(m["place"], "place", draft.at(index))
    prize = None
    if found["prize"] is not None and prizes is not None:
        prize = parse_amount(found["prize"], currency=prizes, position=draft.at(index))
    draft.finishes.append(StatedFinish(found["name"], place, prize))
    return True
