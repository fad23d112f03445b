"""Nights of one date whose first hands each take a carried pot, as the pool's first nights.

docs/ledger.md, "Carried pots": the pool's first hand alone may take a pot the ledger never
saw carried (last week's), on its file's word; nights whose order the ledger cannot know (of
one date) are held to their totals, and the first hand of any of them may be that one.  So
Night carries 8 and Late and Later, of its date, each open by taking 8: one order holds (Late
first, taking last week's 8; Night carries 8; Later takes it) and the import stores every hand
- but the 8 chips of last week's pot enter the ledger on the word of whichever file, and in
the files' own order (Night first) they came from nowhere.  Stored, not in silence: the import
warns, naming the hands.  One night taking last week's pot, or nights whose takes their own
carries cover, are no such case.  (Nights built for these tests from ``CARRIER`` and
``taker``, tests/replay/test_carry_pools.py.)
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers.ledger_files import import_into
from tests.replay.test_carry_pools import CARRIER, taker

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


def test_in_three_files_the_warning_is_under_the_file_that_made_it_so(tmp_path: Path) -> None:
    paths = [
        _write(tmp_path, f"{name}.bhh", text)
        for name, text in (("night", CARRIER), ("late", LATE), ("later", LATER))
    ]
    reports = import_into(tmp_path / "club.db", paths).files
    assert [r.stored for r in reports] == [2, 1, 1]
    assert [len(r.warnings) for r in reports] == [0, 0, 1]
    assert "hand 1 of Late (2024-05-03)" in reports[2].warnings[0]
    assert f"({paths[2]}:5)" in reports[2].warnings[0]


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
