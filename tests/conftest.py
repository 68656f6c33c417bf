"""Session-wide hooks for the whole suite."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

# The tests that need the static site `companion build-web` writes.
SITE_USERS = {"test_static_build.py", "test_static_site.py"}


BROWSER_TESTS = Path(__file__).parent / "e2e"


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """The browser tests in one xdist group, so they run one after another on one worker (two
    browsers and app servers at once on two cores would starve each other); and the static site
    built in the background as soon as the session knows it will need it (most of a minute)."""
    for item in items:
        if BROWSER_TESTS in Path(str(item.path)).parents:
            item.add_marker(pytest.mark.xdist_group("browser"))
    first_worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0") == "gw0"  # one build, not one a worker
    if first_worker and any(Path(str(item.path)).name in SITE_USERS for item in items):
        from tests.web.site import build_in_background

        build_in_background()


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    site = sys.modules.get("tests.web.site")
    if site is not None:
        cut_short = bool(session.shouldfail or session.shouldstop) or exitstatus == pytest.ExitCode.INTERRUPTED
        site.end_background_build(interrupted=cut_short)
