"""``check``'s own classes (``FileSummary``, ``CheckRun``, ``CheckedFile``) write their
constructors out and take the model's shared equality and ``repr``, so starting ``check``
compiles none of the dataclass's methods; they behave as the dataclasses they were."""

from __future__ import annotations

import dataclasses
import pickle
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.check import CheckedFile, CheckRun, FileSummary


def _reference(cls: type, *, frozen: bool) -> type:
    fields = [
        (f.name, f.type, dataclasses.field(default=f.default, default_factory=f.default_factory))
        for f in dataclasses.fields(cls)
    ]
    return dataclasses.make_dataclass(cls.__name__, fields, frozen=frozen)


def _values(cls: type) -> list[Any]:
    return [f"{f.name}-{i}" for i, f in enumerate(dataclasses.fields(cls))]


@pytest.mark.parametrize(
    ("cls", "frozen"), [(FileSummary, False), (CheckRun, False), (CheckedFile, True)]
)
def test_each_is_its_dataclass(cls: type, frozen: bool) -> None:
    reference = _reference(cls, frozen=frozen)
    values = _values(cls)
    names = [f.name for f in dataclasses.fields(cls)]
    ours, theirs = cls(*values), reference(*values)
    assert list(vars(ours)) == names and vars(ours) == vars(theirs)
    assert vars(cls(**dict(zip(names, values, strict=True)))) == vars(theirs)
    assert repr(ours) == repr(theirs)
    assert ours == cls(*values) and ours != cls(*values[:-1], "other")
    assert ours != theirs  # another class
    assert vars(dataclasses.replace(ours, **{names[0]: "x"})) == {
        **vars(theirs),
        names[0]: "x",
    }
    assert pickle.loads(pickle.dumps(ours)) == ours
    if frozen:
        assert hash(ours) == hash(theirs)
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(ours, names[0], "y")
    else:
        with pytest.raises(TypeError):
            hash(ours)
        with pytest.raises(TypeError):
            hash(theirs)
    for args in ((*values, "extra"), ()):
        with pytest.raises(TypeError):
            cls(*args)
        with pytest.raises(TypeError):
            reference(*args)


def test_the_defaults_are_the_dataclass_s() -> None:
    assert vars(FileSummary("a.bhh")) == vars(_reference(FileSummary, frozen=False)("a.bhh"))
    run, twin = CheckRun([Path("a.bhh")]), _reference(CheckRun, frozen=False)([Path("a.bhh")])
    assert vars(run) == vars(twin)
    assert run.summaries is not CheckRun([Path("a.bhh")]).summaries  # a fresh list each


def test_all_ok_of_a_run_not_read_reads_it_first(tmp_path: Path) -> None:
    """``run_check(files).all_ok`` answers for the hands, not for an empty run: a file with a
    wrong collection is not ok though nothing was iterated; a run left half way is no answer."""
    from badugi_ledger.check import run_check

    night = tmp_path / "night.bhh"
    hand = (
        "hand {n} · button Ben · Anna 100 · Ben 100\n"
        "Ben posts sb 1 · Anna posts bb 2\nBen folds\nAnna collects {won}\n"
    )
    night.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        + hand.format(n=1, won=3)
        + hand.format(n=2, won=9),
        encoding="utf-8",
    )
    assert not run_check([night], jobs=1).all_ok
    run = run_check([night], jobs=1)
    outcomes = run.outcomes()
    next(outcomes)  # the first hand only: it is ok, the second is not
    with pytest.raises(RuntimeError, match="not read to its end"):
        run.all_ok  # noqa: B018
    assert list(outcomes) and not run.all_ok
