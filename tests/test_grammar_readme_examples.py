"""The examples of ``grammar/README.md`` that are whole hands are checked by ``check``'s own
library, as a file an organiser wrote: the format's guide never shows a record the checker
refuses, nor calls right a figure it reports wrong."""

from __future__ import annotations

import re
from pathlib import Path

from badugi_ledger.check import check_file
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
