"""``check`` of a site's file beside its converted copy says what ``import`` of both says.

A hand's identity in the ledger names the format it was read from (docs/ledger.md,
*Fingerprints*: the reader, ``origin``, is digested first), so a file converted with
``convert --to text`` or ``--to phh`` and imported beside its source is a conflict for each
hand: nothing stored twice, exit status 1, and the report says "the ledger holds it as read
from a 'pokerstars' file, this file is 'text' (the same hand converted to another format?)"
(docs/importers.md, ``convert``; ``tests/test_import_convert.py``).  ``check`` of the same
files must say that conflict at each hand of the later file, in the import's words, as an
error - not that the import stores the hand once as a duplicate (a warning, exit 0).

The real hands: PokerStars' Badugi cash night ``Badugi-USD-0.25-0.50-201009.txt`` (4 hands;
two of them post a blind out of position, which PHH cannot say, so its ``.phh`` copy holds 2)
and its tournament ``LBad-USD-SNG8-201011.txt`` (104 hands).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from badugi_ledger.convert import convert_file
from tests.helpers.check_import_words import said_as_the_import_says

CASH = "pokerstars/Badugi-USD-0.25-0.50-201009.txt"
SNG = "pokerstars/LBad-USD-SNG8-201011.txt"


def _pair(corpus_dir: Path, tmp_path: Path, name: str, to: str) -> tuple[Path, Path]:
    """The corpus file copied into ``tmp_path`` and its conversion to ``to`` beside it."""
    source = tmp_path / "site.txt"
    shutil.copyfile(corpus_dir / name, source)
    copy = tmp_path / ("copy.phh" if to == "phh" else "copy.bhh")
    with copy.open("w", encoding="utf-8") as out:
        report = convert_file(source, to, out)
    assert report.written > 0
    return source, copy


@pytest.mark.parametrize(
    ("name", "to", "copy_first"),
    [
        (CASH, "text", False),
        (CASH, "phh", False),
        (CASH, "text", True),
        (SNG, "text", False),
        (SNG, "phh", False),
    ],
)
def test_a_site_file_beside_its_converted_copy_is_the_import_s_conflict_at_each_hand(
    corpus_dir: Path, tmp_path: Path, name: str, to: str, copy_first: bool
) -> None:
    source, copy = _pair(corpus_dir, tmp_path, name, to)
    paths = [copy, source] if copy_first else [source, copy]
    _, conflicts, report = said_as_the_import_says(paths, tmp_path / "club.db")
    assert report["duplicate"] == 0
    later = paths[1]
    assert {at[0] for at in conflicts} == {str(later)}
    assert all(
        "(the same hand converted to another format?)" in said for said in conflicts.values()
    )
