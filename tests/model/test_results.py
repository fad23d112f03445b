"""How the replay's results are built (``results.py``): each result class has one constructor,
written out (one fresh dict per instance), which the replay calls like anyone else.  It must
make what the dataclass's own ``__init__`` would make, and a result that says it is frozen is
immutable: its mappings (stacks, contributions, payouts, a pot's shares) refuse changes, and
changing the dict a result was built from does not change the result.  Equality, hash and
``repr`` are the model's shared ones (``model/frozen.py``): they must give what the dataclass
would generate."""

from __future__ import annotations

import dataclasses
import inspect
import pickle
from typing import Any

import pytest

from badugi_ledger.model import results
from badugi_ledger.model.errors import Position
from badugi_ledger.model.frozen import (
    fields_eq,
    fields_hash,
    fields_repr,
    frozen_delattr,
    frozen_setattr,
)
from badugi_ledger.model.results import (
    HandOutcome,
    HandResult,
    Posting,
    PotResult,
    TableGap,
    Violation,
)
from badugi_ledger.replay import replay_hand, replay_stream
from tests.helpers.frozen_checks import check_like_the_dataclass
from tests.helpers.replay_builder import record

# A heads-up hand (000: the button posts the small blind and acts first before the first draw,
# last after it): checked down to a showdown; cards chosen for the test.
LINES = [
    "Anna posts sb",
    "Ben posts bb",
    "Anna deal As 2c 3d 4h",
    "Ben deal Ks Qc Jd Th",
    "Anna calls",
    "Ben checks",
    "Ben draws Ks > 9s",
    "Anna pat",
    "Ben checks",
    "Anna checks",
    "Ben pat",
    "Anna pat",
    "Ben checks",
    "Anna checks",
    "Ben pat",
    "Anna pat",
    "Ben checks",
    "Anna checks",
    "Anna shows As 2c 3d 4h",
    "Ben shows 9s Qc Jd Th",
    "Anna collects 4",
]
WRITTEN_OUT = (HandResult, PotResult, HandOutcome, Violation, Posting, TableGap)
MAPPINGS = ("starting_stacks", "contributions", "payouts", "final_stacks")


def _constructed(obj: object) -> object:
    """The same object made by its constructor from its own field values."""
    values = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}  # type: ignore[arg-type]
    return type(obj)(**values)


def _reference(cls: type) -> type:
    """The same fields as a frozen dataclass with the generated ``__init__``."""
    return dataclasses.make_dataclass(
        cls.__name__,
        [(f.name, f.type, dataclasses.field(default=f.default)) for f in dataclasses.fields(cls)],
        frozen=True,
    )


@pytest.mark.parametrize("cls", WRITTEN_OUT, ids=[c.__name__ for c in WRITTEN_OUT])
def test_written_out_constructor_has_the_dataclass_signature(cls: type) -> None:
    assert not cls.__dataclass_params__.init and cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    ours = inspect.signature(cls.__init__)
    theirs = inspect.signature(_reference(cls).__init__)
    assert [(p.name, p.kind, p.default) for p in ours.parameters.values()] == [
        (p.name, p.kind, p.default) for p in theirs.parameters.values()
    ]
    assert [str(p.annotation) for p in list(ours.parameters.values())[1:]] == [
        str(f.type) for f in dataclasses.fields(cls)
    ]
    # A distinct value per field: each lands in its own field, in declaration order.
    values: list[Any] = [
        {"k": i} if f.type.startswith("Mapping") else f"v{i}"
        for i, f in enumerate(dataclasses.fields(cls))
    ]
    built = cls(*values)
    assert list(vars(built)) == [f.name for f in dataclasses.fields(cls)]
    assert list(vars(built).values()) == values
    assert vars(cls(**dict(zip(vars(built), values, strict=True)))) == vars(built)


def test_replayed_result_equals_constructed_result() -> None:
    result = replay_hand(record(["Anna", "Ben"], "Anna", LINES))
    assert result.ok and dict(result.payouts) == {"Anna": 4}
    built: object
    for built in (result, *result.pots):
        made = _constructed(built)
        assert built == made
        assert repr(built) == repr(made)
        assert list(vars(built)) == list(vars(made))  # same fields, same order
        assert pickle.loads(pickle.dumps(built)) == made
        with pytest.raises(dataclasses.FrozenInstanceError):
            built.name = "x"  # type: ignore[attr-defined]  # still frozen


def test_outcome_equals_constructed_outcome_and_survives_pickling() -> None:
    """The parallel check and import send outcomes between processes."""
    (outcome,) = replay_stream([record(["Anna", "Ben"], "Anna", LINES)])
    assert isinstance(outcome, HandOutcome) and outcome.ok
    assert outcome == _constructed(outcome)
    assert list(vars(outcome)) == list(vars(_constructed(outcome)))
    back = pickle.loads(pickle.dumps(outcome))
    assert back == outcome and back.result is not None
    assert dict(back.result.final_stacks) == dict(outcome.result.final_stacks)  # type: ignore[union-attr]
    with pytest.raises(TypeError):
        back.result.payouts["Anna"] = 5  # type: ignore[index, union-attr]  # frozen again


def test_a_result_refuses_changes_to_its_mappings() -> None:
    result = replay_hand(record(["Anna", "Ben"], "Anna", LINES))
    for name in MAPPINGS:
        mapping = getattr(result, name)
        with pytest.raises(TypeError):
            mapping["Anna"] = 1_000_000
        with pytest.raises((TypeError, AttributeError)):
            mapping.clear()
    (pot,) = result.pots
    with pytest.raises(TypeError):
        pot.shares["Ben"] = 4  # type: ignore[index]
    assert dict(result.payouts) == {"Anna": 4} and dict(pot.shares) == {"Anna": 4}
    assert result.net == {"Anna": 2, "Ben": -2}


def test_a_result_keeps_its_own_copy_of_what_it_was_built_from() -> None:
    stacks = {"Anna": 10, "Ben": 10}
    shares = {"Anna": 4}
    pot = PotResult("main", 4, ("Anna", "Ben"), shares)
    result = replay_hand(record(["Anna", "Ben"], "Anna", LINES))
    copy = dataclasses.replace(result, starting_stacks=stacks, pots=(pot,))
    stacks["Anna"] = 0
    shares["Anna"] = 0
    assert copy.starting_stacks == {"Anna": 10, "Ben": 10}
    assert pot.shares == {"Anna": 4} and copy.pots[0].shares == {"Anna": 4}


def test_defaults() -> None:
    pot = PotResult("main", 4, ("A",), {})
    assert pot.detail == "" and dict(pot.shares) == {}
    assert pot == PotResult(name="main", amount=4, eligible=("A",), shares={}, detail="")
    with pytest.raises(TypeError):
        PotResult("main", 4)  # type: ignore[call-arg]


def test_every_result_class_is_written_out_and_shares_the_model_s_methods() -> None:
    """No class of ``results.py`` has the dataclass compile an ``__init__``, ``__eq__``,
    ``__hash__`` or ``__repr__`` of its own at every start."""
    classes = {
        obj
        for obj in vars(results).values()
        if isinstance(obj, type)
        and dataclasses.is_dataclass(obj)
        and obj.__module__ == results.__name__
    }
    assert classes == set(WRITTEN_OUT)
    for cls in classes:
        own = vars(cls)
        assert (own["__eq__"], own["__hash__"], own["__repr__"]) == (
            fields_eq,
            fields_hash,
            fields_repr,
        ), cls
        assert own["__init__"].__module__ == results.__name__
        assert (own["__setattr__"], own["__delattr__"]) == (frozen_setattr, frozen_delattr), cls


def _samples() -> list[object]:
    result = replay_hand(record(["Anna", "Ben"], "Anna", LINES))
    (outcome,) = replay_stream([record(["Anna", "Ben"], "Anna", LINES)])
    warning = Violation("stacks-unknown", "a warning", Position("night.bhh", 3, 4), "warning")
    return [
        result,
        *result.pots,
        *result.postings,
        outcome,
        warning,
        Violation("rule", "message"),
        TableGap("night.bhh", "table 1", warning),
    ]


@pytest.mark.parametrize("obj", _samples(), ids=lambda o: type(o).__name__)
def test_equality_hash_and_repr_are_the_dataclass_s(obj: Any) -> None:
    check_like_the_dataclass(obj)


def test_a_violation_keeps_its_defaults_and_order() -> None:
    assert Violation("rule", "message") == Violation("rule", "message", results.NOWHERE, "illegal")
    assert Violation(kind="warning", message="m", rule="r").as_dict() == {
        "line": results.NOWHERE.line,
        "column": results.NOWHERE.column,
        "rule": "r",
        "message": "m",
        "kind": "warning",
    }
    assert Posting("Anna", "blind", -1) == Posting(account="Anna", kind="blind", amount=-1)
