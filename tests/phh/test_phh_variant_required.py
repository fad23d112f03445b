"""A PHH hand without ``variant`` is that hand's error, never a hand dropped or another format.

The specification's ``required.rst`` lists ``variant`` among the fields every hand has, and its
``spec.rst`` has the program "report an error when any violation of the specification is
encountered"; PokerKit's ``HandHistory.loads_all`` reads every top-level table of a ``.phhs``
file as a hand (and refuses one without ``variant``).  A table passed over silently took its
chips out of the ledger with exit status 0; a ``.phh`` file whose ``variant`` was missing, not
text, or after the first lines was read as our own format and refused at 1:1 for a reason that
has nothing to do with it.
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.check import run_check
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.sources import detect_format, iter_source
from tests.helpers.phh_hands import THREE_HANDED

BODY = (
    THREE_HANDED
    + """\
actions = ["d dh p1 As2d3c4h", "d dh p2 KsQdJcTh", "d dh p3 5s6s7s8s", "p3 f", "p1 cc", "p2 cc",
 "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd",
 "p1 cc", "p2 cc", "p1 sm As2d3c4h", "p2 sm KsQdJcTh"]
players = ["Anna", "Ben", "Cara"]
finishing_stacks = [22, 18, 20]
"""
)
HAND = 'variant = "FB"\n' + BODY


def test_a_phhs_table_without_variant_is_an_error_at_its_header() -> None:
    text = "[1]\n" + BODY + "\n[2]\n" + HAND
    first, second = read_phh(text, "night.phhs")
    assert isinstance(first, ImportFormatError) and first.rule == "bad-phh"
    assert (first.position.line, first.position.column) == (1, 1)
    assert first.hand == "1" and "variant is missing" in str(first)
    assert isinstance(second, HandRecord)


def test_a_hand_nested_in_a_table_is_an_error_not_a_hand_dropped() -> None:
    text = "[1]\n" + HAND + "\n[a.b]\n" + HAND
    first, second = read_phh(text, "night.phhs")
    assert isinstance(first, HandRecord)
    assert isinstance(second, ImportFormatError) and second.rule == "bad-phh"
    assert second.position.line == 14 and "nested in table [a]" in str(second)


def test_a_hand_written_as_an_array_of_tables_is_an_error_not_a_hand_dropped() -> None:
    """``[[2]]`` after ``[1]``: TOML reads an array of tables, no table, and the hand was left
    out without a word (its chips never reached the ledger, exit 0); first in the file, it was
    said to lack its ``variant``.  A user-defined ``[[_notes]]`` stays a field of its hand."""
    text = "[1]\n" + HAND + "\n[[2]]\n" + HAND + "\n[3]\n" + HAND
    first, second, third = read_phh(text, "night.phhs")
    assert isinstance(first, HandRecord) and isinstance(third, HandRecord)
    assert isinstance(second, ImportFormatError) and second.rule == "bad-phh"
    assert (second.position.line, second.hand) == (14, "2")
    assert second.message == (
        "[[2]] writes a hand as an item of an array of tables, which PHH does not read: each "
        "hand of a .phhs file is a table of its own, in single brackets ([2])"
    )
    (alone,) = read_phh("[[1]]\n" + HAND, "night.phhs")
    assert isinstance(alone, ImportFormatError) and "[[1]] writes a hand" in alone.message
    (noted,) = read_phh(HAND + "[[_notes]]\nsaid = 'x'\n[[_notes]]\nsaid = 'y'\n", "x.phh")
    assert isinstance(noted, HandRecord)


def test_variant_that_is_not_text_is_an_error_at_the_field() -> None:
    (error,) = read_phh("variant = 7\n" + BODY, "x.phh")
    assert isinstance(error, ImportFormatError) and error.rule == "bad-phh"
    assert (error.position.line, error.position.column) == (1, 11)


def test_check_fails_a_phhs_file_with_a_table_without_variant(tmp_path: Path) -> None:
    (tmp_path / "night.phhs").write_text("[1]\n" + BODY + "\n[2]\n" + HAND)
    checked = run_check([tmp_path], jobs=1)
    text = "\n".join(checked.lines())
    assert "night.phhs:1:1: hand 1: the PHH field variant is missing" in text, text
    assert not checked.all_ok


def test_a_phh_file_without_variant_is_read_as_phh(tmp_path: Path) -> None:
    """Named ``.phh``/``.phhs`` and told by no line as another format, a file is PHH: its
    missing, late or mistyped ``variant`` is reported as such."""
    late = BODY.replace(", ", ",\n  ") + "".join(f"# note {i}\n" for i in range(300))
    cases = {
        "none.phh": BODY,
        "late.phh": late + 'variant = "FB"\n',
        "seven.phh": "variant = 7\n" + BODY,
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        assert detect_format(path) == "phh", name
    (none,) = iter_source(tmp_path / "none.phh")
    assert isinstance(none, ImportFormatError) and "variant is missing" in str(none)
    (late_hand,) = iter_source(tmp_path / "late.phh")
    assert isinstance(late_hand, HandRecord)
    (seven,) = iter_source(tmp_path / "seven.phh")
    assert isinstance(seven, ImportFormatError) and "variant must name the game" in str(seven)
    (path := tmp_path / "empty.phh").write_text(
        (tmp_path / "seven.phh").read_text().replace("variant = 7", 'variant = ""')
    )
    (empty,) = iter_source(path)  # (it was skipped as a hand of another game, exit 0)
    assert isinstance(empty, ImportFormatError) and "not empty text" in str(empty)


def test_format_detection_still_tells_other_files(tmp_path: Path) -> None:
    """A ``.bhh`` of PHH still reads as PHH by its ``variant``; a ``.phh`` file holding our own
    format's lines or a site's is what its lines say."""
    (tmp_path / "a.bhh").write_text(HAND)
    (tmp_path / "b.phh").write_text("game badugi\nfixed limit 2/4\nblinds 1/2\n")
    (tmp_path / "c.phh").write_text("PokerStars Hand #1: Badugi Limit ($1/$2 USD)\n")
    (tmp_path / "d.txt").write_text(BODY)
    assert detect_format(tmp_path / "a.bhh") == "phh"
    assert detect_format(tmp_path / "b.phh") == "text"
    assert detect_format(tmp_path / "c.phh") == "pokerstars"
    assert detect_format(tmp_path / "d.txt") == "text"


def test_a_user_defined_table_of_a_hand_is_no_hand() -> None:
    """A one-hand ``.phh`` with a table of user-defined fields (``[_venue]``; ``spec.rst``:
    user-defined fields start with an underscore): one hand, as PokerKit reads it - not a
    second hand ``_venue`` without its variant (found when every table became a hand)."""
    text = (
        "variant = 'FB'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\n"
        "big_bet = 4\nstarting_stacks = [100, 100]\n"
        "actions = ['d dh p1 2c3d4h5s', 'd dh p2 KhQhJhTh', 'p2 f']\nplayers = ['A', 'B']\n\n"
        "[_venue]\nname = 'Kitchen'\n"
    )
    read = read_phh(text, "one.phh")
    assert [type(item) for item in read] == [HandRecord], read
