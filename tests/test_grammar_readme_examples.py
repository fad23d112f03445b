"""The examples of ``grammar/README.md`` that are whole hands are checked by ``check``'s own
library, as a file an organiser wrote: the format's guide never shows a record the checker
refuses, nor calls right a figure it reports wrong."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from badugi_ledger.check import check_file
from badugi_ledger.model.errors import ParseError
from badugi_ledger.model.settings import HouseRules
from badugi_ledger.text.parse import parse_text
from tests.helpers.paths import REPO

GRAMMAR_README = REPO / "grammar" / "README.md"


def text_blocks() -> list[str]:
    """Every ```text block of the format's guide."""
    text = GRAMMAR_README.read_text(encoding="utf-8")
    return re.findall(r"^```text\n(.*?)^```$", text, re.S | re.M)


def checked(tmp_path: Path, name: str, text: str) -> list[str]:
    """The problem lines ``badugi-ledger check`` prints for ``text`` written as a file."""
    path = tmp_path / f"{name}.bhh"
    path.write_text(text, encoding="utf-8")
    result = check_file(path)
    assert [s.hands for s in result.summaries] == [1], result.summaries
    return result.problems


def test_pot_after_a_carried_pot_is_the_hands_own_pot_or_that_with_the_carried_pot(
    tmp_path: Path,
) -> None:
    """The example after "A carried pot goes to the winner of the next pot won" (house rule,
    README *Rules and house rules*; seed ``002``: the carried pot "is added to the money
    wagered in the new hand"): its ``pot 16`` passes, and so does the hand's own pot its
    comment names; the figures with Ben's uncalled bet in, which the comment says never, are
    each a ``pot-total`` mismatch at the ``pot`` line."""
    found = [b for b in text_blocks() if "\ncarry in " in b and "\npot " in b]
    assert len(found) == 1, "grammar/README.md: one example of pot N after a carried pot"
    example = found[0]
    pot_line = re.search(r"^pot (\d+) +# or pot (\d+),[^;]*; never (\d+) or (\d+)$", example, re.M)
    assert pot_line, example
    written, own, *never = pot_line.groups()
    assert checked(tmp_path, "written", example) == []
    line = example[: pot_line.start()].count("\n") + 1
    for figure in (own, *never):
        problems = checked(tmp_path, f"pot{figure}", example.replace(pot_line[0], f"pot {figure}"))
        if figure == own:
            assert problems == [], problems
        else:
            assert len(problems) == 1 and problems[0].startswith(f"{tmp_path}/pot{figure}.bhh:")
            mismatch = f":{line}:1: hand P3: payout mismatch: the pot is recorded as {figure}"
            assert mismatch in problems[0], problems
            assert problems[0].endswith("[pot-total]"), problems
    assert int(written) == int(own) + 12  # the carried pot the example states (carry in 12)


def test_a_dead_small_blind_is_written_as_played(tmp_path: Path) -> None:
    """The example of a dead small blind (README house rules, "a dead small blind"): Cara,
    first left of the button, posts the big blind alone, Dan acts first; it checks clean."""
    found = [b for b in text_blocks() if "Cara posts bb ·" in b]
    assert len(found) == 1, "grammar/README.md: one example of a dead small blind"
    assert checked(tmp_path, "dead_small_blind", found[0]) == []


def test_a_returning_players_big_blind_is_written_as_played(tmp_path: Path) -> None:
    """The example of a player coming back with a big blind beside the big blind's (README house
    rules, "two big blinds"): his blind is live, he checks it in his turn, and the big blind's
    owner raises last on his option; it checks clean."""
    found = [b for b in text_blocks() if b.count(" posts bb") == 2]
    assert len(found) == 1, "grammar/README.md: one example of two big blinds"
    assert checked(tmp_path, "two_big_blinds", found[0]) == []


def test_the_readme_sketch_is_an_excerpt_of_the_guides_first_hand(tmp_path: Path) -> None:
    """README.md's *The hand-history format* sketches the guide's first hand with its middle
    left out (``...``): every line it shows is a line of that hand, in order, and the hand
    checks clean, so the sketch's collection is the pot the hand makes.  It said ``Anna
    collects 30`` where the hand's pot is 25 (13 before the first draw: Ben's small blind and
    4 from each of the others; then a bet of 2 and one of 4, each called by Cara)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## The hand-history format") :]
    sketch = re.search(r"^```text\n(.*?)^```$", section, re.S | re.M)
    assert sketch, "README.md: a ```text sketch under The hand-history format"
    shown = [line for line in sketch[1].splitlines() if line and line != "..."]
    [first, *_] = text_blocks()
    assert checked(tmp_path, "first", first) == []
    lines = iter(first.splitlines())
    missing = [line for line in shown if not any(line == other for other in lines)]
    assert missing == [], missing


HEADERS = ("game ", "cash", "tournament", "fixed limit ", "blinds ", "table ")
"""The first words of the header lines a night file starts with."""


def whole_nights() -> list[str]:
    """The ``text`` blocks of the format's guide that are a file as an organiser writes it:
    a header line first (after comments), at least one hand, no line left out (``...``)."""
    found = []
    for block in text_blocks():
        lines = [line.split("#")[0].strip() for line in block.splitlines()]
        written = [line for line in lines if line]
        if not written or not written[0].startswith(HEADERS) or "..." in written:
            continue
        if any(line.startswith("hand ") for line in written):
            found.append(block)
    return found


def test_every_whole_night_the_guide_shows_checks_clean(tmp_path: Path) -> None:
    """An example that starts at its header line and leaves no line out is a file a reader
    copies whole: ``check`` must find nothing wrong in it (the guide never shows a record the
    checker refuses).  The "With a Buy" example (``002``; seeds README item 7) stopped after
    its first draw: copied, it was *not settled*, "betting round 2 is not over"."""
    nights = whole_nights()
    assert len(nights) >= 4, nights  # the first night, a dead small blind, a buy, a carry in
    assert any("buys Kd -> 4d" in night for night in nights)
    for number, night in enumerate(nights):
        path = tmp_path / f"night{number}.bhh"
        path.write_text(night, encoding="utf-8")
        result = check_file(path)
        assert result.problems == [], night
        assert [(s.hands, s.ok) for s in result.summaries] == [
            (s.hands, s.hands) for s in result.summaries
        ], night


def test_the_between_hands_example_checked_alone_is_not_settled_not_a_rule_broken(
    tmp_path: Path,
) -> None:
    """The example of *Between hands* ("`rebuys N`, `tops up N`, `adds on N`, `cashes out N`
    change a stack before the hand's forced bets"), checked on its own: Ben, whose stack
    neither the hand line nor a hand before states, cashes out 40.  He had chips, how many
    nobody knows, so the hand is not settled (``stack-unknown`` at his cash-out), no rule
    broken; it said he took 40 off the table having only 0 (``over-stack``).  After a hand that
    leaves him 30, the same cash-out takes chips he does not have: ``over-stack`` there."""
    found = [b for b in text_blocks() if "cashes out 40" in b]
    assert len(found) == 1, "grammar/README.md: one example of changes between hands"
    example = found[0]
    line = example.splitlines()
    at = next(i for i, text in enumerate(line) if "Ben cashes out 40" in text)
    column = line[at].index("Ben cashes out 40") + 1
    problems = checked(tmp_path, "alone", example)
    assert len(problems) == 1, problems
    assert f"alone.bhh:{at + 1}:{column}: hand 3: not settled: Ben cashes out 40" in problems[0]
    assert problems[0].endswith("[stack-unknown]"), problems
    before = (
        "hand 2 · button Ben · Anna 50 · Ben 30 · Cara 50 · Dan 50 · Eve 100\n"
        "Eve folds · Anna folds · Ben folds · Cara folds\n\n"
    )
    path = tmp_path / "after.bhh"
    path.write_text(before + example, encoding="utf-8")
    over = f"{path}:{at + 4}:{column}: hand 3: Ben takes 40 off the table but has only 30"
    assert [p for p in check_file(path).problems if "hand 3" in p] == [f"{over} [over-stack]"]


# The night the *Errors* example reports on: the lines its errors quote stand at the lines they
# name; these are the lines around them that the errors imply (the header, each hand's line,
# and line 25, which the error at line 24 says names Tamás).
ERRORS_NIGHT = {
    1: "game badugi · fixed limit 2/4 · blinds 1/2",
    13: "hand 13 · button Anna · Anna 100 · Ben 100",
    18: "hand 15 · button Anna · Anna 100 · Ben 100",
    21: "hand 16 · button Anna · Anna 100 · Ben 100",
    25: "Priya calls · Tamás folds",
    26: "hand 18 · button Anna · Anna 100 · Ben 100",
}


def test_the_errors_example_is_what_check_prints(tmp_path: Path) -> None:
    """grammar/README.md *Errors* shows ``check``'s report of a night: each error's place,
    words, quoted line and caret.  The night is rebuilt from the lines the errors quote, at
    the lines they name, and checked: every error of the example is in the report as shown.
    The example placed the misspelt seat of hand 17 at column 24 (its caret, and the hand line
    it quotes, put it at 25)."""
    text = GRAMMAR_README.read_text(encoding="utf-8")
    section = text[text.index("## Errors") :]
    example = re.search(r"^```text\n(night\.bhh:.*?)^```$", section, re.S | re.M)
    assert example, "grammar/README.md: the Errors example"
    reports = re.findall(r"^(night\.bhh:(\d+):\d+: .*)\n(    .*)\n( *\^)$", example[1], re.M)
    assert len(reports) >= 5, example[1]
    lines = dict(ERRORS_NIGHT)
    for _, number, quoted, _ in reports:
        assert lines.setdefault(int(number), quoted[4:]) == quoted[4:], number
    night = tmp_path / "night.bhh"
    night.write_text(
        "".join(lines.get(n, "") + "\n" for n in range(1, max(lines) + 1)), encoding="utf-8"
    )
    printed = "\n".join(check_file(night).problems).replace(str(night), "night.bhh")
    for message, _, quoted, caret in reports:
        assert "\n".join((message, quoted, caret)) in printed, (message, printed)


QUALIFIER_RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13}


def house_rows() -> list[tuple[str, list[str], str]]:
    """The *House rules* table: each row's keyword as written in a header, its values and its
    default (the generic ``house NAME VALUE`` row left out)."""
    text = GRAMMAR_README.read_text(encoding="utf-8")
    table = text[text.index("**House rules**") :].split("\n\n")[1]
    rows = []
    for line in table.splitlines()[2:]:
        item, values, default = (cell.strip() for cell in line.strip("|").split("|")[:3])
        if item == "`house NAME VALUE`":
            continue
        words: list[str] = []
        for span in re.findall(r"`([^`]+)`(?:…`([^`]+)`)?", values):
            low, high = span
            if high:
                words += [str(n) for n in range(int(low), int(high) + 1)]
            else:
                words += low.split("/")
        rows.append((item.strip("`"), words or ["3"], default.strip("`")))
    return rows


def house_value(word: str) -> object:
    if word in ("yes", "no"):
        return word == "yes"
    if word in QUALIFIER_RANKS:
        return QUALIFIER_RANKS[word]
    return int(word) if word.isdigit() else word


def house_of(header: str) -> HouseRules:
    """The house rules a hand read under ``header`` plays by."""
    [record] = parse_text(
        "game progressive badugi · fixed limit 2/4 · blinds 1/2\n"
        f"{header}\nhand 1 · button Anna · Anna 100 · Ben 100\nBen folds\n"
    )
    assert not isinstance(record, ParseError), f"{header}: {record}"
    return record.settings.house


def test_every_house_rule_of_the_table_reads_as_written_with_its_default() -> None:
    """grammar/README.md *Headers*, **House rules**: "every field of ``settings.HouseRules``,
    each with its keyword": each row's keyword takes each value the row lists, as the field
    the row names, and the row's default is the one a file that writes none plays by (the
    defaults of ``shared/seeds/README.md``)."""
    rows = house_rows()
    fields = [f.name for f in dataclasses.fields(HouseRules)]
    named = {
        "qualifier_max"
        if keyword == "qualifier"
        else keyword.removeprefix("house ").replace("-", "_"): (keyword, values, default)
        for keyword, values, default in rows
    }
    assert sorted(named) == sorted(fields), "a field without its row, or a row of no field"
    plain = house_of("")
    for field, (keyword, values, default) in named.items():
        assert getattr(plain, field) == house_value(default), (keyword, default)
        assert getattr(HouseRules(), field) == house_value(default), (keyword, default)
        for word in values:
            assert getattr(house_of(f"{keyword} {word}"), field) == house_value(word), (
                keyword,
                word,
            )
            as_field = str(QUALIFIER_RANKS.get(word, word))  # the field's value: a rank number
            by_field = house_of(f"house {field} {as_field}")
            assert getattr(by_field, field) == house_value(word), (field, word)
