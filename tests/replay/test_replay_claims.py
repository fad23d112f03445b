"""Verdicts on side pots and on what the recorder claims about them.

Sources: ``001`` (side pots: a player all-in can win from each opponent only what his own chips
match), ``002`` (Progressive Badugi: a pot with no qualifying hand carries), ``004`` (Badacey
halves), ``grammar/README.md`` (*What the recorder says happened*: ``NAME collects N [from
POT]`` is a claim the replay checks), a real hand of the corpus
(``corpus/pokerstars/Badugi-USD-0.25-0.50-201009.txt``, hand 49164202872: PokerStars rakes
each pot).
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.results import HandResult
from badugi_ledger.model.settings import GameSettings, Structure
from badugi_ledger.replay import replay_hand, replay_stream
from badugi_ledger.sources import read_hands
from badugi_ledger.text.parse import parse_text
from tests.helpers.paths import CORPUS
from tests.helpers.replay_builder import assert_balanced, record

ANTE = GameSettings(ante=2)
"""Fixed limit 2/4, blinds 1/2, ante 2."""

# Anna (button) has only the ante.  Ben, Cara and Dan limp and check it down.
CHECKED_DOWN = ["Dan calls", "Ben calls", "Cara checks"]
for _ in range(3):
    CHECKED_DOWN += ["Ben pat", "Cara pat", "Dan pat", "Anna pat"]
    CHECKED_DOWN += ["Ben checks", "Cara checks", "Dan checks"]

ANNA_BEST = [
    "Anna shows As 2h 3d 4c",
    "Ben shows Ac 2d 3h 5s",
    "Cara shows Ks Qh Jd Tc",
    "Dan shows 9s 8h 7d 6c",
]


def _pots(result: HandResult) -> list[tuple[str, int, tuple[str, ...], dict[str, int]]]:
    return [(p.name, p.amount, p.eligible, dict(p.shares)) for p in result.pots]


def _replay(stacks: dict[str, int], lines: list[str], settings: GameSettings) -> HandResult:
    return replay_hand(record(stacks, "Anna", lines, settings=settings))


def test_all_in_for_the_ante_contests_the_antes() -> None:
    """``001``: Anna, all-in for the ante of 2, matches 2 chips of each opponent: the main pot
    of the four antes is hers with the best hand; the blinds and calls above it are a side pot
    that Ben wins.  Recording exactly that is right."""
    stacks = {"Anna": 2, "Ben": 100, "Cara": 100, "Dan": 100}
    lines = CHECKED_DOWN + ANNA_BEST + ["Anna collects 8", "Ben collects 6"]
    result = _replay(stacks, lines, ANTE)
    assert _pots(result) == [
        ("main", 8, ("Ben", "Cara", "Dan", "Anna"), {"Anna": 8}),
        ("side 1", 6, ("Ben", "Cara", "Dan"), {"Ben": 6}),
    ]
    assert result.ok, result.violations
    assert dict(result.final_stacks) == {"Anna": 8, "Ben": 102, "Cara": 96, "Dan": 96}
    assert_balanced(result)


def test_all_in_for_part_of_the_ante() -> None:
    """``001``: Anna has 1 chip of the ante of 2; she wins 1 from each player, no more."""
    stacks = {"Anna": 1, "Ben": 100, "Cara": 100, "Dan": 100}
    result = _replay(stacks, CHECKED_DOWN + ANNA_BEST, ANTE)
    assert _pots(result) == [
        ("main", 4, ("Ben", "Cara", "Dan", "Anna"), {"Anna": 4}),
        ("side 1", 9, ("Ben", "Cara", "Dan"), {"Ben": 9}),
    ]
    assert_balanced(result)


def test_all_in_for_part_of_a_blind_with_antes() -> None:
    """``001``: Cara (big blind) has the ante and 1 chip of the big blind of 2; Anna is all-in
    for part of the ante.  Anna wins 1 from each; Cara the next 2 from each (ante and blind
    chip); the rest is Ben's and Dan's."""
    stacks = {"Anna": 1, "Ben": 100, "Cara": 3, "Dan": 100}
    lines = ["Dan calls", "Ben calls"]
    for _ in range(3):
        lines += ["Ben pat", "Cara pat", "Dan pat", "Anna pat", "Ben checks", "Dan checks"]
    lines += [
        "Anna shows 9s 8h 7d 6c",
        "Ben shows Ac 2d 3h 5s",
        "Cara shows As 2h 3d 4c",
        "Dan shows Ks Qh Jd Tc",
    ]
    result = _replay(stacks, lines, ANTE)
    assert _pots(result) == [
        ("main", 4, ("Ben", "Cara", "Dan", "Anna"), {"Cara": 4}),
        ("side 1", 6, ("Ben", "Cara", "Dan"), {"Cara": 6}),
        ("side 2", 2, ("Ben", "Dan"), {"Ben": 2}),
    ]
    assert_balanced(result)


def test_all_in_for_a_dead_blind_contests_the_dead_money() -> None:
    """Dead money goes to the main pot (``replay.side_pots``); Dan, all-in for a dead blind, matched
    no live chip and contests only that main pot of dead money."""
    stacks = {"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 1}
    lines = ["Ben posts sb", "Cara posts bb", "Dan posts dead 1 allin", "Anna calls"]
    lines += ["Ben calls", "Cara checks"]
    for _ in range(3):
        lines += ["Ben pat", "Cara pat", "Dan pat", "Anna pat"]
        lines += ["Ben checks", "Cara checks", "Anna checks"]
    lines += [
        "Anna shows 9s 8h 7d 6c",
        "Ben shows Ac 2d 3h 5s",
        "Cara shows Ks Qh Jd Tc",
        "Dan shows As 2h 3d 4c",
    ]
    result = _replay(stacks, lines, GameSettings())
    assert _pots(result) == [
        ("main", 1, ("Ben", "Cara", "Dan", "Anna"), {"Dan": 1}),
        ("side 1", 6, ("Ben", "Cara", "Anna"), {"Ben": 6}),
    ]
    assert_balanced(result)


def test_badacey_halves_of_a_pot_matched_by_the_ante() -> None:
    """``004`` halves, ``001`` side pots: Anna, all-in for the ante, wins the five-card half
    of the antes' pot with the wheel; Ben's 6-high badugi takes the Badugi halves of both
    pots, Cara the five-card half of the side pot."""
    game = GameSettings(game="badacey", ante=2)
    stacks = {"Anna": 2, "Ben": 100, "Cara": 100, "Dan": 100}
    lines = CHECKED_DOWN + [
        "Anna shows As 2s 3s 4s 5s",
        "Ben shows Ac 2d 3h 6s 6c",
        "Cara shows Ks Qh Jd Tc 9c",
        "Dan shows Kd Qd Jh Jc 9h",
    ]
    result = _replay(stacks, lines, game)
    assert _pots(result) == [
        ("main", 8, ("Ben", "Cara", "Dan", "Anna"), {"Ben": 4, "Anna": 4}),
        ("side 1", 6, ("Ben", "Cara", "Dan"), {"Ben": 3, "Cara": 3}),
    ]
    assert_balanced(result)


def test_progressive_pot_matched_by_the_ante_is_won_the_rest_carries() -> None:
    """``002``: only a qualifying hand (a badugi no higher than 9) wins; ``001``: Anna's chips
    match the antes' pot, which her 4-high badugi wins; nobody else qualifies, so the side pot
    carries."""
    game = GameSettings(game="progressive-badugi", ante=2)
    stacks = {"Anna": 2, "Ben": 100, "Cara": 100, "Dan": 100}
    lines = CHECKED_DOWN + [
        "Anna shows As 2h 3d 4c",
        "Ben shows Kc Kd 3h 5s",
        "Cara shows Ks Qh Jd Tc",
        "Dan shows 9s 8s 7d 6c",
        "Anna collects 8",
        "carry 6",
    ]
    result = _replay(stacks, lines, game)
    assert result.ok, result.violations
    assert result.carry_out == 6 and dict(result.payouts) == {"Anna": 8}
    assert_balanced(result)


# --- claims naming their pot --------------------------------------------------------------

NL = GameSettings(structure=Structure("no-limit"), small_blind=1, big_blind=2)
SHORT = {"Anna": 20, "Ben": 50, "Cara": 100, "Dan": 100}
THREE_WAY = [
    "Anna posts sb",
    "Ben posts bb",
    "Cara raises 10",
    "Dan folds",
    "Anna raises 20 allin",
    "Ben raises 50 allin",
    "Cara calls 40",
]
for _ in range(3):
    THREE_WAY += ["Anna pat", "Ben pat", "Cara pat"]


def _three_way(shows: list[str], claims: list[str]) -> HandResult:
    result = replay_hand(record(SHORT, "Dan", THREE_WAY + shows + claims, settings=NL))
    assert_balanced(result)
    return result


ANNA_THEN_BEN = ["Anna shows As 2h 3d 4c", "Ben shows Ac 2d 3h 5s", "Cara shows Ks Qh Jd Tc"]
BEN_BOTH = ["Anna shows 9s 8h 7d 6c", "Ben shows Ac 2d 3h 5s", "Cara shows Ks Qh Jd Tc"]
FIRST_CLAIM = len(THREE_WAY) + 4  # the line number of the first claim after three shows


def _found(result: HandResult) -> list[tuple[str, int]]:
    return [(v.rule, v.pos.line) for v in result.violations]


def test_right_pots_named_are_accepted() -> None:
    result = _three_way(
        ANNA_THEN_BEN, ["Anna collects 60 from main", "Ben collects 60 from side 1"]
    )
    assert result.ok, result.violations


def test_player_credited_from_a_pot_he_is_not_in() -> None:
    """``001``: Anna (all-in for 20) is not in the side pot; the totals agree, the claim
    does not."""
    result = _three_way(
        ANNA_THEN_BEN, ["Anna collects 60 from side 1", "Ben collects 60 from main"]
    )
    assert _found(result) == [("collect", FIRST_CLAIM), ("collect", FIRST_CLAIM + 1)]
    assert "Anna is not in it" in result.violations[0].message
    assert "wins nothing from it" in result.violations[1].message


def test_one_winners_pots_swapped() -> None:
    """Ben wins the main pot (60) and the side pot (40); writing the two amounts against the
    wrong pots keeps his total and is still two wrong claims."""
    stacks = {"Anna": 20, "Ben": 40, "Cara": 100, "Dan": 100}
    lines = [line.replace("Ben raises 50", "Ben raises 40") for line in THREE_WAY]
    lines = [line.replace("Cara calls 40", "Cara calls 30") for line in lines]
    right = ["Ben collects 60 from main", "Ben collects 40 from side 1"]
    swapped = ["Ben collects 40 from main", "Ben collects 60 from side 1"]
    ok = replay_hand(record(stacks, "Dan", lines + BEN_BOTH + right, settings=NL))
    assert ok.ok, ok.violations
    bad = replay_hand(record(stacks, "Dan", lines + BEN_BOTH + swapped, settings=NL))
    assert _found(bad) == [("collect", FIRST_CLAIM), ("collect", FIRST_CLAIM + 1)]


def test_a_pot_that_does_not_exist() -> None:
    result = _three_way(
        ANNA_THEN_BEN, ["Anna collects 60 from main", "Ben collects 60 from side 2"]
    )
    assert _found(result) == [("collect", FIRST_CLAIM + 1)]
    assert "no such pot" in result.violations[0].message


@pytest.mark.parametrize("named", [False, True], ids=["unnamed", "named"])
def test_the_wrong_line_is_reported(named: bool) -> None:
    """A player collecting from two pots on two lines: the wrong line is the one reported."""
    suffix = (" from main", " from side 1") if named else ("", "")
    first = f"Ben collects 60{suffix[0]}"
    result = _three_way(BEN_BOTH, [first, f"Ben collects 61{suffix[1]}"])
    assert _found(result)[0] == ("collect", FIRST_CLAIM + 1)
    result = _three_way(BEN_BOTH, [f"Ben collects 59{suffix[0]}", f"Ben collects 60{suffix[1]}"])
    assert _found(result)[0] == ("collect", FIRST_CLAIM)


@pytest.mark.parametrize("pot", ["", " from main"], ids=["unnamed", "named"])
def test_a_missing_line_is_reported_at_the_players_last_line(pot: str) -> None:
    result = _three_way(BEN_BOTH, ["Cara collects 0", f"Ben collects 60{pot}"])
    assert _found(result) == [("collect", FIRST_CLAIM + 1), ("chips-balance", FIRST_CLAIM + 1)]
    assert "side 1" in result.violations[0].message


def test_unknown_cards_settle_by_the_named_pots() -> None:
    """Cards unknown: consistent claims naming their pots settle the hand; a claim from a pot
    the player is not in is still refused."""
    shows = ["Anna shows As 2h 3d 4c"]
    lines = THREE_WAY + shows + ["Ben collects 60 from side 1", "Anna collects 60 from main"]
    result = replay_hand(record(SHORT, "Dan", lines, settings=NL))
    assert result.ok, result.violations
    assert [dict(p.shares) for p in result.pots] == [{"Anna": 60}, {"Ben": 60}]


def test_site_rake_split_among_pots_as_the_site_shows() -> None:
    """PokerStars takes the rake from each pot (hand 49164202872: main 305 pays 290, the side
    pot 265 pays 255, rake 25); the replay follows the site's split, no rule being set."""
    path = CORPUS / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt"
    [outcome] = [o for o in replay_stream(read_hands(path)) if o.hand_id == "49164202872"]
    assert outcome.ok, outcome.errors
    assert outcome.result is not None
    assert [dict(p.shares) for p in outcome.result.pots] == [
        {"buddyboy3399": 290},
        {"buddyboy3399": 255},
    ]


WRONG_SECOND_LINE = """\
game badugi · no limit · blinds 1/2
hand 1 · button Dan · Anna 20 · Ben 50 · Cara 100 · Dan 100
Cara raises to 10 · Dan folds · Anna raises to 20 all-in · Ben raises to 50 all-in · Cara calls 40
draw: Anna pat · Ben pat · Cara pat
draw: Anna pat · Ben pat · Cara pat
draw: Anna pat · Ben pat · Cara pat
show: Anna 9s 8h 7d 6c · Ben Ac 2d 3h 5s · Cara Ks Qh Jd Tc
Ben collects 60{main}
Ben collects 61{side}
"""


@pytest.mark.parametrize("named", [False, True], ids=["unnamed", "named"])
def test_check_reports_the_wrong_line_of_our_text(named: bool) -> None:
    """Through the reader: the second of Ben's two lines is wrong, and both the claim and the
    chip created are reported at it (line 9), not at his first line."""
    text = WRONG_SECOND_LINE.format(
        main=" from main" if named else "", side=" from side 1" if named else ""
    )
    [outcome] = list(replay_stream(parse_text(text, "night.bhh")))
    assert [(e.rule, e.pos.line) for e in outcome.errors] == [
        ("collect", 9),
        ("chips-balance", 9),
    ]


def test_final_stacks_that_are_right_are_confirmed_in_one_pass(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Every ``final:`` claim of a simulated session is the computed stack: the claims are
    confirmed without going through them one by one; one wrong claim is named as before."""
    from dataclasses import replace

    from badugi_ledger.model.events import FinalStack
    from badugi_ledger.replay import claims
    from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands

    records = list(simulate_hands(SimulationOptions(hands=30, players=4, seed=5, max_stack=30)))
    one_by_one = claims._final_stack_mismatches
    calls: list[str] = []

    def counted(st, *args):  # type: ignore[no-untyped-def]
        calls.append(st.record.hand_id)
        return one_by_one(st, *args)

    monkeypatch.setattr(claims, "_final_stack_mismatches", counted)
    outcomes = list(replay_stream(records))
    assert all(o.ok for o in outcomes)
    assert sum(type(e) is FinalStack for r in records for e in r.events) > 60
    assert calls == []

    first = records[0]
    i, claim = next((i, e) for i, e in enumerate(first.events) if type(e) is FinalStack)
    wrong = replace(claim, amount=claim.amount + 1)
    events = (*first.events[:i], wrong, *first.events[i + 1 :])
    result = replay_hand(replace(first, events=events))
    assert calls == [first.hand_id]
    assert [(v.rule, v.message) for v in result.violations] == [
        (
            "final-stack",
            f"{claim.player} ends with {claim.amount + 1}, but the replay gives {claim.amount}",
        ),
        (
            "chips-balance",
            result.violations[1].message,
        ),
    ]
    assert result.violations[1].message.endswith("1 chip created")
