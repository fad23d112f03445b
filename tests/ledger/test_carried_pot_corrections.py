"""Carried Progressive Badugi pots through corrections: a ledger that went through imports in
any order, ``import --replace`` and voids equals one built fresh from the final files, and its
``*carry*`` account never pays chips nobody put in.

A pot passes from hand to hand of a table's pool in play order (nights by date, a night's
hands in ``play_order``; ``badugi_ledger/ledger/carried_pots.py``), never in the order the rows
were stored.  Every night here is built from ``examples/progressive_night.bhh`` (hand P1 carries
12, P2 takes it: Dan collects 26 + 12, P3) by text edits: night one up to the carry, the
same night corrected (everyone checks, the pot carried is 8), later nights opening with ``carry
in 12``, and a night whose hand that carried is renumbered.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.helpers.ledger_files import import_into
from tests.ledger.test_carry_not_stored import settle
from tests.ledger.test_ledger_identity import invoke, standings_nets
from tests.replay.test_progressive_carry import NIGHT

CASH = "cash Progressive night · date 2024-05-03 · place The back room · season 2024"
TEXT = NIGHT.read_text(encoding="utf-8")
HEAD = TEXT[: TEXT.index("\nhand P1 ·") + 1]
P1 = TEXT[TEXT.index("\nhand P1 ·") + 1 : TEXT.index("\nhand P2 ·") + 1]
REST = TEXT[TEXT.index("\nhand P2 ·") + 1 :]

# n1c.bhh: nobody bets after the draw, all four show down without a 9-high badugi: 8 carried.
CHECKED_DOWN = """Anna checks · Ben checks · Cara checks · Dan checks
draw: Anna 1 · Ben 1 · Cara 1 · Dan 1
Anna checks · Ben checks · Cara checks · Dan checks
draw: Anna 1 · Ben 1 · Cara 1 · Dan 1
Anna checks · Ben checks · Cara checks · Dan checks
show: Ben Kh 8s 4d 2c · Cara Jd 7c 5h 3s · Dan Qh Qs Qd Qc · Anna Kc Ks Kd 2h
carry 8
"""


def night_one(carried: int = 12) -> str:
    """``n1.bhh``: the example night up to hand P1, which carries 12; ``carried`` 8 is
    ``n1c.bhh``, the night corrected."""
    if carried == 12:
        return HEAD + P1
    assert carried == 8
    action = P1[P1.index("Anna checks · Ben bets") :]
    return HEAD + P1.replace(action, CHECKED_DOWN + "\n")


def later_night(name: str, date: str, letter: str, carried: int = 12) -> str:
    """``n2.bhh`` / ``n3.bhh``: another night at the same table in the same unit, opening with
    the example's P2 (stacks stated, ``carry in``) and P3, numbered ``letter``2, ``letter``3.
    Taking 8 instead of 12, Dan collects 34 and ends 4 chips lower."""
    rest = REST.replace(
        "hand P2 · button Anna · Anna · Ben · Cara · Dan",
        f"hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98\ncarry in {carried}",
        1,
    )
    if carried != 12:
        rest = (
            rest.replace("Dan collects 38", f"Dan collects {26 + carried}")
            .replace("Dan 124", f"Dan {112 + carried}")
            .replace("Dan 122", f"Dan {110 + carried}")
        )
    head = HEAD.replace(CASH, f"cash {name} · date {date} · season 2024")
    return head + rest.replace("hand P", f"hand {letter}")


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def season(db: Path) -> dict[str, int]:
    """The season's settle-up balances (the ``*carry*`` account among them when it holds or
    owes chips)."""
    code, out = invoke("settle", "--season", "2024", "--db", db, "--json")
    assert code == 0, out
    (unit,) = json.loads(out)["units"]
    balances: dict[str, int] = unit["balances"]
    return balances


def assert_as_fresh(db: Path, files: list[Path], tmp_path: Path) -> None:
    """The ledger's settle-up and standings are those of the final ``files`` imported into an
    empty ledger, and its ``*carry*`` account owes nothing."""
    fresh_dir = tmp_path / "fresh"
    fresh_dir.mkdir()
    copies = [Path(shutil.copy(f, fresh_dir / f.name)) for f in files]
    fresh = tmp_path / "fresh.db"
    report = import_into(fresh, copies, jobs=1)
    assert all(f.error is None for f in report.files), report.files
    assert season(db) == season(fresh)
    assert standings_nets(db) == standings_nets(fresh)
    assert season(db).get("*carry*", 0) >= 0


# --- a correction that lowers a carried pot ----------------------------------------------------


def at_q2(path: Path) -> str:
    """Where night two's hand Q2 is, as a refusal names it: ``FILE:LINE``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    return f"{path}:{next(i for i, t in enumerate(lines, 1) if t.startswith('hand Q2 '))}"


def test_a_replace_that_lowers_a_pot_a_later_night_took_is_refused(tmp_path: Path) -> None:
    """Night one's P1 carried 12 into night two's ``carry in 12``; corrected so that it carries
    8, the replacement would leave night two taking 4 chips nobody put in: it is refused,
    nothing stored, and the message names night two's hand and what to do.  Doing it (night
    two corrected to ``carry in 8`` first, then night one) gives the fresh import's ledger."""
    one = write(tmp_path, "n1.bhh", night_one())
    two = write(tmp_path, "n2.bhh", later_night("Progressive night two", "2024-05-10", "Q"))
    db = tmp_path / "club.db"
    report = import_into(db, [one, two], jobs=1)
    assert (report.stored, report.rejected) == (3, 0), report.files
    before = season(db)

    write(tmp_path, "n1.bhh", night_one(carried=8))
    (refused,) = import_into(db, [one], replace=True).files
    assert refused.error is not None, refused
    assert f"hand Q2 of Progressive night two (2024-05-10) ({at_q2(two)}) takes 12 chips" in (
        refused.error
    )
    assert "the hands before it carried 8 chips" in refused.error
    assert f"import {two} again with --replace first" in refused.error
    assert season(db) == before

    write(tmp_path, "n2.bhh", later_night("Progressive night two", "2024-05-10", "Q", 8))
    assert import_into(db, [two], replace=True).files[0].error is None
    assert import_into(db, [one], replace=True).files[0].error is None
    assert_as_fresh(db, [one, two], tmp_path)


# --- play order, not the order rows were stored in ---------------------------------------------


def test_a_pot_taken_in_a_file_imported_first_is_not_voided_from_under_it(
    tmp_path: Path,
) -> None:
    """The night split in two files (``test_progressive_carry.split_night``) and night one and
    two, each time the file that takes the pot imported before the one that carried it: the
    hand that took it has the smaller row id, yet it comes later in play order, so the carrying
    hand P1 is not voided alone."""
    from tests.replay.test_progressive_carry import split_night

    first, second = split_night(tmp_path)
    db = tmp_path / "split.db"
    report = import_into(db, [second], jobs=1)
    report = import_into(db, [first], jobs=1)
    assert report.files[0].error is None, report.files
    code, out = invoke(
        "void", "--event", "Progressive night", "--hand", "P1", "--reason", "x", "--db", db
    )
    assert code == 1 and "carried its pot of 12 chips into hand P2, which counts" in out, out
    assert "void hand P2 first" in out and "or void the whole event" in out
    assert season(db).get("*carry*", 0) == 0

    nights = tmp_path / "nights"
    nights.mkdir()
    one = write(nights, "n1.bhh", night_one())
    two = write(nights, "n2.bhh", later_night("Progressive night two", "2024-05-10", "Q"))
    db = tmp_path / "nights.db"
    for path in (two, one):
        assert import_into(db, [path]).files[0].error is None
    code, out = invoke(
        "void", "--event", "Progressive night", "--hand", "P1", "--reason", "x", "--db", db
    )
    assert code == 1, out
    assert "into hand Q2 of Progressive night two (2024-05-10), which counts" in out, out
    code, out = invoke("void", "--event", "Progressive night", "--reason", "x", "--db", db)
    assert code == 1 and "void hand Q2 of Progressive night two (2024-05-10) first" in out
    assert_as_fresh(db, [one, two], tmp_path)


def test_one_pot_taken_by_two_nights_is_refused_in_any_import_order(tmp_path: Path) -> None:
    """Night one carries 12; nights two and three both open with ``carry in 12``: one pot taken
    twice.  Whatever order the files come in, a night that would take it a second time is not
    imported, and the ledger never pays out of ``*carry*`` what it does not hold; in the order
    they were played, and with the last night first, night three is the one refused."""
    one = write(tmp_path, "n1.bhh", night_one())
    two = write(tmp_path, "n2.bhh", later_night("Progressive night two", "2024-05-10", "Q"))
    three = write(tmp_path, "n3.bhh", later_night("Progressive night three", "2024-05-17", "R"))
    results = {}
    for order in ((one, two, three), (two, three, one), (three, two, one), (two, one, three)):
        db = tmp_path / ("-".join(p.stem for p in order) + ".db")
        refused = [p.name for p in order if import_into(db, [p]).files[0].error is not None]
        balances = season(db)
        assert balances.get("*carry*", 0) >= 0, (order, balances)
        results[tuple(p.name for p in order)] = (refused, balances)
    assert results[("n1.bhh", "n2.bhh", "n3.bhh")][0] == ["n3.bhh"]
    assert results[("n2.bhh", "n3.bhh", "n1.bhh")] == results[("n1.bhh", "n2.bhh", "n3.bhh")]
    assert results[("n2.bhh", "n1.bhh", "n3.bhh")] == results[("n1.bhh", "n2.bhh", "n3.bhh")]
    # night three first: it takes last week's pot; night two would then leave it none
    assert results[("n3.bhh", "n2.bhh", "n1.bhh")][0] == ["n2.bhh"]


def test_a_night_whose_carry_was_voided_does_not_give_its_pot_again(tmp_path: Path) -> None:
    """A table's first hand may take last week's pot, which the ledger never saw carried, on
    the file's word; voiding the night that carried a pot never makes the hand that took it
    the first: night two is imported alone (its pot on its word), night one after it, and the
    whole of night one cannot be voided while night two takes its pot."""
    one = write(tmp_path, "n1.bhh", night_one())
    two = write(tmp_path, "n2.bhh", later_night("Progressive night two", "2024-05-10", "Q"))
    db = tmp_path / "club.db"
    assert import_into(db, [two]).files[0].error is None
    assert season(db)["*carry*"] == -12  # last week's pot, on the file's word
    assert import_into(db, [one]).files[0].error is None
    assert "*carry*" not in season(db)
    code, out = invoke("void", "--event", "Progressive night", "--reason", "x", "--db", db)
    assert code == 1 and "Progressive night (2024-05-03) carried a pot into hand Q2" in out, out
    assert "*carry*" not in season(db)


# --- a replacement checked as a whole ----------------------------------------------------------


def test_renumbering_the_hand_that_carried_is_accepted(tmp_path: Path) -> None:
    """``f1.bhh`` → ``f1r.bhh``: hand P1, whose pot P2 of the same file takes, renumbered P1b
    and imported with ``--replace``.  The old P1 is left out (voided), the new P1b carries the
    same pot into P2: the night after the replacement is as consistent as before, so it is
    stored, and the ledger is the fresh import's.  The same when the pot went into another
    night's hand."""
    night = write(tmp_path, "night.bhh", TEXT)
    db = tmp_path / "club.db"
    assert import_into(db, [night]).stored == 3
    write(tmp_path, "night.bhh", TEXT.replace("hand P1 ·", "hand P1b ·"))
    (report,) = import_into(db, [night], replace=True).files
    assert report.error is None and not report.conflicts, report
    assert [c.hand for c in report.replaced] == ["P1"]
    assert "*carry*" not in season(db)
    assert_as_fresh(db, [night], tmp_path)

    nights = tmp_path / "nights"
    nights.mkdir()
    one = write(nights, "n1.bhh", night_one())
    two = write(nights, "n2.bhh", later_night("Progressive night two", "2024-05-10", "Q"))
    db = tmp_path / "nights.db"
    assert import_into(db, [one, two], jobs=1).stored == 3
    write(nights, "n1.bhh", night_one().replace("hand P1 ·", "hand P1b ·"))
    (report,) = import_into(db, [one], replace=True).files
    assert report.error is None and not report.conflicts, report
    fresh_dir = tmp_path / "again"
    fresh_dir.mkdir()
    assert_as_fresh(db, [one, two], fresh_dir)


# --- last week's pot, and nights whose order is not known -------------------------------------

# The example's P3 alone, its stacks stated: a night at the table whose one hand carries nothing.
QUIET = """hand P1 · button Ben · Anna 100 · Ben 100 · Cara 100 · Dan 100
Anna raises · Ben folds · Cara folds · Dan folds
Anna collects 5
"""


def test_only_a_tables_first_hand_takes_last_weeks_pot(tmp_path: Path) -> None:
    """Night two alone: its ``carry in 12`` is last week's pot, on the file's word.  A night
    played a week before it at that table, carrying nothing, makes it no longer the first: a
    pot nobody carried, so that night is refused, naming night two's hand - as a fresh import
    of both refuses night two."""
    two = write(tmp_path, "n2.bhh", later_night("Progressive night two", "2024-05-10", "Q"))
    quiet = write(tmp_path, "n1.bhh", HEAD + QUIET)
    db = tmp_path / "club.db"
    assert import_into(db, [two]).files[0].error is None
    before = season(db)
    (report,) = import_into(db, [quiet]).files
    assert report.error is not None, report
    assert f"hand Q2 of Progressive night two (2024-05-10) ({at_q2(two)}) takes 12 chips" in (
        report.error
    )
    assert "the hands before it carried 0 chips" in report.error
    assert season(db) == before
    fresh = import_into(tmp_path / "fresh.db", [quiet, two], jobs=1)
    assert [f.error is None for f in fresh.files] == [True, False]


def test_a_refusal_at_the_table_without_a_name_says_which_hands_it_holds(tmp_path: Path) -> None:
    """The same two nights without a ``table`` line: the nights that name no table are one
    table for carried pots, two home games without one share them.  The refusal named
    "table ''"; it says which table that is, and how to keep two games apart."""
    nameless = "table Back room\n"
    two = later_night("Progressive night two", "2024-05-10", "Q").replace(nameless, "")
    db = tmp_path / "club.db"
    assert import_into(db, [write(tmp_path, "n2.bhh", two)]).files[0].error is None
    (report,) = import_into(
        db, [write(tmp_path, "n1.bhh", (HEAD + QUIET).replace(nameless, ""))]
    ).files
    assert report.error is not None, report
    assert report.error.startswith("at the table without a name hand Q2 of "), report.error
    assert "table ''" not in report.error
    assert "name each game's table, 'table NAME', to keep two games apart" in report.error


def test_nights_of_one_date_are_held_to_their_totals(tmp_path: Path) -> None:
    """Two nights at the table on one date: which came first, the ledger cannot know, so
    neither import order is refused, since one of the orders holds (the afternoon carries 12,
    the evening takes it).  A night played the week before leaves no pot from before the
    ledger; a third night of that date that takes the pot again takes more than the three
    carried together."""
    week_before = HEAD.replace(CASH, "cash Week before · date 2024-04-26 · season 2024")
    earlier = write(tmp_path, "n0.bhh", week_before + QUIET)
    afternoon = write(tmp_path, "a.bhh", night_one().replace("Progressive night", "Afternoon"))
    evening = write(tmp_path, "e.bhh", later_night("Evening", "2024-05-03", "E"))
    # (Cara shows another losing hand: a night of its own, not a copy of the evening's)
    late_night = later_night("Late", "2024-05-03", "L").replace(
        "Cara 9d 7s 5h 3c", "Cara 9d 7s 5h 3h"
    )
    late = write(tmp_path, "l.bhh", late_night)
    for order in ((afternoon, evening), (evening, afternoon)):
        db = tmp_path / f"{order[0].stem}.db"
        for path in (*order, earlier):
            assert import_into(db, [path]).files[0].error is None, path
        assert "*carry*" not in season(db)
        (report,) = import_into(db, [late]).files
        assert report.error is not None and "hand L2 of Late (2024-05-03)" in report.error
        assert "whose order is not known" in report.error


def test_a_tournament_of_last_week_with_the_same_name_keeps_its_pot(tmp_path: Path) -> None:
    """Two weekly tournaments both called Prog Cup at table Final: week 1 ends with a pot
    carried, week 2's first hand takes it.  A tournament's chips never leave it, and last
    week's is another tournament (another event: its date), so week 2 is refused as if it
    had another name (``examples/progressive_night.bhh`` made a tournament)."""
    text = NIGHT.read_text(encoding="utf-8")
    head = text[: text.index("cash ")]
    week = "tournament Prog Cup · date {date} · season S1 · buy-in 1000 · starting-chips 100\n"
    body = text[text.index("\nhand P1 ·") :]
    first = tmp_path / "w1.bhh"
    first.write_text(
        head + week.format(date="2024-05-03") + body[: body.index("\nhand P2 ·")],
        encoding="utf-8",
    )
    second = tmp_path / "w2.bhh"
    second.write_text(
        head
        + week.format(date="2024-05-10")
        + body[body.index("\nhand P2 ·") :].replace(
            "hand P2 · button Anna · Anna · Ben · Cara · Dan",
            "hand P2 · button Anna · Anna 98 · Ben 96 · Cara 96 · Dan 98\ncarry in 12",
            1,
        ),
        encoding="utf-8",
    )
    report = import_into(tmp_path / "club.db", [first, second])
    assert report.files[0].stored and report.files[0].error is None
    error = report.files[1].error
    assert error is not None and "the tournament Prog Cup of 2024-05-03" in error


def test_the_unit_of_two_nights_sharing_a_pot_is_corrected_as_the_refusal_says(
    tmp_path: Path,
) -> None:
    """Night 1 carries 12 chips into night 2; both files are corrected to chips worth money
    (``chips 10 = 1 EUR``).  Each file alone is refused, in either order (its new unit would
    take, or leave, a pot of the other's old unit), and the refusal says the way out: void
    the night that takes the pot, then import both files again, earliest first.  Followed, it
    gives the ledger a fresh import of the final files gives."""
    db = tmp_path / "club.db"
    first = write(tmp_path, "n1.bhh", night_one())
    second = write(tmp_path, "n2.bhh", later_night("Night two", "2024-05-10", "Q"))
    assert all(f.error is None for f in import_into(db, [first, second]).files)
    valued = "\nchips 10 = 1 EUR\ntable Back room"
    write(tmp_path, "n1.bhh", night_one().replace("\ntable Back room", valued, 1))
    write(
        tmp_path,
        "n2.bhh",
        later_night("Night two", "2024-05-10", "Q").replace("\ntable Back room", valued, 1),
    )
    for path in (second, first):
        (report,) = import_into(db, [path], replace=True).files
        assert (
            report.error is not None and "void each night that takes a carried pot" in report.error
        )
    code, out = invoke("void", "--event", "Night two", "--reason", "unit", "--db", db)
    assert code == 0, out
    for path in (first, second):
        (report,) = import_into(db, [path], replace=True).files
        assert report.error is None, report.error
    assert_as_fresh(db, [first, second], tmp_path)


# --- a correction that raises a carried pot ----------------------------------------------------


def raised_night_one() -> str:
    """``n1.bhh`` corrected so that Ben bets and Cara calls after the second draw: P1 carries
    20, not 12."""
    return (
        night_one()
        .replace(
            "draw: Ben 1 · Cara 1\nBen checks · Cara checks\ndraw",
            "draw: Ben 1 · Cara 1\nBen bets · Cara calls\ndraw",
            1,
        )
        .replace("carry 12", "carry 20")
    )


def test_a_replace_that_raises_a_pot_a_later_night_took_is_refused(tmp_path: Path) -> None:
    """Night one's P1 carried 12 into night two's ``carry in 12``; corrected so that it carries
    20, the replacement was stored and night two's hand took 12 of it: 8 chips stayed in
    ``*carry*`` after the pot was won, for no hand (seed 002: the carried pot goes to the
    winner of the next pot).  It is refused, nothing stored, naming night two's hand and the
    way: void it, import night one, then night two with its ``carry in`` corrected, which
    gives the fresh import's ledger."""
    one = write(tmp_path, "n1.bhh", night_one())
    two = write(tmp_path, "n2.bhh", later_night("Progressive night two", "2024-05-10", "Q"))
    db = tmp_path / "club.db"
    assert import_into(db, [one, two], jobs=1).stored == 3
    before = season(db)

    write(tmp_path, "n1.bhh", raised_night_one())
    (refused,) = import_into(db, [one], replace=True).files
    assert refused.error is not None, refused
    assert f"hand Q2 of Progressive night two (2024-05-10) ({at_q2(two)}) takes 12 chips" in (
        refused.error
    )
    assert "carried 20 chips: a carried pot is taken whole, and 8 chips would stay" in (
        refused.error
    )
    assert season(db) == before

    code, out = invoke(
        "void", "--event", "Progressive night two", "--hand", "Q2", "--reason", "x", "--db", db
    )
    assert code == 0, out
    assert import_into(db, [one], replace=True).files[0].error is None
    assert season(db)["*carry*"] == 20  # the raised pot waits for night two's hand
    corrected = (
        later_night("Progressive night two", "2024-05-10", "Q", 20)
        .replace("Ben 96 · Cara 96", "Ben 92 · Cara 92")
        .replace("Ben 94", "Ben 90")
        .replace("Cara 84", "Cara 80")
        .replace("Cara 83", "Cara 79")
    )
    write(tmp_path, "n2.bhh", corrected)
    assert import_into(db, [two], replace=True).files[0].error is None
    assert "*carry*" not in season(db)
    assert_as_fresh(db, [one, two], tmp_path)


# --- a pot an organiser's void left in *carry* ---------------------------------------------------

PASSED_ON = Path(__file__).resolve().parent.parent / "fixtures" / "progressive_pots_passed_on.bhh"


def test_a_pot_left_in_carry_by_a_void_does_not_refuse_the_nights_replace(
    tmp_path: Path,
) -> None:
    """Hand 3, which took the 48 chips hand 2 carried, voided (a misdeal): the pot waits in
    ``*carry*``, as the void says.  Then the night's file, only its last ``final:`` line taken
    out, imported with ``--replace``: it was refused, hand 5 "taking 26 of 74 left, 48 would
    stay in *carry* for no hand", with a way out that voided a second hand - every later
    replace of the night was refused, though a fresh ledger given the same file and the same
    void holds exactly that.  What the change did not raise is not the change's: stored, the
    ledger that of the fresh one, the pot left behind named in a warning."""
    night = write(tmp_path, "night.bhh", PASSED_ON.read_text(encoding="utf-8"))
    db = tmp_path / "club.db"
    assert import_into(db, [night], jobs=1).stored == 6
    void = ("void", "--event", "1", "--hand", "108397-3", "--reason", "misdeal")
    code, out = invoke(*void, "--db", db)
    assert code == 0, out
    text = night.read_text(encoding="utf-8")
    write(tmp_path, "night.bhh", text.replace("final: Anna 102 · Ben 72 · Cara 78\n", ""))
    (replaced,) = import_into(db, [night], replace=True).files
    assert replaced.error is None and len(replaced.replaced) == 1, replaced
    assert any("48 chips stay in *carry* for no hand" in w for w in replaced.warnings)

    fresh_dir = tmp_path / "fresh"
    fresh_dir.mkdir()
    fresh = fresh_dir / "club.db"
    assert import_into(fresh, [write(fresh_dir, "night.bhh", night.read_text())], jobs=1).stored
    code, out = invoke(*void, "--db", fresh)
    assert code == 0, out
    assert settle(db, "1") == settle(fresh, "1")
    assert settle(db, "1")["*carry*"] == 48


def test_a_hand_whose_pot_the_next_hand_took_is_not_voided_alone_beside_a_pot_left(
    tmp_path: Path,
) -> None:
    """docs/ledger.md: a Progressive hand whose carried pot a later counting hand took is not
    voided alone.  With hand 3 voided first (the 48 it took left in ``*carry*``), hand 5 was:
    the ledger's totals still covered hand 6's 52 with the 48 left behind, so hand 6 counted
    taking a pot nobody put in (hand 5's players' chips gone with its void).  The next hand
    at the table took the pot: refused, as without the void before; hand 6 first, then 5."""
    night = write(tmp_path, "night.bhh", PASSED_ON.read_text(encoding="utf-8"))
    db = tmp_path / "club.db"
    assert import_into(db, [night], jobs=1).stored == 6

    def void(hand: str) -> tuple[int, str]:
        return invoke("void", "--event", "1", "--hand", hand, "--reason", "x", "--db", db)

    assert void("108397-3")[0] == 0
    code, out = void("108397-5")
    assert code == 1, out
    assert (
        "hand 108397-5 of Simulation 108397 night 1 (2024-01-01) carried its pot of 52 chips "
        "into hand 108397-6, which counts: void hand 108397-6 first"
    ) in " ".join(out.split())
    assert void("108397-6")[0] == 0 and void("108397-5")[0] == 0


def test_a_pot_taken_by_a_night_of_other_players_is_warned(tmp_path: Path) -> None:
    """Night one carries 12 at its table; another group's night at a table of the same name
    (or both writing none) takes it: two games in one ledger, one taking the other's pot, the
    settle-up moving chips between players who never sat together - stored without a word.
    Stored (a weekly game's players change), with a warning naming both hands and the way to
    keep the games apart; the same players' next night is not warned."""
    one = write(tmp_path, "n1.bhh", night_one())
    others = later_night("Eve's game", "2024-05-10", "Q")
    for was, now in (("Anna", "Eve"), ("Ben", "Finn"), ("Cara", "Gus"), ("Dan", "Hal")):
        others = others.replace(was, now)
    db = tmp_path / "club.db"
    assert import_into(db, [one]).files[0].error is None
    (report,) = import_into(db, [write(tmp_path, "eve.bhh", others)]).files
    assert report.error is None, report.error
    (warning,) = report.warnings
    assert warning.startswith("at table 'Back room' hand Q2 of Eve's game (2024-05-10) takes ")
    assert "no player of that hand sits in it: if they are two games, name each game's" in warning
    same = import_into(
        tmp_path / "same.db",
        [one, write(tmp_path, "n2.bhh", later_night("Progressive night two", "2024-05-10", "Q"))],
    )
    assert [f.warnings for f in same.files] == [[], []]
