"""Hand to hand: stacks carried within a table, the Progressive Badugi carried pot, busts,
and one bad hand not stopping the others.

Sources: ``002`` (no qualifying hand: the pot stays in the middle, a new hand is dealt to every
player, the carried pot goes to the winner of the next pot won, at showdown or by folds; the
redeal's blinds are for the table to agree), seeds README item 5, ``000`` ("Play until only one
player has chips left").
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from badugi_ledger.model.errors import ParseError, Position
from badugi_ledger.model.events import Action, HandRecord, Seat
from badugi_ledger.model.results import CARRY
from badugi_ledger.model.settings import GameSettings, HouseRules
from badugi_ledger.replay import replay_stream
from tests.helpers.replay_builder import assert_balanced, record

FOLDS_TO_BB = ["Anna posts sb", "Ben posts bb", "Cara folds", "Anna folds"]


def test_stacks_carry_between_hands_and_stated_stacks_are_checked() -> None:
    first = record({"Anna": 100, "Ben": 100, "Cara": 100}, "Cara", FOLDS_TO_BB, hand_id="1")
    second = record(
        {"Anna": None, "Ben": None, "Cara": None},
        "Anna",
        ["Ben posts sb", "Cara posts bb", "Anna folds", "Ben folds"],
        hand_id="2",
    )
    third = record(
        {"Anna": 99, "Ben": 100, "Cara": None},
        "Ben",
        ["Cara posts sb", "Anna posts bb"],
        hand_id="3",
    )
    folds, where = _fold("Ben", "Cara")
    third = replace(third, events=third.events + folds, positions=(*third.positions, *where))
    outcomes = list(replay_stream([first, second, third]))
    assert [o.ok for o in outcomes[:2]] == [True, True]
    assert dict(outcomes[1].result.starting_stacks) == {"Anna": 99, "Ben": 101, "Cara": 100}
    assert dict(outcomes[1].result.final_stacks) == {"Anna": 99, "Ben": 100, "Cara": 101}
    # Ben is written with 100 in hand 3: that agrees; Anna with 99 too.  Change one:
    wrong = replace(
        third, seats=tuple(s if s.name != "Ben" else Seat("Ben", 90) for s in third.seats)
    )
    outcome = list(replay_stream([first, second, wrong]))[2]
    assert [(v.rule, v.kind) for v in outcome.errors] == [("stack-carried", "mismatch")]
    assert (
        "Ben starts with 90, but the previous hand left Ben with 100" in outcome.errors[0].message
    )
    assert outcome.result.starting_stacks["Ben"] == 90  # the stated stack is used


def _fold(*players: str) -> tuple[tuple[Action, ...], tuple[Position, ...]]:
    """The folds of ``players`` and where they stand."""
    folds = tuple(Action(p, "fold") for p in players)
    return folds, tuple(Position("test", 90 + i, 1) for i in range(len(players)))


PROGRESSIVE = GameSettings(game="progressive-badugi")
NO_QUALIFIER = [
    "Anna posts sb",
    "Ben posts bb",
    "Anna calls",
    "Ben checks",
    "Ben pat",
    "Anna pat",
    "Ben checks",
    "Anna checks",
    "Ben pat",
    "Anna pat",
    "Ben checks",
    "Anna checks",
    "Ben pat",
    "Anna pat",
    "Ben checks",
    "Anna checks",
    "Ben shows Ts 4h 3d 2c",
    "Anna shows 7s 7h 3c 2d",
]


def test_progressive_pot_carries_to_the_next_pot_won() -> None:
    """``002``: no hand qualifies (a ten-high badugi, a pair) -> the 4 chips carry; the redeal
    has no blinds (house rule default) and its pot, won by folds without a qualifier, takes
    the carried chips too."""
    first = record(
        {"Anna": 50, "Ben": 50}, "Anna", NO_QUALIFIER + ["carry 4"], settings=PROGRESSIVE
    )
    redeal = record(
        {"Anna": None, "Ben": None},
        "Ben",
        ["Anna bets 2", "Ben folds", "Anna collects 4"],
        settings=PROGRESSIVE,
        hand_id="2",
    )
    one, two = replay_stream([first, redeal])
    assert one.ok and one.result.carry_out == 4 and not one.result.payouts
    assert [(p.account, p.kind, p.amount) for p in one.result.postings if p.account == CARRY] == [
        (CARRY, "carry-out", 4)
    ]
    assert two.ok, two.errors
    result = two.result
    assert result.carry_in == 4 and dict(result.payouts) == {"Anna": 4}
    assert dict(result.final_stacks) == {"Anna": 52, "Ben": 48}
    assert any("redeal" in note for note in result.notes)
    for outcome in (one, two):
        assert_balanced(outcome.result)


def test_progressive_carry_is_verified_and_redeal_posts_house_rule() -> None:
    """A recorded carry that differs is a mismatch; with ``redeal_posts`` the redeal has blinds."""
    first = record(
        {"Anna": 50, "Ben": 50}, "Anna", NO_QUALIFIER + ["carry 6"], settings=PROGRESSIVE
    )
    (outcome,) = replay_stream([first])
    assert [v.rule for v in outcome.errors] == ["carry-out"]
    posting = GameSettings(game="progressive-badugi", house=HouseRules(redeal_posts=True))
    first = record({"Anna": 50, "Ben": 50}, "Anna", NO_QUALIFIER, settings=posting)
    redeal = record(
        {"Anna": None, "Ben": None},
        "Ben",
        ["Ben posts sb", "Anna posts bb", "Ben folds"],
        settings=posting,
        hand_id="2",
    )
    _, two = replay_stream([first, redeal])
    assert two.ok and dict(two.result.payouts) == {"Anna": 6}  # 4 carried + Ben's 1 + Anna's 1
    no_posts = record(
        {"Anna": None, "Ben": None},
        "Ben",
        ["Ben posts sb", "Anna posts bb", "Ben folds"],
        settings=PROGRESSIVE,
        hand_id="2",
    )
    first = record({"Anna": 50, "Ben": 50}, "Anna", NO_QUALIFIER, settings=PROGRESSIVE)
    _, two = replay_stream([first, no_posts])
    assert [v.rule for v in two.errors] == ["redeal-posts"]


def test_busted_player_is_known_and_not_dealt_in() -> None:
    """``000``: play until one player holds all the chips; the stream knows who busted where."""
    seats = {"Anna": 2, "Ben": 100, "Cara": 100}
    bust = record(
        seats,
        "Cara",
        ["Anna posts sb", "Ben posts bb", "Cara folds", "Anna calls 1 allin", "Ben checks"]
        + ["Anna pat", "Ben pat", "Anna pat", "Ben pat", "Anna pat", "Ben pat"]
        + ["Anna shows Ks Qh Jd Tc", "Ben shows 4s 3h 2d Ac"],
        hand_id="7",
    )
    after = record(
        {"Anna": None, "Ben": None, "Cara": None},
        "Anna",
        ["Ben posts sb", "Cara posts bb", "Ben folds"],
        hand_id="8",
    )
    one, two = replay_stream([bust, after])
    assert one.result.busted == ("Anna",)
    assert two.ok and "Anna" not in two.result.contributions
    assert any("not dealt in" in note for note in two.result.notes)
    assert two.result.final_stacks["Anna"] == 0


def test_rebuy_after_busting() -> None:
    bust = record(
        {"Anna": 1, "Ben": 100}, "Anna", ["Anna posts sb 1 allin", "Ben posts bb"], hand_id="1"
    )
    bust = replace(bust, events=bust.events + _showdown_pat(), positions=())
    rebuy = record(
        {"Anna": None, "Ben": None},
        "Ben",
        ["Anna rebuys 50", "Ben posts sb", "Anna posts bb", "Ben folds"],
        hand_id="2",
    )
    one, two = replay_stream([bust, rebuy])
    assert one.ok and one.result.busted == ("Anna",)
    assert two.ok and two.result.starting_stacks["Anna"] == 50


def _showdown_pat() -> tuple:
    from badugi_ledger.model.cards import parse_cards
    from badugi_ledger.model.events import Draw, Show

    draws = tuple(Draw(p, (), ()) for _ in range(3) for p in ("Ben", "Anna"))
    return draws + (
        Show("Anna", parse_cards("Ks Qh Jd Tc")),
        Show("Ben", parse_cards("4s 3h 2d Ac")),
    )


def test_a_bad_hand_does_not_stop_the_others() -> None:
    """A hand that breaks a rule is reported; the next hand that needs its stacks is checked
    with them unknown (nothing in it depends on them: it is fine, with one ``stacks-unknown``
    warning and no made-up stacks); a hand that states its stacks is checked normally."""
    good = record({"Anna": 100, "Ben": 100, "Cara": 100}, "Cara", FOLDS_TO_BB, hand_id="1")
    bad = record(
        {"Anna": None, "Ben": None, "Cara": None},
        "Anna",
        ["Ben posts sb", "Cara posts bb", "Ben folds"],
        hand_id="2",
    )
    play = ["Cara posts sb", "Anna posts bb", "Ben folds", "Cara folds"]
    carried = record({"Anna": None, "Ben": None, "Cara": None}, "Ben", play, hand_id="3")
    stated = record({"Anna": 99, "Ben": 101, "Cara": 100}, "Ben", play, hand_id="4")
    outcomes = list(replay_stream([good, bad, carried, stated]))
    assert [o.ok for o in outcomes] == [True, False, True, True]
    assert outcomes[1].errors[0].rule == "turn-order"  # Anna acts first, not Ben
    three = outcomes[2]
    assert [(w.rule, w.kind) for w in three.warnings] == [("stacks-unknown", "warning")]
    assert "hand 2 could not be replayed" in three.warnings[0].message
    assert three.result is not None and three.result.unknown_stacks == {"Anna", "Ben", "Cara"}
    assert dict(three.result.final_stacks) == {} and dict(three.result.payouts) == {"Anna": 2}
    # Stated stacks: known again.  Hand 3, whose record shows everyone dealt in, passes the
    # button on though hand 2 could not be replayed, and hand 4 keeps it on Ben (``000``: the
    # deal passes to the left after every hand).
    assert [w.rule for w in outcomes[3].warnings] == ["button-order"]


def test_parse_errors_become_outcomes() -> None:
    good = record({"Anna": 100, "Ben": 100, "Cara": 100}, "Cara", FOLDS_TO_BB, hand_id="1")
    broken = ParseError("expected an action", position=Position("test", 9, 4), hand="2")
    carried = record(
        {"Anna": None, "Ben": None, "Cara": None},
        "Anna",
        ["Ben posts sb", "Cara posts bb", "Anna folds", "Ben folds"],
        hand_id="3",
    )
    one, two, three = replay_stream([good, broken, carried])
    assert one.ok
    assert two.record is None and two.hand_id == "2" and two.errors[0].pos.line == 9
    assert three.ok and three.result is not None
    assert three.result.unknown_stacks == {"Anna", "Ben", "Cara"}
    assert "hand 2 at line 9 of this file could not be read" in three.warnings[0].message


def test_lines_outside_any_hand_that_cannot_be_read_are_named_as_lines() -> None:
    """A header line inside a hand ends it; its next lines stand outside any hand, a hand's
    lines perhaps, so the table's stacks are forgotten.  The warning named them "hand ? at
    line 24"."""
    good = record({"Anna": 100, "Ben": 100, "Cara": 100}, "Cara", FOLDS_TO_BB, hand_id="1")
    stray = ParseError("expected a header line", position=Position("test", 24, 1))
    carried = record(
        {"Anna": None, "Ben": None, "Cara": None},
        "Anna",
        ["Ben posts sb", "Cara posts bb", "Anna folds", "Ben folds"],
        hand_id="3",
    )
    *_, three = replay_stream([good, stray, carried])
    assert three.ok and three.result is not None
    message = three.warnings[0].message
    assert "?" not in message, message
    assert (
        "(line 24 of this file, outside any hand, could not be read: a hand's, it may be, "
        "whose hand line is lost)"
    ) in message, message


def test_stream_is_lazy() -> None:
    """Outcomes come out as hands go in: the whole input is never materialised."""
    produced: list[str] = []

    def hands() -> Iterator[HandRecord]:
        for i in range(1, 4):
            produced.append(str(i))
            yield record(
                {"Anna": 100, "Ben": 100, "Cara": 100},
                "Cara",
                FOLDS_TO_BB,
                hand_id=str(i),
                table=str(i),
            )

    stream = replay_stream(hands())
    first = next(stream)
    assert first.hand_id == "1" and produced == ["1"]


def test_reader_implied_posts_are_dropped_on_a_redeal() -> None:
    """The text reader inserts the blinds a hand implies when the history records no carried
    pot; the replay knows the pot carried, so on the redeal (``redeal-posts no``, ``002``) it
    drops those implied posts, with a note, instead of calling them a violation."""
    from badugi_ledger.text.parse import parse_text

    checks = "Ben checks · Anna checks"
    text = "\n".join(
        [
            "game progressive badugi · fixed limit 2/4 · blinds 1/2",
            "hand 1 · button Anna · Anna 50 · Ben 50",
            "Anna calls · Ben checks",
            "draw: Ben pat · Anna pat",
            checks,
            "draw: Ben pat · Anna pat",
            checks,
            "draw: Ben pat · Anna pat",
            checks,
            "show: Ben Ts 4h 3d 2c · Anna 7s 7h 3c 2d",
            "",
            "hand 2 · button Ben · Anna · Ben",
            "Anna bets · Ben folds",
            "",
        ]
    )
    one, two = replay_stream(parse_text(text, "night.bhh"))
    assert one.ok and one.result.carry_out == 4
    assert two.ok, two.errors
    assert two.result.carry_in == 4 and dict(two.result.payouts) == {"Anna": 4}
    assert any("redeal" in note for note in two.result.notes)


def test_an_engine_bug_is_reported_on_its_hand(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Even an unexpected exception stays on its hand: the check goes on, no traceback."""
    from badugi_ledger.replay import table

    def boom(*args: object, **kwargs: object) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(table, "replay_hand", boom)
    hands = [record(["Anna", "Ben", "Cara"], "Cara", FOLDS_TO_BB, hand_id=str(i)) for i in (1, 2)]
    outcomes = list(replay_stream(hands))
    assert [(o.hand_id, o.errors[0].rule) for o in outcomes] == [
        ("1", "internal-error"),
        ("2", "internal-error"),
    ]
    assert "RuntimeError: boom" in outcomes[0].errors[0].message


def test_carried_stacks_of_a_later_hand_are_taken_at_once(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The table's quick way to a later hand's stacks (no stack stated, none unknown: the
    table's own stacks, not copied) is the one a simulated session takes after its first hand,
    and gives each seat what the seat-by-seat rules give; a hand that states stacks goes seat
    by seat, and :meth:`TableTracker.carried` always hands out a copy."""
    from badugi_ledger.replay import carried, table
    from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands

    records = list(simulate_hands(SimulationOptions(hands=40, players=5, seed=3, max_stack=30)))
    each = carried._carried_each
    slow: list[str] = []

    def counted(state: carried.TableState, rec: HandRecord):  # type: ignore[no-untyped-def]
        slow.append(rec.hand_id)
        return each(state, rec)

    monkeypatch.setattr(carried, "_carried_each", counted)
    tracker = table.TableTracker()
    quick = 0
    for rec in records:
        state = tracker.table(rec)
        before = len(slow)
        got = carried._carried(state, rec)
        if len(slow) == before:
            quick += 1
            stacks, unknown = got
            assert stacks is state.stacks and not unknown
            seated = {s.name: stacks[s.name] for s in rec.seats if s.name in stacks}
            assert (seated, unknown) == each(state, rec), rec.hand_id
            copied, _ = tracker.carried(rec)
            assert copied == stacks and copied is not stacks
        outcome = tracker.replay(rec)
        assert outcome.ok, outcome.errors
    stated = [r.hand_id for r in records if any(s.stack is not None for s in r.seats)]
    assert stated and set(stated) <= set(slow)
    assert quick >= len(records) - len(stated) - 2 > 20
