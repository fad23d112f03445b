"""A night stored twice under another name is refused (``ledger/night_copies.py``).

A hand is named by its event, table and number; a copy of a night that names them otherwise
(its session's name retyped, a night without a name saved under a new file name, its hands
renumbered) was stored beside the first and counted twice, exit 0.  Found by seeded money-loop
fuzzing (copies of a three-hand night, its hands' results doubled in the standings).
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger import file_transaction, night_copies
from badugi_ledger.ledger.location import LEDGER_ENV
from tests.helpers.paths import FIXTURES

runner = CliRunner()

HANDS = """\
hand 1 · button Anna · Anna 100 · Ben 100
Anna raises · Ben calls
draw: Ben 1 · Anna 1
Ben checks · Anna bets · Ben folds
Anna collects 8

hand 2 · button Ben · Anna · Ben
Ben raises · Anna calls
draw: Anna 1 · Ben 1
Anna checks · Ben bets · Anna folds
Ben collects 8

hand 3 · button Anna · Anna · Ben
Anna raises · Ben calls
draw: Ben 1 · Anna 1
Ben checks · Anna bets · Ben folds
Anna collects 8
"""
SHOWDOWN = """\
hand 1 · button Anna · Anna 100 · Ben 100
Anna calls · Ben checks
draw: Ben 1 · Anna 1
Ben checks · Anna checks
draw: Ben pat · Anna pat
Ben checks · Anna checks
draw: Ben pat · Anna pat
Ben checks · Anna checks
show: Ben 4s 3h 2d Ac · Anna Ks Qh Jd Tc
Ben collects 4

hand 2 · button Ben · Anna · Ben
Ben folds
Anna collects 2
"""
GAME = "game badugi · fixed limit 2/4 · blinds 1/2\n"


def night(header: str, hands: str = HANDS) -> str:
    return f"{GAME}{header}\ntable Kitchen\n\n{hands}"


def imported(db: Path, path: Path, *options: str) -> tuple[int, str]:
    result = runner.invoke(app, ["import", str(path), "--db", str(db), "-j", "1", *options])
    return result.exit_code, result.output


def hands(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM counted_hands").fetchone()[0])


def dump(db: Path) -> list[str]:
    """The whole ledger as SQL: a refused import changes none of it."""
    with sqlite3.connect(db) as conn:
        return list(conn.iterdump())


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def test_a_copy_with_the_sessions_name_retyped_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    first = write(tmp_path / "friday.bhh", night("cash Friday game · date 2024-03-01"))
    assert imported(db, first)[0] == 0
    copy = write(tmp_path / "copy.bhh", night("cash Friday Game · date 2024-03-01"))
    code, out = imported(db, copy)
    assert code == 1, out
    assert f"{copy}: not imported: the 3 hands of Friday Game (2024-03-01) in this file" in out
    assert "of Friday game (2024-03-01) that the ledger counts from another file" in out
    assert "a copy of that night, which stored would count twice" in out
    assert hands(db) == 3


def test_a_nameless_night_corrected_and_saved_anew_is_refused_and_replaces_with_renamed_from(
    tmp_path: Path,
) -> None:
    """A night without a session name is named after its file: saved as ``friday v2.bhh``
    with Ben's name corrected, it was a second night (Anna's +4 counted twice)."""
    db = tmp_path / "club.db"
    first = write(tmp_path / "friday.bhh", night("date 2024-03-01"))
    assert imported(db, first)[0] == 0
    corrected = night("date 2024-03-01").replace("Ben", "Benjamin")
    second = write(tmp_path / "friday v2.bhh", corrected)
    code, out = imported(db, second)
    assert code == 1 and "a copy of that night" in out, out
    assert hands(db) == 3
    code, out = imported(db, second, "--renamed-from", str(first), "--replace")
    assert code == 0, out
    assert hands(db) == 3
    standings = runner.invoke(app, ["standings", "--db", str(db), "--format", "json"]).output
    assert '"player": "Benjamin"' in standings and '"player": "Ben"' not in standings


def test_a_night_renumbered_under_its_own_name_is_refused_when_it_shows_cards(
    tmp_path: Path,
) -> None:
    db = tmp_path / "club.db"
    header = "cash Friday game · date 2024-03-01"
    first = write(tmp_path / "friday.bhh", night(header, SHOWDOWN))
    assert imported(db, first)[0] == 0
    renumbered = night(
        header, SHOWDOWN.replace("hand 1 ·", "hand F1 ·").replace("hand 2 ·", "hand F2 ·")
    )
    code, out = imported(db, write(tmp_path / "retyped.bhh", renumbered))
    assert code == 1 and "hands F1 as 1" in out, out
    assert hands(db) == 2


def test_a_copy_under_another_date_is_refused_when_it_shows_cards(tmp_path: Path) -> None:
    """A night imported with a date typo (2024-03-10), its corrected file saved under a new
    name: a second night of the same name (another date) stored, every result counted
    twice, exit 0.  Its shown cards say it is the same night: refused, and imported as the
    file it replaces it moves the night to its date."""
    db = tmp_path / "club.db"
    typo = write(tmp_path / "friday.bhh", night("cash Friday game · date 2024-03-10", SHOWDOWN))
    assert imported(db, typo)[0] == 0
    fixed = night("cash Friday game · date 2024-03-01", SHOWDOWN)
    corrected = write(tmp_path / "friday corrected.bhh", fixed)
    code, out = imported(db, corrected)
    assert code == 1, out
    assert (
        "1 of the 2 hands of Friday game (2024-03-01) in this file is a hand of Friday game "
        "(2024-03-10) that the ledger counts from another file (hand 1 as 1)" in out
    )
    assert hands(db) == 2
    code, out = imported(db, corrected, "--renamed-from", str(typo), "--replace")
    assert code == 0, out
    assert hands(db) == 2
    with sqlite3.connect(db) as conn:
        dates = conn.execute(
            "SELECT DISTINCT e.date FROM counted_hands h JOIN events e ON e.id = h.event_id"
        ).fetchall()
    assert dates == [("2024-03-01",)]


def test_a_stale_copy_of_a_night_whose_date_was_corrected_is_refused(tmp_path: Path) -> None:
    """The date corrected in the night's file and imported with ``--replace`` (the night
    moves to its date), then a backup of the file with the old date imported: its hands
    counted again in the old date's event, every result twice, exit 0.  Refused."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "friday.bhh", night("cash Friday game · date 2024-03-10", SHOWDOWN))
    (tmp_path / "backup").mkdir()
    backup = write(tmp_path / "backup" / "friday.bhh", path.read_text(encoding="utf-8"))
    assert imported(db, path)[0] == 0
    write(path, night("cash Friday game · date 2024-03-01", SHOWDOWN))
    assert imported(db, path, "--replace")[0] == 0
    before = dump(db)
    code, out = imported(db, backup)
    assert code == 1 and "a copy of that night" in out, out
    assert dump(db) == before


def test_a_weekly_game_that_plays_its_walks_alike_is_stored(tmp_path: Path) -> None:
    """Nights of one name on other dates, shown nothing, alike (the same stacks, the same
    play): another week's night may be, so it is stored without a word - only shown cards
    say a night of another date is a copy (and only they are looked for: a weekly game of
    one name is not read whole at every import)."""
    db = tmp_path / "club.db"
    first = write(tmp_path / "first.bhh", night("cash Friday game · date 2024-03-01"))
    assert imported(db, first)[0] == 0
    code, out = imported(
        db, write(tmp_path / "next.bhh", night("cash Friday game · date 2024-03-08"))
    )
    assert code == 0 and "warning" not in out, out
    assert hands(db) == 6


def test_a_nights_next_file_that_plays_its_walks_alike_is_stored(tmp_path: Path) -> None:
    """The night's first file, then a second of the same event whose hands go round to the
    same stacks and play (no cards shown): its own hands, stored."""
    db = tmp_path / "club.db"
    header = "cash Friday game · date 2024-03-01"
    first = write(tmp_path / "first.bhh", night(header, HANDS.replace("hand 3", "hand 0")))
    assert imported(db, first)[0] == 0
    later = HANDS.replace("hand 1 ·", "hand 7 ·").replace("hand 2 ", "hand 8 ")
    later = later.replace("hand 3 ", "hand 9 ")
    code, out = imported(db, write(tmp_path / "second.bhh", night(header, later)))
    assert code == 0, out
    assert hands(db) == 6


def test_two_short_nights_alike_of_one_day_shown_nothing_are_both_stored(tmp_path: Path) -> None:
    """Two heads-up matches on one day that both begin with the same two hands: two nights."""
    db = tmp_path / "club.db"
    two = "\n".join(HANDS.split("\n\n")[:2]) + "\n"
    first = write(tmp_path / "a.bhh", night("cash Match 1 · date 2024-03-01", two))
    second = write(tmp_path / "b.bhh", night("cash Match 2 · date 2024-03-01", two))
    assert imported(db, first)[0] == 0
    assert imported(db, second)[0] == 0
    assert hands(db) == 4


def test_a_night_renumbered_under_its_own_name_shown_nothing_is_stored_with_a_warning(
    tmp_path: Path,
) -> None:
    """No card tells a renumbered copy from a night's next file that plays alike: stored,
    as a legal hand always is, but the import says which hands look like which, and how to
    void them (a helper's seeded money-loop case: it counted twice, exit 0, in silence)."""
    db = tmp_path / "club.db"
    header = "cash Friday game · date 2024-03-01"
    first = write(tmp_path / "friday.bhh", night(header))
    assert imported(db, first)[0] == 0
    renumbered = HANDS.replace("hand 1 ·", "hand F1 ·").replace("hand 2 ·", "hand F2 ·")
    renumbered = renumbered.replace("hand 3 ·", "hand F3 ·")
    copy = write(tmp_path / "retyped.bhh", night(header, renumbered))
    code, out = imported(db, copy)
    assert code == 0, out
    assert hands(db) == 6
    flat = " ".join(out.split())
    assert (
        "warning: the 3 hands of Friday game (2024-03-01) in this file play like hands the "
        f"ledger counts from {first}, one for one (hands F1 as 1, F2 as 2, F3 as 3)"
    ) in flat, out
    command = flat.split("(badugi-ledger ")[-1].split(", and so for each)")[0]
    assert command.startswith("void --event ") and "--hand F1 --table Kitchen" in command
    for number in ("F1", "F2", "F3"):
        voided = runner.invoke(app, [*command.replace("F1", number).split(), "--db", str(db)])
        assert voided.exit_code == 0, voided.output
    assert hands(db) == 3


def test_the_look_alike_warning_is_in_the_json_report(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    header = "cash Friday game · date 2024-03-01"
    assert imported(db, write(tmp_path / "first.bhh", night(header)))[0] == 0
    later = HANDS.replace("hand 1 ·", "hand 7 ·").replace("hand 2 ", "hand 8 ")
    second = write(tmp_path / "second.bhh", night(header, later.replace("hand 3 ", "hand 9 ")))
    code, out = imported(db, second, "--json")
    assert code == 0, out
    (report,) = json.loads(out)["files"]
    (warning,) = report["warnings"]
    assert warning.startswith("the 3 hands of Friday game (2024-03-01) in this file play like")
    assert hands(db) == 6


def test_a_night_of_its_own_is_stored_without_a_warning(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    header = "cash Friday game · date 2024-03-01"
    assert imported(db, write(tmp_path / "first.bhh", night(header)))[0] == 0
    later = HANDS.replace("hand 1 · button Anna · Anna 100", "hand 7 · button Anna · Anna 90")
    later = later.replace("hand 2 ", "hand 8 ").replace("hand 3 ", "hand 9 ")
    code, out = imported(db, write(tmp_path / "second.bhh", night(header, later)))
    assert code == 0 and "warning" not in out, out
    assert hands(db) == 6


def test_a_copy_with_a_hand_rejected_or_corrected_is_refused_all_the_same(tmp_path: Path) -> None:
    """A hand that shows the same cards to the same seats, with the same stacks, play and
    pots, as a counting hand of another file is that hand: a file holding one is a copy,
    whole or in part.  The copy with one hand rejected (a misspelt verb) stored its other
    hands, and, corrected, the rest: the night counted twice, exit 0 (carried-pots fuzzing).
    A copy with one hand corrected is refused too (it is that night corrected:
    --renamed-from OLD --replace)."""
    db = tmp_path / "club.db"
    first = write(tmp_path / "friday.bhh", night("cash Friday game · date 2024-03-01", SHOWDOWN))
    assert imported(db, first)[0] == 0
    copy = night("cash Friday Game · date 2024-03-01", SHOWDOWN)
    broken = write(tmp_path / "broken.bhh", copy.replace("Ben folds", "Ben fods"))
    code, out = imported(db, broken)
    flat = " ".join(out.split())
    assert (
        code == 1
        and (
            "not imported: the hand of Friday Game (2024-03-01) in this file is a hand of Friday "
            "game (2024-03-01) that the ledger counts from another file (hand 1 as 1)"
        )
        in flat
    ), out
    played_out = (
        "Ben calls\nAnna checks\n"
        + "draw: Anna pat · Ben pat\nAnna checks · Ben checks\n" * 3
        + "show: Anna 5c 4d 3h 2s · Ben Kc Qd Jh Ts\nAnna collects 4"
    )
    corrected = write(
        tmp_path / "corrected.bhh", copy.replace("Ben folds\nAnna collects 2", played_out)
    )
    code, out = imported(db, corrected)
    assert code == 1, out
    assert "1 of the 2 hands of Friday Game (2024-03-01) in this file is a hand of" in " ".join(
        out.split()
    ), out
    assert hands(db) == 2
    code, out = imported(db, corrected, "--renamed-from", str(first), "--replace")
    assert code == 0, out
    assert hands(db) == 2


def _misspelt_last_fold(hands: str) -> str:
    """``hands`` with the last hand's ``Ben folds`` misspelt: that hand is rejected."""
    head, _, tail = hands.rpartition("Ben folds")
    return f"{head}Ben fods{tail}"


def test_a_copy_imported_in_steps_gets_the_verdict_of_the_whole_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy of a three-hand night, no card shown, its last hand rejected: two hands stored
    with a look-alike warning (two are not enough to say).  Corrected and imported again,
    the last hand was stored in silence (carried-pots fuzzing): the night counted twice,
    exit 0, where the whole file imported at once is refused.  The file is judged by all its
    hands, those stored before too, whether voided by the organiser since or not."""
    db = tmp_path / "club.db"
    # (the ledger a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(db))
    first = write(tmp_path / "friday.bhh", night("cash Friday game · date 2024-03-01"))
    assert imported(db, first)[0] == 0
    copy = tmp_path / "copy.bhh"
    write(copy, night("cash Friday Game · date 2024-03-01", _misspelt_last_fold(HANDS)))
    code, out = imported(db, copy)
    assert code == 1 and "play like hands the ledger counts from" in " ".join(out.split()), out
    assert hands(db) == 5
    write(copy, night("cash Friday Game · date 2024-03-01"))
    code, out = imported(db, copy)
    flat = " ".join(out.split())
    assert code == 1, out
    assert (
        "the 3 hands of Friday Game (2024-03-01) in this file are hands of Friday game "
        "(2024-03-01) that the ledger counts from another file, one for one (hands 1 as 1, "
        "2 as 2, 3 as 3): the same seats, stacks, play, pots, the players' names aside"
    ) in flat, out
    assert (
        "nothing more from this file was stored, and its hands 1, 2 that an earlier import of "
        "it stored count twice until voided (badugi-ledger void --event 2 --hand 1 --table "
        "Kitchen --reason copy, and so for each)"
    ) in flat, out
    assert hands(db) == 5
    command = flat.split("until voided (badugi-ledger ")[1].split(", and so for each)")[0]
    for number in ("1", "2"):
        args = command.replace("--hand 1", f"--hand {number}").split()
        voided = runner.invoke(app, [*args, "--db", str(db)])
        assert voided.exit_code == 0, voided.output
    assert hands(db) == 3
    code, out = imported(db, copy)
    flat = " ".join(out.split())
    assert code == 1 and "nothing from this file was stored." in flat, out
    assert hands(db) == 3


def test_a_renumbered_copy_imported_in_steps_is_named_again(tmp_path: Path) -> None:
    """Of the night's own event, no card shown: stored, as a legal hand is, but the corrected
    import names the whole file's look-alike hands again rather than store its last in
    silence."""
    db = tmp_path / "club.db"
    header = "cash Friday game · date 2024-03-01"
    assert imported(db, write(tmp_path / "friday.bhh", night(header)))[0] == 0
    renumbered = HANDS.replace("hand 1 ·", "hand F1 ·").replace("hand 2 ·", "hand F2 ·")
    renumbered = renumbered.replace("hand 3 ·", "hand F3 ·")
    copy = write(tmp_path / "copy.bhh", night(header, _misspelt_last_fold(renumbered)))
    code, out = imported(db, copy)
    assert code == 1 and "(hands F1 as 1, F2 as 2)" in " ".join(out.split()), out
    write(copy, night(header, renumbered))
    code, out = imported(db, copy)
    assert code == 0, out
    assert (
        "warning: the 3 hands of Friday game (2024-03-01) in this file play like hands the "
        "ledger counts from"
    ) in " ".join(out.split()), out
    assert "(hands F1 as 1, F2 as 2, F3 as 3)" in " ".join(out.split()), out
    assert hands(db) == 6


def test_a_hand_brought_back_into_the_play_is_judged_as_a_new_one(tmp_path: Path) -> None:
    """A hand taken out of its night's file (left out, voided), then a copy of it stored from
    another file under another name, then the night's file as it was imported again: the
    hand counted again beside its copy, counted twice, exit 0.  Hands a file brings back
    into the play are judged as its new hands are: the file is refused as a copy."""
    db = tmp_path / "club.db"
    first = write(tmp_path / "friday.bhh", night("cash Friday game · date 2024-03-01", SHOWDOWN))
    assert imported(db, first)[0] == 0
    showdown, fold = SHOWDOWN.split("\n\n")
    stated = fold.replace("· Anna · Ben", "· Anna 98 · Ben 102")  # the file's first hand now
    write(first, night("cash Friday game · date 2024-03-01", stated))
    code, out = imported(db, first, "--replace")
    assert code == 0 and hands(db) == 1, out
    copy = write(tmp_path / "copy.bhh", night("cash Friday Game · date 2024-03-01", showdown))
    code, out = imported(db, copy)
    assert code == 0 and hands(db) == 2, out
    write(first, night("cash Friday game · date 2024-03-01", SHOWDOWN))
    before = dump(db)
    code, out = imported(db, first)
    flat = " ".join(out.split())
    assert code == 1, out
    assert (
        "1 of the 2 hands of Friday game (2024-03-01) in this file is a hand of Friday Game "
        "(2024-03-01) that the ledger counts from another file (hand 1 as 1): the same seats, "
        "stacks, play, pots and shown cards"
    ) in flat, out
    assert hands(db) == 2
    assert dump(db) == before


def test_the_old_file_of_a_renamed_night_shown_nothing_is_refused_by_its_rename(
    tmp_path: Path,
) -> None:
    """One hand, no card shown: no content tells the old file's night from the renamed one,
    but the ledger knows the rename (the old hand was left out by the file imported as this
    one renamed, which still counts a night of that date).  Refused, saying so; imported
    with ``--renamed-from`` the renamed file, it is the night's file again, counted once."""
    db = tmp_path / "club.db"
    one = "\n".join(HANDS.split("\n\n")[:1]) + "\n"
    old = write(tmp_path / "conc.bhh", night("cash Conc · date 2024-03-01", one))
    assert imported(db, old)[0] == 0
    renamed = write(tmp_path / "conc2.bhh", night("cash Conc2 · date 2024-03-01", one))
    code, out = imported(db, renamed, "--renamed-from", str(old), "--replace")
    assert code == 0 and hands(db) == 1, out
    before = dump(db)
    code, out = imported(db, old)
    flat = " ".join(out.split())
    assert code == 1, out
    assert (
        f"{old} was renamed {renamed} (imported with --renamed-from), which the ledger "
        "counts the night from now: hand 1 of Conc (2024-03-01), left out then, would count "
        "again beside it, the night twice; nothing from this file was stored. Import "
        f"{renamed} instead; to make this file the night's again, import it with "
        f"--renamed-from {renamed} --replace"
    ) in flat, out
    assert dump(db) == before
    code, out = imported(db, old, "--renamed-from", str(renamed), "--replace")
    assert code == 0, out
    with sqlite3.connect(db) as conn:
        counted = conn.execute(
            "SELECT e.name, count(*) FROM counted_hands h JOIN events e ON e.id = h.event_id "
            "GROUP BY e.name"
        ).fetchall()
    assert counted == [("Conc", 1)]


def test_the_old_file_of_a_renamed_night_is_refused_by_any_path_to_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The old file imported by another path than it was (the folder named from inside it,
    as ``import recorded`` beside the ledger names the record page's files, whose hands bear
    their whole path) is the same file (:mod:`badugi_ledger.ledger.source_paths`): refused
    as by its own path.  It was taken as a file the rename never named, and its hand counted
    again beside the renamed night's: the night twice."""
    db = tmp_path / "club.db"
    one = "\n".join(HANDS.split("\n\n")[:1]) + "\n"
    old = write(tmp_path / "conc.bhh", night("cash Conc · date 2024-03-01", one))
    assert imported(db, old)[0] == 0
    renamed = write(tmp_path / "conc2.bhh", night("cash Conc2 · date 2024-03-01", one))
    code, out = imported(db, renamed, "--renamed-from", str(old), "--replace")
    assert code == 0 and hands(db) == 1, out
    before = dump(db)
    monkeypatch.chdir(tmp_path)
    code, out = imported(db, Path(old.name))
    assert code == 1, out
    assert "would count again beside it, the night twice" in " ".join(out.split()), out
    assert hands(db) == 1
    assert dump(db) == before


def test_a_renamed_night_re_dated_or_renamed_again_still_refuses_its_old_file(
    tmp_path: Path,
) -> None:
    """The rename is followed to the file that counts the night now: re-dated (the night's
    date is another, so no night of the old date counted), or renamed twice (the first new
    name counts nothing any more), the old file imported again counted the night twice
    (probe of this rule)."""
    one = "\n".join(HANDS.split("\n\n")[:1]) + "\n"
    for steps in (
        [("conc2.bhh", "cash Conc · date 2024-03-08")],
        [
            ("conc2.bhh", "cash Conc2 · date 2024-03-01"),
            ("conc3.bhh", "cash Conc3 · date 2024-03-01"),
        ],
    ):
        folder = tmp_path / steps[-1][1].split(" · ")[0].split()[-1] / str(len(steps))
        folder.mkdir(parents=True)
        db = folder / "club.db"
        old = write(folder / "conc.bhh", night("cash Conc · date 2024-03-01", one))
        assert imported(db, old)[0] == 0
        was = old
        for name, header in steps:
            path = write(folder / name, night(header, one))
            code, out = imported(db, path, "--renamed-from", str(was), "--replace")
            assert code == 0 and hands(db) == 1, out
            was = path
        before = dump(db)
        code, out = imported(db, old)
        assert code == 1 and f"{old} was renamed {was} (imported with --renamed-from)" in " ".join(
            out.split()
        ), out
        assert dump(db) == before


def test_a_file_whose_event_is_void_is_no_copy(tmp_path: Path) -> None:
    """The organiser voided a copy's event, as the copy refusal advises, and kept the other
    file; the voided file, saved again with one more hand, was refused as a copy: its hands
    count for nothing (probe of this rule).  Stored, in the void event."""
    db = tmp_path / "club.db"
    phone = write(tmp_path / "a.bhh", night("cash Friday game · date 2024-03-01", SHOWDOWN))
    assert imported(db, phone)[0] == 0
    voided = runner.invoke(app, ["void", "--event", "1", "--reason", "copy", "--db", str(db)])
    assert voided.exit_code == 0, voided.output
    kept = write(tmp_path / "b.bhh", night("cash Friday night · date 2024-03-01", SHOWDOWN))
    assert imported(db, kept)[0] == 0
    more = "\nhand 3 · button Anna · Anna · Ben\nAnna folds\nBen collects 2\n"
    write(phone, night("cash Friday game · date 2024-03-01", SHOWDOWN) + more)
    code, out = imported(db, phone)
    assert code == 0 and "1 stored" in out, out
    assert hands(db) == 2


def test_a_day_of_many_one_hand_files_reads_only_hands_that_may_be_copies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every file of a date was held to every hand other files hold of it, each read whole
    (several queries a hand): 1,000 one-hand files of one date took 92 s to import against
    3 s on distinct dates, 2,000 took 231 s (a PHH file is a hand).  A hand is read whole
    only when its figures and seats sum up as one of the file's hands do: here none, for 40
    files whose stacks differ; a copy among them is still found and refused."""
    read: list[int] = []
    whole = night_copies.stored_facts

    def counted(db: sqlite3.Connection, hand_id: int) -> object:
        read.append(hand_id)
        return whole(db, hand_id)

    monkeypatch.setattr(night_copies, "stored_facts", counted)
    one = HANDS[: HANDS.index("\nhand 2")] + "\n"
    folder = tmp_path / "day"
    folder.mkdir()
    for i in range(40):
        header = f'cash "Table {i}" · date 2024-01-12'
        write(folder / f"t{i:02}.bhh", night(header, one.replace("Anna 100", f"Anna {100 + i}")))
    db = tmp_path / "club.db"
    code, out = imported(db, folder)
    assert code == 0 and hands(db) == 40, out
    assert read == []
    copy = write(tmp_path / "copy.bhh", night('cash "Table copy" · date 2024-01-12', SHOWDOWN))
    first = write(tmp_path / "first.bhh", night('cash "Table 99" · date 2024-01-12', SHOWDOWN))
    assert imported(db, first)[0] == 0
    code, out = imported(db, copy)
    assert code == 1 and "a copy of that night" in " ".join(out.split()), out
    assert 0 < len(read) <= 4


def test_a_copy_of_a_night_whose_pot_a_later_night_took_is_refused_as_a_copy(
    tmp_path: Path,
) -> None:
    """``fixtures/carried_nights``: night A ends with a Progressive Badugi pot carried, night B
    takes it.  A copy of night A with its session's name retyped was refused by the carried
    pots (its last pot would be carried twice) with advice to void night B's correct hand so
    that the copy could go in; it is a copy, and is refused as one, first."""
    db = tmp_path / "club.db"
    nights = FIXTURES / "carried_nights"
    code, out = imported(db, nights / "night_a.bhh")
    assert code == 0, out
    code, out = imported(db, nights / "night_b.bhh")
    assert code == 0, out
    before = dump(db)
    text = (nights / "night_a.bhh").read_text(encoding="utf-8")
    copy = write(tmp_path / "copy.bhh", text.replace("cash Prog night", "cash Prog Night"))
    code, out = imported(db, copy)
    assert code == 1, out
    assert "a copy of that night, which stored would count twice" in out, out
    assert "void that hand first" not in out and "carry in" not in out, out
    assert dump(db) == before


def test_a_renumbered_copy_of_a_night_without_a_date_is_refused(tmp_path: Path) -> None:
    """A night without a date, copied into another file with its hands renumbered: the copy
    check looked only at nights of the same date, so it was stored, counted twice."""
    db = tmp_path / "club.db"
    assert imported(db, write(tmp_path / "a.bhh", night("cash Friday game", SHOWDOWN)))[0] == 0
    renumbered = night("cash Friday game", SHOWDOWN.replace("hand 1 ·", "hand F1 ·"))
    code, out = imported(db, write(tmp_path / "b.bhh", renumbered))
    assert code == 1 and "a copy of that night" in out, out
    assert hands(db) == 2


def test_a_night_no_other_file_may_copy_is_not_read_hand_by_hand(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The copy check of a file read every new hand's row id, number and shown cards into
    Python before asking whether another file holds a hand of the night's date or cards
    (about 17,000 instructions a hand of a 3,000-hand night, whose date no other file held).
    The events the file wrote to now find their first new hand by index, and SQLite looks at
    the new hands' cards itself; the hands are read one by one only when another file's hand
    may be copied - and a copy is still refused (the tests above)."""
    statements: list[str] = []
    whole = night_copies.copied_nights

    def traced(db: sqlite3.Connection, *args: object) -> list[str]:
        db.set_trace_callback(statements.append)
        try:
            return whole(db, *args)  # type: ignore[arg-type]
        finally:
            db.set_trace_callback(None)

    monkeypatch.setattr(file_transaction, "copied_nights", traced)
    db = tmp_path / "club.db"
    header = "cash Friday game · date 2024-03-01"
    assert imported(db, write(tmp_path / "first.bhh", night(header, SHOWDOWN)))[0] == 0
    assert statements, "the copy check ran"
    hand_by_hand = [sql for sql in statements if "hand_number" in sql or "SELECT cards" in sql]
    assert hand_by_hand == []
    statements.clear()
    other = write(tmp_path / "second.bhh", night("cash Saturday game · date 2024-03-01", SHOWDOWN))
    code, out = imported(db, other)
    assert code == 1 and "a copy of that night" in " ".join(out.split()), out
    assert [sql for sql in statements if "hand_number" in sql]
