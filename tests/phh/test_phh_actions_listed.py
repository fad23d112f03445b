"""A PHH hand's action strings that mean nothing whatever the play are each listed.

One run of ``check`` lists every mistake of a file, each at its own place (README, "What check
reports, in one run").  The PHH reader stops at the first action it cannot read (a ``cc`` is
read against the round's bets: after a string it cannot read the play is unknown), but a
string with no meaning in Badugi, a label that is no player, cards or a ``cbr`` amount that
cannot be read are wrong from the string alone: each is listed at its string, after the one
the reading stopped at.
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.check import run_check
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.limits import MAX_LISTED
from badugi_ledger.phh.reader import read_phh

HAND = """variant = 'FB'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [20, 20, 20]
actions = [
  'd dh p1 ????????', 'd dh p2 ????????', 'd dh p3 ????????',
  'p3 cx',
  'p1 cc',
  'p2 zz 4',
  'p9 f',
  'p1 cbr 4.5',
  'p2 sm 1x2y',
  'p1 f',
]
"""


def _error(text: str) -> ImportFormatError:
    (error,) = read_phh(text, "h.phh")
    assert isinstance(error, ImportFormatError)
    return error


def test_each_action_string_that_means_nothing_is_listed_at_its_string() -> None:
    error = _error(HAND)
    found = [(str(e.position), e.rule) for e in (error, *error.others)]
    assert found == [
        ("h.phh:9:3", "bad-phh"),
        ("h.phh:11:3", "bad-phh"),
        ("h.phh:12:3", "bad-phh"),
        ("h.phh:13:3", "bad-phh"),
        ("h.phh:14:3", "bad-card"),
    ]
    assert error.message == "the action 'p3 cx' has no meaning in Badugi"
    assert error.others[0].message == "the action 'p2 zz 4' has no meaning in Badugi"
    assert error.others[1].message == "'p9' in 'p9 f' is not a player p1..p3"
    assert "cbr takes a whole number of chips" in error.others[2].message


def test_the_strings_after_a_state_dependent_error_are_read_from_the_string_alone() -> None:
    """A second deal to p1 that answers no discard of his stops the reading (whether a deal is
    a draw's cards depends on the play before it); the strings after it that mean nothing
    are still listed, and the good ones (``p1 cc``, ``p3 f``, ``p1 f``) are not."""
    text = HAND.replace("'p3 cx',", "'d dh p1 7d',").replace("'p9 f',", "'p3 f',")
    error = _error(text)
    assert error.message.startswith("p1 is dealt cards without discarding")
    assert [str(e.position) for e in error.others] == ["h.phh:11:3", "h.phh:13:3", "h.phh:14:3"]


def test_a_hand_of_many_meaningless_strings_lists_a_bounded_number() -> None:
    text = HAND.replace("'p1 f',", "'p1 f',\n" + "  'p1 ??',\n" * 100)
    error = _error(text)
    assert len(error.others) == MAX_LISTED + 1
    assert "only the first" in error.others[-1].message


def test_check_lists_each_string_and_counts_one_hand(tmp_path: Path) -> None:
    path = tmp_path / "h.phh"
    path.write_text(HAND, encoding="utf-8")
    lines = list(run_check([path], jobs=1).lines())
    listed = [line for line in lines if line.startswith(f"{path}:")]
    assert [line.split(": hand")[0] for line in listed[:-1]] == [
        f"{path}:{at}" for at in ("9:3", "11:3", "12:3", "13:3", "14:3")
    ]
    assert listed[-1] == f"{path}: 1 hand: 0 ok, 1 with violations, 0 with payout mismatches"
