"""One event, one set of terms, in a site's file: ``check`` says at a hand what ``import``
refuses (``replay/event_terms.py``).

The file is a real corpus tournament (``shared/corpus/pokerstars/LBad-USD-MTT8-201011.txt``,
PokerStars tournament #329147852, $2.00+$0.20) with one hand line edited at test time to
another buy-in; unedited, every corpus hand reads (``test_corpus_replay.py``).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.sites.files import decode_bytes
from tests.helpers.paths import CORPUS

STARS_MTT = CORPUS / "pokerstars/LBad-USD-MTT8-201011.txt"
HAND = "PokerStars Game #52475864110: Tournament #329147852, $2.00+$0.20 USD"

runner = CliRunner()


def test_a_hand_stating_another_buy_in_of_its_tournament_is_told_by_check(tmp_path: Path) -> None:
    """One hand of the tournament edited to $5.00+$0.50: ``check`` said the file was clean
    (exit 0), ``import`` refused it whole.  Both now say it of that hand, at its line, and
    the tournament's other hands are checked and stored."""
    text = decode_bytes(STARS_MTT.read_bytes()).replace("\r\n", "\n")
    assert text.count(HAND) == 1
    edited = tmp_path / "edited.txt"
    edited.write_text(text.replace(HAND, HAND.replace("$2.00+$0.20", "$5.00+$0.50")))
    line = text.split("\n").index(next(x for x in text.split("\n") if HAND in x)) + 1

    checked = runner.invoke(app, ["check", str(edited), "--json"])
    assert checked.exit_code == 1, checked.output
    rows = [json.loads(row) for row in checked.output.splitlines()]
    bad = [row for row in rows if not row["ok"]]
    assert [(row["hand"], row["line"]) for row in bad] == [("52475864110", line)]
    (error,) = bad[0]["errors"]
    assert error["rule"] == "event-terms"
    assert "was read before with buy-in 2.00 USD (hand 52475779512 at line 1)" in error["message"]
    assert "this hand states 5.00 USD" in error["message"]

    db = tmp_path / "ledger.db"
    imported = runner.invoke(app, ["import", str(edited), "--db", str(db)])
    assert imported.exit_code == 1, imported.output
    assert f"{len(rows) - 1} stored, 0 duplicate, 1 rejected" in imported.output
    assert "[event-terms]" in imported.output

    clean = runner.invoke(app, ["check", str(STARS_MTT)])
    assert clean.exit_code == 0, clean.output


def test_a_tournament_played_past_midnight_is_one_tournament(tmp_path: Path) -> None:
    """The same tournament with its 18:xx CET hands played after midnight instead (dated
    2010/11/11, the ET date in brackets unchanged): dated by each hand, it was two events of
    one name, its players paying the buy-in twice, two winners, and ``check`` silent.  A
    tournament's hands belong to the date of its first hand in the file."""
    text = decode_bytes(STARS_MTT.read_bytes()).replace("\r\n", "\n")
    late = re.sub(r"2010/11/10 18:(\d\d:\d\d) CET", r"2010/11/11 00:\1 CET", text)
    assert late.count("2010/11/11 00:") > 10
    edited = tmp_path / "late.txt"
    edited.write_text(late, encoding="utf-8")
    db = tmp_path / "ledger.db"
    done = runner.invoke(app, ["import", str(edited), "--db", str(db)])
    assert done.exit_code == 0, done.output
    events = runner.invoke(app, ["events", "--db", str(db), "--json"])
    (event,) = json.loads(events.stdout)["events"]
    assert event["date"] == "2010-11-10" and event["hands"] == text.count("PokerStars Game #")


def test_a_tournament_cut_at_midnight_into_two_files_is_warned_of(tmp_path: Path) -> None:
    """The same tournament past midnight, cut into two files there: each file dates its
    hands by its own first hand, so the two are two events of one name, a buy-in in each,
    `import` silent (conversion audit).  The report warns under the second file and says
    the way to one tournament, which followed gives one event of every hand."""
    text = decode_bytes(STARS_MTT.read_bytes()).replace("\r\n", "\n")
    late = re.sub(r"2010/11/10 18:(\d\d:\d\d) CET", r"2010/11/11 00:\1 CET", text)
    cut = late.index("PokerStars Game #", late.index("2010/11/11 00:") - 200)
    first, second = tmp_path / "part1.txt", tmp_path / "part2.txt"
    first.write_text(late[:cut], encoding="utf-8")
    second.write_text(late[cut:], encoding="utf-8")
    db = tmp_path / "ledger.db"
    done = runner.invoke(app, ["import", str(first), str(second), "--db", str(db)])
    assert done.exit_code == 0, done.output
    words = " ".join(done.output.split())
    assert (
        "warning: PokerStars tournament #329147852 (2010-11-11) and PokerStars tournament "
        "#329147852 (2010-11-10), a day apart, share players" in words
    )
    events = json.loads(runner.invoke(app, ["events", "--db", str(db), "--json"]).stdout)
    later = next(e for e in events["events"] if e["date"] == "2010-11-11")
    voided = ["void", "--db", str(db), "--event", str(later["id"]), "--reason", "midnight"]
    assert runner.invoke(app, voided).exit_code == 0
    joined = tmp_path / "joined.txt"
    joined.write_text(late, encoding="utf-8")
    assert runner.invoke(app, ["import", str(joined), "--db", str(db)]).exit_code == 0
    events = json.loads(runner.invoke(app, ["events", "--db", str(db), "--json"]).stdout)
    counted = [e for e in events["events"] if e["void"] is None]
    assert [(e["date"], e["hands"]) for e in counted] == [("2010-11-10", late.count("Game #"))]
