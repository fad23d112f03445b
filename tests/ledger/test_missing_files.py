"""An import of a folder says each night file the ledger counts hands from that the folder no
longer holds, and voids nothing (docs/ledger.md *Import*, the documented house rule: money is
never wrong silently; a file may be missing for a moment, a sync or a disk not mounted)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.helpers.paths import EXAMPLES

runner = CliRunner()


def _season(tmp_path: Path) -> Path:
    """A season folder of two nights (the bundled examples), imported once."""
    season = tmp_path / "season"
    season.mkdir()
    shutil.copy(EXAMPLES / "home_session.bhh", season / "a.bhh")
    shutil.copy(EXAMPLES / "badugi_pot_limit.bhh", season / "b.bhh")
    return season


@pytest.mark.parametrize("replace", [False, True])
def test_a_deleted_night_file_is_said_with_what_to_do(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, replace: bool
) -> None:
    monkeypatch.chdir(tmp_path)
    _season(tmp_path)
    first = runner.invoke(app, ["import", "season", "--db", "club.db"])
    assert first.exit_code == 0, first.output
    assert "warning" not in first.output
    (tmp_path / "season" / "b.bhh").unlink()
    again = ["import", "season", "--db", "club.db"] + (["--replace"] if replace else [])
    said = runner.invoke(app, again)
    assert said.exit_code == 0, said.output
    line = next(x for x in said.output.splitlines() if "season/b.bhh" in x)
    assert line.startswith("warning: season/b.bhh: no longer in its folder")
    assert "1 hand (Pot-limit Tuesday (1 hand))" in line
    assert "--renamed-from season/b.bhh" in line
    assert "badugi-ledger void --event 'Pot-limit Tuesday'" in line
    as_json = runner.invoke(app, [*again, "--json"])
    warnings = json.loads(as_json.output)["warnings"]
    assert len(warnings) == 1 and warnings[0].startswith("season/b.bhh: no longer")
    voided = runner.invoke(app, ["import", "season", "--db", "club.db"])
    assert "no longer in its folder" in voided.output  # still said: the ledger voided nothing


def test_an_absolute_folder_and_a_night_emptied_into_another(tmp_path: Path) -> None:
    """The stateful model's case: a file emptied into another night's file and removed."""
    season = _season(tmp_path)
    db = str(tmp_path / "club.db")
    assert runner.invoke(app, ["import", str(season), "--db", db]).exit_code == 0
    night = (season / "b.bhh").read_text()
    with (season / "a.bhh").open("a") as a:
        a.write("\n" + night)
    (season / "b.bhh").unlink()
    said = runner.invoke(app, ["import", str(season), "--db", db, "--json"])
    warnings = json.loads(said.output)["warnings"]
    assert [w.split(": ")[0] for w in warnings] == [str(season / "b.bhh")]


def test_a_night_file_renamed_whole_is_followed_and_not_said(tmp_path: Path) -> None:
    season = _season(tmp_path)
    db = str(tmp_path / "club.db")
    assert runner.invoke(app, ["import", str(season), "--db", db]).exit_code == 0
    (season / "b.bhh").rename(season / "b2.bhh")
    said = runner.invoke(app, ["import", str(season), "--db", db, "--json"])
    assert json.loads(said.output)["warnings"] == []


def test_files_named_one_by_one_are_not_compared(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    _season(tmp_path)
    assert runner.invoke(app, ["import", "season", "--db", "club.db"]).exit_code == 0
    (tmp_path / "season" / "b.bhh").unlink()
    said = runner.invoke(app, ["import", "season/a.bhh", "--db", "club.db"])
    assert said.exit_code == 0 and "no longer" not in said.output


def test_a_night_voided_is_not_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    _season(tmp_path)
    assert runner.invoke(app, ["import", "season", "--db", "club.db"]).exit_code == 0
    (tmp_path / "season" / "b.bhh").unlink()
    void = runner.invoke(
        app, ["void", "--db", "club.db", "--event", "Pot-limit Tuesday", "--reason", "cancelled"]
    )
    assert void.exit_code == 0, void.output
    said = runner.invoke(app, ["import", "season", "--db", "club.db"])
    assert "no longer" not in said.output


def _table(name: str) -> str:
    return (
        f"table {name}\n\nhand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\nBen collects 2\n\n"
    )


def test_the_files_that_hold_a_gone_files_other_hands_are_named(tmp_path: Path) -> None:
    """A night's file split into two (its tables' hands, same fingerprints: the ledger holds
    the two as files that hold the gone file's hands, ``hand_copies``) and one table left
    out: the warning names both files; one file alone is named with the import that makes it
    the night's (tests/ledger/test_pasted_commands.py runs it)."""
    season = tmp_path / "season"
    season.mkdir()
    head = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Split night · date 2024-03-01\n\n"
    (season / "all.bhh").write_text(head + _table("Kitchen") + _table("Den") + _table("Porch"))
    db = str(tmp_path / "club.db")
    assert runner.invoke(app, ["import", str(season), "--db", db]).exit_code == 0
    (season / "x.bhh").write_text(head + _table("Kitchen"))
    (season / "y.bhh").write_text(head + _table("Den"))
    (season / "all.bhh").unlink()
    said = runner.invoke(app, ["import", str(season), "--db", db, "--json"])
    (warning,) = json.loads(said.output)["warnings"]
    assert f"({season / 'x.bhh'} and {season / 'y.bhh'} hold other hands of it)" in warning
    (season / "y.bhh").unlink()  # (gone too, its own warning)
    said = runner.invoke(app, ["import", str(season), "--db", db, "--json"])
    gone = str(season / "all.bhh")
    (warning,) = (w for w in json.loads(said.output)["warnings"] if w.startswith(gone))
    assert f"{season / 'x.bhh'} holds other hands of it: if it is that file renamed" in warning
    assert f"import {season / 'x.bhh'} --renamed-from {season / 'all.bhh'} --replace" in warning
