"""Every command line the documents show names options its command has, with choices it takes.

A club's organiser types what README.md, docs/*.md, grammar/README.md and benchmarks/README.md
show, and a script keeps it: an option the docs name that the command lacks (or names
otherwise), or a choice it refuses, is a usage error for the reader who followed the docs.
Each code span and each line of a shell block that starts with a command (``badugi-ledger
import …``, or ``import --replace`` as the prose writes it) is held to that command's own
options, read from the command line's definition (its ``--help``)."""

from __future__ import annotations

import re
from typing import Any

import typer.main

from badugi_ledger.cli import app
from tests.helpers.paths import REPO

DOCUMENTS = [
    REPO / "README.md",
    *sorted((REPO / "docs").glob("*.md")),
    REPO / "grammar" / "README.md",
    REPO / "benchmarks" / "README.md",
]
ROOT = typer.main.get_command(app)
COMMANDS: dict[str, Any] = dict(getattr(ROOT, "commands", {}))
OPTION = re.compile(r"(?:^|(?<=[\s\[(]))(--[a-z][a-z-]*)(?:[ =]([\w.-]+(?:\\?\|[\w.-]+)+))?")
START = re.compile(
    r"^(?:\S*/)?(?:badugi-ledger|python -m badugi_ledger)\s+(\S+)(.*)$|^([a-z]+)(\s.*|)$"
)


def options(command: Any) -> dict[str, Any]:
    """The command's options by every name they have (``--help`` too), each its parameter."""
    found: dict[str, Any] = {"--help": None}
    for param in command.params:
        for name in (*param.opts, *param.secondary_opts):
            found[name] = param
    return found


def command_lines(text: str) -> list[str]:
    """The code spans of ``text`` and the lines (and piped parts) of its shell blocks."""
    spans: list[str] = []
    for block in re.findall(r"^```(?:sh|bash|console)\n(.*?)^```$", text, re.S | re.M):
        for line in block.splitlines():
            spans += re.split(r"\s(?:&&|\||;)\s", line.split("  #")[0])
    prose = re.sub(r"^```.*?^```$", "", text, flags=re.S | re.M)
    spans += re.findall(r"`([^`\n]+)`", prose)
    return [s.strip() for s in spans]


def mentions() -> list[tuple[str, str, str, str | None, str]]:
    """(document, command, option, choices written after it, the span) of every option shown
    after a command's name."""
    found = []
    for document in DOCUMENTS:
        for span in command_lines(document.read_text(encoding="utf-8")):
            match = START.match(span)
            if not match:
                continue
            name, rest = (match[1], match[2]) if match[1] else (match[3], match[4])
            if name.startswith("--"):
                name, rest = "", f"{name}{rest}"
            elif name not in COMMANDS:
                continue
            for option, choices in OPTION.findall(rest):
                found.append((document.name, name, option, choices or None, span))
    return found


def test_the_documents_show_commands_with_options() -> None:
    """The scan finds what it is for: README's command table alone names dozens."""
    commands = {command for _, command, *_ in mentions()}
    assert len(mentions()) > 100 and {"import", "check", "standings", "export"} <= commands


def test_every_option_the_documents_show_is_one_of_its_commands() -> None:
    wrong = []
    for document, command, option, choices, span in mentions():
        known = options(COMMANDS[command]) if command else options(ROOT)
        if option not in known:
            wrong.append(f"{document}: `{span}`: {command or 'badugi-ledger'} has no {option}")
            continue
        taken = set(map(str, getattr(getattr(known[option], "type", None), "choices", ())))
        if choices and taken:
            for choice in choices.replace("\\|", "|").split("|"):
                if choice not in taken:
                    wrong.append(f"{document}: `{span}`: {command} {option} takes no {choice!r}")
    assert wrong == [], "\n".join(wrong)


def test_the_readme_command_table_has_a_row_for_every_command() -> None:
    """README.md *Commands*: a command the tool has and the table leaves out is one a
    newcomer never finds; a row naming no command sends him to a usage error."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Commands") : readme.index("### Exit status")]
    cells = [line.split(" | ")[0] for line in table.splitlines() if line.startswith("| `")]
    named = {word for cell in cells for word in re.findall(r"`([a-z]+)", cell)}
    assert named == set(COMMANDS), (sorted(set(COMMANDS) - named), sorted(named - set(COMMANDS)))


def test_the_readme_row_of_parse_says_it_reads_our_own_format_only() -> None:
    """``parse --help``: "Read hand histories in our own format" (a site's file named is read
    as ours, line by line errors).  README's row said "read hand histories", so an organiser
    with a PokerStars file tried ``parse`` and met an error at every line instead of
    ``check`` or ``convert``, which read it."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    [row] = [line for line in readme.splitlines() if line.startswith("| `parse ")]
    assert "our own format" in (COMMANDS["parse"].help or "").splitlines()[0]
    assert "our own format" in row and "`convert`" in row, row


def test_the_readme_says_what_its_test_command_needs_beside_the_checkout() -> None:
    """README's second command runs the whole suite; a newcomer who cloned the repository alone
    met "corpus not found at …/shared/corpus" in every test of the rule texts and real hands,
    which the README said only under *Development*, far below.  The paragraph right under
    the two commands says it (``tests/conftest.py``, ``tests/helpers/paths.py``)."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    start = readme.index("The first line installs the tool")
    paragraph = readme[start : readme.index("\n\n", start)]
    assert "`shared/`" in paragraph and "`BADUGI_SHARED`" in paragraph, paragraph
