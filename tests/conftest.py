"""Shared test fixtures: where the repository, the examples and the rule texts/corpus live."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = REPO / "examples"
SHARED = Path(os.environ.get("BADUGI_SHARED", REPO.parent / "shared"))
CORPUS = SHARED / "corpus"
SEEDS = SHARED / "seeds"


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The real-hand corpus (``shared/corpus``); tests that need it fail loudly if it is absent."""
    if not CORPUS.is_dir():
        pytest.fail(f"corpus not found at {CORPUS}; set BADUGI_SHARED to the shared/ folder")
    return CORPUS
