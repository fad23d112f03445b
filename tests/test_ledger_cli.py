"""The ledger commands end to end through the real parser and replay: import (idempotent,
rejections, --strict), standings, settle, export, report, players, tournament; one real
subprocess of the installed console script; two concurrent importers into one file."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.store import open_ledger

runner = CliRunner()

# An invented home night (not from the seeds): three players, fixed limit 2/4, blinds 1/2.
NIGHT = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Friday Night · date 2024-03-01 · season 2024

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna folds · Ben folds

hand 2 · button Ben · Anna · Ben · Cara
Ben folds · Cara calls · Anna checks
draw: Cara 1 · Anna 2
Cara bets · Anna folds

hand 3 · button Cara · Anna · Ben · Cara
Cara raises to 4 · Anna folds · Ben folds
"""

# Hand 2 raises past nothing: Ben "checks" facing the big blind, which is illegal.
BAD = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Saturday · date 2024-03-02 · season 2024

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna folds · Ben folds

hand 2 · button Ben · Anna · Ben · Cara
Ben checks
"""

# An invented sit-and-go: four players, D out in hand 1, then C, then B.
CUP = """\
game badugi · no limit · blinds 10/20
tournament Spring Cup · date 2024-04-06 · season 2024 · buy-in 1000 · payouts 70/30

hand 1 · button A · A 500 · B 500 · C 500 · D 500
D raises to 500 all-in · A calls · B folds · C folds
show: A As 2d 3h 4c · D Ks Qd Jh Tc

hand 2 · button B · A · B · C
B folds · C raises to 480 all-in · A calls
show: A As 2d 3h 4c · C Ks Qd Jh Tc

hand 3 · button A · A · B
A raises to 40 · B raises to 490 all-in · A calls
show: A As 2d 3h 4c · B Ks Qd Jh Tc
"""


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def invoke(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def test_import_twice_changes_nothing(tmp_path: Path) -> None:
    night, db = write(tmp_path, "night.bhh", NIGHT), tmp_path / "club.db"
    code, out = invoke("import", night, "--db", db)
    assert code == 0 and "3 stored, 0 duplicate, 0 rejected" in out
    code, out = invoke("import", tmp_path, "--db", db)  # the folder: the same file again
    assert code == 0 and "0 stored, 3 duplicate, 0 rejected" in out
    ledger = open_ledger(db)
    assert ledger.execute("SELECT count(*) FROM hands").fetchone()[0] == 3
    assert ledger.execute("SELECT sum(amount) FROM postings").fetchone()[0] == 0


def test_rejected_hands_are_reported_with_line_and_reason(tmp_path: Path) -> None:
    bad, db = write(tmp_path, "bad.bhh", BAD), tmp_path / "club.db"
    code, out = invoke("import", bad, "--db", db, "--json")
    assert code == 1
    report = json.loads(out)
    assert (report["stored"], report["duplicate"], report["rejected"]) == (1, 0, 1)
    [rejection] = report["files"][0]["rejections"]
    assert rejection["line"] == 7 and rejection["hand"] == "2"
    assert any("line 8" in r for r in rejection["reasons"])


def test_strict_refuses_the_file(tmp_path: Path) -> None:
    bad, db = write(tmp_path, "bad.bhh", BAD), tmp_path / "club.db"
    code, out = invoke("import", bad, "--db", db, "--strict")
    assert code == 1 and "refused" in out and "0 stored" in out
    assert open_ledger(db).execute("SELECT count(*) FROM hands").fetchone()[0] == 0


def test_strict_refuses_a_file_with_a_conflict_whole(tmp_path: Path) -> None:
    """``--strict``: the whole file or none of it.  The night's file edited (hand 4's two
    collections swapped: a conflict) and a hand added: the new hand was stored beside the
    ledger's old hand 4 (exit 1, "1 stored"), the file half taken."""
    db = tmp_path / "club.db"
    night = Path(__file__).parent.parent / "examples" / "home_session.bhh"
    text = night.read_text(encoding="utf-8")
    path = write(tmp_path, "night.bhh", text)
    assert invoke("import", path, "--db", db)[0] == 0
    edited = text.replace(
        "Anna collects 10 · Ben collects 10", "Ben collects 10 · Anna collects 10"
    )
    added = "\nhand 5 · button Eve · Anna · Ben · Cara · Dan · Eve\n"
    added += "Cara folds · Dan folds · Eve folds · Anna folds\nBen collects 2\n"
    write(tmp_path, "night.bhh", edited + added)
    dump = list(open_ledger(db).iterdump())
    code, out = invoke("import", path, "--db", db, "--strict")
    assert code == 1 and "1 conflict" in out and "refused by --strict: nothing stored" in out, out
    assert list(open_ledger(db).iterdump()) == dump
    code, out = invoke("import", path, "--db", db)
    assert code == 1 and "1 stored" in out and "1 conflict" in out, out


# An all-in before the first draw, no draw written down: legal, with three warnings
# (draw-not-recorded), as the README's *What check reports* describes them.
ALL_IN_NO_DRAWS = """\
game badugi · no limit · blinds 1/2
cash Warned · date 2024-02-02
hand 1 · button Anna · Anna 100 · Ben 100
Anna raises to 100 all-in · Ben calls all-in
show: Ben 7h 5c 3d 2s · Anna 8s 6d 4c Ah
Ben collects 200
"""


def test_strict_refuses_a_file_for_a_warning_and_its_help_says_so(tmp_path: Path) -> None:
    """README (*What check reports*): "import stores a hand with warnings unless import
    --strict", and docs/ledger.md: "under --strict a warning is a reason like any other".  The
    option's help, the only place a user reads what --strict does, named only bad hands and
    conflicts."""
    night, db = write(tmp_path, "night.bhh", ALL_IN_NO_DRAWS), tmp_path / "club.db"
    code, out = invoke("import", night, "--db", db, "--strict")
    assert code == 1 and "refused by --strict: nothing stored" in out, out
    assert "[draw-not-recorded]" in out, out
    code, out = invoke("import", night, "--db", db)
    assert code == 0 and "1 stored" in out, out
    code, out = invoke("import", "--help")
    strict = " ".join(out.replace("│", " ").split()).split("--strict", 1)[1].split("--replace")[0]
    assert "warning" in strict, strict


def documented_import_fields() -> set[str]:
    """The field names docs/ledger.md (*JSON fields*) gives ``import --json``: the totals'
    paragraph and its table, up to the next output's."""
    text = (Path(__file__).parent.parent / "docs" / "ledger.md").read_text(encoding="utf-8")
    start = text.index("`import --json` prints one object")
    section = text[start : text.index("`showdown --json` prints one object", start)]
    return set(re.findall(r"`([a-z_]+)`", section))


def test_import_json_has_the_fields_docs_ledger_md_lists(tmp_path: Path) -> None:
    """A club's script reads ``import --json``; docs/ledger.md's *JSON fields* named its
    totals and its files' fields nowhere.  Every key of the report, of a file, of a
    rejection and of a conflict (hand 4's collections swapped: home_session.bhh) is listed."""
    db = tmp_path / "club.db"
    night = Path(__file__).parent.parent / "examples" / "home_session.bhh"
    text = night.read_text(encoding="utf-8")
    path = write(tmp_path, "night.bhh", text)
    assert invoke("import", path, "--db", db)[0] == 0
    edited = text.replace(
        "Anna collects 10 · Ben collects 10", "Ben collects 10 · Anna collects 10"
    )
    write(tmp_path, "night.bhh", edited)
    bad = write(tmp_path, "bad.bhh", BAD)
    code, out = invoke("import", path, bad, "--db", db, "--json")
    assert code == 1
    report = json.loads(out)
    files = report["files"]
    [conflict] = files[0]["conflicts"]
    [rejection] = files[1]["rejections"]
    keys = {*report, *files[0], *conflict, *rejection}
    assert keys - documented_import_fields() == set()


def test_standings_settle_export_report_players(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    invoke("import", write(tmp_path, "night.bhh", NIGHT), "--db", db)
    code, out = invoke("standings", "--db", db, "--format", "json")
    assert code == 0
    assert [(r["player"], r["net"]) for r in json.loads(out)] == [
        ("Cara", 6),
        ("Anna", -3),
        ("Ben", -3),
    ]
    code, out = invoke("settle", "--db", db, "--event", "Friday Night", "--json")
    settlement = json.loads(out)
    assert settlement["net"] == 0 and settlement["total_paid"] == settlement["total_owed"] == 6
    assert len(settlement["transfers"]) == 2
    code, out = invoke("export", "--db", db, "--table", "hands", "--format", "json")
    assert code == 0 and len(json.loads(out)) == 3
    target = tmp_path / "season.html"
    code, out = invoke("report", "--db", db, "--out", target)
    assert code == 0 and "<svg" in target.read_text(encoding="utf-8")
    code, out = invoke("players", "merge", "Anna", "Ben", "--db", db)
    assert code == 1 and "not one person" in out  # they sat at one table
    saturday = NIGHT.replace("Friday Night · date 2024-03-01", "Saturday · date 2024-03-02")
    invoke("import", write(tmp_path, "sat.bhh", saturday.replace("Ben", "Benny")), "--db", db)
    code, out = invoke("players", "merge", "Ben", "Benny", "--db", db)
    assert code == 0 and "Ben (also Benny): 6 hands" in out
    code, out = invoke("standings", "--db", db, "--format", "csv")
    assert out.splitlines()[1:] == [
        "1,Cara,12,chips,2,6,6,6",
        "2,Anna,-6,chips,2,6,-3,-3",
        "2,Ben,-6,chips,2,6,-3,-3",
    ]
    code, out = invoke("players", "unmerge", "Benny", "--db", db)
    assert code == 0 and "Benny: 3 hands" in out


def test_an_empty_ledger_says_so_in_players_as_in_events(tmp_path: Path) -> None:
    """A newcomer's first ``players`` on a ledger with no hand yet (made by an import of
    nothing but another game, or by the library) printed nothing at all, exit 0, where
    ``events`` says "no events yet: import some hands first"."""
    db = tmp_path / "club.db"
    open_ledger(db).close()
    for command in (["events"], ["players"], ["players", "list"]):
        result = runner.invoke(app, [*command, "--db", str(db)])
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith("no "), (command, result.stdout)
        assert "import some hands first (badugi-ledger import FILES)" in result.stdout


def test_a_name_spelled_with_other_code_points_is_the_same_player(tmp_path: Path) -> None:
    """``Zoë`` written with one character on Friday and with ``e`` and a combining diaeresis
    on Saturday looks the same everywhere: one player with two spellings (an alias, as a
    merge makes), one row of the standings, one transfer of the settle-up, not two; unmerge
    takes it back."""
    import unicodedata

    composed, decomposed = "Zo\u00eb", "Zoe\u0308"
    assert unicodedata.normalize("NFC", decomposed) == composed != decomposed
    db = tmp_path / "club.db"
    invoke("import", write(tmp_path, "fri.bhh", NIGHT.replace("Ben", composed)), "--db", db)
    saturday = NIGHT.replace("Friday Night · date 2024-03-01", "Saturday · date 2024-03-02")
    invoke("import", write(tmp_path, "sat.bhh", saturday.replace("Ben", decomposed)), "--db", db)
    code, out = invoke("standings", "--db", db, "--format", "json")
    assert [r["player"] for r in json.loads(out)].count(composed) == 1, out
    code, out = invoke("players", "--db", db)
    assert f"{composed} (also {decomposed}): 6 hands" in out, out
    code, out = invoke("players", "unmerge", decomposed, "--db", db)
    assert code == 0 and f"{decomposed}: 3 hands" in out, out


def test_a_name_with_a_character_that_shows_nothing_is_the_same_player(tmp_path: Path) -> None:
    """``Ben`` on Friday and ``Ben`` with a zero-width space pasted into it on Saturday (from a
    chat) read the same on every page: one player, one row of the standings, not two rows that
    look alike; and the other way round (the pasted name first, the plain one after)."""
    pasted = "Be\u200bn"
    for first, second in (("Ben", pasted), (pasted, "Ben")):
        db = tmp_path / f"club-{len(first)}.db"
        invoke("import", write(tmp_path, "fri.bhh", NIGHT.replace("Ben", first)), "--db", db)
        saturday = NIGHT.replace("Friday Night · date 2024-03-01", "Saturday · date 2024-03-02")
        sat = write(tmp_path, "sat.bhh", saturday.replace("Ben", second))
        invoke("import", sat, "--db", db)
        code, out = invoke("standings", "--db", db, "--format", "json")
        assert [r["player"] for r in json.loads(out)].count(first) == 1, out
        assert second not in [r["player"] for r in json.loads(out)], out


def test_tournament_places_prizes_and_a_chop(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    code, out = invoke("import", write(tmp_path, "cup.bhh", CUP), "--db", db)
    assert code == 0, out
    code, out = invoke("tournament", "--db", db, "--event", "Spring Cup", "--json")
    entries = {e["player"]: (e["place"], e["prize"]) for e in json.loads(out)["entries"]}
    assert entries == {"A": (1, 28.0), "B": (2, 12.0), "C": (3, 0), "D": (4, 0)}
    code, out = invoke("standings", "--db", db)
    assert "Tournament standings" in out
    code, out = invoke("tournament", "--db", db, "--event", "Spring Cup", "--bounty", "2.50")
    assert code == 0 and "bounty 2.50, " in out  # money shown as money, not cents
    code, out = invoke("settle", "--db", db, "--event", "Spring Cup")
    assert code == 0 and "balances net to 0.00" in out


# A heads-up final paying three places (invented): Kira takes Noor's last chips.
TWO_UP = """\
game badugi · fixed limit 10/20 · blinds 5/10
tournament Two Up · date 2024-04-12 · season S · buy-in 1000 · starting-chips 200 · payouts 50/30/20
table Final

hand T1 · button Kira · Kira 200 · Noor 200
Kira raises to 20 · Noor calls 10
draw: Noor 1 · Kira 1
Noor bets 10 · Kira raises to 20 · Noor raises to 30 · Kira raises to 40 · Noor calls 10
draw: Noor 1 · Kira pat
Noor bets 20 · Kira raises to 40 · Noor raises to 60 · Kira raises to 80 · Noor calls 20
draw: Noor 1 · Kira pat
Noor bets 20 · Kira raises to 40 · Noor raises to 60 · Kira calls 20 all-in
show: Kira 7s 5d 4c 2h · Noor 9c 6h 3d 2s
Kira collects 400
final: Kira 400 · Noor 0
"""


def test_a_place_nobody_fills_pays_first_place_not_the_prize_pool(tmp_path: Path) -> None:
    """prizes.py: places the field cannot fill give their money to first place; docs/ledger.md:
    prizes add up to the pool exactly.  Two entrants of a 50/30/20 table: 70 % and 30 %."""
    db = tmp_path / "club.db"
    code, out = invoke("import", write(tmp_path, "two.bhh", TWO_UP), "--db", db)
    assert code == 0, out
    code, out = invoke("tournament", "--db", db, "--event", "Two Up")
    assert "1  Kira: prize 14.00, paid 10.00, result +4.00" in out, out
    assert "2  Noor: prize 6.00, paid 10.00, result -4.00" in out, out
    code, out = invoke("settle", "--db", db, "--event", "Two Up")
    assert code == 0 and "  Noor pays Kira 4.00\n" in out and "*prize pool*" not in out, out


# An invented bounty tournament in euros: Kira knocks out Bram, then Noor.
BOUNTY_CUP = """\
game badugi · no limit · blinds 5/10
tournament Bounty Cup · date 2024-06-01 · buy-in 1000 · starting-chips 100 · payouts 60/40
currency EUR

hand T1 · button Kira · Kira 100 · Ann 100 · Noor 100 · Bram 100
Bram raises to 100 all-in · Kira calls 100 · Ann folds · Noor folds
draw: Bram 1 · Kira 1
draw: Bram 1 · Kira 1
draw: Bram 1 · Kira 1
show: Kira 7s 5d 4c 2h · Bram 9c 6h 3d 2s

hand T2 · button Ann · Kira · Ann · Noor
Ann folds · Noor raises to 90 all-in · Kira calls 80
draw: Noor 1 · Kira 1
draw: Noor 1 · Kira 1
draw: Noor 1 · Kira 1
show: Kira 7s 5d 4c 2h · Noor 9c 6h 3d 2s
"""


def test_tournament_json_gives_money_in_currency_units(tmp_path: Path) -> None:
    """docs/ledger.md: JSON, CSV and Parquet give numbers in currency units next to a unit;
    an entry's chips are tournament chips."""
    db = tmp_path / "club.db"
    code, out = invoke("import", write(tmp_path, "cup.bhh", BOUNTY_CUP), "--db", db)
    assert code == 0, out
    # the night stops with Kira and Ann in: they chop (else neither has a place yet)
    code, out = invoke(
        "tournament", "--db", db, "--event", "Bounty Cup", "--bounty", "2.50", "--chop", "even",
        "--json",
    )  # fmt: skip
    assert code == 0, out
    data = json.loads(out[: out.rindex("}") + 1])
    assert data["unit"] == "EUR" and data["prize_pool"] == 30.0
    assert data["terms"] == {
        "bounty": 2.5,
        "rebuy_price": None,
        "add_on_price": None,
        "prize_unit": 0.01,
        "chop": "even",
    }
    kira = data["entries"][0]
    assert kira == {
        "player": "Kira",
        "place": 1,
        "place_to": 1,
        "chips": 305,  # tournament chips
        "buy_in": 10.0,
        "rebuys": 0,
        "add_ons": 0,
        "paid": 10.0,
        "prize": 15.0,  # half of 18.00 and 12.00
        "bounties": 2,
        "bounty_won": 7.5,
        "won": 12.5,
    }
    code, out = invoke("settle", "--db", db, "--event", "Bounty Cup", "--json")
    balances = json.loads(out)["balances"]
    assert balances == {e["player"]: e["won"] for e in data["entries"]}


def test_errors_are_one_line_without_traceback(tmp_path: Path) -> None:
    cases: list[tuple[str | Path, ...]] = [
        ("standings", "--db", tmp_path / "none.db"),
        ("settle", "--db", tmp_path / "none.db", "--event", "x"),
    ]
    for args in cases:
        code, out = invoke(*args)
        assert code == 1 and out.startswith("Error: ") and "Traceback" not in out
    db = tmp_path / "club.db"
    invoke("import", write(tmp_path, "night.bhh", NIGHT), "--db", db)
    usage_errors: list[tuple[str | Path, ...]] = [
        ("standings", "--db", tmp_path / "none.db", "--format", "xml"),
        ("standings", "--db", db, "--points", "magic"),
        ("standings", "--db", db, "--points", "table"),
        ("export", "--db", db, "--table", "hands", "--format", "xlsx"),
        ("players", "merge", "Anna", "--db", db),
    ]
    for args in usage_errors:  # bad usage: exit status 2, typer's usage error
        code, out = invoke(*args)
        assert code == 2 and out.startswith("Usage: ") and "Traceback" not in out, (args, out)
    cases = [
        ("settle", "--db", db, "--event", "Nope"),
        ("tournament", "--db", db, "--event", "Friday Night"),
        ("import", tmp_path / "missing.bhh", "--db", db),
    ]
    for args in cases:
        code, out = invoke(*args)
        assert code == 1 and out.startswith("Error: ") and out.count("\n") == 1, (args, out)


def test_a_wrong_option_is_named_before_a_missing_ledger(tmp_path: Path) -> None:
    """The command checks its options before it opens the ledger, so the error is the option's,
    and a read command never creates the file it was pointed at."""
    missing = tmp_path / "none.db"
    code, out = invoke("standings", "--db", missing, "--format", "xml")
    words = " ".join(out.replace("│", " ").split())  # typer's error box, unwrapped
    assert code == 2 and "'xml' is not one of 'table', 'csv', 'json', 'markdown', 'html'" in words
    code, out = invoke("settle", "--db", missing, "--event", "x", "--season", "2024")
    words = " ".join(out.replace("│", " ").split())
    assert code == 2 and "settle takes --event E or --season S, not both" in words
    for command in ("standings", "settle", "events", "audit", "players"):
        code, out = invoke(command, "--db", missing)
        assert code == 1 and out.startswith(f"Error: no ledger at {str(missing)!r}: make one")
    assert not missing.exists()


def console_script() -> str:
    found = shutil.which("badugi-ledger", path=str(Path(sys.executable).parent))
    assert found, "the console script is not installed next to this Python"
    return found


def test_installed_console_script(tmp_path: Path) -> None:
    night, db = write(tmp_path, "night.bhh", NIGHT), tmp_path / "club.db"
    exe = console_script()
    done = subprocess.run(
        [exe, "import", str(night), "--db", str(db)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    done = subprocess.run(
        [exe, "standings", "--db", str(db), "--format", "markdown"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "| Cara" in done.stdout


def many_hands(session: str, n: int) -> str:
    lines = ["game badugi · fixed limit 2/4 · blinds 1/2", f"cash {session} · season 2024", ""]
    for i in range(1, n + 1):
        seats = "Anna 100 · Ben 100 · Cara 100" if i == 1 else "Anna · Ben · Cara"
        lines += [f"hand {i} · button Anna · {seats}", "Anna folds · Ben folds", ""]
    return "\n".join(lines)


def test_two_processes_importing_into_one_file_lose_nothing(tmp_path: Path) -> None:
    db = tmp_path / "shared.db"
    dirs = []
    for who in ("left", "right"):
        folder = tmp_path / who
        folder.mkdir()
        for k in range(4):
            (folder / f"{k}.bhh").write_text(many_hands(f"{who} {k}", 60), encoding="utf-8")
        dirs.append(folder)
    exe = console_script()
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    procs = [
        subprocess.Popen(
            [exe, "import", str(d), "--db", str(db)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
        )
        for d in dirs
    ]
    outputs = [p.communicate(timeout=300) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], outputs
    ledger = open_ledger(db)
    assert ledger.execute("SELECT count(*) FROM hands").fetchone()[0] == 2 * 4 * 60
    assert ledger.execute("SELECT count(*) FROM events").fetchone()[0] == 8
    assert ledger.execute("SELECT count(DISTINCT fingerprint) FROM hands").fetchone()[0] == 480
    assert ledger.execute("SELECT sum(amount) FROM postings").fetchone()[0] == 0


def test_help_documents_every_ledger_command() -> None:
    for command in ("import", "standings", "settle", "export", "report", "players", "tournament"):
        code, out = invoke(command, "--help")
        assert code == 0 and "Usage" in out
    code, out = invoke("standings", "--help")
    for words in ("linear", "sqrt", "natural log", "--best", "--min-events", "wins", "best finish"):
        assert words in out


def test_settle_of_a_season_whose_events_are_all_void_says_so(tmp_path: Path) -> None:
    """It said "no events in season '2024'" of a season whose two nights ``events`` lists as
    void (season audit)."""
    db = tmp_path / "club.db"
    invoke("import", write(tmp_path, "night.bhh", NIGHT), "--db", db)
    invoke("import", write(tmp_path, "cup.bhh", CUP), "--db", db)
    for event in ("Friday Night", "Spring Cup"):
        assert invoke("void", "--db", db, "--event", event, "--reason", "cancelled")[0] == 0
    code, out = invoke("settle", "--db", db, "--season", "2024")
    assert code == 1
    assert "no event of season '2024' counts: its 2 events are void" in out, out


def test_settle_of_a_ledger_whose_events_are_all_void_says_so(tmp_path: Path) -> None:
    """``settle`` without ``--event`` said "no event with hands in the ledger: import some
    hands first" of a ledger whose two nights ``events`` lists as void; it says, as ``settle
    --season`` does, that they are void and where to see them."""
    db = tmp_path / "club.db"
    invoke("import", write(tmp_path, "night.bhh", NIGHT), "--db", db)
    invoke("import", write(tmp_path, "cup.bhh", CUP), "--db", db)
    assert invoke("void", "--db", db, "--event", "Friday Night", "--reason", "cancelled")[0] == 0
    code, out = invoke("settle", "--db", db)
    assert code == 0 and "Spring Cup" in out, out  # one counts: it is settled
    assert invoke("void", "--db", db, "--event", "Spring Cup", "--reason", "cancelled")[0] == 0
    code, out = invoke("settle", "--db", db)
    assert code == 1, out
    assert "no event of the ledger counts: its 2 events are void" in out, out
    assert "import some hands" not in out, out
    assert "badugi-ledger events" in out and "badugi-ledger audit" in out, out


def test_settle_of_a_ledger_whose_every_hand_is_voided_says_so(tmp_path: Path) -> None:
    """docs/ledger.md, *Events*: a ledger whose nights were voided is not told "import some
    hands first".  Each hand of the one night voided with ``void --hand`` (the event itself
    not void): ``settle`` and ``settle --season`` said "no event with hands in the ledger:
    import some hands first" and "no events in season '2024'"; they say its hands are void,
    and why, as ``settle --event`` does."""
    db = tmp_path / "club.db"
    invoke("import", write(tmp_path, "night.bhh", NIGHT), "--db", db)
    for number in ("1", "2", "3"):
        event = ("--event", "Friday Night", "--hand", number)
        assert invoke("void", "--db", db, *event, "--reason", "misdeal")[0] == 0
    said = [invoke("settle", "--db", db, *season) for season in ((), ("--season", "2024"))]
    for (code, out), of in zip(said, ("the ledger", "season '2024'"), strict=True):
        assert code == 1, out
        assert f"no event of {of} counts: every hand of Friday Night (2024-03-01) is void" in out
        assert "misdeal" in out and "badugi-ledger audit" in out, out
        assert "import some hands" not in out and "no events in" not in out, out
