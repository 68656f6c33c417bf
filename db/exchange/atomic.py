"""A file that appears complete or not at all: written next to its place, renamed over it."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import IO, Any


class replaced_atomically:
    """A file written next to `path` and renamed over it only when complete."""

    def __init__(self, path: Path, binary: bool = False) -> None:
        self.path = path
        self.binary = binary

    def __enter__(self) -> IO[Any]:
        handle, self.temporary = tempfile.mkstemp(
            prefix=f".{self.path.name}.", suffix=".part", dir=self.path.parent or Path(".")
        )
        if self.binary:
            self.out: IO[Any] = os.fdopen(handle, "wb", buffering=1 << 20)
        else:
            self.out = os.fdopen(handle, "w", encoding="utf-8", newline="")
        return self.out

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        self.out.close()
        if kind is None:
            os.replace(self.temporary, self.path)
        else:
            os.unlink(self.temporary)
