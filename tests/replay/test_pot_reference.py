"""An independent reference for side pots, split halves, ties and odd chips, against the engine.

Hypothesis plays random no-limit Badugi and Badacey hands through the whole replay (random
stacks, so random all-ins; random folds; random cards, often with copied ranks so that hands
tie), and the payouts and pots the engine computes are compared with a reference written
here from the rule texts alone, with the plain hand values of ``tests.helpers.reference_hands``:

* ``000``: "the best Badugi hand wins the pot; tied hands share it"; the last player left wins
  without showing.
* ``001``: side pots when "a player goes all-in and cannot match subsequent raises": a player
  wins from each opponent only what his own chips match.  The part of a bet nobody matched goes
  back to its bettor.
* ``004``: in Badacey half the pot to the best A-5 low, half to the best Badugi selection of
  the same five cards, each half divided among its own tied winners.
* seeds README item 4 (the project's defaults): a chip that does not divide among tied winners
  goes to the first of them clockwise from the button; an odd chip of a whole Badacey pot goes
  to the Badugi half.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from badugi_ledger.model.cards import DECK, Card
from badugi_ledger.model.settings import GameSettings, Structure
from badugi_ledger.replay import replay_hand
from tests.helpers.reference_hands import brute_ace_five, brute_badugi
from tests.helpers.replay_builder import record

SUITS = "shdc"


def reference_pots(
    contrib: dict[str, int], folded: set[str], order: Sequence[str]
) -> list[tuple[int, list[str]]]:
    """``001``: (amount, eligible players in ``order``) of each pot, main first, after the
    uncalled part of the biggest bet went back (``contrib`` is changed to what stays in)."""
    top, second = sorted(contrib.values())[-1], sorted(contrib.values())[-2]
    if top > second:
        bettor = next(p for p in order if contrib[p] == top)
        contrib[bettor] = second
    levels = sorted({contrib[p] for p in order if p not in folded})
    pots = []
    below = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, below) for c in contrib.values())
        pots.append((amount, [p for p in order if p not in folded and contrib[p] >= level]))
        below = level
    amount, eligible = pots[-1]  # chips of folded players above every level: the last pot
    pots[-1] = (amount + sum(max(0, c - below) for c in contrib.values()), eligible)
    return [pot for pot in pots if pot[0]] or pots[:1]


def share(amount: int, winners: list[str]) -> dict[str, int]:
    """Equal shares; the chips left over one each to the first winners from the button."""
    base, extra = divmod(amount, len(winners))
    return {w: base + (1 if i < extra else 0) for i, w in enumerate(winners)}


def reference_payouts(
    game: str, contrib: dict[str, int], folded: set[str], order: Sequence[str], hands: dict
) -> tuple[dict[str, int], list[tuple[int, list[str]]]]:
    pots = reference_pots(contrib, folded, order)
    paid: dict[str, int] = {}
    for amount, eligible in pots:
        if len(eligible) == 1:
            halves = [(amount, {eligible[0]: 0})]
        elif game == "badugi":
            halves = [(amount, {p: brute_badugi(hands[p])[0] for p in eligible})]
        else:
            low = {p: brute_ace_five(hands[p]) for p in eligible}
            bad = {p: brute_badugi(hands[p])[0] for p in eligible}
            halves = [(amount // 2, low), (amount - amount // 2, bad)]
        for half, keys in halves:
            best = max(keys.values())
            for p, chips in share(half, [p for p in eligible if keys[p] == best]).items():
                paid[p] = paid.get(p, 0) + chips
    return {p: c for p, c in paid.items() if c}, pots


def dealt_hands(draw: st.DrawFn, names: list[str], size: int) -> dict[str, tuple[Card, ...]]:
    """``size`` cards for each of ``names`` from a shuffled deck; a player may hold another's
    ranks with the suits renamed (the same value in every half: a tie), no card twice."""
    deck = draw(st.permutations(DECK))
    hands: dict[str, tuple[Card, ...]] = {}
    for i, p in enumerate(names):
        source = draw(st.sampled_from([None, *names[:i]]))
        if source is None:
            hands[p] = tuple(deck[i * size : (i + 1) * size])
        else:  # the same ranks, suits renamed: the same value in every half (a tie)
            rename = dict(zip(SUITS, draw(st.permutations(SUITS)), strict=True))
            hands[p] = tuple(Card(c.rank, rename[c.suit]) for c in hands[source])
    cards = [c for h in hands.values() for c in h]
    assume(len(set(cards)) == len(cards))
    return hands


@st.composite
def hands_played(draw: st.DrawFn, game: str) -> tuple:
    """A random hand: its lines, seats and what the reference needs."""
    n = draw(st.integers(3, 5))
    names = [f"P{i}" for i in range(n)]  # clockwise; the last one has the button
    stacks = {p: draw(st.integers(3, 40)) for p in names}
    hands = dealt_hands(draw, names, 4 if game == "badugi" else 5)

    contrib = {p: 0 for p in names}
    contrib[names[0]], contrib[names[1]] = 1, 2
    lines = [f"{names[0]} posts sb", f"{names[1]} posts bb"]
    folded: set[str] = set()
    bet, acted = 2, set()
    queue = names[2:] + names[:2]
    while queue:
        p = queue.pop(0)
        left = stacks[p] - contrib[p]
        if p in folded or left == 0:
            continue
        need = bet - contrib[p]
        callers = [q for q in names if q != p and q not in folded and stacks[q] > bet]
        shove = p not in acted and callers  # a raise needs somebody who can call it
        # Weighted towards calls and all-ins, so that pots are contested and side pots common.
        choices = ["call"] * 2 + (["fold"] if need else []) + (["shove"] * 2 if shove else [])
        if left <= need:
            choices = ["call", "fold"]
        move = draw(st.sampled_from(choices))
        acted.add(p)
        if move == "fold":
            folded.add(p)
            lines.append(f"{p} folds")
        elif move == "call" and need == 0:
            lines.append(f"{p} checks")
        elif move == "call":
            put = min(need, left)
            contrib[p] += put
            lines.append(f"{p} calls {put}" + (" allin" if put == left else ""))
        elif left > need:
            contrib[p] = stacks[p]
            bet = contrib[p]
            lines.append(f"{p} raises {bet} allin")
            queue = [q for q in names[names.index(p) + 1 :] + names[: names.index(p)]]
        if len(folded) == n - 1:
            break
    live = [p for p in names if p not in folded]
    if len(live) > 1:
        can_bet = [p for p in live if contrib[p] < stacks[p]]
        for _ in range(3):
            lines += [f"{p} pat" for p in live]
            if len(can_bet) > 1:
                lines += [f"{p} checks" for p in can_bet]
        lines += [f"{p} shows {' '.join(map(str, hands[p]))}" for p in live]
    return names, stacks, lines, contrib, folded, hands


def check_against_reference(game: str, played: tuple) -> None:
    names, stacks, lines, contrib, folded, hands = played
    settings_ = GameSettings(
        game=game, structure=Structure("no-limit", 2, 2), small_blind=1, big_blind=2
    )
    result = replay_hand(record(stacks, names[-1], lines, settings=settings_))
    assert not result.violations, (lines, result.violations)
    want, pots = reference_payouts(game, dict(contrib), folded, names, hands)
    assert dict(result.payouts) == want, lines
    if len(names) - len(folded) > 1:
        assert [(p.amount, list(p.eligible)) for p in result.pots] == pots, lines


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.data())
def test_badugi_pots_match_the_reference(data: st.DataObject) -> None:
    check_against_reference("badugi", data.draw(hands_played("badugi")))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.data())
def test_badacey_split_pots_match_the_reference(data: st.DataObject) -> None:
    check_against_reference("badacey", data.draw(hands_played("badacey")))


def check_hidden_hand(game: str, played: tuple, hide: int) -> None:
    """The reference payouts recorded as collections, one contender's cards not shown: the
    engine cannot divide the pots, and must accept what the real cards pay."""
    names, stacks, lines, contrib, folded, hands = played
    live = [p for p in names if p not in folded]
    assume(len(live) > 1)
    hidden = live[hide % len(live)]
    want, _ = reference_payouts(game, dict(contrib), folded, names, hands)
    lines = [line for line in lines if not line.startswith(f"{hidden} shows")]
    lines += [f"{p} collects {chips}" for p, chips in want.items()]
    settings_ = GameSettings(
        game=game, structure=Structure("no-limit", 2, 2), small_blind=1, big_blind=2
    )
    result = replay_hand(record(stacks, names[-1], lines, settings=settings_))
    assert not result.violations, (lines, result.violations)
    assert dict(result.payouts) == want, lines


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.data(), st.sampled_from(["badugi", "badacey"]), st.integers(0, 4))
def test_what_the_cards_pay_is_accepted_with_a_hand_not_shown(
    data: st.DataObject, game: str, hide: int
) -> None:
    check_hidden_hand(game, data.draw(hands_played(game)), hide)
