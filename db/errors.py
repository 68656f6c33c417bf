"""What the store refuses, as exceptions that carry a message id and its parameters.

Mirrors `companion.errors`: the store never formats text for a player. Each error has a
`message_id` (a key of the `store.*` catalogue in `companion/i18n/<lang>/store.json`) and
`params`; `message(lang)` renders it, and `str(error)` is an English sentence for logs.
The views can also pick a reaction by error type (`UnknownPlayer`, `MatchNotActive`, ...).
"""

from __future__ import annotations

from typing import Any, ClassVar


class StoreError(Exception):
    """Base class of everything the store refuses or cannot do."""

    message_id: ClassVar[str] = "store.error"

    def __init__(self, **params: Any) -> None:
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        from companion.i18n import t

        return t(self.message_id, lang, **self.params)


# -- players ------------------------------------------------------------------
class UnknownPlayer(StoreError):
    message_id = "store.unknown_player"  # player_id


class EmptyName(StoreError):
    message_id = "store.empty_name"


class InvisibleName(EmptyName):
    """A name with nothing to see: only invisible characters (a zero-width space, a BOM, NUL)."""

    message_id = "store.invisible_name"


class NameTooLong(StoreError):
    message_id = "store.name_too_long"  # name, max


class DuplicateName(StoreError):
    message_id = "store.duplicate_name"  # name


class BadColour(StoreError):
    message_id = "store.bad_colour"  # colour


class PlayerArchived(StoreError):
    message_id = "store.player_archived"  # player_id, name


# -- matches ------------------------------------------------------------------
class UnknownMatch(StoreError):
    message_id = "store.unknown_match"  # match_id


class MatchGone(UnknownMatch):
    """The match a screen was showing is no longer there (deleted, on this or another screen):
    nothing was stored, and its id is never given to another match."""

    message_id = "store.match_gone"  # match_id


class LogNotStored(StoreError):
    """A finished match known by its result only (it came by match code): there is no log to
    play on from, so it opens as its record."""

    message_id = "store.log_not_stored"  # match_id


class GameNotPlayable(StoreError):
    """A game this app cannot play (unknown here, or not built into this version)."""

    message_id = "store.unknown_game"  # game, games


class BadVariant(StoreError):
    message_id = "store.bad_variant"  # variant, max


class BadSetup(StoreError):
    """The game refused the set-up; its own refusal (with its rule) is kept to be shown
    in the player's language."""

    message_id = "store.bad_setup"  # game, detail

    def __init__(self, game: str, refusal: Any) -> None:
        self.refusal = refusal
        super().__init__(game=game)

    def message(self, lang: str = "en") -> str:
        from companion.i18n import error_text, t

        return t(self.message_id, lang, game=t(f"game.{self.params['game']}", lang),
                 detail=error_text(self.refusal, lang))


class NoSeats(StoreError):
    message_id = "store.no_seats"


class BadSeat(StoreError):
    message_id = "store.bad_seat"  # seat


class DuplicateSeat(StoreError):
    message_id = "store.duplicate_seat"  # seat


class PlayerSeatedTwice(StoreError):
    message_id = "store.player_seated_twice"  # player_id, name


class UnknownSeat(StoreError):
    message_id = "store.unknown_seat"  # match_id, seat


class BadTeam(StoreError):
    message_id = "store.bad_team"  # seat, team


class BadScore(StoreError):
    message_id = "store.bad_score"  # seat, score


class BadPlacing(StoreError):
    message_id = "store.bad_placing"  # seat, placing


class NotJson(StoreError):
    """A setup, action or result that would not come back from JSON as it went in."""

    message_id = "store.not_json"  # field


class MatchNotActive(StoreError):
    """The match is over: no more entries, no second finish. See `for_status`."""

    message_id = "store.match_not_active"  # match_id, status

    def __init__(self, match_id: int, status: str) -> None:
        self.match_id = match_id
        self.status = status
        super().__init__(match_id=match_id, status=status)

    @staticmethod
    def for_status(match_id: int, status: str) -> MatchNotActive:
        kind = {"finished": MatchFinished, "abandoned": MatchAbandoned}.get(status, MatchNotActive)
        return kind(match_id, status)


class MatchFinished(MatchNotActive):
    message_id = "store.match_finished"  # match_id


class MatchAbandoned(MatchNotActive):
    message_id = "store.match_abandoned"  # match_id


# -- the event log ------------------------------------------------------------
class StaleWrite(StoreError):
    """Another screen wrote to the match after this one last looked: nothing was stored."""

    message_id = "store.stale_write"  # match_id, seen, current


class UnknownKind(StoreError):
    message_id = "store.unknown_kind"  # kind, kinds


class BadEntry(StoreError):
    message_id = "store.bad_entry"  # kind, fields


class MissingAction(StoreError):
    message_id = "store.missing_action"


class CorruptMatch(StoreError):
    """A stored match whose setup or result cannot be read back."""

    message_id = "store.corrupt_match"  # match_id, field


class CorruptEvent(StoreError):
    """A stored event row that cannot be read back; names the match and the seq."""

    message_id = "store.corrupt_event"  # match_id, seq

    def __init__(self, match_id: int, seq: int, **params: Any) -> None:
        self.match_id = match_id
        self.seq = seq
        super().__init__(match_id=match_id, seq=seq, **params)


class EventBadJson(CorruptEvent):
    message_id = "store.event_bad_json"  # match_id, seq


class EventUnknownKind(CorruptEvent):
    message_id = "store.event_unknown_kind"  # match_id, seq, kind


class EventWithoutAction(CorruptEvent):
    message_id = "store.event_without_action"  # match_id, seq


class EventMissing(CorruptEvent):
    message_id = "store.event_missing"  # match_id, seq


# -- the database itself ------------------------------------------------------
class CannotOpen(StoreError):
    message_id = "store.cannot_open"  # location, detail


class DatabaseFailed(StoreError):
    """The database itself failed (locked, disk full, a constraint): nothing was written."""

    message_id = "store.database_error"  # detail


class DatabaseDamaged(StoreError):
    """The database file is damaged (broken pages): where it is, and how to recover."""

    message_id = "store.damaged"  # location, detail


class ReadOnlyStore(StoreError):
    """The database can only be read (its file or folder is read-only): nothing is written.
    `reason` is "file", "folder" or "url" (db.engine.read_only_reason), or the driver's words."""

    message_id = "store.read_only"  # location, reason

    def message(self, lang: str = "en") -> str:
        from companion.i18n import t

        reason = str(self.params.get("reason"))
        if reason in READ_ONLY_REASONS:
            reason = t(f"read_only.{reason}", lang)
        return t(self.message_id, lang, **{**self.params, "reason": reason})


READ_ONLY_REASONS = ("file", "folder", "url")


class ReadOnlyOutdated(ReadOnlyStore):
    """A read-only database that an older version wrote: it must be updated before it is read."""

    message_id = "store.read_only_outdated"  # location, reason


class NewerDatabase(StoreError):
    """The database was written by a newer version of the app (unknown revision)."""

    message_id = "store.newer_database"  # location, revision
