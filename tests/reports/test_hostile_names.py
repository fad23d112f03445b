"""Names that reach a screen or a document are neutralised for it: terminal escape sequences
(clear screen, set the window title) in ``standings``, ``settle`` and ``players``; Markdown
table breakers and HTML in markdown standings; spreadsheet formulas hidden behind spaces or
full-width signs in CSV.  The names are invented; each goes through the real commands."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.escaping import for_csv, for_markdown, for_terminal
from badugi_ledger.reports.export import export_table
from badugi_ledger.reports.standings import StandingsOptions, render, standings
from tests.helpers.ledger_builder import hand

CLEAR = "Eve\x1b[2J\x1b[H"
TITLE = "Mal\x1b]0;pwned\x07"
BIDI = "Zed\u202eevil"
runner = CliRunner()


def ledger_of(path: Path | None, names: list[str]) -> object:
    db = open_ledger(path)
    stacks = dict.fromkeys(names, 50)
    contrib = dict.fromkeys(names, 5)
    import_outcomes(db, [hand("1", stacks, contrib, {names[0]: 5 * len(names)})], "night.bhh")
    return db


def no_controls(text: str) -> bool:
    return not any(c in text for c in "\x1b\x07\u202e\r")


def test_terminal_output_writes_escapes_visibly(tmp_path: Path) -> None:
    db_path = tmp_path / "club.db"
    ledger_of(db_path, [CLEAR, TITLE, BIDI])
    outputs = []
    for args in (
        ["standings"],
        ["settle", "--event", "1"],
        ["players"],
        ["players", "merge", CLEAR, TITLE],
    ):
        result = runner.invoke(app, [*args, "--db", str(db_path)])
        outputs.append(result.output)
    for out in outputs[:3]:
        assert no_controls(out), out
        assert "Eve\\x1b[2J\\x1b[H" in out and "Mal\\x1b]0;pwned\\x07" in out
    assert "\\u202e" in outputs[0]
    assert no_controls(outputs[3])  # the merge is refused: they sat in one hand
    json_out = runner.invoke(app, ["standings", "--format", "json", "--db", str(db_path)]).output
    assert CLEAR in {r["player"] for r in json.loads(json_out)}  # data keeps the name as is


def test_markdown_standings_escape_table_breakers_and_html() -> None:
    hostile = "a|b <img src=x onerror=alert(1)> `rm -rf`"
    db = ledger_of(None, [hostile, "Ben"])
    text = render(standings(db, StandingsOptions()), "markdown")  # type: ignore[arg-type]
    assert "<img" not in text and "&lt;img" in text
    assert "a\\|b" in text and "\\`rm -rf\\`" in text
    widths = {line.replace("\\|", "").count("|") for line in text.splitlines() if line}
    assert len(widths) == 1  # every row has the header's columns


def test_markdown_standings_write_names_that_look_like_numbers_as_written() -> None:
    """Names are written as they are (grammar/README.md, *Player names*: one that starts with a
    digit goes in quotes): a club that records its members by number, ``"007"``, or a name
    such as ``1e3``, is shown so; Markdown's table writer read them as numbers (``7``, ``1000``)
    when every name of the table looked like one."""
    for names in (["007", "1e3"], ["0042", "+1"]):
        db = ledger_of(None, names)
        text = render(standings(db, StandingsOptions()), "markdown")  # type: ignore[arg-type]
        cells = {cell.strip() for line in text.splitlines() for cell in line.split("|")}
        assert set(names) <= cells, text


@pytest.mark.parametrize(
    "name", [" =1+1", "＝1+1", "＋SUM(A1)", "－2", "＠x", "  @cmd", "\u3000=1"]
)
def test_csv_neutralises_hidden_formulas(name: str) -> None:
    assert for_csv(name) == "'" + name
    db = ledger_of(None, [name, "Ben"])
    for table in ("postings", "standings", "sessions"):
        rows = list(csv.reader(io.StringIO(export_table(db, table, "csv").decode())))  # type: ignore[arg-type]
        assert "'" + name in {cell for row in rows for cell in row}, table
        assert name not in {cell for row in rows for cell in row}, table


def test_the_filters_leave_ordinary_names_alone() -> None:
    for name in ("Zoë", "O'Neil", "Anna Maria", "李雷", "👩‍👩‍👧"):
        assert for_terminal(name) == name
        assert for_csv(name) == name
    assert for_markdown("Zoë") == "Zoë"
    assert for_csv("-12") == "-12" and for_csv(-12) == -12


def test_every_command_rendering_text_writes_escapes_visibly(tmp_path: Path) -> None:
    """The tournament command's table goes through the same filter (cli.common.render)."""
    from tests.reports.test_standings import tourney

    db_path = tmp_path / "club.db"
    db = open_ledger(db_path)
    hands = tourney("Cup", [TITLE, CLEAR, "Ben"])
    import_outcomes(db, hands, hands[0].source)
    db.close()
    out = runner.invoke(app, ["tournament", "--event", "Cup", "--db", str(db_path)]).output
    assert no_controls(out) and "Mal\\x1b]0;pwned\\x07" in out


def test_check_and_parse_write_names_from_a_file_visibly(tmp_path: Path) -> None:
    """A quoted name in our format may hold any character; ``check`` quotes it in a problem
    line and ``parse`` describes the hand, and neither sends the escape to the terminal."""
    name = TITLE.replace("\x07", "\x07n")
    path = tmp_path / "night.bhh"
    path.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\ncash Night · date 2024-03-01\n\n"
        f'hand 1 · button Anna · Anna 100 · "{name}" 100\nAnna folds\n"{name}" collects 5\n',
        encoding="utf-8",
    )
    checked = runner.invoke(app, ["check", str(path)])
    assert checked.exit_code == 1 and "collects 5, but is owed 2" in checked.output
    assert no_controls(checked.output) and "\\x1b" in checked.output
    parsed = runner.invoke(app, ["parse", str(path)])
    assert parsed.exit_code == 0 and no_controls(parsed.output)


def test_a_format_character_beyond_the_basic_plane_is_written_as_python_writes_it() -> None:
    """A tag character outside a flag shows nothing in a terminal, so it is escaped, written
    ``\\U000e0041`` (eight digits, as Python reads it back); the tags of a region's flag
    make the flag and stay."""
    scotland = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"
    assert for_terminal("Anna\U000e0041") == "Anna\\U000e0041"
    assert for_terminal(f"Fan {scotland}") == f"Fan {scotland}"
    assert for_terminal(f"{scotland}\U000e0041") == f"{scotland}\\U000e0041"


def test_the_line_and_paragraph_separators_are_escaped_as_line_ends_are() -> None:
    """U+2028 and U+2029 end a line for ``str.splitlines`` and for some terminals: a name
    holding one would split a report line, so it is written visibly."""
    assert for_terminal("Ann\u2028Bo\u2029") == "Ann\\u2028Bo\\u2029"


@pytest.mark.parametrize("name", ["Ted\r", "A\rB", "Bob\nSmith", "Cy\r\nDe"])
def test_a_line_break_in_a_name_stays_inside_its_csv_cell(name: str) -> None:
    """A carriage return in a name (a PHH file's ``"Ted\\r"``) is a line end to every CSV
    reader: written bare, it cut the player's row in two and his money went with the tail."""
    db = ledger_of(None, [name, "Ben"])
    texts = {table: export_table(db, table, "csv").decode() for table in ("postings", "sessions")}  # type: ignore[arg-type]
    texts["standings"] = render(standings(db, StandingsOptions()), "csv")  # type: ignore[arg-type]
    for table, text in texts.items():
        rows = list(csv.reader(io.StringIO(text, newline="")))
        assert {len(row) for row in rows} == {len(rows[0])}, table
        assert name in {cell for row in rows for cell in row}, table
        assert text.endswith("\n") and not text.endswith("\r\n"), table
    sessions = list(csv.DictReader(io.StringIO(texts["sessions"], newline="")))
    assert {r["player_nickname"]: int(r["net"]) for r in sessions} == {name: 5, "Ben": -5}


@pytest.mark.parametrize(
    ("name", "shown"),
    [("Nul\x00Byte", "Nul\\x00Byte"), (BIDI, "Zed\\u202eevil"), ("\u200fAnna", "\\u200fAnna")],
)
def test_a_control_or_format_character_in_a_name_is_written_visibly_in_csv(
    name: str, shown: str
) -> None:
    """A NUL (many CSV readers stop there) or a right-to-left override (in a viewer it
    reversed the figures after it) went into every CSV cell raw, while the table, Markdown
    and HTML outputs write them visibly (reports audit).  CSV writes them as they do; the
    money in the row is untouched."""
    db = ledger_of(None, [name, "Ben"])
    texts = {table: export_table(db, table, "csv").decode() for table in ("postings", "sessions")}  # type: ignore[arg-type]
    texts["standings"] = render(standings(db, StandingsOptions()), "csv")  # type: ignore[arg-type]
    for table, text in texts.items():
        assert name not in text and shown in text, (table, text)
    sessions = list(csv.DictReader(io.StringIO(texts["sessions"], newline="")))
    assert {r["player_nickname"]: int(r["net"]) for r in sessions} == {shown: 5, "Ben": -5}


@pytest.mark.parametrize("name", ["علی\u200cرضا", "Zoë\u00adBen", "👩\u200d👩\u200d👧"])
def test_a_name_spelt_with_a_joiner_or_soft_hyphen_is_kept_in_csv(name: str) -> None:
    """Persian spells names with the zero-width non-joiner (Alireza, ``علی‌رضا``): the CSV
    escaping of format characters wrote it ``علی\\u200cرضا``, so CSV and JSON disagreed on
    the player's name (verification audit).  Joiners and the soft hyphen are spelling."""
    db = ledger_of(None, [name, "Ben"])
    for table in ("postings", "sessions"):
        assert name in export_table(db, table, "csv").decode()  # type: ignore[arg-type]
    assert name in render(standings(db, StandingsOptions()), "csv")  # type: ignore[arg-type]


def test_the_html_report_writes_a_bidi_override_visibly(tmp_path: Path) -> None:
    """A right-to-left override in a name reverses everything after it up to the end of its
    paragraph: in the chart's legend and tooltips that is the amount beside the name (``Zed``,
    the override, ``evil (5 chips)`` reads ``Zed(spihc 5) live``).  The page writes it as the
    terminal and Markdown do, ``\\u202e``, so every figure reads as the table states it."""
    from badugi_ledger.reports.html import season_report

    db = ledger_of(None, [BIDI, "Ben"])
    page = season_report(db)  # type: ignore[arg-type]
    assert "\u202e" not in page
    assert "Zed\\u202eevil (5 chips)" in page  # the legend: the name, then its figure
    assert "<title>Zed\\u202eevil: 5 chips</title>" in page


def test_the_web_settle_and_event_pages_write_a_bidi_override_visibly(tmp_path: Path) -> None:
    """The settle-up line ``X pays Y 5 chips``, a hand's actions and its shares put a name and
    a figure in one line, which a right-to-left override in the name would reorder."""
    from starlette.testclient import TestClient

    from badugi_ledger.web.app import create_app

    db_path = tmp_path / "club.db"
    ledger_of(db_path, ["Ben", BIDI])
    with TestClient(create_app(db_path), base_url="http://127.0.0.1") as client:
        settle = client.get("/settle").text
        events = client.get("/events").text
        event = client.get("/events/1").text
    assert "Zed\\u202eevil</bdi></strong> pays" in settle
    assert ">Zed\\u202eevil</td>" in settle
    assert "Zed\\u202eevil" in event
    for page in (settle, events, event):
        assert "\u202e" not in page


def test_the_web_pages_write_an_event_name_and_season_visibly(tmp_path: Path) -> None:
    """An event named with a right-to-left override and a NUL, its season likewise: the
    events list, the event's page, the settle and record pickers and the standings' season
    picker wrote them raw (the override reversing the date and unit after it in the
    record picker's label), where the CLI writes ``\\u202e`` (web-app fuzzing)."""
    from starlette.testclient import TestClient

    from badugi_ledger.web.app import create_app

    night = tmp_path / "n.bhh"
    night.write_text(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "cash Fri\u202eday\x00 · date 2026-12-04 · season Sum\u202emer\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\nBen collects 2\n",
        encoding="utf-8",
    )
    db_path = tmp_path / "club.db"
    result = CliRunner().invoke(app, ["import", str(night), "--db", str(db_path), "-j", "1"])
    assert result.exit_code == 0, result.output
    with TestClient(create_app(db_path), base_url="http://127.0.0.1") as client:
        pages = {url: client.get(url).text for url in ("/events", "/events/1", "/settle")}
        pages["/record"] = client.get("/record").text
        pages["/standings"] = client.get("/standings").text
    for url, page in pages.items():
        # (a picker's option values stay the names themselves, sent back as they are)
        shown = re.sub(r'value="[^"]*"', "", page)
        assert "\u202e" not in shown and "\x00" not in shown, url
    for url in ("/events", "/events/1", "/settle", "/record"):
        assert "Fri\\u202eday\\x00" in pages[url], url
    assert "Sum\\u202emer" in pages["/standings"] and "Sum\\u202emer" in pages["/events/1"]


def test_html_standings_write_a_bidi_override_visibly() -> None:
    """``standings --format html`` is a page like the report: the name reads as it does there."""
    db = ledger_of(None, [BIDI, "Ben"])
    page = render(standings(db, StandingsOptions()), "html")  # type: ignore[arg-type]
    assert "\u202e" not in page and "Zed\\u202eevil" in page


PHH_HAND = """variant = 'FB'
hand = 1
table = "{table}"
event = "{event}"
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [{stack}, 20]
year = 2024
month = 3
day = 1
finishing_stacks = [{stack_after}, 22]
_rake = 0
actions = ['d dh p1 ????????', 'd dh p2 ????????', 'p2 cbr 4', 'p1 f']
"""


def phh_hand(path: Path, table: str, event: str, stack: int = 20) -> Path:
    """A heads-up PHH hand (``table`` and ``event`` written as TOML basic strings)."""
    text = PHH_HAND.format(table=table, event=event, stack=stack, stack_after=stack - 2)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_phh_table_or_event_name_with_a_line_break_forges_no_report_line(
    tmp_path: Path,
) -> None:
    """A PHH table (or event) named ``T1``, a line break and a summary line of its own with a
    clear-screen sequence was read and stored, and each report line naming it (``import``'s
    conflict line) printed the rest as a line of its own.  The hand is refused at the field:
    every line ``check`` and ``import`` print is one of theirs, and no escape is sent."""
    forged = "h.phh: 1 hand: 1 ok, 0 with violations \\u001b[2J"
    db = str(tmp_path / "club.db")
    for key in ("table", "event"):
        names = {"table": "T1", "event": "Fri", key: f"T1\\n{forged}"}
        path = phh_hand(tmp_path / f"{key}.phh", **names)
        checked = runner.invoke(app, ["check", str(path)])
        imported = runner.invoke(app, ["import", str(path), "--db", db])
        assert checked.exit_code == imported.exit_code == 1
        for out, lines in ((checked.output, 2), (imported.output, 4)):
            assert len(out.splitlines()) == lines, out
            assert f"{key} 'T1\\nh.phh: 1 hand: 1 ok" in out and "holds a line break" in out
            assert no_controls(out) and "\\x1b[2J" in out, out


def test_escapes_in_table_and_event_names_are_written_visibly_by_check_and_import(
    tmp_path: Path,
) -> None:
    """An escape sequence in a table's or an event's name is kept (our format and PHH read it
    alike) and written visibly in the conflict line ``import`` prints, which names both."""
    table, event = "T\x1b[2J", "Fri\x1b]0;pwned\x07"
    ours = "game badugi · fixed limit 2/4 · blinds 1/2\n"
    ours += f'cash "{event}" · date 2024-03-01\ntable "{table}"\n\n'
    ours += "hand 1 · button p2 · p1 {stack} · p2 20\np2 raises · p1 folds\n"
    night = tmp_path / "night.bhh"
    night.write_text(ours.format(stack=20), encoding="utf-8")
    copy = tmp_path / "copy.bhh"
    copy.write_text(ours.format(stack=30), encoding="utf-8")
    toml_table, toml_event = "T\\u001b[2J", "Fri\\u001b]0;pwned\\u0007"
    phh = phh_hand(tmp_path / "h.phh", toml_table, toml_event)
    phh_copy = phh_hand(tmp_path / "h_copy.phh", toml_table, toml_event, stack=30)
    for first, second in ((night, copy), (phh, phh_copy)):
        db = str(tmp_path / f"{first.suffix[1:]}.db")
        checked = runner.invoke(app, ["check", str(first), str(second)])
        # (check of both files says the second holds another version of the hand, as the
        # import below does, and names both files: no control character either way)
        assert checked.exit_code == 1 and no_controls(checked.output), checked.output
        assert "[duplicate-hand]" in checked.output, checked.output
        assert runner.invoke(app, ["import", str(first), "--db", db]).exit_code == 0
        out = runner.invoke(app, ["import", str(second), "--db", db]).output
        conflict = next(line for line in out.splitlines() if "conflict, not stored" in line)
        assert "table T\\x1b[2J of Fri\\x1b]0;pwned\\x07" in conflict, out
        assert no_controls(out), out
