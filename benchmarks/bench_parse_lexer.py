"""Parse-only speed of our format against Lark's bare lexer over the same text, same run.

    python benchmarks/bench_parse_lexer.py [--hands 3000] [--cards all|showdown] [--repeat 3]

The reference is the ceiling the issue names: Lark's own lexer for *the same grammar*
(``grammar/hand_history.lark``), ``Lark(grammar, parser="lalr").lex(text)`` consumed to the
end - tokens only, no parse, no values.  Ours is :func:`badugi_ledger.text.parse.parse_text`: split
into hand chunks, plain lines read by the fast path (``plainlines.PlainLines``: one regular
expression per entry, no memo of earlier entries, so repetition does not flatter it), other
lines by the LALR parser with the transformer inside, cards looked up, settings resolved,
implied blinds inserted - every ``HandRecord`` built.  The figure with the fast path turned
off (every line through Lark) is printed too, from the same run.

Also printed: plain Lark (same grammar, LALR, contextual lexer, no transformer) building a
tree for each of the same chunks - the issue's "Lark LALR building a tree" figure.  Note that
``Lark.lex`` lexes with a *basic* lexer built on each call (the contextual lexer needs the
parser), so its rate is the rate of that lexer for this grammar.

All run on the same simulated text in this process, alternating, best of ``--repeat``.
Target: ours >= 75% of the lexer's hands/s.  Tokens and bytes per hand are printed
so the figures can be set beside the issue's toy grammar (~107 tokens per hand).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from pathlib import Path

from benchlib import DEFAULT_CACHE, simulated_file
from lark import Lark

from badugi_ledger.text.grammar import START_RULES, grammar_text
from badugi_ledger.text.parse import parse_text


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def chunks(text: str) -> list[tuple[str, str]]:
    """(start rule, text) pieces as our reader cuts them: each header line on its own, each
    hand from its ``hand`` line to the blank line (simulated files put one between hands)."""
    pieces: list[tuple[str, str]] = []
    for block in text.split("\n\n"):
        lines = [line for line in block.splitlines() if line and not line.startswith("#")]
        while lines and not lines[0].startswith("hand "):
            pieces.append(("header", lines.pop(0) + "\n"))
        if lines:
            pieces.append(("hand", "\n".join(lines) + "\n"))
    return pieces


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--cards", choices=("all", "showdown"), default="all")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE)
    args = parser.parse_args()

    path = simulated_file(args.hands, cache=args.cache, players=args.players, cards=args.cards)
    text = path.read_text(encoding="utf-8")
    lark = Lark(grammar_text(), parser="lalr", start=list(START_RULES))
    tokens = sum(1 for _ in lark.lex(text))
    hands = sum(1 for _ in parse_text(text))  # also warms the parser up
    records = sum(1 for item in parse_text(text) if not isinstance(item, Exception))
    if records != args.hands:
        raise SystemExit(f"only {records} of {args.hands} hands parsed")

    pieces = chunks(text)
    tree_parser = Lark(grammar_text(), parser="lalr", lexer="contextual", start=list(START_RULES))
    if sum(1 for rule, _ in pieces if rule == "hand") != hands:
        raise SystemExit("the simulated text was not cut into one chunk per hand")

    def trees() -> None:
        for rule, piece in pieces:
            tree_parser.parse(piece, start=rule)

    lex_times, parse_times, tree_times = [], [], []
    for _ in range(args.repeat):
        lex_times.append(timed(lambda: sum(1 for _ in lark.lex(text))))
        parse_times.append(timed(lambda: sum(1 for _ in parse_text(text))))
        tree_times.append(timed(trees))
    lex_s, parse_s, tree_s = min(lex_times), min(parse_times), min(tree_times)
    lark_s = min(  # the reader's fast path for plain lines turned off: every line through Lark
        timed(lambda: sum(1 for _ in parse_text(text, fast=False))) for _ in range(args.repeat)
    )

    print(
        f"text:                {hands} hands ({args.cards} cards), {len(text) / hands:,.0f} "
        f"characters and {tokens / hands:.0f} tokens per hand"
    )
    for label, seconds in (("Lark lexer only", lex_s), ("our parse (records)", parse_s)):
        per_second = f"{hands / seconds:10,.0f} hands/s  {tokens / seconds:12,.0f} tokens/s"
        print(f"{label + ':':<20} {per_second}")
    print(
        f"our parse, no fast:  {hands / lark_s:10,.0f} hands/s  (every line through Lark: "
        f"{lex_s / lark_s:.0%} of the lexer)"
    )
    print(f"Lark LALR, trees:    {hands / tree_s:10,.0f} hands/s  (same chunks, no transformer)")
    print(f"ratio:               {lex_s / parse_s:10.0%} of the lexer's rate (target >= 75%)")
    print(f"ratio to trees:      {tree_s / parse_s:10.0%} of bare Lark's tree-building rate")


if __name__ == "__main__":
    main()
