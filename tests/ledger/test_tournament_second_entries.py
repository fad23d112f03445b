"""A tournament player who never sits down with the starting chips, and buys none, is stored
with a warning: an entrant starts with the starting chips, so he is one already in, moved from
another table under another name (two entrants, one buy-in charged twice), or his first hands
are at a table the ledger does not hold (``badugi_ledger/ledger/tournament_warnings.py``,
:func:`second_entries`; docs/ledger.md, *Tournaments*).

From ``examples/tournament.bhh`` (200 starting chips; Noor leaves table Final with 170 after
hand T2): a second file of the same tournament seats her at table Side as ``noor``.  The
import warns of the name too, as one that looks like ``Noor`` (``ledger/players.known_as``);
her stack tells that she is no second entrant.
"""

from __future__ import annotations

from pathlib import Path

from tests.helpers.paths import FIXTURES
from tests.ledger.test_ledger_identity import invoke

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "tournament.bhh"
TEXT = EXAMPLE.read_text(encoding="utf-8")
FINAL = TEXT[: TEXT.index("hand T3")]  # Noor leaves with 170 after hand T2
HAND_T1 = TEXT[TEXT.index("hand T1") : TEXT.index("# level 2")]
HEADERS = TEXT[: TEXT.index("hand T1")].replace("table Final", "table Side")


def side(noor: str = "noor", stack: int = 170) -> str:
    """Hand T1 played again at table Side by Zed, ``noor`` (sitting down with ``stack``) and
    Yan: she puts 30 chips in, as Noor did."""
    hand = HAND_T1.replace("Kira", "Zed").replace("Bram", "Yan").replace("hand T1", "hand S1")
    hand = hand.replace("Noor 170", f"{noor} {stack - 30}").replace("Noor 200", f"{noor} {stack}")
    return HEADERS + hand.replace("Noor", noor)


def imported(tmp_path: Path, *texts: str) -> list[str]:
    """The import's warnings of ``texts`` but those of a name that looks like another
    (``noor``, ``Noor``): another rule's, said of the name whatever the stacks."""
    return [w for w in all_warnings(tmp_path, *texts) if "a new player, looks like" not in w]


def all_warnings(tmp_path: Path, *texts: str) -> list[str]:
    tmp_path.mkdir(exist_ok=True)
    paths = []
    for n, text in enumerate(texts):
        paths.append(tmp_path / f"table{n}.bhh")
        paths[-1].write_text(text, encoding="utf-8")
    code, out = invoke("import", *paths, "--db", tmp_path / "t.db")
    assert code == 0 and "0 rejected" in out, out
    return [line.strip() for line in out.splitlines() if "warning:" in line]


def once(warnings: list[str]) -> list[str]:
    """``warnings`` of two files of one tournament imported in one run, each said under both
    files (the ledger as the run ends), each once."""
    assert (
        len(warnings) % 2 == 0 and warnings[: len(warnings) // 2] == warnings[len(warnings) // 2 :]
    )
    return warnings[: len(warnings) // 2]


def test_a_player_moved_under_another_name_is_warned_with_the_name_he_left_under(
    tmp_path: Path,
) -> None:
    warnings = all_warnings(tmp_path, FINAL, side())
    alike = [w for w in warnings if "a new player, looks like" in w]
    assert [w.split(",")[0] for w in alike] == ["warning: 'noor'"], warnings
    assert once([w for w in warnings if w not in alike]) == [
        "warning: 'noor' sits down in Spring Freezeout (2024-04-12) with 170 chips, never with "
        "its starting 200, and bought none: 'Noor' left table 'Final' with that stack; if "
        "'noor' is 'Noor', the ledger counts one player as two entrants, one buy-in charged "
        "twice: write one name in the file and import it again with --replace"
    ]
    code, out = invoke("tournament", "--event", "Spring Freezeout", "--db", tmp_path / "t.db")
    assert code == 0 and "6 entrants" in out  # (what the warning is about: she paid twice)


def test_a_player_moved_under_her_name_or_entering_with_the_starting_chips_is_not(
    tmp_path: Path,
) -> None:
    assert imported(tmp_path, FINAL, side("Noor")) == []
    assert imported(tmp_path / "new", FINAL, side("Quinn", 200)) == []


def test_one_with_a_stack_nobody_left_is_warned_and_a_final_table_alone_is_not(
    tmp_path: Path,
) -> None:
    (warning,) = once(imported(tmp_path, FINAL, side("Quinn", 150)))
    assert warning.endswith(
        "with 150 chips, never with its starting 200, and bought none: a player entered "
        "twice under two names (one buy-in charged twice), or hands of a table the ledger "
        "does not hold: correct the names or the stacks"
    )
    final_table = TEXT[: TEXT.index("hand T1")] + TEXT[TEXT.index("# level 2") :]
    final_table = final_table[: final_table.index("hand T2")] + TEXT[TEXT.index("hand T3") :]
    final_table = final_table.replace(
        "hand T3 · button Kira · Kira · Noor", "hand T3 · button Kira · Kira 430 · Noor 170"
    )
    assert imported(tmp_path / "alone", final_table) == []


def test_a_player_who_sat_in_a_hand_with_him_is_never_named_as_him(tmp_path: Path) -> None:
    """Table B imported first: Yan leaves it with 195, the stack noor sat down with, but they
    sat in one hand, so they are two players; only Noor, who left table A with 195, is named
    (found by the probe of this rule), under both files: table B's was stored before table A
    was, and the report says what the ledger holds as the import ends."""
    header = "game badugi · fixed limit 10/20 · blinds 5/10\n" + (
        "tournament Cup · date 2024-04-12 · buy-in 1000 · starting-chips 200 · payouts 70/30\n"
    )
    table_a = header + (
        "table A\n\nhand 1 · button Kira · Kira 200 · Noor 200 · Bram 200\n"
        "Kira raises to 20 · Noor folds · Bram folds\nKira collects 25\n"
    )
    table_b = header + (
        "table B\n\nhand 2 · button Zed · Zed 200 · Yan 200 · noor 195\n"
        "Zed raises to 20 · Yan folds · noor folds\nZed collects 25\n"
    )
    warned = once(imported(tmp_path, table_b, table_a))
    assert len(warned) == 1 and "'Yan'" not in warned[0]
    assert "'Noor' left table 'A' with that stack" in warned[0]


def test_a_later_file_whose_only_starting_stack_is_bought_is_a_tournament_start_not_held(
    tmp_path: Path,
) -> None:
    """``fixtures/tournament_later_file.bhh``: a tournament's later hands, imported before the
    file of its start.  Nobody sits down with the starting chips, but Dan reaches them by a
    rebuy, which made the file a tournament whose start the ledger holds: Ben (0 chips,
    dealt into a redeal) and Cara were each warned as a player entered twice.  A stack bought
    up to the starting chips is no entry: nobody is warned."""
    text = (FIXTURES / "tournament_later_file.bhh").read_text(encoding="utf-8")
    assert imported(tmp_path, text) == []
