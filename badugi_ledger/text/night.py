"""A ready-to-fill night file: the text ``badugi-ledger new`` writes and the web record page shows.

An organiser starting a game night wants a file that already says what is fixed before the
first card: the game, the stakes, the event and date, who sits where with how many chips, and
who has the button.  :func:`night_text` writes exactly that through the canonical writer
(:mod:`badugi_ledger.text.writer`, so names are quoted the way the reader reads them back), then
a comment block with the lines of the format a night uses most (a deal, the betting, a draw, a
show, a collection, the next hand), written with the night's own players: a sheet of lines, one
of each kind, not a hand to copy (its one draw is followed by the show, where a hand has three
draws), and its heading says so - uncommented, ``check`` would refuse the show as "before the
showdown".  The file reads as
it is (the first hand, still empty, is left to the organiser to play into it).

>>> print(night_text(["Anna", "Ben", "Cara"], date="2024-03-01"), end="")
game badugi · fixed limit 2/4 · blinds 1/2
cash · date 2024-03-01
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
<BLANKLINE>
# One line of each kind a hand is written with, not a whole hand (a betting round comes
# before each of the three draws and after the last; blinds are posted as the header
# says; stacks carry on):
#   deal: Anna As 5d 7h Kc
#   Anna calls · Ben calls · Cara checks
#   draw: Ben 2 · Cara pat · Anna Kc -> 3s
#   show: Anna 7h 5d 3s As · Cara mucks
#   Anna collects 6
#   hand 2 · button Ben · Anna · Ben · Cara
# Every line of the format: grammar/README.md.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Sequence
from typing import cast

from ..model.errors import ConfigError
from ..model.events import HandRecord, Seat, Session
from ..model.forced import blind_players
from ..model.games import GAMES, game_named
from ..model.limits import MAX_AMOUNT, MAX_DIGITS, quote
from ..model.money import ChipValue, amounts_in_cents, check_currency
from ..model.names import composed
from ..model.results import reserved_account, reserved_name_refused
from ..model.settings import STRUCTURE_KINDS, GameSettings, Structure, StructureKind
from .headers import implied_posts
from .writer import name_text, write_hand

__all__ = ["night_text"]

_STAKES = re.compile(r"\s*(\d+)\s*[/-]\s*(\d+)\s*")

_MOST_USED = """\
# One line of each kind a hand is written with, not a whole hand (a betting round comes
# before each of the three draws and after the last; blinds are posted as the header
# says; stacks carry on):
#   deal: {a} {deal}
#   {betting}
#   draw: {draws}
#   show: {a} {shown} · {c} mucks
#   {a} collects {pot}
#   hand 2 · button {b} · {seats}
# Every line of the format: grammar/README.md.
"""


def _stakes(stakes: str, structure: StructureKind) -> tuple[Structure, int, int]:
    """The structure and the blinds ``stakes`` gives: the bets ``S/B`` in fixed limit (blinds
    half the small bet, rounded down as card rooms do (3/6 has blinds 1/3), and the small bet,
    ``000``'s "good start" 1/2 for 2/4), the spread
    ``MIN-MAX`` in spread limit (blinds likewise from MIN), the blinds ``SB/BB`` otherwise."""
    found = _STAKES.fullmatch(stakes)
    if found is None:
        raise ConfigError(
            f"stakes {quote(repr(stakes))} are not two whole numbers like 2/4 (fixed limit: "
            "the bets; spread limit: the spread, 2-10; pot and no limit: the blinds, 1/2)"
        )
    figures = [digits.lstrip("0") or "0" for digits in (found[1], found[2])]
    for digits in figures:
        if len(digits) > MAX_DIGITS or int(digits) > MAX_AMOUNT:  # (never int of a long one)
            raise ConfigError(
                f"stakes {quote(repr(stakes))}: {quote(digits)} is above the largest amount, 2^53"
            )
    low, high = int(figures[0]), int(figures[1])
    if not 0 < low <= high:
        raise ConfigError(
            f"stakes {quote(repr(stakes))}: the first must be above 0 and not above the second"
        )
    if structure == "fixed-limit":
        return Structure("fixed-limit", low, high), low // 2, low
    if structure == "spread-limit":
        return Structure("spread-limit", spread_min=low, spread_max=high), low // 2, low
    return Structure(structure), low, high


def night_text(
    players: Sequence[str],
    *,
    game: str = "badugi",
    structure: str = "fixed-limit",
    stakes: str = "2/4",
    stacks: int = 100,
    event: str | None = None,
    date: datetime.date | str | None = None,
    currency: str | None = None,
    chip_value: ChipValue | None = None,
) -> str:
    """The text of a new night file: headers, the first hand's seats (``players`` clockwise,
    the first on the button, each with ``stacks`` chips) and the most used lines as comments.

    ``game`` is any spelling the format reads (``progressive badugi``); ``structure`` one of
    ``fixed-limit``, ``pot-limit``, ``half-pot-limit``, ``no-limit``, ``spread-limit``;
    ``stakes`` as :func:`_stakes` reads them; ``event`` names the cash session; ``date`` is a
    date or ``YYYY-MM-DD``.  ``currency`` (amounts are its cents: not JPY, KWD…, which a night
    values its chips in instead) or ``chip_value`` (what a chip is worth) is the unit of the
    session: the ledger keys an event by its unit, so a night that goes on with an event of
    the ledger must state the unit that event has, or its hands make another event, in
    another unit.  Raises
    :class:`~badugi_ledger.model.errors.ConfigError` on a bad value or names too long for a
    line the reader accepts (and
    :class:`~badugi_ledger.text.writer.WriteError` on a name the format cannot hold: a line
    break, or bytes that were not UTF-8).
    """
    names = [name.strip() for name in players]
    if not 2 <= len(names) <= 9:
        raise ConfigError(f"a table seats 2 to 9 players, not {len(names)}")
    if any(not composed(name) for name in names):
        raise ConfigError("a player name is empty (or only characters that show nothing)")
    same = [composed(name) for name in names]  # as the replay tells players apart
    twice = sorted({name for name, one in zip(names, same, strict=True) if same.count(one) > 1})
    if twice:
        raise ConfigError(
            f"{', '.join(map(repr, twice))} named twice (the same name, however written): "
            "every seat needs its own name"
        )
    for name in names:  # the replay's rule, or check would refuse the file written
        account = reserved_account(name)
        if account is not None:
            raise ConfigError(f"{reserved_name_refused(name, account)} (rule reserved-name)")
    if structure not in STRUCTURE_KINDS:
        raise ConfigError(
            f"unknown structure {structure!r} (structures: {', '.join(STRUCTURE_KINDS)})"
        )
    if not 0 < stacks <= MAX_AMOUNT:
        raise ConfigError(f"stacks must be a number of chips above 0, not {stacks}")
    kind = cast(StructureKind, structure)
    bets, small_blind, big_blind = _stakes(stakes, kind)
    day = date_text(date)
    if currency is not None and chip_value is not None:
        raise ConfigError(
            "a cash game's amounts are money (currency) or chips with a value, not both"
        )
    if currency is not None:
        amounts_in_cents(check_currency(currency))  # (the header refuses JPY: chips in yen)
    settings = GameSettings(game_named(game), bets, small_blind, big_blind, currency=currency)
    seats = tuple(Seat(name, stacks) for name in names)
    record = HandRecord(
        "1",
        settings,
        seats,
        names[0],
        implied_posts(settings, seats, names[0]),
        session=Session("cash", (event or "").strip(), day, chip_value=chip_value),
    )
    text = write_hand(record) + _most_used(names, settings)
    _refuse_overlong(text)
    return text


def _refuse_overlong(text: str) -> None:
    """A ConfigError when a line of ``text`` is longer than the reader accepts (names or an
    event name thousands of characters long): ``check`` would refuse the file written."""
    from .parse import MAX_LINE

    for number, line in enumerate(text.splitlines(), 1):
        size = len(line.encode("utf-8"))
        if size > MAX_LINE:
            raise ConfigError(
                f"line {number} of the night file would be {size:,} bytes long, and a line "
                f"holds at most {MAX_LINE:,}: shorten the player or event names"
            )


def date_text(date: datetime.date | str | None) -> str | None:
    """A night's date as its ``date`` header writes it (``2024-03-01``), None for none;
    :class:`ConfigError` for text that is no date written YYYY-MM-DD."""
    if date is None or isinstance(date, datetime.date):
        return None if date is None else date.isoformat()
    try:
        return datetime.date.fromisoformat(date.strip()).isoformat()
    except ValueError:
        raise ConfigError(f"date {date!r} is not a date written YYYY-MM-DD") from None


def _most_used(names: Sequence[str], settings: GameSettings) -> str:
    """The comment block, played by the night's own seats in their real order (``000``): the
    first player after the big blind calls, the rest fold, the small blind completes, the big
    blind checks; they draw from the button's left; the caller wins the blinds and the call.
    Who posts which blind is :func:`~badugi_ledger.model.forced.blind_players`'s rule (the one
    the reader and the replay follow), so the example is a legal start of the hand it heads,
    heads-up and in a game of one blind too."""
    quoted = [name_text(n) for n in names]
    dealt = [*quoted[1:], quoted[0]]  # clockwise from the button's left
    small, big = blind_players(settings, dealt, quoted[0])
    last = big or dealt[-1]  # the big blind acts last before the first draw
    at = dealt.index(last) + 1
    order = dealt[at:] + dealt[:at]
    caller = order[0]
    folders = [n for n in order[1:] if n not in (small, last)]
    betting = [f"{caller} calls", *(f"{n} folds" for n in folders)]
    betting += [f"{small} calls"] if small not in (None, caller) else []
    betting.append(f"{last} checks")
    drawers = [n for n in (small, last) if n is not None and n != caller]
    draws = [f"{drawers[0]} 2", *(f"{n} pat" for n in drawers[1:]), f"{caller} Kc -> 3s"]
    five = " 9s" if GAMES[settings.game].hand_size == 5 else ""
    return _MOST_USED.format(
        a=caller,
        b=quoted[1],
        c=last,
        deal="As 5d 7h Kc" + five,
        betting=" · ".join(betting),
        draws=" · ".join(draws),
        shown="7h 5d 3s As" + five,
        pot=settings.big_blind * (1 + len(drawers)),
        seats=" · ".join(quoted),
    )
