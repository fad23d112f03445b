"""``check`` of two files of one format holding a hand in two versions says what ``import`` of
both says, in its words.

A hand is named by its event, table and number (README, "The ledger": a hand the ledger holds
with other content is a conflict).  ``import a b`` into an empty ledger stores ``a``'s version
and reports ``b``'s as a conflict, listing each figure that differs (``Cara: starting stack
100 → 101``, ``Dan's shown cards … → …``), and, of two PHH files, that a PHH hand's number may
be its place in its file.  ``check a b`` must say that conflict at ``b``'s hand line, an error,
in the same words (README, "A hand two files hold"): the rule is that one run of ``check``
lists what the import refuses or warns of, in the import's words.

The files: Anna's Friday night (``examples/home_session.bhh``) and a copy of it edited - one
amount changed (Cara's top-up), a player renamed (Eve), a card changed (Dan's shown 3d), Cara's
stack changed on every line that states it; the night converted to PHH (``convert --to phh``),
with and without the ``_origin`` field a file written by another tool lacks, its copy with a
shown card changed; and a copy of the first file between the two, whose hands the import
stores once (the ledger then reads them from that copy).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.convert import convert_file
from tests.helpers.check_import_words import said_as_the_import_says
from tests.helpers.paths import EXAMPLES

NIGHT = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
"""Anna's Friday game of 2024-03-01: four hands at table Kitchen, stacks carried."""

EDITS: dict[str, list[tuple[str, str]]] = {
    "amount": [("Cara tops up 17", "Cara tops up 20"), ("Cara 106 ·", "Cara 109 ·")],
    "renamed": [("Eve", "Evi")],
    "card": [("show: Dan 7h 5c 3d 2s", "show: Dan 7h 5c 4d 2s")],
    "stack": [("3 Cara 100", "3 Cara 101"), ("Cara 83", "Cara 84"), ("Cara 106", "Cara 107")],
}
"""Each edit of the night's copy: the text replaced, in turn (each hand stays legal)."""


def _edited(text: str, edits: list[tuple[str, str]]) -> str:
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    return text


@pytest.mark.parametrize("edit", list(EDITS))
@pytest.mark.parametrize("copy_between", [False, True])
def test_a_night_copied_and_edited_is_the_import_s_conflict_in_its_words(
    tmp_path: Path, edit: str, copy_between: bool
) -> None:
    night, edited = tmp_path / "night.bhh", tmp_path / "edited.bhh"
    night.write_text(NIGHT, encoding="utf-8")
    edited.write_text(_edited(NIGHT, EDITS[edit]), encoding="utf-8")
    paths = [night, edited]
    if copy_between:
        copy = tmp_path / "copy.bhh"
        copy.write_text(NIGHT, encoding="utf-8")
        paths = [night, copy, edited]
    said_as_the_import_says(paths, tmp_path / "club.db")


@pytest.mark.parametrize("origin", [True, False])
@pytest.mark.parametrize("copy_between", [False, True])
def test_a_phh_night_copied_with_a_card_changed_is_the_import_s_conflict_in_its_words(
    tmp_path: Path, origin: bool, copy_between: bool
) -> None:
    """Of two PHH files the import says too that a PHH hand without a ``hand`` field is
    numbered by its place in its file, naming the file the ledger reads its hand from (the
    copy between, when there is one, which the import stores as a duplicate)."""
    source = tmp_path / "night.bhh"
    source.write_text(NIGHT, encoding="utf-8")
    first = tmp_path / "night.phhs"
    with first.open("w", encoding="utf-8") as out:
        assert convert_file(source, "phh", out).written == 4
    text = first.read_text(encoding="utf-8")
    if not origin:
        text = "".join(line for line in text.splitlines(True) if not line.startswith("_origin"))
        first.write_text(text, encoding="utf-8")
    edited = tmp_path / "edited.phhs"
    edited.write_text(_edited(text, [('"p3 sm 7h5c3d2s"', '"p3 sm 7h5c4d2s"')]), encoding="utf-8")
    paths = [first, edited]
    if copy_between:
        copy = tmp_path / "copy.phhs"
        copy.write_text(text, encoding="utf-8")
        paths = [first, copy, edited]
    said_as_the_import_says(paths, tmp_path / "club.db")
