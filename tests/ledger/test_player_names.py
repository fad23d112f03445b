"""How ``players merge`` and ``players unmerge`` find the names an organiser types: a name the
ledger holds written with other Unicode code points than a keyboard writes (``Zoë`` as ``e`` and
a combining diaeresis, read from a site's file) is that name; a name not there is refused with
the names it may have meant.  The hands are built for these tests."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.players import list_players, merge_players, unmerge_player
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import LedgerError
from badugi_ledger.reports.standings import StandingsOptions, standings
from tests.helpers.ledger_builder import hand

TYPED = "Zo\u00eb"  # as a keyboard writes it
READ = "Zoe\u0308"  # as the ledger holds it: e and a combining diaeresis


def ledger(path: Path | None = None) -> sqlite3.Connection:
    """Zoë (as ``READ``) and Ben at one table, Cara and Dan at another: Zoë and Cara can be
    one person."""
    db = open_ledger(path)
    import_outcomes(
        db,
        [
            hand("1", {READ: 50, "Ben": 50}, {READ: 5, "Ben": 5}, {READ: 10}),
            hand("2", {"Cara": 50, "Dan": 50}, {"Cara": 5, "Dan": 5}, {"Dan": 10}, line=5),
        ],
        "night.bhh",
    )
    return db


def test_a_name_typed_as_a_keyboard_writes_it_finds_the_name_the_ledger_holds() -> None:
    """``players`` shows ``Zoë``; the organiser types ``Zoë`` and was told there is no such
    player, with no way to type the name the ledger holds."""
    db = ledger()
    info = merge_players(db, "Cara", [TYPED])
    assert info.aliases == ("Cara", READ)
    table = standings(db, StandingsOptions(kind="cash")).set_index("player")
    assert table.loc["Cara", "net"] == 5 - 5 and table.loc["Cara", "sessions"] == 1
    unmerge_player(db, TYPED)
    assert sorted(p.player for p in list_players(db)) == ["Ben", "Cara", "Dan", READ]


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("cara", "'Cara'"), ("Cara ", "'Cara'"), ("Dann", "'Dan'"), ("zoe", repr(READ))],
)
def test_a_name_not_in_the_ledger_is_refused_with_the_names_it_may_mean(
    typed: str, meant: str
) -> None:
    db = ledger()
    with pytest.raises(LedgerError, match="did you mean") as refused:
        merge_players(db, "Ben", [typed])
    assert meant in str(refused.value)
    with pytest.raises(LedgerError, match="did you mean"):
        unmerge_player(db, typed)


LOOKS_LIKE_PEPE = "\u0420\u0435\u0440\u0435"  # Cyrillic Er, ie, er, ie: drawn as Pepe
LOOKS_LIKE_ANNA = "\u0410nna"  # a Cyrillic A, then Latin letters


@pytest.mark.parametrize(
    ("typed", "meant"),
    [("Pepe", LOOKS_LIKE_PEPE), ("pepe", LOOKS_LIKE_PEPE), ("Anna", LOOKS_LIKE_ANNA)],
)
def test_a_name_that_looks_like_one_the_ledger_holds_is_the_one_suggested(
    typed: str, meant: str
) -> None:
    """The name a refused one looks like on a page is the one suggested, by the rule the
    import warns of look-alike names with (``model/names.look_alike``; docs/ledger.md,
    *Players and aliases*: a Cyrillic letter drawn like a Latin one is another player, as
    written).  ``Рере`` (every letter Cyrillic) was no near spelling of ``Pepe`` at all, so
    no name was suggested; ``Аnna`` came after ``Hanna`` and ``Ann``, nearer spellings of
    ``Anna`` but names that do not look like it.  Two names drawn alike look the same in the
    hint, so it names the first letter written otherwise (as the import's warning does)."""
    db = open_ledger(None)  # in memory
    import_outcomes(
        db,
        [
            hand(
                "1",
                {LOOKS_LIKE_PEPE: 50, "Hanna": 50},
                {LOOKS_LIKE_PEPE: 5, "Hanna": 5},
                {"Hanna": 10},
            ),
            hand(
                "2",
                {LOOKS_LIKE_ANNA: 50, "Ann": 50},
                {LOOKS_LIKE_ANNA: 5, "Ann": 5},
                {"Ann": 10},
                line=5,
            ),
        ],
        "night.bhh",
    )
    with pytest.raises(LedgerError, match="did you mean") as refused:
        merge_players(db, "Hanna", [typed])
    letter = {"p": "er", "a": "a"}[typed[0].lower()]  # the stored name's first letter
    assert f"did you mean {meant!r}, with {meant[0]!r} where {typed!r} has {typed[0]!r} " in str(
        refused.value
    ), refused.value
    assert f"({meant[0]!r}: cyrillic capital letter {letter})?" in str(refused.value)


def test_list_with_names_is_refused_not_ignored(tmp_path: Path) -> None:
    """``players list Ben Benjamin`` (merge forgotten) listed everyone and merged nothing,
    exit status 0."""
    db = tmp_path / "club.db"
    ledger(db)
    result = CliRunner().invoke(app, ["players", "list", "Dan", "--db", str(db)])
    assert result.exit_code == 2 and "players merge" in result.output
    assert "Traceback" not in result.output
