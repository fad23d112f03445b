"""A command the ledger prints for an organiser to paste does what it says, as printed, for any
name (docs/ledger.md, *Commands in messages*): the event, table, player or file it names
written whole and quoted for a shell (``ledger/advice.command_word``).

An event's name of 300 characters was cut at 200 in ``void --event`` and ``unvoid --event``
(a name cut names nothing: "no such event"); a name holding a quote and ``$(…)`` was quoted
by Python's ``repr``, in double quotes, inside which a shell runs ``$(…)``; a name beginning
with ``-`` was taken for an option; and the void a warning of a gone night file gave lacked
the ``--reason`` every void needs.  Each command is taken from the message as it is printed,
split into words by a real shell (bash, as an organiser's terminal does: a command whose
``$(touch pwned)`` ran leaves a file ``pwned`` behind) and run through the command line
itself; then the ledger is asked whether it did what the message says.
"""

from __future__ import annotations

import json
import sqlite3
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from badugi_ledger.cli import app
from badugi_ledger.ledger.advice import Advice, command_word, path_word, void_command_words
from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.location import LEDGER_ENV
from badugi_ledger.ledger.players import list_players
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.ledger.void_matching import event_arg
from tests.helpers.ledger_builder import hand

runner = CliRunner()

EVENTS = {
    "blanks": "Friday 2025-01-17",
    "shell": 'Friday $(touch pwned) `touch pwned` it\'s "big" !! ~ \\ $HOME',
    "dash": "-dash night",
    "unicode": "Zoë's ♠ Nacht",
    "long": "Long night " + "L" * 289,  # 300 characters, a blank among them
}
"""Event names an organiser's files hold: each one the command line must get back whole."""

PLAYERS = {
    "shell": "O'Brien $(touch pwned) `x`",
    "dash": "-Anna",
    "unicode": "Zoë ♠ \u0410nna",
    "long": "P" * 300,
}
"""Player names a site's history may hold (its readers take any name)."""


def shell_words(command: str, cwd: Path) -> list[str]:
    """The words bash makes of ``command`` pasted at its prompt, in ``cwd``: ``badugi-ledger``
    a function that prints the words it is given (so nothing else of the command runs)."""
    script = "badugi-ledger() { printf '%s\\0' badugi-ledger \"$@\"; }\n" + command
    done = subprocess.run(
        ["bash", "--norc", "--noprofile", "-c", script],
        cwd=cwd,
        capture_output=True,
        check=False,
    )
    assert done.returncode == 0, (command, done.stderr)
    return done.stdout.decode("utf-8").split("\0")[:-1]


def commands_in(message: str) -> list[str]:
    """Each ``badugi-ledger …`` command of ``message``, to where it ends: an unquoted ``)``,
    ``;``, ``, `` or `` and ``, as the sentence goes on after it."""
    found = []
    start = message.find("badugi-ledger ")
    while start >= 0:
        i, quote = start, ""
        while i < len(message):
            c = message[i]
            if quote:
                if c == "\\" and quote != "'":
                    i += 1
                elif c == quote[-1]:
                    quote = ""
            elif c == "\\":
                i += 1
            elif c in "'\"":
                quote = c
            elif message.startswith("$'", i):
                quote, i = "$'", i + 1
            elif c in ");" or message.startswith((", ", " and "), i):
                break
            i += 1
        found.append(message[start:i])
        start = message.find("badugi-ledger ", i)
    return found


def pasted(message: str, cwd: Path, db: Path) -> list[Result]:
    """Each command of ``message`` run as pasted in ``cwd`` (its words as bash splits them,
    the ledger ``db`` the default one, as for an organiser who keeps one ledger)."""
    results = []
    for command in commands_in(message):
        words = shell_words(command, cwd)
        assert words[0] == "badugi-ledger", (command, words)
        results.append(runner.invoke(app, words[1:], env={LEDGER_ENV: str(db)}))
    assert not (cwd / "pwned").exists(), message
    return results


def night(event: str, table: str = "Kitchen", hands: int = 3) -> str:
    """A cash night ``event`` of ``hands`` hands at ``table``."""
    text = f"game badugi · fixed limit 2/4 · blinds 1/2\ncash {event} · date 2024-03-01\n"
    text += f"table {table}\n" if table else ""
    for n in range(1, hands + 1):
        button, other = ("Anna", "Ben") if n % 2 else ("Ben", "Anna")
        seats = "Anna 100 · Ben 100" if n == 1 else "Anna · Ben"  # (stacks carried)
        text += f"\nhand {n} · button {button} · {seats}\n"
        text += f"{button} folds\n{other} collects 2\n"
    return text


def imported(tmp_path: Path, *paths: str) -> str:
    result = runner.invoke(app, ["import", *paths, "--db", str(tmp_path / "club.db"), "-j", "1"])
    assert result.exit_code == 0, result.output
    return result.output


def void_reasons(db: Path) -> dict[str, str | None]:
    """Hand number -> its void reason (None: it counts)."""
    with sqlite3.connect(db) as conn:
        return {
            str(n): (None if r is None else str(r))
            for n, r in conn.execute("SELECT hand_number, void_reason FROM hands")
        }


def event_void(db: Path, name: str) -> bool:
    """Whether the ledger's event ``name`` is void, as ``events`` lists it."""
    result = runner.invoke(app, ["events", "--db", str(db), "--json"])
    (event,) = (e for e in json.loads(result.output)["events"] if e["event"] == name)
    return bool(event["void"])


@pytest.mark.parametrize("word", [*EVENTS.values(), *PLAYERS.values(), "a\nb\tc\x85d\u2028e"])
def test_a_word_comes_back_whole_from_a_shell(word: str, tmp_path: Path) -> None:
    """Every word, line breaks and other control characters too, split back by bash as it
    was (``$'…'`` for those: a message's line cannot hold a line break)."""
    assert shell_words(f"badugi-ledger {command_word(word)}", tmp_path) == ["badugi-ledger", word]
    assert "\n" not in command_word(word)


@pytest.mark.parametrize("event", list(EVENTS.values()), ids=list(EVENTS))
def test_the_voids_an_import_advises_void_the_hand_they_name(
    event: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``void that one too`` (a voided hand the ledger cannot match in a file read again) and
    ``void the file's copies`` (by the event's id, or, as ``check`` says it, its key): each
    voids its hand, by its reason, whatever the event is called."""
    monkeypatch.chdir(tmp_path)
    Path("night.bhh").write_text(night(event), encoding="utf-8")
    imported(tmp_path, "night.bhh")
    db = tmp_path / "club.db"
    with sqlite3.connect(db) as conn:
        (event_id,) = conn.execute("SELECT id FROM events").fetchone()
        (key,) = conn.execute("SELECT key FROM events").fetchone()
        arg = event_arg(conn, event_id)
    reason = "misdeal: Ben's $(touch pwned) card"
    advice = Advice("void this one too", event=arg, hand="2", table="Kitchen", reason=reason)
    (done,) = pasted(advice.command_words(), tmp_path, db)
    assert done.exit_code == 0, done.output
    assert void_reasons(db)["2"] == reason
    (done,) = pasted(void_command_words(key, "1", "Kitchen", True), tmp_path, db)
    assert done.exit_code == 0, done.output
    assert void_reasons(db)["1"] == "copy"
    (done,) = pasted(void_command_words(str(event_id), "3", "Kitchen", True), tmp_path, db)
    assert done.exit_code == 0, done.output
    assert void_reasons(db)["3"] == "copy"


@pytest.mark.parametrize("event", list(EVENTS.values()), ids=list(EVENTS))
def test_the_unvoid_a_refusal_advises_takes_back_the_events_void(
    event: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``unvoid --hand`` of a hand of a void event is refused with the ``unvoid --event`` of
    the whole event, which counts again once it is run."""
    monkeypatch.chdir(tmp_path)
    Path("night.bhh").write_text(night(event), encoding="utf-8")
    imported(tmp_path, "night.bhh")
    db = tmp_path / "club.db"
    base = ["--event", "1", "--db", str(db)]
    assert runner.invoke(app, ["void", *base, "--reason", "rain"]).exit_code == 0
    refused = runner.invoke(app, ["unvoid", *base, "--hand", "2", "--reason", "x"])
    assert refused.exit_code == 1 and "unvoid --event" in refused.output, refused.output
    (done,) = pasted(" ".join(refused.output.split()), tmp_path, db)
    assert done.exit_code == 0, done.output
    assert not event_void(db, event)


@pytest.mark.parametrize(
    ("event", "file"),
    [
        (EVENTS["shell"], "night $(touch pwned) it's.bhh"),
        (EVENTS["dash"], "-night.bhh"),
        (EVENTS["unicode"], "Zoë ♠ night.bhh"),
        (EVENTS["long"], "N" * 200 + ".bhh"),
    ],
    ids=["shell", "dash", "unicode", "long"],
)
def test_a_gone_night_files_warning_gives_commands_that_do_it(
    event: str, file: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A night file gone from its folder (docs/ledger.md, *A night file gone from its
    folder*): renamed, its last hand deleted, the warning names the file that holds the
    night's other hands now and the import that makes it the night's (its last hand left
    out); deleted, the void of its night voids it."""
    monkeypatch.chdir(tmp_path)
    season = Path("season")
    season.mkdir()
    (season / file).write_text(night(event), encoding="utf-8")
    (season / "other.bhh").write_text(night("Other night", hands=1), encoding="utf-8")
    imported(tmp_path, "season")
    db = tmp_path / "club.db"
    renamed = season / f"renamed {file}"
    renamed.write_text(night(event, hands=2), encoding="utf-8")
    (season / file).unlink()
    said = " ".join(imported(tmp_path, "season").split())
    assert f"{renamed} holds other hands of it" in said, said
    rename, cancel = (c for c in commands_in(said) if "import" in c or "void" in c)
    assert rename.startswith("badugi-ledger import "), rename
    (done,) = pasted(rename, tmp_path, db)
    assert done.exit_code == 0, done.output
    assert void_reasons(db)["3"] is not None and void_reasons(db)["1"] is None
    assert "no longer in its folder" not in imported(tmp_path, "season")
    assert cancel.startswith("badugi-ledger void --event "), cancel
    renamed.unlink()
    said = " ".join(imported(tmp_path, "season").split())
    (cancel,) = (c for c in commands_in(said) if "void" in c)
    (done,) = pasted(cancel, tmp_path, db)
    assert done.exit_code == 0, done.output
    assert event_void(db, event) and not event_void(db, "Other night")


@pytest.mark.parametrize("name", list(PLAYERS.values()), ids=list(PLAYERS))
def test_the_merge_an_import_advises_merges_the_names(name: str, tmp_path: Path) -> None:
    """``merge them (badugi-ledger players merge KNOWN NEW)``: the two names are one player."""
    db_path = tmp_path / "club.db"
    other = name + " 2"
    db = open_ledger(db_path)
    import_outcomes(
        db,
        [
            hand("1", {name: 50, "Ben": 50}, {name: 5, "Ben": 5}, {name: 10}),
            hand("2", {other: 50, "Ben": 50}, {other: 5, "Ben": 5}, {"Ben": 10}, line=5),
        ],
        "night.bhh",
    )
    db.close()
    said = Advice("merge them", others=(name, other)).command_words()
    (done,) = pasted(said, tmp_path, db_path)
    assert done.exit_code == 0, done.output
    players = {p.player: p.aliases for p in list_players(open_ledger(db_path))}
    assert sorted(players[name]) == sorted([name, other]), players


def test_a_path_beginning_with_a_dash_is_no_option() -> None:
    """``./-night.bhh``: the same file, where ``-night.bhh`` is an option to the command line."""
    assert path_word("-night.bhh") == "./-night.bhh"
    assert path_word("season/-night.bhh") == "season/-night.bhh"


@pytest.mark.parametrize("file", ["night $(touch pwned) it's.bhh", "-night.bhh", "Zoë ♠.bhh"])
def test_the_check_new_advises_checks_the_file_it_wrote(
    file: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``new FILE`` ends "then: badugi-ledger check FILE": that file is the one checked (its
    one hand not written yet: not settled, exit status 1)."""
    monkeypatch.chdir(tmp_path)
    wrote = runner.invoke(app, ["new", "--players", "Anna,Ben", "--", file])
    assert wrote.exit_code == 0, wrote.output
    (done,) = pasted(" ".join(wrote.output.split()), tmp_path, tmp_path / "club.db")
    assert done.exit_code == 1 and f"{file}: 1 hand: 0 ok" in done.output, done.output
