"""PHH in and out: reading ``FB`` hands (PHH spec / PokerKit notation) and writing them back so that
PokerKit (a test-only dependency) replays them to the same finishing stacks as we do."""

from __future__ import annotations

import warnings
from dataclasses import replace

import pokerkit
import pytest

from badugi_ledger.model.errors import ImportFormatError, Position
from badugi_ledger.model.events import (
    Action,
    Deal,
    Draw,
    FinalStack,
    HandRecord,
    Muck,
    Post,
    Show,
)
from badugi_ledger.model.settings import GameSettings, Structure
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.phh.writer import write_phh
from badugi_ledger.replay import replay_hand, replay_stream
from badugi_ledger.sites.common import SkippedHand
from tests.helpers.paths import FIXTURES

FIXTURE = FIXTURES / "wikipedia_badugi.phh"
WIKIPEDIA_FINAL = {"Bob": 196, "Carol": 220, "Ted": 200, "Alice": 184}
"""PokerKit's own test (test_papers.py) asserts these stacks for the fixture hand."""


def read_one(text: str, source: str = "t.phh") -> HandRecord:
    (item,) = read_phh(text, source)
    assert isinstance(item, HandRecord), item
    return item


def pokerkit_final(text: str) -> dict[str, int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns about our user-defined _fields
        history = pokerkit.HandHistory.loads(text)
        final = list(history)[-1]
    names = history.players or [f"p{i + 1}" for i in range(len(final.stacks))]
    return dict(zip(names, final.stacks, strict=True))


def test_wikipedia_hand_reads_and_replays_like_pokerkit() -> None:
    record = read_one(FIXTURE.read_text(), str(FIXTURE))
    assert record.players == ("Bob", "Carol", "Ted", "Alice") and record.button == "Alice"
    assert record.origin == "phh" and record.settings.structure.kind == "fixed-limit"
    assert (record.settings.small_blind, record.settings.big_blind) == (1, 2)
    posts = [(e.player, e.kind, e.amount) for e in record.events if isinstance(e, Post)]
    assert posts == [("Bob", "small-blind", 1), ("Carol", "big-blind", 2)]
    assert sum(isinstance(e, Deal) for e in record.events) == 4
    actions = [(e.player, e.verb, e.amount) for e in record.events if isinstance(e, Action)]
    assert actions[:4] == [
        ("Ted", "fold", None),
        ("Alice", "call", 2),
        ("Bob", "call", 1),
        ("Carol", "check", None),
    ]
    assert ("Alice", "raise", 8) in actions  # "p4 cbr 8" after Carol's bet of 4
    first_draws = [(e.player, e.count) for e in record.events if isinstance(e, Draw)][:3]
    assert first_draws == [("Bob", 2), ("Carol", 2), ("Alice", 1)]
    shows = [i for i, e in enumerate(record.events) if isinstance(e, Show)]
    first_show = record.events[shows[0]]
    assert isinstance(first_show, Show) and first_show.player == "Alice"
    assert record.position(shows[0]).line == 53
    assert replay_hand(record).final_stacks == WIKIPEDIA_FINAL
    assert pokerkit_final(FIXTURE.read_text()) == WIKIPEDIA_FINAL


def test_written_phh_reads_back_to_the_same_events_and_pokerkit_agrees() -> None:
    record = read_one(FIXTURE.read_text())
    result = replay_hand(record)
    text = write_phh(record, finishing_stacks=result.final_stacks)
    again = read_one(text)
    assert again.events[: len(record.events)] == record.events
    finals = [i for i, e in enumerate(again.events) if isinstance(e, FinalStack)]
    assert [again.events[i] for i in finals] == [
        FinalStack(name, amount) for name, amount in WIKIPEDIA_FINAL.items()
    ]
    # each claim at its own item of the finishing_stacks line, where a mismatch is reported
    (line,) = [n for n, t in enumerate(text.splitlines(), 1) if t.startswith("finishing_stacks")]
    written = text.splitlines()[line - 1]
    places = [again.position(i) for i in finals]
    assert {p.line for p in places} == {line}
    amounts = [written[p.column - 1 :].split(",")[0].rstrip("]") for p in places]
    assert amounts == [str(amount) for amount in WIKIPEDIA_FINAL.values()]
    assert replay_hand(again).violations == ()
    assert pokerkit_final(text) == WIKIPEDIA_FINAL


def test_players_default_to_p1_to_pn() -> None:
    text = FIXTURE.read_text().replace('players = ["Bob", "Carol", "Ted", "Alice"]', "")
    record = read_one(text)
    assert record.players == ("p1", "p2", "p3", "p4") and record.button == "p4"


HEADS_UP = """variant = "FB"
antes = [0, 0]
blinds_or_straddles = [5, 10]
small_bet = 10
big_bet = 20
starting_stacks = [100, 300]
actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 cbr 20", "p1 cbr 30", "p2 cc",
  "p1 sd ??", "p2 sd", "d dh p1 ??", "p1 cc", "p2 cbr 10", "p1 cc",
  "p1 sd", "p2 sd ??", "d dh p2 ??", "p1 cbr 20", "p2 cc",
  "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sm 2c3d4h5s", "p2 sm 2d3h4sKc"]
"""


def test_heads_up_button_posts_the_small_blind() -> None:
    """PokerKit reads the blind lists reversed heads-up: p2 (the button) posts 5, p1 posts 10;
    the button acts first before the draw and last after it (``000``)."""
    record = read_one(HEADS_UP)
    posts = [(e.player, e.kind, e.amount) for e in record.events if isinstance(e, Post)]
    assert posts == [("p2", "small-blind", 5), ("p1", "big-blind", 10)]
    ours = replay_hand(record).final_stacks
    assert ours == pokerkit_final(HEADS_UP) == {"p1": 160, "p2": 240}
    written = write_phh(record)
    assert "blinds_or_straddles = [5, 10]" in written
    assert pokerkit_final(written) == ours


def test_several_hands_in_one_phhs_document() -> None:
    one = FIXTURE.read_text()
    text = f"[1]\n{one}\n[2]\n{HEADS_UP}"
    items = list(read_phh(text, "two.phhs"))
    assert [i.players for i in items if isinstance(i, HandRecord)] == [
        ("Bob", "Carol", "Ted", "Alice"),
        ("p1", "p2"),
    ]
    second = items[1]
    assert isinstance(second, HandRecord)
    assert second.pos.line == one.count("\n") + 3  # the "[2]" line


def test_an_action_without_cards_is_one_event_wherever_it_recurs() -> None:
    """``p1 cc`` read twice as the same call, ``p2 sd`` standing pat in two hands: one event
    object each (events carry no position); the record's positions still tell the lines apart.
    Actions with cards make their own events."""
    text = f"[1]\n{HEADS_UP}\n[2]\n{HEADS_UP}"
    first, second = (i for i in read_phh(text, "two.phhs") if isinstance(i, HandRecord))
    for kind in (Action, Draw, Muck):
        for i, event in enumerate(first.events):
            if not isinstance(event, kind) or (isinstance(event, Draw) and event.count):
                continue
            twin = second.events[i]
            assert twin is event
            assert second.position(i).line > first.position(i).line
    pats = [i for i, e in enumerate(first.events) if e == Draw("p1", (), ())]
    assert len(pats) == 2 and first.events[pats[0]] is first.events[pats[1]]
    assert first.position(pats[0]).line < first.position(pats[1]).line
    shows = [i for i, e in enumerate(first.events) if isinstance(e, Show)]
    assert all(first.events[i] is not second.events[i] for i in shows)
    assert [first.events[i] for i in shows] == [second.events[i] for i in shows]


def test_other_variants_are_skipped_and_bad_toml_is_an_error() -> None:
    (skipped,) = read_phh(HEADS_UP.replace('"FB"', '"F2L3D"'), "x")
    assert isinstance(skipped, SkippedHand) and skipped.game == "PHH variant F2L3D"
    (bad,) = read_phh("variant = FB", "x")
    assert isinstance(bad, ImportFormatError) and bad.rule == "bad-phh"
    (nonsense,) = read_phh(HEADS_UP.replace('"p1 cbr 30"', '"p1 pb"'), "x")
    assert isinstance(nonsense, ImportFormatError) and nonsense.rule == "bad-phh"


def test_finishing_stacks_and_rake_are_claims_the_replay_checks() -> None:
    record = read_one(FIXTURE.read_text())
    text = write_phh(record, finishing_stacks={**WIKIPEDIA_FINAL, "Carol": 221})
    (outcome,) = replay_stream([read_one(text)])
    assert "final-stack" in {e.rule for e in outcome.errors}
    assert all(e.kind == "mismatch" for e in outcome.errors)
    raked = write_phh(record, rake=3)
    (outcome,) = replay_stream([read_one(raked)])
    assert outcome.result is not None and outcome.result.rake == 3


def _record(**settings: object) -> HandRecord:
    record = read_one(FIXTURE.read_text())
    return replace(record, settings=replace(record.settings, **settings))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "change",
    [
        {"game": "badacey"},
        {"structure": Structure("pot-limit")},
    ],
)
def test_what_phh_cannot_say_is_refused(change: dict[str, object]) -> None:
    with pytest.raises(ImportFormatError) as caught:
        write_phh(_record(**change))
    assert caught.value.rule == "phh-cannot-express"


def test_dead_blind_is_refused_not_written_wrongly() -> None:
    record = read_one(FIXTURE.read_text())
    dead = Post("Alice", "dead", 1, False)
    written = replace(
        record,
        events=(dead, *record.events),
        positions=(Position("t.phh", 7, 3), *record.positions),
    )
    with pytest.raises(ImportFormatError, match=r"posts a dead blind \(line 7\)"):
        write_phh(written)


def test_carried_stacks_must_be_given() -> None:
    record = read_one(FIXTURE.read_text())
    carried = replace(record, seats=tuple(replace(s, stack=None) for s in record.seats))
    with pytest.raises(ImportFormatError, match="starting stack is not known"):
        write_phh(carried)
    text = write_phh(carried, stacks={"Bob": 200, "Carol": 200, "Ted": 200, "Alice": 200})
    assert pokerkit_final(text) == WIKIPEDIA_FINAL


def test_settings_are_not_invented() -> None:
    assert GameSettings().structure.kind == "fixed-limit"  # the default a PHH FB hand needs
