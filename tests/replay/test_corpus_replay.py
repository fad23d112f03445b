"""Every Badugi-family hand of ``shared/corpus`` is read, replayed and checked against the site.

The corpus (``shared/corpus/SOURCES.md``) holds 201 Badugi hands (PokerStars 186, Full Tilt 12,
Merge 2, KingsClub 1) and KingsClub's Badacey and Badeucey hands: 203 in all, next to 316 hands
of other games that must be skipped, not reported as errors.  For each hand the replay compares
what it computes with what the site printed: the total pot (``PotTotal``), the rake
(``RakeTaken``), each player's collection (``Collect``), KingsClub's final stacks
(``FinalStack``) and, hand to hand at a table, the stack the site prints at the start of the next
hand (``stack-carried``).  A hand that does not pass is listed in :data:`EXPECTED` with the rule
it breaks and why; the test fails if such a hand starts passing, so the table stays true.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.model.events import Collect, HandRecord, PotTotal, RakeTaken, Seat
from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from badugi_ledger.sites.common import SiteWarning, SkippedHand
from badugi_ledger.sources import iter_source, read_hands

EXPECTED: dict[str, tuple[str, str]] = {
    "52589367975": (
        "stack-carried",
        "a hand is missing from the site's file: the previous hand has the button on seat 5 at "
        "21:04, this one on seat 7 at 21:06, and Player2 went from 990 to 390 in between.  The "
        "check is right to flag it.",
    ),
}
"""Hand id → (the rule the hand breaks, why)."""

BADUGI_FAMILY = 203
OTHER_GAMES = 316


def corpus_files(corpus_dir: Path) -> list[Path]:
    return sorted(p for p in corpus_dir.glob("*/*.txt"))


def outcomes(corpus_dir: Path) -> Iterator[HandOutcome]:
    for path in corpus_files(corpus_dir):
        yield from replay_stream(read_hands(path))


@pytest.fixture(scope="module")
def all_outcomes(corpus_dir: Path) -> list[HandOutcome]:
    return list(outcomes(corpus_dir))


def test_every_hand_is_read_and_other_games_are_skipped(corpus_dir: Path) -> None:
    kinds: Counter[str] = Counter()
    games: Counter[str] = Counter()
    for path in corpus_files(corpus_dir):
        for item in iter_source(path):
            if isinstance(item, SkippedHand):
                kinds["skipped"] += 1
            elif isinstance(item, SiteWarning):
                kinds[f"warning {item.rule}"] += 1
            elif isinstance(item, HandRecord):
                kinds["record"] += 1
                games[item.settings.game] += 1
            else:
                kinds[f"error {item}"] += 1
    # the one warning: PokerStars hand 52589367975 follows a hand missing from the file
    assert kinds == {"record": BADUGI_FAMILY, "skipped": OTHER_GAMES, "warning missing-hand": 1}
    assert games == {"badugi": 201, "badacey": 1, "badeucey": 1}


def test_every_hand_replays_and_matches_the_site(all_outcomes: list[HandOutcome]) -> None:
    assert len(all_outcomes) == BADUGI_FAMILY
    unexpected = []
    for outcome in all_outcomes:
        assert outcome.hand_id is not None
        if outcome.result is not None:
            assert outcome.result.balance() == 0, outcome.hand_id
        expected = EXPECTED.get(outcome.hand_id)
        if expected is None:
            if not outcome.ok:
                unexpected.append((outcome.hand_id, [(e.rule, e.message) for e in outcome.errors]))
            continue
        rules = {e.rule for e in outcome.errors}
        assert not outcome.ok and expected[0] in rules, (
            f"hand {outcome.hand_id} no longer breaks {expected[0]} ({rules or 'it passes'}): "
            "update EXPECTED"
        )
    assert not unexpected
    passed = sum(o.ok for o in all_outcomes)
    assert passed == BADUGI_FAMILY - len(EXPECTED) == 202


def test_site_figures_are_carried_by_every_pokerstars_and_full_tilt_hand(
    all_outcomes: list[HandOutcome],
) -> None:
    """Stars and Full Tilt print a total pot and the rake for every hand; KingsClub the rake."""
    for outcome in all_outcomes:
        record = outcome.record
        assert record is not None
        kinds = {type(e) for e in record.events}
        assert RakeTaken in kinds and Collect in kinds, record.hand_id
        if record.origin in ("pokerstars", "fulltilt"):
            assert PotTotal in kinds, record.hand_id


def test_tournament_eliminations_match_the_site(all_outcomes: list[HandOutcome]) -> None:
    """Whoever the replay finds busted is whom PokerStars says "finished the tournament"."""
    checked = 0
    for outcome in all_outcomes:
        record, result = outcome.record, outcome.result
        if record is None or result is None or record.session.kind != "tournament":
            continue
        site = set(re.findall(r"^(.+?) finished the tournament", record.text, re.M))
        assert set(result.busted) == site, record.hand_id
        checked += 1
    assert checked == 182  # every PokerStars tournament hand (78 MTT + 104 SNG)


# --- the verification really looks at the site's figures -------------------------------------


def _first(corpus_dir: Path, name: str, hand_id: str) -> HandRecord:
    return next(
        h
        for h in read_hands(corpus_dir / name)
        if isinstance(h, HandRecord) and h.hand_id == hand_id
    )


def _tampered(record: HandRecord, kind: type, change: int) -> HandRecord:
    events = list(record.events)
    at = next(i for i, e in enumerate(events) if isinstance(e, kind))
    old: Any = events[at]
    events[at] = replace(old, amount=old.amount + change)
    return replace(record, events=tuple(events))


@pytest.mark.parametrize("kind", [Collect, PotTotal, RakeTaken])
def test_a_site_figure_that_differs_from_the_replay_is_reported(
    corpus_dir: Path, kind: type
) -> None:
    """Corpus hand 49164202872 with one recorded figure changed by a cent."""
    record = _first(corpus_dir, "pokerstars/Badugi-USD-0.25-0.50-201009.txt", "49164202872")
    (clean,) = replay_stream([record])
    assert clean.ok
    (outcome,) = replay_stream([_tampered(record, kind, 1)])
    assert not outcome.ok
    assert all(e.kind == "mismatch" for e in outcome.errors)


def test_tournament_stack_carried_to_the_next_hand_is_checked(corpus_dir: Path) -> None:
    """The first two hands of the MTT file; the second hand's stated stack for Player3 changed."""
    records = [h for h in read_hands(corpus_dir / "pokerstars/LBad-USD-MTT8-201011.txt")]
    first, second = records[0], records[1]
    assert isinstance(first, HandRecord) and isinstance(second, HandRecord)
    assert all(o.ok for o in replay_stream([first, second]))
    seats = tuple(
        Seat(s.name, s.stack + 20 if s.name == "Player3" and s.stack else s.stack, s.number)
        for s in second.seats
    )
    bad = replace(second, seats=seats)
    outcomes_ = list(replay_stream([first, bad]))
    assert outcomes_[0].ok
    assert [e.rule for e in outcomes_[1].errors] == ["stack-carried"]
