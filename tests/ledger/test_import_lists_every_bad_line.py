"""The import's report lists every line of a rejected hand that cannot be read, each at its own
line with its caret, as ``check`` does (README, "What check reports, in one run": one run lists
every mistake of a file, each at its own line); the counts stay those of hands.

From ``examples/progressive_night.bhh`` with two verbs of hand P1 mistyped (lines 15 and 17)."""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.ledger.report import FileReport, ImportReport, Rejected
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

TWO_TYPOS = (
    (EXAMPLES / "progressive_night.bhh")
    .read_text(encoding="utf-8")
    .replace("Anna checks · Ben bets · Cara calls", "Anna checks · Ben betz · Cara calls")
    .replace("draw: Ben 1 · Cara 1\nBen checks", "draw: Ben 1 · Cara 1\nBen chekcs", 1)
)


def test_the_import_report_lists_each_line_of_a_hand_that_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "night.bhh"
    path.write_text(TWO_TYPOS, encoding="utf-8")
    report = import_into(tmp_path / "club.db", [path])
    assert (report.stored, report.rejected) == (1, 2)  # hands: P1 unread, P2 takes its pot
    (p1, _) = report.files[0].rejected
    assert (p1.line, p1.hand) == (15, "P1") and len(p1.reasons) == 2
    assert p1.reasons[1].startswith("line 17: expected ")
    lines = "\n".join(report.text_lines()).splitlines()
    first = lines.index(next(line for line in lines if line.startswith("  line 15 hand P1: ")))
    assert "found 'betz' (did you mean 'bets'?)" in lines[first]
    assert lines[first + 2].endswith("^ [parse]")
    assert lines[first + 3].startswith("  line 17 hand P1: expected ")
    assert "found 'chekcs' (did you mean 'checks'?)" in lines[first + 3]
    assert lines[first + 4 : first + 6] == ["    Ben chekcs · Cara checks", "        ^ [parse]"]
    assert lines[first + 6].startswith("  line 23 hand P2: ")


def test_reasons_without_a_shown_line_stay_on_one_report_line() -> None:
    """Only a reason that shows its line with a caret ends a report line: other reasons of a
    hand are joined as before."""
    rejected = Rejected(
        "n.bhh", 7, "1", ("line 7: x [a]", "line 9: y\n    shown\n    ^ [parse]", "line 12: z [b]")
    )
    report = ImportReport([FileReport("n.bhh", rejected=[rejected])])
    lines = "\n".join(report.text_lines()).splitlines()
    assert lines[1:4] == ["  line 7 hand 1: x [a]; line 9: y", "    shown", "    ^ [parse]"]
    assert lines[4] == "  line 12 hand 1: z [b]"
