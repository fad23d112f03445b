"""A PHH hand's events stand where they were written, down to the column: an action at its own
string of the ``actions`` array (one line of a thousand characters, as our writer and most PHH
writers print it, or one string a line, as PokerKit's own files), a ``finishing_stacks`` claim
at its own item.  So ``check`` points at the action that broke a rule, not at the first column
of the line that holds them all.

Each position is held to the text it points at: the string found there is the action the event
was read from (its player's label and its verb), which the reader's column search does not
decide for itself.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from badugi_ledger.check import check_file
from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.events import Action, Draw, FinalStack, HandRecord, Muck, Show
from badugi_ledger.phh.positions import item_column
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.simulate.sessions import POKERKIT_PLAY, SimulationOptions, write_simulation
from tests.helpers.paths import FIXTURES

VERBS = {"fold": {"f"}, "check": {"cc"}, "call": {"cc"}, "bet": {"cbr"}, "raise": {"cbr"}}
"""The PHH verbs each of our actions is written with."""


def _simulated_phh(tmp_path: Path) -> list[str]:
    out = io.StringIO()
    options = SimulationOptions(hands=40, players=6, seed=3, house=POKERKIT_PLAY)
    write_simulation(options, out)
    source = tmp_path / "night.bhh"
    source.write_text(out.getvalue(), encoding="utf-8")
    texts = [item.text for item in convert_hands(source, "phh") if isinstance(item, ConvertedHand)]
    assert len(texts) == 40
    return texts


def _string_at(text: str, line: int, column: int) -> str:
    """The TOML string that starts at ``line:column`` of ``text`` (its quotes taken off)."""
    row = text.splitlines()[line - 1]
    quote = row[column - 1]
    assert quote in "'\"", (row, column)
    return row[column : row.index(quote, column)]


def _assert_placed(text: str, record: HandRecord) -> int:
    """Every event read from an action or a finishing stack points at it; how many did."""
    labels = {name: f"p{i + 1}" for i, name in enumerate(_players(record))}
    checked = 0
    for index, event in enumerate(record.events):
        pos = record.position(index)
        if type(event) in (Action, Draw, Show, Muck):
            words = _string_at(text, pos.line, pos.column).split()
            assert words[0] == labels[event.player], (event, words)
            if isinstance(event, Action):
                assert words[1] in VERBS[event.verb], (event, words)
            else:
                assert words[1] == ("sd" if isinstance(event, Draw) else "sm"), (event, words)
            checked += 1
        elif type(event) is FinalStack:
            row = text.splitlines()[pos.line - 1]
            assert row.startswith("finishing_stacks")
            written = re.match(r"\d+", row[pos.column - 1 :])
            assert written is not None and int(written.group()) == event.amount, (event, row)
            checked += 1
    return checked


def _players(record: HandRecord) -> list[str]:
    """The players p1, p2, ... of a hand read from PHH: its seats from the button's left."""
    return [seat.name for seat in record.seats]


def test_written_hands_place_every_action_and_claim_at_its_item(tmp_path: Path) -> None:
    checked = 0
    for text in _simulated_phh(tmp_path):
        (record,) = read_phh(text, "h.phh")
        assert isinstance(record, HandRecord)
        checked += _assert_placed(text, record)
    assert checked > 40 * 30


def test_pokerkit_layout_places_each_action_on_its_own_line() -> None:
    """PokerKit's own file: one string a line, each with a comment."""
    text = (FIXTURES / "wikipedia_badugi.phh").read_text(encoding="utf-8")
    (record,) = read_phh(text, "w.phh")
    assert isinstance(record, HandRecord)
    assert _assert_placed(text, record) >= 20
    lines = {record.position(i).line for i, e in enumerate(record.events) if type(e) is Action}
    assert len(lines) > 10


def test_check_points_at_the_action_that_broke_a_rule(tmp_path: Path) -> None:
    (text, *_) = _simulated_phh(tmp_path)
    fold = re.search(r"\"(p\d) f\"", text)
    assert fold is not None
    label = fold.group(1)
    broken = text[: fold.end()] + f', "{label} cc"' + text[fold.end() :]
    path = tmp_path / "broken.phh"
    path.write_text(broken, encoding="utf-8")
    (problem,) = check_file(path).problems
    where, _, message = problem.partition(": hand ")
    line, column = map(int, where.rsplit(":", 2)[1:])
    assert "acts after folding" in message and "[turn-order]" in message
    assert _string_at(broken, line, column) == f"{label} cc"
    start_of_line = text.rfind("\n", 0, fold.end()) + 1
    assert column == fold.end() - start_of_line + 3  # the quote after the fold's '", '


def test_a_wrong_finishing_stack_is_reported_at_its_item(tmp_path: Path) -> None:
    (text, *_) = _simulated_phh(tmp_path)
    row = next(line for line in text.splitlines() if line.startswith("finishing_stacks"))
    first, second, *rest = row[len("finishing_stacks = [") : -1].split(", ")
    wrong = f"finishing_stacks = [{first}, {int(second) + 1}, {', '.join(rest)}]"
    path = tmp_path / "wrong.phh"
    path.write_text(text.replace(row, wrong), encoding="utf-8")
    problems = check_file(path).problems
    stack = next(p for p in problems if "[final-stack]" in p)
    line, column = map(int, stack.split(": hand ")[0].rsplit(":", 2)[1:])
    assert text.replace(row, wrong).splitlines()[line - 1] == wrong
    assert wrong[column - 1 :].startswith(f"{int(second) + 1},")


@pytest.mark.parametrize(
    ("text", "nth", "column"),
    [
        ("actions = ['p1 f', 'p2 cc']", 0, 12),
        ("actions = ['p1 f', 'p2 cc']", 1, 20),
        ("actions = ['p1 f', 'p2 cc']", 2, None),
        ('actions=["a, b", "c\\"]", \'d\']', 1, 18),  # commas and escapes inside strings
        ('actions=["a, b", "c\\"]", \'d\']', 2, 26),
        ("'actions' = [ 'x' ,'y' ]", 1, 20),  # a quoted key, other spacing
        ("  'p3 f',  # Ted", 0, 3),  # one string a line
        ("  'p3 f',  # Ted, 'p4 f'", 1, None),  # a comment ends the items
        ("finishing_stacks = [76, 212, 0]", 2, 30),
        ("flags = [true, false]", 1, 16),
        ("]", 0, None),
    ],
)
def test_item_columns(text: str, nth: int, column: int | None) -> None:
    assert item_column(text, nth) == column
