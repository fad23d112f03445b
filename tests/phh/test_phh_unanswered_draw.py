"""A PHH discard (``p1 sd 3hKc``) that no deal answers (``d dh p1 4s3c`` left out) is refused at
the line of the actions, never at the hand's first line, and in a sentence for one player."""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.check import check_file

ACTIONS = ["d dh p1 3hKc3s2h", "d dh p2 KdQc6sAs", "p2 cc", "p1 cc", "p1 sd 3hKc", "p2 sd 6s"]
HAND = f"""\
variant = "FB"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [20, 20]
actions = [{", ".join(f'"{a}"' for a in [*ACTIONS, "d dh p2 8s"])}]
players = ["Anna", "Ben"]
"""


def test_a_discard_no_deal_answers_is_refused_at_the_actions_line(tmp_path: Path) -> None:
    path = tmp_path / "hand.phh"
    path.write_text(HAND, encoding="utf-8")
    (problem,) = check_file(path).problems
    assert f"{path}:7:" in problem, problem
    assert "Anna discarded but was dealt nothing [bad-phh]" in problem, problem
