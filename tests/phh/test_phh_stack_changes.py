"""A night's rebuys, top-ups, add-ons and cash-outs survive a round trip through PHH.

PHH has no event for chips bought or taken off between hands, so the writer keeps them in
user-defined fields (``_rebuys``, ``_top_ups``, ``_add_ons``, ``_cash_outs``: one amount per
player) and the reader turns them back into the hand's ``StackChange`` events.  Without them a
table's next hand in one ``.phhs`` file seemed to start from stacks its previous hand did not
leave, and ``check`` reported ``stack-carried`` mismatches on a legal night.
"""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.check import run_check
from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.events import StackChange
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.simulate.sessions import POKERKIT_PLAY, SimulationOptions, simulate_hands
from badugi_ledger.text.writer import write_hands


def _night(tmp_path: Path) -> Path:
    # Played as PokerKit plays, so that PHH can say every hand (short stacks: many all-ins).
    options = SimulationOptions(hands=40, seed=7, min_stack=2, max_stack=8, house=POKERKIT_PLAY)
    path = tmp_path / "night.bhh"
    path.write_text("".join(write_hands(simulate_hands(options))), encoding="utf-8")
    return path


def test_a_night_with_rebuys_checks_clean_as_one_phhs_file(tmp_path: Path) -> None:
    night = _night(tmp_path)
    assert "rebuys" in night.read_text(encoding="utf-8")
    phhs = tmp_path / "night.phhs"
    converted = [c for c in convert_hands(night, "phh") if isinstance(c, ConvertedHand)]
    assert len(converted) == 40
    phhs.write_text(
        "".join(f"[{k + 1}]\n{c.text}\n" for k, c in enumerate(converted)), encoding="utf-8"
    )
    assert "_rebuys = [" in phhs.read_text(encoding="utf-8")
    run = run_check([phhs], jobs=1)
    lines = list(run.lines())
    assert run.all_ok, lines
    assert "40 hands: 40 ok" in lines[-1]


def test_every_kind_of_change_reads_back_as_written(tmp_path: Path) -> None:
    night = _night(tmp_path)
    first = next(c for c in convert_hands(night, "phh") if isinstance(c, ConvertedHand))
    players = next(line for line in first.text.splitlines() if line.startswith("players = "))
    count = players.count(",") + 1
    amounts = {
        "_rebuys": [5] + [0] * (count - 1),
        "_top_ups": [0, 7] + [0] * (count - 2),
        "_add_ons": [0, 0, 9] + [0] * (count - 3),
        "_cash_outs": [0] * (count - 1) + [3],
    }
    extra = "".join(f"{key} = {value}\n".replace("'", "") for key, value in amounts.items())
    (record,) = [r for r in read_phh(first.text + extra) if not isinstance(r, Exception)]
    changes = [e for e in record.events if isinstance(e, StackChange)]
    assert {(e.player, e.kind, e.amount) for e in changes} == {
        (record_name, kind, amount)
        for kind, key in (
            ("rebuy", "_rebuys"),
            ("top-up", "_top_ups"),
            ("add-on", "_add_ons"),
            ("cash-out", "_cash_outs"),
        )
        for record_name, amount in zip(_in_players_order(first.text), amounts[key], strict=True)
        if amount
    }


def _in_players_order(text: str) -> list[str]:
    line = next(line for line in text.splitlines() if line.startswith("players = "))
    return line[len("players = ") :].strip("[]").replace('"', "").split(", ")
