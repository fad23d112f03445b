"""``check`` of a site's file beside its converted copy says what ``import`` of both says.

A hand's identity in the ledger names the format it was read from (docs/ledger.md,
*Fingerprints*: the reader, ``origin``, is digested first), so a file converted with
``convert --to text`` or ``--to phh`` and imported beside its source is a conflict for each
hand: nothing stored twice, exit status 1, and the report says "the ledger holds it as read
from a 'pokerstars' file, this file is 'text' (the same hand converted to another format?)"
(docs/importers.md, ``convert``; ``tests/test_import_convert.py``).  ``check`` of the same
files must say that conflict at each hand of the later file, in the import's words, as an
error - not that the import stores the hand once as a duplicate (a warning, exit 0).

The real hands: PokerStars' Badugi cash night ``Badugi-USD-0.25-0.50-201009.txt`` (4 hands;
two of them post a blind out of position, which PHH cannot say, so its ``.phh`` copy holds 2)
and its tournament ``LBad-USD-SNG8-201011.txt`` (104 hands).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.convert import convert_file

runner = CliRunner()
CASH = "pokerstars/Badugi-USD-0.25-0.50-201009.txt"
SNG = "pokerstars/LBad-USD-SNG8-201011.txt"


def _pair(corpus_dir: Path, tmp_path: Path, name: str, to: str) -> tuple[Path, Path]:
    """The corpus file copied into ``tmp_path`` and its conversion to ``to`` beside it."""
    source = tmp_path / "site.txt"
    shutil.copyfile(corpus_dir / name, source)
    copy = tmp_path / ("copy.phh" if to == "phh" else "copy.bhh")
    with copy.open("w", encoding="utf-8") as out:
        report = convert_file(source, to, out)
    assert report.written > 0
    return source, copy


def _imported(paths: list[Path], db: Path) -> tuple[int, dict[tuple[str, int], str]]:
    """The import's exit status into an empty ledger and its conflicts: each hand's file and
    line -> what the import says of it (its differences, as its text report joins them)."""
    result = runner.invoke(app, ["import", "--db", str(db), "--json", *map(str, paths)])
    report = json.loads(result.stdout)
    conflicts = {
        (c["source"], c["line"]): "; ".join(c["differences"])
        for f in report["files"]
        for c in f["conflicts"]
    }
    assert report["rejected"] == 0 and report["duplicate"] == 0
    return result.exit_code, conflicts


def _checked(paths: list[Path], jobs: int, *options: str) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["check", "--jobs", str(jobs), *options, *map(str, paths)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout.splitlines()


@pytest.mark.parametrize(
    ("name", "to", "copy_first"),
    [
        (CASH, "text", False),
        (CASH, "phh", False),
        (CASH, "text", True),
        (SNG, "text", False),
        (SNG, "phh", False),
    ],
)
def test_a_site_file_beside_its_converted_copy_is_the_import_s_conflict_at_each_hand(
    corpus_dir: Path, tmp_path: Path, name: str, to: str, copy_first: bool
) -> None:
    source, copy = _pair(corpus_dir, tmp_path, name, to)
    paths = [copy, source] if copy_first else [source, copy]
    status, conflicts = _imported(paths, tmp_path / "club.db")
    later = paths[1]
    assert status == 1 and conflicts and {at[0] for at in conflicts} == {str(later)}
    assert all(
        "(the same hand converted to another format?)" in said for said in conflicts.values()
    )

    one = _checked(paths, 1)
    assert one == _checked(paths, 2)
    checked, lines = one
    assert checked == status
    said = {}
    for line in lines:
        if line.endswith("[duplicate-hand]"):
            where, _, rest = line.partition(": hand ")
            path, at, _ = where.rsplit(":", 2)
            said[(path, int(at))] = rest
    assert set(said) == set(conflicts)
    for at, words in conflicts.items():
        text = said[at]
        assert ": warning: " not in text, text  # (an error: the import's exit status 1)
        assert text.endswith(f"conflict, not stored: {words} [duplicate-hand]"), (text, words)

    json_one = _checked(paths, 1, "--json")
    assert json_one == _checked(paths, 2, "--json") and json_one[0] == status
    objects: list[dict[str, Any]] = [json.loads(line) for line in json_one[1]]
    found = {
        (o["source"], e["line"]): e
        for o in objects
        for e in [*o["errors"], *o["warnings"]]
        if e["rule"] == "duplicate-hand"
    }
    assert set(found) == set(conflicts)
    for at, words in conflicts.items():
        assert found[at]["kind"] == "illegal"
        assert found[at]["message"].endswith(f"conflict, not stored: {words}")
