"""One hand as an organiser reads it: who sat where, what happened round by round, each pot and
who won it with what hand, the shares, rake, carried pot, final stacks, and the verdict.

``check --json`` holds the figures of a hand; this module shapes them for people.  A
:class:`HandView` is a frozen value built from a replayed hand (:func:`hand_view`, from the
:class:`~badugi_ledger.model.results.HandOutcome` that ``check`` and ``import`` see) or from a
stored one (:mod:`badugi_ledger.reports.stored_hands`).  :func:`hand_views` reads and replays
files as ``check`` does (stacks and a Progressive Badugi pot carry from hand to hand, so every
hand of a file is replayed even when only some are shown); :meth:`HandView.to_dict` is its
JSON shape and :func:`~.hand_text.render_hand` its text, for an 80-column terminal.

Nothing is decided here: the pots, shares, rake and carried pot are the replay's.  A split
pot's halves (who won each half with what hand) come from
:func:`~badugi_ledger.hands.pots.divide_pot` on the showdown cards, and are shown only when
that division gives exactly the replay's shares; otherwise the pot shows the replay's own
words (``detail``).  Names and free text are written visibly (control characters escaped,
:func:`~badugi_ledger.model.escaping.for_terminal`) by :func:`~.hand_text.render_hand`;
:meth:`to_dict` keeps them as they are (JSON escapes what it must).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from ..hands.pots import divide_pot, next_pot_won, pot_shares
from ..model.cards import Card
from ..model.errors import BadugiError
from ..model.events import (
    Action,
    Buy,
    Deal,
    Draw,
    HandRecord,
    Muck,
    Post,
    Show,
    SitOut,
    hand_unit,
)
from ..model.games import GAMES, GameName
from ..model.limits import quote
from ..model.money import CHIPS, hand_figure
from ..model.results import HandOutcome, HandResult, PotResult, Violation
from ..model.settings import HouseRules
from ..replay import replay_stream
from ..replay.claims import carried_detail
from ..replay.draws import CardTracker
from .hand_words import ActionLine, RoundView, amount_text, rounds

__all__ = [
    "ActionLine",
    "HalfView",
    "HandView",
    "PotView",
    "Problem",
    "RoundView",
    "SeatView",
    "hand_unit",
    "hand_view",
    "hand_views",
    "pot_detail",
    "pot_view",
    "replayed_outcomes",
]

Pairs = tuple[tuple[str, int], ...]
"""A read-only mapping of names to amounts, in seat order."""


@dataclass(frozen=True)
class SeatView:
    """A player at the table: seat number (as the file numbers it, else the order clockwise
    from the first seat listed, from 1), starting stack (None when not known) and roles."""

    name: str
    seat: int
    stack: int | None
    roles: tuple[str, ...] = ()
    """``button``, ``small blind``, ``big blind``, ``sits out``."""


@dataclass(frozen=True)
class HalfView:
    """One half of a split pot (or the whole pot of a one-half game) and who won it."""

    label: str
    """``A-5 low``, ``Badugi``, ``ace-high Badugi``, …"""
    amount: int
    winners: tuple[str, ...]
    hand: str
    """The winning hand in words, e.g. ``4-card 7-5-3-2``."""
    shares: Pairs
    odd_chip: str = ""
    """Who got the chips that did not divide evenly among tied winners, in words, or ``""``."""


@dataclass(frozen=True)
class PotView:
    """A pot: its amount before rake, who could win it, how it was divided."""

    name: str
    amount: int
    eligible: tuple[str, ...]
    shares: Pairs
    detail: str
    """The replay's own words for the division."""
    halves: tuple[HalfView, ...] = ()
    """Per half, when the showdown cards are known (empty otherwise: see ``detail``)."""
    carried: bool = False
    """Not won (Progressive Badugi, no qualifying hand): it carries to the next hand."""
    odd_chip: str = ""
    """Where the odd chip of a split pot went (the half the house rule names), or ``""``."""

    def detail_in(self, unit: str) -> str:
        """:attr:`detail` as the hand's other figures are shown in ``unit``: a carried pot's
        amount ``the pot of 1.50 carries``, not the cents the replay's words keep (docs/ledger.md:
        a pot's detail keeps plain integers); the replay's words as they are otherwise."""
        if not self.carried:
            return self.detail
        return _carried_words(self.detail, self.amount, lambda amount: amount_text(amount, unit))


def _carried_words(detail: str, amount: int, figure: Callable[[int], str]) -> str:
    """The detail of a pot of ``amount`` that carries (:func:`~badugi_ledger.replay.claims.
    carried_detail`, which wrote it with the plain integer) with ``figure``'s words for the
    amount; ``detail`` as it is when it is not that sentence."""
    if detail != carried_detail(str(amount)):
        return detail
    return carried_detail(figure(amount))


@dataclass(frozen=True)
class Problem:
    """A broken rule, a payout mismatch, a hand not settled, or a warning, at its line."""

    line: int
    column: int
    rule: str
    kind: str
    message: str

    @classmethod
    def of(cls, v: Violation, fallback_line: int = 0) -> Problem:
        return cls(v.pos.line or fallback_line, v.pos.column, v.rule, v.kind, v.message)


@dataclass(frozen=True)
class HandView:
    """One hand, ready to read (see the module docstring)."""

    source: str
    hand: str | None
    line: int
    game: str
    """The game's title (``Badacey``), or ``""`` for a hand that could not be read."""
    unit: str
    """What the amounts count: ``chips``, ``tournament chips`` or a currency (cents of it)."""
    table: str = ""
    event: str = ""
    """The session or tournament name, as the file or the ledger names it."""
    button: str = ""
    seats: tuple[SeatView, ...] = ()
    rounds: tuple[RoundView, ...] = ()
    pots: tuple[PotView, ...] = ()
    rake: int = 0
    carry_in: int = 0
    """A Progressive Badugi pot carried into this hand: part of the main pot, or of the first
    side pot won when the main pot carries (:func:`~badugi_ledger.hands.pots.next_pot_won`)."""
    carry_out: int = 0
    """The pot this hand carries to the next (Progressive Badugi, no qualifying hand)."""
    final_stacks: Pairs = ()
    verdict: str = "ok"
    """``ok``, ``violations``, ``payout mismatches``, ``not settled`` or ``unreadable``."""
    problems: tuple[Problem, ...] = ()
    warnings: tuple[Problem, ...] = ()
    replayed: bool = True
    """False when the replay stopped at a problem (rounds end at its line, no pots), and for a
    stored hand built from the ledger's rows (no actions: the ledger does not keep them)."""
    stored: bool = False
    """Chosen from the ledger (:mod:`badugi_ledger.reports.stored_hands`)."""
    notes: tuple[str, ...] = field(default=())
    void_reason: str = ""
    """Why a stored hand of verdict ``void`` counts for nothing, as the organiser said it: the
    hand's own reason, else its event's (a page shows it beside the word "void"; the notes say
    it in ``to_dict``)."""

    @property
    def carried_into(self) -> str:
        """The name of the pot that holds :attr:`carry_in`: the first pot won, the main pot
        when none is (:func:`~badugi_ledger.hands.pots.next_pot_won`, as the replay moved it),
        so ``show`` and the web app's hand say the same."""
        if not self.pots:
            return "main"
        return self.pots[next_pot_won([p.carried for p in self.pots])].name

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: amounts are integers in :attr:`unit` (chips, or cents of money), with
        ``amounts_text`` mirrors where people read them (docs/api.md lists the fields)."""

        def pairs(values: Pairs) -> dict[str, int]:
            return dict(values)

        return {
            "source": self.source,
            "hand": self.hand,
            "line": self.line,
            "game": self.game,
            "unit": self.unit,
            "table": self.table,
            "event": self.event,
            "button": self.button,
            "stored": self.stored,
            "replayed": self.replayed,
            "verdict": self.verdict,
            "seats": [
                {"name": s.name, "seat": s.seat, "stack": s.stack, "roles": list(s.roles)}
                for s in self.seats
            ],
            "rounds": [
                {
                    "name": r.name,
                    "actions": [
                        {"line": a.line, "text": a.text, "column": a.column} for a in r.actions
                    ],
                }
                for r in self.rounds
            ],
            "pots": [
                {
                    "name": p.name,
                    "amount": p.amount,
                    "eligible": list(p.eligible),
                    "shares": pairs(p.shares),
                    "detail": p.detail,
                    "carried": p.carried,
                    "odd_chip": p.odd_chip,
                    "halves": [
                        {
                            "label": h.label,
                            "amount": h.amount,
                            "winners": list(h.winners),
                            "hand": h.hand,
                            "shares": pairs(h.shares),
                            "odd_chip": h.odd_chip,
                        }
                        for h in p.halves
                    ],
                }
                for p in self.pots
            ],
            "rake": self.rake,
            "carry_in": self.carry_in,
            "carry_out": self.carry_out,
            "final_stacks": pairs(self.final_stacks),
            "problems": [vars(p).copy() for p in self.problems],
            "warnings": [vars(p).copy() for p in self.warnings],
            "notes": list(self.notes),
        }


# --- building a view from a replay ---------------------------------------------------------------


_ROLES = {"small-blind": "small blind", "big-blind": "big blind", "straddle": "straddle"}


def _seats(record: HandRecord, starting: dict[str, int] | None) -> tuple[SeatView, ...]:
    roles: dict[str, list[str]] = {record.button: ["button"]}
    for ev in record.events:
        if isinstance(ev, Post) and ev.kind in _ROLES:
            roles.setdefault(ev.player, []).append(_ROLES[ev.kind])
        elif isinstance(ev, SitOut):
            roles.setdefault(ev.player, []).append("sits out")
    seats = []
    for i, s in enumerate(record.seats):
        stack = starting.get(s.name) if starting is not None else s.stack
        seats.append(SeatView(s.name, s.number or i + 1, stack, tuple(roles.get(s.name, ()))))
    return tuple(seats)


def _showdown_cards(record: HandRecord) -> dict[str, tuple[Card, ...]]:
    """Each player's full holding at the end, where every card is known: shown, or followed
    from the deal through the draws (:class:`~badugi_ledger.replay.draws.CardTracker`, the
    replay's own)."""
    settings = record.settings
    tracker = CardTracker(
        GAMES[settings.game].hand_size, record.players, settings.house.reshuffle, record.position
    )
    shown: dict[str, tuple[Card, ...]] = {}
    try:
        for at, ev in enumerate(record.events):
            if isinstance(ev, Deal):
                tracker.deal(ev.player, ev.cards, at)
            elif isinstance(ev, Draw):
                tracker.draw(ev.player, ev.discards, ev.received, at)
            elif isinstance(ev, Buy):
                tracker.draw(ev.player, (ev.discard,), (ev.received,), at)
            elif isinstance(ev, Action) and ev.verb == "fold":
                tracker.fold(ev.player, at)
            elif isinstance(ev, Show) and None not in ev.cards:
                shown[ev.player] = tuple(c for c in ev.cards if c is not None)
    except (BadugiError, KeyError, ValueError):
        pass  # what is known so far; the replay itself judged the hand
    hands = {p: h for p in record.players if (h := tracker.known_hand(p)) is not None}
    hands.update(shown)
    return hands


def pot_detail(pot: PotResult, record: HandRecord, currency: str | None) -> str:
    """``pot``'s detail as a person reads it: in a hand of money (``currency``: the code its
    amounts are cents of) the amounts it names are money (``Anna 0.75 with …``), as everything
    else the ledger shows of such a hand ("Money is shown as money", docs/ledger.md).

    The replay keeps the detail with plain integers (ledgers store it and compare a re-imported
    hand by it).  It is worded again by the very functions that wrote it
    (:func:`~badugi_ledger.hands.pots.pot_shares` on the showdown cards,
    :func:`~badugi_ledger.replay.claims.carried_detail`), and only when their plain wording
    is the replay's own detail: otherwise (cards not all known, a pot won uncontested, ties
    divided with other pots) the replay's words stand, as they name no amount or may not be
    re-derived here."""
    if currency is None or not pot.detail:
        return pot.detail
    figure = partial(hand_figure, currency=currency)
    if not pot.shares:
        return _carried_words(pot.detail, pot.amount, figure)
    cards = _showdown_cards(record)
    mucked = {ev.player for ev in record.events if isinstance(ev, Muck)}
    contenders = [(p, cards[p]) for p in pot.eligible if p not in mucked and p in cards]
    net = sum(pot.shares.values())
    game, house = record.settings.game, record.settings.house
    try:
        plain = pot_shares(net, contenders, game, house)[1]
    except (BadugiError, ValueError):
        return pot.detail
    if plain != pot.detail:
        return pot.detail
    return pot_shares(net, contenders, game, house, figure)[1]


def _odd_chip(shares: Pairs) -> str:
    """``Anna gets the odd chip`` when tied winners' shares differ."""
    if len(shares) < 2:
        return ""
    low = min(s for _, s in shares)
    lucky = [name for name, s in shares if s > low]
    if not lucky:
        return ""
    chips = sum(s - low for _, s in shares)
    what = "the odd chip" if chips == 1 else f"{chips} odd chips"
    return f"{' and '.join(lucky)} {'gets' if len(lucky) == 1 else 'get'} {what}"


_JOINED = (
    " (the pots in a row that the same players win are divided as one, as PokerKit divides: "
    "house odd-chip-split all-to-first)"
)


def pot_view(
    pot: PotResult,
    game_name: GameName,
    house: HouseRules,
    cards: Mapping[str, tuple[Card, ...]],
    mucked: Collection[str] = (),
) -> PotView:
    """The view of one pot: its halves when ``cards`` (the showdown hands) divide it exactly as
    the replay did (``pot.shares``), or give it to the same tied winners when the replay
    divided it with the pots beside it (``odd-chip-split all-to-first``:
    :func:`~badugi_ledger.hands.pots.joined_ties`), else the replay's words alone."""
    shares: Pairs = tuple((p, s) for p, s in pot.shares.items())
    carried = not pot.shares
    net = sum(pot.shares.values())
    halves: tuple[HalfView, ...] = ()
    odd = ""
    contenders = [p for p in pot.eligible if p not in mucked]
    game = GAMES[game_name]
    if net and len(contenders) > 1 and all(p in cards for p in contenders):
        try:
            award = divide_pot(net, [(p, cards[p]) for p in contenders], game.name, house)
        except (BadugiError, ValueError):
            award = None
        joined = (
            award is not None
            and house.odd_chip_split == "all-to-first"
            and len(award.halves) == 1
            and award.halves[0].winners == tuple(pot.shares)
        )
        if award is not None and (joined or dict(award.shares) == dict(pot.shares)):
            halves = tuple(
                HalfView(
                    game.half_label(h.name),
                    h.amount,
                    h.winners,
                    h.values[0] if h.values else "",
                    shared := shares if joined else tuple(h.shares.items()),
                    _odd_chip(shared) + (_JOINED if shared != tuple(h.shares.items()) else ""),
                )
                for h in award.halves
            )
            if len(halves) > 1 and net % 2:
                bigger = max(award.halves, key=lambda h: h.amount)
                odd = f"the odd chip of the pot goes to the {game.half_label(bigger.name)} half"
    amounts = [s for _, s in shares]
    if not halves and len(game.halves) == 1 and len(amounts) > 1:
        # Tied winners of a one-half pot (cards not all known): shares one chip apart are an
        # odd chip; a split game's shares also differ by half, so they are not guessed at.
        odd = _odd_chip(shares) if max(amounts) - min(amounts) == 1 else ""
    return PotView(pot.name, pot.amount, pot.eligible, shares, pot.detail, halves, carried, odd)


def _verdict(outcome: HandOutcome) -> str:
    kinds = {e.kind for e in outcome.errors}
    if outcome.record is None:
        return "unreadable"
    if not kinds:
        return "ok"
    if "illegal" in kinds:
        return "violations"
    if "incomplete" in kinds:
        return "not settled"
    return "payout mismatches"


def hand_view(outcome: HandOutcome) -> HandView:
    """The view of one replayed hand (also of one that failed, up to its failure, and of one
    that could not be read: its error only)."""
    problems = tuple(Problem.of(e, outcome.pos.line) for e in outcome.errors)
    warnings = tuple(Problem.of(w, outcome.pos.line) for w in outcome.warnings)
    record, result = outcome.record, outcome.result
    if record is None:
        return HandView(
            outcome.source, outcome.hand_id, outcome.pos.line, "", CHIPS,
            verdict="unreadable", problems=problems, warnings=warnings, replayed=False,
        )  # fmt: skip
    unit = hand_unit(record)
    common: dict[str, Any] = {
        "table": record.table,
        "event": record.session.name,
        "button": record.button,
        "verdict": _verdict(outcome),
        "problems": problems,
        "warnings": warnings,
    }
    title = GAMES[record.settings.game].title + (" with a Buy" if record.settings.with_buy else "")
    head = (outcome.source, outcome.hand_id, outcome.pos.line, title, unit)
    if result is None:
        located = [(p.line, p.column) for p in problems if p.line]
        upto = min(located) if located else None
        return HandView(
            *head,
            seats=_seats(record, None),
            rounds=rounds(record, unit, upto=upto, settings=record.settings),
            replayed=False,
            **common,
        )
    # The hand as replayed: its implied posts placed among the players dealt in, which the
    # reader, not knowing the stacks, may have given a player with no chips.
    return _replayed(head, result.record, result, common)


def _replayed(
    head: tuple[str, str | None, int, str, str],
    record: HandRecord,
    result: HandResult,
    common: dict[str, Any],
) -> HandView:
    cards = _showdown_cards(record) if result.showdown else {}
    game, house = record.settings.game, record.settings.house
    mucked = {ev.player for ev in record.events if isinstance(ev, Muck)}
    order = [s.name for s in record.seats]
    finals = sorted(result.final_stacks.items(), key=lambda kv: order.index(kv[0]))
    return HandView(
        *head,
        seats=_seats(record, dict(result.starting_stacks)),
        rounds=rounds(record, head[4], settings=record.settings, starting=result.starting_stacks),
        pots=tuple(pot_view(p, game, house, cards, mucked) for p in result.pots),
        rake=result.rake,
        carry_in=result.carry_in,
        carry_out=result.carry_out,
        final_stacks=tuple(finals),
        notes=result.notes,
        **common,
    )


def replayed_outcomes(paths: Iterable[str | Path]) -> Iterator[HandOutcome]:
    """Every hand of ``paths`` (files, or folders searched recursively) replayed as ``check``
    replays it, lazily and in order; a ``BadugiError`` when no file is found."""
    from ..file_choice import history_files
    from ..sources import read_stream

    files = history_files(paths)

    def items() -> Iterator[Any]:
        for path in files:
            yield from read_stream(path)

    return replay_stream(items())


def hand_views(
    paths: Iterable[str | Path], hands: Iterable[str] | None = None
) -> Iterator[HandView]:
    """The views of the hands of ``paths`` (files or folders, read as ``check`` reads them),
    or of only the hands whose id is in ``hands`` (as the file names them: ``12``, ``004-1``);
    every hand is replayed, since stacks carry from hand to hand.  A ``BadugiError`` names a
    wanted hand that none of the files holds."""
    paths = list(paths)
    wanted = None if hands is None else {str(h) for h in hands}
    found: set[str] = set()
    seen: list[str] = []
    for outcome in replayed_outcomes(paths):
        hand = outcome.hand_id or ""
        if len(seen) < _LISTED and hand and hand not in seen:
            seen.append(hand)
        if wanted is None or hand in wanted:
            found.add(hand)
            yield hand_view(outcome)
    missing = sorted((wanted or set()) - found)
    if missing:
        listed = ", ".join(seen) + (", …" if len(seen) == _LISTED else "")
        raise BadugiError(
            f"no hand {', '.join(repr(quote(h)) for h in missing)} in "
            f"{', '.join(quote(str(p)) for p in paths)}"
            + (f" (its hands: {listed})" if seen else "")
        )


_LISTED = 12
"""How many hand ids a "no hand" message lists."""
