"""Session-wide hooks for the whole suite."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The tests that need the static site `companion build-web` writes.
SITE_USERS = {"test_static_build.py", "test_static_site.py"}


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Build the static site in the background as soon as the session knows it will need it: a
    build takes most of a minute, mostly on one core, while the tests before it use the other."""
    if any(Path(str(item.path)).name in SITE_USERS for item in items):
        from tests.web.site import build_in_background

        build_in_background()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    site = sys.modules.get("tests.web.site")
    if site is not None:
        site.stop_background_build()
