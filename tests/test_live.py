"""Live recording (``badugi_ledger/live.py``): the whole text checked as ``check`` checks it,
the last hand in progress with its legal next actions as lines, and the next hand's line.

Rule sources as in ``tests/replay/test_replay_legal.py``: ``000`` (order of play, fixed limit
2/4, the button moving one seat clockwise each hand, the showdown), ``002`` (Progressive Badugi
redeal: no blinds unless the house says so, seeds README item 5).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from badugi_ledger.check import CheckRun, problem_line, problems
from badugi_ledger.live import live_check, next_hand_lines, option_line
from badugi_ledger.model.errors import BadugiError
from tests.helpers.paths import EXAMPLES, FIXTURES

HOME = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
NIGHT = FIXTURES / "planted_mistakes_night.bhh"

HAND = """game badugi · fixed limit 2/4 · blinds 1/2
hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100
"""


def _check_lines(path: Path) -> list[str]:
    run = CheckRun([path], jobs=1)
    return [problem_line(o, e) for o in run.outcomes() for e in problems(o)]


def test_every_problem_in_checks_own_words() -> None:
    """The planted mistakes of a night: every line ``check`` prints, and no other.  Hand 5,
    dealt from the stacks broken hand 4 left unknown, is not settled, as ``check`` and the
    import hold it (``stack-unknown``: the ledger stores no hand whose stacks it does not
    know)."""
    live = live_check(NIGHT.read_text(encoding="utf-8"), source=str(NIGHT))
    ours = [p.text for p in live.problems] + [p.text for h in live.hands for p in h.problems]
    assert ours == _check_lines(NIGHT)
    verdicts = [h.verdict for h in live.hands]
    assert verdicts == ["violations"] * 8
    assert [p.rule for p in live.hands[4].problems] == ["stack-unknown", "stacks-unknown"]
    assert not live.ok and live.next is None


def test_finished_hands_have_pots_winners_and_lines() -> None:
    live = live_check(HOME)
    assert [h.verdict for h in live.hands] == ["ok"] * 4 and live.ok
    first = live.hands[0]
    assert (first.hand_id, first.first_line, first.last_line) == ("1", 11, 20)
    [pot] = first.pots
    assert (pot.amount, pot.winners, dict(pot.shares)) == (34, ("Dan",), {"Dan": 34})
    assert first.final_stacks["Dan"] == 100 - 2 - 2 - 4 - 8 + 34
    assert live.next is None and live.next_lines == ()


def test_hand_being_recorded_is_in_progress_not_a_violation(tmp_path: Path) -> None:
    """``000`` (round 1 starts left of the big blind): after Cara calls, Dan is to act."""
    text = HAND + "Cara calls\n"
    live = live_check(text)
    [hand] = live.hands
    assert (hand.verdict, hand.problems, live.ok) == ("in progress", (), True)
    assert live.next is not None and live.next.player == "Dan"
    assert live.next_lines == ("Dan folds", "Dan calls 2", "Dan raises to 4")
    # ``check`` of the same text keeps its verdict: the record stops before the hand's end.
    path = tmp_path / "night.bhh"
    path.write_text(text, encoding="utf-8")
    [line] = _check_lines(path)
    assert line.endswith("[hand-incomplete]")


def test_showdown_waiting_for_cards_is_in_progress() -> None:
    text = HAND + "Cara folds · Dan folds · Anna calls · Ben checks\n"
    text += "draw: Anna 1 · Ben 1\nAnna checks · Ben checks\n" * 3
    live = live_check(text)
    assert live.hands[0].verdict == "in progress"
    assert live.next is not None and live.next.phase == "showdown"
    assert live.next_lines[0] == "show: Anna ?? ?? ?? ??"
    done = live_check(text + "show: Anna As 2c 3d 4h · Ben 5s 6s 7d 8h\n")
    assert done.hands[0].verdict == "ok" and done.next is None
    assert done.hands[0].pots[0].winners == ("Anna",)
    # Both shows tapped as offered, their cards not typed yet: still in progress, nothing
    # left to tap (the cards are to be written); it was a violation with no way on.
    tapped = live_check(text + "show: Anna ?? ?? ?? ?? · Ben ?? ?? ?? ??\n")
    assert tapped.hands[0].verdict == "in progress" and tapped.hands[0].problems == ()
    assert tapped.next is not None and tapped.next.options == () and not tapped.next.complete


def test_illegal_last_hand_is_a_violation() -> None:
    live = live_check(HAND + "Dan calls\n")
    [hand] = live.hands
    assert hand.verdict == "violations" and live.next is None
    assert [p.rule for p in hand.problems] == ["turn-order"]


def test_parse_error_is_a_problem_with_a_caret() -> None:
    live = live_check(HAND + "Cara raises 8\n")
    [hand] = live.hands
    assert (hand.verdict, hand.first_line, hand.last_line) == ("error", 2, 3)
    [problem] = hand.problems
    assert (problem.line, problem.column, problem.rule) == (3, 13, "parse")
    assert "write 'raises to 8'" in problem.message
    assert problem.hint.splitlines() == ["    Cara raises 8", "                ^"]


def test_bad_header_is_a_problem_outside_hands() -> None:
    live = live_check("blind 2/4\n" + HAND)
    assert [p.line for p in live.problems] == [1]
    assert "did you mean 'blinds'?" in live.problems[0].message


def test_ranged_option_lines() -> None:
    """``001`` no limit: a raise from twice the big blind to the whole stack."""
    text = HAND.replace("fixed limit 2/4", "no limit") + "Cara calls\n"
    live = live_check(text)
    assert live.next is not None
    raise_ = live.next.options[-1]
    assert (raise_.amount, raise_.max_amount) == (4, 100)
    assert option_line(raise_) == "Dan raises to 4"
    assert option_line(raise_, 25) == "Dan raises to 25"
    assert option_line(raise_, 100) == "Dan raises to 100 all-in"


def test_recording_a_hand_by_tapping_options() -> None:
    """Append option lines, chosen at random (amounts too), until the hand is over: every
    text on the way checks as in progress, the end as ok."""
    phases: set[str] = set()
    for seed in range(30):
        rng = random.Random(seed)
        text = HAND
        for _ in range(200):
            live = live_check(text)
            [hand] = live.hands
            if live.next is None:
                break
            assert hand.verdict == "in progress", (text, hand.problems)
            na = live.next
            phases.add(na.phase)
            choices = [o for o in na.options if o.player == na.player]
            assert choices, (text, na)
            if na.phase == "showdown":  # the cards are not known here: all but one muck
                choices = [o for o in choices if o.kind == "muck"] or choices
            picked = rng.choice(choices)
            amount = None
            if picked.amount is not None and picked.max_amount is not None:
                amount = rng.randint(picked.amount, picked.max_amount)
            if picked.kind == "draw":
                amount = rng.randint(1, picked.cards or 1)
            text += option_line(picked, amount) + "\n"
        [hand] = live_check(text).hands
        assert hand.verdict == "ok", (text, hand.problems)
    assert {"betting round 4", "draw 3", "showdown"} <= phases


def test_to_dict_is_json() -> None:
    live = live_check(HOME + "\nhand 5 · button Eve · Anna · Ben · Cara · Dan · Eve\n")
    data = json.loads(json.dumps(live.to_dict()))
    assert data["hands"][-1]["verdict"] == "in progress"
    assert data["next"]["player"] == "Cara"
    assert data["next"]["options"][1] == {
        "player": "Cara",
        "kind": "call",
        "amount": 2,
        "max_amount": 2,
        "all_in_amount": None,
        "all_in_least": None,
        "cards": None,
        "line": "Cara calls 2",
    }


def test_next_hand_line_moves_the_button_and_carries_stacks() -> None:
    """``000``: the button moves one seat clockwise; the stacks are the last hand's."""
    line = next_hand_lines(HOME)
    assert line == "hand 5 · button Eve · Anna 107 · Ben 100 · Cara 106 · Dan 112 · Eve 92\n"
    live = live_check(HOME + "\n" + line)
    assert live.hands[-1].verdict == "in progress"
    assert live.next is not None and live.next.player == "Cara"  # Anna sb, Ben bb


def test_next_hand_line_skips_a_busted_seat_for_the_button() -> None:
    text = HAND.replace("Ben 100", "Ben 2") + "Cara folds · Dan folds · Anna calls\n"
    text += "draw: Anna 1 · Ben 1\n" * 3  # Ben is all-in with the big blind: no more betting
    text += "show: Anna As 2c 3d 4h · Ben 5s 6s 7d 8h\n"
    live = live_check(text)
    assert live.hands[0].verdict == "ok", live.hands[0].problems
    line = next_hand_lines(text)
    # Ben busted: no longer listed (a rebuy comes back with a stack), the button passes him by
    assert line == "hand 2 · button Anna · Anna 102 · Cara 100 · Dan 100\n"
    assert live_check(text + "\n" + line).hands[-1].verdict == "in progress"


def test_the_next_hand_of_a_number_of_any_length_is_the_number_after() -> None:
    """5,000 digits: ``int`` refuses a text of more than 4,300 (the record page answered 500)."""
    long = "hand 12" + "9" * 5000 + " · "
    line = next_hand_lines(HOME.replace("hand 4 · ", long))
    assert line.startswith("hand 13" + "0" * 5000 + " · button Eve · Anna 107 ·"), line[-80:]


def test_next_hand_line_needs_a_finished_hand() -> None:
    with pytest.raises(BadugiError, match="still being recorded"):
        next_hand_lines(HAND + "Cara calls\n")


def test_progressive_redeal_offers_no_blinds() -> None:
    """``002`` and seeds README item 5 (``redeal-posts no``): after a carried pot the redeal
    posts nothing, so the first player left of the button opens and may check."""
    night = (EXAMPLES / "progressive_night.bhh").read_text(encoding="utf-8")
    first = night[: night.index("\nhand P2 ·") + 1]
    line = next_hand_lines(first)
    assert line == "hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98\n"
    live = live_check(first + line)
    assert live.hands[0].verdict == "ok" and live.hands[1].verdict == "in progress"
    assert live.next is not None and live.next.player == "Ben"
    assert live.next_lines == ("Ben folds", "Ben checks", "Ben bets 2")
    assert [p.amount for p in live.next.pots] == [12]  # the carried pot


def test_a_stated_carried_pot_is_known_after_a_broken_hand() -> None:
    """``002``: the carried pot goes into the next hand.  A broken Progressive hand leaves its
    table's pot unknown; a next hand that states it (``carry in 6``) is recorded by tapping
    as any redeal is, the stated pot in the middle (not refused as ``carry-unknown``)."""
    header = "game progressive badugi · fixed limit 2/4 · blinds 1/2\n"
    broken = "hand 1 · button A · A 100 · B 100\nB bets 3\n\n"
    redeal = "hand 2 · button B · A 100 · B 100\ncarry in 6\n"
    live = live_check(header + broken + redeal)
    assert [h.verdict for h in live.hands] == ["violations", "in progress"]
    assert live.next is not None and live.next.player == "A"
    assert live.next_lines == ("A folds", "A checks", "A bets 2")
    assert [p.amount for p in live.next.pots] == [6]
    unstated = live_check(header + broken + redeal.replace("carry in 6\n", ""))
    assert unstated.next is None
    # Not settled, and replayed even so both ways: the record stops either way, whose turn it
    # is being the pot's to say (A's in a redeal, B's, the button, with blinds).
    assert [p.rule for p in unstated.hands[1].problems] == ["carry-unknown", "hand-incomplete"]


def test_a_pot_in_doubt_offers_no_next_actions_as_check_settles_none() -> None:
    """``002``: the carried pot goes into the next hand.  When hand P1's record carries 12
    while its replay pays the pot out (Ben's 9-high badugi qualifies), ``check`` replays P2
    with each pot and settles it with neither (``carry-unknown``, naming P1); the page says
    so, rather than offer P2's next actions as if the replay's pot were the one, stating no
    pot or P1's recorded 12 alike.  Stating the replay's figure (none) is the pot it
    starts with: the blinds are posted and Dan, left of the big blind, opens (``000``)."""
    night = (EXAMPLES / "progressive_night.bhh").read_text(encoding="utf-8")
    qualifies = night.replace("show: Ben Kh 8s 4d 2c", "show: Ben 9h 8s 4d 2c")
    first = qualifies[: qualifies.index("\nhand P2 ·") + 1]
    assert first != night[: night.index("\nhand P2 ·") + 1]
    p2 = "hand P2 · button Anna · Anna · Ben · Cara · Dan\n"
    for stated in ("", "carry in 12\n"):
        live = live_check(first + p2 + stated)
        assert [h.verdict for h in live.hands] == ["violations", "violations"]
        assert live.next is None and live.next_lines == ()
        said = live.hands[1].problems[0]
        assert said.rule == "carry-unknown" and "depends on hand P1" in said.message
    replayed = live_check(first + p2 + "carry in 0\n")
    assert replayed.hands[1].verdict == "in progress"
    assert replayed.next is not None and replayed.next.player == "Dan"


def test_unknown_stacks_after_a_broken_hand_bound_nothing() -> None:
    """After a hand that cannot be replayed the stacks are unknown (``check``'s
    ``stacks-unknown``): the next hand is still recorded, its raises without a known top."""
    text = HAND.replace("fixed limit 2/4", "no limit") + "Dan calls\n\n"
    text += "hand 2 · button Anna · Anna · Ben · Cara · Dan\n"
    live = live_check(text)
    first, second = live.hands
    assert first.verdict == "violations" and second.verdict == "in progress"
    assert second.problems == ()  # check's not-settled verdict was only the stop
    assert live.next is not None and live.next.player == "Dan"
    raise_ = live.next.options[-1]
    assert (raise_.amount, raise_.max_amount, raise_.all_in_amount) == (4, None, None)
    assert live.next_lines[-1] == "Dan raises to 4" and dict(live.next.stacks) == {}


def test_forced_bets_still_due_are_in_progress() -> None:
    """A hand that writes a post gets exactly what it writes (grammar/README "Forced bets"):
    the blinds still due are the next options, and the hand is in progress meanwhile."""
    text = HAND.replace("blinds 1/2", "blinds 1/2 · ante 1") + "Anna posts ante\n"
    live = live_check(text)
    assert live.hands[0].verdict == "in progress" and live.next is not None
    assert live.next.phase == "forced bets"
    assert live.next_lines == (
        "Ben posts ante",
        "Cara posts ante",
        "Dan posts ante",
        "Anna posts small blind",
        "Ben posts big blind",
    )
    for line in live.next_lines:
        text += line + "\n"
    assert live_check(text).next.phase == "betting round 1"  # type: ignore[union-attr]


THREE_ALL_IN = """game badeucey · no limit · blinds 2/4
cash Probe · date 2024-07-01

hand 1 · button Ann · Ann 10 · Ben 10 · Cara 10
Ann raises to 10 all-in
Ben folds
Cara calls 6 all-in
draw: Cara pat · Ann pat
draw: Cara pat · Ann pat
draw: Cara pat · Ann pat
"""


@pytest.mark.parametrize(
    ("muck", "line"),
    [
        ("Cara", "hand 2 · button Ben · Ann 22 · Ben 8\n"),
        ("Ann", "hand 2 · button Ben · Ben 8 · Cara 22\n"),  # the button busted: Ben's turn
    ],
)
def test_next_hand_line_leaves_out_a_busted_player_and_passes_check(
    tmp_path: Path, muck: str, line: str
) -> None:
    text = THREE_ALL_IN + f"show: {muck} mucks\n"
    live = live_check(text)
    assert live.hands[-1].verdict == "ok" and live.next_hand
    assert next_hand_lines(text) == line
    path = tmp_path / "next.bhh"
    path.write_text(text + "\n" + line + "Ben folds\n", encoding="utf-8")  # Ben, the button
    assert _check_lines(path) == []


def test_no_next_hand_once_one_player_has_every_chip() -> None:
    heads_up = THREE_ALL_IN.replace(" · Cara 10", "")
    heads_up = heads_up.replace("Ben folds\nCara calls 6", "Ben calls 6")
    heads_up = heads_up.replace("Cara pat", "Ben pat") + "show: Ann mucks\n"
    live = live_check(heads_up)
    assert live.hands[-1].verdict == "ok" and live.next_hand is False
    assert live.to_dict()["next_hand"] is False
    with pytest.raises(BadugiError, match="fewer than two players have chips"):
        next_hand_lines(heads_up)


def test_next_hand_line_keeps_a_player_whose_chips_are_in_the_carried_pot() -> None:
    """``002``: after a pot nobody qualifies for, "a new hand is dealt to every player at the
    table", and the carried pot goes to the winner of the next pot won; README "house rules"
    (a player with no chips on a Progressive redeal): Ben, all-in for his last 2 chips in the
    carried pot, is still at the table and dealt in.  So the redeal's line lists him (his 0
    carried, no stack written), and the tapped redeal offers his draw in his turn."""
    from tests.replay.test_redeal_all_in import CARRIED, HEADER

    text = HEADER + CARRIED
    assert live_check(text).next_hand
    line = next_hand_lines(text)
    assert line == "hand P2 · button Anna · Anna 98 · Ben · Cara 98\n"
    redeal = text + "\n" + line + "Cara bets · Anna calls\n"
    live = live_check(redeal)
    assert live.hands[-1].verdict == "in progress"
    assert live.next is not None and live.next.player == "Ben"
    assert live.next_lines[:2] == ("draw: Ben pat", "draw: Ben 1")


def test_a_hand_line_before_its_rebuy_is_in_progress() -> None:
    """Heads-up, Ben busted: the next hand's line is typed, his rebuy (written right after
    it) still to come.  It was a violation ("fewer than two players are dealt in") with
    nothing offered (conversion audit); the same hand with an action typed still is one."""
    night = (
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 100 · Ben 4\n"
        "Anna raises · Ben raises to 4 all-in · Anna calls\n"
        + "draw: Ben 1 · Anna 1\n"
        * 3
        + "show: Anna As 2c 3d 4h · Ben Ks Qc Jd Th\nAnna collects 8\nfinal: Anna 104 · Ben 0\n\n"
        "hand 2 · button Ben · Anna · Ben\n"
    )
    waiting = live_check(night)
    assert waiting.hands[-1].verdict == "in progress" and waiting.hands[-1].problems == ()
    rebought = live_check(night + "Ben rebuys 100\n")
    assert rebought.hands[-1].verdict == "in progress" and rebought.next_lines
    acted = live_check(night + "Anna calls\n")
    assert acted.hands[-1].verdict == "violations"
    assert [p.rule for p in acted.hands[-1].problems] == ["players"]


EURO_SPLIT = """game badacey · pot limit · blinds 25/50
currency EUR
cash Euro night · date 2024-05-05
hand 1 · button Cara · Anna 2000 · Ben 2000 · Cara 2000
Cara calls 50 · Anna calls 25 · Ben checks
draw: Anna pat · Ben pat · Cara pat
Anna checks · Ben checks · Cara checks
draw: Anna pat · Ben pat · Cara pat
Anna checks · Ben checks · Cara checks
draw: Anna pat · Ben pat · Cara pat
Anna checks · Ben checks · Cara checks
show: Anna As 2d 3h 4c Ks · Ben Kc Qd Jh 9s 8c · Cara 7c 5d 4h 3s 2c
"""


def test_a_pot_of_money_is_described_in_money() -> None:
    """docs/ledger.md: "Money is shown as money".  The replay keeps a pot's detail with plain
    integers (ledgers store it), but the record page shows it beside the pots in euros: it
    said ``Anna 75 with …`` (cents) under a table of 0.75.  ``004``: the Badacey pot splits
    between the best Badugi (Anna's four-card 4-3-2-A) and the best five-card low (Cara's
    7-5-4-3-2)."""
    live = live_check(EURO_SPLIT)
    (pot,) = live.hands[-1].pots
    assert (pot.amount, dict(pot.shares)) == (150, {"Anna": 75, "Cara": 75})
    assert "Anna 0.75 with" in pot.detail and "Cara 0.75 with" in pot.detail, pot.detail
    assert " 75 " not in pot.detail


def test_a_carried_pot_of_money_is_described_in_money() -> None:
    """``002``: no hand qualifies, the pot carries; in a game of money it is named in money."""
    text = (
        "game progressive badugi · fixed limit 50/100 · blinds 25/50\ncurrency EUR\n"
        "cash Euro night · date 2024-05-05\n"
        "hand 1 · button Cara · Anna 2000 · Ben 2000 · Cara 2000\n"
        "Cara calls 50 · Anna calls 25 · Ben checks\n"
        "draw: Anna pat · Ben pat · Cara pat\nAnna checks · Ben checks · Cara checks\n"
        "draw: Anna pat · Ben pat · Cara pat\nAnna checks · Ben checks · Cara checks\n"
        "draw: Anna pat · Ben pat · Cara pat\nAnna checks · Ben checks · Cara checks\n"
        "show: Anna Kc Kd Qs Qh · Ben Kh Ks Jc Jd · Cara Tc Td Th Ts\n"
    )
    (pot,) = live_check(text).hands[-1].pots
    assert pot.detail.startswith("no hand qualifies: the pot of 1.50 carries"), pot.detail


def test_a_pot_of_chips_keeps_the_replays_words() -> None:
    """A hand of chips: the detail is the replay's own, its amounts plain."""
    text = EURO_SPLIT.replace("currency EUR\n", "")
    (pot,) = live_check(text).hands[-1].pots
    assert "Anna 75 with" in pot.detail and "Cara 75 with" in pot.detail, pot.detail


def test_every_line_of_a_hand_that_cannot_be_read_is_a_problem_at_its_line() -> None:
    """One run lists every mistake, each at its own line (README, "What check reports, in one
    run"): the live check of examples/progressive_night.bhh with two verbs of hand P1
    mistyped shows both, in check's words, and the hand is one hand that cannot be read."""
    text = (
        (EXAMPLES / "progressive_night.bhh")
        .read_text(encoding="utf-8")
        .replace("Anna checks · Ben bets · Cara calls", "Anna checks · Ben betz · Cara calls")
        .replace("draw: Ben 1 · Cara 1\nBen checks", "draw: Ben 1 · Cara 1\nBen chekcs", 1)
    )
    live = live_check(text)
    assert [h.hand_id for h in live.hands] == ["P1", "P2", "P3"]
    first = live.hands[0]
    assert (first.verdict, first.first_line) == ("error", 12)
    assert [(p.line, p.column, p.rule) for p in first.problems] == [
        (15, 19, "parse"),
        (17, 5, "parse"),
    ]
    assert "did you mean 'checks'?" in first.problems[1].message
    assert first.problems[1].hint.splitlines() == ["    Ben chekcs · Cara checks", "        ^"]


def test_what_only_the_whole_text_tells_is_said_at_its_hand_as_check_says_it(
    tmp_path: Path,
) -> None:
    """Two Progressive nights of one date each open by taking 8 that no night carried: an
    import of the text alone is refused, and ``check`` says so once it has read the whole file
    (``carry-carried``, a warning at the hand the import names: docs/ledger.md, "Carried
    pots").  The record page checks the whole text as ``check`` does, so it says it too, at
    that hand, in the same words."""
    from tests.ledger.test_same_date_openers import LATE, LATER

    text = (LATE + LATER).lstrip()
    path = tmp_path / "night.bhh"
    path.write_text(text, encoding="utf-8")
    said = [line for line in CheckRun([path], jobs=1).lines() if "[carry-carried]" in line]
    assert len(said) == 1
    live = live_check(text, source=str(path))
    found = [p.text for h in live.hands for p in h.problems if p.rule == "carry-carried"]
    assert found == said


def test_each_hand_ends_where_the_next_hand_below_it_starts() -> None:
    """The end of each hand of a live text (the line before the first later hand that starts
    below it) found in one pass (``live._next_later``) is the one a look among every later
    hand finds: the record page sends up to a megabyte of text, and a text of many one-line
    hands looked so took the server minutes (``benchmarks/bench_live.py --unreadable``)."""
    import random

    from badugi_ledger.live import _next_later

    rng = random.Random(7)
    for _ in range(300):
        firsts = [rng.randrange(1, 30) for _ in range(rng.randrange(0, 25))]
        naive = [
            next((f for f in firsts[i + 1 :] if f > first), None) for i, first in enumerate(firsts)
        ]
        assert _next_later(firsts) == naive, firsts


@pytest.mark.parametrize("numbered", [False, True])
def test_many_one_line_hands_list_every_lines_problem(numbered: bool) -> None:
    """The worst text the record page may send: many ``hand 1`` lines (one hand, its
    problems gathered) or numbered one-line hands; every line's problem is still listed, at
    its line, each hand listed once."""
    count = 3_000
    text = "".join(f"hand {i + 1 if numbered else 1}\n" for i in range(count))
    found = live_check(text)
    lines = {p.line for hand in found.hands for p in hand.problems}
    assert lines == set(range(1, count + 1))
    assert len(found.hands) == (count if numbered else 1)
