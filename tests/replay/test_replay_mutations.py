"""Property: a legal, fully recorded hand changed in any single chip amount is never "ok".

Every amount of a hand is either an input the rules constrain (a stated stack, a post, a bet,
a raise-to, an all-in call) or a claim the replay checks (a collection, the carried pot, the
rake, the pot total, a final stack).  So changing one of them by any amount must make the
replay refuse the hand (an illegal action, a parse error) or report a mismatch.

The one change that can stay legal and invisible is the size of a bet or raise in a structure
that allows a range of sizes (no limit, pot limit, half-pot limit, spread limit) when it
changes no player's total stake: nobody calls the chips it changes (they come back to the
bettor as an uncalled bet), or a later all-in raise *to* a stated total and a call of whatever
is owed put the same chips in as before.  The hand recorded is then another legal hand with the
same pots, and nothing recorded depends on the changed size.  The property asserts exactly
that: every player's stake, final stack and payout are the original ones.

Sessions of simulated hands carry stacks, rebuys and a Progressive Badugi pot from hand to
hand: one amount changed anywhere in a session is reported in some hand.

Hands come from the simulator (``badugi_ledger.simulate.sessions``: random legal hands of every game
and structure, with every collection and final stack recorded; half of them raked, their claims
then rewritten with the rake, the pot total and collections naming their pots), written as our
text and read back, so the mutation goes through the text like a typing mistake; and from real
site files (``corpus/kingsclub``: raked hands with every final stack; ``corpus/pokerstars``:
raked cash hands with named side pots, no final stacks), whose claims are checked the same way.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_ledger.model.errors import BadugiError
from badugi_ledger.model.events import (
    Action,
    CarryOut,
    Collect,
    Event,
    FinalStack,
    HandRecord,
    Post,
    PotTotal,
    RakeTaken,
    StackChange,
)
from badugi_ledger.model.games import GAME_NAMES
from badugi_ledger.model.results import HandResult
from badugi_ledger.model.settings import STRUCTURE_KINDS, RakeRule
from badugi_ledger.replay import replay_hand, replay_stream
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands
from badugi_ledger.sources import read_hands
from badugi_ledger.text.parse import parse_text
from badugi_ledger.text.writer import write_hands
from tests.helpers.paths import CORPUS

PROPERTY = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)

AMOUNTED = (Action, Post, Collect, CarryOut, RakeTaken, PotTotal, FinalStack, StackChange)
RANGED = frozenset({"no-limit", "pot-limit", "half-pot-limit", "spread-limit"})


def _amounts(record: HandRecord) -> list[tuple[str, int]]:
    """Every chip amount of the hand as (where, index): ``seat`` i or ``event`` i.  A post
    without an amount counts (its amount is implied and can be written wrongly); a call without
    one does not (writing the implied amount changes nothing, and the replay alone knows it)."""
    found = [("seat", i) for i, seat in enumerate(record.seats) if seat.stack is not None]
    for i, ev in enumerate(record.events):
        if isinstance(ev, AMOUNTED) and (ev.amount is not None or isinstance(ev, Post)):
            found.append(("event", i))
    return found


def _posted(record: HandRecord, index: int, start: Mapping[str, int] | None) -> int:
    """The chips the post at ``index`` puts in when its amount is left out: what the settings
    name, or the rest of the player's stack after his earlier posts (``betting.py``).
    ``start``: the starting stacks when some are carried from an earlier hand."""
    stacks = dict(start) if start else {seat.name: seat.stack or 0 for seat in record.seats}
    s = record.settings
    due = {"ante": s.ante, "small-blind": s.small_blind, "big-blind": s.big_blind}
    for ev in record.events[: index + 1]:
        if isinstance(ev, Post):
            paid = ev.amount if ev.amount is not None else min(due[ev.kind], stacks[ev.player])
            stacks[ev.player] -= paid
    return paid


def _mutate(
    record: HandRecord,
    where: str,
    index: int,
    delta: int,
    start: Mapping[str, int] | None = None,
) -> HandRecord:
    """``record`` with one amount changed by ``delta`` (never to a negative amount)."""
    if where == "seat":
        seat = record.seats[index]
        assert seat.stack is not None
        seats = list(record.seats)
        changed = max(seat.stack + delta, 0)
        if changed == seat.stack:
            changed = seat.stack + abs(delta)
        seats[index] = dataclasses.replace(seat, stack=changed)
        return dataclasses.replace(record, seats=tuple(seats))
    ev = record.events[index]
    amount = ev.amount  # type: ignore[attr-defined]
    if amount is None:  # a post of the implied amount: write it, wrongly
        amount = _posted(record, index, start)
    changed = max(amount + delta, 0)
    if changed == amount:  # the amount was 0 and cannot go lower
        changed = amount + abs(delta)
    events = list(record.events)
    events[index] = dataclasses.replace(ev, amount=changed)  # type: ignore[call-arg]
    return dataclasses.replace(record, events=tuple(events))


def _through_text(record: HandRecord) -> HandRecord | BadugiError:
    """The record written as our text and read back (a mutation is a typing mistake)."""
    text = "".join(write_hands([record]))
    [item] = list(parse_text(text, "mutated.bhh"))
    return item


def _verdict(item: HandRecord | BadugiError) -> tuple[bool, HandResult | None]:
    """(ok, result): ok only when the hand replays with no violation."""
    if isinstance(item, BadugiError):
        return False, None
    try:
        result = replay_hand(item)
    except BadugiError:
        return False, None
    return result.ok, result


def _assert_caught(
    original: HandRecord, mutated: HandRecord, where: str, index: int, ok: bool, result: object
) -> None:
    if not ok:
        return
    # Still ok: only an uncalled part of a bet or raise of a ranged structure may change
    # unseen, and then every recorded figure is the same.
    assert where == "event", f"a changed stack of {original.seats[index]} went unnoticed"
    ev = original.events[index]
    assert isinstance(ev, Action) and ev.verb in ("bet", "raise"), f"{ev} changed unnoticed"
    assert original.settings.structure.kind in RANGED, f"{ev} changed unnoticed"
    before = replay_hand(original)
    assert isinstance(result, HandResult)
    assert dict(result.contributions) == dict(before.contributions), f"{ev} changed a stake"
    assert dict(result.final_stacks) == dict(before.final_stacks)
    assert dict(result.payouts) == dict(before.payouts)


CLAIMS = (Collect, CarryOut, RakeTaken, PotTotal, FinalStack)


def _with_rake(record: HandRecord) -> HandRecord:
    """The hand under a rake of 10% (at most 4 chips), its claims rewritten to what the replay
    computes: every collection (naming its pot when there are several), the rake, the pot,
    the carried pot and every final stack."""
    settings = dataclasses.replace(record.settings, rake=RakeRule(10, 4))
    play = tuple([e for e in record.events if not isinstance(e, CLAIMS)])
    result = replay_hand(dataclasses.replace(record, settings=settings, events=play, positions=()))
    named = len(result.pots) > 1
    claims: list[Event] = [
        Collect(p, chips, pot.name if named else None)
        for pot in result.pots
        for p, chips in pot.shares.items()
        if chips
    ]
    claims += [RakeTaken(result.rake), PotTotal(sum(result.contributions.values()))]
    if result.carry_out:
        claims.append(CarryOut(result.carry_out))
    claims += [FinalStack(p, result.final_stacks[p]) for p in record.players]
    return dataclasses.replace(record, settings=settings, events=play + tuple(claims), positions=())


def _simulated(seed: int, game: str, structure: str, players: int, ante: int) -> HandRecord:
    options = SimulationOptions(
        hands=1,
        players=players,
        game=game,  # type: ignore[arg-type]
        structure=structure,  # type: ignore[arg-type]
        seed=seed,
        ante=ante,
        min_stack=1,
        max_stack=12,
        cards="all" if seed % 3 else "showdown",
    )
    [record] = list(simulate_hands(options))
    return record


@PROPERTY
@given(
    seed=st.integers(0, 10**6),
    game=st.sampled_from(GAME_NAMES),
    structure=st.sampled_from(STRUCTURE_KINDS),
    players=st.integers(2, 6),
    ante=st.sampled_from([0, 0, 1, 2]),
    raked=st.booleans(),
    pick=st.integers(0, 10**6),
    delta=st.sampled_from([-1, 1, -2, 2, 5, -10, 100]),
)
def test_simulated_hand_with_one_amount_changed_is_never_ok(
    seed: int,
    game: str,
    structure: str,
    players: int,
    ante: int,
    raked: bool,
    pick: int,
    delta: int,
) -> None:
    original = _simulated(seed * 3 + 1 if raked else seed, game, structure, players, ante)
    if raked:  # every card known (seed not a multiple of 3), so the replay settles it alone
        original = _with_rake(original)
    read_back = _through_text(original)
    assert _verdict(read_back)[0], "the simulated hand itself must be ok"
    assert isinstance(read_back, HandRecord)
    amounts = _amounts(read_back)
    where, index = amounts[pick % len(amounts)]
    mutated = _mutate(read_back, where, index, delta)
    ok, result = _verdict(_through_text(mutated))
    _assert_caught(read_back, mutated, where, index, ok, result)


@PROPERTY
@given(
    seed=st.integers(0, 10**6),
    game=st.sampled_from(GAME_NAMES),
    structure=st.sampled_from(STRUCTURE_KINDS),
    pick=st.integers(0, 10**6),
    delta=st.sampled_from([-1, 1, 3, -20]),
)
def test_session_with_one_amount_changed_is_never_ok(
    seed: int, game: str, structure: str, pick: int, delta: int
) -> None:
    """A session of hands whose stacks (and a Progressive Badugi carried pot) go from hand to
    hand, rebuys included: one amount changed anywhere is reported in some hand."""
    options = SimulationOptions(
        hands=5,
        players=3,
        game=game,  # type: ignore[arg-type]
        structure=structure,  # type: ignore[arg-type]
        seed=seed,
        min_stack=1,
        max_stack=4,
    )
    text = "".join(write_hands(simulate_hands(options)))
    hands = [r for r in parse_text(text, "session.bhh") if isinstance(r, HandRecord)]
    before = list(replay_stream(hands))
    assert len(before) == 5 and all(o.ok for o in before)
    spots = [(h, where, i) for h, hand in enumerate(hands) for where, i in _amounts(hand)]
    h, where, index = spots[pick % len(spots)]
    start = before[h].result.starting_stacks if before[h].result else None
    hands[h] = _mutate(hands[h], where, index, delta, start)
    changed = "".join(write_hands(hands))
    items = list(parse_text(changed, "session.bhh"))
    after = list(replay_stream(items))
    if all(o.ok for o in after):
        ev = hands[h].events[index] if where == "event" else hands[h].seats[index]
        assert isinstance(ev, Action) and ev.verb in ("bet", "raise"), f"{ev} changed unnoticed"
        assert hands[h].settings.structure.kind in RANGED, f"{ev} changed unnoticed"
        for old, new in zip(before, after, strict=True):
            assert old.result is not None and new.result is not None
            assert dict(new.result.contributions) == dict(old.result.contributions)
            assert dict(new.result.final_stacks) == dict(old.result.final_stacks)


def _site_hands(folder: str) -> Iterator[HandRecord]:
    if not CORPUS.is_dir():  # (read as the module is collected: the fixture's words)
        pytest.fail(f"corpus not found at {CORPUS}; set BADUGI_SHARED to the shared/ folder")
    for path in sorted((CORPUS / folder).glob("*.txt")):
        for item in read_hands(Path(path)):
            if isinstance(item, HandRecord):
                yield item


def _ok_alone(record: HandRecord) -> bool:
    try:
        return replay_hand(record).ok
    except BadugiError:
        return False


KINGSCLUB = [r for r in _site_hands("kingsclub") if _ok_alone(r)]


@pytest.mark.parametrize("record", KINGSCLUB, ids=[r.hand_id for r in KINGSCLUB])
def test_kingsclub_hand_with_any_amount_changed_is_never_ok(record: HandRecord) -> None:
    """Raked real hands with every final stack recorded: every amount, both ways."""
    for where, index in _amounts(record):
        for delta in (-1, 1, 7):
            mutated = _mutate(record, where, index, delta)
            ok, result = _verdict(mutated)
            _assert_caught(record, mutated, where, index, ok, result)


POKERSTARS = [r for r in _site_hands("pokerstars") if _ok_alone(r)]
"""Real hands whose stacks are stated but not their final stacks: a stated stack is checked
only where the hand spends it; every other amount is checked."""


@PROPERTY
@given(pick=st.integers(0, 10**6), delta=st.sampled_from([-1, 1, -5, 5, 25]))
def test_site_claims_and_bets_changed_are_never_ok(pick: int, delta: int) -> None:
    record = POKERSTARS[pick % len(POKERSTARS)]
    events = [("event", i) for where, i in _amounts(record) if where == "event"]
    where, index = events[(pick // len(POKERSTARS)) % len(events)]
    mutated = _mutate(record, where, index, delta)
    ok, result = _verdict(mutated)
    _assert_caught(record, mutated, where, index, ok, result)


def test_the_corpus_gives_hands_to_mutate() -> None:
    assert len(KINGSCLUB) >= 2 and len(POKERSTARS) >= 50
    raked = [r for r in POKERSTARS if any(isinstance(e, RakeTaken) for e in r.events)]
    side_pots = [r for r in POKERSTARS if any(getattr(e, "pot", "") == "side 1" for e in r.events)]
    assert raked and side_pots
