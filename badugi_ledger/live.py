"""Live recording: the whole text of a night, checked on every keystroke, and what comes next.

A page lets the organiser record hands at the table, by tapping the legal next actions or by
typing the format; after each change it calls :func:`live_check` with the whole text and shows
what comes back: every hand with its verdict and problems (the very words ``check`` prints, at
line and column, a caret under a syntax error), the pots of the finished hands with their
winners, and for a last hand still being recorded the legal next actions
(:func:`badugi_ledger.replay.legal.next_actions`), each already written as the canonical line
to append (:func:`option_line`).  After a finished hand, :func:`next_hand_lines` writes the
line that starts the table's next one.

Nothing is checked a second way: the text is read by :func:`badugi_ledger.text.parse.parse_text`
and replayed by :func:`badugi_ledger.replay.replay_stream` (stacks and a carried pot go from
hand to hand of each table), and problems are taken and worded by ``check``'s own
:func:`~badugi_ledger.check.problems` and :func:`~badugi_ledger.check.problem_line` (a hand
dealt from stacks nobody knows is not settled, as ``check`` and ``import`` hold it:
:func:`~badugi_ledger.check_import.stacks_unknown`).  The one
difference is the last hand: when the record merely stops before the hand is over, it is
*in progress*, not a violation; ``check`` of the same text keeps its verdict.  "Merely
stops" means: every event replays (the same walk, in
:func:`~badugi_ledger.replay.legal.next_actions`), so the replay's complaint is about the end
of the record only (``hand-incomplete``, ``stack-unknown`` for it after a broken hand,
``blind-missing`` when some forced bets are written and others still due,
``pot-undetermined`` at a showdown whose cards are still to be written; ``players`` at a hand
line after which a rebuy is still to be written), and something may still be recorded.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Literal

from .check import problem_line, problems
from .check_import import stacks_unknown
from .model.errors import BadugiError
from .model.events import HandRecord, Post, Seat, amounts_currency
from .model.limits import ascii_digits
from .model.results import HandOutcome, Violation
from .replay import TableTracker, replay_stream
from .replay.legal import LegalOption, NextActions, event_at, next_actions

__all__ = [
    "LiveCheck",
    "LiveHand",
    "LivePot",
    "LiveProblem",
    "live_check",
    "next_hand_lines",
    "option_line",
]

Verdict = Literal["ok", "in progress", "violations", "error"]
"""``ok``: replayed, nothing wrong (warnings may be shown); ``in progress``: the last hand,
still being recorded; ``violations``: a rule broken, a payout wrong or the hand not settled;
``error``: the hand could not be read."""


@dataclass(frozen=True)
class LiveProblem:
    """One problem as ``check`` reports it: ``text`` is ``check``'s line for it
    (``<input>:14:13: hand 13: … [rule]``, with the quoted line and caret below for a syntax
    error); ``message`` its first line, ``hint`` the quoted line and caret (or "")."""

    line: int
    column: int
    rule: str
    kind: str
    """``illegal``, ``mismatch``, ``incomplete`` or ``warning``."""
    message: str
    hint: str
    text: str

    def to_dict(self) -> dict[str, object]:
        return {
            "line": self.line,
            "column": self.column,
            "rule": self.rule,
            "kind": self.kind,
            "message": self.message,
            "hint": self.hint,
            "text": self.text,
        }


@dataclass(frozen=True)
class LivePot:
    """A pot of a finished hand: who could win it, who did and how much each took."""

    name: str
    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...]
    shares: Mapping[str, int]
    detail: str

    def to_dict(self) -> dict[str, object]:
        return {
            "name": self.name,
            "amount": self.amount,
            "eligible": list(self.eligible),
            "winners": list(self.winners),
            "shares": dict(self.shares),
            "detail": self.detail,
        }


@dataclass(frozen=True)
class LiveHand:
    """One hand of the text: where it is, its verdict and problems; pots and final stacks
    when it replayed."""

    hand_id: str | None
    first_line: int
    last_line: int
    verdict: Verdict
    problems: tuple[LiveProblem, ...]
    pots: tuple[LivePot, ...] = ()
    final_stacks: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    currency: str | None = None
    """The currency whose cents the hand's amounts are (a cash game of money), else None:
    chips (:func:`~badugi_ledger.model.events.amounts_currency`)."""

    def to_dict(self) -> dict[str, object]:
        return {
            "hand": self.hand_id,
            "first_line": self.first_line,
            "last_line": self.last_line,
            "verdict": self.verdict,
            "problems": [p.to_dict() for p in self.problems],
            "pots": [p.to_dict() for p in self.pots],
            "final_stacks": dict(self.final_stacks),
            "currency": self.currency,
        }


@dataclass(frozen=True)
class LiveCheck:
    """Everything the page shows for one state of the text (see the module docstring).

    ``next`` and ``next_lines`` are set only when the last hand is in progress: its legal
    next actions, and for each option the canonical line to append (at the option's
    ``amount``; :func:`option_line` writes another amount of a ranged bet)."""

    source: str
    hands: tuple[LiveHand, ...]
    problems: tuple[LiveProblem, ...]
    """Problems outside any hand (a bad header line)."""
    next: NextActions | None = None
    next_lines: tuple[str, ...] = ()
    next_hand: bool = False
    """The last hand is over and correct, and two players at least have chips to play the
    next one: :func:`next_hand_lines` writes its line."""

    @property
    def ok(self) -> bool:
        """No hand broken or unreadable, no problem outside hands (a hand in progress is ok)."""
        return not self.problems and all(h.verdict in ("ok", "in progress") for h in self.hands)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (fields in docs/api.md)."""
        nxt: dict[str, Any] | None = None
        if self.next is not None:
            na = self.next
            nxt = {
                "phase": na.phase,
                "player": na.player,
                "complete": na.complete,
                "options": [
                    _option_dict(o, line)
                    for o, line in zip(na.options, self.next_lines, strict=True)
                ],
                "pots": [
                    {"name": p.name, "amount": p.amount, "eligible": list(p.eligible)}
                    for p in na.pots
                ],
                "uncalled": None
                if na.uncalled is None
                else {"player": na.uncalled[0], "amount": na.uncalled[1]},
                "stacks": dict(na.stacks),
            }
        return {
            "source": self.source,
            "ok": self.ok,
            "hands": [h.to_dict() for h in self.hands],
            "problems": [p.to_dict() for p in self.problems],
            "next": nxt,
            "next_hand": self.next_hand,
        }


def _option_dict(option: LegalOption, line: str) -> dict[str, object]:
    return {
        "player": option.player,
        "kind": option.kind,
        "amount": option.amount,
        "max_amount": option.max_amount,
        "all_in_amount": option.all_in_amount,
        "all_in_least": option.all_in_least,
        "cards": option.cards,
        "line": line,
    }


def option_line(option: LegalOption, amount: int | None = None) -> str:
    """The canonical line that records ``option`` (``Ben calls 2``, ``Ben raises to 8``,
    ``draw: Cara 2``, ``Cara mucks``); ``amount`` picks a total of a ranged bet or raise, or
    the number of cards of a draw (None: the option's own)."""
    from .text.writer import event_line

    return event_line(event_at(option, amount))


# --- the check ------------------------------------------------------------------------------


class _Tracker(TableTracker):
    """The tables' tracker, remembering what the latest hand started from (stacks, pot)."""

    def __init__(self) -> None:
        super().__init__()
        self.last: tuple[HandRecord, dict[str, int], int | None, frozenset[str]] | None = None

    def replay(self, record: HandRecord) -> HandOutcome:
        carried, _ = self.carried(record)
        # A pot unknown, or in doubt (the check replays the hand with each of two and
        # settles it with neither), offers no next actions: which are legal is the pot's to say.
        doubted = self.carry_unknown(record) or self.carry_in_doubt(record)
        carry = None if doubted else self.carry_in(record)[0]
        self.last = (record, carried, carry, self.carry_stakes(record))
        return super().replay(record)


@dataclass(frozen=True)
class _Run:
    outcomes: list[HandOutcome]
    tracker: _Tracker
    lines: int


def _run(text: str, source: str) -> _Run:
    from .text.parse import parse_text

    tracker = _Tracker()
    outcomes = [stacks_unknown(o) for o in replay_stream(parse_text(text, source), tracker=tracker)]
    for hand, found in tracker.pools.at_end():
        _said_at_the_end(outcomes, hand, found)
    return _Run(outcomes, tracker, text.count("\n") + (not text.endswith("\n")))


def _said_at_the_end(outcomes: list[HandOutcome], hand: str, found: Violation) -> None:
    """What only the whole text tells (:meth:`~.replay.pools.Pools.at_end`: nights of one
    date taking carried pots, a warning), added to the warnings of the hand it is at, the last
    of that number at or before its line, as ``check`` lists it there."""
    at = [
        i
        for i, o in enumerate(outcomes)
        if o.hand_id == hand and o.pos.source == found.pos.source and o.pos.line <= found.pos.line
    ]
    if at:
        i = at[-1]
        outcomes[i] = replace(outcomes[i], warnings=(*outcomes[i].warnings, found))


def live_check(text: str, *, source: str = "<input>") -> LiveCheck:
    """Read and replay the whole ``text`` as ``check`` does and return what the page shows
    (see :class:`LiveCheck`).  Never raises for what the text holds: a syntax error is a
    problem of its hand, with its line, column and caret."""
    run = _run(text, source)
    outcomes = run.outcomes
    lines = text.splitlines()
    outside: list[LiveProblem] = []
    hands: list[LiveHand] = []
    nxt: NextActions | None = None
    firsts = [_first_line(o, lines) for o in outcomes]
    nexts = _next_later(firsts)
    more_of: dict[int, list[LiveProblem]] = {}  # (the hands' further unreadable lines)
    for i, outcome in enumerate(outcomes):
        if outcome.hand_id is None:
            outside.extend(_problem(outcome, v) for v in problems(outcome))
            continue
        if outcome.record is None and hands and hands[-1].hand_id == outcome.hand_id:
            # Another unreadable line of the same hand: one hand, its problems together.
            more_of.setdefault(len(hands) - 1, []).extend(
                _problem(outcome, v) for v in problems(outcome)
            )
            continue
        later = nexts[i]
        end = later - 1 if later is not None else len(lines)
        found = problems(outcome)
        verdict: Verdict
        if outcome.record is None:
            verdict = "error"
        elif outcome.ok:
            verdict = "ok"
        else:
            verdict = "violations"
            if i == len(outcomes) - 1:
                nxt = _in_progress(run.tracker, outcome)
                if nxt is not None or _awaiting_chips(outcome):
                    verdict = "in progress"
                    found = [v for v in found if v.kind == "warning"]
        hands.append(
            LiveHand(
                outcome.hand_id,
                firsts[i],
                _last_line(outcome, lines, firsts[i], end),
                verdict,
                tuple(_problem(outcome, v) for v in found),
                _pots(outcome),
                MappingProxyType(dict(outcome.result.final_stacks))
                if outcome.result
                else MappingProxyType({}),
                _currency(outcome.record),
            )
        )
    for at, more in more_of.items():
        last = hands[at]
        hands[at] = LiveHand(
            last.hand_id, last.first_line, last.last_line, "error", (*last.problems, *more)
        )
    next_lines = tuple(option_line(o) for o in nxt.options) if nxt is not None else ()
    record = outcomes[-1].record if outcomes else None
    next_hand = (
        record is not None
        and bool(hands)
        and hands[-1].verdict == "ok"
        and _next_seating(record, run.tracker) is not None
    )
    return LiveCheck(source, tuple(hands), tuple(outside), nxt, next_lines, next_hand)


def _next_later(firsts: list[int]) -> list[int | None]:
    """For each hand's first line, the first line of the first hand after it that starts
    below it (None: none), where the hand ends: one pass from the end keeping the candidates
    (the next greater element).  Looked for hand by hand among every later hand, a text of
    many one-line hands (the page sends up to a megabyte) took minutes of the server."""
    found: list[int | None] = [None] * len(firsts)
    below: list[int] = []
    for i in range(len(firsts) - 1, -1, -1):
        while below and below[-1] <= firsts[i]:
            below.pop()
        found[i] = below[-1] if below else None
        below.append(firsts[i])
    return found


def _awaiting_chips(outcome: HandOutcome) -> bool:
    """Whether the last hand stops at its hand line, fewer than two of its players with chips:
    a rebuy or a top-up is written right after that line (grammar/README.md), so the record
    merely stops before it (nothing to tap: the organiser types it)."""
    record = outcome.record
    return (
        record is not None
        and [v.rule for v in outcome.errors] == ["players"]
        and all(type(e) is Post for e in record.events)
    )


def _currency(record: HandRecord | None) -> str | None:
    """The currency whose cents ``record``'s amounts are, None for chips (or no record)."""
    return None if record is None else amounts_currency(record.session, record.settings.currency)


def _in_progress(tracker: _Tracker, outcome: HandOutcome) -> NextActions | None:
    """The last hand's next actions when it only stops before its end, else None."""
    if outcome.result is not None or not outcome.errors or tracker.last is None:
        return None
    record, carried, carry, stakes = tracker.last
    if record is not outcome.record or carry is None:
        return None
    try:
        # The same walk as the replay's: a rule broken on the way raises here too, so only
        # a hand whose events are all legal and that merely stops gets this far.
        nxt = next_actions(record, stacks=carried, carry_in=carry, carry_stakes=stakes)
    except BadugiError:
        return None
    return None if nxt.complete else nxt  # (no option: the cards are still to be written)


def _problem(outcome: HandOutcome, v: Violation) -> LiveProblem:
    pos = v.pos if v.pos.line else outcome.pos
    message, _, hint = v.message.partition("\n")
    return LiveProblem(
        pos.line, pos.column, v.rule, v.kind, message, hint, problem_line(outcome, v)
    )


def _pots(outcome: HandOutcome) -> tuple[LivePot, ...]:
    """The pots of a finished hand; their details name money as money in a hand of money
    (:func:`~badugi_ledger.reports.hand_view.pot_detail`), as the page shows them beside the
    pots' amounts."""
    from .reports.hand_view import pot_detail

    result = outcome.result
    if result is None:
        return ()
    currency = _currency(result.record)
    return tuple(
        LivePot(
            p.name,
            p.amount,
            p.eligible,
            tuple(q for q, chips in p.shares.items() if chips),
            p.shares,
            pot_detail(p, result.record, currency),
        )
        for p in result.pots
    )


_HAND_START = re.compile(r"[ \t\ufeff]*hand(?![^\s·•;#])")


def _first_line(outcome: HandOutcome, lines: list[str]) -> int:
    """The hand's ``hand`` line (for a hand that could not be read: the nearest one above
    the error)."""
    if outcome.record is not None:
        return outcome.record.pos.line
    line = outcome.pos.line
    for n in range(min(line, len(lines)), 0, -1):
        if _HAND_START.match(lines[n - 1]):
            return n
    return line


def _last_line(outcome: HandOutcome, lines: list[str], first: int, end: int) -> int:
    """The hand's last line that is not blank or a comment, before ``end`` (the line before
    whatever comes next)."""
    if outcome.record is not None and outcome.record.text:
        end = min(end, first + len(outcome.record.text.rstrip("\n").split("\n")) - 1)
    while end > first and not lines[end - 1].split("#", 1)[0].strip():
        end -= 1
    return max(end, first)


# --- the next hand --------------------------------------------------------------------------


_TRAILING_NUMBER = re.compile(r"(.*?)(\d+)")


def _next_id(hand_id: str) -> str:
    """``12`` -> ``13``, ``T9`` -> ``T10``, ``004-1`` -> ``004-2``; an id without a number at
    its end gets ``-2``."""
    found = _TRAILING_NUMBER.fullmatch(hand_id)
    if found is None:
        return f"{hand_id}-2"
    head, digits = found.groups()
    return head + next_number(digits)


def next_number(digits: str) -> str:
    """The number after ``digits`` (decimal digits of any script, as ``int`` reads them), in
    ASCII digits, as wide as ``digits`` at least: ``09`` -> ``10``, ``99`` -> ``100``,
    ``004`` -> ``005``; of any length (``int`` refuses a text of more than 4,300 digits).

    >>> next_number("129"), next_number("99"), next_number("004"), next_number("٣")
    ('130', '100', '005', '4')
    """
    digits = ascii_digits(digits)
    kept = digits.rstrip("9")
    if not kept:
        return "1" + "0" * len(digits)
    return kept[:-1] + str(int(kept[-1]) + 1) + "0" * (len(digits) - len(kept))


def next_hand_lines(text: str, *, source: str = "<input>") -> str:
    """The line that starts the next hand of the last hand's table, once that hand is over:
    the next hand number, the seats with the stacks the last hand left, and the button moved
    (see :func:`_next_seating`).  Raises :class:`BadugiError` when the last hand is not over
    (or could not be read), or fewer than two players have chips left."""
    from .text.writer import hand_line

    run = _run(text, source)
    records = [o for o in run.outcomes if o.record is not None]
    if not records or records[-1] is not run.outcomes[-1]:
        raise BadugiError("there is no hand to follow: the text ends without a readable hand")
    last = records[-1]
    record = last.record
    assert record is not None
    if last.result is None:
        nxt = _in_progress(run.tracker, last)
        what = "is still being recorded" if nxt is not None else "could not be replayed"
        raise BadugiError(f"hand {record.hand_id} {what}: finish it before the next hand")
    seating = _next_seating(record, run.tracker)
    if seating is None:
        raise BadugiError(
            f"after hand {record.hand_id} fewer than two players have chips: there is no next "
            "hand (a rebuy is written on a hand line, as a player's new stack)"
        )
    button, seats = seating
    return hand_line(_next_id(record.hand_id), button, seats) + "\n"


def _next_seating(record: HandRecord, tracker: TableTracker) -> tuple[str, list[Seat]] | None:
    """The button and seats of the hand after ``record``, as its table stands in ``tracker``:
    every seat with the stack the hand left (unknown ones not written), but a player left
    without chips, who is no longer listed (the format's way to leave a table; the reader
    would deal a listed player in and post blinds for them: a rebuy comes back with a stack),
    and the button on the next of them clockwise (``000``: the button moves one seat to the
    left each hand).  A player without chips whose chips are in the pot carried into a
    Progressive Badugi redeal stays listed, his 0 carried: ``002`` deals the redeal "to every
    player at the table" and he contests the carried pot (the replay's
    :func:`~badugi_ledger.replay.seating.redeal_all_in` deals him in when the record plays his
    cards).  None when fewer than two players have chips (or unknown stacks) to play on."""
    stacks = tracker.table(record).stacks
    stakes = tracker.carry_stakes(record)
    seats = [
        Seat(seat.name, stacks.get(seat.name) or None, seat.number)
        for seat in record.seats
        if stacks.get(seat.name) != 0 or seat.name in stakes
    ]
    if sum(stacks.get(seat.name) != 0 for seat in seats) < 2:
        return None
    names = {seat.name for seat in seats}
    button = next(p for p in _clockwise_after(record, record.button) if p in names)
    return button, seats


def _clockwise_after(record: HandRecord, player: str) -> Iterator[str]:
    """The seats clockwise after ``player``, ending with ``player``."""
    names = list(record.players)
    i = names.index(player) + 1
    yield from names[i:] + names[:i]
