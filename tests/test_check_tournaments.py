"""``check`` says the import's warnings of a tournament (docs/ledger.md, *Tournaments*; the
rules: ``badugi_ledger/ledger/tournament_warnings.py``, which both ask): a player who never sat
down with the starting chips, and a player who busted at one table and plays at another on
chips nobody bought.  The import prints them under the file, with no line; ``check`` says each
in its words, a warning at the tournament's first hand in the first file that holds it, one
process or two, text and ``--json``.

From ``examples/tournament.bhh`` (tournament chips are bought only by the buy-in, rebuys and
add-ons): its hands T2 and T3 with Noor written ``noor`` (170 chips, the stack T1 left Noor),
one file; and tests/ledger/test_tournament_free_chips.py's two tables, Bram busting at table
Final and sitting down at table Side with 200 chips and no ``rebuys`` line, two files.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.ledger.test_tournament_free_chips import FINAL, SIDE, TEXT

runner = CliRunner()

RENAMED = TEXT[: TEXT.index("hand T2")] + TEXT[TEXT.index("hand T2") :].replace(
    "Kira · Noor · Bram", "Kira · noor 170 · Bram", 1
).replace("Noor", "noor")
"""Noor, who left hand T1 with 170 chips, written ``noor`` from hand T2 on."""


def _import_warnings(tmp_path: Path, paths: list[Path]) -> list[str]:
    """The warnings of an import of ``paths`` into an empty ledger, each once."""
    db = tmp_path / "empty.db"
    db.unlink(missing_ok=True)
    out = runner.invoke(app, ["import", "--json", "--db", str(db), *map(str, paths)])
    files = json.loads(out.output)["files"]
    assert all(not f["rejections"] and f["error"] is None for f in files), files
    return list(dict.fromkeys(w for f in files for w in f["warnings"]))


def _check(paths: list[Path], *options: str) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["check", *options, *map(str, paths)])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output.splitlines()


def _said(
    paths: list[Path], warning: str, rule: str, place: str, also: tuple[str, ...] = ()
) -> None:
    """``check`` of ``paths`` says ``warning`` once, at ``place``, one process or two; its
    summaries count it (and one warning of each rule ``also``); ``--json`` has it in the
    warnings of that hand; ``--strict`` fails."""
    one = _check(paths, "--jobs", "1")
    assert one == _check(paths, "--jobs", "2")
    status, lines = one
    assert status == 0
    assert [line for line in lines if f"[{rule}]" in line] == [
        f"{place}: warning: {warning} [{rule}]"
    ], lines
    count = 1 + len(also)
    assert lines[-1].endswith(f", {count} warning{'s' if count > 1 else ''}"), lines
    assert all(any(f"[{other}]" in line for line in lines) for other in also), lines
    assert _check(paths, "--strict")[0] == 1
    objects = [json.loads(line) for line in _check(paths, "--json")[1]]
    said = [
        (o["source"], o["hand"], w["message"])
        for o in objects
        for w in o["warnings"]
        if w["rule"] not in also
    ]
    source, line, _, hand = place.split(":")
    assert said == [(source, hand.removeprefix(" hand "), warning)]
    assert [o["line"] for o in objects if o["hand"] == hand.removeprefix(" hand ")][0] == int(line)


def test_a_player_who_never_sat_down_with_the_starting_chips_in_one_file(tmp_path: Path) -> None:
    night = tmp_path / "night.bhh"
    night.write_text(RENAMED, encoding="utf-8")
    warnings = _import_warnings(tmp_path, [night])
    (warning,) = [w for w in warnings if " sits down in " in w]
    assert warning.startswith("'noor' sits down in Spring Freezeout (2024-04-12) with 170")
    # and ``noor`` looks like ``Noor`` (other capitals: docs/ledger.md, the look-alike rule)
    assert [w for w in warnings if w != warning][0].startswith("'noor', a new player, looks")
    _said(
        [night],
        warning,
        "tournament-second-entry",
        f"{night}:9:1: hand T1",
        also=("player-look-alike",),
    )


def test_the_untouched_example_tournament_says_nothing(tmp_path: Path) -> None:
    night = tmp_path / "night.bhh"
    night.write_text(TEXT, encoding="utf-8")
    assert _import_warnings(tmp_path, [night]) == []
    status, lines = _check([night])
    assert status == 0 and not any("warning" in line for line in lines), lines


def test_a_table_in_two_files_plays_in_the_order_of_their_hand_numbers(tmp_path: Path) -> None:
    """One table of the example tournament in two files, hand T9 in the first and T10, T11
    (its stacks stated) in the second: the ledger plays the files in the order of their first
    hand's number (T9 before T10, though "T10" sorts before "T9" as text), so the import says
    nothing, and so does ``check``, which said Noor and Bram sat down again at T9 on chips
    nobody bought (it read the hands' places, not their numbers' sort keys)."""
    level_2 = TEXT.index("# level 2")
    first, second = tmp_path / "a.bhh", tmp_path / "b.bhh"
    first.write_text(TEXT[:level_2].replace("hand T1", "hand T9"), encoding="utf-8")
    head = TEXT[: TEXT.index("hand T1")]
    played = TEXT[level_2:].replace(
        "hand T2 · button Noor · Kira · Noor · Bram",
        "hand T10 · button Noor · Kira 250 · Noor 170 · Bram 180",
    )
    second.write_text(head + played.replace("hand T3", "hand T11"), encoding="utf-8")
    assert _import_warnings(tmp_path, [first, second]) == []
    for jobs in ("1", "2"):
        status, lines = _check([first, second], "--jobs", jobs)
        assert status == 0 and not any("warning" in line for line in lines), lines


def test_a_player_busted_at_one_table_playing_at_another_in_two_files(tmp_path: Path) -> None:
    """Said at table Final's first hand (the first file), whichever file holds which table:
    the import says it under both files, as the ledger holds the tournament once both are
    stored, and the later file alone says nothing (Bram's bust is in the other)."""
    final, side = tmp_path / "final.bhh", tmp_path / "side.bhh"
    final.write_text(FINAL, encoding="utf-8")
    side.write_text(SIDE, encoding="utf-8")
    (warning,) = _import_warnings(tmp_path, [final, side])
    assert "Bram busted at table 'Final'" in warning
    assert _import_warnings(tmp_path, [side]) == []
    assert not any("[tournament-" in line for line in _check([side])[1])
    _said([final, side], warning, "tournament-free-chips", f"{final}:9:1: hand T1")
    assert _import_warnings(tmp_path, [side, final]) == [warning]
    _said([side, final], warning, "tournament-free-chips", f"{side}:9:1: hand S1")


def test_a_tournament_file_refused_whole_as_a_copy_is_no_part_of_the_tournament(
    tmp_path: Path,
) -> None:
    """The example tournament and a copy of it renumbered (``hand 9T1``…): the import stores
    the first file and refuses the copy whole (``duplicate-hand``: a night stored again,
    docs/ledger.md), warning of nothing - the ledger holds one file's hands.  ``check`` says
    the refusal, and no warning of the tournament: the copy's players were said to bust and
    sit down again at the first hand, on chips nobody bought, as if its hands were stored."""
    night, copy = tmp_path / "night.bhh", tmp_path / "copy.bhh"
    night.write_text(TEXT, encoding="utf-8")
    copy.write_text(TEXT.replace("hand T", "hand 9T"), encoding="utf-8")
    for paths in ([night, copy], [copy, night]):
        db = tmp_path / "empty.db"
        db.unlink(missing_ok=True)
        out = runner.invoke(app, ["import", "--json", "--db", str(db), *map(str, paths)])
        first, second = json.loads(out.output)["files"]
        assert first["stored"] == 3 and "nothing from this file was stored" in second["error"]
        assert first["warnings"] == second["warnings"] == []
        one = _check(paths, "--jobs", "1")
        assert one == _check(paths, "--jobs", "2")
        status, lines = one
        assert status == 1
        assert [line for line in lines if "warning" in line] == [], lines
        refused = [line for line in lines if "[duplicate-hand]" in line]
        assert len(refused) == 1 and refused[0].startswith(f"{paths[1]}:9:1: "), lines
        objects = [json.loads(line) for line in _check(paths, "--json")[1]]
        assert [w for o in objects for w in o["warnings"]] == [], objects


def test_a_tournament_cut_at_midnight_into_two_files_is_said_at_each_first_hand(
    tmp_path: Path,
) -> None:
    """The PokerStars tournament of tests/sites/test_event_terms.py played past midnight and
    cut into two files there (a real history, its clock moved): each file dates its hands by
    its first, two events of one name a day apart sharing players, which the import warns of
    under each file (``ledger/tournament_warnings.py``, ``past_midnight``).  ``check`` says
    each event's warning in its words at that event's first hand, one process or two, text
    and ``--json``; a file alone says nothing."""
    from tests.sites.test_event_terms import STARS_MTT

    text = STARS_MTT.read_text(encoding="utf-8").replace("\r\n", "\n")
    late = re.sub(r"2010/11/10 18:(\d\d:\d\d) CET", r"2010/11/11 00:\1 CET", text)
    cut = late.index("PokerStars Game #", late.index("2010/11/11 00:") - 200)
    first, second = tmp_path / "part1.txt", tmp_path / "part2.txt"
    first.write_text(late[:cut], encoding="utf-8")
    second.write_text(late[cut:], encoding="utf-8")
    db = tmp_path / "empty.db"
    args = ["import", "--json", "--db", str(db), str(first), str(second)]
    out = runner.invoke(app, args, env={"BADUGI_LEDGER_DB": str(db)})  # (no --db in its words)
    warned = [f["warnings"] for f in json.loads(out.output)["files"]]
    assert [len(w) for w in warned] == [1, 1] and all("a day apart" in w[0] for w in warned)
    # (the later voided: by its id in the import, by its key in ``check``)
    key = "--event 'tournament|PokerStars tournament #329147852|2010-11-11|USD'"
    warned = [[w.replace("--event 2 ", f"{key} ") for w in ws] for ws in warned]
    assert all(key in w for ws in warned for w in ws), warned
    one = _check([first, second], "--jobs", "1")
    assert one == _check([first, second], "--jobs", "2")
    status, lines = one
    assert status == 0
    said = [line for line in lines if "[tournament-past-midnight]" in line]
    starts = [late[:cut], late[cut:]]
    for path, start, (warning,) in zip([first, second], starts, warned, strict=True):
        hand = re.search(r"PokerStars Game #(\d+)", start)
        assert hand is not None
        line = start[: start.index(hand.group(0))].count("\n") + 1
        expected = f"{path}:{line}:1: hand {hand.group(1)}: warning: {warning} "
        assert [s for s in said if s.startswith(f"{path}:")] == [
            expected + "[tournament-past-midnight]"
        ], said
    objects = [json.loads(line) for line in _check([first, second], "--json")[1]]
    assert [w["message"] for o in objects for w in o["warnings"]] == [w for (w,) in warned]
    assert not any("past-midnight" in line for line in _check([second])[1])


def test_a_tournament_whose_files_name_its_money_otherwise_is_said_at_each_first_hand(
    tmp_path: Path,
) -> None:
    """tests/ledger/test_tournament_other_currency.py's tournament kept in a file per table,
    the final table's naming no currency where the others name EUR: two tournaments of one
    name and date sharing players, which the import warns of under each file
    (``ledger/tournament_warnings.py``, ``other_money``: the house rule that an entrant pays
    one buy-in).  ``check`` says each tournament's warning in its words at its first hand in
    the first file holding it, one process or two, text and ``--json``."""
    from tests.ledger.test_tournament_other_currency import _files

    paths = _files(tmp_path / "night", "")
    db = tmp_path / "empty.db"
    out = runner.invoke(app, ["import", "--json", "--db", str(db), *map(str, paths)])
    warned = list(dict.fromkeys(w for f in json.loads(out.output)["files"] for w in f["warnings"]))
    assert len(warned) == 2 and all("name its money otherwise" in w for w in warned), warned
    one = _check(paths, "--jobs", "1")
    assert one == _check(paths, "--jobs", "2")
    status, lines = one
    assert status == 0
    said = [line for line in lines if "[tournament-other-money]" in line]
    assert said == [
        f"{paths[0]}:5:1: hand A1: warning: {warned[0]} [tournament-other-money]",
        f"{paths[2]}:5:1: hand F1: warning: {warned[1]} [tournament-other-money]",
    ], lines
    objects = [json.loads(line) for line in _check(paths, "--json")[1]]
    assert [w["message"] for o in objects for w in o["warnings"]] == warned


def test_a_place_the_site_states_that_the_hands_tell_otherwise(
    tmp_path: Path, corpus_dir: Path
) -> None:
    """The corpus's PokerStars sit-and-go (``pokerstars/LBad-USD-SNG8-201011.txt``, its whole
    field of 8 in the file) with Player1's "finished the tournament in 5th place" edited to
    4th: the hands place Player1 5th (out before Player0, whom the site places 4th), and the
    import warns of it (ledger/tournament_results.py, ``stated_place_warnings``).  ``check``
    says it too, in the import's words, at the tournament's first hand, one process or two;
    of the file as the site wrote it, nothing."""
    real = corpus_dir / "pokerstars" / "LBad-USD-SNG8-201011.txt"
    edited = tmp_path / "sng.txt"
    text = real.read_text(encoding="utf-8")
    old = "Player1 finished the tournament in 5th place"
    assert text.count(old) == 1
    edited.write_text(text.replace(old, "Player1 finished the tournament in 4th place"), "utf-8")
    (warning,) = [w for w in _import_warnings(tmp_path, [edited]) if "the site states" in w]
    assert "Player1" in warning and "in place 4" in warning and "in place 5" in warning
    for jobs in ("1", "2"):
        status, lines = _check([edited], "--jobs", jobs)
        assert status == 0
        said = [line for line in lines if "[tournament-stated-place]" in line]
        assert said == [
            f"{edited}:1:1: hand 52588201462: warning: {warning} [tournament-stated-place]"
        ]
    _, lines = _check([real])
    assert not any("[tournament-stated-place]" in line for line in lines), lines


FINAL_TABLE = """\
game badugi · fixed limit 300/600 · blinds 150/300 · currency USD
tournament "PokerStars tournament #330855877" · date 2010-11-12 · place PokerStars · buy-in 100 \
· payouts 65/35
table Final

hand F1 · button Player6 · Player6 7310 · Player4 4690
Player6 folds
Player4 collects 300
final: Player6 7160 · Player4 4840
"""
"""The corpus's PokerStars sit-and-go played on in our text format: its two players left,
with the stacks its last hand (52591910608) leaves them, at a table whose header states the
tournament's payout table, 65/35 (two places paid)."""


def test_a_prize_the_site_states_that_a_files_payout_table_pays_otherwise(
    tmp_path: Path, corpus_dir: Path
) -> None:
    """The corpus's PokerStars sit-and-go (``pokerstars/LBad-USD-SNG8-201011.txt`` line 4460:
    "Player5 finished the tournament in 3rd place and received $1.60.") and :data:`FINAL_TABLE`,
    whose payout table pays two places: the import warns that the table pays Player5 nothing
    (ledger/tournament_results.py, ``stated_warnings``), and ``check`` of the two files says
    it too, in the import's words, at the tournament's first hand, one process or two.  Of
    the site's file alone nothing: no file states a table (one ``tournament --payouts`` sets
    is the ledger's, which ``check`` never reads)."""
    sng = corpus_dir / "pokerstars" / "LBad-USD-SNG8-201011.txt"
    final = tmp_path / "final.bhh"
    final.write_text(FINAL_TABLE, "utf-8")
    warnings = _import_warnings(tmp_path, [sng, final])
    (warning,) = [w for w in warnings if "received" in w]
    assert "Player5 received 1.60 USD" in warning and "pays 0.00 USD" in warning, warning
    for jobs in ("1", "2"):
        status, lines = _check([sng, final], "--jobs", jobs)
        assert status == 0
        said = [line for line in lines if "[tournament-stated-prize]" in line]
        assert said == [
            f"{sng}:1:1: hand 52588201462: warning: {warning} [tournament-stated-prize]"
        ]
    objects = [json.loads(line) for line in _check([sng, final], "--json")[1]]
    assert [w["message"] for o in objects for w in o["warnings"] if "received" in w["message"]] == [
        warning
    ]
    _, lines = _check([sng])
    assert not any("[tournament-stated-prize]" in line for line in lines), lines


def test_prizes_the_site_states_above_the_prize_pool_its_hands_make(
    tmp_path: Path, corpus_dir: Path
) -> None:
    """The corpus's PokerStars MTT file (``pokerstars/LBad-USD-MTT8-201011.txt``: one table of
    a field of 72 or more, 22 entrants at $2.00 in its hands, a prize pool of 44.00 USD) with
    Player0's 26th place (line 4633) stated with a prize, "and received $50.00.", as a field
    bigger than the file, or a guaranteed pool, pays: the site's prize stands (no payout
    table), the settle-up's ``*prize pool*`` pays the 6.00 USD the pool did not hold, its
    balances still summing to nothing, and the import says so, naming the tournament, the pool
    and the prizes; ``check`` says it too, in the import's words, at the tournament's first
    hand.  Of the file as the site wrote it (no prize stated), nothing."""
    real = corpus_dir / "pokerstars" / "LBad-USD-MTT8-201011.txt"
    text = real.read_text(encoding="utf-8")
    old = "Player0 finished the tournament in 26th place\n"
    assert text.count(old) == 1
    edited = tmp_path / "mtt.txt"
    edited.write_text(text.replace(old, old[:-1] + " and received $50.00.\n"), "utf-8")
    (warning,) = [w for w in _import_warnings(tmp_path, [edited]) if "prize pool" in w]
    label = "PokerStars tournament #329147852 (2010-11-10)"
    for words in (label, "prizes of 50.00 USD", "prize pool of 44.00 USD", "6.00 USD above"):
        assert words in warning, warning
    db = str(tmp_path / "empty.db")
    settled = runner.invoke(app, ["settle", "--json", "--db", db, "--event", label[:-13]])
    balances = json.loads(settled.output)["balances"]
    assert balances["*prize pool*"] == -6 and balances["Player0"] == 48
    assert sum(balances.values()) == 0
    for jobs in ("1", "2"):
        status, lines = _check([edited], "--jobs", jobs)
        assert status == 0
        said = [line for line in lines if "[tournament-prizes-above-pool]" in line]
        assert said == [
            f"{edited}:1:1: hand 52475779512: warning: {warning} [tournament-prizes-above-pool]"
        ]
    _, lines = _check([real])
    assert not any("[tournament-prizes-above-pool]" in line for line in lines), lines
