"""The independent pot reference of ``test_pot_reference`` carried to the rules it leaves out.

``test_pot_reference`` plays no-limit Badugi and Badacey with the default house rules.  Here
the same kind of random hands (random stacks, all-ins, folds, hands that tie) are played in
every game, with antes a player may be all-in for less than, a rake, and every odd-chip house
rule, and the engine's payouts, rake and carried pot are compared with a reference written from
the rule texts and the documented house rules alone, with the plain hand values of
``tests.helpers.reference_hands``:

* ``004``: in Badeucey half the pot to the best 2-7 low, half to the best Badugi with the ace
  high; each half divided among its own tied winners.
* ``002``: in Progressive Badugi only a qualifying hand (a badugi no higher than the
  ``qualifier``; with ``qualifier-pair-ok`` a four-card holding with one pair) wins a pot at
  showdown; a pot no hand qualifies for carries, and a pot carried into the hand goes to the
  winner of the next pot won (the main pot first, then the side pots in order).  A redeal
  posts no blinds unless ``redeal-posts yes`` (seeds README item 5).
* seeds README item 4 and the house rules of grammar/README.md: ``odd-chip`` (``button-left``,
  ``worst-seat`` the reverse order, ``best-hand`` as ``button-left``), ``odd-chip-half`` (the
  half an odd chip of a whole split pot goes to), ``odd-chip-split`` (``all-to-first``: every
  left-over chip to the first winner, the pots in a row that the same tied winners take
  divided as one in a one-half game).
* seeds README item 8 and grammar/README.md ``rake``: the rake is its percent of the pots won,
  rounded down, at most the cap, none from a hand that ends before the first draw unless
  ``always``, taken out of the main pot first, then the side pots in order; a carried pot is
  raked when it is won.
* ``ante-trimming`` (README, house rules): a player all-in for less than the ante contests only
  what his chips match (``yes``); with ``no`` every ante goes whole into the main pot.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from badugi_ledger.model.cards import Card
from badugi_ledger.model.settings import GameSettings, HouseRules, RakeRule, Structure
from badugi_ledger.replay import replay_hand
from tests.helpers.reference_hands import brute_ace_five, brute_badugi, brute_deuce_seven
from tests.helpers.replay_builder import record
from tests.replay.test_pot_reference import dealt_hands, reference_pots

GAMES_PLAYED = ["badugi", "progressive-badugi", "badacey", "badeucey"]


def share(amount: int, winners: list[str], house: HouseRules) -> dict[str, int]:
    """Equal shares; the chips left over one each to the first winners from the button's left
    (the last ones under ``worst-seat``), or all to the first of them (``all-to-first``)."""
    base, extra = divmod(amount, len(winners))
    order = winners[::-1] if house.odd_chip == "worst-seat" else winners
    if house.odd_chip_split == "all-to-first":
        return {w: base + (extra if w == order[0] else 0) for w in winners}
    return {w: base + (1 if w in order[:extra] else 0) for w in winners}


def qualifies(cards: Sequence[Card], house: HouseRules) -> bool:
    """``002`` 3.1-3.2: a four-card badugi no higher than the qualifier, or (pair ok) a
    four-card holding with exactly one pair whose three counting cards are no higher."""
    (size, _), selection = brute_badugi(cards)
    pair = house.qualifier_pair_ok and size == 3 and len({c.rank for c in cards}) == 3
    return (size == 4 or pair) and max(c.rank for c in selection) <= house.qualifier_max


def half_values(game: str, cards: Sequence[Card]) -> list[object]:
    """The keys of each half in the game's order (five-card low first)."""
    if game == "badacey":
        return [brute_ace_five(cards), brute_badugi(cards)[0]]
    if game == "badeucey":
        return [brute_deuce_seven(cards), brute_badugi(cards, ace_high=True)[0]]
    return [brute_badugi(cards)[0]]


def pots_of(
    contrib: dict[str, int],
    antes: dict[str, int],
    folded: set[str],
    order: list[str],
    house: HouseRules,
) -> list[tuple[int, list[str]]]:
    """``001``'s pots; under ``ante-trimming no`` built on the live chips only, every ante in
    the main pot."""
    if house.ante_trimming:
        return reference_pots(dict(contrib), folded, order)
    live = {p: contrib[p] - antes[p] for p in order}
    if sorted(live.values())[-1] == 0:
        return [(sum(antes.values()), [p for p in order if p not in folded])]
    pots = reference_pots(live, folded, order)
    if min(live[p] for p in order if p not in folded) == 0:  # a player all-in on his ante
        pots.insert(0, (0, [p for p in order if p not in folded]))
    amount, eligible = pots[0]
    return [(amount + sum(antes.values()), eligible), *pots[1:]]


def reference_outcome(
    game: str,
    contrib: dict[str, int],
    antes: dict[str, int],
    folded: set[str],
    order: list[str],
    hands: dict,
    house: HouseRules,
    rake_rule: RakeRule | None,
    reached_draw: bool,
    carry_in: int,
) -> tuple[dict[str, int], int, int]:
    """(payouts, rake, carried on) by the rules of the module docstring."""
    pots = pots_of(contrib, antes, folded, order, house)
    pots[0] = (pots[0][0] + carry_in, pots[0][1])
    # Who contends for each half of each pot, and with what; None: the pot carries.
    contests: list[tuple[int, list[dict[str, object]] | None]] = []
    for amount, eligible in pots:
        if len(eligible) == 1:
            contests.append((amount, [{eligible[0]: 0}]))
            continue
        if game == "progressive-badugi":
            eligible = [p for p in eligible if qualifies(hands[p], house)]
            if not eligible:
                contests.append((amount, None))
                continue
        values = {p: half_values(game, hands[p]) for p in eligible}
        halves = len(values[eligible[0]])
        contests.append((amount, [{p: v[i] for p, v in values.items()} for i in range(halves)]))
    if carry_in and contests[0][1] is None:  # to the next pot won
        won = [i for i, (_, keys) in enumerate(contests) if keys is not None]
        if won:
            (amount, _), (k_amount, k_keys) = contests[0], contests[won[0]]
            contests[0] = (amount - carry_in, None)
            contests[won[0]] = (k_amount + carry_in, k_keys)
    base = sum(amount for amount, keys in contests if keys is not None)
    carried = sum(amount for amount, keys in contests if keys is None)
    rake = rake_rule.amount(base, reached_draw=reached_draw) if rake_rule else 0
    left = rake
    paid: dict[str, int] = {}
    runs: list[tuple[int, list[str]]] = []  # one-half games: (net, tied winners) per pot

    def pay(chips: dict[str, int]) -> None:
        for p, c in chips.items():
            paid[p] = paid.get(p, 0) + c

    for amount, keys in contests:
        if keys is None:
            continue
        cut = min(left, amount)
        left -= cut
        net = amount - cut
        if len(keys) == 1:
            best = max(keys[0].values())  # type: ignore[type-var]
            runs.append((net, [p for p in order if p in keys[0] and keys[0][p] == best]))
            continue
        low = net // 2 + (net % 2 if house.odd_chip_half == "five-card" else 0)
        for half, half_keys in zip((low, net - low), keys, strict=True):
            best = max(half_keys.values())  # type: ignore[type-var]
            pay(share(half, [p for p in order if p in half_keys and half_keys[p] == best], house))
    while runs:
        net, winners = runs.pop(0)
        if house.odd_chip_split == "all-to-first" and len(winners) > 1:
            while runs and runs[0][1] == winners:
                net += runs.pop(0)[0]
        pay(share(net, winners, house))
    return {p: c for p, c in paid.items() if c}, rake, carried


@st.composite
def hands_played(draw: st.DrawFn) -> tuple:
    """A random hand of any game under random house rules, with its reference outcome."""
    game = draw(st.sampled_from(GAMES_PLAYED))
    house = HouseRules(
        odd_chip=draw(st.sampled_from(["button-left", "worst-seat", "best-hand"])),
        odd_chip_half=draw(st.sampled_from(["badugi", "five-card"])),
        odd_chip_split=draw(st.sampled_from(["one-each", "all-to-first"])),
        qualifier_max=draw(st.sampled_from([5, 9, 11, 13])),
        qualifier_pair_ok=draw(st.booleans()),
        redeal_posts=draw(st.booleans()),
        ante_trimming=draw(st.booleans()),
    )
    rake = draw(st.sampled_from([None, RakeRule(10, 0), RakeRule(10, 3), RakeRule(5, 2, False)]))
    carry_in = (
        draw(st.integers(1, 30)) if game == "progressive-badugi" and draw(st.booleans()) else 0
    )
    posts = not carry_in or house.redeal_posts
    ante = draw(st.sampled_from([3, 1, 0])) if posts else 0
    n = draw(st.integers(2, 5))
    names = [f"P{i}" for i in range(n)]  # clockwise; the last one has the button
    blinds = (names[1], names[0]) if n == 2 else (names[0], names[1])  # heads-up: button small
    short = st.integers(1, ante + 1)  # often all-in for the ante or less
    stacks = {
        p: draw(st.integers(ante + 3, 40) if p in blinds else st.one_of(short, st.integers(1, 40)))
        for p in names
    }
    hands = dealt_hands(draw, names, 5 if game in ("badacey", "badeucey") else 4)

    contrib = dict.fromkeys(names, 0)
    antes = dict.fromkeys(names, 0)
    lines: list[str] = []
    for p in names if ante else ():
        antes[p] = contrib[p] = min(ante, stacks[p])
        lines.append(f"{p} posts ante {antes[p]}" + (" allin" if antes[p] == stacks[p] else ""))
    committed = dict.fromkeys(names, 0)
    if posts:
        for p, blind, kind in ((blinds[0], 1, "sb"), (blinds[1], 2, "bb")):
            contrib[p] += blind
            committed[p] = blind
            lines.append(f"{p} posts {kind}")
        bet = 2
        queue = list(blinds) if n == 2 else names[2:] + names[:2]
    else:  # a redeal without blinds opens left of the button
        bet = 0
        queue = list(names)
    folded: set[str] = set()
    acted: set[str] = set()
    while queue and len(folded) < n - 1:
        p = queue.pop(0)
        left = stacks[p] - contrib[p]
        if p in folded or left == 0:
            continue
        need = bet - committed[p]
        callers = [  # a raise needs somebody who can put in more than the bet
            q
            for q in names
            if q != p and q not in folded and committed[q] + stacks[q] - contrib[q] > bet
        ]
        shove = p not in acted and left > need and callers
        choices = ["call"] * 2 + (["fold"] if need else []) + (["shove"] * 2 if shove else [])
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
            committed[p] += put
            lines.append(f"{p} calls {put}" + (" allin" if put == left else ""))
        else:
            verb = "raises" if bet else "bets"
            committed[p] += left
            contrib[p] += left
            bet = committed[p]
            lines.append(f"{p} {verb} {bet} allin")
            i = names.index(p)
            queue = names[i + 1 :] + names[:i]
    live = [p for p in names if p not in folded]
    if len(live) > 1:
        can_bet = [p for p in live if contrib[p] < stacks[p]]
        for _ in range(3):
            lines += [f"{p} pat" for p in live]
            if len(can_bet) > 1:
                lines += [f"{p} checks" for p in can_bet]
        lines += [f"{p} shows {' '.join(map(str, hands[p]))}" for p in live]
    game_settings = GameSettings(
        game=game,
        structure=Structure("no-limit", 2, 2),
        small_blind=1,
        big_blind=2,
        ante=ante,
        rake=rake,
        house=house,
    )
    want = reference_outcome(
        game, contrib, antes, folded, names, hands, house, rake, len(live) > 1, carry_in
    )
    return names, stacks, lines, game_settings, carry_in, want


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hands_played())
def test_every_game_and_house_rule_pays_as_the_reference(played: tuple) -> None:
    names, stacks, lines, game_settings, carry_in, want = played
    result = replay_hand(
        record(stacks, names[-1], lines, settings=game_settings), carry_in=carry_in
    )
    assert not result.violations, (lines, result.violations)
    assert (dict(result.payouts), result.rake, result.carry_out) == want, lines


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(hands_played(), st.integers(0, 4), st.booleans())
def test_what_the_cards_pay_is_accepted_with_a_hand_not_shown(
    played: tuple, hide: int, state_rake: bool
) -> None:
    """The reference outcome recorded (collections, the carried pot, the rake), one
    contender's cards not shown: the engine cannot divide the pots and must accept it."""
    names, stacks, lines, game_settings, carry_in, (payouts, rake, carried) = played
    live = [line.split()[0] for line in lines if " shows " in line]
    assume(len(live) > 1)
    hidden = live[hide % len(live)]
    lines = [line for line in lines if not line.startswith(f"{hidden} shows")]
    lines += [f"{p} collects {chips}" for p, chips in payouts.items()]
    lines += [f"carry {carried}"] if carried else []
    lines += [f"rake {rake}"] if state_rake and game_settings.rake is not None else []
    result = replay_hand(
        record(stacks, names[-1], lines, settings=game_settings), carry_in=carry_in
    )
    assert not result.violations, (lines, result.violations)
    assert (dict(result.payouts), result.rake, result.carry_out) == (payouts, rake, carried)
