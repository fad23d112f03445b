"""A hand as people read it (:mod:`badugi_ledger.reports.hand_view`): seats, rounds in words,
pots with their halves and odd chips, side pots, a carried Progressive Badugi pot, a hand that
breaks a rule, a real site hand, the JSON fields, and stored hands from a ledger.

The hands written here are invented; the rules they exercise are cited where they are used:
the odd chip goes to the Badugi half, then to the first tied winner left of the button (seeds
README item 4, ``004``); side pots by all-in level (``001``); a Progressive Badugi pot with no
qualifying hand carries (``002``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from badugi_ledger.ledger.store import ledger_at
from badugi_ledger.model.errors import BadugiError, LedgerError
from badugi_ledger.model.results import PotResult
from badugi_ledger.model.settings import HouseRules
from badugi_ledger.reports.hand_text import render_hand
from badugi_ledger.reports.hand_view import HandView, hand_views, pot_view
from badugi_ledger.reports.stored_hands import stored_hand_views
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

ODD_CHIP = """\
game badacey · fixed limit 2/4 · blinds 1/2
cash "Odd chips" · date 2024-03-01

hand 1 · button Anna · Anna 100 · Bram 100 · Kira 100
Anna calls 2 · Bram folds · Kira checks
draw: Kira pat · Anna pat
Kira checks · Anna checks
draw: Kira pat · Anna pat
Kira checks · Anna checks
draw: Kira pat · Anna pat
Kira checks · Anna checks
show: Kira 8♥ 4♥ 3♠ 2♣ A♦ · Anna 5♦ 4♦ 3♥ 2♠ A♣
Anna collects 3 · Kira collects 2
"""

SIDE_POT = """\
game badugi · no limit · blinds 1/2
cash "Side pots" · date 2024-03-02

hand S1 · button Anna · Anna 100 · Ben 100 · Cara 10
Anna raises to 10 · Ben calls 9 · Cara calls 8 all-in
draw: Ben 1 · Cara 1 · Anna 1
Ben bets 20 · Anna calls 20
draw: Ben pat · Cara pat · Anna pat
Ben checks · Anna checks
draw: Ben pat · Cara pat · Anna pat
Ben checks · Anna checks
show: Ben 2♠ 3♥ 5♦ 7♣ · Cara A♠ 2♥ 3♦ 4♣ · Anna K♠ Q♥ J♦ 9♣
Cara collects 30 · Ben collects 40
"""

OUT_OF_TURN = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash "Kitchen" · date 2024-01-12

hand 7 · button Anna · Anna 100 · Ben 100
deal: Anna Q♠ 6♥ 3♦ 3♣
Anna raises to 4 · Ben calls 2
draw: Ben 1 · Anna Q♠ 3♣ -> 8♠ 5♣
Anna bets 2 · Ben calls
draw: Ben 1 · Anna pat
"""


def one(tmp_path: Path, text: str) -> HandView:
    path = tmp_path / "hand.bhh"
    path.write_text(text, encoding="utf-8")
    [view] = hand_views([path])
    return view


def test_badacey_split_pot_with_an_odd_chip(tmp_path: Path) -> None:
    view = one(tmp_path, ODD_CHIP)
    assert view.verdict == "ok" and view.game == "Badacey" and view.unit == "chips"
    [pot] = view.pots
    assert pot.amount == 5 and pot.eligible == ("Kira", "Anna")
    low, badugi = pot.halves
    # The pot's odd chip goes to the Badugi half (3 of 5) ...
    assert (low.label, low.amount, low.winners) == ("A-5 low", 2, ("Anna",))
    assert low.hand == "5-4-3-2-A low"
    assert (badugi.label, badugi.amount, badugi.winners) == ("Badugi", 3, ("Kira", "Anna"))
    assert badugi.hand == "4-card 4-3-2-A"
    # ... and inside it to the first tied winner left of the button: Kira.
    assert dict(badugi.shares) == {"Kira": 2, "Anna": 1}
    assert badugi.odd_chip == "Kira gets the odd chip"
    assert pot.odd_chip == "the odd chip of the pot goes to the Badugi half"
    assert dict(pot.shares) == {"Kira": 2, "Anna": 3}
    text = render_hand(view)
    assert "Badugi half (3) tie: Kira 2, Anna 1 with 4-card 4-3-2-A" in text
    assert "Kira gets the odd chip" in text
    assert [r.name for r in view.rounds] == [
        "forced bets", "betting round 1", "draw 1", "betting round 2", "draw 2",
        "betting round 3", "draw 3", "betting round 4", "showdown", "recorded outcome",
    ]  # fmt: skip
    assert view.rounds[0].actions[0].text == "Bram posts the small blind 1"  # from the blinds


def test_side_pot_with_an_all_in(tmp_path: Path) -> None:
    view = one(tmp_path, SIDE_POT)
    main, side = view.pots
    assert (main.name, main.amount, main.eligible) == ("main", 30, ("Ben", "Cara", "Anna"))
    assert dict(main.shares) == {"Cara": 30} and main.halves[0].hand == "4-card 4-3-2-A"
    assert (side.name, side.amount, side.eligible) == ("side 1", 40, ("Ben", "Anna"))
    assert dict(side.shares) == {"Ben": 40} and side.halves[0].hand == "4-card 7-5-3-2"
    assert dict(view.final_stacks) == {"Anna": 70, "Ben": 110, "Cara": 30}
    assert "Cara calls 8 all-in" in [a.text for a in view.rounds[1].actions]
    text = render_hand(view)
    assert "side 1 pot 40 (eligible: Ben, Anna)" in text
    assert "won: Ben 40 with 4-card 7-5-3-2 (Badugi)" in text


def test_progressive_badugi_pot_carried_then_won() -> None:
    first, second, *_ = hand_views([EXAMPLES / "progressive_night.bhh"])
    assert first.carry_out == 12 and first.pots[0].carried and not first.pots[0].shares
    assert "carries to the next hand" in first.pots[0].detail
    assert second.carry_in == 12 and dict(second.pots[0].shares) == {"Dan": 38}
    assert "carried to the next hand: 12\n" in render_hand(first)
    assert "carried in: 12 (in the main pot)" in render_hand(second)


def test_a_hand_that_breaks_a_rule_is_shown_up_to_its_failure(tmp_path: Path) -> None:
    view = one(tmp_path, OUT_OF_TURN)
    assert view.verdict == "violations" and not view.replayed and not view.pots
    [problem] = view.problems
    assert (problem.line, problem.rule, problem.kind) == (8, "turn-order", "illegal")
    last = view.rounds[-1]
    assert last.name == "betting round 2"
    assert [a.text for a in last.actions] == ["Anna bets 2"]  # Ben's call after it: not shown
    text = render_hand(view)
    assert " !    8  Anna bets 2\n         ^ Anna acts, but it is Ben's turn" in text
    assert "the replay stopped here" in text and "draw 2" not in text


def test_a_payout_mismatch_keeps_the_whole_hand_and_names_the_line(tmp_path: Path) -> None:
    text = (EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8")
    view = one(tmp_path, text.replace("Anna collects 28", "Anna collects 30"))
    assert view.verdict == "payout mismatches" and view.replayed
    assert {(p.line, p.rule) for p in view.problems} == {(25, "collect"), (25, "chips-balance")}
    assert dict(view.pots[0].shares) == {"Anna": 28}  # the replay's, not the record's
    assert "line 25: mismatch: Anna collects 30, but is owed 28" in render_hand(view)


def test_real_kingsclub_badacey_hand(corpus_dir: Path) -> None:
    """``corpus/kingsclub/Badacey-Limit-USD-22-44-202101.txt``, hand 40201390 (fpdb's
    regression files, see ``corpus/SOURCES.md``): a split pot in dollars with a 5.00 rake."""
    source = corpus_dir / "kingsclub" / "Badacey-Limit-USD-22-44-202101.txt"
    [view] = hand_views([source], ["40201390"])
    assert view.unit == "USD" and view.rake == 500 and view.verdict == "ok"
    [pot] = view.pots
    low, badugi = pot.halves
    assert (low.winners, low.hand, low.amount) == (("Hero",), "9-8-7-2-A low", 16800)
    assert (badugi.winners, badugi.hand) == (("Player1",), "4-card 9-6-5-4")
    seats = {s.name: (s.seat, s.stack, s.roles) for s in view.seats}
    assert seats["Player1"] == (4, 327679, ("big blind",))
    # The rounds are the site's own (*** 2ND BETTING ROUND *** is at line 34 of the file).
    second = next(r for r in view.rounds if r.name == "betting round 2")
    assert [(a.line, a.text) for a in second.actions] == [
        (35, "Hero bets 22.00"),
        (36, "Player1 calls 22.00"),
    ]
    text = render_hand(view)
    # Its halves (168.00 each) add up to the pot less the rake, which the pot's line says.
    assert "main pot 341.00 (eligible: Hero, Player1), less the rake 5.00\n" in text
    assert "rake: 5.00\n" in text
    assert "Hero           681.96  (+8.50)" in text
    assert max(len(line) for line in text.splitlines()) <= 80


def test_json_fields(tmp_path: Path) -> None:
    data = one(tmp_path, ODD_CHIP).to_dict()
    assert json.loads(json.dumps(data)) == data
    assert set(data) == {
        "source", "hand", "line", "game", "unit", "table", "event", "button", "stored",
        "replayed", "verdict", "seats", "rounds", "pots", "rake", "carry_in", "carry_out",
        "final_stacks", "problems", "warnings", "notes",
    }  # fmt: skip
    assert data["seats"][1] == {"name": "Bram", "seat": 2, "stack": 100, "roles": ["small blind"]}
    pot = data["pots"][0]
    assert pot["shares"] == {"Kira": 2, "Anna": 3} and pot["eligible"] == ["Kira", "Anna"]
    assert pot["halves"][1] == {
        "label": "Badugi",
        "amount": 3,
        "winners": ["Kira", "Anna"],
        "hand": "4-card 4-3-2-A",
        "shares": {"Kira": 2, "Anna": 1},
        "odd_chip": "Kira gets the odd chip",
    }
    assert data["rounds"][1] == {
        "name": "betting round 1",
        "actions": [
            {"line": 5, "text": "Anna calls 2", "column": 1},
            {"line": 5, "text": "Bram folds", "column": 16},
            {"line": 5, "text": "Kira checks", "column": 29},
        ],
    }
    assert data["final_stacks"] == {"Anna": 101, "Bram": 99, "Kira": 100}


def test_hand_selection_and_a_missing_hand() -> None:
    views = list(hand_views([EXAMPLES / "home_session.bhh"], ["3", "1"]))
    assert [v.hand for v in views] == ["1", "3"]  # file order; every hand replayed for stacks
    with pytest.raises(BadugiError, match=r"no hand '9' in .*home_session.bhh \(its hands: 1, 2"):
        list(hand_views([EXAMPLES / "home_session.bhh"], ["9"]))


def test_stored_hands_from_a_ledger_of_the_examples(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    import_into(db, [EXAMPLES])
    with ledger_at(db, create=False) as ledger:
        [view] = stored_hand_views(ledger, "Badacey practice deal", replay=False)
        assert view.stored and view.verdict == "ok" and view.unit == "chips"
        replayed = next(iter(hand_views([EXAMPLES / "004_badacey.bhh"])))
        # The same pots, halves, shares and stacks as the replay, from the stored rows.
        assert view.pots == replayed.pots
        assert view.final_stacks == replayed.final_stacks
        assert [(s.name, s.stack) for s in view.seats] == [
            (s.name, s.stack) for s in replayed.seats
        ]
        assert [r.name for r in view.rounds] == [
            "chips put in (the ledger keeps no actions)",
            "showdown",
        ]
        # The file still holds the stored hand: replayed, with its actions.
        [full] = stored_hand_views(ledger, "Badacey practice deal")
        assert full.stored and full.rounds == replayed.rounds and full.pots == replayed.pots
        assert full.event == "Badacey practice deal (2024-02-02)"
        assert "004_badacey.bhh:9, which still holds the stored hand" in full.notes[-1]
        progressive = stored_hand_views(ledger, "Progressive night", ["P1", "P2"], replay=False)
        carried, won = progressive
        assert carried.carry_out == 12 and carried.pots[0].carried
        assert won.carry_in == 12 and dict(won.pots[0].shares) == {"Dan": 38}
        assert "carried in: 12 (in the main pot)" in render_hand(won)
        with pytest.raises(LedgerError, match=r"no hand '9' in Progressive night .*its hands: P1"):
            stored_hand_views(ledger, "Progressive night", ["9"])


def test_a_stored_hand_whose_file_changed_is_shown_from_its_rows(tmp_path: Path) -> None:
    """The file holds another version of the hand now (a shown card corrected after the
    import): its fingerprint is not the stored one, so the stored figures are shown."""
    night = tmp_path / "night.bhh"
    text = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    night.write_text(text, "utf-8")
    db = tmp_path / "club.db"
    import_into(db, [night])
    with ledger_at(db, create=False) as ledger:
        [same] = stored_hand_views(ledger, None, ["1"])
        assert same.rounds[1].name == "betting round 1"  # the file still holds it
        edited = text.replace("Cara 8s 6d 4c Ah", "Cara 8s 6d 4c Ad")  # still a legal hand
        assert edited != text
        night.write_text(edited, "utf-8")
        [view] = stored_hand_views(ledger, None, ["1"])
        assert [r.name for r in view.rounds] == [
            "chips put in (the ledger keeps no actions)",
            "showdown",
        ]
        assert view.rounds[1].actions[0].text == "Cara shows 8s 6d 4c Ah"  # as stored


def test_names_are_written_visibly(tmp_path: Path) -> None:
    hostile = (
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        'cash "Night <script>alert(1)</script>"\n\n'
        'hand 1 · button "<script>x</script>" · "<script>x</script>" 100 · "Eve\x1b[2J" 100\n'
        '"<script>x</script>" folds\n'
    )
    view = one(tmp_path, hostile)
    text = render_hand(view)
    assert "\x1b" not in text and "Eve\\x1b[2J" in text
    assert "<script>x</script> folds" in text  # plain text for a terminal; HTML escapes its own
    assert view.to_dict()["seats"][1]["name"] == "Eve\x1b[2J"  # data keeps the name as is


def test_odd_chip_without_cards_only_where_shares_are_one_chip_apart() -> None:
    """Cards not all known (a site's mucked hands): the replay's shares stand alone.  A Badugi
    pot tied 3-2 had an odd chip; Badacey shares 90-30 are halves, not odd chips (``004``)."""
    tied = PotResult("main", 5, ("Ann", "Ben"), {"Ann": 3, "Ben": 2}, "recorded")
    view = pot_view(tied, "badugi", HouseRules(), {})
    assert view.halves == () and view.odd_chip == "Ann gets the odd chip"
    split = PotResult("main", 120, ("Ann", "Ben"), {"Ann": 90, "Ben": 30}, "recorded")
    assert pot_view(split, "badacey", HouseRules(), {}).odd_chip == ""


def test_a_stack_change_is_worded_as_the_format_writes_its_verb() -> None:
    """``examples/home_session.bhh``: ``Cara tops up 17`` before a hand is listed under
    ``before the hand`` in the words of the format, not as ``Cara top up``."""
    views = hand_views([EXAMPLES / "home_session.bhh"])
    before = [
        line.text
        for view in views
        for part in view.rounds
        if part.name == "before the hand"
        for line in part.actions
    ]
    assert "Cara tops up 17" in before, before


SHORT_BIG_BLIND = """\
game badugi · fixed limit 2/4 · blinds 1/2
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 1
Anna calls · Ben calls
draw: Ben 1 · Cara 1 · Anna 1
Ben checks · Anna checks
draw: Ben 1 · Cara 1 · Anna 1
Ben checks · Anna checks
draw: Ben 1 · Cara 1 · Anna 1
Ben checks · Anna checks
show: Ben 8h 6c 4d 2s · Cara Jd 7c 5h 3s · Anna Qd Jc Th 9s
Ben collects 5
"""


def test_a_blind_posted_short_shows_what_was_posted(tmp_path: Path) -> None:
    """grammar/README.md, "Forced bets": the blinds are not written, and a player shorter than
    the blind posts what they have.  Cara, 1 chip in the big blind (2), posts 1 all-in, as the
    replay counts it (the pot is 5); ``show`` said she posted 2."""
    view = one(tmp_path, SHORT_BIG_BLIND)
    assert [a.text for a in view.rounds[0].actions] == [
        "Ben posts the small blind 1",
        "Cara posts the big blind 1 all-in",
    ]
    assert view.verdict == "ok"


def test_a_redeal_the_reader_did_not_know_of_shows_no_blinds(tmp_path: Path) -> None:
    """``examples/progressive_night.bhh`` without hand P1's ``carry 12`` line: the replay
    still carries the pot (no hand qualified, ``002``), so P2 is a redeal and posts nothing
    (``redeal-posts no``), as its stacks say; ``show`` listed the blinds the reader implied,
    never charged, and named Ben and Cara the blinds."""
    text = (EXAMPLES / "progressive_night.bhh").read_text(encoding="utf-8")
    assert "\ncarry 12\n" in text
    _, redeal, _ = hand_views([_written(tmp_path, text.replace("\ncarry 12\n", "\n"))])
    assert redeal.verdict == "ok" and redeal.carry_in == 12
    assert [r.name for r in redeal.rounds][0] == "betting round 1"
    assert all(not seat.roles or seat.roles == ("button",) for seat in redeal.seats)


def _written(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "night.bhh"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_amount_of_a_hand_is_written_one_way(corpus_dir: Path) -> None:
    """``corpus/pokerstars/Badugi-USD-0.25-0.50-201009.txt``, hand 49164202872 (a main pot of
    3.05 and a side pot of 2.65, 0.25 rake): the heading names the unit once ("amounts in USD"),
    so a pot, a share, the rake, a stack and its change are all the file's figures, never some
    with the unit and some without ("main pot 3.05 USD" above "won: buddyboy3399 2.90")."""
    source = corpus_dir / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt"
    [view] = hand_views([source], ["49164202872"])
    text = render_hand(view)
    assert "main pot 3.05 (eligible: jodarin, Scorpio2000, buddyboy3399)" in text
    assert "won: buddyboy3399 2.90 with 4-card 8-4-3-A (Badugi)" in text
    assert "\nrake: 0.25\n" in text
    assert "buddyboy3399         11.95  (+3.70)" in text
    assert "JDANIELDC             8.75  (0.00)" in text
    assert "amounts in USD" in " ".join(text.split())  # the heading, once ...
    assert "USD" not in text.split("\nseats\n", 1)[1], text  # ... and never after it


def test_the_rake_of_a_pot_stays_with_its_figure(corpus_dir: Path) -> None:
    """``corpus/pokerstars/Badugi-USD-0.25-0.50-201009.txt``, hand 49164202872: a main pot of
    3.05 raked 0.15 (its halves divide 2.90) whose line has no room for the rake's words: they
    go on a line of their own, with their figure; a side pot's fit on its line."""
    source = corpus_dir / "pokerstars" / "Badugi-USD-0.25-0.50-201009.txt"
    [view] = hand_views([source], ["49164202872"])
    lines = render_hand(view).splitlines()
    at = lines.index("  main pot 3.05 (eligible: jodarin, Scorpio2000, buddyboy3399),")
    assert lines[at + 1] == "    less the rake 0.15"
    assert "  side 1 pot 2.65 (eligible: Scorpio2000, buddyboy3399), less the rake 0.10" in lines
    assert max(len(line) for line in lines) <= 80
