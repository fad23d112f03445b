"""The fast PHH reader reads exactly what ``tomllib`` reads, or nothing.

``phh_fast.fast_loads`` must equal ``tomllib.loads`` on every PHH file our writer produces (the
real-hand corpus, the examples, simulated hands) and on the PokerKit fixture, and must decline
(``None``, so ``tomllib`` reads it) any TOML outside its subset.  ``read_phh`` must give the
same hands, and the same errors, with the fast path as without it.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Sequence
from decimal import Decimal
from functools import partial
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from badugi_ledger.convert import ConvertedHand, convert_hands
from badugi_ledger.model.errors import ImportFormatError
from badugi_ledger.model.events import HandRecord
from badugi_ledger.phh import fast as phh_fast
from badugi_ledger.phh.reader import read_phh
from badugi_ledger.simulate.sessions import POKERKIT_PLAY, SimulationOptions, simulate_to_path
from tests.helpers.paths import FIXTURES, REPO

toml_loads = partial(tomllib.loads, parse_float=Decimal)
"""What the PHH reader reads a document as: ``tomllib``, a TOML float a ``Decimal`` of its
digits (``phh.fast.loads``)."""

FIXTURE = FIXTURES / "wikipedia_badugi.phh"
EXAMPLES = sorted((REPO / "examples").glob("*.bhh"))


def _phh_texts(path: Path) -> Iterator[str]:
    for item in convert_hands(path, "phh"):
        if isinstance(item, ConvertedHand):
            yield item.text


@pytest.fixture(scope="module")
def simulated_phh(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """PHH files of simulated hands (cards shown and hidden), played as PokerKit plays (so PHH
    can say every one of them)."""
    texts: list[str] = []
    for seed, cards in ((3, "all"), (4, "showdown")):
        source = tmp_path_factory.mktemp("sim") / f"sim{seed}.bhh"
        options = SimulationOptions(hands=40, seed=seed, cards=cards, house=POKERKIT_PLAY)  # type: ignore[arg-type]
        simulate_to_path(options, source)
        texts += _phh_texts(source)
    assert len(texts) == 80
    return texts


def _same_as_tomllib(text: str) -> None:
    fast = phh_fast.fast_loads(text)
    assert fast is not None, "our own PHH must take the fast path"
    assert fast == toml_loads(text)
    assert [type(v) for v in fast.values()] == [type(v) for v in toml_loads(text).values()]


def test_fixture_reads_the_same_fast() -> None:
    """The PokerKit fixture has a multi-line ``actions`` array with a comment on every line."""
    _same_as_tomllib(FIXTURE.read_text(encoding="utf-8"))


def test_simulated_hands_read_the_same_fast(simulated_phh: list[str]) -> None:
    for text in simulated_phh:
        _same_as_tomllib(text)


def test_example_hands_read_the_same_fast() -> None:
    written = 0
    for path in EXAMPLES:
        for text in _phh_texts(path):
            _same_as_tomllib(text)
            written += 1
    assert written >= 3


def test_corpus_hands_read_the_same_fast(corpus_dir: Path) -> None:
    """Every real corpus hand our writer can express (``corpus/*/*.txt``), as PHH."""
    written = 0
    for path in sorted(corpus_dir.glob("*/*.txt")):
        for text in _phh_texts(path):
            _same_as_tomllib(text)
            written += 1
    assert written >= 150


ODD_TOML = [
    '[hand1]\nvariant = "FB"\n',  # a table (.phhs)
    "a = {b = 1}\n",  # inline table
    'a = "x\\"y"\n',  # escape
    'a = "tab\\tnew"\n',
    "a = '''multi-line literal'''\n",
    "a = ['''x''']\n",
    'a = """multi\nline"""\n',
    "a.b = 1\n",  # dotted key
    '"quoted" = 1\n',
    "a = 1e3\n",
    "a = 1.5e3\n",  # floats other than our plain decimals
    "a = -1.5\n",
    "a = +0.25\n",
    "a = 1_0.5\n",
    "a = [1.5e3, 2]\n",
    "a = 0x1F\n",
    "a = 1_000\n",
    "a = 1979-05-27\n",
    "a = inf\n",
    "a = [[1, 2], [3]]\n",  # nested arrays
    "a = [1, {b = 2}]\n",
    "a = 1\r\nb = 2\r\n",
    "a = 12345678901234567890\n",  # beyond our 18 digits (tomllib reads it)
    # invalid TOML: the fast path must not accept it either; tomllib raises
    "a = 1\na = 2\n",
    "a = 01\n",
    "a = [1 2]\n",
    "a = [,]\n",
    "a = [1,,2]\n",
    "a = \n",
    "a = 1 2\n",
    'a = "unterminated\n',
    "a = tru\n",
    "a = 1.\n",
    "a = .5\n",
    "a = 01.5\n",
    "a = [0.5, 1.]\n",
    "a = 1\x00\n",
    "= 1\n",
]


@pytest.mark.parametrize("text", ODD_TOML)
def test_odd_toml_falls_back_to_tomllib(text: str) -> None:
    assert phh_fast.fast_loads(text) is None
    try:
        expected = toml_loads(text)
    except tomllib.TOMLDecodeError:
        with pytest.raises(tomllib.TOMLDecodeError):
            phh_fast.loads(text)
    else:
        assert phh_fast.loads(text) == expected


PLAIN_TOML = [
    ("", {}),
    ("\n\n# only a comment\n", {}),
    ("a = []\n", {"a": []}),
    ("a = [ ]\n", {"a": []}),
    ('a = ["x", "y",]\n', {"a": ["x", "y"]}),
    ("a = [1, -2, +3, 0]  # note\n", {"a": [1, -2, 3, 0]}),
    ('a = [\n  1, # one\n  "two",\n  true,\n]\n', {"a": [1, "two", True]}),
    ('  a=false\nb = "# not a comment"', {"a": False, "b": "# not a comment"}),
    ('k-1_x = "ü ♠"\n', {"k-1_x": "ü ♠"}),
    ("a = 'literal'\n", {"a": "literal"}),
    ("a = ''\n", {"a": ""}),
    ("a = 'back\\slash \"q\" # not a comment'\n", {"a": 'back\\slash "q" # not a comment'}),
    ("a = ['p1 f', 'p2 cbr 4']\n", {"a": ["p1 f", "p2 cbr 4"]}),
    ("a = 1\n# trailing comment without newline", {"a": 1}),
    ("a = [ 'x' ,\n  \"y\", # c\n  '', ]\n", {"a": ["x", "y", ""]}),
    # our writer's amounts of money: a TOML float is the Decimal of its digits, never a float
    ("a = 1.5\n", {"a": Decimal("1.5")}),
    ("a = [9.80, 5, 0.24, 0.00]\n", {"a": [Decimal("9.80"), 5, Decimal("0.24"), Decimal("0.00")]}),
    ("a = [\n  0.10,\n  2.5\n]\n", {"a": [Decimal("0.10"), Decimal("2.5")]}),
    ("a = 0.100000000000000001\n", {"a": Decimal("0.100000000000000001")}),
]


def _typed(value: object) -> object:
    """``value`` with the type of every item beside it: ``Decimal("1")`` is not ``1``."""
    if isinstance(value, dict):
        return {k: _typed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_typed(v) for v in value]
    return type(value), value


@pytest.mark.parametrize(("text", "expected"), PLAIN_TOML)
def test_plain_toml_is_read_fast(text: str, expected: dict[str, object]) -> None:
    assert _typed(toml_loads(text)) == _typed(expected)  # the expectation itself is TOML's
    assert _typed(phh_fast.fast_loads(text)) == _typed(expected)


_GOOD_SCALARS = st.sampled_from(
    ["0", "1", "-7", "+2", "true", "false", '"s"', '"x#y"', '""']
    + ["'l'", "'x#y'", "''", "'a\\b'", "'q\"'", "'p1 cbr 4'"]  # literal (single-quoted)
    + ["0.25", "9.80", "0.00", "12.5", "1.0", "100.000000000000000001"]  # amounts of money
)
_SCALARS = st.one_of(
    _GOOD_SCALARS,
    _GOOD_SCALARS,
    st.sampled_from(["01", "1.5", '"e\\"', "x", "'''t'''", "'un", "'a'b", "''''", "'''"]),
    # hostile numbers: huge, negative, float, exponent, infinite and NaN forms
    st.sampled_from(["1e400", "-1E3", "nan", "-inf", "+nan", "-0", "99999999999999999999"]),
    st.integers(-(10**30), 10**30).map(str),
    # decimals: any digits either side, signs, exponents, underscores, a point alone
    st.tuples(
        st.sampled_from(["", "-", "+"]),
        st.integers(0, 10**20).map(str) | st.sampled_from(["", "00", "01", "1_0"]),
        st.sampled_from([".", ".", "._", ""]),
        st.integers(0, 10**20).map(str) | st.sampled_from(["", "0", "50", "1_5"]),
        st.sampled_from(["", "", "e2", "E-3"]),
    ).map("".join),
)
_ITEM_GAPS = st.sampled_from([", ", ",", ",\n  ", ", # c\n", ", ", " # c\n, ", " ", ",,"])
_ARRAYS = st.tuples(
    st.lists(_SCALARS, max_size=4),
    _ITEM_GAPS,
    st.sampled_from(["[", "[ ", "[\n"]),
    st.sampled_from(["]", ",]", " ]", ",\n]", "\n]"]),
).map(lambda p: p[2] + p[1].join(p[0]) + (p[3] if p[0] else "]"))
_LINES = st.tuples(
    st.sampled_from(["a", "b", "k_1", "x-2", "a", "b", "c", "a.b", '"q"', "[t]\n"]),
    st.sampled_from([" = ", "=", "\t= ", " = ", " "]),
    st.one_of(_SCALARS, _ARRAYS, _ARRAYS, st.sampled_from(["{b = 1}", "[[1], 2]"])),
    st.sampled_from(["", "", "", " # c", "  ", " x"]),
    st.sampled_from(["\n", "\n", "\n", "\n\n", "\r\n", "\n# c\n"]),
).map("".join)
_DOCUMENTS = st.lists(_LINES, max_size=4).map("".join)


@settings(max_examples=300, deadline=None)
@given(_DOCUMENTS)
def test_fast_path_never_disagrees_with_tomllib(text: str) -> None:
    """Random near-TOML: the fast reader either declines or reads exactly what tomllib reads."""
    fast = phh_fast.fast_loads(text)
    try:
        expected = toml_loads(text)
    except tomllib.TOMLDecodeError:
        assert fast is None
    else:
        assert fast is None or _typed(fast) == _typed(expected)


def _without_fast_path(text: str, monkeypatch: pytest.MonkeyPatch) -> list[object]:
    with monkeypatch.context() as patch:
        patch.setattr(phh_fast, "fast_loads", lambda _text: None)
        return list(read_phh(text, "t.phh"))


def _comparable(items: Sequence[object]) -> list[object]:
    return [
        (type(i), str(i), getattr(i, "rule", None), getattr(i, "position", None))
        if isinstance(i, ImportFormatError)
        else i
        for i in items
    ]


def test_read_phh_gives_the_same_hands_either_way(
    simulated_phh: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    texts = [*simulated_phh[:30], FIXTURE.read_text(encoding="utf-8")]
    for text in texts:
        fast = list(read_phh(text, "t.phh"))
        assert all(isinstance(i, HandRecord) for i in fast)
        assert fast == _without_fast_path(text, monkeypatch)


BROKEN_PHH = [
    'variant = "FB"\nstarting_stacks = [10, 10]\n',  # fields missing
    "variant = [\n",  # not TOML
    'variant = "FB"\nantes = 0\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n'
    'starting_stacks = [10, 10]\nactions = ["d dh p1 AsAs2c3d", "d dh p2 ????????"]\n',
    'variant = "FB"\nantes = 0\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n'
    'starting_stacks = [10, 10]\nactions = ["d dh p1 As2", "d dh p2 ????????"]\n',
    'variant = "FB"\nantes = 0\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n'
    'starting_stacks = [10, 10]\nactions = ["d dh p1 Zz2c3d4h", "d dh p3 ????????"]\n',
]


@pytest.mark.parametrize("text", BROKEN_PHH)
def test_broken_phh_fails_the_same_either_way(text: str, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = list(read_phh(text, "t.phh"))
    assert any(isinstance(i, ImportFormatError) for i in fast)
    assert _comparable(fast) == _comparable(_without_fast_path(text, monkeypatch))


def test_card_cache_keeps_errors_and_positions() -> None:
    """A card string read once is reused; a bad one still fails every time, with its position."""
    good = (
        'variant = "FB"\nantes = 0\nblinds_or_straddles = [1, 2]\nsmall_bet = 2\nbig_bet = 4\n'
        'starting_stacks = [10, 10]\nactions = ["d dh p1 As2c3d4h", "d dh p2 ????????", '
        '"p2 f"]\n'
    )
    first = read_phh(good, "one.phh")
    second = read_phh(good, "two.phh")
    (a,), (b,) = list(first), list(second)
    assert isinstance(a, HandRecord) and isinstance(b, HandRecord)
    assert a.events == b.events
    assert {p.source for p in a.positions} == {"one.phh"}
    assert {p.source for p in b.positions} == {"two.phh"}
    bad = good.replace("As2c3d4h", "AsAs3d4h")
    for _ in range(2):
        (item,) = list(read_phh(bad, "bad.phh"))
        assert isinstance(item, ImportFormatError) and item.rule == "corrupt-hand"


@settings(max_examples=300, deadline=None)
@given(_DOCUMENTS)
def test_lines_read_from_the_cache_read_as_tomllib(text: str) -> None:
    """``_lines_fast`` keeps each line it has read: a second read (from the cache) gives what
    the first gave and what tomllib gives, or declines both times; control characters, tabs
    and ``\\r`` are declined by the line reader itself."""
    first, second = phh_fast._lines_fast(text), phh_fast._lines_fast(text)
    assert first == second
    if first is not None and second is not None:
        assert first == toml_loads(text)
        assert [type(v) for v in first.values()] == [type(v) for v in second.values()]
    if any(c in text for c in "\t\r\x00\x01\x7f"):
        assert first is None


def test_line_cache_is_bounded_and_taken_on_written_hands(simulated_phh: list[str]) -> None:
    """Every short line of our writer's PHH is kept once read (most repeat from hand to hand),
    the long ``actions`` line never; the cache never holds more than its limit of lines."""
    phh_fast._LINES.clear()
    phh_fast._lines_fast(simulated_phh[0])
    lines = [line for line in simulated_phh[0].split("\n") if line]
    kept = [line for line in lines if line in phh_fast._LINES]
    assert kept == [line for line in lines if len(line) <= phh_fast._LINE_CHARS]
    assert not any(line.startswith("actions = ") for line in kept)
    for i in range(phh_fast._LINES_LIMIT + 10):
        assert phh_fast._lines_fast(f"k = {i}\n") == {"k": i}
        assert len(phh_fast._LINES) <= phh_fast._LINES_LIMIT


def test_lists_read_from_the_cache_are_the_callers_own() -> None:
    """A list value comes out of the line cache as a copy: changing it changes no later read."""
    text = "antes = [0, 0, 0]\nplayers = ['a', 'b', 'c']\n"
    first = phh_fast._lines_fast(text)
    assert first is not None
    first["antes"].append(5)
    first["players"][0] = "z"
    assert phh_fast._lines_fast(text) == {"antes": [0, 0, 0], "players": ["a", "b", "c"]}


@settings(max_examples=500, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0x3000), max_size=12))
def test_printable_check_is_isprintable(text: str) -> None:
    """The fast path's check of a line (ASCII by its bytes) is ``str.isprintable``, which keeps
    every control character TOML forbids out of the fast path."""
    assert phh_fast._printable(text) == text.isprintable()
    assert phh_fast._printable("x = 'a" + text + "'") == ("x = 'a" + text + "'").isprintable()


@pytest.mark.parametrize("control", ["\x00", "\x1f", "\x7f", "\t", "\x0b"])
def test_control_character_in_a_long_line_is_left_to_tomllib(control: str) -> None:
    """A control character inside the long ``actions`` string (read by ``_line``, never kept)
    declines the fast path; ``tomllib`` then decides (a tab is allowed, the others are not)."""
    items = ", ".join(f'"p{i % 6 + 1} cc"' for i in range(40))
    text = f'actions = [{items}, "p1 s{control}m"]\n'
    assert len(text) > 256
    assert phh_fast._lines_fast(text) is None
    fast = phh_fast.fast_loads(text)  # the value-by-value reader may take a tab in a string
    try:
        expected = toml_loads(text)
    except tomllib.TOMLDecodeError:
        with pytest.raises(tomllib.TOMLDecodeError):
            phh_fast.loads(text)
        assert fast is None
    else:
        assert phh_fast.loads(text) == expected
        assert fast is None or fast == expected


def test_pokerkit_file_takes_the_line_reader() -> None:
    """PokerKit's own file (its tests' ``wikipedia_badugi.phh``: comment lines, a multi-line
    ``actions`` array with a comment after every item) is read by the line reader, not the
    value-by-value one, exactly as tomllib reads it; so is it with single quotes, as PokerKit
    writes strings, and written as a table of a ``.phhs`` file."""
    text = FIXTURE.read_text(encoding="utf-8")
    for document in (text, text.replace('"', "'")):
        quick = phh_fast._lines_fast(document)
        expected = toml_loads(document)
        assert quick is not None and quick == expected
        assert [type(v) for v in quick.values()] == [type(v) for v in expected.values()]
        assert len(quick["actions"]) == 36
        again = phh_fast._lines_fast(document)  # its lines now from the cache
        assert again == expected and again["actions"] is not quick["actions"]


_KIT_ITEMS = st.sampled_from(
    ["'p1 f'", '"p2 cc"', "'d dh p1 As2c3d4h'", "''", '""', "7", "0", "true", "false"]
    + ["'a#b'", '"x,y"', "'q\"'", "'back\\slash'"]
    # faults: a value TOML refuses or the line reader leaves to others
    + ["01", "-1", "'un", '"e\\"', "'''t'''", "1.5", "'a''b'", "[1]", "x", "'a' 'b'"]
)
_KIT_ENDS = st.sampled_from(
    [",", ",", ",  # Bob", ", # c", ",#c", "  # c", "", ",,", ", x", "\t,", ",  # 'q' \"x\""]
)
_KIT_LINES = st.one_of(
    st.tuples(st.sampled_from(["  ", "", "    ", " \t"]), _KIT_ITEMS, _KIT_ENDS).map("".join),
    st.sampled_from(["  # Pre-draw", "#", "", "   ", "# c = [", "  ]", "a = 1", "[t]"]),
)
_KIT_ARRAYS = st.tuples(
    st.sampled_from(["actions", "players", "a"]),
    st.sampled_from([" = [", " = [", " = [  # c", "= ["]),
    st.lists(_KIT_LINES, max_size=6),
    st.sampled_from(["]", "]", "  ]", "]  # end", "],", "] x", ""]),
).map(lambda p: "\n".join([p[0] + p[1], *p[2], p[3]]))
_KIT_DOCUMENTS = st.lists(
    st.one_of(
        _KIT_ARRAYS,
        _KIT_ARRAYS,
        st.sampled_from(["# a comment", "", "variant = 'FB'", "small_bet = 2", "a = [0, 1]"]),
    ),
    max_size=4,
).map(lambda parts: "\n".join(parts) + "\n")


@settings(max_examples=500, deadline=None)
@given(_KIT_DOCUMENTS)
def test_pokerkit_layouts_read_as_tomllib(text: str) -> None:
    """Documents laid out as PokerKit's files are (comments, arrays one item a line), with
    faults: the line reader declines or reads exactly what tomllib reads (types included), and
    declines wherever tomllib fails; read twice (the second time from its cache) it agrees."""
    first, second = phh_fast._lines_fast(text), phh_fast._lines_fast(text)
    assert first == second
    try:
        expected = toml_loads(text)
    except tomllib.TOMLDecodeError:
        assert first is None
        return
    if first is not None:
        assert first == expected
        assert [type(v) for v in first.values()] == [type(v) for v in expected.values()]
        for key, value in first.items():
            if type(value) is list:
                assert [type(v) for v in value] == [type(v) for v in expected[key]]
