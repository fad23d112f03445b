"""The events' written-out constructors (``events.py``: one fresh dict per instance, no
``object.__setattr__`` per field) make exactly what the dataclass's own ``__init__`` would make:
same signature, fields, defaults, errors for wrong calls, equality, hash, ``repr``, pickling and
``dataclasses.replace``.  The reference is the same fields as a plain frozen dataclass."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from typing import Any

import pytest

from badugi_ledger.model import events
from badugi_ledger.model.errors import Position

WRITTEN_OUT = sorted(
    (
        obj
        for obj in vars(events).values()
        if isinstance(obj, type)
        and dataclasses.is_dataclass(obj)
        and obj.__module__ == events.__name__
        and not obj.__dataclass_params__.init  # type: ignore[attr-defined]
    ),
    key=lambda c: c.__name__,
)


def test_every_event_class_and_seat_write_their_constructor_out() -> None:
    event_classes = set(events.Event.__args__)  # type: ignore[attr-defined]
    assert event_classes | {events.Seat} == set(WRITTEN_OUT)
    assert len(WRITTEN_OUT) == 15
    for cls in WRITTEN_OUT:
        assert "__init__" in vars(cls) and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]


def _reference(cls: type) -> type:
    """The same fields as a frozen dataclass with the generated ``__init__``."""
    return dataclasses.make_dataclass(
        cls.__name__,
        [(f.name, f.type, dataclasses.field(default=f.default)) for f in dataclasses.fields(cls)],
        frozen=True,
    )


def _values(cls: type) -> list[Any]:
    """A distinct value per field (types do not matter to either constructor)."""
    return [
        Position("f.bhh", i + 1, i + 2) if f.name == "pos" else f"{f.name}-{i}"
        for i, f in enumerate(dataclasses.fields(cls))
    ]


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
    assert vars(cls(*minimal)) == vars(reference(*minimal))
    # Equality, hash and repr are the dataclass's, over these values.
    again = cls(*values)
    assert built == again and hash(built) == hash(again) and built is not again
    assert repr(built) == repr(reference(*values))
    assert built != cls(*minimal) or len(minimal) == len(values)
    # Pickling and replace() give the same object; it stays frozen.
    assert pickle.loads(pickle.dumps(built)) == built
    first = fields[0].name
    assert vars(dataclasses.replace(built, **{first: "other"})) == {**named, first: "other"}
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
