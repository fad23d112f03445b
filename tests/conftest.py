"""Shared test fixtures (the paths themselves are in :mod:`tests.helpers.paths`).

The browser fixtures of :mod:`tests.helpers.browser` are registered here, once for every
folder: a second registration (in a folder's conftest or a test module) would start a second
Playwright while the first is alive, which Playwright's sync API refuses."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

from tests.helpers.browser import browser, phone  # noqa: F401  (the browser fixtures, by name)
from tests.helpers.paths import CORPUS

settings.register_profile("suite", derandomize=True, database=None)
"""The property tests try the same examples on every run (chosen from each test's name, as
many as it asks for): the suite passes or fails alike on every machine and every run, and a
failure is found again by running it again."""
settings.register_profile("explore")
"""Hypothesis's own default: new random examples on every run, failures remembered in
``.hypothesis/``, to hunt for new failures (``HYPOTHESIS_PROFILE=explore``)."""
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "suite"))


@pytest.fixture(scope="session")
def corpus_dir() -> Path:
    """The real-hand corpus (``shared/corpus``); tests that need it fail loudly if it is absent."""
    if not CORPUS.is_dir():
        pytest.fail(f"corpus not found at {CORPUS}; set BADUGI_SHARED to the shared/ folder")
    return CORPUS
