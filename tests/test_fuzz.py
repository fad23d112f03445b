"""Fuzzing: mutated and random input to the parser, the site importers and the replay.

The only outcomes allowed are a result or a :class:`~badugi_ledger.model.errors.BadugiError` that
says where (a position) - never another exception.  Seeds for the mutations are our own
examples (``examples/*.bhh``), simulated hands of every game, and real site histories read
from ``shared/corpus`` at test time (not copied into the project; see corpus/SOURCES.md).
Example counts are modest (the suite must stay fast); the inputs are small, so a hang would
be an endless loop, not a slow case.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_ledger.model.cards import DECK, Card
from badugi_ledger.model.errors import BadugiError, ParseError
from badugi_ledger.model.events import (
    Action,
    Buy,
    CarryOut,
    Collect,
    Deal,
    Draw,
    FinalStack,
    HandRecord,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    Seat,
    Show,
    SitOut,
    StackChange,
)
from badugi_ledger.model.games import GAME_NAMES
from badugi_ledger.model.results import HandOutcome, HandResult
from badugi_ledger.model.settings import STRUCTURE_KINDS, GameSettings, HouseRules, Structure
from badugi_ledger.replay import replay_hand, replay_stream
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands, write_simulation
from badugi_ledger.sources import FORMATS, read_hands
from badugi_ledger.text.chunks import MAX_LISTED
from badugi_ledger.text.parse import parse_text
from badugi_ledger.text.writer import without_positions, write_hand
from tests.helpers.paths import CORPUS, EXAMPLES, FIXTURES

FUZZ = settings(
    max_examples=100,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def _simulated(game: str, seed: int) -> str:
    import io

    buf = io.StringIO()
    write_simulation(
        SimulationOptions(hands=4, players=4, game=game, seed=seed, session_hands=2),  # type: ignore[arg-type]
        buf,
    )
    return buf.getvalue()


TEXT_SEEDS: list[str] = [p.read_text(encoding="utf-8") for p in sorted(EXAMPLES.glob("*.bhh"))]
TEXT_SEEDS += [_simulated(game, i) for i, game in enumerate(GAME_NAMES)]

VOCABULARY = [
    *("hand ", "button ", "game ", "badugi", "badacey", "progressive badugi", " · ", ";"),
    *(":", "\n", "\r\n", "deal: ", "draw: ", "show: ", "final: ", "posts none", " posts "),
    *("small blind", " calls", " raises to ", " bets ", " folds", " checks", " all-in"),
    *(" collects ", "carry ", "pot ", "raked ", " rebuys ", " sits out", " tops up ", "As"),
    *("10♦", "??", " -> ", " pat", "0", "1", "7", "99999999999999999999999", "-1", '"'),
    *("Anna", "Ben", "\ufeff", "\t", "#", "fixed limit 2/4", "pot limit", "no limit"),
    *("spread limit 2-8", "blinds 1/2", "ante 1", "qualifier J", "house odd-chip worst-seat"),
    *("cap 1", "max-seats 2", "rake 5% cap 3", "currency USD", "with a buy", " buys "),
    *("tournament X", "payouts 50/30/20", "date 2024-13-45", "table T", "\x00", "é", "🂡"),
]


def _mutate(text: str, data: st.DataObject, tokens: list[str]) -> str:
    """Apply a few random edits: delete, duplicate, insert a token or junk, swap lines."""
    for _ in range(data.draw(st.integers(1, 6), label="edits")):
        if not text:
            text = data.draw(st.sampled_from(tokens))
        at = data.draw(st.integers(0, len(text)), label="at")
        size = data.draw(st.integers(0, 40), label="size")
        op = data.draw(st.sampled_from(["delete", "duplicate", "token", "junk", "swap"]))
        if op == "delete":
            text = text[:at] + text[at + size :]
        elif op == "duplicate":
            text = text[:at] + text[at : at + size] + text[at:]
        elif op == "token":
            text = text[:at] + data.draw(st.sampled_from(tokens)) + text[at:]
        elif op == "junk":
            text = text[:at] + data.draw(st.text(max_size=12), label="junk") + text[at:]
        else:
            lines = text.splitlines(keepends=True)
            if len(lines) > 1:
                i = data.draw(st.integers(0, len(lines) - 2))
                lines[i], lines[i + 1] = lines[i + 1], lines[i]
                text = "".join(lines)
    return text


def _assert_clean_outcomes(items: Iterable[HandRecord | BadugiError]) -> list[HandOutcome]:
    """Every item is a record or an error with a position; replaying them raises nothing."""
    items = list(items)
    for item in items:
        assert isinstance(item, HandRecord | BadugiError), type(item)
        if isinstance(item, BadugiError):
            assert item.position.source != "<input>" or item.position.line, repr(item)
    outcomes = list(replay_stream(items))
    assert len(outcomes) == len(items)
    for outcome in outcomes:
        if outcome.result is not None:
            assert outcome.result.balance() == 0
    return outcomes


# --- our text format ---------------------------------------------------------------------------


@FUZZ
@given(st.text(max_size=600))
def test_random_text_parses_to_records_or_positioned_errors(text: str) -> None:
    items = list(parse_text(text, "fuzz.bhh"))
    for item in items:
        assert isinstance(item, HandRecord | BadugiError)
        if isinstance(item, BadugiError):
            assert item.position.source == "fuzz.bhh" and item.position.line >= 1, repr(item)
    _assert_clean_outcomes(items)


@FUZZ
@given(st.data())
def test_mutated_hands_parse_and_replay_without_crashing(data: st.DataObject) -> None:
    text = _mutate(data.draw(st.sampled_from(TEXT_SEEDS)), data, VOCABULARY)
    items = list(parse_text(text, "mutated.bhh"))
    for item in items:
        if isinstance(item, BadugiError):
            assert item.position.source == "mutated.bhh" and item.position.line >= 1, repr(item)
    _assert_clean_outcomes(items)


@FUZZ
@given(st.data())
def test_parsing_is_the_same_twice(data: st.DataObject) -> None:
    """The reader caches entries it has read; a second read of the same text (the cache warm)
    must give exactly what the first gave."""
    text = _mutate(data.draw(st.sampled_from(TEXT_SEEDS)), data, VOCABULARY)
    first = [repr(item) if isinstance(item, BadugiError) else item for item in parse_text(text)]
    second = [repr(item) if isinstance(item, BadugiError) else item for item in parse_text(text)]
    assert first == second


def _errors(text: str, fast: bool) -> list[list[tuple[int, int, str]]]:
    """Each error of the reading of ``text``, with those it lists after it
    (``ParseError.others``), as (line, column, message)."""
    return [
        [(e.position.line, e.position.column, e.message) for e in (item, *item.others)]
        for item in parse_text(text, "mutated.bhh", fast=fast)
        if isinstance(item, ParseError)
    ]


@FUZZ
@given(st.data())
def test_every_bad_line_of_a_mutated_hand_is_listed_once_in_line_order(
    data: st.DataObject,
) -> None:
    """One run lists every mistake, each at its own line (README, "What check reports, in one
    run"): a hand's errors come in line order, each once, at most MAX_LISTED and one for the
    rest; a line that cannot be read is one error, and the mistakes the checks of a hand as a
    whole find may share a line (a hand line without its button and its seats: both); the
    fast path and Lark alone list the same ones."""
    text = _mutate(data.draw(st.sampled_from(TEXT_SEEDS)), data, VOCABULARY)
    errors = _errors(text, fast=True)
    for listed in errors:
        places = [(line, column) for line, column, _ in listed]
        assert places == sorted(places), listed
        assert len(set(listed)) == len(listed), listed
        assert len(listed) <= MAX_LISTED + 1
    assert errors == _errors(text, fast=False)


@FUZZ
@given(st.data())
def test_written_records_read_back_the_same(data: st.DataObject) -> None:
    """Whatever the parser accepts, the canonical writer writes back to the same record."""
    text = _mutate(data.draw(st.sampled_from(TEXT_SEEDS)), data, VOCABULARY)
    for item in parse_text(text):
        if isinstance(item, BadugiError):
            continue
        try:
            written = write_hand(item)
        except BadugiError:
            continue  # something the format cannot spell is refused, not mangled
        again = [r for r in parse_text(written) if isinstance(r, HandRecord)]
        assert len(again) == 1, written
        assert without_positions(again[0]) == without_positions(item), written


# --- site importers -----------------------------------------------------------------------------


def _corpus_seeds() -> list[tuple[str, bytes]]:
    """The first few hands (up to ~6 KB, cut at a line end) of each corpus file."""
    if not CORPUS.is_dir():
        pytest.fail(f"corpus not found at {CORPUS}; set BADUGI_SHARED to the shared/ folder")
    seeds = []
    for path in sorted(CORPUS.rglob("*.txt")):
        data = path.read_bytes()[:6000]
        cut = data.rfind(b"\n")
        seeds.append((path.parent.name, data[: cut + 1] if cut > 0 else data))
    fixture = FIXTURES / "wikipedia_badugi.phh"
    seeds.append(("phh", fixture.read_bytes()))
    return seeds


CORPUS_SEEDS = _corpus_seeds() if CORPUS.is_dir() else []


def _mutate_bytes(data: bytes, draw: st.DataObject) -> bytes:
    for _ in range(draw.draw(st.integers(1, 8), label="edits")):
        at = draw.draw(st.integers(0, len(data)), label="at")
        size = draw.draw(st.integers(0, 64), label="size")
        op = draw.draw(st.sampled_from(["delete", "duplicate", "bytes", "line", "truncate"]))
        if op == "delete":
            data = data[:at] + data[at + size :]
        elif op == "duplicate":
            data = data[:at] + data[at : at + size] + data[at:]
        elif op == "bytes":
            data = data[:at] + draw.draw(st.binary(max_size=16), label="bytes") + data[at:]
        elif op == "line":
            lines = data.splitlines(keepends=True)
            if lines:
                i = draw.draw(st.integers(0, len(lines) - 1))
                j = draw.draw(st.integers(0, len(lines) - 1))
                lines.insert(i, lines[j])
                data = b"".join(lines)
        else:
            data = data[:at]
    return data


def test_corpus_seeds_are_there() -> None:
    assert {"pokerstars", "fulltilt", "merge", "kingsclub", "winamax", "phh"} <= {
        kind for kind, _ in CORPUS_SEEDS
    }


@FUZZ
@given(data=st.data())
def test_mutated_site_histories_import_without_crashing(
    data: st.DataObject, tmp_path: Path
) -> None:
    kind, seed = data.draw(st.sampled_from(CORPUS_SEEDS), label="seed")
    path = tmp_path / f"mutated-{kind}.txt"
    path.write_bytes(_mutate_bytes(seed, data))
    fmt = data.draw(st.sampled_from([None, None, *FORMATS]), label="fmt")
    _assert_clean_outcomes(read_hands(path, fmt))


@FUZZ
@given(raw=st.binary(max_size=3000), fmt=st.sampled_from([None, *FORMATS]))
def test_random_bytes_import_without_crashing(raw: bytes, fmt: str | None, tmp_path: Path) -> None:
    path = tmp_path / "random.txt"
    path.write_bytes(raw)
    _assert_clean_outcomes(read_hands(path, fmt))


# --- the replay ---------------------------------------------------------------------------------

PLAYERS = ("A", "B", "C", "D")
_names = st.sampled_from([*PLAYERS, "Z"])  # Z is never seated
_amounts = st.one_of(st.none(), st.integers(-5, 60), st.sampled_from([0, 10**12]))
_card = st.one_of(st.none(), st.sampled_from(DECK))
_cards = st.lists(_card, max_size=6).map(tuple)

_events = st.one_of(
    st.builds(
        Post,
        _names,
        st.sampled_from(["small-blind", "big-blind", "ante", "dead", "straddle"]),
        _amounts,
        st.booleans(),
    ),
    st.builds(Deal, _names, _cards),
    st.builds(
        Action,
        _names,
        st.sampled_from(["fold", "check", "call", "bet", "raise"]),
        _amounts,
        st.booleans(),
    ),
    st.builds(Draw, _names, _cards, _cards),
    st.builds(Buy, _names, _card, _card, _amounts),
    st.builds(Show, _names, _cards),
    st.builds(Muck, _names),
    st.builds(Collect, _names, st.integers(-5, 200), st.sampled_from([None, "main", "side 1"])),
    st.builds(CarryOut, st.integers(-5, 200)),
    st.builds(RakeTaken, st.integers(-5, 50)),
    st.builds(PotTotal, st.integers(-5, 200)),
    st.builds(FinalStack, _names, st.integers(-5, 200)),
    st.builds(
        StackChange,
        _names,
        st.integers(-50, 100),
        st.sampled_from(["rebuy", "top-up", "add-on", "cash-out"]),
    ),
    st.builds(SitOut, _names),
)


@st.composite
def _settings(draw: st.DrawFn) -> GameSettings:
    game = draw(st.sampled_from(GAME_NAMES))
    kind = draw(st.sampled_from(STRUCTURE_KINDS))
    structure = (
        Structure("fixed-limit", 2, 4, cap=draw(st.integers(1, 5)))
        if kind == "fixed-limit"
        else Structure("spread-limit", spread_min=2, spread_max=8)
        if kind == "spread-limit"
        else Structure(kind)
    )
    house = HouseRules(
        heads_up_uncapped=draw(st.booleans()),
        reshuffle=draw(st.sampled_from(["exclude-own", "all-discards"])),
        redeal_posts=draw(st.booleans()),
        buy_price=draw(st.integers(0, 3)),
        half_bet_reopens=draw(st.booleans()),
    )
    with_buy = game == "progressive-badugi" and draw(st.booleans())
    small_blind = draw(st.integers(0, 2))  # never above a big blind (seed 000)
    return GameSettings(
        game,
        structure,
        small_blind,
        draw(st.just(0) | st.integers(small_blind, 3)),
        draw(st.integers(0, 1)),
        house=house,
        with_buy=with_buy,
    )


@st.composite
def _records(draw: st.DrawFn) -> tuple[HandRecord, dict[str, int], int]:
    count = draw(st.integers(2, 4))
    seats = tuple(
        Seat(name, draw(st.one_of(st.none(), st.integers(0, 60)))) for name in PLAYERS[:count]
    )
    events = tuple(draw(st.lists(_events, max_size=30)))
    record = HandRecord(
        "fuzz", draw(_settings()), seats, draw(st.sampled_from(PLAYERS[:count])), events
    )
    stacks = {s.name: draw(st.integers(0, 60)) for s in seats if draw(st.booleans())}
    return record, stacks, draw(st.sampled_from([0, 0, 7]))


def _replay_or_error(
    record: HandRecord, stacks: dict[str, int] | None = None, carry_in: int = 0
) -> HandResult | BadugiError:
    try:
        result = replay_hand(record, stacks=stacks, carry_in=carry_in)
    except BadugiError as exc:
        assert exc.message and exc.hand == record.hand_id
        return exc
    assert result.balance() == 0
    start = sum(result.starting_stacks.values()) + result.carry_in
    assert start == sum(result.final_stacks.values()) + result.rake + result.carry_out
    return result


@FUZZ
@given(_records())
def test_random_event_sequences_replay_or_raise_a_rule(
    case: tuple[HandRecord, dict[str, int], int],
) -> None:
    record, stacks, carry_in = case
    _replay_or_error(record, stacks, carry_in)


NEAR_LEGAL = [  # hands that state every stack (a carried Progressive Badugi pot aside)
    record
    for game in GAME_NAMES
    for structure in ("fixed-limit", "no-limit")
    for record in simulate_hands(
        SimulationOptions(
            hands=6,
            players=4,
            game=game,
            structure=structure,
            seed=31,
            session_hands=1,
            max_stack=15,
        )
    )
    if all(seat.stack is not None for seat in record.seats)
]


def _perturb(record: HandRecord, rng: random.Random) -> HandRecord:
    """One small change to a legal hand: an event dropped, repeated, moved, or one field
    (amount, player, verb, cards) changed."""
    events = list(record.events)
    i = rng.randrange(len(events))
    op = rng.choice(["drop", "repeat", "swap", "field", "field", "field"])
    if op == "drop":
        del events[i]
    elif op == "repeat":
        events.insert(i, events[i])
    elif op == "swap" and i + 1 < len(events):
        events[i], events[i + 1] = events[i + 1], events[i]
    else:
        ev = events[i]
        changes: dict[str, object] = {}
        for f in dataclasses.fields(ev):
            if f.name in ("amount", "price"):
                optional = isinstance(ev, Post | Action | Buy)  # the others' amount is an int
                choices = [-1, 0, 1, 3, 7, 50, 10**9] + ([None] if optional else [])
                changes[f.name] = rng.choice(choices)
            elif f.name == "player":
                changes[f.name] = rng.choice(record.players)
            elif f.name == "verb":
                changes[f.name] = rng.choice(["fold", "check", "call", "bet", "raise"])
            elif f.name in ("cards", "discards", "received"):
                value = list(getattr(ev, f.name))
                if value:
                    value[rng.randrange(len(value))] = rng.choice([None, *DECK[:8]])
                changes[f.name] = tuple(value)
            elif f.name in ("discard",) and isinstance(getattr(ev, f.name), Card | None):
                changes[f.name] = rng.choice([None, *DECK[:8]])
        if changes:
            key = rng.choice(sorted(changes))
            events[i] = dataclasses.replace(ev, **{key: changes[key]})  # type: ignore[arg-type]
    return dataclasses.replace(record, events=tuple(events))


@FUZZ
@given(st.sampled_from(NEAR_LEGAL), st.lists(st.integers(0, 2**32), min_size=1, max_size=3))
def test_near_legal_hands_replay_or_raise_a_rule(record: HandRecord, seeds: list[int]) -> None:
    """Simulated legal hands with one to three small changes: a result (with any mismatch as a
    violation) or an IllegalAction naming the rule - nothing else."""
    for seed in seeds:
        record = _perturb(record, random.Random(seed))
    outcome = _replay_or_error(record)
    if isinstance(outcome, BadugiError):
        assert outcome.rule, repr(outcome)


def test_unperturbed_near_legal_hands_are_legal() -> None:
    """The seeds of the test above are themselves clean (so the test perturbs legal hands)."""
    for record in NEAR_LEGAL:
        result = replay_hand(record)
        assert result.ok, (record.hand_id, result.violations)
