"""A record-page save stopped at each of its steps (``record_save.save_text``): the night's
file and the ledger never disagree in the direction that loses typed hands.

The file is the organiser's record and the ledger is built from files: a ledger holding hands
its file does not would lose them to the next ``import --replace`` of the folder (its hands no
longer in the file are taken out), as a server killed between the ledger's ``COMMIT`` and the
file's move would leave.  The save moves the file into place before ``COMMIT``, so a kill
leaves at worst the new file and the old ledger, which that import mends.  A kill is
``os._exit`` in a forked child (nothing after it runs: no ``finally``, no rollback), at:

* ``move``: the call that moves the file into place, before it acts;
* ``moved``: just after that move;
* ``commit``: SQLite starting the text's ``COMMIT``, before it ends (the trace callback);
* ``committed``: the first statement after that ``COMMIT``.
"""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import sys
from pathlib import Path

import pytest

from badugi_ledger.ledger.importing import import_paths
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.web.record_save import save_text

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="a kill is simulated in a forked process"
)

HEADER = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Conf2 · date 2024-08-01\n\n"
HAND_1 = "hand 1 · button Ann · Ann 100 · Ben 100\nAnn folds\nBen collects 2\n"
HAND_2 = "\nhand 2 · button Ben · Ann · Ben\nBen folds\nAnn collects 2\n"
HAND_3 = "\nhand 3 · button Ann · Ann · Ben\nAnn folds\nBen collects 2\n"
NIGHT = HEADER + HAND_1
TYPED = NIGHT + HAND_2
"""The night saved, then the hand typed at the table since, saved."""
FILE = "2024-08-01-conf2.bhh"
RENAMED = TYPED.replace("Conf2", "Conf3")
"""The night renamed on the page, and saved."""
RENAMED_FILE = "2024-08-01-conf3.bhh"

KILLED = 9
STEPS = ("move", "moved", "commit", "committed")


def counted(db_path: Path) -> list[str]:
    with sqlite3.connect(db_path) as db:
        rows = db.execute("SELECT hand_number FROM counted_hands ORDER BY hand_number")
        return [str(number) for (number,) in rows]


def file_hands(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    return sorted(
        line.split(" · ")[0].split()[1] for line in text.splitlines() if line[:5] == "hand "
    )


def _killed_at_commit(ledger: sqlite3.Connection, step: str) -> None:
    """End the process as SQLite starts the ``COMMIT`` (``commit``), or at the first statement
    after it (``committed``)."""
    seen_commit = False

    def statement(sql: str) -> None:
        nonlocal seen_commit
        if sql.strip().upper() == "COMMIT":
            if step == "commit":
                os._exit(KILLED)
            seen_commit = True
        elif seen_commit and step == "committed":
            os._exit(KILLED)

    ledger.set_trace_callback(statement)


def _killed_at(step: str, db_path: Path, folder: Path) -> None:
    """In the forked child: the save of :data:`TYPED`, the process ended at ``step``."""
    ledger = open_ledger(db_path)
    _ended_at(step, ledger)
    save_text(ledger, folder, TYPED, replace=False)
    os._exit(0)  # the step was never reached: the test says so


def _ended_at(step: str, ledger: sqlite3.Connection) -> None:
    """End the process at ``step`` (:data:`STEPS`) of a save over ``ledger``."""
    real_replace = os.replace

    def move(*args: object, **kwargs: object) -> None:
        if step == "move":
            os._exit(KILLED)
        real_replace(*args, **kwargs)  # type: ignore[arg-type]
        if step == "moved":
            os._exit(KILLED)

    os.replace = move  # type: ignore[assignment]
    _killed_at_commit(ledger, step)


@pytest.fixture
def saved_night(tmp_path: Path) -> tuple[Path, Path]:
    """A ledger and its record folder, the night's first hand saved by the page."""
    db_path, folder = tmp_path / "club.db", tmp_path / "recorded"
    ledger = open_ledger(db_path)
    try:
        assert save_text(ledger, folder, NIGHT, replace=False).outcome == "saved"
    finally:
        ledger.close()
    return db_path, folder


@pytest.mark.parametrize("linked", [False, True], ids=["file", "linked"])
@pytest.mark.parametrize("step", STEPS)
def test_a_save_killed_at_any_step_never_leaves_the_ledger_holding_hands_its_file_lacks(
    saved_night: tuple[Path, Path], tmp_path: Path, step: str, linked: bool
) -> None:
    db_path, folder = saved_night
    path = folder / FILE
    if linked:  # a night kept in another folder, linked into the page's (``_beside_the_file``)
        elsewhere = tmp_path / "kept" / FILE
        elsewhere.parent.mkdir()
        os.replace(path, elsewhere)
        path.symlink_to(elsewhere)
    child = multiprocessing.get_context("fork").Process(
        target=_killed_at, args=(step, db_path, folder)
    )
    child.start()
    child.join(120)
    assert child.exitcode == KILLED, f"the save never reached {step}"

    assert path.is_symlink() == linked
    ledger_hands, hands_of_file = counted(db_path), file_hands(path)
    assert set(ledger_hands) <= set(hands_of_file), (step, ledger_hands, hands_of_file)
    if step in ("commit", "committed"):  # the file was moved into place before the COMMIT
        assert hands_of_file == ["1", "2"]
        assert path.read_text(encoding="utf-8") == TYPED

    # The organiser imports the folder again: the ledger is the file's, no typed hand lost.
    ledger = open_ledger(db_path)
    try:
        report = import_paths(ledger, [folder], replace=True)
    finally:
        ledger.close()
    assert not any(f.error for f in report.files), report.files
    assert counted(db_path) == hands_of_file
    assert path.is_symlink() == linked


@pytest.mark.parametrize("step", ["moved", "commit"])
def test_the_next_save_of_a_tab_whose_save_was_killed_says_what_happened(
    saved_night: tuple[Path, Path], step: str
) -> None:
    """Killed between the file's move and the ``COMMIT``, the server that knew the file was
    the tab's own save is gone: the tab's next save (the hand typed since added) is refused
    as a change on disk, as ``save_text``'s docstring says.  The refusal tells the organiser
    what happened (the file holds a hand the ledger does not: a save stopped before the ledger
    took it) and that replacing loses nothing, since the text holds every line of the file;
    replaced, the ledger holds every hand of the file, once.  Before, it said only that the
    file was changed on disk, as for an edit made elsewhere, whose replacing loses it."""
    from badugi_ledger.web.record_night import file_stamp

    db_path, folder = saved_night
    path = folder / FILE
    stamp = file_stamp(path)  # as the tab loaded the night
    child = multiprocessing.get_context("fork").Process(
        target=_killed_at, args=(step, db_path, folder)
    )
    child.start()
    child.join(120)
    assert child.exitcode == KILLED, f"the save never reached {step}"
    assert path.read_text(encoding="utf-8") == TYPED and counted(db_path) == ["1"]

    ledger = open_ledger(db_path)
    try:
        refused = save_text(
            ledger, folder, TYPED + HAND_3, replace=False, was=FILE, stamp=stamp, saver="tab"
        )
        assert refused.outcome == "changed" and refused.data["can_replace"], refused.data
        words = refused.data["error"]
        assert f"{FILE} was changed on disk since this page loaded it" in words, words
        assert "it holds hand 2, which the ledger does not" in words, words
        assert "a save stopped before the ledger took it" in words, words
        assert "replace it with this text, and nothing of the file is lost" in words, words
        saved = save_text(
            ledger, folder, TYPED + HAND_3, replace=True, was=FILE, stamp=stamp, saver="tab"
        )
    finally:
        ledger.close()
    assert saved.outcome == "saved", saved.data
    assert counted(db_path) == file_hands(path) == ["1", "2", "3"]


def test_a_save_over_a_file_edited_elsewhere_says_replacing_takes_the_edit_out(
    saved_night: tuple[Path, Path],
) -> None:
    """A hand typed into the file by hand, which the tab's text does not hold: the refusal
    does not say that replacing loses nothing, but what it takes out."""
    from badugi_ledger.web.record_night import file_stamp

    db_path, folder = saved_night
    path = folder / FILE
    stamp = file_stamp(path)
    path.write_text(NIGHT + HAND_3, encoding="utf-8")
    ledger = open_ledger(db_path)
    try:
        refused = save_text(ledger, folder, TYPED, replace=False, was=FILE, stamp=stamp)
    finally:
        ledger.close()
    assert refused.outcome == "changed", refused.data
    words = refused.data["error"]
    assert "nothing of the file is lost" not in words, words
    assert "takes out of the file (and of the ledger) what this text does not hold" in words
    assert path.read_text(encoding="utf-8") == NIGHT + HAND_3


@pytest.mark.parametrize("step", ["moved", "commit"])
def test_the_hidden_files_a_killed_save_left_beside_a_linked_night_are_cleared(
    saved_night: tuple[Path, Path], tmp_path: Path, step: str
) -> None:
    """A save over a link writes its copy and keeps the old file aside in the folder the link
    leads to (``_beside_the_file``, ``_kept_aside``): killed, it leaves them there, hidden.
    The page's own folder is cleared of such files by the next save once they are older
    than ``ABANDONED_AFTER`` (``hidden_files.clear_abandoned``); the folder the link leads to
    was never cleared, so every killed save over a linked night left its files there for
    good."""
    from badugi_ledger.ledger.hidden_files import ABANDONED_AFTER

    db_path, folder = saved_night
    path = folder / FILE
    elsewhere = tmp_path / "kept" / FILE
    elsewhere.parent.mkdir()
    os.replace(path, elsewhere)
    path.symlink_to(elsewhere)
    child = multiprocessing.get_context("fork").Process(
        target=_killed_at, args=(step, db_path, folder)
    )
    child.start()
    child.join(120)
    assert child.exitcode == KILLED, f"the save never reached {step}"
    left = [p for p in elsewhere.parent.iterdir() if p.name.startswith(".saving-")]
    assert left, "the kill left nothing aside"
    long_ago = elsewhere.stat().st_mtime - ABANDONED_AFTER - 60
    for hidden in left:
        os.utime(hidden, (long_ago, long_ago))

    ledger = open_ledger(db_path)
    try:
        saved = save_text(ledger, folder, TYPED + HAND_3, replace=True)
    finally:
        ledger.close()
    assert saved.outcome == "saved", saved.data
    assert sorted(p.name for p in elsewhere.parent.iterdir()) == [FILE]
    assert path.is_symlink() and file_hands(path) == counted(db_path) == ["1", "2", "3"]


def _renamed_killed_at(step: str, db_path: Path, folder: Path) -> None:
    """In the forked child: the night renamed on the page and saved, ended at ``step``."""
    ledger = open_ledger(db_path)
    _ended_at(step, ledger)
    save_text(ledger, folder, RENAMED, replace=True, was=FILE)
    os._exit(0)


@pytest.mark.parametrize("step", ["commit", "committed"])
def test_a_renamed_nights_save_killed_never_counts_a_hand_twice(
    saved_night: tuple[Path, Path], step: str
) -> None:
    """A renamed night's file is moved into place after the ``COMMIT``, which records the
    rename (the old file's hands left out): killed before it, the ledger and the old file are
    as they were; killed after, the new file is missing but the ledger holds its hands, and
    the old file imported again is refused.  Moved before the ``COMMIT``, a kill between left
    both files and the old ledger, and the folder imported again stored this night of two
    hands showing no cards twice (a renamed copy is told by three such hands, or shown cards).
    """
    db_path, folder = saved_night
    child = multiprocessing.get_context("fork").Process(
        target=_renamed_killed_at, args=(step, db_path, folder)
    )
    child.start()
    child.join(120)
    assert child.exitcode == KILLED, f"the save never reached {step}"

    ledger = open_ledger(db_path)
    try:
        import_paths(ledger, [folder], replace=True)
    finally:
        ledger.close()
    hands = counted(db_path)
    assert len(hands) == len(set(hands)), hands  # no hand counted twice
    assert hands == (["1", "2"] if step == "committed" else ["1"])


@pytest.mark.parametrize("by", ["server", "save", "import", "import_here"])
@pytest.mark.parametrize("step", ["committed", "move", "moved"])
def test_a_renamed_nights_save_killed_after_its_commit_is_finished_from_the_ledger(
    saved_night: tuple[Path, Path],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    step: str,
    by: str,
) -> None:
    """Killed after the ``COMMIT`` that records the rename, before its file is written (or
    before the old one is removed), the save is finished by whatever writes to the ledger
    next: the server starting again, the page's next save, an import of the folder (by its
    whole path, or from the ledger's folder as ``recorded``).  The ledger holds the text with
    the rename (``ledger.unwritten_files``): the new file is written from it, the old one
    removed, and every hand counts once.  Before, the new file stayed missing, the hand typed
    since the last save in no file, and the old file refused by the import (``Import
    2024-08-01-conf3.bhh instead``, a file that was not there) - or, imported as
    ``recorded``, counted beside the renamed night."""
    from badugi_ledger.web.app import create_app

    db_path, folder = saved_night
    child = multiprocessing.get_context("fork").Process(
        target=_renamed_killed_at, args=(step, db_path, folder)
    )
    child.start()
    child.join(120)
    assert child.exitcode == KILLED, f"the save never reached {step}"
    assert counted(db_path) == ["1", "2"]  # the COMMIT was made: the ledger holds the rename

    typed = RENAMED + HAND_3
    if by == "server":
        written = create_app(db_path).state.written
        assert [line.split(": ")[0] for line in written] == (
            [str(folder / RENAMED_FILE)] if step != "moved" else []
        ), written
    elif by == "save":  # the tab, never answered, saves the next hand over the old name
        ledger = open_ledger(db_path)
        try:
            saved = save_text(ledger, folder, typed, replace=False, was=FILE)
        finally:
            ledger.close()
        assert saved.outcome == "saved", saved.data
    else:
        if by == "import_here":
            monkeypatch.chdir(tmp_path)
        ledger = open_ledger(db_path)
        try:
            report = import_paths(ledger, [folder if by == "import" else "recorded"])
        finally:
            ledger.close()
        assert report.ok, report.text_lines()

    assert sorted(p.name for p in folder.iterdir() if p.name[0] != ".") == [RENAMED_FILE]
    path = folder / RENAMED_FILE
    assert path.read_text(encoding="utf-8") == (typed if by == "save" else RENAMED)
    hands = ["1", "2", "3"] if by == "save" else ["1", "2"]
    assert counted(db_path) == hands
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT count(*) FROM unwritten_files").fetchone() == (0,)
    db.close()
    ledger = open_ledger(db_path)  # the folder imported again: the same night, once
    try:
        report = import_paths(ledger, [folder], replace=True)
    finally:
        ledger.close()
    assert report.ok and report.stored == 0, report.text_lines()
    assert counted(db_path) == hands


def _failing_commit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The text's ``COMMIT`` fails, its transaction left open (as SQLite leaves it when a
    commit cannot be made): a row naming no hand, its foreign key checked at ``COMMIT``."""
    from badugi_ledger.ledger import writer

    follow = writer.follow_moved_hands

    def then_a_row_of_no_hand(db: sqlite3.Connection, *args: object) -> None:
        follow(db, *args)  # type: ignore[arg-type]
        db.execute("PRAGMA defer_foreign_keys = ON")
        db.execute(
            "INSERT INTO hand_players (hand_id, alias_id, seat, starting_stack, final_stack, "
            "contributed, collected, busted, rebuys, add_ons, stack_change) "
            "SELECT -1, max(id), 0, 0, 0, 0, 0, 0, 0, 0, 0 FROM aliases"
        )

    monkeypatch.setattr(writer, "follow_moved_hands", then_a_row_of_no_hand)


def test_a_save_whose_commit_fails_puts_the_file_back_as_it_was(
    saved_night: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The file is moved into place before ``COMMIT``: a ``COMMIT`` that fails moves the old
    one back, so a failed save leaves the file as it was (``save_text``'s docstring), and no
    hidden file of the save is left behind."""
    db_path, folder = saved_night
    path = folder / FILE
    mode = 0o640
    path.chmod(mode)
    _failing_commit(monkeypatch)
    ledger = open_ledger(db_path)
    try:
        saved = save_text(ledger, folder, TYPED, replace=False)
    finally:
        ledger.close()
    assert saved.outcome == "error" and "FOREIGN KEY" in saved.data["error"], saved.data
    assert path.read_text(encoding="utf-8") == NIGHT
    assert path.stat().st_mode & 0o777 == mode
    assert counted(db_path) == ["1"]
    assert sorted(p.name for p in folder.iterdir()) == [FILE]


def test_a_new_nights_save_whose_commit_fails_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db_path, folder = tmp_path / "club.db", tmp_path / "recorded"
    _failing_commit(monkeypatch)
    ledger = open_ledger(db_path)
    try:
        saved = save_text(ledger, folder, NIGHT, replace=False)
    finally:
        ledger.close()
    assert saved.outcome == "error", saved.data
    assert counted(db_path) == []
    assert list(folder.iterdir()) == []


def test_a_text_the_ledger_takes_only_in_part_is_not_stored_at_all(
    saved_night: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand ``check`` passes and the ledger rejects (its own invariants, ``ledger_problems``)
    refuses the whole save: the other new hands committed without their file being written
    would be a ledger holding hands its file lacks."""
    from badugi_ledger.ledger import rows

    problems = rows.ledger_problems
    seen: list[object] = []

    def refuse_the_last(result: object) -> list[str]:
        seen.append(result)
        found = problems(result)  # type: ignore[arg-type]
        return [*found, "refused by the test [ledger-net]"] if len(seen) == 3 else found

    monkeypatch.setattr(rows, "ledger_problems", refuse_the_last)
    db_path, folder = saved_night
    ledger = open_ledger(db_path)
    try:
        saved = save_text(ledger, folder, TYPED + HAND_3, replace=False)
    finally:
        ledger.close()
    assert saved.outcome == "rejected", saved.data
    assert saved.data["stored"] == 0 and len(saved.data["rejected"]) == 1
    assert counted(db_path) == ["1"]
    assert (folder / FILE).read_text(encoding="utf-8") == NIGHT


@pytest.mark.parametrize("there", ["folder", "other file", "link to nowhere"])
def test_a_renamed_nights_file_whose_place_is_taken_is_not_written_and_its_old_file_stays(
    saved_night: tuple[Path, Path], there: str
) -> None:
    """Killed after the ``COMMIT`` that records the rename, and something else put where the
    new file goes before anything wrote it (a folder, a file of other text, a link to
    nowhere): the ledger's text is not written over it, and nothing the save began is taken
    as finished - the old file stays, and the ledger keeps the text, the import saying why.
    Before, the old file was removed and the text cleared as if written, the night's hands in
    no file at all (README.md, *record page*: the ledger keeps the night's text until the
    file is in place).  Once the place is free, the next import writes the file."""
    db_path, folder = saved_night
    child = multiprocessing.get_context("fork").Process(
        target=_renamed_killed_at, args=("committed", db_path, folder)
    )
    child.start()
    child.join(120)
    assert child.exitcode == KILLED, "the save never reached its COMMIT"
    path = folder / RENAMED_FILE
    if there == "folder":
        path.mkdir()
    elif there == "other file":
        path.write_text("# notes of another night\n", encoding="utf-8")
    else:
        path.symlink_to(folder.parent / "nowhere.bhh")

    ledger = open_ledger(db_path)
    try:
        report = import_paths(ledger, [folder])
    finally:
        ledger.close()
    said = " ".join(report.text_lines())
    assert f"{path}: not written: " in said, said
    assert (folder / FILE).read_text(encoding="utf-8") == NIGHT  # the old file stays
    with sqlite3.connect(db_path) as db:
        kept = db.execute("SELECT path, text FROM unwritten_files").fetchall()
    db.close()
    assert kept == [(str(path), RENAMED)]

    if path.is_dir() and not path.is_symlink():
        path.rmdir()
    else:
        path.unlink()
    ledger = open_ledger(db_path)  # the place free: the next import finishes the save
    try:
        import_paths(ledger, [folder])
    finally:
        ledger.close()
    assert path.read_text(encoding="utf-8") == RENAMED
    assert not (folder / FILE).exists()
    assert counted(db_path) == ["1", "2"]
