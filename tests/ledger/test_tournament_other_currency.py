"""A tournament kept in one file per table, whose files name its currency otherwise (one
states ``currency EUR``, the final table's leaves it out, or misspells it): a currency is part
of what names an event, so the final table is a tournament of its own, its players paying a
second buy-in into a second prize pool, and ``import`` said nothing.  As for a tournament cut
at midnight into two files (:func:`~badugi_ledger.ledger.tournament_warnings.past_midnight`),
the import stores it and warns under the files of both (docs/ledger.md, *Tournaments*): the
house rule that an entrant pays one buy-in."""

from __future__ import annotations

import json
from pathlib import Path

from tests.ledger.test_ledger_identity import invoke

HEADER = """\
game badugi · fixed limit 10/20 · blinds 5/10
tournament Two Tables · date 2024-07-01 · buy-in 1000 · starting-chips 30 · payouts 70/30{money}
table {table}

"""
TABLE_A = """\
hand A1 · button P · P 30 · Q 30
P raises to 20 · Q raises to 30 all-in · P calls 10 all-in
draw: Q 1 · P 1
draw: Q 1 · P 1
draw: Q 1 · P 1
show: P 4h 3d 2c As · Q Kh Qd Js 9c
P collects 60
final: P 60 · Q 0
"""
TABLE_B = """\
hand B1 · button R · R 30 · S 30
R raises to 20 · S raises to 30 all-in · R calls 10 all-in
draw: S 1 · R 1
draw: S 1 · R 1
draw: S 1 · R 1
show: R 5h 3d 2c As · S Kh Qd Js 8c
R collects 60
final: R 60 · S 0
"""
FINAL = """\
hand F1 · button P · P 60 · R 60
P raises to 20 · R raises to 30 · P raises to 40 · R calls 10
draw: R 1 · P 1
R bets 10 · P raises to 20 all-in · R calls 10 all-in
draw: R 1 · P 1
draw: R 1 · P 1
show: P 4h 3d 2c As · R Kh Qd Js 9c
P collects 120
final: P 120 · R 0
"""
"""P and R, the winners of tables A and B, play the final table with the stacks they won."""


def _files(folder: Path, final_money: str) -> list[Path]:
    folder.mkdir()
    paths = []
    for name, table, money, hands in (
        ("a.bhh", "A", " · currency EUR", TABLE_A),
        ("b.bhh", "B", " · currency EUR", TABLE_B),
        ("final.bhh", "Final", final_money, FINAL),
    ):
        path = folder / name
        path.write_text(HEADER.format(money=money, table=table) + hands, encoding="utf-8")
        paths.append(path)
    return paths


def test_a_final_table_in_another_currency_is_warned_of(tmp_path: Path) -> None:
    for final_money in ("", " · currency EUS"):
        folder = tmp_path / (final_money.strip(" ·").replace(" ", "-") or "none")
        code, out = invoke("import", *_files(folder, final_money), "--db", folder / "t.db")
        assert code == 0, out
        words = " ".join(out.split())
        assert words.count("share players: one tournament whose files name its money") == 3, out


def test_the_warnings_advice_makes_it_one_tournament(tmp_path: Path) -> None:
    """The final table's file given the currency and imported again with --replace: its hand
    goes to the tournament of tables A and B, P first (28.00 EUR of 40.00), R second."""
    folder = tmp_path / "corrected"
    paths = _files(folder, "")
    assert invoke("import", *paths, "--db", folder / "t.db")[0] == 0
    final = paths[-1]
    final.write_text(HEADER.format(money=" · currency EUR", table="Final") + FINAL, "utf-8")
    code, out = invoke("import", "--replace", final, "--db", folder / "t.db")
    assert code == 0 and "warning:" not in out, out
    code, out = invoke("tournament", "--event", "Two Tables", "--json", "--db", folder / "t.db")
    assert code == 0, out
    entries = json.loads(out)["entries"]
    assert [(e["player"], e["place"], e["won"]) for e in entries] == [
        ("P", 1, 18.0),
        ("R", 2, 2.0),
        ("S", 3, -10.0),
        ("Q", 4, -10.0),
    ]


def test_one_currency_in_every_file_is_one_tournament_and_no_warning(tmp_path: Path) -> None:
    folder = tmp_path / "same"
    code, out = invoke("import", *_files(folder, " · currency EUR"), "--db", folder / "t.db")
    assert code == 0 and "warning:" not in out, out
