"""Exports and the HTML report: CSV neutralisation, JSON, Parquet, escaping,
a self-contained report; aliases merged and un-merged (item 1)."""

from __future__ import annotations

import builtins
import csv
import io
import json
import re
import sqlite3
from pathlib import Path

import pytest

from badugi_ledger.ledger.importing import import_outcomes
from badugi_ledger.ledger.players import list_players, merge_players, similar_names, unmerge_player
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import LedgerError
from badugi_ledger.model.escaping import csv_text, for_csv
from badugi_ledger.model.events import Session
from badugi_ledger.model.settings import GameSettings
from badugi_ledger.reports import export_rows
from badugi_ledger.reports.export import (
    AMOUNTS,
    Table,
    column_types,
    export_table,
    table_frame,
    write_export,
)
from badugi_ledger.reports.export_rows import arrow_schema
from badugi_ledger.reports.html import season_report
from badugi_ledger.reports.standings import StandingsOptions, present, records, standings
from tests.helpers.ledger_builder import hand, session_hands

NASTY = ["=cmd|' /C calc'!A0", "+1+1", "-2-2", "@SUM(A1)", "\tTab", "<script>x</script>"]


def nasty_ledger():  # type: ignore[no-untyped-def]
    db = open_ledger(None)
    import_outcomes(db, session_hands(6, NASTY[:3]), "a.bhh")
    sat = Session(kind="cash", name="Saturday", date="2024-03-02", season="2024")
    import_outcomes(db, session_hands(3, NASTY[3:], session=sat, source="b.bhh"), "b.bhh")
    return db


@pytest.mark.parametrize("value", NASTY[:5] + ["\rCR"])
def test_formula_starts_are_neutralised(value: str) -> None:
    assert for_csv(value) == "'" + value


@pytest.mark.parametrize("value", [-12, 3.5, "-12", "+7", "-0.5", "Ben", "", None])
def test_numbers_and_plain_text_are_left_alone(value: object) -> None:
    assert for_csv(value) == value


def test_csv_export_of_postings_neutralises_names_but_not_amounts() -> None:
    db = nasty_ledger()
    text = export_table(db, "postings", "csv").decode()
    table = list(csv.DictReader(io.StringIO(text)))
    assert {r["player"] for r in table} == {"'" + n if n[0] in "=+-@\t" else n for n in NASTY}
    assert any(r["amount"] == "-2" for r in table)  # numbers stay numbers
    assert sum(int(r["amount"]) for r in table) == 0


def test_json_and_parquet_exports_keep_the_values() -> None:
    db = nasty_ledger()
    hands = json.loads(export_table(db, "hands", "json"))
    assert len(hands) == 9 and {h["event"] for h in hands} == {"Friday", "Saturday"}
    assert set(hands[0]) >= {"fingerprint", "event", "hand", "source", "line", "pot", "rake"}
    import pandas as pd

    data = export_table(db, "standings", "parquet")
    df = pd.read_parquet(io.BytesIO(data))
    assert list(df["player"]) == list(standings(db, StandingsOptions())["player"])
    assert "=cmd|' /C calc'!A0" in set(df["player"])  # parquet is data, not a spreadsheet


def test_parquet_without_pyarrow_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_pyarrow(name: str, *args: object, **kwargs: object) -> object:
        if name == "pyarrow" or name.startswith("pyarrow."):
            raise ImportError("no pyarrow here")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_pyarrow)
    with pytest.raises(LedgerError, match=r"pyarrow.*badugi-ledger\[parquet\]"):
        export_table(open_ledger(None), "hands", "parquet")


def test_html_report_is_self_contained_and_escapes_names(tmp_path: Path) -> None:
    db = nasty_ledger()
    page = season_report(db, StandingsOptions(season="2024"))
    assert page.startswith("<!DOCTYPE html>")
    assert "<script" not in page and "&lt;script&gt;x&lt;/script&gt;" in page
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:)?//""", page)
    assert "<link" not in page
    assert page.count('<figure class="report-chart">') == 1
    assert page.count("<polyline") == 6  # one line per player
    assert "Cumulative net result" in page


def test_report_charts_cumulative_results_in_event_order() -> None:
    db = open_ledger(None)
    fri = Session(kind="cash", name="Fri", date="2024-03-01", season="2024")
    sat = Session(kind="cash", name="Sat", date="2024-03-02", season="2024")
    import_outcomes(
        db, [hand("1", {"A": 50, "B": 50}, {"A": 10, "B": 10}, {"A": 20}, session=fri)], "f"
    )
    import_outcomes(
        db, [hand("1", {"A": 50, "B": 50}, {"A": 4, "B": 4}, {"B": 8}, session=sat)], "s"
    )
    page = season_report(db)
    # A: 0 → +10 → +6; B: 0 → −10 → −6 (the legend shows the final totals, in their unit)
    assert ">A (6 chips)</text>" in page and ">B (-6 chips)</text>" in page


def test_aliases_merge_and_unmerge_without_losing_anything() -> None:
    db = open_ledger(None)
    fri = Session(kind="cash", name="Fri", date="2024-03-01", season="2024")
    sat = Session(kind="cash", name="Sat", date="2024-03-02", season="2024")
    import_outcomes(
        db,
        [hand("1", {"Ben": 50, "Cara": 50}, {"Ben": 5, "Cara": 5}, {"Ben": 10}, session=fri)],
        "f",
    )
    import_outcomes(
        db,
        [hand("1", {"ben": 50, "Cara": 50}, {"ben": 5, "Cara": 5}, {"ben": 10}, session=sat)],
        "s",
    )
    import_outcomes(
        db,
        [
            hand(
                "2",
                {"Benjamin": 50, "Cara": 50},
                {"Benjamin": 3, "Cara": 3},
                {"Cara": 6},
                session=sat,
            )
        ],
        "s",
    )
    assert similar_names(db) == [("Ben", "ben")]
    before = standings(db, StandingsOptions(kind="cash"))
    assert len(before) == 4
    info = merge_players(db, "Ben", ["ben", "Benjamin"])
    assert info.aliases == ("Ben", "ben", "Benjamin") and info.hands == 3
    merged = standings(db, StandingsOptions(kind="cash")).set_index("player")
    assert merged.loc["Ben", "net"] == 5 + 5 - 3 and merged.loc["Ben", "sessions"] == 2
    assert [p.player for p in list_players(db)] == ["Ben", "Cara"]
    unmerge_player(db, "Benjamin")
    assert sorted(p.player for p in list_players(db)) == ["Ben", "Benjamin", "Cara"]
    unmerge_player(db, "Ben")  # the target itself: everyone else gets their own player back
    after = standings(db, StandingsOptions(kind="cash"))
    assert (
        after.sort_values("player")
        .reset_index(drop=True)
        .equals(before.sort_values("player").reset_index(drop=True))
    )


def test_two_names_at_one_table_cannot_be_merged() -> None:
    db = open_ledger(None)
    import_outcomes(db, [hand("1", {"Ben": 50, "ben": 50}, {"Ben": 5, "ben": 5}, {"Ben": 10})], "f")
    with pytest.raises(LedgerError, match="not one person"):
        merge_players(db, "Ben", ["ben"])
    with pytest.raises(LedgerError, match="no player"):
        merge_players(db, "Ben", ["Nobody"])


def mixed_ledger() -> sqlite3.Connection:
    """The nasty names' nights in chips, a night in USD cents, and one hand stored without a
    line (a column of whole numbers with a NULL, which a frame made floats)."""
    db = nasty_ledger()
    sun = Session(kind="cash", name="Sunday", date="2024-03-03", season="2024")
    usd = GameSettings(currency="USD")
    stacks = {"Anna": 500, NASTY[0]: 500}
    hands = [
        hand(str(i), stacks, dict.fromkeys(stacks, 125), {"Anna": 250}, session=sun, settings=usd)
        for i in (1, 2, 3)
    ]
    import_outcomes(db, hands, "sun.txt")
    db.execute("UPDATE hands SET line = NULL WHERE id = (SELECT max(id) FROM hands)")
    return db


@pytest.mark.parametrize("season", [None, "2024"])
@pytest.mark.parametrize("table", ["hands", "postings", "sessions"])
def test_an_export_written_a_chunk_at_a_time_is_the_whole_tables_bytes(
    table: Table, season: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """CSV and JSON byte for byte, Parquet the same values, as the whole table made one frame
    gave them: units mixed, floats where a column has a NULL, names neutralised.  Parquet's
    schema is the table's own, not the frame's (tests/reports/test_export_schema.py)."""
    import pyarrow.parquet as pq

    db = mixed_ledger()
    options = StandingsOptions(season=season)
    whole = table_frame(db, table, options)
    data = present(whole, "data", AMOUNTS)
    monkeypatch.setattr(export_rows, "CHUNK_ROWS", 2)
    assert (
        export_table(db, table, "csv", options) == csv_text(present(whole, "csv", AMOUNTS)).encode()
    )
    dumped = json.dumps(records(data), ensure_ascii=False, indent=2) + "\n"
    assert export_table(db, table, "json", options) == dumped.encode()
    written = pq.read_table(io.BytesIO(export_table(db, table, "parquet", options)))
    assert written.schema.equals(arrow_schema(column_types(table)))
    dates = {"date", "session_start_at"}
    read = [
        {k: str(v) if k in dates and v else v for k, v in r.items()} for r in written.to_pylist()
    ]
    assert read == records(data)


@pytest.mark.parametrize("table", ["hands", "postings", "sessions", "standings"])
def test_parquet_amounts_are_doubles_whatever_the_units(table: Table) -> None:
    """A ledger of chips wrote its amounts as int64, and as doubles once a night of money
    joined it: a club's pipeline with a fixed schema broke at the first USD night (docs
    audit).  Every amount column is a double, chips or money; the values are the same."""
    import pyarrow.parquet as pq

    schemas = []
    for db in (nasty_ledger(), mixed_ledger()):
        written = pq.read_table(io.BytesIO(export_table(db, table, "parquet")))
        amounts = [f for f in written.schema if f.name in AMOUNTS]
        assert amounts and {str(f.type) for f in amounts} == {"double"}, written.schema
        schemas.append([(f.name, str(f.type)) for f in amounts])
        chips = written.to_pandas()
        chips = chips[chips["unit"] == "chips"]
        for field in amounts:
            assert all(float(v).is_integer() for v in chips[field.name].dropna())
    assert schemas[0] == schemas[1]


@pytest.mark.parametrize("table", ["hands", "postings", "sessions", "standings"])
def test_an_export_of_a_season_the_ledger_has_not_is_refused(table: Table) -> None:
    """``--season 2025`` (or `` 2024``) for ``2024`` wrote the header alone, as if the season
    had been played without anyone; ``settle --season`` refused it.  Every command refuses it,
    naming the seasons there are."""
    with pytest.raises(LedgerError, match="no season ' 2024' in the ledger: did you mean '2024'"):
        export_table(mixed_ledger(), table, "csv", StandingsOptions(season=" 2024"))


def test_an_export_is_written_as_it_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The postings go out a chunk at a time, not once the whole table is in memory."""
    db = mixed_ledger()
    monkeypatch.setattr(export_rows, "CHUNK_ROWS", 2)
    rows = db.execute("SELECT count(*) FROM postings").fetchone()[0]
    writes: list[bytes] = []

    class Out(io.BytesIO):
        def write(self, data: bytes) -> int:  # type: ignore[override]
            writes.append(bytes(data))
            return super().write(data)

    write_export(db, "postings", "csv", Out())
    assert len(writes) == 1 + (rows + 1) // 2  # the header, then one write a chunk


def test_the_merge_candidates_are_the_names_the_import_warns_of() -> None:
    """The players page's merge candidates (``similar_names``) and the import's look-alike
    warning follow one rule (``model/names.look_alike``, docs/ledger.md *Players and
    aliases*): a Cyrillic ``А`` (U+0410) or an accent left out was warned of at the import
    but was no candidate, which the page listed only for case and spaces."""
    db = open_ledger(None)
    nights = [("Ann", "2024-03-01"), ("\u0410nn", "2024-03-02"), ("Tam\u00e1s", "2024-03-03")]
    nights += [("Tamas", "2024-03-04"), ("Cara", "2024-03-05")]
    for i, (name, date) in enumerate(nights):
        night = Session(kind="cash", name=f"N{i}", date=date, season="2024")
        import_outcomes(
            db,
            [hand("1", {name: 50, "Zed": 50}, {name: 5, "Zed": 5}, {"Zed": 10}, session=night)],
            f"n{i}",
        )
    groups = sorted(tuple(sorted(group)) for group in similar_names(db))
    assert groups == [("Ann", "\u0410nn"), ("Tamas", "Tam\u00e1s")]
