"""Equality, hash and ``repr`` written once for the frozen dataclasses of the model.

Why: ``@dataclass`` compiles each method it generates from source text when the class is made,
at every start of the program: five compiles for a frozen class (``__eq__``, ``__hash__``,
``__repr__``, ``__setattr__``, ``__delattr__``), the most expensive part of making it, and the
model's two dozen classes are made by every command before its first hand.  So those classes
take these three functions instead (``@dataclass(frozen=True, eq=False, repr=False)`` and
``__eq__, __hash__, __repr__ = fields_eq, fields_hash, fields_repr`` in the body) and the
dataclass compiles only what freezes them.

They compute what the generated methods compute, given what holds for every such class: an
instance's dictionary is exactly its fields, in field order (its ``__init__``, generated or
written out, sets each field once, in order, and a frozen instance takes no other attribute),
and every field takes part in equality, hashing and ``repr`` (no ``field(compare=False)``).
``tests/model/test_frozen.py`` holds each class to a plain frozen dataclass of the same fields.

A class whose ``__init__`` is written out (the events, see :mod:`badugi_ledger.model.events`)
goes one step further with :func:`frozen_fields`: it is frozen by the two methods below, shared,
instead of two more compiled per class (``__setattr__``, ``__delattr__``), so making it compiles
nothing at all.
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from reprlib import recursive_repr
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


def fields_eq(self: object, other: object) -> bool:
    """``self == other``: the same class, and equal fields in field order (the dataclass's
    ``__eq__``); another class is ``NotImplemented``."""
    if other.__class__ is self.__class__:
        return self.__dict__ == other.__dict__
    return NotImplemented


def fields_hash(self: object) -> int:
    """The hash of the tuple of the fields (the dataclass's ``__hash__``)."""
    return hash(tuple(self.__dict__.values()))


@recursive_repr()
def fields_repr(self: object) -> str:
    """``Name(field=value, …)`` (the dataclass's ``__repr__``, ``...`` where it recurses)."""
    shown = ", ".join(f"{name}={value!r}" for name, value in self.__dict__.items())
    return f"{self.__class__.__qualname__}({shown})"


def frozen_setattr(self: object, name: str, value: Any) -> None:
    """The frozen dataclass's ``__setattr__``: a field, or any name on the class itself, cannot
    be assigned (:class:`~dataclasses.FrozenInstanceError`); a subclass's own attributes can."""
    cls = type(self)
    if "__setattr__" in cls.__dict__ or name in cls.__dataclass_fields__:  # type: ignore[attr-defined]
        raise FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def frozen_delattr(self: object, name: str) -> None:
    """The frozen dataclass's ``__delattr__`` (see :func:`frozen_setattr`)."""
    cls = type(self)
    if "__delattr__" in cls.__dict__ or name in cls.__dataclass_fields__:  # type: ignore[attr-defined]
        raise FrozenInstanceError(f"cannot delete field {name!r}")
    object.__delattr__(self, name)


@dataclass_transform(frozen_default=True, eq_default=False)
def frozen_fields(cls: type[T]) -> type[T]:
    """``@dataclass(frozen=True, init=False, eq=False, repr=False)`` for a class whose
    ``__init__`` is written out and whose body takes :func:`fields_eq`, :func:`fields_hash` and
    :func:`fields_repr`: the same dataclass (fields, ``replace``, pickling, marked frozen for
    subclasses), frozen by :func:`frozen_setattr` and :func:`frozen_delattr`, nothing compiled."""
    cls.__setattr__ = frozen_setattr  # type: ignore[method-assign]
    cls.__delattr__ = frozen_delattr  # type: ignore[method-assign]
    made = dataclass(init=False, eq=False, repr=False)(cls)
    made.__dataclass_params__.frozen = True  # type: ignore[attr-defined]  # as dataclass marks it
    return made
