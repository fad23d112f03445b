"""A player still in at a PHH showdown with no ``sm`` action: the assumption is named.

PokerKit's ``HandHistory`` fills a showdown action that is missing with
``show_or_muck_hole_cards(())``, which leaves the player no cards (a muck: he loses); our
replay settles the showdown with the hand he holds.  The two readings may pay different
players, so the hand is read as before (its payout and fingerprint unchanged) with a warning
(``no-show-action``) that names the player and PokerKit's other reading: ``check --strict``
fails it.  A written muck (``p2 sm``) and a hand every player still in shows get none.
"""

from __future__ import annotations

import warnings

import pokerkit

from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand
from badugi_ledger.sites.common import SiteWarning
from tests.helpers.phh_hands import THREE_HANDED

HAND = (
    'variant = "FB"\n'
    + THREE_HANDED
    + """\
actions = ["d dh p1 KsQdJcTh", "d dh p2 As2d3c4h", "d dh p3 5s6s7s8s", "p3 f", "p1 cc", "p2 cc",
 "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd",
 "p1 cc", "p2 cc", "p1 sm KsQdJcTh"{more}]
players = ["Anna", "Ben", "Cara"]
"""
)


def test_a_missing_show_is_named_as_an_assumption() -> None:
    items = list(read_phh(HAND.format(more=""), "t.phh"))
    warning, record = items
    assert isinstance(warning, SiteWarning) and warning.rule == "no-show-action"
    assert "Ben" in warning.message and "PokerKit reads a missing sm as a muck" in warning.message
    assert (warning.pos.line, warning.pos.column) == (9, 20)  # the showdown's "p1 sm"
    assert isinstance(record, HandRecord)
    assert replay_hand(record).payouts == {"Ben": 4}  # read as before: cards speak
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = pokerkit.HandHistory.loads(HAND.format(more=""))
    assert list(state.stacks) == [22, 18, 20]  # PokerKit: Ben mucked, Anna wins


def test_a_written_muck_or_show_gets_no_warning() -> None:
    for more in (', "p2 sm"', ', "p2 sm As2d3c4h"'):
        (record,) = read_phh(HAND.format(more=more), "t.phh")
        assert isinstance(record, HandRecord), more
