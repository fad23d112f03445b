"""Format detection from content, the ``--from`` override and the one reader everything calls."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.model.errors import BadugiError, ConfigError, ImportFormatError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.sites.common import SkippedHand
from badugi_ledger.sources import FORMATS, detect_format, iter_source, read_hands
from tests.helpers.paths import EXAMPLES, FIXTURES


@pytest.mark.parametrize(
    ("folder", "expected"),
    [
        ("pokerstars", "pokerstars"),
        ("fulltilt", "fulltilt"),
        ("merge", "merge"),
        ("kingsclub", "kingsclub"),
        ("winamax", "winamax"),
    ],
)
def test_every_corpus_file_is_recognised_by_content(
    corpus_dir: Path, folder: str, expected: str
) -> None:
    """UTF-16 (Full Tilt), UTF-8 with a BOM and CRLF (PokerStars), XML (Merge): all by content."""
    files = sorted((corpus_dir / folder).iterdir())
    assert files
    for path in files:
        assert detect_format(path) == expected, path.name


def test_the_file_name_does_not_matter(corpus_dir: Path, tmp_path: Path) -> None:
    copy = tmp_path / "hands.bhh"
    copy.write_bytes((corpus_dir / "kingsclub/Badugi-Limit-USD-30-60-202010.txt").read_bytes())
    assert detect_format(copy) == "kingsclub"
    (record,) = read_hands(copy)
    assert isinstance(record, HandRecord) and record.origin == "kingsclub"


HOME = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    "night",
    [
        "#12: Friday at Anna's - 1/2\n" + HOME,  # a comment that reads like a KingsClub hand's
        HOME.replace("table Kitchen\n", "table Kitchen\n# level 2\n#2: Level 2 - 20/40\n"),
        HOME.replace("Dan", "PokerStars"),  # a legal name
        HOME.replace(
            "\nhand 2 ",
            "\nPokerStars Hand #123456789: Badugi Limit ($0.01/$0.02 USD) - 2024/03/01\nhand 2 ",
        ),
    ],
    ids=["kingsclub-like-first-line", "kingsclub-like-comment", "named-pokerstars", "pasted-line"],
)
def test_a_night_of_ours_is_read_as_ours_whatever_a_line_of_it_looks_like(
    tmp_path: Path, night: str
) -> None:
    """Each was read as a site's history: its hands skipped as of other games, ``check`` saying
    "0 hands" with exit 0, ``import`` storing nothing.  A line of ours comes first, so the
    night is ours; a site's line pasted into it is a mistake at its own line."""
    path = tmp_path / "night.bhh"
    path.write_text(night, encoding="utf-8")
    assert detect_format(path) == "text"
    items = list(read_hands(path))
    assert sum(isinstance(i, HandRecord) for i in items) >= 3, items
    assert not any(isinstance(i, SkippedHand) for i in items)


def test_phh_is_recognised() -> None:
    assert detect_format(FIXTURES / "wikipedia_badugi.phh") == "phh"


def test_from_overrides_detection(corpus_dir: Path) -> None:
    """Read as Full Tilt, a PokerStars file has no Full Tilt hands at all: its first line,
    which starts no Full Tilt hand, is its one error of a line (the rest is read as part of
    it), and the file, no hand read, is said to be of the format it is in."""
    path = corpus_dir / "pokerstars/Badugi-USD-0.25-0.50-201009.txt"
    error, told = read_hands(path, "fulltilt")
    assert isinstance(error, BadugiError) and error.rule == "unrecognised-line"
    assert (error.position.line, error.hand) == (1, None)
    assert isinstance(told, BadugiError) and told.rule == "unreadable-file"
    assert "reads as the 'pokerstars' format" in told.message
    assert len(list(read_hands(path, "pokerstars"))) == 4


@pytest.mark.parametrize(
    ("site", "told"),
    [
        ("pokerstars/Badugi-USD-0.25-0.50-201009.txt", "pokerstars"),
        ("kingsclub/Badugi-Limit-USD-30-60-202010.txt", "kingsclub"),
    ],
)
def test_from_text_on_a_site_file_says_the_format_it_is_in(
    corpus_dir: Path, site: str, told: str
) -> None:
    """docs/importers.md, *Finding the format*: a file in which the ``--from`` reader finds no
    hand, and which the detection takes for another format, is ``unreadable-file`` naming
    that format.  ``--from text`` was the one reader left out: a PokerStars or KingsClub
    file read as ours listed a few of its lines as header errors (``Table 'Bronx  BT' …``:
    "did you mean 'table'?") and never said that the file is a site's history."""
    items = list(read_hands(corpus_dir / site, "text"))
    assert not any(isinstance(i, HandRecord) for i in items), items
    last = items[-1]
    assert isinstance(last, BadugiError) and last.rule == "unreadable-file", items
    assert "cannot read the file as text (--from text)" in last.message
    assert f"reads as the {told!r} format" in last.message
    assert len(list(read_hands(corpus_dir / site))) >= 1  # its own format reads it


def test_from_text_on_our_own_night_is_read_as_before(tmp_path: Path) -> None:
    """A night of ours with ``--from text`` and no hand that reads (every hand a syntax
    error) is no other format's: its errors stand alone, no ``unreadable-file``."""
    path = tmp_path / "night.bhh"
    path.write_text("game badugi\nhand 1 · button Anna · Anna 100 · Ben 100\nAnna flods\n")
    items = list(read_hands(path, "text"))
    assert items and all(isinstance(i, BadugiError) for i in items), items
    assert not any(i.rule == "unreadable-file" for i in items if isinstance(i, BadugiError))


def test_unknown_format_name_is_a_config_error(corpus_dir: Path) -> None:
    with pytest.raises(ConfigError, match="unknown history format 'ipoker'"):
        list(read_hands(corpus_dir / "kingsclub/Badugi-Limit-USD-30-60-202010.txt", "ipoker"))
    assert "text" in FORMATS and "pokerstars" in FORMATS and "phh" in FORMATS


def test_other_games_are_left_out_and_reported_through_on_skip(corpus_dir: Path) -> None:
    path = corpus_dir / "fulltilt/10Game-6max-USD-2.50-5.201104.Sample.txt"
    skipped: list[SkippedHand] = []
    records = list(read_hands(path, on_skip=skipped.append))
    assert len(records) == 10 and all(isinstance(r, HandRecord) for r in records)
    assert len(skipped) == 74
    assert {s.reason for s in skipped} == {"other game"}
    assert any("Hold'em" in s.game for s in skipped)
    assert sum(isinstance(i, SkippedHand) for i in iter_source(path)) == 74


def test_a_missing_file_is_one_error_not_a_crash(tmp_path: Path) -> None:
    (item,) = read_hands(tmp_path / "nope.txt")
    assert isinstance(item, ImportFormatError) and item.rule == "no-file"


def test_garbage_site_text_yields_errors_not_exceptions(tmp_path: Path) -> None:
    path = tmp_path / "broken.txt"
    path.write_text(
        "PokerStars Game #1:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET\n"
        "Table 'T' 8-max Seat #1 is the button\n"
        "Seat 1: A ($5 in chips)\nSeat 2: B ($5 in chips)\n"
        "A: posts small blind $0.10\nB: posts big blind $0.25\n*** DEALING HANDS ***\n"
        "A: raises to the moon\n",
        encoding="utf-8",
    )
    (item,) = read_hands(path)
    assert isinstance(item, BadugiError) and item.rule == "unrecognised-line"
    assert item.position.line == 8 and item.hand == "1"


def test_a_small_text_file_is_read_from_the_bytes_its_format_was_told_from(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Our own format: a file of at most SMALL_FILE bytes is opened once (its hands come from
    the bytes read to tell its format, as parse_file reads them); a larger one is streamed."""
    from badugi_ledger.sites.files import SMALL_FILE
    from badugi_ledger.text import parse

    hand = (EXAMPLES / "000_anna_ben.bhh").read_bytes().replace(b"\n", b"\r\n")
    small, large = tmp_path / "small.bhh", tmp_path / "large.bhh"
    small.write_bytes(b"\xef\xbb\xbf" + hand + b"\xff stray\n")
    large.write_bytes(hand + b"# padding\n" * (SMALL_FILE // 10))
    opened: list[str] = []
    real_open = open

    def counting_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    real_os_open = os.open

    def counting_os_open(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(file))
        return real_os_open(file, *args, **kwargs)

    monkeypatch.setattr("builtins.open", counting_open)
    monkeypatch.setattr(os, "open", counting_os_open)  # (sources.open_file)
    for path, opens in ((small, 1), (large, 2)):
        opened.clear()
        got = [repr(item) for item in read_hands(path)]
        assert opened == [str(path)] * opens
        assert got == [repr(item) for item in parse.parse_file(path)] and got


@pytest.mark.parametrize(
    "encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le", "utf-32-be"]
)
def test_a_night_saved_as_utf_16_or_32_reads_as_the_same_night(
    encoding: str, tmp_path: Path
) -> None:
    """Notepad's "Unicode" (UTF-16) gave a "not UTF-8" error on every line of a night.  A night
    saved as UTF-32 (an editor's "UTF-32", with its byte-order mark or without) was taken for
    UTF-16, its mark being UTF-16's followed by a NUL: one error, "expected a header line",
    quoting a line of NULs, and no hand."""
    text = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    saved = tmp_path / "night.bhh"
    saved.write_bytes(text.encode(encoding))
    got = [repr(item) for item in read_hands(saved)]
    want = [repr(item) for item in read_hands(EXAMPLES / "home_session.bhh")]
    assert got == [line.replace(str(EXAMPLES / "home_session.bhh"), str(saved)) for line in want]


@pytest.mark.parametrize(("suffix", "kind"), [(".gz", "gzip"), (".zip", "zip")])
def test_a_compressed_night_is_named_as_one(suffix: str, kind: str, tmp_path: Path) -> None:
    """A compressed file given a hand file's name: one error, not one per line."""
    import gzip
    import zipfile

    data = (EXAMPLES / "home_session.bhh").read_bytes()
    packed = tmp_path / f"night{suffix}"
    if kind == "gzip":
        packed.write_bytes(gzip.compress(data))
    else:
        with zipfile.ZipFile(packed, "w") as archive:
            archive.writestr("night.bhh", data)
    night = tmp_path / "night.bhh"
    night.write_bytes(packed.read_bytes())
    (error,) = list(read_hands(night))
    assert isinstance(error, BadugiError)
    assert error.message.startswith(f"cannot read the file: it is compressed ({kind})")


def test_a_ledger_given_as_a_hand_history_is_named_as_one(tmp_path: Path) -> None:
    """The audit's ``convert club.db --to text``: a ledger (here one that imported
    ``examples/home_session.bhh``) given where a hand history goes was read as text, "expected
    a header line …" quoting its binary as CJK letters.  It is named as an SQLite database, as
    a compressed file is named, and ``convert`` writes nothing of it."""
    from typer.testing import CliRunner

    from badugi_ledger.cli import app
    from tests.helpers.ledger_files import import_into

    ledger = tmp_path / "club.db"
    assert import_into(ledger, [EXAMPLES / "home_session.bhh"]).ok
    (error,) = list(read_hands(ledger))
    assert isinstance(error, BadugiError)
    assert error.message == (
        "cannot read the file: it is an SQLite database (a ledger? name it with --db), not a "
        "hand history"
    )
    result = CliRunner().invoke(app, ["convert", str(ledger), "--to", "text"])
    assert result.exit_code == 1
    assert "it is an SQLite database (a ledger?" in " ".join(result.output.split())
    assert "expected a header line" not in result.output


@pytest.mark.parametrize("size", ["small", "streamed", "same-size"])
def test_a_file_that_changes_while_it_is_read_ends_with_the_files_error(
    tmp_path: Path, size: str
) -> None:
    """A file emptied while it was read (an editor saving in place, a sync): the hands read of
    it were the file, and an import stored them, exit 0 (290 of 3,000 hands when the cut fell
    at a block's end).  After the hands read, the file's own error: an import stores none.
    So for a file written again in place, the same size, its modification time set back (as
    ``rsync --inplace -t`` does): its inode's change time tells it."""
    night = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    if size != "small":  # more than a small file's bytes: read line by line as it goes
        hands = night[night.index("\nhand 1 ") :]
        night += "".join(hands.replace("hand ", f"hand {k}-") for k in range(40))
    path = tmp_path / "night.bhh"
    path.write_text(night, encoding="utf-8")
    items = iter_source(path)
    first = next(items)
    assert isinstance(first, HandRecord)
    if size == "same-size":  # written again in place, its modification time set back
        before = path.stat()
        with path.open("r+b") as rewrite:
            rewrite.write(b"#" + path.read_bytes()[1:])
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    else:
        path.write_bytes(b"")
    last = list(items)[-1]
    assert isinstance(last, ImportFormatError) and last.rule == "unreadable-file"
    assert "it changed while it was read" in last.message
    assert all(
        not isinstance(item, BadugiError) for item in iter_source(EXAMPLES / "home_session.bhh")
    )
