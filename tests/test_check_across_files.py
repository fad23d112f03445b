"""``check`` of several files finds a hand two of them hold, as an import of them does.

A hand is named by its event, table and number (README, "The ledger": a hand the ledger holds
with the same content is a duplicate, with other content a conflict).  A night's file copied
and edited is the commonest way a club ends up with one hand twice: ``import a.bhh b.bhh``
reports each hand of ``b.bhh`` that records another version as a conflict, and stores an
exact copy once.  ``check`` of the same files says so at each hand's own line, naming the
other file and line: another version is an error (``duplicate-hand``, the rule of a hand
written twice in one file), an exact copy a warning.  One process or two, the same report.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from badugi_ledger.check import run_check
from badugi_ledger.cli import app
from tests.helpers.paths import EXAMPLES

runner = CliRunner()
NIGHT = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
"""Anna's Friday game of 2024-03-01: four hands at table Kitchen, stacks carried."""

EDITED = NIGHT.replace("3 Cara 100", "3 Cara 101").replace("Cara 83", "Cara 84")
EDITED = EDITED.replace("Cara 106", "Cara 107")
"""The night copied and edited: Cara sat down with 101, and the copy's ``final:`` lines say
so; every hand of it is legal, and each is another version of the night's hand of its
number (hand 1 states another stack, hands 2-4 are dealt from the stacks it carried)."""


def _files(tmp_path: Path, **texts: str) -> list[Path]:
    paths = []
    for name, text in texts.items():
        path = tmp_path / f"{name}.bhh"
        path.write_text(text, encoding="utf-8")
        paths.append(path)
    return paths


def _report(paths: list[Path], jobs: int, *options: str) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["check", "--jobs", str(jobs), *options, *map(str, paths)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output.splitlines()


def _hand_lines(text: str) -> dict[str, int]:
    """Each hand's number -> the line its ``hand`` line is at."""
    return {
        found.group(1): number
        for number, line in enumerate(text.splitlines(), 1)
        if (found := re.match(r"hand (\S+) ", line))
    }


def test_a_file_copied_and_edited_is_reported_at_each_hand_as_the_import_does(
    tmp_path: Path,
) -> None:
    a, b = _files(tmp_path, a=NIGHT, b=EDITED)
    assert run_check([b]).all_ok and run_check([a]).all_ok  # each file alone is clean
    where = _hand_lines(NIGHT)
    one = _report([a, b], 1)
    assert one == _report([a, b], 2)
    status, lines = one
    assert status == 1
    found = [line for line in lines if "[duplicate-hand]" in line]
    assert [line.split(": hand ")[0] for line in found] == [
        f"{b}:{where[number]}:1" for number in ("1", "2", "3", "4")
    ]
    assert f"{b}: 4 hands: 0 ok, 4 with violations, 0 with payout mismatches" in lines
    assert f"{a}: 4 hands: 4 ok, 0 with violations, 0 with payout mismatches" in lines

    # The import of the same files finds the same four hands in conflict, a.bhh's kept, and
    # check says each in its words (hand 3 records what the night's does: dealt from other
    # stacks, its starting stack differs).
    conflicts = _conflicts([a, b], tmp_path / "club.db")
    assert sorted(conflicts) == [where[n] for n in ("1", "2", "3", "4")]
    for number, line in zip(("1", "2", "3", "4"), found, strict=True):
        words = conflicts[where[number]]
        assert line.endswith(
            f"(line {where[number]}), conflict, not stored: {words} [duplicate-hand]"
        )
        assert line.split(": hand ", 2)[-1].startswith(f"{number}: imported after {a} ")
    assert "Cara: starting stack 100 → 101" in conflicts[where["3"]]


def _conflicts(paths: list[Path], db: Path) -> dict[int, str]:
    """``import --json`` of ``paths`` into the empty ledger ``db``: the line of each hand in
    conflict -> its differences, as the import's text report joins them."""
    report = json.loads(
        runner.invoke(app, ["import", "--db", str(db), "--json", *map(str, paths)]).stdout
    )
    return {c["line"]: "; ".join(c["differences"]) for f in report["files"] for c in f["conflicts"]}


def test_a_hand_copied_exactly_into_another_file_is_a_warning_as_a_duplicate_is(
    tmp_path: Path,
) -> None:
    """The import stores the copy once (``4 duplicate``) and succeeds: ``check`` warns at
    each copied hand, which fails only under ``--strict``."""
    a, b, c = _files(tmp_path, a=NIGHT, b=NIGHT, c=NIGHT.split("\nhand 3 ")[0] + "\n")
    where = _hand_lines(NIGHT)
    one = _report([a, b, c], 1)
    assert one == _report([a, b, c], 2)
    status, lines = one
    assert status == 0
    copies = [line for line in lines if "[duplicate-hand]" in line]
    expected = [(b, n) for n in ("1", "2", "3", "4")] + [(c, n) for n in ("1", "2")]
    assert len(copies) == len(expected)
    for (path, number), line in zip(expected, copies, strict=True):
        assert line.startswith(f"{path}:{where[number]}:1: hand {number}: warning: ")
        assert f"is written in {a} (line {where[number]}) too, the same hand: a copy" in line
    assert f"{b}: 4 hands: 4 ok, 0 with violations, 0 with payout mismatches, 4 warnings" in lines
    assert _report([a, b], 2, "--strict")[0] == 1

    db = tmp_path / "club.db"
    imported = runner.invoke(app, ["import", "--db", str(db), str(a), str(b)])
    assert imported.exit_code == 0 and "0 stored, 4 duplicate" in imported.output


def test_a_hand_that_breaks_a_rule_is_compared_with_no_other_file(tmp_path: Path) -> None:
    """A hand the import rejects is not stored, so it meets no other file's version: ``check``
    reports its own mistake, not a second file's hand (the import says "rejected", not
    "conflict")."""
    broken = EDITED.replace("Dan collects 34", "Dan collects 30")  # hand 1: 4 chips short
    a, b = _files(tmp_path, a=NIGHT, b=broken)
    status, lines = _report([a, b], 1)
    hand_1 = [line for line in lines if line.startswith(f"{b}:") and ": hand 1:" in line]
    assert status == 1 and hand_1 and all("[duplicate-hand]" not in line for line in hand_1)


@pytest.mark.parametrize("named", [False, True])
def test_an_unnamed_night_is_its_file_s_event(tmp_path: Path, named: bool) -> None:
    """A session without a name is named after its file in the ledger (README, "The ledger"),
    so two files' unnamed nights are two events; named alike, they are one event and every
    hand of the edited copy is another version.  Unnamed, the import still looks a hand up
    by its fingerprint first (docs/ledger.md, *Identity*), which names no file: hand 3,
    recorded alike (hands 2-4 state no stacks) but dealt from Cara's other stack, is the
    import's conflict, and ``check`` says so, the only hand it says anything of."""
    text = NIGHT if named else NIGHT.replace("cash Friday game · ", "cash · ")
    a, b = _files(
        tmp_path, a=text, b=EDITED if named else EDITED.replace("cash Friday game · ", "cash · ")
    )
    lines = _report([a, b], 2)[1]
    said = [line.split(": hand ")[1].split(":")[0] for line in lines if "[duplicate-hand]" in line]
    assert said == (["1", "2", "3", "4"] if named else ["3"]), lines
    db = tmp_path / "club.db"
    imported = runner.invoke(app, ["import", "--db", str(db), str(a), str(b)])
    conflicts = re.findall(r"hand (\S+) at table \S+ of .*: conflict, not stored", imported.output)
    assert conflicts == said, imported.output


UNNAMED = NIGHT.replace("cash Friday game · ", "cash · ")
"""Anna's Friday game with its session's name left out: an event named after its file."""


def test_an_unnamed_nights_copy_in_another_file_is_said_as_the_import_stores_it(
    tmp_path: Path,
) -> None:
    """An unnamed night copied to a file of another name, and that copy with hand 4 edited
    (Anna's bet after the second draw made a check: the split pot is 8 chips smaller).  The import
    looks each hand up by its fingerprint, which names no file (docs/ledger.md, *Identity*;
    the rule ``model.copies.one_hand``): the exact copies are duplicates, stored once in the
    first file's event; the edited hand 4 is a new hand of the copy's own event, beside the
    first file's - one night in two events.  ``check`` of both files says each at its hand
    (warnings: the import stores both files), as the import stores it."""
    edited = UNNAMED.replace(
        "Anna bets · Ben calls\ndraw: Anna pat · Ben pat",
        "Anna checks · Ben checks\ndraw: Anna pat · Ben pat",
    ).replace("Anna collects 10 · Ben collects 10", "Anna collects 6 · Ben collects 6")
    assert edited != UNNAMED
    a, b, c = _files(tmp_path, a=UNNAMED, b=UNNAMED, c=edited)
    where = _hand_lines(UNNAMED)
    for copy, verdicts in ((b, "1234"), (c, "123")):
        status, lines = _report([a, copy], 1)
        assert (status, lines) == _report([a, copy], 2)
        said = {
            line.split(": hand ")[1].split(":")[0]: line
            for line in lines
            if "[duplicate-hand]" in line
        }
        assert status == 0 and sorted(said) == ["1", "2", "3", "4"], lines
        for number, line in said.items():
            assert line.startswith(f"{copy}:{where[number]}:1: hand {number}: warning: "), line
            if number in verdicts:
                assert (
                    "the same hand: a copy" in line and "stores once (a duplicate), in 'a'" in line
                )
            else:
                assert f"this hand as a new hand of 'c', beside {a}'s" in line, line
        db = tmp_path / f"{copy.stem}.db"
        imported = runner.invoke(app, ["import", "--db", str(db), str(a), str(copy)])
        assert imported.exit_code == 0, imported.output
        stored = 4 - len(verdicts)
        assert f"{stored} stored, {len(verdicts)} duplicate" in imported.output, imported.output
        events = runner.invoke(app, ["events", "--db", str(db), "--json"])
        hands = {e["key"].split("|")[1]: e["hands"] for e in json.loads(events.output)["events"]}
        assert hands == ({"a": 4, "c": 1} if stored else {"a": 4}), hands


def test_one_file_keeps_no_keys_and_several_keep_two_numbers_a_hand(tmp_path: Path) -> None:
    """Memory: a check of one file keeps nothing of its hands; of several, each hand that
    replayed cleanly is two 64-bit numbers, its number's digest and its line, under its
    table's digest - never the hand."""
    from badugi_ledger.check import check_file

    (a,) = _files(tmp_path, a=NIGHT)
    assert check_file(a).keys is None
    keys = check_file(a, keyed=True).keys
    assert keys is not None and [len(held) for held in keys.values()] == [2 * 4]
    assert all(held.itemsize == 8 for held in keys.values())


def test_a_hand_dealt_from_stacks_a_broken_hand_left_unknown_is_no_other_version(
    tmp_path: Path,
) -> None:
    """The night copied, its hand 1 broken (``Ben folds`` where he called, then draws): the
    copy's hand 2 is dealt from stacks nobody knows (``stacks-unknown``), which an import of
    both files rejects as not settled (``stack-unknown``), not as a conflict.  So ``check``
    says nothing of another version there: only what it says of that hand on its own (the
    warning, and the import's refusal)."""
    broken = NIGHT.replace(
        "Dan calls · Anna folds · Ben calls · Cara checks",
        "Dan calls · Anna folds · Ben folds · Cara checks",
        1,
    )
    assert broken != NIGHT
    paths = _files(tmp_path, night=NIGHT, broken=broken)
    hand_2 = _hand_lines(broken)["2"]
    for jobs in (1, 2):
        _, lines = _report(paths, jobs)
        at_hand_2 = [line for line in lines if line.startswith(f"{paths[1]}:{hand_2}:")]
        rules = sorted(line.rsplit("[", 1)[-1] for line in at_hand_2)
        assert rules == ["stack-unknown]", "stacks-unknown]"], at_hand_2


def _objects(paths: list[Path], jobs: int) -> tuple[int, list[dict[str, Any]]]:
    status, lines = _report(paths, jobs, "--json")
    return status, [json.loads(line) for line in lines]


def test_json_reports_a_hand_two_files_hold_at_that_hand(tmp_path: Path) -> None:
    """``check --json`` of the copied and edited night and of an exact copy says what the text
    report says, in the objects of the hands it is found at (README, ``check --json``): each
    of ``b``'s hands another version (an error: ``ok`` false), each of ``c``'s a copy (a
    warning), every other field as one file's check gives it.  One process or two."""
    a, b, c = _files(tmp_path, a=NIGHT, b=EDITED, c=NIGHT)
    where = _hand_lines(NIGHT)
    conflicts = _conflicts([a, b, c], tmp_path / "club.db")
    status, objects = _objects([a, b, c], 1)
    assert (status, objects) == _objects([a, b, c], 2)
    assert status == 1
    alone = {str(path): _objects([path], 1)[1] for path in (a, b, c)}
    assert [o["source"] for o in objects] == [str(p) for p in (a, b, c) for _ in range(4)]
    for at, found in enumerate(objects):
        own = alone[str(found["source"])][at % 4]
        assert list(found) == list(own)  # every field, in its place
        dup = [e for e in [*found["errors"], *found["warnings"]] if e["rule"] == "duplicate-hand"]
        if found["source"] == str(a):
            assert found == own
            continue
        (said,) = dup
        assert said["line"] == found["line"] == where[str(found["hand"])]
        if found["source"] == str(b):
            assert said["kind"] == "illegal" and found["ok"] is False
            assert found["errors"] == [*own["errors"], said]
            assert said["message"] == (
                f"imported after {a} (line {found['line']}), conflict, not stored: "
                f"{conflicts[found['line']]}"
            )
        else:
            assert said["kind"] == "warning" and found["ok"] is True
            assert found["warnings"] == [*own["warnings"], said]
        rest = {k: v for k, v in found.items() if k not in ("ok", "errors", "warnings")}
        assert rest == {k: v for k, v in own.items() if k not in ("ok", "errors", "warnings")}


def test_json_gives_what_only_the_end_of_a_file_tells_at_its_hand(tmp_path: Path) -> None:
    """Nights of one date whose first hands take last week's pot (``carry-last-week``, a
    warning: tests/ledger/test_same_date_openers.py) are said in ``--json`` too, in the
    warnings of the hand the text report says it at, one process or two."""
    from tests.ledger.test_same_date_openers import LATE, LATER
    from tests.replay.test_carry_pools import CARRIER

    (one,) = _files(tmp_path, one=CARRIER + LATE.lstrip("\n") + LATER)
    text = _report([one], 1)[1]
    (line,) = [out for out in text if "[carry-last-week]" in out]
    status, objects = _objects([one], 1)
    assert (status, objects) == _objects([one], 2) and status == 0
    (warned,) = [o for o in objects if o["warnings"]]
    assert line.startswith(f"{one}:{warned['line']}:1: hand 1: warning: ")
    assert warned["ok"] is True and warned["warnings"] == [
        {
            "line": warned["line"],
            "column": 1,
            "rule": "carry-last-week",
            "message": line.split(": warning: ", 1)[1].removesuffix(" [carry-last-week]"),
            "kind": "warning",
        }
    ]


def test_a_file_an_import_alone_refuses_is_compared_with_other_files(tmp_path: Path) -> None:
    """Two nights of one date each take 8 that no night of the file carried: an import of
    the file alone refuses it, but one after a file that carries their pot stores it, and a
    copy of it then is a duplicate.  ``check`` says the refusal in each, a warning, and the
    copy, text and JSON."""
    from tests.ledger.test_same_date_openers import LATE, LATER

    a, b = _files(tmp_path, a=LATE.lstrip("\n") + LATER, b=LATE.lstrip("\n") + LATER)
    for jobs in (1, 2):
        status, lines = _report([a, b], jobs)
        assert status == 0  # (a warning: a file imported before them may carry the pot)
        assert [line.split(":")[0] for line in lines if "[carry-carried]" in line] == [
            str(a),
            str(b),
        ]
        copies = [line for line in lines if "[duplicate-hand]" in line]
        assert copies and all(line.startswith(f"{b}:") and "a copy" in line for line in copies)
        assert "duplicate-hand" in "".join(_report([a, b], jobs, "--json")[1])


def test_a_hand_is_looked_up_not_every_earlier_files_hands_read_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A folder of one-hand files of one event (a PHH folder: PokerKit writes a hand a file)
    is one group of keys: each file's hands are looked up in the group's numbers, and the
    earlier files' hands are read only for a number that recurs - so the check of n files is
    not n x n.  Here 3,000 one-hand files, one repeating the first file's number."""
    from array import array

    from badugi_ledger import check_files

    read: list[int] = []
    first_holding = check_files._first_holding

    def counted(files: list[tuple[Path, array[int]]], number: int) -> tuple[Path, int]:
        read.append(number)
        return first_holding(files, number)

    monkeypatch.setattr(check_files, "_first_holding", counted)
    monkeypatch.setattr(check_files.HandsOfFiles, "_versions", lambda self, path, lines: {})
    hands = check_files.HandsOfFiles(lambda path: iter(()))
    for n in range(3_000):
        assert hands.found(Path(f"h{n}.phh"), {7: array("Q", [n + 1, 3])}) == []
    assert read == []
    hands.found(Path("again.phh"), {7: array("Q", [1, 3])})
    assert read == [1]


def test_nights_without_a_progressive_hand_are_not_kept_across_files() -> None:
    """A check of several files holds their nights' carried Progressive Badugi pots to each
    other (:class:`~badugi_ledger.check_pools.PoolsOfFiles`); a night that played no
    Progressive hand takes and carries nothing, so it is not kept: kept, a folder of one-hand
    files of another game (PokerKit's PHH files) made each file's end walk every earlier
    file's night, n x n (2,000 files: 0.27 s of a 1.2 s check).  A night that played one is
    kept."""
    from badugi_ledger.check_pools import PoolsOfFiles
    from badugi_ledger.replay.pools import Pools

    across = PoolsOfFiles()
    for n in range(3):
        pools = Pools()
        pools.open(f"h{n}.phh", "Table 1", ("cash", "", "2024-05-03", "chips"))
        assert across.found(f"h{n}.phh", pools) == []
        across.remember(pools)
    assert across.nights == {}
    pools = Pools()
    night, _, _ = pools.open("p.bhh", "Table 1", ("cash", "", "2024-05-03", "chips"))
    night.first_take = 0  # (a Progressive hand counted: Pools.count)
    across.remember(pools)
    assert [len(nights) for nights in across.nights.values()] == [1]
