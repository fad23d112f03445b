"""A stack written wrong is said once, not in every later hand of its player.

The standard: one run of ``check`` lists every mistake in a file, each at its own line, and
the hands after a mistake are still checked as they are.  A hand whose ``final:`` line
disagrees with its replay and does not add up as the replay's stacks do (a stated stack one
chip off, the recorder counting the chips the table had) is reported there; the table's next
hand that the replay's stacks make wrong, but the recorder's ``final:`` figures make right,
goes on from the recorder's (a ``stacks-resynced`` warning).  Before, the one chip followed
the player to the end of the night: a ``final-stack`` mismatch in every later hand, then a
false ``bet-size`` or ``call-amount`` at his all-in and ``stack-unknown`` after it.  The
minimal nights are the ones ``benchmarks/bench_text_damage.py`` shrank them to.
"""

from __future__ import annotations

from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text
from tests.helpers.paths import EXAMPLES

NIGHT = """\
game badugi · fixed limit 2/4 · blinds 1/2
table Kitchen

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 101
Anna folds · Ben calls · Cara checks
draw: Ben 1 · Cara 1
Ben bets · Cara folds
Ben collects 4
final: Anna 100 · Ben 102 · Cara 98

hand 2 · button Ben · Anna · Ben · Cara
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
"""  # Cara sat down with 100: the hand line's 101 is the mistyped figure


def outcomes_of(text: str) -> list[HandOutcome]:
    return list(replay_stream(parse_text(text, "night.bhh")))


def test_a_wrong_stated_stack_is_said_at_its_hand_only() -> None:
    one, two, three = outcomes_of(NIGHT)
    assert [e.rule for e in one.errors] == ["final-stack", "chips-balance"]
    assert one.errors[0].message == "Cara ends with 98, but the replay gives 99"
    assert two.ok and not two.errors, two.errors
    assert [w.rule for w in two.warnings] == ["stacks-resynced"]
    assert "Cara" in two.warnings[0].message and "hand 1" in two.warnings[0].message
    assert two.result is not None and two.result.starting_stacks["Cara"] == 98
    assert three.ok and not three.errors and not three.warnings, three.errors


def test_a_wrong_final_line_is_still_not_carried() -> None:
    """The other way round, the ``final:`` line the mistake (Cara's 98 written 97): the
    replay's stacks make hand 2 right, so the table goes on from them, as before."""
    wrong = NIGHT.replace("Cara 101", "Cara 100").replace("Cara 98\n", "Cara 97\n")
    one, two, three = outcomes_of(wrong)
    assert [e.rule for e in one.errors] == ["final-stack", "chips-balance"]
    assert two.ok and not two.warnings and three.ok and not three.warnings


def test_a_wrong_starting_stack_of_the_tournament_example() -> None:
    """``examples/tournament.bhh`` with Bram's 200 written 201: hand T1 says so; T2, where
    Bram calls all-in for the 20 the recorder counted, is no ``call-amount`` violation, and
    T3 is settled (it was ``stack-unknown``: T2 could not be replayed)."""
    text = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8")
    text = text.replace("Bram 200\n", "Bram 201\n", 1)
    one, two, three = outcomes_of(text)
    assert {e.rule for e in one.errors} == {"final-stack", "chips-balance"}
    assert two.ok and not two.errors, two.errors
    assert [w.rule for w in two.warnings] == ["stacks-resynced"]
    assert three.ok and not three.errors and not three.warnings, three.errors


def test_the_count_waits_through_hands_without_a_final_line() -> None:
    """``examples/home_session.bhh`` writes a ``final:`` line after hands 2 and 4 only.  With
    Dan's 100 written 101 in hand 1, hand 2's line is the first to disagree (said there);
    hand 3, with no line, tells nothing; hand 4 adds up from the count hand 2's line gave,
    moved on by hand 3 (Dan called and folded there), not from the replay's stacks."""
    text = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    text = text.replace("4 Dan 100", "4 Dan 101", 1)
    one, two, three, four = outcomes_of(text)
    assert one.ok and not one.errors
    assert [e.rule for e in two.errors] == ["final-stack", "chips-balance"]
    assert three.ok and not three.errors and not three.warnings
    assert four.ok and not four.errors, four.errors
    assert [w.rule for w in four.warnings] == ["stacks-resynced"]
    assert four.result is not None and four.result.starting_stacks["Dan"] == 112
