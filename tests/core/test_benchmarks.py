"""The benchmark script runs: every figure is measured once on a small input (`--smoke`).

Only that it runs and prints each figure is checked here; how fast is read from a full run
(`python -m benchmarks`), never asserted in a test."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from benchmarks import figures

ROOT = Path(__file__).resolve().parents[2]


def test_every_figure_runs_in_a_smoke_pass() -> None:
    done = subprocess.run([sys.executable, "-m", "benchmarks", "--smoke"], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    for figure in figures():
        line = next((line for line in done.stdout.splitlines() if line.startswith(figure.name)), None)
        assert line is not None and line.rstrip().endswith("smoke"), f"{figure.name} not measured:\n{done.stdout}"
