"""What a replay produces: pots, payouts, stacks, ledger postings and any violations.

Postings are the ledger's double entry for one hand.  Accounts are player names plus two
pseudo-accounts, :data:`HOUSE` (rake) and :data:`CARRY` (a Progressive Badugi pot that is not
won and waits for the next hand).  The postings of every hand sum to exactly zero.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from .errors import NOWHERE, Position
from .events import HandRecord

HOUSE = "*house*"
CARRY = "*carry*"

PostingKind = Literal[
    "blind", "ante", "bet", "returned", "collect", "rake", "carry-in", "carry-out", "buy"
]


@dataclass(frozen=True)
class Violation:
    """A broken rule, a recorded figure that disagrees with the computed one, a hand that
    cannot be settled for lack of information, or (kind ``warning``) an assumption the replay
    made to go on - a draw nobody wrote down, a payout taken on the recorder's word - which
    ``check`` shows and ``check --strict`` counts as an error."""

    rule: str
    message: str
    pos: Position = NOWHERE
    kind: Literal["illegal", "mismatch", "incomplete", "warning"] = "illegal"

    def as_dict(self) -> dict[str, object]:
        return {
            "line": self.pos.line,
            "column": self.pos.column,
            "rule": self.rule,
            "message": self.message,
            "kind": self.kind,
        }


@dataclass(frozen=True)
class Posting:
    account: str
    kind: PostingKind
    amount: int
    """Signed chips: negative leaves the account, positive enters it."""


@dataclass(frozen=True)
class PotResult:
    """One pot (main, side, or a carried pot) and how it was divided."""

    name: str
    amount: int
    eligible: tuple[str, ...]
    shares: Mapping[str, int]
    detail: str = ""
    """Human description of the division, e.g. ``Badugi half tied: Anna 30 + Noor 30``."""


@dataclass(frozen=True)
class HandResult:
    """The computed outcome of one legal hand."""

    record: HandRecord
    starting_stacks: Mapping[str, int]
    contributions: Mapping[str, int]
    pots: tuple[PotResult, ...]
    payouts: Mapping[str, int]
    final_stacks: Mapping[str, int]
    postings: tuple[Posting, ...]
    rake: int = 0
    carry_in: int = 0
    carry_out: int = 0
    busted: tuple[str, ...] = ()
    showdown: bool = False
    violations: tuple[Violation, ...] = ()
    """Mismatches between recorded and computed figures (the hand itself was legal)."""
    notes: tuple[str, ...] = field(default=())
    warnings: tuple[Violation, ...] = ()
    """Assumptions the replay made (kind ``warning``), located; each is also in ``notes``."""
    unknown_stacks: frozenset[str] = frozenset()
    """Players whose stacks were not known (carried from a hand that could not be replayed):
    they are missing from ``starting_stacks`` and ``final_stacks``, and what depends on their
    stacks was not checked.  Such a result is a check's, never a ledger entry."""

    @property
    def ok(self) -> bool:
        return not self.violations

    @property
    def net(self) -> dict[str, int]:
        return {p: self.final_stacks[p] - self.starting_stacks[p] for p in self.starting_stacks}

    def balance(self) -> int:
        """Sum of all postings; zero for every hand the engine produces."""
        return sum(p.amount for p in self.postings)


@dataclass(frozen=True)
class TableGap:
    """A reader's word that a hand seems to be missing from ``source`` before the next hand of
    ``table`` (a site file whose stacks jump, or whose hand numbers skip one).

    The replay then takes that hand's stated stacks as they are, instead of holding them
    against the table's previous hand, and gives ``warning`` (kind ``warning``) with it.
    """

    source: str
    table: str
    warning: Violation


@dataclass(frozen=True)
class HandOutcome:
    """One hand as ``check`` and ``import`` see it: the record (if it parsed), the result (if it
    replayed) and every problem found, in input order."""

    source: str
    hand_id: str | None
    pos: Position
    record: HandRecord | None = None
    result: HandResult | None = None
    errors: tuple[Violation, ...] = ()
    warnings: tuple[Violation, ...] = ()
    """What the replay assumed to go on (kind ``warning``): shown, but not a problem unless
    ``check --strict``."""

    @property
    def ok(self) -> bool:
        return self.result is not None and not self.errors
