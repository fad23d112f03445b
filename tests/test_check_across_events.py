"""``check`` of several files says what an import of them into an empty ledger refuses of one
file because of another: an event's terms stated otherwise, and a hand copied to another table.

The ledger keeps one row per event, with its season, place, buy-in, starting chips and
payouts (docs/ledger.md, "Events"): a file that states one of them otherwise than the file
imported before it is a conflict, the event keeping the first file's.  A hand the ledger holds
at one table, the same in every figure, is a copy when another file holds it, numbered alike,
at another table of the event (a table renamed in a copied file): a conflict, not stored.
Each file checks clean alone; ``check`` of both says the import's conflict at the hand the
import names, in its words, an error, one process or two, in text and ``--json``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from badugi_ledger.check import run_check
from badugi_ledger.cli import app
from badugi_ledger.ledger.location import LEDGER_ENV
from badugi_ledger.ledger.report import event_fact_words, other_table_copy
from tests.helpers.paths import EXAMPLES

runner = CliRunner()
NIGHT = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
"""Anna's Friday game of 2024-03-01, season 2024: four hands at table Kitchen."""


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


def _imported(tmp_path: Path, paths: list[Path]) -> list[dict[str, Any]]:
    """The conflicts of an import of ``paths`` into an empty ledger (the JSON report)."""
    db = tmp_path / "empty.db"
    args = ["import", "--json", "--db", str(db), *map(str, paths)]
    out = runner.invoke(app, args, env={LEDGER_ENV: str(db)})  # (its commands name no ledger)
    return [c for f in json.loads(out.output)["files"] for c in f["conflicts"]]


def _hand_lines(text: str) -> dict[str, int]:
    return {
        found.group(1): number
        for number, line in enumerate(text.splitlines(), 1)
        if (found := re.match(r"hand (\S+) ", line))
    }


def test_a_season_stated_otherwise_in_another_file_is_the_import_s_conflict(
    tmp_path: Path,
) -> None:
    """``season 204`` for ``season 2024`` in a copy of the night (its hands the same: stored
    once, duplicates): the import keeps 2024 and reports the file's event in conflict at its
    first hand; ``check`` says it there, an ``event-terms`` error in the import's words."""
    a, b = _files(tmp_path, a=NIGHT, b=NIGHT.replace("season 2024", "season 204"))
    assert run_check([a]).all_ok and run_check([b]).all_ok
    (conflict,) = _imported(tmp_path, [a, b])
    said = event_fact_words("season", "2024", "204")
    assert conflict["differences"] == [said] and conflict["event_fact"]
    first = _hand_lines(NIGHT)["1"]
    assert (conflict["source"], conflict["line"]) == (str(b), first)
    one = _report([a, b], 1)
    assert one == _report([a, b], 2)
    status, lines = one
    assert status == 1
    (line,) = [out for out in lines if "[event-terms]" in out]
    assert line.startswith(f"{b}:{first}:1: hand 1: imported after {a} (its hand 1, line {first})")
    assert said in line
    assert f"{b}: 4 hands: 3 ok, 1 with violations, 0 with payout mismatches, 4 warnings" in lines
    status, objects = _report([a, b], 2, "--json")
    (hand_1,) = [json.loads(o) for o in objects if f'"line": {first},' in o and str(b) in o]
    assert status == 1 and hand_1["ok"] is False
    assert [e["rule"] for e in hand_1["errors"]] == ["event-terms"]


def test_a_term_the_first_file_leaves_out_is_no_conflict(tmp_path: Path) -> None:
    """A term the first file leaves out and a later one states fills the event's blank, as
    the import fills it: nothing to say."""
    bare = NIGHT.replace(" · place Anna's kitchen", "")
    a, b = _files(tmp_path, a=bare, b=NIGHT)
    assert _imported(tmp_path, [a, b]) == []
    assert not any("[event-terms]" in line for line in _report([a, b], 1)[1])


def test_a_term_a_later_hand_states_otherwise_is_the_import_s_conflict(tmp_path: Path) -> None:
    """grammar/README.md, *Headers*: a term may be "stated for the first time" between a
    session's hands.  A copy of the night whose ``cash`` line leaves the season and place out
    and states ``season 2025`` and the place before hand 3: the import fills nothing the first
    file stated and keeps 2024, a conflict at hand 3 (the ledger kept 2024 silently before,
    where a fresh import of that file alone has 2025); ``check`` says it there."""
    later = NIGHT.replace(" · place Anna's kitchen · season 2024", "").replace(
        "\nhand 3 ·", "\nplace Anna's kitchen · season 2025\n\nhand 3 ·", 1
    )
    a, b = _files(tmp_path, a=NIGHT, b=later)
    assert run_check([b]).all_ok
    (conflict,) = _imported(tmp_path, [a, b])
    said = event_fact_words("season", "2024", "2025")
    assert conflict["differences"] == [said] and conflict["event_fact"]
    third = _hand_lines(later)["3"]
    assert (conflict["source"], conflict["hand"], conflict["line"]) == (str(b), "3", third)
    one = _report([a, b], 1)
    assert one == _report([a, b], 2)
    status, lines = one
    (line,) = [out for out in lines if "[event-terms]" in out]
    assert status == 1 and line.startswith(f"{b}:{third}:1: hand 3: imported after {a}")
    assert said in line and "place" not in line


def test_a_hand_copied_to_a_table_named_otherwise_is_the_import_s_conflict(
    tmp_path: Path,
) -> None:
    """The night saved again with its table renamed (``Den``): each hand is the ledger's hand
    at ``Kitchen``, the same in every figure, which the import refuses as a copy whose table is
    named otherwise; ``check`` says so at each, an error.  A third copy at ``Den`` is no
    duplicate of the second (whose hands the import did not store) but a copy too."""
    den = NIGHT.replace("table Kitchen", "table Den")
    a, b, c = _files(tmp_path, a=NIGHT, b=den, c=den)
    assert all(run_check([path]).all_ok for path in (a, b, c))
    where = _hand_lines(NIGHT)
    conflicts = _imported(tmp_path, [a, b, c])
    assert sorted((c["source"], c["hand"]) for c in conflicts) == sorted(
        (str(path), n) for path in (b, c) for n in where
    )
    for conflict in conflicts:
        assert conflict["differences"] == [other_table_copy(conflict["hand"], "Kitchen", str(a))]
    one = _report([a, b, c], 1)
    assert one == _report([a, b, c], 2)
    status, lines = one
    assert status == 1
    found = [line for line in lines if "[duplicate-hand]" in line]
    assert [line.split(": hand ")[0] for line in found] == [
        f"{path}:{where[n]}:1" for path in (b, c) for n in where
    ]
    for line in found:
        number = line.split(": hand ")[1].split(":")[0]
        said = other_table_copy(number, "Kitchen", str(a), where[number])
        assert line.endswith(f": imported after {a}, {said} [duplicate-hand]")
    status, objects = _report([a, b, c], 1, "--json")
    errors = [e for o in map(json.loads, objects) for e in o["errors"]]
    assert status == 1 and [e["rule"] for e in errors] == ["duplicate-hand"] * 8


def test_a_copy_at_another_table_names_the_file_the_ledger_reads_its_hand_from(
    tmp_path: Path,
) -> None:
    """The night, a copy of it (each hand the same: a duplicate, which the ledger reads from
    the copy from then on, at the copy's line: ``FileHoldings.claim``), then the night with
    its table renamed (``Den``): the import names the copy as the file of the ledger's hands,
    and ``check`` names that file, and the hand's line there, too.  A hand of another version
    in the copy (hand 4's cards shown otherwise) is a conflict, not stored: the ledger's hand
    stays the first file's, and ``check`` names that one."""
    den = NIGHT.replace("table Kitchen", "table Den")
    where = _hand_lines(NIGHT)
    lines = NIGHT.splitlines(keepends=True)
    lines.insert(where["2"] - 1, "# a note\n")  # (hands 2 to 4 of the copy a line down)
    shown = "show: Anna 6c 5d 3h 2s · Ben"
    assert shown in NIGHT
    for second, stay_first in (
        ("".join(lines), ()),
        (NIGHT.replace(shown, "show: Anna 6h 5d 3c 2s · Ben"), ("4",)),
    ):
        a, b, c = _files(tmp_path, a=NIGHT, b=second, c=den)
        assert all(run_check([path]).all_ok for path in (a, b, c))
        held = {n: (a, where[n]) if n in stay_first else (b, _hand_lines(second)[n]) for n in where}
        conflicts = [x for x in _imported(tmp_path, [a, b, c]) if x["source"] == str(c)]
        (tmp_path / "empty.db").unlink()
        assert sorted(x["hand"] for x in conflicts) == sorted(where)
        for conflict in conflicts:
            number = conflict["hand"]
            said = other_table_copy(number, "Kitchen", str(held[number][0]))
            assert conflict["differences"] == [said]
        for jobs in (1, 2):
            status, out = _report([a, b, c], jobs)
            found = [line for line in out if line.startswith(f"{c}:")][:-1]
            assert status == 1 and len(found) == len(where)
            for line in found:
                number = line.split(": hand ")[1].split(":")[0]
                said = other_table_copy(number, "Kitchen", str(held[number][0]), held[number][1])
                assert line.endswith(f": imported after {held[number][0]}, {said} [duplicate-hand]")
        status, objects = _report([a, b, c], 2, "--json")
        said_json = [
            (e["line"], e["message"])
            for o in map(json.loads, objects)
            if o.get("source") == str(c)
            for e in o["errors"]
        ]
        assert status == 1 and len(said_json) == len(where)
        for line, message in said_json:
            number = next(n for n in where if where[n] == line)
            assert f"(from {held[number][0]}, line {held[number][1]})" in message


def _import_report(tmp_path: Path, paths: list[Path]) -> list[dict[str, Any]]:
    db = tmp_path / "empty.db"
    args = ["import", "--json", "--db", str(db), *map(str, paths)]
    out = runner.invoke(app, args, env={LEDGER_ENV: str(db)})  # (its commands name no ledger)
    return list(json.loads(out.output)["files"])


def test_a_night_stored_again_under_another_name_is_the_import_s_refusal(
    tmp_path: Path,
) -> None:
    """The night saved again with its session's name retyped (``Friday Game``), and once more
    renumbered: each is a copy of that night (the same seats, stacks, play, pots and shown
    cards, docs/ledger.md "Identity, conflicts and `--replace`": a copy that names its
    night otherwise), which an import refuses
    whole (``ledger/night_copies.py``).  ``check`` says the refusal at the copy's first hand,
    an error in the import's words; the second copy is held to the first night, not to the
    copy the import did not store."""
    retyped = NIGHT.replace("cash Friday game", "cash Friday Game")
    renumbered = re.sub(r"(?m)^hand (\d)", r"hand 1\1", retyped)
    a, b, c = _files(tmp_path, a=NIGHT, b=retyped, c=renumbered)
    assert all(run_check([path]).all_ok for path in (a, b, c))
    files = _import_report(tmp_path, [a, b, c])
    refusals = {f["source"]: f["error"] for f in files if f["error"]}
    assert set(refusals) == {str(b), str(c)}
    first = _hand_lines(NIGHT)["1"]
    one = _report([a, b, c], 1)
    assert one == _report([a, b, c], 2)
    status, lines = one
    assert status == 1
    found = [line for line in lines if "[duplicate-hand]" in line]
    assert [line.split(": imported after")[0] for line in found] == [
        f"{b}:{first}:1: hand 1",
        f"{c}:{first}:1: hand 11",
    ]
    # (the ledger's night voided as a copy: by its id in the import, by its key in ``check``)
    key = "--event 'cash|Friday game|2024-03-01'"
    said = {path: re.sub(r"--event \d+", key, refused) for path, refused in refusals.items()}
    assert all(key in words for words in said.values()), said
    for path, line in zip((b, c), found, strict=True):
        assert line.endswith(f": imported after {a}, {said[str(path)]} [duplicate-hand]")
    status, objects = _report([a, b, c], 1, "--json")
    errors = [e["message"] for o in map(json.loads, objects) for e in o["errors"]]
    assert status == 1 and errors == [f"imported after {a}, {said[str(p)]}" for p in (b, c)]


QUIET = """game badugi · fixed limit 2/4 · blinds 1/2
cash Quiet night · date 2024-04-05 · season 2024
table Back

hand 1 · button Anna · 1 Anna 100 · 2 Ben 100 · 3 Cara 100
Anna folds · Ben folds
Cara collects 2

hand 2 · button Ben · Anna · Ben · Cara
Ben folds · Cara folds
Anna collects 2
"""
"""Two walks: no card shown, nothing to tell a copy from another night played alike."""


def test_two_walks_alike_under_another_name_are_the_import_s_warning(tmp_path: Path) -> None:
    """Two hands of a night of another name and the same date that play one for one like
    another file's, no card shown: the import stores them and warns (a copy, or two nights
    alike); ``check`` warns at the first of them in the import's words, its ``void`` command
    naming the event by its key (the ledger's id is the ledger's to give)."""
    a, b = _files(tmp_path, a=QUIET, b=QUIET.replace("Quiet night", "Calm night"))
    assert run_check([a]).all_ok and run_check([b]).all_ok
    (said,) = [w for f in _import_report(tmp_path, [a, b]) for w in f["warnings"]]
    one = _report([a, b], 1)
    assert one == _report([a, b], 2)
    status, lines = one
    assert status == 0
    (line,) = [line for line in lines if "[duplicate-hand]" in line]
    by_key = re.sub(r"--event \d+", "--event 'cash|Calm night|2024-04-05'", said)
    assert by_key != said
    assert line == f"{b}:5:1: hand 1: warning: imported after {a}, {by_key} [duplicate-hand]"
    assert _report([a, b], 1, "--strict")[0] == 1


def test_walks_alike_name_the_file_the_ledger_reads_the_night_from(tmp_path: Path) -> None:
    """The night, a copy of it (every hand a duplicate, which the ledger reads from the copy
    from then on: ``FileHoldings.claim``), then the night under another name: the import's
    warning names the copy as the file of the ledger's hands (``hands.source``), and so does
    ``check``, after the name of that file, one process or two."""
    a, b, c = _files(tmp_path, a=QUIET, b=QUIET, c=QUIET.replace("Quiet night", "Calm night"))
    (said,) = [w for f in _import_report(tmp_path, [a, b, c]) for w in f["warnings"]]
    assert f"from {b}," in said and str(a) not in said
    by_key = re.sub(r"--event \d+", "--event 'cash|Calm night|2024-04-05'", said)
    for jobs in (1, 2):
        status, lines = _report([a, b, c], jobs)
        (line,) = [
            line for line in lines if line.startswith(f"{c}:") and "[duplicate-hand]" in line
        ]
        assert line == f"{c}:5:1: hand 1: warning: imported after {b}, {by_key} [duplicate-hand]"


def test_last_week_s_pot_taken_by_nights_of_one_date_in_two_files(tmp_path: Path) -> None:
    """Night carries 8 on 2024-05-03; Late and Later, of its date, each open by taking 8, each
    in a file of its own (tests/ledger/test_same_date_openers.py: one order holds, and in
    another 8 chips came from nowhere).  Alone, each file is one night taking last week's pot:
    nothing to say.  An import of the three files warns (``carry-last-week``); ``check`` of
    them says the import's warning, word for word, at the last of those hands, one process or
    two, text and ``--json``."""
    from tests.ledger.test_same_date_openers import LATE, LATER
    from tests.replay.test_carry_pools import CARRIER

    paths = _files(tmp_path, night=CARRIER.lstrip(), late=LATE.lstrip(), later=LATER.lstrip())
    assert all(
        run_check([path]).all_ok and not run_check([path]).total().warnings for path in paths
    )
    warnings = {w for f in _import_report(tmp_path, paths) for w in f["warnings"]}
    (said,) = warnings
    one = _report(paths, 1)
    assert one == _report(paths, 2)
    status, lines = one
    assert status == 0
    (line,) = [line for line in lines if "[carry-last-week]" in line]
    assert line == f"{paths[2]}:5:1: hand 1: warning: {said} [carry-last-week]"
    status, objects = _report(paths, 2, "--json")
    found = [w["message"] for o in map(json.loads, objects) for w in o["warnings"]]
    assert status == 0 and found == [said]


def test_a_night_of_one_date_taking_a_pot_the_file_before_took_is_refused_by_the_import(
    tmp_path: Path,
) -> None:
    """Late and Later, of one date, each take 8 and nothing carried: alone, either takes last
    week's pot on its file's word; imported after Late, Later is refused (the two nights take
    16 of a pool that held 8 at most).  ``check`` says so at Later's hand, a warning as of one
    file (docs/ledger.md, "Carried pots": a night imported before may carry the pot)."""
    from tests.ledger.test_same_date_openers import LATE, LATER

    late, later = _files(tmp_path, late=LATE.lstrip(), later=LATER.lstrip())
    files = _import_report(tmp_path, [late, later])
    refusal = files[1]["error"]
    assert files[0]["error"] is None and refusal is not None
    for jobs in (1, 2):
        status, lines = _report([late, later], jobs)
        (line,) = [line for line in lines if "[carry-carried]" in line]
        assert status == 0
        assert line == f"{later}:5:1: hand 1: warning: {refusal} [carry-carried]"
        assert _report([late, later], jobs, "--strict")[0] == 1


def test_a_night_before_the_file_before_s_refused_as_the_import_refuses_it(
    tmp_path: Path,
) -> None:
    """Late (2024-05-10) takes 8, last week's pot, alone; Later, a week before it, takes 8
    too and is the pool's first in play order: imported after Late, Later's file leaves Late's
    hand less than it takes, and the import refuses it, naming Late's hand in the file before.
    ``check`` says the refusal at Later's hand (the file refused), in the import's words."""
    from tests.ledger.test_same_date_openers import LATE, LATER

    late, later = _files(
        tmp_path, late=LATE.replace("2024-05-03", "2024-05-10").lstrip(), later=LATER.lstrip()
    )
    refusal = _import_report(tmp_path, [late, later])[1]["error"]
    assert refusal is not None and f"({late}:5)" in refusal
    for jobs in (1, 2):
        status, lines = _report([late, later], jobs)
        (line,) = [line for line in lines if "[carry-carried]" in line]
        assert status == 0
        assert line == f"{later}:5:1: hand 1: warning: {refusal} [carry-carried]"


def test_hands_numbered_alike_at_two_tables_are_each_held_to_its_own(tmp_path: Path) -> None:
    """tests/fixtures/two_tables.bhh: hand 1 at table A, hand 1 at table B, of one night.  Its
    copy with both tables renamed holds two copies, each of the ledger's hand 1 at its own
    table (the import names each), not a hand of another version at the first table."""
    night = (Path(__file__).parent / "fixtures" / "two_tables.bhh").read_text(encoding="utf-8")
    renamed = night.replace("table A\n", "table A2\n").replace("table B\n", "table B2\n")
    a, b = _files(tmp_path, a=night, b=renamed)
    conflicts = _imported(tmp_path, [a, b])
    assert [(c["line"], c["differences"][0].split(" (from")[0]) for c in conflicts] == [
        (8, "the ledger holds this hand as hand 1 at table 'A'"),
        (13, "the ledger holds this hand as hand 1 at table 'B'"),
    ]
    for jobs in (1, 2):
        status, lines = _report([a, b], jobs)
        found = [line for line in lines if "[duplicate-hand]" in line]
        assert status == 1 and [line.split(": hand ")[0] for line in found] == [
            f"{b}:8:1",
            f"{b}:13:1",
        ]
        assert "at table 'A' (from" in found[0] and "at table 'B' (from" in found[1]


def test_files_are_replayed_again_only_for_a_hand_that_looks_like_another(
    tmp_path: Path,
) -> None:
    """Memory and time stay flat: of each hand a file keeps numbers (its number, what a copy
    would share with it, its line), and the files are replayed again only when one recurs.
    Two nights of one date that share no hand are never read again; the night and its copy
    under another name are, once each."""
    from badugi_ledger.check import CheckRun
    from badugi_ledger.check_files import HandsOfFiles, Keys

    other_night = QUIET.replace("2024-04-05", "2024-03-01")
    a, b, c = _files(
        tmp_path, a=NIGHT, b=other_night, c=NIGHT.replace("cash Friday game", "cash Friday Game")
    )
    replayed: list[Path] = []

    def replay(path: Path) -> Any:
        replayed.append(path)
        return CheckRun([path], jobs=1).outcomes()

    hands = HandsOfFiles(replay)
    found = []
    for path in (a, b, c):
        kept = Keys()
        run = CheckRun([path], jobs=1)
        for outcome in run.outcomes():
            kept.keep(outcome)
        found.append(hands.found(path, kept.held, kept.facts))
        if path == b:
            assert replayed == [] and found == [[], []]
    assert sorted(map(str, replayed)) == sorted([str(a), str(c)])
    assert [error.rule for _, error in found[2]] == ["duplicate-hand"]
