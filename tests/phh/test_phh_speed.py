"""Issue 7, fast PHH reading: every shortcut of ``phh/reader.py`` and ``phh/fast.py`` reads
exactly what the general path reads - the same hands, the same errors at the same positions.

The general path ("reference") is:

* TOML: ``tomllib`` (``phh_fast.fast_loads`` switched off);
* actions: the reader's action loop as it was before its speed work, written below with the generic
  :class:`~badugi_ledger.sites.draft.HandDraft` methods (``action``, ``add``, ``muck``,
  ``highest``) and the plain line search, kept here as the oracle the tight loop must equal;
* cards: :func:`~badugi_ledger.sites.common.parse_site_cards`, card by card.

The inputs: simulated fixed-limit Badugi hands of many shapes (2-9 players, antes, cards seen
or not; ``badugi_ledger.simulate.sessions``) written with ``write_phh`` - the other games and
structures have no PHH form and are refused - the real corpus hands PHH can express
(``shared/corpus/*/*.txt``), the PokerKit fixture (``tests/fixtures/wikipedia_badugi.phh``),
and damaged variants of them (actions dropped, repeated, changed).
"""

from __future__ import annotations

import datetime
import tomllib
from collections.abc import Iterator
from decimal import Decimal
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.cards import DECK
from badugi_ledger.model.errors import BadugiError, ImportFormatError, Position
from badugi_ledger.model.events import Action, Draw, HandRecord, Show
from badugi_ledger.model.games import GAME_NAMES
from badugi_ledger.model.settings import STRUCTURE_KINDS
from badugi_ledger.phh import action_strings as phh_strings
from badugi_ledger.phh import actions as phh_actions
from badugi_ledger.phh import fast as phh_fast
from badugi_ledger.phh import reader as phh
from badugi_ledger.phh import values as phh_values
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.phh.split import PhhPiece
from badugi_ledger.simulate.sessions import POKERKIT_PLAY, SimulationOptions, simulate_to_path
from badugi_ledger.sites.common import parse_site_cards
from badugi_ledger.sites.draft import HandDraft
from badugi_ledger.sites.files import split_lines
from tests.helpers.paths import FIXTURES

toml_loads = partial(tomllib.loads, parse_float=Decimal)
"""What the PHH reader reads a document as: ``tomllib``, a TOML float a ``Decimal`` of its
digits (``phh.fast.loads``)."""

FIXTURE = FIXTURES / "wikipedia_badugi.phh"
SHAPES = [
    (players, ante, cards)
    for players in (2, 3, 6, 9)
    for ante in (0, 1)
    for cards in ("all", "showdown")
]


# --- the reference: the general path -----------------------------------------------------------


def reference_action_places(
    piece: PhhPiece, actions: list[str], line: int
) -> list[tuple[int, int]]:
    """Each action's 0-based file line and 1-based column: where each string of the ``actions``
    array starts, found character by character (strings, escapes, comments) from the
    ``actions`` key (the hand's first line, column 1, for a string not found)."""
    text = "\n".join(piece.lines)
    key = text.find("actions")
    while key > 0 and text[key - 1] not in "\n \t":
        key = text.find("actions", key + 1)
    found: list[tuple[int, int]] = []
    if key >= 0:
        i, quote_char, comment = text.index("=", key) + 1, "", False
        while i < len(text) and len(found) < len(actions):
            c = text[i]
            if comment:
                comment = c != "\n"
            elif quote_char:
                if c == "\\" and quote_char == '"':
                    i += 1
                elif c == quote_char or c == "\n":
                    quote_char = ""
            elif c in "'\"":
                quote_char = c
                column = i - (text.rfind("\n", 0, i) + 1) + 1
                found.append((piece.start - 1 + text.count("\n", 0, i), column))
            elif c == "#":
                comment = True
            i += 1
    return found + [(line - 1, 1)] * (len(actions) - len(found))


def reference_action_lines(piece: PhhPiece, actions: list[str], line: int) -> list[int]:
    """Each action's line (:func:`reference_action_places`)."""
    return [at for at, _column in reference_action_places(piece, actions, line)]


def reference_cards(text: str, draft: HandDraft, line: int) -> tuple[object, ...]:
    if len(text) % 2:
        raise draft.error(f"cannot split {text!r} into two-character cards", line, rule="bad-phh")
    try:
        return parse_site_cards(
            " ".join(text[i : i + 2] for i in range(0, len(text), 2)), draft.pos
        )
    except BadugiError as exc:  # the hand's error, at the card's line
        raise draft.error(exc.message, line, rule=exc.rule or "bad-phh") from None


def reference_replay_actions(
    draft: HandDraft,
    actions: list[str],
    lines_of: list[int],
    names: list[str],
    stacks: list[int],
    piece: PhhPiece,
    scale: int = 1,
) -> None:
    """The action loop before the speed work: split every string, generic draft bookkeeping
    (``scale`` 100: a ``cbr`` amount is in currency units, read into cents).  An error at an
    action's line is at its string (:func:`reference_action_places`)."""
    places = reference_action_places(piece, actions, piece.start)
    _reference_loop(draft, actions, lines_of, names, stacks, scale, places)


def _reference_loop(
    draft: HandDraft,
    actions: list[str],
    lines_of: list[int],
    names: list[str],
    stacks: list[int],
    scale: int,
    places: list[tuple[int, int]],
) -> None:
    stack = dict(zip(names, stacks, strict=True))
    pending: dict[str, int] = {}
    betting = True
    dealt: set[str] = set()
    labels = {f"p{i + 1}": name for i, name in enumerate(names)}
    for k, (raw, line) in enumerate(zip(actions, lines_of, strict=True)):
        try:
            betting = _reference_action(
                draft, raw, line, names, stack, scale, pending, dealt, labels, betting
            )
        except BadugiError as exc:
            if exc.position == draft.at(line) and places[k][0] == line:
                exc.position = Position(draft.source, line + 1, places[k][1])
            raise
    if pending:  # at the first discard no deal answered
        were = "was" if len(pending) == 1 else "were"
        exc = draft.error(
            f"{', '.join(pending)} discarded but {were} dealt nothing", rule="bad-phh"
        )
        exc.position = draft.positions[min(pending.values())]
        raise exc


def _reference_action(
    draft: HandDraft,
    raw: str,
    line: int,
    names: list[str],
    stack: dict[str, int],
    scale: int,
    pending: dict[str, int],
    dealt: set[str],
    labels: dict[str, str],
    betting: bool,
) -> bool:
    """One action string, read word by word (see :func:`reference_replay_actions`); whether a
    betting round is on after it (``betting``: before it)."""
    words = (raw.split("#", 1)[0] if "#" in raw else raw).split()
    if not words:
        return betting
    if words[:2] == ["d", "dh"]:
        if len(words) != 4:
            raise draft.error(f"cannot read the action {raw!r}", line, rule="bad-phh")
        name = labels.get(words[2]) or phh_actions._player(words[2], names, draft, raw, line)
        cards = reference_cards(words[3], draft, line)
        if name not in dealt:
            if len(cards) != draft.hand_size:
                phh_actions._first_deal_miscounted(draft, name, cards, words[3], line)  # type: ignore[arg-type]
            dealt.add(name)
            draft.mark_deal(line)
            if any(c is not None for c in cards):
                draft.known_deals[name] = cards  # type: ignore[assignment]
            return betting
        at = pending.pop(name, None)
        if at is None:
            raise draft.error(f"{name} is dealt cards without discarding", line, rule="bad-phh")
        old = draft.events[at]
        assert isinstance(old, Draw)
        if len(cards) != old.count:
            raise draft.error(
                f"{name} discards {old.count} but is dealt {len(cards)}", line, rule="bad-phh"
            )
        draft.events[at] = Draw(old.player, old.discards, cards)  # type: ignore[arg-type]
        return betting
    name = labels.get(words[0]) or phh_actions._player(words[0], names, draft, raw, line)
    verb = words[1] if len(words) > 1 else ""
    if verb == "sd":
        if betting:
            draft.new_round()
            betting = False
        discards = reference_cards(words[2], draft, line) if len(words) > 2 else ()
        draft.add(Draw(name, discards, (None,) * len(discards)), draft.at(line))  # type: ignore[arg-type]
        if discards:
            pending[name] = len(draft.events) - 1
        return betting
    betting = True
    left = stack[name] - draft.total_committed.get(name, 0)
    if verb == "f":
        draft.action(name, "fold", None, False, line)
    elif verb == "cc":
        owed = draft.highest() - draft.committed(name)
        if owed <= 0:
            draft.action(name, "check", None, False, line)
        else:
            paid = min(owed, left)
            draft.action(name, "call", paid, paid == left, line)
    elif verb == "cbr" and len(words) == 3:
        to = int(words[2]) if scale == 1 else int(Decimal(words[2]) * scale)
        kind = "bet" if draft.highest() == 0 else "raise"
        draft.action(name, kind, to, to - draft.committed(name) == left, line)
    elif verb == "sm":
        if len(words) == 2:
            draft.muck(name, line)
        elif words[2] == "-":
            draft.add(Show(name, (None,) * draft.hand_size), draft.at(line))
        else:
            shown = reference_cards(words[2], draft, line)
            draft.add(Show(name, shown), draft.at(line))  # type: ignore[arg-type]
    else:
        raise draft.error(f"the action {raw!r} has no meaning in Badugi", line, rule="bad-phh")
    return betting


def _comparable(items: list[object]) -> list[object]:
    """Errors compare by class, text, rule, position and hand (exceptions have no ``==``)."""
    return [
        (type(i), str(i), i.rule, i.position, i.hand) if isinstance(i, BadugiError) else i
        for i in items
    ]


def read_reference(text: str, source: str, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    with monkeypatch.context() as patch:
        patch.setattr(phh_fast, "fast_loads", lambda _text: None)
        patch.setattr(phh, "_action_lines", reference_action_lines)
        patch.setattr(phh, "_replay_actions", reference_replay_actions)
        return _comparable(list(read_phh(text, source)))


def read_fast(text: str, source: str) -> list[object]:
    return _comparable(list(read_phh(text, source)))


# --- the inputs ---------------------------------------------------------------------------------


def _phh_texts(path: Path) -> Iterator[str | BadugiError]:
    for item in convert_hands(path, "phh"):
        yield item.text if isinstance(item, ConvertedHand) else item


@pytest.fixture(scope="module")
def simulated(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """PHH texts of simulated fixed-limit Badugi hands, 8 of each shape, played as PokerKit
    plays (so PHH can say every one of them)."""
    folder = tmp_path_factory.mktemp("phh-speed")
    texts: list[str] = []
    for players, ante, cards in SHAPES:
        source = folder / f"sim-{players}-{ante}-{cards}.bhh"
        options = SimulationOptions(
            hands=8, players=players, ante=ante, cards=cards, seed=players, house=POKERKIT_PLAY
        )  # type: ignore[arg-type]
        simulate_to_path(options, source)
        for item in _phh_texts(source):
            assert isinstance(item, str), item  # every fixed-limit Badugi hand has a PHH form
            texts.append(item)
    assert len(texts) == 8 * len(SHAPES)
    return texts


@pytest.fixture(scope="module")
def corpus_phh(corpus_dir: Path) -> list[str]:
    texts = [
        item
        for path in sorted(corpus_dir.glob("*/*.txt"))
        for item in _phh_texts(path)
        if isinstance(item, str)
    ]
    assert len(texts) >= 150
    return texts


# --- TOML ---------------------------------------------------------------------------------------


def test_every_written_line_takes_the_line_reader(
    simulated: list[str], corpus_phh: list[str]
) -> None:
    """Our writer's PHH is read by ``_lines_fast`` (string operations) exactly as tomllib."""
    for text in [*simulated, *corpus_phh]:
        fast = phh_fast._lines_fast(text)
        assert fast is not None
        expected = toml_loads(text)
        assert fast == expected
        assert [type(v) for v in fast.values()] == [type(v) for v in expected.values()]


def test_other_games_and_structures_have_no_phh_form(tmp_path: Path) -> None:
    """Only fixed-limit Badugi (``FB``) is written; the rest is refused, never written wrongly."""
    for game in GAME_NAMES:
        for structure in STRUCTURE_KINDS:
            if (game, structure) == ("badugi", "fixed-limit"):
                continue
            source = tmp_path / f"{game}-{structure}.bhh"
            options = SimulationOptions(hands=2, game=game, structure=structure, seed=5)
            simulate_to_path(options, source)
            items = list(_phh_texts(source))
            assert items and all(
                isinstance(i, ImportFormatError) and i.rule == "phh-cannot-express" for i in items
            )


_INTS = st.sampled_from(
    ["0", "7", "10", "01", "00", "-2", "+3", "1_0", "1.5", "123456789012345678901"]
)
_STRINGS = st.sampled_from(
    ['"p1 cc"', '"d dh p1 As2c"', '""', r'"a\"b"', r'"a\tb"', '"x#y"', '"tab\there"', "'lit'"]
    + ['"a"b"', '"a", "b"', '"a","b"']
)
_ITEMS = st.one_of(_INTS, _STRINGS, st.sampled_from(["true", "false", "True", "[1]"]))
_SEPARATORS = st.sampled_from([", ", ", ", ", ", ",", " , ", ",\n  "])


def _array(items: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.tuples(
        st.lists(items, max_size=4), _SEPARATORS, st.sampled_from(["[]", "[]", "[ ]"])
    ).map(lambda p: p[2][:-1] + p[1].join(p[0]) + p[2][-1])


_VALUES = st.one_of(_ITEMS, _array(_INTS), _array(_STRINGS), _array(_ITEMS))
_LINES = st.tuples(
    st.sampled_from(["k", "k", "k", "k", "k", "a.b", '"q"', "", "x y"]),
    st.sampled_from([" = ", " = ", " = ", " = ", "=", " =  "]),
    _VALUES,
    st.sampled_from(["\n", "\n", "\n", "\n\n", "", " # c\n", "\r\n", "\n\t\n"]),
)
_DOCUMENTS = st.lists(_LINES, min_size=1, max_size=3).map(
    lambda lines: "".join(
        (f"k{i}" if key == "k" else key) + sep + value + end
        for i, (key, sep, value, end) in enumerate(lines)
    )
)
TRICKY_TOML = [
    "a = [01]\n",
    "a = [1, 01]\n",
    "a = 01\n",
    "a = 00\n",
    "a = -1\n",
    "a = [-1]\n",
    "a = 123456789012345678\n",
    "a = 1234567890123456789\n",
    "a = [1,2]\n",
    "a = [1, 2,]\n",
    "a = [ 1, 2]\n",
    "a = []\n",
    'a = ["a","b"]\n',
    'a = ["a", "b","c"]\n',
    'a = ["a"b", "c"]\n',
    r'a = "a\tb"' + "\n",
    r'a = ["a\tb"]' + "\n",
    r'a = ["a\"b"]' + "\n",
    r'a = "\\"' + "\n",
    'a = ""\n',
    'a = [""]\n',
    'a = ["", ""]\n',
    'a = ["]\n',
    'a = ["a]\n',
    'a = [a"]\n',
    'a = "a" "b"\n',
    'a = "a", "b"\n',
    'a = ["a", "b"] # c\n',
    "a = true\nb = false\n",
    "a = True\n",
    "a = [true]\n",
    "a-b_C9 = 1\n",
    "a = 1\na = 1\n",
    " a = 1\n",
    "a = 1 \n",
    "a  = 1\n",
    "a = 1",
    "\n\na = 1\n\n",
    'a = "ü ♠"\n',
    'a = "x\x7f"\n',
    'a = "x"\r\n',
    "a = [1, 2]]\n",
    'a = [["a"]]\n',
]


def _declines_or_agrees(text: str) -> None:
    """``_lines_fast`` and ``fast_loads`` either decline (``None``) or read exactly what tomllib
    reads; where tomllib fails they always decline."""
    try:
        expected = toml_loads(text)
    except tomllib.TOMLDecodeError:
        expected = None
    readers = [phh_fast.fast_loads]
    if not phh_values._ODD.search(text):  # _lines_fast's caller refuses control characters first
        readers.append(phh_fast._lines_fast)
    for reader in readers:
        got = reader(text)
        if expected is None:
            assert got is None
        elif got is not None:
            assert got == expected
            assert [type(v) for v in got.values()] == [type(v) for v in expected.values()]


@pytest.mark.parametrize("text", TRICKY_TOML)
def test_tricky_lines_are_declined_or_read_as_tomllib_reads_them(text: str) -> None:
    _declines_or_agrees(text)


@settings(max_examples=400, deadline=None)
@given(_DOCUMENTS)
def test_line_reader_declines_or_agrees_with_tomllib(text: str) -> None:
    """Writer-like lines with small faults (random)."""
    _declines_or_agrees(text)


# --- cards --------------------------------------------------------------------------------------


_CODES = st.sampled_from([str(c) for c in DECK] + ["??", "??", "as", "1s", "Tx", "A", "10"])


@settings(max_examples=300, deadline=None)
@given(st.lists(_CODES, min_size=1, max_size=6).map("".join))
def test_cards_read_like_parse_site_cards(text: str) -> None:
    """Chunk look-ups give the general reader's cards, and its errors (repeats, bad codes)."""
    draft = HandDraft("t.phh", "h", Position("t.phh", 1, 1), "phh")
    outcomes: list[object] = []
    for reader in (phh_strings._cards, reference_cards):
        try:
            outcomes.append(reader(text, draft, 3))
        except BadugiError as exc:
            outcomes.append(_comparable([exc])[0])
    assert outcomes[0] == outcomes[1]


# --- whole hands --------------------------------------------------------------------------------


def test_simulated_hands_read_as_the_reference_reads_them(
    simulated: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for n, text in enumerate(simulated):
        fast = read_fast(text, f"sim{n}.phh")
        assert all(isinstance(i, HandRecord) for i in fast)
        assert fast == read_reference(text, f"sim{n}.phh", monkeypatch)


def test_corpus_hands_read_as_the_reference_reads_them(
    corpus_phh: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for n, text in enumerate(corpus_phh):
        assert read_fast(text, f"c{n}.phh") == read_reference(text, f"c{n}.phh", monkeypatch)


def test_fixture_reads_as_the_reference_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Multi-line ``actions`` with comments: the line search and the value-by-value reader."""
    text = FIXTURE.read_text(encoding="utf-8")
    fast = read_fast(text, str(FIXTURE))
    assert isinstance(fast[0], HandRecord)
    record = fast[0]
    lines = {record.position(i).line for i, e in enumerate(record.events) if isinstance(e, Action)}
    assert lines != {1}
    assert fast == read_reference(text, str(FIXTURE), monkeypatch)
    many = "\n".join(f"[h{i}]\n{text}" for i in range(3))  # a .phhs document: tables
    assert read_fast(many, "m.phhs") == read_reference(many, "m.phhs", monkeypatch)


def _damage(text: str, how: str, at: int) -> str:
    """One change to the ``actions`` line of a PHH text written by ``write_phh``."""
    head, _, rest = text.partition("actions = [")
    inside, _, tail = rest.partition("]\n")
    actions = inside.split(", ")
    i = at % len(actions)
    if how == "drop":
        del actions[i]
    elif how == "repeat":
        actions.insert(i, actions[i])
    elif how == "swap" and i + 1 < len(actions):
        actions[i], actions[i + 1] = actions[i + 1], actions[i]
    elif how == "cbr":
        actions[i] = actions[i][:-1] + ' cbr 1"'
    elif how == "cards":
        actions[i] = actions[i][:-1] + ' AsAs"'
    elif how == "player":
        actions[i] = '"p9' + actions[i][3:]
    elif how == "seat0":
        actions[i] = '"p0' + actions[i][3:]
    elif how == "comment":
        actions[i] = actions[i][:-1] + ' # note"'
    elif how == "newline":
        actions[i] = "\n  " + actions[i]
    return f"{head}actions = [{', '.join(actions)}]\n{tail}"


@settings(max_examples=150, deadline=None)
@given(
    st.integers(0, 10_000),
    st.sampled_from(
        ["drop", "repeat", "swap", "cbr", "cards", "player", "seat0", "comment", "newline"]
    ),
    st.integers(0, 200),
)
def test_damaged_hands_fail_as_the_reference_fails(
    simulated: list[str], which: int, how: str, at: int
) -> None:
    """Dropped, repeated, swapped or changed actions: the same hands, or the same errors."""
    text = _damage(simulated[which % len(simulated)], how, at)
    with pytest.MonkeyPatch.context() as patch:
        assert read_fast(text, "d.phh") == read_reference(text, "d.phh", patch)


# --- the shortcuts are taken on real hands, and agree with the general path --------------------


def _pokerkit_quoted(text: str) -> str:
    """Our writer's PHH with single-quoted strings, as PokerKit writes them."""
    return text.replace('"', "'")


def test_one_line_actions_are_placed_without_the_token_search(
    simulated: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Written one-line ``actions`` (double- or single-quoted) are placed by counting quotes
    (:func:`phh_strings._all_on_one_line`), and land where the character-by-character search
    puts them; a comment or an escape on the line sends it to the token search."""
    taken = []
    real = phh_strings._all_on_one_line

    def spy(text: str, start: int, want: int) -> bool:
        taken.append(real(text, start, want))
        return taken[-1]

    monkeypatch.setattr(phh_strings, "_all_on_one_line", spy)
    for text in simulated[:12]:
        for variant in (text, _pokerkit_quoted(text)):
            (piece,) = phh.iter_pieces(variant.split("\n"), "t.phh")
            assert isinstance(piece, PhhPiece)
            actions = piece.data["actions"]
            got = phh_strings._action_lines(piece, actions, 1)
            assert got == reference_action_lines(piece, actions, 1)
            assert len(set(got)) == 1
    assert taken and all(taken)
    line = 'actions = ["p1 cc", "p2 f"] # "x"'
    assert not real(line, line.index("=") + 1, 2)
    assert not real('actions = ["p1 \\"cc", "p2 f"]', 10, 2)
    assert not real("actions = [\"p1 cc\", 'p2 f']", 10, 2)


_LINE_PARTS = st.sampled_from(
    ["'p3 f'", '"p4 cc"', "'a#b'", '"x\\"y"', "'q\"'", "'", '"', "#", ",", " ", "  ", "p1", "]"]
)


@settings(max_examples=500, deadline=None)
@given(st.lists(_LINE_PARTS, max_size=6).map("".join))
def test_item_lines_are_counted_as_the_token_search_counts_them(text: str) -> None:
    """A line of an array written one item a line is counted by string operations
    (:func:`phh_strings._strings_on_line`) as the token search counts it, or left to that search."""
    counted = phh_strings._strings_on_line(text, 0)
    tokens = 0
    for token in phh_strings._STRING_OR_COMMENT.finditer(text):
        if token.group() == "#":
            break
        tokens += 1
    assert counted in (-1, tokens)


def test_pokerkit_file_is_placed_line_by_line_without_the_token_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PokerKit's own file, one action a line, each with a comment: every action is placed on
    its own line (as the reference search places it) by :func:`phh_strings._strings_on_line`
    alone."""
    searched: list[str] = []
    search = phh_strings._STRING_OR_COMMENT

    class Spy:
        def finditer(self, text: str, start: int) -> object:
            searched.append(text)
            return search.finditer(text, start)

    text = FIXTURE.read_text(encoding="utf-8")
    for document in (text, text.replace('"', "'")):
        (piece,) = phh.iter_pieces(document.split("\n"), "kit.phh")
        assert isinstance(piece, PhhPiece)
        actions = piece.data["actions"]
        with monkeypatch.context() as patch:
            patch.setattr(phh_strings, "_STRING_OR_COMMENT", Spy())
            got = phh_strings._action_lines(piece, actions, 1)
        assert got == reference_action_lines(piece, actions, 1)
        assert len(set(got)) == len(actions)
        assert searched == ["actions = ["]  # only the key's own line, holding no string
        searched.clear()


def test_pokerkit_quoted_hands_read_as_the_reference_reads_them(
    simulated: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for n, text in enumerate(simulated[:20]):
        quoted = _pokerkit_quoted(text)
        fast = read_fast(quoted, f"q{n}.phh")
        assert all(isinstance(i, HandRecord) for i in fast)
        assert fast == read_reference(quoted, f"q{n}.phh", monkeypatch)


def _pokerkit_dumped() -> str:
    """The PokerKit fixture as PokerKit itself writes it (``HandHistory.dumps``: one line per
    field, single-quoted strings): a real PokerKit file."""
    import pokerkit

    return pokerkit.HandHistory.loads(FIXTURE.read_text(encoding="utf-8")).dumps()


def test_action_strings_are_decoded_once_or_by_their_heads(
    simulated: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A string without cards is decoded once (kept in ``_STEPS``); one with cards after a head
    already read (``d dh p1``, ``p2 sd``, ``p4 sm``) is read as that head and its cards, not
    word by word, and not kept.  On our writer's hands and PokerKit's own file, word-by-word
    decoding happens only for the first string of each head; the steps are the same."""
    decoded: list[str] = []
    real = phh_strings._decode

    def spy(raw: str) -> phh_strings.Step:
        decoded.append(raw)
        return real(raw)

    monkeypatch.setattr(phh_strings, "_decode", spy)
    for text in (simulated[0], _pokerkit_dumped()):
        phh_strings._STEPS.clear()
        phh_strings._HEADS.clear()
        decoded.clear()
        assert all(isinstance(i, HandRecord) for i in read_fast(text, "s.phh"))
        actions = toml_loads(text)["actions"]
        with_cards = [a for a in actions if a.split()[-1] not in ("cc", "f", "sd", "sm")]
        with_cards = [a for a in with_cards if "cbr" not in a]
        heads = {a.rpartition(" ")[0] for a in with_cards}
        assert len(with_cards) > len(heads)  # heads repeat: the shortcut has work to do
        assert len(decoded) == len(set(actions) - set(with_cards)) + len(heads)
        assert set(phh_strings._HEADS) == heads
        assert not set(phh_strings._STEPS) & set(with_cards)  # one hand's cards: not kept
        for raw in actions:
            assert phh_strings._step(raw) == real(raw)  # by its head or not: the same step
        for code, _seat, _who, value, arg, events in map(real, with_cards):
            draft = HandDraft("t.phh", "h", Position("t.phh", 1, 1), "phh")
            assert code in (phh_strings.DEAL, phh_strings.DISCARD, phh_strings.SHOW)
            assert value == phh_strings._cards(arg, draft, 0)
            assert events == {}  # its cards make its event per occurrence
        assert phh_strings._PER_OCCURRENCE == {}
    for i in range(phh_strings._STEPS_LIMIT + 10):
        phh_strings._step(f"p1 cbr {i}")
        assert len(phh_strings._STEPS) <= phh_strings._STEPS_LIMIT
    for i in range(phh_strings._HEADS_LIMIT + 10):
        phh_strings._step(f"d dh p{i + 1} As")
        assert len(phh_strings._HEADS) <= phh_strings._HEADS_LIMIT


def test_the_events_an_action_string_stands_for_are_bounded() -> None:
    """``p1 f`` names another player in each hand: one fold event per player, the same object
    in every hand where that player folds as ``p1``, and at most ``_EVENTS_LIMIT`` of them
    kept with the string however many players a file names."""
    hand = (
        'variant = "FB"\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\n'
        'big_bet = 4\nstarting_stacks = [10, 10]\nplayers = ["{a}", "{b}"]\n'
        'actions = ["d dh p1 ????????", "d dh p2 ????????", "p1 f"]\n'
    )
    many = phh_strings._EVENTS_LIMIT + 20
    text = "\n".join(f"[{i}]\n" + hand.format(a=f"a{i % many}", b=f"b{i}") for i in range(2 * many))
    records = [r for r in read_phh(text, "many.phhs") if isinstance(r, HandRecord)]
    assert len(records) == 2 * many
    folds = [r.events[-1] for r in records]
    assert folds == [Action(f"a{i % many}", "fold") for i in range(2 * many)]
    assert len(phh_strings._STEPS["p1 f"][5]) <= phh_strings._EVENTS_LIMIT
    few = "\n".join(f"[{i}]\n" + hand.format(a=f"a{i % 3}", b=f"b{i}") for i in range(12))
    folds = [r.events[-1] for r in read_phh(few, "few.phhs") if isinstance(r, HandRecord)]
    assert all(fold is folds[i % 3] for i, fold in enumerate(folds))
    assert len({id(fold) for fold in folds}) == 3


def test_plain_hands_are_read_from_their_lines(
    simulated: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A hand written as our writer or PokerKit writes it is read from the lines the splitter
    cut (``fast.plain_lines``), never joined into a text for the general readers; it reads as
    tomllib reads the whole document, comments and arrays written one item a line included
    (PokerKit's own files).  A table of another layout (``key=value``) still goes the general
    way."""
    general: list[str] = []
    real = phh_fast.fast_loads

    def spy(text: str) -> object:
        general.append(text)
        return real(text)

    monkeypatch.setattr(phh_fast, "fast_loads", spy)
    hands = [*simulated[:10], _pokerkit_dumped()]
    document = "".join(f"[{i}]\n{text}\n" for i, text in enumerate(hands))
    expected = toml_loads(document)
    for lines in (document.split("\n"), split_lines(document)):
        pieces = list(phh.iter_pieces(lines, "m.phhs"))
        assert [p.data for p in pieces] == [{str(i): expected[str(i)]} for i in range(len(hands))]
    for text in hands:
        (piece,) = phh.iter_pieces(text.split("\n"), "one.phh")
        assert isinstance(piece, PhhPiece) and piece.data == toml_loads(text)
    assert not general
    commented = document.replace("[3]\n", "[3]\n# a note\n\n  # another\n")
    pieces = list(phh.iter_pieces(commented.split("\n"), "m.phhs"))
    assert [p.data for p in pieces] == [{str(i): expected[str(i)]} for i in range(len(hands))]
    assert not general
    pokerkits = FIXTURE.read_text(encoding="utf-8")  # comments, a multi-line array
    single_quoted = pokerkits.replace('"', "'")
    kit_document = f"[a]\n{pokerkits}\n[b]\n{single_quoted}"
    pieces = list(phh.iter_pieces(kit_document.split("\n"), "kit.phhs"))
    assert [p.data for p in pieces] == [{k: v} for k, v in toml_loads(kit_document).items()]
    assert not general
    spaced = document.replace("[3]\nvariant = ", "[3]\nvariant=")
    pieces = list(phh.iter_pieces(spaced.split("\n"), "m.phhs"))
    assert [p.data for p in pieces] == [{str(i): expected[str(i)]} for i in range(len(hands))]
    assert len(general) == 1


_HEAD_WORDS = st.sampled_from(["d dh p1", "d dh p2", "p1 sd", "p3 sm", "p1 cc", "d dh", "p0 sd"])
_TAILS = st.sampled_from(
    ["As", "As2c", "As2c3d4h", "????????", "??", "AsAs", "as", "", "-", "#", "As#x", "As\t", "10"]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_HEAD_WORDS, st.sampled_from([" ", "  ", "\t"]), _TAILS), max_size=8))
def test_strings_read_by_their_heads_read_as_word_by_word(
    strings: list[tuple[str, str, str]],
) -> None:
    """Whatever heads are known, ``_step`` of a string gives what decoding it word by word
    gives: odd spacing, comments, missing or bad cards are never read by a head."""
    phh_strings._HEADS.clear()
    for head in ("d dh p1", "p1 sd", "p3 sm", "p0 sd"):
        phh_strings._decode(f"{head} As")  # the heads of plain strings become known
    for head, blank, tail in strings:
        raw = head + blank + tail
        assert phh_strings._step(raw) == phh_strings._decode(raw)


_FIELD_VALUES = st.one_of(
    st.integers(-3, 3),
    st.integers(2**53 - 1, 2**53 + 1),
    st.booleans(),
    st.floats(allow_nan=True),
    st.text(max_size=2),
    st.none(),
)


@settings(max_examples=300, deadline=None)
@given(
    st.one_of(_FIELD_VALUES, st.lists(_FIELD_VALUES, max_size=4)),
    st.one_of(_FIELD_VALUES, st.lists(st.one_of(st.text(max_size=3), _FIELD_VALUES), max_size=4)),
    st.tuples(_FIELD_VALUES, _FIELD_VALUES, _FIELD_VALUES),
)
def test_field_shortcuts_read_as_value_by_value(
    numbers: object, strings: object, date: tuple[object, object, object]
) -> None:
    """``amounts``, ``per_player``, ``strings`` and ``date`` check a whole list at once in the
    common case; they give exactly what the item-by-item reading gives, or its error."""
    from badugi_ledger.phh import fields as phh_fields
    from badugi_ledger.phh.fields import HandFields

    hand = {"n": numbers, "s": strings, "year": date[0], "month": date[1], "day": date[2]}
    fields = HandFields(hand, "h", "t.phh", ["n = 1", "s = 1", "year = 1"], 1)

    def outcome(read: object) -> object:
        try:
            return read()  # type: ignore[operator]
        except BadugiError as exc:
            return _comparable([exc])[0]
        except (ValueError, ArithmeticError) as exc:  # a bug: whole numbers are all said
            return type(exc), str(exc)

    def amounts_by_item(least: int) -> list[int]:
        if not isinstance(numbers, list):
            fields.fail("n", f"n must be a list of whole numbers, not {phh.describe(numbers)}")
        return [fields.whole("n", v, f"n[{i}]", least) for i, v in enumerate(numbers)]

    def strings_by_item() -> object:
        if not isinstance(strings, list):
            fields.fail("s", f"s must be a list of strings, not {phh.describe(strings)}")
        for i, value in enumerate(strings):
            if not isinstance(value, str):
                fields.fail("s", f"s[{i}] must be a string, not {phh.describe(value)}")
        return strings

    def date_by_item() -> object:
        keys = ("year", "month", "day")
        year, month, day = (fields.whole(k, hand[k], k) for k in keys)
        try:
            return datetime.date(year, month, day).isoformat()
        except ValueError:
            fields.fail("year", f"year {year}, month {month}, day {day} is not a date")
        except OverflowError:
            key, expected = phh_fields._date_field(year, month, day)
            fields.fail(
                key,
                f"year {year}, month {month}, day {day} is not a date ({key} must be {expected})",
            )

    for least in (0, 1):
        assert outcome(lambda at=least: fields.amounts("n", least=at)) == outcome(
            lambda at=least: amounts_by_item(at)
        )

    def per_player_by_item() -> list[int]:
        values = amounts_by_item(0)
        if any(values[3:]):  # a forced bet beyond the players: refused, never dropped unseen
            assert isinstance(numbers, list)
            fields.fail(
                "n",
                f"n has {len(values)} amounts for 3 players (starting_stacks), and those "
                f"beyond them are not 0 ({', '.join(map(str, numbers[3:]))}): nobody would "
                "post them",
            )
        return (values + [0] * 3)[:3]

    if isinstance(numbers, list):
        assert outcome(lambda: fields.per_player("n", 3)) == outcome(per_player_by_item)
    assert outcome(lambda: fields.strings("s", [])) == outcome(strings_by_item)
    assert outcome(fields.date) == outcome(date_by_item)


_TWICE_NAMED = """variant = "FB"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
small_bet = 2
big_bet = 4
starting_stacks = [%s]
actions = ["p3 cbr 2", "p1 cc", "p2 cbr 4", "p3 cc", "p1 cc", "p1 sd", "p2 sd", "p3 sd",
  "p1 cbr 2", "p2 cc", "p3 cc"]
players = ["Ann", "Bob", "Ann"]
"""


@pytest.mark.parametrize("stacks", ["100, 100, 100", "100, 100, 5", "3, 100, 100"])
def test_two_players_of_one_name_are_refused_at_the_players_line(stacks: str) -> None:
    """Two players of one name were read into one slot of the action loop
    (``phh_actions._player_slots``), sharing chips: the error was then about the chips ("Ann
    puts 6 in, but the hand starts them with 5") or "a player is seated twice" at the hand's
    first line.  The name is refused at the ``players`` line, before any action is read."""
    text = _TWICE_NAMED % stacks
    (item,) = read_phh(text, "d.phh")
    assert isinstance(item, ImportFormatError)
    assert "Ann is seated twice (players[0] and players[2]): a player has one seat" in str(item)
    assert item.position.line == 9  # the players line
    assert phh_actions._player_slots(["Ann", "Bob", "Ann"]) == [2, 1, 2]
