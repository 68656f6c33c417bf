"""`companion referee`: the JSON-lines referee protocol (docs/protocol.md).

One JSON request per line in, exactly one JSON response per line out, in order, flushed
after each. A bad line gets an error response and the next line is served as usual;
nothing a client sends can stop the loop.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import IO, Any

from companion.errors import BadJson, BadRequest, RefereeError, UnknownGame, UnknownOp

Op = Callable[[Mapping[str, Any]], dict[str, Any]]


def game_ops() -> dict[str, dict[str, Op]]:
    """Each playable game's ops, from its `GAME` record (companion/games.py)."""
    from companion.games import games

    return {game.id: dict(game.ops) for game in games().values()}


def _ops() -> dict[str, dict[str, Op]]:
    return game_ops()  # the registry itself is cached; a test game registered later is seen


def handle(request: Any) -> dict[str, Any]:
    """The response to one decoded request."""
    try:
        if not isinstance(request, dict):
            raise BadRequest("protocol.not_an_object")
        for field in ("game", "op"):
            if field not in request:
                raise BadRequest("protocol.missing_field", field=field)
        game, op = request["game"], request["op"]
        ops = _ops()
        if not isinstance(game, str) or game not in ops:
            raise UnknownGame("protocol.unknown_game", game=json.dumps(game, ensure_ascii=False),
                              games=", ".join(sorted(ops)))
        if not isinstance(op, str) or op not in ops[game]:
            raise UnknownOp("protocol.unknown_op", op=json.dumps(op, ensure_ascii=False),
                            game=game, ops=", ".join(sorted(ops[game])))
        response = ops[game][op](request)
        return {"ok": True, **response}
    except RefereeError as error:
        return {"ok": False, "error": error.to_json()}


def handle_line(line: str) -> dict[str, Any]:
    """The response to one raw line (without its newline)."""
    if not line.strip():
        return {"ok": False, "error": BadJson("protocol.blank_line").to_json()}
    try:
        request = json.loads(line)
    except (ValueError, RecursionError) as exc:
        return {"ok": False, "error": BadJson("protocol.bad_json", detail=str(exc)[:120]).to_json()}
    try:
        return handle(request)
    except Exception as exc:  # a bug must not end the session; say so and go on
        error = {"code": "bad_request", "message": f"internal error while serving this line: {exc!r}"}
        return {"ok": False, "error": error}


def serve(stdin: IO[str] | None = None, stdout: IO[str] | None = None) -> int:
    """Serve requests until end of input. Returns the exit status (0)."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    for raw in stdin:
        response = handle_line(raw.rstrip("\r\n"))
        stdout.write(json.dumps(response, ensure_ascii=False, separators=(",", ":")) + "\n")
        stdout.flush()
    return 0
