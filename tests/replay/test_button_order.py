"""The button from hand to hand: seed ``000`` (Setup): "Choose a dealer; the deal passes to the
left after every hand", and "the two players to the dealer's left put in the blinds", so a
button recorded on the wrong player charges the blinds to the wrong players.  ``check`` warns
(rule ``button-order``, not a violation: the hand may be legal as written) where a table's hand
does not put the button on the player left of its previous hand's button, and only where that
seat is certain: the same players in the same order, everyone dealt in, nothing between the
hands.  A Progressive Badugi redeal is a new hand dealt (``002``), and moves the button as
``examples/progressive_night.bhh`` does (P1 on Dan, the redeal P2 on Anna).
"""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from badugi_ledger.check import CheckRun
from badugi_ledger.cli import app
from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from tests.helpers.paths import CORPUS, EXAMPLES
from tests.helpers.replay_builder import record

runner = CliRunner()

HEADER = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Friday game · date 2024-03-01\n"
FOUR = ("Anna", "Ben", "Cara", "Dan")


def folded_to_the_big_blind(hand: str, button: str, seats: tuple[str, ...], first: bool) -> str:
    """A hand everyone folds to the big blind, who takes the small blind (``000``: the two
    players left of the dealer post the blinds; heads-up the dealer posts the small one)."""
    n = len(seats)
    at = seats.index(button)
    small = button if n == 2 else seats[(at + 1) % n]
    big = seats[(seats.index(small) + 1) % n]
    folders = [seats[(seats.index(big) + 1 + i) % n] for i in range(n - 1)]
    listed = " · ".join(f"{p} 100" if first else p for p in seats)
    acts = " · ".join(f"{p} folds" for p in folders)
    return f"\nhand {hand} · button {button} · {listed}\n{acts}\n{big} collects 2\n"


def night(buttons: list[str], seats: tuple[str, ...] = FOUR) -> str:
    return HEADER + "".join(
        folded_to_the_big_blind(str(i), b, seats, i == 1) for i, b in enumerate(buttons, 1)
    )


def checked(tmp_path: Path, text: str) -> list[HandOutcome]:
    path = tmp_path / "night.bhh"
    path.write_text(text, encoding="utf-8")
    return list(CheckRun([path], jobs=1).outcomes())


def button_warnings(outcomes: list[HandOutcome]) -> list[tuple[str | None, int, int]]:
    """(hand, line, column) of each ``button-order`` warning."""
    found = []
    for o in outcomes:
        assert o.ok, o.errors  # a warning, never a violation: every hand is legal as written
        for w in o.warnings:
            if w.rule == "button-order":
                assert w.kind == "warning"
                found.append((o.hand_id, w.pos.line, w.pos.column))
    return found


def hand_line(text: str, hand: str) -> int:
    lines = text.splitlines()
    return next(i for i, x in enumerate(lines, 1) if x.startswith(f"hand {hand} "))


def written(hand: str, button: str, seats: str, *lines: str) -> str:
    """One more hand, as written: its hand line, then ``lines``."""
    return f"\nhand {hand} · button {button} · {seats}\n" + "".join(f"{x}\n" for x in lines)


def test_a_button_that_stays_on_a_player_is_warned_at_its_line(tmp_path: Path) -> None:
    text = night(["Anna", "Ben", "Cara", "Dan", "Dan", "Anna"])
    outcomes = checked(tmp_path, text)
    # Hand 5 keeps it on Dan; hand 6 moves on from where hand 5 put it (Dan -> Anna): one warning.
    line = hand_line(text, "5")
    assert button_warnings(outcomes) == [("5", line, len("hand 5 · ") + 1)]
    message = next(w.message for w in outcomes[4].warnings if w.rule == "button-order")
    assert "keeps the button on Dan" in message
    assert f"hand 4 (line {hand_line(text, '4')}), had it on Dan" in message
    assert "should be on Anna" in message and "seed 000" in message


def test_a_button_moving_backwards_is_warned(tmp_path: Path) -> None:
    text = night(["Anna", "Ben", "Cara", "Ben"])
    outcomes = checked(tmp_path, text)
    assert button_warnings(outcomes) == [("4", hand_line(text, "4"), 10)]
    message = outcomes[3].warnings[0].message
    assert "puts the button on Ben" in message and "should be on Dan" in message


def test_one_button_written_wrong_is_one_warning(tmp_path: Path) -> None:
    """Hand 3 writes Anna where Cara deals (``000``: the deal passes to the left); hand 4 is
    back on course (Dan): the one mistake is warned once, not again at the hand after it."""
    text = night(["Anna", "Ben", "Anna", "Dan", "Anna"])
    assert button_warnings(checked(tmp_path, text)) == [("3", hand_line(text, "3"), 10)]
    # Going on from where hand 3 put it is no second mistake either.
    shifted = night(["Anna", "Ben", "Anna", "Ben", "Cara"])
    assert button_warnings(checked(tmp_path, shifted)) == [("3", hand_line(shifted, "3"), 10)]
    # Two buttons written wrong in a row are two mistakes.
    twice = night(["Anna", "Ben", "Anna", "Anna", "Ben"])
    assert [w[0] for w in button_warnings(checked(tmp_path, twice))] == ["3", "4"]


def test_a_button_passed_to_the_left_is_not_warned_round_the_table(tmp_path: Path) -> None:
    # Round the table twice, past the last seat back to the first.
    text = night(["Cara", "Dan", "Anna", "Ben", "Cara", "Dan", "Anna"])
    assert button_warnings(checked(tmp_path, text)) == []
    skipped = night(["Cara", "Dan", "Anna", "Cara", "Dan", "Anna", "Ben"])  # Ben's turn skipped
    assert button_warnings(checked(tmp_path, skipped)) == [("4", hand_line(skipped, "4"), 10)]


def test_heads_up_the_button_alternates(tmp_path: Path) -> None:
    two = ("Anna", "Ben")
    text = night(["Anna", "Ben", "Anna", "Ben"], two)
    assert button_warnings(checked(tmp_path, text)) == []
    twice = night(["Anna", "Ben", "Ben", "Anna"], two)
    assert button_warnings(checked(tmp_path, twice)) == [("3", hand_line(twice, "3"), 10)]


def test_a_warning_leaves_check_ok_and_strict_counts_it(tmp_path: Path) -> None:
    path = tmp_path / "night.bhh"
    path.write_text(night(["Anna", "Ben", "Ben"]), encoding="utf-8")
    result = runner.invoke(app, ["check", "--jobs", "1", str(path)])
    assert result.exit_code == 0, result.output
    assert f"{path}:{hand_line(path.read_text(), '3')}:10: hand 3: warning: " in result.output
    assert "[button-order]" in result.output
    assert runner.invoke(app, ["check", "--strict", "--jobs", "1", str(path)]).exit_code == 1
    lines = runner.invoke(app, ["check", "--json", str(path)]).output.splitlines()
    third = json.loads(lines[2])
    assert [(w["rule"], w["kind"]) for w in third["warnings"]] == [("button-order", "warning")]


def test_no_warning_where_the_seat_the_button_passes_to_is_not_certain(tmp_path: Path) -> None:
    """The seeds give no dead-button rule: a player joining, leaving or sitting out, missing
    hands and a new session leave the button as recorded."""
    base = night(["Anna", "Ben"])
    everyone = "Anna · Ben · Cara · Dan"
    joined = base + written(
        "3",
        "Ben",
        everyone + " · Eve 100",
        "Eve folds · Anna folds · Ben folds · Cara folds",
        "Dan collects 2",
    )
    assert button_warnings(checked(tmp_path, joined)) == []
    left = base + written(
        "3", "Ben", "Anna · Ben · Cara", "Ben folds · Cara folds", "Anna collects 2"
    )
    assert button_warnings(checked(tmp_path, left)) == []
    sits_out = base + written(
        "3", "Ben", everyone, "Dan sits out", "Ben folds · Cara folds", "Anna collects 2"
    )
    assert button_warnings(checked(tmp_path, sits_out)) == []
    after_sitting_out = sits_out + written(
        "4", "Ben", everyone, "Anna folds · Ben folds · Cara folds", "Dan collects 2"
    )
    assert button_warnings(checked(tmp_path, after_sitting_out)) == []
    missing = base + written(
        "5",
        "Dan",
        "Anna 100 · Ben 100 · Cara 100 · Dan 100",
        "missing hands",
        "Cara folds · Dan folds · Anna folds",
        "Ben collects 2",
    )
    outcomes = checked(tmp_path, missing)
    assert [w.rule for w in outcomes[2].warnings] == ["missing-hand"]
    assert button_warnings(outcomes) == []
    new_night = (
        base
        + "\ncash Saturday game · date 2024-03-02\n"
        + folded_to_the_big_blind("1", "Ben", FOUR, True).replace("hand 1 ", "hand S1 ")
    )
    assert button_warnings(checked(tmp_path, new_night)) == []


def test_a_progressive_redeal_passes_the_button_on(tmp_path: Path) -> None:
    """``examples/progressive_night.bhh``: P1 on Dan, the redeal P2 (the pot carried) on Anna,
    P3 on Ben; the redeal is a new hand (``002``), the button moves as after any hand."""
    example = (EXAMPLES / "progressive_night.bhh").read_text(encoding="utf-8")
    assert button_warnings(checked(tmp_path, example)) == []
    kept = example.replace("hand P2 · button Anna ·", "hand P2 · button Dan ·")
    outcomes = checked(tmp_path, kept)
    warned = [(o.hand_id, w.rule) for o in outcomes for w in o.warnings]
    assert ("P2", "button-order") in warned


def test_site_histories_keep_their_buttons_and_an_edited_one_is_warned(tmp_path: Path) -> None:
    """A PokerStars SNG (corpus): every hand passes the button on, and the dead buttons of its
    players busting are no warning; a button seat edited back is warned at its table line."""
    sng = CORPUS / "pokerstars/LBad-USD-SNG8-201011.txt"
    text = sng.read_text(encoding="utf-8")
    outcomes = list(CheckRun([sng], jobs=1).outcomes())
    assert not any(w.rule == "button-order" for o in outcomes for w in o.warnings)
    lines = text.splitlines()
    third = [i for i, x in enumerate(lines) if x.endswith("is the button")][2]
    assert lines[third].endswith("Seat #3 is the button")
    lines[third] = lines[third].replace("Seat #3", "Seat #1")
    edited = tmp_path / "sng.txt"
    edited.write_text("\n".join(lines) + "\n", encoding="utf-8")
    outcomes = list(CheckRun([edited], jobs=1).outcomes())
    warned = [w for o in outcomes for w in o.warnings if w.rule == "button-order"]
    assert warned and warned[0].pos.line == third + 1
    assert warned[0].pos.column == lines[third].index("button") + 1


def test_a_dead_button_twice_on_one_player_is_not_warned() -> None:
    """A site's dead button (docs/importers.md, "A button on an empty seat"): seats 1 Amy,
    2 Bob, 5 Eli, 6 Fay after the players of seats 3 and 4 (small and big blind) busted in one
    hand.  Hand 11 puts the button on seat 3 and the small blind on seat 4, both empty: the
    reader records the button as Bob, and only Eli posts, the big blind.  Hand 12 puts the
    button on seat 4, empty, so on Bob again, with the blinds Eli and Fay; hand 13 on Eli.  A
    hand whose blinds are not the ones its recorded button says (hand 11) is no hand to pass the
    button on from."""
    seats: dict[str, int | None] = {"Amy": 100, "Bob": 100, "Eli": 100, "Fay": 100}
    carried = dict.fromkeys(seats)
    hands = [
        record(seats, "Bob", ["Eli posts bb", "Fay folds", "Amy folds", "Bob folds"], hand_id="11"),
        record(  # hand 11 has a dead small blind (replay.betting.dead_small_blind)
            carried,
            "Bob",
            ["Eli posts sb", "Fay posts bb", "Amy folds", "Bob folds", "Eli folds"],
            hand_id="12",
        ),
        record(
            carried,
            "Eli",
            ["Fay posts sb", "Amy posts bb", "Bob folds", "Eli folds", "Fay folds"],
            hand_id="13",
        ),
    ]
    outcomes = list(replay_stream(hands))
    assert [o.ok for o in outcomes] == [True, True, True], [o.errors for o in outcomes]
    assert [w.rule for o in outcomes for w in o.warnings if w.rule == "button-order"] == []
    # With hand 11's blinds as its button says, hand 12 keeping the button is warned.
    posted = record(
        seats,
        "Bob",
        ["Eli posts sb", "Fay posts bb", "Amy folds", "Bob folds", "Eli folds"],
        hand_id="11",
    )
    outcomes = list(replay_stream([posted, *hands[1:]]))
    assert [(o.hand_id, w.rule) for o in outcomes for w in o.warnings] == [("12", "button-order")]


def test_a_table_keeps_its_last_button_without_its_hand(tmp_path: Path) -> None:
    """Every table of a stream keeps its last hand's button until its next hand; keeping the
    hand itself held one whole hand per table ever seen (a long stream of sessions grew 15% in
    memory from 10,000 to 100,000 hands).  It keeps the hand's number and line only."""
    from badugi_ledger.model.events import HandRecord
    from badugi_ledger.replay.button import base_of
    from badugi_ledger.text.parse import parse_text

    (first, *_) = [
        r for r in parse_text(night(["Anna", "Ben"]), "n.bhh") if isinstance(r, HandRecord)
    ]
    base = base_of(first)
    assert (base.button, base.hand, base.line) == ("Anna", "1", 4)
    assert not any(isinstance(value, HandRecord) for value in base)


def test_a_button_after_a_hand_that_could_not_be_replayed_is_checked(tmp_path: Path) -> None:
    """``000`` (Setup): "the deal passes to the left after every hand", a hand that could not
    be replayed included.  Hand 1 breaks the order of play, so nobody's stack is known after
    it; hand 2 keeps the button on Anna, and its record shows every player dealt in (each one
    acts, or collects), so the seat it passes to is certain: Ben.  Hand 3 goes on from where
    hand 2 put it back on course, and is no second mistake."""
    everyone = "Anna · Ben · Cara · Dan"
    first = written(
        "1",
        "Anna",
        "Anna 100 · Ben 100 · Cara 100 · Dan 100",
        "Anna folds · Dan folds · Ben folds",  # Dan, left of the big blind, acts first
        "Cara collects 2",
    )
    kept = written("2", "Anna", everyone, "Dan folds · Anna folds · Ben folds", "Cara collects 2")
    on = written("3", "Ben", everyone, "Anna folds · Ben folds · Cara folds", "Dan collects 2")
    text = HEADER + first + kept + on
    outcomes = checked(tmp_path, text)
    assert [e.rule for e in outcomes[0].errors] == ["turn-order"]
    warned = [(o.hand_id, w.pos.line) for o in outcomes for w in o.warnings]
    button = [
        (o.hand_id, w.pos.line) for o in outcomes for w in o.warnings if w.rule == "button-order"
    ]
    assert button == [("2", hand_line(text, "2"))], warned
    message = next(w.message for w in outcomes[1].warnings if w.rule == "button-order")
    assert "keeps the button on Anna" in message and "should be on Ben" in message


def test_after_a_hand_that_could_not_be_replayed_a_player_not_shown_dealt_in_is_uncertain(
    tmp_path: Path,
) -> None:
    """After a hand that could not be replayed, a listed player the record shows neither
    dealt cards, posting as written, acting, drawing, showing nor collecting may have busted
    in it (``000``: "play until only one player has chips left"), and the texts give no rule
    for the button then: no warning, whatever seat the button is on."""
    first = written(
        "1",
        "Anna",
        "Anna 100 · Ben 100 · Cara 100 · Dan 100",
        "Anna folds · Dan folds · Ben folds",
        "Cara collects 2",
    )
    for button, acts, winner in (
        ("Anna", "Anna folds · Ben folds", "Cara"),  # Dan silent: dealt out, maybe
        ("Cara", "Ben folds · Cara folds", "Anna"),  # Dan's small blind: the reader's guess
    ):
        text = (
            HEADER
            + first
            + written("2", button, "Anna · Ben · Cara · Dan", acts, f"{winner} collects 2")
        )
        outcomes = checked(tmp_path, text)
        assert not any(w.rule == "button-order" for o in outcomes for w in o.warnings), button


def misread(text: str, hand: str, old: str, new: str) -> str:
    """``text`` with ``old`` made ``new`` in hand ``hand`` only."""
    head = f"\nhand {hand} "
    at = text.index(head)
    end = text.find("\nhand ", at + 1)
    end = len(text) if end < 0 else end
    assert old in text[at:end]
    return text[:at] + text[at:end].replace(old, new) + text[end:]


def test_a_button_after_a_hand_that_could_not_be_read_is_checked(tmp_path: Path) -> None:
    """``000`` (Setup): "the deal passes to the left after every hand", a hand that could not
    be read included: its hand line still states its seats and button.  Hand 3 misspells
    Cara (a name nobody sits under: the hand cannot be read), and its blinds are not written
    (the ones its button says); every player of it had chips before it.  Hand 4 keeping the
    button on Cara is warned; passed on to Dan, it is not."""
    misspelt = misread(night(["Anna", "Ben", "Cara", "Dan"]), "3", "Cara folds", "Craa folds")
    outcomes = checked(tmp_path, misspelt)
    assert [e.rule for e in outcomes[2].errors] == ["parse"]
    assert not any(w.rule == "button-order" for o in outcomes for w in o.warnings)
    kept = misread(night(["Anna", "Ben", "Cara", "Cara"]), "3", "Cara folds", "Craa folds")
    outcomes = checked(tmp_path, kept)
    assert [e.rule for e in outcomes[2].errors] == ["parse"]
    button = [
        (o.hand_id, w.pos.line) for o in outcomes for w in o.warnings if w.rule == "button-order"
    ]
    assert button == [("4", hand_line(kept, "4"))]
    message = next(w.message for w in outcomes[3].warnings if w.rule == "button-order")
    assert "keeps the button on Cara" in message
    assert f"hand 3 (line {hand_line(kept, '3')})" in message


def test_a_button_after_a_first_hand_that_could_not_be_read_is_checked(tmp_path: Path) -> None:
    """The worked hand of seed ``000`` ("Playing a hand", ``examples/000_anna_ben.bhh``, Anna
    on the button) with its first draw's cards miscounted (Anna discards two cards and gets
    one): the hand cannot be read, and it is the table's first.  A next hand keeping the
    button on Anna is warned: heads-up, the deal passes to Ben."""
    example = (EXAMPLES / "000_anna_ben.bhh").read_text(encoding="utf-8")
    assert "Anna Q♠ 3♣ -> 8♠ 5♣" in example
    miscounted = example.replace("Anna Q♠ 3♣ -> 8♠ 5♣", "Anna Q♠ 3♣ -> 8♠")
    kept = miscounted + written("000-2", "Anna", "Anna · Ben", "Anna folds", "Ben collects 2")
    outcomes = checked(tmp_path, kept)
    assert [e.rule for e in outcomes[0].errors] == ["parse"]
    button = [o.hand_id for o in outcomes for w in o.warnings if w.rule == "button-order"]
    assert button == ["000-2"]
    passed = miscounted + written("000-2", "Ben", "Anna · Ben", "Ben folds", "Anna collects 2")
    outcomes = checked(tmp_path, passed)
    assert not any(w.rule == "button-order" for o in outcomes for w in o.warnings)


def test_after_a_hand_that_could_not_be_read_its_posts_unknown_leave_the_button(
    tmp_path: Path,
) -> None:
    """A hand that could not be read whose line of posts cannot be read either (``posted``
    for ``posts``) may have had its blinds where its button does not say (a dead button):
    the texts give no rule then, and the next hand's button is not checked.  So too after a
    hand whose hand line names a button nobody sits under."""
    kept = night(["Anna", "Ben", "Cara", "Cara"])
    posts = misread(kept, "3", "Ben folds", "Dan posted sb · Anna posts bb\nBen folds")
    unseated = misread(kept, "3", "button Cara", "button Cora")
    for text in (posts, unseated):
        outcomes = checked(tmp_path, text)
        assert [e.rule for e in outcomes[2].errors][:1] == ["parse"]
        assert not any(w.rule == "button-order" for o in outcomes for w in o.warnings)


def test_a_hand_that_could_not_be_read_is_warned_for_its_own_button(tmp_path: Path) -> None:
    """``000`` (Setup): the deal passes to the left after every hand.  Hand 3 keeps the button
    on Ben and misspells him (``Bne``): besides its error, its hand line's button is warned
    at its column, as a hand read is; hand 4, on Cara, is back on course (one mistake)."""
    text = misread(night(["Anna", "Ben", "Ben", "Cara"]), "3", "Ben folds", "Bne folds")
    outcomes = checked(tmp_path, text)
    assert [e.rule for e in outcomes[2].errors] == ["parse"]
    line = hand_line(text, "3")
    column = text.splitlines()[line - 1].index("button") + 1
    warned = [
        (o.hand_id, w.pos.line, w.pos.column, w.message)
        for o in outcomes
        for w in o.warnings
        if w.rule == "button-order"
    ]
    assert [w[:3] for w in warned] == [("3", line, column)]
    assert "keeps the button on Ben" in warned[0][3]


def test_a_hand_that_could_not_be_read_with_another_hands_lines_passes_no_button(
    tmp_path: Path,
) -> None:
    """Hand 4's hand line lost: its lines follow hand 3's, whose hand cannot be read (Anna's
    rebuy after hand 3's play).  Hand 5's previous hand is hand 4 (on Dan), not hand 3, so
    hand 3's button (Cara) is no hand 5 follows: lines of play after a hand's collection
    may be the next hand's.  No warning for hand 5 passing on from Dan."""
    text = night(["Anna", "Ben", "Cara", "Dan", "Anna"])
    lost = text.replace("\nhand 4 · button Dan · Anna · Ben · Cara · Dan\n", "\nAnna rebuys 10\n")
    outcomes = checked(tmp_path, lost)
    assert [e.rule for e in outcomes[2].errors] == ["parse"]
    assert [o.hand_id for o in outcomes] == ["1", "2", "3", "5"]
    assert not any(w.rule == "button-order" for o in outcomes for w in o.warnings)
