"""Build :class:`HandRecord` objects for the replay tests straight from event dataclasses.

The tests must not depend on the text format (that is the parser's job), so each event is
written as a short line that maps one-to-one onto an ``model/events.py`` dataclass; line ``i`` of
the list becomes an event standing at ``Position("test", i + 1, 1)`` (the record's positions)
so errors can be checked by line.

    "Anna posts sb"            Post(Anna, small-blind)      "Anna posts dead 1"  Post(dead, 1)
    "Anna deal As 2c 3d 4h"    Deal                         "Anna sits out"      SitOut
    "Anna calls" / "calls 2"   Action(call[, 2])            "Anna raises 8 allin" Action(all_in)
    "Anna draws Qs 3c > 8s 5c" Draw(known cards)            "Anna draws 2"       Draw(2 unknown)
    "Anna pat"                 Draw((), ())                 "Anna buys Qs > 8s"  Buy
    "Anna shows As 2c 3d 4h"   Show                         "Anna mucks"         Muck
    "Anna collects 60"         Collect   "… from side 1"    "Anna ends 228"      FinalStack
    "carry 40" / "rake 3" / "pot 120"                       "Anna rebuys 100"    StackChange
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from badugi_ledger.model.cards import parse_cards
from badugi_ledger.model.errors import Position
from badugi_ledger.model.events import (
    Action,
    Buy,
    CarryOut,
    Collect,
    Deal,
    Draw,
    Event,
    FinalStack,
    HandRecord,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    Seat,
    Show,
    SitOut,
    StackChange,
)
from badugi_ledger.model.results import HandResult
from badugi_ledger.model.settings import GameSettings

POST_KINDS = {
    "sb": "small-blind",
    "bb": "big-blind",
    "ante": "ante",
    "dead": "dead",
    "straddle": "straddle",
}
VERBS = {"folds": "fold", "checks": "check", "calls": "call", "bets": "bet", "raises": "raise"}


def event(line: str) -> Event:
    """One event from its short form (see the module docstring)."""
    words = line.split()
    head = words[0]
    if head == "carry":
        return CarryOut(int(words[1]))
    if head == "rake":
        return RakeTaken(int(words[1]))
    if head == "pot":
        return PotTotal(int(words[1]))
    player, verb, rest = words[0], words[1], words[2:]
    if verb == "posts":
        amount = int(rest[1]) if len(rest) > 1 and rest[1] != "allin" else None
        return Post(player, POST_KINDS[rest[0]], amount, "allin" in rest)  # type: ignore[arg-type]
    if verb == "deal":
        return Deal(player, parse_cards(rest))
    if verb in VERBS:
        all_in = "allin" in rest
        nums = [w for w in rest if w != "allin"]
        return Action(player, VERBS[verb], int(nums[0]) if nums else None, all_in)  # type: ignore[arg-type]
    if verb == "draws":
        if ">" in rest:
            i = rest.index(">")
            return Draw(player, parse_cards(rest[:i]), parse_cards(rest[i + 1 :]))
        n = int(rest[0])
        return Draw(player, (None,) * n, (None,) * n)
    if verb == "pat":
        return Draw(player, (), ())
    if verb == "buys":
        i = rest.index(">")
        old = parse_cards(rest[:i])[0] if rest[:i] else None
        new = parse_cards(rest[i + 1 :])[0] if rest[i + 1 :] else None
        return Buy(player, old, new, None)
    if verb == "shows":
        return Show(player, parse_cards(rest))
    if verb == "mucks":
        return Muck(player)
    if verb == "collects":
        pot = " ".join(rest[2:] if rest[1:2] == ["from"] else rest[1:]) or None
        return Collect(player, int(rest[0]), pot)
    if verb == "ends":
        return FinalStack(player, int(rest[0]))
    if verb == "sits":
        return SitOut(player)
    if verb in ("rebuys", "tops", "cashes"):
        kind = {"rebuys": "rebuy", "tops": "top-up", "cashes": "cash-out"}[verb]
        return StackChange(player, int(rest[-1]), kind)  # type: ignore[arg-type]
    raise ValueError(f"test builder cannot read {line!r}")


def record(
    seats: Mapping[str, int | None] | Sequence[str],
    button: str,
    lines: Sequence[str],
    *,
    settings: GameSettings | None = None,
    hand_id: str = "1",
    table: str = "",
    source: str = "test",
) -> HandRecord:
    """A hand record: ``seats`` clockwise (name -> stack, None = carried)."""
    if not isinstance(seats, Mapping):
        seats = dict.fromkeys(seats, 100)
    return HandRecord(
        hand_id=hand_id,
        settings=settings or GameSettings(),
        seats=tuple(Seat(n, s) for n, s in seats.items()),
        button=button,
        events=tuple(map(event, lines)),
        table=table,
        pos=Position(source, 0, 0),
        positions=tuple(Position(source, i + 1, 1) for i in range(len(lines))),
    )


def assert_balanced(result: HandResult) -> None:
    """Every hand's postings sum to zero and the chips are all accounted for."""
    assert result.balance() == 0, result.postings
    start = sum(result.starting_stacks.values()) + result.carry_in
    end = sum(result.final_stacks.values()) + result.rake + result.carry_out
    assert start == end
    pots = sum(p.amount for p in result.pots)
    won = sum(sum(p.shares.values()) for p in result.pots)
    assert pots == won + result.rake + result.carry_out
