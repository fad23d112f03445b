"""Tournament rules: finishing places from bust-outs, prizes, chops, bounties and points.

Pure functions first (tested on their own), then :func:`recompute_tournament`, which reads a
tournament's stored hands and writes its ``tournament_entries``.

**Places** (:func:`finishing_places`).  Hands are taken in the order they were recorded.  A
player is *out* when their stack is 0 at the end of the last hand they appear in (a player who
busts and rebuys appears again, so only the final bust counts).  Later busts finish higher.
Players busting in the same hand are placed by their stack at the start of that hand (bigger
stack, better place); equal stacks share the place.  Players never busted take the top places
by their last stack; equal stacks share.  A shared place covers several places (``place`` ..
``place_to``) and its players split the prizes of all the places covered.

**Prizes** (:func:`prize_table`).  The payout table is whole percentages of the prize pool,
first place first, and must total 100.  Every place but first gets ``pool * pct / 100`` rounded
*down* to a whole ``unit`` (default 1 cent; a club paying whole euros uses 100), and first place
gets the rest, so the prizes always add up to the pool exactly.  Places the field cannot fill
(more paid places than entrants) pay nothing and their money stays with first place.  Money
shared between tied players is divided evenly in whole units; units left over go one each to
the tied players in name order, and any amount below one unit to the first of them.

**Prize pool** = buy-ins + rebuys + add-ons − the bounty part of every buy-in.  A rebuy or an
add-on costs the buy-in unless the tournament's terms set another price.  A tournament without
a payout table pays no prizes (nothing is assumed); settle-up shows its pool as undistributed.

**Chops** (recorded with :func:`set_terms`, CLI ``badugi-ledger tournament --chop``): when the
players left at the end agree to stop, the prizes of their places are re-divided: ``even``
splits them equally; ``chip-count`` gives each the prize of the lowest place in the chop and
the rest in proportion to chips (rounded down to whole units, leftovers to the chip leader).
ICM is not offered.

**Bounties** (terms ``bounty`` = the part of each buy-in that is a bounty).  When a player is
out for good, their bounty goes to the winner(s) of the last pot they were eligible for in the
hand they busted (the pot holding their last chips), split evenly.  Players still in at the end
keep their own bounty.

**Points** (:func:`points_for`): ``linear`` = n − k + 1; ``table`` = fixed points per place;
``sqrt`` = 10·√n / √k · (1 + ln(b + 0.25)) with n entrants, k the place and b the buy-in in
currency units (cents / 100), natural logarithm.  Below b ≈ 0.12 that last factor is negative,
so ``sqrt`` refuses such buy-ins (freerolls) rather than hand out negative points.  A shared
place earns the average of the points of the places it covers.
"""

from __future__ import annotations

import json
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from sqlite_utils import Database

from .errors import ConfigError, LedgerError

ChopMethod = Literal["even", "chip-count"]
CHOP_METHODS: tuple[ChopMethod, ...] = ("even", "chip-count")
PointsFormula = Literal["linear", "table", "sqrt"]
POINTS_FORMULAS: tuple[PointsFormula, ...] = ("linear", "table", "sqrt")


@dataclass(frozen=True)
class Finish:
    """Where a player finished: ``place`` .. ``place_to`` (equal unless the place is shared)."""

    player: str
    place: int
    place_to: int
    chips: int = 0
    """Chips at the end for players never busted; 0 for players who went out."""
    out_in_hand: int | None = None
    """Index (in recorded order) of the hand the player went out in; None if still in."""


def _sort_name(name: str) -> tuple[str, str]:
    return (name.casefold(), name)


def finishing_places(hands: Sequence[Mapping[str, tuple[int, int]]]) -> list[Finish]:
    """Places from per-hand ``{player: (stack at start, stack at end)}``, hands in order.

    >>> hands = [{"A": (100, 150), "B": (100, 50), "C": (100, 100)},
    ...          {"A": (150, 250), "B": (50, 0), "C": (100, 50)}]
    >>> [(f.player, f.place) for f in finishing_places(hands)]
    [('A', 1), ('C', 2), ('B', 3)]
    """
    last: dict[str, int] = {}
    for index, hand in enumerate(hands):
        for player, (start, final) in hand.items():
            if start or final:  # a seat with no chips at the deal was not dealt in
                last[player] = index
    remaining: list[tuple[str, int]] = []
    out: list[tuple[str, int, int]] = []  # player, hand index, stack at start of that hand
    for player, index in last.items():
        start, final = hands[index][player]
        if final == 0:
            out.append((player, index, start))
        else:
            remaining.append((player, final))
    finishes: list[Finish] = []
    place = 1
    # Survivors: biggest stack first; equal stacks share.
    by_chips: dict[int, list[str]] = defaultdict(list)
    for player, chips in remaining:
        by_chips[chips].append(player)
    for chips in sorted(by_chips, reverse=True):
        group = sorted(by_chips[chips], key=_sort_name)
        for player in group:
            finishes.append(Finish(player, place, place + len(group) - 1, chips, None))
        place += len(group)
    # The busted: latest bust first; same hand by starting stack; equal stacks share.
    groups: dict[tuple[int, int], list[str]] = defaultdict(list)
    for player, index, start in out:
        groups[(index, start)].append(player)
    for key in sorted(groups, reverse=True):
        group = sorted(groups[key], key=_sort_name)
        for player in group:
            finishes.append(Finish(player, place, place + len(group) - 1, 0, key[0]))
        place += len(group)
    return finishes


def validate_payouts(percents: Sequence[int]) -> tuple[int, ...]:
    """A payout table in whole percent, first place first; raise ConfigError unless it totals 100.

    >>> validate_payouts([50, 30, 20])
    (50, 30, 20)
    """
    table = tuple(int(p) for p in percents)
    if any(p < 0 for p in table):
        raise ConfigError(f"payout percentages cannot be negative: {list(table)}")
    if table and sum(table) != 100:
        raise ConfigError(f"payout percentages must total 100, not {sum(table)}: {list(table)}")
    return table


def prize_table(pool: int, percents: Sequence[int], unit: int = 1) -> list[int]:
    """Prizes for places 1, 2, …: each but first rounded down to ``unit``; first gets the rest.

    >>> prize_table(1000, [50, 30, 20])
    [500, 300, 200]
    >>> prize_table(1001, [50, 30, 20], unit=100)
    [501, 300, 200]
    >>> prize_table(999, [60, 25, 15], unit=100)
    [699, 200, 100]
    """
    table = validate_payouts(percents)
    if unit < 1:
        raise ConfigError(f"the prize rounding unit must be at least 1, not {unit}")
    if pool < 0:
        raise ConfigError(f"the prize pool cannot be negative ({pool})")
    if not table:
        return []
    rest = [(pool * pct // 100) // unit * unit for pct in table[1:]]
    return [pool - sum(rest), *rest]


def _split(amount: int, players: Sequence[str], unit: int) -> dict[str, int]:
    """``amount`` evenly in whole units; leftover units one each in order, the rest to the first."""
    if not players:
        return {}
    each = amount // (len(players) * unit) * unit
    shares = dict.fromkeys(players, each)
    left = amount - each * len(players)
    for player in players:
        if left < unit:
            break
        shares[player] += unit
        left -= unit
    shares[players[0]] += left
    return shares


def award_prizes(
    finishes: Sequence[Finish], prizes: Sequence[int], unit: int = 1
) -> dict[str, int]:
    """Prize per player; players sharing a place split the prizes of the places covered.

    >>> fs = [Finish("A", 1, 1), Finish("B", 2, 3), Finish("C", 2, 3)]
    >>> award_prizes(fs, [500, 301, 200])
    {'A': 500, 'B': 251, 'C': 250}
    """
    result: dict[str, int] = {}
    groups: dict[tuple[int, int], list[str]] = defaultdict(list)
    for f in finishes:
        groups[(f.place, f.place_to)].append(f.player)
    for (first, last), players in groups.items():
        money = sum(prizes[k - 1] for k in range(first, last + 1) if k <= len(prizes))
        result.update(_split(money, sorted(players, key=_sort_name), unit))
    return result


def chop(
    finishes: Sequence[Finish], prizes: Sequence[int], method: ChopMethod, unit: int = 1
) -> dict[str, int]:
    """Re-divide the prizes of the players still in (``chips`` > 0) as agreed.

    >>> fs = [Finish("A", 1, 1, 600), Finish("B", 2, 2, 300), Finish("C", 3, 3, 100)]
    >>> chop(fs, [500, 300, 200], "even")
    {'A': 334, 'B': 333, 'C': 333}
    >>> chop(fs, [500, 300, 200], "chip-count")
    {'A': 440, 'B': 320, 'C': 240}
    """
    if method not in CHOP_METHODS:
        raise ConfigError(f"unknown chop {method!r} (chops: {', '.join(CHOP_METHODS)})")
    live = sorted(
        (f for f in finishes if f.chips > 0), key=lambda f: (-f.chips, _sort_name(f.player))
    )
    if len(live) < 2:
        return {}
    places = len(live)
    total = sum(prizes[k] for k in range(min(places, len(prizes))))
    players = [f.player for f in live]
    if method == "even":
        return _split(total, players, unit)
    floor = prizes[places - 1] if places <= len(prizes) else 0
    extra = total - floor * places
    chips = sum(f.chips for f in live)
    shares = {f.player: floor + (extra * f.chips // chips) // unit * unit for f in live}
    shares[players[0]] += total - sum(shares.values())
    return shares


def points_for(
    formula: PointsFormula,
    entrants: int,
    place: int,
    place_to: int | None = None,
    *,
    buy_in_units: float = 0.0,
    table: Sequence[float] = (),
) -> float:
    """Points for finishing ``place`` (.. ``place_to`` when shared) of ``entrants``.

    >>> points_for("linear", 10, 1), points_for("linear", 10, 10), points_for("linear", 10, 2, 3)
    (10.0, 1.0, 8.5)
    >>> round(points_for("sqrt", 16, 1, buy_in_units=10), 2)
    133.09
    >>> points_for("table", 8, 2, table=[10, 6, 3])
    6.0
    """
    last = place if place_to is None else place_to
    if not 1 <= place <= last <= entrants:
        raise ConfigError(f"place {place}..{last} is impossible with {entrants} entrants")
    if formula == "linear":
        each = [float(entrants - k + 1) for k in range(place, last + 1)]
    elif formula == "table":
        each = [float(table[k - 1]) if k <= len(table) else 0.0 for k in range(place, last + 1)]
    elif formula == "sqrt":
        factor = 1 + math.log(buy_in_units + 0.25)
        if factor <= 0:
            raise ConfigError(
                f"the sqrt points formula gives negative points for a buy-in of {buy_in_units:g} "
                "(it needs b > 0.118); use --points linear or table for freerolls"
            )
        each = [10 * math.sqrt(entrants) / math.sqrt(k) * factor for k in range(place, last + 1)]
    else:
        raise ConfigError(
            f"unknown points formula {formula!r} (formulas: {', '.join(POINTS_FORMULAS)})"
        )
    return sum(each) / len(each)


# --- the stored tournament -------------------------------------------------------------------


@dataclass(frozen=True)
class Terms:
    """How a tournament pays: bounty per head, rebuy/add-on prices, rounding unit, chop."""

    bounty: int = 0
    rebuy_price: int | None = None
    add_on_price: int | None = None
    prize_unit: int = 1
    chop: ChopMethod | None = None

    def __post_init__(self) -> None:
        if self.bounty < 0 or self.prize_unit < 1:
            raise ConfigError("the bounty cannot be negative and the prize unit must be >= 1")
        if self.chop is not None and self.chop not in CHOP_METHODS:
            raise ConfigError(f"unknown chop {self.chop!r} (chops: {', '.join(CHOP_METHODS)})")


def find_event(db: Database, ref: str | int, *, kind: str | None = None) -> dict[str, object]:
    """An event by id or name (exact, then any case); LedgerError if none or ambiguous."""
    where = " AND kind = ?" if kind else ""
    extra: list[object] = [kind] if kind else []
    text = str(ref).strip()
    rows: list[dict[str, object]] = []
    if text.isdigit():
        rows = list(db.query(f"SELECT * FROM events WHERE id = ?{where}", [int(text), *extra]))
    if not rows:
        rows = list(db.query(f"SELECT * FROM events WHERE name = ?{where}", [text, *extra]))
    if not rows:
        rows = list(
            db.query(f"SELECT * FROM events WHERE lower(name) = lower(?){where}", [text, *extra])
        )
    if not rows:
        what = f"{kind} event" if kind else "event"
        raise LedgerError(f"no {what} {text!r} in the ledger (see: badugi-ledger standings)")
    if len(rows) > 1:
        ids = ", ".join(f"{r['id']} ({r['name']}, {r['date'] or 'no date'})" for r in rows)
        raise LedgerError(f"event {text!r} is ambiguous; give its id: {ids}")
    return rows[0]


def get_terms(db: Database, event_id: int) -> Terms:
    rows = list(db.query("SELECT * FROM tournament_terms WHERE event_id = ?", [event_id]))
    if not rows:
        return Terms()
    r = rows[0]
    return Terms(r["bounty"], r["rebuy_price"], r["add_on_price"], r["prize_unit"], r["chop"])


def set_terms(db: Database, event_id: int, terms: Terms) -> None:
    """Record a tournament's terms (call inside a transaction), then recompute its entries."""
    db.execute(
        "INSERT INTO tournament_terms "
        "(event_id, bounty, rebuy_price, add_on_price, prize_unit, chop) "
        "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(event_id) DO UPDATE SET bounty = excluded.bounty, "
        "rebuy_price = excluded.rebuy_price, add_on_price = excluded.add_on_price, "
        "prize_unit = excluded.prize_unit, chop = excluded.chop",
        (
            event_id,
            terms.bounty,
            terms.rebuy_price,
            terms.add_on_price,
            terms.prize_unit,
            terms.chop,
        ),
    )
    recompute_tournament(db, event_id)


def _bounty_takers(db: Database, hand_row_id: int, alias_id: int) -> list[int]:
    """Alias ids that won the last pot the busted player was eligible for in that hand."""
    pots = list(
        db.query("SELECT id, eligible FROM pots WHERE hand_id = ? ORDER BY idx DESC", [hand_row_id])
    )
    name = db.execute("SELECT name FROM aliases WHERE id = ?", [alias_id]).fetchone()[0]
    for pot in pots:
        if name in json.loads(str(pot["eligible"] or "[]")):
            rows = db.execute(
                "SELECT alias_id FROM pot_winners WHERE pot_id = ? AND share > 0", [pot["id"]]
            ).fetchall()
            return [int(r[0]) for r in rows]
    return []


def recompute_tournament(db: Database, event_id: int) -> int:
    """Rewrite ``tournament_entries`` of one tournament from its stored hands; return entrants.

    Call inside a transaction (the import does, per file).
    """
    event = db.execute(
        "SELECT kind, buy_in, payouts FROM events WHERE id = ?", [event_id]
    ).fetchone()
    if event is None or event[0] != "tournament":
        raise LedgerError(f"event {event_id} is not a tournament")
    buy_in = int(event[1] or 0)
    payouts = validate_payouts(json.loads(event[2] or "[]"))
    terms = get_terms(db, event_id)
    if terms.bounty > buy_in:
        raise ConfigError(f"the bounty ({terms.bounty}) cannot exceed the buy-in ({buy_in})")
    rows = db.execute(
        "SELECT h.id, hp.alias_id, a.name, hp.starting_stack, hp.final_stack, hp.rebuys, "
        "hp.add_ons FROM hands h JOIN hand_players hp ON hp.hand_id = h.id "
        "JOIN aliases a ON a.id = hp.alias_id WHERE h.event_id = ? ORDER BY h.id, hp.seat",
        [event_id],
    ).fetchall()
    hands: list[dict[str, tuple[int, int]]] = []
    hand_ids: list[int] = []
    alias_of: dict[str, int] = {}
    rebuys: dict[str, int] = defaultdict(int)
    add_ons: dict[str, int] = defaultdict(int)
    for hand_id, alias_id, name, start, final, n_rebuys, n_add_ons in rows:
        if not hand_ids or hand_ids[-1] != hand_id:
            hand_ids.append(hand_id)
            hands.append({})
        hands[-1][name] = (start, final)
        alias_of[name] = alias_id
        rebuys[name] += n_rebuys or 0
        add_ons[name] += n_add_ons or 0
    finishes = finishing_places(hands)
    n = len(finishes)
    rebuy_price = buy_in if terms.rebuy_price is None else terms.rebuy_price
    add_on_price = buy_in if terms.add_on_price is None else terms.add_on_price
    paid_in = {
        f.player: buy_in + rebuys[f.player] * rebuy_price + add_ons[f.player] * add_on_price
        for f in finishes
    }
    pool = sum(paid_in.values()) - terms.bounty * n
    prizes = prize_table(pool, payouts, terms.prize_unit) if payouts else []
    won = award_prizes(finishes, prizes, terms.prize_unit)
    if terms.chop is not None:
        won.update(chop(finishes, prizes, terms.chop, terms.prize_unit))
    bounty_won: dict[str, int] = defaultdict(int)
    bounty_count: dict[str, int] = defaultdict(int)
    if terms.bounty:
        name_of = {a: p for p, a in alias_of.items()}
        for f in finishes:
            if f.out_in_hand is None:
                bounty_won[f.player] += terms.bounty
                continue
            takers = [
                name_of[a] for a in _bounty_takers(db, hand_ids[f.out_in_hand], alias_of[f.player])
            ]
            if not takers:  # nobody to credit (should not happen): the player keeps it
                takers = [f.player]
            for taker, share in _split(terms.bounty, sorted(takers, key=_sort_name), 1).items():
                bounty_won[taker] += share
                bounty_count[taker] += 1 if taker != f.player else 0
    db.execute("DELETE FROM tournament_entries WHERE event_id = ?", [event_id])
    db.conn.executemany(
        "INSERT INTO tournament_entries (event_id, alias_id, buy_in, rebuys, rebuy_cost, add_ons, "
        "add_on_cost, bounties, bounty_won, place, place_to, chips, prize, points) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        [
            (
                event_id,
                alias_of[f.player],
                buy_in,
                rebuys[f.player],
                rebuys[f.player] * rebuy_price,
                add_ons[f.player],
                add_ons[f.player] * add_on_price,
                bounty_count[f.player],
                bounty_won[f.player],
                f.place,
                f.place_to,
                f.chips,
                won.get(f.player, 0),
                points_for("linear", n, f.place, f.place_to),
            )
            for f in finishes
        ],
    )
    return n


@dataclass(frozen=True)
class TournamentResult:
    """A tournament's terms and its entries (place, prize, bounties, money won)."""

    event: str
    terms: Terms
    pool: int
    """Buy-ins, rebuys and add-ons less the bounties: what the payout table divides."""
    entries: tuple[dict[str, object], ...]
    payouts: tuple[int, ...] = ()

    def text_lines(self) -> list[str]:
        t = self.terms
        table = "/".join(map(str, self.payouts)) if self.payouts else "none (no prizes)"
        terms = [f"prize pool {self.pool}", f"payouts {table}"]
        if t.bounty:
            terms.append(f"bounty {t.bounty}")
        if t.chop:
            terms.append(f"chop {t.chop}")
        if t.prize_unit != 1:
            terms.append(f"prizes rounded to {t.prize_unit}")
        lines = [f"{self.event}: {len(self.entries)} entrants, {', '.join(terms)} (money in cents)"]
        for e in self.entries:
            place = (
                f"{e['place']}" if e["place"] == e["place_to"] else f"{e['place']}-{e['place_to']}"
            )
            extra = f", {e['chips']} chips" if e["chips"] else ""
            bounty = f", bounties {e['bounties']} = {e['bounty_won']}" if e["bounty_won"] else ""
            lines.append(
                f"  {place:>5}  {e['player']}: prize {e['prize']}{bounty}, paid {e['paid']}, "
                f"result {int(str(e['won'])):+d}{extra}"
            )
        return lines

    def as_dict(self) -> dict[str, object]:
        return {
            "event": self.event,
            "terms": dict(self.terms.__dict__),
            "prize_pool": self.pool,
            "payouts": list(self.payouts),
            "entries": list(self.entries),
        }


def tournament_result(
    db: Database, event: str | int, *, changes: Mapping[str, object] | None = None
) -> TournamentResult:
    """A stored tournament's result; ``changes`` (Terms fields) are recorded first and the
    places and prizes recomputed (e.g. ``{"chop": "even"}`` or ``{"bounty": 500}``)."""
    from .store import transaction

    row = find_event(db, event, kind="tournament")
    event_id = int(str(row["id"]))
    terms = get_terms(db, event_id)
    if changes:
        terms = Terms(**{**terms.__dict__, **changes})
        with transaction(db):
            set_terms(db, event_id, terms)
    entries = tuple(
        db.query(
            "SELECT p.name AS player, t.place, t.place_to, t.chips, t.buy_in, t.rebuys, "
            "t.add_ons, t.buy_in + t.rebuy_cost + coalesce(t.add_on_cost, 0) AS paid, t.prize, "
            "t.bounties, t.bounty_won, t.prize + t.bounty_won - t.buy_in - t.rebuy_cost "
            "- coalesce(t.add_on_cost, 0) AS won FROM tournament_entries t "
            "JOIN aliases a ON a.id = t.alias_id JOIN players p ON p.id = a.player_id "
            "WHERE t.event_id = ? ORDER BY t.place, lower(p.name)",
            [event_id],
        )
    )
    pool = sum(int(str(e["paid"])) for e in entries) - terms.bounty * len(entries)
    label = f"{row['name']}" + (f" ({row['date']})" if row["date"] else "")
    payouts = tuple(json.loads(str(row["payouts"] or "[]")))
    return TournamentResult(label, terms, pool, entries, payouts)


def tournament_command(
    db_path: str | Path, event: str | int, changes: Mapping[str, object] | None = None
) -> TournamentResult:
    """``badugi-ledger tournament``: record terms (chop, bounty, …) and show the result."""
    from .store import ledger_at

    with ledger_at(db_path, create=False) as db:
        return tournament_result(db, event, changes=changes)
