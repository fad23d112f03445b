"""A small builder of replayed hands for the ledger tests.

It makes :class:`HandOutcome` objects the way the replay engine reports them (a record, a
result whose postings are the double entry and sum to zero, or errors), so the ledger can be
tested without the parser and the replay.  The arithmetic is the ledger's own contract
(``model/results.py``): a player's postings total their net; rake goes to ``*house*``; a pot that is
not won goes to ``*carry*`` and comes back from it in the next hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from badugi_ledger.model.errors import NOWHERE, Position
from badugi_ledger.model.events import Action, Collect, HandRecord, Seat, Session, StackChange
from badugi_ledger.model.results import (
    CARRY,
    HOUSE,
    HandOutcome,
    HandResult,
    Posting,
    PotResult,
    Violation,
)
from badugi_ledger.model.settings import GameSettings

CASH = Session(kind="cash", name="Friday", date="2024-03-01", season="2024")


def hand(
    hand_id: str,
    stacks: Mapping[str, int],
    contrib: Mapping[str, int],
    payouts: Mapping[str, int],
    *,
    session: Session = CASH,
    rake: int = 0,
    carry_in: int = 0,
    carry_out: int = 0,
    pots: Sequence[PotResult] | None = None,
    table: str = "",
    line: int = 1,
    source: str = "night.bhh",
    changes: Sequence[StackChange] = (),
    settings: GameSettings | None = None,
) -> HandOutcome:
    """A legal hand: ``contrib`` chips in, ``payouts`` chips out (they must balance)."""
    pot = sum(contrib.values()) + carry_in
    assert sum(payouts.values()) == pot - rake - carry_out, "builder: the hand does not balance"
    players = list(stacks)
    events: list[object] = list(changes)
    events += [Action(p, "call", c) for p, c in contrib.items() if c]
    calls = len(events) - len(changes)
    events += [Collect(p, w) for p, w in payouts.items() if w]
    positions = (
        (NOWHERE,) * len(changes)
        + (Position(source, line + 1),) * calls
        + (Position(source, line + 2),) * (len(events) - len(changes) - calls)
    )
    record = HandRecord(
        hand_id=hand_id,
        settings=settings or GameSettings(),
        seats=tuple(Seat(p, stacks[p]) for p in players),
        button=players[0],
        events=tuple(events),  # type: ignore[arg-type]
        session=session,
        table=table,
        pos=Position(source, line),
        positions=positions,
    )
    postings = [Posting(p, "bet", -c) for p, c in contrib.items() if c]
    postings += [Posting(p, "collect", w) for p, w in payouts.items() if w]
    if rake:
        postings.append(Posting(HOUSE, "rake", rake))
    if carry_in:
        postings.append(Posting(CARRY, "carry-in", -carry_in))
    if carry_out:
        postings.append(Posting(CARRY, "carry-out", carry_out))
    final = {p: stacks[p] - contrib.get(p, 0) + payouts.get(p, 0) for p in players}
    if pots is None:
        eligible = tuple(p for p in players if contrib.get(p, 0) or payouts.get(p, 0))
        pots = (PotResult("main", pot, eligible, {p: w for p, w in payouts.items() if w}),)
    result = HandResult(
        record=record,
        starting_stacks=dict(stacks),
        contributions={p: contrib.get(p, 0) for p in players},
        pots=tuple(pots),
        payouts=dict(payouts),
        final_stacks=final,
        postings=tuple(postings),
        rake=rake,
        carry_in=carry_in,
        carry_out=carry_out,
        busted=tuple(p for p in players if final[p] == 0),
        showdown=True,
    )
    return HandOutcome(source, hand_id, Position(source, line), record, result)


def bad_hand(
    hand_id: str, line: int, rule: str, message: str, source: str = "night.bhh"
) -> HandOutcome:
    """A hand the replay refused."""
    return HandOutcome(
        source,
        hand_id,
        Position(source, line),
        None,
        None,
        (Violation(rule, message, Position(source, line + 3)),),
    )


def session_hands(
    n: int,
    players: Sequence[str] = ("Anna", "Ben", "Cara"),
    *,
    stack: int = 100,
    session: Session = CASH,
    source: str = "night.bhh",
    rake: int = 0,
    first: int = 1,
) -> list[HandOutcome]:
    """``n`` hands: each player puts in 2, the players take turns winning (minus rake)."""
    stacks = dict.fromkeys(players, stack)
    out = []
    for i in range(first, first + n):
        winner = players[i % len(players)]
        contrib = dict.fromkeys(players, 2)
        payout = {winner: 2 * len(players) - rake}
        out.append(
            hand(
                str(i),
                stacks,
                contrib,
                payout,
                session=session,
                rake=rake,
                line=10 * i,
                source=source,
            )
        )
        stacks = dict(out[-1].result.final_stacks)  # type: ignore[union-attr]
    return out
