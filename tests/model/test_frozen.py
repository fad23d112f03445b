"""The model's frozen classes (positions, events, the hand record, settings, games, chip values)
take equality, hash and ``repr`` from :mod:`badugi_ledger.model.frozen` instead of having the
dataclass compile its own per class at every start: these tests hold each class to a plain
frozen dataclass of the same fields, built from the same values."""

from __future__ import annotations

import copy
import dataclasses
import inspect
from typing import Any

import pytest

from badugi_ledger.hands import pots
from badugi_ledger.model import errors, events, games, money, settings
from badugi_ledger.model.errors import Position
from badugi_ledger.model.events import Deal, HandRecord, Post, Seat, Session
from badugi_ledger.model.frozen import (
    fields_eq,
    fields_hash,
    fields_repr,
    frozen_delattr,
    frozen_setattr,
)
from badugi_ledger.model.money import ChipValue
from badugi_ledger.model.settings import GameSettings, HouseRules, RakeRule, Structure
from tests.helpers.frozen_checks import check_like_the_dataclass, plain_twin

SHARING = sorted(
    (
        obj
        for module in (errors, events, games, money, settings, pots)
        for obj in vars(module).values()
        if isinstance(obj, type)
        and dataclasses.is_dataclass(obj)
        and obj.__module__ == module.__name__
    ),
    key=lambda c: c.__name__,
)
"""The model's frozen classes, and the awards of a pot (``hands.pots``: one per pot a hand
settles)."""

_SAMPLES: dict[type, Any] = {
    Position: Position("night.bhh", 3, 4),
    HouseRules: HouseRules("worst-seat", "five-card", True, "all-discards", 8, True, True, 3, 6),
    Structure: Structure("spread-limit", 0, 0, 3, 2, 4),
    RakeRule: RakeRule(5, 3, False),
    GameSettings: GameSettings(
        "badacey", Structure("pot-limit"), 1, 2, 1, RakeRule(5, 3), HouseRules(max_seats=6)
    ),
    games.Game: games.GAMES["badeucey"],
    pots.HalfAward: pots.HalfAward("badugi", 30, ("Noor",), ("4-card 4-3-2-A",), {"Noor": 30}),
    pots.Award: pots.Award(
        {"Noor": 30}, "Noor wins", (pots.HalfAward("badugi", 30, ("Noor",), ("4-3-2-A",), {}),)
    ),
    ChipValue: ChipValue(10, "EUR"),
    Session: Session("tournament", "Cup", "2024-03-08", "Pub", "S1", 1000, 500, (60, 40)),
    HandRecord: HandRecord(
        "7",
        GameSettings(),
        (Seat("Anna", 10, 1), Seat("Ben")),
        "Anna",
        (Post("Anna", "small-blind", 1), Deal("Ben", (None, None, None, None))),
        Session(chip_value=ChipValue(10, "EUR")),
        "table 1",
        Position("night.bhh", 3, 1),
        "text",
        "hand 7",
        True,
    ),
}


def _sample(cls: type) -> Any:
    """An instance with a distinct value in every field (an event's written-out ``__init__``
    checks nothing, so plain strings do)."""
    if cls in _SAMPLES:
        return _SAMPLES[cls]
    return cls(*(f"{f.name}-{i}" for i, f in enumerate(dataclasses.fields(cls))))


def test_every_frozen_class_of_the_model_shares_them() -> None:
    """All 29 (cards and results keep their own); none got a compiled method of its own."""
    assert len(SHARING) == 29
    for cls in SHARING:
        assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
        own = vars(cls)
        assert (own["__eq__"], own["__hash__"], own["__repr__"]) == (
            fields_eq,
            fields_hash,
            fields_repr,
        ), cls


@pytest.mark.parametrize("cls", SHARING, ids=[c.__name__ for c in SHARING])
def test_equality_hash_and_repr_are_the_dataclass_s(cls: type) -> None:
    check_like_the_dataclass(_sample(cls))


def test_a_value_that_holds_itself_shows_dots_as_the_dataclass_does() -> None:
    cards: list[Any] = []
    deal = Deal("Anna", cards)  # type: ignore[arg-type]
    cards.append(deal)
    twin_cards: list[Any] = []
    twin = plain_twin(Deal("Anna", twin_cards))  # type: ignore[arg-type]
    twin_cards.append(twin)
    assert repr(deal) == repr(twin)
    assert repr(deal) == "Deal(player='Anna', cards=[...])"


FROZEN_BY_SHARED = [cls for cls in SHARING if vars(cls).get("__setattr__") is frozen_setattr]


def test_every_class_with_a_written_out_constructor_is_frozen_by_the_shared_methods() -> None:
    """Every one of them has its ``__init__`` written out (the events, ``Seat``, ``Session``,
    ``HandRecord``, ``Position``, ``Game``, ``ChipValue``, ``HouseRules``, ``Structure``,
    ``RakeRule``, ``GameSettings``, a pot's ``Award`` and its ``HalfAward``) and compiles
    nothing: ``__setattr__``/``__delattr__`` are the shared ones, and they are still marked
    frozen."""
    written_out = {c for c in SHARING if not c.__dataclass_params__.init}  # type: ignore[attr-defined]
    assert set(FROZEN_BY_SHARED) == written_out == set(SHARING)
    for cls in FROZEN_BY_SHARED:
        assert vars(cls)["__delattr__"] is frozen_delattr
        assert cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


def _error(action: Any) -> tuple[type, str]:
    try:
        action()
    except Exception as exc:  # noqa: BLE001 - the error itself is compared
        return type(exc), str(exc)
    return type(None), ""


@pytest.mark.parametrize("cls", FROZEN_BY_SHARED, ids=[c.__name__ for c in FROZEN_BY_SHARED])
def test_the_shared_freezing_is_the_dataclass_s(cls: type) -> None:
    obj, twin = _sample(cls), plain_twin(_sample(cls))
    first = dataclasses.fields(cls)[0].name
    for name in (first, "not_a_field"):
        assert _error(lambda o=obj, n=name: setattr(o, n, 1)) == _error(
            lambda t=twin, n=name: setattr(t, n, 1)
        )
        assert _error(lambda o=obj, n=name: delattr(o, n)) == _error(
            lambda t=twin, n=name: delattr(t, n)
        )
    # Subclasses: a frozen dataclass may extend it, a plain one may not; a class that is no
    # dataclass may set its own attributes but never a field, as with the generated methods.
    for base in (cls, type(twin)):
        frozen_sub = dataclasses.dataclass(frozen=True)(type("Sub", (base,), {}))
        assert frozen_sub.__dataclass_params__.frozen  # type: ignore[attr-defined]
        with pytest.raises(TypeError, match="cannot inherit non-frozen dataclass"):
            dataclasses.dataclass(type("Sub", (base,), {}))
    plain_sub = type("Plain", (cls,), {})
    twin_sub = type("Plain", (type(twin),), {})
    one = plain_sub(*(getattr(obj, f.name) for f in dataclasses.fields(cls)))
    other = twin_sub(*(getattr(obj, f.name) for f in dataclasses.fields(cls)))
    one.extra = other.extra = 5
    assert one.extra == other.extra == 5
    del one.extra, other.extra
    assert _error(lambda: setattr(one, first, 1)) == _error(lambda: setattr(other, first, 1))


_COMPILES_WHILE_MAKING = """
import sys
from badugi_ledger.model.errors import NOWHERE, Position
from badugi_ledger.model.frozen import fields_eq, fields_hash, fields_repr, frozen_fields
compiled = []
sys.addaudithook(lambda event, _: compiled.append(event) if event in ("compile", "exec") else None)


@frozen_fields
class Made:
    __eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr

    player: str
    pos: Position = NOWHERE

    def __init__(self, player: str, pos: Position = NOWHERE) -> None:
        object.__setattr__(self, "__dict__", {"player": player, "pos": pos})


print(len(compiled))
"""


def test_making_a_class_frozen_by_the_shared_methods_compiles_nothing() -> None:
    """What ``frozen_fields`` is for: ``@dataclass(frozen=True)`` compiles ``__setattr__`` and
    ``__delattr__`` for every class at every start (two compiles), this compiles none."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", _COMPILES_WHILE_MAKING], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["0"]
    plain = _COMPILES_WHILE_MAKING.replace(
        "@frozen_fields",
        "@__import__('dataclasses').dataclass(frozen=True, init=False, eq=False, repr=False)",
    )
    done = subprocess.run([sys.executable, "-c", plain], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 2  # the check sees the dataclass's own compiles


def test_the_readers_too_large_number_behaves_as_a_dataclass() -> None:
    """A number above any amount as read (``TooLarge``) is frozen as the model's values are:
    it behaves as a plain frozen dataclass of its fields."""
    from badugi_ledger.text.transformer import TooLarge

    check_like_the_dataclass(TooLarge("9" * 30, Position("n.bhh", 4, 9)))


def test_a_raw_hands_written_out_init_makes_every_declared_field() -> None:
    """``RawHand`` declares its fields as a dataclass does and writes its ``__init__`` out
    (nothing compiled at start): it sets every declared field, in order; equality compares
    them, as the dataclass's did, and a raw hand (mutable) has no hash."""
    from badugi_ledger.text.transformer import RawHand

    at = Position("n.bhh", 3, 1)
    raw = RawHand("7", at, None, [], [], [])
    names = [f.name for f in dataclasses.fields(RawHand)]
    assert list(vars(raw)) == names
    assert [getattr(raw, name) for name in names] == ["7", at, None, [], [], []]
    assert raw == RawHand("7", at, None, [], [], [])
    assert raw != RawHand("8", at, None, [], [], [])
    assert (
        repr(raw)
        == f"RawHand(hand_id='7', pos={at!r}, button=None, seats=[], seat_pos=[], parts=[])"
    )
    with pytest.raises(TypeError):
        hash(raw)


def test_the_replays_frozen_values_behave_as_dataclasses() -> None:
    """A card that fits no unseen slot after a reshuffle (``Misfit``) and what a reshuffle
    made its new stub of (``Stock``) are frozen as the model's values are: each behaves as a
    plain frozen dataclass of its fields."""
    from badugi_ledger.replay.slot_times import Misfit, Stock

    for value in (Misfit(12, 2, 1), Stock(5, 3, 17)):
        check_like_the_dataclass(value)
        assert vars(type(value))["__setattr__"] is frozen_setattr


def _declared_default(f: dataclasses.Field[Any]) -> Any:
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return f.default


@pytest.mark.parametrize("made", ["table", "night"])
def test_the_replays_tallies_start_from_their_declared_defaults(made: str) -> None:
    """A table's state between hands (``TableState``) and a night's tally of carried pots
    (``PoolNight``) write their ``__init__`` out (nothing compiled at start): it sets every
    declared field, in order, to its declared default but what it is given; a mutable default
    is each instance's own; ``repr`` is the dataclass's; two tallies are two (identity)."""
    from badugi_ledger.replay.carried import TableState
    from badugi_ledger.replay.pools import PoolNight

    cls: type
    if made == "table":
        cls, given = TableState, {"night_before": None, "night": "n", "carried_elsewhere": ("x",)}
        one, other = TableState(night="n", carried_elsewhere=("x",)), TableState()
        assert vars(other) == {f.name: _declared_default(f) for f in dataclasses.fields(cls)}
    else:
        cls, given = PoolNight, {"date": "2024-03-08", "name": "Friday"}
        one, other = PoolNight("2024-03-08", "Friday"), PoolNight(None, "")
    assert cls.__init__.__code__.co_filename == inspect.getfile(cls)  # not compiled at start
    assert vars(cls)["__repr__"] is fields_repr
    fields = dataclasses.fields(cls)
    assert list(vars(one)) == [f.name for f in fields]
    assert vars(one) == {f.name: given.get(f.name, _declared_default(f)) for f in fields}
    for f in fields:
        if f.default_factory is not dataclasses.MISSING:
            assert getattr(one, f.name) is not getattr(other, f.name), f.name
    plain = dataclasses.make_dataclass(cls.__name__, [(f.name, f.type) for f in fields], eq=False)
    assert repr(one) == repr(plain(*vars(one).values()))
    same = copy.copy(one)
    assert same != one and one == one and hash(one) != hash(same)
    assert list(vars(same)) == [f.name for f in fields]
