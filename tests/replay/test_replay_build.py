"""``replay.build``: frozen results filled in one go must equal what their constructors make.

The replay builds a :class:`HandResult`, its :class:`PotResult`s and a :class:`HandOutcome`
for every hand without calling the generated ``__init__`` (a speed measure, issue 7).  That
is only right while those classes stay plain frozen dataclasses; these tests fail as soon as
one grows a ``__post_init__``, ``__slots__`` or a field the build does not give.
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from badugi_ledger.model.results import HandOutcome, HandResult, PotResult
from badugi_ledger.replay import replay_hand
from badugi_ledger.replay.build import build, buildable
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


def _constructed(obj: object) -> object:
    """The same object made by its constructor from its own field values."""
    values = {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}  # type: ignore[arg-type]
    return type(obj)(**values)


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


def test_outcome_equals_constructed_outcome() -> None:
    from badugi_ledger.replay import replay_stream

    (outcome,) = replay_stream([record(["Anna", "Ben"], "Anna", LINES)])
    assert isinstance(outcome, HandOutcome) and outcome.ok
    assert outcome == _constructed(outcome)
    assert list(vars(outcome)) == list(vars(_constructed(outcome)))


def test_defaults_and_missing_fields() -> None:
    pot = build(PotResult, {"name": "main", "amount": 4, "eligible": ("A",), "shares": {}})
    assert pot == PotResult("main", 4, ("A",), {})  # ``detail`` takes its default
    with pytest.raises(AssertionError):
        build(PotResult, {"name": "main", "amount": 4})


def test_only_plain_frozen_dataclasses_are_buildable() -> None:
    for good in (HandResult, PotResult, HandOutcome):
        assert buildable(good) is good

    @dataclasses.dataclass
    class Mutable:
        x: int

    @dataclasses.dataclass(frozen=True)
    class Checked:
        x: int

        def __post_init__(self) -> None:
            if self.x < 0:
                raise ValueError

    @dataclasses.dataclass(frozen=True, slots=True)
    class Slotted:
        x: int

    for bad in (Mutable, Checked, Slotted):
        with pytest.raises(TypeError):
            buildable(bad)
