"""What ``check`` does once per file of a folder of one-hand files, as PokerKit writes PHH
(one hand a file: the PHH dataset, the folder ``benchmarks/bench_phh_pokerkit.py`` checks):
each file's own work, and nothing that could be done once per run.

An import statement run inside a function costs the interpreter a module look-up and, for a
module that is no package, a failed look-up of its ``__path__`` (an ``AttributeError`` made
and dropped) every time it runs: about 9,000 instructions, against about 3 M a file.  The
modules a check of one file does not need are still imported where they are first needed,
but once.
"""

from __future__ import annotations

import builtins
import os
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path, PurePath
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from badugi_ledger.check import run_check
from badugi_ledger.cli.common import screen
from badugi_ledger.file_choice import history_files
from badugi_ledger.replay.pools import Pools
from badugi_ledger.sources import _head_lines, detect_text
from tests.helpers.paths import EXAMPLES, FIXTURES

HAND = (FIXTURES / "wikipedia_badugi.phh").read_text(encoding="utf-8")


def one_hand_files(folder: Path, count: int) -> Path:
    """``count`` one-hand PHH files of the Wikipedia hand, each its own hand (its ``hand``)."""
    folder.mkdir()
    for i in range(count):
        (folder / f"hand{i:03d}.phh").write_text(f'{HAND}hand = "{i + 1}"\n', encoding="utf-8")
    return folder


@contextmanager
def imports_in_functions() -> Iterator[Counter[str]]:
    """Count the import statements the package runs inside its functions meanwhile (a module's
    own imports, at its top, excepted)."""
    counted: Counter[str] = Counter()
    original = builtins.__import__

    def counting(name: str, *args: Any, **kwargs: Any) -> Any:
        caller = sys._getframe(1)
        module = caller.f_globals.get("__name__", "")
        if module.startswith("badugi_ledger") and caller.f_code.co_name != "<module>":
            counted[f"{module}.{caller.f_code.co_name}: {name}"] += 1
        return original(name, *args, **kwargs)

    builtins.__import__ = counting
    try:
        yield counted
    finally:
        builtins.__import__ = original


def report(folder: Path, json: bool = False) -> list[str]:
    """The text report of ``check FOLDER -j 1`` (or ``--json``'s lines), screened as the
    command prints it."""
    run = run_check([folder], jobs=1)
    return [line if json else screen(line) for line in run.lines(as_json=json)]


def test_a_check_of_several_files_runs_no_import_statement_per_file(tmp_path: Path) -> None:
    small, big = one_hand_files(tmp_path / "small", 2), one_hand_files(tmp_path / "big", 6)
    for json in (False, True):
        report(small, json)  # what is imported once is imported now
        with imports_in_functions() as for_two:
            lines = report(small, json)
        with imports_in_functions() as for_six:
            more = report(big, json)
        assert len(more) > len(lines)  # every file reported
        assert for_six == for_two, f"--json {json}"


def test_a_files_format_is_told_from_its_first_line_without_splitting_the_rest() -> None:
    """A one-hand PHH file is all head (its first 16 KiB, which its format is told from):
    its first line, ``variant = "FB"``, tells the format, and no later line is split off or
    stripped (each was, about 2,000 instructions a line, on every file)."""
    called: Counter[str] = Counter()

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "c_call":
            called[arg.__name__] += 1

    sys.setprofile(profile)
    try:
        found = detect_text(HAND[HAND.index("variant") :])  # (the comments before cut)
    finally:
        sys.setprofile(None)
    assert found == "phh"
    assert called["strip"] == 1 and called["splitlines"] == 1


@given(st.text(alphabet="ab #\r\n\v\f\x1c\x1d\x1e\x85\u2028\u2029\ufeff", max_size=40))
def test_the_head_is_looked_at_in_the_lines_python_splits_it_into(head: str) -> None:
    """What the format is told from: the lines of ``str.splitlines`` (every line break
    Python knows, ``\\r\\n`` one), the first 200 that hold anything, stripped."""
    assert list(_head_lines(head)) == head.splitlines()


def test_a_folders_files_come_in_the_order_of_their_paths_without_comparing_paths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder's files come sorted as ``Path``s are, part after part (``a/x`` before
    ``a.b/y`` and ``a-b/z``, which a plain sort of the texts puts first: ``.`` and ``-`` come
    before ``/``), but no two ``Path``s are compared: about eight comparisons in Python a
    file in a folder of 300."""
    names = ["a/x.phh", "a.b/y.phh", "a-b/z.phh", "a b/w.phh", "a.phh", "a/b/v.phh", "ab.phh"]
    names += ["a!/u.phh", "A/t.phh", "b/a/s.phh", "b/a.phh", "b.phh", "é/r.phh"]
    for name in names:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(HAND, encoding="utf-8")
    in_order = [path.relative_to(tmp_path) for path in sorted(tmp_path / n for n in names)]
    assert in_order != [Path(name) for name in sorted(names)]  # (a sort of the texts differs)
    compared = Counter[str]()

    def counted_lt(self: PurePath, other: PurePath) -> bool:
        compared["<"] += 1
        return bool(self._cparts < other._cparts)  # type: ignore[attr-defined]

    monkeypatch.setattr(PurePath, "__lt__", counted_lt)
    for top in (tmp_path, Path(os.path.relpath(tmp_path)), Path(f"{tmp_path}/./")):
        assert history_files([top]) == [top / path for path in in_order]
    assert compared["<"] == 0


def test_a_file_without_a_progressive_hand_is_passed_over_at_its_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What only a file's end tells is of its nights of carried pots (Progressive Badugi):
    a file without such a hand (the Wikipedia hand, a folder of PokerKit's) has none to
    walk, and its end says nothing; a file with one is still walked (``refused``, then
    ``last_week_unordered``)."""
    walked: Counter[str] = Counter()
    for name in ("refused", "last_week_unordered"):
        method = getattr(Pools, name)

        def counted(self: Pools, *args: Any, _method: Any = method, _name: str = name) -> Any:
            walked[_name] += 1
            return _method(self, *args)

        monkeypatch.setattr(Pools, name, counted)
    folder = one_hand_files(tmp_path / "plain", 1)
    assert report(folder)[-1].endswith("1 hand: 1 ok, 0 with violations, 0 with payout mismatches")
    assert walked == {}
    list(run_check([EXAMPLES / "progressive_night.bhh"], jobs=1).lines())
    assert walked["refused"] == 1
