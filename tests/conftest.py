"""Shared test fixtures (the paths themselves are in :mod:`tests.helpers.paths`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.paths import CORPUS


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The real-hand corpus (``shared/corpus``); tests that need it fail loudly if it is absent."""
    if not CORPUS.is_dir():
        pytest.fail(f"corpus not found at {CORPUS}; set BADUGI_SHARED to the shared/ folder")
    return CORPUS
