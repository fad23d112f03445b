"""Players and their aliases: "Ben", "ben" and "Benjamin" as one person, and back.

Every name written in a hand is an *alias*; each alias points at a *player*, and the ledger's
rows (postings, stacks, tournament entries) keep the alias they were written with.  Reports
group by player.  So a merge only re-points aliases, and an un-merge points an alias back at the
player it was created for: nothing is rewritten and nothing is lost either way.

A merge is refused when two of the names sat in the same hand or entered the same tournament:
then they are two people, whatever their names look like.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from ..model.errors import LedgerError
from ..model.escaping import for_terminal
from .store import transaction


@dataclass(frozen=True)
class PlayerInfo:
    player: str
    aliases: tuple[str, ...]
    hands: int

    def as_dict(self) -> dict[str, object]:
        return {"player": self.player, "aliases": list(self.aliases), "hands": self.hands}

    def text_line(self) -> str:
        """``Ben (also ben, Benjamin): 12 hands``, names made safe for a terminal."""
        others = [for_terminal(a) for a in self.aliases if a != self.player]
        also = f" (also {', '.join(others)})" if others else ""
        hands = f"{self.hands} hand{'s' if self.hands != 1 else ''}"
        return f"{for_terminal(self.player)}{also}: {hands}"


def _alias(db: sqlite3.Connection, name: str) -> tuple[int, int, int]:
    row = db.execute(
        "SELECT id, player_id, own_player_id FROM aliases WHERE name = ?", [name]
    ).fetchone()
    if row is None:
        raise LedgerError(f"no player or alias named {name!r} in the ledger")
    return int(row[0]), int(row[1]), int(row[2])


def _clash(db: sqlite3.Connection, player_a: int, player_b: int) -> str | None:
    """A hand or tournament both players took part in, described; None if there is none."""
    row = db.execute(
        "SELECT h.hand_number, e.name FROM hand_players x JOIN aliases ax ON ax.id = x.alias_id "
        "JOIN hand_players y ON y.hand_id = x.hand_id JOIN aliases ay ON ay.id = y.alias_id "
        "JOIN hands h ON h.id = x.hand_id JOIN events e ON e.id = h.event_id "
        "WHERE ax.player_id = ? AND ay.player_id = ? LIMIT 1",
        [player_a, player_b],
    ).fetchone()
    if row is not None:
        return f"hand {row[0]} of {row[1]}"
    row = db.execute(
        "SELECT e.name FROM tournament_entries x JOIN aliases ax ON ax.id = x.alias_id "
        "JOIN tournament_entries y ON y.event_id = x.event_id "
        "JOIN aliases ay ON ay.id = y.alias_id "
        "JOIN events e ON e.id = x.event_id WHERE ax.player_id = ? AND ay.player_id = ? LIMIT 1",
        [player_a, player_b],
    ).fetchone()
    return None if row is None else f"the tournament {row[0]}"


def merge_players(db: sqlite3.Connection, into: str, names: Sequence[str]) -> PlayerInfo:
    """Make every name in ``names`` (and whoever is already merged with it) the player ``into``."""
    with transaction(db):
        _, target, _ = _alias(db, into)
        for name in names:
            _, source, _ = _alias(db, name)
            if source == target:
                continue
            clash = _clash(db, source, target)
            if clash is not None:
                raise LedgerError(f"{name!r} and {into!r} both played in {clash}: not one person")
            db.execute("UPDATE aliases SET player_id = ? WHERE player_id = ?", [target, source])
    return player_info(db, into)


def unmerge_player(db: sqlite3.Connection, name: str) -> PlayerInfo:
    """Give the alias ``name`` back its own player (undoing the merge that moved it)."""
    with transaction(db):
        alias_id, current, own = _alias(db, name)
        if current == own:
            others = db.execute(
                "SELECT count(*) FROM aliases WHERE player_id = ? AND id != ?", [own, alias_id]
            ).fetchone()[0]
            if not others:
                raise LedgerError(f"{name!r} is not merged with anyone")
            # ``name`` is the merge target: give every other alias back its own player.
            db.execute(
                "UPDATE aliases SET player_id = own_player_id WHERE player_id = ? AND id != ?",
                [own, alias_id],
            )
        else:
            db.execute("UPDATE aliases SET player_id = own_player_id WHERE id = ?", [alias_id])
    return player_info(db, name)


def player_info(db: sqlite3.Connection, name: str) -> PlayerInfo:
    _, player_id, _ = _alias(db, name)
    return _info(db, player_id)


def _info(db: sqlite3.Connection, player_id: int) -> PlayerInfo:
    pname = db.execute("SELECT name FROM players WHERE id = ?", [player_id]).fetchone()[0]
    aliases = tuple(
        r[0]
        for r in db.execute(
            "SELECT name FROM aliases WHERE player_id = ? ORDER BY lower(name), name",
            [player_id],
        ).fetchall()
    )
    hands = db.execute(
        "SELECT count(DISTINCT hp.hand_id) FROM hand_players hp "
        "JOIN counted_hands h ON h.id = hp.hand_id JOIN aliases a ON a.id = hp.alias_id "
        "WHERE a.player_id = ?",
        [player_id],
    ).fetchone()[0]
    return PlayerInfo(pname, aliases, int(hands))


def list_players(db: sqlite3.Connection) -> list[PlayerInfo]:
    """Every player that has at least one alias, by name."""
    ids = [
        r[0]
        for r in db.execute(
            "SELECT DISTINCT p.id FROM players p JOIN aliases a ON a.player_id = p.id "
            "ORDER BY lower(p.name), p.name"
        ).fetchall()
    ]
    return [_info(db, i) for i in ids]


def similar_names(db: sqlite3.Connection) -> list[tuple[str, ...]]:
    """Groups of separate players whose names differ only in case or spacing (merge candidates)."""
    groups: dict[str, list[str]] = {}
    for info in list_players(db):
        key = " ".join(info.player.casefold().split())
        groups.setdefault(key, []).append(info.player)
    return [tuple(g) for g in groups.values() if len(g) > 1]


PlayersAction = Literal["list", "merge", "unmerge"]


def players_action(
    db: sqlite3.Connection, action: PlayersAction, names: Sequence[str] = ()
) -> list[PlayerInfo]:
    """``badugi-ledger players list|merge INTO NAME…|unmerge NAME`` on the ledger ``db``."""
    if action == "list":
        return list_players(db)
    if action == "merge":
        if len(names) < 2:
            raise LedgerError("merge needs the name to keep and at least one name to merge into it")
        return [merge_players(db, names[0], names[1:])]
    if action == "unmerge":
        if len(names) != 1:
            raise LedgerError("unmerge takes exactly one name")
        together = player_info(db, names[0]).aliases
        unmerge_player(db, names[0])
        after = {player_info(db, a) for a in together}
        return sorted(after, key=lambda i: (i.player.casefold(), i.player))
    raise LedgerError(f"unknown players action {action!r} (list, merge, unmerge)")
