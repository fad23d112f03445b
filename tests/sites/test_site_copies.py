"""A site's hand pasted twice into its file is a copy, told and handled as in our format.

Every case is a real corpus file (``shared/corpus``, named in each test) with one hand's text
pasted again at test time, right after itself or a hand later.  ``check`` reports the copy
once (``duplicate-hand``, at the copy's line, naming the first's) and does not replay it: the
table's later hands are checked from the first, with no stack contradiction and no missing
hand that the copy would make; ``import`` stores the hand once.  A hand that only shares a
number (other stacks or actions) is another hand under that number, reported and replayed,
as in our format (``tests/test_check_one_pass.py``).
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from typer.testing import CliRunner

from badugi_ledger.check import CheckRun
from badugi_ledger.cli import app
from badugi_ledger.model.results import HandOutcome
from badugi_ledger.sites.files import decode_bytes
from tests.helpers.paths import CORPUS

runner = CliRunner()

STARS_CASH = "pokerstars/Badugi-USD-0.25-0.50-201009.txt"
STARS_MTT = "pokerstars/LBad-USD-MTT8-201011.txt"
FTP_MIXED = "fulltilt/10Game-6max-USD-2.50-5.201104.Sample.txt"
MERGE_MULTI = "merge/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt"
KINGS = "kingsclub/Badugi-Limit-USD-30-60-202010.txt"

STARTS = {
    "pokerstars": r"PokerStars (?:Game|Hand) #(\d+):",
    "fulltilt": r"Full Tilt Poker Game #(\d+):",
    "merge": r'<game id="([^"]+)"',
    "kingsclub": r"#(\d+): ",
}


def _text(name: str) -> str:
    text = decode_bytes((CORPUS / name).read_bytes()).replace("\r\n", "\n")
    if name.startswith("merge/"):  # the corpus's one Merge file of several hands is 2-7
        text = text.replace('type="2-7 Lowball"', 'type="Badugi"')
    return text


def _hands(text: str, site: str) -> list[tuple[str, int, int]]:
    """Each hand of ``text``: (its number, its first line, the line after it; 0-based), a hand
    running to the next one's header."""
    lines = text.split("\n")
    start = re.compile(STARTS[site])
    found = [(m[1], i) for i, line in enumerate(lines) if (m := start.match(line))]
    ends = [i for _, i in found[1:]] + [len(lines)]
    return [(number, begin, end) for (number, begin), end in zip(found, ends, strict=True)]


def _pasted(text: str, site: str, hand: str, after: str) -> tuple[str, int, int]:
    """``text`` with the hand numbered ``hand`` pasted again after the one numbered ``after``
    (itself: right after it), and the 1-based lines of the first and of the copy."""
    lines = text.split("\n")
    spans = {number: (begin, end) for number, begin, end in _hands(text, site)}
    begin, end = spans[hand]
    at = spans[after][1]
    copy = lines[begin:end]
    if copy[-1]:  # the file's last hand, without a line end: the copy's ends as the others'
        copy.append("")
    return "\n".join([*lines[:at], *copy, *lines[at:]]), begin + 1, at + 1


def _write(tmp: Path, text: str, name: str = "pasted.txt") -> Path:
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return path


def _check(path: Path) -> list[HandOutcome]:
    return list(CheckRun([path], jobs=1).outcomes())


def _verdicts(outcomes: list[HandOutcome]) -> list[tuple[str, bool, list[str], list[str]]]:
    """Each hand's number, whether it was replayed, and the rules of its errors and warnings."""
    return [
        (
            o.hand_id or "",
            o.result is not None,
            [e.rule for e in o.errors],
            [w.rule for w in o.warnings],
        )
        for o in outcomes
    ]


def _only_the_copy_reported(tmp: Path, name: str, text: str, first: int, copy: int) -> None:
    """``check`` of ``text`` (corpus file ``name`` with a hand pasted again, at line ``copy``)
    reports the copy, once, as a copy of the hand at line ``first``, and does not replay it;
    every other hand is checked as in the file without the copy (same errors and warnings)."""
    outcomes = _check(_write(tmp, text))
    (reported,) = [o for o in outcomes if o.pos.line == copy]
    assert reported.result is None and not reported.warnings, reported
    (error,) = reported.errors
    assert (error.rule, error.pos.line) == ("duplicate-hand", copy)
    assert error.message == (
        f"hand {reported.hand_id} is written twice at this table (first at line {first}): "
        "a hand number names one hand; remove the copy or renumber the hand"
    )
    unpasted = _check(_write(tmp, _text(name), "unpasted.txt"))
    assert _verdicts([o for o in outcomes if o is not reported]) == _verdicts(unpasted)


# --- PokerStars --------------------------------------------------------------------------------


def test_a_pokerstars_hand_pasted_right_after_itself_is_a_copy(tmp_path: Path) -> None:
    """The cash file's third hand, 49164255772 (line 106), pasted again right after itself:
    the copy is ``duplicate-hand``, not a stack contradiction (its stacks are where the hand
    started, not where it left them), and hand 49164287914 is checked from the first."""
    text, first, copy = _pasted(_text(STARS_CASH), "pokerstars", "49164255772", "49164255772")
    assert (first, copy) == (106, 163)
    _only_the_copy_reported(tmp_path, STARS_CASH, text, first, copy)
    assert all(o.ok and not o.warnings for o in _check(CORPUS / STARS_CASH))


def test_a_pokerstars_hand_pasted_a_hand_later_is_a_copy(tmp_path: Path) -> None:
    """The cash file's second hand, 49164247462 (line 75), pasted again after the third: the
    copy is not compared with the third hand (no contradiction), and the fourth is compared
    with the third (where the table is), not with the copy."""
    text, first, copy = _pasted(_text(STARS_CASH), "pokerstars", "49164247462", "49164255772")
    assert (first, copy) == (75, 163)
    _only_the_copy_reported(tmp_path, STARS_CASH, text, first, copy)


def test_a_pokerstars_tournament_hand_pasted_twice_warns_of_no_missing_hand(
    tmp_path: Path,
) -> None:
    """MTT hand 52475822947 (line 54) pasted again right after itself: a tournament's copy is
    not a missing hand between the first and the copy, and no such warning falls on the hand
    after it."""
    text, first, copy = _pasted(_text(STARS_MTT), "pokerstars", "52475822947", "52475822947")
    _only_the_copy_reported(tmp_path, STARS_MTT, text, first, copy)


def test_the_cli_reports_a_pasted_pokerstars_hand_once(tmp_path: Path) -> None:
    """What ``check`` prints for the cash file with hand 49164255772 pasted right after
    itself: the one ``duplicate-hand`` line, and four hands ok."""
    text, _, copy = _pasted(_text(STARS_CASH), "pokerstars", "49164255772", "49164255772")
    path = _write(tmp_path, text)
    result = runner.invoke(app, ["check", str(path), "-j", "1"])
    assert result.exit_code == 1, result.output
    reported = [line for line in result.output.splitlines() if line.startswith(f"{path}:")]
    assert reported[0].startswith(f"{path}:{copy}:1: hand 49164255772: hand 49164255772 is")
    assert reported[0].endswith("[duplicate-hand]") and len(reported) == 2, reported
    assert reported[1] == f"{path}: 5 hands: 4 ok, 1 with violations, 0 with payout mismatches"


def _stored(db: Path) -> list[tuple[str, str, int, int]]:
    """Every stored hand's number, and each of its players with their starting and final
    stacks."""
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT h.hand_number, a.name, hp.starting_stack, hp.final_stack FROM hand_players"
            " hp JOIN aliases a ON a.id = hp.alias_id JOIN hands h ON h.id = hp.hand_id"
            " ORDER BY h.hand_number, a.name"
        )
        return rows.fetchall()


def test_importing_a_pasted_pokerstars_hand_stores_it_once(tmp_path: Path) -> None:
    """``import`` of the cash file with hand 49164247462 pasted after 49164255772: the copy
    is refused (``duplicate-hand``) and nothing else is: the four hands are stored once each,
    as an import of the file without the copy stores them (the hand after the copy with the
    stacks the third hand left)."""
    text, _, copy = _pasted(_text(STARS_CASH), "pokerstars", "49164247462", "49164255772")
    path, db = _write(tmp_path, text), tmp_path / "club.db"
    report = runner.invoke(app, ["import", str(path), "--db", str(db)])
    assert report.exit_code == 1, report.output
    assert "4 stored, 0 duplicate, 1 rejected" in report.output, report.output
    (refused,) = [line for line in report.output.splitlines() if "[duplicate-hand]" in line]
    assert refused.strip().startswith(f"line {copy} hand 49164247462: "), refused
    unpasted = tmp_path / "unpasted.db"
    alone = _write(tmp_path, _text(STARS_CASH), "unpasted.txt")
    assert runner.invoke(app, ["import", str(alone), "--db", str(unpasted)]).exit_code == 0
    assert _stored(db) == _stored(unpasted)
    assert len({number for number, *_ in _stored(db)}) == 4


def test_another_pokerstars_hand_under_a_used_number_is_replayed(tmp_path: Path) -> None:
    """Hand 49164287914 (the cash file's last) written under the number of the hand before
    it, 49164255772: not a copy but another hand under that number, so it is reported as such
    and replayed, the table going on from it as the site printed it (no contradiction)."""
    text = _text(STARS_CASH)
    assert text.count("PokerStars Game #49164287914:") == 1
    renumbered = text.replace("PokerStars Game #49164287914:", "PokerStars Game #49164255772:")
    outcomes = _check(_write(tmp_path, renumbered))
    assert [o.hand_id for o in outcomes][2:] == ["49164255772", "49164255772"]
    *ok, again = outcomes
    assert all(o.ok and not o.warnings for o in ok), ok
    assert again.result is not None and not again.warnings
    (error,) = again.errors
    assert (error.rule, error.pos.line) == ("duplicate-hand", 163)
    assert error.message.startswith(
        "hand 49164255772 is written twice at this table (first at line 106), as another hand"
    )


def test_a_pokerstars_hand_pasted_with_its_number_changed_is_a_copy(tmp_path: Path) -> None:
    """Hand 49164247462 (line 75) pasted right after itself with its number made ...463: read
    as the table's next hand, its stacks going back were a hand missing in between (a warning
    only), and it was stored, its money counted twice (site audit).  The same seats, stacks,
    cards and play under another number: refused as a copy, and the import stores the file's
    four hands as the file without it does."""
    text, first, copy = _pasted(_text(STARS_CASH), "pokerstars", "49164247462", "49164247462")
    lines = text.split("\n")
    assert lines[copy - 1].startswith("PokerStars Game #49164247462:")
    lines[copy - 1] = lines[copy - 1].replace("#49164247462:", "#49164247463:")
    path, db = _write(tmp_path, "\n".join(lines)), tmp_path / "club.db"
    outcomes = _check(path)
    (reported,) = [o for o in outcomes if o.pos.line == copy]
    (error,) = reported.errors
    assert (error.rule, error.pos.line) == ("duplicate-hand", copy), error
    assert error.message.startswith(
        f"hand 49164247463 records what hand 49164247462 (line {first}) records"
    )
    unpasted = _check(_write(tmp_path, _text(STARS_CASH), "unpasted.txt"))
    assert _verdicts([o for o in outcomes if o is not reported]) == _verdicts(unpasted)
    report = runner.invoke(app, ["import", str(path), "--db", str(db)])
    assert "4 stored, 0 duplicate, 1 rejected" in report.output, report.output
    alone = tmp_path / "alone.db"
    assert (
        runner.invoke(app, ["import", str(CORPUS / STARS_CASH), "--db", str(alone)]).exit_code == 0
    )
    assert _stored(db) == _stored(alone)


# --- Full Tilt, Merge, KingsClub ---------------------------------------------------------------


def test_a_full_tilt_hand_with_a_silent_top_up_pasted_twice_is_a_copy(tmp_path: Path) -> None:
    """Hand 29704563387 of the 10-game file (table Jackrabbit), where the site tops Sirocko
    up to $100 without printing it, pasted right after itself: the copy is told by what the
    site printed, not by the top-up the reader works out (which it gives the copy as the
    first), and hand 29704583328 is checked from the first."""
    text, first, copy = _pasted(_text(FTP_MIXED), "fulltilt", "29704563387", "29704563387")
    _only_the_copy_reported(tmp_path, FTP_MIXED, text, first, copy)


def test_a_full_tilt_hand_pasted_a_hand_later_is_a_copy(tmp_path: Path) -> None:
    """Hand 29704423116 of the 10-game file pasted again after 29704471106 (the next Badugi
    hand of its table): no missing hand before the copy or after it."""
    text, first, copy = _pasted(_text(FTP_MIXED), "fulltilt", "29704423116", "29704471106")
    _only_the_copy_reported(tmp_path, FTP_MIXED, text, first, copy)


def test_a_merge_hand_pasted_twice_is_a_copy(tmp_path: Path) -> None:
    """Merge's multi-hand file (read as Badugi, as the other Merge tests do) with hand
    33423082-3 pasted again after 33423082-4: no jump in the table's hand numbers is seen, and
    hand 33423082-5 is checked from 33423082-4."""
    text, first, copy = _pasted(_text(MERGE_MULTI), "merge", "33423082-3", "33423082-4")
    _only_the_copy_reported(tmp_path, MERGE_MULTI, text, first, copy)


def test_a_kingsclub_hand_pasted_twice_is_a_copy(tmp_path: Path) -> None:
    """The KingsClub Badugi file's one hand, 37732805, pasted again after itself."""
    text, first, copy = _pasted(_text(KINGS), "kingsclub", "37732805", "37732805")
    _only_the_copy_reported(tmp_path, KINGS, text, first, copy)


def test_a_copy_of_a_refused_hand_is_refused_too(tmp_path: Path) -> None:
    """The cash file with Lino19's stack edited in hand 49164247462 (5.55 to 5.00: the stacks
    contradict the hand before it), that hand pasted again right after itself.  The copy was
    read as a fresh hand, compared with nothing, and stored: the edited stack reached the
    ledger.  It is refused as a copy of a refused hand, and nothing of that hand is stored."""
    text = _text(STARS_CASH)
    lines = text.split("\n")
    spans = {number: (begin, end) for number, begin, end in _hands(text, "pokerstars")}
    begin, end = spans["49164247462"]
    for i in range(begin, end):
        lines[i] = lines[i].replace("Lino19 ($5.55 in chips)", "Lino19 ($5.00 in chips)")
    assert lines[begin:end] != text.split("\n")[begin:end]
    edited = "\n".join(lines)
    pasted, _, copy = _pasted(edited, "pokerstars", "49164247462", "49164247462")
    path, db = _write(tmp_path, pasted), tmp_path / "club.db"
    rules = [(o.pos.line, [v.rule for v in o.errors]) for o in _check(path) if o.errors]
    assert rules == [
        (begin + 3, ["stack-contradicts-previous-hand"]),  # at the edited seat line
        (copy, ["duplicate-hand"]),
    ], rules
    report = runner.invoke(app, ["import", str(path), "--db", str(db)])
    assert "3 stored, 0 duplicate, 2 rejected" in report.output, report.output
    assert "49164247462" not in {number for number, *_ in _stored(db)}


def _other_game_pasted_before(text: str, stack: str) -> tuple[str, int]:
    """The 10-game file with its 2-7 hand 29704377787 pasted again after Badugi hand
    29704655699, and Hero's stack in the next Badugi hand, 29704674290 ($130.85, where
    29704655699 left him; the table's last Badugi hand), made ``stack``; the 1-based line of
    Hero's seat there."""
    pasted, _, _ = _pasted(text, "fulltilt", "29704377787", "29704655699")
    lines = pasted.split("\n")
    spans = {number: (begin, end) for number, begin, end in _hands(pasted, "fulltilt")}
    begin, end = spans["29704674290"]
    (seat,) = [i for i in range(begin, end) if lines[i] == "Seat 6: Hero ($130.85)"]
    lines[seat] = f"Seat 6: Hero ({stack})"
    return "\n".join(lines), seat + 1


def test_a_copy_of_another_game_s_hand_leaves_the_table_s_stacks_known(tmp_path: Path) -> None:
    """A copy of a hand of another game moved no chips: the table's stacks still carry past
    it.  Hero's stack raised after it is a top-up the reader records (it used to forget the
    table at the copy, so the replay found the raised stack a payout mismatch,
    ``stack-carried``), and lowered, the reader's ``stack-contradicts-previous-hand`` at the
    seat line, as without the copy."""
    raised, _ = _other_game_pasted_before(_text(FTP_MIXED), "$135.85")
    assert [o.errors for o in _check(_write(tmp_path, raised)) if o.errors] == []
    lowered, seat = _other_game_pasted_before(_text(FTP_MIXED), "$125.85")
    reported = [(e.rule, e.pos.line) for o in _check(_write(tmp_path, lowered)) for e in o.errors]
    assert reported == [("stack-contradicts-previous-hand", seat)]
