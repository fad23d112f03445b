"""Nights of one date whose first hands each take a carried pot, as the pool's first nights.

docs/ledger.md, "Carried pots": the pool's first hand alone may take a pot the ledger never
saw carried (last week's), on its file's word; nights whose order the ledger cannot know (of
one date) are held to their totals, and the first hand of any of them may be that one.  So
Night carries 8 and Late and Later, of its date, each open by taking 8: one order holds (Late
first, taking last week's 8; Night carries 8; Later takes it) and the import stores every hand
- but the 8 chips of last week's pot enter the ledger on the word of whichever file, and in
the files' own order (Night first) they came from nowhere.  Stored, not in silence: the import
warns, naming the hands.  One night taking last week's pot, or nights whose takes their own
carries cover, are no such case.  Late and Later taking 8 each while their date's nights, and
those before them, carried less are more than any order allows: the import refuses the file,
naming the last of them that takes a pot in the ledger's order of such nights (by date, then
name), and ``check`` says so at that hand, in the import's words.  (Nights built for these
tests from ``CARRIER`` and ``taker``, tests/replay/test_carry_pools.py.)
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.check import check_file
from badugi_ledger.cli import app
from tests.helpers.ledger_files import import_into
from tests.replay.test_carry_pools import CARRIER, taker

runner = CliRunner()
LATE = taker("cash Late · date 2024-05-03", 8)
LATER = taker("cash Later · date 2024-05-03", 8)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text.lstrip(), encoding="utf-8")
    return path


def test_two_first_hands_of_one_date_taking_last_weeks_pot_are_stored_with_a_warning(
    tmp_path: Path,
) -> None:
    one = _write(tmp_path, "one.bhh", CARRIER + LATE + LATER)
    (report,) = import_into(tmp_path / "club.db", [one]).files
    assert (report.stored, report.rejected, report.error) == (4, [], None)
    (warning,) = report.warnings
    assert warning == (
        f"at table 'T' hand 1 of Late (2024-05-03) ({one}:24) and hand 1 of Later (2024-05-03) "
        f"({one}:33) each open their night by taking a carried Progressive Badugi pot (8 chips "
        "and 8 chips), but those nights, whose order is not known (of one date, or without a "
        "date), carried 8 chips: stored on the files' word that one of these hands was the "
        "first played at the table and took 8 chips of last week's pot, which the ledger never "
        "saw carried; played in another order, 8 chips came from nowhere: correct the 'carry "
        "in' of the hand that takes a pot no hand carried and import its file again with "
        "--replace"
    )


def test_in_three_files_of_one_import_the_warning_is_under_each_of_them(tmp_path: Path) -> None:
    """The warning is of those nights as the ledger holds them once later.bhh is stored: one
    import of the three files says it under each, as a second import of them does (docs/ledger.md,
    *Carried pots*: the report says what the ledger holds when the import ends)."""
    paths = [
        _write(tmp_path, f"{name}.bhh", text)
        for name, text in (("night", CARRIER), ("late", LATE), ("later", LATER))
    ]
    reports = import_into(tmp_path / "club.db", paths).files
    assert [r.stored for r in reports] == [2, 1, 1]
    (warning,) = reports[2].warnings
    assert "hand 1 of Late (2024-05-03)" in warning
    assert f"({paths[2]}:5)" in warning
    assert [r.warnings for r in reports] == [[warning]] * 3
    again = import_into(tmp_path / "club.db", paths).files
    assert [r.warnings for r in again] == [r.warnings for r in reports]


def test_one_night_taking_last_weeks_pot_or_takes_the_nights_carried_say_nothing(
    tmp_path: Path,
) -> None:
    """Late alone takes last week's 8 (the pool's first hand); Late and Later each take 8 of
    two nights that carried 8 each (no pot from before the ledger); Night's 8 taken by Late:
    nothing to warn of."""
    carrier_2 = CARRIER.replace("cash Night", "cash Night 2")
    for name, text in (
        ("alone", LATE),
        ("covered", CARRIER + carrier_2 + LATE + LATER),
        ("taken", CARRIER + LATE),
    ):
        path = _write(tmp_path, f"{name}.bhh", text)
        (report,) = import_into(tmp_path / f"{name}.db", [path]).files
        assert report.error is None and report.warnings == [], (name, report)


def test_check_says_it_at_the_end_of_the_file_at_the_last_such_hand(tmp_path: Path) -> None:
    """``check`` replays a night's hands as they come, and what the date's nights carry is
    known only at the end of the file: there the text report gives the import's warning at
    the last of those hands (``carry-last-week``), one process or two."""
    one = _write(tmp_path, "one.bhh", CARRIER + LATE + LATER)
    result = runner.invoke(app, ["check", str(one)])
    assert result.exit_code == 0, result.output
    (warned,) = [line for line in result.output.splitlines() if "[carry-last-week]" in line]
    assert warned == (
        f"{one}:33:1: hand 1: warning: at table 'T' hand 1 of Late (2024-05-03) (line 24) and "
        "hand 1 of Later (2024-05-03) each open their night by taking a carried Progressive "
        "Badugi pot (8 chips and 8 chips), but those nights, whose order is not known (of one "
        "date, or without a date), carried 8 chips: an import of this file alone stores them "
        "on its word that one of these hands was the first played at the table and took 8 "
        "chips of last week's pot, which the ledger never saw carried; played in another "
        "order, 8 chips came from nowhere: correct the 'carry in' of the hand that takes a pot "
        "no hand carried and import its file again with --replace [carry-last-week]"
    )
    assert f"{one}: 4 hands: 4 ok, 0 with violations, 0 with payout mismatches, 1 warning" in (
        result.output
    )
    two = runner.invoke(app, ["check", "-j", "2", str(one), str(_write(tmp_path, "x.bhh", LATE))])
    assert warned in two.output.splitlines()
    assert runner.invoke(app, ["check", "--strict", str(one)]).exit_code == 1


@pytest.mark.parametrize(
    ("nights", "line", "night", "carried", "taken"),
    [
        # two nights of one date, nothing carried by any night of the pool
        ([LATE, LATER], 14, "Later (2024-05-03)", 0, 8),
        # Night carries 8 on 2024-05-03; Late and Later, a week later, take 8 each
        (
            [
                CARRIER,
                LATE.replace("2024-05-03", "2024-05-10"),
                LATER.replace("2024-05-03", "2024-05-10"),
            ],
            33,
            "Later (2024-05-10)",
            8,
            8,
        ),
        # undated nights, whose order is not known either
        (
            [LATE.replace(" · date 2024-05-03", ""), LATER.replace(" · date 2024-05-03", "")],
            14,
            "Later",
            0,
            8,
        ),
    ],
)
def test_check_says_what_the_import_refuses_at_the_hand_it_names(
    tmp_path: Path, nights: list[str], line: int, night: str, carried: int, taken: int
) -> None:
    """The nights take 16 where the ledger's totals leave 8 at most (last week's pot, or the
    week before's carried 8): the import refuses the file, naming Later's hand 1.  ``check``
    gives the same words at that hand's line once the file is read to its end, a warning
    (a file imported before it may carry the pot their hands take, which a check of the file
    cannot see: ``--strict`` fails on it), one process or two, text or JSON."""
    path = _write(tmp_path, "night.bhh", "".join(nights))
    (report,) = import_into(tmp_path / "club.db", [path]).files
    words = (
        f"at table 'T' hand 1 of {night} takes 8 chips of carried Progressive Badugi pots, "
        "but the hands of the nights whose order is not known (of one date, or without a "
        f"date), with those before them, carried {carried} chips and took {taken} chips: its "
        "'carry in' states more than was carried, or takes a pot another hand took"
    )
    assert report.stored == 0
    assert report.error == words.replace(f"{night} ", f"{night} ({path}:{line}) ", 1) + (
        "; nothing from this file was stored"
    )
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert runner.invoke(app, ["check", "--strict", str(path)]).exit_code == 1
    (said,) = [out for out in result.output.splitlines() if "[carry-carried]" in out]
    assert said == (
        f"{path}:{line}:1: hand 1: warning: {words}; an import of this file alone is refused "
        "(nothing of it stored) [carry-carried]"
    )
    hands = len(nights) + (1 if CARRIER in nights else 0)
    assert f"{path}: {hands} hands: {hands} ok, 0 with violations, 0 with payout mismatches" in [
        line.split(", 1 warning")[0] for line in result.output.splitlines()
    ]
    other = _write(tmp_path, "other.bhh", CARRIER)
    two = runner.invoke(app, ["check", "-j", "2", str(path), str(other)])
    assert said in two.output.splitlines() and two.exit_code == 0
    as_json = runner.invoke(app, ["check", "--json", str(path)])
    assert as_json.exit_code == 0
    (refused,) = [json.loads(out) for out in as_json.output.splitlines() if "carry-carried" in out]
    assert (refused["line"], refused["ok"], refused["errors"]) == (line, True, [])
    assert refused["warnings"] == [
        {
            "line": line,
            "column": 1,
            "rule": "carry-carried",
            "message": said.split(": hand 1: warning: ", 1)[1].removesuffix(" [carry-carried]"),
            "kind": "warning",
        }
    ]


def test_the_hand_named_is_the_ledgers_whatever_the_order_of_the_file(tmp_path: Path) -> None:
    """Later written before Late: the import still names Later's hand (the ledger lists
    nights whose order it does not know by date, then name, whatever order they came in), and
    so does ``check``, at Later's line - not at the file's last such hand."""
    path = _write(tmp_path, "night.bhh", LATER + LATE)
    (report,) = import_into(tmp_path / "club.db", [path]).files
    assert f"hand 1 of Later (2024-05-03) ({path}:5) takes 8 chips" in (report.error or "")
    (said,) = [line for line in check_file(path).problems if "[carry-carried]" in line]
    assert said.startswith(
        f"{path}:5:1: hand 1: warning: at table 'T' hand 1 of Later (2024-05-03) "
    )


def test_a_night_without_a_name_is_ordered_by_its_files_name(tmp_path: Path) -> None:
    """A session without a name is its file's event in the ledger (README, "The ledger"), so
    among nights of its date it stands where the file's name does: ``zed.bhh``'s unnamed
    night after Late, its hand the one the import names, and ``check`` too."""
    unnamed = LATER.replace("cash Later · ", "cash · ")
    path = _write(tmp_path, "zed.bhh", unnamed + LATE)
    (report,) = import_into(tmp_path / "club.db", [path]).files
    assert f"hand 1 of zed (2024-05-03) ({path}:5) takes 8 chips" in (report.error or "")
    (said,) = [line for line in check_file(path).problems if "[carry-carried]" in line]
    assert said.startswith(f"{path}:5:1: hand 1: warning: at table 'T' hand 1 of zed (2024-05-03) ")


FIRST = "Cara raises · Dan folds · Anna folds · Ben folds\nCara collects 5\n"


def _night(kind: str, name: str, date: str | None, take: int) -> str:
    """A night at table T: ``C`` carries 8 at its hand 2 (``CARRIER``), ``T`` opens by taking
    ``take`` (``taker``), ``TC`` opens by taking ``take`` and carries 8 at its hand 2."""
    head = f"cash {name}" + (f" · date {date}" if date else "")
    if kind == "T":
        return taker(head, take)
    text = "\n" + CARRIER.replace("cash Night · date 2024-05-03", head)
    if kind == "TC":
        text = text.replace(
            FIRST,
            f"carry in {take}\nAnna bets · Ben folds · Cara folds · Dan folds\n"
            f"Anna collects {take}\n",
        )
    return text


def _probe_file(rng: random.Random) -> str:
    """Two to five nights at table T, most of one date (some a week before or after, some
    undated), each carrying 8, opening by taking a pot, or both, in any order of the file."""
    return "".join(
        _night(
            rng.choice(["C", "T", "T", "TC"]),
            f"N{rng.randint(0, 9)}{n}",
            rng.choice(["2024-05-03"] * 5 + ["2024-04-26", "2024-05-10", "2024-05-10", None]),
            rng.choice([3, 5, 8, 13]),
        )
        for n in range(rng.randint(2, 5))
    )


def test_check_warns_exactly_when_an_import_of_the_file_alone_does(tmp_path: Path) -> None:
    """A check-against-import probe of 300 such files (docs/ledger.md, "Carried pots": the
    ledger walks a pool's nights by date, those of one date or undated held to their totals,
    whatever order the file has them in).  ``check`` warns of carried pots exactly when the
    import of the file into an empty ledger refuses it or warns of last week's pot: its
    ``carry-last-week`` as often as the import's warning, never when it refuses the file; a
    ``carry-carried`` warning exactly when the import refuses the file, at the hand the refusal
    names and in its words - a later night of the date, or an undated one, may carry what a
    night's first hand takes (no warning then), and a night alone on its date is held to the
    nights of earlier dates wherever the file has them."""
    rng = random.Random(1)
    said = refused = ordered = 0
    for case in range(300):
        path = _write(tmp_path, f"{case}.bhh", _probe_file(rng))
        problems = check_file(path).problems
        warned = [line for line in problems if "[carry-last-week]" in line]
        carried = [line for line in problems if "[carry-carried]" in line]
        (report,) = import_into(tmp_path / f"{case}.db", [path]).files
        stored = [w for w in report.warnings if "of last week's pot" in w]
        assert len(warned) == (0 if report.error else len(stored)), (case, warned, report)
        said += len(warned)
        if report.error is None:
            assert carried == [], (case, carried, report)
            continue
        named = re.search(rf" \({re.escape(str(path))}:(\d+)\)", report.error)
        assert named is not None, report.error
        words = report.error.replace(named[0], "").split(": its 'carry in'")[0]
        assert [e for e in carried if e.startswith(f"{path}:{named[1]}:1: ") and words in e], (
            case,
            carried,
            report.error,
        )
        assert all(re.search(r": hand \S+: warning: at ", e) for e in carried), carried
        refused += 1
        ordered += "nights whose order is not known" not in report.error
    assert said >= 10 and refused >= 30 and ordered >= 5  # (the probe holds such files)
