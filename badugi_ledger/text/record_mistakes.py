"""The mistakes of a hand's record that are checked on the hand as a whole: a player named who
is not seated (said where the typo most likely is: the entry, or the seat), and a stack change,
a sitting out or a carried-in pot written after play began.  Each is found, not only the first,
so that one run of ``check`` lists every mistake of a hand at its place
(:func:`~.chunks._whole_listed`); the reader (:mod:`.reader`) raises :class:`Mistakes` with them.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Iterator, Sequence

from ..model.errors import Position
from ..model.events import BETWEEN_HANDS, Event
from ..model.positions import LinePositions
from .chunks import _BETWEEN_WORDS, _STACK_CHANGES, _written_otherwise
from .transformer import FormatError, RawHand, short


class Mistakes(Exception):
    """The mistakes the checks of a hand as a whole found
    (:meth:`.record_assembly.RecordAssembly._record`): each check's, in the order it found them
    (the wrong events read lazily), and where the hand's seats stand."""

    def __init__(self, mistakes: list[Iterable[FormatError]], seats: Sequence[Position]) -> None:
        super().__init__("the hand's record has mistakes")
        self.mistakes = mistakes
        self.seats = seats


def wrong_events(
    raw: RawHand,
    events: list[Event],
    positions: LinePositions,
    seated: set[str],
    known: Collection[str],
) -> Iterator[FormatError]:
    """The error of each event that names a player not seated, or that changes a stack,
    sits out or states the carried-in pot after play began, in order (``known``: as
    :func:`unseated` takes it)."""
    played = False
    for i, ev in enumerate(events):
        kind = type(ev)
        if kind in BETWEEN_HANDS:
            if played:
                yield FormatError(_BETWEEN_WORDS.get(kind, _STACK_CHANGES), positions[i])
                continue
        else:
            played = True
        player = getattr(ev, "player", None)
        if player is not None and player not in seated:
            yield unseated(player, positions[i], raw, events, known)


def unseated(
    name: str,
    pos: Position,
    raw: RawHand,
    events: list[Event],
    known: Collection[str],
    label: str = "",
) -> FormatError:
    """The error for ``name``, not seated but named at ``pos``, said where the typo most
    likely is.  Of a seated name close to it and ``name``, the one this table's earlier
    hands know is right; when they know neither or both, a seat that nothing else in the
    hand names is the typo (reported at the seat, "did you mean Tamás?"), otherwise the
    entry at ``pos`` is.  ``known``: who sat at this table in the file's hands before."""
    from .hints import closest  # (hints are for mistakes: loaded at the first)

    seats = [seat.name for seat in raw.seats]
    meant = closest(name, seats)
    if meant is None:
        if name in known:
            return FormatError(
                f"{label}{short(name)} is not seated in this hand ({short(name)} played "
                "earlier at this table: add them to the hand line)",
                pos,
            )
        return FormatError(f"{label}{short(name)} is not seated in this hand", pos)
    named = {getattr(ev, "player", None) for ev in events}
    named.add(raw.button[0] if raw.button else None)
    tonight = name in known and meant not in known  # the earlier hands say which is right
    if tonight or (meant not in named and not (meant in known and name not in known)):
        said = f"{'the button is' if label else f'line {pos.line} names'} {short(name)}"
        return FormatError(
            f"{short(meant)} is seated here, but {said}, who is not seated: "
            f"did you mean {short(name)}?" + _written_otherwise(meant, name),
            raw.seat_pos[seats.index(meant)],
        )
    return FormatError(
        f"{label}{short(name)} is not seated in this hand: did you mean {short(meant)}?"
        + _written_otherwise(name, meant),
        pos,
    )
