"""PHH's ``winnings`` is a claim the replay checks, as ``finishing_stacks`` is.

The specification (``optional.rst``) defines ``winnings`` as "the winnings (i.e. collected
pots)" of each player, "post-rake values" when a rake is taken.  Read as the hand's collections
(``Collect`` claims naming no pot), a wrong amount is a ``collect`` mismatch at its item, and a
value that is not a list of amounts is ``bad-phh`` at the field.  The claims are no part of the
fingerprint: a hand with a right ``winnings`` is the hand ledgers hold already
(``tests/ledger/test_pinned_data.py`` pins ``phh_winnings.phhs`` as read before the field was).
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.ledger.fingerprints import fingerprint
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import Collect, HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand
from tests.helpers.paths import FIXTURES
from tests.helpers.phh_hands import THREE_HANDED

HAND = (
    'variant = "FB"\n'
    + THREE_HANDED
    + """\
actions = ["d dh p1 KsQdJcTh", "d dh p2 As2d3c4h", "d dh p3 Ad2c3h4s", "p3 cc", "p1 f", "p2 cc",
 "p2 sd", "p3 sd", "p2 cc", "p3 cc", "p2 sd", "p3 sd", "p2 cc", "p3 cc", "p2 sd", "p3 sd",
 "p2 cc", "p3 cc", "p2 sm As2d3c4h", "p3 sm Ad2c3h4s"]
players = ["Anna", "Ben", "Cara"]
finishing_stacks = [19, 21, 20]
"""
)
"""A tie PokerKit plays to [19, 21, 20]: the pot of 5, its odd chip to Ben (``all-to-first``)."""


def read_one(text: str) -> HandRecord:
    (item,) = read_phh(text, "w.phh")
    assert isinstance(item, HandRecord), item
    return item


def test_right_winnings_check_clean_and_keep_the_fingerprint() -> None:
    plain = read_one(HAND)
    claimed = read_one(HAND + "winnings = [0, 3, 2]\n")
    assert [e for e in claimed.events if type(e) is Collect] == [
        Collect("Ben", 3),
        Collect("Cara", 2),
    ]
    result = replay_hand(claimed)
    assert not result.violations, result.violations
    assert fingerprint(claimed) == fingerprint(plain)


def test_a_wrong_amount_is_a_payout_mismatch_at_its_item() -> None:
    result = replay_hand(read_one(HAND + "winnings = [0, 2, 3]\n"))
    wrong = [v for v in result.violations if v.rule == "collect"]
    assert wrong and all(v.kind == "mismatch" for v in wrong)
    assert (wrong[0].pos.line, wrong[0].pos.column) == (12, 16)  # the 2 of Ben's item
    assert "Ben collects 2, but is owed 3" in wrong[0].message


def test_winnings_to_a_player_who_won_nothing_is_a_mismatch() -> None:
    result = replay_hand(read_one(HAND + "winnings = [999, 0, 0]\n"))
    assert {v.rule for v in result.violations} >= {"collect", "chips-balance"}
    assert result.violations[0].pos.column == 13


def test_winnings_of_0_for_everyone_is_a_mismatch() -> None:
    """``winnings = [0, 0, 0]`` says nobody collected a pot; Ben and Cara tied it.  Zeros were
    left out as no claim, so the hand checked "ok" even under ``--strict`` (an audit of the
    new PHH fields); it is held to the replay's pots like any claim."""
    result = replay_hand(read_one(HAND + "winnings = [0, 0, 0]\n"))
    wrong = [v for v in result.violations if v.rule == "collect"]
    assert [v.message.split(",")[0] for v in wrong] == ["Ben collects 0", "Cara collects 0"]
    assert "chips-balance" in {v.rule for v in result.violations}
    result = replay_hand(read_one(HAND + "_pot_winnings = [0, 0, 0, 0, 0, 0]\n"))
    assert "chips-balance" in {v.rule for v in result.violations}  # (each pot's, ours)


def test_a_badly_typed_winnings_is_refused_at_the_field() -> None:
    for value, column in (('"lots"', 12), ("[0, 3]", 12), ("[0, -3, 2]", 12), ("[0, 3.5, 2]", 12)):
        (error,) = read_phh(HAND + f"winnings = {value}\n", "w.phh")
        assert isinstance(error, ImportFormatError) and error.rule == "bad-phh", value
        assert (error.position.line, error.position.column) == (12, column), value
        assert "winnings" in str(error)


def test_winnings_must_agree_with_each_pots_winnings() -> None:
    pots = "_pot_winnings = [0, 3, 2, 0, 0, 0]\n"
    (error,) = read_phh(HAND + pots + "winnings = [0, 2, 3]\n", "w.phh")
    assert isinstance(error, ImportFormatError) and error.rule == "bad-phh"
    assert "winnings[1] is 2, but _pot_winnings gives Ben 3" in str(error)
    # an empty _pot_winnings is said to be one, not to disagree with winnings
    (error,) = read_phh(HAND + "_pot_winnings = []\nwinnings = [0, 5, 0]\n", "w.phh")
    assert isinstance(error, ImportFormatError) and error.rule == "bad-phh"
    assert error.message == (
        "_pot_winnings has 0 amounts: it needs one per player (3) for each pot, of two pots or more"
    )


def test_the_pinned_fixture_checks_clean(tmp_path: Path) -> None:
    from badugi_ledger.check import run_check

    checked = run_check([FIXTURES / "phh_winnings.phhs"], jobs=1, strict=True)
    text = "\n".join(checked.lines())
    assert checked.all_ok, text
