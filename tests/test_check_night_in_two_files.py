"""``check`` of two files holding one night at one table holds the later file's hands to the
earlier file's as the import plays them: one night, its files in the order of their first
hand's number, not two nights of one date whose order nobody knows.

docs/ledger.md, "Carried pots": in a pool the pots pass in play order, "a night's files by the
number of their first hand"; only the pool's first hand takes a pot from before the ledger, on
its file's word.  ``CARRIER`` (tests/replay/test_carry_pools.py, seed 002's carry): hand 1 a
walk, hand 2 carries 8.  The first file holds the night with hand 2 damaged (Ben draws 5
cards; seed 000 allows 4: ``draw-count``), so the import stores hand 1 and rejects hand 2 and
its pot; the second file completes the night, hand 3 taking the 8 hand 2 carried (``carry in
8``, its stacks stated).  The import refuses the second file: hand 3 takes 8 chips, and the
hands before it (hand 1) carried none.  ``check`` said nothing (it held the two files' parts
of the night as two nights of one date, the later one's first hand free to take last week's
pot).  Now it says the import's refusal, word for word, at hand 3, a warning as every
refusal of carried pots across files is (a night imported before may hold the pot); one
process or two, text and ``--json``.  With hand 2 mended the night is whole and nothing is
said.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.replay.test_carry_pools import CARRIER

runner = CliRunner()

NIGHT = CARRIER.lstrip()
DAMAGED = NIGHT.replace(
    "draw: Ben 1 · Cara 1 · Dan 1 · Anna 1", "draw: Ben 5 · Cara 1 · Dan 1 · Anna 1", 1
)
REST = (
    NIGHT.split("hand 1 ·")[0]
    + "hand 3 · button Dan · Anna 97 · Ben 96 · Cara 101 · Dan 98\n"
    + "carry in 8\n"
    + "Anna bets · Ben folds · Cara folds · Dan folds\n"
    + "Anna collects 8\n"
)
"""The night's hand 3, in a file of its own: the redeal taking the pot of 8 hand 2 carried
(each of the four put 2 in it), Anna's bet uncalled."""


def _import(tmp_path: Path, paths: list[Path]) -> list[dict[str, Any]]:
    db = tmp_path / "empty.db"
    db.unlink(missing_ok=True)
    out = runner.invoke(app, ["import", "--json", "--db", str(db), *map(str, paths)])
    return list(json.loads(out.output)["files"])


def _check(paths: list[Path], *options: str) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["check", *options, *map(str, paths)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output.splitlines()


def _write(tmp_path: Path, first: str) -> list[Path]:
    paths = [tmp_path / "night.bhh", tmp_path / "rest.bhh"]
    paths[0].write_text(first, encoding="utf-8")
    paths[1].write_text(REST, encoding="utf-8")
    return paths


def test_the_rest_of_a_night_whose_carrier_the_first_file_could_not_store(
    tmp_path: Path,
) -> None:
    assert DAMAGED != NIGHT
    night, rest = paths = _write(tmp_path, DAMAGED)
    first, second = _import(tmp_path, paths)
    assert first["stored"] == 1 and [r["hand"] for r in first["rejections"]] == ["2"]
    refusal = second["error"]
    assert refusal is not None and "hand 3 of Night (2024-05-03)" in refusal
    assert "takes 8 chips of carried Progressive Badugi pots" in refusal
    one = _check(paths, "--jobs", "1")
    assert one == _check(paths, "--jobs", "2")
    said = [line for line in one[1] if "[carry-carried]" in line]
    assert said == [f"{rest}:5:1: hand 3: warning: {refusal} [carry-carried]"], one
    objects = [json.loads(line) for line in _check(paths, "--json")[1]]
    found = [
        (o["source"], w["line"], w["message"])
        for o in objects
        for w in o["warnings"]
        if w["rule"] == "carry-carried"
    ]
    assert found == [(str(rest), 5, refusal)]


def test_the_rest_of_a_night_whose_carrier_the_first_file_stored_is_said_nothing_of(
    tmp_path: Path,
) -> None:
    paths = _write(tmp_path, NIGHT)
    files = _import(tmp_path, paths)
    assert [(f["stored"], f["error"], f["warnings"]) for f in files] == [
        (2, None, []),
        (1, None, []),
    ]
    status, lines = _check(paths)
    assert status == 0 and not any("carry" in line for line in lines), lines


def test_a_later_files_part_that_comes_first_in_play_order_is_held_to_the_others(
    tmp_path: Path,
) -> None:
    """The same night's files given the other way round (``import rest.bhh night.bhh``):
    rest.bhh, stored first, is the night's only part, its hand 3 the pool's first hand, free
    to take last week's pot on its file's word.  Then night.bhh, whose part comes first in
    play order (its first hand's number, 1, before 3): with it, hand 3 is no longer the
    pool's first, and the hands before it (hand 1; hand 2 rejected) carried none of the 8 it
    takes, so the import refuses night.bhh, naming hand 3 of rest.bhh.  ``check`` says that
    refusal, word for word, at night.bhh's first hand in the pool (its report is the place:
    rest.bhh's is out already), a warning as every refusal of carried pots across files is;
    one process or two, text and ``--json``.  With hand 2 mended nothing is said."""
    night, rest = _write(tmp_path, DAMAGED)
    paths = [rest, night]
    first, second = _import(tmp_path, paths)
    assert first["stored"] == 1 and first["error"] is None
    refusal = second["error"]
    assert refusal is not None and f"hand 3 of Night (2024-05-03) ({rest}:5)" in refusal
    one = _check(paths, "--jobs", "1")
    assert one == _check(paths, "--jobs", "2")
    said = [line for line in one[1] if "[carry-carried]" in line]
    assert said == [f"{night}:5:1: hand 1: warning: {refusal} [carry-carried]"], one
    objects = [json.loads(line) for line in _check(paths, "--json")[1]]
    found = [
        (o["source"], w["line"], w["message"])
        for o in objects
        for w in o["warnings"]
        if w["rule"] == "carry-carried"
    ]
    assert found == [(str(night), 5, refusal)]
    night, rest = _write(tmp_path, NIGHT)
    assert [f["error"] for f in _import(tmp_path, [rest, night])] == [None, None]
    status, lines = _check([rest, night])
    assert status == 0 and not any("carry" in line for line in lines), lines
