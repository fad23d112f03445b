"""``check`` of two files holding one hand tells a copy from another version by the import's
own rule, so that one run of ``check`` says what ``import`` of the files does.

docs/ledger.md, *Import*: a hand of the ledger's identity (event, table, number) met again is a
**duplicate** when it has the same fingerprint and content, else a **conflict**.  README, "A
hand two files hold": ``check`` says a copy as a warning (the import stores it once) and
another version as an error in the import's words.  ``check`` told them apart by a rule of its
own - what the hand records, by its reader, and the stacks and pot it was dealt from - which
disagreed with the import's where the import's digests leave something out:

* a PHH hand with its ``winnings`` field and the same hand without it (docs/importers.md,
  *PHH*: ``winnings`` are ``Collect`` claims naming no pot, which the fingerprint leaves out,
  ``ledger/fingerprints.py``, ``CLAIMS_ADDED_LATER``; the replay confirms them, so the rows
  are the same): the import stores the second file's hands as duplicates, ``check`` called
  hand 1 another version (an error, exit 1, where the import exits 0);
* Anna's Friday night (``examples/home_session.bhh``) beside a copy in which Ben tops up 10 in
  hand 2: Ben sits out hand 3, and the ledger keeps no row of a player who sits out without a
  change of stack (``ledger/rows.py``, ``hand_rows``), so hand 3 is the same hand to the
  import - a duplicate - while ``check`` called it another version for Ben's stack.

Both now ask one function (``model/copies.py``, ``one_hand``) of the ledger's fingerprint and
content of each hand.  Each case: the same verdicts one process or two, text and ``--json``.
"""

from __future__ import annotations

import json
from pathlib import Path

from badugi_ledger.convert import convert_file
from tests.helpers.check_import_words import checked, imported, said_as_the_import_says
from tests.helpers.paths import EXAMPLES

NIGHT = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
"""Anna's Friday game of 2024-03-01: four hands at table Kitchen, stacks carried."""


def _copies_as_the_import_counts(paths: list[Path], db: Path) -> None:
    """``check`` of ``paths`` warns of a copy at each hand the import (into ``db``, a ledger
    not made yet) stores as a duplicate
    (as many in each file), says an error at each conflict of the import and nowhere else,
    exits as the import does; one process or two, text and ``--json``."""
    status, conflicts, report = imported(paths, db)
    duplicates = {f["source"]: f["duplicate"] for f in report["files"]}
    text = checked(paths, 1)
    assert text == checked(paths, 2)
    assert text[0] == status, text
    copies = {str(path): 0 for path in paths}
    errors = set()
    for line in text[1]:
        if line.endswith("[duplicate-hand]"):
            where = line.partition(": hand ")[0]
            path, at, _ = where.rsplit(":", 2)
            if ": warning: " in line:
                assert "a copy, which an import of both files stores once" in line, line
                copies[path] += 1
            else:
                errors.add((path, int(at)))
    assert copies == duplicates, (copies, duplicates)
    assert errors == set(conflicts)
    as_json = checked(paths, 1, "--json")
    assert as_json == checked(paths, 2, "--json") and as_json[0] == status
    objects = [json.loads(line) for line in as_json[1]]
    found = {
        (o["source"], e["line"])
        for o in objects
        for e in o["errors"]
        if e["rule"] == "duplicate-hand"
    }
    assert found == set(conflicts)
    warned: dict[str, int] = {str(path): 0 for path in paths}
    for o in objects:
        warned[o["source"]] += sum(w["rule"] == "duplicate-hand" for w in o["warnings"])
    assert warned == duplicates


def test_a_phh_night_with_and_without_its_winnings_is_a_copy_to_both(tmp_path: Path) -> None:
    source = tmp_path / "night.bhh"
    source.write_text(NIGHT, encoding="utf-8")
    plain = tmp_path / "night.phhs"
    with plain.open("w", encoding="utf-8") as out:
        assert convert_file(source, "phh", out).written == 4
    # Read as a PHH file of another tool (no ``_origin``): its reader's own claims.
    text = "".join(
        line for line in plain.read_text(encoding="utf-8").splitlines(True)
        if not line.startswith("_origin")
    )  # fmt: skip
    plain.write_text(text, encoding="utf-8")
    stacks = "finishing_stacks = [98, 84, 118, 100]\n"
    assert text.count(stacks) == 1  # hand 1: Dan (p3) wins 34
    claimed = tmp_path / "claimed.phhs"
    claimed.write_text(
        text.replace(stacks, stacks + "winnings = [0, 0, 34, 0]\n"), encoding="utf-8"
    )
    for paths in ([plain, claimed], [claimed, plain]):
        status, conflicts, report = imported(paths, tmp_path / f"{paths[0].stem}.db")
        assert (status, conflicts, report["duplicate"]) == (0, {}, 4)
        _copies_as_the_import_counts(paths, tmp_path / f"{paths[0].stem}-again.db")


def test_a_night_with_a_top_up_before_a_hand_its_player_sits_out(tmp_path: Path) -> None:
    night, edited = tmp_path / "night.bhh", tmp_path / "edited.bhh"
    night.write_text(NIGHT, encoding="utf-8")
    topped = NIGHT
    for old, new in [
        (
            "hand 2 · button Ben · Anna · Ben · Cara · Dan\n",
            "hand 2 · button Ben · Anna · Ben · Cara · Dan\nBen tops up 10\n",
        ),
        ("final: Anna 105 · Ben 98 ·", "final: Anna 105 · Ben 108 ·"),
        ("final: Anna 107 · Ben 100 ·", "final: Anna 107 · Ben 110 ·"),
    ]:
        assert topped.count(old) == 1, old
        topped = topped.replace(old, new)
    assert "Ben sits out" in topped  # (in hand 3)
    edited.write_text(topped, encoding="utf-8")
    paths = [night, edited]
    _, conflicts, report = said_as_the_import_says(paths, tmp_path / "club.db")
    assert sorted(line for _, line in conflicts) == [22, 40]  # hands 2 and 4: Ben's stack
    assert report["duplicate"] == 2  # hands 1 and 3
    _copies_as_the_import_counts(paths, tmp_path / "again.db")
