"""From replayed hands to the rows the ledger stores - pure, no database.

:func:`prepare_outcomes` turns each :class:`~badugi_ledger.results.HandOutcome` of one file into
either a :class:`Rejected` (with every reason and its line) or a :class:`HandRows`: the hand's
fingerprint and its rows with *names* where the ledger keeps ids (players, aliases, the event),
since only the writer (:mod:`badugi_ledger.ledger_writer`), inside the file's transaction, can
turn names into ids.  Keeping this step free of the database lets ``import --jobs`` run it in
worker processes while one writer stores the files in order.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, NamedTuple

from .events import HandRecord, Session, StackChange
from .fingerprints import fingerprint
from .import_report import Rejected
from .results import CARRY, HOUSE, HandOutcome, HandResult, Violation
from .settings import validate_payouts


class HandRows(NamedTuple):
    """One valid hand, ready to store: everything but the ids the writer assigns."""

    fingerprint: str
    source: str
    event: tuple[Session, str, str | None]
    """What names the hand's ``events`` row: (session, game, currency), see
    :func:`event_identity`."""
    hand: tuple[Any, ...]
    """``hands`` columns hand_id … showdown (see :data:`HAND_COLUMNS`)."""
    players: tuple[tuple[Any, ...], ...]
    """(name, seat, starting_stack, final_stack, contributed, collected, busted, rebuys,
    add_ons)."""
    postings: tuple[tuple[str, bool, str, int], ...]
    """(account, is a player's account, kind, amount)."""
    pots: tuple[tuple[str, int, str, str, tuple[tuple[str, int], ...]], ...]
    """(name, amount, eligible as JSON, detail, winners as (name, share) with share > 0)."""


HAND_COLUMNS = (
    "hand_id", "table_name", "origin", "source", "line", "game", "button",
    "pot", "rake", "carry_in", "carry_out", "showdown",
)  # fmt: skip


def violation_reason(v: Violation) -> str:
    where = f"line {v.pos.line}: " if v.pos.line else ""
    return f"{where}{v.message} [{v.rule}]"


def ledger_problems(result: HandResult) -> list[str]:
    """Ledger invariants of one replayed hand: postings sum to zero and match each net."""
    problems = []
    if result.balance() != 0:
        problems.append(f"postings sum to {result.balance()}, not 0 [ledger-balance]")
    by_account: dict[str, int] = {}
    for p in result.postings:
        by_account[p.account] = by_account.get(p.account, 0) + p.amount
    for player, net in result.net.items():
        if by_account.get(player, 0) != net:
            problems.append(
                f"{player}'s postings total {by_account.get(player, 0)} but the stack changed "
                f"by {net} [ledger-net]"
            )
    return problems


def event_identity(record: HandRecord, source: str) -> dict[str, Any]:
    """The ``events`` row a hand belongs to; an unnamed session is named after its file."""
    return session_identity(record.session, record.settings.game, record.settings.currency, source)


def session_identity(s: Session, game: str, currency: str | None, source: str) -> dict[str, Any]:
    """:func:`event_identity` from its parts (what :attr:`HandRows.event` keeps)."""
    name = s.name or Path(source).stem
    return {
        "key": f"{s.kind}|{name}|{s.date or ''}",
        "kind": s.kind,
        "name": name,
        "date": s.date,
        "place": s.place,
        "game": game,
        "season": s.season,
        "currency": currency,
        "buy_in": s.buy_in,
        "starting_chips": s.starting_chips,
        "payouts": json.dumps(list(validate_payouts(s.payouts))) if s.payouts else None,
    }


def hand_rows(record: HandRecord, result: HandResult, source: str, line: int) -> HandRows:
    """The rows of one valid hand (players in seat order, those not dealt in left out)."""
    changes = [e for e in record.events if isinstance(e, StackChange)]
    starting = result.starting_stacks
    seats = [s.name for s in record.seats if s.name in starting]
    seats += [p for p in starting if p not in seats]
    players = []
    for seat, player in enumerate(seats):
        if player not in result.contributions:
            continue  # seated but not dealt in (sitting out, or no chips)
        players.append(
            (
                player,
                seat,
                starting[player],
                result.final_stacks[player],
                result.contributions.get(player, 0),
                result.payouts.get(player, 0),
                int(player in result.busted),
                sum(1 for c in changes if c.player == player and c.kind == "rebuy"),
                sum(1 for c in changes if c.player == player and c.kind == "add-on"),
            )
        )
    settings = record.settings
    return HandRows(
        fingerprint(record),
        source,
        (record.session, settings.game, settings.currency),
        (
            record.hand_id,
            record.table,
            record.origin,
            source,
            line,
            settings.game,
            record.button,
            sum(p.amount for p in result.pots),
            result.rake,
            result.carry_in,
            result.carry_out,
            int(result.showdown),
        ),
        tuple(players),
        tuple(
            (p.account, p.account not in (HOUSE, CARRY), p.kind, p.amount) for p in result.postings
        ),
        tuple(
            (
                pot.name,
                pot.amount,
                json.dumps(list(pot.eligible)),
                pot.detail,
                tuple((w, s) for w, s in pot.shares.items() if s),
            )
            for pot in result.pots
        ),
    )


def prepare_outcomes(
    outcomes: Iterable[HandOutcome], source: str, *, strict: bool = False
) -> Iterator[Rejected | HandRows | None]:
    """One item per outcome, in order: :class:`Rejected`, :class:`HandRows`, or ``None`` for a
    valid hand after ``strict`` has already refused the file (nothing of it will be stored)."""
    refused = False
    for outcome in outcomes:
        reasons = [violation_reason(v) for v in outcome.errors]
        if outcome.result is not None and outcome.record is not None:
            reasons += ledger_problems(outcome.result)
        elif not reasons:
            reasons.append("the hand could not be replayed [incomplete]")
        if reasons:
            refused = refused or strict
            yield Rejected(
                outcome.source or source, outcome.pos.line, outcome.hand_id, tuple(reasons)
            )
        elif refused:
            yield None
        else:
            assert outcome.record is not None and outcome.result is not None
            yield hand_rows(
                outcome.record,
                outcome.result,
                outcome.source or source,
                outcome.pos.line or outcome.record.pos.line,
            )
