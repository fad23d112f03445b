"""Pot rules that ordinary play seldom reaches, each on a hand that shows it: a hand whose pots
partly carry, and chips folded players put in above every all-in level.

``001``: a player wins from each opponent only what his own chips match; ``002``: a carried pot
"goes to the winner of the next pot that is won", and a redeal is "dealt to every player at the
table" (README, house rules: a player with no chips is dealt in when his chips are in the
carried pot).
"""

from __future__ import annotations

from badugi_ledger.replay import replay_stream
from badugi_ledger.text.parse import parse_text

PARTLY_CARRIED = """\
game progressive badugi · no limit · blinds 1/2
qualifier 9 · redeal-posts no

hand 1 · button Al · Al 50 · Bo 50 · Cy 10 · Di 15
Di folds · Al raises to 10 · Bo calls 9 · Cy calls 8 all-in
draw: Bo pat · Cy pat · Al pat
Bo checks · Al checks
draw: Bo pat · Cy pat · Al pat
Bo checks · Al checks
draw: Bo pat · Cy pat · Al pat
Bo checks · Al checks
show: Bo Kh 8s 4d 2c · Cy Qd Jc Th 9s · Al Kd Qc Jh Ts
carry 30

hand 2 · button Bo · Al · Bo · Cy · Di
Di bets 15 all-in · Al calls 15 · Bo calls 15
draw: Cy pat · Di pat · Al pat · Bo pat
Al bets 10 · Bo calls 10
draw: Cy pat · Di pat · Al pat · Bo pat
Al checks · Bo checks
draw: Cy pat · Di pat · Al pat · Bo pat
Al checks · Bo checks
show: Cy Kc Qh Jd 5s · Di 8c 6d 4h 2s · Al Ks Qs Js Tc · Bo Kh Qd Jc 9d
Di collects 75
carry 20

hand 3 · button Cy · Al · Bo · Cy · Di
Di checks · Al checks · Bo checks
draw: Di pat · Al pat · Bo pat · Cy pat
Di checks · Al checks · Bo checks
draw: Di pat · Al pat · Bo pat · Cy pat
Di checks · Al checks · Bo checks
draw: Di pat · Al pat · Bo pat · Cy pat
Di checks · Al checks · Bo checks
show: Di Kc Qh Jd Ts · Al Ks Qs Js Tc · Bo Kh Qd Jc 9d · Cy 5c 4d 3h 2s
Cy collects 20
"""


def test_002_a_pot_won_takes_the_carried_pot_and_its_stakes_with_it() -> None:
    """Hand 1 carries 30, Cy's chips among them; in hand 2 Di wins the main pot (with the 30)
    and side 1, while side 2 (Al's and Bo's 20) carries.  The 20 holds none of Cy's chips, so
    Cy, with none, is not dealt into hand 3 and cannot take it."""
    one, two, three = replay_stream(parse_text(PARTLY_CARRIED, "night.bhh"))
    assert one.ok and two.ok, (one.errors, two.errors)
    assert two.result is not None and two.result.payouts == {"Di": 75}
    assert two.result.carry_out == 20 and "Cy" not in two.result.carry_stakes
    assert [e.rule for e in three.errors] == ["not-dealt-in"], three.errors


FOLDED_ABOVE_ALL_IN = """\
game badugi · no limit · blinds 1/2

hand 1 · button Fox · Fox 20 · Xu 5 · Yan 12 · Gil 20
Gil raises to 20 all-in · Fox calls 20 all-in · Gil folds · Fox folds
Xu calls 4 all-in · Yan calls 10 all-in
draw: Xu pat · Yan pat
draw: Xu pat · Yan pat
draw: Xu pat · Yan pat
show: Xu 4d 3c 2s Ah · Yan Kc Qd Jh Ts
"""


def test_001_chips_folded_above_every_all_in_go_to_the_last_pot() -> None:
    """Gil and Fox put in 20 each and fold while all-in (a site's sitting-out fold); Xu is
    all-in for 5, Yan for 12.  Xu's best hand wins only what his 5 match from each of the four
    (the main pot, 20); the rest, Yan's 7 and the 15 of each folded player above Xu's level,
    is the last pot's, Yan's (37), never the main pot's."""
    (hand,) = replay_stream(parse_text(FOLDED_ABOVE_ALL_IN, "night.bhh"))
    assert hand.result is not None
    assert dict(hand.result.payouts) == {"Xu": 20, "Yan": 37}
    assert [p.amount for p in hand.result.pots] == [20, 37]


ANTE_NOBODY_MATCHED = """\
game badugi · no limit · blinds 1/2 · ante 2

hand 1 · button Al · Al 1 · Bo 5 · Cy 1
deal: Al 6h 7s 6c 4h · Bo Kd Qd Jd Td · Cy Kc 9s Ad 7h
{bo}draw: Bo pat · Cy pat · Al pat
draw: Bo pat · Cy pat · Al pat
draw: Bo pat · Cy pat · Al pat
show: Cy Kc 9s Ad 7h · Al 6h 7s 6c 4h · Bo Kd Qd Jd Td
Cy collects 3 · Bo collects 1
final: Al 0 · Bo 4 · Cy 3
"""


def test_001_an_ante_nobody_matched_goes_back_to_its_player() -> None:
    """Al and Cy are all-in for an ante of 1; Bo antes 2 and posts the small blind.  Nobody
    can play against Bo (``000``, ``001``: a round ends when nobody still in can play against
    another), so no betting round has an action of his.  Cy's best hand wins only what his 1
    chip matches from each player (``001``; README, house rules: a player all-in for the ante
    contests only what his chips match of the others' antes): 3.  Bo's small blind goes back
    as an uncalled bet and the ante chip nobody matched is a pot of his own: Bo ends with 4.
    A fold or a call of Bo's there is an action after the round is over."""
    (hand,) = replay_stream(parse_text(ANTE_NOBODY_MATCHED.format(bo=""), "night.bhh"))
    assert hand.ok, hand.errors
    assert hand.result is not None
    assert dict(hand.result.payouts) == {"Cy": 3, "Bo": 1}
    assert dict(hand.result.final_stacks) == {"Al": 0, "Bo": 4, "Cy": 3}
    for action in ("Bo folds", "Bo calls 1"):
        text = ANTE_NOBODY_MATCHED.format(bo=action + "\n")
        (acted,) = replay_stream(parse_text(text, "night.bhh"))
        assert [(e.rule, e.pos.line) for e in acted.errors] == [("turn-order", 5)], acted.errors
        assert "nobody can play against Bo" in acted.errors[0].message
