"""``tournament --payouts`` is the organiser's word over the files' prize table, ``none`` too.

docs/ledger.md, *Tournaments*: ``--payouts 50/30/20`` (``none``: no prizes) sets the prize
table over the one its files state; a file imported again stating the table it stated when
the command spoke does not contest it (with or without ``--replace``); a file stating
another table since is a conflict, and ``--replace`` takes the file's; a file striking its
table leaves the command's word standing; ``--payouts clear`` takes the command's word back,
and the event pays what its files state.  ``none`` was once taken as "the command says
nothing": importing the unchanged file again paid its table, with no message.

The night is ``examples/tournament.bhh`` (buy-in 20.00, three players, ``payouts 70/30``:
Kira first, Noor second, Bram third).  The oracle is what the club reads (the tournament's
table, standings and settle-ups, :func:`figures`) against a ledger made fresh from the file
the rules say counts, with the command's word the rules say stands.
"""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger.schema import MIGRATIONS, SCHEMA_VERSION
from badugi_ledger.ledger.store import open_ledger
from tests.ledger.test_tournament_corrections import (
    NAME,
    TOURNAMENT,
    figures,
    fresh,
    imported,
    invoke,
    places,
    write,
)

EDITED = TOURNAMENT.replace("payouts 70/30", "payouts 60/40", 1)
"""The night's file with its table edited after the command spoke."""
STRUCK = TOURNAMENT.replace(" · payouts 70/30", "", 1)
"""The night's file with its table struck."""
DATED = TOURNAMENT.replace("date 2024-04-12", "date 2024-04-13", 1)
"""The night's file with its date corrected."""

NO_PRIZES = [("Kira", 1, 0.0, -20.0), ("Noor", 2, 0.0, -20.0), ("Bram", 3, 0.0, -20.0)]
PAID_70_30 = [("Kira", 1, 42.0, 22.0), ("Noor", 2, 18.0, -2.0), ("Bram", 3, 0.0, -20.0)]
PAID_60_40 = [("Kira", 1, 36.0, 16.0), ("Noor", 2, 24.0, 4.0), ("Bram", 3, 0.0, -20.0)]


def command(db: Path, *terms: str, event: str = NAME) -> str:
    code, out = invoke("tournament", "--event", event, *terms, "--db", db)
    assert code == 0, out
    return out


def again(db: Path, night: Path, *, replace: bool = False) -> tuple[int, str]:
    return invoke("import", night, "--db", db, *(["--replace"] if replace else []))


@pytest.mark.parametrize("replace", [False, True], ids=["plain", "replace"])
def test_none_stands_when_the_unchanged_file_is_imported_again(
    tmp_path: Path, replace: bool
) -> None:
    """The file states 70/30; ``--payouts none`` (the table says "none (no prizes)"); the
    unchanged file imported again, with or without ``--replace``: nothing is said, and nobody
    is paid a prize, as a fresh import with the same command."""
    db, night = tmp_path / "club.db", write(tmp_path / "night.bhh", TOURNAMENT)
    imported(db, night)
    assert "payouts none (no prizes)" in command(db, "--payouts", "none")
    code, out = again(db, night, replace=replace)
    assert code == 0 and "0 stored, 3 duplicate" in out, out
    assert "conflict" not in out and "replaced" not in out, out
    got = figures(db)
    assert places(got) == NO_PRIZES
    assert got == fresh(tmp_path, TOURNAMENT, terms=("--payouts", "none"))


@pytest.mark.parametrize("replace", [False, True], ids=["plain", "replace"])
def test_a_table_set_over_the_files_stands_when_the_unchanged_file_is_imported_again(
    tmp_path: Path, replace: bool
) -> None:
    """The file states 70/30; the command sets 60/40: the unchanged file imported again does
    not contest it (it states what it stated when the command spoke)."""
    db, night = tmp_path / "club.db", write(tmp_path / "night.bhh", TOURNAMENT)
    imported(db, night)
    command(db, "--payouts", "60/40")
    code, out = again(db, night, replace=replace)
    assert code == 0 and "conflict" not in out and "replaced" not in out, out
    got = figures(db)
    assert places(got) == PAID_60_40
    assert got == fresh(tmp_path, TOURNAMENT, terms=("--payouts", "60/40"))


def test_a_file_edited_after_none_is_a_conflict_until_replace_takes_it(tmp_path: Path) -> None:
    """``none`` set, then the file's table edited to 60/40: a conflict at each import
    without ``--replace`` (the event keeps no prizes), none once the file states 70/30 as
    when the command spoke; edited again, ``--replace`` takes the file's table, saying it
    replaces the command's.  Struck from the file since, the command's none is the event's
    again."""
    db, night = tmp_path / "club.db", write(tmp_path / "night.bhh", TOURNAMENT)
    imported(db, night)
    command(db, "--payouts", "none")
    said = "the event's payouts is none (tournament --payouts) in the ledger, 60/40 in the file"
    write(night, EDITED)
    for _ in range(2):  # each import says it
        code, out = again(db, night)
        assert code == 1 and f"conflict, the event keeps the ledger's: {said}" in out, out
        assert places(figures(db)) == NO_PRIZES
    write(night, TOURNAMENT)  # as when the command spoke: no contest
    code, out = again(db, night)
    assert code == 0 and "conflict" not in out and "replaced" not in out, out
    write(night, EDITED)
    code, out = again(db, night, replace=True)
    assert code == 0 and f"replaced: {said}" in out, out
    got = figures(db)
    assert places(got) == PAID_60_40 and got == fresh(tmp_path / "taken", EDITED)
    code, out = again(db, night, replace=True)  # unchanged since: nothing to say
    assert code == 0 and "replaced" not in out, out
    write(night, STRUCK)
    code, out = again(db, night, replace=True)
    struck = "the event's payouts is 60/40 in the ledger, none in the file, none in tournament"
    assert code == 0 and f"replaced: {struck} --payouts" in out, out
    got = figures(db)
    assert places(got) == NO_PRIZES
    assert got == fresh(tmp_path / "struck", STRUCK, terms=("--payouts", "none"))


def test_a_file_striking_its_table_leaves_the_commands_word(tmp_path: Path) -> None:
    """``none`` set, the file's table struck: nothing is said, no prizes.  The table written
    back since is a change made after the command (the file's row holds none now): a
    conflict, not paid."""
    db, night = tmp_path / "club.db", write(tmp_path / "night.bhh", TOURNAMENT)
    imported(db, night)
    command(db, "--payouts", "none")
    write(night, STRUCK)
    code, out = again(db, night, replace=True)
    assert code == 0 and "conflict" not in out and "replaced" not in out, out
    assert figures(db) == fresh(tmp_path, STRUCK, terms=("--payouts", "none"))
    write(night, TOURNAMENT)
    code, out = again(db, night)
    said = "the event's payouts is none (tournament --payouts) in the ledger, 70/30 in the file"
    assert code == 1 and said in out, out
    assert places(figures(db)) == NO_PRIZES


@pytest.mark.parametrize("word", ["none", "60/40"])
def test_clear_takes_the_commands_word_back(tmp_path: Path, word: str) -> None:
    """``--payouts clear`` after ``none`` or a table: the event pays what its file states
    (70/30), recomputed, and the command says so; importing the file again changes
    nothing.  A tournament whose table the command never set: clear says so and changes
    nothing."""
    db, night = tmp_path / "club.db", write(tmp_path / "night.bhh", TOURNAMENT)
    imported(db, night)
    assert "payouts: tournament --payouts set no table here" in command(db, "--payouts", "clear")
    command(db, "--payouts", word)
    out = command(db, "--payouts", "clear")
    assert "payouts 70/30 %" in out, out
    assert f"payouts: {word} (tournament --payouts) taken back; the event pays 70/30, as " in out
    got = figures(db)
    assert places(got) == PAID_70_30 and got == fresh(tmp_path, TOURNAMENT)
    code, out = again(db, night)
    assert code == 0 and "conflict" not in out, out
    assert figures(db) == got


def test_none_follows_the_tournament_to_its_corrected_date(tmp_path: Path) -> None:
    """``none`` is one of the terms the organiser recorded: the file's date corrected (its
    table as when the command spoke), the tournament on the new date pays no prizes, as a
    fresh import of the corrected file with the same command."""
    db, night = tmp_path / "club.db", write(tmp_path / "night.bhh", TOURNAMENT)
    imported(db, night)
    command(db, "--payouts", "none")
    code, out = invoke("import", write(night, DATED), "--db", db, "--replace")
    assert code == 0 and "payouts none" in out, out
    got = figures(db)
    assert places(got) == NO_PRIZES
    assert got == fresh(tmp_path, DATED, terms=("--payouts", "none"))


_NO_PRIZES_MIGRATION = next(
    (v for v, what, _ in MIGRATIONS if "--payouts none kept as the command's word" in what),
    SCHEMA_VERSION + 1,
)
"""The migration that keeps an earlier ``--payouts none`` (every later one runs again)."""


def test_an_earlier_none_is_kept_on_opening_the_ledger(tmp_path: Path) -> None:
    """A ledger whose ``--payouts none`` was stored as the command saying nothing (no row of
    the command's, the event's payouts NULL while its file's row states 70/30): opening it
    records the command's none, so that the unchanged file imported again pays no prizes."""
    db, night = tmp_path / "club.db", write(tmp_path / "night.bhh", TOURNAMENT)
    imported(db, night)
    command(db, "--payouts", "none")
    with sqlite3.connect(db) as conn:  # as the version before stored it
        conn.execute("DELETE FROM event_terms WHERE source = ''")
        conn.execute("DELETE FROM schema_version WHERE version >= ?", [_NO_PRIZES_MIGRATION])
    open_ledger(db).close()
    code, out = again(db, night, replace=True)
    assert code == 0 and "replaced" not in out, out
    got = figures(db)
    assert places(got) == NO_PRIZES
    assert got == fresh(tmp_path, TOURNAMENT, terms=("--payouts", "none"))


PAID = {None: NO_PRIZES, "70/30": PAID_70_30, "60/40": PAID_60_40}
"""What each table pays the night (pool 60.00; None: no prizes)."""


class Rules:
    """The rules of docs/ledger.md, *Tournaments*, for the one file of the night: what the
    command said (None: nothing; ``none`` or a table), what the file recorded at its last
    import that took or matched it, and the table the event pays."""

    def __init__(self) -> None:
        self.word: str | None = None
        self.recorded: str | None = "70/30"
        self.pays: str | None = "70/30"

    def command(self, word: str) -> None:
        if word == "clear":
            if self.word is not None:
                self.word, self.pays = None, self.recorded
            return
        self.word = word
        self.pays = None if word == "none" else word

    def imported(self, states: str | None, replace: bool) -> int:
        """The file imported stating ``states``: the exit code (1: a conflict)."""
        commanded = None if self.word in (None, "none") else self.word
        if states is None:
            gone = commanded  # (no word: no source states a table any longer)
            self.recorded = None
            if self.pays == gone:
                return 0
            if replace:
                self.pays = gone
            return 0 if replace else 1
        if self.word is None and self.pays is None:
            self.recorded = self.pays = states  # a blank filled
            return 0
        if states == self.pays or (self.word is not None and states == self.recorded):
            self.recorded = states
            return 0
        if replace:
            self.recorded = self.pays = states
            return 0
        if self.word is None:
            self.recorded = states
        return 1


@pytest.mark.parametrize("seed", range(6))
def test_any_sequence_pays_what_the_rules_say(tmp_path: Path, seed: int) -> None:
    """Random sequences of the command's words (a table, ``none``, ``clear``) and of the
    file's table edited (70/30, 60/40, struck) and imported with or without ``--replace``:
    after each step the places and prizes the club reads, and each import's exit code (1: a
    conflict), are those of :class:`Rules`."""
    rng = random.Random(seed)
    db, night = tmp_path / "club.db", write(tmp_path / "night.bhh", TOURNAMENT)
    imported(db, night)
    rules = Rules()
    texts = {"70/30": TOURNAMENT, "60/40": EDITED, None: STRUCK}
    states: str | None = "70/30"
    for step in range(10):
        if rng.random() < 0.35:
            word = rng.choice(["none", "60/40", "70/30", "clear"])
            command(db, "--payouts", word)
            rules.command(word)
            what: object = ("command", word)
        else:
            if rng.random() < 0.6:
                states = rng.choice(list(texts))
                write(night, texts[states])
            replace = rng.random() < 0.5
            code, out = again(db, night, replace=replace)
            assert code == rules.imported(states, replace), (step, out)
            what = ("import", states, replace)
        assert places(figures(db)) == PAID[rules.pays], (step, what)
