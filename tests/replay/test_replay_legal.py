"""The legal next actions of a partly recorded hand (``replay/legal.py``).

Sources, by file in ``shared/seeds/``: ``000`` ("A good start": fixed limit 1/2 blinds, 2/4
bets, a bet and three raises; "Playing a hand" 5: the showdown order), ``001`` ("Rules":
the first betting round starts left of the big blind, later ones left of the button; a bet is
at least the big blind; pot limit, no limit, half-pot limit; side pots), ``002`` (Progressive
Badugi draws of none to four cards; "with a Buy", seeds README item 7), ``003`` (spread limit
among the structures), ``004`` (fixed limit 6/12: after draw two a full raise is to 24, not 18;
Badacey draws from five cards), seeds README item 3 (the reshuffle), item 6 (the cap).

The property at the end holds the options to the engine on simulated hands of every game and
structure: the recorded next event is always offered, and every offered event replays.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from badugi_ledger.model.errors import IllegalAction
from badugi_ledger.model.events import (
    Action,
    Buy,
    Draw,
    Event,
    HandRecord,
    Muck,
    Post,
    Show,
)
from badugi_ledger.model.settings import GameSettings, HouseRules, Structure
from badugi_ledger.replay import TableTracker, replay_hand
from badugi_ledger.replay.hand import play_events
from badugi_ledger.replay.legal import LegalOption, NextActions, event_at, next_actions
from badugi_ledger.replay.state import UNKNOWN_STACK
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands
from tests.helpers.replay_builder import record

FOUR = ["Anna", "Ben", "Cara", "Dan"]  # button Dan: Anna small blind, Ben big blind
POSTS = ["Anna posts sb", "Ben posts bb"]


def fixed(small: int = 2, big: int = 4, **kw: object) -> GameSettings:
    return GameSettings(structure=Structure("fixed-limit", small, big), **kw)  # type: ignore[arg-type]


def structure(kind: str, **kw: object) -> GameSettings:
    return GameSettings(structure=Structure(kind, **kw))  # type: ignore[arg-type]


def actions(
    lines: Sequence[str],
    settings: GameSettings | None = None,
    seats: object = None,
    button: str = "Dan",
) -> NextActions:
    return next_actions(record(seats or FOUR, button, lines, settings=settings))  # type: ignore[arg-type]


def kinds(na: NextActions) -> list[tuple[str, str, int | None, int | None]]:
    return [(o.player, o.kind, o.amount, o.max_amount) for o in na.options]


def option(na: NextActions, kind: str) -> LegalOption:
    [found] = [o for o in na.options if o.kind == kind]
    return found


def replays(rec: HandRecord, ev: Event) -> bool:
    """Whether ``ev`` appended to ``rec`` replays without a broken rule."""
    try:
        play_events(replace(rec, events=(*rec.events, ev), positions=()))
    except IllegalAction:
        return False
    return True


# --- fixed limit ------------------------------------------------------------------------------


def test_fixed_limit_first_round_after_the_blinds() -> None:
    """``000`` "A good start" (fixed limit, blinds 1/2, bets of 2 in round 1) and ``001``
    "Rules" (round 1 starts left of the big blind): Cara acts first, may call 2 or raise to 4."""
    na = actions(POSTS, fixed(), seats={"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 100})
    assert (na.phase, na.player, na.complete) == ("betting round 1", "Cara", False)
    assert kinds(na) == [
        ("Cara", "fold", None, None),
        ("Cara", "call", 2, 2),
        ("Cara", "raise", 4, 4),
    ]
    assert option(na, "raise").event == Action("Cara", "raise", 4)
    assert [(p.name, p.amount, p.eligible) for p in na.pots] == [("main", 3, tuple(FOUR))]


def test_fixed_limit_check_and_bet_in_a_later_round() -> None:
    """``001`` "Rules": round 2 starts with the first active player left of the button."""
    lines = [*POSTS, "Cara calls", "Dan calls", "Anna calls", "Ben checks"]
    lines += ["Anna pat", "Ben pat", "Cara pat", "Dan pat"]
    na = actions(lines, fixed())
    assert na.phase == "betting round 2" and na.player == "Anna"
    assert kinds(na) == [("Anna", "fold", None, None), ("Anna", "check", None, None),
                         ("Anna", "bet", 2, 2)]  # fmt: skip


def test_fixed_limit_cap_of_a_bet_and_three_raises() -> None:
    """``000`` "A good start" and seeds README item 6: the big blind is the bet, three raises
    make the cap, and then nobody may raise, heads-up included unless the house lifts it."""
    lines = [*POSTS, "Cara raises 4", "Dan raises 6", "Anna raises 8"]
    na = actions(lines, fixed())
    assert na.player == "Ben"
    assert kinds(na) == [("Ben", "fold", None, None), ("Ben", "call", 6, 6)]
    rec = record(FOUR, "Dan", lines, settings=fixed())
    assert not replays(rec, Action("Ben", "raise", 10))


def test_fixed_limit_cap_lifted_heads_up_by_house_rule() -> None:
    """Seeds README item 6: ``heads-up-uncapped`` lifts the cap with two players left."""
    settings = fixed(house=HouseRules(heads_up_uncapped=True))
    lines = ["Dan posts sb", "Anna posts bb", "Dan raises 4", "Anna raises 6", "Dan raises 8"]
    na = actions(lines, settings, seats=["Anna", "Dan"], button="Dan")
    assert option(na, "raise").amount == 10


def test_fixed_limit_big_bet_after_draw_two() -> None:
    """``004`` (6/12: after draw two an opening bet is 12 and a full raise makes 24; a raise
    to 18 is refused, exercise 6)."""
    settings = fixed(6, 12, small_blind=3, big_blind=6)
    lines = [*POSTS, "Cara calls", "Dan calls", "Anna calls", "Ben checks"]
    lines += ["Anna pat", "Ben pat", "Cara pat", "Dan pat"]
    lines += ["Anna checks", "Ben checks", "Cara checks", "Dan checks"]
    lines += ["Anna pat", "Ben pat", "Cara pat", "Dan pat", "Anna bets 12"]
    na = actions(lines, settings)
    assert na.phase == "betting round 3"
    assert kinds(na)[1:] == [("Ben", "call", 12, 12), ("Ben", "raise", 24, 24)]
    rec = record(FOUR, "Dan", lines, settings=settings)
    assert not replays(rec, Action("Ben", "raise", 18))
    assert replays(rec, option(na, "raise").event)


def test_fixed_limit_all_in_short_of_a_raise() -> None:
    """``001`` (all-in and side pots) with the engine's half-bet rule (raises.py): a player
    with 3 chips behind may call 2 or raise all-in to 3, nothing else."""
    seats = {"Anna": 100, "Ben": 100, "Cara": 3, "Dan": 100}
    na = actions(POSTS, fixed(), seats=seats)
    raise_ = option(na, "raise")
    assert (raise_.amount, raise_.max_amount, raise_.all_in_amount) == (3, 3, 3)
    assert raise_.event == Action("Cara", "raise", 3, True)
    rec = record(seats, "Dan", POSTS, settings=fixed())
    assert not replays(rec, Action("Cara", "raise", 4))


# --- pot, half-pot, no and spread limit ------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "low", "high"),
    [
        ("pot-limit", 4, 7),  # 001: up to the pot after calling: 2 + (3 + 2)
        ("half-pot-limit", 4, 4),  # 001: half of that: 2 + (3 + 2) // 2
        ("no-limit", 4, 100),  # 001: at least the big blind more, up to the stack
    ],
)
def test_raise_range_by_structure(kind: str, low: int, high: int) -> None:
    """``001`` "Rules" (pot limit, no limit, half-pot limit; a bet at least the big blind)."""
    na = actions(POSTS, structure(kind))
    raise_ = option(na, "raise")
    assert (raise_.amount, raise_.max_amount) == (low, high)
    assert raise_.all_in_amount == (100 if high == 100 else None)
    rec = record(FOUR, "Dan", POSTS, settings=structure(kind))
    assert replays(rec, event_at(raise_, low)) and replays(rec, event_at(raise_, high))
    assert not replays(rec, event_at(raise_, low - 1))
    assert not replays(rec, event_at(raise_, high + 1))


def test_spread_limit_range() -> None:
    """``003`` (spread limit among the structures): every bet or raise adds 2 to 10."""
    settings = structure("spread-limit", spread_min=2, spread_max=10)
    na = actions(POSTS, settings)
    raise_ = option(na, "raise")
    assert (raise_.amount, raise_.max_amount) == (4, 12)
    rec = record(FOUR, "Dan", POSTS, settings=settings)
    assert not replays(rec, event_at(raise_, 13)) and not replays(rec, event_at(raise_, 3))


def test_no_limit_short_all_in_does_not_reopen() -> None:
    """``001`` (no limit) with the engine's rule (raises.py): a short all-in raise does not
    reopen the betting for a player who has acted: Cara may only call or fold."""
    seats = {"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 15}
    lines = [*POSTS, "Cara raises 10", "Dan raises 15 allin", "Anna folds", "Ben folds"]
    na = actions(lines, structure("no-limit"), seats=seats)
    assert kinds(na) == [("Cara", "fold", None, None), ("Cara", "call", 5, 5)]


def test_no_limit_short_stack_raises_all_in_for_less() -> None:
    """``001`` (all-in for less than a raise): with 3 chips behind, only 3 all-in."""
    seats = {"Anna": 100, "Ben": 100, "Cara": 3, "Dan": 100}
    na = actions(POSTS, structure("no-limit"), seats=seats)
    raise_ = option(na, "raise")
    assert (raise_.amount, raise_.max_amount, raise_.all_in_amount) == (3, 3, 3)


def test_call_all_in_for_less() -> None:
    """A call for less than owed puts the last chip in (``001`` side pots)."""
    seats = {"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 1}
    na = actions([*POSTS, "Cara raises 4"], fixed(), seats=seats)
    call = option(na, "call")
    assert (call.amount, call.all_in_amount) == (1, 1)
    assert call.event == Action("Dan", "call", 1, True)
    assert "raise" not in [o.kind for o in na.options]


@pytest.mark.parametrize(("kind", "high"), [("no-limit", None), ("pot-limit", 7)])
def test_an_unknown_stack_may_bet_or_raise_all_in_from_one_chip_above_the_bet(
    kind: str, high: int | None
) -> None:
    """grammar/README.md: after a hand that could not be replayed "an all-in in the record
    shows a stack"; an all-in short of a full raise (``001``: a raise is at least the last
    one) is still a raise (raises.py).  Cara's stack is unknown: all-in she may raise to
    anything above the big blind (3), up to what the structure allows, and bet all-in from 1
    in the next round; a raise not said all-in is offered from the least raise (4)."""
    seats: dict[str, int | None] = dict.fromkeys(FOUR)
    unknown = dict.fromkeys(FOUR, UNKNOWN_STACK)
    rec = record(seats, "Dan", POSTS, settings=structure(kind))
    raise_ = option(next_actions(rec, stacks=unknown), "raise")
    assert (raise_.amount, raise_.max_amount, raise_.all_in_least) == (4, high, 3)
    assert raise_.all_in_amount is None
    short = event_at(raise_, 3, all_in=True)
    assert short == Action("Cara", "raise", 3, True)
    assert replays_from(rec, short, unknown)
    assert not replays_from(rec, event_at(raise_, 2, all_in=True), unknown)  # a call
    calls = [*POSTS, "Cara calls", "Dan calls", "Anna calls", "Ben checks"]
    pats = ["Anna pat", "Ben pat", "Cara pat", "Dan pat"]
    later = record(seats, "Dan", [*calls, *pats], settings=structure(kind))
    bet = option(next_actions(later, stacks=unknown), "bet")
    assert (bet.amount, bet.all_in_least) == (2, 1)
    assert replays_from(later, event_at(bet, 1, all_in=True), unknown)


def test_an_unknown_stack_may_raise_all_in_short_of_the_fixed_raise() -> None:
    """``000`` (fixed limit: the raise is to 4 after blinds 1/2) and ``001`` (all-in for less
    than a raise): a short all-in raise of a stack nobody knows is a raise still (raises.py),
    one chip above the bet up to the fixed raise, though the raise itself has one amount."""
    seats: dict[str, int | None] = dict.fromkeys(FOUR)
    unknown = dict.fromkeys(FOUR, UNKNOWN_STACK)
    rec = record(seats, "Dan", POSTS, settings=fixed())
    raise_ = option(next_actions(rec, stacks=unknown), "raise")
    assert (raise_.amount, raise_.max_amount, raise_.all_in_least) == (4, 4, 3)
    assert raise_.all_in_amount is None
    assert event_at(raise_, 3, all_in=True) == Action("Cara", "raise", 3, True)
    for total in (3, 4):
        assert replays_from(rec, event_at(raise_, total, all_in=True), unknown)
    for total in (2, 5):
        assert not replays_from(rec, event_at(raise_, total, all_in=True), unknown)


@pytest.mark.parametrize("settings", [fixed(), structure("no-limit")], ids=["fixed", "no-limit"])
def test_an_unknown_stack_may_call_all_in_for_what_is_due_or_less(settings: GameSettings) -> None:
    """grammar/README.md (``NAME calls [N] [all-in]``, N the chips the call puts in; "an all-in
    in the record shows a stack") and ``001`` (all-in for less than a call, side pots): a call
    all-in of a stack nobody knows puts in one chip up to what is due (betting.py), which shows
    the stack.  Cara owes 2."""
    seats: dict[str, int | None] = dict.fromkeys(FOUR)
    unknown = dict.fromkeys(FOUR, UNKNOWN_STACK)
    rec = record(seats, "Dan", POSTS, settings=settings)
    call = option(next_actions(rec, stacks=unknown), "call")
    assert (call.amount, call.max_amount, call.all_in_amount, call.all_in_least) == (2, 2, None, 1)
    assert call.event == Action("Cara", "call", 2)
    assert event_at(call, 1, all_in=True) == Action("Cara", "call", 1, True)
    for chips in (1, 2):
        assert replays_from(rec, event_at(call, chips, all_in=True), unknown)
    for chips in (0, 3):
        assert not replays_from(rec, event_at(call, chips, all_in=True), unknown)
    known = option(next_actions(record(FOUR, "Dan", POSTS, settings=settings)), "call")
    assert known.all_in_least is None  # a known stack's call is all-in at its stack only


def test_a_known_stack_has_no_all_in_of_its_choosing() -> None:
    """A stack the record knows is all-in at one amount, ``all_in_amount``."""
    raise_ = option(actions(POSTS, structure("no-limit")), "raise")
    assert (raise_.all_in_amount, raise_.all_in_least) == (100, None)


def replays_from(rec: HandRecord, ev: Event, stacks: dict[str, int]) -> bool:
    """Whether ``ev`` appended to ``rec``, played from ``stacks``, replays."""
    try:
        play_events(replace(rec, events=(*rec.events, ev), positions=()), stacks=stacks)
    except IllegalAction:
        return False
    return True


# --- forced bets -----------------------------------------------------------------------------


def test_missing_big_blind_is_the_next_option() -> None:
    """``000`` (the two players left of the button post the blinds): with the small blind
    written, the big blind is due before anyone acts."""
    na = actions(["Anna posts sb"], fixed())
    assert na.player == "Ben"
    assert na.phase == "forced bets"
    assert kinds(na) == [("Ben", "post", 2, 2)]
    assert na.options[0].event == Post("Ben", "big-blind")


def test_antes_due_from_every_player() -> None:
    """Seeds README item 8 (antes as an option): every player dealt in owes one."""
    settings = fixed(ante=1)
    na = actions(["Anna posts ante"], settings)
    assert [(o.player, o.event.kind) for o in na.options] == [  # type: ignore[union-attr]
        ("Ben", "ante"),
        ("Cara", "ante"),
        ("Dan", "ante"),
        ("Anna", "small-blind"),
        ("Ben", "big-blind"),
    ]
    assert na.player == "Ben"  # antes first, clockwise from the button's left


def test_an_unknown_stack_may_post_all_in_for_less() -> None:
    """grammar/README.md, "Forced bets": a hand that writes any post gets exactly what it
    writes, "a short all-in blind" too, and one that writes none gets the implied blinds, in
    full for a stack nobody knows; ``001``: a player without enough chips posts all-in for less
    (betting.py).  No post written, stacks unknown: beside Cara's first action the blinds of
    Anna and Ben are offered, each all-in from one chip up to the blind, and appended all-in
    they replay; the other blind is then due, as a forced bet, with its own all-in.  Known
    stacks, or ``posts none``, are offered no post."""
    seats: dict[str, int | None] = dict.fromkeys(FOUR)
    unknown = dict.fromkeys(FOUR, UNKNOWN_STACK)
    rec = record(seats, "Dan", [], settings=fixed())
    na = next_actions(rec, stacks=unknown)
    assert (na.phase, na.player) == ("betting round 1", "Cara")
    posts = [o for o in na.options if o.kind == "post"]
    assert [(o.player, o.amount, o.max_amount, o.all_in_least) for o in posts] == [
        ("Anna", 1, 1, 1),
        ("Ben", 2, 2, 1),
    ]
    assert [o.kind for o in na.options[2:]] == ["fold", "call", "raise"]
    big = posts[1]
    assert event_at(big, 1, all_in=True) == Post("Ben", "big-blind", 1, True)
    assert event_at(big, all_in=True) == Post("Ben", "big-blind", 2, True)
    for chips in (1, 2):
        assert replays_from(rec, event_at(big, chips, all_in=True), unknown)
    assert not replays_from(rec, event_at(big, 3, all_in=True), unknown)
    short = record(seats, "Dan", ["Ben posts bb 1 allin"], settings=fixed())
    after = next_actions(short, stacks=unknown)
    assert after.phase == "forced bets"
    assert [(o.player, o.all_in_least) for o in after.options] == [("Anna", 1)]
    assert replays_from(short, event_at(after.options[0], 1, all_in=True), unknown)
    assert not [o for o in actions([], fixed()).options if o.kind == "post"]
    bare = replace(rec, posts_none=True)
    assert not [o for o in next_actions(bare, stacks=unknown).options if o.kind == "post"]


def test_short_stack_posts_all_in() -> None:
    """A player shorter than the blind posts what they have (betting.py, ``001``)."""
    na = actions(["Anna posts sb"], fixed(), seats={"Anna": 100, "Ben": 1, "Cara": 100, "Dan": 9})
    assert (na.options[0].amount, na.options[0].all_in_amount) == (1, 1)


# --- draws ------------------------------------------------------------------------------------


ROUND_ONE = [*POSTS, "Cara calls", "Dan calls", "Anna calls", "Ben checks"]


def test_draw_order_and_counts() -> None:
    """``000`` / ``002`` (each draw starts with the first active player left of the button;
    none to four cards)."""
    na = actions([*ROUND_ONE, "Anna draws 2"], fixed())
    assert (na.phase, na.player) == ("draw 1", "Ben")
    assert [(o.kind, o.cards) for o in na.options] == [("stand pat", 0), ("draw", 4)]
    rec = record(FOUR, "Dan", [*ROUND_ONE, "Anna draws 2"], settings=fixed())
    assert replays(rec, event_at(na.options[1], 4))
    assert not replays(rec, event_at(na.options[1], 5))


def test_badacey_draws_up_to_five() -> None:
    """``004`` (Badacey: five cards, any of them may be exchanged)."""
    na = actions(ROUND_ONE, fixed(game="badacey"))
    assert option(na, "draw").cards == 5


def test_draw_after_the_stub_runs_out_offers_every_card() -> None:
    """Seeds README item 3 (``001``: when the stub cannot serve a draw, the discards are
    reshuffled, the player's own excluded): with 8 players the stub is 20, so draw 1 runs it
    out; the draw after still offers the whole hand, and the replay serves it."""
    eight = [f"P{i}" for i in range(8)]
    lines = ["P0 posts sb", "P1 posts bb"] + [f"P{i} calls" for i in range(2, 8)]
    lines += ["P0 calls", "P1 checks"]
    lines += [f"P{i} draws 4" for i in range(8)]  # 32 cards from a stub of 20: a reshuffle
    lines += [f"P{i} checks" for i in range(8)]
    rec = record(eight, "P7", lines, settings=fixed())
    na = next_actions(rec)
    assert na.phase == "draw 2" and option(na, "draw").cards == 4
    assert replays(rec, event_at(option(na, "draw"), 4))


def test_draw_under_discards_first() -> None:
    """The ``discards-first`` reshuffle rule (grammar/README, PHH as PokerKit deals): the
    draw's cards are served once everyone has discarded, and every card may still go."""
    settings = fixed(house=HouseRules(reshuffle="discards-first"))
    na = actions([*ROUND_ONE, "Anna draws 4", "Ben draws 4"], settings)
    assert (na.player, option(na, "draw").cards) == ("Cara", 4)


def test_with_a_buy() -> None:
    """``002`` "with a Buy" as seeds README item 7 reads it: a paid replacement, twice."""
    settings = GameSettings(
        "progressive-badugi", Structure("fixed-limit", 2, 4), with_buy=True,
        house=HouseRules(buy_price=2),
    )  # fmt: skip
    na = actions(ROUND_ONE, settings)
    buy = option(na, "buy")
    assert (buy.amount, buy.event) == (2, Buy("Anna", None, None, 2))
    lines = [*ROUND_ONE, "Anna buys >", "Ben pat", "Cara pat", "Dan pat"]
    lines += ["Anna checks", "Ben checks", "Cara checks", "Dan checks"]
    lines += ["Anna buys >"]
    na = actions(lines[:-1], settings)
    assert option(na, "buy")
    after_two = actions([*lines, "Ben pat", "Cara pat", "Dan pat"] + [
        "Anna checks", "Ben checks", "Cara checks", "Dan checks"], settings)  # fmt: skip
    assert after_two.phase == "draw 3"
    assert "buy" not in [o.kind for o in after_two.options]


# --- showdown ---------------------------------------------------------------------------------


def _to_showdown(last_round: list[str]) -> list[str]:
    lines = [*POSTS, "Cara folds", "Dan folds", "Anna calls", "Ben checks"]
    for _ in range(3):
        lines += ["Anna pat", "Ben pat"]
        lines += ["Anna checks", "Ben checks"] if _ < 2 else last_round
    return lines


def test_showdown_last_bettor_shows_first() -> None:
    """``000`` "Playing a hand" 5: the player who made the last bet or raise shows first."""
    na = actions(_to_showdown(["Anna checks", "Ben bets 4", "Anna calls"]), fixed())
    assert (na.phase, na.player, na.complete) == ("showdown", "Ben", False)
    assert [(o.player, o.kind) for o in na.options] == [
        ("Ben", "show"),
        ("Ben", "muck"),
        ("Anna", "show"),
        ("Anna", "muck"),
    ]
    assert na.options[0].event == Show("Ben", (None,) * 4)  # cards to fill in


@pytest.mark.parametrize(("game", "size"), [("badugi", 4), ("badacey", 5), ("badeucey", 5)])
def test_a_show_asks_for_as_many_cards_as_the_game_deals(game: str, size: int) -> None:
    """``000`` (Badugi: four cards) and ``004`` (Badacey and Badeucey: five): a show option
    says how many cards a hand holds, so a page asks for that many, and its event shows them."""
    na = actions(_to_showdown(["Anna checks", "Ben checks"]), fixed(game=game))
    shows = [o for o in na.options if o.kind == "show"]
    assert [(o.player, o.cards) for o in shows] == [("Anna", size), ("Ben", size)]
    assert all(o.event == Show(o.player, (None,) * size) for o in shows)


def test_showdown_everyone_checked_first_left_of_button_shows() -> None:
    """``000`` "Playing a hand" 5: if everyone checked, the first player still in to the
    dealer's left shows first; once both have shown the hand needs nothing more."""
    lines = _to_showdown(["Anna checks", "Ben checks"])
    na = actions(lines, fixed())
    assert na.player == "Anna"
    shown = actions([*lines, "Anna shows As 2c 3d 4h", "Ben shows 5s 6c 7d 8h"], fixed())
    assert shown.complete and shown.options == () and shown.player is None
    mucked = actions([*lines, "Anna shows As 2c 3d 4h", "Ben mucks"], fixed())
    assert mucked.complete


def test_folded_hand_is_complete() -> None:
    """``001``: all but one fold and the hand is over; the pot is built by the settlement's
    own pot builder."""
    na = actions([*POSTS, "Cara folds", "Dan folds", "Anna folds"], fixed())
    assert (na.phase, na.complete, na.options, na.player) == ("complete", True, (), None)
    # Ben's big blind is matched by 1 only: the other chip goes back, as the settlement says.
    assert na.uncalled == ("Ben", 1) and [p.amount for p in na.pots] == [2]


def test_pots_with_an_all_in() -> None:
    """``001`` (side pots): Dan all-in for 1 contests the main pot only."""
    seats = {"Anna": 100, "Ben": 100, "Cara": 100, "Dan": 1}
    na = actions([*POSTS, "Cara calls", "Dan calls 1 allin", "Anna calls"], fixed(), seats=seats)
    assert [(p.name, p.amount, p.eligible) for p in na.pots] == [
        ("main", 4, ("Anna", "Ben", "Cara", "Dan")),
        ("side 1", 3, ("Anna", "Ben", "Cara")),
    ]


def test_illegal_prefix_raises_the_replays_error() -> None:
    """The walk is the replay's: the same rule, the same words."""
    rec = record(FOUR, "Dan", [*POSTS, "Dan calls"], settings=fixed())
    with pytest.raises(IllegalAction) as ours:
        next_actions(rec)
    with pytest.raises(IllegalAction) as theirs:
        replay_hand(rec)
    assert (ours.value.rule, ours.value.message) == (theirs.value.rule, theirs.value.message)


# --- the property: simulated hands of every game and structure --------------------------------

_OFFERED = (Action, Draw, Buy, Show, Muck, Post)


def _matches(ev: Event, options: tuple[LegalOption, ...]) -> bool:
    for o in options:
        if o.player != getattr(ev, "player", None):
            continue
        if isinstance(ev, Action) and o.kind == ev.verb:
            if ev.verb in ("bet", "raise"):
                return ev.amount is None or o.amount <= ev.amount <= o.max_amount  # type: ignore[operator]
            if ev.verb == "call":
                return ev.amount is None or ev.amount == o.amount
            return True
        if isinstance(ev, Draw):
            if ev.count == 0 and o.kind == "stand pat":
                return True
            if ev.count and o.kind == "draw":
                return ev.count <= o.cards  # type: ignore[operator]
        if isinstance(ev, Show) and o.kind == "show" or isinstance(ev, Muck) and o.kind == "muck":
            return True
        if isinstance(ev, Post) and o.kind == "post":
            return o.event.kind == ev.kind  # type: ignore[union-attr]
    return False


def _variants(o: LegalOption) -> list[Event]:
    """The option's event at each end of its range."""
    if o.kind == "draw":
        return [event_at(o, 1), event_at(o, o.cards)]
    if o.kind in ("bet", "raise"):
        return [event_at(o, o.amount), event_at(o, o.max_amount)]
    return [o.event]


def _beyond(o: LegalOption, hand_size: int) -> list[Event]:
    """Just outside the option's range: events the replay must refuse."""
    if o.kind in ("bet", "raise"):
        return [event_at(o, o.amount - 1), event_at(o, o.max_amount + 1)]  # type: ignore[operator]
    if o.kind == "call":
        return [event_at(o, o.amount + 1)]  # type: ignore[operator]
    if o.kind == "draw":
        return [event_at(o, o.cards + 1)]  # type: ignore[operator]
    return []


CASES = [
    (game, kind)
    for game in ("badugi", "progressive-badugi", "badacey", "badeucey")
    for kind in ("fixed-limit", "pot-limit", "half-pot-limit", "no-limit", "spread-limit")
]


@pytest.mark.parametrize(("game", "kind"), CASES)
def test_simulated_hands_only_take_offered_options(game: str, kind: str) -> None:
    """At every prefix of a legal simulated hand the next recorded action, draw, post or
    showdown entry is among the options (kind, amount within range, draw count within
    ``cards``), and every option's event, at each end of its range, replays, while one chip
    or card beyond it does not.  Short stacks (2-12 big blinds) make all-ins, side pots and
    short raises common; a short session keeps stacks carried between hands."""
    options = SimulationOptions(
        hands=12,
        players=4 if game in ("badacey", "badeucey") else 5,
        game=game,  # type: ignore[arg-type]
        structure=kind,  # type: ignore[arg-type]
        seed=CASES.index((game, kind)),
        min_stack=2,
        max_stack=12,
        session_hands=6,
        cards="showdown" if kind == "no-limit" else "all",
        ante=1 if kind == "pot-limit" else 0,
    )
    tracker = TableTracker()
    checked = ranged = 0
    for rec in simulate_hands(options):
        stacks, _ = tracker.carried(rec)
        carry = tracker.table(rec).carry or 0
        events = rec.events
        for i, ev in enumerate(events):
            if not isinstance(ev, _OFFERED):
                continue
            prefix = replace(rec, events=events[:i])
            if isinstance(ev, Post) and not any(isinstance(e, Post) for e in events[:i]):
                continue  # no posts yet: the replay would imply them (legal.py docstring)
            na = next_actions(prefix, stacks=stacks, carry_in=carry)
            assert _matches(ev, na.options), (rec.hand_id, i, ev, na)
            if isinstance(ev, Action | Draw | Buy):
                assert na.player == ev.player
            for o in na.options:
                for variant in _variants(o):
                    assert _replays(prefix, variant, stacks, carry), (rec.hand_id, i, o, variant)
                for wrong in _beyond(o, rec.settings.hand_size):
                    assert not _replays(prefix, wrong, stacks, carry), (rec.hand_id, i, o, wrong)
                ranged += o.amount != o.max_amount
            checked += 1
        assert tracker.replay(rec).ok
    assert checked > 100
    if kind in ("pot-limit", "no-limit", "spread-limit"):
        assert ranged > 10


def _replays(prefix: HandRecord, ev: Event, stacks: dict[str, int], carry: int) -> bool:
    try:
        play_events(replace(prefix, events=(*prefix.events, ev)), stacks=stacks, carry_in=carry)
    except IllegalAction:
        return False
    return True


def test_muck_is_not_offered_to_the_one_contender_left_of_a_pot() -> None:
    """Ann all-in for 4, Ben and Cara fill a side pot; Cara mucks at the showdown: Ben is the
    only contender left of the side pot, so mucking would leave it to nobody
    (``pot-undetermined``): he may show, not muck.  Ann may still muck (Ben contests the main
    pot with her)."""
    from badugi_ledger.text.parse import parse_text

    text = (
        "game badugi · no limit · blinds 1/2\n"
        "hand 1 · button Ann · Ann 4 · Ben 50 · Cara 50\n"
        "Ann raises to 4 all-in · Ben calls 3 · Cara calls 2\n"
        "draw: Ben pat · Cara pat · Ann pat\n"
        "Ben bets 10 · Cara calls 10\n"
        "draw: Ben pat · Cara pat · Ann pat\n"
        "Ben checks · Cara checks\n"
        "draw: Ben pat · Cara pat · Ann pat\n"
        "Ben checks · Cara checks\n"
        "show: Cara mucks\n"
    )
    (hand,) = parse_text(text, "t.bhh")
    nxt = next_actions(hand)
    kinds = {(o.player, o.kind) for o in nxt.options}
    assert ("Ben", "show") in kinds and ("Ben", "muck") not in kinds
    assert ("Ann", "muck") in kinds


def test_muck_stays_offered_to_a_player_whose_side_pot_nobody_else_contests() -> None:
    """Ann all-in for 4; Cara folds later, so the side pot is Ben's alone: he may still muck
    (Ann takes the main pot, the side pot is his whether he shows or not)."""
    from badugi_ledger.text.parse import parse_text

    text = (
        "game badugi · no limit · blinds 1/2\n"
        "hand 1 · button Ann · Ann 4 · Ben 50 · Cara 50\n"
        "Ann raises to 4 all-in · Ben raises to 10 · Cara calls 8\n"
        "draw: Ben pat · Cara pat · Ann pat\n"
        "Ben bets 10 · Cara folds\n"
        "draw: Ben pat · Ann pat\n"
        "draw: Ben pat · Ann pat\n"
    )
    (hand,) = parse_text(text, "t.bhh")
    nxt = next_actions(hand)
    assert [(p.name, p.eligible) for p in nxt.pots] == [
        ("main", ("Ben", "Ann")),
        ("side 1", ("Ben",)),
    ]
    kinds = {(o.player, o.kind) for o in nxt.options}
    assert ("Ben", "muck") in kinds and ("Ann", "muck") in kinds


def test_a_player_with_no_chips_in_the_carried_pot_is_offered_his_draw() -> None:
    """``002`` (the redeal "is dealt to every player at the table") and README "house rules"
    (a player with no chips on a Progressive redeal is dealt in when his chips are in the
    carried pot and the record plays his cards): before his first draw the record cannot
    show whether the table dealt Ben in, and the replay takes his draw in his turn, so it is
    offered, first (he is dealt in), beside Cara's (a table that did not deal him in).  Once
    his turn has passed without him, it is no longer offered."""
    settings = GameSettings("progressive-badugi", Structure("fixed-limit", 2, 4))
    seats = {"Anna": 98, "Ben": 0, "Cara": 98}
    stakes = frozenset({"Anna", "Ben", "Cara"})
    lines = ["Cara bets", "Anna calls"]
    rec = record(seats, "Anna", lines, settings=settings)
    na = next_actions(rec, carry_in=6, carry_stakes=stakes)
    assert na.phase == "draw 1" and na.player == "Ben"
    assert [(o.player, o.kind, o.cards) for o in na.options] == [
        ("Ben", "stand pat", 0),
        ("Ben", "draw", 4),
        ("Cara", "stand pat", 0),
        ("Cara", "draw", 4),
    ]
    for o in na.options:
        for ev in _variants(o):
            assert _replays_with_stakes(rec, ev, 6, stakes), (o, ev)
    passed = record(seats, "Anna", [*lines, "Cara draws 1"], settings=settings)
    later = next_actions(passed, carry_in=6, carry_stakes=stakes)
    assert [(o.player, o.kind) for o in later.options] == [
        ("Anna", "stand pat"),
        ("Anna", "draw"),
    ]


def _replays_with_stakes(rec: HandRecord, ev: Event, carry: int, stakes: frozenset[str]) -> bool:
    try:
        play_events(
            replace(rec, events=(*rec.events, ev), positions=()),
            carry_in=carry,
            carry_stakes=stakes,
        )
    except IllegalAction:
        return False
    return True


def test_a_player_with_no_chips_seated_after_the_last_drawer_is_offered_his_draw() -> None:
    """As above (``002``: the redeal "is dealt to every player at the table"), with Cara, who
    has no chips but hers in the carried pot, seated last in the draw order (button Cara):
    once Anna and Ben have drawn, the first draw is over for the players dealt in, and the
    replay still takes her draw in her turn, before the second betting round.  It is offered
    then, first, beside Anna's betting (a table that did not deal her in)."""
    settings = GameSettings("progressive-badugi", Structure("fixed-limit", 2, 4))
    seats = {"Anna": 98, "Ben": 98, "Cara": 0}
    stakes = frozenset({"Anna", "Ben", "Cara"})
    lines = ["Anna bets", "Ben calls", "Anna pat", "Ben pat"]
    rec = record(seats, "Cara", lines, settings=settings)
    na = next_actions(rec, carry_in=6, carry_stakes=stakes)
    assert (na.phase, na.player) == ("draw 1", "Cara")
    assert [(o.player, o.kind) for o in na.options] == [
        ("Cara", "stand pat"),
        ("Cara", "draw"),
        ("Anna", "fold"),
        ("Anna", "check"),
        ("Anna", "bet"),
    ]
    for o in na.options:
        for ev in _variants(o):
            assert _replays_with_stakes(rec, ev, 6, stakes), (o, ev)
    betting = record(seats, "Cara", [*lines, "Anna checks"], settings=settings)
    later = next_actions(betting, carry_in=6, carry_stakes=stakes)
    assert [(o.player, o.kind) for o in later.options] == [
        ("Ben", "fold"),
        ("Ben", "check"),
        ("Ben", "bet"),
    ]
