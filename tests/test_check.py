"""``badugi-ledger check PATH… [--json]`` and the bundled examples.

Every file in ``examples/`` must replay with no violation and balance; a history with a wrong
turn and a wrong payout must be reported at file:line with a non-zero exit status.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.check import run_check
from badugi_ledger.cli import app
from badugi_ledger.file_choice import history_files
from badugi_ledger.model.errors import BadugiError
from badugi_ledger.replay import replay_stream
from badugi_ledger.sources import read_hands
from tests.helpers.paths import EXAMPLES
from tests.helpers.replay_builder import assert_balanced

runner = CliRunner()

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.bhh"))


def test_there_are_examples() -> None:
    assert len(EXAMPLE_FILES) >= 5


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=[p.name for p in EXAMPLE_FILES])
def test_every_example_replays_cleanly(path: Path) -> None:
    outcomes = list(replay_stream(read_hands(path)))
    assert outcomes, f"{path.name} has no hands"
    for outcome in outcomes:
        assert outcome.ok, [f"line {e.pos.line}: {e.message} [{e.rule}]" for e in outcome.errors]
        assert outcome.result is not None
        assert_balanced(outcome.result)


def test_004_example_gives_the_lesson_figures() -> None:
    """``004``: the recorded Badacey hand ends Bram 228, Kira 228, Noor 222, Amara 282."""
    (outcome,) = replay_stream(read_hands(EXAMPLES / "004_badacey.bhh"))
    assert outcome.result is not None
    assert sum(p.amount for p in outcome.result.pots) == 120
    assert dict(outcome.result.final_stacks) == {
        "Amara": 282,
        "Bram": 228,
        "Kira": 228,
        "Noor": 222,
    }


def test_check_examples_exits_zero() -> None:
    result = runner.invoke(app, ["check", str(EXAMPLES)])
    assert result.exit_code == 0, result.output
    assert "0 with violations, 0 with payout mismatches" in result.output.splitlines()[-1]


BAD = """\
game badugi · fixed limit 2/4 · blinds 1/2

hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100
Cara calls · Dan calls · Anna calls · Ben checks
draw: Anna 1 · Ben 2 · Cara 1 · Dan pat
Anna checks · Ben bets · Cara calls · Dan folds · Anna folds
draw: Ben 1 · Cara 1
Ben bets · Cara raises · Ben calls
draw: Ben pat · Cara pat
Ben checks · Cara checks
show: Ben 7s 4h 2c 2d · Cara 8s 6h 5c 3d
Ben collects 28

hand 2 · button Anna · Anna · Ben · Cara · Dan
Anna folds

hand 3 · button Ben · Anna 98 · Ben 88 · Cara 116 · Dan 98
Anna folds · Ben folds · Cara folds
Dan collects 2
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_check_reports_every_problem_at_file_and_line(tmp_path: Path) -> None:
    path = write(tmp_path, "night.bhh", BAD)
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert f"{path}:12:1: hand 1: payout mismatch: Ben collects 28, but wins nothing" in lines[0]
    assert any(
        line.startswith(f"{path}:15:1: hand 2: Anna acts, but it is Dan's turn") for line in lines
    )
    # Hand 3 states its stacks, so it is checked even though hand 2 failed.
    assert lines[-1] == (f"{path}: 3 hands: 1 ok, 1 with violations, 1 with payout mismatches")


def test_check_json_lines(tmp_path: Path) -> None:
    path = write(tmp_path, "night.bhh", BAD)
    result = runner.invoke(app, ["check", "--json", str(path)])
    assert result.exit_code == 1
    hands = [json.loads(line) for line in result.output.splitlines()]
    assert [h["hand"] for h in hands] == ["1", "2", "3"]
    assert [h["ok"] for h in hands] == [False, False, True]
    first = hands[0]
    assert first["source"] == str(path)
    assert first["final_stacks"] == {"Anna": 98, "Ben": 88, "Cara": 116, "Dan": 98}
    assert first["payouts"] == {"Cara": 28}
    error = first["errors"][0]
    assert {k: error[k] for k in ("line", "column", "rule")} == {
        "line": 12,
        "column": 1,
        "rule": "collect",
    }
    assert "Ben collects 28" in error["message"]
    assert hands[1]["errors"][0]["rule"] == "turn-order"
    assert hands[1]["final_stacks"] == {} and hands[1]["payouts"] == {}


READ_HAND_FIELDS = [
    *("source", "hand", "line", "ok", "errors", "warnings", "final_stacks", "payouts"),
    *("game", "table", "unit", "pots", "rake", "carry_in", "carry_out", "busted", "notes"),
]
"""The fields README.md gives every hand ``check --json`` read (``unknown_stacks`` besides,
when some are unknown)."""


def test_check_json_gives_every_read_hand_every_field(tmp_path: Path) -> None:
    """A script reading ``pots`` or ``notes`` of every hand met a hand that broke a rule or
    was not settled without them (a ``KeyError`` on the hands that matter): every hand read
    has every field, those the replay did not reach empty or null.  And ``unit`` says what
    the amounts count: cents of a night's currency are not chips."""
    text = BAD.replace("blinds 1/2\n", "blinds 1/2 · currency USD\n", 1)
    cut = text + "\nhand 4 · button Cara · Anna 98 · Ben 88 · Cara 116 · Dan 98\nBen folds\n"
    path = write(tmp_path, "night.bhh", cut)
    result = runner.invoke(app, ["check", "--json", str(path)])
    hands = [json.loads(line) for line in result.output.splitlines()]
    assert [h["errors"][0]["kind"] if h["errors"] else "ok" for h in hands] == [
        *("mismatch", "illegal", "ok", "incomplete")
    ]
    for hand in hands:
        assert list(hand) == READ_HAND_FIELDS, hand["hand"]
        assert hand["unit"] == "USD"
    stopped = hands[1]
    assert stopped["pots"] == [] and stopped["busted"] == [] and stopped["notes"] == []
    assert stopped["rake"] is stopped["carry_in"] is stopped["carry_out"] is None
    assert hands[2]["pots"][0]["amount"] == 2  # cents: 0.02 USD


def test_check_walks_folders_and_reports_unreadable_hands(tmp_path: Path) -> None:
    write(
        tmp_path,
        "a/b/deep.bhh",
        BAD.split("hand 2")[0].replace("Ben collects 28", "Cara collects 28"),
    )
    write(tmp_path, "a/notes.md", "not a history")
    write(tmp_path, "a/.hidden/x.bhh", "garbage")
    write(tmp_path, "broken.bhh", "game badugi · fixed limit 2/4 · blinds 1/2\nhand 1 · button\n")
    files = history_files([tmp_path])
    assert [p.name for p in files] == ["deep.bhh", "broken.bhh"]
    result = runner.invoke(app, ["check", str(tmp_path)])
    assert result.exit_code == 1
    out = result.output
    assert "deep.bhh: 1 hand: 1 ok" in out
    assert "broken.bhh: 1 hand: 0 ok, 1 with violations" in out
    assert "total (2 files): 2 hands: 1 ok, 1 with violations" in out


def test_check_missing_path_is_one_error_line(tmp_path: Path) -> None:
    result = runner.invoke(app, ["check", str(tmp_path / "nope.bhh")])
    assert result.exit_code == 1
    assert "Error: no such file or folder" in result.output
    assert "Traceback" not in result.output
    with pytest.raises(BadugiError):
        run_check([tmp_path / "nope.bhh"])
    empty = tmp_path / "empty"
    empty.mkdir()
    assert runner.invoke(app, ["check", str(empty)]).exit_code == 1


def test_a_pipe_with_a_history_name_is_left_out_of_a_folder_and_refused_by_name(
    tmp_path: Path,
) -> None:
    """Opening a pipe nobody writes to waits for ever: a folder's pipe named ``x.bhh`` is not
    read (the folder's files are), and a pipe named on the command line is a clear error.  A
    link to nowhere stays in, so that the check says it cannot be read."""
    import os
    import threading

    write(tmp_path, "night.bhh", (EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8"))
    pipe = tmp_path / "pipe.bhh"
    os.mkfifo(pipe)

    def writer() -> None:
        # Code that opened the pipe (the mistake this test is about) reads an empty end here
        # and fails the asserts below, instead of waiting for ever and hanging the suite.
        while True:
            try:
                pipe.open("wb").close()
            except OSError:
                return

    threading.Thread(target=writer, daemon=True).start()
    (tmp_path / "gone.bhh").symlink_to(tmp_path / "nowhere.bhh")
    assert [p.name for p in history_files([tmp_path])] == ["gone.bhh", "night.bhh"]
    result = runner.invoke(app, ["check", "-j", "1", str(tmp_path / "pipe.bhh")])
    assert result.exit_code == 1
    assert "pipe.bhh is not a file or folder (a pipe, socket or device)" in result.output


def test_check_reads_site_histories(corpus_dir: Path) -> None:
    """The same door takes site histories: PokerStars' cash Badugi file (corpus) replays and
    matches every figure PokerStars printed (pots, rake, collections)."""
    path = corpus_dir / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt"
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.strip().endswith(
        "4 hands: 4 ok, 0 with violations, 0 with payout mismatches"
    )


def test_unreadable_lines_count_per_hand_not_per_line(tmp_path: Path) -> None:
    """A Latin-1 file reports every bad line, but the summary counts hands: two hands with
    undecodable lines are two hands with violations, and a bad header line is counted apart
    (found by the fuzz tests: a 4-hand Latin-1 file was summarised as 36 hands)."""
    path = tmp_path / "latin.bhh"
    path.write_bytes(
        b"game badugi \xb7 fixed limit 2/4 \xb7 blinds 1/2\n"
        b"hand 1 \xb7 button A \xb7 A 20 \xb7 B 20\nA folds \xb7 B \xe9\n\n"
        b"hand 2 \xb7 button B \xb7 A \xb7 B\nB folds \xb7 A \xe9\n"
    )
    run = run_check([path])
    lines = list(run.lines())
    assert not run.all_ok
    assert lines[-1].startswith(f"{path}: 2 hands: 0 ok, 2 with violations")
    assert lines[-1].endswith("; 1 unreadable line outside hands")


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_check_reads_files_as_the_format_from_names(
    tmp_path: Path, corpus_dir: Path, jobs: str
) -> None:
    """``check --from`` reads every file as ``import --from`` does, so a file is checked the way
    it will be imported: a PokerStars file given ``--from pokerstars`` reads as detected, our
    own night given ``--from pokerstars`` is refused as ``import`` refuses it (the same words),
    on one process and on two."""
    site = corpus_dir / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt"
    night = tmp_path / "night.bhh"
    night.write_text((EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8"), encoding="utf-8")
    detected = runner.invoke(app, ["check", str(site), "-j", jobs])
    told = runner.invoke(app, ["check", str(site), "--from", "pokerstars", "-j", jobs])
    assert told.exit_code == detected.exit_code == 0, told.output
    assert told.output == detected.output and "4 hands: 4 ok" in told.output
    refused = runner.invoke(
        app, ["check", str(night), str(site), "--from", "pokerstars", "-j", jobs]
    )
    assert refused.exit_code == 1, refused.output
    assert (
        "cannot read the file as pokerstars (--from pokerstars): it holds no hand of that "
        "format, and reads as the 'text' format" in refused.output
    ), refused.output
    assert "4 hands: 4 ok" in refused.output


# One run lists every mistake of a file, each at its own file:line:column (README, "What
# check reports, in one run"): a hand with two lines that cannot be read shows both, and is
# one hand with violations in the summary.

TWO_TYPOS = (
    (EXAMPLES / "progressive_night.bhh")
    .read_text(encoding="utf-8")
    .replace("Anna checks · Ben bets · Cara calls", "Anna checks · Ben betz · Cara calls")
    .replace("draw: Ben 1 · Cara 1\nBen checks", "draw: Ben 1 · Cara 1\nBen chekcs", 1)
)
"""examples/progressive_night.bhh with two verbs mistyped in hand P1: line 15 and line 17."""


def test_check_lists_every_line_of_a_hand_that_cannot_be_read(tmp_path: Path) -> None:
    path = tmp_path / "night.bhh"
    path.write_text(TWO_TYPOS, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    lines = result.output.splitlines()
    at = [i for i, line in enumerate(lines) if line.startswith(f"{path}:1")]
    assert lines[at[0]].startswith(f"{path}:15:19: hand P1: expected ")
    assert "found 'betz' (did you mean 'bets'?) [parse]" in lines[at[0]]
    assert lines[at[1]].startswith(f"{path}:17:5: hand P1: expected ")
    assert "found 'chekcs' (did you mean 'checks'?) [parse]" in lines[at[1]]
    assert lines[at[1] + 1 : at[1] + 3] == ["    Ben chekcs · Cara checks", "        ^"]
    assert lines[-1].startswith(
        f"{path}: 3 hands: 1 ok, 1 with violations, 0 with payout mismatches, 1 not settled"
    )


def test_check_json_gives_a_hand_that_cannot_be_read_each_of_its_errors(tmp_path: Path) -> None:
    path = tmp_path / "night.bhh"
    path.write_text(TWO_TYPOS, encoding="utf-8")
    result = runner.invoke(app, ["check", "--json", str(path)])
    hands = [json.loads(line) for line in result.output.splitlines()]
    assert [h["hand"] for h in hands] == ["P1", "P2", "P3"]
    errors = hands[0]["errors"]
    assert [(e["line"], e["column"], e["rule"]) for e in errors] == [
        (15, 19, "parse"),
        (17, 5, "parse"),
    ]
    assert errors[1]["message"].endswith("\n    Ben chekcs · Cara checks\n        ^")
    assert "did you mean 'checks'?" in errors[1]["message"]


def test_a_hand_of_thousands_of_bad_lines_is_a_bounded_report(tmp_path: Path) -> None:
    """Lines of another text pasted after a hand line: check lists a bounded number of them
    and one line for the rest, and counts one hand."""
    from badugi_ledger.text.chunks import MAX_LISTED

    path = tmp_path / "pasted.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\nhand 1 · button A · A 20 · B 20\n"
        + "Dear all, the next game is on Friday\n" * 3_000,
        encoding="utf-8",
    )
    run = run_check([path], jobs=1)
    lines = list(run.lines())
    listed = [line for line in lines if line.startswith(f"{path}:")]
    assert len(listed) == MAX_LISTED + 2  # the listed lines, the one for the rest, the summary
    assert f"line {MAX_LISTED + 3} cannot be read either" in listed[-2]
    assert listed[-1] == f"{path}: 1 hand: 0 ok, 1 with violations, 0 with payout mismatches"


# The checks of a hand as a whole list each of its mistakes too (README, "What check reports,
# in one run"): a hand whose button and two of whose players are not seated shows all three,
# each at its own line, and is one hand with violations.

NOT_SEATED = (
    "game badugi · fixed limit 2/4 · blinds 1/2\n"
    "hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100\n"
    "Zed calls 2\n"
    "Anna raises to 4 · Ben calls 2\n"
    "Quin folds\n"
    "hand 2 · button Anna · Anna 100 · Ben 100\n"
    "Anna calls 1 · Ben checks\n"
)


def test_check_lists_every_mistake_of_a_hands_record(tmp_path: Path) -> None:
    path = tmp_path / "night.bhh"
    path.write_text(NOT_SEATED, encoding="utf-8")
    result = runner.invoke(app, ["check", str(path)])
    assert result.exit_code == 1
    listed = [line for line in result.output.splitlines() if line.startswith(f"{path}:")]
    assert listed[0] == f"{path}:2:17: hand 1: the button Dan is not seated in this hand [parse]"
    assert listed[1] == f"{path}:3:1: hand 1: Zed is not seated in this hand [parse]"
    assert listed[2] == f"{path}:5:1: hand 1: Quin is not seated in this hand [parse]"
    assert listed[-1].startswith(f"{path}: 2 hands: 0 ok, 1 with violations")


def test_check_json_gives_each_mistake_of_a_hands_record(tmp_path: Path) -> None:
    path = tmp_path / "night.bhh"
    path.write_text(NOT_SEATED, encoding="utf-8")
    result = runner.invoke(app, ["check", "--json", str(path)])
    hands = [json.loads(line) for line in result.output.splitlines()]
    assert [h["hand"] for h in hands] == ["1", "2"]
    errors = hands[0]["errors"]
    assert [(e["line"], e["column"], e["rule"]) for e in errors] == [
        (2, 17, "parse"),
        (3, 1, "parse"),
        (5, 1, "parse"),
    ]
    assert errors[2]["message"] == "Quin is not seated in this hand\n    Quin folds\n    ^"


def test_check_lists_every_card_the_deals_name_twice(tmp_path: Path) -> None:
    """One deck deals every hand (seed 000, "Playing a hand"): a card the deal lines give two
    players is a mistake of the record whatever the play, so each is listed, though the replay
    stops at the first (what follows a broken rule is unknown)."""
    path = tmp_path / "night.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
        "deal: Anna A♠ 2♥ 3♦ 4♣\n"
        "deal: Ben A♠ 5♥ 6♦ 7♣\n"
        "deal: Cara 8♥ 9♦ 7♣ K♠\n"
        "Anna folds · Ben calls 1 · Cara checks\n",
        encoding="utf-8",
    )
    result = runner.invoke(app, ["check", str(path)])
    listed = [line for line in result.output.splitlines() if line.startswith(f"{path}:")]
    assert listed == [
        f"{path}:4:7: hand 1: Ben gets As, but As is already in Anna's hand [duplicate-card]",
        f"{path}:5:7: hand 1: Cara gets 7c, but 7c is already in Ben's hand [duplicate-card]",
        f"{path}: 1 hand: 0 ok, 1 with violations, 0 with payout mismatches",
    ]
