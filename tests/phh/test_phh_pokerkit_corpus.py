"""Every corpus hand exported as PHH loads in PokerKit and replays to our finishing stacks.

PokerKit (``pokerkit.HandHistory``) is an independent implementation of fixed-limit Badugi, so
agreement on 191 real hands is evidence both for the importers and for our replay.  Hands PHH
cannot express are refused by :func:`write_phh` (rule ``phh-cannot-express``); they and the one
hand where PokerKit's betting rule differs from the site's are listed with the reason.
"""

from __future__ import annotations

import warnings
from collections import Counter
from decimal import Decimal
from pathlib import Path

import pokerkit
import pytest

from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import amounts_currency
from badugi_ledger.phh.writer import write_phh
from badugi_ledger.replay import replay_stream
from badugi_ledger.sources import read_hands
from tests.helpers.pokerkit_play import in_ours, money_divmod

REFUSED = {
    "29704409780": "Full Tilt: 1Incubator1 comes in with a live big blind out of position",
    "49164255772": "PokerStars: kallexx1 comes in with a live big blind out of position",
    "49164287914": "PokerStars: oooDestroyoo comes in with a live big blind out of position",
    "40201390": "KingsClub Badacey: PHH has no Badacey",
    "40200897": "KingsClub Badeucey: PHH has no Badeucey",
    "33227759-34": "Merge half-pot-limit Badugi: PHH has only fixed-limit Badugi (FB)",
    "31274465-32": "Merge pot-limit Badugi: PHH has only fixed-limit Badugi (FB)",
}
"""Hands ``write_phh`` must refuse, and why."""

_COMPLETES = (
    "{who} completes a short all-in {what} to the full level (PokerStars prints 'raises {by} to "
    "{to}'; our replay accepts it); PokerKit allows no raise over that short all-in "
    "below a full raise above it."
)
POKERKIT_DIFFERS = {
    "52476877655": _COMPLETES.format(who="Player19", what="raise", by=30, to=180),
    "52478520236": _COMPLETES.format(who="Player21", what="raise", by=30, to=300),
    "52479754591": _COMPLETES.format(who="Player0", what="raise", by=50, to=600),
    "52478783130": _COMPLETES.format(who="Player3", what="bet", by=250, to=300),
    "52589452703": (
        "Player3 sits out, posts the small blind all-in and PokerStars folds his hand; PokerKit "
        "does not let a player who is all-in fold."
    ),
}
"""Hands PokerKit will not replay as the site dealt them, and why."""


def _site_rake(rake: int, currency: str | None):  # type: ignore[no-untyped-def]
    """PokerKit rakes each pot by a function; the site's fixed rake, from the first pot (in
    currency units in a hand of money, as the PHH file has its amounts)."""
    taken = Decimal(rake).scaleb(-2) if currency else rake

    def take(amount: int, state: object = None) -> tuple[int, int]:
        raked = min(taken, amount)
        return raked, amount - raked

    return take


def test_corpus_hands_replay_the_same_in_pokerkit(corpus_dir: Path) -> None:
    tally: Counter[str] = Counter()
    for path in sorted(corpus_dir.glob("*/*.txt")):
        for outcome in replay_stream(read_hands(path)):
            record, result = outcome.record, outcome.result
            assert record is not None
            assert result is not None, f"our replay rejects {record.hand_id}"
            try:
                text = write_phh(
                    record,
                    stacks=result.starting_stacks,
                    finishing_stacks=result.final_stacks,
                    rake=result.rake,
                )
            except ImportFormatError as exc:
                assert exc.rule == "phh-cannot-express"
                assert record.hand_id in REFUSED, f"{record.hand_id} refused: {exc}"
                tally["refused"] += 1
                continue
            assert record.hand_id not in REFUSED, f"{record.hand_id} is exported now"
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                currency = amounts_currency(record.session, record.settings.currency)
                history = pokerkit.HandHistory.loads(
                    text,
                    rake=_site_rake(result.rake, currency),
                    **({"divmod": money_divmod} if currency else {}),
                )
                try:
                    final = list(history)[-1].stacks
                except ValueError:
                    assert record.hand_id in POKERKIT_DIFFERS, f"PokerKit rejects {record.hand_id}"
                    tally["pokerkit differs"] += 1
                    continue
            ours = [result.final_stacks[name] for name in history.players or ()]
            assert in_ours(final, currency) == ours, record.hand_id
            assert in_ours(history.finishing_stacks, currency) == ours, record.hand_id
            assert record.hand_id not in POKERKIT_DIFFERS
            tally["same"] += 1
    assert tally == {
        "same": 191,
        "refused": len(REFUSED),
        "pokerkit differs": len(POKERKIT_DIFFERS),
    }


@pytest.mark.parametrize("hand_id", sorted(REFUSED))
def test_refusals_name_the_reason(corpus_dir: Path, hand_id: str) -> None:
    for path in sorted(corpus_dir.glob("*/*.txt")):
        for record in read_hands(path):
            if getattr(record, "hand_id", None) == hand_id:
                with pytest.raises(ImportFormatError, match="out of position|PHH has"):
                    write_phh(record)  # type: ignore[arg-type]
                return
    pytest.fail(f"hand {hand_id} is not in the corpus")
