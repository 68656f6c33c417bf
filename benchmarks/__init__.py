"""Speed figures, each with its target: `python -m benchmarks` prints them all.

Every module here that defines `FIGURES` (a sequence of `Figure`) is found and run; a new area
adds its own module and touches nothing else. `--smoke` runs each figure once on a small input,
to prove it still runs (CI does that); the timings themselves are read from a full run.
"""

from __future__ import annotations

import atexit
import importlib
import pkgutil
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Figure:
    """One measured figure. `measure(smoke)` returns the value in `unit`; lower is better."""

    name: str
    target: float
    unit: str  # "s", "ms", "MB" ...
    measure: Callable[[bool], float]
    note: str = ""  # what is measured, in a few words


def scratch_folder(prefix: str) -> Path:
    """A temporary folder for a measurement's files, removed when the process ends."""
    folder = Path(tempfile.mkdtemp(prefix=f"companion-bench-{prefix}-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def median_time(run: Callable[[], object], repeat: int, scale: float = 1.0) -> float:
    """The median wall-clock time of `repeat` calls of `run`, times `scale` (1000 for ms)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * scale


def figures(names: Sequence[str] = ()) -> Iterator[Figure]:
    """Every figure of every module in this package, or those whose name contains one of `names`."""
    for module in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if module.name.startswith("_"):
            continue
        found: Sequence[Figure] = getattr(importlib.import_module(f"{__name__}.{module.name}"), "FIGURES", ())
        for figure in found:
            if not names or any(name in figure.name for name in names):
                yield figure
