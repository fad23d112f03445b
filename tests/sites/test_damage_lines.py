"""A damaged site hand is reported at the damaged line, so the organiser can jump to it.

Each case is one real corpus hand (``tests/fixtures/sites``, sources in its ``SOURCES.md``)
with one line damaged at test time: deleted, cut, garbled, or naming a player or seat the hand
does not have.  ``check``'s report must put the error at the line that is wrong or, where the
damage is something missing, at the line after which the site writes it (the message then
says "expected after this line").  The words of each error are otherwise the reader's own.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from badugi_ledger.check import check_file
from badugi_ledger.sites.files import decode_bytes
from badugi_ledger.sources import read_hands
from tests.helpers.paths import CORPUS, FIXTURES

STARS = "pokerstars-52588201462.txt"
FULL_TILT = "fulltilt-32617272179.txt"
KINGS = "kingsclub-37732805.txt"
MERGE = "merge-33227759-34.txt"
STARS_PLAY = "pokerstars-playmoney-49164247462.txt"
FULL_TILT_PLAY = "fulltilt-playmoney-32617272180.txt"

Edit = Callable[[list[str]], None]


def _lines(name: str) -> list[str]:
    text = decode_bytes((FIXTURES / "sites" / name).read_bytes())
    return text.replace("\r\n", "\n").removesuffix("\n").split("\n")


def delete(*numbers: int) -> Edit:
    """Delete lines (1-based)."""

    def edit(lines: list[str]) -> None:
        for number in sorted(numbers, reverse=True):
            del lines[number - 1]

    return edit


def replace(number: int, old: str, new: str) -> Edit:
    """Change ``old`` to ``new`` on a line (1-based), which must hold it."""

    def edit(lines: list[str]) -> None:
        assert old in lines[number - 1], lines[number - 1]
        lines[number - 1] = lines[number - 1].replace(old, new, 1)

    return edit


def cut(number: int) -> Edit:
    """Cut a line (1-based) in half: its second half is lost."""

    def edit(lines: list[str]) -> None:
        lines[number - 1] = lines[number - 1][: len(lines[number - 1]) // 2]

    return edit


def insert(number: int, text: str) -> Edit:
    """A line ``text`` added as line ``number`` (1-based)."""

    def edit(lines: list[str]) -> None:
        lines.insert(number - 1, text)

    return edit


def end_after(number: int) -> Edit:
    """The hand stops after a line (1-based): the rest of the file is lost."""

    def edit(lines: list[str]) -> None:
        del lines[number:]

    return edit


def again_with(old: str, new: str) -> Edit:
    """The hand twice, the second copy's first line changed (its error must be at that copy's
    line, not at the file's first)."""

    def edit(lines: list[str]) -> None:
        copy = list(lines)
        assert old in copy[0]
        copy[0] = copy[0].replace(old, new, 1)
        lines += ["", *copy]

    return edit


def _reported(tmp_path: Path, name: str, edit: Edit) -> list[str]:
    """``check``'s problem lines for the fixture ``name`` once ``edit`` is made."""
    lines = _lines(name)
    edit(lines)
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return check_file(path).problems


CASES = [
    # --- PokerStars (SNG hand 52588201462) ---
    # A summary line whose figure is in other words, or that names a longer name, was passed
    # over without a word: what it says was won was never held to the hand (site audit).
    pytest.param(
        STARS,
        replace(55, "and won (100)", "won (100)"),
        55,
        "the summary's line of seat 4 states a figure in words the reader does not know (a "
        "winner's line says `and won ($x)` or `collected ($x)`), so what Player6 won cannot "
        "be checked: 'Player6 showed [3s 4d 8c Kc] won (100) with a 3-card: 8,4,3' "
        "[unrecognised-line]",
        id="stars-summary-figure-in-other-words",
    ),
    pytest.param(
        STARS,
        replace(53, "Seat 2: Player3 ", "Seat 2: Player3x "),
        53,
        "the summary's line of seat 2 does not name Player3, who sits there: 'Player3x (small "
        "blind) folded after the 1st Draw' [corrupt-hand]",
        id="stars-summary-names-a-longer-name",
    ),
    pytest.param(
        STARS,
        delete(49),  # "Player6 collected 100 from pot"
        54,  # (line 55 before the deletion)
        "the summary says Player6 won 100 but the hand shows 0 collected [corrupt-hand]",
        id="stars-collect-deleted",
    ),
    # A player the summary says played but the lines before it show nothing of was dealt in:
    # his lost turn is found where the next player acts (he did not sit out).
    pytest.param(
        STARS,
        delete(20),  # "Player4: folds"; the summary: "Player4 folded before the Draw"
        20,
        "Player2 acts, but it is Player4's turn (order of play: 000) [turn-order]",
        id="stars-fold-deleted",
    ),
    pytest.param(
        STARS,
        replace(58, "Seat 7: Player4", "Seat 7: Stranger"),
        58,
        "the summary's line of seat 7 does not name Player4, who sits there: "
        '"Stranger folded before the Draw (didn\'t bet)" [corrupt-hand]',
        id="stars-summary-seat-renamed",
    ),
    pytest.param(
        STARS,
        delete(51),  # "Total pot 100 | Rake 0"
        50,
        "the hand has no summary (Total pot … | Rake …): expected after this line [partial-hand]",
        id="stars-total-deleted",
    ),
    pytest.param(
        STARS,
        end_after(45),
        45,
        "the hand has no summary (Total pot … | Rake …): expected after this line [partial-hand]",
        id="stars-hand-cut-short",
    ),
    # A summary cut short (a download broken off) or missing a seat's line passed: the site
    # writes a line for every seat dealt in.
    pytest.param(
        STARS,
        end_after(53),
        53,
        "the summary has no line of seat 3 (Player5), seat 4 (Player6), seat 5 (Player1), "
        "seat 6 (Player0), seat 7 (Player4), seat 8 (Player2): the hand is cut short, or a line "
        "of it deleted: expected after this line [partial-hand]",
        id="stars-summary-cut-short",
    ),
    pytest.param(
        STARS,
        delete(58),  # "Seat 7: Player4 folded before the Draw (didn't bet)"
        58,  # the hand's last line, after which it is missing
        "the summary has no line of seat 7 (Player4): the hand is cut short, or a line of it "
        "deleted: expected after this line [partial-hand]",
        id="stars-summary-seat-deleted",
    ),
    pytest.param(
        FULL_TILT,
        end_after(52),  # "Total pot $0.85 | Rake $0.04", and no seat's line
        52,
        "the summary has no line of seat 1 (Player0), seat 2 (Player1), seat 3 (Player2), "
        "seat 4 (Player3), seat 5 (Player4), seat 6 (Player5), seat 7 (Hero), seat 8 "
        "(Player6): the hand is cut short, or a line of it deleted: expected after this line "
        "[partial-hand]",
        id="fulltilt-summary-cut-short",
    ),
    pytest.param(
        STARS,
        replace(6, "Player6 (1500 in chips)", "Player6 (30 in chips)"),
        6,
        "Player6 puts 40 in, but the hand starts them with 30: the starting stack or an amount "
        "is wrong [stack-contradicts-hand]",
        id="stars-stack-lowered",
    ),
    pytest.param(
        STARS,
        insert(11, "Seat 9: Player6 (1500 in chips) "),  # after the eight seat lines
        11,
        "Player6 is seated twice [corrupt-hand]",
        id="stars-seat-line-twice",
    ),
    pytest.param(
        STARS,
        delete(2),  # the table line, which names the button
        1,
        "the hand names no button: expected after this line [bad-header]",
        id="stars-table-line-deleted",
    ),
    pytest.param(
        STARS,
        again_with("$1.00+", "$1.0.0+"),
        62,
        "amount '$1.0.0' is not a number: expected digits such as 1,500 or $0.25 [bad-amount]",
        id="stars-buy-in-garbled",
    ),
    pytest.param(
        STARS,
        again_with("Level I (20/40)", "Level I"),
        62,
        "no stakes or level in the header [bad-header]",
        id="stars-level-cut",
    ),
    # --- Full Tilt (hand 32617272179) ---
    pytest.param(
        FULL_TILT,
        delete(21),  # "Player3 folds"; the summary: "Player3 (button) folded before the Draw"
        21,
        "Player4 acts, but it is Player3's turn (order of play: 000) [turn-order]",
        id="fulltilt-fold-deleted",
    ),
    pytest.param(
        FULL_TILT,
        delete(50),  # "Hero wins the pot ($0.81) …"
        58,  # (line 59 before the deletion)
        "the summary says Hero won 0.81 but the hand shows 0.00 collected [corrupt-hand]",
        id="fulltilt-win-deleted",
    ),
    pytest.param(
        FULL_TILT,
        delete(13),  # "The button is in seat #4", just before the hole cards
        12,
        "the hand names no button: expected after this line [bad-header]",
        id="fulltilt-button-deleted",
    ),
    pytest.param(
        FULL_TILT,
        delete(52),
        51,
        "the hand has no summary (Total pot … | Rake …): expected after this line [partial-hand]",
        id="fulltilt-total-deleted",
    ),
    pytest.param(
        FULL_TILT,
        replace(8, "Hero ($5)", "Hero ($0.20)"),
        8,
        "Hero puts 0.40 in, but the hand starts them with 0.20: the starting stack or an amount "
        "is wrong [stack-contradicts-hand]",
        id="fulltilt-stack-lowered",
    ),
    pytest.param(
        FULL_TILT,
        again_with("- FL Badugi", "(partial) - FL Badugi"),
        62,
        "a partial hand: the site kept only its summary [partial-hand]",
        id="fulltilt-partial-second-hand",
    ),
    pytest.param(
        FULL_TILT,
        replace(59, "and won ($0.81)", "and took ($0.81)"),
        59,
        "the summary's line of seat 7 states a figure in words the reader does not know (a "
        "winner's line says `and won ($x)` or `collected ($x)`), so what Hero won cannot be "
        "checked: 'Hero (big blind) showed [5c 4s 2h Js] and took ($0.81) with a 3-Card: 5, "
        "4, 2' [unrecognised-line]",
        id="fulltilt-summary-figure-in-other-words",
    ),
    # The uncalled bet a site says it returned, held to the round's bets (the replay returns
    # what they leave; a figure that differs went unnoticed: site audit).
    pytest.param(
        STARS_PLAY,
        replace(19, "Uncalled bet (15)", "Uncalled bet (14)"),
        19,
        "the site returns 14 of Scorpio2000's bet as uncalled, but the round's bets leave 15 "
        "of it uncalled [corrupt-hand]",
        id="stars-uncalled-bet-figure",
    ),
    pytest.param(
        FULL_TILT_PLAY,
        replace(24, "Uncalled bet of 5", "Uncalled bet of 6"),
        24,
        "the site returns 6 of Player6's bet as uncalled, but the round's bets leave 5 of it "
        "uncalled [corrupt-hand]",
        id="fulltilt-uncalled-bet-figure",
    ),
    # The summary's "showed [cards]" told another showdown than the show lines (site audit).
    pytest.param(
        STARS,
        replace(55, "[3s 4d 8c Kc]", "[Kc Kd Kh Ks]"),
        55,
        "the summary says Player6 showed [Kc Kd Kh Ks], but the hand shows [3s 4d 8c Kc] of "
        "him [corrupt-hand]",
        id="stars-summary-showed-other-cards",
    ),
    pytest.param(
        FULL_TILT,
        replace(59, "[5c 4s 2h Js]", "[5c 4s 2h Jd]"),
        59,
        "the summary says Hero showed [5c 4s 2h Jd], but the hand shows [5c 4s 2h Js] of him "
        "[corrupt-hand]",
        id="fulltilt-summary-showed-other-cards",
    ),
    pytest.param(
        FULL_TILT,
        replace(
            56, "(button) folded before the Draw (didn't bet)", "(button) showed [Kc 9d 8h 7s]"
        ),
        56,
        "the summary says Player3 showed [Kc 9d 8h 7s], but the hand shows no cards of him "
        "[corrupt-hand]",
        id="fulltilt-summary-showed-no-show",
    ),
    # A seat named twice was two players in one seat (the button found for either); a
    # KingsClub summary line was never held to its seat (site audit).
    pytest.param(
        FULL_TILT,
        replace(4, "Seat 3: Player2", "Seat 2: Player2"),
        4,
        "seat 2 is named twice: Player1 sits there (line 3), and this line seats Player2 "
        "[corrupt-hand]",
        id="fulltilt-seat-named-twice",
    ),
    # --- KingsClub (hand 37732805) ---
    pytest.param(
        KINGS,
        replace(5, "Seat 2: Player1", "Seat 1: Player1"),
        5,
        "seat 1 is named twice: Player0 sits there (line 4), and this line seats Player1 "
        "[corrupt-hand]",
        id="kingsclub-seat-named-twice",
    ),
    pytest.param(
        KINGS,
        replace(40, "Seat 2:", "Seat 5:"),
        40,
        "the summary's line of seat 5 does not name Hero, who sits there: 'Seat 5: Player1 "
        "(928.25) +298.25' [corrupt-hand]",
        id="kingsclub-summary-names-another-seat",
    ),
    pytest.param(
        KINGS,
        replace(40, "Seat 2:", "Seat 3:"),
        40,
        "the summary names seat 3, which is empty [corrupt-hand]",
        id="kingsclub-summary-names-an-empty-seat",
    ),
    pytest.param(
        KINGS,
        replace(40, "Player1", "Stranger"),
        40,
        "the summary names Stranger, who has no seat in this hand [corrupt-hand]",
        id="kingsclub-summary-names-a-stranger",
    ),
    pytest.param(
        KINGS,
        replace(41, "(570)", "(560)"),
        41,
        "the summary's final stack for Hero (560.00) is not the starting stack (600.00) plus the "
        "net (-30.00) [corrupt-hand]",
        id="kingsclub-final-stack-changed",
    ),
    pytest.param(
        KINGS,
        delete(39, 40, 41, 42, 43),
        38,
        "the hand has no summary of stacks: expected after this line [partial-hand]",
        id="kingsclub-summary-deleted",
    ),
    pytest.param(
        KINGS,
        delete(42),  # "Rake 1.75": the replay finds the chips missing from the final stacks
        39,
        "payout mismatch: the recorded final stacks add up to 2513.25; with rake 0.00 and 0.00 "
        "carried that is 2513.25, but the players started with 2515.00: 1.75 USD lost "
        "[chips-balance]",
        id="kingsclub-rake-deleted",
    ),
    pytest.param(
        KINGS,
        delete(3),  # the table line, which names the button
        2,
        "the hand names no button: expected after this line [bad-header]",
        id="kingsclub-table-line-deleted",
    ),
    # --- Merge (hand 33227759-34; the <game> line is line 2) ---
    pytest.param(
        MERGE,
        cut(51),  # the winner
        51,
        'unrecognised line \'<winner amount="4.38" uncalled="false\': not one whole XML element '
        "(cut short?) [unrecognised-line]",
        id="merge-winner-cut",
    ),
    pytest.param(
        MERGE,
        delete(55),  # "</game>": the hand never closes
        54,
        "the hand has no closing </game>: expected after this line [partial-hand]",
        id="merge-game-not-closed",
    ),
    pytest.param(
        MERGE,
        end_after(40),  # the file ends inside the hand
        40,
        "the hand has no closing </game>: expected after this line [partial-hand]",
        id="merge-file-cut-inside-the-hand",
    ),
    pytest.param(
        MERGE,
        delete(51),
        49,
        "the hand has no winner: expected after this line [partial-hand]",
        id="merge-winner-deleted",
    ),
    pytest.param(
        MERGE,
        replace(5, ' balance="$80.53"', ""),
        5,
        "this hand is damaged and cannot be read (nothing for 'balance' where the site writes "
        "one: a part missing, or a seat or name the hand does not have) [corrupt-hand]",
        id="merge-balance-missing",
    ),
    pytest.param(
        MERGE,
        replace(51, 'player="3"', 'player="5"'),
        51,
        "this hand is damaged and cannot be read (nothing for '5' where the site writes one: a "
        "part missing, or a seat or name the hand does not have) [corrupt-hand]",
        id="merge-winner-on-an-empty-seat",
    ),
    pytest.param(
        MERGE,
        replace(51, 'amount="4.38"', 'amount="9.00"'),  # less the uncalled 1.50
        51,
        "the winners get 7.50, more than the 3.00 put in [corrupt-hand]",
        id="merge-winner-amount-raised",
    ),
    pytest.param(
        MERGE,
        replace(1, "Half Pot Limit ($0.50/$0.50)", "Half Pot Limit"),
        1,
        "cannot read the stakes 'Half Pot Limit' [bad-header]",
        id="merge-stakes-cut",
    ),
    pytest.param(
        MERGE,
        replace(3, ' dealer="3"', ""),
        3,
        "the hand names no button [bad-header]",
        id="merge-dealer-missing",
    ),
]


@pytest.mark.parametrize(("name", "edit", "line", "words"), CASES)
def test_a_damaged_hand_is_reported_at_the_damaged_line(
    tmp_path: Path, name: str, edit: Edit, line: int, words: str
) -> None:
    problems = _reported(tmp_path, name, edit)
    assert problems, "the damage went unnoticed"
    where, _, rest = problems[0].partition(": hand ")
    assert where == f"{tmp_path / name}:{line}:1", problems[0]
    assert rest.partition(": ")[2] == words


def test_a_cut_merge_line_is_refused_at_that_line(tmp_path: Path) -> None:
    """A Merge line that is not one whole element is an error at that line, as the other
    readers refuse a line they cannot read: Player2's call of 0.75 cut short (line 30) was
    left out, and the hand read without it (every corpus Merge file has one whole element
    on every line of a hand: nothing legitimate is refused)."""
    problems = _reported(tmp_path, MERGE, cut(30))
    assert problems == [
        f'{tmp_path / MERGE}:30:1: hand 33227759-34: unrecognised line \'<event sequence="14" '
        'type="CALL" timestam\': not one whole XML element (cut short?) [unrecognised-line]'
    ]


def test_a_cut_merge_description_reads_no_hand_under_another(tmp_path: Path) -> None:
    """The description line cut short (line 1): an error of its own, outside any hand, and its
    hand is not read as another game or under an earlier description's stakes."""
    problems = _reported(tmp_path, MERGE, cut(1))
    assert problems == [
        f"{tmp_path / MERGE}:1:1: unrecognised line '<description type=\"Badugi\" stakes': not "
        "one whole XML element (cut short?) [unrecognised-line]",
        f"{tmp_path / MERGE}:1:1: hand 33227759-34: no <description> before this hand says its "
        "game and stakes [bad-header]",
    ]


def test_every_mistake_of_a_file_is_at_its_own_line(tmp_path: Path) -> None:
    """Three copies of the Stars hand (hand and table numbers changed, so they are three hands
    of three tables), each damaged differently: one run lists all three, each at its line."""

    def edit(lines: list[str]) -> None:
        hand = list(lines)
        for copy in (2, 3):
            lines += [
                "",
                hand[0].replace("#52588201462", f"#5258820146{copy}"),
                hand[1].replace("'330855877 1'", f"'330855877 {copy}'"),
                *hand[2:],
            ]
        lines[6 - 1] = lines[6 - 1].replace("(1500 in chips)", "(30 in chips)")  # first copy
        lines[61 + 51 - 1] = ""  # second copy: its total
        del lines[122 + 49 - 1]  # third copy: its collect line

    problems = _reported(tmp_path, STARS, edit)
    assert [p.split(":")[1] for p in problems] == ["6", str(61 + 50), str(122 + 54)], problems


def first_of_two(old: str, new: str) -> Edit:
    """The hand twice, the first copy's first line changed (the second keeps the file's
    format recognised: a first line so damaged would otherwise make it our text format)."""

    def edit(lines: list[str]) -> None:
        copy = list(lines)
        assert old in lines[0]
        lines[0] = lines[0].replace(old, new, 1)
        lines += ["", *copy]

    return edit


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        pytest.param(STARS, "PokerStars Game #", "PokerStars Gmae #", id="stars"),
        pytest.param(FULL_TILT, "Full Tilt Poker Game #", "Full Tilt Poker Game 3", id="fulltilt"),
        pytest.param(
            KINGS, "#37732805: Limit Badugi - 30/60", "#37732805 Limit Badugi", id="kings"
        ),
    ],
)
def test_a_first_hand_whose_header_starts_no_hand_is_reported_at_that_line(
    tmp_path: Path, name: str, old: str, new: str
) -> None:
    """The fixture's hand twice, the first copy's first line damaged so that it no longer
    starts a hand: the lines before a file's first hand were dropped unread, so that hand
    vanished and ``check`` found nothing wrong.  It is an error of its own, at its line, and
    the next hand is read as usual (later in a file, see the tests after the summary below)."""
    problems = _reported(tmp_path, name, first_of_two(old, new))
    assert len(problems) == 1, problems
    where, _, words = problems[0].partition(": unrecognised line ")
    assert where == f"{tmp_path / name}:1:1"
    assert words.startswith(repr(_lines(name)[0].lstrip("\ufeff").replace(old, new, 1)))
    assert words.endswith(
        " before the first hand: no hand of this format starts so (a damaged hand header?); "
        "the lines up to the next hand are not read [unrecognised-line]"
    )


def test_lines_a_site_writes_before_its_first_hand_are_no_error(tmp_path: Path) -> None:
    """Blank lines, and Full Tilt's archive separator (``corpus/fulltilt/3-Draw-Limit-USD-1500
    -3000-201101.FTP.Archive.sample.txt`` starts with one), before the first hand are read past."""
    separator = "******************** # 1 *************************"
    assert check_file_ok(tmp_path, FULL_TILT, insert(1, separator))
    assert check_file_ok(tmp_path, STARS, insert(1, ""))


def check_file_ok(tmp_path: Path, name: str, edit: Edit) -> bool:
    """Whether the fixture ``name`` checks clean once ``edit`` is made."""
    return _reported(tmp_path, name, edit) == []


def test_a_file_of_no_hand_is_not_a_damaged_first_hand(tmp_path: Path) -> None:
    """A PokerStars tournament summary (``TS….txt``, written beside the hand histories, its
    layout as PokerStars writes it) starts no hand: it holds no Badugi-family hand, and none
    of its lines is reported as a damaged hand header, so checking a history folder stays
    clean."""
    summary = tmp_path / "TS20101101 T1234567890 Badugi Limit $3+$0.30.txt"
    summary.write_text(
        "\ufeffPokerStars Tournament #1234567890, Badugi Limit\n"
        "Buy-In: $3.00/$0.30 USD\n9 players\nTotal Prize Pool: $27.00 USD\n"
        "Tournament started 2010/11/01 12:00:00 ET\n\n"
        "  1: Hero (Germany), $13.50 (50%)\n  2: Villain (Canada), $8.10 (30%)\n\n"
        "You finished in 1st place.\n",
        encoding="utf-8",
    )
    assert list(read_hands(summary, "pokerstars")) == []


def _corpus_damaged(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """The corpus file ``name`` with its first ``old`` changed to ``new``, saved as UTF-8."""
    text = decode_bytes((CORPUS / name).read_bytes())
    assert old in text
    path = tmp_path / Path(name).name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


AFTER_SUMMARY = (
    "no hand of this format starts so (a damaged hand header?); the lines up to the next hand "
    "are not read [unrecognised-line]"
)


def test_a_damaged_header_after_a_hand_leaves_that_hand_whole(tmp_path: Path) -> None:
    """``corpus/pokerstars/Badugi-USD-0.25-0.50-201009.txt`` with its second hand's first line
    damaged: that line used to be read as a summary line of the first hand, which was refused
    for it, and the damaged hand vanished with it.  The first hand is read whole (ok), the
    damaged line is the one error, at its line, and the two hands after it are checked."""
    path = _corpus_damaged(
        tmp_path,
        "pokerstars/Badugi-USD-0.25-0.50-201009.txt",
        "PokerStars Game #49164247462",
        "PokerStars Gmae #49164247462",
    )
    checked = check_file(path)
    assert checked.problems == [
        f"{path}:75:1: unrecognised line 'PokerStars Gmae #49164247462:  Badugi Limit "
        "($0.25/$0.50 USD) - 2010/09/05 10:33:25 ET' after the summary of hand 49164202872: "
        + AFTER_SUMMARY
    ]
    (summary,) = checked.summaries
    assert (summary.hands, summary.ok, summary.outside) == (3, 3, 1)


def test_a_damaged_badugi_header_after_a_hand_of_another_game_is_reported(
    tmp_path: Path,
) -> None:
    """``corpus/fulltilt/10Game-6max-USD-2.50-5.201104.Sample.txt`` (ten games in turn) with
    the header of Badugi hand 29704409780 damaged: it came after an Omaha hand, which is
    skipped unread, and the Badugi hand was lost with it, nothing said.  Now the damaged line
    is reported and the other nine Badugi hands are checked."""
    path = _corpus_damaged(
        tmp_path,
        "fulltilt/10Game-6max-USD-2.50-5.201104.Sample.txt",
        "Full Tilt Poker Game #29704409780",
        "Full Tilt Pokre Game #29704409780",
    )
    checked = check_file(path)
    (problem,) = checked.problems
    assert problem.startswith(f"{path}:821:1: unrecognised line 'Full Tilt Pokre Game #29704409780")
    assert problem.endswith(f"after the summary of hand 29704377787: {AFTER_SUMMARY}")
    (summary,) = checked.summaries
    assert (summary.hands, summary.ok, summary.outside) == (9, 9, 1)


def test_a_blank_line_in_a_summary_splits_no_hand(tmp_path: Path) -> None:
    """A hand is split only when it holds a second summary: a line blanked inside the summary
    (the Stars fixture's total line) is reported as before, and the lines after it stay the
    hand's own."""
    problems = _reported(tmp_path, STARS, replace(51, _lines(STARS)[50], ""))
    assert [p.split(":")[1] for p in problems] == ["50"], problems


def test_a_damaged_first_header_and_a_later_one_are_each_reported_once(tmp_path: Path) -> None:
    """``corpus/pokerstars/Badugi-USD-0.25-0.50-201009.txt`` with the first hand's header and
    the third's damaged: each is one error at its line (the first was reported again after
    the third, a third hand rejected that the file does not hold)."""
    text = decode_bytes((CORPUS / "pokerstars/Badugi-USD-0.25-0.50-201009.txt").read_bytes())
    lines = text.replace("\r\n", "\n").split("\n")
    for number in (1, 106):
        assert lines[number - 1].lstrip("\ufeff").startswith("PokerStars Game #")
        lines[number - 1] = lines[number - 1].replace("PokerStars Game", "PokerStars Gmae", 1)
    path = tmp_path / "two_damaged.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    checked = check_file(path)
    assert [p.split(":")[1] for p in checked.problems] == ["1", "106"], checked.problems
    (summary,) = checked.summaries
    assert (summary.hands, summary.ok, summary.outside) == (2, 2, 2)


def test_a_file_of_one_hand_whose_header_is_damaged_is_reported(tmp_path: Path) -> None:
    """The first hand of the Stars cash file alone, its header damaged: a file of one hand
    whose header starts no hand.  Its lines hold a hand's summary, so it is no file of no hand
    (a tournament summary): the damaged line is reported and ``check`` fails; it said the
    file held no Badugi-family hand and passed."""
    text = decode_bytes((CORPUS / "pokerstars/Badugi-USD-0.25-0.50-201009.txt").read_bytes())
    lines = text.replace("\r\n", "\n").split("\n")[:74]
    lines[0] = lines[0].replace("PokerStars Game", "PokerStars Gmae", 1)
    path = tmp_path / "one_damaged.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (problem,) = check_file(path).problems
    assert problem.startswith(f"{path}:1:1: unrecognised line 'PokerStars Gmae #49164202872")
