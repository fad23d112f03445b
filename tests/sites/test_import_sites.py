"""Full Tilt, KingsClub, Merge and Winamax histories from ``shared/corpus`` become hand records.

Where a test needs a variant of a real hand (the only dead blind and cancelled hand in the corpus
are in 2-7 hands, which are skipped as another game), it says what it changed and why.
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
    FinalStack,
    HandRecord,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    SitOut,
    StackChange,
)
from badugi_ledger.replay import replay_hand
from badugi_ledger.sites.common import SkippedHand
from badugi_ledger.sites.files import iter_lines, split_lines
from badugi_ledger.sites.fulltilt import read_fulltilt
from badugi_ledger.sites.kingsclub import read_kingsclub
from badugi_ledger.sites.merge import read_merge
from badugi_ledger.sites.winamax import read_winamax


def of(record: HandRecord, kind: type) -> list:
    return [e for e in record.events if isinstance(e, kind)]


def only(items: list) -> HandRecord:
    records = [i for i in items if isinstance(i, HandRecord)]
    assert len(records) == 1, items
    return records[0]


# --- Full Tilt --------------------------------------------------------------------------------


def test_fulltilt_utf16_file_is_read(corpus_dir: Path) -> None:
    """``Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt`` is UTF-16LE with a BOM (SOURCES.md)."""
    path = corpus_dir / "fulltilt/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt"
    assert path.read_bytes()[:2] == b"\xff\xfe"
    h = only(list(read_fulltilt(iter_lines(path), "ftp")))
    assert h.hand_id == "25340585274" and h.table == "Laurelvale" and h.origin == "fulltilt"
    assert (h.settings.small_blind, h.settings.big_blind) == (2, 5)
    assert (h.settings.structure.small_bet, h.settings.structure.big_bet) == (5, 10)
    assert h.button == "Player6"  # "The button is in seat #6"
    assert [s.player for s in of(h, SitOut)] == ["Player8"]  # "Player8 is sitting out"
    hero_draws = [d for d in of(h, Draw) if d.player == "Hero"]
    assert hero_draws[0].discards == parse_cards("Qs Jc")
    assert hero_draws[0].received == parse_cards("Jh 8c")
    assert hero_draws[1].discards == parse_cards("Jh") and hero_draws[1].received == parse_cards(
        "8s"
    )
    assert [(c.player, c.amount) for c in of(h, Collect)] == [("Player4", 95)]
    assert [p.amount for p in of(h, PotTotal)] == [100]
    assert [r.amount for r in of(h, RakeTaken)] == [5]
    assert {m.player for m in of(h, Muck)} == {"Player5", "Player7"}


def test_fulltilt_raises_to_and_new_players_post(corpus_dir: Path) -> None:
    """10-game file, hand 29704409780: "1Incubator1 posts $2.50" (coming in) then "raises to $5"."""
    path = corpus_dir / "fulltilt/10Game-6max-USD-2.50-5.201104.Sample.txt"
    items = list(read_fulltilt(iter_lines(path), "ftp"))
    assert sum(isinstance(i, HandRecord) for i in items) == 10
    assert sum(isinstance(i, SkippedHand) for i in items) == 74
    h = next(i for i in items if isinstance(i, HandRecord) and i.hand_id == "29704409780")
    assert [(p.player, p.kind, p.amount) for p in of(h, Post)][-1] == (
        "1Incubator1",
        "big-blind",
        250,
    )
    assert of(h, Action)[0] == Action("1Incubator1", "raise", 500, False)
    assert not of(h, Muck)  # "1Incubator1 mucks" after everyone folded is not a showdown muck


def test_fulltilt_silent_top_up_becomes_a_stack_change(corpus_dir: Path) -> None:
    """Sirocko loses $22.50 in hand 29704512429 and starts hand 29704563387 with $100 again: Full
    Tilt topped the stack up without printing it.  The reader records the difference."""
    path = corpus_dir / "fulltilt/10Game-6max-USD-2.50-5.201104.Sample.txt"
    records = [i for i in read_fulltilt(iter_lines(path), "ftp") if isinstance(i, HandRecord)]
    h = next(r for r in records if r.hand_id == "29704563387")
    assert [(c.player, c.amount, c.kind) for c in of(h, StackChange)] == [
        ("Sirocko", 2250, "top-up")
    ]
    first = next(r for r in records if r.hand_id == "29704409780")
    assert not of(first, StackChange)


def test_fulltilt_partial_hand_is_reported(corpus_dir: Path) -> None:
    """The corpus's ``(partial)`` hand is 2-7 (skipped); read as Badugi it is ``partial-hand``."""
    path = corpus_dir / "fulltilt/3-Draw-Limit-USD-20-40-201101.Partial.txt"
    (skipped,) = read_fulltilt(iter_lines(path), "p")
    assert isinstance(skipped, SkippedHand)
    text = "\n".join(iter_lines(path)).replace("Limit 2-7 Triple Draw", "Limit Badugi")
    (item,) = read_fulltilt(split_lines(text), "p")
    assert isinstance(item, ImportFormatError) and item.rule == "partial-hand"


def test_fulltilt_archive_spelling_is_recognised(corpus_dir: Path) -> None:
    """``FullTiltPoker Game #…`` with ``***** # 1 *****`` separators (the archive format)."""
    path = corpus_dir / "fulltilt/3-Draw-Limit-USD-1500-3000-201101.FTP.Archive.sample.txt"
    (item,) = read_fulltilt(iter_lines(path), "a")
    assert isinstance(item, SkippedHand) and "2-7" in item.game


# --- KingsClub --------------------------------------------------------------------------------


def test_kingsclub_calls_are_totals_and_the_summary_gives_final_stacks(corpus_dir: Path) -> None:
    """Badeucey hand 40200897: "Hero calls 66" after calling 22 puts in 44 more; the summary's
    seats become ``FinalStack`` claims; Hero's draws are known."""
    path = corpus_dir / "kingsclub/Badeucey-Limit-USD-22-44-202101.txt"
    h = only(list(read_kingsclub(iter_lines(path), "kc")))
    assert h.settings.game == "badeucey" and h.settings.hand_size == 5
    assert (h.settings.ante, h.settings.small_blind, h.settings.big_blind) == (550, 1100, 2200)
    hero_calls = [a.amount for a in of(h, Action) if a.player == "Hero" and a.verb == "call"]
    assert hero_calls[:2] == [2200, 4400]
    assert len(next(d for d in of(h, Deal) if d.player == "Player0").cards) == 5
    hero = [d for d in of(h, Draw) if d.player == "Hero"]
    assert hero[0].discards == parse_cards("Kc 5d Jc") and hero[0].received == parse_cards(
        "Jd Tc Qs"
    )
    assert {f.player: f.amount for f in of(h, FinalStack)}["Hero"] == 30850
    assert [(c.player, c.amount) for c in of(h, Collect)] == [
        ("Player2", 55025),
        ("Player4", 55025),
    ]
    assert [r.amount for r in of(h, RakeTaken)] == [500]


def test_kingsclub_dead_small_blind_comes_from_the_summary_net(corpus_dir: Path) -> None:
    """SOURCES.md: "Player1: posts blind 44" costs 66 (a dead small blind is not printed); the
    summary's "-77" for Player1 (11 ante + 66) is how we know.  The hand is 2-7 triple draw in
    the corpus; read as Badeucey (also five cards) the dead blind must come out the same."""
    path = corpus_dir / "kingsclub/2-7 Triple Draw Lowball-FL-USD-44-88-202012.rake.txt"
    (skipped,) = read_kingsclub(iter_lines(path), "kc")
    assert isinstance(skipped, SkippedHand)
    text = "\n".join(iter_lines(path)).replace("Limit 2-7 Triple Draw", "Limit Badeucey")
    h = only(list(read_kingsclub(split_lines(text), "kc")))
    player1 = [(p.kind, p.amount) for p in of(h, Post) if p.player == "Player1"]
    assert player1 == [("ante", 1100), ("dead", 2200), ("big-blind", 4400)]
    at = {
        e.kind: h.position(i)
        for i, e in enumerate(h.events)
        if isinstance(e, Post) and e.player == "Player1"
    }
    assert at["dead"] == at["big-blind"] and at["dead"].line > 1  # the line of "posts blind 44"
    assert len(h.positions) == len(h.events)
    result = replay_hand(h)
    assert result.net["Player1"] == -7700
    assert result.violations == ()


def test_kingsclub_net_that_does_not_add_up_is_corrupt(corpus_dir: Path) -> None:
    path = corpus_dir / "kingsclub/Badugi-Limit-USD-30-60-202010.txt"
    text = "\n".join(iter_lines(path)).replace("Seat 5: Hero (570) -30", "Seat 5: Hero (560) -40")
    (item,) = read_kingsclub(split_lines(text), "kc")
    assert isinstance(item, ImportFormatError) and item.rule == "corrupt-hand"


@pytest.mark.parametrize(
    ("name", "lines", "missing"),
    [
        ("Badugi-Limit-USD-30-60-202010.txt", 39, "Player1, Hero"),
        ("Badacey-Limit-USD-22-44-202101.txt", 52, "Hero, Player1, Player2, Player3, Player4"),
    ],
)
def test_a_kingsclub_hand_whose_summary_is_cut_short_is_a_partial_hand(
    corpus_dir: Path, name: str, lines: int, missing: str
) -> None:
    """The file cut after the summary's first seat line: the rake, the winner's ``wins pot``
    line and the other seats' lines missing, the hand passed ``check`` and was stored, its pot
    paid whole to the best hand shown (Player1 +300.00 where the site says +298.25, the rake
    1.75 lost; in the Badacey hand Hero and Player1 +11.00 each, not +8.50).  The site prints
    every seat's line: a summary without one is cut short (site audit)."""
    path = corpus_dir / "kingsclub" / name
    text = "\n".join(list(iter_lines(path))[:lines])
    (item,) = read_kingsclub(split_lines(text), "kc")
    assert isinstance(item, ImportFormatError) and item.rule == "partial-hand", item
    assert f"gives no final stack and net for {missing} " in str(item), item


def test_a_kingsclub_net_that_does_not_add_up_is_said_in_dollars(corpus_dir: Path) -> None:
    """The error printed the summary's figures in cents ("netted 29925" for ``+299.25``); and
    with the winner's line cut off it blamed the net without saying that line is missing."""
    path = corpus_dir / "kingsclub/Badugi-Limit-USD-30-60-202010.txt"
    whole = list(iter_lines(path))
    text = "\n".join(whole).replace("(928.25) +298.25", "(929.25) +299.25")
    (item,) = read_kingsclub(split_lines(text), "kc")
    assert isinstance(item, ImportFormatError), item
    assert "netted +299.25, but the hand's actions account for +298.25" in str(item), item
    (cut,) = read_kingsclub(split_lines("\n".join(whole[:41])), "kc")
    assert isinstance(cut, ImportFormatError), cut
    assert "account for -270.00 (no line says who wins the pot: cut short?)" in str(cut), cut


# --- Merge ------------------------------------------------------------------------------------


def test_merge_collect_excludes_the_uncalled_bet_and_rake_is_derived(corpus_dir: Path) -> None:
    """Pot-limit hand 31274465-32: Hero raises to $0.60 over a $0.20 bet and wins "0.97", which
    includes the $0.40 nobody called: collected 57 cents, rake 3 (Merge prints no rake)."""
    path = corpus_dir / "merge/Badugi-PL-USD-0.05-0.10-201101.Sample.txt"
    h = only(list(read_merge(iter_lines(path), "m")))
    assert h.settings.structure.kind == "pot-limit"
    assert [s.player for s in of(h, SitOut)] == ["Player1", "Player2"]  # dealtin="false"
    assert [(c.player, c.amount) for c in of(h, Collect)] == [("Hero", 57)]
    assert [r.amount for r in of(h, RakeTaken)] == [3]
    hero = [d for d in of(h, Draw) if d.player == "Hero"]
    assert hero[0].discards == parse_cards("Jh 3s") and hero[0].received == parse_cards("Ah 6s")
    first_deal = next(i for i, e in enumerate(h.events) if isinstance(e, Deal))
    first_action = next(i for i, e in enumerate(h.events) if isinstance(e, Action))
    assert h.position(first_deal).line < h.position(first_action).line  # as the file has them
    assert replay_hand(h).violations == ()


def test_merge_a_fold_to_a_bet_before_the_last_round_hands_the_bet_back(corpus_dir: Path) -> None:
    """Hands 33423082-3, -4, -8 and -15 of the Merge 2-7 file (read as Badugi, as the other
    Merge tests do, without the hero's five 2-7 cards) end when a player folds to a $1 bet in
    the second of four betting rounds: the hand ends there, so that round is the last it plays,
    and the reader finds the bet in it.  Their winner amounts (``uncalled="false"``, as every
    corpus winner has it) include the bet handed back: -3's "4.80" is 380 collected, the $1
    returned and a rake of 20 (Merge's 1 cent in 20 of the $4 pot); the next hand's balance,
    $31.80 = $30 - $3 in + $1 back + $3.80, agrees, so no stack change is recorded."""
    path = corpus_dir / "merge/3-Draw-Limit-USD-1-2-201104.Multi.hand.sample.txt"
    lines = [x for x in iter_lines(path) if not x.lstrip().startswith("<cards ")]
    text = "\n".join(lines).replace('type="2-7 Lowball"', 'type="Badugi"')
    hands = {h.hand_id: h for h in read_merge(split_lines(text), "m") if isinstance(h, HandRecord)}
    assert len(hands) == 15
    folded = {"33423082-3": (380, 20), "33423082-4": (190, 10), "33423082-8": (190, 10)}
    folded["33423082-15"] = (380, 20)
    for hand_id, (collected, rake) in folded.items():
        h = hands[hand_id]
        bet, fold = of(h, Action)[-2:]
        assert (bet.verb, bet.amount, fold.verb) == ("bet", 100, "fold")
        assert len(of(h, Draw)) == 2  # one draw each before it: the second betting round
        assert [c.amount for c in of(h, Collect)] == [collected]
        assert [r.amount for r in of(h, RakeTaken)] == [rake]
        result = replay_hand(h)
        assert result.violations == () and result.payouts[bet.player] == collected
    assert not of(hands["33423082-4"], StackChange)


def test_merge_half_pot_limit_ante_game(corpus_dir: Path) -> None:
    path = corpus_dir / "merge/Badugi-HPL-USD-0.50-0.50-201104.Sample.txt"
    h = only(list(read_merge(iter_lines(path), "m")))
    assert h.settings.structure.kind == "half-pot-limit" and h.settings.ante == 50
    assert [p.kind for p in of(h, Post)] == ["ante", "ante", "ante"]
    result = replay_hand(h)
    assert result.payouts["Player3"] == 288 and result.rake == 12


def test_merge_cancelled_game_is_reported(corpus_dir: Path) -> None:
    """``GAME_CANCELLED`` (corpus: a 2-7 hand, skipped; read as Badugi: cancelled-hand)."""
    path = corpus_dir / "merge/3-Draw-PL-USD-0.05-0.10-201102.Cancelled.hand.txt"
    (skipped,) = read_merge(iter_lines(path), "m")
    assert isinstance(skipped, SkippedHand) and skipped.game == "2-7 Lowball"
    text = "\n".join(iter_lines(path)).replace('type="2-7 Lowball"', 'type="Badugi"')
    (item,) = read_merge(split_lines(text), "m")
    assert isinstance(item, ImportFormatError) and item.rule == "cancelled-hand"


# --- Winamax ----------------------------------------------------------------------------------


def test_winamax_triple_draw_is_skipped(corpus_dir: Path) -> None:
    for path in sorted((corpus_dir / "winamax").iterdir()):
        (item,) = read_winamax(iter_lines(path), path.name)
        assert isinstance(item, SkippedHand), item


def test_fulltilt_tournament_hands_are_refused_not_misread(corpus_dir: Path) -> None:
    """No Full Tilt tournament Badugi hand exists in the corpus, so none is guessed at: the cash
    sample with a tournament header is reported as unsupported (chips must not become cents)."""
    path = corpus_dir / "fulltilt/Badugi-USD-0.05-0.10-201011.Sample.Not.UTF16.txt"
    text = "\n".join(iter_lines(path)).replace(
        "Table Laurelvale - $0.05/$0.10", "$10 + $1 Sit & Go (123456), Table 1 - 10/20"
    )
    (item,) = read_fulltilt(split_lines(text), "t")
    assert isinstance(item, ImportFormatError) and item.rule == "unsupported-format"


def test_a_winamax_badugi_hand_is_reported_not_skipped(corpus_dir: Path) -> None:
    """The corpus's Winamax hands are skipped under their game's name, and one made a Badugi
    hand is ``unsupported-format``: the header pattern read no Winamax header at all, so every
    hand was skipped as an 'unknown game', a Badugi hand too, and its money went unseen."""
    path = corpus_dir / "winamax/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"
    (skipped,) = read_winamax(iter_lines(path), "w")
    assert isinstance(skipped, SkippedHand) and skipped.game == "2-7 Triple Draw fixed limit"
    assert skipped.hand_id == "9250793-388-1478989461"
    lines = list(iter_lines(path))
    lines[0] = lines[0].replace("2-7 Triple Draw fixed limit", "Badugi fixed limit")
    (error,) = read_winamax(lines, "w")
    assert isinstance(error, ImportFormatError) and error.rule == "unsupported-format"
    assert error.hand == "9250793-388-1478989461"


def test_a_winamax_badugi_hand_pasted_twice_is_reported_once_as_unsupported(
    corpus_dir: Path,
) -> None:
    """A Winamax 2-7 hand of the corpus made a Badugi hand, pasted twice: the first is
    ``unsupported-format``, the copy a copy (``duplicate-hand`` naming the first's line), not
    a second hand that cannot be imported; another hand under the same number (a line
    changed) is reported as unsupported as any."""
    path = corpus_dir / "winamax/Triple Draw 2-7-FL-6max-EUR-25-50-201611._8games_.txt"
    hand = [line for line in iter_lines(path) if line.strip()]
    hand[0] = hand[0].replace("2-7 Triple Draw fixed limit", "Badugi fixed limit")
    changed = [*hand[:-1], hand[-1] + " and more"]
    items = list(read_winamax([*hand, "", *hand, "", *changed], "w"))
    assert [(i.rule, i.position.line) for i in items if isinstance(i, ImportFormatError)] == [
        ("unsupported-format", 1),
        ("duplicate-hand", len(hand) + 2),
        ("unsupported-format", 2 * len(hand) + 3),
    ]
    assert "is written twice at this table (first at line 1)" in str(items[1])


def test_a_pokerstars_raise_whose_increment_contradicts_its_total_is_corrupt(
    corpus_dir: Path,
) -> None:
    """``buddyboy3399: raises $2.50 to $0.50`` (the cash file's line 34, written ``raises
    $0.25 to $0.50``): only the total was read, the increment passed unseen (site audit).
    A raise to $0.50 over the big blind's $0.25 is by $0.25; any other increment is text
    that contradicts itself."""
    from badugi_ledger.sites.pokerstars import read_pokerstars

    path = corpus_dir / "pokerstars/Badugi-USD-0.25-0.50-201009.txt"
    lines = list(iter_lines(path))
    assert lines[33] == "buddyboy3399: raises $0.25 to $0.50"
    lines[33] = "buddyboy3399: raises $2.50 to $0.50"
    first = next(iter(read_pokerstars(split_lines("\n".join(lines)), "ps")))
    assert isinstance(first, ImportFormatError) and first.rule == "corrupt-hand", first
    assert first.position.line == 34
    assert "raises 2.50 to 0.50, but the bet to raise was 0.25: a raise to 0.50 is by 0.25" in str(
        first
    )
