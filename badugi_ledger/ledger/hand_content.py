"""What a stored hand holds, in one comparable shape: for telling a re-imported hand from the
stored one, and saying what differs.

A hand's *identity* in the ledger is its event, table and hand number; its *fingerprint*
(:mod:`badugi_ledger.ledger.fingerprints`) digests what the file records.  What the ledger derives
from it - the stacks (carried from the table's previous hand when the file does not state
them), the postings, the pots and their winners - is summed up by :func:`content_digest` of a
:class:`HandFacts`, stored as ``hands.content``.  Two versions of one hand are the same only
when fingerprint *and* content agree: a corrected earlier hand changes the carried stacks of
the hands after it without changing their fingerprints.

:func:`stored_facts` reads a stored hand back into the same shape that
:func:`badugi_ledger.ledger.rows.hand_rows` builds from a replay, so the digest of a hand
stored by any version of badugi-ledger can be computed from its rows (the schema migration
does this for ledgers written before ``content`` existed), and :func:`differences` can list,
in words, which figures, players, pots and shown cards changed.
"""

from __future__ import annotations

import json
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from .fingerprints import digest

if TYPE_CHECKING:
    import sqlite3  # (annotations only: a check that asks these rows loads no SQLite)

FIGURES = ("game", "button", "pot", "rake", "carry_in", "carry_out", "showdown")
"""The ``hands`` columns that are figures of the hand (not its identity or its source)."""

PLAYER_FIGURES = (
    "seat", "starting stack", "final stack", "contributed", "collected", "busted", "rebuys",
    "add-ons",
)  # fmt: skip
"""The figures of a ``hand_players`` row after the name, in :attr:`HandFacts.players` order."""


class HandFacts(NamedTuple):
    """A hand's derived rows with names for ids, in a canonical order."""

    figures: tuple[Any, ...]
    """Values of :data:`FIGURES`."""
    players: tuple[tuple[Any, ...], ...]
    """(name, seat, starting, final, contributed, collected, busted, rebuys, add-ons), by seat."""
    postings: tuple[tuple[str, bool, str, int], ...]
    """(account, is a player's, kind, amount), sorted."""
    pots: tuple[tuple[Any, ...], ...]
    """(name, amount, eligible JSON, detail, winners as sorted (name, share)), by index."""
    cards: str | None = None
    """Each player's shown cards as JSON ({name: "7h 5c 3d 2s"}); None when not kept."""


_BY_SEAT = itemgetter(1, 0)
"""A player row's sort key: seat, then name."""


def facts(
    figures: tuple[Any, ...],
    players: tuple[tuple[Any, ...], ...],
    postings: tuple[tuple[str, bool, str, int], ...],
    pots: tuple[tuple[Any, ...], ...],
    cards: str | None,
) -> HandFacts:
    """The canonical :class:`HandFacts` of these rows (players by seat, postings and winners
    sorted), whatever order they were built or read in.  The rows hold the types the ledger
    writes (a posting's "is a player's" a bool, names str, amounts int): the replay builds
    them so, and :func:`stored_facts` converts what SQLite gives back."""
    return HandFacts(
        tuple(figures),
        tuple(sorted(players, key=_BY_SEAT)),
        tuple(sorted(postings)),
        tuple(
            (name, amount, eligible, detail, tuple(sorted(winners)))
            for name, amount, eligible, detail, winners in pots
        ),
        cards,
    )


def content_digest(hand: HandFacts) -> str:
    """SHA-256 of the derived rows (figures, players, postings, pots; not the cards, which the
    fingerprint covers)."""
    return digest([list(hand.figures), hand.players, hand.postings, hand.pots])


def players_renamed(old: HandFacts, new: HandFacts) -> bool:
    """Whether ``new`` is ``old`` with its players renamed one to one (seat by seat) and
    nothing else changed: the same seats, stacks, play, pots, winners and shown cards.  A
    pot's ``detail`` is left out: it is words made of the rest, the names among them."""
    if len(old.players) != len(new.players):
        return False
    names: dict[str, str] = {}
    for was, now in zip(old.players, new.players, strict=True):
        if was[1:] != now[1:]:
            return False
        names[was[0]] = now[0]
    if len(set(names.values())) != len(names):
        return False
    try:
        figures = tuple(
            names[value] if column == "button" and value is not None else value
            for column, value in zip(FIGURES, old.figures, strict=True)
        )
        postings = sorted(
            (names[account] if mine else account, mine, kind, amount)
            for account, mine, kind, amount in old.postings
        )
        pots = [
            (
                name,
                amount,
                [names[p] for p in json.loads(eligible)],
                sorted((names[w], share) for w, share in winners),
            )
            for name, amount, eligible, _detail, winners in old.pots
        ]
        cards = (
            None
            if old.cards is None
            else {names[p]: shown for p, shown in json.loads(old.cards).items()}
        )
    except (KeyError, TypeError, ValueError):
        return False
    return (
        figures == tuple(new.figures)
        and postings == list(new.postings)
        and pots
        == [
            (name, amount, json.loads(eligible), list(winners))
            for name, amount, eligible, _detail, winners in new.pots
        ]
        and cards == (None if new.cards is None else json.loads(new.cards))
    )


_PLAY = (0, 1, 4, 5, 7, 8)
"""Of a :attr:`HandFacts.players` row, what a hand's play fixes whatever stacks it starts
from: name, seat, contributed, collected, rebuys, add-ons (not the starting and final stacks,
nor whether the player busted)."""


_OWN_PLAY = (0, 1, 4, 7, 8)
"""Of a :attr:`HandFacts.players` row, what a hand's play fixes whatever stacks it starts from
and whatever pot is carried into it: name, seat, contributed, rebuys, add-ons."""

_CARRIED_FIGURES = frozenset({"pot", "rake", "carry_in", "carry_out"})
"""The :data:`FIGURES` a pot carried into a hand adds to (the rake is taken from the pot won,
carried chips included)."""

_CARRIED_POSTINGS = frozenset({"collect", "rake", "carry-in", "carry-out"})
"""The kinds of posting a pot carried into a hand adds to."""


def cards_shown(cards: str | None) -> bool:
    """Whether a stored hand's shown cards (``hands.cards``, JSON) name a card: what tells one
    deal from another, two hands without a showdown (a walk) being alike but for their
    night."""
    return cards is not None and any(
        rank not in "?xX " for shown in json.loads(cards).values() for rank in shown
    )


def stacks_carried_otherwise(
    old: HandFacts, new: HandFacts, *, carried_in: bool = False, unshown: bool = False
) -> bool:
    """Whether ``new`` is ``old`` played from other starting stacks and nothing else changed:
    the same players in the same seats, each putting in, taking and ending up with as much
    more or less as before (the same play, pots, winners, postings and shown cards), only the
    stacks carried into it otherwise - an earlier hand of its table corrected, so that the
    stacks the file states after it (``final:`` lines) are written anew.  A pot's ``detail``
    is left out: it is words made of the rest.

    In Progressive Badugi the correction may also change the pot the hand before carried into
    it (``carried_in``: ``new`` does not state its ``carry in``; ``002``: the carried pot goes
    to the winner of the next pot won, so the hand's collection and ``final:`` line are
    written anew too): then the hand's own chips are the same (each player's bets, the pot
    less the chips carried in) and the same players win the same pots with the same cards;
    only what the carried pot adds differs (the pots' amounts, the collections, the rake, a pot
    carried on).  A ``carry in`` the hand states otherwise is its record changed (a night's
    first hand taking another pot of the night before: the way ``import`` gives to correct
    it voids that hand, then imports it with its ``carry in`` corrected, to count).

    Only a hand whose cards were shown: they tell one deal from another.  Two hands without a
    showdown can be alike in everything but their stacks (a misdeal voided and its redeal,
    each a walk to the big blind, the misdeal then taken out of the file and the redeal given
    its number); which one is the voided hand is the organiser's to say (``unshown``: alike
    all the same, to name a hand that may be it when the organiser is asked)."""
    if not (unshown or cards_shown(old.cards)):
        return False
    if len(old.players) != len(new.players) or old.cards != new.cards:
        return False
    was, now = (
        dict(zip(FIGURES, old.figures, strict=True)),
        dict(zip(FIGURES, new.figures, strict=True)),
    )
    if was["carry_in"] != now["carry_in"]:
        return carried_in and _carried_in_otherwise(old, new, was, now)
    if old.figures != new.figures:
        return False
    for before, after in zip(old.players, new.players, strict=True):
        if [before[i] for i in _PLAY] != [after[i] for i in _PLAY]:
            return False
        if (
            None in (before[2], before[3], after[2], after[3])
            or before[3] - before[2] != after[3] - after[2]
        ):
            return False
    return sorted(old.postings) == sorted(new.postings) and [
        (n, a, e, sorted(w)) for n, a, e, _d, w in old.pots
    ] == [(n, a, e, sorted(w)) for n, a, e, _d, w in new.pots]


def _carried_in_otherwise(
    old: HandFacts, new: HandFacts, was: dict[str, Any], now: dict[str, Any]
) -> bool:
    """:func:`stacks_carried_otherwise` for two versions of a hand with other pots carried into
    it (``was`` and ``now``: their figures by name)."""
    if any(was[f] != now[f] for f in FIGURES if f not in _CARRIED_FIGURES):
        return False
    if (
        None in (was["pot"], now["pot"])
        or was["pot"] - was["carry_in"] != now["pot"] - now["carry_in"]
    ):
        return False
    for before, after in zip(old.players, new.players, strict=True):
        if [before[i] for i in _OWN_PLAY] != [after[i] for i in _OWN_PLAY]:
            return False
    return sorted(p for p in old.postings if p[2] not in _CARRIED_POSTINGS) == sorted(
        p for p in new.postings if p[2] not in _CARRIED_POSTINGS
    ) and [(n, e, sorted(w for w, _ in ws)) for n, _a, e, _d, ws in old.pots] == [
        (n, e, sorted(w for w, _ in ws)) for n, _a, e, _d, ws in new.pots
    ]


def stored_facts(conn: sqlite3.Connection, hand_row: int) -> HandFacts:
    """The :class:`HandFacts` of the stored hand with ``hands.id`` = ``hand_row``."""
    figures = conn.execute(
        f"SELECT {', '.join(FIGURES)}, cards FROM hands WHERE id = ?", [hand_row]
    ).fetchone()
    players = conn.execute(
        "SELECT a.name, hp.seat, hp.starting_stack, hp.final_stack, hp.contributed, "
        "hp.collected, hp.busted, coalesce(hp.rebuys, 0), coalesce(hp.add_ons, 0) "
        "FROM hand_players hp JOIN aliases a ON a.id = hp.alias_id WHERE hp.hand_id = ?",
        [hand_row],
    ).fetchall()
    postings = conn.execute(
        "SELECT account, alias_id IS NOT NULL, kind, amount FROM postings WHERE hand_id = ?",
        [hand_row],
    ).fetchall()
    pots = []
    for pot_id, name, amount, eligible, detail in conn.execute(
        "SELECT id, name, amount, eligible, detail FROM pots WHERE hand_id = ? ORDER BY idx",
        [hand_row],
    ).fetchall():
        winners = conn.execute(
            "SELECT a.name, w.share FROM pot_winners w JOIN aliases a ON a.id = w.alias_id "
            "WHERE w.pot_id = ? AND w.share > 0",
            [pot_id],
        ).fetchall()
        pots.append((name, amount, eligible, detail, [(str(w), int(s)) for w, s in winners]))
    return facts(
        tuple(figures[:-1]),
        tuple(map(tuple, players)),
        tuple((str(a), bool(i), str(k), int(m)) for a, i, k, m in postings),
        tuple(pots),
        figures[-1],
    )


# --- what differs, in words --------------------------------------------------------------------


def _player_changes(old: HandFacts, new: HandFacts) -> list[str]:
    before = {p[0]: p[1:] for p in old.players}
    after = {p[0]: p[1:] for p in new.players}
    lines = []
    for name in sorted(before.keys() | after.keys()):
        if name not in after:
            lines.append(f"{name} is no longer in the hand ({_row_words(before[name])})")
        elif name not in before:
            lines.append(f"{name} is now in the hand ({_row_words(after[name])})")
        elif before[name] != after[name]:
            changed = [
                f"{label} {a} → {b}"
                for label, a, b in zip(PLAYER_FIGURES, before[name], after[name], strict=True)
                if a != b
            ]
            lines.append(f"{name}: {', '.join(changed)}")
    return lines


def _row_words(figures: tuple[Any, ...]) -> str:
    """A player's row in words: its stacks, and what else is not 0 (``rebuys 1``).  A player
    sitting out has a row when his stack changed before the hand (see
    :func:`badugi_ledger.ledger.rows.hand_rows`): then nothing was put in or collected."""
    start, final, *rest = figures[1:]
    words = [f"starting stack {start}", f"final stack {final}"]
    words += [f"{label} {v}" for label, v in zip(PLAYER_FIGURES[3:], rest, strict=True) if v]
    return ", ".join(words)


def _pot_changes(old: HandFacts, new: HandFacts) -> list[str]:
    lines = []
    for i in range(max(len(old.pots), len(new.pots))):
        a = old.pots[i] if i < len(old.pots) else None
        b = new.pots[i] if i < len(new.pots) else None
        label = (b or a or ("pot",))[0] or f"pot {i + 1}"
        if a is None or b is None:
            lines.append(f"{label}: {'new' if a is None else 'no longer there'}")
            continue
        if a[1] != b[1]:
            lines.append(f"{label}: {a[1]} → {b[1]}")
        if a[4] != b[4]:

            def who(winners: tuple[tuple[str, int], ...]) -> str:
                return ", ".join(f"{w} {s}" for w, s in winners) or "nobody"

            lines.append(f"{label} won by {who(a[4])} → {who(b[4])}")
    return lines


def _card_changes(old: HandFacts, new: HandFacts) -> list[str]:
    if old.cards is None:
        return []
    before: dict[str, str] = json.loads(old.cards)
    after: dict[str, str] = json.loads(new.cards or "{}")
    return [
        f"{name}'s shown cards {before.get(name, 'none')} → {after.get(name, 'none')}"
        for name in sorted(before.keys() | after.keys())
        if before.get(name) != after.get(name)
    ]


def differences(old: HandFacts, new: HandFacts, written: str | None = None) -> list[str]:
    """What changed from the stored version ``old`` to ``new``, one phrase per change;
    ``written``: how the hand as written changed, when the caller knows (a table renamed),
    said first, in place of the guess made when no figure changed."""
    lines = [] if written is None else [written]
    lines += _card_changes(old, new)
    lines += [
        f"{name} {a} → {b}"
        for name, a, b in zip(FIGURES, old.figures, new.figures, strict=True)
        if a != b
    ]
    lines += _player_changes(old, new)
    lines += _pot_changes(old, new)
    if not lines:
        lines.append(
            "the hand as written differs (its number, the stacks its seats state, or its "
            "recorded actions), not its figures"
            + ("" if old.cards is not None else " (the ledger kept no cards of the stored hand)")
        )
    return lines
