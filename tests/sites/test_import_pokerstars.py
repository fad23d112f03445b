"""The PokerStars importer turns real hands into the events our own format produces.

Every hand here is read from ``shared/corpus/pokerstars`` (see its SOURCES.md); a test that needs
a variant of a real hand says what it changed and why.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.model.cards import parse_cards
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import (
    Action,
    Collect,
    Deal,
    Draw,
    HandRecord,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    Show,
    SitOut,
)
from badugi_ledger.sites.common import SiteWarning, SkippedHand
from badugi_ledger.sites.files import iter_lines, split_lines
from badugi_ledger.sites.pokerstars import read_pokerstars

CASH = "pokerstars/Badugi-USD-0.25-0.50-201009.txt"
MTT = "pokerstars/LBad-USD-MTT8-201011.txt"
SNG = "pokerstars/LBad-USD-SNG8-201011.txt"


def hands(corpus_dir: Path, name: str) -> list[HandRecord]:
    """The file's hands (its warnings, about a hand missing from the file, left out)."""
    items = [
        i
        for i in read_pokerstars(iter_lines(corpus_dir / name), name)
        if not isinstance(i, SiteWarning)
    ]
    assert all(isinstance(i, HandRecord) for i in items), [
        i for i in items if not isinstance(i, HandRecord)
    ]
    return items  # type: ignore[return-value]


def hand(corpus_dir: Path, name: str, hand_id: str) -> HandRecord:
    return next(h for h in hands(corpus_dir, name) if h.hand_id == hand_id)


def of(record: HandRecord, kind: type) -> list:
    return [e for e in record.events if isinstance(e, kind)]


def test_cash_hand_money_becomes_cents_and_every_figure_is_recorded(corpus_dir: Path) -> None:
    """Corpus hand 49164202872: $0.25/$0.50 cash, three-way all-in, a side pot, rake $0.25."""
    h = hand(corpus_dir, CASH, "49164202872")
    assert h.origin == "pokerstars" and h.table == "Benkoela V"
    assert h.settings.currency == "USD" and h.settings.game == "badugi"
    assert (h.settings.structure.small_bet, h.settings.structure.big_bet) == (25, 50)
    assert (h.settings.small_blind, h.settings.big_blind) == (10, 25)
    assert h.settings.house.max_seats == 8
    assert [(s.name, s.stack, s.number) for s in h.seats][:3] == [
        ("Lino19", 680, 1),
        ("Hero", 500, 2),
        ("jodarin", 70, 3),
    ]
    assert h.button == "Kula91"  # "Seat #8 is the button"
    assert of(h, Post)[:2] == [
        Post("Lino19", "small-blind", 10, False),
        Post("Hero", "big-blind", 25, False),
    ]
    first_post = next(i for i, e in enumerate(h.events) if isinstance(e, Post))
    assert h.position(first_post).line == 10
    assert not of(h, SitOut)  # "cuchiku: sits out" is not seated at all
    assert len(of(h, Deal)) == 7
    hero_deal = next(d for d in of(h, Deal) if d.player == "Hero")
    assert hero_deal.cards == parse_cards("As 3h 8h 6s")
    # "raises $0.25 to $0.50" is a raise *to* 50 cents; "calls $0.20 and is all-in" is chips in
    actions = of(h, Action)
    assert Action("buddyboy3399", "raise", 50, False) in actions
    assert any(a.player == "buddyboy3399" and a.verb == "raise" and a.amount == 50 for a in actions)
    assert any(
        a.player == "jodarin" and a.verb == "call" and a.amount == 20 and a.all_in for a in actions
    )
    hero_draw = next(d for d in of(h, Draw) if d.player == "Hero")
    assert hero_draw.discards == parse_cards("8h 6s")
    assert hero_draw.received == parse_cards("5h Ks")
    assert next(d for d in of(h, Draw) if d.player == "jodarin").discards == (None, None)
    assert [(s.player, s.cards) for s in of(h, Show)] == [
        ("Scorpio2000", parse_cards("8c 5d 7s Th")),
        ("buddyboy3399", parse_cards("8s 3d Ac 4h")),
    ]
    assert [m.player for m in of(h, Muck)] == ["jodarin"]
    assert [(c.player, c.amount, c.pot) for c in of(h, Collect)] == [
        ("buddyboy3399", 255, "side 1"),
        ("buddyboy3399", 290, "main"),
    ]
    assert [p.amount for p in of(h, PotTotal)] == [570]
    assert [r.amount for r in of(h, RakeTaken)] == [25]
    assert h.session.kind == "cash" and h.session.date == "2010-09-05"


def test_uncontested_winner_who_does_not_show_has_no_showdown_events(corpus_dir: Path) -> None:
    """Corpus hand 49164247462: everyone folds to the big blind, "Uncalled bet ($0.15) returned"."""
    h = hand(corpus_dir, CASH, "49164247462")
    assert not of(h, Show) and not of(h, Muck)
    assert [(c.player, c.amount) for c in of(h, Collect)] == [("Scorpio2000", 20)]
    assert [p.amount for p in of(h, PotTotal)] == [20]
    assert [r.amount for r in of(h, RakeTaken)] == [0]


def test_live_big_blind_posted_by_a_newcomer_is_kept_as_written(corpus_dir: Path) -> None:
    """Corpus hand 49164255772: kallexx1 joins and posts a big blind out of position."""
    h = hand(corpus_dir, CASH, "49164255772")
    posts = [(p.player, p.kind, p.amount) for p in of(h, Post)]
    assert posts == [
        ("Scorpio2000", "small-blind", 10),
        ("buddyboy3399", "big-blind", 25),
        ("kallexx1", "big-blind", 25),
    ]
    assert next(s for s in h.seats if s.name == "kallexx1").stack == 500000  # "$5000 in chips"


def test_tournament_chips_stay_integers_and_the_buy_in_is_money(corpus_dir: Path) -> None:
    """First hand of the MTT file (UTF-8 BOM, CRLF): chips, level I (20/40), buy-in $2.00+$0.20
    USD.  The settings' currency is the buy-in's (as ``currency USD`` in a tournament of our
    format): the stacks stay chips."""
    first = hands(corpus_dir, MTT)[0]
    assert first.hand_id == "52475779512"
    assert first.pos.line == 1 and first.settings.currency == "USD"
    assert (first.settings.structure.small_bet, first.settings.structure.big_bet) == (20, 40)
    assert (first.settings.small_blind, first.settings.big_blind) == (10, 20)
    assert first.session.kind == "tournament"
    assert first.session.name == "PokerStars tournament #329147852"
    assert first.session.buy_in == 200
    assert first.seats[0].stack == 1500
    assert of(first, Collect)[0].amount == 360


def test_seat_out_of_hand_is_a_sit_out_and_posts_skip_it(corpus_dir: Path) -> None:
    """Corpus hand 52475822947: "Player21 (1500 in chips) out of hand (moved from another table
    into small blind)"; Player3 (seat 5) posts the small blind."""
    h = hand(corpus_dir, MTT, "52475822947")
    assert [s.player for s in of(h, SitOut)] == ["Player21"]
    assert "Player21" not in {d.player for d in of(h, Deal)}
    assert of(h, Post)[0].player == "Player3"


def test_sitting_out_tournament_player_is_dealt_in(corpus_dir: Path) -> None:
    """In a tournament a seat marked "is sitting out" is still dealt and folds (corpus hand
    52588453597 of the SNG file: Player0 folds)."""
    h = hand(corpus_dir, SNG, "52588453597")
    assert "Player0" in {d.player for d in of(h, Deal)}
    assert not of(h, SitOut)


def test_side_pots_and_incomplete_all_in_raise(corpus_dir: Path) -> None:
    """Corpus hand 52479754591: "raises 250 to 550 and is all-in", then "raises 50 to 600";
    collections from "side pot-2", "side pot-1" and the main pot."""
    h = hand(corpus_dir, MTT, "52479754591")
    raises = [(a.player, a.amount, a.all_in) for a in of(h, Action) if a.verb == "raise"]
    assert raises[:2] == [("Player19", 550, True), ("Player0", 600, False)]
    assert [(c.amount, c.pot) for c in of(h, Collect)] == [
        (1140, "side 2"),
        (1140, "side 1"),
        (2500, "main"),
    ]
    assert [p.amount for p in of(h, PotTotal)] == [4780]


def test_hero_standing_pat_on_known_cards(corpus_dir: Path) -> None:
    """Corpus hand 52475822947: "Player19: stands pat on [2c 9s 7h 4d]" is a draw of nothing."""
    h = hand(corpus_dir, MTT, "52475822947")
    pats = [d for d in of(h, Draw) if d.player == "Player19"]
    assert pats and all(d.discards == () and d.received == () for d in pats)


def test_other_games_are_skipped_not_errors(corpus_dir: Path) -> None:
    """The Home Game 8-game file holds 137 hands of other games and no Badugi."""
    items = list(
        read_pokerstars(
            iter_lines(
                corpus_dir / "pokerstars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
            ),
            "8game",
        )
    )
    assert len(items) == 137 and all(isinstance(i, SkippedHand) for i in items)
    games = {i.game for i in items if isinstance(i, SkippedHand)}
    assert "8-Game (Triple Draw 2-7 Lowball Limit)" in games and "8-Game (Razz Limit)" in games


def _as_badugi(text: str) -> str:
    """The corpus's only cancelled and corrupt PokerStars hands are 2-7 hands, which the importer
    skips as another game; the wording under test is the same in every game, so the tests read
    the same text with the game name changed to Badugi."""
    return text.replace("Triple Draw 2-7 Lowball Limit", "Badugi Limit")


def test_cancelled_hand_is_reported_as_such(corpus_dir: Path) -> None:
    path = corpus_dir / "pokerstars/3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt"
    (skipped,) = read_pokerstars(iter_lines(path), "c")
    assert isinstance(skipped, SkippedHand) and skipped.reason == "other game"
    (item,) = read_pokerstars(split_lines(_as_badugi(path.read_text())), "c")
    assert isinstance(item, ImportFormatError) and item.rule == "cancelled-hand"
    assert item.hand == "20349633663"


def test_corrupt_hand_is_reported_not_crashed_on(corpus_dir: Path) -> None:
    """SOURCES.md: "Hero: discards 2 cards []", then the same five cards twice."""
    path = (
        corpus_dir
        / "pokerstars/Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt"
    )
    (item,) = read_pokerstars(split_lines(_as_badugi(path.read_text())), "d")
    assert isinstance(item, ImportFormatError) and item.rule == "corrupt-hand"
    assert item.position.line == 21  # "Hero: discards 2 cards []"
    assert "discards 2 card(s) but the site lists []" in item.message


def test_unknown_line_is_an_error_naming_it(corpus_dir: Path) -> None:
    text = (corpus_dir / CASH).read_text(encoding="utf-8-sig")
    broken = text.replace("Kula91: folds \n", "Kula91: juggles the chips\n", 1)
    first = next(iter(read_pokerstars(split_lines(broken), "x")))
    assert isinstance(first, ImportFormatError) and first.rule == "unrecognised-line"
    assert "juggles" in first.message and first.position.line == 19
    # Its table, as the hand's record names it: the replay forgets that table's stacks only.
    assert first.table == hands(corpus_dir, CASH)[0].table == "Benkoela V"


def test_summary_that_disagrees_with_the_collect_lines_is_corrupt(corpus_dir: Path) -> None:
    text = (corpus_dir / CASH).read_text(encoding="utf-8-sig")
    broken = text.replace("won ($5.45)", "won ($5.55)", 1)
    first = next(iter(read_pokerstars(split_lines(broken), "x")))
    assert isinstance(first, ImportFormatError) and first.rule == "corrupt-hand"


def test_a_hand_without_summary_is_partial(corpus_dir: Path) -> None:
    text = (corpus_dir / CASH).read_text(encoding="utf-8-sig")
    first_hand = text.split("\n\n\n\n")[0]
    cut = first_hand.split("*** SUMMARY ***")[0]
    (item,) = read_pokerstars(split_lines(cut), "x")
    assert isinstance(item, ImportFormatError) and item.rule == "partial-hand"


@pytest.mark.parametrize("amount", ["$0.125", "12.5"])
def test_amounts_that_are_not_whole_cents_or_chips_are_refused(
    corpus_dir: Path, amount: str
) -> None:
    name = CASH if amount.startswith("$") else MTT
    text = (corpus_dir / name).read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    target = "posts small blind $0.10" if amount.startswith("$") else "posts small blind 10"
    broken = text.replace(target, f"posts small blind {amount}", 1)
    first = next(iter(read_pokerstars(split_lines(broken), "x")))
    assert isinstance(first, ImportFormatError) and first.rule == "bad-amount"


def test_button_on_an_empty_seat_stands_in_the_player_before_it(corpus_dir: Path) -> None:
    """A dead button (the button seat emptied): the nearest player counter-clockwise holds it, so
    "first left of the button" is still the first occupied seat after the button seat.  The first
    MTT hand with its button line changed from seat #2 to the empty seat #4."""
    text = (corpus_dir / MTT).read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    first = text.split("\n\n\n\n")[0].replace("Seat #2 is the button", "Seat #4 is the button")
    (item,) = read_pokerstars(split_lines(first), "x")
    assert isinstance(item, HandRecord) and item.button == "Player10"  # seat 3


def test_a_hand_whose_small_blind_is_dead_replays(corpus_dir: Path) -> None:
    """The TDA's dead button: after the big blind's player busts, the next hand's small blind
    falls on an empty seat, and only the big blind posts (docs/importers.md, "A button on an
    empty seat").  The corpus has no such hand: MTT hand 52476797529 with its small blind's
    player (Player10, seat 3, who posted 30 and folded) taken out, and the pot 30 less.  The
    first player left of the button posts the big blind; it replays, nothing assumed."""
    from badugi_ledger.replay import replay_stream

    text = (corpus_dir / MTT).read_text(encoding="utf-8-sig").replace("\r\n", "\n")
    (hand,) = [h for h in text.split("\n\n\n\n") if "Game #52476797529:" in h]
    for line in ("Seat 3: Player10 (170 in chips) ", "Player10: posts small blind 30"):
        assert line + "\n" in hand
        hand = hand.replace(line + "\n", "")
    hand = hand.replace("Player10: folds \n", "").replace(
        "Seat 3: Player10 (small blind) folded before the Draw\n", ""
    )
    hand = hand.replace("930", "900")
    (record,) = read_pokerstars(split_lines(hand), "x")
    assert isinstance(record, HandRecord) and record.button == "Player19"
    posts = [(p.player, p.kind) for p in of(record, Post)]
    assert posts == [("Player16", "big-blind")]
    (outcome,) = replay_stream([record])
    assert outcome.ok and not outcome.warnings, (outcome.errors, outcome.warnings)
    assert outcome.result is not None and dict(outcome.result.payouts) == {"Player8": 900}
    assert any("no small blind: Player16" in note for note in outcome.result.notes)


def test_small_and_big_blinds_is_a_dead_small_blind_plus_a_live_big_blind(corpus_dir: Path) -> None:
    """PokerStars' wording for a player coming in between the blinds; corpus hand 49164255772
    with kallexx1's big blind rewritten that way (the corpus has no such post)."""
    text = (corpus_dir / CASH).read_text(encoding="utf-8-sig")
    changed = text.replace(
        "kallexx1: posts big blind $0.25", "kallexx1: posts small & big blinds $0.35"
    )
    h = next(
        r
        for r in read_pokerstars(split_lines(changed), "x")
        if isinstance(r, HandRecord) and r.hand_id == "49164255772"
    )
    posts = [(p.player, p.kind, p.amount) for p in of(h, Post) if p.player == "kallexx1"]
    assert posts == [("kallexx1", "dead", 10), ("kallexx1", "big-blind", 25)]
