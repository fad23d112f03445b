"""Settle-up: who pays whom, with the fewest transfers.

Balances (positive = is owed, negative = owes) that sum to zero can always be settled with at
most n − 1 transfers, but the greedy "largest debtor pays largest creditor" is not always
minimal: for {−9, −8, +1, +3, +6, +7} it needs 5 transfers, yet {−9, +3, +6} and {−8, +1, +7}
each settle inside themselves, 2 + 2 = 4 transfers.  The minimum is n − g, where n counts the
non-zero balances and g is the largest number of groups they can be split into that each sum
to zero (each group settles inside itself with one transfer fewer than its size).

:func:`settle_balances` finds g exactly: first every pair of exactly opposite balances becomes
its own group (some optimal split always contains such a pair), then a subset dynamic programme
over the rest (O(2^n · n)) when at most ``exact_limit`` balances remain (default 16, well above a
home game), else one group (the greedy fallback, still at most n − 1 transfers).  Inside each
group the largest debtor pays the largest creditor until all are settled.

A cash event's balances are each player's net plus the house's rake (``*house*``) and any
carried pot left unwon (``*carry*``), so they sum to zero; a tournament's are each entrant's
prize + bounties − buy-in, rebuys and add-ons (plus ``*prize pool*`` for money no payout
table distributed).

Units (:mod:`badugi_ledger.model.money`): a cash event settles in its money (its currency, or its
chips times their stated value), else in chips; a tournament in its currency.  A season's
settle-up (:func:`settle_season`) adds each party's balances over the season's events *of one
unit* and settles each unit on its own: one settlement per unit, never a sum across units.  An
event and a season list the same parties (:func:`parties`): every player, 0 too.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass

from ..ledger.advice import Advice, Refusal
from ..ledger.connection import reading
from ..ledger.event_lookup import find_event, void_events_note
from ..ledger.stored_values import check_balanced_hands, check_stored_values
from ..ledger.views import CASH_FACTOR, CASH_UNIT
from ..model.errors import LedgerError
from ..model.escaping import for_terminal
from ..model.money import format_amount, major_units, unit_name
from ..model.results import PRIZE_POOL, RESERVED_ACCOUNTS
from .standings import require_season, season_clause

DEFAULT_EXACT_LIMIT = 16


@dataclass(frozen=True)
class Transfer:
    payer: str
    payee: str
    amount: int

    def as_dict(self, unit: str = "chips") -> dict[str, object]:
        return {"from": self.payer, "to": self.payee, "amount": major_units(self.amount, unit)}


def _greedy(group: Mapping[str, int]) -> list[Transfer]:
    """Largest debtor pays largest creditor; each transfer settles at least one of them."""
    owed = {k: v for k, v in group.items() if v}
    transfers = []
    while owed:
        creditor = max(owed, key=lambda k: (owed[k], k))
        debtor = min(owed, key=lambda k: (owed[k], k))
        amount = min(owed[creditor], -owed[debtor])
        if amount <= 0:  # pragma: no cover - impossible when the group sums to zero
            raise LedgerError("balances do not net to zero")
        transfers.append(Transfer(debtor, creditor, amount))
        for who, delta in ((creditor, -amount), (debtor, amount)):
            owed[who] += delta
            if not owed[who]:
                del owed[who]
    return transfers


def zero_sum_groups(values: list[int]) -> list[list[int]]:
    """Indexes of ``values`` split into the most groups that each sum to zero (subset DP).

    >>> zero_sum_groups([3, 4, -3, -4])
    [[0, 2], [1, 3]]
    """
    n = len(values)
    full = (1 << n) - 1
    sums = [0] * (1 << n)
    for mask in range(1, full + 1):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + values[low.bit_length() - 1]
    best = [0] * (1 << n)
    for mask in range(1, full + 1):
        top = 0
        bits = mask
        while bits:
            low = bits & -bits
            bits ^= low
            if best[mask ^ low] > top:
                top = best[mask ^ low]
        best[mask] = top + (sums[mask] == 0)
    groups: list[list[int]] = []
    mask, current = full, list[int]()
    while mask:
        for i in range(n):
            bit = 1 << i
            if mask & bit and best[mask ^ bit] + (sums[mask] == 0) == best[mask]:
                if sums[mask] == 0 and current:
                    groups.append(current)
                    current = []
                current.append(i)
                mask ^= bit
                break
    if current:
        groups.append(current)
    return groups


def settle_balances(
    balances: Mapping[str, int], *, exact_limit: int = DEFAULT_EXACT_LIMIT
) -> list[Transfer]:
    """The fewest transfers that bring every balance to zero (see the module docstring).

    >>> plan = settle_balances({"Anna": 30, "Ben": -10, "Cara": -20})
    >>> [(t.payer, t.payee, t.amount) for t in plan]
    [('Cara', 'Anna', 20), ('Ben', 'Anna', 10)]
    """
    if sum(balances.values()) != 0:
        raise LedgerError(f"balances sum to {sum(balances.values())}, not 0: cannot settle")
    rest = {k: v for k, v in sorted(balances.items()) if v}
    groups: list[dict[str, int]] = []
    for name in list(rest):
        if name not in rest:
            continue
        match = next((o for o in rest if o != name and rest[o] == -rest[name]), None)
        if match is not None:
            groups.append({name: rest.pop(name), match: rest.pop(match)})
    names = list(rest)
    if len(names) <= exact_limit:
        for idx in zero_sum_groups([rest[k] for k in names]):
            groups.append({names[i]: rest[names[i]] for i in idx})
    elif rest:
        groups.append(rest)
    transfers: list[Transfer] = []
    for group in groups:
        transfers.extend(_greedy(group))
    return sorted(transfers, key=lambda t: (-t.amount, t.payer, t.payee))


@dataclass(frozen=True)
class Settlement:
    event: str
    kind: str
    balances: dict[str, int]
    transfers: list[Transfer]
    unit: str = "chips"
    """What the amounts count: ``chips``, or a currency (amounts in cents), see
    :mod:`badugi_ledger.model.money`."""

    @property
    def total_paid(self) -> int:
        return sum(t.amount for t in self.transfers)

    @property
    def total_owed(self) -> int:
        return sum(v for v in self.balances.values() if v > 0)

    @property
    def net(self) -> int:
        return sum(self.balances.values())

    def text_lines(self) -> list[str]:
        """The settlement as people read it; names made safe for a terminal."""

        def amount(value: int, sign: bool = False) -> str:
            return format_amount(value, self.unit, sign=sign)

        who = for_terminal
        lines = [f"Settle-up for {who(self.event)} ({self.kind}; in {unit_name(self.unit)}):"]
        lines += [
            f"  {who(t.payer)} pays {who(t.payee)} {amount(t.amount)}" for t in self.transfers
        ]
        if not self.transfers:
            lines.append("  nobody owes anything")
        lines.append(
            "balances: "
            + ", ".join(f"{who(k)} {amount(v, True)}" for k, v in sorted(self.balances.items()))
            + f" (sum {amount(self.net)})"
        )
        lines.append(
            f"{len(self.transfers)} transfer{'s' if len(self.transfers) != 1 else ''}; "
            f"paid {amount(self.total_paid)} = owed {amount(self.total_owed)}; "
            f"balances net to {amount(self.net)}"
        )
        return lines

    def as_dict(self) -> dict[str, object]:
        """JSON-ready: amounts in currency units (12.34) where money, else chips."""
        unit = self.unit
        return {
            "event": self.event,
            "kind": self.kind,
            "unit": unit,
            "balances": {k: major_units(v, unit) for k, v in self.balances.items()},
            "transfers": [t.as_dict(unit) for t in self.transfers],
            "total_paid": major_units(self.total_paid, unit),
            "total_owed": major_units(self.total_owed, unit),
            "net": major_units(self.net, unit),
        }


@dataclass(frozen=True)
class SeasonSettlement:
    """A season's settle-up: one :class:`Settlement` per unit."""

    season: str
    settlements: list[Settlement]

    def text_lines(self) -> list[str]:
        if not self.settlements:
            return [f"Season {for_terminal(self.season)}: no events to settle"]
        lines: list[str] = []
        for settlement in self.settlements:
            if lines:
                lines.append("")
            lines += settlement.text_lines()
        return lines

    def as_dict(self) -> dict[str, object]:
        return {"season": self.season, "units": [s.as_dict() for s in self.settlements]}


def event_balances(db: sqlite3.Connection, event_id: int, kind: str) -> dict[str, int]:
    """What each party is owed (+) or owes (−) after the event; sums to zero."""
    check_stored_values(db, "tournament_entries", "event_id = ?", [event_id])
    if kind == "tournament":
        rows = db.execute(
            "SELECT p.name, sum(t.prize + t.bounty_won - t.buy_in - t.rebuy_cost "
            "- coalesce(t.add_on_cost, 0)) FROM tournament_entries t "
            "JOIN aliases a ON a.id = t.alias_id JOIN players p ON p.id = a.player_id "
            "WHERE t.event_id = ? GROUP BY p.id",
            [event_id],
        ).fetchall()
    else:
        check_balanced_hands(db, "h.event_id = ?", [event_id])
        rows = db.execute(
            f"SELECT coalesce(p.name, po.account), sum(po.amount) * {CASH_FACTOR} "
            "FROM postings po JOIN counted_hands h ON h.id = po.hand_id "
            "JOIN events e ON e.id = h.event_id "
            "LEFT JOIN aliases a ON a.id = po.alias_id "
            "LEFT JOIN players p ON p.id = a.player_id WHERE h.event_id = ? "
            "GROUP BY coalesce(p.name, po.account)",
            [event_id],
        ).fetchall()
        # Every player dealt into a hand that counts played, a chip put in or not (the button
        # who folds first): listed at 0 as ``events``, the standings and the sessions list him.
        rows += db.execute(
            "SELECT DISTINCT p.name, 0 FROM counted_hands h JOIN hand_players hp "
            "ON hp.hand_id = h.id JOIN aliases a ON a.id = hp.alias_id "
            "JOIN players p ON p.id = a.player_id WHERE h.event_id = ?",
            [event_id],
        ).fetchall()
    # By name: the order the ledger first met each player is its history, which a fresh
    # import of the same files does not share.
    balances: dict[str, int] = {}
    for name, total in sorted(rows, key=lambda r: str(r[0])):
        balances[str(name)] = balances.get(str(name), 0) + int(total)
    if kind == "tournament":
        # no payout table (or not all of the pool paid out): the money is still in the pool
        balances[PRIZE_POOL] = -sum(v for v in balances.values())
    return parties(balances)


def parties(balances: Mapping[str, int]) -> dict[str, int]:
    """The balances a settlement lists: every player, 0 too (a player who broke even is told
    so, and a script reading an event's or a season's settle-up finds the same players), and
    ``*house*``, ``*carry*`` and ``*prize pool*`` only when they hold something."""
    return {k: v for k, v in balances.items() if v or k not in RESERVED_ACCOUNTS}


def settle_event(
    db: sqlite3.Connection,
    event: str | int | None,
    *,
    exact_limit: int = DEFAULT_EXACT_LIMIT,
    by_id: bool = False,
) -> Settlement:
    """Balances and the fewest transfers for one event (by id, name or key; None: the latest;
    ``by_id`` as :func:`find_event` takes it)."""
    with reading(db):
        row = find_event(db, event, counted=True, by_id=by_id)
        event_id, kind = int(str(row["id"])), str(row["kind"])
        balances = event_balances(db, event_id, kind)
        transfers = settle_balances(balances, exact_limit=exact_limit)
        label = f"{row['name']}" + (f" ({row['date']})" if row["date"] else "")
        return Settlement(label, kind, balances, transfers, event_unit(db, event_id))


def event_unit(db: sqlite3.Connection, event_id: int) -> str:
    """The unit an event settles in: a cash game's money, else chips; a tournament's currency."""
    row = db.execute(
        f"SELECT CASE WHEN e.kind = 'tournament' THEN e.money ELSE {CASH_UNIT} END "
        "FROM events e WHERE e.id = ?",
        [event_id],
    ).fetchone()
    return str(row[0])


def settle_season(
    db: sqlite3.Connection, season: str, *, exact_limit: int = DEFAULT_EXACT_LIMIT
) -> SeasonSettlement:
    """The fewest transfers that settle a whole season, one settlement per unit, from one
    state of the ledger (:func:`~badugi_ledger.ledger.connection.reading`): a night an import
    moves to another event meanwhile is added once."""
    with reading(db):
        clause, args = season_clause(season, "WHERE")
        events = db.execute(
            f"SELECT e.id, e.kind FROM counted_events e {clause} AND (EXISTS (SELECT 1 "
            "FROM counted_hands h WHERE h.event_id = e.id) OR EXISTS (SELECT 1 "
            "FROM tournament_entries t WHERE t.event_id = e.id)) ORDER BY e.id",
            args,
        ).fetchall()
        if not events:
            require_season(db, season)
            void = void_events_note(db, f"event of season {season!r}", *season_clause(season))
            if void:
                raise Refusal(void)
            raise Refusal((f"no events in season {season!r} (", Advice("see the standings"), ")"))
        per_unit: dict[str, tuple[set[str], dict[str, int]]] = {}
        for event_id, kind in events:
            kinds, totals = per_unit.setdefault(event_unit(db, event_id), (set(), {}))
            kinds.add(kind)
            for party, amount in event_balances(db, event_id, kind).items():
                totals[party] = totals.get(party, 0) + amount
        settlements = [
            Settlement(
                f"season {season}",
                " and ".join(sorted(kinds)),
                parties(dict(sorted(totals.items()))),
                settle_balances(totals, exact_limit=exact_limit),
                unit,
            )
            for unit, (kinds, totals) in sorted(per_unit.items())
        ]
        return SeasonSettlement(season, settlements)


def settle_choice(event: str | int | None, season: str | None) -> None:
    """Refuse both an event and a season: a settlement is of one or the other."""
    if event is not None and season is not None:
        raise LedgerError("settle takes --event E or --season S, not both")


def settlement(
    db: sqlite3.Connection,
    event: str | int | None = None,
    *,
    season: str | None = None,
    by_id: bool = False,
) -> Settlement | SeasonSettlement:
    """``badugi-ledger settle``: one event's settlement (the latest event when neither
    ``event`` nor ``season`` is given), or a season's (one per unit).  ``by_id``: ``event``
    is an id the caller took from the ledger (the web app's settle page), as
    :func:`find_event` takes it."""
    settle_choice(event, season)
    if season is not None:
        return settle_season(db, season)
    return settle_event(db, event, by_id=by_id)
