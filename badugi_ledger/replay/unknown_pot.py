"""A Progressive Badugi hand whose carried-in pot is not known, replayed even so.

The pot a table carries into its next hand is unknown after a hand that could not be read
(the ledger never stores it, so not the pot it carried either), or one that could not be
replayed and recorded neither a carry nor a collection, or hands missing
(:attr:`~.carried.TableState.carry` is None); it is in doubt after a replayed hand whose
record carries another pot than its replay.  The next Progressive hand of the table is never
settled (``carry-unknown``: the ledger does not store it), but it is still replayed, so that
its own mistakes are listed, each at its line, as a hand needing an unknown *stack* is
(:mod:`.table`):

* **A figure is on record** (:attr:`~.carried.TableState.carry_recorded`: the unreadable
  hand's ``carry 12`` line read): the hand is checked with it, payouts and final stacks too;
  those figures hold if the unchecked one is right, which the verdict says.
* **No figure**: whether a pot came in at all (a redeal, ``002``: with ``redeal-posts no``,
  no blinds and another first player) and its size (pot-limit sizes, payouts, final stacks)
  are unknown.  The hand is replayed twice, with no pot carried in and with one too large
  to bind anything (:data:`UNKNOWN_POT`), and only what it breaks **alike** both ways is
  listed (:func:`alike`): a draw of more cards than a hand holds, a card dealt twice, a
  player acting after folding, an out-of-turn action whichever the first player.  Nothing a
  pot of some size could explain is ever reported.  A hand that writes no forced bets is
  played each way with those that way owes (the blinds; none on a redeal): the reader, which
  took it for a redeal or not from the lines it could read, says its posts are its own
  (``HandRecord.posts_implied``, ``HandRecord.redeal_implied``), and the replay places them
  as the pot it is given says (:func:`~.seating.implied_posts_placed`).

* **Two figures**: the table's previous hand was replayed, but its record carries another pot
  than its replay (:attr:`~.carried.TableState.carry_doubted`: a ``carry`` line where a hand
  qualifies, a collection where none does; that hand's mismatch).  The pot is one of the two:
  the hand is replayed with each (:func:`pot_in_doubt` says so), and what it breaks alike
  both ways is listed, as with no figure; and since both pots are figures, so is a payout,
  final stack or chip total the record claims that is wrong with each (naming what each
  computes), never one that one pot makes right.  So is a hand stating the record's figure (``carry
  in 12``: that hand's mistake again, no ``carry-carried`` of its own); one stating a third
  is replayed with it both ways, from the stacks each reading leaves, its ``carry-carried``
  its own.

Either way the players paid from the hand's pots start the table's next hand with the stacks
its ``final:`` line gives them, else unknown (:func:`took_unknown_pot`); a pot it carries on is
the replay's with a figure on record (the ledger, which stores neither hand, refuses the hand
taking it: ``carry-not-stored``), else unknown in turn, with the figure of its ``carry`` line
on record for the hand after it.

Why a module of its own: the verdict and the two replays' reconciliation are one rule, apart
from the stream's bookkeeping (:mod:`.table`) that calls it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..model.events import CarryOut, HandRecord, amounts_currency
from ..model.money import hand_figure
from ..model.results import HandResult, Violation
from .carried import TableState, _carry_stakes, _final_line, _names
from .state import UNKNOWN_STACK

UNKNOWN_POT = UNKNOWN_STACK
"""A carried pot nobody knows, as the second replay takes it: a redeal with a pot so large
that no pot-limit bet is above it (its payouts are never reported: see :func:`alike`)."""


_DECIDES = (
    "what it breaks either way is listed; what the pot decides (a redeal's first player, "
    "pot-limit sizes, payouts, final stacks) is not checked"
)


def pot_unknown(state: TableState, record: HandRecord, assumed: int | None) -> Violation:
    """The ``carry-unknown`` verdict (not settled) of ``record``, checked with ``assumed``, the
    pot on record, or (None) both ways."""
    if assumed is None:
        how = f"it is checked as if no pot came in and as if any pot did: {_DECIDES}"
    else:
        how = (
            f"it is checked with the pot of {assumed} on record there, which is not checked "
            "(its payouts and final stacks hold if that figure is right)"
        )
    return Violation(
        "carry-unknown",
        "cannot carry the Progressive Badugi pot into this hand: "
        + state.carry_unknown_since
        + "; "
        + how,
        record.pos,
        "incomplete",
    )


Way = tuple[Mapping[str, int], int, frozenset[str]]
"""One way to replay a hand: the stacks it starts from, the pot carried in, whose chips are
in that pot (``stacks``, ``carry_in`` and ``carry_stakes`` of :func:`~.hand.replay_hand`)."""


def pot_in_doubt(
    state: TableState, record: HandRecord, carried: Mapping[str, int], stated: int | None = None
) -> tuple[Violation, tuple[Way, Way], tuple[str, str]]:
    """``record``, whose table's previous hand carries one pot by its record and another by
    its replay (:attr:`~.carried.TableState.carry_doubted`), starting from ``carried``: its
    ``carry-unknown`` verdict (not settled, naming that hand), the two ways it is replayed
    (with the replay's pot from the stacks the replay left; with the record's from those its
    record leaves, :attr:`~.carried.TableState.recorded`, any of the hand's players' chips
    in it), and how a violation found one way only is worded (:func:`alike`).  A pot the hand
    states that is neither figure (``stated``; its ``carry-carried`` mismatch either way,
    :func:`~.carried._carry_in`) is the one it is replayed with both ways, as a stated pot
    counts (any of its players' chips in it): the two readings differ in their stacks."""
    assert state.carry_doubted is not None
    hand, recorded = state.carry_doubted
    replayed = state.carry or 0
    currency = amounts_currency(record.session, record.settings.currency)

    def pot(amount: int) -> str:
        return f"a pot of {hand_figure(amount, currency)}" if amount else "no pot"

    what, depends, leaves, how = (
        (
            "pot",
            "depends",
            "carries",
            f"as if {pot(replayed)} came in and as if {pot(recorded)} did: what it breaks "
            "either way is listed, a payout or final stack wrong with both pots too; what one "
            "pot explains (a redeal's first player, pot-limit sizes, a payout) is not",
        )
        if stated is None
        else (
            "stacks",
            "depend",
            "leaves",
            f"with {pot(stated)}, the pot it states, from the stacks hand {hand} leaves as "
            "replayed and as recorded: what it breaks either way is listed, a final stack "
            "wrong from both too; what one reading's stacks explain (an all-in, a final "
            "stack) is not",
        )
    )
    verdict = Violation(
        "carry-unknown",
        f"cannot carry the Progressive Badugi pot into this hand: the {what} it starts with "
        f"{depends} on hand {hand}, whose carry does not add up (its record carries "
        f"{pot(recorded)}, its replay {pot(replayed)}: correct it there, and this hand is "
        f"checked with the {what} it {leaves}); it is checked {how}",
        record.pos,
        "incomplete",
    )
    as_recorded = dict(carried)
    for p, chips in state.recorded.items():
        if p in as_recorded and as_recorded[p] != UNKNOWN_STACK:
            as_recorded[p] = chips
    anyone = frozenset(record.players)
    ways: tuple[Way, Way] = (
        (carried, replayed, _carry_stakes(state, record)),
        (as_recorded, recorded, anyone if recorded else frozenset()),
    )
    if stated is not None:
        stakes = anyone if stated else frozenset()
        ways = ((carried, stated, stakes), (as_recorded, stated, stakes))
    words = (
        f"if hand {hand} carried {pot(replayed)}, as replayed: ",
        f"if hand {hand} carried {pot(recorded)}, as recorded: ",
    )
    return verdict, ways, words


Attempt = HandResult | tuple[tuple[Violation, ...], tuple[Violation, ...]]
"""One replay of a hand: its result, or what it raised (the violations, the warnings)."""

HYPOTHESES = ("if no pot was carried in: ", "if a pot was carried in (a redeal): ")
"""How a violation found one way only is worded: the two replays of :func:`alike`."""


def alike(
    tries: Sequence[Attempt], words: tuple[str, str] = HYPOTHESES, figures: bool = False
) -> tuple[tuple[Violation, ...], tuple[Violation, ...]]:
    """What the two replays ``tries`` (with no pot carried in, with :data:`UNKNOWN_POT`; or
    with each of two pots, ``words`` saying which) found alike, in the order of the first:
    the violations and warnings, word for word (a figure that depends on the pot differs
    between a pot of none and a pot of any size), and a rule both broke at one event (an
    action out of turn both ways, whose turn it was naming each way's player).  When both
    broke a rule, each at an event of its own, the hand breaks one either way: each is
    listed, saying which pot it holds for (not when one of them is a verdict an unknown stack
    could explain: ``stack-unknown``).  With two known figures (``figures``: a pot in doubt,
    not unknown) the recorded claims are checked with each too (:func:`_claims_either_way`)."""
    found: list[tuple[Violation, ...]] = []
    said: list[tuple[Violation, ...]] = []
    for t in tries:
        errors, warnings = (t.violations, t.warnings) if isinstance(t, HandResult) else t
        found.append(errors)
        said.append(warnings)
    none, some = found
    listed = [v for v in none if v in some]
    raised = [t for t in tries if not isinstance(t, HandResult) and t[0]]
    if len(raised) == 2:  # (a broken rule comes first, before what was found on the way)
        first, other = none[0], some[0]
        if first == other:
            pass
        elif (first.rule, first.pos, first.kind) == (other.rule, other.pos, other.kind):
            both = f"{words[0]}{first.message}; {words[1]}{other.message}"
            listed.insert(0, Violation(first.rule, both, first.pos, first.kind))
        elif first.kind == other.kind == "illegal":
            for v, said_so in ((first, words[0]), (other, words[1])):
                listed.append(Violation(v.rule, said_so + v.message, v.pos, v.kind))
    elif figures:
        listed += _claims_either_way(tries, none, some, words)
    return tuple(listed), tuple(w for w in said[0] if w in said[1])


def _claims_either_way(
    tries: Sequence[Attempt],
    none: tuple[Violation, ...],
    some: tuple[Violation, ...],
    words: tuple[str, str],
) -> list[Violation]:
    """What :func:`alike` adds, of two replays with known pots (``none``, ``some``: what each
    found) that did not both raise, to what they found word for word: the payouts, final
    stacks and chip totals each computes are figures, so a claim of the record wrong with
    both (``Dan collects 0`` where one pot owes him 38, the other 36) is listed, once, naming
    what each computes (a ``mismatch`` both found at one line).  When none is, yet each way
    breaks something of its own (a broken rule one way, a wrong payout the other), the hand
    is wrong whichever the pot: the first of each is listed, saying which pot it holds for.
    A claim that one pot makes right is never listed alone: that pot may be the hand's."""
    own = []
    for attempt, found, other in zip(tries, (none, some), (some, none), strict=True):
        mine = [v for v in found if v not in other and v.kind in ("illegal", "mismatch")]
        if not isinstance(attempt, HandResult):  # (raised: its broken rule, first, counts)
            mine = mine[:1] if found and mine and mine[0] == found[0] else []
        own.append(mine)
    if not (own[0] and own[1]):
        return []
    keys = {(v.rule, v.pos, v.kind) for v in own[1] if v.kind == "mismatch"}
    paired: list[Violation] = []
    for key in dict.fromkeys((v.rule, v.pos, v.kind) for v in own[0] if v.kind == "mismatch"):
        if key in keys:
            each = [
                "; ".join(v.message for v in way if (v.rule, v.pos, v.kind) == key) for way in own
            ]
            message = f"{words[0]}{each[0]}; {words[1]}{each[1]}"
            paired.append(Violation(key[0], message, key[1], key[2]))
    if paired:
        return paired
    return [
        Violation(v.rule, said + v.message, v.pos, v.kind)
        for v, said in ((own[0][0], words[0]), (own[1][0], words[1]))
    ]


def took_unknown_pot(
    state: TableState, record: HandRecord, results: Sequence[HandResult], assumed: bool
) -> None:
    """The table after ``record``, replayed with its carried-in pot unknown (``results``: each
    replay that got through; the table holds the first's stacks already): the players the
    pot may have paid, or whose stacks the replays leave otherwise, carry the stacks of its
    ``final:`` line, else unknown (the next hand taking one says so, ``stacks-resynced``, as
    it does those the line gives players whose stacks were unknown).  A pot it carries on is
    the replay's when it was replayed with the pot on record (``assumed``; as a hand that
    could not be replayed passes on the ``carry`` it records: the ledger, storing neither,
    refuses the hand that takes it, ``carry-not-stored``), else unknown, the figure of its
    ``carry`` line the one on record (:attr:`~.carried.TableState.carry_recorded`), which the
    next hand is checked with, not settled, as with the ``carry`` line of a hand that could
    not be read."""
    why = f"hand {record.hand_id} took a carried Progressive Badugi pot that is not known"
    finals = _final_line(record)
    first, *others = results
    moved = {p for r in results for p, chips in r.payouts.items() if chips}
    moved |= {
        p for r in others for p, c in r.final_stacks.items() if first.final_stacks.get(p) != c
    }
    for p in sorted(moved):
        if p in finals:
            state.stacks[p] = finals[p]
            state.unknown.pop(p, None)
        else:
            state.forget([p], why)
    # Those stacks, and the unknown ones the line gave (:func:`~.carried._after_replay`), are
    # the line's, unchecked: the next hand taking one says so, as after a hand that could not
    # be replayed.
    unchecked = {p for p in moved | first.unknown_stacks if p in finals}
    if unchecked:
        said = (
            f"stacks of {_names(unchecked)} carried from the final: line of hand "
            f"{record.hand_id}, whose carried-in Progressive Badugi pot is not known (not "
            "checked)"
        )
        if state.resynced is not None:  # (the replay's own: a line it disagrees with)
            said = f"{state.resynced[0]}; {said}"
            unchecked |= state.resynced[1]
        state.resynced = (said, frozenset(unchecked))
    if assumed or all(not r.carry_out for r in results):
        return  # (the replay's pot carried on: what the record's figure leaves, as in a
        # hand that could not be replayed and records its carry; the ledger stores neither)
    carries = [e.amount for e in record.events if type(e) is CarryOut]
    state.carry, state.carry_recorded = None, sum(carries) if carries else None
    state.carry_doubted = None
    state.carry_stakes = frozenset(record.players)
    state.carry_unknown_since = f"{why}, and carried its pot on"
