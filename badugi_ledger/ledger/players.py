"""Players and their aliases: "Ben", "ben" and "Benjamin" as one person, and back.

Every name written in a hand is an *alias*; each alias points at a *player*, and the ledger's
rows (postings, stacks, tournament entries) keep the alias they were written with.  Reports
group by player.  So a merge only re-points aliases, and an un-merge points an alias back at the
player it was created for: nothing is rewritten and nothing is lost either way.

A merge is refused when two of the names sat in the same hand or entered the same tournament:
then they are two people, whatever their names look like.  An import holds to the same rule
the other way round: a file whose hand seats two names of one player, or whose tournament two
of them entered, is refused (:func:`refuse_one_player_a_seat`,
:func:`refuse_one_player_an_entry`), with the ``players unmerge`` that takes them apart.  The
names a file writes become alias ids through :class:`Aliases`.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from ..model.errors import LedgerError
from ..model.escaping import for_terminal
from ..model.limits import quote
from ..model.names import composed, look_alike, plain
from .advice import Advice, Said, command_text, ledger_named, on_ledger, player_words
from .connection import transaction
from .event_lookup import event_label_of
from .views import PLAYED


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


_NOT_PLAIN = "(name GLOB '*[^ -~]*' OR length(CAST(name AS BLOB)) != length(name))"
"""SQL: a ``name`` that is not plain printable ASCII (:func:`~badugi_ledger.model.names.plain`):
a character outside space to tilde, or a NUL, after which SQLite's text functions, ``GLOB``
among them, see nothing (``length`` counts the characters before it, the blob every byte)."""


def _alias(db: sqlite3.Connection, name: str) -> tuple[int, int, int]:
    """``(alias id, player id, own player id)`` of the name ``name`` as the ledger holds it.

    A name typed on a keyboard may be the one the ledger holds written with other Unicode code
    points (``Zoë`` as ``e`` and a combining diaeresis, read from a site's file) or with a
    character that shows nothing pasted into it: the same name on every page, which the
    organiser cannot type otherwise, so the one such name is taken.  So is a name with a
    control character (``Anna`` and a NUL, which no command line can pass) typed as every
    output writes it (``Anna\\x00``, :func:`~badugi_ledger.model.escaping.for_terminal`).  A
    name that is not there is refused with the names it may have meant."""
    row = db.execute(
        "SELECT id, player_id, own_player_id FROM aliases WHERE name = ?", [name]
    ).fetchone()
    if row is None:
        alike = _written_otherwise(db, name) or _written_visibly(db, name)
        if len(alike) != 1:
            raise LedgerError(_no_such_name(db, name))
        row = alike[0]
    return int(row[0]), int(row[1]), int(row[2])


def _written_visibly(db: sqlite3.Connection, name: str) -> list[tuple[int, int, int]]:
    """The aliases that the outputs write as ``name``: control and format characters as
    visible escapes (``Anna\\x00``).  Only names with such a character are read."""
    if "\\" not in name:
        return []
    return [
        (int(found[0]), int(found[1]), int(found[2]))
        for found in db.execute(
            f"SELECT id, player_id, own_player_id, name FROM aliases WHERE {_NOT_PLAIN}"
        )
        if for_terminal(str(found[3])) == name
    ]


def _written_otherwise(db: sqlite3.Connection, name: str) -> list[tuple[int, int, int]]:
    """The aliases that are ``name`` written with other Unicode code points
    (:func:`~badugi_ledger.model.names.composed`): a plain ASCII name is only itself, so only
    the names with other characters are read, and the one ``name`` reads as."""
    letters = composed(name)
    if not letters.strip():
        return []
    return [
        (int(found[0]), int(found[1]), int(found[2]))
        for found in db.execute(
            "SELECT id, player_id, own_player_id, name FROM aliases "
            f"WHERE {_NOT_PLAIN} OR name = ? ORDER BY id",
            [letters],
        )
        if composed(str(found[3])) == letters
    ]


def _no_such_name(db: sqlite3.Connection, name: str) -> str:
    """The refusal of a name the ledger does not hold, with the names it may have meant:
    those that look like it on a page (:func:`~badugi_ledger.model.names.look_alike`, the
    rule the import warns of a look-alike new name by: case, blanks, accents, Unicode
    spelling, a Cyrillic or Greek letter drawn like a Latin one), else the closest."""
    import difflib

    names = [str(n) for (n,) in db.execute("SELECT name FROM aliases ORDER BY lower(name), name")]
    wanted = look_alike(name)
    close = [n for n in names if look_alike(n) == wanted] if wanted else []
    if not close:
        by_key = {look_alike(n): n for n in reversed(names)}
        close = [by_key[k] for k in difflib.get_close_matches(wanted, list(by_key), n=3)]
    said, lettered = [], False
    for known in close:  # a name drawn like the one typed says which letter is another
        other = _first_other_letter(known, name) if look_alike(known) == wanted else None
        said.append(repr(known) if other is None else f"{known!r}, with {other}")
        lettered = lettered or other is not None
    hint = f"; did you mean {('; ' if lettered else ', ').join(said)}?" if said else ""
    return (
        f"no player or alias named {name!r} in the ledger{hint} (its names: badugi-ledger "
        f"players{on_ledger(ledger_named(db))}; a name is written as it is, case and all)"
    )


def _first_other_letter(name: str, known: str) -> str | None:
    """The first letter ``name`` writes otherwise than ``known``, a name that looks like it
    (:func:`~badugi_ledger.model.names.look_alike`), named: ``'Р' where 'Pepe' has 'P' ('Р':
    cyrillic capital letter er)``; None when their letters are the same (case or blanks)."""
    import unicodedata

    for here, there in zip(composed(name), composed(known), strict=False):
        if here != there and here.casefold() != there.casefold():
            odd = there if here.isascii() else here
            what = unicodedata.name(odd, f"U+{ord(odd):04X}").lower()
            return f"{here!r} where {quote(known)!r} has {there!r} ({odd!r}: {what})"
    return None


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
    """Make every name in ``names`` (and whoever is already merged with it) the player ``into``;
    each merge is audited (``player_audit``).  The names are looked up, and the player
    answered, in the merge's transaction: one that waited for another command's lock acts
    on, and tells, the players as that command left them."""
    with transaction(db):
        _, target, _ = _alias(db, into)
        for name in names:
            _, source, _ = _alias(db, name)
            if source == target:
                continue
            clash = _clash(db, source, target)
            if clash is not None:
                raise LedgerError(f"{name!r} and {into!r} both played in {clash}: not one person")
            moved = _names_of(db, "player_id = ?", [source])
            db.execute("UPDATE aliases SET player_id = ? WHERE player_id = ?", [target, source])
            _audit(db, "merge", name, _player_name(db, target), moved)
        return player_info(db, into)


def unmerge_player(db: sqlite3.Connection, name: str) -> PlayerInfo:
    """Give the alias ``name`` back its own player (undoing the merge that moved it)."""
    with transaction(db):
        _split_off(db, name)
        return player_info(db, name)


def unmerge_players(db: sqlite3.Connection, name: str) -> list[PlayerInfo]:
    """:func:`unmerge_player`, answered with every player the names merged with ``name`` are
    after it, by name: read in its transaction, so that a name merged in while it waited for
    the lock is among them."""
    with transaction(db):
        together = player_info(db, name).aliases
        _split_off(db, name)
        after = {player_info(db, alias) for alias in together}
    return sorted(after, key=lambda i: (i.player.casefold(), i.player))


def _split_off(db: sqlite3.Connection, name: str) -> None:
    """The un-merge of :func:`unmerge_player`, with its audit row, in the caller's
    transaction."""
    alias_id, current, own = _alias(db, name)
    if current == own:
        others = db.execute(
            "SELECT count(*) FROM aliases WHERE player_id = ? AND id != ?", [own, alias_id]
        ).fetchone()[0]
        if not others:
            raise LedgerError(f"{name!r} is not merged with anyone")
        # ``name`` is the merge target: give every other alias back its own player.
        moved = _names_of(db, "player_id = ? AND id != ?", [own, alias_id])
        db.execute(
            "UPDATE aliases SET player_id = own_player_id WHERE player_id = ? AND id != ?",
            [own, alias_id],
        )
    else:
        moved = _names_of(db, "id = ?", [alias_id])
        db.execute("UPDATE aliases SET player_id = own_player_id WHERE id = ?", [alias_id])
    _audit(db, "unmerge", name, _player_name(db, current), moved)


def _names_of(db: sqlite3.Connection, where: str, args: list[int]) -> list[str]:
    """The names of the aliases ``where`` selects, in the order :func:`_info` lists them."""
    rows = db.execute(f"SELECT name FROM aliases WHERE {where} ORDER BY lower(name), name", args)
    return [str(row[0]) for row in rows]


def _player_name(db: sqlite3.Connection, player_id: int) -> str:
    return str(db.execute("SELECT name FROM players WHERE id = ?", [player_id]).fetchone()[0])


def _audit(db: sqlite3.Connection, action: str, name: str, player: str, moved: list[str]) -> None:
    """The ``player_audit`` row of a merge (``name`` and ``moved``, the names that went with
    it, into ``player``) or an un-merge (``moved`` taken out of ``player``)."""
    db.execute(
        "INSERT INTO player_audit (at, action, name, player, names) VALUES (?, ?, ?, ?, ?)",
        [datetime.now(UTC).isoformat(timespec="seconds"), action, name, player, json.dumps(moved)],
    )


def player_info(db: sqlite3.Connection, name: str) -> PlayerInfo:
    _, player_id, _ = _alias(db, name)
    return _info(db, player_id)


def _info(db: sqlite3.Connection, player_id: int) -> PlayerInfo:
    pname = _player_name(db, player_id)
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
    """Groups of separate players whose names look alike (merge candidates): the rule the
    import warns of a new name by (:func:`~badugi_ledger.model.names.look_alike`: case,
    blanks, an accent, a Cyrillic or Greek letter drawn like a Latin one)."""
    groups: dict[str, list[str]] = {}
    for info in list_players(db):
        groups.setdefault(look_alike(info.player), []).append(info.player)
    return [tuple(g) for g in groups.values() if len(g) > 1]


PlayersAction = Literal["list", "merge", "unmerge"]


def players_choice(action: PlayersAction, names: Sequence[str]) -> None:
    """Refuse names that ``action`` does not take: none for list, the name to keep and one
    or more for merge, one for unmerge."""
    if action == "list" and names:
        raise LedgerError(
            f"list takes no names (given {', '.join(map(repr, names))}): to merge them, "
            "players merge NAME-TO-KEEP NAME…"
        )
    if action == "merge" and len(names) < 2:
        raise LedgerError("merge needs the name to keep and at least one name to merge into it")
    if action == "merge" and names[0] in names[1:]:
        raise LedgerError(
            f"{names[0]!r} is the name to keep and cannot be merged into itself: give the "
            "names to merge into it after it"
        )
    if action == "unmerge" and len(names) != 1:
        raise LedgerError("unmerge takes exactly one name")


def players_action(
    db: sqlite3.Connection, action: PlayersAction, names: Sequence[str] = ()
) -> list[PlayerInfo]:
    """``badugi-ledger players list|merge INTO NAME…|unmerge NAME`` on the ledger ``db``."""
    players_choice(action, names)
    if action == "list":
        return list_players(db)
    if action == "merge":
        return [merge_players(db, names[0], names[1:])]
    if action == "unmerge":
        return unmerge_players(db, names[0])
    raise LedgerError(f"unknown players action {action!r} (list, merge, unmerge)")


class Aliases(dict[str, int]):
    """Alias ids by name, for one file: a name met before is a plain dictionary look-up (no
    Python step per player of every hand); a new one is found in the ledger, or created with
    its player (rare: once per name per ledger), by :meth:`__missing__`.

    A new name spelled with other Unicode code points than a name the ledger holds, the same
    letters as Unicode composes them (NFC: ``Zoë`` typed as one character, or as ``e`` and a
    combining diaeresis) and but for characters that show nothing (a zero-width space), is
    made an alias of that name's player, as ``players merge`` would:
    the two look the same on every page, so they are one person, never two rows of the
    standings.  ``players unmerge`` takes it back.  A new name that only looks like one the
    ledger holds (:func:`~badugi_ledger.model.names.look_alike`: a Cyrillic ``А`` for a Latin
    one, an accent left out, other case, a blank at an end or doubled) is another player, as
    written, and is noted in :attr:`look_alikes` for the import to warn of."""

    def __init__(self, conn: sqlite3.Connection) -> None:
        super().__init__()
        self.conn = conn
        self.look_alikes: list[tuple[str, str]] = []
        """(new name, the name the ledger held that it looks like), in the order met."""
        self._plain: dict[str, list[tuple[int, str, int]]] | None = None
        """The ledger's plain names by their letters (:meth:`_plain_like`), once read."""

    def __missing__(self, name: str) -> int:
        row = self.conn.execute("SELECT id FROM aliases WHERE name = ?", [name]).fetchone()
        if row is None:
            self.conn.execute(
                "INSERT INTO players (name) VALUES (?) ON CONFLICT DO NOTHING", [name]
            )
            own = self.conn.execute("SELECT id FROM players WHERE name = ?", [name]).fetchone()[0]
            player = self._same_letters(name) or own
            cur = self.conn.execute(
                "INSERT INTO aliases (name, player_id, own_player_id) VALUES (?, ?, ?)",
                [name, player, own],
            )
            row = (cur.lastrowid,)
            if self._plain is not None and plain(name):
                made = (int(cur.lastrowid or 0), name, int(player))
                self._plain.setdefault(_unspaced(name), []).append(made)
        alias_id = self[name] = int(row[0])
        return alias_id

    def _same_letters(self, name: str) -> int | None:
        """The player of a name the ledger holds that is ``name`` written otherwise
        (:func:`~badugi_ledger.model.names.composed`), if any.  A plain printable ASCII name
        is only itself, and looks like another such name only but for case and blanks
        (``anna``, ``Anna `` after ``Anna``), so it is held against the names with other
        characters (read in SQLite) and the plain ones with its letters
        (:meth:`_plain_like`)."""
        if plain(name):
            rows = self.conn.execute(
                f"SELECT id, name, player_id FROM aliases WHERE name != ? AND {_NOT_PLAIN}",
                [name],
            ).fetchall()
            rows += [row for row in self._plain_like(name) if row[1] != name]
            rows.sort()  # in the order they were made
            same, alike = known_as(name, [(other, player) for _, other, player in rows])
        else:
            rows = self.conn.execute(
                "SELECT name, player_id FROM aliases WHERE name != ?", [name]
            ).fetchall()
            same, alike = known_as(name, rows)
        if same is not None:
            return int(same)
        if alike is not None:
            self.look_alikes.append((name, alike))
        return None

    def _plain_like(self, name: str) -> list[tuple[int, str, int]]:
        """``(alias id, name, player id)`` of the plain printable ASCII names the ledger
        holds with the letters of ``name``, case and blanks aside: every plain name that
        looks like it (:func:`known_as` says which do: ``AnnaLee`` does not look like
        ``Anna Lee``).  The plain names are read once, at the file's first new plain name,
        and the new ones added as they are made: one pass over the ledger's names per file,
        not one per new name."""
        if self._plain is None:
            self._plain = {}
            for alias_id, other, player in self.conn.execute(
                f"SELECT id, name, player_id FROM aliases WHERE NOT {_NOT_PLAIN}"
            ):
                key = _unspaced(other)
                self._plain.setdefault(key, []).append((int(alias_id), other, int(player)))
        return self._plain.get(_unspaced(name), [])


def _unspaced(name: str) -> str:
    """A plain printable ASCII name's :func:`~badugi_ledger.model.names.look_alike` key (its
    lowercase, blanks as a reader sees them) with its blanks taken out: the bucket
    :meth:`Aliases._plain_like` keeps it in, computed without Unicode's tables."""
    return name.lower().replace(" ", "")


def known_as(name: str, others: Iterable[tuple[str, Any]]) -> tuple[Any, str | None]:
    """How a new name stands to the names ``others`` (each with a value: its player), in the
    order they were made: the value of the first that is ``name`` written otherwise, the same
    letters (:func:`~badugi_ledger.model.names.composed`), which the ledger makes one player
    with it; else None and the first that only looks like it
    (:func:`~badugi_ledger.model.names.look_alike`: other letters drawn alike, an accent, case,
    a blank at an end or doubled), which the import warns of (:func:`look_alike_warning`), or
    None.  ``check`` asks it too, of the names its files' stored hands make
    (``check_import.NewNames``)."""
    letters = composed(name)
    seen = look_alike(name)
    alike = None
    for other, value in others:
        if other != name:
            if composed(other) == letters:
                return value, None
            if alike is None and look_alike(other) == seen:
                alike = other
    return None, alike


def refuse_one_player_a_seat(
    db: sqlite3.Connection,
    first_new: int,
    next_new: int,
    replaced: Collection[int],
    aliases: Collection[int],
) -> None:
    """Refuse a file when two seats of one of its hands are one player of the ledger: names
    merged as one person (``players merge``), which sat at one table together, so they are two
    people after all.  Stored, the hand would add both seats' chips into one player's figures.
    Only the hands the file stored (row ids ``first_new`` .. ``next_new - 1``) or replaced are
    read, never the whole ledger.

    ``aliases``: the ids of every name the file's hands seat (:class:`Aliases`).  Two seats of
    one player are two of those names with one player, so when no two of them have one player
    (nearly every file) no hand can seat one player twice, and its seats are not read back."""
    if not _one_player_twice(db, aliases):
        return
    clash = _seat_clash(db, "hp.hand_id >= ? AND hp.hand_id < ?", [first_new, next_new])
    if clash is None and replaced:
        ids = sorted(replaced)
        clash = _seat_clash(db, f"hp.hand_id IN ({', '.join('?' * len(ids))})", ids)
    if clash is None:
        return
    number, line, player = db.execute(
        "SELECT h.hand_number, h.line, p.name FROM hands h, players p WHERE h.id = ? AND p.id = ?",
        clash,
    ).fetchone()
    seated = [
        name
        for (name,) in db.execute(
            "SELECT a.name FROM hand_players hp JOIN aliases a ON a.id = hp.alias_id "
            "WHERE hp.hand_id = ? AND a.player_id = ? ORDER BY hp.seat",
            clash,
        )
    ]
    raise LedgerError(
        f"hand {quote(str(number))} (line {line}): {' and '.join(map(repr, seated))} "
        f"both sit in it, but the ledger has them as one player, {player!r} (players "
        f"merge): they are two people, so unmerge them ({_unmerge(db, seated, player)}) and "
        "import again; nothing from this file was stored"
    )


def refuse_one_player_an_entry(db: sqlite3.Connection, events: Collection[int]) -> None:
    """Refuse a file when two names of one player of the ledger are in the play of a
    tournament among ``events`` (those the file touched; at two tables, or in two hands of
    one): names merged as one person (``players merge``).  Each name has its own seat, its own
    stack and its own place, so they are two people; stored, one player would have two
    entries, two places and both results.  One name written with other Unicode code points
    (:class:`Aliases`: ``Zoë`` as one character, then as ``e`` and a combining mark) is one
    name there too, as everywhere: one entry (``tournament_results``), as one player who moved
    tables with their name written as it is.
    The whole play of each tournament is read (other files' tables too), one query per
    tournament, by its hands' event index."""
    if not events:
        return
    ids = sorted(events)
    for (event_id,) in db.execute(
        "SELECT id FROM events WHERE kind = 'tournament' AND id IN "
        f"({', '.join('?' * len(ids))}) ORDER BY id",
        ids,
    ).fetchall():
        for player_id, names in db.execute(
            "SELECT a.player_id, json_group_array(DISTINCT a.name) FROM hands h "
            "JOIN hand_players hp ON hp.hand_id = h.id "
            f"JOIN aliases a ON a.id = hp.alias_id WHERE h.event_id = ? AND {PLAYED} "
            "GROUP BY a.player_id HAVING count(DISTINCT a.id) > 1",
            [event_id],
        ).fetchall():
            if len({composed(name) for name in json.loads(names)}) > 1:
                raise LedgerError(_entries_clash(db, event_id, int(player_id)))


def _entries_clash(db: sqlite3.Connection, event_id: int, player_id: int) -> str:
    """What :func:`refuse_one_player_an_entry` says of two names of player ``player_id`` in
    tournament ``event_id`` (two names, not two spellings of one): each with the first hand it
    sits in, and what to do."""
    (player,) = db.execute("SELECT name FROM players WHERE id = ?", [player_id]).fetchone()
    # With min(), SQLite reads the other columns of a group from the row holding it.
    rows = db.execute(
        "SELECT a.name, h.hand_number, coalesce(h.table_name, ''), min(h.line) AS first, "
        "h.source "
        "FROM hands h JOIN hand_players hp ON hp.hand_id = h.id "
        "JOIN aliases a ON a.id = hp.alias_id "
        f"WHERE h.event_id = ? AND a.player_id = ? AND {PLAYED} "
        "GROUP BY a.id ORDER BY first, a.id",
        [event_id, player_id],
    ).fetchall()
    entered = [rows[0]]
    entered += [next(row for row in rows if composed(row[0]) != composed(rows[0][0]))]
    names = [str(name) for name, _, _, _, _ in entered]
    where = " and ".join(
        f"{name!r} (hand {quote(str(number))}"
        + (f", table {quote(table)}" if table else "")
        + (f", {quote(str(source))}:{line})" if source and line else ")")
        for name, number, table, line, source in entered
    )
    unmerge = _unmerge(db, names[::-1], player)
    head = f"tournament {event_label_of(db, event_id)}: {where} both entered it, but "
    return (
        f"{head}the ledger has them as one player, {player!r} (players merge): they are "
        f"two people, so unmerge them ({unmerge}) and import again; nothing from this "
        "file was stored"
    )


def _one_player_twice(db: sqlite3.Connection, aliases: Collection[int]) -> bool:
    """Whether two of these aliases (ids) are names of one player."""
    return (
        db.execute(
            "SELECT 1 FROM aliases WHERE id IN (SELECT value FROM json_each(?)) "
            "GROUP BY player_id HAVING count(*) > 1 LIMIT 1",
            [json.dumps(sorted(aliases))],
        ).fetchone()
        is not None
    )


def _seat_clash(db: sqlite3.Connection, where: str, args: list[int]) -> tuple[int, int] | None:
    """``(hand row id, player id)`` of the first hand matching ``where`` (on ``hp``,
    ``hand_players``) with two seats of one player, or None."""
    row = db.execute(
        "SELECT hp.hand_id, a.player_id FROM hand_players hp "
        f"JOIN aliases a ON a.id = hp.alias_id WHERE {where} "
        "GROUP BY hp.hand_id, a.player_id HAVING count(*) > 1 ORDER BY hp.hand_id LIMIT 1",
        args,
    ).fetchone()
    return None if row is None else (int(row[0]), int(row[1]))


def _unmerge(db: sqlite3.Connection, names: Sequence[str], player: str) -> str:
    """The command that takes apart two names the ledger ``db`` holds as one ``player``: the
    first of ``names`` that is not the player's own name is unmerged (the last, if all are)."""
    other = next((name for name in names if name != player), names[-1])
    return f"badugi-ledger players unmerge{on_ledger(ledger_named(db))} {player_words(other)}"


def look_alike_warning(name: str, known: str) -> str:
    """The import's warning of a new player ``name`` that looks like ``known``, a name the
    ledger holds, written with other letters (:attr:`Aliases.look_alikes`)."""
    return command_text(look_alike_said(name, known))


def look_alike_said(name: str, known: str, ledger: str = "") -> Said:
    """:func:`look_alike_warning` with what to do apart: merge the two names (the organiser's
    to say, who knows whether they are one person), in the ``ledger`` the import stores in
    (:func:`~.advice.ledger_named`; ``check`` names none)."""
    differ = "other letters"
    if plain(name) and plain(known):  # they differ in case or blanks alone (look_alike)
        capitals = " ".join(name.split()) != " ".join(known.split())
        blanks = name.lower() != known.lower()
        differ = " and ".join(
            what
            for what, differs in (
                ("other capitals", capitals),
                ("blanks placed otherwise (at an end, or two between words)", blanks),
            )
            if differs
        )
    if differ == "other letters":
        differ = _first_other_letter(name, known) or differ
    return (
        f"{quote(name)!r}, a new player, looks like {quote(known)!r}, whom the ledger knows, "
        f"but is written with {differ}: they count as two players; if they are one person, ",
        Advice("merge them", others=(known, name), ledger=ledger),
    )
