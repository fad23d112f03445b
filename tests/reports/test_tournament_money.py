"""A tournament's result table shows money as money (``28.00 USD``), never raw cents: the
prize pool, bounty, rounding, each prize, bounty won, amount paid and result.  The JSON gives
money in currency units next to its unit, as every JSON, CSV and Parquet output does
(docs/ledger.md, *Units and money*); it kept integer cents before, so a reader taking the
documented rule read prizes a hundred times too large."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app

runner = CliRunner()

CUP = """\
game badugi · no limit · blinds 10/20{currency}
tournament Spring Cup · date 2024-04-06 · season 2024 · buy-in 1000 · payouts 70/30

hand 1 · button A · A 500 · B 500 · C 500 · D 500
D raises to 500 all-in · A calls · B folds · C folds
show: A As 2d 3h 4c · D Ks Qd Jh Tc

hand 2 · button B · A · B · C
B folds · C raises to 480 all-in · A calls
show: A As 2d 3h 4c · C Ks Qd Jh Tc

hand 3 · button A · A · B
A raises to 40 · B raises to 490 all-in · A calls
show: A As 2d 3h 4c · B Ks Qd Jh Tc
"""


def ledger(tmp_path: Path, currency: str) -> Path:
    source = tmp_path / "cup.bhh"
    source.write_text(CUP.format(currency=f" · currency {currency}" if currency else ""), "utf-8")
    db = tmp_path / "club.db"
    done = runner.invoke(app, ["import", str(source), "--db", str(db)])
    assert done.exit_code == 0, done.output
    return db


def tournament(db: Path, *args: str) -> str:
    done = runner.invoke(app, ["tournament", "--db", str(db), "--event", "Spring Cup", *args])
    assert done.exit_code == 0, done.output
    return done.stdout


def test_prizes_pool_and_results_are_shown_in_the_currency(tmp_path: Path) -> None:
    db = ledger(tmp_path, "USD")
    out = tournament(db, "--bounty", "2.50", "--prize-unit", "1")
    head, *rest = out.splitlines()
    rows = [r for r in rest if r.startswith("  ")]  # the entries, not the "ledger: …" line
    assert len(rows) == 4
    # four buy-ins of 10.00 less four bounties of 2.50 = 30.00; 70/30 = 21.00 / 9.00
    assert "prize pool 30.00 USD" in head and "payouts 70/30 %" in head
    assert "bounty 2.50 USD" in head and "prizes rounded to 1.00 USD" in head
    assert "cents" not in out
    a = next(r for r in rows if " A: " in r)
    # A knocked out three and keeps its own bounty: 4 × 2.50 = 10.00; prize 21.00, paid 10.00
    assert "prize 21.00 USD" in a and "3 knockouts, bounties won 10.00 USD (own 2.50 USD" in a
    assert "paid 10.00 USD" in a and "result +21.00 USD" in a
    d = next(r for r in rows if " D: " in r)
    assert "prize 0.00 USD" in d and "result -10.00 USD" in d
    # no bare integer amount is left: every "prize/paid/result" figure has two decimals
    for label in ("prize", "paid", "result"):
        assert all(re.search(rf"{label} [+-]?\d[\d,]*\.\d\d USD", r) for r in rows)


def test_a_kept_bounty_is_not_written_as_a_knockout(tmp_path: Path) -> None:
    """The cup stopped after hand 2: A has knocked out D and C, B is still in.  Each keeps
    its own bounty (docs/ledger.md, *Tournaments*), which the table wrote as ``bounties 0 =
    2.50 USD`` for B and ``bounties 2 = 7.50 USD`` for A: read as a bounty of 2.50 B won
    with no knockout, and a bounty of 7.50.  The JSON keeps the count and the money apart."""
    source = tmp_path / "cup.bhh"
    source.write_text(CUP.format(currency=" · currency USD").split("\nhand 3")[0], "utf-8")
    db = tmp_path / "club.db"
    assert runner.invoke(app, ["import", str(source), "--db", str(db)]).exit_code == 0
    rows = {
        r.split(":")[0].split()[-1]: r for r in tournament(db, "--bounty", "2.50").splitlines()[1:]
    }
    done = runner.invoke(app, ["tournament", "--db", str(db), "--event", "Spring Cup", "--json"])
    entries = {e["player"]: e for e in json.loads(done.stdout)["entries"]}
    assert [(entries[p]["bounties"], entries[p]["bounty_won"]) for p in "ABCD"] == [
        (2, 7.5),
        (0, 2.5),
        (0, 0.0),
        (0, 0.0),
    ]
    assert ", 2 knockouts, bounties won 7.50 USD (own 2.50 USD kept), " in rows["A"]
    assert ", own bounty 2.50 USD kept, " in rows["B"]
    assert "bount" not in rows["C"] and "bount" not in rows["D"]


@pytest.mark.parametrize(
    ("currency", "said"),
    [
        (
            "USD",
            "12.00 USD",
        ),
        ("", "12.00"),
    ],
)
def test_a_bounty_above_the_buy_in_is_said_in_money(
    tmp_path: Path, currency: str, said: str
) -> None:
    """It said "the bounty (1200) cannot exceed the buy-in (1000)": the cents of what was
    typed as 12 (season audit)."""
    db = ledger(tmp_path, currency)
    done = runner.invoke(
        app, ["tournament", "--db", str(db), "--event", "Spring Cup", "--bounty", "12"]
    )
    assert done.exit_code == 1
    buy_in = said.replace("12.00", "10.00")
    assert done.stderr.strip() == (
        f"Error: the bounty {said} cannot exceed the buy-in {buy_in} (the bounty is part of "
        "the buy-in)"
    )


def test_an_unstated_currency_shows_the_amount_without_a_code(tmp_path: Path) -> None:
    out = tournament(ledger(tmp_path, ""))
    assert "prize pool 40.00," in out and "prize 28.00," in out and "result +18.00" in out


def test_markdown_standings_write_money_of_an_unstated_currency_as_money(tmp_path: Path) -> None:
    """The table said ``18.00`` and ``-10.00``; Markdown said ``18`` and ``-10`` (its writer read
    the amounts as numbers again)."""
    db = ledger(tmp_path, "")
    table = runner.invoke(app, ["standings", "--db", str(db), "--kind", "tournament"]).stdout
    markdown = runner.invoke(
        app, ["standings", "--db", str(db), "--kind", "tournament", "--format", "markdown"]
    ).stdout
    for amount in ("18.00", "-10.00"):
        assert f" {amount} " in table
        assert f"| {amount} " in markdown, markdown


def test_markdown_standings_of_no_rows_are_an_empty_table(tmp_path: Path) -> None:
    """A tournament-only ledger's cash standings: the money columns kept as written met no
    column at all (a traceback); the table is empty, as the other formats say."""
    db = ledger(tmp_path, "")
    done = runner.invoke(
        app, ["standings", "--db", str(db), "--kind", "cash", "--format", "markdown"]
    )
    assert done.exit_code == 0 and done.exception is None, done.output
    assert "| player " in done.stdout


@pytest.mark.parametrize(("currency", "unit"), [("EUR", "EUR"), ("", "money")])
def test_json_gives_currency_units_and_names_the_unit(
    tmp_path: Path, currency: str, unit: str
) -> None:
    data = json.loads(tournament(ledger(tmp_path, currency), "--json"))
    assert data["unit"] == unit and data["prize_pool"] == 40.0
    assert {e["player"]: e["prize"] for e in data["entries"]} == {
        "A": 28.0,
        "B": 12.0,
        "C": 0,
        "D": 0,
    }
    a = data["entries"][0]
    assert (a["buy_in"], a["paid"], a["won"], a["chips"]) == (10.0, 10.0, 18.0, 2000)


def test_the_table_says_where_the_money_the_payouts_leave_goes(tmp_path: Path) -> None:
    """docs/ledger.md, *Tournaments*: "Every prize but first is rounded down to the prize unit
    and first place gets the rest", and the places the field cannot fill pay first place.
    The table showed a first prize above its percent without a word, which a treasurer
    checking 50 % of the pool by hand reads as a mistake; it says what first place takes.
    Four entrants at 10.00 USD."""
    db = ledger(tmp_path, "USD")
    exact = tournament(db, "--payouts", "50/30/20")
    assert "first place" not in exact  # 20.00, 12.00, 8.00: nothing left over
    # a 0.01 bounty: pool 39.96; 30 % = 11.988 → 11.98, 20 % = 7.992 → 7.99; first 19.99
    rounded = tournament(db, "--bounty", "0.01").splitlines()[1]
    assert rounded == (
        "  the first prize 19.99 USD is more than its 50 % of the pool: it takes what "
        "rounding the other prizes down to 0.01 USD leaves"
    )
    assert "A: prize 19.99 USD" in tournament(db)
    unfilled = tournament(db, "--bounty", "0", "--payouts", "50/20/10/10/10").splitlines()[1]
    assert unfilled == (
        "  the first prize 24.00 USD is more than its 50 % of the pool: it takes the 10 % "
        "of place 5, which nobody fills"
    )


def test_a_tournament_of_no_currency_names_its_money_once(tmp_path: Path) -> None:
    """A buy-in with no ``currency`` (docs/ledger.md, *Units and money*: cents of a currency
    the file did not name): its figures are written bare (``prize pool 40.00``), and the pages
    name the unit once, "money (currency not named)" (``unit_name``).  The command line named
    it nowhere in ``tournament`` and as plain "money" in ``settle``: the same words now."""
    db = ledger(tmp_path, "")
    head = tournament(db).splitlines()[0]
    assert head.endswith(", payouts 70/30 %, amounts in money (currency not named)"), head
    settled = runner.invoke(app, ["settle", "--db", str(db), "--event", "Spring Cup"])
    assert settled.exit_code == 0, settled.output
    assert settled.stdout.startswith(
        "Settle-up for Spring Cup (2024-04-06) (tournament; in money (currency not named)):\n"
    ), settled.stdout
    (tmp_path / "usd").mkdir()
    usd = tournament(ledger(tmp_path / "usd", "USD")).splitlines()[0]
    assert "prize pool 40.00 USD" in usd and "amounts in" not in usd  # each figure names it
