"""PokerStars states the place each player finished a tournament in, and the prize it paid, in
the hand he busted in: the reader keeps them on the hand's record (a claim the ledger holds to
its own places, ``ledger/tournament_results.py``), rather than dropping them as chatter."""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.model.events import HandRecord, StatedFinish
from badugi_ledger.sites.pokerstars import read_pokerstars


def _finishes(path: Path) -> dict[str, tuple[StatedFinish, ...]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    items = read_pokerstars(lines, str(path))
    return {i.hand_id: i.finishes for i in items if isinstance(i, HandRecord) and i.finishes}


def test_the_places_and_the_prize_the_site_states_are_read(corpus_dir: Path) -> None:
    """``LBad-USD-SNG8-201011.txt`` line 4460, hand 52591910608: ``Player5 finished the
    tournament in 3rd place and received $1.60.`` (cents of the buy-in's USD); line 1251,
    hand 52589367975: ``Player2 finished the tournament in 8th place`` (no prize)."""
    stated = _finishes(corpus_dir / "pokerstars" / "LBad-USD-SNG8-201011.txt")
    assert stated["52591910608"] == (StatedFinish("Player5", 3, 160),)
    assert stated["52589367975"] == (StatedFinish("Player2", 8, None),)
    assert len(stated) == 6  # 8th to 3rd: the file stops with two players still in


def test_two_players_out_in_one_hand_are_both_read(corpus_dir: Path) -> None:
    """``LBad-USD-MTT8-201011.txt`` lines 4633-4634, hand 52479754591: 26th and 27th of a
    field of 72 or more (line 1260: ``Player10 finished the tournament in 72nd place``)."""
    stated = _finishes(corpus_dir / "pokerstars" / "LBad-USD-MTT8-201011.txt")
    assert stated["52479754591"] == (StatedFinish("Player0", 26), StatedFinish("Player19", 27))
    assert StatedFinish("Player10", 72) in stated["52476822776"]


def test_the_winners_line_is_his_first_place(tmp_path: Path, corpus_dir: Path) -> None:
    """The site's words for the winner (``Hero wins the tournament and receives 200.00 -
    congratulations!``, as ``8-Game-2max-STT-play-100-201306.homeGame.shootout.txt`` line 4173
    writes them), put in the SNG's last hand: first place and its prize."""
    text = (corpus_dir / "pokerstars" / "LBad-USD-SNG8-201011.txt").read_text(encoding="utf-8")
    said = "Player5 finished the tournament in 3rd place and received $1.60.\n"
    assert said in text
    path = tmp_path / "won.txt"
    path.write_text(
        text.replace(
            said, said + "Player6 wins the tournament and receives $4.00 - congratulations!\n"
        )
    )
    assert _finishes(path)["52591910608"] == (
        StatedFinish("Player5", 3, 160),
        StatedFinish("Player6", 1, 400),
    )
