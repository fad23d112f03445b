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
"""

from __future__ import annotations

from reprlib import recursive_repr


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
