"""The rake in PHH: each pot's, and a rake recorded only by the finishing stacks.

PHH keeps one rake (our user-defined ``_rake``); read back alone, it comes out of the main pot
first (``replay/showdown.py``).  A site rakes each pot: PokerStars corpus hand 49164202872 has a
main pot of $3.05 raked to $2.90 and a side pot of $2.65 raked to $2.55.  So a hand with a rake
and more than one pot also gets ``_pot_winnings`` (each pot's winnings after its rake, one amount
per player, the main pot first): read back, they are the hand's collections from each pot, which
split the rake as the site's own collections do, and ``_rake`` stays for readers that know only
it.

The specification lets ``finishing_stacks`` say "the rake applied in the end" that the file
does not otherwise name (``optional.rst``, *Finishing Stacks*), and PokerKit plays no rake
unless its caller gives a rake function (``HandHistory.rake``; no PHH field sets it) and never
compares ``finishing_stacks`` with its play.  So a hand without ``_rake`` whose finishing stacks
add up to less than its starting stacks is read with that difference as its rake, and a warning
says so (``rake-from-finishing-stacks``); each player's finishing stack is still checked.
"""

from __future__ import annotations

import io
import warnings
from decimal import Decimal
from pathlib import Path

import pokerkit

from badugi_ledger.check import run_check
from badugi_ledger.convert import ConvertedHand, convert_file, convert_hands
from badugi_ledger.model.events import HandRecord, RakeTaken
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.replay import replay_hand
from badugi_ledger.sources import read_hands
from tests.helpers.pokerkit_play import in_ours, money_divmod

CASH = "pokerstars/Badugi-USD-0.25-0.50-201009.txt"
FT = "fulltilt/Badugi-FL-USD-0.10-0.20-201305.New.to.the.Game.txt"


def _first_hand(corpus_dir: Path, tmp_path: Path, *, other_winner: bool) -> Path:
    """Corpus hand 49164202872 by itself; ``other_winner``: jodarin shows the best hand and
    wins the main pot, buddyboy3399 the side pot only."""
    text = (corpus_dir / CASH).read_text(encoding="utf-8-sig")
    hand = text.split("\n\n\n")[0] + "\n"
    if other_winner:
        edits = {
            "jodarin: mucks hand \nbuddyboy3399 collected $2.90 from main pot": (
                "jodarin: shows [Ad 2s 6c 7h] (Badugi: 7,6,2,A)\n"
                "jodarin collected $2.90 from main pot"
            ),
            "Seat 3: jodarin mucked [Ad Td Qc 2s]": (
                "Seat 3: jodarin showed [Ad 2s 6c 7h] and won ($2.90) with a Badugi: 7,6,2,A"
            ),
            "and won ($5.45)": "and won ($2.55)",
        }
        for old, new in edits.items():
            assert old in hand
            hand = hand.replace(old, new)
    path = tmp_path / "hand.txt"
    path.write_text(hand, encoding="utf-8")
    return path


def _pots(record: HandRecord) -> list[tuple[str, int, dict[str, int]]]:
    result = replay_hand(record)
    assert result.ok, result.violations
    return [(p.name, p.amount, dict(p.shares)) for p in result.pots]


def _site_and_phh(path: Path) -> tuple[HandRecord, str, HandRecord]:
    (site,) = [r for r in read_hands(path) if isinstance(r, HandRecord)]
    (item,) = convert_hands(path, "phh")
    assert isinstance(item, ConvertedHand), item
    (again,) = [r for r in read_phh(item.text, "hand.phh") if isinstance(r, HandRecord)]
    return site, item.text, again


def test_each_pots_rake_survives_phh(corpus_dir: Path, tmp_path: Path) -> None:
    """One winner of both pots: the player's total was right, but the pots were 280/265
    instead of the site's 290/255 (the ledger's pots and pot winners differed)."""
    site, text, again = _site_and_phh(_first_hand(corpus_dir, tmp_path, other_winner=False))
    assert _pots(site) == [
        ("main", 305, {"buddyboy3399": 290}),
        ("side 1", 265, {"buddyboy3399": 255}),
    ]
    assert _pots(again) == _pots(site)
    assert "\n_rake = 0.25\n" in text
    winnings = (
        "[0.00, 0.00, 0.00, 0.00, 2.90, 0.00, 0.00, 0.00, 0.00, 0.00, 0.00, 2.55, 0.00, 0.00]"
    )
    assert f"\n_pot_winnings = {winnings}\n" in text


def test_a_hand_whose_pots_have_other_winners_converts(corpus_dir: Path, tmp_path: Path) -> None:
    """Different winners: read back with the rake from the main pot first, jodarin would end
    with 280, not 290, and convert refused the hand."""
    path = _first_hand(corpus_dir, tmp_path, other_winner=True)
    site, text, again = _site_and_phh(path)
    assert (
        _pots(again)
        == _pots(site)
        == [
            ("main", 305, {"jodarin": 290}),
            ("side 1", 265, {"buddyboy3399": 255}),
        ]
    )
    # PokerKit rakes each pot with the function its caller gives: here each pot's own rake
    rakes = {Decimal("3.05"): Decimal("0.15"), Decimal("2.65"): Decimal("0.10")}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        history = pokerkit.HandHistory.loads(
            # (it asks for every pot as the hand goes: the final pots are those two)
            text,
            rake=lambda a, s=None: (rakes.get(a, 0), a - rakes.get(a, 0)),
            divmod=money_divmod,
        )
        final = list(history)[-1].stacks
    result = replay_hand(site)
    assert in_ours(final, "USD") == [result.final_stacks[p] for p in history.players or ()]
    out = io.StringIO()
    report = convert_file(path, "phh", out)
    assert report.ok and report.written == 1


def test_a_rake_recorded_only_by_the_finishing_stacks_is_read_as_the_rake(
    corpus_dir: Path, tmp_path: Path
) -> None:
    """The Full Tilt hand without ``_rake``: it was a payout mismatch (the winner's stack 4
    cents below the replay's); read now, its rake is the 4 cents the finishing stacks lack."""
    (item,) = convert_hands(corpus_dir / FT, "phh")
    assert isinstance(item, ConvertedHand)
    assert "\n_rake = 0.04\n" in item.text
    text = item.text.replace("\n_rake = 0.04\n", "\n")
    (record,) = [i for i in read_phh(text, "norake.phh") if isinstance(i, HandRecord)]
    assert [e for e in record.events if isinstance(e, RakeTaken)] == [RakeTaken(4)]
    path = tmp_path / "norake.phh"
    path.write_text(text, encoding="utf-8")
    (outcome,) = run_check([path], jobs=1).outcomes()
    assert outcome.result is not None and outcome.result.rake == 4
    assert not outcome.errors
    assert [w.rule for w in outcome.warnings] == ["rake-from-finishing-stacks"]
    assert "finishing stacks add up to 0.04 USD less" in outcome.warnings[0].message


def test_chips_a_loser_lacks_are_still_a_mismatch(corpus_dir: Path, tmp_path: Path) -> None:
    """Read as rake, the missing chips come out of the pot: a finishing stack of a player who
    won nothing that is lower than the replay's is still a payout mismatch, never rake."""
    (item,) = convert_hands(corpus_dir / FT, "phh")
    assert isinstance(item, ConvertedHand)
    text = item.text.replace("\n_rake = 0.04\n", "\n").replace(
        "finishing_stacks = [9.75, 5.41, 0.24, 0.92, 2.15, 5.40, 3.85]",
        "finishing_stacks = [9.75, 5.45, 0.20, 0.92, 2.15, 5.40, 3.85]",
    )
    path = tmp_path / "loser.phh"
    path.write_text(text, encoding="utf-8")
    (outcome,) = run_check([path], jobs=1).outcomes()
    assert "final-stack" in [e.rule for e in outcome.errors]
    assert [w.rule for w in outcome.warnings] == ["rake-from-finishing-stacks"]


def test_the_warning_does_not_unchain_the_table(corpus_dir: Path, tmp_path: Path) -> None:
    """A warning about a hand (its rake read from its stacks) is not a hand missing before it:
    its stated stacks are still held against the table's previous hand (``stack-carried``)."""
    (item,) = convert_hands(corpus_dir / FT, "phh")
    assert isinstance(item, ConvertedHand)
    first = item.text
    second = (
        first.replace("\n_rake = 0.04\n", "\n")
        .replace('hand = "32617272179"', 'hand = "32617272180"')
        .replace(
            "starting_stacks = [9.80, 5.00, 0.24, 0.92, 2.15, 5.80, 3.85]",
            "starting_stacks = [9.75, 5.41, 0.24, 0.92, 2.15, 5.40, 3.95]",
        )
    )
    path = tmp_path / "two.phhs"
    path.write_text(f"[1]\n{first}\n[2]\n{second}", encoding="utf-8")
    one, two = run_check([path], jobs=1).outcomes()
    assert not one.errors and not one.warnings
    # The copy keeps the first hand's button, which the deal would have passed on (``000``).
    assert [w.rule for w in two.warnings] == ["rake-from-finishing-stacks", "button-order"]
    assert [e.rule for e in two.errors][:1] == ["stack-carried"]
    assert "Player3 starts with 3.95, but the previous hand left Player3 with 3.85" in (
        two.errors[0].message
    )
