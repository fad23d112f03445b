"""Mistakes in our text format explained the way the user made them.

A misspelt name, a card written wrongly, a comma for a separator, a mistyped header item and
"raises 8" for "raises to 8" each get one error at the place of the typo (file:line:col,
hand), what was expected and the likely fix.  The night's players here are Tamás, Lena and
Priya; ``ok`` parses a text that must be read without an error.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.model.cards import parse_card
from badugi_ledger.model.errors import CardError, ParseError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.text.lines import text_blocks
from badugi_ledger.text.parse import parse_text

HEAD = "game badugi · fixed limit 2/4 · blinds 1/2\n"
NIGHT = HEAD + (
    "hand 1 · button Tamás · Tamás 50 · Lena 50 · Priya 50\n"  # lines 2-3: the night so far
    "Tamás folds · Lena folds\n"
)


def errors(text: str) -> list[ParseError]:
    return [i for i in parse_text(text, "night.bhh") if isinstance(i, ParseError)]


def one_error(text: str) -> ParseError:
    (error,) = errors(text)
    return error


def where(error: ParseError) -> tuple[int, int, str | None]:
    return error.position.line, error.position.column, error.hand


def caret_under(error: ParseError) -> str:
    """The text the caret of the error's line display points at."""
    shown, caret = error.message.splitlines()[-2:]
    return shown[caret.index("^") :]


# ------------------------------------------------------------------ misspelt names


@pytest.mark.parametrize(
    ("seat", "column"),
    [("Tomas", 24), ("Priay", 39)],
)
def test_a_misspelt_seat_is_reported_at_the_seat(seat: str, column: int) -> None:
    right = {"Tomas": "Tamás", "Priay": "Priya"}[seat]
    hand_line = "hand 2 · button Lena · Tamás · Lena · Priya\n".replace(right, seat)
    text = NIGHT + hand_line + "Lena calls · Priya calls · Tamás checks\n"
    error = one_error(text)
    assert where(error) == (4, column, "2")
    assert f"did you mean {right}?" in error.message
    assert "line 5 names " + right in error.message
    assert caret_under(error).startswith(seat)
    assert str(error).startswith(f"night.bhh:4:{column}: hand 2: {seat} is seated here")


def test_a_seat_with_two_letters_swapped_is_reported_at_the_seat() -> None:
    """``Bne`` for ``Ben``: the commonest slip in a short name, which the similarity ratio
    alone scores too low (0.67) to suggest; the seat is the typo, and it is said there."""
    text = (
        HEAD
        + "hand 1 · button Ben · Ben 50 · Lena 50\nBen folds\n"
        + "hand 2 · button Lena · Bne · Lena\nLena calls · Ben checks\n"
    )
    error = one_error(text)
    assert where(error) == (4, 24, "2")
    assert "Bne is seated here, but line 5 names Ben, who is not seated" in error.message
    assert "did you mean Ben?" in error.message and caret_under(error).startswith("Bne")


def test_a_name_in_other_code_points_shows_how_each_is_written() -> None:
    """``Zoë`` seated as one character and acting as ``e`` and a combining diaeresis: the
    message would read "did you mean Zoë?" about Zoë, so it shows both spellings' code points."""
    text = HEAD + "hand 1 · button Zo\u00eb · Zo\u00eb 50 · Lena 50\nZoe\u0308 folds\n"
    error = one_error(text)
    assert where(error) == (3, 1, "1")
    assert "(the same name in other Unicode code points: Zoe\\u0308 here, Zo\\xeb there" in (
        error.message
    )


def test_a_seat_in_the_wrong_case_is_reported_at_the_seat() -> None:
    text = NIGHT + "hand 2 · button Lena · Tamás · lena · Priya\nPriya calls · Tamás checks\n"
    error = one_error(text)
    assert where(error) == (4, 32, "2")
    assert "lena is seated here, but the button is Lena, who is not seated: did you mean Lena?" in (
        error.message
    )


def test_a_misspelt_action_is_reported_at_the_action() -> None:
    text = NIGHT + "hand 2 · button Lena · Tamás · Lena · Priya\nLena calls · Tomas checks\n"
    error = one_error(text)
    assert where(error) == (5, 14, "2")
    assert "Tomas is not seated in this hand: did you mean Tamás?" in error.message


def test_the_nights_players_decide_which_spelling_is_the_typo() -> None:
    """Tamás never acts in hand 2 and Tomas does: without the earlier hand the seat would look
    like the typo, but Tamás played hand 1 and Tomas never did."""
    hand2 = "hand 2 · button Lena · Tamás · Lena · Priya\nLena calls · Priya calls · Tomas folds\n"
    assert where(one_error(NIGHT + hand2)) == (5, 28, "2")
    alone = hand2.replace("hand 2", "hand 1")
    assert where(one_error(HEAD + alone)) == (2, 24, "1")  # no night yet: the seat is blamed


def test_a_typo_on_the_seat_and_in_an_entry_is_reported_at_the_seat() -> None:
    """Tomas is seated and acts once, Tamás acts too: the earlier hands know Tamás only."""
    text = NIGHT + (
        "hand 2 · button Lena · Tomas · Lena · Priya\nLena calls · Priya calls · Tomas checks\n"
        "draw: Lena 1 · Priya 2 · Tamás 3\n"
    )
    error = one_error(text)
    assert where(error) == (4, 24, "2")
    assert "line 6 names Tamás, who is not seated: did you mean Tamás?" in error.message


def test_a_misspelt_button_gets_a_suggestion() -> None:
    text = NIGHT + "hand 2 · button Lenna · Tamás · Lena · Priya\nLena folds\n"
    error = one_error(text)
    assert where(error) == (4, 17, "2")
    assert "the button Lenna is not seated in this hand: did you mean Lena?" in error.message


def test_a_player_of_the_night_missing_from_the_hand_line() -> None:
    text = NIGHT + "hand 2 · button Lena · Tamás · Lena\nLena calls · Priya folds\n"
    error = one_error(text)
    assert where(error) == (5, 14, "2")
    assert "Priya played earlier at this table" in error.message


def test_close_names_that_are_all_seated_are_no_error() -> None:
    text = HEAD + "hand 1 · button Ann · Ann 50 · Anna 50\nAnna calls · Ann checks\n"
    assert errors(text) == []


# ------------------------------------------------------------------ cards


@pytest.mark.parametrize(
    ("line", "card", "column"),
    [
        ("deal: Anna 1d 2c 3h 4s", "1d", 12),
        ("deal: Anna As Xs 3h 4s", "Xs", 15),
        ("show: Anna As 2c 3h 11s", "11s", 21),
        ("Anna shows 2c 3h 4s 1h", "1h", 21),
        ("draw: Anna 1d -> 2c", "1d", 12),  # read as the number 1 and a stray "d"
        ("draw: Anna 2 -> 2c 0h", "0h", 20),
        ("show: Anna As 2", "2", 15),
    ],
)
def test_a_bad_card_gets_the_message_of_the_card_reader(line: str, card: str, column: int) -> None:
    text = HEAD + "hand 7 · button Anna · Anna 50 · Ben 50\n" + line + "\n"
    error = one_error(text)
    with pytest.raises(CardError) as caught:
        parse_card(card)
    assert error.message.splitlines()[0] == caught.value.message  # the one wording
    assert where(error) == (3, column, "7")
    assert caret_under(error).startswith(card)


def test_cards_written_without_spaces_get_the_spaced_form() -> None:
    text = HEAD + "hand 7 · button Anna · Anna 50 · Ben 50\ndeal: Anna As2c3h4d\n"
    error = one_error(text)
    assert "cards are written with spaces between them: 'As 2c 3h 4d'" in error.message
    assert where(error) == (3, 12, "7")


def test_a_run_of_cards_that_repeats_one_is_a_located_error_not_a_crash() -> None:
    """Found by the written-records fuzz test: ``KdKd`` in a show raised ``CardError``."""
    text = HEAD + "hand 7 · button Anna · Anna 50 · Ben 50\nshow: Anna 7h 6c 8d KdKd 2s\n"
    error = one_error(text)
    assert "cards are written with spaces between them, and card Kd appears twice" in (
        error.message
    )
    assert where(error)[0] == 3


# ------------------------------------------------------------------ separators and raises


@pytest.mark.parametrize(
    ("line", "row", "column"),
    [
        ("Anna calls, Ben folds", 3, 11),
        ("deal: Anna As, 2c", 3, 12),
        ("Anna folds , Ben folds", 3, 12),
        ("draw: Anna 2, Ben pat", 3, 13),
        ("hand 8 · button Anna, Anna 50, Ben 50", 3, 23),  # "Anna," reads as a name
    ],
)
def test_a_comma_for_a_separator_gets_a_hint(line: str, row: int, column: int) -> None:
    text = HEAD + "hand 7 · button Anna · Anna 50 · Ben 50\n" + line + "\n"
    error = errors(text)[0]
    assert "write '·' or ';' between entries" in error.message
    assert where(error)[:2] == (row, column)


@pytest.mark.parametrize(
    ("line", "column", "figure"),
    [
        ("Ben raises 12", 12, "12"),
        ("Anna calls · Ben raises 8 · Anna folds", 25, "8"),  # mid-line
        ("Anna calls ; Ben raises 30 all-in", 25, "30"),
    ],
)
def test_raises_without_to_names_the_figure_written(line: str, column: int, figure: str) -> None:
    text = HEAD + "hand 7 · button Anna · Anna 50 · Ben 50\n" + line + "\n"
    error = one_error(text)
    assert f"if {figure} is the total, write 'raises to {figure}'" in error.message
    assert where(error) == (3, column, "7")


@pytest.mark.parametrize(
    ("line", "number", "column"),
    [
        ("Anna calls 2.5", "2.5", 12),
        ("Anna calls -5", "-5", 12),
        ("Anna bets 1e5", "1e5", 11),
        ("Anna calls NaN", "NaN", 12),
        ("Anna calls 1,000 · Ben folds", "1,000", 12),
        ("hand 8 · button Anna · Anna 2.5 · Ben 50", "2.5", 29),
    ],
)
def test_a_number_written_as_no_amount_is_gets_a_hint(line: str, number: str, column: int) -> None:
    text = HEAD + "hand 7 · button Anna · Anna 50 · Ben 50\n" + line + "\n"
    error = errors(text)[0]
    assert error.message.startswith(f"expected a number, found {number!r} (an amount is a whole")
    assert "no sign, decimal point, comma or exponent" in error.message
    assert where(error)[:2] == (3, column)
    assert caret_under(error).startswith(number)


CHIPS_WORTH = HEAD + "cash Friday · chips 100 = 10 EUR\n"
CENTS = HEAD + "cash Friday · currency EUR\n"


@pytest.mark.parametrize(
    ("head", "line", "column", "hint"),
    [
        (CHIPS_WORTH, "Anna collects 0.50 EUR", 15, "0.50 EUR is 5 chips, write 5"),
        (CHIPS_WORTH, "Anna collects 5 EUR", 15, "5.00 EUR is 50 chips, write 50"),
        (CHIPS_WORTH, "Anna collects 0.55", 15, "0.55 EUR is not a whole number of chips"),
        (CHIPS_WORTH, "Anna collects 5 chips", 15, "amounts in this file are chips, written "),
        (
            CENTS,
            "Anna collects 1.50",
            15,
            "cents of EUR (currency EUR), written without a unit: for 1.50 EUR write 150",
        ),  # fmt: skip
        (CENTS, "Anna collects 2 EUR", 15, "for 2.00 EUR write 200"),
        (
            CENTS,
            "Anna collects 150 chips",
            15,
            "not chips: write the money in cents, without a unit (150 is 1.50 EUR)",
        ),  # fmt: skip
    ],
    ids=[
        "money-in-chips",
        "whole-money-in-chips",
        "no-whole-chips",
        "chips-said",
        "money-in-cents",
        "whole-money-in-cents",
        "chips-in-cents",
    ],  # fmt: skip
)
def test_money_written_where_chips_belong_and_the_other_way_round_gets_the_way_to_write_it(
    head: str, line: str, column: int, hint: str
) -> None:
    """``grammar/README.md``: amounts are whole chips, or cents with ``currency``; ``chips
    100 = 10 EUR`` gives a chip a value.  An amount written as money in a file of chips (or as
    chips in a file of cents) was "expected a number" or "expected '·'" only: the error says
    how this file writes it."""
    error = one_error(head + "hand 7 · button Anna · Anna 50 · Ben 50\n" + line + "\n")
    assert hint in error.message, error.message
    assert where(error)[:2] == (4, column)


def test_a_buy_in_written_as_money_gets_the_way_to_write_it() -> None:
    """A tournament's ``buy-in`` is cents of its currency (``grammar/README.md``)."""
    header = "tournament Cup · currency EUR · buy-in 20.50\n"
    error = errors(HEAD + header + "hand 1 · button Anna · Anna 50 · Ben 50\nBen folds\n")[0]
    assert "a buy-in is cents of EUR (currency EUR), written without a unit: for 20.50 EUR " \
        "write 2050" in error.message  # fmt: skip


def test_a_misspelt_verb_gets_a_suggestion() -> None:
    text = HEAD + "hand 7 · button Anna · Anna 50 · Ben 50\nAnna rasies to 4\n"
    assert "found 'rasies' (did you mean 'raises'?)" in one_error(text).message


# ------------------------------------------------------------------ header items

HANDS = (
    "hand 1 · button Lena · Tamás 50 · Lena 50\nTamás folds\n"
    "hand 2 · button Tamás · Tamás · Lena\nLena folds\n"
    "hand 3 · button Lena · Tamás · Lena\nTamás folds\n"
)


def test_a_mistyped_header_line_is_one_error_with_a_suggestion() -> None:
    found = errors("blind 1/2\n" + HANDS)
    assert len(found) == 2  # the header line, and one line for the hands it spoils
    header, hands = found
    assert where(header) == (1, 1, None)
    assert "found 'blind' (did you mean 'blinds'?)" in header.message
    assert where(hands) == (2, 1, "1")
    assert "nor the 2 hands after it (to line 6): the header line 1 has an error" in str(hands)


@pytest.mark.parametrize(
    ("line", "meant"),
    [("tabel Back room", "table"), ("csah Friday game", "cash"), ("seasn 2024", "season")],
)
def test_a_mistyped_free_text_header_outside_a_hand_spoils_the_hands_after_it(
    line: str, meant: str
) -> None:
    """``tabel Back room`` between a night's headers and its hands was a stray line, and its
    hands were read - and stored - at the table before (or none), a Progressive Badugi pot
    they state carried in taken there (carried-pots fuzzing).  Outside a hand no line is a
    body line, so the free-text items are matched too: a mistyped header line, which spoils
    the hands after it until it is mended."""
    header, hands = errors(HEAD + line + "\n" + HANDS)
    assert where(header) == (2, 1, None)
    assert f"(did you mean {meant!r}?)" in header.message
    assert "the header line 2 has an error" in str(hands)


def test_a_free_text_word_in_a_hand_is_not_taken_for_a_header() -> None:
    """In a hand a line led by a word near ``cash`` is read as the hand's (a body line)."""
    text = HEAD + "hand 1 · button Cash · Cash 50 · Lena 50\nCash folds\nLena collects 1\n"
    assert errors(text) == []


def test_a_mistyped_item_mid_header_lists_no_keywords() -> None:
    header, hands = errors("game badugi · blind 1/2\n" + HANDS)
    assert where(header) == (1, 15, None)
    assert "expected a header item" in header.message
    assert "(did you mean 'blinds'?)" in header.message
    assert "'tournament'" not in header.message and "'qualifier-pair-ok'" not in header.message
    assert "nor the 2 hands after it" in hands.message


def test_a_mistyped_header_between_hands_ends_the_hand_before_it() -> None:
    text = HEAD + HANDS.replace("hand 2", "Game badeucey\nhand 2")
    items = list(parse_text(text, "night.bhh"))
    assert isinstance(items[0], HandRecord) and items[0].hand_id == "1"
    assert isinstance(items[1], ParseError) and "(did you mean 'game'?)" in items[1].message
    assert items[1].position.line == 4


def test_a_stray_note_is_not_taken_for_a_header_line() -> None:
    """'Cash out: …' would read as a header ('cash' takes any text): it stays the hand's
    error, and the hands after it are read."""
    text = HEAD + HANDS.replace("Tamás folds\nhand 2", "Tamás folds\nCash out: Lena 50\nhand 2")
    items = list(parse_text(text, "night.bhh"))
    assert [type(i).__name__ for i in items] == ["ParseError", "HandRecord", "HandRecord"]


def test_a_player_named_like_a_header_item_is_read() -> None:
    """A body line is never taken for a mistyped header: 'blind' is a player here."""
    text = HEAD + "hand 1 · button blind · blind 50 · cashy 50\ncashy calls · blind checks\n"
    assert errors(text) == []


def test_what_the_reader_remembers_for_suggestions_is_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A file of strangers at ever new tables must not grow the reader's memory."""
    from badugi_ledger.text import reader as text_reader
    from badugi_ledger.text import record_assembly

    monkeypatch.setattr(record_assembly, "_MAX_KNOWN", 100)
    hand = "table T{0}\nhand {0} · button P{0}a · P{0}a 5 · P{0}b 5\nP{0}a folds\n"
    text = "".join(hand.format(i) for i in range(300))
    reader = text_reader._Reader("many.bhh")
    items = list(reader.read(text_blocks(text)))
    assert all(isinstance(i, HandRecord) for i in items) and len(items) == 300
    assert reader.remembered <= 100
    assert sum(len(names) for names in reader.players.values()) <= 100


TWO_HANDS = (
    HEAD
    + "hand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\nBen collects 3\n\n"
    + "{line} · button Ben · Anna · Ben\nBen folds\nAnna collects 3\n"
)


@pytest.mark.parametrize("word", ["Hand", "HAND", "hnad"])
def test_a_misspelt_hand_line_is_the_next_hands_error_not_the_hand_befores(word: str) -> None:
    """A phone that capitalises the first word of a line: ``Hand 2 · button Ben · …`` was read
    as a body line of hand 1, which it broke ("expected 'adds', 'bets', …, found '2'"), and
    hand 2 was lost.  Hand 1 is read; hand 2 is not, at its own line, with the fix."""
    first, second = parse_text(TWO_HANDS.format(line=f"{word} 2"))
    assert isinstance(first, HandRecord) and first.hand_id == "1"
    assert isinstance(second, ParseError) and second.hand == "2"
    assert second.position.line == 6 and second.position.column == 1
    assert f"expected 'hand', found {word!r} (did you mean 'hand'?" in second.message
    assert ("written in small letters" in second.message) == (word != "hnad")


def test_a_player_named_hand_is_no_hand_line() -> None:
    text = (
        HEAD + "hand 1 · button Hand · Hand 100 · Ben 100\nHand folds\nBen collects 3\n\n"
        "hand 2 · button Ben · Hand · Ben\nBen folds\nHand collects 3\n"
    )
    assert all(isinstance(item, HandRecord) for item in parse_text(text))


@pytest.mark.parametrize("word", ["Draw", "Show", "Deal", "Final"])
def test_a_card_line_word_in_capitals_gets_the_fix(word: str) -> None:
    line = {
        "Draw": "Draw: Anna 1 · Ben 1",
        "Show": "Show: Anna 2c 3d 4h 5s · Ben 6c 7d 8h 9s",
        "Deal": "Deal: Anna 2c 3d 4h 5s",
        "Final": "Final: Anna 99 · Ben 101",
    }[word]
    text = HEAD + f"hand 1 · button Anna · Anna 100 · Ben 100\n{line}\n"
    (error,) = parse_text(text)
    assert isinstance(error, ParseError)
    expected = f"(did you mean '{word.lower()}:'? the words of the format are written in small"
    assert expected in error.message, error.message


@pytest.mark.parametrize(
    ("header", "fix"),
    [
        # "did you mean 'no limit'?" - which would have changed the game
        ("game badugi · limit 2/4", "a limit names its kind: 'fixed limit 2/4'"),
        ("game badugi · fixed limit 2/4 · blinds 1-2", "write 'blinds 1/2': two amounts"),
        ("game badugi · fixed-limit 2/4", "write 'fixed limit', with a space"),
        ("tournament Cup · buy-in 1000 · payouts 70/30%", "without %: payouts 70/30"),
    ],
)
def test_a_header_item_written_as_people_say_it_gets_the_formats_spelling(
    header: str, fix: str
) -> None:
    (error,) = [i for i in parse_text(header + "\n") if isinstance(i, ParseError)]
    assert error.position.line == 1
    assert fix in error.message, error.message


def test_a_night_saved_as_windows_1252_says_so_at_each_line(tmp_path: Path) -> None:
    """A night saved as "ANSI" in Notepad: each line with an accent or a ``·`` was "not UTF-8
    text" and no more; it now shows the line as that encoding reads it, and the fix."""
    from badugi_ledger.text.parse import parse_file

    path = tmp_path / "night.bhh"
    text = HEAD + "hand 1 · button Jöhn · Jöhn 100 · Ben 100\nJöhn folds\nBen collects 3\n"
    path.write_bytes(text.encode("cp1252"))
    errors = [i for i in parse_file(path) if isinstance(i, ParseError)]
    assert len(errors) == 2, errors  # the header line, and the hand's
    assert all("': save the file as UTF-8)" in e.message for e in errors), errors
    said = "(read as Windows-1252 it says 'hand 1 · button Jöhn · Jöhn 100 · Ben 100': save"
    assert said in errors[1].message, errors[1].message


@pytest.mark.parametrize(
    ("hand", "fix"),
    [
        (
            "hand #1 · button Anna · Anna 100 · Ben 100\nAnna folds\n",
            "('#' starts a comment: the rest of the line is not read; leave it out)",
        ),
        (
            "hand 1 · Button Anna · Anna 100 · Ben 100\nAnna folds\n",
            "(did you mean 'button'? the words of the format are written in small letters)",
        ),
        (
            "hand 1 · button Ben · “Anna Maria” 100 · Ben 100\nBen folds\n",
            '(write a name with a space in straight quotes ("Anna Maria"), not curly ones)',
        ),
    ],
    ids=["hash-id", "capital-button", "curly-quotes"],
)
def test_a_hand_line_or_name_slip_gets_the_fix(hand: str, fix: str) -> None:
    (error,) = [i for i in parse_text(HEAD + hand) if isinstance(i, ParseError)]
    assert fix in error.message, error.message


@pytest.mark.parametrize(
    ("line", "fix"),
    [
        ("Ben calls - Anna folds", "(write '·' or ';' between entries, not '-')"),
        ("Ben calls | Anna folds", "(write '·' or ';' between entries, not '|')"),
        ("Ben calls\tAnna folds", "(a tab is no separator between entries: write '·' or ';')"),
        ("Ben draws 2", "(a draw is written on its own line, every player's at once: 'draw:"),
        ("Ben calls · Anna raises to $8", "(write the amount without '$': 8; a header line's"),
        # grammar/README.md: `NAME pat` (or `NAME 0`) stands pat - as people say it, no keyword
        # is near enough for "did you mean", and the line only said what it expected
        (
            "Anna calls · Ben calls · Cara checks\ndraw: Ben 1 · Cara stands pat · Anna 2",
            "(a player who draws no card is written 'pat': write 'Cara pat')",
        ),
        (
            "Anna calls · Ben calls · Cara checks\ndraw: Ben 1 · Cara stays pat · Anna 2",
            "(a player who draws no card is written 'pat': write 'Cara pat')",
        ),
    ],
    ids=["dash", "pipe", "tab", "draws", "dollar-sign", "stands-pat", "stays-pat"],
)
def test_a_body_line_slip_gets_the_fix(line: str, fix: str) -> None:
    hand = "hand 1 · button Anna · Anna 100 · Ben 100 · Cara 100\n" + line + "\n"
    (error,) = [i for i in parse_text(HEAD + hand) if isinstance(i, ParseError)]
    assert fix in error.message, error.message


@pytest.mark.parametrize(
    ("text", "kept", "not_said"),
    [
        (  # a player named Hand with a misspelt verb: the verb's fix, not the keyword's
            "hand 1 · button Hand · Hand 100 · Ben 100\nHand fodls\n",
            "did you mean 'folds'?",
            "did you mean 'hand'?",
        ),
        (  # an empty item before a comment: leaving the # out would read "level 1" as an item
            "blinds 1/2 · # level 1\n",
            "expected",
            "'#' starts a comment",
        ),
        (  # a verb nobody knows after a seated player: no advice to quote a name
            "hand 1 · button Ben · Ben 100 · Cara 100\nBen Limps\n",
            "expected",
            "written in quotes",
        ),
    ],
    ids=["player-named-hand", "empty-item-before-a-comment", "unknown-verb"],
)
def test_a_hint_is_not_given_out_of_its_context(text: str, kept: str, not_said: str) -> None:
    (error,) = [i for i in parse_text(HEAD + text) if isinstance(i, ParseError)]
    assert kept in error.message and not_said not in error.message, error.message


def test_a_stray_byte_in_a_utf8_line_is_not_read_as_windows_1252(tmp_path: Path) -> None:
    """Saving the file as UTF-8 after reading it as Windows-1252, as the hint said, would spoil
    every ``·`` and ``ë`` that was right: a line that holds UTF-8 characters gets no such hint."""
    from badugi_ledger.text.parse import parse_file

    path = tmp_path / "night.bhh"
    good = (HEAD + "hand 1 · button Zoë · Zoë 100 · Ben 100\n").encode()
    path.write_bytes(good + "Zoë folds · Ben".encode() + b" \xff\n")
    (error,) = [i for i in parse_file(path) if isinstance(i, ParseError)]
    assert "not UTF-8 text" in error.message and "Windows-1252" not in error.message


def test_spaces_inside_a_keyword_of_several_words_are_one_space() -> None:
    """``fixed  limit`` was read and ``progressive  badugi``, ``with  a buy`` or ``small  blind``
    (two spaces, a tab) refused, with "expected a game (badugi, progressive badugi, …), found
    'progressive'" and every hand after it unread."""
    one = (
        "game progressive badugi with a buy · fixed limit 2/4\ncash X\n\n"
        "hand 1 · button Ben · Anna 100 · Ben 100\nBen posts small blind 1 · Anna posts big "
        "blind 2\nBen folds\n"
    )
    spaced = (
        one.replace("progressive badugi", "progressive  badugi")
        .replace("with a buy", "with\ta  buy")
        .replace("small blind", "small  blind")
        .replace("big blind", "big\tblind")
    )
    assert spaced != one
    (plain,) = parse_text(one)
    (read,) = parse_text(spaced)
    assert isinstance(plain, HandRecord) and isinstance(read, HandRecord), read
    assert read.settings == plain.settings and read.events == plain.events


def test_a_rake_taken_under_rake_none_is_refused_at_the_entry() -> None:
    """``rake none`` in the game header and ``Anna collects 13 · raked 3`` in a hand: the hand
    passed ``check`` and the import gave the house 3 chips of Anna's pot (check audit).  The
    header says no rake is taken: the entry is refused at its column.  A game line that
    states no rake item leaves ``raked N`` what the house took (a site's, as ``convert``
    writes it), and ``raked 0`` says nothing was taken."""
    hand = (
        "hand 1 · button Anna · Anna 100 · Ben 100\n"
        "Anna raises · Ben folds\n"
        "Anna collects 3 · raked 1\n"
    )
    error = one_error("game badugi · fixed limit 2/4 · blinds 1/2 · rake none\n" + hand)
    assert where(error) == (4, 19, "1")
    assert "'raked 1', but the game header says 'rake none': no rake is taken" in str(error)
    assert errors(HEAD + hand) == []
    assert errors(HEAD.replace("\n", " · rake none\n") + hand.replace("raked 1", "raked 0")) == []
    later = "game badugi · fixed limit 2/4 · blinds 1/2 · rake none\n" + (
        "game badugi · fixed limit 2/4 · blinds 1/2 · rake 5% always\n"
    )
    assert errors(later + hand.replace("collects 3 · raked 1", "collects 4")) == []


@pytest.mark.parametrize("code", ["JPY", "KRW", "ISK", "KWD", "CLF", "UYW"])
def test_a_currency_without_cents_is_refused_with_the_way_to_record_it(code: str) -> None:
    """``currency JPY`` with blinds of 100/200 yen: the amounts were read as cents of a yen,
    and the settle-up said "Anna pays Ben 2.00 JPY" where she lost 200 yen (reports audit).
    A currency without cents (or with thousandths, or ten-thousandths: CLF and UYW, which the
    audit's night in ``currency CLF`` showed counted in cents) is refused at the header item,
    with the way to record such a night: chips valued in it, which the ledger shows in that
    money."""
    text = (
        f"game badugi · fixed limit 200/400 · blinds 100/200\ncash Night · currency {code}\n"
        "hand 1 · button Tamás · Tamás 10000 · Lena 10000\nTamás folds\n"
    )
    error = errors(text)[0]
    assert where(error)[:2] == (2, 14)
    assert f"currency {code}: a game of money writes its amounts in cents" in str(error)
    assert f"'chips 1 = 1 {code}'" in str(error)
    valued = text.replace(f"currency {code}", f"chips 1 = 1 {code}")
    (record,) = parse_text(valued, "night.bhh")
    assert isinstance(record, HandRecord) and record.session.chip_value is not None
    assert errors(text.replace(code, "EUR")) == []
