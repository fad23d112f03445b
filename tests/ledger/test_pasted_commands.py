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

And it does it in the ledger that printed it (docs/ledger.md, *Commands in messages*): an
organiser who keeps the season in ``season.db`` pasted a bare ``void`` into a shell whose
default ledger is ``club.db`` of the folder (or ``$BADUGI_LEDGER_DB``'s), which voided a hand
of that ledger's event of the same name.  Here every message comes from ``season.db`` and
every command is pasted where the default ledger is another one holding events of the same
names: the season's ledger changes as the message says, the other not at all.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from badugi_ledger.cli import app
from badugi_ledger.ledger.advice import (
    Advice,
    command_word,
    ledger_named,
    path_word,
    void_command_words,
)
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


SEASON = "season.db"
"""The ledger the messages come from: the organiser's season, named by ``--db``."""
OTHER = "club.db"
"""The ledger a bare command opens in the folder the commands are pasted in (and the one
``$BADUGI_LEDGER_DB`` names there): another one, holding events of the same names."""


def pasted(message: str, cwd: Path, default: Path) -> list[Result]:
    """Each command of ``message`` run as pasted in ``cwd`` (its words as bash splits them),
    where a command given no ``--db`` opens the ledger ``default``: which must be as it was
    after them (a command of the message acts on the ledger that printed it)."""
    results = []
    before = ledger_state(default)
    for command in commands_in(message):
        words = shell_words(command, cwd)
        assert words[0] == "badugi-ledger", (command, words)
        results.append(runner.invoke(app, words[1:], env={LEDGER_ENV: str(default)}))
    assert not (cwd / "pwned").exists(), message
    assert ledger_state(default) == before, message
    return results


def ledger_state(db: Path) -> object:
    """What a pasted command may change of the ledger ``db``: each hand's and event's void,
    each name's player, the audit; None when there is no ledger there."""
    if not db.exists():
        return None
    with sqlite3.connect(db) as conn:
        return [
            conn.execute(f"SELECT * FROM {table} ORDER BY 1").fetchall()
            for table in ("hands", "events", "aliases", "players", "audit")
        ]


def other_ledger(folder: Path, *events: str, players: tuple[str, ...] = ()) -> Path:
    """:data:`OTHER` in ``folder``: a night of each of ``events`` (the same names, the same
    hands and tables as the season's), each of ``players`` seated too."""
    path = folder / OTHER
    if events:
        nights = folder / "other nights"
        nights.mkdir()
        for n, event in enumerate(events):
            text = night(event).replace("Anna 100 · Ben 100", f"Anna {100 + n} · Ben 100")
            (nights / f"{n}.bhh").write_text(text, encoding="utf-8")  # (no copy of another)
        done = runner.invoke(app, ["import", str(nights), "--db", str(path), "-j", "1"])
        assert done.exit_code == 0, done.output
    if players:
        db = open_ledger(path)
        seated = [(n, {name: 50, "Ben": 50}) for n, name in enumerate(players, start=1)]
        outcomes = [hand(str(n), at, dict.fromkeys(at, 5), {"Ben": 10}, line=n) for n, at in seated]
        import_outcomes(db, outcomes, "other players.bhh")
        db.close()
    return path


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
    """The report of ``paths`` imported into :data:`SEASON`, where a bare command opens
    :data:`OTHER`."""
    result = ledger_command(tmp_path, "import", *paths, "--db", str(tmp_path / SEASON), "-j", "1")
    assert result.exit_code == 0, result.output
    return result.output


def ledger_command(tmp_path: Path, *args: str) -> Result:
    """A command run where the default ledger is :data:`OTHER` (the one pasting sees)."""
    return runner.invoke(app, list(args), env={LEDGER_ENV: str(tmp_path / OTHER)})


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


def test_a_path_that_is_no_utf8_comes_back_as_its_bytes(tmp_path: Path) -> None:
    """A ledger in a folder named in Latin-1 (``café`` with the byte 0xe9; Python names it
    ``caf\\udce9``): the ``--db`` of a printed command gives bash that byte (``$'…\\xe9…'``),
    so the pasted command names the very file; the message itself is text any page or
    terminal can write (no lone surrogate in it)."""
    path = str(tmp_path / "caf\udce9" / "club.db")
    word = path_word(path)
    script = "printf '%s' " + word
    done = subprocess.run(["bash", "--norc", "--noprofile", "-c", script], capture_output=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout == os.fsencode(path)
    word.encode("utf-8")  # (a lone surrogate could not be)


@pytest.mark.parametrize("event", list(EVENTS.values()), ids=list(EVENTS))
def test_the_voids_an_import_advises_void_the_hand_they_name(
    event: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``void that one too`` (a voided hand the ledger cannot match in a file read again) and
    ``void the file's copies`` (by the event's id, or, as ``check`` says it, its key): each
    voids its hand, by its reason, whatever the event is called."""
    monkeypatch.chdir(tmp_path)
    other = other_ledger(tmp_path, event)
    Path("night.bhh").write_text(night(event), encoding="utf-8")
    imported(tmp_path, "night.bhh")
    db = tmp_path / SEASON
    with sqlite3.connect(db) as conn:
        (event_id,) = conn.execute("SELECT id FROM events").fetchone()
        (key,) = conn.execute("SELECT key FROM events").fetchone()
        arg = event_arg(conn, event_id)
        monkeypatch.setenv(LEDGER_ENV, str(other))
        ledger = ledger_named(conn)
    reason = "misdeal: Ben's $(touch pwned) card"
    advice = Advice(
        "void this one too", event=arg, hand="2", table="Kitchen", reason=reason, ledger=ledger
    )
    (done,) = pasted(advice.command_words(), tmp_path, other)
    assert done.exit_code == 0, done.output
    assert void_reasons(db)["2"] == reason
    (done,) = pasted(void_command_words(key, "1", "Kitchen", True, ledger), tmp_path, other)
    assert done.exit_code == 0, done.output
    assert void_reasons(db)["1"] == "copy"
    words = void_command_words(str(event_id), "3", "Kitchen", True, ledger)
    (done,) = pasted(words, tmp_path, other)
    assert done.exit_code == 0, done.output
    assert void_reasons(db)["3"] == "copy"


@pytest.mark.parametrize("event", list(EVENTS.values()), ids=list(EVENTS))
def test_the_unvoid_a_refusal_advises_takes_back_the_events_void(
    event: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``unvoid --hand`` of a hand of a void event is refused with the ``unvoid --event`` of
    the whole event, by the reason the organiser gave, which counts again once it is run."""
    monkeypatch.chdir(tmp_path)
    other = other_ledger(tmp_path, event)
    assert ledger_command(tmp_path, "void", "--event", "1", "--reason", "rain").exit_code == 0
    Path("night.bhh").write_text(night(event), encoding="utf-8")
    imported(tmp_path, "night.bhh")
    db = tmp_path / SEASON
    base = ["--event", "1", "--db", str(db)]
    assert ledger_command(tmp_path, "void", *base, "--reason", "rain").exit_code == 0
    why = "played after all: Ben's $(touch pwned) note"
    refused = ledger_command(tmp_path, "unvoid", *base, "--hand", "2", "--reason", why)
    assert refused.exit_code == 1 and "unvoid --event" in refused.output, refused.output
    (done,) = pasted(" ".join(refused.output.split()), tmp_path, other)
    assert done.exit_code == 0, done.output
    assert not event_void(db, event) and event_void(other, event)
    with sqlite3.connect(db) as conn:
        (last,) = conn.execute("SELECT action, reason FROM audit ORDER BY id DESC LIMIT 1")
    assert last == ("unvoid", why)


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
    other = other_ledger(tmp_path, event, "Other night")
    season = Path("season")
    season.mkdir()
    (season / file).write_text(night(event), encoding="utf-8")
    (season / "other.bhh").write_text(night("Other night", hands=1), encoding="utf-8")
    imported(tmp_path, "season")
    db = tmp_path / SEASON
    renamed = season / f"renamed {file}"
    renamed.write_text(night(event, hands=2), encoding="utf-8")
    (season / file).unlink()
    said = " ".join(imported(tmp_path, "season").split())
    assert f"{renamed} holds other hands of it" in said, said
    rename, cancel = (c for c in commands_in(said) if "import" in c or "void" in c)
    assert rename.startswith("badugi-ledger import "), rename
    (done,) = pasted(rename, tmp_path, other)
    assert done.exit_code == 0, done.output
    assert void_reasons(db)["3"] is not None and void_reasons(db)["1"] is None
    assert "no longer in its folder" not in imported(tmp_path, "season")
    assert cancel.startswith("badugi-ledger void --event "), cancel
    renamed.unlink()
    said = " ".join(imported(tmp_path, "season").split())
    (cancel,) = (c for c in commands_in(said) if "void" in c)
    (done,) = pasted(cancel, tmp_path, other)
    assert done.exit_code == 0, done.output
    assert event_void(db, event) and not event_void(db, "Other night")
    assert not event_void(other, event)


@pytest.mark.parametrize("name", list(PLAYERS.values()), ids=list(PLAYERS))
def test_the_merge_an_import_advises_merges_the_names(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``merge them (badugi-ledger players merge KNOWN NEW)``: the two names are one player."""
    monkeypatch.chdir(tmp_path)
    db_path = tmp_path / SEASON
    other = name + " 2"
    default = other_ledger(tmp_path, players=(name, other))
    db = open_ledger(db_path)
    import_outcomes(
        db,
        [
            hand("1", {name: 50, "Ben": 50}, {name: 5, "Ben": 5}, {name: 10}),
            hand("2", {other: 50, "Ben": 50}, {other: 5, "Ben": 5}, {"Ben": 10}, line=5),
        ],
        "night.bhh",
    )
    monkeypatch.setenv(LEDGER_ENV, str(default))
    said = Advice("merge them", others=(name, other), ledger=ledger_named(db)).command_words()
    db.close()
    (done,) = pasted(said, tmp_path, default)
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
    (done,) = pasted(" ".join(wrote.output.split()), tmp_path, tmp_path / OTHER)
    assert done.exit_code == 1 and f"{file}: 1 hand: 0 ok" in done.output, done.output


def test_a_command_of_the_default_ledger_says_no_ledger(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ledger a bare command opens (``club.db`` of the folder, or ``$BADUGI_LEDGER_DB``'s,
    however ``--db`` spelled it) is named by no command: the words as they always were."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(LEDGER_ENV, raising=False)
    season = Path("season")
    season.mkdir()
    (season / "night.bhh").write_text(night("Friday"), encoding="utf-8")
    (season / "other.bhh").write_text(night("Other night", hands=1), encoding="utf-8")
    for db in (OTHER, f"./{OTHER}", str(tmp_path / OTHER)):
        assert runner.invoke(app, ["import", "season", "--db", db]).exit_code == 0
    (season / "night.bhh").unlink()
    said = runner.invoke(app, ["import", "season", "--db", str(tmp_path / OTHER)]).output
    assert "badugi-ledger void --event Friday --reason cancelled;" in said, said
    with sqlite3.connect(OTHER) as conn:
        assert ledger_named(conn) == ""
        monkeypatch.setenv(LEDGER_ENV, str(tmp_path / SEASON))
        assert ledger_named(conn) == str(tmp_path / OTHER)
    with sqlite3.connect(":memory:") as conn:
        assert ledger_named(conn) == ""  # (no file: nothing pasted reaches it)


def test_a_commands_ledger_is_named_whole_from_any_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--db season.db`` typed in the season's folder: the command printed names it from the
    root, so that pasted after a ``cd`` (or from a page of ``serve``) it opens no other
    ``season.db``; the import's ``--json`` says it alike."""
    monkeypatch.chdir(tmp_path)
    other_ledger(tmp_path, "Friday")
    season = Path("season")
    season.mkdir()
    (season / "night.bhh").write_text(night("Friday"), encoding="utf-8")
    (season / "other.bhh").write_text(night("Other night", hands=1), encoding="utf-8")
    assert ledger_command(tmp_path, "import", "season", "--db", SEASON).exit_code == 0
    (season / "night.bhh").unlink()
    done = ledger_command(tmp_path, "import", "season", "--db", SEASON, "--json")
    (warning,) = json.loads(done.output)["warnings"]
    (cancel,) = (c for c in commands_in(warning) if " void " in c)
    assert cancel.endswith(f" --db {path_word(str(tmp_path / SEASON))}"), cancel
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (done,) = pasted(cancel, elsewhere, tmp_path / OTHER)
    assert done.exit_code == 0, done.output
    assert event_void(tmp_path / SEASON, "Friday") and not event_void(tmp_path / OTHER, "Friday")


@pytest.mark.parametrize("event", list(EVENTS.values()), ids=list(EVENTS))
def test_the_void_of_an_emptied_files_event_voids_it(
    event: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A night file emptied of its hands, its header kept (docs/ledger.md: "the file holds no
    hands now", and ``void --event`` takes the whole event out instead): the conflict's
    ``void`` names the event and the reason, as the warning of a gone night file does
    (``--reason cancelled``), and voids that event of the season's ledger only."""
    monkeypatch.chdir(tmp_path)
    other = other_ledger(tmp_path, event)
    Path("night.bhh").write_text(night(event), encoding="utf-8")
    imported(tmp_path, "night.bhh")
    db = tmp_path / SEASON
    Path("night.bhh").write_text(night(event, hands=0), encoding="utf-8")
    done = ledger_command(tmp_path, "import", "night.bhh", "--db", str(db), "-j", "1")
    assert done.exit_code == 1 and "the file holds no hands now" in done.output, done.output
    (cancel,) = {c for c in commands_in(" ".join(done.output.split())) if " void " in c}
    (done,) = pasted(cancel, tmp_path, other)
    assert done.exit_code == 0, done.output
    assert event_void(db, event) and not event_void(other, event)
    assert set(void_reasons(db).values()) == {None}  # (the event's void, not its hands')
    (audited,) = sqlite3.connect(db).execute("SELECT reason FROM audit").fetchall()
    assert audited == ("cancelled",)


@pytest.mark.parametrize("event", list(EVENTS.values()), ids=list(EVENTS))
def test_the_void_of_the_ledgers_copy_of_a_night_voids_that_night(
    event: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A night stored again under another name is refused as a copy (docs/ledger.md, *A
    night stored again*), ending "if the ledger's night is the copy, void it first": that
    ``void`` names the ledger's night, the import's by its id, ``check``'s (of the
    two files, no ledger) by its key, and voids it as a copy."""
    monkeypatch.chdir(tmp_path)
    other = other_ledger(tmp_path, event)
    Path("first.bhh").write_text(night(event), encoding="utf-8")
    Path("again.bhh").write_text(night(event[:20] + " again"), encoding="utf-8")
    checked = runner.invoke(app, ["check", "first.bhh", "again.bhh"])
    assert "a copy of that night" in checked.output, checked.output
    imported(tmp_path, "first.bhh")
    db = tmp_path / SEASON
    done = ledger_command(tmp_path, "import", "again.bhh", "--db", str(db), "-j", "1")
    assert done.exit_code == 1 and "a copy of that night" in done.output, done.output
    (void,) = [c for c in commands_in(" ".join(done.output.split())) if " void " in c]
    (done,) = pasted(void, tmp_path, other)
    assert done.exit_code == 0, done.output
    assert event_void(db, event) and not event_void(other, event)
    unvoid = ["unvoid", "--event", "1", "--db", str(db), "--reason", "not a copy"]
    assert runner.invoke(app, unvoid).exit_code == 0 and not event_void(db, event)
    (void,) = [c for c in commands_in(" ".join(checked.output.split())) if " void " in c]
    words = shell_words(void, tmp_path)  # (``check`` names no ledger: the default one's)
    done = runner.invoke(app, words[1:], env={LEDGER_ENV: str(db)})
    assert done.exit_code == 0, done.output
    assert event_void(db, event) and not event_void(other, event)


def test_the_void_of_a_tournament_cut_at_midnight_voids_the_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The corpus's PokerStars tournament cut at midnight into two files (tests/test_check_
    tournaments.py): two events of one name a day apart sharing players, which the import and
    ``check`` warn may be one; "to make them one, void the later": the ``void`` names the
    later (the import's by its id, the two sharing a name; ``check``'s by its key) and why,
    and voids it, not the earlier."""
    from tests.web.test_tournament_warning_words import past_midnight

    monkeypatch.chdir(tmp_path)
    parts = [str(path.relative_to(tmp_path)) for path in past_midnight(tmp_path)]
    other = tmp_path / OTHER
    assert runner.invoke(app, ["import", *parts, "--db", str(other)]).exit_code == 0
    checked = " ".join(runner.invoke(app, ["check", *parts]).output.split())
    said = " ".join(imported(tmp_path, *parts).split())
    db = tmp_path / SEASON
    void = {c for c in commands_in(said) if " void " in c}
    assert len(void) == 1, said  # (each file's warning names the same one)
    (done,) = pasted(void.pop(), tmp_path, other)
    assert done.exit_code == 0, done.output
    with sqlite3.connect(db) as conn:
        voids = conn.execute("SELECT date, void_reason FROM events ORDER BY id").fetchall()
    earlier = "PokerStars tournament #329147852 (2010-11-10)"
    assert voids == [("2010-11-10", None), ("2010-11-11", f"one tournament with {earlier}")]
    unvoid = ["unvoid", "--event", "2", "--db", str(db), "--reason", "two tournaments"]
    assert runner.invoke(app, unvoid).exit_code == 0
    void = {c for c in commands_in(checked) if " void " in c}
    assert len(void) == 1, checked
    words = shell_words(void.pop(), tmp_path)  # (``check`` names no ledger: the default one's)
    done = runner.invoke(app, words[1:], env={LEDGER_ENV: str(db)})
    assert done.exit_code == 0, done.output
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT date, void_reason FROM events ORDER BY id").fetchall() == voids


def test_the_void_a_units_correction_advises_voids_the_night_named_by_its_reason(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tests/ledger/test_carried_pot_corrections.py: night one carries a Progressive Badugi
    pot into night two; both files corrected to chips worth money, night two's alone is
    refused (its new unit would take a pot of the old one), and the refusal's way out is to
    void each night that takes a carried pot first.  Which nights is the organiser's to say
    (``EVENT``, the words say what goes there); the reason and the ledger are the command's:
    ``EVENT`` filled in, pasted, it voids that night of the season's ledger as a unit
    corrected, and the files then import."""
    from tests.ledger.test_carried_pot_corrections import later_night, night_one

    monkeypatch.chdir(tmp_path)
    texts = {"n1.bhh": night_one(), "n2.bhh": later_night("Night two", "2024-05-10", "Q")}
    for name, text in texts.items():
        Path(name).write_text(text, encoding="utf-8")
    other = tmp_path / OTHER
    assert runner.invoke(app, ["import", *texts, "--db", str(other)]).exit_code == 0
    imported(tmp_path, *texts)
    db = tmp_path / SEASON
    valued = "\nchips 10 = 1 EUR\ntable Back room"
    for name, text in texts.items():
        Path(name).write_text(text.replace("\ntable Back room", valued, 1), encoding="utf-8")
    done = ledger_command(tmp_path, "import", "n2.bhh", "--db", str(db), "--replace")
    said = " ".join(done.output.split())
    assert done.exit_code == 1 and "EVENT each such night's name or id" in said, said
    (void,) = [c for c in commands_in(said) if " void " in c]
    (done,) = pasted(void.replace("EVENT", command_word("Night two")), tmp_path, other)
    assert done.exit_code == 0, done.output
    with sqlite3.connect(db) as conn:
        voids = dict(conn.execute("SELECT name, void_reason FROM events").fetchall())
    assert voids["Night two"] == "unit corrected" and voids["Progressive night"] is None, voids
    assert not event_void(other, "Night two")
    for name in texts:
        done = ledger_command(tmp_path, "import", name, "--db", str(db), "--replace")
        assert done.exit_code == 0, done.output


def test_the_terms_a_split_tournament_leaves_behind_are_recorded_as_the_report_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """tests/ledger/test_tournament_corrections.py: the example tournament, its bounty and
    prize table set by ``tournament``, split into two by a corrected file: which of them the
    terms belong to is the organiser's call (``ID``, the words say what goes there, the
    report naming the ids), and the command records the terms themselves: ``ID`` filled in,
    pasted, that tournament of the season's ledger has them."""
    import re

    from badugi_ledger.ledger.tournament_terms import get_terms
    from tests.ledger.test_tournament_corrections import NAME, TOURNAMENT

    monkeypatch.chdir(tmp_path)
    Path("night.bhh").write_text(TOURNAMENT, encoding="utf-8")
    other = tmp_path / OTHER
    assert runner.invoke(app, ["import", "night.bhh", "--db", str(other)]).exit_code == 0
    imported(tmp_path, "night.bhh")
    db = tmp_path / SEASON
    terms = ["--bounty", "5", "--payouts", "60/40", "--rebuy-price", "12.50"]
    set_them = ledger_command(tmp_path, "tournament", "--event", NAME, *terms, "--db", str(db))
    assert set_them.exit_code == 0, set_them.output
    header = TOURNAMENT.splitlines()[5]
    split = TOURNAMENT.replace("date 2024-04-12", "date 2024-04-13").replace(
        "hand T3 · button Kira · Kira · Noor",
        header.replace("2024-04-12", "2024-04-14")
        + "\ntable Final\n\nhand T3 · button Kira · Kira 430 · Noor 170",
    )
    Path("night.bhh").write_text(split, encoding="utf-8")
    said = " ".join(imported(tmp_path, "night.bhh", "--replace").split())
    assert "ID the tournament's they belong to" in said, said
    (record,) = [c for c in commands_in(said) if c.startswith("badugi-ledger tournament ")]
    first = re.search(r"its hands went to .*? \(id (\d+)\)", said)
    assert first is not None, said
    (done,) = pasted(record.replace("--event ID", f"--event {first[1]}"), tmp_path, other)
    assert done.exit_code == 0, done.output
    with sqlite3.connect(db) as conn:
        recorded = get_terms(conn, int(first[1]))
    assert (recorded.bounty, recorded.rebuy_price) == (500, 1250), recorded
    shown = ledger_command(tmp_path, "tournament", "--event", first[1], "--db", str(db))
    assert "payouts 60/40" in shown.output, shown.output


SHOWDOWN = (
    "hand {n} · button Anna · Anna 100 · Ben 100\n"
    "Anna calls · Ben checks\n"
    "draw: Ben 1 · Anna 1\n"
    "Ben checks · Anna checks\n"
    "draw: Ben pat · Anna pat\n"
    "Ben checks · Anna checks\n"
    "draw: Ben pat · Anna pat\n"
    "Ben checks · Anna checks\n"
    "show: Anna 7h 5c 3d 2s · Ben 8s 6d 4c Ah\n"
    "Anna collects 4\n"
)
"""A hand with a showdown (its cards tell its deal from another), numbered ``n``."""


@pytest.mark.parametrize("event", list(EVENTS.values()), ids=list(EVENTS))
def test_a_void_nights_hand_merged_into_another_night_is_named_with_its_hands_void(
    event: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/ledger.md, *Void* ("A hand of a void night in another night's file"): the night
    "Voided" voided, then its showdown hand merged into the file of the night ``event`` (as
    its hand 3; the void night's file deleted) and that file imported with ``--replace``: the
    hand counts in ``event``, another night that counts.  The import said nothing; now it
    warns at that hand with the ``void`` of the hand (voiding ``event`` would void its own
    night), which, pasted, voids that hand alone, by the void night's reason."""
    monkeypatch.chdir(tmp_path)
    other = other_ledger(tmp_path, event)
    voided = night("Voided", hands=0).replace("2024-03-01", "2024-02-23")
    Path("voided.bhh").write_text(voided + "\n" + SHOWDOWN.format(n=1), encoding="utf-8")
    Path("night.bhh").write_text(night(event, hands=2), encoding="utf-8")
    imported(tmp_path, "voided.bhh", "night.bhh")
    db = tmp_path / SEASON
    void = ["void", "--event", "Voided", "--reason", "rain $(touch pwned)", "--db", str(db)]
    assert ledger_command(tmp_path, *void).exit_code == 0
    Path("voided.bhh").unlink()
    merged = night(event, hands=2) + "\n" + SHOWDOWN.format(n=3)
    Path("night.bhh").write_text(merged, encoding="utf-8")
    said = " ".join(imported(tmp_path, "night.bhh", "--replace").split())
    assert "hand 3 at table Kitchen of " in said and "hand 1 of Voided (2024-02-23)" in said, said
    (command,) = (c for c in commands_in(said) if " void " in f" {c} ")
    assert " --hand 3 " in command, command
    (done,) = pasted(command, tmp_path, other)
    assert done.exit_code == 0, done.output
    with sqlite3.connect(db) as conn:
        counting = conn.execute(
            "SELECT h.hand_number FROM hands h JOIN events e ON e.id = h.event_id "
            "WHERE e.name = ? AND h.void_reason IS NULL ORDER BY 1",
            [event],
        ).fetchall()
        (reason,) = conn.execute(
            "SELECT h.void_reason FROM hands h JOIN events e ON e.id = h.event_id "
            "WHERE e.name = ? AND h.hand_number = '3'",
            [event],
        ).fetchone()
    assert counting == [("1",), ("2",)] and reason == "rain $(touch pwned)"
    assert not event_void(db, event) and event_void(db, "Voided")
