"""One ``check`` run finds every mistake of a carried-stack night, each at its own line.

A hand that cannot be replayed no longer turns every later hand of its table into "not
settled": later hands are checked in full with the stacks it would have carried unknown
(``replay/table.py``), or with the stacks the recorder wrote down (a ``final:`` line, a stated
stack).  The soundness test replays simulated hands (many all-ins, side pots, every structure)
with every carried stack unknown and requires the same verdict and the same payouts as with
the stacks known, or an honest "not settled".
"""

from __future__ import annotations

import io
import itertools
import json
import random
import re
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.check import run_check
from badugi_ledger.cli import app
from badugi_ledger.model.errors import BadugiError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.model.results import HandOutcome, TableGap, Violation
from badugi_ledger.replay import replay_stream
from badugi_ledger.replay.hand import replay_hand
from badugi_ledger.replay.state import UNKNOWN_STACK
from badugi_ledger.replay.table import error_violation
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands, write_simulation
from badugi_ledger.text.parse import parse_text
from tests.helpers.paths import EXAMPLES, FIXTURES

runner = CliRunner()
NIGHT = FIXTURES / "planted_mistakes_night.bhh"

PLANTED = {
    # hand: (line, rules) - the mistakes the fixture's header lists, one per hand but hand 5
    "1": (20, {"collect", "chips-balance"}),  # Ben collects 16 of a pot of 14
    "2": (24, {"turn-order"}),  # Anna acts before Dan
    "3": (37, {"bet-size"}),  # Dan raises to 12; fixed limit: to 8
    "4": (44, {"duplicate-card"}),  # 3c dealt to Anna and to Dan
    "6": (73, {"final-stack", "chips-balance"}),  # Dan ends with 93, not 95
    "7": (78, {"turn-order"}),  # Dan draws before Cara
    "8": (93, {"check-facing-bet"}),  # Cara checks facing Ben's bet
}


def outcomes_of(text: str, source: str = "night.bhh") -> list[HandOutcome]:
    return list(replay_stream(parse_text(text, source)))


def test_the_carried_stack_night_is_checked_in_one_pass() -> None:
    """Seven planted mistakes, seven hands reported, each at the line of its mistake; the
    clean hand 5 reports nothing but the one note that stacks are unknown; no hand is
    'not settled'."""
    outcomes = list(replay_stream(parse_text(NIGHT.read_text(), str(NIGHT))))
    assert [o.hand_id for o in outcomes] == [str(i) for i in range(1, 9)]
    found = {
        o.hand_id: ({e.pos.line for e in o.errors}, {e.rule for e in o.errors})
        for o in outcomes
        if o.errors
    }
    assert found == {hand: ({line}, rules) for hand, (line, rules) in PLANTED.items()}
    assert not [e for o in outcomes for e in o.errors if e.kind == "incomplete"]
    five = outcomes[4]
    assert five.ok and [w.rule for w in five.warnings] == ["stacks-unknown"]
    assert "hand 4 could not be replayed" in five.warnings[0].message
    # Hand 5's final: line gives the stacks back: hand 6 is checked against them.
    assert outcomes[5].result is not None and not outcomes[5].result.unknown_stacks


def test_the_night_on_the_command_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(NIGHT)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    # Hand 5 replays cleanly from the stacks hand 4 left unknown: not settled only for the
    # import's refusal of a hand whose stacks nobody knows (docs/ledger.md, ``stack-unknown``).
    unsettled = [line for line in lines if ": not settled: " in line]
    assert [line.split(":")[1] for line in unsettled] == ["54"], unsettled
    assert unsettled[0].endswith("[stack-unknown]") and " hand 5: " in unsettled[0]
    located = [line for line in lines if line.startswith(f"{NIGHT}:") and " hand " in line]
    assert {line.split(":")[1] for line in located if "warning:" not in line} == {
        str(line) for line, _ in PLANTED.values()
    } | {"54"}
    assert lines[-1] == (
        f"{NIGHT}: 8 hands: 0 ok, 5 with violations, 2 with payout mismatches, "
        "1 not settled (information missing), 1 warning"
    )
    # --jobs gives the same report byte for byte (two copies: two files, two processes).
    copy = tmp_path / "copy.bhh"
    copy.write_text(NIGHT.read_text())
    one = runner.invoke(app, ["check", "--jobs", "1", str(NIGHT), str(copy)])
    two = runner.invoke(app, ["check", "--jobs", "2", str(NIGHT), str(copy)])
    assert one.output == two.output and one.exit_code == two.exit_code == 1


SEATS = "hand {id} · button {button} · Anna · Ben · Cara"
FIRST = """\
game badugi · fixed limit 2/4 · blinds 1/2
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna folds · Ben calls · Cara checks
draw: Ben 1 · Cara 1
Ben checks · Cara checks
draw: Ben 1 · Cara 1
Ben checks · Cara checks
draw: Ben 1 · Cara 1
Ben checks · Cara checks
show: Ben 4s 3h 2d Ac · Cara Ks Qh Jd Tc
Ben collects 4
"""
BROKEN = """
hand 2 · button Ben · Anna · Ben · Cara
Anna folds · Cara raises · Ben folds
Cara collects 5
"""  # Anna acts before Ben, whose turn it is


def test_an_all_in_shows_an_unknown_stack_and_the_side_pot_is_checked() -> None:
    """After a hand that failed, Anna's stack is unknown; her all-in for 3 shows it, so the
    side pot she is not in is built and the recorded payouts are checked: a wrong one is
    found, a right one passes."""
    hand = """
hand 3 · button Cara · Anna · Ben · Cara
Cara calls · Anna raises to 3 all-in · Ben raises to 4 · Cara calls
draw: Anna pat · Ben pat · Cara pat
Ben bets · Cara calls
draw: Anna pat · Ben pat · Cara pat
Ben checks · Cara checks
draw: Anna pat · Ben pat · Cara pat
Ben checks · Cara checks
show: Anna 4s 3h 2d Ac · Ben 5s 3c 2h Ad · Cara Ks Qh Jd Tc
Anna collects {anna} · Ben collects {ben}
"""
    for anna, ben, ok in ((9, 6, True), (10, 5, False)):
        *_, three = outcomes_of(FIRST + BROKEN + hand.format(anna=anna, ben=ben))
        assert three.result is not None
        assert three.result.unknown_stacks == {"Ben", "Cara"}  # Anna's was shown
        assert three.result.starting_stacks == {"Anna": 3}
        assert dict(three.result.final_stacks) == {"Anna": 9}
        assert [w.rule for w in three.warnings] == ["stacks-unknown"]
        assert three.ok is ok
        if not ok:
            assert {e.rule for e in three.errors} == {"collect"}
            assert all(e.pos.line == 26 for e in three.errors)


def test_a_cash_out_from_an_unknown_stack_leaves_it_unknown() -> None:
    """Rebuys and cash-outs change an unknown stack into another unknown one, never into a
    made-up figure."""
    hand = """
hand 3 · button Cara · Anna · Ben · Cara
Anna cashes out 10 · Ben rebuys 50
Cara folds · Anna folds
Ben collects 2
"""
    *_, three = outcomes_of(FIRST + BROKEN + hand)
    assert three.ok and three.result is not None
    assert three.result.unknown_stacks == {"Anna", "Ben", "Cara"}
    assert dict(three.result.final_stacks) == {} == dict(three.result.starting_stacks)


def test_an_order_verdict_an_all_in_could_explain_is_not_settled() -> None:
    """With stacks unknown, "Ben acts, but it is Anna's turn" would be wrong if Anna had
    gone all-in with her small blind: that is reported where it happens, as not settled with
    the reason, never as a violation."""
    hand = """
hand 3 · button Cara · Anna · Ben · Cara
Cara folds · Ben checks
Ben collects 2
"""
    *_, three = outcomes_of(FIRST + BROKEN + hand)
    (error,) = three.errors
    assert (error.rule, error.kind, error.pos.line, error.pos.column) == (
        "stack-unknown",
        "incomplete",
        18,
        14,
    )
    assert "unless Anna was all-in" in error.message


def test_an_out_of_turn_action_is_found_with_stacks_unknown() -> None:
    """Ben checks before Anna, whose stack is unknown; but Anna calls later in the hand, so
    she was not all-in: Ben's check is out of turn whatever the stacks (a violation)."""
    hand = """
hand 3 · button Cara · Anna · Ben · Cara
Cara calls · Ben checks · Anna calls
"""
    *_, three = outcomes_of(FIRST + BROKEN + hand)
    assert [(e.rule, e.kind, e.pos.line, e.pos.column) for e in three.errors] == [
        ("turn-order", "illegal", 18, 14)
    ]
    assert three.errors[0].message == "Ben acts, but it is Anna's turn (order of play: 000)"


def test_a_short_call_by_a_player_who_acts_again_is_a_wrong_call_with_stacks_unknown() -> None:
    """After a failed hand, Anna's stack is unknown: her call of 2 where 3 is due (Cara raised
    to 4 over her small blind) could be all she had, but she checks later in the hand, so it
    was not: the call is wrong, at its line (it was taken as her all-in, and her check was
    reported as the mistake, a line on)."""
    hand = """
hand 3 · button Cara · Anna · Ben · Cara
Cara raises · Anna calls 2 · Ben calls
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
"""
    *_, three = outcomes_of(FIRST + BROKEN + hand)
    assert [(e.rule, e.pos.line, e.pos.column) for e in three.errors] == [
        ("call-amount", 18, 15)
    ], three.errors
    assert three.errors[0].message == "Anna calls 2; the call is 3"


def test_an_action_after_folding_is_a_violation_with_stacks_unknown() -> None:
    """Cara folds, then acts again: a fold is final, so that is wrong whatever anyone's stack
    (an all-in would change whose turn it is, never bring a folded player back).  With the
    stacks unknown after a failed hand it stays a violation, not "not settled"."""
    hand = """
hand 3 · button Cara · Anna · Ben · Cara
Cara folds · Cara calls
Anna collects 3
"""
    *_, three = outcomes_of(FIRST + BROKEN + hand)
    assert [(e.rule, e.kind, e.pos.line, e.pos.column) for e in three.errors] == [
        ("turn-order", "illegal", 18, 14)
    ]
    assert three.errors[0].message == "Cara acts after folding"


def test_a_final_line_of_a_failed_hand_resyncs_the_stacks() -> None:
    """The failed hand's final: line gives the stacks (the recorder's own figures, said once
    as a warning); the next hand is checked against them, its final stacks included."""
    resync = BROKEN + "final: Anna 98 · Ben 102 · Cara 100\n"
    hand = """
hand 3 · button Cara · Anna · Ben · Cara
Cara raises · Anna folds · Ben folds
Cara collects 5
final: Anna 97 · Ben 100 · Cara 102
"""
    *_, three = outcomes_of(FIRST + resync + hand)
    assert three.result is not None and not three.result.unknown_stacks
    assert dict(three.result.starting_stacks) == {"Anna": 98, "Ben": 102, "Cara": 100}
    assert [w.rule for w in three.warnings] == ["stacks-resynced"]
    assert ("final-stack", "Cara ends with 102, but the replay gives 103") in [
        (e.rule, e.message) for e in three.errors
    ]


def test_a_final_line_of_a_failed_hand_that_creates_chips_is_reported_and_not_carried() -> None:
    """The stacks of a failed hand's final: line are what the next hands start from, so the
    line is held to adding up (as a replayed hand's are, ``chips-balance``): 307 chips from
    300 is reported at the line, and the next hand starts from unknown stacks instead of from
    7 chips nobody had (an import then refuses it rather than store them)."""
    created = BROKEN + "final: Anna 105 · Ben 102 · Cara 100\n"
    hand = """
hand 3 · button Cara · Anna · Ben · Cara
Cara raises · Anna folds · Ben folds
Cara collects 5
"""
    *_, two, three = outcomes_of(FIRST + created + hand)
    assert [e.rule for e in two.errors][1:] == ["chips-balance"]
    assert two.errors[1].message == (
        "the recorded final stacks add up to 307; with rake 0 and 0 carried that is 307, but "
        "the players started with 300: 7 chips created"
    )
    assert two.errors[1].pos.line == (FIRST + created).count("\n")  # the final: line
    assert three.result is not None and three.result.unknown_stacks == {"Anna", "Ben", "Cara"}
    assert [w.rule for w in three.warnings] == ["stacks-unknown"]


SHOWN_TWICE = """game badugi · fixed limit 2/4 · blinds 1/2
cash Hidden · date 2026-01-17 · season 2026
table T

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
deal: Anna 2c 3d 4h 5s
Anna calls · Ben calls · Cara checks
draw: Ben 1 · Cara 1 · Anna pat
Ben checks · Cara checks · Anna bets · Ben folds · Cara calls
draw: Cara 1 · Anna pat
Cara checks · Anna bets · Cara calls
draw: Cara 1 · Anna pat
Cara checks · Anna checks
show: Anna 2c 3d 4h 5s · Cara 2c 6d 7h 8s
Anna collects {collected}
"""


@pytest.mark.parametrize(("collected", "said"), [(20, ["chips-balance"]), (18, [])])
def test_collections_are_held_to_the_pot_after_a_rule_broken_at_the_showdown(
    collected: int, said: list[str]
) -> None:
    """A card shown twice stops the hand's replay (who won is not known), but every chip was
    in by then: the collections must still add up to the pot of 18 (6 + 4 + 8), whoever won it.
    Collecting 20 was found only once the card was corrected, in a second run."""
    (outcome,) = outcomes_of(SHOWN_TWICE.format(collected=collected))
    assert [e.rule for e in outcome.errors] == ["duplicate-card", *said]
    if said:
        assert outcome.errors[1].message == (
            "the recorded collections, rake and carried pot add up to 20, but the pot is 18: "
            "2 chips created"
        )
        assert outcome.errors[1].pos.line == 15  # the collect line
        assert outcome.errors[1].kind == "mismatch"


RAKED_SHOWN_TWICE = """game badugi · fixed limit 2/4 · blinds 1/2
rake 10% cap 3
cash Rake night · date 2024-05-03
table T

hand 1 · button Cara · Anna 100 · Ben 100 · Cara 100
Cara calls · Anna calls · Ben checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna bets · Ben calls · Cara calls
draw: Anna 1 · Ben 1 · Cara 1
Anna bets · Ben calls · Cara calls
show: Anna 2c 3d 4h 5s · Ben 7c 8d 9h 5s · Cara mucks
Anna collects 27
final: Anna 117 · Ben 90 · Cara 90
"""

REBUY_SHOWN_TWICE = """game badugi · fixed limit 2/4 · blinds 1/2
cash Rebuy night · date 2024-05-03
table T

hand 1 · button Cara · Anna 100 · Ben 100 · Cara 100
Cara folds · Anna folds
Ben collects 3

hand 2 · button Anna · Anna · Ben · Cara
Ben rebuys 50
Anna calls · Ben calls · Cara checks
draw: Ben 1 · Cara 1 · Anna 1
Ben checks · Cara checks · Anna checks
draw: Ben 1 · Cara 1 · Anna 1
Ben checks · Cara checks · Anna checks
draw: Ben 1 · Cara 1 · Anna 1
Ben checks · Cara checks · Anna checks
show: Ben 2c 3d 4h 5s · Cara 7c 8d 9h 5s · Anna mucks
Ben collects 6
final: Anna 97 · Ben 155 · Cara 98
"""


@pytest.mark.parametrize("night", [RAKED_SHOWN_TWICE, REBUY_SHOWN_TWICE], ids=["rake", "rebuy"])
def test_a_hand_that_breaks_a_rule_is_not_said_to_lose_chips_it_did_not(night: str) -> None:
    """A card shown twice, and everything else right.  With a rake rule and no ``raked`` line
    (the format allows it), the house's 3 of the pot of 30 is known only once the hand is
    settled: the collections (27) were said to lose 3 chips.  A rebuy of 50 before a hand whose
    stacks are carried: its ``final:`` line (97 + 155 + 98 = 350) was said to create 50 chips,
    and the stacks the table went on from were forgotten."""
    *_, outcome = outcomes_of(night)
    assert [e.rule for e in outcome.errors] == ["duplicate-card"], outcome.errors
    *_, played = outcomes_of(night.replace("9h 5s", "9h 6s"))  # the same hand, no card twice
    assert played.ok, played.errors


@pytest.mark.parametrize(
    ("collected", "final", "said"),
    [
        ("Anna collects 40", "final: Anna 117 · Ben 90 · Cara 90", "10 chips created"),
        ("Anna collects 27", "final: Anna 130 · Ben 90 · Cara 90", "10 chips created"),
        ("Anna collects 20", "final: Anna 110 · Ben 90 · Cara 90", "10 chips lost"),
    ],
    ids=["collections-create", "final-line-creates", "more-lost-than-the-rule-takes"],
)
def test_a_rake_rule_stated_nowhere_leaves_no_room_for_chips_created(
    collected: str, final: str, said: str
) -> None:
    """With a rake rule and no ``raked`` line, the collections and the ``final:`` line of a hand
    that broke a rule may fall short by as much as the rule could take (5% of 30: 1), never
    create chips, nor lose more."""
    night = RAKED_SHOWN_TWICE.replace("Anna collects 27", collected).replace(
        "final: Anna 117 · Ben 90 · Cara 90", final
    )
    (outcome,) = outcomes_of(night)
    assert outcome.errors[0].rule == "duplicate-card"
    assert any(said in e.message for e in outcome.errors[1:]), outcome.errors


def test_a_hand_written_twice_is_reported_and_the_table_goes_on_from_the_first() -> None:
    """A hand pasted twice: ``check`` says so at the copy (``import`` refuses such a file, so
    ``check`` must not pass it), and the copy is not replayed: the hands after it are checked
    from the stacks the first one left, with no false mismatch."""
    second = """
hand 2 · button Ben · Anna · Ben · Cara
Ben folds · Cara raises · Anna folds
Cara collects 4
"""
    third = """
hand 3 · button Cara · Anna · Ben · Cara
Cara raises · Anna folds · Ben folds
Cara collects 5
final: Anna 97 · Ben 100 · Cara 103
"""
    text = FIRST + second + second + third
    one, two, copy, three = outcomes_of(text)
    assert one.ok and two.ok and three.ok, three.errors
    assert [e.rule for e in copy.errors] == ["duplicate-hand"]
    assert copy.errors[0].message.startswith(
        "hand 2 is written twice at this table (first at line 13)"
    )
    assert (
        copy.errors[0].pos.line
        == text.splitlines().index("hand 2 · button Ben · Anna · Ben · Cara", 13) + 1
    )
    renumbered = FIRST + second + second.replace("hand 2 ", "hand 2b ") + third
    assert [o.ok for o in outcomes_of(renumbered)] == [True, True, True, False]  # played twice


def test_a_hand_with_cards_pasted_again_under_another_number_is_a_copy() -> None:
    """A showdown pasted again at the end of the night as a new hand (its number changed):
    the same seats, cards and play, which two deals never share.  It was replayed as a hand
    of its own (only a ``button-order`` warning) and stored, its money counted twice; it is
    reported as a renumbered copy and not replayed, like the sites' (``sites/carry.py``).  A
    walk pasted again is left alone: two walks can be alike (above)."""
    shown = """
hand 2 · button Ben · Anna · Ben · Cara
Ben folds · Cara calls · Anna checks
draw: Cara 1 · Anna 1
Cara checks · Anna checks
draw: Cara 1 · Anna 1
Cara checks · Anna checks
draw: Cara 1 · Anna 1
Cara checks · Anna checks
show: Cara 7s 4h 2c 2d · Anna 8s 6h 5c 3d
Anna collects 4
"""
    text = FIRST + shown + shown.replace("hand 2 ", "hand 9 ")
    one, two, copy = outcomes_of(text)
    assert one.ok and two.ok, two.errors
    assert [e.rule for e in copy.errors] == ["duplicate-hand"]
    assert copy.errors[0].message.startswith(
        "hand 9 records what hand 2 (line 13) records - the same seats, stacks, cards and play"
    )
    assert copy.result is None and not copy.warnings  # not replayed


CARRY_120 = """\
game progressive badugi · fixed limit 2/4 · blinds 1/2
cash Simulation 120 night 1 · date 2024-01-01 · season simulated

hand 120-2 · button Anna · Anna 82 · Ben 32 · Cara 22
deal: Ben 5d Js 5c 7s · Cara As Ah 7h Qs · Anna 8s 2c 3c Ts
Anna calls · Ben folds · Cara checks
draw: Cara Ah Qs -> 5h 6c · Anna 3c Ts -> Qh 9c
Cara bets 2 · Anna calls
draw: Cara 7h -> 2s · Anna Qh 8s 9c 2c -> Qd 5s 7c Ac
Cara checks · Anna bets 4 · Cara calls
draw: Cara 2s -> Tc · Anna 7c -> Jh
Cara bets 4 · Anna calls
show: Cara As 5h 6c Tc · Anna Qd 5s Ac Jh
carry 25
final: Anna 70 · Ben 31 · Cara 10
"""
REDEAL_120 = """
hand 120-3 · button Ben · Anna 70 · Ben 31 · Cara 10
deal: Cara 6c 2d 5h 3d · Anna Jc As 8c 8d · Ben 3h 6s Tc Qc
Cara checks · Anna bets 2 · Ben calls · Cara folds
draw: Anna 8c -> Ts · Ben Qc -> Kd
Anna bets 2 · Ben folds
Anna collects 29
final: Anna 97 · Ben 29 · Cara 10
"""


@pytest.mark.parametrize("number", ["120-3x", "120-3"])
def test_a_progressive_redeal_pasted_after_itself_is_a_copy(number: str) -> None:
    """A Progressive redeal (a simulated night's, ``simulate`` seed 120) posts no blind: the
    pot carried into it is the bet.  Pasted after itself, under another number or its own,
    the copy follows a hand that carried nothing, so the reader gives it the blinds: it was
    replayed as another hand (a ``turn-order`` mistake and chips created, nowhere written).
    Its posts come from the hand before it, not from what is written: it is a copy."""
    text = CARRY_120 + REDEAL_120 + REDEAL_120.replace("hand 120-3 ", f"hand {number} ")
    carry, redeal, copy = outcomes_of(text)
    assert carry.ok and redeal.ok, redeal.errors
    assert [e.rule for e in copy.errors] == ["duplicate-hand"]
    assert copy.result is None  # not replayed
    said = copy.errors[0].message
    assert ("a copy, renumbered" in said) == (number != "120-3"), said
    assert ("remove the copy" in said) == (number == "120-3"), said


@pytest.mark.parametrize(
    "second_event",
    [
        "tournament Cup · date 2024-05-03 · buy-in 1000 · starting-chips 100",
        "currency USD\ncash Cup · date 2024-05-03",
    ],
    ids=["tournament", "another-unit"],
)
def test_one_number_in_two_events_of_one_name_and_date_is_two_hands(
    second_event: str, tmp_path: Path
) -> None:
    """Hand 1 of the cash night Cup and hand 1 of the tournament Cup (or of Cup played in
    USD) on one date at one table are hands of two events, as the ledger names them: neither
    is written twice, and the import stores both."""
    hand = (
        "table T\n"
        "hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
        "Cara raises · Dan folds · Anna folds · Ben folds\n"
        "Cara collects 5\n\n"
    )
    text = (
        "game badugi · fixed limit 2/4 · blinds 1/2\ncash Cup · date 2024-05-03\n"
        + hand
        + second_event
        + "\n"
        + hand
    )
    assert [(o.hand_id, o.ok) for o in outcomes_of(text)] == [("1", True), ("1", True)]
    path = tmp_path / "cup.bhh"
    path.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["import", str(path), "--db", str(tmp_path / "c.db")])
    assert result.exit_code == 0 and "2 stored" in result.output, result.output


def test_a_copy_followed_by_a_comment_is_still_a_copy() -> None:
    """A copy is told from another hand by its text, without the comment lines the reader
    keeps in it (those after a hand): a copy pasted above a comment is still a copy, not
    replayed, so the table's next hand is checked from the first one."""
    second = """
hand 2 · button Ben · Anna · Ben · Cara
Ben folds · Cara raises · Anna folds
Cara collects 4
"""
    third = """
hand 3 · button Cara · Anna · Ben · Cara
Cara raises · Anna folds · Ben folds
Cara collects 5
final: Anna 97 · Ben 100 · Cara 103
"""
    one, two, copy, three = outcomes_of(FIRST + second + second + "# pasted twice\n" + third)
    assert copy.result is None and [e.rule for e in copy.errors] == ["duplicate-hand"]
    assert one.ok and two.ok and three.ok, three.errors


def test_a_readers_word_about_a_copy_goes_with_the_copy() -> None:
    """A reader's word about the next hand of a table (a ``TableGap``: a missing hand before
    it, a PHH rake read from its finishing stacks) that comes just before a copy concerns the
    copy, which is not replayed: it is dropped with it, not given to the table's next hand
    (which the first's word never concerned, and which it would resync)."""
    second = """
hand 2 · button Ben · Anna · Ben · Cara
Ben folds · Cara raises · Anna folds
Cara collects 4
"""
    third = """
hand 3 · button Cara · Anna · Ben · Cara
Cara raises · Anna folds · Ben folds
Cara collects 5
final: Anna 97 · Ben 100 · Cara 103
"""
    one, two, copy, three = parse_text(FIRST + second + second + third, "night.bhh")
    assert isinstance(copy, HandRecord)
    said = Violation("missing-hand", "a hand seems to be missing", copy.pos, "warning")
    gap = TableGap(copy.pos.source, copy.table, said)
    outcomes = list(replay_stream([one, two, gap, copy, three]))
    assert [o.hand_id for o in outcomes] == ["1", "2", "2", "3"]
    assert [e.rule for e in outcomes[2].errors] == ["duplicate-hand"]
    assert outcomes[3].ok and not outcomes[3].warnings, outcomes[3].warnings


def test_a_copy_written_with_other_spacing_and_separators_is_still_a_copy(
    tmp_path: Path,
) -> None:
    """A copy is told from another hand by what it records, not by how it is written: hand 2
    pasted again with trailing spaces, ``;`` for ``·``, doubled spaces and an end-of-line
    comment is a copy, reported once and not replayed, so hand 3 is checked from hand 2 (no
    false final-stack mismatch) and ``import`` stores hand 3 with the stacks hand 2 left."""
    second = """
hand 2 · button Ben · Anna · Ben · Cara
Ben folds · Cara raises · Anna folds
Cara collects 4
"""
    respaced = """
hand 2 ; button Ben  ;  Anna ; Ben ; Cara   \t
Ben folds • Cara raises · Anna folds   # pasted again from the phone
Cara collects 4\t
"""
    third = """
hand 3 · button Cara · Anna · Ben · Cara
Cara raises · Anna folds · Ben folds
Cara collects 5
final: Anna 97 · Ben 100 · Cara 103
"""
    text = FIRST + second + respaced + third
    one, two, copy, three = outcomes_of(text)
    assert copy.result is None and [e.rule for e in copy.errors] == ["duplicate-hand"]
    assert one.ok and two.ok and three.ok and not three.warnings, three.errors
    night = tmp_path / "night.bhh"
    night.write_text(text)
    db = tmp_path / "club.db"
    report = runner.invoke(app, ["import", str(night), "--db", str(db)])
    assert report.exit_code == 1 and "[duplicate-hand]" in report.output, report.output
    with sqlite3.connect(db) as conn:
        starts = conn.execute(
            "SELECT a.name, hp.starting_stack FROM hand_players hp JOIN aliases a"
            " ON a.id = hp.alias_id JOIN hands h ON h.id = hp.hand_id"
            " WHERE h.hand_number = '3' ORDER BY a.name"
        )
        assert starts.fetchall() == [("Anna", 98), ("Ben", 102), ("Cara", 100)]


ANOTHER_HAND_UNDER_ITS_NUMBER = """\
game badugi · fixed limit 2/4 · blinds 1/2 · rake none
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna raises · Ben folds · Cara folds
Anna collects 5
final: Anna 103 · Ben 99 · Cara 98

hand 1 · button Ben · Anna · Ben · Cara
Ben folds · Cara folds
Anna collects 9
final: Anna 104 · Ben 99 · Cara 97

hand 2 · button Cara · Anna · Ben · Cara
Cara raises · Anna folds · Ben folds
Cara collects 5
final: Anna 103 · Ben 97 · Cara 100
"""


def test_a_hand_numbered_as_another_is_reported_and_replayed(tmp_path: Path) -> None:
    """A second ``hand 1`` that records another hand (not a copy of the first) is a hand
    with a wrong number: it is reported (``duplicate-hand``) AND replayed like any hand, so
    its own mistake (Anna collects 9 of a pot of 2) is found at its line, and the table goes
    on from it: hand 2, right from its stacks, gets no false final-stack mismatch.  ``import``
    still refuses it (one hand number, one hand) and stores the others once."""
    one, again, two = outcomes_of(ANOTHER_HAND_UNDER_ITS_NUMBER)
    assert one.ok and two.ok and not two.warnings, two.errors
    assert again.result is not None
    assert [(e.rule, e.pos.line) for e in again.errors] == [
        ("duplicate-hand", 7),
        ("collect", 9),
        ("chips-balance", 9),
    ]
    assert again.errors[0].message.startswith(
        "hand 1 is written twice at this table (first at line 2), as another hand"
    )
    night = tmp_path / "night.bhh"
    night.write_text(ANOTHER_HAND_UNDER_ITS_NUMBER)
    db = tmp_path / "club.db"
    for _ in range(2):  # the second import: nothing new, nothing stored twice
        report = runner.invoke(app, ["import", str(night), "--db", str(db)])
        assert report.exit_code == 1 and "[duplicate-hand]" in report.output, report.output
    with sqlite3.connect(db) as conn:
        stored = conn.execute("SELECT hand_number, pot FROM hands ORDER BY hand_number")
        assert stored.fetchall() == [("1", 5), ("2", 5)]


CARRY_IN_PLAIN_BADUGI = """\
game badugi · fixed limit 2/4 · blinds 1/2 · rake none
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna raises · Ben folds · Cara folds
Anna collects 5 · carry 1
final: Anna 103 · Ben 99 · Cara 98

hand 2 · button Ben · Anna · Ben · Cara
Ben folds · Cara folds
Anna collects 9
final: Anna 104 · Ben 99 · Cara 97
"""


def test_a_carry_written_in_plain_badugi_does_not_make_the_next_hand_a_redeal() -> None:
    """Only Progressive Badugi carries a pot (seed ``002``, "Pot carry-over"); a ``carry 1``
    mistyped in a plain Badugi hand is reported at its entry, and the next hand still posts its
    blinds: it is checked as played, and its own mistake (Anna collects 9 of a pot of 2) is
    found at its line instead of a false order-of-play violation."""
    one, two = outcomes_of(CARRY_IN_PLAIN_BADUGI)
    assert ("carry-out", 4, 19) in {(e.rule, e.pos.line, e.pos.column) for e in one.errors}
    assert {(e.rule, e.pos.line) for e in two.errors} == {("collect", 9), ("chips-balance", 9)}


MISTYPED_CALL = """\
game badugi · no limit · blinds 1/2
hand 1 · button A · A 20 · B 20 · C 20
deal: A 9c 8d 7h 6s
A calls 2 · B calls 1 · C checks
draw: B pat · C pat · A pat
B checks · C checks · A checks
draw: B pat · C pat · A pat
B checks · C checks · A checks
draw: B pat · C pat · A pat
B bets 4 · C calls 4 · A calls 4
show: B Ac 2d 3h 4s · C Kc Qd Jh Ts
B collects 14
final: A 18 · B 28 · C 14

hand 2 · button B · A · B · C
B folds · C calls 1 · A raises to 18 all-in · C calls 12 all-in
draw: C pat · A pat
draw: C pat · A pat
draw: C pat · A pat
show: C Kc Qd Jh Ts · A Ac 2d 3h 4s
A collects 28
final: A 32 · B 28 · C 0
"""  # hand 1 was played with "A folds": the recorder's figures are those of the fold


def test_a_final_line_that_adds_up_is_carried_after_a_payout_mismatch() -> None:
    """One mistyped action (a call for a fold) makes hand 1's payouts disagree with its record;
    its final: line adds up, so the table goes on from the recorder's stacks (said by a
    warning) and hand 2, right from them, is not made a false over-stack violation."""
    one, two = outcomes_of(MISTYPED_CALL)
    assert {e.rule for e in one.errors} == {"collect", "chips-balance", "final-stack"}
    assert two.ok and not two.errors, two.errors
    assert [w.rule for w in two.warnings] == ["stacks-resynced"]
    assert two.result is not None and two.result.starting_stacks["A"] == 18
    # A final line that does not add up is the mistake itself: the replay's stacks go on.
    wrong = MISTYPED_CALL.replace("A calls 4\n", "A folds\n").replace("A 18 · B 28", "A 19 · B 28")
    one, two = outcomes_of(wrong)
    assert [e.rule for e in one.errors] == ["final-stack", "chips-balance"]
    assert two.ok and not two.warnings


MISTYPED_STACK = """\
game badugi · fixed limit 2/4 · blinds 1/2
table Kitchen

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna folds · Ben calls · Cara checks
draw: Ben 1 · Cara 1
Ben bets · Cara folds
Ben collects 4
final: Anna 100 · Ben 102 · Cara 98

hand 2 · button Ben · Anna · Ben · Cara 980
Ben folds · Cara calls · Anna checks
draw: Cara 1 · Anna 1
Cara bets · Anna folds
Cara collects 4
final: Anna 98 · Ben 102 · Cara 100

hand 3 · button Cara · Anna · Ben · Cara
Cara folds · Anna calls · Ben checks
draw: Anna 1 · Ben 1
Anna bets · Ben folds
Anna collects 4
final: Anna 100 · Ben 100 · Cara 100
"""  # hand 2 states Cara 980 where hand 1 left her 98: its final: line counts from the 98


def test_a_mistyped_stated_stack_is_reported_once_and_not_carried() -> None:
    """A stack typed wrong on a hand line (980 for the 98 the previous hand left) is the
    hand's mistake (``stack-carried``, at its line); its final: line adds up from the stacks
    the previous hand left, so the table goes on from it and the next hand, right, is not made
    a false mismatch (the made-up 882 chips followed the table before)."""
    one, two, three = outcomes_of(MISTYPED_STACK)
    assert two.errors[0].rule == "stack-carried" and two.errors[0].pos.line == 11
    assert three.ok and not three.errors, three.errors
    assert [w.rule for w in three.warnings] == ["stacks-resynced"]
    assert three.result is not None and three.result.starting_stacks["Cara"] == 100
    assert one.ok
    # A final: line that adds up from neither figure is the mistake itself: no resync.
    wrong = MISTYPED_STACK.replace(
        "final: Anna 98 · Ben 102 · Cara 100", "final: Anna 98 · Ben 102 · Cara 101"
    )
    _, _, three = outcomes_of(wrong)
    assert not three.warnings and not three.ok


def test_a_mistyped_stated_stack_is_reported_beside_the_rule_it_breaks() -> None:
    """A stated stack that makes a later action of its hand illegal (Cara all-in for the 3
    chips she has, the hand line saying 30) is reported at its own line with that action's
    verdict, not dropped for it."""
    text = """\
game badugi · fixed limit 2/4 · blinds 1/2
table Kitchen

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 7
Anna folds · Ben calls · Cara checks
draw: Ben 1 · Cara 1
Ben bets · Cara calls
draw: Ben 1 · Cara 1
Ben bets · Cara folds
Ben collects 8
final: Anna 100 · Ben 104 · Cara 3

hand 2 · button Ben · Anna · Ben · Cara 30
Ben folds · Cara raises to 3 all-in · Anna calls
draw: Cara 1 · Anna 1
draw: Cara pat · Anna 1
draw: Cara pat · Anna 1
show: Cara 8h 5d 3c 2s · Anna Kh Qd Jc Ts
Cara collects 6
final: Anna 97 · Ben 104 · Cara 6
"""
    _, two = outcomes_of(text)
    assert sorted((e.pos.line, e.rule) for e in two.errors)[:2] == [
        (13, "stack-carried"),
        (14, "bet-size"),
    ], two.errors
    # With the stack right, the hand is clean.
    _, two = outcomes_of(text.replace("Cara 30\n", "Cara 3\n"))
    assert two.ok and not two.errors, two.errors


def test_a_stack_that_follows_the_previous_hands_recorded_collection_is_no_new_mistake() -> None:
    """Hand 1 records Ben collecting 5 of a pot of 4 (its mismatch); hand 2 states the stacks
    hand 1's record leaves (Ben 103, not the replay's 102): the one mistake is reported once,
    at hand 1, not again as a stack hand 2 carried wrong.  A stack neither figure gives is."""
    text = """\
game badugi · fixed limit 2/4 · blinds 1/2
table Kitchen

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna folds · Ben calls · Cara checks
draw: Ben 2 · Cara 1
Ben checks · Cara checks
draw: Ben 2 · Cara 1
Ben checks · Cara checks
draw: Ben 2 · Cara 1
Ben checks · Cara checks
show: Ben 7h 5c 3d 2s · Cara 8s 6d 4c Ah
Ben collects 5

hand 2 · button Ben · Anna 100 · Ben 103 · Cara 98
Ben folds · Cara calls · Anna checks
draw: Cara 1 · Anna 1
Cara checks · Anna checks
draw: Cara 1 · Anna 1
Cara checks · Anna checks
draw: Cara 1 · Anna 1
Cara checks · Anna checks
show: Cara 7h 5c 3d 2s · Anna 8s 6d 4c Ah
Cara collects 4
"""
    one, two = outcomes_of(text)
    assert {e.rule for e in one.errors} == {"collect", "chips-balance"}
    assert two.ok and not two.errors, two.errors
    _, two = outcomes_of(text.replace("Ben 103", "Ben 104"))
    assert [e.rule for e in two.errors] == ["stack-carried"]


def test_a_hand_that_cannot_be_read_does_not_stop_the_check() -> None:
    """A hand in the middle that does not parse: it is reported, and the hands after it are
    checked with stacks unknown: a later mistake is still found at its line."""
    unreadable = "\nhand 2 · button Ben · Anna · Ben · Cara\nAnna raises 8\n"
    later = """
hand 3 · button Cara · Anna · Ben · Cara
Cara folds · Anna folds
Ben collects 3
"""
    one, two, three = outcomes_of(FIRST + unreadable + later)
    assert one.ok and two.record is None and two.errors[0].pos.line == 14
    assert [(e.rule, e.kind, e.pos.line) for e in three.errors] == [
        ("collect", "mismatch", 18),
        ("chips-balance", "mismatch", 18),
    ]
    assert "could not be read" in three.warnings[0].message


def test_the_final_line_of_a_hand_that_cannot_be_read_gives_the_next_hand_its_stacks() -> None:
    """A hand with a misspelt verb whose ``final:`` line reads: the table goes on from that
    line (said once, ``stacks-resynced``), so the next hand is checked in full - a stack it
    overbets is found - and is stored by ``import`` (with stacks unknown it was rejected,
    ``stack-unknown``, while ``check`` called it ok)."""
    unreadable = """
hand 2 · button Ben · Anna · Ben · Cara
Ben foldz · Cara folds
Anna collects 2
final: Anna 97 · Ben 104 · Cara 99
"""
    later = """
hand 3 · button Cara · Anna · Ben · Cara
Cara calls · Anna calls · Ben checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
show: Anna 4s 3h 2d Ac · Ben Ks Qh Jd Tc · Cara Kc Qd Jh Ts
Anna collects 6
final: Anna 101 · Ben 102 · Cara 97
"""
    one, two, three = outcomes_of(FIRST + unreadable + later)
    assert one.ok and two.record is None and two.errors[0].rule == "parse"
    assert three.ok and [w.rule for w in three.warnings] == ["stacks-resynced"], three.warnings
    assert "final: line of hand 2, which could not be read" in three.warnings[0].message
    assert three.result is not None and not three.result.unknown_stacks
    assert dict(three.result.starting_stacks) == {"Anna": 97, "Ben": 104, "Cara": 99}
    wrong = (FIRST + unreadable + later).replace("final: Anna 101", "final: Anna 100")
    assert "final-stack" in {e.rule for e in outcomes_of(wrong)[2].errors}


def test_the_final_line_of_a_hand_that_cannot_be_read_is_gone_on_from_only_if_it_adds_up() -> None:
    """Its stacks are what the next hands start from, so the line is held to adding up with
    the stacks before the hand: 100 chips too many for Cara (a tournament's chips nobody
    bought, in the fuzzer's case) and the table's stacks stay unknown, as they were (the
    next hand is stored only once the hand is read).  Found by carried-pots fuzzing."""
    unreadable = """
hand 2 · button Ben · Anna · Ben · Cara
Ben foldz · Cara folds
Anna collects 2
final: Anna 97 · Ben 104 · Cara 199
"""
    later = """
hand 3 · button Cara · Anna · Ben · Cara
Cara folds · Anna folds
Ben collects 2
"""
    three = outcomes_of(FIRST + unreadable + later)[2]
    assert [w.rule for w in three.warnings] == ["stacks-unknown"], three.warnings
    assert three.result is not None and three.result.unknown_stacks == {"Anna", "Ben", "Cara"}
    adds_up = unreadable.replace("Cara 199", "Cara 99")
    three = outcomes_of(FIRST + adds_up + later)[2]
    assert [w.rule for w in three.warnings] == ["stacks-resynced"], three.warnings


def test_a_progressive_pot_carried_by_a_hand_that_cannot_be_read_stays_unknown() -> None:
    """Its ``carry`` line reads, but the ledger never stores the hand that carried it: the
    next hand, taking it, stays not settled (``carry-unknown``); its collection line, though,
    says that no pot was carried."""
    head = "game progressive badugi · fixed limit 2/4 · blinds 1/2\n"
    hands = (
        FIRST.split("\n", 1)[1]
        + """
hand 2 · button Ben · Anna · Ben · Cara
Ben foldz · Cara folds
carry 3
final: Anna 98 · Ben 104 · Cara 99

hand 3 · button Cara · Anna · Ben · Cara
Anna folds · Ben folds
Cara collects 3
"""
    )
    one, two, three = outcomes_of(head + hands)
    assert [e.rule for e in three.errors] == ["carry-unknown"]
    collected = (head + hands).replace("carry 3\n", "Anna collects 2\n")
    three = outcomes_of(collected)[2]
    assert "carry-unknown" not in {e.rule for e in three.errors}, three.errors


@pytest.mark.parametrize(
    "next_event",
    [
        "cash Night · date 2024-05-10",
        "currency USD\ncash Night · date 2024-05-03",
        "tournament Night · date 2024-05-03 · buy-in 1000 · starting-chips 100",
    ],
    ids=["next-night", "another-unit", "tournament"],
)
def test_a_pot_an_unreadable_hand_carried_stays_in_its_event(next_event: str) -> None:
    """A night's last hand cannot be read (no button) and its ``carry 4`` line reads: the
    pot is unknown to that night's next hand, but another night, unit or tournament at the
    table never takes it (its first hand states the pot carried into it, or takes none), so
    a legal first hand there is settled."""
    text = (
        "game progressive badugi · fixed limit 2/4 · blinds 1/2\n"
        "cash Night · date 2024-05-03\ntable T\n"
        "hand 1 · Anna 100 · Ben 100\n"
        "show: Ben Kh 8s 4d 2c · Anna Jd 7c 5h 3s\ncarry 4\n\n"
        f"{next_event}\ntable T\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\n"
        "Anna raises · Ben folds\nAnna collects 4\n"
    )
    unreadable, first = outcomes_of(text)
    assert [e.rule for e in unreadable.errors] == ["parse"]
    assert first.ok and first.result is not None, first.errors
    assert first.result.carry_in == 0


TWO_TABLES = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Night · date 2024-01-01
table A
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna raises · Ben folds · Cara folds
Anna collects 5

table B
hand 1 · button Xena · Xena 50 · Yuri 50 · Zack 50
Xena raises · Yuri folds · Zack folds
Xena collects 5

table A
hand 2 · button Ben · Anna · Ben · Cara
Ben foldz · Cara folds
Anna collects 2

table B
hand 2 · button Yuri · Xena · Yuri · Zack
Yuri folds · Zack folds
Xena collects 2
final: Xena 55 · Yuri 49 · Zack 47
"""  # Xena ends hand 2 with 54 (53 after hand 1, her big blind of 2 against Zack's 1)


def test_a_hand_that_cannot_be_read_spoils_its_own_table_only() -> None:
    """The reader knows the table of a hand it cannot read (the ``table`` line above it):
    only that table's stacks become unknown.  The other table's hands are still checked in
    full: the wrong final: line at table B is reported at its line, with no stacks-unknown
    warning; likewise after a misspelt hand line at table A (a line outside hands).  A hand
    whose table the reader does not know (after a table line it could not read; a site file's
    hand without its table line) still makes every table of its file unknown."""
    a1, b1, a2, b2 = outcomes_of(TWO_TABLES)
    assert a1.ok and b1.ok
    assert a2.record is None and [e.rule for e in a2.errors] == ["parse"]
    assert not b2.warnings and b2.result is not None and not b2.result.unknown_stacks
    assert [(e.rule, e.pos.line) for e in b2.errors] == [("final-stack", 22), ("chips-balance", 22)]
    assert b2.errors[0].message == "Xena ends with 55, but the replay gives 54"
    later_a = "\ntable A\nhand 3 · button Cara · Anna · Ben · Cara\nCara folds · Anna folds\n"
    *_, a3 = outcomes_of(TWO_TABLES + later_a + "Ben collects 3\n")
    assert [w.rule for w in a3.warnings] == ["stacks-unknown"]
    stray = TWO_TABLES.replace("hand 2 · button Ben", "hnad 2 · button Ben")  # no hand line
    *_, b2 = outcomes_of(stray)
    assert not b2.warnings and [e.rule for e in b2.errors] == ["final-stack", "chips-balance"]
    items = list(parse_text(TWO_TABLES, "night.bhh"))
    unread = items[2]
    assert isinstance(unread, BadugiError) and unread.table == "A"
    unread.table = None  # a reader that does not know the hand's table: every table's stacks
    *_, b2 = replay_stream(items)
    assert [w.rule for w in b2.warnings] == ["stacks-unknown"] and not b2.errors


PROGRESSIVE = """\
game progressive badugi · fixed limit 2/4 · blinds 1/2
hand P1 · button Anna · Anna 50 · Ben 50 · Cara 50
Anna calls · Ben calls · Cara checks
draw: Ben pat · Cara pat · Anna pat
Ben checks · Cara checks · Anna checks
draw: Ben pat · Cara pat · Anna pat
Ben checks · Cara checks · Anna checks
draw: Ben pat · Cara pat · Anna pat
Ben checks · Cara checks · Anna checks
show: Ben Kh 8s 4d 2c · Cara Jd 7c 5h 3s · Anna Qd Js 9h 8c
carry 6

hand P2 · button Ben · Anna · Ben · Cara
Cara bets · Anna folds · Ben folds
Cara collects {collect}
"""


def test_progressive_carried_pot_after_a_failed_hand() -> None:
    """``002``: the pot of a hand nobody won carries to the next.  A failed Progressive hand
    that records its carry passes it on (the next hand's payout is checked with it); one that
    records neither a carry nor a collection leaves it unknown: not settled, saying why."""
    bad = PROGRESSIVE.replace("Anna calls · Ben calls · Cara checks", "Ben calls · Anna calls")
    after = "\nhand P3 · button Cara · Anna · Ben · Cara\nCara folds · Anna folds\nBen collects 2\n"
    # P1 fails (Ben acts before Anna) but records carry 6; P2 is the redeal: Cara wins the 6
    # carried plus her bet back: she collects 6.
    for collect, ok in ((6, True), (8, False)):
        one, two, _ = outcomes_of(bad.format(collect=collect) + after)
        assert one.errors[0].rule == "turn-order"
        assert two.result is not None and two.result.carry_in == 6
        assert two.ok is ok, two.errors
    unknown = bad.replace("carry 6\n", "")
    one, two, three = outcomes_of(unknown.format(collect=6) + after)
    assert (two.errors[0].rule, two.errors[0].kind) == ("carry-unknown", "incomplete")
    assert "hand P1 could not be replayed" in two.errors[0].message
    assert three.ok  # P2 recorded a collection: nothing carried out of it


OPTIONS = [
    SimulationOptions(
        hands=40,
        players=4,
        game=game,
        structure=structure,
        seed=seed,
        min_stack=2,
        max_stack=8,
        final_stacks=seed % 2 == 0,
        session_hands=20,
    )
    for seed, (game, structure) in enumerate(
        itertools.product(
            ["badugi", "badacey", "progressive-badugi"],
            ["fixed-limit", "pot-limit", "no-limit", "spread-limit", "half-pot-limit"],
        )
    )
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: f"{o.game}-{o.structure}")
def test_unknown_stacks_never_make_a_legal_hand_illegal(options: SimulationOptions) -> None:
    """Legal simulated hands with short stacks (all-ins, side pots, rebuys), replayed with
    every carried stack unknown: each is either fine, with exactly the payouts, pots and
    contributions of the replay with stacks known (and the same stacks where the record
    shows them), or not settled (``stack-unknown``); never a violation or a mismatch."""
    records = list(simulate_hands(options))
    checked = unsettled = 0
    for record, known in zip(records, replay_stream(records), strict=True):
        assert known.ok and known.result is not None, known.errors
        if all(seat.stack is not None for seat in record.seats):
            continue
        truth = known.result
        unknown = {seat.name: UNKNOWN_STACK for seat in record.seats}
        try:
            result = replay_hand(record, stacks=unknown, carry_in=truth.carry_in)
        except BadugiError as exc:
            verdict = error_violation(exc)
            assert (verdict.rule, verdict.kind) == ("stack-unknown", "incomplete"), verdict
            unsettled += 1
            continue
        assert result.violations == (), (record.hand_id, result.violations)
        assert dict(result.payouts) == dict(truth.payouts)
        assert dict(result.contributions) == dict(truth.contributions)
        assert result.pots == truth.pots
        for player, chips in result.starting_stacks.items():
            assert chips == truth.starting_stacks[player]
            assert result.final_stacks[player] == truth.final_stacks[player]
        checked += 1
    assert checked > 4 * unsettled  # most hands are checked in full even with 2-8 big blinds


def test_a_draw_not_written_down_is_a_located_warning(tmp_path: Path) -> None:
    """A draw nobody wrote down is accepted (its cards become unknown) but never silently:
    the summary shows it as a located warning and counts it; exit 0, and 1 with --strict."""
    path = tmp_path / "night.bhh"
    text = FIRST.splitlines()
    del text[5]  # the second draw line: "draw: Ben 1 · Cara 1"
    path.write_text("\n".join(text) + "\n")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"{path}:6:1: hand 1: warning: draw 2 not recorded: cards and stub size unknown from "
        "there [draw-not-recorded]",
        f"{path}: 1 hand: 1 ok, 0 with violations, 0 with payout mismatches, 1 warning",
    ]
    strict = runner.invoke(app, ["check", "--strict", str(path)])
    assert strict.exit_code == 1 and strict.output == result.output
    line = json.loads(runner.invoke(app, ["check", "--json", str(path)]).output)
    assert line["ok"] is True and line["errors"] == []
    assert [(w["rule"], w["kind"], w["line"]) for w in line["warnings"]] == [
        ("draw-not-recorded", "warning", 6)
    ]
    for strict, all_ok in ((False, True), (True, False)):
        run = run_check([path], jobs=1, strict=strict)
        list(run.lines())
        assert run.all_ok is all_ok


def test_an_action_after_a_round_is_over_is_reported_at_it_not_at_the_draw() -> None:
    """``Ben bets`` after round 1 closed, the draw written on the next line: the bet was taken
    for round 2's first, the draw before it for one nobody wrote down, and the error fell on
    the draw line ("Ben draws, but betting round 2 is not over"), the extra bet never named
    (check audit: 89 of 2,830 such mutants, every one whose actor opens the next round).  It
    is reported at the bet; a draw truly left out is still a warning (the test above)."""
    text = (
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
        "Anna calls · Ben calls · Cara checks · Ben bets\n"
        "draw: Ben 1 · Cara 1 · Anna 1\n"
        "Ben checks · Cara checks · Anna checks\n"
        "draw: Ben 1 · Cara 1 · Anna 1\n"
        "Ben checks · Cara checks · Anna checks\n"
        "draw: Ben 1 · Cara 1 · Anna 1\n"
        "Ben checks · Cara checks · Anna checks\n"
        "show: Ben 8h 6c 4d 2s · Cara 9d 7s 5h 3c · Anna Kd Qc Jh Ts\n"
        "Ben collects 6\n"
    )
    (one,) = outcomes_of(text)
    assert [(e.rule, e.pos.line, e.pos.column, e.message) for e in one.errors] == [
        ("turn-order", 3, 40, "Ben acts, but betting round 1 is over: draw 1 comes next")
    ]
    (fine,) = outcomes_of(text.replace(" · Ben bets\n", "\n"))
    assert fine.ok and not fine.warnings, fine.errors
    # The first draw truly not written, and a call missing in round 2: the draw lines below
    # are fewer than the draws left, so the blame stays at the draw, where round 2 is not
    # over (it once fell on round 2's first, legal, action: verification audit).
    missing = (
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\n"
        "Anna calls · Ben checks\n"
        "Ben checks · Anna bets\n"
        "draw: Ben 1 · Anna 1\n"
        "Ben checks · Anna checks\n"
        "draw: Ben 1 · Anna 1\n"
        "Ben checks · Anna checks\n"
        "show: Anna 8s 6h 5c 3d · Ben 7s 4h 2c 2d\n"
        "Anna collects 4\n"
    )
    (one,) = outcomes_of(missing)
    assert [(e.rule, e.pos.line, e.message) for e in one.errors] == [
        ("turn-order", 5, "Ben draws, but betting round 2 is not over: Ben to act")
    ]


def test_the_examples_have_no_warnings() -> None:
    """The bundled examples write everything down: nothing is assumed, --strict passes."""
    result = runner.invoke(app, ["check", "--strict", str(EXAMPLES)])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output


def test_import_stores_a_warned_hand_unless_strict(tmp_path: Path) -> None:
    """``import`` stores a hand whose only problems are warnings; ``import --strict`` refuses
    the file; a hand checked with stacks unknown is never stored (its stacks are unknown)."""
    text = FIRST.splitlines()
    del text[5]
    warned = tmp_path / "warned.bhh"
    warned.write_text("\n".join(text) + "\n")
    db = tmp_path / "club.db"
    loose = runner.invoke(app, ["import", str(warned), "--db", str(db)])
    assert loose.exit_code == 0, loose.output
    assert "1 stored" in loose.output
    strict = runner.invoke(app, ["import", str(warned), "--db", str(tmp_path / "s.db"), "--strict"])
    assert strict.exit_code == 1 and "draw-not-recorded" in strict.output
    unknown = tmp_path / "unknown.bhh"
    unknown.write_text(
        FIRST + BROKEN + "\nhand 3 · button Cara · Anna · Ben · Cara\nCara folds · Anna folds\n"
    )
    report = runner.invoke(app, ["import", str(unknown), "--db", str(tmp_path / "u.db")])
    assert report.exit_code == 1
    assert "1 stored" in report.output and "stack-unknown" in report.output


def test_a_check_nobody_can_bet_against_is_a_warning() -> None:
    """Anna is all-in: Ben has nobody to bet against, so the betting rounds are skipped; his
    recorded check is an event the rules do not have: accepted, but shown."""
    text = """\
game badugi · fixed limit 2/4 · blinds 1/2
hand 1 · button Anna · Anna 3 · Ben 100
Anna raises to 3 all-in · Ben calls
draw: Ben pat · Anna pat
Ben checks
draw: Ben pat · Anna pat
draw: Ben pat · Anna pat
show: Anna 4s 3h 2d Ac · Ben Ks Qh Jd Tc
Anna collects 6
"""
    (one,) = outcomes_of(text)
    assert one.ok
    assert [(w.rule, w.pos.line, w.pos.column) for w in one.warnings] == [("check-nobody", 5, 1)]


def test_a_check_by_a_player_all_in_is_said_to_be_his() -> None:
    """Both players all-in on their blinds: Ben's check is no check against nobody (his own
    chips are all in).  It was said to come while "draw 2 is not over: Ben to draw", of a hand
    nobody had drawn in (hostile-input audit)."""
    text = """\
game badugi · fixed limit 2/4 · blinds 1/2
hand 1 · button Anna · Anna 1 · Ben 1
Ben checks
"""
    (one,) = outcomes_of(text)
    assert [(v.rule, v.message, v.pos.line) for v in one.errors] == [
        ("turn-order", "Ben is all-in and cannot act any more", 3)
    ]


HEADS_UP = "game badugi · fixed limit 2/4 · blinds 1/2\nhand 1 · button Anna · Anna 100 · Ben 100\n"
CHECKED_DOWN = "draw: Ben 1 · Anna 1\nBen checks · Anna checks\n" * 3


@pytest.mark.parametrize(
    ("play", "rule", "line"),
    [
        # No showdown cards: the pot is paid as recorded (it is consistent), not checked.
        ("Anna calls · Ben checks\n" + CHECKED_DOWN + "Anna collects 4\n", "payout-on-record", 10),
        ("Anna raises · Ben folds\nshow: Ben Ks Qh Jd Tc\nAnna collects 4\n", "show-after-fold", 4),
    ],
    ids=["payout-on-record", "show-after-fold"],
)
def test_what_the_replay_accepts_on_trust_is_a_warning(play: str, rule: str, line: int) -> None:
    (one,) = outcomes_of(HEADS_UP + play)
    assert one.ok, one.errors
    assert [(w.rule, w.kind, w.pos.line) for w in one.warnings] == [(rule, "warning", line)]


_BETTING = frozenset({"calls", "checks", "folds", "bets", "raises"})


def _plant(lines: list[str], span: range, kind: str) -> int | None:
    """Plant one mistake of ``kind`` in the hand on ``lines[span]``; the line index, or None
    when the hand has no place for it."""
    for i in span:
        line = lines[i]
        if kind == "collect" and (m := re.search(r" collects (\d+)", line)):
            lines[i] = line[: m.start(1)] + str(int(m.group(1)) + 2) + line[m.end(1) :]
            return i
        if kind == "size" and (m := re.search(r"raises to (\d+)", line)):
            lines[i] = line[: m.start(1)] + str(int(m.group(1)) + 4) + line[m.end(1) :]
            return i
        if kind in ("card", "draw") and line.startswith(f"{kind}: ") and " · " in line:
            entries = line[len(kind) + 2 :].split(" · ")
            if kind == "card":  # the second player is dealt the first player's first card
                first, second = entries[0].split(), entries[1].split()
                entries[1] = " ".join([second[0], first[1], *second[2:]])
            else:  # the first two players draw in the wrong order
                entries[0], entries[1] = entries[1], entries[0]
            lines[i] = f"{kind}: " + " · ".join(entries)
            return i
        if kind == "refold" and (m := re.search(r"(\S+) folds", line)):  # acts after folding
            lines[i] = f"{line[: m.end()]} · {m.group(1)} calls{line[m.end() :]}"
            return i
        if kind == "turn" and " · " in line and not re.match(r"(hand|draw|deal|show)\b", line):
            first, second, *rest = line.split(" · ")
            (one, one_does, *_), (two, two_does, *_) = first.split(), second.split()
            if one != two and {one_does, two_does} <= _BETTING:  # not rebuys, collections
                lines[i] = " · ".join([second, first, *rest])
                return i
    return None


def test_planted_mistakes_in_simulated_nights_are_all_located() -> None:
    """Simulated carried-stack nights (8 hands, stacks stated in the first only) with a
    mistake planted in 4 hands of each - a wrong collection, two actions swapped, a raise of
    the wrong size, a card dealt twice, two draws swapped, a call after folding: one run finds
    every one at its line, and nothing in the clean hands; none is "not settled"."""
    rng = random.Random(1)
    planted = located = clean = 0
    for seed in range(12):
        options = SimulationOptions(
            hands=8, players=4, seed=seed, final_stacks=False, min_stack=20, max_stack=60
        )
        out = io.StringIO()
        write_simulation(options, out)
        lines = out.getvalue().splitlines()
        starts = [i for i, line in enumerate(lines) if line.startswith("hand ")]
        spans = [range(a, b) for a, b in zip(starts, [*starts[1:], len(lines)], strict=True)]
        where: dict[int, int] = {}
        for hand in rng.sample(range(len(spans)), 4):
            kinds = ["collect", "turn", "size", "card", "draw", "refold"]
            rng.shuffle(kinds)
            at = next(i for k in kinds if (i := _plant(lines, spans[hand], k)) is not None)
            where[hand] = at + 1
        outcomes = outcomes_of("\n".join(lines) + "\n")
        for hand, outcome in enumerate(outcomes):
            assert all(e.kind != "incomplete" for e in outcome.errors), outcome.errors
            if hand in where:
                planted += 1
                located += any(e.pos.line == where[hand] for e in outcome.errors)
            else:
                clean += not outcome.errors
    assert planted == located == 48 and clean == 48


def test_a_name_typed_another_way_in_a_later_hand_carries_its_stack(tmp_path: Path) -> None:
    """``Zoë`` typed as one character, then as ``e`` and a combining mark, then with a
    zero-width space pasted in, is one player (the ledger books one player with three
    spellings): each later hand carries her stack, checked to its ``final:`` line, instead
    of finding no stack for a new name."""
    nfc, nfd, pasted = "Zo\u00eb", "Zoe\u0308", "Z\u200bo\u00eb"
    text = f"""\
game badugi · fixed limit 2/4 · blinds 1/2 · rake none
hand 1 · button Anna · Anna 100 · {nfc} 100 · Cara 100
Anna raises · {nfc} folds · Cara folds
Anna collects 5
final: Anna 103 · {nfc} 99 · Cara 98

hand 2 · button {nfd} · Anna · {nfd} · Cara
{nfd} folds · Cara raises · Anna folds
Cara collects 4
final: Anna 101 · {nfd} 99 · Cara 100

hand 3 · button Cara · Anna · {pasted} · Cara
Cara raises · Anna folds · {pasted} folds
Cara collects 5
final: Anna 100 · {pasted} 97 · Cara 103

hand 4 · button Anna · Anna · {nfc} · Cara
Anna raises · {nfc} folds · Cara folds
Anna collects 5
final: Anna 103 · {nfc} 96 · Cara 101
"""
    outcomes = outcomes_of(text)
    assert [(o.ok, o.errors, o.warnings) for o in outcomes] == [(True, (), ())] * 4
    night = tmp_path / "night.bhh"
    night.write_text(text)
    db = tmp_path / "club.db"
    report = runner.invoke(app, ["import", str(night), "--db", str(db)])
    assert report.exit_code == 0, report.output
    with sqlite3.connect(db) as conn:
        starts = conn.execute(
            "SELECT h.hand_number, a.player_id, hp.starting_stack FROM hand_players hp"
            " JOIN aliases a ON a.id = hp.alias_id JOIN hands h ON h.id = hp.hand_id"
            " WHERE a.name NOT IN ('Anna', 'Cara') ORDER BY h.hand_number"
        ).fetchall()
    assert [(number, stack) for number, _, stack in starts] == [
        ("1", 100),
        ("2", 99),
        ("3", 99),
        ("4", 97),
    ]
    assert len({player for _, player, _ in starts}) == 1


def test_both_spellings_of_one_name_seated_in_a_later_hand_are_refused() -> None:
    """``000``: one seat per player; a later hand seating ``Zoë`` written two ways is one
    player seated twice, as in a first hand; the hand after it is checked from its stated
    stacks."""
    nfc, nfd = "Zo\u00eb", "Zoe\u0308"
    text = f"""\
game badugi · fixed limit 2/4 · blinds 1/2 · rake none
hand 1 · button Anna · Anna 100 · {nfc} 100 · Cara 100
Anna raises · {nfc} folds · Cara folds
Anna collects 5

hand 2 · button Anna · Anna · {nfc} · {nfd}
Anna raises · {nfc} folds · {nfd} folds
"""
    one, two = outcomes_of(text)
    assert one.ok
    assert [e.rule for e in two.errors] == ["seats"], two.errors


def test_a_final_line_of_a_hand_that_could_not_be_read_that_creates_chips_is_reported() -> None:
    """The worked hand of seed ``000`` ("Playing a hand", ``examples/000_anna_ben.bhh``: Anna
    and Ben start with 100 each, end with 114 and 86) with Ben misspelt on a line, so that
    the hand cannot be read, and its ``final:`` line giving Anna one chip more: 201 chips
    from 200 is reported at the line (``chips-balance``, as for a hand that could not be
    replayed), beside the misspelt name; the line as written adds up and says nothing."""
    example = (EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8")
    assert "Ben checks · Anna bets 2 · Ben calls\n" in example
    misspelt = example.replace(
        "Ben checks · Anna bets 2 · Ben calls\n", "Bne checks · Anna bets 2 · Ben calls\n"
    )
    (hand,) = outcomes_of(misspelt)
    assert [e.rule for e in hand.errors] == ["parse"]
    created = misspelt.replace("final: Anna 114 · Ben 86", "final: Anna 115 · Ben 86")
    (hand,) = outcomes_of(created)
    assert [e.rule for e in hand.errors] == ["parse", "chips-balance"]
    assert hand.errors[1].message.endswith("but the players started with 200: 1 chip created")
    line = created.splitlines().index("final: Anna 115 · Ben 86") + 1
    assert (hand.errors[1].pos.line, hand.errors[1].pos.column) == (line, 8)


def test_a_rebuy_under_a_misspelt_name_leaves_the_final_line_of_a_hand_not_read_unchecked() -> None:
    """The worked hand of seed ``000`` with Ben rebuying 10 chips before it, misspelt
    (``Bne``): the hand cannot be read, and its ``final:`` line (Ben 96, with the rebuy) adds
    up only with chips whose owner the lines do not name: not held to adding up (no false
    ``chips-balance``), the misspelt name is the mistake."""
    example = (EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8")
    head = "hand 000-1 · button Anna · Anna 100 · Ben 100\n"
    assert head in example and "final: Anna 114 · Ben 86" in example
    rebought = example.replace(head, head + "Bne rebuys 10\n").replace(
        "final: Anna 114 · Ben 86", "final: Anna 114 · Ben 96"
    )
    (hand,) = outcomes_of(rebought)
    assert [e.rule for e in hand.errors] == ["parse"]
