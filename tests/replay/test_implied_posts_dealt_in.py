"""Implied forced bets go to the players dealt in, a player with no chips at the deal not.

grammar/README.md, "Forced bets": a hand that writes no ``posts`` entry gets "antes from every
player dealt in ...; the small blind from the first player dealt in left of the button, the big
blind from the next (``000``); heads-up the button posts the small blind (``000``)".  Seed
``000`` (/work/shared/seeds/000_a72d4d9e46de50ad.txt, "Betting in short"): "the player to the
dealer's left puts in the small blind, the next player to the left the big blind ... With only
two players, the dealer puts in the small blind."  ``replay/state.py``: "A player with no chips
at the deal, or who sits out, is not dealt in".

The reader does not know the stacks (they are carried from the table's previous hand), so it
implied the blinds for every listed player, a busted one too: the hand was refused (``Cara has
no chips and is not dealt in``, or ``Ben posts the small blind, but it is Anna's``).  The replay
now places them among the players dealt in.  A hand that writes its posts gets what it writes.
"""

from __future__ import annotations

import csv
import io
from collections import defaultdict
from pathlib import Path

from badugi_ledger.convert import convert_file
from badugi_ledger.model.events import Post
from badugi_ledger.model.results import HandOutcome
from badugi_ledger.replay import replay_stream
from badugi_ledger.reports.hand_text import render_hand
from badugi_ledger.reports.hand_view import hand_views
from badugi_ledger.sources import read_stream
from badugi_ledger.text.parse import parse_text

HEADER = """game badugi · fixed limit 2/4 · blinds 1/2
cash Friday game · date 2024-03-01 · season 2024
table Kitchen
"""

# Cara all-in for the big blind (2) loses at the showdown: she has no chips after it.
CARA_BUSTS = """
hand 1 · button Anna · Anna 100 · Ben 100 · Cara 2
Anna calls · Ben calls
draw: Ben 1 · Cara 1 · Anna 1
Ben checks · Anna checks
draw: Ben 1 · Cara 1 · Anna 1
Ben checks · Anna checks
draw: Ben 1 · Cara 1 · Anna 1
Ben checks · Anna checks
show: Ben 8h 6c 4d 2s · Cara Jd 7c 5h 3s · Anna Qd Jc Th 9s
Ben collects 6
"""

# Hand 2, Cara out: Anna and Ben are heads-up.  Button Ben: Cara, left of him, has no chips, so
# Ben (the button) posts the small blind and acts first, Anna the big blind.
BUTTON_BEN = """
hand 2 · button Ben · Anna · Ben · Cara
Ben folds
Anna collects 2
"""

# Button Anna: the button posts the small blind, Ben the big blind.
BUTTON_ANNA = """
hand 2 · button Anna · Anna · Ben · Cara
Anna folds
Ben collects 2
"""


def outcomes(text: str, header: str = HEADER) -> list[HandOutcome]:
    return list(replay_stream(parse_text(header + text, "night.bhh")))


def posts(outcome: HandOutcome) -> list[tuple[str, str]]:
    """The forced bets the hand was replayed with."""
    assert outcome.result is not None, outcome.errors
    return [(e.player, e.kind) for e in outcome.result.record.events if type(e) is Post]


def clean(text: str, header: str = HEADER) -> list[HandOutcome]:
    found = outcomes(text, header)
    assert [(o.hand_id, o.errors, o.warnings) for o in found] == [
        (o.hand_id, (), ()) for o in found
    ]
    return found


def test_busted_player_left_of_the_button_heads_up_the_button_posts_the_small_blind() -> None:
    """Cara busted in hand 1 and sits left of the button Ben: heads-up with Anna, the button
    posts the small blind (``000``), Anna the big blind; Cara is only noted."""
    _, second = clean(CARA_BUSTS + BUTTON_BEN)
    assert posts(second) == [("Ben", "small-blind"), ("Anna", "big-blind")]
    assert second.result is not None
    assert "not dealt in (no chips): Cara" in second.result.notes
    assert dict(second.result.final_stacks) == {"Anna": 99, "Ben": 103, "Cara": 0}


def test_heads_up_after_a_bust_the_button_posts_the_small_blind() -> None:
    """Button Anna, Cara out: Anna (the button) posts the small blind, Ben the big one; the
    reader had put them on Ben and Cara as the seats are listed."""
    _, second = clean(CARA_BUSTS + BUTTON_ANNA)
    assert posts(second) == [("Anna", "small-blind"), ("Ben", "big-blind")]
    assert second.result is not None
    assert dict(second.result.final_stacks) == {"Anna": 97, "Ben": 105, "Cara": 0}


def test_busted_player_at_the_small_blind_the_next_two_post() -> None:
    """Four seats, Dan (no chips) first left of the button: the small blind is Anna's, the
    first player dealt in left of the button, the big blind Ben's, the next (``000``)."""
    (hand,) = clean(
        "hand 1 · button Cara · Anna 100 · Ben 100 · Cara 100 · Dan 0\n"
        "Cara folds · Anna folds\nBen collects 2\n"
    )
    assert posts(hand) == [("Anna", "small-blind"), ("Ben", "big-blind")]


def test_busted_player_at_the_big_blind_the_next_one_posts_it() -> None:
    """Ben (no chips) would be the big blind: it is Cara's, the next player dealt in."""
    (hand,) = clean(
        "hand 1 · button Dan · Anna 100 · Ben 0 · Cara 100 · Dan 100\n"
        "Dan folds · Anna folds\nCara collects 2\n"
    )
    assert posts(hand) == [("Anna", "small-blind"), ("Cara", "big-blind")]


def test_antes_come_from_every_player_dealt_in_not_from_the_busted_one() -> None:
    """``ante N``: "an ante from every player dealt in" (grammar/README.md): not from Dan,
    who has no chips; the blinds as above."""
    (hand,) = clean(
        "hand 1 · button Cara · Anna 100 · Ben 100 · Cara 100 · Dan 0\n"
        "Cara folds · Anna folds\nBen collects 5\n",
        HEADER + "ante 1\n",
    )
    assert posts(hand) == [
        ("Anna", "ante"),
        ("Ben", "ante"),
        ("Cara", "ante"),
        ("Anna", "small-blind"),
        ("Ben", "big-blind"),
    ]
    assert hand.result is not None
    assert dict(hand.result.final_stacks) == {"Anna": 98, "Ben": 103, "Cara": 99, "Dan": 0}


def test_a_rebuy_deals_the_busted_player_in_again_and_he_posts_as_listed() -> None:
    """Cara rebuys before hand 2: she has chips at the deal, is dealt in, and posts the small
    blind left of the button Ben, as the reader implied it (nothing is placed again)."""
    second_hand = (
        "\nhand 2 · button Ben · Anna · Ben · Cara\nCara rebuys 50\n"
        "Ben folds · Cara folds\nAnna collects 2\n"
    )
    _, second = clean(CARA_BUSTS + second_hand)
    assert posts(second) == [("Cara", "small-blind"), ("Anna", "big-blind")]
    assert second.result is not None and second.record is second.result.record


def test_written_posts_are_kept_as_written_and_checked() -> None:
    """A hand that writes its posts gets exactly what it writes: a small blind written for
    busted Cara is still refused; the right ones, written, check as before."""
    wrong = BUTTON_BEN.replace("Ben folds", "Cara posts sb · Anna posts bb\nBen folds")
    _, second = outcomes(CARA_BUSTS + wrong)
    assert [(v.rule, v.pos.line) for v in second.errors] == [("not-dealt-in", 17)]
    right = BUTTON_BEN.replace("Ben folds", "Ben posts sb · Anna posts bb\nBen folds")
    _, second = clean(CARA_BUSTS + right)
    assert posts(second) == [("Ben", "small-blind"), ("Anna", "big-blind")]


def test_a_busted_player_written_as_acting_is_still_refused() -> None:
    """Placing the blinds elsewhere does not deal Cara in: her fold is refused where written."""
    acting = BUTTON_BEN.replace("Ben folds", "Cara folds · Ben folds")
    _, second = outcomes(CARA_BUSTS + acting)
    assert [(v.rule, v.pos.line) for v in second.errors] == [("not-dealt-in", 17)]
    assert "Cara has no chips and is not dealt in" in second.errors[0].message


def test_show_names_the_blinds_of_the_players_dealt_in(tmp_path: Path) -> None:
    """``show`` lists the forced bets the hand was played with, not the reader's."""
    path = tmp_path / "night.bhh"
    path.write_text(HEADER + CARA_BUSTS + BUTTON_BEN, encoding="utf-8")
    shown = render_hand(list(hand_views([path]))[1])
    assert "Ben posts the small blind 1" in shown
    assert "Anna posts the big blind 2" in shown
    assert "Cara posts" not in shown
    assert "verdict: ok" in shown


def test_import_balances_every_hand(tmp_path: Path) -> None:
    """Every chip is accounted for in the ledger: each hand's postings sum to 0."""
    from tests.ledger.test_ledger_identity import invoke

    path = tmp_path / "night.bhh"
    path.write_text(HEADER + CARA_BUSTS + BUTTON_BEN, encoding="utf-8")
    db = tmp_path / "x.db"
    code, out = invoke("import", path, "--db", db)
    assert code == 0, out
    code, out = invoke("export", "--table", "postings", "--format", "csv", "--db", db)
    assert code == 0, out
    sums: dict[str, int] = defaultdict(int)
    blinds: dict[str, int] = defaultdict(int)
    for row in csv.DictReader(io.StringIO(out)):
        sums[row["hand"]] += int(row["amount"])
        if row["hand"] == "2" and row["kind"] == "blind":
            blinds[row["account"]] += int(row["amount"])
    assert len(sums) == 2 and set(sums.values()) == {0}
    assert dict(blinds) == {"Ben": -1, "Anna": -2}


def test_converted_the_night_reads_back_clean(tmp_path: Path) -> None:
    """Our text leaves the posts implied (read back, they are placed again); PHH, which lists
    only the players dealt in, gets the button's small blind heads-up."""
    path = tmp_path / "night.bhh"
    path.write_text(HEADER + CARA_BUSTS + BUTTON_BEN, encoding="utf-8")
    for to, name in (("text", "back.bhh"), ("phh", "back.phhs")):
        written = tmp_path / name
        with written.open("w", encoding="utf-8") as out:
            report = convert_file(path, to, out)
        assert not report.problems and report.written == 2
        back = list(replay_stream(read_stream(written)))
        assert [(o.hand_id, o.errors) for o in back] == [("1", ()), ("2", ())]
        assert posts(back[1]) == [("Ben", "small-blind"), ("Anna", "big-blind")]


REDEAL_HEADER = """game progressive badugi · fixed limit 2/4 · blinds 1/2
qualifier 9 · qualifier-pair-ok no · redeal-posts yes
cash Progressive night · date 2024-05-03 · season 2024
table Back room
"""

_CHECKS = "Anna checks · Cara checks"
_DRAWS = "draw: Anna 1 · Ben 1 · Cara 1"

# Dan has no chips; Ben goes all-in for the big blind and nobody qualifies: 6 carried.
REDEAL = f"""
hand P1 · button Cara · Anna 100 · Ben 2 · Cara 100 · Dan 0
Cara calls · Anna calls
{_DRAWS}
{_CHECKS}
{_DRAWS}
{_CHECKS}
{_DRAWS}
{_CHECKS}
show: Anna Qd Jc Th 9s · Ben Kh 8s 4d 2c · Cara Jd 7c 5h 3s
carry 6

hand P2 · button Cara · Anna · Ben · Cara · Dan
Cara calls · Anna calls
{_DRAWS}
{_CHECKS}
{_DRAWS}
{_CHECKS}
{_DRAWS}
{_CHECKS}
show: Anna Kd Qc Jh Ts · Ben 8h 6c 4d 2s · Cara 9d 7s 5h 3c
Ben collects 6
Cara collects 4
"""


def test_on_a_redeal_the_player_all_in_for_the_carried_pot_keeps_his_blind() -> None:
    """``redeal-posts yes`` (``002``, seeds README item 5): the redeal posts again.  Dan, with
    no chips, is not dealt in (not at P1's small blind either); Ben, whose chips are all in
    the carried pot, is dealt into the redeal (``002``: "to every player at the table"), so
    he is the big blind left of Anna, and, all-in, posts nothing for it (a player short of a
    blind posts what he has); Cara and Anna owe the full big blind (``short-blind
    full-blind``) and their 4 chips are a side pot without him."""
    first, second = clean(REDEAL, REDEAL_HEADER)
    assert posts(first) == [("Anna", "small-blind"), ("Ben", "big-blind")]
    assert posts(second) == [("Anna", "small-blind"), ("Ben", "big-blind")]
    assert second.result is not None
    assert second.result.contributions["Ben"] == 0
    assert dict(second.result.payouts) == {"Ben": 6, "Cara": 4}
