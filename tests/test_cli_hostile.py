"""Hostile input to ``new`` and ``show`` through the real command (typer's runner): odd player
names, stakes, stacks and paths for ``new``; a folder of mixed files, binary and empty files,
a ledger that is not one, an unknown hand or table for ``show``.  The answer is exit 0, or
exit 1 with one ``Error:`` line, or exit 2 with a usage message — never an exception — and
``new`` never leaves a file (or a temporary one) behind when it refuses.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from contextlib import suppress
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from badugi_ledger.cli import app
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

runner = CliRunner()


def run(*args: object) -> Result:
    result = runner.invoke(app, [str(a) for a in args])
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    assert "Traceback" not in result.output
    return result


def new(folder: Path, players: str, *extra: str) -> Result:
    """``new`` into an empty ``folder``: refused, it leaves the folder empty."""
    folder.mkdir()
    result = run("new", folder / "night.bhh", "--players", players, *extra)
    assert result.exit_code in (0, 1, 2), result.output
    if result.exit_code:
        assert list(folder.iterdir()) == [], result.output
    else:
        assert [p.name for p in folder.iterdir()] == ["night.bhh"]
        checked = run("check", folder / "night.bhh")  # the file reads back: only incomplete
        assert "[hand-incomplete]" in checked.output and "[parse]" not in checked.output
    return result


def test_a_name_of_bytes_that_are_not_utf8_is_a_usage_error(tmp_path: Path) -> None:
    """A terminal that sends Latin-1 gives Python a lone surrogate for the byte; before the fix
    the writer crashed encoding it."""
    result = new(tmp_path / "night", "Jos\udce9,Ben")
    assert result.exit_code == 2
    assert "not UTF-8 text" in result.output


def test_names_too_long_for_a_line_are_a_usage_error(tmp_path: Path) -> None:
    """Before the fix, ``new`` wrote a seats line of 20,000 bytes that ``check`` refuses."""
    result = new(tmp_path / "night", "x" * 10_000 + ",Ben")
    assert result.exit_code == 2
    assert "holds at most 10,000" in result.output
    assert new(tmp_path / "event", "Anna,Ben", "--event", "e" * 10_001).exit_code == 2


@pytest.mark.parametrize(
    ("players", "code"),
    [
        ("", 2), (",", 2), ("Anna", 2), ("Anna,Anna", 2),
        (",".join(f"P{i}" for i in range(100)), 2),
        ("Anna·Ben,Cara", 0), ('An"na,Ben', 0), ("An'na,Ben", 0), ("A\x07,Ben", 0),
        ("A\nB,Cara", 2), ("A\rB,Cara", 2), ("x" * 200 + ",Ben", 0), ("hand,button", 0),
        ("#x,Ben", 0), ("fold,call", 0), ("A:,Ben", 0), ("A->B,Cara", 0),
    ],
)  # fmt: skip
def test_odd_player_names(tmp_path: Path, players: str, code: int) -> None:
    assert new(tmp_path / "night", players).exit_code == code


@pytest.mark.parametrize("structure", ["fixed-limit", "no-limit", "spread-limit"])
@pytest.mark.parametrize(
    "stakes", ["2/", "0/0", "-1/2", "1e9/2e9", "4/2", "99999999999999999/1", "2/4/8", "", " "]
)
def test_odd_stakes_are_usage_errors(tmp_path: Path, stakes: str, structure: str) -> None:
    result = new(tmp_path / "night", "Anna,Ben", "--stakes", stakes, "--structure", structure)
    assert result.exit_code == 2 and "stakes" in result.output


@pytest.mark.parametrize("stacks", ["0", "-5", "99999999999999999999999", "1e3", "abc"])
def test_odd_stacks_are_usage_errors(tmp_path: Path, stacks: str) -> None:
    result = new(tmp_path / "night", "Anna,Ben", "--stacks", stacks)
    assert result.exit_code == 2 and "--stacks" in result.output


def test_new_into_a_missing_folder_or_onto_a_folder_is_an_error(tmp_path: Path) -> None:
    missing = run("new", tmp_path / "missing" / "night.bhh", "--players", "Anna,Ben")
    assert missing.exit_code == 1 and "Error: cannot write" in missing.output
    (tmp_path / "night.bhh").mkdir()
    onto = run("new", tmp_path / "night.bhh", "--players", "Anna,Ben")
    assert onto.exit_code == 1 and "Error:" in onto.output
    forced = run("new", tmp_path / "night.bhh", "--players", "Anna,Ben", "--force")
    assert forced.exit_code == 1 and "Error: cannot write" in forced.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["night.bhh"]  # no temporary left


# --- show --------------------------------------------------------------------------------


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "empty.bhh").write_bytes(b"")
    (folder / "binary.bhh").write_bytes(bytes(range(256)) * 16)
    (folder / "binary.txt").write_bytes(os.urandom(2048))
    (folder / "notes.md").write_text("not a hand file", encoding="utf-8")
    (folder / "nul.bhh").write_bytes(b"\x00" * 100)
    (folder / "latin1.bhh").write_bytes("game badugi\nhand 1 · button Jos\xe9".encode("latin-1"))
    (folder / "one-line.bhh").write_text("hand 1 · " + "x" * 1_000_000, encoding="utf-8")
    (folder / "ok.bhh").write_bytes((EXAMPLES / "home_session.bhh").read_bytes())
    (folder / "sub").mkdir()
    return folder


def test_show_of_a_folder_of_mixed_files_shows_each_problem(mixed: Path) -> None:
    for extra in ((), ("--json",)):
        result = run("show", mixed, *extra)
        assert result.exit_code in (0, 1)
        assert "not UTF-8 text" in result.output and "10,000" in result.output


@pytest.mark.parametrize("name", ["empty.bhh", "binary.bhh", "nul.bhh", "latin1.bhh"])
def test_show_of_an_odd_file_answers(mixed: Path, name: str) -> None:
    assert run("show", mixed / name).exit_code in (0, 1)


def test_check_given_a_ledger_says_it_keeps_none(mixed: Path) -> None:
    """``check FILE --db FOLDER`` (or a ledger's file): click said "No such option: --db
    (Possible options: --jobs)", as though ``--jobs`` were meant; ``check`` reads files and
    keeps no ledger, and says so with the commands that take one."""
    for ledger in (mixed / "sub", mixed / "club.db"):
        result = run("check", mixed / "ok.bhh", "--db", ledger)
        said = " ".join(result.output.replace("│", " ").split())
        assert result.exit_code == 2, result.output
        assert "check reads hand files and keeps no ledger, so it takes no --db" in said, said
        assert "--jobs" not in said and "import FILES --db LEDGER" in said, said


def test_show_of_a_hand_not_there_or_a_ledger_that_is_none(mixed: Path) -> None:
    missing = run("show", mixed / "ok.bhh", "--hand", "nope")
    assert missing.exit_code == 1 and "Error: no hand 'nope'" in missing.output
    for not_a_ledger in ("ok.bhh", "binary.bhh", "notes.md"):
        result = run("show", "--db", mixed / not_a_ledger)
        assert result.exit_code == 1, result.output
        assert "is not a ledger: it is no SQLite database" in " ".join(result.output.split())
    for command in (["show"], ["import", mixed / "ok.bhh"]):  # (said: cannot be opened for writing)
        result = run(*command, "--db", mixed / "sub")
        assert result.exit_code == 1, result.output
        assert f"is a folder, not a ledger: name the ledger's file (--db {mixed / 'sub'}/" in (
            " ".join(result.output.split())
        )


def test_a_ledger_to_make_in_a_folder_that_is_not_there_names_the_folder(tmp_path: Path) -> None:
    """README *Exit status* 1: "a file or ledger that cannot be read or written; one
    `Error: …` line" an organiser can act on.  ``--db nights/club.db`` with no folder
    ``nights`` (a typo, or not made yet) said SQLite's "unable to open database file: the
    ledger file or its folder cannot be opened for writing", as if a permission were wrong;
    it names the folder that is missing (or the file standing where the folder should be),
    and nothing is made."""
    night = tmp_path / "night.bhh"
    night.write_bytes((EXAMPLES / "home_session.bhh").read_bytes())
    missing = tmp_path / "nigths"
    result = run("import", night, "--db", missing / "club.db")
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert f"its folder '{missing}' does not exist: make it first" in said, said
    assert not missing.exists()
    result = run("import", night, "--db", night / "club.db")
    assert result.exit_code == 1, result.output
    said = " ".join(result.output.split())
    assert f"'{night}' is a file, not a folder: name another ledger file with --db" in said
    assert night.read_bytes() == (EXAMPLES / "home_session.bhh").read_bytes()


def test_show_of_a_table_the_event_did_not_have_is_an_error(tmp_path: Path) -> None:
    """Before the fix, an unknown --table showed nothing and exited 0."""
    db = tmp_path / "club.db"
    assert import_into(db, [EXAMPLES / "home_session.bhh"]).ok
    result = run("show", "--db", db, "--table", "Garden")
    assert result.exit_code == 1
    assert "Error: no table 'Garden' in" in result.output
    assert run("show", "--db", db, "--table", "Garden", "--hand", "1").exit_code == 1


@pytest.mark.parametrize(
    ("sqlite_says", "meaning"),
    [
        (
            "attempt to write a readonly database",
            "the ledger file is read-only, or its folder is (SQLite writes its journal there)",
        ),
        ("database or disk is full", "the disk (or the ledger's size limit) is full"),
        ("database is locked", "another command held the ledger for longer than it waits"),
    ],
)
def test_a_ledger_that_cannot_be_written_is_one_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sqlite_says: str, meaning: str
) -> None:
    """SQLite's own error from any command that writes the ledger (here ``void``; ``players
    merge`` and ``tournament`` write through the same group) is one ``Error:`` line, never a
    traceback.  The writes are one transaction, so the ledger is unchanged."""
    import sqlite3

    import badugi_ledger.ledger.corrections as corrections

    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES / "home_session.bhh"])

    def refused(*args: object, **kwargs: object) -> None:
        raise sqlite3.OperationalError(sqlite_says)

    monkeypatch.setattr(corrections, "void", refused)
    result = runner.invoke(
        app, ["void", "--db", str(db), "--event", "Friday game", "--reason", "misdeal"]
    )
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert f"Error: {sqlite_says}: {meaning}; nothing was changed" in result.output
    assert "Traceback" not in result.output


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs Linux's /proc")
@pytest.mark.parametrize(
    "command",
    [["check", "-j", "1"], ["check", "--json"], ["parse"], ["convert", "--to", "phh"]],
)
def test_a_file_that_opens_but_cannot_be_read_is_one_error(command: list[str]) -> None:
    """``/proc/self/mem`` opens, and its first read fails (EIO): the commands that read files
    say the file cannot be read, exit 1, and show no traceback."""
    result = runner.invoke(app, [*command[:1], "/proc/self/mem", *command[1:]])
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "cannot read the file: Input/output error" in result.output


def _convert_to(tmp_path: Path, terminal: bool) -> bytes:
    """``convert --to text`` of a hand whose player's name holds an escape sequence and a
    bell, its standard output a terminal (a pseudo-terminal) or a pipe; what it wrote."""
    import pty
    import subprocess
    import sys

    path = tmp_path / "evil.bhh"
    evil = "Bo\x1b[2J\x07b"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n\n"
        f'hand 1 · button Ann · "{evil}" 20 · Ann 20\n'
        f'"{evil}" posts sb · Ann posts bb\n',
        encoding="utf-8",
    )
    command = [sys.executable, "-m", "badugi_ledger", "convert", str(path), "--to", "text"]
    if not terminal:
        return subprocess.run(command, capture_output=True, check=False, timeout=60).stdout
    main, side = pty.openpty()
    try:
        done = subprocess.run(command, stdout=side, stderr=subprocess.PIPE, timeout=60)
        assert done.returncode == 0, done.stderr
        os.close(side)
        side = -1
        out = b""
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the terminal's other end is closed: all is read
                break
            if not chunk:
                break
            out += chunk
        return out
    finally:
        os.close(main)
        if side >= 0:
            os.close(side)


def test_convert_to_a_terminal_shows_a_names_control_characters_written_visibly(
    tmp_path: Path,
) -> None:
    """A name from a file may hold an escape sequence (``ESC [2J`` clears the screen); the
    converted hands printed on a terminal show it as ``\\x1b[2J``, as every report does;
    written to a pipe (or ``--out``) the hands keep their bytes, so the output reads back as
    the same hand."""
    shown = _convert_to(tmp_path, terminal=True)
    assert b"Bo\\x1b[2J\\x07b" in shown and b"\x1b" not in shown and b"\x07" not in shown
    piped = _convert_to(tmp_path, terminal=False)
    assert b"Bo\x1b[2J\x07b" in piped


@pytest.mark.parametrize(
    "command",
    [
        ["standings", "--kind", "cash"],
        ["standings", "--kind", "tournament"],
        ["report", "--out", "season.html"],
    ],
)
def test_a_ledger_sqlite_refuses_to_read_for_a_report_is_one_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    """A damaged ledger (found by mutating a ledger's bytes: "database disk image is
    malformed"; here a view that reads a table no longer there) refuses the query of the
    standings.  pandas wraps SQLite's error in its own ``DatabaseError``, and before the fix
    that was a traceback; it is SQLite's error, one ``Error:`` line, as for every command."""
    import sqlite3

    db = tmp_path / "club.db"
    assert import_into(db, [EXAMPLES / "home_session.bhh", EXAMPLES / "tournament.bhh"]).ok
    with sqlite3.connect(db) as conn:
        for view in ("player_event_results", "counted_events"):
            conn.execute(f"DROP VIEW {view}")
            conn.execute(f"CREATE VIEW {view} AS SELECT * FROM gone")
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, [*command, "--db", str(db)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, result.output
    assert "Error: no such table: main.gone" in result.output


@pytest.mark.parametrize(
    "command",
    [["standings"], ["events"], ["settle"], ["import", str(EXAMPLES / "home_session.bhh")]],
)
def test_a_ledger_whose_damage_sqlite_quotes_as_bytes_is_one_error_line(
    tmp_path: Path, command: list[str]
) -> None:
    """A ledger whose schema text holds a byte that is no UTF-8 (damaged on disk): SQLite's
    error quotes the byte, Python's sqlite3 cannot decode that message, and every command
    ended in a ``UnicodeDecodeError`` traceback.  It is one ``Error:`` line saying the file is
    damaged and what to do."""
    import sqlite3

    db = tmp_path / "club.db"
    assert import_into(db, [EXAMPLES / "home_session.bhh"]).ok
    with sqlite3.connect(db) as conn:
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute(  # "CREATE \xff TABLE x"
            "UPDATE sqlite_master SET sql = CAST(X'43524541544520ff205441424c452078' AS TEXT) "
            "WHERE name = 'players'"
        )
    result = runner.invoke(app, [*command, "--db", str(db)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, result.output
    assert "the file is damaged" in result.output and "restore it from a backup" in result.output


@pytest.mark.parametrize(
    ("damaged", "written", "command"),
    [
        ("player_event_results", "r.buy_out", ["standings", "--kind", "cash"]),
        ("player_event_results", "r.buy_out", ["export", "--table", "sessions", "--format", "csv"]),
        ("counted_hands", "h.void_reason", ["events"]),
        ("counted_hands", "h.void_reason", ["settle"]),
        ("hands", '"carry_in"', ["show"]),
    ],
)
def test_a_ledger_whose_schema_holds_a_byte_that_is_no_utf8_is_refused_on_opening(
    tmp_path: Path, damaged: str, written: str, command: list[str]
) -> None:
    """Found by flipping random bytes of a ledger: a column's name in a view's (or a table's)
    definition with one byte that is no UTF-8 (``r.b\xd5y_out``).  SQLite still opens the
    file; the command whose query reads that view stopped in a ``UnicodeDecodeError``
    traceback, Python unable to decode SQLite's "no such column" message quoting the byte (or
    the column's name of ``SELECT *``).  The ledger is refused as damaged when it is opened,
    whatever the command."""
    import sqlite3

    db = tmp_path / "club.db"
    assert import_into(db, [EXAMPLES / "home_session.bhh"]).ok
    with sqlite3.connect(db) as conn:
        (sql,) = conn.execute("SELECT sql FROM sqlite_master WHERE name = ?", (damaged,)).fetchone()
        assert written in sql
        name = written.encode()
        flipped = sql.encode().replace(name, name[:3] + b"\xd5" + name[4:], 1)
        conn.execute("PRAGMA writable_schema = ON")
        conn.execute(
            "UPDATE sqlite_master SET sql = CAST(? AS TEXT) WHERE name = ?", (flipped, damaged)
        )
    result = runner.invoke(app, [*command, "--db", str(db)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1, result.output
    assert "the file is damaged" in result.output and "restore it from a backup" in result.output


# --- bytes that are not UTF-8 in file names and arguments ------------------------------------


@pytest.fixture
def latin1_named(tmp_path: Path) -> Path:
    """A folder with a night whose file name is Latin-1 (``é`` as the byte 0xe9, as a Windows
    share or an old archive names it) beside one named in UTF-8."""
    folder = tmp_path / "nights"
    folder.mkdir()
    night = (EXAMPLES / "home_session.bhh").read_bytes()
    try:
        (folder / "soir\udce9e.bhh").write_bytes(night)  # the byte 0xe9 as Python names it
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system refuses a file name that is not UTF-8")
    (folder / "other.bhh").write_bytes((EXAMPLES / "tournament.bhh").read_bytes())
    return folder


@pytest.mark.parametrize(
    "command",
    [["check", "-j", "1"], ["check", "--json", "-j", "1"], ["parse"], ["parse", "--json"],
     ["show"], ["show", "--json"]],
)  # fmt: skip
def test_a_file_name_that_is_not_utf8_is_shown_escaped(
    latin1_named: Path, command: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by the hostile-input fuzzing: in a UTF-8 locale standard output refuses the lone
    surrogate that stands for the byte, so every report naming the file ended in a
    traceback.  The byte is written as ``\\udce9`` (in JSON, the string's own escape)."""
    monkeypatch.chdir(latin1_named.parent)  # names short enough for a line of ``show``
    result = runner.invoke(app, [command[0], latin1_named.name, *command[1:]])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    assert "soir\\udce9e.bhh" in result.output


@pytest.mark.parametrize(
    "command",
    [["check", "--json"], ["import", "--json", "--db", "club.db"], ["parse", "--json"],
     ["show", "--json"]],
)  # fmt: skip
def test_json_naming_a_file_whose_name_is_not_utf8_is_utf8(
    latin1_named: Path, command: list[str]
) -> None:
    """In a locale whose standard output writes a lone surrogate as its byte (C.UTF-8, the C
    locale), ``--json`` wrote the byte 0xe9 itself: the output was not UTF-8, so no JSON a
    strict reader takes (RFC 8259).  It is the string's escape, and reads back as the name."""
    cli = Path(sys.executable).with_name("badugi-ledger")
    done = subprocess.run(
        [str(cli), command[0], str(latin1_named), *command[1:]],
        capture_output=True,
        cwd=latin1_named.parent,
        env={**os.environ, "LC_ALL": "C.UTF-8"},
        timeout=120,
        check=False,
    )
    text = done.stdout.decode("utf-8")  # strict: every byte of it UTF-8
    assert "soir\\udce9e.bhh" in text, text
    if command[0] == "import":
        parsed = [json.loads(text)]
    else:
        parsed = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert "soir\udce9e.bhh" in json.dumps(parsed, ensure_ascii=False)


def test_importing_a_file_whose_name_is_not_utf8_is_refused_clearly(
    latin1_named: Path, tmp_path: Path
) -> None:
    """The ledger keeps each hand's file name as SQLite text, which cannot hold the byte:
    before, the import stopped with a traceback in the middle of the file's transaction.
    The file is now reported as not imported (rename it), the other file is stored, and the
    ledger balances."""
    import sqlite3

    db = tmp_path / "club.db"
    for jobs in ("1", "2"):
        result = runner.invoke(app, ["import", str(latin1_named), "--db", str(db), "-j", jobs])
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert result.exit_code == 1, result.output
        assert "soir\\udce9e.bhh: not imported: the file's path is not UTF-8 text (byte 0xe9" in (
            result.output
        )
        assert "rename the file" in result.output
    with sqlite3.connect(db) as conn:
        sources = {row[0] for row in conn.execute("SELECT DISTINCT source FROM hands")}
        unbalanced = conn.execute(
            "SELECT hand_id FROM postings GROUP BY hand_id HAVING sum(amount) != 0"
        ).fetchall()
    assert sources == {str(latin1_named / "other.bhh")} and unbalanced == []


@pytest.mark.parametrize(
    "command",
    [
        ["settle", "--season", "x\udce9"],
        ["settle", "--event", "x\udce9"],
        ["standings", "--season", "x\udce9"],
        ["void", "--event", "x\udce9", "--reason", "misdeal"],
        ["void", "--event", "Friday game", "--reason", "x\udce9"],
        ["players", "unmerge", "x\udce9"],
        ["show", "--event", "x\udce9"],
        ["show", "--hand", "x\udce9"],
        ["tournament", "--event", "x\udce9"],
    ],
)
def test_an_argument_that_is_not_utf8_is_a_usage_error(tmp_path: Path, command: list[str]) -> None:
    """A value typed on a terminal set to Latin-1: SQLite refused to be given it (a traceback,
    before).  It could never match what the ledger holds: a usage error naming the option."""
    db = tmp_path / "club.db"
    assert import_into(db, [EXAMPLES / "home_session.bhh"]).ok
    result = runner.invoke(app, [*command, "--db", str(db)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 2, result.output
    assert "holds bytes that are not UTF-8 text" in result.output


def test_an_output_file_whose_name_is_not_utf8_is_written_and_named(tmp_path: Path) -> None:
    """``report --out`` wrote the file, then failed printing its name (a traceback)."""
    db = tmp_path / "club.db"
    assert import_into(db, [EXAMPLES / "home_session.bhh"]).ok
    out = tmp_path / "saison\udce9.html"
    try:
        out.write_bytes(b"")
        out.unlink()
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system refuses a file name that is not UTF-8")
    result = runner.invoke(app, ["report", "--db", str(db), "--out", str(out)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0 and "saison\\udce9.html" in result.output and out.exists()


# --- --out naming a pipe or a link ------------------------------------------------------------


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs named pipes")
@pytest.mark.parametrize(
    "command",
    [
        ["export", "--table", "postings", "--format", "csv"],
        ["export", "--table", "hands", "--format", "parquet"],
        ["report"],
        ["convert", str(EXAMPLES / "home_session.bhh"), "--to", "phh"],
        ["simulate", "--hands", "2"],
    ],
)
def test_out_naming_a_pipe_writes_into_the_pipe(tmp_path: Path, command: list[str]) -> None:
    """``--out`` naming a FIFO (or ``/dev/stdout``, ``>(gzip > x)``; found by the hostile-input
    fuzzing, where ``--out /dev/null`` run as root replaced the device with a file): the
    output was written to a temporary file renamed over the pipe, so the pipe became a plain
    file and its reader got nothing.  The reader gets the output; the pipe stays a pipe."""
    import stat
    import threading

    db = tmp_path / "club.db"
    assert import_into(db, [EXAMPLES / "home_session.bhh", EXAMPLES / "tournament.bhh"]).ok
    pipe = tmp_path / "out.pipe"
    os.mkfifo(pipe)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(pipe.read_bytes()), daemon=True)
    reader.start()
    ledger = [] if command[0] in ("convert", "simulate") else ["--db", str(db)]
    result = runner.invoke(app, [*command, *ledger, "--out", str(pipe)])
    if stat.S_ISFIFO(os.stat(pipe).st_mode):
        # Where the command never opened the pipe, the reader still waits to open it: opening
        # the writing end lets it go.  Without blocking: a reader that is gone already (it read
        # the command's output and closed its end just now) is no reader, and a blocking open
        # would then wait for ever.
        with suppress(OSError):
            os.close(os.open(pipe, os.O_WRONLY | os.O_NONBLOCK))
    reader.join(timeout=30 if stat.S_ISFIFO(os.stat(pipe).st_mode) else 1)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    assert stat.S_ISFIFO(os.stat(pipe).st_mode)
    assert got and len(got[0]) > 100


@pytest.mark.skipif(not Path("/dev/stdout").exists(), reason="needs /dev/stdout")
@pytest.mark.parametrize(
    "command",
    [
        ["report"],
        ["export", "--table", "hands", "--format", "csv"],
        ["convert", str(EXAMPLES / "home_session.bhh"), "--to", "phh"],
        ["simulate", "--hands", "2"],
        ["new", "--force", "--players", "Anna,Ben", "--date", "2024-03-01"],
    ],
    ids=lambda command: command[0],
)
@pytest.mark.parametrize("standard_output", ["/dev/stdout", "-"])
def test_out_to_standard_output_redirected_to_a_file_is_the_output_alone(
    tmp_path: Path, command: list[str], standard_output: str
) -> None:
    """``report --out /dev/stdout > season.html`` (the way to name standard output where an
    output file is required): the HTML was written through its own opening of the file, from
    its start, and then "wrote /dev/stdout" on standard output, from the start too, over the
    HTML's first bytes: ``season.html`` began ``wrote /dev/stdout`` and lost its
    ``<!DOCTYPE html>``.  What the command says of its output goes to standard error, as
    ``new``, ``convert`` and ``simulate`` say theirs; the file holds the output alone.  ``-``
    names standard output too, as for most command-line tools: it wrote a file named ``-``."""
    db = tmp_path / "club.db"
    assert import_into(db, [EXAMPLES / "home_session.bhh"]).ok
    name, rest = command[0], command[1:]
    given = ["--db", str(db)] if name in ("report", "export") else []
    target = [standard_output] if name == "new" else ["--out", standard_output]
    redirected = tmp_path / "redirected"
    written = tmp_path / "written"
    with redirected.open("wb") as out:
        done = subprocess.run(
            [sys.executable, "-m", "badugi_ledger", name, *target, *rest, *given],
            stdout=out,
            stderr=subprocess.PIPE,
            text=True,
            cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "-").exists()
    plain = [str(written)] if name == "new" else ["--out", str(written)]
    assert run(name, *plain, *rest, *given).exit_code == 0
    expected, got = written.read_bytes(), redirected.read_bytes()
    if name == "report":  # the report's last line says when it was made, to the minute
        expected, got = (text.rsplit(b"Made by", 1)[0] for text in (expected, got))
    assert got == expected


def test_out_naming_a_link_replaces_the_file_it_leads_to(tmp_path: Path) -> None:
    """``report --out season.html`` where ``season.html`` links to the club's shared folder:
    the link itself was replaced by the new file, and the shared file stayed old."""
    db = tmp_path / "club.db"
    assert import_into(db, [EXAMPLES / "home_session.bhh"]).ok
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "season.html").write_text("old", encoding="utf-8")
    link = tmp_path / "season.html"
    link.symlink_to(shared / "season.html")
    result = run("report", "--db", db, "--out", link)
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert "<html" in (shared / "season.html").read_text(encoding="utf-8")
    assert sorted(p.name for p in shared.iterdir()) == ["season.html"]


def test_renamed_from_a_link_that_loops_is_one_error_line(tmp_path: Path) -> None:
    """``import --renamed-from loop`` where ``loop`` is a link to itself (found by the
    hostile-input fuzzing): looking for the file the old path meant resolved the path, and
    ``Path.resolve`` raised ``RuntimeError: Symlink loop`` (a traceback)."""
    db = tmp_path / "club.db"
    assert import_into(db, [EXAMPLES / "home_session.bhh"]).ok
    loop = tmp_path / "loop.bhh"
    loop.symlink_to(loop)
    result = run("import", EXAMPLES / "000_anna_ben.bhh", "--db", db, "--renamed-from", loop)
    assert result.exit_code == 1, result.output
    assert "the ledger holds no hand imported from that path" in result.output


@pytest.mark.parametrize("spelling", ["same", "link"])
def test_renamed_from_the_file_itself_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spelling: str
) -> None:
    """``import --renamed-from night.bhh night.bhh`` (the file already imported by that path)
    said "4 duplicate" and exited 0, as if the option meant something: a file is never renamed
    from itself, so the old path was mistyped, and the hands it brought in would go on counting
    beside the new file's.  Named by its own path or through a link to it, it is refused."""
    monkeypatch.chdir(tmp_path)
    db = tmp_path / "club.db"
    night = tmp_path / "night.bhh"
    night.write_text((EXAMPLES / "home_session.bhh").read_text(encoding="utf-8"), "utf-8")
    assert import_into(db, [night]).ok
    old = night
    if spelling == "link":
        old = tmp_path / "other.bhh"
        old.symlink_to(night)
    result = run("import", night, "--db", db, "--renamed-from", old)
    assert result.exit_code == 2, result.output
    said = " ".join(result.stderr.replace("│", " ").split())  # (typer's error box unwrapped)
    assert "Invalid value for --renamed-from:" in said and "is the file imported itself" in said


@pytest.mark.parametrize("command", ["settle", "show", "tournament"])
@pytest.mark.parametrize("event", ["³", "٣"])
def test_an_event_named_by_a_digit_that_is_not_ascii_is_no_event_id(
    tmp_path: Path, command: str, event: str
) -> None:
    """``--event ³`` was a traceback (``str.isdigit`` says yes, ``int`` cannot read it) and
    ``--event ٣`` (Arabic-Indic three) named event 3 silently: an event id is ASCII digits;
    anything else is looked for as a name, and is no event here."""
    db = tmp_path / "club.db"
    import_into(db, sorted(EXAMPLES.glob("*.bhh")))
    args = [command, "--event", event, "--db", str(db)]
    result = runner.invoke(app, args)
    assert result.exit_code == 1, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "no event" in result.output.lower() or "no tournament" in result.output.lower()


@pytest.mark.parametrize("command", [["standings"], ["settle"], ["import", str(EXAMPLES)]])
def test_a_ledger_name_too_long_for_the_system_is_one_error_line(
    tmp_path: Path, command: list[str]
) -> None:
    """``--db`` naming a file longer than the system allows (255 bytes a name on Linux):
    looking for the ledger raised the system's OSError (a traceback)."""
    result = runner.invoke(app, [*command, "--db", str(tmp_path / ("x" * 300))])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    (line,) = result.output.strip().splitlines()
    assert line.startswith("Error: cannot open the ledger ") and "…" in line


@pytest.mark.parametrize("command", [["check"], ["parse"], ["show"], ["import", "--db", "club.db"]])
def test_a_hand_file_name_too_long_for_the_system_is_one_error_line(
    tmp_path: Path, command: list[str]
) -> None:
    """A file named longer than the system allows: asking whether it was a folder raised the
    system's OSError (a traceback); it is refused as a missing file is, with the reason."""
    name = str(tmp_path / ("y" * 300))
    args = [*command[:1], name, *command[1:]]
    if command[0] == "import":
        args[-1] = str(tmp_path / "club.db")
    result = runner.invoke(app, args)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 1
    (line,) = result.output.strip().splitlines()
    assert line.startswith("Error: cannot read ") and line.endswith(": File name too long")


@pytest.mark.parametrize(
    "command",
    [
        ["export", "--table", "hands", "--format", "csv", "--db", "{db}", "--out", "{db}"],
        ["report", "--db", "{db}", "--out", "{db}"],
        ["simulate", "--hands", "2", "--out", "{db}"],
        ["convert", str(EXAMPLES / "home_session.bhh"), "--to", "phh", "--out", "{db}"],
        ["new", "{db}", "--players", "Anna,Ben", "--force"],
    ],
    ids=["export", "report", "simulate", "convert", "new"],
)
def test_an_output_is_never_written_over_a_ledger(command: list[str], tmp_path: Path) -> None:
    """``--out club.db`` replaced the ledger (even the one the command read) with a report,
    exit status 0: every hand lost.  An output never goes over an SQLite database."""
    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES / "home_session.bhh"])
    before = db.read_bytes()
    result = run(*[part.format(db=db) for part in command])
    assert result.exit_code == 1
    assert "is an SQLite database (a ledger?): an output is never written over one" in (
        " ".join(result.output.split())
    )
    assert db.read_bytes() == before


@pytest.mark.parametrize("out", ["", ".", "{tmp}"])
def test_an_output_that_is_a_folder_is_named_as_one(out: str, tmp_path: Path) -> None:
    """``--out ''`` said "cannot write '.': Device or resource busy"."""
    result = run("simulate", "--hands", "1", "--out", out.format(tmp=tmp_path))
    assert result.exit_code == 1
    assert "it is a folder; name a file (in it)" in result.output


def test_an_output_over_a_file_that_cannot_be_read_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A ledger the user may write but not read (mode 0200) was written over: the check that
    it is a database could not read it.  (The refusal to read is made here: the tests may run
    as root, who reads every file.)"""
    import builtins

    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES / "home_session.bhh"])
    before = db.read_bytes()
    real_open = builtins.open

    def denied(file: object, *args: object, **kwargs: object) -> object:
        if str(file) == str(db):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "open", denied)
    result = run("simulate", "--hands", "1", "--out", db)
    monkeypatch.undo()
    assert result.exit_code == 1
    assert "cannot tell whether" in result.output and "Permission denied" in result.output
    assert db.read_bytes() == before


@pytest.mark.parametrize(
    "command",
    [["import", str(EXAMPLES / "home_session.bhh")], ["standings"], ["settle"]],
)
@pytest.mark.parametrize("through_env", [False, True])
def test_a_ledger_in_memory_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str], through_env: bool
) -> None:
    """``--db :memory:`` (or the variable) named SQLite's database in memory: the import said
    "4 stored" and kept nothing, and standings showed an empty ledger."""
    monkeypatch.chdir(tmp_path)
    if through_env:
        monkeypatch.setenv("BADUGI_LEDGER_DB", ":memory:")
        result = run(*command)
    else:
        result = run(*command, "--db", ":memory:")
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.replace("│", " ").split())
    assert "a ledger in memory is dropped when the command ends" in said
    assert "name a file (--db club.db)" in said
    assert list(tmp_path.iterdir()) == []
    # Where the value came from: click's "(env var: …)" followed a typed --db :memory: too.
    assert ("from the environment variable BADUGI_LEDGER_DB" in said) == through_env
    assert "env var:" not in said


@pytest.mark.parametrize(
    "command",
    [["check", ""], ["parse", ""], ["show", ""], ["import", "", "--db", "club.db"],
     ["convert", "", "--to", "phh"], ["import", str(EXAMPLES / "tournament.bhh"), ""]],
)  # fmt: skip
def test_an_empty_path_names_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    """``import "$NIGHT"`` with the variable unset: the empty path was this folder, so every
    hand file below it was imported (exit 0); ``check``, ``parse`` and ``show`` read them."""
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "night.bhh").write_bytes((EXAMPLES / "home_session.bhh").read_bytes())
    monkeypatch.chdir(tmp_path)
    result = run(*command)
    assert result.exit_code == 1, result.output
    assert "an empty path names no file or folder" in result.output
    assert not (tmp_path / "club.db").exists()


@pytest.mark.parametrize(
    "options",
    [["--hands", "-1"], ["--session-hands", "0"], ["--small-blind", "-1"], ["--big-blind", "0"],
     ["--small-blind", "5", "--big-blind", "2"], ["--ante", "-3"],
     ["--big-blind", "1000000000000"]],  # (in range, but too much for a session's chips)
)  # fmt: skip
def test_simulate_out_of_range_is_a_usage_error(tmp_path: Path, options: list[str]) -> None:
    """Exit status 2 as every other command's out-of-range value (``--players 1``); these were
    ``Error:`` lines with status 1, the simulator's own refusal."""
    out = tmp_path / "sim.bhh"
    result = run("simulate", *options, "--out", out)
    assert result.exit_code == 2, result.output
    assert not out.exists()


@pytest.mark.parametrize("table", ["1" * 5000, "50/" + "5" * 4400, "9" * 30 + "/1"])
def test_a_prize_table_of_numbers_too_long_to_read_is_a_usage_error(
    tmp_path: Path, table: str
) -> None:
    """``tournament --payouts`` takes whole percentages totalling 100 (docs/ledger.md,
    *Tournaments*): a percentage of thousands of digits is refused as a usage error, as a
    file's ``payouts`` header of one is a parse error, never a traceback (Python will not
    convert a number of more than 4300 digits)."""
    result = run("tournament", "--event", "1", "--payouts", table, "--db", tmp_path / "c.db")
    assert result.exit_code == 2, result.output
    assert "--payouts" in result.output
    assert not (tmp_path / "c.db").exists()


# The ledger's path (``--db``, ``BADUGI_LEDGER_DB``) is held to the hand files' rules: empty,
# a line break, a symlink loop.  Each command that takes --db, with what it needs besides.
LEDGER_COMMANDS = {
    "import": [str(EXAMPLES / "home_session.bhh")],
    "standings": [],
    "settle": [],
    "export": ["--table", "hands", "--format", "csv"],
    "report": ["--out", "season.html"],
    "players": [],
    "tournament": ["--event", "1"],
    "void": ["--event", "1", "--reason", "typo"],
    "unvoid": ["--event", "1", "--reason", "typo"],
    "audit": [],
    "events": [],
    "show": [],
    "serve": [],  # (on a port taken here: a server is never started)
}


def test_every_command_that_takes_db_is_tried_with_a_hostile_ledger_path() -> None:
    from typer.main import get_command

    group = get_command(app)
    with_db = {
        name
        for name, command in group.commands.items()  # type: ignore[attr-defined]
        if any(
            "--db" in getattr(param, "opts", ()) and not getattr(param, "hidden", False)
            for param in command.params
        )
    }
    assert with_db == set(LEDGER_COMMANDS)


def run_ledger_command(name: str, *extra: str) -> Result:
    """``name`` with what it needs and ``extra``; ``serve`` on a port already taken, so that
    a command that went past the ledger's path stops there, not serving for ever."""
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = ["--port", str(taken.getsockname()[1])] if name == "serve" else []
        return run(name, *LEDGER_COMMANDS[name], *port, *extra)


@pytest.mark.parametrize("command", sorted(LEDGER_COMMANDS))
@pytest.mark.parametrize("through_env", [False, True])
def test_an_empty_ledger_path_is_a_usage_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str, through_env: bool
) -> None:
    """``BADUGI_LEDGER_DB="$LEDGER"`` with the script's variable unset: typer took the empty
    variable for an unset one, and the night was imported into ``club.db`` of the folder the
    script ran in, a ledger nobody meant (the next ``standings`` elsewhere misses it).
    ``--db ""`` said "'.' is a folder, not a ledger", a path nobody typed.  Refused as an
    empty hand path is (:func:`test_an_empty_path_names_no_file`), as a usage error."""
    monkeypatch.chdir(tmp_path)
    if through_env:
        monkeypatch.setenv("BADUGI_LEDGER_DB", "")
        result = run_ledger_command(command)
    else:
        result = run_ledger_command(command, "--db", "")
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.replace("│", " ").split())
    assert "an empty path names no file or folder (a script's variable left unset?)" in said
    assert "name the ledger's file (--db club.db)" in said
    assert ("(from the environment variable BADUGI_LEDGER_DB): it is set but empty" in said) == (
        through_env
    )
    assert ("from the environment variable BADUGI_LEDGER_DB" in said) == through_env
    assert "env var:" not in said
    assert "'.'" not in said
    assert list(tmp_path.iterdir()) == []


def test_the_variable_set_but_empty_gives_way_to_db(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--db`` wins over the variable (README), an empty one too."""
    monkeypatch.setenv("BADUGI_LEDGER_DB", "")
    result = run("import", EXAMPLES / "home_session.bhh", "--db", tmp_path / "club.db")
    assert result.exit_code == 0, result.output
    assert (tmp_path / "club.db").is_file()


@pytest.mark.parametrize("through_env", [False, True])
def test_a_new_ledger_is_not_made_under_a_name_with_a_line_break(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, through_env: bool
) -> None:
    """``import --db $'nl\\nx.db'`` made the ledger, and its report ended with ``ledger: nl``
    and ``x.db`` on two lines; a hand file so named is refused
    (tests/test_file_selection.py), by the same rule."""
    db = tmp_path / "nl\nx.db"
    if through_env:
        monkeypatch.setenv("BADUGI_LEDGER_DB", str(db))
        result = run("import", EXAMPLES / "home_session.bhh")
    else:
        result = run("import", EXAMPLES / "home_session.bhh", "--db", db)
    assert result.exit_code == 1, result.output
    (line,) = result.output.splitlines()
    assert line.startswith(f"Error: {str(db)!r}: a file whose name holds a line break cannot")
    assert line.endswith("name the new ledger another way")
    assert list(tmp_path.iterdir()) == []


def test_a_ledger_that_has_a_line_break_in_its_name_is_named_on_one_line(tmp_path: Path) -> None:
    """A ledger made under such a name before it was refused is read and written (renaming it
    is the user's), and every line naming it shows the line break written visibly: the
    import's report and ``players merge`` printed it as two lines (``nl``, then ``x.db``),
    and printed any other control character as it is (a terminal's escape sequence)."""
    made = tmp_path / "club.db"
    assert import_into(made, [EXAMPLES / "home_session.bhh"]).ok
    db = tmp_path / "nl\nx\x1b[2J.db"
    made.rename(db)
    shown = f"ledger: {tmp_path}/nl\\x0ax\\x1b[2J.db"
    imported = run("import", EXAMPLES / "badeucey_no_limit.bhh", "--db", db)
    assert imported.exit_code == 0, imported.output
    assert imported.output.splitlines()[-1] == shown
    merged = run("players", "merge", "Anna", "Wim", "--db", db)  # (never at one table)
    assert merged.exit_code == 0, merged.output
    assert merged.output.splitlines()[-1] == shown
    assert sorted(p.name for p in tmp_path.iterdir()) == [db.name]


@pytest.mark.parametrize("command", ["import", "standings", "events", "players"])
def test_a_ledger_path_in_a_symlink_loop_is_called_one(tmp_path: Path, command: str) -> None:
    """``--db loop1``, a link to ``loop2`` which links back: the reading commands said "no
    ledger at 'loop1': make one with import", then import said "cannot open the ledger".  A
    hand file's path in a loop is called one (tests/test_file_selection.py)."""
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    result = run_ledger_command(command, "--db", str(tmp_path / "loop1"))
    assert result.exit_code == 1, result.output
    (line,) = result.output.splitlines()
    assert line == (
        f"Error: cannot open the ledger {str(tmp_path / 'loop1')!r}: it is a symlink loop (its "
        "links lead back to one another, never to a file or folder): mend or remove the link"
    )


@pytest.mark.parametrize("command", ["void", "unvoid"])
@pytest.mark.parametrize("reason", ["\u200b", " \u2060 \u200e\u3000", "\x00"])
def test_a_reason_that_shows_nothing_is_refused(tmp_path: Path, command: str, reason: str) -> None:
    """The audit keeps a void's reason for the organisers to read (docs/ledger.md, *Void*):
    a lone zero-width space (or a word joiner and a direction mark among spaces, a
    NUL) pasted as ``--reason`` is no reason at all, refused as an empty one is, the
    characters named; the ledger is left as it was."""
    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES / "home_session.bhh"])
    if command == "unvoid":
        assert (
            run("void", "--db", db, "--event", "Friday game", "--reason", "misdeal").exit_code == 0
        )
    before = db.read_bytes()
    result = run(command, "--db", db, "--event", "Friday game", "--reason", reason)
    assert result.exit_code == 1, result.output
    assert (
        f"the reason for the {command.replace('unvoid', 'un-void')} shows nothing" in result.output
    )
    assert f"U+{ord(reason.strip()[0]):04X}" in result.output
    assert db.read_bytes() == before


def test_a_path_with_a_literal_tilde_says_what_was_probably_meant(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--db=~/club.db``: the shell expands ``~`` only at the start of a word, so the command
    is given a path holding ``~`` itself, and neither does badugi-ledger expand it (a file may
    be named so).  The error says the ``~`` is literal and names the file in the home folder
    that was probably meant, for a ledger read, a ledger to make (whose folder ``~`` does not
    exist: nothing is made) and a hand file; nothing is written."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    meant = repr(str(tmp_path / "home" / "club.db"))
    for args in (
        ["standings", "--db=~/club.db"],
        ["import", "--db=~/club.db", str(EXAMPLES / "home_session.bhh")],
        ["check", "~/club.db"],
    ):
        result = run(*args)
        assert result.exit_code == 1, result.output
        assert "it starts with a literal '~'" in result.output, result.output
        assert f"{meant} was probably meant" in result.output, result.output
    assert list(tmp_path.iterdir()) == []


@pytest.mark.skipif(os.sep != "/", reason="a Windows path names a file on Windows")
def test_a_windows_path_that_names_nothing_is_said_to_be_one(tmp_path: Path) -> None:
    """``check C:\\club\\x.bhh`` on a system whose folders are separated by ``/``: the file
    is not found, and the error says the path is a Windows one (and where WSL puts C:)."""
    for args in (["check", "C:\\club\\x.bhh"], ["standings", "--db", "C:\\club\\club.db"]):
        result = run(*args)
        assert result.exit_code == 1, result.output
        assert "is a Windows path, which names nothing on this system" in result.output
        assert "under WSL the drive C: is /mnt/c" in result.output


def test_a_dash_reads_standard_input_named_stdin(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``cat night.bhh | badugi-ledger check -``: ``-`` is standard input, the Unix habit (and
    sqlite-utils' ``insert … -``), where it was "no such file or folder: -".  What it gives is
    read as a file is (the worked hand of seed 000, examples/000_anna_ben.bhh, one action
    broken), every message naming it ``<stdin>`` with its line and column, beside a file
    named with it; ``parse``, ``show`` and ``convert`` read it too, and the file it was
    saved to while it was read is gone after."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    night = (EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8")
    broken = night.replace("Anna raises to 4 · Ben calls 2", "Anna raises to 4 · Ben kalls 2")
    result = runner.invoke(app, ["check", "-", str(EXAMPLES / "tournament.bhh")], input=broken)
    assert result.exit_code == 1, result.output
    assert result.output.startswith("<stdin>:17:24: hand 000-1: "), result.output
    assert "<stdin>: 1 hand: 0 ok, 1 with violations" in result.output
    assert "tournament.bhh: 3 hands: 3 ok" in result.output
    for args in (["parse", "-"], ["show", "-"], ["convert", "-", "--to", "phh"]):
        result = runner.invoke(app, args, input=night)
        assert result.exit_code == 0, (args, result.output)
        assert "Anna" in result.output and "Traceback" not in result.output
    shown = runner.invoke(app, ["show", "-"], input=night).output
    assert "<stdin>:15" in shown
    assert list(tmp_path.iterdir()) == []


def test_a_dash_is_no_file_an_import_can_keep(tmp_path: Path) -> None:
    """The ledger keeps every hand's file, by which ``import --replace`` and
    ``--renamed-from`` find a night again (docs/ledger.md, *Import*): standard input has no
    name to keep, so ``import -`` is a usage error saying to save it to a file first; no
    ledger is made."""
    db = tmp_path / "club.db"
    night = (EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8")
    result = runner.invoke(app, ["import", "--db", str(db), "-"], input=night)
    assert result.exit_code == 2, result.output
    assert "standard input (-) has no file name" in result.output
    assert not db.exists()


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-8-sig"])
def test_parse_reads_our_format_in_unicode_as_check_does(tmp_path: Path, encoding: str) -> None:
    """Found by re-encoding the examples: ``check`` (and ``import``, ``show``) read our format
    saved as UTF-16, which its byte-order mark or its NUL bytes tell for certain, as the text
    it is, but ``parse`` refused every line as "not UTF-8 text" (exit 1).  The same file reads
    the same hands whichever command reads it."""
    night = tmp_path / "night.bhh"
    night.write_bytes((EXAMPLES / "home_session.bhh").read_text(encoding="utf-8").encode(encoding))
    checked = run("check", night)
    assert checked.exit_code == 0, checked.output
    parsed = run("parse", "--json", night)
    assert parsed.exit_code == 0, parsed.output
    again = run("parse", "--json", EXAMPLES / "home_session.bhh")
    assert [json.loads(line)["hand"] for line in parsed.output.splitlines()] == [
        json.loads(line)["hand"] for line in again.output.splitlines()
    ]
