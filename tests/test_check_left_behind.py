"""``check`` says the import's warning of a carried Progressive Badugi pot that the next hand
played at its table takes only in part: the rest stays in ``*carry*`` for no hand (docs/ledger.md,
"Carried pots"; ``carry_left_behind``, ``badugi_ledger/ledger/carried_pots.py``, whose words
``check`` asks).  Seed 002: "the pot carries over" to the next hand, whole.

tests/replay/test_carry_pools.py's night: hand 2 carries 8 at table T (2024-05-03).  A night a
week later whose first hand takes 5 (``carry in 5``), or one two weeks later that takes none,
each alone clean.  The import warns under each file of the table; ``check`` says it once, at
the hand that takes less, whichever order the files come in, and of one file holding both
nights; one process or two, text and ``--json``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.location import LEDGER_ENV
from tests.replay.test_carry_pools import CARRIER, GAME, taker
from tests.replay.test_progressive_carry import NIGHT

runner = CliRunner()

NEXT = taker("cash Next · date 2024-05-10", 5).lstrip()
NONE = (
    f"{GAME}cash Later · date 2024-05-17\ntable T\n"
    "hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
    "Cara raises · Dan folds · Anna folds · Ben folds\nCara collects 5\n"
)
"""A night two weeks later at table T whose first hand takes no pot."""


def _import(tmp_path: Path, paths: list[Path]) -> list[dict[str, Any]]:
    db = tmp_path / "empty.db"
    db.unlink(missing_ok=True)
    args = ["import", "--json", "--db", str(db), *map(str, paths)]
    out = runner.invoke(app, args, env={LEDGER_ENV: str(db)})  # (its commands name no ledger)
    return list(json.loads(out.output)["files"])


def _import_warnings(tmp_path: Path, paths: list[Path]) -> set[str]:
    files = _import(tmp_path, paths)
    assert all(not f["rejections"] and f["error"] is None for f in files), files
    return {w for f in files for w in f["warnings"]}


def _check(paths: list[Path], *options: str, status: int = 0) -> list[str]:
    result = runner.invoke(app, ["check", *options, *map(str, paths)])
    assert result.exit_code == status, result.output
    return result.output.splitlines()


@pytest.mark.parametrize(
    ("later", "takes", "reverse"),
    [
        (NEXT, "takes 5 chips: 3 chips", False),
        (NONE, "takes none of it: 8 chips", False),
        (NONE, "takes none of it: 8 chips", True),
    ],
)
def test_a_pot_the_next_night_takes_in_part(
    tmp_path: Path, later: str, takes: str, reverse: bool
) -> None:
    night, taking = tmp_path / "night.bhh", tmp_path / "taking.bhh"
    night.write_text(CARRIER.lstrip(), encoding="utf-8")
    taking.write_text(later, encoding="utf-8")
    for alone in (night, taking):
        assert _import_warnings(tmp_path, [alone]) == set()
        assert not any("carry-left-behind" in line for line in _check([alone]))
    paths = [taking, night] if reverse else [night, taking]
    (warning,) = _import_warnings(tmp_path, paths)
    assert f"hand 2 of Night (2024-05-03) ({night})" in warning and takes in warning
    one = _check(paths, "--jobs", "1")
    assert one == _check(paths, "--jobs", "2")
    said = [line for line in one if "[carry-left-behind]" in line]
    assert said == [f"{taking}:5:1: hand 1: warning: {warning} [carry-left-behind]"], one
    assert one[-1].endswith(", 1 warning")
    objects = [json.loads(line) for line in _check(paths, "--json")]
    found = [(o["source"], o["line"], w["message"]) for o in objects for w in o["warnings"]]
    assert found == [(str(taking), 5, warning)]


def test_both_nights_in_one_file(tmp_path: Path) -> None:
    both = tmp_path / "both.bhh"
    both.write_text(CARRIER.lstrip() + "\n" + NEXT, encoding="utf-8")
    (warning,) = _import_warnings(tmp_path, [both])
    lines = _check([both])
    (said,) = [line for line in lines if "[carry-left-behind]" in line]
    assert said.endswith(f"hand 1: warning: {warning} [carry-left-behind]")


def test_a_pot_taken_whole_says_nothing(tmp_path: Path) -> None:
    night, taking = tmp_path / "night.bhh", tmp_path / "taking.bhh"
    night.write_text(CARRIER.lstrip(), encoding="utf-8")
    taking.write_text(taker("cash Next · date 2024-05-10", 8).lstrip(), encoding="utf-8")
    assert _import_warnings(tmp_path, [night, taking]) == set()
    assert not any("carry-left-behind" in line for line in _check([night, taking]))


def test_the_night_carrying_the_pot_a_file_before_took_in_part_is_refused_not_warned(
    tmp_path: Path,
) -> None:
    """Imported after the night that takes 5, the night carrying 8 is refused (its pot would
    be left in part: ``carry_shortfall``), not stored with a warning: ``check`` says no
    ``carry-left-behind`` but the import's refusal, in its words (the ``void`` command
    naming the event by its key, where the import names the ledger's id), an error at the
    refused file's first hand in the pool; one process or two, text and ``--json``."""
    night, taking = tmp_path / "night.bhh", tmp_path / "taking.bhh"
    night.write_text(CARRIER.lstrip(), encoding="utf-8")
    taking.write_text(NEXT, encoding="utf-8")
    first, second = _import(tmp_path, [taking, night])
    assert first["error"] is None and "3 chips would stay in *carry*" in second["error"]
    assert not first["warnings"] and not second["warnings"]
    refusal = second["error"].replace("--event 1 ", "--event 'cash|Next|2024-05-10' ", 1)
    assert refusal != second["error"]
    one = _check([taking, night], "--jobs", "1", status=1)
    assert one == _check([taking, night], "--jobs", "2", status=1)
    assert not any("carry-left-behind" in line for line in one)
    said = [line for line in one if "[carry-carried]" in line]
    assert said == [f"{night}:5:1: hand 1: {refusal} [carry-carried]"], one
    assert one[-2] == f"{night}: 2 hands: 1 ok, 1 with violations, 0 with payout mismatches"
    objects = [json.loads(line) for line in _check([taking, night], "--json", status=1)]
    found = [(o["source"], o["line"], e["message"]) for o in objects for e in o["errors"]]
    assert found == [(str(night), 5, refusal)]


def test_a_pot_the_hand_after_a_rejected_taker_leaves_in_one_night(tmp_path: Path) -> None:
    """``examples/progressive_night.bhh`` with hand P2, which takes P1's pot of 12, damaged
    (Cara draws 5 cards; seed 002 allows 4: ``draw-count``): the import stores P1 and P3, and
    P3, the next hand it holds at the table, takes none of the 12 - its warning, which
    ``check`` says at P3 (the pools count the hands the import stores, no other)."""
    text = NIGHT.read_text(encoding="utf-8")
    damaged = text.replace("draw: Cara 1 · Dan pat", "draw: Cara 5 · Dan pat", 1)
    assert damaged != text
    night = tmp_path / "night.bhh"
    night.write_text(damaged, encoding="utf-8")
    (file,) = _import(tmp_path, [night])
    (warning,) = file["warnings"]
    assert "hand P1 of Progressive night (2024-05-03)" in warning
    assert "but hand P3 of Progressive night (2024-05-03)" in warning
    lines = _check([night], status=1)
    assert f"{night}:35:1: hand P3: warning: {warning} [carry-left-behind]" in lines, lines
