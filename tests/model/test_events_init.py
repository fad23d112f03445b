"""The model's written-out constructors (the events, ``Seat``, ``Session``, ``Position``, the
settings, games and chip values: one fresh dict per instance, no ``object.__setattr__`` per
field) make exactly what the dataclass's own ``__init__`` would make: same signature, fields,
defaults, errors for wrong calls and for values the class refuses (``__post_init__``), equality,
hash, ``repr``, pickling and ``dataclasses.replace``.  The reference is the same fields as a plain
frozen dataclass with the same ``__post_init__``."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from typing import Any

import pytest

from badugi_ledger.model import errors, events, games, money, settings
from badugi_ledger.model.errors import ConfigError, Position
from badugi_ledger.model.settings import GameSettings, HouseRules, RakeRule, Structure

WRITTEN_OUT = sorted(
    (
        obj
        for module in (errors, events, games, money, settings)
        for obj in vars(module).values()
        if isinstance(obj, type)
        and dataclasses.is_dataclass(obj)
        and obj.__module__ == module.__name__
        and not obj.__dataclass_params__.init  # type: ignore[attr-defined]
    ),
    key=lambda c: c.__name__,
)

_VALID: dict[type, tuple[list[Any], Any]] = {
    HouseRules: (
        [
            "worst-seat",
            "five-card",
            True,
            "all-discards",
            8,
            True,
            True,
            3,
            6,
            False,
            "as-posted",
            "pokerkit",
            "all-to-first",
            False,
            "dead",
        ],
        "best-hand",
    ),
    Structure: (["spread-limit", 1, 2, 3, 1, 5], "pot-limit"),
    RakeRule: ([5, 3, False], 7),
    GameSettings: (
        ["badacey", Structure("pot-limit"), 3, 6, 1, RakeRule(5, 3), HouseRules(max_seats=6)]
        + [False, "USD"],
        "badeucey",
    ),
    events.HandRecord: (
        ["id-0", "settings-1", "seats-2", "button-3", ("e-4", "e-5"), "session-5", "table-6"]
        + [Position("f.bhh", 1, 2), "origin-8", "text-9", True]
        + [(Position("f.bhh", 2, 1), Position("f.bhh", 3, 1)), True, True, True, True]
        + [(("EUS", Position("f.bhh", 1, 10)),), (events.StatedFinish("Anna", 3, 160),)],
        "id-1",
    ),
}
"""Classes that check their values: distinct values they accept, and another first field."""


def test_every_event_class_and_the_model_s_values_write_their_constructor_out() -> None:
    event_classes = set(events.Event.__args__)  # type: ignore[attr-defined]
    others = {events.Seat, events.Session, events.HandRecord, Position, games.Game, money.ChipValue}
    others.add(events.StatedFinish)
    assert event_classes | others | set(_VALID) == set(WRITTEN_OUT)
    assert len(WRITTEN_OUT) == 27
    for cls in WRITTEN_OUT:
        assert "__init__" in vars(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


def _reference(cls: type) -> type:
    """The same fields as a frozen dataclass with the generated ``__init__`` (and the class's
    own ``__post_init__``, if any)."""
    post_init = vars(cls).get("__post_init__")
    return dataclasses.make_dataclass(
        cls.__name__,
        [(f.name, f.type, dataclasses.field(default=f.default)) for f in dataclasses.fields(cls)],
        frozen=True,
        namespace={"__post_init__": post_init} if post_init else None,
    )


def _values(cls: type) -> list[Any]:
    """A distinct value per field (types do not matter to a constructor that checks nothing)."""
    if cls in _VALID:
        return _VALID[cls][0]
    return [
        Position("f.bhh", i + 1, i + 2) if f.name == "pos" else f"{f.name}-{i}"
        for i, f in enumerate(dataclasses.fields(cls))
    ]


def _made(build: Any) -> Any:
    """What a constructor call makes: the instance's fields, or the error it raises."""
    try:
        return vars(build())
    except (TypeError, ValueError) as exc:
        return type(exc), str(exc)


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=[c.__name__ for c in WRITTEN_OUT])
def test_written_out_constructor_equals_the_generated_one(cls: type) -> None:
    reference = _reference(cls)
    ours, theirs = inspect.signature(cls.__init__), inspect.signature(reference.__init__)
    assert [(p.name, p.kind, p.default) for p in ours.parameters.values()] == [
        (p.name, p.kind, p.default) for p in theirs.parameters.values()
    ]
    assert [str(p.annotation) for p in list(ours.parameters.values())[1:]] == [
        str(f.type) for f in dataclasses.fields(cls)
    ]
    fields = dataclasses.fields(cls)
    values = _values(cls)
    required = [f for f in fields if f.default is dataclasses.MISSING]
    named = {f.name: v for f, v in zip(fields, values, strict=True)}
    # Every field by position, every field by keyword, only the required ones.
    built = cls(*values)
    assert vars(built) == vars(reference(*values)) == named
    assert list(vars(built)) == [f.name for f in fields]
    assert vars(cls(**named)) == vars(reference(**named)) == named
    minimal = values[: len(required)]
    assert _made(lambda: cls(*minimal)) == _made(lambda: reference(*minimal))
    # Equality, hash and repr are the dataclass's, over these values.
    again = cls(*values)
    assert built == again and hash(built) == hash(again) and built is not again
    assert repr(built) == repr(reference(*values))
    assert cls in _VALID or built != cls(*minimal) or len(minimal) == len(values)
    # Pickling and replace() give the same object; it stays frozen.
    assert pickle.loads(pickle.dumps(built)) == built
    first = fields[0].name
    other = _VALID[cls][1] if cls in _VALID else "other"
    assert vars(dataclasses.replace(built, **{first: other})) == {**named, first: other}
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(built, first, "x")
    # Wrong calls fail the same way.
    for args, kwargs in (
        (values + ["extra"], {}),
        ((), {"no_such_field": 1}),
        (values[:1], {first: values[0]}),
    ):
        with pytest.raises(TypeError):
            cls(*args, **kwargs)
        with pytest.raises(TypeError):
            reference(*args, **kwargs)
    if required:
        with pytest.raises(TypeError):
            cls()
        with pytest.raises(TypeError):
            reference()


def test_each_instance_owns_its_state() -> None:
    """Two events never share a dictionary, and building one keeps nothing of the caller's."""
    kwargs: dict[str, Any] = {"player": "Anna", "verb": "call", "amount": 2}
    one, two = events.Action(**kwargs), events.Action(**kwargs)
    assert vars(one) is not vars(two)
    kwargs["amount"] = 99
    assert one.amount == 2


@pytest.mark.parametrize(
    ("cls", "wrong"),
    [
        (HouseRules, {"odd_chip": "nobody"}),
        (HouseRules, {"reshuffle": "x" * 60}),
        (HouseRules, {"max_seats": 1}),
        (HouseRules, {"qualifier_max": 14}),
        (HouseRules, {"buy_price": -1}),
        (Structure, {"kind": "no-such"}),
        (Structure, {}),
        (Structure, {"kind": "spread-limit", "spread_min": 3, "spread_max": 2}),
        (Structure, {"kind": "pot-limit", "cap": 0}),
        (RakeRule, {"percent": 101}),
        (RakeRule, {"cap": -1}),
        (GameSettings, {"game": "holdem"}),
        (GameSettings, {"big_blind": -2}),
        (GameSettings, {"with_buy": True}),
    ],
)
def test_refused_values_are_refused_as_the_dataclass_refuses_them(
    cls: type, wrong: dict[str, Any]
) -> None:
    ours = _made(lambda: cls(**wrong))
    assert ours == _made(lambda: _reference(cls)(**wrong))
    assert ours[0] is ConfigError
