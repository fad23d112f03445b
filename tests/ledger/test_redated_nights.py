"""A night re-dated (its file's date corrected, imported again with ``--replace``) and
re-dated back: what belongs to the night - a hand's void, the whole night's void, its other
files - goes with it, and the ledger ends as a fresh import of the final files would."""

from __future__ import annotations

import json
import sqlite3
from datetime import datetime, tzinfo
from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.ledger import writer
from badugi_ledger.ledger.location import LEDGER_ENV
from tests.helpers.paths import EXAMPLES
from tests.ledger.test_corrections_voids import (
    EVENT,
    FINALS,
    HANDS,
    HEAD,
    corrected_finals,
    figures,
    fresh,
    invoke,
    night,
    write,
)

LATER = HEAD.replace("2024-06-01", "2024-06-02")


def redate(db: Path, path: Path, head: str) -> str:
    """The night's file with header ``head``, imported again with ``--replace``."""
    write(path, night(head=head))
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    return out


def void_in(db: Path, event: str, hand: str | None = None, reason: str = "misdeal") -> None:
    code, out = invoke(
        "void", "--event", event, *(("--hand", hand) if hand else ()), "--reason", reason,
        "--db", db,
    )  # fmt: skip
    assert code == 0, out


def event_ids(db: Path) -> dict[str, int]:
    code, out = invoke("events", "--db", db, "--json")
    assert code == 0, out
    return {str(e["date"]): int(e["id"]) for e in json.loads(out)["events"]}


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_voided_hand_stays_void_when_its_night_is_redated_and_back(
    tmp_path: Path, when: str
) -> None:
    """Hand 4 voided before the night's date is corrected (2024-06-01 -> 06-02), or after it,
    in the event of the corrected date; then the date corrected back: hand 4 stays void, as in
    a fresh import of the final file with hand 4 voided.  Voided after, the hand came back
    counting (its old row, left out at the first correction, counted again)."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    if when == "before":
        void_in(db, EVENT, "4")
    redate(db, path, LATER)
    if when == "after":
        void_in(db, str(event_ids(db)["2024-06-02"]), "4")
    out = redate(db, path, HEAD)
    assert figures(db) == fresh(tmp_path / "fresh", {"n.bhh": night()}, ("4",))
    assert "hand 4 at table T" in out and "stays void (misdeal)" in out, out
    assert "void that one too" not in out, out  # the ledger found the hand: nothing to do
    out = redate(db, path, LATER)  # and once more: the hand is still the voided one
    assert figures(db) == fresh(tmp_path / "again", {"n.bhh": night(head=LATER)}, ("4",))
    assert "void that one too" not in out, out


def _renamed(hands: tuple[str, ...]) -> tuple[str, ...]:
    """The hands with Dan's name corrected to Daniel through the night."""
    return tuple(hand.replace("Dan", "Daniel") for hand in hands)


@pytest.mark.parametrize(
    ("hands", "corrected", "voided", "head"),
    [
        (HANDS, _renamed(HANDS), "4", HEAD),
        (FINALS, corrected_finals(), "3", HEAD + "chips 100 = 10 EUR\n"),
    ],
    ids=["players-renamed", "stacks-carried-otherwise"],
)
def test_a_voided_hand_stays_void_when_its_night_is_redated_in_the_correction_that_changes_it(
    tmp_path: Path, hands: tuple[str, ...], corrected: tuple[str, ...], voided: str, head: str
) -> None:
    """docs/ledger.md, *Void*: a void belongs to the night, not to its date ("A void belongs
    to the night"), and stays on its hand met as itself with its players renamed, or played
    from other stacks with its cards shown ("A void stays on its hand").  One correction that
    does both - the night's date fixed (2024-06-01 -> 06-02) and Dan's name corrected to
    Daniel, or an earlier hand corrected and the ``final:`` lines written anew - is still the
    same hand: it stays void, as in a fresh import of the final file with that hand voided,
    and the report says so instead of asking the organiser to void it again."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night(hands, head))
    assert invoke("import", path, "--db", db)[0] == 0
    void_in(db, EVENT, voided)
    later = head.replace("2024-06-01", "2024-06-02")
    write(path, night(corrected, later))
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0, out
    assert f"hand {voided} at table T" in out and "it stays void (misdeal)" in out, out
    assert "void that one too" not in out, out
    now = _no_ids(figures(db))
    assert now == _no_ids(_fresh_voided(tmp_path / "fresh", night(corrected, later), voided))


def _fresh_voided(folder: Path, text: str, voided: str) -> dict[str, Any]:
    """The figures of a ledger built from the night ``text`` alone with hand ``voided`` voided
    in the event of its date."""
    path = write(folder / "n.bhh", text)
    db = folder / "fresh.db"
    assert invoke("import", path, "--db", db)[0] == 0
    void_in(db, str(event_ids(db)["2024-06-02"]), voided)
    return figures(db)


def _no_ids(seen: dict[str, Any]) -> dict[str, Any]:
    """The figures with the sessions' player ids left out (each ledger counts its players)."""
    seen["sessions"] = [[kv for kv in row if kv[0] != "player_id"] for row in seen["sessions"]]
    return seen


def test_a_voided_night_stays_void_when_it_is_redated_and_back(tmp_path: Path) -> None:
    """The whole night voided, then its date corrected (2024-06-01 -> 06-02): a void belongs
    to the night, so the event of the corrected date is void too (its hands counted), as a
    fresh import of the final file voided is; corrected back, the night is still void."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void_in(db, EVENT, reason="not a club night")
    out = redate(db, path, LATER)
    assert "the night's void follows it here: not a club night" in out, out
    code, out = invoke("events", "--db", db, "--json")
    assert [e["void"] for e in json.loads(out)["events"]] == ["not a club night"] * 2, out
    assert figures(db) == voided_fresh(tmp_path / "later", night(head=LATER))
    redate(db, path, HEAD)
    assert figures(db) == voided_fresh(tmp_path / "back", night())


def test_a_voided_night_stays_void_when_redated_in_the_correction_that_renames_a_player(
    tmp_path: Path,
) -> None:
    """docs/ledger.md, *Void*: "A void belongs to the night, not to its date or name", and
    each hand is met as itself with its players renamed ("A void stays on its hand").  The
    whole night voided, then its date corrected (2024-06-01 -> 06-02) in the correction that
    corrects Dan's name to Daniel through it: the event of the new date is void too, as a
    fresh import of the final file voided is.  It counted: the night's moved hands were
    found by their content alone, which the renamed player changes."""
    db = tmp_path / "club.db"
    path = write(tmp_path / "night" / "n.bhh", night())
    assert invoke("import", path, "--db", db)[0] == 0
    void_in(db, EVENT, reason="not a club night")
    write(path, night(_renamed(HANDS), LATER))
    code, out = invoke("import", path, "--db", db, "--replace")
    assert code == 0 and "the night's void follows it here: not a club night" in out, out
    assert _no_ids(figures(db)) == _no_ids(
        voided_fresh(tmp_path / "later", night(_renamed(HANDS), LATER))
    )


def voided_fresh(folder: Path, text: str) -> dict[str, object]:
    """The figures of a ledger built from the night ``text`` alone, the night voided."""
    fresh(folder, {"n.bhh": text})
    void_in(folder / "fresh.db", EVENT, reason="not a club night")
    return figures(folder / "fresh.db")


def test_redating_one_file_of_a_night_split_over_two_is_reported(tmp_path: Path) -> None:
    """A night kept in two files (one per table); only one file's date corrected: its hands
    go to the event of the new date, the other file's stay in the old one - the night is two
    events now.  Stored (each file is its own transaction, so refusing would leave no way to
    correct both), but the report names both events and the file still to correct; once it
    is corrected too, nothing is said and the night is one event again."""
    db = tmp_path / "club.db"
    other = {"Anna": "Eve", "Ben": "Finn", "Cara": "Gus", "Dan": "Hal", "table T": "table U"}

    def table_u(head: str) -> str:
        text = night(head=head)
        for old, new in other.items():
            text = text.replace(old, new)
        return text

    first = write(tmp_path / "night" / "t.bhh", night())
    second = write(tmp_path / "night" / "u.bhh", table_u(HEAD))
    assert invoke("import", first, second, "--db", db)[0] == 0
    out = redate(db, first, LATER)
    said = [line for line in out.splitlines() if "the night is split" in line]
    assert len(said) == 1, out
    assert str(first) in said[0] and str(second) in said[0], said
    assert "(2024-06-02)" in said[0] and "(2024-06-01)" in said[0], said
    write(second, table_u(LATER))
    code, out = invoke("import", second, "--db", db, "--replace")
    assert code == 0 and "split" not in out, out
    assert figures(db) == fresh(
        tmp_path / "fresh", {"t.bhh": night(head=LATER), "u.bhh": table_u(LATER)}
    )


def test_what_a_redated_voided_night_says_is_counted_in_no_total(tmp_path: Path) -> None:
    """docs/ledger.md, *JSON fields*: ``replaced`` counts the file's hands stored over their
    old version (or left out of it), as the report's last line does.  A voided night kept in
    two files, one of them re-dated: its six hands leave the old event (six replaced), and the
    report says at its first hand that the night's void follows it and that the night is
    split - two lines of the night, not hands: listed among ``replacements`` (``"note":
    true``), counted in no total, in the text or the JSON."""
    db = tmp_path / "club.db"
    first = write(tmp_path / "night" / "t.bhh", night())
    other = {"Anna": "Eve", "Ben": "Finn", "Cara": "Gus", "Dan": "Hal", "table T": "table U"}
    second = night()
    for old, new in other.items():
        second = second.replace(old, new)
    assert invoke("import", first, write(first.with_name("u.bhh"), second), "--db", db)[0] == 0
    void_in(db, EVENT, reason="not a club night")
    write(first, night(head=LATER))
    code, out = invoke("import", first, "--db", db, "--replace", "--json")
    assert code == 0, out
    report = json.loads(out)
    (file,) = report["files"]
    assert (report["replaced"], file["replaced"], len(file["replacements"])) == (6, 6, 8)
    notes = [r["differences"][0] for r in file["replacements"] if r["note"]]
    assert [n.split(":")[0] for n in notes] == [
        "the night's void follows it here",
        "the night is split",
    ], notes
    write(first, night(head=HEAD.replace("2024-06-01", "2024-06-03")))
    code, out = invoke("import", first, "--db", db, "--replace")
    assert code == 0 and "the night's void follows it here" in out, out
    assert f"{first}: 6 stored, 0 duplicate, 6 replaced, 0 rejected" in out, out
    assert "total: 6 stored, 0 duplicate, 6 replaced, 0 rejected in 1 file" in out, out


def test_a_tournaments_terms_and_facts_follow_it_when_redated_and_back(tmp_path: Path) -> None:
    """``examples/tournament.bhh`` with terms recorded (bounty 5), re-dated with its payouts
    corrected (70/30 -> 60/40), a prize unit recorded on the re-dated tournament, then its
    date corrected back: the terms and the payouts are on the tournament its hands are in,
    once - neither left on the emptied event nor recorded twice - and its places and prizes
    are those of a fresh import of the final file with the same terms."""
    db = tmp_path / "club.db"
    text = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8")
    path = write(tmp_path / "night" / "t.bhh", text)
    assert invoke("import", path, "--db", db)[0] == 0
    assert invoke("tournament", "--event", "1", "--bounty", "5", "--db", db)[0] == 0
    moved = text.replace("2024-04-12", "2024-04-13").replace("payouts 70/30", "payouts 60/40")
    write(path, moved)
    assert invoke("import", path, "--db", db, "--replace")[0] == 0
    assert invoke("tournament", "--event", "2", "--prize-unit", "1", "--db", db)[0] == 0
    final = moved.replace("2024-04-13", "2024-04-12")
    write(path, final)
    assert invoke("import", path, "--db", db, "--replace")[0] == 0
    other = write(tmp_path / "fresh" / "t.bhh", final)
    fresh_db = tmp_path / "fresh" / "fresh.db"
    assert invoke("import", other, "--db", fresh_db)[0] == 0
    terms = ("--bounty", "5", "--prize-unit", "1")
    assert invoke("tournament", "--event", "1", *terms, "--db", fresh_db)[0] == 0
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT event_id, bounty FROM tournament_terms").fetchall() == [
            (1, 500)
        ]
    code, ours = invoke("tournament", "--event", "1", "--db", db, "--json")
    assert code == 0, ours
    code, theirs = invoke("tournament", "--event", "1", "--db", fresh_db, "--json")
    assert code == 0, theirs
    assert json.loads(ours)["entries"] == json.loads(theirs)["entries"]
    assert json.loads(ours)["payouts"] == [60, 40]


class _OneSecond(datetime):
    """A clock stopped at one second: every import's audit rows are stamped alike."""

    @classmethod
    def now(cls, tz: tzinfo | None = None) -> _OneSecond:
        return cls(2024, 6, 3, 12, 0, 0, tzinfo=tz)


@pytest.mark.parametrize("together", [True, False], ids=["one-import", "two-imports"])
def test_a_file_imported_in_the_same_second_as_a_moved_one_is_not_said_to_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, together: bool
) -> None:
    """A night kept in three files (tables T, U, W); with ``import --replace``, t.bhh with
    its unit corrected (its hands go to the event of the new unit, the same rows), then u.bhh
    with a hand added, in one import or two, both within the same second (the clock stopped):
    t.bhh moved its hands, so its report says the night is split; u.bhh keeps its hands where
    they were, so nothing is said of it moving or replacing any.  Each file's import finds
    the audit rows it wrote itself, never another's of the same second."""
    monkeypatch.setattr(writer, "datetime", _OneSecond)
    db = tmp_path / "club.db"
    seventh = (
        "hand 7 · button Cara · Anna · Ben · Cara · Dan\n"
        "Ben folds · Cara raises · Dan folds · Anna folds\nCara collects 5\n"
    )
    valued = HEAD.replace("cash Test night", "cash Test night · chips 100 = 10 EUR")

    def table(name: str, players: str, head: str = HEAD, hands: tuple[str, ...] = ()) -> str:
        text = night(head=head, hands=(*HANDS, *hands))
        for old, new in zip(("Anna", "Ben", "Cara", "Dan"), players.split(), strict=True):
            text = text.replace(old, new)
        return text.replace("table T", f"table {name}")

    t = write(tmp_path / "night" / "t.bhh", table("T", "Anna Ben Cara Dan"))
    u = write(tmp_path / "night" / "u.bhh", table("U", "Eve Finn Gus Hal"))
    w = write(tmp_path / "night" / "w.bhh", table("W", "Ivy Jo Kim Lea"))
    assert invoke("import", t, u, w, "--db", db)[0] == 0
    write(t, table("T", "Anna Ben Cara Dan", head=valued))
    write(u, table("U", "Eve Finn Gus Hal", hands=(seventh,)))
    out = ""
    for files in [(t, u)] if together else [(t,), (u,)]:
        code, said = invoke("import", *files, "--db", db, "--replace")
        assert code == 0, said
        out += said
    assert f"{u}: 1 stored, 6 duplicate, 0 rejected" in out, out  # nothing of it replaced
    said = [line for line in out.splitlines() if "the night is split" in line]
    assert len(said) == 1, out
    assert f"{t} puts its hands in" in said[0] and f"{u}, {w} still hold" in said[0], said


# --- a hand moved to another file of its night in the correction that re-dates it ------------

SPLIT = FINALS[2].replace(
    "hand 3 · button Cara · Anna · Ben · Cara · Dan",
    "hand 3 · button Cara · Anna 103 · Ben 98 · Cara 83 · Dan 116",
)
"""Hand 3 of :data:`FINALS` as the first hand of a file of its own: its stacks stated."""
CHIPS = "chips 100 = 10 EUR\n"


def _split_night(tmp_path: Path, renamed: bool) -> tuple[Path, Path, Path, dict[str, str]]:
    """The night of :data:`FINALS` imported from one file, hand 3 (a showdown) voided; then
    its file split (hand 3 to a file of its own) in the correction that re-dates the night
    (2024-06-01 -> 06-02), with Dan's name corrected to Daniel through both files when
    ``renamed``: the ledger, the two files, and the final files by name."""
    db = tmp_path / "club.db"
    first = write(tmp_path / "night" / "n.bhh", night(FINALS, HEAD + CHIPS))
    assert invoke("import", first, "--db", db)[0] == 0
    void_in(db, EVENT, "3")
    hands, split = (
        (FINALS[:2], SPLIT) if not renamed else (_renamed(FINALS[:2]), _renamed((SPLIT,))[0])
    )
    final = {"n.bhh": night(hands, LATER + CHIPS), "b.bhh": night((split,), LATER + CHIPS)}
    write(first, final["n.bhh"])
    second = write(tmp_path / "night" / "b.bhh", final["b.bhh"])
    return db, first, second, final


def _fresh_split(folder: Path, files: dict[str, str]) -> dict[str, Any]:
    """The figures of a ledger built from ``files`` alone, hand 3 voided in the event of the
    corrected date."""
    paths = [write(folder / name, text) for name, text in files.items()]
    db = folder / "fresh.db"
    assert invoke("import", *paths, "--db", db)[0] == 0
    void_in(db, str(event_ids(db)["2024-06-02"]), "3")
    return figures(db)


@pytest.mark.parametrize("renamed", [False, True], ids=["as-it-was", "players-renamed"])
@pytest.mark.parametrize("order", ["moving-file-first", "split-file-first", "one-import"])
def test_a_voided_hand_moved_to_another_file_of_its_night_re_dated_stays_void(
    tmp_path: Path, order: str, renamed: bool
) -> None:
    """docs/ledger.md, *Void*: a void belongs to the night, not its date ("A void belongs to
    the night"), and stays on its hand ("A void stays on its hand"), whichever file of the
    night holds it ("A voided hand moved to another file of its night").  Hand 3 voided,
    then the night's file split in two (hand 3 to b.bhh) in the correction that re-dates it
    (and corrects Dan's name to Daniel): once a file of the night puts its hands in the
    event of the new date, the two events are one night, so hand 3 stays void there - b.bhh
    imported after that file (the voided hand met in it), before it (the move voids it, the
    report says so at b.bhh's hand), or in the same import.  It counted again, unsaid: b.bhh
    never imported it, and the ledger took no hand of another event for it."""
    db, first, second, final = _split_night(tmp_path, renamed)
    if order == "moving-file-first":
        code, out = invoke("import", first, "--db", db, "--replace")
        assert code == 0, out
        code, out = invoke("import", second, "--db", db, "--replace")
        assert code == 0 and "it stays void (misdeal)" in out, out
    elif order == "split-file-first":
        code, out = invoke("import", second, "--db", db)
        assert code == 0, out
        code, out = invoke("import", first, "--db", db, "--replace")
        assert code == 0, out
        assert "moved to" in out and "so the void follows it: voided (misdeal)" in out, out
    else:
        code, out = invoke("import", first, second, "--db", db, "--replace")
        assert code == 0 and "misdeal" in out, out
    assert _no_ids(figures(db)) == _no_ids(_fresh_split(tmp_path / "fresh", final))


def test_a_voided_hand_the_ledger_cannot_tell_moved_is_named_with_its_void_command(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """docs/ledger.md, *Void* ("Money is never wrong silently"): hand 3 voided, then written
    in a file of its own dated 2024-06-02 while the night's file keeps 2024-06-01 - another
    date, and no file of the night's old date puts its hands there, so nothing proves the
    two are one night (a hand alike at another night is another hand).  It counts, and the
    import says so at it (the text report and ``warnings`` of ``--json``), naming the voided
    hand and the ``void`` that voids it; that command gives the figures of the night with
    hand 3 voided in its new event."""
    db, first, second, final = _split_night(tmp_path, renamed=False)
    # (the ledger a bare command opens: its commands' words as they always were)
    monkeypatch.setenv(LEDGER_ENV, str(db))
    write(first, night(FINALS[:2], HEAD + CHIPS))  # (the night's file not re-dated)
    code, out = invoke("import", second, "--db", db, "--json")
    assert code == 0, out
    (warning,) = [w for f in json.loads(out)["files"] for w in f["warnings"]]
    assert "hand 3 at table T of Test night (2024-06-02) is, figure for figure, hand 3 of " in (
        warning
    ), warning
    assert "Test night (2024-06-01), which an organiser voided (misdeal)" in warning, warning
    command = warning[warning.index("(badugi-ledger void ") + 1 : -1]
    assert command == f"badugi-ledger void --event {event_ids(db)['2024-06-02']} --hand 3 " + (
        "--table T --reason 'misdeal'"
    ), command
    words = command.split()[1:-1] + ["misdeal"]
    code, out = invoke(*words, "--db", db)
    assert code == 0, out
    write(first, final["n.bhh"])
    code, out = invoke("import", first, "--db", db, "--replace")
    assert code == 0, out
    assert figures(db) == _fresh_split(tmp_path / "fresh", final)


WALK = """game badugi · fixed limit 2/4 · blinds 1/2
cash {name} · date {date} · season 2024

hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100
Anna folds · Ben folds
Cara collects 2
final: Anna 100 · Ben 99 · Cara 101
"""


def test_a_walk_alike_a_voided_walk_of_another_night_is_not_named(tmp_path: Path) -> None:
    """docs/ledger.md, *Void*: a hand is named as perhaps a voided one moved only when its
    cards were shown (they tell one deal from another); a walk from the same stacks at another
    night is alike and another hand, so the import says nothing of it (it named Friday's
    voided walk at Saturday's)."""
    db = tmp_path / "club.db"
    friday, saturday = tmp_path / "friday.bhh", tmp_path / "saturday.bhh"
    write(friday, WALK.format(name="Friday", date="2024-03-01"))
    write(saturday, WALK.format(name="Saturday", date="2024-03-08"))
    code, out = invoke("import", friday, "--db", db)
    assert code == 0, out
    code, out = invoke(
        "void", "--event", "Friday", "--hand", "1", "--reason", "misdeal", "--db", db
    )
    assert code == 0, out
    code, out = invoke("import", saturday, "--db", db, "--json")
    assert code == 0, out
    assert [w for f in json.loads(out)["files"] for w in f["warnings"]] == [], out
