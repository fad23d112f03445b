"""Checking what the recorder wrote down about a hand's outcome against the settled hand.

Every recorded outcome is a claim, never an input (``grammar/README.md``, *What the recorder
says happened*):

* ``NAME collects N from POT`` says that NAME took N chips of that pot: the pot must exist,
  NAME must contest it, and N must be NAME's share of it.  Crediting a player from a pot he is
  not in, or swapping two winners' pots, is a ``collect`` mismatch even when every player's
  total is right.
* ``NAME collects N`` without a pot says that NAME took N chips from some pots: the lines of one
  player together must make his payout.  When they do not, the line reported is the first of
  his lines that is none of his pot shares (so a wrong second line is reported at the second
  line), or his last line when each line is a share but one is missing.
* ``carry N``, ``raked N``, ``pot N`` and ``final: NAME N`` are compared with the computed
  figures, and recorded totals that create or lose chips are reported as ``chips-balance``.
  ``pot N`` may be the hand's own pot or that pot plus a carried-in pot (``002``: the carried
  pot "is added to the money wagered in the new hand"); a bet nobody called is given back
  before, so it is in neither (a house rule, README).

Each disagreement is a :class:`~badugi_ledger.model.results.Violation` of kind ``mismatch``, located
at the line that is wrong.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from ..hands.pots import pot_shares
from ..model.errors import NOWHERE, Position
from ..model.events import CarryOut, Collect, FinalStack, RakeTaken, SitOut, StackChange
from ..model.money import hand_amount, hand_figure
from ..model.results import Violation
from .state import UNKNOWN_STACK, HandState

if TYPE_CHECKING:
    from ..model.events import Seat
    from ..model.settings import RakeRule

_Placed = tuple[Collect, int]
"""A recorded collection and the index of its event in the record (which says where it is)."""


class SettledPot(Protocol):
    """A pot as the settlement settles it (:class:`.pots.Pot`)."""

    name: str
    amount: int
    eligible: list[str]
    shares: dict[str, int] | None
    detail: str
    net: int
    """What is left to divide once the rake is taken."""
    carried: bool
    cards: list[tuple[str, tuple]] | None
    """The contenders' cards when the pot was divided by them."""


def carried_detail(amount: str) -> str:
    """The detail of a Progressive Badugi pot no hand qualifies for, of ``amount``."""
    return f"no hand qualifies: the pot of {amount} carries to the next hand (002)"


def _mismatch(violations: list[Violation], rule: str, message: str, pos: Position) -> None:
    violations.append(Violation(rule, message, pos, "mismatch"))


def _detail(st: HandState, pot: SettledPot) -> str:
    """``pot``'s detail as a message shows it.  The pot keeps its detail with plain integers
    (ledgers store it as the replay made it); in a hand of money the amounts it names are
    worded again as money, from what divided the pot."""
    if pot.cards is None or st.currency() is None:
        return pot.detail  # it names no amount, or chips
    if pot.carried:
        return carried_detail(st.figure(pot.net))
    return pot_shares(pot.net, pot.cards, st.settings.game, st.house, st.figure)[1]


def _why(st: HandState, pot: SettledPot) -> str:
    detail = _detail(st, pot).removeprefix("pot: ")
    return f"{pot.name} pot {st.figure(pot.amount)}: {detail}"


def _pot_list(st: HandState, pots: Sequence[SettledPot]) -> str:
    return ", ".join(f"{pot.name} {st.figure(pot.amount)}" for pot in pots)


def check_collects(
    st: HandState,
    pots: Sequence[SettledPot],
    payouts: Mapping[str, int],
    violations: list[Violation],
) -> int:
    """Check every ``Collect`` (see the module docstring); the chips they record."""
    collects = st.collects
    recorded: dict[str, int] = {}
    # A collection may name the pot only when the hand has one pot (and names that one);
    # with several, the right total of a player says nothing about which pot he took from.
    only = pots[0].name if len(pots) == 1 else None
    stray = False
    for c in collects:
        p = c.player
        recorded[p] = recorded.get(p, 0) + c.amount
        pot = c.pot
        if pot is not None and pot != only:
            stray = True
    if not stray and recorded == payouts:
        return sum(recorded.values())  # the usual case: every collection is right
    placed = list(zip(collects, st.collect_at, strict=True))
    by_player: dict[str, list[_Placed]] = {}
    for claim in placed:
        by_player.setdefault(claim[0].player, []).append(claim)
    for p in dict.fromkeys([*by_player, *payouts]):  # recorded first, then the rest owed
        _check_player(st, p, by_player.get(p, []), pots, violations, placed)
    return sum(recorded.values())


def _check_player(
    st: HandState,
    p: str,
    claims: list[_Placed],
    pots: Sequence[SettledPot],
    violations: list[Violation],
    collects: Sequence[_Placed],
) -> None:
    """One player's collections: per named pot, then the unnamed lines against the rest."""
    position = st.record.position
    by_name = {pot.name: pot for pot in pots}
    shares = {pot.name: (pot.shares or {}).get(p, 0) for pot in pots}
    groups: dict[str, list[_Placed]] = {}
    unnamed: list[_Placed] = []
    for c in claims:
        if c[0].pot is None:
            unnamed.append(c)
        else:
            groups.setdefault(c[0].pot, []).append(c)
    found = len(violations)
    for name, group in groups.items():
        got = sum(c.amount for c, _ in group)
        pot = by_name.get(name)
        where = position(group[0][1])
        if pot is None:
            _mismatch(
                violations,
                "collect",
                f"{p} collects {st.figure(got)} from {name}, but the hand has no such pot "
                f"(pots: {_pot_list(st, pots)})",
                where,
            )
        elif p not in pot.eligible:
            _mismatch(
                violations,
                "collect",
                f"{p} collects {st.figure(got)} from the {name} pot, but {p} is not in it: "
                f"it is contested by {', '.join(pot.eligible)} ({_why(st, pot)})",
                where,
            )
        elif got != shares[name]:
            wins = f"is owed {st.figure(shares[name])}" if shares[name] else "wins nothing"
            _mismatch(
                violations,
                "collect",
                f"{p} collects {st.figure(got)} from the {name} pot, but {wins} from it: "
                f"{_why(st, pot)}",
                where,
            )
    rest = [(name, chips) for name, chips in shares.items() if chips and name not in groups]
    got = sum(c.amount for c, _ in unnamed)
    due = sum(chips for _, chips in rest)
    if got == due:
        return
    mine = [pot for pot in pots if p in pot.eligible or shares[pot.name]]
    why = (
        "; ".join([_why(st, pot) for pot in mine if pot.name not in groups]) or f"{p} is in no pot"
    )
    left = [chips for _, chips in rest]
    wrong: _Placed | None = None
    for c in unnamed:  # the first line that is none of the player's pot shares
        if c[0].amount in left:
            left.remove(c[0].amount)
        elif wrong is None:
            wrong = c
    if not claims:
        where = position(collects[0][1])
        msg = f"no collection is recorded for {p}, who is owed {st.figure(due)} ({why})"
    elif not unnamed:
        if len(violations) > found:
            return  # a line naming the wrong pot is reported; the pot it should name is owed
        where = position(claims[-1][1])
        unclaimed = " and ".join(name for name, _ in rest)
        msg = f"no collection is recorded for {p} from the {unclaimed} pot ({why})"
    else:
        where = position((wrong or unnamed[-1])[1])
        lines = (
            f" ({' + '.join(st.figure(c.amount) for c, _ in unnamed)}, on {len(unnamed)} lines)"
            if len(unnamed) > 1
            else ""
        )
        label = f"{p} collects {st.figure(got)}{lines}" + (
            " besides the named pots" if groups else ""
        )
        wins = f"is owed {st.figure(due)}" if due else "wins nothing"
        msg = f"{label}, but {wins}: {why}"
    _mismatch(violations, "collect", msg, where)


def verify_claims(
    st: HandState,
    pots: Sequence[SettledPot],
    payouts: Mapping[str, int],
    final: Mapping[str, int],
    rake: int,
    carry_out: int,
    violations: list[Violation],
) -> None:
    """Compare every recorded outcome with the computed one (see the module docstring)."""
    pot_total = sum(st.contrib.values())
    if st.collects:
        before = len(violations)
        claimed = check_collects(st, pots, payouts, violations)
        if st.rakes:
            claimed += sum([a for a, _ in st.rakes])
        else:
            claimed += rake
        if st.carry_outs:
            claimed += sum([a for a, _ in st.carry_outs])
        if claimed != pot_total + st.carry_in:
            # Chips created or lost by a wrong collection are reported at that line.
            where = (
                violations[before].pos
                if len(violations) > before
                else st.record.position(st.collect_at[0])
            )
            violations.append(collections_imbalance(st, claimed, pot_total + st.carry_in, where))
    for amount, at in st.carry_outs:  # usually none
        if amount != carry_out:
            _mismatch(
                violations,
                "carry-out",
                f"{st.figure(amount)} is carried to the next hand, but the computed carry is "
                f"{st.figure(carry_out)}",
                st.record.position(at),
            )
    for amount, at in st.pot_totals:
        if amount not in (pot_total, pot_total + st.carry_in):
            _mismatch(
                violations,
                "pot-total",
                f"the pot is recorded as {st.figure(amount)}, but is {st.figure(pot_total)}"
                + (
                    f" ({st.figure(pot_total + st.carry_in)} with the carried pot)"
                    if st.carry_in
                    else ""
                ),
                st.record.position(at),
            )
    for claim in st.final_claims:  # usually each is the computed stack
        player = claim.player
        if player not in final or final[player] != claim.amount:
            _final_stack_mismatches(st, final, rake, carry_out, violations)
            return


def collections_imbalance(st: HandState, claimed: int, pot: int, where: Position) -> Violation:
    """The ``chips-balance`` mismatch of recorded collections, rake and carried pot that add
    up to ``claimed``, not to the hand's ``pot`` (the carried-in pot included), at
    ``where``."""
    diff = claimed - pot
    return Violation(
        "chips-balance",
        f"the recorded collections, rake and carried pot add up to {st.figure(claimed)}, but "
        f"the pot is {st.figure(pot)}: {st.chips(abs(diff))} {'created' if diff > 0 else 'lost'}",
        where,
        "mismatch",
    )


def _final_stack_mismatches(
    st: HandState,
    final: Mapping[str, int],
    rake: int,
    carry_out: int,
    violations: list[Violation],
) -> None:
    """The ``final:`` claims that are not the computed stacks, one by one, and whether the
    claimed stacks together create or lose chips."""
    claims = st.final_claims
    position = st.record.position
    all_right = True
    for fs, at in zip(claims, st.final_at, strict=True):
        if fs.player in st.unknown:
            continue  # a stack nobody knows: the claim cannot be checked
        actual = final.get(fs.player)
        if actual is None:
            _mismatch(violations, "final-stack", f"{fs.player} is not seated", position(at))
            all_right = False
        elif actual != fs.amount:
            _mismatch(
                violations,
                "final-stack",
                f"{fs.player} ends with {st.figure(fs.amount)}, but the replay gives "
                f"{st.figure(actual)}",
                position(at),
            )
            all_right = False
    if all_right:
        # No claim stated (nothing to add up), or every one is the computed stack: those add
        # up, since the computed hand balances and a seat without a claim is not dealt in
        # (when the claims cover every dealt player) and keeps its starting stack.
        return
    stated = {fs.player: fs.amount for fs in claims}
    if stated.keys() >= st.in_hand and not st.unknown:
        imbalance = final_line_imbalance(
            stated, st.start, st.carry_in, rake, carry_out, position(st.final_at[0]), st.currency()
        )
        if imbalance is not None:
            violations.append(imbalance)


def final_line_imbalance(
    stated: Mapping[str, int],
    start: Mapping[str, int],
    carry_in: int,
    rake: int,
    carry_out: int,
    pos: Position,
    currency: str | None,
) -> Violation | None:
    """The ``chips-balance`` mismatch of a ``final:`` line whose stacks, with the rake and the
    pot carried out, are not what its players started with and the pot carried in: chips
    created or lost (None: they add up), in ``currency`` (None: chips).  Also what a hand that
    could not be replayed, or read, is held to (:func:`unreplayed_final_line`)."""
    before = sum([start[p] for p in stated if p in start]) + carry_in
    after = sum(stated.values()) + rake + carry_out
    if before == after:
        return None

    def figure(amount: int) -> str:
        return hand_figure(amount, currency)

    return Violation(
        "chips-balance",
        f"the recorded final stacks add up to {figure(sum(stated.values()))}; with rake "
        f"{figure(rake)} and {figure(carry_out)} carried that is {figure(after)}, but the "
        f"players started with {figure(before)}: {hand_amount(abs(after - before), currency)} "
        f"{'created' if after > before else 'lost'}",
        pos,
        "mismatch",
    )


def unreplayed_final_line(
    events: Sequence[object],
    carried: Mapping[str, int],
    carry_in: int,
    seats: Iterable[Seat] | None = None,
    rule: RakeRule | None = None,
    where: Callable[[int], Position] | None = None,
    currency: str | None = None,
) -> tuple[bool, Violation | None]:
    """Whether the ``final:`` line of a hand with no replay to hold it to (one that could
    not be replayed, or read) adds up, from what its lines (``events``) record: every
    player's stack and the recorded rake and carried pot add up to what the players started
    with and the pot carried in (:func:`final_line_imbalance`, as a replayed hand's claims
    are).  The stacks such a line gives are what the table's next hands may start from, so
    this is the one thing still known without the replay.

    Returned: whether the line could be held to it, and its ``chips-balance`` mismatch (or
    None).  Held when the line names every player dealt in and each of their starting stacks
    is known: ``seats``, the hand line's (a stated stack is the one the hand starts with; one
    not stated is the table's, ``carried``, with what the lines say was bought or taken off
    before the deal), or with no hand line read (None), the players the line names, each
    from the table's stack.  A house ``rule`` that rakes (stated nowhere) is known once the
    hand is settled: stacks short of the start by as much as it could take add up.  The
    mismatch is placed at the line's first entry (``where``, of its index in ``events``)."""
    finals: dict[str, int] = {}
    first = -1
    out = rake = 0
    sitting: set[str] = set()
    changed: dict[str, int] = {}  # chips bought or taken off before the hand's posts
    for i, e in enumerate(events):
        if isinstance(e, FinalStack):
            finals[e.player] = e.amount
            first = i if first < 0 else first
        elif isinstance(e, RakeTaken):
            rake += e.amount
        elif isinstance(e, CarryOut):
            out += e.amount
        elif isinstance(e, SitOut):
            sitting.add(e.player)
        elif isinstance(e, StackChange):
            changed[e.player] = changed.get(e.player, 0) + e.chips
    if not finals:
        return False, None
    named: Iterable[tuple[str, int | None]]
    named = ((p, None) for p in finals) if seats is None else ((s.name, s.stack) for s in seats)
    starts: dict[str, int] = {}
    for name, stated in named:
        # A stated stack is the one the hand starts with; a carried one is bought on first.
        start = stated
        if start is None:
            start = carried.get(name)
            if start is None or start == UNKNOWN_STACK:
                return False, None
            start += changed.get(name, 0)
        starts[name] = start
    if not finals.keys() >= starts.keys() - sitting or not finals.keys() <= starts.keys():
        return False, None
    if rule is not None and not rake:
        # A rake the house rule takes, stated nowhere, is known once the hand is settled: the
        # stacks may be short of the start by as much as the rule could take, never above it.
        before = sum(starts.values()) + carry_in
        if rule.may_have_taken(before - sum(finals.values()) - out, before):
            return True, None
    pos = NOWHERE if where is None else where(first)
    return True, final_line_imbalance(finals, starts, carry_in, rake, out, pos, currency)
