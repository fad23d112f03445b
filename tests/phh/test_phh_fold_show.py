"""Cards shown after folding are checked as a live player's show is.

README (``check``): a rule broken is "a card shown twice, a hand shown that is not the one
dealt".  A folded player's ``sm`` with cards he did not hold (another player's shown cards) is
``show-not-held``, and a show of fewer cards ``show-count``, as a live player's; his own cards
shown stay the warning ``show-after-fold`` (no chips move).
"""

from __future__ import annotations

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand
from tests.helpers.phh_hands import THREE_HANDED

HAND = (
    'variant = "FB"\n'
    + THREE_HANDED
    + """\
actions = ["d dh p1 As2d3c4h", "d dh p2 KsQdJcTh", "d dh p3 5s6s7s8s", "p3 f", "p1 cc", "p2 cc",
 "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd",
 "p1 cc", "p2 cc", "p1 sm As2d3c4h", "p2 sm KsQdJcTh", "p3 sm {shown}"]
players = ["Anna", "Ben", "Cara"]
"""
)


def rules(shown: str) -> tuple[set[str], set[str]]:
    """The rules broken (an illegal action stops the replay) and the warnings."""
    (record,) = read_phh(HAND.format(shown=shown), "t.phh")
    assert isinstance(record, HandRecord)
    try:
        result = replay_hand(record)
    except IllegalAction as exc:
        assert exc.position.line == 9
        return {exc.rule}, set()
    return {v.rule for v in result.violations}, {w.rule for w in result.warnings}


def test_another_players_cards_shown_after_folding_are_not_held() -> None:
    violations, _ = rules("As2d3c4h")
    assert violations == {"show-not-held"}


def test_cards_nobody_held_shown_after_folding_are_not_held() -> None:
    violations, _ = rules("9c9dTcJd")
    assert violations == {"show-not-held"}


def test_a_short_show_after_folding() -> None:
    violations, _ = rules("5s6s")
    assert violations == {"show-count"}


def test_his_own_cards_shown_after_folding_stay_a_warning() -> None:
    violations, warnings = rules("8s7s6s5s")
    assert not violations and warnings == {"show-after-fold"}
