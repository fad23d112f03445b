"""What the record page's buttons offer an organiser at the table, on the server and in a real
browser the size of a phone (390×844): a buy says its price in the night's units (``002``
"with a Buy", the house's ``buy-price``), a show asks for as many cards as the game deals
(``004``: five in Badacey and Badeucey), and a raise of a player whose stack nobody knows (the
table's previous hand could not be replayed) takes any amount the structure allows, not only
the least, and may be said all-in, as may his call and his fixed-limit raise (one button, an
all-in box beside it); an amount refused stays in its box with the replay's words beside it.
Screenshots go to ``test-output/screenshots/record-offers-*.png``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from badugi_ledger.live import live_check
from badugi_ledger.web.app import create_app
from badugi_ledger.web.record_view import RecordError, append_choice, checked_view
from tests.helpers.browser import Phone, serving
from tests.helpers.paths import EXAMPLES
from tests.web.test_record_browser import no_sideways_scroll, settled, text_has

BUY_NIGHT = (EXAMPLES / "progressive_with_a_buy.bhh").read_text(encoding="utf-8")
BUY_DUE = BUY_NIGHT[: BUY_NIGHT.index("draw: Ben 1")] + "draw: Ben 1 · Cara 2\n"
"""The example's hand up to Anna's turn in the first draw: she may buy (``buy-price 2``)."""
EURO_BUY = """\
game progressive badugi with a buy · fixed limit 50/100 · blinds 25/50 · buy-price 75 · currency EUR
cash Buy night in euros · date 2024-07-06

hand 1 · button Anna · Anna 5000 · Ben 5000 · Cara 5000
Anna calls · Ben calls · Cara checks
draw: Ben 1 · Cara 2
"""
"""A night of money: its amounts, the buy's price too, are cents."""

BADACEY = (EXAMPLES / "004_badacey.bhh").read_text(encoding="utf-8")
BADACEY_SHOWDOWN = "".join(
    line for line in BADACEY[: BADACEY.index("show:")].splitlines(True) if "deal:" not in line
)
"""Seed 004's hand up to its showdown, the deal left out (the cards are not all known, so
the shows are still to come)."""
BADUGI_SHOWDOWN = """\
game badugi · fixed limit 2/4 · blinds 1/2
cash Four-card night · date 2024-07-07

hand 1 · button Anna · Anna 100 · Ben 100
Anna calls · Ben checks
draw: Ben 1 · Anna 2
Ben checks · Anna checks
draw: Ben 1 · Anna 1
Ben checks · Anna checks
draw: Ben pat · Anna 1
Ben checks · Anna checks
"""

UNKNOWN = """\
game badugi · {structure} · blinds 1/2
cash Broken night · date 2024-07-08

hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100
Dan calls

hand 2 · button Anna · Anna · Ben · Cara · Dan
"""
"""Hand 1 stops after one line, so it cannot be replayed: hand 2's stacks are unknown
(``check``'s ``stacks-unknown``).  Dan, after the blinds of Ben and Cara, acts first."""
DOLLARS = """\
game badugi · fixed limit 50/100 · blinds 25/50 · currency USD
cash Broken dollar night · date 2024-07-10

hand 1 · button Dan · Anna 5000 · Ben 5000 · Cara 5000 · Dan 5000
Dan calls

hand 2 · button Anna · Anna · Ben · Cara · Dan
"""
"""``UNKNOWN`` in a night of money (``currency USD``): its amounts are cents."""
KNOWN = """\
game badugi · no limit · blinds 1/2
cash Known night · date 2024-07-09

hand 1 · button Dan · Anna 100 · Ben 100 · Cara 100 · Dan 100
"""
"""Every stack known (100): Cara, after the blinds of Anna and Ben, acts first."""


def options_of(text: str) -> dict[str, dict[str, Any]]:
    """The record page's options for the last hand of ``text``, by kind."""
    view = checked_view(text)["next"]
    assert view is not None, checked_view(text)["problems"]
    return {o["kind"]: o for o in view["options"]}


def tapped_line(text: str, choice: dict[str, Any]) -> str:
    """The line a tap of ``choice`` adds; the hand it goes on stays without a problem."""
    new, line = append_choice(text, choice)
    view = checked_view(new)
    last = view["hands"][-1]
    assert last["verdict"] == "in progress", view["problems"]
    assert not [p for p in view["problems"] if p["hand"] == last["hand"]], view["problems"]
    return new.splitlines()[line - 1]


# --- on the server --------------------------------------------------------------------------


def test_a_buy_button_says_its_price_in_the_nights_units() -> None:
    """``002`` "with a Buy" (seeds README item 7): a buy costs the house's ``buy-price``, as a
    call costs its amount; the button said only ``buy``.  In a night of money the price is
    shown as money, as the calls and the pots are, and the line keeps its cents."""
    buy = options_of(BUY_DUE)["buy"]
    assert buy["label"] == "buy for 2"
    assert tapped_line(BUY_DUE, {"index": buy["index"]}) == "draw: Anna buys ?? -> ?? for 2"
    euro = options_of(EURO_BUY)["buy"]
    assert euro["label"] == "buy for 0.75"
    assert tapped_line(EURO_BUY, {"index": euro["index"]}) == "draw: Anna buys ?? -> ?? for 75"


@pytest.mark.parametrize(("text", "size"), [(BADACEY_SHOWDOWN, 5), (BADUGI_SHOWDOWN, 4)])
def test_a_show_asks_for_the_cards_of_a_hand_of_the_game(text: str, size: int) -> None:
    """``004``: Badacey is played with five cards, Badugi (``000``) with four; the show's
    field asked for four in every game."""
    shows = [o for o in checked_view(text)["next"]["options"] if o["kind"] == "show"]
    assert len(shows) == 2 and {o["cards"] for o in shows} == {size}


def test_an_unknown_stacks_no_limit_raise_takes_any_amount_from_the_least() -> None:
    """After a hand that could not be replayed, Dan's stack is unknown: in no limit nothing
    known bounds his raise (``001``: a raise is at least the last one), so he may raise to 4
    or more; the page offered only ``raises to 4``.  Less than 4 is still refused."""
    text = UNKNOWN.format(structure="no limit")
    raise_ = options_of(text)["raise"]
    assert (raise_["label"], raise_["min"], raise_["max"]) == ("raise to", 4, None)
    assert raise_["all_in"] is None  # nobody knows which amount is his last chip
    choice = {"index": raise_["index"], "kind": "raise", "player": "Dan"}
    assert tapped_line(text, {**choice, "amount": 30}) == "Dan raises to 30"
    assert tapped_line(text, {**choice, "amount": 4}) == "Dan raises to 4"
    with pytest.raises(RecordError, match="Dan may raise at least 4 here, not 3"):
        append_choice(text, {**choice, "amount": 3})


def test_an_unknown_stacks_pot_limit_raise_stops_at_the_pot() -> None:
    """``001`` (pot limit: the largest raise is the pot after calling): an unknown stack bounds
    nothing, the pot still does: Dan may raise to 4 up to 7 (1 + 2 + his call of 2, and 2
    more), not 8."""
    text = UNKNOWN.format(structure="pot limit")
    raise_ = options_of(text)["raise"]
    assert (raise_["min"], raise_["max"]) == (4, 7)
    choice = {"index": raise_["index"], "kind": "raise", "player": "Dan"}
    assert tapped_line(text, {**choice, "amount": 7}) == "Dan raises to 7"
    with pytest.raises(RecordError, match=r"Dan raises to 8; the most allowed is 7 \(pot-limit"):
        append_choice(text, {**choice, "amount": 8})


def test_an_unknown_stack_may_raise_all_in_at_any_amount_above_the_bet() -> None:
    """grammar/README.md: ``all-in`` marks a player putting in their last chip, and after a
    hand that could not be replayed "an all-in in the record shows a stack" (``raises to N
    all-in``); an all-in short of a full raise (``001``: a raise is at least the last one) is
    a raise still.  Dan's stack is unknown: he may raise all-in to anything above the bet of
    2, from 3, and the line says all-in; the page offered no all-in, and refused 3.  Then he
    is all-in, nothing behind."""
    text = UNKNOWN.format(structure="no limit")
    raise_ = options_of(text)["raise"]
    assert (raise_["min"], raise_["all_in_from"]) == (4, 3)
    choice = {"index": raise_["index"], "kind": "raise", "player": "Dan", "all_in": True}
    assert tapped_line(text, {**choice, "amount": 3}) == "Dan raises to 3 all-in"
    assert tapped_line(text, {**choice, "amount": 30}) == "Dan raises to 30 all-in"
    new, _ = append_choice(text, {**choice, "amount": 30})
    live = live_check(new)
    assert live.next is not None and live.next.stacks["Dan"] == 0
    with pytest.raises(RecordError, match="not added: Dan raises to 2, not above the bet of 2"):
        append_choice(text, {**choice, "amount": 2})  # that would be a call
    with pytest.raises(RecordError, match=r"not 3, unless all-in \(tick all-in\)"):
        append_choice(text, {**choice, "all_in": False, "amount": 3})
    pot = UNKNOWN.format(structure="pot limit")  # the pot still bounds an all-in (001/003)
    assert tapped_line(pot, {**choice, "amount": 7}) == "Dan raises to 7 all-in"
    with pytest.raises(RecordError, match="not added: Dan raises to 8; the most allowed is 7"):
        append_choice(pot, {**choice, "amount": 8})


def test_an_unknown_stack_may_raise_all_in_short_of_the_fixed_raise() -> None:
    """``000`` (fixed limit: one raise, to 4 over blinds 1/2) and ``001`` (all-in for less
    than a raise: a raise still, raises.py).  Dan's stack is unknown: his raise stays one button
    (``raises to 4``, no amount box), and may be said all-in from one chip above the bet to the
    raise (``all_in_from``, ``all_in_to``); the page offered no all-in in fixed limit."""
    text = UNKNOWN.format(structure="fixed limit 2/4")
    raise_ = options_of(text)["raise"]
    assert (raise_["label"], raise_["min"], raise_["max"]) == ("raises to 4", None, None)
    assert (raise_["all_in_from"], raise_["all_in_to"], raise_["all_in_label"]) == (
        3,
        4,
        "raise to",
    )
    choice = {"index": raise_["index"], "kind": "raise", "player": "Dan"}
    assert tapped_line(text, choice) == "Dan raises to 4"
    assert tapped_line(text, {**choice, "all_in": True, "amount": 3}) == "Dan raises to 3 all-in"
    assert tapped_line(text, {**choice, "all_in": True, "amount": 4}) == "Dan raises to 4 all-in"
    assert tapped_line(text, {**choice, "all_in": True}) == "Dan raises to 4 all-in"
    with pytest.raises(RecordError, match=r"not added: Dan raises to 5; in fixed limit this"):
        append_choice(text, {**choice, "all_in": True, "amount": 5})
    with pytest.raises(RecordError, match=r"may raise 4 here, not 3, unless all-in"):
        append_choice(text, {**choice, "amount": 3})


@pytest.mark.parametrize("structure", ["fixed limit 2/4", "no limit"])
def test_an_unknown_stack_may_call_all_in_for_what_is_due_or_less(structure: str) -> None:
    """grammar/README.md: ``NAME calls [N] [all-in]``, N the chips the call puts in, and "an
    all-in in the record shows a stack"; ``001``: all-in for less than the call.  Dan's stack
    is unknown and he owes 2: his call may be said all-in for 1 or 2; the page offered no
    all-in call.  A known stack's call offers none (``KNOWN``: all-in only at the stack)."""
    text = UNKNOWN.format(structure=structure)
    call = options_of(text)["call"]
    assert (call["label"], call["min"]) == ("calls 2", None)
    assert (call["all_in_from"], call["all_in_to"], call["all_in_label"]) == (1, 2, "call")
    choice = {"index": call["index"], "kind": "call", "player": "Dan"}
    assert tapped_line(text, choice) == "Dan calls 2"
    assert tapped_line(text, {**choice, "all_in": True, "amount": 1}) == "Dan calls 1 all-in"
    assert tapped_line(text, {**choice, "all_in": True}) == "Dan calls 2 all-in"
    with pytest.raises(RecordError, match="not added: Dan calls 3; the call is 2"):
        append_choice(text, {**choice, "all_in": True, "amount": 3})
    with pytest.raises(RecordError, match="may call only as offered here, not 1"):
        append_choice(text, {**choice, "amount": 1})
    known = options_of(KNOWN)
    assert [o["all_in_from"] for o in known.values()] == [None] * len(known)
    with pytest.raises(RecordError, match="may call only as offered here, not all-in"):
        append_choice(
            KNOWN,
            {"index": known["call"]["index"], "kind": "call", "player": "Cara", "all_in": True},
        )


def test_an_unknown_stack_may_post_a_blind_all_in_for_less() -> None:
    """grammar/README.md, "Forced bets": a hand that writes a post gets exactly what it
    writes, "a short all-in blind" too (``Ben posts sb 1 all-in``); one that writes none has
    its blinds implied, in full for a stack nobody knows; ``001``: a player without enough
    chips posts all-in for less.  Hand 2 writes none: beside Dan's first action the page now
    offers the blinds of Ben and Cara, whose stacks are unknown, each with an all-in from one
    chip up to the blind; it offered none, so a big blind posted all-in for 1 could not be
    tapped.  Once one is written the other is offered next, as a forced bet."""
    text = UNKNOWN.format(structure="fixed limit 2/4")
    view = checked_view(text)["next"]
    assert view is not None and (view["phase"], view["player"]) == ("betting round 1", "Dan")
    posts = [o for o in view["options"] if o["kind"] == "post"]
    assert [(o["label"], o["all_in_from"], o["all_in_to"], o["all_in_label"]) for o in posts] == [
        ("Ben: posts small blind", 1, 1, "Ben: posts small blind"),
        ("Cara: posts big blind", 1, 2, "Cara: posts big blind"),
    ]
    assert [o["kind"] for o in view["options"][2:]] == ["fold", "call", "raise"]
    big = {"index": posts[1]["index"], "kind": "post", "player": "Cara", "all_in": True}
    assert tapped_line(text, {**big, "amount": 1}) == "Cara posts big blind 1 all-in"
    assert tapped_line(text, big) == "Cara posts big blind 2 all-in"
    with pytest.raises(RecordError, match="not added: Cara posts 3 as the big blind; it is 2"):
        append_choice(text, {**big, "amount": 3})
    with pytest.raises(RecordError, match="may post only as offered here, not 1"):
        append_choice(text, {**big, "all_in": False, "amount": 1})
    new, _ = append_choice(text, {**big, "amount": 1})
    then = checked_view(new)["next"]
    assert (then["phase"], then["player"]) == ("forced bets", "Ben")
    assert [(o["label"], o["all_in_from"]) for o in then["options"]] == [("posts small blind", 1)]
    new, _ = append_choice(new, {"index": 0, "kind": "post", "player": "Ben"})
    live = live_check(new)
    assert live.next is not None and live.next.player == "Dan"
    assert live.next.stacks == {"Cara": 0}  # all-in: her stack is known, nothing behind
    assert [o.amount for o in live.next.options if o.kind == "call"] == [2]  # the full blind
    known = checked_view(KNOWN)["next"]
    assert [o["kind"] for o in known["options"]] == ["fold", "call", "raise"]


def test_an_unknown_stacks_all_in_in_a_night_of_money_is_from_one_cent() -> None:
    """A night of money (``currency USD``: amounts are cents, grammar/README.md) counts a
    stack in cents, so a stack nobody knows may be all-in for any number of them: the least
    all-in of a call, as of a posted blind, is one cent (0.01), which the replay takes
    (``Dan calls 1 all-in``, ``Cara posts big blind 1 all-in``), and a refusal says money."""
    options = options_of(DOLLARS)
    call = options["call"]
    assert (call["label"], call["all_in_from"], call["all_in_to"]) == ("calls 0.50", 1, 50)
    choice = {"index": call["index"], "kind": "call", "player": "Dan", "all_in": True}
    assert tapped_line(DOLLARS, {**choice, "amount": 1}) == "Dan calls 1 all-in"
    with pytest.raises(RecordError, match=r"not added: Dan calls 0\.51; the call is 0\.50"):
        append_choice(DOLLARS, {**choice, "amount": 51})
    [big] = [o for o in checked_view(DOLLARS)["next"]["options"] if o["player"] == "Cara"]
    assert (big["all_in_from"], big["all_in_to"]) == (1, 50)
    post = {"index": big["index"], "kind": "post", "player": "Cara", "all_in": True, "amount": 1}
    assert tapped_line(DOLLARS, post) == "Cara posts big blind 1 all-in"
    with pytest.raises(
        RecordError, match=r"not added: Cara posts 0\.51 as the big blind; it is 0\.50"
    ):
        append_choice(DOLLARS, {**post, "amount": 51})


def test_a_refused_amount_of_a_night_of_money_is_said_in_money() -> None:
    """A night of money (``currency EUR``: its amounts are cents) has its amount box typed in
    money, so its refusal says money too (it said ``at least 400 here, not 300``)."""
    text = UNKNOWN.format(structure="no limit · currency EUR").replace("1/2", "100/200")
    raise_ = options_of(text)["raise"]
    choice = {"index": raise_["index"], "kind": "raise", "player": "Dan", "amount": 300}
    with pytest.raises(RecordError, match=r"at least 4\.00 here, not 3\.00, unless all-in"):
        append_choice(text, choice)
    assert tapped_line(text, {**choice, "all_in": True}) == "Dan raises to 300 all-in"


def test_a_known_stack_is_all_in_only_at_its_stack() -> None:
    """A known stack offers no all-in of its own choosing (``all_in_from`` is None): its
    all-in is the amount that puts its last chip in, and all-in at another amount is refused
    in the replay's words (``all-in-stack``)."""
    raise_ = options_of(KNOWN)["raise"]
    assert (raise_["all_in"], raise_["all_in_from"]) == (100, None)
    choice = {"index": raise_["index"], "kind": "raise", "player": "Cara", "all_in": True}
    assert tapped_line(KNOWN, {**choice, "amount": 100}) == "Cara raises to 100 all-in"
    with pytest.raises(RecordError, match="not added: Cara is marked all-in but keeps 70"):
        append_choice(KNOWN, {**choice, "amount": 30})
    with pytest.raises(RecordError, match="not added: Cara raises to 101 but has only 100"):
        append_choice(KNOWN, {**choice, "all_in": False, "amount": 101})
    with pytest.raises(RecordError, match="not added: Cara raises to 3; the least allowed is 4"):
        append_choice(KNOWN, {**choice, "all_in": False, "amount": 3})


# --- in a browser ---------------------------------------------------------------------------


def typed(page: Any, text: str, wait_for: str) -> None:
    page.locator("#record-text").fill(text)
    page.keyboard.press("End")
    page.wait_for_selector(wait_for)
    settled(page)


def test_the_buy_button_shows_its_price_in_chips_and_in_money(
    phone: Phone, fresh_ledger: Path
) -> None:
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        typed(page, BUY_DUE, "#record-options button[data-kind=buy]")
        assert page.inner_text("#record-options button[data-kind=buy]") == "buy for 2"
        no_sideways_scroll(phone)
        phone.shot("record-offers-buy-chips")
        page.locator("#record-options button[data-kind=buy]").click()
        text_has(page, "\ndraw: Anna buys ?? -> ?? for 2")
        settled(page)
        assert page.locator("#record-gutter .gl.error").count() == 0

        typed(page, EURO_BUY, "#record-options button[data-kind=buy]")
        assert page.inner_text("#record-options button[data-kind=buy]") == "buy for 0.75"
        no_sideways_scroll(phone)
        phone.shot("record-offers-buy-money")
    assert phone.errors == []


def test_the_show_field_asks_for_five_cards_in_badacey_and_four_in_badugi(
    phone: Phone, fresh_ledger: Path
) -> None:
    show = "#record-options .with-cards input.cardsin"
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        typed(page, BADACEY_SHOWDOWN, show)
        assert page.get_attribute(show, "placeholder") == "cards: As 5d 7h Kc 9s"
        no_sideways_scroll(phone)
        phone.shot("record-offers-show-five")
        typed(page, BADUGI_SHOWDOWN, show)
        assert page.get_attribute(show, "placeholder") == "cards: As 5d 7h Kc"
        phone.shot("record-offers-show-four")
    assert phone.errors == []


def test_an_unknown_stacks_raise_is_typed_at_any_amount_from_the_least(
    phone: Phone, fresh_ledger: Path
) -> None:
    ranged = "#record-options .ranged"
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        typed(page, UNKNOWN.format(structure="no limit"), ranged)
        box = page.locator(f"{ranged} input[type=number]")
        assert box.get_attribute("min") == "4" and box.get_attribute("max") is None
        assert box.input_value() == "4"
        assert page.inner_text(f"{ranged} .range") == "4 or more"
        no_sideways_scroll(phone)
        phone.shot("record-offers-unknown-stack-raise")
        box.fill("3")  # below the least raise: refused with the reason, nothing written
        page.locator(f"{ranged} button").click()
        page.wait_for_selector("#record-verdict[data-state=error]")
        assert "Dan may raise at least 4 here, not 3" in page.inner_text("#record-verdict")
        assert "Dan raises" not in page.input_value("#record-text")
        phone.shot("record-offers-unknown-stack-refused")
        box.fill("30")
        page.locator(f"{ranged} button").click()
        text_has(page, "\nDan raises to 30")
        settled(page)
        added = page.input_value("#record-text").splitlines().index("Dan raises to 30") + 1
        marked = page.locator("#record-gutter .gl.error").evaluate_all(
            "marks => marks.map(m => Number(m.dataset.line))"
        )
        assert added not in marked and marked == [5], marked  # hand 1's broken line only

        typed(page, UNKNOWN.format(structure="pot limit"), ranged)
        box = page.locator(f"{ranged} input[type=number]")
        assert (box.get_attribute("min"), box.get_attribute("max")) == ("4", "7")
        assert page.inner_text(f"{ranged} .range") == "4–7"
        phone.shot("record-offers-unknown-stack-pot-limit")
    assert phone.errors == []


def test_a_refused_amount_stays_in_its_box_with_the_replays_words_beside_it(
    phone: Phone, fresh_ledger: Path
) -> None:
    """``001``/``003``: the pot limits a raise.  An amount the page refuses (above the pot
    here) stays in its box, the replay's words beside it and the box focused, so that the
    organiser corrects it: the page drew the box anew at the least amount, the reason only in
    the verdict above the text."""
    ranged = "#record-options .ranged"
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        typed(page, UNKNOWN.format(structure="pot limit"), ranged)
        box = page.locator(f"{ranged} input[type=number]")
        box.fill("8")
        page.locator(f"{ranged} button").click()
        page.wait_for_selector("#record-verdict[data-state=error]")
        page.wait_for_selector(f"{ranged} .refusal", timeout=5000)
        why = page.inner_text(f"{ranged} .refusal")
        assert why == "not added: Dan raises to 8; the most allowed is 7 (pot-limit, 001/003)"
        assert box.input_value() == "8" and box.evaluate("b => b === document.activeElement")
        assert "Dan raises" not in page.input_value("#record-text")
        no_sideways_scroll(phone)
        phone.shot("record-offers-refused-amount-kept")
        box.fill("7")  # corrected where it stands
        page.locator(f"{ranged} button").click()
        text_has(page, "\nDan raises to 7")
        settled(page)
        assert page.locator(f"{ranged} .refusal").count() == 0
    assert phone.errors == []


def test_an_unknown_stacks_all_in_is_ticked_beside_the_amount(
    phone: Phone, fresh_ledger: Path
) -> None:
    """grammar/README.md: an all-in in the record shows a stack nobody knew (``raises to N
    all-in``).  Dan's stack is unknown: beside his raise's amount an ``all-in`` box lets the
    organiser say so, from one chip above the bet (3: short of a full raise, ``001``, an
    all-in is a raise still), and the line says ``all-in``; the page offered none."""
    ranged = "#record-options .ranged"
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        typed(page, UNKNOWN.format(structure="no limit"), ranged)
        box = page.locator(f"{ranged} input[type=number]")
        page.locator(f"{ranged} input.allin").check(timeout=5000)
        assert box.get_attribute("min") == "3"
        assert page.inner_text(f"{ranged} .range") == "3 or more"
        box.fill("3")
        no_sideways_scroll(phone)
        phone.shot("record-offers-all-in-ticked")
        page.locator(f"{ranged} button").click()
        text_has(page, "\nDan raises to 3 all-in")
        settled(page)
        marked = page.locator("#record-gutter .gl.error").evaluate_all(
            "marks => marks.map(m => Number(m.dataset.line))"
        )
        assert marked == [5], marked  # hand 1's broken line only
        assert page.inner_text("#record-turn strong") == "Anna"
        phone.shot("record-offers-all-in-written")
    assert phone.errors == []


def test_an_unknown_stacks_fixed_raise_and_call_are_ticked_all_in(
    phone: Phone, fresh_ledger: Path
) -> None:
    """``000``/``001``: in fixed limit the raise is one button, and a stack nobody knows may
    go all-in for less than it, or call all-in for what is due or less (grammar/README.md:
    ``raises to N all-in``, ``calls N all-in``).  Beside such a button an ``all-in`` box;
    ticked, the amount he went all-in with is typed, from ``all_in_from`` to the raise or the
    call; unticked, the button adds its line as before.  A known stack has no such box."""
    call = "#record-options .all-in-amount:has(button[data-kind=call])"
    raise_ = "#record-options .all-in-amount:has(button[data-kind=raise])"
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        typed(page, UNKNOWN.format(structure="fixed limit 2/4"), f"{raise_} input.allin")
        box = page.locator(f"{raise_} input[type=number]")
        assert not box.is_visible() and page.inner_text(f"{raise_} button") == "raises to 4"
        assert page.locator(f"{call} input.allin").count() == 1
        no_sideways_scroll(phone)
        phone.shot("record-offers-fixed-unknown")
        page.locator(f"{raise_} input.allin").check(timeout=5000)
        assert box.is_visible() and (box.get_attribute("min"), box.get_attribute("max")) == (
            "3",
            "4",
        )
        assert box.input_value() == "4" and page.inner_text(f"{raise_} .range") == "3–4"
        assert page.inner_text(f"{raise_} button") == "raise to"
        box.fill("3")
        no_sideways_scroll(phone)
        phone.shot("record-offers-fixed-all-in-ticked")
        page.locator(f"{raise_} button").click()
        text_has(page, "\nDan raises to 3 all-in")
        settled(page)
        assert page.inner_text("#record-turn strong") == "Anna"  # the button: she owes 3
        page.locator(f"{call} input.allin").check(timeout=5000)
        box = page.locator(f"{call} input[type=number]")
        assert (box.get_attribute("min"), box.get_attribute("max"), box.input_value()) == (
            "1",
            "3",
            "3",
        )
        assert page.inner_text(f"{call} button") == "call"
        box.fill("4")  # more than is due: refused, kept in its box with the replay's words
        page.locator(f"{call} button").click()
        page.wait_for_selector(f"{call} .refusal", timeout=5000)
        assert page.inner_text(f"{call} .refusal") == "not added: Anna calls 4; the call is 3"
        assert box.input_value() == "4" and page.locator(f"{call} input.allin").is_checked()
        box.fill("1")
        no_sideways_scroll(phone)
        phone.shot("record-offers-call-all-in-ticked")
        page.locator(f"{call} button").click()
        text_has(page, "\nAnna calls 1 all-in")
        settled(page)
        marked = page.locator("#record-gutter .gl.error").evaluate_all(
            "marks => marks.map(m => Number(m.dataset.line))"
        )
        assert marked == [5], marked  # hand 1's broken line only
        assert page.inner_text("#record-turn strong") == "Ben"
        phone.shot("record-offers-call-all-in-written")

        typed(page, KNOWN.replace("no limit", "fixed limit 2/4"), "#record-options button.call")
        assert page.locator("#record-options input.allin").count() == 0
    assert phone.errors == []


def test_an_unknown_stacks_blind_is_ticked_all_in_beside_the_first_action(
    phone: Phone, fresh_ledger: Path
) -> None:
    """grammar/README.md, "Forced bets" (``Ben posts sb 1 all-in``) and ``001`` (a player
    without enough chips posts all-in for less): at the start of a hand of stacks nobody knows,
    the blinds are offered beside the first action, named, each with an ``all-in`` box; ticked,
    the amount posted is typed, from one chip up to the blind, and a refused one stays in its
    box with the replay's words.  In a night of money an all-in is typed from 0.01."""
    post = "#record-options .all-in-amount:has(button[data-kind=post][data-player=Cara])"
    call = "#record-options .all-in-amount:has(button[data-kind=call])"
    with serving(create_app(fresh_ledger)) as url:
        page = phone.open(url + "/record")
        typed(page, UNKNOWN.format(structure="fixed limit 2/4"), f"{post} input.allin")
        assert page.inner_text(f"{post} button") == "Cara: posts big blind"
        assert page.inner_text("#record-turn strong") == "Dan"
        box = page.locator(f"{post} input[type=number]")
        assert not box.is_visible()
        no_sideways_scroll(phone)
        phone.shot("record-offers-blind-unknown")
        page.locator(f"{post} input.allin").check(timeout=5000)
        assert box.is_visible() and (box.get_attribute("min"), box.get_attribute("max")) == (
            "1",
            "2",
        )
        assert box.input_value() == "2" and page.inner_text(f"{post} .range") == "1–2"
        box.fill("3")  # more than the blind: refused, kept in its box with the replay's words
        page.locator(f"{post} button").click()
        page.wait_for_selector(f"{post} .refusal", timeout=5000)
        assert page.inner_text(f"{post} .refusal") == (
            "not added: Cara posts 3 as the big blind; it is 2"
        )
        assert box.input_value() == "3" and page.locator(f"{post} input.allin").is_checked()
        assert "Cara posts" not in page.input_value("#record-text")
        box.fill("1")
        no_sideways_scroll(phone)
        phone.shot("record-offers-blind-all-in-ticked")
        page.locator(f"{post} button").click()
        text_has(page, "\nCara posts big blind 1 all-in")
        settled(page)
        assert page.inner_text("#record-turn strong") == "Ben"  # his small blind, now written
        small = "#record-options button[data-kind=post][data-player=Ben]"
        assert page.inner_text(small) == "posts small blind"
        page.locator(small).click()
        text_has(page, "\nBen posts small blind\n")
        settled(page)
        assert page.inner_text("#record-turn strong") == "Dan"
        marked = page.locator("#record-gutter .gl.error").evaluate_all(
            "marks => marks.map(m => Number(m.dataset.line))"
        )
        assert marked == [5], marked  # hand 1's broken line only
        phone.shot("record-offers-blind-all-in-written")

        typed(page, DOLLARS, f"{call} input.allin")
        page.locator(f"{call} input.allin").check(timeout=5000)
        box = page.locator(f"{call} input[type=number]")
        assert (box.get_attribute("min"), box.get_attribute("max"), box.input_value()) == (
            "0.01",
            "0.50",
            "0.50",
        )
        assert page.inner_text(f"{call} .range") == "0.01–0.50"
        box.fill("0.01")
        no_sideways_scroll(phone)
        phone.shot("record-offers-money-call-all-in")
        page.locator(f"{call} button").click()
        text_has(page, "\nDan calls 1 all-in")
        settled(page)
    assert phone.errors == []
