"""``check`` says the import's refusal of a hand dealt from stacks nobody knows (docs/ledger.md:
a hand that ``check`` could only check with stacks unknown - after a hand at its table that
failed, with no ``final:`` line that reads - is rejected, ``stack-unknown``: the ledger keeps
every player's stacks, and those are not known).

Hand 2 below cannot be read (``Ben foldz``) and has no ``final:`` line: hands 3 and 4 replay
cleanly from stacks nobody knows.  ``check`` warned at hand 3 (``stacks-unknown``) and called
both ok while the import rejected both.  Now each is *not settled* at its line in the import's
words (``ledger.rows.unknown_stacks_words``), one process or two, text and ``--json``, one file
or several.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.test_check_one_pass import FIRST

runner = CliRunner()

NIGHT = (
    FIRST
    + """
hand 2 · button Ben · Anna · Ben · Cara
Ben foldz · Cara folds
Anna collects 2

hand 3 · button Cara · Anna · Ben · Cara
Cara folds · Anna folds
Ben collects 2

hand 4 · button Anna · Anna · Ben · Cara
Anna folds · Ben folds
Cara collects 2
"""
)


def _import(tmp_path: Path, *paths: Path) -> list[dict[str, Any]]:
    db = tmp_path / "empty.db"
    out = runner.invoke(app, ["import", "--json", "--db", str(db), *map(str, paths)])
    files = json.loads(out.output)["files"]
    assert isinstance(files, list)
    return files


def _refused(file: dict[str, Any]) -> dict[int, str]:
    """The import's ``stack-unknown`` reasons of a file's rejected hands, by their line."""
    return {
        r["line"]: reason
        for r in file["rejections"]
        for reason in r["reasons"]
        if reason.endswith("[stack-unknown]")
    }


def test_check_says_the_import_s_refusal_of_a_hand_dealt_from_unknown_stacks(
    tmp_path: Path,
) -> None:
    night = tmp_path / "night.bhh"
    night.write_text(NIGHT, encoding="utf-8")
    (file,) = _import(tmp_path, night)
    refused = _refused(file)
    assert file["stored"] == 1 and sorted(refused) == [17, 21], file
    for jobs in ("1", "2"):
        out = runner.invoke(app, ["check", "--jobs", jobs, str(night)])
        assert out.exit_code == 1, out.output
        lines = out.output.splitlines()
        for line, reason in refused.items():
            hand = {17: "3", 21: "4"}[line]
            assert f"{night}:{line}:1: hand {hand}: not settled: {reason}" in lines, out.output
        assert lines[-1] == (
            f"{night}: 4 hands: 1 ok, 1 with violations, 0 with payout mismatches, "
            "2 not settled (information missing), 1 warning"
        ), out.output
    out = runner.invoke(app, ["check", "--json", str(night)])
    by_line = {hand["line"]: hand for hand in map(json.loads, out.output.splitlines())}
    for line, reason in refused.items():
        hand = by_line[line]
        assert not hand["ok"]
        said = [(e["rule"], e["kind"], f"{e['message']} [{e['rule']}]") for e in hand["errors"]]
        assert said == [("stack-unknown", "incomplete", reason)], hand


def test_a_check_of_several_files_says_it_too(tmp_path: Path) -> None:
    """The same night beside another file: its hands 3 and 4 are refused alike, and stored
    neither (the other file's hands of those numbers are no copy of them)."""
    night = tmp_path / "night.bhh"
    night.write_text(NIGHT, encoding="utf-8")
    other = tmp_path / "other.bhh"
    other.write_text(FIRST.replace("Anna 100", "Anna 90"), encoding="utf-8")
    files = _import(tmp_path, night, other)
    refused = _refused(files[0])
    assert sorted(refused) == [17, 21], files
    for jobs in ("1", "2"):
        out = runner.invoke(app, ["check", "--jobs", jobs, str(night), str(other)])
        lines = out.output.splitlines()
        for line, reason in refused.items():
            hand = {17: "3", 21: "4"}[line]
            assert f"{night}:{line}:1: hand {hand}: not settled: {reason}" in lines, out.output
        assert lines[-1].startswith("total (2 files): 5 hands: 2 ok,"), out.output
