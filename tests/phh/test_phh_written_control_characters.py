"""A name holding a control character is written to PHH as its TOML escape, and reads back.

TOML's basic strings hold no control character but the tab as itself; written raw, a player
``Be\\x07n`` (from a damaged site file) made a document no TOML reader reads, and ``convert
--to phh`` refused the hand as one PHH "cannot express".  Built from
``examples/000_anna_ben.bhh`` with Ben's name holding U+0007 and the event's U+001B.
"""

from __future__ import annotations

import io
from pathlib import Path

from badugi_ledger.check import run_check
from badugi_ledger.convert import convert_file
from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.sources import iter_source

EXAMPLE = Path(__file__).parents[2] / "examples" / "000_anna_ben.bhh"


def test_control_characters_are_escaped_and_the_hand_reads_back(tmp_path: Path) -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text.replace("Ben", '"Be\x07n"').replace('"Kitchen table"', '"Kitchen\x1btable"')
    night = tmp_path / "night.bhh"
    night.write_text(text, encoding="utf-8")
    (source,) = iter_source(night)
    assert isinstance(source, HandRecord)
    assert "Be\x07n" in [seat.name for seat in source.seats]
    out = io.StringIO()
    report = convert_file(night, "phh", out)
    assert report.ok and report.written == 1, report.problems
    written = out.getvalue()
    assert "\x07" not in written and "\x1b" not in written
    assert '"Be\\u0007n"' in written and '"Kitchen\\u001btable"' in written
    (read,) = read_phh(written, "night.phh")
    assert isinstance(read, HandRecord)
    assert sorted(seat.name for seat in read.seats) == sorted(seat.name for seat in source.seats)
    assert read.session is not None and read.session.name == "Kitchen\x1btable"
    phh = tmp_path / "night.phh"
    phh.write_text(written, encoding="utf-8")
    text_again = tmp_path / "again.bhh"
    with text_again.open("w", encoding="utf-8") as back:
        assert convert_file(phh, "text", back).ok
    again = io.StringIO()
    assert convert_file(text_again, "phh", again).ok
    assert again.getvalue() == written  # PHH, our text, PHH: the same hand
    checked = run_check([phh], jobs=1)
    assert [(o.hand_id, o.ok) for o in checked.outcomes()] == [("000-1", True)]
