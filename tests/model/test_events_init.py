"""The events' quick constructor (``events._quick``) makes exactly what the dataclass's own
``__init__`` makes: same fields, same defaults, same errors for wrong calls, same equality,
hash, ``repr``, pickling and ``dataclasses.replace``."""

from __future__ import annotations

import dataclasses
import pickle
from typing import Any

import pytest

from badugi_ledger.model import events
from badugi_ledger.model.errors import Position

CLASSES = sorted(events.GENERATED_INIT, key=lambda c: c.__name__)


def test_every_plain_event_class_has_the_quick_constructor() -> None:
    plain = [
        obj
        for obj in vars(events).values()
        if isinstance(obj, type)
        and dataclasses.is_dataclass(obj)
        and obj.__module__ == events.__name__
        and obj is not events.HandRecord  # has a default factory: keeps the generated one
    ]
    assert set(plain) == set(CLASSES)
    assert len(CLASSES) >= 15


def _with_generated(cls: type, *args: Any, **kwargs: Any) -> Any:
    obj = object.__new__(cls)
    events.GENERATED_INIT[cls](obj, *args, **kwargs)
    return obj


def _values(cls: type) -> list[Any]:
    """A distinct value per field (types do not matter to either constructor)."""
    return [
        Position("f.bhh", i + 1, i + 2) if f.name == "pos" else f"{f.name}-{i}"
        for i, f in enumerate(dataclasses.fields(cls))
    ]


@pytest.mark.parametrize("cls", CLASSES, ids=[c.__name__ for c in CLASSES])
def test_quick_constructor_equals_the_generated_one(cls: type) -> None:
    fields = dataclasses.fields(cls)
    values = _values(cls)
    required = [f for f in fields if f.default is dataclasses.MISSING]
    # Every field by position, every field by keyword, only the required ones.
    quick, slow = cls(*values), _with_generated(cls, *values)
    assert quick == slow and hash(quick) == hash(slow) and repr(quick) == repr(slow)
    assert vars(quick) == vars(slow) and list(vars(quick)) == [f.name for f in fields]
    named = {f.name: v for f, v in zip(fields, values, strict=True)}
    assert cls(**named) == _with_generated(cls, **named) == quick
    minimal = values[: len(required)]
    assert vars(cls(*minimal)) == vars(_with_generated(cls, *minimal))
    # The same objects survive pickling and replace().
    assert pickle.loads(pickle.dumps(quick)) == quick
    first = fields[0].name
    assert dataclasses.replace(quick, **{first: "other"}) == _with_generated(
        cls, **{**named, first: "other"}
    )
    # Still frozen.
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(quick, first, "x")
    # Wrong calls fail the same way.
    for args, kwargs in (
        (values + ["extra"], {}),
        ((), {"no_such_field": 1}),
        (values[:1], {first: values[0]}),
    ):
        with pytest.raises(TypeError):
            cls(*args, **kwargs)
        with pytest.raises(TypeError):
            _with_generated(cls, *args, **kwargs)
    if required:
        with pytest.raises(TypeError):
            cls()
        with pytest.raises(TypeError):
            _with_generated(cls)
