"""A cash night's first hand is held to the pot the file's night before left at its table.

The ledger keeps one pool of carried Progressive Badugi pots per table and unit over every night
(``ledger/carried_pots.py``, docs/ledger.md "Carried pots"): a pot is taken once, and never more
than was carried; the pool's first Progressive hand may take last week's pot on the file's word.
``check`` sees one file, so it holds a night's first ``carry in N`` to the nights of earlier
dates in the same file, once it is read to its end: more than they left is a ``carry-carried``
warning at the hand (a night between them may be in another file); the import refuses it, as
the ledger's pool says.  A pot never passes
between pools (units, tournaments): a pool's first hand in the file that takes a pot the file
carried in another unit is a warning too, and a pot carried in one unit makes no redeal of the
next hand at the table in another.  The night before is ``examples/progressive_night.bhh``
(P1 carries 12, P2 takes it with 26 more, P3 a walk).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.model.events import HandRecord
from badugi_ledger.replay import replay_stream
from badugi_ledger.replay.table import TableTracker
from badugi_ledger.text.parse import parse_text
from badugi_ledger.text.writer import without_positions, write_hands
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES

NIGHT = (EXAMPLES / "progressive_night.bhh").read_text(encoding="utf-8")

NEXT_NIGHT = """
cash Progressive night · date {date} · place The back room · season 2024
table Back room

hand Q1 · button Cara · Anna 101 · Ben 94 · Cara 83 · Dan 122
carry in {carry}
Dan bets · Anna folds · Ben folds · Cara calls
draw: Dan pat · Cara 1
Dan checks · Cara checks
draw: Dan pat · Cara 1
Dan checks · Cara checks
draw: Dan pat · Cara 1
Dan checks · Cara checks
show: Dan 8h 6c 4d 2s · Cara 9d 7s 5h 3c
Dan collects {pot}
final: Anna 101 · Ben 94 · Cara 81 · Dan {dan}
"""


def next_night(carry: int, date: str = "2024-05-10") -> str:
    return NEXT_NIGHT.format(date=date, carry=carry, pot=carry + 4, dan=120 + carry + 4)


def night_up_to(hand: str) -> str:
    """The example night up to (not including) hand ``hand``."""
    return NIGHT[: NIGHT.index(f"\nhand {hand} ") + 1]


def plain_night() -> str:
    """The example night dealt as plain Badugi (its hand P3 alone, every stack stated): a
    night of the table's unit whose hands carry no pot."""
    plain = NIGHT.replace("game progressive badugi", "game badugi").replace("qualifier 9 · ", "")
    plain = plain[: plain.index("\nhand P1 ") + 1] + "hand P3 " + NIGHT.split("\nhand P3 ", 1)[1]
    return plain.replace(
        "hand P3 · button Ben · Anna · Ben · Cara · Dan",
        "hand P3 · button Ben · Anna 98 · Ben 94 · Cara 84 · Dan 124",
    )


PROGRESSIVE = "\ngame progressive badugi · fixed limit 2/4 · blinds 1/2\nqualifier 9\n"
"""The header lines that bring the game back to Progressive Badugi after :func:`plain_night`."""


def q1_warnings(text: str) -> list[tuple[str, int, str]]:
    """The warnings of the last hand, Q1, with those found once the file is read to its end
    (``Pools.at_end``) at its line, as ``check`` reports them."""
    tracker = TableTracker()
    outcomes = list(replay_stream(parse_text(text, "season.bhh"), tracker=tracker))
    assert all(isinstance(o.record, HandRecord) for o in outcomes)
    q1 = outcomes[-1]
    assert q1.hand_id == "Q1" and q1.ok, q1.errors
    at_end = [found for hand, found in tracker.pools.at_end() if hand == "Q1"]
    return [(w.rule, w.pos.line, w.message) for w in (*q1.warnings, *at_end)]


@pytest.mark.parametrize(
    ("text", "at", "message", "refusal"),
    [
        (
            NIGHT + next_night(12),
            "hand Q1 · button Cara · Anna 101 · Ben 94 · Cara 83 · Dan 122",
            "at table 'Back room' hand Q1 of Progressive night (2024-05-10) takes 12 chips of "
            "carried Progressive Badugi pots, but the hands before it carried 12 chips and "
            "took 12 chips: its 'carry in' states more than was carried, or takes a pot "
            "another hand took; an import of this file alone is refused (nothing of it stored)",
            "states more than was carried",
        ),
        (
            NIGHT + "\ncurrency USD\n" + next_night(12),
            "carry in 12",
            "the hand, played in USD, states a carried-in pot of 0.12, but this file's hands "
            "at the table carried pots in chips only, none in USD before it: a carried pot "
            "stays in its unit, and a tournament's in the tournament; the ledger refuses it "
            "unless a hand played here before it in this unit is recorded in another file",
            "a carried pot stays in its unit, and a tournament's in the tournament; correct "
            "its 'carry in' if no pot of its unit was carried for it; or, to correct the unit",
        ),
    ],
    ids=["taken-twice", "another-unit"],
)
def test_a_pot_the_ledger_refuses_is_a_warning(
    text: str, at: str, message: str, refusal: str, tmp_path: Path
) -> None:
    """The next night takes 12 at Q1: in chips, the example night took the 12 it carried
    (P2): check warns at Q1's line once the file is read to its end, in the words of the
    import's refusal; in USD, the table's pots were carried in chips only, and a carried pot
    stays in its unit (``ledger/carried_pots.py``): check warns at the ``carry in`` line.
    Either way the import refuses the file."""
    line = text.splitlines().index(at) + 1
    assert q1_warnings(text) == [("carry-carried", line, message)]
    path = tmp_path / "season.bhh"
    path.write_text(text, encoding="utf-8")
    report = import_into(tmp_path / "club.db", [path])
    assert report.stored == 0 and refusal in (report.files[0].error or "")


def test_the_pot_the_night_before_left_may_be_taken_whole_or_in_part(tmp_path: Path) -> None:
    """P1, the night's only hand, carries 12: the next night may take it, or part of it
    (the rest waits in the pool, as the ledger has it)."""
    for carry in (12, 10):
        text = night_up_to("P2") + next_night(carry)
        assert q1_warnings(text) == []
    path = tmp_path / "season.bhh"
    path.write_text(night_up_to("P2") + next_night(12), encoding="utf-8")
    report = import_into(tmp_path / "club.db", [path])
    assert (report.stored, report.rejected) == (2, 0)


def test_nights_out_of_date_order_or_after_other_games_are_not_held_to_each_other() -> None:
    """A night dated before the one above it in the file (the ledger orders nights by date),
    or one of the same date, is not held to it; nor is the first Progressive night after a
    night of plain Badugi, which may take last week's pot on the file's word."""
    assert q1_warnings(NIGHT + next_night(12, "2024-04-26")) == []
    assert (
        q1_warnings(NIGHT + next_night(12, "2024-05-03").replace("Progressive night", "Late")) == []
    )
    plain, progressive = plain_night(), PROGRESSIVE
    assert q1_warnings(plain + progressive + next_night(12)) == []


def in_dollars(text: str) -> str:
    """``text`` (a night of :data:`NEXT_NIGHT`) played in cents of USD."""
    return "\ncurrency USD\n" + text


def test_a_unit_taking_a_pot_with_no_pot_carried_in_another_or_its_own_night_before() -> None:
    """No warning when the file's hands at the table carried no pot in another unit (a night
    of plain Badugi before), or when the unit's own night came before in the file (then the
    night-before rule holds it: 12 of the 12 that night carried)."""
    plain, progressive = plain_night(), PROGRESSIVE
    assert q1_warnings(plain + progressive + in_dollars(next_night(12))) == []
    dollars_first = in_dollars(night_up_to("P2")).replace("2024-05-03", "2024-04-26")
    chips_again = "\ncurrency chips\n" + NIGHT
    assert q1_warnings(dollars_first + chips_again + in_dollars(next_night(12))) == []


def test_a_pot_carried_at_another_night_unit_or_tournament_makes_no_redeal(
    tmp_path: Path,
) -> None:
    """A table's carried pot goes on from hand to hand within one session and unit (grammar
    README, ``cash``): a night's first hand is a redeal (no blinds, ``redeal-posts no``) only
    when it states the pot carried into it.  After a night whose last hand (P1) carried, the
    example night posts its blinds at P1, whether the night before was in chips, in USD, or
    the later one is a tournament.  Read, checked, imported and written back (``convert``'s
    writer) alike."""
    before = night_up_to("P2").replace("2024-05-03", "2024-04-26")
    tournament = NIGHT.replace(
        "cash Progressive night · date 2024-05-03",
        "tournament Spring cup · date 2024-05-03 · buy-in 1000 · starting-chips 100",
    )
    for number, text in enumerate(
        (
            before + NIGHT,
            in_dollars(before) + "\ncurrency chips\n" + NIGHT,
            before + tournament,
        )
    ):
        records = [r for r in parse_text(text, "season.bhh") if isinstance(r, HandRecord)]
        outcomes = list(replay_stream(records))
        assert [(o.hand_id, o.ok, o.warnings) for o in outcomes] == [
            ("P1", True, ()),
            ("P1", True, ()),
            ("P2", True, ()),
            ("P3", True, ()),
        ]
        assert [len(r.events) for r in records[1:]] == [
            len(r.events) for r in parse_text(NIGHT, "night.bhh") if isinstance(r, HandRecord)
        ]
        written = [r for r in parse_text("".join(write_hands(records)), "rt.bhh")]
        assert list(map(without_positions, written)) == list(map(without_positions, records))
        path = tmp_path / "season.bhh"
        path.write_text(text, encoding="utf-8")
        report = import_into(tmp_path / f"{number}.db", [path])
        assert (report.stored, report.rejected) == (4, 0), report.files[0].error


def test_a_nights_first_hand_written_as_a_redeal_without_carry_in_is_told_what_to_write() -> None:
    """Q1 played as the redeal of the 12 that P1 carried (no blinds, Dan opens) but without
    its ``carry in 12``: it is no redeal, so its blinds were due and Dan acts out of turn;
    the verdict says which line would make it the redeal."""
    text = night_up_to("P2") + next_night(12).replace("carry in 12\n", "")
    outcomes = list(replay_stream(parse_text(text, "season.bhh")))
    q1 = outcomes[-1]
    assert [(v.rule, v.message) for v in q1.errors] == [
        (
            "turn-order",
            "Dan acts, but it is Ben's turn (order of play: 000); if the hand is the redeal of "
            "the pot of 12 the table's nights before it in this file (the last Progressive "
            "night, 2024-05-03) left carried, write 'carry in 12' on the line after its hand "
            "line (a carried pot goes on to the next night only when the hand says so)",
        ),
        (
            "chips-balance",
            "the recorded final stacks add up to 412; with rake 0 and 0 carried that is 412, "
            "but the players started with 400: 12 chips created",
        ),
    ]


def test_a_bare_cash_line_after_hands_of_no_named_session_goes_on_with_their_pot() -> None:
    """Hands before any ``cash`` line are of the unnamed cash session, as a bare ``cash`` line
    names it again: hand 2 after it is the redeal of the pot hand 1 carried, for the reader,
    the replay and the writer alike (its text reads back to the same hand, its posts implied
    the same way: none)."""
    text = (
        "game progressive badugi · fixed limit 2/4 · blinds 1/2\n"
        "table T\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\n"
        "Anna calls · Ben checks\n"
        + "draw: Ben 1 · Anna 1\nBen checks · Anna checks\n"
        * 3
        + "show: Ben Kh 8s 4d 2c · Anna Jd 7c 5h 3s\n"
        "carry 4\n\n"
        "cash\n"
        "hand 2 · button Ben · Anna · Ben\n"
        "Anna bets · Ben folds\n"
        "Anna collects 4\n"
    )
    records = [r for r in parse_text(text, "t.bhh") if isinstance(r, HandRecord)]
    assert [r.posts_implied for r in records] == [True, False]
    assert all(o.ok for o in replay_stream(records))
    written = [r for r in parse_text("".join(write_hands(records)), "rt.bhh")]
    assert [r.posts_implied for r in written] == [True, False]
    assert list(map(without_positions, written)) == list(map(without_positions, records))


def test_a_night_is_held_to_what_every_earlier_night_of_its_pool_left(tmp_path: Path) -> None:
    """The ledger passes a pool's pots in date order, whatever the file's order, and what a
    night leaves untaken waits for the next: P1 alone (it carries 12) on 05-03 and again on
    05-10, then Q1 on 05-17 may take 24; and a night dated before the one above it in the file
    is counted in its place (the full example night on 05-03, after P1 alone on 05-10, left
    12 for 05-17).  Check warns of neither, and the import stores both files."""
    alone = night_up_to("P2")
    twice = alone + alone.replace("2024-05-03", "2024-05-10")
    growing = twice + next_night(24, date="2024-05-17")
    assert q1_warnings(growing) == []
    assert [w[0] for w in q1_warnings(twice + next_night(25, date="2024-05-17"))] == [
        "carry-carried"
    ]
    shuffled = alone.replace("2024-05-03", "2024-05-10") + NIGHT + next_night(12, "2024-05-17")
    assert q1_warnings(shuffled) == []
    for number, text in enumerate((growing, shuffled)):
        path = tmp_path / f"{number}.bhh"
        path.write_text(text, encoding="utf-8")
        report = import_into(tmp_path / f"{number}.db", [path])
        assert report.rejected == 0 and report.files[0].error is None, report.files[0].error


def test_a_units_first_progressive_night_after_a_plain_one_taking_another_units_pot() -> None:
    """A night of plain Badugi in chips, then a Progressive night in USD that carries, then a
    Progressive night in chips taking a pot: the chips pool's first Progressive hand, so it
    can only take the USD pot, which the ledger refuses: the warning is given although the
    chips unit had a night in the file before."""
    plain, progressive = plain_night().replace("2024-05-03", "2024-05-01"), PROGRESSIVE
    text = (
        plain
        + progressive
        + in_dollars(night_up_to("P2").split("\n", 7)[7])
        + "\ncurrency chips\n"
        + next_night(12)
    )
    assert [w[0] for w in q1_warnings(text)] == ["carry-carried"]
    assert "in USD only, none in chips before it" in q1_warnings(text)[0][2]
