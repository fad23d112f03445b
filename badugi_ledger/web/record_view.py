"""What the record page shows and sends as a text is typed, built from the library's answers:
the verdict of a text (:func:`badugi_ledger.live.live_check`) in the shape ``static/record.js``
draws, and the line a tapped option appends (:func:`badugi_ledger.replay.legal.option_line`).
A night's starting text, the night saved before, an event as the form shows it and the files
nights are saved in are :mod:`.record_night`'s.

Nothing here decides a rule: every message, pot, option and line comes from the library; this
module only picks, orders and names them for the page.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..model.errors import BadugiError
from ..model.limits import MAX_AMOUNT
from ..model.money import plain_money

if TYPE_CHECKING:
    from ..replay.legal import LegalOption


class RecordError(BadugiError):
    """What the organiser sent cannot be used (shown on the page, status 400)."""


# --- the verdict of a text, as the page draws it -------------------------------------------------

SOURCE = "record"
"""The name the live check gives the text (check's lines start ``record:LINE:COLUMN:``)."""

SHOWN_PROBLEMS = 200
"""The most problems one answer of the page lists, the first by line; the rest are counted
(``more_problems``) and said in one line.  The page is sent the whole text after every
keystroke: a megabyte of unreadable lines has a problem or two at each, tens of megabytes of
words no phone can draw and nobody reads, for every keystroke.  The verdict still counts every
problem, and ``check`` of the saved file lists each one."""


SHOWN_HANDS = 500
"""The most hands one answer of the page sends with their lines, verdict and pots: the first
``SHOWN_HANDS - 1`` by line and the last (the one being recorded, whose pots the page shows
while the text is not being edited).  The page draws the pots of the hand at the caret; a
text of 100,000 one-line hands was answered with 12 MB of them at every keystroke.  The hands
left out are said as one stretch of lines (``hands_cut``); the verdict still counts every
hand, and a night of a table is a few hundred hands at most."""


def _cut_hands(hands: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any] | None]:
    """The hands an answer sends (:data:`SHOWN_HANDS`) and the stretch it leaves out: how many
    hands, from the first one's line to the last one's last line; None when none is."""
    if len(hands) <= SHOWN_HANDS:
        return hands, None
    kept, left, end = hands[: SHOWN_HANDS - 1], hands[SHOWN_HANDS - 1 : -1], hands[-1]
    cut = {"count": len(left), "line": left[0]["line"], "last_line": left[-1]["last_line"]}
    return [*kept, end], cut


def checked_view(text: str) -> dict[str, Any]:
    """:func:`live_check` of ``text``, shaped for ``record.js``: ``problems`` (every problem
    with its line, column, rule and check's words, warnings marked; the first
    :data:`SHOWN_PROBLEMS` by line, ``more_problems`` counting the rest and ``more_text``
    saying so, else None), ``hands`` (each hand's
    lines, verdict and pots; the pots of a hand in progress as they stand; the first
    :data:`SHOWN_HANDS` less one and the last, ``hands_cut`` saying which lines the others
    hold, else None), ``next`` (who acts
    and the options to tap, each with its canonical line), ``next_hand`` (whether
    the next hand can start: the last one is over and correct, and two players have chips)
    and ``verdict`` (a one-line summary)."""
    from ..live import live_check

    live = live_check(text, source=SOURCE)
    data = live.to_dict()
    problems = [_problem_view(p, None) for p in data["problems"]]
    hands = []
    for hand in data["hands"]:
        problems += [_problem_view(p, hand["hand"]) for p in hand["problems"]]
        hands.append(
            {
                "hand": hand["hand"],
                "line": hand["first_line"],
                "last_line": hand["last_line"],
                "verdict": hand["verdict"],
                "complete": hand["verdict"] != "in progress",
                "pots": hand["pots"],
                "currency": hand["currency"],  # (its amounts are cents: shown as money)
            }
        )
    problems.sort(key=lambda p: p["line"])  # as check orders them: by line, then as found
    shown = problems[:SHOWN_PROBLEMS]
    nxt = data["next"]
    if nxt is not None and hands:
        hands[-1]["pots"] = [
            {**pot, "winners": [], "shares": {}, "detail": ""} for pot in nxt["pots"]
        ]
        hands[-1]["uncalled"] = nxt["uncalled"]
    more = len(problems) - len(shown)
    sent, cut = _cut_hands(hands)
    return {
        "verdict": _verdict(hands, problems),
        "problems": shown,
        "more_problems": more,
        "more_text": _more_text(more, problems[-1]["line"]) if more else None,
        "hands": sent,
        "hands_cut": cut,
        "next": _next_view(
            nxt, hands[-1]["hand"] if hands else None, hands[-1]["currency"] if hands else None
        ),
        # the next hand's line is written when tapped (next_hand_lines replays the text again)
        "next_hand": data["next_hand"],
    }


def _more_text(more: int, last_line: int) -> str:
    """The line under a cut list of problems: how many are not listed, down to which line,
    and where every one is said."""
    return (
        f"and {more} more problem{'s' if more != 1 else ''} after these, down to line "
        f"{last_line}: run badugi-ledger check on the file for all of them"
    )


def _problem_view(problem: dict[str, Any], hand: str | None) -> dict[str, Any]:
    where = f"{SOURCE}:{problem['line']}:{problem['column']}: "
    shown = problem["text"]
    if shown.startswith(where):
        shown = shown[len(where) :]
    return {
        "line": problem["line"],
        "column": problem["column"],
        "rule": problem["rule"],
        "kind": problem["kind"],
        "severity": "warning" if problem["kind"] == "warning" else "error",
        "message": problem["message"],
        "text": shown,
        "check": problem["text"],
        "hand": hand,
    }


def _verdict(hands: list[dict[str, Any]], problems: list[dict[str, Any]]) -> dict[str, Any]:
    """One line: ``2 problems · 8 hands: 6 correct, 2 with problems`` or ``No problems · 3
    hands: 2 correct, hand 3 being recorded``."""
    errors = sum(1 for p in problems if p["severity"] == "error")
    warnings = len(problems) - errors
    bad = sum(1 for h in hands if h["verdict"] in ("violations", "error"))
    going = [h["hand"] for h in hands if h["verdict"] == "in progress"]
    count = len(hands)
    head = f"{errors} problem{'s' if errors != 1 else ''}" if errors else "No problems"
    correct = count - bad - len(going)
    parts = [f"{correct} correct"] if correct or not (bad or going) else []
    if bad:
        parts.append(f"{bad} with problems")
    parts += [f"hand {hand} being recorded" for hand in going]
    text = f"{head} · {count} hand{'s' if count != 1 else ''}: " + ", ".join(parts)
    if warnings:
        text += f" · {warnings} warning{'s' if warnings != 1 else ''}"
    return {"text": text, "errors": errors, "warnings": warnings, "hands": count}


_LABELS = {"stand pat": "pat", "fold": "fold", "check": "check", "muck": "muck", "show": "show"}


def _next_view(
    nxt: dict[str, Any] | None, hand: str | None, currency: str | None = None
) -> dict[str, Any] | None:
    """The options to tap; in a hand of money (``currency``: its amounts are cents, as the
    lines the buttons add write them) each button shows its amount as money (``calls 0.75``,
    ``buy for 0.50``), as the pots beside it do, and a ranged one's ``min`` and ``max`` stay
    cents (the page shows them as money: ``currency``).  A bet or raise of a player whose
    stack nobody knows (after a hand that could not be replayed) is ranged with no ``max``
    when the structure sets none (no limit): any amount from ``min`` up may be typed; such a
    player may be all-in, so its ``all_in_from`` is the least amount an all-in of his may have
    (the option's ``all_in_least``; None for a known stack, whose all-in is ``all_in``).  So
    may his call (one chip up to what is due), his bet or raise of one amount (fixed limit:
    from one chip above the bet up to it) and his forced bet (one chip up to the blind or the
    ante; at the start of a hand that writes none, beside the first betting action): such a
    button stays one button, and its ``all_in_to`` is the most an all-in of his may have,
    ``all_in_label`` the button's words once an amount is typed (``call``, ``raise to``,
    ``posts big blind``).  A show says how many ``cards`` a hand of
    the game holds."""
    if nxt is None:
        return None
    options = []
    for index, option in enumerate(nxt["options"]):
        kind, low, high = option["kind"], option["amount"], option["max_amount"]
        ranged = kind in ("bet", "raise") and low is not None and (high is None or high > low)
        label = _label(option, ranged)
        if currency is not None:
            label = _AMOUNT_WORD.sub(lambda m: plain_money(int(m[0])), label)
        all_in_from = option["all_in_least"]
        typed = None if ranged or all_in_from is None else _TYPED_WORDS.get(kind, label)
        if option["player"] != nxt["player"] or (kind == "post" and nxt["phase"] != "forced bets"):
            # another player's, or a forced bet offered beside the first betting action (a stack
            # nobody knows may have posted all-in for less): named, even the player to act's
            label = f"{option['player']}: {label}"
            typed = None if typed is None else f"{option['player']}: {typed}"
        options.append(
            {
                "index": index,
                "kind": kind,
                "player": option["player"],
                "label": label,
                "line": option["line"],
                "min": low if ranged else None,
                "max": high if ranged else (option["cards"] if kind == "draw" else None),
                "all_in": option["all_in_amount"],
                "all_in_from": all_in_from,
                "all_in_to": None if typed is None else high,
                "all_in_label": typed,
                "takes_cards": kind in ("show", "buy"),
                "cards": option["cards"] if kind == "show" else None,
            }
        )
    return {
        "hand": hand,
        "phase": nxt["phase"],
        "player": nxt["player"],
        "currency": currency,
        "options": options,
    }


_TYPED_WORDS = {"call": "call", "bet": "bet", "raise": "raise to"}
"""A one-amount button's words once an all-in amount is typed beside it (``call`` 1); a
post's are its own (``posts big blind`` 1: they name no amount)."""

_AMOUNT_WORD = re.compile(r"(?<=\s)\d+(?=\s|$)")
"""An amount in a button's words (``calls 75``, ``raises to 150 all-in``): a number standing
alone after the verb (the player's name is said apart, above the buttons)."""


def _label(option: dict[str, Any], ranged: bool) -> str:
    """A button's words: ``fold``, ``calls 2``, ``raises to 8``, ``buy for 2`` (the house's
    price, ``002`` "with a Buy"; ``buy`` when it is free); ``raise to`` and ``bet`` beside the
    amount of a ranged one (the player's name is said once, above the buttons)."""
    from ..text.writer import name_text

    kind = option["kind"]
    if kind in _LABELS:
        return _LABELS[kind]
    if ranged:
        return "raise to" if kind == "raise" else "bet"
    if kind == "buy":
        return f"buy for {option['amount']}" if option["amount"] else "buy"
    if kind == "draw":
        return kind
    return str(option["line"]).removeprefix(name_text(option["player"]) + " ")


# --- a tapped option, as a line of the text -------------------------------------------------


def append_choice(text: str, choice: dict[str, Any]) -> tuple[str, int]:
    """``text`` with the canonical line of the tapped ``choice`` added after the last hand's
    last line (so a comment block below it stays below): ``index`` of an option of
    :func:`live_check`'s next actions, with ``amount`` for a ranged bet or raise (and
    ``all_in``, true: a bet, raise or call all-in of a player whose stack nobody knows, any
    amount from the option's ``all_in_least``, a call's, a fixed bet's or a forced bet's too:
    the amount he went all-in with), ``count`` for a draw and optional ``cards`` for a
    draw, a show or a buy; or ``next_hand`` (true), the line of :func:`next_hand_lines` once
    the last hand is over.  Also the number of the line added.  An amount outside the option's
    range is refused in the replay's words for its line (:func:`_refused_amount`)."""
    from ..live import live_check, next_hand_lines
    from ..model.events import Draw
    from ..replay.legal import event_at
    from ..text.writer import event_line

    live = live_check(text, source=SOURCE)
    if not live.hands:
        raise RecordError("there is no hand yet: start an event, or type a hand line")
    after = live.hands[-1].last_line
    if choice.get("next_hand") is True:
        new = next_hand_lines(text, source=SOURCE).splitlines()
        return _insert(text, after, ["", *new]), after + 1 + len(new)
    if live.next is None:
        raise RecordError("the last hand is not waiting for an action: type the next line")
    index = choice.get("index")
    if (
        not isinstance(index, int)
        or isinstance(index, bool)
        or not 0 <= index < len(live.next.options)
    ):
        raise RecordError("that option is no longer offered: the text changed meanwhile")
    option = live.next.options[index]
    _same_option(choice, option, live.next.player)
    amount = _number(choice, "count" if option.kind == "draw" else "amount")
    low, high = (1, option.cards) if option.kind == "draw" else (option.amount, option.max_amount)
    all_in = _all_in(choice, option)
    if all_in and option.all_in_least is not None:
        low = option.all_in_least  # a stack nobody knows: the amount he went all-in with
    elif amount is not None and option.kind not in ("bet", "raise", "draw") and amount != low:
        # an option of no amount or a fixed one (a fold, a pat, a call of 2) takes no other
        raise RecordError(f"{option.player} may {option.kind} only as offered here, not {amount}")
    if amount is not None and not (low or 0) <= amount <= (MAX_AMOUNT if high is None else high):
        # a bet's amounts in a hand of money are cents, said as money (as the box takes them)
        said = plain_money if option.kind != "draw" and live.hands[-1].currency else str
        shown = (
            f"at least {said(low or 0)}"
            if high is None
            else said(high)
            if low == high
            else f"{said(low or 0)} to {said(high)}"
        )
        words = (
            f"{option.player} may {option.kind} {'all-in ' * all_in}{shown} here, "
            f"not {said(amount)}"
        )
        if (
            not all_in
            and option.all_in_least is not None
            and option.all_in_least <= amount < (low or 0)
        ):
            words += ", unless all-in (tick all-in)"  # the replay would take it for one
        if option.kind == "draw" or amount > MAX_AMOUNT:  # no line to ask the replay about
            raise RecordError(words)
        raise _refused_amount(text, after, event_at(option, amount, all_in=all_in), words)
    event = event_at(option, amount, all_in=all_in)
    if all_in and option.all_in_least is None and not _is_all_in(event, option):
        # a known stack is all-in at one amount only: the replay says where
        words = f"{option.player} is all-in at {option.all_in_amount} only"
        if option.all_in_amount is None:
            words = f"no amount {option.player} may {option.kind} here is all-in"
        raise _refused_amount(text, after, event, words)
    typed = choice.get("cards")
    if isinstance(typed, str) and typed.strip():
        event = _with_cards(event, typed, amount)
        if isinstance(event, Draw) and not (low or 0) <= event.count <= (high or 0):
            # the typed cards give the count when none was sent: still the option's range
            shown = f"draw 1 to {high}" if option.kind == "draw" else "stand pat with no cards"
            raise RecordError(f"{option.player} may {shown} here, not {event.count}")
    return _insert(text, after, [event_line(event)]), after + 1


def _all_in(choice: dict[str, Any], option: LegalOption) -> bool:
    """Whether the tap says all-in (``all_in``: true), which only a bet or raise may, or a
    call or a forced bet of a stack nobody knows (a known stack's call or post is all-in only
    at its stack, and its option says so already)."""
    said = choice.get("all_in", False)
    if not isinstance(said, bool):
        raise RecordError("all_in must be true or false")
    if said and not (
        option.kind in ("bet", "raise")
        or (option.kind in ("call", "post") and option.all_in_least is not None)
    ):
        raise RecordError(f"{option.player} may {option.kind} only as offered here, not all-in")
    return said


def _is_all_in(event: Any, option: LegalOption) -> bool:
    """Whether a known stack's bet or raise ``event`` puts its last chip in."""
    return option.all_in_amount is not None and event.amount == option.all_in_amount


def _refused_amount(text: str, after: int, event: Any, words: str) -> RecordError:
    """The refusal of a tapped amount the option does not allow: the replay's words for the
    line it would add (``Dan raises to 8; the most allowed is 7 (pot-limit, 001/003)``), as
    ``check`` prints them, when the replay refuses that line; else ``words``, the page's own
    (the replay takes a raise short of the least of a stack nobody knows, the record's last
    line, for an all-in: the organiser said none)."""
    from ..live import live_check
    from ..text.writer import event_line

    added = after + 1
    live = live_check(_insert(text, after, [event_line(event)]), source=SOURCE)
    found = [p for p in live.hands[-1].problems if p.line == added and p.kind != "warning"]
    return RecordError(f"not added: {found[0].message}" if found else words)


def tapped_view(text: str, choice: dict[str, Any]) -> dict[str, Any]:
    """The answer to a tap: the ``text`` with the ``choice``'s line added
    (:func:`append_choice`), the number of that line and the new text's :func:`checked_view`."""
    new_text, line = append_choice(text, choice)
    return {"text": new_text, "line": line, "check": checked_view(new_text)}


def _same_option(choice: dict[str, Any], option: LegalOption, to_act: str | None) -> None:
    """Refuse a tap made for another moment of the hand: the ``player`` and ``kind`` the
    button was made for (the page sends both) are not the option's now, because the text
    changed meanwhile (a line typed, another tap).  Its index alone would give the action to
    whoever acts now."""
    player, kind = choice.get("player"), choice.get("kind")
    if player is None and kind is None:
        return
    if not isinstance(player, str) or not isinstance(kind, str):
        raise RecordError("the tapped option must name its player and its action")
    if (player, kind) != (option.player, option.kind):
        now = f"{to_act} is to act now" if to_act else "the options changed"
        raise RecordError(
            f"not added: the hand has moved on since {player}'s {kind} was offered ({now}); "
            "tap again"
        )


def _insert(text: str, after: int, new: list[str]) -> str:
    """``text`` with ``new`` lines after its line ``after`` (1-based), ending in a newline."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    lines[after:after] = new
    return "\n".join(lines) + "\n"


def _number(choice: dict[str, Any], key: str) -> int | None:
    value = choice.get(key)
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RecordError(f"the {key} must be a whole number")
    return value


def _cards_of(text: str) -> tuple[Any, ...]:
    from ..text.hints import card_problem
    from ..text.transformer import cards

    try:
        return cards(text)
    except KeyError as exc:
        word = str(exc.args[0])
        problem = card_problem(word) or f"{word!r} is not a card (As, Td, 7h, ??)"
        raise RecordError(problem) from None


def _with_cards(event: Any, typed: str, count: int | None) -> Any:
    """The option's event with the cards the organiser typed: a draw ``Qs 3c -> 8s 5c`` (or
    either side alone), a show's or a buy's cards."""
    from dataclasses import replace

    from ..model.events import Buy, Draw, Show

    if isinstance(event, Show):
        return replace(event, cards=_cards_of(typed))
    left, arrow, right = typed.replace("→", "->").partition("->")
    if isinstance(event, Buy):
        thrown, got = _cards_of(left), _cards_of(right)
        if len(thrown) > 1 or len(got) > 1:
            raise RecordError("a buy replaces one card: write it as Kd -> 4d")
        return replace(
            event, discard=thrown[0] if thrown else None, received=got[0] if got else None
        )
    if isinstance(event, Draw):
        thrown = _cards_of(left)
        got = _cards_of(right) if arrow else ()
        n = len(thrown) or len(got) or (count or 0)
        if count is not None and n != count:
            raise RecordError(f"the draw is of {count} cards, but {n} are written")
        if (thrown and len(thrown) != n) or (got and len(got) != n):
            raise RecordError("a draw receives as many cards as it throws")
        return Draw(event.player, thrown or (None,) * n, got or (None,) * n)
    raise RecordError("cards go with a draw, a show or a buy")
