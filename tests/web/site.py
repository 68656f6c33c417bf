"""The static site the tests run, built once and kept: `companion build-web` takes a while, so a
build is kept under the system's temporary folder, named by the digest of everything that goes
into it (the app's packages, the libraries' versions, Flet's web client). A test session whose
sources are unchanged reuses it; a changed source gives a new build (builds untouched for an hour are removed).
Two sessions building at once each build into a folder of their own and the first one renamed
into place wins."""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from functools import cache
from pathlib import Path

from views.webbuild import build, sources_digest

FIGURES = Path(__file__).resolve().parents[1] / "artifacts" / "static-figures.json"
# Builds of other sources go after an hour: another worktree's session may be using its own build
# right now (a session reads it for minutes), and each one is some 47 MB.
STALE_SECONDS = 3_600
CACHE = Path(os.environ.get("COMPANION_SITE_CACHE", Path(tempfile.gettempdir()) / "companion-static-sites"))


# A build started in another process when the session began (see tests/conftest.py), so that it
# runs on the second core while the first one runs the other tests.
_background: subprocess.Popen[bytes] | None = None


def _ready(folder: Path) -> bool:
    return (folder / "flutter_service_worker.js").exists()


def build_in_background() -> None:
    """Start building the site in a child process unless today's build is kept already."""
    global _background
    if _background is None and not _ready(CACHE / sources_digest()):
        _background = subprocess.Popen(
            [sys.executable, "-c", "from tests.web.site import built_site; built_site()"],
            cwd=Path(__file__).resolve().parents[2], stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def end_background_build(interrupted: bool) -> None:
    """At a session's end: a build still running is left to finish (another worker may still need
    it), unless the session was cut short."""
    if _background is not None and _background.poll() is None:
        if interrupted:
            _background.kill()
        _background.wait()


@cache
def built_site() -> Path:
    digest = sources_digest()
    folder = CACHE / digest
    CACHE.mkdir(parents=True, exist_ok=True)
    # One build at a time on this machine (the background child, two test workers, two sessions):
    # whoever waited finds the build made meanwhile.
    with (CACHE / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _ready(folder):
            return folder
        work = Path(tempfile.mkdtemp(prefix=f"{digest}-", dir=CACHE))
        build(work / "site")
        with contextlib.suppress(OSError):  # another session got there first: its build is the same
            (work / "site").rename(folder)
        shutil.rmtree(work, ignore_errors=True)
    for older in CACHE.iterdir():  # builds of other sources, untouched for an hour
        if not older.name.startswith((digest, ".")) and time.time() - older.stat().st_mtime > STALE_SECONDS:
            shutil.rmtree(older, ignore_errors=True)
    return folder


def record_figures(figures: dict[str, object]) -> None:
    """Measured figures of the site, added to tests/artifacts/static-figures.json (the Node check
    and the browser test each write their own)."""
    FIGURES.parent.mkdir(exist_ok=True)
    try:
        kept = json.loads(FIGURES.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        kept = {}
    FIGURES.write_text(json.dumps({**kept, **figures}, ensure_ascii=False, indent=2), encoding="utf-8")
    print("\n" + "\n".join(f"{name}: {value}" for name, value in figures.items()))
