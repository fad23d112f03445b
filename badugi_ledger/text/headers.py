"""Header lines of the hand-history format: sticky values -> settings, and the forced bets
those settings imply.

A header line sets its items for every later hand of the file, so the reader keeps one mutable
:class:`SettingsState` and builds immutable :class:`GameSettings`/:class:`Session` objects only
when a header changed (hands in between share them).  Values that do not fit together raise
:class:`ConfigError`, which the reader reports at the header's line.  :func:`implied_posts` says
which forced bets a hand without ``posts`` entries gets, by the rule of
:mod:`badugi_ledger.model.forced` (which the replay follows too); the writer uses it, to leave
exactly those out.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Iterable, Sequence
from dataclasses import fields
from typing import Any

from ..model.errors import ConfigError, Position
from ..model.events import (
    NO_SESSION,
    SESSION_TERMS,
    CarryIn,
    Event,
    Post,
    Seat,
    Session,
    event_key,
)
from ..model.forced import forced_posts
from ..model.games import GAMES, game_named
from ..model.limits import MAX_DIGITS, amount_problem
from ..model.money import amounts_in_cents, chip_value, is_currency
from ..model.settings import (
    QUALIFIER_RANKS,
    GameSettings,
    HouseRules,
    RakeRule,
    Structure,
    validate_payouts,
)
from .keywords import HEADER_KEYWORDS
from .transformer import short, too_large

__all__ = [
    "HEADER_KEYWORDS",
    "HeaderItemError",
    "SettingsState",
    "house_rule_value",
    "implied_posts",
    "refused_items",
    "unknown_currencies",
]


def house_rule_value(key: str, value: str) -> dict[str, Any]:
    """``house odd-chip worst-seat`` -> ``{"odd_chip": "worst-seat"}``, typed like the default.

    Raises :class:`ConfigError` for a name that is not a field of :class:`HouseRules`.
    """
    name = key.replace("-", "_")
    defaults = {f.name: f.default for f in fields(HouseRules)}
    if name not in defaults:
        known = ", ".join(sorted(k.replace("_", "-") for k in defaults))
        raise ConfigError(f"unknown house rule {short(key)!r} (house rules: {known})")
    default = defaults[name]
    if isinstance(default, bool):
        if value not in ("yes", "no"):
            raise ConfigError(f"house rule {key} is yes or no, not {short(value)!r}")
        return {name: value == "yes"}
    if isinstance(default, int):
        if not value.isascii() or not value.isdigit():
            raise ConfigError(f"house rule {key} is a number, not {short(value)!r}")
        digits = value.lstrip("0") or "0"
        if len(digits) > MAX_DIGITS:  # never converted: far above any amount
            raise ConfigError(too_large(digits, f"house rule {key}"))
        problem = amount_problem(int(digits), f"house rule {key}")
        if problem is not None:
            raise ConfigError(problem)
        return {name: int(digits)}
    return {name: value}


def unknown_currencies(
    items: Iterable[tuple[str, Sequence[Any]]], line: str, source: str, lineno: int
) -> list[tuple[str, Position]]:
    """The codes of no currency (:func:`~badugi_ledger.model.money.is_currency`) that the items
    of the header ``line`` name as money, ``currency EUS`` or ``chips 100 = 10 EUS``, each where
    it is written: the night's money would be a unit of its own without a word, which the
    replay warns of (``currency-unknown``).  ``currency chips`` names no money."""
    found = []
    for tag, args in items:
        code = args[0] if tag == "currency" else args[2] if tag == "chip_value" else "chips"
        if code != "chips" and not is_currency(code):
            item = _CODE_AFTER[tag].format(code=re.escape(code))
            m = re.search(_ITEM_START + item, line) or re.search(rf"\b({re.escape(code)})\b", line)
            column = m.start(1) + 1 if m else 1
            found.append((str(code), Position(source, lineno, column)))
    return found


_ITEM_START = r"(?:^|[·•;])[ \t\ufeff]*"
_CODE_AFTER = {
    "currency": r"currency[ \t]+({code})\b",
    "chip_value": r"chips[ \t]+[0-9]+[ \t]*=[ \t]*[0-9.]+[ \t]+({code})\b",
}
"""Where an item's currency code stands, after the start of its item (:data:`_ITEM_START`)."""


# ---------------------------------------------------------------- settings state


class HeaderItemError(ConfigError):
    """A header item's value is wrong; ``keyword`` is the item's first word, for the reader
    to point at it."""

    def __init__(self, message: str, keyword: str) -> None:
        super().__init__(message)
        self.keyword = keyword


_ITEM_KEYWORD = {  # the first word of the header items whose tag is not it
    **{tag: tag.replace("_", "-") for tag in ("odd_chip", "odd_chip_half", "buy_in")},
    **{tag: tag.replace("_", "-") for tag in ("starting_chips", "buy_price", "max_seats")},
    **{tag: tag.replace("_", "-") for tag in ("heads_up_uncapped", "qualifier_pair_ok")},
    **{tag: tag.replace("_", "-") for tag in ("redeal_posts", "half_bet_reopens")},
    "fixed_limit": "fixed",
    "spread_limit": "spread",
    "pot_limit": "pot",
    "half_pot_limit": "half-pot",
    "no_limit": "no",
    "no_rake": "rake",
}


_SETS = {
    **dict.fromkeys(("fixed_limit", "pot_limit", "half_pot_limit", "no_limit"), "structure"),
    "spread_limit": "structure",
    "rake": "rake",
    "no_rake": "rake",
    "cash": "event",
    "tournament": "event",
}
"""What the header items that set one thing between them set (the others set their own)."""
_SET_WORDS = {"structure": "betting structure", "rake": "rake", "event": "event"}


def _refuse_twice(items: Sequence[tuple[str, list[Any]]]) -> None:
    """Refuse a header line that sets one value twice (``blinds 1/2 · blinds 2/4``, ``fixed
    limit 2/4 · no limit``, ``odd-chip worst-seat · house odd-chip button-left``): the later
    one was taken without a word, and every hand after it was judged by a value the recorder
    may not have meant."""
    seen: dict[str, str] = {}
    for tag, args in items:
        what, words = _what_it_sets(tag, args)
        if what in seen:
            first = seen[what]
            said = (
                f"{words} is given twice on this line"
                if first == words
                else f"{first} and {words} both set the {_SET_WORDS.get(what, what)} on this line"
            )
            raise HeaderItemError(
                f"{said}: a header line sets each value once; keep the one meant",
                _ITEM_KEYWORD.get(tag, tag),
            )
        seen[what] = words


_HOUSE_ITEMS = frozenset(
    {"odd_chip", "odd_chip_half", "reshuffle", "heads_up_uncapped", "qualifier_pair_ok",
     "redeal_posts", "half_bet_reopens", "qualifier", "buy_price", "max_seats"}
)  # fmt: skip
"""The header items that set a house rule of their own name (``qualifier``: its maximum)."""


def _what_it_sets(tag: str, args: list[Any]) -> tuple[str, str]:
    """What a header item sets (two items that set one thing cannot stand on one line), and
    the item in words."""
    if tag == "house" or tag in _HOUSE_ITEMS:
        rule = str(args[0]) if tag == "house" else tag
        name = "qualifier-max" if rule == "qualifier" else rule.replace("_", "-")
        words = f"house {args[0]}" if tag == "house" else tag.replace("_", "-")
        return f"house rule {name}", words
    if tag == "no_rake":
        return "rake", "rake"
    return _SETS.get(tag, tag), tag.replace("half_pot", "half-pot").replace("_", " ")


_SETTING_ITEMS = {
    **dict.fromkeys(("small_bet", "big_bet"), "fixed"),
    **dict.fromkeys(("spread_min", "spread_max"), "spread"),
    **dict.fromkeys(("small_blind", "big_blind"), "blinds"),
    **dict.fromkeys(("game", "with_buy"), "game"),
    "cap": "cap",
    "percent": "rake",
    "ante": "ante",
}
"""The first word of the header item that writes each value of the game's settings that the
settings can refuse (:attr:`ConfigError.setting`), house rules aside."""


def refused_items(setting: str | None) -> tuple[str, ...]:
    """The header items that may write the value a settings refusal names (``setting``), as
    patterns of their first words for :func:`.hints.items_column`, the likeliest first: the
    error points at the item on its line, not at the line's first column.  A house rule is
    written ``house NAME VALUE`` (either spelling of NAME) or by an item of its own name
    (``max-seats 10``; ``qualifier`` for its maximum)."""
    if setting is None:
        return ()
    if setting in {f.name for f in fields(HouseRules)}:
        own = "qualifier" if setting == "qualifier_max" else setting
        house = rf"house[ \t]+{setting.replace('_', '[-_]')}"
        return (house, re.escape(own.replace("_", "-"))) if own in _HOUSE_ITEMS else (house,)
    item = _SETTING_ITEMS.get(setting)
    return () if item is None else (re.escape(item),)


SESSION_ITEMS = frozenset(
    {"cash", "tournament", "date", "place", "season", "buy_in", "starting_chips", "payouts",
     "table"}
)  # fmt: skip
"""The header items that name the session or the table, and none of the game's settings
(:meth:`SettingsState.settings`)."""


class SettingsState:
    """The sticky header values; builds immutable settings objects only when they change.

    The reader's own mutable state, one per file: a plain class (a dataclass would compile
    its methods, or at least inspect its fields, at every start)."""

    def __init__(self) -> None:
        """The values before any header line: the format's defaults."""
        self.game: str = "badugi"
        self.with_buy: bool = False
        self.kind: str = "fixed-limit"
        self.small_bet: int = 2
        self.big_bet: int = 4
        self.cap: int = 4
        self.spread: tuple[int, int] = (0, 0)
        self.small_blind: int = 1
        self.big_blind: int = 2
        self.ante: int = 0
        self.rake: tuple[int, int, bool] | None = None
        self.rake_none = False
        """The header said ``rake none``: no hand of it may record a rake taken (the default,
        no rake rule stated, takes a hand's ``raked N`` as what the house took: a site's)."""
        self.currency: str | None = None
        self._currency_stated: str | None = None
        """A ``currency`` item came since the hand before (:meth:`currency_inherited`):
        ``changed`` the currency, or stated it ``again``."""
        self._currency_for: str | None = None
        """The kind of session (``cash``, ``tournament``) the currency in effect was stated
        for: what it means to the file's writer (amounts in cents, or a buy-in's currency).
        Stated for a cash game once any cash session states it."""
        self.house: dict[str, Any] = {}
        self.session: dict[str, Any] = {}
        self.table: str = ""
        self._settings: GameSettings | None = None
        self._session: Session | None = None
        self._events: dict[tuple[Any, ...], dict[str, Any]] = {}
        """The terms (:data:`SESSION_TERMS`) each event of the file's hands so far was read
        with, by what names the event (:meth:`event`): a hand of it may not be read with
        other terms (:meth:`stated_otherwise`)."""

    def apply(self, items: Sequence[tuple[str, list[Any]]]) -> None:
        """Apply header items in order; a kind (``cash``/``tournament``) item goes first.
        Raises :class:`HeaderItemError` naming the item whose value is wrong."""
        _refuse_twice(items)
        ordered = sorted(items, key=lambda item: item[0] not in ("cash", "tournament"))
        self._settings = None
        self._session = None
        for tag, args in ordered:
            try:
                self._apply_one(tag, args)
            except ConfigError as exc:
                raise HeaderItemError(exc.message, _ITEM_KEYWORD.get(tag, tag)) from None

    def _apply_one(self, tag: str, a: list[Any]) -> None:  # noqa: C901 - one branch per item
        if tag == "game":
            self.game = game_named(a[0])
            self.with_buy = a[1] is not None
        elif tag == "fixed_limit":
            self.kind, self.small_bet, self.big_bet, self.spread = "fixed-limit", a[0], a[1], (0, 0)
        elif tag in ("pot_limit", "half_pot_limit", "no_limit"):
            self.kind = tag.replace("_", "-")
            self.small_bet = self.big_bet = 0
            self.spread = (0, 0)
        elif tag == "spread_limit":
            self.kind, self.small_bet, self.big_bet = "spread-limit", 0, 0
            self.spread = (a[0], a[1])
        elif tag == "cap":
            self.cap = a[0]
        elif tag == "blinds":
            self.small_blind, self.big_blind = a[0], a[1]
        elif tag == "ante":
            self.ante = a[0]
        elif tag == "rake":
            self.rake = (a[0], a[1] or 0, a[2] is None)
            self.rake_none = False
        elif tag == "no_rake":
            self.rake = None
            self.rake_none = True
        elif tag == "currency":
            currency = None if a[0] == "chips" else amounts_in_cents(a[0])
            self._currency_stated = "changed" if currency != self.currency else "again"
            self.currency = currency
        elif tag == "chip_value":
            if self.session.get("kind") == "tournament":
                raise ConfigError("tournament chips have no money value: the buy-in is the money")
            self.session["chip_value"] = chip_value(a[0], str(a[1]), a[2])
        elif tag in ("odd_chip", "odd_chip_half", "reshuffle"):
            self.house[tag] = a[0]
        elif tag in ("heads_up_uncapped", "qualifier_pair_ok", "redeal_posts", "half_bet_reopens"):
            self.house[tag] = a[0] == "yes"
        elif tag == "qualifier":
            self.house["qualifier_max"] = QUALIFIER_RANKS[a[0]]
        elif tag in ("buy_price", "max_seats"):
            self.house[tag] = a[0]
        elif tag == "house":
            self.house.update(house_rule_value(a[0], a[1]))
        elif tag in ("cash", "tournament"):
            season = self.session.get("season")
            self.session = {"kind": tag, "name": a[0] or "", "season": season}
        elif tag == "date":
            try:
                datetime.date.fromisoformat(a[0])
            except ValueError:
                raise ConfigError(f"{a[0]} is not a date (like 2024-03-01)") from None
            self.session["date"] = a[0]
        elif tag in ("place", "season"):
            self.session[tag] = a[0] or None
        elif tag in ("buy_in", "starting_chips"):
            self.session[tag] = a[0]
        elif tag == "payouts":
            self.session["payouts"] = validate_payouts(a)
        elif tag == "table":
            self.table = a[0]
        else:  # pragma: no cover - the grammar has no other items
            raise AssertionError(tag)

    def settings(self) -> GameSettings:
        """The effective settings (raises ConfigError when the values do not fit together)."""
        if self.currency and self.session.get("chip_value"):
            if self._currency_for == "tournament" and self.session.get("kind") == "cash":
                raise ConfigError(
                    f"currency {self.currency} was stated for the tournament before (its "
                    f"buy-in's), and makes this cash game's amounts cents of {self.currency}: "
                    "write 'currency chips' in its header for chips valued in money"
                )
            raise ConfigError(
                f"amounts are already cents of {self.currency} (currency): chips need no value"
            )
        if self._settings is None:
            structure = Structure(
                self.kind,  # type: ignore[arg-type]
                self.small_bet,
                self.big_bet,
                self.cap,
                self.spread[0],
                self.spread[1],
            )
            rake = RakeRule(*self.rake) if self.rake else None
            self._settings = GameSettings(
                self.game,  # type: ignore[arg-type]
                structure,
                self.small_blind,
                self.big_blind,
                self.ante,
                rake,
                HouseRules(**self.house),
                self.with_buy,
                self.currency,
            )
        return self._settings

    def event(self) -> tuple[str, str, str | None, str]:
        """What names the event of the hands read now, as the ledger tells events apart and
        their records' session will say it (:func:`~badugi_ledger.model.events.event_of`): its
        kind (a session with no kind line is a cash game), name, date and unit.  Asking it
        holds nothing (:meth:`session_value` holds the event's terms from the hand on)."""
        session = self.session
        return event_key(
            session.get("kind") or NO_SESSION.kind,
            session.get("name") or NO_SESSION.name,
            session.get("date"),
            self.currency,
            session.get("chip_value"),
        )

    def stated_otherwise(self) -> str | None:
        """Asked at each hand, before :meth:`session_value`: why it cannot be read, when a
        header line since the hand before states a term of its event (buy-in, starting
        chips, payouts, place, season) otherwise than the event's hands before it were read
        with - in its session, or in an earlier session line of the same name and date.  One
        event has one set of terms: the ledger keeps one, and the hands after would say
        otherwise.  A term stated again, for the first time, or left out is no
        disagreement; header items may come in any order before a hand (a new night's season
        before its date)."""
        if self._session is not None:
            return None  # no header line since the hand before: nothing new
        event = self.event()
        held = self._events.get(event)
        if not held:
            return None
        session = self.session
        for tag in SESSION_TERMS:
            value, before = session.get(tag), held.get(tag)
            if value is not None and before is not None and value != before:
                keyword = _ITEM_KEYWORD.get(tag, tag)
                kind = event[0]
                named = f"{kind} {event[1]}".rstrip() + (f" ({event[2]})" if event[2] else "")
                return (
                    f"this hand's {named} was read before with {keyword} {_written(before)}, "
                    f"and the header lines before this hand state {keyword} {_written(value)}: "
                    f"one {kind} has one {keyword}; state it before its first hand, make them "
                    "agree, or name the other event otherwise"
                )
        return None

    def currency_inherited(self) -> bool:
        """Asked at each hand, before :meth:`session_value`: whether the hand opens a cash
        session that states no currency after a tournament that stated one.  There the
        currency named the buy-in's (the stacks were chips); in a cash game it makes every
        amount cents of it, which a side game after a tournament may not mean.  Said once a
        cash session (the next states it, or goes on in the same currency on its word)."""
        if self._session is not None:
            return False  # no header line since the hand before: nothing new
        kind = self.session.get("kind") or NO_SESSION.kind
        before = self._currency_for
        stated, self._currency_stated = self._currency_stated, None
        inherited = stated is None and self.currency is not None and before == "tournament"
        inherited = inherited and kind == "cash"
        if before is None or inherited or stated == "changed" or (stated and kind == "cash"):
            self._currency_for = kind
        return inherited

    def session_value(self) -> Session:
        if self._session is None:  # (a header line came since the hand before)
            session = self.session
            terms = self._events.setdefault(self.event(), {})
            for tag in SESSION_TERMS:
                value = session.get(tag)
                if value is not None:
                    terms.setdefault(tag, value)  # held from this hand on
            self._session = Session(**{k: v for k, v in session.items() if v is not None})
        return self._session


def _written(value: Any) -> str:
    """A fact's value as its header item writes it (``payouts 50/30/20``; ``none`` unset)."""
    if value is None:
        return "none"
    if isinstance(value, tuple):
        return "/".join(map(str, value))
    return str(value)


# ---------------------------------------------------------------- forced bets


def leaves_a_redeal(settings: GameSettings, carries: bool) -> bool:
    """Whether a hand that writes ``carry`` (``carries``) makes its table's next hand a redeal,
    which posts no blinds unless ``redeal-posts yes`` (:func:`implied_posts`): only in
    Progressive Badugi, the one game that carries a pot (``002``, "Pot carry-over").  In any
    other game the ``carry`` entry is a mistake the replay reports, and the next hand is played
    as usual."""
    return carries and GAMES[settings.game].progressive


def opens_a_redeal(carried_before: bool, events: Iterable[Event]) -> bool:
    """Whether a hand is a redeal, whose forced bets are implied as a redeal's
    (:func:`implied_posts`): the pot it states carried into it (``carry in N``) is more than
    nothing, or, stating none, its table's previous hand carried one (``carried_before``,
    :func:`leaves_a_redeal`).  ``carry in 0`` says that no pot was carried in (the hand after
    hands that are not in the file, when the last of them awarded its pot): not a redeal, as
    the replay holds too (``replay/state.py``: a redeal is a hand with a pot carried in)."""
    stated = [e.amount for e in events if type(e) is CarryIn]
    return sum(stated) > 0 if stated else carried_before


def implied_posts(
    settings: GameSettings,
    seats: Sequence[Seat],
    button: str,
    sitting_out: Iterable[str] = (),
    *,
    redeal: bool = False,
) -> tuple[Post, ...]:
    """The forced bets a hand implies when its text writes none (amounts ``None``: as set).
    Where they stand is the reader's to say (it places them at the hand line).

    Who posts what is :func:`~badugi_ledger.model.forced.forced_posts`'s rule, among the
    players listed who do not sit out: the reader cannot know the stacks, so it takes them all
    to be dealt in.  The record says its posts are implied (``HandRecord.posts_implied``), and
    the replay places them again among the players actually dealt in when one listed has no
    chips at the deal.
    """
    names = [s.name for s in seats]
    if button not in names:
        return ()
    b = names.index(button) + 1
    dealt = names[b:] + names[:b]  # clockwise from the button's left
    if sitting_out:
        out = set(sitting_out)
        dealt = [name for name in dealt if name not in out]
    return forced_posts(settings, dealt, button, redeal=redeal)
