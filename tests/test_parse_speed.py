"""Issue 7, our text format: the reader's fast path for plain lines and its start-up cache.

The fast path (``plainlines.PlainLines``) must read exactly what Lark reads: records with every
position, and for anything it is unsure of it hands the line to Lark, so errors stay Lark's.
Every test here compares the two readings (``parse.PLAIN_LINES`` on and off) on simulated
hands of every game and structure, the examples, the real corpus (converted to our format)
and mutated text.  The cache of the analysed grammar (``grammar.cached_build``) must load when
it can and silently build when it cannot, and never trust a file others could have written.
No timings: ``benchmarks/bench_parse_lexer.py`` prints those.
"""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import EXAMPLES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lark import Lark

from badugi_ledger import grammar, parse
from badugi_ledger.errors import BadugiError
from badugi_ledger.events import HandRecord
from badugi_ledger.plainlines import PlainLines
from badugi_ledger.settings import GAME_NAMES, STRUCTURE_KINDS
from badugi_ledger.simulate import SimulationOptions, write_simulation
from badugi_ledger.sources import read_hands
from badugi_ledger.textevents import CARD_TABLE
from badugi_ledger.textformat import write_hands

ROOT = Path(__file__).resolve().parent.parent

# ------------------------------------------------------------------ reading both ways


def _plain(items: Iterator[HandRecord | BadugiError]) -> list[object]:
    """Records as they are; errors as everything a user sees of them."""
    return [
        item
        if isinstance(item, HandRecord)
        else (type(item).__name__, item.message, item.position, item.hand, str(item))
        for item in items
    ]


def _both(text: str) -> list[object]:
    """The reading with the fast path, asserted equal to Lark's reading of every line."""
    fast = _plain(parse.parse_text(text, "t.bhh"))
    parse.PLAIN_LINES = False
    try:
        slow = _plain(parse.parse_text(text, "t.bhh"))
    finally:
        parse.PLAIN_LINES = True
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
    """The hand and body lines of ``text`` the fast path leaves to Lark."""
    _, _, plain = parse._parser()
    out = []
    for i, line in enumerate(io.StringIO(text), 1):
        word = line.split()[0] if line.split() else "#"
        if word.startswith("#") or parse._LINE_KIND.match(line) and word != "hand":
            continue  # comments, blank lines and headers are never the fast path's
        read = plain.hand_line if word == "hand" else plain.body_line
        if read(line, "t.bhh", i) is None:
            line_text = line.rstrip("\n")
            out.append(line_text)
    return out


@pytest.mark.parametrize("game", GAME_NAMES)
def test_fast_path_reads_simulated_hands_of_every_structure_like_lark(game: str) -> None:
    for i, structure in enumerate(STRUCTURE_KINDS):
        for cards in ("all", "showdown"):
            text = _simulated(game, structure, seed=10 * i + len(cards), cards=cards)
            items = _both(text)
            assert items and all(isinstance(item, HandRecord) for item in items)
            # Every line the simulator writes is plain: none of them costs a Lark parse.
            assert _declined(text) == []


def test_fast_path_reads_the_examples_like_lark() -> None:
    for path in sorted(EXAMPLES.glob("*.bhh")):
        assert _both(path.read_text(encoding="utf-8")), path


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
    assert sum(isinstance(item, HandRecord) for item in items) == len(records)


# Names that are keywords, odd white space, digits that are not ASCII, odd cards and arrows.
EDGE_TOKENS = [
    *("pot", "draw", "deal", "folds", "button", "hand", "posts", "to", "from", "all-in", "pat"),
    *("mucks", "calls", "sits", "out", "carry", "raked", "show", "final", "buys", "none"),
    *(" ", "  ", "\t", "\u00a0", "\v", "\x1c", "\ufeff", "\r", "\f", "·", "•", ";", ":"),
    *("٣", "²", "10", "0", "007", "1" * 101, "As", "10♠", "Q♠\ufe0f", "??", "?", "x", "X"),
    *("1c", "11s", "->", "→", "- >", '"', "#", "Anna", "Ben", "A->B", "é", "_x", "9x"),
    *("calls 4", " raises to 8", " bets 2 all-in", " collects 5 from side 1", "sb", "small blind"),
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
    assert isinstance(_both(TEMPLATE)[0], HandRecord)
    text = "".join(v.replace("hand 7", f"hand {i}", 1) for i, v in enumerate(variants))
    items = _both(text)
    assert sum(isinstance(item, HandRecord) for item in items) > len(variants) // 20
    assert sum(not isinstance(item, HandRecord) for item in items) > len(variants) // 2


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
    assert [type(item).__name__ for item in items] == ["tuple", "HandRecord", "tuple", "tuple"]


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


def test_plain_lines_declines_what_it_does_not_know() -> None:
    _, _, plain = parse._parser()
    assert isinstance(plain, PlainLines)
    for line in (
        'Anna calls · "Ben Z" folds\n',  # quotes
        "Anna calls # a comment\n",
        "Anna posts small blind\n",  # a two-word post kind: Lark
        "buy: Anna Kd -> 2c for 1\n",
        "posts none\n",
        "pot folds\n",  # a keyword as a name
        "Anna raises 8\n",  # an error Lark explains
        "draw: Anna 2 -> As\n",  # a FormatError: Lark raises it in order
        "Anna calls ·\n",
        "Anna\u00a0calls\n",
    ):
        assert plain.body_line(line, "t", 1) is None, line


# ------------------------------------------------------------------ absurd numbers


def test_absurd_numbers_are_errors_not_crashes() -> None:
    """A draw of 10**20 unknown cards used to raise OverflowError (a 10**9 draw would try to
    allocate 8 GB); a 5,000-digit amount made int() raise ValueError.  An amount above
    limits.MAX_AMOUNT is named at the number, without converting its digits."""
    hand = "hand 1 · button A · A 5 · B 5\n"
    cases = {
        hand + "draw: A 99999999999999999999\n": ("A draws 99999999999999999999 cards", 2, 7),
        hand + "draw: A 1001\n": ("A draws 1001 cards: far more than a deck", 2, 7),
        hand + "A calls " + "9" * 5000 + "\n": (f"call {'9' * 40}… (5,000 digits) is above", 2, 9),
        "blinds 1/" + "2" * 200 + "\n": ("blind " + "2" * 40 + "… (200 digits) is above", 1, 10),
        hand + "A calls 9007199254740993\n": ("call 9007199254740993 is above the largest", 2, 9),
    }
    for text, (message, line, column) in cases.items():
        items = _both(text)
        error = items[0]
        assert isinstance(error, tuple) and error[1].startswith(message), error
        assert (error[2].line, error[2].column) == (line, column)
    # 1000 unknown cards is absurd too, but it is the replay's to reject, as before
    assert isinstance(_both(hand + "draw: A 1000\n")[0], HandRecord)


# ------------------------------------------------------------------ the start-up cache


def _hand_trees(parser: Lark) -> list[object]:
    """Trees of every hand of the examples (no transformer: trees compare by value)."""
    trees: list[object] = []
    for path in sorted(EXAMPLES.glob("*.bhh")):
        for chunk in path.read_text(encoding="utf-8").split("\nhand ")[1:]:
            body = "hand " + chunk.split("\n\n")[0].rstrip("\n") + "\n"
            lines = [ln for ln in body.splitlines(keepends=True) if not ln.startswith("#")]
            if not any(parse._LINE_KIND.match(ln) and not ln.startswith("hand") for ln in lines):
                trees.append(parser.parse("".join(lines), start="hand"))
    assert len(trees) > 10
    return trees


@pytest.fixture(scope="module")
def reference_trees() -> list[object]:
    return _hand_trees(grammar.cached_build(None, None)[0])


def _files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_the_cache_is_saved_then_loaded_and_reads_the_same(
    tmp_path: Path, reference_trees: list[object]
) -> None:
    folder = tmp_path / "cache"
    parser, how = grammar.cached_build(None, folder)
    assert how == "saved"
    name = f"parser-{grammar.cache_key(grammar.grammar_text())}.lark"
    assert _files(folder) == [name, "parser.lock"]
    assert (folder / name).stat().st_mode & 0o777 == 0o600
    assert folder.stat().st_mode & 0o777 == 0o700
    loaded, how = grammar.cached_build(None, folder)
    assert how == "loaded"
    assert _hand_trees(loaded) == reference_trees == _hand_trees(parser)


@pytest.mark.parametrize("damage", ["garbage", "truncated", "empty"])
def test_a_corrupt_cache_file_is_rebuilt(
    damage: str, tmp_path: Path, reference_trees: list[object]
) -> None:
    folder = tmp_path / "cache"
    grammar.cached_build(None, folder)
    (target,) = folder.glob("parser-*.lark")
    data = target.read_bytes()
    target.write_bytes(
        {"garbage": os.urandom(len(data)), "truncated": data[: len(data) // 2], "empty": b""}[
            damage
        ]
    )
    parser, how = grammar.cached_build(None, folder)
    assert how == "saved"  # built as without a cache, and the file written afresh
    assert _hand_trees(parser) == reference_trees
    assert grammar.cached_build(None, folder)[1] == "loaded"


def test_an_unwritable_cache_falls_back_to_building(
    tmp_path: Path, reference_trees: list[object]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    parser, how = grammar.cached_build(None, blocker / "cache")  # mkdir fails
    assert how == "built"
    assert _hand_trees(parser) == reference_trees
    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    (folder / f"parser-{grammar.cache_key(grammar.grammar_text())}.lark").mkdir()
    (folder / f"parser-{grammar.cache_key(grammar.grammar_text())}.lark" / "x").write_text("")
    assert grammar.cached_build(None, folder)[1] == "built"  # the file cannot be written


def test_a_cache_others_can_write_is_never_loaded(tmp_path: Path) -> None:
    good = tmp_path / "good"
    grammar.cached_build(None, good)
    (planted,) = good.glob("parser-*.lark")
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)  # like /tmp
    (shared / planted.name).write_bytes(planted.read_bytes())
    (shared / planted.name).chmod(0o600)
    assert grammar.cached_build(None, shared)[1] == "built"
    assert _files(shared) == [planted.name]  # nothing written either

    group = tmp_path / "group"
    grammar.cached_build(None, group)
    (target,) = group.glob("parser-*.lark")
    target.chmod(0o664)  # a file others may write: removed and built afresh
    assert grammar.cached_build(None, group)[1] == "saved"
    assert target.stat().st_mode & 0o777 == 0o600

    open_parent = tmp_path / "open"
    open_parent.mkdir()
    open_parent.chmod(0o777)  # others could rename our folder away and put theirs there
    assert grammar.cached_build(None, open_parent / "cache")[1] == "built"
    sticky = tmp_path / "sticky"
    sticky.mkdir()
    sticky.chmod(0o1777)  # like /tmp: a private folder of ours in it is fine
    assert grammar.cached_build(None, sticky / "cache")[1] == "saved"

    linked = tmp_path / "linked"
    grammar.cached_build(None, linked)
    (target,) = linked.glob("parser-*.lark")
    target.unlink()
    target.symlink_to(planted)  # a symbolic link is not followed
    assert grammar.cached_build(None, linked)[1] == "saved"
    assert not target.is_symlink()


def test_a_cache_folder_of_another_user_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "cache"
    grammar.cached_build(None, folder)
    if not hasattr(os, "geteuid"):  # pragma: no cover - POSIX machines only
        pytest.fail("the cache's ownership check needs os.geteuid")
    me = os.geteuid()
    monkeypatch.setattr(os, "geteuid", lambda: me + 1)
    assert grammar.cached_build(None, folder)[1] == "built"


def test_a_held_lock_falls_back_to_building(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fcntl

    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    monkeypatch.setattr(grammar, "_LOCK_WAIT", 0.1)
    with open(folder / "parser.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        assert grammar.cached_build(None, folder)[1] == "built"
    assert grammar.cached_build(None, folder)[1] == "saved"


def test_concurrent_first_runs_each_get_a_parser_and_one_whole_file(tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    code = (
        "import sys\nfrom pathlib import Path\nfrom badugi_ledger import grammar\n"
        "parser, how = grammar.cached_build(None, Path(sys.argv[1]))\n"
        "print(how, len(parser.parse('hand 1 · button A · A 5 · B 5\\nA folds\\n', "
        "start='hand').children))\n"
    )
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", code, str(folder)], stdout=subprocess.PIPE, text=True
        )
        for _ in range(3)
    ]
    outputs = sorted(run.communicate(timeout=300)[0].split()[0] for run in runs)
    assert all(run.returncode == 0 for run in runs)
    assert outputs.count("saved") == 1 and set(outputs) <= {"saved", "loaded"}
    assert len(_files(folder)) == 2  # the cache file and the lock, no scratch files
    assert grammar.cached_build(None, folder)[1] == "loaded"


def test_the_cache_key_follows_grammar_lark_and_python() -> None:
    key = grammar.cache_key("g")
    assert len({key, grammar.cache_key("g2"), grammar.cache_key("g", lark_version="0.0")}) == 3
    assert grammar.cache_key("g", python="2.7") != key
    assert grammar.cache_key("g") == key


def test_where_the_cache_lives(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in (grammar.CACHE_DIR_ENV, grammar.NO_CACHE_ENV, "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    assert grammar.cache_dir() == tmp_path / ".cache" / "badugi-ledger"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # ignored, as the XDG spec says
    assert grammar.cache_dir() == tmp_path / ".cache" / "badugi-ledger"
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert grammar.cache_dir() == tmp_path / "xdg" / "badugi-ledger"
    monkeypatch.setenv(grammar.CACHE_DIR_ENV, str(tmp_path / "mine"))
    assert grammar.cache_dir() == tmp_path / "mine"
    monkeypatch.setenv(grammar.NO_CACHE_ENV, "1")
    assert grammar.cache_dir() is None


def test_the_strict_build_never_uses_the_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(grammar.CACHE_DIR_ENV, str(tmp_path / "cache"))
    assert grammar.build_parser(strict=True).options.strict
    assert not (tmp_path / "cache").exists()


def test_the_command_uses_the_cache_and_answers_the_same(tmp_path: Path) -> None:
    cli = Path(sys.executable).with_name("badugi-ledger")
    env = dict(os.environ, **{grammar.CACHE_DIR_ENV: str(tmp_path / "cache")})
    env.pop(grammar.NO_CACHE_ENV, None)
    example = ROOT / "examples" / "home_session.bhh"
    first = subprocess.run([cli, "check", example], env=env, capture_output=True, text=True)
    assert list((tmp_path / "cache").glob("parser-*.lark"))
    second = subprocess.run([cli, "check", example], env=env, capture_output=True, text=True)
    off = subprocess.run(
        [cli, "check", example],
        env=dict(env, **{grammar.NO_CACHE_ENV: "1"}),
        capture_output=True,
        text=True,
    )
    assert first.returncode == second.returncode == off.returncode == 0, first.stderr
    assert first.stdout == second.stdout == off.stdout
