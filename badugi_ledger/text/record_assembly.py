"""A hand's record from its lines read, for the streaming reader (:mod:`.reader`): checked as a
whole (the button and seats, who the events name, what the headers forbid), the forced bets a
hand that writes none implies, and what the reader remembers from hand to hand for it (the
tables whose pot a hand carried, who sat at each table).

Why a module of its own: the checks of a whole hand and the posts it implies are one step of
the reader, after a hand's lines are read; what of the reader's state they use (the headers'
settings, the carried tables, the players seen) is declared on :class:`RecordAssembly`, which
the reader's class takes the step from, so that the state stays one object.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from itertools import repeat
from typing import cast

from ..model.errors import ConfigError, Position
from ..model.events import (
    BETWEEN_HANDS,
    CarryIn,
    CarryOut,
    Collect,
    Event,
    FinalStack,
    HandRecord,
    Post,
    PotTotal,
    RakeTaken,
    Seat,
    SitOut,
)
from ..model.games import GAMES
from ..model.positions import LinePositions, pack
from ..model.settings import GameSettings
from .chunks import _Chunk, _seat_mistakes
from .entry_positions import EntryPositions, resolved
from .headers import SettingsState, implied_posts, leaves_a_redeal, opens_a_redeal
from .parsers import _plain
from .record_mistakes import Mistakes, unseated, wrong_events
from .transformer import FormatError, RawHand


class RecordAssembly:
    """A hand's record, checked as a whole (:class:`.reader._Reader` holds the state it uses)."""

    source: str
    state: SettingsState
    carried_tables: set[tuple[str, tuple[str, str, str | None, str]]]
    players: dict[str, set[str]]
    remembered: int
    posts_settings: GameSettings | None
    posts: dict[tuple[str, bool, tuple[str, ...], tuple[str, ...]], tuple[Post, ...]]
    unknown_currencies: list[tuple[str, Position]]

    def _carrying_table(self) -> tuple[str, tuple[str, str, str | None, str]]:
        """The table the hands read now are played at, with their event: a table's carried pot
        goes on from hand to hand only within one session and unit, as its stacks do (the
        replay's tables, ``replay/table.py``), so the first hand of another night, another
        unit or a tournament at the same table is no redeal unless it states the pot carried
        into it (``carry in N``)."""
        return self.state.table, self.state.event()

    def _record(
        self,
        raw: RawHand,
        events: list[Event],
        positions: list[int],
        posts_none: bool,
        chunk: _Chunk,
    ) -> HandRecord:
        """The hand's record, checked as a whole; ``positions``: where each event stands,
        packed (:mod:`.positions`).  Raises :class:`~.record_mistakes.Mistakes` with every
        mistake each check finds (:func:`~.chunks._whole_listed` lists them), not only the
        first."""
        state = self.state
        settings = state.settings()
        text = "".join(chunk.lines).rstrip() + "\n"  # (its lines: EntryPositions reads them)
        mistakes: list[Iterable[FormatError]] = [self._hand_line_mistakes(raw, events)]
        seats = raw.seats
        seated = {seat.name for seat in seats}
        button = raw.button[0] if raw.button is not None else ""
        # The checks below in C-level passes over the events; the wrong events, if any, are
        # found in order.  Rebuys, top-ups and sitting out (BETWEEN_HANDS) are rare.
        kinds = set(map(type, events))
        between = not BETWEEN_HANDS.isdisjoint(kinds)
        first_play = 0 if events else None  # the first event that is play, not between hands
        if between:
            first_play = next(
                (i for i, e in enumerate(events) if type(e) not in BETWEEN_HANDS), None
            )
        named = map(getattr, events, repeat("player"), repeat(None))  # None: names nobody
        if not (seated | _NOBODY).issuperset(named) or (
            between
            and first_play is not None
            and not BETWEEN_HANDS.isdisjoint(map(type, events[first_play:]))
        ):
            mistakes.append(
                wrong_events(
                    raw, events, self._positions(positions, chunk, text), seated, self._known()
                )
            )
        has_post = Post in kinds
        sitting = []  # who sits out: written before the first play
        if between and SitOut in kinds:
            sitting = [ev.player for ev in events[:first_play] if type(ev) is SitOut]
        if has_post and posts_none:
            mistakes.append([FormatError("'posts none' but the hand also writes posts", raw.pos)])
        if CarryIn in kinds and not GAMES[settings.game].progressive:
            at_positions = self._positions(positions, chunk, text)
            mistakes.append(
                [
                    FormatError(
                        "'carry in' states a Progressive Badugi pot carried into the hand: this "
                        f"game ({settings.game}) carries no pot",
                        at_positions[i],
                    )
                    for i, e in enumerate(events)
                    if type(e) is CarryIn
                ]
            )
        if RakeTaken in kinds and state.rake_none:
            at_positions = self._positions(positions, chunk, text)
            mistakes.append(
                [
                    FormatError(
                        f"'raked {cast(RakeTaken, e).amount}', but the game header says 'rake "
                        "none': no rake is taken; leave the entry out, or state the house's "
                        "rule ('rake 5% cap 3')",
                        at_positions[i],
                    )
                    for i, e in enumerate(events)
                    if type(e) is RakeTaken and e.amount
                ]
            )
        otherwise = state.stated_otherwise()
        if otherwise is not None:
            mistakes.append([FormatError(otherwise, raw.pos)])
        if any(mistakes):  # (lists, and the wrong events, which the guard above found)
            raise Mistakes(mistakes, raw.seat_pos)
        implied = redeal = False
        if not has_post and not posts_none:
            # A redeal: the table's previous hand here carried its pot, or the hand states
            # the pot carried into it (the previous hand is in another file).
            carried = bool(self.carried_tables) and self._carrying_table() in self.carried_tables
            redeal = opens_a_redeal(carried, events if CarryIn in kinds else ())
            posts = self._implied_posts(settings, seats, button, sitting, redeal)
            if posts:  # placed at the hand line
                at = len(events) if first_play is None else first_play
                events[at:at] = posts
                positions[at:at] = [pack(raw.pos.line, raw.pos.column)] * len(posts)
                implied = True
            else:
                # A redeal, or settings without forced bets: none due.  A redeal is the
                # reader's guess (a hand before may not have been read): the record says so.
                posts_none = True
        inherited = state.currency_inherited()
        unknown: tuple[tuple[str, Position], ...] = ()
        if self.unknown_currencies:  # (rare: a header naming money by no currency's code)
            unknown = tuple(self.unknown_currencies)
            self.unknown_currencies.clear()
        table = state.table
        known = self.players.get(table)
        if known is None or not seated <= known:
            self._remember(table, seated)
        if leaves_a_redeal(settings, CarryOut in kinds):
            self.carried_tables.add(self._carrying_table())
        elif self.carried_tables:
            self.carried_tables.discard(self._carrying_table())
        return HandRecord(
            raw.hand_id,
            settings,
            tuple(seats),
            button,
            tuple(events),
            state.session_value(),
            table,
            raw.pos,
            "text",
            text,
            posts_none,
            self._positions(positions, chunk, text),
            posts_implied=implied,
            currency_inherited=inherited,
            redeal_implied=redeal and posts_none,
            unknown_currencies=unknown,
        )

    def _hand_line_mistakes(self, raw: RawHand, events: list[Event]) -> list[FormatError]:
        """The hand line's mistakes, in the order they are found: no button, a name twice or
        seat numbers out of order, fewer than two seats, a button nobody seated."""
        on_hand_line: list[FormatError] = []
        if raw.button is None:
            on_hand_line.append(
                FormatError("the hand line must name the button, like 'button Anna'", raw.pos)
            )
        seats = raw.seats
        seated = {seat.name for seat in seats}
        numbers = [seat.number for seat in seats]
        if len(seated) < len(seats) or numbers.count(None) < len(seats):
            on_hand_line += _seat_mistakes(raw)  # a name twice, seat numbers: which seats
        if len(seats) < 2:
            on_hand_line.append(FormatError("a hand needs at least two seated players", raw.pos))
        if raw.button is not None and raw.button[0] not in seated:
            button, button_pos = raw.button
            on_hand_line.append(
                unseated(button, button_pos, raw, events, self._known(), "the button ")
            )
        return on_hand_line

    def _seating(
        self, chunk: _Chunk, events: list[Event], positions: list[int]
    ) -> HandRecord | None:
        """Of a hand that cannot be read, what its hand line states (its number, seats,
        stated stacks and button) with ``events``, those of its lines that read on their own,
        and where each stands (``positions``, packed)
        (:attr:`~badugi_ledger.model.errors.ParseError.seating`); None when the hand line
        does not read on its own or has a mistake of its own, the settings do not hold, or
        its lines do not end as one hand's (:func:`_ends_once`).
        Its posts are the ones those lines write; none written: the ones its button implies
        (the reader's, as for a hand read)."""
        if not _ends_once(events):
            return None
        raw = _plain().hand_line(chunk.lines[0], self.source, chunk.start)
        if raw is None or raw.button is None or self._hand_line_mistakes(raw, events):
            return None
        try:
            settings = self.state.settings()
        except ConfigError:
            return None
        text = "".join(chunk.lines).rstrip() + "\n"
        return HandRecord(
            raw.hand_id,
            settings,
            tuple(raw.seats),
            raw.button[0],
            tuple(events),
            self.state.session_value(),
            self.state.table,
            raw.pos,
            "text",
            text,
            positions=self._positions(positions, chunk, text),
            posts_implied=not any(type(e) is Post for e in events),
        )

    def _implied_posts(
        self,
        settings: GameSettings,
        seats: list[Seat],
        button: str,
        sitting: list[str],
        redeal: bool,
    ) -> tuple[Post, ...]:
        """:func:`implied_posts` of a hand that writes none, worked out once per seating,
        button and who sits out under the same settings (a night repeats a few of them); its
        posts are shared by those hands, like the events of an entry that recurs."""
        if settings is not self.posts_settings or len(self.posts) >= _MAX_KNOWN:
            self.posts_settings, self.posts = settings, {}
        key = (button, redeal, tuple(sitting), tuple([seat.name for seat in seats]))
        posts = self.posts.get(key)
        if posts is None:
            posts = implied_posts(settings, seats, button, sitting, redeal=redeal)
            self.posts[key] = posts
        return posts

    def _positions(self, packed: list[int], chunk: _Chunk, text: str) -> LinePositions:
        """Where the events stand: the entries of usual lines at their line alone
        (:class:`~.entry_positions.EntryPositions`), their columns worked out from the hand's
        text when asked; every column worked out now if some of its lines were not kept (a
        hand of thousands of blank lines)."""
        if chunk.skipped:
            return LinePositions(self.source, resolved(packed, chunk.text))
        return EntryPositions(self.source, tuple(packed), chunk.start, text)

    def _known(self) -> Collection[str]:
        """Who sat at this table in the file's hands so far (for suggestions)."""
        return self.players.get(self.state.table, ())

    def _remember(self, table: str, seated: set[str]) -> None:
        """Remember who sat at ``table`` (for suggestions), within bounds: a file of strangers
        starts remembering afresh."""
        known = self.players.setdefault(table, set())
        self.remembered += len(seated - known)
        if self.remembered > _MAX_KNOWN:
            self.players, self.remembered = {table: set()}, len(seated)
            known = self.players[table]
        known.update(seated)


def _ends_once(events: list[Event]) -> bool:
    """Whether the events of a hand's lines record its end (a collection, a pot carried or its
    ``final:`` line) and nothing after it but its outcome.  Lines of play after a hand's end,
    or no end at all, may be the lines of the next hand, whose hand line is lost: a hand that
    cannot be read is then no hand the table's next one follows."""
    at = next((i for i, e in enumerate(events) if type(e) in _ENDS), None)
    return at is not None and all(type(e) in _OUTCOME for e in events[at:])


_ENDS = frozenset({Collect, CarryOut, FinalStack})
"""What records a hand's end."""
_OUTCOME = _ENDS | {PotTotal, RakeTaken}
"""What a hand records after its end."""

_NOBODY: frozenset[str | None] = frozenset({None})
_MAX_KNOWN = 10_000  # names and words remembered for suggestions (a file of strangers is huge)
