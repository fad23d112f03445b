"""``check`` says the import's warning of a new player whose name only looks like one met
before (docs/ledger.md, *Players and aliases*; the rule: ``known_as`` and
``look_alike_warning`` in ``badugi_ledger/ledger/players.py``, which both ask): ``Аnna`` with
a Cyrillic ``А`` (U+0410) is another player than ``Anna``, and the import warns under the file
that makes her.  ``check`` says it, a warning in the import's words at the hand the later
spelling is first met in, whether both are in one file or two, one process or two, text and
``--json``.  From ``examples/progressive_night.bhh`` (seed 002's night).
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.location import LEDGER_ENV
from tests.replay.test_progressive_carry import NIGHT

runner = CliRunner()

TEXT = NIGHT.read_text(encoding="utf-8")
CYRILLIC = "\u0410nna"
NEXT_WEEK = (
    TEXT.replace("Anna", CYRILLIC)
    .replace("cash Progressive night", "cash Progressive night two")
    .replace("2024-05-03", "2024-05-10")
)
"""The night a week later, Anna written with a Cyrillic ``А`` throughout."""
P3 = "hand P3 · button Ben · Anna · Ben · Cara · Dan"
ONE_FILE = (
    TEXT.replace(P3, f"hand P3 · button Ben · {CYRILLIC} 98 · Ben · Cara · Dan")
    .replace("Anna raises · Ben folds", f"{CYRILLIC} raises · Ben folds")
    .replace("Anna collects 5\nfinal: Anna 101", f"{CYRILLIC} collects 5\nfinal: {CYRILLIC} 101")
)
"""The night with hand P3's Anna (98 chips, as P2 left her) written with the Cyrillic ``А``."""


def _import_warnings(tmp_path: Path, paths: list[Path]) -> list[tuple[str, str]]:
    db = tmp_path / "empty.db"
    db.unlink(missing_ok=True)
    args = ["import", "--json", "--db", str(db), *map(str, paths)]
    out = runner.invoke(app, args, env={LEDGER_ENV: str(db)})  # (its commands said bare)
    files = json.loads(out.output)["files"]
    assert all(not f["rejections"] and f["error"] is None for f in files), files
    return [(f["source"], w) for f in files for w in f["warnings"]]


def _check(paths: list[Path], *options: str) -> list[str]:
    result = runner.invoke(app, ["check", *options, *map(str, paths)])
    assert result.exit_code == 0, result.output
    return result.output.splitlines()


def _said(paths: list[Path], warning: str, place: str) -> None:
    one = _check(paths, "--jobs", "1")
    assert one == _check(paths, "--jobs", "2")
    assert [line for line in one if "[player-look-alike]" in line] == [
        f"{place}: warning: {warning} [player-look-alike]"
    ], one
    objects = [json.loads(line) for line in _check(paths, "--json")]
    said = [
        (o["source"], o["hand"], w["line"], w["message"]) for o in objects for w in o["warnings"]
    ]
    source, line, _, hand = place.split(":")
    assert said == [(source, hand.removeprefix(" hand "), int(line), warning)]


def test_a_name_that_looks_like_one_in_a_file_before(tmp_path: Path) -> None:
    first, later = tmp_path / "first.bhh", tmp_path / "later.bhh"
    first.write_text(TEXT, encoding="utf-8")
    later.write_text(NEXT_WEEK, encoding="utf-8")
    ((source, warning),) = _import_warnings(tmp_path, [first, later])
    assert source == str(later)
    assert warning.startswith(f"'{CYRILLIC}', a new player, looks like 'Anna'")
    _said([first, later], warning, f"{later}:12:1: hand P1")
    assert _import_warnings(tmp_path, [later]) == []
    assert not any("look-alike" in line for line in _check([later]))


def test_both_spellings_in_one_file(tmp_path: Path) -> None:
    assert ONE_FILE.count(CYRILLIC) == 4
    night = tmp_path / "night.bhh"
    night.write_text(ONE_FILE, encoding="utf-8")
    ((_, warning),) = _import_warnings(tmp_path, [night])
    assert warning.startswith(f"'{CYRILLIC}', a new player, looks like 'Anna'")
    _said([night], warning, f"{night}:35:1: hand P3")


def test_a_name_only_in_hands_the_import_does_not_store_is_no_new_player(tmp_path: Path) -> None:
    """The night again with Anna written ``Аnna``, the same event: each hand is another
    version of one the first file holds, a conflict the import does not store, so no player
    ``Аnna`` is made and nothing is warned of; ``check`` says the conflicts, not the name."""
    first, again = tmp_path / "first.bhh", tmp_path / "again.bhh"
    first.write_text(TEXT, encoding="utf-8")
    again.write_text(TEXT.replace("Anna", CYRILLIC), encoding="utf-8")
    db = tmp_path / "empty.db"
    out = runner.invoke(app, ["import", "--json", "--db", str(db), str(first), str(again)])
    files = json.loads(out.output)["files"]
    assert files[1]["stored"] == 0 and len(files[1]["conflicts"]) == 3
    assert not any(f["warnings"] for f in files)
    for options in ((), ("--json",)):
        result = runner.invoke(app, ["check", *options, str(first), str(again)])
        assert "duplicate-hand" in result.output
        assert "look-alike" not in result.output and "looks like" not in result.output


def test_a_plain_name_but_for_case_or_a_blank_at_its_end(tmp_path: Path) -> None:
    """``anna`` in one night and ``"Anna "`` (a blank at its end) in the next, after ``Anna``:
    plain ASCII names that read as hers (docs/ledger.md, *Players and aliases*), each warned
    of by the import and said by ``check`` in its words, at the hand each is first met in."""
    first, second, third = (tmp_path / f"{k}.bhh" for k in "abc")
    first.write_text(TEXT, encoding="utf-8")
    second.write_text(
        NEXT_WEEK.replace(CYRILLIC, "anna").replace("night two", "night 2"), encoding="utf-8"
    )
    third.write_text(
        NEXT_WEEK.replace(CYRILLIC, '"Anna "').replace("2024-05-10", "2024-05-17"),
        encoding="utf-8",
    )
    warnings = _import_warnings(tmp_path, [first, second, third])
    assert [(source, w.split(",")[0]) for source, w in warnings] == [
        (str(second), "'anna'"),
        (str(third), "'Anna '"),
    ], warnings
    said = [line for line in _check([first, second, third]) if "[player-look-alike]" in line]
    assert said == [
        f"{second}:12:1: hand P1: warning: {warnings[0][1]} [player-look-alike]",
        f"{third}:12:1: hand P1: warning: {warnings[1][1]} [player-look-alike]",
    ], said
