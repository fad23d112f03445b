"""The name rule in the site readers: a name is one line (``model/names.py``).  Merge's XML can
decode a line break into a name (``&#10;``, ``&#13;``): the hand is refused at that name's line,
the error naming the file, the line, the hand and the rule, as the PHH reader refuses one.
Every other character a name holds is kept, and written visibly where it is shown.

The hands are ``corpus/merge/Badugi-PL-USD-0.05-0.10-201101.Sample.txt`` (hand 31274465-32,
seats on lines 4-7), with one attribute edited."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.model.errors import BadugiError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.sources import read_hands
from tests.helpers.paths import CORPUS

SAMPLE = CORPUS / "merge" / "Badugi-PL-USD-0.05-0.10-201101.Sample.txt"


def edited(tmp_path: Path, old: str, new: str) -> Path:
    text = SAMPLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "merge.txt"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def only_error(path: Path) -> BadugiError:
    (error,) = [item for item in read_hands(path, "merge") if isinstance(item, BadugiError)]
    return error


def test_a_player_name_with_a_line_break_is_refused_at_its_line(tmp_path: Path) -> None:
    for entity in ("&#10;", "&#13;", "&#xA;"):
        path = edited(tmp_path, 'nickname="Player3"', f'nickname="Player{entity}3"')
        error = only_error(path)
        assert error.rule == "bad-name"
        assert (error.position.source, error.position.line) == (str(path), 6)
        assert error.hand == "31274465-32"
        assert "line break" in error.message and "a name is one line" in error.message
        assert "\n" not in str(error) and "\r" not in str(error)


def test_a_table_name_with_a_line_break_is_refused(tmp_path: Path) -> None:
    path = edited(tmp_path, "|Kunming (31274465)|", "|Kun&#10;ming (31274465)|")
    error = only_error(path)
    assert (error.rule, error.position.line, error.hand) == ("bad-name", 2, "31274465-32")
    assert "the table name" in error.message and "\n" not in str(error)


def test_a_hand_id_with_a_line_break_names_the_hand_on_one_line(tmp_path: Path) -> None:
    path = edited(tmp_path, 'id="31274465-32"', 'id="31274465&#10;-32"')
    error = only_error(path)
    assert (error.rule, error.position.line) == ("bad-name", 2)
    assert error.hand == repr("31274465\n-32")
    assert "\n" not in str(error)


def test_check_prints_the_refusal_on_one_line(tmp_path: Path) -> None:
    path = edited(tmp_path, 'nickname="Player3"', 'nickname="Player&#10;3"')
    out = CliRunner().invoke(app, ["check", str(path)]).output
    assert not [line for line in out.splitlines() if line.startswith("3")], out
    assert f"{path}:6" in out and "line break" in out


def test_other_control_characters_are_kept_and_shown_escaped(tmp_path: Path) -> None:
    path = edited(tmp_path, 'nickname="Player3"', 'nickname="Player\x1b[2J&#8238;3"')
    records = [item for item in read_hands(path, "merge") if isinstance(item, HandRecord)]
    assert records and "Player\x1b[2J\u202e3" in {seat.name for seat in records[0].seats}
    out = CliRunner().invoke(app, ["show", str(path)]).output
    assert "Player\\x1b[2J\\u202e3" in out and "\x1b" not in out


def test_a_character_reference_is_the_character_xml_says(tmp_path: Path) -> None:
    """XML's ``&#27;`` is ESC and ``&#128;`` U+0080; HTML's decoding dropped the one and read
    the other as a euro sign, so ``Player&#27;3`` was read as ``Player3``, another seat's
    name, with no word.  Named references (``&amp;``) and a reference to no character (kept
    as written) are read as before."""
    cases = {
        "Pl&#27;ayer3": "Pl\x1bayer3",
        "Pl&#x1B;ayer3": "Pl\x1bayer3",
        "Pl&#128;ayer3": "Pl\x80ayer3",
        "P&amp;l&#38;amp;3": "P&l&amp;3",
        "Pl&#55296;ayer3": "Pl&#55296;ayer3",
    }
    for written, name in cases.items():
        path = edited(tmp_path, 'nickname="Player3"', f'nickname="{written}"')
        records = [item for item in read_hands(path, "merge") if isinstance(item, HandRecord)]
        assert records and name in {seat.name for seat in records[0].seats}, written
