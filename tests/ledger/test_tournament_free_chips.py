"""A tournament player who busts at one table and plays at another without a rebuy is stored,
with a warning: his chips there were bought by nobody.

From ``examples/tournament.bhh`` (Bram busts in hand T2 at table Final, rule: tournament
chips are bought only by the buy-in, rebuys and add-ons): a second file of the same
tournament seats him at table Side with 200 chips and no ``rebuys`` line.  File order is not
play order, so the import never refuses it; its report names him, both tables and the
tournament (``badugi_ledger/ledger/tournament_warnings.py``, ``free_chips``).  A player who came
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


def _under_each_file(out: str) -> set[str]:
    """The warnings of the report of one run of final.bhh and side.bhh: the ledger's as the
    run ends, under each of the two files (they hold the same tournament)."""
    lines = [line for line in out.splitlines() if "warning:" in line]
    assert len(lines) == 2, out
    return set(lines)


def test_a_player_busted_at_one_table_playing_at_another_without_a_rebuy_is_warned(
    tmp_path: Path,
) -> None:
    out = _import(tmp_path, SIDE)
    assert "side.bhh: 1 stored" in out
    (warning,) = _under_each_file(out)
    assert "Bram busted at table 'Final' of Spring Freezeout (2024-04-12)" in warning
    assert "plays at table 'Side' without a rebuy there: chips nobody bought" in warning


def test_a_player_who_came_to_the_table_he_busted_at_from_another_is_not_warned(
    tmp_path: Path,
) -> None:
    # at Side he leaves with 200, the stack he sits down with at Final: a table move
    moved = SIDE.replace("Bram 200", "Bram 220", 1).replace("Bram 180", "Bram 200", 1)
    assert "warning" not in _import(tmp_path, moved)


def _one_file(tmp_path: Path, text: str) -> str:
    (tmp_path / "night.bhh").write_text(text, encoding="utf-8")
    code, out = invoke("import", tmp_path / "night.bhh", "--db", tmp_path / "t.db")
    assert code == 0, out
    return out


CUP = """\
game badugi · no limit · blinds 10/20
tournament Return Cup · date 2024-08-01 · buy-in 1000 · starting-chips 300 · payouts 70/30

table T1
hand 1 · button Anna · Anna {anna} · Ben {ben} · Cara {cara}
{add_ons}Anna folds · Ben folds
Cara collects 20
final: Anna {anna} · Ben {ben_after} · Cara {cara_after}

table T2
hand 2 · button Dan · Dan 300 · Eve 300 · Finn 300
Dan folds · Eve folds
Finn collects 20
final: Dan 300 · Eve 290 · Finn 310
"""
BEN_BUSTS_AT_T1 = """
table T1
hand 5 · button Ben · Anna · Ben{ben_comes} · Cara
Ben raises to {all_in} all-in · Cara folds · Anna calls {call}
draw: Anna pat · Ben pat
draw: Anna pat · Ben pat
draw: Anna pat · Ben pat
show: Anna 4c 3d 2h As · Ben Kc Qd Jh Ts
Anna collects {pot}
"""


def test_a_player_moved_away_and_back_to_the_table_he_busts_at_is_not_warned(
    tmp_path: Path,
) -> None:
    """Ben moved from T1 to T2 with his 290 and back to T1 with 290, where he busts: a table
    move both ways.  He was warned of chips nobody bought: his stack at T1 was held to the
    one he first sat down with there, 300 (tournament fuzzing)."""
    cup = CUP.format(anna=300, ben=300, cara=300, add_ons="", ben_after=290, cara_after=310) + (
        "\n# Ben moved from T1 to T2 with his 290\n"
        "hand 3 · button Eve · Dan · Eve · Finn · Ben 290\n"
        "Dan folds · Eve folds · Finn folds\nBen collects 20\n"
        "final: Dan 300 · Eve 290 · Finn 300 · Ben 300\n\n"
        "hand 4 · button Finn · Dan · Eve · Finn · Ben\n"
        "Eve folds · Finn folds · Ben folds\nDan collects 20\n"
        "final: Dan 310 · Eve 290 · Finn 300 · Ben 290\n"
    )
    cup += BEN_BUSTS_AT_T1.format(ben_comes=" 290", all_in=290, call=270, pot=590)
    assert "warning" not in _one_file(tmp_path, cup)


def test_an_add_on_at_the_table_he_busts_at_buys_no_chips_at_another(tmp_path: Path) -> None:
    """Everyone adds on at T1; Ben busts there, then is written playing at T2 on 300 chips
    nobody bought.  Any rebuy or add-on of his in the tournament silenced the warning, and
    everyone adds on at the break (tournament fuzzing): only his rebuys and add-ons at the
    tables he plays on at count."""
    cup = CUP.format(
        anna=600,
        ben=600,
        cara=600,
        add_ons="Anna adds on 300 · Ben adds on 300 · Cara adds on 300\n",
        ben_after=590,
        cara_after=610,
    )
    cup += BEN_BUSTS_AT_T1.format(ben_comes="", all_in=590, call=570, pot=1190)
    cup += (
        "\ntable T2\nhand 6 · button Dan · Dan · Eve · Ben 300\n"
        "Dan folds · Eve folds\nBen collects 20\n"
    )
    (warning,) = [line for line in _one_file(tmp_path, cup).splitlines() if "warning:" in line]
    assert "Ben busted at table 'T1' of Return Cup (2024-08-01)" in warning, warning
    assert "plays at table 'T2' without a rebuy there: chips nobody bought" in warning


def test_a_player_who_rebuys_at_the_second_table_he_busts_at_is_not_warned(
    tmp_path: Path,
) -> None:
    """Ben busts at T1 on his buy-in, rebuys at T2 and busts there too: every chip he played
    was bought.  Counting only the rebuys at the other tables warned that he busted at T2
    and played at T1 on chips nobody bought (probe of this rule): a rebuy at the table he
    busted at says he came to it from a bust elsewhere."""
    cup = CUP.format(anna=300, ben=300, cara=300, add_ons="", ben_after=290, cara_after=310)
    cup += BEN_BUSTS_AT_T1.format(ben_comes="", all_in=290, call=270, pot=590)
    cup += (
        "\ntable T2\nhand 6 · button Dan · Dan · Eve · Finn · Ben 300\nBen rebuys 300\n"
        "Ben raises to 300 all-in · Dan folds · Eve folds · Finn calls 280\n"
        "draw: Finn pat · Ben pat\ndraw: Finn pat · Ben pat\ndraw: Finn pat · Ben pat\n"
        "show: Finn 4c 3d 2h As · Ben Kc Qd Jh Ts\nFinn collects 610\n"
    )
    assert "warning" not in _one_file(tmp_path, cup)


def _final_table_file(rebuy: str = "") -> str:
    """Hand T3 of the example in a file of its own at table Final, Bram (busted in T2) dealt
    in with 100 chips stated: one file's replay refuses it (``stack-carried``), two are
    replayed apart."""
    header = TEXT[: TEXT.index("hand T1")] + "fixed limit 20/40 · blinds 10/20\n"
    return header + (
        "hand T3 · button Bram · Kira 430 · Noor 170 · Bram 100\n"
        + rebuy
        + "Bram folds · Kira raises to 40 · Noor raises to 60 · Kira raises to 80 · Noor calls 20\n"
        "draw: Kira 1 · Noor 2\n"
        "Kira checks · Noor bets 20 · Kira raises to 40 · Noor raises to 60 · Kira calls 20\n"
        "draw: Kira 1 · Noor 1\n"
        "Kira bets 40 · Noor calls 30 all-in\n"
        "draw: Kira pat · Noor 1\n"
        "show: Kira 8d 4s 3c Ah · Noor Kh 9s 5d 2c\n"
        "Kira collects 340\n"
    )


def test_a_player_busted_at_a_table_sitting_down_there_again_in_another_file_is_warned(
    tmp_path: Path,
) -> None:
    out = _import(tmp_path, _final_table_file())
    (warning,) = _under_each_file(out)
    assert "Bram busted at table 'Final' of Spring Freezeout (2024-04-12) and sits down" in warning
    assert "again in hand T3" in warning and "with 100 chips, without a rebuy" in warning
    rebought = tmp_path / "rebought"
    rebought.mkdir()
    assert "warning" not in _import(rebought, _final_table_file("Bram rebuys 100\n"))
