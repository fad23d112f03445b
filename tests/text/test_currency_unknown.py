"""A currency code that no currency has (``currency EUS`` for EUR) is warned, not refused.

The ledger never adds two units, so a night written in a mistyped code is kept apart from the
club's euros in every standing, settle-up and export, without a word (docs/ledger.md, *Units*).
The codes are ISO 4217's (List One, current currencies and funds, as its maintenance agency
publishes it: ``money.ISO_4217``): ``check`` warns of any other at the line and column where
the header writes it (``currency-unknown``, with the nearest codes), ``import`` says the same in
its report and stores the hands, since a club may keep money of its own.  ``currency chips``,
the format's one named unit that is no currency, says nothing; nor does a site's file, whose
currency the site writes.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.model.money import ISO_4217, NOT_IN_CENTS, nearest_currencies
from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text

runner = CliRunner()

NIGHT = """\
game badugi · fixed limit 2/4 · blinds 1/2{currency}
cash Friday · date 2026-05-01{chips}
table A

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna raises · Ben folds · Cara folds
Anna collects 5
final: Anna 103 · Ben 99 · Cara 98

hand 2 · button Ben · Anna · Ben · Cara
Ben raises · Cara folds · Anna folds
Ben collects 5
final: Anna 101 · Ben 102 · Cara 97
"""


def _night(currency: str = "", chips: str = "") -> str:
    return NIGHT.format(currency=currency, chips=chips)


def _warnings(text: str) -> list[tuple[str, int, int, str]]:
    return [
        (w.rule, w.pos.line, w.pos.column, w.message)
        for outcome in replay_stream(parse_text(text, "night.bhh"))
        for w in outcome.warnings
    ]


def test_a_mistyped_currency_is_warned_at_its_code_with_the_nearest_codes() -> None:
    """``currency EUS``: one warning, at line 1 and the column of ``EUS``, naming EUR and USD
    (ISO 4217 has no EUS); the hands are read in it as written (a warning, not a repair)."""
    text = _night(currency=" · currency EUS")
    column = text.splitlines()[0].index("EUS") + 1
    ((rule, line, col, message),) = _warnings(text)
    assert (rule, line, col) == ("currency-unknown", 1, column)
    assert message.startswith("EUS: no currency has this code; EUR? USD?"), message
    outcomes = list(replay_stream(parse_text(text, "night.bhh")))
    assert [o.record.settings.currency for o in outcomes] == ["EUS", "EUS"]
    assert all(o.ok for o in outcomes)


@pytest.mark.parametrize(
    "currency", ["", " · currency EUR", " · currency chips", " · currency XXX"]
)
def test_a_currency_of_iso_4217_or_chips_is_not_warned(currency: str) -> None:
    """EUR, plain chips (stated or not) and ISO 4217's own code for no currency (XXX)."""
    assert _warnings(_night(currency=currency)) == []


def test_the_currency_a_chip_is_worth_in_is_held_to_the_same_list() -> None:
    """``chips 100 = 10 EUS``: the night's money is EUS as surely as with ``currency EUS``."""
    text = _night(chips=" · chips 100 = 10 EUS")
    column = text.splitlines()[1].index("EUS") + 1
    ((rule, line, col, message),) = _warnings(text)
    assert (rule, line, col) == ("currency-unknown", 2, column)
    assert message.startswith("EUS: no currency has this code; EUR? USD?"), message
    assert _warnings(_night(chips=" · chips 100 = 10 EUR")) == []


def test_each_line_stating_an_unknown_code_is_warned_once() -> None:
    """Two header lines stating EUS: two warnings, each at its own line, each on the first
    hand read after it (not on every hand of the night)."""
    first = _night(currency=" · currency EUS")
    second = first.replace("hand 1 ", "hand 3 ").replace("hand 2", "hand 4")
    second = second.replace("date 2026-05-01", "date 2026-05-08")
    text = first + "\n" + second
    warned = [(rule, line) for rule, line, _, _ in _warnings(text)]
    start = len(first.splitlines()) + 2  # (the second night's first line)
    assert warned == [("currency-unknown", 1), ("currency-unknown", start)]


@pytest.mark.parametrize(
    ("code", "near"),
    [("EUS", ["EUR", "USD"]), ("UDS", ["USD", "UZS"]), ("GPB", ["GBP", "EGP"]), ("QQQ", [])],
)
def test_the_nearest_codes_share_two_letters_in_order(code: str, near: list[str]) -> None:
    """Fewest changes first (a swap is one: UDS is USD swapped, UZS one letter changed),
    then two letters side by side in both (EUS: USD, shifted, before KES); at most two; none
    when no code of ISO 4217 has two of its letters in order."""
    assert nearest_currencies(code) == near


def test_the_list_is_iso_4217_list_one() -> None:
    """ISO 4217 List One (published 2025-05-12): the codes the format already knows the
    minor unit of are all in it, and codes withdrawn before then are not (HRK: Croatia took
    the euro on 2023-01-01; ANG: replaced by XCG on 2025-03-31)."""
    assert {"EUR", "USD", "GBP", "JPY", "XCG", "ZWG", "XXX"} <= ISO_4217
    assert NOT_IN_CENTS <= ISO_4217
    assert not {"HRK", "ANG", "EUS"} & ISO_4217
    assert all(len(code) == 3 and code.isascii() and code.isupper() for code in ISO_4217)


def test_check_shows_the_warning_at_its_line_and_exits_zero(tmp_path: Path) -> None:
    path = tmp_path / "night.bhh"
    path.write_text(_night(currency=" · currency EUS"), encoding="utf-8")
    column = _night(currency=" · currency EUS").splitlines()[0].index("EUS") + 1
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert f"night.bhh:1:{column}: hand 1: warning: EUS: no currency" in result.output
    assert "[currency-unknown]" in result.output
    strict = runner.invoke(app, ["check", "--strict", str(path)])
    assert strict.exit_code != 0, strict.output


def test_import_says_the_warning_and_stores_the_night(tmp_path: Path) -> None:
    """The import's report (text and ``--json``) says it under the file; the hands are stored,
    a rejected first hand not hiding it."""
    path = tmp_path / "night.bhh"
    text = _night(currency=" · currency EUS").replace("Anna collects 5", "Anna collects 6")
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["import", str(path), "--db", str(tmp_path / "club.db")])
    assert result.exit_code == 1, result.output  # (hand 1 is rejected: it pays 6)
    assert "1 stored" in result.output, result.output
    assert "warning: line 1: EUS: no currency has this code; EUR? USD?" in result.output
    again = runner.invoke(app, ["import", str(path), "--db", str(tmp_path / "b.db"), "--json"])
    (report,) = json.loads(again.output)["files"]
    assert [w for w in report["warnings"] if "[currency-unknown]" in w], report


def test_import_of_a_known_currency_says_nothing_of_it(tmp_path: Path) -> None:
    path = tmp_path / "night.bhh"
    path.write_text(_night(currency=" · currency EUR"), encoding="utf-8")
    result = runner.invoke(app, ["import", str(path), "--db", str(tmp_path / "club.db")])
    assert result.exit_code == 0, result.output
    assert "warning" not in result.output, result.output
