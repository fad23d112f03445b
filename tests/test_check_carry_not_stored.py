"""``check`` of one file says the import's ``carry-not-stored`` refusal: a hand that takes the
Progressive Badugi pot a hand the import rejects carried is not stored either (docs/ledger.md,
"Carried pots"; the rule: :class:`badugi_ledger.ledger.rows.UnstoredCarries`).

``examples/progressive_night.bhh`` (seed 002): hand P1 carries 12 and P2 takes it.  With P1
damaged (Ben draws 5 cards, seed 002's draw of at most 4: ``draw-count``) and P2's stacks
stated, P2 replays cleanly - ``check`` called it ok while the import rejected it for the pot it
takes.  Now ``check`` says the import's reason at P2's line, an error, one process or two,
text and ``--json``; the file's other hands stay as they were.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.replay.test_progressive_carry import NIGHT

runner = CliRunner()

TEXT = NIGHT.read_text(encoding="utf-8")
DAMAGED = TEXT.replace(
    "draw: Anna 2 · Ben 1 · Cara 1 · Dan 2", "draw: Anna 2 · Ben 5 · Cara 1 · Dan 2", 1
).replace(
    "hand P2 · button Anna · Anna · Ben · Cara · Dan",
    "hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98",
    1,
)


def _import(tmp_path: Path, path: Path) -> dict[str, Any]:
    db = tmp_path / "empty.db"
    out = runner.invoke(app, ["import", "--json", "--db", str(db), str(path)])
    (file,) = json.loads(out.output)["files"]
    assert isinstance(file, dict)
    return file


def _check(path: Path, *options: str) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["check", *options, str(path)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output.splitlines()


def test_check_says_the_import_s_refusal_of_the_hand_taking_a_rejected_hand_s_pot(
    tmp_path: Path,
) -> None:
    assert DAMAGED.count("Ben 5") == 1 and "Anna 98 · Ben 96" in DAMAGED
    night = tmp_path / "night.bhh"
    night.write_text(DAMAGED, encoding="utf-8")
    file = _import(tmp_path, night)
    rejected = {r["hand"]: r for r in file["rejections"]}
    assert sorted(rejected) == ["P1", "P2"] and file["stored"] == 1
    (reason,) = rejected["P2"]["reasons"]
    assert reason.endswith(" [carry-not-stored]")
    line = rejected["P2"]["line"]
    one = _check(night, "--jobs", "1")
    assert one == _check(night, "--jobs", "2")
    status, lines = one
    assert status == 1
    assert f"{night}:{line}:1: hand P2: {reason}" in lines
    assert lines[-1] == (f"{night}: 3 hands: 1 ok, 2 with violations, 0 with payout mismatches"), (
        lines
    )
    objects = {o["hand"]: o for o in map(json.loads, _check(night, "--json")[1])}
    assert [o["ok"] for o in objects.values()] == [False, False, True]
    (error,) = objects["P2"]["errors"]
    assert f"{error['message']} [{error['rule']}]" == reason and error["line"] == line


def test_the_undamaged_night_takes_its_pot_without_a_word() -> None:
    """Undamaged, P2 takes the pot P1 carried and the night is clean: only a rejected
    carrier's pot is refused."""
    from badugi_ledger.check import run_check

    night = NIGHT
    run = run_check([night], jobs=1)
    list(run.lines())
    assert run.all_ok
