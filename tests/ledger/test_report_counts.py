"""The import report counts one thing under one word, in its text and its JSON (docs/ledger.md,
*JSON fields*): ``conflict`` the hands in conflict, not an event's fact stated otherwise
(said apart, "1 event in conflict"); ``replaced`` the hands replaced, not a line of a night
the file moved, which replaces nothing and is said as what it is."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.ledger.test_corrections_voids import EVENT, HEAD, invoke, night, write
from tests.ledger.test_redated_nights import LATER, void_in


def _text_counts(out: str) -> dict[str, int]:
    """The hand counts of the text report's last line (``total: 0 stored, 1 duplicate…``)."""
    (total,) = [line for line in out.splitlines() if line.startswith("total: ")]
    hands = total.split(";")[0]
    found = {word: int(n) for n, word in re.findall(r"(\d+) (\w+)", hands)}
    return {word: found.get(word, 0) for word in ("stored", "duplicate", "conflict", "replaced")}


def test_an_events_fact_in_conflict_is_counted_alike_in_the_text_and_the_json(
    tmp_path: Path,
) -> None:
    """docs/ledger.md, *Import*: an event's fact the file states otherwise is the event's
    conflict, not a hand's ("conflict, the event keeps the ledger's").  The night's season
    corrected (S1 -> S2) and imported without ``--replace``: the text says "1 event in
    conflict" and no hand in conflict; ``--json``'s ``conflict``, per file and in total,
    counted the event as a hand in conflict (1 where the text says none)."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    write(path, night(head=HEAD.replace("season S1", "season S2")))
    code, text = invoke("import", path, "--db", db)
    assert "; 1 event in conflict" in text, text
    code, out = invoke("import", path, "--db", db, "--json")
    report = json.loads(out)
    (file,) = report["files"]
    counted = {word: report[word] for word in ("stored", "duplicate", "conflict", "replaced")}
    assert counted == _text_counts(text), (counted, text)
    assert (file["conflict"], len(file["conflicts"])) == (0, 1), file
    assert file["conflicts"][0]["event_fact"] is True, file


def test_a_line_of_a_moved_night_is_not_said_replaced(tmp_path: Path) -> None:
    """docs/ledger.md, *Void* ("A void belongs to the night"): a voided night kept in two
    files, one re-dated (2024-06-01 -> 06-02) with ``--replace``: the report says at its
    first hand that the night's void follows it and that the night is split, lines that
    replace nothing and that no total counts.  They were labelled "replaced:", as the hand
    the file did replace; now "night moved here:", and only the counted hand is "replaced:"."""
    db = tmp_path / "club.db"
    first = write(tmp_path / "t.bhh", night())
    second = night().replace("Anna", "Eve").replace("table T", "table U")
    assert invoke("import", first, write(tmp_path / "u.bhh", second), "--db", db)[0] == 0
    void_in(db, EVENT, reason="not a club night")
    write(first, night(head=LATER))
    code, out = invoke("import", first, "--db", db, "--replace")
    assert code == 0, out
    said = [line for line in out.splitlines() if line.startswith("  ")]
    notes = [line for line in said if "the night's void follows it here" in line]
    notes += [line for line in said if "the night is split" in line]
    assert len(notes) == 2, out
    assert all(": night moved here: the night" in line for line in notes), notes
    replaced = [line for line in said if ": replaced: " in line]
    assert len(replaced) == _text_counts(out)["replaced"] == 6, out
