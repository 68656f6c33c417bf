"""`companion referee`: the JSON-lines referee protocol (docs/protocol.md).

One JSON request per line in, exactly one JSON response per line out, in order, flushed
after each. A bad line gets an error response and the next line is served as usual;
nothing a client sends can stop the loop:

- lines are read as bytes, at most `MAX_LINE_BYTES` each (a longer one is answered and
  skipped without being held in memory), and decoded as strict UTF-8, so no locale and no
  invalid byte can stop the reading;
- a string holding a lone UTF-16 surrogate (`"\\ud800"`) is no text: the line is `bad_json`;
- every answer is encoded before it is written; one that cannot be (a bug) is replaced by an
  internal-error answer, so each answer is one line of valid UTF-8 JSON;
- a reader that goes away (`companion referee | head -1`) ends the loop quietly.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping
from typing import IO, Any

from companion.errors import BadJson, BadRequest, RefereeError, UnknownGame, UnknownOp
from companion.games import ids, load

Op = Callable[[Mapping[str, Any]], dict[str, Any]]

MAX_LINE_BYTES = 1 << 20  # 1 MiB: hundreds of times the largest request a table can make

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # json.loads has already joined every valid pair
# NaN and Infinity are not JSON: never written (a bug then answers an internal error), and
# refused when read (the hook runs only for those words, so it costs ordinary lines nothing).
_encode = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode


class _NotANumber(ValueError):
    pass


def _no_constant(word: str) -> Any:
    raise _NotANumber(word)


_decode = json.JSONDecoder(parse_constant=_no_constant).decode


def game_ops() -> dict[str, dict[str, Op]]:
    """Each playable game's ops, from its `GAME` record (companion/games.py)."""
    from companion.games import games

    return {game.id: dict(game.ops) for game in games().values()}


def _ops(game: str) -> Mapping[str, Op] | None:
    """The ops of `game`, or None if no game has that id. Only that game's package is loaded,
    so a stream of one game does not pay for importing the others."""
    found = load(game)
    return None if found is None else found.ops


def handle(request: Any) -> dict[str, Any]:
    """The response to one decoded request."""
    try:
        if not isinstance(request, dict):
            raise BadRequest("protocol.not_an_object")
        if "game" not in request:
            raise BadRequest("protocol.missing_field", field="game")
        if "op" not in request:
            raise BadRequest("protocol.missing_field", field="op")
        game, op = request["game"], request["op"]
        ops = _ops(game) if isinstance(game, str) else None
        if ops is None:
            raise UnknownGame("protocol.unknown_game", game=_shown(game), games=", ".join(ids()))
        serve_op = ops.get(op) if isinstance(op, str) else None
        if serve_op is None:
            raise UnknownOp("protocol.unknown_op", op=_shown(op), game=game, ops=", ".join(sorted(ops)))
        return {"ok": True, **serve_op(request)}
    except RefereeError as error:
        return {"ok": False, "error": error.to_json()}


def _shown(value: Any) -> str:
    """A value from the request as it reads in a message, cut short."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 80 else text[:77] + "..."


def _refused(error: RefereeError) -> dict[str, Any]:
    return {"ok": False, "error": error.to_json()}


def _internal(exc: BaseException) -> dict[str, Any]:
    """The answer to a line that met a bug: said so, in ASCII (the bug's text may hold anything)."""
    try:
        what = ascii(exc)[:200]
    except Exception:  # a repr that fails too (an integer too long to print)
        what = type(exc).__name__
    return {"ok": False, "error": {"code": "bad_request", "message": f"internal error while serving this line: {what}"}}


def _holds_lone_surrogate(value: Any) -> bool:
    """Whether any string in `value` (keys included) holds a lone surrogate; a loop, not a
    recursion, since json.loads reads nesting nearly as deep as the recursion limit."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            if _LONE_SURROGATE.search(item) is not None:
                return True
        elif isinstance(item, dict):
            pending.extend(item)
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


def handle_line(line: str) -> dict[str, Any]:
    """The response to one raw line (without its newline)."""
    if not line or line.isspace():
        return _refused(BadJson("protocol.blank_line"))
    try:
        request = _decode(line)
    except json.JSONDecodeError as exc:
        return _refused(BadJson("protocol.bad_json", detail=str(exc)[:120]))
    except _NotANumber as exc:
        return _refused(BadJson("protocol.not_a_number", word=str(exc)))
    except ValueError:  # json's only other refusal: an integer too long to read (over 4,300 digits)
        return _refused(BadJson("protocol.number_too_long"))
    except RecursionError:
        return _refused(BadJson("protocol.too_deep"))
    # A lone surrogate can only come from a \u escape (strict UTF-8 has none), or from a caller
    # that passes text it built itself: the walk runs only then.
    if ("\\u" in line or not line.isascii()) and _holds_lone_surrogate(request):
        return _refused(BadJson("protocol.lone_surrogate"))
    try:
        return handle(request)
    except Exception as exc:  # a bug must not end the session; say so and go on
        return _internal(exc)


def handle_bytes(raw: bytes) -> dict[str, Any]:
    """The response to one line as read (without its newline): UTF-8 or `bad_json`."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        return _refused(BadJson("protocol.not_utf8", byte=f"0x{raw[exc.start]:02x}", offset=exc.start))
    return handle_line(line)


def answer(response: dict[str, Any]) -> bytes:
    """`response` as one line of UTF-8 JSON, newline included; a response that cannot be
    written so (a bug let a lone surrogate or a huge number through) becomes an internal error."""
    try:
        return (_encode(response) + "\n").encode("utf-8")
    except Exception as exc:
        return (json.dumps(_internal(exc), separators=(",", ":")) + "\n").encode("ascii")



def read_lines(stream: IO[bytes]) -> Iterator[bytes | None]:
    """Each line of `stream` without its line ending, or None for a line longer than
    `MAX_LINE_BYTES` (read past in pieces, never held whole)."""
    while True:
        raw = stream.readline(MAX_LINE_BYTES + 1)
        if not raw:
            return
        if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(MAX_LINE_BYTES)
            yield None
            continue
        if raw.endswith(b"\n"):
            raw = raw[:-2] if raw.endswith(b"\r\n") else raw[:-1]
        elif raw.endswith(b"\r"):
            raw = raw[:-1]
        yield raw


def serve(stdin: IO[bytes] | IO[str] | None = None, stdout: IO[bytes] | IO[str] | None = None) -> int:
    """Serve requests until end of input, or until the reader goes away. Returns 0.

    The standard streams are used as bytes; text streams (a test's `io.StringIO`) are taken too."""
    if stdin is None:
        stdin = sys.stdin.buffer
    elif isinstance(stdin, io.TextIOBase):
        stdin = io.BytesIO(stdin.read().encode("utf-8", "surrogatepass"))
    if stdout is None:
        stdout = sys.stdout.buffer
    elif isinstance(stdout, io.TextIOBase):
        return _serve_text(stdin, stdout)  # type: ignore[arg-type]
    return _serve(stdin, stdout)  # type: ignore[arg-type]


def _serve_text(stdin: IO[bytes], stdout: IO[str]) -> int:
    out = io.BytesIO()
    _serve(stdin, out)
    stdout.write(out.getvalue().decode("utf-8"))
    return 0


def _serve(stdin: IO[bytes], stdout: IO[bytes]) -> int:
    too_long = _refused(BadJson("protocol.line_too_long", most=MAX_LINE_BYTES))
    try:
        for raw in read_lines(stdin):
            stdout.write(answer(too_long if raw is None else handle_bytes(raw)))
            stdout.flush()
    except BrokenPipeError:
        _quiet_stdout(stdout)
    return 0


def _quiet_stdout(stdout: IO[bytes]) -> None:
    """The reader has gone: point the standard output at nothing, so that Python's own flush
    at exit does not fail again and print a traceback."""
    if stdout is sys.stdout.buffer:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
