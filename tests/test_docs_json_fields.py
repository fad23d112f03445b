"""Every field the documents list for a JSON output (or an export's or a view's columns) is in
that output, by that name.

A club's script reads the fields README.md (``check --json``), docs/ledger.md (*JSON fields*,
*Standings*, *Settle-up*, *Exports*, *The views*) and docs/api.md (``show --json``) name: a
field the docs list that the output lacks, or names otherwise, breaks it.  (Each output's own
test holds the other way: no field the docs leave out.)"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.helpers.paths import CORPUS, EXAMPLES, REPO

runner = CliRunner()
LEDGER_MD = REPO / "docs" / "ledger.md"
API_MD = REPO / "docs" / "api.md"


def table_fields(document: Path, marker: str) -> list[str]:
    """The names in the first column of the first table after ``marker`` in ``document``."""
    text = document.read_text(encoding="utf-8")
    after = text[text.index(marker) :]
    table = after[after.index("\n|") + 1 :].split("\n\n")[0]
    names: list[str] = []
    for line in table.splitlines()[2:]:
        names += re.findall(r"`([a-z_]+)`", line.split(" | ")[0])
    assert names, f"{document.name}: no table after {marker!r}"
    return names


def run(*args: str) -> str:
    done = runner.invoke(app, list(args))
    assert done.exception is None or isinstance(done.exception, SystemExit), done.output
    return done.stdout


@pytest.fixture(scope="module")
def club(tmp_path_factory: pytest.TempPathFactory) -> Path:
    db = tmp_path_factory.mktemp("club") / "club.db"
    run("import", str(EXAMPLES), "--db", str(db), "--jobs", "1")
    return db


def keys(objects: Any) -> set[str]:
    """Every key of ``objects``, nested ones too."""
    if isinstance(objects, dict):
        return set(objects) | {k for v in objects.values() for k in keys(v)}
    if isinstance(objects, list):
        return {k for v in objects for k in keys(v)}
    return set()


def words(objects: Any) -> Iterator[str]:
    """Every key and every text value of ``objects``."""
    if isinstance(objects, dict):
        for key, value in objects.items():
            yield key
            yield from words(value)
    elif isinstance(objects, list):
        for value in objects:
            yield from words(value)
    elif isinstance(objects, str):
        yield objects


def missing(documented: list[str], found: set[str]) -> list[str]:
    return [name for name in documented if name not in found]


def test_show_json_has_the_fields_api_md_lists(club: Path) -> None:
    documented = table_fields(API_MD, "The fields of `to_dict()`")
    replayed = json.loads(run("show", str(EXAMPLES / "004_badacey.bhh"), "--json").splitlines()[0])
    stored = json.loads(run("show", "--db", str(club), "--json").splitlines()[0])
    assert missing(documented, set(replayed)) == [] and missing(documented, set(stored)) == []


def test_standings_and_settle_json_have_the_fields_docs_ledger_md_lists(club: Path) -> None:
    for kind, marker in (("tournament", "A tournament row:"), ("cash", "A cash row:")):
        rows = json.loads(run("standings", "--db", str(club), "--format", "json", "--kind", kind))
        assert missing(table_fields(LEDGER_MD, marker), keys(rows)) == [], kind
    settlement = json.loads(run("settle", "--db", str(club), "--json"))
    season = json.loads(run("settle", "--db", str(club), "--season", "2024", "--json"))
    documented = table_fields(LEDGER_MD, "A settlement (`settle --json`")
    assert missing(documented, set(settlement)) == []
    assert missing(documented, keys(season["units"][0])) == []


def test_exports_and_views_have_the_columns_docs_ledger_md_lists(club: Path) -> None:
    for table, marker in (
        ("hands", "`--table hands`, one row per hand"),
        ("postings", "`--table postings`, the double entry"),
    ):
        rows = json.loads(run("export", "--db", str(club), "--table", table, "--format", "json"))
        assert missing(table_fields(LEDGER_MD, marker), set(rows[0])) == [], table
    with sqlite3.connect(club) as db:
        view = db.execute("SELECT * FROM player_event_results LIMIT 0")
        columns = {d[0] for d in view.description}
    documented = table_fields(LEDGER_MD, "`player_event_results` — one row")
    assert missing(documented, columns) == []


def test_showdown_and_parse_json_have_the_fields_docs_ledger_md_lists() -> None:
    hands = ["Noor: 8h 4h 3s 2c", "Amara: 7d 5d 3h 2s"]
    progressive = json.loads(run("showdown", "--game", "progressive badugi", "--json", *hands))
    documented = table_fields(LEDGER_MD, "`showdown --json` prints one object")
    assert missing(documented, set(progressive)) == []
    assert "qualifies" in progressive["players"][0]
    parsed = json.loads(run("parse", str(EXAMPLES / "tournament.bhh"), "--json").splitlines()[0])
    documented = table_fields(LEDGER_MD, "`parse --json` prints one object per hand")
    assert missing(documented, set(parsed)) == []


def test_check_json_has_the_fields_the_readme_lists(tmp_path: Path) -> None:
    """README *What check reports*: the paragraph on ``check --json`` names each field (and
    the words of ``kind``); a night with a broken rule, the hand after it not settled (stacks
    unknown: ``unknown_stacks``), a wrong collection and a warning has every one of them."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index("`check --json` writes one JSON object per hand")
    paragraph = readme[start : readme.index("when there are any", start)]
    documented = [w for w in re.findall(r"`([^`]+)`", paragraph)[1:] if re.fullmatch("[a-z_]+", w)]
    night = tmp_path / "night.bhh"
    night.write_text(
        "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n"
        "Cara folds · Ben folds\n"  # Anna's turn: a broken rule, the stacks after it unknown
        "hand 2 · button Ben · Anna · Ben · Cara\n"
        "Ben folds · Cara folds\n"
        "Anna collects 2\n",
        encoding="utf-8",
    )
    wrong = tmp_path / "wrong.bhh"
    text = (EXAMPLES / "004_badacey.bhh").read_text(encoding="utf-8")
    wrong.write_text(text.replace("Amara collects 90", "Amara collects 91"), encoding="utf-8")
    objects = [
        json.loads(line)
        for path in (night, wrong, EXAMPLES / "home_session.bhh")
        for line in run("check", str(path), "--json").splitlines()
    ]
    assert missing(documented, set(words(objects))) == []


def paragraph_fields(start: str, end: str, values: set[str]) -> list[str]:
    """The field names a paragraph of docs/ledger.md lists between ``start`` and ``end``: its
    code spans that are names, less ``values`` (the words it quotes as a field's values, or
    as the command or table they come from)."""
    text = LEDGER_MD.read_text(encoding="utf-8")
    begin = text.index(start)
    spans = re.findall(r"`([^`]+)`", text[begin : text.index(end, begin)])
    return [w for w in spans if re.fullmatch("[a-z_]+", w) and w not in values]


def test_events_audit_and_tournament_json_have_the_fields_docs_ledger_md_lists(
    tmp_path: Path,
) -> None:
    """*Events*, *Audit* and *Tournaments* list their ``--json`` fields in prose; a ledger
    with a hand replaced, voided and un-voided and a player merged and un-merged has them."""
    db = tmp_path / "club.db"
    night = tmp_path / "night.bhh"
    text = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    night.write_text(text, encoding="utf-8")
    run("import", str(night), str(EXAMPLES / "tournament.bhh"), "--db", str(db), "--jobs", "1")
    swapped = text.replace(
        "Anna collects 10 · Ben collects 10", "Ben collects 10 · Anna collects 10"
    )
    assert swapped != text
    night.write_text(swapped, encoding="utf-8")
    run("import", str(night), "--db", str(db), "--replace")
    event = ["--db", str(db), "--event", "Friday game", "--hand", "1"]
    run("void", *event, "--reason", "dealt twice")
    run("unvoid", *event, "--reason", "it was not")
    run("players", "merge", "Anna", "Kira", "--db", str(db))  # never at one table
    run("players", "unmerge", "Kira", "--db", str(db))

    events = json.loads(run("events", "--db", str(db), "--json"))["events"]
    documented = paragraph_fields(
        "`badugi-ledger events [--json]` lists one row", '`--json` prints `{"events":', {"chips"}
    )
    assert missing(documented, keys(events)) == []

    audit = json.loads(run("audit", "--db", str(db), "--json"))
    values = {"replace", "void", "unvoid", "restore", "merge", "unmerge", "events", "player_audit"}
    documented = paragraph_fields(
        "`badugi-ledger audit [--json]` lists every", '`{"entries": [...]', values
    )
    assert missing(documented, keys(audit["entries"]) | keys(audit["players"])) == []
    assert {e["action"] for e in audit["entries"]} >= {"replace", "void", "unvoid"}
    assert {p["action"] for p in audit["players"]} == {"merge", "unmerge"}

    cup = json.loads(run("tournament", "--db", str(db), "--event", "Spring Freezeout", "--json"))
    documented = paragraph_fields("`tournament --json` prints `event`", "are counts.", {"money"})
    assert missing(documented, keys(cup)) == []


def test_the_sessions_export_has_the_columns_docs_ledger_md_lists_in_its_order(club: Path) -> None:
    """*Exports*: "its first eight columns are PokerNow's, in its order — … — then `event`,
    `kind`, `season`, `unit`": a spreadsheet made for PokerNow's ledger reads them by place."""
    documented = paragraph_fields(
        "`--table sessions` is a session ledger", "One row per player and event.", set()
    )
    rows = json.loads(run("export", "--db", str(club), "--table", "sessions", "--format", "json"))
    header = run("export", "--db", str(club), "--table", "sessions", "--format", "csv")
    assert documented[:8] == ["player_nickname", "player_id", "session_start_at"] + [
        *("session_end_at", "buy_in", "buy_out", "stack", "net")
    ]
    assert list(rows[0]) == documented and header.splitlines()[0].split(",") == documented


def test_the_views_have_the_columns_docs_ledger_md_lists(club: Path) -> None:
    """*The views*: ``play_order``, ``season_player_net`` and ``hand_summary`` list their
    columns in prose (``player_event_results`` in a table, above)."""
    with sqlite3.connect(club) as db:
        for view, start, end in (
            ("play_order", "`play_order` — one row", "The order:"),
            ("season_player_net", "`season_player_net` — one row", "(sums of the rows"),
            ("hand_summary", "`hand_summary` — one row", "**Datasette.**"),
        ):
            columns = {d[0] for d in db.execute(f"SELECT * FROM {view} LIMIT 0").description}
            documented = paragraph_fields(start, end, {view, "chips"})  # (a unit's name)
            assert len(documented) > 8 and missing(documented, columns) == [], view


def test_import_json_has_the_fields_docs_ledger_md_lists(tmp_path: Path) -> None:
    """*JSON fields*: the run's totals and ``files``' fields, and each rejection's, conflict's
    and replacement's, from an import with a hand rejected, one in conflict and one replaced."""
    db = tmp_path / "club.db"
    night = tmp_path / "night.bhh"
    text = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    night.write_text(text, encoding="utf-8")
    run("import", str(night), "--db", str(db), "--jobs", "1")
    swapped = text.replace(
        "Anna collects 10 · Ben collects 10", "Ben collects 10 · Anna collects 10"
    )
    assert swapped != text
    night.write_text(swapped, encoding="utf-8")
    broken = tmp_path / "broken.bhh"
    broken.write_text(
        "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\nCara folds · Ben folds\n",
        encoding="utf-8",
    )
    conflicted = json.loads(run("import", str(night), str(broken), "--db", str(db), "--json"))
    replaced = json.loads(run("import", str(night), "--db", str(db), "--replace", "--json"))
    totals = paragraph_fields("`import --json` prints one object", "in the order given", set())
    assert missing(totals, set(conflicted)) == []
    whole = paragraph_fields(
        "and, of the whole import, `stored_groups`", "`showdown --json` prints", set()
    )
    inner = {"files", "error", "unwritten_files"}  # a refused group's, and the ledger's table
    assert missing([w for w in whole if w not in inner], set(conflicted)) == []
    files = table_fields(LEDGER_MD, "`import --json` prints one object")
    assert missing(files, set(conflicted["files"][0])) == []
    (rejection,) = conflicted["files"][1]["rejections"]
    assert missing(["source", "line", "hand", "reasons"], set(rejection)) == []
    conflict = conflicted["files"][0]["conflicts"][0]
    replacement = replaced["files"][0]["replacements"][0]
    documented = ["source", "line", "hand", "table", "event", "differences", "event_fact"]
    assert missing(documented, set(conflict)) == [] and missing(documented, set(replacement)) == []


def number(value: object) -> bool:
    """A JSON number: an int, or a float (money in currency units), never a bool or a text."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def test_standings_and_settle_json_fields_have_the_types_docs_ledger_md_gives(
    tmp_path: Path,
) -> None:
    """*Standings* and *Settle-up*: `rank` a whole number or null below ``--min-events``,
    `points` a number of 2 decimals, counts whole numbers, `best` a place or null (a player
    still in an unfinished tournament), amounts numbers, names and units text; a settlement's
    `transfers` each `from`, `to` and an `amount` above 0, `total_paid` = `total_owed`, `net`
    0.  A ledger of chips, a valued chip game (EUR), a tournament and a PokerStars
    sit-and-go whose hands end with two players still in (USD)."""
    db = tmp_path / "club.db"
    night = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    euro = tmp_path / "euro.bhh"
    euro.write_text(
        night.replace("date 2024-03-01", "date 2024-03-08 · chips 20 = 1 EUR").replace(
            "Friday game", "Euro night"
        ),
        encoding="utf-8",
    )
    sit_and_go = CORPUS / "pokerstars" / "LBad-USD-SNG8-201011.txt"
    files = [EXAMPLES / "home_session.bhh", EXAMPLES / "tournament.bhh", euro, sit_and_go]
    run("import", *map(str, files), "--db", str(db), "--jobs", "1")
    tournament = [
        row
        for ranked in ([], ["--min-events", "2"])
        for row in json.loads(
            run("standings", "--db", str(db), "--format", "json", "--kind", "tournament", *ranked)
        )
    ]
    assert {r["unit"] for r in tournament} == {"money", "USD"}
    assert {None, 1} <= {r["best"] for r in tournament} & {r["rank"] for r in tournament}
    for row in tournament:
        assert row["rank"] is None or type(row["rank"]) is int, row
        assert row["best"] is None or type(row["best"]) is int, row
        assert all(type(row[k]) is int for k in ("events", "counted", "wins")), row
        assert type(row["points"]) is float and round(row["points"], 2) == row["points"], row
        assert number(row["winnings"]) and type(row["player"]) is type(row["unit"]) is str, row
    cash = json.loads(run("standings", "--db", str(db), "--format", "json", "--kind", "cash"))
    assert {r["unit"] for r in cash} == {"chips", "EUR"}
    for row in cash:
        assert all(type(row[k]) is int for k in ("rank", "sessions", "hands")), row
        assert all(number(row[k]) for k in ("net", "best_session", "worst_session")), row
        assert type(row["player"]) is type(row["unit"]) is str, row
    season = json.loads(run("settle", "--db", str(db), "--season", "2024", "--json"))
    assert type(season["season"]) is str and len(season["units"]) == 3
    sng = json.loads(
        run("settle", "--db", str(db), "--event", "PokerStars tournament #330855877", "--json")
    )
    assert sng["unit"] == "USD" and sng["kind"] == "tournament"
    for settlement in [*season["units"], sng]:
        assert all(type(settlement[k]) is str for k in ("event", "kind", "unit")), settlement
        assert all(number(v) for v in settlement["balances"].values()), settlement
        for transfer in settlement["transfers"]:
            assert type(transfer["from"]) is type(transfer["to"]) is str, transfer
            assert number(transfer["amount"]) and transfer["amount"] > 0, transfer
        assert number(settlement["total_paid"]) and number(settlement["total_owed"])
        assert settlement["total_paid"] == settlement["total_owed"] and settlement["net"] == 0
