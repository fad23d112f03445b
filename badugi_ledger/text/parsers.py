"""The reader's two parsers of a line: the fast path for plain lines (:mod:`.plainlines`) and
this thread's Lark parser, each made the first time it is needed.

Why a module of its own: the streaming reader (:mod:`.reader`) and the parts of it that live
beside it (:mod:`.line_mistakes`, what a line whose first word is mistyped reads as) ask the
same two parsers; here they are made once, and Lark is loaded only when a line is not plain.
"""

from __future__ import annotations

import threading
from functools import cache
from typing import TYPE_CHECKING

from .grammar import build_parser, terminals
from .plainlines import PlainLines
from .transformer import EventBuilder

if TYPE_CHECKING:
    from lark import Lark


@cache
def _plain() -> PlainLines:
    """The fast path for plain lines, built from the grammar's terminals (shipped beside the
    grammar: no Lark needed).  Threads share it: what it remembers (how each entry text
    reads) is added to a dictionary, never changed."""
    grammar = terminals()
    return PlainLines(grammar.patterns.__getitem__, grammar.keywords)


_local = threading.local()


def _lark() -> tuple[Lark, EventBuilder]:
    """This thread's Lark parser (its transformer holds per-chunk context), loaded the first
    time a line is not plain.  Lark's errors are imported where a parse can raise them."""
    try:
        return _local.parser
    except AttributeError:
        builder = EventBuilder()
        _local.parser = (build_parser(builder), builder)
        return _local.parser
