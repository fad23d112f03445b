"""The stub, the reshuffle and what the recorder knows about the cards.

Sources: seeds README item 3 and ``001`` ("if the deck becomes depleted during a draw, the mucked
cards - excluding those just discarded by the current player - are shuffled together"), ``000``
and ``003`` (the discards are reshuffled: ``HouseRules.reshuffle = "all-discards"``), ``004``
("None of the discards reappears" when no reshuffle is needed).
"""

from __future__ import annotations

import pytest

from badugi_ledger.model.cards import parse_cards
from badugi_ledger.model.errors import IllegalAction, Position
from badugi_ledger.model.settings import GameSettings, HouseRules
from badugi_ledger.replay import replay_hand
from badugi_ledger.replay.draws import CardTracker
from tests.helpers.replay_builder import record

EIGHT = [f"P{i}" for i in range(1, 9)]  # P8 on the button: P1 small blind, P2 big blind
PREFLOP = ["P1 posts sb", "P2 posts bb", "P1 deal As ?? ?? ??", "P6 deal Kd ?? ?? ??"]
PREFLOP += [f"P{i} calls" for i in range(3, 9)] + ["P1 calls", "P2 checks"]
# Eight players hold 32 cards: the stub has 20, so five four-card draws empty it.
FIVE_DRAWS = ["P1 draws As ?? ?? ?? > ?? ?? ?? ??"] + [f"P{i} draws 4" for i in range(2, 6)]
EXCLUDE_OWN = GameSettings()
ALL_DISCARDS = GameSettings(house=HouseRules(reshuffle="all-discards"))


def rule(lines: list[str], settings: GameSettings = EXCLUDE_OWN) -> str:
    return refused(lines, settings).rule


def refused(lines: list[str], settings: GameSettings = EXCLUDE_OWN) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(EIGHT, "P8", lines, settings=settings))
    return err.value


def test_a_discard_cannot_come_back_before_a_reshuffle() -> None:
    """``004``: with cards left in the stub, a discarded card is out of play."""
    lines = PREFLOP + ["P1 draws As ?? ?? ?? > ?? ?? ?? ??", "P2 draws ?? > As"]
    assert rule(lines) == "duplicate-card"


def test_after_the_reshuffle_earlier_discards_are_back_in_play() -> None:
    """``001``: P6 finds the stub empty; the 20 discards are reshuffled, so P1's ace of spades
    can be dealt to P6 - but not P6's own king of diamonds under the default rule."""
    served = PREFLOP + FIVE_DRAWS + ["P6 draws Kd ?? ?? ?? > As ?? ?? ??"]
    assert rule(served) == "hand-incomplete"  # legal so far
    own = PREFLOP + FIVE_DRAWS + ["P6 draws Kd ?? ?? ?? > Kd ?? ?? ??"]
    assert refused(own).message == (
        "P6 gets Kd, but P6 threw Kd in this draw, and the reshuffle that served him leaves "
        "out his own discards (seeds README item 3, rule exclude-own)"
    )
    # Kd, left out of the reshuffle, is still dead for the next player.
    assert refused(
        [*served[:-1], "P6 draws Kd ?? ?? ?? > As ?? ?? ??", "P7 draws ?? > Kd"]
    ).message == (
        "P7 gets Kd, but Kd was already discarded in this hand and has not been reshuffled "
        "since (seeds README item 3)"
    )
    # 000/003 (all discards reshuffled): the player may get their own card back.
    assert rule(own, ALL_DISCARDS) == "hand-incomplete"


def test_reshuffle_is_noted() -> None:
    lines = PREFLOP + FIVE_DRAWS + ["P6 draws 4", "P7 pat", "P8 pat"]
    lines += [f"P{i} checks" for i in range(1, 9)]
    lines += [f"P{i} pat" for i in range(1, 9)] + [f"P{i} checks" for i in range(1, 9)]
    lines += [f"P{i} pat" for i in range(1, 9)] + [f"P{i} checks" for i in range(1, 9)]
    lines += [f"P{i} mucks" for i in range(1, 8)]
    result = replay_hand(record(EIGHT, "P8", lines))
    assert dict(result.payouts) == {"P8": 16}
    assert any("stub ran out when P6 drew 4" in note for note in result.notes)


def test_stub_exhausted_even_after_a_reshuffle() -> None:
    """If even the reshuffled discards cannot serve a draw, the history is impossible.  With
    a 52-card deck this needs more cards in the players' hands than a legal deal allows, so
    the guard is exercised on the tracker directly."""
    tracker = CardTracker(4, ["A", "B"], "exclude-own")
    tracker.stub, tracker.pool = 1, 1
    pos = Position("test", 3, 1)
    with pytest.raises(IllegalAction) as err:
        tracker.draw("A", (None, None, None), (None, None, None), pos)
    assert err.value.rule == "stub-exhausted"
    assert "1 card is left in the stub and 1 discard can be reshuffled" in err.value.message
    tracker = CardTracker(4, ["A", "B"], "all-discards")
    tracker.stub, tracker.pool = 1, 1
    tracker.draw("A", (None, None, None), (None, None, None), pos)  # 1 + 1 + own 3 >= 3
    assert tracker.stub == 2


def test_partly_known_holdings() -> None:
    """Unknown cards never fail a rule; a known card discarded must fit the holding."""
    tracker = CardTracker(4, ["A", "B"], "exclude-own")
    pos = Position("test", 1, 1)
    tracker.deal("A", parse_cards("As 2h"), pos)  # two known, two unseen
    tracker.draw("A", parse_cards("Kd Qc"), parse_cards("3c 4d"), pos)  # were the unseen two
    with pytest.raises(IllegalAction) as err:
        tracker.draw("A", parse_cards("Jc"), parse_cards("??"), pos)  # no unseen card left
    assert err.value.rule == "discard-not-held"
    assert tracker.show("A", parse_cards("As 2h 3c 4d"), pos) == tuple(parse_cards("As 2h 3c 4d"))
    with pytest.raises(IllegalAction) as err:
        tracker.deal("B", parse_cards("3c"), pos)
    assert err.value.rule == "duplicate-card"


def test_the_tracker_hands_out_cards_and_names_where_a_duplicate_is() -> None:
    """The tracker keeps card indices inside; what leaves it are cards (``hold``,
    ``known_hand``, ``show``) and messages naming the card and where it is (``001``: a card
    is in one place at a time)."""
    pos = Position("test", 3, 1)
    tracker = CardTracker(4, ["A", "B"], "exclude-own")
    tracker.deal("A", parse_cards("As 2d 3h 4c"), pos)
    tracker.deal("B", parse_cards("Ks ??"), pos)
    assert tracker.hold == {
        "A": list(parse_cards("As 2d 3h 4c")),
        "B": [*parse_cards("Ks"), None, None, None],
    }
    assert tracker.known_hand("A") == parse_cards("As 2d 3h 4c")
    assert tracker.known_hand("B") is None
    tracker.draw("A", parse_cards("4c"), parse_cards("5c"), pos)
    with pytest.raises(IllegalAction) as err:
        tracker.draw("B", parse_cards("??"), parse_cards("2d"), pos)
    assert err.value.message == "B gets 2d, but 2d is already in A's hand"
    with pytest.raises(IllegalAction) as err:
        tracker.draw("B", parse_cards("??"), parse_cards("4c"), pos)
    assert err.value.message == (
        "B gets 4c, but 4c was already discarded in this hand, and the stub has not run out: "
        "a discard comes back only when the discards are reshuffled (seeds README item 3)"
    )
    assert tracker.show("A", parse_cards("5c 3h 2d As"), pos) == parse_cards("5c 3h 2d As")


def test_showing_one_card_of_four_says_one_card() -> None:
    tracker = CardTracker(4, ["A", "B"], "exclude-own")
    with pytest.raises(IllegalAction) as err:
        tracker.show("A", (None,), Position("test", 9, 1))
    assert (err.value.rule, err.value.message) == ("show-count", "A shows 1 card, but holds 4")


def test_a_folded_hand_reshuffled_to_another_player_may_be_shown_after_folding() -> None:
    """A folded player's show is checked against the hand he folded; his cards never seen
    went into the reshuffle, so the king of spades P7 is dealt after it may be one of them:
    P3 showing it after folding is the record of what he held, not a card another holds
    (``001``: the mucked cards are shuffled together).  Without the reshuffle it is."""
    preflop = ["P1 posts sb", "P2 posts bb", "P3 folds", *[f"P{i} calls" for i in range(4, 9)]]
    preflop += ["P1 calls", "P2 checks"]
    draws = [f"P{i} draws 4" for i in (1, 2, 4, 5, 6)]  # the 20 cards of the stub

    def hand(first_draw: list[str]) -> list[str]:
        lines = [*preflop, *first_draw, "P8 pat"]
        lines += [f"P{i} checks" for i in (1, 2, 4, 5, 6, 7, 8)]
        for _ in range(2):
            lines += [f"P{i} pat" for i in (1, 2, 4, 5, 6, 7, 8)]
            lines += [f"P{i} checks" for i in (1, 2, 4, 5, 6, 7, 8)]
        lines += [f"P{i} mucks" for i in (1, 2, 4, 5, 6)] + ["P7 shows Ks ?? ?? ??", "P8 mucks"]
        return [*lines, "P3 shows Ks ?? ?? ??"]

    reshuffled = hand([*draws, "P7 draws ?? ?? ?? ?? > Ks ?? ?? ??"])
    shown = replay_hand(record(EIGHT, "P8", reshuffled))
    assert [w.rule for w in shown.warnings] == ["show-after-fold"], shown.warnings
    not_reshuffled = hand([f"P{i} draws 1" for i in (1, 2, 4, 5, 6)] + ["P7 draws ?? > Ks"])
    assert rule(not_reshuffled) == "show-not-held"


UNNAMED_THROW = """\
game badugi · fixed limit 2/4 · blinds 1/2

hand 1 · button Anna · Anna 100 · Ben 100
deal: Ben ?? Qh 3d ?? · Anna ?? 6d Ts Jh
Anna calls · Ben checks
draw: Ben ?? ?? -> 5c 7h · Anna Jh -> 4s
Ben checks · Anna checks
draw: Ben ?? -> {second} · Anna Ts -> 5d
"""


def _second_draw(second: str) -> list[tuple[int, str, str]]:
    from badugi_ledger.replay import replay_stream
    from badugi_ledger.text.parse import parse_text

    (outcome,) = replay_stream(parse_text(UNNAMED_THROW.format(second=second), "night.bhh"))
    return [(e.pos.line, e.rule, e.message) for e in outcome.errors]


def test_a_known_card_thrown_unnamed_is_dead_until_a_reshuffle() -> None:
    """Ben was dealt the 3d and threw two cards the record does not name: the 3d is still in
    his hand or it is in the discards, and heads-up the stub (44 cards) never runs out, so
    nobody is served it again (``004``: "None of the discards reappears" without a
    reshuffle; seeds README item 3: only a reshuffle brings a discard back).  It was
    forgotten, and Ben served the 3d in the next draw was accepted."""
    assert _second_draw("3d") == [
        (
            8,
            "duplicate-card",
            "Ben gets 3d, but 3d was in Ben's hand when he threw cards the record does not "
            "name: it is still there or discarded, and has not been reshuffled since (seeds "
            "README item 3)",
        )
    ]
    # A card nobody is known to hold is served as before.
    assert [rule for _, rule, _ in _second_draw("3s")] == ["hand-incomplete"]


def test_a_known_card_thrown_unnamed_is_left_out_of_the_reshuffle_that_serves_its_holder() -> None:
    """``001``: the reshuffle leaves out "those just discarded by the current player".  P6 holds
    the Kd and throws one card the record does not name when the stub is empty: the Kd is his
    or that discard, so neither he nor P7 after him is served it.  A known card P1 may have
    thrown unnamed in an earlier turn may be among the reshuffled discards: P6 may get it."""
    empty = PREFLOP + FIVE_DRAWS
    assert refused([*empty, "P6 draws ?? > Kd"]).message == (
        "P6 gets Kd, but Kd was in P6's hand when he threw cards the record does not name: "
        "it is still there or one of his discards of this draw, which the reshuffle that "
        "served him leaves out (seeds README item 3, rule exclude-own)"
    )
    assert rule([*empty, "P6 draws ?? > 2c", "P7 draws ?? > Kd"]) == "duplicate-card"
    earlier = ["P1 draws ?? > ??"] + [f"P{i} draws 4" for i in range(2, 6)]
    assert rule(PREFLOP + [*earlier, "P6 draws ?? ?? ?? ?? > As ?? ?? ??"]) == "hand-incomplete"


def test_a_card_nobody_placed_fits_only_where_a_known_card_thrown_unnamed_cannot_be() -> None:
    """Cara's four cards are known; she throws one the record does not name and is served
    6h, so three of her cards are three of Th 2s Jh 3d.  She cannot discard the 5c, nor show
    it (seeds README item 3: a card is in one place at a time); one of her own she may."""
    text = """\
game badugi · fixed limit 2/4 · blinds 1/2

hand 1 · button Ben · Anna 100 · Ben 100 · Cara 100
deal: Cara Th 2s Jh 3d
Ben calls · Cara calls · Anna checks
draw: Cara ?? -> 6h · Anna 1 · Ben 1
Cara checks · Anna checks · Ben checks
draw: Cara {discard} -> ?? · Anna pat · Ben pat
"""
    from badugi_ledger.replay import replay_stream
    from badugi_ledger.text.parse import parse_text

    def errors(discard: str) -> list[tuple[int, str, str]]:
        (outcome,) = replay_stream(parse_text(text.format(discard=discard), "night.bhh"))
        return [(e.pos.line, e.rule, e.message) for e in outcome.errors]

    assert errors("5c") == [
        (
            8,
            "discard-not-held",
            "Cara discards 5c, but holds 6h and 3 unseen cards, 3 of them among 2s 3d Th Jh, "
            "which he held when he threw cards the record does not name",
        )
    ]
    assert [rule for _, rule, _ in errors("Jh")] == ["hand-incomplete"]


def test_a_folded_player_cannot_show_a_card_another_may_have_thrown_unnamed() -> None:
    """Cara was dealt the Th and threw a card the record does not name: the Th is hers or in
    the discards, never in the hand Anna folded (no reshuffle since; seeds README item 3: a
    card is in one place at a time), as it is refused to a live player.  A card nobody is
    known to hold Anna may show after folding."""
    text = """\
game badugi · fixed limit 2/4 · blinds 1/2

hand 1 · button Ben · Anna 100 · Ben 100 · Cara 100
deal: Cara Th 2s Jh 3d
Ben calls · Cara calls · Anna checks
draw: Cara ?? -> 6h · Anna 1 · Ben 1
Cara bets · Anna folds · Ben calls
draw: Cara pat · Ben pat
Cara checks · Ben checks
draw: Cara pat · Ben pat
Cara checks · Ben checks
show: Cara ?? ?? ?? 6h · Ben ?? ?? ?? ??
show: Anna {card} ?? ?? ??
"""
    from badugi_ledger.replay import replay_stream
    from badugi_ledger.text.parse import parse_text

    def errors(card: str) -> list[tuple[int, str, str]]:
        (outcome,) = replay_stream(parse_text(text.format(card=card), "night.bhh"))
        return [(e.pos.line, e.rule, e.message) for e in outcome.errors]

    assert errors("Th") == [
        (
            13,
            "show-not-held",
            "Anna shows Th after folding, but when he folded (line 7) Th was in Cara's hand or "
            "discarded (line 6) (seeds README item 3: a card is in one place at a time)",
        )
    ]
    assert [rule for _, rule, _ in errors("5c")] == ["pot-undetermined"]
