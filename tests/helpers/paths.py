"""Where the repository, the examples, the test fixtures and the rule texts/corpus live."""

from __future__ import annotations

import os
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = REPO / "examples"
FIXTURES = REPO / "tests" / "fixtures"
SHARED = Path(os.environ.get("BADUGI_SHARED", REPO.parent / "shared"))
CORPUS = SHARED / "corpus"
SEEDS = SHARED / "seeds"
