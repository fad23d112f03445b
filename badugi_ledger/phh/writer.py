"""Writing PHH (variant ``FB``, fixed-limit Badugi) from our hand records: ``convert --to phh``.

Any fixed-limit Badugi hand whose forced bets PHH can express (a small and a big
blind from the two seats after the button, antes, short all-in blinds).  A dead blind or a
live blind posted out of position has no PHH form: :func:`write_phh` refuses such a hand with
rule ``phh-cannot-express`` rather than writing something PokerKit would replay differently.

The file lists the players from the one left of the button (see :mod:`.phh` for the format).
Amounts are chips, or, in a game of money, the currency's units with two decimals
(:func:`_units`), as the specification has ``currency`` and as the reader reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from ..model.errors import ImportFormatError
from ..model.events import (
    Action,
    Cards,
    CarryOut,
    Collect,
    Deal,
    Draw,
    Event,
    FinalStack,
    HandRecord,
    HandsMissing,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    Seat,
    Show,
    SitOut,
    StackChange,
    amounts_currency,
)
from ..model.forced import small_blind_dead
from ..model.settings import GameSettings
from .blinds import blind_seat, heads_up_first_to_act
from .claims import POT_WINNINGS_FIELD
from .fields import BUY_IN_CURRENCY
from .reader import (
    MISSING_FIELD,
    POKERKIT_DEALING,
    RESHUFFLE_FIELD,
    STACK_CHANGE_FIELDS,
    VARIANT,
)
from .session import session_fields

if TYPE_CHECKING:
    from decimal import Decimal  # imported where money is written out

_OUTCOMES: tuple[type[Event], ...] = (
    Collect,
    CarryOut,
    RakeTaken,
    PotTotal,
    FinalStack,
    StackChange,
    HandsMissing,
)
"""Recorded outcomes and between-hand changes: claims, not play; PHH carries only final stacks
(and the changes and missing hands in user-defined fields)."""


def write_phh(
    record: HandRecord,
    *,
    stacks: Mapping[str, int] | None = None,
    finishing_stacks: Mapping[str, int] | None = None,
    rake: int | None = None,
    missing_before: int = 0,
    pot_winnings: Sequence[Mapping[str, int]] = (),
) -> str:
    """One hand as PHH text (variant ``FB``).

    ``stacks`` gives starting stacks for seats that carry theirs from an earlier hand;
    ``finishing_stacks`` (usually the replay's) and ``rake`` are written when given, with
    ``pot_winnings``, each pot's winnings after its rake, main pot first (the replay's pots'
    shares), when the hand has a rake and more than one pot
    (:data:`~.claims.POT_WINNINGS_FIELD`), and
    ``missing_before``, the hands of this table just before it that are not written
    (:data:`~.reader.MISSING_FIELD`; at least as many as the record's own ``missing hands``
    say).
    Raises :class:`ImportFormatError` (rule ``phh-cannot-express``) for what PHH cannot say.
    """
    settings = record.settings
    fail = _refuser(record)
    if settings.game != "badugi" or settings.structure.kind != "fixed-limit":
        fail(
            "PHH has Badugi only as fixed-limit Badugi (FB), not "
            f"{settings.structure.kind} {settings.game}"
        )
    sitting = {e.player for e in record.events if isinstance(e, SitOut)}
    order = _from_button(record.seats, record.button)
    players: list[Seat] = []
    starting: list[int] = []
    for seat in order:
        if seat.name in sitting:
            continue
        amount = seat.stack if seat.stack is not None else (stacks or {}).get(seat.name)
        if amount is None:
            fail(f"{seat.name}'s starting stack is not known (convert the whole table)")
        if amount:  # a player with no chips at the deal is not dealt in (grammar/README.md)
            players.append(seat)
            starting.append(int(amount))
    if len(players) < 2:
        fail("fewer than two players are dealt in")
    index = {s.name: i for i, s in enumerate(players)}
    count = len(players)
    antes = [0] * count
    blinds = [0] * count
    # A game without a small blind has p1 post the big blind, a lone blind PHH writes first
    # (blinds.blind_seats), and so does a hand whose small blind is dead (p1 posts the big
    # blind, nobody the small one: replay.betting.dead_small_blind), which PokerKit plays
    # alike; one without a big blind has no place in PHH: PokerKit would start the betting
    # after the small blind, where the replay has its poster act first.
    small: int | None = blind_seat(0, count)
    big = blind_seat(1, count)
    forced: dict[str, set[str]] = {}
    for event in record.events:
        if type(event) is Post:
            forced.setdefault(event.player, set()).add(event.kind)
    dead_small = small_blind_dead(players[0].name, players[1].name, forced, count)
    if count > 2 and (not settings.small_blind or dead_small):
        small, big = None, 0  # such a hand has no small blind to post
    small_alone = count > 2 and not settings.big_blind
    for at, event in enumerate(record.events):
        if isinstance(event, Post):
            i = index.get(event.player)
            if i is None:
                fail(f"{event.player} posts but is not dealt in")
            amount = (
                event.amount if event.amount is not None else _settings_amount(settings, event.kind)
            )
            if event.kind == "ante":
                # PHH has the ante due, which a short stack posts all-in for less
                antes[i] += settings.ante if event.all_in and amount < settings.ante else amount
            elif event.kind in ("small-blind", "big-blind"):
                if small_alone:
                    fail(
                        f"{event.player} posts a small blind in a game without a big blind "
                        f"(line {record.position(at).line}): PokerKit starts the betting after "
                        "it, where the replay has its poster act first"
                    )
                expected = small if event.kind == "small-blind" else big
                if i != expected or blinds[i]:
                    fail(
                        f"{event.player} posts a {event.kind} out of position "
                        f"(line {record.position(at).line})"
                    )
                blinds[i] = amount
            elif event.kind == "straddle" and i >= 2 and not blinds[i]:  # p3 on: PHH's straddles
                blinds[i] = amount
            else:
                fail(f"{event.player} posts a {event.kind} blind (line {record.position(at).line})")
    left = starting[big] - min(antes[big], starting[big])  # after the ante, all-in or not
    posted = min(blinds[big], left)
    if (
        blinds[big]
        and posted < settings.big_blind
        and settings.house.short_blind == "full-blind"
        and _plays_against_the_blinds(record.events)
    ):
        fail(
            f"{players[big].name}'s big blind is short ({posted} of {settings.big_blind}): the "
            "house rule short-blind full-blind makes the others owe the full big blind, and in "
            "PHH (PokerKit) they owe the blind posted"
        )
    if not any(antes) and not any(blinds):
        fail(
            "no forced bet is posted (no ante, no blind): PokerKit loads no hand without one "
            "(antes, blinds_or_straddles or a bring-in)"
        )
    if count == 2:
        heads_up_first_to_act([p.name for p in players], starting, antes, blinds, fail)
        antes.reverse()  # PokerKit reads the lists reversed heads-up
        blinds.reverse()
    money = _units(amounts_currency(record.session, settings.currency))
    actions = _actions(record, players, index, dict(zip(index, starting, strict=True)), fail, money)
    fields: list[tuple[str, Any]] = [
        ("variant", VARIANT),
        ("ante_trimming_status", settings.house.ante_trimming),
        ("antes", list(map(money, antes))),
        ("blinds_or_straddles", list(map(money, blinds))),
        ("small_bet", money(settings.structure.small_bet)),
        ("big_bet", money(settings.structure.big_bet)),
        ("starting_stacks", list(map(money, starting))),
        ("actions", actions),
        ("hand", record.hand_id),
        ("players", [s.name for s in players]),
        ("seats", [s.number if s.number is not None else i + 1 for i, s in enumerate(players)]),
        ("seat_count", settings.house.max_seats),
    ]
    if not record.standalone:  # even "": a night's hands are one table's (docs/importers.md)
        fields.append(("table", record.table))
    if record.session.name:
        fields.append(("event", record.session.name))
    if record.session.place:
        fields.append(("venue", record.session.place))
    if record.session.date and len(record.session.date) == 10:
        year, month, day = record.session.date.split("-")
        fields += [("year", int(year)), ("month", int(month)), ("day", int(day))]
    if settings.currency:  # a tournament's is its buy-in's: its chips are no money
        tournament = record.session.kind == "tournament"
        fields.append((BUY_IN_CURRENCY if tournament else "currency", settings.currency))
    fields += session_fields(record.session)
    if finishing_stacks is not None:
        finishing = [money(int(finishing_stacks[s.name])) for s in players]
        fields.append(("finishing_stacks", finishing))
    if rake is not None:  # 0 too: finishing stacks short of the start are then no rake
        fields.append(("_rake", money(int(rake))))
        if rake and len(pot_winnings) > 1:  # which pot each chip of the rake came from
            row = [money(int(pot.get(s.name, 0))) for pot in pot_winnings for s in players]
            fields.append((POT_WINNINGS_FIELD, row))
    fields.extend((key, list(map(money, row))) for key, row in _stack_changes(record, players))
    missing_before = max(missing_before, _hands_missing(record))
    if missing_before:
        fields.append((MISSING_FIELD, missing_before))
    fields.append(("_origin", record.origin))
    if settings.house.reshuffle != POKERKIT_DEALING:  # how our table dealt, if not as PokerKit
        fields.append((RESHUFFLE_FIELD, settings.house.reshuffle))
    return "\n".join(f"{key} = {_toml(value)}" for key, value in fields) + "\n"


def _hands_missing(record: HandRecord) -> int:
    """How many hands of its table the record says are missing before it (our ``missing
    hands``: :class:`HandsMissing`, one when it does not say how many), for
    :data:`~.reader.MISSING_FIELD`."""
    return sum((e.count or 1) for e in record.events if type(e) is HandsMissing)


def _stack_changes(record: HandRecord, players: list[Seat]) -> list[tuple[str, list[int]]]:
    """The hand's rebuys, top-ups, add-ons and cash-outs of players dealt in, as one
    user-defined field per kind (:data:`~.reader.STACK_CHANGE_FIELDS`), one amount per player:
    PHH has no such events, and without them a table's next hand would seem to start from
    stacks its previous hand did not leave.  Two changes of one kind by one player are added."""
    index = {seat.name: i for i, seat in enumerate(players)}
    amounts: dict[str, list[int]] = {}
    for event in record.events:
        if isinstance(event, StackChange) and event.player in index:
            row = amounts.setdefault(event.kind, [0] * len(players))
            row[index[event.player]] += abs(event.amount)
    return [(key, amounts[kind]) for kind, key in STACK_CHANGE_FIELDS.items() if kind in amounts]


def _units(currency: str | None) -> Callable[[int], int | Decimal]:
    """How an amount is written: chips as they are; in a game of money, the currency's units
    with two decimals (980 cents: ``9.80``), as the PHH specification has ``currency`` (the
    currency "the chips are in") and as :mod:`.fields` reads them back.  Two decimals always,
    so that PokerKit, which reads a TOML float as a ``Decimal`` and an integer as an ``int``,
    divides every pot of the hand as money, not as whole dollars."""
    if not currency:
        return _chips
    return _currency_units


def _chips(amount: int) -> int:
    return amount


def _currency_units(cents: int) -> Decimal:
    from decimal import Decimal  # money written out

    return Decimal(cents).scaleb(-2)


def _settings_amount(settings: GameSettings, kind: str) -> int:
    return {
        "ante": settings.ante,
        "small-blind": settings.small_blind,
        "big-blind": settings.big_blind,
    }.get(kind, settings.big_blind)


def _plays_against_the_blinds(events: Sequence[Event]) -> bool:
    """Whether anybody calls, bets or raises before the first draw: only then does a short big
    blind's rule matter (``short-blind``: the others owe the full big blind at our tables, the
    blind posted in PokerKit's).  A first round of folds alone, or none at all (nobody can
    play against an all-in player, ``replay.betting``), plays alike under both."""
    for event in events:
        if isinstance(event, Draw):
            return False
        if isinstance(event, Action) and event.verb != "fold":
            return True
    return False


def _refuser(record: HandRecord) -> Callable[[str], NoReturn]:
    def fail(message: str) -> NoReturn:
        raise ImportFormatError(
            message, position=record.pos, hand=record.hand_id, rule="phh-cannot-express"
        )

    return fail


def _from_button(seats: Sequence[Seat], button: str) -> list[Seat]:
    at = next(i for i, s in enumerate(seats) if s.name == button)
    return list(seats[at + 1 :]) + list(seats[: at + 1])


def _phh_cards(cards: Cards) -> str:
    return "".join("??" if c is None else str(c) for c in cards)


class _Bets:
    """Just enough fixed-limit bookkeeping to write ``cbr X`` for a bet or raise recorded without
    an amount (our text format lets fixed limit fix it): the round's level plus one bet (the
    small bet in rounds 1-2, the big bet in 3-4, ``000``), or the player's whole stack if less."""

    def __init__(self, settings: GameSettings, stacks: dict[str, int]) -> None:
        self.settings = settings
        self.left = dict(stacks)
        self.round = 0
        self.committed: dict[str, int] = {}
        self.level = 0
        self.full = 0

    def post(self, event: Post, amount: int) -> None:
        self.left[event.player] -= amount
        if event.kind in ("small-blind", "big-blind", "straddle"):
            self.committed[event.player] = self.committed.get(event.player, 0) + amount
            self.level = max(self.level, self.committed[event.player])
            self.full = max(self.full, self.level)

    def next_round(self) -> None:
        self.round += 1
        self.committed, self.level, self.full = {}, 0, 0

    def act(self, event: Action) -> int | None:
        """Apply the action; for a bet or raise return its "to" amount."""
        p = event.player
        have = self.committed.get(p, 0)
        if event.verb == "call":
            pay = event.amount if event.amount is not None else min(self.level - have, self.left[p])
            self.committed[p] = have + pay
            self.left[p] -= pay
            return None
        if event.verb not in ("bet", "raise"):
            return None
        structure = self.settings.structure
        unit = structure.small_bet if self.round < 2 else structure.big_bet
        to = event.amount
        if to is None:
            to = min(self.full + unit, have + self.left[p])
        if to >= self.full + unit:
            self.full = to
        self.left[p] -= to - have
        self.committed[p] = to
        self.level = max(self.level, to)
        return to


def _actions(
    record: HandRecord,
    players: list[Seat],
    index: dict[str, int],
    stacks: dict[str, int],
    fail: Callable[[str], NoReturn],
    money: Callable[[int], int | Decimal],
) -> list[str]:
    out: list[str] = []
    draws: list[Draw] = []
    bets = _Bets(record.settings, stacks)

    def label(name: str) -> str:
        if name not in index:
            fail(f"{name} acts but is not dealt in")
        return f"p{index[name] + 1}"

    def flush() -> None:
        for draw in draws:
            out.append(f"{label(draw.player)} sd {_phh_cards(draw.discards)}".rstrip())
        for draw in draws:
            if draw.count:
                out.append(f"d dh {label(draw.player)} {_phh_cards(draw.received)}")
        draws.clear()
        bets.next_round()

    dealt = {e.player: e.cards for e in record.events if isinstance(e, Deal)}
    for seat in players:
        cards = dealt.get(seat.name, (None,) * record.settings.hand_size)
        out.append(f"d dh {label(seat.name)} {_phh_cards(cards)}")
    for at, event in enumerate(record.events):
        if isinstance(event, Draw):
            if any(d.player == event.player for d in draws):  # all-in: draw rounds back to back
                flush()
            draws.append(event)
            continue
        if draws:
            flush()
        if isinstance(event, Post):
            amount = event.amount
            bets.post(
                event,
                amount if amount is not None else _settings_amount(record.settings, event.kind),
            )
        elif isinstance(event, Action):
            who = label(event.player)
            to = bets.act(event) or 0  # a bet or raise has its amount (0: none of the others)
            if event.verb == "fold":
                out.append(f"{who} f")
            elif event.verb in ("check", "call"):
                out.append(f"{who} cc")
            else:
                out.append(f"{who} cbr {money(to)}")
        elif isinstance(event, Show):
            out.append(f"{label(event.player)} sm {_phh_cards(event.cards)}")
        elif isinstance(event, Muck):
            out.append(f"{label(event.player)} sm")
        elif not isinstance(event, (Deal, SitOut, _OUTCOMES)):
            line = record.position(at).line
            fail(f"PHH has no form for {type(event).__name__} (line {line})")
    if draws:
        flush()
    return out


_TOML_ESCAPES = {
    **{code: f"\\u{code:04x}" for code in [*range(0x20), 0x7F] if code != 0x09},
    ord('"'): '\\"',
    ord("\\"): "\\\\",
}
"""What a TOML basic string cannot hold as itself: the quote, the backslash, and every control
character but the tab (a name from a damaged site file holds ``\\x07`` or ``\\x1b``), each
written as its escape (``\\u0007``), which every TOML reader turns back into that character."""


def _toml(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return f'"{value.translate(_TOML_ESCAPES)}"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    from decimal import Decimal  # an amount of money (:func:`_units`)

    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(f"no TOML form for {value!r}")  # pragma: no cover - only our own fields
