"""Merge and KingsClub never say from which pot a winner's amount came (corpus/SOURCES.md), so
their collections name no pot: the replay checks each player's lines against his payout over
all pots, and a side pot's winner is never told he is not in the main pot."""

from __future__ import annotations

import pytest

from badugi_ledger.model.events import Collect, HandRecord
from badugi_ledger.sources import read_hands
from tests.helpers.paths import CORPUS

FILES = [
    "kingsclub/Badacey-Limit-USD-22-44-202101.txt",
    "kingsclub/Badeucey-Limit-USD-22-44-202101.txt",
    "kingsclub/Badugi-Limit-USD-30-60-202010.txt",
    "merge/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt",
    "merge/Badugi-PL-USD-0.05-0.10-201101.Sample.txt",
]


@pytest.mark.parametrize("rel", FILES)
def test_collections_of_sites_that_do_not_say_name_no_pot(rel: str) -> None:
    collects = [
        e
        for r in read_hands(CORPUS / rel)
        if isinstance(r, HandRecord)
        for e in r.events
        if isinstance(e, Collect)
    ]
    assert collects
    assert all(c.pot is None for c in collects)
