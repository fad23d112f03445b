"""Which files a command reads: ``check``, ``import``, ``show``, ``parse`` and ``convert`` make
one choice (:func:`badugi_ledger.file_choice.history_files`).  A pipe is never opened (opening one
nobody writes to waits for ever), and a file named twice, or in a folder named too, is read once.

The commands given a pipe run in a subprocess with a timeout: should a pipe be opened again,
the test fails instead of waiting for ever.
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.file_choice import history_file, history_files
from badugi_ledger.model.errors import BadugiError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.sources import parse_paths
from tests.helpers.paths import EXAMPLES

runner = CliRunner()

NIGHT = EXAMPLES / "000_anna_ben.bhh"
PIPE_REFUSED = (
    "is not a file or folder (a pipe, socket or device): "
    "save what it gives to a file, then read that"
)


def command(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """``badugi-ledger ARGS`` in its own process, given 60 seconds: a command that opens a pipe
    nobody writes to never ends, and is killed (the test fails) rather than waited for."""
    try:
        return subprocess.run(
            [sys.executable, "-m", "badugi_ledger", *map(str, args)],
            capture_output=True,
            text=True,
            timeout=60,
            stdin=subprocess.DEVNULL,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"badugi-ledger {' '.join(map(str, args))} waited on a pipe")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder with a night, a pipe named as a night, and a site history (``.txt``)."""
    if not hasattr(os, "mkfifo"):
        pytest.skip("needs named pipes")
    (tmp_path / "night.bhh").write_bytes(NIGHT.read_bytes())
    os.mkfifo(tmp_path / "pipe.bhh")
    (tmp_path / "site.txt").write_text("PokerStars Game #1: not our format\n", encoding="utf-8")
    return tmp_path


# --- parse ---------------------------------------------------------------------------------


def test_parse_refuses_a_pipe_named_on_the_command_line(folder: Path) -> None:
    done = command("parse", folder / "pipe.bhh")
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == f"Error: {folder / 'pipe.bhh'} {PIPE_REFUSED}"
    assert done.stdout == ""


def test_parse_leaves_a_pipe_out_of_a_folder(folder: Path) -> None:
    """The folder's night is read; its pipe is not opened, and its ``.txt`` (a site history,
    not our format) is not read as ours."""
    done = command("parse", "--json", folder)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.count('"hand"') == 1


def test_parse_picks_our_format_from_folders_and_reads_each_file_once(tmp_path: Path) -> None:
    """A folder gives its ``.bhh`` files whatever the case of the suffix, hidden ones left out;
    a file named again, or found again in a folder named again, is read once."""
    folder = tmp_path
    (folder / "night.bhh").write_bytes(NIGHT.read_bytes())
    (folder / "site.txt").write_text("PokerStars Game #1: not our format\n", encoding="utf-8")
    (folder / "deep").mkdir()
    (folder / "deep" / "LOUD.BHH").write_bytes(NIGHT.read_bytes())
    (folder / ".hidden.bhh").write_bytes(NIGHT.read_bytes())
    items = list(parse_paths([folder, folder / "night.bhh", folder]))
    records = [i for i in items if isinstance(i, HandRecord)]
    assert records == items
    assert [r.pos.source for r in records] == [
        str(folder / "deep" / "LOUD.BHH"),
        str(folder / "night.bhh"),
    ]
    with pytest.raises(BadugiError, match="no such file or folder"):
        parse_paths([folder / "nope.bhh"])  # before any hand is read


# --- convert -------------------------------------------------------------------------------


def test_convert_refuses_a_pipe_as_check_does(folder: Path) -> None:
    done = command("convert", folder / "pipe.bhh", "--to", "text")
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip() == f"Error: {folder / 'pipe.bhh'} {PIPE_REFUSED}"
    checked = command("check", folder / "pipe.bhh")
    assert (checked.returncode, checked.stderr) == (1, done.stderr)


def test_convert_names_what_is_wrong_with_its_file(tmp_path: Path) -> None:
    with pytest.raises(BadugiError, match="is a folder"):
        history_file(tmp_path)
    with pytest.raises(BadugiError, match="no such file or folder"):
        history_file(tmp_path / "nope.bhh")
    assert history_file(NIGHT) == NIGHT
    result = runner.invoke(app, ["convert", str(tmp_path), "--to", "text"])
    assert result.exit_code == 1
    assert result.stderr.strip() == f"Error: {tmp_path} is a folder: name one of its files"


# --- the same file given twice --------------------------------------------------------------


def test_each_file_is_chosen_once_where_it_first_comes(tmp_path: Path) -> None:
    """A folder named twice, a folder and a file in it, a file by two spellings or through a
    link: each file once, in the order first given, spelt as it was first given."""
    night = tmp_path / "a" / "night.bhh"
    night.parent.mkdir()
    night.write_bytes(NIGHT.read_bytes())
    other = tmp_path / "b.bhh"
    other.write_bytes(NIGHT.read_bytes())
    (tmp_path / "link.bhh").symlink_to(night)
    (tmp_path / "gone.bhh").symlink_to(tmp_path / "nowhere.bhh")
    spelt = tmp_path / "a" / ".." / "a" / "night.bhh"
    chosen = history_files([spelt, tmp_path, other, tmp_path / "a", tmp_path])
    assert chosen == [spelt, other, tmp_path / "gone.bhh"]
    assert history_files([tmp_path, tmp_path]) == history_files([tmp_path])


def test_check_reports_a_folder_named_twice_once(tmp_path: Path) -> None:
    (tmp_path / "night.bhh").write_bytes(NIGHT.read_bytes())
    result = runner.invoke(app, ["check", "-j", "1", str(tmp_path), str(tmp_path / "night.bhh")])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == [
        f"{tmp_path / 'night.bhh'}: 1 hand: 1 ok, 0 with violations, 0 with payout mismatches"
    ]


def test_import_reads_a_file_named_twice_once(tmp_path: Path) -> None:
    (tmp_path / "night.bhh").write_bytes(NIGHT.read_bytes())
    db = tmp_path / "club.db"
    night = str(tmp_path / "night.bhh")
    result = runner.invoke(app, ["import", night, str(tmp_path), night, "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert result.output.count("night.bhh:") == 1
    assert "total: 1 stored, 0 duplicate, 0 rejected in 1 file" in result.output


# --- nothing to read ----------------------------------------------------------------------
EVERY_COMMAND_READING = pytest.mark.parametrize(
    ("args", "looked"),
    [
        (("parse",), ".bhh"),
        (("check",), ".bhh, .phh, .phhs, .txt"),
        (("show",), ".bhh, .phh, .phhs, .txt"),
        (("import", "--db"), ".bhh, .phh, .phhs, .txt"),
    ],
    ids=["parse", "check", "show", "import"],
)
"""Each command that reads hand files, and the files it looks for in a folder."""


@EVERY_COMMAND_READING
def test_a_folder_with_nothing_to_read_is_an_error_for_every_command(
    tmp_path: Path, args: tuple[str, ...], looked: str
) -> None:
    """A folder of no hand history (a wrong folder, most often) fails each command alike: a
    command that read nothing must not end as one that read a clean night does."""
    empty = tmp_path / "night"
    empty.mkdir()
    (empty / "notes.md").write_text("not a hand history\n", encoding="utf-8")
    db = tmp_path / "club.db"
    full = [args[0], str(empty), *(["--db", str(db)] if "--db" in args else [])]
    result = runner.invoke(app, full)
    assert result.exit_code == 1, result.output
    assert f"no hand-history files found (looked for {looked} files)" in result.output
    assert not db.exists()  # no ledger is made for a run that reads nothing


@EVERY_COMMAND_READING
def test_a_folder_with_nothing_to_read_among_other_paths_is_named_as_an_error(
    tmp_path: Path, args: tuple[str, ...], looked: str
) -> None:
    """A folder that gives no file beside a night that gives hands is the same wrong folder as
    when named alone (file_choice.history_files: a folder of nothing to read is a wrong
    folder more often than an empty night): each command names it and fails, rather than
    ending as a clean run of the other file would, the folder's hands missing unsaid."""
    empty = tmp_path / "emptydir"
    empty.mkdir()
    db = tmp_path / "club.db"
    full = [args[0], str(empty), str(NIGHT), *(["--db", str(db)] if "--db" in args else [])]
    result = runner.invoke(app, full)
    assert result.exit_code == 1, result.output
    assert f"{empty}: no hand-history files found (looked for {looked} files)" in result.output
    assert not db.exists()  # nothing is imported from a run given a wrong folder


def test_import_of_a_missing_path_makes_no_ledger(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    result = runner.invoke(app, ["import", str(tmp_path / "nights"), "--db", str(db)])
    assert result.exit_code == 1, result.output
    assert "no such file or folder" in result.output
    assert not db.exists()


# --- a symlink loop -------------------------------------------------------------------------


def test_a_symlink_loop_is_named_as_one_by_every_command(tmp_path: Path) -> None:
    """Two links that lead to each other: given on the command line, every command names the
    path and says it is a symlink loop (it said "no such file or folder", though the path is
    there); found in a folder, the file's error says so (not "Too many levels of symbolic
    links"), and the other files are read."""
    (tmp_path / "a.bhh").symlink_to(tmp_path / "b.bhh")
    (tmp_path / "b.bhh").symlink_to(tmp_path / "a.bhh")
    (tmp_path / "night.bhh").write_bytes(NIGHT.read_bytes())
    loop = tmp_path / "a.bhh"
    said = f"Error: {loop} is a symlink loop (its links lead back to one another, never to a "
    for args in (["check"], ["show"], ["parse"], ["import", "--db", str(tmp_path / "x.db")]):
        result = runner.invoke(app, [*args, str(loop)])
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(said), result.stderr
    converted = runner.invoke(app, ["convert", str(loop), "--to", "text"])
    assert converted.exit_code == 1 and converted.stderr.startswith(said)
    with pytest.raises(BadugiError, match="a.bhh is a symlink loop"):
        history_file(loop)
    checked = runner.invoke(app, ["check", str(tmp_path)])
    assert checked.exit_code == 1
    assert f"{loop}: cannot read the file: it is a symlink loop (its links" in checked.output
    assert f"{tmp_path / 'night.bhh'}: 1 hand: 1 ok" in checked.output
    parsed = runner.invoke(app, ["parse", str(tmp_path)])
    assert "cannot read the file: it is a symlink loop" in parsed.output


def test_a_file_name_with_a_line_break_is_refused_not_reported_as_two_lines(
    tmp_path: Path,
) -> None:
    """A file in a folder named ``a``, a line break, ``fake.bhh: 9 hands: 9 ok.bhh`` made
    ``check`` print a line of its own that looked like a clean file's summary (``import`` too):
    every report starts its lines with the file's name.  Refused, the name shown escaped."""
    folder = tmp_path / "night"
    folder.mkdir()
    (folder / "a\nfake.bhh: 9 hands: 9 ok.bhh").write_bytes(NIGHT.read_bytes())
    (folder / "b.bhh").write_bytes(NIGHT.read_bytes())
    for args in (["check"], ["show"], ["import", "--db", str(tmp_path / "x.db")]):
        result = runner.invoke(app, [*args, str(folder)])
        assert result.exit_code == 1, result.output
        assert result.stderr.startswith(f"Error: '{folder}/a\\nfake.bhh: 9 hands: 9 ok.bhh': a ")
        assert "holds a line break cannot be reported on one line" in result.stderr
        assert "\nfake.bhh" not in result.output
    assert not (tmp_path / "x.db").exists()


def test_a_link_to_nowhere_in_a_folder_is_that_files_error_for_every_command(
    tmp_path: Path,
) -> None:
    """A folder holding a night and a link to nowhere: ``check`` says the link leads nowhere and
    that the file was not read, and checks the night; ``import`` stores the night and reports
    the link's file as not imported (it stopped the whole import before, as if the folder
    had been named wrong)."""
    folder = tmp_path / "nights"
    folder.mkdir()
    (folder / "a.bhh").symlink_to(tmp_path / "gone.bhh")
    (folder / "night.bhh").write_bytes(NIGHT.read_bytes())
    link = folder / "a.bhh"
    said = f"{link}: a link to nowhere ('{tmp_path / 'gone.bhh'}' does not exist): mend or remove"
    checked = runner.invoke(app, ["check", str(folder)])
    assert checked.exit_code == 1
    assert said in checked.output
    assert f"{link}: not read (the file could not be read)\n" in checked.output
    assert checked.output.rstrip().endswith("; 1 file not read")
    db = tmp_path / "x.db"
    imported = runner.invoke(app, ["import", str(folder), "--db", str(db), "-j", "1"])
    assert imported.exit_code == 1, imported.output
    assert f"{link}: not imported: a link to nowhere" in imported.output
    hands = sqlite3.connect(db).execute("SELECT count(*) FROM hands").fetchone()[0]
    assert hands == len(list(parse_paths([folder / "night.bhh"])))


def test_a_symlink_loop_in_a_folder_does_not_stop_the_import(tmp_path: Path) -> None:
    folder = tmp_path / "nights"
    folder.mkdir()
    (folder / "a.bhh").symlink_to(folder / "b.bhh")
    (folder / "b.bhh").symlink_to(folder / "a.bhh")
    (folder / "night.bhh").write_bytes(NIGHT.read_bytes())
    db = tmp_path / "x.db"
    imported = runner.invoke(app, ["import", str(folder), "--db", str(db), "-j", "1"])
    assert imported.exit_code == 1, imported.output
    assert f"{folder / 'a.bhh'}: not imported: cannot read the file: it is a symlink loop" in (
        imported.output
    )
    assert sqlite3.connect(db).execute("SELECT count(*) FROM hands").fetchone()[0] > 0


def test_import_walks_the_folders_it_is_given_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command finds the files (refusing a wrong path before it makes a ledger) and the
    library imports those (``import_files``): the folders are not walked a second time."""
    import badugi_ledger.file_choice as file_choice

    walked: list[object] = []
    real = file_choice.history_files

    def counting(paths: object, *args: object) -> list[Path]:
        walked.append(paths)
        return real(paths, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(file_choice, "history_files", counting)
    result = runner.invoke(
        app, ["import", str(EXAMPLES), "--db", str(tmp_path / "club.db"), "-j", "1"]
    )
    assert result.exit_code == 0, result.output
    assert len(walked) == 1


def test_a_linked_folder_is_read_and_a_folder_loop_once(tmp_path: Path) -> None:
    """A link to a folder of hands was left out without a word (``os.walk`` does not follow
    links); followed, a link back up the tree reads each folder once."""
    real = tmp_path / "archive" / "march"
    real.mkdir(parents=True)
    (real / "t.bhh").write_bytes((EXAMPLES / "tournament.bhh").read_bytes())
    top = tmp_path / "top"
    top.mkdir()
    (top / "night.bhh").write_bytes(NIGHT.read_bytes())
    (top / "march").symlink_to(real)
    (top / "again").symlink_to(top)  # a loop
    assert history_files([top]) == [top / "march" / "t.bhh", top / "night.bhh"]


def test_a_folder_that_cannot_be_read_is_an_error_not_left_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sub-folder that may not be entered was left out without a word: the import said
    "1 file", exit status 0, and the night in it was never stored.  (The walk's error is
    made here: the tests may run as root, who enters every folder.)"""
    import badugi_ledger.file_choice as file_choice

    (tmp_path / "nights" / "march").mkdir(parents=True)
    (tmp_path / "nights" / "ok.bhh").write_bytes(NIGHT.read_bytes())
    walk = os.walk

    def denied(top: object, onerror: object = None, followlinks: bool = False) -> object:
        for root, dirs, names in walk(top, followlinks=followlinks):  # type: ignore[call-overload]
            if root.endswith("march"):
                onerror(PermissionError(13, "Permission denied", root))  # type: ignore[operator]
                continue
            yield root, dirs, names

    monkeypatch.setattr(file_choice.os, "walk", denied)
    db = tmp_path / "x.db"
    result = runner.invoke(app, ["import", str(tmp_path / "nights"), "--db", str(db), "-j", "1"])
    assert result.exit_code == 1
    assert (
        f"Error: cannot read the folder {tmp_path / 'nights' / 'march'}: Permission denied; "
        "its hand files would be left out"
    ) in " ".join(result.output.split())
    assert not db.exists()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
def test_a_pipe_or_folder_in_a_files_place_is_that_files_error_not_a_wait(
    tmp_path: Path,
) -> None:
    """A file listed, then replaced by a named pipe before it was read: the import waited for
    a writer for ever; a folder in its place was said to be "no such file"."""
    from badugi_ledger.sources import iter_source

    pipe, folder = tmp_path / "pipe.bhh", tmp_path / "folder.bhh"
    os.mkfifo(pipe)
    folder.mkdir()
    (error,) = list(iter_source(pipe))
    assert isinstance(error, BadugiError)
    assert error.message == "cannot read the file: it is a pipe, socket or device now, not a file"
    (error,) = list(iter_source(folder))
    assert isinstance(error, BadugiError)
    assert error.message == "cannot read the file: it is a folder now, not a file"


def test_a_file_reached_by_a_link_too_is_named_by_its_own_path(tmp_path: Path) -> None:
    """Links lead to ``top/z``: the file was named by whichever path the walk met first
    (``top/05-link/t.bhh``), and the ledger keeps the name a file was imported under."""
    real = tmp_path / "top" / "z"
    real.mkdir(parents=True)
    (real / "t.bhh").write_bytes(NIGHT.read_bytes())
    for name in [f"{n:02}-link" for n in range(10)] + [f"zz{n}-link" for n in range(10)]:
        (tmp_path / "top" / name).symlink_to(real)  # (met first, in a folder's own order)
    assert history_files([tmp_path / "top"]) == [real / "t.bhh"]


def test_a_folder_s_phh_file_of_several_hands_is_read(tmp_path: Path) -> None:
    """``convert --to phh`` writes a night of several hands as one ``.phhs`` file, the PHH
    standard's file of many hands; a folder holding one was "no hand-history files found"
    (or, beside other files, the night left out without a word: site audit)."""
    folder = tmp_path / "exports"
    folder.mkdir()
    night = EXAMPLES / "home_session.bhh"
    converted = runner.invoke(
        app, ["convert", str(night), "--to", "phh", "--out", str(folder / "night.phhs")]
    )
    assert converted.exit_code == 0, converted.output
    assert [p.name for p in history_files([folder])] == ["night.phhs"]
    result = runner.invoke(app, ["check", str(folder), "-j", "1"])
    assert result.exit_code == 0 and "4 hands: 4 ok" in result.output, result.output
