"""A card is where the record puts it only if a deck could have put it there: a new stub holds
the discards it took back and a few other cards, and a folded hand holds no card that was
elsewhere while it was held.

Sources: ``000`` ("If the draw pile runs out, the dealer shuffles the discarded cards into a new
draw pile"; a player who folds puts his cards away), ``001`` ("the mucked cards - excluding those
just discarded by the current player - are shuffled together with any remaining cards to form a
new deck"), ``004`` ("None of the discards reappears" without a reshuffle) and seeds README item
3 (a card is in one place at a time).
"""

from __future__ import annotations

from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text

EIGHT = "hand 1 · button P8 · " + " · ".join(f"P{i} 100" for i in range(1, 9))
CALLS = "P3 calls · P4 calls · P5 calls · P6 calls · P7 calls · P8 calls · P1 calls · P2 checks"


def errors(text: str) -> list[tuple[int, str, str]]:
    """The hand's errors (line, rule, message); warnings left out."""
    (outcome,) = replay_stream(parse_text(text, "night.bhh"))
    return [(e.pos.line, e.rule, e.message) for e in outcome.errors]


def rules(text: str) -> list[str]:
    return [rule for _, rule, _ in errors(text)]


# --- a new stub of named discards --------------------------------------------------------------

NAMED = "P1 As 2s 3s 4s · P2 5s 6s 7s 8s · P3 9s Ts Js Qs · P4 Ks Ah 2h 3h · P5 {p5}"


def new_stub(served: str, *, reshuffle: str = "", p5: str = "4h 5h 6h 7h") -> str:
    """Eight players hold 32 cards; P1 to P5 draw the stub's 20, naming every discard; P6 throws
    one card the record does not name and the stub is empty: the discards are reshuffled and
    P6 is served ``served``."""
    return (
        f"game badugi · fixed limit 2/4 · blinds 1/2{reshuffle}\n\n{EIGHT}\n{CALLS}\n"
        f"draw: {NAMED.format(p5=p5)} · P6 ?? -> {served} · P7 pat · P8 pat\n"
    )


def test_a_card_served_from_a_stub_of_named_discards_is_one_of_them() -> None:
    """``001``: the new stub is the mucked cards but P6's own and the stub's last cards (none).
    Every discard but P6's is named, so the 8h, none of them, was in a player's hand (or is
    P6's own discard, left out): no deck serves it.  It was accepted."""
    assert errors(new_stub("8h")) == [
        (
            5,
            "duplicate-card",
            "P6 gets 8h, but the stub the discards were reshuffled into when P6 drew 1 (line 5) "
            "held the 20 known discards it took back and 0 other cards (the 0 left in the stub "
            "and 0 dead cards the record does not name); 8h, none of those discards, was in a "
            "player's hand or left out of the reshuffle (seeds README item 3; 001: the mucked "
            "cards are shuffled together with any remaining cards to form a new deck)",
        )
    ]
    # One of the discards it took back: legal (the record stops after the draw).
    assert rules(new_stub("As")) == ["hand-incomplete"]


def test_a_stub_with_discards_the_record_does_not_name_may_serve_any_card_nobody_holds() -> None:
    """Legal: with P5's four discards not named, the 8h may be one of them; under
    ``all-discards`` (``000``, ``003``: the discards are reshuffled) it may be P6's own."""
    assert rules(new_stub("8h", p5="4")) == ["hand-incomplete"]
    assert rules(new_stub("8h", reshuffle=" · reshuffle all-discards")) == ["hand-incomplete"]


def test_each_card_from_outside_the_discards_takes_one_of_the_stubs_other_cards() -> None:
    """P5 throws one card the record does not name: the new stub holds one card besides the
    named discards, so P6 may be served one card nobody holds, not two."""
    p5 = "4h 5h 6h ?? -> ?? ?? ?? ??"
    assert rules(
        new_stub("8h", p5=p5).replace("P6 ?? ->", "P6 ?? ?? ->").replace("-> 8h", "-> 8h As")
    ) == ["hand-incomplete"]
    ((line, rule, message),) = errors(
        new_stub("8h", p5=p5).replace("P6 ?? ->", "P6 ?? ?? ->").replace("-> 8h", "-> 8h 9h")
    )
    assert (line, rule) == (5, "duplicate-card")
    assert message.startswith(
        "P6 gets 9h, but the stub the discards were reshuffled into when P6 drew 2 (line 5) "
        "held the 19 known discards it took back and 1 other card (the 0 left in the stub and "
        "1 dead card the record does not name), dealt already: 8h to P6 (line 5); 9h"
    )


# --- a hand folded before a reshuffle --------------------------------------------------------


def folded_before_a_reshuffle(shown: str, showdown: str = "") -> str:
    """P3 folds before the draw; P1, dealt the Kd, keeps it to the showdown.  P2 and P4 to P7
    draw the stub's 20 cards and P8 one more: the discards, P3's folded hand with them, are
    reshuffled.  P3 then shows ``shown`` after folding (``showdown``: the showdown's lines
    instead)."""
    checks = "P1 checks · P2 checks · P4 checks · P5 checks · P6 checks · P7 checks · P8 checks"
    pats = "draw: " + " · ".join(f"P{i} pat" for i in (1, 2, 4, 5, 6, 7, 8))
    mucks = " · ".join(f"P{i} mucks" for i in (2, 4, 5, 6, 7, 8))
    return (
        f"game badugi · fixed limit 2/4 · blinds 1/2\n\n{EIGHT}\ndeal: P1 Kd ?? ?? ??\n"
        f"{CALLS.replace('P3 calls', 'P3 folds')}\n"
        "draw: P1 pat · P2 4 · P4 4 · P5 4 · P6 4 · P7 4 · P8 1\n"
        f"{checks}\n{pats}\n{checks}\n{pats}\n{checks}\n"
        + (showdown or f"show: P1 Kd ?? ?? ?? · {mucks}\nshow: P3 {shown}\n")
        + "P1 collects 14\n"
    )


def test_a_hand_folded_before_a_reshuffle_held_no_card_another_held_then() -> None:
    """P1 held the Kd from the deal on, so P3's folded hand never held it, whatever the
    reshuffle after it did with P3's cards.  It was accepted once a reshuffle came after the
    fold (a warning, ``show-after-fold``)."""
    assert errors(folded_before_a_reshuffle("Kd ?? ?? ??")) == [
        (
            13,
            "show-not-held",
            "P3 shows Kd after folding, but when he folded (line 5) Kd was in P1's hand (line "
            "4) (seeds README item 3: a card is in one place at a time)",
        )
    ]
    # A card nobody is known to have held: his show stands (a warning only).
    assert errors(folded_before_a_reshuffle("2c ?? ?? ??")) == []


def test_a_card_shown_after_folding_was_dead_until_the_reshuffle_after_the_fold() -> None:
    """P3 shows the 2c after folding: it was in his folded hand, dead until the reshuffle when
    P8 drew, so P2, whose cards were all dealt before it, does not hold it; P8, served from
    the new stub, may (``001``: the mucked cards are shuffled together).  P2's show was
    accepted."""

    def showdown(player: str) -> str:
        others = " · ".join(f"P{i} mucks" for i in (2, 4, 5, 6, 7, 8) if f"P{i}" != player)
        return f"show: P3 2c ?? ?? ?? · P1 Kd ?? ?? ?? · {player} 2c ?? ?? ?? · {others}\n"

    ((line, rule, message),) = errors(folded_before_a_reshuffle("", showdown("P2")))
    assert (line, rule) == (12, "duplicate-card")
    assert message.startswith(
        "P2 shows 2c, but 2c was a dead card until the discards were reshuffled when P8 drew 1"
    )
    assert errors(folded_before_a_reshuffle("", showdown("P8"))) == []


# --- a known discard shown by a player who folded -----------------------------------------

HEADS = """\
game badugi · fixed limit 2/4 · blinds 1/2

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
deal: Anna Kd 2c 3h 4s
{preflop}
draw: {first}
{second_round}
draw: Cara 1 · Anna pat
Cara checks · Anna checks
draw: Cara 1 · Anna pat
Cara checks · Anna checks
show: {shows}
Anna collects {pot}
"""


def three_handed(*, ben_folds_first: bool, shows: str) -> str:
    """Anna throws the Kd in the first draw; Ben folds before it (``ben_folds_first``) or
    after it; no reshuffle (the stub holds 40 cards)."""
    if ben_folds_first:
        return HEADS.format(
            preflop="Anna calls · Ben folds · Cara checks",
            first="Cara 1 · Anna Kd -> 5d",
            second_round="Cara checks · Anna bets · Cara calls",
            shows=shows,
            pot=9,
        )
    return HEADS.format(
        preflop="Anna calls · Ben calls · Cara checks",
        first="Ben 1 · Cara 1 · Anna Kd -> 5d",
        second_round="Ben checks · Cara checks · Anna bets · Ben folds · Cara calls",
        shows=shows,
        pot=10,
    )


def test_a_folded_hand_holds_no_card_discarded_before_the_fold() -> None:
    """``004``: a discard does not reappear without a reshuffle.  Anna's Kd went to the
    discards before Ben folded: it is not in his folded hand.  It was accepted (a warning)."""
    text = three_handed(
        ben_folds_first=False, shows="Anna 5d 2c 3h 4s · Cara mucks · Ben Kd ?? ?? ??"
    )
    assert errors(text) == [
        (
            12,
            "show-not-held",
            "Ben shows Kd after folding, but when he folded (line 7) Kd had gone to the "
            "discards (line 6) (seeds README item 3: a card is in one place at a time)",
        )
    ]
    shown = "Anna 5d 2c 3h 4s · Cara mucks · Ben 9c ?? ?? ??"
    assert errors(three_handed(ben_folds_first=False, shows=shown)) == []


def test_a_folded_hand_holds_no_card_another_held_and_discarded_after_the_fold() -> None:
    """Anna held the Kd when Ben folded, and threw it after: it was never his.  It was
    accepted (a warning)."""
    text = three_handed(
        ben_folds_first=True, shows="Anna 5d 2c 3h 4s · Cara mucks · Ben Kd ?? ?? ??"
    )
    assert errors(text) == [
        (
            12,
            "show-not-held",
            "Ben shows Kd after folding, but after he folded (line 5) Kd went to the discards "
            "(line 6), while the cards he folded were dead (seeds README item 3: a card is in "
            "one place at a time)",
        )
    ]


def test_a_card_shown_after_folding_is_nobody_elses_shown_after_it() -> None:
    """The order of the shows does not matter: Ben shows the 9c after folding, so Cara, still
    in and holding her cards since before he folded, does not hold it (no reshuffle).  It was
    accepted, Cara's show being checked against nothing Ben showed."""
    shows = "Ben 9c ?? ?? ?? · Anna 5d 2c 3h 4s · Cara 9c ?? ?? ??"
    ((line, rule, _),) = errors(three_handed(ben_folds_first=False, shows=shows))
    assert (line, rule) == (12, "duplicate-card")
    shows = "Ben 9c ?? ?? ?? · Anna 5d 2c 3h 4s · Cara 8c ?? ?? ??"
    assert errors(three_handed(ben_folds_first=False, shows=shows)) == []
