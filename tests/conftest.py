"""Shared test fixtures (the paths themselves are in :mod:`tests.helpers.paths`).

The browser fixtures of :mod:`tests.helpers.browser` are registered here, once for every
folder: a second registration (in a folder's conftest or a test module) would start a second
Playwright while the first is alive, which Playwright's sync API refuses."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.browser import browser, phone  # noqa: F401  (the browser fixtures, by name)
from tests.helpers.paths import CORPUS


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The real-hand corpus (``shared/corpus``); tests that need it fail loudly if it is absent."""
    if not CORPUS.is_dir():
        pytest.fail(f"corpus not found at {CORPUS}; set BADUGI_SHARED to the shared/ folder")
    return CORPUS
