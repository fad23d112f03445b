"""Short all-in raises: who may raise again after them, in every betting structure.

The rule texts leave it to the room: ``004`` ("raise caps, short all-ins and reshuffles follow
the room's rules"), ``001`` only names the structures (pot limit, no limit, half-pot limit,
side pots when a player goes all-in), ``003`` adds spread limit.  The engine takes the card
rooms' rule (Robert's Rules of Poker, the TDA's "re-opening the bet"), stated once in
``replay/raises.py``: a player who has already acted may raise again only when the raises made
since they acted, added up, come to a full raise (in fixed limit under ``half-bet-reopens``, half
a bet), that is when what they owe as the action comes back to them is that much.  PokerKit plays
it so in no limit and pot limit (``consecutive_short_all_in_amounts``: short all-ins that add up
to a full raise reopen the betting; a player who owes less than the largest raise may only call
or fold); the tests run the same actions through PokerKit where it has the structure.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.events import HandRecord
from badugi_ledger.model.settings import GameSettings, HouseRules, Structure
from badugi_ledger.replay import replay_hand
from badugi_ledger.replay.legal import next_actions
from badugi_ledger.sources import read_hands
from tests.helpers.pokerkit_play import raise_range_after
from tests.helpers.replay_builder import record
from tests.replay.test_replay_betting import fails, legal_so_far

POSTS = ["Anna posts sb", "Ben posts bb"]
PAT = ["Anna pat", "Ben pat", "Cara pat", "Dan pat"]
# Everybody calls the big blind of 2 and stands pat: round 2 starts with Anna (button Dan).
LIMPED = [*POSTS, "Cara calls", "Dan calls", "Anna calls", "Ben checks", *PAT]

NL = GameSettings(structure=Structure("no-limit"), small_blind=1, big_blind=2)
PL = GameSettings(structure=Structure("pot-limit"), small_blind=1, big_blind=2)
HPL = GameSettings(structure=Structure("half-pot-limit"), small_blind=1, big_blind=2)
SPREAD = GameSettings(
    structure=Structure("spread-limit", spread_min=2, spread_max=10), small_blind=1, big_blind=2
)


def raise_option(
    lines: list[str], settings: GameSettings, seats: dict[str, int]
) -> tuple[str | None, tuple[int | None, int | None] | None]:
    """(player to act, the totals they may bet or raise to) after ``lines``, as the legal next
    actions give them (None: only call or fold)."""
    na = next_actions(record(seats, "Dan", lines, settings=settings))
    raises = [(o.amount, o.max_amount) for o in na.options if o.kind in ("bet", "raise")]
    return na.player, (raises[0] if raises else None)


# Anna bets; Ben and Cara raise all-in, each short of a full raise; Dan calls.  Anna faces
# the two short raises added up.
ADDING_UP = [
    # no limit: bet 10; 15 and 21 raise by 5 and 6, together 11, a full raise of 10 or more.
    pytest.param(
        NL, {"Anna": 100, "Ben": 17, "Cara": 23, "Dan": 100}, (10, 15, 21), (31, 98), id="no-limit"
    ),
    # pot limit: bet 8; 12 and 17 raise by 4 and 5, together 9.
    pytest.param(
        PL, {"Anna": 100, "Ben": 14, "Cara": 19, "Dan": 100}, (8, 12, 17), (25, 88), id="pot-limit"
    ),
    # half-pot limit: bet 4 (half the pot of 8); 6 and 8 raise by 2 and 2, together 4.  Anna
    # may raise to 8 + (34 + 4) // 2 = 27: the pot is 8 + 4 + 6 + 8 + 8, and she owes 4.
    pytest.param(
        HPL, {"Anna": 100, "Ben": 8, "Cara": 10, "Dan": 100}, (4, 6, 8), (12, 27), id="half-pot"
    ),
    # spread limit 2-10: bet 5; 8 and 11 raise by 3 and 3, together 6.
    pytest.param(
        SPREAD, {"Anna": 100, "Ben": 10, "Cara": 13, "Dan": 100}, (5, 8, 11), (16, 21), id="spread"
    ),
]


def _short_raises(bet: int, first: int, second: int) -> list[str]:
    return [
        f"Anna bets {bet}",
        f"Ben raises {first} allin",
        f"Cara raises {second} allin",
        "Dan calls",
    ]


@pytest.mark.parametrize(("settings", "seats", "amounts", "span"), ADDING_UP)
def test_short_all_ins_that_add_up_to_a_full_raise_reopen_the_betting(
    settings: GameSettings,
    seats: dict[str, int],
    amounts: tuple[int, int, int],
    span: tuple[int, int],
) -> None:
    """Anna bet and has acted; neither all-in raise is a full raise, but together they are:
    Anna faces at least a full raise and may raise again, by at least the last full raise
    (her bet).  PokerKit gives the same totals where it has the structure."""
    lines = LIMPED + _short_raises(*amounts)
    assert raise_option(lines, settings, seats) == ("Anna", span)
    kind = settings.structure.kind
    if kind in ("no-limit", "pot-limit"):
        assert raise_range_after(kind, (1, 2), seats, lines) == span
    low, high = span
    legal_so_far([*lines, f"Anna raises {low}", "Dan calls", *PAT], settings, seats)
    assert raise_option([*lines, f"Anna raises {high}"], settings, seats)[0] == "Dan"
    assert fails([*lines, f"Anna raises {low - 1}"], settings, seats) == "bet-size"
    over = fails([*lines, f"Anna raises {high + 1}"], settings, seats)
    assert over == ("over-stack" if kind == "no-limit" else "bet-size")


@pytest.mark.parametrize(
    ("settings", "seats", "amounts"),
    [
        # pot limit: bet 8; 12 and 15 raise by 4 and 3, together 7 of the 8 a full raise needs.
        pytest.param(PL, {"Anna": 100, "Ben": 14, "Cara": 17, "Dan": 100}, (8, 12, 15), id="pl"),
        pytest.param(NL, {"Anna": 100, "Ben": 14, "Cara": 17, "Dan": 100}, (8, 12, 15), id="nl"),
        # spread limit: bet 5; 7 and 9 raise by 2 and 2, together 4 of 5.
        pytest.param(SPREAD, {"Anna": 100, "Ben": 9, "Cara": 11, "Dan": 100}, (5, 7, 9), id="sl"),
    ],
)
def test_short_all_ins_short_of_a_full_raise_together_do_not_reopen(
    settings: GameSettings, seats: dict[str, int], amounts: tuple[int, int, int]
) -> None:
    """The control: the short raises since Anna acted add up to less than a full raise, so
    Anna may only call or fold (PokerKit too)."""
    lines = LIMPED + _short_raises(*amounts)
    assert raise_option(lines, settings, seats) == ("Anna", None)
    kind = settings.structure.kind
    if kind in ("no-limit", "pot-limit"):
        assert raise_range_after(kind, (1, 2), seats, lines) is None
    assert fails([*lines, "Anna raises 40"], settings, seats) == "raise-not-reopened"
    legal_so_far([*lines, "Anna calls", *PAT[:1]], settings, seats)


def test_only_the_raises_since_a_player_acted_count_for_him() -> None:
    """The TDA's example: A bets 100, B all-in 125, C calls, D all-in 200, E calls.  A faces 100,
    a full raise, and may raise; C, who called 125, faces only D's 75 and may only call or
    fold, though the short raises of the round add up to a full one.  Here (no limit 1/2) Anna
    bets 10, Ben goes all-in to 15, Cara calls, Dan goes all-in to 20: Anna faces 10, Cara 5.
    PokerKit agrees with both."""
    seats = {"Anna": 100, "Ben": 17, "Cara": 100, "Dan": 22}
    lines = LIMPED + ["Anna bets 10", "Ben raises 15 allin", "Cara calls", "Dan raises 20 allin"]
    assert raise_option(lines, NL, seats) == ("Anna", (30, 98))
    assert raise_range_after("no-limit", (1, 2), seats, lines) == (30, 98)
    called = [*lines, "Anna calls"]
    assert raise_option(called, NL, seats) == ("Cara", None)
    assert raise_range_after("no-limit", (1, 2), seats, called) is None
    assert fails([*called, "Cara raises 40"], NL, seats) == "raise-not-reopened"
    # Anna raises by a full raise: that reopens the betting for everybody, Cara included.
    raised = [*lines, "Anna raises 30"]
    assert raise_option(raised, NL, seats) == ("Cara", (40, 98))
    assert raise_range_after("no-limit", (1, 2), seats, raised) == (40, 98)


def test_the_refusal_names_the_raises_and_the_full_raise() -> None:
    """The message says how much the short all-ins since the player acted raised the bet, and
    what a full raise is."""
    seats = {"Anna": 100, "Ben": 14, "Cara": 17, "Dan": 100}
    rec = record(seats, "Dan", [*LIMPED, *_short_raises(8, 12, 15), "Anna raises 40"], settings=PL)
    with pytest.raises(IllegalAction) as err:
        replay_hand(rec)
    assert err.value.message == (
        "Anna raises, but the short all-ins since Anna acted raised the bet by 7, less than a "
        "full raise of 8: the betting is not reopened for Anna"
    )


FL48 = GameSettings(structure=Structure("fixed-limit", 4, 8), small_blind=2, big_blind=4)


def test_fixed_limit_half_a_bet_counts_from_each_players_action() -> None:
    """The same rule in fixed limit under ``half-bet-reopens`` (the default): there half a bet
    is enough.  4/8, round 2: Anna bets 4, Ben goes all-in to 5, Cara calls, Dan goes all-in to
    6.  Anna faces 2, half the bet, and may raise (completing to the full level, 8); Cara, who
    called 5, faces 1 and may only call or fold.  With the house rule off only a full bet since
    a player acted would do.  (The TDA's rule for limit: half a bet "is required to re-open
    betting for players who have already acted".  PokerKit's fixed limit is another house rule,
    ``fixed-limit-raises pokerkit``, tested with the PHH hands.)"""
    seats = {"Anna": 100, "Ben": 9, "Cara": 100, "Dan": 10}
    lines = LIMPED + ["Anna bets 4", "Ben raises 5 allin", "Cara calls", "Dan raises 6 allin"]
    assert raise_option(lines, FL48, seats) == ("Anna", (8, 8))
    called = [*lines, "Anna calls"]
    assert raise_option(called, FL48, seats) == ("Cara", None)
    assert fails([*called, "Cara raises 8"], FL48, seats) == "raise-not-reopened"
    legal_so_far([*lines, "Anna raises 8", "Cara raises 12", "Anna calls", *PAT], FL48, seats)
    strict = GameSettings(
        structure=FL48.structure,
        small_blind=2,
        big_blind=4,
        house=HouseRules(half_bet_reopens=False),
    )
    assert fails([*lines, "Anna raises 8"], strict, seats) == "raise-not-reopened"


STARS_MTT = "pokerstars/LBad-USD-MTT8-201011.txt"
"""A PokerStars fixed-limit Badugi tournament of the corpus: its short all-in raises show what
the house rules ``half-bet-reopens yes`` and ``fixed-limit-raises card-room`` (the defaults)
take from the card rooms (README, *Rules and house rules*, "short all-in raises")."""

HALF_BET_HANDS = [
    # Lines 1300-1307: bet 60 (the small bet), Player19 raises to 120, Player13 all-in to 150
    # (half a bet more), two calls; Player19, who had acted, raises "30 to 180".
    pytest.param("52476877655", "Player19", id="half-a-bet"),
    # Lines 3008-3015: bet 100, Player21 raises to 200, Player1 all-in to 270 (more than half a
    # bet, less than a whole one), Player3 and Player8 call; Player21 raises "30 to 300".
    pytest.param("52478520236", "Player21", id="more-than-half"),
]


def _stars_hand(corpus_dir: Path, hand_id: str) -> HandRecord:
    (rec,) = (
        r
        for r in read_hands(corpus_dir / STARS_MTT)
        if isinstance(r, HandRecord) and r.hand_id == hand_id
    )
    return rec


def _with_house(rec: HandRecord, **rules: object) -> HandRecord:
    house = replace(rec.settings.house, **rules)
    return replace(rec, settings=replace(rec.settings, house=house))


@pytest.mark.parametrize(("hand_id", "raiser"), HALF_BET_HANDS)
def test_pokerstars_reopens_the_betting_after_an_all_in_of_half_a_bet(
    corpus_dir: Path, hand_id: str, raiser: str
) -> None:
    """Fixed limit, an all-in raise of at least half a bet and less than a whole one: a player
    who had acted before it may raise again, and his raise completes it to the full level (one
    bet above the last full raise, not above the all-in).  Both PokerStars hands replay under
    the defaults; with ``half-bet-reopens no`` the raise is refused as not reopened, as it is
    under PokerKit's reading (``fixed-limit-raises pokerkit``)."""
    rec = _stars_hand(corpus_dir, hand_id)
    assert replay_hand(rec).violations == ()
    for rules in ({"half_bet_reopens": False}, {"fixed_limit_raises": "pokerkit"}):
        with pytest.raises(IllegalAction) as err:
            replay_hand(_with_house(rec, **rules))
        assert err.value.rule == "raise-not-reopened"
        assert err.value.message.startswith(f"{raiser} raises")


def test_pokerstars_completes_a_short_all_in_to_the_full_level(corpus_dir: Path) -> None:
    """Lines 4589-4594, hand 52479754591 (blinds 150/300): Player15 calls 300, Player19 raises
    all-in to 550, short of a full raise; the small blind, Player0, raises "50 to 600", one bet
    above the last full level (300), not above the all-in (PokerKit's 850)."""
    rec = _stars_hand(corpus_dir, "52479754591")
    assert replay_hand(rec).violations == ()
    with pytest.raises(IllegalAction) as err:
        replay_hand(_with_house(rec, fixed_limit_raises="pokerkit"))
    assert (err.value.rule, err.value.message) == (
        "bet-size",
        "Player0 raises to 600; in fixed limit this raise is to 850 (000)",
    )


ONE_SHORT_ALL_IN = [
    # no limit: bet 8, Ben all-in to 12 (4 more, short of 8): Cara raises to 12 + 8 or more.
    pytest.param(NL, 8, 12, (20, 98), id="no-limit"),
    # pot limit: the pot of 28 (8 + 8 + 12) and Cara's call of 12 on top of the 12.
    pytest.param(PL, 8, 12, (20, 52), id="pot-limit"),
    # half-pot limit: bet 4 (half the pot of 8), Ben all-in to 6; Cara raises by the last full
    # raise (4) or more, at most half of the pot of 18 and her call of 6: to 6 + 12.
    pytest.param(HPL, 4, 6, (10, 18), id="half-pot"),
    # spread limit 2-10: bet 5, Ben all-in to 8; Cara raises by 5 (the last full raise) to 10.
    pytest.param(SPREAD, 5, 8, (13, 18), id="spread"),
]


@pytest.mark.parametrize(("settings", "bet", "all_in", "span"), ONE_SHORT_ALL_IN)
def test_after_one_short_all_in_the_sizes_count_from_the_all_in(
    settings: GameSettings, bet: int, all_in: int, span: tuple[int, int]
) -> None:
    """House rule "short all-in raises" (README) in the structures with sizes to choose: a
    player who has not acted faces the all-in as the bet, and may raise by the last full raise
    (the bet) or more, up to what the structure allows over the all-in (pot limit: the pot
    after calling it; half-pot: half of that; spread limit: the spread's most); PokerKit gives
    the same totals where it has the structure.  The player who bet, facing only the short
    raise when the action comes back to him, may call or fold and not raise."""
    seats = {"Anna": 100, "Ben": all_in + 2, "Cara": 100, "Dan": 100}
    lines = [*LIMPED, f"Anna bets {bet}", f"Ben raises {all_in} allin"]
    assert raise_option(lines, settings, seats) == ("Cara", span)
    kind = settings.structure.kind
    if kind in ("no-limit", "pot-limit"):
        assert raise_range_after(kind, (1, 2), seats, lines) == span
    low, high = span
    assert fails([*lines, f"Cara raises {low - 1}"], settings, seats) == "bet-size"
    over = fails([*lines, f"Cara raises {high + 1}"], settings, seats)
    assert over == ("over-stack" if kind == "no-limit" else "bet-size")
    called = [*lines, "Cara calls", "Dan calls"]
    assert raise_option(called, settings, seats) == ("Anna", None)
    if kind in ("no-limit", "pot-limit"):
        assert raise_range_after(kind, (1, 2), seats, called) is None
    assert fails([*called, f"Anna raises {low}"], settings, seats) == "raise-not-reopened"
    legal_so_far([*called, "Anna calls", *PAT[:1]], settings, seats)
