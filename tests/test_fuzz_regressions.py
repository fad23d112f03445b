"""Minimal reproducers of what the fuzzing and the simulator cross-checks found.

Each test states the input, what happened when it was found, and what must happen instead:
a record or a :class:`~badugi_ledger.model.errors.BadugiError` with a position, and, for legal
hands, the same outcome as the replay of the same hand in our own format.  They stay here as
regression tests once fixed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from badugi_ledger.model.errors import BadugiError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.replay import replay_stream
from badugi_ledger.sources import read_hands
from badugi_ledger.text.parse import parse_text

CLI = Path(sys.executable).with_name("badugi-ledger")


def read_all(path: Path) -> list[HandRecord | BadugiError]:
    items = list(read_hands(path))
    assert all(isinstance(i, HandRecord | BadugiError) for i in items)
    return items


@pytest.mark.parametrize(
    "name, text",
    [
        # merge.py _read_game: IndexError (a closing </game> with no opening <game>).
        ("merge-close-only.xml", '<description type="Badugi" stakes="Limit $1/$2"/>\n</game>\n'),
        # merge.py _read_game: KeyError 'nickname' (a <player> without a nickname).
        (
            "merge-no-nickname.xml",
            '<description type="Badugi" stakes="Limit $1/$2"/>\n<game id="1">\n'
            '<players dealer="1">\n<player seat="1" />\n</players>\n</game>\n',
        ),
        # fulltilt.py _read_hand: AssertionError (the hand-start pattern matches a header
        # line that the header pattern does not: no space after the colon).
        ("fulltilt-header.txt", "Full Tilt Poker Game #1:x\n"),
    ],
)
def test_corrupt_site_files_give_errors_not_exceptions(
    name: str, text: str, tmp_path: Path
) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    items = read_all(path)
    assert all(isinstance(i, BadugiError) and i.position.source == str(path) for i in items)
    done = subprocess.run([str(CLI), "check", str(path)], capture_output=True, text=True)
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 1


SHORT_STACK_PHH = """\
variant = "FB"
ante_trimming_status = true
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [20, 20, 3]
actions = [
  "d dh p1 As2d3h4c", "d dh p2 5s6d7h8c", "d dh p3 9sTdJhQc",
  "p3 cc", "p1 cc", "p2 cc",
  "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p3 cc",
  "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p3 cc",
  "p1 sd", "p2 sd", "p3 sd", "p1 cc", "p2 cc", "p3 cc",
  "p1 sm As2d3h4c", "p2 sm 5s6d7h8c", "p3 sm 9sTdJhQc",
]
players = ["Ann", "Bob", "Cy"]
"""


def test_phh_call_by_a_short_stack(tmp_path: Path) -> None:
    """phh/reader.py reads how much a player has left as ``stack - committed`` but looks
    the committed chips up with the *line number* as default (``.get(name, line)``), so a
    player with fewer chips than that line number "calls -8".  PokerKit replays this hand to
    stacks [24, 18, 1]; found when simulated hands were written as PHH and checked.

    Cy (1 chip left, not all-in) must check in every later round.  PokerKit's reader also
    accepts the file without those checks: it does not verify the ``pN`` of an action line and
    re-assigns the lines to whoever is to act, so that version is not a legal hand; our replay
    rejects it with ``turn-order``."""
    path = tmp_path / "short.phh"
    path.write_text(SHORT_STACK_PHH, encoding="utf-8")
    outcomes = list(replay_stream(read_all(path)))
    assert len(outcomes) == 1
    assert outcomes[0].ok, outcomes[0].errors
    assert outcomes[0].result is not None
    assert dict(outcomes[0].result.final_stacks) == {"Ann": 24, "Bob": 18, "Cy": 1}


def test_big_blind_only_game_is_posted_by_the_player_the_replay_expects() -> None:
    """``blinds 0/2`` (no small blind): headers.implied_posts has the *second* player left of
    the button post the big blind, while the replay (replay/state.py ``_blind_players``)
    expects the *first*, so every hand of such a game fails with ``blind-missing``.  Whichever
    reading is chosen, reader and replay must agree: one of these two hands (the big blind
    with B, or with C, the others folding in turn) must check clean."""
    clean = []
    for folds in ("C folds · A folds", "A folds · B folds"):
        text = (
            "game badugi · fixed limit 2/4 · blinds 0/2\n"
            f"hand 1 · button A · A 20 · B 20 · C 20\n{folds}\n"
        )
        items = list(parse_text(text))
        assert all(isinstance(i, HandRecord) for i in items), items
        clean.append(next(iter(replay_stream(items))).ok)
    assert any(clean)


@pytest.mark.parametrize(
    ("label", "read_as"),
    [("p\u00b2", None), ("p\u2083", None), ("p\u0663", "Ted")],
    ids=["superscript", "subscript", "arabic-indic"],
)
def test_phh_player_label_of_digits_int_cannot_read(
    label: str, read_as: str | None, tmp_path: Path
) -> None:
    """``p² cbr 2`` (the Wikipedia hand, ``tests/fixtures/wikipedia_badugi.phh``, one label
    changed): ``str.isdigit`` let ``int`` see ``²``, and its ``ValueError`` lost the whole
    hand ("damaged and cannot be read", no line, counted outside any hand).  Such a label is
    no player, an error of the hand at the action's line; decimal digits of any script are read
    as PokerKit's ``\\d`` reads them (``p٣`` is p3, Ted)."""
    fixture = Path(__file__).parent / "fixtures" / "wikipedia_badugi.phh"
    text = fixture.read_text(encoding="utf-8").replace('"p3 f"', f'"{label} f"')
    path = tmp_path / "label.phh"
    path.write_text(text, encoding="utf-8")
    (item,) = read_all(path)
    line = next(i for i, x in enumerate(text.splitlines(), 1) if f'"{label} f"' in x)
    if read_as is None:
        assert isinstance(item, BadugiError) and item.rule == "bad-phh" and item.hand == "label"
        assert item.position.line == line
        assert f"'{label}' in '{label} f' is not a player p1..p4" in item.message
    else:
        assert isinstance(item, HandRecord)
        assert any(getattr(e, "player", None) == read_as for e in item.events)


@pytest.mark.parametrize(
    "fixture", ["kingsclub-walk-with-return-37732806.txt", "fulltilt-32617272179.txt"]
)
def test_a_summary_line_right_after_a_blank_line_in_a_summary(fixture: str, tmp_path: Path) -> None:
    """A site hand's summary, a blank line, then ``*** SUMMARY ***`` again (found mutating
    ``tests/fixtures/sites/kingsclub-walk-with-return-37732806.txt``): the splitter took the
    line after the blank one for a second hand's damaged header before it was in the hand's
    lines, and ``check`` stopped with an IndexError traceback.  That summary line is now the
    located error of a line after the hand, and the hand itself is read."""
    source = Path(__file__).parent / "fixtures" / "sites" / fixture
    text = source.read_bytes().decode("utf-8").replace("\r\n", "\n")
    summary = "*** SUMMARY ***\n"
    assert summary in text
    text = text.replace(summary, summary + "\n" + summary, 1)
    path = tmp_path / fixture
    path.write_text(text, encoding="utf-8")
    items = read_all(path)
    line = text.splitlines().index("*** SUMMARY ***", text.splitlines().index("") + 1) + 1
    errors = [i for i in items if isinstance(i, BadugiError)]
    assert any(
        e.rule == "unrecognised-line"
        and e.position.line == line
        and "unrecognised line '*** SUMMARY ***' after the summary of hand" in e.message
        for e in errors
    ), errors
    result = subprocess.run([CLI, "check", path], capture_output=True, text=True, check=False)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr


@pytest.mark.parametrize("far", ["9999-12-31", "9999-12-15"])
def test_a_night_dated_in_the_last_year_a_date_holds_gets_its_chart(
    far: str, tmp_path: Path
) -> None:
    """``date 9999-12-31`` in a night's header (found by fuzzing the web app's save): the
    format takes any calendar date, and the season chart's month ticks stepped past the year
    9999, so ``report`` and the web app's standings page stopped with ``ValueError: year 10000
    is out of range``.  The chart is drawn, its ticks within the dates."""
    from datetime import date

    from badugi_ledger.reports.chart import date_ticks
    from tests.helpers.ledger_files import import_into
    from tests.helpers.paths import EXAMPLES

    last = date.fromisoformat(far)
    for first in (date(2024, 3, 1), date(9999, 11, 2), last):
        for most in range(1, 7):
            ticks = date_ticks(first, last, most)
            assert ticks and all(first <= d <= last for d, _ in ticks), (first, most, ticks)
    night = tmp_path / "far.bhh"
    text = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    night.write_text(text.replace("date 2024-03-01", f"date {far}"), encoding="utf-8")
    db = tmp_path / "club.db"
    assert import_into(db, [night, EXAMPLES / "000_anna_ben.bhh"]).ok
    out = tmp_path / "season.html"
    done = subprocess.run(
        [str(CLI), "report", "--db", str(db), "--out", str(out)], capture_output=True, text=True
    )
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert out.stat().st_size > 0


@pytest.mark.parametrize(
    "fixture", ["kingsclub-walk-with-return-37732806.txt", "kingsclub-fold-37732805.txt"]
)
def test_a_site_seat_numbered_0_is_refused_at_its_line(fixture: str, tmp_path: Path) -> None:
    """``Seat 1:`` edited to ``Seat 0:`` (no site numbers a seat 0): the hand was read and
    stored, and ``convert --to text`` wrote a seat 0 that our format refuses.  The seat line
    is the hand's error now, as our format says of a seat 0 too."""
    source = Path(__file__).parent / "fixtures" / "sites" / fixture
    text = source.read_bytes().decode("utf-8").replace("\r\n", "\n")
    assert "\nSeat 1: " in text
    path = tmp_path / fixture
    path.write_text(text.replace("\nSeat 1: ", "\nSeat 0: ", 1), encoding="utf-8")
    (error,) = [item for item in read_all(path) if isinstance(item, BadugiError)]
    assert "seat 0: a table's seats are numbered from 1" in error.message
    line = text.split("\n").index(next(t for t in text.split("\n") if t.startswith("Seat 1: ")))
    assert error.position.line == line + 1
    (parsed,) = parse_text("hand 1 · button A · 0 A 10 · 1 B 10\n", "t.bhh")
    assert isinstance(parsed, BadugiError)
    assert "seat 0: seats are numbered from 1" in parsed.message
