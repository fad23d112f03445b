"""Which PHH hands of one file are a table's consecutive hands, held to each other's stacks.

The PHH specification's ``table`` (``optional.rst`` of uoftcprg/phh-std, *Table*: "the table
name or number the hand is played in") is optional, and PokerKit's ``HandHistory.dumps_all``
writes a ``.phhs`` of any hands, unrelated ones too, without it.  So a hand without ``table`` is
held to no other hand of its file (``HandRecord.standalone``): its stated stacks are not
compared with the hand before it, and it leaves nothing to the next (59 of 60 such PokerKit
hands used to be ``stack-carried`` mismatches).  Our writer writes ``table`` on every hand of
ours, ``""`` when the night names none, so a night converted to PHH stays one table whose
stacks are checked hand to hand.
"""

from __future__ import annotations

import io
import random
import warnings
from pathlib import Path

import pokerkit
from typer.testing import CliRunner

from badugi_ledger.check import run_check
from badugi_ledger.cli import app
from badugi_ledger.convert import convert_file
from badugi_ledger.model.errors import BadugiError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh.reader import read_phh
from tests.helpers.pokerkit_play import GAME, new_state


def _pokerkit_hand(rng: random.Random) -> pokerkit.HandHistory:
    """A hand PokerKit plays (stacks at random, calls and checks), as its history."""
    state = new_state([rng.choice([5, 9, 20, 40]) for _ in range(rng.choice([2, 3, 4]))])
    while state.status:
        if state.can_stand_pat_or_discard():
            i = state.stand_patter_or_discarder_index
            state.stand_pat_or_discard(list(state.hole_cards[i])[: rng.choice([0, 1, 2])])
        else:
            state.check_or_call()
    history = pokerkit.HandHistory.from_game_state(GAME, state)
    history.finishing_stacks = list(state.stacks)
    return history


def test_a_phhs_of_unrelated_pokerkit_hands_checks_hand_by_hand(tmp_path: Path) -> None:
    rng = random.Random(7)
    random.seed(7)  # PokerKit shuffles with the random module
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        text = pokerkit.HandHistory.dumps_all([_pokerkit_hand(rng) for _ in range(12)])
    assert "table" not in text
    path = tmp_path / "kit.phhs"
    path.write_text(text, encoding="utf-8")
    outcomes = list(run_check([path], jobs=1).outcomes())
    assert len(outcomes) == 12
    assert [(o.hand_id, o.errors) for o in outcomes if o.errors or o.warnings] == []
    records = [r for r in read_phh(text, str(path)) if isinstance(r, HandRecord)]
    assert len(records) == 12 and all(r.standalone for r in records)
    # as PHH again they stay unrelated; in our text, where a night's hands follow each other,
    # every hand after the first says that what came between is not in the file
    out = io.StringIO()
    assert convert_file(path, "phh", out).written == 12
    assert "\ntable = " not in out.getvalue()
    again = tmp_path / "again.phhs"
    again.write_text(out.getvalue(), encoding="utf-8")
    assert run_check([again], jobs=1).all_ok
    out = io.StringIO()
    assert convert_file(path, "text", out).written == 12
    assert out.getvalue().count("\nmissing hands\n") == 11
    night = tmp_path / "again.bhh"
    night.write_text(out.getvalue(), encoding="utf-8")
    assert [o.hand_id for o in run_check([night], jobs=1).outcomes() if o.errors] == []


NIGHT = (
    "game badugi · fixed limit 2/4 · blinds 1/2\ncash Friday · date 2024-03-01\n"
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna folds · Ben folds\nCara collects 2\n\n"
    "hand 2 · button Ben · Anna · Ben · Cara\n"
    "Ben folds · Cara folds\nAnna collects 2\n"
)
"""A night that names no table: hand 2 carries its stacks from hand 1."""


def test_a_night_without_a_table_stays_one_table_in_phh(tmp_path: Path) -> None:
    path = tmp_path / "night.bhh"
    path.write_text(NIGHT, encoding="utf-8")
    out = io.StringIO()
    assert convert_file(path, "phh", out).written == 2
    text = out.getvalue()
    assert text.count('\ntable = ""\n') == 2
    records = [r for r in read_phh(text, "night.phhs") if isinstance(r, HandRecord)]
    assert [r.standalone for r in records] == [False, False]
    phhs = tmp_path / "night.phhs"
    phhs.write_text(text, encoding="utf-8")
    assert run_check([phhs], jobs=1).all_ok
    # a stack changed in the PHH file is held against the hand before it
    edited = tmp_path / "edited.phhs"
    edited.write_text(
        text.replace("starting_stacks = [101, 100, 99]", "starting_stacks = [111, 100, 99]")
    )
    outcomes = list(run_check([edited], jobs=1).outcomes())
    assert [e.rule for e in outcomes[1].errors][0] == "stack-carried"


def test_a_night_exported_now_is_the_hands_exported_before(tmp_path: Path) -> None:
    """Our writer now writes ``table = ""`` and ``_rake = 0`` on a night that names no table
    and a hand the house took nothing of; read, they are the same hands (fingerprints) as
    the export before them, which had neither: a re-import is a duplicate, not a conflict."""
    from badugi_ledger.ledger.fingerprints import fingerprint

    path = tmp_path / "night.bhh"
    path.write_text(NIGHT, encoding="utf-8")
    out = io.StringIO()
    assert convert_file(path, "phh", out).written == 2
    now = out.getvalue()
    assert now.count('\ntable = ""\n') == now.count("\n_rake = 0\n") == 2
    before = now.replace('\ntable = ""\n', "\n").replace("\n_rake = 0\n", "\n")
    records_now = [r for r in read_phh(now, "night.phhs") if isinstance(r, HandRecord)]
    records_before = [r for r in read_phh(before, "night.phhs") if isinstance(r, HandRecord)]
    assert list(map(fingerprint, records_now)) == list(map(fingerprint, records_before))
    assert [r.events for r in records_now] == [r.events for r in records_before]


TWO_TABLES = (
    "game badugi · fixed limit 2/4 · blinds 1/2\ncash Night · date 2024-01-01\n"
    "table A\nhand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
    "Anna raises · Ben folds · Cara folds\nAnna collects 5\n"
    "table B\nhand 1 · button Xena · Xena 50 · Yuri 50 · Zack 50\n"
    "Xena raises · Yuri folds · Zack folds\nXena collects 5\n"
    "table A\nhand 2 · button Ben · Anna · Ben · Cara\nBen folds · Cara folds\nAnna collects 2\n"
    "table B\nhand 2 · button Yuri · Xena · Yuri · Zack\nYuri folds · Zack folds\n"
    "Xena collects 2\n"
)


def test_a_hand_that_cannot_be_read_names_its_table(tmp_path: Path) -> None:
    """A PHH hand that cannot be read names its ``table``: only that table's stacks become
    unknown, so a stack changed in a hand of another table is still held against that
    table's hand before it (not taken as written because some other table's hand broke)."""
    path = tmp_path / "two.bhh"
    path.write_text(TWO_TABLES, encoding="utf-8")
    out = io.StringIO()
    assert convert_file(path, "phh", out).written == 4
    text = out.getvalue()
    damaged = text.replace("starting_stacks = [98, 103, 99]", 'starting_stacks = [98, 103, "x"]')
    edited = damaged.replace("starting_stacks = [48, 53, 49]", "starting_stacks = [48, 63, 49]")
    assert edited.count("starting_stacks") == 4 and damaged != text != edited != damaged
    items = list(read_phh(edited, "two.phhs"))
    assert [getattr(i, "table", None) for i in items] == ["A", "B", "A", "B"]
    assert isinstance(items[2], BadugiError)
    phhs = tmp_path / "two.phhs"
    phhs.write_text(edited, encoding="utf-8")
    *_, broken, b2 = run_check([phhs], jobs=1).outcomes()
    assert broken.record is None and "stack-carried" in [e.rule for e in b2.errors]


def test_two_phhs_files_of_one_event_without_hand_numbers_say_how_they_collide(
    tmp_path: Path,
) -> None:
    """Two ``.phhs`` files of one event, as PokerKit's ``dumps_all`` writes them (no ``hand``
    field: each hand is numbered by its table's key, ``[1]``, ``[2]``): the second file's hands
    are conflicts with the first's, and the advice printed, ``--replace``, put them in the
    first's place (found by an audit of the PHH reader).  The conflict says where the
    ledger's hand came from and how to number the hands."""
    rng = random.Random(11)
    random.seed(11)  # PokerKit shuffles with the random module
    paths = []
    for name in ("a", "b"):
        hands = [_pokerkit_hand(rng) for _ in range(2)]
        for history in hands:
            history.event, history.year, history.month, history.day = "Friday", 2024, 3, 1
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            text = pokerkit.HandHistory.dumps_all(hands)
        paths.append(tmp_path / f"{name}.phhs")
        paths[-1].write_text(text, encoding="utf-8")
    db = str(tmp_path / "club.db")
    runner = CliRunner()
    assert runner.invoke(app, ["import", str(paths[0]), "--db", db]).exit_code == 0
    result = runner.invoke(app, ["import", str(paths[1]), "--db", db])
    assert result.exit_code == 1 and "2 conflict" in result.output, result.output
    said = " ".join(result.output.split())
    assert f"the ledger's hand 1 is {paths[0]}'s: a PHH hand without a 'hand' field" in said
    assert "give each its 'hand' (or a 'table') in the files - --replace would put" in said
