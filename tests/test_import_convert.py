"""``badugi-ledger convert FILE --to phh|text`` and the library behind it (``convert.py``)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import warnings
from decimal import Decimal
from pathlib import Path

import pokerkit
import pytest
from typer.testing import CliRunner

from badugi_ledger.check import run_check
from badugi_ledger.cli import app
from badugi_ledger.convert import convert_file, convert_hands
from badugi_ledger.model.errors import ConfigError, ImportFormatError
from badugi_ledger.model.events import HandRecord, HandsMissing
from badugi_ledger.replay import replay_stream
from badugi_ledger.sources import read_hands
from badugi_ledger.text.parse import parse_text
from tests.helpers.paths import EXAMPLES

runner = CliRunner()
CASH = "pokerstars/Badugi-USD-0.25-0.50-201009.txt"
MTT = "pokerstars/LBad-USD-MTT8-201011.txt"
FTP = "fulltilt/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt"
BIN = Path(sys.executable).parent / "badugi-ledger"


def test_every_corpus_hand_survives_our_text_format(corpus_dir: Path) -> None:
    """Site → ``--to text`` → our parser gives back the same record (positions aside), and the
    text replays to the same final stacks: 203 hands.  The one hand after a hand the site's
    file misses (``LBad-USD-SNG8-201011.txt``) begins with ``missing hands``."""
    count = 0
    gaps: list[str] = []
    for path in sorted(corpus_dir.glob("*/*.txt")):
        out = io.StringIO()
        report = convert_file(path, "text", out)
        assert report.ok, report.problems
        originals = [r for r in read_hands(path) if isinstance(r, HandRecord)]
        again = list(parse_text(out.getvalue(), "again.bhh"))
        assert len(again) == len(originals) == report.written
        for old, new in zip(originals, again, strict=True):
            assert isinstance(new, HandRecord), new
            assert (new.hand_id, new.seats, new.button, new.settings, new.session, new.table) == (
                old.hand_id,
                old.seats,
                old.button,
                old.settings,
                old.session,
                old.table,
            )
            if new.events != old.events:  # after a hand the site's file misses, it says so
                assert new.events == (HandsMissing(), *old.events), old.hand_id
                gaps.append(old.hand_id)
            count += 1
        mine = [o.result.final_stacks for o in replay_stream(originals) if o.result]
        theirs = [o.result.final_stacks for o in replay_stream(again) if o.result]
        assert mine == theirs
    assert count == 203 and gaps == ["52589367975"]


def test_tournament_file_to_phhs_loads_in_pokerkit(corpus_dir: Path, tmp_path: Path) -> None:
    target = tmp_path / "mtt.phhs"
    result = runner.invoke(
        app, ["convert", str(corpus_dir / MTT), "--to", "phh", "--out", str(target)]
    )
    # Four hands complete a short all-in raise to the full level, as PokerStars deals; read
    # back as PokerKit plays (docs/importers.md) they would break its raise rules: refused.
    assert result.exit_code == 1, result.output
    refused = {"52476877655", "52478520236", "52478783130", "52479754591"}
    assert {line.split("hand ")[1].split(":")[0] for line in result.stderr.splitlines()[:-1]} == (
        refused
    )
    assert result.stderr.count("[phh-cannot-express]") == 4
    text = target.read_text()
    assert text.startswith("[1]\n") and "\n[74]\n" in text
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        histories = list(pokerkit.HandHistory.loads_all(text))
    assert len(histories) == 74
    assert [h.hand for h in histories][:2] == ["52475779512", "52475822947"]


def test_single_hand_to_phh_on_stdout_replays_in_pokerkit(corpus_dir: Path) -> None:
    """The Full Tilt UTF-16 hand ($0.05/$0.10): PokerKit's finishing stacks are the ones we
    wrote, in dollars (the PHH specification's ``currency``: what the chips are in)."""
    result = runner.invoke(app, ["convert", str(corpus_dir / FTP), "--to", "phh"])
    assert result.exit_code == 0, result.output
    text = result.stdout
    assert text.startswith('variant = "FB"')
    assert "\nsmall_bet = 0.05\nbig_bet = 0.10\n" in text and '\ncurrency = "USD"\n' in text
    rake = Decimal("0.05")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = pokerkit.HandHistory.loads(
            text, rake=lambda a, s=None: (min(rake, a), a - min(rake, a))
        )
        final = list(history)[-1]
    assert list(final.stacks) == history.finishing_stacks


def test_hands_phh_cannot_express_are_named_and_the_rest_written(corpus_dir: Path) -> None:
    result = runner.invoke(app, ["convert", str(corpus_dir / CASH), "--to", "phh"])
    assert result.exit_code == 1
    assert result.stdout.count('variant = "FB"') == 2
    assert "49164255772" in result.stderr and "phh-cannot-express" in result.stderr
    assert result.stderr.strip().splitlines()[-1].startswith("Error: 2 hand(s)")


def test_other_games_are_reported_as_skipped_not_as_errors(corpus_dir: Path) -> None:
    path = corpus_dir / "fulltilt/10Game-6max-USD-2.50-5.201104.Sample.txt"
    result = runner.invoke(app, ["convert", str(path), "--to", "text"])
    assert result.exit_code == 0
    assert "skipped 74 hand(s) of other games" in result.stderr
    assert result.stdout.count("\nhand ") + result.stdout.startswith("hand ") == 10


def test_from_overrides_the_detected_format(corpus_dir: Path) -> None:
    """A PokerStars file read as Full Tilt holds no line that starts a Full Tilt hand: its first
    line is reported, as a damaged first hand's header is: it holds hands (their summaries), of
    another format; and, no hand being read, the file is said to be of that other format."""
    result = runner.invoke(
        app, ["convert", str(corpus_dir / CASH), "--to", "text", "--from", "fulltilt"]
    )
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        f"not converted: {corpus_dir / CASH}:1:1: unrecognised line 'PokerStars Game "
        "#49164202872:  Badugi Limit ($0.25/$0.50 USD) - 2010/09/05 10:32:15 ET' before the "
        "first hand: no hand of this format starts so (a damaged hand header?); the lines up to "
        "the next hand are not read [unrecognised-line]",
        f"not converted: {corpus_dir / CASH}: cannot read the file as fulltilt (--from "
        "fulltilt): it holds no hand of that format, and reads as the 'pokerstars' format: "
        "leave out --from, or give the one it is in [unreadable-file]",
        f"Error: 2 hand(s) of {corpus_dir / CASH} could not be converted",
    ]
    result = runner.invoke(
        app, ["convert", str(corpus_dir / CASH), "--to", "text", "--from", "ipoker"]
    )
    words = " ".join(result.stderr.replace("│", " ").split())
    assert result.exit_code == 2 and "'ipoker' is not one of 'text', 'pokerstars'" in words


def test_a_night_imported_again_with_a_wrong_from_is_refused_not_emptied(tmp_path: Path) -> None:
    """Our night imported, then imported again ``--from pokerstars``: the PokerStars reader
    finds nothing in it, and the ledger took the file for emptied of its hands - five
    conflicts advising ``--replace``, which voided the whole night, exit 0.  The file holds
    nothing of the format given and reads as another: refused as unread, nothing voided."""
    db = tmp_path / "club.db"
    night = tmp_path / "night.bhh"
    night.write_text((EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8"), encoding="utf-8")
    assert runner.invoke(app, ["import", str(night), "--db", str(db)]).exit_code == 0
    for extra in ([], ["--replace"]):
        result = runner.invoke(
            app, ["import", str(night), "--db", str(db), "--from", "pokerstars", *extra]
        )
        assert result.exit_code == 1, result.output
        assert (
            "cannot read the file as pokerstars (--from pokerstars): it holds no hand of that "
            "format, and reads as the 'text' format" in result.output
        ), result.output
        assert "conflict" not in result.output and "voided" not in result.output
    events = runner.invoke(app, ["events", "--db", str(db), "--json"])
    assert [e["hands"] for e in json.loads(events.output)["events"]] == [1]


@pytest.mark.parametrize("fmt", ["pokerstars", "merge", "kingsclub", "winamax"])
def test_a_site_file_imported_from_another_site_says_which_it_is(
    tmp_path: Path, corpus_dir: Path, fmt: str
) -> None:
    """A Full Tilt file given ``--from`` another site: that reader cannot read its lines (one
    error, or one a line), and no hand is read; the report also says what the file is."""
    source = corpus_dir / "fulltilt" / "Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt"
    db = tmp_path / "club.db"
    result = runner.invoke(app, ["import", str(source), "--db", str(db), "--from", fmt])
    assert result.exit_code == 1, result.output
    assert (
        f"cannot read the file as {fmt} (--from {fmt}): it holds no hand of that format, and "
        "reads as the 'fulltilt' format: leave out --from, or give the one it is in"
    ) in result.output, result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["convert", "/no/such/file.txt", "--to", "phh"], "no such file"),
    ],
)
def test_user_errors_are_one_line(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("Error: ") and message in lines[0]
    assert "Traceback" not in result.output


def test_an_unknown_target_is_a_usage_error() -> None:
    result = runner.invoke(app, ["convert", "README.md", "--to", "xml"])
    words = " ".join(result.stderr.replace("│", " ").split())
    assert result.exit_code == 2 and "'xml' is not one of 'phh', 'text'" in words


def test_library_refuses_an_unknown_target(corpus_dir: Path) -> None:
    with pytest.raises(ConfigError):
        list(convert_hands(corpus_dir / CASH, "json"))  # type: ignore[arg-type]
    items = list(convert_hands(corpus_dir / CASH, "phh"))
    assert [type(i).__name__ for i in items] == [
        "ConvertedHand",
        "ConvertedHand",
        "ImportFormatError",
        "ImportFormatError",
    ]
    assert all(i.rule == "phh-cannot-express" for i in items if isinstance(i, ImportFormatError))


def test_installed_command_converts(corpus_dir: Path, tmp_path: Path) -> None:
    """A real subprocess of the installed console script."""
    target = tmp_path / "hand.phh"
    done = subprocess.run(
        [str(BIN), "convert", str(corpus_dir / FTP), "--to", "phh", "--out", str(target)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert 'hand = "25340585274"' in target.read_text()


HOUSE_RULE_HANDS = {
    # Two chips of a three-way tie for 14 are left over; the odd chips go to the tied players
    # last to act (Anna gets none); PHH has no field for the rule, and read back as PokerKit
    # divides, Anna, first from the button's left, would get both.
    "odd-chip worst-seat": (
        "hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
        "deal: Anna 4h 3s 2d Ac · Ben 4s 3d 2c Ah · Cara 4d 3c 2h As · Dan Kh Qs Jd Tc\n"
        "Cara calls · Dan calls · Anna calls · Ben checks\n"
        "draw: Anna pat · Ben pat · Cara pat · Dan pat\n"
        "Anna bets 2 · Ben calls · Cara calls · Dan folds\n"
        + "draw: Anna pat · Ben pat · Cara pat\nAnna checks · Ben checks · Cara checks\n" * 2
        + "show: Anna 4h 3s 2d Ac · Ben 4s 3d 2c Ah · Cara 4d 3c 2h As\n",
        "Anna ends with 100, but the replay gives 102",
    ),
    # Heads-up past the cap: read back capped (PokerKit's: the blinds and four raises), the
    # fifth raise is refused.
    "heads-up-uncapped yes": (
        "hand 1 · button Ben · Anna 100 · Ben 100\n"
        "Ben raises to 4 · Anna raises to 6 · Ben raises to 8 · Anna raises to 10 · "
        "Ben raises to 12 · Anna calls\n"
        + "draw: Anna pat · Ben pat\nAnna checks · Ben checks\n" * 3
        + "show: Anna 4h 3s 2d Ac · Ben Kh Qs Jd Tc\n",
        "the round is capped at 4 bets and raises, the blinds not counted (PokerKit)",
    ),
}


@pytest.mark.parametrize("rule", sorted(HOUSE_RULE_HANDS))
def test_a_hand_whose_house_rule_phh_cannot_carry_is_refused(rule: str, tmp_path: Path) -> None:
    """convert reads every PHH hand it writes back and replays it: a hand that would replay
    otherwise (PHH has no field for the house rule it was played under) is refused, named, not
    written; the same hand under the default rules is written."""
    hand, read_back = HOUSE_RULE_HANDS[rule]
    path = tmp_path / "night.bhh"
    path.write_text(f"game badugi · fixed limit 2/4 · blinds 1/2\nhouse {rule}\n{hand}")
    out = io.StringIO()
    report = convert_file(path, "phh", out)
    assert (report.written, out.getvalue()) == (0, "")
    (problem,) = report.problems
    assert problem.rule == "phh-cannot-express"
    assert "would read back otherwise" in problem.message and read_back in problem.message
    if rule.startswith("odd-chip"):  # divided as PokerKit divides, the tie is written
        path.write_text(
            "game badugi · fixed limit 2/4 · blinds 1/2\nhouse odd-chip-split all-to-first\n" + hand
        )
        assert convert_file(path, "phh", io.StringIO()).written == 1


def test_a_hand_that_breaks_a_rule_is_not_written_as_phh(tmp_path: Path) -> None:
    """PHH records PokerKit's play, which has no such hand: refused with the replay's verdict
    (written in our format it stays as recorded, to be corrected)."""
    path = tmp_path / "night.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 4 · Ben 100\n"
        "Anna raises to 4 all-in · Ben raises to 6\n"
    )
    out = io.StringIO()
    report = convert_file(path, "phh", out)
    assert (report.written, out.getvalue()) == (0, "")
    (problem,) = report.problems
    assert problem.rule == "raise-nobody-left" and "nobody is left to call it" in problem.message
    assert convert_file(path, "text", io.StringIO()).written == 1


MISPAID = """game badugi · fixed limit 2/4 · blinds 1/2
cash Test · date 2024-01-12

hand 1 · button Anna · Anna 100 · Ben 100
Anna folds
Ben collects 3

hand 2 · button Ben · Anna · Ben
Ben folds
Anna collects 2
"""


def test_a_hand_whose_record_disagrees_with_the_replay_is_not_written_as_phh(
    tmp_path: Path,
) -> None:
    """PHH holds the replay's finishing stacks and no collection: written, ``Ben collects 3``
    (owed 2) was gone, and the PHH file checked ok (found by hostile-input fuzzing).  Refused
    at the line of the claim; our text keeps it."""
    path = tmp_path / "night.bhh"
    path.write_text(MISPAID, encoding="utf-8")
    out = io.StringIO()
    report = convert_file(path, "phh", out)
    assert report.written == 1 and 'hand = "2"' in out.getvalue()
    (problem,) = report.problems
    assert (problem.rule, problem.position.line, problem.hand) == ("phh-cannot-express", 6, "1")
    assert "its record disagrees with the replay (Ben collects 3, but is owed 2" in problem.message
    text = io.StringIO()
    assert convert_file(path, "text", text).written == 2 and "Ben collects 3" in text.getvalue()


def test_a_convert_that_writes_no_hand_leaves_no_out_file(tmp_path: Path) -> None:
    """Every hand refused: exit 1, and no empty ``--out`` file (an existing one as it was)."""
    path = tmp_path / "night.bhh"
    path.write_text(MISPAID.split("\nhand 2")[0] + "\n", encoding="utf-8")
    out = tmp_path / "night.phh"
    result = runner.invoke(app, ["convert", str(path), "--to", "phh", "--out", str(out)])
    assert result.exit_code == 1 and "could not be converted" in result.output
    assert not out.exists()
    out.write_text("kept", encoding="utf-8")
    result = runner.invoke(app, ["convert", str(path), "--to", "phh", "--out", str(out)])
    assert result.exit_code == 1 and out.read_text(encoding="utf-8") == "kept"
    assert set(tmp_path.iterdir()) == {path, out}  # no temporary file left either


@pytest.mark.parametrize(
    ("first", "second"),
    [("ante 1", "ante 0"), ("rake 5% cap 3 always", "rake none"), ("cap 3", "cap 4")],
)
def test_a_header_fact_changed_between_hands_is_converted_to_text_as_written(
    first: str, second: str, tmp_path: Path
) -> None:
    """A header item holds until another says otherwise (grammar/README.md): converted, a hand
    whose ante, rake or cap went back to the default after a hand with another one says so -
    written alone, each hand left the default out, so the file read back gave the second hand
    the first one's ante (a payout mismatch) or rake."""
    path = tmp_path / "night.bhh"
    path.write_text(
        f"game badugi · fixed limit 2/4 · blinds 1/2 · {first}\n"
        "cash Kitchen · date 2024-01-12\n\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\n"
        "deal: Anna Q♠ 6♥ 3♦ 2♣ · Ben K♠ 9♥ 8♦ 4♣\n"
        "Anna calls · Ben checks\n"
        "draw: Ben pat · Anna pat\n"
        "Ben checks · Anna checks\n"
        "draw: Ben pat · Anna pat\n"
        "Ben checks · Anna checks\n"
        "draw: Ben pat · Anna pat\n"
        "Ben checks · Anna checks\n"
        "show: Anna Q♠ 6♥ 3♦ 2♣ · Ben K♠ 9♥ 8♦ 4♣\n\n"
        f"game badugi · fixed limit 2/4 · blinds 1/2 · {second}\n\n"
        "hand 2 · button Ben · Anna · Ben\n"
        "deal: Ben Q♠ 6♥ 3♦ 2♣ · Anna K♠ 9♥ 8♦ 4♣\n"
        "Ben calls · Anna checks\n"
        "draw: Anna pat · Ben pat\n"
        "Anna checks · Ben checks\n"
        "draw: Anna pat · Ben pat\n"
        "Anna checks · Ben checks\n"
        "draw: Anna pat · Ben pat\n"
        "Anna checks · Ben checks\n"
        "show: Ben Q♠ 6♥ 3♦ 2♣ · Anna K♠ 9♥ 8♦ 4♣\n",
        encoding="utf-8",
    )
    source = [r for r in read_hands(path) if isinstance(r, HandRecord)]
    out = tmp_path / "converted.bhh"
    with out.open("w", encoding="utf-8") as handle:
        assert convert_file(path, "text", handle).ok
    converted = [r for r in read_hands(out) if isinstance(r, HandRecord)]
    assert [r.settings for r in converted] == [r.settings for r in source]
    assert source[0].settings != source[1].settings
    assert second in out.read_text(encoding="utf-8")
    checked = run_check([out], jobs=1)
    assert checked.all_ok, list(checked.lines())


def test_a_site_file_that_misses_a_hand_converts_to_text_that_checks_as_the_site_file(
    corpus_dir: Path, tmp_path: Path
) -> None:
    """``corpus/pokerstars/LBad-USD-SNG8-201011.txt`` misses a hand before hand 52589367975
    (the stacks jump): the site file checks with a ``missing-hand`` warning, and so does its
    text, which says ``missing hands`` there (it used to report three ``stack-carried``
    mismatches, and import refused the hand)."""
    source = corpus_dir / "pokerstars" / "LBad-USD-SNG8-201011.txt"
    out = tmp_path / "sng.bhh"
    with out.open("w", encoding="utf-8") as handle:
        report = convert_file(source, "text", handle)
    assert report.ok and report.written == 104
    text = out.read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(text) if line.startswith("hand 52589367975 "))
    assert text[at + 1] == "missing hands"
    for path in (source, out):
        checked = run_check([path], jobs=1)
        lines = list(checked.lines())
        assert checked.all_ok, lines
        assert [line.rsplit("[", 1)[1] for line in lines if ": warning: " in line] == [
            "missing-hand]",
            "fold-all-in]",
        ]


def test_the_hand_after_one_that_cannot_be_read_states_the_stacks_it_started_from(
    tmp_path: Path,
) -> None:
    """Hand 2 does not read, but its ``final:`` line does: the table goes on from it, and
    hand 3 is ok.  Written as text without hand 2, hand 3 says ``missing hands`` and states
    the stacks it started from, so that it checks as it did (it was "not settled: stack not
    stated", found by hostile-input fuzzing)."""
    path = tmp_path / "night.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\nBen collects 2\n\n"
        "hand 2 · button Ben · Anna · Ben\nBen frobs\nAnna collects 2\n"
        "final: Anna 100 · Ben 100\n\n"
        "hand 3 · button Anna · Anna · Ben\nAnna folds\nBen collects 2\n",
        encoding="utf-8",
    )
    one, two, three = replay_stream(parse_text(path.read_text(encoding="utf-8"), str(path)))
    assert one.ok and not two.ok and three.ok
    assert [w.rule for w in three.warnings] == ["stacks-resynced"]
    out = io.StringIO()
    report = convert_file(path, "text", out)
    assert report.written == 2 and [p.hand for p in report.problems] == ["2"]
    assert "hand 3 · button Anna · Anna 100 · Ben 100\nmissing hands\n" in out.getvalue()
    converted = tmp_path / "converted.bhh"
    converted.write_text(out.getvalue(), encoding="utf-8")
    checked = run_check([converted], jobs=1)
    assert checked.all_ok, list(checked.lines())


def test_a_hand_nobody_wrote_down_is_said_missing_and_the_next_stacks_taken_as_written(
    tmp_path: Path,
) -> None:
    """``missing hands`` after a hand line: its stated stacks are not held against the
    previous hand, a stack it does not state is unknown, and a warning says so; the hand is
    then not settled (the ledger cannot store it), a verdict at its hand line, and so is the
    import's refusal of a hand whose stacks are unknown (``stack-unknown``), in its words."""
    path = tmp_path / "night.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button A · A 100 · B 100 · C 100\nA raises · B folds · C folds\nA collects 5\n\n"
        "hand 3 · button C · A 110 · B 95 · C\nmissing hands\n"
        "C raises · A folds · B folds\nC collects 5\n",
        encoding="utf-8",
    )
    outcomes = list(run_check([path], jobs=1).outcomes())
    three = outcomes[1]
    assert [w.rule for w in three.warnings][:1] == ["missing-hand"]
    assert [(e.rule, e.kind) for e in three.errors] == [
        ("missing-hand", "incomplete"),
        ("stack-unknown", "incomplete"),
    ]
    assert three.result is not None and three.result.unknown_stacks == {"C"}
    assert dict(three.result.starting_stacks) == {"A": 110, "B": 95}


def _site_night_with_an_unreadable_hand(corpus_dir: Path, tmp_path: Path) -> tuple[Path, str]:
    """The first six hands of ``corpus/pokerstars/LBad-USD-SNG8-201011.txt`` with the third's
    summary cut off (a ``partial-hand``: it cannot be read; its table line names its table,
    the file's only one), and the id of the hand after it."""
    text = (corpus_dir / "pokerstars" / "LBad-USD-SNG8-201011.txt").read_text(encoding="utf-8-sig")
    hands = text.split("PokerStars Game #")[1:7]
    third = hands[2]
    hands[2] = third[: third.index("*** SUMMARY ***")] + "\n\n\n"
    path = tmp_path / "sng.txt"
    path.write_text("".join("PokerStars Game #" + h for h in hands), encoding="utf-8")
    return path, hands[3].split(":", 1)[0]


@pytest.mark.parametrize("to", ["text", "phh"])
def test_the_hand_after_an_unreadable_site_hand_says_hands_are_missing(
    to: str, corpus_dir: Path, tmp_path: Path
) -> None:
    """The source checks (the unreadable hand aside) and its later hands import: the replay
    forgets the stacks of the table of a hand it cannot read.  Its conversion must check the
    same: the next hand of that table says hands are missing before it (``missing hands``,
    ``_missing_before``), else it would be held against the hand before the unreadable one
    (it was a ``stack-carried`` mismatch and import refused it)."""
    source, after = _site_night_with_an_unreadable_hand(corpus_dir, tmp_path)
    checked = run_check([source], jobs=1)
    assert [o.errors[0].rule for o in checked.outcomes() if o.errors] == ["partial-hand"]
    out = tmp_path / ("sng.bhh" if to == "text" else "sng.phhs")
    with out.open("w", encoding="utf-8") as handle:
        report = convert_file(source, to, handle)  # type: ignore[arg-type]
    assert report.written == 5 and [p.rule for p in report.problems] == ["partial-hand"]
    written = out.read_text(encoding="utf-8")
    mark = "\nmissing hands\n" if to == "text" else "\n_missing_before = 1\n"
    assert written.count(mark) == 1
    assert written.index(mark) > written.index(after) > 0
    outcomes = list(run_check([out], jobs=1).outcomes())
    assert [o.hand_id for o in outcomes if o.errors] == []
    warned = [(o.hand_id, w.rule) for o in outcomes for w in o.warnings]
    assert (after, "missing-hand") in warned
    result = runner.invoke(app, ["import", str(out), "--db", str(tmp_path / "club.db")])
    assert result.exit_code == 0 and "5 stored" in result.output, result.output


TWO_TABLES_ONE_UNREADABLE = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Night · date 2024-01-01
table A
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna raises · Ben folds · Cara folds
Anna collects 5
table B
hand 1 · button Xena · Xena 50 · Yuri 50 · Zack 50
Xena raises · Yuri folds · Zack folds
Xena collects 5
table A
hand 2 · button Ben · Anna · Ben · Cara
Ben foldz · Cara folds
Anna collects 2
table B
hand 2 · button Yuri · Xena · Yuri · Zack
Yuri folds · Zack folds
Xena collects 2
table A
hand 3 · button Cara · Anna 104 · Ben 99 · Cara 97
Cara raises · Anna folds · Ben folds
Cara collects 5
"""


@pytest.mark.parametrize("to", ["text", "phh"])
def test_a_hand_unreadable_at_one_table_marks_that_table_only(to: str, tmp_path: Path) -> None:
    """The reader knows the table of the hand it cannot read (table A's hand 2), and the
    replay forgets that table's stacks only: the conversion says hands are missing before A's
    next hand and not before B's, whose stacks are still held against B's hand before it,
    as in the source."""
    source = tmp_path / "night.bhh"
    source.write_text(TWO_TABLES_ONE_UNREADABLE, encoding="utf-8")
    out = tmp_path / ("again.bhh" if to == "text" else "again.phhs")
    with out.open("w", encoding="utf-8") as handle:
        report = convert_file(source, to, handle)  # type: ignore[arg-type]
    assert report.written == 4 and [p.rule for p in report.problems] == ["parse"]
    outcomes = list(run_check([out], jobs=1).outcomes())
    assert [(o.hand_id, o.errors) for o in outcomes if o.errors] == []
    warned = [
        (o.record and o.record.table, o.hand_id, w.rule) for o in outcomes for w in o.warnings
    ]
    assert warned == [("A", "3", "missing-hand")]


def test_missing_hands_are_written_to_phh_as_missing_before(tmp_path: Path) -> None:
    """Our ``missing hands`` (``HandsMissing``) is PHH's user-defined ``_missing_before`` (it
    was "PHH has no form for HandsMissing"): read back, the hand warns that hands are missing
    and takes its stacks as written, as the text did; and back to text it says ``missing
    hands`` again."""
    path = tmp_path / "night.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
        "Anna folds · Ben folds\nCara collects 2\n\n"
        "hand 7 · button Ben · Anna 90 · Ben 120 · Cara 90\nmissing hands\n"
        "Ben folds · Cara folds\nAnna collects 2\n",
        encoding="utf-8",
    )
    out = tmp_path / "night.phhs"
    with out.open("w", encoding="utf-8") as handle:
        report = convert_file(path, "phh", handle)
    assert report.ok and report.written == 2, report.problems
    written = out.read_text(encoding="utf-8")
    assert written.count("\n_missing_before = 1\n") == 1
    assert written.index("_missing_before") > written.index('hand = "7"')
    outcomes = list(run_check([out], jobs=1).outcomes())
    assert all(not o.errors for o in outcomes)
    assert [(o.hand_id, [w.rule for w in o.warnings]) for o in outcomes] == [
        ("1", []),
        ("7", ["missing-hand"]),
    ]
    back = io.StringIO()
    assert convert_file(out, "text", back).written == 2
    assert back.getvalue().count("\nmissing hands\n") == 1


def test_a_hand_the_phh_reader_would_refuse_is_refused_with_the_readers_reason(
    tmp_path: Path,
) -> None:
    """A straddle smaller than the big blind, whose straddler has chips: PokerKit would start
    the betting after the big blind, and the PHH reader refuses such a hand; ``convert`` says
    why (it said only "it cannot be read")."""
    path = tmp_path / "night.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
        "Anna posts sb 1 · Ben posts bb 2 · Cara posts straddle 1\n"
        "Dan folds · Anna folds · Ben folds\nCara collects 3\n",  # Ben's unmatched 1 back
        encoding="utf-8",
    )
    assert run_check([path], jobs=1).all_ok
    (problem,) = convert_file(path, "phh", io.StringIO()).problems
    assert problem.rule == "phh-cannot-express"
    assert "it cannot be read: a straddle of 1 is smaller than the big blind (2)" in problem.message


def _cash_night_damaged(corpus_dir: Path, tmp_path: Path, hand: int, old: str, new: str) -> Path:
    """``corpus/pokerstars/Badugi-USD-0.25-0.50-201009.txt`` (four hands of table Benkoela V)
    with ``old`` changed to ``new`` in the ``hand``-th hand (0-based), which must hold it."""
    text = (corpus_dir / CASH).read_text(encoding="utf-8-sig")
    hands = ["PokerStars Game #" + h for h in text.split("PokerStars Game #")[1:]]
    assert len(hands) == 4 and old in hands[hand]
    hands[hand] = hands[hand].replace(old, new, 1)
    path = tmp_path / "cash.txt"
    path.write_text("".join(hands), encoding="utf-8")
    return path


# The first hand of the file, 49164202872, made unreadable three ways.
FIRST_HAND_DAMAGE = {
    "header": ("PokerStars Game #", "PokerStars Gmae #"),
    "table": ("Table 'Benkoela V'", "Tabel garbled"),
    "seat": ("Seat 1: Lino19 ($6.80 in chips)", "Seat 1: Lino19 ($6.80 in chps"),
}


@pytest.mark.parametrize("to", ["text", "phh"])
@pytest.mark.parametrize("damage", sorted(FIRST_HAND_DAMAGE))
def test_a_site_file_whose_first_hand_cannot_be_read_converts_the_rest_and_says_so(
    damage: str, to: str, corpus_dir: Path, tmp_path: Path
) -> None:
    """The first hand of ``corpus/pokerstars/Badugi-USD-0.25-0.50-201009.txt`` damaged so the
    reader cannot read it: ``check`` reports it at line 1 to 3 of the file and checks the three
    later hands (the site states every stack); ``convert`` writes those, reports the damaged
    hand at its line and fails, as for an unreadable hand in the middle of a file, and what it
    writes checks clean.  A header line so damaged that it no longer starts a hand made the
    whole hand vanish: ``check`` said "3 hands: 3 ok" and ``convert`` succeeded."""
    old, new = FIRST_HAND_DAMAGE[damage]
    source = _cash_night_damaged(corpus_dir, tmp_path, 0, old, new)
    checked = run_check([source], jobs=1)
    outcomes = list(checked.outcomes())
    (unreadable,) = [o for o in outcomes if o.record is None]
    assert unreadable.errors and unreadable.pos.line in (1, 2, 3)
    assert [o.hand_id for o in outcomes if o.record is not None and o.ok] == [
        "49164247462",
        "49164255772",
        "49164287914",
    ]
    assert not checked.all_ok
    out = tmp_path / ("cash.bhh" if to == "text" else "cash.phhs")
    result = runner.invoke(app, ["convert", str(source), "--to", to, "--out", str(out)])
    assert result.exit_code == 1
    errors = result.stderr.splitlines()
    assert errors[0].startswith(f"not converted: {source}:{unreadable.pos.line}:1: "), errors
    assert errors[-1].startswith(f"Error: {1 if to == 'text' else 3} hand(s) of {source} ")
    again = list(run_check([out], jobs=1).outcomes())
    assert [(o.hand_id, o.errors) for o in again if o.errors] == []
    written = ["49164247462", "49164255772", "49164287914"] if to == "text" else ["49164247462"]
    assert [o.hand_id for o in again] == written
    assert [(o.hand_id, w.rule) for o in again for w in o.warnings] == [
        ("49164247462", "missing-hand")
    ]


@pytest.mark.parametrize("to", ["text", "phh"])
def test_a_hand_whose_table_cannot_be_read_holds_no_later_hand_to_the_one_before(
    to: str, corpus_dir: Path, tmp_path: Path
) -> None:
    """The third hand of ``corpus/pokerstars/Badugi-USD-0.25-0.50-201009.txt`` with its table
    line garbled: the reader cannot tell its table, so it cannot hold the fourth hand's stacks
    to the second's (the third moved chips between them) - as the replay, it forgets the
    stacks of every table.  The fourth hand was refused (``stack-contradicts-previous-hand``)
    by ``check`` and ``convert``; now only the damaged hand is, and the output checks clean,
    the fourth hand saying that hands are missing before it."""
    source = _cash_night_damaged(corpus_dir, tmp_path, 2, "Table 'Benkoela V'", "Tabel garbled")
    checked = run_check([source], jobs=1)
    assert [(o.hand_id, o.errors[0].rule) for o in checked.outcomes() if o.errors] == [
        ("49164255772", "unrecognised-line")
    ]
    out = tmp_path / ("cash.bhh" if to == "text" else "cash.phhs")
    with out.open("w", encoding="utf-8") as handle:
        report = convert_file(source, to, handle)  # type: ignore[arg-type]
    assert [p.rule for p in report.problems if p.rule != "phh-cannot-express"] == [
        "unrecognised-line"
    ]
    assert report.written == (3 if to == "text" else 2)
    again = list(run_check([out], jobs=1).outcomes())
    assert [(o.hand_id, o.errors) for o in again if o.errors] == []
    # PHH cannot express the fourth hand (a big blind out of position) in any case.
    warned = [("49164287914", "missing-hand")] if to == "text" else []
    assert [(o.hand_id, w.rule) for o in again for w in o.warnings] == warned


def test_a_hand_our_text_cannot_spell_is_named_with_its_file_and_line(tmp_path: Path) -> None:
    """A PHH hand named ``a b`` (our format's hand ids have no spaces): ``convert --to text``
    says which hand of which file, at its line, as every other "not converted" line does."""
    path = tmp_path / "spaced.phh"
    path.write_text(
        'variant = "FB"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\n'
        "big_bet = 4\nstarting_stacks = [100, 100]\n"
        'actions = ["d dh p1 ????????", "d dh p2 ????????", "p2 f"]\n'
        'players = ["Anna", "Ben"]\nhand = "a b"\n',
        encoding="utf-8",
    )
    result = runner.invoke(app, ["convert", str(path), "--to", "text"])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"not converted: {path}:1:1: hand a b: hand id 'a b' cannot")


def test_a_progressive_hand_after_hands_not_written_states_the_pot_carried_in(
    tmp_path: Path,
) -> None:
    """Hand P2 does not read but records its collection: no pot is carried into P3, which
    posts its blinds.  Written without P2, P3 says ``carry in 0`` (no redeal) besides its
    stacks, so that it checks as it did (it was "not settled: carry-unknown")."""
    path = tmp_path / "night.bhh"
    path.write_text(
        "game progressive badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand P1 · button Anna · Anna 100 · Ben 100\nAnna folds\nBen collects 2\n\n"
        "hand P2 · button Ben · Anna · Ben\nBen frobs\nAnna collects 2\n\n"
        "hand P3 · button Anna · Anna 100 · Ben 100\nAnna folds\nBen collects 2\n",
        encoding="utf-8",
    )
    assert [o.ok for o in replay_stream(parse_text(path.read_text(encoding="utf-8")))] == [
        True,
        False,
        True,
    ]
    out = io.StringIO()
    assert convert_file(path, "text", out).written == 2
    assert "missing hands · carry in 0\n" in out.getvalue()
    converted = tmp_path / "converted.bhh"
    converted.write_text(out.getvalue(), encoding="utf-8")
    checked = run_check([converted], jobs=1)
    assert checked.all_ok, list(checked.lines())


def test_carry_in_0_is_no_redeal() -> None:
    """``carry in 0``: no pot carried into the hand, which posts its blinds as any hand (the
    replay holds a redeal to be a hand with a pot carried in, seed 002's "Pot carry-over");
    the reader took any ``carry in`` for a redeal and implied no blinds, so the hand's first
    action was out of turn."""
    text = (
        "game progressive badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\ncarry in 0\nAnna folds\nBen collects 2\n"
    )
    (outcome,) = replay_stream(parse_text(text))
    assert outcome.ok and not outcome.errors, outcome.errors
    assert outcome.result is not None and outcome.result.payouts == {"Ben": 2}


def test_a_converted_file_imported_beside_its_source_says_the_formats_differ(
    corpus_dir: Path, tmp_path: Path
) -> None:
    """The KingsClub file imported, then its ``convert --to text`` output: a conflict (the
    hand is the ledger's already, nothing stored twice), which said "the hand as written
    differs (its number, the stacks its seats state, or its recorded actions)", none of which
    differs, and advised ``--replace`` (site audit).  It says the two files are the same
    hand in two formats."""
    source = corpus_dir / "kingsclub/Badugi-Limit-USD-30-60-202010.txt"
    db, text = tmp_path / "club.db", tmp_path / "kc.bhh"
    assert runner.invoke(app, ["import", str(source), "--db", str(db)]).exit_code == 0
    converted = runner.invoke(app, ["convert", str(source), "--to", "text", "--out", str(text)])
    assert converted.exit_code == 0, converted.output
    result = runner.invoke(app, ["import", str(text), "--db", str(db)])
    assert result.exit_code == 1 and "1 conflict" in result.output, result.output
    said = " ".join(result.output.split())
    assert (
        "the ledger holds it as read from a 'kingsclub' file, this file is 'text' (the same "
        "hand converted to another format?): import a hand from one file and leave the other "
        "out"
    ) in said, said
    assert "the hand as written differs" not in said


def test_a_file_of_no_format_with_from_holds_no_hand_as_before(tmp_path: Path) -> None:
    """``--from pokerstars`` on an empty file, or one of comments only: no line says another
    format, so it is a file with no Badugi-family hand (exit 0), as without ``--from``; only a
    file whose lines are another format's is refused."""
    for text in ("", "\n\n# just a comment\n"):
        path = tmp_path / "empty.txt"
        path.write_text(text, encoding="utf-8")
        result = runner.invoke(
            app, ["import", str(path), "--db", str(tmp_path / "c.db"), "--from", "pokerstars"]
        )
        assert result.exit_code == 0 and "no Badugi-family hands found" in result.output


UNNAMED = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash · date 2024-03-01

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna raises · Ben calls · Cara folds
draw: Ben 1 · Anna 1
Ben checks · Anna bets · Ben folds
"""
"""A night whose header names no event (``badugi-ledger new`` writes one without --event):
the ledger names it after its file."""


@pytest.mark.parametrize(
    ("source", "to", "said"),
    [
        ("bhh", "phh", "0 duplicate, 1 conflict"),  # converted: named, it is the night's
        ("phh", "text", "0 duplicate, 1 conflict"),
        ("bhh", "text", "1 duplicate"),  # the same hand recorded alike: unnamed, as it was
        ("phh", "phh", "1 duplicate"),
    ],
)
def test_a_night_without_a_name_converted_is_still_that_night(
    tmp_path: Path, source: str, to: str, said: str
) -> None:
    """Its conversion to the other format, read from a file of another name, was another
    event: imported beside the night, every hand stored again (Anna's +5 counted twice; a
    tournament two).  Written with the name the ledger gives the night, it is the night:
    nothing stored twice.  A copy in its own format is the same hand, a duplicate."""
    night = tmp_path / "friday.bhh"
    night.write_text(UNNAMED, encoding="utf-8")
    if source == "phh":
        night = tmp_path / "friday.phh"
        made = runner.invoke(app, ["convert", str(tmp_path / "friday.bhh"), "--to", "phh"])
        night.write_text(made.stdout.replace('event = "friday"\n', ""), encoding="utf-8")
        assert "event" not in night.read_text(encoding="utf-8")
    export = tmp_path / ("export.phh" if to == "phh" else "export.bhh")
    result = runner.invoke(app, ["convert", str(night), "--to", to, "--out", str(export)])
    assert result.exit_code == 0, result.output
    db = tmp_path / "club.db"
    assert runner.invoke(app, ["import", str(night), "--db", str(db)]).exit_code == 0
    again = runner.invoke(app, ["import", str(export), "--db", str(db)])
    assert f"0 stored, {said}" in again.output, again.output
    events = runner.invoke(app, ["events", "--db", str(db), "--json"])
    assert [(e["event"], e["hands"]) for e in json.loads(events.output)["events"]] == [
        ("friday", 1)
    ]


RAKE_FROM_STACKS = """\
variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [100, 100, 100]
actions = ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????", "p3 cbr 4", "p1 f",
  "p2 cc", "p2 sd ??", "p3 sd ??", "d dh p2 ??", "d dh p3 ??", "p2 cc", "p3 cbr 2", "p2 f"]
players = ["Ben", "Cara", "Anna"]
finishing_stacks = [99, 96, 104]
"""
"""A PHH hand whose finishing stacks are a chip short of its starting stacks and that names no
rake: read as a rake of 1, with a warning (a stack mistyped lower would read the same)."""


@pytest.mark.parametrize("to", ["text", "phh"])
def test_what_the_replay_assumed_is_said_when_it_is_written_down(tmp_path: Path, to: str) -> None:
    """Converted, the assumed rake is a fact of the copy (``raked 1``, ``_rake = 1``), which
    checks clean even with ``--strict``: it was written without a word (conversion audit)."""
    source = tmp_path / "hand.phh"
    source.write_text(RAKE_FROM_STACKS, encoding="utf-8")
    result = runner.invoke(app, ["convert", str(source), "--to", to])
    assert result.exit_code == 0, result.output
    assert "raked 1" in result.stdout or "_rake = 1" in result.stdout
    (said,) = result.stderr.splitlines()
    assert said.startswith(f"{source}:1:1: hand hand: warning: the hand names no rake (_rake)")
    assert said.endswith("[rake-from-finishing-stacks]")


def test_a_hand_without_a_forced_bet_is_not_written_as_phh(tmp_path: Path) -> None:
    """``posts none``: PHH's ``blinds_or_straddles = [0, 0, 0]`` and no ante, which PokerKit
    refuses to load ("No antes, blinds, straddles, or bring-in was supplied"): it was written,
    exit 0 (conversion audit).  Refused as what PHH cannot express."""
    source = tmp_path / "none.bhh"
    source.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\ncash No blinds · date 2024-06-02\n\n"
        "hand 3 · button Dan · Anna 50 · Cara 50 · Dan 50\nposts none\n"
        "Anna bets · Cara folds · Dan folds\n",
        encoding="utf-8",
    )
    (refused,) = convert_hands(source, "phh")
    assert isinstance(refused, ImportFormatError) and refused.rule == "phh-cannot-express"
    assert "no forced bet is posted" in refused.message
    text = source.read_text(encoding="utf-8").replace(
        "posts none\nAnna bets · Cara folds · Dan folds\n", "Dan folds · Anna folds\n"
    )
    (written,) = convert_hands(io_path(tmp_path, text), "phh")
    assert not isinstance(written, BaseException)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pokerkit.HandHistory.loads(written.text)


def io_path(folder: Path, text: str) -> Path:
    path = folder / "blinds.bhh"
    path.write_text(text, encoding="utf-8")
    return path


def test_convert_never_writes_over_its_own_file(tmp_path: Path) -> None:
    """``convert night.bhh --out night.bhh`` (or through another path) replaced the night,
    comments and all, by its conversion, exit 0: a usage error now, the file untouched."""
    night = tmp_path / "night.bhh"
    text = (EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8")
    night.write_text(text, encoding="utf-8")
    for out in (night, tmp_path / "." / "night.bhh"):
        result = runner.invoke(app, ["convert", str(night), "--to", "phh", "--out", str(out)])
        assert result.exit_code == 2, result.output
        assert "is FILE itself" in " ".join(result.stderr.replace("│", " ").split())
    assert night.read_text(encoding="utf-8") == text


CAPPED = """\
game badugi · fixed limit 2/4 · blinds 1/2 · cap 3 · rake 5% cap 3 · odd-chip worst-seat
cash Capped · date 2024-03-01

hand 1 · button Anna · Anna 100 · Ben 100
Anna folds

hand 2 · button Ben · Anna · Ben
Ben folds
"""


def test_rules_phh_has_no_field_for_are_said_when_converting(tmp_path: Path) -> None:
    """``cap 3`` and ``rake 5% cap 3`` went into PHH without a word, and came back lost: the
    copy checked its hands alike (their figures are written), but a fourth bet added to it
    was no longer refused (conversion audit).  Said once a file, at its first hand."""
    night = tmp_path / "capped.bhh"
    night.write_text(CAPPED, encoding="utf-8")
    report = convert_file(night, "phh", io.StringIO())
    assert report.written == 2 and not report.problems
    (said,) = report.warnings
    assert said.startswith(f"{night}:4:1: hand 1: warning: PHH has no field for cap 3, rake 5%")
    assert "house rule odd-chip worst-seat" in said and said.endswith("[phh-rule-not-written]")
    plain = night.with_name("plain.bhh")
    plain.write_text(CAPPED.replace(" · cap 3 · rake 5% cap 3 · odd-chip worst-seat", ""), "utf-8")
    assert convert_file(plain, "phh", io.StringIO()).warnings == []
    assert convert_file(night, "text", io.StringIO()).warnings == []  # our text writes them
