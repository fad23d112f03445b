"""Season standings from the ledger, as a pandas table (pandas is imported inside functions).

**Tournament standings** (``kind="tournament"``): each entry earns points by the formula chosen
(:func:`badugi_ledger.ledger.prizes.points_for`: ``linear``, ``table`` or ``sqrt``).  With
``best_n`` only a player's N best results count (``counted``); players with fewer than
``min_events`` tournaments are listed below the ranked players, without a rank.  Order: points,
then wins (first places, shared firsts included), then best finish, then events played (more
is better); players equal on all four share the rank (1, 2, 2, 4).  ``winnings`` is money won
(prizes + bounties − buy-ins, rebuys and add-ons) in the tournaments' currency (``unit``).

**Cash standings** (``kind="cash"``): each player's net result over the cash sessions, in the
sessions' money (a currency, or chips valued by a ``chips`` header) or else in chips, ranked by
net, then sessions played (more is better); equal players share the rank.

**Units** (:mod:`badugi_ledger.model.money`): no figure adds two units.  Every row carries its
``unit``; a player who played in two units has a row in each, ranked among the rows of that
unit.  Amounts are integers (cents or chips) in the frames; :func:`present` turns them into
``12.34 USD`` for people, or into numbers in currency units (12.34) for JSON, CSV and Parquet.

``kind="auto"`` picks tournament standings when the selection holds a tournament, else cash;
the ``standings`` command's human formats (table, markdown, html) then show both tables when
the selection has both.
``season`` None takes every season.
"""

from __future__ import annotations

import dataclasses
import json
import math
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from ..ledger.connection import reading
from ..ledger.prizes import POINTS_FORMULAS, PointsFormula, points_for
from ..ledger.stored_values import check_balanced_hands, check_stored_values
from ..ledger.views import CASH_NETS
from ..model.errors import ConfigError, LedgerError
from ..model.escaping import (
    csv_text,
    for_markdown,
    for_page,
    for_terminal,
    frame_cells,
    markdown_text,
)
from ..model.money import UNSTATED, format_amount, is_money, major_units, plain_money

if TYPE_CHECKING:
    import pandas as pd

Kind = Literal["auto", "tournament", "cash"]
KINDS: tuple[Kind, ...] = ("auto", "tournament", "cash")
Format = Literal["table", "csv", "json", "markdown", "html"]
FORMATS: tuple[Format, ...] = ("table", "csv", "json", "markdown", "html")

ColumnType = Literal["integer", "number", "amount", "text", "date"]
"""What a column of a report or an export holds, whatever its rows: ``integer`` whole numbers
(ids, counts, a rank, a line; none at all too), ``number`` a real number (points), ``amount``
an amount in the row's ``unit`` (cents or chips here; a number in currency units, or whole
chips, once :func:`present` made it data), ``text``, ``date`` an event's date (``2024-03-01``).
An export's Parquet schema is made from these alone (:func:`.export_rows.arrow_schema`), so
every export of a table has the same one, empty or not."""

TOURNAMENT_TYPES: dict[str, ColumnType] = {
    "rank": "integer",
    "player": "text",
    "points": "number",
    "events": "integer",
    "counted": "integer",
    "wins": "integer",
    "best": "integer",
    "winnings": "amount",
    "unit": "text",
}
"""The tournament standings' columns, in order, and what each holds (``rank`` is empty for a
player below ``min_events``)."""
CASH_TYPES: dict[str, ColumnType] = {
    "rank": "integer",
    "player": "text",
    "net": "amount",
    "unit": "text",
    "sessions": "integer",
    "hands": "integer",
    "best_session": "amount",
    "worst_session": "amount",
}
"""The cash standings' columns, in order, and what each holds."""
TOURNAMENT_COLUMNS = list(TOURNAMENT_TYPES)
CASH_COLUMNS = list(CASH_TYPES)
AMOUNT_COLUMNS = tuple(
    dict.fromkeys(c for t in (CASH_TYPES, TOURNAMENT_TYPES) for c, k in t.items() if k == "amount")
)
"""Columns holding amounts in the row's ``unit`` (cents or chips)."""


MAX_PLACE_POINTS = 1_000_000
"""The most points a place may give (``--points-table``): a season's sums stay exact and the
report's chart can draw them."""


@dataclass(frozen=True)
class StandingsOptions:
    season: str | None = None
    kind: Kind = "auto"
    formula: PointsFormula = "linear"
    table: tuple[float, ...] = ()
    """Points per place for ``formula="table"``, first place first."""
    best_n: int | None = None
    min_events: int = 0
    title: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ConfigError(f"unknown standings kind {self.kind!r} (kinds: {', '.join(KINDS)})")
        if self.formula not in POINTS_FORMULAS:
            raise ConfigError(
                f"unknown points formula {self.formula!r} (formulas: {', '.join(POINTS_FORMULAS)})"
            )
        if self.formula == "table" and not self.table:
            raise ConfigError("the table points formula needs points per place, e.g. 10,7,5,3,1")
        if self.table and self.formula != "table":  # (they were left unused without a word)
            raise ConfigError(
                f"points per place are the 'table' formula's, not the {self.formula!r} one's: "
                "choose it (--points table) or leave the table out"
            )
        # A NaN sorts nowhere and an infinity swallows every other result: the ranking would
        # be nonsense without saying so.
        unfit = [p for p in self.table if not math.isfinite(p)]
        if unfit:
            raise ConfigError(
                f"points per place must be finite numbers, not {', '.join(map(str, unfit))}"
            )
        # ``1e308`` a place sums to infinity over a season; ``1e-300`` gives a chart no scale.
        for value in self.table:
            if not 0 <= value <= MAX_PLACE_POINTS or round(value, 2) != value:
                raise ConfigError(
                    f"points per place are numbers from 0 to {MAX_PLACE_POINTS:,} with at most "
                    f"two decimals, not {value:g}"
                )
        if self.best_n is not None and self.best_n < 1:
            raise ConfigError("best-N must be at least 1")
        if self.min_events < 0:
            raise ConfigError("the minimum number of events cannot be negative")
        if self.kind == "cash":
            self._refuse_tournament_options()

    def of_kind(self, kind: Kind) -> StandingsOptions:
        """These options for one table of ``auto``'s: its cash table without the tournament
        settings, which apply to its tournament table only."""
        if kind != "cash":
            return dataclasses.replace(self, kind=kind)
        return dataclasses.replace(
            self, kind=kind, formula="linear", table=(), best_n=None, min_events=0
        )

    def _refuse_tournament_options(self) -> None:
        """Cash standings rank net results: a points formula, best-N or a minimum of
        tournaments would be left unused without a word, the table read as if they counted
        (as the points per place of another formula are refused).  With ``auto`` they apply
        to its tournament table only, which the options' help says."""
        tournament_only = (
            ("formula", self.formula != "linear", f"the {self.formula!r} points formula"),
            ("best_n", self.best_n is not None, "counting each player's best tournaments"),
            ("min_events", self.min_events != 0, "a minimum number of tournaments"),
        )
        for setting, given, what in tournament_only:
            if given:
                raise ConfigError(
                    f"{what} applies to tournament standings, not to the cash ones (--kind "
                    "cash): choose --kind tournament (or auto, for both) or leave it out",
                    setting=setting,
                )


def parse_points_table(text: str) -> tuple[float, ...]:
    """``"10,7,5"`` → (10.0, 7.0, 5.0); ConfigError on anything else."""
    items = text.replace(" ", "").split(",")
    if any(not item for item in items[:-1]):  # "10,,5": a place left out ("10,7," is fine)
        raise ConfigError(f"points table has an empty place in {text!r}: write 0 for none")
    try:
        values = tuple(float(v) for v in items if v)
    except ValueError:
        raise ConfigError(
            f"points table must be numbers separated by commas, not {text!r}"
        ) from None
    if not values:
        raise ConfigError("the points table is empty")
    return values


def require_season(db: sqlite3.Connection, season: str | None) -> None:
    """Refuse a season no event of the ledger ``db`` belongs to (``--season 2025`` for
    ``2024``): a selection of nothing printed empty standings, an export of its header and a
    report of no hands, as if the season had been played without anyone.  None: every
    season."""
    if season is None:
        return
    seasons = [
        str(row[0])
        for row in db.execute(
            "SELECT DISTINCT season FROM events WHERE season IS NOT NULL ORDER BY season"
        )
    ]
    if season in seasons:
        return
    import difflib

    close = difflib.get_close_matches(season.strip(), seasons, n=3, cutoff=0.5)
    meant = f"did you mean {' or '.join(map(repr, close))}? " if close else ""
    known = ", ".join(map(repr, seasons[:20])) + (", …" if len(seasons) > 20 else "")
    raise LedgerError(
        f"no season {season!r} in the ledger: {meant}"
        + (f"the seasons are {known}" if seasons else "no event names a season")
        + "; leave --season out for every season"
    )


def season_clause(season: str | None, keyword: str = "AND") -> tuple[str, list[object]]:
    """The SQL condition (after ``keyword``: ``AND`` or ``WHERE``) and its parameters that keep
    one season's events (alias ``e``); nothing at all for every season."""
    return (f"{keyword} e.season = ?", [season]) if season is not None else ("", [])


def resolve_kind(
    db: sqlite3.Connection, options: StandingsOptions
) -> Literal["tournament", "cash"]:
    if options.kind != "auto":
        return options.kind
    clause, args = season_clause(options.season)
    row = db.execute(
        f"SELECT count(*) FROM counted_events e WHERE e.kind = 'tournament' {clause} "
        "AND EXISTS (SELECT 1 FROM tournament_entries t WHERE t.event_id = e.id)",
        args,
    ).fetchone()
    return "tournament" if row[0] else "cash"


def _rank(df: pd.DataFrame, keys: Sequence[str], ascending: Sequence[bool]) -> pd.DataFrame:
    """Sort by unit, then ``keys``, and give equal rows of a unit the same competition rank
    (1, 2, 2, 4); each unit is ranked on its own."""
    import pandas as pd

    df = df.sort_values(
        ["unit", *keys, "player"], ascending=[True, *ascending, True], kind="mergesort"
    )
    df = df.reset_index(drop=True)
    ranks: list[int] = []
    previous: tuple[object, ...] | None = None
    start = 0
    for i, values in enumerate(df[["unit", *keys]].itertuples(index=False, name=None)):
        # A best place nobody knows is pandas' NA, which refuses to be compared: as None it
        # equals only another place nobody knows (two players still in share their rank).
        row = tuple(None if v is pd.NA else v for v in values)
        if previous is None or row[0] != previous[0]:
            start = i
        ranks.append(ranks[-1] if previous == row else i - start + 1)
        previous = row
    df.insert(0, "rank", ranks)
    return df


def read_frame(db: sqlite3.Connection, sql: str, params: Sequence[object] = ()) -> pd.DataFrame:
    """``pandas.read_sql_query``, SQLite's own error raised as itself: pandas wraps it in its
    ``DatabaseError``, which the commands and the web app do not know as a ledger that cannot
    be read (a damaged file, a table missing), so it would end in a traceback."""
    import pandas as pd

    try:
        return pd.read_sql_query(sql, db, params=params)
    except pd.errors.DatabaseError as exc:
        if isinstance(exc.__cause__, sqlite3.Error):
            raise exc.__cause__ from None
        raise


def entry_frame(db: sqlite3.Connection, season: str | None = None) -> pd.DataFrame:
    """One row per tournament entry, by canonical player, with the event's size and buy-in."""
    check_stored_values(db, "tournament_entries")
    clause, args = season_clause(season)
    return read_frame(
        db,
        "SELECT e.id AS event_id, e.name AS event, e.date, e.season, coalesce(e.buy_in, 0) AS "
        "event_buy_in, e.money AS unit, p.name AS player, t.place, t.place_to, t.prize, "
        "t.bounty_won, "
        "t.buy_in + t.rebuy_cost + coalesce(t.add_on_cost, 0) AS paid, "
        "(SELECT count(*) FROM tournament_entries n WHERE n.event_id = e.id) AS entrants, "
        "(SELECT coalesce(max(n.place_to), 0) FROM tournament_entries n "
        "WHERE n.event_id = e.id) AS field "
        "FROM tournament_entries t JOIN counted_events e ON e.id = t.event_id "
        "JOIN aliases a ON a.id = t.alias_id JOIN players p ON p.id = a.player_id "
        f"WHERE e.kind = 'tournament' {clause} ORDER BY coalesce(e.date, ''), e.id, t.place",
        args,
    )


def add_points(entries: pd.DataFrame, options: StandingsOptions) -> pd.DataFrame:
    """The ``points`` column for each entry under the chosen formula."""
    entries = entries.copy()
    entries["points"] = [
        0.0  # a place nobody knows (the tournament's end not shown) earns none
        if r.place is None or r.place != r.place
        else points_for(
            options.formula,
            max(int(r.entrants), int(r.field)),
            int(r.place),
            int(r.place_to),
            buy_in_units=int(r.event_buy_in) / 100,
            table=options.table,
        )
        for r in entries.itertuples()
    ]
    return entries


def _best(places: pd.Series) -> int | None:
    """A player's best place; None when no place of his is known (each tournament of his
    unfinished when he was still in: no winner, no place)."""
    best = places.min()
    return None if best is None or best != best else int(best)


def tournament_standings(db: sqlite3.Connection, options: StandingsOptions) -> pd.DataFrame:
    import pandas as pd

    entries = add_points(entry_frame(db, options.season), options)
    rows = []
    for (player, unit), group in entries.groupby(["player", "unit"], sort=False):
        points = sorted(group["points"], reverse=True)
        counted = points[: options.best_n] if options.best_n else points
        rows.append(
            {
                "unit": unit,
                "player": player,
                "points": round(sum(counted), 2),
                "events": len(group),
                "counted": len(counted),
                "wins": int((group["place"] == 1).sum()),
                "best": _best(group["place"]),
                "winnings": int((group["prize"] + group["bounty_won"] - group["paid"]).sum()),
            }
        )
    table = pd.DataFrame(rows, columns=TOURNAMENT_COLUMNS[1:]).astype({"best": "Int64"})
    keys, ascending = ["points", "wins", "best", "events"], [False, False, True, False]
    qualified = table[table["events"] >= options.min_events]
    ranked = _rank(qualified, keys, ascending)
    unranked = table[table["events"] < options.min_events]
    if len(unranked):
        rest = unranked.sort_values(["unit", *keys, "player"], ascending=[True, *ascending, True])
        rest.insert(0, "rank", None)
        ranked = pd.concat([ranked.astype({"rank": "object"}), rest], ignore_index=True)
        # unit by unit: a unit's unranked players after its own ranked rows, not another's
        ranked = ranked.sort_values("unit", kind="mergesort", ignore_index=True)
    return ranked[TOURNAMENT_COLUMNS]


def check_cash_hands(db: sqlite3.Connection, season: str | None = None) -> None:
    """Refuse an edited ledger before cash sessions are added up: their nets come from
    players' stacks, which ``settle`` adds up from postings, so every cash hand of the season
    must still tell one story (:func:`~badugi_ledger.ledger.stored_values.check_balanced_hands`)."""
    clause, args = season_clause(season)
    check_balanced_hands(db, f"e.kind = 'cash' {clause}", args)


def session_frame(db: sqlite3.Connection, season: str | None = None) -> pd.DataFrame:
    """Each player's net and hands per cash session in the session's reporting unit (money, or
    chips), by canonical player, sessions in order: the nets of ``player_event_results``,
    read without its parts (:data:`~badugi_ledger.ledger.views.CASH_NETS`)."""
    check_cash_hands(db, season)
    clause, args = season_clause(season, "WHERE")
    return read_frame(
        db,
        "SELECT r.event_id, r.event, r.date, r.player, r.net, r.hands, r.unit "
        f"FROM ({CASH_NETS}) r JOIN events e ON e.id = r.event_id "
        f"{clause} ORDER BY coalesce(r.date, ''), r.event_id, r.player",
        args,
    )


def cash_standings(db: sqlite3.Connection, options: StandingsOptions) -> pd.DataFrame:
    return cash_table(session_frame(db, options.season))


def cash_table(sessions: pd.DataFrame) -> pd.DataFrame:
    """The ranked cash standings of :func:`session_frame`'s sessions (the season report reads
    those once for both its table and its chart)."""
    import pandas as pd

    table = pd.DataFrame(
        [
            {
                "player": player,
                "unit": unit,
                "net": int(g["net"].sum()),
                "sessions": len(g),
                "hands": int(g["hands"].sum()),
                "best_session": int(g["net"].max()),
                "worst_session": int(g["net"].min()),
            }
            for (player, unit), g in sessions.groupby(["player", "unit"], sort=False)
        ],
        columns=CASH_COLUMNS[1:],
    )
    return _rank(table, ["net", "sessions"], [False, False])[CASH_COLUMNS]


def standings(db: sqlite3.Connection, options: StandingsOptions) -> pd.DataFrame:
    """The standings table the options ask for (see the module docstring)."""
    with reading(db):
        if resolve_kind(db, options) == "tournament":
            return tournament_standings(db, options)
        return cash_standings(db, options)


def unfinished_note(db: sqlite3.Connection, season: str | None) -> str | None:
    """What the tournament standings say of the season's tournaments that end with players
    still in and no place for them (their hands stop short of the tournament's end, no chop
    recorded): ``2 unfinished tournaments: no place and no points for the players still in``,
    so a 0 and a missing best place are not read as a result; None when there are none.  The
    title of ``standings`` and the season report's note say it alike."""
    clause, args = season_clause(season)
    unplaced = int(
        db.execute(
            "SELECT count(DISTINCT e.id) FROM tournament_entries t JOIN counted_events e "
            f"ON e.id = t.event_id WHERE t.place IS NULL AND t.chips > 0 {clause}",
            args,
        ).fetchone()[0]
    )
    if not unplaced:
        return None
    return (
        f"{unplaced} unfinished tournament{'' if unplaced == 1 else 's'}: no place and no "
        "points for the players still in"
    )


def describe(db: sqlite3.Connection, options: StandingsOptions) -> str:
    """A one-line title: which season, which kind, which formula and limits."""
    kind = resolve_kind(db, options)
    season = f"season {options.season}" if options.season else "all seasons"
    if kind == "cash":
        return f"Cash standings, {season} (net result; each unit ranked on its own)"
    extra = [f"points: {options.formula}", "winnings in the tournaments' currency"]
    unfinished = unfinished_note(db, options.season)
    if unfinished:
        extra.append(unfinished)
    if options.best_n:
        extra.append(f"best {options.best_n}")
    if options.min_events:
        extra.append(f"at least {options.min_events} events to rank")
    return f"Tournament standings, {season} ({'; '.join(extra)})"


Style = Literal["human", "csv", "data"]


def present(
    df: pd.DataFrame, style: Style, columns: Sequence[str] = AMOUNT_COLUMNS
) -> pd.DataFrame:
    """A copy with every amount column in its row's ``unit``: ``human``: ``12.34 USD`` /
    ``28 chips``; ``csv``: ``12.34`` / ``28`` (two decimals for money); ``data``: numbers in
    currency units (12.34) or chips (28), for JSON and Parquet."""
    import pandas as pd

    out = df.copy()
    if style == "human" and "rank" in out.columns:  # a player below --min-events: no rank
        out["rank"] = ["-" if r is None or r != r else r for r in out["rank"]]
    if style == "human" and "best" in out.columns:  # no place known: each event unfinished
        out["best"] = pd.Series(
            ["-" if pd.isna(b) else int(b) for b in out["best"]], index=out.index, dtype=object
        )
    if "unit" not in out.columns:
        return out
    units = [str(u) for u in out["unit"]]
    for column in columns:
        if column not in out.columns:
            continue
        pairs = list(zip((int(v) for v in out[column]), units, strict=True))
        if style == "human":
            values: list[object] = [format_amount(v, u) for v, u in pairs]
        elif style == "csv":
            values = [plain_money(v) if is_money(u) else v for v, u in pairs]
        else:
            values = [major_units(v, u) for v, u in pairs]
        if style == "data" and all(isinstance(v, int) for v in values):
            out[column] = pd.Series(values, index=out.index, dtype="int64")
        elif style == "data" and all(is_money(u) for u in units):
            out[column] = pd.Series(values, index=out.index, dtype="float64")
        else:
            out[column] = pd.Series(values, index=out.index, dtype=object)
    return out


def records(df: pd.DataFrame) -> list[dict[str, object]]:
    """The rows as JSON-ready dicts (numpy numbers made Python numbers, NaN made null).

    Numbers are taken as Python holds them (``12.34`` stays ``12.34``), not re-rounded."""
    rows = json.loads(df.to_json(orient="records", force_ascii=False))
    for row, values in zip(rows, df.to_dict("records"), strict=True):
        for column, value in values.items():
            number = isinstance(value, int | float) and not isinstance(value, bool)
            if number and math.isfinite(value):
                row[column] = value
    return rows


def _for_reading(df: pd.DataFrame) -> pd.DataFrame:
    """The table as a person reads it.  Every amount is written with its unit (``84 chips``,
    ``12.34 USD``), so the ``unit`` column, which would only say it again beside each figure
    (``84 chips chips``), is left out - unless a row's money names no currency
    (:data:`UNSTATED`: its figures stand bare, ``22.00``, and the column is all that says
    they are money) or there are no rows (no figure to say it: the header as it always was).
    csv and json keep it, for scripts."""
    shown = present(df, "human")
    if "unit" in shown.columns and len(df) and UNSTATED not in set(df["unit"]):
        shown = shown.drop(columns=["unit"])
    return shown


def render(df: pd.DataFrame, fmt: Format, title: str = "") -> str:
    """The table as text in one of :data:`FORMATS`, each name made safe for its reader
    (:mod:`badugi_ledger.model.escaping`: terminal, CSV, Markdown; HTML escaped, control and
    format characters written visibly as on the report's page)."""
    if fmt == "table":
        shown = frame_cells(_for_reading(df), for_terminal)
        body = shown.to_string(index=False) if len(df) else "(no results)"
        return f"{for_terminal(title)}\n{body}\n" if title else body + "\n"
    if fmt == "csv":
        return csv_text(present(df, "csv"))
    if fmt == "json":
        return json.dumps(records(present(df, "data")), ensure_ascii=False, indent=2) + "\n"
    if fmt == "markdown":
        # An amount is written as money (20.50) and a name as written (007, 1e3), never read
        # as a number again; points as the other formats write them (12345.67).
        return markdown_text(frame_cells(_for_reading(df), for_markdown)) + "\n"
    if fmt == "html":
        shown = frame_cells(_for_reading(df), for_page)
        return str(shown.to_html(index=False, escape=True, na_rep="")) + "\n"
    raise ConfigError(f"unknown format {fmt!r} (formats: {', '.join(FORMATS)})")


def kinds_present(
    db: sqlite3.Connection, season: str | None
) -> list[Literal["tournament", "cash"]]:
    """Which kinds of standings the selection has: tournaments with entries, cash hands."""
    clause, args = season_clause(season)
    found: list[Literal["tournament", "cash"]] = []
    if db.execute(
        f"SELECT 1 FROM counted_events e WHERE e.kind = 'tournament' {clause} AND EXISTS "
        "(SELECT 1 FROM tournament_entries t WHERE t.event_id = e.id) LIMIT 1",
        args,
    ).fetchone():
        found.append("tournament")
    if db.execute(
        f"SELECT 1 FROM counted_events e WHERE e.kind = 'cash' {clause} AND EXISTS "
        "(SELECT 1 FROM counted_hands h WHERE h.event_id = e.id) LIMIT 1",
        args,
    ).fetchone():
        found.append("cash")
    return found


HUMAN_FORMATS: tuple[Format, ...] = ("table", "markdown", "html")


def one_table_note(db: sqlite3.Connection, options: StandingsOptions) -> str | None:
    """What a one-table output of ``kind="auto"`` (csv, json, an export) leaves out, in words
    for the command line's error stream, or None when it leaves nothing: the selection holds
    tournaments and cash sessions, and the table is the tournaments' alone.  A script that
    read the cash table of a ledger of cash nights would otherwise be given the tournament
    table, unsaid, the night a tournament was first imported."""
    if options.kind != "auto" or len(kinds_present(db, options.season)) < 2:
        return None
    return (
        "the tournament standings: the selection holds cash sessions too (their table: "
        "--kind cash; both in one output: --format table, markdown or html)"
    )


def _section(db: sqlite3.Connection, options: StandingsOptions, fmt: Format) -> str:
    title = describe(db, options)
    body = render(standings(db, options), fmt, title if fmt == "table" else "")
    if fmt == "markdown":
        return f"**{for_markdown(title)}**\n\n{body}"
    if fmt == "html":
        import html

        return f"<h2>{html.escape(title)}</h2>\n{body}"
    return body


def standings_format(fmt: str) -> Format:
    """``fmt`` if it is one of :data:`FORMATS`, else a :class:`ConfigError` naming them."""
    for known in FORMATS:
        if fmt == known:
            return known
    raise ConfigError(f"unknown format {fmt!r} (formats: {', '.join(FORMATS)})")


def standings_text(db: sqlite3.Connection, options: StandingsOptions, fmt: str = "table") -> str:
    """``badugi-ledger standings``: the standings of the ledger ``db`` in ``fmt``.

    With ``kind="auto"`` the human formats (table, markdown, html) show every kind the
    selection has, tournaments first; csv and json show one table (tournaments if any).
    """
    form = standings_format(fmt)
    with reading(db):  # the kinds' tables of one state of the ledger
        require_season(db, options.season)
        if options.kind == "auto" and form in HUMAN_FORMATS:
            kinds = kinds_present(db, options.season)
            if len(kinds) > 1:
                return "\n".join(_section(db, options.of_kind(k), form) for k in kinds)
        if form == "table":
            return render(standings(db, options), form, describe(db, options))
        return render(standings(db, options), form)
