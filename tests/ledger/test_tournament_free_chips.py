"""A tournament player who busts at one table and plays at another without a rebuy is stored,
with a warning: his chips there were bought by nobody.

From ``examples/tournament.bhh`` (Bram busts in hand T2 at table Final, rule: tournament
chips are bought only by the buy-in, rebuys and add-ons): a second file of the same
tournament seats him at table Side with 200 chips and no ``rebuys`` line.  File order is not
play order, so the import never refuses it; its report names him, both tables and the
tournament (``badugi_ledger/ledger/tournament_warnings.py``, :func:`free_chips`).  A player who came
to the table he busted at from another one (his stack there is what that table left him) is
a table move, not a warning.
"""

from __future__ import annotations

from pathlib import Path

from tests.ledger.test_ledger_identity import invoke

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tournament.bhh"
TEXT = EXAMPLE.read_text(encoding="utf-8")
FINAL = TEXT[: TEXT.index("hand T3")]  # up to hand T2, where Bram busts
SIDE = TEXT[: TEXT.index("hand T1")].replace("table Final", "table Side") + TEXT[
    TEXT.index("hand T1") : TEXT.index("# level 2")
].replace("Kira", "Zed").replace("Noor", "Yan").replace("hand T1", "hand S1")


def _import(tmp_path: Path, side: str) -> str:
    (tmp_path / "final.bhh").write_text(FINAL, encoding="utf-8")
    (tmp_path / "side.bhh").write_text(side, encoding="utf-8")
    code, out = invoke(
        "import", tmp_path / "final.bhh", tmp_path / "side.bhh", "--db", tmp_path / "t.db"
    )
    assert code == 0, out
    return out


def test_a_player_busted_at_one_table_playing_at_another_without_a_rebuy_is_warned(
    tmp_path: Path,
) -> None:
    out = _import(tmp_path, SIDE)
    assert "side.bhh: 1 stored" in out
    (warning,) = [line for line in out.splitlines() if "warning:" in line]
    assert "Bram busted at table 'Final' of Spring Freezeout (2024-04-12)" in warning
    assert "plays at table 'Side' without a rebuy: chips nobody bought" in warning


def test_a_player_who_came_to_the_table_he_busted_at_from_another_is_not_warned(
    tmp_path: Path,
) -> None:
    # at Side he leaves with 200, the stack he sits down with at Final: a table move
    moved = SIDE.replace("Bram 200", "Bram 220", 1).replace("Bram 180", "Bram 200", 1)
    assert "warning" not in _import(tmp_path, moved)
