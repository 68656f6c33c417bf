"""The linter and the type checker run with the test suite, so CI fails on what they find.

Their settings live in pyproject.toml ([tool.ruff], [tool.mypy]: strict on companion/ and db/).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_tool(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


def report(done: subprocess.CompletedProcess[str]) -> str:
    return f"`{' '.join(done.args[1:])}` exited {done.returncode}:\n{done.stdout}\n{done.stderr}"


def test_ruff_finds_nothing() -> None:
    done = run_tool("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, report(done)


def test_mypy_strict_finds_nothing() -> None:
    """About 30 s from a cold cache (a fresh checkout), a few seconds after that."""
    done = run_tool("mypy")
    assert done.returncode == 0, report(done)
