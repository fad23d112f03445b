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
import sys
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from badugi_ledger.check import run_check
from badugi_ledger.cli.common import screen
from tests.helpers.paths import FIXTURES

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
