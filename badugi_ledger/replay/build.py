"""Cheap construction of the frozen result dataclasses the replay returns for every hand.

A frozen dataclass's generated ``__init__`` sets each field through ``object.__setattr__``,
one call per field: a :class:`~badugi_ledger.model.results.HandResult` (14 fields) costs several
times more to build that way than to fill its ``__dict__`` in one go, and the replay builds one
result, its pots and an outcome per hand.  :func:`build` fills the instance dictionary directly,
fields in declaration order, defaults first (or, when the caller gives every field in that
order, takes the caller's dictionary as it is), so the object is indistinguishable from one made
by the constructor (equality, hash, ``repr``, ``vars``, pickling).

That is only sound for a frozen dataclass without ``__post_init__`` and without ``__slots__``:
:func:`buildable` checks it once per class, and ``tests/replay/test_replay_build.py`` checks that
:func:`build` gives what the constructor gives for every class built here.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_new = object.__new__
_set = object.__setattr__


class _Template:
    """Per class: the defaults to start from and the fields with a default factory."""

    __slots__ = ("defaults", "factories", "names", "required")

    def __init__(self, cls: type) -> None:
        self.names = [f.name for f in dataclasses.fields(cls)]
        """Every field, in declaration order."""
        self.defaults: dict[str, Any] = {}
        self.factories: list[tuple[str, Any]] = []
        required = []
        for f in dataclasses.fields(cls):
            if f.default is not dataclasses.MISSING:
                self.defaults[f.name] = f.default
            elif f.default_factory is not dataclasses.MISSING:
                self.defaults[f.name] = None  # placeholder: keeps the field order
                self.factories.append((f.name, f.default_factory))
            else:
                self.defaults[f.name] = None  # placeholder: keeps the field order
                required.append(f.name)
        self.required = frozenset(required)


_TEMPLATES: dict[type, _Template] = {}


def buildable(cls: type) -> type:
    """Check that :func:`build` may make instances of ``cls``; returns ``cls``."""
    params = getattr(cls, "__dataclass_params__", None)
    if (
        params is None
        or not params.frozen
        or hasattr(cls, "__post_init__")
        or "__slots__" in cls.__dict__
    ):
        raise TypeError(f"{cls.__name__} is not a plain frozen dataclass: build() cannot make it")
    _TEMPLATES[cls] = _Template(cls)
    return cls


def build(cls: type[T], values: dict[str, Any]) -> T:
    """An instance of the frozen dataclass ``cls`` (checked by :func:`buildable`) with
    ``values``; fields left out take their defaults, fields without a default must be given.

    ``values`` giving every field in declaration order (the replay's calls) becomes the
    instance dictionary itself: the caller hands over a dictionary it does not keep."""
    template = _TEMPLATES[cls]
    obj = _new(cls)
    if list(values) == template.names:
        _set(obj, "__dict__", values)
        return obj
    assert template.required <= values.keys(), f"{cls.__name__}: missing fields"
    state = obj.__dict__
    state.update(template.defaults)
    for name, factory in template.factories:
        state[name] = factory()
    state.update(values)
    return obj
