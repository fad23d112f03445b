"""Errors people can act on: a table of bad snippets.

Each case gives the text, where the error must point (line, column), and words the message
must contain: what was expected, in words, never Lark's terminal names.  Every error also
shows the offending line with a caret under the column.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_ledger.model.errors import ParseError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.model.limits import MAX_QUOTE
from badugi_ledger.text.parse import parse_text
from tests.helpers.paths import EXAMPLES

HEAD = "game badugi · fixed limit 2/4 · blinds 1/2\n"
HAND = "hand 7 · button Anna · Anna 100 · Ben 100\n"

# (id, text, line, column, words in the message)
CASES: list[tuple[str, str, int, int, tuple[str, ...]]] = [
    (
        "raise-written-as-increment",
        HEAD + HAND + "Anna raises 8\n",
        3,
        13,
        ("'to'", "'all-in'", "the end of the line", "write 'raises to 8'"),
    ),
    (
        "unknown-verb",
        HEAD + HAND + "Anna shoves\n",
        3,
        6,
        ("'calls'", "'folds'", "'raises'", "found 'shoves'"),
    ),
    (
        "all-in-without-its-action",
        HEAD + HAND + "Anna all-in\n",
        3,
        6,
        ("found 'all-in'", "'calls all-in', 'bets all-in', 'raises all-in'"),
    ),
    (
        "bad-card",
        HEAD + HAND + "deal: Anna As Zz 3c 4d\n",
        3,
        15,
        ("unknown rank 'Z' in card 'Zz' (ranks are A 2-9 T/10 J Q K)",),
    ),
    (
        "card-without-suit",
        HEAD + HAND + "show: Anna As 2 3c 4d\n",
        3,
        15,
        ("card '2' has no suit (suits are c d h s or ♣ ♦ ♥ ♠)",),
    ),
    (
        "missing-amount",
        HEAD + HAND + "Anna collects\n",
        3,
        14,
        ("a number", "found the end of the line"),
    ),
    (
        "missing-button",
        HEAD + "hand 7 · Anna 100 · Ben 100\n",
        2,
        1,
        ("must name the button",),
    ),
    (
        "button-not-seated",
        HEAD + "hand 7 · button Cara · Anna 100 · Ben 100\n",
        2,
        17,
        ("the button Cara is not seated",),
    ),
    (
        "seated-twice",
        HEAD + "hand 7 · button Anna · Anna 100 · Anna 50\n",
        2,
        35,
        ("Anna is seated twice",),
    ),
    (
        "one-player",
        HEAD + "hand 7 · button Anna · Anna 100\n",
        2,
        1,
        ("at least two seated players",),
    ),
    (
        "seat-numbers-go-down",
        HEAD + "hand 7 · button Anna · 3 Anna 100 · 1 Ben 100\n",
        2,
        39,
        ("seat numbers must go up",),
    ),
    (
        "player-not-seated",
        HEAD + HAND + "Anna calls · Bob folds\n",
        3,
        14,
        ("Bob is not seated in this hand",),
    ),
    (
        "draw-count-mismatch",
        HEAD + HAND + "draw: Anna 2 -> 8s\n",
        3,
        7,
        ("draws 2 but receives 1",),
    ),
    (
        "discard-receive-mismatch",
        HEAD + HAND + "draw: Ben Qs 3c -> 8s\n",
        3,
        7,
        ("discards 2 but receives 1",),
    ),
    (
        "buy-of-two-cards",
        "game progressive badugi with a buy\n" + HAND + "draw: Anna buys Kd 2c -> 4d 5s\n",
        3,
        7,
        ("exactly one card",),
    ),
    (
        "rebuy-after-play",
        HEAD + HAND + "Anna calls\nBen rebuys 100\n",
        4,
        1,
        ("between hands", "right after the hand line"),
    ),
    (
        "posts-none-and-posts",
        HEAD + HAND + "posts none\nAnna posts sb 1\n",
        2,
        1,
        ("'posts none' but the hand also writes posts",),
    ),
    (
        "unknown-game",
        "game poker\n" + HAND,
        1,
        6,
        ("a game (badugi, progressive badugi, badacey or badeucey)", "found 'poker'"),
    ),
    (
        "game-name-with-a-letter-more",  # read as "badugi" and a stray "i" before
        "game badugii · fixed limit 2/4\n" + HAND,
        1,
        6,
        ("a game (badugi, progressive badugi, badacey or badeucey)", "found 'badugii'"),
    ),
    (
        "unknown-odd-chip-rule",
        "odd-chip sideways\n" + HAND,
        1,
        10,
        ("button-left, worst-seat or best-hand",),
    ),
    (
        "fixed-limit-without-bets",
        "fixed limit 0/0\n" + HAND,
        1,
        1,
        ("fixed limit needs a small bet and a big bet",),
    ),
    (
        "not-a-date",
        "cash Friday · date 2024-13-45\n" + HAND,
        1,
        15,
        ("2024-13-45 is not a date",),
    ),
    (
        "unknown-house-rule",
        "house odd-chips worst-seat\n" + HAND,
        1,
        1,
        ("unknown house rule 'odd-chips'", "odd-chip"),
    ),
    (
        "spread-limit-backwards",
        "spread limit 10-2\n" + HAND,
        1,
        1,
        ("spread limit needs 0 < min <= max",),
    ),
    (
        "stray-line-before-any-hand",
        HEAD + "Anna calls\n" + HAND,
        2,
        1,
        ("expected a header line", "or a 'hand' line"),
    ),
    (
        "hand-without-id",
        HEAD + "hand\n",
        2,
        5,
        ("a hand id",),
    ),
    (
        "buy-in-a-game-without-buys",
        HEAD + "game badugi with a buy\n" + HAND,
        2,
        1,
        ("'with a buy' is a Progressive Badugi variant",),
    ),
    (
        "body-line-after-a-header-line",
        HEAD + HAND + "blinds 2/4\nAnna folds\n",
        4,
        1,
        ("expected a header line", "or a 'hand' line"),
    ),
    (
        "header-line-inside-a-hand",
        HEAD + HAND + "Anna calls · Ben checks\ncurrency EUR\ndraw: Ben 1 · Anna 1\n",
        5,
        1,
        (
            "expected a header line",
            "; the header line at line 4 ('currency EUR') ended hand 7 (line 2): header lines "
            "go between hands, so if this line is that hand's, move the header line before the "
            "hand line or after the hand's last line",
        ),
    ),
]


@pytest.mark.parametrize(
    ("text", "line", "column", "words"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_bad_snippet_reports_where_and_what(
    text: str, line: int, column: int, words: tuple[str, ...]
) -> None:
    items = list(parse_text(text, "bad.bhh"))
    errors = [i for i in items if isinstance(i, ParseError)]
    assert errors, f"no error for {text!r}"
    err = errors[0]
    where = (err.position.source, err.position.line, err.position.column)
    assert where == ("bad.bhh", line, column)
    for word in words:
        assert word in err.message, f"{word!r} not in {err.message!r}"
    # The offending line and a caret under the column.
    shown_line, caret = err.message.splitlines()[-2:]
    assert shown_line == "    " + text.splitlines()[line - 1]
    assert caret == "    " + " " * (column - 1) + "^"
    # No Lark terminal names leak into messages.
    for leak in ("__ANON", "_NL", "NAME", "CARDS", "NUMBER", "$END"):
        assert leak not in err.message


def test_a_header_line_after_a_blank_line_is_not_taken_for_one_inside_the_hand() -> None:
    """The hint of a header line written inside a hand is given only when nothing parts it
    from the hand's last line: after a blank line or a comment it stands between hands."""
    for between in ("\n", "# the next night\n"):
        text = HEAD + HAND + "Anna calls · Ben checks\n" + between + "currency EUR\nBen folds\n"
        errors = [i for i in parse_text(text, "bad.bhh") if isinstance(i, ParseError)]
        assert errors and "expected a header line" in errors[0].message
        assert "ended hand 7" not in errors[0].message, errors[0].message


def test_error_names_file_line_column_and_hand() -> None:
    text = HEAD + HAND + "Anna raises 8\n"
    err = next(i for i in parse_text(text, "night.bhh") if isinstance(i, ParseError))
    assert str(err).startswith("night.bhh:3:13: hand 7: expected ")
    assert err.hand == "7"


def test_every_bad_hand_is_reported_and_reading_resumes() -> None:
    text = (
        HEAD
        + "hand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\n"
        + "hand 2 · button Ben · Anna · Ben\nBen raises 9\n"
        + "hand 3 · button Anna · Anna · Ben\nAnna folds\n"
        + "hand 4 · button Ben · Anna · Ben\nBen Zz\n"
        + "hand 5 · button Anna · Anna · Ben\nAnna folds\n"
    )
    items = list(parse_text(text))
    kinds = [(type(i).__name__, i.hand_id if isinstance(i, HandRecord) else i.hand) for i in items]
    assert kinds == [
        ("HandRecord", "1"),
        ("ParseError", "2"),
        ("HandRecord", "3"),
        ("ParseError", "4"),
        ("HandRecord", "5"),
    ]


def test_a_bad_header_spoils_the_hands_after_it_not_before() -> None:
    text = (
        HEAD
        + "hand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\n"
        + "blinds 1\n"
        + "hand 2 · button Ben · Anna · Ben\nBen folds\n"
    )
    items = list(parse_text(text))
    assert isinstance(items[0], HandRecord)
    assert isinstance(items[1], ParseError) and items[1].position.line == 4
    assert isinstance(items[2], ParseError) and items[2].hand == "2"
    assert "header line 4" in items[2].message


def test_header_values_that_do_not_fit_are_reported_once_at_the_line_that_set_them() -> None:
    """``spread limit 6-2`` is wrong at its own line; the ``cash`` line after it, fine in
    itself, leaves the values as they were: it is not a second error, and the hands after it
    are not read because of line 1."""
    text = (
        "game badugi · spread limit 6-2 · blinds 1/2\n"
        "cash Friday · date 2024-01-05\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\n"
    )
    items = list(parse_text(text))
    errors = [item for item in items if isinstance(item, ParseError)]
    assert [e.position.line for e in errors] == [1, 3]
    assert "min <= max" in errors[0].message
    assert "header line 1 has an error" in errors[1].message
    # A later header line that makes values not fit in another way is reported at its line.
    text = "game badugi · spread limit 6-2\ncash Friday\nspread limit 6-3\n"
    lines = [i.position.line for i in parse_text(text) if isinstance(i, ParseError)]
    assert lines == [1, 3]


@pytest.mark.parametrize(
    ("header", "words"),
    [
        ("fixed limit 4/2 · blinds 1/2", "the small bet (rounds 1 and 2) cannot be above"),
        ("fixed limit 2/4 · blinds 2/1", "the small blind cannot be above the big blind"),
    ],
)
def test_bets_or_blinds_written_the_wrong_way_round_are_one_error_at_their_header(
    header: str, words: str
) -> None:
    """Seed ``000``: the small bet is for the first two rounds, the big bet ("now with the big
    bet") for the last two, and the big blind is "normally twice" the small one.  Swapped, they
    are one error at the header line, not a bet-size violation in every hand after it."""
    text = f"game badugi · {header}\nhand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\n"
    errors = [item for item in parse_text(text) if isinstance(item, ParseError)]
    assert [e.position.line for e in errors] == [1, 2]
    assert words in errors[0].message and "the other way round?" in errors[0].message
    assert "header line 1 has an error" in errors[1].message


@pytest.mark.parametrize(
    ("header", "words", "column"),
    [
        ("fixed limit 2/4 · blinds 1/2 · blinds 2/4", "blinds is given twice on this line", 33),
        (
            "fixed limit 2/4 · no limit",
            "fixed limit and no limit both set the betting structure on this line",
            33,
        ),
        ("rake 5% · rake none", "rake is given twice on this line", 15),
        (
            "odd-chip worst-seat · house odd-chip button-left",
            "odd-chip and house odd-chip both set the house rule odd-chip on this line",
            37,
        ),
        (
            "house odd-chip worst-seat · house odd_chip button-left",
            "house odd-chip and house odd_chip both set the house rule odd-chip on this line",
            15,
        ),
    ],
)
def test_a_value_set_twice_on_one_header_line_is_one_error_there(
    header: str, words: str, column: int
) -> None:
    """The later value was taken without a word: a night of ``blinds 1/2 · blinds 2/4``
    written for 1/2 gave a payout mismatch in every hand, none of them at the header."""
    text = f"game badugi · {header}\nhand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\n"
    errors = [item for item in parse_text(text) if isinstance(item, ParseError)]
    assert [e.position.line for e in errors] == [1, 2]
    assert words in errors[0].message and "keep the one meant" in errors[0].message
    assert errors[0].position.column == column
    assert "header line 1 has an error" in errors[1].message


def test_hands_spoiled_by_two_bad_header_lines_each_name_their_own_line() -> None:
    """Hand 1 is not read because of line 1, hand 2 because of line 4: each is said so, in the
    file's order (the second header's hands were once counted with the first's, all blamed on
    the later line)."""
    text = (
        "game badugi · fixed limit 4/2 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\n"
        "game badugi · fixed limit 2/4 · blinds 2/1\n"
        "hand 2 · button Ben · Anna · Ben\nBen folds\n"
    )
    errors = [item for item in parse_text(text) if isinstance(item, ParseError)]
    assert [e.position.line for e in errors] == [1, 2, 4, 5]
    assert errors[1].message == "hand not read: the header line 1 has an error"
    assert errors[3].message == "hand not read: the header line 4 has an error"


def test_long_line_is_cut_around_the_error() -> None:
    text = HEAD + HAND + "Anna folds" + " · Anna folds" * 200 + " · Anna Zz\n"
    err = next(i for i in parse_text(text) if isinstance(i, ParseError))
    shown, caret = err.message.splitlines()[-2:]
    assert len(shown.strip(" …")) == MAX_QUOTE  # limits.MAX_QUOTE characters of the line
    assert shown[caret.index("^") :].startswith("Zz")


def test_not_utf8_line_is_reported_with_its_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.bhh"
    path.write_bytes(
        (HEAD + "hand 1 · button Anna · Anna 100 · Ben 100\n").encode()
        + "Zoë calls\n".encode("latin-1")
        + ("hand 2 · button Ben · Anna · Ben\nBen folds\n").encode()
    )
    from badugi_ledger.text.parse import parse_file

    items = list(parse_file(path))
    assert isinstance(items[0], ParseError)
    assert items[0].position.line == 3 and "not UTF-8" in items[0].message
    assert isinstance(items[1], HandRecord) and items[1].hand_id == "2"


def test_missing_file_is_one_error() -> None:
    from badugi_ledger.text.parse import parse_file

    items = list(parse_file("/no/such/file.bhh"))
    assert len(items) == 1 and isinstance(items[0], ParseError)
    assert "cannot read the file" in items[0].message


def test_an_overlong_body_line_spoils_its_hand_only() -> None:
    from badugi_ledger.text.parse import MAX_LINE

    long_line = "Anna folds" + " · Anna folds" * (MAX_LINE // 10)
    text = HEAD + HAND + long_line + "\n" + "hand 8 · button Ben · Anna · Ben\nBen folds\n"
    items = list(parse_text(text, "long.bhh"))
    assert [type(i).__name__ for i in items] == ["ParseError", "HandRecord"]
    err = items[0]
    assert isinstance(err, ParseError)
    assert (err.position.line, err.hand) == (3, "7")
    assert "characters long" in err.message and len(str(err)) < 300


def test_an_overlong_hand_line_in_a_file_is_refused_without_reading_it_whole(
    tmp_path: Path,
) -> None:
    from badugi_ledger.text.parse import parse_file

    path = tmp_path / "long.bhh"
    with path.open("w", encoding="utf-8") as f:
        f.write(HEAD + "hand 1 · button A · A 5 · B 5\nA folds\n")
        f.write("hand 2 · button A · " + "A 1 · " * 100_000 + "\n")
        f.write("A folds\nB folds\n")  # the spoiled hand's body: no stray-line errors
        f.write("hand 3 · button A · A 5 · B 5\nA folds\n")
    items = list(parse_file(path))
    assert [type(i).__name__ for i in items] == ["HandRecord", "ParseError", "HandRecord"]
    err = items[1]
    assert isinstance(err, ParseError) and err.hand == "2" and err.position.line == 4
    assert "700,022 bytes long" in err.message  # "·" is two bytes; the line end not counted


def test_an_overlong_header_line_spoils_the_hands_after_it() -> None:
    text = "place " + "x" * 20_000 + "\n" + HAND + "Anna folds\n"
    items = list(parse_text(text))
    assert [type(i).__name__ for i in items] == ["ParseError", "ParseError"]
    assert "header line 1" in str(items[1])


def test_a_long_name_is_cut_in_messages() -> None:
    name = "B" * 5000
    items = list(parse_text(HEAD + HAND + f"{name} folds\n"))
    assert isinstance(items[0], ParseError)
    assert "BBBB…" in items[0].message and len(str(items[0])) < 400


@pytest.mark.parametrize(
    ("odd", "name"),
    [("\u00a0", "U+00A0 NO-BREAK SPACE"), ("\u2003", "U+2003 EM SPACE"), ("\x0b", "U+000B")],
)
def test_an_invisible_character_is_named_not_the_word_after_it(odd: str, name: str) -> None:
    """A no-break space where a space goes read "expected … 'folds' …, found 'folds'": the
    message now names the character the eye cannot see."""
    (error,) = parse_text(
        f"hand 1 · button A · A 100 · B 100\nA{odd}folds\nB collects 2\n", "t.bhh"
    )
    assert isinstance(error, ParseError)
    assert f"found an invisible character, {name}" in error.message
    assert "found 'folds'" not in error.message


@pytest.mark.parametrize(
    ("odd", "name", "spaced"),
    [
        *((odd, name, spaced) for spaced in (True, False) for odd, name in (
            ("\u2028", "U+2028 LINE SEPARATOR"),
            ("\u2029", "U+2029 PARAGRAPH SEPARATOR"),
            ("\x85", "U+0085 NEXT LINE"),
        )),
        ("\u200b", "U+200B ZERO WIDTH SPACE", True),  # (without spaces, a part of the number)
    ],
)  # fmt: skip
def test_a_line_separator_between_actions_is_named(odd: str, name: str, spaced: bool) -> None:
    """Unicode's line and paragraph separators and NEL (a line pasted from a web page or a
    word processor) cut no line of our format, which ends at LF, CRLF or CR only
    (grammar/README.md): between two actions of a body line one read "found 'Ben'", as if
    the name were wrong, or named no character (U+0085 "a control character"; a zero-width
    space quoted as the word found).  The character is named, at its column."""
    between = f" {odd} " if spaced else odd
    text = f"hand 1 · button A · A 100 · Ben 100\nA calls 1{between}Ben checks\nA collects 4\n"
    (error,) = parse_text(text, "t.bhh")
    assert isinstance(error, ParseError)
    assert f"found an invisible character, {name} (" in error.message, error.message
    assert error.position.line == 2
    assert error.position.column == len("A calls 1") + 1 + spaced


@pytest.mark.parametrize(
    ("odd", "name", "why"),
    [
        ("\u200d", "U+200D ZERO WIDTH JOINER", "apart from the same name written without it"),
        ("\u202e", "U+202E RIGHT-TO-LEFT OVERRIDE", "changes how the rest of the line shows"),
        ("\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE", "changes how the rest of the line shows"),
    ],
)
def test_an_invisible_character_that_may_not_start_a_name_is_named(
    odd: str, name: str, why: str
) -> None:
    """The audit's ``lead.bhh`` (``Zoë`` seated in hand 2 with a character pasted before her
    name): a joiner or a bidirectional control there is no character that counts as nothing
    (it would make another name, or show another line than the one read), so it is refused,
    and the message names it and says what to write; it said "found '\\u200dZoë'" as if the
    name were wrong."""
    text = (
        "game badugi · fixed limit 2/4 · blinds 1/2\n"
        "hand 1 · button Anna · Anna 100 · Zoë 100\nAnna raises · Zoë folds\nAnna collects 4\n"
        f"hand 2 · button {odd}Zoë · Anna · {odd}Zoë\n{odd}Zoë raises · Anna folds\n"
        f"{odd}Zoë collects 4\n"
    )
    first, error = parse_text(text, "lead.bhh")
    assert isinstance(first, HandRecord) and isinstance(error, ParseError)
    assert (error.hand, error.position.line, error.position.column) == ("2", 5, 17)
    assert f"found an invisible character before the name, {name}, which" in error.message
    assert why in error.message and "(write the name without it)" in error.message


@pytest.mark.parametrize("keyword", ["draw:", "final:", "hand 2"])
def test_an_invisible_mark_before_a_lines_keyword_is_named(keyword: str) -> None:
    """A zero-width space may start a name (it counts as nothing), so one pasted before a
    line's keyword made the line a player's: the error blamed the keyword's colon, never the
    character (the verification audit).  It names the character, at its column."""
    text = (EXAMPLES / "home_session.bhh").read_text(encoding="utf-8")
    at = text.index("\n" + keyword) + 1
    marked = text[:at] + "\u200b" + text[at:]
    line = marked[:at].count("\n") + 1
    errors = [i for i in parse_text(marked, "night.bhh") if isinstance(i, ParseError)]
    assert errors, keyword
    error = errors[0]
    assert (error.position.line, error.position.column) == (line, 1)
    word = keyword.rstrip(":").split()[0]
    assert error.message.startswith(
        f"an invisible character, U+200B ZERO WIDTH SPACE, stands before {word!r}: the line "
        "reads as a player's; delete it"
    ), error.message


# One run of ``check`` lists every mistake of a file, each at its own line (README, "What
# check reports, in one run"): a hand's lines that cannot be read are each listed, not only
# its first, and the hand is still one item of the stream.

TWO_TYPOS = (
    (EXAMPLES / "progressive_night.bhh")
    .read_text(encoding="utf-8")
    .replace("Anna checks · Ben bets · Cara calls", "Anna checks · Ben betz · Cara calls")
    .replace("draw: Ben 1 · Cara 1\nBen checks", "draw: Ben 1 · Cara 1\nBen chekcs", 1)
)
"""examples/progressive_night.bhh with two verbs mistyped in hand P1: line 15 and line 17."""


def _listed(error: ParseError) -> list[tuple[int, int]]:
    return [(e.position.line, e.position.column) for e in (error, *error.others)]


@pytest.mark.parametrize("fast", [True, False])
def test_every_line_of_a_hand_that_cannot_be_read_is_listed_at_its_line(fast: bool) -> None:
    items = list(parse_text(TWO_TYPOS, "night.bhh", fast=fast))
    assert [type(i).__name__ for i in items] == ["ParseError", "HandRecord", "HandRecord"]
    error = items[0]
    assert isinstance(error, ParseError) and error.hand == "P1"
    assert _listed(error) == [(15, 19), (17, 5)]
    second = error.others[0]
    assert second.hand == "P1" and str(second).startswith("night.bhh:17:5: hand P1: expected ")
    assert "found 'chekcs' (did you mean 'checks'?)" in second.message
    assert second.message.endswith("\n    Ben chekcs · Cara checks\n        ^")
    assert "found 'betz' (did you mean 'bets'?)" in error.message


def test_each_bad_line_after_a_bad_hand_line_is_listed() -> None:
    text = HEAD + "hand 7 · button Anna · Anna 1O0 · Ben 100\nAnna raises 8\nBen folds\n"
    (error,) = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError)
    assert _listed(error) == [(2, 29), (3, 13)]
    assert "expected a number, found '1O0'" in error.message
    assert "write 'raises to 8'" in error.others[0].message


def test_a_bad_card_and_a_bad_line_after_it_are_both_listed() -> None:
    text = HEAD + HAND + "deal: Anna 1d 2c 3h 4s\nAnna folds\nBen Zz\nBen raises 8\n"
    (error,) = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError)
    assert [e.position.line for e in (error, *error.others)] == [3, 5, 6]
    assert "unknown rank '1'" in error.message
    assert "found 'Zz'" in error.others[0].message


def test_the_lines_of_a_hand_whose_hand_line_is_misspelt_are_listed_too() -> None:
    text = HEAD + "Hand 7 · button Anna · Anna 100 · Ben 100\nAnna shoves\nBen folds\n"
    (error,) = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError) and error.hand == "7"
    assert _listed(error) == [(2, 1), (3, 6)]
    assert "did you mean 'hand'?" in error.message and "found 'shoves'" in error.others[0].message


def test_every_line_of_a_hand_that_is_not_utf8_is_listed(tmp_path: Path) -> None:
    from badugi_ledger.text.parse import parse_file

    path = tmp_path / "latin1.bhh"
    path.write_bytes(
        (HEAD + HAND).encode()
        + "Zoë calls\n".encode("latin-1")
        + b"Anna shoves\n"
        + "Zoë folds\n".encode("latin-1")
        + "hand 8 · button Ben · Anna · Ben\nBen folds\n".encode()
    )
    error, record = parse_file(path)
    assert isinstance(error, ParseError) and isinstance(record, HandRecord)
    assert [e.position.line for e in (error, *error.others)] == [3, 4, 5]
    assert "not UTF-8" in error.message and "not UTF-8" in error.others[1].message
    assert "found 'shoves'" in error.others[0].message


def test_a_hand_of_thousands_of_bad_lines_lists_a_bounded_number() -> None:
    """A hand line followed by lines of another text: the first MAX_LISTED are listed, one
    error says there are more, and the reading goes on with the next hand."""
    from badugi_ledger.text.chunks import MAX_LISTED

    text = HEAD + HAND + "Anna shoves\n" * 5_000 + "hand 8 · button Ben · Anna · Ben\nBen folds\n"
    error, record = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError) and isinstance(record, HandRecord)
    assert len(error.others) == MAX_LISTED
    assert [e.position.line for e in (error, *error.others)] == list(range(3, MAX_LISTED + 4))
    last = error.others[-1]
    assert last.hand == "7" and "\n" not in last.message
    assert last.message.startswith(f"line {MAX_LISTED + 3} cannot be read either")
    assert f"only the first {MAX_LISTED} lines of a hand that cannot be read" in last.message


def test_a_bad_line_between_good_ones_is_listed_wherever_it_stands() -> None:
    """The lines after the first error are read some at a time: an error far down a long
    hand, past the first lines read together, is still found and placed."""
    good = 'Anna calls · "Ben x" folds\n'  # (left to Lark: a quoted name)
    text = HEAD + HAND + "Anna shoves\n" + good * 200 + "Ben Zz\n" + good * 10
    (error,) = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError)
    assert [e.position.line for e in (error, *error.others)] == [3, 204]
    assert "found 'Zz'" in error.others[0].message


def test_a_bad_line_after_more_comment_lines_than_a_hand_keeps_is_shown_as_written() -> None:
    """Blank and comment lines past half of MAX_HAND_LINES are let go unread (grammar/README.md,
    Errors): a bad line after them is still shown as written, with its caret, never another
    line and never a traceback (an index into the lines kept took it for a line past them)."""
    from badugi_ledger.text.parse import MAX_HAND_LINES

    comments = "# a note\n" * (MAX_HAND_LINES // 2 + 10)
    text = HEAD + HAND + comments + "Anna raises 8\nhand 8 · button Ben · Anna · Ben\nBen folds\n"
    error, record = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError) and isinstance(record, HandRecord)
    line = 3 + MAX_HAND_LINES // 2 + 10
    assert (error.position.line, error.position.column) == (line, 13)
    assert error.message.endswith("\n    Anna raises 8\n                ^")


@pytest.mark.parametrize(
    ("header", "item", "words"),
    [
        ("fixed limit 4/2 · blinds 1/2", "fixed limit 4/2", "the small bet (rounds 1 and 2)"),
        ("fixed limit 0/4 · blinds 1/2", "fixed limit 0/4", "above 0, not 0/4"),
        ("ante 1 · blinds 2/1", "blinds 2/1", "the small blind cannot be above"),
        ("spread limit 5-2 · blinds 1/2", "spread limit 5-2", "min <= max, not 5-2"),
        ("fixed limit 2/4 · cap 0 · blinds 1/2", "cap 0", "cap 1 or more, not 0"),
        ("fixed limit 2/4 · rake 200%", "rake 200%", "0..100 and the cap >= 0, not 200%"),
        ("odd-chip worst-seat · max-seats 10", "max-seats 10", "2..9, not 10"),
        ("odd-chip worst-seat · house max_seats 12", "house max_seats 12", "2..9, not 12"),
        ("reshuffle all-discards · house odd-chip-half x", "house odd-chip-half x", "not 'x'"),
        ("odd-chip worst-seat · house qualifier-max 14", "house qualifier-max 14", "not 14"),
    ],
)
def test_header_values_that_do_not_fit_are_pointed_at_on_their_line(
    header: str, item: str, words: str
) -> None:
    """A value the settings refuse (seed ``000``'s bets and blinds, the cap of bets, the
    house rules of the seeds README) is an error at the item of the header line that wrote
    it, with the value refused: the caret stood at the line's first column, under ``game``,
    wherever on the line the value was."""
    line = f"game badugi · {header}"
    text = f"{line}\nhand 1 · button Anna · Anna 100 · Ben 100\nAnna folds\n"
    error = next(item for item in parse_text(text) if isinstance(item, ParseError))
    assert (error.position.line, error.position.column) == (1, line.index(item) + 1)
    assert words in error.message


# The checks of a hand as a whole (who is seated, who is named, what is written where) list
# every mistake of the record, each at its place, as the lines that cannot be read are
# (README, "What check reports, in one run": one run lists every mistake of a file, each at
# its own file:line:column); the hand is still one item of the stream.

THREE_SEATED = "hand 7 · button Anna · Anna 100 · Ben 100 · Cara 100\n"


def test_every_player_named_but_not_seated_is_listed_at_his_line() -> None:
    text = HEAD + THREE_SEATED + "Zed calls 2\nAnna raises to 4 · Ben calls 2\nQuin folds\n"
    (error,) = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError) and error.hand == "7"
    assert _listed(error) == [(3, 1), (5, 1)]
    assert error.message.startswith("Zed is not seated in this hand")
    second = error.others[0]
    assert second.hand == "7" and second.message.startswith("Quin is not seated in this hand")
    assert second.message.endswith("\n    Quin folds\n    ^")


def test_two_players_not_seated_on_one_line_are_each_listed_at_their_entry() -> None:
    (error,) = parse_text(HEAD + THREE_SEATED + "Zed calls 2 · Quin folds\n", "night.bhh")
    assert isinstance(error, ParseError)
    assert _listed(error) == [(3, 1), (3, 15)]


def test_a_button_not_seated_and_a_player_seated_twice_are_both_listed() -> None:
    text = HEAD + "hand 7 · button Dan · Anna 100 · Ben 100 · Anna 100\nAnna calls 1\n"
    (error,) = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError)
    assert _listed(error) == [(2, 17), (2, 44)]
    assert error.message.startswith("the button Dan is not seated in this hand")
    assert error.others[0].message.startswith("Anna is seated twice")


def test_each_seat_numbered_out_of_order_is_listed_once() -> None:
    """Seat numbers go up clockwise (grammar/README.md, "The hand line"): each fall is one
    mistake, said against the number before it."""
    text = HEAD + "hand 7 · button A · 3 A 100 · 1 B 100 · 2 C 100 · 1 D 100\nA folds\n"
    (error,) = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError)
    assert [e.message.split("\n")[0] for e in (error, *error.others)] == [
        "seat numbers must go up clockwise: 1 after 3",
        "seat numbers must go up clockwise: 1 after 2",
    ]


def test_a_misspelt_seat_named_on_two_lines_is_one_mistake_at_the_seat() -> None:
    """Two lines name Tamás, whom nothing seats, and nothing names the seat Tamas: the seat
    is the typo (grammar/README.md, Errors), said once."""
    text = HEAD + "hand 7 · button Anna · Anna 100 · Tamas 100\nTamás calls 1\nTamás folds\n"
    (error,) = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError)
    assert _listed(error) == [(2, 35)] and error.others == ()
    assert "did you mean Tamás?" in error.message


def test_a_wrong_entry_after_play_and_a_player_not_seated_are_both_listed() -> None:
    text = HEAD + HAND + "Anna calls 1 · Ben checks\nAnna rebuys 20\nZed folds\n"
    (error,) = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError)
    assert _listed(error) == [(4, 1), (5, 1)]
    assert "happen between hands" in error.message
    assert "Zed is not seated" in error.others[0].message


def test_a_hand_naming_many_players_not_seated_lists_a_bounded_number() -> None:
    from badugi_ledger.model.limits import MAX_LISTED

    text = HEAD + HAND + "".join(f"Zed{i} folds\n" for i in range(100))
    text += "hand 8 · button Ben · Anna · Ben\nBen folds\n"
    error, record = parse_text(text, "night.bhh")
    assert isinstance(error, ParseError) and isinstance(record, HandRecord)
    assert [e.position.line for e in (error, *error.others)] == list(range(3, MAX_LISTED + 4))
    last = error.others[-1]
    assert last.message.startswith(f"line {MAX_LISTED + 3} has a mistake too")
    assert f"only the first {MAX_LISTED} mistakes of a hand are listed" in last.message
