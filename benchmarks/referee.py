"""The referee's throughput: a whole `companion referee` process on each recorded stream.

The streams (10,000 requests per game: legal play, mid-game positions, a quarter Quacks
`evaluate`, and bad lines) are kept gzipped in `benchmarks/streams/`.

The project's byte code is compiled first, as a program runs once it is installed: where
Python is told not to write it (PYTHONDONTWRITEBYTECODE), every start would otherwise compile
the project's sources again, about 30 ms that no installed referee spends.
"""

from __future__ import annotations

import compileall
import gzip
import subprocess
import sys
from functools import cache
from pathlib import Path

from benchmarks import Figure, median_time, scratch_folder

STREAMS = Path(__file__).parent / "streams"
SMOKE_LINES = 200


@cache
def stream_file(game: str, smoke: bool) -> Path:
    """The stream unpacked into a temporary file (the smoke run takes its first lines only)."""
    data = gzip.decompress((STREAMS / f"{game}.jsonl.gz").read_bytes())
    if smoke:
        data = b"".join(data.splitlines(keepends=True)[:SMOKE_LINES])
    path = scratch_folder(game) / f"{game}.jsonl"
    path.write_bytes(data)
    return path


@cache
def compiled() -> None:
    """The project's byte code written beside its sources (what an install or a first run does)."""
    import companion

    compileall.compile_dir(Path(companion.__file__).parent, quiet=1)


def serve(path: Path) -> None:
    compiled()
    with path.open("rb") as requests:
        done = subprocess.run([sys.executable, "-m", "companion", "referee"], stdin=requests,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"companion referee exited {done.returncode}: {done.stderr.decode(errors='replace')}")


def referee_figure(game: str, target: float) -> Figure:
    def measure(smoke: bool) -> float:
        return median_time(lambda: serve(stream_file(game, smoke)), repeat=1 if smoke else 5)

    return Figure(f"referee: {game}.jsonl (10,000 lines, whole process)", target, "s", measure,
                  "median of 5 runs of `companion referee < stream`, byte code compiled")


FIGURES = (  # Quacks' figure is in benchmarks/quacks.py, with its others
    referee_figure("senet", 0.45),
    referee_figure("parchis", 0.50),
    referee_figure("cavasie", 2.0),
)
