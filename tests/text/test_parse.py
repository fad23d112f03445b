"""The hand-history reader: what each line of the format becomes.

Rule sources named per test: ``000`` (blinds and heads-up order), ``002`` (Progressive Badugi
redeal and "with a Buy"), ``004`` (the Badacey hand), seeds README items 5 and 7.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from badugi_ledger.model.cards import Card
from badugi_ledger.model.errors import ParseError, Position
from badugi_ledger.model.events import (
    Action,
    Buy,
    CarryOut,
    Collect,
    Deal,
    Draw,
    FinalStack,
    HandRecord,
    Muck,
    Post,
    PotTotal,
    RakeTaken,
    Seat,
    Show,
    SitOut,
    StackChange,
)
from badugi_ledger.model.settings import GameSettings, HouseRules, RakeRule, Structure
from badugi_ledger.text.headers import implied_posts
from badugi_ledger.text.parse import parse_text
from badugi_ledger.text.reader import _Reader
from badugi_ledger.text.writer import without_positions
from tests.helpers.paths import REPO


def records(text: str, source: str = "t.bhh") -> list[HandRecord]:
    items = list(parse_text(text, source))
    errors = [str(i) for i in items if isinstance(i, ParseError)]
    assert not errors, errors
    return [i for i in items if isinstance(i, HandRecord)]


def one(text: str) -> HandRecord:
    (record,) = records(text)
    return record


def body(record: HandRecord) -> list[object]:
    """Events without the implied posts (the posts placed at the hand line)."""
    return [
        ev
        for i, ev in enumerate(record.events)
        if not (isinstance(ev, Post) and record.position(i) == record.pos)
    ]


HU = "hand 1 · button Anna · Anna 100 · Ben 100\n"
EXAMPLES = REPO / "examples"


def test_the_issue_sketch_reads_as_written() -> None:
    rec = one(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 12 · button Anna · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
        "Dan calls · Anna raises · Ben folds · Cara calls · Dan calls\n"
        "draw: Cara 1 · Dan 2 · Anna Qs 3c -> 8s 5c\n"
        "show: Anna 8s 6h 5c 3d · Cara mucks\n"
        "Anna collects 30\n"
    )
    assert rec.hand_id == "12" and rec.button == "Anna"
    assert rec.seats == tuple(Seat(n, 100) for n in ("Anna", "Ben", "Cara", "Dan"))
    assert rec.settings == GameSettings("badugi", Structure("fixed-limit", 2, 4), 1, 2)
    assert body(rec) == [
        Action("Dan", "call"),
        Action("Anna", "raise"),
        Action("Ben", "fold"),
        Action("Cara", "call"),
        Action("Dan", "call"),
        Draw("Cara", (None,), (None,)),
        Draw("Dan", (None, None), (None, None)),
        Draw("Anna", (Card(12, "s"), Card(3, "c")), (Card(8, "s"), Card(5, "c"))),
        Show("Anna", (Card(8, "s"), Card(6, "h"), Card(5, "c"), Card(3, "d"))),
        Muck("Cara"),
        Collect("Anna", 30),
    ]


def test_positions_are_file_line_column_of_each_entry() -> None:
    rec = one("# a comment\n\nhand 1 · button Anna · Anna 100 · Ben 100\nBen calls · Anna checks\n")
    assert rec.pos == Position("t.bhh", 3, 1)
    assert rec.events[-2:] == (Action("Ben", "call"), Action("Anna", "check"))
    assert tuple(rec.positions[-2:]) == (Position("t.bhh", 4, 1), Position("t.bhh", 4, 13))
    assert rec.position(len(rec.events) - 1) == Position("t.bhh", 4, 13)


def test_amounts_follow_the_to_total_convention() -> None:
    rec = one(
        HU + "Anna raises to 6 · Ben raises to 10 all-in · Anna calls 4\n"
        "Ben bets 4 · Anna calls all-in · Ben raises all-in\n"
    )
    assert body(rec) == [
        Action("Anna", "raise", 6),
        Action("Ben", "raise", 10, True),
        Action("Anna", "call", 4),
        Action("Ben", "bet", 4),
        Action("Anna", "call", None, True),
        Action("Ben", "raise", None, True),
    ]


def test_draw_forms_pat_count_cards_and_partial() -> None:
    rec = one(
        HU + "draw: Anna pat · Ben 0\n"
        "draw: Anna 2 -> 8s 5c · Ben Qs ?? -> ?? 4d\n"
        "draw: Anna Kd · Ben X -> 10♦\n"
    )
    ks, qs, ten = Card(13, "d"), Card(12, "s"), Card(10, "d")
    assert body(rec) == [
        Draw("Anna", (), ()),
        Draw("Ben", (), ()),
        Draw("Anna", (None, None), (Card(8, "s"), Card(5, "c"))),
        Draw("Ben", (qs, None), (None, Card(4, "d"))),
        Draw("Anna", (ks,), (None,)),
        Draw("Ben", (None,), (ten,)),
    ]


def test_ten_as_10_or_t_and_suits_as_letters_or_symbols() -> None:
    spellings = ["Td 10h ts 10C", "T♦ 10♥ t♠ 10♣", "td 10H TS 10♧", "T♢ 10♡ T♤ 10c"]
    expected = (Card(10, "d"), Card(10, "h"), Card(10, "s"), Card(10, "c"))
    for cards in spellings:
        rec = one(HU + f"deal: Anna {cards}\n")
        assert body(rec) == [Deal("Anna", expected)], cards


def test_crlf_bom_and_symbols_give_the_same_records_as_lf_and_letters() -> None:
    plain = (
        "game badugi · fixed limit 2/4 · blinds 1/2\n" + HU + "deal: Anna Qs 6h 3d 3c\n"
        "Anna calls · Ben checks\n"
    )
    fancy = "\ufeff" + plain.replace("Qs 6h 3d 3c", "Q♠ 6♥ 3♦ 3♣").replace("\n", "\r\n")
    fancy = fancy.replace(" · ", " ; ", 1)
    assert [without_positions(r) for r in records(fancy)] == [
        without_positions(r) for r in records(plain)
    ]
    assert records(fancy)[0].positions[-1] == records(plain)[0].positions[-1]


def test_crlf_and_bom_in_a_file(tmp_path: Path) -> None:
    from badugi_ledger.text.parse import parse_file

    path = tmp_path / "crlf.bhh"
    text = HU + "Anna calls · Ben checks\n"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode().replace(b"\n", b"\r\n"))
    (rec,) = list(parse_file(path))
    assert isinstance(rec, HandRecord)
    assert rec.events[-1] == Action("Ben", "check")
    assert rec.positions[-1] == Position(str(path), 2, 14)


def test_comments_blank_lines_and_many_hands() -> None:
    recs = records(
        "# club night\n\n"
        + HU
        + "   # an indented comment inside the hand\n\nAnna folds   # trailing comment\n\n"
        + "hand 2 · button Ben · Anna · Ben\nBen folds\n"
    )
    assert [r.hand_id for r in recs] == ["1", "2"]
    assert body(recs[0]) == [Action("Anna", "fold")]


def test_stacks_omitted_are_carried_and_seat_numbers_are_optional() -> None:
    rec = one("hand 3 · button Ben · 1 Anna · 4 Ben 120 · Cara\n")
    assert rec.seats == (Seat("Anna", None, 1), Seat("Ben", 120, 4), Seat("Cara", None, None))


def test_quoted_names_hold_spaces_keywords_quotes_and_emoji() -> None:
    rec = one(
        'hand 1 · button "Anna Maria" · "Anna Maria" 50 · "draw" 50 · "Ben \\"B\\"" 50 · "🂡x" 50\n'
        '"draw" calls · "Ben \\"B\\"" folds · "🂡x" folds · "Anna Maria" checks\n'
    )
    assert rec.players == ("Anna Maria", "draw", 'Ben "B"', "🂡x")
    assert [getattr(ev, "player", None) for ev in body(rec)] == [
        "draw",
        'Ben "B"',
        "🂡x",
        "Anna Maria",
    ]


def test_between_hand_changes_and_outcomes() -> None:
    rec = one(
        "hand 5 · button Anna · Anna · Ben · Cara 80\n"
        "Anna rebuys 100 · Ben tops up 20\nCara adds on 50 · Ben cashes out 10\nCara sits out\n"
        "Ben folds\n"
        "pot 3 · raked 1 · carry 2\nAnna collects 2 from side pot 1\nfinal: Anna 101 · Ben 98\n"
    )
    assert body(rec) == [
        StackChange("Anna", 100, "rebuy"),
        StackChange("Ben", 20, "top-up"),
        StackChange("Cara", 50, "add-on"),
        StackChange("Ben", 10, "cash-out"),
        SitOut("Cara"),
        Action("Ben", "fold"),
        PotTotal(3),
        RakeTaken(1),
        CarryOut(2),
        Collect("Anna", 2, "side pot 1"),
        FinalStack("Anna", 101),
        FinalStack("Ben", 98),
    ]


def test_implied_blinds_by_the_two_players_left_of_the_button() -> None:
    """000: the player to the dealer's left posts the small blind, the next the big blind."""
    rec = one("hand 1 · button Cara · Anna 100 · Ben 100 · Cara 100\nAnna calls\n")
    posts = [ev for ev in rec.events if isinstance(ev, Post)]
    assert posts == [Post("Anna", "small-blind"), Post("Ben", "big-blind")]
    assert rec.events.index(posts[0]) == 0
    assert rec.positions[:2] == (rec.pos, rec.pos) == (Position("t.bhh", 1, 1),) * 2


def test_implied_blinds_heads_up_the_button_posts_the_small_blind() -> None:
    """000: with only two players, the dealer puts in the small blind."""
    rec = one(HU)
    posts = [(p.player, p.kind) for p in rec.events if isinstance(p, Post)]
    assert posts == [("Anna", "small-blind"), ("Ben", "big-blind")]
    assert len(rec.events) == 2


def test_implied_posts_skip_sitting_out_players_and_follow_between_hand_changes() -> None:
    rec = one(
        "ante 1\nhand 1 · button Anna · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
        "Ben sits out\nDan rebuys 10\nCara calls\n"
    )
    kinds = [
        (type(ev).__name__, getattr(ev, "player", None), getattr(ev, "kind", None))
        for ev in rec.events
    ]
    assert kinds == [
        ("SitOut", "Ben", None),
        ("StackChange", "Dan", "rebuy"),
        ("Post", "Cara", "ante"),
        ("Post", "Dan", "ante"),
        ("Post", "Anna", "ante"),
        ("Post", "Cara", "small-blind"),
        ("Post", "Dan", "big-blind"),
        ("Action", "Cara", None),
    ]


def test_written_posts_replace_the_implied_ones_and_posts_none_means_none() -> None:
    rec = one(HU + "Anna posts sb 1 · Ben posts big blind 1 all-in · Anna posts dead 2\n")
    assert body(rec) == [
        Post("Anna", "small-blind", 1),
        Post("Ben", "big-blind", 1, True),
        Post("Anna", "dead", 2),
    ]
    assert len(rec.events) == 3
    no_posts = one(HU + "posts none\nAnna checks\n")
    assert no_posts.events == (Action("Anna", "check"),)
    assert no_posts.positions == (Position("t.bhh", 3, 1),)


def test_redeal_after_a_carried_pot_implies_no_posts_unless_the_house_says_so() -> None:
    """002 / seeds README item 5: blinds on a redeal are a house rule (default: none)."""
    night = (
        "game progressive badugi\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\ncarry 4\n"
        "hand 2 · button Ben · Anna · Ben\nAnna checks\n"
        "hand 3 · button Anna · Anna · Ben\nAnna folds\n"
    )
    first, redeal, after = records(night)
    assert not any(isinstance(ev, Post) for ev in redeal.events)
    assert any(isinstance(ev, Post) for ev in after.events)
    _, redeal_posted, _ = records("redeal-posts yes\n" + night)
    assert [ev.kind for ev in redeal_posted.events if isinstance(ev, Post)] == [
        "small-blind",
        "big-blind",
    ]
    # Another table's carried pot is not this table's redeal.
    other = records(
        "game progressive badugi\ntable A\nhand 1 · button Anna · Anna 100 · Ben 100\ncarry 4\n"
        "table B\nhand 2 · button Ben · Cara 10 · Ben 10\nBen folds\n"
    )
    assert any(isinstance(ev, Post) for ev in other[1].events)


def test_one_blind_only_is_posted_by_the_first_player_left_of_the_button() -> None:
    """A game with a big blind and no small blind (or the reverse): one forced bet, from the
    first player dealt in left of the button, heads-up too (the replay reads it the same)."""
    seats = (Seat("A"), Seat("B"), Seat("C"))
    for blinds, kind in (((0, 2), "big-blind"), ((1, 0), "small-blind")):
        s = GameSettings(small_blind=blinds[0], big_blind=blinds[1])
        assert [(p.player, p.kind) for p in implied_posts(s, seats, "A")] == [("B", kind)]
        assert [(p.player, p.kind) for p in implied_posts(s, seats[:2], "A")] == [("B", kind)]


def test_implied_posts_function_directly() -> None:
    seats = (Seat("A"), Seat("B"), Seat("C"))
    s = GameSettings(ante=2)
    assert [(p.player, p.kind) for p in implied_posts(s, seats, "B")] == [
        ("C", "ante"),
        ("A", "ante"),
        ("B", "ante"),
        ("C", "small-blind"),
        ("A", "big-blind"),
    ]
    assert implied_posts(s, seats, "B", ["A", "C"]) == ()


def test_every_header_item_sets_its_setting() -> None:
    rec = one(
        "game progressive badugi with a buy · fixed limit 3/6 · cap 5 · blinds 1/3 · ante 1\n"
        "rake 5% cap 3 always · currency USD\n"
        "odd-chip worst-seat · odd-chip-half five-card · heads-up-uncapped yes\n"
        "reshuffle all-discards · qualifier 10 · qualifier-pair-ok yes · redeal-posts yes\n"
        "buy-price 2 · max-seats 6 · half-bet-reopens no\n"
        'tournament Spring Cup · date 2024-04-12 · place "Kira\'s · back room" · season 2024\n'
        "buy-in 2000 · starting-chips 1500 · payouts 50/30/20 · table Final\n" + HU
    )
    s = rec.settings
    assert s.game == "progressive-badugi" and s.with_buy
    assert s.structure == Structure("fixed-limit", 3, 6, 5)
    assert (s.small_blind, s.big_blind, s.ante, s.currency) == (1, 3, 1, "USD")
    assert s.rake == RakeRule(5, 3, no_flop_no_drop=False)
    assert s.house == HouseRules(
        odd_chip="worst-seat",
        odd_chip_half="five-card",
        heads_up_uncapped=True,
        reshuffle="all-discards",
        qualifier_max=10,
        qualifier_pair_ok=True,
        redeal_posts=True,
        buy_price=2,
        max_seats=6,
        half_bet_reopens=False,
    )
    assert rec.session.kind == "tournament" and rec.session.name == "Spring Cup"
    assert rec.session.place == "Kira's · back room"
    assert (rec.session.date, rec.session.season) == ("2024-04-12", "2024")
    assert (rec.session.buy_in, rec.session.starting_chips) == (2000, 1500)
    assert rec.session.payouts == (50, 30, 20)
    assert rec.table == "Final"


def test_structures_pot_half_pot_no_and_spread_limit() -> None:
    kinds = {
        "pot limit": Structure("pot-limit"),
        "half-pot limit": Structure("half-pot-limit"),
        "no limit": Structure("no-limit"),
        "spread limit 2-10": Structure("spread-limit", spread_min=2, spread_max=10),
        "fixed limit 6/12": Structure("fixed-limit", 6, 12),
    }
    for text, structure in kinds.items():
        assert one(f"{text}\n" + HU).settings.structure == structure, text


def test_generic_house_item_sets_any_house_rule_by_name() -> None:
    rec = one("house odd-chip best-hand · house max_seats 5 · house redeal-posts yes\n" + HU)
    assert rec.settings.house.odd_chip == "best-hand"
    assert rec.settings.house.max_seats == 5 and rec.settings.house.redeal_posts


def test_a_header_line_ends_the_hand_before_it() -> None:
    recs = records(HU + "blinds 5/10\n" + HU.replace("hand 1", "hand 2") + "Anna folds\n")
    assert [r.settings.big_blind for r in recs] == [2, 10]
    assert [len(r.events) for r in recs] == [2, 3]  # hand 1 has only its implied blinds


def test_headers_between_hands_hold_for_every_later_hand() -> None:
    recs = records(
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\n"
        "hand 2 · button Ben · Anna · Ben\nBen folds\n"
        "# level 2\nfixed limit 4/8 · blinds 2/4\n"
        "hand 3 · button Ben · Anna · Ben\nBen folds\n"
        "hand 4 · button Anna · Anna · Ben\nAnna folds\n"
        "fixed limit 2/4 · blinds 1/2\n"
        "hand 5 · button Anna · Anna · Ben\nAnna folds\n"
    )
    bets = [(r.settings.structure.small_bet, r.settings.big_blind) for r in recs]
    assert bets == [(2, 2), (2, 2), (4, 4), (4, 4), (2, 2)]
    assert recs[0].settings is recs[1].settings  # unchanged settings are shared, not rebuilt
    assert recs[2].settings is recs[3].settings


def test_session_kind_starts_a_new_session_but_keeps_the_season() -> None:
    folds = HU + "Anna folds\n"
    recs = records(
        "season 2024\ntournament Cup · buy-in 500 · place Club\n"
        + folds
        + "cash Friday\n"
        + folds.replace("hand 1", "hand 2")
        + 'season ""\n'
        + folds.replace("hand 1", "hand 3")
    )
    assert (recs[0].session.kind, recs[0].session.buy_in, recs[0].session.season) == (
        "tournament",
        500,
        "2024",
    )
    second = recs[1].session
    assert (second.kind, second.buy_in, second.place) == ("cash", None, None)
    assert recs[1].session.season == "2024" and recs[2].session.season is None


def test_buy_entries_in_draw_lines_and_buy_lines() -> None:
    """002 "with a Buy": the face-up card replaced for a price (seeds README item 7)."""
    rec = one(
        "game progressive badugi with a buy · buy-price 2\n"
        + HU
        + "draw: Ben 1 · Anna buys Kd -> 4d\nbuy: Ben ?? -> 5s for 2\n"
    )
    assert body(rec) == [
        Draw("Ben", (None,), (None,)),
        Buy("Anna", Card(13, "d"), Card(4, "d")),
        Buy("Ben", None, Card(5, "s"), 2),
    ]


def test_the_004_badacey_hand_reads_with_every_card() -> None:
    (rec,) = records((EXAMPLES / "004_badacey.bhh").read_text(encoding="utf-8"))
    assert rec.settings.game == "badacey" and rec.settings.hand_size == 5
    deals = {ev.player: ev.cards for ev in rec.events if isinstance(ev, Deal)}
    assert deals["Noor"] == (Card(1, "d"), Card(2, "c"), Card(3, "s"), Card(13, "h"), Card(13, "s"))
    finals = {ev.player: ev.amount for ev in rec.events if isinstance(ev, FinalStack)}
    assert finals == {"Bram": 228, "Kira": 228, "Noor": 222, "Amara": 282}
    assert [(ev.player, ev.amount) for ev in rec.events if isinstance(ev, Collect)] == [
        ("Amara", 90),
        ("Noor", 30),
    ]


def test_record_keeps_its_source_text() -> None:
    rec = one(HU + "Anna folds   # gives up\n\n\n")
    assert rec.text == HU + "Anna folds   # gives up\n"
    assert rec.origin == "text"


def test_reading_streams_hand_by_hand() -> None:
    """A record is yielded before the rest of the input is read (memory stays flat)."""
    consumed: list[int] = []

    def blocks() -> Iterator[list[str]]:  # (the reader reads blocks of lines: text.lines)
        for i in range(100_000):
            consumed.append(i)
            yield [f"hand {i} · button Anna · Anna 100 · Ben 100\n"]
            yield ["Anna folds\n"]

    stream = _Reader("gen").read(blocks())
    first = next(stream)
    second = next(stream)
    assert isinstance(first, HandRecord) and first.hand_id == "0"
    assert isinstance(second, HandRecord) and second.hand_id == "1"
    assert len(consumed) <= 3


def test_plain_lines_read_without_lark_give_the_same_events() -> None:
    """Plain lines are read by the fast path (plainlines.PlainLines) instead of Lark: the
    records, positions included, must be exactly what Lark gives (more in test_parse_speed)."""
    text = (
        HU + "Anna calls · Ben checks\n"
        "draw:  Anna 2 ;Ben Qs ?? -> 8s 5c\n"
        "\tBen bets 4 ·  Anna raises to 8 ·Ben calls 4\n"
        "show: Anna 8s 6h 5c 3d · Ben mucks\nAnna collects 20 from main\n"
        "hand 2 · button Ben · Anna · Ben\n"
        "   Ben checks   ·    Anna calls\n"
        "draw Ben 2 · Anna 2\n"
        "\fAnna calls\n"
    )
    fresh = records(text)
    slow = list(parse_text(text, "t.bhh", fast=False))  # every line parsed by Lark
    assert slow == fresh
    assert [tuple(r.positions) for r in slow] == [tuple(r.positions) for r in fresh]
    assert fresh[1].positions[-1] == Position("t.bhh", 10, 2)


def test_a_hand_of_more_lines_than_any_hand_has_is_spoiled_and_not_held(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hand that runs on (a corrupt file, or a ``hand`` line missing: comments and lines by
    the million) is one ``hand-too-long`` error, its lines let go as they come (memory stays
    bounded), and the next hand is read as usual."""
    from badugi_ledger.text import reader as text_reader

    monkeypatch.setattr(text_reader, "MAX_HAND_LINES", 50)
    text = (
        "hand 1 · button A · A 100 · B 100\n"
        + "# a comment\nA folds\n" * 40
        + "\nhand 2 · button B · A · B\nB folds\nA collects 2\n"
    )
    first, second = parse_text(text, "long.bhh")
    assert isinstance(first, ParseError) and first.rule == "hand-too-long"
    assert first.hand == "1" and first.position.line == 1
    assert "has more than 50 lines" in first.message
    assert isinstance(second, HandRecord) and second.hand_id == "2"
    # Blank and comment lines may stand anywhere, any number: beyond the bound they are let go.
    blanks = "hand 1 · button A · A 100 · B 100\nA folds\nB collects 2\n" + "\n# c\n" * 60
    (record,) = parse_text(blanks, "long.bhh")
    assert isinstance(record, HandRecord)


@pytest.mark.parametrize(
    ("entry", "told"),
    [
        ("A rebuys 10", "rebuys, top-ups, add-ons, cash-outs and sitting out happen between"),
        ("carry in 6", "the carried-in pot is stated between hands"),
        ("missing hands", "'missing hands' is stated between hands"),
    ],
)
def test_a_between_hands_entry_after_the_play_is_told_what_it_is(entry: str, told: str) -> None:
    game = "game progressive badugi · fixed limit 2/4 · blinds 1/2\n"
    text = game + f"hand 1 · button A · A 100 · B 100\nA folds\n{entry}\nB collects 2\n"
    (error,) = parse_text(text, "t.bhh")
    assert isinstance(error, ParseError) and told in error.message
    assert error.position.line == 4
