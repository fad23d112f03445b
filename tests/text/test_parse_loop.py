"""The reader's line loop (badugi_ledger.text.reader, the line kinds it knows in
badugi_ledger.text.chunks): what it tells from a line's first character and first word alone.

A line whose first character is not in ``_NOT_A_NAME`` is taken for a body line without
stripping it or matching ``_LINE_KIND``, and a line starting with a word of ``_BODY_WORDS``
without matching ``_LINE_KIND``.  Both shortcuts rest on facts of the grammar's keywords and of
``str.isspace``, held here, and are shown to be taken on real lines and to give there what the
full classification gives.
"""

from __future__ import annotations

import io
import sys

from badugi_ledger.simulate.sessions import SimulationOptions, write_simulation
from badugi_ledger.text import chunks
from badugi_ledger.text.headers import HEADER_KEYWORDS
from tests.helpers.paths import EXAMPLES


def test_the_spaces_are_every_character_isspace_names() -> None:
    every = {c for c in map(chr, range(sys.maxunicode + 1)) if c.isspace()}
    assert set(chunks._SPACES) == every


def test_no_keyword_of_a_hand_or_header_line_begins_like_a_body_word() -> None:
    keywords = ["hand", *HEADER_KEYWORDS, "pot", "no"]
    for word in chunks._BODY_WORDS:
        assert not [k for k in keywords if k.startswith(word) or word.startswith(k)]
        for rest in (":", " ", "\n", " · ", "s", "-in 5"):
            assert chunks._LINE_KIND.match(word + rest) is None


def _classify(line: str) -> tuple[str, bool, bool]:
    """The full classification: what the line starts with once white space is skipped, is it
    blank or a comment, does _LINE_KIND match it."""
    stripped = line.lstrip(chunks._IGNORED)
    first = stripped[0]
    quiet = first in "#\n" or (first.isspace() and not stripped.strip())
    kind = not quiet and first in chunks._KIND_STARTS and chunks._LINE_KIND.match(stripped)
    return stripped, quiet, bool(kind)


def _real_lines() -> list[str]:
    texts = [path.read_text() for path in sorted(EXAMPLES.glob("*.bhh"))]
    for game in ("badugi", "badeucey", "badacey"):
        night = io.StringIO()
        write_simulation(SimulationOptions(hands=60, seed=5, game=game), night)
        texts.append(night.getvalue())
    return [line for text in texts for line in io.StringIO(text)]


def test_the_shortcuts_are_taken_on_real_lines_and_agree_there() -> None:
    by_first = by_word = body = 0
    for line in _real_lines():
        stripped, quiet, kind = _classify(line)
        body += not quiet and not kind
        if line[0] not in chunks._NOT_A_NAME:  # taken for a body line as it is
            by_first += 1
            assert (stripped, quiet, kind) == (line, False, False)
        elif stripped.startswith(chunks._BODY_WORDS):  # no hand or header line
            by_word += 1
            assert not quiet and not kind
    assert by_first > body / 3 and by_word > body / 4  # most body lines take one of them
