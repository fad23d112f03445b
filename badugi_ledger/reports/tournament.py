"""A tournament's result table: its terms, prize pool and each entrant's place and prize.

The places and prizes are computed and stored by :mod:`badugi_ledger.ledger.tournament_results` as
hands are imported; this report reads them back, and records changed terms (a chop, a bounty)
before reading, which recomputes the places.

Amounts are integers of the tournament's money (cents of its currency, or of an unstated
one): :meth:`TournamentResult.text_lines` shows them as money (``28.00 USD``) through
:func:`badugi_ledger.model.money.format_amount`; :meth:`TournamentResult.as_dict` gives them as
numbers in currency units (``28.0``), as every JSON, CSV and Parquet output does
(:func:`badugi_ledger.model.money.major_units`), next to their ``unit``.  An entry's ``chips``
are tournament chips, never money.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from ..ledger.connection import reading, transaction
from ..ledger.event_lookup import event_label, find_event
from ..ledger.prizes import prize_pool, prize_table
from ..ledger.sql import dict_rows
from ..ledger.stored_values import check_stored_values
from ..ledger.tournament_results import clear_payouts, set_payouts, set_terms
from ..ledger.tournament_terms import Terms, get_terms
from ..model.money import TOURNAMENT_CHIPS, UNSTATED, format_amount, major_units, unit_name


@dataclass(frozen=True)
class TournamentResult:
    """A tournament's terms and its entries (place, prize, bounties, money won)."""

    event: str
    terms: Terms
    pool: int
    """Buy-ins, rebuys and add-ons less the bounties: what the payout table divides."""
    entries: tuple[dict[str, object], ...]
    payouts: tuple[int, ...] = ()
    """The payout table, percent of the pool for each place, first place first."""
    unit: str = UNSTATED
    """The money of every amount: a currency code, or ``money`` (a currency the file did not
    name)."""
    void: str | None = None
    """Why the tournament was voided (``badugi-ledger void --event``), None when it counts: its
    table is still shown, but settle-up, standings and exports leave it out, so nobody should
    pay its prizes from it."""
    said: tuple[str, ...] = ()
    """What the command that changed the tournament says of it beside its table: the prize
    table ``--payouts clear`` left it, and which file states it."""

    def money(self, amount: object, *, sign: bool = False) -> str:
        """An amount of this tournament as people read it (``28.00 USD``)."""
        return format_amount(int(str(amount)), self.unit, sign=sign)

    def text_lines(self) -> list[str]:
        t = self.terms
        table = "/".join(map(str, self.payouts)) + " %" if self.payouts else "none (no prizes)"
        terms = [f"prize pool {self.money(self.pool)}", f"payouts {table}"]
        if t.bounty:
            terms.append(f"bounty {self.money(t.bounty)}")
        if t.chop:
            terms.append(f"chop {t.chop}")
        if t.prize_unit != 1:
            terms.append(f"prizes rounded to {self.money(t.prize_unit)}")
        if self.unit == UNSTATED:  # its figures name no unit: named once, as the pages do
            terms.append(f"amounts in {unit_name(self.unit)}")
        field = max((int(str(e["place_to"])) for e in self.entries if e["place_to"]), default=0)
        entrants = f"{len(self.entries)} entrants"
        if field > len(self.entries):
            entrants += f" in its hands, of a field of {field} or more (the places the site states)"
        lines = [f"{self.event}: {entrants}, {', '.join(terms)}"]
        leftover = self._first_takes(max(field, len(self.entries)))
        if leftover:
            lines.append(f"  {leftover}")
        still_in = self.still_in
        if still_in:
            lines.append(
                f"  unfinished: the hands end with {still_in} players still in and no chop "
                "recorded (tournament --chop): no winner, and no place for them"
            )
        lines += [f"  {said}" for said in self.said]
        if self.void is not None:
            lines.append(f"  void ({self.void}): it counts for nothing, and nobody is paid")
        for e in self.entries:
            chips = int(str(e["chips"] or 0))
            place = (
                ("in" if chips else "?")
                if e["place"] is None
                else f"{e['place']}"
                if e["place"] == e["place_to"]
                else f"{e['place']}-{e['place_to']}"
            )
            extra = f", {format_amount(chips, TOURNAMENT_CHIPS)}" if chips else ""
            bounty = self._bounty_words(e)
            lines.append(
                f"  {place:>5}  {e['player']}: prize {self.money(e['prize'])}{bounty}, "
                f"paid {self.money(e['paid'])}, result {self.money(e['won'], sign=True)}{extra}"
            )
        return lines

    def _first_takes(self, field: int) -> str | None:
        """Where the money the payout table leaves goes, when it leaves any: first place takes
        the share of the places the field cannot fill and what rounding the other prizes down
        leaves (:func:`~badugi_ledger.ledger.prizes.prize_table`), so a first prize above its
        percent is not read as a mistake.  None when first place gets its percent exactly."""
        if not self.payouts or not self.pool:
            return None
        prizes = prize_table(self.pool, self.payouts, self.terms.prize_unit, entrants=field)
        first = self.payouts[0]
        if not prizes or 100 * prizes[0] == self.pool * first:
            return None
        why = []
        unfilled = self.payouts[field:]
        if sum(unfilled):
            places = f"place {field + 1}" if len(unfilled) == 1 else f"places {field + 1}-"
            places += "" if len(unfilled) == 1 else str(len(self.payouts))
            why.append(f"the {sum(unfilled)} % of {places}, which nobody fills,")
        rounded = zip(prizes[1:], self.payouts[1:], strict=False)  # (the places paid)
        if any(100 * prize != self.pool * pct for prize, pct in rounded):
            unit = self.terms.prize_unit
            why.append(f"what rounding the other prizes down to {self.money(unit)} leaves")
        return (
            f"the first prize {self.money(prizes[0])} is more than its {first} % of the "
            f"pool: it takes {' and '.join(why).removesuffix(',')}"
        )

    @property
    def still_in(self) -> int:
        """How many players the hands end with still in and no place (the tournament's end
        not shown: :func:`~badugi_ledger.ledger.prizes.known_places`); 0 when it ended."""
        return sum(1 for e in self.entries if e["place"] is None and int(str(e["chips"] or 0)))

    def _bounty_words(self, entry: Mapping[str, object]) -> str:
        """What an entry's bounties are, for a reader who cannot take a kept bounty for a
        knockout: ``, 1 knockout, bounties won 5.00 USD (own 2.50 USD kept)``, ``, own bounty
        2.50 USD kept``, or nothing.  ``bounty_won`` holds a player's own bounty too when he
        is still in at the end (he has chips left), and ``bounties`` counts only the players
        he knocked out."""
        won, knocked = int(str(entry["bounty_won"])), int(str(entry["bounties"]))
        if not won:
            return ""
        own = self.terms.bounty if int(str(entry["chips"] or 0)) > 0 else 0
        if won == own and not knocked:
            return f", own bounty {self.money(own)} kept"
        words = f", {knocked} knockout{'' if knocked == 1 else 's'}"
        words += f", bounties won {self.money(won)}"
        return words + (f" (own {self.money(own)} kept)" if own else "")

    def as_dict(self) -> dict[str, object]:
        """JSON-ready.  ``void``: why the tournament was voided (None when it counts).  Money
        in currency units of ``unit`` (``12.34``; ``unit`` ``money``: an unstated currency):
        the terms' ``bounty``, ``rebuy_price``, ``add_on_price`` and ``prize_unit``, the
        ``prize_pool``, and each entry's ``buy_in``, ``paid``, ``prize``, ``bounty_won`` and
        ``won`` (its result: prize + bounties − paid).  Counts as they are: an entry's
        ``place`` .. ``place_to`` (null: a place nobody knows, a player still in when the
        hands end short of the tournament's end, ``finished`` false, or out of a field bigger
        than the hands hold), ``rebuys``, ``add_ons`` and ``bounties`` (players knocked
        out); ``payouts`` in percent; ``said``: what the command that changed it says beside
        its table (``--payouts clear``: the table the files give it).  An entry's ``chips``
        are **tournament chips** (its stack at the end, 0 once out), not money in ``unit``."""
        unit = self.unit

        def money(amount: object) -> object:
            return None if amount is None else major_units(int(str(amount)), unit)

        return {
            "event": self.event,
            "unit": unit,
            "void": self.void,
            "finished": not self.still_in,
            "terms": {
                key: money(value) if key in _MONEY_TERMS else value
                for key, value in self.terms.__dict__.items()
            },
            "prize_pool": money(self.pool),
            "payouts": list(self.payouts),
            "said": list(self.said),
            "entries": [
                {key: money(value) if key in _MONEY_ENTRY else value for key, value in e.items()}
                for e in self.entries
            ],
        }


CLEAR = "clear"
"""``tournament --payouts clear``: take back the table the command set; the files' table
counts again."""

Payouts = tuple[int, ...] | Literal["clear"]
"""What ``tournament --payouts`` records: a prize table (empty: no prizes), or :data:`CLEAR`."""

_MONEY_TERMS = frozenset({"bounty", "rebuy_price", "add_on_price", "prize_unit"})
"""The :class:`Terms` fields that are money (the others: the chop)."""
_MONEY_ENTRY = frozenset({"buy_in", "paid", "prize", "bounty_won", "won"})
"""The entry fields that are money; ``chips`` is tournament chips, the others counts."""


def tournament_result(
    db: sqlite3.Connection,
    event: str | int,
    *,
    changes: Mapping[str, object] | None = None,
    payouts: Payouts | None = None,
) -> TournamentResult:
    """A stored tournament's result; ``changes`` (Terms fields) and ``payouts`` (its prize
    table, percent of the pool first place first; ``()``: none, no prizes; :data:`CLEAR`:
    the table the command set taken back) are recorded first and the places and prizes
    recomputed (e.g. ``{"chop": "even"}`` or ``{"bounty": 500}``).

    A change is one transaction from the tournament's look-up to the table read back: one
    that waited for another command's lock (another organiser's change of its terms, an import
    moving it to its corrected date) changes the terms as that command left them, of the event
    the tournament is in then."""
    if not changes and payouts is None:
        with reading(db):
            return _result(db, event)
    with transaction(db):
        return _result(db, event, changes or {}, payouts)


def _result(
    db: sqlite3.Connection,
    event: str | int,
    changes: Mapping[str, object] | None = None,
    payouts: Payouts | None = None,
) -> TournamentResult:
    """:func:`tournament_result`, in the caller's transaction when it changes anything."""
    row = find_event(db, event, kind="tournament")
    event_id = int(str(row["id"]))
    check_stored_values(db, "events", "id = ?", [event_id])
    check_stored_values(db, "tournament_entries", "event_id = ?", [event_id])
    terms = get_terms(db, event_id)
    said: tuple[str, ...] = ()
    if changes or payouts is not None:
        terms = Terms(**{**terms.__dict__, **(changes or {})})
        if isinstance(payouts, tuple):
            set_payouts(db, event_id, payouts)
        elif payouts == CLEAR:
            said = clear_payouts(db, event_id)
        if changes:
            set_terms(db, event_id, terms)
        row = find_event(db, event_id, kind="tournament", by_id=True)
    entries = tuple(
        dict_rows(
            db,
            "SELECT p.name AS player, t.place, t.place_to, t.chips, t.buy_in, t.rebuys, "
            "t.add_ons, t.buy_in + t.rebuy_cost + coalesce(t.add_on_cost, 0) AS paid, t.prize, "
            "t.bounties, t.bounty_won, t.prize + t.bounty_won - t.buy_in - t.rebuy_cost "
            "- coalesce(t.add_on_cost, 0) AS won FROM tournament_entries t "
            "JOIN aliases a ON a.id = t.alias_id JOIN players p ON p.id = a.player_id "
            "WHERE t.event_id = ? "
            "ORDER BY t.place IS NOT NULL, t.place, t.chips DESC, lower(p.name)",
            [event_id],
        )
    )
    pool = prize_pool([int(str(e["paid"])) for e in entries], terms.bounty)
    unit = str(row.get("money") or UNSTATED)
    void = None if row.get("void_reason") is None else str(row["void_reason"])
    table = tuple(json.loads(str(row["payouts"] or "[]")))
    return TournamentResult(event_label(row), terms, pool, entries, table, unit, void, said)
