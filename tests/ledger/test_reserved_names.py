"""A player may not be called by the name of one of the ledger's own accounts.

The ledger books the rake to ``*house*`` and a carried Progressive Badugi pot to ``*carry*``
(``results.HOUSE``, ``results.CARRY``), and a tournament's settle-up owes the prizes no payout
table paid out to ``*prize pool*`` (``results.PRIZE_POOL``); a player called so would have his
money booked as the account's (a player called ``*prize pool*`` made the settle-up fail: its
balances no longer summed to zero).  ``results.RESERVED_ACCOUNTS`` names them all.  The replay
refuses such a seat (rule ``reserved-name``), so ``check`` and ``import`` agree for every input
format: our text, PHH and site files all pass through it.  Sources: the
PHH example hand (``tests/fixtures/wikipedia_badugi.phh``) and a real PokerStars hand
(``corpus/pokerstars/Badugi-USD-0.25-0.50-201009.txt``, hand 49164202872, raked) with a
player renamed.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.results import CARRY, HOUSE
from badugi_ledger.reports.settle import PRIZE_POOL
from tests.helpers.paths import CORPUS, FIXTURES

runner = CliRunner()

TEXT = """\
game badugi · fixed limit 2/4 · blinds 1/2
hand 1 · button Anna · Anna 100 · "{name}" 100
Anna calls · "{name}" checks
draw: "{name}" pat · Anna pat
"{name}" checks · Anna checks
draw: "{name}" pat · Anna pat
"{name}" checks · Anna checks
draw: "{name}" pat · Anna pat
"{name}" checks · Anna checks
show: "{name}" 8s 6h 5c 3d · Anna 9s 7h 4c 2d
"{name}" collects 4
"""


def _text(tmp_path: Path, name: str) -> tuple[Path, int, int]:
    path = tmp_path / "night.bhh"
    path.write_text(TEXT.format(name=name), encoding="utf-8")
    return path, 2, TEXT.splitlines()[1].index('"') + 1


def _phh(tmp_path: Path, name: str) -> tuple[Path, int, int]:
    text = (FIXTURES / "wikipedia_badugi.phh").read_text(encoding="utf-8")
    path = tmp_path / "hand.phh"
    path.write_text(text.replace('"Bob"', f'"{name}"'), encoding="utf-8")
    return path, 0, 0


def _pokerstars(tmp_path: Path, name: str) -> tuple[Path, int, int]:
    source = CORPUS / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt"
    text = source.read_text(encoding="utf-8-sig")
    first = text[: text.index("PokerStars Game #", 10)]
    path = tmp_path / "stars.txt"
    path.write_text(first.replace("jodarin", name), encoding="utf-8")
    return path, 5, 9


MAKERS = {"text": _text, "phh": _phh, "pokerstars": _pokerstars}


@pytest.mark.parametrize("name", [HOUSE, CARRY, PRIZE_POOL])
@pytest.mark.parametrize("fmt", list(MAKERS))
def test_check_refuses_a_reserved_name_at_the_seat(tmp_path: Path, fmt: str, name: str) -> None:
    path, line, column = MAKERS[fmt](tmp_path, name)
    result = runner.invoke(app, ["check", str(path), "--json", "--jobs", "1"])
    assert result.exit_code == 1, result.output
    [hand] = [json.loads(row) for row in result.output.splitlines() if '"hand"' in row]
    [error] = hand["errors"]
    assert error["rule"] == "reserved-name"
    assert f"a player is called {name!r}, the name of the ledger's own account" in error["message"]
    if line:  # our text and site files: the seat itself
        assert (error["line"], error["column"]) == (line, column)


@pytest.mark.parametrize("fmt", list(MAKERS))
def test_import_refuses_a_reserved_name(tmp_path: Path, fmt: str) -> None:
    path, _, _ = MAKERS[fmt](tmp_path, HOUSE)
    db = tmp_path / "club.db"
    result = runner.invoke(app, ["import", str(path), "--db", str(db), "--jobs", "1"])
    assert result.exit_code == 1, result.output
    assert "reserved-name" in result.output and "0 stored" in result.output
    ledger = open_ledger(db)
    assert ledger.execute("SELECT count(*) FROM postings").fetchone()[0] == 0


# A freeroll whose second player is called like the settle-up's account for undistributed prizes
FREEROLL = """\
game badugi · fixed limit 10/20 · blinds 5/10
tournament Freeroll · date 2024-04-12 · season S · buy-in 1000 · starting-chips 100

hand T1 · button Kira · Kira 100 · "*prize pool*" 100
Kira raises to 20 · "*prize pool*" folds
Kira collects 20
"""


def test_a_tournament_player_called_like_the_prize_pool_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "freeroll.bhh"
    path.write_text(FREEROLL, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path), "--jobs", "1"])
    assert result.exit_code == 1, result.output
    column = FREEROLL.splitlines()[3].index('"') + 1
    assert f"freeroll.bhh:4:{column}: hand T1: a player is called '*prize pool*'" in result.output
    assert "undistributed prizes: rename the player [reserved-name]" in result.output
    db = tmp_path / "club.db"
    result = runner.invoke(app, ["import", str(path), "--db", str(db), "--jobs", "1"])
    assert result.exit_code == 1 and "0 stored" in result.output, result.output


def test_every_account_of_the_ledger_is_reserved() -> None:
    """One list of the ledger's own accounts, which the replay refuses as seats."""
    from badugi_ledger.model.results import _RESERVED_LOOKS, RESERVED_ACCOUNTS

    assert set(_RESERVED_LOOKS.values()) == {HOUSE, CARRY, PRIZE_POOL} == set(RESERVED_ACCOUNTS)


def test_a_name_without_the_stars_is_a_player(tmp_path: Path) -> None:
    """A word of an account's name (``house``) is a name like any other."""
    path, _, _ = _text(tmp_path, "house")
    result = runner.invoke(app, ["check", str(path), "--jobs", "1"])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(("name", "account"), [("*House*", HOUSE), (" *carry*", CARRY)])
def test_a_name_that_reads_as_an_account_is_refused(
    tmp_path: Path, name: str, account: str
) -> None:
    """``*House*`` or `` *carry*`` (a quoted name with a blank) would sit in settle-up's
    lines beside the ledger's own account and read as it: refused as the name itself is."""
    path, line, column = _text(tmp_path, name)
    result = runner.invoke(app, ["check", str(path), "--json", "--jobs", "1"])
    assert result.exit_code == 1, result.output
    [hand] = [json.loads(row) for row in result.output.splitlines() if '"hand"' in row]
    [error] = hand["errors"]
    assert error["rule"] == "reserved-name"
    assert f"{name!r}, which reads as {account!r}" in error["message"]
    assert (error["line"], error["column"]) == (line, column)
