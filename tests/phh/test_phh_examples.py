"""The bundled examples as PHH: every fixed-limit Badugi hand converts and PokerKit replays it to
the finishing stacks our replay computes (hands of home sessions carry their stacks from the
previous hand, which ``convert`` takes from the replay); every other hand is refused by name."""

from __future__ import annotations

import warnings
from pathlib import Path

import pokerkit
import pytest

from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.sources import read_hands
from tests.helpers.paths import REPO

EXAMPLES = sorted((REPO / "examples").glob("*.bhh"))


def _expressible(record: HandRecord) -> bool:
    return record.settings.game == "badugi" and record.settings.structure.kind == "fixed-limit"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_example_hands_convert_or_are_refused(path: Path) -> None:
    records = {r.hand_id: r for r in read_hands(path) if isinstance(r, HandRecord)}
    assert records, f"{path.name} has no hands"
    for item in convert_hands(path, "phh"):
        if isinstance(item, ImportFormatError):
            assert item.rule == "phh-cannot-express"
            assert item.hand is not None and not _expressible(records[item.hand]), item
            continue
        assert isinstance(item, ConvertedHand), item
        assert _expressible(records[item.hand_id])
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            history = pokerkit.HandHistory.loads(item.text)
            final = list(history)[-1]
        assert list(final.stacks) == history.finishing_stacks, item.hand_id


def test_some_example_hand_is_exported() -> None:
    """The examples include fixed-limit Badugi hands (a home session, a tournament, ``000``)."""
    written = 0
    for path in EXAMPLES:
        written += sum(isinstance(i, ConvertedHand) for i in convert_hands(path, "phh"))
    assert written >= 3
