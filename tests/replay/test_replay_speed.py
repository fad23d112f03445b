"""Issue 7 (speed): the fast paths of the replay and settlement give what the rules give.

Each fast path is checked against something that does not share its code:

* whole hands: :mod:`badugi_ledger.simulate.sessions` plays hands with its own turn logic and pot
  building (written apart from the replay engine) and records every collection, carried pot and
  final stack; the replay must confirm every figure, for every game, structure and the house
  rules the fast paths depend on (odd chips, reshuffles, the heads-up cap, short all-ins);
* pot division (:func:`badugi_ledger.hands.pots.pot_shares`, what the replay keeps of a showdown):
  a brute-force division written here from ``004`` ("award each half, then split any ties"),
  ``002`` (the qualifier) and seeds README item 4 (odd chips), with the slow reference hand
  values of ``tests/helpers/reference_hands.py``;
* the quick deal (all cards known and new), carried stacks, the turn pointer and the check of
  final stacks: the cases that leave the quick path must still be named exactly as before.

PokerKit's replay of the same kind of hand is ``tests/replay/test_replay_pokerkit.py``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping, Sequence

import pytest

from badugi_ledger.hands.pots import divide_pot, pot_shares
from badugi_ledger.model.cards import DECK, Card
from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.events import Deal
from badugi_ledger.model.games import GAME_NAMES, GameName
from badugi_ledger.model.settings import STRUCTURE_KINDS, HouseRules, OddChipRule
from badugi_ledger.replay import replay_hand, replay_stream
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands
from badugi_ledger.sources import read_hands
from tests.helpers.paths import EXAMPLES
from tests.helpers.reference_hands import brute_ace_five, brute_badugi, brute_deuce_seven
from tests.helpers.replay_builder import assert_balanced, record

# --- whole hands against the simulator ----------------------------------------------------------

HOUSES = {
    "default": HouseRules(),
    "variants": HouseRules(
        odd_chip="worst-seat",
        odd_chip_half="badugi",
        half_bet_reopens=False,
        heads_up_uncapped=True,
        reshuffle="all-discards",
        redeal_posts=True,
    ),
}


@pytest.mark.parametrize("house", list(HOUSES))
@pytest.mark.parametrize("structure", STRUCTURE_KINDS)
@pytest.mark.parametrize("game", GAME_NAMES)
def test_simulated_hands_replay_without_a_single_disagreement(
    game: GameName, structure: str, house: str
) -> None:
    """Sessions of 2-9 players (stacks carried from hand to hand, short stacks for all-ins and
    side pots, rebuys): every recorded collection, carried pot and final stack is confirmed."""
    players = 2 + (len(game) + len(structure) + len(house)) % 8
    options = SimulationOptions(
        hands=24,
        players=players,
        game=game,
        structure=structure,  # type: ignore[arg-type]
        seed=players,
        session_hands=9,
        max_stack=20,
        house=HOUSES[house],
        ante=int(house == "variants"),
    )
    outcomes = list(replay_stream(simulate_hands(options)))
    assert len(outcomes) == 24
    for outcome in outcomes:
        assert outcome.result is not None and not outcome.errors, (outcome.hand_id, outcome.errors)
        assert_balanced(outcome.result)


# --- pot division against brute force -----------------------------------------------------------


def _qualifies(cards: Sequence[Card], house: HouseRules) -> bool:
    """``002`` 3.1 (a four-card badugi, no card above the limit) and our reading of 3.2(b)."""
    (size, negated), _ = brute_badugi(cards)
    high = -negated[0]
    if size == 4:
        return high <= house.qualifier_max
    distinct = len({c.rank for c in cards})
    return house.qualifier_pair_ok and size == 3 and distinct == 3 and high <= house.qualifier_max


def _split(amount: int, winners: list[str], rule: OddChipRule) -> dict[str, int]:
    """Seeds README item 4: equal shares, odd chips one each from the button's left (or, under
    ``worst-seat``, from the last tied winner backwards)."""
    shares = dict.fromkeys(winners, amount // len(winners))
    order = winners[::-1] if rule == "worst-seat" else winners
    for name in order[: amount % len(winners)]:
        shares[name] += 1
    return shares


def _reference_division(
    amount: int, hands: list[tuple[str, tuple[Card, ...]]], game: str, house: HouseRules
) -> dict[str, int]:
    if game == "progressive-badugi":
        hands = [(n, c) for n, c in hands if _qualifies(c, house)]
        if not hands:
            return {}
    if game in ("badacey", "badeucey"):
        ace_high = game == "badeucey"
        low = brute_deuce_seven if ace_high else brute_ace_five
        halves = {
            "five-card": {n: low(c) for n, c in hands},
            "badugi": {n: brute_badugi(c, ace_high)[0] for n, c in hands},
        }
        odd = amount % 2
        amounts = {h: amount // 2 + (odd if h == house.odd_chip_half else 0) for h in halves}
    else:
        halves = {"badugi": {n: brute_badugi(c)[0] for n, c in hands}}
        amounts = {"badugi": amount}
    total: dict[str, int] = {}
    for half, keys in halves.items():
        best = max(keys.values())
        winners = [n for n, _ in hands if keys[n] == best]
        for name, chips in _split(amounts[half], winners, house.odd_chip).items():
            total[name] = total.get(name, 0) + chips
    return {n: total[n] for n, _ in hands if n in total}


def test_pot_shares_against_a_brute_force_division() -> None:
    rng = random.Random(7)
    names = ["Anna", "Ben", "Cara", "Dan", "Eve", "Finn"]
    for case in range(600):
        game = GAME_NAMES[case % len(GAME_NAMES)]
        size = 5 if game in ("badacey", "badeucey") else 4
        deck = list(DECK)
        rng.shuffle(deck)
        if case % 3 == 0:  # low cards: ties, split halves and qualifying hands are common
            deck.sort(key=lambda c: c.rank > 5)
        count = rng.randint(2, min(6, 40 // size))
        hands = [(names[i], tuple(deck[i * size : (i + 1) * size])) for i in range(count)]
        house = HouseRules(
            odd_chip=rng.choice(["button-left", "worst-seat", "best-hand"]),
            odd_chip_half=rng.choice(["badugi", "five-card"]),
            qualifier_max=rng.choice([7, 9, 13]),
            qualifier_pair_ok=rng.random() < 0.5,
        )
        amount = rng.choice([0, 1, 3, rng.randint(0, 999)])
        shares, detail = pot_shares(amount, hands, game, house)
        expected = _reference_division(amount, hands, game, house)
        assert list(shares.items()) == list(expected.items()), (game, hands, amount, house)
        award = divide_pot(amount, hands, game, house)
        assert (shares, detail) == (dict(award.shares), award.detail)
        assert sum(shares.values()) == (amount if shares else 0)


# --- the quick paths' way out -------------------------------------------------------------------

SEATS = {"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 100}
POSTS = ["Anna posts sb", "Ben posts bb"]
DEALS = [
    "Anna deal As 2c 3d 4h",
    "Ben deal 5s 6c 7d 8h",
    "Cara deal 9s Tc Jd Qh",
    "Dan deal Ks Kc Kd Kh",
]


def _illegal(lines: list[str], seats: Mapping[str, int | None] | None = None) -> IllegalAction:
    with pytest.raises(IllegalAction) as err:
        replay_hand(record(seats or SEATS, "Dan", lines))
    return err.value


def test_a_card_dealt_twice_in_one_deal_is_named() -> None:
    """``000`` one deck: a repeated card inside one deal leaves the quick deal and is named.
    (Our readers refuse such a line; a record built by other code may still hold one.)"""
    hand = record(SEATS, "Dan", POSTS + ["Anna deal As 2c 3d 4h"])
    deal = hand.events[2]
    assert isinstance(deal, Deal)
    twice = dataclasses.replace(deal, cards=(deal.cards[0], *deal.cards[:3]))
    with pytest.raises(IllegalAction) as caught:
        replay_hand(
            dataclasses.replace(
                hand, events=(*hand.events[:2], twice), positions=hand.positions[:3]
            )
        )
    err = caught.value
    assert err.rule == "duplicate-card"
    assert err.message == "Anna gets As, but As is already in Anna's hand"
    assert err.position.line == 3


def test_a_card_dealt_to_two_players_is_named() -> None:
    err = _illegal(POSTS + ["Anna deal As 2c 3d 4h", "Ben deal 5s 2c 7d 8h"])
    assert err.rule == "duplicate-card"
    assert err.message == "Ben gets 2c, but 2c is already in Anna's hand"


def test_turn_passes_over_folded_and_all_in_players() -> None:
    """``000`` order of play: after a fold the next player still in acts; the message names
    whose turn it is, in every round."""
    checked = POSTS + DEALS + ["Cara folds", "Dan calls", "Anna calls", "Ben checks"]
    draws = ["Anna pat", "Ben pat", "Dan pat"]
    err = _illegal(checked + draws + ["Ben checks"])
    assert err.rule == "turn-order"
    assert err.message == "Ben acts, but it is Anna's turn (order of play: 000)"
    err = _illegal(checked + draws + ["Anna checks", "Cara checks"])
    assert (err.rule, err.message) == ("turn-order", "Cara acts after folding")
    short = {"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 2}
    lines = POSTS + DEALS + ["Cara calls", "Dan calls", "Anna folds", "Ben raises", "Dan calls"]
    err = _illegal(lines, short)
    assert (err.rule, err.message) == ("turn-order", "Dan is all-in and cannot act any more")


@pytest.mark.parametrize("structure", ["fixed-limit", "no-limit"])
def test_the_turn_ring_names_the_next_actor(
    structure: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The quick turn check (``HandState.next_seat``, a ring of the players who can still bet):
    on simulated 6-handed sessions, full of folds and all-ins, the player after the last one
    to act is the next to act for nearly every action, so the search of
    :func:`~badugi_ledger.replay.betting.next_actor` is rarely needed (a ring of every dealt
    player, folded and all-in ones included, missed about one action in four)."""
    from badugi_ledger.model.events import Action
    from badugi_ledger.replay import betting

    searches = []
    search = betting.next_actor

    def counted(st):  # type: ignore[no-untyped-def]
        searches.append(st)
        return search(st)

    monkeypatch.setattr(betting, "next_actor", counted)
    options = SimulationOptions(hands=120, players=6, seed=3, structure=structure)  # type: ignore[arg-type]
    records = list(simulate_hands(options))
    assert all(o.result is not None and not o.errors for o in replay_stream(records))
    actions = sum(type(e) is Action for r in records for e in r.events)
    assert actions > 1000
    assert len(searches) < actions / 20


def test_carried_stacks_are_the_stated_ones() -> None:
    """A later hand of a session states no stacks: carrying them gives the same hand."""
    lines = POSTS + DEALS + ["Cara folds", "Dan calls", "Anna calls", "Ben checks"]
    lines += ["Anna pat", "Ben pat", "Dan pat", "Anna checks", "Ben checks", "Dan checks"]
    lines += ["Anna pat", "Ben pat", "Dan pat", "Anna checks", "Ben checks", "Dan checks"]
    lines += ["Anna pat", "Ben pat", "Dan pat", "Anna checks", "Ben checks", "Dan checks"]
    lines += ["Anna shows As 2c 3d 4h", "Ben shows 5s 6c 7d 8h", "Dan shows Ks Kc Kd Kh"]
    stacks = {"Anna": 50, "Ben": 70, "Cara": 90, "Dan": 30}
    stated = replay_hand(record(stacks, "Dan", lines))
    carried = replay_hand(record(dict.fromkeys(stacks), "Dan", lines), stacks=stacks)
    assert carried == stated.__class__(**{**vars(stated), "record": carried.record})
    assert stated.payouts == {"Anna": 6} and stated.ok
    # One stated stack that disagrees with the carried one: reported, the stated one is used.
    mixed = replay_hand(record({**dict.fromkeys(stacks), "Ben": 75}, "Dan", lines), stacks=stacks)
    assert [v.rule for v in mixed.violations] == ["stack-carried"]
    assert mixed.starting_stacks["Ben"] == 75


def test_final_stacks_all_right_or_named_with_the_balance() -> None:
    """Recorded final stacks are verified (``004`` chip accounting): all right, no violation;
    one wrong, the stack and the lost chips are both named."""
    lines = POSTS + DEALS + ["Cara folds", "Dan folds", "Anna folds"]

    def ends(ben: int) -> list[str]:
        return ["Anna ends 99", f"Ben ends {ben}", "Cara ends 100", "Dan ends 100"]

    assert replay_hand(record(SEATS, "Dan", lines + ends(101))).ok
    wrong = replay_hand(record(SEATS, "Dan", lines + ends(99)))
    assert [(v.rule, v.kind) for v in wrong.violations] == [
        ("final-stack", "mismatch"),
        ("chips-balance", "mismatch"),
    ]
    assert wrong.violations[0].message == "Ben ends with 99, but the replay gives 101"


def test_postings_keep_the_order_chips_went_in() -> None:
    """Bets are added up apart from forced bets and buys (see ``HandState.bet``), yet the
    postings stay in the order each player first put chips in each way: here Anna's buy
    (``002`` "with a Buy") comes after the first round's bets and before Cara's first bet."""
    (outcome,) = replay_stream(read_hands(EXAMPLES / "progressive_with_a_buy.bhh"))
    assert outcome.result is not None and outcome.result.ok
    assert [(p.account, p.kind, p.amount) for p in outcome.result.postings] == [
        ("Ben", "blind", -1),
        ("Cara", "blind", -2),
        ("Anna", "bet", -8),
        ("Ben", "bet", -1),
        ("Anna", "buy", -2),
        ("Cara", "bet", -2),
        ("Anna", "returned", 4),
        ("Anna", "collect", 12),
    ]


def test_seating_is_worked_out_again_when_someone_is_left_out() -> None:
    """Who is dealt in is shared between hands with the same seats and button while everyone
    is dealt in; a player without chips (or sitting out) at the same table is still left out
    (``000``: only players with chips are dealt in; the blinds move to the next players)."""
    lines = POSTS + ["Cara folds", "Dan folds", "Anna folds"]
    everyone = replay_hand(record(SEATS, "Dan", lines))
    assert list(everyone.contributions) == ["Anna", "Ben", "Cara", "Dan"]
    broke = replay_hand(
        record(
            {**SEATS, "Anna": 0}, "Dan", ["Ben posts sb", "Cara posts bb", "Dan folds", "Ben folds"]
        )
    )
    assert list(broke.contributions) == ["Ben", "Cara", "Dan"]
    assert broke.notes[0] == "not dealt in (no chips): Anna"
    err = _illegal(["Anna sits out", *lines])
    assert (err.rule, err.message) == ("sitting-out", "Anna sits out this hand")
    again = replay_hand(record(SEATS, "Dan", lines))
    assert again == everyone.__class__(**{**vars(everyone), "record": again.record})


def test_raise_size_is_a_raise_size_made_in_c() -> None:
    """:func:`~badugi_ledger.replay.betting.raise_size` makes its named tuple without the
    tuple's Python constructor; what it gives is the same ``RaiseSize`` (``000`` fixed limit:
    a raise of round 1 is to two small bets; ``001`` no limit: at least the big blind more,
    no most)."""
    from badugi_ledger.model.settings import GameSettings, Structure
    from badugi_ledger.replay.betting import RaiseSize, raise_size
    from badugi_ledger.replay.hand import play_events

    opened = [*POSTS, *DEALS, "Cara calls"]
    fixed = play_events(record(SEATS, "Dan", opened))
    size = raise_size(fixed, "Dan")
    assert type(size) is RaiseSize and size == RaiseSize(4, 4) and size.least == size.most == 4
    hand = record(SEATS, "Dan", opened)
    no_limit = dataclasses.replace(
        hand, settings=GameSettings(structure=Structure("no-limit"), small_blind=1, big_blind=2)
    )
    size = raise_size(play_events(no_limit), "Dan")
    assert type(size) is RaiseSize and (size.least, size.most) == (4, None)
