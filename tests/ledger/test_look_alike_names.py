"""A new player whose name only looks like one the ledger holds is warned of at import.

``Аnna`` with a Cyrillic ``А`` (pasted from a chat, typed on another keyboard) in next week's
file became a second player beside ``Anna``: two standings rows that read "Anna", her money
split between them, and nothing said (found by hostile-input fuzzing).  The two names are
told apart (they are other letters: only the organiser can say they are one person), so the
import stores them as written and warns, with the ``players merge`` that makes them one
(``model/names.look_alike``, ``ledger/players.Aliases``).
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.location import LEDGER_ENV

runner = CliRunner()


def night(name: str, date: str, other: str = "Ben") -> str:
    return (
        f"game badugi · fixed limit 2/4 · blinds 1/2\ncash Friday · date {date}\n\n"
        f"hand 1 · button {name} · {name} 100 · {other} 100\n{name} folds\n{other} collects 2\n"
    )


def imported(tmp_path: Path, *nights: str) -> str:
    db = tmp_path / "club.db"
    out = ""
    for k, text in enumerate(nights):
        path = tmp_path / f"n{k}.bhh"
        path.write_text(text, encoding="utf-8")
        args = ["import", str(path), "--db", str(db), "-j", "1"]
        result = runner.invoke(app, args, env={LEDGER_ENV: str(db)})  # (its commands as printed)
        assert result.exit_code == 0, result.output
        out += result.output
    return out


def players(tmp_path: Path) -> list[str]:
    result = runner.invoke(
        app, ["standings", "--db", str(tmp_path / "club.db"), "--format", "json"]
    )
    return sorted(row["player"] for row in json.loads(result.output))


def test_a_cyrillic_look_alike_is_warned_of_and_merged_by_the_command_given(
    tmp_path: Path,
) -> None:
    out = imported(tmp_path, night("Anna", "2024-03-01"), night("\u0410nna", "2024-03-08"))
    flat = " ".join(out.split())
    assert (
        "warning: '\u0410nna', a new player, looks like 'Anna', whom the ledger knows, but is "
        "written with '\u0410' where 'Anna' has 'A' ('\u0410': cyrillic capital letter a): "
        "they count as two players"
    ) in flat, out
    assert players(tmp_path) == ["Anna", "Ben", "\u0410nna"]
    command = flat.split("(badugi-ledger ")[1].split(")")[0]
    merged = runner.invoke(app, [*shlex.split(command), "--db", str(tmp_path / "club.db")])
    assert merged.exit_code == 0, merged.output
    assert players(tmp_path) == ["Anna", "Ben"]


def test_a_name_without_its_accent_is_warned_of(tmp_path: Path) -> None:
    out = imported(tmp_path, night("Tam\u00e1s", "2024-03-01"), night("Tamas", "2024-03-08"))
    assert "'Tamas', a new player, looks like 'Tam\u00e1s'" in " ".join(out.split()), out


def test_other_names_and_the_same_name_are_not(tmp_path: Path) -> None:
    """Two plain names are two names (``Anne``, ``Anna``); the name itself, and one written
    with other code points for the same letters (an alias, not a new player), say nothing."""
    out = imported(
        tmp_path,
        night("Anna", "2024-03-01"),
        night("Anne", "2024-03-08"),
        night("Anna", "2024-03-15"),
        night("Zo\u00eb", "2024-03-22", "Anna"),
        night("Zoe\u0308", "2024-03-29", "Anna"),
        night("Dan", "2024-04-05", "Zo\u00eb"),
    )
    assert "warning" not in out, out


def test_a_name_with_a_control_character_is_warned_of_and_merged_as_shown(
    tmp_path: Path,
) -> None:
    """``Anna`` and a NUL (a damaged file): plain ASCII, so it was never held against
    ``Anna`` (nor ``Anna`` against it, SQLite's ``GLOB`` seeing nothing past a NUL), two
    players and nothing said (web-app fuzzing).  A spreadsheet shows nothing of the NUL: it
    looks like ``Anna``, and is warned of, either way round.  The command given names it as
    every output writes it (``'Anna\\x00'``, no command line can pass a NUL), and merges."""
    for first, second in (("Anna", "Anna\x00"), ("Anna\x00", "Anna")):
        folder = tmp_path / repr(first)
        folder.mkdir()
        out = imported(folder, night(first, "2024-03-01"), night(second, "2024-03-08"))
        flat = " ".join(out.split())
        shown = {"Anna": "'Anna'", "Anna\x00": "'Anna\\x00'"}
        assert f"warning: {shown[second]}, a new player, looks like {shown[first]}" in flat, out
        command = flat.split("(badugi-ledger ")[1].split(")")[0]
        assert command == f"players merge {shown[first]} {shown[second]}", command
        merged = runner.invoke(app, [*shlex.split(command), "--db", str(folder / "club.db")])
        assert merged.exit_code == 0, merged.output
        assert players(folder) == sorted(["Ben", first]), first


def test_plain_names_equal_but_for_case_or_blanks_are_warned_of(tmp_path: Path) -> None:
    """``anna``, ``Anna `` (a blank at its end), `` Anna`` and ``Anna  Lee`` (two blanks) after
    ``Anna`` and ``Anna Lee``: plain ASCII, so never held against each other, and a treasurer
    read "Anna pays Eve 1 chip" twice in one settle-up, the two lines alike to the eye
    (docs/ledger.md, *Players and aliases*: a look-alike is another player, as written, and
    the import warns).  Each is kept as written, a player of its own, and warned of with the
    merge that makes them one; ``Anne`` and ``AnnaLee`` are other names and say nothing."""
    out = imported(
        tmp_path,
        night("Anna", "2024-03-01"),
        night("anna", "2024-03-08"),
        night('"Anna "', "2024-03-15"),
        night('" Anna"', "2024-03-22"),
        night('"Anna Lee"', "2024-03-29"),
        night('"Anna  Lee"', "2024-04-05"),
        night("Anne", "2024-04-12"),
        night("AnnaLee", "2024-04-19"),
    )
    flat = " ".join(out.split())
    for new, known in (("anna", "Anna"), ("Anna ", "Anna"), (" Anna", "Anna")):
        assert f"warning: '{new}', a new player, looks like '{known}'" in out, (new, out)
        assert f"(badugi-ledger players merge '{known}' '{new}')" in out, (new, out)
    assert "warning: 'Anna  Lee', a new player, looks like 'Anna Lee'" in out, out
    assert flat.count("warning:") == 4, out
    # What differs, in words a treasurer can see: not "other letters", nor a blank named as
    # the letter it stands beside.
    assert (
        "'anna', a new player, looks like 'Anna', whom the ledger knows, but is written "
        "with other capitals:" in flat
    ), out
    blanks = "but is written with blanks placed otherwise (at an end, or two between words):"
    assert flat.count(blanks) == 3, out
    assert players(tmp_path) == sorted(
        ["Anna", "anna", "Anna ", " Anna", "Anna Lee", "Anna  Lee", "Anne", "AnnaLee", "Ben"]
    )
    merged = runner.invoke(
        app, ["players", "merge", "Anna", "Anna ", "--db", str(tmp_path / "club.db")]
    )
    assert merged.exit_code == 0, merged.output
    assert "Anna " not in players(tmp_path)


def test_a_site_history_and_a_phh_file_let_a_blank_through_and_are_warned_of(
    tmp_path: Path,
) -> None:
    """The doors a blank at a name's end comes in by besides our format's quotes: a
    PokerStars history (``Seat 1: Lino19  (…)``, ``Lino19 : posts…``; its corpus hand) and a
    PHH file (``players = ["Anna ", …]``): each reader keeps the name as written, and the
    import warns of it after the name without the blank (our format's nights before)."""
    from tests.phh.test_phh_variant_required import HAND

    corpus = Path(__file__).parents[2].parent / "shared/corpus/pokerstars"
    stars = (corpus / "Badugi-USD-0.25-0.50-201009.txt").read_text(encoding="utf-8")
    site, phh = tmp_path / "stars.txt", tmp_path / "night.phh"
    site.write_text(stars.replace("Lino19", "Lino19 "), encoding="utf-8")
    phh.write_text(HAND.replace('"Anna"', '"Anna "'), encoding="utf-8")
    out = imported(tmp_path, night("Lino19", "2024-03-01"), night("Anna", "2024-03-08"))
    for path in (site, phh):
        result = runner.invoke(app, ["import", str(path), "--db", str(tmp_path / "club.db")])
        assert result.exit_code == 0, result.output
        out += result.output
    assert "warning: 'Lino19 ', a new player, looks like 'Lino19'" in out, out
    assert "warning: 'Anna ', a new player, looks like 'Anna'" in out, out


def test_both_new_in_one_file(tmp_path: Path) -> None:
    """``Anna`` and ``"Anna "`` both new in one night (hand 1 and hand 2): the second is
    warned of against the first, made by the same file."""
    text = night("Anna", "2024-03-01", "Eve") + (
        '\nhand 2 · button "Anna " · "Anna " 100 · Eve 101\n"Anna " folds\nEve collects 2\n'
    )
    out = imported(tmp_path, text)
    assert "warning: 'Anna ', a new player, looks like 'Anna'" in out, out
