"""A stored tournament's prize table set from the command line: ``tournament --payouts``.

A site's tournament states its buy-in but no prize table (PokerStars prints what each player
received as he finishes, which the reader does not take for a table), so an imported
sit-and-go paid no prizes and every entrant lost his buy-in, with no way to say otherwise
but editing the site's file.  The source is the corpus's PokerStars sit-and-go
(``shared/corpus/pokerstars/LBad-USD-SNG8-201011.txt``: 8 entrants at $1.00 + $0.10, "Player5
finished the tournament in 3rd place and received $1.60." - 20% of the $8.00 pool).
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.helpers.paths import CORPUS

SNG = CORPUS / "pokerstars/LBad-USD-SNG8-201011.txt"
EVENT = "PokerStars tournament #330855877"

runner = CliRunner()


def _tournament(db: Path, *args: str) -> dict[str, object]:
    done = runner.invoke(app, ["tournament", "--db", str(db), "--event", EVENT, "--json", *args])
    assert done.exit_code == 0, done.output
    return dict(json.loads(done.stdout))


def _prizes(data: dict[str, object]) -> dict[str, float]:
    return {str(e["player"]): float(e["prize"]) for e in data["entries"]}  # type: ignore[attr-defined]


def test_a_site_tournament_is_given_its_prize_table(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    assert runner.invoke(app, ["import", str(SNG), "--db", str(db)]).exit_code == 0
    before = _tournament(db)
    # no table: the prize the site states it paid (line 4460: "received $1.60.")
    assert before["payouts"] == [] and _prizes(before)["Player5"] == 1.6
    assert sum(_prizes(before).values()) == 1.6

    after = _tournament(db, "--payouts", "50/30/20")
    assert after["payouts"] == [50, 30, 20] and after["prize_pool"] == 8.0
    prizes = _prizes(after)
    assert prizes["Player5"] == 1.6  # what PokerStars paid for 3rd place
    # the file stops with Player6 and Player4 still in: 1st and 2nd (6.40) wait for the end
    assert sum(prizes.values()) == 1.6 and not after["finished"]

    again = runner.invoke(app, ["import", str(SNG), "--db", str(db)])
    assert again.exit_code == 0 and "0 stored" in again.output, again.output
    assert _prizes(_tournament(db)) == prizes  # the file states no table: the ledger's stays
    standings = runner.invoke(app, ["standings", "--db", str(db), "--format", "json"])
    rows = {r["player"]: r["winnings"] for r in json.loads(standings.stdout)}
    assert rows["Player5"] == 0.6  # 1.60 won less 1.00 paid

    assert _tournament(db, "--payouts", "none")["payouts"] == []


def test_a_prize_table_that_is_not_one_is_a_usage_error(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    for table, said in (
        ("30/50/20", "first place first: 50/30/20"),
        ("50/30", "must total 100"),
        ("50/30/x", "not a prize table"),
    ):
        done = runner.invoke(
            app, ["tournament", "--db", str(db), "--event", EVENT, "--payouts", table]
        )
        assert done.exit_code == 2 and said in " ".join(done.output.split()), done.output
        assert not db.exists()  # refused before any ledger is opened
