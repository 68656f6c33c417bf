"""Exceptions that carry a protocol error code, a rule id and a translatable message.

The engine never formats player-facing text itself: it raises with a message id and
parameters, and the translation layer (`companion.i18n`) turns that into a sentence in
the player's language. The referee protocol uses English.
"""

from __future__ import annotations

from typing import Any


class RefereeError(Exception):
    """Base class: something the referee refuses. `code` is the protocol error code."""

    code = "bad_request"

    def __init__(self, message_id: str, rule: str | None = None, **params: Any) -> None:
        self.message_id = message_id
        self.rule = rule
        self.params = params
        super().__init__(message_id)

    def __str__(self) -> str:
        # Built only when asked for (most refusals are only turned into JSON); a parameter
        # that cannot be shown (an integer too long to print) must not make this fail.
        try:
            return f"{self.message_id} {self.rule or ''} {self.params}".replace("  ", " ").strip()
        except ValueError:
            return f"{self.message_id} {self.rule or ''}".strip()

    def message(self, lang: str = "en") -> str:
        from companion.i18n import error_text

        return error_text(self, lang)

    def to_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code}
        if self.rule:
            error["rule"] = self.rule
        error["message"] = self.message("en")
        return error


class BadJson(RefereeError):
    code = "bad_json"


class BadRequest(RefereeError):
    code = "bad_request"


class UnknownGame(RefereeError):
    code = "unknown_game"


class UnknownOp(RefereeError):
    code = "unknown_op"


class BadPosition(RefereeError):
    code = "bad_position"


class IllegalMove(RefereeError):
    code = "illegal_move"


class GameOver(RefereeError):
    code = "game_over"


class Unsupported(RefereeError):
    code = "unsupported"
