"""Settle-up: fewest transfers, proven against a brute force on small tables."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.importing import import_outcomes, import_paths
from badugi_ledger.ledger.store import open_ledger
from badugi_ledger.model.errors import LedgerError
from badugi_ledger.model.events import Session
from badugi_ledger.reports.settle import (
    Transfer,
    _greedy,
    settle_balances,
    settle_event,
    settle_season,
    zero_sum_groups,
)
from badugi_ledger.reports.standings import StandingsOptions, cash_standings
from tests.helpers.ledger_builder import hand, session_hands
from tests.helpers.paths import EXAMPLES

runner = CliRunner()


def partitions(items: list[int]) -> Iterator[list[list[int]]]:
    """Every set partition of ``items`` (brute force, Bell(n) of them)."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in partitions(rest):
        yield [[first], *part]
        for i in range(len(part)):
            yield [*part[:i], [first, *part[i]], *part[i + 1 :]]


def brute_force_minimum(values: list[int]) -> int:
    """n − the most zero-sum blocks over all set partitions of the non-zero balances."""
    nonzero = [v for v in values if v]
    if not nonzero:
        return 0
    best = max(
        sum(1 for block in part if sum(block) == 0)
        for part in partitions(nonzero)
        if all(sum(block) == 0 for block in part)
    )
    return len(nonzero) - best


def apply(balances: dict[str, int], transfers: list[Transfer]) -> dict[str, int]:
    after = dict(balances)
    for t in transfers:
        assert t.amount > 0 and t.payer != t.payee
        after[t.payer] += t.amount
        after[t.payee] -= t.amount
    return after


@st.composite
def balance_sets(draw: st.DrawFn, max_players: int = 7) -> dict[str, int]:
    n = draw(st.integers(min_value=1, max_value=max_players))
    values = draw(st.lists(st.integers(-30, 30), min_size=n - 1, max_size=n - 1))
    values.append(-sum(values))
    return {f"P{i}": v for i, v in enumerate(values)}


@settings(max_examples=150, deadline=None)
@given(balance_sets())
def test_transfers_settle_exactly_and_are_minimal(balances: dict[str, int]) -> None:
    transfers = settle_balances(balances)
    assert all(v == 0 for v in apply(balances, transfers).values())
    n = sum(1 for v in balances.values() if v)
    assert len(transfers) <= max(n - 1, 0)
    assert len(transfers) == brute_force_minimum(list(balances.values()))


@settings(max_examples=60, deadline=None)
@given(balance_sets(max_players=12))
def test_greedy_fallback_still_settles_within_n_minus_one(balances: dict[str, int]) -> None:
    transfers = settle_balances(balances, exact_limit=0)
    assert all(v == 0 for v in apply(balances, transfers).values())
    assert len(transfers) <= max(sum(1 for v in balances.values() if v) - 1, 0)


def test_greedy_alone_is_not_minimal_but_the_settlement_is() -> None:
    balances = {"A": -9, "B": -8, "C": 1, "D": 3, "E": 6, "F": 7}
    assert len(_greedy(balances)) == 5
    transfers = settle_balances(balances)
    assert len(transfers) == 4 == brute_force_minimum(list(balances.values()))


def test_zero_sum_groups_cover_every_index_once() -> None:
    values = [5, -2, -3, 4, -4, 1, -1]
    groups = zero_sum_groups(values)
    assert sorted(i for g in groups for i in g) == list(range(len(values)))
    assert all(sum(values[i] for i in g) == 0 for g in groups)
    assert len(groups) == 3


def test_unbalanced_input_is_refused() -> None:
    with pytest.raises(LedgerError, match="sum to 1"):
        settle_balances({"A": 1})


def test_cash_event_settlement_includes_the_house_and_nets_to_zero() -> None:
    db = open_ledger(None)
    import_outcomes(db, session_hands(4, rake=1), "night.bhh")
    result = settle_event(db, "Friday")
    assert result.net == 0
    assert result.balances["*house*"] == 4
    assert sum(v for k, v in result.balances.items() if k != "*house*") == -4
    assert result.total_paid == result.total_owed
    assert all(v == 0 for v in apply(result.balances, result.transfers).values())
    assert result.as_dict()["net"] == 0


def test_an_unwon_carried_pot_is_a_party_until_it_is_won() -> None:
    db = open_ledger(None)
    first = hand("1", {"Anna": 100, "Ben": 100}, {"Anna": 10, "Ben": 10}, {}, carry_out=20)
    import_outcomes(db, [first], "prog.bhh")
    assert settle_event(db, 1).balances == {"Anna": -10, "Ben": -10, "*carry*": 20}


def test_a_season_lists_the_players_an_event_lists_zero_balances_too() -> None:
    """docs/ledger.md, *Settle-up*: an event lists every player who played in it, 0 too; a
    season listed only the balances that were not 0, so a script reading ``settle --json``
    met two shapes.  The house rule (docs/ledger.md): a season lists every player of its
    events, 0 too, as an event does; ``*house*`` and ``*carry*`` only when not 0."""
    db = open_ledger(None)
    sat = Session(kind="cash", name="Saturday", date="2024-03-02", season="2024")
    stacks = {"Anna": 100, "Ben": 100, "Cara": 100}
    friday = [
        hand("1", stacks, {"Anna": 10, "Ben": 10}, {"Anna": 20}),
        hand("2", stacks, {"Cara": 5, "Ben": 5}, {"Cara": 10}, line=5),
    ]
    saturday = [hand("1", stacks, {"Anna": 10, "Ben": 10}, {"Ben": 20}, session=sat)]
    import_outcomes(db, friday, "fri.bhh")
    import_outcomes(db, saturday, "sat.bhh")
    # Anna breaks even over the season: +10 on Friday, -10 on Saturday.
    assert settle_event(db, "Friday").balances == {"Anna": 10, "Ben": -15, "Cara": 5}
    # Cara was dealt in on Saturday and put nothing in: she played, at 0 (as the sessions list her)
    assert settle_event(db, "Saturday").balances == {"Anna": -10, "Ben": 10, "Cara": 0}
    (season,) = settle_season(db, "2024").settlements
    assert season.balances == {"Anna": 0, "Ben": -5, "Cara": 5}
    assert season.as_dict()["balances"] == {"Anna": 0, "Ben": -5, "Cara": 5}
    assert [(t.payer, t.payee, t.amount) for t in season.transfers] == [("Ben", "Cara", 5)]
    assert "*house*" not in season.balances and "*carry*" not in season.balances


def test_a_player_who_put_nothing_in_is_listed_with_0_as_the_standings_list_him(
    tmp_path: Path,
) -> None:
    """docs/ledger.md, *Settle-up*: "An event lists every player who played in it, 0 too".
    examples/home_session.bhh's first hand alone: Anna, on the button, folds before putting a
    chip in.  She played it (``events`` counts her among the 4 players, the standings and the
    sessions export list her at 0), but the balances were read from the postings alone, and
    she has none: the settle-up of the night and of its season left her out."""
    text = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    night = tmp_path / "one.bhh"
    night.write_text(text[: text.index("hand 2 ·")], encoding="utf-8")
    db = open_ledger(None)
    assert import_paths(db, [night]).ok
    expected = {"Anna": 0, "Ben": -2, "Cara": -16, "Dan": 18}
    assert settle_event(db, "Friday game").balances == expected
    (season,) = settle_season(db, "2024").settlements
    assert season.balances == expected
    standings = cash_standings(db, StandingsOptions(kind="cash"))
    assert dict(zip(standings["player"], standings["net"], strict=True)) == expected


def test_unknown_event_is_a_ledger_error() -> None:
    db = open_ledger(None)
    with pytest.raises(LedgerError, match="no event"):
        settle_event(db, "Nowhere")


def test_a_tournaments_balances_are_listed_as_a_fresh_import_lists_them(tmp_path: Path) -> None:
    """examples/tournament.bhh imported, then Noor's name corrected to Nour in its file and
    imported again with ``--replace``: ``settle --json`` listed the balances in the order the
    ledger first met each player (Nour last, a new player), a fresh import of the corrected
    file in the order of its seats, so the ledger after the correction did not read as a
    fresh import of the final file does (docs/ledger.md, "Identity, conflicts and
    ``--replace``"). The balances are listed by name, as the text lists them."""
    corrected = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8").replace("Noor", "Nour")
    listed = []
    for steps in ((EXAMPLES / "tournament.bhh", corrected), (corrected,)):
        folder = tmp_path / str(len(steps))
        folder.mkdir()
        night, db = folder / "t.bhh", folder / "club.db"
        for text in steps:
            night.write_text(text if isinstance(text, str) else text.read_text("utf-8"), "utf-8")
            result = runner.invoke(app, ["import", str(night), "--db", str(db), "--replace"])
            assert result.exit_code == 0, result.output
        result = runner.invoke(
            app, ["settle", "--event", "Spring Freezeout", "--db", str(db), "--json"]
        )
        assert result.exit_code == 0, result.output
        listed.append(list(json.loads(result.output)["balances"]))
    assert listed[0] == listed[1] == ["Bram", "Kira", "Nour"]
