"""Running a real `companion referee` process on raw lines, and checking what it answers."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
CODES = {"bad_json", "bad_request", "unknown_game", "unknown_op", "bad_position", "illegal_move", "game_over",
         "unsupported"}


@dataclass(frozen=True)
class Run:
    status: int
    answers: list[bytes]  # each line as written, newline removed
    stderr: str
    peak_rss_kib: int


def _strict_constant(word: str) -> Any:
    raise ValueError(f"{word} is not JSON")


def strict_json(line: bytes) -> dict[str, Any]:
    """One answer read as a strict client would: UTF-8, then JSON with no NaN or Infinity."""
    answer: dict[str, Any] = json.loads(line.decode("utf-8"), parse_constant=_strict_constant)
    return answer


def check_answer(line: bytes) -> dict[str, Any]:
    """The answer, after checking it is one well-formed protocol answer and no internal error."""
    answer = strict_json(line)
    assert isinstance(answer.get("ok"), bool), line[:300]
    if not answer["ok"]:
        error = answer["error"]
        assert error["code"] in CODES and isinstance(error["message"], str) and error["message"], line[:300]
        assert "internal error" not in error["message"], line[:300]
    return answer


def referee(lines: Iterable[bytes], env: Mapping[str, str] | None = None, timeout: float = 300) -> Run:
    """Feed `lines` (each without its newline) to a fresh referee process and collect everything
    it writes. The input is written from a thread, so a huge stream cannot deadlock the pipes."""
    proc = subprocess.Popen([sys.executable, "-m", "companion", "referee"], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, **(env or {})})
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None

    def feed() -> None:
        try:
            for line in lines:
                proc.stdin.write(line + b"\n")  # type: ignore[union-attr]
        except BrokenPipeError:
            pass  # the process died; the checks below say so
        finally:
            proc.stdin.close()  # type: ignore[union-attr]

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    errors: list[bytes] = []
    reader = threading.Thread(target=lambda: errors.append(proc.stderr.read()), daemon=True)  # type: ignore[union-attr]
    reader.start()
    out = proc.stdout.read()
    writer.join(timeout)
    reader.join(timeout)
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    answers = out.split(b"\n")
    assert answers.pop() == b"", "the last answer does not end its line"
    return Run(proc.returncode, answers, b"".join(errors).decode("utf-8", "replace"), usage.ru_maxrss)
