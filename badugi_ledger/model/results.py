"""What a replay produces: pots, payouts, stacks, ledger postings and any violations.

Postings are the ledger's double entry for one hand.  Accounts are player names plus two
pseudo-accounts, :data:`HOUSE` (rake) and :data:`CARRY` (a Progressive Badugi pot that is not
won and waits for the next hand).  The postings of every hand sum to exactly zero.  A
tournament's settle-up has a third, :data:`PRIZE_POOL`; :data:`RESERVED_ACCOUNTS` names them all.

Results are immutable: a mapping in a result (stacks, contributions, payouts, a pot's shares)
is a read-only view (:class:`types.MappingProxyType`).  A result built from a dict takes a copy,
so no caller can change a result after the fact through the dict it was built from; a result
built from a view keeps that view: the replay hands over views of the dicts it no longer
changes, so that it copies nothing per hand.

How a result is built: the replay builds a :class:`HandResult`, its :class:`PotResult`s, its
:class:`Posting`s and a :class:`HandOutcome` for every hand (and a :class:`Violation` for every
problem found), and a frozen dataclass's generated ``__init__`` sets each field through
``object.__setattr__``, one call per field.  So every class here writes its ``__init__`` out: the
dataclass's signature, field for field, filling the new instance's dictionary with one fresh
dict (as the events do, :mod:`badugi_ledger.model.events`).  Equality, hash and ``repr`` are the
model's shared ones (:mod:`badugi_ledger.model.frozen`) rather than six of each compiled at
every start.  The objects are the dataclasses' own - :func:`dataclasses.fields` and
:func:`dataclasses.replace` are untouched; pickling passes the mappings as plain dictionaries -
and ``tests/model/test_results.py`` holds each ``__init__`` to its fields and the shared methods
to what the dataclass would generate.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Literal

from .errors import NOWHERE, Position
from .events import HandRecord
from .frozen import fields_eq, fields_hash, fields_repr, frozen_fields
from .names import composed

HOUSE = "*house*"
CARRY = "*carry*"
PRIZE_POOL = "*prize pool*"
"""A tournament's money no payout table paid out: a party of its settle-up, never a posting."""
RESERVED_ACCOUNTS: Mapping[str, str] = MappingProxyType(
    {HOUSE: "the rake", CARRY: "a carried pot", PRIZE_POOL: "a tournament's undistributed prizes"}
)
"""Every name of the ledger's own accounts, with what it holds: no player may be called so
(rule ``reserved-name``), or his money would be booked as the account's."""

_RESERVED_LOOKS = {name.casefold(): name for name in RESERVED_ACCOUNTS}
"""The ledger's own accounts by how they read (case folded)."""


def reserved_account(name: str) -> str | None:
    """The ledger's own account that a player called ``name`` would be taken for, or None:
    the account so named, or so but for case, the blanks around it and the characters that
    show nothing (``*House*`` reads as the rake's).  The replay refuses such a seat (rule
    ``reserved-name``) and ``new`` such a player, by this one rule.

    >>> reserved_account(" *House* "), reserved_account("house")
    ('*house*', None)
    """
    return reserved_look(composed(name))


def reserved_look(look: str) -> str | None:
    """:func:`reserved_account` of a name already composed (:func:`~.names.composed`), as the
    replay holds each seat's."""
    return _RESERVED_LOOKS.get(look.strip().casefold())


def reserved_name_refused(name: str, account: str) -> str:
    """Why no player may be called ``name``, which is or reads as ``account``
    (:func:`reserved_account`): the words of the replay's ``reserved-name`` and of ``new``."""
    reads = "," if name == account else f", which reads as {account!r},"
    return (
        f"a player is called {name!r}{reads} the name of the ledger's own account for "
        f"{RESERVED_ACCOUNTS[account]}: rename the player"
    )


_set = object.__setattr__
"""Sets a frozen instance's dictionary in a written-out ``__init__`` (see the module docstring)."""


def frozen(values: Mapping[str, int]) -> Mapping[str, int]:
    """``values`` read-only, as a result holds them: a view (:class:`types.MappingProxyType`)
    as it is - whoever made it no longer changes the dict behind it - and any other mapping
    as a view of a copy.  The ``__init__`` of a result writes this test out in place (one
    call fewer per mapping of every hand)."""
    return values if type(values) is _VIEW else _VIEW(dict(values))


_VIEW = MappingProxyType


def _plain(obj: object) -> tuple[Any, ...]:
    """The constructor arguments of a result, its read-only mappings as plain dictionaries (a
    view cannot be pickled; the constructor makes the views again)."""
    return tuple(
        dict(value) if type(value) is MappingProxyType else value for value in vars(obj).values()
    )


ViolationKind = Literal["illegal", "mismatch", "incomplete", "warning"]
PostingKind = Literal[
    "blind", "ante", "bet", "returned", "collect", "rake", "carry-in", "carry-out", "buy"
]


@frozen_fields
class Violation:
    """A broken rule, a recorded figure that disagrees with the computed one, a hand that
    cannot be settled for lack of information, or (kind ``warning``) an assumption the replay
    made to go on - a draw nobody wrote down, a payout taken on the recorder's word - which
    ``check`` shows and ``check --strict`` counts as an error."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    rule: str
    message: str
    pos: Position = NOWHERE
    kind: ViolationKind = "illegal"

    def __init__(
        self, rule: str, message: str, pos: Position = NOWHERE, kind: ViolationKind = "illegal"
    ) -> None:
        _set(self, "__dict__", {"rule": rule, "message": message, "pos": pos, "kind": kind})

    def as_dict(self) -> dict[str, object]:
        return {
            "line": self.pos.line,
            "column": self.pos.column,
            "rule": self.rule,
            "message": self.message,
            "kind": self.kind,
        }


@frozen_fields
class Posting:
    """One line of a hand's double entry: ``amount`` chips into or out of ``account``."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    account: str
    kind: PostingKind
    amount: int
    """Signed chips: negative leaves the account, positive enters it."""

    def __init__(self, account: str, kind: PostingKind, amount: int) -> None:
        _set(self, "__dict__", {"account": account, "kind": kind, "amount": amount})


@frozen_fields
class PotResult:
    """One pot (main, side, or a carried pot) and how it was divided."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    name: str
    amount: int
    eligible: tuple[str, ...]
    shares: Mapping[str, int]
    detail: str = ""
    """Human description of the division, e.g. ``Badugi half tied: Anna 30 + Noor 30``."""

    def __init__(
        self,
        name: str,
        amount: int,
        eligible: tuple[str, ...],
        shares: Mapping[str, int],
        detail: str = "",
    ) -> None:
        _set(
            self,
            "__dict__",
            {
                "name": name,
                "amount": amount,
                "eligible": eligible,
                "shares": shares if type(shares) is _VIEW else _VIEW(dict(shares)),
                "detail": detail,
            },
        )

    def __reduce__(self) -> tuple[type[PotResult], tuple[Any, ...]]:
        return PotResult, _plain(self)


@frozen_fields
class HandResult:
    """The computed outcome of one legal hand."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

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
    notes: tuple[str, ...] = ()
    warnings: tuple[Violation, ...] = ()
    """Assumptions the replay made (kind ``warning``), located; each is also in ``notes``."""
    unknown_stacks: frozenset[str] = frozenset()
    """Players whose stacks were not known (carried from a hand that could not be replayed):
    they are missing from ``starting_stacks`` and ``final_stacks``, and what depends on their
    stacks was not checked.  Such a result is a check's, never a ledger entry."""
    carry_stakes: frozenset[str] = frozenset()
    """Progressive Badugi: the players whose chips are in the pot this hand carries out (this
    hand's, and those of the pot it carried in when that carries on): one of them left with
    no chips is still at the table, and may be dealt into the redeal (``002``)."""

    def __init__(
        self,
        record: HandRecord,
        starting_stacks: Mapping[str, int],
        contributions: Mapping[str, int],
        pots: tuple[PotResult, ...],
        payouts: Mapping[str, int],
        final_stacks: Mapping[str, int],
        postings: tuple[Posting, ...],
        rake: int = 0,
        carry_in: int = 0,
        carry_out: int = 0,
        busted: tuple[str, ...] = (),
        showdown: bool = False,
        violations: tuple[Violation, ...] = (),
        notes: tuple[str, ...] = (),
        warnings: tuple[Violation, ...] = (),
        unknown_stacks: frozenset[str] = frozenset(),
        carry_stakes: frozenset[str] = frozenset(),
    ) -> None:
        view = _VIEW
        if type(starting_stacks) is not view:
            starting_stacks = view(dict(starting_stacks))
        if type(contributions) is not view:
            contributions = view(dict(contributions))
        if type(payouts) is not view:
            payouts = view(dict(payouts))
        if type(final_stacks) is not view:
            final_stacks = view(dict(final_stacks))
        _set(
            self,
            "__dict__",
            {
                "record": record,
                "starting_stacks": starting_stacks,
                "contributions": contributions,
                "pots": pots,
                "payouts": payouts,
                "final_stacks": final_stacks,
                "postings": postings,
                "rake": rake,
                "carry_in": carry_in,
                "carry_out": carry_out,
                "busted": busted,
                "showdown": showdown,
                "violations": violations,
                "notes": notes,
                "warnings": warnings,
                "unknown_stacks": unknown_stacks,
                "carry_stakes": carry_stakes,
            },
        )

    def __reduce__(self) -> tuple[type[HandResult], tuple[Any, ...]]:
        return HandResult, _plain(self)

    @property
    def ok(self) -> bool:
        return not self.violations

    @property
    def net(self) -> dict[str, int]:
        return {p: self.final_stacks[p] - self.starting_stacks[p] for p in self.starting_stacks}

    def balance(self) -> int:
        """Sum of all postings; zero for every hand the engine produces."""
        return sum(p.amount for p in self.postings)


@frozen_fields
class TableGap:
    """A reader's word about the next hand of ``table`` in ``source``: a hand seems to be
    missing before it (a site file whose stacks jump, or whose hand numbers skip one), a hand
    of another game was played before it (no ``warning``: a mixed file's usual hand), or, not
    ``resync``, only a warning about the hand (a PHH hand whose rake is read from its
    finishing stacks).

    The replay gives ``warning`` (kind ``warning``), if any, with that hand and, ``resync``,
    takes its stated stacks as they are, instead of holding them against the table's previous
    hand.  ``table`` None: a hand of another game whose table could not be read, after which
    every table of ``source`` takes its next hand's stacks as stated (no warning).
    """

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    source: str
    table: str | None
    warning: Violation | None
    resync: bool = True

    def __init__(
        self, source: str, table: str | None, warning: Violation | None, resync: bool = True
    ) -> None:
        _set(
            self,
            "__dict__",
            {"source": source, "table": table, "warning": warning, "resync": resync},
        )


@frozen_fields
class HandOutcome:
    """One hand as ``check`` and ``import`` see it: the record (if it parsed), the result (if it
    replayed) and every problem found, in input order."""

    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    source: str
    hand_id: str | None
    pos: Position
    record: HandRecord | None = None
    result: HandResult | None = None
    errors: tuple[Violation, ...] = ()
    warnings: tuple[Violation, ...] = ()
    """What the replay assumed to go on (kind ``warning``): shown, but not a problem unless
    ``check --strict``."""

    def __init__(
        self,
        source: str,
        hand_id: str | None,
        pos: Position,
        record: HandRecord | None = None,
        result: HandResult | None = None,
        errors: tuple[Violation, ...] = (),
        warnings: tuple[Violation, ...] = (),
    ) -> None:
        _set(
            self,
            "__dict__",
            {
                "source": source,
                "hand_id": hand_id,
                "pos": pos,
                "record": record,
                "result": result,
                "errors": errors,
                "warnings": warnings,
            },
        )

    @property
    def ok(self) -> bool:
        return self.result is not None and not self.errors
