"""Corrections that meet a void or a file's identity: the ledger an organiser corrects (a night
renumbered, a voided hand deleted, a file emptied, a copy imported, a file renamed) ends as a
fresh import of the final files would, with the organiser's voids on the same hands.

Every test compares, through the CLI, settle-up of each event, the cash standings, the sessions
export, the hands that count and the voided hands still in the night's play (each with its
content) with those of a ledger built fresh from the final files.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shlex
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from badugi_ledger.cli import app
from tests.helpers.paths import FIXTURES

runner = CliRunner()

# Six hands, each won by its raiser; only hand 1 states the stacks, so each hand's content
# carries the stacks of the hands before it.
HEAD = "game badugi · fixed limit 2/4 · blinds 1/2\ncash Test night · date 2024-06-01 · season S1\n"
HANDS = (
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
    "Dan folds · Anna raises · Ben folds · Cara folds\nAnna collects 5\n",
    "hand 2 · button Ben · Anna · Ben · Cara · Dan\n"
    "Anna folds · Ben raises · Cara folds · Dan folds\nBen collects 5\n",
    "hand 3 · button Cara · Anna · Ben · Cara · Dan\n"
    "Ben folds · Cara raises · Dan folds · Anna folds\nCara collects 5\n",
    "hand 4 · button Dan · Anna · Ben · Cara · Dan\n"
    "Cara folds · Dan raises · Anna folds · Ben folds\nDan collects 5\n",
    "hand 5 · button Anna · Anna · Ben · Cara · Dan\n"
    "Dan folds · Anna raises · Ben folds · Cara folds\nAnna collects 5\n",
    "hand 6 · button Ben · Anna · Ben · Cara · Dan\n"
    "Anna folds · Ben raises · Cara folds · Dan folds\nBen collects 5\n",
)
EVENT = "Test night"


def night(hands: tuple[str, ...] = HANDS, head: str = HEAD) -> str:
    """A night file: the header, a table line, the hands."""
    return head + "table T\n\n" + "\n".join(hands)


def numbered(shift: int, hands: tuple[str, ...] = HANDS) -> tuple[str, ...]:
    """The hands renumbered in order from ``1 + shift`` on, nothing else changed."""
    return tuple(f"hand {i + 1 + shift} ·" + text.split(" ·", 1)[1] for i, text in enumerate(hands))


def invoke(*args: str | Path) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    if result.exception and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result.exit_code, result.output


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def void(db: Path, hand: str, reason: str = "misdeal") -> None:
    code, out = invoke("void", "--event", EVENT, "--hand", hand, "--reason", reason, "--db", db)
    assert code == 0, out


def replaced_then_voided(db: Path, path: Path, final: str, number: str) -> str:
    """``final`` written to ``path`` and imported with ``--replace``, whose report says the
    ledger cannot tell which hand of the file is the voided one, and gives the ``void``
    command for the file's hand ``number`` that may be it, in the event it counts in now;
    then that command run as the report writes it (an organiser pastes it)."""
    write(path, final)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    (command,) = re.findall(r"void that one too \(badugi-ledger (void [^)]*)\)", out)
    assert f"--hand {number} " in command, out
    code, said = invoke(*shlex.split(command), "--db", db)
    assert code == 0, said
    return out


def figures(db: Path) -> dict[str, Any]:
    """What a club reads of the ledger: settle-up of each event with hands that count, the
    cash standings, the sessions export, the hands that count (event, table, number, line,
    pot, winners) and the organiser's voided hands in the night's play (with their content:
    the same hand, not just its number)."""
    code, out = invoke("events", "--db", db, "--json")
    assert code == 0, out
    settled = {}
    for event in json.loads(out)["events"]:
        if event["hands"] and not event["void"]:
            code, out = invoke("settle", "--event", event["key"], "--db", db, "--json")
            assert code == 0, out
            settled[event["key"]] = json.loads(out)
    code, out = invoke("standings", "--db", db, "--kind", "cash", "--format", "json")
    assert code == 0, out
    standings = json.loads(out) if out.strip().startswith("[") else out
    code, out = invoke("export", "--table", "sessions", "--format", "csv", "--db", db)
    assert code == 0, out
    sessions = sorted(tuple(row.items()) for row in csv.DictReader(io.StringIO(out)))
    with sqlite3.connect(db) as conn:
        counted = conn.execute(
            "SELECT e.key, h.table_name, h.hand_number, h.line, h.pot, s.winners "
            "FROM counted_hands h JOIN events e ON e.id = h.event_id "
            "JOIN hand_summary s ON s.id = h.id ORDER BY e.key, h.line"
        ).fetchall()
        voided = conn.execute(
            "SELECT e.key, h.table_name, h.hand_number, h.line, h.void_reason, h.content "
            "FROM play_order o JOIN hands h ON h.id = o.hand_id JOIN events e ON e.id = "
            "h.event_id WHERE NOT o.counts ORDER BY e.key, h.line"
        ).fetchall()
    return {
        "settle": settled,
        "standings": standings,
        "sessions": sessions,
        "counted": counted,
        "voided in play": voided,
    }


def fresh(folder: Path, files: dict[str, str], voids: tuple[str, ...] = ()) -> dict[str, Any]:
    """The figures of a ledger built from ``files`` (name: text) in an empty folder, then the
    hands ``voids`` voided (reason "misdeal")."""
    db = folder / "fresh.db"
    paths = [write(folder / name, text) for name, text in files.items()]
    code, out = invoke("import", *paths, "--db", db)
    assert code == 0, out
    for number in voids:
        void(db, number)
    return figures(db)


# --- a void belongs to its hand, not to its number -------------------------------------------


@pytest.mark.parametrize(
    ("voided", "shift"),
    [("4", -1), ("4", 1), ("5", -1)],
    ids=["numbered-from-0", "numbered-from-2", "a-twin-numbered-from-0"],
)
def test_a_void_stays_on_its_hand_when_the_night_is_renumbered(
    tmp_path: Path, voided: str, shift: int
) -> None:
    """Hand 4 (Dan's win) voided; the night then renumbered (the same hands from 0, or from
    2) and imported again with ``--replace``: the void stays on Dan's hand, now numbered 3
    (or 5); Anna's hand that took number 4 counts.  Hand 5 is hand 1 again (the same stacks,
    the same play): voided and renumbered, the void goes to the hand at its line, 4, not to
    hand 0."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, voided)
    final = night(numbered(shift))
    write(path, final)
    code, out = invoke("import", path, "--db", db)
    assert code == 1 and "conflict" in out, out  # renumbering without --replace: nothing moves
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    now = str(int(voided) + shift)
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": final}, (now,))
    assert f"hand {now} at table T" in out and "stays void (misdeal)" in out, out


def test_a_void_stays_on_its_hand_when_the_table_is_renamed(tmp_path: Path) -> None:
    """Hand 4 voided, then the night's table renamed in its file (``table T`` -> ``table
    Back room``), nothing else: the replace stored hand 4 at the new table as a hand that
    counts, so the voided misdeal counted again (Dan +5 over a fresh ledger), and the report
    said the ledger could not tell which hand it was.  It is the same hand, its number and
    play the same, from the same file: the void stays on it, and the report says what
    changed."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "4")
    final = night().replace("table T\n", "table Back room\n")
    write(path, final)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": final}, ("4",))
    said = " ".join(out.split())
    assert (
        "hand 4 at table Back room of Test night (2024-06-01): replaced: its table 'T' → "
        "'Back room'; it stays void (misdeal)"
    ) in said, out
    assert "cannot tell" not in said


def test_a_void_stays_on_its_hand_when_the_table_is_renamed_and_renumbered(
    tmp_path: Path,
) -> None:
    """Hand 4 voided, then the night's table renamed and its hands renumbered from 11 in one
    correction: hand 14 at Back room is the voided hand (same file, same stacks and play), so
    it stays void; it counted again (Dan +5 over a fresh ledger with hand 14 voided)."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "4")
    final = night(numbered(10)).replace("table T\n", "table Back room\n")
    write(path, final)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": final}, ("14",))
    said = " ".join(out.split())
    assert (
        "hand 14 at table Back room of Test night (2024-06-01): replaced: its table 'T' → "
        "'Back room'; the ledger's hand 4, renumbered: it stays void (misdeal)"
    ) in said, out


def test_a_walk_of_another_night_like_a_voided_one_is_not_taken_for_it(tmp_path: Path) -> None:
    """Friday's hand 1, a walk, voided, then taken out of the file and Saturday's night (table
    Porch, hands 101-102) added to it: Saturday's hand 101, a walk from the same stacks, was
    taken for the voided hand renamed and renumbered, voided and moved into Friday's event
    (verification audit).  A hand of another night, or at a table whose old name the file
    still holds, is never the voided one: Saturday keeps both its hands."""
    friday = (
        "game badugi · fixed limit 2/4 · blinds 1/2\ncash Friday · date 2024-03-01 · season S\n"
        "table Kitchen\n\n"
    )
    walk = (
        "button Ben · 1 Anna 100 · 2 Ben 100 · 3 Cara 100\nBen folds · Cara folds\n"
        "Anna collects 2\n"
    )
    other = (
        "hand 2 · button Cara · 1 Anna 101 · 2 Ben 100 · 3 Cara 99\nCara folds · Anna folds\n"
        "Ben collects 2\n"
    )
    saturday = (
        "\ngame badugi · fixed limit 2/4 · blinds 1/2\ncash Saturday · date 2024-03-02 · season S\n"
        f"table Porch\n\nhand 101 · {walk}\n"
        "hand 102 · button Cara · Anna · Ben · Cara\nCara folds · Anna folds\nBen collects 2\n"
    )
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "season.bhh", f"{friday}hand 1 · {walk}\n{other}")
    assert invoke("import", path, "--db", db)[0] == 0
    code, out = invoke(
        "void", "--event", "Friday", "--hand", "1", "--reason", "misdeal", "--db", db
    )
    assert code == 0, out
    write(path, friday + other + saturday)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "2 stored, 1 duplicate" in out, out
    with sqlite3.connect(db) as conn:
        counted = conn.execute(
            "SELECT e.name, h.hand_number FROM counted_hands h JOIN events e ON e.id = h.event_id "
            "ORDER BY h.id"
        ).fetchall()
    assert counted == [("Friday", "2"), ("Saturday", "101"), ("Saturday", "102")], counted


def test_a_void_stays_on_its_hand_when_an_earlier_hand_is_corrected(tmp_path: Path) -> None:
    """Hand 4 voided, then hand 2's winner corrected: the stacks carried into hand 4 change,
    its record does not; replaced with ``--replace``, it stays void."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "4")
    corrected = HANDS[1].replace(
        "Anna folds · Ben raises · Cara folds · Dan folds\nBen collects 5",
        "Anna folds · Ben folds · Cara raises · Dan folds\nCara collects 4",
    )
    final = night((HANDS[0], corrected, *HANDS[2:]))
    write(path, final)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "5 replaced" in out, out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": final}, ("4",))


# A night whose every hand ends with its ``final:`` line (as the bundled examples write them):
# correcting hand 1 makes the recorder write the later hands' lines anew.
FINALS = (
    "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100 · Dan 100\n"
    "Dan calls · Anna calls · Ben calls · Cara checks\n"
    "draw: Ben 1 · Cara 1 · Dan 1 · Anna 2\n"
    "Ben checks · Cara bets · Dan calls · Anna folds · Ben folds\n"
    "draw: Cara 1 · Dan 1\n"
    "Cara bets · Dan raises · Cara calls\n"
    "draw: Cara pat · Dan pat\n"
    "Cara checks · Dan bets · Cara calls\n"
    "show: Dan 7h 5c 3d 2s · Cara 8s 6d 4c Ah\n"
    "Dan collects 36\n"
    "final: Anna 98 · Ben 98 · Cara 84 · Dan 120\n",
    "hand 2 · button Ben · Anna · Ben · Cara · Dan\n"
    "Anna raises · Ben folds · Cara folds · Dan calls\n"
    "draw: Dan 2 · Anna 1\n"
    "Dan checks · Anna bets · Dan folds\n"
    "Anna collects 9\n"
    "final: Anna 103 · Ben 98 · Cara 83 · Dan 116\n",
    "hand 3 · button Cara · Anna · Ben · Cara · Dan\n"
    "Ben calls · Cara calls · Dan calls · Anna checks\n"
    "draw: Dan 1 · Anna 1 · Ben 1 · Cara 1\n"
    "Dan checks · Anna bets · Ben calls · Cara folds · Dan folds\n"
    "draw: Anna pat · Ben 1\n"
    "Anna bets · Ben calls\n"
    "draw: Anna pat · Ben pat\n"
    "Anna checks · Ben checks\n"
    "show: Anna 6c 5d 3h 2s · Ben 6d 5c 3s 2h\n"
    "Anna collects 10 · Ben collects 10\n"
    "final: Anna 105 · Ben 100 · Cara 81 · Dan 114\n",
)


def test_a_void_stays_on_its_hand_when_an_earlier_hand_and_the_final_lines_are_corrected(
    tmp_path: Path,
) -> None:
    """Hand 3 (a showdown) voided, then hand 1 corrected (Dan checks the last round: he
    collects 28, not 36) and the ``final:`` lines of every hand written anew: hand 3's record
    changed (its ``final:`` line) and so did its stacks; its play and shown cards did not.  It
    stays void; it counted again, the report saying the voided hand was no longer in the
    file."""
    head = HEAD + "chips 100 = 10 EUR\n"
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night(FINALS, head))
    code, out = invoke("import", path, "--db", db)
    assert code == 0, out
    void(db, "3")
    final = night(corrected_finals(), head)
    write(path, final)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "0 stored" in out and "3 replaced" in out, out
    assert "hand 3 at table T" in out and "it stays void (misdeal)" in out, out
    assert "not in it any more" not in out, out
    ledger = figures(db)
    assert ledger == fresh(tmp_path / "fresh", {"n.bhh": final}, ("3",))
    # hand 1: Dan +16, Cara -12, Anna -2, Ben -2; hand 2: Anna +5, Dan -4, Cara -1 (10 c a chip)
    net = {row["player"]: row["net"] for row in ledger["standings"]}
    assert net == {"Dan": 1.2, "Anna": 0.3, "Ben": -0.2, "Cara": -1.3}, net


def test_a_voided_hand_without_a_showdown_is_not_guessed_among_hands_alike(
    tmp_path: Path,
) -> None:
    """Hand 2 (won without a showdown) voided, then hand 1 corrected and the ``final:`` lines
    written anew: hand 2 is alike in everything but its stacks, as a misdeal's redeal that
    took its number would be (the same button, the same bets, no cards shown).  Which hand is
    the voided one is the organiser's to say: the voided hand is out of the play, the file's
    hand 2 counts, and the report says how to void it."""
    head = HEAD + "chips 100 = 10 EUR\n"
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night(FINALS, head))
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "2")
    final = night(corrected_finals(), head)
    out = replaced_then_voided(db, path, final, "2")
    assert "if the file's hand 2 is that hand corrected, void that one too" in out, out
    # (the file holds a hand 2: the voided one is not said to be gone from the file)
    assert "the file's hand 2 is another record than the ledger's" in out, out
    assert "not in it any more" not in out, out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": final}, ("2",))


def corrected_finals() -> tuple[str, ...]:
    """:data:`FINALS` with hand 1 corrected (Dan checks the last round) and every ``final:``
    line written anew."""
    return (
        FINALS[0]
        .replace("Cara checks · Dan bets · Cara calls\n", "Cara checks · Dan checks\n")
        .replace("Dan collects 36", "Dan collects 28")
        .replace("Cara 84 · Dan 120", "Cara 88 · Dan 116"),
        FINALS[1].replace("Cara 83 · Dan 116", "Cara 87 · Dan 112"),
        FINALS[2].replace("Cara 81 · Dan 114", "Cara 85 · Dan 110"),
    )


NIGHT_A = (FIXTURES / "carried_nights" / "night_a.bhh").read_text(encoding="utf-8")
"""A Progressive Badugi night whose hand P4 takes the pot P3 carried."""
PROGRESSIVE_HEAD = "".join(
    line
    for line in NIGHT_A.split("\n\n")[0].splitlines(keepends=True)
    if not line.startswith(("#", "table "))
).replace("cash Prog night", "cash Test night")
PROGRESSIVE = tuple(hand + "\n" for hand in NIGHT_A.strip().split("\n\n")[1:])


def test_a_void_stays_on_the_hand_that_took_a_carried_pot_when_an_earlier_hand_is_corrected(
    tmp_path: Path,
) -> None:
    """Progressive Badugi (``002``: the carried pot goes to the winner of the next pot won):
    hand P4, which took P3's carried pot, voided; then P3 corrected (it carries 9, not 13) and
    P4's collection and the ``final:`` lines after it written anew.  P4's bets, winner and
    shown cards are the same, only the pot carried into it changed: it stays void.  It was
    stored again as a new hand that counted (Anna's 11 chips won back)."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night(PROGRESSIVE, PROGRESSIVE_HEAD))
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "P4")
    final = night(
        (
            PROGRESSIVE[0],
            PROGRESSIVE[1],
            PROGRESSIVE[2]
            .replace("Anna checks · Ben bets · Anna calls\n", "Anna checks · Ben checks\n")
            .replace("carry 13", "carry 9"),
            PROGRESSIVE[3]
            .replace("Anna collects 17", "Anna collects 13")
            .replace("Anna 105 · Ben 100", "Anna 103 · Ben 102"),
            PROGRESSIVE[4].replace("Anna 103 · Ben 98", "Anna 101 · Ben 100"),
        ),
        PROGRESSIVE_HEAD,
    )
    write(path, final)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "0 stored" in out and "3 replaced" in out, out
    assert "hand P4 at table T" in out and "it stays void (misdeal)" in out, out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": final}, ("P4",))


def test_a_void_stays_on_its_hand_when_a_players_name_is_corrected(tmp_path: Path) -> None:
    """Hand 4 (Dan's win) voided, then Dan's name corrected to Daniel through the night and
    the file imported again with ``--replace``: hand 4 is the voided hand with its player
    renamed (the same seats, stacks, play and pot), so it stays void; it took a new row that
    counted before, and Dan's misdeal counted again."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "4")
    final = night(tuple(hand.replace("Dan", "Daniel") for hand in HANDS))
    write(path, final)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "6 replaced" in out and "0 stored" in out, out
    assert "hand 4 at table T" in out and "it stays void (misdeal)" in out, out
    now, then = figures(db), fresh(tmp_path / "fresh", {"n.bhh": final}, ("4",))
    for seen in (now, then):  # Daniel is a new player of this ledger, the 4th of the fresh one
        seen["sessions"] = [[kv for kv in row if kv[0] != "player_id"] for row in seen["sessions"]]
    assert now == then


def test_a_voided_hand_renamed_and_replayed_otherwise_is_another_hand(tmp_path: Path) -> None:
    """Hand 4 voided, then its players renamed and its play changed (Dan folds, Anna wins):
    not the voided hand renamed, so it counts, and the voided one stays void out of the play,
    as for any hand that takes a voided hand's number."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "4")
    other = HANDS[3].replace(
        "Cara folds · Dan raises · Anna folds · Ben folds\nDan collects 5",
        "Cara folds · Dan folds · Anna raises · Ben folds\nAnna collects 4",
    )
    final = night(tuple(h.replace("Dan", "Daniel") for h in (*HANDS[:3], other, *HANDS[4:])))
    write(path, final)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "1 stored" in out, out
    assert "void (misdeal); the file's hand 4 is another record than the ledger's" in out


def test_a_voided_hand_taken_out_and_its_number_given_to_the_next_stays_out(
    tmp_path: Path,
) -> None:
    """Hand 4 voided, then deleted from the file and the hands after it renumbered to close
    the gap (5 -> 4, 6 -> 5): the file's hand 4 is Anna's, another hand; the void does not
    pass to it.  The voided hand stays void, out of the night's play, and the report says so."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "4")
    final = night(HANDS[:3] + numbered(3, HANDS[4:]))
    write(path, final)
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": final})
    assert "void (misdeal); the file's hand 4 is another record than the ledger's" in out


def test_a_voided_hand_the_ledger_cannot_find_again_is_named_with_the_way_to_void_it(
    tmp_path: Path,
) -> None:
    """Hand 4 (Dan's win) voided; then hand 2 deleted and the hands after it closed up: Dan's
    hand is hand 3 now, with other stacks (the deleted hand's chips never moved), so neither
    its record nor its content is the voided hand's, and the ledger cannot tell it is the same
    hand.  The report says so and how to void it; done, the ledger is a fresh import of the
    final file with that hand voided."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "4")
    final = night(HANDS[:1] + numbered(1, HANDS[2:]))
    replaced_then_voided(db, path, final, "3")
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": final}, voids=("3",))


def test_a_voided_hand_left_out_of_a_redated_night_is_named_in_the_event_it_counts_in(
    tmp_path: Path,
) -> None:
    """docs/ledger.md, *Void* ("A void belongs to the night"): hand 4 (Dan's win) voided, then
    hand 2 deleted, the hands after it closed up and the night's date corrected, all in one
    correction.  Dan's hand is hand 3 of the new date, played from other stacks: the ledger
    cannot tell it is the voided one, and the command it gives to void it names that hand in
    the event it counts in now (not the old event, left with no hand, nor a placeholder for
    its number); pasted, the ledger is a fresh import of the final file with it voided."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "4")
    head = HEAD.replace("2024-06-01", "2024-06-02")
    final = night(HANDS[:1] + numbered(1, HANDS[2:]), head)
    out = replaced_then_voided(db, path, final, "3")
    assert "the file's hand 3 plays as it did, from other stacks under another number" in out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": final}, voids=("3",))


def test_a_voided_hand_deleted_from_its_file_is_out_of_the_nights_play(tmp_path: Path) -> None:
    """Hand 3 voided, then also deleted from the file, and the file imported again with
    ``--replace``: the sessions export read the deleted hand between hands 2 and 4 (buy-ins of
    102 and cash-outs nobody made); the file no longer holds it, so it is no part of the play
    (it stays void: its reason and audit say both).  Without ``--replace`` it is a conflict."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "3")
    final = night(HANDS[:2] + HANDS[3:])
    write(path, final)
    code, plain = invoke("import", path, "--db", db)
    assert code == 1, plain
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": final})
    assert "hand 3 at table T" in plain and "void (misdeal)" in plain, plain
    assert "hand 3 at table T" in out, out
    # Nothing of the file plays as the deleted hand did: no command to void it again.
    assert "no hand the file holds now plays as it did, so there is nothing to void" in out, out
    assert "badugi-ledger void" not in out, out
    with sqlite3.connect(db) as conn:
        (reason,) = conn.execute("SELECT void_reason FROM hands WHERE hand_number = '3'").fetchone()
    assert reason == f"misdeal; not in {path} any more (import --replace)"
    # The hand put back: it is in the play again, still void by the organiser's reason.
    write(path, night())
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "stays void (misdeal)" in out, out
    with sqlite3.connect(db) as conn:
        (reason,) = conn.execute("SELECT void_reason FROM hands WHERE hand_number = '3'").fetchone()
    assert reason == "misdeal"
    assert figures(db) == fresh(tmp_path / "again", {"n.bhh": night()}, ("3",))


# --- a file emptied of its hands ----------------------------------------------------------------


def test_a_file_emptied_of_hands_voids_them_with_replace(tmp_path: Path) -> None:
    """Every hand deleted from the night's file (the header kept): imported again, each is a
    conflict that says how to take the night out; with ``--replace`` they are voided, as
    hands deleted from a file that keeps others are, and the ledger holds no night."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "2")
    write(path, HEAD + "table T\n")
    code, plain = invoke("import", path, "--db", db)
    assert code == 1, plain
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": HEAD + "table T\n"})
    assert plain.count("not in it any more") == 6, plain
    assert "the file holds no hands now" in plain and "void --event" in plain, plain
    assert out.count("not in it any more") == 6, out


def test_a_hand_written_with_its_stacks_stated_is_not_said_to_act_otherwise(
    tmp_path: Path,
) -> None:
    """Hand 2 written again with the stacks it starts with stated (the same play, the same
    figures): a conflict, whose reason names what may differ - not "the recorded actions"."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    with sqlite3.connect(db) as conn:
        stacks = dict(
            conn.execute(
                "SELECT a.name, hp.final_stack FROM hand_players hp "
                "JOIN aliases a ON a.id = hp.alias_id JOIN hands h ON h.id = hp.hand_id "
                "WHERE h.hand_number = '1'"
            ).fetchall()
        )
    seats = " · ".join(f"{name} {stacks[name]}" for name in ("Anna", "Ben", "Cara", "Dan"))
    stated = HANDS[1].replace("Anna · Ben · Cara · Dan", seats, 1)
    write(path, night(HANDS[:1] + (stated,) + HANDS[2:]))
    code, out = invoke("import", path, "--db", db)
    assert code == 1 and "hand 2" in out, out
    assert "the hand as written differs (its number, the stacks its seats state" in out
    assert "recorded actions differ" not in out


# --- what a void is told ----------------------------------------------------------------------


@pytest.mark.parametrize("table", ["T", "Nope"])
def test_a_table_without_a_hand_voids_nothing(tmp_path: Path, table: str) -> None:
    """``--table`` names the table of the hand to void.  Given without ``--hand`` it voided
    the whole event, every table of it (even one it does not have): an organiser who meant
    one table (or forgot the hand) took the night out of every figure."""
    db = tmp_path / "club.db"
    code, out = invoke("import", write(tmp_path / "night.bhh", night()), "--db", db)
    assert code == 0, out
    before = figures(db)
    code, out = invoke("void", "--event", EVENT, "--table", table, "--reason", "x", "--db", db)
    assert code != 0
    assert "--hand" in out and "whole event" in out and "Traceback" not in out
    assert figures(db) == before
    code, out = invoke("audit", "--db", db, "--json")
    assert json.loads(out)["entries"] == []


def test_a_stored_hand_its_file_no_longer_holds_is_not_sent_back_to_the_file(
    tmp_path: Path,
) -> None:
    """``show --db`` of a voided hand its file no longer holds (hand 4 deleted, the hands
    after it renumbered): it advised ``show FILE --hand 4``, which replays another hand, the
    file's hand 4 now; it says the file no longer holds it."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void(db, "4")
    write(path, night(HANDS[:3] + numbered(3, HANDS[4:])))
    assert invoke("import", path, "--db", db, "--replace")[0] == 0
    code, out = invoke("show", "--db", db, "--event", EVENT, "--hand", "4")
    assert code == 0, out
    said = " ".join(out.split())
    assert "which no longer holds it (the file's hand of that number, if any, is another)" in said
    assert "wherever it is now, shows them" not in said, out  # (the file's hand 4: replayed)
