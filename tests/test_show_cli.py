"""``badugi-ledger show``: hands of files (replayed) or of the ledger (stored figures), as
text or JSON Lines, through the real command (typer's runner)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

runner = CliRunner()


def test_show_files_as_text_and_json(tmp_path: Path) -> None:
    source = EXAMPLES / "004_badacey.bhh"
    result = runner.invoke(app, ["show", str(source)])
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("hand 004-1 · Badacey · Badacey practice deal\n")
    assert "    A-5 low half (60): Amara 60 with 5-4-3-2-A low\n" in out
    assert "    Badugi half (60) tie: Noor 30, Amara 30 with 4-card 4-3-2-A\n" in out
    assert out.rstrip().endswith("verdict: ok")
    assert max(len(line) for line in out.splitlines()) <= 80
    lines = runner.invoke(app, ["show", str(EXAMPLES / "home_session.bhh"), "--json"]).output
    hands = [json.loads(line) for line in lines.splitlines()]
    assert [h["hand"] for h in hands] == ["1", "2", "3", "4"]
    assert all(h["verdict"] == "ok" and not h["stored"] for h in hands)


def test_several_files_and_hands(tmp_path: Path) -> None:
    files = [str(EXAMPLES / "home_session.bhh"), str(EXAMPLES / "progressive_night.bhh")]
    result = runner.invoke(app, ["show", *files, "--hand", "2", "--hand", "P1", "--json"])
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["hand"] for line in result.output.splitlines()] == ["2", "P1"]


def test_a_bad_hand_is_shown_and_a_missing_one_is_an_error(tmp_path: Path) -> None:
    wrong = tmp_path / "night.bhh"
    text = (EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8")
    wrong.write_text(text.replace("Ben checks · Anna bets 2", "Anna bets 2"), encoding="utf-8")
    result = runner.invoke(app, ["show", str(wrong)])
    assert result.exit_code == 1, result.output  # as check: a hand that is not ok
    assert " !   19  Anna bets 2\n         ^ " in result.output
    assert "verdict: violations\n  line 19: illegal: " in result.output
    missing = runner.invoke(app, ["show", str(wrong), "--hand", "12"])
    assert missing.exit_code == 1
    assert "Error: no hand '12' in" in missing.output and "(its hands: 000-1)" in missing.output
    assert "Traceback" not in missing.output


def test_show_stored_hands(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES])
    args = ["show", "--db", str(db), "--event", "Progressive night", "--hand", "P2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.startswith("hand P2 · Progressive Badugi · table Back room · Progressive night")
    words = " ".join(out.split())  # long lines are wrapped at 80 columns
    # The file is still there and holds the stored hand: shown with its actions.
    assert "from the ledger" in words and "\nbetting round 1\n" in out
    assert "carried in: 12 (in the main pot)" in out
    assert "progressive_night.bhh:23, which still holds the stored hand" in words
    data = json.loads(runner.invoke(app, [*args, "--json"]).output)
    assert data["stored"] and data["carry_in"] == 12 and data["pots"][0]["shares"] == {"Dan": 38}
    gone = runner.invoke(app, ["show", "--db", str(db), "--event", "Nowhere"])
    assert gone.exit_code == 1 and gone.output.startswith("Error: no event 'Nowhere'")
    both = runner.invoke(app, ["show", str(EXAMPLES), "--db", str(db)])
    assert both.exit_code == 2 and "--db shows stored hands" in " ".join(both.output.split())
    event_with_file = runner.invoke(app, ["show", str(EXAMPLES), "--event", "1"])
    words = " ".join(event_with_file.output.replace("│", " ").split())
    assert event_with_file.exit_code == 2 and "give them without FILES" in words


def test_the_hands_of_a_voided_event_are_void(tmp_path: Path) -> None:
    """``void --event`` takes a night out of every figure; ``show --db`` gave its hands the
    verdict ``ok`` (a note only said the event was void), so a script counting verdicts
    counted them.  docs/api.md: a stored hand's verdict is ``ok`` or ``void``."""
    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES / "home_session.bhh"])
    voided = runner.invoke(
        app, ["void", "--db", str(db), "--event", "Friday game", "--reason", "night annulled"]
    )
    assert voided.exit_code == 0, voided.output
    shown = runner.invoke(app, ["show", "--db", str(db), "--event", "Friday game", "--json"])
    assert shown.exit_code == 0, shown.output
    views = [json.loads(line) for line in shown.output.splitlines()]
    assert views and {v["verdict"] for v in views} == {"void"}
    assert all("the event is void: night annulled" in v["notes"] for v in views)


def test_a_stored_hand_whose_file_is_gone_shows_the_stored_figures(tmp_path: Path) -> None:
    night = tmp_path / "night.bhh"
    night.write_text((EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8"), "utf-8")
    db = tmp_path / "club.db"
    assert import_into(db, [night]).stored == 1
    night.unlink()
    out = runner.invoke(app, ["show", "--db", str(db), "--hand", "000-1"]).output
    assert "chips put in (the ledger keeps no actions)\n         Anna puts in 14\n" in out
    assert "betting round" not in out
    assert "won: Anna 28 with 4-card 8-6-5-3 (Badugi)" in out
    said = " ".join(out.split())
    assert "which is not where it was imported from or no longer holds it as stored" in said
    assert "the file, wherever it is now, shows them (`show FILE --hand 000-1`)" in said


def test_hostile_names_in_a_stored_hand(tmp_path: Path) -> None:
    night = tmp_path / "night.bhh"
    night.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        'cash "Night <script>" · date 2024-01-01\n\n'
        'hand 1 · button "Mal\x1b]0;pwned\x07" · "Mal\x1b]0;pwned\x07" 100 · "Eve\x1b[2J" 100\n'
        '"Mal\x1b]0;pwned\x07" folds\n',
        encoding="utf-8",
    )
    db = tmp_path / "club.db"
    assert import_into(db, [night]).stored == 1
    for args in (["show", str(night)], ["show", "--db", str(db)]):
        out = runner.invoke(app, args).output
        assert not any(c in out for c in "\x1b\x07"), out
        assert "Mal\\x1b]0;pwned\\x07" in out and "Eve\\x1b[2J" in out


def test_an_unreadable_file_is_shown_with_its_error_and_exit_status_1(tmp_path: Path) -> None:
    """``show`` exits as ``check`` does: 1 when a hand does not read (the error in its verdict),
    in text and in JSON Lines."""
    bad = tmp_path / "bad.bhh"
    bad.write_text("garbage\n", encoding="utf-8")
    result = runner.invoke(app, ["show", str(bad)])
    assert result.exit_code == 1, result.output
    assert "verdict: unreadable\n  line 1: illegal: expected a header line" in result.output
    as_json = runner.invoke(app, ["show", str(bad), "--json"])
    assert as_json.exit_code == 1 and json.loads(as_json.output)["verdict"] == "unreadable"
    check = runner.invoke(app, ["check", str(bad)])
    assert check.exit_code == 1 and "Traceback" not in result.output + check.output


CARRIED_IN_EUR = """\
game progressive badugi · fixed limit 2/4 · blinds 1/2
currency EUR
qualifier 9 · redeal-posts no
cash Euro night · date 2024-05-03

hand 1 · button Cara · Anna 100 · Ben 100 · Cara 100
Cara calls · Anna calls · Ben checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
draw: Anna 1 · Ben 1 · Cara 1
Anna checks · Ben checks · Cara checks
show: Anna Kh 8s 4d 2c · Ben Jd 7c 5h 3s · Cara Qh 9s 6d Ac
carry 6
"""


def test_a_carried_pot_of_money_is_shown_as_money(tmp_path: Path) -> None:
    """A Progressive Badugi pot nobody qualifies for (``002``) in a hand of EUR: ``show`` names
    the pot 0.06 (amounts in EUR) and said "the pot of 6 carries" under it, the cents its
    detail keeps.  The text says 0.06, as every other figure of the hand; ``--json``'s
    ``detail`` stays the replay's words (docs/ledger.md: a pot's detail keeps plain integers)."""
    night = tmp_path / "euro.bhh"
    night.write_text(CARRIED_IN_EUR, encoding="utf-8")
    shown = runner.invoke(app, ["show", str(night)]).output
    assert "  main pot 0.06 (eligible: Anna, Ben, Cara)\n" in shown, shown
    assert "    no hand qualifies: the pot of 0.06 carries to the next hand (002)\n" in shown
    [hand] = [
        json.loads(line)
        for line in runner.invoke(app, ["show", str(night), "--json"]).output.splitlines()
    ]
    assert (
        hand["pots"][0]["detail"]
        == "no hand qualifies: the pot of 6 carries to the next hand (002)"
    )


def test_a_file_imported_by_a_relative_path_is_replayed_from_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``show --db`` (and the web app's event page, the same library) replays a stored hand
    from its file when the file still holds it.  A file imported by a relative path, from
    inside its folder (``import night.bhh``), was looked for from the folder the command runs
    in: from anywhere else (``serve`` started elsewhere) its hands showed only the stored
    figures.  The ledger keeps the file's real path (``source_paths``): it is read there.  A
    file of the same name in the other folder, another night, is not taken for it."""
    nights, elsewhere = tmp_path / "nights", tmp_path / "elsewhere"
    nights.mkdir()
    elsewhere.mkdir()
    (nights / "night.bhh").write_text(
        (EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8"), "utf-8"
    )
    db = tmp_path / "club.db"
    monkeypatch.chdir(nights)
    stored = runner.invoke(app, ["import", "night.bhh", "--db", str(db)])
    assert stored.exit_code == 0, stored.output
    monkeypatch.chdir(elsewhere)
    (elsewhere / "night.bhh").write_text(
        (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8"), "utf-8"
    )
    out = runner.invoke(app, ["show", "--db", str(db), "--hand", "000-1"]).output
    assert "the ledger keeps no actions" not in out
    assert "betting round 1" in out and "replayed from night.bhh:15" in out
    (nights / "night.bhh").unlink()
    out = runner.invoke(app, ["show", "--db", str(db), "--hand", "000-1"]).output
    assert "chips put in (the ledger keeps no actions)" in out
