"""Our text format: the reader's fast path for plain lines.

The fast path (``plainlines.PlainLines``) must read exactly what Lark reads: records with every
event's position (``HandRecord.positions``), and for anything it is unsure of it hands the line
to Lark, so errors stay Lark's.
Every test here compares the two readings (``parse_text(..., fast=True)`` and ``fast=False``)
on simulated hands of every game and structure, the examples, the real corpus (converted to
our format) and mutated text.  No timings: ``benchmarks/bench_parse_lexer.py`` prints those.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from badugi_ledger.model.errors import BadugiError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.model.games import GAME_NAMES
from badugi_ledger.model.settings import STRUCTURE_KINDS
from badugi_ledger.simulate.sessions import SimulationOptions, write_simulation
from badugi_ledger.sources import read_hands
from badugi_ledger.text import chunks, grammar, line_mistakes, parse, record_assembly
from badugi_ledger.text import reader as text_reader
from badugi_ledger.text.plainlines import PlainLines
from badugi_ledger.text.transformer import CARD_TABLE, EventBuilder
from badugi_ledger.text.writer import write_hands
from tests.helpers.paths import EXAMPLES, REPO

ROOT = REPO

# ------------------------------------------------------------------ reading both ways


def _plain(items: Iterator[HandRecord | BadugiError]) -> list[object]:
    """Records as they are, with where each event stands as a tuple of positions; errors as
    everything a user sees of them."""
    return [
        (item, tuple(item.positions))
        if isinstance(item, HandRecord)
        else (type(item).__name__, item.message, item.position, item.hand, str(item))
        for item in items
    ]


def _is_record(item: object) -> bool:
    return isinstance(item, tuple) and isinstance(item[0], HandRecord)


def _both(text: str) -> list[object]:
    """The reading with the fast path, asserted equal to Lark's reading of every line."""
    fast = _plain(parse.parse_text(text, "t.bhh"))
    slow = _plain(parse.parse_text(text, "t.bhh", fast=False))
    assert fast == slow
    return fast


def _simulated(game: str, structure: str, seed: int, cards: str = "all", hands: int = 30) -> str:
    buf = io.StringIO()
    options = SimulationOptions(
        hands=hands,
        players=2 + seed % 8,
        game=game,  # type: ignore[arg-type]
        structure=structure,  # type: ignore[arg-type]
        seed=seed,
        session_hands=10,
        cards=cards,  # type: ignore[arg-type]
        ante=seed % 2,
    )
    write_simulation(options, buf)
    return buf.getvalue()


def _declined(text: str) -> list[str]:
    """The header, hand and body lines of ``text`` the fast path leaves to Lark."""
    plain = text_reader._plain()
    out = []
    for i, line in enumerate(io.StringIO(text), 1):
        word = line.split()[0] if line.split() else "#"
        if word.startswith("#"):
            continue  # comments and blank lines
        if word == "hand":
            read = plain.hand_line(line, "t.bhh", i)
        elif chunks._LINE_KIND.match(line):
            read = plain.header_line(line)
        else:
            read = plain.body_line(line, i)
        if read is None:
            out.append(line.rstrip("\n"))
    return out


@pytest.mark.parametrize("game", GAME_NAMES)
def test_fast_path_reads_simulated_hands_of_every_structure_like_lark(game: str) -> None:
    for i, structure in enumerate(STRUCTURE_KINDS):
        for cards in ("all", "showdown"):
            text = _simulated(game, structure, seed=10 * i + len(cards), cards=cards)
            items = _both(text)
            assert items and all(map(_is_record, items))
            # Every line the simulator writes is plain: none of them costs a Lark parse.
            assert _declined(text) == []


def test_fast_path_reads_the_examples_like_lark() -> None:
    for path in sorted(EXAMPLES.glob("*.bhh")):
        assert _both(path.read_text(encoding="utf-8")), path


def test_fast_path_reads_every_line_of_the_examples_but_buys() -> None:
    """Real hands, comments at the ends of lines too, cost no Lark parse; only a buy (``002``),
    which the fast path leaves to Lark, does."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.bhh"))]
    declined = [line for text in texts for line in _declined(text)]
    assert all(" buys " in line for line in declined), declined
    assert len(declined) == 1


def test_the_reader_reads_a_simulated_file_without_lark(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """parse_file, as check runs it, never asks for Lark on a simulated file: every header,
    hand and body line is plain (tests/text/test_lark_when_needed.py: Lark is not even
    imported)."""
    path = tmp_path / "sim.bhh"
    path.write_text(_simulated("badugi", "fixed-limit", seed=7, hands=40), encoding="utf-8")

    def no_lark() -> object:
        raise AssertionError("a plain line was handed to Lark")

    monkeypatch.setattr(text_reader, "_lark", no_lark)
    monkeypatch.setattr(line_mistakes, "_lark", no_lark)
    items = list(parse.parse_file(path))
    assert len(items) == 40 and all(isinstance(item, HandRecord) for item in items)
    assert any(line.startswith("blinds") or " blinds " in line for line in path.open())


def test_comments_at_the_ends_of_lines_read_like_lark() -> None:
    text = (
        "hand 1 · button A · A 50 · B 40   # the hand line\n"
        "A calls · B checks # a comment · B folds\n"
        "draw: A 2 -> ?? ?? · B pat#no space\n"
        "A bets 2 · # nothing after the separator\n"
        "final: A 50 · B 40 #\n"
        "hand 2 · button A · A 50 · B 40\n"
        'A folds # "quoted" · and \ufeff in the comment\n'
        "A calls #x\rB folds\n"
    )
    items = _both(text)  # a \r ends a line too
    assert [_is_record(item) for item in items] == [False, True]
    assert _is_record(_both(text.replace("A bets 2 · #", "A bets 2 #"))[0])


SHARED = (
    "game badugi · fixed limit 2/4 · blinds 1/2\n"
    "hand 9 · button Anna · Anna 50 · Ben 40 · Cara 30\n"
    "Anna calls · Ben calls · Cara checks\n"
    "draw: Anna 2 · Ben pat · Cara Ks Qd -> 8s 5c\n"
    "Anna bets\t·  Ben calls · Cara folds   # odd spacing, a comment\n"
    "show: Anna 8s 5c 3d 2h · Ben mucks\n"
    "Anna collects 12\n"
)
SHARED_AT = [  # (line, column) of each event, in order
    *[(2, 1), (2, 1)],  # Ben posts sb, Cara posts bb: implied, at the hand line
    *[(3, 1), (3, 14), (3, 26)],  # Anna calls, Ben calls, Cara checks
    *[(4, 7), (4, 16), (4, 26)],  # draw: Anna 2, Ben pat, Cara Ks Qd -> 8s 5c
    *[(5, 1), (5, 14), (5, 26)],  # Anna bets, (a tab, two spaces) Ben calls, Cara folds
    *[(6, 7), (6, 26)],  # show: Anna 8s 5c 3d 2h, Ben mucks
    (7, 1),  # Anna collects 12
]


def test_the_fast_path_shares_one_event_for_a_recurring_entry_and_places_each() -> None:
    """``Ben calls`` written twice in a hand (and again in the next hand) is one object
    appended each time: no object is built for an entry met again.  Every event's position
    is where its entry is written, on both paths; the implied blinds stand at the hand line."""
    from badugi_ledger.model.errors import Position
    from badugi_ledger.model.events import Action
    from badugi_ledger.model.positions import LinePositions

    second = SHARED.split("\n", 1)[1].replace("hand 9", "hand 10")
    text = SHARED + second
    fast, fast2 = parse.parse_text(text, "s.bhh")
    slow, slow2 = parse.parse_text(text, "s.bhh", fast=False)
    assert all(isinstance(r, HandRecord) for r in (fast, fast2, slow, slow2))
    assert isinstance(fast, HandRecord) and isinstance(slow, HandRecord)
    at = [(p.line, p.column) for p in fast.positions]
    assert at == [(p.line, p.column) for p in slow.positions] == SHARED_AT
    assert isinstance(fast.positions, LinePositions) and fast.positions == slow.positions
    assert fast.position(3) == Position("s.bhh", 3, 14)
    assert [p.line - 6 for p in fast2.positions] == [line for line, _ in SHARED_AT]
    calls = [i for i, ev in enumerate(fast.events) if ev == Action("Ben", "call")]
    assert calls == [3, 9]
    assert fast.events[3] is fast.events[9] is fast2.events[3] is fast2.events[9]
    assert slow.events[3] is not slow.events[9]  # Lark builds one per entry (equal, all the same)
    assert fast.events == slow.events


def test_positions_built_by_the_reader_are_positions() -> None:
    from badugi_ledger.model.errors import Position
    from badugi_ledger.text.transformer import position

    built = position("t.bhh", 3, 7)
    made = Position("t.bhh", 3, 7)
    assert type(built) is Position and built == made and hash(built) == hash(made)
    assert repr(built) == repr(made) and vars(built) == vars(made) and str(built) == "t.bhh:3:7"


def test_the_shapes_of_entries_are_the_groups_of_the_entry_pattern() -> None:
    from badugi_ledger.text import plainlines

    plain = text_reader._plain()
    assert plain._entry.__self__.groupindex == plainlines._SHAPES  # type: ignore[attr-defined]


def test_fast_path_reads_the_real_corpus_like_lark(corpus_dir: Path) -> None:
    """Every hand of shared/corpus that we read, written in our format and read back both
    ways (real names, real amounts, real side pots)."""
    records = [
        item
        for path in sorted(corpus_dir.rglob("*.txt"))
        for item in read_hands(path)
        if isinstance(item, HandRecord)
    ]
    assert len(records) > 100
    text = "".join(write_hands(records))
    items = _both(text)
    assert sum(map(_is_record, items)) == len(records)


# Names that are keywords, odd white space, digits that are not ASCII, odd cards and arrows,
# numbers at and above the bound on amounts, and numbers written as no amount is.
EDGE_TOKENS = [
    *("pot", "draw", "deal", "folds", "button", "hand", "posts", "to", "from", "all-in", "pat"),
    *("mucks", "calls", "sits", "out", "carry", "raked", "show", "final", "buys", "none"),
    *(" ", "  ", "\t", "\u00a0", "\v", "\x1c", "\ufeff", "\r", "\f", "·", "•", ";", ":"),
    *("٣", "²", "10", "0", "007", "1" * 101, "As", "10♠", "Q♠\ufe0f", "??", "?", "x", "X"),
    *("1c", "11s", "->", "→", "- >", '"', "#", "Anna", "Ben", "A->B", "é", "_x", "9x"),
    *("calls 4", " raises to 8", " bets 2 all-in", " collects 5 from side 1", "sb", "small blind"),
    *("9007199254740992", "9007199254740993", "9223372036854775808", "-5", "2.5", "1e5", "NaN"),
]


def _edit(text: str, data: st.DataObject) -> str:
    for _ in range(data.draw(st.integers(1, 4), label="edits")):
        at = data.draw(st.integers(0, len(text)), label="at")
        op = data.draw(st.sampled_from(["insert", "replace", "delete"]), label="op")
        token = data.draw(st.sampled_from(EDGE_TOKENS), label="token")
        if op == "insert":
            text = text[:at] + token + text[at:]
        elif op == "replace":
            m = re.compile(r"\S+").search(text, at)
            if m is not None:
                text = text[: m.start()] + token + text[m.end() :]
        else:
            text = text[:at] + text[at + data.draw(st.integers(1, 6), label="size") :]
    return text


_SEEDS = [
    _simulated(game, structure, seed=i, hands=3)
    for i, (game, structure) in enumerate(
        [(g, s) for g in GAME_NAMES for s in ("fixed-limit", "no-limit")]
    )
]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_fast_path_and_lark_agree_on_edited_text(data: st.DataObject) -> None:
    """Edits aimed at the fast path's edges: both readings give the same records and the same
    errors (message, file:line:column, hand, caret)."""
    text = _edit(data.draw(st.sampled_from(_SEEDS), label="seed"), data)
    _both(text)


TEMPLATE = (  # every plain shape, in an order the reader accepts (no replay here)
    "hand 7 · button Anna · Anna 50 · 2 Ben 40 · Cara\n"
    "Ben rebuys 40 · Cara tops up 5 · Anna cashes out 3 · Ben adds on 2 · Cara sits out\n"
    "Anna posts sb · Ben posts bb 2 all-in\n"
    "Anna calls 2 · Ben raises to 4 all-in · Anna bets · Anna folds · Ben checks\n"
    "draw: Anna 2 -> ?? ?? · Ben As Kd -> x X · Anna pat\n"
    "deal: Anna Q♠ 3♣\n"
    "show: Ben mucks · Anna 8♠ 5♣\n"
    "Anna collects 9 from main pot · pot 9 · Ben shows 2c 3d · Ben mucks · carry 4\n"
    "raked 1 · Anna raises all-in · Ben calls all-in · Anna collects 3\n"
    "final: Anna 45 · Ben 36\n"
)


def test_every_edge_token_at_every_place_of_a_hand_reads_like_lark() -> None:
    """Tokens of a hand holding every plain shape replaced by edge tokens (each at every third
    place): thousands of variants, read both ways in one text."""
    spots = [m.span() for m in re.finditer(r"[^\s·•;]+", TEMPLATE)][2:]  # not 'hand 7'
    variants = []
    for n, (start, end) in enumerate(spots):
        for token in EDGE_TOKENS[n % 3 :: 3]:  # each token at every third place
            variants.append(TEMPLATE[:start] + token + TEMPLATE[end:])
    assert _is_record(_both(TEMPLATE)[0])
    text = "".join(v.replace("hand 7", f"hand {i}", 1) for i, v in enumerate(variants))
    items = _both(text)
    assert sum(map(_is_record, items)) > len(variants) // 20
    assert sum(not _is_record(item) for item in items) > len(variants) // 2


def test_keyword_names_and_odd_spacing_read_like_lark() -> None:
    text = (
        "hand 1 · button pot · pot 50 · draw 50 · 3 folds 50\n"
        "pot calls · draw folds · folds checks\n"
        "hand 2 · button Anna ·\tAnna 50 ·  5  Ben\t40\n"
        "Anna calls\t4 ·Ben  raises  to   8\t·Anna calls all-in\n"
        "draw:Anna 2 -> ?? ?? · Ben Q♠\ufe0f 3♣ → x X\n"
        "Anna collects 20 from side pot 1 · Ben collects 0\n"
        "hand 3 · button A · A 5 · B\u00a05\nA folds\u00a0\n"
        "hand 4 · button A · A 5 · B 5\nA calls ٣ · B raises to ²\n"
    )
    items = _both(text)
    assert [_is_record(item) for item in items] == [False, True, False, False]


CARD_ENTRIES = [  # odd shapes of the entries of card lines, each in a hand of its own
    *("draw: A -> Ks", "draw: A Ks ->", "draw: A Ks → Qd", "draw: A Ks -> Qd -> 2c"),
    *("draw: A pat -> Ks", "draw: A pat pat", "draw: A 2 → Ks Qd", "draw: A\tKs  ->  Qd"),
    *("draw: A Ks->Qd", "draw: A 0", "draw: A 1 -> ??", "draw: A ٣", "draw: A Ks → Qd -> 2c"),
    *("draw: A Ks Qd 3c -> 2c 4d 5h · B Ks Qd 3c -> 2c 4d 5h", "draw: A  pat", "draw: pat pat"),
    *("show: A mucks Ks", "show: A mucks", "show: A Ks mucks", "show: A Ks\u00a0Qd", "show: A"),
    *("final: A 12 3", "final: A 12", "final: A ١٢", "final: A 9007199254740993", "final: A"),
    *("deal: A Ks\u00a0Qd", "deal: A Ks  Qd\t3c", "deal: A ->", "deal: A 5 · B Ks", "deal: A ?? x"),
]


def test_lines_after_blanks_and_names_like_keywords_are_plain() -> None:
    """A body line indented, or whose first name starts like a card line's keyword (``dan``,
    ``sam``, ``fay``), is read by the fast path, like Lark reads it."""
    text = (
        "hand 1 · button dan · dan 50 · sam 50 · fay 50 · bo 50\n"
        "  dan calls · sam calls · fay calls · bo checks\n"
        "\tdraw: dan pat · sam 2 · fay Ks -> Qd · bo pat\n"
        "dan checks · sam checks · fay checks · bo checks\n"
        "show: dan mucks · sam As 2c 3d 4h\n"
        "final: dan 48 · sam 56 · fay 48 · bo 48\n"
    )
    assert _declined(text) == []
    assert _is_record(_both(text)[0])


def test_odd_entries_of_card_lines_read_like_lark() -> None:
    """A card line's entry is cut at its name and read from the rest of its text (its tokens one
    space apart): arrows anywhere, words where cards stand, digits of other scripts read as
    Lark reads them, and each run of a draw's cards (remembered) gives the same cards."""
    hand = "hand {} · button A · A 50 · B 50\n"
    text = "".join(hand.format(i) + line + "\n" for i, line in enumerate(CARD_ENTRIES * 2))
    items = _both(text)
    assert len(items) == 2 * len(CARD_ENTRIES)
    assert 10 < sum(map(_is_record, items)) < len(items) - 10


def test_the_card_table_is_exactly_the_cards_pattern() -> None:
    """The fast path takes a token as a card when it is a key of the card table; Lark when it
    matches the CARDS pattern.  Both must be the same finite set."""
    lark = grammar.build_parser()
    single = lark.get_terminal("CARDS").pattern.to_regexp()
    one = re.compile(single.split(")(?:[ \t]+", 1)[0] + ")")
    ranks = ["10", *"23456789", *"AaTtJjQqKk"]
    suits = "cdhsCDHS♣♦♥♠♧♢♡♤"
    language = {r + s + v for r in ranks for s in suits for v in ("", "\ufe0f")}
    language |= {"??", "?", "X", "x"}
    assert set(CARD_TABLE) == language
    assert all(one.fullmatch(card) for card in language)
    for not_a_card in ("1c", "11s", "Zs", "???", "xx", "A", "10", "As\ufe0f\ufe0f", "♠A"):
        assert not one.fullmatch(not_a_card) and not_a_card not in CARD_TABLE


def test_the_card_table_gives_the_decks_own_cards() -> None:
    """One object per card, the deck's (as the site readers' canonical spellings give): the
    replay's tables of cards then find a card by identity before comparing values."""
    from badugi_ledger.model.cards import CARD_INDEX, DECK

    cards = [card for card in CARD_TABLE.values() if card is not None]
    assert len({id(card) for card in cards}) == 52
    assert all(card is DECK[CARD_INDEX[card]] for card in cards)


HEADER_LINES = [  # every header item, plain
    "game badugi · fixed limit 2/4 · blinds 1/2\n",
    "game progressive badugi with a buy · buy-price 2 · pot limit · cap 3\n",
    "game progressive-badugi · half-pot limit · no limit · ante 1\n",
    "game badacey\t·\tspread limit 2-10 · blinds 0/2   # a comment\n",
    "  game badeucey · spread limit 2 - 10 · blinds 1 / 2\n",
    "rake 5% · rake 10% cap 3 · rake 5 % cap 3 always · rake 7% always · rake none\n",
    "currency USD · currency chips · chips 1 = 0.25 USD · chips 2 = 1 EUR · chips 1=007 GBP\n",
    "odd-chip worst-seat ; odd-chip-half five-card • heads-up-uncapped yes\n",
    "reshuffle all-discards · qualifier 10 · qualifier-pair-ok no · redeal-posts yes\n",
    'max-seats 6 · half-bet-reopens no · house odd_chip best-hand · house x-y "z"\n',
    'cash · date 2024-01-01 · place Anna\'s kitchen · season "" · table Back room  #x\n',
    'tournament "Kitchen · table" · buy-in 2000 · starting-chips 200 · payouts 50/30/20\n',
    'cash "Say \\"hi\\"" · payouts 100 · season 2024#no space\n',
    "cash Friday game date 2024 · tournament\n",
    "blinds 1/9007199254740992 · payouts 0/00/1\n",
]
NOT_PLAIN_HEADER_LINES = [  # Lark's: to read, or to explain
    "fixedlimit 2/4\n",  # no space between keywords (Lark reads it)
    "blinds 1/2 ·\n",
    "blinds 1/9007199254740993\n",  # above the bound: Lark names it
    "payouts 1/" + "2" * 20 + "\n",
    "game badugix\n",
    "game badugi with a buyx\n",
    "\ufeffgame badugi\n",
    "\fgame badugi\n",
    "place Anna\u00a0kitchen\n",
    'place Anna "the" kitchen\n',  # a quote inside a TEXT
    "currency usd\n",
    "qualifier 1\n",
    "chips 1 = 0.25USD\n",
    "house odd-chipX y\n",
    "date 2024-1-01\n",
    "place · table x\n",
    "rake 5%cap 3\n",
]


def test_header_lines_read_like_lark() -> None:
    """Every plain header line gives Lark's items, value for value and type for type (words
    and texts plain strings, numbers ints); the others are left to Lark."""
    plain = text_reader._plain()
    lark = grammar.build_parser(EventBuilder())
    for line in HEADER_LINES:
        items = plain.header_line(line)
        assert items is not None, line
        expected = lark.parse(line, start="header")
        assert items == expected, line
        assert [[type(v) for v in values] for _, values in items] == [
            [type(v) for v in values] for _, values in expected
        ], line
    for line in NOT_PLAIN_HEADER_LINES:
        assert plain.header_line(line) is None, line


HEADER_TEMPLATE = (
    "game progressive badugi with a buy · fixed limit 2/4 · blinds 1/2 · cap 4 · ante 1\n"
    "rake 5% cap 3 always · currency chips · odd-chip worst-seat · qualifier 9 · buy-price 2\n"
    "tournament Spring · date 2024-01-01 · place Anna's · season 2024 · buy-in 20 · payouts 70/30\n"
    "table Back room · house half-bet-reopens yes · max-seats 6 · redeal-posts no\n"
    "hand 1 · button A · A 50 · B 40\n"
    "A folds\n"
)


def test_every_edge_token_at_every_place_of_the_headers_reads_like_lark() -> None:
    """Tokens of header lines holding most items replaced by edge tokens: both readings give
    the same settings, or the same error."""
    spots = [m.span() for m in re.finditer(r"[^\s·•;]+", HEADER_TEMPLATE.split("hand 1")[0])]
    texts = []
    for n, (start, end) in enumerate(spots):
        for token in [*EDGE_TOKENS[n % 3 :: 3], "badugi", "none", "5%", "2.5", '""', "-"]:
            texts.append(HEADER_TEMPLATE[:start] + token + HEADER_TEMPLATE[end:])
    assert _is_record(_both(HEADER_TEMPLATE)[0])
    items = [item for text in texts for item in _both(text)]
    assert sum(map(_is_record, items)) > len(texts) // 10
    assert sum(not _is_record(item) for item in items) > len(texts) // 4


def _fresh_plain() -> PlainLines:
    """A fast path of its own (the reader's is shared by the whole process)."""
    terminals = grammar.terminals()
    return PlainLines(terminals.patterns.__getitem__, terminals.keywords)


def _body_lines(text: str) -> list[str]:
    """The body lines of hands."""
    return [
        line
        for line in io.StringIO(text)
        if line.strip() and not line.startswith("#") and not chunks._LINE_KIND.match(line)
    ]


def test_an_entry_is_decoded_once_and_what_is_remembered_is_bounded(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each distinct player-first entry (``Dan calls``) and seat (``Anna``, ``Ben 40``) is matched
    once; past ENTRY_LIMIT texts (and names) nothing more is remembered, so memory stays flat,
    and lines read the same."""
    from badugi_ledger.text import plainlines

    text = _simulated("badugi", "fixed-limit", seed=5, hands=200)
    lines = _body_lines(text)
    remembering = _fresh_plain()
    read = [remembering.body_line(line, i) for i, line in enumerate(lines)]
    entries = sum(len(events) for events, _ in filter(None, read))
    assert None not in read and entries > 5_000
    assert 0 < len(remembering._recipes) < entries // 10  # decoded once per distinct text

    hand_lines = [line for line in io.StringIO(text) if line.startswith("hand ")]
    hands = [vars(remembering.hand_line(line, "t.bhh", i)) for i, line in enumerate(hand_lines)]
    assert len(hands) == 200 and 0 < len(remembering._seats) < 6 * 200 // 2

    monkeypatch.setattr(plainlines, "ENTRY_LIMIT", 7)
    bounded = _fresh_plain()
    assert [bounded.body_line(line, i) for i, line in enumerate(lines)] == read
    assert [vars(bounded.hand_line(line, "t.bhh", i)) for i, line in enumerate(hand_lines)] == hands
    assert len(bounded._recipes) == len(bounded._seats) == 7 and len(bounded._names) <= 7


def test_usual_lines_are_cut_into_entries_without_a_pattern(
    monkeypatch: pytest.MonkeyPatch, corpus_dir: Path
) -> None:
    """A line written the usual way (one space between tokens, `` · `` between entries) is cut
    with ``str.split``: the simulator's and the writer's lines (the corpus written in our
    format) never reach the separator pattern, which reads any other spacing."""
    from badugi_ledger.text import entry_positions

    class NoPattern:
        def finditer(self, text: str) -> Iterator[re.Match[str]]:
            raise AssertionError(f"cut with the pattern: {text!r}")

    corpus = [
        item
        for path in sorted(corpus_dir.rglob("*.txt"))
        for item in read_hands(path)
        if isinstance(item, HandRecord)
    ]
    texts = [_simulated(game, "fixed-limit", seed=3) for game in GAME_NAMES]
    texts.append("".join(write_hands(corpus)))
    expected = [[_fresh_plain().body_line(line, 1) for line in _body_lines(t)] for t in texts]
    monkeypatch.setattr(entry_positions, "_separator", NoPattern)
    plain = _fresh_plain()
    for text, events in zip(texts, expected, strict=True):
        assert [plain.body_line(line, 1) for line in _body_lines(text)] == events
    assert sum(len(line[0]) for read in expected for line in filter(None, read)) > 10_000
    with pytest.raises(AssertionError, match="cut with the pattern"):
        plain.body_line("Anna calls ;Ben folds\n", 1)


def test_the_columns_of_usual_lines_are_worked_out_only_when_asked(corpus_dir: Path) -> None:
    """A line written the usual way works out no column as it is read (each a sum over the
    entries before it, which only a message needs): its entries stand at its line and the
    ENTRY bit, and their columns come from the hand's text when asked - on a simulated night
    and on the real corpus written in our format, every position as Lark places it, and a
    pickled record's positions the plain packed ones."""
    import pickle

    from badugi_ledger.model.positions import LinePositions
    from badugi_ledger.text.entry_positions import ENTRY, EntryPositions

    corpus = [
        item
        for path in sorted(corpus_dir.rglob("*.txt"))
        for item in read_hands(path)
        if isinstance(item, HandRecord)
    ]
    for text in (_simulated("badugi", "fixed-limit", seed=3), "".join(write_hands(corpus))):
        _both(text)  # every position as Lark places it
        records = [r for r in parse.parse_text(text, "t.bhh") if isinstance(r, HandRecord)]
        assert len(records) > 20
        packed = [p for r in records for p in cast(EntryPositions, r.positions).packed]
        assert all(type(r.positions) is EntryPositions for r in records)
        assert sum(1 for p in packed if p & ENTRY) > 0.8 * len(packed)
        for record in records[:50]:
            again = pickle.loads(pickle.dumps(record))
            assert type(again.positions) is LinePositions and again == record
            assert not any(p & ENTRY for p in cast(LinePositions, again.positions).packed)


def test_plain_lines_declines_what_it_does_not_know() -> None:
    plain = text_reader._plain()
    assert isinstance(plain, PlainLines)
    for line in (
        'Anna calls · "Ben Z" folds\n',  # quotes
        "Anna calls · # a comment\n",  # an entry missing before the comment
        "Anna posts small blind\n",  # a two-word post kind: Lark
        "buy: Anna Kd -> 2c for 1\n",
        "posts none\n",
        "pot folds\n",  # a keyword as a name
        "Anna raises 8\n",  # an error Lark explains
        "draw: Anna 2 -> As\n",  # a FormatError: Lark raises it in order
        "Anna calls ·\n",
        "Anna\u00a0calls\n",
    ):
        assert plain.body_line(line, 1) is None, line


# ------------------------------------------------------------------ absurd numbers


def test_absurd_numbers_are_errors_not_crashes() -> None:
    """A draw of 10**20 unknown cards used to raise OverflowError (a 10**9 draw would try to
    allocate 8 GB); a 5,000-digit amount made int() raise ValueError.  An amount above
    limits.MAX_AMOUNT is named at the number, without converting its digits."""
    hand = "hand 1 · button A · A 5 · B 5\n"
    cases = {
        hand + "draw: A 99999999999999999999\n": ("A draws 99999999999999999999 cards", 2, 7),
        hand + "draw: A 1001\n": ("A draws 1001 cards: far more than a deck", 2, 7),
        hand + "draw: A 9007199254740992 -> 2s\n": ("A draws 9007199254740992 but receives", 2, 7),
        hand + "A calls " + "9" * 5000 + "\n": (f"call {'9' * 40}… (5,000 digits) is above", 2, 9),
        "blinds 1/" + "2" * 200 + "\n": ("blind " + "2" * 40 + "… (200 digits) is above", 1, 10),
        hand + "A calls 9007199254740993\n": ("call 9007199254740993 is above the largest", 2, 9),
    }
    for text, (message, line, column) in cases.items():
        items = _both(text)
        error = items[0]
        assert not _is_record(error) and error[1].startswith(message), error
        assert (error[2].line, error[2].column) == (line, column)
    # 1000 unknown cards is absurd too, but it is the replay's to reject, as before
    assert _is_record(_both(hand + "draw: A 1000\n")[0])


def test_both_readings_build_events_through_the_typed_constructors() -> None:
    """The fast path and Lark's transformer call the same typed constructors: what one entry
    can tell (the bound on amounts, a draw's card count) is checked there, once."""
    from badugi_ledger.model.errors import Position
    from badugi_ledger.model.events import Action, Draw
    from badugi_ledger.text.transformer import (
        FormatError,
        TooLarge,
        make_action,
        make_draw_count,
    )

    at = Position("t.bhh", 3, 5)
    assert make_action(("Dan", at), "raise", 8, True) == Action("Dan", "raise", 8, True)
    assert make_draw_count(("Dan", at), 2, None) == Draw("Dan", (None, None), (None, None))
    with pytest.raises(FormatError, match="call 9007199254740993 is above the largest amount"):
        make_action(("Dan", at), "call", 2**53 + 1)
    number_at = Position("t.bhh", 3, 15)
    with pytest.raises(FormatError) as raised:
        make_action(("Dan", at), "bet", TooLarge("9" * 30, number_at))
    assert raised.value.pos == number_at  # named at the number, as written
    with pytest.raises(FormatError, match="draws 3 but receives 1 card"):
        make_draw_count(("Dan", at), 3, (None,))


def test_a_seating_a_run_of_drawn_cards_and_the_implied_posts_are_each_read_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a simulated night, what follows a hand line's id (the button and the seats) recurs
    while stacks are not written, a draw's runs of cards (``Ks Qd``) recur, and so do the
    seating and button the blinds are worked out from: each distinct one is read once, and
    the records are the ones Lark's reading gives."""
    from badugi_ledger.text import plainlines

    text = _simulated("badugi", "fixed-limit", seed=4, hands=200)
    implied = []
    worked_out = record_assembly.implied_posts

    def counted(*args: object, **kwargs: object) -> object:
        implied.append(args)
        return worked_out(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(record_assembly, "implied_posts", counted)
    monkeypatch.setattr(plainlines, "_RUNS", plainlines._Remembered(plainlines._cards))
    plain = _fresh_plain()
    monkeypatch.setattr(text_reader, "_plain", lambda: plain)
    items = _both(text)
    assert len(items) == 200 and all(map(_is_record, items))
    implied.clear()
    assert list(parse.parse_text(text, "t.bhh")) == [item[0] for item in items]  # type: ignore[index]
    # once per seating and button of each night (a header line starts one every 10 hands)
    assert 0 < len(implied) < 200 * 2 // 3
    assert 0 < len(plain._seatings) < 200 // 3
    draws = [line for line in io.StringIO(text) if line.startswith("draw: ")]
    runs = sum(line.count(" -> ") * 2 for line in draws)
    assert runs > 1000 and 0 < len(plainlines._RUNS) < runs // 2


def test_the_fast_path_places_every_seat_where_lark_does() -> None:
    """The fast path keeps where each seat of a hand line is written packed (a position is made
    only for a message): each is the position Lark's transformer gives that seat, on the
    examples and simulated sessions of every game (odd spacing and seat numbers included)."""
    texts = [path.read_text(encoding="utf-8") for path in sorted(EXAMPLES.glob("*.bhh"))]
    texts += [_simulated(game, "fixed-limit", seed=i) for i, game in enumerate(GAME_NAMES)]
    texts.append("hand 7 ·  button Cara\t· 1 Anna 100 ·   2 Ben · 3 Cara 40  # seats\n")
    plain = text_reader._plain()
    lark, builder = text_reader._lark()
    compared = 0
    for text in texts:
        for i, line in enumerate(io.StringIO(text), 1):
            if not line.startswith("hand "):
                continue
            fast = plain.hand_line(line, "t.bhh", i)
            assert fast is not None, line
            builder.src, builder.line_of = "t.bhh", [0, i]
            slow = lark.parse(line, start="hand")
            assert list(fast.seat_pos) == list(slow.seat_pos), line
            assert (fast.seats, fast.button, fast.pos) == (slow.seats, slow.button, slow.pos)
            compared += 1
    assert compared > 100
