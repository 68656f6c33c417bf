"""A game is its own folders and one registration line: the commit that added Pig shows it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUBJECT = "Pig, a small dice game added through the seam"


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def test_adding_pig_touched_only_its_own_files_and_one_registration_line():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the history that shows the seam is not here")
    commits = git("log", "--format=%H", f"--grep={SUBJECT}", "--fixed-strings").split()
    if not commits:
        pytest.skip("a shallow clone without the commit that added Pig")
    numstat = git("show", "--numstat", "--format=", commits[-1]).splitlines()
    changes = {path: (int(added), int(removed)) for added, removed, path in (line.split("\t") for line in numstat)}
    outside = {path for path in changes if not ("/pig/" in path or path.endswith(("/pig.json", "/pig_ui.json")))}
    assert outside == {"companion/games.py"}
    assert changes["companion/games.py"] == (1, 0)  # the one registration line
