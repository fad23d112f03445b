"""The house rule ``shown-after-muck``: a hand shown at the showdown after its player mucked it.

grammar/README.md, *House rules*, ``house shown-after-muck``: ``plays`` (default) tables the
hand again, the cards speak (``000``, "Showdown": everyone still in shows their cards, the best
hand wins), with a warning (``show-after-muck``); ``dead`` reads the muck as a fold (``000``:
"Fold – give up: put your cards away face down"; ``004``: "A folded hand cannot receive either
share"): the mucked hand is out of the pot, its cards are only shown, and the pot goes as the
muck left it.  A club that plays mucked hands dead had its correct record refused (``collect``
errors) before the rule existed.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.convert import convert_file
from badugi_ledger.ledger.fingerprints import fingerprint
from badugi_ledger.model.errors import ParseError
from badugi_ledger.model.settings import HouseRules
from badugi_ledger.replay.stream import replay_stream
from badugi_ledger.text.parse import parse_text

runner = CliRunner()

HEAD = "game GAME · fixed limit 2/4 · blinds 1/2\nRULE\ncash Test · date 2024-01-12\n\n"
# Ben mucks, then shows the best hand of the three: under ``plays`` his hand wins, under
# ``dead`` Cara's (the best hand still in after his muck).
HAND = """hand 1 · button Cara · Anna 100 · Ben 100 · Cara 100
Cara calls · Anna calls · Ben checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
show: Anna Kh 8s 4d 2c · Ben mucks · Cara Qh 9s 6d Ac
Ben shows 7d 5c 3h As
WINNER collects 6
"""
SHOW_LINE, COLLECT_LINE = 14, 15
DEAD = "house shown-after-muck dead"
PLAYS = "house shown-after-muck plays"


def night(rule: str, winner: str, game: str = "badugi", hand: str = HAND) -> str:
    return HEAD.replace("GAME", game).replace("RULE", rule) + hand.replace("WINNER", winner)


def check(tmp_path: Path, text: str) -> tuple[int, str]:
    path = tmp_path / "night.bhh"
    path.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    return result.exit_code, result.output


def outcome_of(text: str):  # type: ignore[no-untyped-def]
    (outcome,) = replay_stream(parse_text(text, "f.bhh"))
    return outcome


def test_the_default_is_plays() -> None:
    """The default is unchanged: a hand shown after its muck plays (grammar/README.md's row)."""
    assert HouseRules().shown_after_muck == "plays"
    text = night("", "Ben")
    assert outcome_of(text).result.pots == outcome_of(night(PLAYS, "Ben")).result.pots


def test_dead_the_mucked_hand_cannot_win_the_others_collection_is_clean(tmp_path: Path) -> None:
    """``dead`` (``004``: "A folded hand cannot receive either share"): Ben's muck stands, the
    pot is Cara's, and the record saying so is clean: exit 0, no warning."""
    code, output = check(tmp_path, night(DEAD, "Cara"))
    assert code == 0, output
    assert "1 ok" in output and "warning" not in output
    outcome = outcome_of(night(DEAD, "Cara"))
    assert not outcome.errors and not outcome.warnings
    assert [dict(p.shares) for p in outcome.result.pots] == [{"Cara": 6}]
    assert any("Ben shows 7d 5c 3h As after mucking" in n for n in outcome.result.notes)


def test_dead_the_shown_hand_collecting_is_a_collect_error(tmp_path: Path) -> None:
    code, output = check(tmp_path, night(DEAD, "Ben"))
    assert code == 1
    assert f"night.bhh:{COLLECT_LINE}:1: hand 1: payout mismatch: Ben collects 6" in output
    assert "no collection is recorded for Cara, who is owed 6" in output
    assert "[collect]" in output and "show-after-muck" not in output


@pytest.mark.parametrize("rule", ["", PLAYS])
def test_plays_the_shown_hand_wins_with_a_warning(rule: str, tmp_path: Path) -> None:
    """``plays`` (default; ``000``: everyone still in shows, the best hand wins): Ben's hand,
    tabled after his muck, wins, with the warning ``show-after-muck``; the same record as the
    ``dead`` night's (Cara collects) is a ``collect`` error."""
    code, output = check(tmp_path, night(rule, "Ben"))
    assert code == 0, output
    assert f"night.bhh:{SHOW_LINE}:1: hand 1: warning: Ben shows 7d 5c 3h As after mucking" in (
        output
    )
    assert "[show-after-muck]" in output and "house shown-after-muck dead" in output
    code, output = check(tmp_path, night(rule, "Cara"))
    assert code == 1
    assert f"night.bhh:{COLLECT_LINE}:1: hand 1: payout mismatch: Cara collects 6" in output
    assert "no collection is recorded for Ben, who is owed 6" in output


BADACEY = """hand 1 · button Cara · Anna 100 · Ben 100 · Cara 100
deal: Anna Kh Qs Jd 9c 8h · Ben As 2d 3h 4c 5s · Cara 7d 6c 5h 3s 2h
Cara calls · Anna calls · Ben checks
draw: Anna pat · Ben pat · Cara pat
Anna checks · Ben checks · Cara checks
draw: Anna pat · Ben pat · Cara pat
Anna checks · Ben checks · Cara checks
draw: Anna pat · Ben pat · Cara pat
Anna checks · Ben checks · Cara checks
show: Anna Kh Qs Jd 9c 8h · Ben mucks · Cara 7d 6c 5h 3s 2h
Ben shows As 2d 3h 4c 5s
WINNER collects 6
"""


def test_dead_in_badacey_neither_share() -> None:
    """``004``: "A folded hand cannot receive either share": Ben's wheel and A-2-3-4 badugi,
    shown after his muck, win both halves under ``plays`` and neither under ``dead``."""
    dead = outcome_of(night(DEAD, "Cara", "badacey", BADACEY))
    assert not dead.errors and not dead.warnings
    assert [dict(p.shares) for p in dead.result.pots] == [{"Cara": 6}]
    plays = outcome_of(night(PLAYS, "Ben", "badacey", BADACEY))
    assert not plays.errors
    assert [dict(p.shares) for p in plays.result.pots] == [{"Ben": 6}]


PROGRESSIVE = HAND.replace("Cara Qh 9s 6d Ac", "Cara Kd Qs Jc Th").replace(
    "WINNER collects 6\n", "carry 6\n"
)


def test_dead_at_a_progressive_showdown_the_muck_stands_as_any_muck() -> None:
    """README, *Rules and house rules*: a muck at a Progressive showdown is not a fold (``002``
    waives the qualifier only when "all but one player folds"); a hand dead after its muck is
    mucked like any other, so the hands left must still qualify, and none does: the pot
    carries, though Ben's 7-5-3-A, shown after his muck, would qualify."""
    dead = outcome_of(night(DEAD, "", "progressive badugi", PROGRESSIVE))
    assert not dead.errors and not dead.warnings
    assert dead.result.carry_out == 6
    plays = outcome_of(night(PLAYS, "", "progressive badugi", PROGRESSIVE))
    assert ("carry-out", 15) in [(e.rule, e.pos.line) for e in plays.errors]


def test_the_writer_writes_the_rule_back(tmp_path: Path) -> None:
    """``convert --to text``: the rule is written back (``house shown-after-muck dead``) and
    the hand read back is the same hand under the same rule."""
    path = tmp_path / "night.bhh"
    path.write_text(night(DEAD, "Cara"), encoding="utf-8")
    out = io.StringIO()
    assert convert_file(path, "text", out).written == 1
    written = out.getvalue()
    assert DEAD in written.splitlines()
    (again,) = parse_text(written, "again.bhh")
    assert not isinstance(again, ParseError)
    assert again.settings.house.shown_after_muck == "dead"
    (first,) = parse_text(night(DEAD, "Cara"), "f.bhh")
    assert again.settings == first.settings
    again_outcome = outcome_of(written)
    assert not again_outcome.errors and not again_outcome.warnings
    default = io.StringIO()
    path.write_text(night("", "Ben"), encoding="utf-8")
    assert convert_file(path, "text", default).written == 1
    assert "shown-after-muck" not in default.getvalue()


def test_a_value_that_is_neither_is_refused_with_the_values() -> None:
    """A clear error at the header line (its values named), and the hand under it not read."""
    item, spoiled = parse_text(night("house shown-after-muck folds", "Cara"), "f.bhh")
    assert isinstance(item, ParseError) and isinstance(spoiled, ParseError)
    assert "house rule shown-after-muck is plays or dead, not 'folds'" in str(item)
    assert item.position.line == 2


def test_the_rule_is_part_of_a_hands_fingerprint_only_when_dead() -> None:
    """Added after fingerprints were stored (``HOUSE_RULES_ADDED_LATER``): a hand under the
    default keeps its fingerprint; the same hand played dead is another hand."""
    (default,) = parse_text(night("", "Cara"), "f.bhh")
    (plays,) = parse_text(night(PLAYS, "Cara"), "f.bhh")
    (dead,) = parse_text(night(DEAD, "Cara"), "f.bhh")
    assert fingerprint(default) == fingerprint(plays) != fingerprint(dead)
