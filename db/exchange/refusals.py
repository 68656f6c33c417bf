"""What an import refuses, as store errors that carry a message id (the `exchange.*`
catalogue): a file or code refused leaves the database exactly as it was."""

from __future__ import annotations

from typing import ClassVar

from db import errors


class ExchangeError(errors.StoreError):
    """A file or code that cannot be imported; nothing was written."""

    message_id: ClassVar[str] = "exchange.refused"


class FileUnreadable(ExchangeError):
    message_id = "exchange.unreadable"  # detail


class NotJsonFile(ExchangeError):
    message_id = "exchange.not_json"  # line, column


class NotAnExport(ExchangeError):
    message_id = "exchange.not_an_export"


class NewerExport(ExchangeError):
    message_id = "exchange.newer_version"  # version, supported


class DigestMissing(ExchangeError):
    message_id = "exchange.digest_missing"


class DigestMismatch(ExchangeError):
    message_id = "exchange.digest_mismatch"


class BadField(ExchangeError):
    """A field of the file is missing or wrong; `where` is its path, e.g. matches[3].seats[0].score."""

    message_id = "exchange.bad_field"  # where, expected (itself a message id)

    def message(self, lang: str = "en") -> str:
        from companion.i18n import t

        params = dict(self.params)
        params["expected"] = t(str(params.get("expected", "")), lang)
        return t(self.message_id, lang, **params)


class UnknownPlayerName(ExchangeError):
    message_id = "exchange.unknown_player"  # where, name


class DuplicateUid(ExchangeError):
    message_id = "exchange.duplicate_uid"  # uid


class DuplicatePlayer(ExchangeError):
    message_id = "exchange.duplicate_player"  # name


class LogOutOfOrder(ExchangeError):
    message_id = "exchange.log_out_of_order"  # where


class TooDeep(ExchangeError):
    message_id = "exchange.too_deep"  # where, most


class BadNumber(ExchangeError):
    message_id = "exchange.bad_number"  # number (its first digits)


class BadText(ExchangeError):
    message_id = "exchange.bad_text"  # where


class UnknownGameInFile(ExchangeError):
    message_id = "exchange.unknown_game"  # where, game, games


class _GameRefusal(ExchangeError):
    """The game itself refused part of a match; its own refusal (with its rule) is kept to be
    shown in the reader's language."""

    def __init__(self, refusal: object = None, **params: object) -> None:
        self.refusal = refusal
        super().__init__(**params)

    def message(self, lang: str = "en") -> str:
        from companion.errors import RefereeError
        from companion.i18n import error_text, t

        detail = error_text(self.refusal, lang) if isinstance(self.refusal, RefereeError) else str(self.refusal)
        return t(self.message_id, lang, **{**self.params, "detail": detail})


class SetupRefused(_GameRefusal):
    message_id = "exchange.setup_refused"  # where, detail


class LogRefused(_GameRefusal):
    message_id = "exchange.log_refused"  # where, seq, detail


class Disagrees(ExchangeError):
    """What a match says of itself (its status, result, scores or placings) is not what
    replaying its log gives."""

    message_id = "exchange.disagrees"  # where


class NoLog(ExchangeError):
    """A finished match without its log that did not come by match code."""

    message_id = "exchange.no_log"  # where


class NotFinished(ExchangeError):
    """Only a finished match has a match code."""

    message_id = "exchange.not_finished"  # match_id


# Words for BadField's `expected`, each its own message id so that both languages have them.
EXPECTED = ("object", "list", "text", "name", "whole", "seat", "placing", "bool", "time",
            "colour", "uid", "game", "variant", "status", "kind", "seats", "finish", "players")
