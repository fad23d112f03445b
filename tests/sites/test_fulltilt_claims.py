"""Full Tilt's lines of the draws are the site's claims of the hand so far, held to its lines.

Each draw's line states the pot (``*** FIRST DRAW *** (Pot: $0.20)``; in the 2013 wording
``(Total Pot: $0.45, 2 Players)``, with ``, 1 All-In`` when a player is all-in): the chips put
in before it, less an uncalled bet returned, and the players still in.  They were never read,
so any figure passed, one in another currency too (site audit).

Sources (``tests/fixtures/sites/SOURCES.md`` and the corpus's ``SOURCES.md``): the Full Tilt
hand 32617272179 copied in ``tests/fixtures/sites`` (2013 wording) and hand 25340585274, the
corpus file ``fulltilt/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt`` (2010 wording), each
changed on one line at test time.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.check import check_file
from badugi_ledger.replay import replay_stream
from badugi_ledger.sites.files import decode_bytes
from badugi_ledger.sources import read_hands
from tests.helpers.paths import CORPUS, FIXTURES

NEW_WORDING = FIXTURES / "sites" / "fulltilt-32617272179.txt"
OLD_WORDING = CORPUS / "fulltilt" / "Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt"


def _edited(tmp_path: Path, source: Path, number: int, old: str, new: str) -> Path:
    """``source`` with ``old`` changed to ``new`` on line ``number`` (1-based)."""
    lines = decode_bytes(source.read_bytes()).splitlines()
    assert old in lines[number - 1], lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new, 1)
    path = tmp_path / source.name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("source", [NEW_WORDING, OLD_WORDING], ids=["2013", "2010"])
def test_the_real_hands_state_their_pots_and_players_as_their_lines_put_them(
    source: Path,
) -> None:
    assert check_file(source).problems == []


@pytest.mark.parametrize(
    ("source", "number", "old", "new", "problem"),
    [
        pytest.param(
            NEW_WORDING,
            31,
            "(Total Pot: $0.45, 2 Players)",
            "(Total Pot: $9.45, 2 Players)",
            "the site says the pot is 9.45 at the second draw, but the hand's lines before it "
            "put 0.45 in [corrupt-hand]",
            id="total-pot",
        ),
        pytest.param(
            OLD_WORDING,
            59,
            "(Pot: $0.70)",
            "(Pot: $7.00)",
            "the site says the pot is 7.00 at the third draw, but the hand's lines before it "
            "put 0.70 in [corrupt-hand]",
            id="pot",
        ),
        pytest.param(
            NEW_WORDING,
            24,
            "$0.45",
            "€0.45",
            "amount '€0.45' is in EUR in a hand played in USD [bad-amount]",
            id="other-currency",
        ),
        pytest.param(
            NEW_WORDING,
            40,
            "2 Players",
            "5 Players",
            "the site says 5 players are still in at the third draw, but the hand's lines "
            "before it leave 2 (Hero, Player2) [corrupt-hand]",
            id="players",
        ),
        pytest.param(
            NEW_WORDING,
            24,
            "2 Players)",
            "2 Players, 1 All-In)",
            "the site says 1 player is all-in at the first draw, but the hand's lines before "
            "it leave 0 (none) [corrupt-hand]",
            id="all-in",
        ),
        pytest.param(
            NEW_WORDING,
            24,
            "(Total Pot: $0.45, 2 Players)",
            "(Total Pot $0.45)",
            "unrecognised words after the first draw: '(Total Pot $0.45)' [unrecognised-line]",
            id="other-words",
        ),
    ],
)
def test_a_draw_line_that_contradicts_the_lines_before_it_is_reported_there(
    tmp_path: Path, source: Path, number: int, old: str, new: str, problem: str
) -> None:
    path = _edited(tmp_path, source, number, old, new)
    (reported,) = check_file(path).problems
    assert f"{path}:{number}:1: " in reported
    assert reported.endswith(problem)


@pytest.mark.parametrize(
    ("number", "old", "new", "problem"),
    [
        pytest.param(
            28,
            "Player2 is dealt 2 cards",
            "Player2 is dealt 3 cards",
            "the site deals Player2 3 cards after Player2 discards 2 [corrupt-hand]",
            id="count",
        ),
        pytest.param(
            36,
            "Player2 is dealt 1 card",
            "Player6 is dealt 1 card",
            "the site deals Player6 1 card after Player6 folded [corrupt-hand]",
            id="folded",
        ),
        pytest.param(
            26,
            "Player2 discards 2 cards",
            "Player2 is dealt 2 cards\nPlayer2 discards 2 cards",
            "the site deals Player2 2 cards before Player2 discards in this draw [corrupt-hand]",
            id="before-the-discard",
        ),
        pytest.param(
            29,
            "Hero checks",
            "Player2 is dealt 2 cards\nHero checks",
            "the site deals Player2 cards twice in this draw [corrupt-hand]",
            id="twice",
        ),
        pytest.param(
            28,
            "Player2 is dealt 2 cards",
            "Player9 is dealt 2 cards",
            "the site deals Player9 2 cards, but no seat of the hand is Player9's [corrupt-hand]",
            id="no-seat",
        ),
    ],
)
def test_cards_dealt_that_contradict_the_player_s_draw_are_reported_at_their_line(
    tmp_path: Path, number: int, old: str, new: str, problem: str
) -> None:
    """``X is dealt N cards`` follows the same player's ``discards N cards`` in every real
    hand, with his count; a count that differs, a player who folded, or a name no seat has
    is the file contradicting itself (as ``discards 2 cards []`` is)."""
    path = _edited(tmp_path, NEW_WORDING, number, old, new)
    (reported,) = check_file(path).problems
    assert f"{path}:{number}:1: " in reported
    assert reported.endswith(problem)


def _new_wording_with(*edits: tuple[str, str]) -> str:
    """Hand 32617272179 (LF line ends) with each ``(old, new)`` of ``edits`` made, each
    ``old`` written once in it."""
    text = decode_bytes(NEW_WORDING.read_bytes()).replace("\r\n", "\n")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def test_a_call_all_in_reads_its_amount_before_the_comma(tmp_path: Path) -> None:
    """Full Tilt writes ``Hero calls $0.20, and is all in`` (the corpus's
    ``fulltilt/3-Draw-Limit-USD-STT-2max-10-201211.txt``: ``Hero calls 25, and is all in``).
    The amount took the comma, and the legal line was refused as unrecognised.  Hand
    32617272179 with Hero starting with the $0.40 he puts in: all-in on his call of the
    second round, he checks no more, and the third draw's line counts him all-in."""
    text = _new_wording_with(
        ("Seat 7: Hero ($5)", "Seat 7: Hero ($0.40)"),
        ("Hero calls $0.20\n", "Hero calls $0.20, and is all in\n"),
        ("(Total Pot: $0.85, 2 Players)", "(Total Pot: $0.85, 2 Players, 1 All-In)"),
        ("dealt 1 card\nHero checks\nPlayer2 checks\n", "dealt 1 card\n"),
    )
    path = tmp_path / "all-in.txt"
    path.write_text(text, encoding="utf-8")
    assert check_file(path).problems == []
    (outcome,) = replay_stream(read_hands(path))
    assert outcome.result is not None and dict(outcome.result.final_stacks)["Hero"] == 81


def test_the_summary_s_duration_line_is_read(tmp_path: Path) -> None:
    """Full Tilt's summaries of 2010-2011 begin with how long the hand took (``Duration 24s``:
    the corpus's ``fulltilt/3-Draw-Limit-USD-150-300-201011.Hero.and.Player1.sitting.out.txt``
    and two other files of that era); a Badugi hand so written was refused as an unrecognised
    summary line.  Hand 32617272179 with that line."""
    text = _new_wording_with(("*** SUMMARY ***\n", "*** SUMMARY ***\nDuration 24s\n"))
    path = tmp_path / "duration.txt"
    path.write_text(text, "utf-8")
    assert check_file(path).problems == []


@pytest.mark.parametrize(("pat", "ok"), [("4s 5c 2h Qs", True), ("4s 5c 2h Ks", False)])
def test_the_hero_standing_pat_on_his_cards(tmp_path: Path, pat: str, ok: bool) -> None:
    """Full Tilt writes the hero's pat with his cards (``Hero stands pat on [...]``, 13 lines
    of the corpus's 2-7 files, e.g. ``fulltilt/3-Draw-Limit-USD-STT-2max-10-201211.txt``): the
    line was unrecognised and the hand refused.  It is a pat, its cards held to the hero's,
    as PokerStars' are.  Hand 32617272179 with the hero pat in the third draw."""
    text = _new_wording_with(
        ("Hero discards 1 card [Qs]\n", f"Hero stands pat on [{pat}]\n"),
        ("Dealt to Hero [4s 5c 2h] [Js]\n", ""),
        ("Hero shows [5c 4s 2h Js]", "Hero shows [5c 4s 2h Qs]"),
        ("showed [5c 4s 2h Js]", "showed [5c 4s 2h Qs]"),
    )
    path = tmp_path / "pat.txt"
    path.write_text(text, encoding="utf-8")
    problems = check_file(path).problems
    if ok:
        assert problems == []
    else:
        (problem,) = problems
        assert "the site says Hero stands pat on [4s 5c 2h Ks] but holds" in problem


def test_a_draw_line_s_count_of_thousands_of_digits_is_said_at_its_line(tmp_path: Path) -> None:
    """A count of 5,000 digits was an internal error of Python's at the hand's first line."""
    path = _edited(tmp_path, NEW_WORDING, 24, "2 Players", "9" * 5000 + " Players")
    (reported,) = check_file(path).problems
    assert f"{path}:24:1: hand 32617272179: players '999" in reported
    assert "is not a whole number of at most" in reported and "ValueError" not in reported
