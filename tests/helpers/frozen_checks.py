"""What the model's frozen classes are held to: an instance behaves as the same values in a
plain frozen dataclass would (equality, hash, ``repr``, copies, pickling, ``replace``, no
assignment), although its methods are the shared ones of ``badugi_ledger.model.frozen``."""

from __future__ import annotations

import copy
import dataclasses
import pickle
from typing import Any

import pytest


def plain_twin(obj: Any) -> Any:
    """The same values in a plain frozen dataclass of the same name and fields."""
    fields = dataclasses.fields(obj)
    plain = dataclasses.make_dataclass(
        type(obj).__name__, [(f.name, f.type) for f in fields], frozen=True
    )
    return plain(*(getattr(obj, f.name) for f in fields))


def _hash_or_error(obj: object) -> object:
    """The hash, or the error's type for a value holding mappings (as with the dataclass)."""
    try:
        return hash(obj)
    except TypeError as exc:
        return type(exc)


def check_like_the_dataclass(obj: Any) -> None:
    """Fail unless ``obj`` behaves as its :func:`plain_twin` does."""
    twin = plain_twin(obj)
    names = [f.name for f in dataclasses.fields(obj)]
    assert list(vars(obj)) == names  # what the shared methods rest on
    assert repr(obj) == repr(twin)
    assert _hash_or_error(obj) == _hash_or_error(twin)
    for same in (copy.copy(obj), pickle.loads(pickle.dumps(obj)), dataclasses.replace(obj)):
        assert same == obj and _hash_or_error(same) == _hash_or_error(obj)
        assert list(vars(same)) == names
    assert obj != twin and twin != obj  # another class is never equal
    assert obj != (*vars(obj).values(),)
    for name in names:  # each field takes part in equality, as in the dataclass
        changed, twin_changed = copy.copy(obj), copy.copy(twin)
        marker = object()
        object.__setattr__(changed, name, marker)
        object.__setattr__(twin_changed, name, marker)
        assert (changed != obj) and (twin_changed != twin)
        assert repr(changed) == repr(twin_changed)
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(obj, names[0], None)
