"""A player out for good pays his bounty to the winner(s) of the pot holding his last chips
(docs/ledger.md, *Tournaments*), also when the hand he busted in lists him in no pot: a site
history can have a player fold after posting his last chips (PokerStars' SNG of the corpus,
hand 52589452703: "Player3: posts small blind 25 and is all-in" ... "Player3: folds", the
replay's warning ``fold-all-in``).  His chips are in the pot all the same, and whoever takes
it took his bounty: he never keeps it."""

from __future__ import annotations

from pathlib import Path

from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.reports.tournament import tournament_result
from tests.helpers.ledger_files import import_into

FOLDED_BLIND = """game badugi · fixed limit 10/20 · blinds 5/10
tournament Fold Cup · date 2024-06-01 · buy-in 1000 · payouts 100
table One

hand 1 · button Anna · Anna 30 · Ben 5 · Cara 30
Anna raises to 20 · Ben folds · Cara folds
Anna collects 25
final: Anna 45 · Ben 0 · Cara 20
"""
"""Ben posts his small blind of 5, his last chips, and folds (the site's record, as the
corpus hand has it): Anna takes the pot, and Ben is out."""


def _entries(db: Path, paths: list[Path], event: str, bounty: int) -> dict[str, tuple]:
    report = import_into(db, paths)
    assert report.stored and not report.rejected, report.text_lines()
    with ledger_at(db) as ledger:
        result = tournament_result(ledger, event, changes={"bounty": bounty})
    return {e["player"]: (e["bounties"], e["bounty_won"], e["won"]) for e in result.entries}


def test_a_player_who_folds_his_last_chips_pays_his_bounty_to_who_takes_them(
    tmp_path: Path,
) -> None:
    night = tmp_path / "cup.bhh"
    night.write_text(FOLDED_BLIND, encoding="utf-8")
    got = _entries(tmp_path / "club.db", [night], "Fold Cup", 200)
    # Ben's bounty is Anna's; the pool of 24.00 waits for the end (Anna and Cara still in)
    assert got == {
        "Anna": (1, 400, 400 - 1000),
        "Cara": (0, 200, -800),
        "Ben": (0, 0, -1000),
    }


def test_the_sng_of_the_corpus_pays_player3s_bounty_to_player7(
    tmp_path: Path, corpus_dir: Path
) -> None:
    """The real hand: Player7 takes the pot Player3 folded his last 25 chips into, having
    knocked Player2 out the hand before, so two knockouts; Player3 is out with nothing (a
    bounty of 0.10 USD; the site states no payout table, so no prizes)."""
    sng = corpus_dir / "pokerstars" / "LBad-USD-SNG8-201011.txt"
    got = _entries(tmp_path / "club.db", [sng], "PokerStars tournament #330855877", 10)
    assert got["Player7"][:2] == (2, 20)
    assert got["Player3"] == (0, 0, -100)
    assert sum(bounty_won for _, bounty_won, _ in got.values()) == 8 * 10  # every bounty paid
