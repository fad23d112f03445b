"""The organiser's loop as a model: whatever the order of edits, imports and commands, the
ledger ends as a FRESH ledger fed the final folder and the same commands does.

A folder of night files and one ledger.  The rules of the machine are what an organiser does:
edit a night's file (a player's stack, a player's name, a folded player's card, the night's
date; a hand added, deleted or moved to another night's file; the file renamed, two files
merged, a file split in two), ``import`` (one file or the folder, with and without
``--replace``), ``void`` and ``unvoid`` (a hand, an event), ``players merge`` and ``tournament
--payouts`` (a table, ``none``, ``clear``).  Every edit keeps the night legal: every hand
states its stacks (a hand moved or deleted leaves the others as legal as they were), a stack
grows at both ends of the hand, and a card changed is one no other line names.

After every step the ledger keeps its promises (:func:`assert_promises_kept` of the
non-stateful cousin, ``test_money_loop.py``: balanced postings, no hand counted twice, cash
standings and settle-up agree).  After an ``import --replace`` of the whole folder it is the
fresh ledger: ``standings`` of each kind (JSON), ``settle --json`` of every event and ``export
--table postings`` (CSV) are the same, once row ids (which count the rows each ledger wrote)
are left out.

The model, not the ledger, says which of the organiser's commands the fresh ledger is given
and on which hand: a void is on the hand, not its number (docs/ledger.md, *Void*, "A void
stays on its hand"): it follows the hand through a renamed player, a card no one saw, the
night re-dated (*Void*: "A void belongs to the night"), and a hand played from other stacks
only when its cards were shown ("stacks carried otherwise"), and through any of these in the
correction that re-dates the night (each change alone keeps the void, so together they do);
a hand moved to another night is another hand, which counts.  A void follows a hand moved to
another file of its night (the night's file split) in the correction that re-dates the night
once the ledger knows the two dates are one night: a file stored a hand of the night at the
old date and then, as itself, at the new one (*Void*: "A voided hand moved to another file of
its night"), whichever of the files is imported first (the voided hand met
in the other file, or voided by the import that moves the night).  Until then, or when no
file proves it (every hand of the night's old files moved to the new one), the hand counts
and the import names the voided hand.  So a night's own void: it follows the night to a
date the ledger knows to be the night's (a hand stored at the old date and, as itself, at
the new one); a night whose every hand was deleted and others written at a new date is not
proven the night, so its void stays behind (the import warns, naming the command).  A void
of an event whose hands all went to other nights (two files merged) voids nothing the fresh
ledger holds.  Commands the ledger refused
are given to no ledger.
"""

from __future__ import annotations

import csv
import io
import json
import re
import sqlite3
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule
from typer.testing import CliRunner

from badugi_ledger.cli import app
from badugi_ledger.ledger.report import ImportReport
from badugi_ledger.model.errors import BadugiError
from badugi_ledger.simulate.sessions import SimulationOptions, simulate_hands
from badugi_ledger.text.writer import write_hands
from tests.helpers.ledger_files import import_into
from tests.helpers.paths import EXAMPLES
from tests.ledger.test_money_loop import assert_promises_kept

runner = CliRunner()

REASON = "loop"
"""The organiser's reason for every void and un-void of the machine."""
NEW_NAMES = ("Dora", "Emil", "Finn", "Gus")
"""Names a player is renamed to (the simulated nights seat Anna, Ben and Cara)."""
_CARDS = [rank + suit for rank in "A23456789TJQK" for suit in "cdhs"]
_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
_SEAT = re.compile(r"^(\S+)(?: (\d+))?$")


@dataclass(frozen=True)
class Hand:
    """One hand of the model, every stack stated: ``number`` is unique in the whole folder."""

    number: str
    button: str
    seats: tuple[tuple[str, int], ...]
    body: tuple[str, ...]
    final: tuple[tuple[str, int], ...]
    table: str | None = None
    """The hand's own table (a cash hand's stacks are carried from no other hand), or None:
    the header's."""

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(name for name, _ in self.seats)

    @property
    def stacks(self) -> tuple[int, ...]:
        return tuple(stack for _, stack in self.seats)

    @property
    def shows_cards(self) -> bool:
        return any(line.startswith("show:") and _CARD.search(line) for line in self.body)

    def text(self) -> str:
        seats = " · ".join(f"{name} {stack}" for name, stack in self.seats)
        final = " · ".join(f"{name} {stack}" for name, stack in self.final)
        lines = [f"hand {self.number} · button {self.button} · {seats}", *self.body]
        if self.table is not None:
            lines.insert(0, f"table {self.table}\n")
        return "\n".join([*lines, f"final: {final}"]) + "\n"

    def renamed(self, old: str, new: str) -> Hand:
        word = re.compile(rf"\b{re.escape(old)}\b")
        return Hand(
            self.number,
            new if self.button == old else self.button,
            tuple((new if n == old else n, s) for n, s in self.seats),
            tuple(word.sub(new, line) for line in self.body),
            tuple((new if n == old else n, s) for n, s in self.final),
            self.table,
        )


def _stated(text: str) -> list[Hand]:
    """The hands of a written night, each stating the stacks its players carry in."""
    last: dict[str, int] = {}
    hands = []
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if line and not line.startswith("#")]
        at = next((i for i, line in enumerate(lines) if line.startswith("hand ")), None)
        if at is None:
            continue
        head, *parts = [part.strip() for part in lines[at].split(" · ")]
        button = parts[0].removeprefix("button ")
        seats = []
        for part in parts[1:]:
            m = _SEAT.match(part)
            assert m, part
            seats.append((m[1], int(m[2]) if m[2] else last[m[1]]))
        body = tuple(line.split("#")[0].rstrip() for line in lines[at + 1 : -1])
        final = tuple(
            (name, int(stack))
            for name, stack in (p.rsplit(" ", 1) for p in lines[-1][len("final: ") :].split(" · "))
        )
        last.update(final)
        hands.append(Hand(head.removeprefix("hand "), button, tuple(seats), body, final))
    return hands


def _void_stays(old: Hand, new: Hand) -> bool:
    """Whether a void of ``old`` stays on ``new``, the hand of the same number and night
    stored over it (on the night's date or another: a void belongs to the night)."""
    if old.stacks == new.stacks:
        return True  # the same content, or its players renamed
    return old.names == new.names and new.shows_cards  # stacks carried otherwise


CASH_GAME = "game badugi · fixed limit 2/4 · blinds 1/2"


def _pool() -> list[Hand]:
    """Simulated cash hands of three players, numbered ``c1``, ``c2``… across the pool, each
    at a table of its own: a hand states the stacks it starts with, which must be those the
    table's previous hand left (rule ``stack-carried``), so a hand moved or deleted would
    make the next one illegal."""
    hands: list[Hand] = []
    for seed in range(4):
        options = SimulationOptions(hands=5, players=3, seed=seed, min_stack=20)
        for hand in _stated("".join(write_hands(simulate_hands(options)))):
            number = f"c{len(hands) + 1}"
            hands.append(replace(hand, number=number, table=f"T{number}"))
    return hands


POOL = _pool()
TOURNAMENT_TEXT = (EXAMPLES / "tournament.bhh").read_text(encoding="utf-8")
TOURNAMENT_HANDS = _stated(TOURNAMENT_TEXT)


@dataclass
class Night:
    """A night: its session line's name and date (name fixed, date edited)."""

    kind: str
    name: str
    date: str

    @property
    def key(self) -> str:
        return f"{self.kind}|{self.name}|{self.date}"


@dataclass
class NightFile:
    night: int
    hands: list[Hand] = field(default_factory=list)


def _header(night: Night) -> str:
    if night.kind == "tournament":
        head = TOURNAMENT_TEXT[TOURNAMENT_TEXT.index("game badugi") :]
        head = head[: head.index("\n\nhand ")]
        return head.replace("date 2024-04-12", f"date {night.date}") + "\n\n"
    return f"{CASH_GAME}\ncash {night.name} · date {night.date}\n\n"


def _body_of_tournament(hands: list[Hand]) -> str:
    """The tournament's hands, level 2's stakes line before hand T2 as in the example."""
    out = []
    for hand in hands:
        if hand.number == "T2":
            out.append("fixed limit 20/40 · blinds 10/20\n\n")
        out.append(hand.text() + "\n")
    return "".join(out)


@dataclass(frozen=True)
class Command:
    """An organiser's command the ledger took: the words, and what it was given on."""

    words: str
    uid: str | None = None
    night: int | None = None
    args: tuple[str, ...] = ()


def cli(db: Path, *args: str) -> Any:
    return runner.invoke(app, [*args, "--db", str(db)])


def _rows_without_ids(text: str) -> list[tuple[str, ...]]:
    rows = list(csv.DictReader(io.StringIO(text)))
    return sorted(tuple(v for k, v in row.items() if k not in ("id", "hand_row")) for row in rows)


def _strip_ids(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip_ids(v) for k, v in value.items() if k not in ("id", "event_id")}
    if isinstance(value, list):
        return [_strip_ids(v) for v in value]
    return value


def reports(db: Path) -> dict[str, Any]:
    """What the organiser publishes: standings of each kind, every event's settle-up, the
    postings; row ids left out (each ledger numbers its own rows)."""
    out: dict[str, Any] = {}
    for kind in ("auto", "cash", "tournament"):
        result = cli(db, "standings", "--format", "json", "--kind", kind)
        out[f"standings {kind}"] = (result.exit_code, result.stdout)
    with sqlite3.connect(db) as conn:
        keys = [
            row[0]
            for row in conn.execute(
                "SELECT DISTINCT e.key FROM counted_hands h JOIN events e ON e.id = h.event_id "
                "ORDER BY 1"
            )
        ]
    for key in keys:
        result = cli(db, "settle", "--json", "--event", key)
        body = _strip_ids(json.loads(result.stdout)) if result.exit_code == 0 else result.stdout
        out[f"settle {key}"] = (result.exit_code, body)
    result = cli(db, "export", "--table", "postings", "--format", "csv")
    out["postings"] = (result.exit_code, _rows_without_ids(result.stdout))
    return out


class MoneyLoop(RuleBasedStateMachine):
    """The folder, the ledger and the model of what the organiser did."""

    def __init__(self) -> None:
        super().__init__()
        self.root = Path(_tmp_factory.mktemp("loop"))
        self.folder = self.root / "nights"
        self.folder.mkdir()
        self.db = self.root / "club.db"
        self.nights: list[Night] = []
        self.files: dict[str, NightFile] = {}
        self.commands: list[Command] = []
        self.unused = list(POOL)
        self.stored: dict[tuple[str, int], tuple[Hand, str, str]] = {}
        """The ledger's version of each hand, its date and its file, by number and night, as
        the imports stored it."""
        self.on_hand: dict[int, tuple[Hand, str, str]] = {}
        """The voids and un-voids of hands (by their place in :attr:`commands`) still on
        their hand, with the hand's version, date and file as the ledger last stored it."""
        self.versions: dict[tuple[str, int], list[tuple[Hand, str, str]]] = {}
        """Every version of each hand the imports stored, by number and night, oldest first."""
        self.moves: set[tuple[int, str, str]] = set()
        """(night, old date, new date): a file stored a hand of the night at the old date,
        then the same hand (as itself) at the new one - the ledger's proof that the two
        dates are one night."""
        self.night_voids: dict[int, set[str]] = {}
        """The voids of whole nights (by their place in :attr:`commands`), each with the dates
        it holds: the date voided, and each date the night then moved to as itself
        (:attr:`moves`; docs/ledger.md, *Void*: "A void belongs to the night").  A night
        written anew, none of its hands left, at another date is not proven to be the night:
        the void stays behind (the import warns)."""
        self.parked: dict[int, tuple[Hand, str, str]] = {}
        """The voids of hands moved to another file of their night in the correction that
        re-dated it, before the ledger knew the two dates are one night, by their place in
        :attr:`commands`, with the voided version, date and file: they follow their hand
        once it does (:attr:`moves`)."""
        self.merged: set[str] = set()
        """The names a ``players merge`` the ledger took named: the organiser writes the
        player by one of them from then on, never corrects one away in a file (the merge
        stands in the ledger after its name leaves the files, a person being no hand, where
        a fresh ledger, which meets no such name, refuses it: :meth:`merge_players`)."""
        self.log: list[str] = []
        self.imported: set[str] = set()
        """The files the ledger holds hands from."""
        self.counter = 0

    # -- the folder ---------------------------------------------------------------------------

    def write(self, name: str) -> None:
        nf = self.files[name]
        night = self.nights[nf.night]
        if night.kind == "tournament":
            body = _body_of_tournament(nf.hands)
        else:
            body = "".join(hand.text() + "\n" for hand in nf.hands)
        (self.folder / name).write_text(_header(night) + body, encoding="utf-8")

    def write_night(self, night: int) -> None:
        for name, nf in self.files.items():
            if nf.night == night:
                self.write(name)

    def new_file(self) -> str:
        self.counter += 1
        return f"n{self.counter}.bhh"

    def cash_files(self) -> list[str]:
        return sorted(n for n, f in self.files.items() if self.nights[f.night].kind == "cash")

    def file_of(self, number: str) -> tuple[str, int] | None:
        for name, nf in self.files.items():
            for i, hand in enumerate(nf.hands):
                if hand.number == number:
                    return name, i
        return None

    @initialize(count=st.integers(2, 3), tournament=st.booleans())
    def start(self, count: int, tournament: bool) -> None:
        for i in range(count):
            self.nights.append(Night("cash", f"Night {'ABC'[i]}", f"2025-01-0{i + 1}"))
            name = self.new_file()
            self.files[name] = NightFile(i, [self.unused.pop(0) for _ in range(2)])
            self.write(name)
        if tournament:
            self.nights.append(Night("tournament", "Spring Freezeout", "2024-04-12"))
            self.files["cup.bhh"] = NightFile(len(self.nights) - 1, list(TOURNAMENT_HANDS))
            self.write("cup.bhh")
        self.log.append(f"start {count} nights, tournament {tournament}")

    # -- edits --------------------------------------------------------------------------------

    def add_hand(self, data: st.DataObject) -> None:
        if not self.unused:
            return
        name = data.draw(st.sampled_from(self.cash_files()))
        nf = self.files[name]
        if len(nf.hands) >= 6:
            return
        hand = self.unused.pop(0)
        at = data.draw(st.integers(0, len(nf.hands)))
        nf.hands.insert(at, hand)
        self.write(name)
        self.log.append(f"add {hand.number} to {name} at {at}")

    def delete_hand(self, data: st.DataObject) -> None:
        name = data.draw(st.sampled_from(self.cash_files()))
        nf = self.files[name]
        if not nf.hands:
            return
        i = data.draw(st.integers(0, len(nf.hands) - 1))
        hand = nf.hands.pop(i)
        self.unused.append(hand)
        self.write(name)
        self.log.append(f"delete {hand.number} from {name}")

    def move_hand(self, data: st.DataObject) -> None:
        files = self.cash_files()
        source = data.draw(st.sampled_from(files))
        target = data.draw(st.sampled_from(files))
        if source == target or not self.files[source].hands or len(self.files[target].hands) >= 6:
            return
        hand = self.files[source].hands.pop(
            data.draw(st.integers(0, len(self.files[source].hands) - 1))
        )
        at = data.draw(st.integers(0, len(self.files[target].hands)))
        self.files[target].hands.insert(at, hand)
        self.write(source)
        self.write(target)
        self.log.append(f"move {hand.number} from {source} to {target} at {at}")

    def edit_stack(self, data: st.DataObject) -> None:
        """A player's stack written otherwise at both ends of the hand: legal for a player who
        never goes all-in (his bets are the same whatever he holds behind)."""
        delta = data.draw(st.integers(1, 30))
        name = data.draw(st.sampled_from(self.cash_files()))
        nf = self.files[name]
        if not nf.hands:
            return
        i = data.draw(st.integers(0, len(nf.hands) - 1))
        hand = nf.hands[i]
        covered = [
            p
            for p in hand.names
            if not any(re.search(rf"\b{p}\b[^·]*all-in", line) for line in hand.body)
        ]
        if not covered:
            return
        player = data.draw(st.sampled_from(covered))
        nf.hands[i] = replace(
            hand,
            seats=tuple((n, s + delta if n == player else s) for n, s in hand.seats),
            final=tuple((n, s + delta if n == player else s) for n, s in hand.final),
        )
        self.write(name)
        self.log.append(f"stack of {player} in {hand.number} ({name}) +{delta}")

    def rename_player(self, data: st.DataObject) -> None:
        """A player's name written otherwise through one file (a spelling corrected)."""
        name = data.draw(st.sampled_from(self.cash_files()))
        nf = self.files[name]
        names = sorted({n for hand in nf.hands for n in hand.names})
        if not names:
            return
        old = data.draw(st.sampled_from(names))
        if old in self.merged:
            return  # (:attr:`merged`)
        new = data.draw(
            st.sampled_from([n for n in NEW_NAMES + ("Anna", "Ben", "Cara") if n not in names])
        )
        nf.hands = [hand.renamed(old, new) for hand in nf.hands]
        self.write(name)
        self.log.append(f"rename {old} -> {new} in {name}")

    def change_card(self, data: st.DataObject) -> None:
        """A card of the deal that no other line names (folded or mucked, never drawn or
        shown) written as another card nobody holds."""
        name = data.draw(st.sampled_from(self.cash_files()))
        nf = self.files[name]
        if not nf.hands:
            return
        i = data.draw(st.integers(0, len(nf.hands) - 1))
        hand = nf.hands[i]
        deal = next((j for j, line in enumerate(hand.body) if line.startswith("deal:")), None)
        if deal is None:
            return
        seen = [m.group() for line in hand.body for m in _CARD.finditer(line)]
        once = [c for c in _CARD.findall(hand.body[deal]) if seen.count(c) == 1]
        if not once:
            return
        old = data.draw(st.sampled_from(once))
        new = data.draw(st.sampled_from([c for c in _CARDS if c not in seen]))
        body = list(hand.body)
        body[deal] = re.sub(rf"\b{old}\b", new, body[deal])
        nf.hands[i] = replace(hand, body=tuple(body))
        self.write(name)
        self.log.append(f"card {old} -> {new} in {hand.number} ({name})")

    def redate(self, data: st.DataObject) -> None:
        """A night's date corrected in every file of it."""
        days = data.draw(st.integers(1, 3))
        night = data.draw(st.integers(0, len(self.nights) - 1))
        old = self.nights[night].date
        day = int(old[-2:]) % 28 + days
        self.nights[night].date = f"{old[:-2]}{day:02d}"
        self.write_night(night)
        self.log.append(f"redate {self.nights[night].name} {old} -> {self.nights[night].date}")

    def rename_file(self, data: st.DataObject) -> None:
        """A file renamed, and imported once by its new name with ``--renamed-from`` when the
        ledger holds hands of it (docs/ledger.md, *Identity*)."""
        with_replace = data.draw(st.booleans())
        old = data.draw(st.sampled_from(sorted(self.files)))
        new = self.new_file()
        self.files[new] = self.files.pop(old)
        (self.folder / old).rename(self.folder / new)
        self.log.append(f"rename file {old} -> {new}")
        if old not in self.imported:
            return  # (refused: the ledger counts no hand from it)
        words = f"import {new} --renamed-from {old}"
        options = {"renamed_from": str(self.folder / old)}
        report = self.do_import([self.folder / new], words, **options, replace=with_replace)
        if not with_replace and any(f.held_back for f in report.files):
            # The rename is known only once its import stores: held back (the file corrected
            # too), the ledger still counts the old file's hands, and no import of the folder
            # can tell the old file is gone; the organiser takes the report's advice.
            self.do_import([self.folder / new], words + " --replace", **options, replace=True)
        for held in (self.stored, self.on_hand, self.parked):  # (its own by either name)
            for key, (hand, date, name) in list(held.items()):
                if name == old:
                    held[key] = (hand, date, new)  # type: ignore[index]
        for versions in self.versions.values():
            versions[:] = [(h, d, new if n == old else n) for h, d, n in versions]

    def merge_files(self, data: st.DataObject) -> None:
        """The hands of one night's file moved to the end of another's (of another night, or
        the same), the first kept with its header and no hands (the night moved)."""
        files = self.cash_files()
        source = data.draw(st.sampled_from(files))
        target = data.draw(st.sampled_from(files))
        moved = self.files[source].hands
        if source == target or len(self.files[target].hands) + len(moved) > 6:
            return
        self.files[target].hands.extend(moved)
        self.files[source].hands = []
        self.write(source)
        self.write(target)
        self.log.append(f"merge {source} into {target}")

    def split_file(self, data: st.DataObject) -> None:
        """A night's last hands written in a new file of the same night."""
        name = data.draw(st.sampled_from(self.cash_files()))
        nf = self.files[name]
        if len(nf.hands) < 2:
            return
        at = data.draw(st.integers(1, len(nf.hands) - 1))
        new = self.new_file()
        self.files[new] = NightFile(nf.night, nf.hands[at:])
        nf.hands = nf.hands[:at]
        self.write(name)
        self.write(new)
        self.log.append(f"split {name} at {at} into {new}")

    def store(self, hand: Hand, night: int, name: str) -> None:
        """``hand`` stored by an import: a void of it stays on it if the ledger can tell it
        is the voided hand (docs/ledger.md, *Void*, "A void stays on its hand"): the same
        content (a card nobody saw changed), its players renamed, its stacks carried otherwise
        when its cards were shown, its night re-dated, in one correction or several
        (:func:`_void_stays`)."""
        date = self.nights[night].date
        key = (hand.number, night)
        for index, (old, old_date, old_name) in list(self.on_hand.items()):
            command = self.commands[index]
            if command.uid != hand.number or command.night != night:
                continue
            if _void_stays(old, hand) and (
                old_date == date or old_name == name or (night, old_date, date) in self.moves
            ):
                self.on_hand[index] = (hand, date, name)
            else:
                del self.on_hand[index]
                if _void_stays(old, hand) and command.words == "void":
                    self.parked[index] = (old, old_date, old_name)  # (the module's docstring)
        for was, was_date, was_name in self.versions.get(key, []):
            if was_name == name and was_date != date and _void_stays(was, hand):
                self.moved(night, was_date, date)
        self.stored[key] = (hand, date, name)
        self.versions.setdefault(key, []).append((hand, date, name))
        self.follow_parked()

    def moved(self, night: int, old_date: str, date: str) -> None:
        """The ledger knows the night's hands of ``old_date`` are its hands of ``date``: a
        void of the night at the old date follows it."""
        self.moves.add((night, old_date, date))
        for index, dates in self.night_voids.items():
            if self.commands[index].night == night and old_date in dates:
                dates.add(date)

    def follow_parked(self) -> None:
        """The parked voids whose night's move is known: on their hand again, when the
        ledger holds it at the new date as the voided one, voided by the import that moves
        the night or met as itself."""
        for index, (old, old_date, _) in list(self.parked.items()):
            command = self.commands[index]
            assert command.uid is not None and command.night is not None
            held = self.stored.get((command.uid, command.night))
            if held is None:
                continue
            hand, date, name = held
            if (command.night, old_date, date) in self.moves and _void_stays(old, hand):
                del self.parked[index]
                self.on_hand[index] = held

    # -- imports ------------------------------------------------------------------------------

    def do_import(self, paths: list[Path], words: str, **options: Any) -> Any:
        try:
            report = import_into(self.db, paths, jobs=1, **options)
        except BadugiError as exc:  # (the CLI's exit 2: nothing stored)
            self.log.append(f"{words}: refused: {exc}")
            return ImportReport()
        for fr in report.files:
            name = Path(fr.source).name
            if name not in self.files or fr.held_back or fr.refused or fr.error:
                continue
            if self.files[name].hands:
                self.imported.add(name)
            else:  # (stored, and holds none: the ledger counts no hand from it now)
                self.imported.discard(name)
            kept = {c.hand for c in fr.conflicts}
            for hand in self.files[name].hands:
                if hand.number not in kept:
                    self.store(hand, self.files[name].night, name)
        self.log.append(
            f"{words}: ok={report.ok} "
            + "; ".join(
                f"{Path(f.source).name} stored {f.stored} dup {f.duplicate} conflicts "
                f"{[c.hand for c in f.conflicts]} replaced {[c.hand for c in f.replaced]}"
                f"{' held back' if f.held_back else ''}{' error ' + f.error if f.error else ''}"
                f"{' rejected ' + str([r.hand for r in f.rejected]) if f.rejected else ''}"
                for f in report.files
            )
        )
        return report

    def import_one(self, data: st.DataObject) -> None:
        with_replace = data.draw(st.booleans())
        name = data.draw(st.sampled_from(sorted(self.files)))
        self.do_import(
            [self.folder / name], f"import {name} replace={with_replace}", replace=with_replace
        )

    def import_folder(self, data: st.DataObject) -> None:
        self.do_import([self.folder], "import folder")

    def import_folder_replace(self, data: st.DataObject) -> None:
        """The whole folder with ``--replace``: the ledger is then the fresh ledger's."""
        report = self.do_import([self.folder], "import folder --replace", replace=True)
        assert report.ok, "\n".join(self.log)
        self.compare_with_fresh()

    # -- the organiser's commands -------------------------------------------------------------

    def ledger_hands(self, void: bool) -> list[tuple[str, str, str, str]]:
        if not self.db.exists():
            return []
        with sqlite3.connect(self.db) as conn:
            view = "hands h JOIN events e ON e.id = h.event_id"
            where = (
                f"h.void_reason = '{REASON}' AND e.void_reason IS NULL"
                if void
                else "h.void_reason IS NULL AND e.void_reason IS NULL"
            )
            return conn.execute(
                f"SELECT h.hand_number, e.key, e.name, coalesce(h.table_name, '') FROM {view} "
                f"WHERE {where} ORDER BY h.hand_number, e.key"
            ).fetchall()

    def ledger_events(self, void: bool) -> list[tuple[str, str]]:
        """The events whose hands count, but for the event's own void: a void of an event
        its night left (its hands all moved to another date or file) voids no night, and
        hands that come back to it later are void with it (docs/ledger.md, *Void*: "A void
        event stays void"), which the model, whose voids are the nights', leaves out."""
        if not self.db.exists():
            return []
        with sqlite3.connect(self.db) as conn:
            where = f"e.void_reason = '{REASON}'" if void else "e.void_reason IS NULL"
            return conn.execute(
                f"SELECT e.key, e.name FROM events e WHERE {where} AND EXISTS (SELECT 1 FROM "
                "hands h WHERE h.event_id = e.id AND h.void_reason IS NULL) ORDER BY e.key"
            ).fetchall()

    def night_named(self, name: str) -> int:
        return next(i for i, night in enumerate(self.nights) if night.name == name)

    def hand_command(self, data: st.DataObject, verb: str) -> None:
        hands = self.ledger_hands(void=verb == "unvoid")
        if not hands:
            return
        number, key, event, table = data.draw(st.sampled_from(hands))
        night = self.night_named(event)
        args = (verb, "--event", key, "--hand", number, "--reason", REASON)
        result = cli(self.db, *args)
        self.log.append(f"{verb} {number} of {key}: exit {result.exit_code}")
        if result.exit_code == 0:
            self.on_hand[len(self.commands)] = self.stored[(number, night)]
            self.commands.append(Command(verb, number, night))

    def event_command(self, data: st.DataObject, verb: str) -> None:
        events = self.ledger_events(void=verb == "unvoid")
        if not events:
            return
        key, event = data.draw(st.sampled_from(events))
        result = cli(self.db, verb, "--event", key, "--reason", REASON)
        self.log.append(f"{verb} event {key}: exit {result.exit_code}")
        if result.exit_code == 0:
            if verb == "void":
                self.night_voids[len(self.commands)] = {key.rsplit("|", 1)[1]}
            self.commands.append(Command(verb, night=self.night_named(event)))

    def void_hand(self, data: st.DataObject) -> None:
        self.hand_command(data, "void")

    def unvoid_hand(self, data: st.DataObject) -> None:
        self.hand_command(data, "unvoid")

    def void_event(self, data: st.DataObject) -> None:
        self.event_command(data, "void")

    def unvoid_event(self, data: st.DataObject) -> None:
        self.event_command(data, "unvoid")

    def merge_players(self, data: st.DataObject) -> None:
        keep = data.draw(st.sampled_from(("Anna", "Ben", "Cara")))
        other = data.draw(st.sampled_from(NEW_NAMES + ("Anna", "Ben", "Cara")))
        if keep == other or not self.db.exists():
            return
        held = {n for nf in self.files.values() for hand in nf.hands for n in hand.names}
        if not {keep, other} <= held:
            # The ledger takes a name it lists (``players``), though only hands replaced since
            # hold it: a merge is of people and moves no money.  A fresh ledger fed the folder
            # never met that name and refuses the same command: no comparison can be made.
            self.log.append(f"players merge {keep} {other}: a name no file holds, not given")
            return
        result = cli(self.db, "players", "merge", keep, other)
        self.log.append(f"players merge {keep} {other}: exit {result.exit_code}")
        if result.exit_code == 0:
            self.commands.append(Command("players", args=("merge", keep, other)))
            self.merged |= {keep, other}

    def payouts(self, data: st.DataObject) -> None:
        word = data.draw(st.sampled_from(("60/40", "100", "none", "clear")))
        tournaments = [e for e in self.ledger_events(void=False) if e[0].startswith("tournament|")]
        if not tournaments:
            return
        key, event = tournaments[0]
        result = cli(self.db, "tournament", "--event", key, "--payouts", word)
        self.log.append(f"payouts {word} of {key}: exit {result.exit_code}")
        if result.exit_code == 0:
            self.commands.append(Command("tournament", night=self.night_named(event), args=(word,)))

    ACTIONS = (
        "add_hand",
        "delete_hand",
        "move_hand",
        "edit_stack",
        "rename_player",
        "change_card",
        "redate",
        "rename_file",
        "merge_files",
        "split_file",
        "import_one",
        "import_folder",
        "import_folder_replace",
        "void_hand",
        "unvoid_hand",
        "void_event",
        "unvoid_event",
        "merge_players",
        "payouts",
    )

    @rule(action=st.sampled_from(ACTIONS), data=st.data())
    def step(self, action: str, data: st.DataObject) -> None:
        """One of the organiser's doings, each as likely (rules of their own would be drawn
        as unevenly as Hypothesis draws rules: those without arguments far more often)."""
        getattr(self, action)(data)

    # -- the fresh ledger ---------------------------------------------------------------------

    def translated(self, index: int, command: Command) -> tuple[str, ...] | None:
        """The command as the fresh ledger is given it, on the hand or night it acted on as
        they are now; None when the model says it acts on nothing the folder holds."""
        if command.words == "players":
            return ("players", *command.args)
        assert command.night is not None
        night = self.nights[command.night]
        held = [nf for nf in self.files.values() if nf.night == command.night and nf.hands]
        if command.words == "tournament":
            return (
                ("tournament", "--event", night.key, "--payouts", *command.args) if held else None
            )
        if command.uid is None:
            if command.words == "void" and night.date not in self.night_voids[index]:
                return None  # (the night's hands written anew elsewhere: not proven the night)
            return (command.words, "--event", night.key, "--reason", REASON) if held else None
        where = self.file_of(command.uid)
        if where is None or self.files[where[0]].night != command.night:
            return None  # deleted, or moved to another night: another hand
        if index not in self.on_hand:
            return None
        return (command.words, "--event", night.key, "--hand", command.uid, "--reason", REASON)

    def compare_with_fresh(self) -> None:
        self.counter += 1
        fresh = self.root / f"fresh{self.counter}.db"
        assert import_into(fresh, [self.folder], jobs=1).ok
        given = []
        for index, command in enumerate(self.commands):
            args = self.translated(index, command)
            if args is not None:
                result = cli(fresh, *args)
                given.append(f"{' '.join(args)}: exit {result.exit_code}")
        old, new = reports(self.db), reports(fresh)
        trail = "\n".join(self.log + ["-- fresh:"] + given)
        for what in sorted(set(old) | set(new)):
            assert old.get(what) == new.get(what), f"{what} differs\n{trail}"

    @invariant()
    def promises_kept(self) -> None:
        if self.db.exists():
            assert_promises_kept(self.db)


_tmp_factory: pytest.TempPathFactory


@pytest.fixture(autouse=True)
def _factory(tmp_path_factory: pytest.TempPathFactory) -> None:
    global _tmp_factory
    _tmp_factory = tmp_path_factory


class Scripted:
    """A :class:`~hypothesis.strategies.DataObject` stand-in that draws what it is told: each
    value in turn, or, for a callable, what it picks among the elements of a ``sampled_from``
    strategy."""

    def __init__(self, *values: Any) -> None:
        self.values = list(values)

    def draw(self, strategy: Any) -> Any:
        value = self.values.pop(0)
        return value(list(strategy.elements)) if callable(value) else value


def test_a_void_night_written_anew_at_another_date_counts_as_a_fresh_ledger_has_it() -> None:
    """docs/ledger.md, *Void*: a void belongs to the night, and follows it to a date the
    ledger knows to be the night's.  Night A voided whole; then both its hands deleted from
    its file and another written, and the night re-dated: nothing shows the new hand is the
    night, so the ledger leaves the void where it was and the new hand counts (the import
    warns).  The model gave the fresh ledger the void at the new date."""
    loop = MoneyLoop()
    loop.start(count=2, tournament=False)
    loop.import_folder(Scripted())
    loop.void_event(Scripted(lambda events: next(e for e in events if e[1] == "Night A")))
    loop.delete_hand(Scripted("n1.bhh", 0))
    loop.delete_hand(Scripted("n1.bhh", 0))
    loop.add_hand(Scripted("n1.bhh", 0))
    loop.redate(Scripted(1, 0))
    loop.import_folder_replace(Scripted())
    loop.teardown()


def test_an_emptied_file_renamed_is_imported_by_its_new_name() -> None:
    """docs/ledger.md, *Identity*: a file renamed is imported once with ``--renamed-from``.
    Night A's hands moved into Night B's file, its own file left empty and then renamed,
    before any import of it: the ledger still counts Night A's hands from the old name, so
    the organiser imports the new one with ``--renamed-from`` (and ``--replace``, the file
    holding none of them).  The model skipped that import for an empty file, and the
    ledger went on counting the hands from a file that no longer exists."""
    loop = MoneyLoop()
    loop.start(count=2, tournament=False)
    loop.import_folder(Scripted())
    loop.merge_files(Scripted("n1.bhh", "n2.bhh"))
    loop.rename_file(Scripted(False, "n1.bhh"))
    loop.import_folder_replace(Scripted())
    loop.teardown()


def test_a_merge_naming_a_name_only_replaced_hands_hold_is_no_organisers_step() -> None:
    """docs/ledger.md, *Players and aliases*: a name corrected through its files can still
    be merged, and a ledger built fresh from the files refuses the same merge.  Anna corrected
    to Dora through the only file and imported with ``--replace``: only the replaced hands
    hold Anna, and the ledger (whose ``players`` lists Anna) takes ``players merge Anna
    Dora``, which the fresh ledger refuses: the two differ by the player's name, not by any
    chip.  The model gave the merge, and compared them; a merge of the model names the names
    the folder holds."""
    loop = MoneyLoop()
    loop.start(count=1, tournament=False)
    loop.import_folder(Scripted())
    loop.rename_player(Scripted("n1.bhh", "Anna", "Dora"))
    loop.import_folder_replace(Scripted())
    loop.merge_players(Scripted("Anna", "Dora"))
    loop.import_folder_replace(Scripted())
    loop.teardown()


def test_a_name_a_merge_named_is_not_corrected_away() -> None:
    """The same with the merge first: Anna of Night A and Dora of Night B (Anna corrected to
    Dora in n2.bhh) merged while both count, then Anna corrected to Emil in n1.bhh: the
    ledger keeps Dora merged into Anna, which no file names any more, and a fresh ledger
    refuses the merge.  The model let the organiser correct a merged name away."""
    loop = MoneyLoop()
    loop.start(count=2, tournament=False)
    loop.import_folder(Scripted())
    loop.rename_player(Scripted("n2.bhh", "Anna", "Dora"))
    loop.import_folder_replace(Scripted())
    loop.merge_players(Scripted("Anna", "Dora"))
    loop.rename_player(Scripted("n1.bhh", "Anna", "Emil"))
    loop.import_folder_replace(Scripted())
    loop.teardown()


MoneyLoop.TestCase.settings = settings(
    max_examples=30,
    stateful_step_count=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
test_money_loop_any_order_is_a_fresh_start = MoneyLoop.TestCase
